// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * kmeans: the assignment step of k-means clustering (the "kmeans" kernel
 * of the Rodinia suite, written from the algorithm): every thread finds
 * the centre nearest to its point. The centres are staged in shared
 * memory once per CTA; the point's features are read feature-major so a
 * warp's loads are consecutive. Distances accumulate in feature order
 * with separate multiplies and adds, as in the CPU reference.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(km_assign, 24, KM_MAX_CENTER_FLOATS * sizeof(float), 0);
void km_assign(void)
{
	const struct km_args *a = corun_args(struct km_args);
	const float *feat = (const float *)a->feat;
	const float *centers = (const float *)a->centers;
	float *sc = corun_shared(0);
	uint32_t np = a->np, nf = a->nf, nc = a->nc;
	uint32_t p = blockIdx.x * blockDim.x + threadIdx.x;

	/* The centres: constant memory (c_clusters) in Rodinia. */
	for (uint32_t i = threadIdx.x; i < nc * nf; i += blockDim.x)
		sc[i] = corun_ldg_f32(&centers[i]);
	__syncthreads();
	if (p >= np)
		return;

	uint32_t best = 0;
	float best_d = 0.0f;

	for (uint32_t c = 0; c < nc; c++) {
		const float *ctr = &sc[c * nf];
		float d = 0.0f;

		/* The features: texture fetches (t_features) in Rodinia. */
		for (uint32_t f = 0; f < nf; f++) {
			float diff = corun_ldg_f32(&feat[f * np + p]) - ctr[f];

			d += diff * diff;
		}
		if (c == 0 || d < best_d) {
			best_d = d;
			best = c;
		}
	}
	((uint32_t *)a->member)[p] = best;
}
