// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Native unit tests of UCP on the L1 (l1.c, CORUN_L1_MODE_UCP): the
 * lookahead allocation on worked examples (convex and non-convex utility
 * curves as in the UCP paper, ties, the minimum-way rule, ways nobody
 * gains from), and the policy on the fake window: entering and leaving
 * the mode, the repartition period, the masks and the decay.
 */
#include "fw_test.h"

/* ---- the lookahead ---- */

static void lookahead(const u32 (*rows)[8], u32 n, u32 ways, u32 min,
		      u32 *alloc)
{
	const u32 *util[CORUN_MAX_SLOTS];
	u32 i;

	for (i = 0; i < n; i++)
		util[i] = rows[i];
	fw_ucp_lookahead(util, n, ways, min, alloc);
}

/*
 * The UCP paper's case for lookahead: B gains nothing from its first few
 * ways but a lot once its working set fits (a non-convex curve), A has a
 * convex one. Per-way greedy would starve B; lookahead compares 215 hits
 * over 4 ways (53.75 per way) with A's 50 for one and gives B its knee.
 */
static void fw_ucp_test_nonconvex(struct kunit *test)
{
	static const u32 rows[2][8] = {
		{ 100, 50, 10, 0, 0, 0, 0, 0 },
		{ 5, 5, 5, 5, 200, 0, 0, 0 },
	};
	u32 alloc[2];

	lookahead(rows, 2, 8, 1, alloc);
	/* B: 1 + 4 (its knee); A: 1 + 1 (50) + 1 (10) */
	KUNIT_EXPECT_EQ(test, alloc[0], 3u);
	KUNIT_EXPECT_EQ(test, alloc[1], 5u);
}

/* Convex curves: lookahead is per-way greedy, the larger gain first. */
static void fw_ucp_test_convex(struct kunit *test)
{
	static const u32 rows[2][8] = {
		{ 60, 40, 30, 20, 2, 1, 0, 0 },
		{ 50, 35, 25, 10, 5, 0, 0, 0 },
	};
	u32 alloc[2];

	/*
	 * From 1 + 1: A 40, B 35 -> A; A 30, B 35 -> B; A 30, B 25 -> A;
	 * A 20, B 25 -> B; A 20, B 10 -> A; A 2, B 10 -> B.
	 */
	lookahead(rows, 2, 8, 1, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 4u);
	KUNIT_EXPECT_EQ(test, alloc[1], 4u);
	/* With 6 ways: A, B, A, B */
	lookahead(rows, 2, 6, 1, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 3u);
	KUNIT_EXPECT_EQ(test, alloc[1], 3u);
	/* B: 70, 50; A: 40, 30, then 20 against 20 (to A); B: 20 */
	{
		static const u32 rows2[2][8] = {
			{ 60, 40, 30, 20, 2, 1, 0, 0 },
			{ 100, 70, 50, 20, 10, 0, 0, 0 },
		};

		lookahead(rows2, 2, 8, 1, alloc);
		KUNIT_EXPECT_EQ(test, alloc[0], 4u);
		KUNIT_EXPECT_EQ(test, alloc[1], 4u);
	}
}

/* Ties go to the lower row; ways nobody gains from, one each in order. */
static void fw_ucp_test_ties(struct kunit *test)
{
	static const u32 rows[3][8] = {
		{ 10, 10, 10, 10, 0, 0, 0, 0 },
		{ 10, 10, 10, 10, 0, 0, 0, 0 },
		{ 0, 0, 0, 0, 0, 0, 0, 0 },
	};
	static const u32 knee[2][8] = {
		{ 10, 10, 10, 10, 0, 0, 0, 0 },
		{ 0, 0, 40, 0, 0, 0, 0, 0 },
	};
	static const u32 none[3][8];
	u32 alloc[3];

	/* 1 + 1 + 1, then A, A, A (ties with B), then B, B */
	lookahead(rows, 3, 8, 1, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 4u);
	KUNIT_EXPECT_EQ(test, alloc[1], 3u);
	KUNIT_EXPECT_EQ(test, alloc[2], 1u);
	/* B's 40 over 2 ways beats A's 10; A's 3; the last way to A */
	lookahead(knee, 2, 8, 1, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 5u);
	KUNIT_EXPECT_EQ(test, alloc[1], 3u);
	/* no utility at all: dealt one at a time in row order */
	lookahead(none, 3, 8, 1, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 3u);
	KUNIT_EXPECT_EQ(test, alloc[1], 3u);
	KUNIT_EXPECT_EQ(test, alloc[2], 2u);
}

/* Every row keeps its minimum, however little it gains. */
static void fw_ucp_test_min_ways(struct kunit *test)
{
	static const u32 rows[3][8] = {
		{ 100, 100, 100, 100, 100, 100, 100, 100 },
		{ 0, 0, 0, 0, 0, 0, 0, 0 },
		{ 1, 0, 0, 0, 0, 0, 0, 0 },
	};
	u32 alloc[3];

	lookahead(rows, 3, 8, 2, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 4u);
	KUNIT_EXPECT_EQ(test, alloc[1], 2u);
	KUNIT_EXPECT_EQ(test, alloc[2], 2u);
	lookahead(rows, 3, 8, 1, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 6u);
	KUNIT_EXPECT_EQ(test, alloc[1], 1u);
	KUNIT_EXPECT_EQ(test, alloc[2], 1u);
	/* one row: all of it */
	lookahead(rows + 1, 1, 8, 1, alloc);
	KUNIT_EXPECT_EQ(test, alloc[0], 8u);
}

/* ---- the policy on the fake window ---- */

static void next_epoch(void)
{
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, fake_reg(CORUN_MCU_EPOCH_SEQ) + 1);
	fake.events = CORUN_MCU_EV_EPOCH;
	fw_poll();
}

/* A slot's monitor: @hits by stack position, @lookups more lookups. */
static void umon_add(unsigned int slot, const u32 *hits, u32 lookups)
{
	unsigned int p;

	for (p = 0; p < FAKE_L1_WAYS; p++)
		fake.umon[slot][p] += hits[p];
	fake.umon[slot][FAKE_UMON_ACC] += lookups;
}

static u32 ucp_ways(unsigned int slot)
{
	u32 v = 0;

	fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_UCP_WAYS, slot), &v);
	return v;
}

static void fw_ucp_test_policy(struct kunit *test)
{
	static const u32 a[8] = { 100, 50, 10, 0, 0, 0, 0, 0 };
	static const u32 b[8] = { 5, 5, 5, 5, 200, 0, 0, 0 };
	unsigned int s, e;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_L1_UMON_CTRL), 0u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_L1_UMON_SAMPLE),
			CORUN_FW_L1_UMON_SAMPLE_BOOT);
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_UCP_SAMPLE, 1, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_L1_UMON_SAMPLE), 1u);
	/* a static mask waits while UCP runs */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 3),
				    0x0f, NULL),
			OK_HDR(1));
	/* counts from before the mode are forgotten */
	umon_add(0, b, 1000);
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_MODE,
					  CORUN_L1_MODE_UCP, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_L1_UMON_CTRL), 1u);
	KUNIT_EXPECT_EQ(test, fake.umon[0][4], 0ull);
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_L1_WAYS),
				FW_L1_WAYS_ALL);
		KUNIT_EXPECT_EQ(test, ucp_ways(s), FW_L1_WAYS_ALL);
	}
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 3),
				    0x03, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);

	/* slots 2 and 5 use the L1; nothing changes before the period */
	umon_add(2, a, 500);
	umon_add(5, b, 700);
	for (e = 1; e < FW_L1_UCP_PERIOD_DEFAULT; e++) {
		next_epoch();
		KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS),
				FW_L1_WAYS_ALL);
	}
	next_epoch();
	/* fw_ucp_test_nonconvex: 3 ways and 5, in slot order */
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), 0x07u);
	KUNIT_EXPECT_EQ(test, slot_reg(5, CORUN_MCU_S_L1_WAYS), 0xf8u);
	KUNIT_EXPECT_EQ(test, ucp_ways(2), 0x07u);
	KUNIT_EXPECT_EQ(test, ucp_ways(5), 0xf8u);
	for (s = 0; s < SLOTS; s++) {
		if (s == 2 || s == 5)
			continue;
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_L1_WAYS),
				FW_L1_WAYS_ALL);
		KUNIT_EXPECT_EQ(test, ucp_ways(s), FW_L1_WAYS_ALL);
	}
	/* UCP's halving */
	KUNIT_EXPECT_EQ(test, fake.umon[5][4], 100ull);
	KUNIT_EXPECT_EQ(test, fake.umon[2][0], 50ull);
	KUNIT_EXPECT_EQ(test, fake.umon[2][FAKE_UMON_ACC], 500ull);
	/* read-only */
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_UCP_WAYS,
							2),
				    0x07, NULL),
			ERR_HDR(CORUN_FW_EINVAL));

	/* a period of one epoch; slot 5 stops, so slot 2 alone has all */
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_UCP_PERIOD, 1, NULL),
			OK_HDR(1));
	umon_add(2, a, 10);
	next_epoch();
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), 0xffu);
	KUNIT_EXPECT_EQ(test, slot_reg(5, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);
	/* an epoch without lookups: every slot every way */
	next_epoch();
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);

	/* leaving the mode: the static masks, monitors off */
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_MODE,
					  CORUN_L1_MODE_STATIC, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_L1_UMON_CTRL), 0u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_L1_WAYS), 0x03u);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);
	umon_add(2, a, 10);
	umon_add(5, b, 10);
	next_epoch();
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);
}

/* More slots than the minimum ways fit: fewer each, or no partition. */
static void fw_ucp_test_crowded(struct kunit *test)
{
	static const u32 h[8] = { 10, 5, 1, 0, 0, 0, 0, 0 };
	unsigned int s;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_UCP_PERIOD, 1, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_UCP_MIN_WAYS, 2, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_UCP_DECAY, 0, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_MODE,
					  CORUN_L1_MODE_UCP, NULL),
			OK_HDR(1));
	/* 8 slots, 8 ways, 2 each asked: one each */
	for (s = 0; s < SLOTS; s++)
		umon_add(s, h, 1);
	next_epoch();
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_L1_WAYS),
				(u32)BIT(s));
	/* no decay */
	KUNIT_EXPECT_EQ(test, fake.umon[0][0], 10ull);
	KUNIT_EXPECT_EQ(test, fake.umon_decays, 1u); /* entering: clear */
	/* 3 of them: 2 each, then the gains: 10, 5 ... */
	for (s = 0; s < 3; s++)
		umon_add(s, h, 1);
	next_epoch();
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_L1_WAYS), 0x07u);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_L1_WAYS), 0x38u);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), 0xc0u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);
}

/* With fewer ways than slots using them, nobody is partitioned. */
static void fw_ucp_test_no_room(struct kunit *test)
{
	static const u32 h[8] = { 10, 5, 1, 0, 0, 0, 0, 0 };
	unsigned int s;

	fake_set_reg(CORUN_MCU_L1_WAYS, 4);
	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_UCP_PERIOD, 1, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_UCP_MIN_WAYS, 5, NULL),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_L1_MODE,
					  CORUN_L1_MODE_UCP, NULL),
			OK_HDR(1));
	for (s = 0; s < 5; s++)
		umon_add(s, h, 1);
	next_epoch();
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_L1_WAYS),
				FW_L1_WAYS_ALL);
	/* four fit: one way each */
	umon_add(0, h, 1);
	umon_add(1, h, 1);
	umon_add(6, h, 1);
	umon_add(7, h, 1);
	next_epoch();
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_L1_WAYS), 0x1u);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_L1_WAYS), 0x2u);
	KUNIT_EXPECT_EQ(test, slot_reg(6, CORUN_MCU_S_L1_WAYS), 0x4u);
	KUNIT_EXPECT_EQ(test, slot_reg(7, CORUN_MCU_S_L1_WAYS), 0x8u);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), FW_L1_WAYS_ALL);
}

static struct kunit_case fw_ucp_test_cases[] = {
	KUNIT_CASE(fw_ucp_test_nonconvex),
	KUNIT_CASE(fw_ucp_test_convex),
	KUNIT_CASE(fw_ucp_test_ties),
	KUNIT_CASE(fw_ucp_test_min_ways),
	KUNIT_CASE(fw_ucp_test_policy),
	KUNIT_CASE(fw_ucp_test_crowded),
	KUNIT_CASE(fw_ucp_test_no_room),
	{}
};

static struct kunit_suite fw_ucp_test_suite = {
	.name = "corun_fw_ucp",
	.init = fw_test_init,
	.test_cases = fw_ucp_test_cases,
};

kunit_test_suites(&fw_ucp_test_suite);
