/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Reversible 5/3 lifting step (JPEG 2000's integer wavelet) shared by
 * the device kernels and the CPU reference. Integer arithmetic with
 * arithmetic shifts for the floors: exact on both sides.
 *
 * For a line x[0 .. n-1] (n even, >= 2, symmetric extension x[-k] = x[k],
 * x[n-1+k] = x[n-1-k]):
 *   d_i = x[2i+1] - floor((x[2i] + x[2i+2]) / 2)
 *   s_i = x[2i] + floor((d_{i-1} + d_i + 2) / 4),  d_{-1} = d_0
 */
#ifndef _CORUN_KERNELS_DWT2D_H_
#define _CORUN_KERNELS_DWT2D_H_

#include <stdint.h>

static inline int32_t dwt53_x(const int32_t *x, uint32_t stride, int32_t n,
			      int32_t k)
{
	if (k < 0)
		k = -k;
	if (k >= n)
		k = 2 * n - 2 - k;
	return x[(uint32_t)k * stride];
}

/* Pair i of the line at @x (element stride @stride, length @n). */
static inline void dwt53_pair(const int32_t *x, uint32_t stride, uint32_t n,
			      uint32_t i, int32_t *s, int32_t *d)
{
	int32_t nn = (int32_t)n, e = 2 * (int32_t)i;
	int32_t x0 = dwt53_x(x, stride, nn, e);
	int32_t di = dwt53_x(x, stride, nn, e + 1) -
		     ((x0 + dwt53_x(x, stride, nn, e + 2)) >> 1);
	int32_t dm = i ? dwt53_x(x, stride, nn, e - 1) -
			 ((dwt53_x(x, stride, nn, e - 2) + x0) >> 1) : di;

	*d = di;
	*s = x0 + ((dm + di + 2) >> 2);
}

#endif /* _CORUN_KERNELS_DWT2D_H_ */
