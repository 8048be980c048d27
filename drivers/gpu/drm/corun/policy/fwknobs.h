/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The one table between the firmware settings of the uapi
 * (DRM_IOCTL_CORUN_SET_POLICY's knobs and struct drm_corun_fw_param,
 * include/uapi/drm/corun_drm.h) and the firmware interface (fwif.h): which
 * firmware value and parameter each uapi value is, which firmware feature
 * it needs, how its value is checked, and its name in mix files and on
 * command lines. The driver (SET/GET_POLICY, GET_PARAM), corun-run and
 * corun-sim (mix files) all go through it; fwknobs.c holds the
 * compile-time checks that the two sides agree.
 *
 * This header needs no uapi header: its users name knobs by
 * enum corun_fwk and parameters by their uapi id (enum
 * drm_corun_fw_param_id), which indexes corun_fwp[].
 */
#ifndef _CORUN_POLICY_FWKNOBS_H_
#define _CORUN_POLICY_FWKNOBS_H_

#include "policy.h"

/* The knobs of struct drm_corun_policy, in the order of its fields. */
enum corun_fwk {
	CORUN_FWK_IRC = 0,
	CORUN_FWK_LLC = 1,
	CORUN_FWK_VCP = 2,
	CORUN_FWK_DRAM = 3,
	CORUN_FWK_L1 = 4,
	CORUN_FWK_NR
};

/* struct corun_fwk_value.fw of a uapi value no firmware value stands for */
#define CORUN_FWK_NO_FW 0xffffffffu
/* Most values of one knob's uapi enumeration (DEFAULT included). */
#define CORUN_FWK_MAX_VALUES 6

/**
 * struct corun_fwk_value - one value of a knob's uapi enumeration
 * @name: its name in mix files and on command lines ("prob-static")
 * @fw: the firmware's value of the knob's parameter (enum corun_llc_policy,
 *	...), or CORUN_FWK_NO_FW
 * @features: CORUN_FW_FEAT_* bits, any of which makes the firmware accept
 *	it; 0: no firmware does (the value is refused with EOPNOTSUPP)
 */
struct corun_fwk_value {
	const char *name;
	u32 fw;
	u32 features;
};

/**
 * struct corun_fwk_info - a knob of struct drm_corun_policy
 * @name: the field's name ("irc")
 * @uapi_feature: its DRM_CORUN_FEATURE_* bit
 * @fw_param: the firmware parameter it sets (CORUN_FW_P_*). The L1 knob
 *	sets CORUN_FW_P_L1_MODE (STATIC for shared and static-partition,
 *	which differ only in the per-slot L1 parameters they allow; UCP)
 * @nvalues: values of its uapi enumeration, DEFAULT (0) included
 * @values: indexed by the uapi value; [0] (DEFAULT) has no name
 */
struct corun_fwk_info {
	const char *name;
	u64 uapi_feature;
	u32 fw_param;
	u32 nvalues;
	struct corun_fwk_value values[CORUN_FWK_MAX_VALUES];
};

extern const struct corun_fwk_info corun_fwk[CORUN_FWK_NR];

/* How a parameter's value is checked (struct corun_fwp_info.kind). */
enum corun_fwp_kind {
	CORUN_FWP_RANGE = 0, /* 0 .. max */
	CORUN_FWP_L1_MASK = 1, /* a way mask naming one of the L1's ways */
	CORUN_FWP_LLC_MASK = 2, /* a way mask naming one of the LLC's ways */
	CORUN_FWP_VC = 3, /* a virtual channel or CORUN_FW_VC_CONFIG */
	CORUN_FWP_L1_NWAYS = 4, /* min .. the L1's ways (at most 32) */
};

/* Entries of corun_fwp[]: the uapi ids are 1 .. CORUN_FWP_NR - 1. */
#define CORUN_FWP_NR 21

/**
 * struct corun_fwp_info - a parameter of struct drm_corun_fw_param
 * @name: its name in mix files and on command lines ("irc_share")
 * @fw: the firmware parameter (CORUN_FW_P_*, without a slot)
 * @per_slot: it applies to one slot (else device-wide, slot 0)
 * @features: CORUN_FW_FEAT_* bits, any of which makes the firmware
 *	implement it
 * @kind: enum corun_fwp_kind
 * @min: the smallest value of a CORUN_FWP_RANGE or CORUN_FWP_L1_NWAYS
 *	parameter
 * @max: the largest value of a CORUN_FWP_RANGE parameter
 * @bit: the engine's CORUN_POLICY_FW_* bit (per slot) or
 *	CORUN_POLICY_FWG_* bit (device-wide) of the field it sets
 */
struct corun_fwp_info {
	const char *name;
	u32 fw;
	u32 per_slot;
	u32 features;
	u32 kind;
	u32 min;
	u32 max;
	u32 bit;
};

/* Indexed by enum drm_corun_fw_param_id; [0] is no parameter. */
extern const struct corun_fwp_info corun_fwp[CORUN_FWP_NR];

/**
 * struct corun_fw_setting - one parameter setting, laid out as struct
 * drm_corun_fw_param (fwknobs.c checks it), so a user array is one
 * @id: enum drm_corun_fw_param_id
 * @slot: the slot of a per-slot parameter, 0 for a device-wide one
 * @value: the value
 * @pad: zero
 */
struct corun_fw_setting {
	u32 id;
	u32 slot;
	u32 value;
	u32 pad;
};

/**
 * corun_fwk_check() - whether the firmware takes a knob's value
 * @knob: enum corun_fwk
 * @features: CORUN_FW_FEAT_* of the firmware
 * @value: the uapi value
 *
 * Return: 0 (DEFAULT always), -CORUN_EINVAL for a value outside the
 * enumeration, -CORUN_EOPNOTSUPP if the firmware does not implement it.
 */
int corun_fwk_check(u32 knob, u32 features, u32 value);

/**
 * corun_fwp_check_id() - check which parameter a setting names
 * @p: the platform
 * @s: the setting (its @value is not looked at: GET_POLICY's)
 *
 * Return: 0, -CORUN_EINVAL (non-zero @pad, unknown id, a slot given for a
 * device-wide parameter) or -CORUN_ERANGE (a slot the device lacks).
 */
int corun_fwp_check_id(const struct corun_policy_platform *p,
		       const struct corun_fw_setting *s);

/**
 * corun_fwp_check() - check one parameter setting against a device
 * @p: the platform (slots, L1 and LLC ways, virtual channels)
 * @features: CORUN_FW_FEAT_* of the firmware
 * @s: the setting
 *
 * Return: 0, -CORUN_EINVAL (non-zero @pad, unknown id, a slot given for a
 * device-wide parameter), -CORUN_ERANGE (slot the device lacks, value out
 * of range) or -CORUN_EOPNOTSUPP (the firmware does not implement it), in
 * that order of precedence.
 */
int corun_fwp_check(const struct corun_policy_platform *p, u32 features,
		    const struct corun_fw_setting *s);

/**
 * corun_fw_settings() - the administrator's firmware settings, from uapi
 * @p: the platform
 * @features: CORUN_FW_FEAT_* of the firmware
 * @knobs: CORUN_FWK_NR uapi knob values (0: DEFAULT)
 * @s: @n parameter settings
 * @n: how many
 * @fw: receives the settings: the firmware's reset values
 *	(corun_policy_fw_defaults()) where nothing is set
 * @bad: receives the index of the refused setting, or @n for a knob,
 *	or NULL
 *
 * Every knob and setting is checked first, then features, so the error
 * names the first rule broken: -CORUN_EINVAL (a knob outside its
 * enumeration, a malformed setting, a (parameter, slot) given twice, an
 * L1 parameter with the L1 knob SHARED, an L1 way mask with the L1 knob
 * UCP), -CORUN_ERANGE, -CORUN_EOPNOTSUPP.
 *
 * Return: 0 or that error (@fw is then undefined).
 */
int corun_fw_settings(const struct corun_policy_platform *p, u32 features,
		      const u32 *knobs, const struct corun_fw_setting *s, u32 n,
		      struct corun_policy_fw *fw, u32 *bad);

/**
 * corun_fwk_report() - a knob's uapi value for the parameters in force
 * @p: the platform
 * @fw: the parameters (the engine's applied_fw)
 * @knob: enum corun_fwk
 *
 * Return: the uapi value, never DEFAULT.
 */
u32 corun_fwk_report(const struct corun_policy_platform *p,
		     const struct corun_policy_fw *fw, u32 knob);

/* The device-wide field of @fw a knob sets. */
u32 *corun_fwk_field(struct corun_policy_fw *fw, u32 knob);

/* A parameter's value in @fw (@id a valid uapi id, @slot below the max). */
u32 corun_fwp_get(const struct corun_policy_fw *fw, u32 id, u32 slot);
void corun_fwp_set(struct corun_policy_fw *fw, u32 id, u32 slot, u32 value);

/* DRM_CORUN_FEATURE_* knob bits of a firmware with @features. */
u64 corun_fw_uapi_features(u32 features);
/* DRM_CORUN_PARAM_*_MODES of @knob: bit n for each uapi value accepted. */
u64 corun_fwk_modes(u32 knob, u32 features);
/* DRM_CORUN_PARAM_FW_PARAMS: bit n for each parameter id accepted. */
u64 corun_fwp_mask(u32 features);

/* Lookups by name, for mix files and command lines: the index or -1. */
int corun_fwk_find(const char *name);
int corun_fwk_value_find(u32 knob, const char *name);
int corun_fwp_find(const char *name);

#endif /* _CORUN_POLICY_FWKNOBS_H_ */
