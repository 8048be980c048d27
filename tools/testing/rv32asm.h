/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RV32 instruction encoders and a reference test kernel for tests that
 * hand-assemble device code: the model's test device, the guest job test,
 * the qtest test and the driver selftest. They run without the RV32
 * toolchain, so the encodings live here once.
 */
#ifndef _CORUN_TESTING_RV32ASM_H_
#define _CORUN_TESTING_RV32ASM_H_

#include <stdint.h>
#include <corun/kernel.h>

enum { ZERO, RA, SP, GP, TP, T0, T1, T2, S0, S1, A0, A1, A2, A3, A4, A5,
       A6, A7, S2, S3, S4, S5, S6, S7, S8, S9, S10, S11, T3, T4, T5, T6 };

static inline uint32_t rv_r(uint32_t f7, uint32_t rs2, uint32_t rs1,
			    uint32_t f3, uint32_t rd, uint32_t op)
{
	return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static inline uint32_t rv_i(int32_t imm, uint32_t rs1, uint32_t f3,
			    uint32_t rd, uint32_t op)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static inline uint32_t rv_s(int32_t imm, uint32_t rs2, uint32_t rs1,
			    uint32_t f3, uint32_t op)
{
	uint32_t u = (uint32_t)imm;

	return (u >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
	       (u & 0x1f) << 7 | op;
}

static inline uint32_t rv_b(int32_t off, uint32_t rs2, uint32_t rs1,
			    uint32_t f3)
{
	uint32_t u = (uint32_t)off;

	return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20 |
	       rs1 << 15 | f3 << 12 | (u >> 1 & 0xf) << 8 | (u >> 11 & 1) << 7 |
	       0x63;
}

#define ADDI(rd, rs1, imm) rv_i(imm, rs1, 0, rd, 0x13)
#define SLLI(rd, rs1, sh) rv_i(sh, rs1, 1, rd, 0x13)
#define ANDI(rd, rs1, imm) rv_i(imm, rs1, 7, rd, 0x13)
#define ADD(rd, rs1, rs2) rv_r(0, rs2, rs1, 0, rd, 0x33)
#define SUB(rd, rs1, rs2) rv_r(0x20, rs2, rs1, 0, rd, 0x33)
#define MUL(rd, rs1, rs2) rv_r(1, rs2, rs1, 0, rd, 0x33)
#define DIV(rd, rs1, rs2) rv_r(1, rs2, rs1, 4, rd, 0x33)
#define LW(rd, rs1, imm) rv_i(imm, rs1, 2, rd, 0x03)
#define SW(rs2, rs1, imm) rv_s(imm, rs2, rs1, 2, 0x23)
#define FMV_W_X(fd, rs1) rv_r(0x78, 0, rs1, 0, fd, 0x53)
#define FSW(fs2, rs1, imm) rv_s(imm, fs2, rs1, 2, 0x27)
#define FLD(fd, rs1, imm) rv_i(imm, rs1, 3, fd, 0x07)
#define FSD(fs2, rs1, imm) rv_s(imm, fs2, rs1, 3, 0x27)
#define FADD_D(fd, fs1, fs2) rv_r(0x01, fs2, fs1, 0, fd, 0x53)
#define FMUL_D(fd, fs1, fs2) rv_r(0x09, fs2, fs1, 0, fd, 0x53)
#define FCVT_D_W(fd, rs1) rv_r(0x69, 0, rs1, 0, fd, 0x53)
#define FCVT_W_D_RTZ(rd, fs1) rv_r(0x61, 0, fs1, 1, rd, 0x53)
#define LUI(rd, imm20) ((uint32_t)(imm20) << 12 | (rd) << 7 | 0x37)
#define JALR(rd, rs1, imm) rv_i(imm, rs1, 0, rd, 0x67)
#define BEQ(rs1, rs2, off) rv_b(off, rs2, rs1, 0)
#define BNE(rs1, rs2, off) rv_b(off, rs2, rs1, 1)
#define BLT(rs1, rs2, off) rv_b(off, rs2, rs1, 4)
#define CSRR(rd, csr) rv_i(csr, 0, 2, rd, 0x73)
#define AMOADD(rd, rs1, rs2) rv_r(0, rs2, rs1, 2, rd, 0x2f)
#define ECALL 0x00000073u
#define EXIT CORUN_INSN_EXIT
#define BAR CORUN_INSN_BAR
#define TRAP(rs1) CORUN_INSN_TRAP(rs1)
#define NOP ADDI(0, 0, 0)
#define CSR_CYCLE 0xc00

/* rd = 32-bit constant (LUI + ADDI). */
static inline void rv_li(uint32_t *w, uint32_t *n, uint32_t rd, uint32_t v)
{
	uint32_t hi = (v + 0x800) >> 12;

	w[(*n)++] = LUI(rd, hi & 0xfffff);
	w[(*n)++] = ADDI(rd, rd, (int32_t)((v & 0xfff) ^ 0x800) - 0x800);
}

/*
 * The reference test kernel: out = args[0]; gid = ctaid.x * ntid.x +
 * tid.x; with @spin, n = args[1] and "while (n) n--;" first; then
 * out[gid] = gid + 0x100; exit. Each thread retires RV32ASM_GID_INSNS(spin)
 * instructions plus 2 per loop iteration; the store is word
 * RV32ASM_GID_STORE(spin) of the code. Returns the number of words.
 */
#define RV32ASM_GID_INSNS(spin) ((spin) ? 14u : 10u)
#define RV32ASM_GID_STORE(spin) ((spin) ? 14u : 10u)

/*
 * The prologue of a 1-D kernel: a0 = gid = ctaid.x * ntid.x + tid.x,
 * a3 = the argument block, a4 = args[0]. Returns the number of words (7).
 */
static inline unsigned int rv32asm_gid_args(uint32_t *w)
{
	unsigned int n = 0;

	w[n++] = CSRR(A0, CORUN_CSR_CTAID_X);
	w[n++] = CSRR(A1, CORUN_CSR_NTID_X);
	w[n++] = CSRR(A2, CORUN_CSR_TID_X);
	w[n++] = MUL(A0, A0, A1);
	w[n++] = ADD(A0, A0, A2);
	w[n++] = CSRR(A3, CORUN_CSR_ARGS);
	w[n++] = LW(A4, A3, 0);
	return n;
}

static inline unsigned int rv32asm_gid_store(uint32_t *w, int spin)
{
	unsigned int n = rv32asm_gid_args(w);

	if (spin) {
		w[n++] = LW(T0, A3, 4);
		w[n++] = BEQ(T0, ZERO, 12);
		w[n++] = ADDI(T0, T0, -1);
		w[n++] = BNE(T0, ZERO, -4);
	}
	w[n++] = SLLI(A5, A0, 2);
	w[n++] = ADD(A4, A4, A5);
	w[n++] = ADDI(A6, A0, 0x100);
	w[n++] = SW(A6, A4, 0);
	w[n++] = EXIT;
	return n;
}

#endif /* _CORUN_TESTING_RV32ASM_H_ */
