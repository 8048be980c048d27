// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Native unit tests of the firmware policies (irc.c, l1.c, llc.c, vcp.c,
 * dram.c, monitor.c) on the fake register window: the validation
 * boundaries of every parameter, what applying each one writes to the
 * window, and the monitor's arithmetic over synthetic epochs.
 */
#include <stdio.h>
#include <string.h>

#include "fw_test.h"

/**
 * struct param_case - validation of one parameter
 * @id: parameter (slot 0 for per-slot ones)
 * @def: default after boot (with SLOTS slots)
 * @good: accepted values
 * @bad: rejected values (CORUN_FW_EINVAL)
 */
struct param_case {
	u32 id;
	u32 def;
	u32 good[4];
	u32 bad[4];
};

/* The fake window has FAKE_VCS VCs, FAKE_L1_WAYS and FAKE_LLC_WAYS ways. */
static const struct param_case param_cases[] = {
	{ CORUN_FW_P_TICK_CYCLES, FW_TICK_CYCLES_DEFAULT,
	  { CORUN_FW_TICK_CYCLES_MIN, 5000, 0xffffffff, 100000 },
	  { 0, 1, CORUN_FW_TICK_CYCLES_MIN - 1, 50 } },
	{ CORUN_FW_P_IRC_ENABLE, 0,
	  { CORUN_FW_IRC_ENABLE_CREDITS, CORUN_FW_IRC_ENABLE_MIL, 0,
	    CORUN_FW_IRC_ENABLE_MIL },
	  { CORUN_FW_IRC_ENABLE_NR, 4, 0x100, ~0u } },
	{ CORUN_FW_P_IRC_WINDOW, FW_IRC_WINDOW_DEFAULT,
	  { CORUN_FW_IRC_WINDOW_MIN, CORUN_FW_IRC_WINDOW_MAX, 4096, 1000 },
	  { 0, CORUN_FW_IRC_WINDOW_MIN - 1, CORUN_FW_IRC_WINDOW_MAX + 1, ~0u } },
	/* The dynamic policies are not implemented: refused. */
	{ CORUN_FW_P_LLC_POLICY, CORUN_LLC_LRU,
	  { CORUN_LLC_PROB_STATIC, CORUN_LLC_WAYPART, CORUN_LLC_LRU,
	    CORUN_LLC_WAYPART },
	  { CORUN_LLC_PROB_DYNAMIC, CORUN_LLC_NR, 0x80000000, ~0u } },
	{ CORUN_FW_P_LLC_PROB, FW_LLC_PROB_DEFAULT,
	  { 0, CORUN_FW_LLC_PROB_ONE, 1, 512 },
	  { CORUN_FW_LLC_PROB_ONE + 1, 2000, 0x10000, ~0u } },
	{ CORUN_FW_P_VCP_MODE, CORUN_VCP_SHARED,
	  { CORUN_VCP_STATIC, CORUN_VCP_SHARED, CORUN_VCP_STATIC,
	    CORUN_VCP_STATIC },
	  { CORUN_VCP_DYNAMIC, CORUN_VCP_NR, 0x10000, ~0u } },
	{ CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_FRFCFS,
	  { CORUN_DRAM_SLOT_PRIO, CORUN_DRAM_TCM, CORUN_DRAM_BW_APP,
	    CORUN_DRAM_FRFCFS },
	  { CORUN_DRAM_NR, CORUN_DRAM_NR + 1, 0x100, ~0u } },
	{ CORUN_FW_P_IRC_SHARE, CORUN_FW_IRC_SHARE_ONE / SLOTS,
	  { 0, CORUN_FW_IRC_SHARE_ONE, 1, 512 },
	  { CORUN_FW_IRC_SHARE_ONE + 1, 2048, 0x10000, ~0u } },
	{ CORUN_FW_P_IRC_PRIO, 0, { CORUN_FW_IRC_PRIO_MAX, 1, 7, 0 },
	  { CORUN_FW_IRC_PRIO_MAX + 1, 100, 0x8000, ~0u } },
	/* A mask must keep a way the L1 has; other bits are ignored. */
	{ CORUN_FW_P_L1_WAYS, FW_L1_WAYS_ALL,
	  { 1, BIT(FAKE_L1_WAYS - 1), 0x80000001, 0xff },
	  { 0, BIT(FAKE_L1_WAYS), 0xffffff00, 0x80000000 } },
	{ CORUN_FW_P_L1_BYPASS_CTAS, 0,
	  { 1, CORUN_FW_L1_BYPASS_CTAS_ALL, 0, 7 },
	  { CORUN_FW_L1_BYPASS_CTAS_ALL + 1, 0x10000, 0x80000000, ~0u } },
	{ CORUN_FW_P_VC, CORUN_FW_VC_CONFIG,
	  { 0, FAKE_VCS - 1, CORUN_FW_VC_CONFIG, 1 },
	  { FAKE_VCS, FAKE_VCS + 1, 0xfffffffe, 0x80000000 } },
	{ CORUN_FW_P_DRAM_PRIO, 0, { CORUN_FW_DRAM_PRIO_MAX, 1, 0, 7 },
	  { CORUN_FW_DRAM_PRIO_MAX + 1, 255, 0x10000, ~0u } },
	{ CORUN_FW_P_LLC_WAYS, FW_LLC_WAYS_ALL,
	  { 1, BIT(FAKE_LLC_WAYS - 1), 0xf0000f00, 0xffff },
	  { 0, BIT(FAKE_LLC_WAYS), 0xffff0000, 0x80000000 } },
	{ CORUN_FW_P_IRC_MODE, CORUN_IRC_MODE_SHARES,
	  { CORUN_IRC_MODE_CCBP, CORUN_IRC_MODE_SHARES, CORUN_IRC_MODE_CCBP,
	    CORUN_IRC_MODE_SHARES },
	  { CORUN_IRC_MODE_NR, 3, 0x100, ~0u } },
	{ CORUN_FW_P_IRC_UNITS, CORUN_FW_IRC_UNITS_BOOT,
	  { 1, CORUN_FW_IRC_UNITS_MAX, 20, 64 },
	  { 0, CORUN_FW_IRC_UNITS_MAX + 1, 0x10000, ~0u } },
	{ CORUN_FW_P_IRC_NOC_BW, 0, { 1, CORUN_FW_IRC_BW_MAX, 0, 307200 },
	  { CORUN_FW_IRC_BW_MAX + 1, 0x10000000, 0x80000000, ~0u } },
	{ CORUN_FW_P_IRC_DRAM_BW, 0, { CORUN_FW_IRC_BW_MAX, 1, 186083, 0 },
	  { CORUN_FW_IRC_BW_MAX + 1, 0x7fffffff, 0x80000000, ~0u } },
	{ CORUN_FW_P_IRC_REPLY, FW_IRC_REPLY_DEFAULT,
	  { 1, CORUN_FW_IRC_BYTES_MAX, 64, 160 },
	  { 0, CORUN_FW_IRC_BYTES_MAX + 1, 0x10000, ~0u } },
	{ CORUN_FW_P_IRC_DRAM_BYTES, FW_IRC_DRAM_BYTES_DEFAULT,
	  { CORUN_FW_IRC_BYTES_MAX, 1, 32, 128 },
	  { 0, CORUN_FW_IRC_BYTES_MAX + 1, 0x80000000, ~0u } },
	{ CORUN_FW_P_IRC_NOC_UNITS, 0,
	  { 1, CORUN_FW_IRC_UNITS_MAX * 1000, 20000, 2500 },
	  { CORUN_FW_IRC_UNITS_MAX * 1000 + 1, 0x1000000, 0x80000000, ~0u } },
	{ CORUN_FW_P_IRC_DRAM_UNITS, 0,
	  { CORUN_FW_IRC_UNITS_MAX * 1000, 0, 333, 20000 },
	  { CORUN_FW_IRC_UNITS_MAX * 1000 + 1, 200000, 0x1000000, ~0u } },
	{ CORUN_FW_P_MIL_HIGH, 256, { 0, CORUN_FW_MIL_RATE_MAX, 1, 1024 },
	  { CORUN_FW_MIL_RATE_MAX + 1, 0x100000, 0x80000000, ~0u } },
	{ CORUN_FW_P_MIL_LOW, 64, { CORUN_FW_MIL_RATE_MAX, 0, 2048, 64 },
	  { CORUN_FW_MIL_RATE_MAX + 1, 0x1000000, 0x80000000, ~0u } },
	{ CORUN_FW_P_MIL_MIN, 2, { 1, CORUN_FW_MIL_CAP_MAX, 4, 2 },
	  { 0, CORUN_FW_MIL_CAP_MAX + 1, 0x10000, ~0u } },
	{ CORUN_FW_P_MIL_MAX, 32, { CORUN_FW_MIL_CAP_MAX, 1, 64, 32 },
	  { 0, CORUN_FW_MIL_CAP_MAX + 1, 0x80000000, ~0u } },
	{ CORUN_FW_P_MIL_STEP, 2, { 1, CORUN_FW_MIL_CAP_MAX, 8, 2 },
	  { 0, CORUN_FW_MIL_CAP_MAX + 1, 1000, ~0u } },
	{ CORUN_FW_P_L1_MODE, CORUN_L1_MODE_STATIC,
	  { CORUN_L1_MODE_UCP, CORUN_L1_MODE_STATIC, CORUN_L1_MODE_UCP,
	    CORUN_L1_MODE_STATIC },
	  { CORUN_L1_MODE_NR, 3, 0x100, ~0u } },
	{ CORUN_FW_P_L1_UCP_PERIOD, FW_L1_UCP_PERIOD_DEFAULT,
	  { 1, CORUN_FW_L1_UCP_PERIOD_MAX, 10, 5 },
	  { 0, CORUN_FW_L1_UCP_PERIOD_MAX + 1, 0x10000, ~0u } },
	{ CORUN_FW_P_L1_UCP_MIN_WAYS, FW_L1_UCP_MIN_WAYS_DEFAULT,
	  { FAKE_L1_WAYS, 1, 2, 4 }, { 0, FAKE_L1_WAYS + 1, 32, ~0u } },
	{ CORUN_FW_P_L1_UCP_DECAY, FW_L1_UCP_DECAY_DEFAULT,
	  { 0, CORUN_FW_L1_UCP_DECAY_MAX, 2, 1 },
	  { CORUN_FW_L1_UCP_DECAY_MAX + 1, 64, 0x100, ~0u } },
	{ CORUN_FW_P_L1_UCP_SAMPLE, CORUN_FW_L1_UMON_SAMPLE_BOOT,
	  { 1, CORUN_FW_L1_UMON_SAMPLE_MAX, 4, 8 },
	  { 0, CORUN_FW_L1_UMON_SAMPLE_MAX + 1, 0x10000, ~0u } },
	{ CORUN_FW_P_DRAM_TCM_THRESH, CORUN_FW_DRAM_TCM_THRESH_BOOT,
	  { 0, CORUN_FW_DRAM_TCM_THRESH_ONE, 1, 171 },
	  { CORUN_FW_DRAM_TCM_THRESH_ONE + 1, 2048, 0x10000, ~0u } },
	{ CORUN_FW_P_DRAM_TCM_QUANTUM, FW_DRAM_TCM_QUANTUM_DEFAULT,
	  { 1, CORUN_FW_DRAM_TCM_EPOCHS_MAX, 100, 10 },
	  { 0, CORUN_FW_DRAM_TCM_EPOCHS_MAX + 1, 0x80000000, ~0u } },
	{ CORUN_FW_P_DRAM_TCM_SHUFFLE, FW_DRAM_TCM_SHUFFLE_DEFAULT,
	  { CORUN_FW_DRAM_TCM_EPOCHS_MAX, 1, 8, 1 },
	  { 0, CORUN_FW_DRAM_TCM_EPOCHS_MAX + 1, 0x1000000, ~0u } },
	{ CORUN_FW_P_IRC_CLASS, CORUN_IRC_CLASS_FREE,
	  { CORUN_IRC_CLASS_LS, CORUN_IRC_CLASS_BI, CORUN_IRC_CLASS_FREE,
	    CORUN_IRC_CLASS_LS },
	  { CORUN_IRC_CLASS_NR, 3, 0x100, ~0u } },
};

static void param_case_desc(const struct param_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "param 0x%04x", c->id);
}

KUNIT_ARRAY_PARAM(param_case, param_cases, param_case_desc);

/* Snapshot of the window, to see that a refused value writes nothing. */
static u32 snap[CORUN_MCU_CTL_SIZE / 4];

static void fw_policy_test_validation(struct kunit *test)
{
	const struct param_case *c = test->param_value;
	bool per_slot = c->id >= 0x100;
	unsigned int k, slot;

	fw_test_boot(test);
	for (slot = 0; slot < (per_slot ? SLOTS : 1); slot++) {
		u32 id = per_slot ? CORUN_FW_PARAM_SLOT(c->id, slot) : c->id;
		u32 cur = c->def, v, old;

		KUNIT_EXPECT_EQ_MSG(test, fw_test_get(id, &v), OK_HDR(1),
				    "param 0x%x", id);
		KUNIT_EXPECT_EQ_MSG(test, v, c->def, "param 0x%x", id);
		for (k = 0; k < ARRAY_SIZE(c->good); k++) {
			KUNIT_EXPECT_EQ_MSG(test, fw_test_set(id, c->good[k], &old),
					    OK_HDR(1), "param 0x%x = 0x%x", id,
					    c->good[k]);
			KUNIT_EXPECT_EQ_MSG(test, old, cur, "param 0x%x old", id);
			cur = c->good[k];
			KUNIT_EXPECT_EQ(test, fw_test_get(id, &v), OK_HDR(1));
			KUNIT_EXPECT_EQ(test, v, cur);
		}
		for (k = 0; k < ARRAY_SIZE(c->bad); k++) {
			memcpy(snap, fake.regs, sizeof(snap));
			KUNIT_EXPECT_EQ_MSG(test, fw_test_set(id, c->bad[k], &old),
					    ERR_HDR(CORUN_FW_EINVAL),
					    "param 0x%x = 0x%x", id, c->bad[k]);
			/* A rejected value leaves the old one, and the window. */
			KUNIT_EXPECT_EQ(test, fw_test_get(id, &v), OK_HDR(1));
			KUNIT_EXPECT_EQ(test, v, cur);
			KUNIT_EXPECT_MEMEQ(test, fake.regs, snap, sizeof(snap));
		}
	}
}

/* ---- irc.c ---- */

static void tick(void)
{
	fake.events = CORUN_MCU_EV_TICK;
	fw_poll();
}

static void next_epoch(void)
{
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, fake_reg(CORUN_MCU_EPOCH_SEQ) + 1);
	fake.events = CORUN_MCU_EV_EPOCH;
	fw_poll();
}

static u32 credits(unsigned int slot)
{
	return slot_reg(slot, CORUN_MCU_S_IRC_CREDITS);
}

static void fw_policy_test_irc(struct kunit *test)
{
	unsigned int s;

	KUNIT_EXPECT_EQ(test, fw_irc_credits(0, 1000), 0u);
	KUNIT_EXPECT_EQ(test, fw_irc_credits(1, 100), 1u); /* rounds up to 1 */
	KUNIT_EXPECT_EQ(test, fw_irc_credits(512, 1000), 500u);
	KUNIT_EXPECT_EQ(test, fw_irc_credits(CORUN_FW_IRC_SHARE_ONE,
					     CORUN_FW_IRC_WINDOW_MAX),
			CORUN_FW_IRC_WINDOW_MAX);

	fw_test_boot(test);
	/* Off: no limit, whatever the shares. */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 3),
				    512, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(3), CORUN_FW_IRC_CREDITS_UNLIMITED);

	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_IRC_WINDOW, 2000, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_IRC_ENABLE, 1, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(3), 1000u);
	/* The others keep the even split: 128/1024 of 2000 cycles. */
	for (s = 0; s < SLOTS; s++)
		if (s != 3)
			KUNIT_EXPECT_EQ(test, credits(s), 250u);

	/* A new window rescales every slot. */
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_IRC_WINDOW, 4000, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(3), 2000u);
	KUNIT_EXPECT_EQ(test, credits(0), 500u);
	/* ...and the hardware refills over the same window. */
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_IRC_WINDOW), 4000u);

	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 0),
				    0, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(0), 0u);

	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO, 7),
				    9, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(7, CORUN_MCU_S_IRC_PRIO), 9u);
	KUNIT_EXPECT_EQ(test, slot_reg(6, CORUN_MCU_S_IRC_PRIO), 0u);

	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_IRC_ENABLE, 0, NULL),
			OK_HDR(1));
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, credits(s), CORUN_FW_IRC_CREDITS_UNLIMITED);
}

/* The paper's platform (Table 1), in NoC cycles: a 200-cycle window. */
static const struct fw_irc_model paper = {
	.m = 20,
	.window = 200,
	.sms = 16,
	.noc_bw = 307200, /* 60 % of 16 ports x 32 B, per 1000 cycles */
	.dram_bw = 186083, /* 70 % of 319 GB/s at 1.2 GHz */
	.reply = 160,
	.dram_bytes = 128,
};

/* Eqs. 1 and 3 on worked numbers; the smaller one binds. */
static void fw_policy_test_irc_ccbp_formula(struct kunit *test)
{
	struct fw_irc_model mo = paper;

	/*
	 * Half of each bandwidth (10 of 20 units): 0.5 * 307200 / 1000 *
	 * 200 / (16 * 160) = 12 read replies per SM per window; DRAM
	 * 0.5 * 186083 / 1000 * 200 / (16 * 128) = 9.09.
	 */
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 10000, 10000, 1024, 0),
			12u);
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 10000, 10000, 0, 1024),
			9u);
	KUNIT_EXPECT_EQ(test,
			fw_irc_ccbp_credits(&mo, 10000, 10000, 1024, 1024), 9u);
	/* half the requests are reads: twice the issues for the same NoC */
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 10000, 0, 512, 0), 24u);
	/*
	 * An NBI kernel (rf 1, df 0.15) with 14 NoC and 3 DRAM units: NoC
	 * 16.8, DRAM 3/20 * 186.083 * 200 / (16 * 128 * 154/1024) = 18.1.
	 */
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 14000, 3000, 1024, 154),
			16u);
	/* a quota of less than one request still issues one */
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 100, 20000, 1024, 0),
			1u);
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 0, 0, 1024, 1024), 1u);
	/*
	 * No units of the other bandwidth: it does not limit, whatever the
	 * factor (an NBI kernel with no DRAM demand at its allocation, 7
	 * NoC units: 0.35 * 307.2 * 200 / (16 * 160) = 8.4; a DBI one with
	 * 10 DRAM units and no NoC units: 9.09).
	 */
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 7000, 0, 1024, 200),
			8u);
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 0, 10000, 1024, 1024),
			9u);
	/* never more than one issue per cycle of the window */
	KUNIT_EXPECT_EQ(test,
			fw_irc_ccbp_credits(&mo, 100000, 100000, 1, 1), 200u);
	/* neither bandwidth limits: no factor, or no bandwidth told */
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 5000, 5000, 0, 0),
			CORUN_FW_IRC_CREDITS_UNLIMITED);
	mo.noc_bw = 0;
	mo.dram_bw = 0;
	KUNIT_EXPECT_EQ(test,
			fw_irc_ccbp_credits(&mo, 5000, 5000, 1024, 1024),
			CORUN_FW_IRC_CREDITS_UNLIMITED);
	/* df beyond 4 is taken as 4: a 4x smaller DRAM rate than df 1 */
	mo = paper;
	mo.window = 20000;
	KUNIT_EXPECT_EQ(test,
			fw_irc_ccbp_credits(&mo, 0, 20000, 0, 0xffffffffu),
			fw_irc_ccbp_credits(&mo, 0, 20000, 0, 4096));
	KUNIT_EXPECT_EQ(test, fw_irc_ccbp_credits(&mo, 0, 20000, 0, 4096),
			454u); /* 186.083 * 20000 / (16 * 128 * 4) = 454.3 */
}

/* The 128-bit floor(a * b / d) against the compiler's, on edge cases. */
static void fw_policy_test_muldiv(struct kunit *test)
{
	static const u64 v[] = {
		0, 1, 2, 3, 1000, 0xffffffffull, 0x100000000ull,
		0x123456789abcdefull, 1ull << 63, ~0ull, ~0ull - 1,
		0x8000000000000001ull, 307200ull * 100000, 1ull << 40,
	};
	unsigned int i, j, k;

	for (i = 0; i < ARRAY_SIZE(v); i++)
		for (j = 0; j < ARRAY_SIZE(v); j++)
			for (k = 0; k < ARRAY_SIZE(v); k++) {
				unsigned __int128 p =
					(unsigned __int128)v[i] * v[j];
				u64 want;

				if (!v[k] || p / v[k] > ~0ull)
					want = ~0ull;
				else
					want = (u64)(p / v[k]);
				KUNIT_EXPECT_EQ_MSG(test,
						    fw_muldiv64(v[i], v[j], v[k]),
						    want, "%llx * %llx / %llx",
						    (unsigned long long)v[i],
						    (unsigned long long)v[j],
						    (unsigned long long)v[k]);
			}
}

static void set_ok(struct kunit *test, u32 id, u32 val)
{
	KUNIT_EXPECT_EQ_MSG(test, fw_test_set(id, val, NULL), OK_HDR(1),
			    "param 0x%x = %u", id, val);
}

static void slot_requests(unsigned int s, u64 req, u64 reads, u64 dram)
{
	fake.ctr[s][FW_CTR(requests)] += req;
	fake.ctr[s][FW_CTR(read_requests)] += reads;
	fake.ctr[s][FW_CTR(dram_accesses)] += dram;
}

/*
 * The CCBP mode: the driver's quotas and classes, the firmware's rf and df
 * measured per tick, the credits and LS-first priorities it programs.
 */
static void fw_policy_test_irc_ccbp(struct kunit *test)
{
	u32 v;

	fw_test_boot(test);
	set_ok(test, CORUN_FW_P_IRC_NOC_BW, paper.noc_bw);
	set_ok(test, CORUN_FW_P_IRC_DRAM_BW, paper.dram_bw);
	set_ok(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 0), 10);
	set_ok(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO, 1), 5);
	/* the quotas wait for the mode: shares and priorities in force */
	set_ok(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_NOC_UNITS, 0), 10000);
	set_ok(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_DRAM_UNITS, 0), 10000);
	set_ok(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CLASS, 0),
	       CORUN_IRC_CLASS_BI);
	set_ok(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CLASS, 1),
	       CORUN_IRC_CLASS_LS);
	set_ok(test, CORUN_FW_P_IRC_ENABLE, 1);
	KUNIT_EXPECT_EQ(test, credits(0), 1u); /* 10/1024 of 200 */
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_IRC_PRIO), 5u);
	/* no epoch since the mode: not measured */
	slot_requests(0, 1000, 1000, 0);
	next_epoch();
	set_ok(test, CORUN_FW_P_IRC_MODE, CORUN_IRC_MODE_CCBP);
	/* unmeasured: rf = df = 1, so DRAM binds: 9 */
	KUNIT_EXPECT_EQ(test, credits(0), 9u);
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_PARAM_SLOT(
					  CORUN_FW_P_IRC_CREDITS, 0), &v),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 9u);
	/* LS first and unlimited; FREE slots unlimited at priority 0 */
	KUNIT_EXPECT_EQ(test, credits(1), CORUN_FW_IRC_CREDITS_UNLIMITED);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_IRC_PRIO),
			CORUN_FW_IRC_PRIO_LS);
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_IRC_PRIO), 0u);
	KUNIT_EXPECT_EQ(test, credits(2), CORUN_FW_IRC_CREDITS_UNLIMITED);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_IRC_PRIO), 0u);
	/* ticks measure nothing (they are not GPU-timed) */
	slot_requests(0, 400, 400, 0);
	tick();
	KUNIT_EXPECT_EQ(test, credits(0), 9u);
	/* an epoch: every request a read, no DRAM access: the NoC's 12 */
	next_epoch();
	KUNIT_EXPECT_EQ(test, credits(0), 12u);
	/* the next epoch alone: half reads, df 0.25; NoC 24, DRAM 36 */
	slot_requests(0, 800, 400, 200);
	next_epoch();
	KUNIT_EXPECT_EQ(test, credits(0), 24u);
	/* an epoch without requests keeps the factors */
	next_epoch();
	KUNIT_EXPECT_EQ(test, credits(0), 24u);
	/* the driver's new quotas and window act at once */
	set_ok(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_NOC_UNITS, 0), 5000);
	KUNIT_EXPECT_EQ(test, credits(0), 12u);
	set_ok(test, CORUN_FW_P_IRC_WINDOW, 400);
	KUNIT_EXPECT_EQ(test, credits(0), 24u);
	set_ok(test, CORUN_FW_P_IRC_UNITS, 10);
	KUNIT_EXPECT_EQ(test, credits(0), 48u);
	/* a batch with one bad value changes nothing */
	{
		const u32 in[] = {
			CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS, 4),
			CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_NOC_UNITS, 0), 1000,
			CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CLASS, 0),
			CORUN_IRC_CLASS_NR,
		};
		u32 out[CORUN_MBOX_WORDS] = { 0 }, req[CORUN_MBOX_WORDS] = { 0 };

		memcpy(req, in, sizeof(in));
		memcpy(snap, fake.regs, sizeof(snap));
		fw_mbox_process(req, out);
		KUNIT_EXPECT_EQ(test, out[0],
				CORUN_MBOX_HDR(CORUN_FW_EINVAL, 1));
		KUNIT_EXPECT_EQ(test, out[1], 1u);
		KUNIT_EXPECT_MEMEQ(test, fake.regs, snap, sizeof(snap));
		KUNIT_EXPECT_EQ(test, credits(0), 48u);
	}
	/* IRC off: unlimited, the LS priority stays */
	set_ok(test, CORUN_FW_P_IRC_ENABLE, 0);
	KUNIT_EXPECT_EQ(test, credits(0), CORUN_FW_IRC_CREDITS_UNLIMITED);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_IRC_PRIO),
			CORUN_FW_IRC_PRIO_LS);
	set_ok(test, CORUN_FW_P_IRC_ENABLE, 1);
	/* leaving the mode: the shares and priorities return */
	set_ok(test, CORUN_FW_P_IRC_MODE, CORUN_IRC_MODE_SHARES);
	KUNIT_EXPECT_EQ(test, credits(0), 3u); /* 10/1024 of 400 */
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_IRC_PRIO), 5u);
	slot_requests(0, 800, 800, 0);
	next_epoch();
	KUNIT_EXPECT_EQ(test, credits(0), 3u);
	/* back in the mode: unmeasured again until the next epoch */
	set_ok(test, CORUN_FW_P_IRC_MODE, CORUN_IRC_MODE_CCBP);
	KUNIT_EXPECT_EQ(test, credits(0), 24u); /* NoC binds at rf 1 */
	slot_requests(0, 800, 400, 0);
	next_epoch();
	KUNIT_EXPECT_EQ(test, credits(0), 48u);
	/* read-only credits */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CREDITS,
							0),
				    1, NULL),
			ERR_HDR(CORUN_FW_EINVAL));
}

/* ---- l1.c ---- */

static void fw_policy_test_l1(struct kunit *test)
{
	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 5),
				    0x0f, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(5, CORUN_MCU_S_L1_WAYS), 0x0fu);
	KUNIT_EXPECT_EQ(test, slot_reg(4, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);
	/* Bits beyond the ways go as they are: the hardware ignores them. */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 4),
				    0xf00001, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(4, CORUN_MCU_S_L1_WAYS), 0xf00001u);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_BYPASS_CTAS,
							2),
				    3, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_BYPASS_CTAS), 3u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_L1_BYPASS_CTAS), 0u);
}

/* An L1 of 32 ways or more takes any mask with a bit set. */
static void fw_policy_test_l1_wide(struct kunit *test)
{
	fake_set_reg(CORUN_MCU_L1_WAYS, 32);
	fake_set_reg(CORUN_MCU_LLC_WAYS, 64);
	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 0),
				    0x80000000, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_LLC_WAYS, 0),
				    0x80000000, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 0), 0,
				    NULL),
			ERR_HDR(CORUN_FW_EINVAL));
}

/* ---- llc.c ---- */

static void fw_policy_test_llc(struct kunit *test)
{
	static const struct {
		u32 policy;
		u32 victim;
	} map[] = {
		{ CORUN_LLC_PROB_STATIC, CORUN_LLC_VICTIM_PROB },
		{ CORUN_LLC_WAYPART, CORUN_LLC_VICTIM_WAYPART },
		{ CORUN_LLC_LRU, CORUN_LLC_VICTIM_LRU },
	};
	unsigned int i;

	fw_test_boot(test);
	for (i = 0; i < ARRAY_SIZE(map); i++) {
		KUNIT_EXPECT_EQ(test,
				fw_test_set(CORUN_FW_P_LLC_POLICY, map[i].policy,
					    NULL),
				OK_HDR(1));
		KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_LLC_VICTIM),
				map[i].victim);
	}
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_LLC_PROB, 1014, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_LLC_PROB), 1014u);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_LLC_WAYS, 6),
				    0x00f0, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(6, CORUN_MCU_S_LLC_WAYS), 0xf0u);
	KUNIT_EXPECT_EQ(test, slot_reg(5, CORUN_MCU_S_LLC_WAYS),
			FW_LLC_WAYS_ALL);
	/* Refused: the dynamic policy, which is not implemented. */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_LLC_POLICY, CORUN_LLC_PROB_DYNAMIC,
				    NULL),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_LLC_VICTIM),
			(u32)CORUN_LLC_VICTIM_LRU);
}

/* ---- vcp.c ---- */

static void fw_policy_test_vcp(struct kunit *test)
{
	unsigned int s;

	fw_test_boot(test);
	/* Shared: a slot's VC is stored, the configuration's map acts. */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 1), 3,
				    NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_VC), CORUN_FW_VC_CONFIG);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 2), 0,
				    NULL),
			OK_HDR(1));
	/* Static: each slot in its VC. */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_VCP_MODE, CORUN_VCP_STATIC, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_VC), 3u);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_VC), 0u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_VC), CORUN_FW_VC_CONFIG);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 3), 2,
				    NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_VC), 2u);
	/* Back to shared: every slot follows the configuration again. */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_VCP_MODE, CORUN_VCP_SHARED, NULL),
			OK_HDR(1));
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_VC),
				CORUN_FW_VC_CONFIG);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_VCP_MODE, CORUN_VCP_DYNAMIC, NULL),
			ERR_HDR(CORUN_FW_EINVAL));
}

/* ---- dram.c ---- */

static void fw_policy_test_dram(struct kunit *test)
{
	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, 4),
				    12, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(4, CORUN_MCU_S_DRAM_PRIO), 12u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_DRAM_PRIO), 0u);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_SLOT_PRIO,
				    NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_DRAM_POLICY),
			(u32)CORUN_DRAM_SLOT_PRIO);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_FRFCFS,
				    NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_DRAM_POLICY),
			(u32)CORUN_DRAM_FRFCFS);
}

/* BW-App: the fewest DRAM accesses over each tick, the highest priority. */
static void fw_policy_test_dram_bw_app(struct kunit *test)
{
	unsigned int s;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, 1),
				    9, NULL),
			OK_HDR(1));
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		fake.ctr[s][FW_CTR(dram_accesses)] = 1000;
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_BW_APP,
				    NULL),
			OK_HDR(1));
	/* the hardware serves slot priorities, all 0 until the first tick */
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_DRAM_POLICY),
			(u32)CORUN_DRAM_SLOT_PRIO);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_DRAM_PRIO), 0u);
	/* over the tick: slot 0 500 accesses, 1 100, 2 100, 3 900, others 0 */
	fake.ctr[0][FW_CTR(dram_accesses)] += 500;
	fake.ctr[1][FW_CTR(dram_accesses)] += 100;
	fake.ctr[2][FW_CTR(dram_accesses)] += 100;
	fake.ctr[3][FW_CTR(dram_accesses)] += 900;
	tick();
	KUNIT_EXPECT_EQ(test, slot_reg(4, CORUN_MCU_S_DRAM_PRIO), 15u);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_DRAM_PRIO), 11u);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_DRAM_PRIO), 11u);
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_DRAM_PRIO), 9u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_DRAM_PRIO), 8u);
	/* the next tick sees only its own accesses */
	fake.ctr[3][FW_CTR(dram_accesses)] += 10;
	tick();
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_DRAM_PRIO), 15u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_DRAM_PRIO), 15u - 7);
	/* a priority set meanwhile waits; leaving BW-App restores them */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, 3),
				    2, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_DRAM_PRIO), 15u - 7);
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_SLOT_PRIO,
				    NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_DRAM_PRIO), 9u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_DRAM_PRIO), 2u);
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_DRAM_PRIO), 0u);
	/* ticks change nothing outside BW-App */
	fake.ctr[0][FW_CTR(dram_accesses)] += 10;
	tick();
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_DRAM_PRIO), 0u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_DRAM_PRIO), 2u);
}

/* ---- monitor.c ---- */

static void fw_policy_test_ratio(struct kunit *test)
{
	static const struct {
		u64 num, den;
		u32 want;
	} r[] = {
		{ 0, 0, 0 },
		{ 5, 0, 0 },
		{ 0, 7, 0 },
		{ 1, 1, 1024 },
		{ 1, 3, 341 },
		{ 2, 3, 682 },
		{ 3, 2, 1536 },
		{ 1, 1024, 1 },
		{ 1, 1025, 0 },
		/* Beyond 32 bits: the shift-and-subtract path. */
		{ 3ull << 40, 4ull << 40, 768 },
		{ (1ull << 33) + 1, 1ull << 33, 1024 },
		{ 1ull << 33, (1ull << 33) + 1, 1023 },
		{ 0x123456789ull, 0x2468acf13ull, 511 },
		{ 5ull << 32, 1, 0xffffffffu },
		{ (1ull << 53) - 1, (1ull << 53) - 1, 1024 },
		/* num above 2^54: both scaled down alike. */
		{ 1ull << 60, 1ull << 61, 512 },
		{ 1ull << 60, 1, 0xffffffffu },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(r); i++)
		KUNIT_EXPECT_EQ_MSG(test, fw_ratio1024(r[i].num, r[i].den),
				    r[i].want, "%llu / %llu",
				    (unsigned long long)r[i].num,
				    (unsigned long long)r[i].den);
}

/* Exact floor(1024 * num / den) for the cases below (num < 2^54). */
static u32 ref_ratio(u64 num, u64 den)
{
	unsigned __int128 q;

	if (!den)
		return 0;
	q = ((unsigned __int128)num << 10) / den;
	return q > 0xffffffffu ? 0xffffffffu : (u32)q;
}

/* Against 128-bit arithmetic, over a deterministic spread of operands. */
static void fw_policy_test_ratio_sweep(struct kunit *test)
{
	u64 x = 0x9e3779b97f4a7c15ull, num, den;
	unsigned int i, bad = 0;

	for (i = 0; i < 20000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		den = ((x >> 10) >> (x & 63)) + (i & 1);
		num = (x * 0x2545f4914f6cdd1dull) >> (10 + (x >> 59));
		if (i % 3 == 0)
			num = den - (den >> (1 + (x & 7))); /* rf-like */
		if (fw_ratio1024(num, den) != ref_ratio(num, den) && bad++ < 5)
			KUNIT_FAIL(test, "%llu / %llu: %u, want %u",
				   (unsigned long long)num,
				   (unsigned long long)den,
				   fw_ratio1024(num, den), ref_ratio(num, den));
	}
	KUNIT_EXPECT_EQ(test, bad, 0u);
}

static void set_ctrs(unsigned int slot, u64 req, u64 reads, u64 dram)
{
	fake.ctr[slot][FW_CTR(requests)] = req;
	fake.ctr[slot][FW_CTR(read_requests)] = reads;
	fake.ctr[slot][FW_CTR(dram_accesses)] = dram;
}

static void epoch(u32 seq)
{
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, seq);
	fake.events = CORUN_MCU_EV_EPOCH;
	fw_poll();
}

static u32 mon(u32 base, unsigned int slot)
{
	u32 v = 0xdeadbeef;

	if (fw_test_get(CORUN_FW_PARAM_SLOT(base, slot), &v) != OK_HDR(1))
		return 0xdeadbeef;
	return v;
}

/* rf and df over synthetic epochs, as deltas of the 64-bit counters. */
static void fw_policy_test_monitor(struct kunit *test)
{
	unsigned int s;
	u32 v;

	/* Counters already running when the firmware boots. */
	set_ctrs(0, 1000, 900, 5000);
	set_ctrs(1, 1ull << 40, 1ull << 39, 1ull << 41);
	fw_test_boot(test);
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_RF, s), 0u);
		KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_DF, s), 0u);
	}

	/* Epoch 1: deltas since boot, not since the device's reset. */
	set_ctrs(0, 1000 + 400, 900 + 300, 5000 + 100);
	/* Slot 1's counters beyond 32 bits, and a 32-bit low-half wrap. */
	set_ctrs(1, (1ull << 40) + 0x100000000ull,
		 (1ull << 39) + 0x40000000ull, (1ull << 41) + 0x180000000ull);
	/* Slot 2: writes only; DRAM accesses with write-backs exceed 1. */
	set_ctrs(2, 3, 0, 7);
	epoch(1);
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_RF, 0), 768u); /* 300/400 */
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_DF, 0), 256u); /* 100/400 */
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_RF, 1), 256u);
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_DF, 1), 1536u);
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_RF, 2), 0u);
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_DF, 2), 2389u); /* 7/3 */
	/* An idle slot: no request, both 0. */
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_RF, 3), 0u);
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_DF, 3), 0u);

	/* Epoch 2: only what happened since epoch 1. */
	set_ctrs(0, 1400 + 1000, 1200 + 1000, 5100 + 0);
	epoch(2);
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_RF, 0), 1024u);
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_DF, 0), 0u);
	/* Slot 2 idle this epoch: back to 0. */
	KUNIT_EXPECT_EQ(test, mon(CORUN_FW_P_DF, 2), 0u);
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_EPOCHS, &v), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 2u);

	/* Slots the hardware lacks have no monitor. */
	KUNIT_EXPECT_EQ(test,
			fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_RF, SLOTS),
				    &v),
			ERR_HDR(CORUN_FW_ENOENT));
}

static struct kunit_case fw_policy_test_cases[] = {
	KUNIT_CASE_PARAM(fw_policy_test_validation, param_case_gen_params),
	KUNIT_CASE(fw_policy_test_irc),
	KUNIT_CASE(fw_policy_test_irc_ccbp_formula),
	KUNIT_CASE(fw_policy_test_muldiv),
	KUNIT_CASE(fw_policy_test_irc_ccbp),
	KUNIT_CASE(fw_policy_test_l1),
	KUNIT_CASE(fw_policy_test_l1_wide),
	KUNIT_CASE(fw_policy_test_llc),
	KUNIT_CASE(fw_policy_test_vcp),
	KUNIT_CASE(fw_policy_test_dram),
	KUNIT_CASE(fw_policy_test_dram_bw_app),
	KUNIT_CASE(fw_policy_test_ratio),
	KUNIT_CASE(fw_policy_test_ratio_sweep),
	KUNIT_CASE(fw_policy_test_monitor),
	{}
};

static struct kunit_suite fw_policy_test_suite = {
	.name = "corun_fw_policy",
	.init = fw_test_init,
	.test_cases = fw_policy_test_cases,
};

kunit_test_suites(&fw_policy_test_suite);
