// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * stencil: 3-D 7-point Jacobi step (the "stencil" kernel of the Parboil
 * suite, written from the algorithm). Each thread owns one (x, y) column
 * and marches along z keeping the point below, itself and the point
 * above in registers, so each plane is read once per thread.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(stencil, 28, 0, 0);
void stencil(void)
{
	const struct stencil_args *a = corun_args(struct stencil_args);
	const float *in = (const float *)a->a0;
	float *out = (float *)a->anext;
	uint32_t nx = a->nx, ny = a->ny, nz = a->nz, plane = nx * ny;
	uint32_t x = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t y = blockIdx.y * blockDim.y + threadIdx.y;
	float c0 = a->c0, c1 = a->c1, below, cur, above;
	uint32_t i;

	if (x < 1 || y < 1 || x + 1 >= nx || y + 1 >= ny || nz < 3)
		return;
	i = y * nx + x;
	below = in[i];
	cur = in[i + plane];
	for (uint32_t z = 1; z + 1 < nz; z++) {
		uint32_t k = i + z * plane;

		above = in[k + plane];
		out[k] = (above + below + in[k - nx] + in[k + nx] +
			  in[k + 1] + in[k - 1]) * c1 - cur * c0;
		below = cur;
		cur = above;
	}
}
