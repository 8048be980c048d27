/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * D2Q9 lattice-Boltzmann cell update, shared by the device kernel and
 * the CPU reference so both perform the same single-precision operations
 * in the same order (with -ffp-contract=off on both sides the results
 * are bit-identical).
 *
 * Directions: 0 rest, 1 E, 2 N, 3 W, 4 S, 5 NE, 6 NW, 7 SW, 8 SE. A
 * fluid cell relaxes towards the BGK equilibrium with rate omega; a
 * solid cell bounces every distribution back the way it came.
 */
#ifndef _CORUN_KERNELS_LBM_H_
#define _CORUN_KERNELS_LBM_H_

#define LBM_Q 9

static const int lbm_cx[LBM_Q] = { 0, 1, 0, -1, 0, 1, -1, -1, 1 };
static const int lbm_cy[LBM_Q] = { 0, 0, 1, 0, -1, 1, 1, -1, -1 };
static const int lbm_opp[LBM_Q] = { 0, 3, 4, 1, 2, 7, 8, 5, 6 };
static const float lbm_w[LBM_Q] = {
	4.0f / 9.0f, 1.0f / 9.0f, 1.0f / 9.0f, 1.0f / 9.0f, 1.0f / 9.0f,
	1.0f / 36.0f, 1.0f / 36.0f, 1.0f / 36.0f, 1.0f / 36.0f,
};

/* Collide the streamed-in distributions f into out. */
static inline void lbm_cell(const float *f, int solid, float omega,
			    float *out)
{
	float rho, ux, uy, usq;

	if (solid) {
		for (int i = 0; i < LBM_Q; i++)
			out[i] = f[lbm_opp[i]];
		return;
	}
	rho = f[0] + f[1] + f[2] + f[3] + f[4] + f[5] + f[6] + f[7] + f[8];
	ux = ((f[1] + f[5] + f[8]) - (f[3] + f[6] + f[7])) / rho;
	uy = ((f[2] + f[5] + f[6]) - (f[4] + f[7] + f[8])) / rho;
	usq = 1.5f * (ux * ux + uy * uy);
	for (int i = 0; i < LBM_Q; i++) {
		float cu = 3.0f * ((float)lbm_cx[i] * ux + (float)lbm_cy[i] * uy);
		float feq = lbm_w[i] * rho * (1.0f + cu + 0.5f * cu * cu - usq);

		out[i] = f[i] - omega * (f[i] - feq);
	}
}

/* The neighbour a distribution streams in from, with periodic wrap. */
static inline unsigned int lbm_from(unsigned int v, int c, unsigned int n)
{
	if (c > 0)
		return v ? v - 1 : n - 1;
	if (c < 0)
		return v + 1 < n ? v + 1 : 0;
	return v;
}

#endif /* _CORUN_KERNELS_LBM_H_ */
