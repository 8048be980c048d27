/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Black-Scholes European option pricing of one option, shared by the
 * device kernel and the CPU reference. The device has no libm, so exp
 * and log are the small single-precision approximations below (range
 * reduction by powers of two, short polynomials; relative error around
 * 1e-7, ample for a benchmark), and the normal CDF is the Abramowitz and
 * Stegun polynomial the CUDA SDK sample uses. fsqrt.s and the host's
 * sqrtf are both correctly rounded. With -ffp-contract=off on both
 * sides every result is bit-identical.
 */
#ifndef _CORUN_KERNELS_BLACKSCHOLES_H_
#define _CORUN_KERNELS_BLACKSCHOLES_H_

#include <stdint.h>

union bs_fbits {
	float f;
	uint32_t u;
};

/* e^x for |x| < 80. */
static inline float bs_expf(float x)
{
	const float log2e = 1.44269504f;
	const float ln2_hi = 0.693145752f, ln2_lo = 1.42860677e-6f;
	float t = x * log2e, r, p;
	int32_t k = (int32_t)(t + (t >= 0.0f ? 0.5f : -0.5f));
	union bs_fbits s;

	r = (x - (float)k * ln2_hi) - (float)k * ln2_lo;	/* |r| <= ln2/2 */
	p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6.0f +
		r * (1.0f / 24.0f + r * (1.0f / 120.0f + r * (1.0f / 720.0f))))));
	s.u = (uint32_t)(k + 127) << 23;
	return p * s.f;
}

/* Natural logarithm for normal positive x. */
static inline float bs_logf(float x)
{
	const float ln2 = 0.693147181f;
	union bs_fbits b = { .f = x };
	int32_t e = (int32_t)((b.u >> 23) & 0xff) - 127;
	float m, s, s2;

	b.u = (b.u & 0x007fffffu) | 0x3f800000u;	/* m in [1, 2) */
	m = b.f;
	if (m > 1.41421356f) {
		m = m * 0.5f;
		e++;
	}
	s = (m - 1.0f) / (m + 1.0f);
	s2 = s * s;
	return (float)e * ln2 +
	       2.0f * s * (1.0f + s2 * (1.0f / 3.0f + s2 * (1.0f / 5.0f +
			  s2 * (1.0f / 7.0f + s2 * (1.0f / 9.0f)))));
}

/* Cumulative normal distribution (Abramowitz and Stegun 26.2.17). */
static inline float bs_cnd(float d)
{
	const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f;
	const float a4 = -1.821255978f, a5 = 1.330274429f;
	const float rsqrt2pi = 0.39894228040143267794f;
	float ad = d < 0.0f ? -d : d;
	float k = 1.0f / (1.0f + 0.2316419f * ad);
	float c = rsqrt2pi * bs_expf(-0.5f * d * d) *
		  (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));

	return d > 0.0f ? 1.0f - c : c;
}

static inline void bs_option(float s, float x, float t, float r, float v,
			     float sqrt_t, float *call, float *put)
{
	float d1 = (bs_logf(s / x) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
	float d2 = d1 - v * sqrt_t;
	float c1 = bs_cnd(d1), c2 = bs_cnd(d2);
	float xe = x * bs_expf(-r * t);

	*call = s * c1 - xe * c2;
	*put = xe * (1.0f - c2) - s * (1.0f - c1);
}

#endif /* _CORUN_KERNELS_BLACKSCHOLES_H_ */
