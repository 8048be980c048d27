/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Device runtime support: the libgcc/compiler-rt helpers clang emits calls
 * to for rv32imaf (Debian ships no riscv32 compiler-rt), and the memory
 * functions a freestanding compile still emits (struct copies, zeroing).
 *
 * The sources also build on the host, with RT_SYM() renaming every symbol
 * so the unit test can compare them with the host's native operations.
 */
#ifndef _CORUN_KERNELS_RT_H_
#define _CORUN_KERNELS_RT_H_

#include <stddef.h>
#include <stdint.h>

#ifndef RT_SYM
#define RT_SYM(name) name
#endif

/* 64-bit integer division (libgcc names and semantics). */
uint64_t RT_SYM(__udivmoddi4)(uint64_t n, uint64_t d, uint64_t *rem);
uint64_t RT_SYM(__udivdi3)(uint64_t n, uint64_t d);
uint64_t RT_SYM(__umoddi3)(uint64_t n, uint64_t d);
int64_t RT_SYM(__divdi3)(int64_t n, int64_t d);
int64_t RT_SYM(__moddi3)(int64_t n, int64_t d);

/* 64-bit shifts and multiply (RV32IM usually inlines these). */
int64_t RT_SYM(__ashldi3)(int64_t a, int b);
int64_t RT_SYM(__lshrdi3)(int64_t a, int b);
int64_t RT_SYM(__ashrdi3)(int64_t a, int b);
int64_t RT_SYM(__muldi3)(int64_t a, int64_t b);
int RT_SYM(__clzsi2)(uint32_t a);
int RT_SYM(__clzdi2)(uint64_t a);

/* float <-> 64-bit integer conversions (F only converts 32-bit ones). */
float RT_SYM(__floatundisf)(uint64_t a);
float RT_SYM(__floatdisf)(int64_t a);
uint64_t RT_SYM(__fixunssfdi)(float a);
int64_t RT_SYM(__fixsfdi)(float a);

void *RT_SYM(memcpy)(void *dst, const void *src, size_t n);
void *RT_SYM(memmove)(void *dst, const void *src, size_t n);
void *RT_SYM(memset)(void *dst, int c, size_t n);
int RT_SYM(memcmp)(const void *a, const void *b, size_t n);

#endif /* _CORUN_KERNELS_RT_H_ */
