// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Tests of the RV32D binary64 arithmetic (emu/isa_fp64.c).
 *
 * Hand-written vectors with known RISC-V answers run everywhere. On
 * x86-64 the host's IEEE binary64 (SSE2, with <fenv.h> for the rounding
 * mode and the flags) is the oracle for seeded random operands in the
 * four rounding modes it has; round-to-nearest-max-magnitude (RMM), which
 * no host has, is checked against the host's round-down and round-up
 * results with exact tie detection. Elsewhere the random cases skip.
 *
 * gcc does not implement #pragma STDC FENV_ACCESS (and warns about it),
 * so instead the host operations load their operands from volatile
 * objects after fesetround() and store the result to one before
 * fetestexcept(): volatile accesses stay on their side of the calls, so
 * the arithmetic between them does too, and nothing is constant-folded.
 */
#include <kunit/test.h>

#include <fenv.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "isa.h"

#if defined(__x86_64__) && defined(__SSE2_MATH__) && \
	defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ == 0
#define HOST_ORACLE 1
#include <emmintrin.h>
#else
#define HOST_ORACLE 0
#endif

#define NX RV_FFLAG_NX
#define UF RV_FFLAG_UF
#define OF RV_FFLAG_OF
#define DZ RV_FFLAG_DZ
#define NV RV_FFLAG_NV

#define CANON 0x7ff8000000000000ull
#define CANON32 0x7fc00000u
#define PINF 0x7ff0000000000000ull
#define NINF 0xfff0000000000000ull
#define SNAN 0x7ff0000000000001ull
#define NZERO 0x8000000000000000ull
#define ONE 0x3ff0000000000000ull
#define MONE 0xbff0000000000000ull
#define TWO 0x4000000000000000ull
#define HALF 0x3fe0000000000000ull
#define MAXD 0x7fefffffffffffffull
#define MINNORM 0x0010000000000000ull
#define FRAC_MASK 0x000fffffffffffffull
#define MAG_MASK 0x7fffffffffffffffull

/* Every operation of the library, for tables and the random loops. */
enum op {
	ADD, SUB, MUL, DIV, SQRT, FMA, MIN, MAX, EQ, LT, LE, CLASS,
	TO_I32, TO_U32, I32_TO, U32_TO, F32_TO, TO_F32,
};

static const char *const op_names[] = {
	"fadd", "fsub", "fmul", "fdiv", "fsqrt", "fmadd", "fmin", "fmax",
	"feq", "flt", "fle", "fclass", "fcvt.w.d", "fcvt.wu.d", "fcvt.d.w",
	"fcvt.d.wu", "fcvt.d.s", "fcvt.s.d",
};

static const char *const rm_names[] = { "rne", "rtz", "rdn", "rup", "rmm" };

/* The library, one call shape for all: 32-bit results zero-extended. */
static uint64_t lib(enum op op, uint64_t a, uint64_t b, uint64_t c,
		    unsigned int rm, uint8_t *fl)
{
	switch (op) {
	case ADD:
		return rv_f64_add(a, b, rm, fl);
	case SUB:
		return rv_f64_sub(a, b, rm, fl);
	case MUL:
		return rv_f64_mul(a, b, rm, fl);
	case DIV:
		return rv_f64_div(a, b, rm, fl);
	case SQRT:
		return rv_f64_sqrt(a, rm, fl);
	case FMA:
		return rv_f64_fma(a, b, c, rm, fl);
	case MIN:
		return rv_f64_min(a, b, fl);
	case MAX:
		return rv_f64_max(a, b, fl);
	case EQ:
		return rv_f64_eq(a, b, fl);
	case LT:
		return rv_f64_lt(a, b, fl);
	case LE:
		return rv_f64_le(a, b, fl);
	case CLASS:
		return rv_f64_class(a);
	case TO_I32:
		return (uint32_t)rv_f64_to_i32(a, rm, fl);
	case TO_U32:
		return rv_f64_to_u32(a, rm, fl);
	case I32_TO:
		return rv_i32_to_f64((int32_t)a);
	case U32_TO:
		return rv_u32_to_f64((uint32_t)a);
	case F32_TO:
		return rv_f32_to_f64((uint32_t)a, fl);
	case TO_F32:
		return rv_f64_to_f32(a, rm, fl);
	}
	return 0;
}

/* Whether @op has a binary32 result (the rest are binary64 or integer). */
static bool f32_result(enum op op)
{
	return op == TO_F32;
}

static bool f64_result(enum op op)
{
	return op <= MAX || op == I32_TO || op == U32_TO || op == F32_TO;
}

static bool nan64(uint64_t a)
{
	return (a & MAG_MASK) > PINF;
}

static bool nan32(uint64_t a)
{
	return (a & 0x7fffffffu) > 0x7f800000u && !(a >> 32);
}

static bool snan64(uint64_t a)
{
	return nan64(a) && !(a & 0x0008000000000000ull);
}

struct vec {
	enum op op;
	unsigned int rm;
	uint64_t a, b, c;
	uint64_t z;
	uint8_t fl;
};

#define V(op, rm, a, b, c, z, fl) { op, RV_RM_##rm, a, b, c, z, fl }

/*
 * Known RISC-V answers (the ISA manual's D chapter and SoftFloat's RISC-V
 * specialisation): canonical NaNs, invalid and divide-by-zero cases,
 * signed zeros, saturating conversions, overflow per rounding mode,
 * tininess after rounding, and exact ties in RMM.
 */
static const struct vec spot[] = {
	/* NaNs: never propagated, NV only for signalling ones */
	V(ADD, RNE, 0x7ff8000000000123ull, ONE, 0, CANON, 0),
	V(ADD, RNE, 0xfff8000000000000ull, ONE, 0, CANON, 0),
	V(ADD, RNE, SNAN, ONE, 0, CANON, NV),
	V(MUL, RNE, ONE, 0xfff0000000000001ull, 0, CANON, NV),
	V(DIV, RUP, 0x7ff4000000000000ull, 0x7ff8000000000000ull, 0,
	  CANON, NV),
	V(SQRT, RNE, 0xfff8000000000001ull, 0, 0, CANON, 0),
	/* invalid and divide by zero */
	V(SUB, RNE, PINF, PINF, 0, CANON, NV),
	V(ADD, RNE, PINF, NINF, 0, CANON, NV),
	V(ADD, RNE, PINF, PINF, 0, PINF, 0),
	V(MUL, RNE, PINF, 0, 0, CANON, NV),
	V(MUL, RNE, NZERO, NINF, 0, CANON, NV),
	V(DIV, RNE, ONE, 0, 0, PINF, DZ),
	V(DIV, RNE, MONE, 0, 0, NINF, DZ),
	V(DIV, RNE, ONE, NZERO, 0, NINF, DZ),
	V(DIV, RNE, 0, 0, 0, CANON, NV),
	V(DIV, RNE, PINF, PINF, 0, CANON, NV),
	V(DIV, RNE, PINF, 0, 0, PINF, 0),
	V(DIV, RNE, ONE, 0x4008000000000000ull, 0, 0x3fd5555555555555ull, NX),
	V(DIV, RUP, ONE, 0x4008000000000000ull, 0, 0x3fd5555555555556ull, NX),
	V(SQRT, RNE, MONE, 0, 0, CANON, NV),
	V(SQRT, RNE, NZERO, 0, 0, NZERO, 0),
	V(SQRT, RNE, NINF, 0, 0, CANON, NV),
	V(SQRT, RNE, PINF, 0, 0, PINF, 0),
	V(SQRT, RNE, TWO, 0, 0, 0x3ff6a09e667f3bcdull, NX),
	V(SQRT, RDN, TWO, 0, 0, 0x3ff6a09e667f3bccull, NX),
	V(SQRT, RNE, 0x4010000000000000ull, 0, 0, TWO, 0),
	V(SQRT, RNE, 1, 0, 0, 0x1e60000000000000ull, 0),
	/* fused multiply-add: inf * 0 is invalid even with a quiet NaN */
	V(FMA, RNE, 0, PINF, CANON, CANON, NV),
	V(FMA, RNE, NINF, 0, 0xfff8000000000000ull, CANON, NV),
	V(FMA, RNE, CANON, 0, PINF, CANON, 0),
	V(FMA, RNE, ONE, ONE, SNAN, CANON, NV),
	V(FMA, RNE, PINF, ONE, NINF, CANON, NV),
	V(FMA, RNE, PINF, ONE, PINF, PINF, 0),
	V(FMA, RNE, 0x3ff0000000000001ull, 0x3feffffffffffffeull, MONE,
	  0xb970000000000000ull, 0),
	V(FMA, RNE, ONE, ONE, MONE, 0, 0),
	V(FMA, RDN, ONE, ONE, MONE, NZERO, 0),
	V(FMA, RNE, 0, ONE, NZERO, 0, 0),
	V(FMA, RDN, 0, ONE, NZERO, NZERO, 0),
	V(FMA, RNE, NZERO, ONE, NZERO, NZERO, 0),
	V(FMA, RNE, MAXD, TWO, NINF, NINF, 0),
	V(FMA, RNE, MAXD, TWO, 0, PINF, OF | NX),
	/* signed zeros in sums */
	V(ADD, RNE, ONE, MONE, 0, 0, 0),
	V(ADD, RDN, ONE, MONE, 0, NZERO, 0),
	V(ADD, RNE, 0, NZERO, 0, 0, 0),
	V(ADD, RDN, 0, NZERO, 0, NZERO, 0),
	V(SUB, RNE, NZERO, 0, 0, NZERO, 0),
	V(ADD, RNE, 0x000fffffffffffffull, 1, 0, MINNORM, 0),
	/* FMIN/FMAX (2.2: a NaN operand gives the other one) */
	V(MIN, RNE, NZERO, 0, 0, NZERO, 0),
	V(MIN, RNE, 0, NZERO, 0, NZERO, 0),
	V(MAX, RNE, NZERO, 0, 0, 0, 0),
	V(MAX, RNE, 0, NZERO, 0, 0, 0),
	V(MAX, RNE, SNAN, ONE, 0, ONE, NV),
	V(MIN, RNE, ONE, 0xfff0000000000001ull, 0, ONE, NV),
	V(MIN, RNE, CANON, TWO, 0, TWO, 0),
	V(MIN, RNE, 0x7ff8000000000001ull, 0xfff8000000000000ull, 0, CANON, 0),
	V(MAX, RNE, SNAN, CANON, 0, CANON, NV),
	V(MIN, RNE, MONE, ONE, 0, MONE, 0),
	V(MAX, RNE, NINF, MAXD, 0, MAXD, 0),
	/* comparisons: FEQ quiet, FLT/FLE signalling */
	V(EQ, RNE, CANON, CANON, 0, 0, 0),
	V(EQ, RNE, SNAN, ONE, 0, 0, NV),
	V(LT, RNE, CANON, ONE, 0, 0, NV),
	V(LE, RNE, ONE, CANON, 0, 0, NV),
	V(EQ, RNE, NZERO, 0, 0, 1, 0),
	V(LT, RNE, NZERO, 0, 0, 0, 0),
	V(LE, RNE, NZERO, 0, 0, 1, 0),
	V(LT, RNE, MONE, ONE, 0, 1, 0),
	V(LE, RNE, ONE, MONE, 0, 0, 0),
	V(LT, RNE, NINF, PINF, 0, 1, 0),
	V(LT, RNE, 0x8000000000000002ull, 0x8000000000000001ull, 0, 1, 0),
	/* FCLASS */
	V(CLASS, RNE, NINF, 0, 0, 1u << 0, 0),
	V(CLASS, RNE, MONE, 0, 0, 1u << 1, 0),
	V(CLASS, RNE, 0x8000000000000001ull, 0, 0, 1u << 2, 0),
	V(CLASS, RNE, NZERO, 0, 0, 1u << 3, 0),
	V(CLASS, RNE, 0, 0, 0, 1u << 4, 0),
	V(CLASS, RNE, 0x000fffffffffffffull, 0, 0, 1u << 5, 0),
	V(CLASS, RNE, MINNORM, 0, 0, 1u << 6, 0),
	V(CLASS, RNE, PINF, 0, 0, 1u << 7, 0),
	V(CLASS, RNE, SNAN, 0, 0, 1u << 8, 0),
	V(CLASS, RNE, 0xfff7ffffffffffffull, 0, 0, 1u << 8, 0),
	V(CLASS, RNE, CANON, 0, 0, 1u << 9, 0),
	/* FCVT.W.D: NaN is the largest; saturate with NV, else NX */
	V(TO_I32, RNE, CANON, 0, 0, 0x7fffffff, NV),
	V(TO_I32, RNE, 0xfff8000000000000ull, 0, 0, 0x7fffffff, NV),
	V(TO_I32, RTZ, SNAN, 0, 0, 0x7fffffff, NV),
	V(TO_I32, RNE, NINF, 0, 0, 0x80000000, NV),
	V(TO_I32, RNE, PINF, 0, 0, 0x7fffffff, NV),
	V(TO_I32, RTZ, 0xbff8000000000000ull, 0, 0, 0xffffffff, NX),
	V(TO_I32, RNE, 0xbff8000000000000ull, 0, 0, 0xfffffffe, NX),
	V(TO_I32, RNE, 0x4004000000000000ull, 0, 0, 2, NX),
	V(TO_I32, RMM, 0x4004000000000000ull, 0, 0, 3, NX),
	V(TO_I32, RMM, 0xc004000000000000ull, 0, 0, 0xfffffffd, NX),
	V(TO_I32, RMM, HALF, 0, 0, 1, NX),
	V(TO_I32, RTZ, 0x41dfffffffe00000ull, 0, 0, 0x7fffffff, NX),
	V(TO_I32, RNE, 0x41dfffffffe00000ull, 0, 0, 0x7fffffff, NV),
	V(TO_I32, RNE, 0xc1e0000000100000ull, 0, 0, 0x80000000, NX),
	V(TO_I32, RTZ, 0xc1e0000000100000ull, 0, 0, 0x80000000, NX),
	V(TO_I32, RMM, 0xc1e0000000100000ull, 0, 0, 0x80000000, NV),
	V(TO_I32, RDN, 0xc1e0000000100000ull, 0, 0, 0x80000000, NV),
	V(TO_I32, RNE, 0xc1e0000000200000ull, 0, 0, 0x80000000, NV),
	V(TO_I32, RNE, 0x4202a05f20000000ull, 0, 0, 0x7fffffff, NV),
	V(TO_I32, RUP, 1, 0, 0, 1, NX),
	V(TO_I32, RDN, 1, 0, 0, 0, NX),
	V(TO_I32, RDN, 0x8000000000000001ull, 0, 0, 0xffffffff, NX),
	V(TO_I32, RNE, NZERO, 0, 0, 0, 0),
	/* FCVT.WU.D: -0.5 rounding to 0 is in range */
	V(TO_U32, RTZ, 0xbfe0000000000000ull, 0, 0, 0, NX),
	V(TO_U32, RNE, 0xbfe0000000000000ull, 0, 0, 0, NX),
	V(TO_U32, RUP, 0xbfe0000000000000ull, 0, 0, 0, NX),
	V(TO_U32, RDN, 0xbfe0000000000000ull, 0, 0, 0, NV),
	V(TO_U32, RMM, 0xbfe0000000000000ull, 0, 0, 0, NV),
	V(TO_U32, RTZ, MONE, 0, 0, 0, NV),
	V(TO_U32, RNE, CANON, 0, 0, 0xffffffff, NV),
	V(TO_U32, RNE, 0xfff8000000000000ull, 0, 0, 0xffffffff, NV),
	V(TO_U32, RNE, NINF, 0, 0, 0, NV),
	V(TO_U32, RTZ, 0x41effffffff00000ull, 0, 0, 0xffffffff, NX),
	V(TO_U32, RNE, 0x41effffffff00000ull, 0, 0, 0xffffffff, NV),
	V(TO_U32, RNE, 0x41f0000000000000ull, 0, 0, 0xffffffff, NV),
	V(TO_U32, RNE, NZERO, 0, 0, 0, 0),
	/* integer to binary64: exact */
	V(I32_TO, RNE, 0x80000000, 0, 0, 0xc1e0000000000000ull, 0),
	V(I32_TO, RNE, 0xffffffff, 0, 0, MONE, 0),
	V(I32_TO, RNE, 0, 0, 0, 0, 0),
	V(I32_TO, RNE, 0x7fffffff, 0, 0, 0x41dfffffffc00000ull, 0),
	V(U32_TO, RNE, 0xffffffff, 0, 0, 0x41efffffffe00000ull, 0),
	V(U32_TO, RNE, 1, 0, 0, ONE, 0),
	V(U32_TO, RNE, 0, 0, 0, 0, 0),
	/* FCVT.D.S: exact, NaNs canonical */
	V(F32_TO, RNE, 0x7f800001, 0, 0, CANON, NV),
	V(F32_TO, RNE, 0xffc00000, 0, 0, CANON, 0),
	V(F32_TO, RNE, 0x00000001, 0, 0, 0x36a0000000000000ull, 0),
	V(F32_TO, RNE, 0x00400000, 0, 0, 0x3800000000000000ull, 0),
	V(F32_TO, RNE, 0x80000000, 0, 0, NZERO, 0),
	V(F32_TO, RNE, 0xff800000, 0, 0, NINF, 0),
	V(F32_TO, RNE, 0x3f800000, 0, 0, ONE, 0),
	/* FCVT.S.D: overflow per mode, tininess after rounding */
	V(TO_F32, RTZ, MAXD, 0, 0, 0x7f7fffff, OF | NX),
	V(TO_F32, RNE, MAXD, 0, 0, 0x7f800000, OF | NX),
	V(TO_F32, RDN, MAXD, 0, 0, 0x7f7fffff, OF | NX),
	V(TO_F32, RUP, MAXD | NZERO, 0, 0, 0xff7fffff, OF | NX),
	V(TO_F32, RDN, MAXD | NZERO, 0, 0, 0xff800000, OF | NX),
	V(TO_F32, RNE, CANON, 0, 0, CANON32, 0),
	V(TO_F32, RNE, SNAN, 0, 0, CANON32, NV),
	V(TO_F32, RNE, 0xfff8000000000000ull, 0, 0, CANON32, 0),
	V(TO_F32, RNE, ONE, 0, 0, 0x3f800000, 0),
	V(TO_F32, RNE, 0x3ff0000010000000ull, 0, 0, 0x3f800000, NX),
	V(TO_F32, RMM, 0x3ff0000010000000ull, 0, 0, 0x3f800001, NX),
	V(TO_F32, RNE, 0x3ff0000030000000ull, 0, 0, 0x3f800002, NX),
	V(TO_F32, RNE, 0x3690000000000000ull, 0, 0, 0, UF | NX),
	V(TO_F32, RMM, 0x3690000000000000ull, 0, 0, 1, UF | NX),
	V(TO_F32, RUP, 1, 0, 0, 1, UF | NX),
	V(TO_F32, RNE, 0x8000000000000001ull, 0, 0, 0x80000000, UF | NX),
	V(TO_F32, RNE, 0x380ffffff0000000ull, 0, 0, 0x00800000, NX),
	V(TO_F32, RTZ, 0x380ffffff0000000ull, 0, 0, 0x007fffff, UF | NX),
	V(TO_F32, RNE, 0x380fffffe0000000ull, 0, 0, 0x00800000, UF | NX),
	/* tininess after rounding in a product */
	V(MUL, RNE, 0x0010000000000001ull, 0x3feffffffffffffeull, 0,
	  MINNORM, NX),
	V(MUL, RTZ, 0x0010000000000001ull, 0x3feffffffffffffeull, 0,
	  0x000fffffffffffffull, UF | NX),
	V(MUL, RNE, MINNORM, 0x3fefffffffffffffull, 0, MINNORM, UF | NX),
	V(FMA, RNE, 0x0010000000000001ull, 0x3feffffffffffffeull, 0,
	  MINNORM, NX),
	V(DIV, RNE, 0x0010000000000001ull, 0x3ff0000000000002ull, 0,
	  0x000fffffffffffffull, UF | NX),
	/* overflow per mode */
	V(MUL, RNE, MAXD, TWO, 0, PINF, OF | NX),
	V(MUL, RTZ, MAXD, TWO, 0, MAXD, OF | NX),
	V(MUL, RDN, MAXD, TWO, 0, MAXD, OF | NX),
	V(MUL, RUP, MAXD, TWO, 0, PINF, OF | NX),
	V(MUL, RMM, MAXD, TWO, 0, PINF, OF | NX),
	V(MUL, RUP, MAXD | NZERO, TWO, 0, MAXD | NZERO, OF | NX),
	V(MUL, RDN, MAXD | NZERO, TWO, 0, NINF, OF | NX),
	V(ADD, RNE, MAXD, 0x7c90000000000000ull, 0, PINF, OF | NX),
	V(ADD, RTZ, MAXD, 0x7c90000000000000ull, 0, MAXD, NX),
	/* RMM: ties away from zero, the rest as RNE */
	V(ADD, RNE, ONE, 0x3ca0000000000000ull, 0, ONE, NX),
	V(ADD, RMM, ONE, 0x3ca0000000000000ull, 0, 0x3ff0000000000001ull, NX),
	V(SUB, RMM, MONE, 0x3ca0000000000000ull, 0, 0xbff0000000000001ull, NX),
	V(ADD, RMM, ONE, 0x3cb8000000000000ull, 0, 0x3ff0000000000002ull, NX),
	V(ADD, RMM, ONE, 0x3c90000000000000ull, 0, ONE, NX),
	V(MUL, RNE, 0x3ff0000002000000ull, 0x3ff0000004000000ull, 0,
	  0x3ff0000006000000ull, NX),
	V(MUL, RMM, 0x3ff0000002000000ull, 0x3ff0000004000000ull, 0,
	  0x3ff0000006000001ull, NX),
	V(MUL, RNE, 1, HALF, 0, 0, UF | NX),
	V(MUL, RMM, 1, HALF, 0, 1, UF | NX),
	V(MUL, RNE, 5, HALF, 0, 2, UF | NX),
	V(MUL, RMM, 5, HALF | NZERO, 0, 3 | NZERO, UF | NX),
	V(MUL, RMM, 3, HALF, 0, 2, UF | NX),
	V(DIV, RMM, 1, TWO, 0, 1, UF | NX),
	V(DIV, RNE, 1, TWO, 0, 0, UF | NX),
	V(FMA, RNE, ONE, ONE, 0x3ca0000000000000ull, ONE, NX),
	V(FMA, RMM, ONE, ONE, 0x3ca0000000000000ull, 0x3ff0000000000001ull,
	  NX),
	V(FMA, RNE, 0x3ff0000000000001ull, 0x3ff0000000000001ull,
	  0x3c9ffffffffffffcull, 0x3ff0000000000002ull, NX),
	V(FMA, RMM, 0x3ff0000000000001ull, 0x3ff0000000000001ull,
	  0x3c9ffffffffffffcull, 0x3ff0000000000003ull, NX),
	V(SQRT, RMM, TWO, 0, 0, 0x3ff6a09e667f3bcdull, NX),
	V(ADD, RMM, MAXD, 0x7c90000000000000ull, 0, PINF, OF | NX),
};

static void spot_vectors(struct kunit *test)
{
	unsigned int i, bad = 0;

	for (i = 0; i < ARRAY_SIZE(spot); i++) {
		const struct vec *v = &spot[i];
		uint8_t fl = 0;
		uint64_t z = lib(v->op, v->a, v->b, v->c, v->rm, &fl);

		if (z == v->z && fl == v->fl)
			continue;
		bad++;
		KUNIT_FAIL(test,
			   "#%u %s.%s %#llx %#llx %#llx: %#llx fl %#x, want %#llx fl %#x",
			   i, op_names[v->op], rm_names[v->rm],
			   (unsigned long long)v->a, (unsigned long long)v->b,
			   (unsigned long long)v->c, (unsigned long long)z, fl,
			   (unsigned long long)v->z, v->fl);
	}
	kunit_info(test, "%u of %zu vectors right", (unsigned int)(i - bad),
		   ARRAY_SIZE(spot));
}

/* --- seeded operands ------------------------------------------------- */

static uint64_t rnd(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/*
 * A fraction with structure: random, short (exact results and ties),
 * all ones (carries into the exponent), low ones, a single bit, zero.
 */
static uint64_t rand_frac(uint64_t *s)
{
	uint64_t r = rnd(s), m = rnd(s) & FRAC_MASK;
	unsigned int k = (unsigned int)(r >> 8) % 53;

	switch (r & 7) {
	case 0:
		return m & ~((1ull << k) - 1);
	case 1:
		return m & (FRAC_MASK << (52 - k / 2)) & FRAC_MASK;
	case 2:
		return FRAC_MASK;
	case 3:
		return FRAC_MASK >> k;
	case 4:
		return (1ull << k) & FRAC_MASK;
	case 5:
		return k & 1 ? 0 : FRAC_MASK ^ (1ull << (k / 2));
	default:
		return m;
	}
}

static uint64_t rand_f64(uint64_t *s)
{
	uint64_t r = rnd(s), sign = (r & 1) << 63;
	unsigned int k = (unsigned int)(r >> 8);
	int e;

	switch (r >> 1 & 31) {
	case 0:
		return rnd(s);
	case 1:
		return sign;
	case 2:
		return sign | PINF;
	case 3:
		return sign | CANON | (rnd(s) & 0x0007ffffffffffffull);
	case 4:
		return sign | PINF | (rnd(s) & 0x0007ffffffffffffull) | 1;
	case 5:
	case 6:
		e = 0;
		break;
	case 7:
	case 8:
		e = 1 + (int)(k % 3);
		break;
	case 9:
	case 10:
		e = 0x7fe - (int)(k % 3);
		break;
	case 11:
	case 12:
	case 13:
	case 14:
		e = 0x3fc + (int)(k % 8);
		break;
	default:
		e = 1 + (int)(k % 0x7fe);
		break;
	}
	return sign | (uint64_t)e << 52 | rand_frac(s);
}

static int exp_of(uint64_t a)
{
	return (int)(a >> 52 & 0x7ff);
}

/* binary32 operands from the same classes, NaNs of both kinds included. */
static uint32_t rand_f32(uint64_t *s)
{
	uint64_t a = rand_f64(s);
	int e = exp_of(a);
	uint32_t m = (uint32_t)((a & FRAC_MASK) >> 29);

	if (e == 0x7ff) {
		if ((a & FRAC_MASK) && !m)
			m = 1;
		e = 0xff;
	} else if (e) {
		e = 1 + (e - 1) % 0xfe;
	}
	return (uint32_t)(a >> 32 & 0x80000000u) | (uint32_t)e << 23 | m;
}

static uint64_t with_exp(uint64_t a, int e)
{
	if (e < 0)
		e = 0;
	if (e > 0x7fe)
		e = 0x7fe;
	return (a & ~(0x7ffull << 52)) | (uint64_t)e << 52;
}

/*
 * b such that a * b (a / b when @div) lies within a few units in the
 * last place of the smallest normal or the largest finite value, where
 * tininess after rounding and overflow after rounding are decided.
 */
static uint64_t near_threshold(uint64_t a, bool div, uint64_t r)
{
	uint64_t thr = r & 1 ? MINNORM : MAXD, b;
	uint8_t fl = 0;

	a &= MAG_MASK;
	b = div ? rv_f64_div(a, thr, RV_RM_RTZ, &fl) :
		  rv_f64_div(thr, a, RV_RM_RTZ, &fl);
	return (b + (r >> 1) % 5 - 2) ^ (r & 8 ? NZERO : 0);
}

/*
 * Operands for @op, a quarter of them related so the result lands where
 * the hard cases are: cancellation in sums, products and quotients near
 * the underflow and overflow thresholds, fma addends that nearly cancel
 * the product or sit just below its last bit. Unused operands are 0.
 */
static void rand_operands(enum op op, uint64_t *s, uint64_t *a, uint64_t *b,
			  uint64_t *c)
{
	uint64_t r = rnd(s), r2 = rnd(s);
	int t;

	*a = rand_f64(s);
	*b = op <= LE ? rand_f64(s) : 0;
	*c = op == FMA ? rand_f64(s) : 0;
	if (op == SQRT && (r & 0x30))
		*a &= MAG_MASK;
	if (r & 3)
		return;
	/* a target exponent near a threshold, or anywhere */
	switch (r >> 8 & 3) {
	case 0:
		t = 1 - (int)(r >> 16 & 63);
		break;
	case 1:
		t = 0x7fe + 1 - (int)(r >> 16 & 3);
		break;
	default:
		t = 0x3ff + (int)(r >> 16 & 7) - 3;
		break;
	}
	switch (op) {
	case ADD:
	case SUB:
		*b = with_exp(*a, exp_of(*a) + (int)(r >> 24 & 3) - 1) ^
		     (r2 >> (r >> 32 & 63));
		*b = (*b & MAG_MASK) | ((*a ^ (op == ADD ? NZERO : 0)) & NZERO);
		break;
	case MUL:
	case DIV:
		if (r & 4)
			*b = near_threshold(*a, op == DIV, r2);
		else if (op == MUL)
			*b = with_exp(*b, t - exp_of(*a) + 0x3ff);
		else
			*b = with_exp(*b, exp_of(*a) - t + 0x3ff);
		break;
	case FMA: {
		uint8_t fl = 0;
		uint64_t p;

		switch (r >> 2 & 3) {
		case 0:
			*b = with_exp(*b, t - exp_of(*a) + 0x3ff);
			break;
		case 1:
			*b = near_threshold(*a, false, r2);
			*c = r & 16 ? 0 : *c & 0x800fffffffffffffull;
			break;
		default:
			p = rv_f64_mul(*a, *b, RV_RM_RNE, &fl);
			if (r & 16)
				*c = (p ^ NZERO) ^ (r2 >> (r >> 32 & 63));
			else
				*c = with_exp(*c, exp_of(p) - (int)(r2 & 127));
			break;
		}
		break;
	}
	case TO_F32:
		/* binary32's whole range and a little beyond either end */
		*a = with_exp(*a, 0x368 + (int)((r >> 24) % (0x482 - 0x368)));
		break;
	case TO_I32:
	case TO_U32:
		*a = with_exp(*a, 0x3fe + (int)(r >> 24 & 31));
		break;
	case MIN:
	case MAX:
	case EQ:
	case LT:
	case LE:
		if (r & 4)
			*b = *a ^ (r >> 32 & 3);
		else if (r & 8)
			*b = *a ^ NZERO;
		break;
	default:
		break;
	}
}

/*
 * Round trips that must be exact in every mode: int32 and uint32 through
 * binary64, and binary32 (not NaN) through binary64.
 */
static void exact_conversions(struct kunit *test)
{
	unsigned int bad = 0;
	uint64_t s = 3;

	for (int i = 0; i < 20000 && bad < 10; i++) {
		unsigned int rm = (unsigned int)i % 5;
		uint32_t x, y;
		uint64_t z;
		uint8_t fl = 0;

		x = (uint32_t)rnd(&s) >> (i % 32);
		if (i & 1)
			x = 0u - x;
		z = rv_i32_to_f64((int32_t)x);
		y = (uint32_t)rv_f64_to_i32(z, rm, &fl);
		if (y != x || fl)
			goto fail;
		z = rv_u32_to_f64(x);
		y = rv_f64_to_u32(z, rm, &fl);
		if (y != x || fl)
			goto fail;
		x = rand_f32(&s);
		if (nan32(x))
			continue;
		z = rv_f32_to_f64(x, &fl);
		y = rv_f64_to_f32(z, rm, &fl);
		if (y != x || fl)
			goto fail;
		continue;
fail:
		bad++;
		KUNIT_FAIL(test, "round trip of %#x in %s: %#llx, %#x fl %#x",
			   x, rm_names[rm], (unsigned long long)z, y, fl);
	}
}

/* --- the host oracle ------------------------------------------------- */

static const int fe_modes[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD,
				 FE_UPWARD };

static double u2d(uint64_t a)
{
	double d;

	memcpy(&d, &a, sizeof(d));
	return d;
}

static uint64_t d2u(double d)
{
	uint64_t a;

	memcpy(&a, &d, sizeof(a));
	return a;
}

static float u2f(uint32_t a)
{
	float f;

	memcpy(&f, &a, sizeof(f));
	return f;
}

static uint32_t f2u(float f)
{
	uint32_t a;

	memcpy(&a, &f, sizeof(a));
	return a;
}

static uint8_t host_flags(void)
{
	int e = fetestexcept(FE_ALL_EXCEPT);

	return (e & FE_INVALID ? NV : 0) | (e & FE_DIVBYZERO ? DZ : 0) |
	       (e & FE_OVERFLOW ? OF : 0) | (e & FE_UNDERFLOW ? UF : 0) |
	       (e & FE_INEXACT ? NX : 0);
}

/*
 * glibc's rint() and round(), called through pointers: gcc expands them
 * inline otherwise, and its rint() expansion rounds the magnitude and
 * copies the sign back, which is wrong for negative values in the
 * directed modes.
 */
static double (*volatile host_rint)(double) = rint;
static double (*volatile host_round)(double) = round;

/*
 * Float-to-integer with RISC-V saturation, which C casts do not have:
 * rint() in the mode (round() for RMM: ties away), then the range.
 */
static uint64_t host_to_int(uint64_t a, unsigned int rm, bool uns,
			    uint8_t *fl)
{
	volatile double x = u2d(a), r;
	double hi = uns ? 4294967295.0 : 2147483647.0;
	double lo = uns ? 0.0 : -2147483648.0;

	if (rm == RV_RM_RMM) {
		r = host_round(x);
	} else {
		fesetround(fe_modes[rm]);
		r = host_rint(x);
		fesetround(FE_TONEAREST);
	}
	if (isnan(x) || r > hi) {
		*fl = NV;
		return uns ? UINT32_MAX : INT32_MAX;
	}
	if (r < lo) {
		*fl = NV;
		return uns ? 0 : (uint32_t)INT32_MIN;
	}
	*fl = r != x ? NX : 0;
	return uns ? (uint32_t)r : (uint32_t)(int32_t)r;
}

/* FMIN/FMAX of RISC-V 2.2 from the host's ordered comparisons. */
static uint64_t ref_minmax(uint64_t a, uint64_t b, bool max, uint8_t *fl)
{
	double x = u2d(a), y = u2d(b);

	*fl = snan64(a) || snan64(b) ? NV : 0;
	if (isnan(x) && isnan(y))
		return CANON;
	if (isnan(x))
		return b;
	if (isnan(y))
		return a;
	if (x == y) /* +0 and -0, or the same value */
		return (signbit(x) != max) ? a : b;
	return ((x < y) != max) ? a : b;
}

static uint32_t ref_class(uint64_t a)
{
	double x = u2d(a);
	bool neg = signbit(x);

	switch (fpclassify(x)) {
	case FP_INFINITE:
		return neg ? 1u << 0 : 1u << 7;
	case FP_NORMAL:
		return neg ? 1u << 1 : 1u << 6;
	case FP_SUBNORMAL:
		return neg ? 1u << 2 : 1u << 5;
	case FP_ZERO:
		return neg ? 1u << 3 : 1u << 4;
	default:
		return snan64(a) ? 1u << 8 : 1u << 9;
	}
}

/*
 * The host's comparison flags: UCOMISD for FEQ (quiet), COMISD for
 * FLT/FLE (signalling), whatever gcc would pick for the C operators.
 */
static bool host_cmp(enum op op, uint64_t a, uint64_t b, uint8_t *fl)
{
	volatile double x = u2d(a), y = u2d(b);
	volatile int f = 0;

	feclearexcept(FE_ALL_EXCEPT);
#if HOST_ORACLE
	{
		__m128d xa = _mm_set_sd(x), yb = _mm_set_sd(y);

		if (op == EQ)
			f = _mm_ucomieq_sd(xa, yb);
		else if (op == LT)
			f = _mm_comilt_sd(xa, yb);
		else
			f = _mm_comile_sd(xa, yb);
	}
#endif
	*fl = host_flags();
	(void)f;
	if (op == EQ)
		return x == y;
	return op == LT ? x < y : x <= y;
}

/* @op on the host in mode @rm (0..3); NaN results are left as the host's. */
static uint64_t host(enum op op, uint64_t a, uint64_t b, uint64_t c,
		     unsigned int rm, uint8_t *fl)
{
	volatile double x = u2d(a), y = u2d(b), z = u2d(c), r = 0;
	volatile float xf = u2f((uint32_t)a), rf = 0;

	switch (op) {
	case MIN:
	case MAX:
		return ref_minmax(a, b, op == MAX, fl);
	case EQ:
	case LT:
	case LE:
		return host_cmp(op, a, b, fl);
	case CLASS:
		*fl = 0;
		return ref_class(a);
	case TO_I32:
	case TO_U32:
		return host_to_int(a, rm, op == TO_U32, fl);
	default:
		break;
	}
	fesetround(fe_modes[rm]);
	feclearexcept(FE_ALL_EXCEPT);
	switch (op) {
	case ADD:
		r = x + y;
		break;
	case SUB:
		r = x - y;
		break;
	case MUL:
		r = x * y;
		break;
	case DIV:
		r = x / y;
		break;
	case SQRT:
		r = sqrt(x);
		break;
	case FMA:
		r = fma(x, y, z);
		break;
	case I32_TO:
		r = (int32_t)a;
		break;
	case U32_TO:
		r = (uint32_t)a;
		break;
	case F32_TO:
		r = xf;
		break;
	case TO_F32:
		rf = (float)x;
		break;
	default:
		break;
	}
	*fl = host_flags();
	fesetround(FE_TONEAREST);
	return op == TO_F32 ? f2u(rf) : d2u(r);
}

static bool host_nan(enum op op, uint64_t h)
{
	if (f32_result(op))
		return nan32(h);
	return f64_result(op) && nan64(h);
}

/*
 * The one host difference RISC-V pins down: fma(inf, 0, qNaN) raises NV
 * on RISC-V, while IEEE 754 leaves it to the implementation.
 */
static bool inf_times_zero(uint64_t a, uint64_t b)
{
	return ((a & MAG_MASK) == PINF && !(b & MAG_MASK)) ||
	       ((b & MAG_MASK) == PINF && !(a & MAG_MASK));
}

static void skip_without_oracle(struct kunit *test)
{
	if (!HOST_ORACLE)
		kunit_skip(test,
			   "no host oracle: needs x86-64 SSE2 binary64 (fenv, tininess after rounding)");
}

/*
 * What the oracle relies on: tininess detected after rounding, as
 * RISC-V does (x86 does; ARM, for one, detects it before rounding).
 */
static const struct vec host_tininess[] = {
	V(MUL, RNE, 0x0010000000000001ull, 0x3feffffffffffffeull, 0, MINNORM,
	  NX),
	V(MUL, RTZ, 0x0010000000000001ull, 0x3feffffffffffffeull, 0,
	  0x000fffffffffffffull, UF | NX),
	V(MUL, RNE, MINNORM, 0x3fefffffffffffffull, 0, MINNORM, UF | NX),
	V(TO_F32, RNE, 0x380ffffff0000000ull, 0, 0, 0x00800000, NX),
	V(TO_F32, RNE, 0x380fffffe0000000ull, 0, 0, 0x00800000, UF | NX),
};

/*
 * And a correctly rounded fma() with IEEE flags, tininess included:
 * glibc uses the FMA3 instruction where the CPU has it (this suite was
 * written on such a host); its software fallback is meant to be exact
 * too, but if this host's fma() gets only the flags wrong, fma_vs_host
 * compares results alone.
 */
static const struct vec host_fma[] = {
	V(FMA, RNE, 0x0010000000000001ull, 0x3feffffffffffffeull, 0, MINNORM,
	  NX),
	V(FMA, RTZ, 0x0010000000000001ull, 0x3feffffffffffffeull, 0,
	  0x000fffffffffffffull, UF | NX),
	V(FMA, RNE, MINNORM, 0x3fefffffffffffffull, 0, MINNORM, UF | NX),
	V(FMA, RNE, 0x3ff0000000000001ull, 0x3feffffffffffffeull, MONE,
	  0xb970000000000000ull, 0),
	V(FMA, RNE, MAXD, TWO, 0, PINF, OF | NX),
	V(FMA, RDN, ONE, ONE, MONE, NZERO, 0),
	V(FMA, RNE, ONE, ONE, 0x3ca0000000000000ull, ONE, NX),
};

/* The host's wrong results (bit 0) and wrong flags (bit 1) on @v. */
static unsigned int host_check(struct kunit *test, const struct vec *v,
			       unsigned int n, bool report)
{
	unsigned int i, wrong = 0;

	for (i = 0; i < n; i++) {
		uint8_t fl;
		uint64_t z = host(v[i].op, v[i].a, v[i].b, v[i].c, v[i].rm,
				  &fl);

		if (z == v[i].z && fl == v[i].fl)
			continue;
		wrong |= (z != v[i].z) | (fl != v[i].fl) << 1;
		if (report)
			KUNIT_FAIL(test,
				   "host %s.%s %#llx %#llx %#llx: %#llx fl %#x, want %#llx fl %#x",
				   op_names[v[i].op], rm_names[v[i].rm],
				   (unsigned long long)v[i].a,
				   (unsigned long long)v[i].b,
				   (unsigned long long)v[i].c,
				   (unsigned long long)z, fl,
				   (unsigned long long)v[i].z, v[i].fl);
	}
	return wrong;
}

static void host_oracle_sane(struct kunit *test)
{
	skip_without_oracle(test);
	host_check(test, host_tininess, ARRAY_SIZE(host_tininess), true);
	if (host_check(test, host_fma, ARRAY_SIZE(host_fma), false))
		kunit_info(test, "host fma() is not IEEE exact: see fma_vs_host");
}

/*
 * @n operand sets per operation of @ops, each in the four host rounding
 * modes, against the host: the same bits (any NaN result must be the
 * canonical one) and the same flags, those in @flags at least.
 */
static void vs_host(struct kunit *test, const enum op *ops, unsigned int nops,
		    int n, uint64_t seed, uint8_t flags)
{
	unsigned int bad = 0, done = 0;
	uint64_t s = seed;

	skip_without_oracle(test);
	for (int i = 0; i < n && bad < 10; i++) {
		for (unsigned int k = 0; k < nops; k++) {
			enum op op = ops[k];
			uint64_t a, b, c;

			rand_operands(op, &s, &a, &b, &c);
			if (op == F32_TO)
				a = rand_f32(&s);
			else if (op == I32_TO || op == U32_TO)
				a = (uint32_t)a >> (i % 32);
			for (unsigned int rm = 0; rm < 4; rm++) {
				uint8_t fl = 0, hfl;
				uint64_t z = lib(op, a, b, c, rm, &fl);
				uint64_t h = host(op, a, b, c, rm, &hfl);
				uint64_t canon = f32_result(op) ? CANON32 : CANON;

				if (op == FMA && nan64(c) &&
				    inf_times_zero(a, b))
					hfl |= NV;
				done++;
				if ((z == h || (z == canon && host_nan(op, h))) &&
				    !((fl ^ hfl) & flags))
					continue;
				bad++;
				KUNIT_FAIL(test,
					   "%s.%s %#llx %#llx %#llx: %#llx fl %#x, host %#llx fl %#x",
					   op_names[op], rm_names[rm],
					   (unsigned long long)a,
					   (unsigned long long)b,
					   (unsigned long long)c,
					   (unsigned long long)z, fl,
					   (unsigned long long)h, hfl);
				if (bad >= 10)
					break;
			}
		}
	}
	kunit_info(test, "%u results agree with the host", done - bad);
}

static void arith_vs_host(struct kunit *test)
{
	static const enum op ops[] = { ADD, SUB, MUL, DIV, SQRT };

	vs_host(test, ops, ARRAY_SIZE(ops), 120000, 1, 0x1f);
}

static void fma_vs_host(struct kunit *test)
{
	static const enum op ops[] = { FMA };
	unsigned int wrong;

	skip_without_oracle(test);
	wrong = host_check(test, host_fma, ARRAY_SIZE(host_fma), false);
	if (wrong & 1)
		kunit_skip(test, "the host's fma() is not correctly rounded");
	if (wrong)
		kunit_info(test, "the host's fma() flags are wrong: results only");
	vs_host(test, ops, ARRAY_SIZE(ops), 400000, 2, wrong ? 0 : 0x1f);
}

static void convert_vs_host(struct kunit *test)
{
	static const enum op ops[] = { TO_I32, TO_U32, I32_TO, U32_TO, F32_TO,
				       TO_F32 };

	vs_host(test, ops, ARRAY_SIZE(ops), 60000, 3, 0x1f);
}

static void compare_vs_host(struct kunit *test)
{
	static const enum op ops[] = { MIN, MAX, EQ, LT, LE, CLASS };

	vs_host(test, ops, ARRAY_SIZE(ops), 40000, 4, 0x1f);
}

/* --- RMM --------------------------------------------------------------- */

/*
 * Exact values for tie detection: a two's complement fixed-point number
 * wide enough for any binary64 sum, product or fma, bit i weighing
 * 2^(i - BIG_OFF).
 */
#define BIG_LIMBS 140
#define BIG_OFF 2240

struct big {
	uint32_t w[BIG_LIMBS];
};

/* @x += or -= @m * 2^@e, for m < 2^107 and e >= -BIG_OFF. */
static void big_add(struct big *x, unsigned __int128 m, int e, bool sub)
{
	unsigned int pos = (unsigned int)(e + BIG_OFF);
	unsigned int i = pos / 32, sh = pos % 32, t;
	int64_t carry = 0, v;
	uint32_t part;

	for (t = 0; i + t < BIG_LIMBS; t++) {
		if (t == 0)
			part = (uint32_t)(m << sh);
		else if (32 * t - sh < 128)
			part = (uint32_t)(m >> (32 * t - sh));
		else
			part = 0;
		v = (int64_t)x->w[i + t] + (sub ? -(int64_t)part : part) +
		    carry;
		x->w[i + t] = (uint32_t)v;
		carry = v >> 32;
		if (t >= 5 && !carry)
			break;
	}
}

/* Whether |x| lies exactly halfway between two binary64 neighbours. */
static bool big_tie(struct big *x)
{
	int i, top = -1, lsb;

	if (x->w[BIG_LIMBS - 1] >> 31) { /* negative: negate */
		uint64_t carry = 1;

		for (i = 0; i < BIG_LIMBS; i++) {
			carry += (uint32_t)~x->w[i];
			x->w[i] = (uint32_t)carry;
			carry >>= 32;
		}
	}
	for (i = BIG_LIMBS - 1; i >= 0 && top < 0; i--)
		if (x->w[i])
			top = i * 32 + 31 - __builtin_clz(x->w[i]);
	if (top < 0)
		return false;
	/* the last kept bit: 53 bits down, or the subnormals' 2^-1074 */
	lsb = top - 52;
	if (lsb < BIG_OFF - 1074)
		lsb = BIG_OFF - 1074;
	/* a tie: the bit below it set, everything further down clear */
	i = lsb - 1;
	if (!(x->w[i / 32] >> (i % 32) & 1) ||
	    (x->w[i / 32] & ((1u << (i % 32)) - 1)))
		return false;
	while (i >= 32) {
		i -= 32;
		if (x->w[i / 32])
			return false;
	}
	return true;
}

/* A finite binary64 as ±m * 2^e with an integer m < 2^53. */
static uint64_t decomp(uint64_t a, int *e)
{
	int ex = exp_of(a);

	*e = (ex ? ex : 1) - 1075;
	return (a & FRAC_MASK) | (ex ? 1ull << 52 : 0);
}

/*
 * Whether the exact result of @op is a tie for binary64 (binary32 for
 * TO_F32). Sums, products and fma are summed exactly; a quotient is a
 * tie when it is an odd multiple of half its last place (only possible
 * for subnormal results); a square root never is.
 */
static bool exact_tie(enum op op, uint64_t a, uint64_t b, uint64_t c,
		      uint32_t d32, uint32_t u32)
{
	static struct big x;
	uint64_t ma, mb, mc;
	int ea, eb, ec;

	if (op == TO_F32) {
		/* midpoints of binary32 neighbours are binary64 values */
		double lo = u2f(d32), hi = u2f(u32);

		if (d32 == u32 || nan64(a))
			return false;
		if (isinf(hi))
			hi = copysign(0x1p128, hi);
		if (isinf(lo))
			lo = copysign(0x1p128, lo);
		return u2d(a) == (lo + hi) / 2;
	}
	if (nan64(a) || nan64(b) || nan64(c) || (a & MAG_MASK) == PINF ||
	    (b & MAG_MASK) == PINF || (c & MAG_MASK) == PINF || op == SQRT)
		return false;
	ma = decomp(a, &ea);
	mb = decomp(b, &eb);
	mc = decomp(c, &ec);
	if (op == DIV) {
		unsigned __int128 num, den;
		int la, lb, lead, lsb, sh;

		if (!ma || !mb)
			return false;
		la = 63 - __builtin_clzll(ma);
		lb = 63 - __builtin_clzll(mb);
		lead = la - lb + ea - eb -
		       ((ma << (63 - la)) < (mb << (63 - lb)));
		lsb = lead - 52 < -1074 ? -1074 : lead - 52;
		/* a / b / 2^(lsb - 1) = ma * 2^sh / mb must be odd */
		sh = ea - eb - lsb + 1;
		if (sh >= 0) {
			num = (unsigned __int128)ma << sh;
			den = mb;
		} else if (sh > -64) {
			num = ma;
			den = (unsigned __int128)mb << -sh;
		} else {
			return false;
		}
		return num % den == 0 && (num / den & 1);
	}
	memset(&x, 0, sizeof(x));
	switch (op) {
	case ADD:
	case SUB:
		big_add(&x, ma, ea, a >> 63);
		big_add(&x, mb, eb, (b >> 63) ^ (op == SUB));
		break;
	case MUL:
		big_add(&x, (unsigned __int128)ma * mb, ea + eb, false);
		break;
	case FMA:
		big_add(&x, (unsigned __int128)ma * mb, ea + eb,
			(a ^ b) >> 63);
		big_add(&x, mc, ec, c >> 63);
		break;
	default:
		return false;
	}
	return big_tie(&x);
}

/*
 * RMM without a host mode: the result must be the host's round-down or
 * round-up result, the one of larger magnitude on an exact tie and the
 * round-to-nearest-even one otherwise; the flags are RNE's (overflow and
 * tininess are decided on the same rounded value, and a tie is inexact
 * either way). Conversions to integer have an exact host RMM, round().
 */
static void rmm_vs_host(struct kunit *test)
{
	static const enum op ops[] = { ADD, SUB, MUL, DIV, SQRT, FMA, TO_F32,
				       TO_I32, TO_U32 };
	unsigned int bad = 0, done = 0, ties = 0;
	uint64_t s = 5;
	bool fma_ok;

	skip_without_oracle(test);
	fma_ok = !host_check(test, host_fma, ARRAY_SIZE(host_fma), false);
	for (int i = 0; i < 100000 && bad < 10; i++) {
		for (unsigned int k = 0; k < ARRAY_SIZE(ops); k++) {
			enum op op = ops[k];
			uint64_t a, b, c, z, n, d, u, want;
			uint8_t fl = 0, nfl, dfl, ufl;
			bool f32 = f32_result(op);
			uint64_t mag = f32 ? 0x7fffffffu : MAG_MASK;

			rand_operands(op, &s, &a, &b, &c);
			if (op == FMA && !fma_ok)
				continue;
			z = lib(op, a, b, c, RV_RM_RMM, &fl);
			done++;
			if (op == TO_I32 || op == TO_U32) {
				want = host_to_int(a, RV_RM_RMM, op == TO_U32,
						   &nfl);
			} else {
				n = host(op, a, b, c, RV_RM_RNE, &nfl);
				d = host(op, a, b, c, RV_RM_RDN, &dfl);
				u = host(op, a, b, c, RV_RM_RUP, &ufl);
				if (op == FMA && inf_times_zero(a, b))
					nfl |= NV;
				if (host_nan(op, n))
					want = f32 ? CANON32 : CANON;
				else if (!exact_tie(op, a, b, c, (uint32_t)d,
						    (uint32_t)u))
					want = n;
				else if (ties++, (d & mag) > (u & mag))
					want = d;
				else
					want = u;
			}
			if (z == want && fl == nfl)
				continue;
			bad++;
			KUNIT_FAIL(test,
				   "%s.rmm %#llx %#llx %#llx: %#llx fl %#x, want %#llx fl %#x",
				   op_names[op], (unsigned long long)a,
				   (unsigned long long)b,
				   (unsigned long long)c,
				   (unsigned long long)z, fl,
				   (unsigned long long)want, nfl);
		}
	}
	kunit_info(test, "%u RMM results right, %u of them exact ties",
		   done - bad, ties);
}

static struct kunit_case fp64_cases[] = {
	KUNIT_CASE(spot_vectors),
	KUNIT_CASE(exact_conversions),
	KUNIT_CASE(host_oracle_sane),
	KUNIT_CASE(arith_vs_host),
	KUNIT_CASE(fma_vs_host),
	KUNIT_CASE(convert_vs_host),
	KUNIT_CASE(compare_vs_host),
	KUNIT_CASE(rmm_vs_host),
	{}
};

static struct kunit_suite fp64_suite = {
	.name = "emu-isa-fp64",
	.test_cases = fp64_cases,
};

kunit_test_suites(&fp64_suite);
