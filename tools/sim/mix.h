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
 *
 * Firmware settings of the co-run (DRM_IOCTL_CORUN_SET_POLICY's knobs and
 * parameters, named as in policy/fwknobs.c; each at most once, left out:
 * the firmware's reset value):
 *	irc	off or on (issue-rate control)
 *	llc	lru, prob-static, prob-dynamic or way-partition
 *	vcp	shared, partitioned, cpu-priority or dynamic
 *	dram	frfcfs, cpu-priority or slot-prio
 *	l1	shared, static-partition, dynamic-partition or bypass
 *	llc_prob	the LLC protection probability, 0..1024
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
 *	throttle=N	CTAs per SM kept resident but not issuing
 *	irc_share=N irc_prio=N l1_ways=MASK l1_bypass_ctas=N llc_ways=MASK
 *	vc=N dram_prio=N
 *			firmware parameters of the job's slot (vc=config:
 *			the configuration's VC); ranges as in the uapi
 *
 * The policy decides every slot's SM mask, CTA quota and priority at each
 * job start, job end and epoch, as in the driver. sms= and a non-zero
 * quota= override the decision for the job's slot (static settings the
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
#include <policy/fwknobs.h>

#define MIX_MAX_JOBS CORUN_MAX_SLOTS
#define MIX_NAME_LEN 64
#define MIX_DEFAULT_BUDGET 1000000ull
#define MIX_POLICY_LEN 32

/**
 * struct mix_job - one job line
 * @line: line number in the file, for later messages
 * @workload: workload name (checked with the caller's lookup)
 * @scale, @seed: workload parameters
 * @slot: hardware slot
 * @priority, @placement, @cta_quota, @throttle: slot policy
 * @has_priority: @priority was given
 * @has_sms: @sm_mask was given (else the policy's)
 * @sm_mask: bit i of word i / 32 = SM i
 * @max_sm: highest SM named in @sm_mask (checked against the config)
 * @fw_set: bit n: firmware parameter n (enum drm_corun_fw_param_id) of the
 *	job's slot is given
 * @fw: the values, by parameter id
 */
struct mix_job {
	unsigned int line;
	char workload[MIX_NAME_LEN];
	uint32_t scale, seed;
	uint32_t slot;
	uint32_t priority, placement, cta_quota, throttle;
	int has_priority;
	int has_sms;
	uint32_t sm_mask[CORUN_SM_MASK_WORDS];
	uint32_t max_sm;
	uint32_t fw_set;
	uint32_t fw[CORUN_FWP_NR];
};

/**
 * struct mix - a parsed mix file
 * @path: file name used in messages
 * @name: the "name" setting, or the file's base name
 * @budget: co-run cycle budget
 * @policy: the "policy" setting, "" if not given
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

/* Parse @text; @path names it in messages. 0, or -1 with err set. */
int mix_parse(const char *text, const char *path, mix_lookup_fn lookup,
	      struct mix *m, char *err, size_t len);
int mix_load(const char *path, mix_lookup_fn lookup, struct mix *m,
	     char *err, size_t len);

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

/* "expected fcfs or even": the driver's policy names, for messages. */
const char *mix_policy_names(void);

#endif /* _CORUN_TOOLS_SIM_MIX_H_ */
