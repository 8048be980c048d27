/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Test device for the emu tests: a small "guest physical" arena, page
 * tables built in it (hw.h format), a descriptor helper and a tiny RV32
 * assembler for hand-written kernels. Stand-alone: no tools/sim.
 */
#ifndef _EMU_TESTDEV_H_
#define _EMU_TESTDEV_H_

#include <stdint.h>
#include <corun/hw.h>
#include <corun/kernel.h>

#include "config.h"
#include "gpu.h"

#define TDEV_R CORUN_PTE_READ
#define TDEV_W CORUN_PTE_WRITE
#define TDEV_X CORUN_PTE_EXEC
#define TDEV_RW (TDEV_R | TDEV_W)
#define TDEV_RX (TDEV_R | TDEV_X)

struct tdev {
	uint8_t *mem;
	uint64_t size;
	uint64_t brk; /* next free PA */
	uint32_t va_next; /* next free VA */
	uint64_t pt_root;
	uint64_t fence_pa[CORUN_MAX_SLOTS];
	uint64_t counters_pa[CORUN_MAX_SLOTS];
	struct emu_phys_ops phys;
	struct emu_config cfg;
	struct emu_gpu *gpu;
};

/* Create a device over a @mem_bytes arena (cfg NULL: test-2sm.ini values). */
int tdev_init(struct tdev *t, const struct emu_config *cfg, uint64_t mem_bytes);
void tdev_fini(struct tdev *t);
void tdev_test_config(struct emu_config *cfg);
uint64_t tdev_alloc_pa(struct tdev *t, uint64_t size, uint64_t align);
void tdev_map(struct tdev *t, uint32_t va, uint64_t pa, uint64_t pte_bits);
uint64_t *tdev_pte(struct tdev *t, uint32_t va); /* level-2 entry, or NULL */
uint32_t tdev_alloc(struct tdev *t, uint32_t size, uint64_t perm);
void *tdev_ptr(struct tdev *t, uint32_t va);
uint32_t tdev_code(struct tdev *t, const uint32_t *words, uint32_t n);
void tdev_desc(struct tdev *t, unsigned int slot, struct corun_job_desc *d,
	       uint32_t entry, uint32_t grid, uint32_t block);
/* Submit and run until the job's JOB_DONE; returns 0 or -1 (timeout). */
int tdev_run(struct tdev *t, unsigned int slot, const struct corun_job_desc *d,
	     struct emu_event *ev, uint64_t max_cycles);
/* Run until idle, collecting JOB_DONE events by slot. */
int tdev_run_all(struct tdev *t, struct emu_event *evs, uint64_t max_cycles);

/* --------------------------------------------------------------------
 * RV32 encoders.
 */
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

#endif /* _EMU_TESTDEV_H_ */
