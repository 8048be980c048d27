// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bfs: breadth-first search levels from node 0 of a generated graph
 * (CCBP paper: BFS, from Rodinia's bfs; latency sensitive). The host
 * loop lives in next(), as in the benchmark: clear the "over" flag, run
 * bfs_expand and bfs_update, read the flag back, and stop after the
 * first level that reached no new node.
 *
 * The graph (fixed seed): every node has 2..9 out-edges, 15 in 16 of
 * them to a node at most BFS_WINDOW away (a long chain of local
 * neighbourhoods) and the rest to any node, so the search runs a few
 * dozen levels with frontiers of very different sizes; some nodes stay
 * unreached (cost -1). check() compares every node's level exactly.
 *
 * Sizes (nodes): scale 0 = 1000, scale 1 = 1 Mi (~5.5 M edges, 4096
 * CTAs of 256 threads per launch), each further scale doubles.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define BFS_SEED 0x5eed0012u
#define BFS_BLOCK 256
#define BFS_WINDOW 32
#define BFS_MAX_LEVELS 100000	/* more than any graph here needs */

struct wl_run {
	uint32_t n, m;
	uint32_t *offs, *edges;
	struct bfs_args args;
	uint32_t args_va;
	struct sim_kernel ke, ku;
	struct wl_mem mem;
	unsigned int stage;	/* 0: expand next, 1: update next */
	unsigned int levels;
	int done;
};

void bfs_ref(const uint32_t *offs, const uint32_t *edges, uint32_t n,
	     uint32_t src, int32_t *cost)
{
	uint32_t *queue = malloc(n * sizeof(*queue)), head = 0, tail = 0;

	if (!queue)
		abort();
	for (uint32_t v = 0; v < n; v++)
		cost[v] = -1;
	cost[src] = 0;
	queue[tail++] = src;
	while (head < tail) {
		uint32_t v = queue[head++];

		for (uint32_t e = offs[v]; e < offs[v + 1]; e++) {
			uint32_t u = edges[e];

			if (cost[u] < 0) {
				cost[u] = cost[v] + 1;
				queue[tail++] = u;
			}
		}
	}
	free(queue);
}

int bfs_validate(const struct wl_mem *m, const struct bfs_args *a,
		 const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->offs, (uint64_t)a->n + 1, 4,
				"bfs offsets", err, len)) ||
	    (ret = wl_check_ptr(m, a->edges, a->m, 4, "bfs edges", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->mask, a->n, 1, "bfs mask", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->updating, a->n, 1, "bfs updating",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->visited, a->n, 1, "bfs visited", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->cost, a->n, 4, "bfs cost", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->over, 1, 4, "bfs over flag", err,
				len)))
		return ret;
	return wl_check_1d_cover(l, a->n, "bfs", err, len);
}

static void bfs_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->offs);
	free(r->edges);
	free(r);
}

static int bfs_setup(struct sim_ctx *ctx, const struct wl_params *p,
		     struct wl_run **run, char *err, size_t len)
{
	uint8_t *flags = NULL;
	uint32_t *cost = NULL;
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = p->scale ? (1u << 20) << (p->scale - 1) : 1000;
	r->offs = malloc((r->n + 1) * sizeof(uint32_t));
	r->edges = malloc(r->n * 9 * sizeof(uint32_t));	/* degree <= 9 */
	flags = calloc(r->n, 1);
	cost = malloc(r->n * sizeof(uint32_t));
	if (!r->offs || !r->edges || !flags || !cost) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, BFS_SEED), 0);
	for (uint32_t v = 0; v < r->n; v++) {
		uint32_t deg = 2 + wl_rng_below(&rng, 8);

		r->offs[v] = r->m;
		for (uint32_t d = 0; d < deg; d++) {
			uint32_t u;

			if (wl_rng_below(&rng, 16)) {
				/* v - W .. v + W, wrapped */
				u = (v + r->n - BFS_WINDOW +
				     wl_rng_below(&rng, 2 * BFS_WINDOW + 1)) %
				    r->n;
			} else {
				u = wl_rng_below(&rng, r->n);
			}
			r->edges[r->m++] = u;
		}
	}
	r->offs[r->n] = r->m;

	/* The frontier starts as node 0; sim_alloc zero-fills the rest. */
	if ((ret = wl_load(ctx, "bfs.elf", "bfs_expand", &r->ke, err, len)) ||
	    (ret = wl_load(ctx, "bfs.elf", "bfs_update", &r->ku, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->offs, (r->n + 1) * 4,
				 "bfs offsets", &r->args.offs, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->edges, r->m * 4,
				 "bfs edges", &r->args.edges, err, len)))
		goto fail;
	flags[0] = 1;
	for (uint32_t v = 0; v < r->n; v++)
		cost[v] = v ? UINT32_MAX : 0;
	if ((ret = wl_alloc_copy(ctx, &r->mem, flags, r->n, "bfs mask",
				 &r->args.mask, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n, "bfs updating",
			    &r->args.updating, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, flags, r->n, "bfs visited",
				 &r->args.visited, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, cost, r->n * 4, "bfs cost",
				 &r->args.cost, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, 4, "bfs over flag", &r->args.over,
			    err, len)))
		goto fail;
	r->args.n = r->n;
	r->args.m = r->m;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "bfs: cannot place arguments");
		goto fail;
	}
	free(flags);
	free(cost);
	*run = r;
	return 0;
fail:
	free(flags);
	free(cost);
	bfs_destroy(r);
	return ret;
}

static int bfs_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	const uint32_t zero = 0;
	struct sim_launch launch;
	uint32_t over;
	int ret;

	if (r->done)
		return 0;
	if (r->stage == 0) {
		/* After a level: did it reach anything new? */
		if (r->levels) {
			ret = wl_download(ctx, r->args.over, &over,
					  sizeof(over), "bfs over flag", err,
					  len);
			if (ret)
				return ret;
			if (!over) {
				r->done = 1;
				return 0;
			}
		}
		if (r->levels == BFS_MAX_LEVELS)
			return wl_err(err, len, "bfs: no end after %u levels",
				      r->levels);
		if (sim_write(ctx, r->args.over, &zero, sizeof(zero)))
			return wl_err(err, len, "bfs: cannot clear the over flag");
	}
	wl_launch_1d(&launch, r->stage ? &r->ku : &r->ke,
		     wl_div_up(r->n, BFS_BLOCK), BFS_BLOCK, r->args_va);
	ret = bfs_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	if (r->stage)
		r->levels++;
	r->stage ^= 1;
	*l = launch;
	return 1;
}

static int bfs_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	int32_t *ref = malloc(r->n * sizeof(*ref));
	int32_t *got = malloc(r->n * sizeof(*got));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->done) {
		ret = wl_err(err, len, "bfs: search did not finish");
		goto out;
	}
	bfs_ref(r->offs, r->edges, r->n, 0, ref);
	ret = wl_download(ctx, r->args.cost, got, r->n * 4, "bfs cost", err,
			  len);
	if (!ret)
		ret = wl_compare_u32((const uint32_t *)ref,
				     (const uint32_t *)got, r->n, "bfs cost",
				     err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_bfs = {
	.name = "bfs",
	.elf = "bfs.elf",
	.desc = "level-synchronous BFS, two launches per level until no change (CCBP BFS, Rodinia bfs)",
	.setup = bfs_setup,
	.next = bfs_next,
	.check = bfs_check,
	.destroy = bfs_destroy,
};
