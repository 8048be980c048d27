// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * lbm: one D2Q9 lattice-Boltzmann stream-and-collide step per launch
 * (the streaming-memory "lbm" of the Parboil suite, in two dimensions,
 * written from the algorithm). Pull scheme: each cell gathers the nine
 * distributions streaming into it from its neighbours (periodic grid),
 * collides them (lbm.h) and writes nine new ones: 72 bytes read and 72
 * written per cell for ~120 instructions.
 */
#include <corun/kernel.h>
#include "args.h"
#include "lbm.h"

CORUN_KERNEL(lbm_step, 32, 0, 0);
void lbm_step(void)
{
	const struct lbm_args *a = corun_args(struct lbm_args);
	const float *src = (const float *)a->src;
	float *dst = (float *)a->dst;
	uint32_t nx = a->nx, ny = a->ny, cells = nx * ny;
	uint32_t c = blockIdx.x * blockDim.x + threadIdx.x;
	float f[LBM_Q], out[LBM_Q];

	if (c >= cells)
		return;
	uint32_t x = c % nx, y = c / nx;

	for (int i = 0; i < LBM_Q; i++) {
		uint32_t fx = lbm_from(x, lbm_cx[i], nx);
		uint32_t fy = lbm_from(y, lbm_cy[i], ny);

		f[i] = src[i * cells + fy * nx + fx];
	}
	lbm_cell(f, ((const uint32_t *)a->obst)[c] != 0, a->omega, out);
	for (int i = 0; i < LBM_Q; i++)
		dst[i * cells + c] = out[i];
}
