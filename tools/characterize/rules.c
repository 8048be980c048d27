// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The papers' classification rules (characterize.h). Pure functions.
 */
#include <math.h>

#include "characterize.h"

/* @num / @den in 1/1024, as the driver keeps rf and df. */
static u32 frac1024(u64 num, u64 den)
{
	return den ? (u32)(num * 1024 / den) : 0;
}

enum char_ccbp char_ccbp_classify(const struct corun_policy_platform *p,
				  const struct corun_slot_counters *even,
				  uint64_t even_cycles, double slowdown2x)
{
	u64 demand = 0;

	if (even_cycles && p->num_sms)
		demand = even->missq_demand * 1000 / (even_cycles * p->num_sms);
	switch (corun_ccbp_classify(p, 2,
				    frac1024(even->read_requests,
					     even->requests),
				    frac1024(even->dram_accesses,
					     even->requests),
				    demand, 0)) {
	case CCBP_NBI:
		return CHAR_CCBP_NBI;
	case CCBP_DBI:
		return CHAR_CCBP_DBI;
	}
	return slowdown2x > CCBP_LS_SLOWDOWN ? CHAR_CCBP_LS : CHAR_CCBP_NONE;
}

void char_hsm_predict(const struct corun_policy_platform *p,
		      const struct corun_slot_counters *c, uint64_t cycles,
		      struct hsm_pred *r)
{
	struct hsm_epoch e = {
		.cycles = cycles,
		.sms = p->num_sms,
		.insns = c->warp_insns,
		.accesses = c->dram_accesses,
		.row_hits = c->dram_row_hits,
		.bus_cycles = c->dram_bus_cycles,
	};

	hsm_predict(p, &e, r);
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

const char *ccbp_class_name(enum char_ccbp c)
{
	static const char *const n[] = { "-", "LS", "NBI", "DBI" };

	return (unsigned int)c < 4 ? n[c] : "?";
}

const char *hsm_class_name(u32 cls)
{
	if (cls == HSM_MEMORY)
		return "mem";
	return cls == HSM_COMPUTE ? "compute" : "n/a";
}

const char *csi_class_name(enum csi_class c)
{
	static const char *const n[] = { "-", "C", "S", "I" };

	return (unsigned int)c < 4 ? n[c] : "?";
}
