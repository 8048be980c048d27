/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * --progress N: a job's progress curve, the thread instructions its slot
 * has retired at every N cycles of a run, at the end of each of its
 * completed runs and, in a co-run, at every epoch snapshot, so that the cycles an alone run needs for any number
 * of instructions can be read from one run (corun-eval's same-instruction
 * ground truth, Documentation/tools/corun-sim.rst, "Progress curves");
 * with --demand also its memory counters at every sample, the per-window
 * NoC and DRAM demand.
 */
#ifndef _CORUN_TOOLS_SIM_PROGRESS_H_
#define _CORUN_TOOLS_SIM_PROGRESS_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <sim/json.h>

/**
 * struct progress_run - the end of one completed (and checked) run
 * @cycle: cycles from the start of the drive (every job starts at 0)
 * @thread_insns: the slot's thread instructions by then
 * @est_alone, @est_cycles, @est_uncapped: the policy's estimates summed
 *	by then (corun_sim.h, struct job); 0 without a model
 */
struct progress_run {
	uint64_t cycle, thread_insns;
	uint64_t est_alone, est_cycles, est_uncapped;
};

/**
 * struct progress_epoch - the slot's count at an epoch snapshot
 * @epoch: the snapshot's sequence number (the policy trace's "epoch")
 * @cycle: cycles from the start of the drive
 * @thread_insns: the slot's thread instructions then
 */
struct progress_epoch {
	uint64_t epoch, cycle, thread_insns;
};

/**
 * struct progress_demand - the slot's memory counters at a sample
 *	(--demand), cumulative as the samples are
 * @missq_demand: requests that entered its L1 miss sub-queue, whether
 *	or not the issue-rate controller has let them into the NoC yet
 * @read_requests, @requests: reads and all requests that left the L1
 * @dram_accesses: DRAM accesses they caused, dirty write-backs included
 * @l1_accesses, @l1_resfails: L1 accesses and reservation failures (the
 *	inputs of the firmware's MIL controller)
 * @mil_cap: the memory-instruction cap in force (0: none), not cumulative
 */
struct progress_demand {
	uint64_t missq_demand, read_requests, requests, dram_accesses;
	uint64_t l1_accesses, l1_resfails, mil_cap;
};

/**
 * struct progress - a job's curve
 * @samples: thread instructions at cycles interval, 2 * interval, ...
 * @runs: the end of every completed run, in order
 * @epochs: every epoch snapshot of a co-run, in order
 * @demand: with --demand, the memory counters at each sample
 */
struct progress {
	uint64_t *samples;
	size_t nsamples, samples_cap;
	struct progress_run *runs;
	size_t nruns, runs_cap;
	struct progress_epoch *epochs;
	size_t nepochs, epochs_cap;
	struct progress_demand *demand;
	size_t ndemand, demand_cap;
};

/* Append; return -1 when out of memory. */
int progress_sample(struct progress *p, uint64_t thread_insns);
int progress_run_end(struct progress *p, const struct progress_run *r);
int progress_epoch(struct progress *p, const struct progress_epoch *e);
int progress_demand(struct progress *p, const struct progress_demand *d);
/*
 * "progress": {"interval", "samples": [...], "runs": [{...}]}; the
 * estimates only with @estimates (a policy with a model), "epochs":
 * [{...}] only with @epochs (a co-run), "demand": {"missq_demand": [...],
 * ...}, one entry per sample, only with @demand (--demand).
 */
void progress_json(struct json *js, const struct progress *p,
		   uint64_t interval, int estimates, int epochs, int demand);
/* One line for the text report: the first run's end and the counts. */
void progress_text(FILE *f, const struct progress *p, uint64_t interval);
void progress_free(struct progress *p);

#endif /* _CORUN_TOOLS_SIM_PROGRESS_H_ */
