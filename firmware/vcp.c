// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: NoC virtual-channel partitioning.
 *
 * CORUN_VCP_SHARED  every slot's packets take the VC the configuration's
 *                   [noc] vc_map gives them (CORUN_FW_VC_CONFIG);
 * CORUN_VCP_STATIC  each slot's packets, requests and replies, all travel
 *                   in the slot's CORUN_FW_P_VC (which may itself be
 *                   CORUN_FW_VC_CONFIG).
 * CORUN_VCP_DYNAMIC is not implemented: the value is refused and its
 * feature bit is off.
 */
#include "fw.h"

/**
 * struct fw_vcp - the policy's parameters
 * @mode: CORUN_FW_P_VCP_MODE
 * @vc: CORUN_FW_P_VC per slot
 */
static struct fw_vcp {
	u32 mode;
	u32 vc[CORUN_MAX_SLOTS];
} vcp;

static void vcp_apply_slot(unsigned int slot)
{
	fw_slot_wr(slot, CORUN_MCU_S_VC,
		   vcp.mode == CORUN_VCP_STATIC ? vcp.vc[slot] :
						  CORUN_FW_VC_CONFIG);
}

static void vcp_apply_all(void)
{
	unsigned int s;

	for (s = 0; s < fw.num_slots; s++)
		vcp_apply_slot(s);
}

static void vcp_init(void)
{
	unsigned int s;

	vcp.mode = CORUN_VCP_SHARED;
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		vcp.vc[s] = CORUN_FW_VC_CONFIG;
	vcp_apply_all();
}

static u32 *vcp_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_VCP_MODE:
		return &vcp.mode;
	case CORUN_FW_P_VC:
		return &vcp.vc[slot];
	}
	return NULL;
}

static bool vcp_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_VCP_MODE:
		return val == CORUN_VCP_SHARED || val == CORUN_VCP_STATIC;
	case CORUN_FW_P_VC:
		return val < fw.num_vcs || val == CORUN_FW_VC_CONFIG;
	}
	return false;
}

static void vcp_param_apply(u32 base, u32 slot)
{
	if (base == CORUN_FW_P_VCP_MODE)
		vcp_apply_all();
	else
		vcp_apply_slot(slot);
}

const struct fw_policy fw_policy_vcp = {
	.name = "vcp",
	.features = CORUN_FW_FEAT_VCP_STATIC,
	.init = vcp_init,
	.param = vcp_param,
	.param_valid = vcp_param_valid,
	.param_apply = vcp_param_apply,
};
