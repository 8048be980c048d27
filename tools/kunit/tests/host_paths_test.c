// SPDX-License-Identifier: GPL-2.0
/*
 * kunit/host_paths.h: paths next to the program, found above it, and in
 * $CORUN_SRCDIR. Each case runs in its own forked child, so setenv() and
 * chdir() do not leak into other cases.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kunit/host_paths.h>
#include <kunit/test.h>

/* This program is $(O)/tools/kunit/tests/kunit-selftest. */
#define SELF_NAME "kunit-selftest"

static void exe_path_self(struct kunit *test)
{
	char self[PATH_MAX], link[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", link, sizeof(link) - 1);

	KUNIT_ASSERT_GT(test, n, 0);
	link[n] = '\0';
	KUNIT_ASSERT_EQ(test, kunit_exe_path(self, sizeof(self), NULL), 0);
	KUNIT_EXPECT_STREQ(test, self, link);
	KUNIT_EXPECT_STREQ(test, strrchr(self, '/') + 1, SELF_NAME);
}

static void exe_path_relative(struct kunit *test)
{
	char self[PATH_MAX], want[PATH_MAX + 32], helper[PATH_MAX + 32];

	KUNIT_ASSERT_EQ(test, kunit_exe_path(self, sizeof(self), NULL), 0);
	*strrchr(self, '/') = '\0';
	snprintf(want, sizeof(want), "%s/kunit-meta-helper", self);
	KUNIT_ASSERT_EQ(
		test,
		kunit_exe_path(helper, sizeof(helper), "kunit-meta-helper"), 0);
	KUNIT_EXPECT_STREQ(test, helper, want);
	KUNIT_EXPECT_EQ(test, access(helper, X_OK), 0);
}

static void exe_path_too_long(struct kunit *test)
{
	char small[4];

	KUNIT_EXPECT_EQ(test, kunit_exe_path(small, sizeof(small), NULL),
			-ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, kunit_exe_path(small, sizeof(small), "x"),
			-ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, kunit_exe_path(small, 0, NULL), -ENAMETOOLONG);
}

/* The source tree is above the build tree, or the working directory. */
static void find_upwards_source(struct kunit *test)
{
	char path[PATH_MAX];

	KUNIT_ASSERT_EQ(test,
			kunit_find_upwards(path, sizeof(path),
					   "tools/kunit/host_paths.c", R_OK),
			0);
	KUNIT_EXPECT_EQ(test, access(path, R_OK), 0);
	KUNIT_EXPECT_EQ(test,
			kunit_find_upwards(path, sizeof(path),
					   "tools/kunit/host_paths.c", X_OK),
			-ENOENT);
	KUNIT_EXPECT_EQ(
		test,
		kunit_find_upwards(path, sizeof(path), "no/such/file.c", R_OK),
		-ENOENT);
}

/*
 * From / the working directory adds nothing; the program's directory
 * (tried first) still has the program.
 */
static void find_upwards_from_root(struct kunit *test)
{
	char path[PATH_MAX];

	KUNIT_ASSERT_EQ(test, chdir("/"), 0);
	KUNIT_EXPECT_EQ(test,
			kunit_find_upwards(path, sizeof(path), SELF_NAME, X_OK),
			0);
	KUNIT_EXPECT_EQ(
		test,
		kunit_find_upwards(path, sizeof(path), "no/such/file.c", R_OK),
		-ENOENT);
}

static void source_path_env(struct kunit *test)
{
	char dir[] = "/tmp/kunit-host-paths-XXXXXX", file[PATH_MAX];
	char path[PATH_MAX];
	FILE *f;

	KUNIT_ASSERT_NOT_NULL(test, mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/only-here.txt", dir);
	f = fopen(file, "w");
	KUNIT_ASSERT_NOT_NULL(test, f);
	fclose(f);

	KUNIT_EXPECT_EQ(test,
			kunit_source_path(path, sizeof(path), "only-here.txt"),
			-ENOENT);
	KUNIT_ASSERT_EQ(test, setenv("CORUN_SRCDIR", dir, 1), 0);
	KUNIT_EXPECT_EQ(test,
			kunit_source_path(path, sizeof(path), "only-here.txt"),
			0);
	KUNIT_EXPECT_STREQ(test, path, file);
	/* Not in $CORUN_SRCDIR: found above the program instead. */
	KUNIT_EXPECT_EQ(test,
			kunit_source_path(path, sizeof(path),
					  "tools/kunit/host_paths.c"),
			0);
	KUNIT_EXPECT_NE(test, strncmp(path, dir, strlen(dir)), 0);

	unlink(file);
	rmdir(dir);
}

static struct kunit_case host_paths_cases[] = { KUNIT_CASE(exe_path_self),
						KUNIT_CASE(exe_path_relative),
						KUNIT_CASE(exe_path_too_long),
						KUNIT_CASE(find_upwards_source),
						KUNIT_CASE(
							find_upwards_from_root),
						KUNIT_CASE(source_path_env),
						{} };

static struct kunit_suite kunit_host_paths_suite = {
	.name = "kunit_host_paths",
	.test_cases = host_paths_cases,
};

kunit_test_suite(kunit_host_paths_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit host runtime: test programs' paths");
MODULE_AUTHOR("corun");
