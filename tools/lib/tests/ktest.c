// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Test device kernels for the kelf and simhost tests: a pointer table in
 * data (so the image has R_RISCV_RELATIVE relocations besides the kinfo
 * entries), a zeroed array in .bss, and kernels with distinct resources.
 */
#include <corun/kernel.h>

struct ktest_args {
	const int *x;
	int *y;
	uint32_t n;
};

static const int ktest_add[4] = { 1, 2, 3, 4 };
/* Pointers in data: relocated by the loader. */
static const int *const ktest_ptrs[2] = { &ktest_add[0], &ktest_add[2] };
static int ktest_zero[64];

/* y[i] = x[i] + ktest_add[(i & 1) * 2] + ktest_zero[i % 64]. */
CORUN_KERNEL(ktest_vadd, 16, 0, 0);
static void ktest_vadd(void)
{
	struct ktest_args *a = corun_args(struct ktest_args);
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < a->n)
		a->y[i] = a->x[i] + *ktest_ptrs[i & 1] + ktest_zero[i % 64];
}

/* Stores to its own code page: must fault with PERM_WRITE. */
CORUN_KERNEL(ktest_wcode, 8, 0, 0);
static void ktest_wcode(void)
{
	*(volatile uint32_t *)(uintptr_t)&ktest_wcode = 0;
}

/* Declares large static resources for the launch-validation tests. */
CORUN_KERNEL(ktest_big, 64, 8192, 4096);
static void ktest_big(void)
{
	ktest_zero[threadIdx.x % 64] = 1;
}
