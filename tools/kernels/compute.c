// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Arithmetic-bound kernel for simulation-rate and co-run experiments:
 * COMPUTE_CHAINS independent fused multiply-add chains per thread (so a
 * warp has independent instructions to issue while the FPU pipeline is
 * busy), one load and one store per thread. fmaf() is the single-rounding
 * fmadd.s; the CPU reference uses the C library's fmaf and matches
 * exactly.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(compute, 24, 0, 0);
void compute(void)
{
	const struct compute_args *args = corun_args(struct compute_args);
	const float *in = (const float *)args->in;
	float *out = (float *)args->out;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	float mul = args->mul, add = args->add;
	float x[COMPUTE_CHAINS];
	float sum = 0.0f;

	if (i >= args->n)
		return;
	for (int c = 0; c < COMPUTE_CHAINS; c++)
		x[c] = in[i] + (float)c;
	for (uint32_t it = 0; it < args->iters; it++) {
		for (int c = 0; c < COMPUTE_CHAINS; c++)
			x[c] = __builtin_fmaf(x[c], mul, add);
	}
	for (int c = 0; c < COMPUTE_CHAINS; c++)
		sum += x[c];
	out[i] = sum;
}
