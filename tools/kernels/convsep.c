// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * convsep: the row and column passes of a separable convolution (the
 * "convolutionSeparable" sample of the CUDA SDK, as in the CCBP/IKRA
 * lists, written from the algorithm). Each CTA stages its CS_BY x CS_BX
 * tile plus CS_R apron pixels on both sides of the filtered direction in
 * shared memory (zero outside the image), then every thread sums its
 * 2 CS_R + 1 products in tap order.
 */
#include <corun/kernel.h>
#include "args.h"

#define RW (CS_BX + 2 * CS_R)	/* row pass tile width */
#define CH (CS_BY + 2 * CS_R)	/* column pass tile height */

CORUN_KERNEL(convsep_rows, 24, CS_BY * RW * sizeof(float), 0);
void convsep_rows(void)
{
	const struct convsep_args *a = corun_args(struct convsep_args);
	const float *src = (const float *)a->src;
	const float *taps = (const float *)a->taps;
	float *t = corun_shared(0);
	uint32_t w = a->w, h = a->h, tx = threadIdx.x, ty = threadIdx.y;
	uint32_t x0 = blockIdx.x * CS_BX, y = blockIdx.y * CS_BY + ty;
	uint32_t x = x0 + tx;
	float sum = 0.0f;

	for (uint32_t i = tx; i < RW; i += CS_BX) {
		int32_t gx = (int32_t)x0 + (int32_t)i - CS_R;

		t[ty * RW + i] = y < h && gx >= 0 && gx < (int32_t)w ?
				 src[y * w + (uint32_t)gx] : 0.0f;
	}
	__syncthreads();
	if (x >= w || y >= h)
		return;
	for (int32_t k = -CS_R; k <= CS_R; k++)
		sum = sum + t[ty * RW + (uint32_t)((int32_t)tx + CS_R + k)] *
			    taps[CS_R - k];
	((float *)a->dst)[y * w + x] = sum;
}

CORUN_KERNEL(convsep_cols, 24, CH * CS_BX * sizeof(float), 0);
void convsep_cols(void)
{
	const struct convsep_args *a = corun_args(struct convsep_args);
	const float *src = (const float *)a->src;
	const float *taps = (const float *)a->taps;
	float *t = corun_shared(0);
	uint32_t w = a->w, h = a->h, tx = threadIdx.x, ty = threadIdx.y;
	uint32_t y0 = blockIdx.y * CS_BY, x = blockIdx.x * CS_BX + tx;
	uint32_t y = y0 + ty;
	float sum = 0.0f;

	for (uint32_t i = ty; i < CH; i += CS_BY) {
		int32_t gy = (int32_t)y0 + (int32_t)i - CS_R;

		t[i * CS_BX + tx] = x < w && gy >= 0 && gy < (int32_t)h ?
				    src[(uint32_t)gy * w + x] : 0.0f;
	}
	__syncthreads();
	if (x >= w || y >= h)
		return;
	for (int32_t k = -CS_R; k <= CS_R; k++)
		sum = sum + t[(uint32_t)((int32_t)ty + CS_R + k) * CS_BX + tx] *
			    taps[CS_R - k];
	((float *)a->dst)[y * w + x] = sum;
}
