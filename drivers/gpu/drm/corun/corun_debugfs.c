// SPDX-License-Identifier: GPL-2.0
/*
 * corun: debugfs. "regs" dumps the global and per-slot registers,
 * "slots" the per-slot allocation (SM mask, CTA quota, resident job) and
 * the active policy. "firmware" shows the firmware, its interrupt and
 * mailbox figures, and every firmware parameter twice: as the policy
 * engine has it applied and as the firmware answers GET_PARAM now, so a
 * test can see a setting reach the firmware. "inject_stall" (fault
 * injection, 0/1) programs empty SM masks from the next policy decision
 * on, so that jobs stop making progress: it exercises the hang watchdog
 * and the slot reset; "inject_stall_client" (a DRM client id, 0 for none)
 * does the same to the jobs of that one file only, so that a test can
 * hang one context while others run. "inject_fw_refuse" (0/1) has the firmware refuse the
 * next request of parameters: it exercises SET_POLICY's all-or-nothing
 * path when earlier requests of the same settings were applied.
 * "inject_fw" (write 1 or 2) replaces the running firmware with one that
 * crashes (1) or hangs (2) (corun_reset.c), "inject_device_reset" (write
 * 1) resets the whole device now, "inject_slot_reset_fail" (0/1) takes the
 * next slot reset as failed (so the device is reset as a whole), and
 * "inject_dma_client" (a DRM client id) points the page tables of that
 * file's next job outside guest memory. "recovery" shows the counts of
 * firmware reloads, device resets and jobs, the heartbeat check's period
 * and the hangs it found, failed mailbox requests, and the liveness
 * registers.
 */

#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>

#include <corun/fwif.h>

#include "corun_drv.h"
#include "policy/fwknobs.h"

static u32 corun_sreg(struct corun_device *cdev, u32 slot, u32 reg)
{
	return corun_read(cdev, CORUN_REG_SLOT(slot, reg));
}

static int corun_debugfs_regs(struct seq_file *m, void *unused)
{
	struct drm_debugfs_entry *entry = m->private;
	struct corun_device *cdev = to_corun_dev(entry->dev);
	static const struct {
		const char *name;
		u32 reg;
	} regs[] = {
		{ "ID", CORUN_REG_ID },
		{ "VERSION", CORUN_REG_VERSION },
		{ "CAPS", CORUN_REG_CAPS },
		{ "CONTROL", CORUN_REG_CONTROL },
		{ "STATUS", CORUN_REG_STATUS },
		{ "ERROR", CORUN_REG_ERROR },
		{ "IRQ_STATUS", CORUN_REG_IRQ_STATUS },
		{ "IRQ_MASK", CORUN_REG_IRQ_MASK },
		{ "CYCLE_LO", CORUN_REG_CYCLE_LO },
		{ "EPOCH_LEN", CORUN_REG_EPOCH_LEN },
		{ "EPOCH_SEQ", CORUN_REG_EPOCH_SEQ },
		{ "FW_STATUS", CORUN_REG_FW_STATUS },
		{ "FW_VERSION", CORUN_REG_FW_VERSION },
	};
	u32 i, s;

	for (i = 0; i < ARRAY_SIZE(regs); i++)
		seq_printf(m, "%-12s %#010x\n", regs[i].name,
			   corun_read(cdev, regs[i].reg));
	for (s = 0; s < cdev->num_slots; s++) {
		seq_printf(m, "slot%-2u head %u status %u ctrl %#x", s,
			   corun_sreg(cdev, s, CORUN_SLOT_RING_HEAD),
			   corun_sreg(cdev, s, CORUN_SLOT_STATUS),
			   corun_sreg(cdev, s, CORUN_SLOT_CTRL));
		seq_printf(m, " done %u progress %u\n",
			   corun_sreg(cdev, s, CORUN_SLOT_DONE_LO),
			   corun_sreg(cdev, s, CORUN_SLOT_PROGRESS));
	}
	return 0;
}

static int corun_debugfs_slots(struct seq_file *m, void *unused)
{
	struct drm_debugfs_entry *entry = m->private;
	struct corun_device *cdev = to_corun_dev(entry->dev);
	u32 s;

	mutex_lock(&cdev->policy_lock);
	seq_printf(m,
		   "policy %s epoch_cycles %u decisions %llu fw_errors %llu\n",
		   cdev->eng->ops->name, cdev->epoch_cycles,
		   cdev->eng->decisions, cdev->eng->fw_errors);
	for (s = 0; s < cdev->num_slots; s++) {
		struct corun_slot *slot = &cdev->slots[s];
		unsigned long flags;
		u64 job_id = 0;

		spin_lock_irqsave(&slot->lock, flags);
		if (slot->active)
			job_id = slot->active->job_id;
		spin_unlock_irqrestore(&slot->lock, flags);
		seq_printf(m, "slot%-2u sm_mask %08x:%08x:%08x:%08x", s,
			   slot->sm_mask[3], slot->sm_mask[2], slot->sm_mask[1],
			   slot->sm_mask[0]);
		seq_printf(m, " cta_quota %u job %llu", slot->cta_quota,
			   job_id);
		/* context switches up to the last epoch snapshot */
		seq_printf(m, " preempts %llu restores %llu\n",
			   cdev->eng->prev.cs[s].preempts,
			   cdev->eng->prev.cs[s].restores);
	}
	mutex_unlock(&cdev->policy_lock);
	return 0;
}

/* The firmware's value of @param now, or -1 when it cannot say. */
static s64 corun_fw_live(struct corun_device *cdev, u32 param)
{
	u32 v;

	if (corun_fw_mbox_send(cdev, CORUN_FW_CMD_GET_PARAM, &param, 1, &v, 1))
		return -1;
	return v;
}

static void corun_fw_show(struct seq_file *m, struct corun_device *cdev,
			  const char *name, s32 slot, u32 param, u32 applied)
{
	s64 live = cdev->fw_running ? corun_fw_live(cdev, param) : -1;

	if (slot >= 0)
		seq_printf(m, "slot %d %s %#x ", slot, name, applied);
	else
		seq_printf(m, "global %s %#x ", name, applied);
	if (live < 0)
		seq_puts(m, "-\n");
	else
		seq_printf(m, "%#llx\n", live);
}

static int corun_debugfs_firmware(struct seq_file *m, void *unused)
{
	struct drm_debugfs_entry *entry = m->private;
	struct corun_device *cdev = to_corun_dev(entry->dev);
	const struct corun_policy_engine *eng = cdev->eng;
	const struct corun_policy_fw *fw = &eng->applied_fw;
	static const struct {
		const char *name;
		u32 param;
		u32 off;
	} g[] = {
		{ "irc_enable", CORUN_FW_P_IRC_ENABLE,
		  offsetof(struct corun_policy_fw_global, irc_enable) },
		{ "llc_policy", CORUN_FW_P_LLC_POLICY,
		  offsetof(struct corun_policy_fw_global, llc_policy) },
		{ "llc_prob", CORUN_FW_P_LLC_PROB,
		  offsetof(struct corun_policy_fw_global, llc_prob) },
		{ "vcp_mode", CORUN_FW_P_VCP_MODE,
		  offsetof(struct corun_policy_fw_global, vcp_mode) },
		{ "dram_policy", CORUN_FW_P_DRAM_POLICY,
		  offsetof(struct corun_policy_fw_global, dram_policy) },
		{ "l1_mode", CORUN_FW_P_L1_MODE,
		  offsetof(struct corun_policy_fw_global, l1_mode) },
	};
	u32 i, id, s, param;

	seq_printf(m, "firmware %s version %#llx features %#x\n",
		   cdev->fw_running ? "running" : "none", cdev->fw_version,
		   cdev->fw_features);
	seq_printf(m, "interrupts %s vectors %d\n",
		   cdev->irq_mode ? cdev->irq_mode : "none", cdev->nvec);
	mutex_lock(&cdev->policy_lock);
	mutex_lock(&cdev->mbox_lock);
	seq_printf(m, "mailbox requests %llu irqs %lld polled %llu",
		   cdev->mbox_stats.requests,
		   (s64)atomic64_read(&cdev->mbox_stats.irqs),
		   cdev->mbox_stats.polled);
	seq_printf(m, " late %llu failed %llu refused %llu\n",
		   cdev->mbox_stats.late, cdev->mbox_stats.failed,
		   cdev->mbox_stats.refused);
	mutex_unlock(&cdev->mbox_lock);
	seq_printf(m, "engine fw_errors %llu last_error %d lost %llu\n",
		   eng->fw_errors, eng->fw_error, eng->fw_lost);
	/* name, slot, applied (the engine's), live (the firmware's) */
	for (i = 0; i < ARRAY_SIZE(g); i++)
		corun_fw_show(m, cdev, g[i].name, -1, g[i].param,
			      *(const u32 *)((const u8 *)&fw->g + g[i].off));
	/* the memory-side mechanisms' tunables (llc_prob is above) */
	for (id = DRM_CORUN_FW_PARAM_MIL_HIGH; id < CORUN_FWP_NR; id++)
		corun_fw_show(m, cdev, corun_fwp[id].name, -1, corun_fwp[id].fw,
			      corun_fwp_get(fw, id, 0));
	for (s = 0; s < cdev->num_slots; s++)
		for (id = 1; id < CORUN_FWP_NR; id++) {
			if (!corun_fwp[id].per_slot)
				continue;
			param = CORUN_FW_PARAM_SLOT(corun_fwp[id].fw, s);
			corun_fw_show(m, cdev, corun_fwp[id].name, s, param,
				      corun_fwp_get(fw, id, s));
		}
	mutex_unlock(&cdev->policy_lock);
	return 0;
}

static int corun_debugfs_recovery(struct seq_file *m, void *unused)
{
	struct drm_debugfs_entry *entry = m->private;
	struct corun_device *cdev = to_corun_dev(entry->dev);

	seq_printf(m,
		   "fw_running %d fw_lost %d fw_reloads %d device_resets %d\n",
		   cdev->fw_running, READ_ONCE(cdev->fw_lost),
		   atomic_read(&cdev->fw_reloads),
		   atomic_read(&cdev->device_resets));
	seq_printf(m, "heartbeat_ms %u heartbeat_hangs %d mbox_failed %llu\n",
		   cdev->heartbeat_ms, atomic_read(&cdev->heartbeat_hangs),
		   READ_ONCE(cdev->mbox_stats.failed));
	seq_printf(m, "fw_heartbeat %u fw_insns %u\n",
		   corun_read(cdev, CORUN_REG_FW_HEARTBEAT),
		   corun_read(cdev, CORUN_REG_FW_INSNS));
	seq_printf(m,
		   "jobs %lld done %lld faulted %lld cancelled %lld live %d\n",
		   (s64)atomic64_read(&cdev->jobs_submitted),
		   (s64)atomic64_read(&cdev->jobs_ended[0]),
		   (s64)atomic64_read(&cdev->jobs_ended[1]),
		   (s64)atomic64_read(&cdev->jobs_ended[2]),
		   atomic_read(&cdev->jobs_live));
	return 0;
}

static int corun_inject_fw_set(void *data, u64 val)
{
	return corun_inject_fw(data, val);
}
DEFINE_DEBUGFS_ATTRIBUTE(corun_inject_fw_fops, NULL, corun_inject_fw_set,
			 "%llu\n");

static int corun_inject_reset_set(void *data, u64 val)
{
	struct corun_device *cdev = data;

	if (val != 1)
		return -EINVAL;
	mutex_lock(&cdev->reset_lock);
	corun_device_reset(cdev, "requested through debugfs");
	mutex_unlock(&cdev->reset_lock);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(corun_inject_reset_fops, NULL, corun_inject_reset_set,
			 "%llu\n");

static const struct drm_debugfs_info corun_debugfs_list[] = {
	{ "recovery", corun_debugfs_recovery, 0 },
	{ "regs", corun_debugfs_regs, 0 },
	{ "slots", corun_debugfs_slots, 0 },
	{ "firmware", corun_debugfs_firmware, 0 },
};

void corun_debugfs_init(struct drm_minor *minor)
{
	struct corun_device *cdev = to_corun_dev(minor->dev);

	debugfs_create_bool("inject_stall", 0600, minor->debugfs_root,
			    &cdev->inject_stall);
	debugfs_create_u64("inject_stall_client", 0600, minor->debugfs_root,
			   &cdev->inject_stall_client);
	debugfs_create_bool("inject_fw_refuse", 0600, minor->debugfs_root,
			    &cdev->inject_fw_refuse);
	debugfs_create_file("inject_fw", 0200, minor->debugfs_root, cdev,
			    &corun_inject_fw_fops);
	debugfs_create_file("inject_device_reset", 0200, minor->debugfs_root,
			    cdev, &corun_inject_reset_fops);
	debugfs_create_bool("inject_slot_reset_fail", 0600, minor->debugfs_root,
			    &cdev->inject_slot_reset_fail);
	debugfs_create_u64("inject_dma_client", 0600, minor->debugfs_root,
			   &cdev->inject_dma_client);
	drm_debugfs_add_files(minor->dev, corun_debugfs_list,
			      ARRAY_SIZE(corun_debugfs_list));
}
