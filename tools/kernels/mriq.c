// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * mriq: the two kernels of MRI-Q (the "mri-q" benchmark of the Parboil
 * suite, written from the algorithm): sample magnitudes, then for every
 * voxel the sum over all k-space samples of |phi|^2 (cos, sin) of the
 * phase, the samples streamed through shared memory in chunks. Compute
 * bound; the per-sample maths is mriq.h's.
 */
#include <corun/kernel.h>
#include "args.h"
#include "mriq.h"

CORUN_KERNEL(mriq_phimag, 16, 0, 0);
void mriq_phimag(void)
{
	const struct mriq_args *a = corun_args(struct mriq_args);
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	const float *phi = (const float *)a->phi;

	if (i >= a->numk)
		return;
	((float *)a->k)[4 * i + 3] = phi[2 * i] * phi[2 * i] +
				     phi[2 * i + 1] * phi[2 * i + 1];
}

CORUN_KERNEL(mriq_q, 32, MQ_CHUNK * 4 * sizeof(float), 0);
void mriq_q(void)
{
	const struct mriq_args *a = corun_args(struct mriq_args);
	const float *k = (const float *)a->k;
	float *s = corun_shared(0);
	uint32_t t = threadIdx.x, v = blockIdx.x * blockDim.x + t;
	uint32_t numk = a->numk, in = v < a->numx;
	float x = 0.0f, y = 0.0f, z = 0.0f, qr = 0.0f, qi = 0.0f;

	if (in) {
		x = ((const float *)a->x)[v];
		y = ((const float *)a->y)[v];
		z = ((const float *)a->z)[v];
	}
	for (uint32_t base = 0; base < numk; base += MQ_CHUNK) {
		uint32_t n = numk - base < MQ_CHUNK ? numk - base : MQ_CHUNK;

		/* The samples: constant memory (ck) in Parboil MRI-Q. */
		if (t < n)
			for (uint32_t c = 0; c < 4; c++)
				s[4 * t + c] =
					corun_ldg_f32(&k[4 * (base + t) + c]);
		__syncthreads();
		if (in)
			for (uint32_t i = 0; i < n; i++)
				mq_accum(&s[4 * i], x, y, z, &qr, &qi);
		__syncthreads();
	}
	if (in) {
		((float *)a->qr)[v] = qr;
		((float *)a->qi)[v] = qi;
	}
}
