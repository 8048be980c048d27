// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hotspot: one explicit time step of the HotSpot thermal model on a
 * rows x cols grid (the "hotspot" kernel of the Rodinia suite, written
 * from the algorithm). One thread per cell, 2-D launch; each CTA stages
 * its tile plus a one-cell halo in shared memory, so the four neighbour
 * reads come from shared memory. The cell maths is hotspot.h's.
 */
#include <corun/kernel.h>
#include "args.h"
#include "hotspot.h"

#define HS_TW (HS_BLOCK + 2)

CORUN_KERNEL(hotspot, 28, HS_TW * HS_TW * sizeof(float), 0);
void hotspot(void)
{
	const struct hotspot_args *a = corun_args(struct hotspot_args);
	const float *tin = (const float *)a->temp_in;
	const float *pw = (const float *)a->power;
	float *tout = (float *)a->temp_out;
	float *tile = corun_shared(0);
	uint32_t rows = a->rows, cols = a->cols;
	uint32_t tx = threadIdx.x, ty = threadIdx.y;
	uint32_t r0 = blockIdx.y * HS_BLOCK, c0 = blockIdx.x * HS_BLOCK;
	uint32_t r = r0 + ty, c = c0 + tx;
	int in = r < rows && c < cols;

	/*
	 * Fill the (HS_BLOCK + 2)^2 tile, halo included, clamping rows and
	 * columns into the grid (a missing neighbour is the cell itself).
	 */
	for (uint32_t i = ty * HS_BLOCK + tx; i < HS_TW * HS_TW;
	     i += HS_BLOCK * HS_BLOCK) {
		int32_t gr = (int32_t)r0 + (int32_t)(i / HS_TW) - 1;
		int32_t gc = (int32_t)c0 + (int32_t)(i % HS_TW) - 1;

		if (gr < 0)
			gr = 0;
		if (gr >= (int32_t)rows)
			gr = (int32_t)rows - 1;
		if (gc < 0)
			gc = 0;
		if (gc >= (int32_t)cols)
			gc = (int32_t)cols - 1;
		tile[i] = tin[(uint32_t)gr * cols + (uint32_t)gc];
	}
	__syncthreads();
	if (!in)
		return;

	uint32_t t = (ty + 1) * HS_TW + tx + 1;
	float cv = tile[t];
	float n = r > 0 ? tile[t - HS_TW] : cv;
	float s = r + 1 < rows ? tile[t + HS_TW] : cv;
	float w = c > 0 ? tile[t - 1] : cv;
	float e = c + 1 < cols ? tile[t + 1] : cv;

	tout[r * cols + c] = hotspot_cell(cv, n, s, e, w, pw[r * cols + c],
					  a->sdc, a->rx1, a->ry1, a->rz1,
					  a->amb);
}
