// SPDX-License-Identifier: GPL-2.0
/*
 * Deliberately failing, crashing, hanging and skipping cases. Not a test
 * program of its own: kunit_meta_test.c runs it and checks what the
 * runtime reports. Changing a case here means updating the expectations
 * (case numbers, lines and counts) there.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>

#include <kunit/test.h>

static void meta_exit(struct kunit *test)
{
	kunit_info(test, "exit hook ran");
}

static void pass_case(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 1 + 1, 2);
}

static void expect_eq_fail(struct kunit *test)
{
	int a = 1, b = 2;

	KUNIT_EXPECT_EQ(test, a, b);
	kunit_info(test, "still running after a failed expectation");
}

static void assert_aborts(struct kunit *test)
{
	int x = 4;

	KUNIT_ASSERT_EQ_MSG(test, x, 3, "x was %d", x);
	kunit_info(test, "NOT REACHED after assert");
}

static void segv_case(struct kunit *test)
{
	/* A NULL the compiler cannot see, stored to for real: a true fault. */
	volatile int *volatile p = NULL;

	kunit_info(test, "about to fault");
	*p = 1;
	kunit_info(test, "NOT REACHED after fault");
}

static void after_segv(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, true);
}

static void abort_case(struct kunit *test)
{
	(void)test;
	abort();
}

static void skip_case(struct kunit *test)
{
	kunit_skip(test, "not supported here");
	KUNIT_FAIL(test, "NOT REACHED after skip");
}

static void mark_skipped_case(struct kunit *test)
{
	kunit_mark_skipped(test, "marked");
	kunit_info(test, "still running after kunit_mark_skipped");
}

static const int meta_params[] = { 1, 2, 3 };

static void meta_param_desc(const int *p, char *desc)
{
	static const char *const names[] = { "zero", "one", "two", "three" };

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", names[*p]);
}

KUNIT_ARRAY_PARAM(meta, meta_params, meta_param_desc);

static void param_case(struct kunit *test)
{
	const int *p = test->param_value;

	KUNIT_EXPECT_NE(test, *p, 2);
}

static void fail_msg_case(struct kunit *test)
{
	const char *s = "foo";

	KUNIT_FAIL(test, "custom failure %d", 42);
	KUNIT_EXPECT_STREQ_MSG(test, s, "bar", "context %s", "here");
}

static void value_print(struct kunit *test)
{
	int neg = -5;
	unsigned long long big = ULLONG_MAX;
	unsigned char uc = 200;
	size_t sz = 3;
	double d = 0.5;
	bool flag = false;
	int a, b;
	int *nullp = NULL;
	void *errp = ERR_PTR(-ENOMEM);
	const unsigned char x[4] = { 1, 2, 3, 4 }, y[4] = { 1, 2, 9, 4 };
	const char *esc = "fo\"o\n";
	const char *same = "same";

	KUNIT_EXPECT_GT(test, neg, 0);
	KUNIT_EXPECT_EQ(test, big, 0);
	KUNIT_EXPECT_LT(test, uc, 100);
	KUNIT_EXPECT_EQ(test, sz, -1);
	KUNIT_EXPECT_EQ(test, d, 0.25);
	KUNIT_EXPECT_TRUE(test, flag);
	KUNIT_EXPECT_FALSE(test, !flag);
	KUNIT_EXPECT_PTR_EQ(test, &a, &b);
	KUNIT_EXPECT_NOT_NULL(test, nullp);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, errp);
	KUNIT_EXPECT_MEMEQ(test, x, y, sizeof(x));
	KUNIT_EXPECT_MEMNEQ(test, x, x, sizeof(x));
	KUNIT_EXPECT_STREQ(test, esc, "foo");
	KUNIT_EXPECT_STRNEQ(test, same, "same");
	KUNIT_EXPECT_EQ_MSG(test, neg, 1, "neg is %d", neg);
}

static void exit_case(struct kunit *test)
{
	(void)test;
	exit(3);
}

static void double_kfree(struct kunit *test)
{
	void *p = kunit_kmalloc(test, 16, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	kunit_kfree(test, p);
	kunit_kfree(test, p);
}

static void fail_current(struct kunit *test)
{
	(void)test;
	kunit_fail_current_test("reported from code under test (%d)", 7);
}

static struct kunit_case meta_results_cases[] = {
	KUNIT_CASE(pass_case),
	KUNIT_CASE(expect_eq_fail),
	KUNIT_CASE(assert_aborts),
	KUNIT_CASE(segv_case),
	KUNIT_CASE(after_segv),
	KUNIT_CASE(abort_case),
	KUNIT_CASE(skip_case),
	KUNIT_CASE(mark_skipped_case),
	KUNIT_CASE_PARAM(param_case, meta_gen_params),
	KUNIT_CASE(fail_msg_case),
	KUNIT_CASE(value_print),
	KUNIT_CASE(exit_case),
	KUNIT_CASE(double_kfree),
	KUNIT_CASE(fail_current),
	{}
};

static struct kunit_suite meta_results = {
	.name = "meta_results",
	.exit = meta_exit,
	.test_cases = meta_results_cases,
};

static int meta_init_fails(struct kunit *test)
{
	(void)test;
	return -EINVAL;
}

static void meta_init_fail_exit(struct kunit *test)
{
	kunit_info(test, "exit ran after failed init");
}

static void init_fails(struct kunit *test)
{
	kunit_info(test, "BODY RAN despite failed init");
}

static struct kunit_case meta_init_fail_cases[] = {
	KUNIT_CASE(init_fails),
	{}
};

static struct kunit_suite meta_init_fail = {
	.name = "meta_init_fail",
	.init = meta_init_fails,
	.exit = meta_init_fail_exit,
	.test_cases = meta_init_fail_cases,
};

static int meta_suite_init_fails(struct kunit_suite *suite)
{
	(void)suite;
	return -ENODEV;
}

static void meta_suite_exit_not_expected(struct kunit_suite *suite)
{
	kunit_log(KERN_INFO, suite, "# SUITE EXIT RAN despite failed suite_init");
}

static void never_runs_a(struct kunit *test)
{
	kunit_info(test, "BODY RAN despite failed suite_init");
}

static void never_runs_b(struct kunit *test)
{
	kunit_info(test, "BODY RAN despite failed suite_init");
}

static struct kunit_case meta_suite_init_fail_cases[] = {
	KUNIT_CASE(never_runs_a),
	KUNIT_CASE(never_runs_b),
	{}
};

static struct kunit_suite meta_suite_init_fail = {
	.name = "meta_suite_init_fail",
	.suite_init = meta_suite_init_fails,
	.suite_exit = meta_suite_exit_not_expected,
	.test_cases = meta_suite_init_fail_cases,
};

static void pass_one(struct kunit *test)
{
	kunit_log(KERN_INFO, test, "    # raw log %d", 7);
	KUNIT_EXPECT_TRUE(test, true);
}

static void pass_two(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, false);
}

static void skip_one(struct kunit *test)
{
	kunit_skip(test, "skipped on purpose");
}

static struct kunit_case meta_pass_cases[] = {
	KUNIT_CASE(pass_one),
	KUNIT_CASE(pass_two),
	KUNIT_CASE(skip_one),
	{}
};

static struct kunit_suite meta_pass = {
	.name = "meta_pass",
	.test_cases = meta_pass_cases,
};

static void hang_case(struct kunit *test)
{
	(void)test;
	for (;;)
		pause();
}

/* Longer than a 1 s timeout, shorter than the 5 s a slow case gets. */
static void slow_case(struct kunit *test)
{
	usleep(1500 * 1000);
	KUNIT_EXPECT_TRUE(test, true);
}

static struct kunit_case meta_timeout_cases[] = {
	KUNIT_CASE(hang_case),
	KUNIT_CASE_SLOW(slow_case),
	{}
};

static struct kunit_suite meta_timeout = {
	.name = "meta_timeout",
	.test_cases = meta_timeout_cases,
};

/* Leaves a process behind, which the runner must kill when the case ends. */
static void stray_process(struct kunit *test)
{
	pid_t pid = fork();

	if (pid == 0) {
		prctl(PR_SET_NAME, "kunit-stray");
		sleep(60);
		_exit(0);
	}
	KUNIT_ASSERT_GT(test, pid, 0);
	kunit_info(test, "stray pid %d", (int)pid);
}

static struct kunit_case meta_stray_cases[] = {
	KUNIT_CASE(stray_process),
	{}
};

static struct kunit_suite meta_stray = {
	.name = "meta_stray",
	.test_cases = meta_stray_cases,
};

/*
 * Sanitizer reports must fail the case. Without SAN=1 these would be
 * undefined behaviour, so they skip instead.
 */
#if defined(__SANITIZE_ADDRESS__)
#define META_SAN 1
#else
#define META_SAN 0
#endif

static void heap_overflow(struct kunit *test)
{
	volatile int i = 8;
	char *p;

	if (!META_SAN)
		kunit_skip(test, "needs SAN=1");
	p = malloc(8);
	KUNIT_ASSERT_NOT_NULL(test, p);
	p[i] = 1;
	free(p);
}

static void __attribute__((noinline)) leak_some(void)
{
	for (int i = 0; i < 8; i++) {
		char *p = malloc(64);

		if (p)
			memset(p, i, 64);
		__asm__ volatile("" : : "r"(p) : "memory");
	}
}

static void leak(struct kunit *test)
{
	if (!META_SAN)
		kunit_skip(test, "needs SAN=1");
	leak_some();
}

static void signed_overflow(struct kunit *test)
{
	volatile int x = INT_MAX;

	if (!META_SAN)
		kunit_skip(test, "needs SAN=1");
	x = x + 1;
	kunit_info(test, "x = %d", x);
}

static struct kunit_case meta_sanitizer_cases[] = {
	KUNIT_CASE(heap_overflow),
	KUNIT_CASE(leak),
	KUNIT_CASE(signed_overflow),
	{}
};

static struct kunit_suite meta_sanitizer = {
	.name = "meta_sanitizer",
	.test_cases = meta_sanitizer_cases,
};

kunit_test_suites(&meta_results, &meta_init_fail, &meta_suite_init_fail, &meta_pass,
		  &meta_timeout, &meta_sanitizer, &meta_stray);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit host runtime: deliberately failing cases");
