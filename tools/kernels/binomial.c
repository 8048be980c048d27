// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * binomial: binomial-tree option pricing, one option per CTA (the
 * "binomialOptions" sample of the CUDA SDK, written from the algorithm).
 * The tree's current level lives in shared memory, double-buffered: each
 * backward step reads one buffer and writes the other, one barrier per
 * step, so the CTA shrinks its active thread count as the tree narrows.
 */
#include <corun/kernel.h>
#include "args.h"
#include "binomial.h"

CORUN_KERNEL(binomial, 24, 2 * (BN_MAX_STEPS + 1) * sizeof(float), 0);
void binomial(void)
{
	const struct binomial_args *a = corun_args(struct binomial_args);
	float *v = corun_shared(0);
	float *w = v + BN_MAX_STEPS + 1;
	uint32_t o = blockIdx.x, n = a->nsteps, t = threadIdx.x;
	uint32_t nt = blockDim.x;
	/* The option's data: constant memory (d_OptionData) in the sample. */
	float s = corun_ldg_f32((const float *)a->s + o);
	float x = corun_ldg_f32((const float *)a->x + o);
	float vdt = corun_ldg_f32((const float *)a->vdt + o);
	float pu = corun_ldg_f32((const float *)a->pu + o);
	float pd = corun_ldg_f32((const float *)a->pd + o);

	for (uint32_t i = t; i <= n; i += nt)
		v[i] = bn_leaf(s, x, vdt, i, n);
	__syncthreads();
	for (uint32_t step = n; step > 0; step--) {
		for (uint32_t i = t; i < step; i += nt)
			w[i] = bn_step(v[i + 1], v[i], pu, pd);
		__syncthreads();
		float *tmp = v;

		v = w;
		w = tmp;
	}
	if (!t)
		((float *)a->out)[o] = v[0];
}
