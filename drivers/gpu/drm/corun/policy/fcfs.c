// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "fcfs" (leftover): every slot may use every SM and gets no
 * CTA quota, so the CTA dispatcher hands free resources to jobs in arrival
 * order. Higher-priority contexts get a higher hardware priority.
 */
#include "policy.h"

/* DRM_CORUN_POLICY_FCFS */
#define CORUN_POLICY_ID_FCFS 0

static void fcfs_decide(void *st, const struct corun_policy_in *in,
			struct corun_policy_out *out)
{
	u32 s;

	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];

		corun_policy_mask_range(o->sm_mask, 0, in->plat.num_sms);
		o->cta_quota = 0;
		o->priority = (u32)(in->slot_in[s].job.priority + 1) * 4;
	}
}

const struct corun_policy_ops corun_policy_fcfs = {
	.name = "fcfs",
	.id = CORUN_POLICY_ID_FCFS,
	.desc = "leftover: every job may use every SM, CTAs in arrival order",
	.decide = fcfs_decide,
};
