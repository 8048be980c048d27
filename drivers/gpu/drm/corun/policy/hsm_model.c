// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * HSM, the hybrid slowdown model (hsm_model.h): the classifier, the NP
 * predictors, a job's predicted alone cycles and the SM ownership of the
 * partitioning policies. Integer arithmetic only.
 */
#include "hsm_model.h"

#define HSM_U32_MAX 0xffffffffu

int hsm_model_check(const struct corun_policy_platform *p)
{
	if (!p->hsm_c1 && !p->hsm_c2)
		return -CORUN_EOPNOTSUPP; /* run corun-sim --fit-hsm */
	if (!p->hsm_c2 || !p->num_sms || !p->num_channels || !p->sm_mhz ||
	    !p->dram_mhz || !p->sm_issue)
		return -CORUN_EINVAL;
	return 0;
}

void hsm_epoch_read(const struct corun_policy_in *in, u32 slot, u32 sms,
		    struct hsm_epoch *e)
{
	const struct corun_policy_slot_in *si = &in->slot_in[slot];
	u32 c;

	e->cycles = in->epoch_cycles;
	e->sms = sms;
	e->ctas_total = si->job.ctas_total;
	e->insns = si->d.warp_insns;
	e->bus_cycles = si->d.dram_bus_cycles;
	e->accesses = 0;
	e->row_hits = 0;
	for (c = 0; c < in->plat.num_channels && c < CORUN_POLICY_MAX_CHANNELS;
	     c++) {
		e->accesses += in->chan_slot[c][slot].accesses;
		e->row_hits += in->chan_slot[c][slot].row_hits;
	}
}

u32 hsm_sigma(const struct corun_policy_platform *p, u32 ctas_total)
{
	/* Eq. 4's sigma_k: a grid of fewer CTAs than SMs uses only those */
	return ctas_total && ctas_total < p->num_sms ? ctas_total : p->num_sms;
}

static u32 hsm_sat32(u64 v)
{
	return v > HSM_U32_MAX ? HSM_U32_MAX : (u32)v;
}

void hsm_pred_start(const struct corun_policy_platform *p, u32 ctas_total,
		    u32 sms, struct hsm_pred *r)
{
	*r = (struct hsm_pred){ .cls = HSM_NONE };
	r->sigma = hsm_sigma(p, ctas_total);
	r->sms = sms < r->sigma ? sms : r->sigma;
}

void hsm_predict(const struct corun_policy_platform *p,
		 const struct hsm_epoch *e, struct hsm_pred *r)
{
	u64 dram_cycles, peak, imax;

	hsm_pred_start(p, e->ctas_total, e->sms, r);
	r->beta = p->hsm_c2;
	if (!e->insns && !e->accesses)
		return;
	if (e->accesses)
		r->rbh = (u32)(e->row_hits * HSM_ONE / e->accesses);
	/* Eq. 3 without B_Max: a fraction of the peak */
	r->beta = p->hsm_c1 * r->rbh / HSM_ONE + p->hsm_c2;
	/* B_k: data-bus busy cycles over all channels' DRAM cycles */
	dram_cycles = e->cycles * p->dram_mhz / p->sm_mhz;
	peak = dram_cycles * p->num_channels;
	if (peak)
		r->util = hsm_sat32(e->bus_cycles * CORUN_HSM_FIT_ONE / peak);
	if (r->util >
	    CORUN_HSM_FIT_ONE) /* not over the peak: keeps Eq. 2 in u64 */
		r->util = CORUN_HSM_FIT_ONE;
	/*
	 * Eq. 2 in the same unit: the traffic scaled to the instructions
	 * the whole GPU could issue in the epoch (I_Max / I_k).
	 */
	imax = (u64)p->num_sms * p->sm_issue * e->cycles;
	if (!e->accesses)
		r->demand = 0;
	else if (!e->insns)
		r->demand = HSM_U32_MAX;
	else
		r->demand = hsm_sat32((u64)r->util * imax / e->insns);
	if (r->demand > r->beta) {
		u64 np = (u64)r->util * HSM_ONE / r->beta; /* Eq. 5 */

		r->cls = HSM_MEMORY;
		r->np = np > HSM_ONE ? HSM_ONE : (u32)np;
	} else {
		r->cls = HSM_COMPUTE;
		r->np = r->sms * HSM_ONE / r->sigma; /* Eq. 4 */
	}
	r->np_uncapped = r->np;
}

void hsm_acct_start(struct hsm_acct *a, u64 seqno, u64 now, u32 np)
{
	a->seqno = seqno;
	a->last = now;
	a->est = 0;
	a->np = np;
}

void hsm_acct_epoch(struct hsm_acct *a, u64 end, u32 np)
{
	if (end <= a->last)
		return; /* an epoch that ended before the job started */
	/* the epoch's counters measured the progress of all its cycles */
	a->est += (u64)np * (end - a->last);
	a->last = end;
	a->np = np;
}

void hsm_acct_guess(struct hsm_acct *a, u32 np)
{
	a->np = np;
}

u64 hsm_acct_alone(const struct hsm_acct *a, u64 now)
{
	u64 est = a->est;

	if (now > a->last)
		est += (u64)a->np * (now - a->last);
	return est / HSM_ONE;
}

u32 hsm_part_count(const struct hsm_part *pt, u32 num_sms, u32 slot)
{
	u32 m, n = 0;

	for (m = 0; m < num_sms && m < CORUN_POLICY_MAX_SMS; m++)
		n += pt->owner[m] == slot;
	return n;
}

void hsm_part_even(struct hsm_part *pt, const struct corun_policy_in *in)
{
	u32 ns = in->plat.num_slots, sms = in->plat.num_sms;
	u32 s, m = 0, running = 0, share, extra, n, i;

	for (i = 0; i < CORUN_POLICY_MAX_SMS; i++)
		pt->owner[i] = HSM_NO_OWNER;
	for (s = 0; s < ns && s < CORUN_POLICY_MAX_SLOTS; s++)
		running += !!in->slot_in[s].running;
	if (!running || running > sms)
		return;
	share = sms / running;
	extra = sms % running;
	for (s = 0; s < ns && s < CORUN_POLICY_MAX_SLOTS; s++) {
		if (!in->slot_in[s].running)
			continue;
		n = share + (extra ? 1 : 0);
		if (extra)
			extra--;
		for (i = 0; i < n && m < CORUN_POLICY_MAX_SMS; i++)
			pt->owner[m++] = (u8)s;
	}
}

void hsm_part_move(struct hsm_part *pt, u32 num_sms, u32 from, u32 to, u32 n)
{
	u32 m = num_sms < CORUN_POLICY_MAX_SMS ? num_sms : CORUN_POLICY_MAX_SMS;

	while (n && m--) {
		if (pt->owner[m] != from)
			continue;
		pt->owner[m] = (u8)to;
		n--;
	}
}

void hsm_part_masks(const struct hsm_part *pt, const struct corun_policy_in *in,
		    struct corun_policy_out *out)
{
	u32 ns = in->plat.num_slots, sms = in->plat.num_sms, s, m, w;

	for (s = 0; s < ns && s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];

		o->cta_quota = 0;
		o->priority = (u32)(in->slot_in[s].job.priority + 1) * 4;
		if (!in->slot_in[s].running || !hsm_part_count(pt, sms, s)) {
			corun_policy_mask_range(o->sm_mask, 0, sms);
			continue;
		}
		for (w = 0; w < CORUN_POLICY_MASK_WORDS; w++)
			o->sm_mask[w] = 0;
		for (m = 0; m < sms && m < CORUN_POLICY_MAX_SMS; m++)
			if (pt->owner[m] == s)
				o->sm_mask[m / 32] |= 1u << (m % 32);
	}
}
