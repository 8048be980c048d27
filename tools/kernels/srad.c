// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * srad: speckle-reducing anisotropic diffusion (the "srad_v1" and
 * "srad_v2" kernels of the Rodinia suite, written from the algorithm).
 * v1: a device reduction for the image statistics, then the coefficient
 * and update kernels on global memory; v2: the same two kernels with
 * their inputs staged in shared-memory tiles. Per-pixel maths: srad.h.
 */
#include <corun/kernel.h>
#include "args.h"
#include "srad.h"

#define SB SRAD_BLOCK
#define SRAD_T (SB * SB)

#define SRAD_PIXEL(a)                                                \
	const struct srad_args *a = corun_args(struct srad_args);    \
	uint32_t rows = a->rows, cols = a->cols;                     \
	uint32_t r = blockIdx.y * SB + threadIdx.y;                  \
	uint32_t col = blockIdx.x * SB + threadIdx.x;                \
	uint32_t tid = threadIdx.y * SB + threadIdx.x

CORUN_KERNEL(srad_reduce, 20, 2 * SRAD_T * sizeof(float), 0);
void srad_reduce(void)
{
	SRAD_PIXEL(a);
	float *s = corun_shared(0);
	float *s2 = s + SRAD_T;
	float v = 0.0f;

	if (r < rows && col < cols)
		v = ((const float *)a->j)[r * cols + col];
	s[tid] = v;
	s2[tid] = v * v;
	__syncthreads();
	for (uint32_t h = SRAD_T / 2; h; h >>= 1) {
		if (tid < h) {
			s[tid] = s[tid] + s[tid + h];
			s2[tid] = s2[tid] + s2[tid + h];
		}
		__syncthreads();
	}
	if (!tid) {
		float *p = (float *)a->partial +
			   2 * (blockIdx.y * gridDim.x + blockIdx.x);

		p[0] = s[0];
		p[1] = s2[0];
	}
}

CORUN_KERNEL(srad_1, 28, 0, 0);
void srad_1(void)
{
	SRAD_PIXEL(a);
	const float *j = (const float *)a->j;
	float d[4];
	uint32_t i;
	float c;

	(void)tid;
	if (r >= rows || col >= cols)
		return;
	i = r * cols + col;
	c = srad_coef(j[i], j[r ? i - cols : i], j[r + 1 < rows ? i + cols : i],
		      j[col ? i - 1 : i], j[col + 1 < cols ? i + 1 : i],
		      a->q0sqr, d);
	((float *)a->dn)[i] = d[0];
	((float *)a->ds)[i] = d[1];
	((float *)a->dw)[i] = d[2];
	((float *)a->de)[i] = d[3];
	((float *)a->c)[i] = c;
}

CORUN_KERNEL(srad_2, 28, 0, 0);
void srad_2(void)
{
	SRAD_PIXEL(a);
	const float *c = (const float *)a->c;
	float *j = (float *)a->j;
	uint32_t i;

	(void)tid;
	if (r >= rows || col >= cols)
		return;
	i = r * cols + col;
	j[i] = srad_update(j[i], c[i], c[r + 1 < rows ? i + cols : i],
			   c[col + 1 < cols ? i + 1 : i], ((const float *)a->dn)[i],
			   ((const float *)a->ds)[i], ((const float *)a->dw)[i],
			   ((const float *)a->de)[i], a->lambda);
}

/*
 * v2: stage a (SB + 2)^2 tile of J (v2_1) or an (SB + 1)^2 tile of c
 * (v2_2, south and east only) with clamped coordinates: a neighbour
 * outside the image is then the pixel itself, as in v1.
 */
#define TW1 (SB + 2)
#define TW2 (SB + 1)

static inline void srad_tile(float *tile, const float *src, uint32_t tw,
			     int32_t r0, int32_t c0, uint32_t rows,
			     uint32_t cols, uint32_t tid)
{
	for (uint32_t i = tid; i < tw * tw; i += SRAD_T) {
		int32_t gr = r0 + (int32_t)(i / tw);
		int32_t gc = c0 + (int32_t)(i % tw);

		gr = gr < 0 ? 0 : gr >= (int32_t)rows ? (int32_t)rows - 1 : gr;
		gc = gc < 0 ? 0 : gc >= (int32_t)cols ? (int32_t)cols - 1 : gc;
		tile[i] = src[(uint32_t)gr * cols + (uint32_t)gc];
	}
}

CORUN_KERNEL(srad2_1, 28, TW1 * TW1 * sizeof(float), 0);
void srad2_1(void)
{
	SRAD_PIXEL(a);
	float *t = corun_shared(0);
	float d[4];
	uint32_t i, k;
	float c;

	srad_tile(t, (const float *)a->j, TW1, (int32_t)(blockIdx.y * SB) - 1,
		  (int32_t)(blockIdx.x * SB) - 1, rows, cols, tid);
	__syncthreads();
	if (r >= rows || col >= cols)
		return;
	i = r * cols + col;
	k = (threadIdx.y + 1) * TW1 + threadIdx.x + 1;
	c = srad_coef(t[k], t[k - TW1], t[k + TW1], t[k - 1], t[k + 1],
		      a->q0sqr, d);
	((float *)a->dn)[i] = d[0];
	((float *)a->ds)[i] = d[1];
	((float *)a->dw)[i] = d[2];
	((float *)a->de)[i] = d[3];
	((float *)a->c)[i] = c;
}

CORUN_KERNEL(srad2_2, 28, TW2 * TW2 * sizeof(float), 0);
void srad2_2(void)
{
	SRAD_PIXEL(a);
	float *t = corun_shared(0);
	float *j = (float *)a->j;
	uint32_t i, k;

	srad_tile(t, (const float *)a->c, TW2, (int32_t)(blockIdx.y * SB),
		  (int32_t)(blockIdx.x * SB), rows, cols, tid);
	__syncthreads();
	if (r >= rows || col >= cols)
		return;
	i = r * cols + col;
	k = threadIdx.y * TW2 + threadIdx.x;
	j[i] = srad_update(j[i], t[k], t[k + TW2], t[k + 1],
			   ((const float *)a->dn)[i], ((const float *)a->ds)[i],
			   ((const float *)a->dw)[i], ((const float *)a->de)[i],
			   a->lambda);
}
