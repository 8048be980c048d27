/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * MRI-Q per-sample maths, shared by the device kernels and the CPU
 * reference: the device has no libm, so sine and cosine are computed
 * together by a quadrant reduction (pi/2 split in two parts) and short
 * Taylor polynomials on [-pi/4, pi/4] (absolute error below 2e-6 for
 * |x| < 40, the range used here). Same single-precision operations on
 * both sides: bit-identical with -ffp-contract=off.
 */
#ifndef _CORUN_KERNELS_MRIQ_H_
#define _CORUN_KERNELS_MRIQ_H_

#include <stdint.h>

union mq_fbits {
	float f;
	uint32_t u;
};

/*
 * Branch-free (no data-dependent divergence): the quadrant q is rounded
 * with a bias that keeps t + 1024.5 positive (|x| < 1000 here), and the
 * quadrant's swap and signs are applied with integer masks.
 */
static inline void mq_sincos(float x, float *sn, float *cs)
{
	const float two_over_pi = 0.636619772f;
	const float pio2_hi = 1.57079625f, pio2_lo = 7.54978995e-8f;
	float t = x * two_over_pi;
	int32_t q = (int32_t)(t + 1024.5f) - 1024;
	float r = (x - (float)q * pio2_hi) - (float)q * pio2_lo;
	float r2 = r * r;
	union mq_fbits s, c, so, co;
	uint32_t swap = 0u - ((uint32_t)q & 1);

	s.f = r * (1.0f + r2 * (-1.0f / 6.0f + r2 * (1.0f / 120.0f +
		r2 * (-1.0f / 5040.0f + r2 * (1.0f / 362880.0f)))));
	c.f = 1.0f + r2 * (-0.5f + r2 * (1.0f / 24.0f + r2 *
		(-1.0f / 720.0f + r2 * (1.0f / 40320.0f))));
	/* q = 0: (s, c); 1: (c, -s); 2: (-s, -c); 3: (-c, s). */
	so.u = ((s.u & ~swap) | (c.u & swap)) ^ (((uint32_t)q & 2) << 30);
	co.u = ((c.u & ~swap) | (s.u & swap)) ^
	       (((uint32_t)(q + 1) & 2) << 30);
	*sn = so.f;
	*cs = co.f;
}

/* One k-space sample's contribution to voxel (x, y, z). */
static inline void mq_accum(const float *k, float x, float y, float z,
			    float *qr, float *qi)
{
	const float two_pi = 6.2831853071795864769f;
	float arg = two_pi * (k[0] * x + k[1] * y + k[2] * z);
	float s, c;

	mq_sincos(arg, &s, &c);
	*qr = *qr + k[3] * c;
	*qi = *qi + k[3] * s;
}

#endif /* _CORUN_KERNELS_MRIQ_H_ */
