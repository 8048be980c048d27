// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the 16-byte vector accesses LDV4 and STV4 (custom-1,
 * include/corun/kernel.h) in the executor: decoding and its illegal
 * register groups, the decode cache's written rows, loads and stores of
 * four words per lane in the global, shared and local windows (local
 * words lie apart), alignment faults that change nothing, overlapping
 * base and destination registers, partial warps and the hints. The
 * differential test against qemu-riscv32 cannot cover custom opcodes.
 */
#include <kunit/test.h>

#include <string.h>

#include <corun/kernel.h>

#include "isa.h"
#include "tenv.h"

#define LDV4(rd, rs1, off) I(off, rs1, CORUN_F3_LDV4, rd, CORUN_OPC_CUSTOM1)
#define STV4(rs2, rs1, off)                                                \
	((((uint32_t)(off) >> 5) & 0x7f) << 25 | (rs2) << 20 | (rs1) << 15 | \
	 CORUN_F3_STV4 << 12 | ((uint32_t)(off) & 31) << 7 |                 \
	 CORUN_OPC_CUSTOM1)

static void vec_decode(struct kunit *test)
{
	struct rv_uop u;

	KUNIT_ASSERT_EQ(test, rv_decode(LDV4(10, 11, 16), &u), 0);
	KUNIT_EXPECT_EQ(test, u.op, RV_OP_LDV4);
	KUNIT_EXPECT_EQ(test, u.cls, RV_CLS_LOAD);
	KUNIT_EXPECT_EQ(test, u.dst, RV_REG_X(10));
	KUNIT_EXPECT_EQ(test, u.nsrc, 1);
	KUNIT_EXPECT_EQ(test, u.src[0], RV_REG_X(11));
	KUNIT_EXPECT_EQ(test, u.imm, 16);
	KUNIT_EXPECT_EQ(test, u.size, 16);
	KUNIT_EXPECT_EQ(test, u.vregs, 4);
	KUNIT_EXPECT_STREQ(test, rv_op_name(u.op), "ldv4");

	KUNIT_ASSERT_EQ(test, rv_decode(STV4(28, 2, -32), &u), 0);
	KUNIT_EXPECT_EQ(test, u.op, RV_OP_STV4);
	KUNIT_EXPECT_EQ(test, u.cls, RV_CLS_STORE);
	KUNIT_EXPECT_EQ(test, u.dst, RV_REG_NONE);
	KUNIT_EXPECT_EQ(test, u.nsrc, 2);
	KUNIT_EXPECT_EQ(test, u.src[0], RV_REG_X(2));
	KUNIT_EXPECT_EQ(test, u.src[1], RV_REG_X(28));
	KUNIT_EXPECT_EQ(test, u.imm, -32);
	KUNIT_EXPECT_EQ(test, u.size, 16);
	KUNIT_EXPECT_EQ(test, u.vregs, 4);
	KUNIT_EXPECT_STREQ(test, rv_op_name(u.op), "stv4");

	/* A base of x0 is no dependency. */
	KUNIT_ASSERT_EQ(test, rv_decode(LDV4(1, 0, 0), &u), 0);
	KUNIT_EXPECT_EQ(test, u.nsrc, 0);
	KUNIT_ASSERT_EQ(test, rv_decode(STV4(CORUN_VEC_REG_MAX, 0, 0), &u), 0);
	KUNIT_EXPECT_EQ(test, u.nsrc, 1);

	/* Scalar ops have no vector operand. */
	KUNIT_ASSERT_EQ(test, rv_decode(LW(10, 11, 0), &u), 0);
	KUNIT_EXPECT_EQ(test, u.vregs, 0);
}

static void vec_decode_illegal(struct kunit *test)
{
	const uint32_t bad[] = {
		LDV4(0, 11, 0), /* would write x0 */
		LDV4(29, 11, 0), /* x29..x32 */
		LDV4(31, 11, 0),
		STV4(0, 11, 0), /* x0..x3 */
		STV4(29, 11, 0),
		I(0, 11, 2, 10, CORUN_OPC_CUSTOM1), /* funct3 2..7 */
		I(0, 11, 3, 10, CORUN_OPC_CUSTOM1),
		I(0, 11, 7, 10, CORUN_OPC_CUSTOM1),
	};
	struct rv_uop u;

	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		KUNIT_EXPECT_EQ_MSG(test, rv_decode(bad[i], &u), -1, "%#010x",
				    bad[i]);
		KUNIT_EXPECT_EQ(test, u.cls, RV_CLS_ILLEGAL);
		KUNIT_EXPECT_EQ(test, u.vregs, 0);
	}
}

/* The decode cache records all four rows LDV4 writes (rv_warp_reinit). */
static void vec_dcache_rows(struct kunit *test)
{
	const uint32_t code[] = { LDV4(12, 11, 0), STV4(20, 11, 0),
				  CORUN_INSN_EXIT };
	struct rv_env env;
	struct rv_warp *w = new_warp(test, 1);
	struct rv_dcache *dc = kunit_kzalloc(test, sizeof(*dc), GFP_KERNEL);
	struct rv_step st;

	KUNIT_ASSERT_NOT_NULL(test, dc);
	new_env(test, &env, code, ARRAY_SIZE(code));
	rv_dcache_reset(dc);
	dc->written = 0;
	w->dc = dc;
	w->x[11][0] = DATA_VA;
	while (w->active)
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	/* LDV4 x12: x12..x15; the store's rd field is an immediate. */
	KUNIT_EXPECT_EQ(test, dc->written & 0xffffffffull,
			0xfull << 12 | 1ull << (STV4(20, 11, 0) >> 7 & 31) | 1);
}

/* Lane l loads the 16 bytes at DATA_VA + 16 l and stores them at +512. */
static void vec_global(struct kunit *test)
{
	const uint32_t code[] = {
		LDV4(20, 10, 0),
		STV4(20, 10, 512),
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 32);
	uint32_t *d = (uint32_t *)t->data;
	struct rv_step st;

	for (unsigned int i = 0; i < 128; i++)
		d[i] = 0x1000 + i;
	for (unsigned int l = 0; l < 32; l++)
		w->x[10][l] = DATA_VA + 16 * l;
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.mask, ~0u);
	KUNIT_EXPECT_EQ(test, st.size, 16);
	KUNIT_EXPECT_EQ(test, st.access, CORUN_ACCESS_READ);
	KUNIT_EXPECT_EQ(test, st.addr[5], DATA_VA + 80);
	for (unsigned int l = 0; l < 32; l++)
		for (unsigned int k = 0; k < 4; k++)
			KUNIT_EXPECT_EQ(test, w->x[20 + k][l],
					0x1000 + 4 * l + k);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.access, CORUN_ACCESS_WRITE);
	KUNIT_EXPECT_EQ(test, st.size, 16);
	KUNIT_EXPECT_EQ(test, memcmp(d, d + 128, 512), 0);
}

/* Only the issuing lanes load and store; the others keep everything. */
static void vec_partial_and_overlap(struct kunit *test)
{
	const uint32_t code[] = {
		LDV4(10, 10, 0), /* base is the first destination */
		STV4(10, 14, 0),
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 8);
	uint32_t *d = (uint32_t *)t->data;
	struct rv_step st;

	w->active = 0x5a;
	rv_warp_resched(w);
	for (unsigned int i = 0; i < 32; i++)
		d[i] = 7 * i;
	for (unsigned int l = 0; l < 8; l++) {
		w->x[10][l] = DATA_VA + 16 * l;
		w->x[14][l] = DATA_VA + 1024 + 16 * l;
	}
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.mask, 0x5au);
	for (unsigned int l = 0; l < 8; l++) {
		bool on = 0x5a >> l & 1;

		for (unsigned int k = 0; k < 4; k++)
			KUNIT_EXPECT_EQ(test, w->x[10 + k][l],
					on ? 7 * (4 * l + k) :
					k ? 0 : DATA_VA + 16 * l);
	}
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 8; l++)
		for (unsigned int k = 0; k < 4; k++)
			KUNIT_EXPECT_EQ(test, d[256 + 4 * l + k],
					0x5a >> l & 1 ? 7 * (4 * l + k) : 0u);
}

/* A misaligned lane faults the warp and no register or byte changes. */
static void vec_misaligned(struct kunit *test)
{
	const uint32_t code[] = { LDV4(20, 10, 0), STV4(20, 10, 0),
				  CORUN_INSN_EXIT };
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 4);
	struct rv_step st;
	uint8_t before[4096];

	for (unsigned int l = 0; l < 4; l++)
		w->x[10][l] = DATA_VA + 16 * l;
	w->x[10][2] += 8; /* 8-byte aligned only */
	memset(t->data, 0x5c, sizeof(t->data));
	KUNIT_EXPECT_EQ(test, rv_warp_step(w, &env, &st),
			CORUN_FAULT_MISALIGNED);
	KUNIT_EXPECT_EQ(test, st.fault.lane, 2u);
	KUNIT_EXPECT_EQ(test, st.fault.addr, DATA_VA + 40);
	KUNIT_EXPECT_EQ(test, st.fault.access, CORUN_ACCESS_READ);
	for (unsigned int l = 0; l < 4; l++) {
		KUNIT_EXPECT_EQ(test, w->x[20][l], 0u);
		KUNIT_EXPECT_EQ(test, w->pc[l], CODE_VA);
	}
	/* The store, likewise. */
	w->pc[0] = w->pc[1] = w->pc[2] = w->pc[3] = CODE_VA + 4;
	rv_warp_resched(w);
	w->x[20][0] = 1;
	memcpy(before, t->data, sizeof(before));
	KUNIT_EXPECT_EQ(test, rv_warp_step(w, &env, &st),
			CORUN_FAULT_MISALIGNED);
	KUNIT_EXPECT_EQ(test, st.fault.access, CORUN_ACCESS_WRITE);
	KUNIT_EXPECT_EQ(test, memcmp(before, t->data, sizeof(before)), 0);
}

/* Shared memory, the lanes' vectors in reverse order. */
static void vec_shared(struct kunit *test)
{
	const uint32_t code[] = { STV4(20, 10, 0), LDV4(24, 10, 0),
				  CORUN_INSN_EXIT };
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 32);
	uint32_t *sh = (uint32_t *)t->shared;
	struct rv_step st;

	for (unsigned int l = 0; l < 32; l++) {
		/* Lanes in reverse order: still one aligned 512 B range. */
		w->x[10][l] = SHARED_VA + 16 * (31 - l);
		for (unsigned int k = 0; k < 4; k++)
			w->x[20 + k][l] = 100 * l + k;
	}
	while (w->active)
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 32; l++)
		for (unsigned int k = 0; k < 4; k++) {
			KUNIT_EXPECT_EQ(test, sh[4 * (31 - l) + k],
					100 * l + k);
			KUNIT_EXPECT_EQ(test, w->x[24 + k][l], 100 * l + k);
		}
}

/*
 * The local window interleaves the lanes' stacks word by word, so the
 * four words of a lane's vector are 32 words apart: each is translated
 * on its own. Scalar stores check where LDV4 reads.
 */
static void vec_local(struct kunit *test)
{
	const uint32_t code[] = {
		STV4(20, 2, -32),
		LDV4(24, 2, -32),
		LW(28, 2, -24), /* word 2 of the vector */
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 32);
	const uint32_t base = (LOCAL_BYTES - 32) / 4;
	struct rv_step st;

	for (unsigned int l = 0; l < 32; l++) {
		w->x[2][l] = LOCAL_VA + LOCAL_BYTES;
		for (unsigned int k = 0; k < 4; k++)
			w->x[20 + k][l] = 1000 * l + k;
	}
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 32; l++)
		for (unsigned int k = 0; k < 4; k++)
			KUNIT_EXPECT_EQ(test, t->local[base + k][l],
					1000 * l + k);
	t->local[base + 3][7] = 77;
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 32; l++) {
		KUNIT_EXPECT_EQ(test, w->x[24][l], 1000 * l);
		KUNIT_EXPECT_EQ(test, w->x[26][l], 1000 * l + 2);
		KUNIT_EXPECT_EQ(test, w->x[27][l], l == 7 ? 77 : 1000 * l + 3);
		KUNIT_EXPECT_EQ(test, w->x[28][l], 1000 * l + 2);
	}
}

/* A hint before LDV4 is the vector's: all four words read through it. */
static void vec_hint(struct kunit *test)
{
	const uint32_t code[] = {
		CORUN_INSN_BYPASS(5),
		LDV4(20, 10, 0),
		LDV4(20, 10, 0),
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct rv_warp *w = new_warp(test, 4);
	struct rv_step st;

	new_env(test, &env, code, ARRAY_SIZE(code));
	for (unsigned int l = 0; l < 4; l++) {
		w->x[5][l] = l & 1 ? CORUN_HINT_RO : CORUN_HINT_BYPASS;
		w->x[10][l] = DATA_VA + 16 * l;
	}
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.ro, 0xau);
	KUNIT_EXPECT_EQ(test, st.bypass, 0x5u);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.ro | st.bypass, 0u);
}

static struct kunit_case vec_cases[] = {
	KUNIT_CASE(vec_decode),
	KUNIT_CASE(vec_decode_illegal),
	KUNIT_CASE(vec_dcache_rows),
	KUNIT_CASE(vec_global),
	KUNIT_CASE(vec_partial_and_overlap),
	KUNIT_CASE(vec_misaligned),
	KUNIT_CASE(vec_shared),
	KUNIT_CASE(vec_local),
	KUNIT_CASE(vec_hint),
	{}
};

static struct kunit_suite vec_suite = {
	.name = "emu-isa-vec",
	.test_cases = vec_cases,
};

kunit_test_suites(&vec_suite);
