// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * streamcluster: the pgain kernel of the Rodinia streamcluster benchmark
 * (written from the algorithm): every point computes its weighted
 * distance to the candidate centre and whether (and by how much)
 * switching to it would lower its cost. Coordinates are d-major so that
 * a warp's loads are contiguous. As in Rodinia 3.x, the centre is read
 * from global memory, not staged in shared memory: every warp re-reads
 * the centre's dim lines (32 KB at dim 256, more than the L1), which is
 * what makes the kernel's L1 hit rate grow with the ways it is given.
 */
#include <corun/kernel.h>
#include "args.h"
#include "streamcluster.h"

CORUN_KERNEL(sc_pgain, 24, 0, 0);
void sc_pgain(void)
{
	const struct sc_args *a = corun_args(struct sc_args);
	const float *coord = (const float *)a->coord;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	float xc, c;

	if (i >= a->n)
		return;
	xc = sc_dist_to(coord, a->n, a->dim, i, a->x) * ((const float *)a->w)[i];
	c = ((const float *)a->cost)[i];
	((uint32_t *)a->sw)[i] = xc < c;
	((float *)a->save)[i] = xc < c ? c - xc : 0.0f;
}
