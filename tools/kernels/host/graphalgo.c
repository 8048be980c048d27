// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * sssp, mis, coloring: iterative graph workloads on the generated
 * balanced + R-MAT power-law graph (graph.h), each round one or two
 * launches and a host decision read back from the device, as in the
 * Pannotia and LonestarGPU host loops:
 *
 *  sssp      multi-source shortest paths (one source in each part, uint32
 *            weights 1..100) by frontier-driven Bellman-Ford rounds with
 *            atomicMin, until no distance changes (Pannotia SSSP; Harish
 *            and Narayanan, HiPC 2007). check(): Dijkstra on the CPU, all
 *            distances exact.
 *  mis       Luby-style maximal independent set with fixed random
 *            priorities, select + remove launches per round until no
 *            vertex is undecided (Pannotia MIS; Luby, SIAM J. Comput.
 *            1986). check(): the same rounds on the CPU (the result is
 *            determined by the priorities), every state and the round
 *            count exact, plus independence and maximality.
 *  coloring  Jones-Plassmann colouring with the same priorities, one
 *            launch per round (Pannotia colouring; Jones and Plassmann,
 *            SIAM J. Sci. Comput. 1993). check(): the same rounds on the
 *            CPU, every colour and the round count exact, plus properness.
 *
 * Sizes (balanced + R-MAT vertices, degree): scale 0 = 512 + 2^9, 8
 * (coloring: 256 + 2^8, 8); scale 1 = 64 Ki + 2^14, 16 (R-MAT hubs of
 * a few thousand edges; sssp: 32 Ki + 2^13, 16; coloring: 12 Ki + 2^12,
 * 16); each further scale doubles both parts. The -balanced and -rmat
 * workloads run on one part alone, for comparing the two degree
 * distributions (scale 0: 2^11 vertices, sssp 2^10, coloring 2^8; scale
 * 1: 64 Ki, sssp 16 Ki, coloring 4 Ki, degree 16); sssp then has one
 * source.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include "graph.h"

#define GA_SEED 0x5eed0031u
#define GA_BLOCK 256
#define GA_INF 0x7fffffff
#define GA_MAX_ROUNDS 100000u

enum ga_kind { GA_SSSP, GA_MIS, GA_COLOR };

struct wl_run {
	enum ga_kind kind;
	struct wl_graph g;
	uint32_t *w, *prio;
	uint32_t src[2];
	union {
		struct sssp_args s;
		struct mis_args m;
	} args;
	uint32_t args_va, va_flag;
	struct sim_kernel k[2];
	struct wl_mem mem;
	uint32_t launches, rounds, done;
};

static int ga_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, enum ga_kind kind,
		    enum wl_graph_input in, char *err, size_t len)
{
	static const char *const names[3][2] = {
		{ "sssp_relax", NULL },
		{ "mis_select", "mis_remove" },
		{ "jp_color", NULL },
	};
	uint32_t *init = NULL, *va_rp, *va_cols, *va_state, *va_sel;
	uint32_t s, n, n0, k, part_k, deg;
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->kind = kind;
	s = p->scale ? p->scale - 1 : 0;
	/*
	 * Colouring's many rounds get a half-size graph at scale 0 and a
	 * 3/16-size one from scale 1 on (10 M cycles with a quarter), SSSP's
	 * many latency-bound rounds a half-size one from scale 1 on. A
	 * single-part input has 4 times the union's R-MAT vertices, half
	 * that for sssp and a quarter for colouring, whose rounds grow with
	 * the R-MAT hubs (40 M cycles at 16 Ki vertices).
	 */
	if (p->scale) {
		n0 = (kind == GA_SSSP ? 32u << 10 : kind == GA_COLOR ?
		      12u << 10 : 64u << 10) << s;
		k = (kind == GA_SSSP ? 13 : kind == GA_COLOR ? 12 : 14) + s;
		deg = 16;
	} else {
		n0 = kind == GA_COLOR ? 256 : 512;
		k = kind == GA_COLOR ? 8 : 9;
		deg = 8;
	}
	part_k = k + (kind == GA_SSSP ? 1 : kind == GA_COLOR ? 0 : 2);
	ret = wl_graph_input(&r->g, in, n0, k, part_k, deg,
			     wl_seed(p, GA_SEED));
	if (ret)
		goto fail;
	n = r->g.n;
	r->w = malloc((r->g.m ? r->g.m : 1) * sizeof(uint32_t));
	r->prio = malloc(n * sizeof(uint32_t));
	init = malloc(n * sizeof(uint32_t));
	if (!r->w || !r->prio || !init) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, GA_SEED), 1);
	for (uint32_t e = 0; e < r->g.m; e++)
		r->w[e] = 1 + wl_rng_below(&rng, 100);
	for (uint32_t v = 0; v < n; v++)
		r->prio[v] = wl_rng_u32(&rng);
	/* The sources: the first vertex with edges in each (non-empty) part. */
	for (int i = 0; i < 2; i++) {
		uint32_t v = i ? r->g.n0 : 0;

		if (v >= n || (i && !v)) {
			r->src[i] = r->src[0];
			continue;
		}
		while (v + 1 < n && r->g.rowptr[v + 1] == r->g.rowptr[v])
			v++;
		r->src[i] = v;
	}

	for (int k = 0; k < 2 && names[kind][k]; k++) {
		ret = wl_load(ctx, "graph.elf", names[kind][k], &r->k[k], err,
			      len);
		if (ret)
			goto fail;
	}
	if (kind == GA_SSSP) {
		va_rp = &r->args.s.rowptr;
		va_cols = &r->args.s.cols;
		va_state = &r->args.s.dist;
		va_sel = &r->args.s.front;
	} else {
		va_rp = &r->args.m.rowptr;
		va_cols = &r->args.m.cols;
		va_state = &r->args.m.state;
		va_sel = &r->args.m.sel;
	}
	if ((ret = wl_alloc_copy(ctx, &r->mem, r->g.rowptr, (n + 1) * 4,
				 "graph row pointers", va_rp, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->g.cols, r->g.m * 4,
				 "graph columns", va_cols, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, 4, "graph flag", &r->va_flag, err,
			    len)))
		goto fail;
	/* state: distances / MIS state 0 / colour -1; sel: front / 0 / 0. */
	for (uint32_t v = 0; v < n; v++)
		init[v] = kind == GA_SSSP ? GA_INF : kind == GA_MIS ? 0 : ~0u;
	if (kind == GA_SSSP)
		init[r->src[0]] = init[r->src[1]] = 0;
	if ((ret = wl_alloc_copy(ctx, &r->mem, init, n * 4, "graph state",
				 va_state, err, len)))
		goto fail;
	memset(init, 0, n * sizeof(uint32_t));
	if (kind == GA_SSSP)
		init[r->src[0]] = init[r->src[1]] = 1;
	if ((ret = wl_alloc_copy(ctx, &r->mem, init, n * 4, "graph marks",
				 va_sel, err, len)))
		goto fail;
	if (kind == GA_SSSP) {
		if ((ret = wl_alloc_copy(ctx, &r->mem, r->w, r->g.m * 4,
					 "sssp weights", &r->args.s.w, err,
					 len)) ||
		    (ret = wl_alloc(ctx, &r->mem, n * 4, "sssp next front",
				    &r->args.s.next, err, len)))
			goto fail;
		r->args.s.changed = r->va_flag;
		r->args.s.n = n;
		r->args.s.m = r->g.m;
	} else {
		if ((ret = wl_alloc_copy(ctx, &r->mem, r->prio, n * 4,
					 "graph priorities", &r->args.m.prio,
					 err, len)))
			goto fail;
		r->args.m.left = r->va_flag;
		r->args.m.n = n;
		r->args.m.m = r->g.m;
	}
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "graph: cannot place arguments");
		goto fail;
	}
	free(init);
	*run = r;
	return 0;
fail:
	free(init);
	free(r->w);
	free(r->prio);
	wl_graph_free(&r->g);
	free(r);
	return ret;
}

static void ga_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->w);
	free(r->prio);
	wl_graph_free(&r->g);
	free(r);
}

int sssp_validate(const struct wl_mem *m, const struct sssp_args *a,
		  const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_graph_validate(m, a->rowptr, a->cols, a->n, a->m,
				     "sssp graph", err, len)) ||
	    (ret = wl_check_ptr(m, a->w, a->m, 4, "sssp weights", err, len)) ||
	    (ret = wl_check_ptr(m, a->dist, a->n, 4, "sssp distances", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->front, a->n, 4, "sssp front", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->next, a->n, 4, "sssp next front", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->changed, 1, 4, "sssp flag", err, len)))
		return ret;
	if (a->front == a->next || a->dist == a->front || a->dist == a->next)
		return wl_err(err, len, "sssp: fronts and distances alias");
	return wl_check_1d_cover(l, a->n, "sssp", err, len);
}

int mis_validate(const struct wl_mem *m, const struct mis_args *a,
		 const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_graph_validate(m, a->rowptr, a->cols, a->n, a->m,
				     "mis/coloring graph", err, len)) ||
	    (ret = wl_check_ptr(m, a->prio, a->n, 4, "graph priorities", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->state, a->n, 4, "graph state", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->sel, a->n, 4, "graph marks", err, len)) ||
	    (ret = wl_check_ptr(m, a->left, 1, 4, "graph flag", err, len)))
		return ret;
	if (a->state == a->sel || a->state == a->prio || a->sel == a->prio)
		return wl_err(err, len, "mis/coloring: state arrays alias");
	if (!a->round)
		return wl_err(err, len, "mis/coloring: rounds start at 1");
	return wl_check_1d_cover(l, a->n, "mis/coloring", err, len);
}

static int ga_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	uint32_t nk = r->kind == GA_MIS ? 2 : 1, phase = r->launches % nk;
	struct sim_launch launch;
	uint32_t flag = 0, zero = 0;
	int ret;

	if (r->done)
		return 0;
	/* At a round boundary: read the flag of the round just finished. */
	if (phase == 0 && r->launches) {
		ret = wl_download(ctx, r->va_flag, &flag, 4, "graph flag", err,
				  len);
		if (ret)
			return ret;
		if (!flag) {
			r->done = 1;
			return 0;
		}
		if (r->rounds >= GA_MAX_ROUNDS)
			return wl_err(err, len, "graph: no convergence after %u rounds",
				      r->rounds);
	}
	if (phase == 0) {
		r->rounds++;
		if (sim_write(ctx, r->va_flag, &zero, 4))
			return wl_err(err, len, "graph: cannot clear the flag");
		if (r->kind == GA_SSSP) {
			/* Swap fronts: relax the one just filled. */
			if (r->rounds > 1) {
				uint32_t t = r->args.s.front;

				r->args.s.front = r->args.s.next;
				r->args.s.next = t;
			}
		} else {
			r->args.m.round = r->rounds;
		}
		if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
			return wl_err(err, len, "graph: cannot write arguments");
	}
	wl_launch_1d(&launch, &r->k[phase], wl_div_up(r->g.n, GA_BLOCK),
		     GA_BLOCK, r->args_va);
	ret = r->kind == GA_SSSP ?
	      sssp_validate(&r->mem, &r->args.s, &launch, err, len) :
	      mis_validate(&r->mem, &r->args.m, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

/* --- CPU references ------------------------------------------------- */

/* Dijkstra from the sources (binary heap of (dist, vertex)). */
void sssp_ref(const uint32_t *rowptr, const uint32_t *cols,
	      const uint32_t *w, uint32_t n, const uint32_t *src,
	      uint32_t nsrc, int32_t *dist)
{
	uint64_t *heap = malloc((rowptr[n] + nsrc + 1) * sizeof(uint64_t));
	uint32_t hn = 0;

	if (!heap)
		abort();
	for (uint32_t v = 0; v < n; v++)
		dist[v] = GA_INF;
	for (uint32_t i = 0; i < nsrc; i++) {
		dist[src[i]] = 0;
		heap[hn++] = src[i];
	}
	/* All keys are 0 (vertex numbers below): already a heap. */
	while (hn) {
		uint64_t top = heap[0];
		uint32_t v = (uint32_t)top, i = 0;
		int32_t d = (int32_t)(top >> 32);

		heap[0] = heap[--hn];
		for (;;) {	/* sift down */
			uint32_t c = 2 * i + 1;

			if (c >= hn)
				break;
			if (c + 1 < hn && heap[c + 1] < heap[c])
				c++;
			if (heap[i] <= heap[c])
				break;
			uint64_t t = heap[i];

			heap[i] = heap[c];
			heap[c] = t;
			i = c;
		}
		if (d > dist[v])
			continue;
		for (uint32_t e = rowptr[v]; e < rowptr[v + 1]; e++) {
			uint32_t u = cols[e];
			int32_t nd = d + (int32_t)w[e];

			if (nd < dist[u]) {
				dist[u] = nd;
				i = hn++;
				heap[i] = (uint64_t)(uint32_t)nd << 32 | u;
				while (i && heap[(i - 1) / 2] > heap[i]) {
					uint64_t t = heap[i];

					heap[i] = heap[(i - 1) / 2];
					heap[(i - 1) / 2] = t;
					i = (i - 1) / 2;
				}
			}
		}
	}
	free(heap);
}

static int ga_beats(const uint32_t *prio, uint32_t v, uint32_t u)
{
	return prio[v] > prio[u] || (prio[v] == prio[u] && v > u);
}

/*
 * MIS (color == 0) or Jones-Plassmann colouring (color == 1) by the
 * kernels' rounds; state as on the device; returns the round count.
 */
uint32_t mis_color_ref(const uint32_t *rowptr, const uint32_t *cols,
		       const uint32_t *prio, uint32_t n, int color,
		       uint32_t *state)
{
	uint32_t *sel = calloc(n, sizeof(uint32_t)), rounds = 0, left = 1;

	if (!sel)
		abort();
	for (uint32_t v = 0; v < n; v++)
		state[v] = color ? ~0u : 0;
	while (left) {
		uint32_t r = ++rounds;

		left = 0;
		/* Selection against the state at the start of the round. */
		for (uint32_t v = 0; v < n; v++) {
			int max = state[v] == (color ? ~0u : 0);

			for (uint32_t e = rowptr[v]; max && e < rowptr[v + 1]; e++) {
				uint32_t u = cols[e];

				if (state[u] == (color ? ~0u : 0) &&
				    !ga_beats(prio, v, u))
					max = 0;
			}
			if (max)
				sel[v] = r;
			else if (color && state[v] == ~0u)
				left = 1;
		}
		for (uint32_t v = 0; v < n; v++) {
			if (color) {
				uint32_t c = 0;

				if (sel[v] != r)
					continue;
				/* Neighbours selected now are uncoloured. */
				for (;; c++) {
					uint32_t e;

					for (e = rowptr[v]; e < rowptr[v + 1]; e++)
						if (sel[cols[e]] != r &&
						    state[cols[e]] == c)
							break;
					if (e == rowptr[v + 1])
						break;
				}
				state[v] = c;
				continue;
			}
			if (state[v])
				continue;
			if (sel[v] == r) {
				state[v] = 1;
				continue;
			}
			state[v] = 0;
			for (uint32_t e = rowptr[v]; e < rowptr[v + 1]; e++)
				if (sel[cols[e]] == r)
					state[v] = 2;
			if (!state[v])
				left = 1;
		}
	}
	free(sel);
	return rounds;
}

static int ga_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	const uint32_t *rp = r->g.rowptr, *cols = r->g.cols;
	uint32_t n = r->g.n, rounds;
	uint32_t *ref = malloc(n * sizeof(uint32_t));
	uint32_t *got = malloc(n * sizeof(uint32_t));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (!r->done) {
		ret = wl_err(err, len, "graph: did not converge");
		goto out;
	}
	ret = wl_download(ctx, r->kind == GA_SSSP ? r->args.s.dist :
			  r->args.m.state, got, n * 4, "graph result", err,
			  len);
	if (ret)
		goto out;
	if (r->kind == GA_SSSP) {
		sssp_ref(rp, cols, r->w, n, r->src, 2, (int32_t *)ref);
		ret = wl_compare_u32(ref, got, n, "sssp distances", err, len);
		goto out;
	}
	rounds = mis_color_ref(rp, cols, r->prio, n, r->kind == GA_COLOR, ref);
	ret = wl_compare_u32(ref, got, n, r->kind == GA_COLOR ?
			     "coloring colours" : "mis states", err, len);
	if (ret)
		goto out;
	if (rounds != r->rounds) {
		ret = wl_err(err, len, "graph: %u rounds on the device, %u on the CPU",
			     r->rounds, rounds);
		goto out;
	}
	/* The property itself, independently of the reference. */
	for (uint32_t v = 0; v < n && !ret; v++) {
		int has_in = 0;

		for (uint32_t e = rp[v]; e < rp[v + 1]; e++) {
			uint32_t u = cols[e];

			if (r->kind == GA_COLOR && got[u] == got[v])
				ret = wl_err(err, len, "coloring: %u and %u share colour %u",
					     v, u, got[v]);
			if (r->kind == GA_MIS && got[u] == 1)
				has_in = 1;
		}
		if (r->kind == GA_MIS && got[v] == 1 && has_in)
			ret = wl_err(err, len, "mis: adjacent vertices in the set at %u", v);
		if (r->kind == GA_MIS && got[v] == 2 && !has_in)
			ret = wl_err(err, len, "mis: %u excluded without a neighbour in the set", v);
		if (r->kind == GA_MIS && got[v] != 1 && got[v] != 2)
			ret = wl_err(err, len, "mis: %u undecided", v);
	}
out:
	free(ref);
	free(got);
	return ret;
}

/* A workload per algorithm and graph input (graph.h). */
#define GA_WORKLOAD(var, wname, kind, in, flags_, text)                      \
	static int var##_setup(struct sim_ctx *ctx,                         \
			       const struct wl_params *p,                   \
			       struct wl_run **run, char *err, size_t len)  \
	{                                                                   \
		return ga_setup(ctx, p, run, kind, in, err, len);           \
	}                                                                   \
	const struct workload wl_##var = {                                  \
		.name = wname,                                              \
		.elf = "graph.elf",                                         \
		.desc = text,                                               \
		.setup = var##_setup,                                       \
		.next = ga_next,                                            \
		.check = ga_check,                                          \
		.destroy = ga_destroy,                                      \
		.flags = flags_,                                            \
	}

#define GA_SSSP_DESC "frontier Bellman-Ford SSSP with atomicMin (Pannotia SSSP; Harish & Narayanan HiPC'07)"
#define GA_MIS_DESC "Luby-style maximal independent set, select/remove per round (Pannotia MIS; Luby SICOMP'86)"
#define GA_COLOR_DESC "Jones-Plassmann graph colouring, one launch per round (Pannotia colouring; Jones & Plassmann SISC'93)"

GA_WORKLOAD(sssp, "sssp", GA_SSSP, WL_GRAPH_BOTH, 0,
	    GA_SSSP_DESC " on a balanced + R-MAT graph");
GA_WORKLOAD(sssp_bal, "sssp-balanced", GA_SSSP, WL_GRAPH_BALANCED,
	    WL_F_VARIANT, GA_SSSP_DESC " on the balanced graph");
GA_WORKLOAD(sssp_rmat, "sssp-rmat", GA_SSSP, WL_GRAPH_RMAT, WL_F_VARIANT,
	    GA_SSSP_DESC " on the R-MAT power-law graph");
GA_WORKLOAD(mis, "mis", GA_MIS, WL_GRAPH_BOTH, 0,
	    GA_MIS_DESC " on a balanced + R-MAT graph");
GA_WORKLOAD(mis_bal, "mis-balanced", GA_MIS, WL_GRAPH_BALANCED,
	    WL_F_VARIANT, GA_MIS_DESC " on the balanced graph");
GA_WORKLOAD(mis_rmat, "mis-rmat", GA_MIS, WL_GRAPH_RMAT, WL_F_VARIANT,
	    GA_MIS_DESC " on the R-MAT power-law graph");
GA_WORKLOAD(coloring, "coloring", GA_COLOR, WL_GRAPH_BOTH, 0,
	    GA_COLOR_DESC " on a balanced + R-MAT graph");
GA_WORKLOAD(coloring_bal, "coloring-balanced", GA_COLOR, WL_GRAPH_BALANCED,
	    WL_F_VARIANT, GA_COLOR_DESC " on the balanced graph");
GA_WORKLOAD(coloring_rmat, "coloring-rmat", GA_COLOR, WL_GRAPH_RMAT,
	    WL_F_VARIANT, GA_COLOR_DESC " on the R-MAT power-law graph");
