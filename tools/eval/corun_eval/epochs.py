# SPDX-License-Identifier: GPL-2.0
"""The NP prediction error per epoch ([epochs NAME] sections,
Documentation/tools/corun-eval.rst, "Per-epoch prediction error").

A co-run run with --trace-policy and --progress holds, per job, the
slot's thread instructions at every epoch snapshot (progress.epochs[],
GPU cycles from the co-run's start, paired with the trace by the
snapshot's sequence number) and, in the policy trace, the prediction the
policy's decision at each snapshot made for the epoch it closes (np in
1/1024 and the class). For each snapshot e and job k:

- the window is the GPU cycles from the previous snapshot (the co-run's
  start for the first) to e, and I0, I1 the slot's thread instructions
  at its ends: every run of the job in the window, re-executions
  included, counted as one program's progress;
- the true NP is T_alone(I1) - T_alone(I0) over the window's cycles:
  the cycles the job's alone run (re-executed the same way) took from
  where the job was to where it got, read off its progress curve
  (groundtruth.t_alone(): exact at a run's end, else linear between the
  two samples around it). Where the job was is its run and the
  instructions into it (aligned()), so a re-execution in the window
  counts the alone run's re-execution at the same point;
- the predicted NP is the trace's np after the decision at e; a job with
  no prediction (class none) has none;
- the error is (predicted - true) / true.

The cycles after the last snapshot are closed by no prediction and are
left out. The first window (from the start to the first snapshot, the
short settling epoch after the jobs start) is listed but left out of the
means, as is any window whose alone run does not reach I1 (no ground
truth, never clamped).
"""

import math

from . import groundtruth
from .groundtruth import GroundTruthError

HSM_ONE = 1024		# the trace's np unit (1/1024)
NAN = float('nan')


class EpochError(Exception):
	"""Why a co-run's epochs cannot be measured."""


def predictions(trace, seqs):
	"""{snapshot seq: {slot: np or None}}: every slot's prediction right
	after the decision at each snapshot seq. A decision records only the
	slots it changed, so a slot's state is its last record's; a record
	of a job start or end carries the seq of the last snapshot and comes
	after that snapshot's decision."""
	state = {}
	out = {}
	want = sorted(seqs)
	i = 0
	for r in trace:
		while i < len(want) and (r['epoch'] > want[i] or
					 (r['epoch'] == want[i] and r['event'] != 'epoch')):
			out[want[i]] = dict(state)
			i += 1
		state[r['slot']] = (r['np'] / HSM_ONE if r['running'] and r['class'] != 'none'
				    else None)
	for s in want[i:]:
		out[s] = dict(state)
	return out


def aligned(alone, job, n):
	"""The alone run's instruction count at the point of its run that
	matches the co-run job's count n: the same run (the runs completed
	before n, by the co-run's run ends), as many instructions into it.
	A run's instructions may differ slightly between the two (pvc's
	do), so the runs are aligned at their starts, not by the total."""
	co = [r['thread_insns'] for r in job['progress']['runs']]
	al = [r['thread_insns'] for r in alone['progress']['runs']]
	done = sum(1 for e in co if e <= n)
	if not done:
		return n
	if done > len(al):
		raise GroundTruthError(f'the co-run job completed {done} runs by then, '
				       f'the alone run {len(al)} in {alone["cycles"]} '
				       'cycles: it is too short')
	return al[done - 1] + n - co[done - 1]


def windows(corun):
	"""[(seq, start cycle, end cycle, [(I0, I1) per job])] of the co-run's
	snapshots, from the jobs' progress.epochs[]."""
	eps = []
	for k, j in enumerate(corun['jobs']):
		p = j.get('progress')
		if p is None or 'epochs' not in p:
			raise EpochError(f'job {k} ({j["workload"]}): no epoch counts '
					 '(corun-sim --progress in a co-run)')
		eps.append(p['epochs'])
	if any([(e['epoch'], e['cycle']) for e in x] !=
	       [(e['epoch'], e['cycle']) for e in eps[0]] for x in eps):
		raise EpochError('the jobs\' epoch snapshots differ')
	out = []
	prev = (0, [0] * len(eps))
	for n, e in enumerate(eps[0]):
		ins = [x[n]['thread_insns'] for x in eps]
		out.append((e['epoch'], prev[0], e['cycle'], list(zip(prev[1], ins))))
		prev = (e['cycle'], ins)
	return out


def measure(alones, corun):
	"""The rows of one co-run (corun-sim's JSON 'corun' object, its jobs'
	alone runs in order): one per (snapshot, job), dicts with epoch,
	index (0 for the first window), start, end, cycles, job, workload,
	insns, alone_cycles, np_true, np_pred, error and why (why a value is
	missing, or ''). Raises EpochError if the co-run cannot be measured."""
	if 'policy_trace' not in corun:
		raise EpochError('no policy trace (corun-sim --trace-policy)')
	wins = windows(corun)
	pred = predictions(corun['policy_trace'], [w[0] for w in wins])
	curves = []
	for k, (a, j) in enumerate(zip(alones, corun['jobs'])):
		try:
			curves.append(groundtruth.curve(a))
		except GroundTruthError as e:
			raise EpochError(f'job {k} ({j["workload"]}): {e}') from None
	rows = []
	for n, (seq, c0, c1, ins) in enumerate(wins):
		for k, (j, (i0, i1)) in enumerate(zip(corun['jobs'], ins)):
			row = {'epoch': seq, 'index': n, 'start': c0, 'end': c1,
			       'cycles': c1 - c0, 'job': k, 'workload': j['workload'],
			       'insns': i1 - i0, 'alone_cycles': NAN, 'np_true': NAN,
			       'np_pred': pred[seq].get(j['slot']), 'error': NAN, 'why': ''}
			if row['np_pred'] is None:
				row['np_pred'] = NAN
				row['why'] = 'no prediction'
			try:
				a = alones[k]
				ta = groundtruth.t_alone(curves[k], aligned(a, j, i1)) - \
				     groundtruth.t_alone(curves[k], aligned(a, j, i0))
			except GroundTruthError as e:
				row['why'] = f'no ground truth: {e}'
				rows.append(row)
				continue
			row['alone_cycles'] = ta
			row['np_true'] = ta / row['cycles'] if row['cycles'] else NAN
			if not row['np_true']:
				row['why'] = row['why'] or 'no instruction in the window'
			elif not math.isnan(row['np_pred']):
				row['error'] = (row['np_pred'] - row['np_true']) / row['np_true']
			rows.append(row)
	return rows


def summary(rows):
	"""{job: (mean |error|, max |error|, windows)} over the windows after
	the first that have an error."""
	out = {}
	for k in sorted({r['job'] for r in rows}):
		e = [abs(r['error']) for r in rows if r['job'] == k and r['index'] > 0
		     and not math.isnan(r['error'])]
		out[k] = (sum(e) / len(e), max(e), len(e)) if e else (NAN, NAN, 0)
	return out


class EpochData:
	"""One [epochs] section's co-runs: [(mix label, policy, rows or None,
	why)] in the spec's order."""

	def __init__(self, spec, tier, section, config):
		self.spec = spec
		self.tier = tier
		self.section = section
		self.config = config
		self.runs = []


def collect(plan, res):
	"""[EpochData] of the plan's [epochs] sections, one per section and
	configuration."""
	out = []
	for sec in plan.spec.epochs:
		by_cfg = {}
		for c in plan.cells:
			if c.column not in sec.policies or c.category not in sec.categories:
				continue
			ed = by_cfg.get(c.config['id'])
			if ed is None:
				ed = by_cfg[c.config['id']] = EpochData(plan.spec, plan.tier, sec,
									c.config)
				out.append(ed)
			run = plan.runs[c.key]
			got = [res.get(k) for k in [c.key] + run.alone_keys]
			label = run.label + (f' (seed {c.seed})' if len(plan.tier.seeds) > 1 else '')
			if any(g is None for g in got):
				ed.runs.append((label, c.column, None, 'not run'))
			elif any(g['status'] != 'ok' for g in got):
				ed.runs.append((label, c.column, None, 'failed'))
			else:
				try:
					if not got[0].get('result') or \
					   any(not g.get('result') for g in got[1:]):
						raise EpochError('no progress curves in the results')
					rows = measure([g['result']['alone'][0] for g in got[1:]],
						       got[0]['result']['corun'])
					ed.runs.append((label, c.column, rows, ''))
				except EpochError as e:
					ed.runs.append((label, c.column, None, str(e)))
	return out


def _f(v, digits=3):
	return '-' if isinstance(v, float) and math.isnan(v) else f'{v:.{digits}f}'


def _pct(v):
	return '-' if math.isnan(v) else f'{100 * v:+.1f}%'


CSV_HEAD = ['mix', 'policy', 'epoch', 'start', 'end', 'cycles', 'job', 'workload',
	    'insns', 'alone_cycles', 'np_pred', 'np_true', 'error', 'why']


def csv_rows(ed):
	out = []
	for label, pol, rows, _ in ed.runs:
		for r in rows or []:
			out.append([label, pol] + [r[k] for k in CSV_HEAD[2:]])
	return out


def text(ed):
	"""Every co-run's windows, then the mean and maximum |error| per job."""
	lines = [f'{ed.spec.name} [{ed.tier.name}] {ed.section.name}: {ed.section.title} '
		 f'({ed.config["name"]})', '']
	for label, pol, rows, why in ed.runs:
		lines.append(f'  {label}, {pol}' + (f': {why}' if rows is None else ''))
		if rows is None:
			lines.append('')
			continue
		jobs = sorted({(r['job'], r['workload']) for r in rows})
		head = f'    {"epoch":>5} {"end":>9} {"cycles":>8}'
		for _, w in jobs:
			head += f' | {w[:10]:>10} pred   true    error'
		lines.append(head)
		for n in sorted({r['index'] for r in rows}):
			rs = [r for r in rows if r['index'] == n]
			s = f'    {rs[0]["epoch"]:>5} {rs[0]["end"]:>9} {rs[0]["cycles"]:>8}'
			for k, _ in jobs:
				r = next(x for x in rs if x['job'] == k)
				s += f' | {"":>10} {_f(r["np_pred"])}  {_f(r["np_true"])}  ' \
				     f'{_pct(r["error"]):>7}'
			lines.append(s + ('  (first)' if n == 0 else ''))
		for k, (mean, mx, cnt) in summary(rows).items():
			lines.append(f'    {jobs[k][1]}: |error| mean {_pct(mean)[1:]}, max '
				     f'{_pct(mx)[1:]} over {cnt} epochs after the first')
		notes = sorted({r['why'] for r in rows if r['why']})
		lines += [f'    note: {w}' for w in notes]
		lines.append('')
	return '\n'.join(lines)


def plot(ed, base):
	"""base-MIX.png per mix: per policy, the predicted and true NP of each
	job at each snapshot (top) and the error (bottom). Returns the paths."""
	from .plot import PlotError
	try:
		import matplotlib
		matplotlib.use('Agg')
		import matplotlib.pyplot as plt
	except ImportError:
		raise PlotError('matplotlib missing: install python3-matplotlib '
				'(make deps)') from None
	paths = []
	mixes = []
	for label, _, _, _ in ed.runs:
		if label not in mixes:
			mixes.append(label)
	for mix in mixes:
		runs = [r for r in ed.runs if r[0] == mix]
		fig, axes = plt.subplots(2, len(runs), figsize=(4.5 * len(runs) + 1, 6),
					 sharex=True, squeeze=False)
		for c, (_, pol, rows, why) in enumerate(runs):
			top, bot = axes[0][c], axes[1][c]
			top.set_title(f'{mix}, {pol}', fontsize=9)
			if rows is None:
				top.text(0.5, 0.5, why, ha='center', va='center', fontsize=8,
					 transform=top.transAxes, wrap=True)
				continue
			for k in sorted({r['job'] for r in rows}):
				rs = [r for r in rows if r['job'] == k]
				xs = [r['end'] / 1e6 for r in rs]
				line, = top.plot(xs, [r['np_true'] for r in rs], marker='o',
						 label=f'{rs[0]["workload"]} true')
				top.plot(xs, [r['np_pred'] for r in rs], marker='x',
					 linestyle='--', color=line.get_color(),
					 label=f'{rs[0]["workload"]} predicted')
				bot.plot(xs, [100 * r['error'] for r in rs], marker='o',
					 color=line.get_color(), label=rs[0]['workload'])
			top.set_ylabel('NP')
			top.set_ylim(bottom=0)
			bot.axhline(0, color='black', linewidth=0.5)
			bot.set_ylabel('error, %')
			bot.set_xlabel('end of the epoch, M cycles')
			top.legend(fontsize=7)
			bot.legend(fontsize=7)
			top.grid(linewidth=0.3)
			bot.grid(linewidth=0.3)
		fig.suptitle(f'{ed.spec.name}: {ed.section.title}\ntier {ed.tier.name}, '
			     f'{ed.config["name"]}', fontsize=9)
		fig.tight_layout()
		path = f'{base}-{mix.replace(" ", "_").replace("(", "").replace(")", "")}.png'
		fig.savefig(path, dpi=100, metadata={'Software': None})
		plt.close(fig)
		paths.append(path)
	return paths


def failures(eds):
	"""Why co-runs that ran give no per-epoch measurement."""
	return [f'{ed.section.name}: {label} {pol}: {why}' for ed in eds
		for label, pol, rows, why in ed.runs
		if rows is None and why not in ('not run', 'failed')]
