// SPDX-License-Identifier: GPL-2.0
/*
 * Parameterized and attributed cases. kunit_meta_test.c checks the names
 * this prints (run as a subprocess with --filter kunit_params).
 */
#include <stdio.h>
#include <string.h>

#include <kunit/test.h>

struct double_case {
	int in;
	int out;
};

static const struct double_case double_cases[] = {
	{ 1, 2 }, { -3, -6 }, { 50, 100 },
};

static void double_case_desc(const struct double_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%d->%d", c->in, c->out);
}

KUNIT_ARRAY_PARAM(double, double_cases, double_case_desc);

static void param_array(struct kunit *test)
{
	const struct double_case *c = test->param_value;

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_PTR_EQ(test, c, &double_cases[test->param_index]);
	KUNIT_EXPECT_EQ(test, 2 * c->in, c->out);
}

struct named_case {
	const char *name;
	const char *str;
	size_t len;
};

static const struct named_case named_cases[] = {
	{ "empty", "", 0 },
	{ "word", "kunit", 5 },
};

KUNIT_ARRAY_PARAM_DESC(named, named_cases, name);

static void param_desc_member(struct kunit *test)
{
	const struct named_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, strlen(c->str), c->len);
}

static const unsigned int plain_values[] = { 10, 20 };

KUNIT_ARRAY_PARAM(plain, plain_values, NULL);

static void param_no_desc(struct kunit *test)
{
	const unsigned int *v = test->param_value;

	KUNIT_EXPECT_EQ(test, *v, 10 * (test->param_index + 1));
}

/* A hand-written generator: powers of two below 16, described by value. */
static const void *pow2_gen_params(const void *prev, char *desc)
{
	static const int pow2[] = { 1, 2, 4, 8 };
	const int *next = prev ? (const int *)prev + 1 : pow2;

	if (next == pow2 + ARRAY_SIZE(pow2))
		return NULL;
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "2^%d", __builtin_ctz(*next));
	return next;
}

static void param_generator(struct kunit *test)
{
	const int *v = test->param_value;

	KUNIT_EXPECT_EQ(test, *v & (*v - 1), 0);
	KUNIT_EXPECT_EQ(test, *v, 1 << test->param_index);
}

static void slow_case(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, true);
}

static void attr_case(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, true);
}

static struct kunit_case kunit_params_cases[] = {
	KUNIT_CASE_PARAM(param_array, double_gen_params),
	KUNIT_CASE_PARAM(param_desc_member, named_gen_params),
	KUNIT_CASE_PARAM(param_no_desc, plain_gen_params),
	KUNIT_CASE_PARAM_ATTR(param_generator, pow2_gen_params,
			      { .speed = KUNIT_SPEED_NORMAL }),
	KUNIT_CASE_SLOW(slow_case),
	KUNIT_CASE_ATTR(attr_case, { .speed = KUNIT_SPEED_VERY_SLOW }),
	{}
};

static struct kunit_suite kunit_params_suite = {
	.name = "kunit_params",
	.test_cases = kunit_params_cases,
};

kunit_test_suite(kunit_params_suite);

MODULE_LICENSE("GPL");
