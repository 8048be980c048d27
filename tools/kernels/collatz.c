// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Divergent control flow: the number of Collatz steps from each input
 * down to 1. Neighbouring lanes take different branches (odd/even) in
 * every step and run loops of very different trip counts, so a warp
 * keeps issuing until its slowest lane is done, with the others idle.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(collatz, 16, 0, 0);
void collatz(void)
{
	const struct collatz_args *args = corun_args(struct collatz_args);
	const uint32_t *in = (const uint32_t *)args->in;
	uint32_t *steps = (uint32_t *)args->steps;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t x, s = 0;

	if (i >= args->n)
		return;
	/* Inputs are 1..COLLATZ_MAX_IN: no trajectory overflows 32 bits. */
	for (x = in[i]; x > 1 && s < args->max_steps; s++) {
		if (x & 1)
			x = 3 * x + 1;
		else
			x /= 2;
	}
	steps[i] = s;
}
