// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * dxtc: DXT1-style texture compression of an RGB image, an exhaustive
 * per-4x4-block endpoint search (CUDA SDK dxtc, DXTC in the CCBP/IKRA
 * lists; the S3TC/DXT1 format). The endpoints are chosen among the
 * block's own 16 colours, kept at 8 bits per channel (no RGB565
 * rounding), by evaluating all 120 pairs in parallel; one launch. The
 * image is smooth-ish (a random colour per 8 x 8 area plus noise).
 * check() searches every block on the CPU with dxtc.h and compares the
 * chosen pairs, index words and errors exactly.
 *
 * Sizes (w x h): scale 0 = 8 x 8 (4 CTAs of 128); scale 1 = 512 x 512,
 * the SDK's image size (16384 CTAs, about 2.7 M cycles alone on
 * ccbp-16sm); each further scale doubles h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/dxtc.h>

#define DXTC_SEED 0x5eed0033u

struct wl_run {
	uint32_t w, h;
	uint32_t *img;
	struct dxtc_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void dxtc_ref(const uint32_t *img, uint32_t w, uint32_t h, uint32_t *out)
{
	for (uint32_t by = 0; by < h / 4; by++) {
		for (uint32_t bx = 0; bx < w / 4; bx++) {
			uint32_t px[16], pal[4], best = 0, be = 0, i, j;
			uint32_t *o = out + 3 * (by * (w / 4) + bx);

			for (uint32_t t = 0; t < 16; t++)
				px[t] = img[(4 * by + t / 4) * w + 4 * bx + t % 4];
			for (uint32_t t = 0; t < DXTC_PAIRS; t++) {
				uint32_t e;

				dxtc_pair(t, &i, &j);
				dxtc_palette(px[i], px[j], pal);
				e = dxtc_error(px, pal);
				if (!t || e < be) {
					be = e;
					best = t;
				}
			}
			dxtc_pair(best, &i, &j);
			dxtc_palette(px[i], px[j], pal);
			o[0] = i | j << 8;
			o[1] = dxtc_indices(px, pal);
			o[2] = be;
		}
	}
}

int dxtc_validate(const struct wl_mem *m, const struct dxtc_args *a,
		  const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if (!a->w || !a->h || a->w % 4 || a->h % 4)
		return wl_err(err, len, "dxtc: image %u x %u not made of 4 x 4 blocks",
			      a->w, a->h);
	if ((ret = wl_check_ptr(m, a->img, (uint64_t)a->w * a->h, 4,
				"dxtc image", err, len)) ||
	    (ret = wl_check_ptr(m, a->out, 3ull * (a->w / 4) * (a->h / 4), 4,
				"dxtc blocks", err, len)))
		return ret;
	if (a->img == a->out)
		return wl_err(err, len, "dxtc: image and output alias");
	if (l->grid[0] != a->w / 4 || l->grid[1] != a->h / 4 ||
	    l->grid[2] != 1 || l->block[0] != DXTC_THREADS ||
	    l->block[1] != 1 || l->block[2] != 1)
		return wl_err(err, len, "dxtc: needs %u x %u CTAs of %u threads",
			      a->w / 4, a->h / 4, DXTC_THREADS);
	return 0;
}

static void dxtc_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->img);
	free(r);
}

static int dxtc_setup(struct sim_ctx *ctx, const struct wl_params *p,
		      struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n, *base = NULL, bw;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->w = p->scale ? 512 : 8;
	r->h = p->scale ? 512u << (p->scale - 1) : 8;
	n = r->w * r->h;
	bw = wl_div_up(r->w, 8);
	r->img = malloc(n * sizeof(uint32_t));
	base = malloc(bw * wl_div_up(r->h, 8) * sizeof(uint32_t));
	if (!r->img || !base) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, DXTC_SEED), 0);
	for (uint32_t i = 0; i < bw * wl_div_up(r->h, 8); i++)
		base[i] = wl_rng_u32(&rng) & 0xffffff;
	for (uint32_t y = 0; y < r->h; y++) {
		for (uint32_t x = 0; x < r->w; x++) {
			uint32_t b = base[(y / 8) * bw + x / 8], c = 0;

			for (uint32_t s = 0; s < 24; s += 8) {
				int32_t v = (int32_t)((b >> s) & 0xff) - 24 +
					    (int32_t)wl_rng_below(&rng, 49);

				v = v < 0 ? 0 : v > 255 ? 255 : v;
				c |= (uint32_t)v << s;
			}
			r->img[y * r->w + x] = c;
		}
	}
	if ((ret = wl_load(ctx, "dxtc.elf", "dxtc", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->img, n * 4, "dxtc image",
				 &r->args.img, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, 3 * (n / 16) * 4, "dxtc blocks",
			    &r->args.out, err, len)))
		goto fail;
	r->args.w = r->w;
	r->args.h = r->h;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "dxtc: cannot place arguments");
		goto fail;
	}
	free(base);
	*run = r;
	return 0;
fail:
	free(base);
	dxtc_destroy(r);
	return ret;
}

static int dxtc_next(struct sim_ctx *ctx, struct wl_run *r,
		     struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches)
		return 0;
	wl_launch_1d(&launch, &r->k, r->w / 4, DXTC_THREADS, r->args_va);
	launch.grid[1] = r->h / 4;
	ret = dxtc_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int dxtc_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		      size_t len)
{
	uint32_t nb = 3 * (r->w / 4) * (r->h / 4);
	uint32_t *ref = malloc(nb * sizeof(uint32_t));
	uint32_t *got = malloc(nb * sizeof(uint32_t));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launches) {
		ret = wl_err(err, len, "dxtc: not run");
		goto out;
	}
	dxtc_ref(r->img, r->w, r->h, ref);
	ret = wl_download(ctx, r->args.out, got, nb * 4, "dxtc blocks", err,
			  len);
	if (!ret)
		ret = wl_compare_u32(ref, got, nb, "dxtc blocks", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_dxtc = {
	.name = "dxtc",
	.elf = "dxtc.elf",
	.desc = "DXT1-style block compression, exhaustive endpoint-pair search per 4x4 block (CUDA SDK dxtc; S3TC)",
	.setup = dxtc_setup,
	.next = dxtc_next,
	.check = dxtc_check,
	.destroy = dxtc_destroy,
	.flags = WL_F_COMPUTE,
};
