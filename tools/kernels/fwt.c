// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * fwt: fast Walsh-Hadamard transform stages (the "fastWalshTransform"
 * sample of the CUDA SDK, written from the algorithm): long-stride
 * stages one launch each through global memory, then the last
 * log2(FWT_TILE) stages in one launch on shared-memory tiles.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(fwt_global, 16, 0, 0);
void fwt_global(void)
{
	const struct fwt_args *a = corun_args(struct fwt_args);
	float *d = (float *)a->data;
	uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t lh = a->log2h, h = 1u << lh;
	uint32_t i, j;
	float x, y;

	if (t >= a->n / 2)
		return;
	i = ((t >> lh) << (lh + 1)) + (t & (h - 1));
	j = i + h;
	x = d[i];
	y = d[j];
	d[i] = x + y;
	d[j] = x - y;
}

CORUN_KERNEL(fwt_shared, 16, FWT_TILE * sizeof(float), 0);
void fwt_shared(void)
{
	const struct fwt_args *a = corun_args(struct fwt_args);
	float *d = (float *)a->data + blockIdx.x * FWT_TILE;
	float *s = corun_shared(0);
	uint32_t t = threadIdx.x;

	s[t] = d[t];
	s[t + FWT_TILE / 2] = d[t + FWT_TILE / 2];
	__syncthreads();
	for (uint32_t h = FWT_TILE / 2; h; h >>= 1) {
		uint32_t i = (t / h) * 2 * h + t % h;
		float x = s[i], y = s[i + h];

		s[i] = x + y;
		s[i + h] = x - y;
		__syncthreads();
	}
	d[t] = s[t];
	d[t + FWT_TILE / 2] = s[t + FWT_TILE / 2];
}
