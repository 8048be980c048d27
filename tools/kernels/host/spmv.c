// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * spmv: repeated y = A x with a sparse matrix (CCBP paper: SMV, from
 * Parboil's spmv, which also repeats the product) in Parboil's JDS
 * layout: rows sorted by length, the k-th non-zeros of all rows stored
 * together, padded per warp (args.h). The matrix looks like a
 * finite-element one: 1..2k-1 non-zeros per row (k average), most
 * within a band around the diagonal, some anywhere, columns sorted.
 * setup() builds it in CSR for the reference and converts it; check()
 * compares every y[r] bit for bit with the CPU CSR product in the same
 * order.
 *
 * A warp's value and column loads are coalesced; its x gathers go to
 * rows scattered by the sort, so they miss in the L1 and mostly hit in
 * the L2 (x is 4 bytes per row), which makes the kernel NoC-bound, as
 * the paper's SMV is.
 *
 * Sizes (rows, avg non-zeros per row, repetitions): scale 0 = 200, 8, 3;
 * scale 1 = 64 Ki, 24, SPMV_REPS (1.6 M non-zeros, 13 MB of matrix);
 * each further scale doubles the rows.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define SPMV_SEED 0x5eed0019u
#define SPMV_BLOCK 256
#define SPMV_BAND 64
#define SPMV_REPS 10

struct wl_run {
	uint32_t n, nnz, reps;
	uint32_t *rowptr, *cols;
	float *vals, *x;
	/* JDS (args.h) */
	uint32_t ndiag, jlen, nwarps;
	uint32_t *perm, *jds_ptr, *zcnt, *jindex;
	float *jdata;
	struct spmv_args args;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void spmv_ref(const uint32_t *rowptr, const uint32_t *cols,
	      const float *vals, const float *x, uint32_t nrows, float *y)
{
	for (uint32_t r = 0; r < nrows; r++) {
		float sum = 0.0f;

		for (uint32_t k = rowptr[r]; k < rowptr[r + 1]; k++)
			sum += vals[k] * x[cols[k]];
		y[r] = sum;
	}
}

int spmv_validate(const struct wl_mem *m, const struct spmv_args *a,
		  const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->data, a->len, 4, "spmv values", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->index, a->len, 4, "spmv columns", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->perm, a->nrows, 4, "spmv permutation",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->jds_ptr, a->ndiag, 4,
				"spmv diagonal starts", err, len)) ||
	    (ret = wl_check_ptr(m, a->zcnt,
				((uint64_t)a->nrows + SPMV_WARP - 1) / SPMV_WARP,
				4, "spmv warp lengths", err, len)) ||
	    (ret = wl_check_ptr(m, a->x, a->ncols, 4, "spmv x", err, len)) ||
	    (ret = wl_check_ptr(m, a->y, a->nrows, 4, "spmv y", err, len)))
		return ret;
	return wl_check_1d_cover(l, a->nrows, "spmv", err, len);
}

/*
 * CSR -> JDS: a counting sort by length, longest first (ties in row
 * order), then the k-th non-zero of sorted row i at jds_ptr[k] + i.
 */
static int spmv_to_jds(struct wl_run *r)
{
	uint32_t maxlen = 0, *cnt, pos = 0, n = r->n;

	for (uint32_t row = 0; row < n; row++) {
		uint32_t l = r->rowptr[row + 1] - r->rowptr[row];

		if (l > maxlen)
			maxlen = l;
	}
	r->ndiag = maxlen;
	r->nwarps = (n + SPMV_WARP - 1) / SPMV_WARP;
	cnt = calloc(maxlen + 1, sizeof(uint32_t));
	r->perm = malloc(n * sizeof(uint32_t));
	r->jds_ptr = malloc((maxlen ? maxlen : 1) * sizeof(uint32_t));
	r->zcnt = malloc(r->nwarps * sizeof(uint32_t));
	if (!cnt || !r->perm || !r->jds_ptr || !r->zcnt) {
		free(cnt);
		return -ENOMEM;
	}
	for (uint32_t l = maxlen + 1; l-- > 0;)
		for (uint32_t row = 0; row < n; row++)
			if (r->rowptr[row + 1] - r->rowptr[row] == l)
				r->perm[pos++] = row;
	/* cnt[k]: sorted rows with more than k non-zeros (a prefix). */
	for (uint32_t i = 0; i < n; i++) {
		uint32_t row = r->perm[i];

		for (uint32_t k = 0; k < r->rowptr[row + 1] - r->rowptr[row]; k++)
			cnt[k]++;
	}
	r->jlen = 0;
	for (uint32_t k = 0; k < maxlen; k++) {
		r->jds_ptr[k] = r->jlen;
		r->jlen += (cnt[k] + SPMV_WARP - 1) / SPMV_WARP * SPMV_WARP;
	}
	free(cnt);
	for (uint32_t w = 0; w < r->nwarps; w++) {
		uint32_t row = r->perm[w * SPMV_WARP];

		r->zcnt[w] = r->rowptr[row + 1] - r->rowptr[row];
	}
	r->jdata = calloc(r->jlen ? r->jlen : 1, sizeof(float));
	r->jindex = calloc(r->jlen ? r->jlen : 1, sizeof(uint32_t));
	if (!r->jdata || !r->jindex)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t row = r->perm[i];

		for (uint32_t k = 0; k < r->rowptr[row + 1] - r->rowptr[row]; k++) {
			r->jdata[r->jds_ptr[k] + i] = r->vals[r->rowptr[row] + k];
			r->jindex[r->jds_ptr[k] + i] = r->cols[r->rowptr[row] + k];
		}
	}
	return 0;
}

static void spmv_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->rowptr);
	free(r->cols);
	free(r->vals);
	free(r->x);
	free(r->perm);
	free(r->jds_ptr);
	free(r->zcnt);
	free(r->jdata);
	free(r->jindex);
	free(r);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int spmv_setup(struct sim_ctx *ctx, const struct wl_params *p,
		      struct wl_run **run, char *err, size_t len)
{
	uint32_t avg, cap;
	struct wl_rng rng;
	struct wl_run *r;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = p->scale ? (64u << 10) << (p->scale - 1) : 200;
	avg = p->scale ? 24 : 8;
	r->reps = p->scale ? SPMV_REPS : 3;
	cap = r->n * (2 * avg - 1);
	r->rowptr = malloc((r->n + 1) * sizeof(uint32_t));
	r->cols = malloc(cap * sizeof(uint32_t));
	r->vals = malloc(cap * sizeof(float));
	r->x = malloc(r->n * sizeof(float));
	if (!r->rowptr || !r->cols || !r->vals || !r->x) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, SPMV_SEED), 0);
	for (uint32_t row = 0; row < r->n; row++) {
		uint32_t cnt = 1 + wl_rng_below(&rng, 2 * avg - 1);

		r->rowptr[row] = r->nnz;
		for (uint32_t k = 0; k < cnt; k++) {
			uint32_t c;

			if (wl_rng_below(&rng, 8))
				c = (row + r->n - SPMV_BAND +
				     wl_rng_below(&rng, 2 * SPMV_BAND + 1)) % r->n;
			else
				c = wl_rng_below(&rng, r->n);
			r->cols[r->nnz + k] = c;
			r->vals[r->nnz + k] = wl_rng_float(&rng, -1.0f, 1.0f);
		}
		qsort(&r->cols[r->nnz], cnt, sizeof(uint32_t), cmp_u32);
		r->nnz += cnt;
	}
	r->rowptr[r->n] = r->nnz;
	for (uint32_t i = 0; i < r->n; i++)
		r->x[i] = wl_rng_float(&rng, -1.0f, 1.0f);

	if ((ret = spmv_to_jds(r)))
		goto fail;

	if ((ret = wl_load(ctx, "spmv.elf", "spmv_jds", &r->k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->jdata, r->jlen * 4,
				 "spmv values", &r->args.data, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->jindex, r->jlen * 4,
				 "spmv columns", &r->args.index, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->perm, r->n * 4,
				 "spmv permutation", &r->args.perm, err,
				 len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->jds_ptr, r->ndiag * 4,
				 "spmv diagonal starts", &r->args.jds_ptr,
				 err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->zcnt, r->nwarps * 4,
				 "spmv warp lengths", &r->args.zcnt, err,
				 len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->x, r->n * 4, "spmv x",
				 &r->args.x, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->n * 4, "spmv y", &r->args.y, err,
			    len)))
		goto fail;
	r->args.nrows = r->args.ncols = r->n;
	r->args.ndiag = r->ndiag;
	r->args.len = r->jlen;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "spmv: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	spmv_destroy(r);
	return ret;
}

static int spmv_next(struct sim_ctx *ctx, struct wl_run *r,
		     struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	(void)ctx;
	if (r->launches == r->reps)
		return 0;
	wl_launch_1d(&launch, &r->k, wl_div_up(r->n, SPMV_BLOCK), SPMV_BLOCK,
		     r->args_va);
	ret = spmv_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->launches++;
	*l = launch;
	return 1;
}

static int spmv_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		      size_t len)
{
	float *ref = malloc(r->n * sizeof(float));
	float *got = malloc(r->n * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches < r->reps) {
		ret = wl_err(err, len, "spmv: not all launches ran");
		goto out;
	}
	spmv_ref(r->rowptr, r->cols, r->vals, r->x, r->n, ref);
	ret = wl_download(ctx, r->args.y, got, r->n * 4, "spmv y", err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, r->n, 0, "spmv y", err, len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_spmv = {
	.name = "spmv",
	.elf = "spmv.elf",
	.desc = "JDS sparse matrix-vector product, one thread per row, repeated (CCBP SMV, Parboil spmv)",
	.setup = spmv_setup,
	.next = spmv_next,
	.check = spmv_check,
	.destroy = spmv_destroy,
};
