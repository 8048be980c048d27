// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bucketsort: sort uniformly random uint32 keys (CCBP paper: SRT,
 * Rodinia's hybrid sort) with the kernels of args.h: bs_count,
 * bs_prefix, bs_scatter, bs_sort4, then one bs_merge launch per merge
 * pass, swapping the two buffers, until a run covers the largest
 * bucket, and bs_pack. Every pass reads and writes the whole array, which
 * is where the DRAM traffic comes from. next() reads the counts back
 * after bs_count (as Rodinia's host does) to size the passes. check()
 * compares the bucket counts, offsets and the sorted keys exactly with
 * qsort.
 *
 * Sizes (keys, buckets): scale 0 = 400, 8 (~50 keys per bucket, 4
 * passes, small CTAs); scale 1 = 1 Mi, 1024 (~1 Ki keys per bucket, 9
 * passes); each further scale doubles the keys (the buckets stay at
 * BS_MAX_NB).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define BS_SEED 0x5eed0017u
#define BS_COUNT_GRID 64
#define BS_MERGE_BLOCK 64

enum { BS_COUNT, BS_PREFIX, BS_SCATTER, BS_SORT4, BS_MERGE, BS_PACK, BS_NK };

struct wl_run {
	uint32_t n, nb, npad;
	uint32_t count_grid, block;
	uint32_t *keys;
	struct bs_args args;
	uint32_t args_va;
	uint32_t buf[2];	/* the ping-pong buffers */
	uint32_t maxcnt;	/* keys in the largest bucket */
	uint32_t passes;	/* bs_merge launches */
	uint32_t result;	/* VA bs_pack wrote */
	struct sim_kernel k[BS_NK];
	struct wl_mem mem;
	unsigned int stage;
};

static const char *const bs_kernels[BS_NK] = {
	"bs_count", "bs_prefix", "bs_scatter", "bs_sort4", "bs_merge",
	"bs_pack",
};

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

void bs_ref(const uint32_t *in, uint32_t n, uint32_t nb, uint32_t shift,
	    uint32_t *counts, uint32_t *offsets, uint32_t *out)
{
	uint32_t sum = 0;

	memset(counts, 0, nb * sizeof(*counts));
	for (uint32_t i = 0; i < n; i++)
		counts[in[i] >> shift]++;
	for (uint32_t b = 0; b < nb; b++) {
		offsets[b] = sum;
		sum += counts[b];
	}
	memcpy(out, in, n * sizeof(*out));
	qsort(out, n, sizeof(*out), cmp_u32);
}

int bs_validate(const struct wl_mem *m, const struct bs_args *a,
		unsigned int kernel, const struct sim_launch *l, char *err,
		size_t len)
{
	uint64_t npad = (uint64_t)a->n + 3ull * a->nb;
	int ret;

	if (a->nb < 2 || a->nb > BS_MAX_NB || (a->nb & (a->nb - 1)) ||
	    a->shift != 32u - (uint32_t)__builtin_ctz(a->nb))
		return wl_err(err, len, "bucketsort: %u buckets (shift %u): need a power of two in 2..%u and shift 32 - log2",
			      a->nb, a->shift, BS_MAX_NB);
	if (!a->ngrid || (uint64_t)a->ngrid * a->nb * 4 > UINT32_MAX)
		return wl_err(err, len, "bucketsort: bs_count grid of %u CTAs",
			      a->ngrid);
	/* bs_sort4 and bs_merge move 4 keys per 16-byte vector access. */
	if ((a->src | a->dst) % 16)
		return wl_err(err, len, "bucketsort: source 0x%x and destination 0x%x must be 16-byte aligned",
			      a->src, a->dst);
	if ((ret = wl_check_ptr(m, a->in, a->n, 4, "bucketsort input", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->ranks, a->n, 4, "bucketsort ranks", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->bcounts, (uint64_t)a->ngrid * a->nb, 4,
				"bucketsort CTA counts", err, len)) ||
	    (ret = wl_check_ptr(m, a->src, npad, 4, "bucketsort source",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->dst, npad, 4, "bucketsort destination",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->counts, a->nb, 4, "bucketsort counts",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->offsets, a->nb, 4,
				"bucketsort offsets", err, len)) ||
	    (ret = wl_check_ptr(m, a->poffs, a->nb, 4,
				"bucketsort padded offsets", err, len)))
		return ret;
	if (a->in == a->src || a->in == a->dst || a->src == a->dst ||
	    a->ranks == a->src || a->ranks == a->dst || a->ranks == a->in)
		return wl_err(err, len, "bucketsort: input, ranks, source and destination alias");
	if (l->grid[1] != 1 || l->grid[2] != 1 || l->block[1] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "bucketsort: needs 1-D launches");
	switch (kernel) {
	case BS_COUNT:
	case BS_SCATTER:
		/* bs_scatter redoes bs_count's partition of the keys. */
		if (l->grid[0] != a->ngrid || l->block[0] != BS_BLOCK)
			return wl_err(err, len, "%s: needs %u CTAs of %u threads",
				      bs_kernels[kernel], a->ngrid, BS_BLOCK);
		break;
	case BS_PREFIX:
		if (l->grid[0] != 1 || l->block[0] != BS_SCAN_BLOCK)
			return wl_err(err, len, "bs_prefix: needs one CTA of %u threads",
				      BS_SCAN_BLOCK);
		break;
	case BS_MERGE:
		if (!a->run || a->run % 4)
			return wl_err(err, len, "bs_merge: run %u is not a positive multiple of 4",
				      a->run);
		/* fall through */
	case BS_SORT4:
	case BS_PACK:
		if (!a->tpb || (uint64_t)a->tpb * a->nb > UINT32_MAX)
			return wl_err(err, len, "bucketsort: %u threads per bucket",
				      a->tpb);
		return wl_check_1d_cover(l, a->tpb * a->nb, bs_kernels[kernel],
					 err, len);
	}
	return 0;
}
static void bs_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->keys);
	free(r);
}

static int bs_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = p->scale ? (1u << 20) << (p->scale - 1) : 400;
	r->nb = p->scale ? 1024u << (p->scale - 1) : 8;
	if (r->nb > BS_MAX_NB)
		r->nb = BS_MAX_NB;
	r->npad = r->n + 3 * r->nb;
	r->count_grid = p->scale ? BS_COUNT_GRID : 2;
	r->block = p->scale ? BS_BLOCK : 64;
	r->keys = malloc(r->n * sizeof(uint32_t));
	if (!r->keys) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, BS_SEED), 0);
	for (uint32_t i = 0; i < r->n; i++)
		r->keys[i] = wl_rng_u32(&rng);

	for (unsigned int i = 0; i < BS_NK; i++) {
		ret = wl_load(ctx, "bucketsort.elf", bs_kernels[i], &r->k[i],
			      err, len);
		if (ret)
			goto fail;
	}
	/* counts start zeroed: sim_alloc zero-fills. */
	if ((ret = wl_alloc_copy(ctx, &r->mem, r->keys, r->n * 4,
				 "bucketsort input", &r->args.in, err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->npad * 4, "bucketsort buffer 0",
			    &r->buf[0], err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->npad * 4, "bucketsort buffer 1",
			    &r->buf[1], err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->nb * 4, "bucketsort counts",
			    &r->args.counts, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->nb * 4, "bucketsort offsets",
			    &r->args.offsets, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->nb * 4,
			    "bucketsort padded offsets", &r->args.poffs, err,
			    len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n * 4, "bucketsort ranks",
			    &r->args.ranks, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->count_grid * r->nb * 4,
			    "bucketsort CTA counts", &r->args.bcounts, err,
			    len)))
		goto fail;
	r->args.src = r->buf[1];
	r->args.dst = r->buf[0];
	r->args.n = r->n;
	r->args.nb = r->nb;
	r->args.shift = 32u - (uint32_t)__builtin_ctz(r->nb);
	r->args.ngrid = r->count_grid;
	r->args.tpb = 1;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "bucketsort: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	bs_destroy(r);
	return ret;
}

/* After bs_count: the largest bucket sets the threads and the passes. */
static int bs_plan(struct sim_ctx *ctx, struct wl_run *r, char *err,
		   size_t len)
{
	uint32_t counts[BS_MAX_NB], sum = 0;
	int ret;

	ret = wl_download(ctx, r->args.counts, counts, r->nb * 4,
			  "bucketsort counts", err, len);
	if (ret)
		return ret;
	r->maxcnt = 0;
	for (uint32_t b = 0; b < r->nb; b++) {
		sum += counts[b];
		if (counts[b] > r->maxcnt)
			r->maxcnt = counts[b];
	}
	if (sum != r->n)
		return wl_err(err, len, "bucketsort: bs_count counted %u keys, not %u",
			      sum, r->n);
	r->passes = 0;
	for (uint32_t run = 4; run < r->maxcnt; run *= 2)
		r->passes++;
	/* Scatter into the buffer that makes the last pass end in buf[0]. */
	r->args.dst = r->buf[r->passes & 1];
	r->args.src = r->buf[(r->passes & 1) ^ 1];
	return 0;
}

static int bs_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t grid, block = r->block, k;
	int ret;

	if (r->stage < BS_SCATTER) {
		k = r->stage;
	} else if (r->stage == BS_SCATTER) {
		k = BS_SCATTER;
		ret = bs_plan(ctx, r, err, len);
		if (ret)
			return ret;
	} else if (r->stage == BS_SORT4) {
		k = BS_SORT4;
		r->args.tpb = wl_div_up(r->maxcnt, 4);
	} else if (r->stage < BS_MERGE + r->passes) {
		uint32_t t;

		k = BS_MERGE;
		/* The previous launch has completed: swap the buffers. */
		r->args.run = 4u << (r->stage - BS_MERGE);
		t = r->args.src;
		r->args.src = r->args.dst;
		r->args.dst = t;
		r->args.tpb = wl_div_up(r->maxcnt, 2 * r->args.run);
	} else if (r->stage == BS_MERGE + r->passes) {
		k = BS_PACK;
		r->args.src = r->args.dst;
		r->args.dst = r->buf[1];
		r->args.tpb = r->maxcnt;
		r->result = r->args.dst;
	} else {
		return 0;
	}
	switch (k) {
	case BS_COUNT:
	case BS_SCATTER:
		grid = r->count_grid;
		block = BS_BLOCK;
		break;
	case BS_PREFIX:
		grid = 1;
		block = BS_SCAN_BLOCK;
		break;
	case BS_MERGE:
		/* The last passes have few threads: spread them over the SMs. */
		block = BS_MERGE_BLOCK;
		/* fall through */
	default:
		grid = wl_div_up(r->args.tpb * r->nb, block);
		break;
	}
	wl_launch_1d(&launch, &r->k[k], grid, block, r->args_va);
	ret = bs_validate(&r->mem, &r->args, k, &launch, err, len);
	if (ret)
		return ret;
	if (k >= BS_SCATTER &&
	    sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "bucketsort: cannot update arguments");
	r->stage++;
	*l = launch;
	return 1;
}

static int bs_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	uint32_t counts[BS_MAX_NB], offsets[BS_MAX_NB], got[BS_MAX_NB];
	uint32_t *ref = malloc(r->n * sizeof(uint32_t));
	uint32_t *out = malloc(r->n * sizeof(uint32_t));
	int ret;

	if (!ref || !out) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->result || r->stage <= BS_MERGE + r->passes) {
		ret = wl_err(err, len, "bucketsort: not all launches ran");
		goto out;
	}
	bs_ref(r->keys, r->n, r->nb, r->args.shift, counts, offsets, ref);
	if ((ret = wl_download(ctx, r->args.counts, got, r->nb * 4,
			       "bucketsort counts", err, len)) ||
	    (ret = wl_compare_u32(counts, got, r->nb, "bucketsort counts",
				  err, len)) ||
	    (ret = wl_download(ctx, r->args.offsets, got, r->nb * 4,
			       "bucketsort offsets", err, len)) ||
	    (ret = wl_compare_u32(offsets, got, r->nb, "bucketsort offsets",
				  err, len)) ||
	    (ret = wl_download(ctx, r->result, out, r->n * 4,
			       "bucketsort output", err, len)))
		goto out;
	ret = wl_compare_u32(ref, out, r->n, "bucketsort sorted keys", err,
			     len);
out:
	free(ref);
	free(out);
	return ret;
}

const struct workload wl_bucketsort = {
	.name = "bucketsort",
	.elf = "bucketsort.elf",
	.desc = "hybrid sort: bucket count, prefix, atomic scatter, global-memory merge passes (CCBP SRT)",
	.setup = bs_setup,
	.next = bs_next,
	.check = bs_check,
	.destroy = bs_destroy,
};
