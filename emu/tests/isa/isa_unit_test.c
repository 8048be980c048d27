// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the RV32IMAFD SIMT executor: decoding of every instruction
 * class, illegal encodings, SIMT lane selection (divergence, reconvergence,
 * EXIT, BAR, blocked lanes), faults with their lane/pc/addr/cause, x0,
 * atomics order within a warp, BYPASS, the decode cache, FP spot checks
 * and a speed print.
 */
#include <kunit/test.h>

#include <fenv.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <corun/kernel.h>

#include "isa.h"
#include "isa_fpfast.h"

#include "tenv.h"

struct dec_case {
	uint32_t insn;
	uint8_t op;
	uint8_t cls;
	uint8_t dst;
	uint8_t nsrc;
	uint8_t src[3];
	int32_t imm;
	uint8_t size;
	uint8_t rm;
};

#define X(n) RV_REG_X(n)
#define F(n) RV_REG_F(n)
#define NO RV_REG_NONE

/* Words from clang's assembler (see the mnemonic in each comment). */
static const struct dec_case dec_cases[] = {
	/* lui a0, 0x12345 */
	{ 0x12345537, RV_OP_LUI, RV_CLS_ALU, X(10), 0, { 0 }, 0x12345000 },
	/* auipc a1, 0xfffff */
	{ 0xfffff597, RV_OP_AUIPC, RV_CLS_ALU, X(11), 0, { 0 }, (int32_t)0xfffff000 },
	/* jal ra, 16 */
	{ 0x010000ef, RV_OP_JAL, RV_CLS_BRANCH, X(1), 0, { 0 }, 16 },
	/* jalr t0, -4(a2) */
	{ 0xffc602e7, RV_OP_JALR, RV_CLS_BRANCH, X(5), 1, { X(12) }, -4 },
	/* beq a0, a1, 8 */
	{ 0x00b50463, RV_OP_BEQ, RV_CLS_BRANCH, NO, 2, { X(10), X(11) }, 8 },
	/* bgeu s0, s1, -8 */
	{ 0xfe947ce3, RV_OP_BGEU, RV_CLS_BRANCH, NO, 2, { X(8), X(9) }, -8 },
	/* lb a0, -1(sp) */
	{ 0xfff10503, RV_OP_LB, RV_CLS_LOAD, X(10), 1, { X(2) }, -1, 1 },
	/* lhu t1, 2(a3) */
	{ 0x0026d303, RV_OP_LHU, RV_CLS_LOAD, X(6), 1, { X(13) }, 2, 2 },
	/* sw a4, 8(sp) */
	{ 0x00e12423, RV_OP_SW, RV_CLS_STORE, NO, 2, { X(2), X(14) }, 8, 4 },
	/* addi a0, a1, -2048 */
	{ 0x80058513, RV_OP_ADDI, RV_CLS_ALU, X(10), 1, { X(11) }, -2048 },
	/* srai a2, a3, 31 */
	{ 0x41f6d613, RV_OP_SRAI, RV_CLS_ALU, X(12), 1, { X(13) }, 31 },
	/* sub a0, a1, a2 */
	{ 0x40c58533, RV_OP_SUB, RV_CLS_ALU, X(10), 2, { X(11), X(12) } },
	/* sra t0, t1, t2 */
	{ 0x407352b3, RV_OP_SRA, RV_CLS_ALU, X(5), 2, { X(6), X(7) } },
	/* mul a0, a1, a2 */
	{ 0x02c58533, RV_OP_MUL, RV_CLS_MUL, X(10), 2, { X(11), X(12) } },
	/* remu a0, a1, a2 */
	{ 0x02c5f533, RV_OP_REMU, RV_CLS_DIV, X(10), 2, { X(11), X(12) } },
	/* mulhsu s2, s3, s4 */
	{ 0x0349a933, RV_OP_MULHSU, RV_CLS_MUL, X(18), 2, { X(19), X(20) } },
	/* fence iorw, iorw */
	{ 0x0ff0000f, RV_OP_FENCE, RV_CLS_FENCE, NO, 0 },
	/* fence.i */
	{ 0x0000100f, RV_OP_FENCE_I, RV_CLS_FENCE, NO, 0 },
	/* ecall, ebreak */
	{ 0x00000073, RV_OP_ECALL, RV_CLS_TRAP, NO, 0 },
	{ 0x00100073, RV_OP_EBREAK, RV_CLS_TRAP, NO, 0 },
	/* csrrw a0, fcsr, a1 */
	{ 0x00359573, RV_OP_CSRRW, RV_CLS_CSR, X(10), 1, { X(11) }, 3 },
	/* csrrsi a0, fflags, 3 */
	{ 0x0011e573, RV_OP_CSRRSI, RV_CLS_CSR, X(10), 0, { 0 }, 1 },
	/* csrr a0, cycle */
	{ 0xc0002573, RV_OP_CSRRS, RV_CLS_CSR, X(10), 0, { 0 }, 0xc00 },
	/* csrr a0, 0xcc0 (tid.x) */
	{ 0xcc002573, RV_OP_CSRRS, RV_CLS_CSR, X(10), 0, { 0 }, 0xcc0 },
	/* lr.w a0, (a1) */
	{ 0x1005a52f, RV_OP_LR_W, RV_CLS_AMO, X(10), 1, { X(11) }, 0, 4 },
	/* sc.w a0, a2, (a1) */
	{ 0x18c5a52f, RV_OP_SC_W, RV_CLS_AMO, X(10), 2, { X(11), X(12) }, 0, 4 },
	/* amoswap.w.aqrl a0, a2, (a1) */
	{ 0x0ec5a52f, RV_OP_AMOSWAP_W, RV_CLS_AMO, X(10), 2, { X(11), X(12) }, 0, 4 },
	/* amomaxu.w a0, a2, (a1) */
	{ 0xe0c5a52f, RV_OP_AMOMAXU_W, RV_CLS_AMO, X(10), 2, { X(11), X(12) }, 0, 4 },
	/* flw fa0, 4(a0) */
	{ 0x00452507, RV_OP_FLW, RV_CLS_LOAD, F(10), 1, { X(10) }, 4, 4 },
	/* fsw fa1, -8(sp) */
	{ 0xfeb12c27, RV_OP_FSW, RV_CLS_STORE, NO, 2, { X(2), F(11) }, -8, 4 },
	/* fmadd.s fa0, fa1, fa2, fa3, rmm */
	{ 0x68c5c543, RV_OP_FMADD_S, RV_CLS_FPU, F(10), 3, { F(11), F(12), F(13) }, 0, 0, RV_RM_RMM },
	/* fnmadd.s fa0, fa1, fa2, fa3 (dyn) */
	{ 0x68c5f54f, RV_OP_FNMADD_S, RV_CLS_FPU, F(10), 3, { F(11), F(12), F(13) }, 0, 0, RV_RM_DYN },
	/* fadd.s fa0, fa1, fa2, rtz */
	{ 0x00c59553, RV_OP_FADD_S, RV_CLS_FPU, F(10), 2, { F(11), F(12) }, 0, 0, RV_RM_RTZ },
	/* fdiv.s fa0, fa1, fa2 */
	{ 0x18c5f553, RV_OP_FDIV_S, RV_CLS_FDIV, F(10), 2, { F(11), F(12) }, 0, 0, RV_RM_DYN },
	/* fsqrt.s fa0, fa1 */
	{ 0x5805f553, RV_OP_FSQRT_S, RV_CLS_FDIV, F(10), 1, { F(11) }, 0, 0, RV_RM_DYN },
	/* fsgnjx.s fa0, fa1, fa2 */
	{ 0x20c5a553, RV_OP_FSGNJX_S, RV_CLS_FPU, F(10), 2, { F(11), F(12) } },
	/* fmax.s fa0, fa1, fa2 */
	{ 0x28c59553, RV_OP_FMAX_S, RV_CLS_FPU, F(10), 2, { F(11), F(12) } },
	/* fcvt.wu.s a0, fa1, rdn */
	{ 0xc015a553, RV_OP_FCVT_WU_S, RV_CLS_FPU, X(10), 1, { F(11) }, 0, 0, RV_RM_RDN },
	/* fmv.x.w a0, fa1 */
	{ 0xe0058553, RV_OP_FMV_X_W, RV_CLS_FPU, X(10), 1, { F(11) } },
	/* feq.s a0, fa1, fa2 */
	{ 0xa0c5a553, RV_OP_FEQ_S, RV_CLS_FPU, X(10), 2, { F(11), F(12) } },
	/* fclass.s a0, fa1 */
	{ 0xe0059553, RV_OP_FCLASS_S, RV_CLS_FPU, X(10), 1, { F(11) } },
	/* fcvt.s.w fa0, a1 (dyn) */
	{ 0xd005f553, RV_OP_FCVT_S_W, RV_CLS_FPU, F(10), 1, { X(11) }, 0, 0, RV_RM_DYN },
	/* fmv.w.x fa0, a1 */
	{ 0xf0058553, RV_OP_FMV_W_X, RV_CLS_FPU, F(10), 1, { X(11) } },
	/* fld fa0, 8(a0) */
	{ 0x00853507, RV_OP_FLD, RV_CLS_LOAD, F(10), 1, { X(10) }, 8, 8 },
	/* fsd fa1, -16(sp) */
	{ 0xfeb13827, RV_OP_FSD, RV_CLS_STORE, NO, 2, { X(2), F(11) }, -16, 8 },
	/* fmadd.d fa0, fa1, fa2, fa3, rmm */
	{ 0x6ac5c543, RV_OP_FMADD_D, RV_CLS_DFPU, F(10), 3, { F(11), F(12), F(13) }, 0, 0, RV_RM_RMM },
	/* fnmsub.d fa0, fa1, fa2, fa3 (dyn) */
	{ 0x6ac5f54b, RV_OP_FNMSUB_D, RV_CLS_DFPU, F(10), 3, { F(11), F(12), F(13) }, 0, 0, RV_RM_DYN },
	/* fadd.d fa0, fa1, fa2, rtz */
	{ 0x02c59553, RV_OP_FADD_D, RV_CLS_DFPU, F(10), 2, { F(11), F(12) }, 0, 0, RV_RM_RTZ },
	/* fdiv.d fa0, fa1, fa2 */
	{ 0x1ac5f553, RV_OP_FDIV_D, RV_CLS_DFDIV, F(10), 2, { F(11), F(12) }, 0, 0, RV_RM_DYN },
	/* fsqrt.d fa0, fa1 */
	{ 0x5a05f553, RV_OP_FSQRT_D, RV_CLS_DFDIV, F(10), 1, { F(11) }, 0, 0, RV_RM_DYN },
	/* fsgnjn.d fa0, fa1, fa2 */
	{ 0x22c59553, RV_OP_FSGNJN_D, RV_CLS_DFPU, F(10), 2, { F(11), F(12) } },
	/* fmin.d fa0, fa1, fa2 */
	{ 0x2ac58553, RV_OP_FMIN_D, RV_CLS_DFPU, F(10), 2, { F(11), F(12) } },
	/* fcvt.w.d a0, fa1, rtz */
	{ 0xc2059553, RV_OP_FCVT_W_D, RV_CLS_DFPU, X(10), 1, { F(11) }, 0, 0, RV_RM_RTZ },
	/* fcvt.wu.d a0, fa1 */
	{ 0xc215f553, RV_OP_FCVT_WU_D, RV_CLS_DFPU, X(10), 1, { F(11) }, 0, 0, RV_RM_DYN },
	/* feq.d a0, fa1, fa2 */
	{ 0xa2c5a553, RV_OP_FEQ_D, RV_CLS_DFPU, X(10), 2, { F(11), F(12) } },
	/* flt.d a0, fa1, fa2 */
	{ 0xa2c59553, RV_OP_FLT_D, RV_CLS_DFPU, X(10), 2, { F(11), F(12) } },
	/* fclass.d a0, fa1 */
	{ 0xe2059553, RV_OP_FCLASS_D, RV_CLS_DFPU, X(10), 1, { F(11) } },
	/* fcvt.d.w fa0, a1 */
	{ 0xd2058553, RV_OP_FCVT_D_W, RV_CLS_DFPU, F(10), 1, { X(11) } },
	/* fcvt.d.wu fa0, a1 */
	{ 0xd2158553, RV_OP_FCVT_D_WU, RV_CLS_DFPU, F(10), 1, { X(11) } },
	/* fcvt.s.d fa0, fa1, rup */
	{ 0x4015b553, RV_OP_FCVT_S_D, RV_CLS_DFPU, F(10), 1, { F(11) }, 0, 0, RV_RM_RUP },
	/* fcvt.d.s fa0, fa1 */
	{ 0x42058553, RV_OP_FCVT_D_S, RV_CLS_DFPU, F(10), 1, { F(11) } },
	/* addi zero, a0, 1 and div zero, a0, a1: no effect */
	{ 0x00150013, RV_OP_NOP, RV_CLS_NOP, NO, 0 },
	{ 0x02b54033, RV_OP_NOP, RV_CLS_NOP, NO, 0 },
	/* add a0, zero, a1: x0 is no dependency */
	{ 0x00b00533, RV_OP_ADD, RV_CLS_ALU, X(10), 1, { X(11) } },
	/* corun custom-0 */
	{ CORUN_INSN_BAR, RV_OP_BAR, RV_CLS_BAR, NO, 0 },
	{ CORUN_INSN_EXIT, RV_OP_EXIT, RV_CLS_EXIT, NO, 0 },
	{ CORUN_INSN_TRAP(10), RV_OP_TRAP, RV_CLS_TRAP, NO, 1, { X(10) } },
	{ CORUN_INSN_BYPASS(10), RV_OP_BYPASS, RV_CLS_NOP, NO, 1, { X(10) } },
};

static void decode_classes(struct kunit *test)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(dec_cases); i++) {
		const struct dec_case *c = &dec_cases[i];
		struct rv_uop u;

		KUNIT_EXPECT_EQ_MSG(test, rv_decode(c->insn, &u), 0, "%#010x",
				    c->insn);
		KUNIT_EXPECT_EQ_MSG(test, u.insn, c->insn, "%#010x", c->insn);
		KUNIT_EXPECT_EQ_MSG(test, u.op, c->op, "%#010x: %s", c->insn,
				    rv_op_name(u.op));
		KUNIT_EXPECT_EQ_MSG(test, u.cls, c->cls, "%#010x", c->insn);
		KUNIT_EXPECT_EQ_MSG(test, u.dst, c->dst, "%#010x", c->insn);
		KUNIT_EXPECT_EQ_MSG(test, u.nsrc, c->nsrc, "%#010x", c->insn);
		for (unsigned int s = 0; s < c->nsrc && s < 3; s++)
			KUNIT_EXPECT_EQ_MSG(test, u.src[s], c->src[s],
					    "%#010x src %u", c->insn, s);
		for (unsigned int s = u.nsrc; s < 3; s++)
			KUNIT_EXPECT_EQ(test, u.src[s], NO);
		if (c->imm)
			KUNIT_EXPECT_EQ_MSG(test, u.imm, c->imm, "%#010x",
					    c->insn);
		KUNIT_EXPECT_EQ_MSG(test, u.size, c->size, "%#010x", c->insn);
		if (c->rm)
			KUNIT_EXPECT_EQ_MSG(test, u.rm, c->rm, "%#010x",
					    c->insn);
		if (c->rm == RV_RM_DYN)
			KUNIT_EXPECT_TRUE(test, u.flags & RV_UF_DYN_RM);
	}
	KUNIT_EXPECT_STREQ(test, rv_op_name(RV_OP_FMADD_S), "fmadd.s");
}

static const uint32_t illegal[] = {
	0x00000000, 0xffffffff,	/* all zero / all one */
	0x00000001,		/* compressed */
	0x4200d513,		/* srai with funct7 bit 0 set */
	0x02051513,		/* slli shamt[5] set */
	0x80b50533,		/* add with funct7 0x40 */
	0x40b51533,		/* sll with funct7 0x20 */
	0x00b53463,		/* branch funct3 3 */
	0x00002063,		/* branch funct3 2 */
	0x00003003,		/* load funct3 3 (ld) */
	0x00006003,		/* load funct3 6 (lwu) */
	0x00003023,		/* store funct3 3 (sd) */
	0x00001067,		/* jalr funct3 1 */
	0x0000200f,		/* misc-mem funct3 2 */
	0x30200073,		/* mret */
	0x10500073,		/* wfi */
	0x00004073,		/* system funct3 4 */
	0x7c002573,		/* csrr of an unknown CSR */
	0xcd302573,		/* csrr 0xcd3: beyond the custom range */
	0xc0059573,		/* csrrw cycle: read-only */
	0xcc00e573,		/* csrrsi 0xcc0, 1: write to read-only */
	0x1015a52f,		/* lr.w with rs2 != 0 */
	0x0005b52f,		/* amo funct3 3 (amoadd.d) */
	0x2805a52f,		/* amo funct5 0x0a */
	0x00054507,		/* flq (load-fp funct3 4) */
	0x00051507,		/* flh (load-fp funct3 1) */
	0x00054027,		/* fsq */
	0x00c5d553,		/* fadd.s rm 5 */
	0x00c5e553,		/* fadd.s rm 6 */
	0x02c5d553,		/* fadd.d rm 5 */
	0x04c58553,		/* fadd.h (fmt 2) */
	0x06c58553,		/* fadd.q (fmt 3) */
	0x6cc5c543,		/* fmadd.h (fmt 2) */
	0x6ec5c543,		/* fmadd.q (fmt 3) */
	0xe2058553,		/* fmv.x.d: RV64 only */
	0xf2058553,		/* fmv.d.x: RV64 only */
	0x40058553,		/* fcvt.s.d with rs2 0 (fcvt.s.s) */
	0x42158553,		/* fcvt.d.s with rs2 1 (fcvt.d.d) */
	0x4035f553,		/* fcvt.s.q */
	0xc225f553,		/* fcvt.w.d rs2 = 2 (fcvt.l.d) */
	0xd2258553,		/* fcvt.d.l */
	0x5a15f553,		/* fsqrt.d rs2 != 0 */
	0x68c5d543,		/* fmadd.s rm 5 */
	0x5815f553,		/* fsqrt.s rs2 != 0 */
	0x20c5b553,		/* fsgnj funct3 3 */
	0x28c5a553,		/* fmin/fmax funct3 2 */
	0xc025f553,		/* fcvt.w.s rs2 = 2 */
	0xe0159553,		/* fclass with rs2 != 0 */
	0xe005a553,		/* funct7 0x70 funct3 2 */
	0xa0c5b553,		/* fcmp funct3 3 */
	0xf0059553,		/* fmv.w.x funct3 1 */
	0x4000000b,		/* BAR with funct7 */
	0x0000050b,		/* BAR with rd */
	0x0005000b,		/* BAR with rs1 */
	0x00b5200b,		/* TRAP with rs2 */
	0x0000400b,		/* custom-0 funct3 4 */
	0x0000700b,		/* custom-0 funct3 7 */
	0x0000002b,		/* custom-1 LDV4 to x0 */
	0x0000005b,		/* custom-2 */
};

static void decode_illegal(struct kunit *test)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(illegal); i++) {
		uint32_t insn = illegal[i];
		struct rv_uop u;

		KUNIT_EXPECT_EQ_MSG(test, rv_decode(insn, &u), -1, "%#010x",
				    insn);
		KUNIT_EXPECT_EQ_MSG(test, u.cls, RV_CLS_ILLEGAL, "%#010x",
				    insn);
		KUNIT_EXPECT_EQ(test, u.op, RV_OP_ILLEGAL);
		KUNIT_EXPECT_EQ(test, u.insn, insn);
		KUNIT_EXPECT_EQ(test, u.dst, NO);
		KUNIT_EXPECT_EQ(test, u.nsrc, 0);
	}
}

/* Lanes branch on their lane id, run separately, then reconverge. */
static void simt_divergence(struct kunit *test)
{
	const uint32_t code[] = {
		/* 0 */ 0xccc02573,	/* csrr a0, laneid */
		/* 4 */ I(1, 10, 7, 11, 0x13), /* andi a1, a0, 1 */
		/* 8 */ B(1, 11, 0, 12),	/* bnez a1, +12 (-> 20) */
		/* c */ ADDI(12, 0, 100),	/* even lanes: a2 = 100 */
		/* 10 */ ADDI(12, 12, 1),	/* a2 += 1 */
		/* 14 */ ADDI(13, 12, 5),	/* all: a3 = a2 + 5 */
		/* 18 */ CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 4);
	const struct rv_uop *u;
	struct rv_step st;
	int f;

	/* Odd lanes jump to 0x14 (+12 from 0x8). */
	t->code[2] = B(1, 11, 0, 12);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.mask, 0xfu);
	KUNIT_EXPECT_EQ(test, w->x[10][3], 3u);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0); /* bnez */
	KUNIT_EXPECT_EQ(test, st.uop->op, RV_OP_BNE);
	KUNIT_EXPECT_EQ(test, st.taken, 0xau);
	KUNIT_EXPECT_TRUE(test, st.diverged);
	KUNIT_EXPECT_EQ(test, w->pc[0], CODE_VA + 0xc);
	KUNIT_EXPECT_EQ(test, w->pc[1], CODE_VA + 0x14);
	/* Minimum PC first: the even lanes, alone, twice. */
	u = rv_warp_peek(w, &env, &f);
	KUNIT_ASSERT_NOT_NULL(test, u);
	KUNIT_EXPECT_EQ(test, rv_warp_issue_mask(w), 0x5u);
	KUNIT_ASSERT_EQ(test, rv_warp_exec(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.pc, CODE_VA + 0xc);
	KUNIT_EXPECT_EQ(test, st.mask, 0x5u);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.mask, 0x5u);
	/* Reconverged at 0x14. */
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.pc, CODE_VA + 0x14);
	KUNIT_EXPECT_EQ(test, st.mask, 0xfu);
	KUNIT_EXPECT_EQ(test, w->x[13][0], 106u);
	KUNIT_EXPECT_EQ(test, w->x[13][1], 5u);
	KUNIT_EXPECT_EQ(test, w->x[13][2], 106u);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.exited, 0xfu);
	KUNIT_EXPECT_EQ(test, w->active, 0u);
	KUNIT_EXPECT_NULL(test, rv_warp_peek(w, &env, &f));
	KUNIT_EXPECT_EQ(test, f, 0);
	KUNIT_EXPECT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.mask, 0u);
}

/* Some lanes EXIT early; the rest go on; BAR reports arrivals. */
static void simt_exit_bar(struct kunit *test)
{
	const uint32_t code[] = {
		/* 0 */ 0xccc02573,	/* csrr a0, laneid */
		/* 4 */ I(2, 10, 2, 11, 0x13), /* slti a1, a0, 2 */
		/* 8 */ B(0, 11, 0, 8),	/* beqz a1, +8 (-> 0x10) */
		/* c */ CORUN_INSN_EXIT,	/* lanes 0, 1 exit */
		/* 10 */ CORUN_INSN_BAR,
		/* 14 */ ADDI(12, 0, 7),
		/* 18 */ CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct rv_warp *w = new_warp(test, 8);
	struct rv_step st;
	int f;

	new_env(test, &env, code, ARRAY_SIZE(code));
	w->active = 0x3f; /* lanes 6, 7 never started */
	rv_warp_resched(w);
	for (int i = 0; i < 4; i++)
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.uop->op, RV_OP_EXIT);
	KUNIT_EXPECT_EQ(test, st.exited, 0x3u);
	KUNIT_EXPECT_EQ(test, w->active, 0x3cu);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.uop->op, RV_OP_BAR);
	KUNIT_EXPECT_EQ(test, st.arrived, 0x3cu);
	KUNIT_EXPECT_EQ(test, w->pc[2], CODE_VA + 0x14);
	/* The SM layer blocks arrived lanes: nothing can issue... */
	w->blocked = st.arrived;
	KUNIT_EXPECT_NULL(test, rv_warp_peek(w, &env, &f));
	KUNIT_EXPECT_EQ(test, f, 0);
	/* ...partial release: only the released lanes issue. */
	w->blocked = 0x30;
	KUNIT_ASSERT_NOT_NULL(test, rv_warp_peek(w, &env, &f));
	KUNIT_EXPECT_EQ(test, rv_warp_issue_mask(w), 0x0cu);
	w->blocked = 0;
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.mask, 0x3cu);
	KUNIT_EXPECT_EQ(test, w->x[12][5], 7u);
	KUNIT_EXPECT_EQ(test, w->x[12][1], 0u);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, w->active, 0u);
}

static void x0_stays_zero(struct kunit *test)
{
	const uint32_t code[] = {
		ADDI(0, 0, 5),		/* addi x0, x0, 5 */
		0x00500037,		/* lui x0, 5 */
		LW(0, 1, 0),		/* lw x0, 0(x1) */
		0x0000006f | (0 << 7) | (4u << 21), /* jal x0, +8 */
		ADDI(5, 0, 1),		/* skipped */
		0x00302073,		/* csrr x0, fcsr */
		AMOADD(0, 2, 1),	/* amoadd.w x0, x2, (x1) */
		0xe0058053,		/* fmv.x.w x0, fa1 */
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 2);
	struct rv_step st;

	for (unsigned int l = 0; l < 2; l++) {
		w->x[1][l] = DATA_VA;
		w->x[2][l] = 3;
		w->f[11][l] = 0x3f800000;
	}
	t->data[0] = 9;
	while (w->active)
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 2; l++) {
		KUNIT_EXPECT_EQ(test, w->x[0][l], 0u);
		KUNIT_EXPECT_EQ(test, w->x[5][l], 0u);
	}
	KUNIT_EXPECT_EQ(test, t->data[0], 15); /* both AMOs happened */
}

static void expect_fault(struct kunit *test, const uint32_t *code,
			 unsigned int n, unsigned int width,
			 void (*setup)(struct rv_warp *w, struct tenv *t),
			 int cause, unsigned int lane, uint32_t pc, uint32_t addr,
			 const char *what)
{
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, n);
	struct rv_warp *w = new_warp(test, width);
	struct rv_warp *copy = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	struct rv_step st;
	int r = 0;

	KUNIT_ASSERT_NOT_NULL(test, copy);
	if (setup)
		setup(w, t);
	for (int i = 0; i < 64 && w->active; i++) {
		memcpy(copy, w, sizeof(*w));
		r = rv_warp_step(w, &env, &st);
		if (r)
			break;
	}
	KUNIT_EXPECT_EQ_MSG(test, r, cause, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, st.fault.cause, (uint32_t)cause, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, st.fault.lane, lane, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, st.fault.pc, pc, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, st.fault.addr, addr, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, st.mask, 0u, "%s", what);
	/* No architectural change: registers, PCs, flags, active. */
	KUNIT_EXPECT_MEMEQ_MSG(test, w->x, copy->x, sizeof(w->x), "%s", what);
	KUNIT_EXPECT_MEMEQ_MSG(test, w->f, copy->f, sizeof(w->f), "%s", what);
	KUNIT_EXPECT_MEMEQ_MSG(test, w->pc, copy->pc, sizeof(w->pc), "%s",
			       what);
	KUNIT_EXPECT_MEMEQ_MSG(test, w->fflags, copy->fflags,
			       sizeof(w->fflags), "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, w->active, copy->active, "%s", what);
}

static void set_addrs_misaligned(struct rv_warp *w, struct tenv *t)
{
	(void)t;
	for (unsigned int l = 0; l < 4; l++)
		w->x[1][l] = DATA_VA + 4 * l + (l == 2 ? 2 : 0);
}

static void set_addrs_unmapped(struct rv_warp *w, struct tenv *t)
{
	(void)t;
	for (unsigned int l = 0; l < 4; l++)
		w->x[1][l] = l == 3 ? 0x8 : l == 1 ? 0x12340000 : DATA_VA;
}

static void set_code_addr(struct rv_warp *w, struct tenv *t)
{
	(void)t;
	for (unsigned int l = 0; l < 4; l++) {
		w->x[1][l] = DATA_VA;
		w->x[2][l] = l >= 1 ? CODE_VA : DATA_VA;
		w->x[10][l] = 0xbad0 + l;
	}
}

static void set_frm_bad(struct rv_warp *w, struct tenv *t)
{
	(void)t;
	w->frm[3] = 5;
}

static void set_jump_targets(struct rv_warp *w, struct tenv *t)
{
	(void)t;
	for (unsigned int l = 0; l < 4; l++)
		w->x[1][l] = CODE_VA + 4 + (l == 1 ? 2 : 0);
}

static void faults(struct kunit *test)
{
	const uint32_t ld[] = { LW(5, 1, 0), CORUN_INSN_EXIT };
	const uint32_t st_code[] = { ADDI(6, 0, 1), SW(6, 2, 0),
				     CORUN_INSN_EXIT };
	const uint32_t trap[] = { CORUN_INSN_TRAP(10) };
	const uint32_t ecall[] = { ADDI(5, 0, 1), 0x00000073 };
	const uint32_t ebreak[] = { 0x00100073 };
	const uint32_t ill[] = { ADDI(5, 0, 1), 0xffffffff };
	const uint32_t dyn[] = { 0x00c5f553 /* fadd.s fa0, fa1, fa2, dyn */ };
	const uint32_t jalr[] = { I(0, 1, 0, 5, 0x67), CORUN_INSN_EXIT };
	const uint32_t jal[] = { 0x0020006f /* jal x0, +2 */ };
	const uint32_t csr[] = { 0xcd102573 /* csrr a0, warpsize */ };
	const uint32_t amo[] = { AMOADD(5, 0, 1) };
	const uint32_t run_off[] = { 0x0000106f /* jal x0, +0x1000 */ };

	expect_fault(test, ld, 2, 4, set_addrs_misaligned,
		     CORUN_FAULT_MISALIGNED, 2, CODE_VA, DATA_VA + 10,
		     "misaligned lw");
	expect_fault(test, amo, 1, 4, set_addrs_misaligned,
		     CORUN_FAULT_MISALIGNED, 2, CODE_VA, DATA_VA + 10,
		     "misaligned amo");
	expect_fault(test, ld, 2, 4, set_addrs_unmapped, CORUN_FAULT_UNMAPPED,
		     1, CODE_VA, 0x12340000, "unmapped lw");
	expect_fault(test, st_code, 3, 4, set_code_addr,
		     CORUN_FAULT_PERM_WRITE, 1, CODE_VA + 4, CODE_VA,
		     "store to code");
	expect_fault(test, trap, 1, 4, set_code_addr, CORUN_FAULT_USER_TRAP, 0,
		     CODE_VA, 0xbad0, "trap");
	expect_fault(test, ecall, 2, 4, NULL, CORUN_FAULT_ECALL, 0, CODE_VA + 4,
		     0x00000073, "ecall");
	expect_fault(test, ebreak, 1, 4, NULL, CORUN_FAULT_ECALL, 0, CODE_VA,
		     0x00100073, "ebreak");
	expect_fault(test, ill, 2, 4, NULL, CORUN_FAULT_ILLEGAL_INSN, 0,
		     CODE_VA + 4, 0xffffffff, "illegal");
	expect_fault(test, dyn, 1, 4, set_frm_bad, CORUN_FAULT_ILLEGAL_INSN, 3,
		     CODE_VA, 0x00c5f553, "dyn rm with frm 5");
	expect_fault(test, jalr, 2, 4, set_jump_targets,
		     CORUN_FAULT_PC_MISALIGNED, 1, CODE_VA, CODE_VA + 6,
		     "jalr to pc+2");
	expect_fault(test, jal, 1, 4, NULL, CORUN_FAULT_PC_MISALIGNED, 0,
		     CODE_VA, CODE_VA + 2, "jal +2");
	expect_fault(test, csr, 1, 4, NULL, CORUN_FAULT_ILLEGAL_INSN, 0,
		     CODE_VA, 0xcd102573, "csr callback refuses");
	expect_fault(test, run_off, 1, 4, NULL, CORUN_FAULT_PERM_EXEC, 0,
		     CODE_VA + 0x1000, CODE_VA + 0x1000, "fetch outside code");
}

/* Conflicting atomics run in lane order; LR/SC: only lane 0 wins. */
static void atomics_lane_order(struct kunit *test)
{
	const uint32_t code[] = {
		AMOADD(5, 2, 1),	/* a: old values in lane order */
		LR(6, 3),
		ADDI(6, 6, 1),
		SC(7, 6, 3),
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 8);
	struct rv_step st;
	uint32_t v;

	for (unsigned int l = 0; l < 8; l++) {
		w->x[1][l] = DATA_VA;
		w->x[2][l] = 1u << l;
		w->x[3][l] = DATA_VA + 64;
	}
	while (w->active)
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 8; l++) {
		KUNIT_EXPECT_EQ(test, w->x[5][l], (1u << l) - 1);
		KUNIT_EXPECT_EQ(test, w->x[7][l], l ? 1u : 0u);
	}
	memcpy(&v, t->data, 4);
	KUNIT_EXPECT_EQ(test, v, 0xffu);
	memcpy(&v, t->data + 64, 4);
	KUNIT_EXPECT_EQ(test, v, 1u);
}

/* t_mem() for a whole range, where it maps linearly (data, shared). */
static int t_mem_range(void *ctx, struct rv_warp *w, uint32_t lo, uint32_t hi,
		       unsigned int size, enum corun_fault_access acc,
		       uint8_t **host)
{
	struct tenv *t = ctx;

	(void)w;
	t->ranges++;
	if (lo >= DATA_VA && hi + size <= DATA_VA + 4096) {
		*host = t->data + (lo - DATA_VA);
		return 0;
	}
	if (lo >= SHARED_VA && hi + size <= SHARED_VA + 4096) {
		*host = t->shared + (lo - SHARED_VA);
		return 0;
	}
	if (lo >= CODE_VA && hi + size <= CODE_VA + sizeof(t->code) &&
	    acc == CORUN_ACCESS_READ) {
		*host = (uint8_t *)t->code + (lo - CODE_VA);
		return 0;
	}
	return -1;
}

/*
 * An access whose lanes one mem_range() call maps needs no mem() call;
 * any other shape (two pages, a misaligned lane, a range the env refuses,
 * a fault) must give what the lane-by-lane path gives.
 */
static void mem_range_lanes(struct kunit *test)
{
	const uint32_t ld[] = { LW(5, 1, 0), CORUN_INSN_EXIT };
	const uint32_t st_code[] = { SW(6, 1, 0), CORUN_INSN_EXIT };
	struct rv_env env;
	struct tenv *t;
	struct rv_warp *w;
	struct rv_step st;
	uint32_t v;
	int r;

	for (int c = 0; c < 6; c++) {
		t = new_env(test, &env, c == 4 ? st_code : ld, 2);
		env.page_lo = CODE_VA;
		env.page_hi = DATA_VA + 4096;
		env.mem_range = t_mem_range;
		w = new_warp(test, RV_MAX_LANES);
		for (unsigned int l = 0; l < 4096; l++) {
			t->data[l] = (uint8_t)(l * 7);
			t->shared[l] = (uint8_t)(l * 5);
		}
		for (unsigned int l = 0; l < RV_MAX_LANES; l++) {
			/* 0: one data page; 1: code and data pages */
			w->x[1][l] = (c == 1 ? DATA_VA - 64 : DATA_VA) + 4 * l;
			if (c == 4)
				w->x[1][l] = CODE_VA + 4 * l;
			if (c == 5)	/* reversed, in shared memory */
				w->x[1][l] = SHARED_VA + 4 * (31 - l);
			w->x[6][l] = 0x1234;
		}
		if (c == 2)
			w->x[1][7] += 2;	/* misaligned lane 7 */
		if (c == 3) {		/* an inactive lane elsewhere */
			w->active &= ~(1u << 3);
			w->x[1][3] = 0x12340000;
		}
		r = rv_warp_step(w, &env, &st);
		if (c == 2) {
			KUNIT_EXPECT_EQ(test, r, CORUN_FAULT_MISALIGNED);
			KUNIT_EXPECT_EQ(test, st.fault.lane, 7u);
			KUNIT_EXPECT_EQ(test, st.fault.addr, DATA_VA + 30);
			KUNIT_EXPECT_EQ(test, w->x[5][0], 0u);
			continue;
		}
		if (c == 4) {
			KUNIT_EXPECT_EQ(test, r, CORUN_FAULT_PERM_WRITE);
			KUNIT_EXPECT_EQ(test, st.fault.lane, 0u);
			KUNIT_EXPECT_EQ(test, st.fault.addr, CODE_VA);
			KUNIT_EXPECT_EQ(test, st.fault.access,
					(uint32_t)CORUN_ACCESS_WRITE);
			KUNIT_EXPECT_EQ(test, t->code[0], st_code[0]);
			continue;
		}
		KUNIT_ASSERT_EQ(test, r, 0);
		KUNIT_EXPECT_EQ(test, t->ranges, c == 1 ? 0u : 1u);
		/* two pages: mem() once per page (page_lo/hi), else never */
		KUNIT_EXPECT_EQ(test, t->mems, c == 1 ? 2u : 0u);
		for (unsigned int l = 0; l < RV_MAX_LANES; l++) {
			uint32_t va = w->x[1][l];

			if (c == 3 && l == 3) {
				KUNIT_EXPECT_EQ(test, w->x[5][l], 0u);
				continue;
			}
			KUNIT_EXPECT_EQ(test, st.addr[l], va);
			if (va >= SHARED_VA)
				memcpy(&v, &t->shared[va - SHARED_VA], 4);
			else if (va >= DATA_VA)
				memcpy(&v, &t->data[va - DATA_VA], 4);
			else
				v = t->code[(va - CODE_VA) / 4];
			KUNIT_EXPECT_EQ_MSG(test, w->x[5][l], v, "case %d lane %u",
					    c, l);
		}
	}
}

/* t_csr() for a whole warp. */
static int t_csr_lanes(void *ctx, struct rv_warp *w, uint32_t m,
		       unsigned int csr, uint32_t *val)
{
	struct tenv *t = ctx;

	(void)w;
	(void)m;
	t->csr_warps++;
	for (unsigned int l = 0; l < RV_MAX_LANES; l++) {
		if (csr == CORUN_CSR_LANEID)
			val[l] = l;
		else if (csr == CORUN_CSR_ARGS)
			val[l] = t->csr_val;
		else
			return CORUN_FAULT_ILLEGAL_INSN;
	}
	return 0;
}

/*
 * With csr_lanes() a custom CSR is read once per warp; a refusal faults
 * the lowest issuing lane. The FP CSRs and counters stay the executor's.
 */
static void csr_all_lanes(struct kunit *test)
{
	const uint32_t code[] = {
		I(CORUN_CSR_LANEID, 0, 2, 10, 0x73),	/* csrr a0, laneid */
		I(CORUN_CSR_ARGS, 0, 2, 11, 0x73),	/* csrr a1, args */
		0x00302673,				/* csrr a2, fcsr */
		I(CORUN_CSR_SMID, 0, 2, 13, 0x73),	/* refused */
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	struct rv_step st;

	KUNIT_ASSERT_NOT_NULL(test, w);
	env.csr_lanes = t_csr_lanes;
	t->csr_val = 0x4242;
	rv_warp_init(w, 8, 0xfe, CODE_VA);	/* lane 0 not live */
	w->x[13][3] = 77;
	for (int i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 8; l++) {
		KUNIT_EXPECT_EQ(test, w->x[10][l], l ? l : 0u);
		KUNIT_EXPECT_EQ(test, w->x[11][l], l ? 0x4242u : 0u);
	}
	KUNIT_EXPECT_EQ(test, rv_warp_step(w, &env, &st),
			CORUN_FAULT_ILLEGAL_INSN);
	KUNIT_EXPECT_EQ(test, st.fault.lane, 1u);
	KUNIT_EXPECT_EQ(test, st.fault.addr, code[3]);
	KUNIT_EXPECT_EQ(test, w->x[13][3], 77u);
	KUNIT_EXPECT_EQ(test, t->csr_warps, 3u);
	KUNIT_EXPECT_EQ(test, t->csrs, 0u);
}

static void bypass_and_mem_step(struct kunit *test)
{
	const uint32_t code[] = {
		CORUN_INSN_BYPASS(10),
		LW(5, 2, 0),		/* shared: hint kept */
		LW(5, 1, 0),		/* global: hint consumed */
		LW(5, 1, 4),
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct rv_warp *w = new_warp(test, 4);
	struct rv_step st;

	new_env(test, &env, code, ARRAY_SIZE(code));
	for (unsigned int l = 0; l < 4; l++) {
		w->x[10][l] = l & 1;
		w->x[1][l] = DATA_VA + 16 * l;
		w->x[2][l] = SHARED_VA + 4 * l;
	}
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, w->bypass, 0xau);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.bypass, 0u);
	KUNIT_EXPECT_EQ(test, st.size, 4);
	KUNIT_EXPECT_EQ(test, st.access, CORUN_ACCESS_READ);
	KUNIT_EXPECT_EQ(test, st.addr[3], SHARED_VA + 12);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.bypass, 0xau);
	KUNIT_EXPECT_EQ(test, st.addr[2], DATA_VA + 32);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.bypass, 0u);
	KUNIT_EXPECT_EQ(test, w->bypass, 0u);
}

/*
 * BYPASS values: 0 clears, CORUN_HINT_CACHE caches, CORUN_HINT_RO reads
 * through the read-only cache, others bypass.
 */
static void bypass_cache_hint(struct kunit *test)
{
	const uint32_t code[] = {
		CORUN_INSN_BYPASS(10),
		LW(5, 1, 0),
		LW(5, 1, 4),
		CORUN_INSN_EXIT,
	};
	const uint32_t v[5] = { CORUN_HINT_NONE, CORUN_HINT_BYPASS,
				CORUN_HINT_CACHE, 7, CORUN_HINT_RO };
	struct rv_env env;
	struct rv_warp *w = new_warp(test, 5);
	struct rv_step st;

	new_env(test, &env, code, ARRAY_SIZE(code));
	for (unsigned int l = 0; l < 5; l++) {
		w->x[10][l] = v[l];
		w->x[1][l] = DATA_VA + 16 * l;
	}
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, w->bypass, 0x1eu);
	KUNIT_EXPECT_EQ(test, w->cache, 0x4u);
	KUNIT_EXPECT_EQ(test, w->ro, 0x10u);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.bypass, 0xau);
	KUNIT_EXPECT_EQ(test, st.cache, 0x4u);
	KUNIT_EXPECT_EQ(test, st.ro, 0x10u);
	KUNIT_EXPECT_EQ(test, w->bypass | w->cache | w->ro, 0u);
	KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	KUNIT_EXPECT_EQ(test, st.bypass | st.cache | st.ro, 0u);
}

/* With a decode cache the fetch callback runs once per PC. */
static void decode_cache(struct kunit *test)
{
	const uint32_t code[] = {
		ADDI(5, 5, 1),
		I(100, 5, 2, 6, 0x13),	/* slti t1, t0, 100 */
		B(1, 6, 0, -8),		/* bnez t1, -8 */
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 32);
	struct rv_dcache *dc = kunit_kzalloc(test, sizeof(*dc), GFP_KERNEL);
	struct rv_step st;
	unsigned int steps = 0;

	KUNIT_ASSERT_NOT_NULL(test, dc);
	rv_dcache_reset(dc);
	w->dc = dc;
	while (w->active) {
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
		steps++;
	}
	KUNIT_EXPECT_EQ(test, steps, 301u);
	KUNIT_EXPECT_EQ(test, t->fetches, 4u);
	KUNIT_EXPECT_EQ(test, w->x[5][31], 100u);
	KUNIT_EXPECT_EQ(test, w->retired, 301u);
}

/* Hand-picked FP results (the differential test covers the rest). */
static void fp_spot_checks(struct kunit *test)
{
	uint8_t fl = 0;

	KUNIT_EXPECT_EQ(test, rv_f32_add(0x3f800000, 0x40000000, 0, &fl),
			0x40400000u);
	KUNIT_EXPECT_EQ(test, fl, 0);
	/* 1 + 2^-24: a tie; RNE keeps 1, RMM rounds away, RUP up. */
	KUNIT_EXPECT_EQ(test, rv_f32_add(0x3f800000, 0x33800000, RV_RM_RNE, &fl),
			0x3f800000u);
	KUNIT_EXPECT_EQ(test, rv_f32_add(0x3f800000, 0x33800000, RV_RM_RMM, &fl),
			0x3f800001u);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_NX);
	fl = 0;
	KUNIT_EXPECT_EQ(test, rv_f32_sqrt(0x40000000, 0, &fl), 0x3fb504f3u);
	KUNIT_EXPECT_EQ(test, rv_f32_sqrt(0xbf800000, 0, &fl), 0x7fc00000u);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_NV | RV_FFLAG_NX);
	fl = 0;
	KUNIT_EXPECT_EQ(test, rv_f32_div(0x3f800000, 0, 0, &fl), 0x7f800000u);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_DZ);
	fl = 0;
	KUNIT_EXPECT_EQ(test, rv_f32_mul(0x7f7fffff, 0x40000000, RV_RM_RTZ, &fl),
			0x7f7fffffu);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_OF | RV_FFLAG_NX);
	fl = 0;
	/* min(-0, +0) = -0; a quiet NaN operand is ignored silently. */
	KUNIT_EXPECT_EQ(test, rv_f32_min(0x00000000, 0x80000000, &fl),
			0x80000000u);
	KUNIT_EXPECT_EQ(test, rv_f32_max(0x7fc00000, 0x3f800000, &fl),
			0x3f800000u);
	KUNIT_EXPECT_EQ(test, fl, 0);
	KUNIT_EXPECT_EQ(test, rv_f32_min(0x7f800001, 0x3f800000, &fl),
			0x3f800000u);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_NV);
	fl = 0;
	KUNIT_EXPECT_EQ(test, rv_f32_to_i32(0x7fc00000, 0, &fl), INT32_MAX);
	KUNIT_EXPECT_EQ(test, rv_f32_to_i32(0xcf000001, 0, &fl), INT32_MIN);
	KUNIT_EXPECT_EQ(test, rv_f32_to_u32(0xbf000000, RV_RM_RTZ, &fl), 0u);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_NV | RV_FFLAG_NX);
	KUNIT_EXPECT_EQ(test, rv_f32_to_i32(0x40200000, RV_RM_RMM, &fl), 3);
	KUNIT_EXPECT_EQ(test, rv_f32_to_i32(0x40200000, RV_RM_RNE, &fl), 2);
	KUNIT_EXPECT_EQ(test, rv_u32_to_f32(0xffffffff, RV_RM_RTZ, &fl),
			0x4f7fffffu);
	KUNIT_EXPECT_FALSE(test, rv_f32_eq(0x7fc00000, 0x7fc00000, &fl));
	KUNIT_EXPECT_TRUE(test, rv_f32_le(0x80000000, 0x00000000, &fl));
	KUNIT_EXPECT_FALSE(test, rv_f32_lt(0x80000000, 0x00000000, &fl));
	KUNIT_EXPECT_EQ(test, rv_f32_class(0x80000001), 1u << 2);
	KUNIT_EXPECT_EQ(test, rv_f32_class(0x7fc00000), 1u << 9);
	fl = 0;
	/* Tininess after rounding: rounds up to the smallest normal. */
	KUNIT_EXPECT_EQ(test, rv_f32_mul(0x007fffff, 0x3f800001, RV_RM_RNE, &fl),
			0x00800000u);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_NX);
	fl = 0;
	/* inf * 0 + qNaN: NV even though the addend is a quiet NaN. */
	KUNIT_EXPECT_EQ(test, rv_f32_fma(0x7f800000, 0, 0x7fc00000, 0, &fl),
			0x7fc00000u);
	KUNIT_EXPECT_EQ(test, fl, RV_FFLAG_NV);
}

/*
 * RV32D and NaN boxing: binary64 loads, arithmetic and stores, a binary32
 * operation on a register holding a binary64 (canonical NaN), and a
 * binary64 write by some lanes only (the others keep their boxed single).
 */
static void fp_double_boxing(struct kunit *test)
{
	const uint32_t code[] = {
		0x0000b507,	/* fld fa0, 0(ra) */
		0x0080a587,	/* flw fa1, 8(ra) */
		0x42058653,	/* fcvt.d.s fa2, fa1 */
		0x02c576d3,	/* fadd.d fa3, fa0, fa2 */
		0x00d0b827,	/* fsd fa3, 16(ra) */
		0x00b57753,	/* fadd.s fa4, fa0, fa1 */
		0xe0050553,	/* fmv.x.w a0, fa0 */
		0x401577d3,	/* fcvt.s.d fa5, fa0 */
		0xccc025f3,	/* csrr a1, laneid */
		0x0025a613,	/* slti a2, a1, 2 */
		0x00060463,	/* beqz a2, +8 */
		0x0000b587,	/* fld fa1, 0(ra): lanes 0, 1 */
		0x00b5f853,	/* fadd.s fa6, fa1, fa1 */
		0x22b588d3,	/* fsgnj.d fa7, fa1, fa1 */
		0x0110bc27,	/* fsd fa7, 24(ra) */
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct tenv *t = new_env(test, &env, code, ARRAY_SIZE(code));
	struct rv_warp *w = new_warp(test, 4);
	struct rv_step st;

	for (unsigned int l = 0; l < 4; l++) {
		double d = 1.5 + l;
		float f = 0.25f + (float)l;

		w->x[1][l] = DATA_VA + 64 * l;
		memcpy(t->data + 64 * l, &d, 8);
		memcpy(t->data + 64 * l + 8, &f, 4);
	}
	while (w->active)
		KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
	for (unsigned int l = 0; l < 4; l++) {
		const uint8_t *p = t->data + 64 * l;
		double d = 1.5 + l, sum;
		float f = 0.25f + (float)l, df = (float)d, f2 = 2 * f;
		uint64_t dbits, got, boxed;
		uint32_t fbits, dfbits, f2bits;

		memcpy(&dbits, &d, 8);
		memcpy(&fbits, &f, 4);
		memcpy(&dfbits, &df, 4);
		memcpy(&f2bits, &f2, 4);
		memcpy(&sum, p + 16, 8);
		KUNIT_EXPECT_TRUE_MSG(test, sum == 1.75 + 2 * l, "lane %u", l);
		/* fa0 holds a double: not a boxed single. */
		KUNIT_EXPECT_EQ(test, w->f[14][l], 0x7fc00000u);
		KUNIT_EXPECT_EQ(test, w->x[10][l], (uint32_t)dbits);
		KUNIT_EXPECT_EQ(test, w->f[15][l], dfbits);
		memcpy(&got, p + 24, 8);
		boxed = 0xffffffff00000000ull | fbits;
		KUNIT_EXPECT_EQ_MSG(test, got, l < 2 ? dbits : boxed, "lane %u",
				    l);
		KUNIT_EXPECT_EQ_MSG(test, w->f[16][l],
				    l < 2 ? 0x7fc00000u : f2bits, "lane %u", l);
	}
	/* Whole-warp single writes leave boxed rows; double writes do not. */
	KUNIT_EXPECT_TRUE(test, w->fboxed >> 14 & 1);
	KUNIT_EXPECT_FALSE(test, w->fboxed >> 10 & 1);
	KUNIT_EXPECT_FALSE(test, w->fboxed >> 11 & 1);
}

static void speed_run(struct kunit *test, unsigned int width, int reps)
{
	/* Loop: integer, FP and memory ops per iteration. */
	const uint32_t code[] = {
		ADDI(5, 5, 1),
		0x00c58553,		/* fadd.s fa0, fa1, fa2, rne */
		LW(7, 1, 0),
		R(1, 6, 5, 0, 8, 0x33),	/* mul s0, t0, t1 */
		SW(8, 1, 4),
		R(0, 8, 7, 4, 9, 0x33),	/* xor s1, t2, s0 */
		I(2000, 5, 2, 6, 0x13),	/* slti t1, t0, 2000 */
		B(1, 6, 0, -28),	/* bnez t1, loop */
		CORUN_INSN_EXIT,
	};
	struct rv_env env;
	struct rv_warp *w = new_warp(test, width);
	struct rv_dcache *dc = kunit_kzalloc(test, sizeof(*dc), GFP_KERNEL);
	struct timespec a, b;
	uint64_t thread_insns = 0;
	struct rv_step st;
	double s;

	KUNIT_ASSERT_NOT_NULL(test, dc);
	new_env(test, &env, code, ARRAY_SIZE(code));
	env.mem_cacheable = true;
	rv_dcache_reset(dc);
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int rep = 0; rep < reps; rep++) {
		rv_warp_init(w, width, ~0u, CODE_VA);
		w->dc = dc;
		for (unsigned int l = 0; l < width; l++) {
			w->x[1][l] = DATA_VA + 8 * l;
			w->f[11][l] = 0x3f800000 + l;
			w->f[12][l] = 0x3e000000;
		}
		while (w->active) {
			KUNIT_ASSERT_EQ(test, rv_warp_step(w, &env, &st), 0);
			thread_insns += __builtin_popcount(st.mask);
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	s = (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9;
	kunit_info(test,
		   "width %2u: %llu thread instructions in %.3f s: %.1f M thread-insns/s",
		   width, (unsigned long long)thread_insns, s,
		   thread_insns / s / 1e6);
	KUNIT_EXPECT_GT(test, thread_insns, 0ull);
}

/*
 * Second opinion besides QEMU: the host FPU (SSE: IEEE 754 with tininess
 * after rounding) for the four rounding modes it has, on random operands
 * biased towards exponent and rounding edge cases. NaN results are
 * compared as "some NaN" (x86 propagates payloads, RISC-V canonicalises).
 */
static uint32_t host_op(int op, uint32_t a, uint32_t b, int mode,
			uint8_t *fl)
{
	volatile float x, y, r;
	uint32_t u;
	int e;

	memcpy((void *)&x, &a, 4);
	memcpy((void *)&y, &b, 4);
	fesetround(mode);
	feclearexcept(FE_ALL_EXCEPT);
	switch (op) {
	case 0: r = x + y; break;
	case 1: r = x - y; break;
	case 2: r = x * y; break;
	case 3: r = x / y; break;
	default: r = sqrtf(x); break;
	}
	e = fetestexcept(FE_ALL_EXCEPT);
	fesetround(FE_TONEAREST);
	*fl = (e & FE_INVALID ? RV_FFLAG_NV : 0) |
	      (e & FE_DIVBYZERO ? RV_FFLAG_DZ : 0) |
	      (e & FE_OVERFLOW ? RV_FFLAG_OF : 0) |
	      (e & FE_UNDERFLOW ? RV_FFLAG_UF : 0) |
	      (e & FE_INEXACT ? RV_FFLAG_NX : 0);
	memcpy(&u, (const void *)&r, 4);
	return u;
}

static bool nan32(uint32_t u)
{
	return (u & 0x7fffffffu) > 0x7f800000u;
}

static uint32_t rand_edge_f32(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	uint32_t r, e;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	r = (uint32_t)z;
	switch ((z >> 32) & 7) {
	case 0: /* tiny exponents: subnormal results */
		e = (z >> 40) % 30;
		break;
	case 1: /* huge exponents: overflow */
		e = 225 + (z >> 40) % 31;
		break;
	case 2: /* few significant bits: exact results, ties */
		r &= 0xfff00000u | (uint32_t)(z >> 52);
		e = 100 + (z >> 40) % 56;
		break;
	default:
		e = 64 + (z >> 40) % 128;
		break;
	}
	return (r & 0x807fffffu) | e << 23;
}

static void fp_vs_host(struct kunit *test)
{
	static const int modes[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD,
				      FE_UPWARD };
	uint64_t seed = 42;
	unsigned int bad = 0, n = 0;

	for (int i = 0; i < 200000 && bad < 10; i++) {
		uint32_t a = rand_edge_f32(&seed), b = rand_edge_f32(&seed);
		int op = i % 5, rm = (i / 5) % 4;
		uint8_t fl = 0, hfl;
		uint32_t r, h;

		if (op == 4)
			a &= 0x7fffffffu;
		if (op == 3 && (i & 64))
			b = (b & 0x807fffffu) | ((a >> 23 & 0xff) ^ 0x40) << 23;
		switch (op) {
		case 0: r = rv_f32_add(a, b, rm, &fl); break;
		case 1: r = rv_f32_sub(a, b, rm, &fl); break;
		case 2: r = rv_f32_mul(a, b, rm, &fl); break;
		case 3: r = rv_f32_div(a, b, rm, &fl); break;
		default: r = rv_f32_sqrt(a, rm, &fl); break;
		}
		h = host_op(op, a, b, modes[rm], &hfl);
		n++;
		if ((r == h || (nan32(r) && nan32(h))) && fl == hfl)
			continue;
		bad++;
		KUNIT_FAIL(test,
			   "op %d rm %d a %#010x b %#010x: %#010x fl %#x, host %#010x fl %#x",
			   op, rm, a, b, r, fl, h, hfl);
	}
	kunit_info(test, "%u operations agree with the host FPU", n - bad);
}

/* fmaf() on the host under fenv: correctly rounded, flags included. */
static uint32_t host_fma(uint32_t a, uint32_t b, uint32_t c, int mode,
			 uint8_t *fl)
{
	volatile float x, y, z, r;
	uint32_t u;
	int e;

	memcpy((void *)&x, &a, 4);
	memcpy((void *)&y, &b, 4);
	memcpy((void *)&z, &c, 4);
	fesetround(mode);
	feclearexcept(FE_ALL_EXCEPT);
	r = fmaf(x, y, z);
	e = fetestexcept(FE_ALL_EXCEPT);
	fesetround(FE_TONEAREST);
	*fl = (e & FE_INVALID ? RV_FFLAG_NV : 0) |
	      (e & FE_OVERFLOW ? RV_FFLAG_OF : 0) |
	      (e & FE_UNDERFLOW ? RV_FFLAG_UF : 0) |
	      (e & FE_INEXACT ? RV_FFLAG_NX : 0);
	memcpy(&u, (const void *)&r, 4);
	return u;
}

/*
 * rv_f32_fma() against the host's fused multiply-add, in every mode: the
 * round-to-nearest-even binary64 fast path and the software path alike.
 * NaN operands are left out (NaN-in invalid signalling is not uniform
 * across hosts); every fourth addend nearly cancels the product.
 */
static void fp_fma_vs_host(struct kunit *test)
{
	static const int modes[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD,
				      FE_UPWARD };
	uint64_t seed = 7;
	unsigned int bad = 0, n = 0;

	for (int i = 0; i < 200000 && bad < 10; i++) {
		uint32_t a = rand_edge_f32(&seed), b = rand_edge_f32(&seed);
		uint32_t c = rand_edge_f32(&seed), r, h;
		int rm = i % 4;
		uint8_t fl = 0, hfl;

		if (i % 16 < 4) {
			float x, y, p;

			memcpy(&x, &a, 4);
			memcpy(&y, &b, 4);
			p = -(x * y);
			memcpy(&c, &p, 4);
			c ^= (uint32_t)(seed >> 60) & 3;
		}
		if (nan32(a) || nan32(b) || nan32(c))
			continue;
		r = rv_f32_fma(a, b, c, rm, &fl);
		h = host_fma(a, b, c, modes[rm], &hfl);
		n++;
		if ((r == h || (nan32(r) && nan32(h))) && fl == hfl)
			continue;
		bad++;
		KUNIT_FAIL(test,
			   "fma rm %d %#010x %#010x %#010x: %#010x fl %#x, host %#010x fl %#x",
			   rm, a, b, c, r, fl, h, hfl);
	}
	kunit_info(test, "%u fused multiply-adds agree with the host FPU",
		   n - bad);
}

/*
 * rv_f32_rne_rows() (whole rows, SIMD where the host has it) against the
 * per-lane functions: every op and sign variant, the output aliasing an
 * input on every other row, flags pre-set to random values.
 */
static void fp_rows_vs_lanes(struct kunit *test)
{
	static const unsigned int ops[4] = { RV_OP_FMADD_S, RV_OP_FADD_S,
					     RV_OP_FSUB_S, RV_OP_FMUL_S };
	uint64_t seed = 11;
	unsigned int bad = 0;

	for (int i = 0; i < 20000 && bad < 10; i++) {
		uint32_t a[RV_MAX_LANES], b[RV_MAX_LANES], c[RV_MAX_LANES];
		uint32_t d[RV_MAX_LANES], e[RV_MAX_LANES];
		uint8_t f1[RV_MAX_LANES], f2[RV_MAX_LANES];
		unsigned int op = ops[i % 4];
		uint32_t sa = 0, sc = 0;

		if (op == RV_OP_FMADD_S) {
			sa = (i & 4) ? 0x80000000u : 0;
			sc = (i & 8) ? 0x80000000u : 0;
		}
		for (int l = 0; l < RV_MAX_LANES; l++) {
			a[l] = rand_edge_f32(&seed);
			b[l] = rand_edge_f32(&seed);
			c[l] = rand_edge_f32(&seed);
			f1[l] = f2[l] = (uint8_t)(seed >> 59);
			if (i % 3 == 1 && op == RV_OP_FMADD_S) {
				float x, y, p;

				memcpy(&x, &a[l], 4);
				memcpy(&y, &b[l], 4);
				p = x * y;
				memcpy(&c[l], &p, 4);
				c[l] ^= ((sa ^ sc) ? 0 : 0x80000000u) ^
					(uint32_t)(seed >> 62);
			}
			switch (op) {
			case RV_OP_FMADD_S:
				e[l] = rv_f32_fma(a[l] ^ sa, b[l], c[l] ^ sc, 0,
						  &f2[l]);
				break;
			case RV_OP_FADD_S:
				e[l] = rv_f32_add(a[l], b[l], 0, &f2[l]);
				break;
			case RV_OP_FSUB_S:
				e[l] = rv_f32_sub(a[l], b[l], 0, &f2[l]);
				break;
			default:
				e[l] = rv_f32_mul(a[l], b[l], 0, &f2[l]);
				break;
			}
		}
		if (i & 1) { /* d is also the first operand */
			memcpy(d, a, sizeof(d));
			rv_f32_rne_rows(op, d, b, c, sa, sc, d, f1);
		} else {
			rv_f32_rne_rows(op, a, b, c, sa, sc, d, f1);
		}
		for (int l = 0; l < RV_MAX_LANES && bad < 10; l++) {
			if (d[l] == e[l] && f1[l] == f2[l])
				continue;
			bad++;
			KUNIT_FAIL(test,
				   "op %u lane %d %#010x %#010x %#010x: %#010x fl %#x, per lane %#010x fl %#x",
				   op, l, a[l], b[l], c[l], d[l], f1[l], e[l],
				   f2[l]);
		}
	}
}

/* A rate print only: no timing assertions (machines differ). */
static void speed(struct kunit *test)
{
	speed_run(test, 32, 20);
	speed_run(test, 8, 40);
	speed_run(test, 1, 100);
}

static struct kunit_case isa_unit_cases[] = {
	KUNIT_CASE(decode_classes),
	KUNIT_CASE(decode_illegal),
	KUNIT_CASE(simt_divergence),
	KUNIT_CASE(simt_exit_bar),
	KUNIT_CASE(x0_stays_zero),
	KUNIT_CASE(faults),
	KUNIT_CASE(atomics_lane_order),
	KUNIT_CASE(mem_range_lanes),
	KUNIT_CASE(csr_all_lanes),
	KUNIT_CASE(bypass_and_mem_step),
	KUNIT_CASE(bypass_cache_hint),
	KUNIT_CASE(decode_cache),
	KUNIT_CASE(fp_spot_checks),
	KUNIT_CASE(fp_double_boxing),
	KUNIT_CASE(fp_vs_host),
	KUNIT_CASE(fp_fma_vs_host),
	KUNIT_CASE(fp_rows_vs_lanes),
	KUNIT_CASE(speed),
	{}
};

static struct kunit_suite isa_unit_suite = {
	.name = "emu-isa",
	.test_cases = isa_unit_cases,
};

kunit_test_suites(&isa_unit_suite);
