// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * What decides which kernel's memory instructions enter an SM's LSU. An
 * aggressor whose loads all miss (slot 0) shares SM 0 with a victim whose
 * loads all hit after the first (slot 1).
 *
 * l1.subq_full: the aggressor held to one L1 miss per IRC window. Under
 * "stall" its memory instruction sits in the one-instruction LSU failing
 * reservation, and the victim's loads wait behind it; under "hold" they
 * pass it.
 *
 * BMI (sm.sched_policy lrr_bmi): the aggressor unthrottled; the victim,
 * which sends far fewer requests, enters the LSU first whenever both wait.
 */
#include <string.h>

#include <kunit/test.h>

#include "tprog.h"

#define AGG_WARPS 8
#define AGG_ITERS 8
#define BMI_AGG_ITERS 64 /* the victim's whole run beside it */

/* a2 = args[0] + (tid.x << @shift), a3 = args[1] (the iterations). */
static void emit_thread_ptr(struct prog *p, uint32_t shift)
{
	emit(p, CSRR(A1, CORUN_CSR_ARGS));
	emit(p, LW(A2, A1, 0));
	emit(p, LW(A3, A1, 4));
	emit(p, CSRR(T0, CORUN_CSR_TID_X));
	emit(p, SLLI(T0, T0, shift));
	emit(p, ADD(A2, A2, T0));
}

/*
 * Each thread loads a line of its own per iteration (64 B lines, lanes
 * 64 B apart, iterations a CTA's lines apart), adding up what it loads.
 */
static uint32_t aggressor_prog(struct tdev *t)
{
	struct prog p = { .n = 0 };
	uint32_t top;

	emit_thread_ptr(&p, 6);
	li(&p, T5, AGG_WARPS * t->cfg.warp_size * 64);
	top = p.n;
	emit(&p, LW(T3, A2, 0));
	emit(&p, ADD(T4, T4, T3));
	emit(&p, ADD(A2, A2, T5));
	emit(&p, ADDI(A3, A3, -1));
	emit(&p, BNE(A3, ZERO, -(int32_t)(p.n - top) * 4));
	emit(&p, EXIT);
	return tdev_code(t, p.w, p.n);
}

/* One warp loading the same line @iters times: one miss, then hits. */
static uint32_t victim_prog(struct tdev *t)
{
	struct prog p = { .n = 0 };
	uint32_t top;

	emit_thread_ptr(&p, 2);
	top = p.n;
	emit(&p, LW(T3, A2, 0));
	emit(&p, ADD(T4, T4, T3));
	emit(&p, ADDI(A3, A3, -1));
	emit(&p, BNE(A3, ZERO, -(int32_t)(p.n - top) * 4));
	emit(&p, EXIT);
	return tdev_code(t, p.w, p.n);
}

static void submit(struct kunit *test, struct tdev *t, unsigned int slot,
		   uint32_t entry, uint32_t block, uint32_t buf, uint32_t iters)
{
	uint32_t args = tdev_alloc(t, 64, TDEV_RW), *a = tdev_ptr(t, args);
	struct emu_slot_policy pol;
	struct corun_job_desc d;

	a[0] = buf;
	a[1] = iters;
	emu_gpu_get_slot_policy(t->gpu, slot, &pol);
	memset(pol.sm_mask, 0, sizeof(pol.sm_mask));
	pol.sm_mask[0] = 1; /* SM 0 only */
	KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_policy(t->gpu, slot, &pol), 0);
	tdev_desc(t, slot, &d, entry, 1, block);
	d.args = args;
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t->gpu, slot, &d), 0);
}

/*
 * Run the victim (slot 1), beside the aggressor (slot 0) if @corun, under
 * l1.subq_full @mode and warp scheduler @sched, the aggressor held to one
 * miss per IRC window if @irc, for @iters loads a thread; ev[0] and ev[1]
 * receive the jobs' events.
 */
static int pair_run(struct kunit *test, uint32_t mode, uint32_t sched,
		    bool irc, uint32_t iters, bool corun, struct emu_event *ev)
{
	struct emu_config c;
	struct tdev t;
	uint32_t agg, vic, buf;
	int ret;

	tdev_test_config(&c);
	c.l1.subq_full = mode;
	c.sm.sched_policy = sched;
	if (tdev_init(&t, &c, MEM_BYTES))
		return -1;
	agg = aggressor_prog(&t);
	vic = victim_prog(&t);
	if (corun) {
		buf = tdev_alloc(&t, iters * AGG_WARPS * c.warp_size * 64,
				 TDEV_RW);
		if (irc)
			KUNIT_EXPECT_EQ(test, emu_gpu_set_irc(t.gpu, 0, 1, 0),
					0);
		submit(test, &t, 0, agg, AGG_WARPS * c.warp_size, buf, iters);
	}
	submit(test, &t, 1, vic, c.warp_size, tdev_alloc(&t, 4096, TDEV_RW),
	       64);
	ret = tdev_run_all(&t, ev, 10000000);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, ev[1].fault.cause, 0u);
	if (corun)
		KUNIT_EXPECT_EQ(test, ev[0].fault.cause, 0u);
	tdev_fini(&t);
	return ret;
}

static int hold_run(struct kunit *test, uint32_t mode, bool corun,
		    struct emu_event *ev)
{
	return pair_run(test, mode, EMU_SCHED_LRR, true, AGG_ITERS, corun, ev);
}

static int bmi_run(struct kunit *test, uint32_t sched, bool corun,
		   struct emu_event *ev)
{
	return pair_run(test, EMU_L1_SUBQ_STALL, sched, false, BMI_AGG_ITERS,
			corun, ev);
}

static uint64_t lsu_full(const struct emu_event *ev)
{
	return ev->counters.c.stall[CORUN_STALL_LSU_FULL];
}

/*
 * Alone, the victim's sub-queue never fills and both modes run it in the
 * same cycles. Beside the aggressor, "stall" makes it wait at the LSU for
 * the aggressor's refused misses; "hold" runs it nearly as fast as alone,
 * the aggressor's misses held before the port, not failing reservation,
 * and the aggressor's requests and cycles the same.
 */
static void subq_hold_passes(struct kunit *test)
{
	struct emu_event alone[2][CORUN_MAX_SLOTS], co[2][CORUN_MAX_SLOTS];
	uint64_t va, vs, vh;
	uint32_t m;

	for (m = 0; m < 2; m++) {
		if (hold_run(test, m, false, alone[m]) ||
		    hold_run(test, m, true, co[m]))
			return;
	}
	va = job_cycles(&alone[EMU_L1_SUBQ_STALL][1]);
	KUNIT_EXPECT_EQ(test, job_cycles(&alone[EMU_L1_SUBQ_HOLD][1]), va);
	vs = job_cycles(&co[EMU_L1_SUBQ_STALL][1]);
	vh = job_cycles(&co[EMU_L1_SUBQ_HOLD][1]);
	kunit_info(test, "victim: %llu cycles alone, %llu beside the aggressor under stall, %llu under hold",
		   (unsigned long long)va, (unsigned long long)vs,
		   (unsigned long long)vh);
	KUNIT_EXPECT_GT(test, vs, 10 * vh);
	KUNIT_EXPECT_LT(test, vh, 2 * va);
	KUNIT_EXPECT_GT(test, lsu_full(&co[EMU_L1_SUBQ_STALL][1]),
			10 * lsu_full(&co[EMU_L1_SUBQ_HOLD][1]));
	/*
	 * Under hold only the warps' merged loads of the argument line fail
	 * reservation (l1.mshr_merge), at the start.
	 */
	KUNIT_EXPECT_GT(test, co[EMU_L1_SUBQ_STALL][0].counters.c.l1_resfails,
			100 * co[EMU_L1_SUBQ_HOLD][0].counters.c.l1_resfails);
	/* The aggressor runs at its credits either way. */
	KUNIT_EXPECT_EQ(test, job_cycles(&co[EMU_L1_SUBQ_HOLD][0]),
			job_cycles(&co[EMU_L1_SUBQ_STALL][0]));
	KUNIT_EXPECT_EQ(test, co[EMU_L1_SUBQ_HOLD][0].counters.c.read_requests,
			co[EMU_L1_SUBQ_STALL][0].counters.c.read_requests);
	KUNIT_EXPECT_EQ(test, co[EMU_L1_SUBQ_HOLD][0].counters.c.read_requests,
			(uint64_t)AGG_ITERS * AGG_WARPS * 8 + 1);
}

static void expect_same_run(struct kunit *test, const struct emu_event *a,
			    const struct emu_event *b)
{
	uint32_t s;

	for (s = 0; s < 2; s++) {
		KUNIT_EXPECT_EQ(test, a[s].counters.start_cycle,
				b[s].counters.start_cycle);
		KUNIT_EXPECT_EQ(test, a[s].counters.end_cycle,
				b[s].counters.end_cycle);
		KUNIT_EXPECT_EQ(test, memcmp(&a[s].counters.c, &b[s].counters.c,
					     sizeof(a[s].counters.c)), 0);
	}
}

/* Same inputs, same cycles, under hold too. */
static void subq_hold_deterministic(struct kunit *test)
{
	struct emu_event a[CORUN_MAX_SLOTS], b[CORUN_MAX_SLOTS];

	if (hold_run(test, EMU_L1_SUBQ_HOLD, true, a) ||
	    hold_run(test, EMU_L1_SUBQ_HOLD, true, b))
		return;
	expect_same_run(test, a, b);
}

/*
 * BMI: alone, nothing to balance, the same cycles as LRR. Beside the
 * aggressor, whose eight warps keep asking for the LSU, the victim's loads
 * take their turn among them under LRR; under BMI they go first, as the
 * victim has sent fewer requests, and the aggressor sends the same
 * requests. Same inputs, same cycles.
 */
static void bmi_victim_first(struct kunit *test)
{
	struct emu_event alone[2][CORUN_MAX_SLOTS], co[2][CORUN_MAX_SLOTS];
	struct emu_event again[CORUN_MAX_SLOTS];
	static const uint32_t sched[2] = { EMU_SCHED_LRR, EMU_SCHED_LRR_BMI };
	uint64_t va, vl, vb;
	uint32_t m;

	for (m = 0; m < 2; m++) {
		if (bmi_run(test, sched[m], false, alone[m]) ||
		    bmi_run(test, sched[m], true, co[m]))
			return;
	}
	va = job_cycles(&alone[0][1]);
	KUNIT_EXPECT_EQ(test, job_cycles(&alone[1][1]), va);
	vl = job_cycles(&co[0][1]);
	vb = job_cycles(&co[1][1]);
	kunit_info(test, "victim: %llu cycles alone, %llu beside the aggressor under lrr, %llu under lrr_bmi",
		   (unsigned long long)va, (unsigned long long)vl,
		   (unsigned long long)vb);
	/*
	 * A load of the victim still waits for the aggressor's instruction
	 * in the LSU (32 line requests), but for that one only: its stalls
	 * at the LSU halve (1192 against 2325 cycles).
	 */
	KUNIT_EXPECT_LT(test, 4 * vb, 3 * vl);
	KUNIT_EXPECT_LT(test, 5 * lsu_full(&co[1][1]),
			3 * lsu_full(&co[0][1]));
	KUNIT_EXPECT_EQ(test, co[1][0].counters.c.read_requests,
			co[0][0].counters.c.read_requests);
	if (bmi_run(test, EMU_SCHED_LRR_BMI, true, again))
		return;
	expect_same_run(test, co[1], again);
}

static struct kunit_case lsu_hold_cases[] = {
	KUNIT_CASE(subq_hold_passes),
	KUNIT_CASE(subq_hold_deterministic),
	{}
};

static struct kunit_suite lsu_hold_suite = {
	.name = "emu-gpu-subq-hold",
	.test_cases = lsu_hold_cases,
};

static struct kunit_case bmi_cases[] = {
	KUNIT_CASE(bmi_victim_first),
	{}
};

static struct kunit_suite bmi_suite = {
	.name = "emu-gpu-bmi",
	.test_cases = bmi_cases,
};

kunit_test_suites(&lsu_hold_suite, &bmi_suite);
