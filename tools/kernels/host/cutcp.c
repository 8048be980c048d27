// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * cutcp: cutoff Coulomb potential of a set of charged atoms on a 3-D
 * lattice (Parboil cutcp; Rodrigues et al., "GPU acceleration of cutoff
 * pair potentials for molecular modeling applications", CF 2008;
 * Stratton et al., Parboil 2012). The host bins the atoms into cubes of
 * the cutoff's side (counting sort, stable), as the benchmark does; one
 * launch then evaluates every lattice point over its neighbouring bins.
 * Random atoms in the lattice box with charges in [-1, 1). check()
 * evaluates every point with cutcp.h on the CPU and compares bit for
 * bit.
 *
 * Sizes (lattice, atoms, cutoff; spacing 0.5): scale 0 = 8 x 8 x 8, 32,
 * 2 (2 x 2 x 2 bins); scale 1 = 64 x 64 x 32, 8192, 4 (8 x 8 x 4 bins;
 * 2.7 M cycles alone on ccbp-16sm); each further scale doubles nz and the
 * atoms.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/cutcp.h>

#define CP_SEED 0x5eed0032u
#define CP_BLOCK (CP_TX * CP_TY * CP_TZ)
#define CP_H 0.5f

struct wl_run {
	struct cutcp_args args;
	float *atoms;		/* binned */
	uint32_t *start;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void cutcp_ref(const struct cutcp_args *a, const float *atoms,
	       const uint32_t *start, float *pot)
{
	for (uint32_t k = 0; k < a->nz; k++)
		for (uint32_t j = 0; j < a->ny; j++)
			for (uint32_t i = 0; i < a->nx; i++)
				pot[(k * a->ny + j) * a->nx + i] = cutcp_point(
					atoms, start, a->nbx, a->nby, a->nbz,
					a->c, (float)i * a->h, (float)j * a->h,
					(float)k * a->h);
}

int cutcp_validate(const struct wl_mem *m, const struct cutcp_args *a,
		   const struct sim_launch *l, char *err, size_t len)
{
	uint64_t np = (uint64_t)a->nx * a->ny * a->nz;
	uint64_t nb = (uint64_t)a->nbx * a->nby * a->nbz;
	int ret;

	if (!(a->c > 0.0f) || !(a->h > 0.0f) || !nb || np > UINT32_MAX ||
	    (float)a->nbx * a->c < (float)a->nx * a->h ||
	    (float)a->nby * a->c < (float)a->ny * a->h ||
	    (float)a->nbz * a->c < (float)a->nz * a->h)
		return wl_err(err, len, "cutcp: %llu bins of side %g do not cover the %u x %u x %u lattice",
			      (unsigned long long)nb, (double)a->c, a->nx,
			      a->ny, a->nz);
	if ((ret = wl_check_ptr(m, a->atoms, 4ull * a->natoms, 4,
				"cutcp atoms", err, len)) ||
	    (ret = wl_check_ptr(m, a->start, nb + 1, 4, "cutcp bins", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->pot, np, 4, "cutcp potential", err,
				len)))
		return ret;
	if (a->pot == a->atoms || a->pot == a->start)
		return wl_err(err, len, "cutcp: output aliases an input");
	/* The kernel gives each CTA one tile of the lattice. */
	if (a->nx % CP_TX || a->ny % CP_TY || a->nz % CP_TZ ||
	    l->block[0] != CP_BLOCK)
		return wl_err(err, len, "cutcp: needs a lattice of %u x %u x %u tiles and %u-thread CTAs, got %u x %u x %u and %u",
			      CP_TX, CP_TY, CP_TZ, CP_BLOCK, a->nx, a->ny,
			      a->nz, l->block[0]);
	return wl_check_1d_cover(l, (uint32_t)np, "cutcp", err, len);
}

static void cutcp_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->atoms);
	free(r->start);
	free(r);
}

static int cutcp_setup(struct sim_ctx *ctx, const struct wl_params *p,
		       struct wl_run **run, char *err, size_t len)
{
	struct cutcp_args *a;
	float *raw = NULL;
	uint32_t *bin = NULL, *fill = NULL, nb, s;
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	a = &r->args;
	s = p->scale ? p->scale - 1 : 0;
	a->nx = a->ny = p->scale ? 64 : 8;
	a->nz = p->scale ? 32u << s : 8;
	a->natoms = p->scale ? 8192u << s : 32;
	a->c = p->scale ? 4.0f : 2.0f;
	a->h = CP_H;
	/* Lattice points per bin side: c / h (integral here). */
	a->nbx = wl_div_up(a->nx, (uint32_t)(a->c / a->h));
	a->nby = wl_div_up(a->ny, (uint32_t)(a->c / a->h));
	a->nbz = wl_div_up(a->nz, (uint32_t)(a->c / a->h));
	nb = a->nbx * a->nby * a->nbz;
	raw = malloc(a->natoms * 4 * sizeof(float));
	r->atoms = malloc(a->natoms * 4 * sizeof(float));
	r->start = calloc(nb + 1, sizeof(uint32_t));
	bin = malloc(a->natoms * sizeof(uint32_t));
	fill = malloc(nb * sizeof(uint32_t));
	if (!raw || !r->atoms || !r->start || !bin || !fill) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, CP_SEED), 0);
	for (uint32_t i = 0; i < a->natoms; i++) {
		float inv_c = 1.0f / a->c;
		uint32_t b[3], dim[3] = { a->nx, a->ny, a->nz };
		uint32_t nbd[3] = { a->nbx, a->nby, a->nbz };

		for (int d = 0; d < 3; d++) {
			raw[4 * i + d] = wl_rng_float(&rng, 0.0f,
						      (float)dim[d] * a->h);
			b[d] = (uint32_t)(raw[4 * i + d] * inv_c);
			if (b[d] >= nbd[d])
				b[d] = nbd[d] - 1;
		}
		raw[4 * i + 3] = wl_rng_float(&rng, -1.0f, 1.0f);
		bin[i] = (b[2] * a->nby + b[1]) * a->nbx + b[0];
		r->start[bin[i] + 1]++;
	}
	for (uint32_t b = 0; b < nb; b++)
		r->start[b + 1] += r->start[b];
	memcpy(fill, r->start, nb * sizeof(uint32_t));
	for (uint32_t i = 0; i < a->natoms; i++)
		memcpy(&r->atoms[4 * fill[bin[i]]++], &raw[4 * i],
		       4 * sizeof(float));
	if ((ret = wl_load(ctx, "cutcp.elf", "cutcp", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->atoms, a->natoms * 16,
				 "cutcp atoms", &a->atoms, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->start, (nb + 1) * 4,
				 "cutcp bins", &a->start, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, a->nx * a->ny * a->nz * 4,
			    "cutcp potential", &a->pot, err, len)))
		goto fail;
	if (sim_wl_args(ctx, a, sizeof(*a), &r->args_va)) {
		ret = wl_err(err, len, "cutcp: cannot place arguments");
		goto fail;
	}
	free(raw);
	free(bin);
	free(fill);
	*run = r;
	return 0;
fail:
	free(raw);
	free(bin);
	free(fill);
	cutcp_destroy(r);
	return ret;
}

static int cutcp_next(struct sim_ctx *ctx, struct wl_run *r,
		      struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches)
		return 0;
	wl_launch_1d(&launch, &r->k,
		     wl_div_up(r->args.nx * r->args.ny * r->args.nz, CP_BLOCK),
		     CP_BLOCK, r->args_va);
	ret = cutcp_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int cutcp_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		       size_t len)
{
	uint32_t np = r->args.nx * r->args.ny * r->args.nz;
	float *ref = malloc(np * sizeof(float));
	float *got = malloc(np * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launches) {
		ret = wl_err(err, len, "cutcp: not run");
		goto out;
	}
	cutcp_ref(&r->args, r->atoms, r->start, ref);
	ret = wl_download(ctx, r->args.pot, got, np * 4, "cutcp potential",
			  err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, np, 0, "cutcp potential", err,
				     len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_cutcp = {
	.name = "cutcp",
	.elf = "cutcp.elf",
	.desc = "cutoff Coulomb potential on a lattice over binned atoms (Parboil cutcp; Rodrigues et al. CF'08)",
	.setup = cutcp_setup,
	.next = cutcp_next,
	.check = cutcp_check,
	.destroy = cutcp_destroy,
	.flags = WL_F_COMPUTE,
};
