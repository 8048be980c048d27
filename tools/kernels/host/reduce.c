// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * reduce and reduce-atomic: the wrapping uint32 sum of an array with a
 * shared-memory tree reduction per CTA.
 *
 * reduce         multi-pass: each launch turns c values into one partial
 *                sum per CTA; next() launches again over the partials
 *                until a single CTA has produced the total (the host loop
 *                lives in next(), as a real host program's would).
 * reduce-atomic  one launch; every CTA atomically adds its sum to out[0].
 *
 * Sizes: scale 0 = 10000 values, scale 1 = 48 Mi values (192 MiB read
 * once, 9 M warp instructions; DRAM bound, 1.3 M cycles alone on
 * ccbp-16sm), each further scale doubles (scale 2 needs more than the
 * default 256 MiB of device memory).
 */
#include <errno.h>
#include <stdlib.h>

#include "wl.h"

#define REDUCE_SEED 0x5eed0004u
#define REDUCE_BLOCK 256
#define REDUCE_PER_THREAD 8	/* values each thread sums before the tree */
#define REDUCE_MAX_GRID 128

struct wl_run {
	int atomic;
	uint32_t *in;
	uint32_t n;
	uint32_t va_in, va_part[2];
	struct sim_kernel k;
	struct wl_mem mem;
	/* multi-pass state: values left and where they are */
	uint32_t count, va_cur;
	unsigned int pass;
	int done;
	uint32_t va_result;	/* where the total ends up */
};

uint32_t reduce_ref(const uint32_t *in, uint32_t n)
{
	uint32_t sum = 0;

	for (uint32_t i = 0; i < n; i++)
		sum += in[i];
	return sum;
}

int reduce_validate(const struct wl_mem *m, const struct reduce_args *a,
		    const struct sim_launch *l, char *err, size_t len)
{
	uint32_t block = l->block[0];
	int ret;

	if ((ret = wl_check_ptr(m, a->in, a->n, 4, "reduce input", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->out, a->atomic ? 1 : l->grid[0], 4,
				"reduce output", err, len)))
		return ret;
	if (!block || (block & (block - 1)) || block > REDUCE_MAX_BLOCK)
		return wl_err(err, len, "reduce: block %u is not a power of two <= %u",
			      block, REDUCE_MAX_BLOCK);
	if (l->grid[1] != 1 || l->grid[2] != 1 || l->block[1] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "reduce: needs a 1-D launch");
	return 0;
}

static uint32_t reduce_grid(uint32_t count)
{
	uint32_t g = wl_div_up(count, REDUCE_BLOCK * REDUCE_PER_THREAD);

	return g < REDUCE_MAX_GRID ? g : REDUCE_MAX_GRID;
}

static void reduce_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->in);
	free(r);
}

static int reduce_setup(struct sim_ctx *ctx, const struct wl_params *p,
			struct wl_run **run, int atomic, char *err,
			size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->atomic = atomic;
	r->n = p->scale ? (48u << 20) << (p->scale - 1) : 10000;
	r->in = malloc(r->n * sizeof(uint32_t));
	if (!r->in) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, REDUCE_SEED), 0);
	for (uint32_t i = 0; i < r->n; i++)
		r->in[i] = wl_rng_u32(&rng);

	if ((ret = wl_load(ctx, "reduce.elf", "reduce", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->in, r->n * 4,
				 "reduce input", &r->va_in, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, REDUCE_MAX_GRID * 4,
			    "reduce partials 0", &r->va_part[0], err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, REDUCE_MAX_GRID * 4,
			    "reduce partials 1", &r->va_part[1], err, len)))
		goto fail;
	r->count = r->n;
	r->va_cur = r->va_in;
	*run = r;
	return 0;
fail:
	reduce_destroy(r);
	return ret;
}

static int reduce_tree_setup(struct sim_ctx *ctx, const struct wl_params *p,
			     struct wl_run **run, char *err, size_t len)
{
	return reduce_setup(ctx, p, run, 0, err, len);
}

static int reduce_atomic_setup(struct sim_ctx *ctx,
			       const struct wl_params *p, struct wl_run **run,
			       char *err, size_t len)
{
	return reduce_setup(ctx, p, run, 1, err, len);
}

static int reduce_next(struct sim_ctx *ctx, struct wl_run *r,
		       struct sim_launch *l, char *err, size_t len)
{
	struct reduce_args args;
	struct sim_launch launch;
	uint32_t grid, args_va;
	int ret;

	/*
	 * The previous pass left one value per CTA in va_part[pass & 1]...
	 * unless it ran a single CTA: then that value is the total.
	 */
	if (r->done)
		return 0;
	grid = reduce_grid(r->count);
	args = (struct reduce_args){
		.in = r->va_cur,
		.out = r->va_part[r->pass & 1],
		.n = r->count,
		.atomic = r->atomic,
	};
	ret = sim_wl_args(ctx, &args, sizeof(args), &args_va);
	if (ret)
		return wl_err(err, len, "reduce: cannot place arguments");
	wl_launch_1d(&launch, &r->k, grid, REDUCE_BLOCK, args_va);
	ret = reduce_validate(&r->mem, &args, &launch, err, len);
	if (ret)
		return ret;

	r->va_result = args.out;
	if (r->atomic || grid == 1)
		r->done = 1;
	r->va_cur = args.out;
	r->count = grid;
	r->pass++;
	*l = launch;
	return 1;
}

static int reduce_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			size_t len)
{
	uint32_t ref = reduce_ref(r->in, r->n), got;
	int ret;

	if (!r->done)
		return wl_err(err, len, "reduce: not all passes ran");
	ret = wl_download(ctx, r->va_result, &got, sizeof(got),
			  "reduce result", err, len);
	if (!ret)
		ret = wl_compare_u32(&ref, &got, 1, "reduce sum", err, len);
	return ret;
}

const struct workload wl_reduce = {
	.name = "reduce",
	.elf = "reduce.elf",
	.desc = "uint32 sum: shared-memory tree per CTA, relaunched over the partial sums",
	.setup = reduce_tree_setup,
	.next = reduce_next,
	.check = reduce_check,
	.destroy = reduce_destroy,
};

const struct workload wl_reduce_atomic = {
	.name = "reduce-atomic",
	.elf = "reduce.elf",
	.desc = "uint32 sum: shared-memory tree per CTA, then one global atomicAdd per CTA",
	.setup = reduce_atomic_setup,
	.next = reduce_next,
	.check = reduce_check,
	.destroy = reduce_destroy,
};
