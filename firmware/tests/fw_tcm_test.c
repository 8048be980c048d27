// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Native unit tests of TCM (dram_tcm.c) on the fake register window, with
 * synthetic counters: selecting and leaving it, the clustering by
 * intensity and its threshold at the boundary, the niceness ranking of
 * the bandwidth cluster, the insertion shuffle step by step, quanta and
 * shuffles counted in epochs, idle slots, and more slots than
 * priorities. The parameters' ranges are fw_policy_test.c's, with every
 * other parameter's.
 */
#include "fw_test.h"

/* What a slot did over an epoch, as the counters TCM reads grow. */
struct act {
	u64 insns, dram, hits, lat, active;
};

static void run(unsigned int s, const struct act *a)
{
	fake.ctr[s][FW_CTR(warp_insns)] += a->insns;
	fake.ctr[s][FW_CTR(dram_accesses)] += a->dram;
	fake.ctr[s][FW_CTR(dram_row_hits)] += a->hits;
	fake.ctr[s][FW_CTR(mem_latency_sum)] += a->lat;
	fake.ctr[s][FW_CTR(active_cycles)] += a->active;
}

/* @n epochs that passed as one epoch event. */
static void epochs(u32 n)
{
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, fake_reg(CORUN_MCU_EPOCH_SEQ) + n);
	fake.events = CORUN_MCU_EV_EPOCH;
	fw_poll();
}

static u32 prio(unsigned int s)
{
	return slot_reg(s, CORUN_MCU_S_DRAM_PRIO);
}

static u32 get(struct kunit *test, u32 id)
{
	u32 v = 0xdeadbeef;

	KUNIT_EXPECT_EQ_MSG(test, fw_test_get(id, &v), OK_HDR(1), "param 0x%x",
			    id);
	return v;
}

static void set(struct kunit *test, u32 id, u32 val)
{
	KUNIT_EXPECT_EQ_MSG(test, fw_test_set(id, val, NULL), OK_HDR(1),
			    "param 0x%x = %u", id, val);
}

static void tcm_on(struct kunit *test, u32 quantum, u32 shuffle, u32 thresh)
{
	set(test, CORUN_FW_P_DRAM_TCM_QUANTUM, quantum);
	set(test, CORUN_FW_P_DRAM_TCM_SHUFFLE, shuffle);
	set(test, CORUN_FW_P_DRAM_TCM_THRESH, thresh);
	set(test, CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_TCM);
}

/* Every slot's S_DRAM_PRIO, and TCM_PRIO says the same. */
static void expect_prios(struct kunit *test, const u32 *want)
{
	unsigned int s;

	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ_MSG(test, prio(s), want[s], "slot %u", s);
		KUNIT_EXPECT_EQ_MSG(test,
				    get(test, CORUN_FW_PARAM_SLOT(
						      CORUN_FW_P_DRAM_TCM_PRIO,
						      s)),
				    want[s], "slot %u", s);
	}
}

/* Boot values, read-only results, and what selecting and leaving does. */
static void fw_tcm_test_select(struct kunit *test)
{
	static const u32 zero[SLOTS];
	static const u32 ro[] = {
		CORUN_FW_P_DRAM_TCM_QUANTA,
		CORUN_FW_P_DRAM_TCM_LATENCY,
		CORUN_FW_P_DRAM_TCM_BANDWIDTH,
		CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_TCM_PRIO, 3),
	};
	const struct act a = { 1000, 10, 0, 0, 100 };
	unsigned int s, i;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_THRESH),
			CORUN_FW_DRAM_TCM_THRESH_BOOT);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTUM), 10u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_SHUFFLE), 1u);
	for (i = 0; i < ARRAY_SIZE(ro); i++) {
		KUNIT_EXPECT_EQ(test, get(test, ro[i]), 0u);
		KUNIT_EXPECT_EQ(test, fw_test_set(ro[i], 0, NULL),
				ERR_HDR(CORUN_FW_EINVAL));
	}
	/* a slot the hardware lacks has no TCM priority */
	KUNIT_EXPECT_EQ(test,
			fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_TCM_PRIO,
							SLOTS),
				    &i),
			ERR_HDR(CORUN_FW_ENOENT));

	set(test, CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_SLOT_PRIO);
	set(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, 1), 9);
	KUNIT_EXPECT_EQ(test, prio(1), 9u);
	/* Without TCM, epochs program nothing. */
	for (s = 0; s < SLOTS; s++)
		run(s, &a);
	for (i = 0; i < 12; i++)
		epochs(1);
	KUNIT_EXPECT_EQ(test, prio(1), 9u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 0u);

	/* TCM: the hardware's slot priorities, all 0 until a quantum ends */
	set(test, CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_TCM);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_DRAM_POLICY),
			(u32)CORUN_DRAM_SLOT_PRIO);
	expect_prios(test, zero);
	/* a stored priority waits; ticks change nothing */
	set(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, 2), 4);
	KUNIT_EXPECT_EQ(test, prio(2), 0u);
	fake.events = CORUN_MCU_EV_TICK;
	fw_poll();
	expect_prios(test, zero);
	for (i = 0; i < 9; i++) {
		run(0, &a);
		epochs(1);
	}
	expect_prios(test, zero);
	/*
	 * The tenth epoch ends the boot quantum. Slot 0 alone ran: all of
	 * the bandwidth is more than 171/1024 of it, so it is the bandwidth
	 * cluster, first of it.
	 */
	epochs(1);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 1u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), 0u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_BANDWIDTH), 1u);
	KUNIT_EXPECT_EQ(test, prio(0), 15u);
	KUNIT_EXPECT_EQ(test, prio(1), 0u);

	/* selecting TCM again starts over */
	set(test, CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_TCM);
	expect_prios(test, zero);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 0u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), 0u);

	/* leaving it: the stored priorities and the hardware's FR-FCFS */
	set(test, CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_FRFCFS);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_DRAM_POLICY),
			(u32)CORUN_DRAM_FRFCFS);
	KUNIT_EXPECT_EQ(test, prio(1), 9u);
	KUNIT_EXPECT_EQ(test, prio(2), 4u);
	for (i = 0; i < 10; i++) {
		run(0, &a);
		epochs(1);
	}
	KUNIT_EXPECT_EQ(test, prio(0), 0u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 0u);
}

/*
 * One quantum: the latency cluster by intensity (not bandwidth) within
 * the threshold, the bandwidth cluster by niceness, idle slots at 0.
 */
static void fw_tcm_test_cluster(struct kunit *test)
{
	/*
	 * Intensity (DRAM accesses per 1000 warp instructions): slot 1 0.5
	 * (the most accesses of the light ones, but 10x the instructions),
	 * slot 0 1, slot 2 200, slot 3 300. Slot 4 made accesses (write-
	 * backs) but retired nothing: idle, and not counted. Total 50,600
	 * accesses; 171/1024 of it is 8449: slots 1 and 0 (600) fit, slot 2
	 * (20,600) does not.
	 * Slot 2 hits its rows more and has fewer misses in flight than
	 * slot 3: slot 3 is the nicer.
	 */
	const struct act a[5] = {
		{ 100000, 100, 0, 500, 1000 },
		{ 1000000, 500, 0, 500, 1000 },
		{ 100000, 20000, 18000, 2000, 1000 },
		{ 100000, 30000, 3000, 9000, 1000 },
		{ 0, 50, 0, 0, 0 },
	};
	const u32 want[SLOTS] = { 14, 15, 12, 13 };
	const u32 want2[SLOTS] = { 15, 0, 14, 13 };
	unsigned int s;

	fw_test_boot(test);
	tcm_on(test, 2, 100, CORUN_FW_DRAM_TCM_THRESH_BOOT);
	for (s = 0; s < 5; s++)
		run(s, &a[s]);
	epochs(1);
	KUNIT_EXPECT_EQ(test, prio(1), 0u);
	epochs(1);
	expect_prios(test, want);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), 0x3u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_BANDWIDTH), 0xcu);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 1u);

	/*
	 * The next quantum sees only its own counters: slot 1 idle drops
	 * to 0; slot 2 now hits no row and has the most in flight, so it is
	 * the nicer of the two heavy ones.
	 */
	run(0, &a[0]);
	run(2, &(struct act){ 100000, 20000, 0, 9000, 1000 });
	run(3, &a[3]);
	epochs(2);
	expect_prios(test, want2);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), 0x1u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_BANDWIDTH), 0xcu);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 2u);

	/* nothing ran: every slot at 0, both clusters empty */
	epochs(2);
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, prio(s), 0u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), 0u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_BANDWIDTH), 0u);
}

/*
 * A one-epoch quantum of slots 0 and 1 with @dram0 and @dram1 accesses
 * over equal instructions: the clusters it makes, as slot masks.
 */
static void two_slots(struct kunit *test, u64 dram0, u64 dram1, u32 lat,
		      u32 bw)
{
	run(0, &(struct act){ 100000, dram0, 0, 0, 1000 });
	run(1, &(struct act){ 100000, dram1, 0, 0, 1000 });
	epochs(1);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), lat);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_BANDWIDTH), bw);
}

/* ClusterThresh at its boundary: a share equal to it is in. */
static void fw_tcm_test_threshold(struct kunit *test)
{
	fw_test_boot(test);
	/* 1/4 of 4000 accesses: slot 0's 1000 is exactly the limit */
	tcm_on(test, 1, 100, 256);
	two_slots(test, 1000, 3000, 0x1, 0x2);
	KUNIT_EXPECT_EQ(test, prio(0), 15u);
	KUNIT_EXPECT_EQ(test, prio(1), 14u);
	/* one access more and it is out: no latency cluster at all */
	two_slots(test, 1001, 2999, 0, 0x3);
	/* equally nice: the less intensive first */
	KUNIT_EXPECT_EQ(test, prio(0), 15u);
	KUNIT_EXPECT_EQ(test, prio(1), 14u);
	/* 0: only slots without an access are latency-sensitive */
	set(test, CORUN_FW_P_DRAM_TCM_THRESH, 0);
	two_slots(test, 0, 1, 0x1, 0x2);
	/* all of it: every slot that ran; equal intensities by slot */
	set(test, CORUN_FW_P_DRAM_TCM_THRESH, CORUN_FW_DRAM_TCM_THRESH_ONE);
	run(5, &(struct act){ 1, 0, 0, 0, 1000 });
	two_slots(test, 5000, 1, 0x23, 0);
	KUNIT_EXPECT_EQ(test, prio(1), 15u);
	KUNIT_EXPECT_EQ(test, prio(5), 14u);
	KUNIT_EXPECT_EQ(test, prio(0), 13u);
}

/*
 * The insertion shuffle over a bandwidth cluster of four, nicest first
 * A = slot 2, B = slot 0, C = slot 3, D = slot 1 (by misses in flight;
 * equal row hits), below a latency slot (slot 4, no DRAM access):
 * ABCD, BACD, CBAD, DCBA, DCBA, CBAD, BACD, ABCD, then again.
 */
static void fw_tcm_test_shuffle(struct kunit *test)
{
	static const u8 seq[8][4] = {
		{ 2, 0, 3, 1 }, { 0, 2, 3, 1 }, { 3, 0, 2, 1 }, { 1, 3, 0, 2 },
		{ 1, 3, 0, 2 }, { 3, 0, 2, 1 }, { 0, 2, 3, 1 }, { 2, 0, 3, 1 },
	};
	static const u64 inflight[4] = { 3000, 1000, 4000, 2000 };
	unsigned int s, step, k;

	fw_test_boot(test);
	tcm_on(test, 40, 1, 0);
	for (s = 0; s < 4; s++)
		run(s, &(struct act){ 100000, 1000 + s, 0, inflight[s], 1000 });
	run(4, &(struct act){ 100000, 0, 0, 0, 1000 });
	epochs(40);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), 0x10u);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_BANDWIDTH), 0xfu);
	/* the quantum's order, before any shuffle */
	for (k = 0; k < 4; k++)
		KUNIT_EXPECT_EQ(test, prio(seq[0][k]), 14u - k);
	for (step = 0; step < 16; step++) {
		epochs(1);
		for (k = 0; k < 4; k++)
			KUNIT_EXPECT_EQ_MSG(test, prio(seq[step % 8][k]),
					    14u - k, "step %u rank %u", step,
					    k);
		KUNIT_EXPECT_EQ(test, prio(4), 15u);
	}
	/* every 3 epochs: the two epochs between change nothing */
	set(test, CORUN_FW_P_DRAM_TCM_SHUFFLE, 3);
	epochs(1);
	epochs(1);
	for (k = 0; k < 4; k++)
		KUNIT_EXPECT_EQ(test, prio(seq[0][k]), 14u - k);
	epochs(1);
	for (k = 0; k < 4; k++)
		KUNIT_EXPECT_EQ(test, prio(seq[0][k]), 14u - k);
	epochs(3);
	for (k = 0; k < 4; k++)
		KUNIT_EXPECT_EQ(test, prio(seq[1][k]), 14u - k);
	/* a new quantum restores the niceness order, from step 0 */
	for (s = 0; s < 4; s++)
		run(s, &(struct act){ 100000, 1000 + s, 0, inflight[s], 1000 });
	run(4, &(struct act){ 100000, 0, 0, 0, 1000 });
	epochs(40);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 2u);
	for (k = 0; k < 4; k++)
		KUNIT_EXPECT_EQ(test, prio(seq[0][k]), 14u - k);
	epochs(3);
	epochs(3);
	for (k = 0; k < 4; k++)
		KUNIT_EXPECT_EQ(test, prio(seq[1][k]), 14u - k);
	/*
	 * A quantum shortened below the epochs it has run ends at the next
	 * epoch; a shuffle interval at the quantum never shuffles.
	 */
	set(test, CORUN_FW_P_DRAM_TCM_QUANTUM, 2);
	set(test, CORUN_FW_P_DRAM_TCM_SHUFFLE, 2);
	for (s = 0; s < 4; s++)
		run(s, &(struct act){ 100000, 1000 + s, 0, inflight[s], 1000 });
	run(4, &(struct act){ 100000, 0, 0, 0, 1000 });
	epochs(1);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 3u);
	epochs(1);
	for (k = 0; k < 4; k++)
		KUNIT_EXPECT_EQ(test, prio(seq[0][k]), 14u - k);
	/* and the quantum after it, in which nothing ran, clears them */
	epochs(1);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_QUANTA), 4u);
	for (s = 0; s < 5; s++)
		KUNIT_EXPECT_EQ(test, prio(s), 0u);
}

/* Sixteen slots that ran: priorities 15 .. 1, the last two share 1. */
static void fw_tcm_test_many_slots(struct kunit *test)
{
	unsigned int s;

	fake_reset(CORUN_MAX_SLOTS, SMS);
	fw_test_boot(test);
	tcm_on(test, 1, 1, CORUN_FW_DRAM_TCM_THRESH_ONE);
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		run(s, &(struct act){ 1000, s, 0, 0, 1000 });
	epochs(1);
	KUNIT_EXPECT_EQ(test, get(test, CORUN_FW_P_DRAM_TCM_LATENCY), 0xffffu);
	for (s = 0; s < CORUN_MAX_SLOTS - 1; s++)
		KUNIT_EXPECT_EQ_MSG(test, prio(s), 15u - s, "slot %u", s);
	KUNIT_EXPECT_EQ(test, prio(CORUN_MAX_SLOTS - 1), 1u);
}

static struct kunit_case fw_tcm_test_cases[] = {
	KUNIT_CASE(fw_tcm_test_select),
	KUNIT_CASE(fw_tcm_test_cluster),
	KUNIT_CASE(fw_tcm_test_threshold),
	KUNIT_CASE(fw_tcm_test_shuffle),
	KUNIT_CASE(fw_tcm_test_many_slots),
	{}
};

static struct kunit_suite fw_tcm_test_suite = {
	.name = "corun_fw_tcm",
	.init = fw_test_init,
	.test_cases = fw_tcm_test_cases,
};

kunit_test_suites(&fw_tcm_test_suite);
