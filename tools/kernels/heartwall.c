// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * heartwall: one frame of point tracking by template matching (after
 * the "heartwall" benchmark of the Rodinia suite, written from the idea;
 * sum of squared differences instead of its normalised correlation so
 * that results are exact integers). One CTA per tracked point, one
 * thread per candidate displacement, a shared-memory argmin tree.
 */
#include <corun/kernel.h>
#include "args.h"
#include "heartwall.h"

CORUN_KERNEL(heartwall, 28, 2 * HW_THREADS * sizeof(uint32_t), 0);
void heartwall(void)
{
	const struct heartwall_args *a = corun_args(struct heartwall_args);
	uint32_t *sv = corun_shared(0), *si = sv + HW_THREADS;
	uint32_t w = a->w, h = a->h, f = a->f, p = blockIdx.x;
	uint32_t t = threadIdx.x, fsz = w * h, n;
	const uint8_t *cur = (const uint8_t *)a->frames + f * fsz;
	uint32_t *pos = (uint32_t *)a->pos;
	uint32_t xy = pos[p];
	int32_t x = (int32_t)(xy & 0xffff), y = (int32_t)(xy >> 16);

	sv[t] = t < HW_C ? hw_ssd(cur - fsz, cur, w, h, x, y, t) : 0xffffffffu;
	si[t] = t;
	__syncthreads();
	/* Tree over the next power of two, out-of-range partners skipped. */
	for (n = 1; n < HW_THREADS; n <<= 1)
		;
	for (uint32_t s = n / 2; s; s >>= 1) {
		if (t < s && t + s < HW_THREADS &&
		    (sv[t + s] < sv[t] ||
		     (sv[t + s] == sv[t] && si[t + s] < si[t]))) {
			sv[t] = sv[t + s];
			si[t] = si[t + s];
		}
		__syncthreads();
	}
	if (!t) {
		uint32_t c = si[0], o = (f - 1) * a->npts + p;

		x += (int32_t)(c % HW_S) - HW_R;
		y += (int32_t)(c / HW_S) - HW_R;
		x = x < 0 ? 0 : x >= (int32_t)w ? (int32_t)w - 1 : x;
		y = y < 0 ? 0 : y >= (int32_t)h ? (int32_t)h - 1 : y;
		xy = (uint32_t)x | (uint32_t)y << 16;
		pos[p] = xy;
		((uint32_t *)a->track)[o] = xy;
		((uint32_t *)a->ssd)[o] = sv[0];
	}
}
