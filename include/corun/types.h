/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Kernel-style fixed-width types and bit helpers for headers shared by
 * the driver (kernel), the firmware and device kernels (freestanding RV32)
 * and the host tools (user space). In the kernel they come from the usual
 * headers; elsewhere they are defined here.
 */
#ifndef _CORUN_TYPES_H_
#define _CORUN_TYPES_H_

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/compiler.h>
#define CORUN_STATIC_ASSERT(e, msg) static_assert(e, msg)
#else
#include <stdbool.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;

#ifndef BIT
#define BIT(n) (1u << (n))
#endif
#ifndef BIT_ULL
#define BIT_ULL(n) (1ull << (n))
#endif
#ifndef __packed
#define __packed __attribute__((packed))
#endif
#ifndef __used
#define __used __attribute__((used))
#endif
#ifndef __always_inline
#define __always_inline __attribute__((always_inline))
#endif
#ifndef __noreturn
#define __noreturn __attribute__((noreturn))
#endif
#ifndef __aligned
#define __aligned(x) __attribute__((aligned(x)))
#endif
#ifndef __section
#define __section(s) __attribute__((section(s)))
#endif
/* C11 spelling of the kernel's static_assert(). */
#define CORUN_STATIC_ASSERT(e, msg) _Static_assert(e, msg)
#endif

#endif /* _CORUN_TYPES_H_ */
