// SPDX-License-Identifier: GPL-2.0
/*
 * Passing uses of every KUnit check family, the hooks, managed memory and
 * deferred actions. Failure reporting is covered by kunit_meta_test.c.
 */
#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include <kunit/test.h>

enum colour { RED, GREEN, BLUE };

struct bits {
	unsigned int low : 3;
	int sign : 4;
};

static int api_double(int x)
{
	return 2 * x;
}

static void expect_bool(struct kunit *test)
{
	int *p = &test->param_index;

	KUNIT_SUCCEED(test);
	KUNIT_EXPECT_TRUE(test, 1);
	KUNIT_EXPECT_TRUE(test, p);
	KUNIT_EXPECT_FALSE(test, 0);
	KUNIT_EXPECT_FALSE(test, NULL);
	KUNIT_EXPECT_TRUE_MSG(test, 2 > 1, "%d", 1);
	KUNIT_EXPECT_FALSE_MSG(test, 2 < 1, "%s", "msg");
}

static void expect_int(struct kunit *test)
{
	size_t sz = 3;
	unsigned char uc = 200;
	signed char sc = -3;
	char c = 'a';
	int64_t neg = -5;
	uint64_t big = UINT64_MAX;
	unsigned int u = 7;
	bool flag = true;
	enum colour col = GREEN;
	struct bits b = { .low = 5, .sign = -2 };
	double d = 0.5;
	float f = 1.5f;

	/* Mixed signedness compares as C would, without -Wsign-compare. */
	KUNIT_EXPECT_EQ(test, sz, 3);
	KUNIT_EXPECT_EQ(test, ARRAY_SIZE("abc"), 4);
	KUNIT_EXPECT_EQ(test, uc, 200);
	KUNIT_EXPECT_EQ(test, sc, -3);
	KUNIT_EXPECT_EQ(test, c, 'a');
	KUNIT_EXPECT_EQ(test, neg, -5);
	KUNIT_EXPECT_EQ(test, big, UINT64_MAX);
	KUNIT_EXPECT_EQ(test, flag, true);
	KUNIT_EXPECT_EQ(test, col, GREEN);
	KUNIT_EXPECT_EQ(test, b.low, 5);
	KUNIT_EXPECT_EQ(test, b.sign, -2);
	KUNIT_EXPECT_EQ(test, d, 0.5);
	KUNIT_EXPECT_EQ(test, f, 1.5);
	KUNIT_EXPECT_EQ(test, -1, UINT_MAX);
	KUNIT_EXPECT_EQ(test, api_double(21), 42);

	KUNIT_EXPECT_NE(test, u, 8);
	KUNIT_EXPECT_NE(test, col, BLUE);
	KUNIT_EXPECT_LT(test, neg, 0);
	KUNIT_EXPECT_LT(test, sc, uc);
	KUNIT_EXPECT_LT(test, d, 1);
	KUNIT_EXPECT_LE(test, u, 7);
	KUNIT_EXPECT_LE(test, sz, 4);
	KUNIT_EXPECT_GT(test, big, 0);
	KUNIT_EXPECT_GT(test, uc, sc);
	KUNIT_EXPECT_GE(test, u, 0);
	KUNIT_EXPECT_GE(test, f, 1.5f);

	KUNIT_EXPECT_EQ_MSG(test, u, 7, "u=%u", u);
	KUNIT_EXPECT_NE_MSG(test, u, 0, "u=%u", u);
	KUNIT_EXPECT_LT_MSG(test, u, 8, "u=%u", u);
	KUNIT_EXPECT_LE_MSG(test, u, 7, "u=%u", u);
	KUNIT_EXPECT_GT_MSG(test, u, 6, "u=%u", u);
	KUNIT_EXPECT_GE_MSG(test, u, 7, "u=%u", u);
}

static void expect_ptr(struct kunit *test)
{
	int a[2] = { 1, 2 };
	int *p = a;
	const int *cp = &a[1];
	int *nullp = NULL;
	void *errp = ERR_PTR(-EINVAL);
	int (*fn)(int) = api_double;

	KUNIT_EXPECT_PTR_EQ(test, p, a);
	KUNIT_EXPECT_PTR_EQ(test, p + 1, cp);
	KUNIT_EXPECT_PTR_EQ(test, fn, api_double);
	KUNIT_EXPECT_PTR_NE(test, p, cp);
	KUNIT_EXPECT_PTR_NE(test, errp, NULL);
	KUNIT_EXPECT_NULL(test, nullp);
	KUNIT_EXPECT_NOT_NULL(test, p);
	KUNIT_EXPECT_NOT_NULL(test, errp);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, p);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, fn);

	KUNIT_EXPECT_PTR_EQ_MSG(test, p, a, "%p", (void *)p);
	KUNIT_EXPECT_PTR_NE_MSG(test, p, nullp, "%p", (void *)p);
	KUNIT_EXPECT_NULL_MSG(test, nullp, "%d", 0);
	KUNIT_EXPECT_NOT_NULL_MSG(test, p, "%d", 1);
	KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, cp, "%d", 2);
}

static void expect_str(struct kunit *test)
{
	char buf[8] = "abc";
	const char *nul = NULL;

	KUNIT_EXPECT_STREQ(test, buf, "abc");
	KUNIT_EXPECT_STRNEQ(test, buf, "abd");
	KUNIT_EXPECT_STRNEQ(test, buf, "ab");
	KUNIT_EXPECT_STREQ(test, "", "");
	/* NULL equals only NULL instead of crashing in strcmp(). */
	KUNIT_EXPECT_STREQ(test, nul, NULL);
	KUNIT_EXPECT_STRNEQ(test, nul, "");
	KUNIT_EXPECT_STREQ_MSG(test, buf, "abc", "buf=%s", buf);
	KUNIT_EXPECT_STRNEQ_MSG(test, buf, "x", "buf=%s", buf);
}

static void expect_mem(struct kunit *test)
{
	const uint8_t x[5] = { 1, 2, 3, 4, 5 }, y[5] = { 1, 2, 3, 4, 6 };
	uint8_t big[600], big2[600];

	memset(big, 0xab, sizeof(big));
	memcpy(big2, big, sizeof(big2));
	KUNIT_EXPECT_MEMEQ(test, x, y, 4);
	KUNIT_EXPECT_MEMNEQ(test, x, y, 5);
	KUNIT_EXPECT_MEMEQ(test, x, y, 0);
	KUNIT_EXPECT_MEMEQ(test, big, big2, sizeof(big));
	big2[599] = 0;
	KUNIT_EXPECT_MEMNEQ(test, big, big2, sizeof(big));
	KUNIT_EXPECT_MEMEQ_MSG(test, x, y, 4, "%d", 4);
	KUNIT_EXPECT_MEMNEQ_MSG(test, x, y, 5, "%d", 5);
}

/* Every assertion family passes, so execution must reach the end. */
static void assert_all(struct kunit *test)
{
	const uint8_t x[2] = { 1, 2 };
	int v = 3, *p = &v;
	size_t sz = 2;

	KUNIT_ASSERT_TRUE(test, v == 3);
	KUNIT_ASSERT_FALSE(test, v == 4);
	KUNIT_ASSERT_EQ(test, sz, 2);
	KUNIT_ASSERT_NE(test, v, 4);
	KUNIT_ASSERT_LT(test, v, 4);
	KUNIT_ASSERT_LE(test, v, 3);
	KUNIT_ASSERT_GT(test, v, -1);
	KUNIT_ASSERT_GE(test, v, 3);
	KUNIT_ASSERT_PTR_EQ(test, p, &v);
	KUNIT_ASSERT_PTR_NE(test, p, NULL);
	KUNIT_ASSERT_NULL(test, NULL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	KUNIT_ASSERT_STREQ(test, "a", "a");
	KUNIT_ASSERT_STRNEQ(test, "a", "b");
	KUNIT_ASSERT_MEMEQ(test, x, x, sizeof(x));
	KUNIT_ASSERT_MEMNEQ(test, x, x + 1, 1);

	KUNIT_ASSERT_TRUE_MSG(test, v == 3, "v=%d", v);
	KUNIT_ASSERT_FALSE_MSG(test, v == 4, "v=%d", v);
	KUNIT_ASSERT_EQ_MSG(test, v, 3, "v=%d", v);
	KUNIT_ASSERT_NE_MSG(test, v, 4, "v=%d", v);
	KUNIT_ASSERT_LT_MSG(test, v, 4, "v=%d", v);
	KUNIT_ASSERT_LE_MSG(test, v, 3, "v=%d", v);
	KUNIT_ASSERT_GT_MSG(test, v, 2, "v=%d", v);
	KUNIT_ASSERT_GE_MSG(test, v, 3, "v=%d", v);
	KUNIT_ASSERT_PTR_EQ_MSG(test, p, &v, "v=%d", v);
	KUNIT_ASSERT_PTR_NE_MSG(test, p, NULL, "v=%d", v);
	KUNIT_ASSERT_NULL_MSG(test, NULL, "v=%d", v);
	KUNIT_ASSERT_NOT_NULL_MSG(test, p, "v=%d", v);
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, p, "v=%d", v);
	KUNIT_ASSERT_STREQ_MSG(test, "a", "a", "v=%d", v);
	KUNIT_ASSERT_STRNEQ_MSG(test, "a", "b", "v=%d", v);
	KUNIT_ASSERT_MEMEQ_MSG(test, x, x, sizeof(x), "v=%d", v);
	KUNIT_ASSERT_MEMNEQ_MSG(test, x, x + 1, 1, "v=%d", v);

	v = 42;
	KUNIT_EXPECT_EQ(test, v, 42);
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
}

static void err_helpers(struct kunit *test)
{
	int v;
	void *e = ERR_PTR(-ENOMEM);

	KUNIT_EXPECT_TRUE(test, IS_ERR(e));
	KUNIT_EXPECT_TRUE(test, IS_ERR_OR_NULL(e));
	KUNIT_EXPECT_TRUE(test, IS_ERR_OR_NULL(NULL));
	KUNIT_EXPECT_FALSE(test, IS_ERR(NULL));
	KUNIT_EXPECT_FALSE(test, IS_ERR_OR_NULL(&v));
	KUNIT_EXPECT_EQ(test, PTR_ERR(e), -ENOMEM);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(e), -ENOMEM);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(&v), 0);
	KUNIT_EXPECT_PTR_EQ(test, ERR_CAST(e), e);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ERR_PTR(-MAX_ERRNO)));
	KUNIT_EXPECT_FALSE(test, IS_ERR(ERR_PTR(-MAX_ERRNO - 1)));
}

static void logging(struct kunit *test)
{
	kunit_info(test, "info %d", 1);
	kunit_warn(test, "warn %s", "two");
	kunit_err(test, "err %c\n", '3');
	kunit_printk(KERN_DEBUG, test, "multi\nline");
	kunit_log(KERN_INFO, test, "    # kunit_log line");
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
	KUNIT_EXPECT_STREQ(test, test->name, "logging");
}

static void current_test(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
	KUNIT_EXPECT_NULL(test, test->param_value);
	KUNIT_EXPECT_EQ(test, test->param_index, 0);
	KUNIT_EXPECT_NULL(test, test->priv);
}

static struct kunit_case kunit_checks_cases[] = {
	KUNIT_CASE(expect_bool),
	KUNIT_CASE(expect_int),
	KUNIT_CASE(expect_ptr),
	KUNIT_CASE(expect_str),
	KUNIT_CASE(expect_mem),
	KUNIT_CASE(assert_all),
	KUNIT_CASE(err_helpers),
	KUNIT_CASE(logging),
	KUNIT_CASE(current_test),
	{}
};

static struct kunit_suite kunit_checks_suite = {
	.name = "kunit_checks",
	.test_cases = kunit_checks_cases,
};

/*
 * Hooks, managed memory and deferred actions. Cases run in separate
 * processes, so what happens after a case ends is recorded in a shared
 * mapping and checked by the case that follows it.
 */

#define HOOKS_MAGIC 0x600dcafe
#define LOG_MAX 16

struct hooks_priv {
	unsigned int magic;
};

struct hooks_shared {
	int suite_inits;
	int inits;
	int exits;
	char last_exit[32];
	int log[LOG_MAX];
	int nr_log;
	bool actions_ran;
	bool alloc_ran;
	size_t heap_before;
	size_t heap_after;
};

static struct hooks_shared *shared;

static void log_event(int v)
{
	if (shared->nr_log < LOG_MAX)
		shared->log[shared->nr_log++] = v;
}

static int hooks_suite_init(struct kunit_suite *suite)
{
	(void)suite;
	shared = mmap(NULL, sizeof(*shared), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		return -ENOMEM;
	shared->suite_inits++;
	return 0;
}

static void hooks_suite_exit(struct kunit_suite *suite)
{
	(void)suite;
	munmap(shared, sizeof(*shared));
	shared = NULL;
}

static int hooks_init(struct kunit *test)
{
	struct hooks_priv *priv = kunit_kzalloc(test, sizeof(*priv), GFP_KERNEL);

	if (!priv)
		return -ENOMEM;
	priv->magic = HOOKS_MAGIC;
	test->priv = priv;
	shared->inits++;
	return 0;
}

static void hooks_exit(struct kunit *test)
{
	struct hooks_priv *priv = test->priv;

	/* Managed memory from init is still valid here: freed after exit. */
	if (priv && priv->magic == HOOKS_MAGIC) {
		shared->exits++;
		snprintf(shared->last_exit, sizeof(shared->last_exit), "%s", test->name);
	}
	log_event(100);
}

static void hooks_priv(struct kunit *test)
{
	struct hooks_priv *priv = test->priv;

	KUNIT_ASSERT_NOT_NULL(test, priv);
	KUNIT_EXPECT_EQ(test, priv->magic, HOOKS_MAGIC);
	KUNIT_EXPECT_EQ(test, shared->suite_inits, 1);
	KUNIT_EXPECT_GE(test, shared->inits, 1);
}

static void hooks_exit_ran(struct kunit *test)
{
	if (strcmp(shared->last_exit, "hooks_priv"))
		kunit_skip(test, "needs hooks_priv to run first");
	/* One exit per case that ran before this one (init counted us too). */
	KUNIT_EXPECT_EQ(test, shared->exits, shared->inits - 1);
}

static void record_action(void *ctx)
{
	log_event((int)(intptr_t)ctx);
}

static void record_int(int *v)
{
	log_event(*v);
}

KUNIT_DEFINE_ACTION_WRAPPER(record_int_action, record_int, int *);

static void actions_register(struct kunit *test)
{
	int *five = kunit_kmalloc(test, sizeof(*five), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, five);
	*five = 5;
	shared->nr_log = 0;
	shared->actions_ran = true;
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, record_action, (void *)1), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, record_action, (void *)2), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, record_action, (void *)3), 0);
	kunit_remove_action(test, record_action, (void *)2);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, record_action, (void *)4), 0);
	kunit_release_action(test, record_action, (void *)3);
	KUNIT_EXPECT_EQ(test, shared->nr_log, 1);
	KUNIT_EXPECT_EQ(test, shared->log[0], 3);
	/* Removing or releasing what is not registered does nothing. */
	kunit_remove_action(test, record_action, (void *)3);
	kunit_release_action(test, record_action, (void *)99);
	KUNIT_EXPECT_EQ(test, shared->nr_log, 1);
	/* Registered after the allocation, so it runs before the free. */
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, record_int_action, five), 0);
}

static void actions_checked(struct kunit *test)
{
	static const int want[] = { 3, 100, 5, 4, 1 };

	if (!shared->actions_ran)
		kunit_skip(test, "needs actions_register to run first");
	/* Released action, then exit hook, then the rest last-in first-out. */
	KUNIT_ASSERT_EQ(test, shared->nr_log, ARRAY_SIZE(want));
	for (size_t i = 0; i < ARRAY_SIZE(want); i++)
		KUNIT_EXPECT_EQ_MSG(test, shared->log[i], want[i], "log[%zu]", i);
}

static size_t heap_in_use(void)
{
	return mallinfo2().uordblks;
}

static void record_heap(void *ctx)
{
	(void)ctx;
	shared->heap_after = heap_in_use();
}

#define ALLOC_CHUNKS 8
#define ALLOC_CHUNK 8192

static void alloc(struct kunit *test)
{
	void *chunks[ALLOC_CHUNKS];
	uint8_t *z;
	uint32_t *arr;
	char *s;
	void *p;

	/* First registered, so it runs last: after every managed free. */
	shared->heap_before = heap_in_use();
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, record_heap, NULL), 0);
	shared->alloc_ran = true;

	z = kunit_kzalloc(test, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, z);
	for (int i = 0; i < 64; i++)
		KUNIT_EXPECT_EQ(test, z[i], 0);

	arr = kunit_kcalloc(test, 16, sizeof(*arr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, arr);
	for (int i = 0; i < 16; i++)
		KUNIT_EXPECT_EQ(test, arr[i], 0);

	z = kunit_kmalloc(test, 32, GFP_KERNEL | __GFP_ZERO);
	KUNIT_ASSERT_NOT_NULL(test, z);
	KUNIT_EXPECT_EQ(test, z[31], 0);

	arr = kunit_kmalloc_array(test, 4, sizeof(*arr), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, arr);
	arr[3] = 7;

	KUNIT_EXPECT_NULL(test, kunit_kmalloc_array(test, SIZE_MAX / 2, 4, GFP_KERNEL));
	KUNIT_EXPECT_NULL(test, kunit_kcalloc(test, SIZE_MAX, SIZE_MAX, GFP_KERNEL));
	KUNIT_EXPECT_NOT_NULL(test, kunit_kmalloc(test, 0, GFP_KERNEL));

	p = kunit_kmalloc(test, 100, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	kunit_kfree(test, p);
	kunit_kfree(test, NULL);

	s = kunit_kstrdup(test, "managed", GFP_KERNEL);
	KUNIT_EXPECT_STREQ(test, s, "managed");
	KUNIT_EXPECT_NULL(test, kunit_kstrdup(test, NULL, GFP_KERNEL));

	for (int i = 0; i < ALLOC_CHUNKS; i++) {
		chunks[i] = kunit_kmalloc(test, ALLOC_CHUNK, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, chunks[i]);
		memset(chunks[i], i, ALLOC_CHUNK);
	}
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
}

static void alloc_freed(struct kunit *test)
{
	if (!shared->alloc_ran)
		kunit_skip(test, "needs alloc to run first");
	/*
	 * Less than one chunk of the 64 KiB allocated is still in use. (Under
	 * ASan mallinfo2() sees no change either way; LeakSanitizer, run after
	 * every case, checks the same thing there.)
	 */
	KUNIT_EXPECT_LT(test, (long long)shared->heap_after - (long long)shared->heap_before,
			ALLOC_CHUNK);
}

static struct kunit_case kunit_hooks_cases[] = {
	KUNIT_CASE(hooks_priv),
	KUNIT_CASE(hooks_exit_ran),
	KUNIT_CASE(actions_register),
	KUNIT_CASE(actions_checked),
	KUNIT_CASE(alloc),
	KUNIT_CASE(alloc_freed),
	{}
};

static struct kunit_suite kunit_hooks_suite = {
	.name = "kunit_hooks",
	.suite_init = hooks_suite_init,
	.suite_exit = hooks_suite_exit,
	.init = hooks_init,
	.exit = hooks_exit,
	.test_cases = kunit_hooks_cases,
};

kunit_test_suites(&kunit_checks_suite, &kunit_hooks_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit host runtime: API self-test");
MODULE_AUTHOR("corun");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
