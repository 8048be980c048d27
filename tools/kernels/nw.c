// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * nw: one anti-diagonal of NW_B x NW_B blocks of the Needleman-Wunsch
 * score matrix (the "nw" kernel of the Rodinia suite, written from the
 * algorithm). Each CTA stages its block's north row, west column and
 * substitution scores in shared memory, then sweeps the block's 2 NW_B - 1
 * inner anti-diagonals with a barrier after each, and writes the block
 * back. Integer only: exact.
 */
#include <corun/kernel.h>
#include "args.h"

#define B NW_B
#define W (NW_B + 1)

static inline int32_t max3(int32_t a, int32_t b, int32_t c)
{
	int32_t m = a > b ? a : b;

	return m > c ? m : c;
}

CORUN_KERNEL(nw, 24, (W * W + B * B) * sizeof(int32_t), 0);
void nw(void)
{
	const struct nw_args *a = corun_args(struct nw_args);
	int32_t *score = (int32_t *)a->score;
	const int32_t *sim = (const int32_t *)a->sim;
	int32_t *s = corun_shared(0);		/* [W][W] */
	int32_t *t = s + W * W;			/* [B][B] */
	uint32_t n1 = a->n + 1, nb = a->nb, d = a->diag;
	uint32_t lo = d + 1 > nb ? d + 1 - nb : 0;
	uint32_t bx = lo + blockIdx.x, by = d - bx;
	uint32_t r0 = by * B, c0 = bx * B;	/* north-west corner */
	uint32_t x = threadIdx.x;
	int32_t pen = a->pen;

	if (!x)
		s[0] = score[r0 * n1 + c0];
	s[x + 1] = score[r0 * n1 + c0 + 1 + x];
	s[(x + 1) * W] = score[(r0 + 1 + x) * n1 + c0];
	for (uint32_t i = 0; i < B; i++)
		t[i * B + x] = sim[(r0 + 1 + i) * n1 + c0 + 1 + x];
	__syncthreads();

	/* Inner anti-diagonal m: thread x computes row m - x of column x. */
	for (uint32_t m = 0; m < 2 * B - 1; m++) {
		if (x <= m && m - x < B) {
			uint32_t i = m - x;

			s[(i + 1) * W + x + 1] =
				max3(s[i * W + x] + t[i * B + x],
				     s[i * W + x + 1] - pen,
				     s[(i + 1) * W + x] - pen);
		}
		__syncthreads();
	}
	for (uint32_t i = 0; i < B; i++)
		score[(r0 + 1 + i) * n1 + c0 + 1 + x] = s[(i + 1) * W + x + 1];
}
