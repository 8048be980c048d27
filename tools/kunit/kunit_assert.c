// SPDX-License-Identifier: GPL-2.0
/*
 * User-space KUnit: what a failed KUNIT_EXPECT or KUNIT_ASSERT prints,
 * with both operands' values (hex dumps for MEMEQ), and the comparisons
 * the macros call (kunit_rt.h, kunit.c).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kunit_rt.h"

/* Bytes of each operand a failed MEMEQ/MEMNEQ dumps at most. */
#define KUNIT_HEXDUMP_MAX	256

/*
 * Failure reports. The text is built in a memory stream and printed as
 * diagnostic lines, so multi-line values keep the KTAP output well formed.
 */

struct kunit_report_buf {
	FILE *f;
	char *buf;
	size_t len;
};

static FILE *kunit_report_begin(struct kunit_report_buf *rb, const struct __kunit_site *site)
{
	rb->buf = NULL;
	rb->f = open_memstream(&rb->buf, &rb->len);
	if (rb->f)
		fprintf(rb->f, "%s FAILED at %s:%d\n",
			site->type == KUNIT_ASSERTION ? "ASSERTION" : "EXPECTATION",
			site->loc.file, site->loc.line);
	return rb->f;
}

static void kunit_report_end(struct kunit *test, struct kunit_report_buf *rb,
			     const char *fmt, va_list ap)
{
	test->status = KUNIT_FAILURE;
	if (!rb->f) {
		kunit_diag(test->__indent, test->name, "FAILED (out of memory for the report)");
		return;
	}
	if (fmt) {
		vfprintf(rb->f, fmt, ap);
		fputc('\n', rb->f);
	}
	if (fclose(rb->f) == 0 && rb->buf)
		kunit_diag(test->__indent, test->name, rb->buf);
	else
		kunit_diag(test->__indent, test->name, "FAILED (out of memory for the report)");
	free(rb->buf);
}

static void kunit_put_value(FILE *f, const struct __kunit_value *v)
{
	unsigned long long mask = ~0ULL;

	if (v->size && v->size < sizeof(mask))
		mask = (1ULL << (v->size * 8)) - 1;
	switch (v->kind) {
	case __KUNIT_VAL_SIGNED:
		fprintf(f, "%lld (0x%llx)", (long long)v->u, v->u & mask);
		break;
	case __KUNIT_VAL_UNSIGNED:
		fprintf(f, "%llu (0x%llx)", v->u, v->u & mask);
		break;
	default:
		/* Enough digits to tell apart any two values of the type. */
		fprintf(f, "%.*g", v->size == sizeof(float) ? 9 : 17, v->f);
		break;
	}
}

static void kunit_put_ptr(FILE *f, const void *p)
{
	if (!p)
		fputs("NULL", f);
	else if (IS_ERR_VALUE((unsigned long)p))
		fprintf(f, "%p (ERR_PTR(%ld))", p, (long)p);
	else
		fprintf(f, "%p", p);
}

static void kunit_put_str(FILE *f, const char *s)
{
	if (!s) {
		fputs("NULL", f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* 16 bytes a line; bytes that differ from @other are shown as <xx>. */
static void kunit_put_hexdump(FILE *f, const unsigned char *mem,
			      const unsigned char *other, size_t start, size_t end)
{
	for (size_t i = start; i < end; i++) {
		bool differs = other && mem[i] != other[i];

		fputs((i - start) % 16 ? " " : i == start ? "        " : "\n        ", f);
		fprintf(f, differs ? "<%02x>" : "%02x", mem[i]);
	}
	fputc('\n', f);
}

bool __kunit_streq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

bool __kunit_memeq(const void *a, const void *b, size_t size)
{
	if (!size)
		return true;
	if (!a || !b)
		return a == b;
	return memcmp(a, b, size) == 0;
}

void __kunit_fail_msg(struct kunit *test, const struct __kunit_site *site,
		      const char *fmt, ...)
{
	struct kunit_report_buf rb;
	va_list ap;

	kunit_report_begin(&rb, site);
	va_start(ap, fmt);
	kunit_report_end(test, &rb, fmt, ap);
	va_end(ap);
}

void __kunit_fail_bool(struct kunit *test, const struct __kunit_site *site, bool expected,
		       const char *fmt, ...)
{
	struct kunit_report_buf rb;
	va_list ap;

	if (kunit_report_begin(&rb, site))
		fprintf(rb.f, "Expected %s to be %s, but is %s\n", site->left,
			expected ? "true" : "false", expected ? "false" : "true");
	va_start(ap, fmt);
	kunit_report_end(test, &rb, fmt, ap);
	va_end(ap);
}

/* The two sides of a failed comparison: "Expected L op R, but / L == ... / R == ..." */
static void put_left(FILE *f, const struct __kunit_site *site)
{
	fprintf(f, "Expected %s %s %s, but\n    %s == ", site->left, site->op, site->right,
		site->left);
}

static void put_right(FILE *f, const struct __kunit_site *site)
{
	fprintf(f, "\n    %s == ", site->right);
}

void __kunit_fail_int(struct kunit *test, const struct __kunit_site *site,
		      struct __kunit_value left, struct __kunit_value right,
		      const char *fmt, ...)
{
	struct kunit_report_buf rb;
	va_list ap;

	if (kunit_report_begin(&rb, site)) {
		put_left(rb.f, site);
		kunit_put_value(rb.f, &left);
		put_right(rb.f, site);
		kunit_put_value(rb.f, &right);
		fputc('\n', rb.f);
	}
	va_start(ap, fmt);
	kunit_report_end(test, &rb, fmt, ap);
	va_end(ap);
}

void __kunit_fail_ptr(struct kunit *test, const struct __kunit_site *site,
		      const void *left, const void *right, const char *fmt, ...)
{
	struct kunit_report_buf rb;
	va_list ap;

	if (kunit_report_begin(&rb, site)) {
		put_left(rb.f, site);
		kunit_put_ptr(rb.f, left);
		put_right(rb.f, site);
		kunit_put_ptr(rb.f, right);
		fputc('\n', rb.f);
	}
	va_start(ap, fmt);
	kunit_report_end(test, &rb, fmt, ap);
	va_end(ap);
}

void __kunit_fail_err_or_null(struct kunit *test, const struct __kunit_site *site,
			      const void *ptr, const char *fmt, ...)
{
	struct kunit_report_buf rb;
	va_list ap;

	if (kunit_report_begin(&rb, site)) {
		if (!ptr)
			fprintf(rb.f, "Expected %s is not null, but is\n", site->left);
		else
			fprintf(rb.f, "Expected %s is not error, but is: %ld\n", site->left,
				(long)ptr);
	}
	va_start(ap, fmt);
	kunit_report_end(test, &rb, fmt, ap);
	va_end(ap);
}

void __kunit_fail_str(struct kunit *test, const struct __kunit_site *site,
		      const char *left, const char *right, const char *fmt, ...)
{
	struct kunit_report_buf rb;
	va_list ap;

	if (kunit_report_begin(&rb, site)) {
		put_left(rb.f, site);
		kunit_put_str(rb.f, left);
		put_right(rb.f, site);
		kunit_put_str(rb.f, right);
		fputc('\n', rb.f);
	}
	va_start(ap, fmt);
	kunit_report_end(test, &rb, fmt, ap);
	va_end(ap);
}

void __kunit_fail_mem(struct kunit *test, const struct __kunit_site *site,
		      const void *left, const void *right, size_t size,
		      const char *fmt, ...)
{
	const unsigned char *l = left, *r = right;
	struct kunit_report_buf rb;
	size_t start = 0, end = size;
	va_list ap;

	if (kunit_report_begin(&rb, site)) {
		fprintf(rb.f, "Expected %s %s %s (%zu bytes), but\n", site->left, site->op,
			site->right, size);
		if (l && r && size > KUNIT_HEXDUMP_MAX) {
			/* Show the window around the first difference. */
			while (start < size && l[start] == r[start])
				start++;
			start = start < size ? start & ~(size_t)15 : 0;
			end = start + KUNIT_HEXDUMP_MAX < size ? start + KUNIT_HEXDUMP_MAX : size;
			fprintf(rb.f, "    (bytes %zu..%zu shown)\n", start, end - 1);
		}
		fprintf(rb.f, "    %s ==%s", site->left, l ? "\n" : " NULL\n");
		if (l)
			kunit_put_hexdump(rb.f, l, r, start, end);
		fprintf(rb.f, "    %s ==%s", site->right, r ? "\n" : " NULL\n");
		if (r)
			kunit_put_hexdump(rb.f, r, l, start, end);
	}
	va_start(ap, fmt);
	kunit_report_end(test, &rb, fmt, ap);
	va_end(ap);
}

