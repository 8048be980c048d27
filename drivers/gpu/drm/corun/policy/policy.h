/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun policy engine, contract version 2. Plain C: no kernel headers
 * beyond the shared type shim, no allocation, integer or fixed-point math
 * only. Built into corun.ko and into the host library corun-sim uses, so
 * a policy decides the same way in the VM and on the host.
 *
 * The path of a decision:
 *
 *   host (driver or corun-sim)        policy/ (this header)
 *   job reaches a slot      ->  corun_policy_job_start()  \
 *   job leaves its slot     ->  corun_policy_job_end()     > corun_policy_decide()
 *   epoch snapshot arrives  ->  corun_policy_snapshot()   /      |
 *                                                         ops->decide(state, in, out)
 *                                                                |
 *   slot registers, firmware  <-  struct corun_policy_hw  <-  the applier:
 *   parameters, tracepoint                                    what changed only
 *
 * A policy is one file: a struct corun_policy_ops with its name, uapi id,
 * one-line description, private state size and two handlers. Every input
 * a policy may use is in struct corun_policy_in; everything it decides is
 * in struct corun_policy_out.
 */
#ifndef _CORUN_POLICY_H_
#define _CORUN_POLICY_H_

#include <corun/footprint.h>
#include <corun/hw.h>

#define CORUN_POLICY_MAX_SLOTS 16
#define CORUN_POLICY_MAX_SMS 128
#define CORUN_POLICY_MAX_CHANNELS 32
#define CORUN_POLICY_MASK_WORDS (CORUN_POLICY_MAX_SMS / 32)
/* Private state of a policy, at most; u64-aligned. */
#define CORUN_POLICY_STATE_BYTES 8192
/* Epoch length the driver starts with (and corun-sim uses by default). */
#define CORUN_POLICY_EPOCH_CYCLES_DEFAULT 100000
/*
 * Epoch lengths every host accepts (corun_policy_epoch_check()): the
 * uapi's DRM_CORUN_EPOCH_CYCLES_MIN and _MAX, which the driver asserts
 * they are.
 */
#define CORUN_POLICY_EPOCH_CYCLES_MIN 1024u
#define CORUN_POLICY_EPOCH_CYCLES_MAX BIT(30)

/*
 * The errno values plain-C policy code returns, negated as the kernel's:
 * Linux's numbers (the driver checks them against <linux/errno.h>).
 */
#define CORUN_EIO 5
#define CORUN_EINVAL 22
#define CORUN_ERANGE 34
#define CORUN_EOPNOTSUPP 95

/* Knobs of one policy, at most (struct corun_policy_param). */
#define CORUN_POLICY_MAX_PARAMS 4

CORUN_STATIC_ASSERT(CORUN_POLICY_MAX_SLOTS == CORUN_MAX_SLOTS, "slots");
CORUN_STATIC_ASSERT(CORUN_POLICY_MAX_SMS == CORUN_MAX_SMS, "SMs");
CORUN_STATIC_ASSERT(CORUN_POLICY_MAX_CHANNELS == CORUN_MAX_DRAM_CHANNELS,
		    "channels");

/* Why a decision is taken. */
enum corun_policy_event {
	/* the policy was selected, or the administrator's settings changed */
	CORUN_POLICY_EV_INIT = 0,
	CORUN_POLICY_EV_JOB_START = 1, /* a job reached @slot */
	CORUN_POLICY_EV_JOB_END = 2, /* @slot's job ended */
	CORUN_POLICY_EV_EPOCH = 3, /* an epoch ended: deltas are valid */
	CORUN_POLICY_EV_NR
};

/**
 * struct corun_policy_platform - the device, from its capability registers
 * @num_slots: hardware slots
 * @num_sms: SMs
 * @num_channels: DRAM channels
 * @num_vcs: NoC virtual channels
 * @sm: one SM's static resources and their allocation granules
 * @l1_ways: L1 associativity
 * @llc_ways: LLC associativity
 * @l1_line: L1 line size, bytes
 * @llc_line: LLC line size, bytes
 * @flit_bytes: NoC flit size
 * @noc_bw: sustainable NoC bandwidth, bytes per 1000 SM cycles (0: not
 *	calibrated; a policy that needs it must then refuse to init)
 * @dram_bw: sustainable DRAM bandwidth, same unit
 * @issue_period: cycles of a warp-issue quota period
 * @sm_mhz: SM clock
 * @dram_mhz: DRAM clock (the unit of the data-bus busy counters)
 * @sm_issue: warp instructions one SM can issue per cycle
 * @hsm_c1: HSM's fitted private-mode DRAM utilization per unit of
 *	row-buffer hit rate, in 1/CORUN_HSM_FIT_ONE (0 with @hsm_c2 0: not
 *	fitted)
 * @hsm_c2: the fitted utilization at hit rate 0, same unit
 * @ctxsw: the device can reclaim SMs by context switch (CORUN_CAP_CTXSW);
 *	0: every reclaim drains
 * @fw_features: CORUN_FW_FEAT_* of the running firmware, 0 without one
 *	(the host sets it after corun_policy_platform_read())
 */
struct corun_policy_platform {
	u32 num_slots;
	u32 num_sms;
	u32 num_channels;
	u32 num_vcs;
	struct corun_sm_limits sm;
	u32 l1_ways;
	u32 llc_ways;
	u32 l1_line;
	u32 llc_line;
	u32 flit_bytes;
	u32 noc_bw;
	u32 dram_bw;
	u32 issue_period;
	u32 sm_mhz;
	u32 dram_mhz;
	u32 sm_issue;
	u32 hsm_c1;
	u32 hsm_c2;
	u32 ctxsw;
	u32 fw_features;
};

/**
 * struct corun_policy_job - the job resident in a slot
 * @seqno: device seqno of the job (0: none)
 * @priority: enum drm_corun_priority of its context
 * @qos_target: QoS target in 1/1024 of its alone IPC, 0 for none
 * @threads, @regs_per_thread, @shared_bytes: per CTA, from the descriptor
 * @ctas_total: CTAs of the grid
 * @ctas_done: CTAs completed, as of the last snapshot
 * @ctas_resident: CTAs resident, as of the last snapshot
 * @cta: footprint of one CTA
 * @start_epoch: epoch sequence number when the job started
 */
struct corun_policy_job {
	u64 seqno;
	s32 priority;
	u32 qos_target;
	u32 threads;
	u32 regs_per_thread;
	u32 shared_bytes;
	u32 ctas_total;
	u32 ctas_done;
	u32 ctas_resident;
	struct corun_cta_footprint cta;
	u32 start_epoch;
};

/**
 * struct corun_policy_slot_in - what the policy knows about one slot
 * @running: a job is resident
 * @job: the job (valid while @running)
 * @d: every slot counter over the last epoch (deltas; zero before the
 *	first snapshot)
 * @cs: the slot's context switches over the last epoch (deltas)
 * @interf: its interference counters over the last epoch (deltas, the
 *	same)
 * @fw_mon: @fw_rf and @fw_df were read from the firmware's monitors at
 *	this epoch (policies with CORUN_POLICY_F_FW_MONITORS, firmware with
 *	CORUN_FW_FEAT_MONITORS)
 * @fw_rf: the firmware's CORUN_FW_P_RF over the epoch, 1/1024
 * @fw_df: its CORUN_FW_P_DF, 1/1024
 * @fw_irc: @fw_credits was read with the monitors (the firmware also has
 *	CORUN_FW_FEAT_IRC_CCBP)
 * @fw_credits: its CORUN_FW_P_IRC_CREDITS at the epoch's end: the
 *	miss-queue credits per SM per window in force
 */
struct corun_policy_slot_in {
	u32 running;
	struct corun_policy_job job;
	struct corun_slot_counters d;
	struct corun_slot_ctxsw_counters cs;
	struct corun_slot_interf_counters interf;
	u32 fw_mon;
	u32 fw_rf;
	u32 fw_df;
	u32 fw_irc;
	u32 fw_credits;
};

/**
 * struct corun_policy_in - input of a decision
 * @event: enum corun_policy_event
 * @slot: the slot of JOB_START and JOB_END
 * @epoch: sequence number of the last snapshot (0 before the first)
 * @cycle: device cycle at the end of that epoch
 * @now: device cycle of this decision (EPOCH: @cycle; other events: the
 *	device clock when the host has one, else @cycle)
 * @epoch_cycles: cycles the deltas cover (0 before the first snapshot)
 * @plat: the platform
 * @slot_in: per slot
 * @sm: per SM, deltas over the last epoch
 * @chan: per DRAM channel, deltas
 * @sm_slot: per SM and slot ([sm][slot]), deltas (Warped-Slicer)
 * @chan_slot: per channel and slot ([channel][slot]), deltas (HSM)
 * @params: the policy's knobs, in the order of its ops->params
 */
struct corun_policy_in {
	u32 event;
	u32 slot;
	u32 epoch;
	u64 cycle;
	u64 now;
	u64 epoch_cycles;
	struct corun_policy_platform plat;
	struct corun_policy_slot_in slot_in[CORUN_POLICY_MAX_SLOTS];
	struct corun_sm_counters sm[CORUN_POLICY_MAX_SMS];
	struct corun_chan_counters chan[CORUN_POLICY_MAX_CHANNELS];
	struct corun_sm_slot_counters sm_slot[CORUN_POLICY_MAX_SMS]
					     [CORUN_POLICY_MAX_SLOTS];
	struct corun_chan_slot_counters chan_slot[CORUN_POLICY_MAX_CHANNELS]
						 [CORUN_POLICY_MAX_SLOTS];
	u32 params[CORUN_POLICY_MAX_PARAMS];
};

/**
 * struct corun_policy_fw_slot - a slot's firmware parameters (fwif.h)
 * @irc_share: issue-rate share in 1/1024 (CORUN_FW_P_IRC_SHARE)
 * @irc_prio: miss-queue arbitration priority (CORUN_FW_P_IRC_PRIO)
 * @l1_ways: L1 way mask (CORUN_FW_P_L1_WAYS)
 * @l1_bypass_ctas: L1-bypassing CTAs per SM (CORUN_FW_P_L1_BYPASS_CTAS)
 * @llc_ways: LLC way mask (CORUN_FW_P_LLC_WAYS)
 * @vc: NoC virtual channel or CORUN_FW_VC_CONFIG (CORUN_FW_P_VC)
 * @dram_prio: DRAM priority (CORUN_FW_P_DRAM_PRIO)
 * @irc_noc: NoC quota, 1/1000 unit, under CORUN_IRC_MODE_CCBP
 *	(CORUN_FW_P_IRC_NOC_UNITS)
 * @irc_dram: DRAM quota, the same (CORUN_FW_P_IRC_DRAM_UNITS)
 * @irc_class: enum corun_irc_class (CORUN_FW_P_IRC_CLASS)
 */
struct corun_policy_fw_slot {
	u32 irc_share;
	u32 irc_prio;
	u32 l1_ways;
	u32 l1_bypass_ctas;
	u32 llc_ways;
	u32 vc;
	u32 dram_prio;
	u32 irc_noc;
	u32 irc_dram;
	u32 irc_class;
};

/* Bits of struct corun_policy_slot_out.fw_set: one per field above. */
#define CORUN_POLICY_FW_IRC_SHARE BIT(0)
#define CORUN_POLICY_FW_IRC_PRIO BIT(1)
#define CORUN_POLICY_FW_L1_WAYS BIT(2)
#define CORUN_POLICY_FW_L1_BYPASS BIT(3)
#define CORUN_POLICY_FW_LLC_WAYS BIT(4)
#define CORUN_POLICY_FW_VC BIT(5)
#define CORUN_POLICY_FW_DRAM_PRIO BIT(6)
#define CORUN_POLICY_FW_IRC_NOC BIT(7)
#define CORUN_POLICY_FW_IRC_DRAM BIT(8)
#define CORUN_POLICY_FW_IRC_CLASS BIT(9)
#define CORUN_POLICY_FW_SLOT_ALL 0x3ffu
#define CORUN_POLICY_FW_SLOT_NR 10

/*
 * The memory-side mechanisms' tunables in struct corun_policy_fw_global's
 * @mem, in the order of their uapi ids (DRM_CORUN_FW_PARAM_MIL_HIGH on).
 */
enum corun_policy_fwg_mem {
	CORUN_FWG_MIL_HIGH = 0,
	CORUN_FWG_MIL_LOW,
	CORUN_FWG_MIL_MIN,
	CORUN_FWG_MIL_MAX,
	CORUN_FWG_MIL_STEP,
	CORUN_FWG_TCM_THRESH,
	CORUN_FWG_TCM_QUANTUM,
	CORUN_FWG_TCM_SHUFFLE,
	CORUN_FWG_UCP_PERIOD,
	CORUN_FWG_UCP_MIN_WAYS,
	CORUN_FWG_UCP_DECAY,
	CORUN_FWG_UCP_SAMPLE,
	CORUN_FWG_MEM_NR
};

/**
 * struct corun_policy_fw_global - the device-wide firmware parameters
 * @irc_enable: CORUN_FW_P_IRC_ENABLE
 * @llc_policy: enum corun_llc_policy (CORUN_FW_P_LLC_POLICY)
 * @llc_prob: CORUN_FW_P_LLC_PROB
 * @vcp_mode: enum corun_vcp_mode (CORUN_FW_P_VCP_MODE)
 * @dram_policy: enum corun_dram_policy (CORUN_FW_P_DRAM_POLICY)
 * @irc_mode: enum corun_irc_mode (CORUN_FW_P_IRC_MODE)
 * @irc_units: M (CORUN_FW_P_IRC_UNITS)
 * @irc_noc_bw: CORUN_FW_P_IRC_NOC_BW
 * @irc_dram_bw: CORUN_FW_P_IRC_DRAM_BW
 * @irc_reply: CORUN_FW_P_IRC_REPLY
 * @irc_dram_bytes: CORUN_FW_P_IRC_DRAM_BYTES
 * @l1_mode: enum corun_l1_mode (CORUN_FW_P_L1_MODE)
 * @mem: the memory-side mechanisms' tunables, enum corun_policy_fwg_mem
 *	order (CORUN_FW_P_MIL_HIGH .. CORUN_FW_P_L1_UCP_SAMPLE)
 */
struct corun_policy_fw_global {
	u32 irc_enable;
	u32 llc_policy;
	u32 llc_prob;
	u32 vcp_mode;
	u32 dram_policy;
	u32 irc_mode;
	u32 irc_units;
	u32 irc_noc_bw;
	u32 irc_dram_bw;
	u32 irc_reply;
	u32 irc_dram_bytes;
	u32 l1_mode;
	u32 mem[CORUN_FWG_MEM_NR];
};

/* Bits of struct corun_policy_out.fw_set: one per field above. */
#define CORUN_POLICY_FWG_IRC_ENABLE BIT(0)
#define CORUN_POLICY_FWG_LLC_POLICY BIT(1)
#define CORUN_POLICY_FWG_LLC_PROB BIT(2)
#define CORUN_POLICY_FWG_VCP_MODE BIT(3)
#define CORUN_POLICY_FWG_DRAM_POLICY BIT(4)
#define CORUN_POLICY_FWG_IRC_MODE BIT(5)
#define CORUN_POLICY_FWG_IRC_UNITS BIT(6)
#define CORUN_POLICY_FWG_IRC_NOC_BW BIT(7)
#define CORUN_POLICY_FWG_IRC_DRAM_BW BIT(8)
#define CORUN_POLICY_FWG_IRC_REPLY BIT(9)
#define CORUN_POLICY_FWG_IRC_DRAM_BYTES BIT(10)
#define CORUN_POLICY_FWG_L1_MODE BIT(11)
/* @mem[i], i an enum corun_policy_fwg_mem */
#define CORUN_POLICY_FWG_MEM(i) BIT(12 + (i))
#define CORUN_POLICY_FWG_ALL 0xffffffu
#define CORUN_POLICY_FWG_NR 24

/**
 * struct corun_policy_fw - every firmware parameter a policy can set
 * @g: device-wide
 * @slot: per slot
 *
 * Also the administrator's static settings (DRM_IOCTL_CORUN_SET_POLICY's
 * firmware knobs), which apply wherever the policy sets nothing.
 */
struct corun_policy_fw {
	struct corun_policy_fw_global g;
	struct corun_policy_fw_slot slot[CORUN_POLICY_MAX_SLOTS];
};

/**
 * struct corun_policy_slot_out - decision for one slot
 * @sm_mask: SMs the slot may use (bit n of word n / 32 is SM n)
 * @cta_quota: CTAs per SM, 0 for no limit
 * @throttle: resident CTAs per SM that may not issue
 * @issue_quota: warp instructions per SM per issue period, 0: no limit
 * @priority: hardware priority 0..15
 * @placement: enum corun_placement (a descriptor's non-zero one wins)
 * @reclaim: enum corun_reclaim: how the slot's CTAs leave SMs taken from
 *	it (DRAIN without @plat.ctxsw)
 * @fw_set: CORUN_POLICY_FW_* bits of the @fw fields the policy decides;
 *	the others keep the administrator's static settings
 * @fw: firmware parameters
 * @est_alone_cycles: the policy's estimate of the cycles the job would
 *	take alone, 0 for none (reported in the job's counters)
 * @est_alone_uncapped: the same from the policy's model without its cap
 *	(DASE's), 0 for none; corun-sim reports it, the driver does not
 * @irc_credits: for the trace, the L1 miss-queue credits per SM per
 *	refill window the decision gives the slot at the rf and df the
 *	policy last saw (CORUN_FW_IRC_CREDITS_UNLIMITED: no limit; 0: the
 *	policy does not say). Under CORUN_IRC_MODE_CCBP the firmware
 *	computes the credits in force itself, from its own measurement.
 * @np_class: for the trace, how the policy's slowdown model classed the
 *	slot's job at its last epoch (HSM's enum hsm_class: 1 compute-bound,
 *	2 memory-bound, 3 a model that does not classify); 0: no prediction
 * @np: for the trace, that model's predicted normalized progress of the
 *	job at its last epoch, 1/1024; 0 with @np_class 0
 */
struct corun_policy_slot_out {
	u32 sm_mask[CORUN_POLICY_MASK_WORDS];
	u32 cta_quota;
	u32 throttle;
	u32 issue_quota;
	u32 priority;
	u32 placement;
	u32 reclaim;
	u32 fw_set;
	struct corun_policy_fw_slot fw;
	u64 est_alone_cycles;
	u64 est_alone_uncapped;
	u32 irc_credits;
	u32 np_class;
	u32 np;
};

/**
 * struct corun_policy_out - output of a decision
 * @slot: per slot
 * @fw_set: CORUN_POLICY_FWG_* bits of @fw the policy decides
 * @fw: device-wide firmware parameters
 * @keep_epoch: for a job start or end under CORUN_POLICY_F_EPOCH_RESTART:
 *	the policy does not count it as a change of the set of programs (a
 *	relaunch, or an end that may be one) and the epoch runs on; the
 *	engine clears it before every decision
 *
 * The engine fills it with the decision in force before calling the
 * policy, so a policy writes only what it changes.
 */
struct corun_policy_out {
	struct corun_policy_slot_out slot[CORUN_POLICY_MAX_SLOTS];
	u32 fw_set;
	struct corun_policy_fw_global fw;
	u32 keep_epoch;
};

/**
 * struct corun_policy_param - a knob of a policy
 * @name: as corun-sim, corun-run and corun-eval spell it
 * @id: enum drm_corun_policy_param_id value (never 0)
 * @min: smallest accepted value
 * @max: largest accepted value
 * @def: the value when none is given
 */
struct corun_policy_param {
	const char *name;
	u32 id;
	u32 min;
	u32 max;
	u32 def;
};

/**
 * struct corun_policy_ops - a policy
 * @name: name as in the uapi (enum drm_corun_policy_id's comment)
 * @id: enum drm_corun_policy_id value
 * @desc: one line for listings (corun-sim --policies)
 * @state_size: bytes of private state, at most CORUN_POLICY_STATE_BYTES
 * @init: set up @st (zeroed) for @plat; 0 or a negative errno (the
 *	policy cannot run on this platform). NULL: nothing to set up
 * @decide: decide from @in into @out (see struct corun_policy_out)
 * @flags: CORUN_POLICY_F_* (what the uapi's feature bits advertise)
 * @params: its knobs, at most CORUN_POLICY_MAX_PARAMS; their values reach
 *	@decide in struct corun_policy_in.params, in this order
 * @nparams: entries of @params
 */
struct corun_policy_ops {
	const char *name;
	u32 id;
	const char *desc;
	u32 state_size;
	u32 flags;
	const struct corun_policy_param *params;
	u32 nparams;
	int (*init)(void *st, const struct corun_policy_platform *plat);
	void (*decide)(void *st, const struct corun_policy_in *in,
		       struct corun_policy_out *out);
};

/* The policy honours struct corun_policy_job.qos_target (FEATURE_QOS). */
#define CORUN_POLICY_F_QOS 0x1u
/*
 * The policy reads the firmware's rf/df monitors (struct
 * corun_policy_slot_in.fw_rf/fw_df): the engine asks the firmware for
 * them at every epoch, for the running slots.
 */
#define CORUN_POLICY_F_FW_MONITORS 0x2u
/*
 * Every job start or end ends the epoch (HSM's "every kernel completion
 * ends the epoch") unless the decision sets keep_epoch (a relaunch): the
 * engine asks the host to restart the device's epoch timer with a short
 * epoch of CORUN_EPOCH_LEN_MIN cycles, whose
 * snapshot closes the interrupted one, and with the set length from that
 * snapshot on (corun_policy_epoch_restart()).
 */
#define CORUN_POLICY_F_EPOCH_RESTART 0x4u

extern const struct corun_policy_ops corun_policy_fcfs;
extern const struct corun_policy_ops corun_policy_even;
extern const struct corun_policy_ops corun_policy_proportional;
extern const struct corun_policy_ops corun_policy_smk;
extern const struct corun_policy_ops corun_policy_ccbp;
extern const struct corun_policy_ops corun_policy_warped_slicer;
extern const struct corun_policy_ops corun_policy_hsm_fair;
extern const struct corun_policy_ops corun_policy_hsm_qos;
extern const struct corun_policy_ops corun_policy_dase_fair;
extern const struct corun_policy_ops corun_policy_dase_qos;

/* All built-in policies, NULL-terminated. */
extern const struct corun_policy_ops *const corun_policies[];

/**
 * corun_policy_platform_read() - the platform from the capability registers
 * @p: receives it
 * @rd: reads a BAR0 register
 * @ctx: passed to @rd
 *
 * The one reading of hw.h's identity and platform registers, for the
 * driver and corun-sim alike.
 */
void corun_policy_platform_read(struct corun_policy_platform *p,
				u32 (*rd)(void *ctx, u32 off), void *ctx);

const struct corun_policy_ops *corun_policy_find_id(u32 id);
/* Whether two NUL-terminated strings are equal (no libc in the kernel). */
int corun_policy_streq(const char *a, const char *b);
const struct corun_policy_ops *corun_policy_find_name(const char *name);
void corun_policy_mask_range(u32 *mask, u32 first, u32 count);

/* @ops's knob named @name, or NULL. */
const struct corun_policy_param *
corun_policy_param_find(const struct corun_policy_ops *ops, const char *name);

/**
 * corun_policy_params() - a policy's knob values from (id, value) pairs
 * @ops: the policy
 * @ids: enum drm_corun_policy_param_id of each pair
 * @vals: the values
 * @n: pairs
 * @out: receives every knob's value, in the order of @ops->params: the
 *	one given, else its default
 *
 * Return: 0; -CORUN_EINVAL if an id is not a knob of @ops or is given
 * twice; -CORUN_ERANGE if a value is outside its knob's range.
 */
int corun_policy_params(const struct corun_policy_ops *ops, const u32 *ids,
			const u32 *vals, u32 n, u32 *out);

/* ---------------------------------------------------------------------
 * The applier: how a decision reaches the device. The host implements
 * these with MMIO and the mailbox (driver) or with the same device code
 * (corun-sim).
 */

/**
 * struct corun_policy_record - one slot's decision, as traced
 * @epoch: sequence number of the last snapshot
 * @cycle: device cycle of the decision
 * @event: enum corun_policy_event that caused it
 * @slot: the slot
 * @policy: enum drm_corun_policy_id of the policy
 * @running: a job is resident in the slot
 * @changed: CORUN_POLICY_CH_* bits of what this decision changed
 * @out: the slot's whole decision, firmware parameters as applied
 *	(the policy's, else the administrator's)
 * @cs: the slot's context switches over the last epoch: what its earlier
 *	reclaims cost
 *
 * The driver's corun_policy_decision tracepoint carries every field;
 * corun-trace reads them by name, corun-sim --trace-policy prints them.
 */
struct corun_policy_record {
	u32 epoch;
	u64 cycle;
	u32 event;
	u32 slot;
	u32 policy;
	u32 running;
	u32 changed;
	struct corun_policy_slot_out out;
	struct corun_slot_ctxsw_counters cs;
};

/* struct corun_policy_record.changed bits */
#define CORUN_POLICY_CH_SM_MASK BIT(0)
#define CORUN_POLICY_CH_CTA_QUOTA BIT(1)
#define CORUN_POLICY_CH_THROTTLE BIT(2)
#define CORUN_POLICY_CH_ISSUE_QUOTA BIT(3)
#define CORUN_POLICY_CH_PRIORITY BIT(4)
#define CORUN_POLICY_CH_PLACEMENT BIT(5)
#define CORUN_POLICY_CH_FW BIT(6) /* a firmware parameter of the slot */
#define CORUN_POLICY_CH_EST BIT(7)
#define CORUN_POLICY_CH_RECLAIM BIT(8)
#define CORUN_POLICY_CH_CREDITS BIT(9) /* @out.irc_credits */
#define CORUN_POLICY_CH_MODEL BIT(10) /* @out.np_class or @out.np */

/**
 * struct corun_policy_hw - the host's side of the applier
 * @ctx: passed to the callbacks
 * @write_reg: write a BAR0 register (slot registers only)
 * @fw_params: send @n (parameter, value) pairs to the firmware
 *	(CORUN_FW_CMD_SET_PARAMS, several requests if need be); 0 or a
 *	negative errno. May be NULL: the device then has no firmware and
 *	firmware parameters are not applied.
 * @fw_get: read one firmware parameter (CORUN_FW_CMD_GET_PARAM) into
 *	@val; 0 or a negative errno. May be NULL (no firmware).
 * @trace: one changed slot's record; may be NULL
 * @cycle: the device clock (CORUN_REG_CYCLE_LO/HI), for the records; may
 *	be NULL (records then carry the last snapshot's cycle)
 */
struct corun_policy_hw {
	void *ctx;
	void (*write_reg)(void *ctx, u32 off, u32 val);
	int (*fw_params)(void *ctx, const u32 *pairs, u32 n);
	int (*fw_get)(void *ctx, u32 param, u32 *val);
	void (*trace)(void *ctx, const struct corun_policy_record *r);
	u64 (*cycle)(void *ctx);
};

/**
 * corun_fw_send_params() - send (parameter, value) pairs to the firmware
 * @pairs: @n pairs
 * @n: pairs
 * @features: CORUN_FW_FEAT_* of the firmware
 * @send: sends one mailbox request (command, payload words); 0 or errno
 * @ctx: passed to @send
 *
 * In batches of CORUN_FW_CMD_SET_PARAMS, which the firmware applies all or
 * none, or one CORUN_FW_CMD_SET_PARAM each without that feature.
 *
 * Return: 0 or the first error.
 */
int corun_fw_send_params(const u32 *pairs, u32 n, u32 features,
			 int (*send)(void *ctx, u32 cmd, const u32 *payload,
				     u32 len),
			 void *ctx);

/**
 * struct corun_policy_pin - register settings the host imposes on a slot
 * @set: CORUN_POLICY_CH_* bits (SM_MASK .. PLACEMENT) of the fields of @v
 *	that win over the policy's decision
 * @v: the values
 *
 * corun-sim's mix files pin SMs, CTA quotas, priorities, placements and
 * throttles this way; the driver pins nothing.
 */
struct corun_policy_pin {
	u32 set;
	struct corun_policy_slot_out v;
};

/**
 * struct corun_policy_engine - one device's policy engine
 * @ops: the active policy
 * @hw: the host's callbacks
 * @pin: per slot, what the host imposes
 * @in: the input being built (epoch data of the last snapshot)
 * @out: the decision in force
 * @fw_static: the administrator's firmware settings
 * @applied_fw: the firmware parameters last acknowledged
 * @programmed: @out's registers have been written once
 * @decisions: decisions taken since the policy was selected
 * @fw_errors: firmware requests that failed
 * @fw_error: the error of the last one (negative errno)
 * @fw_lost: failed requests whose undo failed too: the firmware may then
 *	hold parameters other than @applied_fw
 * @epoch_restart: enum corun_epoch_restart: what the host is to program
 *	into EPOCH_LEN next (CORUN_POLICY_F_EPOCH_RESTART)
 * @epoch_short: the epoch running is the short one after a start or end
 * @prev: the previous snapshot's cumulative counters, for deltas
 * @next: scratch: the decision being taken
 * @fw_want: scratch: the firmware parameters it asks for
 * @fw_saved: scratch: static settings kept while new ones are tried
 * @pairs: scratch: the (parameter, value) pairs sent for them
 * @undo: scratch: the same parameters with the values they had
 * @active: which of @state is the active policy's
 * @state: the policy's private state; a policy being selected initialises
 *	the other one, so a failed selection leaves the active one intact
 *
 * Big (tens of KiB): the driver allocates it once per device.
 */
struct corun_policy_engine {
	const struct corun_policy_ops *ops;
	struct corun_policy_hw hw;
	struct corun_policy_pin pin[CORUN_POLICY_MAX_SLOTS];
	struct corun_policy_in in;
	struct corun_policy_out out;
	struct corun_policy_fw fw_static;
	struct corun_policy_fw applied_fw;
	u32 programmed;
	u64 decisions;
	u64 fw_errors;
	int fw_error;
	u64 fw_lost;
	u32 epoch_restart;
	u32 epoch_short;
	struct {
		u32 valid;
		struct corun_slot_counters slot[CORUN_POLICY_MAX_SLOTS];
		struct corun_slot_interf_counters
			interf[CORUN_POLICY_MAX_SLOTS];
		struct corun_sm_counters sm[CORUN_POLICY_MAX_SMS];
		struct corun_chan_counters chan[CORUN_POLICY_MAX_CHANNELS];
		struct corun_sm_slot_counters sm_slot[CORUN_POLICY_MAX_SMS]
						     [CORUN_POLICY_MAX_SLOTS];
		struct corun_chan_slot_counters
			chan_slot[CORUN_POLICY_MAX_CHANNELS]
				 [CORUN_POLICY_MAX_SLOTS];
		struct corun_slot_ctxsw_counters cs[CORUN_POLICY_MAX_SLOTS];
	} prev;
	struct corun_policy_out next;
	struct corun_policy_fw fw_want;
	struct corun_policy_fw fw_saved;
	u32 pairs[2 * (CORUN_POLICY_FWG_NR +
		       CORUN_POLICY_FW_SLOT_NR * CORUN_POLICY_MAX_SLOTS)];
	u32 undo[2 * (CORUN_POLICY_FWG_NR +
		      CORUN_POLICY_FW_SLOT_NR * CORUN_POLICY_MAX_SLOTS)];
	u32 active;
	u64 state[2][CORUN_POLICY_STATE_BYTES / 8];
};

/**
 * corun_policy_engine_init() - set up an engine for a device
 * @eng: the engine (any content)
 * @plat: the platform (copied)
 * @hw: the host's callbacks (copied)
 *
 * No policy is active and nothing is written until corun_policy_select().
 */
void corun_policy_engine_init(struct corun_policy_engine *eng,
			      const struct corun_policy_platform *plat,
			      const struct corun_policy_hw *hw);

/**
 * corun_policy_select() - make @ops the active policy and decide (INIT)
 * @eng: the engine
 * @ops: the policy
 *
 * Jobs in their slots stay known to the new policy.
 *
 * Return: 0, or the policy's init error (the old policy stays active).
 */
int corun_policy_select(struct corun_policy_engine *eng,
			const struct corun_policy_ops *ops);

/**
 * corun_policy_select_params() - corun_policy_select() with knob values
 * @eng: the engine
 * @ops: the policy
 * @params: its knobs' values in the order of @ops->params (checked with
 *	corun_policy_params()), NULL for the defaults
 *
 * Return: as corun_policy_select().
 */
int corun_policy_select_params(struct corun_policy_engine *eng,
			       const struct corun_policy_ops *ops,
			       const u32 *params);

/**
 * corun_policy_set_static_fw() - the administrator's firmware settings
 * @eng: the engine
 * @fw: applied wherever the policy sets nothing (copied)
 *
 * Return: 0, or the firmware's error (then nothing is kept: the previous
 * settings stay in force, and the firmware is given back the values it
 * had); -CORUN_EOPNOTSUPP if there is no firmware and the settings differ
 * from its reset values.
 */
int corun_policy_set_static_fw(struct corun_policy_engine *eng,
			       const struct corun_policy_fw *fw);

/**
 * corun_policy_fw_defaults() - the firmware's reset values (fwif.h)
 * @plat: the platform
 * @fw: receives them
 */
void corun_policy_fw_defaults(const struct corun_policy_platform *plat,
			      struct corun_policy_fw *fw);

/**
 * corun_policy_job_start() - a job reached @slot: decide (JOB_START)
 * @eng: the engine
 * @slot: the slot
 * @d: its descriptor
 * @priority: enum drm_corun_priority of its context
 */
void corun_policy_job_start(struct corun_policy_engine *eng, u32 slot,
			    const struct corun_job_desc *d, s32 priority);

/**
 * corun_policy_job_end() - @slot's job ended: decide (JOB_END)
 * @eng: the engine
 * @slot: the slot
 */
void corun_policy_job_end(struct corun_policy_engine *eng, u32 slot);

/**
 * corun_policy_snapshot() - an epoch ended: take its counters, decide
 * @eng: the engine
 * @h: the snapshot (header and sections, CORUN_SNAPSHOT_VERSION)
 * @size: bytes readable at @h
 *
 * Return: 0, or -EINVAL for a snapshot that does not match the platform
 * (nothing is decided then).
 */
int corun_policy_snapshot(struct corun_policy_engine *eng,
			  const struct corun_snapshot_header *h, u32 size);

/* struct corun_policy_engine.epoch_restart */
enum corun_epoch_restart {
	CORUN_EPOCH_KEEP = 0, /* the timer runs on */
	CORUN_EPOCH_SHORT = 1, /* a start or end: a short epoch from now */
	CORUN_EPOCH_FULL = 2, /* the short one ended: the set length */
};

/**
 * corun_policy_epoch_restart() - whether to restart the epoch timer now
 * @eng: the engine
 * @epoch_cycles: the set epoch length
 * @len: receives the length to write to EPOCH_LEN (writing it restarts
 *	the device's timer): CORUN_EPOCH_LEN_MIN after a job start or end
 *	(at most @epoch_cycles), @epoch_cycles once that short epoch's
 *	snapshot came
 *
 * The host calls it after every decision, while a job is resident (its
 * epochs run); the request is taken by the call.
 *
 * Return: true if the host is to write @len now.
 */
bool corun_policy_epoch_restart(struct corun_policy_engine *eng,
				u32 epoch_cycles, u32 *len);

/**
 * corun_policy_epoch_check() - whether an epoch length may be set
 * @cycles: SET_POLICY's epoch_cycles (non-zero), corun-sim's --epoch-cycles
 *	or corun-run's --epoch
 *
 * The one check of every host, so that the driver and corun-sim accept
 * the same epochs: CORUN_POLICY_EPOCH_CYCLES_MIN to _MAX.
 *
 * Return: 0, or -CORUN_ERANGE outside it.
 */
int corun_policy_epoch_check(u64 cycles);

/**
 * corun_policy_running() - whether any slot has a job
 * @eng: the engine
 *
 * Return: true if a job is resident (epochs are worth running).
 */
bool corun_policy_running(const struct corun_policy_engine *eng);

#endif /* _CORUN_POLICY_H_ */
