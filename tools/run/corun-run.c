// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-run: run a corun-sim job mix (tools/sim/mix.h) on the real corun
 * DRM driver, one process per job, and report per-job slowdowns and the
 * multiprogram metrics (tools/sim/metrics.h).
 *
 * 1. Alone runs: every distinct (workload, scale, seed) runs in its own
 *    process (own DRM file and context) with nothing else submitted,
 *    re-executed over the same budget as the co-run: on the real device
 *    the first run is slower (cold caches, first-touch page faults
 *    behind the buffers), so one run would understate the alone IPC.
 * 2. Co-run: one process per job line, each with its own DRM file and
 *    context, set up before a pipe barrier releases them all at once.
 *    Each re-executes its workload (fresh buffers, checked against the
 *    CPU reference after every run) until its budget is used.
 *
 * Cycles are device cycles from the per-job counters (GET_JOB_COUNTERS):
 *  - busy cycles of a job = sum over its launches of end_cycle -
 *    start_cycle, i.e. the cycles it had work on the GPU. Host time
 *    between launches (setup, checks, the syscalls) is not counted, so
 *    the slowdown measures GPU interference, not host noise;
 *  - IPC = thread instructions / busy cycles, alone and co-running;
 *  - budget: a job starts no new run once end_cycle of its last launch
 *    minus start_cycle of its first is at least the mix's budget (its
 *    window on the device clock). Runs are not cut short: only whole
 *    runs, all verified, are counted.
 * Job processes open the device one after the other in mix order, so
 * that their DRM files get the address-space tags 0, 1, ... (the driver
 * hands out the lowest free one), as corun-sim numbers its jobs.
 *
 * --lockstep (root, corun.ko lockstep=1) replays corun-sim's timing: the
 * co-run's first launches are submitted in mix order behind a start gate
 * (the device starts them at one cycle), and every launch is submitted
 * with DRM_CORUN_SUBMIT_HOLD, so that the device waits for the process
 * between launches instead of running the other jobs meanwhile. With
 * [gpu] timing_address = va the per-job cycles then equal corun-sim's
 * (--whole-runs, same budget); tools/equiv checks it.
 *
 * The mix's slot, sms, quota, throttle and priority settings are device
 * slot policies that the driver's policy engine owns: they are ignored
 * (placement is passed with each launch). Its firmware settings (irc = on,
 * irc_share=300 on a job line, ...) and --fw's are given to SET_POLICY
 * for the co-run and taken back after it; a job's apply to the slot it
 * runs in, which --lockstep fixes (slot i for the i-th job).
 *
 * Exit status: 0 ok, 1 a job faulted, timed out or failed its check, 2
 * bad usage, mix file, kernel binary or device.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <uapi/drm/corun_drm.h>

#include <kernels/elfjob.h>
#include <kernels/workload.h>
#include <policy/policy.h>
#include <sim/json.h>
#include <sim/metrics.h>
#include <sim/mix.h>

#include "devconfig.h"
#include "fwset.h"
#include "simhost_drm.h"

#define ERRLEN 512

enum job_status { ST_OK, ST_FAULT, ST_CHECK, ST_ERROR };

static const char *const status_names[] = { "ok", "fault", "check_failed",
					    "error" };

/* What a job process reports to the parent through its pipe. */
struct job_result {
	int status;
	uint32_t runs;
	uint64_t launches;
	uint64_t thread_insts, warp_insts;
	uint64_t busy_cycles;		/* sum of end - start per launch */
	/* sum of the policy's est_alone_cycles, and the busy cycles they cover */
	uint64_t est_alone, est_busy;
	uint64_t first_cycle, last_cycle;
	double wall_s;
	char msg[ERRLEN];
};

/* One job process: a co-run job or an alone run. */
struct job {
	const struct mix_job *mj;	/* NULL for alone runs */
	const struct workload *wl;
	struct wl_params params;
	uint32_t placement;		/* DRM placement of its launches */
	struct job *alone;
	pid_t pid;
	int res_fd;
	struct job_result res;
};

#define MAX_FW_ARGS 256

static struct {
	const char *mix, *policy, *kernel_dir, *device, *config;
	uint64_t cycles, epoch;
	int64_t timeout_ms;
	int no_alone, lockstep, json;
	char *fw[MAX_FW_ARGS];
	unsigned int nfw;
	const char *pparam[DRM_CORUN_POLICY_PARAMS_MAX];
	unsigned int npparam;
	/* from pparam for opt.policy, else the active one's (keep_held_knobs()) */
	struct corun_policy_knobs knobs;
} opt = { .timeout_ms = 600000 };

/* The firmware settings of the co-run (the mix's and --fw's). */
static struct run_fw co_fw;

/*
 * Job process: write end of the pipe to the next job in mix order,
 * signalled once this job's first launch reached a hardware slot (-1
 * when done or none).
 */
static int order_fd = -1;

static void __attribute__((noreturn, format(printf, 2, 3)))
die(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("corun-run: ", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(code);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void __attribute__((format(printf, 3, 4)))
job_fail(struct job_result *r, int st, const char *fmt, ...)
{
	va_list ap;

	if (r->status != ST_OK)
		return;
	r->status = st;
	va_start(ap, fmt);
	vsnprintf(r->msg, sizeof(r->msg), fmt, ap);
	va_end(ap);
}

static void order_release(void)
{
	if (order_fd < 0)
		return;
	/* if the byte is lost, the next job sees EOF, which releases it too */
	(void)!write(order_fd, "", 1);
	close(order_fd);
	order_fd = -1;
}

/*
 * After a submission: the first time, wait until the launch has left the
 * scheduler queue for a slot, then let the next job submit its first.
 */
static void launch_submitted(void *arg, uint64_t job_id)
{
	struct drm_corun_query_job q;
	struct corun_dev *dev = arg;

	if (order_fd < 0)
		return;
	while (!corun_query_job(dev, job_id, &q) &&
	       q.state == DRM_CORUN_JOB_QUEUED)
		usleep(1000);
	order_release();
}

/* One run of the workload in a fresh sim_ctx; 0 if it completed and checked. */
static int one_run(struct corun_dev *dev, uint32_t ctx_id, struct job *j,
		   struct job_result *r)
{
	const struct drm_corun_fault *f;
	struct simdrm_result sr;
	struct wl_run *run = NULL;
	struct sim_launch l;
	struct sim_ctx *ctx;
	char err[ERRLEN] = "";
	int ret;

	ctx = simdrm_ctx_create(dev, ctx_id);
	if (!ctx) {
		job_fail(r, ST_ERROR, "context: %s", corun_error(dev));
		return -1;
	}
	simdrm_ctx_set_submit(ctx, opt.lockstep ? DRM_CORUN_SUBMIT_HOLD : 0,
			      launch_submitted, dev);
	if (j->mj)
		simdrm_ctx_set_qos(ctx, j->mj->qos);
	if (j->wl->setup(ctx, &j->params, &run, err, sizeof(err))) {
		job_fail(r, ST_ERROR, "setup(): %s", err);
		run = NULL;
		goto out;
	}
	for (;;) {
		memset(&l, 0, sizeof(l));
		ret = j->wl->next(ctx, run, &l, err, sizeof(err));
		if (ret < 0) {
			job_fail(r, ST_ERROR, "next(): %s", err);
			goto out;
		}
		if (!ret)
			break;
		if (simdrm_run(ctx, &l, j->placement, opt.timeout_ms, &sr, err,
			       sizeof(err))) {
			job_fail(r, ST_ERROR, "run %u launch %" PRIu64 ": %s",
				 r->runs + 1, r->launches + 1, err);
			goto out;
		}
		if (sr.query.state != DRM_CORUN_JOB_DONE) {
			f = &sr.query.fault;
			job_fail(r, ST_FAULT,
				 "run %u launch %" PRIu64 " (%s, job %" PRIu64 "): %s, error %d, fault %s: pc %#llx addr %#llx sm %u cta %u,%u,%u warp %u lane %u",
				 r->runs + 1, r->launches + 1, l.k.name,
				 sr.job_id, corun_job_state_name(sr.query.state),
				 sr.query.error, corun_fault_cause_name(f->cause),
				 (unsigned long long)f->pc,
				 (unsigned long long)f->address, f->sm,
				 f->cta[0], f->cta[1], f->cta[2], f->warp,
				 f->lane);
			goto out;
		}
		if (!r->launches)
			r->first_cycle = sr.counters.start_cycle;
		r->last_cycle = sr.counters.end_cycle;
		r->busy_cycles += sr.counters.end_cycle - sr.counters.start_cycle;
		if (sr.counters.est_alone_cycles) {
			r->est_alone += sr.counters.est_alone_cycles;
			r->est_busy += sr.counters.end_cycle -
				       sr.counters.start_cycle;
		}
		r->thread_insts += sr.counters.thread_insts;
		r->warp_insts += sr.counters.warp_insts;
		r->launches++;
	}
	if (j->wl->check(ctx, run, err, sizeof(err))) {
		job_fail(r, ST_CHECK, "run %u: check failed: %s", r->runs + 1,
			 err);
		goto out;
	}
	r->runs++;
out:
	if (run)
		j->wl->destroy(run);
	sim_ctx_destroy(ctx);
	return r->status == ST_OK ? 0 : -1;
}

/*
 * Body of a job process: open the device, say so on @ready, wait at the
 * barrier (EOF on @barrier) and for the previous job's first launch
 * (@order_in, -1: none), then run until the budget (0: once) and report
 * on @out.
 */
static void job_main(struct job *j, int barrier, int out, uint64_t budget,
		     int ready, int order_in)
{
	struct job_result *r = &j->res;
	struct corun_dev dev;
	uint32_t ctx_id = 0;
	char name[DRM_CORUN_CTX_NAME_LEN], c;
	double t0;
	ssize_t n;

	memset(r, 0, sizeof(*r));
	snprintf(name, sizeof(name), "%s%s", j->wl->name,
		 j->mj ? "" : "-alone");
	if (corun_open(&dev, opt.device) ||
	    corun_ctx_create(&dev, 0, name, &ctx_id))
		job_fail(r, ST_ERROR, "%s", corun_error(&dev));
	if (write(ready, "", 1) != 1)
		_exit(3);
	close(ready);
	while ((n = read(barrier, &c, 1)) < 0 && errno == EINTR)
		;
	while (order_in >= 0 && (n = read(order_in, &c, 1)) < 0 &&
	       errno == EINTR)
		;
	t0 = now_s();
	while (r->status == ST_OK) {
		uint64_t before = r->busy_cycles;

		if (one_run(&dev, ctx_id, j, r))
			break;
		if (!budget)
			break;
		if (r->busy_cycles == before) {
			job_fail(r, ST_ERROR,
				 "a run took 0 device cycles: nothing to re-execute");
			break;
		}
		if (r->last_cycle - r->first_cycle >= budget)
			break;
	}
	r->wall_s = now_s() - t0;
	order_release();
	if (write(out, r, sizeof(*r)) != (ssize_t)sizeof(*r))
		_exit(3);
	_exit(0);
}

/*
 * Fork the @n job processes, one at a time once the previous one has
 * opened the device (mix order = address-space tag order), release them
 * together, collect results. @gate_policy: with --lockstep, the policy to
 * (re)select while arming the start gate for the @n first launches.
 */
static void run_jobs(struct job *jobs, unsigned int n, uint64_t budget,
		     const char *gate_policy)
{
	int barrier[2], res[2], ready[2], order[2], prev = -1;
	struct corun_dev gate;
	unsigned int i;
	ssize_t got;
	int status;
	char c;

	if (pipe(barrier))
		die(2, "pipe: %s", strerror(errno));
	fflush(stdout);
	for (i = 0; i < n; i++) {
		order[0] = order[1] = -1;
		if (pipe(res) || pipe(ready) || (i + 1 < n && pipe(order)))
			die(2, "pipe: %s", strerror(errno));
		jobs[i].pid = fork();
		if (jobs[i].pid < 0)
			die(2, "fork: %s", strerror(errno));
		if (!jobs[i].pid) {
			close(barrier[1]);
			close(res[0]);
			close(ready[0]);
			if (order[0] >= 0)
				close(order[0]);
			order_fd = order[1];
			job_main(&jobs[i], barrier[0], res[1], budget, ready[1],
				 prev);
		}
		close(res[1]);
		close(ready[1]);
		if (order[1] >= 0)
			close(order[1]);
		if (prev >= 0)
			close(prev);
		prev = order[0];
		jobs[i].res_fd = res[0];
		/* a byte once it has opened the device, EOF if it died */
		while (read(ready[0], &c, 1) < 0 && errno == EINTR)
			;
		close(ready[0]);
	}
	/* Opened after the jobs' files, so that it takes no tag before them. */
	if (gate_policy) {
		if (corun_open(&gate, opt.device))
			die(2, "%s", corun_error(&gate));
		if (corun_set_policy_knobs(&gate, gate_policy,
					   (uint32_t)opt.epoch, n,
					   co_fw.any ? &co_fw.set : NULL,
					   &opt.knobs))
			die(2, "--lockstep: %s", corun_error(&gate));
	}
	close(barrier[0]);
	/* EOF on the barrier pipe releases every process at once. */
	close(barrier[1]);
	for (i = 0; i < n; i++) {
		struct job_result *r = &jobs[i].res;

		memset(r, 0, sizeof(*r));
		got = read(jobs[i].res_fd, r, sizeof(*r));
		close(jobs[i].res_fd);
		if (waitpid(jobs[i].pid, &status, 0) < 0)
			status = -1;
		if (got != (ssize_t)sizeof(*r)) {
			memset(r, 0, sizeof(*r));
			job_fail(r, ST_ERROR, "job process died (wait status %#x)",
				 status);
		}
	}
	/* closing the file opens the gate, had a job died before its launch */
	if (gate_policy)
		corun_close(&gate);
}

/* SET_POLICY of @policy (kept) with firmware settings @set (or none). */
static void set_policy_fw(const char *policy,
			  const struct corun_fw_settings *set)
{
	struct corun_dev dev;

	if (corun_open(&dev, opt.device) ||
	    corun_set_policy_knobs(&dev, policy, 0, 0, set, &opt.knobs))
		die(2, "firmware settings: %s", corun_error(&dev));
	corun_close(&dev);
}

/*
 * --policy-param's knobs of opt.policy, checked as corun-sim and the
 * driver check them (corun_policy_params()).
 */
static void policy_knobs(void)
{
	uint32_t ids[DRM_CORUN_POLICY_PARAMS_MAX], vals[DRM_CORUN_POLICY_PARAMS_MAX];
	uint32_t out[CORUN_POLICY_MAX_PARAMS];
	const struct corun_policy_ops *ops;
	unsigned int i;
	char err[256];

	if (!opt.npparam)
		return;
	ops = opt.policy ? corun_policy_find_name(opt.policy) : NULL;
	if (!ops)
		die(2, "--policy-param: needs a driver policy (--policy or the mix's)");
	if (mix_policy_params(ops, opt.pparam, opt.npparam, ids, vals, out, err,
			      sizeof(err)))
		die(2, "--policy-param %s", err);
	for (i = 0; i < opt.npparam; i++) {
		opt.knobs.p[i].param = ids[i];
		opt.knobs.p[i].value = vals[i];
	}
	opt.knobs.n = opt.npparam;
}

/* The active policy's knobs as the driver holds them (knobs_in_force()). */
static struct {
	const struct corun_policy_ops *ops; /* NULL: a policy not known here */
	uint32_t val[CORUN_POLICY_MAX_PARAMS]; /* in ops->params order */
} held;

/*
 * Read back every knob of the active policy @pol (GET_POLICY, which
 * refreshes @pol) into held: what the co-run runs under, for the report.
 */
static void knobs_in_force(struct corun_dev *dev, struct drm_corun_policy *pol)
{
	struct corun_policy_knobs k = { 0 };
	unsigned int i;

	memset(&held, 0, sizeof(held));
	held.ops = corun_policy_find_name(pol->name);
	if (!held.ops)
		return;
	for (i = 0; i < held.ops->nparams && i < DRM_CORUN_POLICY_PARAMS_MAX; i++)
		k.p[i].param = held.ops->params[i].id;
	k.n = i;
	if (corun_get_policy_knobs(dev, pol, &k))
		die(2, "%s", corun_error(dev));
	for (i = 0; i < k.n; i++)
		held.val[i] = k.p[i].value;
}

/*
 * Without --policy the device's policy runs as it is: its knobs go with
 * each SET_POLICY that selects it again (firmware settings, the start
 * gate), which would otherwise reset them to their defaults.
 */
static void keep_held_knobs(void)
{
	unsigned int i;

	opt.knobs.n = 0;
	for (i = 0; held.ops && i < held.ops->nparams &&
		    i < DRM_CORUN_POLICY_PARAMS_MAX; i++) {
		opt.knobs.p[i].param = held.ops->params[i].id;
		opt.knobs.p[i].value = held.val[i];
		opt.knobs.n = i + 1;
	}
}

/* ", NAME=VALUE" for each knob in held, for the text report. */
static void held_knobs_text(char *buf, size_t len)
{
	size_t at = 0;
	unsigned int i;

	buf[0] = 0;
	for (i = 0; held.ops && i < held.ops->nparams && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, ", %s=%u",
				       held.ops->params[i].name, held.val[i]);
}

static int lookup_workload(const char *name, char *known, size_t len)
{
	const struct workload *wl = wl_find(name);

	if (wl && !(wl->flags & WL_F_FAULT))
		return 0;
	/* fault tests are for corun-sim: every name corun-run takes */
	wl_list_names(known, len);
	return -1;
}

static uint64_t parse_count(const char *s, const char *what)
{
	uint64_t v;

	if (mix_parse_count(s, &v))
		die(2, "%s %s: expected a positive count (k/M/G suffixes allowed)",
		    what, s);
	return v;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: corun-run [options] MIXFILE\n"
		"Run a corun-sim job mix on the corun DRM driver, one process per job.\n"
		"  --policy NAME      set the device policy first (fcfs, even, ...; needs root)\n"
		"  --epoch N          epoch length in device cycles (needs a policy)\n"
		"  --policy-param NAME=VALUE\n"
		"                     a knob of the policy (repeatable; corun-sim\n"
		"                     --policies lists them)\n"
		"  --cycles N         co-run budget in device cycles (overrides the mix's)\n"
		"  --timeout S        give up on a launch after S seconds (default 600)\n"
		"  --kernel-dir DIR   device ELFs (default: $CORUN_KERNEL_DIR or ../kernels)\n"
		"  --device PATH      render node (default: the first corun one)\n"
		"  --no-alone         only the co-run (no slowdowns or metrics)\n"
		"  --lockstep         replay corun-sim's timing: gated start in mix order,\n"
		"                     device held between launches (root, corun.ko\n"
		"                     lockstep=1)\n"
		"  --fw SETTING       a firmware setting of the co-run, over the mix's:\n"
		"                     irc=on, llc=prob-static, llc_prob=1000,\n"
		"                     tcm_quantum=1, irc_share:SLOT=300, ...\n"
		"                     (see mix.h; root)\n"
		"  --config FILE      the device's configuration file (the VM's\n"
		"                     corun-gpu config=; checked against its id) for\n"
		"                     the reports; default: the emu/configs/ file with\n"
		"                     the device's id\n"
		"  --json             corun-sim's JSON on stdout (the text goes to stderr)\n");
}

static void parse_args(int argc, char **argv)
{
	enum { O_POLICY = 256, O_CYCLES, O_TIMEOUT, O_KDIR, O_DEVICE,
	       O_NO_ALONE, O_EPOCH, O_LOCKSTEP, O_FW, O_CONFIG, O_JSON,
	       O_PPARAM };
	static const struct option lo[] = {
		{ "policy", required_argument, NULL, O_POLICY },
		{ "cycles", required_argument, NULL, O_CYCLES },
		{ "timeout", required_argument, NULL, O_TIMEOUT },
		{ "kernel-dir", required_argument, NULL, O_KDIR },
		{ "device", required_argument, NULL, O_DEVICE },
		{ "no-alone", no_argument, NULL, O_NO_ALONE },
		{ "epoch", required_argument, NULL, O_EPOCH },
		{ "policy-param", required_argument, NULL, O_PPARAM },
		{ "lockstep", no_argument, NULL, O_LOCKSTEP },
		{ "fw", required_argument, NULL, O_FW },
		{ "config", required_argument, NULL, O_CONFIG },
		{ "json", no_argument, NULL, O_JSON },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case O_POLICY: opt.policy = optarg; break;
		case O_CYCLES: opt.cycles = parse_count(optarg, "--cycles"); break;
		case O_TIMEOUT:
			opt.timeout_ms = (int64_t)parse_count(optarg, "--timeout") *
					 1000;
			break;
		case O_KDIR: opt.kernel_dir = optarg; break;
		case O_DEVICE: opt.device = optarg; break;
		case O_NO_ALONE: opt.no_alone = 1; break;
		case O_EPOCH: opt.epoch = parse_count(optarg, "--epoch"); break;
		case O_PPARAM:
			if (opt.npparam == DRM_CORUN_POLICY_PARAMS_MAX)
				die(2, "--policy-param %s: more than %u knobs",
				    optarg, DRM_CORUN_POLICY_PARAMS_MAX);
			opt.pparam[opt.npparam++] = optarg;
			break;
		case O_LOCKSTEP: opt.lockstep = 1; break;
		case O_CONFIG: opt.config = optarg; break;
		case O_JSON: opt.json = 1; break;
		case O_FW:
			if (opt.nfw == MAX_FW_ARGS)
				die(2, "--fw: at most %d", MAX_FW_ARGS);
			opt.fw[opt.nfw++] = optarg;
			break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	/* the driver's range, checked as corun-sim checks --epoch-cycles */
	if (opt.epoch && corun_policy_epoch_check(opt.epoch))
		die(2, "--epoch %" PRIu64 ": out of range %u..%u (DRM_CORUN_EPOCH_CYCLES_MIN..MAX)",
		    opt.epoch, CORUN_POLICY_EPOCH_CYCLES_MIN,
		    CORUN_POLICY_EPOCH_CYCLES_MAX);
	if (optind + 1 != argc) {
		usage(stderr);
		exit(2);
	}
	opt.mix = argv[optind];
}

static const char *job_label(const struct job *j, char *buf, size_t len)
{
	return wl_label(j->wl, &j->params, buf, len);
}

/* "ok", or "unchecked" for an ELF job without a reference; "FAIL". */
static const char *job_status_text(const struct job *j)
{
	if (j->res.status != ST_OK)
		return "FAIL";
	return j->wl->flags & WL_F_UNCHECKED ? "unchecked" : "ok";
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

/* @v, or null when the device's configuration is not known. */
static void json_str_or_null(struct json *js, const char *key, int known,
			     const char *v)
{
	if (known)
		json_str(js, key, v);
	else
		json_null(js, key);
}

/* A JSON job entry's outcome: status, error, runs and launches. */
static void json_outcome(struct json *js, const struct job_result *r)
{
	json_str(js, "status", status_names[r->status]);
	if (r->status != ST_OK)
		json_str(js, "error", r->msg);
	json_u64(js, "runs", r->runs);
	json_u64(js, "launches", r->launches);
}

/*
 * The report in corun-sim's JSON shape (tools/run/README.md says which
 * keys differ): what the driver does not report is null.
 */
static void json_report(const struct run_devinfo *di, const struct mix *mix,
			uint64_t budget, const struct drm_corun_policy *pol,
			const struct job *alone, unsigned int nalone,
			const struct job *corun, const double *ipc_a,
			const double *ipc_s, const struct mix_metrics *mm,
			int failed)
{
	struct json js;
	char id[16];
	unsigned int i;

	json_init(&js, stdout);
	json_obj_begin(&js, NULL);
	json_str(&js, "tool", "corun-run");
	json_u64(&js, "format_version", 1);
	json_str(&js, "ipc_unit", "thread instructions per busy cycle");
	json_obj_begin(&js, "firmware");
	json_str(&js, "version", di->fw_version);
	json_obj_end(&js);
	json_obj_begin(&js, "config");
	json_str_or_null(&js, "file", di->known, di->file);
	json_str_or_null(&js, "name", di->known, di->name);
	snprintf(id, sizeof(id), "0x%08x", di->id);
	json_str(&js, "id", id);
	json_str_or_null(&js, "timing_address", di->known, di->timing_address);
	/* the device runs one scheduler: its configuration's */
	json_str_or_null(&js, "alone_sched", di->known, di->sched);
	json_str_or_null(&js, "corun_sched", di->known, di->sched);
	json_str(&js, "alone_runs", "budget");
	json_obj_end(&js);
	json_obj_begin(&js, "mix");
	json_str(&js, "file", mix->path);
	json_str(&js, "name", mix->name);
	json_u64(&js, "budget_cycles", budget);
	if (mix->policy[0])
		json_str(&js, "policy", mix->policy);
	json_obj_end(&js);
	json_str(&js, "policy", pol->name);
	json_bool(&js, "lockstep", di->lockstep && opt.lockstep);
	json_arr_begin(&js, "alone");
	for (i = 0; i < nalone && !opt.no_alone; i++) {
		const struct job_result *r = &alone[i].res;

		json_obj_begin(&js, NULL);
		mix_json_workload(&js, alone[i].wl, &alone[i].params);
		json_outcome(&js, r);
		json_u64(&js, "cycles", r->busy_cycles);
		json_u64(&js, "busy_cycles", r->busy_cycles);
		json_u64(&js, "thread_insns", r->thread_insts);
		json_u64(&js, "warp_insns", r->warp_insts);
		json_dbl(&js, "ipc", r->status == ST_OK ?
			 metrics_ipc(r->thread_insts, r->busy_cycles) : NAN);
		json_obj_end(&js);
	}
	json_arr_end(&js);
	json_obj_begin(&js, "corun");
	json_str(&js, "policy", pol->name);
	json_u64(&js, "epoch_cycles", pol->epoch_cycles);
	mix_json_policy_params(&js, held.ops, held.val);
	json_null(&js, "epochs");
	json_null(&js, "policy_decisions");
	json_null(&js, "cycles");
	json_arr_begin(&js, "jobs");
	for (i = 0; i < mix->njobs; i++) {
		const struct job_result *r = &corun[i].res;

		json_obj_begin(&js, NULL);
		json_u64(&js, "index", i);
		json_u64(&js, "line", corun[i].mj->line);
		mix_json_workload(&js, corun[i].wl, &corun[i].params);
		/* the driver's policy picks the slot, SMs and priority */
		json_null(&js, "slot");
		json_null(&js, "priority");
		json_str(&js, "placement",
			 mix_placement_name(corun[i].mj->placement));
		json_null(&js, "sm_mask");
		json_outcome(&js, r);
		json_u64(&js, "busy_cycles", r->busy_cycles);
		json_u64(&js, "thread_insns", r->thread_insts);
		json_u64(&js, "warp_insns", r->warp_insts);
		json_dbl(&js, "ipc", ipc_s[i]);
		json_dbl(&js, "ipc_alone", ipc_a[i]);
		json_dbl(&js, "norm_progress", metrics_np(ipc_a[i], ipc_s[i]));
		json_dbl(&js, "slowdown", metrics_slowdown(ipc_a[i], ipc_s[i]));
		json_obj_end(&js);
	}
	json_arr_end(&js);
	json_obj_begin(&js, "metrics");
	json_dbl(&js, "stp", mm->stp);
	json_dbl(&js, "hspeedup", mm->hs);
	json_dbl(&js, "antt", mm->antt);
	json_dbl(&js, "fairness", mm->fairness);
	json_obj_end(&js);
	json_obj_end(&js);
	json_bool(&js, "ok", failed == 0);
	json_obj_end(&js);
	json_finish(&js);
}

int main(int argc, char **argv)
{
	struct job alone[MIX_MAX_JOBS], corun[MIX_MAX_JOBS];
	double ipc_a[MIX_MAX_JOBS], ipc_s[MIX_MAX_JOBS];
	struct mix_metrics mm = { NAN, NAN, NAN, NAN };
	char err[ERRLEN], merr[4096], b1[32], b2[32], b3[32], b4[32], lbl[96];
	char knobtxt[128];
	unsigned int nalone = 0, i, k, failed = 0;
	struct drm_corun_policy pol;
	struct run_devinfo di;
	struct corun_dev dev;
	uint64_t budget, modes;
	double t0;
	struct mix mix;
	FILE *txt;

	parse_args(argc, argv);
	/* --json: the JSON alone on stdout, the text report on stderr */
	txt = opt.json ? stderr : stdout;
	if (opt.kernel_dir && setenv("CORUN_KERNEL_DIR", opt.kernel_dir, 1))
		die(2, "setenv: %s", strerror(errno));
	if (mix_load(opt.mix, lookup_workload, &mix, merr, sizeof(merr)))
		die(2, "%s", merr);
	check_kernels(&mix);
	budget = opt.cycles ? opt.cycles : mix.budget;

	if (corun_open(&dev, opt.device))
		die(2, "%s", corun_error(&dev));
	if (run_devinfo_get(&dev, opt.config, &di, err, sizeof(err)))
		die(2, "%s", err);
	if (opt.lockstep && !di.lockstep)
		die(2, "--lockstep: %s runs without lockstep: load corun.ko with lockstep=1 (rmmod corun; insmod corun.ko lockstep=1; with tools/run/guest-load.sh: CORUN_KO_ARGS=lockstep=1), or run without --lockstep",
		    dev.path);
	if (mix_check_device(&mix, dev.num_slots, dev.num_sms, err, sizeof(err)))
		die(2, "%s (device %s)", err, dev.path);
	if (corun_get_param(&dev, DRM_CORUN_PARAM_PLACEMENT_MODES, &modes))
		die(2, "%s", corun_error(&dev));
	for (i = 0; i < mix.njobs; i++) {
		const struct mix_job *mj = &mix.jobs[i];

		if (mj->placement != CORUN_PLACE_RR &&
		    !(modes & (1ull << (mj->placement + 1))))
			die(2, "%s:%u: placement=%s: not supported by the device (placement modes %#llx)",
			    mix.path, mj->line, mix_placement_name(mj->placement),
			    (unsigned long long)modes);
	}
	if (run_fw_build(&co_fw, &mix, opt.fw, opt.nfw, &dev, opt.lockstep, err,
			 sizeof(err)))
		die(2, "%s", err);
	/* --policy beats the mix's "policy" setting, as in corun-sim. */
	if (!opt.policy && mix.policy[0])
		opt.policy = mix.policy;
	/* as --policy-param: without a policy it would apply only sometimes */
	if (opt.epoch && !opt.policy)
		die(2, "--epoch: needs a policy (--policy or the mix's)");
	policy_knobs();
	if (opt.policy &&
	    corun_set_policy_knobs(&dev, opt.policy, (uint32_t)opt.epoch, 0,
				   NULL, &opt.knobs))
		die(2, "--policy %s: %s", opt.policy, corun_error(&dev));
	if (corun_get_policy(&dev, &pol))
		die(2, "%s", corun_error(&dev));
	knobs_in_force(&dev, &pol);
	if (!opt.policy)
		keep_held_knobs();
	/* the alone runs under the firmware's reset values */
	if (co_fw.any && !opt.policy) {
		if (corun_set_policy_knobs(&dev, pol.name, (uint32_t)opt.epoch,
					   0, NULL, &opt.knobs))
			die(2, "%s", corun_error(&dev));
		knobs_in_force(&dev, &pol);
	}
	held_knobs_text(knobtxt, sizeof(knobtxt));
	corun_close(&dev);

	memset(alone, 0, sizeof(alone));
	memset(corun, 0, sizeof(corun));
	for (i = 0; i < mix.njobs; i++) {
		struct job *j = &corun[i];

		j->mj = &mix.jobs[i];
		j->wl = mix_job_workload(j->mj, &j->params);
		j->placement = j->mj->placement == CORUN_PLACE_RR ? 0 :
			       j->mj->placement + 1;
		for (k = 0; k < nalone; k++)
			if (alone[k].wl == j->wl &&
			    alone[k].params.scale == j->params.scale &&
			    alone[k].params.seed == j->params.seed)
				break;
		if (k == nalone) {
			alone[k].wl = j->wl;
			alone[k].params = j->params;
			alone[k].placement = j->placement;
			nalone++;
		}
		j->alone = &alone[k];
	}

	fprintf(txt, "# corun-run: device %s: %u SMs, %u slots, policy %s (epoch %u cycles%s)\n",
		dev.path, dev.num_sms, dev.num_slots, pol.name,
		pol.epoch_cycles, knobtxt);
	if (di.known)
		fprintf(txt, "# configuration %s (id 0x%08x, %s), timing_address %s, lockstep %s, firmware %s\n",
			di.name, di.id, di.file, di.timing_address,
			opt.lockstep ? "on" : "off", di.fw_version);
	else
		fprintf(txt, "# configuration id 0x%08x (not found in %s: give --config FILE), lockstep %s, firmware %s\n",
			di.id, "emu/configs", opt.lockstep ? "on" : "off",
			di.fw_version);
	/* the VM cannot change the device's scheduler between runs */
	fprintf(txt, "# warp scheduler: alone runs and co-runs %s (the device's configuration)",
		di.sched);
	if (mix.alone_sched[0] && strcmp(mix.alone_sched, "config") &&
	    strcmp(mix.alone_sched, di.sched))
		fprintf(txt, "; the mix's alone_sched = %s applies to corun-sim only",
			mix.alone_sched);
	fprintf(txt, "\n");
	fprintf(txt, "# mix %s (%s), %u jobs in %u processes, co-run budget %" PRIu64 " device cycles per job\n",
	       mix.name, mix.path, mix.njobs, mix.njobs, budget);
	fprintf(txt, "# cycles = device cycles the job's launches ran (per-job counters, end - start);\n");
	fprintf(txt, "# IPC = thread instructions per such cycle; slot/sms/quota/throttle/priority of the mix are left to the policy\n");

	for (i = 0; i < mix.njobs; i++) {
		const struct mix_job *mj = &mix.jobs[i];

		if (mj->has_sms || mj->cta_quota || mj->throttle ||
		    mj->has_priority)
			fprintf(txt, "# %s:%u: sms=, quota=, throttle= and priority= are ignored: the driver's policy decides\n",
			       mix.path, mj->line);
	}
	if (!opt.no_alone) {
		fprintf(txt, "alone runs:\n");
		fprintf(txt, "  %-28s %-9s %5s %12s %14s %9s %8s\n", "workload",
		       "status", "runs", "cycles", "thread-insns", "IPC",
		       "time(s)");
		for (k = 0; k < nalone; k++) {
			struct job_result *r = &alone[k].res;

			run_jobs(&alone[k], 1, budget, NULL);
			if (r->status != ST_OK)
				failed++;
			fprintf(txt, "  %-28s %-9s %5u %12" PRIu64 " %14" PRIu64 " %9s %8.2f\n",
			       job_label(&alone[k], lbl, sizeof(lbl)),
			       job_status_text(&alone[k]), r->runs,
			       r->busy_cycles, r->thread_insts,
			       metrics_fmt(r->status == ST_OK ?
				       metrics_ipc(r->thread_insts, r->busy_cycles) :
				       NAN, b1, sizeof(b1)), r->wall_s);
			if (r->status != ST_OK)
				fprintf(txt, "    %s: %s\n", status_names[r->status],
				       r->msg);
			fflush(txt);
		}
	}

	/*
	 * The firmware settings hold for the co-run only, as in corun-sim,
	 * whose alone runs have a device of their own.
	 */
	if (co_fw.any) {
		fprintf(txt, "# firmware settings of the co-run: %s\n", co_fw.text);
		fflush(txt);
	}
	if (co_fw.any && !opt.lockstep)
		set_policy_fw(pol.name, &co_fw.set);
	t0 = now_s();
	run_jobs(corun, mix.njobs, budget, opt.lockstep ? pol.name : NULL);
	if (co_fw.any)
		set_policy_fw(pol.name, NULL);
	fprintf(txt, "co-run (%u processes, %.2f s):\n", mix.njobs, now_s() - t0);
	fprintf(txt, "  %-3s %-28s %-9s %5s %8s %12s %14s %9s %9s %9s %8s\n", "job",
	       "workload", "status", "runs", "launches", "cycles",
	       "thread-insns", "IPC", "IPC-alone", "slowdown", "time(s)");
	for (i = 0; i < mix.njobs; i++) {
		const struct job_result *r = &corun[i].res;
		const struct job_result *a = &corun[i].alone->res;

		if (r->status != ST_OK)
			failed++;
		ipc_s[i] = metrics_ipc(r->thread_insts, r->busy_cycles);
		ipc_a[i] = !opt.no_alone && a->status == ST_OK ?
			   metrics_ipc(a->thread_insts, a->busy_cycles) : NAN;
		fprintf(txt, "  %-3u %-28s %-9s %5u %8" PRIu64 " %12" PRIu64 " %14" PRIu64 " %9s %9s %9s %8.2f\n",
		       i, job_label(&corun[i], lbl, sizeof(lbl)),
		       job_status_text(&corun[i]), r->runs,
		       r->launches, r->busy_cycles, r->thread_insts,
		       metrics_fmt(ipc_s[i], b1, sizeof(b1)),
		       metrics_fmt(ipc_a[i], b2, sizeof(b2)),
		       metrics_fmt(metrics_slowdown(ipc_a[i], ipc_s[i]), b3,
			       sizeof(b3)), r->wall_s);
		if (r->status != ST_OK)
			fprintf(txt, "    %s: %s\n", status_names[r->status], r->msg);
		if (r->est_alone)
			fprintf(txt, "    the policy's model: %" PRIu64 " alone cycles predicted for %" PRIu64 " busy cycles: slowdown %.4f (measured %s)\n",
				r->est_alone, r->est_busy,
				(double)r->est_busy / (double)r->est_alone,
				metrics_fmt(metrics_slowdown(ipc_a[i], ipc_s[i]),
					    b3, sizeof(b3)));
	}
	metrics_compute(ipc_a, ipc_s, mix.njobs, &mm);
	fprintf(txt, "metrics: STP %s  harmonic-speedup %s  ANTT %s  fairness %s\n",
	       metrics_fmt(mm.stp, b1, sizeof(b1)), metrics_fmt(mm.hs, b2, sizeof(b2)),
	       metrics_fmt(mm.antt, b3, sizeof(b3)),
	       metrics_fmt(mm.fairness, b4, sizeof(b4)));
	for (i = 0, k = 0; i < mix.njobs; i++)
		k += !!(corun[i].wl->flags & WL_F_UNCHECKED);
	if (failed)
		fprintf(txt, "result: FAILED\n");
	else if (k)
		fprintf(txt, "result: ok (%u of %u jobs unchecked: no expect= reference)\n",
		       k, mix.njobs);
	else
		fprintf(txt, "result: ok (all runs verified)\n");
	fflush(txt);
	if (opt.json)
		json_report(&di, &mix, budget, &pol, alone, nalone, corun, ipc_a,
			    ipc_s, &mm, failed);
	for (k = 0; k < nalone; k++)
		if (alone[k].res.status != ST_OK)
			fprintf(stderr, "corun-run: alone %s: %s: %s\n",
				alone[k].wl->name,
				status_names[alone[k].res.status],
				alone[k].res.msg);
	for (i = 0; i < mix.njobs; i++)
		if (corun[i].res.status != ST_OK)
			fprintf(stderr, "corun-run: %s:%u: job %u (%s): %s: %s\n",
				mix.path, corun[i].mj->line, i, corun[i].wl->name,
				status_names[corun[i].res.status],
				corun[i].res.msg);
	return failed ? 1 : 0;
}
