# SPDX-License-Identifier: GPL-2.0
"""Plots of report tables whose paper figure is a plot: grouped bars
(rows on the x axis, one bar per policy), the paper's published value of
a cell marked beside its bar. PNG and SVG, byte-stable for the same
table (no dates, fixed SVG ids)."""

import math


class PlotError(Exception):
	pass


def bars(td, base):
	"""Write base.png and base.svg for a TableData; returns the paths."""
	try:
		# Imported here: it takes a second, and only reports plot.
		import matplotlib
		matplotlib.use('Agg')
		import matplotlib.pyplot as plt
	except ImportError:
		raise PlotError('matplotlib missing: install python3-matplotlib '
				'(make deps)') from None
	matplotlib.rcParams['svg.hashsalt'] = 'corun-eval'
	matplotlib.rcParams['svg.fonttype'] = 'path'
	rows = td.rows
	ncol = len(td.columns)
	width = 0.8 / max(ncol, 1)
	fig, ax = plt.subplots(figsize=(max(6.0, 0.6 * len(rows) * max(ncol, 1) + 2), 4.0))
	marked = False
	for k, col in enumerate(td.columns):
		xs = [i + (k - (ncol - 1) / 2) * width for i in range(len(rows))]
		ys = [r[2][k].value for r in rows]
		ax.bar(xs, [0 if math.isnan(y) or math.isinf(y) else y for y in ys],
		       width, label=col)
		paper = {p.row: p.value for p, _ in td.published if p.column == col}
		px = [x for x, r in zip(xs, rows) if r[0] in paper]
		py = [paper[r[0]] for r in rows if r[0] in paper]
		if px:
			ax.plot(px, py, linestyle='none', marker='_', markersize=14,
				markeredgewidth=2, color='black',
				label=None if marked else 'paper')
			marked = True
	ax.set_xticks(range(len(rows)))
	ax.set_xticklabels([r[0] for r in rows], rotation=30 if len(rows) > 6 else 0,
			   ha='right' if len(rows) > 6 else 'center', fontsize=8)
	ax.set_ylabel(td.table.metric)
	ax.set_title(f'{td.spec.name}: {td.table.title}\n'
		     f'tier {td.tier.name}, {td.config["name"]}', fontsize=9)
	ax.legend(fontsize=8)
	ax.grid(axis='y', linewidth=0.3)
	fig.tight_layout()
	fig.savefig(base + '.png', dpi=100, metadata={'Software': None})
	fig.savefig(base + '.svg', metadata={'Date': None, 'Creator': None})
	plt.close(fig)
	return [base + '.png', base + '.svg']
