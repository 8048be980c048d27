// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of the runtime's reporting: run kunit-meta-helper (failing,
 * crashing, hanging and skipping cases) and tools/testing/run-tests as
 * subprocesses and check what they print and return.
 *
 * The helper is found next to this program (/proc/self/exe) unless
 * $KUNIT_META_HELPER names it; run-tests is found by walking up from this
 * program's directory, then the current one, unless $KUNIT_RUN_TESTS
 * names it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <kunit/host_paths.h>
#include <kunit/test.h>

#if defined(__SANITIZE_ADDRESS__)
#define META_SAN 1
#else
#define META_SAN 0
#endif

struct prog_run {
	char *out;
	char *err;
	int status;
};

static char meta_helper[PATH_MAX];
static char run_tests_path[PATH_MAX];
static char meta_self[PATH_MAX];
/* The helper run most cases check: all but meta_timeout and meta_stray. */
static struct prog_run main_run;

static char *slurp(FILE *f)
{
	long len = -1;
	char *buf;

	if (!fseek(f, 0, SEEK_END))
		len = ftell(f);
	if (len < 0 || fseek(f, 0, SEEK_SET))
		return NULL;
	buf = malloc(len + 1);
	if (buf && fread(buf, 1, len, f) != (size_t)len) {
		free(buf);
		return NULL;
	}
	if (buf)
		buf[len] = '\0';
	return buf;
}

/*
 * Run @argv with stdout and stderr captured. @env holds "NAME=value"
 * entries; the caller's KUNIT_FILTER and KUNIT_TIMEOUT are dropped first
 * so they cannot change the child's results.
 */
static int run_prog(char *const argv[], const char *const env[], struct prog_run *r)
{
	FILE *out = tmpfile(), *err = tmpfile();
	int ret = -1;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	if (!out || !err)
		goto close;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		goto close;
	if (pid == 0) {
		int nul = open("/dev/null", O_RDONLY);

		if (nul < 0 || dup2(nul, 0) < 0 || dup2(fileno(out), 1) < 0 ||
		    dup2(fileno(err), 2) < 0)
			_exit(126);
		unsetenv("KUNIT_FILTER");
		unsetenv("KUNIT_TIMEOUT");
		for (; env && *env; env++)
			putenv((char *)*env);
		execv(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &r->status, 0) < 0)
		if (errno != EINTR)
			goto close;
	r->out = slurp(out);
	r->err = slurp(err);
	ret = r->out && r->err ? 0 : -1;
close:
	if (out)
		fclose(out);
	if (err)
		fclose(err);
	return ret;
}

static void free_run(void *ptr)
{
	struct prog_run *r = ptr;

	free(r->out);
	free(r->err);
	r->out = NULL;
	r->err = NULL;
}

/* Run, register the cleanup, and stop the case if it could not be run. */
#define RUN(test, r, env, ...)							\
	do {									\
		char *const __argv[] = { __VA_ARGS__, NULL };			\
		KUNIT_ASSERT_EQ_MSG(test, run_prog(__argv, env, r), 0,		\
				    "cannot run %s", __argv[0]);		\
		KUNIT_ASSERT_EQ(test, kunit_add_action(test, free_run, r), 0);	\
	} while (0)

static bool exited_with(const struct prog_run *r, int code)
{
	return WIFEXITED(r->status) && WEXITSTATUS(r->status) == code;
}

/* 0-based number of the line of @out equal to @line, or -1. */
static int line_no(const char *out, const char *line)
{
	size_t len = strlen(line);
	int no = 0;

	for (const char *p = out; *p; no++) {
		const char *nl = strchrnul(p, '\n');

		if ((size_t)(nl - p) == len && !strncmp(p, line, len))
			return no;
		p = *nl ? nl + 1 : nl;
	}
	return -1;
}

static bool line_before(const char *out, const char *first, const char *second)
{
	int a = line_no(out, first), b = line_no(out, second);

	return a >= 0 && b >= 0 && a < b;
}

static const char *last_line(const char *out, char *buf, size_t size)
{
	size_t len = strlen(out);
	const char *start;

	while (len && out[len - 1] == '\n')
		len--;
	start = out + len;
	while (start > out && start[-1] != '\n')
		start--;
	snprintf(buf, size, "%.*s", (int)(out + len - start), start);
	return buf;
}

/* snprintf() into an array, ending the case if it does not fit. */
#define SPRINTF(test, buf, fmt, ...)						\
	KUNIT_ASSERT_LT_MSG(test, snprintf(buf, sizeof(buf), fmt, __VA_ARGS__),	\
			    (int)sizeof(buf), "%s truncated", #buf)

#define EXPECT_LINE(test, out, line) \
	KUNIT_EXPECT_GE_MSG(test, line_no(out, line), 0, "no line '%s'", line)
#define EXPECT_NO_TEXT(test, out, text) \
	KUNIT_EXPECT_NULL_MSG(test, strstr(out, text), "unexpected '%s'", text)
#define EXPECT_TEXT(test, out, text) \
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(out, text), "no '%s'", text)
#define EXPECT_BEFORE(test, out, first, second)					\
	KUNIT_EXPECT_TRUE_MSG(test, line_before(out, first, second),		\
			      "no '%s' before '%s'", first, second)
#define EXPECT_LAST_LINE(test, out, line)					\
	do {									\
		char __buf[256];						\
		KUNIT_EXPECT_STREQ(test, last_line(out, __buf, sizeof(__buf)), line); \
	} while (0)

/* On failure, show what the program printed, as diagnostic lines. */
static void dump_on_failure(struct kunit *test, const struct prog_run *r)
{
	if (test->status != KUNIT_FAILURE || !r->out)
		return;
	kunit_info(test, "program stdout:\n%s", r->out);
	kunit_info(test, "program stderr:\n%s", r->err);
}

/*
 * Minimal KTAP version 1 structure check: each nesting level (4 spaces)
 * has a version line and a plan, results are numbered 1..plan, and a
 * subtest is complete when its parent's result line comes.
 */
#define KTAP_MAX_DEPTH 4

static void check_ktap(struct kunit *test, const char *out)
{
	struct {
		bool open;
		int plan;
		int seen;
	} lvl[KTAP_MAX_DEPTH + 1] = { 0 };
	bool done = false;
	int lineno = 0;

	for (const char *p = out; *p; lineno++) {
		const char *nl = strchrnul(p, '\n');
		char line[512];
		const char *s;
		int indent = 0, d, n;

		snprintf(line, sizeof(line), "%.*s", (int)(nl - p), p);
		p = *nl ? nl + 1 : nl;
		while (line[indent] == ' ')
			indent++;
		s = line + indent;
		d = indent / 4;
		KUNIT_ASSERT_FALSE_MSG(test, done, "line %d after the summary: %s", lineno, line);
		if (!strncmp(s, "# ", 2) || !strcmp(s, "#"))
			continue;
		KUNIT_ASSERT_TRUE_MSG(test, indent % 4 == 0 && d <= KTAP_MAX_DEPTH,
				      "line %d: bad indent: %s", lineno, line);
		if (!strcmp(s, "KTAP version 1")) {
			KUNIT_ASSERT_TRUE_MSG(test, d == 0 || lvl[d - 1].open,
					      "line %d: orphan subtest", lineno);
			lvl[d].open = true;
			lvl[d].plan = -1;
			lvl[d].seen = 0;
		} else if (sscanf(s, "1..%d", &n) == 1) {
			KUNIT_ASSERT_TRUE_MSG(test, lvl[d].open && lvl[d].plan < 0,
					      "line %d: misplaced plan", lineno);
			lvl[d].plan = n;
		} else if (sscanf(s, "ok %d ", &n) == 1 || sscanf(s, "not ok %d ", &n) == 1) {
			KUNIT_ASSERT_TRUE_MSG(test, lvl[d].open && lvl[d].plan >= 0,
					      "line %d: result outside a test", lineno);
			KUNIT_ASSERT_EQ_MSG(test, n, lvl[d].seen + 1, "line %d: numbering",
					    lineno);
			lvl[d].seen++;
			if (d < KTAP_MAX_DEPTH && lvl[d + 1].open) {
				KUNIT_ASSERT_EQ_MSG(test, lvl[d + 1].seen, lvl[d + 1].plan,
						    "line %d: subtest incomplete", lineno);
				lvl[d + 1].open = false;
			}
		} else {
			unsigned long a, b;

			KUNIT_ASSERT_TRUE_MSG(test, d == 0 &&
					      sscanf(s, "%lu passed, %lu failed", &a, &b) == 2,
					      "line %d: not KTAP: %s", lineno, line);
			done = true;
		}
	}
	KUNIT_EXPECT_TRUE_MSG(test, done, "no summary line");
	KUNIT_EXPECT_TRUE(test, lvl[0].open);
	KUNIT_EXPECT_EQ(test, lvl[0].seen, lvl[0].plan);
	for (int d = 1; d <= KTAP_MAX_DEPTH; d++)
		KUNIT_EXPECT_FALSE_MSG(test, lvl[d].open, "level %d left open", d);
}

static bool executable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

static int meta_suite_init(struct kunit_suite *suite)
{
	char *argv[] = { meta_helper, "--filter", "meta_results", "--filter", "meta_*init_fail",
			 "--filter", "meta_pass", "--filter", "meta_sanitizer", NULL };
	const char *env;
	int ret;

	(void)suite;
	ret = kunit_exe_path(meta_self, sizeof(meta_self), NULL);
	if (ret)
		return ret;

	env = getenv("KUNIT_META_HELPER");
	if (env && *env)
		ret = snprintf(meta_helper, sizeof(meta_helper), "%s", env) >=
		      (int)sizeof(meta_helper);
	else
		ret = kunit_exe_path(meta_helper, sizeof(meta_helper), "kunit-meta-helper");
	if (ret || !executable(meta_helper)) {
		fprintf(stderr, "kunit_meta: no helper at %s\n", meta_helper);
		return -ENOENT;
	}

	env = getenv("KUNIT_RUN_TESTS");
	if (env && *env) {
		if (snprintf(run_tests_path, sizeof(run_tests_path), "%s", env) >=
		    (int)sizeof(run_tests_path))
			run_tests_path[0] = '\0';
	} else if (kunit_find_upwards(run_tests_path, sizeof(run_tests_path),
				      "tools/testing/run-tests", X_OK)) {
		run_tests_path[0] = '\0';
	}

	return run_prog(argv, NULL, &main_run) ? -EIO : 0;
}

static void meta_suite_exit(struct kunit_suite *suite)
{
	(void)suite;
	free_run(&main_run);
}

/* (a) A failed expectation is "not ok", shows both values, continues. */
static void meta_expect_reported(struct kunit *test)
{
	const char *out = main_run.out;

	EXPECT_LINE(test, out, "    ok 1 pass_case");
	EXPECT_TEXT(test, out, "\n    # expect_eq_fail: EXPECTATION FAILED at "
		    "tools/kunit/tests/kunit_meta_helper.c:");
	EXPECT_LINE(test, out, "    # Expected a == b, but");
	EXPECT_LINE(test, out, "    #     a == 1 (0x1)");
	EXPECT_LINE(test, out, "    #     b == 2 (0x2)");
	EXPECT_BEFORE(test, out, "    #     b == 2 (0x2)",
		      "    # expect_eq_fail: still running after a failed expectation");
	EXPECT_BEFORE(test, out, "    # expect_eq_fail: still running after a failed expectation",
		      "    not ok 2 expect_eq_fail");
	dump_on_failure(test, &main_run);
}

/* (b) A failed assertion ends the case; the exit hook still runs. */
static void meta_assert_aborts(struct kunit *test)
{
	const char *out = main_run.out;

	EXPECT_TEXT(test, out, "\n    # assert_aborts: ASSERTION FAILED at ");
	EXPECT_LINE(test, out, "    #     x == 4 (0x4)");
	EXPECT_LINE(test, out, "    #     3 == 3 (0x3)");
	EXPECT_LINE(test, out, "    # x was 4");
	EXPECT_NO_TEXT(test, out, "NOT REACHED after assert");
	EXPECT_BEFORE(test, out, "    # assert_aborts: exit hook ran",
		      "    not ok 3 assert_aborts");
	dump_on_failure(test, &main_run);
}

/* (c) Crashes and exit() fail only their own case. */
static void meta_crash_isolated(struct kunit *test)
{
	const char *out = main_run.out;

	EXPECT_LINE(test, out, "    # segv_case: about to fault");
	if (META_SAN)
		EXPECT_LINE(test, out, "    # segv_case: exited with status 1 without reporting a "
			    "result (exit() or sanitizer error?)");
	else
		EXPECT_LINE(test, out,
			    "    # segv_case: killed by signal 11 (SIGSEGV: Segmentation fault)");
	EXPECT_NO_TEXT(test, out, "NOT REACHED after fault");
	EXPECT_NO_TEXT(test, out, "# segv_case: exit hook ran");
	EXPECT_LINE(test, out, "    not ok 4 segv_case");
	EXPECT_LINE(test, out, "    # after_segv: exit hook ran");
	EXPECT_LINE(test, out, "    ok 5 after_segv");
	EXPECT_LINE(test, out, "    # abort_case: killed by signal 6 (SIGABRT: Aborted)");
	EXPECT_LINE(test, out, "    not ok 6 abort_case");
	EXPECT_LINE(test, out, "    # exit_case: exited with status 3 without reporting a "
		    "result (exit() or sanitizer error?)");
	EXPECT_LINE(test, out, "    not ok 12 exit_case");
	EXPECT_LINE(test, out, "    ok 1 pass_one");
	dump_on_failure(test, &main_run);
}

/* (d) Skips are "ok ... # SKIP reason"; kunit_skip() ends the case. */
static void meta_skip_reported(struct kunit *test)
{
	const char *out = main_run.out;

	EXPECT_LINE(test, out, "    ok 7 skip_case # SKIP not supported here");
	EXPECT_NO_TEXT(test, out, "NOT REACHED after skip");
	EXPECT_BEFORE(test, out, "    # skip_case: exit hook ran",
		      "    ok 7 skip_case # SKIP not supported here");
	EXPECT_LINE(test, out, "    # mark_skipped_case: still running after kunit_mark_skipped");
	EXPECT_LINE(test, out, "    ok 8 mark_skipped_case # SKIP marked");
	EXPECT_LINE(test, out, "    ok 3 skip_one # SKIP skipped on purpose");
	EXPECT_LINE(test, out, "ok 4 meta_pass");
	if (!META_SAN)
		EXPECT_LINE(test, out, "ok 5 meta_sanitizer # SKIP");
	dump_on_failure(test, &main_run);
}

/* (e) Per-suite and final counts, and the exit status. */
static void meta_summary(struct kunit *test)
{
	const char *out = main_run.out;

	EXPECT_LINE(test, out, "KTAP version 1");
	EXPECT_LINE(test, out, "1..5");
	EXPECT_LINE(test, out, "# meta_results: pass:4 fail:10 skip:2 total:16");
	EXPECT_LINE(test, out, "not ok 1 meta_results");
	EXPECT_LINE(test, out, "# meta_pass: pass:2 fail:0 skip:1 total:3");
	if (META_SAN) {
		EXPECT_LINE(test, out, "# Totals: pass:6 fail:16 skip:3 total:25");
		EXPECT_LAST_LINE(test, out, "6 passed, 16 failed, 3 skipped");
	} else {
		EXPECT_LINE(test, out, "# Totals: pass:6 fail:13 skip:6 total:25");
		EXPECT_LAST_LINE(test, out, "6 passed, 13 failed, 6 skipped");
	}
	KUNIT_EXPECT_TRUE_MSG(test, exited_with(&main_run, 1), "status 0x%x", main_run.status);
	dump_on_failure(test, &main_run);
}

static void meta_params_reported(struct kunit *test)
{
	static const char *const block[] = {
		"        KTAP version 1",
		"        # Subtest: param_case",
		"        1..3",
		"        # param_case: exit hook ran",
		"        ok 1 one",
	};
	const char *out = main_run.out;
	int first = line_no(out, block[0]);

	KUNIT_ASSERT_GE(test, first, 0);
	for (size_t i = 1; i < ARRAY_SIZE(block); i++)
		KUNIT_EXPECT_EQ_MSG(test, line_no(out, block[i]), first + (int)i, "%s", block[i]);
	/* Diagnostics of a parameter run are indented with it. */
	EXPECT_LINE(test, out, "        # Expected *p != 2, but");
	EXPECT_LINE(test, out, "        #     *p == 2 (0x2)");
	EXPECT_LINE(test, out, "        not ok 2 two");
	EXPECT_LINE(test, out, "        ok 3 three");
	EXPECT_BEFORE(test, out, "        ok 3 three",
		      "    # param_case: pass:2 fail:1 skip:0 total:3");
	EXPECT_LINE(test, out, "    not ok 9 param_case");
	dump_on_failure(test, &main_run);
}

static void meta_values_printed(struct kunit *test)
{
	static const char *const lines[] = {
		"    #     neg == -5 (0xfffffffb)",
		"    #     big == 18446744073709551615 (0xffffffffffffffff)",
		"    #     uc == 200 (0xc8)",
		"    #     sz == 3 (0x3)",
		"    #     -1 == -1 (0xffffffff)",
		"    #     d == 0.5",
		"    #     0.25 == 0.25",
		"    # Expected flag to be true, but is false",
		"    # Expected !flag to be false, but is true",
		"    # Expected &a == &b, but",
		"    # Expected nullp != NULL, but",
		"    #     nullp == NULL",
		"    # Expected errp is not error, but is: -12",
		"    # Expected x == y (4 bytes), but",
		"    #         01 02 <03> 04",
		"    #         01 02 <09> 04",
		"    # Expected x != x (4 bytes), but",
		"    #         01 02 03 04",
		"    #     esc == \"fo\\\"o\\n\"",
		"    # Expected same != \"same\", but",
		"    # neg is -5",
		"    not ok 11 value_print",
		"    # custom failure 42",
		"    #     s == \"foo\"",
		"    #     \"bar\" == \"bar\"",
		"    # context here",
		"    not ok 10 fail_msg_case",
	};
	const char *out = main_run.out;

	for (size_t i = 0; i < ARRAY_SIZE(lines); i++)
		EXPECT_LINE(test, out, lines[i]);
	dump_on_failure(test, &main_run);
}

static void meta_hook_failures(struct kunit *test)
{
	const char *out = main_run.out;

	EXPECT_LINE(test, out, "    # init_fails: initialization failed (-22)");
	EXPECT_LINE(test, out, "    # init_fails: exit ran after failed init");
	EXPECT_LINE(test, out, "    not ok 1 init_fails");
	EXPECT_LINE(test, out, "    # meta_suite_init_fail: suite_init failed (-19)");
	EXPECT_LINE(test, out, "    not ok 1 never_runs_a");
	EXPECT_LINE(test, out, "    not ok 2 never_runs_b");
	EXPECT_LINE(test, out, "not ok 3 meta_suite_init_fail");
	EXPECT_NO_TEXT(test, out, "BODY RAN");
	EXPECT_NO_TEXT(test, out, "SUITE EXIT RAN");
	EXPECT_TEXT(test, out, "\n    # double_kfree: kunit_kfree(");
	EXPECT_TEXT(test, out, "): not from kunit_kmalloc() or already freed\n");
	EXPECT_LINE(test, out, "    not ok 13 double_kfree");
	EXPECT_TEXT(test, out, "\n    # fail_current: tools/kunit/tests/kunit_meta_helper.c:");
	EXPECT_TEXT(test, out, ": reported from code under test (7)\n");
	EXPECT_LINE(test, out, "    not ok 14 fail_current");
	EXPECT_LINE(test, out, "    # raw log 7");
	dump_on_failure(test, &main_run);
}

static void meta_ktap_well_formed(struct kunit *test)
{
	check_ktap(test, main_run.out);
	dump_on_failure(test, &main_run);
}

static void meta_sanitizers(struct kunit *test)
{
	const char *out = main_run.out;

	if (!META_SAN) {
		EXPECT_LINE(test, out, "    ok 1 heap_overflow # SKIP needs SAN=1");
		EXPECT_LINE(test, out, "    ok 2 leak # SKIP needs SAN=1");
		EXPECT_LINE(test, out, "    ok 3 signed_overflow # SKIP needs SAN=1");
		dump_on_failure(test, &main_run);
		return;
	}
	EXPECT_LINE(test, out, "    not ok 1 heap_overflow");
	EXPECT_LINE(test, out, "    # leak: memory leaked: see the LeakSanitizer report on stderr");
	EXPECT_LINE(test, out, "    not ok 2 leak");
	EXPECT_LINE(test, out, "    not ok 3 signed_overflow");
	EXPECT_TEXT(test, main_run.err, "ERROR: LeakSanitizer: detected memory leaks");
	EXPECT_TEXT(test, main_run.err, "runtime error: signed integer overflow");
	dump_on_failure(test, &main_run);
}

static void meta_timeout(struct kunit *test)
{
	static const char *const env_1s[] = { "KUNIT_TIMEOUT=1", NULL };
	static const char *const env_long[] = { "KUNIT_TIMEOUT=1000", NULL };
	static struct prog_run r, r2;

	/* slow_case sleeps 1.5 s: over the timeout, within the 5x of a slow case. */
	RUN(test, &r, env_1s, meta_helper, "--filter", "meta_timeout");
	EXPECT_LINE(test, r.out, "    # hang_case: timed out after 1 s");
	EXPECT_LINE(test, r.out, "    not ok 1 hang_case");
	EXPECT_LINE(test, r.out, "    ok 2 slow_case");
	EXPECT_LAST_LINE(test, r.out, "1 passed, 1 failed");
	KUNIT_EXPECT_TRUE(test, exited_with(&r, 1));
	check_ktap(test, r.out);
	dump_on_failure(test, &r);

	/* --timeout wins over $KUNIT_TIMEOUT. */
	RUN(test, &r2, env_long, meta_helper, "--timeout", "0.3", "--filter",
	    "meta_timeout.hang_case");
	EXPECT_LINE(test, r2.out, "    # hang_case: timed out after 0.3 s");
	EXPECT_LAST_LINE(test, r2.out, "0 passed, 1 failed");
	dump_on_failure(test, &r2);
}

/* A process a case leaves behind is killed when the case ends. */
static void meta_stray_killed(struct kunit *test)
{
	static struct prog_run r;
	char path[64], stat[256] = "", *name;
	const char *line;
	FILE *f;
	int pid;

	RUN(test, &r, NULL, meta_helper, "--filter", "meta_stray");
	EXPECT_LINE(test, r.out, "    ok 1 stray_process");
	line = strstr(r.out, "# stray_process: stray pid ");
	KUNIT_ASSERT_NOT_NULL(test, line);
	KUNIT_ASSERT_EQ(test, sscanf(line, "# stray_process: stray pid %d", &pid), 1);
	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	/*
	 * SIGKILL is sent when the case ends, but the stray may still show
	 * as running until it is scheduled to die: give it up to 2 s.
	 */
	for (int i = 0; i < 200; i++) {
		stat[0] = '\0';
		f = fopen(path, "r");
		if (f) {
			if (!fgets(stat, sizeof(stat), f))
				stat[0] = '\0';
			fclose(f);
		}
		name = strstr(stat, "(kunit-stray) ");
		if (!name || name[strlen("(kunit-stray) ")] == 'Z')
			break;
		usleep(10000);
	}
	/* Gone, a zombie not yet reaped by init, or the pid was reused. */
	name = strstr(stat, "(kunit-stray) ");
	if (name)
		KUNIT_EXPECT_EQ_MSG(test, name[strlen("(kunit-stray) ")], 'Z', "%s", stat);
	dump_on_failure(test, &r);
}

static void meta_no_fork(struct kunit *test)
{
	static struct prog_run r;

	RUN(test, &r, NULL, meta_helper, "--no-fork", "--filter", "meta_pass",
	    "--filter", "meta_results.expect_eq_fail", "--filter", "meta_results.assert_aborts",
	    "--filter", "meta_results.skip_case", "--filter", "meta_results.param_case");
	EXPECT_LINE(test, r.out, "1..2");
	EXPECT_LINE(test, r.out, "    1..4");
	EXPECT_LINE(test, r.out, "    #     b == 2 (0x2)");
	EXPECT_LINE(test, r.out, "    not ok 1 expect_eq_fail");
	EXPECT_BEFORE(test, r.out, "    # assert_aborts: exit hook ran",
		      "    not ok 2 assert_aborts");
	EXPECT_NO_TEXT(test, r.out, "NOT REACHED");
	EXPECT_LINE(test, r.out, "    ok 3 skip_case # SKIP not supported here");
	EXPECT_LINE(test, r.out, "        not ok 2 two");
	EXPECT_LINE(test, r.out, "    not ok 4 param_case");
	EXPECT_LINE(test, r.out, "ok 2 meta_pass");
	EXPECT_LAST_LINE(test, r.out, "4 passed, 3 failed, 2 skipped");
	KUNIT_EXPECT_TRUE(test, exited_with(&r, 1));
	check_ktap(test, r.out);
	dump_on_failure(test, &r);
}

static void meta_filter_list(struct kunit *test)
{
	static const char *const env_filter[] = { "KUNIT_FILTER=meta_pass.pass_*", NULL };
	static const char *const env_bad_timeout[] = { "KUNIT_TIMEOUT=abc", NULL };
	static struct prog_run r[10];

	RUN(test, &r[0], NULL, meta_helper, "--list", "--filter", "meta_pass");
	KUNIT_EXPECT_STREQ(test, r[0].out,
			   "meta_pass.pass_one\nmeta_pass.pass_two\nmeta_pass.skip_one\n");
	KUNIT_EXPECT_TRUE(test, exited_with(&r[0], 0));

	RUN(test, &r[1], NULL, meta_helper, "--list", "--filter=meta_timeout.*");
	KUNIT_EXPECT_STREQ(test, r[1].out, "meta_timeout.hang_case\nmeta_timeout.slow_case\n");

	RUN(test, &r[2], env_filter, meta_helper, "--list");
	KUNIT_EXPECT_STREQ(test, r[2].out, "meta_pass.pass_one\nmeta_pass.pass_two\n");

	/* --filter wins over $KUNIT_FILTER; globs apply to suite and case. */
	RUN(test, &r[3], env_filter, meta_helper, "--list", "--filter", "meta_*.*_one");
	KUNIT_EXPECT_STREQ(test, r[3].out, "meta_pass.pass_one\nmeta_pass.skip_one\n");

	RUN(test, &r[4], NULL, meta_helper, "--filter", "no_such_suite");
	KUNIT_EXPECT_STREQ(test, r[4].out, "KTAP version 1\n1..0\n"
			   "# Totals: pass:0 fail:0 skip:0 total:0\n0 passed, 0 failed\n");
	KUNIT_EXPECT_TRUE(test, exited_with(&r[4], 0));

	RUN(test, &r[5], NULL, meta_helper, "--bogus");
	KUNIT_EXPECT_TRUE(test, exited_with(&r[5], 2));
	EXPECT_TEXT(test, r[5].err, "usage:");

	RUN(test, &r[6], NULL, meta_helper, "--help");
	KUNIT_EXPECT_TRUE(test, exited_with(&r[6], 0));
	EXPECT_TEXT(test, r[6].out, "usage:");

	RUN(test, &r[7], NULL, meta_helper, "--timeout", "-1");
	KUNIT_EXPECT_TRUE(test, exited_with(&r[7], 2));

	RUN(test, &r[8], env_bad_timeout, meta_helper, "--list", "--filter", "meta_pass.pass_one");
	EXPECT_TEXT(test, r[8].err, "ignoring bad KUNIT_TIMEOUT 'abc'");
	KUNIT_EXPECT_STREQ(test, r[8].out, "meta_pass.pass_one\n");

	RUN(test, &r[9], NULL, meta_helper, "stray");
	KUNIT_EXPECT_TRUE(test, exited_with(&r[9], 2));
}

/* Registration across files and both macros; parameter descriptions. */
static void meta_self_params(struct kunit *test)
{
	static const char *const lines[] = {
		"        ok 1 1->2", "        ok 2 -3->-6", "        ok 3 50->100",
		"    ok 1 param_array",
		"        ok 1 empty", "        ok 2 word",
		"        ok 1 param-0", "        ok 2 param-1",
		"        ok 1 2^0", "        ok 4 2^3", "    ok 4 param_generator",
		"    ok 5 slow_case", "    ok 6 attr_case",
		"    # param_generator: pass:4 fail:0 skip:0 total:4",
	};
	static struct prog_run r, list;

	RUN(test, &r, NULL, meta_self, "--filter", "kunit_params");
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++)
		EXPECT_LINE(test, r.out, lines[i]);
	EXPECT_LAST_LINE(test, r.out, "13 passed, 0 failed");
	KUNIT_EXPECT_TRUE(test, exited_with(&r, 0));
	check_ktap(test, r.out);
	dump_on_failure(test, &r);

	RUN(test, &list, NULL, meta_self, "--list");
	EXPECT_BEFORE(test, list.out, "kunit_checks.current_test", "kunit_hooks.hooks_priv");
	EXPECT_LINE(test, list.out, "kunit_params.param_array");
	EXPECT_LINE(test, list.out, "kunit_meta.meta_self_params");
}

static char tmpdir[PATH_MAX];

static void remove_tmpdir(void *unused)
{
	char cmd[PATH_MAX + 16];

	(void)unused;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd))
		fprintf(stderr, "kunit_meta: cannot remove %s\n", tmpdir);
}

static bool write_script(const char *name, const char *body, char *path, size_t size)
{
	FILE *f;

	if (snprintf(path, size, "%s/%s", tmpdir, name) >= (int)size)
		return false;
	f = fopen(path, "w");
	if (!f)
		return false;
	fprintf(f, "#!/bin/sh\n%s", body);
	return !fclose(f) && !chmod(path, 0755);
}

/* run-tests sums programs and counts broken or missing ones as failed. */
static void meta_run_tests(struct kunit *test)
{
	static const char *const env[] = { "KUNIT_FILTER=meta_pass", NULL };
	static const char *const env_pass[] = { "KUNIT_FILTER=meta_pass.pass_*", NULL };
	static const struct {
		const char *name, *body;
	} scripts[] = {
		{ "p1", "echo 'KTAP version 1'; echo '2 passed, 0 failed'\n" },
		{ "p2", "echo '1 passed, 1 failed, 2 skipped'; exit 1\n" },
		{ "p3", "echo garbage; exit 1\n" },
		{ "p4", "echo '3 passed, 0 failed'; kill -SEGV $$\n" },
		{ "p5", "exit 0\n" },
	};
	char path[ARRAY_SIZE(scripts)][PATH_MAX], missing[PATH_MAX], line[PATH_MAX + 64];
	static struct prog_run r, all_pass, none;
	regex_t re;
	int unprefixed = 0;

	KUNIT_ASSERT_TRUE_MSG(test, run_tests_path[0], "tools/testing/run-tests not found");
	SPRINTF(test, tmpdir, "%s/kunit-meta.XXXXXX",
		getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	KUNIT_ASSERT_NOT_NULL(test, mkdtemp(tmpdir));
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, remove_tmpdir, NULL), 0);
	for (size_t i = 0; i < ARRAY_SIZE(scripts); i++)
		KUNIT_ASSERT_TRUE(test, write_script(scripts[i].name, scripts[i].body,
						     path[i], sizeof(path[i])));
	SPRINTF(test, missing, "%s/not-built", tmpdir);

	RUN(test, &r, env, run_tests_path, path[0], path[1], path[2], path[3], path[4],
	    missing, meta_helper);
	/* Passed 2+1+3+2; failed p2, p3, p4, p5, missing; skipped 2+1. */
	EXPECT_LAST_LINE(test, r.out, "8 passed, 5 failed, 3 skipped");
	KUNIT_EXPECT_TRUE(test, exited_with(&r, 1));
	EXPECT_LINE(test, r.out, "# 2 passed, 0 failed");
	EXPECT_LINE(test, r.out, "# 1 passed, 1 failed, 2 skipped");
	EXPECT_LINE(test, r.out, "# 2 passed, 0 failed, 1 skipped");
	EXPECT_LINE(test, r.out, "ok 1 meta_pass");
	SPRINTF(test, line, "# run-tests: %s: exit status 1, no summary line: "
		"counted as 1 failed", path[2]);
	EXPECT_LINE(test, r.out, line);
	SPRINTF(test, line, "# run-tests: %s: killed by signal 11 but no failure "
		"reported: counted as 1 failed", path[3]);
	EXPECT_LINE(test, r.out, line);
	SPRINTF(test, line, "# run-tests: %s: exit status 0, no summary line: "
		"counted as 1 failed", path[4]);
	EXPECT_LINE(test, r.out, line);
	SPRINTF(test, line, "# run-tests: %s: missing (not built?): counted as 1 failed",
		missing);
	EXPECT_LINE(test, r.out, line);

	/* Only the aggregate, the last line, is an unprefixed summary. */
	KUNIT_ASSERT_EQ(test, regcomp(&re, "^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$",
				      REG_EXTENDED | REG_NEWLINE | REG_NOSUB), 0);
	for (const char *p = r.out; *p; ) {
		const char *nl = strchrnul(p, '\n');

		snprintf(line, sizeof(line), "%.*s", (int)(nl - p), p);
		unprefixed += !regexec(&re, line, 0, NULL, 0);
		p = *nl ? nl + 1 : nl;
	}
	regfree(&re);
	KUNIT_EXPECT_EQ(test, unprefixed, 1);
	dump_on_failure(test, &r);

	RUN(test, &all_pass, env_pass, run_tests_path, path[0], meta_helper);
	EXPECT_LAST_LINE(test, all_pass.out, "4 passed, 0 failed");
	KUNIT_EXPECT_TRUE(test, exited_with(&all_pass, 0));
	dump_on_failure(test, &all_pass);

	RUN(test, &none, NULL, run_tests_path);
	KUNIT_EXPECT_STREQ(test, none.out, "0 passed, 0 failed\n");
	KUNIT_EXPECT_TRUE(test, exited_with(&none, 0));
}

static struct kunit_case kunit_meta_cases[] = {
	KUNIT_CASE(meta_expect_reported),
	KUNIT_CASE(meta_assert_aborts),
	KUNIT_CASE(meta_crash_isolated),
	KUNIT_CASE(meta_skip_reported),
	KUNIT_CASE(meta_summary),
	KUNIT_CASE(meta_params_reported),
	KUNIT_CASE(meta_values_printed),
	KUNIT_CASE(meta_hook_failures),
	KUNIT_CASE(meta_ktap_well_formed),
	KUNIT_CASE(meta_sanitizers),
	KUNIT_CASE(meta_timeout),
	KUNIT_CASE(meta_stray_killed),
	KUNIT_CASE(meta_no_fork),
	KUNIT_CASE(meta_filter_list),
	KUNIT_CASE(meta_self_params),
	KUNIT_CASE(meta_run_tests),
	{}
};

static struct kunit_suite kunit_meta_suite = {
	.name = "kunit_meta",
	.suite_init = meta_suite_init,
	.suite_exit = meta_suite_exit,
	.test_cases = kunit_meta_cases,
};

kunit_test_suite(kunit_meta_suite);

MODULE_LICENSE("GPL");
