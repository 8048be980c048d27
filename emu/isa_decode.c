// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * RV32IMAFD + corun custom-0 and custom-1 decoder. Decoding is done once
 * per PC (see struct rv_dcache), so it favours clarity and strict legality
 * checks over speed: every reserved encoding is illegal, as the
 * differential tests against QEMU and the unit tests expect.
 */
#include "isa.h"

#include <string.h>

#include <corun/kernel.h>

static const char *const op_names[RV_OP_NR] = {
	[RV_OP_ILLEGAL] = "illegal", [RV_OP_NOP] = "nop",
	[RV_OP_LUI] = "lui", [RV_OP_AUIPC] = "auipc", [RV_OP_JAL] = "jal",
	[RV_OP_JALR] = "jalr", [RV_OP_BEQ] = "beq", [RV_OP_BNE] = "bne",
	[RV_OP_BLT] = "blt", [RV_OP_BGE] = "bge", [RV_OP_BLTU] = "bltu",
	[RV_OP_BGEU] = "bgeu", [RV_OP_LB] = "lb", [RV_OP_LH] = "lh",
	[RV_OP_LW] = "lw", [RV_OP_LBU] = "lbu", [RV_OP_LHU] = "lhu",
	[RV_OP_SB] = "sb", [RV_OP_SH] = "sh", [RV_OP_SW] = "sw",
	[RV_OP_ADDI] = "addi", [RV_OP_SLTI] = "slti", [RV_OP_SLTIU] = "sltiu",
	[RV_OP_XORI] = "xori", [RV_OP_ORI] = "ori", [RV_OP_ANDI] = "andi",
	[RV_OP_SLLI] = "slli", [RV_OP_SRLI] = "srli", [RV_OP_SRAI] = "srai",
	[RV_OP_ADD] = "add", [RV_OP_SUB] = "sub", [RV_OP_SLL] = "sll",
	[RV_OP_SLT] = "slt", [RV_OP_SLTU] = "sltu", [RV_OP_XOR] = "xor",
	[RV_OP_SRL] = "srl", [RV_OP_SRA] = "sra", [RV_OP_OR] = "or",
	[RV_OP_AND] = "and", [RV_OP_FENCE] = "fence",
	[RV_OP_FENCE_I] = "fence.i", [RV_OP_ECALL] = "ecall",
	[RV_OP_EBREAK] = "ebreak", [RV_OP_CSRRW] = "csrrw",
	[RV_OP_CSRRS] = "csrrs", [RV_OP_CSRRC] = "csrrc",
	[RV_OP_CSRRWI] = "csrrwi", [RV_OP_CSRRSI] = "csrrsi",
	[RV_OP_CSRRCI] = "csrrci", [RV_OP_MUL] = "mul", [RV_OP_MULH] = "mulh",
	[RV_OP_MULHSU] = "mulhsu", [RV_OP_MULHU] = "mulhu",
	[RV_OP_DIV] = "div", [RV_OP_DIVU] = "divu", [RV_OP_REM] = "rem",
	[RV_OP_REMU] = "remu", [RV_OP_LR_W] = "lr.w", [RV_OP_SC_W] = "sc.w",
	[RV_OP_AMOSWAP_W] = "amoswap.w", [RV_OP_AMOADD_W] = "amoadd.w",
	[RV_OP_AMOXOR_W] = "amoxor.w", [RV_OP_AMOAND_W] = "amoand.w",
	[RV_OP_AMOOR_W] = "amoor.w", [RV_OP_AMOMIN_W] = "amomin.w",
	[RV_OP_AMOMAX_W] = "amomax.w", [RV_OP_AMOMINU_W] = "amominu.w",
	[RV_OP_AMOMAXU_W] = "amomaxu.w", [RV_OP_FLW] = "flw",
	[RV_OP_FSW] = "fsw", [RV_OP_FMADD_S] = "fmadd.s",
	[RV_OP_FMSUB_S] = "fmsub.s", [RV_OP_FNMSUB_S] = "fnmsub.s",
	[RV_OP_FNMADD_S] = "fnmadd.s", [RV_OP_FADD_S] = "fadd.s",
	[RV_OP_FSUB_S] = "fsub.s", [RV_OP_FMUL_S] = "fmul.s",
	[RV_OP_FDIV_S] = "fdiv.s", [RV_OP_FSQRT_S] = "fsqrt.s",
	[RV_OP_FSGNJ_S] = "fsgnj.s", [RV_OP_FSGNJN_S] = "fsgnjn.s",
	[RV_OP_FSGNJX_S] = "fsgnjx.s", [RV_OP_FMIN_S] = "fmin.s",
	[RV_OP_FMAX_S] = "fmax.s", [RV_OP_FCVT_W_S] = "fcvt.w.s",
	[RV_OP_FCVT_WU_S] = "fcvt.wu.s", [RV_OP_FMV_X_W] = "fmv.x.w",
	[RV_OP_FEQ_S] = "feq.s", [RV_OP_FLT_S] = "flt.s",
	[RV_OP_FLE_S] = "fle.s", [RV_OP_FCLASS_S] = "fclass.s",
	[RV_OP_FCVT_S_W] = "fcvt.s.w", [RV_OP_FCVT_S_WU] = "fcvt.s.wu",
	[RV_OP_FMV_W_X] = "fmv.w.x", [RV_OP_FLD] = "fld",
	[RV_OP_FSD] = "fsd", [RV_OP_FMADD_D] = "fmadd.d",
	[RV_OP_FMSUB_D] = "fmsub.d", [RV_OP_FNMSUB_D] = "fnmsub.d",
	[RV_OP_FNMADD_D] = "fnmadd.d", [RV_OP_FADD_D] = "fadd.d",
	[RV_OP_FSUB_D] = "fsub.d", [RV_OP_FMUL_D] = "fmul.d",
	[RV_OP_FDIV_D] = "fdiv.d", [RV_OP_FSQRT_D] = "fsqrt.d",
	[RV_OP_FSGNJ_D] = "fsgnj.d", [RV_OP_FSGNJN_D] = "fsgnjn.d",
	[RV_OP_FSGNJX_D] = "fsgnjx.d", [RV_OP_FMIN_D] = "fmin.d",
	[RV_OP_FMAX_D] = "fmax.d", [RV_OP_FCVT_W_D] = "fcvt.w.d",
	[RV_OP_FCVT_WU_D] = "fcvt.wu.d", [RV_OP_FEQ_D] = "feq.d",
	[RV_OP_FLT_D] = "flt.d", [RV_OP_FLE_D] = "fle.d",
	[RV_OP_FCLASS_D] = "fclass.d", [RV_OP_FCVT_D_W] = "fcvt.d.w",
	[RV_OP_FCVT_D_WU] = "fcvt.d.wu", [RV_OP_FCVT_S_D] = "fcvt.s.d",
	[RV_OP_FCVT_D_S] = "fcvt.d.s", [RV_OP_BAR] = "bar",
	[RV_OP_EXIT] = "exit", [RV_OP_TRAP] = "trap",
	[RV_OP_BYPASS] = "bypass", [RV_OP_LDV4] = "ldv4",
	[RV_OP_STV4] = "stv4",
};

const char *rv_op_name(unsigned int op)
{
	return op < RV_OP_NR && op_names[op] ? op_names[op] : "?";
}

static inline int32_t imm_i(uint32_t i)
{
	return (int32_t)i >> 20;
}

static inline int32_t imm_s(uint32_t i)
{
	return (int32_t)(((int32_t)i >> 25) * 32) | (int32_t)((i >> 7) & 0x1f);
}

static inline int32_t imm_b(uint32_t i)
{
	return (int32_t)((uint32_t)((int32_t)i >> 31) << 12) |
	       (int32_t)(((i >> 7) & 1) << 11) |
	       (int32_t)(((i >> 25) & 0x3f) << 5) |
	       (int32_t)(((i >> 8) & 0xf) << 1);
}

static inline int32_t imm_j(uint32_t i)
{
	return (int32_t)((uint32_t)((int32_t)i >> 31) << 20) |
	       (int32_t)(i & 0x000ff000u) | (int32_t)(((i >> 20) & 1) << 11) |
	       (int32_t)(((i >> 21) & 0x3ff) << 1);
}

static void src(struct rv_uop *u, uint8_t reg)
{
	if (reg != RV_REG_X(0))
		u->src[u->nsrc++] = reg;
}

static void dst(struct rv_uop *u, uint8_t reg)
{
	u->dst = reg == RV_REG_X(0) ? RV_REG_NONE : reg;
}

static void set(struct rv_uop *u, unsigned int op, unsigned int cls)
{
	u->op = op;
	u->cls = cls;
}

/* Integer op whose rd is x0: no architectural effect. */
static void int_op(struct rv_uop *u, unsigned int op, unsigned int cls)
{
	if (!u->rd) {
		set(u, RV_OP_NOP, RV_CLS_NOP);
		u->nsrc = 0;
		u->src[0] = u->src[1] = RV_REG_NONE;
		return;
	}
	set(u, op, cls);
}

static bool csr_known(unsigned int csr)
{
	switch (csr) {
	case RV_CSR_FFLAGS:
	case RV_CSR_FRM:
	case RV_CSR_FCSR:
	case RV_CSR_CYCLE:
	case RV_CSR_TIME:
	case RV_CSR_INSTRET:
	case RV_CSR_CYCLEH:
	case RV_CSR_TIMEH:
	case RV_CSR_INSTRETH:
		return true;
	default:
		return csr >= CORUN_CSR_FIRST && csr <= CORUN_CSR_LAST;
	}
}

static int dec_system(struct rv_uop *u, unsigned int f3)
{
	static const uint8_t ops[8] = {
		0, RV_OP_CSRRW, RV_OP_CSRRS, RV_OP_CSRRC,
		0, RV_OP_CSRRWI, RV_OP_CSRRSI, RV_OP_CSRRCI,
	};
	unsigned int csr = u->insn >> 20;
	bool wr;

	if (f3 == 0) {
		if (u->insn == 0x00000073u)
			set(u, RV_OP_ECALL, RV_CLS_TRAP);
		else if (u->insn == 0x00100073u)
			set(u, RV_OP_EBREAK, RV_CLS_TRAP);
		else
			return -1; /* xRET, WFI, SFENCE: not in U mode */
		return 0;
	}
	if (f3 == 4 || !csr_known(csr))
		return -1;
	/* CSRRW always writes; CSRRS/C only with a non-zero rs1/uimm. */
	wr = (f3 & 3) == 1 || u->rs1;
	if (wr && (csr >> 10) == 3)
		return -1; /* read-only CSR */
	set(u, ops[f3], RV_CLS_CSR);
	u->imm = (int32_t)csr;
	if (wr)
		u->flags |= RV_UF_CSR_WR;
	if (csr <= RV_CSR_FCSR)
		u->flags |= RV_UF_FCSR;
	if (f3 < 4)
		src(u, RV_REG_X(u->rs1));
	dst(u, RV_REG_X(u->rd));
	return 0;
}

static int dec_amo(struct rv_uop *u, unsigned int f3)
{
	unsigned int f5 = u->insn >> 27;
	unsigned int op;

	if (f3 != 2)
		return -1;
	switch (f5) {
	case 0x02:
		if (u->rs2)
			return -1;
		op = RV_OP_LR_W;
		break;
	case 0x03: op = RV_OP_SC_W; break;
	case 0x01: op = RV_OP_AMOSWAP_W; break;
	case 0x00: op = RV_OP_AMOADD_W; break;
	case 0x04: op = RV_OP_AMOXOR_W; break;
	case 0x0c: op = RV_OP_AMOAND_W; break;
	case 0x08: op = RV_OP_AMOOR_W; break;
	case 0x10: op = RV_OP_AMOMIN_W; break;
	case 0x14: op = RV_OP_AMOMAX_W; break;
	case 0x18: op = RV_OP_AMOMINU_W; break;
	case 0x1c: op = RV_OP_AMOMAXU_W; break;
	default:
		return -1;
	}
	/* aq/rl (bits 26:25) are ordering hints: one thread, no effect. */
	set(u, op, RV_CLS_AMO);
	u->size = 4;
	src(u, RV_REG_X(u->rs1));
	if (op != RV_OP_LR_W)
		src(u, RV_REG_X(u->rs2));
	dst(u, RV_REG_X(u->rd));
	return 0;
}

static bool rm_ok(unsigned int rm)
{
	return rm <= RV_RM_RMM || rm == RV_RM_DYN;
}

static void fp_rm(struct rv_uop *u, unsigned int rm)
{
	u->rm = rm;
	u->flags |= RV_UF_FFLAGS;
	if (rm == RV_RM_DYN)
		u->flags |= RV_UF_DYN_RM;
}

/* The OP-FP operations of one format (fmt field 0: S, 1: D). */
struct fp_fmt_ops {
	uint8_t arith[4];	/* add, sub, mul, div: funct7 >> 2 = 0..3 */
	uint8_t sqrt, sgnj, min, max, cvt_w, cvt_wu, cmp[3], fclass;
	uint8_t from_w, from_wu;
	uint8_t cls, cls_div;
};

static const struct fp_fmt_ops fp_fmt[2] = {
	{
		{ RV_OP_FADD_S, RV_OP_FSUB_S, RV_OP_FMUL_S, RV_OP_FDIV_S },
		RV_OP_FSQRT_S, RV_OP_FSGNJ_S, RV_OP_FMIN_S, RV_OP_FMAX_S,
		RV_OP_FCVT_W_S, RV_OP_FCVT_WU_S,
		{ RV_OP_FLE_S, RV_OP_FLT_S, RV_OP_FEQ_S }, RV_OP_FCLASS_S,
		RV_OP_FCVT_S_W, RV_OP_FCVT_S_WU, RV_CLS_FPU, RV_CLS_FDIV,
	},
	{
		{ RV_OP_FADD_D, RV_OP_FSUB_D, RV_OP_FMUL_D, RV_OP_FDIV_D },
		RV_OP_FSQRT_D, RV_OP_FSGNJ_D, RV_OP_FMIN_D, RV_OP_FMAX_D,
		RV_OP_FCVT_W_D, RV_OP_FCVT_WU_D,
		{ RV_OP_FLE_D, RV_OP_FLT_D, RV_OP_FEQ_D }, RV_OP_FCLASS_D,
		RV_OP_FCVT_D_W, RV_OP_FCVT_D_WU, RV_CLS_DFPU, RV_CLS_DFDIV,
	},
};

static int dec_op_fp(struct rv_uop *u, unsigned int f3)
{
	unsigned int f7 = u->insn >> 25, fmt = f7 & 3;
	uint8_t fd = RV_REG_F(u->rd), xd = RV_REG_X(u->rd);
	uint8_t fs1 = RV_REG_F(u->rs1), fs2 = RV_REG_F(u->rs2);
	const struct fp_fmt_ops *o;
	unsigned int op;

	/* FCVT.S.D and FCVT.D.S: fmt is the destination's, rs2 the source's. */
	if (f7 == 0x20 || f7 == 0x21) {
		if (!rm_ok(f3) || u->rs2 != (f7 == 0x20 ? 1u : 0u))
			return -1;
		set(u, f7 == 0x20 ? RV_OP_FCVT_S_D : RV_OP_FCVT_D_S,
		    RV_CLS_DFPU);
		fp_rm(u, f3);
		src(u, fs1);
		dst(u, fd);
		return 0;
	}
	if (fmt > 1)
		return -1; /* H and Q */
	o = &fp_fmt[fmt];
	switch (f7 & ~3u) {
	case 0x00: case 0x04: case 0x08: case 0x0c:
		if (!rm_ok(f3))
			return -1;
		op = o->arith[f7 >> 2];
		set(u, op, (f7 >> 2) == 3 ? o->cls_div : o->cls);
		fp_rm(u, f3);
		src(u, fs1);
		src(u, fs2);
		dst(u, fd);
		return 0;
	case 0x2c:
		if (!rm_ok(f3) || u->rs2)
			return -1;
		set(u, o->sqrt, o->cls_div);
		fp_rm(u, f3);
		src(u, fs1);
		dst(u, fd);
		return 0;
	case 0x10:
		if (f3 > 2)
			return -1;
		set(u, o->sgnj + f3, o->cls);
		src(u, fs1);
		src(u, fs2);
		dst(u, fd);
		return 0;
	case 0x14:
		if (f3 > 1)
			return -1;
		set(u, f3 ? o->max : o->min, o->cls);
		u->flags |= RV_UF_FFLAGS;
		src(u, fs1);
		src(u, fs2);
		dst(u, fd);
		return 0;
	case 0x60:
		if (!rm_ok(f3) || u->rs2 > 1)
			return -1;
		set(u, u->rs2 ? o->cvt_wu : o->cvt_w, o->cls);
		fp_rm(u, f3);
		src(u, fs1);
		dst(u, xd);
		return 0;
	case 0x70:
		/* FMV.X.W; FMV.X.D is RV64 only. */
		if (u->rs2 || f3 > 1 || (fmt && !f3))
			return -1;
		set(u, f3 ? o->fclass : RV_OP_FMV_X_W, o->cls);
		src(u, fs1);
		dst(u, xd);
		return 0;
	case 0x50:
		if (f3 > 2)
			return -1;
		set(u, o->cmp[f3], o->cls);
		u->flags |= RV_UF_FFLAGS;
		src(u, fs1);
		src(u, fs2);
		dst(u, xd);
		return 0;
	case 0x68:
		if (!rm_ok(f3) || u->rs2 > 1)
			return -1;
		set(u, u->rs2 ? o->from_wu : o->from_w, o->cls);
		fp_rm(u, f3);
		src(u, RV_REG_X(u->rs1));
		dst(u, fd);
		return 0;
	case 0x78:
		/* FMV.W.X; FMV.D.X is RV64 only. */
		if (u->rs2 || f3 || fmt)
			return -1;
		set(u, RV_OP_FMV_W_X, RV_CLS_FPU);
		src(u, RV_REG_X(u->rs1));
		dst(u, fd);
		return 0;
	default:
		return -1;
	}
}

static int dec_custom0(struct rv_uop *u, unsigned int f3)
{
	if ((u->insn >> 25) || u->rd || u->rs2)
		return -1;
	switch (f3) {
	case CORUN_F3_BAR:
		if (u->rs1)
			return -1;
		set(u, RV_OP_BAR, RV_CLS_BAR);
		return 0;
	case CORUN_F3_EXIT:
		if (u->rs1)
			return -1;
		set(u, RV_OP_EXIT, RV_CLS_EXIT);
		return 0;
	case CORUN_F3_TRAP:
		set(u, RV_OP_TRAP, RV_CLS_TRAP);
		src(u, RV_REG_X(u->rs1));
		return 0;
	case CORUN_F3_BYPASS:
		set(u, RV_OP_BYPASS, RV_CLS_NOP);
		src(u, RV_REG_X(u->rs1));
		return 0;
	default:
		return -1;
	}
}

/* LDV4 / STV4: the group of four registers must lie in x1..x31. */
static int dec_custom1(struct rv_uop *u, unsigned int f3)
{
	switch (f3) {
	case CORUN_F3_LDV4:
		if (!u->rd || u->rd > CORUN_VEC_REG_MAX)
			return -1;
		u->imm = imm_i(u->insn);
		set(u, RV_OP_LDV4, RV_CLS_LOAD);
		src(u, RV_REG_X(u->rs1));
		dst(u, RV_REG_X(u->rd));
		break;
	case CORUN_F3_STV4:
		if (!u->rs2 || u->rs2 > CORUN_VEC_REG_MAX)
			return -1;
		u->imm = imm_s(u->insn);
		set(u, RV_OP_STV4, RV_CLS_STORE);
		src(u, RV_REG_X(u->rs1));
		src(u, RV_REG_X(u->rs2));
		break;
	default:
		return -1;
	}
	u->size = 16;
	u->vregs = 4;
	return 0;
}

static int dec_op(struct rv_uop *u, unsigned int f3)
{
	static const uint8_t base[8] = {
		RV_OP_ADD, RV_OP_SLL, RV_OP_SLT, RV_OP_SLTU,
		RV_OP_XOR, RV_OP_SRL, RV_OP_OR,	 RV_OP_AND,
	};
	static const uint8_t mext[8] = {
		RV_OP_MUL, RV_OP_MULH, RV_OP_MULHSU, RV_OP_MULHU,
		RV_OP_DIV, RV_OP_DIVU, RV_OP_REM,    RV_OP_REMU,
	};
	unsigned int f7 = u->insn >> 25;

	src(u, RV_REG_X(u->rs1));
	src(u, RV_REG_X(u->rs2));
	dst(u, RV_REG_X(u->rd));
	if (f7 == 0x00) {
		int_op(u, base[f3], RV_CLS_ALU);
	} else if (f7 == 0x01) {
		int_op(u, mext[f3], f3 < 4 ? RV_CLS_MUL : RV_CLS_DIV);
	} else if (f7 == 0x20 && (f3 == 0 || f3 == 5)) {
		int_op(u, f3 ? RV_OP_SRA : RV_OP_SUB, RV_CLS_ALU);
	} else {
		return -1;
	}
	return 0;
}

static int dec_op_imm(struct rv_uop *u, unsigned int f3)
{
	static const uint8_t ops[8] = {
		RV_OP_ADDI, RV_OP_SLLI, RV_OP_SLTI, RV_OP_SLTIU,
		RV_OP_XORI, RV_OP_SRLI, RV_OP_ORI,  RV_OP_ANDI,
	};
	unsigned int f7 = u->insn >> 25, op = ops[f3];

	u->imm = imm_i(u->insn);
	if (f3 == 1 && f7)
		return -1;
	if (f3 == 5) {
		if (f7 == 0x20)
			op = RV_OP_SRAI;
		else if (f7)
			return -1;
	}
	if (f3 == 1 || f3 == 5)
		u->imm &= 31;
	src(u, RV_REG_X(u->rs1));
	dst(u, RV_REG_X(u->rd));
	int_op(u, op, RV_CLS_ALU);
	return 0;
}

static int dec(struct rv_uop *u)
{
	static const uint8_t loads[8] = {
		RV_OP_LB, RV_OP_LH, RV_OP_LW, 0, RV_OP_LBU, RV_OP_LHU, 0, 0,
	};
	static const uint8_t branches[8] = {
		RV_OP_BEQ, RV_OP_BNE, 0, 0, RV_OP_BLT, RV_OP_BGE, RV_OP_BLTU,
		RV_OP_BGEU,
	};
	uint32_t i = u->insn;
	unsigned int f3 = (i >> 12) & 7;

	if ((i & 3) != 3)
		return -1;
	switch (i & 0x7f) {
	case 0x37: /* LUI */
	case 0x17: /* AUIPC */
		u->imm = (int32_t)(i & 0xfffff000u);
		dst(u, RV_REG_X(u->rd));
		int_op(u, (i & 0x20) ? RV_OP_LUI : RV_OP_AUIPC, RV_CLS_ALU);
		return 0;
	case 0x6f:
		u->imm = imm_j(i);
		set(u, RV_OP_JAL, RV_CLS_BRANCH);
		dst(u, RV_REG_X(u->rd));
		return 0;
	case 0x67:
		if (f3)
			return -1;
		u->imm = imm_i(i);
		set(u, RV_OP_JALR, RV_CLS_BRANCH);
		src(u, RV_REG_X(u->rs1));
		dst(u, RV_REG_X(u->rd));
		return 0;
	case 0x63:
		if (!branches[f3])
			return -1;
		u->imm = imm_b(i);
		set(u, branches[f3], RV_CLS_BRANCH);
		src(u, RV_REG_X(u->rs1));
		src(u, RV_REG_X(u->rs2));
		return 0;
	case 0x03:
		if (!loads[f3])
			return -1;
		u->imm = imm_i(i);
		set(u, loads[f3], RV_CLS_LOAD);
		u->size = 1u << (f3 & 3);
		src(u, RV_REG_X(u->rs1));
		dst(u, RV_REG_X(u->rd));
		return 0;
	case 0x23:
		if (f3 > 2)
			return -1;
		u->imm = imm_s(i);
		set(u, RV_OP_SB + f3, RV_CLS_STORE);
		u->size = 1u << f3;
		src(u, RV_REG_X(u->rs1));
		src(u, RV_REG_X(u->rs2));
		return 0;
	case 0x13:
		return dec_op_imm(u, f3);
	case 0x33:
		return dec_op(u, f3);
	case 0x0f:
		/* FENCE's pred/succ/fm fields are hints; other rd/rs1 values
		 * are reserved for future use and must execute as a fence. */
		if (f3 > 1)
			return -1;
		set(u, f3 ? RV_OP_FENCE_I : RV_OP_FENCE, RV_CLS_FENCE);
		return 0;
	case 0x73:
		return dec_system(u, f3);
	case 0x2f:
		return dec_amo(u, f3);
	case 0x07:
		if (f3 != 2 && f3 != 3)
			return -1;
		u->imm = imm_i(i);
		set(u, f3 == 3 ? RV_OP_FLD : RV_OP_FLW, RV_CLS_LOAD);
		u->size = 1u << f3;
		src(u, RV_REG_X(u->rs1));
		dst(u, RV_REG_F(u->rd));
		return 0;
	case 0x27:
		if (f3 != 2 && f3 != 3)
			return -1;
		u->imm = imm_s(i);
		set(u, f3 == 3 ? RV_OP_FSD : RV_OP_FSW, RV_CLS_STORE);
		u->size = 1u << f3;
		src(u, RV_REG_X(u->rs1));
		src(u, RV_REG_F(u->rs2));
		return 0;
	case 0x43: /* FMADD */
	case 0x47: /* FMSUB */
	case 0x4b: /* FNMSUB */
	case 0x4f: /* FNMADD */
		if (((i >> 25) & 3) > 1 || !rm_ok(f3))
			return -1;
		if ((i >> 25) & 1)
			set(u, RV_OP_FMADD_D + ((i >> 2) & 3), RV_CLS_DFPU);
		else
			set(u, RV_OP_FMADD_S + ((i >> 2) & 3), RV_CLS_FPU);
		fp_rm(u, f3);
		src(u, RV_REG_F(u->rs1));
		src(u, RV_REG_F(u->rs2));
		src(u, RV_REG_F(u->rs3));
		dst(u, RV_REG_F(u->rd));
		return 0;
	case 0x53:
		return dec_op_fp(u, f3);
	case CORUN_OPC_CUSTOM0:
		return dec_custom0(u, f3);
	case CORUN_OPC_CUSTOM1:
		return dec_custom1(u, f3);
	default:
		return -1;
	}
}

int rv_decode(uint32_t insn, struct rv_uop *u)
{
	memset(u, 0, sizeof(*u));
	u->insn = insn;
	u->rd = (insn >> 7) & 31;
	u->rs1 = (insn >> 15) & 31;
	u->rs2 = (insn >> 20) & 31;
	u->rs3 = insn >> 27;
	u->dst = RV_REG_NONE;
	u->src[0] = u->src[1] = u->src[2] = RV_REG_NONE;
	if (dec(u) == 0)
		return 0;
	memset(u, 0, sizeof(*u));
	u->insn = insn;
	u->op = RV_OP_ILLEGAL;
	u->cls = RV_CLS_ILLEGAL;
	u->dst = RV_REG_NONE;
	u->src[0] = u->src[1] = u->src[2] = RV_REG_NONE;
	return -1;
}
