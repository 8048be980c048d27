// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * RV32F binary32 arithmetic in software.
 *
 * Host FP cannot be used in general: x86 lacks round-to-nearest-max-
 * magnitude (RMM), propagates NaN payloads and would need fenv round trips
 * per operation for the flags. The exception is isa_fpfast.h: add, sub, mul
 * and fma in round-to-nearest-even with finite operands and a result
 * safely inside the normal range, computed exactly in binary64 (see there)
 * with the same bits and flags as the software path.
 * The algorithms follow Berkeley SoftFloat 3e (the reference the RISC-V
 * spec and QEMU agree with) specialised for RISC-V: canonical NaN
 * 0x7fc00000, tininess detected after rounding, saturating conversions.
 *
 * Significands in the rounding core carry 7 guard bits: a normalised
 * significand has its leading one at bit 30, and pack() adds the leading
 * one into the exponent field, so @exp there is the biased exponent - 1.
 */
#include "isa.h"
#include "isa_fpfast.h"

#include <math.h>

#define SIGN(a) ((a) >> 31)
#define EXP(a) ((int)(((a) >> 23) & 0xff))
#define FRAC(a) ((a) & 0x007fffffu)
#define PACK(s, e, m) (((uint32_t)(s) << 31) + ((uint32_t)(e) << 23) + (m))
#define DEFAULT_NAN 0x7fc00000u

static inline bool is_nan(uint32_t a)
{
	return (a & 0x7fffffffu) > 0x7f800000u;
}

static inline bool is_snan(uint32_t a)
{
	return (a & 0x7fc00000u) == 0x7f800000u && (a & 0x003fffffu);
}

/* RISC-V never propagates payloads: any NaN result is the canonical one. */
static uint32_t prop_nan(uint32_t a, uint32_t b, uint8_t *fl)
{
	if (is_snan(a) || is_snan(b))
		*fl |= RV_FFLAG_NV;
	return DEFAULT_NAN;
}

static inline uint32_t shr_jam32(uint32_t a, unsigned int d)
{
	return d < 31 ? a >> d | ((uint32_t)(a << (-d & 31)) != 0) : (a != 0);
}

static inline uint32_t short_shr_jam64(uint64_t a, unsigned int d)
{
	return (uint32_t)(a >> d) | ((a & (((uint64_t)1 << d) - 1)) != 0);
}

/* Normalise a subnormal fraction: leading one to bit 23. */
static inline void norm_sub(uint32_t *sig, int *exp)
{
	int sh = __builtin_clz(*sig) - 8;

	*exp = 1 - sh;
	*sig <<= sh;
}

static uint32_t round_pack(bool sign, int exp, uint32_t sig, unsigned int rm,
			   uint8_t *fl)
{
	bool rne = rm == RV_RM_RNE;
	uint32_t inc = 0x40, rbits;
	bool tiny;

	if (!rne && rm != RV_RM_RMM)
		inc = (rm == (sign ? RV_RM_RDN : RV_RM_RUP)) ? 0x7f : 0;
	rbits = sig & 0x7f;
	if ((unsigned int)exp >= 0xfd) {
		if (exp < 0) {
			/* Tininess after rounding with unbounded exponent. */
			tiny = exp < -1 || sig + inc < 0x80000000u;
			sig = shr_jam32(sig, -exp);
			exp = 0;
			rbits = sig & 0x7f;
			if (tiny && rbits)
				*fl |= RV_FFLAG_UF;
		} else if (exp > 0xfd || sig + inc >= 0x80000000u) {
			*fl |= RV_FFLAG_OF | RV_FFLAG_NX;
			/* Infinity, or the largest finite when not rounding
			 * away from zero. */
			return PACK(sign, 0xff, 0) - !inc;
		}
	}
	sig = (sig + inc) >> 7;
	if (rbits)
		*fl |= RV_FFLAG_NX;
	if (rne && rbits == 0x40)
		sig &= ~1u;
	if (!sig)
		exp = 0;
	return PACK(sign, exp, sig);
}

static uint32_t norm_round_pack(bool sign, int exp, uint32_t sig,
				unsigned int rm, uint8_t *fl)
{
	int sh = __builtin_clz(sig) - 1;

	exp -= sh;
	if (sh >= 7 && (unsigned int)exp < 0xfd)
		return PACK(sign, sig ? exp : 0, sig << (sh - 7));
	return round_pack(sign, exp, sig << sh, rm, fl);
}


static uint32_t add_mags(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), d = ea - eb, ez;
	uint32_t ma = FRAC(a), mb = FRAC(b), mz;
	bool s = SIGN(a);

	if (!d) {
		if (!ea)
			return a + mb; /* both subnormal: exact, may carry */
		if (ea == 0xff) {
			if (ma | mb)
				return prop_nan(a, b, fl);
			return a;
		}
		ez = ea;
		mz = 0x01000000u + ma + mb;
		if (!(mz & 1) && ez < 0xfe)
			return PACK(s, ez, mz >> 1);
		mz <<= 6;
	} else {
		ma <<= 6;
		mb <<= 6;
		if (d < 0) {
			if (eb == 0xff) {
				if (mb)
					return prop_nan(a, b, fl);
				return PACK(s, 0xff, 0);
			}
			ez = eb;
			ma += ea ? 0x20000000u : ma;
			ma = shr_jam32(ma, -d);
		} else {
			if (ea == 0xff) {
				if (ma)
					return prop_nan(a, b, fl);
				return a;
			}
			ez = ea;
			mb += eb ? 0x20000000u : mb;
			mb = shr_jam32(mb, d);
		}
		mz = 0x20000000u + ma + mb;
		if (mz < 0x40000000u) {
			ez--;
			mz <<= 1;
		}
	}
	return round_pack(s, ez, mz, rm, fl);
}

static uint32_t sub_mags(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), d = ea - eb, ez, sh;
	uint32_t ma = FRAC(a), mb = FRAC(b), mx, my;
	bool s = SIGN(a);
	int32_t md;

	if (!d) {
		if (ea == 0xff) {
			if (ma | mb)
				return prop_nan(a, b, fl);
			*fl |= RV_FFLAG_NV;
			return DEFAULT_NAN;
		}
		md = (int32_t)ma - (int32_t)mb;
		if (!md)
			return PACK(rm == RV_RM_RDN, 0, 0);
		if (ea)
			ea--;
		if (md < 0) {
			s = !s;
			md = -md;
		}
		sh = __builtin_clz((uint32_t)md) - 8;
		ez = ea - sh;
		if (ez < 0) {
			sh = ea;
			ez = 0;
		}
		return PACK(s, ez, (uint32_t)md << sh);
	}
	ma <<= 7;
	mb <<= 7;
	if (d < 0) {
		s = !s;
		if (eb == 0xff) {
			if (mb)
				return prop_nan(a, b, fl);
			return PACK(s, 0xff, 0);
		}
		ez = eb - 1;
		mx = mb | 0x40000000u;
		my = ma + (ea ? 0x40000000u : ma);
		d = -d;
	} else {
		if (ea == 0xff) {
			if (ma)
				return prop_nan(a, b, fl);
			return a;
		}
		ez = ea - 1;
		mx = ma | 0x40000000u;
		my = mb + (eb ? 0x40000000u : mb);
	}
	return norm_round_pack(s, ez, mx - shr_jam32(my, d), rm, fl);
}

static __attribute__((noinline)) uint32_t
soft_add(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	if (SIGN(a) == SIGN(b))
		return add_mags(a, b, rm, fl);
	return sub_mags(a, b, rm, fl);
}

static __attribute__((noinline)) uint32_t
soft_sub(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	if (SIGN(a) == SIGN(b))
		return sub_mags(a, b, rm, fl);
	return add_mags(a, b, rm, fl);
}

static __attribute__((noinline)) uint32_t
soft_mul(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), ez;
	uint32_t ma = FRAC(a), mb = FRAC(b), mz, mag;
	bool s = SIGN(a) ^ SIGN(b);

	if (ea == 0xff) {
		if (ma || (eb == 0xff && mb))
			return prop_nan(a, b, fl);
		mag = eb | mb;
		goto inf;
	}
	if (eb == 0xff) {
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
	ez = ea + eb - 0x7f;
	ma = (ma | 0x00800000u) << 7;
	mb = (mb | 0x00800000u) << 8;
	mz = short_shr_jam64((uint64_t)ma * mb, 32);
	if (mz < 0x40000000u) {
		ez--;
		mz <<= 1;
	}
	return round_pack(s, ez, mz, rm, fl);
inf:
	if (!mag) {
		*fl |= RV_FFLAG_NV;
		return DEFAULT_NAN;
	}
	return PACK(s, 0xff, 0);
}

uint32_t rv_f32_div(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), ez;
	uint32_t ma = FRAC(a), mb = FRAC(b), mz;
	bool s = SIGN(a) ^ SIGN(b);
	uint64_t n;

	if (ea == 0xff) {
		if (ma)
			return prop_nan(a, b, fl);
		if (eb == 0xff) {
			if (mb)
				return prop_nan(a, b, fl);
			goto invalid;
		}
		return PACK(s, 0xff, 0);
	}
	if (eb == 0xff) {
		if (mb)
			return prop_nan(a, b, fl);
		return PACK(s, 0, 0);
	}
	if (!eb) {
		if (!mb) {
			if (!(ea | ma))
				goto invalid;
			*fl |= RV_FFLAG_DZ;
			return PACK(s, 0xff, 0);
		}
		norm_sub(&mb, &eb);
	}
	if (!ea) {
		if (!ma)
			return PACK(s, 0, 0);
		norm_sub(&ma, &ea);
	}
	ez = ea - eb + 0x7e;
	ma |= 0x00800000u;
	mb |= 0x00800000u;
	if (ma < mb) {
		ez--;
		n = (uint64_t)ma << 31;
	} else {
		n = (uint64_t)ma << 30;
	}
	mz = n / mb;
	if (!(mz & 0x3f))
		mz |= (uint64_t)mb * mz != n;
	return round_pack(s, ez, mz, rm, fl);
invalid:
	*fl |= RV_FFLAG_NV;
	return DEFAULT_NAN;
}

/* floor(sqrt(v)) for v < 2^62, exact. */
static uint64_t isqrt64(uint64_t v)
{
	uint64_t r = (uint64_t)sqrt((double)v);

	while (r * r > v)
		r--;
	while ((r + 1) * (r + 1) <= v)
		r++;
	return r;
}

uint32_t rv_f32_sqrt(uint32_t a, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), e, k;
	uint32_t ma = FRAC(a);
	uint64_t v, r;

	if (ea == 0xff) {
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
	 * a = m * 2^(e - 23), m in [2^23, 2^24). Scale m by 2^k (k = 37 or 38,
	 * same parity as e - 23) so the root r = isqrt(m << k) lies in
	 * [2^30, 2^31), i.e. has its leading one where round_pack wants it,
	 * and sqrt(a) = r * 2^((e - 23 - k) / 2).
	 */
	e = ea - 0x7f;
	k = ((e - 23) & 1) ? 37 : 38;
	v = (uint64_t)(ma | 0x00800000u) << k;
	r = isqrt64(v);
	if (r * r != v)
		r |= 1;
	return round_pack(0, 156 + (e - 23 - k) / 2, (uint32_t)r, rm, fl);
invalid:
	*fl |= RV_FFLAG_NV;
	return DEFAULT_NAN;
}

static __attribute__((noinline)) uint32_t
soft_fma(uint32_t a, uint32_t b, uint32_t c, unsigned int rm, uint8_t *fl)
{
	int ea = EXP(a), eb = EXP(b), ec = EXP(c), ep, ez, d, sh;
	uint32_t ma = FRAC(a), mb = FRAC(b), mc = FRAC(c), mz, mag, z;
	bool sp = SIGN(a) ^ SIGN(b), sc = SIGN(c), sz;
	uint64_t mp, m64c, m64z;

	if (ea == 0xff) {
		if (ma || (eb == 0xff && mb))
			goto nan_abc;
		mag = eb | mb;
		goto inf_prod;
	}
	if (eb == 0xff) {
		if (mb)
			goto nan_abc;
		mag = ea | ma;
		goto inf_prod;
	}
	if (ec == 0xff) {
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
	ep = ea + eb - 0x7e;
	ma = (ma | 0x00800000u) << 7;
	mb = (mb | 0x00800000u) << 7;
	mp = (uint64_t)ma * mb;
	if (mp < 0x2000000000000000ull) {
		ep--;
		mp <<= 1;
	}
	sz = sp;
	if (!ec) {
		if (!mc)
			return round_pack(sz, ep - 1, short_shr_jam64(mp, 31),
					  rm, fl);
		norm_sub(&mc, &ec);
	}
	mc = (mc | 0x00800000u) << 6;
	d = ep - ec;
	if (sp == sc) {
		if (d <= 0) {
			ez = ec;
			mz = mc + (uint32_t)shr_jam64(mp, 32 - d);
		} else {
			ez = ep;
			m64z = mp + shr_jam64((uint64_t)mc << 32, d);
			mz = short_shr_jam64(m64z, 32);
		}
		if (mz < 0x40000000u) {
			ez--;
			mz <<= 1;
		}
	} else {
		m64c = (uint64_t)mc << 32;
		if (d < 0) {
			sz = sc;
			ez = ec;
			m64z = m64c - shr_jam64(mp, -d);
		} else if (!d) {
			ez = ep;
			m64z = mp - m64c;
			if (!m64z)
				return PACK(rm == RV_RM_RDN, 0, 0);
			if (m64z & 0x8000000000000000ull) {
				sz = !sz;
				m64z = -m64z;
			}
		} else {
			ez = ep;
			m64z = mp - shr_jam64(m64c, d);
		}
		sh = __builtin_clzll(m64z) - 1;
		ez -= sh;
		sh -= 32;
		if (sh < 0)
			mz = short_shr_jam64(m64z, -sh);
		else
			mz = (uint32_t)m64z << sh;
	}
	return round_pack(sz, ez, mz, rm, fl);
nan_abc:
	prop_nan(a, b, fl);
	return prop_nan(0, c, fl);
inf_prod:
	if (mag) {
		z = PACK(sp, 0xff, 0);
		if (ec != 0xff)
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
static inline bool lt_total(uint32_t a, uint32_t b)
{
	if (SIGN(a) != SIGN(b))
		return SIGN(a);
	return a != b && (SIGN(a) ^ (a < b));
}

uint32_t rv_f32_min(uint32_t a, uint32_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		if (is_snan(a) || is_snan(b))
			*fl |= RV_FFLAG_NV;
		if (is_nan(a) && is_nan(b))
			return DEFAULT_NAN;
		return is_nan(a) ? b : a;
	}
	return lt_total(a, b) ? a : b;
}

uint32_t rv_f32_max(uint32_t a, uint32_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		if (is_snan(a) || is_snan(b))
			*fl |= RV_FFLAG_NV;
		if (is_nan(a) && is_nan(b))
			return DEFAULT_NAN;
		return is_nan(a) ? b : a;
	}
	return lt_total(a, b) ? b : a;
}

/* FEQ is quiet: only signalling NaNs raise NV. */
bool rv_f32_eq(uint32_t a, uint32_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		if (is_snan(a) || is_snan(b))
			*fl |= RV_FFLAG_NV;
		return false;
	}
	return a == b || !((a | b) << 1);
}

/* FLT/FLE are signalling: any NaN raises NV. */
bool rv_f32_lt(uint32_t a, uint32_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		*fl |= RV_FFLAG_NV;
		return false;
	}
	if (SIGN(a) != SIGN(b))
		return SIGN(a) && ((a | b) << 1);
	return a != b && (SIGN(a) ^ (a < b));
}

bool rv_f32_le(uint32_t a, uint32_t b, uint8_t *fl)
{
	if (is_nan(a) || is_nan(b)) {
		*fl |= RV_FFLAG_NV;
		return false;
	}
	if (SIGN(a) != SIGN(b))
		return SIGN(a) || !((a | b) << 1);
	return a == b || (SIGN(a) ^ (a < b));
}

uint32_t rv_f32_class(uint32_t a)
{
	bool s = SIGN(a);
	int e = EXP(a);
	uint32_t m = FRAC(a);

	if (e == 0xff) {
		if (!m)
			return s ? 1u << 0 : 1u << 7;
		return (m & 0x00400000u) ? 1u << 9 : 1u << 8;
	}
	if (!e) {
		if (!m)
			return s ? 1u << 3 : 1u << 4;
		return s ? 1u << 2 : 1u << 5;
	}
	return s ? 1u << 1 : 1u << 6;
}

/*
 * Shared tail of the float-to-integer conversions: @sig is the magnitude
 * as a fixed-point value with 12 fraction bits (sticky in bit 0).
 */
static uint64_t round_to_int(bool sign, uint64_t sig, unsigned int rm,
			     unsigned int *rbits)
{
	uint32_t inc = 0x800;

	if (rm != RV_RM_RMM && rm != RV_RM_RNE)
		inc = (rm == (sign ? RV_RM_RDN : RV_RM_RUP)) ? 0xfff : 0;
	*rbits = sig & 0xfff;
	sig += inc;
	if (sig & 0xfffff00000000000ull)
		return ~0ull; /* out of range */
	sig >>= 12;
	if (*rbits == 0x800 && rm == RV_RM_RNE)
		sig &= ~1ull;
	return sig;
}

static uint64_t f32_to_fixed(uint32_t a, bool *sign)
{
	int e = EXP(a), sh;
	uint64_t sig = FRAC(a);

	*sign = SIGN(a);
	if (e == 0xff && sig)
		*sign = 0; /* NaN converts like +inf (max) */
	if (e)
		sig |= 0x00800000u;
	sig <<= 32;
	sh = 0xaa - e;
	if (sh > 0)
		sig = shr_jam64(sig, sh);
	return sig;
}

int32_t rv_f32_to_i32(uint32_t a, unsigned int rm, uint8_t *fl)
{
	unsigned int rbits;
	uint64_t fix, v;
	int32_t z;
	bool sign;


	fix = f32_to_fixed(a, &sign);
	v = round_to_int(sign, fix, rm, &rbits);
	if (v == ~0ull)
		goto invalid;
	z = sign ? (int32_t)(0u - (uint32_t)v) : (int32_t)(uint32_t)v;
	if (v > 0xffffffffull || (z && ((z < 0) ^ sign)))
		goto invalid;
	if (rbits)
		*fl |= RV_FFLAG_NX;
	return z;
invalid:
	*fl |= RV_FFLAG_NV;
	return sign ? INT32_MIN : INT32_MAX;
}

uint32_t rv_f32_to_u32(uint32_t a, unsigned int rm, uint8_t *fl)
{
	unsigned int rbits;
	uint64_t fix, v;
	bool sign;

	fix = f32_to_fixed(a, &sign);
	v = round_to_int(sign, fix, rm, &rbits);
	if (v == ~0ull || v > 0xffffffffull || (sign && v))
		goto invalid;
	if (rbits)
		*fl |= RV_FFLAG_NX;
	return (uint32_t)v;
invalid:
	*fl |= RV_FFLAG_NV;
	return sign ? 0 : UINT32_MAX;
}

uint32_t rv_i32_to_f32(int32_t a, unsigned int rm, uint8_t *fl)
{
	bool sign = a < 0;
	uint32_t abs;

	if (!(a & 0x7fffffff))
		return sign ? PACK(1, 0x9e, 0) : 0;
	abs = sign ? 0u - (uint32_t)a : (uint32_t)a;
	return norm_round_pack(sign, 0x9c, abs, rm, fl);
}

uint32_t rv_u32_to_f32(uint32_t a, unsigned int rm, uint8_t *fl)
{
	if (!a)
		return 0;
	if (a & 0x80000000u)
		return round_pack(0, 0x9d, a >> 1 | (a & 1), rm, fl);
	return norm_round_pack(0, 0x9c, a, rm, fl);
}

/*
 * Entry points: the binary64 fast path (isa_fpfast.h) where it applies,
 * else SoftFloat. The soft versions are out of line so the fast path
 * does not pay their register saves.
 */
uint32_t rv_f32_add(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	uint32_t r;

	if (rm == RV_RM_RNE && rv_f32_add_rne_fast(a, b, &r, fl))
		return r;
	return soft_add(a, b, rm, fl);
}

uint32_t rv_f32_sub(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	uint32_t r;

	if (rm == RV_RM_RNE && rv_f32_sub_rne_fast(a, b, &r, fl))
		return r;
	return soft_sub(a, b, rm, fl);
}

uint32_t rv_f32_mul(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl)
{
	uint32_t r;

	if (rm == RV_RM_RNE && rv_f32_mul_rne_fast(a, b, &r, fl))
		return r;
	return soft_mul(a, b, rm, fl);
}

uint32_t rv_f32_fma(uint32_t a, uint32_t b, uint32_t c, unsigned int rm,
		    uint8_t *fl)
{
	uint32_t r;

	if (rm == RV_RM_RNE && rv_f32_fma_rne_fast(a, b, c, &r, fl))
		return r;
	return soft_fma(a, b, c, rm, fl);
}
