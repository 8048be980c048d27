/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Multiprogram metrics of a co-run (Eyerman & Eeckhout; as used by the
 * CCBP and HSM papers). For job k, with IPC in thread instructions per
 * cycle:
 *
 *	NP_k       = IPC_k^shared / IPC_k^alone   (normalized progress)
 *	slowdown_k = IPC_k^alone / IPC_k^shared = 1 / NP_k
 *	STP        = sum_k NP_k                    (weighted speedup)
 *	HS         = N / sum_k slowdown_k          (harmonic speedup)
 *	ANTT       = (1/N) sum_k slowdown_k
 *	fairness   = min_k NP_k / max_k NP_k
 *
 * A job that made no progress has an infinite slowdown: HS and fairness
 * are then 0 and ANTT is +inf. Without a usable alone IPC (0 or not
 * measured) every metric is NaN.
 */
#ifndef _CORUN_TOOLS_SIM_METRICS_H_
#define _CORUN_TOOLS_SIM_METRICS_H_

#include <stddef.h>
#include <stdint.h>

struct mix_metrics {
	double stp;
	double hs;
	double antt;
	double fairness;
};

/* NP of one job (NaN without a usable alone IPC). */
double metrics_np(double ipc_alone, double ipc_shared);
/* Slowdown of one job (+inf for no progress, NaN as above). */
double metrics_slowdown(double ipc_alone, double ipc_shared);
void metrics_compute(const double *ipc_alone, const double *ipc_shared,
		     unsigned int n, struct mix_metrics *out);
/* Instructions per cycle, 0 for no cycles. */
double metrics_ipc(uint64_t insns, uint64_t cycles);
/* A metric for the text reports: "-" for NaN, "inf", else %.4f. */
const char *metrics_fmt(double v, char *buf, size_t len);

#endif /* _CORUN_TOOLS_SIM_METRICS_H_ */
