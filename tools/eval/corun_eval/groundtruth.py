# SPDX-License-Identifier: GPL-2.0
"""HSM's ground truth (Section 5): each job's statistics from its first
run in the co-run, against a private (alone) run of the same instruction
count.

A co-run job's first run retires N thread instructions in T_shared
cycles: to its first completion, or over the whole co-run if it never
completes. The alone run of the same workload records its progress curve
(corun-sim --progress: thread instructions every PROGRESS_INTERVAL
cycles and at the end of every run), and T_alone(N) is read off it
(t_alone()). NP = T_alone(N) / T_shared. An alone run that never reached
N gives no ground truth: the cell fails with the reason, it is never
clamped.

The predicted NP compared with it is the model's over the same first run
(the estimates summed to the first completion, est_alone_cycles /
est_covered_cycles), or over the whole co-run when the job never
completed, which is then the same window.
"""

import math

from . import metrics

SAME_CYCLES = 'same-cycles'
SAME_INSTRUCTIONS = 'same-instructions'
GROUND_TRUTHS = (SAME_CYCLES, SAME_INSTRUCTIONS)
# corun-sim --progress: the alone runs' sample interval in cycles. An
# interpolated T_alone is within one interval of the truth; at a run's
# end it is exact.
PROGRESS_INTERVAL = 1000

NAN = float('nan')
# (the co-run job's field, the first run's estimate) per model prediction
PREDICTED = {'norm_progress_predicted': 'est_alone_cycles',
	     'norm_progress_predicted_uncapped': 'est_alone_uncapped'}


class GroundTruthError(Exception):
	"""Why a job has no same-instruction NP."""


def _progress(job, what):
	p = job.get('progress')
	if p is None:
		raise GroundTruthError(f'{what} has no progress curve (corun-sim '
				       '--progress; run it again with this corun-eval)')
	return p


def first_run(job, corun_cycles):
	"""(N, T_shared, completed) of a co-run job's first run: its thread
	instructions and cycles to its first completion, or over the whole
	co-run (corun_cycles) if it never completed."""
	runs = _progress(job, 'the co-run')['runs']
	if runs:
		return runs[0]['thread_insns'], runs[0]['cycle'], True
	return job['thread_insns'], corun_cycles, False


def curve(alone):
	"""An alone run's exact points (cycle, thread instructions) in cycle
	order: the start, every sample, every run's end and the end of the
	run (its 'cycles' and 'thread_insns')."""
	p = _progress(alone, 'the alone run')
	iv = p['interval']
	pts = [(0, 0)]
	pts += [((k + 1) * iv, n) for k, n in enumerate(p['samples'])]
	pts += [(r['cycle'], r['thread_insns']) for r in p['runs']]
	pts.append((alone['cycles'], alone['thread_insns']))
	return sorted(pts)


def t_alone(points, n):
	"""The cycles the alone run took to retire n thread instructions: the
	cycle of the first point with n or more, linearly interpolated
	between it and the point before it (exact at a point, such as a run's
	end). Raises GroundTruthError if the run never retired n."""
	if n <= 0:
		return 0.0
	prev = points[0]
	for c, i in points:
		if i >= n:
			return prev[0] + (n - prev[1]) * (c - prev[0]) / (i - prev[1])
		prev = (c, i)
	c, i = points[-1]
	raise GroundTruthError(f'the alone run retired {i} thread instructions in '
			       f'{c} cycles, fewer than the {n} of the first run '
			       'in the co-run: it is too short for ground-truth = '
			       'same-instructions (alone-runs = once runs one whole '
			       'run; or give the co-run fewer cycles)')


def job_np(alone, job, corun_cycles):
	"""{'np', 'insns', 't_shared', 't_alone', 'completed'} of one co-run
	job against its alone run (both corun-sim's JSON objects)."""
	n, ts, done = first_run(job, corun_cycles)
	if not ts:
		raise GroundTruthError('its first run took 0 cycles')
	ta = t_alone(curve(alone), n)
	return {'np': ta / ts, 'insns': n, 't_shared': ts, 't_alone': ta,
		'completed': done}


def first_run_prediction(job, field):
	"""The model's NP prediction (field of PREDICTED) over the job's
	first run; None without a model, NaN if it predicted nothing then."""
	if job.get(field) is None:
		return None
	runs = job['progress']['runs']
	if not runs:
		return job[field]
	est, cov = runs[0].get(PREDICTED[field], 0), runs[0].get('est_covered_cycles', 0)
	return est / cov if est and cov else NAN


def compute(alones, corun, qos_target=None):
	"""The metrics of a co-run (corun-sim's JSON 'corun' object) under
	this ground truth, its jobs' alone runs given in order (their JSON
	'alone' entries): ({metric: value}, {metric: why it is undefined}).
	Raises GroundTruthError, naming the job, if a job has no NP."""
	nps = []
	for k, (a, j) in enumerate(zip(alones, corun['jobs'])):
		try:
			nps.append(job_np(a, j, corun['cycles'])['np'])
		except GroundTruthError as e:
			raise GroundTruthError(f'job {k} ({j["workload"]}): {e}') from None
	out = metrics.compute_nps(nps)
	preds = {f: [first_run_prediction(j, f) for j in corun['jobs']] for f in PREDICTED}
	out.update(metrics.prediction_metrics(nps, preds, qos_target))
	why = {}
	for name, (field, _) in metrics.PREDICTION_METRICS.items():
		none = [k for k, p in enumerate(preds[field]) if p is not None and math.isnan(p)]
		if none:
			why[name] = (f'job {none[0]} ({corun["jobs"][none[0]]["workload"]}): '
				     'the model made no prediction during its first run')
	return out, why
