// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * cutcp: cutoff Coulomb potential on a lattice (the "cutcp" benchmark of
 * the Parboil suite, written from the algorithm): one thread per lattice
 * point summing the atoms of the surrounding spatial bins. Compute bound
 * with data-dependent trip counts.
 *
 * As in Parboil, a CTA covers a region of the lattice and walks the bins
 * near it, staging each bin's atoms in shared memory for all its threads;
 * a thread sums only its own point's up to 27 neighbour bins, in the CPU
 * reference's order. CTA b takes tile b of CP_TX x CP_TY x CP_TZ points
 * (cutcp_validate() makes the lattice and the launch fit), which lies
 * within one bin when the bin side is a multiple of the tile's, so all
 * of its threads share the same 27 bins.
 */
#include <corun/kernel.h>
#include "args.h"
#include "cutcp.h"

#define CP_CHUNK 128	/* atoms staged at a time */

static inline int32_t cp_max(int32_t a, int32_t b)
{
	return a > b ? a : b;
}

static inline int32_t cp_min(int32_t a, int32_t b)
{
	return a < b ? a : b;
}

static inline int32_t cp_near(int32_t a, int32_t b)
{
	return a - b <= 1 && b - a <= 1;
}

CORUN_KERNEL(cutcp, 32, CP_CHUNK * 4 * sizeof(float), 0);
void cutcp(void)
{
	const struct cutcp_args *a = corun_args(struct cutcp_args);
	const float *atoms = (const float *)a->atoms;
	const uint32_t *start = (const uint32_t *)a->start;
	float *sh = corun_shared(0);
	uint32_t nx = a->nx, ny = a->ny, nz = a->nz;
	uint32_t t = threadIdx.x, nt = blockDim.x, i, j, k;
	uint32_t ilo, ihi, jlo, jhi, klo, khi;	/* the CTA's points' box */
	uint32_t ntx = nx / CP_TX, nty = ny / CP_TY, cta = blockIdx.x;
	float h = a->h, c = a->c;
	float c2 = c * c, inv_c2 = 1.0f / c2, inv_c = 1.0f / c, e = 0.0f;

	ilo = cta % ntx * CP_TX;
	jlo = cta / ntx % nty * CP_TY;
	klo = cta / ntx / nty * CP_TZ;
	if (klo >= nz)
		return;		/* the whole CTA: no barrier waits */
	ihi = ilo + CP_TX - 1;
	jhi = jlo + CP_TY - 1;
	khi = klo + CP_TZ - 1;
	i = ilo + t % CP_TX;
	j = jlo + t / CP_TX % CP_TY;
	k = klo + t / (CP_TX * CP_TY);

	float px = (float)i * h, py = (float)j * h, pz = (float)k * h;
	int32_t bx = cutcp_bin(px, inv_c), by = cutcp_bin(py, inv_c);
	int32_t bz = cutcp_bin(pz, inv_c);
	/* The bins near the box, each point's neighbours among them. */
	int32_t x0 = cp_max(cutcp_bin((float)ilo * h, inv_c) - 1, 0);
	int32_t x1 = cp_min(cutcp_bin((float)ihi * h, inv_c) + 1,
			    (int32_t)a->nbx - 1);
	int32_t y0 = cp_max(cutcp_bin((float)jlo * h, inv_c) - 1, 0);
	int32_t y1 = cp_min(cutcp_bin((float)jhi * h, inv_c) + 1,
			    (int32_t)a->nby - 1);
	int32_t z0 = cp_max(cutcp_bin((float)klo * h, inv_c) - 1, 0);
	int32_t z1 = cp_min(cutcp_bin((float)khi * h, inv_c) + 1,
			    (int32_t)a->nbz - 1);

	int32_t wx = x1 - x0 + 1, wy = y1 - y0 + 1, wz = z1 - z0 + 1;
	int32_t nbin = wx > 0 && wy > 0 && wz > 0 ? wx * wy * wz : 0;

	/* Bin order z, y, x as cutcp_point(); the loops are CTA-uniform. */
	for (int32_t q = 0; q < nbin; q++) {
		int32_t x = x0 + q % wx, y = y0 + q / wx % wy;
		int32_t z = z0 + q / wx / wy;
		uint32_t b = ((uint32_t)z * a->nby + (uint32_t)y) * a->nbx +
			     (uint32_t)x;
		/* Parboil reads its bin list from constant memory. */
		uint32_t first = corun_ldg_u32(&start[b]);
		uint32_t end = corun_ldg_u32(&start[b + 1]);
		int near = cp_near(x, bx) && cp_near(y, by) && cp_near(z, bz);

		/* Parboil stages a bin's atoms in shared memory: plain loads. */
		for (uint32_t s = first; s < end; s += CP_CHUNK) {
			uint32_t n = end - s < CP_CHUNK ? end - s : CP_CHUNK;

			__syncthreads();	/* done with the last chunk */
			for (uint32_t u = t; u < 4 * n; u += nt)
				sh[u] = atoms[4 * s + u];
			__syncthreads();
			if (near)
				for (uint32_t m = 0; m < n; m++)
					e = cutcp_atom(&sh[4 * m], px, py, pz,
						       c2, inv_c2, e);
		}
	}
	((float *)a->pot)[(k * ny + j) * nx + i] = e;
}
