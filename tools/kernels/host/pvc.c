// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * pvc: page view count over a web log (Mars PageViewCount, PVC in the
 * CCBP/IKRA lists; He et al., "Mars: A MapReduce Framework on Graphics
 * Processors", PACT 2008). One launch hashes every record and counts it
 * in a device hash table with atomicCAS/atomicAdd. The log draws npages
 * synthetic URLs with a skewed (cubic) popularity, so a few pages take
 * most views and their slots are heavily contended. The table layout
 * depends on the order in which threads claim slots, so check() compares
 * the set of (URL hash, views) pairs, sorted by hash, exactly against a
 * CPU count, and thereby also catches duplicated or lost keys.
 *
 * Sizes (records, pages, slots): scale 0 = 2048, 256, 1024; scale 1 =
 * 1 Mi, 64 Ki, 256 Ki; each further scale doubles the records.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/pvc.h>

#define PVC_SEED 0x5eed002eu
#define PVC_BLOCK 256

struct wl_run {
	uint32_t n, npages, tsize;
	uint8_t *recs;
	struct pvc_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

static int pvc_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int pvc_cmp64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Distinct hashes in ascending order with their counts; returns how many. */
uint32_t pvc_ref(const uint8_t *recs, uint32_t n, uint32_t *keys,
		 uint32_t *counts)
{
	uint32_t *h = malloc((n ? n : 1) * sizeof(*h)), m = 0;

	if (!h)
		abort();
	for (uint32_t i = 0; i < n; i++) {
		uint32_t w[PVC_REC / 4];

		memcpy(w, recs + (size_t)i * PVC_REC, PVC_REC);
		h[i] = pvc_hash(w, PVC_REC / 4);
	}
	qsort(h, n, sizeof(*h), pvc_cmp);
	for (uint32_t i = 0; i < n; i++) {
		if (m && keys[m - 1] == h[i]) {
			counts[m - 1]++;
		} else {
			keys[m] = h[i];
			counts[m++] = 1;
		}
	}
	free(h);
	return m;
}

int pvc_validate(const struct wl_mem *m, const struct pvc_args *a,
		 const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if (!a->tsize || a->tsize & (a->tsize - 1) ||
	    (uint64_t)a->tsize < 2ull * a->npages || !a->npages)
		return wl_err(err, len, "pvc: table of %u slots must be a power of two >= 2 x %u pages",
			      a->tsize, a->npages);
	if ((ret = wl_check_ptr(m, a->recs, a->n, PVC_REC, "pvc records",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->keys, a->tsize, 4, "pvc keys", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->counts, a->tsize, 4, "pvc counts", err,
				len)))
		return ret;
	if (a->keys == a->counts)
		return wl_err(err, len, "pvc: keys and counts alias");
	return wl_check_1d_cover(l, a->n, "pvc", err, len);
}

static void pvc_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->recs);
	free(r);
}

static int pvc_setup(struct sim_ctx *ctx, const struct wl_params *p,
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
	r->n = p->scale ? (1u << 20) << (p->scale - 1) : 2048;
	r->npages = p->scale ? 64u << 10 : 256;
	r->tsize = 4 * r->npages;
	r->recs = calloc(r->n, PVC_REC);
	if (!r->recs) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, PVC_SEED), 0);
	for (uint32_t i = 0; i < r->n; i++) {
		float f = wl_rng_float(&rng, 0.0f, 1.0f);
		uint32_t pg = (uint32_t)((float)r->npages * f * f * f);

		if (pg >= r->npages)
			pg = r->npages - 1;
		snprintf((char *)r->recs + (size_t)i * PVC_REC, PVC_REC,
			 "www.site%u.org/p%u.html", pg % 97, pg);
	}
	if ((ret = wl_load(ctx, "pvc.elf", "pvc", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->recs, r->n * PVC_REC,
				 "pvc records", &r->args.recs, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->tsize * 4, "pvc keys",
			    &r->args.keys, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->tsize * 4, "pvc counts",
			    &r->args.counts, err, len)))
		goto fail;
	r->args.n = r->n;
	r->args.tsize = r->tsize;
	r->args.npages = r->npages;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "pvc: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	pvc_destroy(r);
	return ret;
}

static int pvc_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches)
		return 0;
	wl_launch_1d(&launch, &r->k, wl_div_up(r->n, PVC_BLOCK), PVC_BLOCK,
		     r->args_va);
	ret = pvc_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int pvc_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	uint32_t t = r->tsize, nref, ngot = 0;
	uint32_t *rk = malloc(r->n * sizeof(uint32_t));
	uint32_t *rc = malloc(r->n * sizeof(uint32_t));
	uint32_t *keys = malloc(t * sizeof(uint32_t));
	uint32_t *counts = malloc(t * sizeof(uint32_t));
	uint64_t *pairs = malloc(t * sizeof(uint64_t));
	int ret;

	if (!rk || !rc || !keys || !counts || !pairs) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->launches) {
		ret = wl_err(err, len, "pvc: not run");
		goto out;
	}
	nref = pvc_ref(r->recs, r->n, rk, rc);
	ret = wl_download(ctx, r->args.keys, keys, t * 4, "pvc keys", err,
			  len);
	if (!ret)
		ret = wl_download(ctx, r->args.counts, counts, t * 4,
				  "pvc counts", err, len);
	if (ret)
		goto out;
	for (uint32_t s = 0; s < t; s++) {
		if (!keys[s] && counts[s]) {
			ret = wl_err(err, len, "pvc: empty slot %u has %u views",
				     s, counts[s]);
			goto out;
		}
		if (keys[s])
			pairs[ngot++] = (uint64_t)keys[s] << 32 | counts[s];
	}
	if (ngot != nref) {
		ret = wl_err(err, len, "pvc: %u distinct URLs in the table, expected %u",
			     ngot, nref);
		goto out;
	}
	/* Sorted by key, then keys and counts compared in that order. */
	qsort(pairs, ngot, sizeof(*pairs), pvc_cmp64);
	for (uint32_t i = 0; i < ngot; i++) {
		keys[i] = (uint32_t)(pairs[i] >> 32);
		counts[i] = (uint32_t)pairs[i];
	}
	ret = wl_compare_u32(rk, keys, nref, "pvc URL hashes", err, len);
	if (!ret)
		ret = wl_compare_u32(rc, counts, nref, "pvc views", err, len);
out:
	free(rk);
	free(rc);
	free(keys);
	free(counts);
	free(pairs);
	return ret;
}

const struct workload wl_pvc = {
	.name = "pvc",
	.elf = "pvc.elf",
	.desc = "page view count: URL hashing into an atomic open-addressing table (Mars PageViewCount; He et al. PACT'08)",
	.setup = pvc_setup,
	.next = pvc_next,
	.check = pvc_check,
	.destroy = pvc_destroy,
};
