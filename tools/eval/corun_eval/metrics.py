# SPDX-License-Identifier: GPL-2.0
"""Multiprogram metrics from per-job normalized progress (NP), defined
as corun-sim defines them (tools/sim/metrics.c,
Documentation/tools/corun-sim.rst): STP = sum NP, harmonic speedup =
N / sum(1 / NP), ANTT = mean(1 / NP), fairness = min NP / max NP.

NP has two ground truths (GROUND_TRUTHS):
- same-cycles, corun-sim's: NP_k = IPC_shared / IPC_alone, both over the
  co-run's cycles (the test suite checks these against corun-sim's own
  report of a mix);
- same-instructions, HSM's (Section 5): each job's first run in the
  co-run retires N thread instructions in T_shared cycles (to its first
  completion, or the whole co-run if it never completes), and NP_k =
  T_alone(N) / T_shared, T_alone(N) read off the alone run's progress
  curve (corun-sim --progress; t_alone()).
"""

import math

NAN = float('nan')
INF = float('inf')


def np_(ipc_alone, ipc_shared):
	if ipc_alone is None or ipc_shared is None or not ipc_alone > 0 or \
	   not ipc_shared >= 0:
		return NAN
	return ipc_shared / ipc_alone


def slowdown(ipc_alone, ipc_shared):
	n = np_(ipc_alone, ipc_shared)
	if math.isnan(n):
		return NAN
	return ipc_alone / ipc_shared if ipc_shared > 0 else INF


def compute(ipc_alone, ipc_shared):
	"""{'stp', 'hspeedup', 'antt', 'fairness'}; all NaN if any job lacks
	an IPC (no alone run, or a job that did not run)."""
	return _from_nps([np_(a, s) for a, s in zip(ipc_alone, ipc_shared)],
			 [slowdown(a, s) for a, s in zip(ipc_alone, ipc_shared)])


def compute_nps(nps):
	"""compute() from each job's NP (NaN: unknown)."""
	return _from_nps(nps, [NAN if math.isnan(n) else 1 / n if n > 0 else INF
			       for n in nps])


def _from_nps(nps, sds):
	out = dict.fromkeys(('stp', 'hspeedup', 'antt', 'fairness'), NAN)
	if not nps or any(math.isnan(n) for n in nps):
		return out
	sum_sd = sum(sds)
	out['stp'] = sum(nps)
	out['hspeedup'] = 0.0 if math.isinf(sum_sd) else len(nps) / sum_sd
	out['antt'] = sum_sd / len(nps)
	out['fairness'] = min(nps) / max(nps) if max(nps) > 0 else 0.0
	return out


# corun-sim's oracles (tools/sim/oracle.h): searches over co-runs whose
# result holds two picks, "corun" (the best harmonic speedup) and
# "corun_ws" (the best weighted speedup, STP), reported separately as
# the CCBP paper reports CTA_oracle's.
ORACLES = ('cta-oracle', 'spatial-oracle')


def ws_pick_ipcs(result):
	"""IPC of each job in an oracle's best-STP co-run (from the counts,
	as the job rows), or None if the result has none."""
	co = (result or {}).get('corun_ws')
	if not co or not co.get('cycles'):
		return None
	return [j.get('thread_insns', 0) / co['cycles'] for j in co.get('jobs', [])]


def compute_run(policy, ipc_alone, ipc_shared, result):
	"""compute() of a co-run; for an oracle, STP is that of its best-STP
	pick and the other metrics those of its best-HS pick."""
	out = compute(ipc_alone, ipc_shared)
	if policy in ORACLES:
		ws = ws_pick_ipcs(result)
		out['stp'] = compute(ipc_alone, ws)['stp'] if ws else NAN
	return out


# Prediction metrics of the policies whose model predicts each job's NP
# (HSM's, DASE's: corun-sim's norm_progress_predicted and, for a model
# with a cap, norm_progress_predicted_uncapped). The error of job k is
# |NP^_k - NP_k| / NP_k, NP_k from the run's IPC over its alone run's,
# as HSM defines it (Section 5); a run's value is the mean of its jobs'
# errors (np-error) or their maximum (np-error-max). None: the policy
# predicts nothing, and the run does not count in the cell.
PREDICTION_METRICS = {'np-error': ('norm_progress_predicted', 'mean'),
		      'np-error-max': ('norm_progress_predicted', 'max'),
		      'np-error-uncapped': ('norm_progress_predicted_uncapped', 'mean'),
		      'np-error-uncapped-max': ('norm_progress_predicted_uncapped', 'max')}


def np_errors(nps, predicted):
	"""|predicted - NP| / NP per job; NaN where a job lacks its NP, None
	if no job has a prediction."""
	if all(p is None for p in predicted):
		return None
	out = []
	for n, p in zip(nps, predicted):
		out.append(NAN if p is None or math.isnan(n) or n <= 0 or math.isnan(p)
			   else abs(p - n) / n)
	return out


def predictions(result, field):
	"""Each co-run job's field (None where it is absent) from corun-sim's
	JSON."""
	return [j.get(field) for j in ((result or {}).get('corun') or {}).get('jobs', [])]


def qos_met(nps, target):
	"""1.0 if the first job (the one carrying the QoS target, 1/1024 of
	NP) reaches its target NP, 0.0 if not, NaN without its NP."""
	n = nps[0] if nps else NAN
	if math.isnan(n):
		return NAN
	return 1.0 if n >= target / 1024 else 0.0


def compute_predictions(ipc_alone, ipc_shared, result, qos_target=None):
	"""The PREDICTION_METRICS of a co-run (None for a policy without a
	model) and qos-met (None without a QoS target), same-cycles."""
	fields = {f for f, _ in PREDICTION_METRICS.values()}
	return prediction_metrics([np_(a, s) for a, s in zip(ipc_alone, ipc_shared)],
				  {f: predictions(result, f) for f in fields}, qos_target)


def prediction_metrics(nps, predicted, qos_target):
	"""The PREDICTION_METRICS and qos-met from each job's NP and the
	model's predictions ({field: [per job]})."""
	out = {}
	for name, (field, how) in PREDICTION_METRICS.items():
		errs = np_errors(nps, predicted[field])
		if errs is None:
			out[name] = None
		elif not errs or any(math.isnan(e) for e in errs):
			out[name] = NAN
		else:
			out[name] = sum(errs) / len(errs) if how == 'mean' else max(errs)
	out['qos-met'] = None if not qos_target else qos_met(nps, qos_target)
	return out


def geomean(values):
	"""Geometric mean; 0 if any value is 0, inf if any is inf, NaN if
	empty or any is negative or NaN."""
	vals = list(values)
	if not vals or any(math.isnan(v) or v < 0 for v in vals):
		return NAN
	if any(v == 0 for v in vals):
		return 0.0
	if any(math.isinf(v) for v in vals):
		return INF
	return math.exp(sum(math.log(v) for v in vals) / len(vals))


def fmt(v):
	"""As corun-sim prints a metric."""
	if v is None or math.isnan(v):
		return '-'
	if math.isinf(v):
		return 'inf'
	return f'{v:.4f}'
