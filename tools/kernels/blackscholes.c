// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * blackscholes: European call and put prices, one option per thread
 * (the "BlackScholes" sample of the CUDA SDK, written from the formula).
 * Compute bound: exp, log, sqrt and two normal CDFs per option, all from
 * blackscholes.h.
 */
#include <corun/kernel.h>
#include "args.h"
#include "blackscholes.h"

CORUN_KERNEL(blackscholes, 32, 0, 0);
void blackscholes(void)
{
	const struct blackscholes_args *a =
		corun_args(struct blackscholes_args);
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	float t;

	if (i >= a->n)
		return;
	t = ((const float *)a->years)[i];
	bs_option(((const float *)a->price)[i], ((const float *)a->strike)[i],
		  t, a->r, a->v, __builtin_sqrtf(t), (float *)a->call + i,
		  (float *)a->put + i);
}
