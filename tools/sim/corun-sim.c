// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim: run a job mix on the device model and report per-job
 * slowdowns and the multiprogram metrics (see
 * Documentation/tools/corun-sim.rst and mix.h for the mix format).
 *
 * 1. Alone runs: every distinct (workload, scale, seed) runs alone on a
 *    fresh device whose warp scheduler is the configuration's (the mix's
 *    alone_sched or --alone-sched changes it: the CCBP paper measures
 *    alone IPC with GTO), measured like the co-run: it is
 *    re-executed over the same budget and IPC_alone = thread instructions
 *    its slot retired / budget cycles, so a short job's warm re-runs are
 *    compared with warm re-runs (--alone-runs once: one cold run, IPC =
 *    its instructions / its cycles from first submit to last completion).
 * 2. Co-run: every job gets its own context (address space) and slot on
 *    one fresh device and all are submitted at cycle 0. A job whose run
 *    completes is checked against its CPU reference and re-executed with
 *    a fresh setup until the cycle budget ends. IPC_shared = thread
 *    instructions the job's slot retired during the budget (partial runs
 *    included, from the slot counters) / budget cycles.
 *
 * 3. Policy: during the co-run the driver's policy engine
 *    (drivers/gpu/drm/corun/policy/, --policy or the mix's "policy",
 *    default fcfs) programs every slot's SM mask, CTA quota and priority
 *    the way the driver does: a decision at each job start (before the
 *    submit), job end and EPOCH event, with the input built by the same
 *    policy.c helpers (running slots, and at epochs the slot counter
 *    deltas since the previous epoch); epochs of the driver's default
 *    length run while a job is resident. Each launch of a workload is one
 *    job. Alone runs have the device to themselves and use no policy.
 *    --compare-policies runs the co-run once per policy. --policy
 *    cta-oracle or spatial-oracle runs one co-run per CTA combination
 *    under fcfs with the slots pinned and reports the best (oracle.h).
 *
 * 4. --progress N: every job's progress curve, its thread instructions at
 *    every N cycles and at the end of each completed run (progress.h).
 *
 * IPC always counts thread instructions (active lanes), like GPGPU-Sim.
 * stdout is deterministic; progress and the host simulation rate go to
 * stderr. Exit status: 0 ok, 1 a job faulted or failed its check, 2 bad
 * usage, configuration, mix file or kernel binary.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpu.h>
#include <characterize/characterize.h>
#include <kernels/workload.h>
#include <policy/policy.h>
#include <sim/calibrate.h>
#include <sim/fit_hsm.h>
#include <sim/json.h>
#include <sim/metrics.h>
#include <sim/mix.h>
#include <sim/corun_sim.h>
#include <sim/oracle.h>
#include <sim/simhost.h>
#include <sim/simpolicy.h>

#define MAX_POLICIES 4

const char *const status_names[] = { "ok", "fault", "check_failed", "error" };

void __attribute__((noreturn, format(printf, 2, 3)))
die(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("corun-sim: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

/* ---- configuration, registry, checks ---- */

static int lookup_workload(const char *name, char *known, size_t len)
{
	const struct workload *const *faults;
	size_t n, i, at;

	if (wl_find(name))
		return 0;
	/* every name a mix may give: the regular workloads and fault tests */
	wl_list_names(known, len);
	faults = wl_faults(&n);
	at = strlen(known);
	for (i = 0; i < n && at < len; i++)
		at += snprintf(known + at, len - at, "%s%s",
			       i ? ", " : "; fault tests: ", faults[i]->name);
	return -1;
}

static void list_workloads(void)
{
	const struct workload *const *all;
	size_t n, i;

	all = wl_all(&n);
	printf("%-18s %-16s %s\n", "workload", "elf", "description");
	for (i = 0; i < n; i++)
		printf("%-18s %-16s %s%s\n", all[i]->name, all[i]->elf,
		       all[i]->desc,
		       all[i]->flags & WL_F_COMPUTE ? " [compute]" : "");
	all = wl_faults(&n);
	for (i = 0; i < n; i++)
		printf("%-18s %-16s %s [fault test: %s]\n", all[i]->name,
		       all[i]->elf, all[i]->desc,
		       sim_fault_name(all[i]->expect_fault));
}

/* Every ELF the mix needs must load before anything runs. */
static void check_kernels(const struct mix *m)
{
	char err[ERRLEN];
	unsigned int i;

	for (i = 0; i < m->njobs; i++)
		if (!m->jobs[i].is_elf &&
		    wl_check_elf(wl_find(m->jobs[i].workload), err,
				 sizeof(err)))
			die(2, "%s; see --kernel-dir", err);
}

/*
 * The alone runs' configuration: @cfg with warp scheduler @sched ("config":
 * the configuration's own), given by @what (for the message).
 */
static void alone_config(const struct emu_config *cfg, const char *sched,
			 const char *what, struct emu_config *acfg)
{
	char err[ERRLEN];

	*acfg = *cfg;
	if (strcmp(sched, "config") &&
	    (emu_config_set(acfg, "sm", "sched_policy", sched, err,
			    sizeof(err)) ||
	     emu_config_validate(acfg, err, sizeof(err))))
		die(2, "%s %s: %s", what, sched, err);
}

/* One line for the report: what sets the timing apart at a glance. */
static void config_summary(const struct emu_config *cfg, FILE *f)
{
	fprintf(f, "# configuration %s: %u SMs, warp %u, %u slots, warp scheduler %s, timing_address %s, id 0x%08x (--full-config: all of it)\n",
		cfg->name, cfg->num_sms, cfg->warp_size, cfg->num_slots,
		emu_sched_policy_name(cfg->sm.sched_policy),
		cfg->timing_address == EMU_TIMING_VA ? "va" : "pa",
		emu_config_id(cfg));
}

/* --show-config: what a run would print about its configuration, alone. */
static void show_config(const struct emu_config *cfg,
			const struct emu_config *acfg)
{
	struct json js;
	char id[32];

	snprintf(id, sizeof(id), "0x%08x", emu_config_id(cfg));
	if (!opt.json) {
		printf("# corun-sim: configuration %s (id %s) from %s\n",
		       cfg->name, id, opt.config);
		emu_config_print(cfg, stdout);
		return;
	}
	json_init(&js, stdout);
	json_obj_begin(&js, NULL);
	json_str(&js, "tool", "corun-sim");
	json_u64(&js, "format_version", 1);
	json_obj_begin(&js, "config");
	json_str(&js, "file", opt.config);
	json_str(&js, "name", cfg->name);
	json_str(&js, "id", id);
	json_str(&js, "alone_sched",
		 emu_sched_policy_name(acfg->sm.sched_policy));
	json_config(&js, cfg);
	json_obj_end(&js);
	json_obj_end(&js);
	json_finish(&js);
}

int main(int argc, char **argv)
{
	struct emu_config cfg, acfg;
	const char *alone_sched_from;
	struct job alone[MIX_MAX_JOBS], proto[MIX_MAX_JOBS];
	const struct corun_policy_ops *pols[MAX_POLICIES];
	struct corun *co = NULL;
	unsigned int nalone = 0, npol = 0, i, k, p, failed = 0;
	uint64_t budget = 0;
	char err[ERRLEN], b1[32];
	struct sim_policy *check_sp;
	struct sim_dev *dev, *check_dev;
	struct oracle orc = { 0 };
	struct mix mix;
	struct json js;

	/* --characterize anywhere: the characterization mode. */
	for (i = 1; i < (unsigned int)argc; i++)
		if (!strcmp(argv[i], "--characterize")) {
			for (k = i; k > 1; k--)
				argv[k] = argv[k - 1];
			argv[1] = argv[0];
			return characterize_main(argc - 1, argv + 1);
		}
	/*
	 * --calibrate or --fit-hsm anywhere: the calibration modes
	 * (calibrate.c, fit_hsm.c).
	 */
	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--calibrate"))
			return calibrate_main(argc, argv);
		if (!strcmp(argv[i], "--fit-hsm"))
			return fit_hsm_main(argc, argv);
	}
	parse_args(argc, argv);
	/* --kernel-dir must beat $CORUN_KERNEL_DIR, which wl_kernel_dir prefers. */
	if (opt.kernel_dir && setenv("CORUN_KERNEL_DIR", opt.kernel_dir, 1))
		die(2, "setenv: %s", strerror(errno));
	if (opt.list) {
		list_workloads();
		return 0;
	}
	if (opt.policies) {
		/* the firmware's part is what the image booted says it has */
		if (opt.config) {
			if (emu_config_load(opt.config, &cfg, err, sizeof(err)))
				die(2, "%s", err);
		} else {
			emu_config_defaults(&cfg);
		}
		firmware_find();
		dev = device_new(&cfg);
		sim_policy_list(stdout, dev);
		sim_dev_destroy(dev);
		return 0;
	}
	if (emu_config_load(opt.config, &cfg, err, sizeof(err)))
		die(2, "%s", err);
	/* --alone-sched beats the mix's alone_sched, the default is "config" */
	alone_config(&cfg, opt.alone_sched ? opt.alone_sched : "config",
		     "--alone-sched", &acfg);
	if (opt.show_config) {
		show_config(&cfg, &acfg);
		return 0;
	}
	if (mix_load(opt.mix, lookup_workload, &mix, err, sizeof(err)))
		die(2, "%s", err);
	alone_sched_from = opt.alone_sched ? "--alone-sched" :
			   mix.alone_sched[0] ? "the mix's alone_sched" :
			   "the configuration's";
	if (!opt.alone_sched && mix.alone_sched[0])
		alone_config(&cfg, mix.alone_sched, "alone_sched =", &acfg);
	if (mix_check_device(&mix, cfg.num_slots, cfg.num_sms, err, sizeof(err)))
		die(2, "%s (configuration %s)", err, cfg.name);
	emu_config_sm_limits(&cfg, &sm_lim);
	for (i = 0; i < mix.njobs && opt.oracle >= 0; i++)
		if (mix.jobs[i].cta_quota || mix.jobs[i].has_sms)
			die(2, "%s:%u: quota= or sms= pins the slot, but --policy %s searches its CTA counts%s",
			    mix.path, mix.jobs[i].line, opt.policy,
			    opt.oracle == ORACLE_SPATIAL ? " and splits the SMs" : "");
	check_kernels(&mix);
	/* the co-run's warp scheduler; alone runs keep --alone-sched */
	if (opt.sched || mix.sched[0]) {
		const char *sp = opt.sched ? opt.sched : mix.sched;

		if (emu_config_set(&cfg, "sm", "sched_policy", sp, err,
				   sizeof(err)) ||
		    emu_config_validate(&cfg, err, sizeof(err))) {
			if (opt.sched)
				die(2, "--sched %s: %s", sp, err);
			die(2, "%s:%u: sched = %s: %s", mix.path,
			    mix.sched_line, sp, err);
		}
	}
	budget = opt.cycles ? opt.cycles : mix.budget;
	/*
	 * A bad firmware image, or firmware settings the device or its
	 * firmware cannot take, fail here, before any run.
	 */
	firmware_find();
	check_dev = device_new(&cfg);
	check_sp = sim_policy_create(check_dev, &corun_policy_fcfs, NULL, 0, 0,
				     NULL, err, sizeof(err));
	if (!check_sp)
		die(2, "%s", err);
	mix_fw_apply(&mix, check_sp);
	sim_policy_destroy(check_sp);
	sim_dev_destroy(check_dev);

	/* The policies: --compare-policies, --policy, the mix's, fcfs. */
	if (opt.compare) {
		char list[256], *w, *save = NULL;

		if (strlen(opt.compare) >= sizeof(list))
			die(2, "--compare-policies: list too long");
		strcpy(list, opt.compare);
		for (w = strtok_r(list, ",", &save); w;
		     w = strtok_r(NULL, ",", &save)) {
			if (npol == MAX_POLICIES)
				die(2, "--compare-policies: at most %d policies",
				    MAX_POLICIES);
			pols[npol] = corun_policy_find_name(w);
			if (!pols[npol])
				die(2, "--compare-policies: %s: %s", w,
				    mix_policy_names());
			for (p = 0; p < npol; p++)
				if (pols[p] == pols[npol])
					die(2, "--compare-policies: %s given twice", w);
			npol++;
		}
		if (npol < 2)
			die(2, "--compare-policies %s: expected two or more policies, like fcfs,even",
			    opt.compare);
	} else if (opt.oracle >= 0) {
		pols[npol++] = &corun_policy_fcfs;
	} else {
		pols[npol++] = corun_policy_find_name(
			opt.policy ? opt.policy : mix.policy[0] ? mix.policy : "fcfs");
	}
	if (opt.ctxsw_stress && (npol != 1 || pols[0] != &corun_policy_fcfs))
		die(2, "--ctxsw-stress sets the SM masks itself: only with policy fcfs");

	/* The jobs, and one alone run per distinct workload instance. */
	memset(alone, 0, sizeof(alone));
	memset(proto, 0, sizeof(proto));
	for (i = 0; i < mix.njobs; i++) {
		struct job *j = &proto[i];

		j->mj = &mix.jobs[i];
		j->wl = mix_job_workload(j->mj, &j->params);
		j->slot = j->mj->slot;
		/* corun-run opens its DRM files in mix order: tags 0, 1, ... */
		j->as_tag = i;
		for (k = 0; k < nalone; k++)
			if (alone[k].wl == j->wl &&
			    alone[k].params.scale == j->params.scale &&
			    alone[k].params.seed == j->params.seed)
				break;
		if (k == nalone) {
			alone[k].wl = j->wl;
			alone[k].params = j->params;
			nalone++;
		}
		j->alone = &alone[k];
	}
	/* an oracle reports two co-runs: its best HS and its best STP */
	co = calloc(npol + (opt.oracle >= 0), sizeof(*co));
	if (!co)
		die(1, "out of memory");
	for (p = 0; p < npol; p++) {
		memcpy(co[p].jobs, proto, sizeof(proto));
		co[p].pol.ops = pols[p];
		policy_params(pols[p], co[p].pol.params);
	}

	if (!opt.json) {
		printf("# corun-sim: configuration %s (id 0x%08x) from %s\n",
		       cfg.name, emu_config_id(&cfg), opt.config);
		printf("# mix %s (%s), %u jobs, co-run budget %" PRIu64 " cycles\n",
		       mix.name, mix.path, mix.njobs, budget);
		printf("# firmware %s", fw_version_str(b1, sizeof(b1)));
		if (fw_path[0])
			printf(" (crc32 0x%08x)", fw_crc);
		printf("\n");
		if (!opt.alone_only) {
			printf("# polic%s", npol > 1 ? "ies" : "y");
			for (p = 0; p < npol; p++)
				printf("%s %s", p ? "," : "",
				       opt.oracle >= 0 ? opt.policy :
							 pols[p]->name);
			printf(", epoch %" PRIu64 " cycles\n", opt.epoch_cycles);
		}
		printf("# warp scheduler: alone runs %s (%s), co-runs %s (%s)\n",
		       emu_sched_policy_name(acfg.sm.sched_policy),
		       alone_sched_from,
		       emu_sched_policy_name(cfg.sm.sched_policy),
		       opt.sched ? "--sched" :
		       mix.sched[0] ? "the mix's sched" : "the configuration's");
		printf("# IPC = thread instructions per device cycle\n");
		if (opt.full_config) {
			printf("# effective configuration:\n");
			emu_config_print(&cfg, stdout);
		} else {
			config_summary(&cfg, stdout);
		}
		printf("\n");
		fflush(stdout);
	}

	if (!opt.no_alone) {
		for (k = 0; k < nalone; k++) {
			char phase[128], lbl[96];

			dev = device_new(&acfg);
			snprintf(phase, sizeof(phase), "alone %s",
				 job_label(&alone[k], lbl, sizeof(lbl)));
			if (opt.alone_once) {
				drive(dev, &alone[k], 1, opt.alone_max, 1,
				      phase, NULL);
			} else {
				/* As the co-run measures: same budget. */
				whole_budget = budget;
				alone[k].cycles =
					drive(dev, &alone[k], 1,
					      opt.whole_runs ? opt.alone_max :
							       budget,
					      1, phase, NULL);
				if (opt.whole_runs && alone[k].status == ST_OK &&
				    !alone[k].stopped)
					job_fail(&alone[k], ST_ERROR,
						 "alone runs not done after %" PRIu64 " cycles (--alone-max-cycles)",
						 opt.alone_max);
			}
			sim_dev_destroy(dev);
			if (alone[k].status != ST_OK)
				failed++;
		}
	}
	if (opt.oracle >= 0)
		failed += run_oracle(&cfg, &mix, budget, proto, &orc, &co[0],
				     &co[1]);
	else if (!opt.alone_only)
		for (p = 0; p < npol; p++) {
			run_corun(&cfg, &mix, budget, &co[p], NULL);
			failed += co[p].failed;
		}

	if (opt.json) {
		json_init(&js, stdout);
		json_obj_begin(&js, NULL);
		json_str(&js, "tool", "corun-sim");
		json_u64(&js, "format_version", 1);
		json_str(&js, "ipc_unit", "thread instructions per cycle");
		json_obj_begin(&js, "firmware");
		json_str(&js, "version", fw_version_str(b1, sizeof(b1)));
		if (fw_path[0]) {
			/* The image's identity, not its path: outputs compare. */
			snprintf(b1, sizeof(b1), "0x%08x", fw_crc);
			json_str(&js, "crc32", b1);
		}
		json_obj_end(&js);
		json_obj_begin(&js, "config");
		json_str(&js, "file", opt.config);
		json_str(&js, "name", cfg.name);
		snprintf(b1, sizeof(b1), "0x%08x", emu_config_id(&cfg));
		json_str(&js, "id", b1);
		json_str(&js, "timing_address",
			 cfg.timing_address == EMU_TIMING_VA ? "va" : "pa");
		json_str(&js, "alone_sched",
			 emu_sched_policy_name(acfg.sm.sched_policy));
		json_str(&js, "corun_sched",
			 emu_sched_policy_name(cfg.sm.sched_policy));
		json_str(&js, "alone_runs", opt.alone_once ? "once" : "budget");
		json_config(&js, &cfg);
		json_obj_end(&js);
		json_obj_begin(&js, "mix");
		json_str(&js, "file", mix.path);
		json_str(&js, "name", mix.name);
		json_u64(&js, "budget_cycles", budget);
		if (mix.policy[0])
			json_str(&js, "policy", mix.policy);
		json_obj_end(&js);
		if (npol == 1) {
			json_str(&js, "policy", opt.oracle >= 0 ? opt.policy :
				 pols[0]->name);
		} else {
			json_arr_begin(&js, "policies");
			for (p = 0; p < npol; p++)
				json_str(&js, NULL, pols[p]->name);
			json_arr_end(&js);
		}
		/* the VM's epoch handshake (corun-run): not applicable here */
		json_null(&js, "lockstep");
		json_arr_begin(&js, "alone");
		for (k = 0; k < nalone && !opt.no_alone; k++) {
			const struct job *a = &alone[k];

			json_obj_begin(&js, NULL);
			mix_json_workload(&js, a->wl, &a->params);
			json_str(&js, "status", status_names[a->status]);
			if (a->status != ST_OK)
				json_str(&js, "error", a->msg);
			json_u64(&js, "runs", a->runs);
			json_u64(&js, "launches", a->launches);
			json_u64(&js, "cycles", a->cycles);
			json_u64(&js, "busy_cycles", a->busy_cycles);
			json_u64(&js, "thread_insns", a->ctr.thread_insns);
			json_u64(&js, "warp_insns", a->ctr.warp_insns);
			json_dbl(&js, "ipc", a->status == ST_OK ?
				 metrics_ipc(a->ctr.thread_insns, a->cycles) : NAN);
			if (opt.progress)
				progress_json(&js, &a->prog, opt.progress, 0, 0,
					      opt.demand);
			if (opt.counters)
				json_counters(&js, &a->ctr);
			json_obj_end(&js);
		}
		json_arr_end(&js);
		if (opt.oracle >= 0) {
			/* "corun": the best HS, what corun-eval reads */
			json_corun(&js, "corun", &mix, &co[0]);
			json_corun(&js, "corun_ws", &mix, &co[1]);
			oracle_json(&js, &orc);
		} else if (!opt.alone_only && npol == 1) {
			json_corun(&js, "corun", &mix, &co[0]);
		} else if (!opt.alone_only) {
			json_arr_begin(&js, "coruns");
			for (p = 0; p < npol; p++)
				json_corun(&js, NULL, &mix, &co[p]);
			json_arr_end(&js);
		}
		json_bool(&js, "ok", failed == 0);
		json_obj_end(&js);
		json_finish(&js);
	} else {
		if (!opt.no_alone) {
			printf("alone runs (scheduler %s, %s):\n",
			       emu_sched_policy_name(acfg.sm.sched_policy),
			       opt.alone_once ? "one run each" :
			       "re-executed over the budget");
			printf("  %-28s %-9s %5s %12s %14s %12s %9s\n",
			       "workload", "status", "runs", "cycles",
			       "thread-insns", "warp-insns", "IPC");
			for (k = 0; k < nalone; k++) {
				const struct job *a = &alone[k];
				char lbl[96];

				printf("  %-28s %-9s %5u %12" PRIu64 " %14" PRIu64 " %12" PRIu64 " %9s\n",
				       job_label(a, lbl, sizeof(lbl)),
				       job_status_text(a),
				       a->runs, a->cycles, a->ctr.thread_insns,
				       a->ctr.warp_insns,
				       metrics_fmt(a->status == ST_OK ?
					       metrics_ipc(a->ctr.thread_insns, a->cycles) :
					       NAN, b1, sizeof(b1)));
				if (a->status != ST_OK)
					printf("    %s: %s\n", status_names[a->status],
					       a->msg);
				if (opt.progress)
					progress_text(stdout, &a->prog,
						      opt.progress);
				if (opt.counters)
					text_counters(&a->ctr);
			}
		}
		if (opt.oracle >= 0) {
			oracle_text(stdout, &orc);
			printf("best harmonic speedup, ");
			text_corun(&mix, &co[0]);
			printf("best STP (weighted speedup), ");
			text_corun(&mix, &co[1]);
		} else if (!opt.alone_only) {
			for (p = 0; p < npol; p++)
				text_corun(&mix, &co[p]);
			if (npol > 1)
				text_compare(&mix, co, npol);
		}
		for (i = 0, k = 0; i < mix.njobs; i++)
			k += !!(proto[i].wl->flags & WL_F_UNCHECKED);
		if (failed)
			printf("result: FAILED\n");
		else if (k)
			printf("result: ok (%u of %u jobs unchecked: no expect= reference)\n",
			       k, mix.njobs);
		else
			printf("result: ok\n");
	}
	fflush(stdout);

	/* Failures also on stderr, so they are seen with --json too. */
	for (k = 0; k < nalone; k++)
		if (alone[k].status != ST_OK)
			fprintf(stderr, "corun-sim: alone %s: %s: %s\n",
				alone[k].wl->name, status_names[alone[k].status],
				alone[k].msg);
	for (p = 0; p < npol && !opt.alone_only; p++)
		for (i = 0; i < mix.njobs; i++)
			if (co[p].jobs[i].status != ST_OK)
				fprintf(stderr, "corun-sim: %s:%u: job %u (%s, policy %s): %s: %s\n",
					mix.path, co[p].jobs[i].mj->line, i,
					co[p].jobs[i].wl->name, pols[p]->name,
					status_names[co[p].jobs[i].status],
					co[p].jobs[i].msg);
	if (!opt.quiet && sim_ns)
		fprintf(stderr,
			"corun-sim: simulation rate: %.0f cycles/s, %.0f warp-insns/s, %.0f thread-insns/s (%" PRIu64 " cycles, %" PRIu64 " warp-insns, %" PRIu64 " thread-insns in %.3f s)\n",
			total_stats.cycles / (sim_ns / 1e9),
			total_stats.warp_insns / (sim_ns / 1e9),
			total_stats.thread_insns / (sim_ns / 1e9),
			total_stats.cycles, total_stats.warp_insns,
			total_stats.thread_insns, sim_ns / 1e9);
	for (p = 0; p < npol; p++) {
		sim_policy_destroy(co[p].pol.sp);
		for (i = 0; i < mix.njobs; i++)
			progress_free(&co[p].jobs[i].prog);
	}
	for (k = 0; k < nalone; k++)
		progress_free(&alone[k].prog);
	if (opt.oracle >= 0 && co[1].pol.sp != co[0].pol.sp)
		sim_policy_destroy(co[1].pol.sp);
	oracle_free(&orc);
	free(co);
	return failed ? 1 : 0;
}
