// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "proportional": the SMs are split between the running jobs
 * in proportion to their weights, in slot order, each range contiguous.
 *
 * A job with a QoS target T (in 1/1024 of its alone IPC) is given the
 * fraction T of the SMs: the naive reading of "T of its alone speed" that
 * the HSM paper uses as its proportional baseline (a QoS target of 0.8
 * gets 80 % of the SMs). The other jobs share what is left in proportion
 * to their context priority: low 1, normal 2, high 4. If the QoS targets
 * alone ask for more than all SMs, they are scaled down together and the
 * other jobs keep one SM each. Every running job gets at least one SM;
 * shares are rounded by largest remainder, ties to the lower slot. With
 * more jobs than SMs every job may use every SM, as under "even". Idle
 * slots keep all SMs so a job arriving between epochs can start at once.
 */
#include "policy.h"

/* DRM_CORUN_POLICY_PROPORTIONAL */
#define CORUN_POLICY_ID_PROPORTIONAL 2
/* Weight scale: 1024 = all SMs (DRM_CORUN_QOS_ONE). */
#define PROP_ONE 1024u

static u32 prop_prio_weight(s32 priority)
{
	if (priority > 0)
		return 4;
	if (priority < 0)
		return 1;
	return 2;
}

/*
 * @w[s] in 1/1024 of the SMs for each running slot: QoS jobs their target,
 * the others the rest by priority weight.
 */
static void prop_weights(const struct corun_policy_in *in, u32 *w)
{
	u32 ns = in->plat.num_slots, s, qos = 0, others = 0, pw = 0, left;

	for (s = 0; s < ns; s++) {
		const struct corun_policy_slot_in *si = &in->slot_in[s];

		w[s] = 0;
		if (!si->running)
			continue;
		if (si->job.qos_target) {
			qos += si->job.qos_target;
		} else {
			others++;
			pw += prop_prio_weight(si->job.priority);
		}
	}
	/* the QoS jobs leave at least one SM's worth to each other job */
	left = others ? PROP_ONE / (in->plat.num_sms ? in->plat.num_sms : 1) *
				others :
			0;
	for (s = 0; s < ns; s++) {
		const struct corun_policy_slot_in *si = &in->slot_in[s];

		if (!si->running || !si->job.qos_target)
			continue;
		w[s] = si->job.qos_target;
		if (qos > PROP_ONE - left)
			w[s] = w[s] * (PROP_ONE - left) / qos;
	}
	if (qos > PROP_ONE - left)
		qos = PROP_ONE - left;
	for (s = 0; s < ns; s++) {
		const struct corun_policy_slot_in *si = &in->slot_in[s];

		if (si->running && !si->job.qos_target)
			w[s] = (PROP_ONE - qos) *
			       prop_prio_weight(si->job.priority) / pw;
	}
}

static void prop_decide(void *st, const struct corun_policy_in *in,
			struct corun_policy_out *out)
{
	u32 ns = in->plat.num_slots, sms = in->plat.num_sms;
	u32 w[CORUN_POLICY_MAX_SLOTS], n[CORUN_POLICY_MAX_SLOTS];
	u32 rem[CORUN_POLICY_MAX_SLOTS];
	u32 s, best, running = 0, total = 0, wsum = 0, first = 0;

	if (ns > CORUN_POLICY_MAX_SLOTS)
		ns = CORUN_POLICY_MAX_SLOTS;
	prop_weights(in, w);
	for (s = 0; s < ns; s++) {
		running += in->slot_in[s].running;
		wsum += w[s];
	}
	if (running > sms)
		wsum = 0; /* every job shares every SM */
	for (s = 0; s < ns; s++) {
		/* at most 128 SMs x 1024: no overflow */
		u32 exact = wsum ? sms * w[s] : 0;

		n[s] = wsum ? exact / wsum : 0;
		rem[s] = wsum ? exact % wsum : 0;
		if (in->slot_in[s].running && !n[s] && wsum) {
			n[s] = 1;
			rem[s] = 0;
		}
		total += n[s];
	}
	/* too many after the one-SM minimum: take from the largest */
	while (total > sms) {
		for (best = 0, s = 1; s < ns; s++)
			if (n[s] > n[best])
				best = s;
		n[best]--;
		total--;
	}
	/* largest remainder gets the SMs rounding left over */
	while (total < sms && wsum) {
		for (best = ns, s = 0; s < ns; s++)
			if (in->slot_in[s].running &&
			    (best == ns || rem[s] > rem[best]))
				best = s;
		n[best]++;
		rem[best] = 0;
		total++;
	}
	for (s = 0; s < ns; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];

		o->cta_quota = 0;
		o->priority = (u32)(in->slot_in[s].job.priority + 1) * 4;
		if (!in->slot_in[s].running || !n[s]) {
			corun_policy_mask_range(o->sm_mask, 0, sms);
			continue;
		}
		corun_policy_mask_range(o->sm_mask, first, n[s]);
		first += n[s];
	}
}

const struct corun_policy_ops corun_policy_proportional = {
	.name = "proportional",
	.id = CORUN_POLICY_ID_PROPORTIONAL,
	.desc = "spatial: SMs in proportion to QoS targets and priorities",
	.decide = prop_decide,
	.flags = CORUN_POLICY_F_QOS,
};
