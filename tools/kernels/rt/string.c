// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * memcpy/memmove/memset/memcmp for device kernels: clang emits calls to
 * them even when freestanding (struct copies, array initialisers). Word
 * copies when both pointers are 4-byte aligned, since every misaligned
 * 32-bit access faults on the device.
 */
#include "rt.h"

void *RT_SYM(memcpy)(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
		for (; n >= 4; n -= 4, d += 4, s += 4)
			*(uint32_t *)d = *(const uint32_t *)s;
	}
	for (; n; n--)
		*d++ = *s++;
	return dst;
}

void *RT_SYM(memmove)(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return RT_SYM(memcpy)(dst, src, n);
	/* Overlap with dst above src: copy backwards. */
	d += n;
	s += n;
	if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
		for (; n >= 4; n -= 4) {
			d -= 4;
			s -= 4;
			*(uint32_t *)d = *(const uint32_t *)s;
		}
	}
	while (n--)
		*--d = *--s;
	return dst;
}

void *RT_SYM(memset)(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint32_t w = (unsigned char)c * 0x01010101u;

	for (; n && ((uintptr_t)d & 3); n--)
		*d++ = (unsigned char)c;
	for (; n >= 4; n -= 4, d += 4)
		*(uint32_t *)d = w;
	for (; n; n--)
		*d++ = (unsigned char)c;
	return dst;
}

int RT_SYM(memcmp)(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++) {
		if (*p != *q)
			return *p - *q;
	}
	return 0;
}
