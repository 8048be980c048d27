// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Native unit tests of MIL's controller (firmware/mil.c) on the fake
 * register window: the cap rule at its thresholds' boundaries and its
 * limits (fw_mil_next()), and the policy over synthetic epochs: entering
 * and leaving through IRC_ENABLE, the caps it writes, that credits and
 * MIL exclude each other, and that only epochs move the caps.
 */
#include "fw_test.h"

static const struct fw_mil_params mp = {
	.high = 256, .low = 64, .min = 2, .max = 32, .step = 2,
};

#define NONE CORUN_FW_MIL_CAP_NONE

/* The rule alone: rates exactly at a threshold change nothing. */
static void fw_mil_test_rule(struct kunit *test)
{
	/* no accesses: no cap, whatever the failures */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 8, 0, 100), NONE);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, NONE, 0, 0), NONE);
	/* 256/1024 is not above HIGH; 257/1024 is */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, NONE, 1024, 256), NONE);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 8, 1024, 256), 8u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, NONE, 1024, 257), 16u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 16, 1024, 257), 8u);
	/* halving stops at MIN, odd caps round down */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 5, 1024, 1000), 2u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 3, 1024, 1000), 2u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 2, 1024, 1000), 2u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 7, 1024, 1000), 3u);
	/* many failures per access (retries each cycle) */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 32, 10, 5000), 16u);
	/* 64/1024 is not below LOW; 63/1024 is */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 8, 1024, 64), 8u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 8, 1024, 63), 10u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 8, 1024, 0), 10u);
	/* between the thresholds: kept, free stays free */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 8, 1024, 100), 8u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, NONE, 1024, 0), NONE);
	/* raised up to MAX, lifted beyond it */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 30, 1024, 0), 32u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 31, 1024, 0), NONE);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&mp, 32, 1024, 0), NONE);
	/* counters beyond 32 bits */
	KUNIT_EXPECT_EQ(test,
			fw_mil_next(&mp, 8, 1ull << 40, (1ull << 38) + (1ull << 30)),
			4u);
}

/* Extreme parameters: MIN = MAX = 1, and the widest range. */
static void fw_mil_test_limits(struct kunit *test)
{
	struct fw_mil_params one = mp, wide = mp;

	one.min = 1;
	one.max = 1;
	one.step = 1;
	KUNIT_EXPECT_EQ(test, fw_mil_next(&one, NONE, 10, 10), 1u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&one, 1, 10, 10), 1u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&one, 1, 10, 0), NONE);
	wide.min = 1;
	wide.max = CORUN_FW_MIL_CAP_MAX;
	wide.step = CORUN_FW_MIL_CAP_MAX;
	wide.high = 0;
	wide.low = 0;
	/* HIGH 0: a rate of 1/1024 lowers, less does not; LOW 0: nothing
	 * raises
	 */
	KUNIT_EXPECT_EQ(test, fw_mil_next(&wide, NONE, 1024, 1), 127u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&wide, NONE, 1025, 1), NONE);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&wide, 127, 1024, 0), 127u);
	wide.low = 1;
	KUNIT_EXPECT_EQ(test, fw_mil_next(&wide, 127, 1024, 0), NONE);
	/* the largest rate threshold: 64 failures per access is not above */
	wide.high = CORUN_FW_MIL_RATE_MAX;
	KUNIT_EXPECT_EQ(test, fw_mil_next(&wide, 8, 16, 1024), 8u);
	KUNIT_EXPECT_EQ(test, fw_mil_next(&wide, 8, 16, 1025), 4u);
}

static void set_ok(struct kunit *test, u32 id, u32 val)
{
	KUNIT_EXPECT_EQ_MSG(test, fw_test_set(id, val, NULL), OK_HDR(1),
			    "param 0x%x = %u", id, val);
}

static void l1(unsigned int s, u64 acc, u64 fail)
{
	fake.ctr[s][FW_CTR(l1_accesses)] += acc;
	fake.ctr[s][FW_CTR(l1_resfails)] += fail;
}

static void next_epoch(void)
{
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, fake_reg(CORUN_MCU_EPOCH_SEQ) + 1);
	fake.events = CORUN_MCU_EV_EPOCH;
	fw_poll();
}

static u32 cap(unsigned int s)
{
	return slot_reg(s, CORUN_MCU_S_MIL_CAP);
}

static u32 cap_param(unsigned int s)
{
	u32 v = 0xdeadbeef;

	if (fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_MIL_CAP, s), &v) !=
	    OK_HDR(1))
		return 0xdeadbeef;
	return v;
}

/* The policy over synthetic epochs. */
static void fw_mil_test_epochs(struct kunit *test)
{
	unsigned int s;

	/* counters already running at boot; a stale cap from before */
	l1(0, 5000, 5000);
	fake_set_reg(CORUN_MCU_SLOT(3, CORUN_MCU_S_MIL_CAP), 7);
	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, cap(3), NONE);
	/* off: epochs change nothing */
	l1(0, 1000, 1000);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(0), NONE);
	KUNIT_EXPECT_EQ(test, cap_param(0), NONE);

	set_ok(test, CORUN_FW_P_IRC_ENABLE, CORUN_FW_IRC_ENABLE_MIL);
	/* MIL replaces the credits: unlimited, whatever the shares */
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, cap(s), NONE);
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_IRC_CREDITS),
				CORUN_FW_IRC_CREDITS_UNLIMITED);
	}
	/* the span starts at selection: the failures before do not count */
	l1(0, 1000, 100); /* 102/1024: between the thresholds */
	l1(1, 1000, 500); /* 512/1024: above */
	l1(2, 1000, 0);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(0), NONE);
	KUNIT_EXPECT_EQ(test, cap(1), 16u);
	KUNIT_EXPECT_EQ(test, cap_param(1), 16u);
	KUNIT_EXPECT_EQ(test, cap(2), NONE);
	/* ticks are not GPU-timed: they move nothing */
	l1(1, 1000, 1000);
	fake.events = CORUN_MCU_EV_TICK;
	fw_poll();
	KUNIT_EXPECT_EQ(test, cap(1), 16u);
	next_epoch(); /* 1000/2000 */
	KUNIT_EXPECT_EQ(test, cap(1), 8u);
	/* parameters act from the next epoch */
	set_ok(test, CORUN_FW_P_MIL_STEP, 5);
	set_ok(test, CORUN_FW_P_MIL_MAX, 20);
	KUNIT_EXPECT_EQ(test, cap(1), 8u);
	l1(1, 1000, 10);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), 13u);
	l1(1, 1000, 10);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), 18u);
	l1(1, 1000, 10);
	next_epoch(); /* 23 > MAX 20: lifted */
	KUNIT_EXPECT_EQ(test, cap(1), NONE);
	/* capped again, then idle for an epoch: freed */
	l1(1, 1000, 900);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), 10u);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), NONE);
	l1(1, 1000, 900);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), 10u);

	/* credits on: MIL is left, caps lifted, credits back */
	set_ok(test, CORUN_FW_P_IRC_ENABLE, CORUN_FW_IRC_ENABLE_CREDITS);
	KUNIT_EXPECT_EQ(test, cap(1), NONE);
	KUNIT_EXPECT_EQ(test, cap_param(1), NONE);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_IRC_CREDITS),
			fw_irc_credits(CORUN_FW_IRC_SHARE_ONE / SLOTS,
				       FW_IRC_WINDOW_DEFAULT));
	l1(1, 1000, 900);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), NONE);
	/* back to MIL: free again, the span from now */
	set_ok(test, CORUN_FW_P_IRC_ENABLE, CORUN_FW_IRC_ENABLE_MIL);
	KUNIT_EXPECT_EQ(test, cap(1), NONE);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), NONE);
	l1(1, 100, 90);
	next_epoch();
	KUNIT_EXPECT_EQ(test, cap(1), 10u);
	set_ok(test, CORUN_FW_P_IRC_ENABLE, CORUN_FW_IRC_ENABLE_OFF);
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, cap(s), NONE);

	/* the caps are read-only; slots the hardware lacks have none */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_MIL_CAP, 0),
				    4, NULL),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_MIL_CAP,
							SLOTS),
				    4, NULL),
			ERR_HDR(CORUN_FW_ENOENT));
}

static struct kunit_case fw_mil_test_cases[] = {
	KUNIT_CASE(fw_mil_test_rule),
	KUNIT_CASE(fw_mil_test_limits),
	KUNIT_CASE(fw_mil_test_epochs),
	{}
};

static struct kunit_suite fw_mil_test_suite = {
	.name = "corun_fw_mil",
	.init = fw_test_init,
	.test_cases = fw_mil_test_cases,
};

kunit_test_suites(&fw_mil_test_suite);
