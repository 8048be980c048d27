// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "ccbp": coordinated CTA combination and bandwidth
 * partitioning (Lin et al., TACO 2019), CCBP_DRF+adj. Every SM is shared;
 * the driver decides the CTAs per SM of each job (the same on every SM)
 * and NoC and DRAM bandwidth quotas, and the firmware's issue-rate
 * control (firmware/irc.c) enforces the quotas as credits per slot per
 * refill window at each SM's L1 miss queue, latency-sensitive slots
 * first. With a firmware that has CORUN_FW_FEAT_IRC_CCBP the driver
 * hands it the quotas in units and each job's class, and the firmware
 * turns them into credits with Eqs. 1 and 3 from the rf and df it
 * measures every tick; with an older one the driver turns the quotas
 * into static shares itself at each epoch. rf and df come from the
 * firmware's monitors when it has them (CORUN_FW_FEAT_MONITORS), else
 * from the slot counters. The model is ccbp_alg.c; this file is the
 * timeline, in device
 * cycles counted over epochs (a step lasts at least one epoch):
 *
 *   WARMUP (50K)  even CTA combination, no bandwidth limit
 *   RFDF (20K)    rf and df of each job (Eqs. 2 and 4)
 *   CLASSIFY (20K) even issue rates (Eq. 5) in force; IRDemand, the
 *                 LS jobs' per-CTA bandwidth and each job's reference IPC
 *   PROBE         per BI job and probed CTA count n: its limit lifted, n
 *                 of its CTAs active (the rest throttled); 10K skipped,
 *                 10K measured
 *   EVAL (100K)   Algorithm 1 with priorLSK applied; priorLSK steps down
 *                 by 0.1 while the harmonic speedup improves
 *   STEADY        the best allocation; rf and df keep being monitored
 *                 and the credits follow them every epoch
 *
 * Where the paper is silent (Documentation/gpu/corun/cta-policies.rst):
 * the classification window is the rf/df window; IRDemand is the miss
 * demand per SM; the probed counts are CCBP_PROBES evenly spaced ones up
 * to the even count; LS jobs get priority but no credit limit; the
 * hill-climbing metric is the harmonic mean of each job's IPC over its
 * IPC under the even detection setting (alone IPC is not known online),
 * floor 0.1. A job's class is its application's: a relaunch in a slot
 * keeps the slot's class, curve and priorLSK whatever its shape (only
 * the CTA cap, the even count and Algorithm 1's allocation follow the
 * new footprint and grid); detection restarts when a job arrives in
 * another slot or the set of jobs changes across an epoch, and, with the
 * knob "redetect" = K (off by default), when a slot's demand departs from
 * its class for K consecutive epochs (ccbp_departed()). The BI test
 * compares the demand with the credits in force as well as with IREven.
 * With the knob "rescale" a BI job's units of its other bandwidth follow
 * its rf and df (ccbp_rescale()).
 */
#include <corun/fwif.h>

#include "ccbp.h"
#include "drf.h"

/* DRM_CORUN_POLICY_CCBP */
#define CORUN_POLICY_ID_CCBP 5

#define CCBP_M 20 /* units per bandwidth */
#define CCBP_T_WARMUP 50000
#define CCBP_T_RFDF 20000
#define CCBP_T_CLASSIFY 20000
#define CCBP_T_PROBE_SKIP 10000
#define CCBP_T_PROBE_MEASURE 10000
#define CCBP_T_EVAL 100000
#define CCBP_PRIOR_ONE 1024
#define CCBP_PRIOR_STEP 102 /* 0.1 */
#define CCBP_PRIOR_MIN 102
#define CCBP_PRIO_LS 1 /* miss-queue priority of LS jobs */
#define CCBP_P_REDETECT 0 /* the knobs' indices in ccbp_params[] */
#define CCBP_P_RESCALE 1

enum ccbp_phase {
	CCBP_PH_IDLE = 0,
	CCBP_PH_WARMUP,
	CCBP_PH_RFDF,
	CCBP_PH_CLASSIFY,
	CCBP_PH_PROBE_SKIP,
	CCBP_PH_PROBE,
	CCBP_PH_EVAL,
	CCBP_PH_STEADY,
};

/* The firmware's refill window after boot (fwif.h); nothing changes it. */
#define CCBP_WINDOW 200

/*
 * Counters summed over a step; @mon_rf and @mon_df are the firmware's
 * per-epoch monitors weighted by the epoch's requests, @mon_miss counts
 * the epochs without them; @cred sums the credits per window in force
 * (read back from the firmware, else the driver's own formula) times the
 * epoch's cycles over the @cred_cycles of the epochs that had a limit.
 */
struct ccbp_acc {
	u64 cycles;
	u64 reads;
	u64 requests;
	u64 dram;
	u64 demand;
	u64 insns;
	u64 cta_cycles;
	u64 mon_rf;
	u64 mon_df;
	u32 mon_miss;
	u64 cred;
	u64 cred_cycles;
};

/**
 * struct ccbp_slot - what CCBP knows about a slot's job
 * @shape: threads, registers per thread, shared bytes and grid size: a
 *	kernel with the same shape in the slot is the same kernel
 * @even_n: CTAs per SM under the even combination
 * @rf: read requests per request, 1/1024
 * @df: DRAM accesses per request, 1/1024
 * @ipc_ref: warp instructions per 1000 cycles under the even setting
 * @depart: consecutive epochs its demand departed from its class
 * @a: Algorithm 1's input and output
 * @acc: the current step's counters
 */
struct ccbp_slot {
	u32 shape[CORUN_DRF_SHAPE_WORDS];
	u32 even_n;
	u32 rf;
	u32 df;
	u64 ipc_ref;
	u32 depart;
	struct ccbp_alloc a;
	struct ccbp_acc acc;
};

/**
 * struct ccbp_state - CCBP's private state
 * @slot: per slot
 * @phase: enum ccbp_phase
 * @mask: the slots detection runs for
 * @cycles: cycles spent in the current step
 * @probe_slot: the BI job being probed
 * @probe_idx: its point being probed
 * @prior: priorLSK being evaluated, 1/1024
 * @best_prior: the best one so far
 * @best_cost: its sum of IPC_ref / IPC (1/1024); lower is better
 * @have_best: @best_prior is valid
 */
struct ccbp_state {
	struct ccbp_slot slot[CORUN_POLICY_MAX_SLOTS];
	u32 phase;
	u32 mask;
	u64 cycles;
	u32 probe_slot;
	u32 probe_idx;
	u32 prior;
	u32 best_prior;
	u64 best_cost;
	u32 have_best;
};

/* Milli-units of a sustainable bandwidth @bw that @bytes over @cycles use. */
static u32 ccbp_units(u64 bytes, u64 cycles, u32 bw)
{
	u64 u;

	if (!cycles || !bw)
		return 0;
	u = bytes * 1000 * CCBP_M * CCBP_UNIT / (cycles * bw);
	return u > 0xffffffffull ? 0xffffffffu : (u32)u;
}

static u32 ccbp_ratio(u64 num, u64 den)
{
	u64 r = den ? num * 1024 / den : 0;

	return r > 0xffffffffull ? 0xffffffffu : (u32)r;
}

/* A firmware share (1/1024 request per cycle) for a rate per 1000 cycles. */
static u32 ccbp_share(u64 rate)
{
	u64 s = rate * CORUN_FW_IRC_SHARE_ONE / 1000;

	if (s > CORUN_FW_IRC_SHARE_ONE)
		return CORUN_FW_IRC_SHARE_ONE;
	return s ? (u32)s : 1;
}

static void ccbp_step(struct ccbp_state *st, u32 phase)
{
	u32 s;

	st->phase = phase;
	st->cycles = 0;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		st->slot[s].acc = (struct ccbp_acc){ 0 };
}

/* Slot @s's CTA cap and even count, from its job's grid and footprint. */
static void ccbp_caps(struct ccbp_slot *c, const struct corun_policy_in *in,
		      u32 s, u32 k)
{
	u32 n = corun_drf_cap(in, s) / k;

	c->even_n = n ? n : 1;
	c->a.cap = corun_drf_cap(in, s);
}

static void ccbp_restart(struct ccbp_state *st,
			 const struct corun_policy_in *in, u32 running)
{
	u32 k = corun_drf_count(running), s;

	st->mask = running;
	st->have_best = 0;
	st->prior = CCBP_PRIOR_ONE;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct ccbp_slot *c = &st->slot[s];

		c->a = (struct ccbp_alloc){ 0 };
		c->depart = 0;
		if (!(running & (1u << s)))
			continue;
		c->a.live = 1;
		ccbp_caps(c, in, s, k);
	}
	ccbp_step(st, CCBP_PH_WARMUP);
}

/* A slot's IRC: its class and quotas in milli-units. */
struct ccbp_irc {
	u32 cls;
	u32 nbw;
	u32 dbw;
};

/* What the current step gives slot @s (a running one). */
static struct ccbp_irc ccbp_irc_of(const struct ccbp_state *st, u32 s)
{
	const struct ccbp_slot *c = &st->slot[s];
	u32 even = CCBP_M * CCBP_UNIT / corun_drf_count(st->mask);

	switch (st->phase) {
	case CCBP_PH_WARMUP:
	case CCBP_PH_RFDF:
		return (struct ccbp_irc){ CORUN_IRC_CLASS_FREE, 0, 0 };
	case CCBP_PH_CLASSIFY:
		/* even partitioning, Eq. 5 */
		return (struct ccbp_irc){ CORUN_IRC_CLASS_BI, even, even };
	case CCBP_PH_PROBE_SKIP:
	case CCBP_PH_PROBE:
		/* the probed job's limit is lifted, the others' even */
		if (s == st->probe_slot)
			return (struct ccbp_irc){ CORUN_IRC_CLASS_FREE, 0, 0 };
		return (struct ccbp_irc){ CORUN_IRC_CLASS_BI, even, even };
	}
	if (c->a.cls == CCBP_LS)
		return (struct ccbp_irc){ CORUN_IRC_CLASS_LS, c->a.nbw,
					  c->a.dbw };
	return (struct ccbp_irc){ CORUN_IRC_CLASS_BI, c->a.nbw, c->a.dbw };
}

/*
 * The epoch's credits in force for slot @s, per SM per window: read back
 * from the firmware, else the driver's own formula.
 */
static u32 ccbp_epoch_credits(const struct ccbp_state *st,
			      const struct corun_policy_in *in, u32 s)
{
	const struct ccbp_slot *c = &st->slot[s];
	struct ccbp_irc irc;

	if (in->slot_in[s].fw_irc)
		return in->slot_in[s].fw_credits;
	irc = ccbp_irc_of(st, s);
	if (irc.cls != CORUN_IRC_CLASS_BI)
		return CORUN_FW_IRC_CREDITS_UNLIMITED;
	return corun_ccbp_credits(&in->plat, irc.nbw, irc.dbw, CCBP_M, c->rf,
				  c->df, CCBP_WINDOW);
}

static void ccbp_acc_credits(const struct ccbp_state *st,
			     const struct corun_policy_in *in, u32 s,
			     struct ccbp_acc *a)
{
	u32 cr = ccbp_epoch_credits(st, in, s);

	if (cr == CORUN_FW_IRC_CREDITS_UNLIMITED)
		return;
	a->cred += (u64)cr * in->epoch_cycles;
	a->cred_cycles += in->epoch_cycles;
}

static void ccbp_accumulate(struct ccbp_state *st,
			    const struct corun_policy_in *in)
{
	u32 s, sm;

	st->cycles += in->epoch_cycles;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		const struct corun_slot_counters *d = &in->slot_in[s].d;
		struct ccbp_acc *a = &st->slot[s].acc;

		if (!(st->mask & (1u << s)))
			continue;
		a->cycles += in->epoch_cycles;
		if (in->slot_in[s].fw_mon) {
			a->mon_rf += (u64)in->slot_in[s].fw_rf * d->requests;
			a->mon_df += (u64)in->slot_in[s].fw_df * d->requests;
		} else {
			a->mon_miss++;
		}
		a->reads += d->read_requests;
		a->requests += d->requests;
		a->dram += d->dram_accesses;
		a->demand += d->missq_demand;
		a->insns += d->warp_insns;
		ccbp_acc_credits(st, in, s, a);
		for (sm = 0; sm < in->plat.num_sms && sm < CORUN_POLICY_MAX_SMS;
		     sm++)
			a->cta_cycles += in->sm_slot[sm][s].cta_cycles;
	}
}

/* rf and df over the step: the firmware's monitors if it ran them. */
static void ccbp_rf_df(struct ccbp_slot *c)
{
	const struct ccbp_acc *a = &c->acc;

	if (!a->requests)
		return;
	if (!a->mon_miss) {
		c->rf = (u32)(a->mon_rf / a->requests);
		c->df = (u32)(a->mon_df / a->requests);
		return;
	}
	c->rf = ccbp_ratio(a->reads, a->requests);
	c->df = ccbp_ratio(a->dram, a->requests);
}

static u32 ccbp_nbw(const struct corun_policy_platform *p,
		    const struct ccbp_acc *a)
{
	return ccbp_units(a->reads * (p->l1_line + p->flit_bytes), a->cycles,
			  p->noc_bw);
}

static u32 ccbp_dbw(const struct corun_policy_platform *p,
		    const struct ccbp_acc *a)
{
	return ccbp_units(a->dram * p->llc_line, a->cycles, p->dram_bw);
}

/* Classify every job; LS jobs get their linear per-CTA curve. */
static void ccbp_classify_all(struct ccbp_state *st,
			      const struct corun_policy_in *in)
{
	u32 k = corun_drf_count(st->mask), sms = in->plat.num_sms, s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct ccbp_slot *c = &st->slot[s];
		struct ccbp_acc *a = &c->acc;
		u64 demand, den, cap = 0;

		if (!(st->mask & (1u << s)) || !a->cycles)
			continue;
		demand = a->demand * 1000 / (a->cycles * sms);
		/* the credits' rate, if a limit was in force all along */
		if (a->cred_cycles == a->cycles)
			cap = a->cred * 1000 / (a->cycles * CCBP_WINDOW);
		c->a.cls = corun_ccbp_classify(&in->plat, k, c->rf, c->df,
					       demand, cap);
		c->ipc_ref = a->insns * 1000 / a->cycles;
		c->a.curve = (struct ccbp_curve){ 0 };
		if (c->a.cls != CCBP_LS)
			continue;
		/* per resident CTA per SM, from the average resident count */
		den = a->cta_cycles;
		c->a.curve.np = 1;
		c->a.curve.linear = 1;
		c->a.curve.n[0] = 1;
		if (den) {
			c->a.curve.nbw[0] = (u32)((u64)ccbp_nbw(&in->plat, a) *
						  a->cycles * sms / den);
			c->a.curve.dbw[0] = (u32)((u64)ccbp_dbw(&in->plat, a) *
						  a->cycles * sms / den);
		}
	}
}

/* The next BI job and point to probe after (@s, @i); false: none left. */
static bool ccbp_next_probe(struct ccbp_state *st, u32 s, u32 i)
{
	for (; s < CORUN_POLICY_MAX_SLOTS; s++, i = 0) {
		struct ccbp_slot *c = &st->slot[s];
		u32 np = c->even_n < CCBP_PROBES ? c->even_n : CCBP_PROBES;

		if (!(st->mask & (1u << s)) || c->a.cls == CCBP_LS || i >= np)
			continue;
		st->probe_slot = s;
		st->probe_idx = i;
		c->a.curve.n[i] = (c->even_n * (i + 1) + np - 1) / np;
		return true;
	}
	return false;
}

/* Sum over jobs of IPC_ref / IPC, 1/1024: N / harmonic speedup. */
static u64 ccbp_cost(const struct ccbp_state *st)
{
	u64 cost = 0, ipc;
	u32 s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		const struct ccbp_slot *c = &st->slot[s];

		if (!(st->mask & (1u << s)) || !c->acc.cycles)
			continue;
		ipc = c->acc.insns * 1000 / c->acc.cycles;
		if (!ipc)
			return ~0ull;
		cost += c->ipc_ref * 1024 / ipc;
	}
	return cost;
}

static void ccbp_allocate(struct ccbp_state *st,
			  const struct corun_policy_in *in, u32 prior)
{
	struct ccbp_alloc a[CORUN_POLICY_MAX_SLOTS];
	u32 s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		a[s] = st->slot[s].a;
	corun_ccbp_alg1(in, a, CCBP_M, prior);
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		st->slot[s].a = a[s];
	st->prior = prior;
}

/*
 * A relaunch in a slot of the detection: its class, curve and priorLSK
 * stay (a class belongs to the application); its CTA cap and even share
 * follow the new grid, and a decided allocation is redone for the new
 * footprints.
 */
static void ccbp_relaunch(struct ccbp_state *st,
			  const struct corun_policy_in *in)
{
	u32 k = corun_drf_count(st->mask), s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		if ((st->mask & (1u << s)) && in->slot_in[s].running)
			ccbp_caps(&st->slot[s], in, s, k);
	if (st->phase == CCBP_PH_EVAL || st->phase == CCBP_PH_STEADY)
		ccbp_allocate(st, in, st->prior);
}

/*
 * The slots' jobs. A job in a slot detection does not cover restarts it;
 * a relaunch of another shape in a covered slot does not.
 */
static bool ccbp_track(struct ccbp_state *st, const struct corun_policy_in *in,
		       u32 running)
{
	bool relaunch = false;
	u32 s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		if ((running & (1u << s)) &&
		    corun_drf_shape(st->slot[s].shape, &in->slot_in[s].job))
			relaunch = true;
	if (running & ~st->mask)
		return true;
	if (relaunch && st->phase != CCBP_PH_IDLE)
		ccbp_relaunch(st, in);
	return false;
}

static bool ccbp_has_ls(const struct ccbp_state *st)
{
	u32 s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		if ((st->mask & (1u << s)) && st->slot[s].a.cls == CCBP_LS)
			return true;
	return false;
}

/* One hill-climbing step after an evaluation. */
static void ccbp_climb(struct ccbp_state *st, const struct corun_policy_in *in)
{
	u64 cost = ccbp_cost(st);

	if (!ccbp_has_ls(st)) {
		ccbp_step(st, CCBP_PH_STEADY);
		return;
	}
	if (!st->have_best || cost < st->best_cost) {
		st->have_best = 1;
		st->best_cost = cost;
		st->best_prior = st->prior;
		if (st->prior >= CCBP_PRIOR_MIN + CCBP_PRIOR_STEP) {
			ccbp_allocate(st, in, st->prior - CCBP_PRIOR_STEP);
			ccbp_step(st, CCBP_PH_EVAL);
			return;
		}
	}
	ccbp_allocate(st, in, st->best_prior);
	ccbp_step(st, CCBP_PH_STEADY);
}

/*
 * Re-detection (knob "redetect", K): with the classes in force, a slot
 * whose demand over each of K consecutive epochs departs from its class
 * (corun_ccbp_departs(), the epoch's own rf, df and credits) restarts
 * detection, as a change of the set of jobs does. Called before the
 * epoch's credits are recomputed, so they are the ones the demand met.
 */
static bool ccbp_departed(struct ccbp_state *st,
			  const struct corun_policy_in *in)
{
	u32 k = corun_drf_count(st->mask), sms = in->plat.num_sms, s, cr;
	u32 rf, df, redetect = in->params[CCBP_P_REDETECT];
	bool restart = false;
	u64 demand, cap;

	if (!redetect || !in->epoch_cycles || !sms)
		return false;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		const struct corun_policy_slot_in *si = &in->slot_in[s];
		struct ccbp_slot *c = &st->slot[s];

		if (!(st->mask & (1u << s)))
			continue;
		if (si->fw_mon) {
			rf = si->fw_rf;
			df = si->fw_df;
		} else {
			rf = ccbp_ratio(si->d.read_requests, si->d.requests);
			df = ccbp_ratio(si->d.dram_accesses, si->d.requests);
		}
		demand = si->d.missq_demand * 1000 / (in->epoch_cycles * sms);
		cr = ccbp_epoch_credits(st, in, s);
		cap = cr == CORUN_FW_IRC_CREDITS_UNLIMITED ?
			      0 :
			      (u64)cr * 1000 / CCBP_WINDOW;
		if (!corun_ccbp_departs(&in->plat, k, CCBP_M, c->a.cls, rf, df,
					demand, cap))
			c->depart = 0;
		else if (++c->depart >= redetect)
			restart = true;
	}
	return restart;
}

/*
 * Knob "rescale": Algorithm 1 gives a BI job units of both bandwidths from
 * its probed curves, and Eqs. 1 and 3 turn them into credits with the rf
 * and df measured since; when its df (or rf) moves, the units of the
 * bandwidth its class does not name (DRAM for NBI, NoC for DBI) hold it
 * far below, or above, its share of the one it does (cfd in CFD+FTD,
 * Documentation/evaluation/ccbp.rst). Each epoch of the allocation those
 * units are set to carry the issue rate of its named units at this
 * epoch's rf and df, as DRF would place a job of the same dominant share
 * and this demand vector, up to what the other jobs leave of that
 * bandwidth.
 */
static void ccbp_rescale(struct ccbp_state *st,
			 const struct corun_policy_in *in)
{
	const struct corun_policy_platform *p = &in->plat;
	u64 reply = p->l1_line + p->flit_bytes, cap = (u64)CCBP_M * CCBP_UNIT;
	u64 used_n = 0, used_d = 0, want, left;
	u32 s;

	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		if (!st->slot[s].a.live)
			continue;
		used_n += st->slot[s].a.nbw;
		used_d += st->slot[s].a.dbw;
	}
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct ccbp_alloc *a = &st->slot[s].a;
		u32 rf = st->slot[s].rf, df = st->slot[s].df;

		if (!a->live || a->cls == CCBP_LS || !rf || !df)
			continue;
		if (a->cls == CCBP_NBI) {
			/* Eq. 1's rate of nbw, in DRAM units by Eq. 3 */
			want = (u64)a->nbw * p->noc_bw * df * p->llc_line /
			       ((u64)rf * reply * p->dram_bw);
			left = cap - (used_d - a->dbw);
			want = want < left ? want : left;
			used_d += want - a->dbw;
			a->dbw = (u32)want;
		} else {
			want = (u64)a->dbw * p->dram_bw * rf * reply /
			       ((u64)df * p->llc_line * p->noc_bw);
			left = cap - (used_n - a->nbw);
			want = want < left ? want : left;
			used_n += want - a->nbw;
			a->nbw = (u32)want;
		}
	}
}

/* The epoch that ended advances the timeline. */
static void ccbp_epoch(struct ccbp_state *st, const struct corun_policy_in *in)
{
	struct ccbp_slot *c;
	u32 s;

	ccbp_accumulate(st, in);
	switch (st->phase) {
	case CCBP_PH_WARMUP:
		if (st->cycles >= CCBP_T_WARMUP)
			ccbp_step(st, CCBP_PH_RFDF);
		break;
	case CCBP_PH_RFDF:
		if (st->cycles < CCBP_T_RFDF)
			break;
		for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
			ccbp_rf_df(&st->slot[s]);
		ccbp_step(st, CCBP_PH_CLASSIFY);
		break;
	case CCBP_PH_CLASSIFY:
		if (st->cycles < CCBP_T_CLASSIFY)
			break;
		ccbp_classify_all(st, in);
		if (ccbp_next_probe(st, 0, 0)) {
			ccbp_step(st, CCBP_PH_PROBE_SKIP);
			break;
		}
		ccbp_allocate(st, in, CCBP_PRIOR_ONE);
		ccbp_step(st, CCBP_PH_EVAL);
		break;
	case CCBP_PH_PROBE_SKIP:
		if (st->cycles >= CCBP_T_PROBE_SKIP)
			ccbp_step(st, CCBP_PH_PROBE);
		break;
	case CCBP_PH_PROBE:
		if (st->cycles < CCBP_T_PROBE_MEASURE)
			break;
		c = &st->slot[st->probe_slot];
		c->a.curve.nbw[st->probe_idx] = ccbp_nbw(&in->plat, &c->acc);
		c->a.curve.dbw[st->probe_idx] = ccbp_dbw(&in->plat, &c->acc);
		c->a.curve.np = st->probe_idx + 1;
		if (ccbp_next_probe(st, st->probe_slot, st->probe_idx + 1)) {
			ccbp_step(st, CCBP_PH_PROBE_SKIP);
			break;
		}
		ccbp_allocate(st, in, CCBP_PRIOR_ONE);
		ccbp_step(st, CCBP_PH_EVAL);
		break;
	case CCBP_PH_EVAL:
	case CCBP_PH_STEADY:
		if (ccbp_departed(st, in)) {
			ccbp_restart(st, in, st->mask);
			break;
		}
		/* the monitors keep running: credits follow rf and df */
		for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
			ccbp_rf_df(&st->slot[s]);
		if (in->params[CCBP_P_RESCALE])
			ccbp_rescale(st, in);
		if (st->phase == CCBP_PH_EVAL && st->cycles >= CCBP_T_EVAL)
			ccbp_climb(st, in);
		else if (st->phase == CCBP_PH_STEADY)
			ccbp_step(st, CCBP_PH_STEADY);
		break;
	}
}

/*
 * The firmware computes the credits (CORUN_IRC_MODE_CCBP) if it can, and
 * the platform's bandwidths and sizes fit its ranges.
 */
static bool ccbp_fw_mode(const struct corun_policy_platform *p)
{
	return (p->fw_features & CORUN_FW_FEAT_IRC_CCBP) &&
	       p->noc_bw <= CORUN_FW_IRC_BW_MAX &&
	       p->dram_bw <= CORUN_FW_IRC_BW_MAX &&
	       p->l1_line + p->flit_bytes <= CORUN_FW_IRC_BYTES_MAX &&
	       p->llc_line <= CORUN_FW_IRC_BYTES_MAX;
}

static void ccbp_out_slot(const struct ccbp_state *st,
			  const struct corun_policy_in *in, u32 s, bool fwm,
			  struct corun_policy_slot_out *o)
{
	const struct ccbp_slot *c = &st->slot[s];
	bool alloc = st->phase == CCBP_PH_EVAL || st->phase == CCBP_PH_STEADY;
	bool probed = (st->phase == CCBP_PH_PROBE_SKIP ||
		       st->phase == CCBP_PH_PROBE) &&
		      s == st->probe_slot;
	struct ccbp_irc irc = ccbp_irc_of(st, s);
	u64 rate;

	o->cta_quota = alloc ? (c->a.cta ? c->a.cta : 1) : c->even_n;
	/* a relaunch may have changed the even count since the probe began */
	if (probed && c->even_n > c->a.curve.n[st->probe_idx])
		o->throttle = c->even_n - c->a.curve.n[st->probe_idx];
	o->irc_credits = CORUN_FW_IRC_CREDITS_UNLIMITED;
	if (irc.cls == CORUN_IRC_CLASS_BI)
		o->irc_credits =
			corun_ccbp_credits(&in->plat, irc.nbw, irc.dbw, CCBP_M,
					   c->rf, c->df, CCBP_WINDOW);
	if (fwm) {
		o->fw.irc_class = irc.cls;
		o->fw.irc_noc = irc.nbw;
		o->fw.irc_dram = irc.dbw;
		return;
	}
	/* older firmware: the driver's static share, LS first */
	o->fw.irc_prio = irc.cls == CORUN_IRC_CLASS_LS ? CCBP_PRIO_LS : 0;
	if (irc.cls != CORUN_IRC_CLASS_BI)
		return;
	rate = corun_ccbp_issue_rate(&in->plat, irc.nbw, irc.dbw, CCBP_M, c->rf,
				     c->df);
	o->fw.irc_share = ccbp_share(rate);
}

/* The device-wide IRC settings: the CCBP mode's model, or just on/off. */
static void ccbp_out_global(const struct corun_policy_platform *p, bool fwm,
			    struct corun_policy_out *out)
{
	out->fw_set |= CORUN_POLICY_FWG_IRC_ENABLE;
	if (!fwm)
		return;
	out->fw_set |=
		CORUN_POLICY_FWG_IRC_MODE | CORUN_POLICY_FWG_IRC_UNITS |
		CORUN_POLICY_FWG_IRC_NOC_BW | CORUN_POLICY_FWG_IRC_DRAM_BW |
		CORUN_POLICY_FWG_IRC_REPLY | CORUN_POLICY_FWG_IRC_DRAM_BYTES;
	out->fw.irc_mode = CORUN_IRC_MODE_CCBP;
	out->fw.irc_units = CCBP_M;
	out->fw.irc_noc_bw = p->noc_bw;
	out->fw.irc_dram_bw = p->dram_bw;
	out->fw.irc_reply = p->l1_line + p->flit_bytes;
	out->fw.irc_dram_bytes = p->llc_line;
}

static void ccbp_decide(void *vst, const struct corun_policy_in *in,
			struct corun_policy_out *out)
{
	struct ccbp_state *st = vst;
	u32 ns = in->plat.num_slots, s, running = 0;
	bool active, fwm = ccbp_fw_mode(&in->plat);

	if (ns > CORUN_POLICY_MAX_SLOTS)
		ns = CORUN_POLICY_MAX_SLOTS;
	for (s = 0; s < ns; s++)
		if (in->slot_in[s].running)
			running |= 1u << s;
	if (corun_drf_count(running) >= 2) {
		/* a job away over an epoch end: detect for those left */
		if (ccbp_track(st, in, running) || st->phase == CCBP_PH_IDLE ||
		    (in->event == CORUN_POLICY_EV_EPOCH && running != st->mask))
			ccbp_restart(st, in, running);
		else if (in->event == CORUN_POLICY_EV_EPOCH)
			ccbp_epoch(st, in);
	}
	/* fewer than two jobs: run alone, keep what was learnt */
	active = corun_drf_count(running) >= 2 && st->phase != CCBP_PH_IDLE;

	ccbp_out_global(&in->plat, fwm, out);
	out->fw.irc_enable = active && st->phase != CCBP_PH_WARMUP &&
			     st->phase != CCBP_PH_RFDF;
	for (s = 0; s < ns; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];

		corun_policy_mask_range(o->sm_mask, 0, in->plat.num_sms);
		o->priority = (u32)(in->slot_in[s].job.priority + 1) * 4;
		o->throttle = 0;
		o->issue_quota = 0;
		o->cta_quota = 0;
		o->irc_credits = 0;
		if (fwm) {
			o->fw_set |= CORUN_POLICY_FW_IRC_NOC |
				     CORUN_POLICY_FW_IRC_DRAM |
				     CORUN_POLICY_FW_IRC_CLASS;
			o->fw.irc_class = CORUN_IRC_CLASS_FREE;
			o->fw.irc_noc = 0;
			o->fw.irc_dram = 0;
		} else {
			o->fw_set |= CORUN_POLICY_FW_IRC_SHARE |
				     CORUN_POLICY_FW_IRC_PRIO;
			o->fw.irc_share = CORUN_FW_IRC_SHARE_ONE;
			o->fw.irc_prio = 0;
		}
		if (active && (running & (1u << s)))
			ccbp_out_slot(st, in, s, fwm, o);
	}
}

static const struct corun_policy_param ccbp_params[] = {
	[CCBP_P_REDETECT] = { .name = "redetect",
			      .id = CORUN_CCBP_PARAM_REDETECT,
			      .min = 0,
			      .max = CORUN_CCBP_REDETECT_MAX,
			      .def = 0 },
	[CCBP_P_RESCALE] = { .name = "rescale",
			     .id = CORUN_CCBP_PARAM_RESCALE,
			     .min = 0,
			     .max = 1,
			     .def = 0 },
};

static int ccbp_init(void *st, const struct corun_policy_platform *plat)
{
	/* the bandwidth model needs the calibrated sustainable bandwidths */
	if (!plat->noc_bw || !plat->dram_bw || !plat->num_sms ||
	    !plat->l1_line || !plat->llc_line)
		return -CORUN_EOPNOTSUPP;
	return 0;
}

const struct corun_policy_ops corun_policy_ccbp = {
	.name = "ccbp",
	.id = CORUN_POLICY_ID_CCBP,
	.desc = "intra-SM: CTA combination + NoC/DRAM shares via IRC credits",
	.state_size = sizeof(struct ccbp_state),
	.flags = CORUN_POLICY_F_FW_MONITORS,
	.params = ccbp_params,
	.nparams = 2,
	.init = ccbp_init,
	.decide = ccbp_decide,
};
