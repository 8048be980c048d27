// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The oracles' search (tools/sim/oracle.c) on test-2sm's SM limits:
 * exactly the fitting combinations, the stride under a cap, the spatial
 * space and SM split, the picks, and the errors.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include <config.h>
#include <kunit/test.h>
#include <sim/oracle.h>

static struct corun_sm_limits lim; /* test-2sm's */
static unsigned int max_kernels;

static int load_limits(struct kunit_suite *suite)
{
	struct emu_config c;
	char err[256];

	(void)suite;
	if (emu_config_load(EMU_CONFIG_DIR "/test-2sm.ini", &c, err,
			    sizeof(err)))
		return -1;
	emu_config_sm_limits(&c, &lim);
	max_kernels = c.sm.max_kernels;
	return 0;
}

/* A kernel's CTA: threads, registers per thread, shared memory bytes. */
struct cta {
	unsigned int threads, regs, shared;
};

/* An oracle of @nk kernels with CTAs @k on test-2sm. */
static void setup(struct kunit *test, struct oracle *o, enum oracle_kind kind,
		  unsigned int nk, const struct cta *k, unsigned int cap)
{
	unsigned int i;

	memset(o, 0, sizeof(*o));
	o->kind = kind;
	o->nk = nk;
	o->num_sms = 2;
	o->max_kernels = max_kernels;
	o->lim = lim;
	o->cap = cap;
	for (i = 0; i < nk; i++)
		KUNIT_ASSERT_EQ(test,
				corun_cta_footprint(&lim, k[i].threads,
						    k[i].regs, k[i].shared,
						    &o->fp[i]),
				CORUN_CTA_FITS);
}

/* The fit test written out, independently of oracle_cta_fits(). */
static int fits2(const struct oracle *o, unsigned int a, unsigned int b)
{
	const struct corun_cta_footprint *x = &o->fp[0], *y = &o->fp[1];

	return a + b <= lim.ctas &&
	       a * x->threads + b * y->threads <= lim.threads &&
	       a * x->regs + b * y->regs <= lim.regs &&
	       a * x->shared + b * y->shared <= lim.shared;
}

static void free_action(void *p)
{
	oracle_free(p);
}

/* setup() and an enumeration that succeeds; @o is freed after the case. */
static void enumerate(struct kunit *test, struct oracle *o,
		      enum oracle_kind kind, unsigned int nk,
		      const struct cta *k, unsigned int cap)
{
	char err[256];

	setup(test, o, kind, nk, k, cap);
	KUNIT_ASSERT_EQ(test, oracle_enumerate(o, err, sizeof(err)), 0);
	kunit_add_action(test, free_action, o);
}

/* setup() and an enumeration refused with a message naming @why. */
static void enumerate_fails(struct kunit *test, enum oracle_kind kind,
			    unsigned int nk, const struct cta *k,
			    unsigned int cap, const char *why)
{
	struct oracle o;
	char err[256];

	setup(test, &o, kind, nk, k, cap);
	KUNIT_EXPECT_EQ(test, oracle_enumerate(&o, err, sizeof(err)), -EINVAL);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, why));
}

/* Candidate @i of a two-kernel search is (@a, @b). */
static void expect_cand2(struct kunit *test, const struct oracle *o,
			 unsigned int i, unsigned int a, unsigned int b)
{
	KUNIT_ASSERT_LT(test, i, o->n);
	KUNIT_EXPECT_EQ(test, o->cand[i].ctas[0], a);
	KUNIT_EXPECT_EQ(test, o->cand[i].ctas[1], b);
}

static void oracle_cta_exact(struct kunit *test)
{
	/* 64 threads x 16 regs, 2 KiB shared; 32 threads x 32 regs */
	static const struct cta k[] = { { 64, 16, 2048 }, { 32, 32, 0 } };
	static struct oracle o;
	unsigned int a, b, i = 0;

	enumerate(test, &o, ORACLE_CTA, 2, k, ORACLE_CAP_MAX);
	/* alone: 4 CTAs (threads), 8 (CTA slots; 8192 / 1024 registers) */
	KUNIT_EXPECT_EQ(test, o.max[0], 4u);
	KUNIT_EXPECT_EQ(test, o.max[1], 8u);
	KUNIT_EXPECT_EQ(test, o.stride, 1u);
	for (a = 1; a <= 8; a++)
		for (b = 1; b <= 8; b++) {
			if (!fits2(&o, a, b))
				continue;
			expect_cand2(test, &o, i, a, b);
			KUNIT_EXPECT_TRUE(test, isnan(o.cand[i].mm.hs));
			i++;
		}
	KUNIT_EXPECT_EQ(test, o.n, i);
	KUNIT_EXPECT_EQ(test, o.space, (uint64_t)i);
	/* threads bind, 2a + b <= 8: up to (1,6), (2,4), (3,2), 12 in all */
	KUNIT_EXPECT_EQ(test, i, 12u);
}

static void oracle_cta_cap_stride(struct kunit *test)
{
	static const struct cta k[] = { { 32, 8, 0 },
					{ 32, 8, 0 },
					{ 32, 8, 0 } };
	static struct oracle o;
	unsigned int a, b, c, i, n, prev = 0;
	uint32_t ctas[3];
	char err[256];

	enumerate(test, &o, ORACLE_CTA, 3, k, 10);
	/* 8 CTA slots bind: a + b + c <= 8, each >= 1: C(8, 3) = 56 */
	KUNIT_EXPECT_EQ(test, o.space, 56ull);
	KUNIT_EXPECT_LE(test, o.n, 10u);
	KUNIT_ASSERT_GT(test, o.stride, 1u);
	/* the candidates are exactly the fitting grid points, in order */
	i = 0;
	for (a = 1; a <= 8; a += o.stride)
		for (b = 1; b <= 8; b += o.stride)
			for (c = 1; c <= 8; c += o.stride) {
				ctas[0] = a;
				ctas[1] = b;
				ctas[2] = c;
				if (a + b + c > 8)
					continue;
				KUNIT_ASSERT_LT(test, i, o.n);
				KUNIT_EXPECT_TRUE(test, !memcmp(o.cand[i].ctas,
								ctas,
								sizeof(ctas)));
				KUNIT_EXPECT_TRUE(test,
						  oracle_cta_fits(&lim, o.fp, 3,
								  ctas));
				i++;
			}
	KUNIT_EXPECT_EQ(test, i, o.n);
	/* the stride is the smallest that fits the cap */
	for (a = 1; a <= 8; a += o.stride - 1)
		for (b = 1; b <= 8; b += o.stride - 1)
			for (c = 1; c <= 8; c += o.stride - 1)
				prev += a + b + c <= 8;
	KUNIT_EXPECT_GT(test, prev, 10u);
	/* cap 1: only (1, 1, 1) */
	oracle_free(&o);
	o.cap = 1;
	KUNIT_ASSERT_EQ(test, oracle_enumerate(&o, err, sizeof(err)), 0);
	n = o.n;
	KUNIT_EXPECT_EQ(test, n, 1u);
	KUNIT_EXPECT_EQ(test, o.cand[0].ctas[0] + o.cand[0].ctas[1] +
			o.cand[0].ctas[2], 3u);
}

/* Kernel @k of @nk on @sms SMs gets @count SMs from @first. */
static void expect_sm_range(struct kunit *test, unsigned int sms,
			    unsigned int nk, unsigned int k, uint32_t first,
			    uint32_t count)
{
	uint32_t f, c;

	oracle_sm_range(sms, nk, k, &f, &c);
	KUNIT_EXPECT_EQ(test, f, first);
	KUNIT_EXPECT_EQ(test, c, count);
}

static void oracle_spatial_space(struct kunit *test)
{
	static const struct cta k[] = { { 64, 16, 0 },
					{ 256, 8, 0 },
					{ 32, 8, 0 } };
	static struct oracle o;
	unsigned int a, b, i = 0;

	enumerate(test, &o, ORACLE_SPATIAL, 2, k, ORACLE_CAP_MAX);
	/* every count up to the alone maximum, even if the sum overflows */
	KUNIT_EXPECT_EQ(test, o.max[0], 4u);
	KUNIT_EXPECT_EQ(test, o.max[1], 1u);
	for (a = 1; a <= 4; a++)
		for (b = 1; b <= 1; b++, i++)
			expect_cand2(test, &o, i, a, b);
	KUNIT_EXPECT_EQ(test, o.n, 4u);
	KUNIT_EXPECT_EQ(test, o.space, 4ull);
	/* the even policy's split: 7 SMs for 3 kernels are 3, 2, 2 */
	expect_sm_range(test, 7, 3, 0, 0, 3);
	expect_sm_range(test, 7, 3, 1, 3, 2);
	expect_sm_range(test, 7, 3, 2, 5, 2);
	/* three kernels on test-2sm's two SMs cannot be split */
	enumerate_fails(test, ORACLE_SPATIAL, 3, k, ORACLE_CAP_MAX,
			"an SM of its own");
}

static void oracle_errors(struct kunit *test)
{
	/* two 256-thread CTAs never share test-2sm's 256-thread SM */
	static const struct cta k[] = { { 256, 8, 0 },
					{ 256, 8, 0 },
					{ 32, 8, 0 },
					{ 32, 8, 0 },
					{ 32, 8, 0 } };

	enumerate_fails(test, ORACLE_CTA, 2, k, 64,
			"fits an SM (per CTA: 256 threads");
	/* test-2sm's SMs hold CTAs of 4 kernels at most */
	enumerate_fails(test, ORACLE_CTA, 5, k, 64, "sm.max_kernels");
	enumerate_fails(test, ORACLE_CTA, 2, k + 2, 0,
			"at most 0 candidates: expected 1..4096");
	enumerate_fails(test, ORACLE_CTA, 2, k + 2, ORACLE_CAP_MAX + 1,
			"at most 4097 candidates");
	KUNIT_EXPECT_EQ(test, oracle_kind_of("cta-oracle"), (int)ORACLE_CTA);
	KUNIT_EXPECT_EQ(test, oracle_kind_of("spatial-oracle"),
			(int)ORACLE_SPATIAL);
	KUNIT_EXPECT_EQ(test, oracle_kind_of("fcfs"), -1);
}

static void oracle_picks(struct kunit *test)
{
	static const struct cta k[] = { { 32, 8, 0 }, { 32, 8, 0 } };
	static const double alone[] = { 10.0, 10.0 }, even[] = { 5, 5 },
			    skew[] = { 9, 2 };
	static struct oracle o;

	/* a + b <= 8 at stride 3: (1,1), (1,4), (1,7), (4,1), (4,4), (7,1) */
	enumerate(test, &o, ORACLE_CTA, 2, k, 6);
	KUNIT_ASSERT_EQ(test, o.n, 6u);
	KUNIT_EXPECT_EQ(test, o.stride, 3u);
	/* 0: NP 0.5, 0.5 (HS 0.5, STP 1.0); 1: 0.9, 0.2 (HS 0.327, STP 1.1) */
	oracle_record(&o, 0, alone, even);
	oracle_record(&o, 1, alone, skew);
	/* 2: as 0 (a tie goes to the first); 3..5: not run (failed) */
	oracle_record(&o, 2, alone, even);
	oracle_pick(&o);
	KUNIT_EXPECT_EQ(test, o.best_hs, 0u);
	KUNIT_EXPECT_EQ(test, o.best_ws, 1u);
	KUNIT_EXPECT_TRUE(test, fabs(o.cand[1].mm.stp - 1.1) < 1e-12);
	KUNIT_EXPECT_TRUE(test, isnan(o.cand[3].mm.hs));
}

/* Fold a launch's CTA (which fits an empty SM) into @acc. */
static void merge(struct kunit *test, struct corun_cta_footprint *acc,
		  unsigned int threads, unsigned int regs, unsigned int shared)
{
	struct corun_cta_footprint f;

	KUNIT_ASSERT_EQ(test,
			corun_cta_footprint(&lim, threads, regs, shared, &f),
			CORUN_CTA_FITS);
	oracle_fp_merge(&lim, acc, &f);
}

static void oracle_footprint_merge(struct kunit *test)
{
	struct corun_cta_footprint acc = { 0 };

	/* the largest of each resource: 128 threads, 4 KiB shared */
	merge(test, &acc, 128, 8, 0);
	KUNIT_EXPECT_EQ(test, acc.ctas_per_sm, 2u);
	merge(test, &acc, 32, 8, 4096);
	KUNIT_EXPECT_EQ(test, acc.threads, 128u);
	KUNIT_EXPECT_EQ(test, acc.shared, 4096u);
	KUNIT_EXPECT_EQ(test, acc.ctas_per_sm, 2u);
	merge(test, &acc, 32, 8, 8192);
	KUNIT_EXPECT_EQ(test, acc.ctas_per_sm, 2u);
	merge(test, &acc, 32, 8, 16384);
	KUNIT_EXPECT_EQ(test, acc.ctas_per_sm, 1u);
}

static struct kunit_case oracle_cases[] = { KUNIT_CASE(oracle_cta_exact),
					    KUNIT_CASE(oracle_cta_cap_stride),
					    KUNIT_CASE(oracle_spatial_space),
					    KUNIT_CASE(oracle_errors),
					    KUNIT_CASE(oracle_picks),
					    KUNIT_CASE(oracle_footprint_merge),
					    {} };

static struct kunit_suite oracle_suite = {
	.name = "corun_sim_oracle",
	.suite_init = load_limits,
	.test_cases = oracle_cases,
};

kunit_test_suites(&oracle_suite);
