/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device-kernel runtime, version 1.
 *
 * Device kernels are C compiled with clang --target=riscv32 -march=rv32imafd
 * and run on the SIMT cores of the corun GPU: every thread has its own PC
 * and registers, a warp executes the lanes at its minimum PC together.
 * This header is the ISA-level contract between kernels and the device
 * model: the custom CSRs, the custom instructions, the address windows and
 * the kernel-info record. The device side (__riscv) also gets CUDA-like
 * helpers; the host side (the model, loaders, tools) only the constants.
 */
#ifndef _CORUN_KERNEL_H_
#define _CORUN_KERNEL_H_

#include "types.h"

#define CORUN_KERNEL_ABI_VERSION 1

/*
 * Custom user read-only CSRs (0xcc0-0xcff is RISC-V's custom URO range).
 * Reads of any other CSR in that range are illegal instructions.
 */
#define CORUN_CSR_TID_X 0xcc0 /* threadIdx.x */
#define CORUN_CSR_TID_Y 0xcc1
#define CORUN_CSR_TID_Z 0xcc2
#define CORUN_CSR_NTID_X 0xcc3 /* blockDim.x */
#define CORUN_CSR_NTID_Y 0xcc4
#define CORUN_CSR_NTID_Z 0xcc5
#define CORUN_CSR_CTAID_X 0xcc6 /* blockIdx.x */
#define CORUN_CSR_CTAID_Y 0xcc7
#define CORUN_CSR_CTAID_Z 0xcc8
#define CORUN_CSR_NCTAID_X 0xcc9 /* gridDim.x */
#define CORUN_CSR_NCTAID_Y 0xcca
#define CORUN_CSR_NCTAID_Z 0xccb
#define CORUN_CSR_LANEID 0xccc /* lane within the warp */
#define CORUN_CSR_WARPID 0xccd /* warp within the CTA */
#define CORUN_CSR_SMID 0xcce /* SM the CTA runs on */
#define CORUN_CSR_SLOT 0xccf /* hardware slot of the job */
#define CORUN_CSR_ARGS 0xcd0 /* GPU VA of the argument block */
#define CORUN_CSR_WARPSIZE 0xcd1
#define CORUN_CSR_SHARED_SIZE 0xcd2 /* shared bytes of this CTA */
#define CORUN_CSR_FIRST 0xcc0
#define CORUN_CSR_LAST 0xcd2

/*
 * Custom instructions, all in the custom-0 major opcode (0x0b), R-type:
 * funct7 and the register fields not named below must be zero, otherwise
 * the instruction is illegal.
 *
 * BAR      funct3 0: CTA-wide barrier (__syncthreads). Every live thread of
 *          the CTA must arrive; exited threads do not count.
 * EXIT     funct3 1: the thread ends. A CTA ends when all its threads have.
 * TRAP     funct3 2: the job faults with cause CORUN_FAULT_USER_TRAP and
 *          the value of rs1 as the fault address (device-side assert).
 * BYPASS   funct3 3: a hint for the next global load/store of this
 *          thread: rs1 = CORUN_HINT_BYPASS (or any value but the three
 *          others) bypasses the L1; rs1 = CORUN_HINT_CACHE uses the L1
 *          even if the thread's CTA is a bypass CTA (the cache
 *          partitioning paper's "always cache" loads); rs1 =
 *          CORUN_HINT_RO reads through the SM's read-only data cache
 *          instead of the L1 (CUDA's texture and __ldg() loads; a store
 *          or atomic ignores it); rs1 = 0 clears the hint.
 */
#define CORUN_HINT_NONE 0u
#define CORUN_HINT_BYPASS 1u
#define CORUN_HINT_CACHE 2u
#define CORUN_HINT_RO 3u
#define CORUN_OPC_CUSTOM0 0x0b
#define CORUN_F3_BAR 0
#define CORUN_F3_EXIT 1
#define CORUN_F3_TRAP 2
#define CORUN_F3_BYPASS 3

#define CORUN_INSN_BAR 0x0000000bu
#define CORUN_INSN_EXIT 0x0000100bu
#define CORUN_INSN_TRAP(rs1) (0x0000200bu | ((u32)(rs1) << 15))
#define CORUN_INSN_BYPASS(rs1) (0x0000300bu | ((u32)(rs1) << 15))

/*
 * 16-byte vector accesses, in the custom-1 major opcode (0x2b), like
 * PTX's ld.v4.u32 and st.v4.u32:
 *
 * LDV4     I-type, funct3 0: x[rd..rd+3] = the four words at x[rs1] + imm.
 * STV4     S-type, funct3 1: the four words at x[rs1] + imm = x[rs2..rs2+3].
 *
 * The address must be 16-byte aligned (else CORUN_FAULT_MISALIGNED), and
 * rd (rs2) must be 1..28 so that the four registers exist and none is x0;
 * other funct3 values are illegal. A warp's vector access is coalesced like
 * any other, into one request per line it touches; the four words of a
 * lane are one access (a BYPASS hint applies to all of them). In the local
 * window each word lies apart (the stacks interleave word by word).
 */
#define CORUN_OPC_CUSTOM1 0x2b
#define CORUN_F3_LDV4 0
#define CORUN_F3_STV4 1
#define CORUN_VEC_REG_MAX 28

/*
 * GPU virtual address map seen by a kernel (32-bit).
 *
 * [0, CORUN_VA_GLOBAL_BASE)          never mapped: null-pointer guard.
 * [CORUN_VA_GLOBAL_BASE, CORUN_VA_GLOBAL_END)
 *                                    global memory, through the context's
 *                                    page tables (see hw.h).
 * [CORUN_VA_SHARED_BASE, +shared)    this CTA's shared memory; accesses
 *                                    beyond the CTA's declared size fault.
 * [CORUN_VA_LOCAL_BASE, +stack)      this thread's private stack ("local
 *                                    memory"), backed by the device; the
 *                                    thread starts with sp at its top.
 * Everything else faults.
 */
#define CORUN_VA_GLOBAL_BASE 0x00010000u
#define CORUN_VA_GLOBAL_END 0xf0000000u
#define CORUN_VA_SHARED_BASE 0xf0000000u
#define CORUN_VA_SHARED_MAX (16u << 20)
#define CORUN_VA_LOCAL_BASE 0xf1000000u
#define CORUN_VA_LOCAL_MAX (64u << 10)

/*
 * Argument blocks are at most this long. Reads of [args, args +
 * CORUN_ARGS_MAX) go through the SM's read-only data cache, as CUDA
 * kernel parameters are read through the constant cache.
 */
#define CORUN_ARGS_MAX 256u

/* Per-thread stack limits: default when a kernel declares none, and max. */
#define CORUN_STACK_DEFAULT 1024u
#define CORUN_STACK_MAX 16384u

/*
 * Kernel-info record. Every kernel defined with CORUN_KERNEL() emits one
 * into the ELF section CORUN_KINFO_SECTION; loaders read the section to
 * find entry points and the static resources checked at launch.
 */
#define CORUN_KINFO_SECTION ".corun.kinfo"
#define CORUN_KINFO_MAGIC 0x494b5243u /* "CRKI" */
#define CORUN_KINFO_NAME_LEN 32

/**
 * struct corun_kinfo - static description of one device kernel
 * @magic: CORUN_KINFO_MAGIC
 * @version: CORUN_KERNEL_ABI_VERSION
 * @size: sizeof(struct corun_kinfo)
 * @entry: GPU VA of the entry (runs the inlined kernel body, then EXIT)
 * @regs_per_thread: architectural registers the kernel is accounted for,
 *	checked against the SM register file at launch (1..255)
 * @flags: reserved, zero
 * @shared_bytes: static shared memory per CTA
 * @stack_bytes: private stack per thread (0 means CORUN_STACK_DEFAULT)
 * @name: NUL-terminated kernel name
 */
struct corun_kinfo {
	u32 magic;
	u16 version;
	u16 size;
	u32 entry;
	u16 regs_per_thread;
	u16 flags;
	u32 shared_bytes;
	u32 stack_bytes;
	char name[CORUN_KINFO_NAME_LEN];
};

#if defined(__riscv) && !defined(__KERNEL__)

#define __corun_str(x) #x
#define __corun_xstr(x) __corun_str(x)

#define corun_csr_read(csr)                                         \
	({                                                          \
		u32 __v;                                            \
		__asm__("csrr %0, " __corun_xstr(csr) : "=r"(__v)); \
		__v;                                                \
	})

struct corun_dim3 {
	u32 x, y, z;
};

static inline struct corun_dim3 __corun_dim3(u32 x, u32 y, u32 z)
{
	struct corun_dim3 d = { x, y, z };

	return d;
}

#define threadIdx                                     \
	__corun_dim3(corun_csr_read(CORUN_CSR_TID_X), \
		     corun_csr_read(CORUN_CSR_TID_Y), \
		     corun_csr_read(CORUN_CSR_TID_Z))
#define blockDim                                       \
	__corun_dim3(corun_csr_read(CORUN_CSR_NTID_X), \
		     corun_csr_read(CORUN_CSR_NTID_Y), \
		     corun_csr_read(CORUN_CSR_NTID_Z))
#define blockIdx                                        \
	__corun_dim3(corun_csr_read(CORUN_CSR_CTAID_X), \
		     corun_csr_read(CORUN_CSR_CTAID_Y), \
		     corun_csr_read(CORUN_CSR_CTAID_Z))
#define gridDim                                          \
	__corun_dim3(corun_csr_read(CORUN_CSR_NCTAID_X), \
		     corun_csr_read(CORUN_CSR_NCTAID_Y), \
		     corun_csr_read(CORUN_CSR_NCTAID_Z))
#define laneId() corun_csr_read(CORUN_CSR_LANEID)
#define warpId() corun_csr_read(CORUN_CSR_WARPID)
#define warpSize corun_csr_read(CORUN_CSR_WARPSIZE)

/* The argument block the job was launched with, as a typed pointer. */
#define corun_args(type) ((type *)corun_csr_read(CORUN_CSR_ARGS))

static inline void __syncthreads(void)
{
	__asm__ volatile(".word 0x0000000b" /* CORUN_INSN_BAR */ ::: "memory");
}

static inline __noreturn void corun_exit(void)
{
	__asm__ volatile(".word 0x0000100b" /* CORUN_INSN_EXIT */ ::: "memory");
	__builtin_unreachable();
}

/* Device-side assertion: faults the job with @code as the fault address. */
static inline __noreturn void corun_trap(u32 code)
{
	register u32 a0 __asm__("a0") = code;

	/* TRAP with rs1 = a0 (x10). */
	__asm__ volatile(".word 0x0005200b" : : "r"(a0) : "memory");
	__builtin_unreachable();
}

#define corun_assert(cond)                    \
	do {                                  \
		if (!(cond))                  \
			corun_trap(__LINE__); \
	} while (0)

/*
 * Shared memory: a pointer to byte offset @off of this CTA's window, e.g.
 * float (*tile)[16] = corun_shared(0);
 */
static inline void *corun_shared(u32 off)
{
	return (void *)(unsigned long)(CORUN_VA_SHARED_BASE + off);
}

/* Atomics on global and shared memory (RV32A, relaxed like CUDA's). */
static inline int atomicAdd(int *p, int v)
{
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

static inline unsigned int atomicAddU(unsigned int *p, unsigned int v)
{
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}

static inline int atomicMin(int *p, int v)
{
	int r;

	__asm__ volatile("amomin.w %0, %2, (%1)"
			 : "=r"(r)
			 : "r"(p), "r"(v)
			 : "memory");
	return r;
}

static inline int atomicMax(int *p, int v)
{
	int r;

	__asm__ volatile("amomax.w %0, %2, (%1)"
			 : "=r"(r)
			 : "r"(p), "r"(v)
			 : "memory");
	return r;
}

static inline int atomicExch(int *p, int v)
{
	return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);
}

static inline int atomicCAS(int *p, int expected, int desired)
{
	__atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_RELAXED,
				    __ATOMIC_RELAXED);
	return expected;
}

static inline int atomicOr(int *p, int v)
{
	return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
}

static inline int atomicAnd(int *p, int v)
{
	return __atomic_fetch_and(p, v, __ATOMIC_RELAXED);
}

/* Bypass the L1 for the next global access of this thread. */
static inline void corun_bypass_next(void)
{
	register u32 a0 __asm__("a0") = CORUN_HINT_BYPASS;

	__asm__ volatile(".word 0x0005300b" : : "r"(a0) : "memory");
}

/* Use the L1 for the next global access, even in a bypass CTA. */
static inline void corun_cache_next(void)
{
	register u32 a0 __asm__("a0") = CORUN_HINT_CACHE;

	__asm__ volatile(".word 0x0005300b" : : "r"(a0) : "memory");
}

/*
 * Loads through the SM's read-only data cache (CUDA's __ldg() and texture
 * fetches), for data no thread writes while the kernel runs: the hint and
 * the load are one asm statement, so no other access can take the hint.
 * Not volatile: like any load of constant data the compiler may reuse or
 * hoist it.
 */
#define __corun_ldg(insn, cons, type, p)                        \
	({                                                      \
		register u32 __h __asm__("a0") = CORUN_HINT_RO; \
		type __v;                                       \
		__asm__(".word 0x0005300b\n\t" insn " %0, %2"   \
			: "=" cons(__v)                         \
			: "r"(__h), "m"(*(p)));                 \
		__v;                                            \
	})

static inline u8 corun_ldg_u8(const u8 *p)
{
	return __corun_ldg("lbu", "r", u8, p);
}

static inline u16 corun_ldg_u16(const u16 *p)
{
	return __corun_ldg("lhu", "r", u16, p);
}

static inline u32 corun_ldg_u32(const u32 *p)
{
	return __corun_ldg("lw", "r", u32, p);
}

static inline s32 corun_ldg_s32(const s32 *p)
{
	return __corun_ldg("lw", "r", s32, p);
}

static inline float corun_ldg_f32(const float *p)
{
	return __corun_ldg("flw", "f", float, p);
}

/*
 * Four consecutive words, loaded or stored by one instruction (PTX's
 * ld.v4 / st.v4: CUDA's uint4 and float4 accesses). The address must be
 * 16-byte aligned. The words travel in t3..t6, the four consecutive
 * temporaries that no call preserves. For floats, type-pun the words
 * (memcpy or a union); the instruction moves bits.
 */
struct corun_u32x4 {
	u32 x, y, z, w;
};

#define __corun_v4_regs                                      \
	register u32 __v0 __asm__("t3"), __v1 __asm__("t4"), \
		__v2 __asm__("t5"), __v3 __asm__("t6")

static inline struct corun_u32x4 corun_ld_v4(const u32 *p)
{
	__corun_v4_regs;
	struct corun_u32x4 v;

	__asm__(".insn i 0x2b, 0, t3, 0(%4)"
		: "=r"(__v0), "=r"(__v1), "=r"(__v2), "=r"(__v3)
		: "r"(p), "m"(*(const u32(*)[4])p));
	v.x = __v0;
	v.y = __v1;
	v.z = __v2;
	v.w = __v3;
	return v;
}

/* corun_ld_v4() through the read-only data cache (a texture fetch). */
static inline struct corun_u32x4 corun_ldg_v4(const u32 *p)
{
	register u32 __h __asm__("a0") = CORUN_HINT_RO;
	__corun_v4_regs;
	struct corun_u32x4 v;

	__asm__(".word 0x0005300b\n\t.insn i 0x2b, 0, t3, 0(%5)"
		: "=r"(__v0), "=r"(__v1), "=r"(__v2), "=r"(__v3)
		: "r"(__h), "r"(p), "m"(*(const u32(*)[4])p));
	v.x = __v0;
	v.y = __v1;
	v.z = __v2;
	v.w = __v3;
	return v;
}

static inline void corun_st_v4(u32 *p, struct corun_u32x4 v)
{
	__corun_v4_regs;

	__v0 = v.x;
	__v1 = v.y;
	__v2 = v.z;
	__v3 = v.w;
	__asm__(".insn s 0x2b, 1, t3, 0(%5)"
		: "=m"(*(u32(*)[4])p)
		: "r"(__v0), "r"(__v1), "r"(__v2), "r"(__v3), "r"(p));
}

/*
 * CORUN_KERNEL(fn, regs, shared, stack) - define a kernel entry.
 * @fn: the kernel body, void fn(void); it reads its arguments with
 *	corun_args()
 * @regs: registers per thread accounted for occupancy
 * @shared: static shared memory per CTA, in bytes
 * @stack: private stack per thread in bytes (0: CORUN_STACK_DEFAULT)
 *
 * Use it before the body's definition: the body is forced inline into the
 * entry, which never returns, so the build can drop the entry's register
 * saves (tools/kernels/entry-nosave.awk).
 */
#define CORUN_KERNEL(fn, regs, shared, stack)                               \
	static inline __always_inline void fn(void);                        \
	__attribute__((                                                     \
		used, noreturn,                                             \
		section(".text.corun_entry"))) void fn##__corun_entry(void) \
	{                                                                   \
		fn();                                                       \
		corun_exit();                                               \
	}                                                                   \
	__used __section(CORUN_KINFO_SECTION) __aligned(4)                  \
		const struct corun_kinfo fn##__corun_kinfo = {              \
			.magic = CORUN_KINFO_MAGIC,                         \
			.version = CORUN_KERNEL_ABI_VERSION,                \
			.size = sizeof(struct corun_kinfo),                 \
			.entry = (u32)(unsigned long)&fn##__corun_entry,    \
			.regs_per_thread = (regs),                          \
			.shared_bytes = (shared),                           \
			.stack_bytes = (stack),                             \
			.name = #fn,                                        \
		}

#endif /* __riscv && !__KERNEL__ */

#endif /* _CORUN_KERNEL_H_ */
