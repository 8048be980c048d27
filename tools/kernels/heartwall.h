/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Template matching of the heartwall workload, shared by the device
 * kernel and the CPU reference (integers only: exact). Frames are w x h
 * uint8, coordinates clamped into the frame. The template of point
 * (x, y) is the HW_T x HW_T patch with top-left (x - HW_T / 2, y - HW_T /
 * 2) of the previous frame; candidate c (0 .. HW_C - 1) is the offset
 * (c % HW_S - HW_R, c / HW_S - HW_R) in the current frame, scored by the
 * sum of squared differences. A moved point is clamped into the frame.
 */
#ifndef _CORUN_KERNELS_HEARTWALL_H_
#define _CORUN_KERNELS_HEARTWALL_H_

#include <stdint.h>

#define HW_T 8				/* template side */
#define HW_R 4				/* search radius */
#define HW_S (2 * HW_R + 1)		/* search side */
#define HW_C (HW_S * HW_S)		/* candidates */

static inline uint32_t hw_px(const uint8_t *f, uint32_t w, uint32_t h,
			     int32_t x, int32_t y)
{
	x = x < 0 ? 0 : x >= (int32_t)w ? (int32_t)w - 1 : x;
	y = y < 0 ? 0 : y >= (int32_t)h ? (int32_t)h - 1 : y;
	return f[(uint32_t)y * w + (uint32_t)x];
}

static inline uint32_t hw_ssd(const uint8_t *prev, const uint8_t *cur,
			      uint32_t w, uint32_t h, int32_t x, int32_t y,
			      uint32_t c)
{
	int32_t dx = (int32_t)(c % HW_S) - HW_R, dy = (int32_t)(c / HW_S) - HW_R;
	int32_t x0 = x - HW_T / 2, y0 = y - HW_T / 2;
	uint32_t s = 0;

	for (int32_t j = 0; j < HW_T; j++) {
		for (int32_t i = 0; i < HW_T; i++) {
			int32_t d = (int32_t)hw_px(prev, w, h, x0 + i, y0 + j) -
				    (int32_t)hw_px(cur, w, h, x0 + dx + i,
						   y0 + dy + j);

			s += (uint32_t)(d * d);
		}
	}
	return s;
}

#endif /* _CORUN_KERNELS_HEARTWALL_H_ */
