// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy engine: the registry of built-in policies and the helpers
 * every user of the contract shares (SM masks, the CTA footprint).
 */
#include <corun/fwif.h>

#include "policy.h"

/* clang-format off: one policy a line */
const struct corun_policy_ops *const corun_policies[] = {
	&corun_policy_fcfs,
	&corun_policy_even,
	&corun_policy_proportional,
	&corun_policy_smk,
	&corun_policy_ccbp,
	&corun_policy_warped_slicer,
	&corun_policy_hsm_fair,
	&corun_policy_hsm_qos,
	&corun_policy_dase_fair,
	&corun_policy_dase_qos,
	0,
};

/* clang-format on */

const struct corun_policy_ops *corun_policy_find_id(u32 id)
{
	u32 i;

	for (i = 0; corun_policies[i]; i++)
		if (corun_policies[i]->id == id)
			return corun_policies[i];
	return 0;
}

int corun_policy_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

const struct corun_policy_ops *corun_policy_find_name(const char *name)
{
	u32 i;

	for (i = 0; corun_policies[i]; i++)
		if (corun_policy_streq(corun_policies[i]->name, name))
			return corun_policies[i];
	return 0;
}

const struct corun_policy_param *
corun_policy_param_find(const struct corun_policy_ops *ops, const char *name)
{
	u32 i;

	for (i = 0; i < ops->nparams; i++)
		if (corun_policy_streq(ops->params[i].name, name))
			return &ops->params[i];
	return 0;
}

int corun_policy_params(const struct corun_policy_ops *ops, const u32 *ids,
			const u32 *vals, u32 n, u32 *out)
{
	u32 given = 0, i, p;

	for (p = 0; p < CORUN_POLICY_MAX_PARAMS; p++)
		out[p] = p < ops->nparams ? ops->params[p].def : 0;
	for (i = 0; i < n; i++) {
		for (p = 0; p < ops->nparams; p++)
			if (ops->params[p].id == ids[i])
				break;
		if (p == ops->nparams || (given & (1u << p)))
			return -CORUN_EINVAL;
		if (vals[i] < ops->params[p].min ||
		    vals[i] > ops->params[p].max)
			return -CORUN_ERANGE;
		given |= 1u << p;
		out[p] = vals[i];
	}
	return 0;
}

void corun_policy_mask_range(u32 *mask, u32 first, u32 count)
{
	u32 i;

	for (i = 0; i < CORUN_POLICY_MASK_WORDS; i++)
		mask[i] = 0;
	for (i = first; i < first + count && i < CORUN_POLICY_MAX_SMS; i++)
		mask[i / 32] |= 1u << (i % 32);
}

void corun_policy_platform_read(struct corun_policy_platform *p,
				u32 (*rd)(void *ctx, u32 off), void *ctx)
{
	p->num_slots = rd(ctx, CORUN_REG_NUM_SLOTS);
	p->num_sms = rd(ctx, CORUN_REG_NUM_SMS);
	p->num_channels = rd(ctx, CORUN_REG_NUM_CHANNELS);
	p->num_vcs = rd(ctx, CORUN_REG_NUM_VCS);
	p->sm.warp_size = rd(ctx, CORUN_REG_WARP_SIZE);
	p->sm.ctas = rd(ctx, CORUN_REG_SM_CTAS);
	p->sm.threads = rd(ctx, CORUN_REG_SM_THREADS);
	p->sm.regs = rd(ctx, CORUN_REG_SM_REGS);
	p->sm.reg_unit = rd(ctx, CORUN_REG_SM_REG_UNIT);
	p->sm.shared = rd(ctx, CORUN_REG_SM_SHARED);
	p->sm.shared_unit = rd(ctx, CORUN_REG_SM_SHARED_UNIT);
	p->l1_ways = rd(ctx, CORUN_REG_L1_WAYS);
	p->llc_ways = rd(ctx, CORUN_REG_LLC_WAYS);
	p->l1_line = rd(ctx, CORUN_REG_L1_LINE);
	p->llc_line = rd(ctx, CORUN_REG_LLC_LINE);
	p->flit_bytes = rd(ctx, CORUN_REG_FLIT_BYTES);
	p->noc_bw = rd(ctx, CORUN_REG_NOC_BW);
	p->dram_bw = rd(ctx, CORUN_REG_DRAM_BW);
	p->issue_period = rd(ctx, CORUN_REG_ISSUE_PERIOD);
	p->sm_mhz = rd(ctx, CORUN_REG_CLK_SM_MHZ);
	p->dram_mhz = rd(ctx, CORUN_REG_DRAM_MHZ);
	p->sm_issue = rd(ctx, CORUN_REG_SM_ISSUE);
	p->hsm_c1 = rd(ctx, CORUN_REG_HSM_C1);
	p->hsm_c2 = rd(ctx, CORUN_REG_HSM_C2);
	p->ctxsw = !!(rd(ctx, CORUN_REG_CAPS) & CORUN_CAP_CTXSW);
}

int corun_fw_send_params(const u32 *pairs, u32 n, u32 features,
			 int (*send)(void *ctx, u32 cmd, const u32 *payload,
				     u32 len),
			 void *ctx)
{
	u32 batch = (features & CORUN_FW_FEAT_SET_PARAMS) ?
			    CORUN_FW_SET_PARAMS_MAX :
			    1;
	u32 i, k;
	int ret;

	for (i = 0; i < n; i += k) {
		k = n - i < batch ? n - i : batch;
		ret = send(ctx,
			   batch > 1 ? CORUN_FW_CMD_SET_PARAMS :
				       CORUN_FW_CMD_SET_PARAM,
			   pairs + 2 * i, 2 * k);
		if (ret)
			return ret;
	}
	return 0;
}
