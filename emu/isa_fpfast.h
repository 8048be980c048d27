/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * RV32F fast paths shared by isa_fp.c (its entry points) and isa_fpexec.c
 * (inlined into the per-lane loops), and the software-float helpers that
 * isa_fp.c and isa_fp64.c share. Not a public interface: callers must fall
 * back to the rv_f32_*() functions when a fast path returns false.
 */
#ifndef _EMU_ISA_FPFAST_H_
#define _EMU_ISA_FPFAST_H_

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isa.h"

/* a >> d, with every bit shifted out ORed into bit 0 (sticky). */
static inline uint64_t shr_jam64(uint64_t a, unsigned int d)
{
	if (!d)
		return a;
	return d < 63 ? a >> d | ((uint64_t)(a << (-d & 63)) != 0) : (a != 0);
}

/*
 * Fast path for round-to-nearest-even on the host's binary64, used only
 * where it provably gives SoftFloat's bits and flags: finite operands and
 * a normal result at least twice FLT_MIN (so neither overflow nor
 * tininess before/after rounding can differ). @p + @c is formed with
 * TwoSum, which yields the exact rounding error; the sum is then made
 * round-to-odd in binary64 (53 >= 24 + 2 bits), so the final conversion
 * to binary32 rounds the exact value once. Returns false to make the
 * caller take the exact software path.
 */
#if defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ == 0
static inline bool rv_fast_rne(double p, double c, uint32_t *out, uint8_t *fl)
{
	double s = p + c, bp = s - c, bc = s - bp;
	double e = (p - bp) + (c - bc);
	uint64_t sb;
	uint32_t r;
	float f;

	memcpy(&sb, &s, sizeof(sb));
	if (e != 0 && !(sb & 1))
		sb += (e > 0) == (s > 0) ? 1 : (uint64_t)-1;
	memcpy(&s, &sb, sizeof(s));
	f = (float)s;
	memcpy(&r, &f, sizeof(r));
	if (((r >> 23) & 0xff) < 2 || ((r >> 23) & 0xff) == 0xff)
		return false;
	/*
	 * Inexact iff the round-to-odd sum has bits below binary32
	 * precision: it is odd whenever the sum itself was inexact, and
	 * an exact sum in the normal range converts exactly iff its low
	 * 29 significand bits are zero.
	 */
	if (sb & 0x1fffffffu)
		*fl |= RV_FFLAG_NX;
	*out = r;
	return true;
}

static inline double rv_to_f64(uint32_t a)
{
	float f;

	memcpy(&f, &a, sizeof(f));
	return f;
}

/* Neither operand is an infinity or a NaN. */
static inline bool rv_finite2(uint32_t a, uint32_t b)
{
	return ((a >> 23) & 0xff) != 0xff && ((b >> 23) & 0xff) != 0xff;
}

/* Round-to-nearest-even a + b, a - b, a * b, a * b + c; false: not here. */
static inline bool rv_f32_add_rne_fast(uint32_t a, uint32_t b, uint32_t *r,
				       uint8_t *fl)
{
	return rv_finite2(a, b) && rv_fast_rne(rv_to_f64(a), rv_to_f64(b), r, fl);
}

static inline bool rv_f32_sub_rne_fast(uint32_t a, uint32_t b, uint32_t *r,
				       uint8_t *fl)
{
	return rv_finite2(a, b) && rv_fast_rne(rv_to_f64(a), -rv_to_f64(b), r, fl);
}

/* The binary64 product of two binary32 values is exact. */
static inline bool rv_f32_mul_rne_fast(uint32_t a, uint32_t b, uint32_t *r,
				       uint8_t *fl)
{
	return rv_finite2(a, b) &&
	       rv_fast_rne(rv_to_f64(a) * rv_to_f64(b), 0.0, r, fl);
}

static inline bool rv_f32_fma_rne_fast(uint32_t a, uint32_t b, uint32_t c,
				       uint32_t *r, uint8_t *fl)
{
	return rv_finite2(a, b) && ((c >> 23) & 0xff) != 0xff &&
	       rv_fast_rne(rv_to_f64(a) * rv_to_f64(b), rv_to_f64(c), r, fl);
}
#else
/* Excess precision (x87): no fast path, always the software one. */
#define rv_f32_add_rne_fast(a, b, r, fl) ((void)(a), (void)(b), false)
#define rv_f32_sub_rne_fast(a, b, r, fl) ((void)(a), (void)(b), false)
#define rv_f32_mul_rne_fast(a, b, r, fl) ((void)(a), (void)(b), false)
#define rv_f32_fma_rne_fast(a, b, c, r, fl) ((void)(a), (void)(b), false)
#endif

/*
 * All RV_MAX_LANES lanes of register rows in round-to-nearest-even:
 * d[l] = op(a[l] ^ sa, b[l], c[l] ^ sc), flags ORed into fl[l]. @op is
 * RV_OP_FMADD_S (a * b + c), RV_OP_FADD_S, RV_OP_FSUB_S or RV_OP_FMUL_S
 * (a op b; @c unused). @d may be any of the inputs. Same results and flags
 * lane by lane as the rv_f32_*() functions.
 */
void rv_f32_rne_rows(unsigned int op, const uint32_t *a, const uint32_t *b,
		     const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d,
		     uint8_t *fl);

#endif /* _EMU_ISA_FPFAST_H_ */
