// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim tests of how a co-run's policy is chosen: the refusals of
 * --policy, --compare-policies, --epoch-cycles and --policy-param (exit
 * status 2).
 */
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

static struct kunit_case corun_sim_policy_cases[] = {
	KUNIT_CASE(sim_policy_errors),
	{}
};

static struct kunit_suite corun_sim_policy_suite = {
	.name = "corun_sim_policy",
	.suite_init = find_paths,
	.test_cases = corun_sim_policy_cases,
};

kunit_test_suite(corun_sim_policy_suite);
