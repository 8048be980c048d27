// SPDX-License-Identifier: GPL-2.0
/*
 * Host test programs' files: next to the program (/proc/self/exe) or in
 * a directory above it (kunit/host_paths.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kunit/host_paths.h>

/* The running program's directory in @dir (PATH_MAX bytes). */
static int exe_dir(char *dir)
{
	ssize_t n = readlink("/proc/self/exe", dir, PATH_MAX - 1);
	char *slash;

	if (n <= 0)
		return n < 0 ? -errno : -ENOENT;
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (!slash)
		return -ENOENT;
	*slash = '\0';
	return 0;
}

static int join(char *out, size_t size, const char *dir, const char *rel)
{
	int n = snprintf(out, size, "%s/%s", dir, rel);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int kunit_exe_path(char *out, size_t size, const char *rel)
{
	ssize_t n;
	char dir[PATH_MAX];
	int ret;

	if (rel) {
		ret = exe_dir(dir);
		return ret ? ret : join(out, size, dir, rel);
	}
	if (!size)
		return -ENAMETOOLONG;
	n = readlink("/proc/self/exe", out, size);
	if (n < 0)
		return -errno;
	if ((size_t)n >= size)
		return -ENAMETOOLONG;
	out[n] = '\0';
	return 0;
}

/* @rel in @dir or one of its parents; @dir is consumed. */
static int search_up(char *dir, char *out, size_t size, const char *rel,
		     int mode)
{
	char *slash;

	for (;;) {
		/* "" is the root: "/@rel" */
		if (!join(out, size, dir, rel) && !access(out, mode))
			return 0;
		slash = strrchr(dir, '/');
		if (!slash)
			return -ENOENT;
		*slash = '\0';
	}
}

int kunit_find_upwards(char *out, size_t size, const char *rel, int mode)
{
	char dir[PATH_MAX];
	int ret = exe_dir(dir);

	if (ret)
		return ret;
	if (!search_up(dir, out, size, rel, mode))
		return 0;
	if (!getcwd(dir, sizeof(dir)))
		return -ENOENT;
	return search_up(dir, out, size, rel, mode);
}

int kunit_source_path(char *out, size_t size, const char *rel)
{
	const char *src = getenv("CORUN_SRCDIR");

	if (src && *src && !join(out, size, src, rel) && !access(out, R_OK))
		return 0;
	return kunit_find_upwards(out, size, rel, R_OK);
}
