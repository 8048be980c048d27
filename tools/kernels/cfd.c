// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * cfd: the three kernels of an explicit Euler solver on an unstructured
 * mesh (the "cfd" euler3d kernels of the Rodinia suite, written from the
 * algorithm; the physics is in cfd.h). cfd_flux gathers the states of
 * four neighbours by index (irregular loads) and does ~300 flops per
 * cell; the other two kernels stream.
 */
#include <corun/kernel.h>
#include "args.h"
#include "cfd.h"

#define CFD_CELL(a, i)                                            \
	const struct cfd_args *a = corun_args(struct cfd_args);   \
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;       \
	if (i >= a->n)                                            \
		return

CORUN_KERNEL(cfd_factor, 32, 0, 0);
void cfd_factor(void)
{
	CFD_CELL(a, i);
	const float *vars = (const float *)a->vars;
	float *old = (float *)a->old;
	float v[CFD_NVAR];

	for (int k = 0; k < CFD_NVAR; k++) {
		v[k] = vars[k * a->n + i];
		old[k * a->n + i] = v[k];
	}
	((float *)a->sf)[i] = cfd_step_factor(v, ((const float *)a->area)[i]);
}

CORUN_KERNEL(cfd_flux, 32, 0, 0);
void cfd_flux(void)
{
	CFD_CELL(a, i);
	const float *vars = (const float *)a->vars;
	const int32_t *nbr = (const int32_t *)a->nbr;
	const float *normals = (const float *)a->normals;
	float *flux = (float *)a->flux;
	uint32_t n = a->n;
	float v[CFD_NVAR], nbv[CFD_NNB][CFD_NVAR], nrm[CFD_NNB][3];
	float f[CFD_NVAR];
	int32_t nb[CFD_NNB];

	for (int k = 0; k < CFD_NVAR; k++)
		v[k] = vars[k * n + i];
	for (int j = 0; j < CFD_NNB; j++) {
		nb[j] = nbr[j * n + i];
		for (int d = 0; d < 3; d++)
			nrm[j][d] = normals[(j * 3 + d) * n + i];
		for (int k = 0; k < CFD_NVAR; k++)
			nbv[j][k] = nb[j] >= 0 ? vars[k * n + (uint32_t)nb[j]] :
						 a->ff[k];
	}
	cfd_flux_cell(v, (const float (*)[CFD_NVAR])nbv, nb,
		      (const float (*)[3])nrm, f);
	for (int k = 0; k < CFD_NVAR; k++)
		flux[k * n + i] = f[k];
}

CORUN_KERNEL(cfd_step, 24, 0, 0);
void cfd_step(void)
{
	CFD_CELL(a, i);
	const float *old = (const float *)a->old;
	const float *flux = (const float *)a->flux;
	float *vars = (float *)a->vars;
	float factor = ((const float *)a->sf)[i] / (float)(CFD_RK + 1 - a->rk);

	for (int k = 0; k < CFD_NVAR; k++)
		vars[k * a->n + i] = old[k * a->n + i] +
				     factor * flux[k * a->n + i];
}
