/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The pair interaction of the lavamd workload, shared by the device
 * kernel and the CPU reference so both perform the same single-precision
 * operations in the same order (bit-identical with -ffp-contract=off).
 * The device has no libm, so exp() is a fixed range reduction and
 * polynomial here, not the host's expf.
 */
#ifndef _CORUN_KERNELS_LAVAMD_H_
#define _CORUN_KERNELS_LAVAMD_H_

#include <stdint.h>

/* e^x for x <= 0: 2^k * p(r), x = k ln 2 + r; 0 below -80. */
static inline float lav_exp(float x)
{
	union { uint32_t u; float f; } s;
	float r, p;
	int32_t k;

	if (x < -80.0f)
		return 0.0f;
	k = (int32_t)(x * 1.44269504f - 0.5f);	/* truncates towards 0 */
	r = x - (float)k * 0.693147182f;
	p = 1.0f + r * (1.0f + r * (0.5f + r * (0.166666667f +
		r * (0.0416666667f + r * (0.00833333333f +
		r * 0.00138888889f)))));
	s.u = (uint32_t)(k + 127) << 23;
	return p * s.f;
}

/*
 * Add particle j's (position rj, charge qj) effect on ri to acc. The
 * device passes the particle's force record in global memory, updated in
 * place for every pair as Rodinia's kernel does (fA[wtx].v += ...):
 * volatile makes each of the four updates a load and a store.
 */
static inline void lav_interact(const float *ri, const float *rj, float qj,
				float a2, volatile float *acc)
{
	float dx = ri[0] - rj[0], dy = ri[1] - rj[1], dz = ri[2] - rj[2];
	float r2 = dx * dx + dy * dy + dz * dz;
	float vij = lav_exp(-(a2 * r2));
	float fs = 2.0f * vij;

	acc[0] = acc[0] + qj * vij;
	acc[1] = acc[1] + qj * (fs * dx);
	acc[2] = acc[2] + qj * (fs * dy);
	acc[3] = acc[3] + qj * (fs * dz);
}

#endif /* _CORUN_KERNELS_LAVAMD_H_ */
