/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The pair interaction of the lavamd workload, shared by the device
 * kernel and the CPU reference so both perform the same binary64
 * operations in the same order (bit-identical with -ffp-contract=off).
 * Rodinia's lavaMD computes in double (its fp type). The device has no
 * libm, so exp() is a fixed range reduction and polynomial here, not the
 * host's exp.
 */
#ifndef _CORUN_KERNELS_LAVAMD_H_
#define _CORUN_KERNELS_LAVAMD_H_

#include <stdint.h>

/* e^x for x <= 0: 2^k * p(r), x = k ln 2 + r; 0 below -700. */
static inline double lav_exp(double x)
{
	union { uint64_t u; double f; } s;
	double r, p;
	int32_t k;

	if (x < -700.0)
		return 0.0;
	k = (int32_t)(x * 1.4426950408889634 - 0.5);	/* towards 0 */
	r = x - (double)k * 0.69314718055994531;
	p = 1.0 + r * (1.0 + r * (0.5 + r * (0.16666666666666667 +
		r * (0.041666666666666667 + r * (0.0083333333333333333 +
		r * (0.0013888888888888889 + r * (0.00019841269841269841 +
		r * (2.4801587301587302e-05 + r * 2.7557319223985891e-06))))))));
	s.u = (uint64_t)(k + 1023) << 52;
	return p * s.f;
}

/*
 * Add particle j's (position rj, charge qj) effect on particle i (ri) to
 * acc. As in Rodinia's kernel, ri and acc are the particle's records in
 * global memory (rA[wtx], fA[wtx]) and acc is updated in place for every
 * pair (fA[wtx].v += ...): volatile makes each of the four updates a
 * load and a store, and the stores oblige the next pair to read ri again.
 */
static inline void lav_interact(const double *ri, const double *rj,
				double qj, double a2, volatile double *acc)
{
	double dx = ri[0] - rj[0], dy = ri[1] - rj[1], dz = ri[2] - rj[2];
	double r2 = dx * dx + dy * dy + dz * dz;
	double vij = lav_exp(-(a2 * r2));
	double fs = 2.0 * vij;

	acc[0] = acc[0] + qj * vij;
	acc[1] = acc[1] + qj * (fs * dx);
	acc[2] = acc[2] + qj * (fs * dy);
	acc[3] = acc[3] + qj * (fs * dz);
}

#endif /* _CORUN_KERNELS_LAVAMD_H_ */
