// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * spmv: sparse matrix-vector product in CSR, one thread per row (the
 * scalar CSR kernel; the CCBP paper's SMV, written from the algorithm).
 * Rows of different lengths make warps diverge, and the x gathers are
 * irregular. Products are summed in row order with separate multiplies
 * and adds, as in the CPU reference.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(spmv_csr, 20, 0, 0);
void spmv_csr(void)
{
	const struct spmv_args *a = corun_args(struct spmv_args);
	const uint32_t *rowptr = (const uint32_t *)a->rowptr;
	const uint32_t *cols = (const uint32_t *)a->cols;
	const float *vals = (const float *)a->vals;
	const float *x = (const float *)a->x;
	uint32_t r = blockIdx.x * blockDim.x + threadIdx.x;

	if (r >= a->nrows)
		return;
	float sum = 0.0f;

	for (uint32_t k = rowptr[r], end = rowptr[r + 1]; k < end; k++)
		sum += vals[k] * x[cols[k]];
	((float *)a->y)[r] = sum;
}
