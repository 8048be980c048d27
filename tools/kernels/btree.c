// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * btree: point and range queries on a B+tree (the "b+tree" kernels of
 * the Rodinia suite, written from the algorithm). One CTA per query, one
 * thread per key slot: at each inner level the thread whose slot brackets
 * the key publishes the child in shared memory, a barrier, and everyone
 * moves down; at the leaf the slot holding the key (or the bound of the
 * range) writes the answer. Dependent loads, little work per level:
 * latency sensitive.
 */
#include <corun/kernel.h>
#include "args.h"

/* The node under @node that routes @k, from slot @t's point of view. */
static inline int bt_routes(const struct bt_node *nd, uint32_t t, int32_t k)
{
	return t < nd->nkeys && nd->keys[t] <= k &&
	       (t + 1 == nd->nkeys || k < nd->keys[t + 1]);
}

CORUN_KERNEL(bt_find, 20, 2 * sizeof(uint32_t), 0);
void bt_find(void)
{
	const struct bt_args *a = corun_args(struct bt_args);
	const struct bt_node *nodes = (const struct bt_node *)a->nodes;
	volatile uint32_t *next = corun_shared(0);
	uint32_t t = threadIdx.x, q = blockIdx.x, node = a->root;
	int32_t k = ((const int32_t *)a->keys)[q];

	/* Two slots by level parity: one barrier per level suffices. */
	for (uint32_t l = 0; l < a->height; l++) {
		const struct bt_node *nd = &nodes[node];

		if (bt_routes(nd, t, k))
			next[l & 1] = nd->child[t];
		__syncthreads();
		node = next[l & 1];
		corun_assert(node < a->nnodes);
	}
	const struct bt_node *leaf = &nodes[node];

	if (t < leaf->nkeys && leaf->keys[t] == k)
		((uint32_t *)a->out)[q] = leaf->child[t];
}

/* Slot t in 0..nkeys is the bound when key(t - 1) < k' <= key(t). */
static inline int32_t bt_key(const struct bt_node *nd, uint32_t t)
{
	return t < nd->nkeys ? nd->keys[t] : INT32_MAX;
}

CORUN_KERNEL(bt_range, 24, 4 * sizeof(uint32_t), 0);
void bt_range(void)
{
	const struct bt_args *a = corun_args(struct bt_args);
	const struct bt_node *nodes = (const struct bt_node *)a->nodes;
	volatile uint32_t *next = corun_shared(0);	/* [parity][lo, hi] */
	uint32_t *out = (uint32_t *)a->out;
	uint32_t t = threadIdx.x, q = blockIdx.x;
	uint32_t nlo = a->root, nhi = a->root;
	int32_t lo = ((const int32_t *)a->keys)[2 * q];
	int32_t hi = ((const int32_t *)a->keys)[2 * q + 1];

	for (uint32_t l = 0; l < a->height; l++) {
		const struct bt_node *dlo = &nodes[nlo], *dhi = &nodes[nhi];

		if (bt_routes(dlo, t, lo))
			next[2 * (l & 1)] = dlo->child[t];
		if (bt_routes(dhi, t, hi))
			next[2 * (l & 1) + 1] = dhi->child[t];
		__syncthreads();
		nlo = next[2 * (l & 1)];
		nhi = next[2 * (l & 1) + 1];
		corun_assert(nlo < a->nnodes && nhi < a->nnodes);
	}
	__syncthreads();
	/* lower_bound(lo) in lo's leaf; upper_bound(hi) in hi's leaf. */
	const struct bt_node *llo = &nodes[nlo], *lhi = &nodes[nhi];

	if (t <= llo->nkeys && (t == 0 || bt_key(llo, t - 1) < lo) &&
	    lo <= bt_key(llo, t))
		next[0] = llo->first + t;
	if (t <= lhi->nkeys && (t == 0 || bt_key(lhi, t - 1) <= hi) &&
	    hi < bt_key(lhi, t))
		next[1] = lhi->first + t;
	__syncthreads();
	if (t == 0) {
		out[2 * q] = next[0];
		out[2 * q + 1] = next[1] - next[0];
	}
}
