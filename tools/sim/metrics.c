// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Multiprogram metrics; definitions in metrics.h.
 */
#include <math.h>
#include <stdio.h>

#include <sim/metrics.h>

double metrics_np(double ipc_alone, double ipc_shared)
{
	if (!(ipc_alone > 0) || !(ipc_shared >= 0))
		return NAN;
	return ipc_shared / ipc_alone;
}

double metrics_slowdown(double ipc_alone, double ipc_shared)
{
	if (!(ipc_alone > 0) || !(ipc_shared >= 0))
		return NAN;
	return ipc_shared > 0 ? ipc_alone / ipc_shared : INFINITY;
}

void metrics_compute(const double *ipc_alone, const double *ipc_shared,
		     unsigned int n, struct mix_metrics *out)
{
	double np_min = INFINITY, np_max = 0, sum_np = 0, sum_sd = 0;
	unsigned int i;

	out->stp = out->hs = out->antt = out->fairness = NAN;
	if (!n)
		return;
	for (i = 0; i < n; i++) {
		double np = metrics_np(ipc_alone[i], ipc_shared[i]);

		if (isnan(np))
			return;
		sum_np += np;
		sum_sd += metrics_slowdown(ipc_alone[i], ipc_shared[i]);
		np_min = fmin(np_min, np);
		np_max = fmax(np_max, np);
	}
	out->stp = sum_np;
	out->hs = isinf(sum_sd) ? 0 : n / sum_sd;
	out->antt = sum_sd / n;
	out->fairness = np_max > 0 ? np_min / np_max : 0;
}

double metrics_ipc(uint64_t insns, uint64_t cycles)
{
	return cycles ? (double)insns / cycles : 0;
}

const char *metrics_fmt(double v, char *buf, size_t len)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (isinf(v))
		snprintf(buf, len, "inf");
	else
		snprintf(buf, len, "%.4f", v);
	return buf;
}
