// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * conv2d: 3 x 3 convolution of a random image (PolyBench/GPU 2DCONV;
 * Grauer-Gray et al., "Auto-tuning a High-Level Language Targeted to GPU
 * Codes", InPar 2012). One launch, one thread per pixel; check() applies
 * conv2d.h's weights on the CPU and compares every output pixel (the
 * untouched border included) bit for bit.
 *
 * Sizes (ni x nj): scale 0 = 48 x 80 (3 x 6 CTAs of 32 x 8); scale 1 =
 * 2048 x 8192 (65536 CTAs, about 1.6 M cycles alone on ccbp-16sm); each
 * further scale doubles nj.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/conv2d.h>

#define CONV2D_SEED 0x5eed0027u
#define CONV2D_BX 32
#define CONV2D_BY 8

struct wl_run {
	uint32_t ni, nj;
	float *img;
	struct conv2d_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void conv2d_ref(const float *a, float *b, uint32_t ni, uint32_t nj)
{
	for (uint32_t i = 1; i + 1 < ni; i++)
		for (uint32_t j = 1; j + 1 < nj; j++)
			b[i * nj + j] = conv2d_point(a + i * nj + j, nj);
}

int conv2d_validate(const struct wl_mem *m, const struct conv2d_args *a,
		    const struct sim_launch *l, char *err, size_t len)
{
	uint64_t n = (uint64_t)a->ni * a->nj;
	int ret;

	if (a->ni < 3 || a->nj < 3)
		return wl_err(err, len, "conv2d: image %u x %u smaller than 3 x 3",
			      a->ni, a->nj);
	if ((ret = wl_check_ptr(m, a->a, n, 4, "conv2d input", err, len)) ||
	    (ret = wl_check_ptr(m, a->b, n, 4, "conv2d output", err, len)))
		return ret;
	if (a->a == a->b)
		return wl_err(err, len, "conv2d: input and output alias");
	if ((uint64_t)l->grid[0] * l->block[0] < a->nj ||
	    (uint64_t)l->grid[1] * l->block[1] < a->ni || l->grid[2] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "conv2d: grid %ux%u x block %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], l->block[0],
			      l->block[1], a->nj, a->ni);
	return 0;
}

static void conv2d_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->img);
	free(r);
}

static int conv2d_setup(struct sim_ctx *ctx, const struct wl_params *p,
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
	r->ni = p->scale ? 2048 : 48;
	r->nj = p->scale ? 8192u << (p->scale - 1) : 80;
	n = r->ni * r->nj;
	r->img = malloc(n * sizeof(float));
	if (!r->img) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, CONV2D_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->img[i] = wl_rng_float(&rng, 0.0f, 1.0f);
	if ((ret = wl_load(ctx, "conv2d.elf", "conv2d", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->img, n * 4, "conv2d input",
				 &r->args.a, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "conv2d output", &r->args.b,
			    err, len)))
		goto fail;
	r->args.ni = r->ni;
	r->args.nj = r->nj;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "conv2d: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	conv2d_destroy(r);
	return ret;
}

static int conv2d_next(struct sim_ctx *ctx, struct wl_run *r,
		       struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches)
		return 0;
	wl_launch_1d(&launch, &r->k, wl_div_up(r->nj, CONV2D_BX), CONV2D_BX,
		     r->args_va);
	launch.grid[1] = wl_div_up(r->ni, CONV2D_BY);
	launch.block[1] = CONV2D_BY;
	ret = conv2d_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int conv2d_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			size_t len)
{
	uint32_t n = r->ni * r->nj;
	float *ref = calloc(n, sizeof(float));
	float *got = malloc(n * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launches) {
		ret = wl_err(err, len, "conv2d: not run");
		goto out;
	}
	conv2d_ref(r->img, ref, r->ni, r->nj);
	ret = wl_download(ctx, r->args.b, got, n * 4, "conv2d output", err,
			  len);
	if (!ret)
		ret = wl_compare_f32(ref, got, n, 0, "conv2d output", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_conv2d = {
	.name = "conv2d",
	.elf = "conv2d.elf",
	.desc = "3x3 image convolution, one thread per pixel (PolyBench/GPU 2DCONV; Grauer-Gray et al. InPar'12)",
	.setup = conv2d_setup,
	.next = conv2d_next,
	.check = conv2d_check,
	.destroy = conv2d_destroy,
};
