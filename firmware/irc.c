// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: issue-rate control (CCBP's IRC).
 *
 * The driver gives each slot a bandwidth share (1/1024) and a priority;
 * with IRC on, a slot may issue share * window / 1024 requests from the
 * L1 miss queue per refill window (CORUN_MCU_S_IRC_CREDITS), at least one
 * for a non-zero share. With IRC off every slot is unlimited. The
 * hardware refills over the window the credits assume
 * (CORUN_MCU_IRC_WINDOW).
 */
#include "fw.h"

/**
 * struct fw_irc - the policy's parameters
 * @enable: CORUN_FW_P_IRC_ENABLE
 * @window: CORUN_FW_P_IRC_WINDOW
 * @share: CORUN_FW_P_IRC_SHARE per slot
 * @prio: CORUN_FW_P_IRC_PRIO per slot
 */
static struct fw_irc {
	u32 enable;
	u32 window;
	u32 share[CORUN_MAX_SLOTS];
	u32 prio[CORUN_MAX_SLOTS];
} irc;

u32 fw_irc_credits(u32 share, u32 window)
{
	u64 c = ((u64)share * window) / CORUN_FW_IRC_SHARE_ONE;

	if (share && !c)
		return 1;
	return (u32)c;
}

static void irc_apply_credits(unsigned int slot)
{
	u32 credits = CORUN_FW_IRC_CREDITS_UNLIMITED;

	if (irc.enable)
		credits = fw_irc_credits(irc.share[slot], irc.window);
	fw_slot_wr(slot, CORUN_MCU_S_IRC_CREDITS, credits);
}

static void irc_apply_all(void)
{
	unsigned int s;

	for (s = 0; s < fw.num_slots; s++)
		irc_apply_credits(s);
}

static void irc_init(void)
{
	unsigned int s;

	irc.enable = 0;
	irc.window = FW_IRC_WINDOW_DEFAULT;
	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		/* An even split, in case IRC is enabled before any share. */
		irc.share[s] = fw.num_slots ?
				       CORUN_FW_IRC_SHARE_ONE / fw.num_slots :
				       0;
		irc.prio[s] = 0;
	}
	for (s = 0; s < fw.num_slots; s++)
		fw_slot_wr(s, CORUN_MCU_S_IRC_PRIO, irc.prio[s]);
	fw_wr(CORUN_MCU_IRC_WINDOW, irc.window);
	irc_apply_all();
}

static u32 *irc_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_IRC_ENABLE:
		return &irc.enable;
	case CORUN_FW_P_IRC_WINDOW:
		return &irc.window;
	case CORUN_FW_P_IRC_SHARE:
		return &irc.share[slot];
	case CORUN_FW_P_IRC_PRIO:
		return &irc.prio[slot];
	}
	return NULL;
}

static bool irc_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_IRC_ENABLE:
		return val <= 1;
	case CORUN_FW_P_IRC_WINDOW:
		return val >= CORUN_FW_IRC_WINDOW_MIN &&
		       val <= CORUN_FW_IRC_WINDOW_MAX;
	case CORUN_FW_P_IRC_SHARE:
		return val <= CORUN_FW_IRC_SHARE_ONE;
	case CORUN_FW_P_IRC_PRIO:
		return val <= CORUN_FW_IRC_PRIO_MAX;
	}
	return false;
}

static void irc_param_apply(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_IRC_WINDOW:
		/* The hardware refills over the window the credits assume. */
		fw_wr(CORUN_MCU_IRC_WINDOW, irc.window);
		irc_apply_all();
		break;
	case CORUN_FW_P_IRC_ENABLE:
		irc_apply_all();
		break;
	case CORUN_FW_P_IRC_SHARE:
		irc_apply_credits(slot);
		break;
	case CORUN_FW_P_IRC_PRIO:
		fw_slot_wr(slot, CORUN_MCU_S_IRC_PRIO, irc.prio[slot]);
		break;
	}
}

const struct fw_policy fw_policy_irc = {
	.name = "irc",
	.features = CORUN_FW_FEAT_IRC,
	.init = irc_init,
	.param = irc_param,
	.param_valid = irc_param_valid,
	.param_apply = irc_param_apply,
};
