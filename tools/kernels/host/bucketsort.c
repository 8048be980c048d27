// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bucketsort: sort uniformly random uint32 keys (CCBP paper: SRT, the
 * bucket sort) in four launches: bs_count, bs_prefix, bs_scatter,
 * bs_sort (args.h). Before the scatter next() reads the counts back and
 * refuses a bucket too large for bs_sort's shared memory, as a host
 * program would fall back. check() compares the bucket counts, offsets
 * and the sorted keys exactly with qsort.
 *
 * Sizes (keys, buckets): scale 0 = 400, 8 (~50 keys per bucket, 64-key
 * sorts, small CTAs); scale 1 = 1 Mi, 1024 (~1 Ki keys per bucket,
 * 2048-key bitonic sorts by 256 threads); each further scale doubles
 * both (the buckets up to BS_MAX_NB).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define BS_SEED 0x5eed0017u
#define BS_BLOCK 256
#define BS_COUNT_GRID 64

struct wl_run {
	uint32_t n, nb;
	uint32_t count_grid, sort_block;
	uint32_t *keys;
	struct bs_args args;
	uint32_t args_va;
	struct sim_kernel k[4];
	struct wl_mem mem;
	unsigned int stage;
};

static const char *const bs_kernels[4] = {
	"bs_count", "bs_prefix", "bs_scatter", "bs_sort",
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
	int ret;

	if (a->nb < 2 || a->nb > BS_MAX_NB || (a->nb & (a->nb - 1)) ||
	    a->shift != 32u - (uint32_t)__builtin_ctz(a->nb))
		return wl_err(err, len, "bucketsort: %u buckets (shift %u): need a power of two in 2..%u and shift 32 - log2",
			      a->nb, a->shift, BS_MAX_NB);
	if ((ret = wl_check_ptr(m, a->in, a->n, 4, "bucketsort input", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->out, a->n, 4, "bucketsort output", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->counts, a->nb, 4, "bucketsort counts",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->offsets, a->nb, 4,
				"bucketsort offsets", err, len)) ||
	    (ret = wl_check_ptr(m, a->cursor, a->nb, 4, "bucketsort cursor",
				err, len)))
		return ret;
	if (a->in == a->out)
		return wl_err(err, len, "bucketsort: input and output alias");
	if (l->grid[1] != 1 || l->grid[2] != 1 || l->block[1] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "bucketsort: needs 1-D launches");
	switch (kernel) {
	case 1:
		if (l->grid[0] != 1 || l->block[0] != BS_SCAN_BLOCK)
			return wl_err(err, len, "bs_prefix: needs one CTA of %u threads",
				      BS_SCAN_BLOCK);
		break;
	case 2:
		return wl_check_1d_cover(l, a->n, "bs_scatter", err, len);
	case 3:
		if (l->grid[0] != a->nb)
			return wl_err(err, len, "bs_sort: grid %u is not one CTA per bucket (%u)",
				      l->grid[0], a->nb);
		break;
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
	r->count_grid = p->scale ? BS_COUNT_GRID : 2;
	r->sort_block = p->scale ? BS_BLOCK : 64;
	r->keys = malloc(r->n * sizeof(uint32_t));
	if (!r->keys) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, BS_SEED), 0);
	for (uint32_t i = 0; i < r->n; i++)
		r->keys[i] = wl_rng_u32(&rng);

	for (unsigned int i = 0; i < 4; i++) {
		ret = wl_load(ctx, "bucketsort.elf", bs_kernels[i], &r->k[i],
			      err, len);
		if (ret)
			goto fail;
	}
	/* counts start zeroed: sim_alloc zero-fills. */
	if ((ret = wl_alloc_copy(ctx, &r->mem, r->keys, r->n * 4,
				 "bucketsort input", &r->args.in, err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n * 4, "bucketsort output",
			    &r->args.out, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->nb * 4, "bucketsort counts",
			    &r->args.counts, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->nb * 4, "bucketsort offsets",
			    &r->args.offsets, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->nb * 4, "bucketsort cursor",
			    &r->args.cursor, err, len)))
		goto fail;
	r->args.n = r->n;
	r->args.nb = r->nb;
	r->args.shift = 32u - (uint32_t)__builtin_ctz(r->nb);
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

static int bs_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t grid, block = BS_BLOCK;
	uint32_t counts[BS_MAX_NB];
	int ret;

	switch (r->stage) {
	case 0:
		grid = r->count_grid;
		break;
	case 1:
		grid = 1;
		block = BS_SCAN_BLOCK;
		break;
	case 2:
		grid = wl_div_up(r->n, BS_BLOCK);
		break;
	case 3:
		/* Every bucket must fit bs_sort's shared memory. */
		ret = wl_download(ctx, r->args.counts, counts, r->nb * 4,
				  "bucketsort counts", err, len);
		if (ret)
			return ret;
		for (uint32_t b = 0; b < r->nb; b++) {
			if (counts[b] > BS_MAX_BUCKET)
				return wl_err(err, len, "bucketsort: bucket %u holds %u keys, more than %u",
					      b, counts[b], BS_MAX_BUCKET);
		}
		grid = r->nb;
		block = r->sort_block;
		break;
	default:
		return 0;
	}
	wl_launch_1d(&launch, &r->k[r->stage], grid, block, r->args_va);
	ret = bs_validate(&r->mem, &r->args, r->stage, &launch, err, len);
	if (ret)
		return ret;
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
	if (r->stage < 4) {
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
	    (ret = wl_download(ctx, r->args.out, out, r->n * 4,
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
	.desc = "bucket sort: count, prefix, atomic scatter, per-bucket bitonic sort (CCBP SRT)",
	.setup = bs_setup,
	.next = bs_next,
	.check = bs_check,
	.destroy = bs_destroy,
};
