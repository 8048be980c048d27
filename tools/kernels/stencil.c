// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * stencil: 3-D 7-point Jacobi step (the "stencil" kernel of the Parboil
 * suite, written from the algorithm), structured as Parboil's optimised
 * CUDA kernel. Each CTA owns an ST_BX x ST_BY (x, y) tile, one thread per
 * column, and marches along z. A thread keeps its column's point below,
 * itself and the point above in registers; the current plane's tile and
 * its 1-point x/y halo are staged in shared memory, between two barriers,
 * and the four in-plane neighbours are read from there. Global memory so
 * sees each plane point once per CTA (as the next plane's "above") plus
 * the halo, so the kernel does not rely on the L1 to catch the in-plane
 * reuse. Lanes 0 and 1 of each tile row fetch its left and right halo
 * points, rows 0 and ST_BY - 1 the halo rows; threads outside the grid
 * exit at once (exited threads do not count at a barrier) and the halo
 * beyond the grid is never read, as only interior points are written.
 */
#include <corun/kernel.h>
#include "args.h"

/* Shared tile with its halo: (ST_BY + 2) rows of ST_BX + 2 floats. */
#define ST_TW (ST_BX + 2)
#define ST_TH (ST_BY + 2)

/* Distinct halo threads: lanes 0 and 1, rows 0 and ST_BY - 1. */
_Static_assert(ST_BX >= 2 && ST_BY >= 2, "stencil tile too small");

CORUN_KERNEL(stencil, 28, ST_TW * ST_TH * sizeof(float), 0);
void stencil(void)
{
	const struct stencil_args *a = corun_args(struct stencil_args);
	const float *in = (const float *)a->a0;
	float *out = (float *)a->anext;
	uint32_t nx = a->nx, ny = a->ny, nz = a->nz, plane = nx * ny;
	uint32_t tx = threadIdx.x, ty = threadIdx.y;
	uint32_t x0 = blockIdx.x * ST_BX, y0 = blockIdx.y * ST_BY;
	uint32_t x = x0 + tx, y = y0 + ty, i, k;
	float *c = (float *)corun_shared(0) + (ty + 1) * ST_TW + tx + 1;
	/* Halo points this thread stages: shared offset and global offset. */
	int32_t hxs = 0, hxg = 0, hys = 0, hyg = 0;
	float c0 = a->c0, c1 = a->c1, below, cur, above;
	int inner;

	if (x >= nx || y >= ny || nz < 3)
		return;
	inner = x >= 1 && y >= 1 && x + 1 < nx && y + 1 < ny;
	if (tx == 0 && x0 > 0) {
		hxs = -1;
		hxg = -1;
	} else if (tx == 1 && x0 + ST_BX < nx) {
		hxs = ST_BX - 1;
		hxg = ST_BX - 1;
	}
	if (ty == 0 && y0 > 0) {
		hys = -ST_TW;
		hyg = -(int32_t)nx;
	} else if (ty == ST_BY - 1 && y + 1 < ny) {
		hys = ST_TW;
		hyg = (int32_t)nx;
	}

	i = y * nx + x;
	below = in[i];
	cur = in[i + plane];
	for (k = i + plane; k + plane < plane * nz; k += plane) {
		/* Issued before the barriers, used after them. */
		above = in[k + plane];
		/* The previous plane's tile has been read by every thread. */
		__syncthreads();
		c[0] = cur;
		if (hxs)
			c[hxs] = in[k + hxg];
		if (hys)
			c[hys] = in[k + hyg];
		__syncthreads();
		if (inner)
			out[k] = (above + below + c[-ST_TW] + c[ST_TW] + c[1] +
				  c[-1]) * c1 - cur * c0;
		below = cur;
		cur = above;
	}
}
