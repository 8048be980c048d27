// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "hsm-fair" (HSM, ASPLOS'20, Sec. 4.3): SM partitioning that
 * equalises the normalized progress HSM predicts. A change of the set of
 * programs restarts from an even split; a relaunch keeps the partition
 * (smpart.h). At each epoch, if the predicted fairness
 * min NP / max NP is below HSM_FAIR_THRESHOLD, x SMs move from the job
 * with the highest NP to the one with the lowest so that, with NP linear
 * in SMs through the origin (g = NP / S), g_h (S_h - x) = g_l (S_l + x):
 *
 *	x = (NP_h - NP_l) / (g_h + g_l)
 *
 * rounded to the nearest SM, leaving the donor at least one. With more
 * than two jobs only that pair is balanced, one pair per epoch.
 */
#include "smpart.h"

/* DRM_CORUN_POLICY_HSM_FAIR */
#define CORUN_POLICY_ID_HSM_FAIR 6
/* Fairness below which SMs move: 0.9 (the paper's recommendation). */
#define HSM_FAIR_THRESHOLD 922u /* 0.9 * HSM_ONE, rounded */

/*
 * SMs to move from @h to @l: x = (NP_h - NP_l) S_h S_l /
 * (NP_h S_l + NP_l S_h), to the nearest SM, at most S_h - 1.
 */
u32 hsm_fair_transfer(const struct hsm_pred *h, const struct hsm_pred *l)
{
	u64 num, den, x;

	if (h->np <= l->np || h->sms < 2)
		return 0;
	num = (u64)(h->np - l->np) * h->sms * l->sms;
	den = (u64)h->np * l->sms + (u64)l->np * h->sms;
	x = den ? (num + den / 2) / den : h->sms - 1;
	return x > h->sms - 1 ? h->sms - 1 : (u32)x;
}

/* One epoch's balancing of the highest- and lowest-NP jobs. */
void hsm_fair_repartition(struct smpart *sp, const struct corun_policy_in *in)
{
	u32 s, h = CORUN_POLICY_MAX_SLOTS, l = CORUN_POLICY_MAX_SLOTS, x;

	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		if (!smpart_predicted(sp, in, s))
			continue;
		if (h == CORUN_POLICY_MAX_SLOTS ||
		    sp->pred[s].np > sp->pred[h].np)
			h = s;
		if (l == CORUN_POLICY_MAX_SLOTS ||
		    sp->pred[s].np < sp->pred[l].np)
			l = s;
	}
	if (h == l || h == CORUN_POLICY_MAX_SLOTS)
		return;
	/* fair enough: moving SMs would only cost preemption */
	if ((u64)sp->pred[l].np * HSM_ONE >=
	    (u64)sp->pred[h].np * HSM_FAIR_THRESHOLD)
		return;
	x = hsm_fair_transfer(&sp->pred[h], &sp->pred[l]);
	hsm_part_move(&sp->pt, in->plat.num_sms, h, l, x);
	sp->moved = x;
}

static const struct smpart_ops hsm_fair_ops = {
	.predict = hsm_predict_in,
	.repartition = hsm_fair_repartition,
};

static int hsm_fair_init(void *st, const struct corun_policy_platform *plat)
{
	return hsm_model_check(plat);
}

static void hsm_fair_decide(void *st, const struct corun_policy_in *in,
			    struct corun_policy_out *out)
{
	smpart_decide(st, &hsm_fair_ops, in, out);
}

const struct corun_policy_ops corun_policy_hsm_fair = {
	.name = "hsm-fair",
	.id = CORUN_POLICY_ID_HSM_FAIR,
	.desc = "spatial: SMs moved to equalise HSM-predicted slowdowns",
	.state_size = sizeof(struct smpart),
	.flags = CORUN_POLICY_F_EPOCH_RESTART,
	.init = hsm_fair_init,
	.decide = hsm_fair_decide,
};
