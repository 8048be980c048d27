// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * emu GPU model: dispatcher, warp schedulers, scoreboard and pipeline
 * timing, memory path, faults, budget, barriers, determinism and
 * descriptor validation, on hand-assembled RV32 kernels.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/test.h>

#include "testdev.h"
#include "tprog.h"

/* ------------------------------------------------------------------ */

/* A dependent chain of n ops of one kind, one warp. */
static uint64_t chain_cycles(struct kunit *test, uint32_t n, int kind)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t i, entry;
	uint64_t cyc = 0;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit(&p, ADDI(T2, ZERO, 3));
	emit(&p, ADDI(T3, ZERO, 1));
	for (i = 0; i < n; i++) {
		switch (kind) {
		case 0: /* dependent ALU */
			emit(&p, ADDI(T2, T2, 1));
			break;
		case 1: /* dependent MUL */
			emit(&p, MUL(T2, T2, T3));
			break;
		case 2: /* four independent ALU chains */
			emit(&p, ADDI(T2 + (i % 4), T2 + (i % 4), 1));
			break;
		case 3: /* dependent binary64 adds */
			emit(&p, FADD_D(1, 1, 2));
			break;
		case 4: /* eight independent binary64 add chains */
			emit(&p, FADD_D(8 + i % 8, 8 + i % 8, 2));
			break;
		}
	}
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, t.cfg.warp_size);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		cyc = job_cycles(&ev);
		KUNIT_EXPECT_EQ(test, ev.counters.c.warp_insns, (uint64_t)n + 3);
		KUNIT_EXPECT_EQ(test, ev.counters.c.thread_insns,
				((uint64_t)n + 3) * t.cfg.warp_size);
	}
	tdev_fini(&t);
	return cyc;
}

static void timing_alu_chain(struct kunit *test)
{
	struct emu_config c;
	uint64_t a = chain_cycles(test, 50, 0), b = chain_cycles(test, 150, 0);

	tdev_test_config(&c);
	KUNIT_EXPECT_EQ(test, b - a, 100ull * c.fu[EMU_FU_ALU].latency);
}

static void timing_mul_chain(struct kunit *test)
{
	struct emu_config c;
	uint64_t a = chain_cycles(test, 20, 1), b = chain_cycles(test, 40, 1);

	tdev_test_config(&c);
	KUNIT_EXPECT_EQ(test, b - a, 20ull * c.fu[EMU_FU_MUL].latency);
}

/* The double-precision pipe: its latency, then its initiation interval. */
static void timing_dp(struct kunit *test)
{
	struct emu_config c;
	uint64_t a = chain_cycles(test, 20, 3), b = chain_cycles(test, 40, 3);

	tdev_test_config(&c);
	KUNIT_EXPECT_EQ(test, b - a, 20ull * c.fu[EMU_FU_DP].latency);
	a = chain_cycles(test, 80, 4);
	b = chain_cycles(test, 160, 4);
	KUNIT_EXPECT_EQ(test, b - a, 80ull * c.fu[EMU_FU_DP].interval);
}

static void timing_independent(struct kunit *test)
{
	uint64_t a = chain_cycles(test, 200, 2), b = chain_cycles(test, 600, 2);

	/* Latency 4, interval 1, four chains: one instruction per cycle. */
	KUNIT_EXPECT_EQ(test, b - a, 400ull);
}


/* ------------------------------------------------------------------ */
/* Warp schedulers. */

/*
 * Each warp: a = cycle; K independent ALU ops; b = cycle;
 * out[warpid] = {a, b}. Optionally a long-latency load in between.
 */
static void sched_prog(struct prog *p, uint32_t k, bool load)
{
	uint32_t i;

	emit(p, CSRR(A0, CORUN_CSR_ARGS));
	emit(p, CSRR(A2, CORUN_CSR_WARPID));
	emit(p, SLLI(A2, A2, 3));
	emit(p, ADD(A0, A0, A2));
	emit(p, NOP); /* let a0 settle: no RAW stall after the first read */
	emit(p, NOP);
	emit(p, NOP);
	emit(p, NOP);
	emit(p, CSRR(T0, CSR_CYCLE));
	for (i = 0; i < k; i++)
		emit(p, ADDI(S2 + (i % 8), ZERO, (int32_t)i));
	if (load) {
		emit(p, LW(T3, A0, 0));
		emit(p, ADD(T4, T3, T3));
	}
	emit(p, CSRR(T1, CSR_CYCLE));
	emit(p, SW(T0, A0, 0));
	emit(p, SW(T1, A0, 4));
	emit(p, EXIT);
}

static void sched_run(struct kunit *test, uint32_t policy, uint32_t active,
		      bool load, uint32_t *out)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf;

	tdev_test_config(&c);
	c.sm.schedulers = 1;
	c.sm.sched_policy = policy;
	c.sm.two_level_active = active ? active : 1;
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	sched_prog(&p, 20, load);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	tdev_desc(&t, 0, &d, entry, 1, 2 * c.warp_size);
	d.args = buf;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		memcpy(out, tdev_ptr(&t, buf), 16);
	}
	tdev_fini(&t);
}

static void sched_lrr_order(struct kunit *test)
{
	uint32_t o[4];

	sched_run(test, EMU_SCHED_LRR, 0, false, o);
	/* Round robin: warp 1 reads the clock one cycle after warp 0. */
	KUNIT_EXPECT_EQ(test, o[2] - o[0], 1u);
	KUNIT_EXPECT_EQ(test, o[3] - o[1], 1u);
}

static void sched_gto_order(struct kunit *test)
{
	uint32_t o[4];

	sched_run(test, EMU_SCHED_GTO, 0, false, o);
	/* Greedy: warp 0 runs all 20 ops before warp 1 starts. */
	KUNIT_EXPECT_EQ(test, o[1] - o[0], 21u);
	KUNIT_EXPECT_GE(test, o[2], o[1] + 1);
}

static void sched_two_level(struct kunit *test)
{
	uint32_t o[4], l[4];

	/* Active pool of one: warp 1 waits until warp 0 stalls long. */
	sched_run(test, EMU_SCHED_TWO_LEVEL, 1, true, o);
	KUNIT_EXPECT_GE(test, o[2], o[0] + 21);
	/* Pool of two behaves like LRR. */
	sched_run(test, EMU_SCHED_TWO_LEVEL, 2, true, l);
	KUNIT_EXPECT_EQ(test, l[2] - l[0], 1u);
}

/*
 * One CTA of @nwarps warps on one scheduler with a two_level pool of
 * @active: each warp (warp @load_warp first loads a0, a miss) waits at a
 * barrier, then writes 7 to out[warpid]. Returns tdev_run()'s result.
 */
static int sched_bar_run(struct kunit *test, uint32_t nwarps, uint32_t active,
			 uint32_t load_warp)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf, i, *v;
	int r;

	tdev_test_config(&c);
	c.sm.schedulers = 1;
	c.sm.sched_policy = EMU_SCHED_TWO_LEVEL;
	c.sm.two_level_active = active;
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	emit(&p, CSRR(A0, CORUN_CSR_ARGS));
	emit(&p, CSRR(A2, CORUN_CSR_WARPID));
	emit(&p, ADDI(T2, ZERO, (int32_t)load_warp));
	emit(&p, BNE(A2, T2, 12));
	emit(&p, LW(T3, A0, 0));
	emit(&p, ADD(T4, T3, T3));
	emit(&p, BAR);
	emit(&p, SLLI(A2, A2, 2));
	emit(&p, ADD(A0, A0, A2));
	emit(&p, ADDI(T4, ZERO, 7));
	emit(&p, SW(T4, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	tdev_desc(&t, 0, &d, entry, 1, nwarps * c.warp_size);
	d.args = buf;
	r = tdev_run(&t, 0, &d, &ev, 100000);
	if (!r) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, buf);
		for (i = 0; i < nwarps; i++)
			KUNIT_EXPECT_EQ(test, v[i], 7u);
	}
	tdev_fini(&t);
	return r;
}

/*
 * two_level: a barrier waiter leaves the pool, or a pool full of waiters
 * would wait forever for the warps of their CTA outside it; and waiters
 * that come back into the pool still asleep (warp 2 missed, so warps 0
 * and 1 are ahead of it again) go back out while a warp outside can run.
 */
static void sched_two_level_barrier(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, sched_bar_run(test, 2, 1, 99), 0);
	KUNIT_EXPECT_EQ(test, sched_bar_run(test, 4, 2, 2), 0);
	KUNIT_EXPECT_EQ(test, sched_bar_run(test, 8, 3, 5), 0);
}

/* Kernel-aware: GTO inside a kernel, LRR across kernels. */
static void sched_kaware(struct kunit *test)
{
	struct corun_job_desc d[2];
	struct emu_event ev[CORUN_MAX_SLOTS];
	struct emu_slot_policy pol;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf[2], o[2][4], s;

	tdev_test_config(&c);
	c.sm.schedulers = 1;
	c.sm.sched_policy = EMU_SCHED_KAWARE;
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	sched_prog(&p, 20, false);
	entry = tdev_code(&t, p.w, p.n);
	for (s = 0; s < 2; s++) {
		buf[s] = tdev_alloc(&t, 4096, TDEV_RW);
		tdev_desc(&t, s, &d[s], entry, 1, 2 * c.warp_size);
		d[s].args = buf[s];
		emu_gpu_get_slot_policy(t.gpu, s, &pol);
		memset(pol.sm_mask, 0, sizeof(pol.sm_mask));
		pol.sm_mask[0] = 1; /* both on SM 0 */
		KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_policy(t.gpu, s, &pol), 0);
		KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, s, &d[s]), 0);
	}
	KUNIT_ASSERT_EQ(test, tdev_run_all(&t, ev, 1000000), 0);
	for (s = 0; s < 2; s++) {
		KUNIT_EXPECT_EQ(test, ev[s].fault.cause, 0u);
		memcpy(o[s], tdev_ptr(&t, buf[s]), 16);
	}
	/* Inside each kernel greedy: warp 1 waits for warp 0. */
	KUNIT_EXPECT_GE(test, o[0][2], o[0][1]);
	KUNIT_EXPECT_GE(test, o[1][2], o[1][1]);
	/* Across kernels alternating: both first warps run side by side. */
	KUNIT_EXPECT_LE(test, o[1][1] - o[0][1], 2u);
	tdev_fini(&t);
}

/* ------------------------------------------------------------------ */
/* Dispatcher. */

/* out[ctaid] = {smid, start, end}; spins for @spin iterations. */
static uint32_t record_kernel(struct tdev *t, uint32_t spin)
{
	struct prog p = { .n = 0 };

	emit(&p, CSRR(T0, CSR_CYCLE));
	li(&p, T2, spin);
	emit(&p, ADDI(T2, T2, -1)); /* loop: */
	emit(&p, BNE(T2, ZERO, -4));
	emit(&p, CSRR(T1, CSR_CYCLE));
	emit(&p, CSRR(A0, CORUN_CSR_ARGS));
	emit(&p, CSRR(A1, CORUN_CSR_CTAID_X));
	emit(&p, SLLI(A1, A1, 4));
	emit(&p, ADD(A0, A0, A1));
	emit(&p, CSRR(A2, CORUN_CSR_SMID));
	emit(&p, SW(A2, A0, 0));
	emit(&p, SW(T0, A0, 4));
	emit(&p, SW(T1, A0, 8));
	emit(&p, CSRR(A2, CORUN_CSR_SLOT));
	emit(&p, SW(A2, A0, 12));
	emit(&p, EXIT);
	return tdev_code(t, p.w, p.n);
}

struct rec {
	uint32_t sm, start, end, slot;
};

/* Max number of CTAs running at once on @sm among @n records. */
static uint32_t max_overlap(const struct rec *r, uint32_t n, uint32_t sm)
{
	uint32_t i, j, best = 0;

	for (i = 0; i < n; i++) {
		uint32_t k = 0;

		if (r[i].sm != sm)
			continue;
		for (j = 0; j < n; j++)
			if (r[j].sm == sm && r[j].start <= r[i].start &&
			    r[j].end > r[i].start)
				k++;
		if (k > best)
			best = k;
	}
	return best;
}

static void set_policy(struct kunit *test, struct tdev *t, unsigned int slot,
		       uint32_t mask, uint32_t quota, uint32_t throttle)
{
	struct emu_slot_policy pol;

	emu_gpu_get_slot_policy(t->gpu, slot, &pol);
	memset(pol.sm_mask, 0, sizeof(pol.sm_mask));
	pol.sm_mask[0] = mask;
	pol.cta_quota = quota;
	pol.throttle = throttle;
	KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_policy(t->gpu, slot, &pol), 0);
}

static void dispatch_run(struct kunit *test, uint32_t mask, uint32_t quota,
			 uint32_t throttle, uint32_t grid, uint32_t block,
			 uint32_t regs, struct rec *out)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct tdev t;
	uint32_t entry, buf;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = record_kernel(&t, 200);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	set_policy(test, &t, 0, mask, quota, throttle);
	tdev_desc(&t, 0, &d, entry, grid, block);
	d.args = buf;
	d.regs_per_thread = (uint8_t)regs;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		KUNIT_EXPECT_EQ(test, ev.counters.c.ctas_launched, (uint64_t)grid);
		KUNIT_EXPECT_EQ(test, ev.counters.c.ctas_done, (uint64_t)grid);
		memcpy(out, tdev_ptr(&t, buf), grid * sizeof(*out));
	}
	tdev_fini(&t);
}

static void dispatch_sm_mask(struct kunit *test)
{
	struct rec r[6];
	uint32_t i;

	dispatch_run(test, 2, 0, 0, 6, 8, 32, r);
	for (i = 0; i < 6; i++)
		KUNIT_EXPECT_EQ(test, r[i].sm, 1u);
	/* Default mask: round robin over both SMs. */
	dispatch_run(test, 3, 0, 0, 6, 8, 32, r);
	for (i = 0; i < 6; i++)
		KUNIT_EXPECT_EQ(test, r[i].sm, i % 2);
}

static void dispatch_quota(struct kunit *test)
{
	struct rec r[8];

	dispatch_run(test, 3, 1, 0, 8, 8, 32, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 8, 0), 1u);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 8, 1), 1u);
	dispatch_run(test, 3, 2, 0, 8, 8, 32, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 8, 0), 2u);
	dispatch_run(test, 3, 0, 0, 8, 8, 32, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 8, 0), 4u);
}

static void dispatch_resources(struct kunit *test)
{
	struct rec r[6];

	/* A CTA of max_threads fills the SM. */
	dispatch_run(test, 3, 0, 0, 4, 256, 8, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 4, 0), 1u);
	/* Registers: 8 warps x 832 regs; only one CTA fits 8192. */
	dispatch_run(test, 1, 0, 0, 3, 64, 100, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 3, 0), 1u);
	/* 8 warps x 512 regs: two fit. */
	dispatch_run(test, 1, 0, 0, 3, 64, 64, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 3, 0), 2u);
	/* CTA slots: 8 per SM. */
	dispatch_run(test, 1, 0, 0, 6, 1, 1, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 6, 0), 6u);
}

static void dispatch_throttle(struct kunit *test)
{
	struct rec r[2];

	/* Both resident on SM 0, the younger throttled: they serialise. */
	dispatch_run(test, 1, 2, 1, 2, 8, 32, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 2, 0), 1u);
	KUNIT_EXPECT_GE(test, r[1].start, r[0].end);
	dispatch_run(test, 1, 2, 0, 2, 8, 32, r);
	KUNIT_EXPECT_EQ(test, max_overlap(r, 2, 0), 2u);
}

/* Several slots resident on one SM at once; stall and active counters. */
static void dispatch_multi_slot(struct kunit *test)
{
	struct emu_event ev[CORUN_MAX_SLOTS];
	struct corun_job_desc d;
	struct corun_slot_counters sc;
	struct corun_sm_counters smc;
	struct rec r[3][2];
	struct tdev t;
	uint32_t entry, buf[3], s;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = record_kernel(&t, 300);
	for (s = 0; s < 3; s++) {
		buf[s] = tdev_alloc(&t, 4096, TDEV_RW);
		set_policy(test, &t, s, 1, 0, 0);
		tdev_desc(&t, s, &d, entry, 2, 16);
		d.args = buf[s];
		d.seqno = 100 + s;
		KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, s, &d), 0);
	}
	KUNIT_ASSERT_EQ(test, tdev_run_all(&t, ev, 1000000), 0);
	for (s = 0; s < 3; s++) {
		KUNIT_EXPECT_EQ(test, ev[s].fault.cause, 0u);
		KUNIT_EXPECT_EQ(test, ev[s].seqno, 100ull + s);
		KUNIT_EXPECT_EQ(test, *(uint64_t *)(t.mem + t.fence_pa[s]),
				100ull + s);
		memcpy(r[s], tdev_ptr(&t, buf[s]), sizeof(r[s]));
		KUNIT_EXPECT_EQ(test, r[s][0].sm, 0u);
		KUNIT_EXPECT_EQ(test, r[s][0].slot, s);
		emu_gpu_slot_counters(t.gpu, s, &sc);
		KUNIT_EXPECT_GT(test, sc.active_cycles, 0ull);
		KUNIT_EXPECT_EQ(test, sc.ctas_done, 2ull);
		KUNIT_EXPECT_EQ(test, memcmp(&sc, &ev[s].counters.c, sizeof(sc)), 0);
		/* The same block was written to counters_addr. */
		KUNIT_EXPECT_EQ(test, memcmp(t.mem + t.counters_pa[s], &ev[s].counters,
					     sizeof(ev[s].counters)), 0);
		KUNIT_EXPECT_EQ(test, ev[s].counters.slot, s);
		KUNIT_EXPECT_LT(test, ev[s].counters.start_cycle,
				ev[s].counters.end_cycle);
	}
	/* All three kernels were running at the same time on SM 0. */
	KUNIT_EXPECT_LT(test, r[1][0].start, r[0][0].end);
	KUNIT_EXPECT_LT(test, r[2][0].start, r[0][0].end);
	emu_gpu_sm_counters(t.gpu, 0, &smc);
	KUNIT_EXPECT_GT(test, smc.warp_insns, 0ull);
	KUNIT_EXPECT_GT(test, smc.resident_ctas, smc.active_cycles);
	emu_gpu_sm_counters(t.gpu, 1, &smc);
	KUNIT_EXPECT_EQ(test, smc.warp_insns, 0ull);
	tdev_fini(&t);
}

/* A higher-priority slot is served first, whatever the start order. */
static void dispatch_priority(struct kunit *test)
{
	struct emu_event ev[CORUN_MAX_SLOTS];
	struct corun_job_desc d;
	struct emu_slot_policy pol;
	struct rec r[2][2];
	struct tdev t;
	uint32_t entry, buf[2], s;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = record_kernel(&t, 100);
	for (s = 0; s < 2; s++) {
		buf[s] = tdev_alloc(&t, 4096, TDEV_RW);
		set_policy(test, &t, s, 1, 0, 0);
		emu_gpu_get_slot_policy(t.gpu, s, &pol);
		pol.priority = s ? 9 : 1;
		KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_policy(t.gpu, s, &pol), 0);
		/* A CTA of max_threads: one at a time on the SM. */
		tdev_desc(&t, s, &d, entry, 2, 256);
		d.regs_per_thread = 8;
		d.args = buf[s];
		KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, s, &d), 0);
	}
	KUNIT_ASSERT_EQ(test, tdev_run_all(&t, ev, 1000000), 0);
	for (s = 0; s < 2; s++) {
		KUNIT_EXPECT_EQ(test, ev[s].fault.cause, 0u);
		memcpy(r[s], tdev_ptr(&t, buf[s]), sizeof(r[s]));
	}
	/* Slot 1 ran both its CTAs before slot 0 got the SM. */
	KUNIT_EXPECT_LE(test, r[1][1].end, r[0][0].start);
	tdev_fini(&t);
}

/* ------------------------------------------------------------------ */
/* Memory path. */

static void mem_coalescing(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf, i, *v;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, LW(T2, A0, 0)); /* consecutive words: one 64 B line */
	emit(&p, SLLI(T1, T0, 6));
	emit(&p, CSRR(A1, CORUN_CSR_ARGS));
	emit(&p, ADD(A1, A1, T1));
	emit(&p, LW(T3, A1, 1024)); /* 64 B stride: one line per lane */
	emit(&p, LW(T4, A0, 0)); /* again: an L1 hit */
	emit(&p, ADD(T2, T2, T3));
	emit(&p, ADD(T2, T2, T4));
	emit(&p, SW(T2, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 8192, TDEV_RW);
	v = tdev_ptr(&t, buf);
	for (i = 0; i < 8; i++) {
		v[i] = i;
		v[256 + 16 * i] = 100;
	}
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.args = buf;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ(test, v[i], 2 * i + 100);
		/*
		 * 1 + 8 + 1 loads, 1 store. The words at A0 are in the
		 * argument block, so their loads use the read-only cache
		 * (a miss, and one merged into its MSHR) and the store the
		 * L1.
		 */
		KUNIT_EXPECT_EQ(test, ev.counters.c.ro_accesses, 2ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.ro_misses, 2ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.l1_accesses, 9ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.l1_misses, 8ull + 1);
		KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 9ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.requests, 10ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.missq_demand, 10ull);
		KUNIT_EXPECT_GE(test, ev.counters.c.mem_latency_sum,
				9ull * t.cfg.l2.latency);
		KUNIT_EXPECT_GT(test, ev.counters.c.stall[CORUN_STALL_RAW_LONG],
				0ull);
	}
	tdev_fini(&t);
}

/* A tiny miss queue and few MSHRs: reservation failures stall the LSU. */
static void mem_resfail(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf, i, *v;

	tdev_test_config(&c);
	c.l1.mshrs = 2;
	c.l1.missq_entries = 4;
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, SLLI(T1, T0, 6));
	emit(&p, CSRR(A1, CORUN_CSR_ARGS));
	emit(&p, ADD(A1, A1, T1));
	emit(&p, LW(T2, A1, 1024)); /* one line per lane */
	emit(&p, SW(T2, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 16384, TDEV_RW);
	v = tdev_ptr(&t, buf);
	for (i = 0; i < 32; i++)
		v[256 + 16 * i] = 5 * i;
	tdev_desc(&t, 0, &d, entry, 2, 16);
	d.args = buf;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		for (i = 0; i < 32; i++)
			KUNIT_EXPECT_EQ(test, v[i], 5 * i);
		KUNIT_EXPECT_GT(test, ev.counters.c.l1_resfails, 0ull);
		KUNIT_EXPECT_GT(test, ev.counters.c.stall[CORUN_STALL_LSU_FULL],
				0ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 32ull);
	}
	tdev_fini(&t);
}

/*
 * Shared memory: 64 stores (or, with @amo, atomic adds) of 8 lanes whose
 * words are 1 << @stride_shift bytes apart (0: all on one word).
 */
static uint64_t shared_cycles(struct kunit *test, uint32_t stride_shift,
			      bool amo)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i, *v;
	uint64_t cyc = 0;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, CSRR(T0, CORUN_CSR_TID_X));
	if (stride_shift)
		emit(&p, SLLI(T1, T0, (int32_t)stride_shift));
	else
		emit(&p, ADDI(T1, ZERO, 0));
	li(&p, A1, CORUN_VA_SHARED_BASE);
	emit(&p, ADD(A1, A1, T1));
	emit(&p, ADDI(T2, ZERO, 1));
	emit(&p, SW(ZERO, A1, 0));
	/* No destination: no WAW limit. */
	for (i = 0; i < 64; i++)
		emit(&p, amo ? AMOADD(ZERO, A1, T2) : SW(T0, A1, 0));
	emit(&p, LW(T3, A1, 0));
	emit(&p, SW(T3, A0, 0)); /* out[tid] = its shared word */
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.shared_bytes = 4096;
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, d.args);
		/* Lanes on one word: 8 adds each; else one lane's 64. */
		for (i = 0; i < 8 && (amo || stride_shift); i++)
			KUNIT_EXPECT_EQ(test, v[i],
					!amo ? i : stride_shift ? 64u : 512u);
		cyc = job_cycles(&ev);
	}
	tdev_fini(&t);
	return cyc;
}

static void mem_shared_banks(struct kunit *test)
{
	uint64_t fast = shared_cycles(test, 2, false); /* words: 8 banks */
	uint64_t slow = shared_cycles(test, 7, false); /* 128 B: 1 bank */
	uint64_t bcast = shared_cycles(test, 0, false); /* one word */

	/* 64 stores, each holding the LSU 8 cycles instead of 1. */
	KUNIT_EXPECT_GE(test, slow - fast, 64ull * 7 - 16);
	KUNIT_EXPECT_LE(test, slow - fast, 64ull * 7 + 16);
	/* Lanes on one word make one access. */
	KUNIT_EXPECT_LE(test, bcast, fast + 16);
}

/* Atomics on one shared word serialize: one pass per lane. */
static void mem_shared_atomics(struct kunit *test)
{
	uint64_t fast = shared_cycles(test, 2, true);
	uint64_t word = shared_cycles(test, 0, true);

	KUNIT_EXPECT_GE(test, word - fast, 64ull * 7 - 16);
	KUNIT_EXPECT_LE(test, word - fast, 64ull * 7 + 16);
}

/* Local memory: per-thread stacks, through the L1 path. */
static void mem_local_and_atomics(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf, i, *v;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, SW(T0, SP, -4)); /* gtid on the stack */
	emit(&p, SW(T0, SP, -1024)); /* bottom of the stack */
	emit(&p, LW(T2, SP, -4));
	emit(&p, LW(T3, SP, -1024));
	emit(&p, ADD(T2, T2, T3));
	emit(&p, SW(T2, A0, 0)); /* out[gtid] = 2 * gtid */
	emit(&p, CSRR(A1, CORUN_CSR_ARGS));
	emit(&p, ADDI(T4, ZERO, 1));
	emit(&p, AMOADD(T5, A1, T4)); /* args[1023] += 1 */
	emit(&p, EXIT);
	/* The AMO address: args + 4092. */
	p.w[p.n - 2] = AMOADD(T5, A2, T4);
	p.n -= 2;
	li(&p, T6, 4092);
	emit(&p, ADD(A2, A1, T6));
	emit(&p, AMOADD(T5, A2, T4));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	tdev_desc(&t, 0, &d, entry, 4, 16);
	d.args = buf;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, buf);
		for (i = 0; i < 64; i++)
			KUNIT_EXPECT_EQ(test, v[i], 2 * i);
		KUNIT_EXPECT_EQ(test, v[1023], 64u);
		/* Stack stores/loads went through the L1. */
		KUNIT_EXPECT_GT(test, ev.counters.c.l1_accesses, 16ull);
	}
	tdev_fini(&t);
}

/*
 * Doubles on the stack: local memory interleaves the threads' stacks word
 * by word, so the two words of a doubleword are not adjacent in memory.
 * Each thread stores gtid + 0.5 between two words of its own, reads it
 * back, and writes 2 * (gtid + 0.5) + 3 * gtid + 5 * gtid to out[gtid]:
 * a doubleword stored as 8 adjacent bytes would clobber a neighbour's.
 */
static void mem_local_double(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf, i, *v;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_out_ptr(&p); /* t0 = gtid */
	li(&p, T1, 0x3f000000); /* 0.5f */
	emit(&p, FMV_W_X(1, T1));
	emit(&p, rv_r(0x21, 0, 1, 0, 2, 0x53)); /* fcvt.d.s ft2, ft1 */
	emit(&p, FCVT_D_W(3, T0));
	emit(&p, FADD_D(3, 3, 2)); /* gtid + 0.5 */
	emit(&p, ADD(T2, T0, T0));
	emit(&p, ADD(T2, T2, T0));
	emit(&p, SW(T2, SP, -8)); /* 3 gtid above the double */
	emit(&p, FSD(3, SP, -16));
	emit(&p, SLLI(T3, T0, 2));
	emit(&p, ADD(T3, T3, T0));
	emit(&p, SW(T3, SP, -20)); /* 5 gtid below it */
	emit(&p, FLD(4, SP, -16));
	emit(&p, FADD_D(4, 4, 4));
	emit(&p, FCVT_W_D_RTZ(T4, 4));
	emit(&p, LW(T2, SP, -8));
	emit(&p, LW(T3, SP, -20));
	emit(&p, ADD(T4, T4, T2));
	emit(&p, ADD(T4, T4, T3));
	emit(&p, SW(T4, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	tdev_desc(&t, 0, &d, entry, 4, 16);
	d.args = buf;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, buf);
		for (i = 0; i < 64; i++)
			KUNIT_EXPECT_EQ(test, v[i], 10 * i + 1);
	}
	tdev_fini(&t);
}

/* ------------------------------------------------------------------ */
/* Faults. */

struct fault_case {
	const char *name;
	uint32_t cause;
	uint32_t access;
	int kind; /* how the faulting op is built */
};

enum {
	FK_LOAD, /* lw a0 <- bad */
	FK_STORE, /* sw -> bad */
	FK_AMO, /* amoadd on bad */
	FK_JUMP, /* jalr to bad */
	FK_WORD, /* the faulting instruction word itself */
};

/*
 * Lane 3 of warp 1 in CTA 1 uses @bad, the other lanes a valid address.
 * Returns the PC of the faulting instruction.
 */
static uint32_t fault_prog(struct tdev *t, int kind, uint32_t bad,
			   uint32_t word, uint32_t good)
{
	struct prog p = { .n = 0 };

	/* Jumps: the other lanes go to the final EXIT (code VA is next). */
	if (kind == FK_JUMP)
		good = t->va_next + 4 * 14;
	li(&p, A0, good);
	li(&p, A1, bad);
	emit(&p, CSRR(T0, CORUN_CSR_LANEID));
	emit(&p, CSRR(T1, CORUN_CSR_WARPID));
	emit(&p, CSRR(T2, CORUN_CSR_CTAID_X));
	emit(&p, ADD(T1, T1, T2)); /* warp 1 of CTA 1 -> 2 */
	emit(&p, SLLI(T1, T1, 4));
	emit(&p, ADD(T0, T0, T1)); /* lane 3 there -> 35 */
	emit(&p, ADDI(T2, ZERO, 35));
	emit(&p, BNE(T0, T2, 8));
	emit(&p, ADD(A0, A1, ZERO));
	switch (kind) {
	case FK_LOAD:
		emit(&p, LW(T3, A0, 0));
		break;
	case FK_STORE:
		emit(&p, SW(T3, A0, 0));
		break;
	case FK_AMO:
		emit(&p, AMOADD(T3, A0, T3));
		break;
	case FK_JUMP:
		emit(&p, JALR(ZERO, A0, 0));
		break;
	default:
		emit(&p, BNE(T0, T2, 8));
		emit(&p, word);
		break;
	}
	emit(&p, EXIT);
	return tdev_code(t, p.w, p.n) + 4 * (p.n - 2);
}

static void run_fault(struct kunit *test, uint32_t cause, uint32_t access,
		      int kind, uint32_t word)
{
	struct emu_event ev[CORUN_MAX_SLOTS];
	struct corun_job_desc d, d2;
	struct rec r[4];
	struct tdev t;
	uint32_t entry, pc, good, bad = 0, rec_entry, rbuf, i;
	uint64_t *pte;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	good = tdev_alloc(&t, 4096, TDEV_RW);
	switch (cause) {
	case CORUN_FAULT_UNMAPPED:
		bad = 0x20000000;
		break;
	case CORUN_FAULT_PERM_READ:
		bad = tdev_alloc(&t, 4096, TDEV_W);
		break;
	case CORUN_FAULT_PERM_WRITE:
		bad = tdev_alloc(&t, 4096, TDEV_R);
		break;
	case CORUN_FAULT_PERM_EXEC:
		bad = good;
		break;
	case CORUN_FAULT_MISALIGNED:
		bad = good + 2;
		break;
	case CORUN_FAULT_SHARED_OOB:
		bad = CORUN_VA_SHARED_BASE + 64;
		break;
	case CORUN_FAULT_LOCAL_OOB:
		bad = CORUN_VA_LOCAL_BASE + CORUN_STACK_DEFAULT;
		break;
	case CORUN_FAULT_BAD_PTE:
		bad = tdev_alloc(&t, 4096, TDEV_RW);
		pte = tdev_pte(&t, bad);
		*pte |= 1ull << 60;
		break;
	case CORUN_FAULT_BUS:
		bad = tdev_alloc(&t, 4096, TDEV_RW);
		pte = tdev_pte(&t, bad);
		*pte = (1ull << 40) | TDEV_RW | CORUN_PTE_VALID;
		break;
	case CORUN_FAULT_USER_TRAP:
		bad = 0x1234;
		break;
	default:
		break;
	}
	if (cause == CORUN_FAULT_PC_MISALIGNED)
		bad = good + 2;
	pc = fault_prog(&t, kind, bad, word, good);
	entry = pc & ~(CORUN_PAGE_SIZE - 1);

	/* A well-behaved job in slot 1 on both SMs at the same time. */
	rec_entry = record_kernel(&t, 500);
	rbuf = tdev_alloc(&t, 4096, TDEV_RW);
	tdev_desc(&t, 1, &d2, rec_entry, 4, 8);
	d2.args = rbuf;
	d2.seqno = 77;
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 1, &d2), 0);

	tdev_desc(&t, 0, &d, entry, 2, 16);
	d.shared_bytes = 64;
	d.seqno = 42;
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 0, &d), 0);
	KUNIT_ASSERT_EQ(test, tdev_run_all(&t, ev, 1000000), 0);

	KUNIT_EXPECT_EQ(test, ev[0].fault.cause, cause);
	KUNIT_EXPECT_EQ(test, ev[0].seqno, 42ull);
	KUNIT_EXPECT_EQ(test, *(uint64_t *)(t.mem + t.fence_pa[0]), 42ull);
	KUNIT_EXPECT_EQ(test, ((struct corun_job_counters *)(t.mem +
				t.counters_pa[0]))->fault, cause);
	KUNIT_EXPECT_EQ(test, ev[0].fault.slot, 0u);
	KUNIT_EXPECT_EQ(test, ev[0].fault.access, access);
	KUNIT_EXPECT_EQ(test, ev[0].fault.cta, 1u);
	KUNIT_EXPECT_EQ(test, ev[0].fault.sm, 1u);
	KUNIT_EXPECT_EQ(test, ev[0].fault.warp, 1u);
	KUNIT_EXPECT_EQ(test, ev[0].fault.lane, 3u);
	KUNIT_EXPECT_EQ(test, ev[0].fault.pc,
			cause == CORUN_FAULT_PERM_EXEC ? bad : pc);
	if (kind != FK_WORD)
		KUNIT_EXPECT_EQ(test, ev[0].fault.addr, bad);
	else if (cause == CORUN_FAULT_ILLEGAL_INSN)
		KUNIT_EXPECT_EQ(test, ev[0].fault.addr, word);
	KUNIT_EXPECT_GT(test, ev[0].fault.insn_count, 0ull);
	/* The other slot is unaffected. */
	KUNIT_EXPECT_EQ(test, ev[1].fault.cause, 0u);
	KUNIT_EXPECT_EQ(test, ev[1].seqno, 77ull);
	memcpy(r, tdev_ptr(&t, rbuf), sizeof(r));
	for (i = 0; i < 4; i++) {
		KUNIT_EXPECT_EQ(test, r[i].slot, 1u);
		KUNIT_EXPECT_GT(test, r[i].end, r[i].start);
	}
	/* The device goes on: the faulting slot runs the next job. */
	d2.seqno = 78;
	KUNIT_EXPECT_EQ(test, tdev_run(&t, 0, &d2, &ev[0], 1000000), 0);
	KUNIT_EXPECT_EQ(test, ev[0].fault.cause, 0u);
	tdev_fini(&t);
}

static void fault_memory(struct kunit *test)
{
	run_fault(test, CORUN_FAULT_UNMAPPED, CORUN_ACCESS_READ, FK_LOAD, 0);
	run_fault(test, CORUN_FAULT_PERM_READ, CORUN_ACCESS_READ, FK_LOAD, 0);
	run_fault(test, CORUN_FAULT_PERM_WRITE, CORUN_ACCESS_WRITE, FK_STORE, 0);
	run_fault(test, CORUN_FAULT_PERM_WRITE, CORUN_ACCESS_AMO, FK_AMO, 0);
	run_fault(test, CORUN_FAULT_MISALIGNED, CORUN_ACCESS_READ, FK_LOAD, 0);
	run_fault(test, CORUN_FAULT_SHARED_OOB, CORUN_ACCESS_WRITE, FK_STORE, 0);
	run_fault(test, CORUN_FAULT_LOCAL_OOB, CORUN_ACCESS_READ, FK_LOAD, 0);
	run_fault(test, CORUN_FAULT_BAD_PTE, CORUN_ACCESS_READ, FK_LOAD, 0);
	run_fault(test, CORUN_FAULT_BUS, CORUN_ACCESS_WRITE, FK_STORE, 0);
}

static void fault_control(struct kunit *test)
{
	run_fault(test, CORUN_FAULT_PERM_EXEC, CORUN_ACCESS_FETCH, FK_JUMP, 0);
	run_fault(test, CORUN_FAULT_PC_MISALIGNED, 0, FK_JUMP, 0);
	run_fault(test, CORUN_FAULT_ILLEGAL_INSN, 0, FK_WORD, 0xffffffffu);
	run_fault(test, CORUN_FAULT_ECALL, 0, FK_WORD, ECALL);
}

static void fault_trap(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	li(&p, A0, 0xabcd);
	emit(&p, TRAP(A0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, (uint32_t)CORUN_FAULT_USER_TRAP);
		KUNIT_EXPECT_EQ(test, ev.fault.addr, 0xabcdu);
		KUNIT_EXPECT_EQ(test, ev.fault.pc, entry + 8);
		KUNIT_EXPECT_EQ(test, ev.fault.lane, 0u);
		KUNIT_EXPECT_EQ(test, ev.fault.insn_count, 16ull);
	}
	tdev_fini(&t);
}

/* Budget: exactly enough passes, one short faults. */
static void fault_budget(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i;
	/* 2 CTAs x 12 threads (2 warps, 4 idle lanes) x 11 instructions */
	const uint64_t need = 2 * 12 * 11;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	for (i = 0; i < 10; i++)
		emit(&p, ADDI(T0, T0, 1));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 2, 12);
	d.insn_budget = need;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		KUNIT_EXPECT_EQ(test, ev.counters.c.thread_insns, need);
	}
	d.insn_budget = need - 1;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, (uint32_t)CORUN_FAULT_BUDGET);
		KUNIT_EXPECT_LE(test, ev.fault.insn_count, need - 1);
		KUNIT_EXPECT_LE(test, ev.counters.c.thread_insns, need - 1);
	}
	/* An endless loop is stopped by the budget. */
	p.n = 0;
	emit(&p, ADDI(T0, T0, 1));
	emit(&p, BEQ(ZERO, ZERO, -4));
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 2, 8);
	d.insn_budget = 100000;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, (uint32_t)CORUN_FAULT_BUDGET);
		KUNIT_EXPECT_EQ(test, ev.fault.pc, entry + (ev.fault.pc & 4));
	}
	tdev_fini(&t);
}

/* Slot reset kills the running and the queued jobs, fences written. */
static void fault_reset(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, n = 0;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit(&p, BEQ(ZERO, ZERO, 0)); /* spin forever */
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 2, &d, entry, 4, 8);
	d.seqno = 1;
	emu_gpu_submit(t.gpu, 2, &d);
	d.seqno = 2;
	emu_gpu_submit(t.gpu, 2, &d);
	KUNIT_EXPECT_EQ(test, emu_gpu_run(t.gpu, 5000, &ev), EMU_EV_NONE);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_busy(t.gpu, 2), 2u);
	KUNIT_EXPECT_EQ(test, emu_gpu_reset_slot(t.gpu, 2), 0);
	while (emu_gpu_run(t.gpu, 6000, &ev) == EMU_EV_JOB_DONE) {
		KUNIT_EXPECT_EQ(test, ev.slot, 2u);
		KUNIT_EXPECT_EQ(test, ev.fault.cause, (uint32_t)CORUN_FAULT_RESET);
		KUNIT_EXPECT_EQ(test, ev.seqno, (uint64_t)++n);
	}
	KUNIT_EXPECT_EQ(test, n, 2u);
	KUNIT_EXPECT_EQ(test, *(uint64_t *)(t.mem + t.fence_pa[2]), 2ull);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_busy(t.gpu, 2), 0u);
	KUNIT_EXPECT_EQ(test, emu_gpu_reset_slot(t.gpu, 99), -EINVAL);
	tdev_fini(&t);
}

/*
 * A CTA's registers start at zero even in warps that another context
 * used: job A (slot 0) fills x3..x31 and f0..f31, job B (slot 1, its own
 * decode cache) stores every register it never writes. Warp setup only
 * zeroes the rows the last user's code can write (rv_warp_reinit()).
 */
static void regs_start_zero(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog a = { .n = 0 }, b = { .n = 0 };
	struct tdev t;
	uint32_t ea, eb, buf, r, i, *v, nthr;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	nthr = 8 * t.cfg.warp_size;
	for (r = 3; r < 32; r++)
		li(&a, r, 0xa5000000u + r);
	for (r = 0; r < 32; r++)
		emit(&a, FMV_W_X(r, 3 + r % 29));
	emit(&a, EXIT);
	/* a0 = args + 256 * global thread id; t0, t1 scratch */
	emit_out_ptr(&b);
	emit(&b, SLLI(T0, T0, 8));
	emit(&b, CSRR(A0, CORUN_CSR_ARGS));
	emit(&b, ADD(A0, A0, T0));
	for (r = 1; r < 32; r++)
		if (r != SP && r != T0 && r != T1 && r != A0)
			emit(&b, SW(r, A0, 4 * r));
	for (r = 0; r < 32; r++)
		emit(&b, FSW(r, A0, 128 + 4 * r));
	emit(&b, EXIT);
	ea = tdev_code(&t, a.w, a.n);
	eb = tdev_code(&t, b.w, b.n);
	buf = tdev_alloc(&t, 4 * nthr * 64 * 4, TDEV_RW);
	tdev_desc(&t, 0, &d, ea, 4, nthr);
	run_one(test, &t, 0, &d, &ev);
	KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
	tdev_desc(&t, 1, &d, eb, 4, nthr);
	d.args = buf;
	if (!run_one(test, &t, 1, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, buf);
		for (i = 0; i < 4 * nthr * 64; i++) {
			r = i % 64;
			if (r == 0 || r == SP || r == T0 || r == T1 || r == A0)
				continue;
			KUNIT_EXPECT_EQ_MSG(test, v[i], 0u, "thread %u %c%u",
					    i / 64, r < 32 ? 'x' : 'f', r % 32);
		}
	}
	tdev_fini(&t);
}

/* ------------------------------------------------------------------ */
/* Barriers. */

static void barrier_shared_exchange(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf, i, *v;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, CSRR(T2, CORUN_CSR_TID_X));
	li(&p, A1, CORUN_VA_SHARED_BASE);
	emit(&p, SLLI(T3, T2, 2));
	emit(&p, ADD(T3, A1, T3));
	emit(&p, ADDI(T4, T0, 1000));
	emit(&p, SW(T4, T3, 0)); /* shared[tid] = gtid + 1000 */
	emit(&p, BAR);
	emit(&p, ADDI(T2, T2, 1)); /* (tid + 1) % 32 */
	emit(&p, ANDI(T2, T2, 31));
	emit(&p, SLLI(T2, T2, 2));
	emit(&p, ADD(T2, A1, T2));
	emit(&p, LW(T5, T2, 0));
	emit(&p, SW(T5, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	tdev_desc(&t, 0, &d, entry, 3, 32);
	d.args = buf;
	d.shared_bytes = 128;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, buf);
		for (i = 0; i < 96; i++)
			KUNIT_EXPECT_EQ(test, v[i],
					1000 + i / 32 * 32 + (i + 1) % 32);
		KUNIT_EXPECT_GT(test, ev.counters.c.stall[CORUN_STALL_BARRIER],
				0ull);
	}
	tdev_fini(&t);
}

/* Exited threads do not count: the rest are released. */
static void barrier_exited(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, buf, i, *v;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, CSRR(T2, CORUN_CSR_TID_X));
	emit(&p, ANDI(T3, T2, 1));
	emit(&p, BEQ(T3, ZERO, 8)); /* odd threads exit ... */
	emit(&p, EXIT);
	emit(&p, ADDI(T3, ZERO, 20));
	emit(&p, BLT(T2, T3, 8)); /* ... and so do threads >= 20 */
	emit(&p, EXIT);
	emit(&p, BAR);
	emit(&p, BAR);
	emit(&p, ADDI(T4, ZERO, 7));
	emit(&p, SW(T4, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	tdev_desc(&t, 0, &d, entry, 2, 32);
	d.args = buf;
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, buf);
		for (i = 0; i < 64; i++)
			KUNIT_EXPECT_EQ(test, v[i],
					(i % 2 == 0 && i % 32 < 20) ? 7u : 0u);
	}
	tdev_fini(&t);
}

/* ------------------------------------------------------------------ */
/* Determinism, idle skipping, epochs. */

static void mix_run(struct kunit *test, uint32_t policy,
		    struct emu_event *ev, struct emu_stats *st)
{
	struct corun_job_desc d;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, rentry, buf, s, i;

	tdev_test_config(&c);
	c.sm.sched_policy = policy;
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	/* A memory-heavy kernel: strided loads and an atomic. */
	emit_out_ptr(&p);
	emit(&p, SLLI(T1, T0, 5));
	emit(&p, CSRR(A1, CORUN_CSR_ARGS));
	emit(&p, ADD(A1, A1, T1));
	for (i = 0; i < 8; i++)
		emit(&p, LW(S2 + i, A1, (int32_t)(64 * i)));
	for (i = 0; i < 8; i++)
		emit(&p, ADD(T2, T2, S2 + i));
	emit(&p, SW(T2, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	rentry = record_kernel(&t, 100);
	buf = tdev_alloc(&t, 1 << 20, TDEV_RW);
	for (s = 0; s < 3; s++) {
		tdev_desc(&t, s, &d, s == 1 ? rentry : entry, 12, 24);
		d.args = buf + s * (256 << 10);
		KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, s, &d), 0);
	}
	KUNIT_ASSERT_EQ(test, tdev_run_all(&t, ev, 10000000), 0);
	emu_gpu_stats(t.gpu, st);
	tdev_fini(&t);
}

static void determinism(struct kunit *test)
{
	static const uint32_t pol[] = { EMU_SCHED_LRR, EMU_SCHED_GTO,
					EMU_SCHED_TWO_LEVEL, EMU_SCHED_KAWARE };
	struct emu_event a[CORUN_MAX_SLOTS], b[CORUN_MAX_SLOTS];
	struct emu_stats sa, sb;
	uint32_t i, s;

	for (i = 0; i < 4; i++) {
		memset(a, 0, sizeof(a));
		memset(b, 0, sizeof(b));
		mix_run(test, pol[i], a, &sa);
		mix_run(test, pol[i], b, &sb);
		for (s = 0; s < 3; s++) {
			KUNIT_EXPECT_EQ(test, a[s].fault.cause, 0u);
			KUNIT_EXPECT_EQ(test, a[s].cycle, b[s].cycle);
			KUNIT_EXPECT_EQ(test, memcmp(&a[s].counters, &b[s].counters,
						     sizeof(a[s].counters)), 0);
			KUNIT_EXPECT_GT(test, a[s].counters.c.requests, 0ull);
		}
		KUNIT_EXPECT_EQ(test, sa.cycles, sb.cycles);
		KUNIT_EXPECT_EQ(test, sa.thread_insns, sb.thread_insns);
		/* Memory stalls leave idle cycles to skip. */
		KUNIT_EXPECT_GT(test, sa.skipped_cycles, 0ull);
	}
}

static void epochs_and_idle(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct tdev t;
	uint32_t entry, epochs = 0, done = 0;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	KUNIT_EXPECT_EQ(test, emu_gpu_run(t.gpu, 100, &ev), EMU_EV_IDLE);
	KUNIT_EXPECT_EQ(test, emu_gpu_cycle(t.gpu), 0ull);
	entry = record_kernel(&t, 3000);
	tdev_desc(&t, 0, &d, entry, 4, 8);
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	emu_gpu_set_epoch(t.gpu, 1000);
	emu_gpu_submit(t.gpu, 0, &d);
	for (;;) {
		int r = emu_gpu_run(t.gpu, 1000000, &ev);

		if (r == EMU_EV_EPOCH) {
			KUNIT_EXPECT_EQ(test, ev.epoch, (uint64_t)++epochs);
			KUNIT_EXPECT_EQ(test, ev.cycle, 1000ull * epochs);
		} else if (r == EMU_EV_JOB_DONE) {
			done++;
		} else {
			break;
		}
	}
	KUNIT_EXPECT_EQ(test, done, 1u);
	KUNIT_EXPECT_GE(test, epochs, 5u);
	tdev_fini(&t);
}

/* ------------------------------------------------------------------ */
/* Descriptor validation. */

/* Break descriptor field number @i; returns its offset, or -1 at the end. */
static int desc_mutate(struct corun_job_desc *x, unsigned int i)
{
#define M(field, stmt)                                              \
	case __LINE__ - base:                                       \
		stmt;                                               \
		return offsetof(struct corun_job_desc, field)
	const unsigned int base = __LINE__ + 3;

	switch (i) {
	M(magic, x->magic++);
	M(version, x->version = 2);
	M(size, x->size = 64);
	M(flags, x->flags |= 0x80);
	M(pt_root, x->pt_root += 4096);
	M(pt_root, x->pt_root = 1ull << 40);
	M(fence_addr, x->fence_addr += 4);
	M(counters_addr, x->counters_addr += 2);
	M(entry, x->entry += 2);
	M(entry, x->entry = 0x100);
	M(entry, x->entry = CORUN_VA_SHARED_BASE);
	M(grid[0], x->grid[0] = 0);
	M(grid[2], x->grid[2] = 0);
	M(grid[2], (x->grid[0] = 1u << 16, x->grid[1] = 1u << 10, x->grid[2] = 1u << 5));
	M(block[1], x->block[1] = 0);
	M(block[0], x->block[0] = 257);
	M(block[2], (x->block[0] = 16, x->block[1] = 4, x->block[2] = 5));
	M(regs_per_thread, x->regs_per_thread = 0);
	M(regs_per_thread, (x->block[0] = 256, x->regs_per_thread = 33));
	M(placement, x->placement = 9);
	M(placement, x->placement = CORUN_PLACE_CHUNK);
	M(coherence, x->coherence = 2);
	M(pad0, x->pad0 = 1);
	M(shared_bytes, x->shared_bytes = 16385);
	M(stack_bytes, x->stack_bytes = CORUN_STACK_MAX + 4);
	M(stack_bytes, (x->block[0] = 256, x->stack_bytes = 2048));
	M(as_tag, x->as_tag = CORUN_AS_TAGS);
	M(reserved[0], x->reserved[0] = 1);
	M(reserved[4], x->reserved[4] = 1);
	default:
		return -1;
	}
#undef M
}

static void desc_validation(struct kunit *test)
{
	struct corun_job_desc good, d;
	struct emu_event ev;
	struct tdev t;
	uint32_t entry, i;
	int off;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = record_kernel(&t, 1);
	tdev_desc(&t, 0, &good, entry, 2, 8);
	good.args = tdev_alloc(&t, 4096, TDEV_RW);
	for (i = 0;; i++) {
		d = good;
		d.seqno = 1000 + i;
		off = desc_mutate(&d, i);
		if (off < 0)
			break;
		*(uint64_t *)(t.mem + t.fence_pa[0]) = 0;
		if (tdev_run(&t, 0, &d, &ev, 100000)) {
			KUNIT_FAIL(test, "case %u: no JOB_DONE", i);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, ev.fault.cause,
				    (uint32_t)CORUN_FAULT_BAD_DESC, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, ev.fault.addr, (uint32_t)off,
				    "case %u", i);
		KUNIT_EXPECT_EQ(test, ev.seqno, 1000ull + i);
		KUNIT_EXPECT_EQ(test, ev.counters.c.thread_insns, 0ull);
		if (!(d.fence_addr & 7))
			KUNIT_EXPECT_EQ_MSG(test,
					    *(uint64_t *)(t.mem + t.fence_pa[0]),
					    1000ull + i, "case %u", i);
	}
	/* The good one still runs; the API rejects bad slots/policies. */
	KUNIT_EXPECT_EQ(test, tdev_run(&t, 0, &good, &ev, 100000), 0);
	KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
	KUNIT_EXPECT_EQ(test, emu_gpu_submit(t.gpu, 8, &good), -EINVAL);
	{
		struct emu_slot_policy pol;

		emu_gpu_get_slot_policy(t.gpu, 0, &pol);
		pol.priority = 16;
		KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_policy(t.gpu, 0, &pol),
				-EINVAL);
		pol.priority = 0;
		pol.placement = CORUN_PLACE_NR;
		KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_policy(t.gpu, 0, &pol),
				-EINVAL);
	}
	tdev_fini(&t);
}

/* Random instruction words must never crash the model. */
static void fuzz_garbage_kernels(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct tdev t;
	uint32_t words[256], entry, i, round, seed = 12345;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	for (round = 0; round < 40; round++) {
		for (i = 0; i < 256; i++) {
			seed = seed * 1103515245u + 12345u;
			words[i] = seed ^ (seed >> 13);
		}
		entry = tdev_code(&t, words, 256);
		tdev_desc(&t, 0, &d, entry, 2, 16);
		d.args = tdev_alloc(&t, 4096, TDEV_RW);
		d.shared_bytes = 256;
		d.insn_budget = 20000;
		KUNIT_EXPECT_EQ(test, tdev_run(&t, 0, &d, &ev, 2000000), 0);
	}
	tdev_fini(&t);
}

static struct kunit_case sched_cases[] = {
	KUNIT_CASE(sched_lrr_order),
	KUNIT_CASE(sched_gto_order),
	KUNIT_CASE(sched_two_level),
	KUNIT_CASE(sched_two_level_barrier),
	KUNIT_CASE(sched_kaware),
	{}
};

static struct kunit_suite sched_suite = {
	.name = "emu_sched",
	.test_cases = sched_cases,
};

static struct kunit_case dispatch_cases[] = {
	KUNIT_CASE(regs_start_zero),
	KUNIT_CASE(dispatch_sm_mask),
	KUNIT_CASE(dispatch_quota),
	KUNIT_CASE(dispatch_resources),
	KUNIT_CASE(dispatch_throttle),
	KUNIT_CASE(dispatch_multi_slot),
	KUNIT_CASE(dispatch_priority),
	{}
};

static struct kunit_suite dispatch_suite = {
	.name = "emu_dispatch",
	.test_cases = dispatch_cases,
};

/*
 * One warp streams lines: lane i loads line i of a 512 B step, @iters
 * steps; with @wrap the offset wraps at 2 KB (32 lines of 64 B: the
 * lines are loaded again). args = { buf, iters }.
 */
static uint32_t stream_prog_hint(struct tdev *t, bool wrap, uint32_t hint)
{
	struct prog p = { .n = 0 };
	uint32_t top;

	emit(&p, CSRR(A1, CORUN_CSR_ARGS));
	emit(&p, LW(A2, A1, 0));
	emit(&p, LW(A3, A1, 4));
	emit(&p, CSRR(T0, CORUN_CSR_TID_X));
	emit(&p, SLLI(T0, T0, 6));
	emit(&p, ADDI(T1, ZERO, 0));
	emit(&p, ADDI(T5, ZERO, (int32_t)hint));
	top = p.n;
	emit(&p, ADD(T2, A2, T0));
	emit(&p, ADD(T2, T2, T1));
	if (hint) /* a BYPASS hint on each streamed load */
		emit(&p, CORUN_INSN_BYPASS(T5));
	emit(&p, LW(T3, T2, 0));
	emit(&p, ADD(T4, T4, T3));
	emit(&p, ADDI(T1, T1, 512));
	if (wrap)
		emit(&p, ANDI(T1, T1, 2047));
	emit(&p, ADDI(A3, A3, -1));
	emit(&p, BNE(A3, ZERO, -(int32_t)(p.n - top) * 4));
	emit(&p, EXIT);
	return tdev_code(t, p.w, p.n);
}

static uint32_t stream_prog(struct tdev *t, bool wrap)
{
	return stream_prog_hint(t, wrap, CORUN_HINT_NONE);
}

static int stream_run(struct kunit *test, struct tdev *t, uint32_t entry,
		      uint32_t buf, uint32_t iters, struct emu_event *ev)
{
	uint32_t args = tdev_alloc(t, 64, TDEV_RW), *a = tdev_ptr(t, args);
	struct corun_job_desc d;

	a[0] = buf;
	a[1] = iters;
	tdev_desc(t, 0, &d, entry, 1, t->cfg.warp_size);
	d.args = args;
	if (run_one(test, t, 0, &d, ev))
		return -1;
	KUNIT_EXPECT_EQ(test, ev->fault.cause, 0u);
	return 0;
}

/* emu_gpu_set_irc / _irc_window: credits per window gate the misses. */
static void mem_irc(struct kunit *test)
{
	struct emu_event ev;
	struct tdev t;
	uint32_t entry, buf, win;
	uint64_t free_run, gated, wide;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_irc(t.gpu, t.cfg.num_slots, 1, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_irc_window(t.gpu, 0), -EINVAL);
	entry = stream_prog(&t, false);
	/* 32 steps of 8 lines, a fresh 16 KB each run. */
	buf = tdev_alloc(&t, 3 * 16384, TDEV_RW);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 32, &ev), 0);
	free_run = job_cycles(&ev);
	/* 256 lines and the args line. */
	KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 257ull);
	/*
	 * One request per window per SM: 257 requests span 256 window
	 * boundaries, the first window partly (the job starts inside it).
	 */
	win = t.cfg.l1.irc_window;
	KUNIT_EXPECT_EQ(test, emu_gpu_set_irc(t.gpu, 0, 1, 0), 0);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf + 16384, 32, &ev),
			0);
	gated = job_cycles(&ev);
	KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 257ull);
	KUNIT_EXPECT_GE(test, gated, 255ull * win);
	KUNIT_EXPECT_LE(test, gated, 258ull * win + free_run);
	/* A window twice as long halves the rate. */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_irc_window(t.gpu, 2 * win), 0);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf + 32768, 32, &ev),
			0);
	wide = job_cycles(&ev);
	KUNIT_EXPECT_GE(test, wide, 255ull * 2 * win);
	KUNIT_EXPECT_LE(test, wide, 258ull * 2 * win + free_run);
	kunit_info(test, "256 misses: %llu cycles free, %llu at 1/%u, %llu at 1/%u",
		   (unsigned long long)free_run, (unsigned long long)gated, win,
		   (unsigned long long)wide, 2 * win);
	tdev_fini(&t);
}

/* emu_gpu_set_l1_ways: one way per set thrashes a 2 KB loop. */
static void mem_l1_ways(struct kunit *test)
{
	struct emu_event ev;
	struct tdev t;
	uint32_t entry, buf;
	uint64_t all, one;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	KUNIT_ASSERT_GE(test, t.cfg.l1.size / t.cfg.l1.line / t.cfg.l1.ways,
			16u);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_l1_ways(t.gpu, t.cfg.num_slots, 1),
			-EINVAL);
	entry = stream_prog(&t, true);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	/*
	 * Two passes over 32 lines: the second hits in the L1. The args
	 * are read through the read-only cache.
	 */
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 8, &ev), 0);
	all = ev.counters.c.l1_misses;
	KUNIT_EXPECT_EQ(test, all, 32ull);
	/* Way 0 only: 2 lines per set, 1 way: every access misses. */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_l1_ways(t.gpu, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf + 2048, 8, &ev),
			0);
	one = ev.counters.c.l1_misses;
	KUNIT_EXPECT_EQ(test, one, 64ull);
	/* 0 restores all ways. */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_l1_ways(t.gpu, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 8, &ev), 0);
	KUNIT_EXPECT_LE(test, ev.counters.c.l1_misses, 32ull);
	tdev_fini(&t);
}

/* emu_gpu_set_l1_bypass_ctas: a bypass CTA's loads all leave the SM. */
static void mem_l1_bypass_ctas(struct kunit *test)
{
	struct emu_event ev;
	struct tdev t;
	uint32_t entry, buf;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	KUNIT_EXPECT_EQ(test,
			emu_gpu_set_l1_bypass_ctas(t.gpu, t.cfg.num_slots, 1),
			-EINVAL);
	entry = stream_prog(&t, true);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	/* Cached: two passes over 32 lines, the second hits. */
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 8, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.counters.c.l1_misses, 32ull);
	KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 32ull + 1);
	/*
	 * One bypass CTA per SM: no L1 lookups, every streamed load is a
	 * request (the args still use the read-only cache).
	 */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_l1_bypass_ctas(t.gpu, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 8, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.counters.c.l1_accesses, 0ull);
	KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 64ull + 1);
	/* Cache hints on the streamed loads: the second pass hits. */
	entry = stream_prog_hint(&t, true, CORUN_HINT_CACHE);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf + 2048, 8, &ev),
			0);
	KUNIT_EXPECT_EQ(test, ev.counters.c.l1_accesses, 64ull);
	KUNIT_EXPECT_EQ(test, ev.counters.c.l1_misses, 32ull);
	KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 32ull + 1);
	/* Back to 0: the CTA caches again (the data is still in the L1). */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_l1_bypass_ctas(t.gpu, 0, 0), 0);
	entry = stream_prog(&t, true);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 8, &ev), 0);
	KUNIT_EXPECT_GT(test, ev.counters.c.l1_accesses, 0ull);
	KUNIT_EXPECT_LE(test, ev.counters.c.l1_misses, 32ull);
	tdev_fini(&t);
}

/*
 * CORUN_HINT_RO loads use the read-only cache: not the L1's tags, ways or
 * CTA bypass; without a read-only cache (l1.ro_size 0) they use the L1.
 */
static void mem_ro_cache(struct kunit *test)
{
	const struct corun_slot_counters *c;
	struct emu_event ev;
	struct emu_config cfg;
	struct tdev t;
	uint32_t entry, buf;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	c = &ev.counters.c;
	entry = stream_prog_hint(&t, true, CORUN_HINT_RO);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	/*
	 * Two passes over 32 lines: the second hits. The two loads of the
	 * args line use it too (the second merges into the MSHR).
	 */
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 8, &ev), 0);
	KUNIT_EXPECT_EQ(test, c->ro_accesses, 64ull + 2);
	KUNIT_EXPECT_EQ(test, c->ro_misses, 32ull + 2);
	KUNIT_EXPECT_EQ(test, c->l1_accesses, 0ull);
	KUNIT_EXPECT_EQ(test, c->read_requests, 32ull + 1);
	/* L1 way masks and bypass CTAs leave it alone. */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_l1_ways(t.gpu, 0, 1), 0);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_l1_bypass_ctas(t.gpu, 0, 1), 0);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf + 2048, 8, &ev),
			0);
	KUNIT_EXPECT_EQ(test, c->ro_accesses, 64ull + 2);
	KUNIT_EXPECT_EQ(test, c->ro_misses, 32ull + 2);
	KUNIT_EXPECT_EQ(test, c->l1_accesses, 0ull);
	KUNIT_EXPECT_EQ(test, c->read_requests, 32ull + 1);
	tdev_fini(&t);

	tdev_test_config(&cfg);
	cfg.l1.ro_size = 0;
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &cfg, MEM_BYTES), 0);
	entry = stream_prog_hint(&t, true, CORUN_HINT_RO);
	buf = tdev_alloc(&t, 4096, TDEV_RW);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 8, &ev), 0);
	KUNIT_EXPECT_EQ(test, c->ro_accesses, 0ull);
	KUNIT_EXPECT_EQ(test, c->l1_accesses, 64ull + 2);
	KUNIT_EXPECT_EQ(test, c->l1_misses, 32ull + 2);
	tdev_fini(&t);
}

/* emu_gpu_chan_counters: the channels add up to the job's DRAM counters. */
static void mem_chan_counters(struct kunit *test)
{
	struct corun_chan_counters cc;
	uint64_t acc = 0, hits = 0, bus = 0;
	struct emu_event ev;
	struct tdev t;
	uint32_t entry, buf, c;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = stream_prog(&t, false);
	buf = tdev_alloc(&t, 16384, TDEV_RW);
	KUNIT_ASSERT_EQ(test, stream_run(test, &t, entry, buf, 32, &ev), 0);
	for (c = 0; c < t.cfg.dram.channels; c++) {
		emu_gpu_chan_counters(t.gpu, c, &cc);
		KUNIT_EXPECT_GT(test, cc.accesses, 0ull);
		KUNIT_EXPECT_EQ(test, cc.reserved, 0ull);
		acc += cc.accesses;
		hits += cc.row_hits;
		bus += cc.bus_busy_cycles;
	}
	KUNIT_EXPECT_EQ(test, acc, ev.counters.c.dram_accesses);
	KUNIT_EXPECT_EQ(test, hits, ev.counters.c.dram_row_hits);
	KUNIT_EXPECT_EQ(test, bus, ev.counters.c.dram_bus_cycles);
	KUNIT_EXPECT_GE(test, acc, 256ull);
	memset(&cc, 0xff, sizeof(cc));
	emu_gpu_chan_counters(t.gpu, t.cfg.dram.channels, &cc);
	KUNIT_EXPECT_EQ(test, cc.accesses + cc.row_hits + cc.bus_busy_cycles +
				      cc.reserved,
			0ull);
	tdev_fini(&t);
}

static struct kunit_case mem_cases[] = {
	KUNIT_CASE(mem_irc),
	KUNIT_CASE(mem_l1_ways),
	KUNIT_CASE(mem_l1_bypass_ctas),
	KUNIT_CASE(mem_ro_cache),
	KUNIT_CASE(mem_chan_counters),
	KUNIT_CASE(mem_coalescing),
	KUNIT_CASE(mem_resfail),
	KUNIT_CASE(mem_shared_banks),
	KUNIT_CASE(mem_shared_atomics),
	KUNIT_CASE(mem_local_and_atomics),
	KUNIT_CASE(mem_local_double),
	{}
};

static struct kunit_suite mem_suite = {
	.name = "emu_mem",
	.test_cases = mem_cases,
};

static struct kunit_case fault_cases[] = {
	KUNIT_CASE(fault_memory),
	KUNIT_CASE(fault_control),
	KUNIT_CASE(fault_trap),
	KUNIT_CASE(fault_budget),
	KUNIT_CASE(fault_reset),
	KUNIT_CASE(barrier_shared_exchange),
	KUNIT_CASE(barrier_exited),
	KUNIT_CASE(desc_validation),
	KUNIT_CASE(fuzz_garbage_kernels),
	{}
};

static struct kunit_suite fault_suite = {
	.name = "emu_faults",
	.test_cases = fault_cases,
};

static struct kunit_case misc_cases[] = {
	KUNIT_CASE(determinism),
	KUNIT_CASE(epochs_and_idle),
	{}
};

static struct kunit_suite misc_suite = {
	.name = "emu_determinism",
	.test_cases = misc_cases,
};

static struct kunit_case timing_cases[] = {
	KUNIT_CASE(timing_alu_chain),
	KUNIT_CASE(timing_mul_chain),
	KUNIT_CASE(timing_independent),
	KUNIT_CASE(timing_dp),
	{}
};

static struct kunit_suite timing_suite = {
	.name = "emu_timing",
	.test_cases = timing_cases,
};

kunit_test_suites(&timing_suite, &sched_suite, &dispatch_suite, &mem_suite,
		  &fault_suite, &misc_suite);
