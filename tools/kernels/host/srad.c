// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * srad1, srad2: speckle-reducing anisotropic diffusion of an ultrasound
 * like image (Rodinia srad_v1 and srad_v2, as listed by IKRA-CPP and the
 * CCBP workload set; Yu and Acton, "Speckle reducing anisotropic
 * diffusion", IEEE TIP 2002; Che et al., IISWC 2009). Each iteration
 * computes the image statistics q0^2, then the diffusion coefficients
 * (srad_1) and the update (srad_2):
 *
 *  srad1  statistics over the whole image by a device reduction
 *         (srad_reduce: per-CTA shared-memory trees; next() adds the
 *         per-CTA partials in CTA order), kernels on global memory:
 *         3 launches per iteration
 *  srad2  statistics over a region of interest summed on the host from
 *         the image read back in next(), as Rodinia's v2 host program
 *         does; kernels with shared-memory tiles: 2 launches per iteration
 *
 * The image is random in 0.5..2 (the benchmark's exp(I / 255) of a
 * random 8-bit image has the same shape). check() repeats every
 * iteration on the CPU with srad.h's maths and the device's summation
 * order, and compares J, c and the four derivatives bit for bit.
 *
 * Sizes (rows x cols, iterations): scale 0 = 24 x 32, 2 (partial
 * tiles); scale 1 = 1024 x 1024, 4 (4096 CTAs of 16 x 16 per launch);
 * each further scale doubles the columns.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/srad.h>

#define SRAD_SEED 0x5eed0021u
#define SRAD_LAMBDA 0.5f

struct wl_run {
	int v2;
	uint32_t rows, cols, iters, nk;
	uint32_t roi[4];	/* v2: r1, r2, c1, c2 inclusive */
	float *j0;
	struct srad_args args;
	uint32_t args_va;
	struct sim_kernel k[3];
	struct wl_mem mem;
	uint32_t launches;
};

static uint32_t srad_ctas(uint32_t rows, uint32_t cols)
{
	return wl_div_up(rows, SRAD_BLOCK) * wl_div_up(cols, SRAD_BLOCK);
}

/* v1 statistics: srad_reduce's trees, partials added in CTA order. */
static float srad_stats_v1(const float *j, uint32_t rows, uint32_t cols)
{
	uint32_t gx = wl_div_up(cols, SRAD_BLOCK), gy = wl_div_up(rows, SRAD_BLOCK);
	float s[SRAD_BLOCK * SRAD_BLOCK], s2[SRAD_BLOCK * SRAD_BLOCK];
	float sum = 0.0f, sum2 = 0.0f;

	for (uint32_t by = 0; by < gy; by++) {
		for (uint32_t bx = 0; bx < gx; bx++) {
			for (uint32_t t = 0; t < SRAD_BLOCK * SRAD_BLOCK; t++) {
				uint32_t r = by * SRAD_BLOCK + t / SRAD_BLOCK;
				uint32_t c = bx * SRAD_BLOCK + t % SRAD_BLOCK;
				float v = r < rows && c < cols ?
					  j[r * cols + c] : 0.0f;

				s[t] = v;
				s2[t] = v * v;
			}
			for (uint32_t h = SRAD_BLOCK * SRAD_BLOCK / 2; h; h >>= 1) {
				for (uint32_t t = 0; t < h; t++) {
					s[t] = s[t] + s[t + h];
					s2[t] = s2[t] + s2[t + h];
				}
			}
			sum = sum + s[0];
			sum2 = sum2 + s2[0];
		}
	}
	return srad_q0sqr(sum, sum2, (float)(rows * cols));
}

/* v2 statistics: the region of interest summed row by row. */
static float srad_stats_roi(const float *j, uint32_t cols,
			    const uint32_t *roi)
{
	float sum = 0.0f, sum2 = 0.0f;

	for (uint32_t r = roi[0]; r <= roi[1]; r++) {
		for (uint32_t c = roi[2]; c <= roi[3]; c++) {
			float v = j[r * cols + c];

			sum = sum + v;
			sum2 = sum2 + v * v;
		}
	}
	return srad_q0sqr(sum, sum2,
			  (float)((roi[1] - roi[0] + 1) * (roi[3] - roi[2] + 1)));
}

/*
 * @iters iterations on j; out[0..4] = c, dn, ds, dw, de of the last
 * one. @roi NULL: v1 statistics.
 */
void srad_ref(float *j, uint32_t rows, uint32_t cols, uint32_t iters,
	      float lambda, const uint32_t *roi, float *const out[5])
{
	float *c = out[0];

	for (uint32_t it = 0; it < iters; it++) {
		float q0sqr = roi ? srad_stats_roi(j, cols, roi) :
				    srad_stats_v1(j, rows, cols);

		for (uint32_t r = 0; r < rows; r++) {
			for (uint32_t k = 0; k < cols; k++) {
				uint32_t i = r * cols + k;
				float d[4];

				c[i] = srad_coef(j[i], j[r ? i - cols : i],
						 j[r + 1 < rows ? i + cols : i],
						 j[k ? i - 1 : i],
						 j[k + 1 < cols ? i + 1 : i],
						 q0sqr, d);
				for (int x = 0; x < 4; x++)
					out[1 + x][i] = d[x];
			}
		}
		for (uint32_t r = 0; r < rows; r++) {
			for (uint32_t k = 0; k < cols; k++) {
				uint32_t i = r * cols + k;

				j[i] = srad_update(j[i], c[i],
					c[r + 1 < rows ? i + cols : i],
					c[k + 1 < cols ? i + 1 : i],
					out[1][i], out[2][i], out[3][i],
					out[4][i], lambda);
			}
		}
	}
}

/* kernel: 0 srad_reduce, 1 coefficients, 2 update. */
int srad_validate(const struct wl_mem *m, const struct srad_args *a,
		  unsigned int kernel, const struct sim_launch *l, char *err,
		  size_t len)
{
	static const char *const names[6] = {
		"srad J", "srad c", "srad dn", "srad ds", "srad dw", "srad de",
	};
	const uint32_t va[6] = { a->j, a->c, a->dn, a->ds, a->dw, a->de };
	uint64_t n = (uint64_t)a->rows * a->cols;
	int ret;

	for (int i = 0; i < 6; i++) {
		if ((ret = wl_check_ptr(m, va[i], n, 4, names[i], err, len)))
			return ret;
		for (int k = 0; k < i; k++)
			if (va[k] == va[i])
				return wl_err(err, len, "srad: %s and %s alias",
					      names[k], names[i]);
	}
	if (l->block[0] != SRAD_BLOCK || l->block[1] != SRAD_BLOCK ||
	    l->block[2] != 1 || l->grid[2] != 1)
		return wl_err(err, len, "srad: block must be %u x %u",
			      SRAD_BLOCK, SRAD_BLOCK);
	if ((uint64_t)l->grid[0] * SRAD_BLOCK < a->cols ||
	    (uint64_t)l->grid[1] * SRAD_BLOCK < a->rows)
		return wl_err(err, len, "srad: grid %ux%u does not cover %u x %u",
			      l->grid[0], l->grid[1], a->cols, a->rows);
	if (kernel == 0 &&
	    (ret = wl_check_ptr(m, a->partial,
				2ull * l->grid[0] * l->grid[1], 4,
				"srad partial sums", err, len)))
		return ret;
	if (kernel == 1 && !(a->q0sqr > 0.0f))
		return wl_err(err, len, "srad: q0sqr %g must be positive",
			      (double)a->q0sqr);
	return 0;
}

static void srad_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->j0);
	free(r);
}

static int srad_setup(struct sim_ctx *ctx, const struct wl_params *p,
		      struct wl_run **run, int v2, char *err, size_t len)
{
	static const char *const kn[2][3] = {
		{ "srad_reduce", "srad_1", "srad_2" },
		{ "srad2_1", "srad2_2", NULL },
	};
	uint32_t *va[6];
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->v2 = v2;
	r->nk = v2 ? 2 : 3;
	r->rows = p->scale ? 1024 : 24;
	r->cols = p->scale ? 1024u << (p->scale - 1) : 32;
	r->iters = p->scale ? 4 : 2;
	r->roi[0] = r->rows / 8;
	r->roi[1] = r->rows / 2;
	r->roi[2] = r->cols / 8;
	r->roi[3] = r->cols / 2;
	n = r->rows * r->cols;
	r->j0 = malloc(n * sizeof(float));
	if (!r->j0) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, SRAD_SEED), (uint32_t)v2);
	for (uint32_t i = 0; i < n; i++)
		r->j0[i] = wl_rng_float(&rng, 0.5f, 2.0f);

	for (uint32_t k = 0; k < r->nk; k++) {
		ret = wl_load(ctx, "srad.elf", kn[v2][k], &r->k[k], err, len);
		if (ret)
			goto fail;
	}
	va[0] = &r->args.c;
	va[1] = &r->args.dn;
	va[2] = &r->args.ds;
	va[3] = &r->args.dw;
	va[4] = &r->args.de;
	if ((ret = wl_alloc_copy(ctx, &r->mem, r->j0, n * 4, "srad J",
				 &r->args.j, err, len)))
		goto fail;
	for (int i = 0; i < 5; i++) {
		ret = wl_alloc(ctx, &r->mem, n * 4, "srad c/d", va[i], err,
			       len);
		if (ret)
			goto fail;
	}
	if (!v2 && (ret = wl_alloc(ctx, &r->mem,
				   2 * srad_ctas(r->rows, r->cols) * 4,
				   "srad partial sums", &r->args.partial, err,
				   len)))
		goto fail;
	r->args.rows = r->rows;
	r->args.cols = r->cols;
	r->args.lambda = SRAD_LAMBDA;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "srad: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	srad_destroy(r);
	return ret;
}

static int srad1_setup(struct sim_ctx *ctx, const struct wl_params *p,
		       struct wl_run **run, char *err, size_t len)
{
	return srad_setup(ctx, p, run, 0, err, len);
}

static int srad2_setup(struct sim_ctx *ctx, const struct wl_params *p,
		       struct wl_run **run, char *err, size_t len)
{
	return srad_setup(ctx, p, run, 1, err, len);
}

/* q0sqr for the coming iteration, from what the device holds now. */
static int srad_q0(struct sim_ctx *ctx, struct wl_run *r, char *err,
		   size_t len)
{
	uint32_t nb = srad_ctas(r->rows, r->cols);
	uint32_t n = r->v2 ? (r->roi[1] + 1) * r->cols : 2 * nb;
	float *buf = malloc(n * sizeof(float));
	float sum = 0.0f, sum2 = 0.0f;
	int ret;

	if (!buf)
		return -ENOMEM;
	ret = wl_download(ctx, r->v2 ? r->args.j : r->args.partial, buf,
			  n * 4, r->v2 ? "srad J" : "srad partial sums", err,
			  len);
	if (!ret && r->v2) {
		r->args.q0sqr = srad_stats_roi(buf, r->cols, r->roi);
	} else if (!ret) {
		for (uint32_t b = 0; b < nb; b++) {
			sum = sum + buf[2 * b];
			sum2 = sum2 + buf[2 * b + 1];
		}
		r->args.q0sqr = srad_q0sqr(sum, sum2,
					   (float)(r->rows * r->cols));
	}
	free(buf);
	return ret;
}

static int srad_next(struct sim_ctx *ctx, struct wl_run *r,
		     struct sim_launch *l, char *err, size_t len)
{
	uint32_t phase = r->launches % r->nk;
	/* Kernel role: 0 reduce, 1 coefficients, 2 update. */
	uint32_t role = r->v2 ? phase + 1 : phase;
	struct sim_launch launch;
	int ret;

	if (r->launches == r->iters * r->nk)
		return 0;
	/* The previous launch has completed: statistics can be read. */
	if (role == 1) {
		ret = srad_q0(ctx, r, err, len);
		if (ret)
			return ret;
		if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
			return wl_err(err, len, "srad: cannot write arguments");
	}
	wl_launch_1d(&launch, &r->k[phase], wl_div_up(r->cols, SRAD_BLOCK),
		     SRAD_BLOCK, r->args_va);
	launch.grid[1] = wl_div_up(r->rows, SRAD_BLOCK);
	launch.block[1] = SRAD_BLOCK;
	ret = srad_validate(&r->mem, &r->args, role, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int srad_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		      size_t len)
{
	static const char *const names[6] = {
		"srad J", "srad c", "srad dn", "srad ds", "srad dw", "srad de",
	};
	const uint32_t va[6] = { r->args.j, r->args.c, r->args.dn,
				 r->args.ds, r->args.dw, r->args.de };
	uint32_t n = r->rows * r->cols;
	float *ref[6] = { NULL };
	float *got = malloc(n * sizeof(float));
	int ret = 0;

	for (int i = 0; i < 6; i++) {
		ref[i] = malloc(n * sizeof(float));
		if (!ref[i])
			ret = -ENOMEM;
	}
	if (ret || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < r->iters * r->nk) {
		ret = wl_err(err, len, "srad: not all iterations ran");
		goto out;
	}
	memcpy(ref[0], r->j0, n * sizeof(float));
	srad_ref(ref[0], r->rows, r->cols, r->iters, SRAD_LAMBDA,
		 r->v2 ? r->roi : NULL, &ref[1]);
	for (int i = 0; i < 6 && !ret; i++) {
		ret = wl_download(ctx, va[i], got, n * 4, names[i], err, len);
		if (!ret)
			ret = wl_compare_f32(ref[i], got, n, 0, names[i], err,
					     len);
	}
out:
	for (int i = 0; i < 6; i++)
		free(ref[i]);
	free(got);
	return ret;
}

const struct workload wl_srad1 = {
	.name = "srad1",
	.elf = "srad.elf",
	.desc = "speckle-reducing diffusion, device reduction + 2 kernels per iteration (Rodinia srad_v1; Yu & Acton TIP'02)",
	.setup = srad1_setup,
	.next = srad_next,
	.check = srad_check,
	.destroy = srad_destroy,
};

const struct workload wl_srad2 = {
	.name = "srad2",
	.elf = "srad.elf",
	.desc = "speckle-reducing diffusion, host ROI statistics + 2 shared-tile kernels per iteration (Rodinia srad_v2; Yu & Acton TIP'02)",
	.setup = srad2_setup,
	.next = srad_next,
	.check = srad_check,
	.destroy = srad_destroy,
};
