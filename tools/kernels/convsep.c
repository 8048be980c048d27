// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * convsep: the row and column passes of a separable convolution (the
 * "convolutionSeparable" sample of the CUDA SDK, as in the CCBP/IKRA
 * lists, written from the algorithm and Podlozhnyuk's description). As
 * there, each thread produces CS_STEPS outputs along the filtered
 * direction: a CTA stages its tile plus CS_R apron pixels on both sides
 * in shared memory (zero outside the image), every thread keeps the
 * 2 CS_R + 1 taps in registers (the sample reads them from constant
 * memory, operands of its multiply-adds), and each output is a chain of
 * fused multiply-adds in tap order, which is what nvcc makes of the
 * sample's sum += x * h.
 */
#include <corun/kernel.h>
#include "args.h"

#define NT (2 * CS_R + 1)
#define RW (CS_BX * CS_STEPS + 2 * CS_R)	/* row pass tile width */
#define CH (CS_BY * CS_STEPS + 2 * CS_R)	/* column pass tile height */

/*
 * The taps, reversed so that tap k of the chain is h[k]; read-only loads
 * as the sample's constant-memory c_Kernel.
 */
static inline void load_taps(const float *taps, float h[NT])
{
#pragma unroll
	for (int k = 0; k < NT; k++)
		h[k] = corun_ldg_f32(&taps[NT - 1 - k]);
}

/* fma chain over NT values @stride floats apart in shared memory. */
static inline float chain(const float *t, uint32_t stride, const float h[NT])
{
	float sum = 0.0f;

#pragma unroll
	for (int k = 0; k < NT; k++)
		sum = __builtin_fmaf(t[k * stride], h[k], sum);
	return sum;
}

CORUN_KERNEL(convsep_rows, 32, CS_BY * RW * sizeof(float), 0);
void convsep_rows(void)
{
	const struct convsep_args *a = corun_args(struct convsep_args);
	const float *src = (const float *)a->src;
	float *dst = (float *)a->dst;
	float *t = corun_shared(0);
	uint32_t w = a->w, h = a->h, tx = threadIdx.x, ty = threadIdx.y;
	uint32_t x0 = blockIdx.x * CS_BX * CS_STEPS;
	uint32_t y = blockIdx.y * CS_BY + ty;
	float hk[NT];

	for (uint32_t i = tx; i < RW; i += CS_BX) {
		int32_t gx = (int32_t)x0 + (int32_t)i - CS_R;

		t[ty * RW + i] = y < h && gx >= 0 && gx < (int32_t)w ?
				 src[y * w + (uint32_t)gx] : 0.0f;
	}
	load_taps((const float *)a->taps, hk);
	__syncthreads();
	if (y >= h)
		return;
#pragma unroll
	for (uint32_t s = 0; s < CS_STEPS; s++) {
		uint32_t i = s * CS_BX + tx;

		if (x0 + i < w)
			dst[y * w + x0 + i] = chain(&t[ty * RW + i], 1, hk);
	}
}

CORUN_KERNEL(convsep_cols, 32, CH * CS_BX * sizeof(float), 0);
void convsep_cols(void)
{
	const struct convsep_args *a = corun_args(struct convsep_args);
	const float *src = (const float *)a->src;
	float *dst = (float *)a->dst;
	float *t = corun_shared(0);
	uint32_t w = a->w, h = a->h, tx = threadIdx.x, ty = threadIdx.y;
	uint32_t y0 = blockIdx.y * CS_BY * CS_STEPS;
	uint32_t x = blockIdx.x * CS_BX + tx;
	float hk[NT];

	for (uint32_t i = ty; i < CH; i += CS_BY) {
		int32_t gy = (int32_t)y0 + (int32_t)i - CS_R;

		t[i * CS_BX + tx] = x < w && gy >= 0 && gy < (int32_t)h ?
				    src[(uint32_t)gy * w + x] : 0.0f;
	}
	load_taps((const float *)a->taps, hk);
	__syncthreads();
	if (x >= w)
		return;
#pragma unroll
	for (uint32_t s = 0; s < CS_STEPS; s++) {
		uint32_t i = s * CS_BY + ty;

		if (y0 + i < h)
			dst[(y0 + i) * w + x] = chain(&t[i * CS_BX + tx], CS_BX,
						      hk);
	}
}
