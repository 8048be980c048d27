// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * compute: COMPUTE_CHAINS fused multiply-add chains per thread and almost
 * no memory traffic; the simulation-rate benchmark's kernel.
 *
 * x = fmaf(x, 0.999, 0.001) converges to 1 from any start, so values
 * stay finite and ordinary for any iteration count. Sizes: scale 0 =
 * 1024 threads x 32 iterations, scale 1 = 128 Ki threads x 4096
 * iterations (104 M warp instructions, 3.3 G thread instructions: 1.6 M
 * cycles alone on ccbp-16sm at its peak IPC of 2048), each further scale
 * doubles the iterations.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "wl.h"

#define COMPUTE_SEED 0x5eed0006u
#define COMPUTE_BLOCK 256

struct wl_run {
	float *in;
	struct compute_args args;
	uint32_t args_va;
	struct wl_mem mem;
	struct sim_launch launch;
	int launched;
};

float compute_ref(float in, float mul, float add, uint32_t iters)
{
	float x[COMPUTE_CHAINS], sum = 0.0f;

	for (int c = 0; c < COMPUTE_CHAINS; c++)
		x[c] = in + (float)c;
	for (uint32_t it = 0; it < iters; it++) {
		for (int c = 0; c < COMPUTE_CHAINS; c++)
			x[c] = fmaf(x[c], mul, add);	/* one rounding */
	}
	for (int c = 0; c < COMPUTE_CHAINS; c++)
		sum += x[c];
	return sum;
}

int compute_validate(const struct wl_mem *m, const struct compute_args *a,
		     const struct sim_launch *l, char *err, size_t len)
{
	int ret;

	if ((ret = wl_check_ptr(m, a->in, a->n, 4, "compute input", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->out, a->n, 4, "compute output", err,
				len)))
		return ret;
	return wl_check_1d_cover(l, a->n, "compute", err, len);
}

static void compute_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->in);
	free(r);
}

static int compute_setup(struct sim_ctx *ctx, const struct wl_params *p,
			 struct wl_run **run, char *err, size_t len)
{
	struct sim_kernel k;
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t n, iters, va_in, va_out;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	n = p->scale ? 128u << 10 : 1024;
	iters = p->scale ? 4096u << (p->scale - 1) : 32;
	r->in = malloc(n * sizeof(float));
	if (!r->in) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, COMPUTE_SEED), 0);
	for (uint32_t i = 0; i < n; i++)
		r->in[i] = wl_rng_float(&rng, -1.0f, 1.0f);

	if ((ret = wl_load(ctx, "compute.elf", "compute", &k, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->in, n * 4, "compute input",
				 &va_in, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, n * 4, "compute output", &va_out,
			    err, len)))
		goto fail;
	r->args = (struct compute_args){
		.in = va_in, .out = va_out, .n = n, .iters = iters,
		.mul = 0.999f, .add = 0.001f,
	};
	ret = sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va);
	if (ret) {
		wl_err(err, len, "compute: cannot place arguments");
		goto fail;
	}
	wl_launch_1d(&r->launch, &k, wl_div_up(n, COMPUTE_BLOCK),
		     COMPUTE_BLOCK, r->args_va);
	*run = r;
	return 0;
fail:
	compute_destroy(r);
	return ret;
}

static int compute_next(struct sim_ctx *ctx, struct wl_run *r,
			struct sim_launch *l, char *err, size_t len)
{
	int ret;

	(void)ctx;
	if (r->launched)
		return 0;
	ret = compute_validate(&r->mem, &r->args, &r->launch, err, len);
	if (ret)
		return ret;
	*l = r->launch;
	r->launched = 1;
	return 1;
}

static int compute_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			 size_t len)
{
	uint32_t n = r->args.n;
	float *ref = malloc(n * sizeof(float));
	float *got = malloc(n * sizeof(float));
	int ret;

	if (!ref || !got) {
		ret = -ENOMEM;
		goto out;
	}
	for (uint32_t i = 0; i < n; i++)
		ref[i] = compute_ref(r->in[i], r->args.mul, r->args.add,
				     r->args.iters);
	ret = wl_download(ctx, r->args.out, got, n * 4, "compute output",
			  err, len);
	if (!ret)
		ret = wl_compare_f32(ref, got, n, 0, "compute output", err,
				     len);
out:
	free(ref);
	free(got);
	return ret;
}

const struct workload wl_compute = {
	.name = "compute",
	.elf = "compute.elf",
	.desc = "4 independent FMA chains per thread, arithmetic bound",
	.setup = compute_setup,
	.next = compute_next,
	.check = compute_check,
	.destroy = compute_destroy,
	.flags = WL_F_COMPUTE,
};
