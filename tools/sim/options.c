// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim's command line: --help's text and the options, each
 * validated as it is read (exit status 2 with the option in the
 * message), then the combinations they may not be given in.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <policy/policy.h>
#include <sim/corun_sim.h>
#include <sim/mix.h>
#include <sim/oracle.h>
#include <sim/simhost.h>

/* --device-mem's floor: room for the device's rings and a small job. */
#define DEVICE_MEM_MIN_MIB 16

struct opts opt = { .alone_max = 1000000000ull,
			   .epoch_cycles = CORUN_POLICY_EPOCH_CYCLES_DEFAULT,
			   .oracle = -1, .oracle_max = ORACLE_CAP_DEFAULT };

static void usage(FILE *f)
{
	fprintf(f,
		"usage: corun-sim --config FILE.ini --mix FILE [options]\n"
		"       corun-sim --list\n"
		"       corun-sim --characterize --config FILE.ini [options] (--characterize --help)\n"
		"       corun-sim --calibrate --config FILE.ini [--check] (--calibrate --help)\n"
		"       corun-sim --fit-hsm --config FILE.ini [--check] (--fit-hsm --help)\n"
		"  --config FILE       GPU configuration (emu/configs/*.ini)\n"
		"  --mix FILE          job mix (format: Documentation/tools/corun-sim.rst)\n"
		"  --cycles N          co-run cycle budget (overrides the mix's budget)\n"
		"  --json              JSON on stdout instead of text\n"
		"  --counters          per-job counters in the report\n"
		"  --kernel-dir DIR    device ELFs (default: $CORUN_KERNEL_DIR or ../kernels)\n"
		"  --firmware FILE     device firmware image (default: $CORUN_FW_IMAGE or\n"
		"                      the build's ../../firmware/corun-fw.bin)\n"
		"  --no-firmware       run the device without firmware\n"
		"  --alone-only        only the alone runs\n"
		"  --no-alone          only the co-run (no slowdowns or metrics)\n"
		"  --alone-sched P     warp scheduler of alone runs: config (default: the\n"
		"                      configuration's, as in the co-run), gto, lrr,\n"
		"                      two_level, kaware, or one of them with BMI's\n"
		"                      memory-instruction priority: lrr_bmi, gto_bmi,\n"
		"                      two_level_bmi, kaware_bmi (overrides the mix's\n"
		"                      'alone_sched')\n"
		"  --sched P           warp scheduler of the co-runs (overrides the mix's\n"
		"                      'sched' and the configuration's sm.sched_policy)\n"
		"  --alone-runs M      once: one cold run per alone job; budget (default):\n"
		"                      re-executed over the co-run's budget, as co-run\n"
		"  --alone-max-cycles N  give up on an alone run after N cycles (once,\n"
		"                      or --whole-runs)\n"
		"  --policy P          driver policy of the co-run: fcfs (default) or another\n"
		"                      of --policies (overrides the mix's 'policy'); or an\n"
		"                      oracle, cta-oracle or spatial-oracle: the best of one\n"
		"                      co-run per CTA combination (needs the alone runs)\n"
		"  --oracle-max N      an oracle runs at most N combinations, with a coarser\n"
		"                      stride when there are more (default %u, at most %u)\n"
		"  --device-mem MIB    device memory (the arena jobs' buffers, page\n"
		"                      tables and the device's rings live in), in MiB\n"
		"                      (default %llu, %u..%llu)\n"
		"  --compare-policies P1,P2,...  run the co-run under each policy and\n"
		"                      compare slowdowns and metrics side by side\n"
		"  --epoch-cycles N    epoch length of the policy (default: the driver's, %u)\n"
		"  --trace-policy      every policy decision in the report\n"
		"  --policy-param NAME=VALUE\n"
		"                      a knob of the policy (repeatable; --policies lists them)\n"
		"  --no-ctxsw          the policy reclaims SMs only by draining, as on a\n"
		"                      device without context switch (CORUN_CAP_CTXSW)\n"
		"  --ctxsw-stress N    every N co-run cycles move each job to the other\n"
		"                      half of the SMs by context switch (a test of save\n"
		"                      and restore against the CPU references; policy\n"
		"                      fcfs only, which leaves the SM masks alone)\n"
		"  --whole-runs        co-run budget as corun-run counts it: a job starts\n"
		"                      no new run once its first launch's start to its\n"
		"                      last launch's end reaches the budget; no run is\n"
		"                      cut short (with --cycles 1: every job runs once)\n"
		"  --progress N        every job's progress curve in the report: its\n"
		"                      thread instructions every N cycles and at the\n"
		"                      end of each completed run (not with an oracle)\n"
		"  --demand            with --progress: each job's miss-queue demand,\n"
		"                      requests and DRAM accesses at every sample\n"
		"  --quiet             no progress or simulation rate on stderr\n"
		"  --list              list the workloads\n"
		"  --policies          list the driver policies and the firmware's\n"
		"                      policies, settings and parameters (the image\n"
		"                      of --firmware, on --config's device if given)\n"
		"  --full-config       the whole effective configuration in the report\n"
		"                      (default: a one-line summary)\n"
		"  --show-config       print the effective configuration and its id\n"
		"                      (JSON with --json) and exit; needs no --mix\n",
		ORACLE_CAP_DEFAULT, ORACLE_CAP_MAX,
		(unsigned long long)(SIM_MEM_DEFAULT >> 20), DEVICE_MEM_MIN_MIB,
		(unsigned long long)(SIM_MEM_MAX >> 20),
		CORUN_POLICY_EPOCH_CYCLES_DEFAULT);
}

static uint64_t parse_count(const char *s, const char *what)
{
	uint64_t v;

	if (mix_parse_count(s, &v))
		die(2, "%s %s: expected a positive count (k/M/G suffixes allowed)",
		    what, s);
	return v;
}

void policy_params(const struct corun_policy_ops *ops, uint32_t *out)
{
	uint32_t ids[CORUN_POLICY_MAX_PARAMS], vals[CORUN_POLICY_MAX_PARAMS];
	char err[256];

	if (mix_policy_params(ops, opt.pparam, opt.npparam, ids, vals, out, err,
			      sizeof(err)))
		die(2, "--policy-param %s", err);
}

void parse_args(int argc, char **argv)
{
	enum { O_ALONE_ONLY = 256, O_NO_ALONE, O_ALONE_SCHED, O_ALONE_MAX,
	       O_KDIR, O_FW, O_NO_FW, O_POLICIES, O_POLICY, O_COMPARE, O_EPOCH, O_TRACE, O_WHOLE,
	       O_NO_CTXSW, O_CTXSW_STRESS, O_ALONE_RUNS, O_SHOW_CONFIG,
	       O_FULL_CONFIG, O_SCHED, O_ORACLE_MAX, O_DEVICE_MEM, O_PROGRESS,
	       O_PPARAM, O_DEMAND };
	static const struct option lo[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "mix", required_argument, NULL, 'm' },
		{ "cycles", required_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'j' },
		{ "counters", no_argument, NULL, 'C' },
		{ "kernel-dir", required_argument, NULL, O_KDIR },
		{ "firmware", required_argument, NULL, O_FW },
		{ "no-firmware", no_argument, NULL, O_NO_FW },
		{ "quiet", no_argument, NULL, 'q' },
		{ "alone-only", no_argument, NULL, O_ALONE_ONLY },
		{ "no-alone", no_argument, NULL, O_NO_ALONE },
		{ "alone-sched", required_argument, NULL, O_ALONE_SCHED },
		{ "sched", required_argument, NULL, O_SCHED },
		{ "alone-max-cycles", required_argument, NULL, O_ALONE_MAX },
		{ "alone-runs", required_argument, NULL, O_ALONE_RUNS },
		{ "policy", required_argument, NULL, O_POLICY },
		{ "compare-policies", required_argument, NULL, O_COMPARE },
		{ "epoch-cycles", required_argument, NULL, O_EPOCH },
		{ "oracle-max", required_argument, NULL, O_ORACLE_MAX },
		{ "device-mem", required_argument, NULL, O_DEVICE_MEM },
		{ "trace-policy", no_argument, NULL, O_TRACE },
		{ "policy-param", required_argument, NULL, O_PPARAM },
		{ "no-ctxsw", no_argument, NULL, O_NO_CTXSW },
		{ "ctxsw-stress", required_argument, NULL, O_CTXSW_STRESS },
		{ "whole-runs", no_argument, NULL, O_WHOLE },
		{ "progress", required_argument, NULL, O_PROGRESS },
		{ "demand", no_argument, NULL, O_DEMAND },
		{ "list", no_argument, NULL, 'l' },
		{ "show-config", no_argument, NULL, O_SHOW_CONFIG },
		{ "full-config", no_argument, NULL, O_FULL_CONFIG },
		{ "policies", no_argument, NULL, O_POLICIES },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c;

	while ((c = getopt_long(argc, argv, "c:m:n:jCqlh", lo, NULL)) != -1) {
		switch (c) {
		case 'c': opt.config = optarg; break;
		case 'm': opt.mix = optarg; break;
		case 'n': opt.cycles = parse_count(optarg, "--cycles"); break;
		case 'j': opt.json = 1; break;
		case 'C': opt.counters = 1; break;
		case 'q': opt.quiet = 1; break;
		case 'l': opt.list = 1; break;
		case O_POLICIES: opt.policies = 1; break;
		case O_KDIR: opt.kernel_dir = optarg; break;
		case O_FW: opt.firmware = optarg; break;
		case O_NO_FW: opt.firmware = ""; break;
		case O_ALONE_ONLY: opt.alone_only = 1; break;
		case O_NO_ALONE: opt.no_alone = 1; break;
		case O_ALONE_SCHED: opt.alone_sched = optarg; break;
		case O_SCHED: opt.sched = optarg; break;
		case O_ALONE_MAX:
			opt.alone_max = parse_count(optarg, "--alone-max-cycles");
			break;
		case O_POLICY:
			opt.oracle = oracle_kind_of(optarg);
			if (opt.oracle < 0 && !corun_policy_find_name(optarg))
				die(2, "--policy %s: %s, or the oracles %s and %s", optarg,
				    mix_policy_names(),
				    oracle_name(ORACLE_CTA),
				    oracle_name(ORACLE_SPATIAL));
			opt.policy = optarg;
			break;
		case O_ORACLE_MAX:
			opt.oracle_max = parse_count(optarg, "--oracle-max");
			if (opt.oracle_max > ORACLE_CAP_MAX)
				die(2, "--oracle-max %s: out of range 1..%u",
				    optarg, ORACLE_CAP_MAX);
			break;
		case O_DEVICE_MEM:
			if (mix_parse_count(optarg, &opt.mem_bytes) ||
			    !isdigit((unsigned char)optarg[strlen(optarg) - 1]))
				die(2, "--device-mem %s: expected a size in MiB",
				    optarg);
			if (opt.mem_bytes < DEVICE_MEM_MIN_MIB ||
			    opt.mem_bytes > SIM_MEM_MAX >> 20)
				die(2, "--device-mem %s: out of range %u..%llu (MiB)",
				    optarg, DEVICE_MEM_MIN_MIB,
				    (unsigned long long)(SIM_MEM_MAX >> 20));
			opt.mem_bytes <<= 20;
			break;
		case O_COMPARE: opt.compare = optarg; break;
		case O_EPOCH:
			opt.epoch_cycles = parse_count(optarg, "--epoch-cycles");
			/* the driver's range: SET_POLICY takes the same */
			if (corun_policy_epoch_check(opt.epoch_cycles))
				die(2, "--epoch-cycles %s: out of range %u..%u (the driver's DRM_CORUN_EPOCH_CYCLES_MIN..MAX)",
				    optarg, CORUN_POLICY_EPOCH_CYCLES_MIN,
				    CORUN_POLICY_EPOCH_CYCLES_MAX);
			break;
		case O_TRACE: opt.trace = 1; break;
		case O_PPARAM:
			if (opt.npparam == CORUN_POLICY_MAX_PARAMS)
				die(2, "--policy-param %s: more than %u knobs",
				    optarg, CORUN_POLICY_MAX_PARAMS);
			opt.pparam[opt.npparam++] = optarg;
			break;
		case O_NO_CTXSW: opt.no_ctxsw = 1; break;
		case O_CTXSW_STRESS:
			opt.ctxsw_stress = parse_count(optarg, "--ctxsw-stress");
			if (!opt.ctxsw_stress)
				die(2, "--ctxsw-stress %s: expected a cycle count above 0",
				    optarg);
			break;
		case O_WHOLE: opt.whole_runs = 1; break;
		case O_PROGRESS:
			opt.progress = parse_count(optarg, "--progress");
			break;
		case O_DEMAND: opt.demand = 1; break;
		case O_SHOW_CONFIG: opt.show_config = 1; break;
		case O_FULL_CONFIG: opt.full_config = 1; break;
		case O_ALONE_RUNS:
			if (!strcmp(optarg, "once"))
				opt.alone_once = 1;
			else if (!strcmp(optarg, "budget"))
				opt.alone_once = 0;
			else
				die(2, "--alone-runs %s: expected once or budget",
				    optarg);
			break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	if (optind < argc)
		die(2, "unexpected argument '%s' (see --help)", argv[optind]);
	if (opt.alone_only && opt.no_alone)
		die(2, "--alone-only and --no-alone exclude each other");
	if (opt.compare && opt.policy)
		die(2, "--policy and --compare-policies exclude each other");
	if (opt.npparam && (opt.compare || opt.oracle >= 0))
		die(2, "--policy-param: the knobs of one driver policy, not with --compare-policies or an oracle");
	if (opt.compare && opt.alone_only)
		die(2, "--compare-policies and --alone-only exclude each other");
	if (opt.oracle >= 0 && (opt.no_alone || opt.alone_only))
		die(2, "--policy %s: the oracle ranks its co-runs by their speedups over the alone runs: not with --no-alone or --alone-only",
		    opt.policy);
	if (opt.oracle >= 0 && opt.progress)
		die(2, "--policy %s: --progress records one co-run's jobs, an oracle runs many",
		    opt.policy);
	if (opt.demand && !opt.progress)
		die(2, "--demand records at --progress's samples: give --progress N");
	if (!opt.list && !opt.policies &&
	    (!opt.config || (!opt.mix && !opt.show_config))) {
		usage(stderr);
		exit(2);
	}
}
