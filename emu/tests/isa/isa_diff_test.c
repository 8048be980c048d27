// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Differential tests of the RV32IMAFD executor against qemu-riscv32: the C
 * corpus (emu/tests/isa/corpus, built into <this program's dir>/corpus)
 * and seeded random programs, each run on one lane and on multi-lane
 * warps whose lanes get different inputs, compared byte for byte.
 *
 * Environment:
 *   CORUN_ISA_RANDOM_PROGS  random programs (default 48)
 *   CORUN_ISA_RANDOM_LEN    random instructions per program (default 160)
 *   CORUN_ISA_SEED          base seed (default 1)
 *   CORUN_ISA_CORPUS        corpus directory override
 *   CORUN_ISA_SAVE          directory to copy failing ELFs into
 *   QEMU_RISCV32            qemu binary (default /usr/bin/qemu-riscv32)
 */
#include <kunit/host_paths.h>
#include <kunit/test.h>

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isa.h"
#include "rvgen.h"
#include "rvsys.h"

#define MAX_VARIANTS 32
#define BUDGET 400000000ull

struct diff_ctx {
	char dir[PATH_MAX];
};

static void rm_tree(void *arg)
{
	struct diff_ctx *c = arg;
	DIR *d = opendir(c->dir);
	struct dirent *de;
	char p[PATH_MAX + 256];

	if (d) {
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(p, sizeof(p), "%s/%s", c->dir, de->d_name);
			unlink(p);
		}
		closedir(d);
	}
	rmdir(c->dir);
}

static struct diff_ctx *setup(struct kunit *test)
{
	const char *tmp = getenv("TMPDIR");
	struct diff_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	if (!rv_qemu_path())
		kunit_skip(test, "qemu-riscv32 not installed");
	snprintf(c->dir, sizeof(c->dir), "%s/corun-isa-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	KUNIT_ASSERT_NOT_NULL(test, mkdtemp(c->dir));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, rm_tree, c), 0);
	return c;
}

static unsigned long env_ul(const char *name, unsigned long def)
{
	const char *v = getenv(name);

	return v && *v ? strtoul(v, NULL, 0) : def;
}

static void save_elf(const struct rv_elf *e, const char *name)
{
	const char *dir = getenv("CORUN_ISA_SAVE");
	char p[PATH_MAX];

	if (!dir || !*dir)
		return;
	snprintf(p, sizeof(p), "%s/%s", dir, name);
	rv_elf_write(e, p);
}

/*
 * Name a byte offset of a random program's dump (see rvgen.c): f registers
 * are dumped as 64 bits, low word first.
 */
static void dump_where(uint32_t off, size_t len, char *buf, size_t n)
{
	(void)len;
	if (off == 0)
		snprintf(buf, n, "fcsr");
	else if (off < 128)
		snprintf(buf, n, "x%u", off / 4);
	else if (off < 384)
		snprintf(buf, n, "f%u %s", (off - 128) / 8,
			 off & 4 ? "high" : "low");
	else if (off >= 0x800)
		snprintf(buf, n, "scratch+%#x", off - 0x800);
	else
		snprintf(buf, n, "data+%#x", off);
}

/*
 * Corpus output (see corpus/rt.c): the out() buffer is written whenever
 * its 4096 words fill up, then at exit the register dump (x0..x31, f0..f31
 * as 64 bits, fcsr, stack hash: 392 bytes) and the remaining words. The
 * output length @len (QEMU's) tells how many full chunks precede the dump.
 */
#define CORPUS_CHUNK (4096 * 4)
#define CORPUS_DUMP 392

static void corpus_where(uint32_t off, size_t len, char *buf, size_t n)
{
	size_t words = len > CORPUS_DUMP ? (len - CORPUS_DUMP) / 4 : 0;
	size_t dump = words ? (words - 1) / 4096 * CORPUS_CHUNK : 0;

	if (off < dump) {
		snprintf(buf, n, "out word %u", off / 4);
		return;
	}
	if (off >= dump + CORPUS_DUMP) {
		snprintf(buf, n, "out word %u", (off - CORPUS_DUMP) / 4);
		return;
	}
	off -= dump;
	if (off < 128)
		snprintf(buf, n, "x%u", off / 4);
	else if (off < 384)
		snprintf(buf, n, "f%u %s", (off - 128) / 8,
			 off & 4 ? "high" : "low");
	else if (off == 384)
		snprintf(buf, n, "fcsr");
	else
		snprintf(buf, n, "stack hash");
}

static bool compare(struct kunit *test, const char *what,
		    const struct rv_out *ex, const struct rv_out *q,
		    void (*where)(uint32_t, size_t, char *, size_t))
{
	size_t n = ex->len < q->len ? ex->len : q->len, i;
	uint32_t a = 0, b = 0, off;
	char loc[64];

	for (i = 0; i < n && ex->buf[i] == q->buf[i]; i++)
		;
	if (i == n && ex->len == q->len && ex->exit_code == q->exit_code)
		return true;
	if (i == n) {
		KUNIT_FAIL(test,
			   "%s: output length/exit differ: exec %zu bytes exit %d, qemu %zu bytes exit %d",
			   what, ex->len, ex->exit_code, q->len, q->exit_code);
		return false;
	}
	off = i & ~3u;
	memcpy(&a, ex->buf + off, ex->len - off < 4 ? ex->len - off : 4);
	memcpy(&b, q->buf + off, q->len - off < 4 ? q->len - off : 4);
	where(off, q->len, loc, sizeof(loc));
	KUNIT_FAIL(test, "%s: first difference at byte %#x (%s): exec %#010x qemu %#010x",
		   what, off, loc, a, b);
	return false;
}

/* Run @nvar variant images on QEMU (one run each) and as one warp. */
static bool diff_variants(struct kunit *test, struct diff_ctx *c,
			  struct rv_elf *v, unsigned int nvar,
			  const char *name,
			  void (*where)(uint32_t, size_t, char *, size_t))
{
	struct rv_out ex[MAX_VARIANTS], q[MAX_VARIANTS];
	char path[MAX_VARIANTS][PATH_MAX + 64];
	const char *paths[MAX_VARIANTS];
	struct rv_fault f;
	char err[256], what[256];
	bool ok = true;
	int r;

	for (unsigned int i = 0; i < nvar; i++) {
		snprintf(path[i], sizeof(path[i]), "%s/%s.%u.elf", c->dir,
			 name, i);
		paths[i] = path[i];
		if (rv_elf_write(&v[i], path[i])) {
			KUNIT_FAIL(test, "%s: cannot write %s", name, path[i]);
			return false;
		}
	}
	if (rv_run_qemu(c->dir, paths, nvar, q)) {
		KUNIT_FAIL(test, "cannot run qemu");
		return false;
	}
	r = rv_run_exec(v, nvar, BUDGET, ex, &f, err);
	if (r) {
		KUNIT_FAIL(test, "%s (width %u): executor: %s", name, nvar,
			   err);
		ok = false;
	}
	for (unsigned int i = 0; ok && i < nvar; i++) {
		snprintf(what, sizeof(what), "%s lane %u/%u", name, i, nvar);
		if (!compare(test, what, &ex[i], &q[i], where)) {
			save_elf(&v[i], strrchr(path[i], '/') + 1);
			ok = false;
		}
	}
	for (unsigned int i = 0; i < nvar; i++) {
		if (!r)
			rv_out_free(&ex[i]);
		rv_out_free(&q[i]);
		unlink(path[i]);
	}
	return ok;
}

static const char *corpus_dir(char *buf, size_t n)
{
	const char *e = getenv("CORUN_ISA_CORPUS");

	if (e && *e)
		return e;
	return kunit_exe_path(buf, n, "corpus") ? NULL : buf;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted list of corpus ELF paths (kunit-managed strings). */
static unsigned int corpus_list(struct kunit *test, char **names,
				unsigned int max)
{
	char buf[PATH_MAX];
	const char *dir = corpus_dir(buf, sizeof(buf));
	struct dirent *de;
	unsigned int n = 0;
	DIR *d;

	KUNIT_ASSERT_NOT_NULL(test, dir);
	d = opendir(dir);
	KUNIT_ASSERT_NOT_NULL_MSG(test, d, "corpus directory %s", dir);
	while ((de = readdir(d)) && n < max) {
		size_t l = strlen(de->d_name);
		char p[PATH_MAX + 256];

		if (l < 5 || strcmp(de->d_name + l - 4, ".elf"))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, de->d_name);
		names[n++] = kunit_kstrdup(test, p, GFP_KERNEL);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	return n;
}

static void run_corpus(struct kunit *test, unsigned int width)
{
	struct diff_ctx *c = setup(test);
	struct rv_elf v[MAX_VARIANTS];
	char *names[64];
	unsigned int n = corpus_list(test, names, 64);

	KUNIT_ASSERT_GE_MSG(test, n, 5u, "corpus has %u programs", n);
	for (unsigned int i = 0; i < n; i++) {
		const char *base = strrchr(names[i], '/') + 1;
		struct rv_elf e;
		uint32_t sym;
		unsigned int w = width;

		KUNIT_ASSERT_EQ_MSG(test, rv_elf_read(names[i], &e), 0, "%s",
				    names[i]);
		sym = rv_elf_sym(&e, "corun_lane_input");
		KUNIT_EXPECT_NE_MSG(test, sym, 0u, "%s: no corun_lane_input",
				    base);
		/* The big FP sweep on fewer lanes keeps the run short. */
		if (w > 4 && strstr(base, "fp_arith"))
			w = 4;
		for (unsigned int l = 0; l < w; l++) {
			v[l].size = e.size;
			v[l].data = malloc(e.size);
			KUNIT_ASSERT_NOT_NULL(test, v[l].data);
			memcpy(v[l].data, e.data, e.size);
			if (sym)
				KUNIT_EXPECT_EQ(test,
						rv_elf_patch32(&v[l], sym, l), 0);
		}
		KUNIT_EXPECT_TRUE(test, diff_variants(test, c, v, w, base,
						      corpus_where));
		kunit_info(test, "%s: %u lane(s) match qemu", base, w);
		for (unsigned int l = 0; l < w; l++)
			rv_elf_free(&v[l]);
		rv_elf_free(&e);
	}
}

static void corpus_one_lane(struct kunit *test)
{
	run_corpus(test, 1);
}

static void corpus_multi_lane(struct kunit *test)
{
	run_corpus(test, 8);
}

static void corpus_full_warp(struct kunit *test)
{
	struct diff_ctx *c = setup(test);
	struct rv_elf v[MAX_VARIANTS];
	char *names[64];
	unsigned int n = corpus_list(test, names, 64);

	/* The divergence-heavy program on a full 32-lane warp. */
	for (unsigned int i = 0; i < n; i++) {
		const char *base = strrchr(names[i], '/') + 1;
		struct rv_elf e;
		uint32_t sym;

		if (strcmp(base, "simt.elf"))
			continue;
		KUNIT_ASSERT_EQ(test, rv_elf_read(names[i], &e), 0);
		sym = rv_elf_sym(&e, "corun_lane_input");
		for (unsigned int l = 0; l < RV_MAX_LANES; l++) {
			v[l].size = e.size;
			v[l].data = malloc(e.size);
			KUNIT_ASSERT_NOT_NULL(test, v[l].data);
			memcpy(v[l].data, e.data, e.size);
			KUNIT_EXPECT_EQ(test, rv_elf_patch32(&v[l], sym, l), 0);
		}
		KUNIT_EXPECT_TRUE(test, diff_variants(test, c, v, RV_MAX_LANES,
						      base, corpus_where));
		for (unsigned int l = 0; l < RV_MAX_LANES; l++)
			rv_elf_free(&v[l]);
		rv_elf_free(&e);
		return;
	}
	KUNIT_FAIL(test, "simt.elf not in the corpus");
}

static void random_programs(struct kunit *test)
{
	struct diff_ctx *c = setup(test);
	unsigned long progs = env_ul("CORUN_ISA_RANDOM_PROGS", 48);
	unsigned long len = env_ul("CORUN_ISA_RANDOM_LEN", 160);
	unsigned long seed = env_ul("CORUN_ISA_SEED", 1);
	unsigned int failed = 0;
	enum { LANES = 4 };

	for (unsigned long p = 0; p < progs; p++) {
		struct rv_elf v[LANES];
		char name[64];
		uint64_t s = seed * 1000003ull + p;

		KUNIT_ASSERT_EQ(test, rv_gen_program(s, len, LANES, v), 0);
		snprintf(name, sizeof(name), "random-seed%llu",
			 (unsigned long long)s);
		if (!diff_variants(test, c, v, LANES, name, dump_where) &&
		    ++failed >= 5) {
			for (unsigned int l = 0; l < LANES; l++)
				rv_elf_free(&v[l]);
			KUNIT_FAIL(test, "stopping after %u failing programs",
				   failed);
			return;
		}
		for (unsigned int l = 0; l < LANES; l++)
			rv_elf_free(&v[l]);
	}
	kunit_info(test,
		   "%lu random programs x %lu insns x %u lanes (%lu insns) vs qemu",
		   progs, len, LANES, progs * len * LANES);
}

static struct kunit_case isa_diff_cases[] = {
	KUNIT_CASE_SLOW(corpus_one_lane),
	KUNIT_CASE_SLOW(corpus_multi_lane),
	KUNIT_CASE_SLOW(corpus_full_warp),
	KUNIT_CASE_SLOW(random_programs),
	{}
};

static struct kunit_suite isa_diff_suite = {
	.name = "emu-isa-diff",
	.test_cases = isa_diff_cases,
};

kunit_test_suites(&isa_diff_suite);
