// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * dwt2d: multi-level 2-D discrete wavelet transform with the reversible
 * 5/3 lifting scheme (Rodinia dwt2d, whose "-5" mode is this transform;
 * Che et al., IISWC 2009; Sweldens, "The lifting scheme", 1996). Each
 * level is a row pass into a scratch image and a column pass back,
 * applied to the shrinking low-low quadrant: 2 launches per level. A
 * random 8-bit image; check() repeats every level on the CPU with
 * dwt2d.h and compares the coefficients exactly.
 *
 * Sizes (width x height, levels): scale 0 = 64 x 48, 3 (6 launches);
 * scale 1 = 2048 x 4096, 4 (8 launches, about 1.4 M cycles alone on
 * ccbp-16sm); each further scale doubles the height.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/dwt2d.h>

#define DWT_SEED 0x5eed002cu
#define DWT_BX 32
#define DWT_BY 8

struct wl_run {
	uint32_t w, h, levels;
	int32_t *img;
	struct dwt2d_args args[2];
	uint32_t args_va[2];
	uint32_t va_img, va_tmp;
	struct sim_kernel k[2];
	struct wl_mem mem;
	uint32_t launches;
};

/* @levels levels on img (row stride w); tmp is scratch of the same size. */
void dwt2d_ref(int32_t *img, int32_t *tmp, uint32_t w, uint32_t h,
	       uint32_t levels)
{
	for (uint32_t l = 0; l < levels; l++) {
		uint32_t lw = w >> l, lh = h >> l;

		for (uint32_t r = 0; r < lh; r++)
			for (uint32_t i = 0; i < lw / 2; i++)
				dwt53_pair(img + r * w, 1, lw, i,
					   &tmp[r * w + i],
					   &tmp[r * w + lw / 2 + i]);
		for (uint32_t c = 0; c < lw; c++)
			for (uint32_t i = 0; i < lh / 2; i++)
				dwt53_pair(tmp + c, w, lh, i, &img[i * w + c],
					   &img[(lh / 2 + i) * w + c]);
	}
}

/* kernel: 0 rows, 1 columns. */
int dwt2d_validate(const struct wl_mem *m, const struct dwt2d_args *a,
		   unsigned int kernel, const struct sim_launch *l, char *err,
		   size_t len)
{
	uint32_t nx = kernel ? a->w : a->w / 2, ny = kernel ? a->h / 2 : a->h;
	int ret;

	if (a->w < 2 || a->h < 2 || a->w % 2 || a->h % 2 || a->w > a->stride)
		return wl_err(err, len, "dwt2d: region %u x %u must be even, >= 2 and fit stride %u",
			      a->w, a->h, a->stride);
	if ((ret = wl_check_ptr(m, a->src, (uint64_t)a->h * a->stride, 4,
				"dwt2d source", err, len)) ||
	    (ret = wl_check_ptr(m, a->dst, (uint64_t)a->h * a->stride, 4,
				"dwt2d destination", err, len)))
		return ret;
	if (a->src == a->dst)
		return wl_err(err, len, "dwt2d: source and destination alias");
	if ((uint64_t)l->grid[0] * l->block[0] < nx ||
	    (uint64_t)l->grid[1] * l->block[1] < ny || l->grid[2] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "dwt2d: grid %ux%u x block %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], l->block[0],
			      l->block[1], nx, ny);
	return 0;
}

static void dwt2d_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->img);
	free(r);
}

static int dwt2d_setup(struct sim_ctx *ctx, const struct wl_params *p,
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
	r->w = p->scale ? 2048 : 64;
	r->h = p->scale ? 4096u << (p->scale - 1) : 48;
	r->levels = p->scale ? 4 : 3;
	n = r->w * r->h;
	r->img = malloc(n * sizeof(int32_t));
	if (!r->img) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, DWT_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->img[i] = (int32_t)wl_rng_below(&rng, 256);
	if ((ret = wl_load(ctx, "dwt2d.elf", "dwt_rows", &r->k[0], err,
			   len)) ||
	    (ret = wl_load(ctx, "dwt2d.elf", "dwt_cols", &r->k[1], err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->img, n * 4, "dwt2d image",
				 &r->va_img, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "dwt2d scratch", &r->va_tmp,
			    err, len)))
		goto fail;
	r->args[0] = (struct dwt2d_args){ r->va_img, r->va_tmp, r->w };
	r->args[1] = (struct dwt2d_args){ r->va_tmp, r->va_img, r->w };
	for (int i = 0; i < 2; i++) {
		if (sim_wl_args(ctx, &r->args[i], sizeof(r->args[i]),
				&r->args_va[i])) {
			ret = wl_err(err, len, "dwt2d: cannot place arguments");
			goto fail;
		}
	}
	*run = r;
	return 0;
fail:
	dwt2d_destroy(r);
	return ret;
}

static int dwt2d_next(struct sim_ctx *ctx, struct wl_run *r,
		      struct sim_launch *l, char *err, size_t len)
{
	uint32_t lv = r->launches / 2, k = r->launches % 2, nx, ny;
	struct dwt2d_args *a = &r->args[k];
	struct sim_launch launch;
	int ret;

	if (lv == r->levels)
		return 0;
	a->w = r->w >> lv;
	a->h = r->h >> lv;
	nx = k ? a->w : a->w / 2;
	ny = k ? a->h / 2 : a->h;
	wl_launch_1d(&launch, &r->k[k], wl_div_up(nx, DWT_BX), DWT_BX,
		     r->args_va[k]);
	launch.grid[1] = wl_div_up(ny, DWT_BY);
	launch.block[1] = DWT_BY;
	ret = dwt2d_validate(&r->mem, a, k, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va[k], a, sizeof(*a)))
		return wl_err(err, len, "dwt2d: cannot write arguments");
	r->launches++;
	*l = launch;
	return 1;
}

static int dwt2d_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		       size_t len)
{
	uint32_t n = r->w * r->h;
	int32_t *ref = malloc(n * sizeof(int32_t));
	int32_t *tmp = malloc(n * sizeof(int32_t));
	int32_t *got = malloc(n * sizeof(int32_t));
	int ret;

	if (!ref || !tmp || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < 2 * r->levels) {
		ret = wl_err(err, len, "dwt2d: not all levels ran");
		goto out;
	}
	memcpy(ref, r->img, n * sizeof(int32_t));
	dwt2d_ref(ref, tmp, r->w, r->h, r->levels);
	ret = wl_download(ctx, r->va_img, got, n * 4, "dwt2d coefficients",
			  err, len);
	if (!ret)
		ret = wl_compare_u32((const uint32_t *)ref,
				     (const uint32_t *)got, n,
				     "dwt2d coefficients", err, len);
out:
	free(ref);
	free(tmp);
	free(got);
	return ret;
}

const struct workload wl_dwt2d = {
	.name = "dwt2d",
	.elf = "dwt2d.elf",
	.desc = "multi-level 2-D 5/3 lifting wavelet, row and column pass per level (Rodinia dwt2d; Che et al. IISWC'09)",
	.setup = dwt2d_setup,
	.next = dwt2d_next,
	.check = dwt2d_check,
	.destroy = dwt2d_destroy,
};
