// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "smk" (Wang et al., HPCA'16, as the CCBP paper uses it):
 * every running job may use every SM; the CTAs per SM of each job come
 * from dominant resource fairness over an SM's static resources (CTA
 * slots, threads, registers, shared memory; drf.c), and each job gets a
 * warp-issue quota per issue period in proportion to its alone IPC, so
 * that the jobs advance at a similar fraction of their alone speed.
 *
 * Where the papers leave it open:
 * - Alone IPC comes from the policy's own profiling: the first whole
 *   epoch a job spends resident under the DRF combination, with no issue
 *   quota on any slot, gives its warp instructions per resident-CTA cycle
 *   (per SM and slot counters); times the CTAs per SM it would hold alone
 *   (corun_drf_cap()) that is its alone IPC per SM. It is linear in the
 *   CTA count and measured under co-run interference: an estimate. A job
 *   with the same CTA shape and grid as the previous one in its slot (a
 *   relaunch) keeps the estimate.
 * - Until every running job has an estimate, no slot has a quota.
 * - The quotas split the issue rate the SMs achieved in the last epoch,
 *   plus SMK_HEADROOM_NUM/DEN so that they can grow, in proportion to the
 *   alone IPCs; the device refills them every issue period and, as the
 *   original does, as soon as all the co-running slots on an SM have
 *   spent theirs (hardware minor 5), so the quotas set the jobs' shares
 *   of the issue and the budget only their granularity. A quota is at
 *   least 1.
 * - A job alone on the device has no quota.
 */
#include "drf.h"

/* DRM_CORUN_POLICY_SMK */
#define CORUN_POLICY_ID_SMK 3
/* Issue-rate headroom of the quotas over the rate last achieved: 9/8. */
#define SMK_HEADROOM_NUM 9
#define SMK_HEADROOM_DEN 8

enum smk_phase {
	SMK_NONE = 0,
	SMK_STARTED, /* the epoch in progress began before the job */
	SMK_PROFILE, /* the epoch in progress is the profiling one */
	SMK_KNOWN, /* alone IPC estimated */
};

/**
 * struct smk_slot - what SMK knows about a slot's job
 * @seqno: the job
 * @shape: its kernel's shape, to recognise a relaunch (corun_drf_shape())
 * @phase: enum smk_phase
 * @ipc_alone: estimated alone IPC per SM, warp instructions per 1000
 *	cycles
 */
struct smk_slot {
	u64 seqno;
	u32 shape[CORUN_DRF_SHAPE_WORDS];
	u32 phase;
	u64 ipc_alone;
};

/**
 * struct smk_state - SMK's private state
 * @slot: per slot
 * @achieved: warp instructions per SM per 1000 cycles all slots issued in
 *	the last epoch
 */
struct smk_state {
	struct smk_slot slot[CORUN_POLICY_MAX_SLOTS];
	u64 achieved;
};

/* A new job in a slot: profile it unless it relaunches the last kernel. */
static void smk_track(struct smk_slot *k, const struct corun_policy_job *j)
{
	if (k->seqno == j->seqno)
		return;
	k->seqno = j->seqno;
	if (corun_drf_shape(k->shape, j) || k->phase != SMK_KNOWN)
		k->phase = SMK_STARTED;
}

/* The epoch that just ended: advance profiling, note the issue rate. */
static void smk_epoch(struct smk_state *st, const struct corun_policy_in *in,
		      u32 ns)
{
	u32 s, sm, sms = in->plat.num_sms;
	u64 all = 0;

	for (s = 0; s < ns; s++) {
		struct smk_slot *k = &st->slot[s];
		u64 insns = 0, cta_cycles = 0;

		if (!in->slot_in[s].running)
			continue;
		for (sm = 0; sm < sms && sm < CORUN_POLICY_MAX_SMS; sm++) {
			insns += in->sm_slot[sm][s].warp_insns;
			cta_cycles += in->sm_slot[sm][s].cta_cycles;
		}
		all += insns;
		if (k->phase == SMK_STARTED) {
			k->phase = SMK_PROFILE;
		} else if (k->phase == SMK_PROFILE && cta_cycles) {
			k->ipc_alone = insns * 1000 * corun_drf_cap(in, s) /
				       cta_cycles;
			if (!k->ipc_alone)
				k->ipc_alone = 1;
			k->phase = SMK_KNOWN;
		}
	}
	st->achieved = in->epoch_cycles && sms ?
			       all * 1000 / (in->epoch_cycles * sms) :
			       0;
}

static void smk_decide(void *vst, const struct corun_policy_in *in,
		       struct corun_policy_out *out)
{
	struct smk_state *st = vst;
	u32 ns = in->plat.num_slots, s, running = 0, known = 0;
	u32 n[CORUN_POLICY_MAX_SLOTS];
	u64 sum = 0, budget;

	if (ns > CORUN_POLICY_MAX_SLOTS)
		ns = CORUN_POLICY_MAX_SLOTS;
	for (s = 0; s < ns; s++) {
		if (!in->slot_in[s].running)
			continue;
		smk_track(&st->slot[s], &in->slot_in[s].job);
	}
	if (in->event == CORUN_POLICY_EV_EPOCH)
		smk_epoch(st, in, ns);
	for (s = 0; s < ns; s++) {
		if (!in->slot_in[s].running)
			continue;
		running++;
		if (st->slot[s].phase == SMK_KNOWN) {
			known++;
			sum += st->slot[s].ipc_alone;
		}
	}
	budget = st->achieved * SMK_HEADROOM_NUM / SMK_HEADROOM_DEN *
		 in->plat.issue_period;

	corun_drf_static(in, n);
	for (s = 0; s < ns; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];
		u64 q = 0;

		corun_policy_mask_range(o->sm_mask, 0, in->plat.num_sms);
		o->priority = (u32)(in->slot_in[s].job.priority + 1) * 4;
		o->throttle = 0;
		o->issue_quota = 0;
		if (!in->slot_in[s].running) {
			o->cta_quota = 0;
			continue;
		}
		/* a job that fits nowhere beside the others waits for one */
		o->cta_quota = n[s] ? n[s] : 1;
		if (running < 2 || known < running || !sum || !budget)
			continue;
		q = budget * st->slot[s].ipc_alone / (1000 * sum);
		if (q > 0xffffffffull)
			q = 0xffffffffull;
		o->issue_quota = q ? (u32)q : 1;
	}
}

static int smk_init(void *st, const struct corun_policy_platform *plat)
{
	return plat->issue_period ? 0 : -CORUN_EOPNOTSUPP;
}

const struct corun_policy_ops corun_policy_smk = {
	.name = "smk",
	.id = CORUN_POLICY_ID_SMK,
	.desc = "intra-SM: DRF over static resources, issue quotas by alone IPC",
	.state_size = sizeof(struct smk_state),
	.init = smk_init,
	.decide = smk_decide,
};
