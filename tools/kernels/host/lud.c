// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * lud: blocked LU decomposition (Rodinia lud; Che et al., IISWC 2009).
 * next() runs the right-looking block algorithm: per step k a diagonal,
 * a perimeter and an internal launch (the last step only the diagonal
 * one), 3 (nb - 1) + 1 launches whose grids shrink as the trailing matrix
 * does. The input is random in [0, 1) with n added to the diagonal
 * (diagonally dominant, so no pivoting is needed). check() runs the same
 * blocked algorithm on the CPU with the kernels' per-element operation
 * order and compares the factors bit for bit.
 *
 * Sizes (n): scale 0 = 48 (3 x 3 blocks, 7 launches); scale 1 = 512
 * (32 x 32 blocks, 94 launches); each further scale adds 256.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define LUD_SEED 0x5eed0023u

struct wl_run {
	uint32_t n, nb;
	float *a0;
	struct lud_args args;
	uint32_t args_va;
	struct sim_kernel k[3];
	struct wl_mem mem;
	uint32_t launches, step, phase;
};

void lud_ref(float *a, uint32_t n)
{
	const uint32_t B = LUD_B, nb = n / LUD_B;

	for (uint32_t k = 0; k < nb; k++) {
		uint32_t off = k * B;
		float *d = &a[off * n + off];

		for (uint32_t i = 0; i + 1 < B; i++) {
			for (uint32_t t = i + 1; t < B; t++)
				d[t * n + i] = d[t * n + i] / d[i * n + i];
			for (uint32_t t = i + 1; t < B; t++)
				for (uint32_t c = i + 1; c < B; c++)
					d[t * n + c] = d[t * n + c] -
						d[t * n + i] * d[i * n + c];
		}
		for (uint32_t b = k + 1; b < nb; b++) {
			float *u = &a[off * n + b * B];
			float *l = &a[b * B * n + off];

			for (uint32_t t = 0; t < B; t++)
				for (uint32_t j = 0; j < B; j++)
					for (uint32_t i = j + 1; i < B; i++)
						u[i * n + t] = u[i * n + t] -
							d[i * n + j] * u[j * n + t];
			for (uint32_t t = 0; t < B; t++) {
				for (uint32_t j = 0; j < B; j++) {
					l[t * n + j] = l[t * n + j] / d[j * n + j];
					for (uint32_t c = j + 1; c < B; c++)
						l[t * n + c] = l[t * n + c] -
							l[t * n + j] * d[j * n + c];
				}
			}
		}
		for (uint32_t r = off + B; r < n; r++) {
			for (uint32_t c = off + B; c < n; c++) {
				float sum = 0.0f;

				for (uint32_t j = 0; j < B; j++)
					sum = sum + a[r * n + off + j] *
						    a[(off + j) * n + c];
				a[r * n + c] = a[r * n + c] - sum;
			}
		}
	}
}

/* kernel: 0 diagonal, 1 perimeter, 2 internal. */
int lud_validate(const struct wl_mem *m, const struct lud_args *a,
		 unsigned int kernel, const struct sim_launch *l, char *err,
		 size_t len)
{
	uint32_t cnt, gx = 1, gy = 1, bx = LUD_B, by = 1;
	int ret;

	if (!a->n || a->n % LUD_B || a->nb != a->n / LUD_B)
		return wl_err(err, len, "lud: n %u must be a non-zero multiple of %u with nb %u = n / %u",
			      a->n, LUD_B, a->nb, LUD_B);
	if ((ret = wl_check_ptr(m, a->a, (uint64_t)a->n * a->n, 4,
				"lud matrix", err, len)))
		return ret;
	if (a->k >= a->nb || (kernel && a->k + 1 >= a->nb))
		return wl_err(err, len, "lud: step %u out of range for %u blocks",
			      a->k, a->nb);
	cnt = a->nb - a->k - 1;
	if (kernel == 1)
		gx = 2 * cnt;
	if (kernel == 2) {
		gx = gy = cnt;
		by = LUD_B;
	}
	if (l->grid[0] != gx || l->grid[1] != gy || l->grid[2] != 1 ||
	    l->block[0] != bx || l->block[1] != by || l->block[2] != 1)
		return wl_err(err, len, "lud: kernel %u step %u needs grid %ux%u block %ux%u",
			      kernel, a->k, gx, gy, bx, by);
	return 0;
}

static void lud_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->a0);
	free(r);
}

static int lud_setup(struct sim_ctx *ctx, const struct wl_params *p,
		     struct wl_run **run, char *err, size_t len)
{
	static const char *const kn[3] = {
		"lud_diagonal", "lud_perimeter", "lud_internal",
	};
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n = n = p->scale ? 512 + 256 * (p->scale - 1) : 48;
	r->nb = n / LUD_B;
	r->a0 = malloc((size_t)n * n * sizeof(float));
	if (!r->a0) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, LUD_SEED), 0);
	for (uint32_t i = 0; i < n * n; i++)
		r->a0[i] = wl_rng_float(&rng, 0.0f, 1.0f);
	for (uint32_t i = 0; i < n; i++)
		r->a0[i * n + i] = r->a0[i * n + i] + (float)n;
	for (int k = 0; k < 3; k++) {
		ret = wl_load(ctx, "lud.elf", kn[k], &r->k[k], err, len);
		if (ret)
			goto fail;
	}
	if ((ret = wl_alloc_copy(ctx, &r->mem, r->a0, n * n * 4, "lud matrix",
				 &r->args.a, err, len)))
		goto fail;
	r->args.n = n;
	r->args.nb = r->nb;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "lud: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	lud_destroy(r);
	return ret;
}

static int lud_next(struct sim_ctx *ctx, struct wl_run *r,
		    struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	uint32_t cnt;
	int ret;

	if (r->step == r->nb)
		return 0;
	cnt = r->nb - r->step - 1;
	r->args.k = r->step;
	wl_launch_1d(&launch, &r->k[r->phase], 1, LUD_B, r->args_va);
	if (r->phase == 1)
		launch.grid[0] = 2 * cnt;
	if (r->phase == 2) {
		launch.grid[0] = launch.grid[1] = cnt;
		launch.block[1] = LUD_B;
	}
	ret = lud_validate(&r->mem, &r->args, r->phase, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "lud: cannot write arguments");
	if (++r->phase == 3 || !cnt) {
		r->phase = 0;
		r->step++;
	}
	r->launches++;
	*l = launch;
	return 1;
}

static int lud_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		     size_t len)
{
	uint32_t cnt = r->n * r->n;
	float *ref = malloc(cnt * sizeof(float));
	float *got = malloc(cnt * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->step < r->nb) {
		ret = wl_err(err, len, "lud: not all steps ran");
		goto out;
	}
	memcpy(ref, r->a0, cnt * sizeof(float));
	lud_ref(ref, r->n);
	ret = wl_download(ctx, r->args.a, got, cnt * 4, "lud factors", err,
			  len);
	if (!ret)
		ret = wl_compare_f32(ref, got, cnt, 0, "lud factors", err,
				     len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_lud = {
	.name = "lud",
	.elf = "lud.elf",
	.desc = "blocked LU decomposition, diagonal/perimeter/internal launches per step (Rodinia lud; Che et al. IISWC'09)",
	.setup = lud_setup,
	.next = lud_next,
	.check = lud_check,
	.destroy = lud_destroy,
};
