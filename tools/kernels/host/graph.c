// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Graph generator of the graph workloads (graph.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include "graph.h"

static int graph_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

void wl_graph_free(struct wl_graph *g)
{
	free(g->rowptr);
	free(g->cols);
	memset(g, 0, sizeof(*g));
}

int wl_graph_make(struct wl_graph *g, uint32_t n0, uint32_t k, uint32_t deg,
		  uint32_t seed)
{
	uint32_t n1 = k ? 1u << k : 0, n = n0 + n1;
	uint64_t e0 = (uint64_t)n0 * (deg / 2), e1 = (uint64_t)n1 * deg / 2;
	uint64_t ne = e0 + e1, cnt = 0;
	uint32_t *src = malloc(2 * ne * sizeof(uint32_t));
	uint32_t *dst = malloc(2 * ne * sizeof(uint32_t));
	uint32_t *deg_of = calloc(n + 1, sizeof(uint32_t));
	uint32_t *fill = NULL;
	struct wl_rng rng;

	memset(g, 0, sizeof(*g));
	if (!src || !dst || !deg_of)
		goto nomem;
	wl_rng_init(&rng, seed, 0);
	for (uint32_t v = 0; v < n0; v++) {
		for (uint32_t j = 0; j < deg / 2; j++) {
			uint32_t u = wl_rng_below(&rng, n0);

			if (u == v)
				continue;
			src[cnt] = v, dst[cnt++] = u;
			src[cnt] = u, dst[cnt++] = v;
		}
	}
	for (uint64_t e = 0; e < e1; e++) {
		uint32_t u = 0, v = 0;

		for (uint32_t b = 0; b < k; b++) {
			uint32_t r = wl_rng_below(&rng, 100);

			/* a = 0.57, b = 0.19, c = 0.19, d = 0.05 */
			if (r >= 57 && r < 76)
				v |= 1u << b;
			else if (r >= 76 && r < 95)
				u |= 1u << b;
			else if (r >= 95)
				u |= 1u << b, v |= 1u << b;
		}
		if (u == v)
			continue;
		src[cnt] = n0 + u, dst[cnt++] = n0 + v;
		src[cnt] = n0 + v, dst[cnt++] = n0 + u;
	}
	/* CSR by counting sort, then sort and dedupe each list. */
	for (uint64_t e = 0; e < cnt; e++)
		deg_of[src[e] + 1]++;
	for (uint32_t v = 0; v < n; v++)
		deg_of[v + 1] += deg_of[v];
	fill = malloc(n * sizeof(uint32_t));
	g->cols = malloc((cnt ? cnt : 1) * sizeof(uint32_t));
	g->rowptr = malloc((n + 1) * sizeof(uint32_t));
	if (!fill || !g->cols || !g->rowptr)
		goto nomem;
	memcpy(fill, deg_of, n * sizeof(uint32_t));
	for (uint64_t e = 0; e < cnt; e++)
		g->cols[fill[src[e]]++] = dst[e];
	g->m = 0;
	for (uint32_t v = 0; v < n; v++) {
		uint32_t *l = g->cols + deg_of[v], len = deg_of[v + 1] - deg_of[v];

		qsort(l, len, sizeof(uint32_t), graph_cmp);
		g->rowptr[v] = g->m;
		for (uint32_t i = 0; i < len; i++)
			if (!i || l[i] != l[i - 1])
				g->cols[g->m++] = l[i];
	}
	g->rowptr[n] = g->m;
	g->n = n;
	g->n0 = n0;
	free(src);
	free(dst);
	free(deg_of);
	free(fill);
	return 0;
nomem:
	free(src);
	free(dst);
	free(deg_of);
	free(fill);
	wl_graph_free(g);
	return -ENOMEM;
}

int wl_graph_input(struct wl_graph *g, enum wl_graph_input in, uint32_t n0,
		   uint32_t k, uint32_t part_k, uint32_t deg, uint32_t seed)
{
	switch (in) {
	case WL_GRAPH_BALANCED:
		return wl_graph_make(g, 1u << part_k, 0, deg, seed);
	case WL_GRAPH_RMAT:
		return wl_graph_make(g, 0, part_k, deg, seed);
	default:
		return wl_graph_make(g, n0, k, deg, seed);
	}
}
