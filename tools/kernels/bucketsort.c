// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bucketsort: the CCBP paper's SRT, Rodinia's hybrid sort, written from
 * the algorithm. A bucket sort (count with a per-CTA rank of every key
 * from a shared atomic, prefix, scatter to rank; the order inside a
 * bucket depends on timing) followed by a merge sort of every bucket
 * in global memory: sort each 4-key vector in registers, then one launch
 * per merge pass, each reading and writing the whole array, until a run
 * covers the largest bucket; a last pass packs out the pad keys. See
 * args.h. As Rodinia's float4 accesses, the sort and merge passes move
 * 4 keys per 16-byte vector load or store (corun_ld_v4() and kin); the
 * merge passes read through the texture path (corun_ldg_v4()).
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
	/* One vector in, one out, as Rodinia's float4 (in place here). */
	uint32_t *v = (uint32_t *)a->dst + ((const uint32_t *)a->poffs)[b] + j;
	struct corun_u32x4 k = corun_ld_v4(v);
	uint32_t m = cnt - j;

	if (m < 4) {
		k.w = 0xffffffffu;
		k.z = m > 2 ? k.z : 0xffffffffu;
		k.y = m > 1 ? k.y : 0xffffffffu;
	}
	/* Five-comparator sorting network. */
	BS_CX(k.x, k.y);
	BS_CX(k.z, k.w);
	BS_CX(k.x, k.z);
	BS_CX(k.y, k.w);
	BS_CX(k.y, k.z);
	corun_st_v4(v, k);
}

/* Bitonic merge of x and y: the 4 smallest in x, the 4 largest in y. */
static inline void bs_merge4(struct corun_u32x4 *x, struct corun_u32x4 *y)
{
	BS_CX(x->x, y->w);
	BS_CX(x->y, y->z);
	BS_CX(x->z, y->y);
	BS_CX(x->w, y->x);
	BS_CX(x->x, x->z);
	BS_CX(x->y, x->w);
	BS_CX(x->x, x->y);
	BS_CX(x->z, x->w);
	BS_CX(y->x, y->z);
	BS_CX(y->y, y->w);
	BS_CX(y->x, y->y);
	BS_CX(y->z, y->w);
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
		for (uint32_t i = lo; i < hi; i += 4)
			corun_st_v4(dst + i, corun_ldg_v4(src + i));
		return;
	}
	/*
	 * Rodinia's mergeSortPass, 4 keys at a time: x holds the next
	 * vector, y the 4 largest keys seen so far. A bitonic merge of x
	 * and y puts the 4 smallest in x, which go out; then x takes the
	 * next vector of the run whose head is smaller, both next vectors
	 * read (through the texture path) in the same step. Every key kept
	 * in y is at most that head, so what goes out is never larger than
	 * what is still to come.
	 */
	uint32_t ia = lo + 4, ib = mid + 4, o = lo;
	struct corun_u32x4 x = corun_ldg_v4(src + lo);
	struct corun_u32x4 y = corun_ldg_v4(src + mid);

	for (;;) {
		bs_merge4(&x, &y);
		corun_st_v4(dst + o, x);
		o += 4;
		if (ia < mid && ib < hi) {
			struct corun_u32x4 na = corun_ldg_v4(src + ia);
			struct corun_u32x4 nb = corun_ldg_v4(src + ib);

			if (na.x <= nb.x) {
				x = na;
				ia += 4;
			} else {
				x = nb;
				ib += 4;
			}
		} else if (ia < mid) {
			x = corun_ldg_v4(src + ia);
			ia += 4;
		} else if (ib < hi) {
			x = corun_ldg_v4(src + ib);
			ib += 4;
		} else {
			break;
		}
	}
	corun_st_v4(dst + o, y);
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
