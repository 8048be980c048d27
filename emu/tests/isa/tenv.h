/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The executor unit tests' world: a 4 KiB code page, a data page and a
 * shared-memory page behind the struct rv_env callbacks, and encoders for
 * the few instructions the tests hand-assemble.
 */
#ifndef _EMU_TESTS_ISA_TENV_H_
#define _EMU_TESTS_ISA_TENV_H_

#include <kunit/test.h>

#include <stdint.h>
#include <string.h>

#include <corun/kernel.h>

#include "isa.h"

#define CODE_VA CORUN_VA_GLOBAL_BASE
#define DATA_VA (CORUN_VA_GLOBAL_BASE + 0x1000)
#define SHARED_VA CORUN_VA_SHARED_BASE
/* Each lane's stack: 512 bytes, interleaved word by word as on the SMs. */
#define LOCAL_VA CORUN_VA_LOCAL_BASE
#define LOCAL_BYTES 512u

struct tenv {
	uint32_t code[1024];
	uint8_t data[4096];
	uint8_t shared[4096];
	uint32_t local[LOCAL_BYTES / 4][RV_MAX_LANES];
	unsigned int fetches;
	unsigned int mems;
	unsigned int ranges;
	unsigned int csrs;
	unsigned int csr_warps;
	uint32_t csr_val;
};

static inline int t_fetch(void *ctx, struct rv_warp *w, uint32_t pc,
			  uint32_t *insn)
{
	struct tenv *t = ctx;

	(void)w;
	if (pc < CODE_VA || pc >= CODE_VA + sizeof(t->code))
		return CORUN_FAULT_PERM_EXEC;
	t->fetches++;
	*insn = t->code[(pc - CODE_VA) / 4];
	return 0;
}

static inline int t_mem(void *ctx, struct rv_warp *w, unsigned int lane,
			uint32_t va, unsigned int size,
			enum corun_fault_access acc, uint8_t **host)
{
	struct tenv *t = ctx;

	(void)w;
	t->mems++;
	if (va >= LOCAL_VA && va - LOCAL_VA < LOCAL_BYTES) {
		uint32_t off = va - LOCAL_VA;

		if (off + size > LOCAL_BYTES)
			return CORUN_FAULT_LOCAL_OOB;
		*host = (uint8_t *)&t->local[off / 4][lane] + off % 4;
		return 0;
	}
	if (va >= DATA_VA && va < DATA_VA + 4096) {
		*host = t->data + (va - DATA_VA);
		return 0;
	}
	if (va >= SHARED_VA && va < SHARED_VA + 4096) {
		*host = t->shared + (va - SHARED_VA);
		return 0;
	}
	if (va >= CODE_VA && va < CODE_VA + sizeof(t->code)) {
		if (acc != CORUN_ACCESS_READ)
			return CORUN_FAULT_PERM_WRITE;
		*host = (uint8_t *)t->code + (va - CODE_VA);
		return 0;
	}
	return CORUN_FAULT_UNMAPPED;
}

static inline int t_csr(void *ctx, struct rv_warp *w, unsigned int lane,
			unsigned int csr, uint32_t *val)
{
	struct tenv *t = ctx;

	(void)w;
	t->csrs++;
	if (csr == CORUN_CSR_LANEID) {
		*val = lane;
		return 0;
	}
	if (csr == CORUN_CSR_ARGS) {
		*val = t->csr_val;
		return 0;
	}
	return CORUN_FAULT_ILLEGAL_INSN;
}

static inline struct tenv *new_env(struct kunit *test, struct rv_env *env,
				   const uint32_t *code, unsigned int n)
{
	struct tenv *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	memcpy(t->code, code, n * 4);
	memset(env, 0, sizeof(*env));
	env->ctx = t;
	env->fetch = t_fetch;
	env->mem = t_mem;
	env->csr = t_csr;
	return t;
}

static inline struct rv_warp *new_warp(struct kunit *test, unsigned int width)
{
	struct rv_warp *w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, w);
	rv_warp_init(w, width, ~0u, CODE_VA);
	return w;
}

/* Encoders for the few instructions the SIMT tests hand-assemble. */
static inline uint32_t I(int32_t imm, unsigned int rs1, unsigned int f3,
			 unsigned int rd, unsigned int opc)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 |
	       opc;
}

static inline uint32_t ADDI(unsigned int rd, unsigned int rs1, int32_t imm)
{
	return I(imm, rs1, 0, rd, 0x13);
}

static inline uint32_t B(unsigned int f3, unsigned int rs1,
			 unsigned int rs2, int32_t off)
{
	uint32_t u = (uint32_t)off;

	return ((u >> 12) & 1) << 31 | ((u >> 5) & 0x3f) << 25 | rs2 << 20 |
	       rs1 << 15 | f3 << 12 | ((u >> 1) & 0xf) << 8 |
	       ((u >> 11) & 1) << 7 | 0x63;
}

static inline uint32_t R(unsigned int f7, unsigned int rs2,
			 unsigned int rs1, unsigned int f3, unsigned int rd,
			 unsigned int opc)
{
	return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}

#define LW(rd, rs1, off) I(off, rs1, 2, rd, 0x03)
#define SW(rs2, rs1, off)                                                  \
	((((uint32_t)(off) >> 5) & 0x7f) << 25 | (rs2) << 20 | (rs1) << 15 | \
	 2 << 12 | ((uint32_t)(off) & 31) << 7 | 0x23)
#define AMOADD(rd, rs2, rs1) R(0, rs2, rs1, 2, rd, 0x2f)
#define LR(rd, rs1) R(0x02 << 2, 0, rs1, 2, rd, 0x2f)
#define SC(rd, rs2, rs1) R(0x03 << 2, rs2, rs1, 2, rd, 0x2f)

#endif /* _EMU_TESTS_ISA_TENV_H_ */
