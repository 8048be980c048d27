// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * FP arithmetic: add/sub/mul/div/sqrt/fused multiply-add over every pair
 * (triple, sampled) of edge values, in every static rounding mode and in
 * DYN mode with each frm, recording result and fflags. The lane input
 * rotates the operand order so lanes differ.
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

#define OP2(name, mn)                                                       \
	static void name(uint32_t a, uint32_t b, int rm)                    \
	{                                                                   \
		float fa = u2f(a), fb = u2f(b), r;                          \
		clear_fflags();                                             \
		RM_CASES(mn " %0, %1, %2", : "=f"(r) : "f"(fa), "f"(fb))    \
		out(f2u(r));                                                \
		out(get_fflags());                                          \
	}

#define OP3(name, mn)                                                       \
	static void name(uint32_t a, uint32_t b, uint32_t c, int rm)        \
	{                                                                   \
		float fa = u2f(a), fb = u2f(b), fc = u2f(c), r;             \
		clear_fflags();                                             \
		RM_CASES(mn " %0, %1, %2, %3",                              \
			 : "=f"(r) : "f"(fa), "f"(fb), "f"(fc))              \
		out(f2u(r));                                                \
		out(get_fflags());                                          \
	}

OP2(do_add, "fadd.s")
OP2(do_sub, "fsub.s")
OP2(do_mul, "fmul.s")
OP2(do_div, "fdiv.s")
OP3(do_fmadd, "fmadd.s")
OP3(do_fmsub, "fmsub.s")
OP3(do_fnmsub, "fnmsub.s")
OP3(do_fnmadd, "fnmadd.s")

static void do_sqrt(uint32_t a, int rm)
{
	float fa = u2f(a), r;

	clear_fflags();
	RM_CASES("fsqrt.s %0, %1", : "=f"(r) : "f"(fa))
	out(f2u(r));
	out(get_fflags());
}

/* rm 0..4 static; 5..9 DYN with frm = rm - 5. */
static int use_rm(int rm)
{
	if (rm >= 5) {
		set_frm(rm - 5);
		return 5;
	}
	return rm;
}

int main(void)
{
	unsigned int rot = corun_lane_input % NFPVALS;
	uint32_t seed = 0x9e3779b9u ^ corun_lane_input;

	for (int rm = 0; rm < 10; rm++) {
		int r = use_rm(rm);

		for (unsigned int i = 0; i < NFPVALS; i++) {
			uint32_t a = fpvals[(i + rot) % NFPVALS];

			do_sqrt(a, r);
			for (unsigned int j = 0; j < NFPVALS; j++) {
				uint32_t b = fpvals[j];

				do_add(a, b, r);
				do_sub(a, b, r);
				do_mul(a, b, r);
				do_div(a, b, r);
			}
		}
		/* Fused ops: a sample of special triples plus random ones
		 * built around exponents where cancellation and
		 * underflow/overflow happen. */
		for (unsigned int k = 0; k < 1500; k++) {
			uint32_t a = fpvals[rt_rand(&seed) % NFPVALS];
			uint32_t b = fpvals[rt_rand(&seed) % NFPVALS];
			uint32_t c = fpvals[rt_rand(&seed) % NFPVALS];

			if (k & 1) {
				a = rt_rand(&seed);
				b = (rt_rand(&seed) & 0x81ffffffu) | 0x3e000000u;
				c = (a ^ 0x80000000u) + (rt_rand(&seed) & 0xff);
			}
			if ((k & 3) == 2)
				c = rt_rand(&seed) & 0x80ffffffu;
			do_fmadd(a, b, c, r);
			do_fmsub(a, b, c, r);
			do_fnmsub(a, b, c, r);
			do_fnmadd(a, b, c, r);
		}
		/* Random operands with close exponents (rounding paths). */
		for (unsigned int k = 0; k < 1000; k++) {
			uint32_t a = rt_rand(&seed), b = rt_rand(&seed);

			b = (b & 0x80ffffffu) | (a & 0x7f000000u);
			do_add(a, b, r);
			do_sub(a, b, r);
			do_mul(a, b ^ 0x3f800000u, r);
			do_div(a, b, r);
			do_sqrt(a & 0x7fffffffu, r);
		}
	}
	set_frm(0);
	return 0;
}
