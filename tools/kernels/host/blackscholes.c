// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * blackscholes: Black-Scholes pricing of a batch of European options
 * (CUDA SDK BlackScholes, in the CCBP/IKRA lists as BH/BLK; Black and
 * Scholes, J. Political Economy 1973). One launch, one thread per option;
 * random prices 5..30, strikes 1..100, expiries 0.25..10 years, the
 * SDK's riskless rate 0.02 and volatility 0.30. check() prices every
 * option with blackscholes.h on the CPU and compares calls and puts bit
 * for bit.
 *
 * Sizes (options): scale 0 = 1500 (6 CTAs of 256); scale 1 = 8 Mi
 * (32768 CTAs, about 1.2 M cycles alone on ccbp-16sm); each further
 * scale doubles.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/blackscholes.h>

#define BLK_SEED 0x5eed0029u
#define BLK_BLOCK 256
#define BLK_R 0.02f
#define BLK_V 0.30f

struct wl_run {
	uint32_t n;
	float *in[3];		/* price, strike, years */
	struct blackscholes_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void blackscholes_ref(const float *price, const float *strike,
		      const float *years, uint32_t n, float r, float v,
		      float *call, float *put)
{
	for (uint32_t i = 0; i < n; i++)
		bs_option(price[i], strike[i], years[i], r, v, sqrtf(years[i]),
			  &call[i], &put[i]);
}

int blackscholes_validate(const struct wl_mem *m,
			  const struct blackscholes_args *a,
			  const struct sim_launch *l, char *err, size_t len)
{
	static const char *const names[5] = {
		"blackscholes price", "blackscholes strike",
		"blackscholes years", "blackscholes call", "blackscholes put",
	};
	const uint32_t va[5] = { a->price, a->strike, a->years, a->call,
				 a->put };
	int ret;

	for (int i = 0; i < 5; i++) {
		if ((ret = wl_check_ptr(m, va[i], a->n, 4, names[i], err, len)))
			return ret;
		for (int k = 0; k < i; k++)
			if (i >= 3 && va[k] == va[i])
				return wl_err(err, len, "blackscholes: %s aliases %s",
					      names[i], names[k]);
	}
	if (!(a->v > 0.0f))
		return wl_err(err, len, "blackscholes: volatility %g must be positive",
			      (double)a->v);
	return wl_check_1d_cover(l, a->n, "blackscholes", err, len);
}

static void blackscholes_destroy(struct wl_run *r)
{
	if (!r)
		return;
	for (int i = 0; i < 3; i++)
		free(r->in[i]);
	free(r);
}

static int blackscholes_setup(struct sim_ctx *ctx, const struct wl_params *p,
			      struct wl_run **run, char *err, size_t len)
{
	static const float lo[3] = { 5.0f, 1.0f, 0.25f };
	static const float hi[3] = { 30.0f, 100.0f, 10.0f };
	uint32_t *va[3];
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = p->scale ? (8u << 20) << (p->scale - 1) : 1500;
	va[0] = &r->args.price;
	va[1] = &r->args.strike;
	va[2] = &r->args.years;
	if ((ret = wl_load(ctx, "blackscholes.elf", "blackscholes", &r->k,
			   err, len)))
		goto fail;
	for (uint32_t k = 0; k < 3; k++) {
		r->in[k] = malloc(r->n * sizeof(float));
		if (!r->in[k]) {
			ret = -ENOMEM;
			goto fail;
		}
		wl_rng_init(&rng, wl_seed(p, BLK_SEED), k);
		for (uint32_t i = 0; i < r->n; i++)
			r->in[k][i] = wl_rng_float(&rng, lo[k], hi[k]);
		ret = wl_alloc_copy(ctx, &r->mem, r->in[k], r->n * 4,
				    "blackscholes input", va[k], err, len);
		if (ret)
			goto fail;
	}
	if ((ret = wl_alloc(ctx, &r->mem, r->n * 4, "blackscholes call",
			    &r->args.call, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n * 4, "blackscholes put",
			    &r->args.put, err, len)))
		goto fail;
	r->args.n = r->n;
	r->args.r = BLK_R;
	r->args.v = BLK_V;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "blackscholes: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	blackscholes_destroy(r);
	return ret;
}

static int blackscholes_next(struct sim_ctx *ctx, struct wl_run *r,
			     struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches)
		return 0;
	wl_launch_1d(&launch, &r->k, wl_div_up(r->n, BLK_BLOCK), BLK_BLOCK,
		     r->args_va);
	ret = blackscholes_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int blackscholes_check(struct sim_ctx *ctx, struct wl_run *r,
			      char *err, size_t len)
{
	float *call = malloc(r->n * sizeof(float));
	float *put = malloc(r->n * sizeof(float));
	float *got = malloc(r->n * sizeof(float));
	int ret;

	if (!call || !put || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launches) {
		ret = wl_err(err, len, "blackscholes: not run");
		goto out;
	}
	blackscholes_ref(r->in[0], r->in[1], r->in[2], r->n, BLK_R, BLK_V,
			 call, put);
	ret = wl_download(ctx, r->args.call, got, r->n * 4,
			  "blackscholes call", err, len);
	if (!ret)
		ret = wl_compare_f32(call, got, r->n, 0, "blackscholes call",
				     err, len);
	if (!ret)
		ret = wl_download(ctx, r->args.put, got, r->n * 4,
				  "blackscholes put", err, len);
	if (!ret)
		ret = wl_compare_f32(put, got, r->n, 0, "blackscholes put", err,
				     len);
out:
	free(call);
	free(put);
	free(got);
	return ret;
}

const struct workload wl_blackscholes = {
	.name = "blackscholes",
	.elf = "blackscholes.elf",
	.desc = "Black-Scholes option pricing, own exp/log/CND approximations (CUDA SDK BlackScholes; Black & Scholes JPE'73)",
	.setup = blackscholes_setup,
	.next = blackscholes_next,
	.check = blackscholes_check,
	.destroy = blackscholes_destroy,
	.flags = WL_F_COMPUTE,
};
