// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * graph: frontier SSSP relaxation, Luby-style MIS and Jones-Plassmann
 * colouring kernels (the SSSP, MIS and colouring kernels of Pannotia and
 * the LonestarGPU suite, written from the algorithms). One thread per
 * vertex walking its adjacency list: irregular, divergent, atomics on
 * the SSSP distances.
 */
#include <corun/kernel.h>
#include "args.h"

#define GRAPH_V(a, type)                                             \
	const struct type *a = corun_args(struct type);              \
	const uint32_t *rp = (const uint32_t *)a->rowptr;            \
	const uint32_t *cols = (const uint32_t *)a->cols;            \
	uint32_t v = blockIdx.x * blockDim.x + threadIdx.x

CORUN_KERNEL(sssp_relax, 24, 0, 0);
void sssp_relax(void)
{
	GRAPH_V(a, sssp_args);
	const uint32_t *w = (const uint32_t *)a->w;
	int32_t *dist = (int32_t *)a->dist;
	uint32_t *front = (uint32_t *)a->front;
	uint32_t *next = (uint32_t *)a->next;
	int32_t dv;

	if (v >= a->n || !front[v])
		return;
	front[v] = 0;
	dv = dist[v];
	for (uint32_t e = rp[v]; e < rp[v + 1]; e++) {
		uint32_t u = cols[e];
		int32_t nd = dv + (int32_t)w[e];

		if (nd < dist[u] && atomicMin(&dist[u], nd) > nd) {
			next[u] = 1;
			*(volatile uint32_t *)a->changed = 1;
		}
	}
}

/* (prio, id) order: does v beat u? */
static inline int beats(const uint32_t *prio, uint32_t v, uint32_t u)
{
	return prio[v] > prio[u] || (prio[v] == prio[u] && v > u);
}

CORUN_KERNEL(mis_select, 24, 0, 0);
void mis_select(void)
{
	GRAPH_V(a, mis_args);
	const uint32_t *prio = (const uint32_t *)a->prio;
	const uint32_t *state = (const uint32_t *)a->state;

	if (v >= a->n || state[v])
		return;
	for (uint32_t e = rp[v]; e < rp[v + 1]; e++) {
		uint32_t u = cols[e];

		if (!state[u] && !beats(prio, v, u))
			return;
	}
	((uint32_t *)a->sel)[v] = a->round;
}

CORUN_KERNEL(mis_remove, 24, 0, 0);
void mis_remove(void)
{
	GRAPH_V(a, mis_args);
	uint32_t *state = (uint32_t *)a->state;
	const uint32_t *sel = (const uint32_t *)a->sel;
	uint32_t r = a->round;

	if (v >= a->n || state[v])
		return;
	if (sel[v] == r) {
		state[v] = 1;
		return;
	}
	for (uint32_t e = rp[v]; e < rp[v + 1]; e++) {
		if (sel[cols[e]] == r) {
			state[v] = 2;
			return;
		}
	}
	*(volatile uint32_t *)a->left = 1;
}

CORUN_KERNEL(jp_color, 28, 0, 0);
void jp_color(void)
{
	GRAPH_V(a, mis_args);
	const uint32_t *prio = (const uint32_t *)a->prio;
	uint32_t *color = (uint32_t *)a->state;
	uint32_t *cround = (uint32_t *)a->sel;
	uint32_t r = a->round;

	if (v >= a->n || color[v] != ~0u)
		return;
	for (uint32_t e = rp[v]; e < rp[v + 1]; e++) {
		uint32_t u = cols[e];

		/* Coloured in this round counts as still uncoloured. */
		if ((color[u] == ~0u || cround[u] == r) && !beats(prio, v, u)) {
			*(volatile uint32_t *)a->left = 1;
			return;
		}
	}
	/* Smallest colour unused by earlier-coloured neighbours, 32 at a time. */
	for (uint32_t base = 0;; base += 32) {
		uint32_t used = 0;

		for (uint32_t e = rp[v]; e < rp[v + 1]; e++) {
			uint32_t u = cols[e], c = color[u];

			if (c != ~0u && cround[u] != r && c - base < 32)
				used |= 1u << (c - base);
		}
		if (used != ~0u) {
			uint32_t c = 0;

			while (used & (1u << c))
				c++;
			cround[v] = r;
			color[v] = base + c;
			return;
		}
	}
}
