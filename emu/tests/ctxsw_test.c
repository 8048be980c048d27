// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * SM reclaim by context switch (emu/ctxsw.c) on a hand-assembled kernel
 * that keeps state in registers, shared memory (exchanged across
 * barriers), its stack and global memory, with some threads and one whole
 * warp exited early: a run whose slot is moved between the two SMs of
 * test-2sm every few hundred cycles with CORUN_RECLAIM_SWITCH (so its
 * CTAs are saved and restored many times, some while waiting at a
 * barrier) writes the same bytes as an undisturbed run; the counters
 * account every save and restore; DRAIN moves nothing; bad values are
 * refused.
 */
#include <errno.h>
#include <string.h>
#include <kunit/test.h>

#include "sm.h"
#include "tprog.h"

#define CS_GRID 6
#define CS_BLOCK 24 /* three 8-lane warps; threads 16.. exit at once */
#define CS_LIVE 16
#define CS_ITERS 24

/*
 * out[gtid] (pre-set by the host) for live threads becomes acc after
 * CS_ITERS rounds of: shared[tid] = acc + gtid; barrier; acc = acc * 3 +
 * shared[(tid + 1) % 16] + out[gtid]; stack word = acc; acc += stack
 * word >> 1; barrier.
 */
static uint32_t cs_kernel(struct tdev *t)
{
	struct prog p = { .n = 0 };
	uint32_t loop;

	emit_out_ptr(&p); /* a0 = &out[gtid], t0 = gtid */
	emit(&p, CSRR(T2, CORUN_CSR_TID_X));
	li(&p, T1, CS_LIVE);
	emit(&p, BLT(T2, T1, 8));
	emit(&p, EXIT);
	li(&p, A1, CORUN_VA_SHARED_BASE);
	li(&p, A2, 0); /* acc */
	li(&p, A3, CS_ITERS);
	li(&p, S0, 3);
	emit(&p, SLLI(T3, T2, 2));
	emit(&p, ADD(T3, A1, T3)); /* &shared[tid] */
	emit(&p, ADDI(T4, T2, 1));
	emit(&p, ANDI(T4, T4, CS_LIVE - 1));
	emit(&p, SLLI(T4, T4, 2));
	emit(&p, ADD(T4, A1, T4)); /* &shared[(tid + 1) % 16] */
	loop = p.n;
	emit(&p, ADD(T5, A2, T0));
	emit(&p, SW(T5, T3, 0));
	emit(&p, BAR);
	emit(&p, LW(T6, T4, 0));
	emit(&p, MUL(A2, A2, S0));
	emit(&p, ADD(A2, A2, T6));
	emit(&p, LW(T6, A0, 0));
	emit(&p, ADD(A2, A2, T6));
	emit(&p, SW(A2, SP, -8));
	emit(&p, LW(T6, SP, -8));
	emit(&p, rv_i(1, T6, 5, T6, 0x13)); /* srli t6, t6, 1 */
	emit(&p, ADD(A2, A2, T6));
	emit(&p, BAR);
	emit(&p, ADDI(A3, A3, -1));
	emit(&p, BNE(A3, ZERO, (int32_t)(loop - p.n) * 4));
	emit(&p, SW(A2, A0, 0));
	emit(&p, EXIT);
	return tdev_code(t, p.w, p.n);
}

static void cs_mask(struct kunit *test, struct tdev *t, uint32_t mask,
		    uint32_t reclaim)
{
	struct emu_slot_policy pol;

	emu_gpu_get_slot_policy(t->gpu, 0, &pol);
	memset(pol.sm_mask, 0, sizeof(pol.sm_mask));
	pol.sm_mask[0] = mask;
	pol.reclaim = reclaim;
	KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_policy(t->gpu, 0, &pol), 0);
}

/*
 * Run the kernel; with @period, move the slot to the other SM every
 * @period cycles under @reclaim. @out receives the results.
 */
static void cs_run(struct kunit *test, uint32_t period, uint32_t reclaim,
		   uint32_t *out, struct corun_slot_ctxsw_counters *cc,
		   struct emu_event *done)
{
	uint32_t n = CS_GRID * CS_BLOCK, entry, buf, i, mask = 1;
	struct corun_job_desc d;
	struct emu_event ev;
	uint64_t stop;
	struct tdev t;
	uint32_t *v;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = cs_kernel(&t);
	buf = tdev_alloc(&t, n * 4, TDEV_RW);
	v = tdev_ptr(&t, buf);
	for (i = 0; i < n; i++)
		v[i] = i * 2654435761u;
	tdev_desc(&t, 0, &d, entry, CS_GRID, CS_BLOCK);
	d.args = buf;
	d.shared_bytes = CS_LIVE * 4;
	d.stack_bytes = 64;
	if (period)
		cs_mask(test, &t, mask, reclaim);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 0, &d), 0);
	memset(done, 0, sizeof(*done));
	stop = period ? period : 10000000;
	for (;;) {
		int r = emu_gpu_run(t.gpu, stop, &ev);

		if (r == EMU_EV_JOB_DONE) {
			*done = ev;
			break;
		}
		KUNIT_ASSERT_EQ(test, r, EMU_EV_NONE);
		KUNIT_ASSERT_LT(test, stop, 10000000ull);
		mask ^= 3;
		cs_mask(test, &t, mask, reclaim);
		stop += period;
	}
	KUNIT_EXPECT_EQ(test, done->fault.cause, 0u);
	KUNIT_EXPECT_EQ(test, done->counters.c.ctas_done, (uint64_t)CS_GRID);
	KUNIT_EXPECT_EQ(test, done->counters.c.ctas_launched,
			(uint64_t)CS_GRID);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_saved(t.gpu, 0), 0u);
	emu_gpu_slot_ctxsw(t.gpu, 0, cc);
	memcpy(out, v, n * 4);
	tdev_fini(&t);
}

/* Any number of context switches: the same results, all accounted. */
static void ctxsw_bit_identical(struct kunit *test)
{
	static const uint32_t periods[] = { 97, 300, 1000, 2500 };
	uint32_t n = CS_GRID * CS_BLOCK, ref[CS_GRID * CS_BLOCK];
	uint32_t got[CS_GRID * CS_BLOCK], i, j;
	struct corun_slot_ctxsw_counters cc;
	struct emu_event ev, ev0;
	uint64_t moved = 0;

	cs_run(test, 0, CORUN_RECLAIM_DRAIN, ref, &cc, &ev0);
	KUNIT_EXPECT_EQ(test, cc.preempts, 0ull);
	for (i = 0; i < ARRAY_SIZE(periods); i++) {
		cs_run(test, periods[i], CORUN_RECLAIM_SWITCH, got, &cc, &ev);
		for (j = 0; j < n; j++)
			KUNIT_EXPECT_EQ_MSG(test, got[j], ref[j],
					    "period %u thread %u", periods[i],
					    j);
		KUNIT_EXPECT_GT(test, cc.preempts, 0ull);
		KUNIT_EXPECT_EQ(test, cc.restores, cc.preempts);
		KUNIT_EXPECT_EQ(test, cc.save_bytes, cc.restore_bytes);
		/* two live warps of 8 lanes: registers, PCs, masks; shared */
		KUNIT_EXPECT_GE(test, cc.save_bytes,
				cc.preempts * (2 * 40 + 64));
		KUNIT_EXPECT_GE(test, cc.restore_cycles,
				cc.restores * (uint64_t)100);
		KUNIT_EXPECT_GT(test, cc.save_cycles, 0ull);
		/* the same work, and the switches cost time */
		KUNIT_EXPECT_EQ(test, ev.counters.c.thread_insns,
				ev0.counters.c.thread_insns);
		KUNIT_EXPECT_GT(test, job_cycles(&ev), job_cycles(&ev0));
		moved += cc.preempts;
	}
	KUNIT_EXPECT_GT(test, moved, (uint64_t)ARRAY_SIZE(periods) * CS_GRID);
}

/* Draining moves no CTA: the same results, no switch counted. */
static void ctxsw_drain(struct kunit *test)
{
	uint32_t ref[CS_GRID * CS_BLOCK], got[CS_GRID * CS_BLOCK];
	struct corun_slot_ctxsw_counters cc;
	struct emu_event ev;

	cs_run(test, 0, CORUN_RECLAIM_DRAIN, ref, &cc, &ev);
	cs_run(test, 300, CORUN_RECLAIM_DRAIN, got, &cc, &ev);
	KUNIT_EXPECT_EQ(test, memcmp(got, ref, sizeof(ref)), 0);
	KUNIT_EXPECT_EQ(test, cc.preempts, 0ull);
	KUNIT_EXPECT_EQ(test, cc.restores, 0ull);
}

/* Same inputs, same cycles: context switches are deterministic. */
static void ctxsw_deterministic(struct kunit *test)
{
	uint32_t a[CS_GRID * CS_BLOCK], b[CS_GRID * CS_BLOCK];
	struct corun_slot_ctxsw_counters ca, cb;
	struct emu_event ea, eb;

	cs_run(test, 300, CORUN_RECLAIM_SWITCH, a, &ca, &ea);
	cs_run(test, 300, CORUN_RECLAIM_SWITCH, b, &cb, &eb);
	KUNIT_EXPECT_EQ(test, ea.counters.end_cycle, eb.counters.end_cycle);
	KUNIT_EXPECT_EQ(test, memcmp(&ca, &cb, sizeof(ca)), 0);
}

/* The cost: a fixed latency plus bytes over the SM's DRAM share. */
static void ctxsw_cost(struct kunit *test)
{
	struct emu_config c;
	uint64_t bw;

	tdev_test_config(&c);
	bw = c.calib.dram_sustainable ? c.calib.dram_sustainable :
					emu_config_dram_peak(&c);
	KUNIT_EXPECT_EQ(test, emu_ctxsw_cycles(&c, 0, false),
			(uint64_t)c.l2.latency);
	KUNIT_EXPECT_EQ(test, emu_ctxsw_cycles(&c, 0, true),
			(uint64_t)c.dram.latency);
	KUNIT_EXPECT_EQ(test, emu_ctxsw_cycles(&c, 4096, true),
			c.dram.latency +
				(4096ull * 1000 * c.num_sms + bw - 1) / bw);
}

/* A bad reclaim mode is refused and changes nothing. */
static void ctxsw_bad_mode(struct kunit *test)
{
	struct emu_slot_policy pol, back;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emu_gpu_get_slot_policy(t.gpu, 0, &pol);
	pol.sm_mask[0] = 1;
	pol.reclaim = CORUN_RECLAIM_NR;
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_policy(t.gpu, 0, &pol), -EINVAL);
	emu_gpu_get_slot_policy(t.gpu, 0, &back);
	KUNIT_EXPECT_EQ(test, back.sm_mask[0], 3u);
	KUNIT_EXPECT_EQ(test, back.reclaim, (uint32_t)CORUN_RECLAIM_DRAIN);
	tdev_fini(&t);
}

static struct kunit_case ctxsw_cases[] = {
	KUNIT_CASE(ctxsw_bit_identical), KUNIT_CASE(ctxsw_drain),
	KUNIT_CASE(ctxsw_deterministic), KUNIT_CASE(ctxsw_cost),
	KUNIT_CASE(ctxsw_bad_mode),	 {}
};

static struct kunit_suite ctxsw_suite = {
	.name = "emu-ctxsw",
	.test_cases = ctxsw_cases,
};

kunit_test_suites(&ctxsw_suite);
