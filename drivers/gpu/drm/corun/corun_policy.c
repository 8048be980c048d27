// SPDX-License-Identifier: GPL-2.0
/*
 * corun: policy selection. The active policy is a device-wide setting,
 * chosen through the admin SET_POLICY ioctl or the "policy" sysfs
 * attribute of the PCI device, and reported by GET_POLICY, sysfs, debugfs
 * and the corun_policy_decision tracepoint.
 */

#include <linux/capability.h>
#include <linux/device.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "corun_drv.h"

int corun_policy_set(struct corun_device *cdev, u32 id, u32 epoch_cycles)
{
	const struct corun_policy_ops *ops = corun_policy_find_id(id);
	int ret;

	if (!ops)
		return -EOPNOTSUPP;
	mutex_lock(&cdev->policy_lock);
	ret = ops->init(&cdev->policy_state, cdev->num_slots, cdev->num_sms);
	if (!ret) {
		cdev->policy = ops;
		if (epoch_cycles) {
			cdev->epoch_cycles = epoch_cycles;
			if (cdev->epochs_on)
				corun_write(cdev, CORUN_REG_EPOCH_LEN,
					    epoch_cycles);
		}
	}
	mutex_unlock(&cdev->policy_lock);
	if (!ret)
		corun_slots_program(cdev);
	return ret;
}

int corun_policy_init(struct corun_device *cdev)
{
	mutex_init(&cdev->policy_lock);
	cdev->policy = &corun_policy_fcfs;
	return corun_policy_set(cdev, DRM_CORUN_POLICY_FCFS, 0);
}

int corun_ioctl_get_policy(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct drm_corun_policy *args = data;
	u32 i;

	if (args->flags || args->start_gate || args->pad)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(args->reserved); i++)
		if (args->reserved[i])
			return -EINVAL;

	mutex_lock(&cdev->policy_lock);
	args->policy = cdev->policy->id;
	memset(args->name, 0, sizeof(args->name));
	strscpy(args->name, cdev->policy->name, sizeof(args->name));
	args->epoch_cycles = cdev->epoch_cycles;
	args->start_gate = cdev->gate_wait;
	mutex_unlock(&cdev->policy_lock);
	/* no firmware knobs yet: the device behaves as the baselines */
	args->irc = DRM_CORUN_IRC_OFF;
	args->llc = DRM_CORUN_LLC_LRU;
	args->vcp = DRM_CORUN_VCP_SHARED;
	args->dram = DRM_CORUN_DRAM_FRFCFS;
	args->l1 = DRM_CORUN_L1_SHARED;
	return 0;
}

int corun_ioctl_set_policy(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct drm_corun_policy *args = data;
	const struct corun_policy_ops *ops;
	u32 i, id = args->policy;
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EACCES;
	if (args->flags & ~DRM_CORUN_POLICY_F_START_GATE || args->pad)
		return -EINVAL;
	if (!(args->flags & DRM_CORUN_POLICY_F_START_GATE) && args->start_gate)
		return -EINVAL;
	if (args->start_gate > cdev->num_slots)
		return -ERANGE;
	for (i = 0; i < ARRAY_SIZE(args->reserved); i++)
		if (args->reserved[i])
			return -EINVAL;
	if (id > DRM_CORUN_POLICY_SERIAL && id != DRM_CORUN_POLICY_BY_NAME)
		return -EINVAL;
	if (args->irc > DRM_CORUN_IRC_ON ||
	    args->llc > DRM_CORUN_LLC_WAY_PARTITION ||
	    args->vcp > DRM_CORUN_VCP_CPU_PRIORITY ||
	    args->dram > DRM_CORUN_DRAM_CPU_PRIORITY ||
	    args->l1 > DRM_CORUN_L1_BYPASS)
		return -EINVAL;
	if (strnlen(args->name, sizeof(args->name)) == sizeof(args->name))
		return -EINVAL;
	if (id != DRM_CORUN_POLICY_BY_NAME)
		for (i = 0; i < sizeof(args->name); i++)
			if (args->name[i])
				return -EINVAL;
	if (args->epoch_cycles &&
	    (args->epoch_cycles < DRM_CORUN_EPOCH_CYCLES_MIN ||
	     args->epoch_cycles > DRM_CORUN_EPOCH_CYCLES_MAX))
		return -ERANGE;

	if (id == DRM_CORUN_POLICY_BY_NAME) {
		ops = corun_policy_find_name(args->name);
		if (!ops)
			return -ENOENT;
		id = ops->id;
	}
	/* firmware knobs are not supported yet */
	if (args->irc || args->llc || args->vcp || args->dram || args->l1)
		return -EOPNOTSUPP;
	ret = corun_policy_set(cdev, id, args->epoch_cycles);
	if (ret || !(args->flags & DRM_CORUN_POLICY_F_START_GATE))
		return ret;
	if (!args->start_gate) {
		corun_gate_open(cdev, NULL);
		return 0;
	}
	mutex_lock(&cdev->policy_lock);
	ret = corun_gate_arm(cdev, file->driver_priv, args->start_gate);
	mutex_unlock(&cdev->policy_lock);
	return ret;
}

static ssize_t policy_show(struct device *dev, struct device_attribute *attr,
			   char *buf)
{
	struct corun_device *cdev = dev_get_drvdata(dev);
	ssize_t n;

	mutex_lock(&cdev->policy_lock);
	n = sysfs_emit(buf, "%s\n", cdev->policy->name);
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
