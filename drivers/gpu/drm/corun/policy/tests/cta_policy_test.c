// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suites for the policies that share SMs between jobs' CTAs: the
 * static-resource DRF (drf.c), SMK and Warped-Slicer, on synthetic
 * counter inputs. CCBP's suite is ccbp_test.c.
 */
#include <kunit/test.h>
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include <corun/hw.h>

#include "../drf.h"
#include "policy_test.h"
#include "cta_policy_test.h"

struct corun_policy_in *cta_new_in(struct kunit *test, u32 slots, u32 sms)
{
	struct corun_policy_in *in =
		kunit_kzalloc(test, sizeof(*in), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, in);
	test_platform(&in->plat, slots, sms);
	return in;
}

void cta_set_job(struct kunit *test, struct corun_policy_in *in, u32 s,
		 u64 seqno, u32 threads, u32 regs, u32 shared, u32 ctas)
{
	struct corun_policy_job *j = &in->slot_in[s].job;

	in->slot_in[s].running = 1;
	j->seqno = seqno;
	j->threads = threads;
	j->regs_per_thread = regs;
	j->shared_bytes = shared;
	j->ctas_total = ctas;
	KUNIT_ASSERT_EQ(test,
			corun_cta_footprint(&in->plat.sm, threads, regs, shared,
					    &j->cta),
			(int)CORUN_CTA_FITS);
}

void cta_decide(struct kunit *test, const struct corun_policy_ops *ops,
		void *st, struct corun_policy_in *in, u32 event,
		struct corun_policy_out *out)
{
	u32 s;

	memset(out, 0, sizeof(*out));
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		corun_policy_mask_range(out->slot[s].sm_mask, 0,
					in->plat.num_sms);
	in->event = event;
	ops->decide(st, in, out);
}

void *cta_new_state(struct kunit *test, const struct corun_policy_ops *ops,
		    const struct corun_policy_platform *p)
{
	void *st = kunit_kzalloc(test, CORUN_POLICY_STATE_BYTES, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, st);
	KUNIT_ASSERT_LE(test, ops->state_size, (u32)CORUN_POLICY_STATE_BYTES);
	KUNIT_ASSERT_EQ(test, ops->init ? ops->init(st, p) : 0, 0);
	return st;
}

/* One epoch of @cycles where slot @s issued @insns with @ctas per SM. */
void cta_epoch_slot(struct corun_policy_in *in, u32 s, u64 cycles,
		    u64 insns_per_sm, u64 ctas)
{
	u32 sm;

	in->epoch_cycles = cycles;
	for (sm = 0; sm < in->plat.num_sms; sm++) {
		in->sm_slot[sm][s].warp_insns = insns_per_sm;
		in->sm_slot[sm][s].cta_cycles = ctas * cycles;
	}
}

static void drf_share_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	const struct corun_sm_limits *l = &in->plat.sm;

	/* 256 threads x 32 registers: threads and registers both 1/8 */
	cta_set_job(test, in, 0, 1, 256, 32, 0, 1000);
	KUNIT_EXPECT_EQ(test, in->slot_in[0].job.cta.ctas_per_sm, 8u);
	KUNIT_EXPECT_EQ(test, corun_drf_share(l, &in->slot_in[0].job.cta, 1),
			CORUN_DRF_ONE / 8);
	/* 16 KiB of shared memory dominates: 1/6 of 96 KiB */
	cta_set_job(test, in, 1, 2, 128, 16, 16384, 1000);
	KUNIT_EXPECT_EQ(test, corun_drf_share(l, &in->slot_in[1].job.cta, 3),
			CORUN_DRF_ONE / 2);
	/* tiny CTAs: the 32 CTA slots dominate */
	cta_set_job(test, in, 2, 3, 32, 8, 0, 1000);
	KUNIT_EXPECT_EQ(test, corun_drf_share(l, &in->slot_in[2].job.cta, 4),
			CORUN_DRF_ONE / 8);
	/* the grid caps what is worth giving: 20 CTAs on 16 SMs need 2 */
	cta_set_job(test, in, 3, 4, 32, 8, 0, 20);
	KUNIT_EXPECT_EQ(test, corun_drf_cap(in, 3), 2u);
	KUNIT_EXPECT_EQ(test, corun_drf_cap(in, 0), 8u);
}

static void drf_static_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	u32 n[CORUN_POLICY_MAX_SLOTS];

	cta_set_job(test, in, 0, 1, 256, 32, 0, 10000);
	cta_set_job(test, in, 2, 2, 128, 16, 16384, 10000);
	corun_drf_static(in, n);
	/*
	 * A: 1/8 per CTA; B: 1/6 (shared). A1 B1 A2 B2 A3 B3 A4, then the
	 * tie at 1/2 goes to A (A5), B4, A6; B5 would need 2176 threads.
	 */
	KUNIT_EXPECT_EQ(test, n[0], 6u);
	KUNIT_EXPECT_EQ(test, n[2], 4u);
	KUNIT_EXPECT_EQ(test, n[1], 0u);
	KUNIT_EXPECT_TRUE(test, corun_drf_fits(&in->plat.sm, in, n));
	n[0]++;
	KUNIT_EXPECT_FALSE(test, corun_drf_fits(&in->plat.sm, in, n));
	n[0]--;
	n[2]++;
	KUNIT_EXPECT_FALSE(test, corun_drf_fits(&in->plat.sm, in, n));

	/* one job alone takes its whole occupancy */
	in->slot_in[2].running = 0;
	corun_drf_static(in, n);
	KUNIT_EXPECT_EQ(test, n[0], 8u);
	KUNIT_EXPECT_EQ(test, n[2], 0u);
}

static void smk_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_out out;
	void *st = cta_new_state(test, &corun_policy_smk, &in->plat);

	cta_set_job(test, in, 0, 1, 256, 32, 0, 10000);
	cta_decide(test, &corun_policy_smk, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	/* alone: its whole occupancy, every SM, no quota */
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 8u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[0].sm_mask), 16u);
	KUNIT_EXPECT_EQ(test, out.slot[0].issue_quota, 0u);

	cta_set_job(test, in, 2, 2, 128, 16, 16384, 10000);
	cta_decide(test, &corun_policy_smk, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 6u);
	KUNIT_EXPECT_EQ(test, out.slot[2].cta_quota, 4u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[2].sm_mask), 16u);
	KUNIT_EXPECT_EQ(test, out.slot[2].issue_quota, 0u);

	/* the epoch the second job started in does not profile it */
	cta_epoch_slot(in, 0, 100000, 100000, 6);
	cta_epoch_slot(in, 2, 100000, 20000, 4);
	cta_decide(test, &corun_policy_smk, st, in, CORUN_POLICY_EV_EPOCH,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].issue_quota, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[2].issue_quota, 0u);

	/*
	 * Profiled: A 1/6 insn per CTA cycle x 8 CTAs = 1333 per 1000
	 * cycles, B 0.05 x 6 = 300. Achieved 1200 per SM per 1000 cycles,
	 * x 9/8 x 1000-cycle period = 1350000 per 1000 to split 1333:300.
	 */
	cta_decide(test, &corun_policy_smk, st, in, CORUN_POLICY_EV_EPOCH,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].issue_quota, 1101u);
	KUNIT_EXPECT_EQ(test, out.slot[2].issue_quota, 248u);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 6u);

	/* a relaunch of the same kernel keeps its estimate */
	in->slot_in[2].job.seqno = 3;
	cta_decide(test, &corun_policy_smk, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[2].issue_quota, 248u);

	/* another kernel must be profiled again: no quotas meanwhile */
	cta_set_job(test, in, 2, 4, 128, 16, 8192, 10000);
	cta_decide(test, &corun_policy_smk, st, in, CORUN_POLICY_EV_JOB_START,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].issue_quota, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[2].issue_quota, 0u);

	/* alone again: no quota */
	in->slot_in[2].running = 0;
	cta_decide(test, &corun_policy_smk, st, in, CORUN_POLICY_EV_JOB_END,
		   &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].issue_quota, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 8u);
	KUNIT_EXPECT_EQ(test, out.slot[2].cta_quota, 0u);

	/* no issue period, no SMK */
	in->plat.issue_period = 0;
	KUNIT_EXPECT_EQ(test, corun_policy_smk.init(st, &in->plat),
			-CORUN_EOPNOTSUPP);
}

/*
 * Profile Warped-Slicer on 10000-cycle epochs: @pa/@pb(n) are the two
 * kernels' performance (warp instructions per SM per 1000 cycles) with
 * the CTA quota in force, on the SMs of the even split (0-7 and 8-15).
 */
static void ws_profile(struct kunit *test, void *st, struct corun_policy_in *in,
		       struct corun_policy_out *out, u32 (*pa)(u32 n),
		       u32 (*pb)(u32 n), u32 epochs)
{
	u32 sm;

	while (epochs--) {
		u32 qa = out->slot[0].cta_quota, qb = out->slot[1].cta_quota;

		KUNIT_ASSERT_EQ(test, out->slot[0].sm_mask[0], 0x00ffu);
		KUNIT_ASSERT_EQ(test, out->slot[1].sm_mask[0], 0xff00u);
		memset(in->sm_slot, 0, sizeof(in->sm_slot));
		in->epoch_cycles = 10000;
		for (sm = 0; sm < 8; sm++) {
			in->sm_slot[sm][0].warp_insns = pa(qa) * 10;
			in->sm_slot[sm + 8][1].warp_insns = pb(qb) * 10;
		}
		in->epoch++;
		cta_decide(test, &corun_policy_warped_slicer, st, in,
			   CORUN_POLICY_EV_EPOCH, out);
	}
}

static u32 ws_sat2(u32 n)
{
	return 100 * (n < 2 ? n : 2);
}

static u32 ws_lin(u32 n)
{
	return 50 * n;
}

static u32 ws_sq(u32 n)
{
	return 10 * n * n;
}

static void warped_slicer_test(struct kunit *test)
{
	struct corun_policy_in *in = cta_new_in(test, 8, 16);
	struct corun_policy_out out;
	void *st = cta_new_state(test, &corun_policy_warped_slicer, &in->plat);
	u32 i;

	cta_set_job(test, in, 0, 1, 256, 32, 0, 10000);
	cta_decide(test, &corun_policy_warped_slicer, st, in,
		   CORUN_POLICY_EV_JOB_START, &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 0u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[0].sm_mask), 16u);

	/* a second kernel: profiling on half the SMs each, from 1 CTA */
	cta_set_job(test, in, 1, 2, 128, 16, 16384, 10000);
	cta_decide(test, &corun_policy_warped_slicer, st, in,
		   CORUN_POLICY_EV_JOB_START, &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 1u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 1u);
	/* the epoch of the start is skipped, then 2 epochs a point */
	ws_profile(test, st, in, &out, ws_sat2, ws_lin, 1);
	for (i = 1; i <= 6; i++) {
		KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, i);
		KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, i);
		ws_profile(test, st, in, &out, ws_sat2, ws_lin, 2);
	}
	/* A has 8 points, B 6: B stays at its last */
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 7u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 6u);
	ws_profile(test, st, in, &out, ws_sat2, ws_lin, 4);

	/*
	 * Water-filling: A is at 1.0 from 2 CTAs, B grows to its 6
	 * (shared memory); A then takes what threads are left: 5.
	 */
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 5u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 6u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[0].sm_mask), 16u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[1].sm_mask), 16u);

	/* a relaunch keeps the combination */
	in->slot_in[1].running = 0;
	cta_decide(test, &corun_policy_warped_slicer, st, in,
		   CORUN_POLICY_EV_JOB_END, &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 0u);
	in->slot_in[1].running = 1;
	in->slot_in[1].job.seqno = 3;
	cta_decide(test, &corun_policy_warped_slicer, st, in,
		   CORUN_POLICY_EV_JOB_START, &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 5u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 6u);

	/*
	 * Kernels that need whole SMs (performance grows with the square of
	 * the CTAs): sharing predicts less than spatial partitioning.
	 */
	cta_set_job(test, in, 1, 4, 512, 16, 0, 10000);
	cta_decide(test, &corun_policy_warped_slicer, st, in,
		   CORUN_POLICY_EV_JOB_START, &out);
	ws_profile(test, st, in, &out, ws_sq, ws_sq, 1 + 2 * 8);
	KUNIT_EXPECT_EQ(test, out.slot[0].sm_mask[0], 0x00ffu);
	KUNIT_EXPECT_EQ(test, out.slot[1].sm_mask[0], 0xff00u);
	KUNIT_EXPECT_EQ(test, out.slot[0].cta_quota, 0u);
	KUNIT_EXPECT_EQ(test, out.slot[1].cta_quota, 0u);
}

static struct kunit_case corun_cta_policy_cases[] = {
	KUNIT_CASE(drf_share_test),
	KUNIT_CASE(drf_static_test),
	KUNIT_CASE(smk_test),
	KUNIT_CASE(warped_slicer_test),
	{}
};

static struct kunit_suite corun_cta_policy_suite = {
	.name = "corun_cta_policy",
	.test_cases = corun_cta_policy_cases,
};

kunit_test_suites(&corun_cta_policy_suite);

MODULE_LICENSE("GPL");
