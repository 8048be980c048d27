// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Kernels that fault on purpose, for the negative tests. In each, only
 * thread args->thread of CTA args->cta misbehaves, so the fault record's
 * CTA, warp and lane can be checked against the launch.
 */
#include <corun/kernel.h>
#include "args.h"

static int is_culprit(const struct fault_args *args)
{
	return blockIdx.x == args->cta && threadIdx.x == args->thread;
}

/* Load through a null pointer: page 0 is never mapped. */
CORUN_KERNEL(fault_null, 16, 0, 0);
void fault_null(void)
{
	const struct fault_args *args = corun_args(struct fault_args);
	/* volatile: the compiler must not see the null and fold the load. */
	const uint32_t *volatile p = 0;

	if (is_culprit(args))
		corun_assert(*p != 0xdeadbeefu);
}

/* A 32-bit load from an address that is not 4-byte aligned. */
CORUN_KERNEL(fault_misaligned, 16, 0, 0);
void fault_misaligned(void)
{
	const struct fault_args *args = corun_args(struct fault_args);

	if (is_culprit(args))
		corun_assert(*(const volatile uint32_t *)args->ptr != 0xdeadbeefu);
}

/* A store to a shared word beyond the CTA's declared shared memory. */
CORUN_KERNEL(fault_shared_oob, 16, FAULT_SHARED_WORDS * sizeof(uint32_t), 0);
void fault_shared_oob(void)
{
	const struct fault_args *args = corun_args(struct fault_args);
	volatile uint32_t *words = corun_shared(0);
	uint32_t tid = threadIdx.x;

	if (tid < FAULT_SHARED_WORDS)
		words[tid] = tid;
	__syncthreads();
	if (is_culprit(args))
		words[args->value] = tid;
}

/* Waits for a flag nobody sets: only the instruction budget stops it. */
CORUN_KERNEL(fault_spin, 16, 0, 0);
void fault_spin(void)
{
	const struct fault_args *args = corun_args(struct fault_args);
	const volatile uint32_t *flag = (const volatile uint32_t *)args->ptr;

	while (*flag == 0)
		;
}

/* A device-side assertion failing in one thread: a USER_TRAP fault. */
CORUN_KERNEL(fault_assert, 16, 0, 0);
void fault_assert(void)
{
	const struct fault_args *args = corun_args(struct fault_args);
	const uint32_t *in = (const uint32_t *)args->ptr;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;

	corun_assert(in[i] < args->value);
}
