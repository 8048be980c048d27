/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The 3 x 3 convolution of PolyBench's 2DCONV, shared by the device
 * kernel and the CPU reference (same operations, same order). @p points
 * at the centre pixel of a row-major image with row stride @nj.
 */
#ifndef _CORUN_KERNELS_CONV2D_H_
#define _CORUN_KERNELS_CONV2D_H_

static inline float conv2d_point(const float *p, unsigned int nj)
{
	const float c11 = +0.2f, c21 = +0.5f, c31 = -0.8f;
	const float c12 = -0.3f, c22 = +0.6f, c32 = -0.9f;
	const float c13 = +0.4f, c23 = +0.7f, c33 = +0.10f;
	const float *u = p - nj, *d = p + nj;

	return c11 * u[-1] + c12 * p[-1] + c13 * d[-1] +
	       c21 * u[0] + c22 * p[0] + c23 * d[0] +
	       c31 * u[1] + c32 * p[1] + c33 * d[1];
}

#endif /* _CORUN_KERNELS_CONV2D_H_ */
