// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * lud: the three kernels of a blocked right-looking LU decomposition
 * step (the "lud" kernels of the Rodinia suite, written from the
 * algorithm): diagonal block factorisation, perimeter triangular solves,
 * and the rank-LUD_B update of the trailing matrix with shared-memory
 * tiles. Separate multiplies and adds, in lud_ref()'s order.
 */
#include <corun/kernel.h>
#include "args.h"

#define B LUD_B

#define LUD_ARGS(a)                                               \
	const struct lud_args *a = corun_args(struct lud_args);   \
	float *m = (float *)a->a;                                  \
	uint32_t n = a->n, k = a->k, off = k * B

CORUN_KERNEL(lud_diagonal, 24, B * B * sizeof(float), 0);
void lud_diagonal(void)
{
	LUD_ARGS(a);
	float *s = corun_shared(0);
	uint32_t t = threadIdx.x;

	for (uint32_t i = 0; i < B; i++)
		s[i * B + t] = m[(off + i) * n + off + t];
	__syncthreads();
	for (uint32_t i = 0; i < B - 1; i++) {
		if (t > i)
			s[t * B + i] = s[t * B + i] / s[i * B + i];
		__syncthreads();
		if (t > i)
			for (uint32_t c = i + 1; c < B; c++)
				s[t * B + c] = s[t * B + c] -
					       s[t * B + i] * s[i * B + c];
		__syncthreads();
	}
	for (uint32_t i = 0; i < B; i++)
		m[(off + i) * n + off + t] = s[i * B + t];
}

CORUN_KERNEL(lud_perimeter, 28, 2 * B * B * sizeof(float), 0);
void lud_perimeter(void)
{
	LUD_ARGS(a);
	float *d = corun_shared(0);
	float *s = d + B * B;
	uint32_t t = threadIdx.x, cnt = a->nb - k - 1, b = blockIdx.x;
	uint32_t r0, c0;

	if (b < cnt) {
		r0 = off;			/* U block right of the diagonal */
		c0 = off + (b + 1) * B;
	} else {
		r0 = off + (b - cnt + 1) * B;	/* L block below it */
		c0 = off;
	}
	for (uint32_t i = 0; i < B; i++) {
		d[i * B + t] = m[(off + i) * n + off + t];
		s[i * B + t] = m[(r0 + i) * n + c0 + t];
	}
	__syncthreads();
	if (b < cnt) {
		/* Column t: forward substitution with unit-lower L. */
		for (uint32_t j = 0; j < B; j++)
			for (uint32_t i = j + 1; i < B; i++)
				s[i * B + t] = s[i * B + t] -
					       d[i * B + j] * s[j * B + t];
	} else {
		/* Row t: solve x U = row. */
		for (uint32_t j = 0; j < B; j++) {
			s[t * B + j] = s[t * B + j] / d[j * B + j];
			for (uint32_t c = j + 1; c < B; c++)
				s[t * B + c] = s[t * B + c] -
					       s[t * B + j] * d[j * B + c];
		}
	}
	__syncthreads();
	for (uint32_t i = 0; i < B; i++)
		m[(r0 + i) * n + c0 + t] = s[i * B + t];
}

CORUN_KERNEL(lud_internal, 24, 2 * B * B * sizeof(float), 0);
void lud_internal(void)
{
	LUD_ARGS(a);
	float *l = corun_shared(0);
	float *u = l + B * B;
	uint32_t tx = threadIdx.x, ty = threadIdx.y;
	uint32_t r = off + (blockIdx.y + 1) * B + ty;
	uint32_t c = off + (blockIdx.x + 1) * B + tx;
	float sum = 0.0f;

	l[ty * B + tx] = m[r * n + off + tx];
	u[ty * B + tx] = m[(off + ty) * n + c];
	__syncthreads();
	for (uint32_t j = 0; j < B; j++)
		sum = sum + l[ty * B + j] * u[j * B + tx];
	m[r * n + c] = m[r * n + c] - sum;
}
