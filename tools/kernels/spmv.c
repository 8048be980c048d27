// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * spmv: sparse matrix-vector product in the JDS layout, one thread per
 * row (Parboil's spmv_jds, the CCBP paper's SMV, written from the
 * algorithm). Rows are sorted by length, so a warp's rows have similar
 * lengths; a warp's loads of one diagonal's values and columns are
 * consecutive (coalesced), and the x gathers are irregular. Products are
 * summed in each row's column order with separate multiplies and adds,
 * as in the CPU reference; the zero padding adds +-0, which leaves the
 * sum unchanged.
 */
#include <corun/kernel.h>
#include "args.h"

CORUN_KERNEL(spmv_jds, 20, 0, 0);
void spmv_jds(void)
{
	const struct spmv_args *a = corun_args(struct spmv_args);
	const float *data = (const float *)a->data;
	const uint32_t *index = (const uint32_t *)a->index;
	const uint32_t *jds_ptr = (const uint32_t *)a->jds_ptr;
	const float *x = (const float *)a->x;
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= a->nrows)
		return;
	uint32_t bound = ((const uint32_t *)a->zcnt)[i / SPMV_WARP];
	float sum = 0.0f;

	for (uint32_t k = 0; k < bound; k++) {
		uint32_t j = jds_ptr[k] + i;

		sum += data[j] * x[index[j]];
	}
	((float *)a->y)[((const uint32_t *)a->perm)[i]] = sum;
}
