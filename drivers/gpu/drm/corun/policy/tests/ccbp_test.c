// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suite for CCBP: the bandwidth model, the classification
 * boundaries, Algorithm 1 on the paper's worked example (Table 3), the
 * detection timeline on synthetic counters and the re-detection rule.
 */
#include <kunit/test.h>
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include <corun/fwif.h>
#include <corun/hw.h>

#include "../ccbp.h"
#include "cta_policy_test.h"
#include "policy_test.h"

/* Sustainable bandwidths, bytes per 1000 cycles: Eq. 7's bound is 1. */
#define T_NOC_BW 160000
#define T_DRAM_BW 128000

static void ccbp_platform(struct corun_policy_platform *p)
{
	p->noc_bw = T_NOC_BW;
	p->dram_bw = T_DRAM_BW;
}

static void ccbp_model_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_platform *p = &in->plat;
	struct ccbp_curve c = { 0 };

	ccbp_platform(p);
	/*
	 * Two kernels, rf = 1, df = 0.5: IREven is 31.25 requests per SM
	 * per 1000 cycles on the NoC (62.5 on DRAM); BI from 15/16 of it.
	 */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 512, 29, 0),
			(u32)CCBP_LS);
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 512, 30, 0),
			(u32)CCBP_NBI);
	/* Eq. 7 with a bound of 1: df < rf is NBI, df = rf is DBI */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 1023, 40, 0),
			(u32)CCBP_NBI);
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 1024, 40, 0),
			(u32)CCBP_DBI);
	/* writes only: DRAM-bound */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 0, 2048, 40, 0),
			(u32)CCBP_DBI);
	/* no requests at all */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 0, 0, 1000, 0),
			(u32)CCBP_LS);
	/* more kernels, smaller even share: the same demand becomes BI */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 4, 1024, 512, 15, 0),
			(u32)CCBP_NBI);
	/* credits in force above IREven do not lower the bar */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 512, 29, 40),
			(u32)CCBP_LS);
	/* credits below it: using 15/16 of them is bandwidth-bound */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 512, 29, 30),
			(u32)CCBP_NBI);
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 512, 28, 30),
			(u32)CCBP_LS);

	/*
	 * Rounding (nn beside histogram-bytes on ccbp-16sm): rf 0.667, df
	 * 0.987, IREven 38.6 on DRAM (threshold 36.2), but the even quota
	 * is 7.7 credits per window, 7 in force: 35 per 1000 cycles. A
	 * demand of 35 uses them all: DBI, where IREven alone said LS.
	 */
	p->noc_bw = 307200;
	p->dram_bw = 156113;
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_credits(p, 10000, 10000, 20, 683, 1011, 200),
			7u);
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 683, 1011, 35, 0),
			(u32)CCBP_LS);
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 683, 1011, 35, 35),
			(u32)CCBP_DBI);
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 683, 1011, 33, 35),
			(u32)CCBP_DBI);
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 683, 1011, 32, 35),
			(u32)CCBP_LS);
	ccbp_platform(p);

	/* Eqs. 1 and 3: the smaller rate binds; a 0 factor does not */
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_issue_rate(p, 10000, 20000, 20, 1024, 512),
			31ull);
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_issue_rate(p, 10000, 20000, 20, 0, 512),
			125ull);
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_issue_rate(p, 10000, 1000, 20, 1024, 512),
			6ull);

	/* curves: linear through the points, flat after (BI) */
	c.np = 2;
	c.n[0] = 2;
	c.n[1] = 4;
	c.nbw[0] = 4000;
	c.nbw[1] = 6000;
	KUNIT_EXPECT_EQ(test, corun_ccbp_curve_at(&c, 0, false), 0u);
	KUNIT_EXPECT_EQ(test, corun_ccbp_curve_at(&c, 1, false), 2000u);
	KUNIT_EXPECT_EQ(test, corun_ccbp_curve_at(&c, 3, false), 5000u);
	KUNIT_EXPECT_EQ(test, corun_ccbp_curve_at(&c, 9, false), 6000u);
	c.linear = 1;
	KUNIT_EXPECT_EQ(test, corun_ccbp_curve_at(&c, 6, false), 8000u);
}

/* Table 3: 10 units of everything, one CTA slot per CTA. */
static void ccbp_table3(struct kunit *test, struct corun_policy_in *in,
			struct ccbp_alloc *a)
{
	static const u32 cls[3] = { CCBP_LS, CCBP_DBI, CCBP_NBI };
	static const u32 nbw[3] = { 500, 2000, 3000 };
	static const u32 dbw[3] = { 500, 4000, 1000 };
	u32 k;

	in->plat.sm.ctas = 10;
	memset(a, 0, sizeof(*a) * CORUN_POLICY_MAX_SLOTS);
	for (k = 0; k < 3; k++) {
		cta_set_job(test, in, k, k + 1, 32, 8, 0, 1000);
		a[k].live = 1;
		a[k].cls = cls[k];
		a[k].cap = 10;
		a[k].curve.np = 1;
		a[k].curve.linear = 1;
		a[k].curve.n[0] = 1;
		a[k].curve.nbw[0] = nbw[k];
		a[k].curve.dbw[0] = dbw[k];
	}
}

static void ccbp_alg1_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct ccbp_alloc a[CORUN_POLICY_MAX_SLOTS];
	u32 k, sn, sd;

	ccbp_table3(test, in, a);
	corun_ccbp_alg1(in, a, 10, 1024);
	/*
	 * The paper's final column (iteration 16 prints K1's tentative 6
	 * CTAs, which the NoC refuses: 10.5 units): every dominant share 0.5.
	 */
	KUNIT_EXPECT_EQ(test, a[0].cta, 5u);
	KUNIT_EXPECT_EQ(test, a[0].nbw, 2500u);
	KUNIT_EXPECT_EQ(test, a[0].dbw, 2500u);
	KUNIT_EXPECT_EQ(test, a[1].cta, 2u);
	KUNIT_EXPECT_EQ(test, a[1].nbw, 2500u);
	KUNIT_EXPECT_EQ(test, a[1].dbw, 5000u);
	KUNIT_EXPECT_EQ(test, a[2].cta, 2u);
	KUNIT_EXPECT_EQ(test, a[2].nbw, 5000u);
	KUNIT_EXPECT_EQ(test, a[2].dbw, 1666u);

	/* a lower priorLSK gives the LS kernel more, within the limits */
	ccbp_table3(test, in, a);
	corun_ccbp_alg1(in, a, 10, 512);
	KUNIT_EXPECT_GT(test, a[0].cta, 5u);
	for (k = 0, sn = 0, sd = 0; k < 3; k++) {
		sn += a[k].nbw;
		sd += a[k].dbw;
	}
	KUNIT_EXPECT_LE(test, sn, 10000u);
	KUNIT_EXPECT_LE(test, sd, 10000u);
	KUNIT_EXPECT_LE(test, a[0].cta + a[1].cta + a[2].cta, 10u);

	/* static limits bind: 4 CTA slots in all */
	ccbp_table3(test, in, a);
	in->plat.sm.ctas = 4;
	corun_ccbp_alg1(in, a, 10, 1024);
	KUNIT_EXPECT_LE(test, a[0].cta + a[1].cta + a[2].cta, 4u);
	KUNIT_EXPECT_GE(test, a[0].cta, 1u);
	KUNIT_EXPECT_GE(test, a[1].cta, 1u);
	KUNIT_EXPECT_GE(test, a[2].cta, 1u);
}

/* One epoch of 10000 cycles: A light (LS), B streaming with df = rf. */
static void ccbp_feed(struct corun_policy_in *in, u32 a_ctas, u32 b_ctas,
		      u64 b_insns)
{
	struct corun_slot_counters *a = &in->slot_in[0].d;
	struct corun_slot_counters *b = &in->slot_in[1].d;

	in->epoch++;
	cta_epoch_slot(in, 0, 10000, 1000, a_ctas);
	cta_epoch_slot(in, 1, 10000, b_insns / 16, b_ctas);
	a->requests = 1000;
	a->read_requests = 1000;
	a->dram_accesses = 200;
	a->missq_demand = 1000;
	a->warp_insns = 16000;
	b->requests = 8000;
	b->read_requests = 8000;
	b->dram_accesses = 8000;
	b->missq_demand = 8000;
	b->warp_insns = b_insns;
}

static void ccbp_epochs(struct kunit *test, void *st,
			struct corun_policy_in *in, u32 n, u32 a_ctas,
			u32 b_ctas, struct corun_policy_out *out)
{
	while (n--) {
		ccbp_feed(in, a_ctas, b_ctas, 8000);
		cta_decide(test, &corun_policy_ccbp, st, in,
			   CORUN_POLICY_EV_EPOCH, out);
	}
}

static void ccbp_timeline_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_out out;
	void *st;
	u32 i, sn;

	in->plat.noc_bw = 0;
	KUNIT_EXPECT_EQ(test, corun_policy_ccbp.init(NULL, &in->plat),
			-CORUN_EOPNOTSUPP);
	ccbp_platform(&in->plat);
	st = cta_new_state(test, &corun_policy_ccbp, &in->plat);

	/* alone: everything, no issue-rate control */
	cta_set_job(test, in, 0, 1, 128, 16, 16384, 10000);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 0u);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	KUNIT_EXPECT_TRUE(test, out.fw_set & CORUN_POLICY_FWG_IRC_ENABLE);

	/* warm-up: the even combination (6 / 2 and 8 / 2), no limits */
	cta_set_job(test, in, 1, 2, 256, 32, 0, 10000);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 3u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 4u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[1].sm_mask), 16u);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	ccbp_epochs(test, st, in, 5, 3, 4, &out); /* 50K: warm-up done */
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	ccbp_epochs(test, st, in, 2, 3, 4, &out); /* 20K: rf and df */

	/*
	 * Classification under even issue rates: B (rf 1, df 1) may send
	 * 31 requests per SM per 1000 cycles = share 31; A (df 0.2) too.
	 */
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_share, 31u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_share, 31u);
	KUNIT_EXPECT_TRUE(test, out.slot[0].fw_set & CORUN_POLICY_FW_IRC_SHARE);
	ccbp_epochs(test, st, in, 2, 3, 4, &out);

	/* B is BI (50 > 31 per SM per 1000 cycles): probed at 1..4 CTAs */
	for (i = 1; i <= 4; i++) {
		KUNIT_EXPECT_EQ(test, out.slot[1].throttle, 4 - i);
		KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 4u);
		KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_share,
				CORUN_FW_IRC_SHARE_ONE);
		KUNIT_EXPECT_EQ(test, out.slot[0].throttle, 0u);
		ccbp_epochs(test, st, in, 2, 3, i, &out);
	}

	/*
	 * Algorithm 1 applied: A (LS, shared memory bound at 6 CTAs) first
	 * in the miss queue and unlimited; B (DBI) capped by its credits.
	 */
	KUNIT_EXPECT_EQ(test, out.slot[1].throttle, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_prio, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_share, CORUN_FW_IRC_SHARE_ONE);
	KUNIT_EXPECT_LT(test, out.slot[1].fw.irc_share, CORUN_FW_IRC_SHARE_ONE);
	KUNIT_EXPECT_GE(test, out.slot[0].cta_quota, 1u);
	KUNIT_EXPECT_LE(test, out.slot[0].cta_quota, 6u);
	KUNIT_EXPECT_GE(test, out.slot[1].cta_quota, 1u);
	/* B's share fits what is left of the NoC beside A's CTAs */
	sn = out.slot[1].fw.irc_share;
	KUNIT_EXPECT_LE(test, sn, 2 * 31u);

	/* a relaunch of B keeps everything */
	in->slot_in[1].running = 0;
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_END,
		   &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 0u);
	in->slot_in[1].running = 1;
	in->slot_in[1].job.seqno = 3;
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);

	/* priorLSK climbs down while the IPCs do not get worse, then stays */
	ccbp_epochs(test, st, in, 40, 3, 4, &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);

	/*
	 * A relaunch of another shape in the same slot (a job's next
	 * kernel, here twice the threads and a smaller grid) keeps the
	 * classes: A stays first, B stays limited, and Algorithm 1 redoes
	 * the combination for B's new footprint (at most 4 CTAs of 512
	 * threads, 2 by its grid of 32 CTAs over 16 SMs).
	 */
	cta_set_job(test, in, 1, 4, 512, 32, 0, 32);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_prio, 0u);
	KUNIT_EXPECT_LT(test, out.slot[1].fw.irc_share, CORUN_FW_IRC_SHARE_ONE);
	KUNIT_EXPECT_GE(test, out.slot[1].cta_quota, 1u);
	KUNIT_EXPECT_LE(test, out.slot[1].cta_quota, 2u);
	/* the epochs that follow keep them too */
	ccbp_epochs(test, st, in, 12, 3, 2, &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);
	KUNIT_EXPECT_LE(test, out.slot[1].cta_quota, 2u);

	/* a job in another slot restarts detection: even, no limits */
	cta_set_job(test, in, 2, 5, 128, 16, 0, 10000);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 0u);
}

/*
 * The credits of the firmware's CCBP mode (fwif.h), on the paper's
 * platform: the numbers firmware/tests check for the firmware itself.
 */
static void ccbp_credits_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_platform *p = &in->plat;
	u32 c;

	p->noc_bw = 307200;
	p->dram_bw = 186083;
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_credits(p, 10000, 10000, 20, 1024, 0, 200),
			12u);
	c = corun_ccbp_credits(p, 10000, 10000, 20, 1024, 1024, 200);
	KUNIT_EXPECT_EQ(test, c, 9u);
	KUNIT_EXPECT_EQ(test, corun_ccbp_credits(p, 10000, 0, 20, 512, 0, 200),
			24u);
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_credits(p, 14000, 3000, 20, 1024, 154, 200),
			16u);
	KUNIT_EXPECT_EQ(test, corun_ccbp_credits(p, 0, 0, 20, 1024, 1024, 200),
			1u);
	/* no units of a bandwidth: it does not limit (firmware/irc.c) */
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_credits(p, 7000, 0, 20, 1024, 200, 200), 8u);
	c = corun_ccbp_credits(p, 0, 10000, 20, 1024, 1024, 200);
	KUNIT_EXPECT_EQ(test, c, 9u);
	KUNIT_EXPECT_EQ(test,
			corun_ccbp_credits(p, 100000, 100000, 20, 1, 1, 200),
			200u);
	KUNIT_EXPECT_EQ(test, corun_ccbp_credits(p, 5000, 5000, 20, 0, 0, 200),
			CORUN_FW_IRC_CREDITS_UNLIMITED);
}

/* ccbp_feed() with the firmware's monitors for both jobs. */
static void ccbp_feed_mon(struct corun_policy_in *in, u32 b_rf, u32 b_df)
{
	ccbp_feed(in, 3, 4, 8000);
	in->slot_in[0].fw_mon = 1;
	in->slot_in[0].fw_rf = 1024;
	in->slot_in[0].fw_df = 204;
	in->slot_in[1].fw_mon = 1;
	in->slot_in[1].fw_rf = b_rf;
	in->slot_in[1].fw_df = b_df;
}

static void ccbp_epochs_mon(struct kunit *test, void *st,
			    struct corun_policy_in *in, u32 n,
			    struct corun_policy_out *out)
{
	while (n--) {
		ccbp_feed_mon(in, 1024, 1024);
		cta_decide(test, &corun_policy_ccbp, st, in,
			   CORUN_POLICY_EV_EPOCH, out);
	}
}

/*
 * A firmware with the CCBP mode and the monitors, sustainable bandwidths
 * @noc_bw and @dram_bw; A (128 threads, shared memory) and B (256
 * threads) start: the state.
 */
static void *ccbp_fw_start_bw(struct kunit *test, struct corun_policy_in *in,
			      u32 noc_bw, u32 dram_bw,
			      struct corun_policy_out *out)
{
	void *st;

	in->plat.noc_bw = noc_bw;
	in->plat.dram_bw = dram_bw;
	in->plat.fw_features = CORUN_FW_FEAT_IRC | CORUN_FW_FEAT_IRC_CCBP |
			       CORUN_FW_FEAT_MONITORS;
	st = cta_new_state(test, &corun_policy_ccbp, &in->plat);
	cta_set_job(test, in, 0, 1, 128, 16, 16384, 10000);
	cta_set_job(test, in, 1, 2, 256, 32, 0, 10000);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   out);
	return st;
}

static void *ccbp_fw_start(struct kunit *test, struct corun_policy_in *in,
			   struct corun_policy_out *out)
{
	return ccbp_fw_start_bw(test, in, T_NOC_BW, T_DRAM_BW, out);
}

/*
 * A firmware with the CCBP mode: the driver sends units, classes and the
 * bandwidth model, no shares; rf and df come from the monitors.
 */
static void ccbp_fw_mode_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_out out;
	u32 i, c;
	void *st;

	KUNIT_EXPECT_TRUE(test,
			  corun_policy_ccbp.flags & CORUN_POLICY_F_FW_MONITORS);
	st = ccbp_fw_start(test, in, &out);
	/* the model, once: M, bandwidths, reply and access sizes */
	KUNIT_EXPECT_EQ(test, out.fw.irc_mode, (u32)CORUN_IRC_MODE_CCBP);
	KUNIT_EXPECT_EQ(test, out.fw.irc_units, 20u);
	KUNIT_EXPECT_EQ(test, out.fw.irc_noc_bw, (u32)T_NOC_BW);
	KUNIT_EXPECT_EQ(test, out.fw.irc_dram_bw, (u32)T_DRAM_BW);
	KUNIT_EXPECT_EQ(test, out.fw.irc_reply, 160u);
	KUNIT_EXPECT_EQ(test, out.fw.irc_dram_bytes, 128u);
	KUNIT_EXPECT_TRUE(test, out.fw_set & CORUN_POLICY_FWG_IRC_MODE);
	/* units and classes, never the static shares */
	for (i = 0; i < 8; i++) {
		KUNIT_EXPECT_EQ(test,
				out.slot[i].fw_set &
					(CORUN_POLICY_FW_IRC_SHARE |
					 CORUN_POLICY_FW_IRC_PRIO),
				0u);
		KUNIT_EXPECT_EQ(test,
				out.slot[i].fw_set & CORUN_POLICY_FW_IRC_CLASS,
				(u32)CORUN_POLICY_FW_IRC_CLASS);
	}
	/* warm-up and rf/df: no limit */
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_class,
			(u32)CORUN_IRC_CLASS_FREE);
	ccbp_epochs_mon(test, st, in, 7, &out);

	/* classification: both limited to half of each bandwidth (Eq. 5) */
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_EQ(test, out.slot[i].fw.irc_class,
				(u32)CORUN_IRC_CLASS_BI);
		KUNIT_EXPECT_EQ(test, out.slot[i].fw.irc_noc, 10000u);
		KUNIT_EXPECT_EQ(test, out.slot[i].fw.irc_dram, 10000u);
	}
	/* 6.25 replies per SM per 200 cycles on either bandwidth */
	KUNIT_EXPECT_EQ(test, out.slot[1].irc_credits, 6u);
	KUNIT_EXPECT_EQ(test, out.slot[2].fw.irc_class,
			(u32)CORUN_IRC_CLASS_FREE);
	ccbp_epochs_mon(test, st, in, 2, &out);

	/* probing B: its limit lifted */
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_class,
			(u32)CORUN_IRC_CLASS_FREE);
	KUNIT_EXPECT_EQ(test, out.slot[1].irc_credits,
			CORUN_FW_IRC_CREDITS_UNLIMITED);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_class,
			(u32)CORUN_IRC_CLASS_BI);
	for (i = 1; i <= 4; i++) {
		KUNIT_EXPECT_EQ(test, out.slot[1].throttle, 4 - i);
		ccbp_epochs_mon(test, st, in, 2, &out);
	}

	/* Algorithm 1: A latency-sensitive (first, unlimited), B DBI */
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_class,
			(u32)CORUN_IRC_CLASS_LS);
	KUNIT_EXPECT_EQ(test, out.slot[0].irc_credits,
			CORUN_FW_IRC_CREDITS_UNLIMITED);
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_class,
			(u32)CORUN_IRC_CLASS_BI);
	KUNIT_EXPECT_GT(test, out.slot[1].fw.irc_dram, 0u);
	KUNIT_EXPECT_LE(test, out.slot[0].fw.irc_noc + out.slot[1].fw.irc_noc,
			20000u);
	KUNIT_EXPECT_LE(test, out.slot[0].fw.irc_dram + out.slot[1].fw.irc_dram,
			20000u);
	c = out.slot[1].irc_credits;
	KUNIT_EXPECT_EQ(test, c,
			corun_ccbp_credits(&in->plat, out.slot[1].fw.irc_noc,
					   out.slot[1].fw.irc_dram, 20, 1024,
					   1024, 200));

	/* the monitors, not the counters: half the reads and DRAM accesses */
	ccbp_epochs_mon(test, st, in, 10, &out);
	for (i = 0;
	     i < 30 && out.slot[1].fw.irc_class == (u32)CORUN_IRC_CLASS_BI;
	     i++) {
		ccbp_feed_mon(in, 512, 512);
		cta_decide(test, &corun_policy_ccbp, st, in,
			   CORUN_POLICY_EV_EPOCH, &out);
		if (out.slot[1].irc_credits !=
		    corun_ccbp_credits(&in->plat, out.slot[1].fw.irc_noc,
				       out.slot[1].fw.irc_dram, 20, 1024, 1024,
				       200))
			break;
	}
	KUNIT_EXPECT_EQ(test, out.slot[1].irc_credits,
			corun_ccbp_credits(&in->plat, out.slot[1].fw.irc_noc,
					   out.slot[1].fw.irc_dram, 20, 512,
					   512, 200));

	/* alone again: no limit, nobody first */
	in->slot_in[1].running = 0;
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_END,
		   &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_class,
			(u32)CORUN_IRC_CLASS_FREE);
	KUNIT_EXPECT_EQ(test, out.fw.irc_mode, (u32)CORUN_IRC_MODE_CCBP);
}

/*
 * Classification against the credits the firmware reports in force: B
 * (rf 0.667, df 0.987) is held at 7 credits per window, 35 requests per
 * SM per 1000 cycles, below its IREven of 38.6, and shows a demand of
 * 35. It used all it was given: DBI, probed; by IREven alone it would be
 * LS (never probed, first in the miss queue).
 */
static void ccbp_credits_in_force_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_out out;
	u32 i;
	void *st;

	st = ccbp_fw_start_bw(test, in, 307200, 156113, &out);
	for (i = 0; i < 9; i++) {
		ccbp_feed_mon(in, 683, 1011);
		/* 35 per SM per 1000 cycles over 16 SMs and 10000 cycles */
		in->slot_in[1].d.missq_demand = 5600;
		in->slot_in[1].fw_irc = 1;
		in->slot_in[1].fw_credits =
			out.slot[1].fw.irc_class == CORUN_IRC_CLASS_BI ?
				7 :
				CORUN_FW_IRC_CREDITS_UNLIMITED;
		in->slot_in[0].fw_irc = 1;
		in->slot_in[0].fw_credits =
			out.slot[0].fw.irc_class == CORUN_IRC_CLASS_BI ?
				6 :
				CORUN_FW_IRC_CREDITS_UNLIMITED;
		if (i == 7) /* classification: the even quotas were in force */
			KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_class,
					(u32)CORUN_IRC_CLASS_BI);
		cta_decide(test, &corun_policy_ccbp, st, in,
			   CORUN_POLICY_EV_EPOCH, &out);
	}
	/* B probed: its limit lifted, some CTAs throttled */
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_class,
			(u32)CORUN_IRC_CLASS_FREE);
	KUNIT_EXPECT_GT(test, out.slot[1].throttle, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_class,
			(u32)CORUN_IRC_CLASS_BI);
}

/* corun_ccbp_departs() with M = 20 */
static bool dep(const struct corun_policy_platform *p, u32 k, u32 cls, u32 rf,
		u32 df, u64 demand, u64 cap)
{
	return corun_ccbp_departs(p, k, 20, cls, rf, df, demand, cap);
}

/*
 * The departure rule: the class test's 15/16 of IREven (or of the
 * credits in force below it, for a BI slot) and one of M bandwidth
 * units beyond it. Two kernels, rf 1, df 0.5: IREven 31 (NoC), 15/16 of
 * it 29.06; one NoC unit 3 requests per SM per 1000 cycles.
 */
static void ccbp_departs_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_platform *p = &in->plat;

	ccbp_platform(p);
	/* LS: from 16 d >= 15 * 31 + 16 * 3, d = 33 */
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_LS, 1024, 512, 32, 0));
	KUNIT_EXPECT_TRUE(test, dep(p, 2, CCBP_LS, 1024, 512, 33, 0));
	/* an LS slot has no credits: a cap does not lower its bar */
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_LS, 1024, 512, 32, 10));
	/* BI: below 16 (d + 3) < 15 * 31, d = 26 */
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_NBI, 1024, 512, 27, 0));
	KUNIT_EXPECT_TRUE(test, dep(p, 2, CCBP_NBI, 1024, 512, 26, 0));
	KUNIT_EXPECT_TRUE(test, dep(p, 2, CCBP_DBI, 1024, 512, 26, 0));
	/* between the two margins neither class departs (29 is LS by the test) */
	KUNIT_EXPECT_EQ(test, corun_ccbp_classify(p, 2, 1024, 512, 29, 0),
			(u32)CCBP_LS);
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_LS, 1024, 512, 29, 0));
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_NBI, 1024, 512, 29, 0));
	/* a BI slot held at credits of 20 per 1000 cycles: 16 (d + 3) < 300 */
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_NBI, 1024, 512, 16, 20));
	KUNIT_EXPECT_TRUE(test, dep(p, 2, CCBP_NBI, 1024, 512, 15, 20));
	/* credits above IREven: IREven's bar */
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_NBI, 1024, 512, 27, 40));
	/* four kernels: IREven 15, unit 3: LS from 16 d >= 225 + 48 */
	KUNIT_EXPECT_FALSE(test, dep(p, 4, CCBP_LS, 1024, 512, 17, 0));
	KUNIT_EXPECT_TRUE(test, dep(p, 4, CCBP_LS, 1024, 512, 18, 0));
	/*
	 * Exact edges: a NoC of 163840 bytes per 1000 cycles makes IREven
	 * 32, 15/16 of it 30, one unit 3: LS departs at 16 d = 480 + 48, BI
	 * below 16 (d + 3) = 480.
	 */
	p->noc_bw = 163840;
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_LS, 1024, 512, 32, 0));
	KUNIT_EXPECT_TRUE(test, dep(p, 2, CCBP_LS, 1024, 512, 33, 0));
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_NBI, 1024, 512, 27, 0));
	KUNIT_EXPECT_TRUE(test, dep(p, 2, CCBP_NBI, 1024, 512, 26, 0));
	ccbp_platform(p);
	/* no bandwidth use at all: LS stays, a BI slot departs */
	KUNIT_EXPECT_FALSE(test, dep(p, 2, CCBP_LS, 0, 0, 1000, 0));
	KUNIT_EXPECT_TRUE(test, dep(p, 2, CCBP_DBI, 0, 0, 0, 0));
}

/* The knob's values: its id only, its range, once. */
static void ccbp_param_test(struct kunit *test)
{
	const struct corun_policy_ops *ops = &corun_policy_ccbp;
	u32 id = CORUN_CCBP_PARAM_REDETECT, v, out[CORUN_POLICY_MAX_PARAMS];
	u32 ids[2] = { CORUN_CCBP_PARAM_REDETECT, CORUN_CCBP_PARAM_REDETECT };
	u32 vals[2] = { 2, 3 };

	KUNIT_EXPECT_PTR_EQ(test, corun_policy_param_find(ops, "redetect"),
			    &ops->params[0]);
	KUNIT_EXPECT_NULL(test, corun_policy_param_find(ops, "redetec"));
	ops = &corun_policy_smk;
	KUNIT_EXPECT_NULL(test, corun_policy_param_find(ops, "redetect"));
	ops = &corun_policy_ccbp;
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, NULL, NULL, 0, out), 0);
	KUNIT_EXPECT_EQ(test, out[0], 0u); /* off by default */
	v = CORUN_CCBP_REDETECT_MAX;
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, &id, &v, 1, out), 0);
	KUNIT_EXPECT_EQ(test, out[0], CORUN_CCBP_REDETECT_MAX);
	v = CORUN_CCBP_REDETECT_MAX + 1;
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, &id, &v, 1, out),
			-CORUN_ERANGE);
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, ids, vals, 2, out),
			-CORUN_EINVAL);
	id = CORUN_CCBP_PARAM_RESCALE + 1;
	v = 1;
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, &id, &v, 1, out),
			-CORUN_EINVAL);
	/* "rescale": 0 or 1, off by default */
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_param_find(ops, "rescale"),
			    &ops->params[1]);
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, NULL, NULL, 0, out), 0);
	KUNIT_EXPECT_EQ(test, out[1], 0u);
	id = CORUN_CCBP_PARAM_RESCALE;
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, &id, &v, 1, out), 0);
	KUNIT_EXPECT_EQ(test, out[1], 1u);
	v = 2;
	KUNIT_EXPECT_EQ(test, corun_policy_params(ops, &id, &v, 1, out),
			-CORUN_ERANGE);
	id = CORUN_CCBP_PARAM_REDETECT;
	KUNIT_EXPECT_EQ(test,
			corun_policy_params(&corun_policy_smk, &id, &v, 1, out),
			-CORUN_EINVAL);
}

/* @n epochs with B's demand @b_demand per epoch (rf = df = 1). */
static void ccbp_epochs_b(struct kunit *test, void *st,
			  struct corun_policy_in *in, u32 n, u64 b_demand,
			  struct corun_policy_out *out)
{
	struct corun_slot_counters *b = &in->slot_in[1].d;

	while (n--) {
		ccbp_feed(in, 3, 4, 8000);
		b->requests = b_demand;
		b->read_requests = b_demand;
		b->dram_accesses = b_demand;
		b->missq_demand = b_demand;
		cta_decide(test, &corun_policy_ccbp, st, in,
			   CORUN_POLICY_EV_EPOCH, out);
	}
}

/* The timeline of ccbp_timeline_test up to Algorithm 1's allocation. */
static void ccbp_detect(struct kunit *test, void *st,
			struct corun_policy_in *in,
			struct corun_policy_out *out)
{
	u32 i;

	ccbp_epochs(test, st, in, 5 + 2 + 2, 3, 4, out);
	for (i = 1; i <= 4; i++)
		ccbp_epochs(test, st, in, 2, 3, i, out);
	/* A LS (first in the miss queue), B DBI (limited) */
	KUNIT_EXPECT_EQ(test, out->fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out->slot[0].fw.irc_prio, 1u);
	KUNIT_EXPECT_EQ(test, out->slot[1].fw.irc_prio, 0u);
	KUNIT_EXPECT_LT(test, out->slot[1].fw.irc_share,
			CORUN_FW_IRC_SHARE_ONE);
}

/*
 * The knob "redetect" = K: K - 1 epochs of departure keep the classes,
 * an epoch within the class starts the count again, K restart detection
 * for every slot, and a slot whose behaviour is back re-detects into its
 * class. Off (0), no departure restarts anything.
 */
static void ccbp_redetect_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_out out;
	void *st;

	ccbp_platform(&in->plat);
	st = cta_new_state(test, &corun_policy_ccbp, &in->plat);
	cta_set_job(test, in, 0, 1, 128, 16, 16384, 10000);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	cta_set_job(test, in, 1, 2, 256, 32, 0, 10000);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	ccbp_detect(test, st, in, &out);

	/* off: B at 1000 (6 per SM per 1000 cycles, LS-like) for 30 epochs */
	ccbp_epochs_b(test, st, in, 30, 1000, &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);
	KUNIT_EXPECT_LT(test, out.slot[1].fw.irc_share, CORUN_FW_IRC_SHARE_ONE);

	/* K = 3: two epochs, one back in its class, two again: no restart */
	in->params[0] = 3;
	ccbp_epochs_b(test, st, in, 2, 1000, &out);
	ccbp_epochs_b(test, st, in, 1, 8000, &out);
	ccbp_epochs_b(test, st, in, 2, 1000, &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);
	/* the third in a row restarts: warm-up, even CTAs, no limit */
	ccbp_epochs_b(test, st, in, 1, 1000, &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 3u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 4u);
	KUNIT_EXPECT_EQ(test, out.slot[1].throttle, 0u);

	/* B streams again: detection finds the same classes */
	ccbp_detect(test, st, in, &out);
	ccbp_epochs_b(test, st, in, 20, 8000, &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_prio, 1u);

	/* A (LS) turning streaming departs too: 50 per SM per 1000 cycles */
	in->params[0] = 1;
	ccbp_feed(in, 3, 4, 8000);
	in->slot_in[0].d.missq_demand = 8000;
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_EPOCH,
		   &out);
	KUNIT_EXPECT_EQ(test, out.fw.irc_enable, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 3u);
}

/* B's NoC units that carry the issue rate of its DRAM units @dbw. */
static u32 ccbp_noc_for(u32 dbw, u32 rf, u32 df)
{
	return (u32)((u64)dbw * T_DRAM_BW * rf * 160 /
		     ((u64)df * 128 * T_NOC_BW));
}

/*
 * The knob "rescale": B, DBI, keeps Algorithm 1's units while its rf
 * halves (off), then (on) its NoC units follow its rf and df so that
 * both equations give its DRAM units' rate; A's (LS) do not move.
 */
static void ccbp_rescale_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_out out;
	u32 i, a_noc, b_noc, b_dram, cd;
	void *st;

	st = ccbp_fw_start(test, in, &out);
	/* warm-up, rf/df, classification, four probes: Algorithm 1 */
	ccbp_epochs_mon(test, st, in, 7 + 2 + 8, &out);
	KUNIT_ASSERT_EQ(test, out.slot[1].fw.irc_class,
			(u32)CORUN_IRC_CLASS_BI);
	KUNIT_ASSERT_EQ(test, out.slot[0].fw.irc_class,
			(u32)CORUN_IRC_CLASS_LS);
	a_noc = out.slot[0].fw.irc_noc;
	b_noc = out.slot[1].fw.irc_noc;
	b_dram = out.slot[1].fw.irc_dram;
	KUNIT_ASSERT_GT(test, b_dram, 0u);

	/* off: B's reads halve, its units stay */
	for (i = 0; i < 3; i++) {
		ccbp_feed_mon(in, 512, 1024);
		cta_decide(test, &corun_policy_ccbp, st, in,
			   CORUN_POLICY_EV_EPOCH, &out);
	}
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_noc, b_noc);
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_dram, b_dram);

	/* on: its NoC units carry its DRAM units' rate at rf 0.5, df 1 */
	in->params[1] = 1;
	ccbp_feed_mon(in, 512, 1024);
	cta_decide(test, &corun_policy_ccbp, st, in, CORUN_POLICY_EV_EPOCH,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_dram, b_dram);
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_noc,
			ccbp_noc_for(b_dram, 512, 1024));
	KUNIT_EXPECT_EQ(test, out.slot[0].fw.irc_noc, a_noc);
	/* so the credits are the DRAM equation's, give or take rounding */
	cd = corun_ccbp_credits(&in->plat, 0, b_dram, 20, 512, 1024, 200);
	KUNIT_EXPECT_LE(test, out.slot[1].irc_credits, cd);
	KUNIT_EXPECT_GE(test, out.slot[1].irc_credits + 1, cd);

	/*
	 * At rf = df = 1 again they move back, once the rf of the step (the
	 * evaluation's 100 K cycles average their epochs) is 1 again.
	 */
	ccbp_epochs_mon(test, st, in, 20, &out);
	b_dram = out.slot[1].fw.irc_dram;
	KUNIT_EXPECT_EQ(test, out.slot[1].fw.irc_noc,
			ccbp_noc_for(b_dram, 1024, 1024));
	KUNIT_EXPECT_LE(test, out.slot[0].fw.irc_noc + out.slot[1].fw.irc_noc,
			20000u);
}

static struct kunit_case corun_ccbp_cases[] = {
	KUNIT_CASE(ccbp_model_test),
	KUNIT_CASE(ccbp_alg1_test),
	KUNIT_CASE(ccbp_timeline_test),
	KUNIT_CASE(ccbp_credits_test),
	KUNIT_CASE(ccbp_fw_mode_test),
	KUNIT_CASE(ccbp_credits_in_force_test),
	KUNIT_CASE(ccbp_departs_test),
	KUNIT_CASE(ccbp_param_test),
	KUNIT_CASE(ccbp_redetect_test),
	KUNIT_CASE(ccbp_rescale_test),
	{}
};

static struct kunit_suite corun_ccbp_suite = {
	.name = "corun_ccbp",
	.test_cases = corun_ccbp_cases,
};

kunit_test_suites(&corun_ccbp_suite);

MODULE_LICENSE("GPL");
