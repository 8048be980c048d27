// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * nw: Needleman-Wunsch global sequence alignment scores (Rodinia nw;
 * Needleman and Wunsch, J. Mol. Biol. 1970; Che et al., IISWC 2009). A
 * wavefront over NW_B x NW_B blocks: next() issues one launch per block
 * anti-diagonal, 2 nb - 1 in all, growing from 1 CTA to nb and shrinking
 * again, the dependency-bound launch sequence of the benchmark (which
 * splits it into two kernels for the two triangles; one kernel with the
 * diagonal as argument does both here).
 *
 * Two random sequences over a 24-letter alphabet, a random symmetric
 * substitution matrix (diagonal 4..11, off-diagonal -4..3, BLOSUM-like
 * ranges), gap penalty 10. check() runs the plain row-by-row DP and
 * compares the whole score matrix exactly.
 *
 * Sizes (n): scale 0 = 80 (5 x 5 blocks, 9 launches); scale 1 = 2048
 * (128 x 128 blocks, 255 launches of up to 128 CTAs of 16 threads); each
 * further scale adds 1024.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define NW_SEED 0x5eed0022u
#define NW_ALPHA 24
#define NW_PEN 10

struct wl_run {
	uint32_t n, nb;
	int32_t *score0, *sim;
	struct nw_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

static int32_t nw_max3(int32_t a, int32_t b, int32_t c)
{
	int32_t m = a > b ? a : b;

	return m > c ? m : c;
}

/* Fill score (border preset) by the row-by-row recurrence. */
void nw_ref(int32_t *score, const int32_t *sim, uint32_t n, int32_t pen)
{
	uint32_t n1 = n + 1;

	for (uint32_t i = 1; i <= n; i++)
		for (uint32_t j = 1; j <= n; j++)
			score[i * n1 + j] = nw_max3(
				score[(i - 1) * n1 + j - 1] + sim[i * n1 + j],
				score[(i - 1) * n1 + j] - pen,
				score[i * n1 + j - 1] - pen);
}

int nw_validate(const struct wl_mem *m, const struct nw_args *a,
		const struct sim_launch *l, char *err, size_t len)
{
	uint64_t n1 = (uint64_t)a->n + 1;
	uint32_t lo, hi;
	int ret;

	if (!a->n || a->n % NW_B || a->nb != a->n / NW_B)
		return wl_err(err, len, "nw: n %u must be a non-zero multiple of %u with nb %u = n / %u",
			      a->n, NW_B, a->nb, NW_B);
	if ((ret = wl_check_ptr(m, a->score, n1 * n1, 4, "nw score", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->sim, n1 * n1, 4, "nw similarity", err,
				len)))
		return ret;
	if (a->score == a->sim)
		return wl_err(err, len, "nw: score and similarity alias");
	if (a->diag > 2 * a->nb - 2)
		return wl_err(err, len, "nw: diagonal %u beyond %u", a->diag,
			      2 * a->nb - 2);
	lo = a->diag + 1 > a->nb ? a->diag + 1 - a->nb : 0;
	hi = a->diag < a->nb - 1 ? a->diag : a->nb - 1;
	if (l->block[0] != NW_B || l->block[1] != 1 || l->block[2] != 1 ||
	    l->grid[0] != hi - lo + 1 || l->grid[1] != 1 || l->grid[2] != 1)
		return wl_err(err, len, "nw: diagonal %u needs %u CTAs of %u threads, got %u x %u",
			      a->diag, hi - lo + 1, NW_B, l->grid[0],
			      l->block[0]);
	return 0;
}

static void nw_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->score0);
	free(r->sim);
	free(r);
}

static int nw_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, char *err, size_t len)
{
	int32_t sub[NW_ALPHA][NW_ALPHA];
	uint8_t *s1 = NULL, *s2 = NULL;
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n1;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = p->scale ? 2048 + 1024 * (p->scale - 1) : 80;
	r->nb = r->n / NW_B;
	n1 = r->n + 1;
	r->score0 = calloc((size_t)n1 * n1, sizeof(int32_t));
	r->sim = calloc((size_t)n1 * n1, sizeof(int32_t));
	s1 = malloc(r->n);
	s2 = malloc(r->n);
	if (!r->score0 || !r->sim || !s1 || !s2) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, NW_SEED), 0);
	for (int i = 0; i < NW_ALPHA; i++) {
		sub[i][i] = 4 + (int32_t)wl_rng_below(&rng, 8);
		for (int j = 0; j < i; j++)
			sub[i][j] = sub[j][i] =
				-4 + (int32_t)wl_rng_below(&rng, 8);
	}
	for (uint32_t i = 0; i < r->n; i++) {
		s1[i] = (uint8_t)wl_rng_below(&rng, NW_ALPHA);
		s2[i] = (uint8_t)wl_rng_below(&rng, NW_ALPHA);
	}
	for (uint32_t i = 1; i < n1; i++)
		for (uint32_t j = 1; j < n1; j++)
			r->sim[i * n1 + j] = sub[s1[i - 1]][s2[j - 1]];
	for (uint32_t i = 0; i < n1; i++) {
		r->score0[i * n1] = -(int32_t)i * NW_PEN;
		r->score0[i] = -(int32_t)i * NW_PEN;
	}
	if ((ret = wl_load(ctx, "nw.elf", "nw", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->score0, n1 * n1 * 4,
				 "nw score", &r->args.score, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->sim, n1 * n1 * 4,
				 "nw similarity", &r->args.sim, err, len)))
		goto fail;
	r->args.n = r->n;
	r->args.nb = r->nb;
	r->args.pen = NW_PEN;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "nw: cannot place arguments");
		goto fail;
	}
	free(s1);
	free(s2);
	*run = r;
	return 0;
fail:
	free(s1);
	free(s2);
	nw_destroy(r);
	return ret;
}

static int nw_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t d = r->launches, lo, hi;
	int ret;

	if (d == 2 * r->nb - 1)
		return 0;
	lo = d + 1 > r->nb ? d + 1 - r->nb : 0;
	hi = d < r->nb - 1 ? d : r->nb - 1;
	r->args.diag = d;
	wl_launch_1d(&launch, &r->k, hi - lo + 1, NW_B, r->args_va);
	ret = nw_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "nw: cannot write arguments");
	r->launches++;
	*l = launch;
	return 1;
}

static int nw_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	uint32_t n1 = r->n + 1, cnt = n1 * n1;
	int32_t *ref = malloc(cnt * sizeof(int32_t));
	int32_t *got = malloc(cnt * sizeof(int32_t));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < 2 * r->nb - 1) {
		ret = wl_err(err, len, "nw: not all diagonals ran");
		goto out;
	}
	memcpy(ref, r->score0, cnt * sizeof(int32_t));
	nw_ref(ref, r->sim, r->n, NW_PEN);
	ret = wl_download(ctx, r->args.score, got, cnt * 4, "nw score", err,
			  len);
	if (!ret)
		ret = wl_compare_u32((const uint32_t *)ref,
				     (const uint32_t *)got, cnt, "nw score",
				     err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_nw = {
	.name = "nw",
	.elf = "nw.elf",
	.desc = "Needleman-Wunsch wavefront, one launch per block anti-diagonal (Rodinia nw; Needleman & Wunsch JMB'70)",
	.setup = nw_setup,
	.next = nw_next,
	.check = nw_check,
	.destroy = nw_destroy,
};
