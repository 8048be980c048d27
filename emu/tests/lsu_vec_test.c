// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * 16-byte vector accesses (LDV4, STV4) through the SM's load/store path,
 * on hand-assembled kernels: one request per line a warp's vectors touch,
 * the scoreboard holding all four registers of a vector load (and the
 * four sources of a vector store), shared-memory bank conflicts of four
 * words per lane, and local vectors whose words lie apart.
 *
 * test-2sm: 8-lane warps and 64 B lines, so a warp's 8 consecutive
 * vectors are 128 B, two lines.
 */
#include <kunit/test.h>

#include "tprog.h"

#define LDV4(rd, rs1, off) rv_i(off, rs1, CORUN_F3_LDV4, rd, CORUN_OPC_CUSTOM1)
#define STV4(rs2, rs1, off) \
	rv_s(off, rs2, rs1, CORUN_F3_STV4, CORUN_OPC_CUSTOM1)

/* a1 = args + 1024 + 16 * gtid (past the argument block); t0 = gtid. */
static void emit_vec_ptr(struct prog *p)
{
	emit_out_ptr(p);
	emit(p, CSRR(A1, CORUN_CSR_ARGS));
	emit(p, SLLI(T1, T0, 4));
	emit(p, ADD(A1, A1, T1));
	emit(p, ADDI(A1, A1, 1024));
}

/*
 * out[gtid] = the sum of the four words at a1, loaded as one vector
 * (@vec) or as four words, and the vector copied 1024 bytes further.
 */
static void vec_vs_words(struct kunit *test, bool vec, struct emu_event *ev)
{
	struct corun_job_desc d;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i, k, *v;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_vec_ptr(&p);
	if (vec) {
		emit(&p, LDV4(S2, A1, 0));
	} else {
		for (k = 0; k < 4; k++)
			emit(&p, LW(S2 + k, A1, 4 * k));
	}
	emit(&p, ADD(T2, S2, S3));
	emit(&p, ADD(T2, T2, S4));
	emit(&p, ADD(T2, T2, S5));
	emit(&p, SW(T2, A0, 0));
	if (vec) {
		emit(&p, STV4(S2, A1, 1024));
	} else {
		for (k = 0; k < 4; k++)
			emit(&p, SW(S2 + k, A1, 1024 + 4 * k));
	}
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.args = tdev_alloc(&t, 8192, TDEV_RW);
	v = tdev_ptr(&t, d.args);
	for (i = 0; i < 32; i++)
		v[256 + i] = 3 * i + 1;
	if (!run_one(test, &t, 0, &d, ev)) {
		KUNIT_EXPECT_EQ(test, ev->fault.cause, 0u);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ(test, v[i], 48 * i + 22);
		for (i = 0; i < 32; i++)
			KUNIT_EXPECT_EQ(test, v[512 + i], 3 * i + 1);
	}
	tdev_fini(&t);
}

static void vec_coalescing(struct kunit *test)
{
	struct emu_event ve, we;

	vec_vs_words(test, true, &ve);
	vec_vs_words(test, false, &we);
	/* The vector load: two lines, both misses; the store: two lines. */
	KUNIT_EXPECT_EQ(test, ve.counters.c.read_requests, 2ull);
	KUNIT_EXPECT_EQ(test, ve.counters.c.requests, 2ull + 2 + 1);
	KUNIT_EXPECT_EQ(test, ve.counters.c.l1_accesses, 2ull + 2 + 1);
	KUNIT_EXPECT_EQ(test, ve.counters.c.l1_misses, 2ull + 2 + 1);
	/* Word by word: each of the 8 accesses touches both lines. */
	KUNIT_EXPECT_EQ(test, we.counters.c.l1_accesses, 8ull + 8 + 1);
	KUNIT_EXPECT_EQ(test, we.counters.c.requests, 2ull + 8 + 1);
	KUNIT_EXPECT_EQ(test, ve.counters.c.warp_insns + 6,
			we.counters.c.warp_insns);
}

/* 100 dependent ALU operations: longer than a DRAM round trip. */
static void emit_chain(struct prog *p)
{
	for (uint32_t i = 0; i < 100; i++)
		emit(p, ADDI(T3, T3, 1));
}

/*
 * A vector load, then a use of its register @use_reg (S2..S5), or of
 * an unrelated register (ZERO), then a chain: the use waits for the
 * whole vector, and the chain for the use.
 */
static uint64_t vec_use_cycles(struct kunit *test, uint32_t use_reg)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry;
	uint64_t cyc = 0;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_vec_ptr(&p);
	emit(&p, LDV4(S2, A1, 0));
	emit(&p, ADD(T2, use_reg, use_reg));
	emit_chain(&p);
	emit(&p, SW(T2, A0, 0));
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.args = tdev_alloc(&t, 8192, TDEV_RW);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		cyc = job_cycles(&ev);
		if (use_reg != ZERO)
			KUNIT_EXPECT_GT(test,
					ev.counters.c.stall[CORUN_STALL_RAW_LONG],
					0ull);
	}
	tdev_fini(&t);
	return cyc;
}

/* A vector store after a load of one of its sources waits for it. */
static uint64_t vec_store_cycles(struct kunit *test, uint32_t load_reg)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry;
	uint64_t cyc = 0;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	emit_vec_ptr(&p);
	emit(&p, LW(load_reg, A1, 0));
	emit(&p, STV4(S2, A1, 1024));
	emit_chain(&p);
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.args = tdev_alloc(&t, 8192, TDEV_RW);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		cyc = job_cycles(&ev);
	}
	tdev_fini(&t);
	return cyc;
}

static void vec_scoreboard(struct kunit *test)
{
	struct emu_config c;
	uint64_t none = vec_use_cycles(test, ZERO);
	uint64_t first = vec_use_cycles(test, S2);
	uint64_t last = vec_use_cycles(test, S5);

	tdev_test_config(&c);
	/* A miss to DRAM (idle: dram.latency) sits between load and use. */
	KUNIT_EXPECT_GE(test, first, none + c.dram.latency / 2);
	KUNIT_EXPECT_EQ(test, last, first);
	/* STV4's fourth source, as its first. */
	KUNIT_EXPECT_GE(test, vec_store_cycles(test, S5),
			vec_store_cycles(test, S6) + c.dram.latency / 2);
	KUNIT_EXPECT_EQ(test, vec_store_cycles(test, S5),
			vec_store_cycles(test, S2));
}

/*
 * 64 vector stores to shared memory by 8 lanes, @stride bytes apart: 16
 * B (32 consecutive words on 32 banks, one pass) or 128 B (every lane on
 * banks 0..3: eight passes).
 */
static uint64_t vec_shared_cycles(struct kunit *test, uint32_t stride)
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
	li(&p, T1, stride);
	emit(&p, MUL(T1, T1, T0));
	li(&p, A1, CORUN_VA_SHARED_BASE);
	emit(&p, ADD(A1, A1, T1));
	emit(&p, ADDI(S2, T0, 0));
	emit(&p, ADDI(S3, T0, 1));
	emit(&p, ADDI(S4, T0, 2));
	emit(&p, ADDI(S5, T0, 3));
	for (i = 0; i < 64; i++)
		emit(&p, STV4(S2, A1, 0));
	emit(&p, LW(T3, A1, 12));
	emit(&p, SW(T3, A0, 0)); /* out[tid] = tid + 3 */
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.shared_bytes = 4096;
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, d.args);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ(test, v[i], i + 3);
		cyc = job_cycles(&ev);
	}
	tdev_fini(&t);
	return cyc;
}

static void vec_shared_banks(struct kunit *test)
{
	uint64_t fast = vec_shared_cycles(test, 16);
	uint64_t slow = vec_shared_cycles(test, 128);

	/* Each store holds the LSU 8 cycles instead of 1. */
	KUNIT_EXPECT_GE(test, slow - fast, 64ull * 7 - 16);
	KUNIT_EXPECT_LE(test, slow - fast, 64ull * 7 + 16);
}

/*
 * Local vectors under back_alloc: the four words of 8 lanes are four
 * 32 B runs, two lines; the load finds them in the L1.
 */
static void vec_local(struct kunit *test)
{
	struct corun_job_desc d;
	struct emu_event ev;
	struct emu_config c;
	struct prog p = { .n = 0 };
	struct tdev t;
	uint32_t entry, i, *v;

	tdev_test_config(&c);
	c.l1.local_write = EMU_L1_LOCAL_BACK_ALLOC;
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, MEM_BYTES), 0);
	emit_out_ptr(&p);
	emit(&p, ADDI(S2, T0, 10));
	emit(&p, ADDI(S3, T0, 20));
	emit(&p, ADDI(S4, T0, 30));
	emit(&p, ADDI(S5, T0, 40));
	emit(&p, STV4(S2, SP, -16));
	emit(&p, LDV4(S6, SP, -16));
	emit(&p, LW(T2, SP, -8)); /* the third word */
	emit(&p, ADD(T2, T2, S6));
	emit(&p, ADD(T2, T2, S9));
	emit(&p, SW(T2, A0, 0)); /* 3 gtid + 80 */
	emit(&p, EXIT);
	entry = tdev_code(&t, p.w, p.n);
	tdev_desc(&t, 0, &d, entry, 1, 8);
	d.args = tdev_alloc(&t, 4096, TDEV_RW);
	if (!run_one(test, &t, 0, &d, &ev)) {
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
		v = tdev_ptr(&t, d.args);
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ(test, v[i], 3 * i + 80);
		KUNIT_EXPECT_EQ(test, ev.counters.c.l1_local_accesses,
				2ull + 2 + 1);
		KUNIT_EXPECT_EQ(test, ev.counters.c.l1_local_misses, 2ull);
		KUNIT_EXPECT_EQ(test, ev.counters.c.read_requests, 0ull);
	}
	tdev_fini(&t);
}

static struct kunit_case lsu_vec_cases[] = {
	KUNIT_CASE(vec_coalescing),
	KUNIT_CASE(vec_scoreboard),
	KUNIT_CASE(vec_shared_banks),
	KUNIT_CASE(vec_local),
	{}
};

static struct kunit_suite lsu_vec_suite = {
	.name = "emu-gpu-vec",
	.test_cases = lsu_vec_cases,
};

kunit_test_suites(&lsu_vec_suite);
