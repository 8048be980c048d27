// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * nn: nearest neighbours of a query point among hurricane-track-like
 * records (Rodinia nn; Che et al., IISWC 2009). The device computes all
 * distances in one launch; the k = 10 nearest are then selected on the
 * host, as in the benchmark. Random records (latitude 0..90, longitude
 * 0..360), a fixed query point. check() compares every distance bit for
 * bit (same float operations, correctly rounded square root on both
 * sides) and the selected neighbours against a selection over the
 * reference distances.
 *
 * Sizes (records): scale 0 = 12000 (47 CTAs of 256); scale 1 = 14 Mi
 * (57344 CTAs, 1.1 M cycles alone on ccbp-16sm); each further scale
 * doubles.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define NN_SEED 0x5eed0025u
#define NN_BLOCK 256
#define NN_K 10

struct wl_run {
	uint32_t n;
	float *loc;
	struct nn_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void nn_ref(const float *loc, uint32_t n, float lat, float lng, float *dist)
{
	for (uint32_t i = 0; i < n; i++) {
		float dx = loc[2 * i] - lat, dy = loc[2 * i + 1] - lng;

		dist[i] = sqrtf(dx * dx + dy * dy);
	}
}

/* Indices of the k smallest distances, ties to the lower index. */
static void nn_select(const float *dist, uint32_t n, uint32_t *best,
		      uint32_t k)
{
	uint32_t cnt = 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t p = cnt < k ? cnt++ : k;

		if (p == k && !(dist[i] < dist[best[k - 1]]))
			continue;
		if (p == k)
			p = k - 1;
		while (p > 0 && dist[i] < dist[best[p - 1]]) {
			best[p] = best[p - 1];
			p--;
		}
		best[p] = i;
	}
}

int nn_validate(const struct wl_mem *m, const struct nn_args *a,
		const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->loc, 2ull * a->n, 4, "nn records", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->dist, a->n, 4, "nn distances", err,
				len)))
		return ret;
	if (a->loc == a->dist)
		return wl_err(err, len, "nn: records and distances alias");
	return wl_check_1d_cover(l, a->n, "nn", err, len);
}

static void nn_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->loc);
	free(r);
}

static int nn_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = p->scale ? (14u << 20) << (p->scale - 1) : 12000;
	r->loc = malloc(2ull * r->n * sizeof(float));
	if (!r->loc) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, NN_SEED), 0);
	for (uint32_t i = 0; i < r->n; i++) {
		r->loc[2 * i] = wl_rng_float(&rng, 0.0f, 90.0f);
		r->loc[2 * i + 1] = wl_rng_float(&rng, 0.0f, 360.0f);
	}
	if ((ret = wl_load(ctx, "nn.elf", "nn_euclid", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->loc, r->n * 8, "nn records",
				 &r->args.loc, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n * 4, "nn distances",
			    &r->args.dist, err, len)))
		goto fail;
	r->args.n = r->n;
	r->args.lat = 30.0f;
	r->args.lng = 90.0f;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "nn: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	nn_destroy(r);
	return ret;
}

static int nn_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches)
		return 0;
	wl_launch_1d(&launch, &r->k, wl_div_up(r->n, NN_BLOCK), NN_BLOCK,
		     r->args_va);
	ret = nn_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int nn_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	float *ref = malloc(r->n * sizeof(float));
	float *got = malloc(r->n * sizeof(float));
	uint32_t bref[NN_K], bgot[NN_K];
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launches) {
		ret = wl_err(err, len, "nn: not run");
		goto out;
	}
	nn_ref(r->loc, r->n, r->args.lat, r->args.lng, ref);
	ret = wl_download(ctx, r->args.dist, got, r->n * 4, "nn distances",
			  err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, r->n, 0, "nn distances", err,
				     len);
	if (!ret) {
		nn_select(ref, r->n, bref, NN_K);
		nn_select(got, r->n, bgot, NN_K);
		ret = wl_compare_u32(bref, bgot, NN_K, "nn neighbours", err,
				     len);
	}
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_nn = {
	.name = "nn",
	.elf = "nn.elf",
	.desc = "nearest-neighbour distances of 2-D records, host k-selection (Rodinia nn; Che et al. IISWC'09)",
	.setup = nn_setup,
	.next = nn_next,
	.check = nn_check,
	.destroy = nn_destroy,
};
