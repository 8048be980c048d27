// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bfs: level-synchronous breadth-first search, one thread per node (the
 * "bfs" kernels of the Rodinia suite, written from the algorithm). Every
 * launch scans all nodes; only the frontier's threads do work, so warps
 * diverge and the neighbour loads are irregular. The frontier, update
 * and visited flags are bytes, as Rodinia's bool arrays are.
 *
 * Several frontier nodes may write cost[u] for the same u in one level:
 * they all write the same value (the level), so the race is benign and
 * the result exact.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(bfs_expand, 20, 0, 0);
void bfs_expand(void)
{
	const struct bfs_args *a = corun_args(struct bfs_args);
	const uint32_t *offs = (const uint32_t *)a->offs;
	const uint32_t *edges = (const uint32_t *)a->edges;
	uint8_t *mask = (uint8_t *)a->mask;
	uint8_t *updating = (uint8_t *)a->updating;
	const uint8_t *visited = (const uint8_t *)a->visited;
	int32_t *cost = (int32_t *)a->cost;
	uint32_t v = blockIdx.x * blockDim.x + threadIdx.x;

	if (v >= a->n || !mask[v])
		return;
	mask[v] = 0;
	int32_t next = cost[v] + 1;

	for (uint32_t e = offs[v], end = offs[v + 1]; e < end; e++) {
		uint32_t u = edges[e];

		if (!visited[u]) {
			cost[u] = next;
			updating[u] = 1;
		}
	}
}

CORUN_KERNEL(bfs_update, 16, 0, 0);
void bfs_update(void)
{
	const struct bfs_args *a = corun_args(struct bfs_args);
	uint8_t *mask = (uint8_t *)a->mask;
	uint8_t *updating = (uint8_t *)a->updating;
	uint8_t *visited = (uint8_t *)a->visited;
	uint32_t v = blockIdx.x * blockDim.x + threadIdx.x;

	if (v >= a->n || !updating[v])
		return;
	mask[v] = 1;
	visited[v] = 1;
	*(uint32_t *)a->over = 1;
	updating[v] = 0;
}
