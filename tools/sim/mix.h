/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Job-mix files for corun-sim.
 *
 * A mix is a text file of "key = value" settings and "job" lines; '#'
 * starts a comment, blank lines are ignored:
 *
 *	# two kernels sharing the GPU
 *	name   = matmul+histogram     # label for the reports
 *	budget = 2M                   # co-run length in device cycles
 *	scale  = 1                    # default workload scale
 *
 *	job matmul    slot=0 priority=1 seed=7
 *	job histogram slot=1 sms=8-15 quota=4 placement=chunk
 *
 * Settings (each at most once):
 *	name	free text, up to 63 characters
 *	budget	co-run cycle budget (k/M/G suffixes: 10^3/10^6/10^9);
 *		--cycles overrides it; default MIX_DEFAULT_BUDGET
 *	scale	default wl_params.scale of the jobs (default 1)
 *	policy	the driver policy that programs the slots during the
 *		co-run: fcfs (default) or even, any name of
 *		drivers/gpu/drm/corun/policy/; --policy overrides it
 *	alone_sched	the warp scheduler of the alone runs (the baseline of
 *		the slowdowns): config (default: the configuration's, as
 *		in the co-run) or a scheduler name (gto, lrr, ...), e.g.
 *		gto for CCBP's rule (alone IPC with GTO, shared with
 *		LRR); corun-sim's --alone-sched overrides it
 *	sched	the warp scheduler of the co-run (the configuration's
 *		sm.sched_policy: lrr, gto, two_level or kaware), checked
 *		by corun-sim against the configuration; --sched overrides
 *		it; alone runs keep --alone-sched
 *
 * Firmware settings of the co-run (DRM_IOCTL_CORUN_SET_POLICY's knobs and
 * parameters, named as in policy/fwknobs.c; each at most once, left out:
 * the firmware's reset value):
 *	irc	off, on or mil (issue-rate control; MIL)
 *	llc	lru, prob-static, prob-dynamic or way-partition
 *	vcp	shared, partitioned, cpu-priority or dynamic
 *	dram	frfcfs, cpu-priority, slot-prio, bw-app or tcm
 *	l1	shared, static-partition, dynamic-partition, bypass or ucp
 *	llc_prob	the LLC protection probability, 0..1024
 *	mil_high mil_low (0..65536) mil_min mil_max mil_step (1..255)
 *			irc = mil's thresholds and cap bounds
 *	tcm_thresh (0..1024) tcm_quantum tcm_shuffle (1..65536 epochs)
 *			dram = tcm's ClusterThresh, quantum, shuffle
 *	ucp_period (1..1000 epochs) ucp_min_ways (1..the L1's ways)
 *	ucp_decay (0..32) ucp_sample (1..256)
 *			l1 = ucp's repartition period, ways kept, decay and
 *			monitor sampling
 *		(each tunable is taken with any knob value and acts while
 *		its mechanism is selected; include/uapi/drm/corun_drm.h)
 *
 * A job line is "job WORKLOAD [key=value ...]" with the keys:
 *	scale=N		wl_params.scale (0..WL_SCALE_MAX)
 *	seed=N		wl_params.seed (0: the workload's default)
 *	slot=N		hardware slot (default: the job's index); one job
 *			per slot
 *	priority=N	slot priority 0..15 (default: the policy's)
 *	placement=P	rr, chunk, reset, flip or steal (default rr)
 *	sms=LIST	SMs the job may use: "0-7,12" (default: the policy's)
 *	quota=N		max CTAs of the job per SM, 0 = the policy's
 *	throttle=N	CTAs per SM kept resident but not issuing, 0 = the
 *			policy's
 *	qos=N		QoS target of the job's launches in 1/1024 of its
 *			alone IPC (drm_corun_submit.qos_target), 1..1024;
 *			the QoS policies (proportional, hsm-qos) honour it
 *	irc_share=N irc_prio=N l1_ways=MASK l1_bypass_ctas=N llc_ways=MASK
 *	vc=N dram_prio=N
 *			firmware parameters of the job's slot (vc=config:
 *			the configuration's VC); ranges as in the uapi
 *
 * A job line whose first word ends in ".elf" or holds a '/' runs that
 * device ELF (built with corun-cc; a relative path is taken from the mix
 * file's directory) instead of a registered workload:
 *
 *	job ./vscale.elf grid=16 block=256 arg=file:in.bin arg=buf:16384
 *	    arg=u32:4096 arg=f32:2.5 expect=1:out.bin    (one line)
 *
 *	kernel=NAME	the kernel (default: the ELF's only one)
 *	grid=X[xY[xZ]], block=X[xY[xZ]]	launch geometry (required)
 *	arg=A		the next 32-bit word of the argument block, in order:
 *			u32:N, i32:N or f32:X (scalars), buf:BYTES[:FILL]
 *			(a new buffer's GPU address; FILL zero (default),
 *			iota, rand (u32) or frand (floats in [-1, 1)), from
 *			seed=) or file:PATH (a buffer holding the file)
 *	expect=N:PATH	after each run, buffer argument N (from 0) must equal
 *			the file byte for byte; without any expect= the runs
 *			are unchecked and the reports say so
 *
 * and the keys seed, slot, priority, placement, sms, quota, throttle and
 * the firmware parameters as above (not scale). One launch per run.
 *
 * The policy decides every slot's SM mask, CTA quota and priority at each
 * job start, job end and epoch, as in the driver. sms= and a non-zero
 * quota= or throttle= override the decision for the job's slot (static settings the
 * driver does not have). If any job line gives priority=, the mix sets
 * all slot priorities itself: jobs without it get priority 0, and the
 * policy's priorities are not used.
 *
 * Errors are reported as "file:line: message".
 */
#ifndef _CORUN_TOOLS_SIM_MIX_H_
#define _CORUN_TOOLS_SIM_MIX_H_

#include <stddef.h>
#include <stdint.h>

#include <corun/hw.h>
#include <kernels/elfjob.h>
#include <policy/fwknobs.h>

#define MIX_MAX_JOBS CORUN_MAX_SLOTS
#define MIX_NAME_LEN 64
#define MIX_DEFAULT_BUDGET 1000000ull
#define MIX_POLICY_LEN 32
#define MIX_SCHED_LEN 16

/**
 * struct mix_job - one job line
 * @line: line number in the file, for later messages
 * @workload: workload name (checked with the caller's lookup)
 * @scale, @seed: workload parameters
 * @slot: hardware slot
 * @priority, @placement, @cta_quota, @throttle: slot policy
 * @qos: QoS target of its launches, 1/1024 of alone IPC, 0: none
 * @has_priority: @priority was given
 * @has_sms: @sm_mask was given (else the policy's)
 * @sm_mask: bit i of word i / 32 = SM i
 * @max_sm: highest SM named in @sm_mask (checked against the config)
 * @fw_set: bit n: firmware parameter n (enum drm_corun_fw_param_id) of the
 *	job's slot is given
 * @fw: the values, by parameter id
 * @is_elf: an ELF job ("job FILE.elf ..."): @elf describes it and
 *	@workload is the ELF's name as written
 * @elf: the ELF job (prepared by mix_load(): elf.wl is its workload)
 */
struct mix_job {
	unsigned int line;
	char workload[MIX_NAME_LEN];
	uint32_t scale, seed;
	uint32_t slot;
	uint32_t priority, placement, cta_quota, throttle;
	uint32_t qos;
	int has_priority;
	int has_sms;
	uint32_t sm_mask[CORUN_SM_MASK_WORDS];
	uint32_t max_sm;
	uint32_t fw_set;
	uint32_t fw[CORUN_FWP_NR];
	int is_elf;
	struct wl_elf_job elf;
};

/**
 * struct mix - a parsed mix file
 * @path: file name used in messages
 * @name: the "name" setting, or the file's base name
 * @budget: co-run cycle budget
 * @policy: the "policy" setting, "" if not given
 * @alone_sched: the "alone_sched" setting, "" if not given
 * @sched: the "sched" setting, "" if not given
 * @sched_line: its line
 * @has_priority: some job line gives priority=
 * @fw_knob: the firmware knobs (enum corun_fwk), uapi values, 0: not given
 * @fw_knob_line: their lines
 * @fw_set: bit n: device-wide firmware parameter n is given
 * @fw: the values, by parameter id
 * @fw_line: their lines
 * @njobs, @jobs: the job lines in file order
 */
struct mix {
	char path[256];
	char name[MIX_NAME_LEN];
	uint64_t budget;
	char policy[MIX_POLICY_LEN];
	char alone_sched[MIX_SCHED_LEN];
	char sched[MIX_POLICY_LEN];
	unsigned int sched_line;
	int has_priority;
	uint32_t fw_knob[CORUN_FWK_NR];
	unsigned int fw_knob_line[CORUN_FWK_NR];
	uint32_t fw_set;
	uint32_t fw[CORUN_FWP_NR];
	unsigned int fw_line[CORUN_FWP_NR];
	unsigned int njobs;
	struct mix_job jobs[MIX_MAX_JOBS];
};

/*
 * Workload-name check: return 0 if @name is known, else -1 after writing
 * the known names (for the message) to @known.
 */
typedef int (*mix_lookup_fn)(const char *name, char *known, size_t len);

/*
 * Parse @text; @path names it in messages (and relative paths of ELF jobs
 * are taken from its directory). 0, or -1 with err set. The files of ELF
 * jobs are not opened: mix_load() checks them.
 */
int mix_parse(const char *text, const char *path, mix_lookup_fn lookup,
	      struct mix *m, char *err, size_t len);
/* Read and parse @path, then check its ELF jobs' files. */
int mix_load(const char *path, mix_lookup_fn lookup, struct mix *m,
	     char *err, size_t len);

/*
 * mix_job_workload() - the workload a job line runs, with its parameters
 * in @p: an ELF job's own, else the registered one (@lookup checked it).
 */
const struct workload *mix_job_workload(const struct mix_job *j,
					struct wl_params *p);

/* Check slots and SM masks against a device: "file:line: ..." on error. */
int mix_check_device(const struct mix *m, unsigned int num_slots,
		     unsigned int num_sms, char *err, size_t len);

/* Firmware settings of a mix: every parameter of every slot at most. */
#define MIX_FW_SETTINGS (CORUN_FWP_NR * CORUN_MAX_SLOTS)

/**
 * mix_fw_settings() - the mix's firmware settings in uapi terms
 * @m: the mix
 * @slot_of: the slot of job i, or NULL for the jobs' slot=
 * @knobs: receives CORUN_FWK_NR knob values (0: DEFAULT)
 * @s: receives the parameter settings (at most MIX_FW_SETTINGS)
 * @line: receives the line of each setting, or NULL
 *
 * Return: the number of settings.
 */
unsigned int mix_fw_settings(const struct mix *m, const uint32_t *slot_of,
			     uint32_t *knobs, struct corun_fw_setting *s,
			     unsigned int *line);

/**
 * mix_check_fw() - check the firmware settings against a device
 * @m: the mix
 * @slot_of: as for mix_fw_settings()
 * @p: the device (slots, L1 and LLC ways, virtual channels)
 * @knob_modes: per knob, bit n for each uapi value its firmware takes
 *	(DRM_CORUN_PARAM_*_MODES)
 * @params: bit n for each parameter id it takes (DRM_CORUN_PARAM_FW_PARAMS)
 * @err, @len: "file:line: ..." on error
 *
 * Return: 0 or -1.
 */
int mix_check_fw(const struct mix *m, const uint32_t *slot_of,
		 const struct corun_policy_platform *p, const uint64_t *knob_modes,
		 uint64_t params, char *err, size_t len);

/*
 * mix_fw_setting_text() - "irc_share:2=300", "llc=prob-static": a knob
 * (@s NULL, @knob and @value) or a setting as the command lines take it.
 */
const char *mix_fw_setting_text(const struct corun_fw_setting *s, uint32_t knob,
				uint32_t value, char *buf, size_t len);

/* Placement name ("rr", ...) of an enum corun_placement. */
/*
 * mix_parse_count() - a positive count, decimal or 0x hex, with an optional
 * k/M/G suffix (10^3/10^6/10^9), as the budget line takes it. Returns 0 and
 * the value in *out, or -1 for anything else (including 0 and overflow).
 */
int mix_parse_count(const char *v, uint64_t *out);
const char *mix_placement_name(uint32_t p);

/* "expected config, gto, ... or lrr": alone_sched's values, for messages. */
const char *mix_sched_names(void);

/* "expected fcfs or even": the driver's policy names, for messages. */
const char *mix_policy_names(void);
/*
 * The knobs "NAME=VALUE" of @args[0..@n) of policy @ops (corun-sim's and
 * corun-run's --policy-param): the uapi ids and values into @ids and
 * @vals, every knob's value in @ops->params order into @out
 * (corun_policy_params()). -1 with a message in @err on a malformed
 * argument, a knob @ops lacks, a value out of range or a knob twice.
 */
int mix_policy_params(const struct corun_policy_ops *ops,
		      const char *const *args, unsigned int n, uint32_t *ids,
		      uint32_t *vals, uint32_t *out, char *err, size_t len);

struct json;
/*
 * What a job's entry in corun-sim's and corun-run's JSON says about its
 * workload: workload, elf (ELF jobs), checked, scale, seed.
 */
void mix_json_workload(struct json *js, const struct workload *wl,
		       const struct wl_params *p);
/*
 * The "policy_params" member of a co-run in their JSON: every knob of
 * policy @ops, NAME: value, @vals in @ops->params order (the values in
 * force: corun_policy_engine's, GET_POLICY's); {} for a policy without
 * knobs, null if @ops is NULL (a policy the tool does not know).
 */
void mix_json_policy_params(struct json *js,
			    const struct corun_policy_ops *ops,
			    const uint32_t *vals);

#endif /* _CORUN_TOOLS_SIM_MIX_H_ */
