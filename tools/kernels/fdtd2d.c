// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * fdtd2d: the three field updates of a 2-D FDTD time step (the "fdtd-2d"
 * kernel of PolyBench/GPU, written from the algorithm). Stencils of two
 * points per field, one thread per cell: memory bound. The expressions
 * are the CPU reference's, with separate multiplies and adds.
 */
#include <corun/kernel.h>
#include "args.h"

#define FDTD_IJ(a)                                                 \
	const struct fdtd_args *a = corun_args(struct fdtd_args);  \
	uint32_t i = blockIdx.y * blockDim.y + threadIdx.y;        \
	uint32_t j = blockIdx.x * blockDim.x + threadIdx.x;        \
	uint32_t ny = a->ny

CORUN_KERNEL(fdtd_ey, 20, 0, 0);
void fdtd_ey(void)
{
	FDTD_IJ(a);
	float *ey = (float *)a->ey;
	const float *hz = (const float *)a->hz;

	if (i >= a->nx || j >= ny)
		return;
	if (i == 0)
		ey[j] = ((const float *)a->fict)[a->t];
	else
		ey[i * ny + j] = ey[i * ny + j] -
				 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
}

CORUN_KERNEL(fdtd_ex, 20, 0, 0);
void fdtd_ex(void)
{
	FDTD_IJ(a);
	float *ex = (float *)a->ex;
	const float *hz = (const float *)a->hz;

	if (i >= a->nx || j >= ny || j == 0)
		return;
	ex[i * ny + j] = ex[i * ny + j] -
			 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
}

CORUN_KERNEL(fdtd_hz, 20, 0, 0);
void fdtd_hz(void)
{
	FDTD_IJ(a);
	const float *ex = (const float *)a->ex;
	const float *ey = (const float *)a->ey;
	float *hz = (float *)a->hz;

	if (i + 1 >= a->nx || j + 1 >= ny)
		return;
	hz[i * ny + j] = hz[i * ny + j] -
			 0.7f * (ex[i * ny + j + 1] - ex[i * ny + j] +
				 ey[(i + 1) * ny + j] - ey[i * ny + j]);
}
