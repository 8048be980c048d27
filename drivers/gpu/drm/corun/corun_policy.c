// SPDX-License-Identifier: GPL-2.0
/*
 * corun: the policy engine's glue. The engine (policy/policy.h) builds
 * each decision's input from job starts, job ends and epoch snapshots,
 * asks the active policy and applies what changed through the slot
 * registers and the firmware mailbox, firing corun_policy_decision for
 * every slot it changed. The active policy is a device-wide setting,
 * chosen through the admin SET_POLICY ioctl or the "policy" sysfs
 * attribute of the PCI device, and reported by GET_POLICY, sysfs, debugfs
 * and the tracepoint (the ioctls are in corun_policy_ioctl.c).
 */

#include <linux/capability.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include <corun/fwif.h>

#include "corun_drv.h"
#include "corun_trace.h"

/* The engine's side of the hardware (struct corun_policy_hw). */
static void corun_policy_write_reg(void *ctx, u32 off, u32 val)
{
	corun_write(ctx, off, val);
}

static int corun_policy_fw_get(void *ctx, u32 param, u32 *val)
{
	return corun_fw_mbox_send(ctx, CORUN_FW_CMD_GET_PARAM, &param, 1, val,
				  1);
}

static int corun_policy_fw_params(void *ctx, const u32 *pairs, u32 n)
{
	return corun_fw_set_params(ctx, pairs, n);
}

static u64 corun_policy_cycle(void *ctx)
{
	u32 lo = corun_read(ctx, CORUN_REG_CYCLE_LO);

	/* reading CYCLE_LO latched CYCLE_HI */
	return (u64)corun_read(ctx, CORUN_REG_CYCLE_HI) << 32 | lo;
}

static void corun_policy_trace(void *ctx, const struct corun_policy_record *r)
{
	struct corun_device *cdev = ctx;

	trace_corun_policy_decision(r, cdev->eng->ops->name);
}

/* QUERY_JOB reports the SM mask last programmed for the job's slot. */
static void corun_slot_note_mask(struct corun_slot *slot)
{
	struct corun_job_rec *rec;
	unsigned long flags;

	spin_lock_irqsave(&slot->lock, flags);
	rec = slot->active ? slot->active->rec : NULL;
	if (rec) {
		spin_lock(&rec->lock);
		rec->q.sm_mask[0] = slot->sm_mask[0] | (u64)slot->sm_mask[1]
							       << 32;
		rec->q.sm_mask[1] = slot->sm_mask[2] | (u64)slot->sm_mask[3]
							       << 32;
		spin_unlock(&rec->lock);
	}
	spin_unlock_irqrestore(&slot->lock, flags);
}

/* The job resident in @slot belongs to the DRM file @client. */
static bool corun_slot_runs_client(struct corun_slot *slot, u64 client)
{
	unsigned long flags;
	bool ret;

	spin_lock_irqsave(&slot->lock, flags);
	ret = slot->active &&
	      slot->active->base.s_fence->drm_client_id == client;
	spin_unlock_irqrestore(&slot->lock, flags);
	return ret;
}

/*
 * Before a decision (policy_lock held): debugfs's inject_stall pins every
 * SM mask empty, so resident jobs stop making progress and the watchdog
 * fires; inject_stall_client does so for the slots running a job of one
 * DRM file.
 */
static void corun_policy_pins(struct corun_device *cdev)
{
	bool stall_all = READ_ONCE(cdev->inject_stall);
	u64 client = READ_ONCE(cdev->inject_stall_client);
	u32 s;

	for (s = 0; s < cdev->num_slots; s++) {
		struct corun_policy_pin *pin = &cdev->eng->pin[s];
		bool stall = stall_all ||
			     (client &&
			      corun_slot_runs_client(&cdev->slots[s], client));

		pin->set = stall ? CORUN_POLICY_CH_SM_MASK : 0;
		memset(pin->v.sm_mask, 0, sizeof(pin->v.sm_mask));
	}
}

/*
 * After a decision (policy_lock held): mirror what is in force for
 * QUERY_JOB and debugfs, run epochs only while a job is resident (an
 * idle device would otherwise interrupt at every epoch, at a very high
 * rate in lockstep mode), and restart the epoch timer when the policy
 * asks (writing EPOCH_LEN restarts it).
 */
static void corun_policy_sync(struct corun_device *cdev)
{
	bool busy = corun_policy_running(cdev->eng);
	u32 s, len;

	for (s = 0; s < cdev->num_slots; s++) {
		struct corun_slot *slot = &cdev->slots[s];
		const struct corun_policy_slot_out *o = &cdev->eng->out.slot[s];

		memcpy(slot->sm_mask, o->sm_mask, sizeof(slot->sm_mask));
		slot->cta_quota = o->cta_quota;
		corun_slot_note_mask(slot);
	}
	if (!cdev->snapshot_size)
		return;
	if (busy != cdev->epochs_on) {
		cdev->epochs_on = busy;
		corun_write(cdev, CORUN_REG_EPOCH_LEN,
			    busy ? cdev->epoch_cycles : 0);
	}
	/* a job start or end ended the epoch (CORUN_POLICY_F_EPOCH_RESTART) */
	if (corun_policy_epoch_restart(cdev->eng, cdev->epoch_cycles, &len) &&
	    busy)
		corun_write(cdev, CORUN_REG_EPOCH_LEN, len);
}

u32 corun_policy_id(struct corun_device *cdev)
{
	u32 id;

	mutex_lock(&cdev->policy_lock);
	id = cdev->eng->ops->id;
	mutex_unlock(&cdev->policy_lock);
	return id;
}

void corun_policy_on_job_start(struct corun_device *cdev, u32 slot,
			       const struct corun_job *job)
{
	struct corun_job_desc d = job->desc;

	/* the seqno the device reports the job by, in snapshots too */
	d.seqno = job->hw_seqno;
	mutex_lock(&cdev->policy_lock);
	corun_policy_pins(cdev);
	corun_policy_job_start(cdev->eng, slot, &d, job->ctx->priority);
	corun_policy_sync(cdev);
	mutex_unlock(&cdev->policy_lock);
}

u64 corun_policy_on_job_end(struct corun_device *cdev, u32 slot)
{
	u64 est;

	mutex_lock(&cdev->policy_lock);
	corun_policy_pins(cdev);
	corun_policy_job_end(cdev->eng, slot);
	/* the policy's estimate of the ended job's alone cycles, or 0 */
	est = cdev->eng->out.slot[slot].est_alone_cycles;
	corun_policy_sync(cdev);
	mutex_unlock(&cdev->policy_lock);
	return est;
}

/* Called from the threaded epoch interrupt. */
void corun_policy_on_epoch(struct corun_device *cdev)
{
	const struct corun_snapshot_header *h = cdev->snapshot;
	u32 seq = corun_read(cdev, CORUN_REG_EPOCH_SEQ);

	mutex_lock(&cdev->policy_lock);
	corun_policy_pins(cdev);
	if (h && !corun_policy_snapshot(cdev->eng, h, cdev->snapshot_size))
		trace_corun_epoch(seq, h->cycle, h->epoch_cycles);
	corun_policy_sync(cdev);
	cdev->epoch_seq = seq;
	mutex_unlock(&cdev->policy_lock);
	/* lockstep: let the device run the next epoch */
	corun_write(cdev, CORUN_REG_EPOCH_ACK, seq);
}

/*
 * SET_POLICY's settings, all or nothing: the administrator's firmware
 * settings @fw (NULL keeps them), then @ops selected with the knob values
 * @params (NULL: its defaults; its INIT decision),
 * @epoch_cycles (0 keeps it) and, with @gate, the start gate armed for
 * @gate_jobs jobs of that file. On an error what was applied is put back:
 * the previous policy (restarted) and firmware settings.
 */
int corun_policy_apply(struct corun_device *cdev,
		       const struct corun_policy_ops *ops, u32 epoch_cycles,
		       const u32 *params, const struct corun_policy_fw *fw,
		       struct corun_file *gate, u32 gate_jobs)
{
	struct corun_policy_engine *eng = cdev->eng;
	const struct corun_policy_ops *old_ops;
	struct corun_policy_fw *old_fw = NULL;
	u32 old_params[CORUN_POLICY_MAX_PARAMS];
	int ret;

	if (fw) {
		old_fw = kmalloc(sizeof(*old_fw), GFP_KERNEL);
		if (!old_fw)
			return -ENOMEM;
	}
	mutex_lock(&cdev->policy_lock);
	/* refuse what cannot be armed before anything changes */
	ret = gate ? corun_gate_check(cdev, gate) : 0;
	if (ret)
		goto out;
	corun_policy_pins(cdev);
	old_ops = eng->ops;
	memcpy(old_params, eng->in.params, sizeof(old_params));
	if (fw) {
		*old_fw = eng->fw_static;
		ret = corun_policy_set_static_fw(eng, fw);
		if (ret)
			goto out_sync;
	}
	ret = corun_policy_select_params(eng, ops, params);
	if (ret)
		goto out_fw;
	ret = gate ? corun_gate_arm(cdev, gate, gate_jobs) : 0;
	if (ret) {
		/* a job reached a slot meanwhile: put everything back */
		corun_policy_select_params(eng, old_ops, old_params);
		goto out_fw;
	}
	if (epoch_cycles) {
		cdev->epoch_cycles = epoch_cycles;
		if (cdev->epochs_on)
			corun_write(cdev, CORUN_REG_EPOCH_LEN, epoch_cycles);
	}
	goto out_sync;

out_fw:
	if (fw && corun_policy_set_static_fw(eng, old_fw))
		drm_err(&cdev->drm,
			"firmware refused its previous settings back\n");
out_sync:
	corun_policy_sync(cdev);
out:
	mutex_unlock(&cdev->policy_lock);
	kfree(old_fw);
	return ret;
}

int corun_policy_set(struct corun_device *cdev, u32 id, u32 epoch_cycles)
{
	const struct corun_policy_ops *ops = corun_policy_find_id(id);

	if (!ops)
		return -EOPNOTSUPP;
	return corun_policy_apply(cdev, ops, epoch_cycles, NULL, NULL, NULL, 0);
}

static u32 corun_policy_read_reg(void *ctx, u32 off)
{
	return corun_read(ctx, off);
}

static void corun_policy_free(struct drm_device *drm, void *eng)
{
	kvfree(eng);
}

int corun_policy_init(struct corun_device *cdev)
{
	const struct corun_policy_hw hw = {
		.ctx = cdev,
		.write_reg = corun_policy_write_reg,
		.fw_params = cdev->fw_running ? corun_policy_fw_params : NULL,
		.fw_get = cdev->fw_running ? corun_policy_fw_get : NULL,
		.trace = corun_policy_trace,
		.cycle = corun_policy_cycle,
	};

	int ret;

	mutex_init(&cdev->policy_lock);
	/*
	 * Tens of KiB (the counters of every SM and channel per slot), and
	 * open files may still read the policy after the device is gone:
	 * it lives as long as the DRM device.
	 */
	cdev->eng = kvzalloc(sizeof(*cdev->eng), GFP_KERNEL);
	if (!cdev->eng)
		return -ENOMEM;
	ret = drmm_add_action_or_reset(&cdev->drm, corun_policy_free,
				       cdev->eng);
	if (ret)
		return ret;
	corun_policy_platform_read(&cdev->plat, corun_policy_read_reg, cdev);
	cdev->plat.fw_features = cdev->fw_running ? cdev->fw_features : 0;
	corun_policy_engine_init(cdev->eng, &cdev->plat, &hw);
	return corun_policy_set(cdev, DRM_CORUN_POLICY_FCFS, 0);
}

static ssize_t policy_show(struct device *dev, struct device_attribute *attr,
			   char *buf)
{
	struct corun_device *cdev = dev_get_drvdata(dev);
	ssize_t n;

	mutex_lock(&cdev->policy_lock);
	n = sysfs_emit(buf, "%s\n", cdev->eng->ops->name);
	mutex_unlock(&cdev->policy_lock);
	return n;
}

static ssize_t policy_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct corun_device *cdev = dev_get_drvdata(dev);
	const struct corun_policy_ops *ops;
	char name[DRM_CORUN_POLICY_NAME_LEN];
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EACCES;
	if (strscpy(name, buf, sizeof(name)) < 0)
		return -EINVAL;
	strim(name);
	ops = corun_policy_find_name(strim(name));
	if (!ops)
		return -ENOENT;
	ret = corun_policy_set(cdev, ops->id, 0);
	return ret ? ret : count;
}
static DEVICE_ATTR_RW(policy);

static struct attribute *corun_attrs[] = {
	&dev_attr_policy.attr,
	NULL,
};

static const struct attribute_group corun_attr_group = {
	.attrs = corun_attrs,
};

const struct attribute_group *corun_attr_groups[] = {
	&corun_attr_group,
	NULL,
};
