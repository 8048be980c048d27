// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Local (stack) memory in the L1, on hand-assembled kernels: the three
 * l1.local_write policies (global, back, back_alloc) and what leaves the
 * L1 under each, the per-slot local hit and miss counters, write-backs of
 * dirty lines when they are evicted, lines holding only the words a local
 * store wrote, and an atomic on a dirty local line.
 *
 * On test-2sm a line is 64 B and a warp 8 lanes; the stacks of a CTA's
 * threads interleave word by word, so one stack word of a 16-thread CTA
 * fills one line, half of it per warp.
 */
#include <kunit/test.h>

#include "tprog.h"

static void cfg_local(struct emu_config *c, uint32_t policy)
{
	tdev_test_config(c);
	c->l1.local_write = policy;
}

/* Stores that left the L1 (global ones and write-backs). */
static uint64_t writes(const struct emu_event *ev)
{
	return ev->counters.c.requests - ev->counters.c.read_requests;
}

/*
 * Each thread stores its gtid to its stack, loads it, stores gtid + 1
 * and loads that, then out[gtid] = it. One CTA of 16 threads: every
 * local access of a warp is one line.
 */
static int store_load_twice(struct kunit *test, uint32_t policy,
			    struct emu_event *ev)
{
	struct corun_job_desc d;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i, *v;
	int r;

	cfg_local(&c, policy);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	emit_out_ptr(&p); /* a0 = out + 4 gtid, t0 = gtid */
	emit(&p, SW(T0, SP, -4));
	emit(&p, LW(T2, SP, -4));
	emit(&p, ADDI(T2, T2, 1));
	emit(&p, SW(T2, SP, -4));
	emit(&p, LW(T3, SP, -4));
	emit(&p, SW(T3, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 16);
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	r = run_one(test, &t, 0, &d, ev);
	if (!r) {
		KUNIT_EXPECT_EQ(test, ev->fault.cause, 0u);
		v = tdev_ptr(&t, d.args);
		for (i = 0; i < 16; i++)
			KUNIT_EXPECT_EQ(test, v[i], i + 1);
		/* Two warps, four local accesses each, one line apiece. */
		KUNIT_EXPECT_EQ(test, ev->counters.c.l1_local_accesses, 8ull);
	}
	tdev_fini(&t);
	return r;
}

static void local_policies(struct kunit *test)
{
	struct emu_event g, b, a;

	if (store_load_twice(test, EMU_L1_LOCAL_GLOBAL, &g) ||
	    store_load_twice(test, EMU_L1_LOCAL_BACK, &b) ||
	    store_load_twice(test, EMU_L1_LOCAL_BACK_ALLOC, &a))
		return;
	/*
	 * Besides the local lines, the two warps' stores to out leave.
	 * global: every local store leaves the L1 (write-evict).
	 */
	KUNIT_EXPECT_EQ(test, writes(&g), 2ull + 4);
	/* back: only the first store of each warp (a miss) leaves. */
	KUNIT_EXPECT_EQ(test, writes(&b), 2ull + 2);
	/* One fill for both warps; the second round hits. */
	KUNIT_EXPECT_EQ(test, b.counters.c.read_requests, 1ull);
	KUNIT_EXPECT_GE(test, b.counters.c.l1_local_misses, 3ull);
	KUNIT_EXPECT_LE(test, b.counters.c.l1_local_misses, 4ull);
	KUNIT_EXPECT_GE(test, g.counters.c.read_requests, 2ull);
	/*
	 * back_alloc: the first store allocates the line, everything else
	 * hits; nothing local leaves the L1 (the line is never evicted).
	 */
	KUNIT_EXPECT_EQ(test, writes(&a), 2ull);
	KUNIT_EXPECT_EQ(test, a.counters.c.read_requests, 0ull);
	KUNIT_EXPECT_EQ(test, a.counters.c.l1_local_misses, 1ull);
	/* The local counters are part of the L1's. */
	KUNIT_EXPECT_EQ(test, a.counters.c.l1_accesses,
			a.counters.c.l1_local_accesses + 2);
	KUNIT_EXPECT_LE(test, job_cycles(&a), job_cycles(&b));
	KUNIT_EXPECT_LE(test, job_cycles(&b), job_cycles(&g));
}

/*
 * One warp fills its whole 1 KB stack (128 lines: twice the 4 KB L1),
 * then sums it back: out[gtid] = 256 * gtid.
 */
static int stack_sweep(struct kunit *test, uint32_t policy,
		       struct emu_event *ev)
{
	struct corun_job_desc d;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i, *v, loop;
	int r;

	cfg_local(&c, policy);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, ADDI(S0, SP, -1024)); /* bottom of the stack */
	emit(&p, ADDI(T2, ZERO, 0));
	li(&p, T4, 1024);
	loop = p.n;
	emit(&p, ADD(T5, S0, T2));
	emit(&p, SW(T0, T5, 0));
	emit(&p, ADDI(T2, T2, 4));
	emit(&p, BNE(T2, T4, -4 * (int32_t)(p.n - loop)));
	emit(&p, ADDI(T2, ZERO, 0));
	emit(&p, ADDI(T3, ZERO, 0));
	loop = p.n;
	emit(&p, ADD(T5, S0, T2));
	emit(&p, LW(T6, T5, 0));
	emit(&p, ADD(T3, T3, T6));
	emit(&p, ADDI(T2, T2, 4));
	emit(&p, BNE(T2, T4, -4 * (int32_t)(p.n - loop)));
	emit(&p, SW(T3, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	r = run_one(test, &t, 0, &d, ev);
	if (!r) {
		KUNIT_EXPECT_EQ(test, ev->fault.cause, 0u);
		v = tdev_ptr(&t, d.args);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ(test, v[i], 256 * i);
		/* Two stack words per line: 256 accesses, 128 lines. */
		KUNIT_EXPECT_EQ(test, ev->counters.c.l1_local_accesses, 512ull);
	}
	tdev_fini(&t);
	return r;
}

/* Dirty lines go back to the L2 when they are evicted, and only then. */
static void local_writeback(struct kunit *test)
{
	struct emu_event b, a;

	if (stack_sweep(test, EMU_L1_LOCAL_BACK, &b) ||
	    stack_sweep(test, EMU_L1_LOCAL_BACK_ALLOC, &a))
		return;
	/*
	 * back_alloc: no local store leaves by itself, yet at least the
	 * 64 lines that do not fit went back when evicted (1: out).
	 */
	KUNIT_EXPECT_GE(test, writes(&a), 1ull + 64);
	KUNIT_EXPECT_LE(test, writes(&a), 1ull + 128);
	/* Their words came back from the L2. */
	KUNIT_EXPECT_GE(test, a.counters.c.read_requests, 64ull);
	/*
	 * back: no store allocates, so all 256 leave by themselves (the
	 * lines are not in the L1 yet); the reads fill each line once.
	 */
	KUNIT_EXPECT_EQ(test, writes(&b), 1ull + 256);
	KUNIT_EXPECT_EQ(test, b.counters.c.read_requests, 128ull);
}

/*
 * back_alloc: warp 0 stores its half of a line, warp 1 then loads the
 * other half, which the line does not hold: a miss, though the line is
 * there. Warp 0's own words hit.
 */
static void local_partial_line(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i, *v;

	cfg_local(&c, EMU_L1_LOCAL_BACK_ALLOC);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, ADDI(T4, ZERO, 7));
	emit(&p, BLT(T4, T0, 8)); /* tid >= 8: skip the store */
	emit(&p, SW(T0, SP, -4)); /* warp 0 */
	emit(&p, BAR);
	emit(&p, LW(T3, SP, -4));
	emit(&p, SW(T3, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 16);
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, d.args);
		for (i = 0; i < 16; i++)
			KUNIT_EXPECT_EQ(test, v[i], i < 8 ? i : 0);
		KUNIT_EXPECT_EQ(test, ev.counters.c.l1_local_accesses, 3ull);
		/* The allocating store, and warp 1's load. */
		KUNIT_EXPECT_EQ(test, ev.counters.c.l1_local_misses, 2ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 1ull);
		KUNIT_EXPECT_EQ(test, writes(&ev), 2ull);
	}
	tdev_fini(&t);
}

/* An atomic on a dirty local line: the line goes back first. */
static void local_atomic(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i, *v;

	cfg_local(&c, EMU_L1_LOCAL_BACK_ALLOC);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, SW(T0, SP, -4));
	emit(&p, ADDI(T4, ZERO, 5));
	emit(&p, ADDI(T5, SP, -4));
	emit(&p, AMOADD(T3, T5, T4)); /* t3 = gtid, stack word += 5 */
	emit(&p, LW(T6, SP, -4));
	emit(&p, ADD(T3, T3, T6));
	emit(&p, SW(T3, A0, 0)); /* 2 gtid + 5 */
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, d.args);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ(test, v[i], 2 * i + 5);
		/* out, and the write-back before the atomic. */
		KUNIT_EXPECT_EQ(test, writes(&ev), 2ull);
		/* The atomic, and the load after it (the line is gone). */
		KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 2ull);
	}
	tdev_fini(&t);
}

static struct kunit_case local_cases[] = {
	KUNIT_CASE(local_policies),
	KUNIT_CASE(local_writeback),
	KUNIT_CASE(local_partial_line),
	KUNIT_CASE(local_atomic),
	{}
};

static struct kunit_suite local_suite = {
	.name = "emu-gpu-local",
	.test_cases = local_cases,
};

kunit_test_suites(&local_suite);
