// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * pagerank: the two kernels of pull-based PageRank (as in the graph
 * kernels of Pannotia and GraphBIG, written from the algorithm): each
 * vertex publishes rank / degree, then gathers its neighbours'
 * contributions in adjacency order. Irregular: the thread of a hub walks
 * a long list while its warp-mates idle.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(pr_contrib, 16, 0, 0);
void pr_contrib(void)
{
	const struct pagerank_args *a = corun_args(struct pagerank_args);
	const uint32_t *rp = (const uint32_t *)a->rowptr;
	uint32_t v = blockIdx.x * blockDim.x + threadIdx.x, d;

	if (v >= a->n)
		return;
	d = rp[v + 1] - rp[v];
	((float *)a->contrib)[v] =
		d ? ((const float *)a->rank)[v] / (float)d : 0.0f;
}

CORUN_KERNEL(pr_pull, 20, 0, 0);
void pr_pull(void)
{
	const struct pagerank_args *a = corun_args(struct pagerank_args);
	const uint32_t *rp = (const uint32_t *)a->rowptr;
	const uint32_t *cols = (const uint32_t *)a->cols;
	const float *c = (const float *)a->contrib;
	uint32_t v = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0.0f;

	if (v >= a->n)
		return;
	for (uint32_t e = rp[v]; e < rp[v + 1]; e++)
		s = s + c[cols[e]];
	((float *)a->rank)[v] = a->base + a->damp * s;
}
