// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "warped-slicer" (Xu et al., ISCA'16, as the CCBP paper
 * uses it): when the set of kernels changes, each kernel's scalability
 * curve (performance against CTAs per SM) is measured online; water-
 * filling over the curves under the SM's static limits picks the CTA
 * combination every SM runs, unless sharing SMs is predicted to lose to
 * spatial partitioning, which is then used instead.
 *
 * Profiling: the device's CTA quota is per slot, the same on every SM,
 * so a kernel cannot hold different CTA counts on different SMs at once
 * as in the original. The points are sampled in turn instead, all
 * kernels together: the SMs are split evenly between the kernels (no
 * SM shared, so a point is the kernel's own), and at point i each kernel
 * runs its i-th CTA count, increasing (a growing quota needs no drain),
 * for WS_SAMPLE cycles (at least an epoch), after one epoch skipped for
 * the job's start. Performance is warp instructions per SM and 1000
 * cycles from the per SM and slot counters. Up to WS_POINTS counts are
 * sampled, evenly spaced up to corun_drf_cap(); the curve is linear
 * between them.
 *
 * Water-filling: every kernel starts at one CTA; the kernel with the
 * lowest normalised performance P(n) / max P gets one more while it
 * fits, else it retires. Fall-back: spatial partitioning gives each of K
 * kernels 1/K of the GPU at full occupancy, a normalised sum of 1; when
 * the combination's predicted sum is lower the SMs are split evenly.
 * A relaunch of the same kernel shape in a slot keeps its curve.
 */
#include "drf.h"

/* DRM_CORUN_POLICY_WARPED_SLICER */
#define CORUN_POLICY_ID_WARPED_SLICER 4
#define WS_POINTS 8
#define WS_SAMPLE 20000 /* cycles per point */
#define WS_ONE 1024u /* normalised performance 1.0 */

enum ws_phase {
	WS_IDLE = 0,
	WS_START, /* the epoch in progress began before the last job */
	WS_PROFILE,
	WS_SHARED, /* the water-filling combination on every SM */
	WS_SPATIAL, /* fall-back: SMs split evenly */
};

/**
 * struct ws_slot - a slot's kernel and its curve
 * @shape: threads, registers per thread, shared bytes, grid
 * @np: points of the curve
 * @n: CTAs per SM at each point
 * @perf: warp instructions per SM per 1000 cycles there
 * @insns: profiling: instructions over the current point
 * @cta: the combination's CTAs per SM
 */
struct ws_slot {
	u32 shape[CORUN_DRF_SHAPE_WORDS];
	u32 np;
	u32 n[WS_POINTS];
	u32 perf[WS_POINTS];
	u64 insns;
	u32 cta;
};

/**
 * struct ws_state - Warped-Slicer's private state
 * @slot: per slot
 * @phase: enum ws_phase
 * @mask: the slots of the current decision
 * @point: profiling: the point being sampled
 * @cycles: profiling: cycles sampled at it
 */
struct ws_state {
	struct ws_slot slot[CORUN_POLICY_MAX_SLOTS];
	u32 phase;
	u32 mask;
	u32 point;
	u64 cycles;
};

/* Normalised performance of @w with @n CTAs per SM, in 1/WS_ONE. */
static u32 ws_norm(const struct ws_slot *w, u32 n)
{
	u32 i, best = 0, pn = 0, pv = 0, v;

	for (i = 0; i < w->np; i++)
		if (w->perf[i] > best)
			best = w->perf[i];
	if (!best || !n)
		return 0;
	for (i = 0; i < w->np; i++) {
		if (n <= w->n[i])
			break;
		pn = w->n[i];
		pv = w->perf[i];
	}
	if (i == w->np)
		v = pv;
	else
		v = pv + (u32)((s64)((s64)w->perf[i] - pv) * (n - pn) /
			       (s64)(w->n[i] - pn));
	return (u32)((u64)v * WS_ONE / best);
}

/* Water-filling; returns the predicted sum of normalised performance. */
static u64 ws_fill(struct ws_state *st, const struct corun_policy_in *in)
{
	u32 n[CORUN_POLICY_MAX_SLOTS] = { 0 }, live = st->mask, s, k;
	u64 sum = 0;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		if (live & (1u << s))
			n[s] = 1;
	if (!corun_drf_fits(&in->plat.sm, in, n))
		return 0; /* not even one CTA each: spatial */
	while (live) {
		k = CORUN_POLICY_MAX_SLOTS;
		for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
			if ((live & (1u << s)) &&
			    (k == CORUN_POLICY_MAX_SLOTS ||
			     ws_norm(&st->slot[s], n[s]) <
				     ws_norm(&st->slot[k], n[k])))
				k = s;
		n[k]++;
		if (n[k] > corun_drf_cap(in, k) ||
		    !corun_drf_fits(&in->plat.sm, in, n)) {
			n[k]--;
			live &= ~(1u << k);
		}
	}
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		st->slot[s].cta = n[s];
		if (st->mask & (1u << s))
			sum += ws_norm(&st->slot[s], n[s]);
	}
	return sum;
}

static void ws_restart(struct ws_state *st, const struct corun_policy_in *in,
		       u32 running)
{
	u32 s, i, cap, np;

	st->mask = running;
	st->phase = WS_START;
	st->point = 0;
	st->cycles = 0;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct ws_slot *w = &st->slot[s];

		w->insns = 0;
		if (!(running & (1u << s)))
			continue;
		cap = corun_drf_cap(in, s);
		np = cap < WS_POINTS ? cap : WS_POINTS;
		w->np = np;
		for (i = 0; i < np; i++) {
			w->n[i] = (cap * (i + 1) + np - 1) / np;
			w->perf[i] = 0;
		}
	}
}

/* Kernels new to their slot (or a new set of slots) need profiling. */
static bool ws_changed(struct ws_state *st, const struct corun_policy_in *in,
		       u32 running)
{
	bool changed = running != st->mask;
	u32 s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		if ((running & (1u << s)) &&
		    corun_drf_shape(st->slot[s].shape, &in->slot_in[s].job))
			changed = true;
	return changed;
}

/* How many SMs a slot has in the even split. */
static u32 ws_sms_of(const struct ws_state *st,
		     const struct corun_policy_in *in, u32 slot)
{
	u32 k = corun_drf_count(st->mask), sms = in->plat.num_sms, s, idx = 0;

	for (s = 0; s < slot; s++)
		if (st->mask & (1u << s))
			idx++;
	return sms / k + (idx < sms % k ? 1 : 0);
}

static void ws_epoch(struct ws_state *st, const struct corun_policy_in *in)
{
	u32 s, sm;

	if (st->phase == WS_START) {
		st->phase = WS_PROFILE;
		return;
	}
	if (st->phase != WS_PROFILE)
		return;
	st->cycles += in->epoch_cycles;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		if (!(st->mask & (1u << s)))
			continue;
		for (sm = 0; sm < in->plat.num_sms && sm < CORUN_POLICY_MAX_SMS;
		     sm++)
			st->slot[s].insns += in->sm_slot[sm][s].warp_insns;
	}
	if (st->cycles < WS_SAMPLE)
		return;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct ws_slot *w = &st->slot[s];
		u32 sms = ws_sms_of(st, in, s);

		if (!(st->mask & (1u << s)) || st->point >= w->np)
			continue;
		w->perf[st->point] =
			(u32)(w->insns * 1000 / (st->cycles * (sms ? sms : 1)));
		w->insns = 0;
	}
	st->cycles = 0;
	for (st->point++, s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		if ((st->mask & (1u << s)) && st->point < st->slot[s].np)
			return; /* a kernel has points left */
	st->phase = ws_fill(st, in) < WS_ONE ? WS_SPATIAL : WS_SHARED;
}

static void ws_decide(void *vst, const struct corun_policy_in *in,
		      struct corun_policy_out *out)
{
	struct ws_state *st = vst;
	u32 ns = in->plat.num_slots, sms = in->plat.num_sms;
	u32 s, running = 0, first = 0, n, pt;
	bool split, active;

	if (ns > CORUN_POLICY_MAX_SLOTS)
		ns = CORUN_POLICY_MAX_SLOTS;
	for (s = 0; s < ns; s++)
		if (in->slot_in[s].running)
			running |= 1u << s;
	/*
	 * Fewer than two jobs (or more than SMs): all share all, and what
	 * was learnt stays for a relaunch.
	 */
	active = corun_drf_count(running) >= 2 &&
		 corun_drf_count(running) <= sms;
	if (active) {
		if (ws_changed(st, in, running) || st->phase == WS_IDLE)
			ws_restart(st, in, running);
		else if (in->event == CORUN_POLICY_EV_EPOCH)
			ws_epoch(st, in);
	}
	split = st->phase == WS_START || st->phase == WS_PROFILE ||
		st->phase == WS_SPATIAL;
	for (s = 0; s < ns; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];
		const struct ws_slot *w = &st->slot[s];

		o->priority = (u32)(in->slot_in[s].job.priority + 1) * 4;
		o->throttle = 0;
		o->issue_quota = 0;
		o->cta_quota = 0;
		corun_policy_mask_range(o->sm_mask, 0, sms);
		if (!active || !(running & (1u << s)))
			continue;
		if (split) {
			n = ws_sms_of(st, in, s);
			corun_policy_mask_range(o->sm_mask, first, n);
			first += n;
		}
		if (st->phase == WS_START || st->phase == WS_PROFILE) {
			pt = st->point < w->np ? st->point : w->np - 1;
			o->cta_quota = w->n[pt];
		} else if (st->phase == WS_SHARED) {
			o->cta_quota = w->cta ? w->cta : 1;
		}
	}
}

const struct corun_policy_ops corun_policy_warped_slicer = {
	.name = "warped-slicer",
	.id = CORUN_POLICY_ID_WARPED_SLICER,
	.desc = "intra-SM: CTA combination by water-filling scalability curves",
	.state_size = sizeof(struct ws_state),
	.decide = ws_decide,
};
