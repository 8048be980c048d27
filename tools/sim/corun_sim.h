/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-sim's own types: a job driven on a device, a co-run and the
 * command line; options.c reads the command line, corun.c runs the
 * co-runs, drive.c drives the jobs, corun-sim.c decides what runs,
 * report.c prints them.
 */
#ifndef _SIM_CORUN_SIM_H_
#define _SIM_CORUN_SIM_H_

#include <stddef.h>
#include <stdint.h>

#include <gpu.h>
#include <kernels/workload.h>
#include <policy/policy.h>
#include <sim/json.h>
#include <sim/metrics.h>
#include <sim/mix.h>
#include <sim/progress.h>
#include <sim/simhost.h>
#include <sim/simpolicy.h>

#define ERRLEN 2048

enum job_status { ST_OK, ST_FAULT, ST_CHECK, ST_ERROR };


/* One workload instance driven on a device: a co-run job or an alone run. */
struct job {
	const struct mix_job *mj;
	const struct workload *wl;
	struct wl_params params;
	unsigned int slot;
	uint32_t as_tag;	/* descriptor as_tag: the mix index (corun-run) */
	struct job *alone;	/* co-run job -> its alone run */

	/* live state */
	struct sim_ctx *ctx;
	struct wl_run *run;
	int inflight;
	uint64_t seqno;
	int stopped;
	uint64_t run_start;

	/* results */
	unsigned int runs;		/* completed and checked runs */
	uint64_t launches;		/* completed launches */
	uint64_t cycles;		/* alone: cycles IPC_alone is over */
	uint64_t busy_cycles;		/* sum of end - start per launch */
	uint64_t first_cycle, last_cycle; /* first launch start, last end */
	uint64_t launch_cycle;		/* the launch in flight: submitted at */
	/*
	 * The policy's estimate of the cycles its launches would take alone
	 * (policy.h, est_alone_cycles), and the co-run cycles it covers;
	 * the same from the model without its cap (est_alone_uncapped,
	 * DASE's), over the same cycles.
	 */
	uint64_t est_alone, est_cycles, est_uncapped;
	enum job_status status;
	char msg[ERRLEN];
	struct corun_slot_counters ctr;	/* slot counters at the end */
	/* alone: the largest CTA footprint of its launches (the oracles) */
	struct corun_cta_footprint fp;
	uint64_t fp_launches;
	struct corun_slot_ctxsw_counters cs; /* its context switches */
	struct progress prog;		/* --progress: its curve */
};

struct opts {
	const char *config, *mix, *kernel_dir, *alone_sched, *sched, *policy,
		*compare;
	const char *firmware;	/* NULL: the build's image; "" --no-firmware */
	uint64_t cycles, alone_max, epoch_cycles;
	int json, counters, quiet, alone_only, no_alone, list, trace, policies;
	int whole_runs, alone_once, show_config, full_config, no_ctxsw;
	int oracle;		/* enum oracle_kind, -1: a driver policy */
	uint64_t oracle_max, ctxsw_stress;
	uint64_t mem_bytes;	/* device memory arena, 0: SIM_MEM_DEFAULT */
	uint64_t progress;	/* --progress: sample interval, 0: none */
	/* --policy-param NAME=VALUE, as given */
	const char *pparam[CORUN_POLICY_MAX_PARAMS];
	unsigned int npparam;
	int demand;		/* --demand: memory counters at each sample */
};

/**
 * struct pol_run - the policy of one co-run
 * @ops: the policy
 * @sp: the engine on the co-run's device (simpolicy.h)
 * @params: its knobs' values (--policy-param, else the defaults)
 */
struct pol_run {
	const struct corun_policy_ops *ops;
	uint32_t params[CORUN_POLICY_MAX_PARAMS];
	struct sim_policy *sp;
};

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
struct corun {
	struct pol_run pol;
	const char *name;
	struct job jobs[MIX_MAX_JOBS];
	double ipc_s[MIX_MAX_JOBS], ipc_a[MIX_MAX_JOBS];
	double np_pred[MIX_MAX_JOBS];
	double np_pred_uncapped[MIX_MAX_JOBS];
	struct mix_metrics mm;
	uint64_t cycles;
	unsigned int failed;
};

extern struct opts opt;
extern const char *const status_names[];

void __attribute__((noreturn, format(printf, 2, 3)))
die(int code, const char *fmt, ...);
const char *job_label(const struct job *j, char *buf, size_t len);
const char *job_status_text(const struct job *j);
const char *corun_name(const struct corun *co);

/* options.c: the command line into opt; exits with status 2 on bad usage */
void parse_args(int argc, char **argv);
/* @ops's knob values from --policy-param (exits 2 on a bad one). */
void policy_params(const struct corun_policy_ops *ops, uint32_t *out);

/* corun.c: devices and co-runs */
struct oracle;
/* The firmware image every device boots ("": none), its CRC as booted. */
extern char fw_path[4200];
extern uint32_t fw_crc;
/* fw_path: --firmware, else $CORUN_FW_IMAGE, else the build's image. */
void firmware_find(void);
/* A fresh device with the firmware booted (exits 2 if it cannot be). */
struct sim_dev *device_new(const struct emu_config *cfg);
/* The booted firmware's version as "major.minor", or "none". */
const char *fw_version_str(char *buf, size_t len);
/* The mix's firmware settings given to @sp's engine (exits 2 if bad). */
void mix_fw_apply(const struct mix *mix, struct sim_policy *sp);
/* One co-run; @pin_over: the slots' pinned settings, NULL: the mix's. */
void run_corun(const struct emu_config *cfg, const struct mix *mix,
	       uint64_t budget, struct corun *co,
	       const struct corun_policy_pin *pin_over);
/*
 * --policy cta-oracle or spatial-oracle: the best-HS co-run into @hs,
 * the best-WS one into @ws; returns the jobs that failed.
 */
unsigned int run_oracle(const struct emu_config *cfg, const struct mix *mix,
			uint64_t budget, const struct job *proto,
			struct oracle *o, struct corun *hs, struct corun *ws);

/* drive.c: jobs driven on a device */
extern uint64_t whole_budget;	/* --whole-runs: no new run past it */
/* One SM's static limits, for the footprints of the alone runs' launches. */
extern struct corun_sm_limits sm_lim;
/* Simulation-rate totals over every device, and the time in emu_gpu_run. */
extern struct emu_stats total_stats;
extern uint64_t sim_ns;
void __attribute__((format(printf, 3, 4)))
job_fail(struct job *j, enum job_status st, const char *fmt, ...);
/*
 * Run @n jobs on @dev until each has stopped (alone: after one run) or
 * the device reaches @stop, under @pr's policy (NULL: none). Returns the
 * cycle the simulation ended at.
 */
uint64_t drive(struct sim_dev *dev, struct job *jobs, unsigned int n,
	       uint64_t stop, int alone, const char *phase, struct pol_run *pr);

/* report.c: the text and JSON reports */
void json_counters(struct json *js, const struct corun_slot_counters *c);
void text_counters(const struct corun_slot_counters *c);
void json_config(struct json *js, const struct emu_config *cfg);
void json_corun(struct json *js, const char *key, const struct mix *mix,
		const struct corun *co);
void text_corun(const struct mix *mix, const struct corun *co);
void text_compare(const struct mix *mix, const struct corun *co,
		  unsigned int n);

#endif /* _SIM_CORUN_SIM_H_ */
