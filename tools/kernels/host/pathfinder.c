// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * pathfinder: cheapest top-to-bottom path through a grid of random cell
 * costs 0..9, one row of dynamic programming per step (CCBP paper: PF,
 * from Rodinia's pathfinder; latency sensitive). The host loop lives in
 * next(): one launch per block of PF_STEPS rows, ping-ponging the cost
 * row between two buffers, as the benchmark's host program does.
 *
 * Sizes (cols x rows): scale 0 = 400 x 17 (2 CTAs, 4 launches, partial
 * last block), scale 1 = 256 Ki x 101 (1214 CTAs of 256 threads per
 * launch, 5 launches of 20 rows), each further scale doubles the columns.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define PF_SEED 0x5eed0010u
#define PF_STEPS 20		/* rows per launch (pyramid height) */
#define PF_STEPS_SMALL 4

struct wl_run {
	uint32_t cols, rows, steps;
	int32_t *wall;
	uint32_t va_wall, va_row[2];
	struct sim_kernel k;
	uint32_t args_va;	/* rewritten before every launch */
	struct wl_mem mem;
	uint32_t next_row;	/* first row of the next launch */
	unsigned int launches;
};

void pathfinder_ref(const int32_t *wall, uint32_t cols, uint32_t rows,
		    int32_t *out)
{
	int32_t *prev = malloc(cols * sizeof(*prev));

	if (!prev)
		abort();
	memcpy(out, wall, cols * sizeof(*out));
	for (uint32_t r = 1; r < rows; r++) {
		memcpy(prev, out, cols * sizeof(*prev));
		for (uint32_t c = 0; c < cols; c++) {
			int32_t m = prev[c];

			if (c > 0 && prev[c - 1] < m)
				m = prev[c - 1];
			if (c + 1 < cols && prev[c + 1] < m)
				m = prev[c + 1];
			out[c] = wall[r * cols + c] + m;
		}
	}
	free(prev);
}

int pathfinder_validate(const struct wl_mem *m,
			const struct pathfinder_args *a,
			const struct sim_launch *l, char *err, size_t len)
{
	uint32_t b = l->block[0];
	int ret;

	if ((ret = wl_check_ptr(m, a->wall, (uint64_t)a->rows * a->cols, 4,
				"pathfinder wall", err, len)) ||
	    (ret = wl_check_ptr(m, a->src, a->cols, 4, "pathfinder src", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->dst, a->cols, 4, "pathfinder dst", err,
				len)))
		return ret;
	if (a->src == a->dst)
		return wl_err(err, len, "pathfinder: src and dst alias");
	if (!a->row || !a->steps || a->row + a->steps > a->rows ||
	    a->row + a->steps < a->row)
		return wl_err(err, len, "pathfinder: rows %u..+%u outside 1..%u",
			      a->row, a->steps, a->rows - 1);
	if (l->grid[1] != 1 || l->grid[2] != 1 || l->block[1] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "pathfinder: needs a 1-D launch");
	if (b > PF_BLOCK || b <= 2 * a->steps)
		return wl_err(err, len, "pathfinder: block %u must be in (2 * %u steps, %u]",
			      b, a->steps, PF_BLOCK);
	if ((uint64_t)l->grid[0] * (b - 2 * a->steps) < a->cols)
		return wl_err(err, len, "pathfinder: grid %u x %u columns does not cover %u",
			      l->grid[0], b - 2 * a->steps, a->cols);
	return 0;
}

static void pathfinder_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->wall);
	free(r);
}

static int pathfinder_setup(struct sim_ctx *ctx, const struct wl_params *p,
			    struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->cols = p->scale ? (256u << 10) << (p->scale - 1) : 400;
	r->rows = p->scale ? 101 : 17;
	r->steps = p->scale ? PF_STEPS : PF_STEPS_SMALL;
	n = r->cols * r->rows;
	r->wall = malloc(n * sizeof(*r->wall));
	if (!r->wall) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, PF_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->wall[i] = (int32_t)wl_rng_below(&rng, 10);

	/* Row 0's costs are its wall cells. */
	if ((ret = wl_load(ctx, "pathfinder.elf", "pathfinder", &r->k, err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->wall, n * 4,
				 "pathfinder wall", &r->va_wall, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->wall, r->cols * 4,
				 "pathfinder row 0", &r->va_row[0], err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->cols * 4, "pathfinder row 1",
			    &r->va_row[1], err, len)))
		goto fail;
	if (sim_wl_args(ctx, &(struct pathfinder_args){ 0 },
			sizeof(struct pathfinder_args), &r->args_va)) {
		ret = wl_err(err, len, "pathfinder: cannot place arguments");
		goto fail;
	}
	r->next_row = 1;
	*run = r;
	return 0;
fail:
	pathfinder_destroy(r);
	return ret;
}

static int pathfinder_next(struct sim_ctx *ctx, struct wl_run *r,
			   struct sim_launch *l, char *err, size_t len)
{
	struct pathfinder_args a;
	struct sim_launch launch;
	uint32_t steps;
	int ret;

	if (r->next_row >= r->rows)
		return 0;
	steps = r->rows - r->next_row;
	if (steps > r->steps)
		steps = r->steps;
	a = (struct pathfinder_args){
		.wall = r->va_wall,
		.src = r->va_row[r->launches & 1],
		.dst = r->va_row[(r->launches + 1) & 1],
		.cols = r->cols, .rows = r->rows,
		.row = r->next_row, .steps = steps,
	};
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &a, sizeof(a)))
		return wl_err(err, len, "pathfinder: cannot write arguments");
	wl_launch_1d(&launch, &r->k,
		     wl_div_up(r->cols, PF_BLOCK - 2 * steps), PF_BLOCK,
		     r->args_va);
	ret = pathfinder_validate(&r->mem, &a, &launch, err, len);
	if (ret)
		return ret;
	r->next_row += steps;
	r->launches++;
	*l = launch;
	return 1;
}

static int pathfinder_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			    size_t len)
{
	int32_t *ref, *got;
	int ret;

	if (r->next_row < r->rows)
		return wl_err(err, len, "pathfinder: not all rows ran");
	ref = malloc(r->cols * sizeof(*ref));
	got = malloc(r->cols * sizeof(*got));
	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	pathfinder_ref(r->wall, r->cols, r->rows, ref);
	ret = wl_download(ctx, r->va_row[r->launches & 1], got, r->cols * 4,
			  "pathfinder costs", err, len);
	if (!ret)
		ret = wl_compare_u32((const uint32_t *)ref,
				     (const uint32_t *)got, r->cols,
				     "pathfinder costs", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_pathfinder = {
	.name = "pathfinder",
	.elf = "pathfinder.elf",
	.desc = "row-by-row DP, shared-memory pyramid per launch (CCBP PF, Rodinia pathfinder)",
	.setup = pathfinder_setup,
	.next = pathfinder_next,
	.check = pathfinder_check,
	.destroy = pathfinder_destroy,
};
