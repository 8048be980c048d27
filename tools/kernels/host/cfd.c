// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * cfd: explicit Euler solver on a generated unstructured mesh (CCBP
 * paper: CFD, from Rodinia's cfd euler3d). Per iteration: cfd_factor,
 * then three Runge-Kutta stages of cfd_flux + cfd_step (host loop in
 * next()); 7 launches per iteration.
 *
 * The mesh (fixed seed) is a graph, not a geometry: each cell has four
 * faces, 1 in 64 of them a wall and 1 in 64 open to the far field, the
 * others leading to a cell at most CFD_SPAN indices away (scale 0: 256);
 * face normals and cell volumes are random. The flow starts near the far-field
 * state (Mach ~0.8) with small random perturbations. check() runs the
 * same iterations with the same per-cell code (cfd.h) on the CPU and
 * compares every variable of every cell bit for bit.
 *
 * Sizes (cells, iterations): scale 0 = 150, 1; scale 1 = 96 Ki (the
 * benchmark's 97K mesh size), 1 (7 launches, about 6 M cycles alone on
 * ccbp-16sm); each further scale doubles the cells.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/cfd.h>

#define CFD_SEED 0x5eed001au
#define CFD_BLOCK 128
/*
 * Neighbours lie at most this many cells away: an unstructured mesh's
 * numbering keeps neighbours near but not adjacent, so a warp's gathers
 * touch about one line per thread and go to the L2 (scale 0: 256).
 */
#define CFD_SPAN 4096
#define CFD_SPAN_SMALL 256

struct wl_run {
	uint32_t n, iters;
	float *vars0, *area, *normals;
	int32_t *nbr;
	struct cfd_args args;
	uint32_t args_va[CFD_RK];
	struct sim_kernel kf, kx, ks;
	struct wl_mem mem;
	uint32_t launches;
};

/* Far field: density 1.4, pressure 1, velocity (0.94, 0.05, 0). */
static void cfd_farfield(float *ff)
{
	float vel[3] = { 0.94f, 0.05f, 0.0f }, d = 1.4f, p = 1.0f;
	float sq = vel[0] * vel[0] + vel[1] * vel[1] + vel[2] * vel[2];

	ff[0] = d;
	for (int a = 0; a < 3; a++)
		ff[1 + a] = d * vel[a];
	ff[4] = p / (CFD_GAMMA - 1.0f) + 0.5f * d * sq;
}

static void cfd_gather(const float *vars, const int32_t *nbr,
		       const float *normals, const float *ff, uint32_t n,
		       uint32_t i, float *v, float (*nbv)[CFD_NVAR],
		       int32_t *nb, float (*nrm)[3])
{
	for (int k = 0; k < CFD_NVAR; k++)
		v[k] = vars[k * n + i];
	for (int j = 0; j < CFD_NNB; j++) {
		nb[j] = nbr[j * n + i];
		for (int d = 0; d < 3; d++)
			nrm[j][d] = normals[(j * 3 + d) * n + i];
		for (int k = 0; k < CFD_NVAR; k++)
			nbv[j][k] = nb[j] >= 0 ? vars[k * n + (uint32_t)nb[j]] :
						 ff[k];
	}
}

void cfd_ref(float *vars, const float *area, const int32_t *nbr,
	     const float *normals, const float *ff, uint32_t n,
	     uint32_t iters)
{
	float *old = malloc((size_t)n * CFD_NVAR * sizeof(float));
	float *flux = malloc((size_t)n * CFD_NVAR * sizeof(float));
	float *sf = malloc(n * sizeof(float));
	float v[CFD_NVAR], nbv[CFD_NNB][CFD_NVAR], nrm[CFD_NNB][3];
	float f[CFD_NVAR];
	int32_t nb[CFD_NNB];

	if (!old || !flux || !sf)
		abort();
	for (uint32_t it = 0; it < iters; it++) {
		memcpy(old, vars, (size_t)n * CFD_NVAR * sizeof(float));
		for (uint32_t i = 0; i < n; i++) {
			for (int k = 0; k < CFD_NVAR; k++)
				v[k] = vars[k * n + i];
			sf[i] = cfd_step_factor(v, area[i]);
		}
		for (uint32_t rk = 0; rk < CFD_RK; rk++) {
			for (uint32_t i = 0; i < n; i++) {
				cfd_gather(vars, nbr, normals, ff, n, i, v, nbv,
					   nb, nrm);
				cfd_flux_cell(v, (const float (*)[CFD_NVAR])nbv,
					      nb, (const float (*)[3])nrm, f);
				for (int k = 0; k < CFD_NVAR; k++)
					flux[k * n + i] = f[k];
			}
			for (uint32_t i = 0; i < n; i++) {
				float factor = sf[i] / (float)(CFD_RK + 1 - rk);

				for (int k = 0; k < CFD_NVAR; k++)
					vars[k * n + i] = old[k * n + i] +
						factor * flux[k * n + i];
			}
		}
	}
	free(old);
	free(flux);
	free(sf);
}

int cfd_validate(const struct wl_mem *m, const struct cfd_args *a,
		 const struct sim_launch *l, char *err, size_t len)
{
	uint64_t n = a->n;
	int ret;

	if ((ret = wl_check_ptr(m, a->vars, n * CFD_NVAR, 4, "cfd variables",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->old, n * CFD_NVAR, 4,
				"cfd old variables", err, len)) ||
	    (ret = wl_check_ptr(m, a->flux, n * CFD_NVAR, 4, "cfd fluxes",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->sf, n, 4, "cfd step factors", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->area, n, 4, "cfd volumes", err, len)) ||
	    (ret = wl_check_ptr(m, a->nbr, n * CFD_NNB, 4, "cfd neighbours",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->normals, n * CFD_NNB * 3, 4,
				"cfd normals", err, len)))
		return ret;
	if (a->rk >= CFD_RK)
		return wl_err(err, len, "cfd: stage %u beyond %u", a->rk,
			      CFD_RK);
	return wl_check_1d_cover(l, a->n, "cfd", err, len);
}

static void cfd_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->vars0);
	free(r->area);
	free(r->normals);
	free(r->nbr);
	free(r);
}

static int cfd_setup(struct sim_ctx *ctx, const struct wl_params *p,
		     struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n, span;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	n = r->n = p->scale ? (96u << 10) << (p->scale - 1) : 150;
	r->iters = 1;
	span = p->scale ? CFD_SPAN : CFD_SPAN_SMALL;
	r->vars0 = malloc((size_t)n * CFD_NVAR * sizeof(float));
	r->area = malloc(n * sizeof(float));
	r->normals = malloc((size_t)n * CFD_NNB * 3 * sizeof(float));
	r->nbr = malloc((size_t)n * CFD_NNB * sizeof(int32_t));
	if (!r->vars0 || !r->area || !r->normals || !r->nbr) {
		ret = -ENOMEM;
		goto fail;
	}
	cfd_farfield(r->args.ff);
	wl_rng_init(&rng, wl_seed(p, CFD_SEED), 0);
	for (uint32_t i = 0; i < n; i++) {
		float dscale = wl_rng_float(&rng, 0.95f, 1.05f);

		r->area[i] = wl_rng_float(&rng, 0.5f, 1.5f);
		r->vars0[i] = r->args.ff[0] * dscale;
		for (int a = 0; a < 3; a++)
			r->vars0[(1 + a) * n + i] = r->args.ff[1 + a] * dscale *
				wl_rng_float(&rng, 0.95f, 1.05f);
		r->vars0[4 * n + i] = r->args.ff[4] * wl_rng_float(&rng, 0.98f, 1.02f);
		for (int j = 0; j < CFD_NNB; j++) {
			uint32_t kind = wl_rng_below(&rng, 64);

			if (kind == 0)
				r->nbr[j * n + i] = CFD_WALL;
			else if (kind == 1)
				r->nbr[j * n + i] = CFD_FARFIELD;
			else
				r->nbr[j * n + i] = (int32_t)((i + n - span +
					wl_rng_below(&rng, 2 * span + 1)) % n);
			for (int d = 0; d < 3; d++)
				r->normals[(j * 3 + d) * n + i] =
					wl_rng_float(&rng, -0.3f, 0.3f);
		}
	}

	if ((ret = wl_load(ctx, "cfd.elf", "cfd_factor", &r->kf, err, len)) ||
	    (ret = wl_load(ctx, "cfd.elf", "cfd_flux", &r->kx, err, len)) ||
	    (ret = wl_load(ctx, "cfd.elf", "cfd_step", &r->ks, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->vars0, n * CFD_NVAR * 4,
				 "cfd variables", &r->args.vars, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * CFD_NVAR * 4,
			    "cfd old variables", &r->args.old, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * CFD_NVAR * 4, "cfd fluxes",
			    &r->args.flux, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "cfd step factors",
			    &r->args.sf, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->area, n * 4, "cfd volumes",
				 &r->args.area, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->nbr, n * CFD_NNB * 4,
				 "cfd neighbours", &r->args.nbr, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->normals,
				 n * CFD_NNB * 3 * 4, "cfd normals",
				 &r->args.normals, err, len)))
		goto fail;
	r->args.n = n;
	for (uint32_t rk = 0; rk < CFD_RK; rk++) {
		r->args.rk = rk;
		if (sim_wl_args(ctx, &r->args, sizeof(r->args),
				&r->args_va[rk])) {
			ret = wl_err(err, len, "cfd: cannot place arguments");
			goto fail;
		}
	}
	*run = r;
	return 0;
fail:
	cfd_destroy(r);
	return ret;
}

#define CFD_LAUNCHES_PER_ITER (1 + 2 * CFD_RK)

static int cfd_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	uint32_t s = r->launches % CFD_LAUNCHES_PER_ITER, rk = 0;
	const struct sim_kernel *k = &r->kf;
	struct sim_launch launch;
	struct cfd_args a = r->args;
	int ret;

	(void)ctx;
	if (r->launches == r->iters * CFD_LAUNCHES_PER_ITER)
		return 0;
	if (s) {
		rk = (s - 1) / 2;
		k = (s - 1) % 2 ? &r->ks : &r->kx;
	}
	a.rk = rk;
	wl_launch_1d(&launch, k, wl_div_up(r->n, CFD_BLOCK), CFD_BLOCK,
		     r->args_va[rk]);
	ret = cfd_validate(&r->mem, &a, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int cfd_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	uint32_t nv = r->n * CFD_NVAR;
	float *ref = malloc(nv * sizeof(float));
	float *got = malloc(nv * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < r->iters * CFD_LAUNCHES_PER_ITER) {
		ret = wl_err(err, len, "cfd: not all launches ran");
		goto out;
	}
	memcpy(ref, r->vars0, nv * sizeof(float));
	cfd_ref(ref, r->area, r->nbr, r->normals, r->args.ff, r->n, r->iters);
	ret = wl_download(ctx, r->args.vars, got, nv * 4, "cfd variables",
			  err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, nv, 0, "cfd variables", err,
				     len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_cfd = {
	.name = "cfd",
	.elf = "cfd.elf",
	.desc = "Euler solver on an unstructured mesh: step factor, flux, RK time step (CCBP CFD, Rodinia cfd)",
	.setup = cfd_setup,
	.next = cfd_next,
	.check = cfd_check,
	.destroy = cfd_destroy,
};
