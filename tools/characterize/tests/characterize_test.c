// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Tests of corun-sim --characterize: the class rules on synthetic inputs
 * (CCBP Eq. 5-7 and the LS test, HSM Eq. 2-3, the cache paper's C/S/I
 * sweep classification), the paper reference data, and one small run
 * (scale 0 on test-2sm, a few workloads) that must produce every output
 * with every column.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <characterize/characterize.h>
#include <config.h>
#include <kernels/workload.h>
#include <kunit/host_paths.h>
#include <kunit/test.h>

#define TEST_CONFIG "emu/configs/test-2sm.ini"
#define TEST_WORKLOADS "pathfinder,lbm,kmeans"
#define TEST_NWL 3

static char sim_bin[PATH_MAX + 64], kdir[PATH_MAX + 64];
static char cfg_path[PATH_MAX + 64];

#define EXPECT_NEAR(test, a, b, eps) \
	KUNIT_EXPECT_TRUE_MSG(test, fabs((a) - (b)) <= (eps), \
			      "%s = %g, expected %g", #a, (double)(a), \
			      (double)(b))

/* ---- rules ---- */

/* ccbp-16sm's platform: 16 SMs, 128 B lines, 32 B flits, its [calib]. */
static void test_plat(struct corun_policy_platform *p)
{
	memset(p, 0, sizeof(*p));
	p->num_sms = 16;
	p->num_channels = 4;
	p->l1_line = 128;
	p->llc_line = 128;
	p->flit_bytes = 32;
	p->noc_bw = 207611;
	p->dram_bw = 156113;
	p->sm_mhz = 1000;
	p->dram_mhz = 1000;
	p->sm_issue = 4;
	p->hsm_c1 = 5000;
	p->hsm_c2 = 3600;
}

/* An even-share run of 1000 cycles with @demand L1 misses per SM per 1000 cycles. */
static enum char_ccbp ccbp_of(const struct corun_policy_platform *p,
			      u64 demand, u64 reads, u64 dram, double slow)
{
	struct corun_slot_counters c = {
		.missq_demand = demand * p->num_sms,
		.read_requests = reads,
		.requests = 1000,
		.dram_accesses = dram,
	};

	return char_ccbp_classify(p, &c, 1000, slow);
}

static void ccbp_rules(struct kunit *test)
{
	struct corun_policy_platform p;
	struct corun_slot_counters none = { 0 };

	test_plat(&p);
	/*
	 * Eq. 5, all reads, half of them to DRAM: the NoC's even share of two
	 * kernels is 207611 / (2 x 16 x 160 B) = 40.5 misses per SM per 1000
	 * cycles; the driver calls BI from 15/16 of it (38).
	 */
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 38, 1000, 500, 1.0), CHAR_CCBP_NBI);
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 37, 1000, 500, 1.0), CHAR_CCBP_NONE);
	/* Eq. 7 with [calib]'s ratio (0.94): df/rf 0.5 NBI, 1.0 DBI. */
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 40, 1000, 1000, 1.0), CHAR_CCBP_DBI);
	/* No reads: only DRAM limits, DBI. */
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 80, 0, 1000, 1.0), CHAR_CCBP_DBI);
	/* The sustainable bandwidths decide: twice the NoC, no longer BI. */
	p.noc_bw *= 2;
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 38, 1000, 500, 1.0), CHAR_CCBP_NONE);
	test_plat(&p);
	/* Low bandwidth: LS only above 1.7x with doubled latency. */
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 10, 1000, 500, 1.71), CHAR_CCBP_LS);
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 10, 1000, 500, 1.70),
			CHAR_CCBP_NONE);
	KUNIT_EXPECT_EQ(test, char_ccbp_classify(&p, &none, 0, 2.0),
			CHAR_CCBP_LS);
	/* BI wins over LS: a saturating kernel also slows down. */
	KUNIT_EXPECT_EQ(test, ccbp_of(&p, 40, 1000, 500, 2.5), CHAR_CCBP_NBI);
	KUNIT_EXPECT_STREQ(test, ccbp_class_name(CHAR_CCBP_LS), "LS");
	KUNIT_EXPECT_STREQ(test, ccbp_class_name(CHAR_CCBP_NBI), "NBI");
	KUNIT_EXPECT_STREQ(test, ccbp_class_name(CHAR_CCBP_DBI), "DBI");
	KUNIT_EXPECT_STREQ(test, ccbp_class_name(CHAR_CCBP_NONE), "-");
}

/* HSM over a 1000-cycle run on test_plat() (4 channels, 1000 bus cycles each). */
static u32 hsm_of(const struct corun_policy_platform *p, u64 warp_insns,
		  u64 bus, u64 accesses, u64 hits, struct hsm_pred *r)
{
	struct corun_slot_counters c = {
		.warp_insns = warp_insns,
		.dram_accesses = accesses,
		.dram_row_hits = hits,
		.dram_bus_cycles = bus,
	};

	char_hsm_predict(p, &c, 1000, r);
	return r->cls;
}

static void hsm_rules(struct kunit *test)
{
	struct corun_policy_platform p;
	struct hsm_pred r;

	test_plat(&p);
	/* Eq. 2: 30 % utilization at a tenth of the peak issue -> 3.0. */
	KUNIT_EXPECT_EQ(test, hsm_of(&p, 6400, 1200, 100, 50, &r), HSM_MEMORY);
	KUNIT_EXPECT_EQ(test, r.demand, 30000);
	/* Eq. 3: 0.5 x 0.5 + 0.36 */
	KUNIT_EXPECT_EQ(test, r.beta, 6100);
	KUNIT_EXPECT_EQ(test, hsm_of(&p, 64000, 1200, 100, 50, &r),
			HSM_COMPUTE);
	/* Low RBH lowers the usable bandwidth: same demand, other class. */
	KUNIT_EXPECT_EQ(test, hsm_of(&p, 32000, 1200, 100, 0, &r), HSM_MEMORY);
	KUNIT_EXPECT_EQ(test, hsm_of(&p, 32000, 1200, 100, 100, &r),
			HSM_COMPUTE);
	KUNIT_EXPECT_STREQ(test, hsm_class_name(HSM_MEMORY), "mem");
	KUNIT_EXPECT_STREQ(test, hsm_class_name(HSM_COMPUTE), "compute");
	KUNIT_EXPECT_STREQ(test, hsm_class_name(HSM_NONE), "n/a");
}

static void csi_rules(struct kunit *test)
{
	/* index = ways; [0] unused (no bypass-all point) */
	static const double flat[] = { 0, 1.00, 1.01, 1.01, 1.02, 1.02, 1.03, 1.03, 1.04 };
	static const double sat[] = { 0, 0.50, 0.90, 0.97, 1.00, 1.00, 1.00, 1.00, 1.00 };
	static const double inc[] = { 0, 0.30, 0.40, 0.50, 0.60, 0.70, 0.80, 0.90, 1.00 };
	static const double late[] = { 0, 0.50, 0.52, 0.55, 0.60, 0.80, 0.95, 1.00, 1.00 };

	KUNIT_EXPECT_EQ(test, csi_classify(flat, 1, 8), CSI_C);
	KUNIT_EXPECT_EQ(test, csi_classify(sat, 1, 8), CSI_S);
	KUNIT_EXPECT_EQ(test, csi_classify(inc, 1, 8), CSI_I);
	KUNIT_EXPECT_EQ(test, csi_classify(late, 1, 8), CSI_I);
	/* The 0-way point is used when measured. */
	KUNIT_EXPECT_EQ(test, csi_classify(sat, 0, 8), CSI_NONE);
	KUNIT_EXPECT_EQ(test, csi_classify(inc, 1, 1), CSI_NONE);
	/* A curve that falls with more ways is not cache friendly: C. */
	{
		static const double down[] = { 0, 1.2, 1.1, 1.0, 1.0 };

		KUNIT_EXPECT_EQ(test, csi_classify(down, 1, 4), CSI_C);
	}
	KUNIT_EXPECT_STREQ(test, csi_class_name(CSI_S), "S");
}

/* ---- paper data ---- */

static int valid(const char *v, const char *const *ok, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(v, ok[i]))
			return 1;
	return 0;
}

static void paper_data(struct kunit *test)
{
	static const char *const cc[] = { "LS", "NBI", "DBI" };
	static const char *const hc[] = { "mem", "compute" };
	static const char *const tc[] = { "C", "S", "I" };
	const struct paper_ref *r;
	size_t n, i, j;
	int nc = 0, nh = 0, nt = 0, missing = 0;

	r = paper_refs(&n);
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_STRNEQ(test, r[i].name, r[j].name);
		KUNIT_EXPECT_PTR_EQ(test, paper_ref_find(r[i].name), &r[i]);
		if (r[i].ccbp_abbr) {
			nc++;
			KUNIT_EXPECT_TRUE(test, valid(r[i].ccbp_class, cc, 3));
			KUNIT_EXPECT_TRUE(test, r[i].ccbp_thr > 0 &&
					  r[i].ccbp_thr <= 100);
			KUNIT_EXPECT_TRUE(test, r[i].ccbp_noc > 0 &&
					  r[i].ccbp_dram > 0 &&
					  r[i].ccbp_l2miss > 0);
		}
		if (r[i].hsm_abbr) {
			nh++;
			KUNIT_EXPECT_TRUE(test, valid(r[i].hsm_class, hc, 2));
			KUNIT_EXPECT_TRUE(test, r[i].hsm_mpki > 0);
		}
		if (r[i].cache_abbr) {
			nt++;
			KUNIT_EXPECT_TRUE(test, valid(r[i].cache_type, tc, 3));
		}
		if (!wl_find(r[i].name)) {
			missing++;
			kunit_info(test, "paper kernel %s: no such workload yet\n",
				   r[i].name);
		}
	}
	/* Every kernel each paper lists has a row. */
	KUNIT_EXPECT_EQ(test, nc, PAPER_CCBP_KERNELS);
	KUNIT_EXPECT_EQ(test, nh, PAPER_HSM_KERNELS);
	KUNIT_EXPECT_EQ(test, nt, PAPER_CACHE_KERNELS);
	/* The ones the suite has so far (all of CCBP's must exist). */
	for (i = 0; i < n; i++)
		if (r[i].ccbp_abbr)
			KUNIT_EXPECT_NOT_NULL_MSG(test, wl_find(r[i].name),
						  "%s", r[i].name);
	(void)missing;
}

/* ---- one small run ---- */

static int find_paths(struct kunit_suite *suite)
{
	(void)suite;
	/* $(O)/tools/characterize/tests -> $(O)/tools/sim, $(O)/tools/kernels */
	if (kunit_exe_path(sim_bin, sizeof(sim_bin), "../../sim/corun-sim") ||
	    kunit_exe_path(kdir, sizeof(kdir), "../../kernels") ||
	    access(sim_bin, X_OK))
		return -1;
	return kunit_source_path(cfg_path, sizeof(cfg_path), TEST_CONFIG) ? -1 : 0;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long len;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc((size_t)len + 1);
	if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[len] = 0;
	fclose(f);
	return buf;
}

static void small_run(struct kunit *test)
{
	static const char *const cols[] = {
		"workload", "status", "cycles", "thread_insns", "ipc",
		"peak_ipc", "thr_util", "noc_util", "dram_util", "l2_miss",
		"row_hit", "mpki", "rf", "df", "occ_ctas_per_sm", "occ_limit",
		"occ_kernel", "noc_util_even", "dram_util_even",
		"slowdown_2x_lat", "ccbp_class", "hsm_bd",
		"hsm_bp", "hsm_class", "l1_sweep_ipc_norm", "csi_class",
		"ccbp_paper_thr", "ccbp_paper_noc", "ccbp_paper_dram",
		"ccbp_paper_l2miss", "ccbp_paper_class", "d_thr_pp",
		"d_noc_pp", "d_dram_pp", "d_l2miss_pp", "ccbp_match",
		"hsm_paper_mpki", "hsm_paper_class", "d_mpki", "hsm_match",
		"cache_paper_type", "csi_match", "insn_per_dram_byte",
		"ccbp_paper_insn_per_dram_byte", "message",
	};
	char dir[] = "/tmp/characterize-test-XXXXXX", p[PATH_MAX + 64];
	char *csv, *line, *save = NULL, *txt, *json;
	struct emu_config c;
	size_t i, ncols = sizeof(cols) / sizeof(cols[0]);
	int st, rows = 0;
	pid_t pid;

	KUNIT_ASSERT_NOT_NULL(test, mkdtemp(dir));
	fflush(NULL);
	pid = fork();
	KUNIT_ASSERT_TRUE(test, pid >= 0);
	if (!pid) {
		if (!freopen("/dev/null", "w", stderr))
			_exit(126);
		execl(sim_bin, sim_bin, "--characterize", "--config", cfg_path,
		      "--scale", "0", "--workloads", TEST_WORKLOADS,
		      "--kernel-dir", kdir, "--out", dir, "--quiet", "-j", "2",
		      (char *)NULL);
		_exit(127);
	}
	KUNIT_ASSERT_EQ(test, waitpid(pid, &st, 0), pid);
	KUNIT_ASSERT_TRUE(test, WIFEXITED(st));
	KUNIT_EXPECT_EQ(test, WEXITSTATUS(st), 0);

	snprintf(p, sizeof(p), "%s/characterize.csv", dir);
	csv = slurp(p);
	KUNIT_ASSERT_NOT_NULL(test, csv);
	line = strtok_r(csv, "\n", &save);
	KUNIT_ASSERT_NOT_NULL(test, line);
	/* The header, column by column. */
	{
		char *h = line, *cs = NULL, *col;

		for (i = 0, col = strtok_r(h, ",", &cs); col;
		     i++, col = strtok_r(NULL, ",", &cs))
			if (i < ncols)
				KUNIT_EXPECT_STREQ(test, col, cols[i]);
		KUNIT_EXPECT_EQ(test, i, ncols);
	}
	/* One ok row per workload, each with every column. */
	while ((line = strtok_r(NULL, "\n", &save))) {
		size_t commas = 0;
		char *q;
		int quoted = 0;

		for (q = line; *q; q++) {
			if (*q == '"')
				quoted = !quoted;
			else if (*q == ',' && !quoted)
				commas++;
		}
		KUNIT_EXPECT_EQ(test, commas + 1, ncols);
		KUNIT_EXPECT_TRUE_MSG(test, strstr(line, ",ok,") != NULL, "%s",
				      line);
		/* A CCBP paper kernel has its paper figures beside it. */
		KUNIT_EXPECT_TRUE_MSG(test, strstr(line, ",NBI,") ||
				      strstr(line, ",DBI,") ||
				      strstr(line, ",LS,"), "%s", line);
		rows++;
	}
	KUNIT_EXPECT_EQ(test, rows, TEST_NWL);
	free(csv);

	snprintf(p, sizeof(p), "%s/characterize.txt", dir);
	txt = slurp(p);
	KUNIT_ASSERT_NOT_NULL(test, txt);
	KUNIT_EXPECT_NOT_NULL(test, strstr(txt, "configuration test-2sm"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(txt, "kmeans"));
	KUNIT_EXPECT_NULL(test, strstr(txt, "FAILED"));
	free(txt);

	snprintf(p, sizeof(p), "%s/characterize.json", dir);
	json = slurp(p);
	KUNIT_ASSERT_NOT_NULL(test, json);
	KUNIT_EXPECT_NOT_NULL(test, strstr(json, "\"workloads\""));
	KUNIT_EXPECT_NOT_NULL(test, strstr(json, "\"csi_class\""));
	KUNIT_EXPECT_NOT_NULL(test, strstr(json, "\"ccbp_dram\""));
	free(json);

	/* The configuration it came from parses back, GTO for alone runs. */
	snprintf(p, sizeof(p), "%s/config.ini", dir);
	KUNIT_EXPECT_EQ(test, emu_config_load(p, &c, NULL, 0), 0);
	KUNIT_EXPECT_STREQ(test, c.name, "test-2sm");
	KUNIT_EXPECT_EQ(test, c.sm.sched_policy, EMU_SCHED_GTO);

	for (i = 0; i < 4; i++) {
		static const char *const f[] = { "characterize.csv",
			"characterize.txt", "characterize.json", "config.ini" };

		snprintf(p, sizeof(p), "%s/%s", dir, f[i]);
		unlink(p);
	}
	rmdir(dir);
}

static void bad_args(struct kunit *test)
{
	int st;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	KUNIT_ASSERT_TRUE(test, pid >= 0);
	if (!pid) {
		if (!freopen("/dev/null", "w", stderr))
			_exit(126);
		execl(sim_bin, sim_bin, "--characterize", "--config", cfg_path,
		      "--workloads", "no-such-workload", (char *)NULL);
		_exit(127);
	}
	KUNIT_ASSERT_EQ(test, waitpid(pid, &st, 0), pid);
	KUNIT_EXPECT_TRUE(test, WIFEXITED(st) && WEXITSTATUS(st) == 2);
}

/* A configuration without calibrated sustainable bandwidths is refused. */
static void uncalibrated(struct kunit *test)
{
	char path[] = "/tmp/characterize-test-XXXXXX.ini", *ini, *at;
	int fd, st;
	pid_t pid;
	FILE *f;

	ini = slurp(cfg_path);
	KUNIT_ASSERT_NOT_NULL(test, ini);
	at = strstr(ini, "\nnoc_sustainable");
	KUNIT_ASSERT_NOT_NULL(test, at);
	fd = mkstemps(path, 4);
	KUNIT_ASSERT_TRUE(test, fd >= 0);
	f = fdopen(fd, "w");
	KUNIT_ASSERT_NOT_NULL(test, f);
	fprintf(f, "%.*s\nnoc_sustainable = 0\n%s", (int)(at - ini), ini,
		strchr(at + 1, '\n') + 1);
	fclose(f);
	free(ini);
	fflush(NULL);
	pid = fork();
	KUNIT_ASSERT_TRUE(test, pid >= 0);
	if (!pid) {
		if (!freopen("/dev/null", "w", stderr))
			_exit(126);
		execl(sim_bin, sim_bin, "--characterize", "--config", path,
		      "--workloads", "pathfinder", "--scale", "0", "--kernel-dir",
		      kdir, (char *)NULL);
		_exit(127);
	}
	KUNIT_ASSERT_EQ(test, waitpid(pid, &st, 0), pid);
	unlink(path);
	KUNIT_EXPECT_TRUE(test, WIFEXITED(st) && WEXITSTATUS(st) == 2);
}

static struct kunit_case rule_cases[] = {
	KUNIT_CASE(ccbp_rules),
	KUNIT_CASE(hsm_rules),
	KUNIT_CASE(csi_rules),
	KUNIT_CASE(paper_data),
	{}
};

static struct kunit_suite rule_suite = {
	.name = "characterize_rules",
	.test_cases = rule_cases,
};

static struct kunit_case run_cases[] = {
	KUNIT_CASE(bad_args),
	KUNIT_CASE(uncalibrated),
	KUNIT_CASE(small_run),
	{}
};

static struct kunit_suite run_suite = {
	.name = "characterize_run",
	.suite_init = find_paths,
	.test_cases = run_cases,
};

kunit_test_suites(&rule_suite, &run_suite);
