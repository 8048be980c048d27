/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host test programs: files found relative to the running program
 * (which lives in the build tree, $(O)/...) or in the source tree above
 * it. Not part of the kernel's KUnit API; host-only test code uses it.
 */
#ifndef _KUNIT_HOST_PATHS_H
#define _KUNIT_HOST_PATHS_H

#include <stddef.h>

/**
 * kunit_exe_path() - a path next to the running test program
 * @out: result
 * @size: size of @out
 * @rel: path relative to the program's directory (e.g. "../corun-fw.bin"),
 *	 or NULL for the program's own path
 *
 * Return: 0, or -errno (-ENAMETOOLONG when the result does not fit).
 * The file is not checked for existence.
 */
int kunit_exe_path(char *out, size_t size, const char *rel);

/**
 * kunit_find_upwards() - a file in the program's directory or above it
 * @out: result, "<dir>/@rel" for the first directory that has it
 * @size: size of @out
 * @rel: path to look for, relative to each directory tried
 * @mode: access(2) mode the file must allow (R_OK, X_OK)
 *
 * Tries the program's directory and each of its parents, then the
 * working directory and each of its parents.
 *
 * Return: 0 when found, else -ENOENT (or -errno from reading the
 * program's path).
 */
int kunit_find_upwards(char *out, size_t size, const char *rel, int mode);

/**
 * kunit_source_path() - a readable file of the source tree
 * @out: result
 * @size: size of @out
 * @rel: path relative to the top of the source tree
 *
 * $CORUN_SRCDIR/@rel when $CORUN_SRCDIR is set and has it, else as
 * kunit_find_upwards() finds it (the build tree is usually inside the
 * source tree).
 *
 * Return: 0 when found, else -ENOENT.
 */
int kunit_source_path(char *out, size_t size, const char *rel);

#endif /* _KUNIT_HOST_PATHS_H */
