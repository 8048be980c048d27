// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: DRAM scheduling priority.
 *
 * CORUN_DRAM_FRFCFS     plain FR-FCFS (the configuration's CPU priority
 *                       still applies);
 * CORUN_DRAM_SLOT_PRIO  every channel serves the requests of slots with a
 *                       higher CORUN_FW_P_DRAM_PRIO first.
 * CORUN_DRAM_BW_APP     BW-App (Jog et al., MEMSYS'15, the HSM paper's
 *                       baseline): the slot with the lowest bandwidth
 *                       utilization is served first. On every tick the
 *                       firmware ranks the slots by the DRAM accesses
 *                       they caused during the tick and programs
 *                       S_DRAM_PRIO = 15 - (slots with fewer accesses),
 *                       at least 0, over the hardware's SLOT_PRIO mode:
 *                       fewest accesses first, then FR-FCFS.
 * CORUN_DRAM_TCM        TCM (dram_tcm.c), over SLOT_PRIO too: every
 *                       priority 0 until its first quantum ends.
 * Under FRFCFS and SLOT_PRIO the parameters go unchanged to
 * CORUN_MCU_DRAM_POLICY and S_DRAM_PRIO; under BW_APP and TCM, the
 * firmware's own modes, the stored priorities wait until the policy is
 * left.
 */
#include "fw.h"

/**
 * struct fw_dram - the policy's parameters and BW-App's state
 * @policy: CORUN_FW_P_DRAM_POLICY
 * @prio: CORUN_FW_P_DRAM_PRIO per slot
 * @last: BW-App: per slot, its DRAM accesses at the last tick
 */
static struct fw_dram {
	u32 policy;
	u32 prio[CORUN_MAX_SLOTS];
	u64 last[CORUN_MAX_SLOTS];
} dram;

bool fw_dram_bw_app;

static u64 dram_accesses(unsigned int s)
{
	return fw_slot_counter(s, FW_CTR(dram_accesses));
}

/* A mode the firmware makes of the slot priorities. */
static bool dram_fw_mode(void)
{
	return dram.policy == CORUN_DRAM_BW_APP ||
	       dram.policy == CORUN_DRAM_TCM;
}

/* The hardware mode and priorities that follow from the parameters. */
static void dram_program(void)
{
	unsigned int s;

	for (s = 0; s < fw.num_slots; s++) {
		dram.last[s] = dram_accesses(s);
		fw_slot_wr(s, CORUN_MCU_S_DRAM_PRIO,
			   dram_fw_mode() ? 0 : dram.prio[s]);
	}
	fw_wr(CORUN_MCU_DRAM_POLICY,
	      dram_fw_mode() ? CORUN_DRAM_SLOT_PRIO : dram.policy);
	fw_dram_bw_app = dram.policy == CORUN_DRAM_BW_APP;
	fw_dram_tcm = dram.policy == CORUN_DRAM_TCM;
	if (fw_dram_tcm)
		fw_dram_tcm_start();
}

static void dram_init(void)
{
	unsigned int s;

	dram.policy = CORUN_DRAM_FRFCFS;
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		dram.prio[s] = 0;
	dram_program();
}

static u32 *dram_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_DRAM_POLICY:
		return &dram.policy;
	case CORUN_FW_P_DRAM_PRIO:
		return &dram.prio[slot];
	}
	return NULL;
}

static bool dram_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	if (base == CORUN_FW_P_DRAM_POLICY)
		return val < CORUN_DRAM_NR;
	return base == CORUN_FW_P_DRAM_PRIO && val <= CORUN_FW_DRAM_PRIO_MAX;
}

static void dram_param_apply(u32 base, u32 slot)
{
	if (base == CORUN_FW_P_DRAM_POLICY)
		dram_program();
	else if (!dram_fw_mode())
		fw_slot_wr(slot, CORUN_MCU_S_DRAM_PRIO, dram.prio[slot]);
}

/* BW-App: rank the slots by their accesses over the tick just ended. */
void fw_dram_tick(void)
{
	u64 d[CORUN_MAX_SLOTS], now;
	unsigned int s, t, fewer;

	for (s = 0; s < fw.num_slots; s++) {
		now = dram_accesses(s);
		d[s] = now - dram.last[s];
		dram.last[s] = now;
	}
	for (s = 0; s < fw.num_slots; s++) {
		for (t = 0, fewer = 0; t < fw.num_slots; t++)
			fewer += d[t] < d[s];
		fw_slot_wr(s, CORUN_MCU_S_DRAM_PRIO,
			   fewer > CORUN_FW_DRAM_PRIO_MAX ?
				   0 :
				   CORUN_FW_DRAM_PRIO_MAX - fewer);
	}
}

const struct fw_policy fw_policy_dram = {
	.name = "dram",
	.features = CORUN_FW_FEAT_DRAM_PRIO | CORUN_FW_FEAT_DRAM_BW_APP,
	.init = dram_init,
	.param = dram_param,
	.param_valid = dram_param_valid,
	.param_apply = dram_param_apply,
};
