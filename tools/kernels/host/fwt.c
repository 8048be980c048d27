// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * fwt: fast Walsh-Hadamard transform of a random signal (CUDA SDK
 * fastWalshTransform, FWT in the CCBP/IKRA lists; Fino and Algazi,
 * "Unified matrix treatment of the fast Walsh-Hadamard transform", IEEE
 * Trans. Computers 1976). next() issues log2(n / FWT_TILE) global
 * launches for the long strides, then one shared-memory launch for the
 * rest. check() runs the same stages in the same order on the CPU and
 * compares the spectrum bit for bit.
 *
 * Sizes (n): scale 0 = 2048 (2 + 1 launches); scale 1 = 2 Mi (12 + 1
 * launches, 4096 CTAs each); each further scale doubles.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define FWT_SEED 0x5eed002bu
#define FWT_BLOCK 256

struct wl_run {
	uint32_t n, log2n;
	float *x;
	struct fwt_args args;
	uint32_t args_va;
	struct sim_kernel k[2];
	struct wl_mem mem;
	uint32_t launches;
};

void fwt_ref(float *d, uint32_t n)
{
	for (uint32_t h = n / 2; h; h >>= 1) {
		for (uint32_t i = 0; i < n; i += 2 * h) {
			for (uint32_t j = i; j < i + h; j++) {
				float x = d[j], y = d[j + h];

				d[j] = x + y;
				d[j + h] = x - y;
			}
		}
	}
}

/* kernel: 0 global stage, 1 shared stages. */
int fwt_validate(const struct wl_mem *m, const struct fwt_args *a,
		 unsigned int kernel, const struct sim_launch *l, char *err,
		 size_t len)
{
	int ret;

	if (a->log2n > 30 || a->n != 1u << a->log2n || a->n < FWT_TILE)
		return wl_err(err, len, "fwt: n %u must be 2^%u >= %u", a->n,
			      a->log2n, FWT_TILE);
	if ((ret = wl_check_ptr(m, a->data, a->n, 4, "fwt data", err, len)))
		return ret;
	if (kernel == 0) {
		if ((1u << a->log2h) < FWT_TILE || a->log2h >= a->log2n)
			return wl_err(err, len, "fwt: stride 2^%u outside %u..n/2",
				      a->log2h, FWT_TILE);
		return wl_check_1d_cover(l, a->n / 2, "fwt", err, len);
	}
	if (l->grid[0] != a->n / FWT_TILE || l->grid[1] != 1 ||
	    l->grid[2] != 1 || l->block[0] != FWT_TILE / 2 ||
	    l->block[1] != 1 || l->block[2] != 1)
		return wl_err(err, len, "fwt: shared stages need %u CTAs of %u threads",
			      a->n / FWT_TILE, FWT_TILE / 2);
	return 0;
}

static void fwt_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->x);
	free(r);
}

static int fwt_setup(struct sim_ctx *ctx, const struct wl_params *p,
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
	r->log2n = p->scale ? 21 + p->scale - 1 : 11;
	r->n = 1u << r->log2n;
	r->x = malloc(r->n * sizeof(float));
	if (!r->x) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, FWT_SEED), 0);
	for (uint32_t i = 0; i < r->n; i++)
		r->x[i] = wl_rng_float(&rng, -1.0f, 1.0f);
	if ((ret = wl_load(ctx, "fwt.elf", "fwt_global", &r->k[0], err,
			   len)) ||
	    (ret = wl_load(ctx, "fwt.elf", "fwt_shared", &r->k[1], err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->x, r->n * 4, "fwt data",
				 &r->args.data, err, len)))
		goto fail;
	r->args.n = r->n;
	r->args.log2n = r->log2n;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "fwt: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	fwt_destroy(r);
	return ret;
}

/* Launches: global stages log2n - 1 down to log2(FWT_TILE), then shared. */
static uint32_t fwt_nglobal(const struct wl_run *r)
{
	uint32_t lt = 0;

	while ((1u << lt) < FWT_TILE)
		lt++;
	return r->log2n - lt;
}

static int fwt_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	uint32_t ng = fwt_nglobal(r), kernel;
	struct sim_launch launch;
	int ret;

	if (r->launches > ng)
		return 0;
	kernel = r->launches == ng;
	r->args.log2h = kernel ? 0 : r->log2n - 1 - r->launches;
	if (kernel)
		wl_launch_1d(&launch, &r->k[1], r->n / FWT_TILE, FWT_TILE / 2,
			     r->args_va);
	else
		wl_launch_1d(&launch, &r->k[0], wl_div_up(r->n / 2, FWT_BLOCK),
			     FWT_BLOCK, r->args_va);
	ret = fwt_validate(&r->mem, &r->args, kernel, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "fwt: cannot write arguments");
	r->launches++;
	*l = launch;
	return 1;
}

static int fwt_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	float *ref = malloc(r->n * sizeof(float));
	float *got = malloc(r->n * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches <= fwt_nglobal(r)) {
		ret = wl_err(err, len, "fwt: not all stages ran");
		goto out;
	}
	memcpy(ref, r->x, r->n * sizeof(float));
	fwt_ref(ref, r->n);
	ret = wl_download(ctx, r->args.data, got, r->n * 4, "fwt spectrum",
			  err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, r->n, 0, "fwt spectrum", err,
				     len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_fwt = {
	.name = "fwt",
	.elf = "fwt.elf",
	.desc = "fast Walsh-Hadamard transform, global stages then shared tiles (CUDA SDK fastWalshTransform; Fino & Algazi TC'76)",
	.setup = fwt_setup,
	.next = fwt_next,
	.check = fwt_check,
	.destroy = fwt_destroy,
};
