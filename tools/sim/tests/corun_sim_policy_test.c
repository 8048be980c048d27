// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim tests of how a co-run's policy is chosen and reported: the
 * refusals of --policy, --compare-policies, --epoch-cycles and
 * --policy-param (exit status 2), the knobs in force in the JSON, and the
 * firmware's dram = tcm acting on a co-run, and the tunables tcm_quantum
 * and mil_high.
 */
#include <stdio.h>

#include <kunit/test.h>

#include "corun_sim_test.h"

static void sim_policy_errors(struct kunit *test)
{
	struct out *o;

	expect_usage_error(test, "--policy best: expected fcfs, even, proportional, smk, ccbp, warped-slicer, hsm-fair, hsm-qos, dase-fair or dase-qos",
			   "--config", cfg_path, "--mix", mix_path, "--policy",
			   "best", NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", mix_path,
			   "--compare-policies", "fcfs", NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", mix_path,
			   "--compare-policies", "fcfs,nope", NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", mix_path,
			   "--compare-policies", "even,even", NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", mix_path,
			   "--compare-policies", "fcfs,even", "--policy", "even",
			   NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", mix_path,
			   "--epoch-cycles", "10", NULL);
	/* the driver's range (SET_POLICY's), not the device's 1000 */
	expect_usage_error(test, "--epoch-cycles 1000: out of range 1024..1073741824",
			   "--config", cfg_path, "--mix", mix_path,
			   "--epoch-cycles", "1000", NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", mix_path,
			   "--epoch-cycles", "1073741825", NULL);
	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--policy", "even",
		    "--epoch-cycles", "1024", "--cycles", "2k", "--no-alone", "--json",
		    "--quiet", NULL);
	KUNIT_EXPECT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	/* a policy's knobs: its own, in range, once, one policy */
	expect_usage_error(test, "--policy-param redetect=2: policy even has no knob redetect",
			   "--config", cfg_path, "--mix", mix_path, "--policy",
			   "even", "--policy-param", "redetect=2", NULL);
	expect_usage_error(test, "--policy-param redetect=1001: redetect of ccbp is 0..1000",
			   "--config", cfg_path, "--mix", mix_path, "--policy",
			   "ccbp", "--policy-param", "redetect=1001", NULL);
	expect_usage_error(test, "--policy-param redetect: expected NAME=VALUE",
			   "--config", cfg_path, "--mix", mix_path, "--policy",
			   "ccbp", "--policy-param", "redetect", NULL);
	expect_usage_error(test, "--policy-param a knob of ccbp given twice",
			   "--config", cfg_path, "--mix", mix_path, "--policy",
			   "ccbp", "--policy-param", "redetect=1",
			   "--policy-param", "redetect=2", NULL);
	expect_usage_error(test, "not with --compare-policies", "--config",
			   cfg_path, "--mix", mix_path, "--compare-policies",
			   "fcfs,ccbp", "--policy-param", "redetect=2", NULL);
}

/*
 * The knobs in force in the JSON: policy_params of each co-run has every
 * knob of its policy, the default without --policy-param, the value
 * given with it; {} for a policy without knobs. A results database
 * tells runs apart by these alone.
 */
static const struct jv *policy_params(struct kunit *test, const struct jv *co)
{
	const struct jv *pp = jget(co, "policy_params");

	KUNIT_ASSERT_NOT_NULL(test, pp);
	KUNIT_ASSERT_EQ(test, pp->t, J_OBJ);
	return pp;
}

static void expect_redetect(struct kunit *test, const struct out *o,
			    double want)
{
	const struct jv *pp;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	pp = policy_params(test, jget(json_doc(test, o->out), "corun"));
	KUNIT_ASSERT_EQ(test, pp->n, 2);
	KUNIT_EXPECT_STREQ(test, pp->keys[0], "redetect");
	KUNIT_EXPECT_EQ(test, jnum(test, pp, "redetect"), want);
	KUNIT_EXPECT_STREQ(test, pp->keys[1], "rescale");
	KUNIT_EXPECT_EQ(test, jnum(test, pp, "rescale"), 0.0);
}

static void sim_policy_params_json(struct kunit *test)
{
	struct out *def, *two, *cmp;
	const struct jv *cos;

	def = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--json",
		      "--quiet", "--no-alone", "--cycles", "2k", "--policy",
		      "ccbp", NULL);
	two = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--json",
		      "--quiet", "--no-alone", "--cycles", "2k", "--policy",
		      "ccbp", "--policy-param", "redetect=2", NULL);
	cmp = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--json",
		      "--quiet", "--no-alone", "--cycles", "2k",
		      "--compare-policies", "fcfs,ccbp", NULL);
	expect_redetect(test, def, 0.0);
	expect_redetect(test, two, 2.0);
	/* per co-run: fcfs has no knobs, ccbp its default */
	KUNIT_ASSERT_EQ_MSG(test, cmp->status, 0, "stderr: %s", cmp->err);
	cos = jget(json_doc(test, cmp->out), "coruns");
	KUNIT_ASSERT_TRUE(test, cos && cos->t == J_ARR && cos->n == 2);
	KUNIT_EXPECT_EQ(test, policy_params(test, cos->v[0])->n, 0);
	KUNIT_EXPECT_EQ(test, policy_params(test, cos->v[1])->n, 2);
	KUNIT_EXPECT_EQ(test, jnum(test, policy_params(test, cos->v[1]), "redetect"),
			0.0);
}

/* A co-run's thread instructions per job, from its JSON. */
static void job_insns(struct kunit *test, const struct out *o, double *insns)
{
	const struct jv *jobs;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	jobs = jget(jget(json_doc(test, o->out), "corun"), "jobs");
	KUNIT_ASSERT_TRUE(test, jobs && jobs->t == J_ARR && jobs->n == 2);
	insns[0] = jnum(test, jobs->v[0], "thread_insns");
	insns[1] = jnum(test, jobs->v[1], "thread_insns");
}

/* The co-run of histogram-bytes and nn, @settings lines in its mix. */
static struct out *run_pair(struct kunit *test, const char *settings)
{
	char text[512];

	snprintf(text, sizeof(text),
		 "name = pair\nbudget = 100k\nscale = 0\n%s"
		 "job histogram-bytes\njob nn\n",
		 settings);
	return run_sim(test, "--config", cfg_path, "--mix",
		       tmp_file(test, ".mix", text), "--epoch-cycles", "1024",
		       "--no-alone", "--json", "--quiet", NULL);
}

static struct out *run_dram_with(struct kunit *test, const char *dram,
				 const char *extra)
{
	char text[256];

	snprintf(text, sizeof(text), "policy = even\ndram = %s\n%s", dram,
		 extra);
	return run_pair(test, text);
}

static struct out *run_dram(struct kunit *test, const char *dram)
{
	return run_dram_with(test, dram, "");
}

/*
 * dram = tcm, the firmware's TCM (10 epochs of 1024 cycles a quantum at
 * its boot values): the light histogram-bytes, served first from the
 * first quantum on, retires more than under FR-FCFS beside the
 * DRAM-bound nn, and the co-run is the same twice.
 */
static void sim_dram_tcm(struct kunit *test)
{
	double fr[2], tcm[2], again[2];

	job_insns(test, run_dram(test, "frfcfs"), fr);
	job_insns(test, run_dram(test, "tcm"), tcm);
	job_insns(test, run_dram(test, "tcm"), again);
	kunit_info(test, "histogram-bytes %.0f -> %.0f, nn %.0f -> %.0f", fr[0],
		   tcm[0], fr[1], tcm[1]);
	KUNIT_EXPECT_GT(test, tcm[0], fr[0]);
	KUNIT_EXPECT_TRUE(test, tcm[0] == again[0] && tcm[1] == again[1]);
}

/*
 * A mix's tcm_quantum reaches the firmware: clustering every epoch
 * instead of every 10 changes the co-run, the same way twice; the boot
 * value written out is the default run.
 */
static void sim_tcm_quantum(struct kunit *test)
{
	double def[2], boot[2], one[2], again[2];

	job_insns(test, run_dram(test, "tcm"), def);
	job_insns(test, run_dram_with(test, "tcm", "tcm_quantum = 10\n"),
		  boot);
	job_insns(test, run_dram_with(test, "tcm", "tcm_quantum = 1\n"), one);
	job_insns(test, run_dram_with(test, "tcm", "tcm_quantum = 1\n"),
		  again);
	kunit_info(test, "histogram-bytes %.0f -> %.0f, nn %.0f -> %.0f",
		   def[0], one[0], def[1], one[1]);
	KUNIT_EXPECT_TRUE(test, def[0] == boot[0] && def[1] == boot[1]);
	KUNIT_EXPECT_TRUE(test, one[0] != def[0] || one[1] != def[1]);
	KUNIT_EXPECT_TRUE(test, one[0] == again[0] && one[1] == again[1]);
}

/* Without dram = tcm the tunable is kept but acts on nothing. */
static void sim_tcm_quantum_idle(struct kunit *test)
{
	double def[2], one[2];

	job_insns(test, run_dram(test, "frfcfs"), def);
	job_insns(test, run_dram_with(test, "frfcfs", "tcm_quantum = 1\n"),
		  one);
	KUNIT_EXPECT_TRUE(test, def[0] == one[0] && def[1] == one[1]);
}

/*
 * WS + MIL with mil_high = 0: any reservation failure lowers a cap, so
 * the co-run differs from the boot threshold's (256), the same twice.
 */
static void sim_mil_high(struct kunit *test)
{
#define WS_MIL "policy = warped-slicer\nirc = mil\n"
	double def[2], zero[2], again[2];

	job_insns(test, run_pair(test, WS_MIL), def);
	job_insns(test, run_pair(test, WS_MIL "mil_high = 0\n"), zero);
	job_insns(test, run_pair(test, WS_MIL "mil_high = 0\n"), again);
#undef WS_MIL
	kunit_info(test, "histogram-bytes %.0f -> %.0f, nn %.0f -> %.0f",
		   def[0], zero[0], def[1], zero[1]);
	KUNIT_EXPECT_TRUE(test, zero[0] != def[0] || zero[1] != def[1]);
	KUNIT_EXPECT_TRUE(test, zero[0] == again[0] && zero[1] == again[1]);
}

static struct kunit_case corun_sim_policy_cases[] = {
	KUNIT_CASE(sim_policy_errors),
	KUNIT_CASE(sim_policy_params_json),
	KUNIT_CASE(sim_dram_tcm),
	KUNIT_CASE(sim_tcm_quantum),
	KUNIT_CASE(sim_tcm_quantum_idle),
	KUNIT_CASE(sim_mil_high),
	{}
};

static struct kunit_suite corun_sim_policy_suite = {
	.name = "corun_sim_policy",
	.suite_init = find_paths,
	.test_cases = corun_sim_policy_cases,
};

kunit_test_suite(corun_sim_policy_suite);
