// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * pagerank: pull-based PageRank iterations (the PageRank kernels of
 * Pannotia and GraphBIG; Page et al., "The PageRank citation ranking",
 * 1999; Che et al., "Pannotia", IISWC 2013). Two launches per iteration
 * (contributions, then the pull), a fixed number of iterations, damping
 * 0.85, on the generated balanced + R-MAT graph (graph.h). check() runs
 * the same iterations on the CPU in the same summation order and
 * compares the ranks and contributions bit for bit.
 *
 * Sizes (balanced + R-MAT vertices, degree, iterations): scale 0 = 512 +
 * 2^9, 8, 3; scale 1 = 64 Ki + 2^14, 16, 3 (about 1.2 M CSR entries;
 * the thread of the largest R-MAT hub walks a few thousand edges and
 * dominates each pull launch); each further scale doubles both parts.
 * pagerank-balanced and pagerank-rmat run on one part alone, 4 * 2^k
 * vertices of it (scale 0: 2^11, scale 1: 64 Ki), for comparing the two
 * degree distributions.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include "graph.h"

#define PR_SEED 0x5eed0030u
#define PR_BLOCK 256
#define PR_DAMP 0.85f

struct wl_run {
	struct wl_graph g;
	uint32_t iters;
	struct pagerank_args args;
	uint32_t args_va;
	struct sim_kernel k[2];
	struct wl_mem mem;
	uint32_t launches;
};

void pagerank_ref(const uint32_t *rowptr, const uint32_t *cols, uint32_t n,
		  uint32_t iters, float base, float damp, float *rank,
		  float *contrib)
{
	for (uint32_t it = 0; it < iters; it++) {
		for (uint32_t v = 0; v < n; v++) {
			uint32_t d = rowptr[v + 1] - rowptr[v];

			contrib[v] = d ? rank[v] / (float)d : 0.0f;
		}
		for (uint32_t v = 0; v < n; v++) {
			float s = 0.0f;

			for (uint32_t e = rowptr[v]; e < rowptr[v + 1]; e++)
				s = s + contrib[cols[e]];
			rank[v] = base + damp * s;
		}
	}
}

/* Shared by the graph workloads: the CSR arrays of an n-vertex graph. */
int wl_graph_validate(const struct wl_mem *m, uint32_t rowptr,
		      uint32_t cols, uint32_t n, uint32_t nm,
		      const char *what, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, rowptr, (uint64_t)n + 1, 4, what, err,
				len)) ||
	    (ret = wl_check_ptr(m, cols, nm, 4, what, err, len)))
		return ret;
	if (rowptr == cols)
		return wl_err(err, len, "%s: row pointers alias columns", what);
	return 0;
}

int pagerank_validate(const struct wl_mem *m, const struct pagerank_args *a,
		      const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_graph_validate(m, a->rowptr, a->cols, a->n, a->m,
				     "pagerank graph", err, len)) ||
	    (ret = wl_check_ptr(m, a->rank, a->n, 4, "pagerank ranks", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->contrib, a->n, 4,
				"pagerank contributions", err, len)))
		return ret;
	if (a->rank == a->contrib || a->rank == a->rowptr ||
	    a->rank == a->cols || a->contrib == a->rowptr ||
	    a->contrib == a->cols)
		return wl_err(err, len, "pagerank: outputs alias");
	return wl_check_1d_cover(l, a->n, "pagerank", err, len);
}

static void pagerank_destroy(struct wl_run *r)
{
	if (!r)
		return;
	wl_graph_free(&r->g);
	free(r);
}

static int pr_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, enum wl_graph_input in, char *err,
		    size_t len)
{
	struct wl_run *r;
	float *rank = NULL;
	uint32_t s;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	s = p->scale ? p->scale - 1 : 0;
	/* A single part: 4 times the union's R-MAT vertices. */
	ret = wl_graph_input(&r->g, in, p->scale ? (64u << 10) << s : 512,
			     p->scale ? 14 + s : 9, p->scale ? 16 + s : 11,
			     p->scale ? 16 : 8, wl_seed(p, PR_SEED));
	if (ret)
		goto fail;
	r->iters = 3;
	rank = malloc(r->g.n * sizeof(float));
	if (!rank) {
		ret = -ENOMEM;
		goto fail;
	}
	for (uint32_t v = 0; v < r->g.n; v++)
		rank[v] = 1.0f / (float)r->g.n;
	if ((ret = wl_load(ctx, "pagerank.elf", "pr_contrib", &r->k[0], err,
			   len)) ||
	    (ret = wl_load(ctx, "pagerank.elf", "pr_pull", &r->k[1], err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->g.rowptr,
				 (r->g.n + 1) * 4, "pagerank row pointers",
				 &r->args.rowptr, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->g.cols, r->g.m * 4,
				 "pagerank columns", &r->args.cols, err,
				 len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, rank, r->g.n * 4,
				 "pagerank ranks", &r->args.rank, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->g.n * 4,
			    "pagerank contributions", &r->args.contrib, err,
			    len)))
		goto fail;
	r->args.n = r->g.n;
	r->args.m = r->g.m;
	r->args.base = (1.0f - PR_DAMP) / (float)r->g.n;
	r->args.damp = PR_DAMP;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "pagerank: cannot place arguments");
		goto fail;
	}
	free(rank);
	*run = r;
	return 0;
fail:
	free(rank);
	pagerank_destroy(r);
	return ret;
}

static int pagerank_next(struct sim_ctx *ctx, struct wl_run *r,
			 struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches == 2 * r->iters)
		return 0;
	wl_launch_1d(&launch, &r->k[r->launches % 2],
		     wl_div_up(r->g.n, PR_BLOCK), PR_BLOCK, r->args_va);
	ret = pagerank_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int pagerank_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			  size_t len)
{
	uint32_t n = r->g.n;
	float *rank = malloc(n * sizeof(float));
	float *contrib = malloc(n * sizeof(float));
	float *got = malloc(n * sizeof(float));
	int ret;

	if (!rank || !contrib || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < 2 * r->iters) {
		ret = wl_err(err, len, "pagerank: not all iterations ran");
		goto out;
	}
	for (uint32_t v = 0; v < n; v++)
		rank[v] = 1.0f / (float)n;
	pagerank_ref(r->g.rowptr, r->g.cols, n, r->iters, r->args.base,
		     r->args.damp, rank, contrib);
	ret = wl_download(ctx, r->args.rank, got, n * 4, "pagerank ranks",
			  err, len);
	if (!ret)
		ret = wl_compare_f32(rank, got, n, 0, "pagerank ranks", err,
				     len);
	if (!ret)
		ret = wl_download(ctx, r->args.contrib, got, n * 4,
				  "pagerank contributions", err, len);
	if (!ret)
		ret = wl_compare_f32(contrib, got, n, 0,
				     "pagerank contributions", err, len);
out:
	free(rank);
	free(contrib);
	free(got);
	return ret;
}

#define PR_WORKLOAD(var, wname, in, flags_, graph)                         \
	static int var##_setup(struct sim_ctx *ctx,                         \
			       const struct wl_params *p,                   \
			       struct wl_run **run, char *err, size_t len)  \
	{                                                                   \
		return pr_setup(ctx, p, run, in, err, len);                 \
	}                                                                   \
	const struct workload wl_##var = {                                  \
		.name = wname,                                              \
		.elf = "pagerank.elf",                                      \
		.desc = "pull-based PageRank on " graph                     \
			" (Pannotia/GraphBIG PageRank; Page et al. 1999)",  \
		.setup = var##_setup,                                       \
		.next = pagerank_next,                                      \
		.check = pagerank_check,                                    \
		.destroy = pagerank_destroy,                                \
		.flags = flags_,                                            \
	}

PR_WORKLOAD(pagerank, "pagerank", WL_GRAPH_BOTH, 0,
	    "a balanced + R-MAT power-law graph");
PR_WORKLOAD(pagerank_bal, "pagerank-balanced", WL_GRAPH_BALANCED,
	    WL_F_VARIANT, "the balanced graph");
PR_WORKLOAD(pagerank_rmat, "pagerank-rmat", WL_GRAPH_RMAT, WL_F_VARIANT,
	    "the R-MAT power-law graph");
