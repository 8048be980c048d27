# SPDX-License-Identifier: GPL-2.0
"""Report tables: per-category geometric means (or one row per mix) of a
metric under each policy, and beside them the papers' published numbers
with measured / published. Rendered as text, Markdown, CSV and
reStructuredText (the pages of Documentation/evaluation/)."""

import csv
import io
import math

from . import groundtruth, metrics
from .spec import ALL_ROW, mix_label

INTEGER_METRICS = ('cycles', 'thread_insns')


class Agg:
	"""A table cell: the mean (geometric unless the table says
	arithmetic) over the mixes that ran, and how many of the cell's mixes
	did not (failed, or no result yet)."""

	def __init__(self, values, total, failed, missing, mean='geometric',
		     reasons=()):
		if not values:
			self.value = math.nan
		elif mean == 'max':
			self.value = max(values)
		elif mean == 'geometric':
			self.value = metrics.geomean(values)
		else:
			self.value = sum(values) / len(values)
		self.n = len(values)
		self.total = total
		self.failed = failed
		self.missing = missing
		self.reasons = list(reasons)	# why runs that ran are not in it

	def complete(self):
		return self.n == self.total

	def text(self, integer=False):
		v = metrics.fmt(self.value)
		if integer and v not in ('-', 'inf'):
			v = str(round(self.value))
		if not self.total:
			return 'n/a'
		if not self.n:
			return 'FAILED' if self.failed else '-'
		return v if self.complete() else v + '*'


class TableData:
	def __init__(self, spec, tier, table, config):
		self.spec = spec
		self.tier = tier
		self.table = table
		self.config = config
		self.columns = spec.columns()
		self.rows = []		# (label, mixes, [Agg per column])
		self.published = []	# (Published, measured)
		# label -> {column: {mix: (state, value)}}, for paired ratios
		self.entries = {}


def run_states(plan, res):
	"""{cell index: {ground truth: (state, value)}} for the ground truths
	of the spec's tables; state ok (value: the metrics, and under 'why'
	why some are undefined), failed (value: the reason when the runs are
	ok but give no ground truth, else None) or missing."""
	gts = plan.spec.ground_truths()
	out = {}
	for i, c in enumerate(plan.cells):
		run = plan.runs[c.key]
		need = [c.key] + run.alone_keys
		got = [res.get(k) for k in need]
		if any(g and g['status'] == 'failed' for g in got):
			st = ('failed', None)
		elif any(g is None for g in got):
			st = ('missing', None)
		elif run.kind == 'alone':
			st = ('ok', got[0]['jobs'][0])
		else:
			out[i] = {gt: corun_state(run, got[0], [res[k] for k in run.alone_keys], gt)
				  for gt in gts}
			continue
		out[i] = dict.fromkeys(gts, st)
	return out


def corun_state(run, got, alones, gt):
	"""(state, value) of a co-run whose runs are all ok, under ground
	truth gt."""
	result = got.get('result')
	qos = run.options.get('qos_target')
	if gt == groundtruth.SAME_CYCLES:
		shared = [j['ipc'] for j in got['jobs']]
		alone = [a['jobs'][0]['ipc'] for a in alones]
		v = metrics.compute_run(run.policy, alone, shared, result)
		v.update(metrics.compute_predictions(alone, shared, result, qos))
		return 'ok', v
	try:
		if not result or any(not a.get('result') for a in alones):
			raise groundtruth.GroundTruthError(
				'no progress curves in the results (corun-sim --progress)')
		v, why = groundtruth.compute([a['result']['alone'][0] for a in alones],
					     result['corun'], qos)
	except groundtruth.GroundTruthError as e:
		return 'failed', f'{run.label} {run.policy} on {run.config["name"]}: {e}'
	v['why'] = {m: f'{run.label} {run.policy}: {w}' for m, w in why.items()}
	return 'ok', v


def ground_truth_failures(plan, res):
	"""Why co-runs that ran give no same-instruction ground truth."""
	if groundtruth.SAME_INSTRUCTIONS not in plan.spec.ground_truths():
		return []
	out = []
	for st in run_states(plan, res).values():
		s, v = st[groundtruth.SAME_INSTRUCTIONS]
		if s == 'failed' and v and v not in out:
			out.append(v)
	return out


def _defined(v, metric):
	x = v.get(metric)
	return x is not None and not math.isnan(x)


def _agg(entries, metric, mean):
	"""A cell from its runs' states; a run that is ok but leaves the
	metric undefined (no IPC, no ground truth) counts like a failed one,
	with its reason when there is one. A run to which the metric does not
	apply (a prediction metric under a policy without a model, qos-met
	without a QoS target) is not one of the cell's."""
	entries = [(s, v) for s, v in entries
		   if not (s == 'ok' and v.get(metric, 0) is None)]
	vals = [v[metric] for s, v in entries if s == 'ok' and _defined(v, metric)]
	why = [v for s, v in entries if s == 'failed' and v] + \
	      [v['why'][metric] for s, v in entries if s == 'ok' and
	       not _defined(v, metric) and metric in v.get('why', {})]
	return Agg(vals, len(entries), len(entries) - len(vals) -
		   sum(s == 'missing' for s, _ in entries),
		   sum(s == 'missing' for s, _ in entries), mean, why)


def tables(plan, res):
	"""TableData for every table of the spec and configuration of the tier."""
	spec = plan.spec
	states = run_states(plan, res)
	out = []
	configs = []
	for c in plan.cells:
		if c.config['id'] not in [x['id'] for x in configs]:
			configs.append(c.config)
	for t in spec.tables:
		for cfg in configs:
			td = TableData(spec, plan.tier, t, cfg)
			cells = [(i, c) for i, c in enumerate(plan.cells)
				 if c.config['id'] == cfg['id'] and c.category in t.categories]
			if t.rows == 'category':
				groups = [(cat, [x for x in cells if x[1].category == cat])
					  for cat in t.categories]
				groups.append((ALL_ROW, cells))
			else:
				groups, seen = [], set()
				for i, c in cells:
					lbl = mix_label(c.mix)
					if lbl not in seen:
						seen.add(lbl)
						groups.append((lbl, [x for x in cells
								     if mix_label(x[1].mix) == lbl]))
			for label, members in groups:
				aggs = []
				td.entries[label] = {col: {(c.category, c.mix, c.seed):
							   states[i][t.ground_truth]
							   for i, c in members if c.column == col}
						     for col in td.columns}
				for col in td.columns:
					ent = list(td.entries[label][col].values())
					aggs.append(_agg(ent, t.metric, t.mean))
				mixes = len({(c.category, c.mix, c.seed) for _, c in members})
				td.rows.append((label, mixes, aggs))
			for p in t.published:
				td.published.append((p, measured(td, p)))
			out.append(td)
	return out


def measured(td, p):
	"""The measured counterpart of a published number: a cell, or the
	ratio of two cells of its row; None if the row is not in this tier.
	A ratio whose cells are incomplete is taken over the mixes both
	cells have (paired()), not over two different sets of mixes."""
	row = _row(td, p.row)
	if row is None:
		return None
	vals = paired(td, p) if partial(td, p) else \
		[row[2][td.columns.index(c)] for c in p.policies()]
	if any(not v.n for v in vals):
		return math.nan
	if len(vals) == 1:
		return vals[0].value
	return vals[0].value / vals[1].value if vals[1].value else math.nan


def paired(td, p):
	"""The two cells of a ratio restricted to the mixes where both have
	a value."""
	ent = td.entries[p.row]
	cols = p.policies()
	metric = td.table.metric
	both = [k for k in ent[cols[0]]
		if all(k in ent[c] and ent[c][k][0] == 'ok' and
		       _defined(ent[c][k][1], metric) for c in cols)]
	return [_agg([ent[c][k] for k in both], metric, td.table.mean) for c in cols]


def partial(td, p):
	"""Whether a published ratio rests on fewer mixes than its row has
	(a single cell short of runs is marked in the table itself)."""
	row = _row(td, p.row)
	return row is not None and len(p.policies()) == 2 and \
		not all(row[2][td.columns.index(c)].complete() for c in p.policies())


def _row(td, label):
	return next((r for r in td.rows if r[0] == label), None)


def ratio(m, paper):
	if m is None or math.isnan(m) or not paper:
		return math.nan
	return m / paper


def footnotes(td):
	notes = []
	for label, _, aggs in td.rows:
		for col, a in zip(td.columns, aggs):
			if not a.complete():
				why = ', '.join(f'{n} {w}' for n, w in ((a.failed, 'failed'),
									(a.missing, 'not run yet')) if n)
				notes.append(f'* {label} {col}: {a.n} of {a.total} mixes ({why})')
				notes += [f'  {r}' for r in a.reasons]
	return notes


def column_head(td, col):
	"""A column's header: its name, and the warp scheduler of its
	co-runs where the spec chooses one (sched)."""
	sched = td.spec.sched(col, td.tier) if td.spec.runs == 'corun' else 'config'
	return col if sched == 'config' else f'{col} [{sched}]'


def sched_line(spec, tier):
	"""The warp schedulers of the co-runs (the tier's, and the columns'
	that choose their own) and of the alone runs."""
	name = lambda s: 'the configuration\'s' if s == 'config' else s
	if spec.runs != 'corun':
		return f'alone runs {name(spec.alone_sched)}'
	own = [f'{c} {spec.sched(c, tier)}' for c in spec.columns()
	       if spec.sched(c, tier) != tier.sched]
	return (f'co-runs {name(tier.sched)}' + (f' ({", ".join(own)})' if own else '') +
		f'; alone runs {name(spec.alone_sched)}')


def matrix(td):
	first = 'workload' if td.spec.runs == 'alone' else td.table.rows
	whole = td.table.metric in INTEGER_METRICS
	head = [first, 'mixes'] + [column_head(td, c) for c in td.columns]
	body = [[label, str(n)] + [a.text(whole) for a in aggs]
		for label, n, aggs in td.rows]
	return head, body


def published_matrix(td):
	head = ['row', 'column', 'measured', 'paper', 'measured/paper', 'source']
	body = []
	for p, m in td.published:
		mark = '*' if partial(td, p) and m is not None and not math.isnan(m) else ''
		body.append([p.row, p.column, 'not in tier' if m is None else metrics.fmt(m) + mark,
			     f'{p.value:g}', metrics.fmt(ratio(m, p.value)) + mark, p.source])
	return head, body


PARTIAL_NOTE = ('* over the mixes both columns have: a cell of the ratio '
		'is incomplete')


def published_notes(td):
	return [PARTIAL_NOTE] if any(partial(td, p) for p, _ in td.published) else []


def _aligned(head, body, indent='  '):
	"""Columns padded to their widest cell: labels and sources left,
	numbers right."""
	w = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
	left = {0, len(head) - 1} if head[-1] == 'source' else {0}
	return [(indent + '  '.join(c.ljust(w[i]) if i in left else c.rjust(w[i])
				   for i, c in enumerate(r))).rstrip()
		for r in [head] + body]


# How each ground truth defines NP, for the reports.
GROUND_TRUTH_TEXT = {
	groundtruth.SAME_CYCLES: 'NP = IPC shared / IPC alone over the co-run\'s cycles',
	groundtruth.SAME_INSTRUCTIONS: 'NP = alone cycles / shared cycles of each job\'s '
	'first run, the alone run read at the instruction count the first run '
	'retired (HSM\'s protocol)',
}


def ground_truth_line(td):
	"""The NP a co-run table's metric is computed from, or None."""
	if td.spec.runs != 'corun':
		return None
	return f'{td.table.ground_truth}: {GROUND_TRUTH_TEXT[td.table.ground_truth]}'


def heading(td):
	t = td.table
	return (f'table {t.name}: {t.title} [tier {td.tier.name}, '
		f'{td.config["name"]} {td.config["id"]}]')


def text(tds):
	out = []
	for td in tds:
		out.append(heading(td))
		if ground_truth_line(td):
			out.append(f'  {ground_truth_line(td)}')
		out += _aligned(*matrix(td))
		out += ['  ' + n for n in footnotes(td)]
		if td.published:
			out.append(f'  published ({td.spec.paper}):')
			out += _aligned(*published_matrix(td), indent='    ')
			out += ['    ' + n for n in published_notes(td)]
		out.append('')
	return '\n'.join(out)


def _md_table(head, body):
	esc = [[c.replace('|', '\\|') for c in r] for r in [head] + body]
	lines = ['| ' + ' | '.join(esc[0]) + ' |',
		 '|' + '|'.join('---' if i == 0 or (i == len(head) - 1 and head[-1] == 'source')
				else '---:' for i in range(len(head))) + '|']
	lines += ['| ' + ' | '.join(r) + ' |' for r in esc[1:]]
	return lines


def markdown(tds):
	out = []
	for td in tds:
		out += [f'### {heading(td)}', '']
		if ground_truth_line(td):
			out += [ground_truth_line(td), '']
		out += _md_table(*matrix(td))
		notes = footnotes(td)
		if notes:
			out += [''] + [n.replace('* ', '\\* ', 1) for n in notes]
		if td.published:
			out += ['', f'Published ({td.spec.paper}):', '']
			out += _md_table(*published_matrix(td))
			for n in published_notes(td):
				out += ['', n.replace('* ', '\\* ', 1)]
		out.append('')
	return '\n'.join(out)


def csv_text(td, published=False):
	buf = io.StringIO()
	w = csv.writer(buf, lineterminator='\n')
	if published:
		w.writerow(['config', 'row', 'column', 'measured', 'paper', 'ratio', 'source'])
		for p, m in td.published:
			w.writerow([td.config['name'], p.row, p.column,
				    '' if m is None or math.isnan(m) else repr(m), repr(p.value),
				    '' if math.isnan(ratio(m, p.value)) else repr(ratio(m, p.value)),
				    p.source])
	else:
		w.writerow(['config', td.table.rows, 'mixes'] +
			   [f'{c}' for c in td.columns] + [f'{c}_runs' for c in td.columns])
		for label, n, aggs in td.rows:
			w.writerow([td.config['name'], label, n] +
				   ['' if math.isnan(a.value) else repr(a.value) for a in aggs] +
				   [f'{a.n}/{a.total}' for a in aggs])
	return buf.getvalue()


def csv_all(tds):
	return '\n'.join(csv_text(td) for td in tds)


def rst_table(head, body):
	w = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
	rule = '  '.join('=' * x for x in w)
	fmt = lambda r: '  '.join(c.ljust(w[i]) for i, c in enumerate(r)).rstrip()
	return [rule, fmt(head), rule] + [fmt(r) for r in body] + [rule]
