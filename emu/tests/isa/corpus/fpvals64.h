/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* binary64 edge values for the double-precision corpus programs. */
#ifndef _ISA_CORPUS_FPVALS64_H_
#define _ISA_CORPUS_FPVALS64_H_

#include <stdint.h>

static const uint64_t fpvals64[] = {
	0x0000000000000000, 0x8000000000000000, /* +-0 */
	0x0000000000000001, 0x8000000000000001, /* +-min subnormal */
	0x000fffffffffffff, 0x800fffffffffffff, /* +-max subnormal */
	0x0008000000000000, 0x0010000000000000, /* mid subnormal, min normal */
	0x8010000000000000, 0x001fffffffffffff, /* -min normal, 2 min - ulp */
	0x3ff0000000000000, 0xbff0000000000000, /* +-1 */
	0x3ff0000000000001, 0x3fefffffffffffff, /* 1 +- ulp */
	0x3ff8000000000000, 0xc004000000000000, /* 1.5, -2.5 */
	0x4008000000000000, 0x3fe0000000000000, /* 3, 0.5 */
	0xbfe0000000000000, 0xbfefffffffffffff, /* -0.5, just above -1 */
	0x3fb999999999999a, 0x3fd5555555555555, /* 0.1, 1/3 */
	0x400921fb54442d18, 0x3ff19999a0000000, /* pi, (double)1.1f */
	0x7fefffffffffffff, 0xffefffffffffffff, /* +-max */
	0x7fe0000000000000, 0x7e70000000000000, /* 2^1023, 2^1000 */
	0x0170000000000000, 0x3cb0000000000000, /* 2^-1000, 2^-52 */
	0x7ff0000000000000, 0xfff0000000000000, /* +-inf */
	0x7ff8000000000000, 0xfff8000000000000, /* qNaNs */
	0x7ff8000000012345,
	0x7ff0000000000001, 0xfff0000000dead00, /* sNaNs */
	0x7ff7ffffffffffff,
	0x4330000000000000, 0x4340000000000001, /* 2^52, 2^53 + 2 */
	0x41dfffffffc00000, 0x41dfffffffe00000, /* 2^31 - 1, 2^31 - 0.5 */
	0x41e0000000000000, 0xc1e0000000000000, /* +-2^31 */
	0xc1e0000000100000, 0xc1e0000000200000, /* -2^31 - 0.5, -2^31 - 1 */
	0x41efffffffe00000, 0x41efffffffffffff, /* 2^32 - 1, 2^32 - ulp */
	0x41f0000000000000, 0xc000000000000000, /* 2^32, -2 */
	0x47efffffe0000000, 0x47effffff0000000, /* FLT_MAX, + half ulp */
	0x47efffffefffffff, 0x47f0000000000000, /* FLT_MAX + < half, 2^128 */
	0x3810000000000000, 0x380fffffffffffff, /* FLT_MIN, FLT_MIN - ulp */
	0x36a0000000000000, 0x3690000000000000, /* 2^-149, 2^-150 */
	0x3690000000000001, 0xb6a8000000000000, /* 2^-150 + ulp, -1.5*2^-149 */
	0x3ff0000010000000, 0x3ff0000030000000, /* single ties (even, odd) */
	0x3ff0000010000001,			/* just above a single tie */
};

#define NFPVALS64 (sizeof(fpvals64) / sizeof(fpvals64[0]))

#endif
