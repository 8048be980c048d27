// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: issue-rate control (CCBP's IRC).
 *
 * With IRC off, or under MIL (CORUN_FW_IRC_ENABLE_MIL, mil.c, which
 * replaces the credits), every slot is unlimited. With credits on, the
 * mode says where a
 * slot's credits (miss-queue issues per SM per refill window,
 * CORUN_MCU_S_IRC_CREDITS) come from:
 *
 * CORUN_IRC_MODE_SHARES  the driver gives each slot a share (1/1024) and
 *                        a priority; credits = share * window / 1024, at
 *                        least one for a non-zero share.
 * CORUN_IRC_MODE_CCBP    the driver gives each slot its NoC and DRAM
 *                        quotas (units of the sustainable bandwidths, as
 *                        CCBP's Algorithm 1 hands them out) and its class;
 *                        the firmware takes the slot's rf and df from
 *                        its monitors (monitor.c) at every epoch and
 *                        turns the quotas into credits with Eqs. 1 and 3
 *                        (fw_irc_ccbp_credits()), the smaller of the two.
 *                        Latency-sensitive slots are not limited and go
 *                        first at the miss queue. Epochs rather than
 *                        ticks: the timer counts MCU cycles, which run on
 *                        while the GPU waits for the firmware, epochs
 *                        are GPU cycles.
 *
 * The hardware refills over the window the credits assume
 * (CORUN_MCU_IRC_WINDOW).
 */
#include "fw.h"

/* rf and df before a slot's first measured request: 1 each. */
#define IRC_FACTOR_UNKNOWN 1024u
/* df counts at most two DRAM accesses per request; more is a bad counter. */
#define IRC_FACTOR_MAX 4096u

/**
 * struct fw_irc - the policy's parameters and the CCBP mode's state
 * @enable: CORUN_FW_P_IRC_ENABLE
 * @window: CORUN_FW_P_IRC_WINDOW
 * @mode: CORUN_FW_P_IRC_MODE
 * @m: CORUN_FW_P_IRC_UNITS
 * @bw: CORUN_FW_P_IRC_NOC_BW, CORUN_FW_P_IRC_DRAM_BW
 * @bytes: CORUN_FW_P_IRC_REPLY, CORUN_FW_P_IRC_DRAM_BYTES
 * @share: CORUN_FW_P_IRC_SHARE per slot
 * @prio: CORUN_FW_P_IRC_PRIO per slot
 * @units: CORUN_FW_P_IRC_NOC_UNITS, CORUN_FW_P_IRC_DRAM_UNITS per slot
 * @cls: CORUN_FW_P_IRC_CLASS per slot
 * @credits: CORUN_FW_P_IRC_CREDITS per slot
 * @f: per slot, rf and df in force (1/1024)
 */
static struct fw_irc {
	u32 enable;
	u32 window;
	u32 mode;
	u32 m;
	u32 bw[2];
	u32 bytes[2];
	u32 share[CORUN_MAX_SLOTS];
	u32 prio[CORUN_MAX_SLOTS];
	u32 units[2][CORUN_MAX_SLOTS];
	u32 cls[CORUN_MAX_SLOTS];
	u32 credits[CORUN_MAX_SLOTS];
	u32 f[2][CORUN_MAX_SLOTS];
} irc;

u32 fw_irc_credits(u32 share, u32 window)
{
	u64 c = ((u64)share * window) / CORUN_FW_IRC_SHARE_ONE;

	if (share && !c)
		return 1;
	return (u32)c;
}

/*
 * floor(a * b / d) for d > 0, with the 128-bit product kept in two
 * halves: the RV32 image has no 64-bit division helper, so this is a
 * restoring division, one quotient bit per step. Saturates at ~0.
 */
u64 fw_muldiv64(u64 a, u64 b, u64 d)
{
	u64 al = a & 0xffffffffu, ah = a >> 32;
	u64 bl = b & 0xffffffffu, bh = b >> 32;
	u64 ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	u64 mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	u64 lo = (ll & 0xffffffffu) | (mid << 32);
	u64 hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	u64 r = 0, q = 0;
	int i;

	if (!d || hi >= d)
		return ~0ull;
	/* 128 / 64 bits: the quotient fits in 64 because hi < d. */
	r = hi;
	for (i = 63; i >= 0; i--) {
		bool top = r >> 63;

		r = (r << 1) | ((lo >> i) & 1);
		q <<= 1;
		if (top || r >= d) {
			r -= d;
			q |= 1;
		}
	}
	return q;
}

/*
 * One bandwidth's credits (Eq. 1 or Eq. 3); ~0: it does not limit. No
 * units of it does not limit either: Algorithm 1 scales the bandwidth
 * that is not the kernel's dominant one from the demand it measured at
 * the allocation, and a kernel that showed none there would otherwise be
 * held to one request per window once the factor of the epoch is not 0.
 */
static u64 irc_eq(u32 units, u32 bw, u32 window, u32 f, u32 m, u32 sms,
		  u32 bytes)
{
	if (!units || !bw || !f)
		return ~0ull;
	/*
	 * units/(1000 M) * bw/1000 * window / (f/1024 * sms * bytes):
	 * numerator below 2^73, denominator below 2^64 for the ranges of
	 * fwif.h and f <= IRC_FACTOR_MAX.
	 */
	return fw_muldiv64((u64)units * bw, (u64)window * 1024,
			   (u64)m * 1000000u * f * sms * bytes);
}

u32 fw_irc_ccbp_credits(const struct fw_irc_model *mo, u32 noc_units,
			u32 dram_units, u32 rf, u32 df)
{
	u64 cn, cd, c;

	if (rf > IRC_FACTOR_MAX)
		rf = IRC_FACTOR_MAX;
	if (df > IRC_FACTOR_MAX)
		df = IRC_FACTOR_MAX;
	if (!mo->m || !mo->sms || !mo->reply || !mo->dram_bytes)
		return CORUN_FW_IRC_CREDITS_UNLIMITED;
	/* a BI kernel Algorithm 1 gave nothing still issues one request */
	if (!noc_units && !dram_units)
		return 1;
	cn = irc_eq(noc_units, mo->noc_bw, mo->window, rf, mo->m, mo->sms,
		    mo->reply);
	cd = irc_eq(dram_units, mo->dram_bw, mo->window, df, mo->m, mo->sms,
		    mo->dram_bytes);
	c = cn < cd ? cn : cd;
	if (c == ~0ull)
		return CORUN_FW_IRC_CREDITS_UNLIMITED;
	if (c > mo->window)
		c = mo->window;
	return c ? (u32)c : 1;
}

static void irc_model(struct fw_irc_model *mo)
{
	mo->m = irc.m;
	mo->window = irc.window;
	mo->sms = fw.num_sms;
	mo->noc_bw = irc.bw[0];
	mo->dram_bw = irc.bw[1];
	mo->reply = irc.bytes[0];
	mo->dram_bytes = irc.bytes[1];
}

static void irc_apply_credits(unsigned int slot)
{
	u32 credits = CORUN_FW_IRC_CREDITS_UNLIMITED, prio = irc.prio[slot];
	struct fw_irc_model mo;

	if (irc.mode == CORUN_IRC_MODE_CCBP) {
		prio = irc.cls[slot] == CORUN_IRC_CLASS_LS ?
			       CORUN_FW_IRC_PRIO_LS :
			       0;
		if (irc.enable == CORUN_FW_IRC_ENABLE_CREDITS &&
		    irc.cls[slot] == CORUN_IRC_CLASS_BI) {
			irc_model(&mo);
			credits = fw_irc_ccbp_credits(
				&mo, irc.units[0][slot], irc.units[1][slot],
				irc.f[0][slot], irc.f[1][slot]);
		}
	} else if (irc.enable == CORUN_FW_IRC_ENABLE_CREDITS) {
		credits = fw_irc_credits(irc.share[slot], irc.window);
	}
	irc.credits[slot] = credits;
	fw_slot_wr(slot, CORUN_MCU_S_IRC_CREDITS, credits);
	fw_slot_wr(slot, CORUN_MCU_S_IRC_PRIO, prio);
}

static void irc_apply_all(void)
{
	unsigned int s;

	for (s = 0; s < fw.num_slots; s++)
		irc_apply_credits(s);
}

/* Entering the CCBP mode: nothing measured yet. */
static void irc_ccbp_start(void)
{
	unsigned int s;

	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		irc.f[0][s] = IRC_FACTOR_UNKNOWN;
		irc.f[1][s] = IRC_FACTOR_UNKNOWN;
	}
}

/* The monitors have the epoch's rf and df: credits follow them. */
static void irc_epoch(void)
{
	unsigned int s;

	if (irc.mode != CORUN_IRC_MODE_CCBP)
		return;
	/* a slot that sent nothing keeps what it showed last */
	for (s = 0; s < fw.num_slots; s++)
		fw_monitor_factors(s, &irc.f[0][s], &irc.f[1][s]);
	if (irc.enable == CORUN_FW_IRC_ENABLE_CREDITS)
		irc_apply_all();
}

static void irc_init(void)
{
	/* An even split, in case IRC is enabled before any share. */
	u32 even = fw.num_slots ? CORUN_FW_IRC_SHARE_ONE / fw.num_slots : 0;
	unsigned int s;

	irc.enable = 0;
	irc.window = FW_IRC_WINDOW_DEFAULT;
	irc.mode = CORUN_IRC_MODE_SHARES;
	irc.m = CORUN_FW_IRC_UNITS_BOOT;
	irc.bw[0] = 0;
	irc.bw[1] = 0;
	irc.bytes[0] = FW_IRC_REPLY_DEFAULT;
	irc.bytes[1] = FW_IRC_DRAM_BYTES_DEFAULT;
	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		irc.share[s] = even;
		irc.prio[s] = 0;
		irc.units[0][s] = 0;
		irc.units[1][s] = 0;
		irc.cls[s] = CORUN_IRC_CLASS_FREE;
	}
	irc_ccbp_start();
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
	case CORUN_FW_P_IRC_MODE:
		return &irc.mode;
	case CORUN_FW_P_IRC_UNITS:
		return &irc.m;
	case CORUN_FW_P_IRC_NOC_BW:
		return &irc.bw[0];
	case CORUN_FW_P_IRC_DRAM_BW:
		return &irc.bw[1];
	case CORUN_FW_P_IRC_REPLY:
		return &irc.bytes[0];
	case CORUN_FW_P_IRC_DRAM_BYTES:
		return &irc.bytes[1];
	case CORUN_FW_P_IRC_SHARE:
		return &irc.share[slot];
	case CORUN_FW_P_IRC_PRIO:
		return &irc.prio[slot];
	case CORUN_FW_P_IRC_NOC_UNITS:
		return &irc.units[0][slot];
	case CORUN_FW_P_IRC_DRAM_UNITS:
		return &irc.units[1][slot];
	case CORUN_FW_P_IRC_CLASS:
		return &irc.cls[slot];
	case CORUN_FW_P_IRC_CREDITS:
		return &irc.credits[slot];
	}
	return NULL;
}

static bool irc_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_IRC_ENABLE:
		return val < CORUN_FW_IRC_ENABLE_NR;
	case CORUN_FW_P_IRC_WINDOW:
		return val >= CORUN_FW_IRC_WINDOW_MIN &&
		       val <= CORUN_FW_IRC_WINDOW_MAX;
	case CORUN_FW_P_IRC_MODE:
		return val < CORUN_IRC_MODE_NR;
	case CORUN_FW_P_IRC_UNITS:
		return val >= 1 && val <= CORUN_FW_IRC_UNITS_MAX;
	case CORUN_FW_P_IRC_NOC_BW:
	case CORUN_FW_P_IRC_DRAM_BW:
		return val <= CORUN_FW_IRC_BW_MAX;
	case CORUN_FW_P_IRC_REPLY:
	case CORUN_FW_P_IRC_DRAM_BYTES:
		return val >= 1 && val <= CORUN_FW_IRC_BYTES_MAX;
	case CORUN_FW_P_IRC_SHARE:
		return val <= CORUN_FW_IRC_SHARE_ONE;
	case CORUN_FW_P_IRC_PRIO:
		return val <= CORUN_FW_IRC_PRIO_MAX;
	case CORUN_FW_P_IRC_NOC_UNITS:
	case CORUN_FW_P_IRC_DRAM_UNITS:
		return val <= CORUN_FW_IRC_UNITS_MAX * 1000;
	case CORUN_FW_P_IRC_CLASS:
		return val < CORUN_IRC_CLASS_NR;
	}
	return false; /* IRC_CREDITS is read-only */
}

static void irc_param_apply(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_IRC_WINDOW:
		/* The hardware refills over the window the credits assume. */
		fw_wr(CORUN_MCU_IRC_WINDOW, irc.window);
		irc_apply_all();
		break;
	case CORUN_FW_P_IRC_MODE:
		irc_ccbp_start();
		irc_apply_all();
		break;
	case CORUN_FW_P_IRC_SHARE:
	case CORUN_FW_P_IRC_PRIO:
	case CORUN_FW_P_IRC_NOC_UNITS:
	case CORUN_FW_P_IRC_DRAM_UNITS:
	case CORUN_FW_P_IRC_CLASS:
		irc_apply_credits(slot);
		break;
	case CORUN_FW_P_IRC_ENABLE:
		fw_mil_select(irc.enable == CORUN_FW_IRC_ENABLE_MIL);
		irc_apply_all();
		break;
	default: /* the CCBP model's device-wide values */
		irc_apply_all();
	}
}

const struct fw_policy fw_policy_irc = {
	.name = "irc",
	.features = CORUN_FW_FEAT_IRC | CORUN_FW_FEAT_IRC_CCBP,
	.init = irc_init,
	.param = irc_param,
	.param_valid = irc_param_valid,
	.param_apply = irc_param_apply,
	.epoch = irc_epoch,
};
