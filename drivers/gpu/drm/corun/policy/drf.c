// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Static-resource sharing of an SM between several jobs' CTAs: the fit
 * test and the dominant shares behind SMK's DRF and CCBP's Algorithm 1.
 */
#include "drf.h"

static u32 drf_frac(u64 used, u32 total)
{
	if (!total)
		return CORUN_DRF_ONE;
	return (u32)(used * CORUN_DRF_ONE / total);
}

u32 corun_drf_share(const struct corun_sm_limits *l,
		    const struct corun_cta_footprint *f, u32 n)
{
	u32 d = drf_frac(n, l->ctas), v;

	v = drf_frac((u64)n * f->threads, l->threads);
	if (v > d)
		d = v;
	v = drf_frac((u64)n * f->regs, l->regs);
	if (v > d)
		d = v;
	if (f->shared) {
		v = drf_frac((u64)n * f->shared, l->shared);
		if (v > d)
			d = v;
	}
	return d;
}

bool corun_drf_fits(const struct corun_sm_limits *l,
		    const struct corun_policy_in *in, const u32 *n)
{
	u64 ctas = 0, threads = 0, regs = 0, shared = 0;
	u32 s;

	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		const struct corun_cta_footprint *f = &in->slot_in[s].job.cta;

		if (!n[s])
			continue;
		ctas += n[s];
		threads += (u64)n[s] * f->threads;
		regs += (u64)n[s] * f->regs;
		shared += (u64)n[s] * f->shared;
	}
	return ctas <= l->ctas && threads <= l->threads && regs <= l->regs &&
	       shared <= l->shared;
}

bool corun_drf_shape(u32 *shape, const struct corun_policy_job *j)
{
	const u32 now[CORUN_DRF_SHAPE_WORDS] = { j->threads, j->regs_per_thread,
						 j->shared_bytes,
						 j->ctas_total };
	bool changed = false;
	u32 i;

	for (i = 0; i < CORUN_DRF_SHAPE_WORDS; i++) {
		if (shape[i] != now[i])
			changed = true;
		shape[i] = now[i];
	}
	return changed;
}

u32 corun_drf_count(u32 mask)
{
	u32 n = 0;

	for (; mask; mask &= mask - 1)
		n++;
	return n;
}

u32 corun_drf_cap(const struct corun_policy_in *in, u32 s)
{
	const struct corun_policy_job *j = &in->slot_in[s].job;
	u32 sms = in->plat.num_sms ? in->plat.num_sms : 1;
	u32 cap = j->cta.ctas_per_sm;
	u32 grid = (u32)(((u64)j->ctas_total + sms - 1) / sms);

	if (grid < cap)
		cap = grid;
	return cap ? cap : 1;
}

void corun_drf_static(const struct corun_policy_in *in, u32 *n)
{
	u32 ns = in->plat.num_slots, s, best;
	u32 live = 0, dom[CORUN_POLICY_MAX_SLOTS];
	const struct corun_cta_footprint *f;

	if (ns > CORUN_POLICY_MAX_SLOTS)
		ns = CORUN_POLICY_MAX_SLOTS;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		n[s] = 0;
		dom[s] = 0;
		if (s < ns && in->slot_in[s].running)
			live |= 1u << s;
	}
	while (live) {
		best = ns;
		for (s = 0; s < ns; s++)
			if ((live & (1u << s)) &&
			    (best == ns || dom[s] < dom[best]))
				best = s;
		n[best]++;
		if (n[best] > corun_drf_cap(in, best) ||
		    !corun_drf_fits(&in->plat.sm, in, n)) {
			n[best]--;
			live &= ~(1u << best);
			continue;
		}
		f = &in->slot_in[best].job.cta;
		dom[best] = corun_drf_share(&in->plat.sm, f, n[best]);
	}
}
