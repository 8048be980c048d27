// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Tiled matrix multiply, C = A * B (row-major float). Each CTA computes
 * one MM_TILE x MM_TILE tile of C; for every tile along k it stages a
 * tile of A and of B in shared memory, so each global element is loaded
 * once per CTA instead of once per thread. Out-of-range elements are
 * staged as 0, so any m, n, k works.
 *
 * The dot product accumulates k in increasing order with separate
 * multiply and add (-ffp-contract=off): the CPU reference does the same
 * and the results match bit for bit.
 */
#include <corun/kernel.h>
#include "args.h"

struct matmul_shared {
	float a[MM_TILE][MM_TILE];	/* A[row][t*TILE + x] */
	float b[MM_TILE][MM_TILE];	/* B[t*TILE + y][col] */
};

CORUN_KERNEL(matmul, 32, sizeof(struct matmul_shared), 0);
void matmul(void)
{
	const struct matmul_args *args = corun_args(struct matmul_args);
	const float *a = (const float *)args->a;
	const float *b = (const float *)args->b;
	float *c = (float *)args->c;
	struct matmul_shared *sh = corun_shared(0);
	uint32_t tx = threadIdx.x, ty = threadIdx.y;
	uint32_t row = blockIdx.y * MM_TILE + ty;
	uint32_t col = blockIdx.x * MM_TILE + tx;
	uint32_t m = args->m, n = args->n, k = args->k;
	float sum = 0.0f;

	for (uint32_t t = 0; t < k; t += MM_TILE) {
		sh->a[ty][tx] = row < m && t + tx < k ? a[row * k + t + tx] : 0.0f;
		sh->b[ty][tx] = t + ty < k && col < n ? b[(t + ty) * n + col] : 0.0f;
		/* The tiles are complete before anyone reads them ... */
		__syncthreads();
		/*
		 * Row and column pointers keep the unrolled loop at one base
		 * register plus immediate offsets for B (clang otherwise
		 * hoists 32 addresses and spills them to the stack).
		 */
		const float *arow = sh->a[ty], *bcol = &sh->b[0][tx];

		for (uint32_t j = 0; j < MM_TILE; j++)
			sum += arow[j] * bcol[j * MM_TILE];
		/* ... and fully read before the next iteration overwrites. */
		__syncthreads();
	}
	if (row < m && col < n)
		c[row * n + col] = sum;
}
