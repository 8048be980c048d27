/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Per-cell physics of the cfd workload (compressible Euler equations,
 * finite volumes, as in Rodinia's euler3d), shared by the device kernels
 * and the CPU reference so both perform the same single-precision
 * operations in the same order: with -ffp-contract=off on both sides and
 * IEEE division and square root, the results are bit-identical.
 *
 * A state is (density, momentum x/y/z, density * energy).
 */
#ifndef _CORUN_KERNELS_CFD_H_
#define _CORUN_KERNELS_CFD_H_

#include "args.h"

#define CFD_GAMMA 1.4f
#define CFD_SMOOTH 0.2f
#define CFD_SQRT(x) __builtin_sqrtf(x)

struct cfd_derived {
	float vel[3], speed_sqd, pressure, sound;
	float fm[3][3];		/* momentum flux: fm[axis][direction] */
	float fde[3];		/* density-energy flux */
};

static inline void cfd_derive(const float *v, struct cfd_derived *o)
{
	float d = v[0], dev;

	for (int a = 0; a < 3; a++)
		o->vel[a] = v[1 + a] / d;
	o->speed_sqd = o->vel[0] * o->vel[0] + o->vel[1] * o->vel[1] +
		       o->vel[2] * o->vel[2];
	o->pressure = (CFD_GAMMA - 1.0f) * (v[4] - 0.5f * d * o->speed_sqd);
	o->sound = CFD_SQRT(CFD_GAMMA * o->pressure / d);
	for (int a = 0; a < 3; a++) {
		for (int b = 0; b < 3; b++) {
			o->fm[a][b] = v[1 + a] * o->vel[b];
			if (a == b)
				o->fm[a][b] = o->fm[a][b] + o->pressure;
		}
	}
	dev = v[4] + o->pressure;
	for (int a = 0; a < 3; a++)
		o->fde[a] = o->vel[a] * dev;
}

/* 0.5 / (sqrt(area) * (|velocity| + speed of sound)) */
static inline float cfd_step_factor(const float *v, float area)
{
	struct cfd_derived s;

	cfd_derive(v, &s);
	return 0.5f / (CFD_SQRT(area) * (CFD_SQRT(s.speed_sqd) + s.sound));
}

/*
 * Flux into a cell of state v through its faces: nb[j] the neighbour
 * kind (>= 0 interior, CFD_WALL, CFD_FARFIELD), nbv[j] the state across
 * face j (the neighbour's, or the far field's), nrm[j] the face normal.
 */
static inline void cfd_flux_cell(const float *v,
				 const float (*nbv)[CFD_NVAR],
				 const int32_t *nb, const float (*nrm)[3],
				 float *flux)
{
	struct cfd_derived s, n;
	float f[CFD_NVAR] = { 0.0f, 0.0f, 0.0f, 0.0f, 0.0f };
	float speed, len, fac;

	cfd_derive(v, &s);
	speed = CFD_SQRT(s.speed_sqd);
	for (int j = 0; j < CFD_NNB; j++) {
		const float *nn = nrm[j];

		if (nb[j] == CFD_WALL) {
			/* Only pressure acts on a wall face. */
			for (int a = 0; a < 3; a++)
				f[1 + a] = f[1 + a] + nn[a] * s.pressure;
			continue;
		}
		cfd_derive(nbv[j], &n);
		len = CFD_SQRT(nn[0] * nn[0] + nn[1] * nn[1] + nn[2] * nn[2]);
		/* Artificial viscosity: smoothing towards the neighbour. */
		fac = -len * CFD_SMOOTH * 0.5f *
		      (speed + CFD_SQRT(n.speed_sqd) + s.sound + n.sound);
		for (int k = 0; k < CFD_NVAR; k++)
			f[k] = f[k] + fac * (v[k] - nbv[j][k]);
		/* Central flux through the face. */
		for (int a = 0; a < 3; a++) {
			fac = 0.5f * nn[a];
			f[0] = f[0] + fac * (nbv[j][1 + a] + v[1 + a]);
			for (int m = 0; m < 3; m++)
				f[1 + m] = f[1 + m] + fac * (n.fm[m][a] + s.fm[m][a]);
			f[4] = f[4] + fac * (n.fde[a] + s.fde[a]);
		}
	}
	for (int k = 0; k < CFD_NVAR; k++)
		flux[k] = f[k];
}

#endif /* _CORUN_KERNELS_CFD_H_ */
