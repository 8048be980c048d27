// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * RV32A: every AMO over edge operands (old value and memory after), LR/SC
 * success and failure (no reservation, other address, after an
 * intervening SC), and a CAS loop built from LR/SC.
 */
#include "rt.h"

static volatile uint32_t cell[8];

#define AMO(mn)                                                             \
	do {                                                                \
		uint32_t old;                                               \
		cell[0] = a;                                                \
		__asm__ volatile(mn " %0, %2, (%1)"                         \
				 : "=r"(old)                                \
				 : "r"(&cell[0]), "r"(b)                    \
				 : "memory");                               \
		out(old);                                                   \
		out(cell[0]);                                               \
	} while (0)

static const uint32_t vals[] = {
	0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0x12345678, 0xfedcba98, 5,
};

static uint32_t cas(volatile uint32_t *p, uint32_t expect, uint32_t nv)
{
	uint32_t old, fail;

	__asm__ volatile("1: lr.w %0, (%2)\n"
			 "bne %0, %3, 2f\n"
			 "sc.w %1, %4, (%2)\n"
			 "bnez %1, 1b\n"
			 "2:"
			 : "=&r"(old), "=&r"(fail)
			 : "r"(p), "r"(expect), "r"(nv)
			 : "memory");
	return old;
}

int main(void)
{
	uint32_t seed = 99 + corun_lane_input;
	uint32_t r, s;

	for (unsigned int i = 0; i < 8; i++) {
		for (unsigned int j = 0; j < 8; j++) {
			uint32_t a = vals[i], b = vals[(j + corun_lane_input) % 8];

			AMO("amoswap.w");
			AMO("amoadd.w");
			AMO("amoxor.w");
			AMO("amoand.w");
			AMO("amoor.w");
			AMO("amomin.w");
			AMO("amomax.w");
			AMO("amominu.w");
			AMO("amomaxu.w");
			AMO("amoadd.w.aq");
			AMO("amoswap.w.aqrl");
		}
	}
	/* LR/SC pairs. */
	cell[1] = 10;
	__asm__ volatile("lr.w %0, (%2)\n sc.w %1, %3, (%2)"
			 : "=&r"(r), "=&r"(s)
			 : "r"(&cell[1]), "r"(42)
			 : "memory");
	out(r);
	out(s);
	out(cell[1]);
	/* SC to another address than reserved: fails. */
	__asm__ volatile("lr.w %0, (%2)\n sc.w %1, %3, (%4)"
			 : "=&r"(r), "=&r"(s)
			 : "r"(&cell[1]), "r"(43), "r"(&cell[2])
			 : "memory");
	out(s);
	out(cell[2]);
	/* Second SC after a successful one: no reservation left. */
	__asm__ volatile("lr.w %0, (%2)\n sc.w %1, %3, (%2)\n sc.w %1, %3, (%2)"
			 : "=&r"(r), "=&r"(s)
			 : "r"(&cell[3]), "r"(44)
			 : "memory");
	out(s);
	out(cell[3]);
	for (unsigned int k = 0; k < 100; k++) {
		uint32_t e = rt_rand(&seed) & 3;

		out(cas(&cell[4], e, k));
		out(cell[4]);
	}
	__asm__ volatile("amoadd.w zero, %1, (%0)" : : "r"(&cell[5]), "r"(7) : "memory");
	out(cell[5]);
	return 0;
}
