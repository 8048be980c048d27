// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * stencil: iterative 3-D 7-point Jacobi stencil (Parboil stencil;
 * Stratton et al., "Parboil: A Revised Benchmark Suite for Scientific
 * and Commercial Throughput Computing", UIUC IMPACT-12-01, 2012). next()
 * launches one step at a time, swapping the two grids; both start as
 * the same random field so the never-written boundary agrees. check()
 * repeats the steps on the CPU with the same expression and compares the
 * final grid bit for bit.
 *
 * Sizes (nx x ny x nz, steps): scale 0 = 40 x 22 x 8, 3 (neither a
 * multiple of the 32 x 4 tile, so the partial tiles are tested); scale 1 =
 * 256 x 256 x 32, 8 (512 CTAs of 32 x 4 threads, 30 planes each); each
 * further scale doubles nz.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define ST_SEED 0x5eed0026u
#define ST_C0 (1.0f / 6.0f)
#define ST_C1 (1.0f / 6.0f / 6.0f)

struct wl_run {
	uint32_t nx, ny, nz, steps;
	float *g0;
	struct stencil_args args;
	uint32_t va[2];
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

/* @steps steps on a (its boundary stays), b scratch of the same size. */
void stencil_ref(float *a, float *b, uint32_t nx, uint32_t ny, uint32_t nz,
		 uint32_t steps, float c0, float c1)
{
	uint32_t plane = nx * ny;

	memcpy(b, a, (size_t)plane * nz * sizeof(float));
	for (uint32_t s = 0; s < steps; s++) {
		const float *in = s & 1 ? b : a;
		float *out = s & 1 ? a : b;

		for (uint32_t z = 1; z + 1 < nz; z++)
			for (uint32_t y = 1; y + 1 < ny; y++)
				for (uint32_t x = 1; x + 1 < nx; x++) {
					uint32_t k = z * plane + y * nx + x;

					out[k] = (in[k + plane] + in[k - plane] +
						  in[k - nx] + in[k + nx] +
						  in[k + 1] + in[k - 1]) * c1 -
						 in[k] * c0;
				}
	}
	if (steps & 1)
		memcpy(a, b, (size_t)plane * nz * sizeof(float));
}

int stencil_validate(const struct wl_mem *m, const struct stencil_args *a,
		     const struct sim_launch *l, char *err, size_t len)
{
	uint64_t n = (uint64_t)a->nx * a->ny * a->nz;
	int ret;

	if (a->nx < 3 || a->ny < 3 || a->nz < 3)
		return wl_err(err, len, "stencil: grid %u x %u x %u smaller than 3 x 3 x 3",
			      a->nx, a->ny, a->nz);
	if ((ret = wl_check_ptr(m, a->a0, n, 4, "stencil input", err, len)) ||
	    (ret = wl_check_ptr(m, a->anext, n, 4, "stencil output", err,
				len)))
		return ret;
	if (a->a0 == a->anext)
		return wl_err(err, len, "stencil: input and output alias");
	if ((uint64_t)l->grid[0] * l->block[0] < a->nx ||
	    (uint64_t)l->grid[1] * l->block[1] < a->ny || l->grid[2] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "stencil: grid %ux%u x block %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], l->block[0],
			      l->block[1], a->nx, a->ny);
	return 0;
}

static void stencil_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->g0);
	free(r);
}

static int stencil_setup(struct sim_ctx *ctx, const struct wl_params *p,
			 struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->nx = p->scale ? 256 : 40;
	r->ny = p->scale ? 256 : 22;
	r->nz = p->scale ? 32u << (p->scale - 1) : 8;
	r->steps = p->scale ? 8 : 3;
	n = r->nx * r->ny * r->nz;
	r->g0 = malloc(n * sizeof(float));
	if (!r->g0) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, ST_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->g0[i] = wl_rng_float(&rng, 0.0f, 1.0f);
	if ((ret = wl_load(ctx, "stencil.elf", "stencil", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->g0, n * 4, "stencil grid 0",
				 &r->va[0], err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->g0, n * 4, "stencil grid 1",
				 &r->va[1], err, len)))
		goto fail;
	r->args.nx = r->nx;
	r->args.ny = r->ny;
	r->args.nz = r->nz;
	r->args.c0 = ST_C0;
	r->args.c1 = ST_C1;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "stencil: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	stencil_destroy(r);
	return ret;
}

static int stencil_next(struct sim_ctx *ctx, struct wl_run *r,
			struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	if (r->launches == r->steps)
		return 0;
	r->args.a0 = r->va[r->launches & 1];
	r->args.anext = r->va[(r->launches + 1) & 1];
	wl_launch_1d(&launch, &r->k, wl_div_up(r->nx, ST_BX), ST_BX,
		     r->args_va);
	launch.grid[1] = wl_div_up(r->ny, ST_BY);
	launch.block[1] = ST_BY;
	ret = stencil_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "stencil: cannot write arguments");
	r->launches++;
	*l = launch;
	return 1;
}

static int stencil_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			 size_t len)
{
	uint32_t n = r->nx * r->ny * r->nz;
	float *ref = malloc(n * sizeof(float));
	float *tmp = malloc(n * sizeof(float));
	float *got = malloc(n * sizeof(float));
	int ret;

	if (!ref || !tmp || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < r->steps) {
		ret = wl_err(err, len, "stencil: not all steps ran");
		goto out;
	}
	memcpy(ref, r->g0, n * sizeof(float));
	stencil_ref(ref, tmp, r->nx, r->ny, r->nz, r->steps, ST_C0, ST_C1);
	ret = wl_download(ctx, r->va[r->steps & 1], got, n * 4,
			  "stencil grid", err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, n, 0, "stencil grid", err, len);
out:
	free(ref);
	free(tmp);
	free(got);
	return ret;
}

const struct workload wl_stencil = {
	.name = "stencil",
	.elf = "stencil.elf",
	.desc = "3-D 7-point Jacobi stencil, one launch per step (Parboil stencil; Stratton et al. 2012)",
	.setup = stencil_setup,
	.next = stencil_next,
	.check = stencil_check,
	.destroy = stencil_destroy,
};
