/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Cutoff Coulomb potential at one lattice point: cutcp_point() is the CPU
 * reference; the device kernel visits the same atoms in the same order
 * with the same cutcp_bin() and cutcp_atom() (bit-identical). Atoms are
 * binned in cubes of side @c (the cutoff) and sorted by bin, bin b
 * holding atoms start[b] .. start[b + 1] - 1 as (x, y, z, q); the point
 * at (px, py, pz) in bin (bx, by, bz) visits the up to 27 surrounding
 * bins in z, y, x order and sums
 *   q / r * (1 - r^2 / c^2)^2  for 0 < r^2 < c^2
 * (Parboil cutcp's smoothed cutoff potential).
 */
#ifndef _CORUN_KERNELS_CUTCP_H_
#define _CORUN_KERNELS_CUTCP_H_

#include <stdint.h>

/* The device kernel's CTA: one tile of CP_TX x CP_TY x CP_TZ points. */
#define CP_TX 8
#define CP_TY 4
#define CP_TZ 4

/* Atom a's term added to e; a zero or out-of-cutoff distance adds none. */
static inline float cutcp_atom(const float *a, float px, float py, float pz,
			       float c2, float inv_c2, float e)
{
	float dx = a[0] - px, dy = a[1] - py, dz = a[2] - pz;
	float r2 = dx * dx + dy * dy + dz * dz;
	float s;

	if (!(r2 < c2) || !(r2 > 0.0f))
		return e;
	s = 1.0f - r2 * inv_c2;
	return e + a[3] / __builtin_sqrtf(r2) * (s * s);
}

/* The bin coordinate of position p along one axis: monotonic in p. */
static inline int32_t cutcp_bin(float p, float inv_c)
{
	return (int32_t)(p * inv_c);
}

static inline float cutcp_point(const float *atoms, const uint32_t *start,
				uint32_t nbx, uint32_t nby, uint32_t nbz,
				float c, float px, float py, float pz)
{
	float c2 = c * c, inv_c2 = 1.0f / c2, inv_c = 1.0f / c, e = 0.0f;
	int32_t bx = cutcp_bin(px, inv_c), by = cutcp_bin(py, inv_c);
	int32_t bz = cutcp_bin(pz, inv_c);

	for (int32_t z = bz - 1; z <= bz + 1; z++) {
		if (z < 0 || z >= (int32_t)nbz)
			continue;
		for (int32_t y = by - 1; y <= by + 1; y++) {
			if (y < 0 || y >= (int32_t)nby)
				continue;
			for (int32_t x = bx - 1; x <= bx + 1; x++) {
				uint32_t b;

				if (x < 0 || x >= (int32_t)nbx)
					continue;
				b = ((uint32_t)z * nby + (uint32_t)y) * nbx +
				    (uint32_t)x;
				for (uint32_t i = start[b]; i < start[b + 1];
				     i++)
					e = cutcp_atom(atoms + 4 * i, px, py,
						       pz, c2, inv_c2, e);
			}
		}
	}
	return e;
}

#endif /* _CORUN_KERNELS_CUTCP_H_ */
