/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun policy engine interface. Plain C: no kernel headers beyond the
 * shared type shim, no allocation, integer math only. Built into corun.ko
 * and into the host test library.
 */
#ifndef _CORUN_POLICY_H_
#define _CORUN_POLICY_H_

#include <corun/types.h>

#define CORUN_POLICY_MAX_SLOTS 16
#define CORUN_POLICY_MAX_SMS 128
#define CORUN_POLICY_MASK_WORDS (CORUN_POLICY_MAX_SMS / 32)
/* Epoch length the driver starts with (and corun-sim uses by default). */
#define CORUN_POLICY_EPOCH_CYCLES_DEFAULT 100000

struct corun_slot_counters;

/**
 * struct corun_policy_slot_in - what the policy knows about one slot
 * @running: a job is resident in the slot
 * @priority: enum drm_corun_priority of the job's context
 * @qos_target: QoS target of the job in 1/1024, 0 for none
 * @warp_insns: warp instructions retired in the last epoch
 * @active_cycles: cycles with a CTA of the slot resident in the last epoch
 */
struct corun_policy_slot_in {
	u32 running;
	s32 priority;
	u32 qos_target;
	u64 warp_insns;
	u64 active_cycles;
};

/**
 * struct corun_policy_in - input of a decision
 * @num_slots: hardware slots
 * @num_sms: SMs
 * @epoch_cycles: epoch length in cycles (0 outside epochs)
 * @slot: per-slot input
 */
struct corun_policy_in {
	u32 num_slots;
	u32 num_sms;
	u64 epoch_cycles;
	struct corun_policy_slot_in slot[CORUN_POLICY_MAX_SLOTS];
};

/**
 * struct corun_policy_slot_out - decision for one slot
 * @sm_mask: SMs the slot may use (bit n of word n / 32 is SM n)
 * @cta_quota: CTAs per SM, 0 for no limit
 * @priority: hardware priority 0..15
 */
struct corun_policy_slot_out {
	u32 sm_mask[CORUN_POLICY_MASK_WORDS];
	u32 cta_quota;
	u32 priority;
};

/**
 * struct corun_policy_out - output of a decision
 * @slot: per-slot decision
 */
struct corun_policy_out {
	struct corun_policy_slot_out slot[CORUN_POLICY_MAX_SLOTS];
};

/**
 * struct corun_policy_state - private state of the active policy
 * @num_slots: hardware slots
 * @num_sms: SMs
 * @decisions: decisions taken so far
 */
struct corun_policy_state {
	u32 num_slots;
	u32 num_sms;
	u64 decisions;
};

/**
 * struct corun_policy_ops - a policy
 * @name: name as in the uapi (enum drm_corun_policy_id)
 * @id: enum drm_corun_policy_id value
 * @init: reset @st for a device with @num_slots slots and @num_sms SMs;
 *	returns 0 or a negative errno
 * @epoch: decide from @in into @out
 */
struct corun_policy_ops {
	const char *name;
	u32 id;
	int (*init)(struct corun_policy_state *st, u32 num_slots, u32 num_sms);
	void (*epoch)(struct corun_policy_state *st,
		      const struct corun_policy_in *in,
		      struct corun_policy_out *out);
};

extern const struct corun_policy_ops corun_policy_fcfs;
extern const struct corun_policy_ops corun_policy_even;

/* All built-in policies, NULL-terminated. */
extern const struct corun_policy_ops *const corun_policies[];

const struct corun_policy_ops *corun_policy_find_id(u32 id);
const struct corun_policy_ops *corun_policy_find_name(const char *name);
int corun_policy_generic_init(struct corun_policy_state *st, u32 num_slots,
			      u32 num_sms);
void corun_policy_mask_range(u32 *mask, u32 first, u32 count);

/*
 * Building a decision's input, shared by the driver and corun-sim so both
 * feed the policies the same way:
 * corun_policy_in_init() clears @in for the device (no slot running, no
 * activity); corun_policy_in_job() marks @slot running a job of a context
 * with @priority (enum drm_corun_priority) and @qos_target;
 * corun_policy_in_epoch() sets each slot's activity of the epoch from the
 * cumulative slot counters at its end (@cur) and at the previous epoch's
 * end (@prev, zeros before the first), @num_slots entries each.
 */
void corun_policy_in_init(struct corun_policy_in *in, u32 num_slots,
			  u32 num_sms, u64 epoch_cycles);
void corun_policy_in_job(struct corun_policy_in *in, u32 slot, s32 priority,
			 u32 qos_target);
void corun_policy_in_epoch(struct corun_policy_in *in,
			   const struct corun_slot_counters *cur,
			   const struct corun_slot_counters *prev,
			   u32 num_slots);

#endif /* _CORUN_POLICY_H_ */
