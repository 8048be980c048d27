// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "hsm-qos" (HSM, ASPLOS'20, Sec. 4.3): SM partitioning that
 * keeps the high-priority job's predicted NP at its QoS target and gives
 * the other SMs to the other jobs for throughput.
 *
 * The high-priority job is the running job with the highest
 * drm_corun_submit.qos_target (ties: the lower slot); its target T is
 * that value. A change of the set of programs restarts from an even split;
 * a relaunch keeps the partition (smpart.h). At each epoch, with
 * g = NP / S (NP linear in SMs through the origin):
 *
 * - NP < T: it needs ceil(T / g) SMs; the missing ones come one at a time
 *   from the other job with the lowest g (the least predicted loss), each
 *   keeping one SM;
 * - NP > T + HSM_QOS_MARGIN (the paper's upper threshold 0.9 for a target
 *   of 0.8): it keeps ceil(T / g) SMs and the freed ones go one at a time
 *   to the other job with the highest g (the largest predicted gain);
 * - otherwise nothing moves.
 *
 * Without a QoS job the split stays even.
 */
#include "smpart.h"

/* DRM_CORUN_POLICY_HSM_QOS */
#define CORUN_POLICY_ID_HSM_QOS 7
/* Upper threshold above the target: 0.1 (0.9 for the paper's 0.8). */
#define HSM_QOS_MARGIN 102u

/*
 * Whether @a's predicted NP per SM (over the SMs it was measured on) is
 * below @b's; a job without a prediction counts as 0.
 */
static bool hsm_qos_g_less(const struct smpart *sp,
			   const struct corun_policy_in *in, u32 a, u32 b)
{
	bool pa = smpart_predicted(sp, in, a), pb = smpart_predicted(sp, in, b);
	u64 na = pa ? sp->pred[a].np : 0, nb = pb ? sp->pred[b].np : 0;
	u64 sa = pa ? sp->pred[a].sms : 1, sb = pb ? sp->pred[b].sms : 1;

	return na * sb < nb * sa;
}

/*
 * The other running job that gives an SM (@give: the lowest g among those
 * with two or more) or takes one (the highest g); CORUN_POLICY_MAX_SLOTS
 * if none.
 */
static u32 hsm_qos_pick(const struct smpart *sp,
			const struct corun_policy_in *in, u32 hp, bool give)
{
	u32 s, best = CORUN_POLICY_MAX_SLOTS;

	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		if (s == hp || !in->slot_in[s].running)
			continue;
		if (give && hsm_part_count(&sp->pt, in->plat.num_sms, s) < 2)
			continue;
		if (best == CORUN_POLICY_MAX_SLOTS ||
		    (give ? hsm_qos_g_less(sp, in, s, best) :
			    hsm_qos_g_less(sp, in, best, s)))
			best = s;
	}
	return best;
}

void hsm_qos_repartition(struct smpart *sp, const struct corun_policy_in *in)
{
	u32 s, hp = CORUN_POLICY_MAX_SLOTS, t, upper, np, cur, need, o;

	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++)
		if (in->slot_in[s].running && in->slot_in[s].job.qos_target &&
		    (hp == CORUN_POLICY_MAX_SLOTS ||
		     in->slot_in[s].job.qos_target >
			     in->slot_in[hp].job.qos_target))
			hp = s;
	if (hp == CORUN_POLICY_MAX_SLOTS || !smpart_predicted(sp, in, hp))
		return;
	t = in->slot_in[hp].job.qos_target;
	upper = t + HSM_QOS_MARGIN > HSM_ONE ? HSM_ONE : t + HSM_QOS_MARGIN;
	np = sp->pred[hp].np;
	cur = hsm_part_count(&sp->pt, in->plat.num_sms, hp);
	need = np ? (u32)smpart_div_up((u64)t * cur, np) : in->plat.num_sms;
	if (!need)
		need = 1;
	if (np < t) {
		while (cur < need) {
			o = hsm_qos_pick(sp, in, hp, true);
			if (o == CORUN_POLICY_MAX_SLOTS)
				break;
			hsm_part_move(&sp->pt, in->plat.num_sms, o, hp, 1);
			cur++;
			sp->moved++;
		}
	} else if (np > upper) {
		while (cur > need) {
			o = hsm_qos_pick(sp, in, hp, false);
			if (o == CORUN_POLICY_MAX_SLOTS)
				break;
			hsm_part_move(&sp->pt, in->plat.num_sms, hp, o, 1);
			cur--;
			sp->moved++;
		}
	}
}

static const struct smpart_ops hsm_qos_ops = {
	.predict = hsm_predict_in,
	.repartition = hsm_qos_repartition,
};

static int hsm_qos_init(void *st, const struct corun_policy_platform *plat)
{
	return hsm_model_check(plat);
}

static void hsm_qos_decide(void *st, const struct corun_policy_in *in,
			   struct corun_policy_out *out)
{
	smpart_decide(st, &hsm_qos_ops, in, out);
}

const struct corun_policy_ops corun_policy_hsm_qos = {
	.name = "hsm-qos",
	.id = CORUN_POLICY_ID_HSM_QOS,
	.desc = "spatial: QoS job held at its target by HSM, rest for STP",
	.state_size = sizeof(struct smpart),
	.init = hsm_qos_init,
	.decide = hsm_qos_decide,
	.flags = CORUN_POLICY_F_QOS | CORUN_POLICY_F_EPOCH_RESTART,
};
