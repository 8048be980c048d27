// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * sad: full-search block matching for motion estimation (the "sad"
 * kernels of the Parboil suite, written from the algorithm). sad_4x4
 * stages its 4x4 block of the current frame in shared memory and then
 * each thread scores displacements against the reference frame (byte
 * loads, clamped at the edges); sad_8x8 combines four 4x4 scores into
 * the 8x8 block's. Integer only: exact.
 */
#include <corun/kernel.h>
#include "args.h"

static inline int32_t sad_clamp(int32_t v, int32_t n)
{
	return v < 0 ? 0 : v >= n ? n - 1 : v;
}

CORUN_KERNEL(sad_4x4, 24, 16 * sizeof(uint32_t), 0);
void sad_4x4(void)
{
	const struct sad_args *a = corun_args(struct sad_args);
	const uint8_t *cur = (const uint8_t *)a->cur;
	const uint8_t *ref = (const uint8_t *)a->ref;
	uint32_t *out = (uint32_t *)a->sad4 + blockIdx.x * SAD_POS;
	uint32_t *blk = corun_shared(0);
	int32_t w = (int32_t)a->w, h = (int32_t)a->h;
	int32_t bx = (int32_t)(blockIdx.x % (a->w / 4)) * 4;
	int32_t by = (int32_t)(blockIdx.x / (a->w / 4)) * 4;
	uint32_t tid = threadIdx.x;

	if (tid < 16)
		blk[tid] = cur[(by + (int32_t)tid / 4) * w + bx + (int32_t)tid % 4];
	__syncthreads();

	for (uint32_t p = tid; p < SAD_POS; p += blockDim.x) {
		int32_t dy = (int32_t)(p / SAD_SIDE) - SAD_R;
		int32_t dx = (int32_t)(p % SAD_SIDE) - SAD_R;
		int32_t cx[4];
		uint32_t sum = 0;

		for (int32_t j = 0; j < 4; j++)
			cx[j] = sad_clamp(bx + dx + j, w);
		for (int32_t i = 0; i < 4; i++) {
			const uint8_t *row = ref + sad_clamp(by + dy + i, h) * w;

			/* The reference frame: a texture fetch in Parboil SAD. */
			for (int32_t j = 0; j < 4; j++) {
				int32_t d = (int32_t)blk[i * 4 + j] -
					    (int32_t)corun_ldg_u8(&row[cx[j]]);

				sum += (uint32_t)(d < 0 ? -d : d);
			}
		}
		out[p] = sum;
	}
}

CORUN_KERNEL(sad_8x8, 20, 0, 0);
void sad_8x8(void)
{
	const struct sad_args *a = corun_args(struct sad_args);
	const uint32_t *s4 = (const uint32_t *)a->sad4;
	uint32_t *s8 = (uint32_t *)a->sad8;
	uint32_t n8 = (a->w / 8) * (a->h / 8), w4 = a->w / 4;
	uint32_t idx = blockIdx.x * blockDim.x + threadIdx.x;

	if (idx >= n8 * SAD_POS)
		return;
	uint32_t b = idx / SAD_POS, p = idx % SAD_POS;
	uint32_t b4 = (b / (a->w / 8)) * 2 * w4 + (b % (a->w / 8)) * 2;

	s8[idx] = s4[b4 * SAD_POS + p] + s4[(b4 + 1) * SAD_POS + p] +
		  s4[(b4 + w4) * SAD_POS + p] + s4[(b4 + w4 + 1) * SAD_POS + p];
}
