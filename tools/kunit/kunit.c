// SPDX-License-Identifier: GPL-2.0
/*
 * User-space KUnit runtime.
 *
 * Runs the suites registered with kunit_test_suites() and prints KTAP
 * version 1 the way the kernel's KUnit executor does, then one final
 * "N passed, N failed[, N skipped]" line that tools/testing/run-tests sums.
 *
 * Every case (every parameter of a parameterized case) runs in a forked
 * child, so that a crash, a sanitizer abort or a hang fails that case only:
 * the child reports its status through a pipe and the parent enforces the
 * timeout and turns a missing report into a failure. suite_init/suite_exit
 * run in the parent so their state reaches every case. --no-fork runs
 * everything in one process, for debuggers.
 *
 * kunit_assert.c prints the failure reports of the KUNIT_EXPECT and
 * KUNIT_ASSERT macros; kunit_resource.c keeps a test's deferred actions
 * and managed memory, which kunit_run_here() drains after the case.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "kunit_rt.h"

#if defined(__SANITIZE_ADDRESS__)
#define KUNIT_HAVE_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KUNIT_HAVE_LSAN 1
#endif
#endif
#ifdef KUNIT_HAVE_LSAN
#include <sanitizer/lsan_interface.h>
#endif

#define KUNIT_CASE_INDENT	4
#define KUNIT_PARAM_INDENT	8
#define KUNIT_DEFAULT_TIMEOUT	120.0
#define KUNIT_SLOW_FACTOR	5

struct kunit_opts {
	const char **filters;
	size_t nr_filters;
	bool list;
	bool fork;
	double timeout;
};

struct kunit_stats {
	unsigned long pass;
	unsigned long fail;
	unsigned long skip;
};

/* What one run of a case needs, in the parent and in the child. */
struct kunit_run {
	struct kunit_suite *suite;
	struct kunit_case *kc;
	const void *param;
	int index;
	int indent;
};

struct kunit_result {
	enum kunit_status status;
	char comment[KUNIT_STATUS_COMMENT_SIZE];
};

/* Sent by the child through the pipe; smaller than PIPE_BUF, so atomic. */
#define KUNIT_REPORT_MAGIC 0x4b55524eu
struct kunit_report {
	unsigned int magic;
	int status;
	char comment[KUNIT_STATUS_COMMENT_SIZE];
};

static struct kunit_suite **kunit_suites;
static size_t kunit_nr_suites;
static struct kunit *kunit_current;

void __kunit_register_suites(struct kunit_suite *const *suites, size_t count)
{
	struct kunit_suite **all;

	all = realloc(kunit_suites, (kunit_nr_suites + count) * sizeof(*all));
	if (!all) {
		fputs("kunit: out of memory registering suites\n", stderr);
		abort();
	}
	memcpy(all + kunit_nr_suites, suites, count * sizeof(*all));
	kunit_suites = all;
	kunit_nr_suites += count;
}

struct kunit *kunit_get_current_test(void)
{
	return kunit_current;
}

/*
 * Output. Everything goes to stdout, line-buffered, and is flushed before
 * a fork so no line is printed twice or lost when a child crashes.
 */

/* Print @text as "# " lines at @indent, the first one as "# @name: ...". */
void kunit_diag(int indent, const char *name, const char *text)
{
	size_t end = strlen(text);
	bool first = true;

	while (end && text[end - 1] == '\n')
		end--;
	do {
		size_t len = strcspn(text, "\n");

		if (len > end)
			len = end;
		printf("%*s# %s%s%.*s\n", indent, "", first && name ? name : "",
		       first && name ? ": " : "", (int)len, text);
		first = false;
		text += len + (len < end);
		end -= len + (len < end);
	} while (end);
	fflush(stdout);
}

static char *kunit_vasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0)
		return NULL;
	return s;
}

void __attribute__((format(printf, 3, 4)))
kunit_diagf(int indent, const char *name, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = kunit_vasprintf(fmt, ap);
	va_end(ap);
	kunit_diag(indent, name, s ? s : "(out of memory formatting a message)");
	free(s);
}

/* Skip any printk level prefix ("\001" + level char). */
static const char *kunit_strip_level(const char *s)
{
	while (s[0] == KERN_SOH[0] && s[1])
		s += 2;
	return s;
}

void __kunit_printk(struct kunit *test, const char *level, const char *fmt, ...)
{
	va_list ap;
	char *s;

	(void)level;
	va_start(ap, fmt);
	s = kunit_vasprintf(fmt, ap);
	va_end(ap);
	kunit_diag(test ? test->__indent : 0, test ? test->name : NULL,
		   s ? kunit_strip_level(s) : "(out of memory formatting a message)");
	free(s);
}

void __kunit_log_raw(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = kunit_vasprintf(fmt, ap);
	va_end(ap);
	if (s) {
		const char *msg = kunit_strip_level(s);
		size_t len = strlen(msg);

		printf("%s%s", msg, len && msg[len - 1] == '\n' ? "" : "\n");
		fflush(stdout);
	}
	free(s);
}

/* Keep a status comment on one KTAP line. */
static void kunit_flatten(char *s)
{
	for (; *s; s++)
		if (*s == '\n' || *s == '\r')
			*s = ' ';
}

void __kunit_mark_skipped(struct kunit *test, const char *fmt, ...)
{
	va_list ap;

	test->status = KUNIT_SKIPPED;
	va_start(ap, fmt);
	vsnprintf(test->status_comment, sizeof(test->status_comment), fmt, ap);
	va_end(ap);
	kunit_flatten(test->status_comment);
}

void __kunit_fail_current_test(const char *file, int line, const char *fmt, ...)
{
	struct kunit *test = kunit_current;
	va_list ap;
	char *s;

	if (!test)
		return;
	va_start(ap, fmt);
	s = kunit_vasprintf(fmt, ap);
	va_end(ap);
	test->status = KUNIT_FAILURE;
	kunit_diagf(test->__indent, test->name, "%s:%d: %s", file, line, s ? s : "");
	free(s);
}

void __kunit_abort(struct kunit *test)
{
	if (test && test->__catch)
		longjmp(*test->__catch, 1);
	fputs("kunit: assertion or kunit_skip() outside a running test case\n", stderr);
	abort();
}

void __kunit_copy_desc(char *desc, const char *src)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", src ? src : "(null)");
	kunit_flatten(desc);
}

/*
 * Running one case.
 */

/* Run @fn; an assertion or kunit_skip() inside it returns here. */
static void kunit_try(struct kunit *test, void (*fn)(struct kunit *, void *), void *data)
{
	jmp_buf env;
	jmp_buf *outer = test->__catch;

	test->__catch = &env;
	if (!setjmp(env))
		fn(test, data);
	test->__catch = outer;
}

static void kunit_try_case(struct kunit *test, void *data)
{
	const struct kunit_run *run = data;
	int ret;

	if (run->suite->init) {
		ret = run->suite->init(test);
		if (ret) {
			test->status = KUNIT_FAILURE;
			kunit_err(test, "initialization failed (%d)", ret);
			return;
		}
	}
	run->kc->run_case(test);
}

static void kunit_try_exit(struct kunit *test, void *data)
{
	const struct kunit_run *run = data;

	if (run->suite->exit)
		run->suite->exit(test);
}

static void kunit_try_action(struct kunit *test, void *data)
{
	const struct __kunit_action *a = data;

	(void)test;
	a->fn(a->ctx);
}

static void kunit_run_here(const struct kunit_run *run, struct kunit_result *res)
{
	struct kunit test;

	memset(&test, 0, sizeof(test));
	test.name = run->kc->name;
	test.param_value = run->param;
	test.param_index = run->index;
	test.status = KUNIT_SUCCESS;
	test.__indent = run->indent;

	kunit_current = &test;
	kunit_try(&test, kunit_try_case, (void *)run);
	/* As in the kernel, exit runs even if init failed or the case aborted. */
	kunit_try(&test, kunit_try_exit, (void *)run);
	while (test.__actions) {
		struct __kunit_action a = *test.__actions;

		free(test.__actions);
		test.__actions = a.next;
		kunit_try(&test, kunit_try_action, &a);
	}
	kunit_current = NULL;

	res->status = test.status;
	memcpy(res->comment, test.status_comment, sizeof(res->comment));
}

#ifdef KUNIT_HAVE_LSAN
/* Wipe dead stack so stale pointers do not hide leaks from LeakSanitizer. */
static void __attribute__((noinline)) kunit_scrub_stack(void)
{
	char buf[16384];

	memset(buf, 0, sizeof(buf));
	__asm__ volatile("" : : "r"(buf) : "memory");
}
#endif

static void __attribute__((noreturn)) kunit_child(const struct kunit_run *run, int fd,
						  pid_t runner)
{
	struct rlimit no_core = { 0, 0 };
	struct kunit_report rep = { .magic = KUNIT_REPORT_MAGIC };
	struct kunit_result res;
	size_t off = 0;
	int nul;

	/*
	 * Own process group, so the runner can kill whatever the case
	 * spawned; die with the runner; no core files from expected crashes;
	 * no terminal input (a background group reading it would stop).
	 */
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != runner)
		_exit(1);
	setrlimit(RLIMIT_CORE, &no_core);
	nul = open("/dev/null", O_RDONLY);
	if (nul > 0) {
		dup2(nul, 0);
		close(nul);
	}
	kunit_run_here(run, &res);
#ifdef KUNIT_HAVE_LSAN
	kunit_scrub_stack();
	if (__lsan_do_recoverable_leak_check()) {
		kunit_diag(run->indent, run->kc->name,
			   "memory leaked: see the LeakSanitizer report on stderr");
		res.status = KUNIT_FAILURE;
	}
#endif
	rep.status = res.status;
	memcpy(rep.comment, res.comment, sizeof(rep.comment));
	fflush(stdout);
	fflush(stderr);
	while (off < sizeof(rep)) {
		ssize_t n = write(fd, (char *)&rep + off, sizeof(rep) - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			_exit(1);
		off += n;
	}
	/* _exit: atexit handlers and stdio buffers belong to the parent. */
	_exit(0);
}

static double kunit_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Read what is available of the report; true once it is complete or at EOF. */
static bool kunit_read_report(int fd, struct kunit_report *rep, size_t *got)
{
	while (*got < sizeof(*rep)) {
		ssize_t n = read(fd, (char *)rep + *got, sizeof(*rep) - *got);

		if (n > 0) {
			*got += n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		return n == 0 || errno != EAGAIN;
	}
	return true;
}

static void kunit_run_forked(const struct kunit_run *run, double timeout,
			     struct kunit_result *res)
{
	pid_t runner = getpid(), pid;
	struct kunit_report rep;
	struct pollfd pfd;
	bool timed_out = false;
	double deadline;
	size_t got = 0;
	int fds[2], wstatus = 0, idle_ms = 1;

	res->status = KUNIT_FAILURE;
	res->comment[0] = '\0';
	fflush(stdout);
	fflush(stderr);
	/* CLOEXEC: programs a case spawns must not hold the pipe open. */
	if (pipe2(fds, O_CLOEXEC)) {
		kunit_diagf(run->indent, run->kc->name, "pipe: %s", strerror(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		kunit_diagf(run->indent, run->kc->name, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		close(fds[0]);
		kunit_child(run, fds[1], runner);
	}
	/* Also here, so the group exists before any kill() below. */
	setpgid(pid, pid);
	close(fds[1]);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);

	/*
	 * Poll the pipe and the child together: the child may exit without
	 * closing the pipe's last copy (a grandchild) or hang with it open.
	 */
	pfd.fd = fds[0];
	pfd.events = POLLIN;
	deadline = kunit_now() + timeout;
	for (;;) {
		double left = deadline - kunit_now();
		siginfo_t si = { 0 };
		int ms;

		if (left <= 0) {
			timed_out = true;
			break;
		}
		ms = left < 0.1 ? (int)(left * 1000) + 1 : 100;
		if (pfd.fd < 0) {
			/* Report in or pipe closed: the exit is near, poll it fast. */
			ms = ms < idle_ms ? ms : idle_ms;
			idle_ms = idle_ms < 50 ? idle_ms * 2 : 100;
		}
		if (poll(&pfd, 1, ms) > 0 && kunit_read_report(fds[0], &rep, &got))
			pfd.fd = -1;
		/* WNOWAIT: the zombie keeps the group id valid for the kill. */
		if (!waitid(P_PID, pid, &si, WEXITED | WNOHANG | WNOWAIT) && si.si_pid == pid)
			break;
	}
	/*
	 * Kill the case's process group: on timeout the case itself, and in
	 * any event what it left running, which could otherwise hold the
	 * output pipe of a caller such as run-tests open forever.
	 */
	kill(-pid, SIGKILL);
	if (timed_out)
		kill(pid, SIGKILL);
	while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
		;
	kunit_read_report(fds[0], &rep, &got);
	close(fds[0]);

	if (timed_out) {
		kunit_diagf(run->indent, run->kc->name, "timed out after %g s", timeout);
	} else if (got == sizeof(rep) && rep.magic == KUNIT_REPORT_MAGIC &&
		   rep.status >= KUNIT_SUCCESS && rep.status <= KUNIT_SKIPPED) {
		res->status = rep.status;
		memcpy(res->comment, rep.comment, sizeof(res->comment));
		res->comment[sizeof(res->comment) - 1] = '\0';
	} else if (WIFSIGNALED(wstatus)) {
		int sig = WTERMSIG(wstatus);
		const char *abbrev = sigabbrev_np(sig);

		kunit_diagf(run->indent, run->kc->name, "killed by signal %d (SIG%s: %s)", sig,
			    abbrev ? abbrev : "?", strsignal(sig));
	} else {
		kunit_diagf(run->indent, run->kc->name, "exited with status %d without %s",
			    WEXITSTATUS(wstatus),
			    "reporting a result (exit() or sanitizer error?)");
	}
}

static void kunit_run_one(const struct kunit_run *run, const struct kunit_opts *opts,
			  struct kunit_result *res)
{
	double timeout = opts->timeout;

	if (run->kc->attr.speed == KUNIT_SPEED_SLOW ||
	    run->kc->attr.speed == KUNIT_SPEED_VERY_SLOW)
		timeout *= KUNIT_SLOW_FACTOR;
	if (opts->fork)
		kunit_run_forked(run, timeout, res);
	else
		kunit_run_here(run, res);
}

/*
 * Suites, filtering and KTAP output.
 */

static void kunit_stats_add(struct kunit_stats *s, enum kunit_status status)
{
	if (status == KUNIT_FAILURE)
		s->fail++;
	else if (status == KUNIT_SKIPPED)
		s->skip++;
	else
		s->pass++;
}

/* Any failure fails; nothing passed (all skipped, or empty) is a skip. */
static enum kunit_status kunit_stats_status(const struct kunit_stats *s)
{
	if (s->fail)
		return KUNIT_FAILURE;
	return s->pass ? KUNIT_SUCCESS : KUNIT_SKIPPED;
}

static void kunit_print_stats(int indent, const char *name, const struct kunit_stats *s)
{
	printf("%*s# %s: pass:%lu fail:%lu skip:%lu total:%lu\n", indent, "", name,
	       s->pass, s->fail, s->skip, s->pass + s->fail + s->skip);
}

static void kunit_print_result(int indent, enum kunit_status status, int num,
			       const char *name, const char *comment)
{
	printf("%*s%s %d %s", indent, "", status == KUNIT_FAILURE ? "not ok" : "ok",
	       num, name);
	if (status == KUNIT_SKIPPED)
		printf(" # SKIP%s%s", comment && comment[0] ? " " : "", comment ? comment : "");
	putchar('\n');
	fflush(stdout);
}

/* kunit.py's filter_glob: "suite_glob" or "suite_glob.case_glob". */
static bool kunit_glob_match(const char *glob, const char *suite, const char *name)
{
	const char *dot = strchr(glob, '.');
	char *suite_glob;
	bool match;

	if (!dot)
		return fnmatch(glob, suite, 0) == 0;
	suite_glob = strndup(glob, dot - glob);
	if (!suite_glob)
		return false;
	match = fnmatch(suite_glob, suite, 0) == 0 && fnmatch(dot + 1, name, 0) == 0;
	free(suite_glob);
	return match;
}

static bool kunit_selected(const struct kunit_opts *opts, const struct kunit_suite *suite,
			   const struct kunit_case *kc)
{
	if (!opts->nr_filters)
		return true;
	for (size_t i = 0; i < opts->nr_filters; i++)
		if (kunit_glob_match(opts->filters[i], suite->name, kc->name))
			return true;
	return false;
}

static int kunit_nr_selected(const struct kunit_opts *opts, const struct kunit_suite *suite)
{
	int n = 0;

	for (const struct kunit_case *kc = suite->test_cases; kc && kc->run_case; kc++)
		n += kunit_selected(opts, suite, kc);
	return n;
}

static void kunit_run_param_case(struct kunit_run *run, const struct kunit_opts *opts,
				 int num, struct kunit_stats *suite_stats)
{
	const void *(*gen)(const void *prev, char *desc) = run->kc->generate_params;
	char desc[KUNIT_PARAM_DESC_SIZE];
	struct kunit_stats stats = { 0 };
	struct kunit_result res;
	const void *param;
	int nr = 0;

	/* Count first so the nested subtest gets a plan, as KTAP wants. */
	for (param = gen(NULL, desc); param; param = gen(param, desc))
		nr++;
	printf("%*sKTAP version 1\n%*s# Subtest: %s\n%*s1..%d\n", KUNIT_PARAM_INDENT, "",
	       KUNIT_PARAM_INDENT, "", run->kc->name, KUNIT_PARAM_INDENT, "", nr);

	desc[0] = '\0';
	run->index = 0;
	for (param = gen(NULL, desc); param; param = gen(param, desc)) {
		run->param = param;
		run->indent = KUNIT_PARAM_INDENT;
		kunit_run_one(run, opts, &res);
		if (!desc[0])
			snprintf(desc, sizeof(desc), "param-%d", run->index);
		kunit_flatten(desc);
		kunit_print_result(KUNIT_PARAM_INDENT, res.status, run->index + 1, desc,
				   res.comment);
		kunit_stats_add(&stats, res.status);
		kunit_stats_add(suite_stats, res.status);
		desc[0] = '\0';
		run->index++;
	}
	kunit_print_stats(KUNIT_CASE_INDENT, run->kc->name, &stats);
	if (!nr) {
		/* No parameters: report (and count) the case as skipped. */
		kunit_stats_add(suite_stats, KUNIT_SKIPPED);
		kunit_print_result(KUNIT_CASE_INDENT, KUNIT_SKIPPED, num, run->kc->name,
				   "no parameters");
		return;
	}
	kunit_print_result(KUNIT_CASE_INDENT, kunit_stats_status(&stats), num,
			   run->kc->name, NULL);
}

static void kunit_run_suite(struct kunit_suite *suite, const struct kunit_opts *opts,
			    int suite_num, int nr_cases, struct kunit_stats *total)
{
	struct kunit_stats stats = { 0 };
	struct kunit_result res;
	struct kunit_case *kc;
	int num = 0, err = 0;

	printf("%*sKTAP version 1\n%*s# Subtest: %s\n%*s1..%d\n", KUNIT_CASE_INDENT, "",
	       KUNIT_CASE_INDENT, "", suite->name, KUNIT_CASE_INDENT, "", nr_cases);
	fflush(stdout);

	if (suite->suite_init)
		err = suite->suite_init(suite);
	if (err)
		kunit_diagf(KUNIT_CASE_INDENT, suite->name, "suite_init failed (%d)", err);

	for (kc = suite->test_cases; kc->run_case; kc++) {
		struct kunit_run run = { .suite = suite, .kc = kc, .indent = KUNIT_CASE_INDENT };

		if (!kunit_selected(opts, suite, kc))
			continue;
		num++;
		if (err) {
			kunit_stats_add(&stats, KUNIT_FAILURE);
			kunit_print_result(KUNIT_CASE_INDENT, KUNIT_FAILURE, num, kc->name, NULL);
		} else if (kc->generate_params) {
			kunit_run_param_case(&run, opts, num, &stats);
		} else {
			kunit_run_one(&run, opts, &res);
			kunit_stats_add(&stats, res.status);
			kunit_print_result(KUNIT_CASE_INDENT, res.status, num, kc->name,
					   res.comment);
		}
	}

	if (!err && suite->suite_exit)
		suite->suite_exit(suite);
	kunit_print_stats(0, suite->name, &stats);
	kunit_print_result(0, kunit_stats_status(&stats), suite_num, suite->name, NULL);
	total->pass += stats.pass;
	total->fail += stats.fail;
	total->skip += stats.skip;
}

static bool kunit_parse_timeout(const char *s, double *out)
{
	char *end;
	double t;

	errno = 0;
	t = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(t) || t <= 0)
		return false;
	*out = t;
	return true;
}

static void kunit_usage(FILE *f, const char *prog)
{
	fprintf(f,
		"usage: %s [--filter GLOB]... [--list] [--no-fork] [--timeout SECS]\n"
		"  --filter GLOB   run the suites matching GLOB, or with GLOB = SUITE_GLOB.CASE_GLOB\n"
		"                  the matching cases; repeatable (default: $KUNIT_FILTER, else all)\n"
		"  --list          print the selected cases as suite.case and exit\n"
		"  --no-fork       run cases in this process (no crash isolation or timeout)\n"
		"  --timeout SECS  per-case timeout; slow cases get %dx (default: $KUNIT_TIMEOUT,\n"
		"                  else %g)\n",
		prog, KUNIT_SLOW_FACTOR, KUNIT_DEFAULT_TIMEOUT);
}

static int kunit_parse_args(int argc, char **argv, struct kunit_opts *opts)
{
	static const struct option longopts[] = {
		{ "filter", required_argument, NULL, 'f' },
		{ "list", no_argument, NULL, 'l' },
		{ "no-fork", no_argument, NULL, 'n' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *env;
	bool have_timeout = false;
	int c;

	opts->fork = true;
	opts->timeout = KUNIT_DEFAULT_TIMEOUT;
	opts->filters = calloc(argc + 1, sizeof(*opts->filters));
	if (!opts->filters)
		return 2;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			opts->filters[opts->nr_filters++] = optarg;
			break;
		case 'l':
			opts->list = true;
			break;
		case 'n':
			opts->fork = false;
			break;
		case 't':
			if (!kunit_parse_timeout(optarg, &opts->timeout)) {
				fprintf(stderr, "%s: bad --timeout '%s'\n", argv[0], optarg);
				return 2;
			}
			have_timeout = true;
			break;
		case 'h':
			kunit_usage(stdout, argv[0]);
			return 1;
		default:
			kunit_usage(stderr, argv[0]);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", argv[0], argv[optind]);
		kunit_usage(stderr, argv[0]);
		return 2;
	}
	env = getenv("KUNIT_FILTER");
	if (!opts->nr_filters && env && *env)
		opts->filters[opts->nr_filters++] = env;
	env = getenv("KUNIT_TIMEOUT");
	if (!have_timeout && env && *env && !kunit_parse_timeout(env, &opts->timeout))
		fprintf(stderr, "%s: ignoring bad KUNIT_TIMEOUT '%s'\n", argv[0], env);
	return 0;
}

int kunit_host_main(int argc, char **argv)
{
	struct kunit_stats total = { 0 };
	struct kunit_opts opts = { 0 };
	int ret, nr_suites = 0, num = 0;

	/* Line-buffered even into a pipe, so test output interleaves in order. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	ret = kunit_parse_args(argc, argv, &opts);
	if (ret) {
		free(opts.filters);
		return ret == 1 ? 0 : ret;
	}

	if (opts.list) {
		for (size_t i = 0; i < kunit_nr_suites; i++) {
			struct kunit_suite *suite = kunit_suites[i];

			for (struct kunit_case *kc = suite->test_cases; kc->run_case; kc++)
				if (kunit_selected(&opts, suite, kc))
					printf("%s.%s\n", suite->name, kc->name);
		}
		free(opts.filters);
		return 0;
	}

	for (size_t i = 0; i < kunit_nr_suites; i++)
		nr_suites += kunit_nr_selected(&opts, kunit_suites[i]) > 0;
	printf("KTAP version 1\n1..%d\n", nr_suites);
	for (size_t i = 0; i < kunit_nr_suites; i++) {
		int nr_cases = kunit_nr_selected(&opts, kunit_suites[i]);

		if (nr_cases)
			kunit_run_suite(kunit_suites[i], &opts, ++num, nr_cases, &total);
	}

	printf("# Totals: pass:%lu fail:%lu skip:%lu total:%lu\n", total.pass, total.fail,
	       total.skip, total.pass + total.fail + total.skip);
	printf("%lu passed, %lu failed", total.pass, total.fail);
	if (total.skip)
		printf(", %lu skipped", total.skip);
	putchar('\n');
	fflush(stdout);

	free(opts.filters);
	return total.fail ? 1 : 0;
}
