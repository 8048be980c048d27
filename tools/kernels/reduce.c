// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Sum of uint32 values (wrapping, so the result is exact in any order).
 *
 * Each thread sums a grid-stride slice of the input, then the CTA halves
 * the partial sums in shared memory until one is left: log2(blockDim.x)
 * steps, each ending in a barrier. Thread 0 then either stores the CTA's
 * sum to out[blockIdx.x] (the host launches again over those partials
 * until one value remains) or atomically adds it to out[0].
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(reduce, 20, REDUCE_MAX_BLOCK * sizeof(uint32_t), 0);
void reduce(void)
{
	const struct reduce_args *args = corun_args(struct reduce_args);
	const uint32_t *in = (const uint32_t *)args->in;
	uint32_t *out = (uint32_t *)args->out;
	uint32_t *partial = corun_shared(0);
	uint32_t tid = threadIdx.x, nthreads = blockDim.x;
	uint32_t stride = gridDim.x * nthreads;
	uint32_t sum = 0;

	for (uint32_t i = blockIdx.x * nthreads + tid; i < args->n; i += stride)
		sum += in[i];
	partial[tid] = sum;
	__syncthreads();

	/* Every thread runs every step: the barrier needs all of them. */
	for (uint32_t half = nthreads / 2; half > 0; half /= 2) {
		if (tid < half)
			partial[tid] += partial[tid + half];
		__syncthreads();
	}

	if (tid == 0) {
		if (args->atomic)
			atomicAddU(&out[0], partial[0]);
		else
			out[blockIdx.x] = partial[0];
	}
}
