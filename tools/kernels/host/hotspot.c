// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hotspot: transient chip temperature by explicit time stepping (Rodinia
 * hotspot; Che et al., "Rodinia: A Benchmark Suite for Heterogeneous
 * Computing", IISWC 2009; Huang et al., "HotSpot: a compact thermal
 * modeling methodology", IEEE TVLSI 2006). Each launch computes up to
 * HS_PYRAMID time steps in shared memory (the pyramid of args.h; 2 is
 * the height of Rodinia's default runs), and the host loop in next()
 * launches ceil(steps / HS_PYRAMID) times, the last one with the
 * remaining steps, swapping the two temperature buffers, as the
 * benchmark's host program does. Random initial temperatures 323..343 K
 * and powers; the model constants are Rodinia's (16 mm chip, 0.5 mm
 * thick silicon, 80 K ambient), derived in double on the host and passed
 * to the kernel as floats. check() runs the steps one at a time over the
 * whole grid with hotspot.h's cell function and compares bit for bit
 * (the pyramid changes where a value is computed, not how).
 *
 * Sizes (rows x cols, steps): scale 0 = 24 x 40, 3 steps (partial
 * tiles, a 2-step and a 1-step launch); scale 1 = 1024 x 1024, 16 steps
 * (8 launches of 86 x 86 CTAs of 16 x 16 threads, 2.45 M cycles alone on
 * ccbp-16sm); each further scale doubles the columns.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/hotspot.h>

#define HS_SEED 0x5eed0020u
#define HS_PYRAMID 2

struct wl_run {
	uint32_t rows, cols, steps;
	float *temp0, *power;
	struct hotspot_args args;
	uint32_t va_temp[2];
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t done;		/* steps launched */
	uint32_t launches;
};

void hotspot_ref(float *temp, const float *power, uint32_t rows,
		 uint32_t cols, uint32_t steps, const struct hotspot_args *a)
{
	float *out = malloc((size_t)rows * cols * sizeof(float));

	if (!out)
		abort();
	for (uint32_t t = 0; t < steps; t++) {
		for (uint32_t r = 0; r < rows; r++) {
			for (uint32_t c = 0; c < cols; c++) {
				const float *p = &temp[r * cols + c];
				float cv = *p;
				float n = r > 0 ? p[-(int32_t)cols] : cv;
				float s = r + 1 < rows ? p[cols] : cv;
				float w = c > 0 ? p[-1] : cv;
				float e = c + 1 < cols ? p[1] : cv;

				out[r * cols + c] = hotspot_cell(cv, n, s, e, w,
					power[r * cols + c], a->sdc, a->rx1,
					a->ry1, a->rz1, a->amb);
			}
		}
		memcpy(temp, out, (size_t)rows * cols * sizeof(float));
	}
	free(out);
}

int hotspot_validate(const struct wl_mem *m, const struct hotspot_args *a,
		     const struct sim_launch *l, char *err, size_t len)
{
	uint64_t n = (uint64_t)a->rows * a->cols;
	uint32_t inner;
	int ret;

	if ((ret = wl_check_ptr(m, a->temp_in, n, 4, "hotspot temp_in", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->temp_out, n, 4, "hotspot temp_out", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->power, n, 4, "hotspot power", err,
				len)))
		return ret;
	if (a->temp_out == a->temp_in || a->temp_out == a->power)
		return wl_err(err, len, "hotspot: temp_out aliases an input");
	/* The kernel computes tile coordinates in int32_t. */
	if (a->rows > INT32_MAX / 2 || a->cols > INT32_MAX / 2)
		return wl_err(err, len, "hotspot: %u x %u grid too large",
			      a->rows, a->cols);
	if (a->ph < 1 || 2 * a->ph >= HS_BLOCK)
		return wl_err(err, len,
			      "hotspot: pyramid height %u not in 1..%u", a->ph,
			      (HS_BLOCK - 1) / 2);
	if (a->steps < 1 || a->steps > a->ph)
		return wl_err(err, len, "hotspot: steps %u not in 1..%u",
			      a->steps, a->ph);
	if (l->block[0] != HS_BLOCK || l->block[1] != HS_BLOCK ||
	    l->block[2] != 1 || l->grid[2] != 1)
		return wl_err(err, len, "hotspot: block must be %u x %u",
			      HS_BLOCK, HS_BLOCK);
	inner = HS_BLOCK - 2 * a->ph;
	if ((uint64_t)l->grid[0] * inner < a->cols ||
	    (uint64_t)l->grid[1] * inner < a->rows)
		return wl_err(err, len, "hotspot: grid %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], a->cols, a->rows);
	return 0;
}

static void hotspot_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->temp0);
	free(r->power);
	free(r);
}

static int hotspot_setup(struct sim_ctx *ctx, const struct wl_params *p,
			 struct wl_run **run, char *err, size_t len)
{
	/* Rodinia's chip model. */
	const double t_chip = 0.0005, chip_h = 0.016, chip_w = 0.016;
	const double k_si = 100, spec_heat = 1.75e6, factor = 0.5;
	const double max_pd = 3.0e6, precision = 0.001;
	double gh, gw, cap, rx, ry, rz, step;
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->rows = p->scale ? 1024 : 24;
	r->cols = p->scale ? 1024u << (p->scale - 1) : 40;
	r->steps = p->scale ? 16 : 3;
	n = r->rows * r->cols;
	r->temp0 = malloc(n * sizeof(float));
	r->power = malloc(n * sizeof(float));
	if (!r->temp0 || !r->power) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, HS_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->temp0[i] = wl_rng_float(&rng, 323.0f, 343.0f);
	wl_rng_init(&rng, wl_seed(p, HS_SEED), 1);
	for (uint32_t i = 0; i < n; i++)
		r->power[i] = wl_rng_float(&rng, 0.0f, 0.002f);

	gh = chip_h / r->rows;
	gw = chip_w / r->cols;
	cap = factor * spec_heat * t_chip * gw * gh;
	rx = gw / (2.0 * k_si * t_chip * gh);
	ry = gh / (2.0 * k_si * t_chip * gw);
	rz = t_chip / (k_si * gh * gw);
	step = precision / (max_pd / (factor * t_chip * spec_heat));
	r->args = (struct hotspot_args){
		.rows = r->rows, .cols = r->cols, .ph = HS_PYRAMID,
		.sdc = (float)(step / cap), .rx1 = (float)(1.0 / rx),
		.ry1 = (float)(1.0 / ry), .rz1 = (float)(1.0 / rz),
		.amb = 80.0f,
	};
	if ((ret = wl_load(ctx, "hotspot.elf", "hotspot", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->temp0, n * 4,
				 "hotspot temp 0", &r->va_temp[0], err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "hotspot temp 1",
			    &r->va_temp[1], err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->power, n * 4,
				 "hotspot power", &r->args.power, err, len)))
		goto fail;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "hotspot: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	hotspot_destroy(r);
	return ret;
}

static int hotspot_next(struct sim_ctx *ctx, struct wl_run *r,
			struct sim_launch *l, char *err, size_t len)
{
	uint32_t inner = HS_BLOCK - 2 * r->args.ph;
	struct sim_launch launch;
	int ret;

	if (r->done == r->steps)
		return 0;
	r->args.temp_in = r->va_temp[r->launches & 1];
	r->args.temp_out = r->va_temp[(r->launches + 1) & 1];
	r->args.steps = r->steps - r->done < r->args.ph ?
				r->steps - r->done : r->args.ph;
	wl_launch_1d(&launch, &r->k, wl_div_up(r->cols, inner), HS_BLOCK,
		     r->args_va);
	launch.grid[1] = wl_div_up(r->rows, inner);
	launch.block[1] = HS_BLOCK;
	ret = hotspot_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "hotspot: cannot write arguments");
	r->done += r->args.steps;
	r->launches++;
	*l = launch;
	return 1;
}

static int hotspot_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			 size_t len)
{
	uint32_t n = r->rows * r->cols;
	float *ref = malloc(n * sizeof(float));
	float *got = malloc(n * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->done < r->steps) {
		ret = wl_err(err, len, "hotspot: not all steps ran");
		goto out;
	}
	memcpy(ref, r->temp0, n * sizeof(float));
	hotspot_ref(ref, r->power, r->rows, r->cols, r->steps, &r->args);
	ret = wl_download(ctx, r->va_temp[r->launches & 1], got, n * 4,
			  "hotspot temperatures", err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, n, 0, "hotspot temperatures",
				     err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_hotspot = {
	.name = "hotspot",
	.elf = "hotspot.elf",
	.desc = "thermal stencil, 2 steps per launch in shared memory (pyramid), host swaps buffers (Rodinia hotspot; Che et al. IISWC'09)",
	.setup = hotspot_setup,
	.next = hotspot_next,
	.check = hotspot_check,
	.destroy = hotspot_destroy,
};
