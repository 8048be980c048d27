/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user-space KUnit runtime's own declarations, shared by its files:
 * kunit.c runs the suites and prints KTAP, kunit_assert.c builds the
 * failure reports of KUNIT_EXPECT and KUNIT_ASSERT, kunit_resource.c keeps
 * each test's deferred actions and managed memory.
 */
#ifndef _KUNIT_RT_H_
#define _KUNIT_RT_H_

#include <kunit/test.h>

/* One deferred action of a test (kunit_add_action()). */
struct __kunit_action {
	kunit_action_t *fn;
	void *ctx;
	struct __kunit_action *next;
};

/* "# " diagnostic lines on stdout (kunit.c). */
void kunit_diag(int indent, const char *name, const char *text);
void __attribute__((format(printf, 3, 4)))
kunit_diagf(int indent, const char *name, const char *fmt, ...);

#endif /* _KUNIT_RT_H_ */
