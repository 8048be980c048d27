// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hotspot: several explicit time steps of the HotSpot thermal model on a
 * rows x cols grid per launch (the "hotspot" kernel of the Rodinia
 * suite, written from the algorithm). One thread per tile cell, 2-D
 * launch. Each CTA loads an HS_BLOCK^2 tile of temperatures and powers
 * whose outer ph cells overlap the neighbouring CTAs' tiles (the
 * "pyramid" halo). Step i (0-based) updates the cells at least i + 1
 * from the tile's edge, whose neighbours are all still valid, so after
 * `steps` <= ph steps the inner (HS_BLOCK - 2 ph)^2 cells hold the
 * values the plain one-step-per-launch scheme would give, and only those
 * are stored. The grid is read and written once per `steps` steps, at
 * the price of recomputing the halo. The cell maths is hotspot.h's.
 */
#include <corun/kernel.h>
#include "args.h"
#include "hotspot.h"

#define HS_N (HS_BLOCK * HS_BLOCK)

/*
 * Shared memory: current temperatures, powers and the next step's
 * temperatures, HS_N floats each; a cell's three are HS_N apart.
 */
CORUN_KERNEL(hotspot, 28, 3 * HS_N * sizeof(float), 0);
void hotspot(void)
{
	const struct hotspot_args *a = corun_args(struct hotspot_args);
	const float *tin = (const float *)a->temp_in;
	const float *pw = (const float *)a->power;
	float *tout = (float *)a->temp_out;
	int32_t rows = (int32_t)a->rows, cols = (int32_t)a->cols;
	int32_t ph = (int32_t)a->ph, steps = (int32_t)a->steps;
	int32_t inner = HS_BLOCK - 2 * ph;
	int32_t tx = (int32_t)threadIdx.x, ty = (int32_t)threadIdx.y;
	/* The tile starts ph cells above and left of its inner part. */
	int32_t r = (int32_t)blockIdx.y * inner - ph + ty;
	int32_t c = (int32_t)blockIdx.x * inner - ph + tx;
	uint32_t g = (uint32_t)(r * cols + c);
	float *cell = (float *)corun_shared(0) + ty * HS_BLOCK + tx;
	/* Offsets of the neighbours; 0 (the cell itself) outside the grid. */
	int32_t on = r > 0 ? -HS_BLOCK : 0, os = r + 1 < rows ? HS_BLOCK : 0;
	int32_t ow = c > 0 ? -1 : 0, oe = c + 1 < cols ? 1 : 0;
	/*
	 * Distance to the tile's edge, -1 outside the grid. Step i updates
	 * the cells with d > i: their neighbours were loaded or updated in
	 * step i - 1. Keeping the loop's live values this few keeps them in
	 * registers (no callee-saved spills to the stack).
	 */
	int32_t d = tx < ty ? tx : ty;

	if (HS_BLOCK - 1 - tx < d)
		d = HS_BLOCK - 1 - tx;
	if (HS_BLOCK - 1 - ty < d)
		d = HS_BLOCK - 1 - ty;
	if (r < 0 || r >= rows || c < 0 || c >= cols)
		d = -1;

	if (d >= 0) {
		cell[0] = tin[g];
		cell[HS_N] = pw[g];
	}
	__syncthreads();

	for (int32_t i = 0; i < steps; i++) {
		if (d > i) {
			float cv = cell[0];

			cell[2 * HS_N] = hotspot_cell(cv, cell[on], cell[os],
						      cell[oe], cell[ow],
						      cell[HS_N], a->sdc,
						      a->rx1, a->ry1, a->rz1,
						      a->amb);
		}
		__syncthreads();
		if (i == steps - 1)
			break;
		if (d > i)
			cell[0] = cell[2 * HS_N];
		__syncthreads();
	}

	/*
	 * Updated in every step (steps <= ph) and inside the inner part:
	 * the halo belongs to the neighbouring CTAs.
	 */
	if (d >= ph)
		tout[g] = cell[2 * HS_N];
}
