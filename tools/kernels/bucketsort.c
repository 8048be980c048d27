// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bucketsort: the CCBP paper's SRT, Rodinia's hybrid sort, written from
 * the algorithm. A bucket sort (count with a per-CTA rank of every key
 * from a shared atomic, prefix, scatter to rank; the order inside a
 * bucket depends on timing) followed by a merge sort of every bucket
 * in global memory: sort each 4-key vector in registers, then one launch
 * per merge pass, each reading and writing the whole array, until a run
 * covers the largest bucket; a last pass packs out the pad keys. See
 * args.h.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(bs_count, 20, BS_MAX_NB * sizeof(uint32_t), 0);
void bs_count(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	const uint32_t *in = (const uint32_t *)a->in;
	uint32_t *ranks = (uint32_t *)a->ranks;
	unsigned int *counts = (unsigned int *)a->counts;
	uint32_t *bcounts = (uint32_t *)a->bcounts + blockIdx.x * a->nb;
	unsigned int *local = corun_shared(0);
	uint32_t tid = threadIdx.x, nt = blockDim.x, nb = a->nb;

	for (uint32_t b = tid; b < nb; b += nt)
		local[b] = 0;
	__syncthreads();
	for (uint32_t i = blockIdx.x * nt + tid; i < a->n; i += gridDim.x * nt)
		ranks[i] = atomicAddU(&local[in[i] >> a->shift], 1);
	__syncthreads();
	for (uint32_t b = tid; b < nb; b += nt) {
		bcounts[b] = local[b];
		if (local[b])
			atomicAddU(&counts[b], local[b]);
	}
}

/* Inclusive Hillis-Steele scan of v over the CTA; buf holds 2 x nt words. */
static uint32_t bs_scan(uint32_t *buf, uint32_t tid, uint32_t v)
{
	uint32_t in = 0;

	buf[tid] = v;
	__syncthreads();
	for (uint32_t d = 1; d < BS_SCAN_BLOCK; d *= 2) {
		uint32_t *src = buf + in * BS_SCAN_BLOCK;
		uint32_t *dst = buf + (in ^ 1) * BS_SCAN_BLOCK;

		dst[tid] = tid >= d ? src[tid] + src[tid - d] : src[tid];
		in ^= 1;
		__syncthreads();
	}
	v = buf[in * BS_SCAN_BLOCK + tid];
	__syncthreads();	/* buf is reused by the next scan */
	return v;
}

CORUN_KERNEL(bs_prefix, 24, 2 * BS_SCAN_BLOCK * sizeof(uint32_t), 0);
void bs_prefix(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	const uint32_t *counts = (const uint32_t *)a->counts;
	uint32_t *offsets = (uint32_t *)a->offsets;
	uint32_t *poffs = (uint32_t *)a->poffs;
	uint32_t *bcounts = (uint32_t *)a->bcounts;
	uint32_t *buf = corun_shared(0);
	uint32_t tid = threadIdx.x, nb = a->nb;
	uint32_t chunk = (nb + BS_SCAN_BLOCK - 1) / BS_SCAN_BLOCK;
	uint32_t lo = tid * chunk, hi = lo + chunk < nb ? lo + chunk : nb;
	uint32_t sum = 0, psum = 0;

	/* Each thread's serial chunk, then a scan of the chunk sums. */
	for (uint32_t b = lo; b < hi; b++) {
		sum += counts[b];
		psum += (counts[b] + 3) & ~3u;
	}
	sum = bs_scan(buf, tid, sum) - sum;	/* exclusive */
	psum = bs_scan(buf, tid, psum) - psum;
	for (uint32_t b = lo; b < hi; b++) {
		uint32_t at = psum;

		offsets[b] = sum;
		poffs[b] = psum;
		sum += counts[b];
		psum += (counts[b] + 3) & ~3u;
		/* Where each bs_count CTA's keys of the bucket start. */
		for (uint32_t g = 0; g < a->ngrid; g++) {
			uint32_t c = bcounts[g * nb + b];

			bcounts[g * nb + b] = at;
			at += c;
		}
	}
}

CORUN_KERNEL(bs_scatter, 20, 0, 0);
void bs_scatter(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	const uint32_t *in = (const uint32_t *)a->in;
	const uint32_t *ranks = (const uint32_t *)a->ranks;
	const uint32_t *at = (const uint32_t *)a->bcounts + blockIdx.x * a->nb;
	uint32_t *dst = (uint32_t *)a->dst;
	uint32_t nt = blockDim.x;

	for (uint32_t i = blockIdx.x * nt + threadIdx.x; i < a->n;
	     i += gridDim.x * nt) {
		uint32_t key = in[i];

		dst[at[key >> a->shift] + ranks[i]] = key;
	}
}

#define BS_CX(x, y)                            \
	do {                                   \
		uint32_t lo_ = x < y ? x : y;  \
		uint32_t hi_ = x < y ? y : x;  \
		x = lo_;                       \
		y = hi_;                       \
	} while (0)

CORUN_KERNEL(bs_sort4, 24, 0, 0);
void bs_sort4(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	uint32_t gid = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t b = gid / a->tpb, j = 4 * (gid % a->tpb);

	if (b >= a->nb)
		return;
	uint32_t cnt = ((const uint32_t *)a->counts)[b];

	if (j >= cnt)
		return;
	uint32_t *v = (uint32_t *)a->dst + ((const uint32_t *)a->poffs)[b] + j;
	uint32_t m = cnt - j;
	uint32_t k0 = v[0];
	uint32_t k1 = m > 1 ? v[1] : 0xffffffffu;
	uint32_t k2 = m > 2 ? v[2] : 0xffffffffu;
	uint32_t k3 = m > 3 ? v[3] : 0xffffffffu;

	/* Five-comparator sorting network. */
	BS_CX(k0, k1);
	BS_CX(k2, k3);
	BS_CX(k0, k2);
	BS_CX(k1, k3);
	BS_CX(k1, k2);
	v[0] = k0;
	v[1] = k1;
	v[2] = k2;
	v[3] = k3;
}

CORUN_KERNEL(bs_merge, 32, 0, 0);
void bs_merge(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	uint32_t gid = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t b = gid / a->tpb, run = a->run;

	if (b >= a->nb)
		return;
	uint32_t len = (((const uint32_t *)a->counts)[b] + 3) & ~3u;
	uint32_t lo = 2 * run * (gid % a->tpb);

	if (lo >= len)
		return;
	uint32_t base = ((const uint32_t *)a->poffs)[b];
	const uint32_t *src = (const uint32_t *)a->src + base;
	uint32_t *dst = (uint32_t *)a->dst + base;
	uint32_t mid = lo + run < len ? lo + run : len;
	uint32_t hi = lo + 2 * run < len ? lo + 2 * run : len;

	if (mid == hi) {	/* no partner run: copy */
		for (uint32_t i = lo; i < hi; i++)
			dst[i] = src[i];
		return;
	}
	/*
	 * Merge 4 keys at a time: x holds the next 4-key vector, y the 4
	 * largest keys seen so far. A bitonic merge of x and y puts the 4
	 * smallest in x, which go out; then x takes the next vector of the
	 * run whose head (ha, hb, loaded with the previous vector, so one
	 * memory round trip per step) is smaller. Every key kept in y is at
	 * most that head, so what goes out is never larger than what is
	 * still to come.
	 */
	uint32_t ia = lo + 4, ib = mid + 4, o = lo;
	uint32_t x0 = src[lo], x1 = src[lo + 1], x2 = src[lo + 2],
		 x3 = src[lo + 3];
	uint32_t y0 = src[mid], y1 = src[mid + 1], y2 = src[mid + 2],
		 y3 = src[mid + 3];
	uint32_t ha = ia < mid ? src[ia] : 0, hb = ib < hi ? src[ib] : 0;

	for (;;) {
		uint32_t next;

		BS_CX(x0, y3);
		BS_CX(x1, y2);
		BS_CX(x2, y1);
		BS_CX(x3, y0);
		BS_CX(x0, x2);
		BS_CX(x1, x3);
		BS_CX(x0, x1);
		BS_CX(x2, x3);
		BS_CX(y0, y2);
		BS_CX(y1, y3);
		BS_CX(y0, y1);
		BS_CX(y2, y3);
		dst[o] = x0;
		dst[o + 1] = x1;
		dst[o + 2] = x2;
		dst[o + 3] = x3;
		o += 4;
		if (ia < mid && (ib >= hi || ha <= hb)) {
			next = ia;
			ia += 4;
			ha = ia < mid ? src[ia] : 0;
		} else if (ib < hi) {
			next = ib;
			ib += 4;
			hb = ib < hi ? src[ib] : 0;
		} else {
			break;
		}
		x0 = src[next];
		x1 = src[next + 1];
		x2 = src[next + 2];
		x3 = src[next + 3];
	}
	dst[o] = y0;
	dst[o + 1] = y1;
	dst[o + 2] = y2;
	dst[o + 3] = y3;
}

CORUN_KERNEL(bs_pack, 20, 0, 0);
void bs_pack(void)
{
	const struct bs_args *a = corun_args(struct bs_args);
	uint32_t gid = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t b = gid / a->tpb, j = gid % a->tpb;

	if (b >= a->nb || j >= ((const uint32_t *)a->counts)[b])
		return;
	((uint32_t *)a->dst)[((const uint32_t *)a->offsets)[b] + j] =
		((const uint32_t *)a->src)[((const uint32_t *)a->poffs)[b] + j];
}
