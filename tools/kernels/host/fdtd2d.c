// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * fdtd2d: 2-D FDTD electromagnetic simulation (CCBP paper: FTD, from
 * PolyBench/GPU's fdtd-2d). Three launches per time step (fdtd_ey,
 * fdtd_ex, fdtd_hz; host loop in next()), random initial fields, a
 * source term fict[t] = t on the first row. check() runs the same steps
 * on the CPU with the same expressions and compares all three fields
 * bit for bit.
 *
 * Sizes (nx x ny, steps): scale 0 = 24 x 32, 3 steps (9 launches);
 * scale 1 = 1024 x 1024, 20 steps (60 launches of 4096 CTAs of 32 x 8
 * threads); each further scale doubles ny.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define FDTD_SEED 0x5eed0018u
#define FDTD_BX 32
#define FDTD_BY 8

struct wl_run {
	uint32_t nx, ny, tmax;
	float *f0[3];		/* ex, ey, hz at t = 0 */
	float *fict;
	struct fdtd_args args;
	uint32_t args_va;
	struct sim_kernel k[3];
	struct wl_mem mem;
	uint32_t launches;
};

static const char *const fdtd_kernels[3] = { "fdtd_ey", "fdtd_ex", "fdtd_hz" };

void fdtd_ref(float *ex, float *ey, float *hz, const float *fict,
	      uint32_t nx, uint32_t ny, uint32_t tmax)
{
	for (uint32_t t = 0; t < tmax; t++) {
		for (uint32_t j = 0; j < ny; j++)
			ey[j] = fict[t];
		for (uint32_t i = 1; i < nx; i++)
			for (uint32_t j = 0; j < ny; j++)
				ey[i * ny + j] = ey[i * ny + j] -
					0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
		for (uint32_t i = 0; i < nx; i++)
			for (uint32_t j = 1; j < ny; j++)
				ex[i * ny + j] = ex[i * ny + j] -
					0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
		for (uint32_t i = 0; i + 1 < nx; i++)
			for (uint32_t j = 0; j + 1 < ny; j++)
				hz[i * ny + j] = hz[i * ny + j] -
					0.7f * (ex[i * ny + j + 1] - ex[i * ny + j] +
						ey[(i + 1) * ny + j] - ey[i * ny + j]);
	}
}

int fdtd_validate(const struct wl_mem *m, const struct fdtd_args *a,
		  const struct sim_launch *l, char *err, size_t len)
{
	uint64_t n = (uint64_t)a->nx * a->ny;
	int ret;

	if ((ret = wl_check_ptr(m, a->ex, n, 4, "fdtd2d ex", err, len)) ||
	    (ret = wl_check_ptr(m, a->ey, n, 4, "fdtd2d ey", err, len)) ||
	    (ret = wl_check_ptr(m, a->hz, n, 4, "fdtd2d hz", err, len)) ||
	    (ret = wl_check_ptr(m, a->fict, a->tmax, 4, "fdtd2d source",
				err, len)))
		return ret;
	if (a->ex == a->ey || a->ey == a->hz || a->ex == a->hz)
		return wl_err(err, len, "fdtd2d: fields alias");
	if (a->t >= a->tmax)
		return wl_err(err, len, "fdtd2d: step %u beyond %u", a->t,
			      a->tmax);
	if ((uint64_t)l->grid[0] * l->block[0] < a->ny ||
	    (uint64_t)l->grid[1] * l->block[1] < a->nx || l->grid[2] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "fdtd2d: grid %ux%u x block %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], l->block[0],
			      l->block[1], a->ny, a->nx);
	return 0;
}

static void fdtd_destroy(struct wl_run *r)
{
	if (!r)
		return;
	for (int f = 0; f < 3; f++)
		free(r->f0[f]);
	free(r->fict);
	free(r);
}

static int fdtd_setup(struct sim_ctx *ctx, const struct wl_params *p,
		      struct wl_run **run, char *err, size_t len)
{
	static const char *const names[3] = {
		"fdtd2d ex", "fdtd2d ey", "fdtd2d hz",
	};
	uint32_t *va[3];
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->nx = p->scale ? 1024 : 24;
	r->ny = p->scale ? 1024u << (p->scale - 1) : 32;
	r->tmax = p->scale ? 20 : 3;
	n = r->nx * r->ny;
	r->fict = malloc(r->tmax * sizeof(float));
	if (!r->fict) {
		ret = -ENOMEM;
		goto fail;
	}
	for (uint32_t t = 0; t < r->tmax; t++)
		r->fict[t] = (float)t;
	va[0] = &r->args.ex;
	va[1] = &r->args.ey;
	va[2] = &r->args.hz;
	for (int f = 0; f < 3; f++) {
		r->f0[f] = malloc(n * sizeof(float));
		if (!r->f0[f]) {
			ret = -ENOMEM;
			goto fail;
		}
		wl_rng_init(&rng, wl_seed(p, FDTD_SEED), (uint32_t)f);
		for (uint32_t i = 0; i < n; i++)
			r->f0[f][i] = wl_rng_float(&rng, -1.0f, 1.0f);
		ret = wl_alloc_copy(ctx, &r->mem, r->f0[f], n * 4, names[f],
				    va[f], err, len);
		if (ret)
			goto fail;
	}
	for (int k = 0; k < 3; k++) {
		ret = wl_load(ctx, "fdtd2d.elf", fdtd_kernels[k], &r->k[k],
			      err, len);
		if (ret)
			goto fail;
	}
	ret = wl_alloc_copy(ctx, &r->mem, r->fict, r->tmax * 4,
			    "fdtd2d source", &r->args.fict, err, len);
	if (ret)
		goto fail;
	r->args.nx = r->nx;
	r->args.ny = r->ny;
	r->args.tmax = r->tmax;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "fdtd2d: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	fdtd_destroy(r);
	return ret;
}

static int fdtd_next(struct sim_ctx *ctx, struct wl_run *r,
		     struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t t = r->launches / 3, k = r->launches % 3;
	int ret;

	if (t == r->tmax)
		return 0;
	/* The previous launch has completed: the block may be rewritten. */
	if (k == 0) {
		r->args.t = t;
		if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
			return wl_err(err, len, "fdtd2d: cannot update arguments");
	}
	wl_launch_1d(&launch, &r->k[k], wl_div_up(r->ny, FDTD_BX), FDTD_BX,
		     r->args_va);
	launch.grid[1] = wl_div_up(r->nx, FDTD_BY);
	launch.block[1] = FDTD_BY;
	ret = fdtd_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int fdtd_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		      size_t len)
{
	static const char *const names[3] = {
		"fdtd2d ex", "fdtd2d ey", "fdtd2d hz",
	};
	const uint32_t va[3] = { r->args.ex, r->args.ey, r->args.hz };
	uint32_t n = r->nx * r->ny;
	float *ref[3] = { NULL, NULL, NULL };
	float *got = malloc(n * sizeof(float));
	int ret = 0;

	for (int f = 0; f < 3; f++) {
		ref[f] = malloc(n * sizeof(float));
		if (!ref[f])
			ret = -ENOMEM;
		else
			memcpy(ref[f], r->f0[f], n * sizeof(float));
	}
	if (ret || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < 3 * r->tmax) {
		ret = wl_err(err, len, "fdtd2d: not all steps ran");
		goto out;
	}
	fdtd_ref(ref[0], ref[1], ref[2], r->fict, r->nx, r->ny, r->tmax);
	for (int f = 0; f < 3 && !ret; f++) {
		ret = wl_download(ctx, va[f], got, n * 4, names[f], err, len);
		if (!ret)
			ret = wl_compare_f32(ref[f], got, n, 0, names[f], err,
					     len);
	}
out:
	for (int f = 0; f < 3; f++)
		free(ref[f]);
	free(got);
	return ret;
}

const struct workload wl_fdtd2d = {
	.name = "fdtd2d",
	.elf = "fdtd2d.elf",
	.desc = "2-D FDTD, three stencil launches per time step (CCBP FTD, PolyBench/GPU fdtd-2d)",
	.setup = fdtd_setup,
	.next = fdtd_next,
	.check = fdtd_check,
	.destroy = fdtd_destroy,
};
