// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware: the parameter store behind SET_PARAM/GET_PARAM.
 *
 * Every parameter is validated before it is stored, and applying it only
 * writes the registers fwif.h defines for it. Version 1 keeps the LLC
 * policy and VCP mode for the policy issues to act on; the IRC shares,
 * priorities, L1 way masks and bypass CTAs take effect at once through
 * the per-slot registers.
 */
#include "fw.h"

#define FW_PARAM_SLOT_MASK 0xffu

u32 fw_irc_credits(u32 share, u32 window)
{
	u64 c = ((u64)share * window) / CORUN_FW_IRC_SHARE_ONE;

	if (share && !c)
		return 1;
	return (u32)c;
}

static void fw_apply_irc(unsigned int slot)
{
	u32 credits = CORUN_FW_IRC_CREDITS_UNLIMITED;

	if (fw.irc_enable)
		credits =
			fw_irc_credits(fw.slot[slot].irc_share, fw.irc_window);
	fw_slot_wr(slot, CORUN_MCU_S_IRC_CREDITS, credits);
}

static void fw_apply_irc_all(void)
{
	unsigned int s;

	for (s = 0; s < fw.num_slots; s++)
		fw_apply_irc(s);
}

void fw_params_init(void)
{
	unsigned int s;

	fw.tick_cycles = FW_TICK_CYCLES_DEFAULT;
	fw.irc_enable = 0;
	fw.irc_window = FW_IRC_WINDOW_DEFAULT;
	fw.llc_policy = CORUN_LLC_LRU;
	fw.vcp_mode = CORUN_VCP_SHARED;

	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		/* An even split, in case IRC is enabled before any share. */
		fw.slot[s].irc_share =
			fw.num_slots ? CORUN_FW_IRC_SHARE_ONE / fw.num_slots : 0;
		fw.slot[s].irc_prio = 0;
		fw.slot[s].l1_ways = FW_L1_WAYS_ALL;
		fw.slot[s].l1_bypass_ctas = 0;
	}

	for (s = 0; s < fw.num_slots; s++) {
		fw_apply_irc(s);
		fw_slot_wr(s, CORUN_MCU_S_IRC_PRIO, fw.slot[s].irc_prio);
		fw_slot_wr(s, CORUN_MCU_S_L1_WAYS, fw.slot[s].l1_ways);
		fw_slot_wr(s, CORUN_MCU_S_L1_BYPASS_CTAS,
			   fw.slot[s].l1_bypass_ctas);
	}
	fw_wr(CORUN_MCU_TIMER_CMP, fw.tick_cycles);
	fw_wr(CORUN_MCU_IRC_WINDOW, fw.irc_window);
}

/*
 * The storage of a per-slot parameter, or NULL if @id names none (unknown
 * base, or a slot the hardware does not have).
 */
static u32 *fw_slot_param(u32 id)
{
	u32 slot = id & FW_PARAM_SLOT_MASK;

	if (slot >= fw.num_slots)
		return NULL;
	switch (id & ~FW_PARAM_SLOT_MASK) {
	case CORUN_FW_P_IRC_SHARE:
		return &fw.slot[slot].irc_share;
	case CORUN_FW_P_IRC_PRIO:
		return &fw.slot[slot].irc_prio;
	case CORUN_FW_P_L1_WAYS:
		return &fw.slot[slot].l1_ways;
	case CORUN_FW_P_L1_BYPASS_CTAS:
		return &fw.slot[slot].l1_bypass_ctas;
	}
	return NULL;
}

static u32 *fw_global_param(u32 id)
{
	switch (id) {
	case CORUN_FW_P_TICK_CYCLES:
		return &fw.tick_cycles;
	case CORUN_FW_P_TICKS:
		return &fw.ticks;
	case CORUN_FW_P_IRC_ENABLE:
		return &fw.irc_enable;
	case CORUN_FW_P_IRC_WINDOW:
		return &fw.irc_window;
	case CORUN_FW_P_LLC_POLICY:
		return &fw.llc_policy;
	case CORUN_FW_P_VCP_MODE:
		return &fw.vcp_mode;
	}
	return NULL;
}

/* Per-slot ids have a base above the low byte; global ids have none. */
static u32 fw_param_base(u32 id)
{
	return id & ~FW_PARAM_SLOT_MASK ? id & ~FW_PARAM_SLOT_MASK : id;
}

static u32 *fw_param(u32 id)
{
	if (id & ~(u32)0xffff)
		return NULL;
	if (id & ~FW_PARAM_SLOT_MASK)
		return fw_slot_param(id);
	return fw_global_param(id);
}

u32 fw_param_get(u32 id, u32 *val)
{
	u32 *p = fw_param(id);

	if (!p)
		return CORUN_FW_ENOENT;
	*val = *p;
	return CORUN_FW_OK;
}

static bool fw_param_valid(u32 id, u32 val)
{
	switch (fw_param_base(id)) {
	case CORUN_FW_P_TICK_CYCLES:
		return val >= CORUN_FW_TICK_CYCLES_MIN;
	case CORUN_FW_P_TICKS:
		return false; /* read-only */
	case CORUN_FW_P_IRC_ENABLE:
		return val <= 1;
	case CORUN_FW_P_IRC_WINDOW:
		return val >= CORUN_FW_IRC_WINDOW_MIN && val <= CORUN_FW_IRC_WINDOW_MAX;
	case CORUN_FW_P_LLC_POLICY:
		return val < CORUN_LLC_NR;
	case CORUN_FW_P_VCP_MODE:
		return val < CORUN_VCP_NR;
	case CORUN_FW_P_IRC_SHARE:
		return val <= CORUN_FW_IRC_SHARE_ONE;
	case CORUN_FW_P_IRC_PRIO:
		return val <= CORUN_FW_IRC_PRIO_MAX;
	case CORUN_FW_P_L1_WAYS:
		return val != 0; /* a slot must keep at least one way */
	case CORUN_FW_P_L1_BYPASS_CTAS:
		return val <= CORUN_FW_L1_BYPASS_CTAS_ALL;
	}
	return false;
}

static void fw_param_apply(u32 id)
{
	u32 slot = id & FW_PARAM_SLOT_MASK;

	switch (fw_param_base(id)) {
	case CORUN_FW_P_IRC_SHARE:
		fw_apply_irc(slot);
		break;
	case CORUN_FW_P_IRC_PRIO:
		fw_slot_wr(slot, CORUN_MCU_S_IRC_PRIO, fw.slot[slot].irc_prio);
		break;
	case CORUN_FW_P_L1_WAYS:
		fw_slot_wr(slot, CORUN_MCU_S_L1_WAYS, fw.slot[slot].l1_ways);
		break;
	case CORUN_FW_P_L1_BYPASS_CTAS:
		fw_slot_wr(slot, CORUN_MCU_S_L1_BYPASS_CTAS,
			   fw.slot[slot].l1_bypass_ctas);
		break;
	case CORUN_FW_P_TICK_CYCLES:
		fw_wr(CORUN_MCU_TIMER_CMP, fw.tick_cycles);
		break;
	case CORUN_FW_P_IRC_WINDOW:
		/* The hardware refills over the window the credits assume. */
		fw_wr(CORUN_MCU_IRC_WINDOW, fw.irc_window);
		fw_apply_irc_all();
		break;
	case CORUN_FW_P_IRC_ENABLE:
		fw_apply_irc_all();
		break;
	}
	/* LLC policy and VCP mode: stored for the policy code, no register. */
}

u32 fw_param_set(u32 id, u32 val, u32 *old)
{
	u32 *p = fw_param(id);

	if (!p)
		return CORUN_FW_ENOENT;
	if (!fw_param_valid(id, val))
		return CORUN_FW_EINVAL;
	*old = *p;
	*p = val;
	fw_param_apply(id);
	return CORUN_FW_OK;
}
