// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * btree: point and range queries on a B+tree (the "b+tree" kernels of
 * the Rodinia suite, written from the algorithm). One CTA per query, one
 * thread per key slot: at each inner level the thread whose slot brackets
 * the key publishes the child in global memory, a barrier, thread 0
 * moves the query there, a barrier, and everyone moves down; at the leaf
 * the slot holding the key (or the bound of the range) gives the answer.
 * Dependent loads, little work per level: latency sensitive.
 */
#include <corun/kernel.h>
#include "args.h"

/* The node under @node that routes @k, from slot @t's point of view. */
static inline int bt_routes(const struct bt_node *nd, uint32_t t, int32_t k)
{
	return t < nd->nkeys && nd->keys[t] <= k &&
	       (t + 1 == nd->nkeys || k < nd->keys[t + 1]);
}

/*
 * As Rodinia's findK, the node a query is at and the child found for it
 * live in global memory (walk[4q] and walk[4q + 2]), not in shared
 * memory, and the child is read through the latter: every level is a
 * chain of dependent global accesses. The host starts every walk at the
 * root. A leaf's slot holds a record index; the answer is the record.
 */
CORUN_KERNEL(bt_find, 20, 0, 0);
void bt_find(void)
{
	const struct bt_args *a = corun_args(struct bt_args);
	const struct bt_node *nodes = (const struct bt_node *)a->nodes;
	uint32_t t = threadIdx.x, q = blockIdx.x;
	volatile uint32_t *curr = (volatile uint32_t *)a->walk + 4 * q;
	volatile uint32_t *off = curr + 2;
	int32_t k = ((const int32_t *)a->keys)[q];

	for (uint32_t l = 0; l < a->height; l++) {
		const struct bt_node *nd = &nodes[*curr];

		if (bt_routes(nd, t, k))
			*off = nodes[*off].child[t];
		__syncthreads();
		if (t == 0)
			*curr = *off;
		__syncthreads();
		corun_assert(*curr < a->nnodes);
	}
	const struct bt_node *leaf = &nodes[*curr];

	if (t < leaf->nkeys && leaf->keys[t] == k) {
		uint32_t rec = leaf->child[t];

		corun_assert(rec < a->nrecords);
		((uint32_t *)a->out)[q] = ((const uint32_t *)a->records)[rec];
	}
}

/* Slot t in 0..nkeys is the bound when key(t - 1) < k' <= key(t). */
static inline int32_t bt_key(const struct bt_node *nd, uint32_t t)
{
	return t < nd->nkeys ? nd->keys[t] : INT32_MAX;
}

/*
 * Rodinia's findRangeK: two walks (lo, hi), also through global memory;
 * the bounds found in the leaves go through global memory too (the
 * child slots of the walk) before thread 0 writes the answer.
 */
CORUN_KERNEL(bt_range, 24, 0, 0);
void bt_range(void)
{
	const struct bt_args *a = corun_args(struct bt_args);
	const struct bt_node *nodes = (const struct bt_node *)a->nodes;
	uint32_t *out = (uint32_t *)a->out;
	uint32_t t = threadIdx.x, q = blockIdx.x;
	volatile uint32_t *curr = (volatile uint32_t *)a->walk + 4 * q;
	volatile uint32_t *off = curr + 2;
	int32_t lo = ((const int32_t *)a->keys)[2 * q];
	int32_t hi = ((const int32_t *)a->keys)[2 * q + 1];

	for (uint32_t l = 0; l < a->height; l++) {
		const struct bt_node *dlo = &nodes[curr[0]];
		const struct bt_node *dhi = &nodes[curr[1]];

		if (bt_routes(dlo, t, lo))
			off[0] = dlo->child[t];
		if (bt_routes(dhi, t, hi))
			off[1] = dhi->child[t];
		__syncthreads();
		if (t == 0) {
			curr[0] = off[0];
			curr[1] = off[1];
		}
		__syncthreads();
		corun_assert(curr[0] < a->nnodes && curr[1] < a->nnodes);
	}
	/* lower_bound(lo) in lo's leaf; upper_bound(hi) in hi's leaf. */
	const struct bt_node *llo = &nodes[curr[0]], *lhi = &nodes[curr[1]];

	if (t <= llo->nkeys && (t == 0 || bt_key(llo, t - 1) < lo) &&
	    lo <= bt_key(llo, t))
		off[0] = llo->first + t;
	if (t <= lhi->nkeys && (t == 0 || bt_key(lhi, t - 1) <= hi) &&
	    hi < bt_key(lhi, t))
		off[1] = lhi->first + t;
	__syncthreads();
	if (t == 0) {
		out[2 * q] = off[0];
		out[2 * q + 1] = off[1] - off[0];
	}
}
