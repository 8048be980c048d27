// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware: the policy registry and the parameter store behind
 * SET_PARAM, SET_PARAMS and GET_PARAM.
 *
 * A parameter id names its owner through the policies' param() hooks; the
 * store checks the id (unknown parameter, slot the hardware lacks), asks
 * the owner whether the value is valid, stores it and has the owner apply
 * it. Nothing is stored or written for a refused value.
 */
#include "fw.h"

/*
 * Every firmware policy, initialised in this order at boot and run in
 * this order on each epoch. Adding a policy: its file, a line here, its
 * source in firmware.mk, its tests.
 */
const struct fw_policy *const fw_policies[] = {
	&fw_policy_core,
	&fw_policy_monitor, /* before irc, whose epoch uses its rf and df */
	&fw_policy_irc,
	&fw_policy_mil, /* after irc, which selects it */
	&fw_policy_l1,
	&fw_policy_llc,
	&fw_policy_vcp,
	&fw_policy_dram,
	&fw_policy_dram_tcm, /* after dram, which selects it */
	NULL,
};

void fw_params_init(void)
{
	const struct fw_policy *const *p;

	for (p = fw_policies; *p; p++)
		(*p)->init();
}

u32 fw_features(void)
{
	const struct fw_policy *const *p;
	u32 f = CORUN_FW_FEAT_SET_PARAMS; /* mbox.c */

	for (p = fw_policies; *p; p++)
		f |= (*p)->features;
	return f;
}

/**
 * struct fw_param_ref - a parameter id resolved to its owner
 * @policy: the owner
 * @base: the id without the slot
 * @slot: the slot (0 for global parameters)
 * @val: the storage
 */
struct fw_param_ref {
	const struct fw_policy *policy;
	u32 base;
	u32 slot;
	u32 *val;
};

/* Per-slot ids have a base above the low byte; global ids have none. */
static bool fw_param_find(u32 id, struct fw_param_ref *r)
{
	const struct fw_policy *const *p;

	if (id & ~(u32)0xffff)
		return false;
	if (id & ~FW_PARAM_SLOT_MASK) {
		r->base = id & ~FW_PARAM_SLOT_MASK;
		r->slot = id & FW_PARAM_SLOT_MASK;
		if (r->slot >= fw.num_slots)
			return false;
	} else {
		r->base = id;
		r->slot = 0;
	}
	for (p = fw_policies; *p; p++) {
		r->val = (*p)->param(r->base, r->slot);
		if (r->val) {
			r->policy = *p;
			return true;
		}
	}
	return false;
}

/* Resolve and validate without changing anything. */
static u32 fw_param_check(u32 id, u32 val, struct fw_param_ref *r)
{
	if (!fw_param_find(id, r))
		return CORUN_FW_ENOENT;
	if (!r->policy->param_valid(r->base, r->slot, val))
		return CORUN_FW_EINVAL;
	return CORUN_FW_OK;
}

static void fw_param_store(const struct fw_param_ref *r, u32 val)
{
	*r->val = val;
	r->policy->param_apply(r->base, r->slot);
}

u32 fw_param_get(u32 id, u32 *val)
{
	struct fw_param_ref r;

	if (!fw_param_find(id, &r))
		return CORUN_FW_ENOENT;
	*val = *r.val;
	return CORUN_FW_OK;
}

u32 fw_param_set(u32 id, u32 val, u32 *old)
{
	struct fw_param_ref r;
	u32 st = fw_param_check(id, val, &r);

	if (st != CORUN_FW_OK)
		return st;
	*old = *r.val;
	fw_param_store(&r, val);
	return CORUN_FW_OK;
}

u32 fw_params_set(const u32 *pairs, u32 n, u32 *bad)
{
	struct fw_param_ref r;
	u32 i, st;

	for (i = 0; i < n; i++) {
		st = fw_param_check(pairs[2 * i], pairs[2 * i + 1], &r);
		if (st != CORUN_FW_OK) {
			*bad = i;
			return st;
		}
	}
	/* Validity does not depend on other parameters: all will pass. */
	for (i = 0; i < n; i++) {
		fw_param_find(pairs[2 * i], &r);
		fw_param_store(&r, pairs[2 * i + 1]);
	}
	return CORUN_FW_OK;
}
