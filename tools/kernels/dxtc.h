/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * DXT1-style 4 x 4 block compression maths, shared by the device kernel
 * and the CPU reference (integers only: exact). Pixels are 0x00BBGGRR.
 * Candidate endpoint pair t (0 .. DXTC_PAIRS - 1) is the t-th pair (i, j),
 * i < j, of the block's 16 pixels in lexicographic order; its palette is
 * c0, c1, (2 c0 + c1) / 3, (c0 + 2 c1) / 3 per channel, and its error the
 * sum over the pixels of the squared RGB distance to the nearest palette
 * entry (the first one on ties).
 */
#ifndef _CORUN_KERNELS_DXTC_H_
#define _CORUN_KERNELS_DXTC_H_

#include <stdint.h>

#define DXTC_PAIRS 120

static inline void dxtc_pair(uint32_t t, uint32_t *i, uint32_t *j)
{
	uint32_t a = 0;

	while (t >= 15 - a) {
		t -= 15 - a;
		a++;
	}
	*i = a;
	*j = a + 1 + t;
}

static inline uint32_t dxtc_ch(uint32_t c, uint32_t s)
{
	return (c >> s) & 0xff;
}

static inline void dxtc_palette(uint32_t c0, uint32_t c1, uint32_t *pal)
{
	pal[0] = c0;
	pal[1] = c1;
	pal[2] = pal[3] = 0;
	for (uint32_t s = 0; s < 24; s += 8) {
		uint32_t a = dxtc_ch(c0, s), b = dxtc_ch(c1, s);

		pal[2] |= ((2 * a + b) / 3) << s;
		pal[3] |= ((a + 2 * b) / 3) << s;
	}
}

static inline uint32_t dxtc_dist(uint32_t p, uint32_t q)
{
	uint32_t d = 0;

	for (uint32_t s = 0; s < 24; s += 8) {
		int32_t x = (int32_t)dxtc_ch(p, s) - (int32_t)dxtc_ch(q, s);

		d += (uint32_t)(x * x);
	}
	return d;
}

/* Nearest palette entry of p (first on ties); *d its distance. */
static inline uint32_t dxtc_nearest(uint32_t p, const uint32_t *pal,
				    uint32_t *d)
{
	uint32_t best = 0, bd = dxtc_dist(p, pal[0]);

	for (uint32_t k = 1; k < 4; k++) {
		uint32_t e = dxtc_dist(p, pal[k]);

		if (e < bd) {
			bd = e;
			best = k;
		}
	}
	*d = bd;
	return best;
}

static inline uint32_t dxtc_error(const uint32_t *px, const uint32_t *pal)
{
	uint32_t e = 0, d;

	for (uint32_t p = 0; p < 16; p++) {
		dxtc_nearest(px[p], pal, &d);
		e += d;
	}
	return e;
}

/* 2-bit palette index of pixel p at bits 2p .. 2p + 1. */
static inline uint32_t dxtc_indices(const uint32_t *px, const uint32_t *pal)
{
	uint32_t w = 0, d;

	for (uint32_t p = 0; p < 16; p++)
		w |= dxtc_nearest(px[p], pal, &d) << (2 * p);
	return w;
}

#endif /* _CORUN_KERNELS_DXTC_H_ */
