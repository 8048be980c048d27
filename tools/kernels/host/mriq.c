// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * mriq: the Q matrix of 3-D non-Cartesian MRI reconstruction (Parboil
 * mri-q; Stone et al., "Accelerating advanced MRI reconstructions on
 * GPUs", JPDC 2008; Stratton et al., Parboil 2012). Two launches: the
 * sample magnitudes, then Q for every voxel over all samples. Random
 * k-space samples in [-0.5, 0.5)^3 with phases in [-1, 1), voxels in
 * [-4, 4)^3. check() recomputes the magnitudes and Q with mriq.h's
 * sine/cosine and the device's summation order, and compares the
 * magnitudes and both Q components bit for bit.
 *
 * Sizes (voxels x samples): scale 0 = 256 x 32; scale 1 = 32768 x 2048
 * (128 CTAs, eight sample chunks); each further scale doubles the voxels.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/mriq.h>

#define MQ_SEED 0x5eed002du
#define MQ_PHI_BLOCK 128

struct wl_run {
	uint32_t numx, numk;
	float *k, *phi, *xyz[3];
	struct mriq_args args;
	uint32_t args_va;
	struct sim_kernel kern[2];
	struct wl_mem mem;
	uint32_t launches;
};

/* k[i][3] is filled in from phi; qr/qi get the sums. */
void mriq_ref(float *k, const float *phi, uint32_t numk, const float *x,
	      const float *y, const float *z, uint32_t numx, float *qr,
	      float *qi)
{
	for (uint32_t i = 0; i < numk; i++)
		k[4 * i + 3] = phi[2 * i] * phi[2 * i] +
			       phi[2 * i + 1] * phi[2 * i + 1];
	for (uint32_t v = 0; v < numx; v++) {
		float r = 0.0f, im = 0.0f;

		for (uint32_t i = 0; i < numk; i++)
			mq_accum(&k[4 * i], x[v], y[v], z[v], &r, &im);
		qr[v] = r;
		qi[v] = im;
	}
}

/* kernel: 0 phimag, 1 Q. */
int mriq_validate(const struct wl_mem *m, const struct mriq_args *a,
		  unsigned int kernel, const struct sim_launch *l, char *err,
		  size_t len)
{
	const uint32_t va[5] = { a->x, a->y, a->z, a->qr, a->qi };
	int ret;

	if ((ret = wl_check_ptr(m, a->k, 4ull * a->numk, 4, "mriq samples",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->phi, 2ull * a->numk, 4, "mriq phases",
				err, len)))
		return ret;
	for (int i = 0; i < 5; i++)
		if ((ret = wl_check_ptr(m, va[i], a->numx, 4,
					i < 3 ? "mriq voxels" : "mriq Q", err,
					len)))
			return ret;
	if (a->k == a->phi || a->qr == a->qi || a->qr == a->k ||
	    a->qi == a->k)
		return wl_err(err, len, "mriq: output buffers alias");
	if (kernel == 0)
		return wl_check_1d_cover(l, a->numk, "mriq phimag", err, len);
	if (l->block[0] != MQ_CHUNK)
		return wl_err(err, len, "mriq: Q needs blocks of %u threads",
			      MQ_CHUNK);
	return wl_check_1d_cover(l, a->numx, "mriq Q", err, len);
}

static void mriq_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->k);
	free(r->phi);
	for (int i = 0; i < 3; i++)
		free(r->xyz[i]);
	free(r);
}

static int mriq_setup(struct sim_ctx *ctx, const struct wl_params *p,
		      struct wl_run **run, char *err, size_t len)
{
	uint32_t *va[3];
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->numx = p->scale ? 32768u << (p->scale - 1) : 256;
	r->numk = p->scale ? 2048 : 32;
	r->k = calloc(4ull * r->numk, sizeof(float));
	r->phi = malloc(2ull * r->numk * sizeof(float));
	if (!r->k || !r->phi) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, MQ_SEED), 0);
	for (uint32_t i = 0; i < r->numk; i++) {
		for (int c = 0; c < 3; c++)
			r->k[4 * i + c] = wl_rng_float(&rng, -0.5f, 0.5f);
		r->phi[2 * i] = wl_rng_float(&rng, -1.0f, 1.0f);
		r->phi[2 * i + 1] = wl_rng_float(&rng, -1.0f, 1.0f);
	}
	va[0] = &r->args.x;
	va[1] = &r->args.y;
	va[2] = &r->args.z;
	for (uint32_t c = 0; c < 3; c++) {
		r->xyz[c] = malloc(r->numx * sizeof(float));
		if (!r->xyz[c]) {
			ret = -ENOMEM;
			goto fail;
		}
		wl_rng_init(&rng, wl_seed(p, MQ_SEED), 1 + c);
		for (uint32_t v = 0; v < r->numx; v++)
			r->xyz[c][v] = wl_rng_float(&rng, -4.0f, 4.0f);
		ret = wl_alloc_copy(ctx, &r->mem, r->xyz[c], r->numx * 4,
				    "mriq voxels", va[c], err, len);
		if (ret)
			goto fail;
	}
	/* k[i][3] starts as 0 on the device: mriq_phimag fills it. */
	if ((ret = wl_load(ctx, "mriq.elf", "mriq_phimag", &r->kern[0], err,
			   len)) ||
	    (ret = wl_load(ctx, "mriq.elf", "mriq_q", &r->kern[1], err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->k, r->numk * 16,
				 "mriq samples", &r->args.k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->phi, r->numk * 8,
				 "mriq phases", &r->args.phi, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->numx * 4, "mriq Qr",
			    &r->args.qr, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->numx * 4, "mriq Qi",
			    &r->args.qi, err, len)))
		goto fail;
	r->args.numk = r->numk;
	r->args.numx = r->numx;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "mriq: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	mriq_destroy(r);
	return ret;
}

static int mriq_next(struct sim_ctx *ctx, struct wl_run *r,
		     struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t k = r->launches;
	int ret;

	(void)ctx;
	if (k == 2)
		return 0;
	if (k == 0)
		wl_launch_1d(&launch, &r->kern[0],
			     wl_div_up(r->numk, MQ_PHI_BLOCK), MQ_PHI_BLOCK,
			     r->args_va);
	else
		wl_launch_1d(&launch, &r->kern[1], wl_div_up(r->numx, MQ_CHUNK),
			     MQ_CHUNK, r->args_va);
	ret = mriq_validate(&r->mem, &r->args, k, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int mriq_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		      size_t len)
{
	uint32_t nk = 4 * r->numk;
	float *k = malloc(nk * sizeof(float));
	float *qr = malloc(r->numx * sizeof(float));
	float *qi = malloc(r->numx * sizeof(float));
	float *got = malloc((r->numx > nk ? r->numx : nk) * sizeof(float));
	int ret;

	if (!k || !qr || !qi || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < 2) {
		ret = wl_err(err, len, "mriq: not all kernels ran");
		goto out;
	}
	memcpy(k, r->k, nk * sizeof(float));
	mriq_ref(k, r->phi, r->numk, r->xyz[0], r->xyz[1], r->xyz[2], r->numx,
		 qr, qi);
	ret = wl_download(ctx, r->args.k, got, nk * 4, "mriq samples", err,
			  len);
	if (!ret)
		ret = wl_compare_f32(k, got, nk, 0, "mriq samples", err, len);
	if (!ret)
		ret = wl_download(ctx, r->args.qr, got, r->numx * 4, "mriq Qr",
				  err, len);
	if (!ret)
		ret = wl_compare_f32(qr, got, r->numx, 0, "mriq Qr", err, len);
	if (!ret)
		ret = wl_download(ctx, r->args.qi, got, r->numx * 4, "mriq Qi",
				  err, len);
	if (!ret)
		ret = wl_compare_f32(qi, got, r->numx, 0, "mriq Qi", err, len);
out:
	free(k);
	free(qr);
	free(qi);
	free(got);
	return ret;
}

const struct workload wl_mriq = {
	.name = "mriq",
	.elf = "mriq.elf",
	.desc = "MRI-Q: per-voxel sum of sample phases via own sin/cos, samples in shared chunks (Parboil mri-q; Stone et al. JPDC'08)",
	.setup = mriq_setup,
	.next = mriq_next,
	.check = mriq_check,
	.destroy = mriq_destroy,
	.flags = WL_F_COMPUTE,
};
