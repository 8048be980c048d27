/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What one CTA takes of one SM: the single computation shared by the
 * driver's submit checks, the device's descriptor validation, corun-sim's
 * launch checks and the policies, so that all of them agree on what fits.
 * Registers are allocated per warp in granules of reg_unit, shared memory
 * per CTA in granules of shared_unit bytes (hw.h publishes both through
 * CORUN_REG_SM_REG_UNIT and CORUN_REG_SM_SHARED_UNIT).
 */
#ifndef _CORUN_FOOTPRINT_H_
#define _CORUN_FOOTPRINT_H_

#include "types.h"

/**
 * struct corun_sm_limits - the static resources of one SM
 * @warp_size: threads per warp
 * @ctas: CTA slots
 * @threads: threads
 * @regs: 32-bit registers
 * @reg_unit: register allocation granule, per warp
 * @shared: shared-memory bytes
 * @shared_unit: shared-memory allocation granule, per CTA
 */
struct corun_sm_limits {
	u32 warp_size;
	u32 ctas;
	u32 threads;
	u32 regs;
	u32 reg_unit;
	u32 shared;
	u32 shared_unit;
};

/**
 * struct corun_cta_footprint - what one CTA takes of one SM
 * @threads: threads
 * @warps: warps (threads rounded up to the warp size)
 * @regs: registers, in whole allocation granules
 * @shared: shared-memory bytes, in whole allocation granules
 * @ctas_per_sm: how many such CTAs fit an empty SM (the occupancy alone)
 */
struct corun_cta_footprint {
	u32 threads;
	u32 warps;
	u32 regs;
	u32 shared;
	u32 ctas_per_sm;
};

/* Why a CTA cannot fit an SM (corun_cta_footprint()'s return value). */
enum corun_cta_misfit {
	CORUN_CTA_FITS = 0,
	CORUN_CTA_BAD_THREADS = 1, /* 0, or more than an SM holds */
	CORUN_CTA_BAD_REGS = 2, /* 0 or > 255 per thread, or the file */
	CORUN_CTA_BAD_SHARED = 3, /* more than an SM's shared memory */
	CORUN_CTA_BAD_LIMITS = 4, /* the limits themselves are unusable */
};

static inline u64 corun_fp_round_up(u64 v, u32 unit)
{
	return unit ? (v + unit - 1) / unit * unit : v;
}

static inline u32 corun_fp_min(u32 a, u32 b)
{
	return a < b ? a : b;
}

/**
 * corun_cta_footprint() - the footprint of a CTA, if it fits an empty SM
 * @l: the SM's limits
 * @threads: threads per CTA (block x * y * z)
 * @regs_per_thread: registers per thread, 1..255
 * @shared_bytes: shared memory per CTA
 * @f: receives the footprint (valid on CORUN_CTA_FITS)
 *
 * Return: enum corun_cta_misfit.
 */
static inline int corun_cta_footprint(const struct corun_sm_limits *l,
				      u64 threads, u32 regs_per_thread,
				      u32 shared_bytes,
				      struct corun_cta_footprint *f)
{
	u64 warps, per_warp, regs, shared;
	u32 n;

	if (!l->warp_size || !l->ctas || !l->threads || !l->regs)
		return CORUN_CTA_BAD_LIMITS;
	if (!threads || threads > l->threads)
		return CORUN_CTA_BAD_THREADS;
	if (!regs_per_thread || regs_per_thread > 255)
		return CORUN_CTA_BAD_REGS;
	warps = (threads + l->warp_size - 1) / l->warp_size;
	per_warp = corun_fp_round_up((u64)regs_per_thread * l->warp_size,
				     l->reg_unit);
	regs = warps * per_warp;
	if (regs > l->regs)
		return CORUN_CTA_BAD_REGS;
	shared = corun_fp_round_up(shared_bytes, l->shared_unit);
	if (shared > l->shared)
		return CORUN_CTA_BAD_SHARED;
	f->threads = (u32)threads;
	f->warps = (u32)warps;
	f->regs = (u32)regs;
	f->shared = (u32)shared;
	n = corun_fp_min(l->ctas, l->threads / f->threads);
	n = corun_fp_min(n, l->regs / f->regs);
	if (f->shared)
		n = corun_fp_min(n, l->shared / f->shared);
	f->ctas_per_sm = n;
	return CORUN_CTA_FITS;
}

#endif /* _CORUN_FOOTPRINT_H_ */
