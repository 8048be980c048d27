// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * cutcp: cutoff Coulomb potential on a lattice (the "cutcp" benchmark of
 * the Parboil suite, written from the algorithm): one thread per lattice
 * point summing the atoms of the surrounding spatial bins. Compute bound
 * with data-dependent trip counts.
 */
#include <corun/kernel.h>
#include "args.h"
#include "cutcp.h"

CORUN_KERNEL(cutcp, 32, 0, 0);
void cutcp(void)
{
	const struct cutcp_args *a = corun_args(struct cutcp_args);
	uint32_t p = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t nx = a->nx, ny = a->ny, i, j, k;
	float h = a->h;

	if (p >= nx * ny * a->nz)
		return;
	i = p % nx;
	j = (p / nx) % ny;
	k = p / (nx * ny);
	((float *)a->pot)[p] = cutcp_point((const float *)a->atoms,
					   (const uint32_t *)a->start, a->nbx,
					   a->nby, a->nbz, a->c, (float)i * h,
					   (float)j * h, (float)k * h);
}
