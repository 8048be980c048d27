// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Freestanding runtime of the RV32 image: there is no libc, but clang may
 * still emit calls to memset/memcpy/memmove for struct copies and
 * zeroing, so provide them. Not part of the native test build, which
 * uses the host's libc.
 */
#include <stddef.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);

/*
 * Byte loops are enough for the firmware's small structures. -fno-builtin
 * (RV_CFLAGS) keeps clang from turning them back into calls to themselves.
 */
void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}
