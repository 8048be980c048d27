// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Integer ISA: every RV32I/M register-register and immediate op over edge
 * operands, mul/div/rem edge cases (by zero, overflow), loads and stores
 * of every size and sign extension, branches of every kind, JAL/JALR,
 * LUI/AUIPC-relative addressing, FENCE/FENCE.I.
 */
#include "rt.h"

static const uint32_t edge[] = {
	0, 1, 2, 31, 32, 33, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
	0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe,
	0x12345678, 0xdeadbeef, 0x55555555, 0xaaaaaaaa, 0x0000fffe,
};

#define NEDGE (sizeof(edge) / sizeof(edge[0]))

#define RR(mn)                                                              \
	do {                                                                \
		uint32_t r;                                                 \
		__asm__ volatile(mn " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b)); \
		out(r);                                                     \
	} while (0)

#define RI(mn, imm)                                                         \
	do {                                                                \
		uint32_t r;                                                 \
		__asm__ volatile(mn " %0, %1, " #imm : "=r"(r) : "r"(a));   \
		out(r);                                                     \
	} while (0)

#define BR(mn)                                                              \
	do {                                                                \
		uint32_t r = 0;                                             \
		__asm__ volatile(mn " %1, %2, 1f\n li %0, 1\n 1:"           \
				 : "+r"(r) : "r"(a), "r"(b));               \
		out(r);                                                     \
	} while (0)

static void rr(uint32_t a, uint32_t b)
{
	RR("add"); RR("sub"); RR("sll"); RR("slt"); RR("sltu"); RR("xor");
	RR("srl"); RR("sra"); RR("or"); RR("and");
	RR("mul"); RR("mulh"); RR("mulhsu"); RR("mulhu");
	RR("div"); RR("divu"); RR("rem"); RR("remu");
	BR("beq"); BR("bne"); BR("blt"); BR("bge"); BR("bltu"); BR("bgeu");
}

static void ri(uint32_t a)
{
	RI("addi", 0); RI("addi", -1); RI("addi", 2047); RI("addi", -2048);
	RI("slti", 0); RI("slti", -1); RI("slti", 2047); RI("slti", -2048);
	RI("sltiu", 0); RI("sltiu", -1); RI("sltiu", 1); RI("sltiu", 2047);
	RI("xori", -1); RI("xori", 0x555); RI("ori", -2048); RI("ori", 0x7f0);
	RI("andi", -1); RI("andi", 0x0ff); RI("andi", -16);
	RI("slli", 0); RI("slli", 1); RI("slli", 31); RI("slli", 17);
	RI("srli", 0); RI("srli", 1); RI("srli", 31); RI("srli", 9);
	RI("srai", 0); RI("srai", 1); RI("srai", 31); RI("srai", 13);
}

static uint8_t mem[256] __attribute__((aligned(8)));

static void loads_stores(uint32_t seed)
{
	for (unsigned int i = 0; i < sizeof(mem); i++)
		mem[i] = (uint8_t)rt_rand(&seed);
	for (unsigned int off = 0; off < 64; off++) {
		uint32_t r, v = rt_rand(&seed);
		uint8_t *p = mem + off;

		__asm__ volatile("lb %0, 0(%1)" : "=r"(r) : "r"(p));
		out(r);
		__asm__ volatile("lbu %0, 0(%1)" : "=r"(r) : "r"(p));
		out(r);
		__asm__ volatile("sb %0, 100(%1)" : : "r"(v), "r"(p) : "memory");
		if (!(off & 1)) {
			__asm__ volatile("lh %0, 0(%1)" : "=r"(r) : "r"(p));
			out(r);
			__asm__ volatile("lhu %0, 0(%1)" : "=r"(r) : "r"(p));
			out(r);
			__asm__ volatile("sh %0, 150(%1)" : : "r"(v), "r"(p) : "memory");
		}
		if (!(off & 3)) {
			__asm__ volatile("lw %0, 0(%1)" : "=r"(r) : "r"(p));
			out(r);
			__asm__ volatile("sw %0, 188(%1)" : : "r"(v), "r"(p) : "memory");
			__asm__ volatile("lw %0, -4(%1)" : "=r"(r) : "r"(p + 8));
			out(r);
		}
	}
	__asm__ volatile("fence\n fence.i\n fence rw, rw\n fence r, w" ::: "memory");
	for (unsigned int i = 0; i < sizeof(mem); i += 4)
		out(*(volatile uint32_t *)(mem + i));
}

static uint32_t jumps(uint32_t x)
{
	uint32_t r, t;

	/* JALR through a computed address, JAL over code, AUIPC. */
	__asm__ volatile("auipc %1, 0\n"
			 "addi %1, %1, 20\n"
			 "jalr %0, 0(%1)\n"
			 "addi %2, %2, 100\n"
			 "addi %2, %2, 200\n"
			 "addi %2, %2, 1\n"
			 "jal %1, 1f\n"
			 "addi %2, %2, 1000\n"
			 "1: sub %0, %0, %1\n"
			 : "=&r"(r), "=&r"(t), "+r"(x));
	out(r);
	return x;
}

static uint32_t recurse(uint32_t n)
{
	if (n < 2)
		return n;
	return recurse(n - 1) + recurse(n - 2);
}

int main(void)
{
	uint32_t seed = 777 + corun_lane_input;

	for (unsigned int i = 0; i < NEDGE; i++) {
		uint32_t a = edge[(i + corun_lane_input) % NEDGE];

		ri(a);
		for (unsigned int j = 0; j < NEDGE; j++)
			rr(a, edge[j]);
	}
	for (unsigned int k = 0; k < 400; k++)
		rr(rt_rand(&seed), rt_rand(&seed) >> (k & 31));
	loads_stores(seed);
	out(jumps(corun_lane_input));
	out(recurse(12 + corun_lane_input % 4));
	{
		uint32_t r;

		__asm__ volatile("lui %0, 0xfffff" : "=r"(r));
		out(r);
		__asm__ volatile("lui %0, 0x80000" : "=r"(r));
		out(r);
	}
	return (int)seed;
}
