// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim tests: the mix parser and the metrics directly, and the
 * binary end to end (spawned): a small mix on test-2sm.ini whose JSON is
 * parsed and checked against the metric formulas, determinism, the
 * progress curves of --progress, and the error paths (file:line
 * messages, exit status 2).
 */
#include <errno.h>
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

#include <kunit/test.h>
#include <sim/metrics.h>
#include <policy/fwknobs.h>
#include <sim/mix.h>

#define TEST_CONFIG "emu/configs/test-2sm.ini"
#define TEST_MIX "tools/sim/mixes/test-small.mix"

static char sim_bin[PATH_MAX + 16];	/* the corun-sim next to this test */
static char src_dir[PATH_MAX + 16];	/* source tree (configs, mixes) */
static char cfg_path[PATH_MAX + 64], mix_path[PATH_MAX + 64];

static int has_sources(const char *dir)
{
	char p[PATH_MAX + 64];

	snprintf(p, sizeof(p), "%s/" TEST_MIX, dir);
	return !access(p, R_OK);
}

static int find_paths(struct kunit_suite *suite)
{
	char exe[PATH_MAX], *s;
	ssize_t n;
	int up;

	(void)suite;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return -1;
	exe[n] = 0;
	s = strrchr(exe, '/');
	*s = 0;
	/* $(O)/tools/sim/tests/corun-sim-test -> $(O)/tools/sim/corun-sim */
	snprintf(sim_bin, sizeof(sim_bin), "%s/../corun-sim", exe);
	if (access(sim_bin, X_OK))
		return -1;
	/* Sources: $CORUN_SRCDIR, the working directory, or above $(O). */
	if (getenv("CORUN_SRCDIR") && has_sources(getenv("CORUN_SRCDIR"))) {
		snprintf(src_dir, sizeof(src_dir), "%s", getenv("CORUN_SRCDIR"));
	} else if (has_sources(".")) {
		strcpy(src_dir, ".");
	} else {
		for (up = 0; up < 8; up++) {
			s = strrchr(exe, '/');
			if (!s)
				return -1;
			*s = 0;
			if (has_sources(exe))
				break;
		}
		if (up == 8)
			return -1;
		snprintf(src_dir, sizeof(src_dir), "%s", exe);
	}
	snprintf(cfg_path, sizeof(cfg_path), "%s/" TEST_CONFIG, src_dir);
	snprintf(mix_path, sizeof(mix_path), "%s/" TEST_MIX, src_dir);
	return 0;
}

/* ---- running the binary ---- */

struct out {
	int status;	/* exit status, or 128 + signal */
	char *out, *err;
};

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

/* Run corun-sim with the NULL-terminated arguments; output captured. */
static struct out *run_sim(struct kunit *test, ...)
{
	struct out *o = kunit_kzalloc(test, sizeof(*o), GFP_KERNEL);
	char outn[] = "/tmp/corun-sim-test-XXXXXX";
	char errn[] = "/tmp/corun-sim-test-XXXXXX";
	const char *argv[32];
	int fo, fe, st, argc = 0;
	va_list ap;
	pid_t pid;

	KUNIT_ASSERT_NOT_NULL(test, o);
	argv[argc++] = sim_bin;
	va_start(ap, test);
	while ((argv[argc] = va_arg(ap, const char *)) && argc < 30)
		argc++;
	va_end(ap);
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

/* A temporary file with @text; removed when the case ends. */
static void unlink_action(void *p)
{
	unlink(p);
}

static const char *tmp_file(struct kunit *test, const char *suffix,
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

enum jt { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jt t;
	double num;
	char *str;
	int n;
	char **keys;
	struct jv **v;
};

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

static struct jv *json_doc(struct kunit *test, const char *text)
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
static struct jv *jget(const struct jv *j, const char *key)
{
	int i;

	if (!j || j->t != J_OBJ)
		return NULL;
	for (i = 0; i < j->n; i++)
		if (!strcmp(j->keys[i], key))
			return j->v[i];
	return NULL;
}

static double jnum(struct kunit *test, const struct jv *j, const char *key)
{
	const struct jv *v = jget(j, key);

	KUNIT_ASSERT_NOT_NULL_MSG(test, v, "no key '%s'", key);
	KUNIT_ASSERT_EQ_MSG(test, v->t, J_NUM, "'%s' is not a number", key);
	return v->num;
}

static const char *jstr(struct kunit *test, const struct jv *j, const char *key)
{
	const struct jv *v = jget(j, key);

	KUNIT_ASSERT_NOT_NULL_MSG(test, v, "no key '%s'", key);
	KUNIT_ASSERT_EQ_MSG(test, v->t, J_STR, "'%s' is not a string", key);
	return v->str;
}

static int close_to(double a, double b)
{
	/* The JSON carries 9 significant digits. */
	return fabs(a - b) <= 1e-7 * fmax(fabs(a), fabs(b)) + 1e-12;
}

/* ---- mix parser ---- */

static int lookup(const char *name, char *known, size_t len)
{
	if (!strcmp(name, "vecadd") || !strcmp(name, "matmul"))
		return 0;
	snprintf(known, len, "vecadd, matmul");
	return -1;
}

static void mix_valid(struct kunit *test)
{
	static const char text[] =
		"# comment\n"
		"name = two kernels   # trailing comment\n"
		"budget = 3M\n"
		"scale=2\n"
		"\n"
		"job vecadd\n"
		"job matmul slot=5 seed=9 scale=0 priority=15 placement=steal sms=0-3,6 quota=2 throttle=1 qos=819\n"
		"  job vecadd   seed=0x10\n";
	struct mix m;
	char err[256] = "";

	KUNIT_ASSERT_EQ_MSG(test, mix_parse(text, "t.mix", lookup, &m, err,
					    sizeof(err)), 0, "%s", err);
	KUNIT_EXPECT_STREQ(test, m.name, "two kernels");
	KUNIT_EXPECT_EQ(test, m.budget, 3000000ull);
	KUNIT_ASSERT_EQ(test, m.njobs, 3u);
	KUNIT_EXPECT_STREQ(test, m.jobs[0].workload, "vecadd");
	KUNIT_EXPECT_EQ(test, m.jobs[0].line, 6u);
	KUNIT_EXPECT_EQ(test, m.jobs[0].slot, 0u);
	KUNIT_EXPECT_EQ(test, m.jobs[0].scale, 2u);
	KUNIT_EXPECT_FALSE(test, m.jobs[0].has_sms);
	KUNIT_EXPECT_EQ(test, m.jobs[1].slot, 5u);
	KUNIT_EXPECT_EQ(test, m.jobs[1].seed, 9u);
	KUNIT_EXPECT_EQ(test, m.jobs[1].scale, 0u);
	KUNIT_EXPECT_EQ(test, m.jobs[1].priority, 15u);
	KUNIT_EXPECT_TRUE(test, m.jobs[1].has_priority);
	KUNIT_EXPECT_FALSE(test, m.jobs[0].has_priority);
	KUNIT_EXPECT_TRUE(test, m.has_priority);
	KUNIT_EXPECT_STREQ(test, m.policy, "");
	KUNIT_EXPECT_EQ(test, m.jobs[1].placement, (uint32_t)CORUN_PLACE_STEAL);
	KUNIT_EXPECT_TRUE(test, m.jobs[1].has_sms);
	KUNIT_EXPECT_EQ(test, m.jobs[1].sm_mask[0], 0x4fu);
	KUNIT_EXPECT_EQ(test, m.jobs[1].max_sm, 6u);
	KUNIT_EXPECT_EQ(test, m.jobs[1].cta_quota, 2u);
	KUNIT_EXPECT_EQ(test, m.jobs[1].throttle, 1u);
	KUNIT_EXPECT_EQ(test, m.jobs[1].qos, 819u);
	KUNIT_EXPECT_EQ(test, m.jobs[0].qos, 0u);
	/* Default slot = job index. */
	KUNIT_EXPECT_EQ(test, m.jobs[2].slot, 2u);
	KUNIT_EXPECT_EQ(test, m.jobs[2].seed, 16u);
	KUNIT_EXPECT_EQ(test, m.jobs[2].line, 8u);

	KUNIT_EXPECT_EQ(test, mix_check_device(&m, 8, 8, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, mix_check_device(&m, 4, 8, err, sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, "t.mix:7: slot 5, the device has 4 slots");
	KUNIT_EXPECT_EQ(test, mix_check_device(&m, 8, 6, err, sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, "t.mix:7: sms names SM 6, the device has 6 SMs");

	/* Defaults. */
	KUNIT_ASSERT_EQ(test, mix_parse("job matmul\n", "dir/x.mix", lookup, &m, err,
					sizeof(err)), 0);
	KUNIT_EXPECT_STREQ(test, m.name, "x.mix");
	KUNIT_EXPECT_EQ(test, m.budget, MIX_DEFAULT_BUDGET);
	KUNIT_EXPECT_EQ(test, m.jobs[0].scale, 1u);
	KUNIT_EXPECT_FALSE(test, m.has_priority);

	/* The driver's policies by name. */
	KUNIT_ASSERT_EQ(test, mix_parse("policy = even\njob matmul\n", "p.mix", lookup,
					&m, err, sizeof(err)), 0);
	KUNIT_EXPECT_STREQ(test, m.policy, "even");
	KUNIT_ASSERT_EQ(test, mix_parse("policy=fcfs # default\njob matmul\n", "p.mix",
					lookup, &m, err, sizeof(err)), 0);
	KUNIT_EXPECT_STREQ(test, m.policy, "fcfs");
}

/* Firmware settings: parsed by name, in uapi terms, checked on a device. */
static void mix_fw(struct kunit *test)
{
	static const char text[] =
		"irc = on\n"
		"llc = prob-static\n"
		"llc_prob = 0x3e8\n"
		"job vecadd irc_share=300 vc=config\n"
		"job matmul slot=3 l1_ways=0x0f dram_prio=3\n";
	struct corun_fw_setting s[MIX_FW_SETTINGS];
	unsigned int line[MIX_FW_SETTINGS], n;
	uint32_t knobs[CORUN_FWK_NR], slot_of[2] = { 0, 1 }, k;
	uint64_t modes[CORUN_FWK_NR], params;
	struct corun_policy_platform p;
	char err[256] = "", txt[64];
	struct mix m;

	KUNIT_ASSERT_EQ_MSG(test, mix_parse(text, "f.mix", lookup, &m, err,
					    sizeof(err)), 0, "%s", err);
	n = mix_fw_settings(&m, NULL, knobs, s, line);
	KUNIT_EXPECT_EQ(test, knobs[CORUN_FWK_IRC],
			(uint32_t)corun_fwk_value_find(CORUN_FWK_IRC, "on"));
	KUNIT_EXPECT_EQ(test, knobs[CORUN_FWK_LLC],
			(uint32_t)corun_fwk_value_find(CORUN_FWK_LLC,
						       "prob-static"));
	KUNIT_EXPECT_EQ(test, knobs[CORUN_FWK_VCP], 0u);
	KUNIT_ASSERT_EQ(test, n, 5u);
	/* device-wide first, then per job in file order, on its slot */
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[0], 0, 0, txt, 64),
			   "llc_prob=1000");
	KUNIT_EXPECT_EQ(test, line[0], 3u);
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[1], 0, 0, txt, 64),
			   "irc_share:0=300");
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[2], 0, 0, txt, 64),
			   "vc:0=config");
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[3], 0, 0, txt, 64),
			   "l1_ways:3=0xf");
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[4], 0, 0, txt, 64),
			   "dram_prio:3=3");
	KUNIT_EXPECT_EQ(test, line[4], 5u);
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(NULL, CORUN_FWK_LLC,
						     knobs[CORUN_FWK_LLC], txt,
						     64),
			   "llc=prob-static");
	/* the host says where the jobs run */
	mix_fw_settings(&m, slot_of, knobs, s, NULL);
	KUNIT_EXPECT_EQ(test, s[3].slot, 1u);

	memset(&p, 0, sizeof(p));
	p.num_slots = 8;
	p.l1_ways = 4;
	p.llc_ways = 16;
	p.num_vcs = 2;
	for (k = 0; k < CORUN_FWK_NR; k++)
		modes[k] = corun_fwk_modes(k, ~0u);
	params = corun_fwp_mask(~0u);
	KUNIT_EXPECT_EQ_MSG(test, mix_check_fw(&m, NULL, &p, modes, params, err,
					       sizeof(err)), 0, "%s", err);
	/* what the device's firmware lacks */
	modes[CORUN_FWK_IRC] = 1;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, params, err,
					   sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err,
			   "f.mix:1: irc = on: the device's firmware does not implement it");
	modes[CORUN_FWK_IRC] = 7;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, params & ~(1ull << 7),
					   err, sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err,
			   "f.mix:5: dram_prio:3=3: the device's firmware does not implement it");
	/* what the device lacks */
	p.l1_ways = 2;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, params, err,
					   sizeof(err)), 0);
	m.jobs[1].fw[corun_fwp_find("l1_ways")] = 0x10;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, params, err,
					   sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, "f.mix:5: l1_ways:3=0x10: no way of the L1's 2");
	m.jobs[1].fw[corun_fwp_find("l1_ways")] = 1;
	m.jobs[0].fw[corun_fwp_find("vc")] = 2;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, params, err,
					   sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err,
			   "f.mix:4: vc:0=2: the device has 2 virtual channels (or config)");
	m.jobs[0].fw[corun_fwp_find("vc")] = 1;
	p.num_slots = 3;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, params, err,
					   sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, "f.mix:5: l1_ways:3=0x1: the device has 3 slots");
	p.num_slots = 8;
	/* the whole: L1 parameters with a shared L1 */
	m.fw_knob[CORUN_FWK_L1] = corun_fwk_value_find(CORUN_FWK_L1, "shared");
	m.fw_knob_line[CORUN_FWK_L1] = 2;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, params, err,
					   sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, "f.mix:5: l1_ways:3=0x1: not with l1 = shared");
}

struct bad_mix {
	const char *text;
	const char *msg;	/* expected message, exactly */
};

static const struct bad_mix bad_mixes[] = {
	{ "job\n", "b.mix:1: job: missing workload name" },
	{ "\n\njob nope\n",
	  "b.mix:3: unknown workload 'nope' (known: vecadd, matmul; or a kernel ELF: job FILE.elf grid=... block=...)" },
	{ "job vecadd slot=1\njob matmul slot=1\n",
	  "b.mix:2: slot 1 already used by the job on line 1" },
	{ "job vecadd colour=red\n",
	  "b.mix:1: unknown job key 'colour' (known: scale seed slot priority placement sms quota throttle qos irc_share irc_prio l1_ways l1_bypass_ctas llc_ways vc dram_prio)" },
	{ "job vecadd seed=1 seed=2\n", "b.mix:1: seed given twice" },
	{ "job vecadd qos=0\n", "b.mix:1: qos=0: out of range 1..1024" },
	{ "job vecadd qos=1025\n", "b.mix:1: qos=1025: out of range 1..1024" },
	{ "job vecadd seed\n", "b.mix:1: 'seed': expected key=value" },
	{ "job vecadd seed=-1\n", "b.mix:1: seed=-1: expected an unsigned 32-bit number" },
	{ "job vecadd seed=4294967296\n",
	  "b.mix:1: seed=4294967296: expected an unsigned 32-bit number" },
	{ "job vecadd scale=9\n", "b.mix:1: scale=9: out of range 0..4" },
	{ "job vecadd priority=16\n", "b.mix:1: priority=16: out of range 0..15" },
	{ "job vecadd slot=16\n", "b.mix:1: slot=16: out of range 0..15" },
	{ "job vecadd placement=best\n",
	  "b.mix:1: placement=best: expected rr, chunk, reset, flip or steal" },
	{ "job vecadd sms=3-1\n", "b.mix:1: sms=3-1: range 3-1 not within 0-127" },
	{ "job vecadd sms=0,,2\n", "b.mix:1: sms=0,,2: expected a list like 0-7,12" },
	{ "job vecadd sms=0-128\n", "b.mix:1: sms=0-128: range 0-128 not within 0-127" },
	{ "budget = 0\njob vecadd\n",
	  "b.mix:1: budget = 0: expected a cycle count >= 1 (k/M/G suffixes allowed)" },
	{ "budget = 5X\njob vecadd\n",
	  "b.mix:1: budget = 5X: expected a cycle count >= 1 (k/M/G suffixes allowed)" },
	{ "budget = 1\nbudget = 2\njob vecadd\n", "b.mix:2: budget given twice" },
	{ "budget = 1 2\n", "b.mix:1: budget = 1 2: one value expected" },
	{ "budget =\n", "b.mix:1: budget: missing value" },
	{ "job vecadd\nscale = 1\n", "b.mix:2: scale must come before the job lines" },
	{ "colour = red\n",
	  "b.mix:1: unknown setting 'colour' (known: name, budget, scale, policy, alone_sched, sched, irc, llc, vcp, dram, l1, llc_prob; jobs are 'job WORKLOAD ...')" },
	{ "policy = best\njob vecadd\n",
	  "b.mix:1: policy = best: expected fcfs, even, proportional, smk, ccbp, warped-slicer, hsm-fair, hsm-qos, dase-fair or dase-qos" },
	{ "policy = even\npolicy = even\njob vecadd\n", "b.mix:2: policy given twice" },
	{ "sched = gto\nsched = lrr\njob vecadd\n", "b.mix:2: sched given twice" },
	{ "vecadd\n", "b.mix:1: expected 'job WORKLOAD ...' or 'key = value', got 'vecadd'" },
	/* firmware settings */
	{ "irc = maybe\njob vecadd\n", "b.mix:1: irc = maybe: expected off or on" },
	{ "llc = best\njob vecadd\n",
	  "b.mix:1: llc = best: expected lru, prob-static, prob-dynamic or way-partition" },
	{ "irc = on\nirc = off\njob vecadd\n", "b.mix:2: irc given twice" },
	{ "llc_prob = 2000\njob vecadd\n", "b.mix:1: llc_prob=2000: out of range 0..1024" },
	{ "llc_prob = 1\nllc_prob = 2\njob vecadd\n", "b.mix:2: llc_prob given twice" },
	{ "irc_share = 3\njob vecadd\n",
	  "b.mix:1: unknown setting 'irc_share' (known: name, budget, scale, policy, alone_sched, sched, irc, llc, vcp, dram, l1, llc_prob; jobs are 'job WORKLOAD ...')" },
	{ "job vecadd irc_share=1025\n", "b.mix:1: irc_share=1025: out of range 0..1024" },
	{ "job vecadd dram_prio=16\n", "b.mix:1: dram_prio=16: out of range 0..15" },
	{ "job vecadd vc=x\n",
	  "b.mix:1: vc=x: expected an unsigned 32-bit number or config" },
	{ "job vecadd l1_ways=-1\n",
	  "b.mix:1: l1_ways=-1: expected an unsigned 32-bit number" },
	{ "job vecadd irc_share=1 irc_share=2\n", "b.mix:1: irc_share given twice" },
	{ "job vecadd llc_prob=3\n",
	  "b.mix:1: unknown job key 'llc_prob' (known: scale seed slot priority placement sms quota throttle qos irc_share irc_prio l1_ways l1_bypass_ctas llc_ways vc dram_prio)" },
	{ "# nothing\n", "b.mix: no job lines" },
	{ "alone_sched = fastest\njob vecadd\n",
	  "b.mix:1: alone_sched = fastest: expected config, lrr, gto, two_level or kaware" },
	{ "alone_sched = gto\nalone_sched = lrr\njob vecadd\n", "b.mix:2: alone_sched given twice" },
	/* ELF jobs: the line is checked; the files only by mix_load() */
	{ "job k.elf block=32\n",
	  "b.mix:1: k.elf: grid= missing (an ELF job needs grid= and block=)" },
	{ "job d/k grid=1\n",
	  "b.mix:1: d/k: block= missing (an ELF job needs grid= and block=)" },
	{ "job k.elf grid=1 block=0\n",
	  "b.mix:1: block=0: expected X, XxY or XxYxZ with each 1..2147483648" },
	{ "job k.elf grid=2x3x4x5 block=1\n",
	  "b.mix:1: grid=2x3x4x5: expected X, XxY or XxYxZ with each 1..2147483648" },
	{ "job k.elf grid=1 grid=2 block=1\n", "b.mix:1: grid given twice" },
	{ "job k.elf grid=1 block=1 kernel=a kernel=b\n", "b.mix:1: kernel given twice" },
	{ "job k.elf grid=1 block=1 arg=u32:-1\n",
	  "b.mix:1: arg=u32:-1: expected an unsigned 32-bit number" },
	{ "job k.elf grid=1 block=1 arg=i32:2147483648\n",
	  "b.mix:1: arg=i32:2147483648: expected a signed 32-bit number" },
	{ "job k.elf grid=1 block=1 arg=f32:inf\n", "b.mix:1: arg=f32:inf: expected a finite float" },
	{ "job k.elf grid=1 block=1 arg=buf:0\n",
	  "b.mix:1: arg=buf:0: expected buf:BYTES with 1..268435456 bytes, then :FILL if any" },
	{ "job k.elf grid=1 block=1 arg=buf:8:ones\n",
	  "b.mix:1: arg=buf:8:ones: fill ones: expected zero, iota, rand or frand" },
	{ "job k.elf grid=1 block=1 arg=ptr:3\n",
	  "b.mix:1: arg=ptr:3: expected u32:N, i32:N, f32:X, buf:BYTES[:FILL] or file:PATH" },
	{ "job k.elf grid=1 block=1 arg=file:\n", "b.mix:1: arg=file:: empty file name" },
	{ "job k.elf grid=1 block=1 arg=buf:8 expect=1:r.bin\n",
	  "b.mix:1: expect=1:...: the job has 1 arg=" },
	{ "job k.elf grid=1 block=1 arg=f32:1 expect=0:r.bin\n",
	  "b.mix:1: expect=0:...: argument 0 is a scalar, not a buffer" },
	{ "job k.elf grid=1 block=1 arg=buf:8 expect=0:r expect=0:s\n",
	  "b.mix:1: expect=0 given twice" },
	{ "job k.elf grid=1 block=1 expect=x\n",
	  "b.mix:1: expect=x: expected N:PATH, N the buffer argument's index (from 0)" },
	{ "job k.elf grid=1 block=1 scale=0\n",
	  "b.mix:1: scale= does not apply to an ELF job (its arg= give the sizes)" },
	{ "job k.elf grid=1 block=1 colour=red\n",
	  "b.mix:1: unknown key 'colour' of an ELF job (known: kernel grid block arg expect seed slot priority placement sms quota throttle qos irc_share irc_prio l1_ways l1_bypass_ctas llc_ways vc dram_prio)" },
};

static void mix_bad_desc(const struct bad_mix *b, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%.100s", b->msg);
}

KUNIT_ARRAY_PARAM(bad_mix, bad_mixes, mix_bad_desc);

static void mix_errors(struct kunit *test)
{
	const struct bad_mix *b = test->param_value;
	struct mix m;
	char err[512] = "";

	KUNIT_EXPECT_EQ(test, mix_parse(b->text, "b.mix", lookup, &m, err,
					sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, b->msg);
}

static void mix_elf_job(struct kunit *test)
{
	static const char text[] =
		"job k.elf grid=4x2 block=64 arg=buf:4096:frand arg=file:d/in.bin arg=u32:0x10 arg=i32:-3 arg=f32:2.5 arg=buf:12 expect=5:/abs/ref.bin seed=3 slot=2\n"
		"job vecadd\n";
	const struct wl_elf_job *e;
	struct wl_params p;
	struct mix m;
	char err[512] = "";
	float f = 2.5f;
	uint32_t fbits;

	memcpy(&fbits, &f, sizeof(fbits));
	KUNIT_ASSERT_EQ_MSG(test, mix_parse(text, "dir/x.mix", lookup, &m, err,
					    sizeof(err)), 0, "%s", err);
	KUNIT_ASSERT_EQ(test, m.njobs, 2u);
	KUNIT_EXPECT_TRUE(test, m.jobs[0].is_elf);
	KUNIT_EXPECT_FALSE(test, m.jobs[1].is_elf);
	e = &m.jobs[0].elf;
	/* relative paths from the mix's directory, absolute ones as given */
	KUNIT_EXPECT_STREQ(test, e->path, "dir/k.elf");
	KUNIT_EXPECT_STREQ(test, e->kernel, "");
	KUNIT_EXPECT_EQ(test, e->grid[0], 4u);
	KUNIT_EXPECT_EQ(test, e->grid[1], 2u);
	KUNIT_EXPECT_EQ(test, e->grid[2], 1u);
	KUNIT_EXPECT_EQ(test, e->block[0], 64u);
	KUNIT_ASSERT_EQ(test, e->nargs, 6u);
	KUNIT_EXPECT_EQ(test, e->args[0].kind, (uint32_t)WL_ELF_BUF);
	KUNIT_EXPECT_EQ(test, e->args[0].bytes, 4096u);
	KUNIT_EXPECT_EQ(test, e->args[0].fill, (uint32_t)WL_ELF_FILL_FRAND);
	KUNIT_EXPECT_EQ(test, e->args[1].kind, (uint32_t)WL_ELF_FILE);
	KUNIT_EXPECT_STREQ(test, e->args[1].path, "dir/d/in.bin");
	KUNIT_EXPECT_EQ(test, e->args[2].value, 16u);
	KUNIT_EXPECT_EQ(test, e->args[3].value, (uint32_t)-3);
	KUNIT_EXPECT_EQ(test, e->args[4].value, fbits);
	KUNIT_EXPECT_EQ(test, e->args[5].fill, (uint32_t)WL_ELF_FILL_ZERO);
	KUNIT_EXPECT_STREQ(test, e->args[5].expect, "/abs/ref.bin");
	KUNIT_EXPECT_STREQ(test, e->args[0].expect, "");
	KUNIT_EXPECT_EQ(test, m.jobs[0].seed, 3u);
	KUNIT_EXPECT_EQ(test, m.jobs[0].slot, 2u);
	KUNIT_EXPECT_TRUE(test, mix_job_workload(&m.jobs[0], &p) == &e->wl);
	KUNIT_EXPECT_TRUE(test, p.elf == e);
	KUNIT_EXPECT_EQ(test, p.seed, 3u);
	KUNIT_EXPECT_TRUE(test, mix_job_workload(&m.jobs[1], &p) == wl_find("vecadd"));
	KUNIT_EXPECT_TRUE(test, p.elf == NULL);
}

static void mix_too_many_jobs(struct kunit *test)
{
	char text[2048] = "";
	struct mix m;
	char err[256];
	int i;

	for (i = 0; i <= MIX_MAX_JOBS; i++)
		strcat(text, "job vecadd\n");
	KUNIT_EXPECT_EQ(test, mix_parse(text, "m.mix", lookup, &m, err, sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, "m.mix:17: more than 16 jobs");
}

/* ---- metrics ---- */

static void metrics_formulas(struct kunit *test)
{
	const double alone[3] = { 2.0, 4.0, 1.0 }, shared[3] = { 1.0, 1.0, 1.0 };
	struct mix_metrics m;

	metrics_compute(alone, shared, 3, &m);
	/* NP = 0.5, 0.25, 1; slowdowns 2, 4, 1. */
	KUNIT_EXPECT_TRUE(test, close_to(m.stp, 1.75));
	KUNIT_EXPECT_TRUE(test, close_to(m.hs, 3.0 / 7.0));
	KUNIT_EXPECT_TRUE(test, close_to(m.antt, 7.0 / 3.0));
	KUNIT_EXPECT_TRUE(test, close_to(m.fairness, 0.25));
	KUNIT_EXPECT_TRUE(test, close_to(metrics_slowdown(2, 1), 2));
	KUNIT_EXPECT_TRUE(test, close_to(metrics_np(2, 1), 0.5));

	/* A starved job: infinite slowdown. */
	{
		const double s0[2] = { 1.0, 0.0 }, a0[2] = { 1.0, 1.0 };

		metrics_compute(a0, s0, 2, &m);
		KUNIT_EXPECT_TRUE(test, close_to(m.stp, 1.0));
		KUNIT_EXPECT_EQ(test, m.hs, 0.0);
		KUNIT_EXPECT_TRUE(test, isinf(m.antt));
		KUNIT_EXPECT_EQ(test, m.fairness, 0.0);
	}
	/* No alone IPC: nothing is defined. */
	{
		const double a1[2] = { 1.0, NAN }, s1[2] = { 1.0, 1.0 };

		metrics_compute(a1, s1, 2, &m);
		KUNIT_EXPECT_TRUE(test, isnan(m.stp) && isnan(m.hs) && isnan(m.antt) &&
				  isnan(m.fairness));
		KUNIT_EXPECT_TRUE(test, isnan(metrics_slowdown(0, 1)));
	}
}

/* ---- the binary ---- */

static void check_corun_json(struct kunit *test, const struct jv *doc)
{
	const struct jv *alone = jget(doc, "alone"), *co = jget(doc, "corun");
	const struct jv *jobs, *met, *cfg;
	double sum_np = 0, sum_sd = 0, np_min = INFINITY, np_max = 0, cycles;
	int i, k, n;

	KUNIT_EXPECT_STREQ(test, jstr(test, doc, "tool"), "corun-sim");
	KUNIT_EXPECT_TRUE(test, jget(doc, "ok") && jget(doc, "ok")->t == J_BOOL &&
			  jget(doc, "ok")->num == 1);
	cfg = jget(doc, "config");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "name"), "test-2sm");
	/* by default the alone runs use the configuration's scheduler */
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "alone_sched"), "lrr");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "corun_sched"), "lrr");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "timing_address"), "pa");
	KUNIT_EXPECT_TRUE(test, jget(doc, "lockstep") &&
			  jget(doc, "lockstep")->t == J_NULL);
	KUNIT_EXPECT_EQ(test, jnum(test, jget(jget(cfg, "ini"), "gpu"), "num_sms"), 2.0);
	KUNIT_ASSERT_NOT_NULL(test, alone);
	KUNIT_ASSERT_NOT_NULL(test, co);
	jobs = jget(co, "jobs");
	met = jget(co, "metrics");
	KUNIT_ASSERT_TRUE(test, jobs && jobs->t == J_ARR && jobs->n >= 2);
	KUNIT_ASSERT_NOT_NULL(test, met);
	cycles = jnum(test, co, "cycles");
	KUNIT_EXPECT_EQ(test, cycles, jnum(test, jget(doc, "mix"), "budget_cycles"));

	for (k = 0; k < alone->n; k++) {
		const struct jv *a = alone->v[k];

		KUNIT_EXPECT_STREQ(test, jstr(test, a, "status"), "ok");
		KUNIT_EXPECT_GT(test, jnum(test, a, "thread_insns"), 0.0);
		KUNIT_EXPECT_GE(test, jnum(test, a, "thread_insns"),
				jnum(test, a, "warp_insns"));
		KUNIT_EXPECT_TRUE(test, close_to(jnum(test, a, "ipc"),
						 jnum(test, a, "thread_insns") /
						 jnum(test, a, "cycles")));
	}
	n = jobs->n;
	for (i = 0; i < n; i++) {
		const struct jv *j = jobs->v[i];
		double ipc = jnum(test, j, "ipc"), ia = jnum(test, j, "ipc_alone");
		double sd = jnum(test, j, "slowdown"), np = jnum(test, j, "norm_progress");
		int found = 0;

		KUNIT_EXPECT_STREQ(test, jstr(test, j, "status"), "ok");
		/* The budget is several runs long: runs were re-executed. */
		KUNIT_EXPECT_GE(test, jnum(test, j, "runs"), 2.0);
		KUNIT_EXPECT_TRUE(test, close_to(ipc, jnum(test, j, "thread_insns") / cycles));
		KUNIT_EXPECT_TRUE(test, close_to(sd, ia / ipc));
		KUNIT_EXPECT_TRUE(test, close_to(np, ipc / ia));
		/* Sharing two SMs cannot make a job faster than alone. */
		KUNIT_EXPECT_GE_MSG(test, sd, 0.95, "job %d slowdown %f", i, sd);
		for (k = 0; k < alone->n; k++) {
			const struct jv *a = alone->v[k];

			if (!strcmp(jstr(test, a, "workload"), jstr(test, j, "workload")) &&
			    jnum(test, a, "scale") == jnum(test, j, "scale") &&
			    jnum(test, a, "seed") == jnum(test, j, "seed")) {
				KUNIT_EXPECT_TRUE(test, close_to(ia, jnum(test, a, "ipc")));
				found = 1;
			}
		}
		KUNIT_EXPECT_TRUE_MSG(test, found, "job %d has no alone run", i);
		sum_np += ipc / ia;
		sum_sd += ia / ipc;
		np_min = fmin(np_min, ipc / ia);
		np_max = fmax(np_max, ipc / ia);
	}
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "stp"), sum_np));
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "hspeedup"), n / sum_sd));
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "antt"), sum_sd / n));
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "fairness"), np_min / np_max));
}

static void sim_small_mix_json(struct kunit *test)
{
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--counters", NULL);

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	check_corun_json(test, json_doc(test, o->out));
	/* --counters: per-job counters agree with the job's own fields. */
	{
		const struct jv *jobs = jget(jget(json_doc(test, o->out), "corun"), "jobs");
		const struct jv *c = jget(jobs->v[0], "counters");

		KUNIT_ASSERT_NOT_NULL(test, c);
		KUNIT_EXPECT_EQ(test, jnum(test, c, "thread_insns"),
				jnum(test, jobs->v[0], "thread_insns"));
		KUNIT_EXPECT_GT(test, jnum(test, c, "ctas_done"), 0.0);
		KUNIT_EXPECT_NOT_NULL(test, jget(c, "stall"));
	}
}

static void sim_deterministic(struct kunit *test)
{
	struct out *a = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", NULL);
	struct out *b = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", NULL);
	struct out *t1 = run_sim(test, "--config", cfg_path, "--mix", mix_path, NULL);
	struct out *t2 = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				 "--quiet", NULL);

	KUNIT_ASSERT_EQ(test, a->status, 0);
	KUNIT_ASSERT_EQ(test, b->status, 0);
	KUNIT_EXPECT_STREQ(test, a->out, b->out);
	/* Text: deterministic too, with or without the stderr extras. */
	KUNIT_ASSERT_EQ(test, t1->status, 0);
	KUNIT_EXPECT_STREQ(test, t1->out, t2->out);
	/* a one-line summary of the configuration, the whole on request */
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "[gpu]") == NULL);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(t1->out, "\n# configuration test-2sm: 2 SMs, warp 8, 8 slots, warp scheduler lrr, timing_address pa, id 0x") != NULL,
			      "stdout: %s", t1->out);
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "\n# warp scheduler: alone runs lrr (the configuration's), co-runs lrr (the configuration's)\n") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "metrics: STP ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "result: ok") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(t1->err, "simulation rate:") != NULL);
	KUNIT_EXPECT_EQ(test, t2->err[0], 0);
}

static void sim_alone_only_and_no_alone(struct kunit *test)
{
	struct out *a = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--alone-only", NULL);
	struct out *c = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--no-alone", "--cycles", "20k",
				NULL);
	const struct jv *d, *jobs;

	KUNIT_ASSERT_EQ_MSG(test, a->status, 0, "%s", a->err);
	d = json_doc(test, a->out);
	KUNIT_EXPECT_NULL(test, jget(d, "corun"));
	KUNIT_EXPECT_GE(test, jget(d, "alone")->n, 1);

	KUNIT_ASSERT_EQ_MSG(test, c->status, 0, "%s", c->err);
	d = json_doc(test, c->out);
	KUNIT_EXPECT_EQ(test, jget(d, "alone")->n, 0);
	KUNIT_EXPECT_EQ(test, jnum(test, jget(d, "corun"), "cycles"), 20000.0);
	KUNIT_EXPECT_EQ(test, jnum(test, jget(d, "mix"), "budget_cycles"), 20000.0);
	jobs = jget(jget(d, "corun"), "jobs");
	KUNIT_EXPECT_EQ(test, jget(jobs->v[0], "slowdown")->t, J_NULL);
	KUNIT_EXPECT_EQ(test, jget(jget(jget(d, "corun"), "metrics"), "stp")->t, J_NULL);
	/* Partial runs still count: instructions without a finished run. */
	KUNIT_EXPECT_GT(test, jnum(test, jobs->v[0], "thread_insns"), 0.0);
}

/*
 * Alone runs are measured like the co-run (re-executed over the budget)
 * unless --alone-runs once; a job alone in a co-run then has slowdown 1.
 */
static void sim_alone_runs(struct kunit *test)
{
	const char *one = tmp_file(test, ".mix", "budget = 30k\njob vecadd scale=0\n");
	struct out *b = run_sim(test, "--config", cfg_path, "--mix", one,
				"--json", "--quiet", "--alone-sched", "config",
				NULL);
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", one,
				"--json", "--quiet", "--alone-runs", "once",
				"--alone-only", NULL);
	struct out *bad = run_sim(test, "--config", cfg_path, "--mix", one,
				  "--alone-runs", "twice", NULL);
	const struct jv *d, *a, *j;

	KUNIT_ASSERT_EQ_MSG(test, b->status, 0, "%s", b->err);
	d = json_doc(test, b->out);
	KUNIT_EXPECT_STREQ(test, jstr(test, jget(d, "config"), "alone_runs"), "budget");
	a = jget(d, "alone")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, a, "cycles"), 30000.0);
	KUNIT_EXPECT_GE(test, jnum(test, a, "runs"), 2.0);
	j = jget(jget(d, "corun"), "jobs");
	KUNIT_ASSERT_TRUE(test, j && j->t == J_ARR && j->n == 1);
	j = j->v[0];
	/* Same device, same scheduler, same window: the same run. */
	KUNIT_EXPECT_EQ(test, jnum(test, j, "thread_insns"),
			jnum(test, a, "thread_insns"));
	KUNIT_EXPECT_EQ(test, jnum(test, j, "slowdown"), 1.0);

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	d = json_doc(test, o->out);
	KUNIT_EXPECT_STREQ(test, jstr(test, jget(d, "config"), "alone_runs"), "once");
	a = jget(d, "alone")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, a, "runs"), 1.0);
	KUNIT_EXPECT_LT(test, jnum(test, a, "cycles"), 30000.0);

	KUNIT_EXPECT_EQ(test, bad->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(bad->err, "--alone-runs twice: expected once or budget") != NULL,
			      "stderr: %s", bad->err);
}

/*
 * The slowdown's baseline is explicit: a mix's alone_sched sets the alone
 * runs' scheduler, --alone-sched beats it, and the report says which and
 * where from; --full-config prints the whole configuration.
 */
static void sim_alone_sched(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix",
				 "budget = 20k\nalone_sched = gto\njob vecadd scale=0\n");
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", m,
				"--quiet", "--full-config", NULL);
	struct out *c = run_sim(test, "--config", cfg_path, "--mix", m,
				"--quiet", "--alone-sched", "config", "--json",
				NULL);
	const struct jv *cfg;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->out, "\n# warp scheduler: alone runs gto (the mix's alone_sched), co-runs lrr (the configuration's)\n") != NULL,
			      "stdout: %s", o->out);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "alone runs (scheduler gto,") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "# effective configuration:\n[gpu]\n") != NULL);
	KUNIT_ASSERT_EQ_MSG(test, c->status, 0, "%s", c->err);
	cfg = jget(json_doc(test, c->out), "config");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "alone_sched"), "lrr");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "corun_sched"), "lrr");
}

static void sim_bad_mix(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix", "budget = 10k\njob vecadd scale=0\njob vecadd scale=0 slot=zero\n");
	const char *u = tmp_file(test, ".mix", "# x\njob no-such-workload\n");
	const char *s = tmp_file(test, ".mix", "job vecadd scale=0 slot=9\n");
	struct out *o;
	char want[256];

	o = run_sim(test, "--config", cfg_path, "--mix", m, NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	snprintf(want, sizeof(want), "%s:3: slot=zero: expected an unsigned 32-bit number", m);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, want) != NULL, "stderr: %s", o->err);
	KUNIT_EXPECT_EQ(test, o->out[0], 0);

	o = run_sim(test, "--config", cfg_path, "--mix", u, NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	snprintf(want, sizeof(want), "%s:2: unknown workload 'no-such-workload' (known: ", u);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, want) != NULL, "stderr: %s", o->err);
	KUNIT_EXPECT_TRUE(test, strstr(o->err, "vecadd") != NULL);
	/* the whole list: the last variant and the fault tests */
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "coloring-rmat; fault tests: fault-null") &&
			      strstr(o->err, "fault-assert; or a kernel ELF"),
			      "stderr: %s", o->err);

	/* test-2sm has 8 slots. */
	o = run_sim(test, "--config", cfg_path, "--mix", s, NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	snprintf(want, sizeof(want), "%s:1: slot 9, the device has 8 slots", s);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, want) != NULL, "stderr: %s", o->err);

	o = run_sim(test, "--config", cfg_path, "--mix", "/nonexistent.mix", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	KUNIT_EXPECT_TRUE(test, strstr(o->err, "/nonexistent.mix") != NULL);
}

static void sim_bad_config_and_kernels(struct kunit *test)
{
	const char *c = tmp_file(test, ".ini", "[gpu]\nnum_sms = 2\nfrobnicate = 1\n");
	const char *m = tmp_file(test, ".mix", "job vecadd scale=0\n");
	char dir[] = "/tmp/corun-sim-test-kdir-XXXXXX", elf[64];
	struct out *o;
	int fd;

	o = run_sim(test, "--config", c, "--mix", m, NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, c) && strstr(o->err, ":3:"),
			      "stderr: %s", o->err);

	/* A kernel directory whose ELF is garbage. */
	KUNIT_ASSERT_NOT_NULL(test, mkdtemp(dir));
	snprintf(elf, sizeof(elf), "%s/basic.elf", dir);
	fd = open(elf, O_CREAT | O_WRONLY, 0644);
	KUNIT_ASSERT_TRUE(test, fd >= 0);
	KUNIT_EXPECT_EQ(test, write(fd, "\177ELFjunk", 8), 8);
	close(fd);
	o = run_sim(test, "--config", cfg_path, "--mix", m, "--kernel-dir", dir, NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "bad kernel binary") != NULL,
			      "stderr: %s", o->err);
	unlink(elf);
	/* Missing ELF. */
	o = run_sim(test, "--config", cfg_path, "--mix", m, "--kernel-dir", dir, NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "No such file") != NULL,
			      "stderr: %s", o->err);
	rmdir(dir);

	o = run_sim(test, "--config", cfg_path, NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", cfg_path, "--mix", m, "--cycles", "0", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", cfg_path, "--mix", m, "--alone-sched", "fastest",
		    NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
}

/* ---- policies ---- */

static uint64_t hex_mask(struct kunit *test, const struct jv *j)
{
	const char *h = jstr(test, j, "sm_mask");

	KUNIT_ASSERT_TRUE_MSG(test, !strncmp(h, "0x", 2), "sm_mask %s", h);
	return strtoull(h, NULL, 16);
}

/* A policy record's SM mask ("word3:word2:word1:word0"), low word. */
static uint64_t rec_mask(struct kunit *test, const struct jv *r)
{
	const char *h = jstr(test, r, "sm_mask");

	KUNIT_ASSERT_TRUE_MSG(test, strlen(h) == 35 && h[8] == ':',
			      "sm_mask %s", h);
	return strtoull(h + 27, NULL, 16);
}

/*
 * even: whenever both jobs run, their slots' SM masks (as programmed by
 * the policy, replayed from the trace's records, one per slot a decision
 * changed) are disjoint and cover both SMs; idle slots keep every SM.
 * Decisions come at job starts, job ends and epochs.
 */
static void sim_policy_even_masks(struct kunit *test)
{
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--no-alone", "--cycles",
				"250k", "--policy", "even", "--trace-policy", NULL);
	const struct jv *doc, *co, *tr, *jobs;
	int t, both = 0, groups = 0, starts = 0, ends = 0;
	uint64_t mask[2] = { 3, 3 };
	int running[2] = { 0, 0 };

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	doc = json_doc(test, o->out);
	KUNIT_EXPECT_STREQ(test, jstr(test, doc, "policy"), "even");
	co = jget(doc, "corun");
	KUNIT_ASSERT_NOT_NULL(test, co);
	KUNIT_EXPECT_STREQ(test, jstr(test, co, "policy"), "even");
	/* The driver's default epoch, epochs while jobs are resident. */
	KUNIT_EXPECT_EQ(test, jnum(test, co, "epoch_cycles"), 100000.0);
	KUNIT_EXPECT_EQ(test, jnum(test, co, "epochs"), 2.0);
	tr = jget(co, "policy_trace");
	KUNIT_ASSERT_TRUE(test, tr && tr->t == J_ARR && tr->n > 4);
	/* records only for changes: fewer than slots x decisions */
	KUNIT_EXPECT_LT(test, (double)tr->n,
			8 * jnum(test, co, "policy_decisions"));
	for (t = 0; t < tr->n; t++) {
		const struct jv *r = tr->v[t];
		const char *ev = jstr(test, r, "event");
		int s = (int)jnum(test, r, "slot");

		KUNIT_EXPECT_STREQ(test, jstr(test, r, "policy"), "even");
		if (s < 2) {
			mask[s] = rec_mask(test, r);
			running[s] = jget(r, "running")->num != 0;
		}
		/* check once a decision's records are all applied */
		if (t + 1 < tr->n &&
		    jnum(test, tr->v[t + 1], "cycle") == jnum(test, r, "cycle") &&
		    !strcmp(jstr(test, tr->v[t + 1], "event"), ev))
			continue;
		groups++;
		starts += !strcmp(ev, "start");
		ends += !strcmp(ev, "end");
		if (running[0] && running[1]) {
			both++;
			KUNIT_EXPECT_EQ_MSG(test, mask[0] & mask[1], 0ull,
					    "record %d", t);
			KUNIT_EXPECT_EQ_MSG(test, mask[0] | mask[1], 3ull,
					    "record %d", t);
		} else {
			/* one job alone (between launches) gets everything */
			KUNIT_EXPECT_EQ_MSG(test, mask[0], 3ull, "record %d", t);
			KUNIT_EXPECT_EQ_MSG(test, mask[1], 3ull, "record %d", t);
		}
	}
	KUNIT_EXPECT_LE(test, (double)groups,
			jnum(test, co, "policy_decisions"));
	KUNIT_EXPECT_GE(test, starts, 2);
	KUNIT_EXPECT_GE(test, ends, 1);
	KUNIT_EXPECT_GT(test, both, 2);
	/* At the end both jobs run, each on its own SM. */
	jobs = jget(co, "jobs");
	KUNIT_ASSERT_TRUE(test, jobs && jobs->n == 2);
	KUNIT_EXPECT_EQ(test, hex_mask(test, jobs->v[0]) & hex_mask(test, jobs->v[1]),
			0ull);
}

/*
 * fcfs is the default and the old behaviour (every slot on every SM, one
 * priority): the same output with --policy fcfs, with the mix's policy
 * setting, and every decision gives every slot all SMs.
 */
static void sim_policy_fcfs_default(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix",
				 "name = test-small\nbudget = 200k\nscale = 0\npolicy = fcfs\n"
				 "job vecadd slot=0\njob compute slot=1\n");
	const char *me = tmp_file(test, ".mix",
				  "name = test-small\nbudget = 200k\nscale = 0\npolicy = even\n"
				  "job vecadd slot=0\njob compute slot=1\n");
	struct out *d = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--no-alone", NULL);
	struct out *f = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--no-alone", "--policy", "fcfs", NULL);
	struct out *mf = run_sim(test, "--config", cfg_path, "--mix", m,
				 "--quiet", "--no-alone", NULL);
	struct out *me_ = run_sim(test, "--config", cfg_path, "--mix", me,
				  "--quiet", "--no-alone", "--json", NULL);
	struct out *mo = run_sim(test, "--config", cfg_path, "--mix", me,
				 "--quiet", "--no-alone", "--json", "--policy",
				 "fcfs", "--trace-policy", NULL);
	const struct jv *tr;
	const char *a, *b;
	int t;

	KUNIT_ASSERT_EQ_MSG(test, d->status, 0, "%s", d->err);
	KUNIT_ASSERT_EQ_MSG(test, f->status, 0, "%s", f->err);
	KUNIT_ASSERT_EQ_MSG(test, mf->status, 0, "%s", mf->err);
	KUNIT_EXPECT_STREQ(test, d->out, f->out);
	KUNIT_EXPECT_TRUE(test, strstr(d->out, "# policy fcfs, epoch 100000 cycles") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(d->out, ", policy fcfs, ") != NULL);
	/* Same co-run from the mix setting (the header names another file). */
	a = strstr(d->out, "co-run (");
	b = strstr(mf->out, "co-run (");
	KUNIT_ASSERT_TRUE(test, a && b);
	KUNIT_EXPECT_STREQ(test, a, b);

	/* The mix's "policy = even", and --policy overriding it. */
	KUNIT_ASSERT_EQ_MSG(test, me_->status, 0, "%s", me_->err);
	KUNIT_EXPECT_STREQ(test, jstr(test, json_doc(test, me_->out), "policy"), "even");
	KUNIT_EXPECT_STREQ(test, jstr(test, jget(json_doc(test, me_->out), "mix"), "policy"),
			   "even");
	KUNIT_ASSERT_EQ_MSG(test, mo->status, 0, "%s", mo->err);
	KUNIT_EXPECT_STREQ(test, jstr(test, json_doc(test, mo->out), "policy"), "fcfs");
	tr = jget(jget(json_doc(test, mo->out), "corun"), "policy_trace");
	/* fcfs never moves a mask: the selection's records are all there is */
	KUNIT_ASSERT_TRUE(test, tr && tr->n > 2);
	for (t = 0; t < tr->n; t++) {
		KUNIT_EXPECT_EQ(test, rec_mask(test, tr->v[t]), 3ull);
		KUNIT_EXPECT_STREQ(test, jstr(test, tr->v[t], "event"), "init");
	}
}

/* even and fcfs give the jobs different progress on two SMs; the
 * comparison table lists both. */
static void sim_compare_policies(struct kunit *test)
{
	struct out *j = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--compare-policies", "fcfs,even",
				NULL);
	struct out *t = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--compare-policies", "fcfs,even", NULL);
	struct out *e = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--policy", "even", NULL);
	const struct jv *doc, *cos, *pj;
	const char *tab, *ev;
	int k, differ = 0;

	KUNIT_ASSERT_EQ_MSG(test, j->status, 0, "%s", j->err);
	doc = json_doc(test, j->out);
	pj = jget(doc, "policies");
	KUNIT_ASSERT_TRUE(test, pj && pj->t == J_ARR && pj->n == 2);
	KUNIT_EXPECT_STREQ(test, pj->v[0]->str, "fcfs");
	KUNIT_EXPECT_STREQ(test, pj->v[1]->str, "even");
	cos = jget(doc, "coruns");
	KUNIT_ASSERT_TRUE(test, cos && cos->t == J_ARR && cos->n == 2);
	KUNIT_EXPECT_STREQ(test, jstr(test, cos->v[0], "policy"), "fcfs");
	KUNIT_EXPECT_STREQ(test, jstr(test, cos->v[1], "policy"), "even");
	for (k = 0; k < 2; k++) {
		const struct jv *j0 = jget(cos->v[0], "jobs")->v[k];
		const struct jv *j1 = jget(cos->v[1], "jobs")->v[k];

		differ += jnum(test, j0, "thread_insns") != jnum(test, j1, "thread_insns");
		KUNIT_EXPECT_STREQ(test, jstr(test, j0, "status"), "ok");
		KUNIT_EXPECT_STREQ(test, jstr(test, j1, "status"), "ok");
	}
	KUNIT_EXPECT_EQ(test, differ, 2);
	/* Each element is a full co-run: the metric formulas hold. */
	{
		struct jv one = *doc;
		const char *keys[16];
		struct jv *vals[16];
		int i;

		KUNIT_ASSERT_LE(test, doc->n, 16);
		for (k = 0; k < 2; k++) {
			for (i = 0; i < doc->n; i++) {
				keys[i] = doc->keys[i];
				vals[i] = doc->v[i];
				if (!strcmp(keys[i], "coruns")) {
					keys[i] = "corun";
					vals[i] = cos->v[k];
				}
			}
			one.keys = (char **)keys;
			one.v = vals;
			check_corun_json(test, &one);
		}
	}

	/* Text: the side-by-side table, and the even column is the even run. */
	KUNIT_ASSERT_EQ_MSG(test, t->status, 0, "%s", t->err);
	tab = strstr(t->out, "policy comparison");
	KUNIT_ASSERT_NOT_NULL(test, tab);
	KUNIT_EXPECT_TRUE(test, strstr(tab, "metric") && strstr(tab, "|       fcfs |       even"));
	KUNIT_EXPECT_TRUE(test, strstr(tab, "slowdown 0 vecadd(scale=0,seed=0)") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(tab, "\n  STP ") && strstr(tab, "\n  fairness "));
	KUNIT_ASSERT_EQ(test, e->status, 0);
	ev = strstr(e->out, "co-run (");
	KUNIT_ASSERT_NOT_NULL(test, ev);
	{
		/* the even co-run section of the comparison equals --policy even */
		const char *sec = strstr(t->out, "co-run (200000 cycles, policy even");

		KUNIT_ASSERT_NOT_NULL(test, sec);
		KUNIT_EXPECT_EQ(test, strncmp(sec, ev, strstr(ev, "result:") - ev), 0);
	}
}

/*
 * --progress N: a job's curve agrees with its own counts. One sample per
 * interval up to @cycles, never decreasing, the last at the budget its
 * thread instructions; one entry per completed run, each between the
 * samples around its cycle, and every run of these deterministic
 * workloads retires the same instructions.
 */
static void check_progress(struct kunit *test, const struct jv *j, double cycles)
{
	const struct jv *p = jget(j, "progress"), *s, *r;
	double per, prev = 0;
	int k;

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, jnum(test, p, "interval"), 1000.0);
	s = jget(p, "samples");
	r = jget(p, "runs");
	KUNIT_ASSERT_TRUE(test, s && s->t == J_ARR && r && r->t == J_ARR);
	KUNIT_EXPECT_EQ(test, (double)s->n, floor(cycles / 1000));
	for (k = 0; k < s->n; k++) {
		KUNIT_EXPECT_GE(test, s->v[k]->num, prev);
		prev = s->v[k]->num;
	}
	if (fmod(cycles, 1000) == 0)
		KUNIT_EXPECT_EQ(test, prev, jnum(test, j, "thread_insns"));
	KUNIT_EXPECT_EQ(test, (double)r->n, jnum(test, j, "runs"));
	KUNIT_ASSERT_GT(test, r->n, 0);
	per = jnum(test, r->v[0], "thread_insns");
	KUNIT_EXPECT_GT(test, per, 0.0);
	for (k = 0; k < r->n; k++) {
		double c = jnum(test, r->v[k], "cycle");
		double n = jnum(test, r->v[k], "thread_insns");
		int before = (int)floor(c / 1000) - 1, after = (int)ceil(c / 1000) - 1;

		KUNIT_EXPECT_EQ(test, n, (k + 1) * per);
		KUNIT_EXPECT_LE(test, c, cycles);
		if (before >= 0)
			KUNIT_EXPECT_LE(test, s->v[before]->num, n);
		if (after < s->n)
			KUNIT_EXPECT_GE(test, s->v[after]->num, n);
	}
}

/*
 * A co-run's curves hold every epoch snapshot, the policy's, in order:
 * sequence numbers 1, 2, ..., one per epoch handled, each count between
 * the samples around its cycle.
 */
static void check_progress_epochs(struct kunit *test, const struct jv *co)
{
	const struct jv *jobs = jget(co, "jobs"), *p, *e, *s;
	double prev_c, prev_n;
	int i, k, before, after;

	for (i = 0; i < jobs->n; i++) {
		p = jget(jobs->v[i], "progress");
		e = jget(p, "epochs");
		s = jget(p, "samples");
		KUNIT_ASSERT_TRUE(test, e && e->t == J_ARR && s);
		KUNIT_EXPECT_EQ(test, (double)e->n, jnum(test, co, "epochs"));
		KUNIT_EXPECT_GT(test, e->n, 1);
		prev_c = 0;
		prev_n = 0;
		for (k = 0; k < e->n; k++) {
			double c = jnum(test, e->v[k], "cycle");
			double n = jnum(test, e->v[k], "thread_insns");

			KUNIT_EXPECT_EQ(test, jnum(test, e->v[k], "epoch"), k + 1.0);
			KUNIT_EXPECT_GT(test, c, prev_c);
			KUNIT_EXPECT_GE(test, n, prev_n);
			before = (int)floor(c / 1000) - 1;
			after = (int)ceil(c / 1000) - 1;
			if (before >= 0)
				KUNIT_EXPECT_LE(test, s->v[before]->num, n);
			if (after < s->n)
				KUNIT_EXPECT_GE(test, s->v[after]->num, n);
			prev_c = c;
			prev_n = n;
		}
	}
}

/* @text without its "    progress: " lines. */
static char *drop_progress_lines(struct kunit *test, const char *text)
{
	char *out = kunit_kzalloc(test, strlen(text) + 1, GFP_KERNEL), *o = out;
	const char *l, *e;

	KUNIT_ASSERT_NOT_NULL(test, out);
	for (l = text; *l; l = e) {
		e = strchr(l, '\n');
		e = e ? e + 1 : l + strlen(l);
		if (strncmp(l, "    progress: ", 14)) {
			memcpy(o, l, e - l);
			o += e - l;
		}
	}
	return out;
}

static void sim_progress(struct kunit *test)
{
	const char *one = tmp_file(test, ".mix", "budget = 30k\njob vecadd scale=0\n");
	struct out *j = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--progress", "1000", NULL);
	struct out *plain = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				    "--json", "--quiet", NULL);
	struct out *t = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--progress", "1000", NULL);
	struct out *t0 = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				 "--quiet", NULL);
	struct out *once = run_sim(test, "--config", cfg_path, "--mix", one,
				   "--json", "--quiet", "--alone-only", "--alone-runs",
				   "once", "--progress", "1000", NULL);
	struct out *hsm = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				  "--json", "--quiet", "--no-alone", "--policy",
				  "hsm-fair", "--epoch-cycles", "50000", "--progress",
				  "1000", NULL);
	const struct jv *doc, *alone, *jobs, *a, *r;
	double cycles, prev = 0;
	int k;

	KUNIT_ASSERT_EQ_MSG(test, j->status, 0, "%s", j->err);
	doc = json_doc(test, j->out);
	check_corun_json(test, doc);
	alone = jget(doc, "alone");
	jobs = jget(jget(doc, "corun"), "jobs");
	cycles = jnum(test, jget(doc, "corun"), "cycles");
	for (k = 0; k < alone->n; k++)
		check_progress(test, alone->v[k], jnum(test, alone->v[k], "cycles"));
	for (k = 0; k < jobs->n; k++)
		check_progress(test, jobs->v[k], cycles);
	/* alone or shared, vecadd's first run is the same instructions */
	a = alone->v[0];
	KUNIT_EXPECT_STREQ(test, jstr(test, a, "workload"), "vecadd");
	KUNIT_EXPECT_EQ(test,
			jnum(test, jget(jget(jobs->v[0], "progress"), "runs")->v[0],
			     "thread_insns"),
			jnum(test, jget(jget(a, "progress"), "runs")->v[0],
			     "thread_insns"));
	/* Recording the curve changes nothing else. */
	KUNIT_ASSERT_EQ(test, plain->status, 0);
	doc = json_doc(test, plain->out);
	KUNIT_EXPECT_NULL(test, jget(jget(doc, "alone")->v[0], "progress"));
	KUNIT_EXPECT_NULL(test, jget(jget(jget(doc, "corun"), "jobs")->v[0], "progress"));
	KUNIT_ASSERT_EQ(test, t->status, 0);
	KUNIT_ASSERT_EQ(test, t0->status, 0);
	KUNIT_EXPECT_TRUE(test, strstr(t->out, "    progress: first run done at cycle ") != NULL);
	KUNIT_EXPECT_STREQ(test, drop_progress_lines(test, t->out), t0->out);

	/* One cold run: its end is the run's last point. */
	KUNIT_ASSERT_EQ_MSG(test, once->status, 0, "%s", once->err);
	a = jget(json_doc(test, once->out), "alone")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, a, "runs"), 1.0);
	check_progress(test, a, jnum(test, a, "cycles"));
	r = jget(jget(a, "progress"), "runs")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, r, "cycle"), jnum(test, a, "cycles"));
	KUNIT_EXPECT_EQ(test, jnum(test, r, "thread_insns"), jnum(test, a, "thread_insns"));

	/* A model's estimates, summed at every run's end. */
	KUNIT_ASSERT_EQ_MSG(test, hsm->status, 0, "%s", hsm->err);
	jobs = jget(jget(json_doc(test, hsm->out), "corun"), "jobs");
	r = jget(jget(jobs->v[1], "progress"), "runs");
	KUNIT_ASSERT_GT(test, r->n, 0);
	for (k = 0; k < r->n; k++) {
		double est = jnum(test, r->v[k], "est_alone_cycles");

		KUNIT_EXPECT_GE(test, est, prev);
		KUNIT_EXPECT_LE(test, jnum(test, r->v[k], "est_covered_cycles"),
				jnum(test, r->v[k], "cycle"));
		prev = est;
	}
	KUNIT_EXPECT_GT(test, prev, 0.0);
	KUNIT_EXPECT_LE(test, prev, jnum(test, jobs->v[1], "est_alone_cycles"));
	check_progress_epochs(test, jget(json_doc(test, hsm->out), "corun"));
	KUNIT_EXPECT_NULL(test, jget(jget(alone->v[0], "progress"), "epochs"));

	j = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--progress", "0", NULL);
	KUNIT_EXPECT_EQ(test, j->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(j->err, "--progress 0: expected a positive count") != NULL,
			      "stderr: %s", j->err);
	j = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--policy",
		    "cta-oracle", "--progress", "1000", NULL);
	KUNIT_EXPECT_EQ(test, j->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(j->err, "--policy cta-oracle: --progress records one co-run's jobs") != NULL,
			      "stderr: %s", j->err);
}

/*
 * A launch the budget cuts: the model's estimate covers it up to the last
 * epoch, in GPU cycles as the budget, not the device clock, which also
 * counts the cycles the firmware ran while the GPU waited for it.
 */
static void sim_estimate_budget_cut(struct kunit *test)
{
	const char *mix = tmp_file(test, ".mix",
				   "budget = 6k\nscale = 0\njob vecadd slot=0\njob compute slot=1\n");
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", mix,
				"--json", "--quiet", "--no-alone", "--policy",
				"hsm-fair", "--epoch-cycles", "2000", NULL);
	const struct jv *co, *jobs;
	double cycles;
	int k;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	co = jget(json_doc(test, o->out), "corun");
	jobs = jget(co, "jobs");
	cycles = jnum(test, co, "cycles");
	KUNIT_ASSERT_EQ(test, jobs->n, 2);
	for (k = 0; k < jobs->n; k++) {
		double covered = jnum(test, jobs->v[k], "est_covered_cycles");

		/* no run ends in 6K cycles: all of it is the cut launch */
		KUNIT_EXPECT_EQ(test, jnum(test, jobs->v[k], "runs"), 0.0);
		KUNIT_EXPECT_GT(test, covered, 0.0);
		KUNIT_EXPECT_LE(test, covered, cycles);
	}
}

static void sim_policy_errors(struct kunit *test)
{
	struct out *o;

	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--policy", "best", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "--policy best: expected fcfs, even, proportional, smk, ccbp, warped-slicer, hsm-fair, hsm-qos, dase-fair or dase-qos") != NULL,
			      "stderr: %s", o->err);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--compare-policies",
		    "fcfs", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--compare-policies",
		    "fcfs,nope", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--compare-policies",
		    "even,even", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--compare-policies",
		    "fcfs,even", "--policy", "even", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--epoch-cycles",
		    "10", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	/* the driver's range (SET_POLICY's), not the device's 1000 */
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--epoch-cycles",
		    "1000", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "--epoch-cycles 1000: out of range 1024..1073741824") != NULL,
			      "stderr: %s", o->err);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--epoch-cycles",
		    "1073741825", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--policy", "even",
		    "--epoch-cycles", "1024", "--cycles", "2k", "--no-alone", "--json",
		    "--quiet", NULL);
	KUNIT_EXPECT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
}

/*
 * --device-mem: validated; the arena bounds what a job can allocate,
 * while timing (by physical address here) does not depend on its size:
 * frames and page tables are handed out from the bottom, the device's
 * own buffers from the top, and neither walks nor device DMA are timed.
 */
static void sim_device_mem(struct kunit *test)
{
	static const char *const bad[][2] = {
		{ "8", "--device-mem 8: out of range 16..4096 (MiB)" },
		{ "5000", "--device-mem 5000: out of range 16..4096 (MiB)" },
		{ "1k", "--device-mem 1k: expected a size in MiB" },
		{ "x", "--device-mem x: expected a size in MiB" },
	};
	const char *nn = tmp_file(test, ".mix", "budget = 1k\njob nn scale=1\n");
	struct out *o, *small, *big;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		o = run_sim(test, "--config", cfg_path, "--mix", mix_path,
			    "--device-mem", bad[i][0], NULL);
		KUNIT_EXPECT_EQ(test, o->status, 2);
		KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, bad[i][1]) != NULL,
				      "stderr: %s", o->err);
	}
	/* nn at scale 1: 112 MiB of records and 56 MiB of distances */
	o = run_sim(test, "--config", cfg_path, "--mix", nn, "--no-alone",
		    "--quiet", "--device-mem", "128", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 1);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "nn distances: cannot allocate") != NULL,
			      "stderr: %s", o->err);
	o = run_sim(test, "--config", cfg_path, "--mix", nn, "--no-alone",
		    "--quiet", "--device-mem", "192", NULL);
	KUNIT_EXPECT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);

	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--quiet",
		    NULL);
	small = run_sim(test, "--config", cfg_path, "--mix", mix_path,
			"--quiet", "--device-mem", "16", NULL);
	big = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--quiet",
		      "--device-mem", "4096", NULL);
	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	KUNIT_EXPECT_STREQ(test, small->out, o->out);
	KUNIT_EXPECT_STREQ(test, big->out, o->out);
}

/* The co-run's warp scheduler: a mix's sched, --sched over it. */
static void sim_sched(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix",
				 "budget = 1k\nsched = kaware\njob vecadd scale=0\n");
	const char *bad = tmp_file(test, ".mix",
				   "budget = 1k\nsched = fifo\njob vecadd scale=0\n");
	const struct jv *sm;
	struct mix mx;
	char err[256] = "", want[PATH_MAX + 64];
	struct out *o;

	KUNIT_ASSERT_EQ_MSG(test, mix_parse("sched = two_level\njob vecadd\n",
					    "s.mix", lookup, &mx, err, sizeof(err)),
			    0, "%s", err);
	KUNIT_EXPECT_STREQ(test, mx.sched, "two_level");
	KUNIT_EXPECT_EQ(test, mx.sched_line, 1u);

	o = run_sim(test, "--config", cfg_path, "--mix", m, "--no-alone",
		    "--json", "--quiet", NULL);
	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	sm = jget(jget(jget(json_doc(test, o->out), "config"), "ini"), "sm");
	KUNIT_ASSERT_NOT_NULL(test, sm);
	KUNIT_EXPECT_STREQ(test, jstr(test, sm, "sched_policy"), "kaware");
	o = run_sim(test, "--config", cfg_path, "--mix", m, "--no-alone",
		    "--json", "--quiet", "--sched", "gto", NULL);
	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	sm = jget(jget(jget(json_doc(test, o->out), "config"), "ini"), "sm");
	KUNIT_ASSERT_NOT_NULL(test, sm);
	KUNIT_EXPECT_STREQ(test, jstr(test, sm, "sched_policy"), "gto");

	o = run_sim(test, "--config", cfg_path, "--mix", bad, "--no-alone", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	snprintf(want, sizeof(want), "%s:2: sched = fifo:", bad);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, want) != NULL, "stderr: %s", o->err);
	o = run_sim(test, "--config", cfg_path, "--mix", m, "--sched", "fifo", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "--sched fifo:") != NULL,
			      "stderr: %s", o->err);
}

static void sim_list(struct kunit *test)
{
	struct out *o = run_sim(test, "--list", NULL);

	KUNIT_EXPECT_EQ(test, o->status, 0);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "vecadd") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "fault test") != NULL);
}

/* --show-config: the id and configuration a run reports, without a mix. */
static void sim_show_config(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix", "budget = 1k\njob vecadd scale=0\n");
	struct out *o = run_sim(test, "--config", cfg_path, "--show-config",
				"--json", NULL);
	struct out *r = run_sim(test, "--config", cfg_path, "--mix", m,
				"--alone-only", "--json", "--quiet", NULL);
	const struct jv *c, *rc;
	char want[128];

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	KUNIT_ASSERT_EQ_MSG(test, r->status, 0, "stderr: %s", r->err);
	c = jget(json_doc(test, o->out), "config");
	rc = jget(json_doc(test, r->out), "config");
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, rc);
	KUNIT_EXPECT_STREQ(test, jstr(test, c, "id"), jstr(test, rc, "id"));
	KUNIT_EXPECT_STREQ(test, jstr(test, c, "name"), "test-2sm");
	KUNIT_EXPECT_STREQ(test, jstr(test, c, "alone_sched"), "lrr");
	KUNIT_EXPECT_EQ(test, jnum(test, jget(jget(c, "ini"), "gpu"), "num_sms"), 2.0);

	o = run_sim(test, "--config", cfg_path, "--show-config", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 0);
	snprintf(want, sizeof(want), "(id %s)", jstr(test, rc, "id"));
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->out, want) != NULL, "stdout: %s", o->out);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "num_sms = 2") != NULL);

	o = run_sim(test, "--show-config", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
	o = run_sim(test, "--config", "/nonexistent.ini", "--show-config", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 2);
}

/*
 * --policies: every registered driver policy with its description, and
 * what the firmware booted says it implements, one line each.
 */
static void sim_policies(struct kunit *test)
{
	struct out *o = run_sim(test, "--policies", NULL);
	struct out *n = run_sim(test, "--policies", "--no-firmware", NULL);
	char line[256];
	int i;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	for (i = 0; corun_policies[i]; i++) {
		snprintf(line, sizeof(line), "\n  %-17s %s\n",
			 corun_policies[i]->name, corun_policies[i]->desc);
		KUNIT_EXPECT_TRUE_MSG(test, strstr(o->out, line) != NULL,
				      "no line for %s", corun_policies[i]->name);
	}
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "firmware policies (corun-fw ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "\n  irc               yes ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "\n  llc-prob-dynamic  no ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "prob-dynamic*") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "\n  irc_share         per job") != NULL);
	KUNIT_ASSERT_EQ_MSG(test, n->status, 0, "%s", n->err);
	KUNIT_EXPECT_TRUE(test, strstr(n->out, "firmware: none loaded") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(n->out, "\n  even ") != NULL);
}

/* Parser and metrics: no binary needed. */
static struct kunit_case corun_sim_unit_cases[] = {
	KUNIT_CASE(mix_valid),
	KUNIT_CASE(mix_fw),
	KUNIT_CASE_PARAM(mix_errors, bad_mix_gen_params),
	KUNIT_CASE(mix_elf_job),
	KUNIT_CASE(mix_too_many_jobs),
	KUNIT_CASE(metrics_formulas),
	{}
};

static struct kunit_suite corun_sim_unit_suite = {
	.name = "corun_sim_units",
	.test_cases = corun_sim_unit_cases,
};

static struct kunit_case corun_sim_cases[] = {
	KUNIT_CASE(sim_list),
	KUNIT_CASE(sim_show_config),
	KUNIT_CASE(sim_policies),
	KUNIT_CASE(sim_alone_sched),
	KUNIT_CASE(sim_bad_mix),
	KUNIT_CASE(sim_bad_config_and_kernels),
	KUNIT_CASE_SLOW(sim_small_mix_json),
	KUNIT_CASE_SLOW(sim_deterministic),
	KUNIT_CASE_SLOW(sim_alone_only_and_no_alone),
	KUNIT_CASE_SLOW(sim_alone_runs),
	KUNIT_CASE(sim_policy_errors),
	KUNIT_CASE_SLOW(sim_device_mem),
	KUNIT_CASE(sim_sched),
	KUNIT_CASE_SLOW(sim_policy_even_masks),
	KUNIT_CASE_SLOW(sim_policy_fcfs_default),
	KUNIT_CASE_SLOW(sim_compare_policies),
	KUNIT_CASE_SLOW(sim_progress),
	KUNIT_CASE(sim_estimate_budget_cut),
	{}
};

static struct kunit_suite corun_sim_suite = {
	.name = "corun_sim",
	.suite_init = find_paths,
	.test_cases = corun_sim_cases,
};

kunit_test_suites(&corun_sim_unit_suite, &corun_sim_suite);
