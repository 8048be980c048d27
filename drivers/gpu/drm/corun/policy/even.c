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

static void even_epoch(struct corun_policy_state *st,
		       const struct corun_policy_in *in,
		       struct corun_policy_out *out)
{
	u32 s, running = 0, first = 0, share, extra, n;

	for (s = 0; s < in->num_slots && s < CORUN_POLICY_MAX_SLOTS; s++)
		if (in->slot[s].running)
			running++;

	share = running ? in->num_sms / running : 0;
	extra = running ? in->num_sms % running : 0;
	for (s = 0; s < in->num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		out->slot[s].cta_quota = 0;
		out->slot[s].priority = (u32)(in->slot[s].priority + 1) * 4;
		if (!in->slot[s].running || !share) {
			/* idle, or more jobs than SMs: share everything */
			corun_policy_mask_range(out->slot[s].sm_mask, 0,
						in->num_sms);
			continue;
		}
		n = share + (extra ? 1 : 0);
		if (extra)
			extra--;
		corun_policy_mask_range(out->slot[s].sm_mask, first, n);
		first += n;
	}
	st->decisions++;
}

const struct corun_policy_ops corun_policy_even = {
	.name = "even",
	.id = CORUN_POLICY_ID_EVEN,
	.init = corun_policy_generic_init,
	.epoch = even_epoch,
};
