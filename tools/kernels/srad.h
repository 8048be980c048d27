/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Speckle-reducing anisotropic diffusion (Yu and Acton, IEEE TIP 2002)
 * per-pixel maths, shared by the device kernels (srad.c) and the CPU
 * reference so both perform the same operations in the same order
 * (bit-identical with -ffp-contract=off on both sides). The constants
 * are Rodinia's: 0.5, 1.0 / 16.0, .25 and 1.0 are doubles there, so C
 * computes those steps in double precision and stores floats.
 *
 * Neighbours outside the image are clamped to the edge pixel.
 */
#ifndef _CORUN_KERNELS_SRAD_H_
#define _CORUN_KERNELS_SRAD_H_

/* q0^2 = var / mean^2 of the n statistics pixels (sum, sum of squares). */
static inline float srad_q0sqr(float sum, float sum2, float n)
{
	float mean = sum / n;
	float var = (sum2 / n) - mean * mean;

	return var / (mean * mean);
}

/*
 * Directional derivatives d[0..3] = N, S, W, E neighbour minus centre
 * jc and the diffusion coefficient, clamped to [0, 1].
 */
static inline float srad_coef(float jc, float jn, float js, float jw,
			      float je, float q0sqr, float *d)
{
	float g2, l, num, den, qsqr, c;

	d[0] = jn - jc;
	d[1] = js - jc;
	d[2] = jw - jc;
	d[3] = je - jc;
	g2 = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3]) /
	     (jc * jc);
	l = (d[0] + d[1] + d[2] + d[3]) / jc;
	num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
	den = 1 + (0.25 * l);
	qsqr = num / (den * den);
	den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
	c = 1.0 / (1.0 + den);
	if (c < 0.0f)
		c = 0.0f;
	else if (c > 1.0f)
		c = 1.0f;
	return c;
}

/* The diffusion update from the centre (N, W) and S and E coefficients. */
static inline float srad_update(float j, float cc, float cs, float ce,
				float dn, float ds, float dw, float de,
				float lambda)
{
	float div = cc * dn + cs * ds + cc * dw + ce * de;

	return j + 0.25 * lambda * div;
}

#endif /* _CORUN_KERNELS_SRAD_H_ */
