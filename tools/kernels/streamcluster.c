// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * streamcluster: the pgain kernel of the Rodinia streamcluster benchmark
 * (written from the algorithm): the candidate centre's coordinates are
 * staged in shared memory, then every point computes its weighted
 * distance to it and whether (and by how much) switching to it would
 * lower its cost. Coordinates are d-major so that a warp's loads are
 * contiguous.
 */
#include <corun/kernel.h>
#include "args.h"
#include "streamcluster.h"

CORUN_KERNEL(sc_pgain, 24, SC_MAX_DIM * sizeof(float), 0);
void sc_pgain(void)
{
	const struct sc_args *a = corun_args(struct sc_args);
	const float *coord = (const float *)a->coord;
	float *cx = corun_shared(0);
	uint32_t n = a->n, dim = a->dim, t = threadIdx.x;
	uint32_t i = blockIdx.x * blockDim.x + t;
	float xc, c;

	for (uint32_t d = t; d < dim; d += blockDim.x)
		cx[d] = coord[d * n + a->x];
	__syncthreads();
	if (i >= n)
		return;
	xc = sc_dist(coord, n, dim, i, cx) * ((const float *)a->w)[i];
	c = ((const float *)a->cost)[i];
	((uint32_t *)a->sw)[i] = xc < c;
	((float *)a->save)[i] = xc < c ? c - xc : 0.0f;
}
