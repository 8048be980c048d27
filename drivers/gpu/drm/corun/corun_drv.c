// SPDX-License-Identifier: GPL-2.0
/*
 * corun: DRM driver for the corun multitasking GPU.
 *
 * This file is the PCI front end and the DRM device: it binds to the
 * corun-gpu device, checks the hardware identity and version, brings up
 * firmware, schedulers, interrupts and the policy engine, and registers a
 * render node with the ioctl table of include/uapi/drm/corun_drm.h.
 */

#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include <corun/fwif.h>

#include "corun_drv.h"

static bool lockstep;
module_param(lockstep, bool, 0444);
MODULE_PARM_DESC(lockstep, "Pause at every epoch end until acked");

static int corun_check_hw(struct corun_device *cdev)
{
	struct device *dev = &cdev->pdev->dev;
	u32 id = corun_read(cdev, CORUN_REG_ID);

	cdev->version = corun_read(cdev, CORUN_REG_VERSION);
	if (id != CORUN_ID_MAGIC) {
		dev_err(dev, "unexpected id register %#x\n", id);
		return -ENODEV;
	}
	if ((cdev->version >> 16) != CORUN_HW_VERSION_MAJOR) {
		dev_err(dev, "unsupported hardware version %u.%u\n",
			cdev->version >> 16, cdev->version & 0xffff);
		return -ENODEV;
	}

	cdev->caps = corun_read(cdev, CORUN_REG_CAPS);
	cdev->num_sms = corun_read(cdev, CORUN_REG_NUM_SMS);
	cdev->num_slots = corun_read(cdev, CORUN_REG_NUM_SLOTS);
	cdev->warp_size = corun_read(cdev, CORUN_REG_WARP_SIZE);
	cdev->config_id = corun_read(cdev, CORUN_REG_CONFIG_ID);
	cdev->sm_ctas = corun_read(cdev, CORUN_REG_SM_CTAS);
	cdev->sm_threads = corun_read(cdev, CORUN_REG_SM_THREADS);
	cdev->sm_regs = corun_read(cdev, CORUN_REG_SM_REGS);
	cdev->sm_shared = corun_read(cdev, CORUN_REG_SM_SHARED);
	cdev->clk_mhz = corun_read(cdev, CORUN_REG_CLK_SM_MHZ);
	cdev->num_channels = corun_read(cdev, CORUN_REG_NUM_CHANNELS);
	cdev->snapshot_size = corun_read(cdev, CORUN_REG_SNAPSHOT_SIZE);
	if (!cdev->num_sms || cdev->num_sms > CORUN_MAX_SMS ||
	    cdev->num_slots < CORUN_MIN_SLOTS ||
	    cdev->num_slots > CORUN_MAX_SLOTS ||
	    cdev->num_channels > CORUN_MAX_DRAM_CHANNELS) {
		dev_err(dev,
			"implausible geometry: %u SMs, %u slots, %u channels\n",
			cdev->num_sms, cdev->num_slots, cdev->num_channels);
		return -ENODEV;
	}

	dev_info(dev, "corun-gpu %u.%u: %u SMs, %u slots, warp %u, caps %#x\n",
		 cdev->version >> 16, cdev->version & 0xffff, cdev->num_sms,
		 cdev->num_slots, cdev->warp_size, cdev->caps);
	return 0;
}

/* uapi placement/coherence n (n >= 1) is device mode n - 1; 0 is DEFAULT */
static u64 corun_modes(u32 caps, u32 shift, u32 count)
{
	u64 modes = 1;
	u32 i;

	for (i = 0; i < count; i++)
		if (caps & BIT(shift + i))
			modes |= BIT_ULL(i + 1);
	return modes;
}

static int corun_ioctl_get_param(struct drm_device *drm, void *data,
				 struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct corun_file *cfile = file->driver_priv;
	struct drm_corun_get_param *args = data;
	u64 v, features = DRM_CORUN_FEATURE_EXT_SYNCS |
			  DRM_CORUN_FEATURE_JOB_COUNTERS;
	u32 i;

	if (args->pad)
		return -EINVAL;
	if (cdev->lockstep)
		features |= DRM_CORUN_FEATURE_LOCKSTEP;
	if (cdev->fw_running)
		features |= DRM_CORUN_FEATURE_FIRMWARE;
	for (i = 0; corun_policies[i]; i++)
		if (corun_policies[i]->flags & CORUN_POLICY_F_QOS)
			features |= DRM_CORUN_FEATURE_QOS;

	switch (args->param) {
	case DRM_CORUN_PARAM_ABI_VERSION:
		v = DRM_CORUN_ABI_VERSION;
		break;
	case DRM_CORUN_PARAM_DEVICE_ID:
		v = (u64)cdev->pdev->vendor << 16 | cdev->pdev->device;
		break;
	case DRM_CORUN_PARAM_DEVICE_REVISION:
		v = cdev->version;
		break;
	case DRM_CORUN_PARAM_FIRMWARE_VERSION:
		v = cdev->fw_version;
		break;
	case DRM_CORUN_PARAM_CONFIG_ID:
		v = cdev->config_id;
		break;
	case DRM_CORUN_PARAM_FEATURES:
		/* the firmware knobs it implements */
		corun_policy_get_param(cdev, args->param, &v);
		v |= features;
		break;
	case DRM_CORUN_PARAM_NUM_SMS:
		v = cdev->num_sms;
		break;
	case DRM_CORUN_PARAM_NUM_SLOTS:
		v = cdev->num_slots;
		break;
	case DRM_CORUN_PARAM_WARP_SIZE:
		v = cdev->warp_size;
		break;
	case DRM_CORUN_PARAM_SM_MAX_CTAS:
		v = cdev->sm_ctas;
		break;
	case DRM_CORUN_PARAM_SM_MAX_THREADS:
	case DRM_CORUN_PARAM_MAX_THREADS_PER_CTA:
		v = cdev->sm_threads;
		break;
	case DRM_CORUN_PARAM_SM_REGS:
		v = cdev->sm_regs;
		break;
	case DRM_CORUN_PARAM_SM_SHARED_BYTES:
		v = cdev->sm_shared;
		break;
	case DRM_CORUN_PARAM_MAX_REGS_PER_THREAD:
		v = min_t(u32, 255, cdev->sm_regs);
		break;
	case DRM_CORUN_PARAM_MAX_SHARED_PER_CTA:
		v = min_t(u32, cdev->sm_shared, CORUN_VA_SHARED_MAX);
		break;
	case DRM_CORUN_PARAM_MAX_GRID_DIM:
		v = CORUN_MAX_GRID_DIM;
		break;
	/* the platform registers (hw.h 1.1); the way masks need them */
	case DRM_CORUN_PARAM_L1_LINE_SIZE:
		v = cdev->plat.l1_line;
		break;
	case DRM_CORUN_PARAM_L1_WAYS:
		v = cdev->plat.l1_ways;
		break;
	case DRM_CORUN_PARAM_L2_LINE_SIZE:
		v = cdev->plat.llc_line;
		break;
	case DRM_CORUN_PARAM_L2_WAYS:
		v = cdev->plat.llc_ways;
		break;
	case DRM_CORUN_PARAM_L1_SIZE:
	case DRM_CORUN_PARAM_L2_SIZE:
	case DRM_CORUN_PARAM_L2_SLICES:
	case DRM_CORUN_PARAM_DRAM_BANKS:
	case DRM_CORUN_PARAM_MEM_CLOCK_KHZ:
		/* hw.h has no registers for these yet */
		v = 0;
		break;
	case DRM_CORUN_PARAM_DRAM_CHANNELS:
		v = cdev->num_channels;
		break;
	case DRM_CORUN_PARAM_CORE_CLOCK_KHZ:
		v = (u64)cdev->clk_mhz * 1000;
		break;
	case DRM_CORUN_PARAM_NUM_CPU_AGENTS:
		v = 0;
		break;
	case DRM_CORUN_PARAM_EPOCH_CYCLES:
		v = READ_ONCE(cdev->epoch_cycles);
		break;
	case DRM_CORUN_PARAM_PLACEMENT_MODES:
		v = corun_modes(cdev->caps, CORUN_CAP_PLACEMENT_SHIFT,
				CORUN_PLACE_NR);
		break;
	case DRM_CORUN_PARAM_COHERENCE_MODES:
		v = corun_modes(cdev->caps, CORUN_CAP_COHERENCE_SHIFT,
				CORUN_COH_NR);
		break;
	case DRM_CORUN_PARAM_POLICIES:
		v = 0;
		for (i = 0; corun_policies[i]; i++)
			v |= BIT_ULL(corun_policies[i]->id);
		break;
	case DRM_CORUN_PARAM_CURRENT_POLICY:
		v = corun_policy_id(cdev);
		break;
	case DRM_CORUN_PARAM_JOB_COUNTERS_SIZE:
		v = sizeof(struct drm_corun_job_counters);
		break;
	case DRM_CORUN_PARAM_VA_START:
		v = CORUN_VA_GLOBAL_BASE;
		break;
	case DRM_CORUN_PARAM_VA_END:
		v = CORUN_VA_GLOBAL_END;
		break;
	case DRM_CORUN_PARAM_PAGE_SIZE:
		v = CORUN_PAGE_SIZE;
		break;
	case DRM_CORUN_PARAM_MAX_BO_SIZE:
		v = CORUN_MAX_BO_SIZE;
		break;
	case DRM_CORUN_PARAM_MAX_BO_HANDLES:
		v = CORUN_MAX_BO_HANDLES;
		break;
	case DRM_CORUN_PARAM_MAX_SYNCS:
		v = CORUN_MAX_SYNCS;
		break;
	case DRM_CORUN_PARAM_MAX_CTXS:
		v = CORUN_MAX_CTXS;
		break;
	case DRM_CORUN_PARAM_MAX_STACK_BYTES:
		v = CORUN_STACK_MAX;
		break;
	case DRM_CORUN_PARAM_DEFAULT_STACK_BYTES:
		v = CORUN_STACK_DEFAULT;
		break;
	case DRM_CORUN_PARAM_MAX_INSN_BUDGET:
		v = CORUN_MAX_INSN_BUDGET;
		break;
	case DRM_CORUN_PARAM_DEFAULT_INSN_BUDGET:
		v = CORUN_DEFAULT_INSN_BUDGET;
		break;
	case DRM_CORUN_PARAM_JOB_HISTORY:
		v = CORUN_JOB_HISTORY;
		break;
	case DRM_CORUN_PARAM_MAX_COUNTER_JOBS:
		v = CORUN_MAX_COUNTER_JOBS;
		break;
	case DRM_CORUN_PARAM_DEVICE_RESET_COUNT:
		v = atomic_read(&cdev->reset_count);
		break;
	case DRM_CORUN_PARAM_FILE_RESET_COUNT:
		v = atomic_read(&cfile->vm->reset_count);
		break;
	default:
		if (corun_policy_get_param(cdev, args->param, &v))
			return -EINVAL;
	}
	args->value = v;
	return 0;
}

static int corun_open(struct drm_device *drm, struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct corun_file *cfile;
	int tag;

	cfile = kzalloc(sizeof(*cfile), GFP_KERNEL);
	if (!cfile)
		return -ENOMEM;
	cfile->cdev = cdev;
	cfile->vm = corun_vm_create(cdev);
	if (IS_ERR(cfile->vm)) {
		int ret = PTR_ERR(cfile->vm);

		kfree(cfile);
		return ret;
	}
	/* lowest free: files opened in the same order get the same tags */
	tag = ida_alloc_max(&cdev->as_tags, CORUN_AS_TAGS - 1, GFP_KERNEL);
	if (tag < 0) {
		corun_vm_put(cfile->vm);
		kfree(cfile);
		return tag == -ENOSPC ? -EMFILE : tag;
	}
	cfile->vm->as_tag = tag;
	xa_init_flags(&cfile->ctxs, XA_FLAGS_ALLOC1);
	xa_init(&cfile->jobs);
	mutex_init(&cfile->submit_lock);
	file->driver_priv = cfile;
	return 0;
}

static void corun_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct corun_file *cfile = file->driver_priv;

	corun_gate_open(cfile->cdev, cfile);
	corun_ctx_destroy_all(cfile);
	corun_jobs_fini(cfile);
	/*
	 * The tag is free for the next file even while jobs of this one
	 * still hold the address space: only their timing can then overlap
	 * (timing_address = va), and the numbering stays reproducible.
	 */
	ida_free(&cfile->cdev->as_tags, cfile->vm->as_tag);
	corun_vm_put(cfile->vm);
	mutex_destroy(&cfile->submit_lock);
	kfree(cfile);
}

static void corun_show_fdinfo(struct drm_printer *p, struct drm_file *file)
{
	struct corun_file *cfile = file->driver_priv;

	drm_printf(p, "drm-engine-compute:\t%llu ns\n",
		   (u64)atomic64_read(&cfile->vm->busy_ns));
	drm_show_memory_stats(p, file);
}

static const struct drm_ioctl_desc corun_ioctls[] = {
	DRM_IOCTL_DEF_DRV(CORUN_GET_PARAM, corun_ioctl_get_param,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_CREATE_BO, corun_ioctl_create_bo,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_MMAP_BO, corun_ioctl_mmap_bo, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_WAIT_BO, corun_ioctl_wait_bo, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_GET_BO_INFO, corun_ioctl_get_bo_info,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_CTX_CREATE, corun_ioctl_ctx_create,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_CTX_DESTROY, corun_ioctl_ctx_destroy,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_SUBMIT, corun_ioctl_submit, DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_QUERY_JOB, corun_ioctl_query_job,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_GET_JOB_COUNTERS, corun_ioctl_get_job_counters,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_GET_POLICY, corun_ioctl_get_policy,
			  DRM_RENDER_ALLOW),
	DRM_IOCTL_DEF_DRV(CORUN_SET_POLICY, corun_ioctl_set_policy,
			  DRM_RENDER_ALLOW),
};

static const struct file_operations corun_fops = {
	.owner = THIS_MODULE,
	DRM_GEM_FOPS,
	.show_fdinfo = drm_show_fdinfo,
};

static const struct drm_driver corun_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER | DRIVER_SYNCOBJ |
			   DRIVER_SYNCOBJ_TIMELINE,
	.open = corun_open,
	.postclose = corun_postclose,
	.ioctls = corun_ioctls,
	.num_ioctls = ARRAY_SIZE(corun_ioctls),
	.fops = &corun_fops,
	.show_fdinfo = corun_show_fdinfo,
	.gem_create_object = corun_gem_create_object,
	.gem_prime_import_sg_table = drm_gem_shmem_prime_import_sg_table,
#ifdef CONFIG_DEBUG_FS
	.debugfs_init = corun_debugfs_init,
#endif
	.name = DRIVER_NAME,
	.desc = DRIVER_DESC,
	.date = DRIVER_DATE,
	.major = DRIVER_MAJOR,
	.minor = DRIVER_MINOR,
};

static int corun_epoch_init(struct corun_device *cdev)
{
	struct device *dev = &cdev->pdev->dev;

	cdev->epoch_cycles = CORUN_DEFAULT_EPOCH_CYCLES;
	if (cdev->snapshot_size != corun_snapshot_size(cdev->num_slots,
						       cdev->num_sms,
						       cdev->num_channels)) {
		/* the policies could not read it: no epochs, no deltas */
		dev_warn(dev,
			 "snapshot size %u is not version %u's: epochs off\n",
			 cdev->snapshot_size, CORUN_SNAPSHOT_VERSION);
		cdev->snapshot_size = 0;
		return 0;
	}
	cdev->snapshot = dmam_alloc_coherent(dev, cdev->snapshot_size,
					     &cdev->snapshot_dma, GFP_KERNEL);
	if (!cdev->snapshot)
		return -ENOMEM;
	corun_write(cdev, CORUN_REG_SNAPSHOT_LO,
		    lower_32_bits(cdev->snapshot_dma));
	corun_write(cdev, CORUN_REG_SNAPSHOT_HI,
		    upper_32_bits(cdev->snapshot_dma));
	/* EPOCH_LEN is set while jobs are resident (corun_policy_sync) */
	return 0;
}

static void corun_ida_fini(struct drm_device *drm, void *ida)
{
	ida_destroy(ida);
}

static int corun_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct corun_device *cdev;
	int ret;

	BUILD_BUG_ON(PAGE_SIZE != CORUN_PAGE_SIZE);

	cdev = devm_drm_dev_alloc(&pdev->dev, &corun_drm_driver,
				  struct corun_device, drm);
	if (IS_ERR(cdev))
		return PTR_ERR(cdev);
	cdev->pdev = pdev;
	pci_set_drvdata(pdev, cdev);
	/* files may outlive the PCI device: the tags live as long as drm */
	ida_init(&cdev->as_tags);
	ret = drmm_add_action_or_reset(&cdev->drm, corun_ida_fini,
				       &cdev->as_tags);
	if (ret)
		return ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	if (pci_resource_len(pdev, CORUN_BAR_REGS) < CORUN_BAR_REGS_SIZE)
		return -ENODEV;
	cdev->regs = pcim_iomap(pdev, CORUN_BAR_REGS, CORUN_BAR_REGS_SIZE);
	if (!cdev->regs)
		return -ENOMEM;

	ret = corun_check_hw(cdev);
	if (ret)
		return ret;
	/*
	 * Start from a fresh device whatever an earlier driver instance
	 * left behind: cycle 0, cold caches, no firmware (lockstep
	 * experiments compare a fresh device with corun-sim's).
	 */
	corun_write(cdev, CORUN_REG_CONTROL, CORUN_CTRL_RESET);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	/* run the device clock; lockstep only when asked and supported */
	cdev->lockstep = lockstep && (cdev->caps & CORUN_CAP_LOCKSTEP);
	corun_write(cdev, CORUN_REG_CONTROL,
		    CORUN_CTRL_ENABLE |
			    (cdev->lockstep ? CORUN_CTRL_LOCKSTEP : 0));
	corun_write(cdev, CORUN_REG_ERROR, ~0U);

	corun_reset_init(cdev);
	ret = corun_fw_init(cdev);
	if (ret)
		goto err_disable;
	ret = corun_sched_init(cdev);
	if (ret)
		goto err_fw;
	ret = corun_policy_init(cdev);
	if (ret)
		goto err_sched;
	ret = corun_epoch_init(cdev);
	if (ret)
		goto err_sched;
	ret = corun_irq_init(cdev);
	if (ret)
		goto err_sched;
	corun_heartbeat_start(cdev);

	ret = drm_dev_register(&cdev->drm, 0);
	if (ret)
		goto err_irq;
	return 0;

err_irq:
	corun_heartbeat_stop(cdev);
	corun_irq_fini(cdev);
	corun_reset_fini(cdev);
err_sched:
	corun_write(cdev, CORUN_REG_EPOCH_LEN, 0);
	corun_sched_fini(cdev);
err_fw:
	corun_fw_fini(cdev);
err_disable:
	corun_write(cdev, CORUN_REG_CONTROL, 0);
	pci_clear_master(pdev);
	return ret;
}

static void corun_pci_remove(struct pci_dev *pdev)
{
	struct corun_device *cdev = pci_get_drvdata(pdev);

	drm_dev_unregister(&cdev->drm);
	corun_sched_drain(cdev);
	corun_write(cdev, CORUN_REG_EPOCH_LEN, 0);
	corun_heartbeat_stop(cdev);
	corun_irq_fini(cdev);
	corun_reset_fini(cdev);
	corun_sched_fini(cdev);
	corun_sched_account(cdev);
	corun_fw_fini(cdev);
	corun_write(cdev, CORUN_REG_CONTROL, 0);
	pci_clear_master(pdev);
}

static const struct pci_device_id corun_pci_ids[] = {
	{ PCI_DEVICE(CORUN_PCI_VENDOR_ID, CORUN_PCI_DEVICE_ID) }, {}
};
MODULE_DEVICE_TABLE(pci, corun_pci_ids);

static struct pci_driver corun_pci_driver = {
	.name = DRIVER_NAME,
	.id_table = corun_pci_ids,
	.probe = corun_pci_probe,
	.remove = corun_pci_remove,
	.dev_groups = corun_attr_groups,
};
module_pci_driver(corun_pci_driver);

MODULE_DESCRIPTION(DRIVER_DESC);
MODULE_LICENSE("GPL");
MODULE_FIRMWARE(CORUN_FW_NAME);
