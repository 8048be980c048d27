/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Freestanding runtime of the ISA differential-test corpus. Programs run
 * unchanged on qemu-riscv32 (Linux write/exit syscalls) and on the corun
 * executor (whose test runner implements the same two syscalls), so their
 * byte-exact stdout can be compared.
 *
 * A program defines main(); _start gives it a static stack, and when main
 * returns rt_finish dumps x0..x31, f0..f31 (64 bits each), fcsr, a
 * checksum of the stack and everything emitted with out(), then exits.
 */
#ifndef _ISA_CORPUS_RT_H_
#define _ISA_CORPUS_RT_H_

#include <stdint.h>

/*
 * Per-lane input: 0 in the ELF; the test runner patches it to the lane
 * number for multi-lane runs (and runs QEMU once per patched copy).
 */
extern volatile uint32_t corun_lane_input;

/* Append a word to the output (buffered, flushed at exit). */
void out(uint32_t v);

/* A 64-bit value as two words, low first (the dump's byte order). */
static inline void out64(uint64_t v)
{
	out((uint32_t)v);
	out((uint32_t)(v >> 32));
}

int main(void);

static inline uint32_t f2u(float f)
{
	union {
		float f;
		uint32_t u;
	} x = { .f = f };

	return x.u;
}

static inline float u2f(uint32_t u)
{
	union {
		float f;
		uint32_t u;
	} x = { .u = u };

	return x.f;
}

static inline uint64_t d2u(double d)
{
	union {
		double d;
		uint64_t u;
	} x = { .d = d };

	return x.u;
}

static inline double u2d(uint64_t u)
{
	union {
		double d;
		uint64_t u;
	} x = { .u = u };

	return x.d;
}

static inline void clear_fflags(void)
{
	__asm__ volatile("fsflags zero");
}

static inline uint32_t get_fflags(void)
{
	uint32_t v;

	__asm__ volatile("frflags %0" : "=r"(v));
	return v;
}

static inline void set_frm(uint32_t rm)
{
	__asm__ volatile("fsrm %0" : : "r"(rm));
}

/* Small deterministic PRNG (xorshift32). */
static inline uint32_t rt_rand(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

#endif
