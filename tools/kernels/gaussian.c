// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * gaussian: the two kernels of one Gaussian elimination step (the "Fan1"
 * and "Fan2" kernels of the Rodinia gaussian benchmark, written from the
 * algorithm): multipliers of the pivot column, then the rank-1 update of
 * the trailing rows and the right-hand side.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(gaussian_fan1, 16, 0, 0);
void gaussian_fan1(void)
{
	const struct gaussian_args *g = corun_args(struct gaussian_args);
	const float *a = (const float *)g->a;
	float *m = (float *)g->m;
	uint32_t n = g->n, t = g->t;
	uint32_t i = t + 1 + blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	m[i * n + t] = a[i * n + t] / a[t * n + t];
}

CORUN_KERNEL(gaussian_fan2, 20, 0, 0);
void gaussian_fan2(void)
{
	const struct gaussian_args *g = corun_args(struct gaussian_args);
	float *a = (float *)g->a;
	float *b = (float *)g->b;
	const float *m = (const float *)g->m;
	uint32_t n = g->n, t = g->t;
	uint32_t x = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t i = t + 1 + blockIdx.y * blockDim.y + threadIdx.y;
	uint32_t j = t + x;
	float mi;

	if (i >= n || j >= n)
		return;
	mi = m[i * n + t];
	a[i * n + j] = a[i * n + j] - mi * a[t * n + j];
	if (!x)
		b[i] = b[i] - mi * b[t];
}
