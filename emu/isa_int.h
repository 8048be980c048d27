/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Internals of the SIMT executor shared by its files: isa.c (lane
 * selection, the decode cache, the dispatch of one warp instruction,
 * integer, control-flow, CSR and system ops, the plain loads and stores),
 * isa_mem.c (address translation, coalescing, the 16-byte accesses,
 * atomics) and isa_fpexec.c (the F and D instructions over the lanes).
 * The helpers here run per instruction: they stay static inline. Not a
 * public interface.
 */
#ifndef _EMU_ISA_INT_H_
#define _EMU_ISA_INT_H_

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isa.h"

#define FOR_LANES(m, l)                                             \
	for (uint32_t _m = (m), l = 0; _m && ((l = __builtin_ctz(_m)), 1); \
	     _m &= _m - 1)

/*
 * All RV_MAX_LANES lanes issuing (the common case of a full converged
 * warp): straight loops over every lane, which the compiler turns into
 * vector code, instead of walking the mask bit by bit.
 */
#define FULL_MASK (~0u)
_Static_assert(RV_MAX_LANES == 32, "FULL_MASK assumes 32 lanes");

static inline uint32_t lanes_of(unsigned int width)
{
	return width >= 32 ? ~0u : (1u << width) - 1;
}

static inline uint32_t lowest(uint32_t m)
{
	return __builtin_ctz(m);
}

static inline uint32_t ld32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static inline void st32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* The faulting lane's details in @st; no lane issues. Returns @cause. */
static inline int fault(struct rv_step *st, int cause, unsigned int lane,
			uint32_t addr, unsigned int access)
{
	st->mask = 0;
	st->fault.cause = cause;
	st->fault.lane = lane;
	st->fault.addr = addr;
	st->fault.access = access;
	return cause;
}

/* Largest dynamic rounding mode of any lane (a vectorised byte max). */
static inline uint8_t frm_max(const struct rv_warp *w)
{
	uint8_t mx = 0;

	for (uint32_t l = 0; l < RV_MAX_LANES; l++)
		mx = w->frm[l] > mx ? w->frm[l] : mx;
	return mx;
}

/*
 * NaN boxing (the F and D extensions share the f registers): a binary32
 * lives in the low half with the high half all ones. Single-precision
 * operations read an operand whose high half is not all ones as the
 * canonical NaN; only FSW and FMV.X.W take the low half as it is.
 */
#define BOX_HI 0xffffffffu

static inline bool f_boxed(const struct rv_warp *w, unsigned int r)
{
	return w->fboxed >> r & 1;
}

/*
 * Box the binary32 results just written to f_r for lanes @m (all the
 * warp's lanes: the row is boxed as a whole).
 */
static inline void fbox_s(struct rv_warp *w, unsigned int r, uint32_t m)
{
	if (f_boxed(w, r))
		return;
	if (m == lanes_of(w->width)) {
		w->fboxed |= 1u << r;
		return;
	}
	FOR_LANES(m, l)
		w->fh[r][l] = BOX_HI;
}

static inline uint64_t fget_d(const struct rv_warp *w, unsigned int r,
			      unsigned int l)
{
	uint32_t hi = f_boxed(w, r) ? BOX_HI : w->fh[r][l];

	return (uint64_t)hi << 32 | w->f[r][l];
}

/* Before binary64 results go to f_r for lanes @m: the others keep theirs. */
static inline void fprep_d(struct rv_warp *w, unsigned int r, uint32_t m)
{
	if (!f_boxed(w, r))
		return;
	if (m != lanes_of(w->width))
		for (uint32_t l = 0; l < RV_MAX_LANES; l++)
			w->fh[r][l] = BOX_HI;
	w->fboxed &= ~(1u << r);
}

/* isa_mem.c: see there. */
int rv_xlate(struct rv_warp *w, const struct rv_env *env, unsigned int lane,
	     uint32_t va, unsigned int size, enum corun_fault_access acc,
	     uint8_t **host);
int rv_mem_lanes(struct rv_warp *w, const struct rv_env *env,
		 const struct rv_uop *u, uint32_t m,
		 enum corun_fault_access acc, struct rv_step *st,
		 uint8_t **host);
int rv_exec_v4(struct rv_warp *w, const struct rv_env *env,
	       const struct rv_uop *u, uint32_t m, struct rv_step *st,
	       uint8_t **host);
int rv_exec_amo(struct rv_warp *w, const struct rv_uop *u, uint32_t m,
		uint8_t **host, uint32_t *xd, struct rv_step *st);

/* isa_fpexec.c: -1 for an op that is not F (rv_exec_fp) or D (rv_exec_fpd). */
int rv_exec_fp(struct rv_warp *w, const struct rv_uop *u, uint32_t m,
	       uint32_t *xd);
int rv_exec_fpd(struct rv_warp *w, const struct rv_uop *u, uint32_t m,
		uint32_t *xd);

#endif /* _EMU_ISA_INT_H_ */
