// SPDX-License-Identifier: GPL-2.0
/*
 * corun: debugfs. "regs" dumps the global and per-slot registers,
 * "slots" the per-slot allocation (SM mask, CTA quota, resident job) and
 * the active policy. "inject_stall" (fault injection, 0/1) programs empty
 * SM masks from the next policy decision on, so that jobs stop making
 * progress: it exercises the hang watchdog and the slot reset.
 */

#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>

#include "corun_drv.h"

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
		seq_printf(m, " cta_quota %u job %llu\n", slot->cta_quota,
			   job_id);
	}
	mutex_unlock(&cdev->policy_lock);
	return 0;
}

static const struct drm_debugfs_info corun_debugfs_list[] = {
	{ "regs", corun_debugfs_regs, 0 },
	{ "slots", corun_debugfs_slots, 0 },
};

void corun_debugfs_init(struct drm_minor *minor)
{
	struct corun_device *cdev = to_corun_dev(minor->dev);

	debugfs_create_bool("inject_stall", 0600, minor->debugfs_root,
			    &cdev->inject_stall);
	drm_debugfs_add_files(minor->dev, corun_debugfs_list,
			      ARRAY_SIZE(corun_debugfs_list));
}
