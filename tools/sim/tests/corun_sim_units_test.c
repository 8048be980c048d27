// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim tests without the binary: the mix parser (valid mixes, the
 * firmware settings, every error with its line, ELF jobs) and the
 * metric formulas.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <corun/fwif.h>
#include <kunit/test.h>
#include <policy/fwknobs.h>
#include <sim/metrics.h>
#include <sim/mix.h>

#include "corun_sim_test.h"

/* ---- mix parser ---- */

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

/* A device of 8 slots, 4 L1 and 16 LLC ways, 2 VCs; every knob value. */
static void fw_device(struct corun_policy_platform *p, uint64_t *modes)
{
	uint32_t k;

	memset(p, 0, sizeof(*p));
	p->num_slots = 8;
	p->l1_ways = 4;
	p->llc_ways = 16;
	p->num_vcs = 2;
	for (k = 0; k < CORUN_FWK_NR; k++)
		modes[k] = corun_fwk_modes(k, ~0u);
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
	uint32_t knobs[CORUN_FWK_NR], slot_of[2] = { 0, 1 };
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

	fw_device(&p, modes);
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

/* "irc = mil" is WS + MIL's knob, refused by a firmware without MIL. */
static void mix_fw_mil(struct kunit *test)
{
	struct corun_fw_setting s[MIX_FW_SETTINGS];
	uint32_t knobs[CORUN_FWK_NR];
	uint64_t modes[CORUN_FWK_NR];
	struct corun_policy_platform p;
	char err[256] = "";
	struct mix m;

	KUNIT_ASSERT_EQ_MSG(test, mix_parse("policy = warped-slicer\nirc = mil\njob vecadd\n",
					    "m.mix", lookup, &m, err, sizeof(err)),
			    0, "%s", err);
	KUNIT_EXPECT_EQ(test, mix_fw_settings(&m, NULL, knobs, s, NULL), 0u);
	KUNIT_EXPECT_EQ(test, knobs[CORUN_FWK_IRC],
			(uint32_t)corun_fwk_value_find(CORUN_FWK_IRC, "mil"));
	KUNIT_EXPECT_EQ(test, knobs[CORUN_FWK_IRC], 3u); /* DRM_CORUN_IRC_MIL */
	fw_device(&p, modes);
	KUNIT_EXPECT_EQ_MSG(test, mix_check_fw(&m, NULL, &p, modes, 0, err,
					       sizeof(err)), 0, "%s", err);
	modes[CORUN_FWK_IRC] = corun_fwk_modes(CORUN_FWK_IRC, CORUN_FW_FEAT_IRC);
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, 0, err,
					   sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err,
			   "m.mix:2: irc = mil: the device's firmware does not implement it");
}

/*
 * The memory-side tunables: device-wide lines in uapi terms, any knob
 * value; checked against the device's L1 and the firmware's features.
 */
static void mix_fw_tunables(struct kunit *test)
{
	static const char text[] = "policy = warped-slicer\n"
				   "irc = mil\n"
				   "mil_high = 512\n"
				   "tcm_quantum = 4\n"
				   "ucp_min_ways = 4\n"
				   "job vecadd\n";
	struct corun_fw_setting s[MIX_FW_SETTINGS];
	unsigned int line[MIX_FW_SETTINGS];
	uint32_t knobs[CORUN_FWK_NR];
	uint64_t modes[CORUN_FWK_NR], all;
	struct corun_policy_platform p;
	char err[256] = "", txt[64];
	struct mix m;

	KUNIT_ASSERT_EQ_MSG(test, mix_parse(text, "t.mix", lookup, &m, err,
					    sizeof(err)), 0, "%s", err);
	KUNIT_ASSERT_EQ(test, mix_fw_settings(&m, NULL, knobs, s, line), 3u);
	KUNIT_EXPECT_EQ(test, s[0].id, (uint32_t)corun_fwp_find("mil_high"));
	KUNIT_EXPECT_EQ(test, s[0].id, 9u); /* DRM_CORUN_FW_PARAM_MIL_HIGH */
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[0], 0, 0, txt, 64),
			   "mil_high=512");
	KUNIT_EXPECT_EQ(test, line[0], 3u);
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[1], 0, 0, txt, 64),
			   "tcm_quantum=4");
	KUNIT_EXPECT_STREQ(test, mix_fw_setting_text(&s[2], 0, 0, txt, 64),
			   "ucp_min_ways=4");
	fw_device(&p, modes);
	all = corun_fwp_mask(~0u);
	/* tcm_quantum and ucp_min_ways without their knobs: kept */
	KUNIT_EXPECT_EQ_MSG(test, mix_check_fw(&m, NULL, &p, modes, all, err,
					       sizeof(err)), 0, "%s", err);
	/* more ways than the L1 has */
	p.l1_ways = 2;
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes, all, err,
					   sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err,
			   "t.mix:5: ucp_min_ways=4: out of range 1..2 (the L1's ways)");
	p.l1_ways = 4;
	/* a firmware with MIL but without TCM */
	KUNIT_EXPECT_EQ(test, mix_check_fw(&m, NULL, &p, modes,
					   corun_fwp_mask(~CORUN_FW_FEAT_DRAM_TCM),
					   err, sizeof(err)), -1);
	KUNIT_EXPECT_STREQ(test, err,
			   "t.mix:4: tcm_quantum=4: the device's firmware does not implement it");
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
	  "b.mix:1: unknown setting 'colour' (known: name, budget, scale, policy, alone_sched, sched, irc, llc, vcp, dram, l1, llc_prob, mil_high, mil_low, mil_min, mil_max, mil_step, tcm_thresh, tcm_quantum, tcm_shuffle, ucp_period, ucp_min_ways, ucp_decay, ucp_sample; jobs are 'job WORKLOAD ...')" },
	{ "policy = best\njob vecadd\n",
	  "b.mix:1: policy = best: expected fcfs, even, proportional, smk, ccbp, warped-slicer, hsm-fair, hsm-qos, dase-fair or dase-qos" },
	{ "policy = even\npolicy = even\njob vecadd\n", "b.mix:2: policy given twice" },
	{ "sched = gto\nsched = lrr\njob vecadd\n", "b.mix:2: sched given twice" },
	{ "vecadd\n", "b.mix:1: expected 'job WORKLOAD ...' or 'key = value', got 'vecadd'" },
	/* firmware settings */
	{ "irc = maybe\njob vecadd\n", "b.mix:1: irc = maybe: expected off, on or mil" },
	{ "llc = best\njob vecadd\n",
	  "b.mix:1: llc = best: expected lru, prob-static, prob-dynamic or way-partition" },
	{ "irc = on\nirc = off\njob vecadd\n", "b.mix:2: irc given twice" },
	{ "llc_prob = 2000\njob vecadd\n", "b.mix:1: llc_prob=2000: out of range 0..1024" },
	{ "llc_prob = 1\nllc_prob = 2\njob vecadd\n", "b.mix:2: llc_prob given twice" },
	{ "\nmil_min = 0\njob vecadd\n", "b.mix:2: mil_min=0: out of range 1..255" },
	{ "mil_high = 65537\njob vecadd\n",
	  "b.mix:1: mil_high=65537: out of range 0..65536" },
	{ "tcm_quantum = 65537\njob vecadd\n",
	  "b.mix:1: tcm_quantum=65537: out of range 1..65536" },
	{ "tcm_shuffle = 0\njob vecadd\n",
	  "b.mix:1: tcm_shuffle=0: out of range 1..65536" },
	{ "ucp_period = 1001\njob vecadd\n",
	  "b.mix:1: ucp_period=1001: out of range 1..1000" },
	{ "ucp_min_ways = 0\njob vecadd\n",
	  "b.mix:1: ucp_min_ways=0: out of range 1..the L1's ways" },
	{ "ucp_decay = -1\njob vecadd\n",
	  "b.mix:1: ucp_decay=-1: expected an unsigned 32-bit number" },
	{ "ucp_sample = 3\nucp_sample = 4\njob vecadd\n",
	  "b.mix:2: ucp_sample given twice" },
	{ "job vecadd mil_high=3\n",
	  "b.mix:1: unknown job key 'mil_high' (known: scale seed slot priority placement sms quota throttle qos irc_share irc_prio l1_ways l1_bypass_ctas llc_ways vc dram_prio)" },
	{ "irc_share = 3\njob vecadd\n",
	  "b.mix:1: unknown setting 'irc_share' (known: name, budget, scale, policy, alone_sched, sched, irc, llc, vcp, dram, l1, llc_prob, mil_high, mil_low, mil_min, mil_max, mil_step, tcm_thresh, tcm_quantum, tcm_shuffle, ucp_period, ucp_min_ways, ucp_decay, ucp_sample; jobs are 'job WORKLOAD ...')" },
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
	  "b.mix:1: alone_sched = fastest: expected config, lrr, gto, two_level, kaware, lrr_bmi, gto_bmi, two_level_bmi or kaware_bmi" },
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

/* Parser and metrics: no binary needed. */
static struct kunit_case corun_sim_unit_cases[] = {
	KUNIT_CASE(mix_valid),
	KUNIT_CASE(mix_fw),
	KUNIT_CASE(mix_fw_mil),
	KUNIT_CASE(mix_fw_tunables),
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

kunit_test_suite(corun_sim_unit_suite);
