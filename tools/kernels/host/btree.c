// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * btree: point queries (bt_find) then range queries (bt_range) on a
 * B+tree of order BT_ORDER built on the host (CCBP paper: BT, from
 * Rodinia's b+tree; latency sensitive). As in Rodinia, a node has 256
 * slots, each query's walk state is in global memory (set to the root
 * here before the launches) and a leaf slot holds the index of a record.
 * Nodes are filled to between half and all but one slot, as after random
 * inserts; half the point queries hit a key, half miss; ranges span ~100
 * keys. check() compares every answer with binary searches over the
 * sorted keys.
 *
 * Sizes (keys, queries per kernel): scale 0 = 4000 keys (height 1), 32
 * queries; scale 1 = 1 Mi keys (height 2), 16 Ki queries of 256 threads
 * each (1.36 M cycles alone on ccbp-16sm); each further scale doubles
 * both.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define BT_SEED 0x5eed0013u

struct wl_run {
	uint32_t nkeys, nq, nnodes, root, height;
	int32_t *keys;		/* sorted, distinct */
	uint32_t *vals;
	struct bt_node *nodes;
	int32_t *qfind, *qrange;
	struct bt_args fargs, rargs;
	uint32_t fargs_va, rargs_va;
	struct sim_kernel kf, kr;
	struct wl_mem mem;
	unsigned int stage;
};

/* Position of the first key >= k (strict: > k) in keys[0..n). */
static uint32_t bt_bound(const int32_t *keys, uint32_t n, int32_t k,
			 int strict)
{
	uint32_t lo = 0, hi = n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (keys[mid] < k || (strict && keys[mid] == k))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void bt_find_ref(const int32_t *keys, const uint32_t *vals, uint32_t n,
		 const int32_t *q, uint32_t nq, uint32_t *out)
{
	for (uint32_t i = 0; i < nq; i++) {
		uint32_t p = bt_bound(keys, n, q[i], 0);

		out[i] = p < n && keys[p] == q[i] ? vals[p] : BT_NOT_FOUND;
	}
}

void bt_range_ref(const int32_t *keys, uint32_t n, const int32_t *q,
		  uint32_t nq, uint32_t *out)
{
	for (uint32_t i = 0; i < nq; i++) {
		uint32_t lo = bt_bound(keys, n, q[2 * i], 0);
		uint32_t hi = bt_bound(keys, n, q[2 * i + 1], 1);

		out[2 * i] = lo;
		out[2 * i + 1] = hi - lo;
	}
}

int bt_validate(const struct wl_mem *m, const struct bt_args *a, int range,
		const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->nodes,
				(uint64_t)a->nnodes * sizeof(struct bt_node) / 4,
				4, "btree nodes", err, len)) ||
	    (ret = wl_check_ptr(m, a->keys, (uint64_t)a->nq * (range ? 2 : 1),
				4, "btree query keys", err, len)) ||
	    (ret = wl_check_ptr(m, a->out, (uint64_t)a->nq * (range ? 2 : 1),
				4, "btree answers", err, len)) ||
	    (ret = wl_check_ptr(m, a->walk, (uint64_t)a->nq * 4, 4,
				"btree walk state", err, len)) ||
	    (ret = wl_check_ptr(m, a->records, a->nrecords, 4,
				"btree records", err, len)))
		return ret;
	if (a->root >= a->nnodes || a->height >= a->nnodes)
		return wl_err(err, len, "btree: root %u / height %u outside %u nodes",
			      a->root, a->height, a->nnodes);
	if (l->block[0] != BT_ORDER || l->block[1] != 1 || l->block[2] != 1)
		return wl_err(err, len, "btree: block must be %ux1x1", BT_ORDER);
	if (l->grid[0] != a->nq || l->grid[1] != 1 || l->grid[2] != 1)
		return wl_err(err, len, "btree: grid %ux%ux%u is not one CTA per query (%u)",
			      l->grid[0], l->grid[1], l->grid[2], a->nq);
	return 0;
}

static void bt_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->keys);
	free(r->vals);
	free(r->nodes);
	free(r->qfind);
	free(r->qrange);
	free(r);
}

/* Children per node: half full to one short of full. */
static uint32_t bt_fill(struct wl_rng *rng)
{
	return BT_ORDER / 2 + wl_rng_below(rng, BT_ORDER / 2);
}

static struct bt_node *bt_new(struct wl_run *r)
{
	struct bt_node *nd = &r->nodes[r->nnodes++];

	memset(nd, 0, sizeof(*nd));
	for (uint32_t i = 0; i < BT_ORDER; i++)
		nd->keys[i] = INT32_MAX;
	return nd;
}

static int bt_build(struct wl_run *r, struct wl_rng *rng)
{
	/* A level of n >= 2 nodes has at most n / (BT_ORDER / 2) + 1 parents. */
	uint32_t cap = r->nkeys / (BT_ORDER / 2) * 2 + 64;
	uint32_t lvl_start, lvl_end;

	r->nodes = malloc(cap * sizeof(*r->nodes));
	if (!r->nodes)
		return -ENOMEM;
	for (uint32_t i = 0; i < r->nkeys;) {
		struct bt_node *nd = bt_new(r);
		uint32_t f = bt_fill(rng);

		if (f > r->nkeys - i)
			f = r->nkeys - i;
		nd->leaf = 1;
		nd->first = i;
		nd->nkeys = f;
		for (uint32_t j = 0; j < f; j++, i++) {
			nd->keys[j] = r->keys[i];
			nd->child[j] = i;	/* its record */
		}
	}
	lvl_start = 0;
	lvl_end = r->nnodes;
	while (lvl_end - lvl_start > 1) {
		for (uint32_t c = lvl_start; c < lvl_end;) {
			struct bt_node *nd = bt_new(r);
			uint32_t f = bt_fill(rng) + 1;	/* up to BT_ORDER */

			if (f > lvl_end - c)
				f = lvl_end - c;
			nd->nkeys = f;
			nd->first = r->nodes[c].first;
			for (uint32_t j = 0; j < f; j++, c++) {
				/* The smallest key under child c. */
				nd->keys[j] = j ? r->keys[r->nodes[c].first] :
					INT32_MIN;
				nd->child[j] = c;
			}
			if (r->nnodes == cap)
				return -ENOMEM;
		}
		lvl_start = lvl_end;
		lvl_end = r->nnodes;
		r->height++;
	}
	r->root = r->nnodes - 1;
	return 0;
}

static int bt_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, char *err, size_t len)
{
	uint32_t *notfound = NULL, *walk = NULL;
	struct wl_rng rng;
	struct wl_run *r;
	int32_t k;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->nkeys = p->scale ? (1u << 20) << (p->scale - 1) : 4000;
	r->nq = p->scale ? (16u << 10) << (p->scale - 1) : 32;
	r->keys = malloc(r->nkeys * sizeof(int32_t));
	r->vals = malloc(r->nkeys * sizeof(uint32_t));
	r->qfind = malloc(r->nq * sizeof(int32_t));
	r->qrange = malloc(r->nq * 2 * sizeof(int32_t));
	notfound = malloc(r->nq * 2 * sizeof(uint32_t));
	walk = malloc(r->nq * 4 * sizeof(uint32_t));
	if (!r->keys || !r->vals || !r->qfind || !r->qrange || !notfound ||
	    !walk) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, BT_SEED), 0);
	k = (int32_t)wl_rng_below(&rng, 100);
	for (uint32_t i = 0; i < r->nkeys; i++) {
		r->keys[i] = k;
		r->vals[i] = wl_rng_u32(&rng) >> 1;	/* never BT_NOT_FOUND */
		k += 1 + (int32_t)wl_rng_below(&rng, 8);
	}
	/* k is now past the largest key: misses and ranges reach beyond. */
	for (uint32_t q = 0; q < r->nq; q++) {
		int32_t lo = (int32_t)wl_rng_below(&rng, (uint32_t)k + 10) - 5;

		r->qfind[q] = wl_rng_below(&rng, 2) ?
			r->keys[wl_rng_below(&rng, r->nkeys)] :
			(int32_t)wl_rng_below(&rng, (uint32_t)k + 10) - 5;
		r->qrange[2 * q] = lo;
		r->qrange[2 * q + 1] = lo + (int32_t)wl_rng_below(&rng, 900);
	}
	if (bt_build(r, &rng)) {
		ret = -ENOMEM;
		goto fail;
	}
	for (uint32_t i = 0; i < 2 * r->nq; i++)
		notfound[i] = BT_NOT_FOUND;
	/* Every walk starts at the root (Rodinia clears its to node 0). */
	for (uint32_t i = 0; i < 4 * r->nq; i++)
		walk[i] = r->root;

	r->fargs = (struct bt_args){
		.nnodes = r->nnodes, .root = r->root, .height = r->height,
		.nq = r->nq, .nrecords = r->nkeys,
	};
	if ((ret = wl_load(ctx, "btree.elf", "bt_find", &r->kf, err, len)) ||
	    (ret = wl_load(ctx, "btree.elf", "bt_range", &r->kr, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->nodes,
				 r->nnodes * sizeof(struct bt_node),
				 "btree nodes", &r->fargs.nodes, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->vals, r->nkeys * 4,
				 "btree records", &r->fargs.records, err,
				 len)))
		goto fail;
	r->rargs = r->fargs;
	if ((ret = wl_alloc_copy(ctx, &r->mem, r->qfind, r->nq * 4,
				 "btree point queries", &r->fargs.keys, err,
				 len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, notfound, r->nq * 4,
				 "btree point answers", &r->fargs.out, err,
				 len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->qrange, r->nq * 8,
				 "btree range queries", &r->rargs.keys, err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->nq * 8, "btree range answers",
			    &r->rargs.out, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, walk, r->nq * 16,
				 "btree point walks", &r->fargs.walk, err,
				 len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, walk, r->nq * 16,
				 "btree range walks", &r->rargs.walk, err,
				 len)))
		goto fail;
	if (sim_wl_args(ctx, &r->fargs, sizeof(r->fargs), &r->fargs_va) ||
	    sim_wl_args(ctx, &r->rargs, sizeof(r->rargs), &r->rargs_va)) {
		ret = wl_err(err, len, "btree: cannot place arguments");
		goto fail;
	}
	free(notfound);
	free(walk);
	*run = r;
	return 0;
fail:
	free(notfound);
	free(walk);
	bt_destroy(r);
	return ret;
}

static int bt_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int range = r->stage == 1, ret;

	(void)ctx;
	if (r->stage > 1)
		return 0;
	wl_launch_1d(&launch, range ? &r->kr : &r->kf, r->nq, BT_ORDER,
		     range ? r->rargs_va : r->fargs_va);
	ret = bt_validate(&r->mem, range ? &r->rargs : &r->fargs, range,
			  &launch, err, len);
	if (ret)
		return ret;
	r->stage++;
	*l = launch;
	return 1;
}

static int bt_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	uint32_t *ref = malloc(r->nq * 2 * sizeof(uint32_t));
	uint32_t *got = malloc(r->nq * 2 * sizeof(uint32_t));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->stage < 2) {
		ret = wl_err(err, len, "btree: not all launches ran");
		goto out;
	}
	bt_find_ref(r->keys, r->vals, r->nkeys, r->qfind, r->nq, ref);
	if ((ret = wl_download(ctx, r->fargs.out, got, r->nq * 4,
			       "btree point answers", err, len)) ||
	    (ret = wl_compare_u32(ref, got, r->nq, "btree point answers",
				  err, len)))
		goto out;
	bt_range_ref(r->keys, r->nkeys, r->qrange, r->nq, ref);
	if ((ret = wl_download(ctx, r->rargs.out, got, r->nq * 8,
			       "btree range answers", err, len)))
		goto out;
	ret = wl_compare_u32(ref, got, 2 * r->nq,
			     "btree range answers (start, count)", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_btree = {
	.name = "btree",
	.elf = "btree.elf",
	.desc = "B+tree point then range queries, one CTA per query (CCBP BT, Rodinia b+tree)",
	.setup = bt_setup,
	.next = bt_next,
	.check = bt_check,
	.destroy = bt_destroy,
};
