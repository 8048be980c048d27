// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: L1 partitioning (static or UCP) and CTA-level
 * bypass.
 *
 * CORUN_L1_MODE_STATIC: the driver gives each slot an L1 way mask (its
 * fills go only to those ways) and a number of bypass CTAs per SM (the
 * cache partitioning paper's TB-level bypass); both go unchanged to the
 * slot's registers. A mask must keep at least one way the L1 has
 * (CORUN_MCU_L1_WAYS); bits beyond them are ignored by the hardware.
 *
 * CORUN_L1_MODE_UCP: utility-based cache partitioning (Qureshi & Patt,
 * MICRO'06) of the L1's ways, as the CCBP paper's Fig. 14 hybrid applies
 * it to the L1D. The hardware's utility monitors (CORUN_MCU_L1_UMON_*)
 * count each slot's hits by LRU stack position in sampled shadow tags;
 * on every L1_UCP_PERIOD-th epoch the firmware runs the lookahead
 * allocation (fw_ucp_lookahead()) on those counters among the slots that
 * used the L1, programs contiguous way masks and has the hardware decay
 * the counters; the rules are at enum corun_l1_mode.
 * Bypass CTAs act as in the static mode.
 */
#include "fw.h"

/**
 * struct fw_l1 - the policy's parameters and UCP's state
 * @ways: CORUN_FW_P_L1_WAYS per slot
 * @bypass_ctas: CORUN_FW_P_L1_BYPASS_CTAS per slot
 * @mode: CORUN_FW_P_L1_MODE
 * @period: CORUN_FW_P_L1_UCP_PERIOD
 * @min_ways: CORUN_FW_P_L1_UCP_MIN_WAYS
 * @decay: CORUN_FW_P_L1_UCP_DECAY
 * @sample: CORUN_FW_P_L1_UCP_SAMPLE
 * @ucp_ways: CORUN_FW_P_L1_UCP_WAYS per slot
 * @epochs: UCP: epoch events since the last repartition
 * @lookups: UCP: per slot, its monitor's lookups (low 32 bits) at the
 *	last repartition
 *
 * The utility counters are the monitors' own (the hardware decays them),
 * so the firmware keeps no copy.
 */
static struct fw_l1 {
	u32 ways[CORUN_MAX_SLOTS];
	u32 bypass_ctas[CORUN_MAX_SLOTS];
	u32 mode;
	u32 period;
	u32 min_ways;
	u32 decay;
	u32 sample;
	u32 ucp_ways[CORUN_MAX_SLOTS];
	u32 epochs;
	u32 lookups[CORUN_MAX_SLOTS];
} l1;

/* A monitor counter, saturated to 32 bits. */
static u32 umon_read(unsigned int slot, u32 index)
{
	u32 lo;

	fw_wr(CORUN_MCU_L1_UMON_SEL, CORUN_MCU_L1_UMON_SEL_VAL(slot, index));
	lo = fw_rd(CORUN_MCU_L1_UMON_LO);
	return fw_rd(CORUN_MCU_L1_UMON_HI) ? 0xffffffffu : lo;
}

/* The L1's ways, as far as 32-bit masks reach. */
static u32 l1_nways(void)
{
	return fw.l1_ways > 32 ? 32 : fw.l1_ways;
}

/*
 * The slots whose monitors looked up a sampled set since the last call
 * (the low 32 bits of the count differ: a period is far shorter than 2^32
 * lookups).
 */
static u32 umon_active(void)
{
	u32 s, v, active = 0;

	for (s = 0; s < fw.num_slots; s++) {
		fw_wr(CORUN_MCU_L1_UMON_SEL,
		      CORUN_MCU_L1_UMON_SEL_VAL(s, CORUN_MCU_L1_UMON_ACCESSES));
		v = fw_rd(CORUN_MCU_L1_UMON_LO);
		if (v != l1.lookups[s])
			active |= BIT(s);
		l1.lookups[s] = v;
	}
	return active;
}

void fw_ucp_lookahead(const u32 *const *util, u32 n, u32 ways,
		      u32 min_ways, u32 *alloc)
{
	u32 i, k, balance = ways - n * min_ways;
	u64 gain, best_gain, row_gain;
	u32 best, best_k, row_k;

	for (i = 0; i < n; i++)
		alloc[i] = min_ways;
	while (balance) {
		best = n;
		best_gain = 0;
		best_k = 0;
		for (i = 0; i < n; i++) {
			/* the most hits per way over 1..balance more ways */
			gain = 0;
			row_gain = 0;
			row_k = 0;
			for (k = 1; k <= balance; k++) {
				gain += util[i][alloc[i] + k - 1];
				if (gain &&
				    (!row_k || gain * row_k > row_gain * k)) {
					row_gain = gain;
					row_k = k;
				}
			}
			if (row_k && (best == n ||
				      row_gain * best_k > best_gain * row_k)) {
				best = i;
				best_gain = row_gain;
				best_k = row_k;
			}
		}
		if (best == n)
			break;
		alloc[best] += best_k;
		balance -= best_k;
	}
	/* ways nobody gains from: one at a time in row order */
	for (i = 0; balance; i = (i + 1) % n, balance--)
		alloc[i]++;
}

/*
 * A repartition: the lookahead among the slots that used the L1, their
 * masks, then the decay of the utility counters.
 */
static void ucp_repartition(void)
{
	u32 rows[CORUN_MAX_SLOTS][32], alloc[CORUN_MAX_SLOTS];
	const u32 *util[CORUN_MAX_SLOTS];
	u32 idx[CORUN_MAX_SLOTS], active = umon_active(), nw = l1_nways();
	u32 s, p, n = 0, min, start = 0;

	for (s = 0; s < fw.num_slots; s++) {
		l1.ucp_ways[s] = FW_L1_WAYS_ALL;
		if (!(active & BIT(s)))
			continue;
		for (p = 0; p < nw; p++)
			rows[n][p] = umon_read(s, p);
		util[n] = rows[n];
		idx[n++] = s;
	}
	min = n ? nw / n : 0;
	if (min > l1.min_ways)
		min = l1.min_ways;
	if (min) {
		fw_ucp_lookahead(util, n, nw, min, alloc);
		for (s = 0; s < n; s++) {
			l1.ucp_ways[idx[s]] =
				(u32)((((u64)1 << alloc[s]) - 1) << start);
			start += alloc[s];
		}
	}
	for (s = 0; s < fw.num_slots; s++)
		fw_slot_wr(s, CORUN_MCU_S_L1_WAYS, l1.ucp_ways[s]);
	if (l1.decay)
		fw_wr(CORUN_MCU_L1_UMON_DECAY, l1.decay);
}

/*
 * The registers that follow from the mode and the parameters. Entering
 * UCP starts from scratch: empty shadow tags, no utility, every way.
 */
static void l1_program(void)
{
	unsigned int s;
	bool ucp = l1.mode == CORUN_L1_MODE_UCP;

	fw_wr(CORUN_MCU_L1_UMON_CTRL, ucp);
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		l1.ucp_ways[s] = FW_L1_WAYS_ALL;
	l1.epochs = 0;
	if (ucp) {
		fw_wr(CORUN_MCU_L1_UMON_DECAY, 64);
		umon_active();
	}
	for (s = 0; s < fw.num_slots; s++)
		fw_slot_wr(s, CORUN_MCU_S_L1_WAYS,
			   ucp ? l1.ucp_ways[s] : l1.ways[s]);
}

static void l1_init(void)
{
	unsigned int s;

	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		l1.ways[s] = FW_L1_WAYS_ALL;
		l1.bypass_ctas[s] = 0;
	}
	l1.mode = CORUN_L1_MODE_STATIC;
	l1.period = FW_L1_UCP_PERIOD_DEFAULT;
	l1.min_ways = FW_L1_UCP_MIN_WAYS_DEFAULT;
	l1.decay = FW_L1_UCP_DECAY_DEFAULT;
	l1.sample = CORUN_FW_L1_UMON_SAMPLE_BOOT;
	fw_wr(CORUN_MCU_L1_UMON_SAMPLE, l1.sample);
	l1_program();
	for (s = 0; s < fw.num_slots; s++)
		fw_slot_wr(s, CORUN_MCU_S_L1_BYPASS_CTAS, l1.bypass_ctas[s]);
}

static u32 *l1_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_L1_WAYS:
		return &l1.ways[slot];
	case CORUN_FW_P_L1_BYPASS_CTAS:
		return &l1.bypass_ctas[slot];
	case CORUN_FW_P_L1_MODE:
		return &l1.mode;
	case CORUN_FW_P_L1_UCP_PERIOD:
		return &l1.period;
	case CORUN_FW_P_L1_UCP_MIN_WAYS:
		return &l1.min_ways;
	case CORUN_FW_P_L1_UCP_DECAY:
		return &l1.decay;
	case CORUN_FW_P_L1_UCP_SAMPLE:
		return &l1.sample;
	case CORUN_FW_P_L1_UCP_WAYS:
		return &l1.ucp_ways[slot];
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
	case CORUN_FW_P_L1_MODE:
		return val < CORUN_L1_MODE_NR;
	case CORUN_FW_P_L1_UCP_PERIOD:
		return val >= 1 && val <= CORUN_FW_L1_UCP_PERIOD_MAX;
	case CORUN_FW_P_L1_UCP_MIN_WAYS:
		return val >= 1 && val <= l1_nways();
	case CORUN_FW_P_L1_UCP_DECAY:
		return val <= CORUN_FW_L1_UCP_DECAY_MAX;
	case CORUN_FW_P_L1_UCP_SAMPLE:
		return val >= 1 && val <= CORUN_FW_L1_UMON_SAMPLE_MAX;
	}
	return false; /* L1_UCP_WAYS is read-only */
}

static void l1_param_apply(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_L1_WAYS:
		if (l1.mode != CORUN_L1_MODE_UCP)
			fw_slot_wr(slot, CORUN_MCU_S_L1_WAYS, l1.ways[slot]);
		break;
	case CORUN_FW_P_L1_BYPASS_CTAS:
		fw_slot_wr(slot, CORUN_MCU_S_L1_BYPASS_CTAS,
			   l1.bypass_ctas[slot]);
		break;
	case CORUN_FW_P_L1_MODE:
		l1_program();
		break;
	case CORUN_FW_P_L1_UCP_SAMPLE:
		/* empties the shadow tags; the counters go on */
		fw_wr(CORUN_MCU_L1_UMON_SAMPLE, l1.sample);
		break;
	}
	/* PERIOD, MIN_WAYS and DECAY act at the next repartition */
}

static void l1_epoch(void)
{
	if (l1.mode != CORUN_L1_MODE_UCP || ++l1.epochs < l1.period)
		return;
	l1.epochs = 0;
	ucp_repartition();
}

const struct fw_policy fw_policy_l1 = {
	.name = "l1",
	.features = CORUN_FW_FEAT_L1_STATIC | CORUN_FW_FEAT_L1_UCP,
	.init = l1_init,
	.param = l1_param,
	.param_valid = l1_param_valid,
	.param_apply = l1_param_apply,
	.epoch = l1_epoch,
};
