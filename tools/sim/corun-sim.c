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
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gpu.h>
#include <characterize/characterize.h>
#include <kernels/workload.h>
#include <policy/fwknobs.h>
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

#define PROGRESS_AFTER_NS 2000000000ull
#define PROGRESS_EVERY_NS 500000000ull
#define MAX_POLICIES 4
/* DRM_CORUN_PRIORITY_NORMAL: the context priority of every job */
#define CTX_PRIORITY_NORMAL 0

_Static_assert(CORUN_POLICY_MASK_WORDS == CORUN_SM_MASK_WORDS,
	       "policy and device SM masks differ");
_Static_assert(CORUN_POLICY_MAX_SLOTS >= CORUN_MAX_SLOTS,
	       "policy input too small for the device's slots");

const char *const status_names[] = { "ok", "fault", "check_failed", "error" };

/* --device-mem's floor: room for the device's rings and a small job. */
#define DEVICE_MEM_MIN_MIB 16

/* --whole-runs: a co-run job starts no new run past this window. */
static uint64_t whole_budget;

/* The device cycle drive() started at: the cycle 0 of --progress. */
static uint64_t drive_start;

struct opts opt = { .alone_max = 1000000000ull,
			   .epoch_cycles = CORUN_POLICY_EPOCH_CYCLES_DEFAULT,
			   .oracle = -1, .oracle_max = ORACLE_CAP_DEFAULT };

/* One SM's static limits, for the footprints of the alone runs' launches. */
static struct corun_sm_limits sm_lim;

/* ---- the policy engine, driven like the driver drives it ---- */

/* The co-run being driven; NULL during alone runs. */
static struct pol_run *cur_pol;

/* Simulation-rate totals over every device, and the time in emu_gpu_run. */
static struct emu_stats total_stats;
static uint64_t sim_ns;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

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

static void __attribute__((format(printf, 3, 4)))
job_fail(struct job *j, enum job_status st, const char *fmt, ...)
{
	va_list ap;

	if (j->status != ST_OK)
		return;
	j->status = st;
	j->stopped = 1;
	va_start(ap, fmt);
	vsnprintf(j->msg, sizeof(j->msg), fmt, ap);
	va_end(ap);
}

const char *job_label(const struct job *j, char *buf, size_t len)
{
	if (j->params.elf)
		snprintf(buf, len, "%s(seed=%u)", j->wl->name, j->params.seed);
	else
		snprintf(buf, len, "%s(scale=%u,seed=%u)", j->wl->name,
			 j->params.scale, j->params.seed);
	return buf;
}

/* "ok", or "unchecked" for an ELF job without a reference; "FAIL". */
const char *job_status_text(const struct job *j)
{
	if (j->status != ST_OK)
		return "FAIL";
	return j->wl->flags & WL_F_UNCHECKED ? "unchecked" : "ok";
}

/* ---- driving workloads on a device ---- */

static void job_teardown_run(struct job *j)
{
	if (j->run)
		j->wl->destroy(j->run);
	j->run = NULL;
	sim_ctx_destroy(j->ctx);
	j->ctx = NULL;
}

static void job_start_run(struct sim_dev *dev, struct job *j);

/* --progress: the end of @j's run, with the estimates summed so far. */
static void job_progress_run_end(struct sim_dev *dev, struct job *j,
				 uint64_t now)
{
	struct progress_run r = { .cycle = now - drive_start,
				  .est_alone = j->est_alone,
				  .est_cycles = j->est_cycles,
				  .est_uncapped = j->est_uncapped };
	struct corun_slot_counters c;

	emu_gpu_slot_counters(sim_dev_gpu(dev), j->slot, &c);
	r.thread_insns = c.thread_insns;
	if (progress_run_end(&j->prog, &r))
		die(1, "out of memory");
}

static void job_finish_run(struct sim_dev *dev, struct job *j, int alone)
{
	uint64_t now = emu_gpu_cycle(sim_dev_gpu(dev));
	char err[ERRLEN] = "";

	if (j->wl->check(j->ctx, j->run, err, sizeof(err))) {
		job_fail(j, ST_CHECK, "run %u: check failed: %s", j->runs + 1,
			 err);
		return;
	}
	j->runs++;
	if (opt.progress)
		job_progress_run_end(dev, j, now);
	if (alone && opt.alone_once) {
		j->cycles = now - j->run_start;
		j->stopped = 1;
		return;
	}
	if (now == j->run_start) {
		job_fail(j, ST_ERROR, "a run took 0 cycles: nothing to re-execute");
		return;
	}
	job_teardown_run(j);
	/* corun-run's budget: whole runs until the window is used */
	if (opt.whole_runs && j->last_cycle - j->first_cycle >= whole_budget) {
		j->stopped = 1;
		return;
	}
	job_start_run(dev, j);
}

/* Ask the workload for its next launch and submit it, or finish the run. */
static void job_launch_next(struct sim_dev *dev, struct job *j, int alone)
{
	char err[ERRLEN] = "";
	struct corun_job_desc d;
	struct sim_launch l;
	int ret;

	memset(&l, 0, sizeof(l));
	ret = j->wl->next(j->ctx, j->run, &l, err, sizeof(err));
	if (ret < 0) {
		job_fail(j, ST_ERROR, "next(): %s", err);
		return;
	}
	if (ret == 0) {
		job_finish_run(dev, j, alone);
		return;
	}
	ret = sim_prepare(j->ctx, &l, &d, err, sizeof(err));
	if (ret) {
		job_fail(j, ST_ERROR, "launch rejected: %s", err);
		return;
	}
	if (j->mj)
		d.qos_target = j->mj->qos;
	if (alone) {
		struct corun_cta_footprint fp;

		/* sim_prepare() checked that it fits an empty SM */
		if (!corun_cta_footprint(&sm_lim, (uint64_t)l.block[0] *
					 l.block[1] * l.block[2],
					 l.k.regs_per_thread, l.k.shared_bytes,
					 &fp)) {
			oracle_fp_merge(&sm_lim, &j->fp, &fp);
			j->fp_launches++;
		}
	}
	/* Job start: the driver decides before the job can dispatch. */
	j->inflight = 1;
	j->launch_cycle = emu_gpu_cycle(sim_dev_gpu(dev));
	if (cur_pol && sim_policy_job_start(cur_pol->sp, j->slot, &d,
					    CTX_PRIORITY_NORMAL, err,
					    sizeof(err)))
		die(1, "%s", err);
	ret = sim_queue(j->ctx, j->slot, &d, err, sizeof(err));
	if (ret) {
		j->inflight = 0;
		job_fail(j, ST_ERROR, "launch rejected: %s", err);
		return;
	}
	j->seqno = d.seqno;
}

static void job_start_run(struct sim_dev *dev, struct job *j)
{
	char err[ERRLEN] = "";

	j->run_start = emu_gpu_cycle(sim_dev_gpu(dev));
	j->ctx = sim_ctx_create(dev);
	if (!j->ctx) {
		job_fail(j, ST_ERROR, "out of device memory for a context");
		return;
	}
	if (sim_ctx_set_as_tag(j->ctx, j->as_tag)) {
		job_fail(j, ST_ERROR, "address-space tag %u out of range",
			 j->as_tag);
		return;
	}
	if (j->wl->setup(j->ctx, &j->params, &j->run, err, sizeof(err))) {
		j->run = NULL;
		job_fail(j, ST_ERROR, "setup(): %s", err);
		return;
	}
	job_launch_next(dev, j, !j->mj);
}

/*
 * The policy's estimate of the alone cycles of @j's launch, which covers
 * the launch from its submission to @upto (its end, or the last epoch of
 * a launch the budget cut), both GPU cycles as the busy cycles and the
 * budget.
 */
static void job_add_estimate(struct job *j,
			     const struct corun_policy_engine *eng,
			     uint64_t upto)
{
	uint64_t est = eng->out.slot[j->slot].est_alone_cycles;

	if (!est || upto <= j->launch_cycle)
		return;
	j->est_alone += est;
	j->est_uncapped += eng->out.slot[j->slot].est_alone_uncapped;
	j->est_cycles += upto - j->launch_cycle;
}

static void job_done(struct sim_dev *dev, struct job *j,
		     const struct emu_event *ev, int alone)
{
	const struct corun_fault_record *f = &ev->fault;
	char err[ERRLEN] = "";
	struct sim_result r;

	j->inflight = 0;
	if (cur_pol && sim_policy_job_end(cur_pol->sp, j->slot, err,
					  sizeof(err)))
		die(1, "%s", err);
	if (cur_pol)
		job_add_estimate(j, sim_policy_engine(cur_pol->sp),
				 emu_gpu_cycle(sim_dev_gpu(dev)));
	if (sim_complete(j->ctx, ev->seqno, &ev->fault, &r, err, sizeof(err))) {
		job_fail(j, ST_ERROR, "%s", err);
		return;
	}
	if (f->cause != CORUN_FAULT_NONE &&
	    !((j->wl->flags & WL_F_FAULT) && f->cause == j->wl->expect_fault)) {
		job_fail(j, ST_FAULT,
			 "run %u launch %" PRIu64 ": fault %s (%u): pc 0x%08x addr 0x%08x access %u sm %u cta %u warp %u lane %u",
			 j->runs + 1, j->launches + 1, sim_fault_name(f->cause),
			 f->cause, f->pc, f->addr, f->access, f->sm, f->cta,
			 f->warp, f->lane);
		return;
	}
	if (!j->launches)
		j->first_cycle = ev->counters.start_cycle;
	j->last_cycle = ev->counters.end_cycle;
	j->launches++;
	/* As corun-run counts: first CTA dispatch to end, per launch. */
	j->busy_cycles += ev->counters.end_cycle - ev->counters.start_cycle;
	job_launch_next(dev, j, alone);
}

static void progress(const char *phase, uint64_t cycle, uint64_t stop,
		     uint64_t t0, uint64_t *last)
{
	uint64_t t = now_ns();

	if (opt.quiet || !isatty(2) || t - t0 < PROGRESS_AFTER_NS ||
	    t - *last < PROGRESS_EVERY_NS)
		return;
	*last = t;
	if (stop != UINT64_MAX)
		fprintf(stderr, "\r%s: cycle %" PRIu64 " of %" PRIu64 " (%.0f%%, %.2f Mcycles/s) ",
			phase, cycle, stop, 100.0 * cycle / stop,
			cycle / ((t - t0) / 1e9) / 1e6);
	else
		fprintf(stderr, "\r%s: cycle %" PRIu64 " (%.2f Mcycles/s) ",
			phase, cycle, cycle / ((t - t0) / 1e9) / 1e6);
}

/*
 * Run @n jobs on @dev until each has stopped (alone: after one run) or
 * the device reaches @stop. Returns the cycle the simulation ended at.
 */
/*
 * --ctxsw-stress: the @flip-th move of the co-run's jobs, job k to the
 * lower half of the SMs when k + @flip is even, else to the upper half,
 * each reclaimed by context switch, through the slot registers.
 */
static void ctxsw_flip(struct sim_dev *dev, struct job *jobs, unsigned int n,
		       uint64_t flip)
{
	uint32_t sms = sim_dev_config(dev)->num_sms, half = sms / 2, k, w;
	uint32_t mask[CORUN_SM_MASK_WORDS];
	char err[ERRLEN];

	for (k = 0; k < n; k++) {
		memset(mask, 0, sizeof(mask));
		if ((k + flip) % 2)
			corun_policy_mask_range(mask, half, sms - half);
		else
			corun_policy_mask_range(mask, 0, half);
		if (sim_dev_wr(dev, CORUN_REG_SLOT(jobs[k].slot, CORUN_SLOT_RECLAIM),
			       CORUN_RECLAIM_SWITCH, err, sizeof(err)))
			die(1, "--ctxsw-stress: %s", err);
		for (w = 0; w < CORUN_SM_MASK_WORDS; w++)
			if (sim_dev_wr(dev,
				       CORUN_REG_SLOT(jobs[k].slot,
						      CORUN_SLOT_SM_MASK0) +
					       4 * w,
				       mask[w], err, sizeof(err)))
				die(1, "--ctxsw-stress: %s", err);
	}
}

/*
 * --progress: every job's thread instructions at @at, a multiple of the
 * interval. The device stops at the cycle sim_dev_run() is given, so a
 * sample taken anywhere else is a bug, not an approximation.
 */
static void progress_take(struct sim_dev *dev, struct job *jobs,
			  unsigned int n, uint64_t at)
{
	struct corun_slot_counters c;
	uint64_t now = emu_gpu_cycle(sim_dev_gpu(dev));
	unsigned int i;

	if (now != at)
		die(1, "--progress: sample due at cycle %" PRIu64 " taken at %" PRIu64,
		    at - drive_start, now - drive_start);
	for (i = 0; i < n; i++) {
		emu_gpu_slot_counters(sim_dev_gpu(dev), jobs[i].slot, &c);
		if (progress_sample(&jobs[i].prog, c.thread_insns))
			die(1, "out of memory");
	}
}

/*
 * --progress in a co-run: every job's thread instructions at the epoch
 * snapshot @epoch, the counts the policy's decision at it saw.
 */
static void progress_epochs(struct sim_dev *dev, struct job *jobs,
			    unsigned int n, uint64_t epoch)
{
	struct progress_epoch e = {
		.epoch = epoch,
		.cycle = emu_gpu_cycle(sim_dev_gpu(dev)) - drive_start,
	};
	struct corun_slot_counters c;
	unsigned int i;

	for (i = 0; i < n; i++) {
		emu_gpu_slot_counters(sim_dev_gpu(dev), jobs[i].slot, &c);
		e.thread_insns = c.thread_insns;
		if (progress_epoch(&jobs[i].prog, &e))
			die(1, "out of memory");
	}
}

static uint64_t drive(struct sim_dev *dev, struct job *jobs, unsigned int n,
		      uint64_t stop, int alone, const char *phase,
		      struct pol_run *pr)
{
	struct emu_gpu *gpu = sim_dev_gpu(dev);
	uint64_t t0 = now_ns(), t1, last = 0, end;
	char err[ERRLEN];
	struct emu_event ev;
	struct emu_stats st;
	unsigned int i, active;
	uint64_t flip = 0, next_flip = UINT64_MAX, next_sample = UINT64_MAX;

	cur_pol = pr;
	drive_start = emu_gpu_cycle(gpu);
	if (opt.progress)
		next_sample = drive_start + opt.progress;
	for (i = 0; i < n; i++)
		job_start_run(dev, &jobs[i]);
	if (!alone && opt.ctxsw_stress)
		next_flip = opt.ctxsw_stress;
	for (;;) {
		uint64_t c = emu_gpu_cycle(gpu), until;
		int type;

		for (i = 0, active = 0; i < n; i++)
			active += jobs[i].inflight;
		if (!active || c >= stop)
			break;
		if (c >= next_flip) {
			ctxsw_flip(dev, jobs, n, flip++);
			next_flip = c + opt.ctxsw_stress;
		}
		until = stop < next_flip ? stop : next_flip;
		if (next_sample < until)
			until = next_sample;
		/* The rate counts model time only, not setup and checks. */
		t1 = now_ns();
		type = sim_dev_run(dev, until, &ev);
		sim_ns += now_ns() - t1;
		if (type == EMU_EV_JOB_DONE) {
			for (i = 0; i < n; i++)
				if (jobs[i].inflight && jobs[i].slot == ev.slot &&
				    jobs[i].seqno == ev.seqno)
					break;
			if (i < n)
				job_done(dev, &jobs[i], &ev, alone);
		} else if (type == EMU_EV_EPOCH) {
			if (pr && sim_policy_epoch(pr->sp, err, sizeof(err)))
				die(1, "%s", err);
			if (pr && opt.progress)
				progress_epochs(dev, jobs, n, ev.epoch);
		} else if (type == EMU_EV_IDLE) {
			/* Cannot happen with a job in flight: a model bug. */
			for (i = 0; i < n; i++)
				if (jobs[i].inflight)
					job_fail(&jobs[i], ST_ERROR,
						 "device idle with the job in flight");
			break;
		}
		/* after the event: a run ending at a sample is in it */
		if (emu_gpu_cycle(gpu) >= next_sample) {
			progress_take(dev, jobs, n, next_sample);
			next_sample += opt.progress;
		}
		progress(phase, emu_gpu_cycle(gpu),
			 alone && opt.alone_once ? UINT64_MAX : stop, t0,
			 &last);
	}
	end = emu_gpu_cycle(gpu);
	cur_pol = NULL;
	if (last)
		fprintf(stderr, "\r%*s\r", 78, "");
	for (i = 0; i < n; i++) {
		emu_gpu_slot_counters(gpu, jobs[i].slot, &jobs[i].ctr);
		emu_gpu_slot_ctxsw(gpu, jobs[i].slot, &jobs[i].cs);
		if (alone && opt.alone_once && jobs[i].inflight)
			job_fail(&jobs[i], ST_ERROR,
				 "alone run not done after %" PRIu64 " cycles (--alone-max-cycles)",
				 stop);
	}
	/* the estimate of a launch in flight, up to the last epoch */
	for (i = 0; i < n && pr; i++)
		if (jobs[i].inflight)
			job_add_estimate(&jobs[i], sim_policy_engine(pr->sp),
					 sim_policy_epoch_gpu_cycle(pr->sp));
	/* Kill what still runs at the budget and collect it, like a driver. */
	for (i = 0; i < n; i++)
		if (jobs[i].inflight)
			sim_dev_reset_slot(dev, jobs[i].slot);
	while (sim_dev_run(dev, emu_gpu_cycle(gpu), &ev) == EMU_EV_JOB_DONE) {
		struct sim_result r;

		for (i = 0; i < n; i++) {
			if (jobs[i].inflight && jobs[i].slot == ev.slot &&
			    jobs[i].seqno == ev.seqno) {
				sim_complete(jobs[i].ctx, ev.seqno, &ev.fault,
					     &r, NULL, 0);
				jobs[i].inflight = 0;
			}
		}
	}
	for (i = 0; i < n; i++)
		job_teardown_run(&jobs[i]);
	emu_gpu_stats(gpu, &st);
	total_stats.cycles += st.cycles;
	total_stats.warp_insns += st.warp_insns;
	total_stats.thread_insns += st.thread_insns;
	return end;
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
		"                      two_level or kaware (overrides the mix's\n"
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

static void parse_args(int argc, char **argv)
{
	enum { O_ALONE_ONLY = 256, O_NO_ALONE, O_ALONE_SCHED, O_ALONE_MAX,
	       O_KDIR, O_FW, O_NO_FW, O_POLICIES, O_POLICY, O_COMPARE, O_EPOCH, O_TRACE, O_WHOLE,
	       O_NO_CTXSW, O_CTXSW_STRESS, O_ALONE_RUNS, O_SHOW_CONFIG,
	       O_FULL_CONFIG, O_SCHED, O_ORACLE_MAX, O_DEVICE_MEM, O_PROGRESS };
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
		{ "no-ctxsw", no_argument, NULL, O_NO_CTXSW },
		{ "ctxsw-stress", required_argument, NULL, O_CTXSW_STRESS },
		{ "whole-runs", no_argument, NULL, O_WHOLE },
		{ "progress", required_argument, NULL, O_PROGRESS },
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
	if (opt.compare && opt.alone_only)
		die(2, "--compare-policies and --alone-only exclude each other");
	if (opt.oracle >= 0 && (opt.no_alone || opt.alone_only))
		die(2, "--policy %s: the oracle ranks its co-runs by their speedups over the alone runs: not with --no-alone or --alone-only",
		    opt.policy);
	if (opt.oracle >= 0 && opt.progress)
		die(2, "--policy %s: --progress records one co-run's jobs, an oracle runs many",
		    opt.policy);
	if (!opt.list && !opt.policies &&
	    (!opt.config || (!opt.mix && !opt.show_config))) {
		usage(stderr);
		exit(2);
	}
}

/* ---- reports ---- */

/* The firmware image every device boots, and the version it reported. */
static char fw_path[4200];
static uint32_t fw_version, fw_crc;

static void firmware_find(void)
{
	const char *env = getenv("CORUN_FW_IMAGE");
	char exe[4096];
	ssize_t n;

	if (opt.firmware) {
		snprintf(fw_path, sizeof(fw_path), "%s", opt.firmware);
		return;
	}
	if (env && *env) {
		snprintf(fw_path, sizeof(fw_path), "%s", env);
		return;
	}
	/* <dir of the running binary>/../../firmware, the build's layout */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = 0;
	if (strrchr(exe, '/'))
		*strrchr(exe, '/') = 0;
	snprintf(fw_path, sizeof(fw_path), "%s/../../firmware/corun-fw.bin",
		 n > 0 ? exe : ".");
}

/* A fresh device with the firmware booted, as the driver's probe leaves it. */
static struct sim_dev *device_new(const struct emu_config *cfg)
{
	char err[ERRLEN];
	struct sim_dev *dev;

	dev = sim_dev_create(cfg, opt.mem_bytes, err, sizeof(err));
	if (!dev)
		die(2, "%s", err);
	if (fw_path[0] &&
	    sim_dev_load_firmware(dev, fw_path, err, sizeof(err))) {
		sim_dev_destroy(dev);
		die(2, "%s (--firmware FILE, or --no-firmware)", err);
	}
	fw_version = sim_dev_fw_version(dev);
	fw_crc = sim_dev_fw_crc(dev);
	return dev;
}

static const char *fw_version_str(char *buf, size_t len)
{
	if (!fw_path[0])
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "%u.%u", fw_version >> 16,
			 fw_version & 0xffff);
	return buf;
}

/**
 * struct corun - one co-run of the mix under one policy
 * @pol: the policy state (decisions, last slot programming, trace)
 * @jobs: the jobs
 * @ipc_s, @ipc_a: shared and alone IPC of each job
 * @np_pred_uncapped: the same without the model's cap (NaN if the
 *	policy's model has none)
 * @np_pred: each job's NP as the policy's model predicts it (its
 *	est_alone_cycles over the cycles they cover), NaN without a model
 * @mm: the metrics
 * @cycles: co-run length
 * @failed: jobs that failed
 * @name: the name it is reported under (an oracle's), NULL: the policy's
 */

/*
 * The mix's static slot settings, which win over the policy's (see
 * mix.h): SMs, CTA quota, placement and throttle of a job's slot, and
 * priorities if any job line gives one.
 */
static void mix_pins(const struct mix *mix, struct corun_policy_pin *pins)
{
	unsigned int i;

	memset(pins, 0, CORUN_MAX_SLOTS * sizeof(*pins));
	for (i = 0; i < CORUN_MAX_SLOTS && mix->has_priority; i++)
		pins[i].set |= CORUN_POLICY_CH_PRIORITY;
	for (i = 0; i < mix->njobs; i++) {
		const struct mix_job *mj = &mix->jobs[i];
		struct corun_policy_pin *p = &pins[mj->slot];

		p->v.priority = mj->priority;
		p->set |= CORUN_POLICY_CH_PLACEMENT;
		p->v.placement = mj->placement;
		/* like quota=: 0 leaves it to the policy (ccbp's probes) */
		if (mj->throttle) {
			p->set |= CORUN_POLICY_CH_THROTTLE;
			p->v.throttle = mj->throttle;
		}
		if (mj->has_sms) {
			p->set |= CORUN_POLICY_CH_SM_MASK;
			memcpy(p->v.sm_mask, mj->sm_mask, sizeof(p->v.sm_mask));
		}
		if (mj->cta_quota) {
			p->set |= CORUN_POLICY_CH_CTA_QUOTA;
			p->v.cta_quota = mj->cta_quota;
		}
	}
}

/*
 * The mix's firmware settings (irc = on, irc_share=300, ...), checked
 * against @sp's device and firmware as SET_POLICY checks them, then given
 * to the engine as the administrator's (what SET_POLICY does in the
 * driver). Exits with status 2 on a bad setting.
 */
static void mix_fw_apply(const struct mix *mix, struct sim_policy *sp)
{
	const struct corun_policy_platform *p = &sim_policy_engine(sp)->in.plat;
	uint32_t feat = sim_policy_fw_features(sp), k;
	struct corun_fw_setting s[MIX_FW_SETTINGS];
	uint32_t knobs[CORUN_FWK_NR], any = 0;
	uint64_t modes[CORUN_FWK_NR];
	struct corun_policy_fw fw;
	char err[ERRLEN];
	unsigned int n;

	for (k = 0; k < CORUN_FWK_NR; k++)
		modes[k] = corun_fwk_modes(k, feat);
	if (mix_check_fw(mix, NULL, p, modes, corun_fwp_mask(feat), err,
			 sizeof(err)))
		die(2, "%s", err);
	n = mix_fw_settings(mix, NULL, knobs, s, NULL);
	for (k = 0; k < CORUN_FWK_NR; k++)
		any |= knobs[k];
	if (!n && !any)
		return;
	if (corun_fw_settings(p, feat, knobs, s, n, &fw, NULL))
		die(2, "%s: the firmware settings do not fit the device",
		    mix->path);
	if (sim_policy_static_fw(sp, &fw, err, sizeof(err)))
		die(2, "%s: %s", mix->path, err);
}

const char *corun_name(const struct corun *co)
{
	return co->name ? co->name : co->pol.ops->name;
}

/* One co-run; @pins: the slots' pinned settings, NULL: the mix's. */
static void run_corun(const struct emu_config *cfg, const struct mix *mix,
		      uint64_t budget, struct corun *co,
		      const struct corun_policy_pin *pin_over)
{
	struct corun_policy_pin pins[CORUN_MAX_SLOTS];
	char phase[64], err[ERRLEN];
	struct sim_dev *dev;
	unsigned int i;

	dev = device_new(cfg);
	if (pin_over)
		memcpy(pins, pin_over, sizeof(pins));
	else
		mix_pins(mix, pins);
	co->pol.sp = sim_policy_create(dev, co->pol.ops, pins,
				       (uint32_t)opt.epoch_cycles,
				       (opt.trace ? SIM_POLICY_TRACE : 0) |
					       (opt.no_ctxsw ?
							SIM_POLICY_NO_CTXSW :
							0),
				       err, sizeof(err));
	if (!co->pol.sp)
		die(2, "%s", err);
	mix_fw_apply(mix, co->pol.sp);
	snprintf(phase, sizeof(phase), "co-run (%s)", corun_name(co));
	whole_budget = budget;
	co->cycles = drive(dev, co->jobs, mix->njobs,
			   opt.whole_runs ? UINT64_MAX : budget, 0, phase,
			   &co->pol);
	sim_dev_destroy(dev);
	for (i = 0; i < mix->njobs; i++) {
		const struct job *a = co->jobs[i].alone;

		if (co->jobs[i].status != ST_OK)
			co->failed++;
		co->ipc_s[i] = metrics_ipc(co->jobs[i].ctr.thread_insns, co->cycles);
		co->ipc_a[i] = !opt.no_alone && a->status == ST_OK ?
			       metrics_ipc(a->ctr.thread_insns, a->cycles) : NAN;
		co->np_pred[i] = co->jobs[i].est_cycles ?
					 (double)co->jobs[i].est_alone /
						 (double)co->jobs[i].est_cycles :
					 NAN;
		co->np_pred_uncapped[i] =
			co->jobs[i].est_cycles && co->jobs[i].est_uncapped ?
				(double)co->jobs[i].est_uncapped /
					(double)co->jobs[i].est_cycles :
				NAN;
	}
	metrics_compute(co->ipc_a, co->ipc_s, mix->njobs, &co->mm);
}

/* @dst takes @cur; its old engine goes unless @other still reports it. */
static void oracle_keep(struct corun *dst, const struct corun *other,
			const struct corun *cur)
{
	if (dst->pol.sp && dst->pol.sp != other->pol.sp)
		sim_policy_destroy(dst->pol.sp);
	*dst = *cur;
}

/*
 * --policy cta-oracle or spatial-oracle (oracle.h): one co-run per
 * candidate under fcfs, each job's slot pinned to the candidate's CTAs
 * per SM (and, spatial, to its even share of the SMs). @hs and @ws get
 * the best-HS and the best-WS co-runs; returns the jobs that failed.
 */
static unsigned int run_oracle(const struct emu_config *cfg,
			       const struct mix *mix, uint64_t budget,
			       const struct job *proto, struct oracle *o,
			       struct corun *hs, struct corun *ws)
{
	struct corun_policy_pin base[CORUN_MAX_SLOTS], pins[CORUN_MAX_SLOTS];
	unsigned int i, k, failed = 0;
	char err[ERRLEN], lbl[96];
	struct corun *cur;

	memset(o, 0, sizeof(*o));
	o->kind = opt.oracle;
	o->nk = mix->njobs;
	o->num_sms = cfg->num_sms;
	o->max_kernels = cfg->sm.max_kernels;
	o->lim = sm_lim;
	o->cap = opt.oracle_max;
	for (k = 0; k < mix->njobs; k++) {
		const struct job *a = proto[k].alone;

		if (a->status != ST_OK || !a->fp_launches)
			die(1, "%s: job %u %s: no alone run to take its CTA footprint and speedup from",
			    oracle_name(o->kind), k,
			    job_label(&proto[k], lbl, sizeof(lbl)));
		o->fp[k] = a->fp;
	}
	if (oracle_enumerate(o, err, sizeof(err)))
		die(2, "%s (configuration %s)", err, cfg->name);
	cur = calloc(1, sizeof(*cur));
	if (!cur)
		die(1, "out of memory");
	mix_pins(mix, base);
	for (i = 0; i < o->n; i++) {
		memset(cur, 0, sizeof(*cur));
		memcpy(cur->jobs, proto, sizeof(cur->jobs));
		cur->pol.ops = &corun_policy_fcfs;
		cur->name = oracle_name(o->kind);
		memcpy(pins, base, sizeof(pins));
		for (k = 0; k < mix->njobs; k++) {
			struct corun_policy_pin *p = &pins[mix->jobs[k].slot];
			uint32_t first, n;

			p->set |= CORUN_POLICY_CH_CTA_QUOTA;
			p->v.cta_quota = o->cand[i].ctas[k];
			if (o->kind != ORACLE_SPATIAL)
				continue;
			oracle_sm_range(o->num_sms, o->nk, k, &first, &n);
			memset(p->v.sm_mask, 0, sizeof(p->v.sm_mask));
			corun_policy_mask_range(p->v.sm_mask, first, n);
			p->set |= CORUN_POLICY_CH_SM_MASK;
		}
		run_corun(cfg, mix, budget, cur, pins);
		/* a failed candidate is reported and never picked */
		for (k = 0; k < mix->njobs; k++)
			if (cur->jobs[k].status != ST_OK)
				fprintf(stderr, "corun-sim: %s candidate %u: job %u (%s): %s: %s\n",
					oracle_name(o->kind), i, k,
					cur->jobs[k].wl->name,
					status_names[cur->jobs[k].status],
					cur->jobs[k].msg);
		failed += cur->failed;
		if (!cur->failed)
			oracle_record(o, i, cur->ipc_a, cur->ipc_s);
		oracle_pick(o);
		if (!cur->failed && o->best_hs == i)
			oracle_keep(hs, ws, cur);
		if (!cur->failed && o->best_ws == i)
			oracle_keep(ws, hs, cur);
		if (cur->failed || (o->best_hs != i && o->best_ws != i))
			sim_policy_destroy(cur->pol.sp);
	}
	free(cur);
	/* every candidate failed: report the last one's jobs */
	if (!hs->pol.sp)
		die(1, "%s: every candidate co-run failed", oracle_name(o->kind));
	return failed;
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
				     err, sizeof(err));
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
				progress_json(&js, &a->prog, opt.progress, 0, 0);
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
