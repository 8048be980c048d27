// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bucketsort: a bucket sort in four launches (the CCBP paper's SRT,
 * written from the algorithm): count the keys per bucket, prefix-sum the
 * counts, scatter the keys to their buckets with an atomic cursor per
 * bucket (the order inside a bucket depends on timing), and bitonic-sort
 * every bucket in shared memory, which makes the result deterministic.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(bs_count, 20, BS_MAX_NB * sizeof(uint32_t), 0);
void bs_count(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	const uint32_t *in = (const uint32_t *)a->in;
	unsigned int *counts = (unsigned int *)a->counts;
	unsigned int *local = corun_shared(0);
	uint32_t tid = threadIdx.x, nt = blockDim.x, nb = a->nb;

	for (uint32_t b = tid; b < nb; b += nt)
		local[b] = 0;
	__syncthreads();
	for (uint32_t i = blockIdx.x * nt + tid; i < a->n; i += gridDim.x * nt)
		atomicAddU(&local[in[i] >> a->shift], 1);
	__syncthreads();
	for (uint32_t b = tid; b < nb; b += nt) {
		if (local[b])
			atomicAddU(&counts[b], local[b]);
	}
}

CORUN_KERNEL(bs_prefix, 24, 2 * BS_SCAN_BLOCK * sizeof(uint32_t), 0);
void bs_prefix(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	const uint32_t *counts = (const uint32_t *)a->counts;
	uint32_t *offsets = (uint32_t *)a->offsets;
	uint32_t *cursor = (uint32_t *)a->cursor;
	uint32_t *buf = corun_shared(0);
	uint32_t tid = threadIdx.x, nb = a->nb;
	uint32_t chunk = (nb + BS_SCAN_BLOCK - 1) / BS_SCAN_BLOCK;
	uint32_t lo = tid * chunk, hi = lo + chunk < nb ? lo + chunk : nb;
	uint32_t sum = 0, in = 0;

	/* Each thread's serial chunk, then an inclusive Hillis-Steele scan. */
	for (uint32_t b = lo; b < hi; b++)
		sum += counts[b];
	buf[tid] = sum;
	__syncthreads();
	for (uint32_t d = 1; d < BS_SCAN_BLOCK; d *= 2) {
		uint32_t *src = buf + in * BS_SCAN_BLOCK;
		uint32_t *dst = buf + (in ^ 1) * BS_SCAN_BLOCK;

		dst[tid] = tid >= d ? src[tid] + src[tid - d] : src[tid];
		in ^= 1;
		__syncthreads();
	}
	sum = buf[in * BS_SCAN_BLOCK + tid] - sum;	/* exclusive */
	for (uint32_t b = lo; b < hi; b++) {
		offsets[b] = sum;
		cursor[b] = sum;
		sum += counts[b];
	}
}

CORUN_KERNEL(bs_scatter, 20, 0, 0);
void bs_scatter(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	const uint32_t *in = (const uint32_t *)a->in;
	uint32_t *out = (uint32_t *)a->out;
	unsigned int *cursor = (unsigned int *)a->cursor;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= a->n)
		return;
	uint32_t key = in[i];

	out[atomicAddU(&cursor[key >> a->shift], 1)] = key;
}

CORUN_KERNEL(bs_sort, 24, BS_MAX_BUCKET * sizeof(uint32_t), 0);
void bs_sort(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	uint32_t *out = (uint32_t *)a->out + ((const uint32_t *)a->offsets)[blockIdx.x];
	uint32_t cnt = ((const uint32_t *)a->counts)[blockIdx.x];
	uint32_t *s = corun_shared(0);
	uint32_t tid = threadIdx.x, nt = blockDim.x, p = 2;

	corun_assert(cnt <= BS_MAX_BUCKET);
	while (p < cnt)
		p *= 2;
	for (uint32_t i = tid; i < p; i += nt)
		s[i] = i < cnt ? out[i] : 0xffffffffu;
	__syncthreads();
	for (uint32_t k = 2; k <= p; k *= 2) {
		for (uint32_t j = k / 2; j > 0; j /= 2) {
			for (uint32_t i = tid; i < p; i += nt) {
				uint32_t x = i ^ j;

				if (x > i) {
					uint32_t u = s[i], v = s[x];

					if ((u > v) == ((i & k) == 0)) {
						s[i] = v;
						s[x] = u;
					}
				}
			}
			__syncthreads();
		}
	}
	for (uint32_t i = tid; i < cnt; i += nt)
		out[i] = s[i];
}
