// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * CCBP's bandwidth model and allocation (Lin et al., TACO 2019): the
 * issue-rate/bandwidth relations of Eqs. 1-7, the bandwidth-vs-CTA curves
 * and Algorithm 1, the DRF over CTA slots, NoC and DRAM bandwidth. The
 * timeline that measures their inputs is ccbp.c.
 */
#include <corun/fwif.h>

#include "ccbp.h"
#include "drf.h"

u32 corun_ccbp_curve_at(const struct ccbp_curve *c, u32 n, bool dram)
{
	const u32 *v = dram ? c->dbw : c->nbw;
	s64 pn = 0, pv = 0, d;
	u32 i;

	if (!n || !c->np)
		return 0;
	for (i = 0; i < c->np; i++) {
		if (n <= c->n[i] || (c->linear && i + 1 == c->np))
			break;
		pn = c->n[i];
		pv = v[i];
	}
	if (i == c->np)
		return v[c->np - 1]; /* flat after the last point */
	d = (s64)c->n[i] - pn;
	if (d <= 0)
		return v[i];
	d = pv + ((s64)v[i] - pv) * ((s64)n - pn) / d;
	return d < 0 ? 0 : (u32)d;
}

/* Eq. 5's IREven for one bandwidth; U64_MAX when @f is 0 (no use). */
static u64 ccbp_rate(u64 bw, u32 share_num, u32 share_den, u32 sms, u32 f,
		     u32 bytes)
{
	u64 den = (u64)share_den * sms * f * bytes;

	if (!f)
		return ~0ull;
	return den ? bw * share_num * 1024 / den : ~0ull;
}

/* The BI test's rate: IREven (Eq. 5), or @cap below it; U64_MAX: no use. */
static u64 ccbp_bi_rate(const struct corun_policy_platform *p, u32 kernels,
			u32 rf, u32 df, u64 cap)
{
	u64 ir_n, ir_d, even;

	if (!kernels)
		kernels = 1;
	ir_n = ccbp_rate(p->noc_bw, 1, kernels, p->num_sms, rf,
			 p->l1_line + p->flit_bytes);
	ir_d = ccbp_rate(p->dram_bw, 1, kernels, p->num_sms, df, p->llc_line);
	even = ir_n < ir_d ? ir_n : ir_d;
	if (even != ~0ull && cap && cap < even)
		even = cap;
	return even;
}

u32 corun_ccbp_classify(const struct corun_policy_platform *p, u32 kernels,
			u32 rf, u32 df, u64 demand, u64 cap)
{
	u32 reply = p->l1_line + p->flit_bytes;
	u64 even = ccbp_bi_rate(p, kernels, rf, df, cap);

	if (even == ~0ull)
		return CCBP_LS;
	if (demand * 16 < even * 15)
		return CCBP_LS;
	/* Eq. 7: df/rf < (SustainBW_d/SustainBW_n) (L1Blk + Flit) / L2Blk */
	if ((u64)df * p->noc_bw * p->llc_line < (u64)rf * p->dram_bw * reply)
		return CCBP_NBI;
	return CCBP_DBI;
}

bool corun_ccbp_departs(const struct corun_policy_platform *p, u32 kernels,
			u32 m, u32 cls, u32 rf, u32 df, u64 demand, u64 cap)
{
	u64 even = ccbp_bi_rate(p, kernels, rf, df, cls == CCBP_LS ? 0 : cap);
	u64 unit;

	if (even == ~0ull)
		return cls != CCBP_LS; /* no bandwidth use at all */
	unit = corun_ccbp_issue_rate(p, CCBP_UNIT, CCBP_UNIT, m, rf, df);
	/* the class test's 15/16 of the rate, one unit beyond it */
	if (cls == CCBP_LS)
		return demand * 16 >= even * 15 + unit * 16;
	return (demand + unit) * 16 < even * 15;
}

u64 corun_ccbp_issue_rate(const struct corun_policy_platform *p, u64 nbw,
			  u64 dbw, u32 m, u32 rf, u32 df)
{
	u64 ir_n, ir_d, r;

	ir_n = ccbp_rate(p->noc_bw, (u32)nbw, m * CCBP_UNIT, p->num_sms, rf,
			 p->l1_line + p->flit_bytes);
	ir_d = ccbp_rate(p->dram_bw, (u32)dbw, m * CCBP_UNIT, p->num_sms, df,
			 p->llc_line);
	r = ir_n < ir_d ? ir_n : ir_d;
	return r > 0xffffffffull ? 0xffffffffull : r;
}

/*
 * One bandwidth's credits per window; U64_MAX when it does not limit, as
 * when the allocation gave no units of it (firmware/irc.c says why).
 */
static u64 ccbp_credits_eq(u64 units, u64 bw, u32 window, u32 f, u32 m, u32 sms,
			   u32 bytes)
{
	u64 den = (u64)m * 1000000 * f * sms * bytes;

	if (!units || !bw || !f || !den)
		return ~0ull;
	/* below 2^64 for quotas up to M units and the firmware's ranges */
	return units * bw * window * 1024 / den;
}

u32 corun_ccbp_credits(const struct corun_policy_platform *p, u32 nbw, u32 dbw,
		       u32 m, u32 rf, u32 df, u32 window)
{
	u64 cn, cd, c;

	if (!nbw && !dbw)
		return 1;
	rf = rf > 4096 ? 4096 : rf;
	df = df > 4096 ? 4096 : df;
	cn = ccbp_credits_eq(nbw, p->noc_bw, window, rf, m, p->num_sms,
			     p->l1_line + p->flit_bytes);
	cd = ccbp_credits_eq(dbw, p->dram_bw, window, df, m, p->num_sms,
			     p->llc_line);
	c = cn < cd ? cn : cd;
	if (c == ~0ull)
		return CORUN_FW_IRC_CREDITS_UNLIMITED;
	if (c > window)
		c = window;
	return c ? (u32)c : 1;
}

/* The tentative allocation of @k fits beside everybody else's. */
static bool ccbp_can_alloc(const struct corun_policy_in *in,
			   const struct ccbp_alloc *a, u32 k, u32 cta, u32 nbw,
			   u32 dbw, u32 m)
{
	u32 n[CORUN_POLICY_MAX_SLOTS], s;
	u64 sn = nbw, sd = dbw;

	if (cta > a[k].cap)
		return false;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		n[s] = a[s].live ? a[s].cta : 0;
		if (s != k && a[s].live) {
			sn += a[s].nbw;
			sd += a[s].dbw;
		}
	}
	n[k] = cta;
	return sn <= (u64)m * CCBP_UNIT && sd <= (u64)m * CCBP_UNIT &&
	       corun_drf_fits(&in->plat.sm, in, n);
}

/* DomShareCal, in 1/CORUN_DRF_ONE. */
static u32 ccbp_dom(const struct corun_policy_in *in,
		    const struct ccbp_alloc *a, u32 k, u32 m, u32 prior)
{
	u64 q;

	if (a[k].cls == CCBP_LS)
		return (u32)((u64)corun_drf_share(&in->plat.sm,
						  &in->slot_in[k].job.cta,
						  a[k].cta) *
			     prior / 1024);
	q = a[k].cls == CCBP_NBI ? a[k].nbw : a[k].dbw;
	return (u32)(q * CORUN_DRF_ONE / ((u64)m * CCBP_UNIT));
}

void corun_ccbp_alg1(const struct corun_policy_in *in, struct ccbp_alloc *a,
		     u32 m, u32 prior)
{
	u32 dom[CORUN_POLICY_MAX_SLOTS], k, s, live = 0;
	u32 tc, tn, td, cur, base;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		a[s].cta = 0;
		a[s].nbw = 0;
		a[s].dbw = 0;
		dom[s] = 0;
		if (a[s].live)
			live |= 1u << s;
	}
	while (live) {
		k = CORUN_POLICY_MAX_SLOTS;
		for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
			if ((live & (1u << s)) &&
			    (k == CORUN_POLICY_MAX_SLOTS || dom[s] < dom[k]))
				k = s;
		if (a[k].cls == CCBP_LS) {
			tc = a[k].cta + 1;
			tn = corun_ccbp_curve_at(&a[k].curve, tc, false);
			td = corun_ccbp_curve_at(&a[k].curve, tc, true);
		} else {
			bool d = a[k].cls == CCBP_DBI;

			/* one more unit of the dominant bandwidth */
			cur = (d ? a[k].dbw : a[k].nbw) + CCBP_UNIT;
			tc = a[k].cta;
			if (corun_ccbp_curve_at(&a[k].curve, tc, d) < cur)
				tc++;
			/* the other bandwidth scales with it */
			base = corun_ccbp_curve_at(&a[k].curve, tc, d);
			td = corun_ccbp_curve_at(&a[k].curve, tc, !d);
			if (base)
				td = (u32)((u64)td * cur / base);
			tn = d ? td : cur;
			td = d ? cur : td;
		}
		if (!ccbp_can_alloc(in, a, k, tc, tn, td, m)) {
			live &= ~(1u << k);
			continue;
		}
		a[k].cta = tc;
		a[k].nbw = tn;
		a[k].dbw = td;
		dom[k] = ccbp_dom(in, a, k, m, prior);
	}
}
