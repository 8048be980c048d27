/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * simpolicy: the driver's policy engine (drivers/gpu/drm/corun/policy/) on
 * a simhost device, driven the way corun.ko drives it: the platform from
 * the capability registers, a decision at every job start (before the job
 * is queued), job end and epoch snapshot, applied through the slot
 * registers and the firmware mailbox of the same device code, epochs only
 * while a job is resident, and one record per changed slot (the fields of
 * the corun_policy_decision tracepoint).
 */
#ifndef _CORUN_TOOLS_SIM_SIMPOLICY_H_
#define _CORUN_TOOLS_SIM_SIMPOLICY_H_

#include <stddef.h>
#include <stdio.h>

#include <policy/policy.h>

struct sim_dev;
struct sim_policy;
struct json;

/* sim_policy_create() flags */
#define SIM_POLICY_TRACE 0x1u /* keep every decision's record */
#define SIM_POLICY_NO_CTXSW 0x2u /* as a device without CORUN_CAP_CTXSW */

/*
 * Select @ops on @dev (INIT decision) with epochs of @epoch_cycles while a
 * job is resident; @flags: SIM_POLICY_*. @pins (one per slot of the
 * device, or NULL) are register settings the host imposes over the
 * policy's (a mix file's). @params: the policy's knob values
 * (corun_policy_params()), NULL for its defaults. NULL with err set if the policy cannot run on
 * the device or memory runs out.
 */
struct sim_policy *sim_policy_create(struct sim_dev *dev,
				     const struct corun_policy_ops *ops,
				     const struct corun_policy_pin *pins,
				     uint32_t epoch_cycles, unsigned int flags,
				     const uint32_t *params, char *err,
				     size_t len);
void sim_policy_destroy(struct sim_policy *sp);
/* "drain" or "switch" (enum corun_reclaim) */
const char *sim_reclaim_name(uint32_t reclaim);
/* CTA-cycles a slot's context switches took: waiting, saving, restoring */
uint64_t sim_ctxsw_cycles(const struct corun_slot_ctxsw_counters *c);
/* "none", "compute", "memory" or "whitebox" (corun_policy_slot_out.np_class) */
const char *sim_np_class_name(uint32_t np_class);
/*
 * The administrator's firmware settings (what SET_POLICY's firmware knobs
 * set in the driver): -EINVAL with err set if the firmware refuses them.
 */
int sim_policy_static_fw(struct sim_policy *sp,
			 const struct corun_policy_fw *fw, char *err,
			 size_t len);

/* The events. Each returns 0, or -EIO with err set if the device refused
 * what the policy decided (a register or a firmware parameter). */
int sim_policy_job_start(struct sim_policy *sp, unsigned int slot,
			 const struct corun_job_desc *d, s32 priority,
			 char *err, size_t len);
int sim_policy_job_end(struct sim_policy *sp, unsigned int slot, char *err,
		       size_t len);
int sim_policy_epoch(struct sim_policy *sp, char *err, size_t len);

const struct corun_policy_engine *sim_policy_engine(const struct sim_policy *sp);
/* CORUN_FW_FEAT_* of the device's firmware, 0 without firmware. */
uint32_t sim_policy_fw_features(const struct sim_policy *sp);
uint64_t sim_policy_epochs(const struct sim_policy *sp);
/*
 * The GPU cycle (emu_gpu_cycle()) of the last snapshot the engine took,
 * 0 before the first: its in.cycle is the device clock, which also counts
 * the cycles the firmware ran while the GPU waited.
 */
uint64_t sim_policy_epoch_gpu_cycle(const struct sim_policy *sp);
size_t sim_policy_records(const struct sim_policy *sp,
			  const struct corun_policy_record **r);

/* A record as text (one line) and as a JSON object. */
void sim_policy_record_text(FILE *f, const struct corun_policy_record *r);
void sim_policy_record_json(struct json *js, const struct corun_policy_record *r);
const char *sim_policy_event_name(uint32_t event);

/*
 * Every driver policy with its description, and the firmware policies,
 * settings and parameters of the firmware @dev booted (corun-sim
 * --policies).
 */
void sim_policy_list(FILE *f, struct sim_dev *dev);

#endif /* _CORUN_TOOLS_SIM_SIMPOLICY_H_ */
