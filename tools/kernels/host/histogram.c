// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * histogram, histogram-shared and histogram-bytes: 256-bin histograms.
 * histogram bins uint32 values with global atomics, histogram-shared
 * privatizes the bins per CTA in shared memory, and histogram-bytes has
 * the shape of Rodinia's histogram (huffman's histo_kernel; CCBP's HG,
 * latency sensitive): a byte stream, one shared bin per thread of a
 * 256-thread CTA and two CTAs per SM, 32 on the 16-SM system.
 *
 * The input is skewed like real data: half the values fall into 8 "hot"
 * bins, so atomics contend. Sizes: scale 0 = 6000 values on 8 CTAs,
 * scale 1 = 4 Mi values on 128 CTAs (128 values per thread; 1.4 M warp
 * instructions, bound by atomic throughput: 4.1 M cycles alone on
 * ccbp-16sm), histogram-shared 48 Mi values (DRAM bound, 4 Mi took only
 * 0.12 M cycles; scale 2 needs more than the default 256 MiB of device
 * memory), histogram-bytes 32 Mi bytes (1.8 M cycles); each further
 * scale doubles the values.
 */
#include <errno.h>
#include <stdlib.h>

#include "wl.h"

#define HIST_SEED 0x5eed0003u
#define HIST_BINS 256
#define HIST_BLOCK 256
#define HIST_HOT 8
#define HIST_BYTES_N (32u << 20)

struct wl_run {
	enum hist_mode mode;
	uint32_t *in;		/* values; HIST_BYTES: bytes */
	struct hist_args args;
	uint32_t args_va;
	struct wl_mem mem;
	struct sim_launch launch;
	int launched;
};

void hist_ref(const uint32_t *in, uint32_t n, uint32_t *bins,
	      uint32_t nbins)
{
	for (uint32_t b = 0; b < nbins; b++)
		bins[b] = 0;
	for (uint32_t i = 0; i < n; i++)
		bins[in[i] % nbins]++;
}

void hist_bytes_ref(const uint8_t *in, uint32_t n, uint32_t *bins)
{
	for (uint32_t b = 0; b < HIST_BYTE_BINS; b++)
		bins[b] = 0;
	for (uint32_t i = 0; i < n; i++)
		bins[in[i]]++;
}

int hist_validate(const struct wl_mem *m, const struct hist_args *a,
		  enum hist_mode mode, const struct sim_launch *l, char *err,
		  size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->in, a->n, mode == HIST_BYTES ? 1 : 4,
				"histogram input", err, len)) ||
	    (ret = wl_check_ptr(m, a->bins, a->nbins, 4, "histogram bins",
				err, len)))
		return ret;
	if (mode == HIST_SHARED && a->nbins > HIST_MAX_BINS)
		return wl_err(err, len, "histogram-shared: %u bins exceed the %u that fit in shared memory",
			      a->nbins, HIST_MAX_BINS);
	/* Grid-stride loop: any 1-D grid covers the input. */
	if (l->grid[1] != 1 || l->grid[2] != 1 || l->block[1] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "histogram: needs a 1-D launch");
	/* Thread t of a CTA owns bin t of every byte value. */
	if (mode == HIST_BYTES &&
	    (a->nbins != HIST_BYTE_BINS || l->block[0] != HIST_BYTE_BINS))
		return wl_err(err, len, "histogram-bytes: needs %u bins and %u threads per CTA, got %u and %u",
			      HIST_BYTE_BINS, HIST_BYTE_BINS, a->nbins,
			      l->block[0]);
	return 0;
}

static void hist_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->in);
	free(r);
}

static int hist_setup(struct sim_ctx *ctx, const struct wl_params *p,
		      struct wl_run **run, enum hist_mode mode, char *err,
		      size_t len)
{
	static const char *const kernel[] = {
		[HIST_GLOBAL] = "hist_global",
		[HIST_SHARED] = "hist_shared",
		[HIST_BYTES] = "hist_bytes",
	};
	uint32_t n, va_in, va_bins, esize = mode == HIST_BYTES ? 1 : 4;
	uint32_t grid = p->scale ? 128 : 8;
	struct sim_kernel k;
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->mode = mode;
	/* Privatized bins make it DRAM bound: 12x the values for 1-10 M cycles. */
	n = mode == HIST_GLOBAL ? 4u << 20 : mode == HIST_SHARED ? 48u << 20 :
							  HIST_BYTES_N;
	n = p->scale ? n << (p->scale - 1) : 6000;
	/* Rodinia launches 2 CTAs per SM: 32 on the 16-SM system. */
	if (mode == HIST_BYTES && p->scale)
		grid = 32;
	r->in = malloc((size_t)n * esize);
	if (!r->in) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, HIST_SEED), 0);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t v = wl_rng_u32(&rng);

		/* The kernel bins by value % nbins: keep the bin, vary the rest. */
		if (v & 1)
			v = (v & ~(uint32_t)(HIST_BINS - 1)) |
			    (wl_rng_below(&rng, HIST_HOT) * 37 % HIST_BINS);
		if (mode == HIST_BYTES)
			((uint8_t *)r->in)[i] = (uint8_t)v;
		else
			r->in[i] = v;
	}

	/* The bins start zeroed: sim_alloc zero-fills. */
	if ((ret = wl_load(ctx, "histogram.elf", kernel[mode], &k, err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->in, n * esize,
				 "histogram input", &va_in, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, HIST_BINS * 4, "histogram bins",
			    &va_bins, err, len)))
		goto fail;
	r->args = (struct hist_args){
		.in = va_in, .bins = va_bins, .n = n, .nbins = HIST_BINS,
	};
	ret = sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va);
	if (ret) {
		wl_err(err, len, "histogram: cannot place arguments");
		goto fail;
	}
	wl_launch_1d(&r->launch, &k, grid, HIST_BLOCK, r->args_va);
	*run = r;
	return 0;
fail:
	hist_destroy(r);
	return ret;
}

static int hist_global_setup(struct sim_ctx *ctx, const struct wl_params *p,
			     struct wl_run **run, char *err, size_t len)
{
	return hist_setup(ctx, p, run, HIST_GLOBAL, err, len);
}

static int hist_shared_setup(struct sim_ctx *ctx, const struct wl_params *p,
			     struct wl_run **run, char *err, size_t len)
{
	return hist_setup(ctx, p, run, HIST_SHARED, err, len);
}

static int hist_bytes_setup(struct sim_ctx *ctx, const struct wl_params *p,
			    struct wl_run **run, char *err, size_t len)
{
	return hist_setup(ctx, p, run, HIST_BYTES, err, len);
}

static int hist_next(struct sim_ctx *ctx, struct wl_run *r,
		     struct sim_launch *l, char *err, size_t len)
{
	int ret;

	(void)ctx;
	if (r->launched)
		return 0;
	ret = hist_validate(&r->mem, &r->args, r->mode, &r->launch, err,
			    len);
	if (ret)
		return ret;
	*l = r->launch;
	r->launched = 1;
	return 1;
}

static int hist_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		      size_t len)
{
	uint32_t ref[HIST_BINS], got[HIST_BINS];
	int ret;

	if (r->mode == HIST_BYTES)
		hist_bytes_ref((const uint8_t *)r->in, r->args.n, ref);
	else
		hist_ref(r->in, r->args.n, ref, HIST_BINS);
	ret = wl_download(ctx, r->args.bins, got, sizeof(got),
			  "histogram bins", err, len);
	if (!ret)
		ret = wl_compare_u32(ref, got, HIST_BINS, "histogram bins",
				     err, len);
	return ret;
}

const struct workload wl_hist_global = {
	.name = "histogram",
	.elf = "histogram.elf",
	.desc = "256-bin histogram, one global atomicAdd per value",
	.setup = hist_global_setup,
	.next = hist_next,
	.check = hist_check,
	.destroy = hist_destroy,
};

const struct workload wl_hist_shared = {
	.name = "histogram-shared",
	.elf = "histogram.elf",
	.desc = "256-bin histogram privatized per CTA in shared memory",
	.setup = hist_shared_setup,
	.next = hist_next,
	.check = hist_check,
	.destroy = hist_destroy,
};

const struct workload wl_hist_bytes = {
	.name = "histogram-bytes",
	.elf = "histogram.elf",
	.desc = "256-bin byte histogram, Rodinia's shape: 2 CTAs per SM, one shared atomicAdd per byte",
	.setup = hist_bytes_setup,
	.next = hist_next,
	.check = hist_check,
	.destroy = hist_destroy,
};
