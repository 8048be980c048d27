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

/* RV32 encoders shared with the other hand-assembling tests. */
#include <testing/rv32asm.h>

/*
 * A hand-assembled kernel being written; tdev_code() loads it. Words past
 * TDEV_PROG_MAX are dropped: a full buffer means the kernel did not fit.
 */
#define TDEV_PROG_MAX 1024

struct tdev_prog {
	uint32_t w[TDEV_PROG_MAX];
	uint32_t n;
};

static inline void tdev_emit(struct tdev_prog *p, uint32_t insn)
{
	if (p->n < TDEV_PROG_MAX)
		p->w[p->n++] = insn;
}

/* rd = 32-bit constant. */
static inline void tdev_li(struct tdev_prog *p, uint32_t rd, uint32_t v)
{
	uint32_t w[2], n = 0;

	rv_li(w, &n, rd, v);
	tdev_emit(p, w[0]);
	tdev_emit(p, w[1]);
}

#endif /* _EMU_TESTDEV_H_ */
