// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * gaussian: Gaussian elimination of a dense linear system (Rodinia
 * gaussian; Che et al., IISWC 2009). next() issues Fan1 then Fan2 for
 * each pivot, 2 (n - 1) short launches with shrinking grids: a launch
 * latency bound workload. Random diagonally dominant matrix (entries in
 * [-1, 1), n added to the diagonal) and right-hand side; check() runs
 * the same elimination on the CPU and compares the reduced matrix, the
 * right-hand side and the multipliers bit for bit.
 *
 * Sizes (n): scale 0 = 24 (46 launches); scale 1 = 256 (510 launches,
 * Fan2 up to 16 x 16 CTAs of 16 x 16 threads); each further scale adds
 * 128.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define GS_SEED 0x5eed0024u
#define GS_FAN1_BLOCK 64
#define GS_FAN2_BLOCK 16

struct wl_run {
	uint32_t n;
	float *a0, *b0;
	struct gaussian_args args;
	uint32_t args_va;
	struct sim_kernel k[2];
	struct wl_mem mem;
	uint32_t launches;
};

void gaussian_ref(float *a, float *b, float *m, uint32_t n)
{
	for (uint32_t t = 0; t + 1 < n; t++) {
		for (uint32_t i = t + 1; i < n; i++)
			m[i * n + t] = a[i * n + t] / a[t * n + t];
		for (uint32_t i = t + 1; i < n; i++) {
			float mi = m[i * n + t];

			for (uint32_t j = t; j < n; j++)
				a[i * n + j] = a[i * n + j] - mi * a[t * n + j];
			b[i] = b[i] - mi * b[t];
		}
	}
}

/* kernel: 0 Fan1, 1 Fan2. */
int gaussian_validate(const struct wl_mem *m, const struct gaussian_args *a,
		      unsigned int kernel, const struct sim_launch *l,
		      char *err, size_t len)
{
	uint64_t nn = (uint64_t)a->n * a->n;
	int ret;

	if ((ret = wl_check_ptr(m, a->a, nn, 4, "gaussian matrix", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->b, a->n, 4, "gaussian rhs", err, len)) ||
	    (ret = wl_check_ptr(m, a->m, nn, 4, "gaussian multipliers", err,
				len)))
		return ret;
	if (a->a == a->m || a->a == a->b || a->b == a->m)
		return wl_err(err, len, "gaussian: buffers alias");
	if (a->t + 1 >= a->n)
		return wl_err(err, len, "gaussian: pivot %u beyond %u", a->t,
			      a->n - 2);
	if (l->grid[2] != 1 || l->block[2] != 1)
		return wl_err(err, len, "gaussian: launch must be 2-D at most");
	if (kernel == 0)
		return wl_check_1d_cover(l, a->n - 1 - a->t, "gaussian fan1",
					 err, len);
	if ((uint64_t)l->grid[0] * l->block[0] < a->n - a->t ||
	    (uint64_t)l->grid[1] * l->block[1] < a->n - 1 - a->t)
		return wl_err(err, len, "gaussian: fan2 grid %ux%u x block %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], l->block[0],
			      l->block[1], a->n - a->t, a->n - 1 - a->t);
	return 0;
}

static void gaussian_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->a0);
	free(r->b0);
	free(r);
}

static int gaussian_setup(struct sim_ctx *ctx, const struct wl_params *p,
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
	r->n = n = p->scale ? 256 + 128 * (p->scale - 1) : 24;
	r->a0 = malloc((size_t)n * n * sizeof(float));
	r->b0 = malloc(n * sizeof(float));
	if (!r->a0 || !r->b0) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, GS_SEED), 0);
	for (uint32_t i = 0; i < n * n; i++)
		r->a0[i] = wl_rng_float(&rng, -1.0f, 1.0f);
	for (uint32_t i = 0; i < n; i++) {
		r->a0[i * n + i] = r->a0[i * n + i] + (float)n;
		r->b0[i] = wl_rng_float(&rng, -1.0f, 1.0f);
	}
	if ((ret = wl_load(ctx, "gaussian.elf", "gaussian_fan1", &r->k[0], err,
			   len)) ||
	    (ret = wl_load(ctx, "gaussian.elf", "gaussian_fan2", &r->k[1], err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->a0, n * n * 4,
				 "gaussian matrix", &r->args.a, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->b0, n * 4, "gaussian rhs",
				 &r->args.b, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * n * 4, "gaussian multipliers",
			    &r->args.m, err, len)))
		goto fail;
	r->args.n = n;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "gaussian: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	gaussian_destroy(r);
	return ret;
}

static int gaussian_next(struct sim_ctx *ctx, struct wl_run *r,
			 struct sim_launch *l, char *err, size_t len)
{
	uint32_t t = r->launches / 2, kernel = r->launches % 2, n = r->n;
	struct sim_launch launch;
	int ret;

	if (t + 1 >= n)
		return 0;
	r->args.t = t;
	if (kernel == 0) {
		wl_launch_1d(&launch, &r->k[0],
			     wl_div_up(n - 1 - t, GS_FAN1_BLOCK),
			     GS_FAN1_BLOCK, r->args_va);
	} else {
		wl_launch_1d(&launch, &r->k[1],
			     wl_div_up(n - t, GS_FAN2_BLOCK), GS_FAN2_BLOCK,
			     r->args_va);
		launch.grid[1] = wl_div_up(n - 1 - t, GS_FAN2_BLOCK);
		launch.block[1] = GS_FAN2_BLOCK;
	}
	ret = gaussian_validate(&r->mem, &r->args, kernel, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (kernel == 0 &&
	    sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "gaussian: cannot write arguments");
	r->launches++;
	*l = launch;
	return 1;
}

static int gaussian_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			  size_t len)
{
	uint32_t n = r->n, nn = n * n;
	float *a = malloc(nn * sizeof(float));
	float *m = calloc(nn, sizeof(float));
	float *b = malloc(n * sizeof(float));
	float *got = malloc(nn * sizeof(float));
	int ret;

	if (!a || !m || !b || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < 2 * (n - 1)) {
		ret = wl_err(err, len, "gaussian: not all pivots ran");
		goto out;
	}
	memcpy(a, r->a0, nn * sizeof(float));
	memcpy(b, r->b0, n * sizeof(float));
	gaussian_ref(a, b, m, n);
	ret = wl_download(ctx, r->args.a, got, nn * 4, "gaussian matrix", err,
			  len);
	if (!ret)
		ret = wl_compare_f32(a, got, nn, 0, "gaussian matrix", err,
				     len);
	if (!ret)
		ret = wl_download(ctx, r->args.m, got, nn * 4,
				  "gaussian multipliers", err, len);
	if (!ret)
		ret = wl_compare_f32(m, got, nn, 0, "gaussian multipliers",
				     err, len);
	if (!ret)
		ret = wl_download(ctx, r->args.b, got, n * 4, "gaussian rhs",
				  err, len);
	if (!ret)
		ret = wl_compare_f32(b, got, n, 0, "gaussian rhs", err, len);
out:
	free(a);
	free(m);
	free(b);
	free(got);
	return ret;
}

const struct workload wl_gaussian = {
	.name = "gaussian",
	.elf = "gaussian.elf",
	.desc = "Gaussian elimination, Fan1/Fan2 launches per pivot (Rodinia gaussian; Che et al. IISWC'09)",
	.setup = gaussian_setup,
	.next = gaussian_next,
	.check = gaussian_check,
	.destroy = gaussian_destroy,
};
