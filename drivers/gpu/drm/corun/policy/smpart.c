// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Epoch-driven SM partitioning with a slowdown model (smpart.h).
 */
#include "smpart.h"

void hsm_predict_in(const struct corun_policy_in *in, u32 slot,
		    const struct hsm_epoch *e, struct hsm_pred *r)
{
	hsm_predict(&in->plat, e, r);
}

bool smpart_predicted(const struct smpart *sp, const struct corun_policy_in *in,
		      u32 slot)
{
	return in->slot_in[slot].running && sp->pred[slot].cls != HSM_NONE &&
	       sp->pred[slot].sms &&
	       hsm_part_count(&sp->pt, in->plat.num_sms, slot);
}

/* The compute predictor's guess before any counters: S / sigma. */
static u32 smpart_guess(const struct smpart *sp,
			const struct corun_policy_in *in, u32 slot)
{
	const struct corun_policy_job *j = &in->slot_in[slot].job;
	u32 sigma = hsm_sigma(&in->plat, j->ctas_total), s;

	s = hsm_part_count(&sp->pt, in->plat.num_sms, slot);
	if (!s || s > sigma) /* no SM of its own: it shares them all */
		s = sigma;
	return sigma ? s * HSM_ONE / sigma : HSM_ONE;
}

/*
 * A change of the set of programs: an even split. A job's NP from here on is its
 * last prediction scaled to its new SMs (NP is linear in SMs through the
 * origin, HSM's Fig. 9), or the compute guess without one.
 */
static void smpart_restart(struct smpart *sp, const struct corun_policy_in *in)
{
	const struct hsm_pred *p;
	u32 s, n, np;

	hsm_part_even(&sp->pt, in);
	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		sp->relaunch[s] = 0;
		if (!in->slot_in[s].running)
			continue;
		p = &sp->pred[s];
		n = hsm_part_count(&sp->pt, in->plat.num_sms, s);
		np = smpart_guess(sp, in, s);
		if (p->cls != HSM_NONE && p->sms && n) {
			np = (u32)((u64)p->np * n / p->sms);
			if (np > HSM_ONE)
				np = HSM_ONE;
		}
		hsm_acct_guess(&sp->acct[s], np);
	}
}

static void smpart_job_start(struct smpart *sp,
			     const struct corun_policy_in *in, u32 s)
{
	/* a job following the last one at once keeps the residency */
	if (in->now != sp->idle_since[s] || !sp->res_start[s])
		sp->res_start[s] = in->now;
	hsm_acct_start(&sp->acct[s], in->slot_in[s].job.seqno, in->now, 0);
	sp->pred[s].cls = HSM_NONE;
}

/*
 * A relaunch: the program goes on in its slot with its SMs, its last
 * prediction and its residency; only the accounting is the new job's,
 * at the NP last predicted (the guess without one).
 */
static void smpart_relaunch(struct smpart *sp, const struct corun_policy_in *in,
			    u32 s)
{
	const struct hsm_pred *p = &sp->pred[s];
	u32 np = p->cls != HSM_NONE ? p->np : smpart_guess(sp, in, s);

	sp->relaunch[s] = 0;
	hsm_acct_start(&sp->acct[s], in->slot_in[s].job.seqno, in->now, np);
}

/*
 * An epoch boundary closes the relaunch window: a slot whose job ended
 * since the last one and that is still idle really left, and the rest
 * restart from an even split.
 */
static bool smpart_window_close(struct smpart *sp,
				const struct corun_policy_in *in)
{
	bool left = false;
	u32 s;

	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		left |= sp->relaunch[s] && !in->slot_in[s].running;
		sp->relaunch[s] = 0;
	}
	if (left)
		smpart_restart(sp, in);
	return left;
}

static void smpart_epoch(struct smpart *sp, const struct smpart_ops *ops,
			 const struct corun_policy_in *in,
			 struct corun_policy_out *out)
{
	u32 s, ns = in->plat.num_slots, sms = in->plat.num_sms;
	u32 settle = sp->pt.settle, n;
	struct hsm_epoch e;
	u64 from, span;

	/*
	 * The deltas cover the cycles since the last snapshot: more than the
	 * epoch length when the timer was restarted (a job start or end, or
	 * epochs turned back on), which the snapshot does not say.
	 */
	span = sp->last_epoch && in->cycle > sp->last_epoch ?
		       in->cycle - sp->last_epoch :
		       in->epoch_cycles;
	sp->last_epoch = in->cycle;
	for (s = 0; s < ns && s < CORUN_POLICY_MAX_SLOTS; s++) {
		const struct corun_policy_slot_in *si = &in->slot_in[s];

		if (!si->running)
			continue;
		/* owning none (more jobs than SMs), it shares them all */
		n = hsm_part_count(&sp->pt, sms, s);
		hsm_epoch_read(in, s, n ? n : sms, &e);
		e.cycles = span;
		/* the epoch's counters cover only the cycles it was resident */
		from = in->cycle > e.cycles ? in->cycle - e.cycles : 0;
		if (sp->res_start[s] > from)
			e.cycles = in->cycle - sp->res_start[s];
		ops->predict(in, s, &e, &sp->pred[s]);
		if (sp->pred[s].cls != HSM_NONE &&
		    sp->acct[s].seqno == si->job.seqno)
			hsm_acct_epoch(&sp->acct[s], in->cycle, sp->pred[s].np);
		out->slot[s].est_alone_cycles =
			hsm_acct_alone(&sp->acct[s], in->cycle);
	}
	sp->pt.settle = 0;
	sp->moved = 0;
	if (smpart_window_close(sp, in)) {
		sp->pt.settle = 1;
		return;
	}
	/* the first epoch after a start or end straddles the even split */
	if (!settle)
		ops->repartition(sp, in);
}

u32 smpart_reclaim_rule(u64 done, u32 done_sms, u64 resident, u32 res_sms)
{
	if (!done_sms || !res_sms)
		return CORUN_RECLAIM_SWITCH;
	/* done / done_sms > resident / res_sms, without division */
	return done * res_sms > resident * done_sms ? CORUN_RECLAIM_DRAIN :
						      CORUN_RECLAIM_SWITCH;
}

/*
 * Every slot that lost SMs since @before gives them up by the rule over
 * the last epoch: the CTAs it completed on the SMs it held, against the
 * CTAs those SMs can hold at once.
 */
static void smpart_reclaims(struct smpart *sp, const u8 *before,
			    const struct corun_policy_in *in,
			    struct corun_policy_out *out)
{
	u32 s, m, sms = in->plat.num_sms, held, lost;

	if (sms > CORUN_POLICY_MAX_SMS)
		sms = CORUN_POLICY_MAX_SMS;
	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		const struct corun_policy_slot_in *si = &in->slot_in[s];
		u32 r = CORUN_RECLAIM_DRAIN;
		u64 cap;

		for (m = 0, held = 0, lost = 0; m < sms; m++) {
			held += before[m] == s;
			lost += before[m] == s && sp->pt.owner[m] != s;
		}
		if (!lost || !si->running)
			continue;
		/*
		 * The paper compares with the CTAs one SM can hold (the
		 * job's occupancy); without a footprint, with those resident.
		 */
		cap = si->job.cta.ctas_per_sm ?
			      (u64)si->job.cta.ctas_per_sm * held :
			      si->job.ctas_resident;
		if (in->plat.ctxsw)
			r = smpart_reclaim_rule(si->d.ctas_done, held, cap,
						held);
		out->slot[s].reclaim = r;
		sp->lost[s] = lost;
		sp->reclaim[s] = r;
		sp->cs_choices[r]++;
	}
}

void smpart_decide(struct smpart *sp, const struct smpart_ops *ops,
		   const struct corun_policy_in *in,
		   struct corun_policy_out *out)
{
	u8 before[CORUN_POLICY_MAX_SMS];
	u32 s = in->slot;

	for (s = 0; s < CORUN_POLICY_MAX_SMS; s++)
		before[s] = sp->pt.owner[s];
	s = in->slot;

	switch (in->event) {
	case CORUN_POLICY_EV_INIT:
		for (s = 0;
		     s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++)
			if (in->slot_in[s].running &&
			    sp->acct[s].seqno != in->slot_in[s].job.seqno)
				smpart_job_start(sp, in, s);
		smpart_restart(sp, in);
		sp->pt.settle = 1;
		break;
	case CORUN_POLICY_EV_JOB_START:
		out->slot[s].est_alone_cycles = 0;
		if (sp->relaunch[s] &&
		    hsm_part_count(&sp->pt, in->plat.num_sms, s)) {
			smpart_relaunch(sp, in, s);
			out->keep_epoch = 1;
			break;
		}
		smpart_job_start(sp, in, s);
		smpart_restart(sp, in);
		sp->pt.settle = 1;
		break;
	case CORUN_POLICY_EV_JOB_END:
		/* the ended job's estimate, for its counters */
		out->slot[s].est_alone_cycles =
			hsm_acct_alone(&sp->acct[s], in->now);
		sp->idle_since[s] = in->now;
		/* its SMs wait for a relaunch until the next epoch */
		sp->relaunch[s] = 1;
		out->keep_epoch = 1;
		break;
	case CORUN_POLICY_EV_EPOCH:
		smpart_epoch(sp, ops, in, out);
		break;
	}
	smpart_reclaims(sp, before, in, out);
	hsm_part_masks(&sp->pt, in, out);
	/* the model's view for the trace: the last epoch's prediction */
	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		u32 cls = in->slot_in[s].running ? sp->pred[s].cls : HSM_NONE;

		out->slot[s].np_class = cls;
		out->slot[s].np = cls != HSM_NONE ? sp->pred[s].np : 0;
	}
}
