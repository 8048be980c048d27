/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space KUnit: the subset of the kernel's <kunit/test.h> (Linux 6.12)
 * that corun's tests use, so one test source builds both as a host test
 * program (linked with tools/kunit/kunit.o) and as an in-kernel KUnit
 * module (where the kernel's own header is used instead of this one).
 *
 * Names and semantics follow the kernel. Host-only differences:
 *  - every case runs in a forked child (see tools/kunit/kunit.c), so state
 *    written by one case is not visible to the next; use suite_init (runs
 *    in the parent) or a MAP_SHARED mapping for cross-case state;
 *  - KUNIT_EXPECT_EQ() and friends also accept floating-point operands;
 *  - kunit_kfree() of a pointer kunit does not manage fails the test.
 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Kernel stand-ins, only where the includer has not provided them. */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))
#endif

typedef unsigned int gfp_t;
#ifndef GFP_KERNEL
#define GFP_KERNEL	0x0cc0u
#endif
#ifndef __GFP_ZERO
#define __GFP_ZERO	0x100u
#endif

#ifndef KERN_SOH
#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#endif

/* Same guard as the kernel's <linux/err.h>, so only one copy is seen. */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H
#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE((unsigned long)ptr);
}

static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0;
}
#endif /* _LINUX_ERR_H */

/* Module metadata is meaningless in a host program; accept and drop it. */
#ifndef MODULE_LICENSE
#define MODULE_LICENSE(license)		_Static_assert(1, license)
#endif
#ifndef MODULE_DESCRIPTION
#define MODULE_DESCRIPTION(desc)	_Static_assert(1, desc)
#endif
#ifndef MODULE_AUTHOR
#define MODULE_AUTHOR(author)		_Static_assert(1, author)
#endif
#ifndef MODULE_IMPORT_NS
#define MODULE_IMPORT_NS(ns)		_Static_assert(1, #ns)
#endif

#define KUNIT_STATUS_COMMENT_SIZE	256
#define KUNIT_PARAM_DESC_SIZE		128

/**
 * enum kunit_status - result of a test case or suite
 * @KUNIT_SUCCESS: passed (or has not failed yet)
 * @KUNIT_FAILURE: at least one expectation or assertion failed
 * @KUNIT_SKIPPED: skipped; the reason is in &kunit.status_comment
 */
enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

/**
 * enum kunit_speed - test case speed attribute
 * @KUNIT_SPEED_UNSET: not set (treated as normal)
 * @KUNIT_SPEED_VERY_SLOW: very slow; gets the slow-case timeout
 * @KUNIT_SPEED_SLOW: slow; gets the slow-case timeout (5x normal)
 * @KUNIT_SPEED_NORMAL: normal
 * @KUNIT_SPEED_MAX: highest value
 */
enum kunit_speed {
	KUNIT_SPEED_UNSET,
	KUNIT_SPEED_VERY_SLOW,
	KUNIT_SPEED_SLOW,
	KUNIT_SPEED_NORMAL,
	KUNIT_SPEED_MAX = KUNIT_SPEED_NORMAL,
};

/**
 * struct kunit_attributes - test case attributes
 * @speed: expected run time class
 */
struct kunit_attributes {
	enum kunit_speed speed;
};

struct __kunit_action;

/**
 * struct kunit - state of one running test case
 * @priv: free for the suite's init hook and the case to use
 * @name: name of the running case
 * @log: always NULL in user space (output goes to stdout)
 * @param_value: current parameter of a parameterized case, else NULL
 * @param_index: index of @param_value, starting at 0
 * @status: current result
 * @status_comment: reason for %KUNIT_SKIPPED
 */
struct kunit {
	void *priv;
	const char *name;
	char *log;
	const void *param_value;
	int param_index;
	enum kunit_status status;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];

	/* private: runtime state */
	struct __kunit_action *__actions;
	jmp_buf *__catch;
	int __indent;
};

/**
 * struct kunit_case - one test case of a suite
 * @run_case: the test function
 * @name: name printed in the results
 * @generate_params: for parameterized cases, returns the parameter after
 *	@prev (the first one when @prev is NULL) or NULL at the end, and may
 *	write a description of at most %KUNIT_PARAM_DESC_SIZE bytes to @desc
 * @attr: attributes, e.g. the speed set by KUNIT_CASE_SLOW()
 *
 * A suite's array of cases ends with an empty element, ``{}``.
 */
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
	struct kunit_attributes attr;
};

/**
 * KUNIT_CASE - initialize a &struct kunit_case
 * @test_name: the test function, also used as the case name
 */
#define KUNIT_CASE(test_name) \
	{ .run_case = test_name, .name = #test_name }

/**
 * KUNIT_CASE_ATTR - a &struct kunit_case with attributes
 * @test_name: the test function, also used as the case name
 * @attributes: a &struct kunit_attributes
 */
#define KUNIT_CASE_ATTR(test_name, attributes) \
	{ .run_case = test_name, .name = #test_name, .attr = attributes }

/**
 * KUNIT_CASE_SLOW - a &struct kunit_case marked slow (longer timeout)
 * @test_name: the test function, also used as the case name
 */
#define KUNIT_CASE_SLOW(test_name) \
	{ .run_case = test_name, .name = #test_name, .attr.speed = KUNIT_SPEED_SLOW }

/**
 * KUNIT_CASE_PARAM - a parameterized &struct kunit_case
 * @test_name: the test function, also used as the case name
 * @gen_params: parameter generator, see &kunit_case.generate_params
 *
 * The case runs once per parameter, with &kunit.param_value set.
 */
#define KUNIT_CASE_PARAM(test_name, gen_params) \
	{ .run_case = test_name, .name = #test_name, .generate_params = gen_params }

/**
 * KUNIT_CASE_PARAM_ATTR - a parameterized &struct kunit_case with attributes
 * @test_name: the test function, also used as the case name
 * @gen_params: parameter generator
 * @attributes: a &struct kunit_attributes
 */
#define KUNIT_CASE_PARAM_ATTR(test_name, gen_params, attributes)		\
	{ .run_case = test_name, .name = #test_name,				\
	  .generate_params = gen_params, .attr = attributes }

/**
 * struct kunit_suite - a named set of test cases
 * @name: suite name
 * @suite_init: run once before the cases (in the runner process); a
 *	non-zero return fails every case without running it
 * @suite_exit: run once after the cases if @suite_init succeeded
 * @init: run before each case; a non-zero return fails the case
 * @exit: run after each case, even when it failed or aborted
 * @test_cases: cases, terminated by an empty element
 */
struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
};

void __kunit_register_suites(struct kunit_suite *const *suites, size_t count);

#define __KUNIT_PASTE(a, b) a##b
#define __KUNIT_UNIQUE(prefix, id) __KUNIT_PASTE(prefix, id)

#define __kunit_test_suites(id, ...)						\
	static struct kunit_suite *const __KUNIT_UNIQUE(__kunit_suites_, id)[] = \
		{ __VA_ARGS__ };						\
	static void __attribute__((constructor))				\
	__KUNIT_UNIQUE(__kunit_register_, id)(void)				\
	{									\
		__kunit_register_suites(__KUNIT_UNIQUE(__kunit_suites_, id),	\
			ARRAY_SIZE(__KUNIT_UNIQUE(__kunit_suites_, id)));	\
	}									\
	_Static_assert(ARRAY_SIZE(__KUNIT_UNIQUE(__kunit_suites_, id)) > 0,	\
		       "kunit_test_suites() needs a suite")

/**
 * kunit_test_suites - register test suites with the runner
 * @...: pointers to &struct kunit_suite
 *
 * Use at file scope, followed by a semicolon. Registration happens in a
 * constructor, so any number of test files can be linked into one
 * program; suites run in registration (link) order.
 */
#define kunit_test_suites(...) __kunit_test_suites(__COUNTER__, __VA_ARGS__)

/**
 * kunit_test_suite - register one test suite
 * @suite: a &struct kunit_suite (not a pointer)
 */
#define kunit_test_suite(suite) kunit_test_suites(&suite)

/* Init-section variants: identical in user space. */
#define kunit_test_init_section_suites(...) kunit_test_suites(__VA_ARGS__)
#define kunit_test_init_section_suite(suite) kunit_test_suite(suite)

/**
 * KUNIT_ARRAY_PARAM - define a parameter generator over an array
 * @name: prefix; defines name##_gen_params()
 * @array: array of parameters
 * @get_desc: void (*)(const T *param, char *desc) writing a description of
 *	at most %KUNIT_PARAM_DESC_SIZE bytes, or NULL for "param-<index>"
 */
#define KUNIT_ARRAY_PARAM(name, array, get_desc)				\
	static const void *name##_gen_params(const void *prev, char *desc)	\
	{									\
		typeof((array)[0]) *__next = prev ?				\
			((typeof(__next))prev) + 1 : (array);			\
		if ((size_t)(__next - (array)) < ARRAY_SIZE((array))) {		\
			void (*__get_desc)(typeof(__next), char *) = get_desc;	\
			if (__get_desc)						\
				__get_desc(__next, desc);			\
			return __next;						\
		}								\
		return NULL;							\
	}

/**
 * KUNIT_ARRAY_PARAM_DESC - parameter generator over an array of structs
 * @name: prefix; defines name##_gen_params()
 * @array: array of parameters
 * @desc_member: string member of the element used as its description
 */
#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)			\
	static const void *name##_gen_params(const void *prev, char *desc)	\
	{									\
		typeof((array)[0]) *__next = prev ?				\
			((typeof(__next))prev) + 1 : (array);			\
		if ((size_t)(__next - (array)) < ARRAY_SIZE((array))) {		\
			__kunit_copy_desc(desc, __next->desc_member);		\
			return __next;						\
		}								\
		return NULL;							\
	}

void __kunit_copy_desc(char *desc, const char *src);

/*
 * Managed resources.
 */

/**
 * typedef kunit_action_t - a deferred action
 * @ctx: the context given when the action was added
 */
typedef void (kunit_action_t)(void *ctx);

/**
 * KUNIT_DEFINE_ACTION_WRAPPER - wrap a one-argument function as an action
 * @wrapper: name of the wrapper to define
 * @orig: function taking one @arg_type argument
 * @arg_type: pointer type of the argument
 */
#define KUNIT_DEFINE_ACTION_WRAPPER(wrapper, orig, arg_type)			\
	static void wrapper(void *in)						\
	{									\
		arg_type arg = (arg_type)in;					\
		orig(arg);							\
	}

/**
 * kunit_add_action() - call @action(@ctx) when the test case ends
 * @test: the test case
 * @action: function to call
 * @ctx: its argument
 *
 * Actions run after the suite's exit hook, last added first, also when the
 * case failed an assertion or was skipped.
 *
 * Return: 0, or -ENOMEM (the action is then not registered).
 */
int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx);

/**
 * kunit_add_action_or_reset() - kunit_add_action(), running @action now
 *	if it cannot be registered
 * @test: the test case
 * @action: function to call
 * @ctx: its argument
 *
 * Return: 0, or -ENOMEM after @action(@ctx) has run.
 */
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *ctx);

/**
 * kunit_remove_action() - cancel a deferred action without running it
 * @test: the test case
 * @action: function given to kunit_add_action()
 * @ctx: context given to kunit_add_action()
 *
 * Removes the most recently added matching action, if any.
 */
void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *ctx);

/**
 * kunit_release_action() - run a deferred action now and remove it
 * @test: the test case
 * @action: function given to kunit_add_action()
 * @ctx: context given to kunit_add_action()
 */
void kunit_release_action(struct kunit *test, kunit_action_t *action, void *ctx);

void *__kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, bool zero);

/**
 * kunit_kmalloc_array() - allocate an array freed when the case ends
 * @test: the test case
 * @n: number of elements
 * @size: size of one element
 * @gfp: allocation flags; only __GFP_ZERO is honoured
 *
 * Return: the memory, or NULL if @n * @size overflows or memory is short.
 */
static inline void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size,
					gfp_t gfp)
{
	return __kunit_kmalloc_array(test, n, size, gfp & __GFP_ZERO);
}

/**
 * kunit_kmalloc() - allocate memory freed when the case ends
 * @test: the test case
 * @size: bytes
 * @gfp: allocation flags; only __GFP_ZERO is honoured
 *
 * Return: the memory or NULL.
 */
static inline void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, 1, size, gfp);
}

/**
 * kunit_kzalloc() - kunit_kmalloc() returning zeroed memory
 * @test: the test case
 * @size: bytes
 * @gfp: allocation flags
 *
 * Return: the memory or NULL.
 */
static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

/**
 * kunit_kcalloc() - kunit_kmalloc_array() returning zeroed memory
 * @test: the test case
 * @n: number of elements
 * @size: size of one element
 * @gfp: allocation flags
 *
 * Return: the memory or NULL.
 */
static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

/**
 * kunit_kfree() - free managed memory before the case ends
 * @test: the test case
 * @ptr: memory from kunit_kmalloc() and friends, or NULL
 *
 * Unlike the kernel, a pointer kunit does not manage fails the test
 * instead of leaking silently.
 */
void kunit_kfree(struct kunit *test, const void *ptr);

/**
 * kunit_kstrdup() - duplicate a string into managed memory
 * @test: the test case
 * @str: string, or NULL
 * @gfp: allocation flags
 *
 * Return: the copy, or NULL if @str is NULL or memory is short.
 */
char *kunit_kstrdup(struct kunit *test, const char *str, gfp_t gfp);

/*
 * Logging and status.
 */

void __kunit_printk(struct kunit *test, const char *level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void __kunit_log_raw(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void __kunit_mark_skipped(struct kunit *test, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void __kunit_fail_current_test(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void __kunit_abort(struct kunit *test) __attribute__((noreturn));

/**
 * kunit_log - print a raw line to the test output
 * @lvl: printk level, e.g. KERN_INFO (not printed)
 * @test_or_suite: the &struct kunit or &struct kunit_suite it belongs to
 * @fmt: printf format
 */
#define kunit_log(lvl, test_or_suite, fmt, ...) \
	((void)(test_or_suite), __kunit_log_raw(fmt, ##__VA_ARGS__))

/**
 * kunit_printk - print a "# name: message" diagnostic for a test case
 * @lvl: printk level, e.g. KERN_INFO
 * @test: the test case
 * @fmt: printf format
 */
#define kunit_printk(lvl, test, fmt, ...) \
	__kunit_printk(test, lvl, fmt, ##__VA_ARGS__)

/**
 * kunit_info - print an informational diagnostic
 * @test: the test case
 * @fmt: printf format
 */
#define kunit_info(test, fmt, ...) kunit_printk(KERN_INFO, test, fmt, ##__VA_ARGS__)

/**
 * kunit_warn - print a warning diagnostic
 * @test: the test case
 * @fmt: printf format
 */
#define kunit_warn(test, fmt, ...) kunit_printk(KERN_WARNING, test, fmt, ##__VA_ARGS__)

/**
 * kunit_err - print an error diagnostic (does not fail the test)
 * @test: the test case
 * @fmt: printf format
 */
#define kunit_err(test, fmt, ...) kunit_printk(KERN_ERR, test, fmt, ##__VA_ARGS__)

/**
 * kunit_mark_skipped - mark the case skipped and carry on
 * @test: the test case
 * @fmt: printf format of the reason
 */
#define kunit_mark_skipped(test, fmt, ...) \
	__kunit_mark_skipped(test, fmt, ##__VA_ARGS__)

/**
 * kunit_skip - mark the case skipped and end it (exit hook still runs)
 * @test: the test case
 * @fmt: printf format of the reason
 */
#define kunit_skip(test, fmt, ...)						\
	do {									\
		kunit_mark_skipped(test, fmt, ##__VA_ARGS__);			\
		__kunit_abort(test);						\
	} while (0)

/**
 * kunit_get_current_test() - the running test case
 *
 * Lets code under test report into the test (see kunit_fail_current_test()).
 *
 * Return: the &struct kunit of the running case, or NULL outside a case.
 */
struct kunit *kunit_get_current_test(void);

/**
 * kunit_fail_current_test - fail the running test case, if any
 * @fmt: printf format of the reason
 */
#define kunit_fail_current_test(fmt, ...) \
	__kunit_fail_current_test(__FILE__, __LINE__, fmt, ##__VA_ARGS__)

/*
 * Expectations and assertions. An expectation failure marks the case
 * failed and continues; an assertion failure also ends the case.
 */

/**
 * enum kunit_assert_type - what a failed check does
 * @KUNIT_ASSERTION: fail and end the case
 * @KUNIT_EXPECTATION: fail and continue
 */
enum kunit_assert_type {
	KUNIT_ASSERTION,
	KUNIT_EXPECTATION,
};

/**
 * struct kunit_loc - source location of a check
 * @line: line number
 * @file: file name
 */
struct kunit_loc {
	int line;
	const char *file;
};

/* Static description of one check, emitted once per use of a macro. */
struct __kunit_site {
	struct kunit_loc loc;
	enum kunit_assert_type type;
	const char *left;
	const char *op;
	const char *right;
};

enum {
	__KUNIT_VAL_SIGNED,
	__KUNIT_VAL_UNSIGNED,
	__KUNIT_VAL_FLOAT,
};

/* An operand of an integer/float comparison, kept for printing. */
struct __kunit_value {
	unsigned char kind;
	unsigned char size;
	union {
		unsigned long long u;
		double f;	/* not long double: keeps the struct's ABI simple */
	};
};

static inline struct __kunit_value __kunit_ival(unsigned long long v, bool is_signed,
						size_t size)
{
	struct __kunit_value r = {
		.kind = is_signed ? __KUNIT_VAL_SIGNED : __KUNIT_VAL_UNSIGNED,
		.size = (unsigned char)size,
		.u = v,
	};
	return r;
}

static inline struct __kunit_value __kunit_fval(double v, bool is_signed,
						size_t size)
{
	struct __kunit_value r = {
		.kind = __KUNIT_VAL_FLOAT,
		.size = (unsigned char)size,
		.f = v,
	};
	(void)is_signed;
	return r;
}

#define __KUNIT_IS_SIGNED(x) ((typeof(x))-1 < (typeof(x))1)

/* Capture @x with its signedness (or as floating point) for printing. */
#define __KUNIT_VALUE(x)							\
	_Generic((x),								\
		 float: __kunit_fval,						\
		 double: __kunit_fval,						\
		 long double: __kunit_fval,					\
		 default: __kunit_ival)((x), __KUNIT_IS_SIGNED(x), sizeof(x))

static inline bool __kunit_is_err_or_null(const void *ptr)
{
	return !ptr || (unsigned long)ptr >= (unsigned long)-4095;
}

bool __kunit_streq(const char *a, const char *b);
bool __kunit_memeq(const void *a, const void *b, size_t size);

void __kunit_fail_msg(struct kunit *test, const struct __kunit_site *site,
		      const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void __kunit_fail_bool(struct kunit *test, const struct __kunit_site *site, bool expected,
		       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void __kunit_fail_int(struct kunit *test, const struct __kunit_site *site,
		      struct __kunit_value left, struct __kunit_value right,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void __kunit_fail_ptr(struct kunit *test, const struct __kunit_site *site,
		      const void *left, const void *right,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void __kunit_fail_err_or_null(struct kunit *test, const struct __kunit_site *site,
			      const void *ptr, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void __kunit_fail_str(struct kunit *test, const struct __kunit_site *site,
		      const char *left, const char *right,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void __kunit_fail_mem(struct kunit *test, const struct __kunit_site *site,
		      const void *left, const void *right, size_t size,
		      const char *fmt, ...) __attribute__((format(printf, 6, 7)));

#define __KUNIT_SITE(type, left, op, right)					\
	static const struct __kunit_site __site = {				\
		{ __LINE__, __FILE__ }, type, left, op, right			\
	}

#define __KUNIT_END(test, type)							\
	do {									\
		if ((type) == KUNIT_ASSERTION)					\
			__kunit_abort(test);					\
	} while (0)

#define KUNIT_FAIL_ASSERTION(test, type, fmt, ...)				\
	do {									\
		__KUNIT_SITE(type, NULL, NULL, NULL);				\
		__kunit_fail_msg(test, &__site, fmt, ##__VA_ARGS__);		\
		__KUNIT_END(test, type);					\
	} while (0)

#define KUNIT_UNARY_ASSERTION(test, type, cond, expected, fmt, ...)		\
	do {									\
		__KUNIT_SITE(type, #cond, NULL, NULL);				\
		if ((bool)(cond) == (expected))					\
			break;							\
		__kunit_fail_bool(test, &__site, expected, fmt, ##__VA_ARGS__); \
		__KUNIT_END(test, type);					\
	} while (0)

/*
 * Operands are compared in their usual-arithmetic-conversion type, as a
 * plain "left op right" would, but without -Wsign-compare noise for the
 * common "size_t == int literal" case. Unary plus promotes bit-fields,
 * which typeof cannot take.
 */
#define KUNIT_BINARY_INT_ASSERTION(test, type, left, op, right, fmt, ...)	\
	do {									\
		const typeof(+(left)) __left = (left);				\
		const typeof(+(right)) __right = (right);			\
		typedef typeof(__left + __right) __kunit_common_t;		\
		__KUNIT_SITE(type, #left, #op, #right);				\
		if ((__kunit_common_t)__left op (__kunit_common_t)__right)	\
			break;							\
		__kunit_fail_int(test, &__site, __KUNIT_VALUE(__left),		\
				 __KUNIT_VALUE(__right), fmt, ##__VA_ARGS__);	\
		__KUNIT_END(test, type);					\
	} while (0)

#define KUNIT_BINARY_PTR_ASSERTION(test, type, left, op, right, fmt, ...)	\
	do {									\
		__auto_type __left = (left);					\
		__auto_type __right = (right);					\
		__KUNIT_SITE(type, #left, #op, #right);				\
		if (__left op __right)						\
			break;							\
		__kunit_fail_ptr(test, &__site, (const void *)__left,		\
				 (const void *)__right, fmt, ##__VA_ARGS__);	\
		__KUNIT_END(test, type);					\
	} while (0)

#define KUNIT_PTR_NOT_ERR_OR_NULL_ASSERTION(test, type, ptr, fmt, ...)		\
	do {									\
		const void *__ptr = (const void *)(ptr);			\
		__KUNIT_SITE(type, #ptr, NULL, NULL);				\
		if (!__kunit_is_err_or_null(__ptr))				\
			break;							\
		__kunit_fail_err_or_null(test, &__site, __ptr, fmt, ##__VA_ARGS__); \
		__KUNIT_END(test, type);					\
	} while (0)

#define KUNIT_BINARY_STR_ASSERTION(test, type, left, op, right, fmt, ...)	\
	do {									\
		const char *__left = (left);					\
		const char *__right = (right);					\
		__KUNIT_SITE(type, #left, #op, #right);				\
		if (__kunit_streq(__left, __right) == (0 op 0))			\
			break;							\
		__kunit_fail_str(test, &__site, __left, __right, fmt, ##__VA_ARGS__); \
		__KUNIT_END(test, type);					\
	} while (0)

#define KUNIT_MEM_ASSERTION(test, type, left, op, right, size, fmt, ...)	\
	do {									\
		const void *__left = (left);					\
		const void *__right = (right);					\
		const size_t __size = (size);					\
		__KUNIT_SITE(type, #left, #op, #right);				\
		if (__kunit_memeq(__left, __right, __size) == (0 op 0))	\
			break;							\
		__kunit_fail_mem(test, &__site, __left, __right, __size,	\
				 fmt, ##__VA_ARGS__);				\
		__KUNIT_END(test, type);					\
	} while (0)

/**
 * KUNIT_SUCCEED - a check that always passes (documents intent)
 * @test: the test case
 */
#define KUNIT_SUCCEED(test) ((void)(test))

/**
 * KUNIT_FAIL - fail the case with a message and continue
 * @test: the test case
 * @fmt: printf format
 */
#define KUNIT_FAIL(test, fmt, ...) \
	KUNIT_FAIL_ASSERTION(test, KUNIT_EXPECTATION, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_FAILURE - fail the case with a message and end it
 * @test: the test case
 * @fmt: printf format
 */
#define KUNIT_ASSERT_FAILURE(test, fmt, ...) \
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)

/*
 * KUNIT_EXPECT_<CHECK>(test, ...) and KUNIT_ASSERT_<CHECK>(test, ...) for
 * every check below; the _MSG forms take a printf format and arguments
 * that are printed after the failure report:
 *
 *   TRUE(cond), FALSE(cond)
 *   EQ, NE, LT, LE, GT, GE(left, right)      integer or floating operands
 *   PTR_EQ, PTR_NE(left, right)              pointers
 *   NULL(ptr), NOT_NULL(ptr), NOT_ERR_OR_NULL(ptr)
 *   STREQ, STRNEQ(left, right)               NUL-terminated strings
 *   MEMEQ, MEMNEQ(left, right, size)         byte ranges
 */
#define KUNIT_EXPECT_TRUE_MSG(test, cond, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_EXPECTATION, cond, true, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_TRUE(test, cond) KUNIT_EXPECT_TRUE_MSG(test, cond, NULL)
#define KUNIT_EXPECT_FALSE_MSG(test, cond, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_EXPECTATION, cond, false, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_FALSE(test, cond) KUNIT_EXPECT_FALSE_MSG(test, cond, NULL)

#define KUNIT_EXPECT_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_EQ(test, left, right) KUNIT_EXPECT_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NE(test, left, right) KUNIT_EXPECT_NE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, <, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LT(test, left, right) KUNIT_EXPECT_LT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_LE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, <=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_LE(test, left, right) KUNIT_EXPECT_LE_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, >, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GT(test, left, right) KUNIT_EXPECT_GT_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_GE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, >=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_GE(test, left, right) KUNIT_EXPECT_GE_MSG(test, left, right, NULL)

#define KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_EQ(test, left, right) KUNIT_EXPECT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_PTR_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_PTR_NE(test, left, right) KUNIT_EXPECT_PTR_NE_MSG(test, left, right, NULL)

#define KUNIT_EXPECT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NULL(test, ptr) KUNIT_EXPECT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, ptr, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_ASSERTION(test, KUNIT_EXPECTATION, ptr, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, ptr) KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)

#define KUNIT_EXPECT_STREQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STREQ(test, left, right) KUNIT_EXPECT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_EXPECT_STRNEQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_STRNEQ(test, left, right) KUNIT_EXPECT_STRNEQ_MSG(test, left, right, NULL)

#define KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, ==, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMEQ(test, left, right, size) \
	KUNIT_EXPECT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, left, !=, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_EXPECT_MEMNEQ(test, left, right, size) \
	KUNIT_EXPECT_MEMNEQ_MSG(test, left, right, size, NULL)

#define KUNIT_ASSERT_TRUE_MSG(test, cond, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_ASSERTION, cond, true, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_TRUE(test, cond) KUNIT_ASSERT_TRUE_MSG(test, cond, NULL)
#define KUNIT_ASSERT_FALSE_MSG(test, cond, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, KUNIT_ASSERTION, cond, false, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_FALSE(test, cond) KUNIT_ASSERT_FALSE_MSG(test, cond, NULL)

#define KUNIT_ASSERT_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_EQ(test, left, right) KUNIT_ASSERT_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NE(test, left, right) KUNIT_ASSERT_NE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, <, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LT(test, left, right) KUNIT_ASSERT_LT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_LE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, <=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_LE(test, left, right) KUNIT_ASSERT_LE_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GT_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, >, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GT(test, left, right) KUNIT_ASSERT_GT_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_GE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, >=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_GE(test, left, right) KUNIT_ASSERT_GE_MSG(test, left, right, NULL)

#define KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_EQ(test, left, right) KUNIT_ASSERT_PTR_EQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_PTR_NE_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_PTR_NE(test, left, right) KUNIT_ASSERT_PTR_NE_MSG(test, left, right, NULL)

#define KUNIT_ASSERT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, ==, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NULL(test, ptr) KUNIT_ASSERT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, ptr, !=, NULL, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, NULL)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, fmt, ...) \
	KUNIT_PTR_NOT_ERR_OR_NULL_ASSERTION(test, KUNIT_ASSERTION, ptr, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ptr) KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, ptr, NULL)

#define KUNIT_ASSERT_STREQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STREQ(test, left, right) KUNIT_ASSERT_STREQ_MSG(test, left, right, NULL)
#define KUNIT_ASSERT_STRNEQ_MSG(test, left, right, fmt, ...) \
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_STRNEQ(test, left, right) KUNIT_ASSERT_STRNEQ_MSG(test, left, right, NULL)

#define KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, ==, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMEQ(test, left, right, size) \
	KUNIT_ASSERT_MEMEQ_MSG(test, left, right, size, NULL)
#define KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, fmt, ...) \
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, left, !=, right, size, fmt, ##__VA_ARGS__)
#define KUNIT_ASSERT_MEMNEQ(test, left, right, size) \
	KUNIT_ASSERT_MEMNEQ_MSG(test, left, right, size, NULL)

/**
 * kunit_host_main() - run the registered suites and print KTAP
 * @argc: argument count
 * @argv: arguments: [--filter GLOB]... [--list] [--no-fork] [--timeout SECS]
 *
 * Called by tools/kunit/kunit_main.c's main(); a program with its own
 * main() may call it instead.
 *
 * Return: 0 if no case failed, 1 if one did, 2 on bad usage.
 */
int kunit_host_main(int argc, char **argv);

#endif /* _KUNIT_TEST_H */
