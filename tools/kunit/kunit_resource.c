// SPDX-License-Identifier: GPL-2.0
/*
 * User-space KUnit: a test's deferred actions (kunit_add_action()) and
 * the memory kunit_kmalloc() hands it, freed by those actions after the
 * case (kunit_rt.h; kunit.c drains the list).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "kunit_rt.h"

/*
 * Deferred actions and managed memory: a LIFO list per test, drained
 * after the exit hook.
 */

int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct __kunit_action *a = malloc(sizeof(*a));

	if (!a)
		return -ENOMEM;
	a->fn = action;
	a->ctx = ctx;
	a->next = test->__actions;
	test->__actions = a;
	return 0;
}

int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *ctx)
{
	int ret = kunit_add_action(test, action, ctx);

	if (ret)
		action(ctx);
	return ret;
}

static struct __kunit_action *kunit_unlink_action(struct kunit *test,
						  kunit_action_t *action, void *ctx)
{
	for (struct __kunit_action **pp = &test->__actions; *pp; pp = &(*pp)->next) {
		struct __kunit_action *a = *pp;

		if (a->fn == action && a->ctx == ctx) {
			*pp = a->next;
			return a;
		}
	}
	return NULL;
}

void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	free(kunit_unlink_action(test, action, ctx));
}

void kunit_release_action(struct kunit *test, kunit_action_t *action, void *ctx)
{
	struct __kunit_action *a = kunit_unlink_action(test, action, ctx);

	if (a) {
		free(a);
		action(ctx);
	}
}

static void kunit_free_action(void *ptr)
{
	free(ptr);
}

void *__kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, bool zero)
{
	size_t bytes;
	void *p;

	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	p = zero ? calloc(1, bytes ? bytes : 1) : malloc(bytes ? bytes : 1);
	if (!p)
		return NULL;
	if (kunit_add_action(test, kunit_free_action, p)) {
		free(p);
		return NULL;
	}
	return p;
}

void kunit_kfree(struct kunit *test, const void *ptr)
{
	struct __kunit_action *a;

	if (!ptr)
		return;
	a = kunit_unlink_action(test, kunit_free_action, (void *)ptr);
	if (!a) {
		test->status = KUNIT_FAILURE;
		kunit_diagf(test->__indent, test->name,
			    "kunit_kfree(%p): not from kunit_kmalloc() or already freed", ptr);
		return;
	}
	free(a);
	free((void *)ptr);
}

char *kunit_kstrdup(struct kunit *test, const char *str, gfp_t gfp)
{
	size_t len;
	char *p;

	if (!str)
		return NULL;
	len = strlen(str) + 1;
	p = kunit_kmalloc(test, len, gfp & ~__GFP_ZERO);
	if (p)
		memcpy(p, str, len);
	return p;
}
