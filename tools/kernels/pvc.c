// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * pvc: page view count (the "PageViewCount" application of the Mars
 * MapReduce framework, written from its description): hash each log
 * record's URL and count it in a global open-addressing hash table with
 * atomics. Integer only; contended atomics on popular pages.
 */
#include <corun/kernel.h>
#include "args.h"
#include "pvc.h"

CORUN_KERNEL(pvc, 20, 0, 0);
void pvc(void)
{
	const struct pvc_args *a = corun_args(struct pvc_args);
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t *keys = (uint32_t *)a->keys;
	uint32_t mask = a->tsize - 1, h, s;

	if (i >= a->n)
		return;
	h = pvc_hash((const uint32_t *)a->recs + i * (PVC_REC / 4),
		     PVC_REC / 4);
	s = h & mask;
	for (uint32_t probes = 0; probes <= mask; probes++) {
		uint32_t prev = (uint32_t)atomicCAS((int *)&keys[s], 0, (int)h);

		if (!prev || prev == h) {
			atomicAddU((unsigned int *)a->counts + s, 1);
			return;
		}
		s = (s + 1) & mask;
	}
}
