// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * FP non-arithmetic: conversions in every rounding mode, compares
 * (signalling rules), min/max, sign injection, moves, FCLASS, and the
 * fflags/frm/fcsr CSRs with all their access forms.
 */
#include "rt.h"
#include "fpvals.h"

#define RM_CASES(insn, ops...)                                              \
	switch (rm) {                                                       \
	case 0: __asm__ volatile(insn ", rne" ops); break;                  \
	case 1: __asm__ volatile(insn ", rtz" ops); break;                  \
	case 2: __asm__ volatile(insn ", rdn" ops); break;                  \
	case 3: __asm__ volatile(insn ", rup" ops); break;                  \
	case 4: __asm__ volatile(insn ", rmm" ops); break;                  \
	default: __asm__ volatile(insn ", dyn" ops); break;                 \
	}

static void f2i(uint32_t a, int rm)
{
	float fa = u2f(a);
	uint32_t r;

	clear_fflags();
	RM_CASES("fcvt.w.s %0, %1", : "=r"(r) : "f"(fa))
	out(r);
	out(get_fflags());
	clear_fflags();
	RM_CASES("fcvt.wu.s %0, %1", : "=r"(r) : "f"(fa))
	out(r);
	out(get_fflags());
}

static void i2f(uint32_t a, int rm)
{
	float r;

	clear_fflags();
	RM_CASES("fcvt.s.w %0, %1", : "=f"(r) : "r"(a))
	out(f2u(r));
	out(get_fflags());
	clear_fflags();
	RM_CASES("fcvt.s.wu %0, %1", : "=f"(r) : "r"(a))
	out(f2u(r));
	out(get_fflags());
}

#define CMP(mn)                                                             \
	do {                                                                \
		uint32_t r;                                                 \
		clear_fflags();                                             \
		__asm__ volatile(mn " %0, %1, %2"                           \
				 : "=r"(r)                                  \
				 : "f"(fa), "f"(fb));                       \
		out(r);                                                     \
		out(get_fflags());                                          \
	} while (0)

#define FOP(mn)                                                             \
	do {                                                                \
		float r;                                                    \
		clear_fflags();                                             \
		__asm__ volatile(mn " %0, %1, %2"                           \
				 : "=f"(r)                                  \
				 : "f"(fa), "f"(fb));                       \
		out(f2u(r));                                                \
		out(get_fflags());                                          \
	} while (0)

static void pair(uint32_t a, uint32_t b)
{
	float fa = u2f(a), fb = u2f(b);

	CMP("feq.s");
	CMP("flt.s");
	CMP("fle.s");
	FOP("fmin.s");
	FOP("fmax.s");
	FOP("fsgnj.s");
	FOP("fsgnjn.s");
	FOP("fsgnjx.s");
}

static const uint32_t ints[] = {
	0, 1, 2, 3, 7, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff,
	0xfffffffe, 0x00ffffff, 0x01000000, 0x01000001, 0x01000003,
	0x02000003, 0x7fffffc0, 0x7fffffbf, 0x7fffff80, 0xffffff7f,
	0x12345678, 0x87654321, 0xfffffff5, 0x00800001, 0xc0000001,
};

static void csr_tests(uint32_t seed)
{
	uint32_t r, o;

	for (unsigned int i = 0; i < 64; i++) {
		uint32_t v = rt_rand(&seed);

		/* frm only gets valid modes: 5..7 would make DYN illegal. */
		uint32_t frm = v % 5;

		__asm__ volatile("csrw fcsr, %0" : : "r"((frm << 5) | (v & 0x1f)));
		__asm__ volatile("csrr %0, fcsr" : "=r"(r));
		out(r);
		__asm__ volatile("csrrs %0, fflags, %1" : "=r"(o) : "r"(v >> 8));
		out(o);
		__asm__ volatile("csrrc %0, fflags, %1" : "=r"(o) : "r"(v >> 13));
		out(o);
		__asm__ volatile("csrrw %0, fflags, %1" : "=r"(o) : "r"(v >> 3));
		out(o);
		__asm__ volatile("csrrwi %0, frm, 3" : "=r"(o));
		out(o);
		__asm__ volatile("csrrsi %0, fflags, 0x15" : "=r"(o));
		out(o);
		__asm__ volatile("csrrci %0, fflags, 0x3" : "=r"(o));
		out(o);
		__asm__ volatile("csrrsi %0, frm, 0" : "=r"(o));
		out(o);
		__asm__ volatile("csrrci %0, fcsr, 0" : "=r"(o));
		out(o);
		__asm__ volatile("csrrw %0, frm, %1" : "=r"(o) : "r"(frm));
		out(o);
		__asm__ volatile("csrr %0, fcsr" : "=r"(o));
		out(o);
	}
	__asm__ volatile("csrw fcsr, zero");
}

int main(void)
{
	unsigned int rot = corun_lane_input;
	uint32_t seed = 12345 + corun_lane_input;

	for (int rm = 0; rm < 10; rm++) {
		int r = rm;

		if (rm >= 5) {
			set_frm(rm - 5);
			r = 5;
		}
		for (unsigned int i = 0; i < NFPVALS; i++)
			f2i(fpvals[(i + rot) % NFPVALS], r);
		for (unsigned int i = 0; i < sizeof(ints) / 4; i++)
			i2f(ints[i], r);
		for (unsigned int k = 0; k < 300; k++) {
			uint32_t v = rt_rand(&seed);

			/* Exponents around the integer range. */
			f2i((v & 0x807fffffu) | ((0x7c + (v >> 24) % 40) << 23),
			    r);
			i2f(v >> (v & 31), r);
		}
		for (unsigned int k = 0; k < 20; k++) {
			/* Exact halves: ties in conversions. */
			float h = (float)(int)(rt_rand(&seed) % 64) - 32.0f;

			f2i(f2u(h + 0.5f), r);
		}
	}
	set_frm(0);
	for (unsigned int i = 0; i < NFPVALS; i++) {
		uint32_t c, x;
		float f = u2f(fpvals[i]), g;

		__asm__ volatile("fclass.s %0, %1" : "=r"(c) : "f"(f));
		out(c);
		__asm__ volatile("fmv.x.w %0, %1" : "=r"(x) : "f"(f));
		out(x);
		__asm__ volatile("fmv.w.x %0, %1" : "=f"(g) : "r"(x ^ 0x80000000u));
		out(f2u(g));
		for (unsigned int j = 0; j < NFPVALS; j++)
			pair(fpvals[(i + rot) % NFPVALS], fpvals[j]);
	}
	csr_tests(seed);
	return 0;
}
