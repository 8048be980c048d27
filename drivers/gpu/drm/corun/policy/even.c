// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "even": the SMs are split evenly between the slots that have
 * a running job, in slot order; the first (num_sms % running) slots get one
 * SM more. Idle slots keep all SMs so that a job arriving between epochs
 * can start at once; the next decision gives it its share.
 */
#include "policy.h"

/* DRM_CORUN_POLICY_EVEN */
#define CORUN_POLICY_ID_EVEN 1

static void even_decide(void *st, const struct corun_policy_in *in,
			struct corun_policy_out *out)
{
	u32 ns = in->plat.num_slots, sms = in->plat.num_sms;
	u32 s, running = 0, first = 0, share, extra, n;

	for (s = 0; s < ns && s < CORUN_POLICY_MAX_SLOTS; s++)
		if (in->slot_in[s].running)
			running++;

	share = running ? sms / running : 0;
	extra = running ? sms % running : 0;
	for (s = 0; s < ns && s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];

		o->cta_quota = 0;
		o->priority = (u32)(in->slot_in[s].job.priority + 1) * 4;
		if (!in->slot_in[s].running || !share) {
			/* idle, or more jobs than SMs: share everything */
			corun_policy_mask_range(o->sm_mask, 0, sms);
			continue;
		}
		n = share + (extra ? 1 : 0);
		if (extra)
			extra--;
		corun_policy_mask_range(o->sm_mask, first, n);
		first += n;
	}
}

const struct corun_policy_ops corun_policy_even = {
	.name = "even",
	.id = CORUN_POLICY_ID_EVEN,
	.desc = "spatial: SMs split evenly between the running jobs",
	.decide = even_decide,
};
