// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "fcfs" (leftover): every slot may use every SM and gets no
 * CTA quota, so the CTA dispatcher hands free resources to jobs in arrival
 * order.
 */
#include "policy.h"

/* DRM_CORUN_POLICY_FCFS */
#define CORUN_POLICY_ID_FCFS 0

static void fcfs_epoch(struct corun_policy_state *st,
		       const struct corun_policy_in *in,
		       struct corun_policy_out *out)
{
	u32 s;

	for (s = 0; s < in->num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		corun_policy_mask_range(out->slot[s].sm_mask, 0, in->num_sms);
		out->slot[s].cta_quota = 0;
		out->slot[s].priority = (u32)(in->slot[s].priority + 1) * 4;
	}
	st->decisions++;
}

const struct corun_policy_ops corun_policy_fcfs = {
	.name = "fcfs",
	.id = CORUN_POLICY_ID_FCFS,
	.init = corun_policy_generic_init,
	.epoch = fcfs_epoch,
};
