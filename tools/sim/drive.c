// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim: jobs driven on a device, the way the driver drives them:
 * each launch submitted after the policy's job-start decision, completed
 * and checked against its CPU reference, runs re-executed until the
 * budget ends, the policy's epochs, estimates and --progress samples
 * taken on the way (corun-sim.c describes the runs).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gpu.h>
#include <kernels/workload.h>
#include <policy/policy.h>
#include <sim/corun_sim.h>
#include <sim/oracle.h>
#include <sim/progress.h>
#include <sim/simhost.h>
#include <sim/simpolicy.h>

#define PROGRESS_AFTER_NS 2000000000ull
#define PROGRESS_EVERY_NS 500000000ull
/* DRM_CORUN_PRIORITY_NORMAL: the context priority of every job */
#define CTX_PRIORITY_NORMAL 0

uint64_t whole_budget;
struct corun_sm_limits sm_lim;
struct emu_stats total_stats;
uint64_t sim_ns;

/* The device cycle drive() started at: the cycle 0 of --progress. */
static uint64_t drive_start;

/* The co-run being driven; NULL during alone runs. */
static struct pol_run *cur_pol;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

void __attribute__((format(printf, 3, 4)))
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
	return wl_label(j->wl, &j->params, buf, len);
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
 * interval, and with --demand its memory counters. The device stops at
 * the cycle sim_dev_run() is given, so a sample taken anywhere else is a
 * bug, not an approximation.
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
		if (opt.demand) {
			struct progress_demand d = {
				.missq_demand = c.missq_demand,
				.read_requests = c.read_requests,
				.requests = c.requests,
				.dram_accesses = c.dram_accesses,
				.l1_accesses = c.l1_accesses,
				.l1_resfails = c.l1_resfails,
				.mil_cap = emu_gpu_slot_mil_cap(
					sim_dev_gpu(dev), jobs[i].slot),
			};

			if (progress_demand(&jobs[i].prog, &d))
				die(1, "out of memory");
		}
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

uint64_t drive(struct sim_dev *dev, struct job *jobs, unsigned int n,
	       uint64_t stop, int alone, const char *phase, struct pol_run *pr)
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
