// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * sgemm: C = alpha * A * B^T + beta * C with register blocking (the
 * Parboil sgemm benchmark's scheme, after Volkov and Demmel, SC'08;
 * written from the algorithm). A CTA of SG_TM threads owns an
 * SG_TM x SG_TN block of C: each thread one row of it, with the SG_TN
 * partial sums in registers. Per step of SG_TH values of k, the CTA
 * stages the SG_TH x SG_TN tile of B^T in shared memory, one element per
 * thread, and every thread streams its own elements of A from global
 * memory (coalesced, since A is column-major and the CTA's rows are
 * consecutive). Each A element is read once per CTA column, each B
 * element once per CTA row, and the inner loop is one shared-memory
 * broadcast, a multiply and an add per output.
 *
 * Sums run over k in increasing order with separate multiply and add
 * (-ffp-contract=off), as in the CPU reference: bit-exact results.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(sgemm_nt, 40, SG_TH * SG_TN * sizeof(float), 0);
void sgemm_nt(void)
{
	const struct sgemm_args *args = corun_args(struct sgemm_args);
	const float *a = (const float *)args->a;
	const float *bt = (const float *)args->bt;
	float *c = (float *)args->c;
	float (*bs)[SG_TN] = corun_shared(0);
	uint32_t tx = threadIdx.x, ty = threadIdx.y;
	uint32_t m = args->m, n = args->n, k = args->k;
	uint32_t row = blockIdx.x * SG_TM + ty * SG_TN + tx;
	uint32_t col0 = blockIdx.y * SG_TN;
	float sum[SG_TN];

	for (uint32_t j = 0; j < SG_TN; j++)
		sum[j] = 0.0f;
	for (uint32_t t = 0; t < k; t += SG_TH) {
		bs[ty][tx] = bt[(t + ty) * n + col0 + tx];
		/* The tile is complete before anyone reads it ... */
		__syncthreads();
		for (uint32_t kk = 0; kk < SG_TH; kk++) {
			float av = a[(t + kk) * m + row];
			const float *brow = bs[kk];

			for (uint32_t j = 0; j < SG_TN; j++)
				sum[j] += av * brow[j];
		}
		/* ... and fully read before the next step overwrites it. */
		__syncthreads();
	}
	for (uint32_t j = 0; j < SG_TN; j++) {
		float *out = &c[(col0 + j) * m + row];

		*out = args->alpha * sum[j] + args->beta * *out;
	}
}
