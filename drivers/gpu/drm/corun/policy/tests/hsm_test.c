// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suite for HSM (hsm_model.c) and the policies built on it
 * (smpart.c, hsm_fair.c, hsm_qos.c), on synthetic counters. The
 * platform is the paper's HBM system: 80 SMs at 1400 MHz, 32 channels at
 * 440 MHz, and c1 = 0.50, c2 = 0.36, the line through the paper's two
 * quoted points (86 % utilization at RBH 1, 46 % at RBH 0.2).
 */
#include <kunit/test.h>
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "../smpart.h"
#include "policy_test.h"

static void hbm_platform(struct corun_policy_platform *p)
{
	test_platform(p, 8, 80);
	p->num_channels = 32;
	p->sm_mhz = 1400;
	p->dram_mhz = 440;
	p->sm_issue = 2;
	p->hsm_c1 = 5000;
	p->hsm_c2 = 3600;
}

/* 500 K cycles: 157142 DRAM cycles per channel, 5028544 over 32. */
#define EPOCH 500000ull
#define PEAK_BUS 5028544ull

static void hsm_beta_test(struct kunit *test)
{
	struct corun_policy_platform p;
	struct hsm_epoch e = { .cycles = EPOCH,
			       .sms = 40,
			       .insns = 1000,
			       .accesses = 1000,
			       .bus_cycles = PEAK_BUS / 2 };
	struct hsm_pred r;

	hbm_platform(&p);
	/* the paper's points: beta(1.0) = 0.86, beta(0.2) = 0.46 */
	e.row_hits = 1000;
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.rbh, 1024u);
	KUNIT_EXPECT_EQ(test, r.beta, 8600u);
	e.row_hits = 200;
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.rbh, 204u); /* 0.2 in 1/1024, truncated */
	KUNIT_EXPECT_EQ(test, r.beta, 4600u - 4u);
	KUNIT_EXPECT_EQ(test, r.util, 5000u);
}

static void hsm_memory_test(struct kunit *test)
{
	struct corun_policy_platform p;
	/* 23 % of the peak at RBH 0.5: beta = 0.61, NP = 0.23 / 0.61 */
	struct hsm_epoch e = { .cycles = EPOCH,
			       .sms = 40,
			       .insns = 2000000,
			       .accesses = 100000,
			       .row_hits = 50000,
			       .bus_cycles = PEAK_BUS * 23 / 100 };
	struct hsm_pred r;

	hbm_platform(&p);
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.cls, (u32)HSM_MEMORY);
	KUNIT_EXPECT_EQ(test, r.util, 2299u);
	KUNIT_EXPECT_EQ(test, r.beta, 6100u);
	/* 2299 * 1024 / 6100 */
	KUNIT_EXPECT_EQ(test, r.np, 385u);
	/*
	 * Eq. 2: 80 SMs x 2 x 500 K = 80 M instructions possible, 2 M done:
	 * demand = 40 x 0.2299, far above beta
	 */
	KUNIT_EXPECT_EQ(test, r.demand, 2299u * 40);
	/* NP never exceeds 1: more than the predicted private bandwidth */
	e.bus_cycles = PEAK_BUS * 8 / 10;
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.np, 1024u);
}

static void hsm_compute_test(struct kunit *test)
{
	struct corun_policy_platform p;
	/* 1 % of the peak, and near peak issue: demand 0.0125 < beta */
	struct hsm_epoch e = { .cycles = EPOCH,
			       .sms = 20,
			       .insns = 64000000,
			       .accesses = 1000,
			       .row_hits = 100,
			       .bus_cycles = PEAK_BUS / 100 };
	struct hsm_pred r;

	hbm_platform(&p);
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.cls, (u32)HSM_COMPUTE);
	KUNIT_EXPECT_EQ(test, r.util, 99u);
	KUNIT_EXPECT_EQ(test, r.demand, 99u * 80 / 64);
	KUNIT_EXPECT_EQ(test, r.sigma, 80u);
	KUNIT_EXPECT_EQ(test, r.np, 20u * 1024 / 80); /* Eq. 4: S / sigma */
	/* a grid of 30 CTAs: sigma is 30 */
	e.ctas_total = 30;
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.sigma, 30u);
	KUNIT_EXPECT_EQ(test, r.np, 20u * 1024 / 30);
	e.sms = 40; /* more SMs than CTAs: never more than alone */
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.np, 1024u);
	/* no DRAM traffic at all: compute */
	e.accesses = 0;
	e.row_hits = 0;
	e.bus_cycles = 0;
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.cls, (u32)HSM_COMPUTE);
	/* nothing happened: no prediction */
	e.insns = 0;
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.cls, (u32)HSM_NONE);
	/* accesses without instructions (all stalled): memory */
	e.accesses = 10;
	e.bus_cycles = 20;
	hsm_predict(&p, &e, &r);
	KUNIT_EXPECT_EQ(test, r.cls, (u32)HSM_MEMORY);
}

static void hsm_check_test(struct kunit *test)
{
	struct corun_policy_platform p;

	hbm_platform(&p);
	KUNIT_EXPECT_EQ(test, hsm_model_check(&p), 0);
	KUNIT_EXPECT_EQ(test, corun_policy_hsm_fair.init(NULL, &p), 0);
	p.hsm_c1 = 0;
	p.hsm_c2 = 0;
	KUNIT_EXPECT_EQ(test, corun_policy_hsm_fair.init(NULL, &p),
			-CORUN_EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, corun_policy_hsm_qos.init(NULL, &p),
			-CORUN_EOPNOTSUPP);
	hbm_platform(&p);
	p.dram_mhz = 0;
	KUNIT_EXPECT_EQ(test, hsm_model_check(&p), -CORUN_EINVAL);
}

static void hsm_acct_test(struct kunit *test)
{
	struct hsm_acct a;

	hsm_acct_start(&a, 7, 1000, 512);
	KUNIT_EXPECT_EQ(test, hsm_acct_alone(&a, 3000), 1000ull);
	/* the epoch measured NP 0.5 over all its cycles */
	hsm_acct_epoch(&a, 11000, 512);
	KUNIT_EXPECT_EQ(test, hsm_acct_alone(&a, 11000), 5000ull);
	hsm_acct_guess(&a, 1024);
	KUNIT_EXPECT_EQ(test, hsm_acct_alone(&a, 21000), 15000ull);
	/* an epoch that ended before the job's start adds nothing */
	hsm_acct_epoch(&a, 5000, 256);
	KUNIT_EXPECT_EQ(test, hsm_acct_alone(&a, 21000), 15000ull);
}

static void hsm_transfer_test(struct kunit *test)
{
	struct hsm_pred h = { .np = 819, .sms = 40 },
			l = { .np = 410, .sms = 40 };

	/* 0.8 and 0.4 on 40 SMs each: x = 0.4 * 1600 / 48 = 13.3 */
	KUNIT_EXPECT_EQ(test, hsm_fair_transfer(&h, &l), 13u);
	/* NP_l 0: everything but one SM */
	l.np = 0;
	KUNIT_EXPECT_EQ(test, hsm_fair_transfer(&h, &l), 39u);
	/* equal: nothing */
	l.np = 819;
	KUNIT_EXPECT_EQ(test, hsm_fair_transfer(&h, &l), 0u);
}

/* @s's counters over an epoch: @util of the peak at RBH 0.5, @insns. */
static void hsm_counters(struct corun_policy_in *in, u32 s, u32 util_pct,
			 u64 insns)
{
	u32 c;

	in->slot_in[s].d.warp_insns = insns;
	in->slot_in[s].d.dram_bus_cycles = PEAK_BUS * util_pct / 100;
	for (c = 0; c < 32; c++) {
		in->chan_slot[c][s].accesses = util_pct ? 1000 : 0;
		in->chan_slot[c][s].row_hits = util_pct ? 500 : 0;
	}
}

/* An event for @r's policy, in epochs of EPOCH cycles. */
static void hsm_event(struct test_run *r, u32 ev, u32 slot, u64 now)
{
	test_run_event(r, ev, slot, now, EPOCH);
}

static void hsm_fair_policy_procedure_test(struct kunit *test)
{
	struct test_run r;
	u64 est;

	test_run_init(test, &r, &corun_policy_hsm_fair, hbm_platform);
	/* a memory-bound job in slot 0, a compute-bound one in slot 2 */
	test_job_running(r.in, 0, 11, 0);
	hsm_event(&r, CORUN_POLICY_EV_JOB_START, 0, 0);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 80u);
	test_job_running(r.in, 2, 12, 0);
	hsm_event(&r, CORUN_POLICY_EV_JOB_START, 2, 0);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 40u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 40u);
	KUNIT_EXPECT_EQ(test,
			r.out->slot[0].sm_mask[0] & r.out->slot[2].sm_mask[0],
			0u);
	/* memory: 0.549 / 0.61 = 0.9; compute: 40 / 80 = 0.5 */
	hsm_counters(r.in, 0, 55, 2000000);
	hsm_counters(r.in, 2, 1, 30000000);
	/* the first epoch straddled the split: predictions only */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->pred[0].cls, (u32)HSM_MEMORY);
	KUNIT_EXPECT_EQ(test, r.sp->pred[2].cls, (u32)HSM_COMPUTE);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 40u);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].est_alone_cycles, EPOCH / 2);
	/* the trace's view of the model */
	KUNIT_EXPECT_EQ(test, r.out->slot[0].np_class, (u32)HSM_MEMORY);
	KUNIT_EXPECT_EQ(test, r.out->slot[0].np, r.sp->pred[0].np);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].np_class, (u32)HSM_COMPUTE);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].np, 512u);
	KUNIT_EXPECT_EQ(test, r.out->slot[1].np_class, (u32)HSM_NONE);
	/*
	 * then the pair is balanced: NP 923 and 512 (1/1024) on 40 SMs each,
	 * x = 411 * 1600 / (923 * 40 + 512 * 40) = 11.5, 11
	 */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 2 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->pred[0].np, 923u);
	KUNIT_EXPECT_EQ(test, r.sp->moved, 11u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 29u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 51u);
	KUNIT_EXPECT_EQ(test,
			r.out->slot[0].sm_mask[0] & r.out->slot[2].sm_mask[0],
			0u);
	/* fair within 0.9: no move */
	hsm_counters(r.in, 0, 39, 2000000); /* 3899 * 1024 / 6100 = 654 */
	hsm_counters(r.in, 2, 1, 30000000); /* 51 * 1024 / 80 = 652 */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 3 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->pred[2].np, 652u);
	KUNIT_EXPECT_EQ(test, r.sp->moved, 0u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 51u);
	/* a completion reports the estimate, the SMs wait for a relaunch */
	r.in->slot_in[2].running = 0;
	hsm_event(&r, CORUN_POLICY_EV_JOB_END, 2, 3 * EPOCH + 1000);
	/* each epoch at its measured NP, the last 1000 cycles at the last */
	est = (512 * EPOCH + 512 * EPOCH + 652 * EPOCH + 652 * 1000) / 1024;
	KUNIT_EXPECT_EQ(test, r.out->slot[2].est_alone_cycles, est);
	KUNIT_EXPECT_EQ(test, r.out->keep_epoch, 1u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 29u);
	/* idle at the next epoch: it left, the rest restart from even */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 4 * EPOCH);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 80u);
	KUNIT_EXPECT_EQ(test, r.sp->pt.settle, 1u);
	/* an idle slot has no prediction; the running one keeps its last */
	KUNIT_EXPECT_EQ(test, r.out->slot[2].np_class, (u32)HSM_NONE);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].np, 0u);
	KUNIT_EXPECT_EQ(test, r.out->slot[0].np_class, (u32)HSM_MEMORY);
	KUNIT_EXPECT_EQ(test, r.out->slot[0].np, 654u);
}

/*
 * hsm_fair_policy_procedure_test's pair (memory-bound in slot 0,
 * compute-bound in slot 2) after its first epoch: predictions, no move.
 */
static void hsm_fair_pair(struct test_run *r)
{
	test_job_running(r->in, 0, 11, 0);
	hsm_event(r, CORUN_POLICY_EV_JOB_START, 0, 0);
	test_job_running(r->in, 2, 12, 0);
	hsm_event(r, CORUN_POLICY_EV_JOB_START, 2, 0);
	hsm_counters(r->in, 0, 55, 2000000);
	hsm_counters(r->in, 2, 1, 30000000);
	hsm_event(r, CORUN_POLICY_EV_EPOCH, 0, EPOCH);
}

/* The same pair after its move: 29 and 51 SMs */
static void hsm_fair_moved(struct kunit *test, struct test_run *r)
{
	hsm_fair_pair(r);
	hsm_event(r, CORUN_POLICY_EV_EPOCH, 0, 2 * EPOCH);
	KUNIT_ASSERT_EQ(test, popcount_mask(r->out->slot[2].sm_mask), 51u);
}

/*
 * hsm-fair's moved pair (hsm_fair_moved) with slot 2's job just ended,
 * 1000 cycles into the third epoch: the set-up of the relaunch tests.
 */
static void hsm_fair_slot2_ended(struct kunit *test, struct test_run *r)
{
	test_run_init(test, r, &corun_policy_hsm_fair, hbm_platform);
	hsm_fair_moved(test, r);
	r->in->slot_in[2].running = 0;
	hsm_event(r, CORUN_POLICY_EV_JOB_END, 2, 2 * EPOCH + 1000);
}

/*
 * A job's program is the unit: a job that starts in a slot whose job
 * ended since the last epoch is a relaunch. It keeps the slot's SMs and
 * prediction, its estimate starts at that prediction, and the epoch runs
 * on, so the next epoch may move SMs again.
 */
static void hsm_relaunch_test(struct kunit *test)
{
	struct test_run r;

	hsm_fair_slot2_ended(test, &r);
	KUNIT_EXPECT_EQ(test, r.out->keep_epoch, 1u);
	test_job_running(r.in, 2, 13, 0);
	r.out->keep_epoch = 0; /* the engine clears it before a decision */
	hsm_event(&r, CORUN_POLICY_EV_JOB_START, 2, 2 * EPOCH + 1500);
	KUNIT_EXPECT_EQ(test, r.out->keep_epoch, 1u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 29u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 51u);
	KUNIT_EXPECT_EQ(test, r.sp->pt.settle, 0u);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].np_class, (u32)HSM_COMPUTE);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].np, 512u);
	KUNIT_EXPECT_EQ(test, r.sp->acct[2].seqno, 13ull);
	KUNIT_EXPECT_EQ(test, hsm_acct_alone(&r.sp->acct[2], 2 * EPOCH + 2524),
			512ull);
	/* the next epoch measures and may move: 0.9 / 0.5 moves again */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 3 * EPOCH);
	KUNIT_EXPECT_GT(test, r.sp->moved, 0u);
	KUNIT_EXPECT_GT(test, popcount_mask(r.out->slot[2].sm_mask), 51u);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].est_alone_cycles,
			r.sp->pred[2].np * (EPOCH - 1500) / 1024);
}

/*
 * A job arriving in a slot that was empty changes the set of programs:
 * an even split, the epoch ending there, and no relaunch pending.
 */
static void hsm_relaunch_other_slot_test(struct kunit *test)
{
	struct test_run r;

	hsm_fair_slot2_ended(test, &r);
	test_job_running(r.in, 1, 14, 0);
	r.out->keep_epoch = 0;
	hsm_event(&r, CORUN_POLICY_EV_JOB_START, 1, 2 * EPOCH + 1500);
	KUNIT_EXPECT_EQ(test, r.out->keep_epoch, 0u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 40u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[1].sm_mask), 40u);
	KUNIT_EXPECT_EQ(test, r.sp->relaunch[2], 0u);
	KUNIT_EXPECT_EQ(test, r.sp->pt.settle, 1u);
	/* slot 2's job comes back later: a new arrival, even again */
	test_job_running(r.in, 2, 15, 0);
	hsm_event(&r, CORUN_POLICY_EV_JOB_START, 2, 2 * EPOCH + 2000);
	KUNIT_EXPECT_EQ(test, r.out->keep_epoch, 0u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 26u);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].np_class, (u32)HSM_NONE);
}

/*
 * A snapshot after the timer was restarted (a job start or end, or epochs
 * turned back on) covers more cycles than the epoch length it states:
 * the frame measures the epoch from the previous snapshot's cycle.
 */
static void hsm_epoch_span_test(struct kunit *test)
{
	struct test_run r;

	test_run_init(test, &r, &corun_policy_hsm_fair, hbm_platform);
	test_job_running(r.in, 0, 11, 0);
	hsm_event(&r, CORUN_POLICY_EV_JOB_START, 0, 0);
	/* 0.549 / 0.61 of the peak over the stated length */
	hsm_counters(r.in, 0, 55, 2000000);
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->pred[0].np, 923u);
	/* the same counters over twice the cycles: 0.2745 / 0.61 = 460.8 */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 3 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->pred[0].cls, (u32)HSM_MEMORY);
	KUNIT_EXPECT_GE(test, r.sp->pred[0].np, 460u);
	KUNIT_EXPECT_LE(test, r.sp->pred[0].np, 461u);
}

/*
 * HSM's preemption rule: drain when more CTAs completed per SM over the
 * epoch than are resident per SM, else context-switch.
 */
static void hsm_reclaim_rule_test(struct kunit *test)
{
	static const struct {
		u64 done;
		u32 done_sms;
		u64 resident;
		u32 res_sms;
		u32 want;
	} cases[] = {
		/* 40 SMs: 12 completed per SM against 8 resident per SM */
		{ 480, 40, 320, 40, CORUN_RECLAIM_DRAIN },
		/* long-lived: 2 completed per SM, 8 resident per SM */
		{ 80, 40, 320, 40, CORUN_RECLAIM_SWITCH },
		/* equal is not more: switch */
		{ 320, 40, 320, 40, CORUN_RECLAIM_SWITCH },
		/* per SM on each side: 9 on 40 SMs against 8 (then 10) on 50 */
		{ 360, 40, 400, 50, CORUN_RECLAIM_DRAIN },
		{ 360, 40, 500, 50, CORUN_RECLAIM_SWITCH },
		/* no history or no SMs: switch */
		{ 0, 40, 0, 40, CORUN_RECLAIM_SWITCH },
		{ 5, 0, 1, 40, CORUN_RECLAIM_SWITCH },
	};
	u32 i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    smpart_reclaim_rule(cases[i].done,
							cases[i].done_sms,
							cases[i].resident,
							cases[i].res_sms),
				    cases[i].want, "case %u", i);
}

/*
 * The HSM-Fair move above takes 11 SMs from slot 0: it gives them up by
 * the rule over its epoch counters, and only by draining on a device
 * that cannot context-switch. The slot that gains SMs keeps its mode.
 */
static void hsm_fair_reclaim(struct kunit *test, u32 ctxsw, u64 done,
			     u32 resident, u32 per_sm, u32 want)
{
	struct test_run r;

	test_run_init(test, &r, &corun_policy_hsm_fair, hbm_platform);
	r.in->plat.ctxsw = ctxsw;
	hsm_fair_pair(&r);
	r.out->slot[0].reclaim = CORUN_RECLAIM_NR; /* not decided yet */
	r.out->slot[2].reclaim = CORUN_RECLAIM_NR;
	r.in->slot_in[0].d.ctas_done = done;
	r.in->slot_in[0].job.ctas_resident = resident;
	r.in->slot_in[0].job.cta.ctas_per_sm = per_sm;
	/* the second job's start took SMs from slot 0 too: count anew */
	r.sp->cs_choices[CORUN_RECLAIM_DRAIN] = 0;
	r.sp->cs_choices[CORUN_RECLAIM_SWITCH] = 0;
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 2 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->moved, 11u);
	KUNIT_EXPECT_EQ(test, r.sp->lost[0], 11u);
	KUNIT_EXPECT_EQ(test, r.out->slot[0].reclaim, want);
	KUNIT_EXPECT_EQ(test, r.sp->reclaim[0], want);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].reclaim, (u32)CORUN_RECLAIM_NR);
	KUNIT_EXPECT_EQ(test, r.sp->cs_choices[want], 1ull);
}

static void hsm_fair_reclaim_test(struct kunit *test)
{
	/* 40 SMs held: 10 done per SM, an SM holds 8: short-lived */
	hsm_fair_reclaim(test, 1, 400, 160, 8, CORUN_RECLAIM_DRAIN);
	/* an SM holds 12: long-lived, though only 4 are resident per SM */
	hsm_fair_reclaim(test, 1, 400, 160, 12, CORUN_RECLAIM_SWITCH);
	/* no footprint: against those resident, 4 per SM */
	hsm_fair_reclaim(test, 1, 400, 160, 0, CORUN_RECLAIM_DRAIN);
	/* 1 done per SM: long-lived */
	hsm_fair_reclaim(test, 1, 40, 160, 8, CORUN_RECLAIM_SWITCH);
	/* the device cannot switch: drain whatever the rule says */
	hsm_fair_reclaim(test, 0, 40, 160, 8, CORUN_RECLAIM_DRAIN);
}

static void hsm_qos_policy_procedure_test(struct kunit *test)
{
	struct test_run r;

	test_run_init(test, &r, &corun_policy_hsm_qos, hbm_platform);
	/* QoS job (0.8) compute-bound in slot 1, memory-bound job in slot 0 */
	test_job_running(r.in, 0, 21, 0);
	test_job_running(r.in, 1, 22, 819);
	hsm_event(&r, CORUN_POLICY_EV_INIT, 0, 0);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[1].sm_mask), 40u);
	hsm_counters(r.in, 0, 30, 2000000);
	hsm_counters(r.in, 1, 1, 30000000);
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, EPOCH);
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 2 * EPOCH);
	/* NP 0.5 < 0.8: ceil(0.8 * 40 / 0.5) = 64 SMs */
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[1].sm_mask), 64u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 16u);
	/* at 0.8: nothing moves */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 3 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->moved, 0u);
	/* a memory-bound QoS job above 0.9 gives back what it does not need */
	r.in->slot_in[0].job.qos_target = 0;
	r.in->slot_in[1].job.qos_target = 0;
	r.in->slot_in[0].job.qos_target = 819;
	hsm_counters(r.in, 0, 58, 2000000); /* 16 SMs, 0.95 */
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 4 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.sp->pred[0].np, 5799u * 1024 / 6100);
	/* ceil(819 * 16 / 973) = 14 */
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 14u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[1].sm_mask), 66u);
	/* no QoS job: the split stays */
	r.in->slot_in[0].job.qos_target = 0;
	hsm_counters(r.in, 0, 10, 2000000);
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 5 * EPOCH);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 14u);
}

/* More jobs than SMs: every job shares every SM and none moves. */
static void hsm_many_test(struct kunit *test)
{
	struct test_run r;
	u32 s;

	test_run_init(test, &r, &corun_policy_hsm_fair, hbm_platform);
	r.in->plat.num_sms = 2;
	for (s = 0; s < 3; s++) {
		test_job_running(r.in, s, 31 + s, 0);
		hsm_counters(r.in, s, 10 * (s + 1), 1000);
	}
	hsm_event(&r, CORUN_POLICY_EV_INIT, 0, 0);
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, EPOCH);
	hsm_event(&r, CORUN_POLICY_EV_EPOCH, 0, 2 * EPOCH);
	for (s = 0; s < 3; s++) {
		KUNIT_EXPECT_EQ(test, r.out->slot[s].sm_mask[0], 0x3u);
		KUNIT_EXPECT_EQ(test, r.sp->pred[s].sms, 2u);
		KUNIT_EXPECT_GT(test, r.out->slot[s].est_alone_cycles, 0ull);
	}
	KUNIT_EXPECT_EQ(test, r.sp->moved, 0u);
}

static struct kunit_case corun_hsm_cases[] = {
	KUNIT_CASE(hsm_beta_test),
	KUNIT_CASE(hsm_memory_test),
	KUNIT_CASE(hsm_compute_test),
	KUNIT_CASE(hsm_check_test),
	KUNIT_CASE(hsm_acct_test),
	KUNIT_CASE(hsm_transfer_test),
	KUNIT_CASE(hsm_fair_policy_procedure_test),
	KUNIT_CASE(hsm_relaunch_test),
	KUNIT_CASE(hsm_relaunch_other_slot_test),
	KUNIT_CASE(hsm_epoch_span_test),
	KUNIT_CASE(hsm_reclaim_rule_test),
	KUNIT_CASE(hsm_fair_reclaim_test),
	KUNIT_CASE(hsm_qos_policy_procedure_test),
	KUNIT_CASE(hsm_many_test),
	{}
};

struct kunit_suite corun_hsm_suite = {
	.name = "corun_hsm",
	.test_cases = corun_hsm_cases,
};
