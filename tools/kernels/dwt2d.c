// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * dwt2d: the row and column passes of one level of a 2-D 5/3 discrete
 * wavelet transform (the "dwt2d" benchmark of the Rodinia suite, written
 * from the lifting scheme). One thread per (low, high) output pair;
 * integer only: exact.
 */
#include <corun/kernel.h>
#include "args.h"
#include "dwt2d.h"

CORUN_KERNEL(dwt_rows, 24, 0, 0);
void dwt_rows(void)
{
	const struct dwt2d_args *a = corun_args(struct dwt2d_args);
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t r = blockIdx.y * blockDim.y + threadIdx.y;
	uint32_t w = a->w, st = a->stride;
	int32_t *dst = (int32_t *)a->dst + r * st;
	int32_t s, d;

	if (i >= w / 2 || r >= a->h)
		return;
	dwt53_pair((const int32_t *)a->src + r * st, 1, w, i, &s, &d);
	dst[i] = s;
	dst[w / 2 + i] = d;
}

CORUN_KERNEL(dwt_cols, 24, 0, 0);
void dwt_cols(void)
{
	const struct dwt2d_args *a = corun_args(struct dwt2d_args);
	uint32_t c = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t i = blockIdx.y * blockDim.y + threadIdx.y;
	uint32_t h = a->h, st = a->stride;
	int32_t *dst = (int32_t *)a->dst + c;
	int32_t s, d;

	if (c >= a->w || i >= h / 2)
		return;
	dwt53_pair((const int32_t *)a->src + c, st, h, i, &s, &d);
	dst[i * st] = s;
	dst[(h / 2 + i) * st] = d;
}
