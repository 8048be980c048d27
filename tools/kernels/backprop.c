// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * backprop: the two device kernels of one training step of a two-layer
 * perceptron (the "backprop" kernels of the Rodinia suite, written from
 * the algorithm): the input-to-hidden forward pass as per-tile partial
 * dot products reduced in shared memory, and the weight update with
 * momentum, in double precision as Rodinia's. The host sums the
 * partials, applies the sigmoid and computes the output layer and the
 * hidden deltas, as the benchmark does.
 *
 * Separate multiplies and adds (-ffp-contract=off) in a fixed order: the
 * CPU reference reproduces every value bit for bit.
 */
#include <corun/kernel.h>
#include "args.h"

struct bp_shared {
	float in[BP_TILE];
	float m[BP_TILE][BP_HID];
};

CORUN_KERNEL(bp_forward, 24, sizeof(struct bp_shared), 0);
void bp_forward(void)
{
	const struct bp_args *a = corun_args(struct bp_args);
	const float *in = (const float *)a->in;
	const float *w = (const float *)a->w;
	float *partial = (float *)a->partial;
	struct bp_shared *sh = corun_shared(0);
	uint32_t tx = threadIdx.x, ty = threadIdx.y;
	uint32_t i = blockIdx.x * BP_TILE + ty;

	if (tx == 0)
		sh->in[ty] = in[i];
	__syncthreads();
	sh->m[ty][tx] = sh->in[ty] * w[i * BP_HID + tx];
	__syncthreads();
	/* Pairwise over the inputs: m[0][tx] ends up with the tile's sum. */
	for (uint32_t s = 1; s < BP_TILE; s *= 2) {
		if ((ty & (2 * s - 1)) == 0)
			sh->m[ty][tx] += sh->m[ty + s][tx];
		__syncthreads();
	}
	if (ty == 0)
		partial[blockIdx.x * BP_HID + tx] = sh->m[0][tx];
}

CORUN_KERNEL(bp_adjust, 24, 0, 0);
void bp_adjust(void)
{
	const struct bp_args *a = corun_args(struct bp_args);
	const float *in = (const float *)a->in;
	const float *delta = (const float *)a->delta;
	float *w = (float *)a->w, *oldw = (float *)a->oldw;
	uint32_t tx = threadIdx.x;
	uint32_t i = blockIdx.x * BP_TILE + threadIdx.y;
	uint32_t k = i * BP_HID + tx;
	double eta = a->eta, mom = a->momentum;

	/*
	 * Rodinia's ETA and MOMENTUM are double constants, so its update
	 * runs in binary64, and it computes the change twice: once added
	 * to w, once stored to oldw (the store to w may alias the inputs).
	 */
	w[k] = (float)(w[k] + (eta * delta[tx] * in[i] + mom * oldw[k]));
	oldw[k] = (float)(eta * delta[tx] * in[i] + mom * oldw[k]);
}
