/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Argument blocks of the device kernels, shared by the kernels (RV32,
 * ILP32) and the host workloads (LP64). Only fixed-size 32-bit fields:
 * GPU virtual addresses are uint32_t, scalars uint32_t/int32_t/float, so
 * the layout is the same on both sides (asserted below).
 */
#ifndef _CORUN_KERNELS_ARGS_H_
#define _CORUN_KERNELS_ARGS_H_

#include <stdint.h>

#define ARGS_ASSERT_SIZE(type, words)                                 \
	_Static_assert(sizeof(struct type) == 4 * (words),             \
		       #type " layout differs between host and device")

/* vecadd: c[i] = a[i] + b[i], i < n (float) */
struct vecadd_args {
	uint32_t a, b, c;
	uint32_t n;
};
ARGS_ASSERT_SIZE(vecadd_args, 4);

/* saxpy: y[i] = alpha * x[i] + y[i], i < n (float, no FMA) */
struct saxpy_args {
	uint32_t x, y;
	uint32_t n;
	float alpha;
};
ARGS_ASSERT_SIZE(saxpy_args, 4);

/*
 * matmul: C[m x n] = A[m x k] * B[k x n], row-major float, computed in
 * MM_TILE x MM_TILE tiles through shared memory; blockDim = (MM_TILE,
 * MM_TILE), gridDim = (ceil(n / MM_TILE), ceil(m / MM_TILE)).
 */
#define MM_TILE 16
struct matmul_args {
	uint32_t a, b, c;
	uint32_t m, n, k;
};
ARGS_ASSERT_SIZE(matmul_args, 6);

/*
 * histogram: bins[in[i] % nbins]++ for i < n (uint32 input, uint32 bins,
 * bins zeroed by the host). Grid-stride loop: any grid size is correct.
 * The shared-memory variant needs nbins <= HIST_MAX_BINS.
 */
#define HIST_MAX_BINS 1024
struct hist_args {
	uint32_t in, bins;
	uint32_t n, nbins;
};
ARGS_ASSERT_SIZE(hist_args, 4);

/*
 * reduce: out[blockIdx.x] = sum of the block's share of in[0..n) (uint32,
 * wrapping), or, with atomic != 0, one atomicAdd into out[0]. blockDim.x
 * must be a power of two <= REDUCE_MAX_BLOCK; every thread first sums a
 * grid-stride slice, then the block reduces in shared memory.
 */
#define REDUCE_MAX_BLOCK 1024
struct reduce_args {
	uint32_t in, out;
	uint32_t n;
	uint32_t atomic;
};
ARGS_ASSERT_SIZE(reduce_args, 4);

/*
 * collatz: steps[i] = Collatz steps from in[i] down to 1, capped at
 * max_steps (the cap is reported as is). Inputs must be 1..COLLATZ_MAX_IN
 * so no trajectory overflows 32 bits.
 */
#define COLLATZ_MAX_IN (1u << 17)
struct collatz_args {
	uint32_t in, steps;
	uint32_t n;
	uint32_t max_steps;
};
ARGS_ASSERT_SIZE(collatz_args, 4);

/*
 * compute: COMPUTE_CHAINS independent FMA chains per thread,
 * x = fmaf(x, mul, add) repeated iters times, seeded from in[i]; the
 * chains are summed into out[i]. Arithmetic bound: no memory in the loop.
 */
#define COMPUTE_CHAINS 4
struct compute_args {
	uint32_t in, out;
	uint32_t n;
	uint32_t iters;
	float mul, add;
};
ARGS_ASSERT_SIZE(compute_args, 6);

/*
 * fault kernels (negative tests): only thread @thread of CTA @cta does the
 * bad thing, so the fault record's CTA, warp and lane can be checked.
 * @ptr and @value per kernel: fault_misaligned loads a word from @ptr;
 * fault_shared_oob stores to shared word @value (declared:
 * FAULT_SHARED_WORDS); fault_spin waits for the word at @ptr to become
 * non-zero (it never does); fault_assert asserts in[i] < @value for the
 * uint32 array @ptr.
 */
#define FAULT_SHARED_WORDS 64
struct fault_args {
	uint32_t cta, thread;
	uint32_t ptr;
	uint32_t value;
};
ARGS_ASSERT_SIZE(fault_args, 4);

#endif /* _CORUN_KERNELS_ARGS_H_ */
