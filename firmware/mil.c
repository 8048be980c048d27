// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: memory-instruction limiting (MIL, Dai et al.,
 * HPCA'18), selected by CORUN_FW_P_IRC_ENABLE = CORUN_FW_IRC_ENABLE_MIL
 * in place of issue-rate credits (irc.c tells this file with
 * fw_mil_select()).
 *
 * At every epoch event the controller reads each slot's L1 reservation
 * failures and L1 accesses since the previous one and moves the slot's
 * cap (CORUN_MCU_S_MIL_CAP: memory instructions in flight per SM): a
 * failure rate above MIL_HIGH halves it (at least MIL_MIN; the first cap
 * is half of MIL_MAX), one below MIL_LOW raises it by MIL_STEP and lifts
 * it beyond MIL_MAX (fw_mil_next()). The paper leaves the thresholds and
 * steps open: they are parameters. Epochs rather than ticks, so the caps
 * change at the same GPU cycle in the VM and in corun-sim.
 */
#include "fw.h"

/* Boot values of the parameters (fwif.h, which the driver also reads). */
#define MIL_HIGH_DEFAULT CORUN_FW_MIL_HIGH_BOOT
#define MIL_LOW_DEFAULT CORUN_FW_MIL_LOW_BOOT
#define MIL_MIN_DEFAULT CORUN_FW_MIL_MIN_BOOT
#define MIL_MAX_DEFAULT CORUN_FW_MIL_MAX_BOOT
#define MIL_STEP_DEFAULT CORUN_FW_MIL_STEP_BOOT

/* The counters the controller reads, in struct fw_mil's @last order. */
enum { MIL_ACC, MIL_FAIL, MIL_NR };

static const u32 mil_ctr[MIL_NR] = {
	[MIL_ACC] = FW_CTR(l1_accesses),
	[MIL_FAIL] = FW_CTR(l1_resfails),
};

/**
 * struct fw_mil - the controller's parameters and state
 * @on: MIL is selected
 * @p: CORUN_FW_P_MIL_HIGH .. CORUN_FW_P_MIL_STEP, by id - HIGH
 * @cap: per slot, CORUN_FW_P_MIL_CAP
 * @last: per slot, the counters at the previous epoch event (or when MIL
 *	was selected)
 */
static struct fw_mil {
	bool on;
	u32 p[FW_MIL_NPARAMS];
	u32 cap[CORUN_MAX_SLOTS];
	u64 last[CORUN_MAX_SLOTS][MIL_NR];
} mil;

u32 fw_mil_next(const struct fw_mil_params *mp, u32 cap, u64 accesses,
		u64 resfails)
{
	u32 rate, c;

	if (!accesses)
		return CORUN_FW_MIL_CAP_NONE;
	rate = fw_ratio1024(resfails, accesses);
	if (rate > mp->high) {
		c = (cap == CORUN_FW_MIL_CAP_NONE ? mp->max : cap) / 2;
		return c < mp->min ? mp->min : c;
	}
	if (rate < mp->low && cap != CORUN_FW_MIL_CAP_NONE) {
		c = cap + mp->step;
		return c > mp->max ? CORUN_FW_MIL_CAP_NONE : c;
	}
	return cap;
}

static void mil_write(unsigned int slot, u32 cap)
{
	mil.cap[slot] = cap;
	fw_slot_wr(slot, CORUN_MCU_S_MIL_CAP, cap);
}

static void mil_read(unsigned int slot, u64 *c)
{
	unsigned int i;

	for (i = 0; i < MIL_NR; i++)
		c[i] = fw_slot_counter(slot, mil_ctr[i]);
}

void fw_mil_select(bool on)
{
	unsigned int s;

	if (on == mil.on)
		return;
	mil.on = on;
	/* Entering: free caps, spans from now; leaving: caps lifted. */
	for (s = 0; s < fw.num_slots; s++) {
		if (on)
			mil_read(s, mil.last[s]);
		mil_write(s, CORUN_FW_MIL_CAP_NONE);
	}
}

static void mil_epoch(void)
{
	struct fw_mil_params mp = {
		.high = mil.p[0],
		.low = mil.p[1],
		.min = mil.p[2],
		.max = mil.p[3],
		.step = mil.p[4],
	};
	u64 c[MIL_NR];
	unsigned int s;

	if (!mil.on)
		return;
	for (s = 0; s < fw.num_slots; s++) {
		mil_read(s, c);
		mil_write(s, fw_mil_next(&mp, mil.cap[s],
					 c[MIL_ACC] - mil.last[s][MIL_ACC],
					 c[MIL_FAIL] - mil.last[s][MIL_FAIL]));
		mil.last[s][MIL_ACC] = c[MIL_ACC];
		mil.last[s][MIL_FAIL] = c[MIL_FAIL];
	}
}

static void mil_init(void)
{
	unsigned int s;

	mil.on = false;
	mil.p[0] = MIL_HIGH_DEFAULT;
	mil.p[1] = MIL_LOW_DEFAULT;
	mil.p[2] = MIL_MIN_DEFAULT;
	mil.p[3] = MIL_MAX_DEFAULT;
	mil.p[4] = MIL_STEP_DEFAULT;
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		mil.cap[s] = CORUN_FW_MIL_CAP_NONE;
	/* A firmware loaded mid-run finds no cap of its own. */
	for (s = 0; s < fw.num_slots; s++)
		mil_write(s, CORUN_FW_MIL_CAP_NONE);
}

static u32 *mil_param(u32 base, u32 slot)
{
	if (base >= CORUN_FW_P_MIL_HIGH && base <= CORUN_FW_P_MIL_STEP)
		return &mil.p[base - CORUN_FW_P_MIL_HIGH];
	if (base == CORUN_FW_P_MIL_CAP)
		return &mil.cap[slot];
	return NULL;
}

static bool mil_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_MIL_HIGH:
	case CORUN_FW_P_MIL_LOW:
		return val <= CORUN_FW_MIL_RATE_MAX;
	case CORUN_FW_P_MIL_MIN:
	case CORUN_FW_P_MIL_MAX:
	case CORUN_FW_P_MIL_STEP:
		return val >= 1 && val <= CORUN_FW_MIL_CAP_MAX;
	}
	return false; /* MIL_CAP is read-only */
}

/* The controller reads the parameters at the next epoch event. */
static void mil_param_apply(u32 base, u32 slot)
{
	(void)base;
	(void)slot;
}

const struct fw_policy fw_policy_mil = {
	.name = "mil",
	.features = CORUN_FW_FEAT_MIL,
	.init = mil_init,
	.param = mil_param,
	.param_valid = mil_param_valid,
	.param_apply = mil_param_apply,
	.epoch = mil_epoch,
};
