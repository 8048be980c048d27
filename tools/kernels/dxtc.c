// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * dxtc: DXT1-style block compression (after the "dxtc" sample of the
 * CUDA SDK, written from the idea): each CTA loads one 4 x 4 block into
 * shared memory, its threads evaluate one candidate endpoint pair each,
 * and a shared-memory argmin tree picks the best; thread 0 then encodes
 * the block. Integer only: exact.
 */
#include <corun/kernel.h>
#include "args.h"
#include "dxtc.h"

CORUN_KERNEL(dxtc, 28, (16 + 2 * DXTC_THREADS) * sizeof(uint32_t), 0);
void dxtc(void)
{
	const struct dxtc_args *a = corun_args(struct dxtc_args);
	uint32_t *px = corun_shared(0);
	uint32_t *err = px + 16, *idx = err + DXTC_THREADS;
	uint32_t t = threadIdx.x, w = a->w;
	uint32_t bx = blockIdx.x, by = blockIdx.y, pal[4], i, j;
	uint32_t e = 0xffffffffu;

	if (t < 16)
		px[t] = ((const uint32_t *)a->img)[(4 * by + t / 4) * w +
						   4 * bx + t % 4];
	__syncthreads();
	if (t < DXTC_PAIRS) {
		dxtc_pair(t, &i, &j);
		dxtc_palette(px[i], px[j], pal);
		e = dxtc_error(px, pal);
	}
	err[t] = e;
	idx[t] = t;
	__syncthreads();
	for (uint32_t h = DXTC_THREADS / 2; h; h >>= 1) {
		if (t < h && (err[t + h] < err[t] ||
			      (err[t + h] == err[t] && idx[t + h] < idx[t]))) {
			err[t] = err[t + h];
			idx[t] = idx[t + h];
		}
		__syncthreads();
	}
	if (!t) {
		uint32_t *o = (uint32_t *)a->out + 3 * (by * (w / 4) + bx);

		dxtc_pair(idx[0], &i, &j);
		dxtc_palette(px[i], px[j], pal);
		o[0] = i | j << 8;
		o[1] = dxtc_indices(px, pal);
		o[2] = err[0];
	}
}
