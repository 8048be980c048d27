// SPDX-License-Identifier: GPL-2.0
/*
 * corun: the policy ioctls. SET_POLICY checks every field, turns the
 * firmware knobs and parameters into the engine's static firmware settings
 * through the one table of policy/fwknobs.c, and applies the policy, the
 * settings, the epoch length and the start gate all or nothing
 * (corun_policy_apply()), with the policy's knobs checked by
 * corun_policy_params(). GET_POLICY reports the policy, its knobs and what the
 * firmware acknowledged. The knobs and parameters a firmware implements
 * are published through GET_PARAM (corun_policy_get_param()).
 */

#include <linux/capability.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "corun_drv.h"
#include "policy/ccbp.h"
#include "policy/fwknobs.h"

/* The plain-C code's errno values are the kernel's. */
static_assert(CORUN_EIO == EIO);
static_assert(CORUN_EINVAL == EINVAL);
static_assert(CORUN_ERANGE == ERANGE);
static_assert(CORUN_EOPNOTSUPP == EOPNOTSUPP);
/* corun_policy_epoch_check()'s range is the uapi's */
static_assert(CORUN_POLICY_EPOCH_CYCLES_MIN == DRM_CORUN_EPOCH_CYCLES_MIN);
static_assert(CORUN_POLICY_EPOCH_CYCLES_MAX == DRM_CORUN_EPOCH_CYCLES_MAX);
/* the policies' knob ids and limits are the uapi's */
static_assert(CORUN_CCBP_PARAM_REDETECT ==
	      DRM_CORUN_POLICY_PARAM_CCBP_REDETECT);
static_assert(CORUN_CCBP_PARAM_RESCALE == DRM_CORUN_POLICY_PARAM_CCBP_RESCALE);
static_assert(CORUN_POLICY_MAX_PARAMS == DRM_CORUN_POLICY_PARAMS_MAX);

static u32 corun_fw_feats(struct corun_device *cdev)
{
	return cdev->fw_running ? cdev->fw_features : 0;
}

int corun_policy_get_param(struct corun_device *cdev, u32 param, u64 *v)
{
	u32 feat = corun_fw_feats(cdev);

	switch (param) {
	case DRM_CORUN_PARAM_FEATURES:
		*v = corun_fw_uapi_features(feat);
		return 0;
	case DRM_CORUN_PARAM_NUM_VCS:
		*v = cdev->plat.num_vcs;
		return 0;
	case DRM_CORUN_PARAM_IRC_MODES:
		*v = corun_fwk_modes(CORUN_FWK_IRC, feat);
		return 0;
	case DRM_CORUN_PARAM_LLC_MODES:
		*v = corun_fwk_modes(CORUN_FWK_LLC, feat);
		return 0;
	case DRM_CORUN_PARAM_VCP_MODES:
		*v = corun_fwk_modes(CORUN_FWK_VCP, feat);
		return 0;
	case DRM_CORUN_PARAM_DRAM_MODES:
		*v = corun_fwk_modes(CORUN_FWK_DRAM, feat);
		return 0;
	case DRM_CORUN_PARAM_L1_MODES:
		*v = corun_fwk_modes(CORUN_FWK_L1, feat);
		return 0;
	case DRM_CORUN_PARAM_FW_PARAMS:
		*v = corun_fwp_mask(feat);
		return 0;
	}
	return -EINVAL;
}

/*
 * Copy in a user array of @n entries of @size bytes at @uptr: NULL for
 * none, an ERR_PTR for a bad count (above @max) or pointer.
 */
static void *corun_array_in(u64 uptr, u32 n, u32 max, size_t size)
{
	if (n > max)
		return ERR_PTR(-E2BIG);
	if (!n)
		return uptr ? ERR_PTR(-EINVAL) : NULL;
	return memdup_array_user(u64_to_user_ptr(uptr), n, size);
}

/* &drm_corun_policy.fw_params, laid out as corun_fw_setting. */
static struct corun_fw_setting *
corun_fw_params_in(const struct drm_corun_policy *args)
{
	return corun_array_in(args->fw_params, args->fw_param_count,
			      DRM_CORUN_FW_PARAMS_MAX,
			      sizeof(struct drm_corun_fw_param));
}

/* &drm_corun_policy.policy_params */
static struct drm_corun_policy_param *
corun_policy_params_in(const struct drm_corun_policy *args)
{
	return corun_array_in(args->policy_params, args->policy_param_count,
			      DRM_CORUN_POLICY_PARAMS_MAX,
			      sizeof(struct drm_corun_policy_param));
}

/* @ops's knob values from @pp's @n entries (corun_policy_params()). */
static int corun_policy_params_of(const struct corun_policy_ops *ops,
				  const struct drm_corun_policy_param *pp,
				  u32 n, u32 *out)
{
	u32 ids[DRM_CORUN_POLICY_PARAMS_MAX], vals[DRM_CORUN_POLICY_PARAMS_MAX];
	u32 i;

	for (i = 0; i < n; i++) {
		ids[i] = pp[i].param;
		vals[i] = pp[i].value;
	}
	return corun_policy_params(ops, ids, vals, n, out);
}

static int corun_reserved_zero(const struct drm_corun_policy *args)
{
	return args->pad ? -EINVAL : 0;
}

int corun_ioctl_get_policy(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct drm_corun_policy *args = data;
	struct corun_policy_engine *eng = cdev->eng;
	const struct corun_policy_fw *fw = &eng->applied_fw;
	u32 i, p, n = args->fw_param_count, np = args->policy_param_count;
	struct drm_corun_policy_param *pp;
	u32 given = 0;
	struct corun_fw_setting *s;
	int ret;

	if (args->flags || args->start_gate || corun_reserved_zero(args))
		return -EINVAL;
	pp = corun_policy_params_in(args);
	if (IS_ERR(pp))
		return PTR_ERR(pp);
	s = corun_fw_params_in(args);
	if (IS_ERR(s)) {
		kfree(pp);
		return PTR_ERR(s);
	}
	for (i = 0; i < n; i++) {
		ret = corun_fwp_check_id(&cdev->plat, &s[i]);
		if (ret)
			goto out;
	}

	mutex_lock(&cdev->policy_lock);
	args->policy = eng->ops->id;
	memset(args->name, 0, sizeof(args->name));
	strscpy(args->name, eng->ops->name, sizeof(args->name));
	args->epoch_cycles = cdev->epoch_cycles;
	args->start_gate = cdev->gate_wait;
	args->irc = corun_fwk_report(&cdev->plat, fw, CORUN_FWK_IRC);
	args->llc = corun_fwk_report(&cdev->plat, fw, CORUN_FWK_LLC);
	args->vcp = corun_fwk_report(&cdev->plat, fw, CORUN_FWK_VCP);
	args->dram = corun_fwk_report(&cdev->plat, fw, CORUN_FWK_DRAM);
	args->l1 = corun_fwk_report(&cdev->plat, fw, CORUN_FWK_L1);
	for (i = 0; i < n; i++)
		s[i].value = corun_fwp_get(fw, s[i].id, s[i].slot);
	/* the active policy's knobs, each named once */
	ret = 0;
	for (i = 0; !ret && i < np; i++) {
		for (p = 0; p < eng->ops->nparams; p++)
			if (eng->ops->params[p].id == pp[i].param)
				break;
		if (p == eng->ops->nparams || (given & BIT(p)))
			ret = -EINVAL;
		else
			pp[i].value = eng->in.params[p];
		given |= BIT(p);
	}
	mutex_unlock(&cdev->policy_lock);
	if (ret)
		goto out;
	if (n &&
	    copy_to_user(u64_to_user_ptr(args->fw_params), s, n * sizeof(*s)))
		ret = -EFAULT;
	if (np && copy_to_user(u64_to_user_ptr(args->policy_params), pp,
			       np * sizeof(*pp)))
		ret = -EFAULT;
out:
	kfree(s);
	kfree(pp);
	return ret;
}

/* Checks of SET_POLICY that need neither the table nor the device. */
static int corun_set_policy_check(struct corun_device *cdev,
				  const struct drm_corun_policy *args)
{
	u32 i, id = args->policy;

	if (args->flags & ~DRM_CORUN_POLICY_F_START_GATE)
		return -EINVAL;
	if (!(args->flags & DRM_CORUN_POLICY_F_START_GATE) && args->start_gate)
		return -EINVAL;
	if (args->start_gate > cdev->num_slots)
		return -ERANGE;
	if (corun_reserved_zero(args))
		return -EINVAL;
	if (id > DRM_CORUN_POLICY_DASE_QOS && id != DRM_CORUN_POLICY_BY_NAME)
		return -EINVAL;
	if (strnlen(args->name, sizeof(args->name)) == sizeof(args->name))
		return -EINVAL;
	if (id != DRM_CORUN_POLICY_BY_NAME)
		for (i = 0; i < sizeof(args->name); i++)
			if (args->name[i])
				return -EINVAL;
	if (args->epoch_cycles && corun_policy_epoch_check(args->epoch_cycles))
		return -ERANGE;
	return 0;
}

int corun_ioctl_set_policy(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct drm_corun_policy *args = data;
	const u32 knobs[CORUN_FWK_NR] = {
		[CORUN_FWK_IRC] = args->irc, [CORUN_FWK_LLC] = args->llc,
		[CORUN_FWK_VCP] = args->vcp, [CORUN_FWK_DRAM] = args->dram,
		[CORUN_FWK_L1] = args->l1,
	};
	bool gate = args->flags & DRM_CORUN_POLICY_F_START_GATE;
	u32 params[CORUN_POLICY_MAX_PARAMS];
	const struct corun_policy_ops *ops;
	struct drm_corun_policy_param *pp;
	struct corun_fw_setting *s;
	struct corun_policy_fw *fw = NULL;
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EACCES;
	ret = corun_set_policy_check(cdev, args);
	if (ret)
		return ret;
	pp = corun_policy_params_in(args);
	if (IS_ERR(pp))
		return PTR_ERR(pp);
	s = corun_fw_params_in(args);
	if (IS_ERR(s)) {
		ret = PTR_ERR(s);
		s = NULL;
		goto out;
	}
	fw = kmalloc(sizeof(*fw), GFP_KERNEL);
	if (!fw) {
		ret = -ENOMEM;
		goto out;
	}
	ret = corun_fw_settings(&cdev->plat, corun_fw_feats(cdev), knobs, s,
				args->fw_param_count, fw, NULL);
	if (ret)
		goto out;

	if (args->policy == DRM_CORUN_POLICY_BY_NAME) {
		ops = corun_policy_find_name(args->name);
		ret = -ENOENT;
	} else {
		ops = corun_policy_find_id(args->policy);
		ret = -EOPNOTSUPP;
	}
	if (!ops)
		goto out;
	ret = corun_policy_params_of(ops, pp, args->policy_param_count, params);
	if (ret)
		goto out;
	ret = corun_policy_apply(cdev, ops, args->epoch_cycles, params, fw,
				 gate && args->start_gate ? file->driver_priv :
							    NULL,
				 args->start_gate);
	if (!ret && gate && !args->start_gate)
		corun_gate_open(cdev, NULL);
out:
	kfree(fw);
	kfree(s);
	kfree(pp);
	return ret;
}
