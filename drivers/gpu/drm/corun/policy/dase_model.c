// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The DASE-style white-box slowdown model (dase_model.h).
 */
#include "dase_model.h"

int dase_model_check(const struct corun_policy_platform *p)
{
	if (!p->num_sms || !p->num_channels || !p->sm_mhz || !p->dram_mhz)
		return -CORUN_EINVAL;
	return 0;
}

void dase_epoch_read(const struct corun_policy_in *in, u32 slot,
		     const struct hsm_epoch *h, struct dase_epoch *e)
{
	const struct corun_policy_slot_in *si = &in->slot_in[slot];
	u32 i;

	e->cycles = h->cycles;
	e->sms = h->sms;
	e->ctas_total = h->ctas_total;
	e->insns = h->insns;
	e->dram_accesses = h->accesses;
	e->stall_mem = si->d.stall[CORUN_STALL_RAW_LONG] +
		       si->d.stall[CORUN_STALL_LSU_FULL];
	e->stall_all = 0;
	for (i = 0; i < CORUN_STALL_NR; i++)
		e->stall_all += si->d.stall[i];
	e->llc_misses = si->d.llc_misses;
	e->mem_latency_sum = si->d.mem_latency_sum;
	e->ic = si->interf;
}

/* DRAM cycles to SM cycles. */
static u64 dase_sm_cycles(const struct corun_policy_platform *p, u64 v)
{
	return v * p->sm_mhz / p->dram_mhz;
}

void dase_predict(const struct corun_policy_platform *p,
		  const struct dase_epoch *e, struct hsm_pred *r,
		  struct dase_detail *d)
{
	struct dase_detail dd = { 0 };
	u64 sched, memt, comp, alone, lines, penalty;
	u32 cap;

	hsm_pred_start(p, e->ctas_total, e->sms, r);
	dd.mlp = HSM_ONE;
	if (d)
		*d = dd;
	if ((!e->insns && !e->dram_accesses) || !e->cycles || !r->sigma)
		return;
	r->cls = HSM_WHITEBOX;
	/* DRAM interference: bank + row + bus request-cycles */
	dd.interf_dram = dase_sm_cycles(p, e->ic.dram_bank + e->ic.dram_row +
						   e->ic.dram_bus);
	/*
	 * LLC: the share of sampled misses the slot's own tag directory hit,
	 * of all its misses, each costing the average DRAM time of its
	 * accesses
	 */
	if (e->ic.llc_atd_misses && e->dram_accesses) {
		lines = e->llc_misses * e->ic.llc_atd_interf /
			e->ic.llc_atd_misses;
		penalty = dase_sm_cycles(p, e->ic.dram_req_cycles) /
			  e->dram_accesses;
		dd.interf_llc = lines * penalty;
	}
	/* MLP: L1-miss request-cycles per cycle with one outstanding */
	if (e->ic.mem_busy_cycles && e->mem_latency_sum > e->ic.mem_busy_cycles)
		dd.mlp = (u32)(e->mem_latency_sum * HSM_ONE /
			       e->ic.mem_busy_cycles);
	dd.lost = (dd.interf_dram + dd.interf_llc) * HSM_ONE / dd.mlp;
	/* alpha: scheduler cycles stalled on memory, of all of them */
	sched = e->insns + e->stall_all;
	dd.mem_frac = sched ? (u32)(e->stall_mem * HSM_ONE / sched) : 0;
	/*
	 * Alone on sigma SMs: the memory-stall time less the lost cycles
	 * (no other job's requests; bandwidth-bound, it does not shrink
	 * with SMs), the rest shrinking linearly with SMs.
	 */
	memt = e->cycles * dd.mem_frac / HSM_ONE;
	memt = memt > dd.lost ? memt - dd.lost : 0;
	comp = (e->cycles - e->cycles * dd.mem_frac / HSM_ONE) * r->sms /
	       r->sigma;
	alone = memt + comp;
	dd.np_uncapped = alone >= e->cycles ?
				 HSM_ONE :
				 (u32)(alone * HSM_ONE / e->cycles);
	r->np_uncapped = dd.np_uncapped;
	/* HSM's cap: slowdown at most S_Max / S_k */
	cap = r->sms * HSM_ONE / r->sigma;
	r->np = dd.np_uncapped > cap ? dd.np_uncapped : cap;
	if (d)
		*d = dd;
}

void dase_predict_in(const struct corun_policy_in *in, u32 slot,
		     const struct hsm_epoch *e, struct hsm_pred *r)
{
	struct dase_epoch de;

	dase_epoch_read(in, slot, e, &de);
	dase_predict(&in->plat, &de, r, 0);
}

void dase_decide(struct dase_state *st, const struct smpart_ops *ops,
		 const struct corun_policy_in *in, struct corun_policy_out *out)
{
	const struct hsm_pred *p;
	struct hsm_acct *a;
	u32 s, ns = in->plat.num_slots;

	smpart_decide(&st->sp, ops, in, out);
	for (s = 0; s < ns && s < CORUN_POLICY_MAX_SLOTS; s++) {
		a = &st->raw[s];
		p = &st->sp.pred[s];
		if (in->event == CORUN_POLICY_EV_JOB_END && s == in->slot) {
			out->slot[s].est_alone_uncapped =
				hsm_acct_alone(a, in->now);
			continue;
		}
		if (!in->slot_in[s].running)
			continue;
		if (a->seqno != in->slot_in[s].job.seqno) {
			hsm_acct_start(a, in->slot_in[s].job.seqno,
				       st->sp.acct[s].last, 0);
			out->slot[s].est_alone_uncapped = 0;
		}
		if (in->event == CORUN_POLICY_EV_EPOCH) {
			if (p->cls != HSM_NONE)
				hsm_acct_epoch(a, in->cycle, p->np_uncapped);
			out->slot[s].est_alone_uncapped =
				hsm_acct_alone(a, in->cycle);
		} else {
			/* until an epoch measures it: the frame's guess */
			hsm_acct_guess(a, st->sp.acct[s].np);
		}
	}
}
