// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * nn: Euclidean distance of every record to the query point (the
 * "euclid" kernel of the Rodinia nn benchmark, written from the
 * algorithm). One thread per record; fsqrt.s is correctly rounded, as
 * the host's sqrtf.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(nn_euclid, 16, 0, 0);
void nn_euclid(void)
{
	const struct nn_args *a = corun_args(struct nn_args);
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	const float *loc = (const float *)a->loc;
	float dx, dy;

	if (i >= a->n)
		return;
	dx = loc[2 * i] - a->lat;
	dy = loc[2 * i + 1] - a->lng;
	((float *)a->dist)[i] = __builtin_sqrtf(dx * dx + dy * dy);
}
