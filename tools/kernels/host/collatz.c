// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * collatz: per-element Collatz step counts, the divergent workload.
 * Uniform random starts in 1..COLLATZ_MAX_IN take from 0 to ~350 steps,
 * so the lanes of a warp branch differently and finish at different
 * times.
 *
 * Sizes: scale 0 = 512 values, scale 1 = 2 Mi values (~110 steps on
 * average, but each warp runs as long as its slowest lane: 128 M warp
 * instructions at 12 % SIMD efficiency; about 2 M cycles alone on
 * ccbp-16sm), each further scale doubles.
 */
#include <errno.h>
#include <stdlib.h>

#include "wl.h"

#define COLLATZ_SEED 0x5eed0005u
#define COLLATZ_BLOCK 256
#define COLLATZ_CAP 1000	/* above any trajectory of the inputs */

struct wl_run {
	uint32_t *in;
	struct collatz_args args;
	uint32_t args_va;
	struct wl_mem mem;
	struct sim_launch launch;
	int launched;
};

uint32_t collatz_ref(uint32_t x, uint32_t max_steps)
{
	uint32_t s = 0;

	for (; x > 1 && s < max_steps; s++)
		x = x & 1 ? 3 * x + 1 : x / 2;
	return s;
}

int collatz_validate(const struct wl_mem *m, const struct collatz_args *a,
		     const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->in, a->n, 4, "collatz input", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->steps, a->n, 4, "collatz steps", err,
				len)))
		return ret;
	return wl_check_1d_cover(l, a->n, "collatz", err, len);
}

static void collatz_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->in);
	free(r);
}

static int collatz_setup(struct sim_ctx *ctx, const struct wl_params *p,
			 struct wl_run **run, char *err, size_t len)
{
	struct sim_kernel k;
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n, va_in, va_steps;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	n = p->scale ? (2u << 20) << (p->scale - 1) : 512;
	r->in = malloc(n * sizeof(uint32_t));
	if (!r->in) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, COLLATZ_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->in[i] = 1 + wl_rng_below(&rng, COLLATZ_MAX_IN);

	if ((ret = wl_load(ctx, "collatz.elf", "collatz", &k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->in, n * 4, "collatz input",
				 &va_in, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "collatz steps", &va_steps,
			    err, len)))
		goto fail;
	r->args = (struct collatz_args){
		.in = va_in, .steps = va_steps, .n = n,
		.max_steps = COLLATZ_CAP,
	};
	ret = sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va);
	if (ret) {
		wl_err(err, len, "collatz: cannot place arguments");
		goto fail;
	}
	wl_launch_1d(&r->launch, &k, wl_div_up(n, COLLATZ_BLOCK),
		     COLLATZ_BLOCK, r->args_va);
	*run = r;
	return 0;
fail:
	collatz_destroy(r);
	return ret;
}

static int collatz_next(struct sim_ctx *ctx, struct wl_run *r,
			struct sim_launch *l, char *err, size_t len)
{
	int ret;

	(void)ctx;
	if (r->launched)
		return 0;
	ret = collatz_validate(&r->mem, &r->args, &r->launch, err, len);
	if (ret)
		return ret;
	*l = r->launch;
	r->launched = 1;
	return 1;
}

static int collatz_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			 size_t len)
{
	uint32_t n = r->args.n;
	uint32_t *ref = malloc(n * sizeof(uint32_t));
	uint32_t *got = malloc(n * sizeof(uint32_t));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	for (uint32_t i = 0; i < n; i++)
		ref[i] = collatz_ref(r->in[i], r->args.max_steps);
	ret = wl_download(ctx, r->args.steps, got, n * 4, "collatz steps",
			  err, len);
	if (!ret)
		ret = wl_compare_u32(ref, got, n, "collatz steps", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_collatz = {
	.name = "divergent",
	.elf = "collatz.elf",
	.desc = "Collatz step counts: data-dependent branches and trip counts per lane",
	.setup = collatz_setup,
	.next = collatz_next,
	.check = collatz_check,
	.destroy = collatz_destroy,
};
