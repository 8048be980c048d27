// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * sgemm: C = alpha * A * B^T + beta * C, register-blocked (Parboil
 * sgemm; IKRA's non-iterative SGEMM). One launch. A, B^T and the initial
 * C are uniform in [-1, 1), alpha = 1 and beta = 0.5, so the kernel's
 * read of C matters to the result. check() compares every element of C
 * bit for bit with the CPU reference, which sums in the kernel's order.
 *
 * Sizes (m x n x k): scale 0 = 256 x 32 x 24 (4 CTAs of 128 threads);
 * scale 1 = 1024 x 1024 x 1024 (512 CTAs); each further scale doubles
 * every dimension (8x the work).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define SGEMM_SEED 0x5eed0030u

struct wl_run {
	uint32_t m, n, k;
	float *a, *bt, *c0;
	struct sgemm_args args;
	uint32_t args_va;
	struct wl_mem mem;
	struct sim_launch launch;
	int launched;
};

void sgemm_ref(const float *a, const float *bt, float *c, uint32_t m,
	       uint32_t n, uint32_t k, float alpha, float beta)
{
	for (uint32_t j = 0; j < n; j++) {
		for (uint32_t i = 0; i < m; i++) {
			float sum = 0.0f;

			/* k ascending, multiply then add, as the kernel. */
			for (uint32_t t = 0; t < k; t++)
				sum += a[(size_t)t * m + i] * bt[(size_t)t * n + j];
			c[(size_t)j * m + i] = alpha * sum +
					       beta * c[(size_t)j * m + i];
		}
	}
}

int sgemm_validate(const struct wl_mem *m, const struct sgemm_args *a,
		   const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if (!a->m || a->m % SG_TM || !a->n || a->n % SG_TN || !a->k ||
	    a->k % SG_TH)
		return wl_err(err, len, "sgemm: %u x %u x %u: m, n and k must be non-zero multiples of %u, %u and %u",
			      a->m, a->n, a->k, SG_TM, SG_TN, SG_TH);
	if ((ret = wl_check_ptr(m, a->a, (uint64_t)a->k * a->m, 4,
				"sgemm A", err, len)) ||
	    (ret = wl_check_ptr(m, a->bt, (uint64_t)a->k * a->n, 4,
				"sgemm B^T", err, len)) ||
	    (ret = wl_check_ptr(m, a->c, (uint64_t)a->m * a->n, 4,
				"sgemm C", err, len)))
		return ret;
	if (a->c == a->a || a->c == a->bt)
		return wl_err(err, len, "sgemm: C aliases an input");
	if (l->block[0] != SG_TN || l->block[1] != SG_TH || l->block[2] != 1)
		return wl_err(err, len, "sgemm: block must be %ux%ux1, got %ux%ux%u",
			      SG_TN, SG_TH, l->block[0], l->block[1],
			      l->block[2]);
	if (l->grid[0] != a->m / SG_TM || l->grid[1] != a->n / SG_TN ||
	    l->grid[2] != 1)
		return wl_err(err, len, "sgemm: grid %ux%ux%u does not tile C (%u x %u): need %ux%ux1",
			      l->grid[0], l->grid[1], l->grid[2], a->m, a->n,
			      a->m / SG_TM, a->n / SG_TN);
	return 0;
}

static void sgemm_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->a);
	free(r->bt);
	free(r->c0);
	free(r);
}

static int sgemm_setup(struct sim_ctx *ctx, const struct wl_params *p,
		       struct wl_run **run, char *err, size_t len)
{
	struct sim_kernel kern;
	struct wl_rng rng;
	struct wl_run *r;
	size_t na, nb, nc;
	uint32_t va_a, va_b, va_c;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	if (p->scale) {
		r->m = r->n = r->k = 1024u << (p->scale - 1);
	} else {
		r->m = 2 * SG_TM;
		r->n = 2 * SG_TN;
		r->k = 3 * SG_TH;
	}
	na = (size_t)r->k * r->m;
	nb = (size_t)r->k * r->n;
	nc = (size_t)r->m * r->n;
	r->a = malloc(na * sizeof(float));
	r->bt = malloc(nb * sizeof(float));
	r->c0 = malloc(nc * sizeof(float));
	if (!r->a || !r->bt || !r->c0) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, SGEMM_SEED), 0);
	for (size_t i = 0; i < na; i++)
		r->a[i] = wl_rng_float(&rng, -1.0f, 1.0f);
	for (size_t i = 0; i < nb; i++)
		r->bt[i] = wl_rng_float(&rng, -1.0f, 1.0f);
	for (size_t i = 0; i < nc; i++)
		r->c0[i] = wl_rng_float(&rng, -1.0f, 1.0f);

	if ((ret = wl_load(ctx, "sgemm.elf", "sgemm_nt", &kern, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->a, na * 4, "sgemm A",
				 &va_a, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->bt, nb * 4, "sgemm B^T",
				 &va_b, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->c0, nc * 4, "sgemm C",
				 &va_c, err, len)))
		goto fail;
	r->args = (struct sgemm_args){
		.a = va_a, .bt = va_b, .c = va_c,
		.m = r->m, .n = r->n, .k = r->k,
		.alpha = 1.0f, .beta = 0.5f,
	};
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "sgemm: cannot place arguments");
		goto fail;
	}
	wl_launch_1d(&r->launch, &kern, r->m / SG_TM, SG_TN, r->args_va);
	r->launch.grid[1] = r->n / SG_TN;
	r->launch.block[1] = SG_TH;
	*run = r;
	return 0;
fail:
	sgemm_destroy(r);
	return ret;
}

static int sgemm_next(struct sim_ctx *ctx, struct wl_run *r,
		      struct sim_launch *l, char *err, size_t len)
{
	int ret;

	(void)ctx;
	if (r->launched)
		return 0;
	ret = sgemm_validate(&r->mem, &r->args, &r->launch, err, len);
	if (ret)
		return ret;
	*l = r->launch;
	r->launched = 1;
	return 1;
}

static int sgemm_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		       size_t len)
{
	size_t cn = (size_t)r->m * r->n;
	float *ref = malloc(cn * sizeof(float));
	float *got = malloc(cn * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launched) {
		ret = wl_err(err, len, "sgemm: not run");
		goto out;
	}
	memcpy(ref, r->c0, cn * sizeof(float));
	sgemm_ref(r->a, r->bt, ref, r->m, r->n, r->k, r->args.alpha,
		  r->args.beta);
	ret = wl_download(ctx, r->args.c, got, cn * sizeof(float), "sgemm C",
			  err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, cn, 0, "sgemm C", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_sgemm = {
	.name = "sgemm",
	.elf = "sgemm.elf",
	.desc = "C = alpha A B^T + beta C, register-blocked 128x16 per CTA (Parboil sgemm; Volkov & Demmel SC'08)",
	.setup = sgemm_setup,
	.next = sgemm_next,
	.check = sgemm_check,
	.destroy = sgemm_destroy,
	.flags = WL_F_COMPUTE,
};
