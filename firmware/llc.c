// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: LLC replacement.
 *
 * CORUN_LLC_LRU         plain LRU, shared by every owner;
 * CORUN_LLC_PROB_STATIC the CPU-GPU interference paper's probability-based
 *                       protection of CPU lines with a fixed probability
 *                       (CORUN_FW_P_LLC_PROB, in 1/1024, that a GPU fill
 *                       spares the CPU's LRU line);
 * CORUN_LLC_WAYPART     way partitioning: each slot fills only the ways of
 *                       its CORUN_FW_P_LLC_WAYS mask.
 * CORUN_LLC_PROB_DYNAMIC (the paper's sampling of the probability) is not
 * implemented: the value is refused and its feature bit is off.
 *
 * The parameters go unchanged to the window (CORUN_MCU_LLC_VICTIM,
 * LLC_PROB, S_LLC_WAYS); the victim policy decides which of them act.
 */
#include "fw.h"

/**
 * struct fw_llc - the policy's parameters
 * @policy: CORUN_FW_P_LLC_POLICY
 * @prob: CORUN_FW_P_LLC_PROB
 * @ways: CORUN_FW_P_LLC_WAYS per slot
 */
static struct fw_llc {
	u32 policy;
	u32 prob;
	u32 ways[CORUN_MAX_SLOTS];
} llc;

static u32 llc_victim(u32 policy)
{
	switch (policy) {
	case CORUN_LLC_PROB_STATIC:
		return CORUN_LLC_VICTIM_PROB;
	case CORUN_LLC_WAYPART:
		return CORUN_LLC_VICTIM_WAYPART;
	}
	return CORUN_LLC_VICTIM_LRU;
}

static void llc_init(void)
{
	unsigned int s;

	llc.policy = CORUN_LLC_LRU;
	llc.prob = FW_LLC_PROB_DEFAULT;
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		llc.ways[s] = FW_LLC_WAYS_ALL;
	for (s = 0; s < fw.num_slots; s++)
		fw_slot_wr(s, CORUN_MCU_S_LLC_WAYS, llc.ways[s]);
	fw_wr(CORUN_MCU_LLC_PROB, llc.prob);
	fw_wr(CORUN_MCU_LLC_VICTIM, llc_victim(llc.policy));
}

static u32 *llc_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_LLC_POLICY:
		return &llc.policy;
	case CORUN_FW_P_LLC_PROB:
		return &llc.prob;
	case CORUN_FW_P_LLC_WAYS:
		return &llc.ways[slot];
	}
	return NULL;
}

static bool llc_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_LLC_POLICY:
		return val == CORUN_LLC_LRU || val == CORUN_LLC_PROB_STATIC ||
		       val == CORUN_LLC_WAYPART;
	case CORUN_FW_P_LLC_PROB:
		return val <= CORUN_FW_LLC_PROB_ONE;
	case CORUN_FW_P_LLC_WAYS:
		return val & fw_ways_mask(fw.llc_ways);
	}
	return false;
}

static void llc_param_apply(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_LLC_POLICY:
		fw_wr(CORUN_MCU_LLC_VICTIM, llc_victim(llc.policy));
		break;
	case CORUN_FW_P_LLC_PROB:
		fw_wr(CORUN_MCU_LLC_PROB, llc.prob);
		break;
	case CORUN_FW_P_LLC_WAYS:
		fw_slot_wr(slot, CORUN_MCU_S_LLC_WAYS, llc.ways[slot]);
		break;
	}
}

const struct fw_policy fw_policy_llc = {
	.name = "llc",
	.features = CORUN_FW_FEAT_LLC_PROB_STATIC | CORUN_FW_FEAT_LLC_WAYPART,
	.init = llc_init,
	.param = llc_param,
	.param_valid = llc_param_valid,
	.param_apply = llc_param_apply,
};
