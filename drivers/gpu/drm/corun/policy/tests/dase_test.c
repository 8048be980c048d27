// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suite for the DASE-style white-box slowdown model (dase_model.c)
 * and the policies built on it (dase_fair.c, dase_qos.c), on synthetic
 * counters, on the HBM platform of hsm_test.c (80 SMs at 1400 MHz, DRAM
 * at 440 MHz: 11 DRAM cycles are 35 SM cycles).
 */
#include <kunit/test.h>
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "../dase_model.h"
#include "policy_test.h"

#define EPOCH 500000ull

static void dase_platform(struct corun_policy_platform *p)
{
	test_platform(p, 8, 80);
	p->num_channels = 32;
	p->sm_mhz = 1400;
	p->dram_mhz = 440;
	p->sm_issue = 2;
}

/*
 * A memory-bound epoch on 40 SMs: alpha = 0.6 of the scheduler cycles
 * stalled on memory (614/1024), 44000 DRAM request-cycles of bank, row
 * and bus interference (140000 SM), a quarter of 4000 LLC misses caused
 * by others at 140 SM cycles each (140000), MLP 10.
 */
static void dase_mem_epoch(struct dase_epoch *e)
{
	*e = (struct dase_epoch){ .cycles = EPOCH,
				  .sms = 40,
				  .insns = 200000,
				  .stall_mem = 600000,
				  .stall_all = 800000,
				  .llc_misses = 4000,
				  .dram_accesses = 1000,
				  .mem_latency_sum = 4000000 };
	e->ic.dram_bank = 11000;
	e->ic.dram_row = 11000;
	e->ic.dram_bus = 22000;
	e->ic.dram_req_cycles = 44000;
	e->ic.llc_atd_misses = 100;
	e->ic.llc_atd_interf = 25;
	e->ic.mem_busy_cycles = 400000;
}

static void dase_predict_memory_bound_test(struct kunit *test)
{
	struct corun_policy_platform p;
	struct dase_detail d;
	struct dase_epoch e;
	struct hsm_pred r;

	dase_platform(&p);
	dase_mem_epoch(&e);
	dase_predict(&p, &e, &r, &d);
	KUNIT_EXPECT_EQ(test, r.cls, (u32)HSM_WHITEBOX);
	KUNIT_EXPECT_EQ(test, d.interf_dram, 140000ull);
	KUNIT_EXPECT_EQ(test, d.interf_llc, 140000ull);
	KUNIT_EXPECT_EQ(test, d.mlp, 10240u);
	KUNIT_EXPECT_EQ(test, d.lost, 28000ull);
	KUNIT_EXPECT_EQ(test, d.mem_frac, 614u);
	/*
	 * alone: memory 299804 - 28000, compute (500000 - 299804) * 40 / 80
	 * = 100098: 371902 of 500000 cycles
	 */
	KUNIT_EXPECT_EQ(test, r.np_uncapped, 761u);
	KUNIT_EXPECT_EQ(test, r.np, 761u); /* above the cap, 512 */
	KUNIT_EXPECT_EQ(test, r.sigma, 80u);
	KUNIT_EXPECT_EQ(test, r.sms, 40u);
}

/* Interference over-estimated: the cap NP >= S / S_Max holds it. */
static void dase_cap_over_estimate_test(struct kunit *test)
{
	struct corun_policy_platform p;
	struct dase_detail d;
	struct dase_epoch e;
	struct hsm_pred r;

	dase_platform(&p);
	dase_mem_epoch(&e);
	/* no parallelism measured (fewer request-cycles than busy cycles) */
	e.mem_latency_sum = 100000;
	dase_predict(&p, &e, &r, &d);
	KUNIT_EXPECT_EQ(test, d.mlp, 1024u);
	KUNIT_EXPECT_EQ(test, d.lost, 280000ull);
	/* (299804 - 280000 + 100098) * 1024 / 500000 */
	KUNIT_EXPECT_EQ(test, r.np_uncapped, 245u);
	KUNIT_EXPECT_EQ(test, r.np, 512u);
	/* more lost than all the memory time: only the compute part */
	e.ic.dram_bank = 110000;
	dase_predict(&p, &e, &r, &d);
	KUNIT_EXPECT_EQ(test, r.np_uncapped, 100098u * 1024 / 500000);
	KUNIT_EXPECT_EQ(test, r.np, 512u);
	/* a grid of 60 CTAs: S_Max is 60 */
	e.ctas_total = 60;
	dase_predict(&p, &e, &r, &d);
	KUNIT_EXPECT_EQ(test, r.sigma, 60u);
	KUNIT_EXPECT_EQ(test, r.np, 40u * 1024 / 60);
}

static void dase_compute_and_check_test(struct kunit *test)
{
	struct corun_policy_platform p;
	struct dase_epoch e = { .cycles = EPOCH,
				.sms = 20,
				.insns = 30000000,
				.stall_all = 1000000 };
	struct hsm_pred r;

	dase_platform(&p);
	/* no memory stalls, no interference: S / S_Max */
	dase_predict(&p, &e, &r, 0);
	KUNIT_EXPECT_EQ(test, r.np_uncapped, 256u);
	KUNIT_EXPECT_EQ(test, r.np, 256u);
	/* alone on every SM without interference: 1 */
	e.sms = 80;
	e.stall_mem = 500000;
	dase_predict(&p, &e, &r, 0);
	KUNIT_EXPECT_EQ(test, r.np, 1024u);
	/* nothing ran: no prediction */
	e.insns = 0;
	dase_predict(&p, &e, &r, 0);
	KUNIT_EXPECT_EQ(test, r.cls, (u32)HSM_NONE);
	KUNIT_EXPECT_EQ(test, dase_model_check(&p), 0);
	KUNIT_EXPECT_EQ(test, corun_policy_dase_fair.init(0, &p), 0);
	p.dram_mhz = 0;
	KUNIT_EXPECT_EQ(test, corun_policy_dase_qos.init(0, &p), -CORUN_EINVAL);
}

/* @s's counters: dase_mem_epoch()'s, or a compute job's without @mem. */
static void dase_counters(struct corun_policy_in *in, u32 s, bool mem,
			  u64 lat_sum)
{
	struct corun_policy_slot_in *si = &in->slot_in[s];
	struct dase_epoch e;

	memset(&si->d, 0, sizeof(si->d));
	memset(&si->interf, 0, sizeof(si->interf));
	in->chan_slot[0][s].accesses = 0;
	if (!mem) {
		si->d.warp_insns = 30000000;
		si->d.stall[CORUN_STALL_RAW_SHORT] = 1000000;
		return;
	}
	dase_mem_epoch(&e);
	si->d.warp_insns = e.insns;
	si->d.stall[CORUN_STALL_RAW_LONG] = e.stall_mem;
	si->d.stall[CORUN_STALL_RAW_SHORT] = e.stall_all - e.stall_mem;
	si->d.llc_misses = e.llc_misses;
	si->d.mem_latency_sum = lat_sum;
	in->chan_slot[0][s].accesses = e.dram_accesses;
	si->interf = e.ic;
}

/* An event for @r's policy, in epochs of EPOCH cycles. */
static void dase_event(struct test_run *r, u32 ev, u32 slot, u64 now)
{
	test_run_event(r, ev, slot, now, EPOCH);
}

static void dase_fair_policy_procedure_test(struct kunit *test)
{
	struct test_run r;

	test_run_init(test, &r, &corun_policy_dase_fair, dase_platform);
	KUNIT_EXPECT_PTR_EQ(test, corun_policy_find_name("dase-fair"), r.ops);
	KUNIT_EXPECT_LE(test, r.ops->state_size, (u32)CORUN_POLICY_STATE_BYTES);
	test_job_running(r.in, 0, 11, 0);
	dase_event(&r, CORUN_POLICY_EV_JOB_START, 0, 0);
	test_job_running(r.in, 2, 12, 0);
	dase_event(&r, CORUN_POLICY_EV_JOB_START, 2, 0);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 40u);
	dase_counters(r.in, 0, true, 4000000);
	dase_counters(r.in, 2, false, 0);
	dase_event(&r, CORUN_POLICY_EV_EPOCH, 0, EPOCH);
	KUNIT_EXPECT_EQ(test, r.st->sp.pred[0].np, 761u);
	KUNIT_EXPECT_EQ(test, r.st->sp.pred[2].np, 512u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 40u);
	/*
	 * HSM-Fair's move: 512 / 761 < 0.9,
	 * x = 249 * 1600 / (761 * 40 + 512 * 40) = 7.8, 8 SMs to slot 2
	 */
	dase_event(&r, CORUN_POLICY_EV_EPOCH, 0, 2 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.st->sp.moved, 8u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 32u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 48u);
	/*
	 * Interference over-estimated on 32 SMs: uncapped (19804 + 200196
	 * * 32 / 80) * 1024 / 500000 = 204, capped 32 / 80 = 409; the
	 * compute job 48 / 80 = 614: x = 205 * 1536 / 39280 = 8 back
	 */
	dase_counters(r.in, 0, true, 100000);
	dase_event(&r, CORUN_POLICY_EV_EPOCH, 0, 3 * EPOCH);
	KUNIT_EXPECT_EQ(test, r.st->sp.pred[0].np_uncapped, 204u);
	KUNIT_EXPECT_EQ(test, r.st->sp.pred[0].np, 409u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 40u);
	/* both estimates, each epoch at its NP */
	KUNIT_EXPECT_EQ(test, r.out->slot[0].est_alone_cycles,
			(761 + 761 + 409) * EPOCH / 1024);
	KUNIT_EXPECT_EQ(test, r.out->slot[0].est_alone_uncapped,
			(761 + 761 + 204) * EPOCH / 1024);
	KUNIT_EXPECT_EQ(test, r.out->slot[2].est_alone_uncapped,
			r.out->slot[2].est_alone_cycles);
	/* the ended job's estimates, the last 1000 cycles at the last NP */
	r.in->slot_in[0].running = 0;
	dase_event(&r, CORUN_POLICY_EV_JOB_END, 0, 3 * EPOCH + 1000);
	KUNIT_EXPECT_EQ(test, r.out->slot[0].est_alone_uncapped,
			((761 + 761 + 204) * EPOCH + 204 * 1000) / 1024);
	/* its SMs wait for a relaunch until the next epoch */
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 40u);
	/* a relaunch keeps them and the prediction (409, 204 uncapped) */
	test_job_running(r.in, 0, 13, 0);
	dase_event(&r, CORUN_POLICY_EV_JOB_START, 0, 3 * EPOCH + 2000);
	KUNIT_EXPECT_EQ(test, r.out->keep_epoch, 1u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 40u);
	KUNIT_EXPECT_EQ(test, r.out->slot[0].np, 409u);
	KUNIT_EXPECT_EQ(test, r.st->sp.pred[0].np_uncapped, 204u);
	/* it ends again and stays idle past the epoch: 80 SMs to slot 2 */
	r.in->slot_in[0].running = 0;
	dase_event(&r, CORUN_POLICY_EV_JOB_END, 0, 3 * EPOCH + 3000);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 40u);
	dase_event(&r, CORUN_POLICY_EV_EPOCH, 0, 4 * EPOCH);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[2].sm_mask), 80u);
}

static void dase_qos_policy_procedure_test(struct kunit *test)
{
	struct test_run r;

	test_run_init(test, &r, &corun_policy_dase_qos, dase_platform);
	KUNIT_EXPECT_EQ(test, r.ops->flags,
			CORUN_POLICY_F_QOS | CORUN_POLICY_F_EPOCH_RESTART);
	/* the memory-bound job in slot 1 has the QoS target 0.8 */
	test_job_running(r.in, 0, 21, 0);
	test_job_running(r.in, 1, 22, 819);
	dase_event(&r, CORUN_POLICY_EV_INIT, 0, 0);
	dase_counters(r.in, 0, false, 0);
	dase_counters(r.in, 1, true, 4000000);
	dase_event(&r, CORUN_POLICY_EV_EPOCH, 0, EPOCH);
	dase_event(&r, CORUN_POLICY_EV_EPOCH, 0, 2 * EPOCH);
	/* NP 761 < 819: ceil(819 * 40 / 761) = 44 SMs */
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[1].sm_mask), 44u);
	KUNIT_EXPECT_EQ(test, popcount_mask(r.out->slot[0].sm_mask), 36u);
}

static struct kunit_case corun_dase_cases[] = {
	KUNIT_CASE(dase_predict_memory_bound_test),
	KUNIT_CASE(dase_cap_over_estimate_test),
	KUNIT_CASE(dase_compute_and_check_test),
	KUNIT_CASE(dase_fair_policy_procedure_test),
	KUNIT_CASE(dase_qos_policy_procedure_test),
	{}
};

struct kunit_suite corun_dase_suite = {
	.name = "corun_dase",
	.test_cases = corun_dase_cases,
};
