// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * matmul: C = A * B with 16x16 shared-memory tiles; compute bound.
 *
 * Sizes (m x n x k): scale 0 = 40 x 24 x 36 (partial tiles on every
 * edge), scale 1 = 512 x 512 x 512 (1024 CTAs of 256 threads, 25 M warp
 * instructions: aimed at ~1-2 M cycles alone on ccbp-16sm), each further
 * scale doubles every dimension (8x the work).
 */
#include <errno.h>
#include <stdlib.h>

#include "wl.h"

#define MATMUL_SEED 0x5eed0002u

struct wl_run {
	uint32_t m, n, k;
	float *a, *b;
	struct matmul_args args;
	uint32_t args_va;
	struct wl_mem mem;
	struct sim_launch launch;
	int launched;
};

void matmul_ref(const float *a, const float *b, float *c, uint32_t m,
		uint32_t n, uint32_t k)
{
	/* Same order as the kernel: k ascending, multiply then add. */
	for (uint32_t i = 0; i < m; i++) {
		for (uint32_t j = 0; j < n; j++) {
			float sum = 0.0f;

			for (uint32_t t = 0; t < k; t++)
				sum += a[i * k + t] * b[t * n + j];
			c[i * n + j] = sum;
		}
	}
}

int matmul_validate(const struct wl_mem *m, const struct matmul_args *a,
		    const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->a, (uint64_t)a->m * a->k, 4,
				"matmul A", err, len)) ||
	    (ret = wl_check_ptr(m, a->b, (uint64_t)a->k * a->n, 4,
				"matmul B", err, len)) ||
	    (ret = wl_check_ptr(m, a->c, (uint64_t)a->m * a->n, 4,
				"matmul C", err, len)))
		return ret;
	if (l->block[0] != MM_TILE || l->block[1] != MM_TILE ||
	    l->block[2] != 1)
		return wl_err(err, len, "matmul: block must be %ux%ux1, got %ux%ux%u",
			      MM_TILE, MM_TILE, l->block[0], l->block[1],
			      l->block[2]);
	if ((uint64_t)l->grid[0] * MM_TILE < a->n ||
	    (uint64_t)l->grid[1] * MM_TILE < a->m || l->grid[2] != 1)
		return wl_err(err, len, "matmul: grid %ux%ux%u does not cover C (%u x %u)",
			      l->grid[0], l->grid[1], l->grid[2], a->m, a->n);
	return 0;
}

static void matmul_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->a);
	free(r->b);
	free(r);
}

static int matmul_setup(struct sim_ctx *ctx, const struct wl_params *p,
			struct wl_run **run, char *err, size_t len)
{
	struct sim_kernel kern;
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t va_a, va_b, va_c;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	if (p->scale) {
		r->m = r->n = r->k = 512u << (p->scale - 1);
	} else {
		r->m = 40;
		r->n = 24;
		r->k = 36;
	}
	r->a = malloc((size_t)r->m * r->k * sizeof(float));
	r->b = malloc((size_t)r->k * r->n * sizeof(float));
	if (!r->a || !r->b) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, MATMUL_SEED), 0);
	for (uint32_t i = 0; i < r->m * r->k; i++)
		r->a[i] = wl_rng_float(&rng, -1.0f, 1.0f);
	for (uint32_t i = 0; i < r->k * r->n; i++)
		r->b[i] = wl_rng_float(&rng, -1.0f, 1.0f);

	if ((ret = wl_load(ctx, "matmul.elf", "matmul", &kern, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->a, r->m * r->k * 4,
				 "matmul A", &va_a, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->b, r->k * r->n * 4,
				 "matmul B", &va_b, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->m * r->n * 4, "matmul C",
			    &va_c, err, len)))
		goto fail;
	r->args = (struct matmul_args){
		.a = va_a, .b = va_b, .c = va_c,
		.m = r->m, .n = r->n, .k = r->k,
	};
	ret = sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va);
	if (ret) {
		wl_err(err, len, "matmul: cannot place arguments");
		goto fail;
	}
	wl_launch_1d(&r->launch, &kern, wl_div_up(r->n, MM_TILE), MM_TILE,
		     r->args_va);
	r->launch.grid[1] = wl_div_up(r->m, MM_TILE);
	r->launch.block[1] = MM_TILE;
	*run = r;
	return 0;
fail:
	matmul_destroy(r);
	return ret;
}

static int matmul_next(struct sim_ctx *ctx, struct wl_run *r,
		       struct sim_launch *l, char *err, size_t len)
{
	int ret;

	(void)ctx;
	if (r->launched)
		return 0;
	ret = matmul_validate(&r->mem, &r->args, &r->launch, err, len);
	if (ret)
		return ret;
	*l = r->launch;
	r->launched = 1;
	return 1;
}

static int matmul_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			size_t len)
{
	size_t cn = (size_t)r->m * r->n;
	float *ref = malloc(cn * sizeof(float));
	float *got = malloc(cn * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	matmul_ref(r->a, r->b, ref, r->m, r->n, r->k);
	ret = wl_download(ctx, r->args.c, got, cn * sizeof(float),
			  "matmul C", err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, cn, 0, "matmul C", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_matmul = {
	.name = "matmul",
	.elf = "matmul.elf",
	.desc = "C = A * B, float, 16x16 tiles staged in shared memory",
	.setup = matmul_setup,
	.next = matmul_next,
	.check = matmul_check,
	.destroy = matmul_destroy,
	.flags = WL_F_COMPUTE,
};
