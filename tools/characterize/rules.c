// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The papers' classification rules (characterize.h). Pure functions.
 */
#include <math.h>

#include "characterize.h"

double ccbp_eq7_rhs(double sustain_d, double sustain_n, unsigned int l1_line,
		    unsigned int flit, unsigned int l2_line)
{
	if (sustain_n <= 0 || !l2_line)
		return 0;
	return sustain_d / sustain_n * (double)(l1_line + flit) / l2_line;
}

enum ccbp_class ccbp_classify(double noc_util, double dram_util, double rf,
			      double df, double eq7_rhs, double slowdown2x)
{
	double n = noc_util / CCBP_SUSTAIN_NOC;
	double d = dram_util / CCBP_SUSTAIN_DRAM;

	if (n >= CCBP_BI_SHARE || d >= CCBP_BI_SHARE) {
		/* Eq. 7: df / rf < rhs -> NBI (no reads: all DRAM, DBI). */
		if (rf > 0 && df / rf < eq7_rhs)
			return CCBP_NBI;
		return CCBP_DBI;
	}
	if (slowdown2x > CCBP_LS_SLOWDOWN)
		return CCBP_LS;
	return CCBP_NONE;
}

double hsm_bd_frac(double dram_util, double thr_util)
{
	if (thr_util <= 0)
		return dram_util > 0 ? INFINITY : 0;
	return dram_util / thr_util;
}

double hsm_bp_frac(double rbh, double c1, double c2)
{
	return c1 * rbh + c2;
}

enum hsm_class hsm_classify(double dram_util, double thr_util, double rbh,
			    double c1, double c2)
{
	return hsm_bd_frac(dram_util, thr_util) > hsm_bp_frac(rbh, c1, c2) ?
		       HSM_MEMORY : HSM_COMPUTE;
}

enum csi_class csi_classify(const double *ipc, unsigned int lo, unsigned int w)
{
	double rise, knee;
	unsigned int c;

	if (w <= lo || ipc[lo] <= 0)
		return CSI_NONE;
	rise = ipc[w] - ipc[lo];
	if (rise / ipc[lo] < CSI_FLAT)
		return CSI_C;
	knee = ipc[lo] + CSI_KNEE * rise;
	for (c = lo; c <= w; c++)
		if (ipc[c] >= knee)
			break;
	return 2 * c <= w ? CSI_S : CSI_I;
}

const char *ccbp_class_name(enum ccbp_class c)
{
	static const char *const n[] = { "-", "LS", "NBI", "DBI" };

	return (unsigned int)c < 4 ? n[c] : "?";
}

const char *hsm_class_name(enum hsm_class c)
{
	return c == HSM_MEMORY ? "mem" : "compute";
}

const char *csi_class_name(enum csi_class c)
{
	static const char *const n[] = { "-", "C", "S", "I" };

	return (unsigned int)c < 4 ? n[c] : "?";
}
