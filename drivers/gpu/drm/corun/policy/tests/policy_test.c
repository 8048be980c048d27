// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suites for the corun policies and the CTA footprint (host build
 * through tools/kunit). The engine's own suite is engine_test.c.
 */
#include <kunit/test.h>
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include <corun/hw.h>

#include "../policy.h"
#include "policy_test.h"

u32 popcount_mask(const u32 *mask)
{
	u32 i, n = 0;

	for (i = 0; i < CORUN_POLICY_MAX_SMS; i++)
		if (mask[i / 32] & (1u << (i % 32)))
			n++;
	return n;
}

/* A zeroed policy input on the platform @plat() describes. */
struct corun_policy_in *
test_policy_in(struct kunit *test, void (*plat)(struct corun_policy_platform *))
{
	struct corun_policy_in *in =
		kunit_kzalloc(test, sizeof(*in), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, in);
	plat(&in->plat);
	return in;
}

/* @in as the engine fills it for event @ev at @now; epochs of @len cycles. */
void test_event(struct corun_policy_in *in, u32 ev, u32 slot, u64 now, u64 len)
{
	in->event = ev;
	in->slot = slot;
	in->now = now;
	if (ev == CORUN_POLICY_EV_EPOCH) {
		in->cycle = now;
		in->epoch_cycles = len;
		in->epoch++;
	}
}

void test_run_init(struct kunit *test, struct test_run *r,
		   const struct corun_policy_ops *ops,
		   void (*plat)(struct corun_policy_platform *))
{
	r->ops = ops;
	r->in = test_policy_in(test, plat);
	r->out = kunit_kzalloc(test, sizeof(*r->out), GFP_KERNEL);
	r->state = kunit_kzalloc(test, ops->state_size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r->out);
	KUNIT_ASSERT_NOT_NULL(test, r->state);
}

void test_run_event(struct test_run *r, u32 ev, u32 slot, u64 now, u64 len)
{
	test_event(r->in, ev, slot, now, len);
	r->ops->decide(r->state, r->in, r->out);
}

void test_job_running(struct corun_policy_in *in, u32 s, u64 seqno, u32 qos)
{
	in->slot_in[s].running = 1;
	in->slot_in[s].job.seqno = seqno;
	in->slot_in[s].job.qos_target = qos;
	in->slot_in[s].job.ctas_total = 10000;
}

/* A 16-SM, 8-slot platform shaped like ccbp-16sm. */
void test_platform(struct corun_policy_platform *p, u32 slots, u32 sms)
{
	memset(p, 0, sizeof(*p));
	p->num_slots = slots;
	p->num_sms = sms;
	p->num_channels = 4;
	p->num_vcs = 2;
	p->sm.warp_size = 32;
	p->sm.ctas = 32;
	p->sm.threads = 2048;
	p->sm.regs = 65536;
	p->sm.reg_unit = 256;
	p->sm.shared = 96 * 1024;
	p->sm.shared_unit = 128;
	p->l1_ways = 8;
	p->llc_ways = 8;
	p->l1_line = 128;
	p->llc_line = 128;
	p->flit_bytes = 32;
	p->issue_period = 1000;
	p->sm_mhz = 1800;
}

/* Decide once with @ops on @in, from the engine's defaults. */
static void decide(struct kunit *test, const struct corun_policy_ops *ops,
		   struct corun_policy_in *in, struct corun_policy_out *out)
{
	u32 s;

	memset(out, 0, sizeof(*out));
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		corun_policy_mask_range(out->slot[s].sm_mask, 0,
					in->plat.num_sms);
	KUNIT_ASSERT_EQ(test, ops->init ? ops->init(NULL, &in->plat) : 0, 0);
	ops->decide(NULL, in, out);
}

static struct corun_policy_in *new_in(struct kunit *test, u32 slots, u32 sms)
{
	struct corun_policy_in *in =
		kunit_kzalloc(test, sizeof(*in), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, in);
	test_platform(&in->plat, slots, sms);
	return in;
}

static void policy_registry_test(struct kunit *test)
{
	u32 i;

	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_id(0), &corun_policy_fcfs);
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_id(1), &corun_policy_even);
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_id(2),
			    &corun_policy_proportional);
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_id(6),
			    &corun_policy_hsm_fair);
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_id(7),
			    &corun_policy_hsm_qos);
	KUNIT_EXPECT_NULL(test, corun_policy_find_id(8));
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_name("even"),
			    &corun_policy_even);
	KUNIT_EXPECT_NULL(test, corun_policy_find_name("eve"));
	KUNIT_EXPECT_NULL(test, corun_policy_find_name("evenx"));
	/* every policy describes itself and fits the engine's state */
	for (i = 0; corun_policies[i]; i++) {
		KUNIT_EXPECT_NOT_NULL(test, corun_policies[i]->desc);
		KUNIT_EXPECT_LE(test, corun_policies[i]->state_size,
				(u32)CORUN_POLICY_STATE_BYTES);
		KUNIT_EXPECT_NOT_NULL(test, corun_policies[i]->decide);
	}
	/* FEATURE_QOS comes from these: the policies that read qos_target */
	KUNIT_EXPECT_EQ(test, corun_policy_proportional.flags,
			CORUN_POLICY_F_QOS);
	KUNIT_EXPECT_TRUE(test,
			  corun_policy_hsm_qos.flags & CORUN_POLICY_F_QOS);
	KUNIT_EXPECT_EQ(test, corun_policy_even.flags, 0u);
	KUNIT_EXPECT_FALSE(test,
			   corun_policy_hsm_fair.flags & CORUN_POLICY_F_QOS);
	/* the slowdown-model policies end the epoch at every start or end */
	for (i = 0; corun_policies[i]; i++) {
		const struct corun_policy_ops *o = corun_policies[i];
		bool smpart = o == &corun_policy_hsm_fair ||
			      o == &corun_policy_hsm_qos ||
			      o == &corun_policy_dase_fair ||
			      o == &corun_policy_dase_qos;

		KUNIT_EXPECT_EQ(test,
				!!(o->flags & CORUN_POLICY_F_EPOCH_RESTART),
				smpart);
	}
}

static void footprint_test(struct kunit *test)
{
	struct corun_policy_platform p;
	struct corun_cta_footprint f;

	test_platform(&p, 8, 16);
	/* 256 threads x 20 regs: 8 warps x 640 (rounded to 768) registers */
	KUNIT_ASSERT_EQ(test, corun_cta_footprint(&p.sm, 256, 20, 1000, &f),
			CORUN_CTA_FITS);
	KUNIT_EXPECT_EQ(test, f.warps, 8u);
	KUNIT_EXPECT_EQ(test, f.regs, 8u * 768);
	KUNIT_EXPECT_EQ(test, f.shared, 1024u);
	/* registers limit: 65536 / 6144 = 10; threads allow 8 */
	KUNIT_EXPECT_EQ(test, f.ctas_per_sm, 8u);
	KUNIT_ASSERT_EQ(test, corun_cta_footprint(&p.sm, 64, 32, 0, &f),
			CORUN_CTA_FITS);
	KUNIT_EXPECT_EQ(test, f.ctas_per_sm, 32u); /* the CTA slots */
	KUNIT_ASSERT_EQ(test, corun_cta_footprint(&p.sm, 32, 8, 40000, &f),
			CORUN_CTA_FITS);
	KUNIT_EXPECT_EQ(test, f.ctas_per_sm, 2u); /* shared memory */
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 0, 8, 0, &f),
			CORUN_CTA_BAD_THREADS);
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 2049, 8, 0, &f),
			CORUN_CTA_BAD_THREADS);
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 64, 0, 0, &f),
			CORUN_CTA_BAD_REGS);
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 64, 256, 0, &f),
			CORUN_CTA_BAD_REGS);
	/* 1024 threads x 65 regs round to 2304 per warp: 73728 > 65536 */
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 1024, 65, 0, &f),
			CORUN_CTA_BAD_REGS);
	/* 98304 bytes fit exactly; one more byte rounds past the SM */
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 32, 8, 98304, &f),
			CORUN_CTA_FITS);
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 32, 8, 98305, &f),
			CORUN_CTA_BAD_SHARED);
	p.sm.warp_size = 0;
	KUNIT_EXPECT_EQ(test, corun_cta_footprint(&p.sm, 32, 8, 0, &f),
			CORUN_CTA_BAD_LIMITS);
}

static void policy_fcfs_test(struct kunit *test)
{
	struct corun_policy_in *in = new_in(test, 8, 16);
	struct corun_policy_out out;
	u32 s;

	in->slot_in[0].running = 1;
	in->slot_in[3].running = 1;
	in->slot_in[3].job.priority = 1;
	decide(test, &corun_policy_fcfs, in, &out);
	for (s = 0; s < 8; s++) {
		KUNIT_EXPECT_EQ(test, out.slot[s].sm_mask[0], 0xffffu);
		KUNIT_EXPECT_EQ(test, out.slot[s].sm_mask[1], 0u);
		KUNIT_EXPECT_EQ(test, out.slot[s].cta_quota, 0u);
	}
	KUNIT_EXPECT_EQ(test, out.slot[0].priority, 4u);
	KUNIT_EXPECT_EQ(test, out.slot[3].priority, 8u);
}

static void policy_even_test(struct kunit *test)
{
	struct corun_policy_in *in = new_in(test, 8, 16);
	struct corun_policy_out out;

	in->slot_in[1].running = 1;
	in->slot_in[4].running = 1;
	in->slot_in[6].running = 1;
	decide(test, &corun_policy_even, in, &out);
	/* 16 SMs over 3 jobs: 6 + 5 + 5, disjoint, in slot order */
	KUNIT_EXPECT_EQ(test, out.slot[1].sm_mask[0], 0x003fu);
	KUNIT_EXPECT_EQ(test, out.slot[4].sm_mask[0], 0x07c0u);
	KUNIT_EXPECT_EQ(test, out.slot[6].sm_mask[0], 0xf800u);
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[0].sm_mask), 16u);
}

static void policy_even_many_test(struct kunit *test)
{
	struct corun_policy_in *in = new_in(test, 16, 128);
	struct corun_policy_out out;
	u32 s, total = 0;

	for (s = 0; s < 16; s++)
		in->slot_in[s].running = 1;
	decide(test, &corun_policy_even, in, &out);
	for (s = 0; s < 16; s++) {
		KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[s].sm_mask), 8u);
		total += popcount_mask(out.slot[s].sm_mask);
	}
	KUNIT_EXPECT_EQ(test, total, 128u);
	KUNIT_EXPECT_EQ(test, out.slot[15].sm_mask[3], 0xff000000u);

	/* more running jobs than SMs: everyone shares everything */
	in->plat.num_sms = 4;
	decide(test, &corun_policy_even, in, &out);
	KUNIT_EXPECT_EQ(test, out.slot[9].sm_mask[0], 0xfu);
}

/* The SMs of every running slot are disjoint and cover the device. */
static void expect_partition(struct kunit *test,
			     const struct corun_policy_in *in,
			     const struct corun_policy_out *out, u32 *n)
{
	u32 s, w, seen[CORUN_POLICY_MASK_WORDS] = {}, total = 0;

	for (s = 0; s < in->plat.num_slots; s++) {
		n[s] = 0;
		if (!in->slot_in[s].running)
			continue;
		for (w = 0; w < CORUN_POLICY_MASK_WORDS; w++) {
			KUNIT_EXPECT_EQ(test, seen[w] & out->slot[s].sm_mask[w],
					0u);
			seen[w] |= out->slot[s].sm_mask[w];
		}
		n[s] = popcount_mask(out->slot[s].sm_mask);
		total += n[s];
	}
	KUNIT_EXPECT_EQ(test, total, in->plat.num_sms);
}

static void policy_proportional_test(struct kunit *test)
{
	struct corun_policy_in *in = new_in(test, 8, 80);
	struct corun_policy_out out;
	u32 n[CORUN_POLICY_MAX_SLOTS];

	/* HSM's proportional baseline: a 0.8 QoS target gets 80 % */
	in->slot_in[0].running = 1;
	in->slot_in[0].job.qos_target = 819;
	in->slot_in[1].running = 1;
	decide(test, &corun_policy_proportional, in, &out);
	expect_partition(test, in, &out, n);
	KUNIT_EXPECT_EQ(test, n[0], 64u);
	KUNIT_EXPECT_EQ(test, n[1], 16u);

	/* no QoS: by priority, high 4 : normal 2 : low 1 */
	in->slot_in[0].job.qos_target = 0;
	in->slot_in[0].job.priority = 1;
	in->slot_in[1].job.priority = 0;
	in->slot_in[2].running = 1;
	in->slot_in[2].job.priority = -1;
	in->plat.num_sms = 14;
	decide(test, &corun_policy_proportional, in, &out);
	expect_partition(test, in, &out, n);
	KUNIT_EXPECT_EQ(test, n[0], 8u);
	KUNIT_EXPECT_EQ(test, n[1], 4u);
	KUNIT_EXPECT_EQ(test, n[2], 2u);
	KUNIT_EXPECT_EQ(test, out.slot[0].priority, 8u);
	KUNIT_EXPECT_EQ(test, out.slot[2].priority, 0u);

	/* QoS targets asking for everything still leave one SM each */
	in->plat.num_sms = 16;
	in->slot_in[0].job.qos_target = 1024;
	in->slot_in[1].job.qos_target = 1024;
	decide(test, &corun_policy_proportional, in, &out);
	expect_partition(test, in, &out, n);
	KUNIT_EXPECT_EQ(test, n[2], 1u);
	KUNIT_EXPECT_EQ(test, n[0] + n[1], 15u);
	KUNIT_EXPECT_EQ(test, n[0], 8u); /* the tie goes to the lower slot */

	/* idle slots keep every SM */
	KUNIT_EXPECT_EQ(test, popcount_mask(out.slot[5].sm_mask), 16u);

	/* more jobs than SMs: all share all */
	in->plat.num_sms = 2;
	decide(test, &corun_policy_proportional, in, &out);
	KUNIT_EXPECT_EQ(test, out.slot[0].sm_mask[0], 0x3u);
	KUNIT_EXPECT_EQ(test, out.slot[2].sm_mask[0], 0x3u);
}

static struct kunit_case corun_policy_cases[] = {
	KUNIT_CASE(policy_registry_test),
	KUNIT_CASE(footprint_test),
	KUNIT_CASE(policy_fcfs_test),
	KUNIT_CASE(policy_even_test),
	KUNIT_CASE(policy_even_many_test),
	KUNIT_CASE(policy_proportional_test),
	{}
};

static struct kunit_suite corun_policy_suite = {
	.name = "corun_policy",
	.test_cases = corun_policy_cases,
};

kunit_test_suites(&corun_policy_suite, &corun_policy_engine_suite,
		  &corun_fwknobs_suite, &corun_fwlive_suite, &corun_hsm_suite,
		  &corun_dase_suite);

MODULE_LICENSE("GPL");
