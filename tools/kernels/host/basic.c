// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * vecadd and saxpy: one launch, one thread per element, memory bound.
 *
 * Sizes: scale 0 = 4000 elements (not a multiple of the block, so the
 * bounds check in the kernel matters), scale 1 = 14 Mi elements (168 MiB
 * streamed; DRAM bound, 1.1 M cycles alone on ccbp-16sm), each further
 * scale doubles (scale 2 needs more than the default 256 MiB of device
 * memory).
 */
#include <errno.h>
#include <stdlib.h>

#include "wl.h"

#define BASIC_BLOCK 256
#define BASIC_SEED 0x5eed0001u

struct wl_run {
	int saxpy;
	uint32_t n;
	float alpha;
	float *in0, *in1;	/* a, b (vecadd); x, y before (saxpy) */
	uint32_t va0, va1, va_out;
	uint32_t args_va;
	struct wl_mem mem;
	struct sim_launch launch;
	int launched;
	union {
		struct vecadd_args vecadd;
		struct saxpy_args saxpy;
	} args;
};

static uint32_t basic_size(uint32_t scale)
{
	return scale ? (14u << 20) << (scale - 1) : 4000;
}

void vecadd_ref(const float *a, const float *b, float *c, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		c[i] = a[i] + b[i];
}

void saxpy_ref(float alpha, const float *x, float *y, uint32_t n)
{
	/* Built with -ffp-contract=off, like the kernel: no FMA. */
	for (uint32_t i = 0; i < n; i++)
		y[i] = alpha * x[i] + y[i];
}

int vecadd_validate(const struct wl_mem *m, const struct vecadd_args *a,
		    const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->a, a->n, 4, "vecadd a", err, len)) ||
	    (ret = wl_check_ptr(m, a->b, a->n, 4, "vecadd b", err, len)) ||
	    (ret = wl_check_ptr(m, a->c, a->n, 4, "vecadd c", err, len)))
		return ret;
	return wl_check_1d_cover(l, a->n, "vecadd", err, len);
}

int saxpy_validate(const struct wl_mem *m, const struct saxpy_args *a,
		   const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->x, a->n, 4, "saxpy x", err, len)) ||
	    (ret = wl_check_ptr(m, a->y, a->n, 4, "saxpy y", err, len)))
		return ret;
	return wl_check_1d_cover(l, a->n, "saxpy", err, len);
}

static void basic_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->in0);
	free(r->in1);
	free(r);
}

static int basic_setup(struct sim_ctx *ctx, const struct wl_params *p,
		       struct wl_run **run, int saxpy, char *err, size_t len)
{
	const char *kname = saxpy ? "saxpy" : "vecadd";
	struct sim_kernel k;
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t bytes;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->saxpy = saxpy;
	r->n = basic_size(p->scale);
	bytes = r->n * sizeof(float);
	r->in0 = malloc(bytes);
	r->in1 = malloc(bytes);
	if (!r->in0 || !r->in1) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, BASIC_SEED), 0);
	for (uint32_t i = 0; i < r->n; i++) {
		r->in0[i] = wl_rng_float(&rng, -1.0f, 1.0f);
		r->in1[i] = wl_rng_float(&rng, -1.0f, 1.0f);
	}
	r->alpha = wl_rng_float(&rng, 0.5f, 2.0f);

	if ((ret = wl_load(ctx, "basic.elf", kname, &k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->in0, bytes, "input 0",
				 &r->va0, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->in1, bytes, "input 1",
				 &r->va1, err, len)))
		goto fail;
	if (saxpy) {
		/* In place: y is both input and output. */
		r->va_out = r->va1;
		r->args.saxpy = (struct saxpy_args){
			.x = r->va0, .y = r->va1, .n = r->n, .alpha = r->alpha,
		};
	} else {
		ret = wl_alloc(ctx, &r->mem, bytes, "vecadd c", &r->va_out,
			       err, len);
		if (ret)
			goto fail;
		r->args.vecadd = (struct vecadd_args){
			.a = r->va0, .b = r->va1, .c = r->va_out, .n = r->n,
		};
	}
	ret = sim_wl_args(ctx, &r->args, saxpy ? sizeof(r->args.saxpy) :
			  sizeof(r->args.vecadd), &r->args_va);
	if (ret) {
		wl_err(err, len, "%s: cannot place arguments", kname);
		goto fail;
	}
	wl_launch_1d(&r->launch, &k, wl_div_up(r->n, BASIC_BLOCK),
		     BASIC_BLOCK, r->args_va);
	*run = r;
	return 0;
fail:
	basic_destroy(r);
	return ret;
}

static int vecadd_setup(struct sim_ctx *ctx, const struct wl_params *p,
			struct wl_run **run, char *err, size_t len)
{
	return basic_setup(ctx, p, run, 0, err, len);
}

static int saxpy_setup(struct sim_ctx *ctx, const struct wl_params *p,
		       struct wl_run **run, char *err, size_t len)
{
	return basic_setup(ctx, p, run, 1, err, len);
}

static int basic_next(struct sim_ctx *ctx, struct wl_run *r,
		      struct sim_launch *l, char *err, size_t len)
{
	int ret;

	(void)ctx;
	if (r->launched)
		return 0;
	ret = r->saxpy ? saxpy_validate(&r->mem, &r->args.saxpy, &r->launch,
					err, len) :
			 vecadd_validate(&r->mem, &r->args.vecadd, &r->launch,
					 err, len);
	if (ret)
		return ret;
	*l = r->launch;
	r->launched = 1;
	return 1;
}

static int basic_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		       size_t len)
{
	float *ref = malloc(r->n * sizeof(float));
	float *got = malloc(r->n * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->saxpy) {
		for (uint32_t i = 0; i < r->n; i++)
			ref[i] = r->in1[i];
		saxpy_ref(r->alpha, r->in0, ref, r->n);
	} else {
		vecadd_ref(r->in0, r->in1, ref, r->n);
	}
	ret = wl_download(ctx, r->va_out, got, r->n * sizeof(float),
			  "output", err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, r->n, 0,
				     r->saxpy ? "saxpy y" : "vecadd c", err,
				     len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_vecadd = {
	.name = "vecadd",
	.elf = "basic.elf",
	.desc = "c = a + b over float vectors, one thread per element",
	.setup = vecadd_setup,
	.next = basic_next,
	.check = basic_check,
	.destroy = basic_destroy,
};

const struct workload wl_saxpy = {
	.name = "saxpy",
	.elf = "basic.elf",
	.desc = "y = alpha * x + y in place, one thread per element",
	.setup = saxpy_setup,
	.next = basic_next,
	.check = basic_check,
	.destroy = basic_destroy,
};
