// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: DRAM scheduling priority.
 *
 * CORUN_DRAM_FRFCFS     plain FR-FCFS (the configuration's CPU priority
 *                       still applies);
 * CORUN_DRAM_SLOT_PRIO  every channel serves the requests of slots with a
 *                       higher CORUN_FW_P_DRAM_PRIO first.
 * The parameters go unchanged to CORUN_MCU_DRAM_POLICY and S_DRAM_PRIO;
 * the priorities act only under CORUN_DRAM_SLOT_PRIO.
 */
#include "fw.h"

/**
 * struct fw_dram - the policy's parameters
 * @policy: CORUN_FW_P_DRAM_POLICY
 * @prio: CORUN_FW_P_DRAM_PRIO per slot
 */
static struct fw_dram {
	u32 policy;
	u32 prio[CORUN_MAX_SLOTS];
} dram;

static void dram_init(void)
{
	unsigned int s;

	dram.policy = CORUN_DRAM_FRFCFS;
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		dram.prio[s] = 0;
	for (s = 0; s < fw.num_slots; s++)
		fw_slot_wr(s, CORUN_MCU_S_DRAM_PRIO, dram.prio[s]);
	fw_wr(CORUN_MCU_DRAM_POLICY, dram.policy);
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
		fw_wr(CORUN_MCU_DRAM_POLICY, dram.policy);
	else
		fw_slot_wr(slot, CORUN_MCU_S_DRAM_PRIO, dram.prio[slot]);
}

const struct fw_policy fw_policy_dram = {
	.name = "dram",
	.features = CORUN_FW_FEAT_DRAM_PRIO,
	.init = dram_init,
	.param = dram_param,
	.param_valid = dram_param_valid,
	.param_apply = dram_param_apply,
};
