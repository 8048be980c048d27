// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * float <-> 64-bit integer conversions for rv32imaf. Only 32-bit
 * conversions exist in hardware (fcvt.s.w[u], fcvt.w[u].s); these reduce
 * the 64-bit cases to them, keeping IEEE round-to-nearest-even for
 * int -> float and truncation for float -> int. Out-of-range and NaN
 * inputs saturate the way RISC-V's fcvt instructions do.
 */
#include "rt.h"

/* Exact 2^e for 0 <= e < 128, built from the bits. */
static float pow2f(int e)
{
	union {
		uint32_t u;
		float f;
	} v = { .u = (uint32_t)(127 + e) << 23 };

	return v.f;
}

float RT_SYM(__floatundisf)(uint64_t a)
{
	uint32_t hi = (uint32_t)(a >> 32), v;
	int s;

	if (!hi)
		return (float)(uint32_t)a;
	/*
	 * Shift the value down to 32 significant bits and OR every bit
	 * shifted out into bit 0 ("sticky"): float keeps 24 bits, so bit 0
	 * only decides ties, exactly as the lost bits would have. The
	 * single hardware rounding is then the correct one and scaling by a
	 * power of two is exact.
	 */
	s = 32 - RT_SYM(__clzsi2)(hi);
	v = (uint32_t)(a >> s) | ((a & (((uint64_t)1 << s) - 1)) != 0);
	return (float)v * pow2f(s);
}

float RT_SYM(__floatdisf)(int64_t a)
{
	/* Rounding to nearest even is symmetric, so convert |a|. */
	if (a < 0)
		return -RT_SYM(__floatundisf)(-(uint64_t)a);
	return RT_SYM(__floatundisf)((uint64_t)a);
}

static uint32_t float_bits(float f)
{
	union {
		float f;
		uint32_t u;
	} v = { .f = f };

	return v.u;
}

uint64_t RT_SYM(__fixunssfdi)(float a)
{
	uint32_t b = float_bits(a);
	int e = (int)((b >> 23) & 0xff) - 127;	/* unbiased exponent */
	uint64_t m = (b & 0x7fffff) | 0x800000;	/* value = m * 2^(e-23) */

	if (e == 128 && (b & 0x7fffff))
		return ~(uint64_t)0;		/* NaN */
	if (b >> 31)
		return 0;			/* negative, -inf, -0 */
	if (e < 0)
		return 0;
	if (e >= 64)
		return ~(uint64_t)0;		/* too large, +inf */
	return e >= 23 ? m << (e - 23) : m >> (23 - e);
}

int64_t RT_SYM(__fixsfdi)(float a)
{
	uint32_t b = float_bits(a);
	int e = (int)((b >> 23) & 0xff) - 127;
	uint64_t m = (b & 0x7fffff) | 0x800000, mag;
	int neg = b >> 31;

	if (e == 128 && (b & 0x7fffff))
		return INT64_MAX;		/* NaN */
	if (e < 0)
		return 0;
	if (e >= 63)	/* |a| >= 2^63: only -2^63 itself is in range */
		return neg ? INT64_MIN : INT64_MAX;
	mag = e >= 23 ? m << (e - 23) : m >> (23 - e);
	return neg ? -(int64_t)mag : (int64_t)mag;
}
