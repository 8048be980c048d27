/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Binomial option pricing maths shared by the device kernel and the CPU
 * reference: the leaf payoff and one backward step of the tree.
 */
#ifndef _CORUN_KERNELS_BINOMIAL_H_
#define _CORUN_KERNELS_BINOMIAL_H_

#include "blackscholes.h"	/* bs_expf */

static inline float bn_leaf(float s, float x, float vdt, uint32_t i,
			    uint32_t n)
{
	float v = s * bs_expf(vdt * (float)(2 * (int32_t)i - (int32_t)n)) - x;

	return v > 0.0f ? v : 0.0f;
}

static inline float bn_step(float up, float down, float pu, float pd)
{
	return pu * up + pd * down;
}

#endif /* _CORUN_KERNELS_BINOMIAL_H_ */
