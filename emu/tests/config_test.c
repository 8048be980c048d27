// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * emu config: parsing, every kind of error with its line, printing,
 * round trip and the shipped configuration files.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <kunit/test.h>

#include "config.h"

#ifndef EMU_CONFIG_DIR
#define EMU_CONFIG_DIR "emu/configs"
#endif

static void config_defaults_valid(struct kunit *test)
{
	struct emu_config c;
	char err[256] = "";

	emu_config_defaults(&c);
	KUNIT_EXPECT_EQ(test, emu_config_validate(&c, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, c.num_sms, 16u);
	KUNIT_EXPECT_EQ(test, c.sm.regs, 65536u);
}

static void config_ccbp_file(struct kunit *test)
{
	struct emu_config c, d;
	char err[256] = "";

	KUNIT_ASSERT_EQ_MSG(test,
			    emu_config_load(EMU_CONFIG_DIR "/ccbp-16sm.ini", &c,
					    err, sizeof(err)),
			    0, "%s", err);
	KUNIT_EXPECT_STREQ(test, c.name, "ccbp-16sm");
	KUNIT_EXPECT_EQ(test, c.num_sms, 16u);
	KUNIT_EXPECT_EQ(test, c.warp_size, 32u);
	KUNIT_EXPECT_EQ(test, c.sm.schedulers, 4u);
	KUNIT_EXPECT_EQ(test, c.sm.sched_policy, (uint32_t)EMU_SCHED_LRR);
	KUNIT_EXPECT_EQ(test, c.sm.cta_slots, 32u);
	KUNIT_EXPECT_EQ(test, c.sm.max_threads, 2048u);
	KUNIT_EXPECT_EQ(test, c.sm.regs, 65536u);
	KUNIT_EXPECT_EQ(test, c.sm.shared_bytes, 96u * 1024);
	KUNIT_EXPECT_EQ(test, c.l1.size, 24u * 1024);
	KUNIT_EXPECT_EQ(test, c.l1.line, 128u);
	KUNIT_EXPECT_EQ(test, c.l1.ways, 8u);
	KUNIT_EXPECT_EQ(test, c.l1.mshrs, 256u);
	KUNIT_EXPECT_EQ(test, c.l1.ro_size, 12u * 1024);
	KUNIT_EXPECT_EQ(test, c.l1.ro_ways, 24u);
	KUNIT_EXPECT_EQ(test, c.l2.latency, 200u);
	KUNIT_EXPECT_EQ(test, c.dram.latency, 380u);
	KUNIT_EXPECT_EQ(test, c.sm_mhz, 1800u);
	KUNIT_EXPECT_EQ(test, c.noc_mhz, 1200u);
	KUNIT_EXPECT_EQ(test, c.l2.banks, 16u);
	KUNIT_EXPECT_EQ(test, c.l2.bank_size, 128u * 1024);
	/* The file spells out the defaults, plus its measured [calib]. */
	emu_config_defaults(&d);
	KUNIT_EXPECT_EQ(test, d.calib.noc_sustainable, 0u);
	KUNIT_EXPECT_EQ(test, d.calib.dram_sustainable, 0u);
	d.calib = c.calib;
	KUNIT_EXPECT_EQ(test, emu_config_id(&c), emu_config_id(&d));
}

static void config_test_file(struct kunit *test)
{
	struct emu_config c;
	char err[256] = "";

	KUNIT_ASSERT_EQ_MSG(test,
			    emu_config_load(EMU_CONFIG_DIR "/test-2sm.ini", &c,
					    err, sizeof(err)),
			    0, "%s", err);
	KUNIT_EXPECT_EQ(test, c.num_sms, 2u);
	KUNIT_EXPECT_EQ(test, c.warp_size, 8u);
	KUNIT_EXPECT_EQ(test, c.l1.line, 64u);
	/*
	 * Its DRAM latency is reachable. The lowest valid value: l2.latency
	 * 50 + (tRP + tRCD + tCL + one 2-cycle burst: 38 DRAM cycles) * 1.5.
	 */
	KUNIT_EXPECT_GE(test, c.dram.latency, 107u);
	c.dram.latency = 107;
	KUNIT_EXPECT_EQ_MSG(test, emu_config_validate(&c, err, sizeof(err)), 0,
			    "%s", err);
	c.dram.latency = 106;
	KUNIT_EXPECT_EQ(test, emu_config_validate(&c, err, sizeof(err)), -1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, "dram.latency (106) unreachable"));
}

/*
 * Every shipped file says its timing_address, so that a copy edited to
 * "va" shows where the key goes and what the default was.
 */
static void config_files_timing_address(struct kunit *test)
{
	DIR *d = opendir(EMU_CONFIG_DIR);
	unsigned int files = 0;
	struct dirent *e;

	KUNIT_ASSERT_NOT_NULL(test, d);
	while ((e = readdir(d))) {
		char path[512], line[512];
		size_t n = strlen(e->d_name);
		int found = 0;
		FILE *f;

		if (n < 5 || strcmp(e->d_name + n - 4, ".ini"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", EMU_CONFIG_DIR, e->d_name);
		f = fopen(path, "r");
		KUNIT_ASSERT_NOT_NULL(test, f);
		/* An included file is one of those checked. */
		while (fgets(line, sizeof(line), f))
			found |= !strncmp(line, "timing_address = ", 17) ||
				 !strncmp(line, "include = ", 10);
		fclose(f);
		files++;
		KUNIT_EXPECT_TRUE_MSG(test, found, "%s: no timing_address line", path);
	}
	closedir(d);
	KUNIT_EXPECT_GE(test, files, 4u);
}

static void config_print_roundtrip(struct kunit *test)
{
	struct emu_config c, d;
	char err[256] = "", *buf = NULL;
	size_t len = 0;
	FILE *f;

	emu_config_defaults(&c);
	KUNIT_ASSERT_EQ(test, emu_config_set(&c, "sm", "sched_policy", "gto",
					     err, sizeof(err)), 0);
	KUNIT_ASSERT_EQ(test, emu_config_set(&c, "l1", "size", "48K", err,
					     sizeof(err)), 0);
	KUNIT_ASSERT_EQ(test, emu_config_set(&c, "gpu", "name", "x", err,
					     sizeof(err)), 0);
	f = open_memstream(&buf, &len);
	KUNIT_ASSERT_NOT_NULL(test, f);
	emu_config_print(&c, f);
	fclose(f);
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "sched_policy = gto\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "[dram]\n"));
	KUNIT_ASSERT_EQ_MSG(test, emu_config_parse(buf, "printed", &d, err,
						   sizeof(err)), 0, "%s", err);
	KUNIT_EXPECT_EQ(test, memcmp(&c, &d, sizeof(c)), 0);
	KUNIT_EXPECT_EQ(test, emu_config_id(&c), emu_config_id(&d));
	d.l1.latency++;
	KUNIT_EXPECT_NE(test, emu_config_id(&c), emu_config_id(&d));
	d = c;
	d.calib.dram_sustainable++;
	KUNIT_EXPECT_NE(test, emu_config_id(&c), emu_config_id(&d));
	free(buf);
}

/* [calib]: parsed, printed, bounded by the peaks. */
static void config_calib(struct kunit *test)
{
	struct emu_config c;
	char err[256] = "", *buf = NULL;
	size_t len = 0;
	FILE *f;

	emu_config_defaults(&c);
	/* 16 SMs and 16 slices, 32 B flits at 1200 of 1800 MHz. */
	KUNIT_EXPECT_EQ(test, emu_config_noc_peak(&c), 341333ull);
	/* 8 channels x 32 B at 1200 of 1800 MHz. */
	KUNIT_EXPECT_EQ(test, emu_config_dram_peak(&c), 170666ull);
	/* Fewer slices than SMs: the slices' side bounds the replies. */
	c.l2.banks = 8;
	KUNIT_EXPECT_EQ(test, emu_config_noc_peak(&c), 170666ull);

	KUNIT_ASSERT_EQ_MSG(test, emu_config_parse(
		"[calib]\nnoc_sustainable = 341333 # the peak\n"
		"dram_sustainable = 1\n", "t.ini", &c, err, sizeof(err)), 0,
		"%s", err);
	KUNIT_EXPECT_EQ(test, c.calib.noc_sustainable, 341333u);
	KUNIT_EXPECT_EQ(test, c.calib.dram_sustainable, 1u);
	f = open_memstream(&buf, &len);
	KUNIT_ASSERT_NOT_NULL(test, f);
	emu_config_print(&c, f);
	fclose(f);
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "\n[calib]\nnoc_sustainable = 341333\n"
					   "dram_sustainable = 1\n"));
	free(buf);
	c.calib.dram_sustainable = 170667;
	KUNIT_EXPECT_EQ(test, emu_config_validate(&c, err, sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err, "calib.dram_sustainable (170667) exceeds the DRAM peak (170666 bytes per 1000 SM cycles)");
}

/* Every shipped configuration carries its measured bandwidth and HSM fit. */
static void config_shipped_calibrated(struct kunit *test)
{
	char path[512], err[256] = "";
	struct emu_config c;
	struct dirent *e;
	unsigned int n = 0;
	DIR *d = opendir(EMU_CONFIG_DIR);

	KUNIT_ASSERT_NOT_NULL(test, d);
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l < 5 || strcmp(e->d_name + l - 4, ".ini"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", EMU_CONFIG_DIR, e->d_name);
		n++;
		KUNIT_EXPECT_EQ_MSG(test, emu_config_load(path, &c, err,
							  sizeof(err)),
				    0, "%s", err);
		KUNIT_EXPECT_GT_MSG(test, c.calib.noc_sustainable, 0u,
				    "%s: not calibrated", path);
		KUNIT_EXPECT_GT_MSG(test, c.calib.dram_sustainable, 0u,
				    "%s: not calibrated", path);
		KUNIT_EXPECT_GT_MSG(test, c.calib.hsm_c2, 0u,
				    "%s: no HSM fit (corun-sim --fit-hsm)", path);
	}
	closedir(d);
	KUNIT_EXPECT_GE(test, n, 4u);
}

static void config_syntax(struct kunit *test)
{
	struct emu_config c;
	char err[256] = "";

	KUNIT_EXPECT_EQ(test, emu_config_parse(
		"# comment\n; other\n\n  [ sm ]  \n  schedulers = 2 # why\n"
		"max_threads=512\n[l1]\nsize = 0x2000\n", "t.ini", &c, err,
		sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, c.sm.schedulers, 2u);
	KUNIT_EXPECT_EQ(test, c.sm.max_threads, 512u);
	KUNIT_EXPECT_EQ(test, c.l1.size, 8192u);
	KUNIT_EXPECT_EQ(test, emu_config_parse("[l1]\nsize = 32KiB\n", "t.ini",
					       &c, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, c.l1.size, 32768u);
	KUNIT_EXPECT_EQ(test, c.l1.local_write, (uint32_t)EMU_L1_LOCAL_BACK);
	KUNIT_EXPECT_EQ(test, emu_config_parse("[l1]\nlocal_write = back_alloc\n",
					       "t.ini", &c, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, c.l1.local_write,
			(uint32_t)EMU_L1_LOCAL_BACK_ALLOC);
}

struct bad_case {
	const char *text;
	const char *msg; /* expected "t.ini:LINE: ..." prefix */
};

static const struct bad_case bad_cases[] = {
	{ "[gpu]\nnum_sms = 4\n[bogus]\n", "t.ini:3: unknown section [bogus]" },
	{ "[gpu]\n\nfoo = 1\n", "t.ini:3: unknown key 'foo' in [gpu]" },
	{ "num_sms = 4\n", "t.ini:1: key 'num_sms' outside a section" },
	{ "[gpu\n", "t.ini:1: malformed section header" },
	{ "[gpu]\nnum_sms\n", "t.ini:2: expected 'key = value'" },
	{ "[gpu]\nnum_sms =\n", "t.ini:2: gpu.num_sms: missing value" },
	{ "[gpu]\nnum_sms = 4x\n", "t.ini:2: gpu.num_sms: bad number '4x'" },
	{ "[gpu]\nnum_sms = -1\n", "t.ini:2: gpu.num_sms: bad number '-1'" },
	{ "[gpu]\nnum_sms = 0\n", "t.ini:2: gpu.num_sms: 0 out of range" },
	{ "[gpu]\nnum_sms = 129\n", "t.ini:2: gpu.num_sms: 129 out of range" },
	{ "[gpu]\nnum_sms = 99999999999999999999999\n",
	  "t.ini:2: gpu.num_sms: bad number" },
	{ "[gpu]\nnum_slots = 4\n", "t.ini:2: gpu.num_slots: 4 out of range" },
	{ "[sm]\nsched_policy = fifo\n",
	  "t.ini:2: sm.sched_policy: unknown value 'fifo'" },
	{ "[l1]\nlocal_write = alloc\n",
	  "t.ini:2: l1.local_write: unknown value 'alloc'" },
	{ "[l1]\nsubq_full = drop\n",
	  "t.ini:2: l1.subq_full: unknown value 'drop'" },
	{ "[l1]\ninclude = x.ini\n",
	  "t.ini:2: unknown key 'include' in [l1]" },
	{ "[gpu]\nnum_sms = 2\nnum_sms = 3\n",
	  "t.ini:3: gpu.num_sms: duplicate (first on line 2)" },
	{ "[l1]\nline = 96\n", "t.ini:2: l1.line (96) must be a power of two" },
	{ "[l1]\nsize = 1000\n", "t.ini:2: l1.size: 1000 out of range" },
	{ "[l1]\nsize = 3000\n",
	  "t.ini:2: l1.size (3000) must be a multiple of line * ways" },
	{ "[l1]\nro_size = 4K\n",
	  "t.ini:2: l1.ro_size (4096) must be 0 or a multiple of line * ro_ways (3072)" },
	{ "[l1]\nro_ways = 33\n", "t.ini:2: l1.ro_ways: 33 out of range" },
	{ "[gpu]\nwarp_size = 32\n[sm]\nmax_threads = 100\n",
	  "t.ini:4: sm.max_threads (100) must be a multiple" },
	{ "[gpu]\nepoch_cycles = 10\n",
	  "t.ini:2: gpu.epoch_cycles must be 0 or >= 1000" },
	{ "[sm]\nmax_kernels = 12\n",
	  "t.ini:2: sm.max_kernels (12) exceeds gpu.num_slots" },
	{ "[l2]\nline = 64\n", "t.ini:2: l2.line (64) smaller than l1.line" },
	{ "[dram]\nlatency = 100\n", "t.ini:2: dram.latency (100) below l2.latency" },
	/* l2.latency + (tRP + tRCD + tCL + 3 + 2) * 1.5 = 200 + 62. */
	{ "[dram]\nlatency = 261\n",
	  "t.ini:2: dram.latency (261) unreachable: minimum is l2.latency + tRP + tRCD + tCL + data (41 DRAM cycles) = 262" },
	{ "[dram]\ninterleave = 192\n",
	  "t.ini:2: dram.interleave (192) must be 0 or a power of two" },
	{ "[dram]\ninterleave = 64\n",
	  "t.ini:2: dram.interleave (64) must be 0 or a power of two" },
	{ "[dram]\ninterleave = 8K\n",
	  "t.ini:2: dram.interleave (8192) must be 0 or a power of two" },
	{ "[gpu]\nname = \n", "t.ini:2: gpu.name: missing value" },
	{ "[sm]\nshared_bytes = 1G\n", "t.ini:2: sm.shared_bytes: 1073741824 out of range" },
	{ "[sm]\nregs = 4Q\n", "t.ini:2: sm.regs: bad number '4Q'" },
	{ "[calib]\nnoc_sustainable = 4294967296\n",
	  "t.ini:2: calib.noc_sustainable: 4294967296 out of range" },
	{ "[calib]\n\nnoc_sustainable = 341334\n",
	  "t.ini:3: calib.noc_sustainable (341334) exceeds the reply-NoC peak (341333 bytes per 1000 SM cycles)" },
	{ "[calib]\ndram_sustainable = 170667\n",
	  "t.ini:2: calib.dram_sustainable (170667) exceeds the DRAM peak (170666 bytes per 1000 SM cycles)" },
	{ "[calib]\nhsm_c1 = 5000\n",
	  "t.ini:2: calib.hsm_c2 is 0 while calib.hsm_c1 (5000) is not: the fitted utilization at row-buffer hit rate 0 must be above 0" },
	{ "[calib]\nhsm_c1 = 10001\nhsm_c2 = 4001\n",
	  "t.ini:2: calib.hsm_c1: 10001 out of range" },
	{ "[calib]\nhsm_c2 = 10001\n",
	  "t.ini:2: calib.hsm_c2: 10001 out of range" },
};

static void config_errors(struct kunit *test)
{
	size_t i;

	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		struct emu_config c;
		char err[256] = "";
		int r = emu_config_parse(bad_cases[i].text, "t.ini", &c, err,
					 sizeof(err));

		KUNIT_EXPECT_EQ_MSG(test, r, -1, "case %zu accepted", i);
		KUNIT_EXPECT_EQ_MSG(test,
				    strncmp(err, bad_cases[i].msg,
					    strlen(bad_cases[i].msg)),
				    0, "case %zu: got '%s', want '%s'", i, err,
				    bad_cases[i].msg);
	}
}

static void config_file_errors(struct kunit *test)
{
	struct emu_config c;
	char err[256] = "", path[] = "/tmp/emu-config-test-XXXXXX";
	int fd = mkstemp(path);
	FILE *f;

	KUNIT_ASSERT_GE(test, fd, 0);
	f = fdopen(fd, "w");
	fputs("[gpu]\nnum_sms = 4\n\n[sm]\nregs = 12\n", f);
	fclose(f);
	KUNIT_EXPECT_EQ(test, emu_config_load(path, &c, err, sizeof(err)), -1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, ":5: sm.regs (12) smaller"));
	KUNIT_EXPECT_EQ(test, strncmp(err, path, strlen(path)), 0);
	unlink(path);
	KUNIT_EXPECT_EQ(test, emu_config_load("/nonexistent/x.ini", &c, err,
					      sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err,
			   "/nonexistent/x.ini: No such file or directory");
}

static void write_file(struct kunit *test, const char *dir, const char *name,
		       const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	KUNIT_ASSERT_NOT_NULL(test, f);
	fputs(text, f);
	fclose(f);
}

/*
 * "include = FILE" before the first section: FILE (relative to the
 * including file) first, the file's own keys over it.
 */
static void config_include(struct kunit *test)
{
	char dir[] = "/tmp/emu-config-test-XXXXXX", path[512], err[256] = "";
	static const char *const names[] = { "base.ini", "top.ini", "late.ini",
					     "loop.ini", "missing.ini" };
	struct emu_config c;
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, mkdtemp(dir));
	write_file(test, dir, "base.ini",
		   "[gpu]\nnum_sms = 4\n[l1]\nsize = 8K\nways = 2\n");
	write_file(test, dir, "top.ini",
		   "# over base\ninclude = base.ini\n[l1]\nsize = 16K\n"
		   "subq_full = hold\n");
	write_file(test, dir, "late.ini", "[l1]\nsize = 16K\ninclude = base.ini\n");
	write_file(test, dir, "loop.ini", "include = loop.ini\n");
	write_file(test, dir, "missing.ini", "include = nope.ini\n");
	snprintf(path, sizeof(path), "%s/top.ini", dir);
	KUNIT_EXPECT_EQ_MSG(test, emu_config_load(path, &c, err, sizeof(err)), 0,
			    "%s", err);
	KUNIT_EXPECT_EQ(test, c.num_sms, 4u);
	KUNIT_EXPECT_EQ(test, c.l1.ways, 2u);
	KUNIT_EXPECT_EQ(test, c.l1.size, 16384u);
	KUNIT_EXPECT_EQ(test, c.l1.subq_full, (uint32_t)EMU_L1_SUBQ_HOLD);
	snprintf(path, sizeof(path), "%s/late.ini", dir);
	KUNIT_EXPECT_EQ(test, emu_config_load(path, &c, err, sizeof(err)), -1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, ":3: unknown key 'include' in [l1]"));
	snprintf(path, sizeof(path), "%s/loop.ini", dir);
	KUNIT_EXPECT_EQ(test, emu_config_load(path, &c, err, sizeof(err)), -1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, "includes nested deeper than 4"));
	snprintf(path, sizeof(path), "%s/missing.ini", dir);
	KUNIT_EXPECT_EQ(test, emu_config_load(path, &c, err, sizeof(err)), -1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, "/nope.ini: No such file"));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

static void config_set_errors(struct kunit *test)
{
	struct emu_config c;
	char err[256] = "";

	emu_config_defaults(&c);
	KUNIT_EXPECT_EQ(test, emu_config_set(&c, "sm", "nope", "1", err,
					     sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, emu_config_set(&c, "sm", "schedulers", "9", err,
					     sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, c.sm.schedulers, 4u);
	c.sm.schedulers = 0;
	KUNIT_EXPECT_EQ(test, emu_config_validate(&c, err, sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, emu_sched_policy_name(EMU_SCHED_KAWARE),
			   "kaware");
	/* BMI: a bit beside the order */
	KUNIT_EXPECT_EQ(test, emu_config_set(&c, "sm", "sched_policy",
					     "gto_bmi", err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, c.sm.sched_policy, (uint32_t)EMU_SCHED_GTO_BMI);
	KUNIT_EXPECT_EQ(test, EMU_SCHED_ORDER(c.sm.sched_policy),
			(uint32_t)EMU_SCHED_GTO);
	KUNIT_EXPECT_TRUE(test, c.sm.sched_policy & EMU_SCHED_BMI);
	KUNIT_EXPECT_STREQ(test,
			   emu_sched_policy_name(EMU_SCHED_TWO_LEVEL_BMI),
			   "two_level_bmi");
	KUNIT_EXPECT_EQ(test, emu_config_set(&c, "sm", "sched_policy",
					     "bmi", err, sizeof(err)), -1);
}

static struct kunit_case config_cases[] = {
	KUNIT_CASE(config_defaults_valid),
	KUNIT_CASE(config_ccbp_file),
	KUNIT_CASE(config_files_timing_address),
	KUNIT_CASE(config_test_file),
	KUNIT_CASE(config_print_roundtrip),
	KUNIT_CASE(config_syntax),
	KUNIT_CASE(config_errors),
	KUNIT_CASE(config_file_errors),
	KUNIT_CASE(config_include),
	KUNIT_CASE(config_set_errors),
	KUNIT_CASE(config_calib),
	KUNIT_CASE(config_shipped_calibrated),
	{}
};

static struct kunit_suite config_suite = {
	.name = "emu_config",
	.test_cases = config_cases,
};

kunit_test_suites(&config_suite);
