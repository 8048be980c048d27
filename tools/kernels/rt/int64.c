// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * 64-bit integer helpers for rv32: division, shifts, multiply, clz.
 * Division is restoring shift-subtract starting at the divisor's top bit,
 * so the loop runs (clz(d) - clz(n) + 1) times, not always 64.
 */
#include "rt.h"

int RT_SYM(__clzsi2)(uint32_t a)
{
	int n = 0;

	if (!a)
		return 32;
	if (!(a & 0xffff0000u)) {
		n += 16;
		a <<= 16;
	}
	if (!(a & 0xff000000u)) {
		n += 8;
		a <<= 8;
	}
	if (!(a & 0xf0000000u)) {
		n += 4;
		a <<= 4;
	}
	if (!(a & 0xc0000000u)) {
		n += 2;
		a <<= 2;
	}
	if (!(a & 0x80000000u))
		n += 1;
	return n;
}

int RT_SYM(__clzdi2)(uint64_t a)
{
	uint32_t hi = (uint32_t)(a >> 32);

	return hi ? RT_SYM(__clzsi2)(hi) : 32 + RT_SYM(__clzsi2)((uint32_t)a);
}

uint64_t RT_SYM(__udivmoddi4)(uint64_t n, uint64_t d, uint64_t *rem)
{
	uint64_t q = 0;
	int shift;

	if (d == 0) {
		/* RISC-V semantics: quotient all ones, remainder n. */
		if (rem)
			*rem = n;
		return ~(uint64_t)0;
	}
	/* Both halves fit in 32 bits: the hardware divider does it. */
	if (!(n >> 32) && !(d >> 32)) {
		if (rem)
			*rem = (uint32_t)n % (uint32_t)d;
		return (uint32_t)n / (uint32_t)d;
	}
	if (d > n) {
		if (rem)
			*rem = n;
		return 0;
	}
	shift = RT_SYM(__clzdi2)(d) - RT_SYM(__clzdi2)(n);
	d <<= shift;
	for (; shift >= 0; shift--) {
		q <<= 1;
		if (n >= d) {
			n -= d;
			q |= 1;
		}
		d >>= 1;
	}
	if (rem)
		*rem = n;
	return q;
}

uint64_t RT_SYM(__udivdi3)(uint64_t n, uint64_t d)
{
	return RT_SYM(__udivmoddi4)(n, d, NULL);
}

uint64_t RT_SYM(__umoddi3)(uint64_t n, uint64_t d)
{
	uint64_t r;

	RT_SYM(__udivmoddi4)(n, d, &r);
	return r;
}

/* Magnitude of a signed value as unsigned; fine for INT64_MIN. */
static uint64_t uabs64(int64_t v)
{
	return v < 0 ? -(uint64_t)v : (uint64_t)v;
}

int64_t RT_SYM(__divdi3)(int64_t n, int64_t d)
{
	uint64_t q;

	if (d == 0)
		return -1;	/* RISC-V: all ones */
	q = RT_SYM(__udivmoddi4)(uabs64(n), uabs64(d), NULL);
	/* INT64_MIN / -1 wraps to INT64_MIN, as RISC-V div does. */
	return (int64_t)((n < 0) != (d < 0) ? -q : q);
}

int64_t RT_SYM(__moddi3)(int64_t n, int64_t d)
{
	uint64_t r;

	if (d == 0)
		return n;
	RT_SYM(__udivmoddi4)(uabs64(n), uabs64(d), &r);
	/* The remainder takes the sign of the dividend (C99 truncation). */
	return (int64_t)(n < 0 ? -r : r);
}

/* Shift counts are 0..63 as in libgcc; other counts are undefined. */
int64_t RT_SYM(__ashldi3)(int64_t a, int b)
{
	uint32_t lo = (uint32_t)a, hi = (uint32_t)((uint64_t)a >> 32);

	if (b == 0)
		return a;
	if (b >= 32) {
		hi = lo << (b - 32);
		lo = 0;
	} else {
		hi = (hi << b) | (lo >> (32 - b));
		lo <<= b;
	}
	return (int64_t)(((uint64_t)hi << 32) | lo);
}

int64_t RT_SYM(__lshrdi3)(int64_t a, int b)
{
	uint32_t lo = (uint32_t)a, hi = (uint32_t)((uint64_t)a >> 32);

	if (b == 0)
		return a;
	if (b >= 32) {
		lo = hi >> (b - 32);
		hi = 0;
	} else {
		lo = (lo >> b) | (hi << (32 - b));
		hi >>= b;
	}
	return (int64_t)(((uint64_t)hi << 32) | lo);
}

int64_t RT_SYM(__ashrdi3)(int64_t a, int b)
{
	uint32_t lo = (uint32_t)a;
	int32_t hi = (int32_t)((uint64_t)a >> 32);
	/* All ones when negative: what an arithmetic shift shifts in. */
	uint32_t fill = hi < 0 ? ~0u : 0;

	if (b == 0)
		return a;
	if (b >= 32) {
		lo = b == 32 ? (uint32_t)hi :
			       ((uint32_t)hi >> (b - 32)) | (fill << (64 - b));
		hi = (int32_t)fill;
	} else {
		lo = (lo >> b) | ((uint32_t)hi << (32 - b));
		hi = (int32_t)(((uint32_t)hi >> b) | (fill << (32 - b)));
	}
	return (int64_t)(((uint64_t)(uint32_t)hi << 32) | lo);
}

int64_t RT_SYM(__muldi3)(int64_t a, int64_t b)
{
	uint32_t al = (uint32_t)a, ah = (uint32_t)((uint64_t)a >> 32);
	uint32_t bl = (uint32_t)b, bh = (uint32_t)((uint64_t)b >> 32);
	uint32_t lo, hi;

	/*
	 * Low 64 bits of the product: al*bl in full plus the low halves of
	 * the cross terms. al*bl is built from 16-bit halves so the helper
	 * does not depend on the compiler inlining a 32x32->64 multiply.
	 */
	uint32_t a0 = al & 0xffff, a1 = al >> 16, b0 = bl & 0xffff, b1 = bl >> 16;
	uint32_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint32_t mid = (p00 >> 16) + (p01 & 0xffff) + (p10 & 0xffff);

	lo = (p00 & 0xffff) | (mid << 16);
	hi = p11 + (p01 >> 16) + (p10 >> 16) + (mid >> 16);
	hi += al * bh + ah * bl;
	return (int64_t)(((uint64_t)hi << 32) | lo);
}
