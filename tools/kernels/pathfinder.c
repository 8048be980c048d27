// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * pathfinder: iterative dynamic programming over the rows of a cost grid
 * (the "pathfinder" kernel of the Rodinia suite, written from the
 * algorithm).
 *
 * cost[r][c] = wall[r][c] + min(cost[r-1][c-1], cost[r-1][c],
 *                               cost[r-1][c+1])
 * with out-of-grid neighbours left out. One launch advances @steps rows:
 * each CTA loads blockDim.x costs of the previous row (its columns plus
 * @steps halo columns on each side) into shared memory and then shrinks
 * the valid range by one column per side per row, one barrier per row,
 * ping-ponging between two shared rows. Integer only: exact.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(pathfinder, 24, 2 * PF_BLOCK * sizeof(int32_t), 0);
void pathfinder(void)
{
	const struct pathfinder_args *a = corun_args(struct pathfinder_args);
	const int32_t *wall = (const int32_t *)a->wall;
	const int32_t *src = (const int32_t *)a->src;
	int32_t *dst = (int32_t *)a->dst;
	int32_t *prev = corun_shared(0);
	int32_t *cur = prev + PF_BLOCK;
	int32_t cols = (int32_t)a->cols;
	uint32_t steps = a->steps, row = a->row;
	uint32_t tx = threadIdx.x, b = blockDim.x;
	int32_t c = (int32_t)(blockIdx.x * (b - 2 * steps)) - (int32_t)steps +
		    (int32_t)tx;
	int in = c >= 0 && c < cols;

	if (in)
		prev[tx] = src[c];
	__syncthreads();

	for (uint32_t i = 0; i < steps; i++) {
		/* Valid after this row: tx in [i + 1, b - 2 - i]. */
		if (in && tx >= i + 1 && tx + i + 2 <= b) {
			int32_t m = prev[tx];

			if (c > 0 && prev[tx - 1] < m)
				m = prev[tx - 1];
			if (c + 1 < cols && prev[tx + 1] < m)
				m = prev[tx + 1];
			cur[tx] = wall[(row + i) * (uint32_t)cols + (uint32_t)c] + m;
		}
		/* Everyone has read prev before it becomes cur again. */
		__syncthreads();
		int32_t *t = prev;

		prev = cur;
		cur = t;
	}
	if (in && tx >= steps && tx + steps < b)
		dst[c] = prev[tx];
}
