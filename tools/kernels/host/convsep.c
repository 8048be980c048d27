// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * convsep: separable 2-D convolution, a row pass into a scratch image
 * then a column pass (CUDA SDK convolutionSeparable, in the CCBP and
 * IKRA workload lists; Podlozhnyuk, "Image Convolution with CUDA", NVIDIA
 * 2007). Two launches with shared-memory aprons, CS_STEPS outputs per
 * thread; random image and 17 random taps. check() repeats both passes
 * on the CPU (zero outside the image, fused multiply-adds in tap order)
 * and compares the intermediate and the final image bit for bit.
 *
 * Sizes (w x h): scale 0 = 48 x 16 (1 x 2 row CTAs, 2 x 1 column CTAs);
 * scale 1 = 4096 x 2048 (4096 CTAs per pass); each further scale
 * doubles h.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define CS_SEED 0x5eed0028u
#define CS_TAPS (2 * CS_R + 1)

struct wl_run {
	uint32_t w, h;
	float *img, taps[CS_TAPS];
	struct convsep_args args[2];
	uint32_t args_va[2];
	uint32_t va_tmp, va_out;
	struct sim_kernel k[2];
	struct wl_mem mem;
	uint32_t launches;
};

/* One pass: @dx 1 along rows, 0 along columns. */
static void convsep_pass(const float *src, float *dst, const float *taps,
			 uint32_t w, uint32_t h, int dx)
{
	for (uint32_t y = 0; y < h; y++) {
		for (uint32_t x = 0; x < w; x++) {
			float sum = 0.0f;

			for (int32_t k = -CS_R; k <= CS_R; k++) {
				int64_t sx = (int64_t)x + (dx ? k : 0);
				int64_t sy = (int64_t)y + (dx ? 0 : k);
				float v = sx >= 0 && sx < w && sy >= 0 && sy < h ?
					  src[sy * w + sx] : 0.0f;

				sum = fmaf(v, taps[CS_R - k], sum);
			}
			dst[y * w + x] = sum;
		}
	}
}

void convsep_ref(const float *src, float *tmp, float *dst, const float *taps,
		 uint32_t w, uint32_t h)
{
	convsep_pass(src, tmp, taps, w, h, 1);
	convsep_pass(tmp, dst, taps, w, h, 0);
}

int convsep_validate(const struct wl_mem *m, const struct convsep_args *a,
		     int rows, const struct sim_launch *l, char *err,
		     size_t len)
{
	uint64_t n = (uint64_t)a->w * a->h;
	uint64_t cx = CS_BX * (rows ? CS_STEPS : 1);
	uint64_t cy = CS_BY * (rows ? 1 : CS_STEPS);
	int ret;

	if ((ret = wl_check_ptr(m, a->src, n, 4, "convsep source", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->dst, n, 4, "convsep destination", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->taps, CS_TAPS, 4, "convsep taps", err,
				len)))
		return ret;
	if (a->src == a->dst || a->taps == a->dst)
		return wl_err(err, len, "convsep: destination aliases an input");
	if (l->block[0] != CS_BX || l->block[1] != CS_BY || l->block[2] != 1 ||
	    l->grid[2] != 1)
		return wl_err(err, len, "convsep: block must be %u x %u", CS_BX,
			      CS_BY);
	if (l->grid[0] * cx < a->w || l->grid[1] * cy < a->h)
		return wl_err(err, len, "convsep: grid %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], a->w, a->h);
	return 0;
}

static void convsep_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->img);
	free(r);
}

static int convsep_setup(struct sim_ctx *ctx, const struct wl_params *p,
			 struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n, va_src, va_taps;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->w = p->scale ? 4096 : 48;
	r->h = p->scale ? 2048u << (p->scale - 1) : 16;
	n = r->w * r->h;
	r->img = malloc(n * sizeof(float));
	if (!r->img) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, CS_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->img[i] = wl_rng_float(&rng, 0.0f, 1.0f);
	for (int i = 0; i < CS_TAPS; i++)
		r->taps[i] = wl_rng_float(&rng, 0.0f, 0.125f);
	if ((ret = wl_load(ctx, "convsep.elf", "convsep_rows", &r->k[0], err,
			   len)) ||
	    (ret = wl_load(ctx, "convsep.elf", "convsep_cols", &r->k[1], err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->img, n * 4,
				 "convsep source", &va_src, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "convsep rows", &r->va_tmp,
			    err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "convsep output",
			    &r->va_out, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->taps, sizeof(r->taps),
				 "convsep taps", &va_taps, err, len)))
		goto fail;
	r->args[0] = (struct convsep_args){ va_src, r->va_tmp, va_taps,
					    r->w, r->h };
	r->args[1] = (struct convsep_args){ r->va_tmp, r->va_out, va_taps,
					    r->w, r->h };
	for (int i = 0; i < 2; i++) {
		if (sim_wl_args(ctx, &r->args[i], sizeof(r->args[i]),
				&r->args_va[i])) {
			ret = wl_err(err, len, "convsep: cannot place arguments");
			goto fail;
		}
	}
	*run = r;
	return 0;
fail:
	convsep_destroy(r);
	return ret;
}

static int convsep_next(struct sim_ctx *ctx, struct wl_run *r,
			struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t i = r->launches;
	int ret;

	(void)ctx;
	if (i == 2)
		return 0;
	/* Pass 0 (rows): CS_STEPS outputs per thread along x; 1 along y. */
	wl_launch_1d(&launch, &r->k[i],
		     wl_div_up(r->w, CS_BX * (i ? 1 : CS_STEPS)), CS_BX,
		     r->args_va[i]);
	launch.grid[1] = wl_div_up(r->h, CS_BY * (i ? CS_STEPS : 1));
	launch.block[1] = CS_BY;
	ret = convsep_validate(&r->mem, &r->args[i], !i, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int convsep_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			 size_t len)
{
	uint32_t n = r->w * r->h;
	float *tmp = malloc(n * sizeof(float));
	float *out = malloc(n * sizeof(float));
	float *got = malloc(n * sizeof(float));
	int ret;

	if (!tmp || !out || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < 2) {
		ret = wl_err(err, len, "convsep: not all passes ran");
		goto out;
	}
	convsep_ref(r->img, tmp, out, r->taps, r->w, r->h);
	ret = wl_download(ctx, r->va_tmp, got, n * 4, "convsep rows", err,
			  len);
	if (!ret)
		ret = wl_compare_f32(tmp, got, n, 0, "convsep rows", err, len);
	if (!ret)
		ret = wl_download(ctx, r->va_out, got, n * 4, "convsep output",
				  err, len);
	if (!ret)
		ret = wl_compare_f32(out, got, n, 0, "convsep output", err,
				     len);
out:
	free(tmp);
	free(out);
	free(got);
	return ret;
}

const struct workload wl_convsep = {
	.name = "convsep",
	.elf = "convsep.elf",
	.desc = "separable convolution, row then column pass with shared aprons (CUDA SDK convolutionSeparable; Podlozhnyuk 2007)",
	.setup = convsep_setup,
	.next = convsep_next,
	.check = convsep_check,
	.destroy = convsep_destroy,
};
