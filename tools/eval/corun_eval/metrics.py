# SPDX-License-Identifier: GPL-2.0
"""Multiprogram metrics from per-job IPCs, defined as corun-sim defines
them (tools/sim/metrics.c, Documentation/tools/corun-sim.rst):
NP_k = IPC_shared / IPC_alone, STP = sum NP, harmonic speedup =
N / sum(1 / NP), ANTT = mean(1 / NP), fairness = min NP / max NP.
The test suite checks them against corun-sim's own report of a mix."""

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
	out = dict.fromkeys(('stp', 'hspeedup', 'antt', 'fairness'), NAN)
	nps = [np_(a, s) for a, s in zip(ipc_alone, ipc_shared)]
	if not nps or any(math.isnan(n) for n in nps):
		return out
	sds = [slowdown(a, s) for a, s in zip(ipc_alone, ipc_shared)]
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
