// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Histogram of uint32 values into nbins bins, two ways:
 *
 * hist_global   every element is one atomicAdd on the global bins: simple,
 *               but contended and every update is a global memory AMO.
 * hist_shared   each CTA first counts into a private copy of the bins in
 *               shared memory (cheap shared AMOs), then adds its non-zero
 *               bins to the global ones: one global AMO per bin per CTA.
 *
 * Both loop grid-stride, so any grid size covers the input.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(hist_global, 20, 0, 0);
void hist_global(void)
{
	const struct hist_args *args = corun_args(struct hist_args);
	const uint32_t *in = (const uint32_t *)args->in;
	unsigned int *bins = (unsigned int *)args->bins;
	uint32_t stride = gridDim.x * blockDim.x;

	for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < args->n;
	     i += stride)
		atomicAddU(&bins[in[i] % args->nbins], 1);
}

CORUN_KERNEL(hist_shared, 20, HIST_MAX_BINS * sizeof(uint32_t), 0);
void hist_shared(void)
{
	const struct hist_args *args = corun_args(struct hist_args);
	const uint32_t *in = (const uint32_t *)args->in;
	unsigned int *bins = (unsigned int *)args->bins;
	unsigned int *local = corun_shared(0);
	uint32_t tid = threadIdx.x, nthreads = blockDim.x;
	uint32_t stride = gridDim.x * nthreads;
	uint32_t nbins = args->nbins;

	/* Shared memory is not zeroed at CTA start. */
	for (uint32_t b = tid; b < nbins; b += nthreads)
		local[b] = 0;
	__syncthreads();

	for (uint32_t i = blockIdx.x * nthreads + tid; i < args->n; i += stride)
		atomicAddU(&local[in[i] % nbins], 1);
	__syncthreads();

	for (uint32_t b = tid; b < nbins; b += nthreads) {
		if (local[b])
			atomicAddU(&bins[b], local[b]);
	}
}

/*
 * hist_bytes: the shape of Rodinia's histogram (huffman's histo_kernel):
 * byte input, a CTA of nbins threads, thread t owns shared bin t, one
 * shared atomicAdd per byte and one global atomicAdd per bin per CTA.
 */
CORUN_KERNEL(hist_bytes, 20, HIST_MAX_BINS * sizeof(uint32_t), 0);
void hist_bytes(void)
{
	const struct hist_args *args = corun_args(struct hist_args);
	const uint8_t *in = (const uint8_t *)args->in;
	unsigned int *bins = (unsigned int *)args->bins;
	unsigned int *local = corun_shared(0);
	uint32_t tid = threadIdx.x, stride = gridDim.x * blockDim.x;

	local[tid] = 0;
	__syncthreads();
	for (uint32_t i = blockIdx.x * blockDim.x + tid; i < args->n;
	     i += stride)
		atomicAddU(&local[in[i]], 1);
	__syncthreads();
	atomicAddU(&bins[tid], local[tid]);
}
