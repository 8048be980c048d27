// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Kernel tests: the device runtime helpers, the CPU references and input
 * generators, argument validation, and every workload run end to end on
 * the device model at scale 0 (regular ones checked against their CPU
 * reference, fault ones against the expected fault record).
 *
 * The device ELFs are found through CORUN_KERNEL_DIR, else next to this
 * program (<O>/tools/kernels/tests/../). The device configuration is
 * emu/configs/test-2sm.ini of the source tree, or CORUN_TEST_CONFIG.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kunit/host_paths.h>
#include <kunit/test.h>

#include <config.h>
#include <sim/simhost.h>

#define RT_SYM(name) rt_host##name
#include "../rt/rt.h"
#include "../host/wl.h"
#include "../host/graph.h"

#ifndef CORUN_SRCDIR
#define CORUN_SRCDIR "."
#endif

/* ---------------------------------------------------------------- rt */

static const uint64_t edge64[] = {
	0, 1, 2, 3, 7, 10, 0x7fffffff, 0x80000000u, 0xffffffffu,
	0x100000000ull, 0x100000001ull, 0x123456789abcdefull,
	0x7fffffffffffffffull, 0x8000000000000000ull, 0x8000000000000001ull,
	0xfffffffffffffffeull, 0xffffffffffffffffull, 1000000007ull,
	0xdeadbeefcafef00dull,
};

static void rt_check_pair(struct kunit *test, uint64_t a, uint64_t b)
{
	int64_t sa = (int64_t)a, sb = (int64_t)b;

	if (b) {
		KUNIT_EXPECT_EQ(test, rt_host__udivdi3(a, b), a / b);
		KUNIT_EXPECT_EQ(test, rt_host__umoddi3(a, b), a % b);
	}
	/* INT64_MIN / -1 overflows in C; RISC-V wraps, tested apart. */
	if (sb && !(sa == INT64_MIN && sb == -1)) {
		KUNIT_EXPECT_EQ(test, rt_host__divdi3(sa, sb), sa / sb);
		KUNIT_EXPECT_EQ(test, rt_host__moddi3(sa, sb), sa % sb);
	}
	KUNIT_EXPECT_EQ(test, (uint64_t)rt_host__muldi3(sa, sb), a * b);
}

static void rt_int64_test(struct kunit *test)
{
	struct wl_rng rng;

	for (size_t i = 0; i < WL_ARRAY_SIZE(edge64); i++) {
		for (size_t j = 0; j < WL_ARRAY_SIZE(edge64); j++)
			rt_check_pair(test, edge64[i], edge64[j]);
	}
	wl_rng_init(&rng, 1, 0);
	for (int i = 0; i < 20000; i++) {
		uint64_t a = ((uint64_t)wl_rng_u32(&rng) << 32) | wl_rng_u32(&rng);
		uint64_t b = ((uint64_t)wl_rng_u32(&rng) << 32) | wl_rng_u32(&rng);

		/* Vary magnitudes so every quotient length is exercised. */
		a >>= wl_rng_below(&rng, 64);
		b >>= wl_rng_below(&rng, 64);
		rt_check_pair(test, a, b);
	}
	/* Division by zero and overflow follow the RISC-V instructions. */
	KUNIT_EXPECT_EQ(test, rt_host__udivdi3(5, 0), UINT64_MAX);
	KUNIT_EXPECT_EQ(test, rt_host__umoddi3(5, 0), 5ull);
	KUNIT_EXPECT_EQ(test, rt_host__divdi3(-5, 0), -1ll);
	KUNIT_EXPECT_EQ(test, rt_host__moddi3(-5, 0), -5ll);
	KUNIT_EXPECT_EQ(test, rt_host__divdi3(INT64_MIN, -1), INT64_MIN);
	KUNIT_EXPECT_EQ(test, rt_host__moddi3(INT64_MIN, -1), 0ll);
}

static void rt_shift_test(struct kunit *test)
{
	for (size_t i = 0; i < WL_ARRAY_SIZE(edge64); i++) {
		uint64_t a = edge64[i];

		for (int s = 0; s < 64; s++) {
			KUNIT_EXPECT_EQ(test, (uint64_t)rt_host__ashldi3(a, s),
					a << s);
			KUNIT_EXPECT_EQ(test, (uint64_t)rt_host__lshrdi3(a, s),
					a >> s);
			KUNIT_EXPECT_EQ(test, rt_host__ashrdi3((int64_t)a, s),
					(int64_t)a >> s);
		}
		KUNIT_EXPECT_EQ(test, rt_host__clzdi2(a ? a : 1),
				__builtin_clzll(a ? a : 1));
	}
	KUNIT_EXPECT_EQ(test, rt_host__clzsi2(0), 32);
	KUNIT_EXPECT_EQ(test, rt_host__clzdi2(0), 64);
	for (int s = 0; s < 32; s++)
		KUNIT_EXPECT_EQ(test, rt_host__clzsi2(1u << s), 31 - s);
}

static void rt_fconv_test(struct kunit *test)
{
	struct wl_rng rng;

	for (size_t i = 0; i < WL_ARRAY_SIZE(edge64); i++) {
		uint64_t a = edge64[i];

		KUNIT_EXPECT_EQ(test, rt_host__floatundisf(a), (float)a);
		KUNIT_EXPECT_EQ(test, rt_host__floatdisf((int64_t)a),
				(float)(int64_t)a);
	}
	wl_rng_init(&rng, 2, 0);
	for (int i = 0; i < 100000; i++) {
		uint64_t a = ((uint64_t)wl_rng_u32(&rng) << 32) | wl_rng_u32(&rng);
		float f;

		a >>= wl_rng_below(&rng, 64);
		/*
		 * Exact ties: with bit 62 the top one, a float keeps bits
		 * 62..39; bit 38 alone below them is half an ulp.
		 */
		if (i % 4 == 0)
			a = ((a | 1ull << 62) & ~(1ull << 63) &
			     ~((1ull << 39) - 1)) | 1ull << 38;
		KUNIT_EXPECT_EQ(test, rt_host__floatundisf(a), (float)a);
		KUNIT_EXPECT_EQ(test, rt_host__floatdisf((int64_t)a),
				(float)(int64_t)a);
		f = (float)(int64_t)a * 0.75f;
		if (fabsf(f) < 9.2e18f)
			KUNIT_EXPECT_EQ(test, rt_host__fixsfdi(f), (int64_t)f);
		if (f >= 0 && f < 1.8e19f)
			KUNIT_EXPECT_EQ(test, rt_host__fixunssfdi(f),
					(uint64_t)f);
	}
	/* Saturation as RISC-V fcvt: NaN and overflow give the maximum. */
	KUNIT_EXPECT_EQ(test, rt_host__fixsfdi(NAN), INT64_MAX);
	KUNIT_EXPECT_EQ(test, rt_host__fixsfdi(1e30f), INT64_MAX);
	KUNIT_EXPECT_EQ(test, rt_host__fixsfdi(-1e30f), INT64_MIN);
	KUNIT_EXPECT_EQ(test, rt_host__fixsfdi(-0x1p63f), INT64_MIN);
	KUNIT_EXPECT_EQ(test, rt_host__fixsfdi(-1.5f), -1ll);
	KUNIT_EXPECT_EQ(test, rt_host__fixunssfdi(-1.5f), 0ull);
	KUNIT_EXPECT_EQ(test, rt_host__fixunssfdi(NAN), UINT64_MAX);
	KUNIT_EXPECT_EQ(test, rt_host__fixunssfdi(INFINITY), UINT64_MAX);
	KUNIT_EXPECT_EQ(test, rt_host__fixunssfdi(0x1p63f), 1ull << 63);
}

static void rt_string_test(struct kunit *test)
{
	unsigned char a[64], b[64], ref[64];

	for (size_t off = 0; off < 8; off++) {
		for (size_t n = 0; n < 40; n++) {
			for (size_t i = 0; i < sizeof(a); i++)
				a[i] = (unsigned char)(i * 7 + 1);
			memset(b, 0xee, sizeof(b));
			memcpy(ref, b, sizeof(b));
			memcpy(ref + (off ^ 3), a + off, n);
			rt_hostmemcpy(b + (off ^ 3), a + off, n);
			KUNIT_EXPECT_EQ(test, memcmp(b, ref, sizeof(b)), 0);

			memset(ref + off, (int)n, n);
			rt_hostmemset(b + off, (int)n, n);
			KUNIT_EXPECT_EQ(test, memcmp(b, ref, sizeof(b)), 0);

			/* Overlapping moves, both directions. */
			memmove(ref + off, ref + 8, n);
			rt_hostmemmove(b + off, b + 8, n);
			KUNIT_EXPECT_EQ(test, memcmp(b, ref, sizeof(b)), 0);
			memmove(ref + 8 + off, ref + 8, n);
			rt_hostmemmove(b + 8 + off, b + 8, n);
			KUNIT_EXPECT_EQ(test, memcmp(b, ref, sizeof(b)), 0);
		}
	}
	KUNIT_EXPECT_EQ(test, rt_hostmemcmp("abc", "abd", 3) < 0, 1);
	KUNIT_EXPECT_EQ(test, rt_hostmemcmp("abd", "abc", 3) > 0, 1);
	KUNIT_EXPECT_EQ(test, rt_hostmemcmp("abc", "abd", 2), 0);
}

static struct kunit_case rt_cases[] = {
	KUNIT_CASE(rt_int64_test),
	KUNIT_CASE(rt_shift_test),
	KUNIT_CASE(rt_fconv_test),
	KUNIT_CASE(rt_string_test),
	{}
};

static struct kunit_suite rt_suite = {
	.name = "kernels_rt",
	.test_cases = rt_cases,
};

/* ------------------------------------------------ references, inputs */

static void ref_generator_test(struct kunit *test)
{
	struct wl_rng a, b, c;
	uint32_t hist[16] = { 0 };

	wl_rng_init(&a, 42, 0);
	wl_rng_init(&b, 42, 0);
	wl_rng_init(&c, 42, 1);
	for (int i = 0; i < 1000; i++) {
		uint32_t x = wl_rng_u32(&a);

		KUNIT_EXPECT_EQ(test, x, wl_rng_u32(&b));
		KUNIT_EXPECT_NE(test, x, wl_rng_u32(&c));
	}
	/*
	 * A fixed seed is a fixed stream on every host and build: changing
	 * the generator would silently change every workload's inputs.
	 */
	wl_rng_init(&a, 1, 0);
	KUNIT_EXPECT_EQ(test, wl_rng_u32(&a), 0xbeeb8da1u);
	KUNIT_EXPECT_EQ(test, wl_rng_u32(&a), 0xf893a2eeu);
	KUNIT_EXPECT_EQ(test, wl_rng_u32(&a), 0x71c18690u);
	for (int i = 0; i < 16000; i++) {
		float f = wl_rng_float(&b, -1.0f, 1.0f);

		KUNIT_EXPECT_TRUE(test, f >= -1.0f && f < 1.0f);
		hist[wl_rng_below(&b, 16)]++;
	}
	for (int i = 0; i < 16; i++)
		KUNIT_EXPECT_TRUE(test, hist[i] > 800 && hist[i] < 1200);
}

static void ref_collatz_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, collatz_ref(1, 1000), 0u);
	KUNIT_EXPECT_EQ(test, collatz_ref(2, 1000), 1u);
	KUNIT_EXPECT_EQ(test, collatz_ref(6, 1000), 8u);
	KUNIT_EXPECT_EQ(test, collatz_ref(27, 1000), 111u);
	KUNIT_EXPECT_EQ(test, collatz_ref(97, 1000), 118u);
	KUNIT_EXPECT_EQ(test, collatz_ref(27, 50), 50u);	/* capped */
	/* The input bound keeps every trajectory within 32 bits. */
	KUNIT_EXPECT_EQ(test, collatz_ref(77671, 1000), 231u);
}

static void ref_arith_test(struct kunit *test)
{
	const float a[6] = { 1, 2, 3, 4, 5, 6 };	/* 2 x 3 */
	const float b[6] = { 7, 8, 9, 10, 11, 12 };	/* 3 x 2 */
	float c[4], v[3];
	uint32_t in[5] = { 3, 5, 3, 0xffffffffu, 7 }, bins[4];
	uint32_t byte_bins[HIST_BYTE_BINS];
	const uint8_t bytes[4] = { 7, 0, 255, 7 };

	matmul_ref(a, b, c, 2, 2, 3);
	KUNIT_EXPECT_EQ(test, c[0], 58.0f);
	KUNIT_EXPECT_EQ(test, c[1], 64.0f);
	KUNIT_EXPECT_EQ(test, c[2], 139.0f);
	KUNIT_EXPECT_EQ(test, c[3], 154.0f);

	/* Column-major: A rows (1 3 5), (2 4 6); B columns (7 9 11), (8 10 12). */
	c[0] = 1;
	c[1] = 2;
	c[2] = 3;
	c[3] = 4;
	sgemm_ref(a, b, c, 2, 2, 3, 2.0f, 0.5f);
	KUNIT_EXPECT_EQ(test, c[0], 178.5f);	/* 2 * 89 + 0.5 * 1 */
	KUNIT_EXPECT_EQ(test, c[1], 233.0f);	/* 2 * 116 + 0.5 * 2 */
	KUNIT_EXPECT_EQ(test, c[2], 197.5f);	/* 2 * 98 + 0.5 * 3 */
	KUNIT_EXPECT_EQ(test, c[3], 258.0f);	/* 2 * 128 + 0.5 * 4 */

	vecadd_ref(a, b, v, 3);
	KUNIT_EXPECT_EQ(test, v[2], 12.0f);
	memcpy(v, b, sizeof(v));
	saxpy_ref(2.0f, a, v, 3);
	KUNIT_EXPECT_EQ(test, v[2], 15.0f);

	hist_ref(in, 5, bins, 4);
	KUNIT_EXPECT_EQ(test, bins[0], 0u);
	KUNIT_EXPECT_EQ(test, bins[1], 1u);
	KUNIT_EXPECT_EQ(test, bins[3], 4u);
	hist_bytes_ref(bytes, sizeof(bytes), byte_bins);
	KUNIT_EXPECT_EQ(test, byte_bins[0], 1u);
	KUNIT_EXPECT_EQ(test, byte_bins[7], 2u);
	KUNIT_EXPECT_EQ(test, byte_bins[255], 1u);
	KUNIT_EXPECT_EQ(test, byte_bins[1], 0u);

	/* Wrapping sum, as the kernel's uint32 adds. */
	KUNIT_EXPECT_EQ(test, reduce_ref(in, 5), 17u);

	/* x -> 2x + 1 twice from 1..4: 7, 11, 15, 19. */
	KUNIT_EXPECT_EQ(test, compute_ref(1.0f, 2.0f, 1.0f, 2), 52.0f);
}

static void ref_compare_test(struct kunit *test)
{
	const float r[3] = { 1.0f, -2.0f, 0.0f };
	float g[3] = { 1.0f, -2.0f, 0.0f };
	const uint32_t ru[2] = { 1, 2 };
	uint32_t gu[2] = { 1, 3 };
	char err[256];

	KUNIT_EXPECT_EQ(test, wl_compare_f32(r, g, 3, 0, "x", err, sizeof(err)), 0);
	g[1] = nextafterf(-2.0f, 0.0f);
	KUNIT_EXPECT_EQ(test, wl_compare_f32(r, g, 3, 0, "x", err, sizeof(err)), -EIO);
	KUNIT_EXPECT_EQ(test, wl_compare_f32(r, g, 3, 1, "x", err, sizeof(err)), 0);
	g[2] = -0.0f;	/* +0 and -0 are adjacent on the ordered line */
	KUNIT_EXPECT_EQ(test, wl_compare_f32(r, g, 3, 1, "x", err, sizeof(err)), 0);
	g[0] = NAN;
	KUNIT_EXPECT_EQ(test, wl_compare_f32(r, g, 3, 100, "x", err, sizeof(err)), -EIO);
	KUNIT_EXPECT_EQ(test, wl_compare_u32(ru, gu, 2, "y", err, sizeof(err)), -EIO);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, "first [1] = 3"));
}

/* Largest degree of @g after checking it is a simple undirected CSR graph. */
static uint32_t graph_check(struct kunit *test, const struct wl_graph *g)
{
	uint32_t maxdeg = 0;

	KUNIT_EXPECT_EQ(test, g->rowptr[0], 0u);
	KUNIT_EXPECT_EQ(test, g->rowptr[g->n], g->m);
	for (uint32_t v = 0; v < g->n; v++) {
		uint32_t b = g->rowptr[v], e = g->rowptr[v + 1];

		if (e - b > maxdeg)
			maxdeg = e - b;
		for (uint32_t i = b; i < e; i++) {
			uint32_t u = g->cols[i], lo = g->rowptr[u];
			uint32_t hi = g->rowptr[u + 1];

			KUNIT_ASSERT_LT(test, u, g->n);
			KUNIT_EXPECT_NE(test, u, v);
			if (i > b)
				KUNIT_EXPECT_GT(test, u, g->cols[i - 1]);
			/* The reverse edge, by binary search. */
			while (lo < hi) {
				uint32_t mid = lo + (hi - lo) / 2;

				if (g->cols[mid] < v)
					lo = mid + 1;
				else
					hi = mid;
			}
			KUNIT_EXPECT_TRUE_MSG(test, lo < g->rowptr[u + 1] &&
					      g->cols[lo] == v,
					      "edge %u-%u has no reverse", v, u);
		}
	}
	return maxdeg;
}

static void ref_graph_test(struct kunit *test)
{
	struct wl_graph both, bal, rmat, again;
	uint32_t dbal, drmat;

	KUNIT_ASSERT_EQ(test, wl_graph_input(&both, WL_GRAPH_BOTH, 512, 9, 11, 8, 7), 0);
	KUNIT_EXPECT_EQ(test, both.n, 512u + 512u);
	KUNIT_EXPECT_EQ(test, both.n0, 512u);
	graph_check(test, &both);
	/* No edge between the two parts. */
	for (uint32_t v = 0; v < both.n0; v++)
		for (uint32_t i = both.rowptr[v]; i < both.rowptr[v + 1]; i++)
			KUNIT_EXPECT_LT(test, both.cols[i], both.n0);

	KUNIT_ASSERT_EQ(test, wl_graph_input(&bal, WL_GRAPH_BALANCED, 512, 9, 11, 8, 7), 0);
	KUNIT_ASSERT_EQ(test, wl_graph_input(&rmat, WL_GRAPH_RMAT, 512, 9, 11, 8, 7), 0);
	/* One part each, the same vertex count. */
	KUNIT_EXPECT_EQ(test, bal.n, 2048u);
	KUNIT_EXPECT_EQ(test, bal.n0, 2048u);
	KUNIT_EXPECT_EQ(test, rmat.n, 2048u);
	KUNIT_EXPECT_EQ(test, rmat.n0, 0u);
	dbal = graph_check(test, &bal);
	drmat = graph_check(test, &rmat);
	/* Balanced degrees stay near 8; R-MAT has hubs. */
	KUNIT_EXPECT_LE(test, dbal, 24u);
	KUNIT_EXPECT_GE(test, drmat, 8 * dbal);

	/* Deterministic. */
	KUNIT_ASSERT_EQ(test, wl_graph_input(&again, WL_GRAPH_RMAT, 512, 9, 11, 8, 7), 0);
	KUNIT_EXPECT_EQ(test, again.m, rmat.m);
	KUNIT_EXPECT_EQ(test, memcmp(again.cols, rmat.cols, rmat.m * 4), 0);
	wl_graph_free(&again);
	wl_graph_free(&both);
	wl_graph_free(&bal);
	wl_graph_free(&rmat);
}

static struct kunit_case ref_cases[] = {
	KUNIT_CASE(ref_generator_test),
	KUNIT_CASE(ref_collatz_test),
	KUNIT_CASE(ref_arith_test),
	KUNIT_CASE(ref_compare_test),
	KUNIT_CASE(ref_graph_test),
	{}
};

static struct kunit_suite ref_suite = {
	.name = "kernels_ref",
	.test_cases = ref_cases,
};

/* ------------------------------------------------ argument validation */

/* Three 4 KiB buffers and a 16 KiB one; nothing is allocated. */
static const struct wl_mem fake_mem = {
	.buf = { { 0x10000, 4096 }, { 0x20000, 4096 }, { 0x30000, 4096 },
		 { 0x40000, 16384 } },
	.n = 4,
};

static struct sim_launch launch_1d(uint32_t grid, uint32_t block)
{
	struct sim_launch l;
	struct sim_kernel k = { .name = "test" };

	wl_launch_1d(&l, &k, grid, block, 0);
	return l;
}

#define EXPECT_REJECT(test, call, text)                                   \
	do {                                                              \
		err[0] = '\0';                                            \
		KUNIT_EXPECT_EQ(test, (call), -EINVAL);                   \
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(err, text),        \
					  "message \"%s\" lacks \"%s\"",   \
					  err, text);                     \
	} while (0)

static void args_vecadd_test(struct kunit *test)
{
	struct vecadd_args a = { 0x10000, 0x20000, 0x30000, 1024 };
	struct sim_launch l = launch_1d(4, 256);
	char err[256];

	KUNIT_EXPECT_EQ(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)), 0);
	a.a = 0;
	EXPECT_REJECT(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "vecadd a: null buffer");
	a.a = 0x10000;
	a.n = 1025;	/* one element more than the buffers hold */
	l.grid[0] = 5;
	EXPECT_REJECT(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "overrun");
	a.n = 0;
	EXPECT_REJECT(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "zero elements");
	a.n = 1024;
	l.grid[0] = 3;
	EXPECT_REJECT(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "do not cover");
	l.grid[0] = 4;
	l.block[1] = 2;
	EXPECT_REJECT(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "1-D");
	l.block[1] = 1;
	a.c = 0x30002;
	EXPECT_REJECT(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "aligned");
	a.c = 0x50000;
	EXPECT_REJECT(test, vecadd_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "not a buffer");

	{
		struct saxpy_args s = { 0x10000, 0x20000, 1024, 2.0f };

		KUNIT_EXPECT_EQ(test, saxpy_validate(&fake_mem, &s, &l, err, sizeof(err)), 0);
		s.y = 0;
		EXPECT_REJECT(test, saxpy_validate(&fake_mem, &s, &l, err, sizeof(err)),
			      "saxpy y: null");
	}
}

static void args_matmul_test(struct kunit *test)
{
	/* 32 x 32 = 1024 floats fit the 4 KiB buffers. */
	struct matmul_args a = { 0x10000, 0x20000, 0x30000, 32, 32, 32 };
	struct sim_launch l = launch_1d(2, MM_TILE);
	char err[256];

	l.grid[1] = 2;
	l.block[1] = MM_TILE;
	KUNIT_EXPECT_EQ(test, matmul_validate(&fake_mem, &a, &l, err, sizeof(err)), 0);
	l.grid[1] = 1;
	EXPECT_REJECT(test, matmul_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "does not cover");
	l.grid[1] = 2;
	l.block[1] = 8;
	EXPECT_REJECT(test, matmul_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "block must be 16x16x1");
	l.block[1] = MM_TILE;
	a.k = 33;	/* A and B no longer fit */
	EXPECT_REJECT(test, matmul_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "matmul A");
}

static void args_sgemm_test(struct kunit *test)
{
	/* A 16 KiB C in the large buffer, A (4 KiB) and B^T in the small. */
	struct sgemm_args a = { 0x10000, 0x20000, 0x40000, 128, 16, 8,
				1.0f, 0.5f };
	struct sim_launch l = launch_1d(1, SG_TN);
	char err[256];

	l.block[1] = SG_TH;
	KUNIT_EXPECT_EQ(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)), 0);
	a.k = 12;
	EXPECT_REJECT(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "non-zero multiples of 128, 16 and 8");
	a.k = 0;
	EXPECT_REJECT(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "non-zero multiples");
	a.k = 16;	/* A: 8 KiB in a 4 KiB buffer */
	EXPECT_REJECT(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "sgemm A");
	a.k = 8;
	a.c = 0;
	EXPECT_REJECT(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "sgemm C: null");
	a.c = 0x40000;
	a.a = 0x40000;
	EXPECT_REJECT(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "C aliases an input");
	a.a = 0x10000;
	l.block[1] = 16;
	EXPECT_REJECT(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "block must be 16x8x1");
	l.block[1] = SG_TH;
	l.grid[1] = 2;
	EXPECT_REJECT(test, sgemm_validate(&fake_mem, &a, &l, err, sizeof(err)),
		      "need 1x1x1");
}

static void args_misc_test(struct kunit *test)
{
	struct hist_args h = { 0x10000, 0x40000, 1024, 4096 };
	struct reduce_args r = { 0x10000, 0x20000, 1024, 0 };
	struct collatz_args c = { 0x10000, 0x20000, 1024, 1000 };
	struct compute_args k = { 0x10000, 0x20000, 1024, 8, 1.0f, 1.0f };
	struct sim_launch l = launch_1d(4, 256);
	struct wl_params p = { .scale = WL_SCALE_MAX + 1 };
	struct wl_run *run = NULL;
	size_t n;
	const struct workload *const *all;
	char err[256];

	KUNIT_EXPECT_EQ(test, hist_validate(&fake_mem, &h, HIST_GLOBAL, &l, err, sizeof(err)), 0);
	EXPECT_REJECT(test, hist_validate(&fake_mem, &h, HIST_SHARED, &l, err, sizeof(err)),
		      "exceed");
	/* Bytes: 256 bins, one per thread of the CTA. */
	h.nbins = HIST_BYTE_BINS;
	h.n = 4096;	/* 4 KiB of bytes fit where 4 KiB of words do not */
	KUNIT_EXPECT_EQ(test, hist_validate(&fake_mem, &h, HIST_BYTES, &l, err, sizeof(err)), 0);
	EXPECT_REJECT(test, hist_validate(&fake_mem, &h, HIST_GLOBAL, &l, err, sizeof(err)),
		      "histogram input");
	h.n = 1024;
	l.block[0] = 128;
	EXPECT_REJECT(test, hist_validate(&fake_mem, &h, HIST_BYTES, &l, err, sizeof(err)),
		      "256 threads per CTA");
	l.block[0] = 256;
	h.nbins = 64;
	EXPECT_REJECT(test, hist_validate(&fake_mem, &h, HIST_BYTES, &l, err, sizeof(err)),
		      "needs 256 bins");
	h.nbins = 0;
	EXPECT_REJECT(test, hist_validate(&fake_mem, &h, HIST_GLOBAL, &l, err, sizeof(err)),
		      "zero elements");

	KUNIT_EXPECT_EQ(test, reduce_validate(&fake_mem, &r, &l, err, sizeof(err)), 0);
	l.block[0] = 192;
	EXPECT_REJECT(test, reduce_validate(&fake_mem, &r, &l, err, sizeof(err)),
		      "power of two");
	l.block[0] = 256;
	l.grid[0] = 2000;	/* one partial per CTA: 8000 bytes > 4 KiB */
	EXPECT_REJECT(test, reduce_validate(&fake_mem, &r, &l, err, sizeof(err)),
		      "reduce output");
	r.atomic = 1;		/* only out[0] then */
	KUNIT_EXPECT_EQ(test, reduce_validate(&fake_mem, &r, &l, err, sizeof(err)), 0);

	l = launch_1d(4, 256);
	KUNIT_EXPECT_EQ(test, collatz_validate(&fake_mem, &c, &l, err, sizeof(err)), 0);
	c.steps = 0;
	EXPECT_REJECT(test, collatz_validate(&fake_mem, &c, &l, err, sizeof(err)),
		      "null");
	KUNIT_EXPECT_EQ(test, compute_validate(&fake_mem, &k, &l, err, sizeof(err)), 0);
	l.grid[0] = 1;
	EXPECT_REJECT(test, compute_validate(&fake_mem, &k, &l, err, sizeof(err)),
		      "do not cover");

	/* Every workload refuses an unknown scale before touching the ctx. */
	all = wl_all(&n);
	for (size_t i = 0; i < n; i++)
		EXPECT_REJECT(test, all[i]->setup(NULL, &p, &run, err, sizeof(err)),
			      "scale");
	all = wl_faults(&n);
	for (size_t i = 0; i < n; i++)
		EXPECT_REJECT(test, all[i]->setup(NULL, &p, &run, err, sizeof(err)),
			      "scale");
	KUNIT_EXPECT_NULL(test, run);
}

/* The device workload suite: one accepted and some rejected each. */
static void args_suite_test(struct kunit *test)
{
	struct pathfinder_args pf = { 0x40000, 0x10000, 0x20000, 1000, 4, 1, 3 };
	struct bfs_args bf = { 0x10000, 0x40000, 0x20000, 0x30000, 0x20000,
			       0x30000, 0x10000, 1000, 4000 };
	struct bt_args bt = { 0x40000, 7, 6, 2, 0x10000, 0x20000, 64,
			      0x30000, 0x30400, 100 };
	struct bs_args bs = { .in = 0x10000, .ranks = 0x40000, .src = 0x20000,
			      .dst = 0x30000, .counts = 0x41000,
			      .offsets = 0x41020, .poffs = 0x41040,
			      .bcounts = 0x41060, .n = 1000, .nb = 8,
			      .shift = 29, .ngrid = 2, .run = 8, .tpb = 125 };
	struct bp_args bp = { 0x10000, 0x40000, 0x40000, 0x20000, 0x30000, 64,
			      0.3f, 0.3f };
	struct sad_args sd = { 0x10000, 0x20000, 0x40000, 0x30000, 30, 8 };
	struct km_args km = { 0x40000, 0x10000, 0x20000, 1000, 20, 100 };
	struct lav_args lv = { 0x40000, 0x10000, 0x20000, 2, 200, 0.5f };
	struct lbm_args lb = { 0x40000, 0x40000, 0x10000, 16, 16, 1.0f };
	struct fdtd_args fd = { 0x10000, 0x20000, 0x30000, 0x40000, 16, 16, 5, 5 };
	struct cfd_args cf = { 0x40000, 0x40000, 0x40000, 0x10000, 0x20000,
			       0x30000, 0x40000, 64, CFD_RK, { 0 } };
	struct spmv_args sp = { 0x10000, 0x20000, 0x30000, 0x40000, 0x40800,
				0x41000, 0x42000, 1000, 1000, 8, 1000 };
	struct sim_launch l = launch_1d(4, 256);
	char err[256];

	KUNIT_EXPECT_EQ(test, pathfinder_validate(&fake_mem, &pf, &l, err, sizeof(err)), 0);
	l.block[0] = 6;
	EXPECT_REJECT(test, pathfinder_validate(&fake_mem, &pf, &l, err, sizeof(err)),
		      "block 6");
	l = launch_1d(3, 256);
	EXPECT_REJECT(test, pathfinder_validate(&fake_mem, &pf, &l, err, sizeof(err)),
		      "does not cover");
	l = launch_1d(4, 256);
	pf.row = 2;
	EXPECT_REJECT(test, pathfinder_validate(&fake_mem, &pf, &l, err, sizeof(err)),
		      "outside");
	pf.row = 1;
	pf.dst = pf.src;
	EXPECT_REJECT(test, pathfinder_validate(&fake_mem, &pf, &l, err, sizeof(err)),
		      "alias");

	KUNIT_EXPECT_EQ(test, bfs_validate(&fake_mem, &bf, &l, err, sizeof(err)), 0);
	bf.n = 1024;
	EXPECT_REJECT(test, bfs_validate(&fake_mem, &bf, &l, err, sizeof(err)),
		      "bfs offsets");

	l = launch_1d(64, BT_ORDER);
	KUNIT_EXPECT_EQ(test, bt_validate(&fake_mem, &bt, 1, &l, err, sizeof(err)), 0);
	bt.nnodes = 8;		/* 8 x 2064 bytes > 16 KiB */
	EXPECT_REJECT(test, bt_validate(&fake_mem, &bt, 1, &l, err, sizeof(err)),
		      "btree nodes");
	bt.nnodes = 7;
	bt.root = 7;
	EXPECT_REJECT(test, bt_validate(&fake_mem, &bt, 1, &l, err, sizeof(err)),
		      "outside");
	bt.root = 6;
	bt.walk = 0x30e00;	/* 64 x 16 bytes from here pass the end */
	EXPECT_REJECT(test, bt_validate(&fake_mem, &bt, 1, &l, err, sizeof(err)),
		      "btree walk state");
	bt.walk = 0x30000;
	bt.nrecords = 1000;
	EXPECT_REJECT(test, bt_validate(&fake_mem, &bt, 0, &l, err, sizeof(err)),
		      "btree records");
	bt.nrecords = 100;
	l.block[0] = 32;
	EXPECT_REJECT(test, bt_validate(&fake_mem, &bt, 0, &l, err, sizeof(err)),
		      "block must be");

	/* bs_merge (kernel 4): 8 x 125 threads, runs of 8 keys. */
	l = launch_1d(4, 256);
	KUNIT_EXPECT_EQ(test, bs_validate(&fake_mem, &bs, 4, &l, err, sizeof(err)), 0);
	l.grid[0] = 3;
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 4, &l, err, sizeof(err)),
		      "bs_merge");
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 1, &l, err, sizeof(err)),
		      "one CTA of");
	l.grid[0] = 4;
	bs.run = 6;
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 4, &l, err, sizeof(err)),
		      "multiple of 4");
	bs.run = 8;
	bs.n = 1022;		/* 1022 + 3 x 8 keys > 4 KiB */
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 3, &l, err, sizeof(err)),
		      "bucketsort source");
	bs.n = 1000;
	bs.dst = 0x30008;	/* vectors need 16-byte alignment */
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 4, &l, err, sizeof(err)),
		      "16-byte aligned");
	bs.dst = bs.src;
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 5, &l, err, sizeof(err)),
		      "alias");
	bs.dst = 0x30000;
	l = launch_1d(2, 256);
	KUNIT_EXPECT_EQ(test, bs_validate(&fake_mem, &bs, 2, &l, err, sizeof(err)), 0);
	l.grid[0] = 4;
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 2, &l, err, sizeof(err)),
		      "bs_scatter: needs 2 CTAs");
	bs.ngrid = 4096;	/* 4096 x 8 words > 16 KiB */
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 2, &l, err, sizeof(err)),
		      "CTA counts");
	bs.ngrid = 2;
	bs.shift = 21;
	EXPECT_REJECT(test, bs_validate(&fake_mem, &bs, 0, &l, err, sizeof(err)),
		      "power of two");

	l = launch_1d(4, BP_HID);
	l.block[1] = BP_TILE;
	KUNIT_EXPECT_EQ(test, bp_validate(&fake_mem, &bp, &l, err, sizeof(err)), 0);
	l.block[1] = 1;
	EXPECT_REJECT(test, bp_validate(&fake_mem, &bp, &l, err, sizeof(err)),
		      "block must be");
	bp.n_in = 100;
	EXPECT_REJECT(test, bp_validate(&fake_mem, &bp, &l, err, sizeof(err)),
		      "multiple");

	l = launch_1d(4, 256);
	EXPECT_REJECT(test, sad_validate(&fake_mem, &sd, 0, &l, err, sizeof(err)),
		      "8x8 blocks");
	EXPECT_REJECT(test, km_validate(&fake_mem, &km, &l, err, sizeof(err)),
		      "floats");
	EXPECT_REJECT(test, lav_validate(&fake_mem, &lv, &l, err, sizeof(err)),
		      "particles per box");
	/* Doubles: 8 boxes x 16 particles x 4 x 8 bytes fill a 4 KB buffer. */
	lv.npar = 16;
	l = launch_1d(8, 16);
	KUNIT_EXPECT_EQ(test, lav_validate(&fake_mem, &lv, &l, err, sizeof(err)), 0);
	lv.npar = 17;
	l = launch_1d(8, 32);
	EXPECT_REJECT(test, lav_validate(&fake_mem, &lv, &l, err, sizeof(err)),
		      "lavamd forces: 544 elements (4352 bytes)");
	lv.npar = 16;
	lv.qv = 0x10004;
	EXPECT_REJECT(test, lav_validate(&fake_mem, &lv, &l, err, sizeof(err)),
		      "not 8-byte aligned");
	l = launch_1d(4, 256);
	EXPECT_REJECT(test, lbm_validate(&fake_mem, &lb, &l, err, sizeof(err)),
		      "alias");
	EXPECT_REJECT(test, fdtd_validate(&fake_mem, &fd, &l, err, sizeof(err)),
		      "beyond");
	EXPECT_REJECT(test, cfd_validate(&fake_mem, &cf, &l, err, sizeof(err)),
		      "stage");
	KUNIT_EXPECT_EQ(test, spmv_validate(&fake_mem, &sp, &l, err, sizeof(err)), 0);
	l = launch_1d(3, 256);
	EXPECT_REJECT(test, spmv_validate(&fake_mem, &sp, &l, err, sizeof(err)),
		      "do not cover");
}

static struct sim_launch launch_2d(uint32_t gx, uint32_t gy, uint32_t bx,
				   uint32_t by)
{
	struct sim_launch l = launch_1d(gx, bx);

	l.grid[1] = gy;
	l.block[1] = by;
	return l;
}

/* The device workload suite, batch 2: one accepted and one rejected each. */
static void args_suite2_test(struct kunit *test)
{
	struct hotspot_args hs = { 0x10000, 0x20000, 0x30000, 32, 32, 2, 2,
				   0.1f, 0.1f, 0.1f, 0.1f, 80.0f };
	struct srad_args sr = { 0x10000, 0x20000, 0x30000, 0x40000, 0x41000,
				0x42000, 0x43000, 32, 32, 0.5f, 0.5f };
	struct nw_args nw = { 0x10000, 0x20000, 16, 1, 10, 0 };
	struct lud_args lu = { 0x10000, 32, 2, 0 };
	struct gaussian_args gs = { 0x10000, 0x20000, 0x30000, 32, 0 };
	struct nn_args nn = { 0x10000, 0x20000, 512, 30.0f, 90.0f };
	struct stencil_args st = { 0x10000, 0x20000, 16, 16, 4, 0.5f, 0.1f };
	struct conv2d_args c2 = { 0x10000, 0x20000, 32, 32 };
	struct convsep_args cs = { 0x10000, 0x20000, 0x30000, 32, 32 };
	struct blackscholes_args bk = { 0x40000, 0x41000, 0x42000, 0x10000,
					0x20000, 1024, 0.02f, 0.3f };
	struct binomial_args bn = { 0x40000, 0x40400, 0x40800, 0x40c00,
				    0x41000, 0x10000, 4, 64 };
	struct fwt_args fw = { 0x10000, 1024, 10, 9 };
	struct dwt2d_args dw = { 0x10000, 0x20000, 32, 32, 32 };
	struct mriq_args mq = { 0x40000, 0x41000, 0x10000, 0x20000, 0x30000,
				0x42000, 0x43000, 64, 256 };
	struct pvc_args pv = { 0x40000, 0x10000, 0x20000, 256, 1024, 256 };
	struct sc_args sc = { 0x40000, 0x10000, 0x20000, 0x30000, 0x43000,
			      512, 4, 3 };
	struct dxtc_args dx = { 0x40000, 0x10000, 16, 16 };
	struct cutcp_args cp = { 0x10000, 0x20000, 0x30000, 8, 8, 8, 2, 2, 2,
				 32, 0.5f, 2.0f };
	struct heartwall_args hw = { 0x40000, 0x10000, 0x20000, 0x30000, 64,
				     64, 3, 3, 1 };
	struct pagerank_args pr = { 0x10000, 0x20000, 0x30000, 0x40000, 100,
				    500, 0.0015f, 0.85f };
	struct sssp_args ss = { 0x10000, 0x20000, 0x30000, 0x40000, 0x41000,
				0x42000, 0x43000, 100, 500 };
	struct mis_args mi = { 0x10000, 0x20000, 0x30000, 0x40000, 0x41000,
			       0x42000, 100, 500, 1 };
	struct sim_launch l;
	char err[256];

	/* 32 cells need 3 CTAs of 12 inner cells at pyramid height 2. */
	l = launch_2d(3, 3, HS_BLOCK, HS_BLOCK);
	KUNIT_EXPECT_EQ(test, hotspot_validate(&fake_mem, &hs, &l, err, sizeof(err)), 0);
	l = launch_2d(2, 2, HS_BLOCK, HS_BLOCK);
	EXPECT_REJECT(test, hotspot_validate(&fake_mem, &hs, &l, err, sizeof(err)),
		      "does not cover");
	l = launch_2d(3, 3, HS_BLOCK, HS_BLOCK);
	hs.steps = 3;
	EXPECT_REJECT(test, hotspot_validate(&fake_mem, &hs, &l, err, sizeof(err)),
		      "steps");
	hs.steps = 2;
	hs.ph = HS_BLOCK / 2;
	EXPECT_REJECT(test, hotspot_validate(&fake_mem, &hs, &l, err, sizeof(err)),
		      "pyramid");
	hs.ph = 2;
	hs.temp_out = hs.temp_in;
	EXPECT_REJECT(test, hotspot_validate(&fake_mem, &hs, &l, err, sizeof(err)),
		      "aliases");

	l = launch_2d(2, 2, SRAD_BLOCK, SRAD_BLOCK);
	KUNIT_EXPECT_EQ(test, srad_validate(&fake_mem, &sr, 1, &l, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, srad_validate(&fake_mem, &sr, 0, &l, err, sizeof(err)), 0);
	sr.q0sqr = 0.0f;
	EXPECT_REJECT(test, srad_validate(&fake_mem, &sr, 1, &l, err, sizeof(err)),
		      "positive");

	l = launch_1d(1, NW_B);
	KUNIT_EXPECT_EQ(test, nw_validate(&fake_mem, &nw, &l, err, sizeof(err)), 0);
	nw.diag = 1;
	EXPECT_REJECT(test, nw_validate(&fake_mem, &nw, &l, err, sizeof(err)),
		      "beyond");

	l = launch_1d(1, LUD_B);
	KUNIT_EXPECT_EQ(test, lud_validate(&fake_mem, &lu, 0, &l, err, sizeof(err)), 0);
	EXPECT_REJECT(test, lud_validate(&fake_mem, &lu, 2, &l, err, sizeof(err)),
		      "needs grid");

	l = launch_1d(1, 64);
	KUNIT_EXPECT_EQ(test, gaussian_validate(&fake_mem, &gs, 0, &l, err, sizeof(err)), 0);
	gs.t = 31;
	EXPECT_REJECT(test, gaussian_validate(&fake_mem, &gs, 0, &l, err, sizeof(err)),
		      "beyond");

	l = launch_1d(2, 256);
	KUNIT_EXPECT_EQ(test, nn_validate(&fake_mem, &nn, &l, err, sizeof(err)), 0);
	l = launch_1d(1, 256);
	EXPECT_REJECT(test, nn_validate(&fake_mem, &nn, &l, err, sizeof(err)),
		      "do not cover");

	l = launch_2d(1, 4, ST_BX, ST_BY);
	KUNIT_EXPECT_EQ(test, stencil_validate(&fake_mem, &st, &l, err, sizeof(err)), 0);
	st.nx = 2;
	EXPECT_REJECT(test, stencil_validate(&fake_mem, &st, &l, err, sizeof(err)),
		      "smaller");

	l = launch_2d(1, 4, 32, 8);
	KUNIT_EXPECT_EQ(test, conv2d_validate(&fake_mem, &c2, &l, err, sizeof(err)), 0);
	c2.b = c2.a;
	EXPECT_REJECT(test, conv2d_validate(&fake_mem, &c2, &l, err, sizeof(err)),
		      "alias");

	/* 32 x 32: rows 1 x 4 CTAs, columns 1 x 1 (CS_STEPS rows each). */
	l = launch_2d(1, 4, CS_BX, CS_BY);
	KUNIT_EXPECT_EQ(test, convsep_validate(&fake_mem, &cs, 1, &l, err, sizeof(err)), 0);
	l.grid[1] = 3;
	EXPECT_REJECT(test, convsep_validate(&fake_mem, &cs, 1, &l, err, sizeof(err)),
		      "cover");
	l = launch_2d(1, 1, CS_BX, CS_BY);
	KUNIT_EXPECT_EQ(test, convsep_validate(&fake_mem, &cs, 0, &l, err, sizeof(err)), 0);
	EXPECT_REJECT(test, convsep_validate(&fake_mem, &cs, 1, &l, err, sizeof(err)),
		      "cover");
	l.block[0] = CS_BX / 2;
	EXPECT_REJECT(test, convsep_validate(&fake_mem, &cs, 0, &l, err, sizeof(err)),
		      "block");

	l = launch_1d(4, 256);
	KUNIT_EXPECT_EQ(test, blackscholes_validate(&fake_mem, &bk, &l, err, sizeof(err)), 0);
	bk.v = 0.0f;
	EXPECT_REJECT(test, blackscholes_validate(&fake_mem, &bk, &l, err, sizeof(err)),
		      "volatility");

	l = launch_1d(4, BN_THREADS);
	KUNIT_EXPECT_EQ(test, binomial_validate(&fake_mem, &bn, &l, err, sizeof(err)), 0);
	bn.nsteps = BN_MAX_STEPS + 1;
	EXPECT_REJECT(test, binomial_validate(&fake_mem, &bn, &l, err, sizeof(err)),
		      "steps");

	l = launch_1d(2, 256);
	KUNIT_EXPECT_EQ(test, fwt_validate(&fake_mem, &fw, 0, &l, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, fwt_validate(&fake_mem, &fw, 1, &l, err, sizeof(err)), 0);
	fw.log2h = 8;
	EXPECT_REJECT(test, fwt_validate(&fake_mem, &fw, 0, &l, err, sizeof(err)),
		      "stride");

	l = launch_2d(1, 4, 32, 8);
	KUNIT_EXPECT_EQ(test, dwt2d_validate(&fake_mem, &dw, 0, &l, err, sizeof(err)), 0);
	dw.w = 31;
	EXPECT_REJECT(test, dwt2d_validate(&fake_mem, &dw, 0, &l, err, sizeof(err)),
		      "even");

	l = launch_1d(1, MQ_CHUNK);
	KUNIT_EXPECT_EQ(test, mriq_validate(&fake_mem, &mq, 1, &l, err, sizeof(err)), 0);
	l = launch_1d(2, MQ_CHUNK / 2);
	EXPECT_REJECT(test, mriq_validate(&fake_mem, &mq, 1, &l, err, sizeof(err)),
		      "blocks of");

	l = launch_1d(1, 256);
	KUNIT_EXPECT_EQ(test, pvc_validate(&fake_mem, &pv, &l, err, sizeof(err)), 0);
	pv.tsize = 1000;
	EXPECT_REJECT(test, pvc_validate(&fake_mem, &pv, &l, err, sizeof(err)),
		      "power of two");

	l = launch_1d(2, 256);
	KUNIT_EXPECT_EQ(test, sc_validate(&fake_mem, &sc, &l, err, sizeof(err)), 0);
	sc.x = 512;
	EXPECT_REJECT(test, sc_validate(&fake_mem, &sc, &l, err, sizeof(err)),
		      "candidate");
	sc.x = 3;
	sc.dim = SC_MAX_DIM + 1;
	EXPECT_REJECT(test, sc_validate(&fake_mem, &sc, &l, err, sizeof(err)),
		      "outside 1..256");
	sc.dim = 0;
	EXPECT_REJECT(test, sc_validate(&fake_mem, &sc, &l, err, sizeof(err)),
		      "outside");

	l = launch_2d(4, 4, DXTC_THREADS, 1);
	KUNIT_EXPECT_EQ(test, dxtc_validate(&fake_mem, &dx, &l, err, sizeof(err)), 0);
	dx.w = 15;
	EXPECT_REJECT(test, dxtc_validate(&fake_mem, &dx, &l, err, sizeof(err)),
		      "4 x 4");

	l = launch_1d(4, 128);
	KUNIT_EXPECT_EQ(test, cutcp_validate(&fake_mem, &cp, &l, err, sizeof(err)), 0);
	l = launch_1d(8, 64);
	EXPECT_REJECT(test, cutcp_validate(&fake_mem, &cp, &l, err, sizeof(err)),
		      "tiles");
	l = launch_1d(4, 128);
	cp.nz = 6;
	EXPECT_REJECT(test, cutcp_validate(&fake_mem, &cp, &l, err, sizeof(err)),
		      "tiles");
	cp.nz = 8;
	cp.nbx = 1;
	EXPECT_REJECT(test, cutcp_validate(&fake_mem, &cp, &l, err, sizeof(err)),
		      "do not cover");

	l = launch_1d(3, HW_THREADS);
	KUNIT_EXPECT_EQ(test, heartwall_validate(&fake_mem, &hw, &l, err, sizeof(err)), 0);
	hw.f = 3;
	EXPECT_REJECT(test, heartwall_validate(&fake_mem, &hw, &l, err, sizeof(err)),
		      "outside");

	l = launch_1d(1, 128);
	KUNIT_EXPECT_EQ(test, pagerank_validate(&fake_mem, &pr, &l, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, sssp_validate(&fake_mem, &ss, &l, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, mis_validate(&fake_mem, &mi, &l, err, sizeof(err)), 0);
	pr.rank = pr.cols;
	EXPECT_REJECT(test, pagerank_validate(&fake_mem, &pr, &l, err, sizeof(err)),
		      "alias");
	ss.next = ss.front;
	EXPECT_REJECT(test, sssp_validate(&fake_mem, &ss, &l, err, sizeof(err)),
		      "alias");
	mi.round = 0;
	EXPECT_REJECT(test, mis_validate(&fake_mem, &mi, &l, err, sizeof(err)),
		      "rounds start");
}

static void registry_test(struct kunit *test)
{
	static const char *const required[] = {
		"vecadd", "saxpy", "matmul", "histogram", "histogram-shared",
		"histogram-bytes",
		"reduce", "reduce-atomic", "divergent", "compute",
		"pathfinder", "backprop", "bfs", "btree",
		"lbm", "sad", "kmeans", "bucketsort",
		"fdtd2d", "spmv", "cfd", "lavamd",
		"hotspot",
		"srad1",
		"srad2",
		"nw",
		"lud",
		"gaussian",
		"nn",
		"stencil",
		"conv2d",
		"convsep",
		"blackscholes",
		"binomial",
		"fwt",
		"dwt2d",
		"mriq",
		"pvc",
		"streamcluster",
		"pagerank",
		"coloring",
		"mis",
		"sssp",
		"cutcp",
		"dxtc",
		"heartwall",
		"sgemm",
	};
	/* Other inputs of the graph workloads: "<workload>-<input>". */
	static const char *const variants[] = {
		"pagerank-balanced", "pagerank-rmat", "sssp-balanced",
		"sssp-rmat", "mis-balanced", "mis-rmat", "coloring-balanced",
		"coloring-rmat",
	};
	const struct workload *const *all;
	size_t n, nf;

	for (size_t i = 0; i < WL_ARRAY_SIZE(variants); i++) {
		const struct workload *w = wl_find(variants[i]);
		char base[32];

		KUNIT_EXPECT_NOT_NULL_MSG(test, w, "%s", variants[i]);
		if (!w)
			continue;
		KUNIT_EXPECT_EQ(test, w->flags & (WL_F_VARIANT | WL_F_FAULT),
				WL_F_VARIANT);
		snprintf(base, sizeof(base), "%.*s",
			 (int)(strchr(variants[i], '-') - variants[i]),
			 variants[i]);
		KUNIT_EXPECT_NOT_NULL_MSG(test, wl_find(base), "%s", base);
	}

	for (size_t i = 0; i < WL_ARRAY_SIZE(required); i++) {
		const struct workload *w = wl_find(required[i]);

		KUNIT_EXPECT_NOT_NULL_MSG(test, w, "%s", required[i]);
		if (w)
			KUNIT_EXPECT_FALSE(test, w->flags &
						  (WL_F_FAULT | WL_F_VARIANT));
	}
	KUNIT_EXPECT_NULL(test, wl_find("no-such-workload"));
	all = wl_all(&n);
	KUNIT_EXPECT_EQ(test, n,
			WL_ARRAY_SIZE(required) + WL_ARRAY_SIZE(variants));
	all = wl_faults(&nf);
	KUNIT_EXPECT_GE(test, nf, 5u);
	for (size_t i = 0; i < nf; i++) {
		KUNIT_EXPECT_TRUE(test, all[i]->flags & WL_F_FAULT);
		KUNIT_EXPECT_NE(test, all[i]->expect_fault, 0u);
		KUNIT_EXPECT_NOT_NULL(test, all[i]->check_fault);
		KUNIT_EXPECT_PTR_EQ(test, wl_find(all[i]->name), all[i]);
	}
}

static struct kunit_case args_cases[] = {
	KUNIT_CASE(args_vecadd_test),
	KUNIT_CASE(args_matmul_test),
	KUNIT_CASE(args_sgemm_test),
	KUNIT_CASE(args_misc_test),
	KUNIT_CASE(args_suite_test),
	KUNIT_CASE(args_suite2_test),
	KUNIT_CASE(registry_test),
	{}
};

static struct kunit_suite args_suite = {
	.name = "kernels_args",
	.test_cases = args_cases,
};

/* ------------------------------------------- end to end on the model */

static struct emu_config sim_cfg;
static char sim_cfg_path[PATH_MAX + 64];

/* All workloads, regular then fault ones, as one parameter list. */
static const void *workload_gen_params(const void *prev, char *desc)
{
	const struct workload *const *reg, *const *flt;
	size_t nreg, nflt, i = 0;

	reg = wl_all(&nreg);
	flt = wl_faults(&nflt);
	if (prev) {
		while (i < nreg && reg[i] != prev)
			i++;
		if (i == nreg) {
			i = 0;
			while (flt[i] != prev)
				i++;
			i += nreg;
		}
		i++;
	}
	if (i >= nreg + nflt)
		return NULL;
	prev = i < nreg ? reg[i] : flt[i - nreg];
	__kunit_copy_desc(desc, ((const struct workload *)prev)->name);
	return prev;
}

static void workload_run_test(struct kunit *test)
{
	const struct workload *w = test->param_value;
	const struct wl_params p = { .scale = 0 };
	struct sim_result res = { 0 };
	struct sim_launch l;
	struct wl_run *run = NULL;
	struct sim_dev *dev;
	struct sim_ctx *ctx;
	uint64_t cycles = 0, insns = 0;
	unsigned int launches = 0;
	char err[512] = "";
	int ret;

	dev = sim_dev_create(&sim_cfg, 0, err, sizeof(err));
	KUNIT_ASSERT_NOT_NULL_MSG(test, dev, "sim_dev_create: %s", err);
	ctx = sim_ctx_create(dev);
	KUNIT_ASSERT_NOT_NULL(test, ctx);

	ret = w->setup(ctx, &p, &run, err, sizeof(err));
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "%s setup: %s", w->name, err);
	while ((ret = w->next(ctx, run, &l, err, sizeof(err))) == 1) {
		launches++;
		ret = sim_run(ctx, &l, &res, err, sizeof(err));
		KUNIT_ASSERT_EQ_MSG(test, ret, 0, "%s launch %u (%s): %s",
				    w->name, launches, l.k.name, err);
		cycles += res.cycles;
		insns += res.counters.c.thread_insns;
		if (res.fault.cause)
			break;
	}
	KUNIT_ASSERT_GE_MSG(test, ret, 0, "%s next: %s", w->name, err);
	KUNIT_EXPECT_GT(test, launches, 0u);

	if (w->flags & WL_F_FAULT) {
		KUNIT_EXPECT_EQ_MSG(test, res.fault.cause, w->expect_fault,
				    "%s ended with %s", w->name,
				    sim_fault_name(res.fault.cause));
		ret = w->check_fault(run, &res.fault, sim_cfg.warp_size, err,
				     sizeof(err));
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s", err);
		kunit_info(test, "%s: %s at pc 0x%x addr 0x%x cta %u warp %u lane %u",
			   w->name, sim_fault_name(res.fault.cause),
			   res.fault.pc, res.fault.addr, res.fault.cta,
			   res.fault.warp, res.fault.lane);
	} else {
		KUNIT_EXPECT_EQ_MSG(test, res.fault.cause, 0u,
				    "%s faulted: %s at pc 0x%x addr 0x%x",
				    w->name, sim_fault_name(res.fault.cause),
				    res.fault.pc, res.fault.addr);
		if (!res.fault.cause) {
			ret = w->check(ctx, run, err, sizeof(err));
			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s check: %s",
					    w->name, err);
		}
		KUNIT_EXPECT_GT(test, insns, 0ull);
		kunit_info(test, "%s: %u launch(es), %llu cycles, %llu thread insns",
			   w->name, launches, (unsigned long long)cycles,
			   (unsigned long long)insns);
	}
	w->destroy(run);
	sim_ctx_destroy(ctx);
	sim_dev_destroy(dev);
}

static int sim_suite_init(struct kunit_suite *suite)
{
	const char *env = getenv("CORUN_TEST_CONFIG");
	char dir[PATH_MAX], err[512];

	(void)suite;
	/* Default kernel dir: this program lives in <O>/tools/kernels/tests. */
	if (!kunit_exe_path(dir, sizeof(dir), ".."))
		wl_set_kernel_dir(dir);
	snprintf(sim_cfg_path, sizeof(sim_cfg_path), "%s",
		 env && *env ? env : CORUN_SRCDIR "/emu/configs/test-2sm.ini");
	if (emu_config_load(sim_cfg_path, &sim_cfg, err, sizeof(err))) {
		fprintf(stderr, "# %s\n", err);
		return -1;
	}
	printf("# kernels from %s, config %s\n", wl_kernel_dir(), sim_cfg_path);
	return 0;
}

static struct kunit_case sim_cases[] = {
	KUNIT_CASE_PARAM_ATTR(workload_run_test, workload_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	{}
};

static struct kunit_suite sim_suite = {
	.name = "kernels_sim",
	.suite_init = sim_suite_init,
	.test_cases = sim_cases,
};

kunit_test_suites(&rt_suite, &ref_suite, &args_suite, &sim_suite);
