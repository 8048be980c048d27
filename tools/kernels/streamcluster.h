/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Squared distance of streamcluster, shared by the device kernel and the
 * CPU reference: coordinates d-major (coord[d * n + i]), the centre's in
 * @cx (or, on the device, read as point x of @coord: the same bits),
 * summed in dimension order.
 */
#ifndef _CORUN_KERNELS_STREAMCLUSTER_H_
#define _CORUN_KERNELS_STREAMCLUSTER_H_

#include <stdint.h>

static inline float sc_dist(const float *coord, uint32_t n, uint32_t dim,
			    uint32_t i, const float *cx)
{
	float s = 0.0f;

	for (uint32_t d = 0; d < dim; d++) {
		float t = coord[d * n + i] - cx[d];

		s = s + t * t;
	}
	return s;
}

/* The same, with the centre read from @coord as point @x. */
static inline float sc_dist_to(const float *coord, uint32_t n, uint32_t dim,
			       uint32_t i, uint32_t x)
{
	float s = 0.0f;

	for (uint32_t d = 0; d < dim; d++) {
		float t = coord[d * n + i] - coord[d * n + x];

		s = s + t * t;
	}
	return s;
}

#endif /* _CORUN_KERNELS_STREAMCLUSTER_H_ */
