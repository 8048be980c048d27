// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * lbm: D2Q9 lattice-Boltzmann flow through a periodic channel with
 * scattered solid cells (CCBP paper: LBM, from Parboil's lbm, here in
 * two dimensions). One launch per time step, ping-ponging between two
 * distribution buffers (host loop in next()). Streaming memory: every
 * step reads and writes the whole lattice.
 *
 * The start state is the equilibrium of density 1 with a small random
 * velocity per cell; ~6 % of the cells are solid. The reference runs the
 * same steps with the same cell update (lbm.h) and every distribution
 * of the final state must match bit for bit.
 *
 * Sizes (nx x ny, steps): scale 0 = 40 x 20, 2 steps; scale 1 = 512 x
 * 512, 32 steps (9.4 MB per lattice); each further scale doubles nx.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/lbm.h>

#define LBM_SEED 0x5eed0014u
#define LBM_BLOCK 256
#define LBM_OMEGA 1.2f

struct wl_run {
	uint32_t nx, ny, cells, steps;
	float *f0;
	uint32_t *obst;
	uint32_t va_f[2], va_obst;
	struct sim_kernel k;
	uint32_t args_va;	/* rewritten before every launch */
	struct wl_mem mem;
	uint32_t done_steps;
};

void lbm_ref_step(const float *src, float *dst, const uint32_t *obst,
		  uint32_t nx, uint32_t ny, float omega)
{
	uint32_t cells = nx * ny;
	float f[LBM_Q], out[LBM_Q];

	for (uint32_t c = 0; c < cells; c++) {
		uint32_t x = c % nx, y = c / nx;

		for (int i = 0; i < LBM_Q; i++) {
			uint32_t fx = lbm_from(x, lbm_cx[i], nx);
			uint32_t fy = lbm_from(y, lbm_cy[i], ny);

			f[i] = src[i * cells + fy * nx + fx];
		}
		lbm_cell(f, obst[c] != 0, omega, out);
		for (int i = 0; i < LBM_Q; i++)
			dst[i * cells + c] = out[i];
	}
}

int lbm_validate(const struct wl_mem *m, const struct lbm_args *a,
		 const struct sim_launch *l, char *err, size_t len)
{
	uint64_t cells = (uint64_t)a->nx * a->ny;
	int ret;

	if (!a->nx || !a->ny || cells > UINT32_MAX / LBM_Q)
		return wl_err(err, len, "lbm: bad grid %u x %u", a->nx, a->ny);
	if ((ret = wl_check_ptr(m, a->src, cells * LBM_Q, 4, "lbm src", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->dst, cells * LBM_Q, 4, "lbm dst", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->obst, cells, 4, "lbm obstacles", err,
				len)))
		return ret;
	if (a->src == a->dst)
		return wl_err(err, len, "lbm: src and dst alias");
	return wl_check_1d_cover(l, (uint32_t)cells, "lbm", err, len);
}

static void lbm_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->f0);
	free(r->obst);
	free(r);
}

static int lbm_setup(struct sim_ctx *ctx, const struct wl_params *p,
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
	r->nx = p->scale ? 512u << (p->scale - 1) : 40;
	r->ny = p->scale ? 512 : 20;
	r->steps = p->scale ? 32 : 2;
	r->cells = r->nx * r->ny;
	r->f0 = malloc((size_t)r->cells * LBM_Q * sizeof(float));
	r->obst = malloc(r->cells * sizeof(uint32_t));
	if (!r->f0 || !r->obst) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, LBM_SEED), 0);
	for (uint32_t c = 0; c < r->cells; c++) {
		float f[LBM_Q], eq[LBM_Q], ux, uy;

		r->obst[c] = wl_rng_below(&rng, 16) == 0;
		ux = wl_rng_float(&rng, -0.05f, 0.05f) + 0.05f;	/* drift east */
		uy = wl_rng_float(&rng, -0.05f, 0.05f);
		/* Equilibrium for (1, ux, uy): collide with omega 1. */
		for (int i = 0; i < LBM_Q; i++)
			f[i] = lbm_w[i] * (1.0f + 3.0f * ((float)lbm_cx[i] * ux +
							  (float)lbm_cy[i] * uy));
		lbm_cell(f, 0, 1.0f, eq);
		for (int i = 0; i < LBM_Q; i++)
			r->f0[i * r->cells + c] = eq[i];
	}
	if ((ret = wl_load(ctx, "lbm.elf", "lbm_step", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->f0,
				 r->cells * LBM_Q * 4, "lbm lattice 0",
				 &r->va_f[0], err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->cells * LBM_Q * 4,
			    "lbm lattice 1", &r->va_f[1], err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->obst, r->cells * 4,
				 "lbm obstacles", &r->va_obst, err, len)))
		goto fail;
	if (sim_wl_args(ctx, &(struct lbm_args){ 0 }, sizeof(struct lbm_args),
			&r->args_va)) {
		ret = wl_err(err, len, "lbm: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	lbm_destroy(r);
	return ret;
}

static int lbm_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	struct lbm_args a;
	int ret;

	if (r->done_steps == r->steps)
		return 0;
	a = (struct lbm_args){
		.src = r->va_f[r->done_steps & 1],
		.dst = r->va_f[(r->done_steps + 1) & 1],
		.obst = r->va_obst, .nx = r->nx, .ny = r->ny,
		.omega = LBM_OMEGA,
	};
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &a, sizeof(a)))
		return wl_err(err, len, "lbm: cannot write arguments");
	wl_launch_1d(&launch, &r->k, wl_div_up(r->cells, LBM_BLOCK),
		     LBM_BLOCK, r->args_va);
	ret = lbm_validate(&r->mem, &a, &launch, err, len);
	if (ret)
		return ret;
	r->done_steps++;
	*l = launch;
	return 1;
}

static int lbm_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	uint32_t n = r->cells * LBM_Q;
	float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
	float *got = malloc(n * sizeof(float));
	int ret;

	if (!a || !b || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->done_steps < r->steps) {
		ret = wl_err(err, len, "lbm: not all steps ran");
		goto out;
	}
	memcpy(a, r->f0, n * sizeof(float));
	for (uint32_t s = 0; s < r->steps; s++) {
		float *t = a;

		lbm_ref_step(a, b, r->obst, r->nx, r->ny, LBM_OMEGA);
		a = b;
		b = t;
	}
	ret = wl_download(ctx, r->va_f[r->steps & 1], got, n * 4,
			  "lbm lattice", err, len);
	if (!ret)
		ret = wl_compare_f32(a, got, n, 0, "lbm distributions", err,
				     len);
out:
	free(a);
	free(b);
	free(got);
	return ret;
}

const struct workload wl_lbm = {
	.name = "lbm",
	.elf = "lbm.elf",
	.desc = "D2Q9 lattice-Boltzmann stream-collide, one launch per step (CCBP LBM, Parboil lbm)",
	.setup = lbm_setup,
	.next = lbm_next,
	.check = lbm_check,
	.destroy = lbm_destroy,
};
