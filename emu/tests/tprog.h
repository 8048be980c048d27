/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Hand-assembled kernels for the whole-model tests on the test device
 * (testdev.h): a program buffer, a few emitters, and running one job.
 */
#ifndef _EMU_TESTS_TPROG_H_
#define _EMU_TESTS_TPROG_H_

#include <kunit/test.h>

#include "testdev.h"

#define MEM_BYTES (8u << 20)
#define MAXW 2048

struct prog {
	uint32_t w[MAXW];
	uint32_t n;
};

static inline void emit(struct prog *p, uint32_t insn)
{
	if (p->n < MAXW)
		p->w[p->n++] = insn;
}

static inline void li(struct prog *p, uint32_t rd, uint32_t v)
{
	rv_li(p->w, &p->n, rd, v);
}

/* a0 = args + 4 * (ctaid.x * ntid.x + tid.x); clobbers t0, t1. */
static inline void emit_out_ptr(struct prog *p)
{
	emit(p, CSRR(A0, CORUN_CSR_ARGS));
	emit(p, CSRR(T0, CORUN_CSR_CTAID_X));
	emit(p, CSRR(T1, CORUN_CSR_NTID_X));
	emit(p, MUL(T0, T0, T1));
	emit(p, CSRR(T1, CORUN_CSR_TID_X));
	emit(p, ADD(T0, T0, T1));
	emit(p, SLLI(T1, T0, 2));
	emit(p, ADD(A0, A0, T1));
}

static inline int run_one(struct kunit *test, struct tdev *t,
			  unsigned int slot, struct corun_job_desc *d,
			  struct emu_event *ev)
{
	int r = tdev_run(t, slot, d, ev, 10000000);

	KUNIT_EXPECT_EQ(test, r, 0);
	return r;
}

static inline uint64_t job_cycles(const struct emu_event *ev)
{
	return ev->counters.end_cycle - ev->counters.start_cycle;
}

#endif /* _EMU_TESTS_TPROG_H_ */
