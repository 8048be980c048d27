// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * backprop: one training step of an n_in x 16 x 1 perceptron (CCBP
 * paper: BP, from Rodinia's backprop). Launch 1, bp_forward: per-tile
 * partial sums of the input-to-hidden dot products. The host then sums
 * the partials, applies the sigmoid, evaluates the output unit against
 * the target and computes the hidden deltas (next(), as the benchmark's
 * host program does). Launch 2, bp_adjust: the momentum weight update.
 * check() compares the partials, the weights and the weight changes bit
 * for bit with a CPU run of the same operations in the same order.
 *
 * Sizes (inputs): scale 0 = 320 (20 CTAs of 256 threads per launch),
 * scale 1 = 512 Ki (32 Ki CTAs; 32 MiB of weights, read by the forward
 * pass and read-modify-written with their changes by the update), each
 * further scale doubles.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"

#define BP_SEED 0x5eed0011u
#define BP_ETA 0.3f
#define BP_MOMENTUM 0.3f
#define BP_TARGET 0.1f

struct wl_run {
	uint32_t n_in, tiles;
	float *in, *w, *oldw;
	float w2[BP_HID];	/* hidden-to-output weights, host only */
	struct bp_args args;
	uint32_t args_va;
	struct sim_kernel kf, ka;
	struct wl_mem mem;
	unsigned int stage;
};

static float bp_sigmoid(float x)
{
	return 1.0f / (1.0f + expf(-x));
}

/* The host's part between the launches: partials -> hidden deltas. */
static void bp_host_deltas(const float *partial, uint32_t tiles,
			   const float *w2, float *delta)
{
	float hidden[BP_HID], sum = 0.0f, out, dout;

	for (uint32_t j = 0; j < BP_HID; j++) {
		float s = 0.0f;

		for (uint32_t t = 0; t < tiles; t++)
			s += partial[t * BP_HID + j];
		hidden[j] = bp_sigmoid(s);
		sum += hidden[j] * w2[j];
	}
	out = bp_sigmoid(sum);
	dout = out * (1.0f - out) * (BP_TARGET - out);
	for (uint32_t j = 0; j < BP_HID; j++)
		delta[j] = hidden[j] * (1.0f - hidden[j]) * (dout * w2[j]);
}

void bp_forward_ref(const float *in, const float *w, uint32_t n_in,
		    float *partial)
{
	float m[BP_TILE];

	for (uint32_t t = 0; t < n_in / BP_TILE; t++) {
		for (uint32_t j = 0; j < BP_HID; j++) {
			for (uint32_t y = 0; y < BP_TILE; y++) {
				uint32_t i = t * BP_TILE + y;

				m[y] = in[i] * w[i * BP_HID + j];
			}
			/* The kernel's tree: strides 1, 2, 4, 8. */
			for (uint32_t s = 1; s < BP_TILE; s *= 2) {
				for (uint32_t y = 0; y < BP_TILE; y += 2 * s)
					m[y] += m[y + s];
			}
			partial[t * BP_HID + j] = m[0];
		}
	}
}

void bp_adjust_ref(const float *in, const float *delta, uint32_t n_in,
		   float eta, float momentum, float *w, float *oldw)
{
	for (uint32_t i = 0; i < n_in; i++) {
		for (uint32_t j = 0; j < BP_HID; j++) {
			uint32_t k = i * BP_HID + j;
			double e = eta, mo = momentum;

			/* In binary64, as the kernel (and Rodinia's). */
			w[k] = (float)(w[k] + (e * delta[j] * in[i] + mo * oldw[k]));
			oldw[k] = (float)(e * delta[j] * in[i] + mo * oldw[k]);
		}
	}
}

int bp_validate(const struct wl_mem *m, const struct bp_args *a,
		const struct sim_launch *l, char *err, size_t len)
{
	uint64_t nw = (uint64_t)a->n_in * BP_HID;
	int ret;

	if (a->n_in % BP_TILE)
		return wl_err(err, len, "backprop: %u inputs not a multiple of %u",
			      a->n_in, BP_TILE);
	if ((ret = wl_check_ptr(m, a->in, a->n_in, 4, "backprop input", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->w, nw, 4, "backprop weights", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->oldw, nw, 4, "backprop old changes",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->partial, nw / BP_TILE, 4,
				"backprop partials", err, len)) ||
	    (ret = wl_check_ptr(m, a->delta, BP_HID, 4, "backprop deltas",
				err, len)))
		return ret;
	if (l->block[0] != BP_HID || l->block[1] != BP_TILE ||
	    l->block[2] != 1)
		return wl_err(err, len, "backprop: block must be %ux%ux1, got %ux%ux%u",
			      BP_HID, BP_TILE, l->block[0], l->block[1],
			      l->block[2]);
	if (l->grid[0] != a->n_in / BP_TILE || l->grid[1] != 1 ||
	    l->grid[2] != 1)
		return wl_err(err, len, "backprop: grid %ux%ux%u is not %ux1x1 tiles",
			      l->grid[0], l->grid[1], l->grid[2],
			      a->n_in / BP_TILE);
	return 0;
}

static void bp_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->in);
	free(r->w);
	free(r->oldw);
	free(r);
}

static int bp_setup(struct sim_ctx *ctx, const struct wl_params *p,
		    struct wl_run **run, char *err, size_t len)
{
	struct wl_rng rng;
	struct wl_run *r;
	uint32_t nw;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->n_in = p->scale ? (512u << 10) << (p->scale - 1) : 320;
	r->tiles = r->n_in / BP_TILE;
	nw = r->n_in * BP_HID;
	r->in = malloc(r->n_in * sizeof(float));
	r->w = malloc(nw * sizeof(float));
	r->oldw = malloc(nw * sizeof(float));
	if (!r->in || !r->w || !r->oldw) {
		ret = -ENOMEM;
		goto fail;
	}
	wl_rng_init(&rng, wl_seed(p, BP_SEED), 0);
	for (uint32_t i = 0; i < r->n_in; i++)
		r->in[i] = wl_rng_float(&rng, 0.0f, 1.0f);
	wl_rng_init(&rng, wl_seed(p, BP_SEED), 1);
	for (uint32_t i = 0; i < nw; i++)
		r->w[i] = wl_rng_float(&rng, -0.05f, 0.05f);
	wl_rng_init(&rng, wl_seed(p, BP_SEED), 2);
	for (uint32_t i = 0; i < nw; i++)
		r->oldw[i] = wl_rng_float(&rng, -0.01f, 0.01f);
	for (uint32_t j = 0; j < BP_HID; j++)
		r->w2[j] = wl_rng_float(&rng, -1.0f, 1.0f);

	r->args.n_in = r->n_in;
	r->args.eta = BP_ETA;
	r->args.momentum = BP_MOMENTUM;
	if ((ret = wl_load(ctx, "backprop.elf", "bp_forward", &r->kf, err,
			   len)) ||
	    (ret = wl_load(ctx, "backprop.elf", "bp_adjust", &r->ka, err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->in, r->n_in * 4,
				 "backprop input", &r->args.in, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->w, nw * 4,
				 "backprop weights", &r->args.w, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->oldw, nw * 4,
				 "backprop old changes", &r->args.oldw, err,
				 len)) ||
	    (ret = wl_alloc(ctx, &r->mem, r->tiles * BP_HID * 4,
			    "backprop partials", &r->args.partial, err,
			    len)) ||
	    (ret = wl_alloc(ctx, &r->mem, BP_HID * 4, "backprop deltas",
			    &r->args.delta, err, len)))
		goto fail;
	if (sim_wl_args(ctx, &r->args, sizeof(r->args), &r->args_va)) {
		ret = wl_err(err, len, "backprop: cannot place arguments");
		goto fail;
	}
	*run = r;
	return 0;
fail:
	bp_destroy(r);
	return ret;
}

static void bp_launch(struct wl_run *r, const struct sim_kernel *k,
		      struct sim_launch *l)
{
	wl_launch_1d(l, k, r->tiles, BP_HID, r->args_va);
	l->block[1] = BP_TILE;
}

static int bp_next(struct sim_ctx *ctx, struct wl_run *r,
		   struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	float delta[BP_HID], *partial;
	int ret;

	switch (r->stage) {
	case 0:
		bp_launch(r, &r->kf, &launch);
		break;
	case 1:
		partial = malloc(r->tiles * BP_HID * sizeof(float));
		if (!partial)
			return -ENOMEM;
		ret = wl_download(ctx, r->args.partial, partial,
				  r->tiles * BP_HID * 4, "backprop partials",
				  err, len);
		if (!ret)
			bp_host_deltas(partial, r->tiles, r->w2, delta);
		free(partial);
		if (ret)
			return ret;
		if (sim_write(ctx, r->args.delta, delta, sizeof(delta)))
			return wl_err(err, len, "backprop: cannot write the deltas");
		bp_launch(r, &r->ka, &launch);
		break;
	default:
		return 0;
	}
	ret = bp_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	r->stage++;
	*l = launch;
	return 1;
}

static int bp_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		    size_t len)
{
	uint32_t nw = r->n_in * BP_HID, np = r->tiles * BP_HID;
	float *partial = malloc(np * sizeof(float));
	float *got = malloc(nw * sizeof(float));
	float *w = malloc(nw * sizeof(float));
	float *oldw = malloc(nw * sizeof(float));
	float delta[BP_HID];
	int ret;

	if (!partial || !got || !w || !oldw) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->stage < 2) {
		ret = wl_err(err, len, "backprop: not all launches ran");
		goto out;
	}
	memcpy(w, r->w, nw * sizeof(float));
	memcpy(oldw, r->oldw, nw * sizeof(float));
	bp_forward_ref(r->in, r->w, r->n_in, partial);
	bp_host_deltas(partial, r->tiles, r->w2, delta);
	bp_adjust_ref(r->in, delta, r->n_in, BP_ETA, BP_MOMENTUM, w, oldw);

	if ((ret = wl_download(ctx, r->args.partial, got, np * 4,
			       "backprop partials", err, len)) ||
	    (ret = wl_compare_f32(partial, got, np, 0, "backprop partials",
				  err, len)) ||
	    (ret = wl_download(ctx, r->args.w, got, nw * 4,
			       "backprop weights", err, len)) ||
	    (ret = wl_compare_f32(w, got, nw, 0, "backprop weights", err,
				  len)) ||
	    (ret = wl_download(ctx, r->args.oldw, got, nw * 4,
			       "backprop changes", err, len)) ||
	    (ret = wl_compare_f32(oldw, got, nw, 0, "backprop changes", err,
				  len)))
		goto out;
out:
	free(partial);
	free(got);
	free(w);
	free(oldw);
	return ret;
}

const struct workload wl_backprop = {
	.name = "backprop",
	.elf = "backprop.elf",
	.desc = "perceptron step: shared-memory layerforward + adjust_weights (CCBP BP, Rodinia backprop)",
	.setup = bp_setup,
	.next = bp_next,
	.check = bp_check,
	.destroy = bp_destroy,
};
