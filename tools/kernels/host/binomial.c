// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * binomial: European option pricing on binomial trees (CUDA SDK
 * binomialOptions, BINO in the CCBP/IKRA lists; Cox, Ross and Rubinstein,
 * J. Financial Economics 1979). One launch, one CTA per option walking
 * its tree in shared memory. The per-option tree parameters (up-move
 * exponent, discounted up/down probabilities) are derived on the host in
 * double and passed as floats, as the sample's host code does; random
 * prices 5..30, strikes 1..100, expiries 0.25..10 years, rate 0.02,
 * volatility 0.30. check() walks the same trees with binomial.h and
 * compares every price bit for bit.
 *
 * Sizes (options x steps): scale 0 = 4 x 64; scale 1 = 1024 x 512; each
 * further scale doubles the options.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/binomial.h>

#define BN_SEED 0x5eed002au
#define BN_R 0.02
#define BN_V 0.30
#define BN_NIN 5		/* s, x, vdt, pu, pd */

struct wl_run {
	uint32_t nopt, nsteps;
	float *in[BN_NIN];
	struct binomial_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void binomial_ref(const float *s, const float *x, const float *vdt,
		  const float *pu, const float *pd, uint32_t nopt,
		  uint32_t nsteps, float *out)
{
	float v[BN_MAX_STEPS + 1];

	for (uint32_t o = 0; o < nopt; o++) {
		for (uint32_t i = 0; i <= nsteps; i++)
			v[i] = bn_leaf(s[o], x[o], vdt[o], i, nsteps);
		for (uint32_t step = nsteps; step > 0; step--)
			for (uint32_t i = 0; i < step; i++)
				v[i] = bn_step(v[i + 1], v[i], pu[o], pd[o]);
		out[o] = v[0];
	}
}

int binomial_validate(const struct wl_mem *m, const struct binomial_args *a,
		      const struct sim_launch *l, char *err, size_t len)
{
	const uint32_t va[6] = { a->s, a->x, a->vdt, a->pu, a->pd, a->out };
	int ret;

	for (int i = 0; i < 6; i++) {
		if ((ret = wl_check_ptr(m, va[i], a->nopt, 4,
					i < 5 ? "binomial input" :
						"binomial output", err, len)))
			return ret;
		if (i < 5 && va[i] == a->out)
			return wl_err(err, len, "binomial: output aliases an input");
	}
	if (!a->nsteps || a->nsteps > BN_MAX_STEPS)
		return wl_err(err, len, "binomial: %u steps outside 1..%u",
			      a->nsteps, BN_MAX_STEPS);
	if (l->grid[0] != a->nopt || l->grid[1] != 1 || l->grid[2] != 1 ||
	    !l->block[0] || l->block[0] > BN_THREADS || l->block[1] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "binomial: needs %u CTAs of 1..%u threads, got %u x %u",
			      a->nopt, BN_THREADS, l->grid[0], l->block[0]);
	return 0;
}

static void binomial_destroy(struct wl_run *r)
{
	if (!r)
		return;
	for (int i = 0; i < BN_NIN; i++)
		free(r->in[i]);
	free(r);
}

static int binomial_setup(struct sim_ctx *ctx, const struct wl_params *p,
			  struct wl_run **run, char *err, size_t len)
{
	uint32_t *va[BN_NIN];
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->nopt = p->scale ? 1024u << (p->scale - 1) : 4;
	r->nsteps = p->scale ? 512 : 64;
	for (int i = 0; i < BN_NIN; i++) {
		r->in[i] = malloc(r->nopt * sizeof(float));
		if (!r->in[i]) {
			ret = -ENOMEM;
			goto fail;
		}
	}
	wl_rng_init(&rng, wl_seed(p, BN_SEED), 0);
	for (uint32_t o = 0; o < r->nopt; o++) {
		double t = wl_rng_float(&rng, 0.25f, 10.0f);
		double dt = t / r->nsteps, vdt = BN_V * sqrt(dt);
		double rdt = BN_R * dt, u = exp(vdt), d = exp(-vdt);
		double pu = (exp(rdt) - d) / (u - d), df = exp(-rdt);

		r->in[0][o] = wl_rng_float(&rng, 5.0f, 30.0f);
		r->in[1][o] = wl_rng_float(&rng, 1.0f, 100.0f);
		r->in[2][o] = (float)vdt;
		r->in[3][o] = (float)(pu * df);
		r->in[4][o] = (float)((1.0 - pu) * df);
	}
	va[0] = &r->args.s;
	va[1] = &r->args.x;
	va[2] = &r->args.vdt;
	va[3] = &r->args.pu;
	va[4] = &r->args.pd;
	if ((ret = wl_load(ctx, "binomial.elf", "binomial", &r->k, err, len)))
		goto fail;
	for (int i = 0; i < BN_NIN; i++) {
		ret = wl_alloc_copy(ctx, &r->mem, r->in[i], r->nopt * 4,
				    "binomial input", va[i], err, len);
		if (ret)
			goto fail;
	}
	if ((ret = wl_alloc(ctx, &r->mem, r->nopt * 4, "binomial output",
			    &r->args.out, err, len)))
		goto fail;
	r->args.nopt = r->nopt;
	r->args.nsteps = r->nsteps;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "binomial: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	binomial_destroy(r);
	return ret;
}

static int binomial_next(struct sim_ctx *ctx, struct wl_run *r,
			 struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches)
		return 0;
	wl_launch_1d(&launch, &r->k, r->nopt, BN_THREADS, r->args_va);
	ret = binomial_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int binomial_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			  size_t len)
{
	float *ref = malloc(r->nopt * sizeof(float));
	float *got = malloc(r->nopt * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launches) {
		ret = wl_err(err, len, "binomial: not run");
		goto out;
	}
	binomial_ref(r->in[0], r->in[1], r->in[2], r->in[3], r->in[4],
		     r->nopt, r->nsteps, ref);
	ret = wl_download(ctx, r->args.out, got, r->nopt * 4,
			  "binomial prices", err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, r->nopt, 0, "binomial prices",
				     err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_binomial = {
	.name = "binomial",
	.elf = "binomial.elf",
	.desc = "binomial-tree option pricing, one CTA per option in shared memory (CUDA SDK binomialOptions; Cox, Ross & Rubinstein JFE'79)",
	.setup = binomial_setup,
	.next = binomial_next,
	.check = binomial_check,
	.destroy = binomial_destroy,
	.flags = WL_F_COMPUTE,
};
