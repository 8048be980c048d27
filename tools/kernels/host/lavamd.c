// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * lavamd: potentials and forces between charged particles in a grid of
 * boxes, each particle interacting with every particle of its own and
 * the adjacent boxes (CCBP paper: LAV, from Rodinia's lavaMD). Positions
 * are random inside each unit box, charges random in [0.1, 1), all in
 * double precision as in Rodinia. check() computes every particle's
 * (potential, force) on the CPU with the same pair code (lavamd.h) in the
 * same order and compares bit for bit.
 *
 * Sizes (boxes1d, particles per box, CTA size): scale 0 = 2, 8, 16;
 * scale 1 = 4, 100, 128 (the benchmark's 100 per box; 64 CTAs, 10 M
 * pair interactions, each four read-modify-writes of global memory);
 * each further scale adds one box per dimension.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/lavamd.h>

#define LAV_SEED 0x5eed001bu
#define LAV_ALPHA 0.5f

struct wl_run {
	uint32_t boxes1d, npar, nbox, block;
	double *rv, *qv;
	struct lav_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	int launched;
};

void lav_ref(const double *rv, const double *qv, uint32_t boxes1d,
	     uint32_t npar, double a2, double *fv)
{
	int32_t n1 = (int32_t)boxes1d;

	for (int32_t b = 0; b < n1 * n1 * n1; b++) {
		int32_t bx = b % n1, by = b / n1 % n1, bz = b / (n1 * n1);

		for (uint32_t i = 0; i < npar; i++) {
			const double *ri = &rv[((uint32_t)b * npar + i) * 4];
			double acc[4] = { 0.0, 0.0, 0.0, 0.0 };

			for (int32_t dz = -1; dz <= 1; dz++)
			for (int32_t dy = -1; dy <= 1; dy++)
			for (int32_t dx = -1; dx <= 1; dx++) {
				int32_t x = bx + dx, y = by + dy, z = bz + dz;
				uint32_t nb;

				if (x < 0 || y < 0 || z < 0 || x >= n1 ||
				    y >= n1 || z >= n1)
					continue;
				nb = (uint32_t)((z * n1 + y) * n1 + x);
				for (uint32_t j = 0; j < npar; j++)
					lav_interact(ri, &rv[(nb * npar + j) * 4],
						     qv[nb * npar + j], a2, acc);
			}
			memcpy(&fv[((uint32_t)b * npar + i) * 4], acc,
			       sizeof(acc));
		}
	}
}

int lav_validate(const struct wl_mem *m, const struct lav_args *a,
		 const struct sim_launch *l, char *err, size_t len)
{
	uint64_t nbox = (uint64_t)a->boxes1d * a->boxes1d * a->boxes1d;
	int ret;

	if (!a->npar || a->npar > LAV_MAX_PAR)
		return wl_err(err, len, "lavamd: %u particles per box, must be 1..%u",
			      a->npar, LAV_MAX_PAR);
	if ((ret = wl_check_ptr(m, a->rv, nbox * a->npar * 4, 8,
				"lavamd positions", err, len)) ||
	    (ret = wl_check_ptr(m, a->qv, nbox * a->npar, 8,
				"lavamd charges", err, len)) ||
	    (ret = wl_check_ptr(m, a->fv, nbox * a->npar * 4, 8,
				"lavamd forces", err, len)))
		return ret;
	if (l->grid[0] != nbox || l->grid[1] != 1 || l->grid[2] != 1 ||
	    l->block[0] < a->npar || l->block[1] != 1 || l->block[2] != 1)
		return wl_err(err, len, "lavamd: needs one CTA per box (%llu) of >= %u threads, got grid %ux%ux%u block %ux%ux%u",
			      (unsigned long long)nbox, a->npar, l->grid[0],
			      l->grid[1], l->grid[2], l->block[0],
			      l->block[1], l->block[2]);
	return 0;
}

static void lav_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->rv);
	free(r->qv);
	free(r);
}

static int lav_setup(struct sim_ctx *ctx, const struct wl_params *p,
		     struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t np;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->boxes1d = p->scale ? 3 + p->scale : 2;
	r->npar = p->scale ? 100 : 8;
	r->block = p->scale ? 128 : 16;
	r->nbox = r->boxes1d * r->boxes1d * r->boxes1d;
	np = r->nbox * r->npar;
	r->rv = malloc(np * 4 * sizeof(double));
	r->qv = malloc(np * sizeof(double));
	if (!r->rv || !r->qv) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, LAV_SEED), 0);
	for (uint32_t b = 0; b < r->nbox; b++) {
		double org[3] = {
			b % r->boxes1d,
			b / r->boxes1d % r->boxes1d,
			b / (r->boxes1d * r->boxes1d),
		};

		for (uint32_t i = 0; i < r->npar; i++) {
			double *pr = &r->rv[(b * r->npar + i) * 4];

			for (int d = 0; d < 3; d++)
				pr[d] = org[d] + wl_rng_float(&rng, 0.0f, 1.0f);
			pr[3] = 0.0;
			r->qv[b * r->npar + i] = wl_rng_float(&rng, 0.1f, 1.0f);
		}
	}
	if ((ret = wl_load(ctx, "lavamd.elf", "lavamd", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->rv, np * 32,
				 "lavamd positions", &r->args.rv, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->qv, np * 8,
				 "lavamd charges", &r->args.qv, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, np * 32, "lavamd forces",
			    &r->args.fv, err, len)))
		goto fail;
	r->args.boxes1d = r->boxes1d;
	r->args.npar = r->npar;
	r->args.a2 = 2.0f * LAV_ALPHA * LAV_ALPHA;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "lavamd: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	lav_destroy(r);
	return ret;
}

static int lav_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launched)
		return 0;
	wl_launch_1d(&launch, &r->k, r->nbox, r->block, r->args_va);
	ret = lav_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launched = 1;
	*l = launch;
	return 1;
}

static int lav_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	uint32_t n = r->nbox * r->npar * 4;
	double *ref = malloc(n * sizeof(double));
	double *got = malloc(n * sizeof(double));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launched) {
		ret = wl_err(err, len, "lavamd: kernel did not run");
		goto out;
	}
	lav_ref(r->rv, r->qv, r->boxes1d, r->npar, r->args.a2, ref);
	ret = wl_download(ctx, r->args.fv, got, n * 8, "lavamd forces", err,
			  len);
	if (!ret)
		ret = wl_compare_f64(ref, got, n, "lavamd (potential, force)",
				     err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_lavamd = {
	.name = "lavamd",
	.elf = "lavamd.elf",
	.desc = "particle potentials/forces over neighbour boxes, shared-memory staging (CCBP LAV, Rodinia lavaMD)",
	.setup = lav_setup,
	.next = lav_next,
	.check = lav_check,
	.destroy = lav_destroy,
};
