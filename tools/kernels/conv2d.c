// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * conv2d: 3 x 3 image convolution (the "2DCONV" kernel of PolyBench/GPU,
 * written from the algorithm). One thread per interior pixel, neighbours
 * read through the L1; the weights and their order are conv2d.h's.
 */
#include <corun/kernel.h>
#include "args.h"
#include "conv2d.h"

CORUN_KERNEL(conv2d, 24, 0, 0);
void conv2d(void)
{
	const struct conv2d_args *a = corun_args(struct conv2d_args);
	uint32_t j = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t i = blockIdx.y * blockDim.y + threadIdx.y;
	uint32_t nj = a->nj;

	if (i < 1 || j < 1 || i + 1 >= a->ni || j + 1 >= nj)
		return;
	((float *)a->b)[i * nj + j] =
		conv2d_point((const float *)a->a + i * nj + j, nj);
}
