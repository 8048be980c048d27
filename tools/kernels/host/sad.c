// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * sad: full-search motion estimation of a frame against the previous one
 * (CCBP paper: SAD, from Parboil's sad): SADs of every 4x4 block at
 * every displacement within +-SAD_R pixels (sad_4x4), then of every 8x8
 * block (sad_8x8). The reference frame is smooth noise; the current one
 * is it moved by (3, -2) pixels plus noise, so each block has a clear
 * best match. check() compares every SAD exactly.
 *
 * Sizes (w x h): scale 0 = 16 x 8 (8 blocks of 289 displacements), scale
 * 1 = 704 x 576 (4CIF: 25344 CTAs of 128 threads), each further scale
 * doubles the width.
 */
#include <errno.h>
#include <stdlib.h>

#include "wl.h"

#define SAD_SEED 0x5eed0015u
#define SAD_BLOCK 128
#define SAD_8X8_BLOCK 256

struct wl_run {
	uint32_t w, h, n4, n8;
	uint8_t *cur, *ref;
	struct sad_args args;
	uint32_t args_va;
	struct sim_kernel k4, k8;
	struct wl_mem mem;
	unsigned int stage;
};

static int32_t clampi(int32_t v, int32_t n)
{
	return v < 0 ? 0 : v >= n ? n - 1 : v;
}

void sad_ref(const uint8_t *cur, const uint8_t *ref, uint32_t w, uint32_t h,
	     uint32_t *sad4, uint32_t *sad8)
{
	uint32_t w4 = w / 4, n4 = w4 * (h / 4), w8 = w / 8, n8 = w8 * (h / 8);

	for (uint32_t b = 0; b < n4; b++) {
		int32_t bx = (int32_t)(b % w4) * 4, by = (int32_t)(b / w4) * 4;

		for (int32_t dy = -SAD_R; dy <= SAD_R; dy++) {
			for (int32_t dx = -SAD_R; dx <= SAD_R; dx++) {
				uint32_t sum = 0;

				for (int32_t i = 0; i < 4; i++) {
					for (int32_t j = 0; j < 4; j++) {
						int32_t d = cur[(by + i) * (int32_t)w + bx + j] -
							    ref[clampi(by + dy + i, (int32_t)h) * (int32_t)w +
								clampi(bx + dx + j, (int32_t)w)];

						sum += (uint32_t)abs(d);
					}
				}
				sad4[b * SAD_POS + (uint32_t)((dy + SAD_R) * SAD_SIDE + dx + SAD_R)] = sum;
			}
		}
	}
	for (uint32_t b = 0; b < n8; b++) {
		uint32_t b4 = (b / w8) * 2 * w4 + (b % w8) * 2;

		for (uint32_t p = 0; p < SAD_POS; p++)
			sad8[b * SAD_POS + p] = sad4[b4 * SAD_POS + p] +
				sad4[(b4 + 1) * SAD_POS + p] +
				sad4[(b4 + w4) * SAD_POS + p] +
				sad4[(b4 + w4 + 1) * SAD_POS + p];
	}
}

int sad_validate(const struct wl_mem *m, const struct sad_args *a, int big,
		 const struct sim_launch *l, char *err, size_t len)
{
	uint64_t n4, n8;
	int ret;

	if (!a->w || !a->h || a->w % 8 || a->h % 8)
		return wl_err(err, len, "sad: frame %u x %u is not made of 8x8 blocks",
			      a->w, a->h);
	n4 = (uint64_t)(a->w / 4) * (a->h / 4);
	n8 = (uint64_t)(a->w / 8) * (a->h / 8);
	if ((ret = wl_check_ptr(m, a->cur, (uint64_t)a->w * a->h, 1,
				"sad current frame", err, len)) ||
	    (ret = wl_check_ptr(m, a->ref, (uint64_t)a->w * a->h, 1,
				"sad reference frame", err, len)) ||
	    (ret = wl_check_ptr(m, a->sad4, n4 * SAD_POS, 4, "sad 4x4 SADs",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->sad8, n8 * SAD_POS, 4, "sad 8x8 SADs",
				err, len)))
		return ret;
	if (big)
		return wl_check_1d_cover(l, (uint32_t)(n8 * SAD_POS), "sad_8x8",
					 err, len);
	if (l->grid[0] != n4 || l->grid[1] != 1 || l->grid[2] != 1 ||
	    l->block[1] != 1 || l->block[2] != 1)
		return wl_err(err, len, "sad_4x4: needs a 1-D launch of one CTA per 4x4 block (%llu)",
			      (unsigned long long)n4);
	return 0;
}

static void sad_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->cur);
	free(r->ref);
	free(r);
}

static int sad_setup(struct sim_ctx *ctx, const struct wl_params *p,
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
	r->w = p->scale ? 704u << (p->scale - 1) : 16;
	r->h = p->scale ? 576 : 8;
	r->n4 = (r->w / 4) * (r->h / 4);
	r->n8 = (r->w / 8) * (r->h / 8);
	n = r->w * r->h;
	r->cur = malloc(n);
	r->ref = malloc(n);
	if (!r->cur || !r->ref) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, SAD_SEED), 0);
	/* Smooth noise: a random walk along each row, pulled to mid-grey. */
	for (uint32_t y = 0; y < r->h; y++) {
		int32_t v = 128;

		for (uint32_t x = 0; x < r->w; x++) {
			v += (int32_t)wl_rng_below(&rng, 17) - 8 + (128 - v) / 16;
			v = clampi(v, 256);
			r->ref[y * r->w + x] = (uint8_t)v;
		}
	}
	for (uint32_t y = 0; y < r->h; y++) {
		for (uint32_t x = 0; x < r->w; x++) {
			int32_t v = r->ref[clampi((int32_t)y + 2, (int32_t)r->h) * (int32_t)r->w +
					   clampi((int32_t)x - 3, (int32_t)r->w)];

			v += (int32_t)wl_rng_below(&rng, 9) - 4;
			r->cur[y * r->w + x] = (uint8_t)clampi(v, 256);
		}
	}
	if ((ret = wl_load(ctx, "sad.elf", "sad_4x4", &r->k4, err, len)) ||
	    (ret = wl_load(ctx, "sad.elf", "sad_8x8", &r->k8, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->cur, n, "sad current frame",
				 &r->args.cur, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->ref, n,
				 "sad reference frame", &r->args.ref, err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n4 * SAD_POS * 4, "sad 4x4 SADs",
			    &r->args.sad4, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n8 * SAD_POS * 4, "sad 8x8 SADs",
			    &r->args.sad8, err, len)))
		goto fail;
	r->args.w = r->w;
	r->args.h = r->h;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "sad: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	sad_destroy(r);
	return ret;
}

static int sad_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->stage == 0)
		wl_launch_1d(&launch, &r->k4, r->n4, SAD_BLOCK, r->args_va);
	else if (r->stage == 1)
		wl_launch_1d(&launch, &r->k8,
			     wl_div_up(r->n8 * SAD_POS, SAD_8X8_BLOCK),
			     SAD_8X8_BLOCK, r->args_va);
	else
		return 0;
	ret = sad_validate(&r->mem, &r->args, r->stage == 1, &launch, err,
			   len);
	if (ret)
		return ret;
	r->stage++;
	*l = launch;
	return 1;
}

static int sad_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	uint32_t *ref4 = malloc(r->n4 * SAD_POS * 4);
	uint32_t *ref8 = malloc(r->n8 * SAD_POS * 4);
	uint32_t *got = malloc(r->n4 * SAD_POS * 4);
	int ret;

	if (!ref4 || !ref8 || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->stage < 2) {
		ret = wl_err(err, len, "sad: not all launches ran");
		goto out;
	}
	sad_ref(r->cur, r->ref, r->w, r->h, ref4, ref8);
	if ((ret = wl_download(ctx, r->args.sad4, got, r->n4 * SAD_POS * 4,
			       "sad 4x4 SADs", err, len)) ||
	    (ret = wl_compare_u32(ref4, got, r->n4 * SAD_POS, "sad 4x4 SADs",
				  err, len)) ||
	    (ret = wl_download(ctx, r->args.sad8, got, r->n8 * SAD_POS * 4,
			       "sad 8x8 SADs", err, len)))
		goto out;
	ret = wl_compare_u32(ref8, got, r->n8 * SAD_POS, "sad 8x8 SADs", err,
			     len);
out:
	free(ref4);
	free(ref8);
	free(got);
	return ret;
}

const struct workload wl_sad = {
	.name = "sad",
	.elf = "sad.elf",
	.desc = "motion-estimation SADs of 4x4 and 8x8 blocks, +-8 pixel full search (CCBP SAD, Parboil sad)",
	.setup = sad_setup,
	.next = sad_next,
	.check = sad_check,
	.destroy = sad_destroy,
};
