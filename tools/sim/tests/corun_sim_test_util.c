// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Harness of corun-sim-test (corun_sim_test.h): finding the corun-sim
 * binary and the sources, running it, temporary files, a minimal JSON
 * reader, and the mix parser's workload registry.
 */
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <kunit/host_paths.h>

#include "corun_sim_test.h"

#define TEST_CONFIG "emu/configs/test-2sm.ini"
#define TEST_MIX "tools/sim/mixes/test-small.mix"

static char sim_bin[PATH_MAX + 16];	/* the corun-sim next to this test */
char cfg_path[PATH_MAX + 64], mix_path[PATH_MAX + 64];

int find_paths(struct kunit_suite *suite)
{
	(void)suite;
	/* $(O)/tools/sim/tests/corun-sim-test -> $(O)/tools/sim/corun-sim */
	if (kunit_exe_path(sim_bin, sizeof(sim_bin), "../corun-sim") ||
	    access(sim_bin, X_OK))
		return -1;
	/* Sources: $CORUN_SRCDIR, or above the program or the working directory. */
	if (kunit_source_path(cfg_path, sizeof(cfg_path), TEST_CONFIG) ||
	    kunit_source_path(mix_path, sizeof(mix_path), TEST_MIX))
		return -1;
	return 0;
}

/* ---- running the binary ---- */

static char *slurp(int fd)
{
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap + 1);
	ssize_t n;

	lseek(fd, 0, SEEK_SET);
	while (buf && (n = read(fd, buf + len, cap - len)) > 0) {
		len += n;
		if (len == cap) {
			char *b = realloc(buf, 2 * cap + 1);

			if (!b) {
				free(buf);
				return NULL;
			}
			buf = b;
			cap *= 2;
		}
	}
	if (buf)
		buf[len] = 0;
	close(fd);
	return buf;
}

static void out_free(void *p)
{
	struct out *o = p;

	free(o->out);
	free(o->err);
}

/* Run corun-sim with the NULL-terminated arguments @ap; output captured. */
static struct out *run_simv(struct kunit *test, va_list ap)
{
	struct out *o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	char outn[] = "/tmp/corun-sim-test-XXXXXX";
	char errn[] = "/tmp/corun-sim-test-XXXXXX";
	const char *argv[32];
	int fo, fe, st, argc = 0;
	pid_t pid;

	KUNIT_ASSERT_NOT_NULL(test, o);
	argv[argc++] = sim_bin;
	while ((argv[argc] = va_arg(ap, const char *)) && argc < 30)
		argc++;
	argv[argc] = NULL;
	fo = mkstemp(outn);
	fe = mkstemp(errn);
	KUNIT_ASSERT_TRUE(test, fo >= 0 && fe >= 0);
	unlink(outn);
	unlink(errn);
	fflush(NULL);
	pid = fork();
	KUNIT_ASSERT_TRUE(test, pid >= 0);
	if (!pid) {
		dup2(fo, 1);
		dup2(fe, 2);
		execv(sim_bin, (char *const *)argv);
		_exit(127);
	}
	KUNIT_ASSERT_EQ(test, waitpid(pid, &st, 0), pid);
	o->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	o->out = slurp(fo);
	o->err = slurp(fe);
	KUNIT_ASSERT_NOT_NULL(test, o->out);
	KUNIT_ASSERT_NOT_NULL(test, o->err);
	kunit_add_action(test, out_free, o);
	return o;
}

struct out *run_sim(struct kunit *test, ...)
{
	struct out *o;
	va_list ap;

	va_start(ap, test);
	o = run_simv(test, ap);
	va_end(ap);
	return o;
}

/*
 * corun-sim refuses the NULL-terminated arguments: exit status 2 and,
 * unless @want is NULL, @want in its stderr. A failure names the
 * arguments and shows the stderr. Returns the run for further checks.
 */
struct out *expect_usage_error(struct kunit *test, const char *want, ...)
{
	char args[512] = "";
	const char *a;
	struct out *o;
	size_t at = 0;
	va_list ap;

	va_start(ap, want);
	while ((a = va_arg(ap, const char *)) && at < sizeof(args))
		at += snprintf(args + at, sizeof(args) - at, " %s", a);
	va_end(ap);
	va_start(ap, want);
	o = run_simv(test, ap);
	va_end(ap);
	KUNIT_EXPECT_EQ_MSG(test, o->status, 2, "corun-sim%s: stderr: %s",
			    args, o->err);
	if (want)
		KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, want) != NULL,
				      "corun-sim%s: no \"%s\" in stderr: %s",
				      args, want, o->err);
	return o;
}

/* A temporary file with @text; removed when the case ends. */
static void unlink_action(void *p)
{
	unlink(p);
}

const char *tmp_file(struct kunit *test, const char *suffix,
		     const char *text)
{
	char *name = kunit_kzalloc(test, 64, GFP_KERNEL);
	int fd;

	KUNIT_ASSERT_NOT_NULL(test, name);
	snprintf(name, 64, "/tmp/corun-sim-test-XXXXXX%s", suffix);
	fd = mkstemps(name, strlen(suffix));
	KUNIT_ASSERT_TRUE(test, fd >= 0);
	KUNIT_ASSERT_EQ(test, write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	kunit_add_action(test, unlink_action, name);
	return name;
}

/* ---- a minimal JSON reader for checking the output ---- */

static void jv_free(struct jv *j)
{
	int i;

	if (!j)
		return;
	for (i = 0; i < j->n; i++) {
		if (j->keys)
			free(j->keys[i]);
		jv_free(j->v[i]);
	}
	free(j->keys);
	free(j->v);
	free(j->str);
	free(j);
}

static void ws(const char **p)
{
	while (**p == ' ' || **p == '\n' || **p == '\t' || **p == '\r')
		(*p)++;
}

static char *jstring(const char **p)
{
	size_t cap = 16, len = 0;
	char *s;

	if (**p != '"')
		return NULL;
	(*p)++;
	s = malloc(cap);
	while (s && **p && **p != '"') {
		char c = *(*p)++;

		if (c == '\\') {
			c = *(*p)++;
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c == 'u') {
				/* Only \u00XX is produced by the writer. */
				c = (char)strtol((char[]){ (*p)[2], (*p)[3], 0 }, NULL, 16);
				*p += 4;
			} else if (c != '"' && c != '\\' && c != '/') {
				free(s);
				return NULL;
			}
		}
		if (len + 2 > cap) {
			char *t = realloc(s, cap *= 2);

			if (!t) {
				free(s);
				return NULL;
			}
			s = t;
		}
		s[len++] = c;
	}
	if (!s || **p != '"') {
		free(s);
		return NULL;
	}
	(*p)++;
	s[len] = 0;
	return s;
}

static struct jv *jparse(const char **p, int depth)
{
	struct jv *j;

	ws(p);
	if (depth > 32)
		return NULL;
	j = calloc(1, sizeof(*j));
	if (!j)
		return NULL;
	if (**p == '{' || **p == '[') {
		int obj = **p == '{';

		j->t = obj ? J_OBJ : J_ARR;
		(*p)++;
		ws(p);
		if (**p == (obj ? '}' : ']')) {
			(*p)++;
			return j;
		}
		for (;;) {
			char *key = NULL;
			struct jv *v;

			ws(p);
			if (obj) {
				key = jstring(p);
				ws(p);
				if (!key || **p != ':') {
					free(key);
					goto bad;
				}
				(*p)++;
			}
			v = jparse(p, depth + 1);
			if (!v) {
				free(key);
				goto bad;
			}
			j->v = realloc(j->v, (j->n + 1) * sizeof(*j->v));
			if (obj)
				j->keys = realloc(j->keys, (j->n + 1) * sizeof(*j->keys));
			if (!j->v || (obj && !j->keys)) {
				free(key);
				jv_free(v);
				goto bad;
			}
			j->v[j->n] = v;
			if (obj)
				j->keys[j->n] = key;
			j->n++;
			ws(p);
			if (**p == ',') {
				(*p)++;
				continue;
			}
			if (**p == (obj ? '}' : ']')) {
				(*p)++;
				return j;
			}
			goto bad;
		}
	}
	if (**p == '"') {
		j->t = J_STR;
		j->str = jstring(p);
		if (!j->str)
			goto bad;
		return j;
	}
	if (!strncmp(*p, "null", 4)) {
		j->t = J_NULL;
		*p += 4;
		return j;
	}
	if (!strncmp(*p, "true", 4) || !strncmp(*p, "false", 5)) {
		j->t = J_BOOL;
		j->num = **p == 't';
		*p += j->num ? 4 : 5;
		return j;
	}
	{
		char *end;

		j->t = J_NUM;
		j->num = strtod(*p, &end);
		if (end == *p)
			goto bad;
		*p = end;
		return j;
	}
bad:
	jv_free(j);
	return NULL;
}

static void jv_free_action(void *p)
{
	jv_free(p);
}

struct jv *json_doc(struct kunit *test, const char *text)
{
	const char *p = text;
	struct jv *j = jparse(&p, 0);

	KUNIT_ASSERT_NOT_NULL_MSG(test, j, "unparsable JSON:\n%.2000s", text);
	ws(&p);
	KUNIT_ASSERT_EQ_MSG(test, *p, 0, "trailing text after the JSON document");
	kunit_add_action(test, jv_free_action, j);
	return j;
}

/* Member @key of object @j, or NULL. */
struct jv *jget(const struct jv *j, const char *key)
{
	int i;

	if (!j || j->t != J_OBJ)
		return NULL;
	for (i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i], key))
			return j->v[i];
	return NULL;
}

double jnum(struct kunit *test, const struct jv *j, const char *key)
{
	const struct jv *v = jget(j, key);

	KUNIT_ASSERT_NOT_NULL_MSG(test, v, "no key '%s'", key);
	KUNIT_ASSERT_EQ_MSG(test, v->t, J_NUM, "'%s' is not a number", key);
	return v->num;
}

const char *jstr(struct kunit *test, const struct jv *j, const char *key)
{
	const struct jv *v = jget(j, key);

	KUNIT_ASSERT_NOT_NULL_MSG(test, v, "no key '%s'", key);
	KUNIT_ASSERT_EQ_MSG(test, v->t, J_STR, "'%s' is not a string", key);
	return v->str;
}

int close_to(double a, double b)
{
	/* The JSON carries 9 significant digits. */
	return fabs(a - b) <= 1e-7 * fmax(fabs(a), fabs(b)) + 1e-12;
}

/* The units' registry: two workloads. */
int lookup(const char *name, char *known, size_t len)
{
	if (!strcmp(name, "vecadd") || !strcmp(name, "matmul"))
		return 0;
	snprintf(known, len, "vecadd, matmul");
	return -1;
}
