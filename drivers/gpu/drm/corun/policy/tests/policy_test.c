// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suites for the corun policies (host build through tools/kunit).
 */
#include <kunit/test.h>

#include <corun/hw.h>

#include "../policy.h"

static u32 popcount_mask(const u32 *mask)
{
	u32 i, n = 0;

	for (i = 0; i < CORUN_POLICY_MAX_SMS; i++)
		if (mask[i / 32] & (1u << (i % 32)))
			n++;
	return n;
}

static void policy_registry_test(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_id(0), &corun_policy_fcfs);
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_id(1), &corun_policy_even);
	KUNIT_EXPECT_NULL(test, corun_policy_find_id(7));
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_name("even"),
			    &corun_policy_even);
	KUNIT_EXPECT_NULL(test, corun_policy_find_name("eve"));
	KUNIT_EXPECT_NULL(test, corun_policy_find_name("evenx"));
}

static void policy_init_test(struct kunit *test)
{
	struct corun_policy_state st;

	KUNIT_EXPECT_EQ(test, corun_policy_fcfs.init(&st, 8, 16), 0);
	KUNIT_EXPECT_EQ(test, st.num_slots, 8u);
	KUNIT_EXPECT_LT(test, corun_policy_fcfs.init(&st, 0, 16), 0);
	KUNIT_EXPECT_LT(test, corun_policy_fcfs.init(&st, 17, 16), 0);
	KUNIT_EXPECT_LT(test, corun_policy_fcfs.init(&st, 8, 129), 0);
}

static void policy_fcfs_test(struct kunit *test)
{
	struct corun_policy_state st;
	struct corun_policy_in in = { .num_slots = 8, .num_sms = 16 };
	struct corun_policy_out out;
	u32 s;

	in.slot[0].running = 1;
	in.slot[3].running = 1;
	KUNIT_ASSERT_EQ(test, corun_policy_fcfs.init(&st, 8, 16), 0);
	corun_policy_fcfs.epoch(&st, &in, &out);
	for (s = 0; s < 8; s++) {
		KUNIT_EXPECT_EQ(test, out.slot[s].sm_mask[0], 0xffffu);
		KUNIT_EXPECT_EQ(test, out.slot[s].sm_mask[1], 0u);
		KUNIT_EXPECT_EQ(test, out.slot[s].cta_quota, 0u);
	}
	KUNIT_EXPECT_EQ(test, st.decisions, 1ull);
}

static void policy_even_test(struct kunit *test)
{
	struct corun_policy_state st;
	struct corun_policy_in in = { .num_slots = 8, .num_sms = 16 };
	struct corun_policy_out out;

	in.slot[1].running = 1;
	in.slot[4].running = 1;
	in.slot[6].running = 1;
	KUNIT_ASSERT_EQ(test, corun_policy_even.init(&st, 8, 16), 0);
	corun_policy_even.epoch(&st, &in, &out);
	/* 16 SMs over 3 jobs: 6 + 5 + 5, disjoint, in slot order */
	KUNIT_EXPECT_EQ(test, out.slot[1].sm_mask[0], 0x003fu);
	KUNIT_EXPECT_EQ(test, out.slot[4].sm_mask[0], 0x07c0u);
	KUNIT_EXPECT_EQ(test, out.slot[6].sm_mask[0], 0xf800u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[0].sm_mask), 16u);
	KUNIT_EXPECT_EQ(test, out.slot[1].sm_mask[0] & out.slot[4].sm_mask[0],
			0u);
}

static void policy_even_many_test(struct kunit *test)
{
	struct corun_policy_state st;
	struct corun_policy_in in = { .num_slots = 16, .num_sms = 128 };
	struct corun_policy_out out;
	u32 s, total = 0;

	for (s = 0; s < 16; s++)
		in.slot[s].running = 1;
	KUNIT_ASSERT_EQ(test, corun_policy_even.init(&st, 16, 128), 0);
	corun_policy_even.epoch(&st, &in, &out);
	for (s = 0; s < 16; s++) {
		KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[s].sm_mask), 8u);
		total += popcount_mask(out.slot[s].sm_mask);
	}
	KUNIT_EXPECT_EQ(test, total, 128u);
	KUNIT_EXPECT_EQ(test, out.slot[15].sm_mask[3], 0xff000000u);

	/* more running jobs than SMs: everyone shares everything */
	in.num_sms = 4;
	KUNIT_ASSERT_EQ(test, corun_policy_even.init(&st, 16, 4), 0);
	corun_policy_even.epoch(&st, &in, &out);
	KUNIT_EXPECT_EQ(test, out.slot[9].sm_mask[0], 0xfu);
}

/* The input helpers shared by the driver and corun-sim. */
static void policy_input_test(struct kunit *test)
{
	struct corun_slot_counters cur[3] = {}, prev[3] = {};
	struct corun_policy_in in;

	/* garbage that corun_policy_in_init() must clear */
	in.slot[0].running = 7;
	in.slot[15].warp_insns = 9;
	corun_policy_in_init(&in, 3, 16, CORUN_POLICY_EPOCH_CYCLES_DEFAULT);
	KUNIT_EXPECT_EQ(test, in.num_slots, 3u);
	KUNIT_EXPECT_EQ(test, in.num_sms, 16u);
	KUNIT_EXPECT_EQ(test, in.epoch_cycles, 100000ull);
	KUNIT_EXPECT_EQ(test, in.slot[0].running, 0u);
	KUNIT_EXPECT_EQ(test, in.slot[15].warp_insns, 0ull);

	corun_policy_in_job(&in, 2, -1, 512);
	corun_policy_in_job(&in, CORUN_POLICY_MAX_SLOTS, 0, 0); /* ignored */
	KUNIT_EXPECT_EQ(test, in.slot[2].running, 1u);
	KUNIT_EXPECT_EQ(test, in.slot[2].priority, -1);
	KUNIT_EXPECT_EQ(test, in.slot[2].qos_target, 512u);
	KUNIT_EXPECT_EQ(test, in.slot[1].running, 0u);

	cur[0].warp_insns = 100;
	cur[0].active_cycles = 40;
	prev[0].warp_insns = 60;
	prev[0].active_cycles = 10;
	cur[2].warp_insns = 7;
	cur[2].active_cycles = 9;
	corun_policy_in_epoch(&in, cur, prev, 2);
	KUNIT_EXPECT_EQ(test, in.slot[0].warp_insns, 40ull);
	KUNIT_EXPECT_EQ(test, in.slot[0].active_cycles, 30ull);
	/* only @num_slots entries are read */
	KUNIT_EXPECT_EQ(test, in.slot[2].warp_insns, 0ull);
}

static struct kunit_case corun_policy_cases[] = {
	KUNIT_CASE(policy_registry_test),
	KUNIT_CASE(policy_init_test),
	KUNIT_CASE(policy_fcfs_test),
	KUNIT_CASE(policy_even_test),
	KUNIT_CASE(policy_even_many_test),
	KUNIT_CASE(policy_input_test),
	{}
};

static struct kunit_suite corun_policy_suite = {
	.name = "corun_policy",
	.test_cases = corun_policy_cases,
};

kunit_test_suites(&corun_policy_suite);

MODULE_LICENSE("GPL");
