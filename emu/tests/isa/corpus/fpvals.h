/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* binary32 edge values shared by the FP corpus programs. */
#ifndef _ISA_CORPUS_FPVALS_H_
#define _ISA_CORPUS_FPVALS_H_

#include <stdint.h>

static const uint32_t fpvals[] = {
	0x00000000, 0x80000000, /* +-0 */
	0x00000001, 0x80000001, /* +-min subnormal */
	0x007fffff, 0x807fffff, /* +-max subnormal */
	0x00400000, 0x00800000, 0x80800000, /* mid subnormal, +-min normal */
	0x00ffffff, 0x01000000, /* near the subnormal boundary */
	0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, /* 1, -1, 1+-ulp */
	0x3fc00000, 0xc0200000, 0x40400000, /* 1.5, -2.5, 3 */
	0x3f000000, 0xbf000000, 0x3fa00000, /* +-0.5, 1.25 */
	0x3dcccccd, 0x3eaaaaab, 0x40490fdb, /* 0.1, 1/3, pi */
	0x7f7fffff, 0xff7fffff, 0x7f000000, /* +-max, 2^127 */
	0x7f800000, 0xff800000, /* +-inf */
	0x7fc00000, 0xffc00000, 0x7fc12345, /* qNaNs */
	0x7f800001, 0xff80dead, 0x7fbfffff, /* sNaNs */
	0x4b800001, 0x4b7fffff, /* around 2^24 */
	0x4effffff, 0x4f000000, 0xcf000000, 0xcf000001, /* around +-2^31 */
	0x4f800000, 0x4f7fffff, /* around 2^32 */
	0x33800000, 0x0d800000, 0x20000000, 0x5f800000, /* scale factors */
	0x1f800001, 0x3fffffff,
};

#define NFPVALS (sizeof(fpvals) / sizeof(fpvals[0]))

#endif
