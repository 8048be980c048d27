// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * RV32F: a warp's add, sub, mul or fma in round-to-nearest-even, whole
 * rows at once (rv_f32_rne_rows(), see isa_fpfast.h): two lanes per SSE2
 * binary64 vector, four per AVX2 one, eight per AVX-512 one, the same
 * operations as rv_fast_rne(); lanes the fast path cannot take are marked
 * and redone by isa_fp.c's entry points, exact in every case.
 */
#include "isa.h"
#include "isa_fpfast.h"

#include <string.h>

/* One lane of rv_f32_rne_rows() in software (exact in every case). */
static inline uint32_t rne_lane(unsigned int op, uint32_t a, uint32_t b,
				uint32_t c, uint8_t *fl)
{
	switch (op) {
	case RV_OP_FMADD_S:
		return rv_f32_fma(a, b, c, RV_RM_RNE, fl);
	case RV_OP_FMUL_S:
		return rv_f32_mul(a, b, RV_RM_RNE, fl);
	case RV_OP_FSUB_S:
		return rv_f32_sub(a, b, RV_RM_RNE, fl);
	default:
		return rv_f32_add(a, b, RV_RM_RNE, fl);
	}
}

#if defined(__SSE2__) && defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ == 0
#include <emmintrin.h>

/*
 * The end of every rne_rows variant: the inexact flags of the lanes the
 * vector path rounded, the exact software path for the lanes it could not
 * (@bad), and the results out.
 */
static inline void rne_rows_finish(unsigned int op, const uint32_t *a,
				   const uint32_t *b, const uint32_t *c,
				   uint32_t sa, uint32_t sc,
				   uint32_t res[RV_MAX_LANES], uint32_t bad,
				   uint32_t nx, uint32_t *d, uint8_t *fl)
{
	unsigned int l;

	nx &= ~bad;
	for (l = 0; l < RV_MAX_LANES; l++)
		fl[l] |= (uint8_t)(nx >> l & 1) * RV_FFLAG_NX;
	while (bad) {
		l = __builtin_ctz(bad);
		bad &= bad - 1;
		res[l] = rne_lane(op, a[l] ^ sa, b[l],
				  op == RV_OP_FMADD_S ? c[l] ^ sc : 0, &fl[l]);
	}
	memcpy(d, res, RV_MAX_LANES * sizeof(res[0]));
}

/* Calls @rows with the operation as a constant: one lane loop per op. */
#define RNE_ROWS_BY_OP(rows, op, a, b, c, sa, sc, d, fl)                  \
	do {                                                              \
		switch (op) {                                             \
		case RV_OP_FMADD_S:                                       \
			rows(RV_OP_FMADD_S, a, b, c, sa, sc, d, fl);      \
			break;                                            \
		case RV_OP_FMUL_S:                                        \
			rows(RV_OP_FMUL_S, a, b, c, sa, sc, d, fl);       \
			break;                                            \
		case RV_OP_FSUB_S:                                        \
			rows(RV_OP_FSUB_S, a, b, c, sa, sc, d, fl);       \
			break;                                            \
		default:                                                  \
			rows(RV_OP_FADD_S, a, b, c, sa, sc, d, fl);       \
			break;                                            \
		}                                                         \
	} while (0)

static inline __attribute__((always_inline)) void
rne_rows(unsigned int op, const uint32_t *a, const uint32_t *b,
	 const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d,
	 uint8_t *fl)
{
	const __m128i one = _mm_set1_epi64x(1), low29 = _mm_set1_epi64x(0x1fffffff);
	const __m128i expm = _mm_set1_epi32(0xff), two = _mm_set1_epi32(2);
	const __m128i vsa = _mm_set1_epi32((int)sa), vsc = _mm_set1_epi32((int)sc);
	const __m128d zero = _mm_setzero_pd();
	uint32_t res[RV_MAX_LANES], bad = 0, nx = 0;
	unsigned int l;

	for (l = 0; l < RV_MAX_LANES; l += 2) {
		__m128i xa = _mm_xor_si128(_mm_loadl_epi64((const void *)&a[l]), vsa);
		__m128i xb = _mm_loadl_epi64((const void *)&b[l]);
		__m128i xc = _mm_setzero_si128(), ex, r, sb, adj, neg, e32;
		__m128d A = _mm_cvtps_pd(_mm_castsi128_ps(xa));
		__m128d B = _mm_cvtps_pd(_mm_castsi128_ps(xb)), P, Q, S, BP, BQ, E;
		int m;

		/* infinities and NaNs among the operands */
		ex = _mm_or_si128(
			_mm_cmpeq_epi32(_mm_and_si128(_mm_srli_epi32(xa, 23), expm), expm),
			_mm_cmpeq_epi32(_mm_and_si128(_mm_srli_epi32(xb, 23), expm), expm));
		switch (op) {
		case RV_OP_FMADD_S:
			xc = _mm_xor_si128(_mm_loadl_epi64((const void *)&c[l]), vsc);
			ex = _mm_or_si128(ex, _mm_cmpeq_epi32(
				_mm_and_si128(_mm_srli_epi32(xc, 23), expm), expm));
			P = _mm_mul_pd(A, B);
			Q = _mm_cvtps_pd(_mm_castsi128_ps(xc));
			break;
		case RV_OP_FMUL_S:
			P = _mm_mul_pd(A, B);
			Q = zero;
			break;
		case RV_OP_FSUB_S:
			P = A;
			Q = _mm_xor_pd(B, _mm_set1_pd(-0.0));
			break;
		default:
			P = A;
			Q = B;
			break;
		}
		/* TwoSum, then round-to-odd (rv_fast_rne()) */
		S = _mm_add_pd(P, Q);
		BP = _mm_sub_pd(S, Q);
		BQ = _mm_sub_pd(S, BP);
		E = _mm_add_pd(_mm_sub_pd(P, BP), _mm_sub_pd(Q, BQ));
		sb = _mm_castpd_si128(S);
		adj = _mm_andnot_si128(sb, _mm_and_si128(
			_mm_castpd_si128(_mm_cmpneq_pd(E, zero)), one));
		/* -adj where the exact sum lies towards zero from S */
		neg = _mm_castpd_si128(_mm_xor_pd(_mm_cmpgt_pd(E, zero),
						  _mm_cmpgt_pd(S, zero)));
		sb = _mm_add_epi64(sb, _mm_sub_epi64(_mm_xor_si128(adj, neg), neg));
		r = _mm_castps_si128(_mm_cvtpd_ps(_mm_castsi128_pd(sb)));
		_mm_storel_epi64((void *)&res[l], r);
		e32 = _mm_and_si128(_mm_srli_epi32(r, 23), expm);
		ex = _mm_or_si128(ex, _mm_or_si128(_mm_cmplt_epi32(e32, two),
						   _mm_cmpeq_epi32(e32, expm)));
		m = _mm_movemask_ps(_mm_castsi128_ps(ex)) & 3;
		bad |= (uint32_t)m << l;
		/* inexact: bits below binary32 precision (low dword of each) */
		m = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
			_mm_and_si128(sb, low29), _mm_setzero_si128())));
		nx |= (uint32_t)(~((m & 1) | (m >> 1 & 2)) & 3) << l;
	}
	rne_rows_finish(op, a, b, c, sa, sc, res, bad, nx, d, fl);
}

/*
 * rne_rows() four lanes at a time with AVX2, where the host has it: the
 * same IEEE binary64 operations lane by lane (the rounding mode and
 * denormal handling of MXCSR are shared by SSE and AVX), so the same
 * results and flags.
 */
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define RNE_ROWS_AVX2 1

static inline __attribute__((always_inline, target("avx2"))) void
rne_rows4(unsigned int op, const uint32_t *a, const uint32_t *b,
	  const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d, uint8_t *fl)
{
	const __m256i one = _mm256_set1_epi64x(1);
	const __m256i low29 = _mm256_set1_epi64x(0x1fffffff);
	const __m128i expm = _mm_set1_epi32(0xff), two = _mm_set1_epi32(2);
	const __m128i vsa = _mm_set1_epi32((int)sa),
		      vsc = _mm_set1_epi32((int)sc);
	const __m256d zero = _mm256_setzero_pd();
	uint32_t res[RV_MAX_LANES], bad = 0, nx = 0;
	unsigned int l;

	for (l = 0; l < RV_MAX_LANES; l += 4) {
		__m128i xa = _mm_xor_si128(_mm_loadu_si128((const void *)&a[l]),
					   vsa);
		__m128i xb = _mm_loadu_si128((const void *)&b[l]);
		__m128i xc, ex, r, e32;
		__m256i sb, adj, neg;
		__m256d A = _mm256_cvtps_pd(_mm_castsi128_ps(xa));
		__m256d B = _mm256_cvtps_pd(_mm_castsi128_ps(xb)), P, Q, S, BP,
			BQ, E;
		int m;

		/* infinities and NaNs among the operands */
		ex = _mm_or_si128(
			_mm_cmpeq_epi32(
				_mm_and_si128(_mm_srli_epi32(xa, 23), expm),
				expm),
			_mm_cmpeq_epi32(
				_mm_and_si128(_mm_srli_epi32(xb, 23), expm),
				expm));
		switch (op) {
		case RV_OP_FMADD_S:
			xc = _mm_xor_si128(_mm_loadu_si128((const void *)&c[l]),
					   vsc);
			ex = _mm_or_si128(
				ex,
				_mm_cmpeq_epi32(
					_mm_and_si128(_mm_srli_epi32(xc, 23),
						      expm),
					expm));
			P = _mm256_mul_pd(A, B);
			Q = _mm256_cvtps_pd(_mm_castsi128_ps(xc));
			break;
		case RV_OP_FMUL_S:
			P = _mm256_mul_pd(A, B);
			Q = zero;
			break;
		case RV_OP_FSUB_S:
			P = A;
			Q = _mm256_xor_pd(B, _mm256_set1_pd(-0.0));
			break;
		default:
			P = A;
			Q = B;
			break;
		}
		/* TwoSum, then round-to-odd, as rne_rows() */
		S = _mm256_add_pd(P, Q);
		BP = _mm256_sub_pd(S, Q);
		BQ = _mm256_sub_pd(S, BP);
		E = _mm256_add_pd(_mm256_sub_pd(P, BP), _mm256_sub_pd(Q, BQ));
		sb = _mm256_castpd_si256(S);
		/* _CMP_NEQ_UQ and _CMP_GT_OS: SSE2's cmpneq and cmpgt */
		adj = _mm256_andnot_si256(
			sb, _mm256_and_si256(_mm256_castpd_si256(_mm256_cmp_pd(
						     E, zero, _CMP_NEQ_UQ)),
					     one));
		neg = _mm256_castpd_si256(
			_mm256_xor_pd(_mm256_cmp_pd(E, zero, _CMP_GT_OS),
				      _mm256_cmp_pd(S, zero, _CMP_GT_OS)));
		sb = _mm256_add_epi64(
			sb, _mm256_sub_epi64(_mm256_xor_si256(adj, neg), neg));
		r = _mm_castps_si128(_mm256_cvtpd_ps(_mm256_castsi256_pd(sb)));
		_mm_storeu_si128((void *)&res[l], r);
		e32 = _mm_and_si128(_mm_srli_epi32(r, 23), expm);
		ex = _mm_or_si128(ex, _mm_or_si128(_mm_cmplt_epi32(e32, two),
						   _mm_cmpeq_epi32(e32, expm)));
		m = _mm_movemask_ps(_mm_castsi128_ps(ex));
		bad |= (uint32_t)m << l;
		/* inexact: bits below binary32 precision */
		m = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(
			_mm256_and_si256(sb, low29), _mm256_setzero_si256())));
		nx |= (uint32_t)(~m & 0xf) << l;
	}
	rne_rows_finish(op, a, b, c, sa, sc, res, bad, nx, d, fl);
}

/* rne_rows4() eight lanes at a time with AVX-512 (F, VL, DQ). */
#define AVX512_T "avx512f,avx512vl,avx512dq,avx2"

static inline __attribute__((always_inline, target(AVX512_T))) void
rne_rows8(unsigned int op, const uint32_t *a, const uint32_t *b,
	  const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d, uint8_t *fl)
{
	const __m512i one = _mm512_set1_epi64(1);
	const __m512i low29 = _mm512_set1_epi64(0x1fffffff);
	const __m256i expm = _mm256_set1_epi32(0xff),
		      two = _mm256_set1_epi32(2);
	const __m256i vsa = _mm256_set1_epi32((int)sa);
	const __m256i vsc = _mm256_set1_epi32((int)sc);
	const __m512d zero = _mm512_setzero_pd();
	uint32_t res[RV_MAX_LANES], bad = 0, nx = 0;
	unsigned int l;

	for (l = 0; l < RV_MAX_LANES; l += 8) {
		__m256i xa = _mm256_xor_si256(
			_mm256_loadu_si256((const void *)&a[l]), vsa);
		__m256i xb = _mm256_loadu_si256((const void *)&b[l]);
		__m256i xc, ex, r, e32;
		__m512i sb, adj, neg;
		__m512d A = _mm512_cvtps_pd(_mm256_castsi256_ps(xa));
		__m512d B = _mm512_cvtps_pd(_mm256_castsi256_ps(xb));
		__m512d P, Q, S, BP, BQ, E;
		__mmask8 k;

		/* infinities and NaNs among the operands */
		ex = _mm256_or_si256(
			_mm256_cmpeq_epi32(
				_mm256_and_si256(_mm256_srli_epi32(xa, 23),
						 expm),
				expm),
			_mm256_cmpeq_epi32(
				_mm256_and_si256(_mm256_srli_epi32(xb, 23),
						 expm),
				expm));
		switch (op) {
		case RV_OP_FMADD_S:
			xc = _mm256_xor_si256(
				_mm256_loadu_si256((const void *)&c[l]), vsc);
			ex = _mm256_or_si256(
				ex, _mm256_cmpeq_epi32(
					    _mm256_and_si256(
						    _mm256_srli_epi32(xc, 23),
						    expm),
					    expm));
			P = _mm512_mul_pd(A, B);
			Q = _mm512_cvtps_pd(_mm256_castsi256_ps(xc));
			break;
		case RV_OP_FMUL_S:
			P = _mm512_mul_pd(A, B);
			Q = zero;
			break;
		case RV_OP_FSUB_S:
			P = A;
			Q = _mm512_xor_pd(B, _mm512_set1_pd(-0.0));
			break;
		default:
			P = A;
			Q = B;
			break;
		}
		/* TwoSum, then round-to-odd, as rne_rows() */
		S = _mm512_add_pd(P, Q);
		BP = _mm512_sub_pd(S, Q);
		BQ = _mm512_sub_pd(S, BP);
		E = _mm512_add_pd(_mm512_sub_pd(P, BP), _mm512_sub_pd(Q, BQ));
		sb = _mm512_castpd_si512(S);
		/* _CMP_NEQ_UQ and _CMP_GT_OS: SSE2's cmpneq and cmpgt */
		k = _mm512_cmp_pd_mask(E, zero, _CMP_NEQ_UQ);
		adj = _mm512_maskz_andnot_epi64(k, sb, one);
		k = _mm512_cmp_pd_mask(E, zero, _CMP_GT_OS) ^
		    _mm512_cmp_pd_mask(S, zero, _CMP_GT_OS);
		neg = _mm512_movm_epi64(k);
		sb = _mm512_add_epi64(
			sb, _mm512_sub_epi64(_mm512_xor_si512(adj, neg), neg));
		r = _mm256_castps_si256(
			_mm512_cvtpd_ps(_mm512_castsi512_pd(sb)));
		_mm256_storeu_si256((void *)&res[l], r);
		e32 = _mm256_and_si256(_mm256_srli_epi32(r, 23), expm);
		ex = _mm256_or_si256(
			ex, _mm256_or_si256(_mm256_cmpgt_epi32(two, e32),
					    _mm256_cmpeq_epi32(e32, expm)));
		bad |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(ex))
		       << l;
		/* inexact: bits below binary32 precision */
		nx |= (uint32_t)_mm512_test_epi64_mask(sb, low29) << l;
	}
	rne_rows_finish(op, a, b, c, sa, sc, res, bad, nx, d, fl);
}

static __attribute__((noinline, target(AVX512_T))) void
rne_rows_avx512(unsigned int op, const uint32_t *a, const uint32_t *b,
		const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d,
		uint8_t *fl)
{
	RNE_ROWS_BY_OP(rne_rows8, op, a, b, c, sa, sc, d, fl);
}

static __attribute__((noinline, target("avx2"))) void
rne_rows_avx2(unsigned int op, const uint32_t *a, const uint32_t *b,
	      const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d,
	      uint8_t *fl)
{
	RNE_ROWS_BY_OP(rne_rows4, op, a, b, c, sa, sc, d, fl);
}
#endif

void rv_f32_rne_rows(unsigned int op, const uint32_t *a, const uint32_t *b,
		     const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d,
		     uint8_t *fl)
{
#ifdef RNE_ROWS_AVX2
	static int isa = -1; /* 2: AVX-512, 1: AVX2, 0: SSE2 */

	if (isa < 0)
		isa = __builtin_cpu_supports("avx512f") &&
				      __builtin_cpu_supports("avx512vl") &&
				      __builtin_cpu_supports("avx512dq") ?
			      2 :
		      __builtin_cpu_supports("avx2") ? 1 :
						       0;
	if (isa == 2) {
		rne_rows_avx512(op, a, b, c, sa, sc, d, fl);
		return;
	}
	if (isa == 1) {
		rne_rows_avx2(op, a, b, c, sa, sc, d, fl);
		return;
	}
#endif
	RNE_ROWS_BY_OP(rne_rows, op, a, b, c, sa, sc, d, fl);
}
#else
void rv_f32_rne_rows(unsigned int op, const uint32_t *a, const uint32_t *b,
		     const uint32_t *c, uint32_t sa, uint32_t sc, uint32_t *d,
		     uint8_t *fl)
{
	uint32_t res[RV_MAX_LANES];
	unsigned int l;

	for (l = 0; l < RV_MAX_LANES; l++) {
		res[l] = rne_lane(op, a[l] ^ sa, b[l],
				  op == RV_OP_FMADD_S ? c[l] ^ sc : 0, &fl[l]);
	}
	memcpy(d, res, sizeof(res));
}
#endif
