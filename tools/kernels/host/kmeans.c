// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * kmeans: k-means clustering (CCBP paper: KM, from Rodinia's kmeans).
 * Each iteration is one km_assign launch (nearest centre per point); the
 * host then downloads the memberships and recomputes the centres as the
 * means of their points (next(), as the benchmark's host program does),
 * until no point changes cluster or KM_MAX_ITERS iterations ran.
 *
 * The points are drawn around nc random true centres (fixed seed); the
 * first nc points are the initial centres. The reference repeats the
 * same iterations on the CPU (same operation order: bit-exact
 * distances, same host centre update); check() compares the number of
 * iterations and every point's final cluster.
 *
 * Sizes (points x features, clusters): scale 0 = 128 x 8, 5; scale 1 =
 * 128 Ki x 34, 5 (the KDD Cup shape of the benchmark's input), at most
 * 6 iterations; each further scale doubles the points.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define KM_SEED 0x5eed0016u
#define KM_BLOCK 256
#define KM_CLUSTERS 5
#define KM_MAX_ITERS 6

struct wl_run {
	uint32_t np, nf, nc;
	float *feat;		/* [nf][np] */
	float *centers;		/* [nc][nf], current */
	uint32_t *member;	/* after the last launch */
	struct km_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	unsigned int iters;
	int done;
};

void km_assign_ref(const float *feat, const float *centers, uint32_t np,
		   uint32_t nf, uint32_t nc, uint32_t *member)
{
	for (uint32_t p = 0; p < np; p++) {
		uint32_t best = 0;
		float best_d = 0.0f;

		for (uint32_t c = 0; c < nc; c++) {
			float d = 0.0f;

			for (uint32_t f = 0; f < nf; f++) {
				float diff = feat[f * np + p] - centers[c * nf + f];

				d += diff * diff;
			}
			if (c == 0 || d < best_d) {
				best_d = d;
				best = c;
			}
		}
		member[p] = best;
	}
}

/* Host step: centres = means of their points (empty ones stay put). */
static void km_update(const float *feat, const uint32_t *member,
		      uint32_t np, uint32_t nf, uint32_t nc, float *centers)
{
	float sum[KM_MAX_CENTER_FLOATS];
	uint32_t count[KM_MAX_CENTER_FLOATS];

	memset(sum, 0, sizeof(sum));
	memset(count, 0, sizeof(count));
	for (uint32_t p = 0; p < np; p++) {
		count[member[p]]++;
		for (uint32_t f = 0; f < nf; f++)
			sum[member[p] * nf + f] += feat[f * np + p];
	}
	for (uint32_t c = 0; c < nc; c++) {
		if (!count[c])
			continue;
		for (uint32_t f = 0; f < nf; f++)
			centers[c * nf + f] = sum[c * nf + f] / (float)count[c];
	}
}

int km_validate(const struct wl_mem *m, const struct km_args *a,
		const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if (!a->nc || !a->nf ||
	    (uint64_t)a->nc * a->nf > KM_MAX_CENTER_FLOATS)
		return wl_err(err, len, "kmeans: %u centres x %u features must be 1..%u floats",
			      a->nc, a->nf, KM_MAX_CENTER_FLOATS);
	if ((ret = wl_check_ptr(m, a->feat, (uint64_t)a->nf * a->np, 4,
				"kmeans features", err, len)) ||
	    (ret = wl_check_ptr(m, a->centers, (uint64_t)a->nc * a->nf, 4,
				"kmeans centres", err, len)) ||
	    (ret = wl_check_ptr(m, a->member, a->np, 4, "kmeans membership",
				err, len)))
		return ret;
	return wl_check_1d_cover(l, a->np, "kmeans", err, len);
}

static void km_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->feat);
	free(r->centers);
	free(r->member);
	free(r);
}

static void km_init_centers(const struct wl_run *r, float *centers)
{
	for (uint32_t c = 0; c < r->nc; c++) {
		for (uint32_t f = 0; f < r->nf; f++)
			centers[c * r->nf + f] = r->feat[f * r->np + c];
	}
}

static int km_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, char *err, size_t len)
{
	float truth[KM_MAX_CENTER_FLOATS];
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->np = p->scale ? (128u << 10) << (p->scale - 1) : 128;
	r->nf = p->scale ? 34 : 8;
	r->nc = KM_CLUSTERS;
	r->feat = malloc((size_t)r->np * r->nf * sizeof(float));
	r->centers = malloc(r->nc * r->nf * sizeof(float));
	r->member = malloc(r->np * sizeof(uint32_t));
	if (!r->feat || !r->centers || !r->member) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, KM_SEED), 0);
	for (uint32_t i = 0; i < r->nc * r->nf; i++)
		truth[i] = wl_rng_float(&rng, 0.0f, 10.0f);
	for (uint32_t q = 0; q < r->np; q++) {
		uint32_t c = wl_rng_below(&rng, r->nc);

		for (uint32_t f = 0; f < r->nf; f++)
			r->feat[f * r->np + q] = truth[c * r->nf + f] +
				wl_rng_float(&rng, -2.0f, 2.0f);
	}
	km_init_centers(r, r->centers);

	if ((ret = wl_load(ctx, "kmeans.elf", "km_assign", &r->k, err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->feat,
				 r->np * r->nf * 4, "kmeans features",
				 &r->args.feat, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->centers,
				 r->nc * r->nf * 4, "kmeans centres",
				 &r->args.centers, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->np * 4, "kmeans membership",
			    &r->args.member, err, len)))
		goto fail;
	r->args.np = r->np;
	r->args.nf = r->nf;
	r->args.nc = r->nc;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "kmeans: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	km_destroy(r);
	return ret;
}

/* Count changed memberships, keep the new ones; 0 changes = converged. */
static uint32_t km_changes(uint32_t *prev, const uint32_t *cur, uint32_t np,
			   int first)
{
	uint32_t n = 0;

	for (uint32_t p = 0; p < np; p++) {
		if (first || prev[p] != cur[p])
			n++;
		prev[p] = cur[p];
	}
	return n;
}

static int km_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t *cur;
	int ret;

	if (r->done)
		return 0;
	if (r->iters) {
		cur = malloc(r->np * sizeof(uint32_t));
		if (!cur)
			return -ENOMEM;
		ret = wl_download(ctx, r->args.member, cur, r->np * 4,
				  "kmeans membership", err, len);
		/* The centre update indexes by membership: trust no device. */
		for (uint32_t q = 0; !ret && q < r->np; q++) {
			if (cur[q] >= r->nc)
				ret = wl_err(err, len, "kmeans: point %u assigned to centre %u of %u",
					     q, cur[q], r->nc);
		}
		if (!ret && !km_changes(r->member, cur, r->np, r->iters == 1))
			r->done = 1;
		free(cur);
		if (ret)
			return ret;
		if (r->done || r->iters == KM_MAX_ITERS) {
			r->done = 1;
			return 0;
		}
		km_update(r->feat, r->member, r->np, r->nf, r->nc,
			  r->centers);
		if (sim_write(ctx, r->args.centers, r->centers,
			      r->nc * r->nf * 4))
			return wl_err(err, len, "kmeans: cannot write the centres");
	}
	wl_launch_1d(&launch, &r->k, wl_div_up(r->np, KM_BLOCK), KM_BLOCK,
		     r->args_va);
	ret = km_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->iters++;
	*l = launch;
	return 1;
}

static int km_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	float centers[KM_MAX_CENTER_FLOATS];
	uint32_t *ref = malloc(r->np * sizeof(uint32_t));
	uint32_t *cur = malloc(r->np * sizeof(uint32_t));
	unsigned int iters = 0;
	int ret;

	if (!ref || !cur) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->done) {
		ret = wl_err(err, len, "kmeans: iterations did not finish");
		goto out;
	}
	/* The same loop as next(), all on the CPU. */
	km_init_centers(r, centers);
	for (;;) {
		km_assign_ref(r->feat, centers, r->np, r->nf, r->nc, cur);
		iters++;
		if ((!km_changes(ref, cur, r->np, iters == 1)) ||
		    iters == KM_MAX_ITERS)
			break;
		km_update(r->feat, ref, r->np, r->nf, r->nc, centers);
	}
	if (iters != r->iters) {
		ret = wl_err(err, len, "kmeans: %u iterations, expected %u",
			     r->iters, iters);
		goto out;
	}
	ret = wl_download(ctx, r->args.member, cur, r->np * 4,
			  "kmeans membership", err, len);
	if (!ret)
		ret = wl_compare_u32(ref, cur, r->np, "kmeans membership",
				     err, len);
out:
	free(ref);
	free(cur);
	return ret;
}

const struct workload wl_kmeans = {
	.name = "kmeans",
	.elf = "kmeans.elf",
	.desc = "k-means: nearest-centre launch per iteration, host recomputes centres (CCBP KM, Rodinia kmeans)",
	.setup = km_setup,
	.next = km_next,
	.check = km_check,
	.destroy = km_destroy,
};
