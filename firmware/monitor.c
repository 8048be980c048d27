// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: per-slot rf and df monitors (CCBP's bandwidth
 * model inputs).
 *
 * On every epoch event the monitor reads each slot's requests leaving the
 * L1, read requests and DRAM accesses caused (dirty write-backs included)
 * through the 64-bit counter window and computes, over the span since the
 * previous epoch event it handled (or since boot):
 *	rf = floor(1024 * reads / requests)
 *	df = floor(1024 * DRAM accesses / requests)
 * both 0 for a slot that made no request; df may exceed 1024. They are
 * read with GET_PARAM (CORUN_FW_P_RF, CORUN_FW_P_DF), and
 * CORUN_FW_P_EPOCHS counts the epoch events handled.
 */
#include "fw.h"

/* The counters the monitor reads, in struct fw_monitor's @last order. */
enum { MON_REQ, MON_READ, MON_DRAM, MON_NR };

static const u32 mon_ctr[MON_NR] = {
	[MON_REQ] = FW_CTR(requests),
	[MON_READ] = FW_CTR(read_requests),
	[MON_DRAM] = FW_CTR(dram_accesses),
};

/**
 * struct fw_monitor - the monitor's state
 * @epochs: epoch events handled (CORUN_FW_P_EPOCHS)
 * @rf: per slot, rf over the last span (CORUN_FW_P_RF)
 * @df: per slot, df over the last span (CORUN_FW_P_DF)
 * @busy: per slot, it made a request in the last span
 * @last: per slot, the counters at the start of the current span
 */
static struct fw_monitor {
	u32 epochs;
	u32 rf[CORUN_MAX_SLOTS];
	u32 df[CORUN_MAX_SLOTS];
	bool busy[CORUN_MAX_SLOTS];
	u64 last[CORUN_MAX_SLOTS][MON_NR];
} mon;

bool fw_monitor_factors(unsigned int slot, u32 *rf, u32 *df)
{
	if (!mon.busy[slot])
		return false;
	*rf = mon.rf[slot];
	*df = mon.df[slot];
	return true;
}

u32 fw_ratio1024(u64 num, u64 den)
{
	u64 q = 0;
	unsigned int sh = 0;

	if (!den)
		return 0;
	/* Keep num * 1024 within 64 bits. */
	while (num >> 54) {
		num >>= 1;
		den >>= 1;
	}
	if (!den)
		return 0xffffffffu;
	num <<= 10;
	if (!(num >> 32) && !(den >> 32))
		return (u32)num / (u32)den;
	/* Shift and subtract, one step per quotient bit. */
	while (!(den >> 63) && (den << 1) <= num) {
		den <<= 1;
		sh++;
	}
	for (;;) {
		q <<= 1;
		if (num >= den) {
			num -= den;
			q |= 1;
		}
		if (!sh--)
			break;
		den >>= 1;
	}
	return q >> 32 ? 0xffffffffu : (u32)q;
}

static void mon_read(unsigned int slot, u64 *c)
{
	unsigned int i;

	for (i = 0; i < MON_NR; i++)
		c[i] = fw_slot_counter(slot, mon_ctr[i]);
}

static void mon_init(void)
{
	unsigned int s;

	mon.epochs = 0;
	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		mon.rf[s] = 0;
		mon.df[s] = 0;
		mon.busy[s] = false;
	}
	/* A firmware loaded mid-run measures from its boot on. */
	for (s = 0; s < fw.num_slots; s++)
		mon_read(s, mon.last[s]);
}

static void mon_epoch(void)
{
	u64 c[MON_NR], req;
	unsigned int s;

	mon.epochs++;
	for (s = 0; s < fw.num_slots; s++) {
		mon_read(s, c);
		req = c[MON_REQ] - mon.last[s][MON_REQ];
		mon.busy[s] = req != 0;
		mon.rf[s] =
			fw_ratio1024(c[MON_READ] - mon.last[s][MON_READ], req);
		mon.df[s] =
			fw_ratio1024(c[MON_DRAM] - mon.last[s][MON_DRAM], req);
		mon.last[s][MON_REQ] = c[MON_REQ];
		mon.last[s][MON_READ] = c[MON_READ];
		mon.last[s][MON_DRAM] = c[MON_DRAM];
	}
}

static u32 *mon_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_EPOCHS:
		return &mon.epochs;
	case CORUN_FW_P_RF:
		return &mon.rf[slot];
	case CORUN_FW_P_DF:
		return &mon.df[slot];
	}
	return NULL;
}

/* Every monitor is read-only. */
static bool mon_param_valid(u32 base, u32 slot, u32 val)
{
	(void)base;
	(void)slot;
	(void)val;
	return false;
}

static void mon_param_apply(u32 base, u32 slot)
{
	(void)base;
	(void)slot;
}

const struct fw_policy fw_policy_monitor = {
	.name = "monitor",
	.features = CORUN_FW_FEAT_MONITORS,
	.init = mon_init,
	.param = mon_param,
	.param_valid = mon_param_valid,
	.param_apply = mon_param_apply,
	.epoch = mon_epoch,
};
