// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: static L1 partitioning and CTA-level bypass.
 *
 * The driver gives each slot an L1 way mask (its fills go only to those
 * ways) and a number of bypass CTAs per SM (the cache partitioning
 * paper's TB-level bypass); both go unchanged to the slot's registers. A
 * mask must keep at least one way the L1 has (CORUN_MCU_L1_WAYS); bits
 * beyond them are ignored by the hardware.
 */
#include "fw.h"

/**
 * struct fw_l1 - the policy's parameters
 * @ways: CORUN_FW_P_L1_WAYS per slot
 * @bypass_ctas: CORUN_FW_P_L1_BYPASS_CTAS per slot
 */
static struct fw_l1 {
	u32 ways[CORUN_MAX_SLOTS];
	u32 bypass_ctas[CORUN_MAX_SLOTS];
} l1;

static void l1_init(void)
{
	unsigned int s;

	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		l1.ways[s] = FW_L1_WAYS_ALL;
		l1.bypass_ctas[s] = 0;
	}
	for (s = 0; s < fw.num_slots; s++) {
		fw_slot_wr(s, CORUN_MCU_S_L1_WAYS, l1.ways[s]);
		fw_slot_wr(s, CORUN_MCU_S_L1_BYPASS_CTAS, l1.bypass_ctas[s]);
	}
}

static u32 *l1_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_L1_WAYS:
		return &l1.ways[slot];
	case CORUN_FW_P_L1_BYPASS_CTAS:
		return &l1.bypass_ctas[slot];
	}
	return NULL;
}

static bool l1_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_L1_WAYS:
		return val & fw_ways_mask(fw.l1_ways);
	case CORUN_FW_P_L1_BYPASS_CTAS:
		return val <= CORUN_FW_L1_BYPASS_CTAS_ALL;
	}
	return false;
}

static void l1_param_apply(u32 base, u32 slot)
{
	if (base == CORUN_FW_P_L1_WAYS)
		fw_slot_wr(slot, CORUN_MCU_S_L1_WAYS, l1.ways[slot]);
	else
		fw_slot_wr(slot, CORUN_MCU_S_L1_BYPASS_CTAS,
			   l1.bypass_ctas[slot]);
}

const struct fw_policy fw_policy_l1 = {
	.name = "l1",
	.features = CORUN_FW_FEAT_L1_STATIC,
	.init = l1_init,
	.param = l1_param,
	.param_valid = l1_param_valid,
	.param_apply = l1_param_apply,
};
