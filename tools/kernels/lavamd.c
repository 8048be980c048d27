// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * lavamd: particle potentials and forces from the particles of the home
 * box and its neighbours (the "lavaMD" kernel of the Rodinia suite,
 * written from the algorithm). One CTA per home box; each neighbour
 * box's particles are staged in shared memory, then every thread sweeps
 * them for its own particle, with an exp per pair. As in Rodinia, in
 * double precision, and the potential and force are accumulated in the
 * particle's record in global memory, one read-modify-write per
 * component and pair; with the L1's write-evict policy each of them goes
 * to the L2, which makes the kernel NoC-bound with almost no DRAM traffic
 * (CCBP's LAV).
 */
#include <corun/kernel.h>
#include "args.h"
#include "lavamd.h"

struct lav_shared {
	double r[LAV_MAX_PAR][4];
	double q[LAV_MAX_PAR];
};

CORUN_KERNEL(lavamd, 32, sizeof(struct lav_shared), 0);
void lavamd(void)
{
	const struct lav_args *a = corun_args(struct lav_args);
	const double *rv = (const double *)a->rv;
	const double *qv = (const double *)a->qv;
	struct lav_shared *sh = corun_shared(0);
	int32_t n1 = (int32_t)a->boxes1d;
	uint32_t npar = a->npar, b = blockIdx.x, t = threadIdx.x;
	int32_t bx = (int32_t)b % n1, by = (int32_t)b / n1 % n1;
	int32_t bz = (int32_t)b / (n1 * n1);
	const double *ri = rv + (b * npar + t) * 4;
	double a2 = a->a2;
	volatile double *fv = (volatile double *)a->fv + (b * npar + t) * 4;

	if (t < npar) {
		for (int d = 0; d < 4; d++)
			fv[d] = 0.0;
	}
	/* The box loop is uniform across the CTA: barriers are safe. */
	for (int32_t dz = -1; dz <= 1; dz++) {
		for (int32_t dy = -1; dy <= 1; dy++) {
			for (int32_t dx = -1; dx <= 1; dx++) {
				int32_t x = bx + dx, y = by + dy, z = bz + dz;

				if (x < 0 || y < 0 || z < 0 || x >= n1 ||
				    y >= n1 || z >= n1)
					continue;
				uint32_t nb = (uint32_t)((z * n1 + y) * n1 + x);

				__syncthreads();	/* done with the last box */
				for (uint32_t k = t; k < npar; k += blockDim.x) {
					for (int d = 0; d < 3; d++)
						sh->r[k][d] = rv[(nb * npar + k) * 4 + d];
					sh->q[k] = qv[nb * npar + k];
				}
				__syncthreads();
				if (t < npar) {
					for (uint32_t j = 0; j < npar; j++)
						lav_interact(ri, sh->r[j], sh->q[j],
							     a2, fv);
				}
			}
		}
	}
}
