// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * RV32D binary64 arithmetic in software.
 *
 * The model of isa_fp.c, for the same reasons (no RMM on x86, NaN payloads,
 * flags without fenv round trips): Berkeley SoftFloat 3e specialised for
 * RISC-V, i.e. canonical NaN 0x7ff8000000000000, tininess detected after
 * rounding, saturating float-to-integer conversions. No host floating point
 * at all, so results and flags are the same on every host.
 *
 * Significands in the rounding core are 64 bits with the leading one at
 * bit 62 and 10 guard bits below the last kept one; pack() adds the
 * leading one into the exponent field, so @exp there is the biased
 * exponent - 1. Wider intermediates (the exact product of fma, quotient,
 * root) use unsigned __int128.
 */
#include "isa.h"
#include "isa_fpfast.h"

#define SIGN(a) ((bool)((a) >> 63))
#define EXP(a) ((int)(((a) >> 52) & 0x7ff))
#define FRAC(a) ((a) & 0x000fffffffffffffull)
#define PACK(s, e, m) (((uint64_t)(s) << 63) + ((uint64_t)(e) << 52) + (m))
#define HIDDEN 0x0010000000000000ull
#define DEFAULT_NAN 0x7ff8000000000000ull

static inline bool is_nan(uint64_t a)
{
	return (a & ~(1ull << 63)) > 0x7ff0000000000000ull;
}

static inline bool is_snan(uint64_t a)
{
	return (a & 0x7ff8000000000000ull) == 0x7ff0000000000000ull && FRAC(a);
}

/* RISC-V never propagates payloads: any NaN result is the canonical one. */
static uint64_t prop_nan(uint64_t a, uint64_t b, uint8_t *fl)
{
	if (is_snan(a) || is_snan(b))
		*fl |= RV_FFLAG_NV;
	return DEFAULT_NAN;
}

static inline unsigned __int128 shr_jam128(unsigned __int128 a,
					    unsigned int d)
{
	if (!d)
		return a;
	if (d >= 127)
		return a != 0;
	return a >> d | ((unsigned __int128)(a << (-d & 127)) != 0);
}

static inline int clz128(unsigned __int128 a)
{
	uint64_t hi = (uint64_t)(a >> 64);

	return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll((uint64_t)a);
}

/* Normalise a subnormal fraction: leading one to bit 52. */
static inline void norm_sub(uint64_t *sig, int *exp)
{
	int sh = __builtin_clzll(*sig) - 11;

	*exp = 1 - sh;
	*sig <<= sh;
}

/*
 * SoftFloat's roundPackToF64/F32 in one: @sig has its leading one at
 * bit 62 whatever the format, so a binary32 result simply has 39 guard
 * bits instead of 10 (f64 to f32 is the only binary32 user here). @fbits
 * and @ebits are constants at every call, so this folds per format.
 */
static inline __attribute__((always_inline)) uint64_t
round_pack_fmt(bool sign, int exp, uint64_t sig, unsigned int rm, uint8_t *fl,
	       unsigned int fbits, unsigned int ebits)
{
	const unsigned int gbits = 62 - fbits;
	const uint64_t half = 1ull << (gbits - 1), mask = (1ull << gbits) - 1;
	const int emax = (1 << ebits) - 3;
	uint64_t inc = half, rbits;
	bool tiny;

	if (rm != RV_RM_RNE && rm != RV_RM_RMM)
		inc = (rm == (sign ? RV_RM_RDN : RV_RM_RUP)) ? mask : 0;
	rbits = sig & mask;
	if ((unsigned int)exp >= (unsigned int)emax) {
		if (exp < 0) {
			/* Tininess after rounding with unbounded exponent. */
			tiny = exp < -1 || sig + inc < 0x8000000000000000ull;
			sig = shr_jam64(sig, -exp);
			exp = 0;
			rbits = sig & mask;
			if (tiny && rbits)
				*fl |= RV_FFLAG_UF;
		} else if (exp > emax || sig + inc >= 0x8000000000000000ull) {
			*fl |= RV_FFLAG_OF | RV_FFLAG_NX;
			/*
			 * Infinity, or the largest finite when not rounding
			 * away from zero.
			 */
			return ((uint64_t)sign << (fbits + ebits)) +
			       ((((uint64_t)1 << ebits) - 1) << fbits) - !inc;
		}
	}
	sig = (sig + inc) >> gbits;
	if (rbits)
		*fl |= RV_FFLAG_NX;
	if (rm == RV_RM_RNE && rbits == half)
		sig &= ~1ull;
	if (!sig)
		exp = 0;
	return ((uint64_t)sign << (fbits + ebits)) + ((uint64_t)exp << fbits) +
	       sig;
}

static uint64_t round_pack(bool sign, int exp, uint64_t sig, unsigned int rm,
			   uint8_t *fl)
{
	return round_pack_fmt(sign, exp, sig, rm, fl, 52, 11);
}

/* round_pack() of a nonzero @sig with its leading one anywhere. */
static uint64_t norm_round_pack(bool sign, int exp, uint64_t sig,
				unsigned int rm, uint8_t *fl)
{
	int sh = __builtin_clzll(sig) - 1;

	exp -= sh;
	if (sh >= 10 && (unsigned int)exp < 0x7fd)
		return PACK(sign, exp, sig << (sh - 10));
	return round_pack(sign, exp, sig << sh, rm, fl);
}

static uint64_t add_mags(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), d = ea - eb, ez;
	uint64_t ma = FRAC(a), mb = FRAC(b), mz;
	bool s = SIGN(a);

	if (!d) {
		if (!ea)
			return a + mb; /* both subnormal: exact, may carry */
		if (ea == 0x7ff) {
			if (ma | mb)
				return prop_nan(a, b, fl);
			return a;
		}
		ez = ea;
		mz = (2 * HIDDEN + ma + mb) << 9;
	} else {
		ma <<= 9;
		mb <<= 9;
		if (d < 0) {
			if (eb == 0x7ff) {
				if (mb)
					return prop_nan(a, b, fl);
				return PACK(s, 0x7ff, 0);
			}
			ez = eb;
			/* a subnormal has exponent 1, not 0: double it */
			ma += ea ? 0x2000000000000000ull : ma;
			ma = shr_jam64(ma, -d);
		} else {
			if (ea == 0x7ff) {
				if (ma)
					return prop_nan(a, b, fl);
				return a;
			}
			ez = ea;
			mb += eb ? 0x2000000000000000ull : mb;
			mb = shr_jam64(mb, d);
		}
		mz = 0x2000000000000000ull + ma + mb;
		if (mz < 0x4000000000000000ull) {
			ez--;
			mz <<= 1;
		}
	}
	return round_pack(s, ez, mz, rm, fl);
}

static uint64_t sub_mags(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), d = ea - eb, ez, sh;
	uint64_t ma = FRAC(a), mb = FRAC(b), mx, my;
	bool s = SIGN(a);
	int64_t md;

	if (!d) {
		if (ea == 0x7ff) {
			if (ma | mb)
				return prop_nan(a, b, fl);
			*fl |= RV_FFLAG_NV;
			return DEFAULT_NAN;
		}
		/* Same exponent: the difference is exact. */
		md = (int64_t)ma - (int64_t)mb;
		if (!md)
			return PACK(rm == RV_RM_RDN, 0, 0);
		if (ea)
			ea--;
		if (md < 0) {
			s = !s;
			md = -md;
		}
		sh = __builtin_clzll((uint64_t)md) - 11;
		ez = ea - sh;
		if (ez < 0) {
			sh = ea;
			ez = 0;
		}
		return PACK(s, ez, (uint64_t)md << sh);
	}
	ma <<= 10;
	mb <<= 10;
	if (d < 0) {
		s = !s;
		if (eb == 0x7ff) {
			if (mb)
				return prop_nan(a, b, fl);
			return PACK(s, 0x7ff, 0);
		}
		ez = eb - 1;
		mx = mb | 0x4000000000000000ull;
		my = ma + (ea ? 0x4000000000000000ull : ma);
		d = -d;
	} else {
		if (ea == 0x7ff) {
			if (ma)
				return prop_nan(a, b, fl);
			return a;
		}
		ez = ea - 1;
		mx = ma | 0x4000000000000000ull;
		my = mb + (eb ? 0x4000000000000000ull : mb);
	}
	return norm_round_pack(s, ez, mx - shr_jam64(my, d), rm, fl);
}

uint64_t rv_f64_add(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl)
{
	if (SIGN(a) == SIGN(b))
		return add_mags(a, b, rm, fl);
	return sub_mags(a, b, rm, fl);
}

uint64_t rv_f64_sub(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl)
{
	if (SIGN(a) == SIGN(b))
		return sub_mags(a, b, rm, fl);
	return add_mags(a, b, rm, fl);
}

uint64_t rv_f64_mul(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), ez;
	uint64_t ma = FRAC(a), mb = FRAC(b), mz, mag;
	bool s = SIGN(a) ^ SIGN(b);
	unsigned __int128 p;

	if (ea == 0x7ff) {
		if (ma || (eb == 0x7ff && mb))
			return prop_nan(a, b, fl);
		mag = eb | mb;
		goto inf;
	}
	if (eb == 0x7ff) {
		if (mb)
			return prop_nan(a, b, fl);
		mag = ea | ma;
		goto inf;
	}
	if (!ea) {
		if (!ma)
			return PACK(s, 0, 0);
		norm_sub(&ma, &ea);
	}
	if (!eb) {
		if (!mb)
			return PACK(s, 0, 0);
		norm_sub(&mb, &eb);
	}
	ez = ea + eb - 0x3ff;
	/* leading ones at 62 and 63: the product's at 125 or 126 */
	p = (unsigned __int128)((ma | HIDDEN) << 10) * ((mb | HIDDEN) << 11);
	mz = (uint64_t)(p >> 64) | ((uint64_t)p != 0);
	if (mz < 0x4000000000000000ull) {
		ez--;
		mz <<= 1;
	}
	return round_pack(s, ez, mz, rm, fl);
inf:
	if (!mag) {
		*fl |= RV_FFLAG_NV;
		return DEFAULT_NAN;
	}
	return PACK(s, 0x7ff, 0);
}

uint64_t rv_f64_div(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), ez;
	uint64_t ma = FRAC(a), mb = FRAC(b), mz;
	bool s = SIGN(a) ^ SIGN(b);
	unsigned __int128 n;

	if (ea == 0x7ff) {
		if (ma)
			return prop_nan(a, b, fl);
		if (eb == 0x7ff) {
			if (mb)
				return prop_nan(a, b, fl);
			goto invalid;
		}
		return PACK(s, 0x7ff, 0);
	}
	if (eb == 0x7ff) {
		if (mb)
			return prop_nan(a, b, fl);
		return PACK(s, 0, 0);
	}
	if (!eb) {
		if (!mb) {
			if (!(ea | ma))
				goto invalid;
			*fl |= RV_FFLAG_DZ;
			return PACK(s, 0x7ff, 0);
		}
		norm_sub(&mb, &eb);
	}
	if (!ea) {
		if (!ma)
			return PACK(s, 0, 0);
		norm_sub(&ma, &ea);
	}
	/* A 63-bit quotient with its leading one at bit 62, plus sticky. */
	ez = ea - eb + 0x3fe;
	ma |= HIDDEN;
	mb |= HIDDEN;
	if (ma < mb) {
		ez--;
		n = (unsigned __int128)ma << 63;
	} else {
		n = (unsigned __int128)ma << 62;
	}
	mz = (uint64_t)(n / mb);
	if ((unsigned __int128)mz * mb != n)
		mz |= 1;
	return round_pack(s, ez, mz, rm, fl);
invalid:
	*fl |= RV_FFLAG_NV;
	return DEFAULT_NAN;
}

/*
 * floor(sqrt(v)) for v in [2^124, 2^126): integer Newton iteration from
 * above. The start, v / 2^63 + 2^61 + 1 (the tangent at v = 2^124 plus
 * one), is never below the root and within 25% of it, so the sequence
 * falls monotonically and meets the floor in at most seven divisions.
 */
static uint64_t isqrt128(unsigned __int128 v)
{
	uint64_t x = (uint64_t)(v >> 63) + (1ull << 61) + 1, y;

	for (;;) {
		y = (uint64_t)(((unsigned __int128)x + v / x) >> 1);
		if (y >= x)
			return x;
		x = y;
	}
}

uint64_t rv_f64_sqrt(uint64_t a, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), e, k;
	uint64_t ma = FRAC(a), r;
	unsigned __int128 v;

	if (ea == 0x7ff) {
		if (ma)
			return prop_nan(a, 0, fl);
		if (!SIGN(a))
			return a;
		goto invalid;
	}
	if (SIGN(a)) {
		if (!(ea | ma))
			return a; /* -0 */
		goto invalid;
	}
	if (!ea) {
		if (!ma)
			return a;
		norm_sub(&ma, &ea);
	}
	/*
	 * a = m * 2^(e - 52), m in [2^52, 2^53). Scale m by 2^k (k = 72 or
	 * 73, same parity as e - 52) so the root r = isqrt(m << k) lies in
	 * [2^62, 2^63), where round_pack wants it, and
	 * sqrt(a) = r * 2^((e - 52 - k) / 2). r is truncated, with a sticky
	 * bit for a nonzero remainder, like the quotient of div.
	 */
	e = ea - 0x3ff;
	k = ((e - 52) & 1) ? 73 : 72;
	v = (unsigned __int128)(ma | HIDDEN) << k;
	r = isqrt128(v);
	if ((unsigned __int128)r * r != v)
		r |= 1;
	return round_pack(0, 1084 + (e - 52 - k) / 2, r, rm, fl);
invalid:
	*fl |= RV_FFLAG_NV;
	return DEFAULT_NAN;
}

/*
 * Fused multiply-add: the exact 106-bit product and the addend are lined
 * up in 128 bits with their leading ones at bit 125, so the bits a shift
 * jams into bit 0 lie far below the rounding position even after a
 * one-bit cancellation, and a close cancellation (exponents within one)
 * is exact. A pair (e, m) stands for m * 2^(e - 1148); with the leading
 * one at bit 126, e is round_pack()'s exponent of m >> 64.
 */
uint64_t rv_f64_fma(uint64_t a, uint64_t b, uint64_t c, unsigned int rm,
		    uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), ec = EXP(c), ep, ez, d, sh;
	uint64_t ma = FRAC(a), mb = FRAC(b), mc = FRAC(c), mag, z;
	bool sp = SIGN(a) ^ SIGN(b), sc = SIGN(c), sz;
	unsigned __int128 mp, m128c, mz;

	if (ea == 0x7ff) {
		if (ma || (eb == 0x7ff && mb))
			goto nan_abc;
		mag = eb | mb;
		goto inf_prod;
	}
	if (eb == 0x7ff) {
		if (mb)
			goto nan_abc;
		mag = ea | ma;
		goto inf_prod;
	}
	if (ec == 0x7ff) {
		if (mc)
			return prop_nan(0, c, fl);
		return c;
	}
	if (!ea) {
		if (!ma)
			goto zero_prod;
		norm_sub(&ma, &ea);
	}
	if (!eb) {
		if (!mb)
			goto zero_prod;
		norm_sub(&mb, &eb);
	}
	ep = ea + eb - 0x3fe;
	mp = (unsigned __int128)(ma | HIDDEN) * (mb | HIDDEN) << 20;
	if (mp < (unsigned __int128)1 << 125) {
		ep--;
		mp <<= 1;
	}
	if (!ec) {
		if (!mc) {
			/* x * y + 0: the product alone, sign included */
			return round_pack(sp, ep - 1, (uint64_t)shr_jam128(mp, 63),
					  rm, fl);
		}
		norm_sub(&mc, &ec);
	}
	m128c = (unsigned __int128)(mc | HIDDEN) << 73;
	d = ep - ec;
	if (d >= 0) {
		ez = ep;
		m128c = shr_jam128(m128c, d);
	} else {
		ez = ec;
		mp = shr_jam128(mp, -d);
	}
	sz = sp;
	if (sp == sc) {
		mz = mp + m128c;
	} else if (mp >= m128c) {
		mz = mp - m128c;
		if (!mz)
			return PACK(rm == RV_RM_RDN, 0, 0);
	} else {
		sz = sc;
		mz = m128c - mp;
	}
	sh = clz128(mz) - 1;
	ez -= sh;
	mz <<= sh;
	return round_pack(sz, ez, (uint64_t)(mz >> 64) | ((uint64_t)mz != 0),
			  rm, fl);
nan_abc:
	prop_nan(a, b, fl);
	return prop_nan(0, c, fl);
inf_prod:
	if (mag) {
		z = PACK(sp, 0x7ff, 0);
		if (ec != 0x7ff)
			return z;
		if (mc)
			return prop_nan(0, c, fl);
		if (sp == sc)
			return z;
	}
	/* inf * 0 is invalid even with a quiet-NaN addend (RISC-V). */
	*fl |= RV_FFLAG_NV;
	return prop_nan(0, c, fl);
zero_prod:
	if (!(ec | mc) && sp != sc)
		return PACK(rm == RV_RM_RDN, 0, 0);
	return c;
}

/* a < b for non-NaN values with -0 < +0 (FMIN/FMAX ordering). */
static inline bool lt_total(uint64_t a, uint64_t b)
{
	if (SIGN(a) != SIGN(b))
		return SIGN(a);
	return a != b && (SIGN(a) ^ (a < b));
}

/*
 * FMIN/FMAX since RISC-V 2.2 (IEEE 754-2019 minimumNumber/maximumNumber):
 * a NaN operand yields the other one, two NaNs the canonical NaN, and a
 * signalling NaN raises NV either way.
 */
static inline bool nan_minmax(uint64_t a, uint64_t b, uint64_t *z,
			      uint8_t *fl)
{
	if (!is_nan(a) && !is_nan(b))
		return false;
	if (is_snan(a) || is_snan(b))
		*fl |= RV_FFLAG_NV;
	if (is_nan(a) && is_nan(b))
		*z = DEFAULT_NAN;
	else
		*z = is_nan(a) ? b : a;
	return true;
}

uint64_t rv_f64_min(uint64_t a, uint64_t b, uint8_t *fl)
{
	uint64_t z;

	if (nan_minmax(a, b, &z, fl))
		return z;
	return lt_total(a, b) ? a : b;
}

uint64_t rv_f64_max(uint64_t a, uint64_t b, uint8_t *fl)
{
	uint64_t z;

	if (nan_minmax(a, b, &z, fl))
		return z;
	return lt_total(a, b) ? b : a;
}

/* FEQ is quiet: only signalling NaNs raise NV. */
bool rv_f64_eq(uint64_t a, uint64_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		if (is_snan(a) || is_snan(b))
			*fl |= RV_FFLAG_NV;
		return false;
	}
	return a == b || !((a | b) << 1);
}

/* FLT/FLE are signalling: any NaN raises NV. */
bool rv_f64_lt(uint64_t a, uint64_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		*fl |= RV_FFLAG_NV;
		return false;
	}
	if (SIGN(a) != SIGN(b))
		return SIGN(a) && ((a | b) << 1);
	return a != b && (SIGN(a) ^ (a < b));
}

bool rv_f64_le(uint64_t a, uint64_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		*fl |= RV_FFLAG_NV;
		return false;
	}
	if (SIGN(a) != SIGN(b))
		return SIGN(a) || !((a | b) << 1);
	return a == b || (SIGN(a) ^ (a < b));
}

uint32_t rv_f64_class(uint64_t a)
{
	bool s = SIGN(a);
	int e = EXP(a);
	uint64_t m = FRAC(a);

	if (e == 0x7ff) {
		if (!m)
			return s ? 1u << 0 : 1u << 7;
		return (m & 0x0008000000000000ull) ? 1u << 9 : 1u << 8;
	}
	if (!e) {
		if (!m)
			return s ? 1u << 3 : 1u << 4;
		return s ? 1u << 2 : 1u << 5;
	}
	return s ? 1u << 1 : 1u << 6;
}

/*
 * The magnitude of @a as a fixed-point value with 12 fraction bits (sticky
 * in bit 0), rounded to an integer in @rm; ~0 when at least 2^32 (or
 * infinite). A NaN converts like +infinity. *@rbits gets the fraction.
 */
static uint64_t f64_to_int(uint64_t a, unsigned int rm, bool *sign,
			   unsigned int *rbits)
{
	int e = EXP(a), sh;
	uint64_t sig = FRAC(a), inc = 0x800;

	*sign = SIGN(a);
	if (e == 0x7ff && sig)
		*sign = 0;
	if (e)
		sig |= HIDDEN;
	/* 0x427: 52 - 12 fraction bits above the bias */
	sh = 0x427 - e;
	if (sh > 0)
		sig = shr_jam64(sig, sh);
	if (rm != RV_RM_RMM && rm != RV_RM_RNE)
		inc = (rm == (*sign ? RV_RM_RDN : RV_RM_RUP)) ? 0xfff : 0;
	*rbits = sig & 0xfff;
	sig += inc;
	if (sig & 0xfffff00000000000ull)
		return ~0ull; /* out of range */
	sig >>= 12;
	if (*rbits == 0x800 && rm == RV_RM_RNE)
		sig &= ~1ull;
	return sig;
}

int32_t rv_f64_to_i32(uint64_t a, unsigned int rm, uint8_t *fl)
{
	unsigned int rbits;
	uint64_t v;
	int32_t z;
	bool sign;

	v = f64_to_int(a, rm, &sign, &rbits);
	if (v > 0xffffffffull)
		goto invalid;
	z = sign ? (int32_t)(0u - (uint32_t)v) : (int32_t)(uint32_t)v;
	if (z && (z < 0) != sign)
		goto invalid;
	if (rbits)
		*fl |= RV_FFLAG_NX;
	return z;
invalid:
	*fl |= RV_FFLAG_NV;
	return sign ? INT32_MIN : INT32_MAX;
}

uint32_t rv_f64_to_u32(uint64_t a, unsigned int rm, uint8_t *fl)
{
	unsigned int rbits;
	uint64_t v;
	bool sign;

	v = f64_to_int(a, rm, &sign, &rbits);
	/* -0.5 rounding to 0 is in range: only a nonzero negative is not */
	if (v > 0xffffffffull || (sign && v))
		goto invalid;
	if (rbits)
		*fl |= RV_FFLAG_NX;
	return (uint32_t)v;
invalid:
	*fl |= RV_FFLAG_NV;
	return sign ? 0 : UINT32_MAX;
}

/* 0x432: the biased exponent of 2^52, less the leading one pack adds. */
uint64_t rv_i32_to_f64(int32_t a)
{
	bool sign = a < 0;
	uint32_t abs = sign ? 0u - (uint32_t)a : (uint32_t)a;
	int sh;

	if (!abs)
		return 0;
	sh = __builtin_clz(abs) + 21;
	return PACK(sign, 0x432 - sh, (uint64_t)abs << sh);
}

uint64_t rv_u32_to_f64(uint32_t a)
{
	int sh;

	if (!a)
		return 0;
	sh = __builtin_clz(a) + 21;
	return PACK(0, 0x432 - sh, (uint64_t)a << sh);
}

uint64_t rv_f32_to_f64(uint32_t a, uint8_t *fl)
{
	bool s = a >> 31;
	int e = (a >> 23) & 0xff, sh;
	uint32_t m = a & 0x007fffffu;

	if (e == 0xff) {
		if (!m)
			return PACK(s, 0x7ff, 0);
		if (!(m & 0x00400000u))
			*fl |= RV_FFLAG_NV;
		return DEFAULT_NAN;
	}
	if (!e) {
		if (!m)
			return PACK(s, 0, 0);
		/* leading one to bit 23, where pack adds it to the exponent */
		sh = __builtin_clz(m) - 8;
		e = -sh;
		m <<= sh;
	}
	/* 0x380: the difference of the biases, 1023 - 127 */
	return PACK(s, e + 0x380, (uint64_t)m << 29);
}

uint32_t rv_f64_to_f32(uint64_t a, unsigned int rm, uint8_t *fl)
{
	int e = EXP(a);
	uint64_t m = FRAC(a);
	bool s = SIGN(a);

	if (e == 0x7ff) {
		if (!m)
			return (uint32_t)s << 31 | 0x7f800000u;
		if (is_snan(a))
			*fl |= RV_FFLAG_NV;
		return 0x7fc00000u;
	}
	if (!(e | m))
		return (uint32_t)s << 31;
	/*
	 * 0x381: the biases' difference plus one (round_pack's exponent is
	 * the biased one - 1). A binary64 subnormal is far below binary32's
	 * range, where only its sign and being nonzero matter, so it gets
	 * the leading one it lacks.
	 */
	return (uint32_t)round_pack_fmt(s, e - 0x381, (m | HIDDEN) << 10, rm,
					fl, 23, 8);
}
