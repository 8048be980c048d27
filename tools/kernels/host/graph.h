/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Generated input graphs of the graph workloads (pagerank, sssp, mis,
 * coloring): undirected, no self loops or parallel edges, stored as
 * symmetric CSR with sorted adjacency lists. Every graph is the disjoint
 * union of two parts so that each launch sees both degree
 * distributions:
 *
 *  vertices [0, n0)      balanced: every vertex draws deg / 2 uniform
 *                        partners (degrees cluster around deg)
 *  vertices [n0, n)      power-law: R-MAT (Chakrabarti et al., SDM 2004;
 *                        a, b, c = 0.57, 0.19, 0.19) on 2^k vertices with
 *                        2^k deg / 2 edges: a few hubs, many leaves
 *
 * The same (n0, k, deg, seed) always gives the same graph. Either part
 * may be empty (n0 = 0, or k = 0 for no R-MAT part): wl_graph_input()
 * builds the graph of a workload's input kind.
 */
#ifndef _CORUN_KERNELS_HOST_GRAPH_H_
#define _CORUN_KERNELS_HOST_GRAPH_H_

#include <stdint.h>

struct wl_graph {
	uint32_t n, n0, m;	/* vertices, balanced part, CSR entries */
	uint32_t *rowptr;	/* [n + 1] */
	uint32_t *cols;		/* [m] */
};

int wl_graph_make(struct wl_graph *g, uint32_t n0, uint32_t k, uint32_t deg,
		  uint32_t seed);

/*
 * The graph inputs of the graph workloads. WL_GRAPH_BOTH is the union
 * (n0 + 2^k vertices); the single-part inputs, for comparing the two
 * degree distributions (as IKRA does), both have 2^part_k vertices and
 * the same number of drawn edges.
 */
enum wl_graph_input { WL_GRAPH_BOTH, WL_GRAPH_BALANCED, WL_GRAPH_RMAT };

int wl_graph_input(struct wl_graph *g, enum wl_graph_input in, uint32_t n0,
		   uint32_t k, uint32_t part_k, uint32_t deg, uint32_t seed);
void wl_graph_free(struct wl_graph *g);

#endif /* _CORUN_KERNELS_HOST_GRAPH_H_ */
