/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The URL hash of the page view count workload, shared by the device
 * kernel and the CPU reference: 32-bit FNV-1a over the record's bytes
 * (little-endian words), with the low bit forced so that 0 can mark an
 * empty slot.
 */
#ifndef _CORUN_KERNELS_PVC_H_
#define _CORUN_KERNELS_PVC_H_

#include <stdint.h>

static inline uint32_t pvc_hash(const uint32_t *rec, uint32_t words)
{
	uint32_t h = 2166136261u;

	for (uint32_t i = 0; i < words; i++) {
		uint32_t w = rec[i];

		for (uint32_t b = 0; b < 4; b++) {
			h ^= (w >> (8 * b)) & 0xff;
			h *= 16777619u;
		}
	}
	return h | 1u;
}

#endif /* _CORUN_KERNELS_PVC_H_ */
