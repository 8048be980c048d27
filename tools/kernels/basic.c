// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Streaming kernels: one thread per element, memory bound.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(vecadd, 16, 0, 0);
void vecadd(void)
{
	const struct vecadd_args *args = corun_args(struct vecadd_args);
	const float *a = (const float *)args->a;
	const float *b = (const float *)args->b;
	float *c = (float *)args->c;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < args->n)
		c[i] = a[i] + b[i];
}

CORUN_KERNEL(saxpy, 16, 0, 0);
void saxpy(void)
{
	const struct saxpy_args *args = corun_args(struct saxpy_args);
	const float *x = (const float *)args->x;
	float *y = (float *)args->y;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;

	/* Built with -ffp-contract=off: a rounded multiply, then an add. */
	if (i < args->n)
		y[i] = args->alpha * x[i] + y[i];
}
