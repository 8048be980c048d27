// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * streamcluster: online facility location's gain evaluation (Rodinia
 * streamcluster, from PARSEC; Bienia et al., "The PARSEC benchmark
 * suite", PACT 2008; Che et al., IISWC 2009). Every launch evaluates one
 * candidate facility (sc_pgain); next() then reads the per-point results
 * back, sums the gain (savings of the points that would switch, minus
 * the facility cost z) and, when positive, opens the candidate: the
 * switching points take their new cost, which is written back to the
 * device before the next candidate. This is the benchmark's pgain loop
 * without its centre-closing term (only switching gains count).
 *
 * Random weighted points in [0, 1)^dim, all initially served by point 0.
 * check() replays the candidates on the CPU and compares every launch's
 * gain, the open/closed decisions, the final costs and assignment, and
 * the last launch's per-point outputs bit for bit.
 *
 * Sizes (points x dim, candidates) follow Rodinia's defaults (dim 256,
 * 512-thread blocks): scale 0 = 512 x 256, 4 (256-thread blocks); scale 1 = 64 Ki x 256, 16
 * (128 CTAs per launch, about 8.4 M cycles alone on ccbp-16sm); each
 * further scale doubles the points.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/streamcluster.h>

#define SC_SEED 0x5eed002fu
/* Rodinia's 512-thread blocks; 256 at scale 0, whose test SMs hold 256. */
#define SC_BLOCK 512
#define SC_BLOCK_SMALL 256
#define SC_DIM 256

struct wl_run {
	uint32_t n, dim, ncand, block;
	float *coord, *w, *cost0, z;
	uint32_t *cand;
	float *cost, *gain;	/* device-side state, gains per launch */
	uint32_t *assign, *opened;
	struct sc_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches, decided;
	uint32_t *sw;
	float *save;
};

static void sc_center(const float *coord, uint32_t n, uint32_t dim,
		      uint32_t x, float *cx)
{
	for (uint32_t d = 0; d < dim; d++)
		cx[d] = coord[d * n + x];
}

/* What sc_pgain computes for candidate x. */
static void sc_pgain_ref(const float *coord, const float *w,
			 const float *cost, uint32_t n, uint32_t dim,
			 uint32_t x, uint32_t *sw, float *save)
{
	float cx[SC_MAX_DIM];

	sc_center(coord, n, dim, x, cx);
	for (uint32_t i = 0; i < n; i++) {
		float xc = sc_dist(coord, n, dim, i, cx) * w[i];

		sw[i] = xc < cost[i];
		save[i] = xc < cost[i] ? cost[i] - xc : 0.0f;
	}
}

/* Sum the gain of candidate x and open it if positive; returns 1 if so. */
static int sc_decide(const float *coord, const float *w, float *cost,
		     uint32_t *assign, uint32_t n, uint32_t dim, uint32_t x,
		     float z, const uint32_t *sw, const float *save,
		     float *gain)
{
	float g = 0.0f, cx[SC_MAX_DIM];

	for (uint32_t i = 0; i < n; i++)
		g = g + save[i];
	g = g - z;
	*gain = g;
	if (!(g > 0.0f))
		return 0;
	sc_center(coord, n, dim, x, cx);
	for (uint32_t i = 0; i < n; i++) {
		if (sw[i]) {
			cost[i] = sc_dist(coord, n, dim, i, cx) * w[i];
			assign[i] = x;
		}
	}
	return 1;
}

int sc_validate(const struct wl_mem *m, const struct sc_args *a,
		const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if (!a->dim || a->dim > SC_MAX_DIM)
		return wl_err(err, len, "streamcluster: dim %u outside 1..%u",
			      a->dim, SC_MAX_DIM);
	if (a->x >= a->n)
		return wl_err(err, len, "streamcluster: candidate %u beyond %u points",
			      a->x, a->n);
	if ((ret = wl_check_ptr(m, a->coord, (uint64_t)a->dim * a->n, 4,
				"streamcluster coordinates", err, len)) ||
	    (ret = wl_check_ptr(m, a->w, a->n, 4, "streamcluster weights",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->cost, a->n, 4, "streamcluster costs",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->sw, a->n, 4, "streamcluster switch",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->save, a->n, 4, "streamcluster savings",
				err, len)))
		return ret;
	if (a->sw == a->save || a->sw == a->cost || a->save == a->cost ||
	    a->sw == a->coord || a->save == a->coord)
		return wl_err(err, len, "streamcluster: outputs alias");
	return wl_check_1d_cover(l, a->n, "streamcluster", err, len);
}

static void sc_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->coord);
	free(r->w);
	free(r->cost0);
	free(r->cost);
	free(r->cand);
	free(r->gain);
	free(r->assign);
	free(r->opened);
	free(r->sw);
	free(r->save);
	free(r);
}

static int sc_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	float cx[SC_MAX_DIM];
	double total = 0;
	uint32_t n;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = n = p->scale ? (64u << 10) << (p->scale - 1) : 512;
	r->dim = SC_DIM;
	r->block = p->scale ? SC_BLOCK : SC_BLOCK_SMALL;
	r->ncand = p->scale ? 16 : 4;
	r->coord = malloc((size_t)n * r->dim * sizeof(float));
	r->w = malloc(n * sizeof(float));
	r->cost0 = malloc(n * sizeof(float));
	r->cost = malloc(n * sizeof(float));
	r->assign = calloc(n, sizeof(uint32_t));
	r->sw = malloc(n * sizeof(uint32_t));
	r->save = malloc(n * sizeof(float));
	r->cand = malloc(r->ncand * sizeof(uint32_t));
	r->gain = calloc(r->ncand, sizeof(float));
	r->opened = calloc(r->ncand, sizeof(uint32_t));
	if (!r->coord || !r->w || !r->cost0 || !r->cost || !r->assign ||
	    !r->sw || !r->save || !r->cand || !r->gain || !r->opened) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, SC_SEED), 0);
	for (uint32_t i = 0; i < n * r->dim; i++)
		r->coord[i] = wl_rng_float(&rng, 0.0f, 1.0f);
	for (uint32_t i = 0; i < n; i++)
		r->w[i] = wl_rng_float(&rng, 0.5f, 2.0f);
	for (uint32_t c = 0; c < r->ncand; c++)
		r->cand[c] = 1 + wl_rng_below(&rng, n - 1);
	/* Everyone starts served by point 0. */
	sc_center(r->coord, n, r->dim, 0, cx);
	for (uint32_t i = 0; i < n; i++) {
		r->cost0[i] = sc_dist(r->coord, n, r->dim, i, cx) * r->w[i];
		total += r->cost0[i];
	}
	memcpy(r->cost, r->cost0, n * sizeof(float));
	r->z = (float)(total / 64.0);	/* some candidates open, some not */
	if ((ret = wl_load(ctx, "streamcluster.elf", "sc_pgain", &r->k, err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->coord, n * r->dim * 4,
				 "streamcluster coordinates", &r->args.coord,
				 err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->w, n * 4,
				 "streamcluster weights", &r->args.w, err,
				 len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->cost0, n * 4,
				 "streamcluster costs", &r->args.cost, err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "streamcluster switch",
			    &r->args.sw, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "streamcluster savings",
			    &r->args.save, err, len)))
		goto fail;
	r->args.n = n;
	r->args.dim = r->dim;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "streamcluster: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	sc_destroy(r);
	return ret;
}

/* After launch @c: read its outputs, decide, update the device costs. */
static int sc_after(struct sim_ctx *ctx, struct wl_run *r, uint32_t c,
		    char *err, size_t len)
{
	int ret;

	if ((ret = wl_download(ctx, r->args.sw, r->sw, r->n * 4,
			       "streamcluster switch", err, len)) ||
	    (ret = wl_download(ctx, r->args.save, r->save, r->n * 4,
			       "streamcluster savings", err, len)))
		return ret;
	r->opened[c] = (uint32_t)sc_decide(r->coord, r->w, r->cost,
					   r->assign, r->n, r->dim,
					   r->cand[c], r->z, r->sw, r->save,
					   &r->gain[c]);
	r->decided++;
	if (r->opened[c] &&
	    sim_write(ctx, r->args.cost, r->cost, r->n * 4))
		return wl_err(err, len, "streamcluster: cannot update costs");
	return 0;
}

static int sc_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	if (r->launches && (ret = sc_after(ctx, r, r->launches - 1, err, len)))
		return ret;
	if (r->launches == r->ncand)
		return 0;
	r->args.x = r->cand[r->launches];
	wl_launch_1d(&launch, &r->k, wl_div_up(r->n, r->block), r->block,
		     r->args_va);
	ret = sc_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "streamcluster: cannot write arguments");
	r->launches++;
	*l = launch;
	return 1;
}

static int sc_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	uint32_t n = r->n, nc = r->ncand;
	float *cost = malloc(n * sizeof(float));
	float *save = malloc(n * sizeof(float));
	float *gain = calloc(nc, sizeof(float));
	uint32_t *assign = calloc(n, sizeof(uint32_t));
	uint32_t *sw = malloc(n * sizeof(uint32_t));
	uint32_t *opened = calloc(nc, sizeof(uint32_t));
	int ret = 0;

	(void)ctx;
	if (!cost || !save || !gain || !assign || !sw || !opened) {
		ret = -ENOMEM;
		goto out;
	}
	/* next() returned 0 only after deciding on the last candidate. */
	if (r->decided < nc) {
		ret = wl_err(err, len, "streamcluster: not all candidates ran");
		goto out;
	}
	memcpy(cost, r->cost0, n * sizeof(float));
	for (uint32_t c = 0; c < nc; c++) {
		sc_pgain_ref(r->coord, r->w, cost, n, r->dim, r->cand[c], sw,
			     save);
		if (c + 1 == nc) {
			/* The last launch's raw outputs. */
			if ((ret = wl_compare_u32(sw, r->sw, n,
						  "streamcluster switch", err,
						  len)) ||
			    (ret = wl_compare_f32(save, r->save, n, 0,
						  "streamcluster savings", err,
						  len)))
				goto out;
		}
		opened[c] = (uint32_t)sc_decide(r->coord, r->w, cost, assign,
						n, r->dim, r->cand[c], r->z,
						sw, save, &gain[c]);
	}
	if ((ret = wl_compare_f32(gain, r->gain, nc, 0, "streamcluster gains",
				  err, len)) ||
	    (ret = wl_compare_u32(opened, r->opened, nc,
				  "streamcluster opened", err, len)) ||
	    (ret = wl_compare_f32(cost, r->cost, n, 0, "streamcluster costs",
				  err, len)) ||
	    (ret = wl_compare_u32(assign, r->assign, n,
				  "streamcluster assignment", err, len)))
		goto out;
out:
	free(cost);
	free(save);
	free(gain);
	free(assign);
	free(sw);
	free(opened);
	return ret;
}

const struct workload wl_streamcluster = {
	.name = "streamcluster",
	.elf = "streamcluster.elf",
	.desc = "streamcluster pgain: one launch per candidate facility, host opens it on positive gain (Rodinia streamcluster; Bienia et al. PACT'08)",
	.setup = sc_setup,
	.next = sc_next,
	.check = sc_check,
	.destroy = sc_destroy,
};
