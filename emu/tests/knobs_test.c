// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The device-model mechanisms policies set, through the whole device
 * (gpu.h) on hand-assembled kernels: warp-issue quotas per slot and
 * period, the per-SM slot counters, the per-slot NoC VC and the per-VC
 * counters, the LLC policies and owner counts, the per-slot DRAM
 * priority and the per-channel slot counters, and the per-slot
 * memory-instruction caps (MIL).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/test.h>

#include "sm.h" /* MIL's per-SM counts, to watch the cap */
#include "testdev.h"

#define MEM_BYTES (16u << 20)

/* The reference spin kernel: 14 + 2 * n warp instructions per warp. */
static uint32_t spin_kernel(struct tdev *t)
{
	uint32_t w[32];
	unsigned int n = rv32asm_gid_store(w, 1);

	return tdev_code(t, w, n);
}

static void spin_desc(struct tdev *t, unsigned int slot,
		      struct corun_job_desc *d, uint32_t entry, uint32_t grid,
		      uint32_t n)
{
	uint32_t args = tdev_alloc(t, 64, TDEV_RW), *a = tdev_ptr(t, args);

	a[0] = tdev_alloc(t, grid * t->cfg.warp_size * 4, TDEV_RW);
	a[1] = n;
	tdev_desc(t, slot, d, entry, grid, t->cfg.warp_size);
	d->args = args;
}

/*
 * Read-only stream: each thread loads args[1] words, the first at
 * args[0] + args[3] * gid, each next args[2] bytes further.
 */
static uint32_t stream_kernel(struct tdev *t)
{
	uint32_t w[32], n = 0;

	w[n++] = CSRR(A0, CORUN_CSR_CTAID_X);
	w[n++] = CSRR(A1, CORUN_CSR_NTID_X);
	w[n++] = CSRR(A2, CORUN_CSR_TID_X);
	w[n++] = MUL(A0, A0, A1);
	w[n++] = ADD(A0, A0, A2);
	w[n++] = CSRR(A3, CORUN_CSR_ARGS);
	w[n++] = LW(A4, A3, 0);
	w[n++] = LW(A5, A3, 4);
	w[n++] = LW(A6, A3, 8);
	w[n++] = LW(A7, A3, 12);
	w[n++] = MUL(A0, A0, A7);
	w[n++] = ADD(A4, A4, A0);
	w[n++] = LW(T0, A4, 0); /* loop: */
	w[n++] = ADD(T1, T1, T0);
	w[n++] = ADD(A4, A4, A6);
	w[n++] = ADDI(A5, A5, -1);
	w[n++] = BNE(A5, ZERO, -16);
	w[n++] = EXIT;
	return tdev_code(t, w, n);
}

/*
 * A stream job of @grid CTAs, @iters steps; thread i reads @spacing * i
 * bytes into a fresh buffer at each step, which moves on past what all
 * threads read.
 */
static void stream_desc_sp(struct tdev *t, unsigned int slot,
			   struct corun_job_desc *d, uint32_t entry,
			   uint32_t grid, uint32_t iters, uint32_t spacing)
{
	uint32_t args = tdev_alloc(t, 64, TDEV_RW), *a = tdev_ptr(t, args);
	uint32_t threads = grid * t->cfg.warp_size;

	a[1] = iters;
	a[2] = threads * spacing;
	a[3] = spacing;
	a[0] = tdev_alloc(t, iters * a[2], TDEV_RW);
	tdev_desc(t, slot, d, entry, grid, t->cfg.warp_size);
	d->args = args;
}

/* A contiguous stream over @bytes (64-byte lines, one per thread). */
static void stream_desc(struct tdev *t, unsigned int slot,
			struct corun_job_desc *d, uint32_t entry, uint32_t grid,
			uint32_t bytes)
{
	stream_desc_sp(t, slot, d, entry, grid,
		       bytes / (grid * t->cfg.warp_size * 64), 64);
}

static void set_sms(struct kunit *test, struct tdev *t, unsigned int slot,
		    uint32_t mask, uint32_t quota)
{
	struct emu_slot_policy p;

	KUNIT_ASSERT_EQ(test, emu_gpu_get_slot_policy(t->gpu, slot, &p), 0);
	memset(p.sm_mask, 0, sizeof(p.sm_mask));
	p.sm_mask[0] = mask;
	KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_policy(t->gpu, slot, &p), 0);
	KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_issue_quota(t->gpu, slot, quota),
			0);
}

static uint64_t cycles_of(const struct emu_event *ev)
{
	return ev->counters.end_cycle - ev->counters.start_cycle;
}

static int run1(struct kunit *test, struct tdev *t, unsigned int slot,
		const struct corun_job_desc *d, struct emu_event *ev)
{
	int r = tdev_run(t, slot, d, ev, 50000000);

	KUNIT_EXPECT_EQ(test, r, 0);
	if (!r)
		KUNIT_EXPECT_EQ(test, ev->fault.cause, 0u);
	return r;
}

/* ------------------------------------------------------------ quotas */

/* One warp of 1014 warp instructions on SM 0, with @quota per period. */
static uint64_t quota_run(struct kunit *test, struct tdev *t, uint32_t quota,
			  struct emu_event *ev)
{
	struct corun_job_desc d;

	set_sms(test, t, 0, 1, quota);
	spin_desc(t, 0, &d, spin_kernel(t), 1, 500);
	if (run1(test, t, 0, &d, ev))
		return 0;
	KUNIT_EXPECT_EQ(test, ev->counters.c.warp_insns, 1014ull);
	return cycles_of(ev);
}

static void quota_limits_rate(struct kunit *test)
{
	uint64_t free_run, q50, q50_half;
	struct emu_event ev;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	free_run = quota_run(test, &t, 0, &ev);
	KUNIT_EXPECT_EQ(test, ev.counters.c.stall[CORUN_STALL_THROTTLED], 0ull);
	/* 50 per 1000-cycle period: 1014 take 20 periods and a bit. */
	q50 = quota_run(test, &t, 50, &ev);
	KUNIT_EXPECT_GE(test, q50, 19ull * EMU_ISSUE_PERIOD_DEFAULT);
	KUNIT_EXPECT_LE(test, q50, 21ull * EMU_ISSUE_PERIOD_DEFAULT + free_run);
	/* Held cycles count as throttled. */
	KUNIT_EXPECT_GT(test, ev.counters.c.stall[CORUN_STALL_THROTTLED],
			q50 / 2);
	/* Half the period: twice the rate. */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_issue_period(t.gpu, 500), 0);
	q50_half = quota_run(test, &t, 50, &ev);
	KUNIT_EXPECT_GE(test, q50_half, 19ull * 500);
	KUNIT_EXPECT_LE(test, q50_half, 21ull * 500 + free_run);
	kunit_info(
		test,
		"1014 warp insns: %llu cycles free, %llu at 50/1000, %llu at 50/500",
		(unsigned long long)free_run, (unsigned long long)q50,
		(unsigned long long)q50_half);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_issue_period(t.gpu, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test,
			emu_gpu_set_slot_issue_quota(t.gpu, t.cfg.num_slots, 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(
		test, emu_gpu_set_issue_period(t.gpu, EMU_ISSUE_PERIOD_MAX + 1),
		-EINVAL);
	tdev_fini(&t);
}

/* Each full period of a busy slot issues exactly its quota on the SM. */
static void quota_per_period(struct kunit *test)
{
	struct emu_event ev, evs[CORUN_MAX_SLOTS];
	struct emu_sm_slot_counters c;
	struct corun_job_desc d;
	uint64_t prev = 0;
	unsigned int k, full = 0;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	set_sms(test, &t, 0, 1, 37);
	/* Two CTAs of one warp each on SM 0: the quota is the SM's. */
	spin_desc(&t, 0, &d, spin_kernel(&t), 2, 400);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 0, &d), 0);
	for (k = 1; k <= 15; k++) {
		while (emu_gpu_run(t.gpu, k * 1000ull, &ev) != EMU_EV_NONE)
			;
		emu_gpu_sm_slot_counters(t.gpu, 0, 0, &c);
		KUNIT_EXPECT_LE(test, c.warp_insns - prev, 37ull);
		full += c.warp_insns - prev == 37;
		prev = c.warp_insns;
	}
	/* The first period is cut by the job's start. */
	KUNIT_EXPECT_GE(test, full, 14u);
	/* Mid-period the grant is spent; lifting the quota wakes the held
	 * warps at once.
	 */
	while (emu_gpu_run(t.gpu, 15500, &ev) != EMU_EV_NONE)
		;
	emu_gpu_sm_slot_counters(t.gpu, 0, 0, &c);
	KUNIT_EXPECT_EQ(test, c.warp_insns - prev, 37ull);
	prev = c.warp_insns;
	set_sms(test, &t, 0, 1, 0);
	while (emu_gpu_run(t.gpu, 15550, &ev) != EMU_EV_NONE)
		;
	emu_gpu_sm_slot_counters(t.gpu, 0, 0, &c);
	KUNIT_EXPECT_GE(test, c.warp_insns - prev, 40ull);
	KUNIT_ASSERT_EQ(test, tdev_run_all(&t, evs, 100000), 0);
	emu_gpu_sm_slot_counters(t.gpu, 0, 0, &c);
	KUNIT_EXPECT_EQ(test, c.warp_insns, 2 * 814ull);
	tdev_fini(&t);
}

/* A slot's quota does not slow another slot on the same SM. */
static void quota_other_slot(struct kunit *test)
{
	struct emu_event evs[CORUN_MAX_SLOTS];
	struct corun_job_desc d0, d1;
	uint32_t entry;
	uint64_t alone;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = spin_kernel(&t);
	set_sms(test, &t, 1, 1, 0);
	spin_desc(&t, 1, &d1, entry, 2, 2000);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 1, &d1, &evs[1]), 0);
	alone = cycles_of(&evs[1]);
	/* Slot 0 co-runs on SM 0, limited to 10 per 1000 cycles. */
	set_sms(test, &t, 0, 1, 10);
	spin_desc(&t, 0, &d0, entry, 2, 100000);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 0, &d0), 0);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 1, &d1), 0);
	while (emu_gpu_run(t.gpu, emu_gpu_cycle(t.gpu) + 100000, &evs[2]) !=
	       EMU_EV_JOB_DONE)
		;
	KUNIT_EXPECT_EQ(test, evs[2].slot, 1u);
	kunit_info(test,
		   "slot 1: %llu cycles alone, %llu beside slot 0 at 10/1000",
		   (unsigned long long)alone,
		   (unsigned long long)cycles_of(&evs[2]));
	KUNIT_EXPECT_LE(test, cycles_of(&evs[2]), alone + alone / 20);
	KUNIT_EXPECT_EQ(test, emu_gpu_reset_slot(t.gpu, 0), 0);
	tdev_run_all(&t, evs, 100000);
	tdev_fini(&t);
}

/*
 * Two busy slots with quotas on one SM: once both have spent their grants
 * both are granted again at once, so the quotas set their shares (10:30)
 * and not a ceiling of 40 per period on the SM.
 */
static void quota_shares_refill(struct kunit *test)
{
	struct emu_event evs[CORUN_MAX_SLOTS], ev;
	struct emu_sm_slot_counters c0, c1;
	struct corun_job_desc d0, d1;
	uint32_t entry;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = spin_kernel(&t);
	set_sms(test, &t, 0, 1, 10);
	set_sms(test, &t, 1, 1, 30);
	spin_desc(&t, 0, &d0, entry, 1, 100000);
	spin_desc(&t, 1, &d1, entry, 1, 100000);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 0, &d0), 0);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 1, &d1), 0);
	while (emu_gpu_run(t.gpu, 20000, &ev) != EMU_EV_NONE)
		;
	emu_gpu_sm_slot_counters(t.gpu, 0, 0, &c0);
	emu_gpu_sm_slot_counters(t.gpu, 0, 1, &c1);
	kunit_info(test, "20 periods: slot 0 (10) %llu, slot 1 (30) %llu warp insns",
		   (unsigned long long)c0.warp_insns,
		   (unsigned long long)c1.warp_insns);
	/* Far above 20 periods of 10 + 30... */
	KUNIT_EXPECT_GT(test, c0.warp_insns + c1.warp_insns, 10 * 20 * 40ull);
	/*
	 * ...in the quotas' proportion, but for the grants a period's end
	 * takes back unspent (at most one round, 30 + 10, per period).
	 */
	KUNIT_EXPECT_LE(test, c0.warp_insns * 3, c1.warp_insns + 20 * 40);
	KUNIT_EXPECT_GE(test, c0.warp_insns * 3 + 20 * 40, c1.warp_insns);
	KUNIT_EXPECT_EQ(test, emu_gpu_reset_slot(t.gpu, 0), 0);
	KUNIT_EXPECT_EQ(test, emu_gpu_reset_slot(t.gpu, 1), 0);
	tdev_run_all(&t, evs, 100000);
	tdev_fini(&t);
}

/* ------------------------------------------------- per-SM slot counters */

static void sm_slot_counters(struct kunit *test)
{
	struct emu_sm_slot_counters c[2], late;
	struct corun_job_desc d;
	struct emu_event ev;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	/* Four one-warp CTAs, round robin: two per SM. */
	spin_desc(&t, 3, &d, spin_kernel(&t), 4, 300);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 3, &d, &ev), 0);
	emu_gpu_sm_slot_counters(t.gpu, 0, 3, &c[0]);
	emu_gpu_sm_slot_counters(t.gpu, 1, 3, &c[1]);
	KUNIT_EXPECT_EQ(test, c[0].warp_insns, 2 * 614ull);
	KUNIT_EXPECT_EQ(test, c[1].warp_insns, 2 * 614ull);
	KUNIT_EXPECT_EQ(test, c[0].warp_insns + c[1].warp_insns,
			ev.counters.c.warp_insns);
	/* Two CTAs per SM for most of the job. */
	kunit_info(test, "CTA cycles %llu + %llu over a %llu-cycle job",
		   (unsigned long long)c[0].cta_cycles,
		   (unsigned long long)c[1].cta_cycles,
		   (unsigned long long)cycles_of(&ev));
	KUNIT_EXPECT_LE(test, c[0].cta_cycles, 2 * cycles_of(&ev));
	KUNIT_EXPECT_GE(test, c[0].cta_cycles, 2 * cycles_of(&ev) * 9 / 10);
	KUNIT_EXPECT_LE(test, c[1].cta_cycles, 2 * cycles_of(&ev));
	/* No CTA resident any more: nothing grows. */
	spin_desc(&t, 4, &d, spin_kernel(&t), 1, 100);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 4, &d, &ev), 0);
	emu_gpu_sm_slot_counters(t.gpu, 0, 3, &late);
	KUNIT_EXPECT_EQ(test, late.cta_cycles, c[0].cta_cycles);
	KUNIT_EXPECT_EQ(test, late.warp_insns, c[0].warp_insns);
	emu_gpu_sm_slot_counters(t.gpu, 0, 4, &late);
	KUNIT_EXPECT_EQ(test, late.warp_insns, 214ull);
	KUNIT_EXPECT_LE(test, late.cta_cycles, cycles_of(&ev));
	KUNIT_EXPECT_GT(test, late.cta_cycles, 0ull);
	/* Bad indexes read zeros. */
	memset(&late, 0xff, sizeof(late));
	emu_gpu_sm_slot_counters(t.gpu, 2, 3, &late);
	KUNIT_EXPECT_EQ(test, late.warp_insns | late.cta_cycles, 0ull);
	emu_gpu_sm_slot_counters(t.gpu, 0, t.cfg.num_slots, &late);
	KUNIT_EXPECT_EQ(test, late.warp_insns | late.cta_cycles, 0ull);
	tdev_fini(&t);
}

/* ------------------------------------------------------- memory side */

/* test-2sm with 4 VCs: vc_map = class puts requests in 0, replies in 1. */
static int mem_dev(struct tdev *t)
{
	struct emu_config c;

	tdev_test_config(&c);
	c.noc.vcs = 4;
	return tdev_init(t, &c, MEM_BYTES);
}

static void vc_read(struct tdev *t, struct emu_noc_vc_counters *v)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		emu_gpu_noc_vc_counters(t->gpu, i, &v[i]);
}

/* A slot's requests and replies all travel in the VC set for it. */
static void slot_vc(struct kunit *test)
{
	struct emu_noc_vc_counters v[4], w[4];
	struct corun_job_desc d;
	struct emu_event ev;
	uint32_t entry;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, mem_dev(&t), 0);
	entry = stream_kernel(&t);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_vc(t.gpu, 1, 3), 0);
	stream_desc(&t, 1, &d, entry, 2, 16384);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 1, &d, &ev), 0);
	vc_read(&t, v);
	KUNIT_EXPECT_GT(test, ev.counters.c.noc_flits, 256ull);
	KUNIT_EXPECT_EQ(test, v[3].req_flits + v[3].rep_flits,
			ev.counters.c.noc_flits);
	KUNIT_EXPECT_EQ(test, v[3].req_flits, ev.counters.c.requests);
	KUNIT_EXPECT_EQ(test,
			v[0].req_flits + v[0].rep_flits + v[1].req_flits +
				v[1].rep_flits + v[2].req_flits +
				v[2].rep_flits,
			0ull);
	/* Back to vc_map: requests in VC 0, replies in VC 1. */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_vc(t.gpu, 1, EMU_NOC_VC_MAPPED),
			0);
	stream_desc(&t, 1, &d, entry, 2, 16384);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 1, &d, &ev), 0);
	vc_read(&t, w);
	KUNIT_EXPECT_EQ(test, w[3].req_flits + w[3].rep_flits,
			v[3].req_flits + v[3].rep_flits);
	KUNIT_EXPECT_EQ(test, w[0].req_flits, ev.counters.c.requests);
	KUNIT_EXPECT_EQ(test, w[0].req_flits + w[1].rep_flits,
			ev.counters.c.noc_flits);
	/* Bad slot or VC: refused. */
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_vc(t.gpu, t.cfg.num_slots, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_vc(t.gpu, 1, 4), -EINVAL);
	memset(v, 0xff, sizeof(v));
	emu_gpu_noc_vc_counters(t.gpu, 4, &v[0]);
	KUNIT_EXPECT_EQ(test,
			v[0].req_flits | v[0].req_stall | v[0].rep_flits |
				v[0].rep_stall,
			0ull);
	tdev_fini(&t);
}

/* The LLC counts of @slot agree with its slot counters. */
static void llc_consistent(struct kunit *test, struct tdev *t,
			   unsigned int slot)
{
	struct corun_slot_counters sc;
	struct emu_llc_counters lc;

	emu_gpu_slot_counters(t->gpu, slot, &sc);
	emu_gpu_llc_slot_counters(t->gpu, slot, &lc);
	KUNIT_EXPECT_EQ(test, lc.hits, sc.llc_hits);
	KUNIT_EXPECT_EQ(test, lc.misses, sc.llc_misses);
	KUNIT_EXPECT_EQ(test, lc.fills - lc.evicted, lc.lines);
	KUNIT_EXPECT_LE(test, lc.evicted_by_other, lc.evicted);
}

/* Way partitioning confines a slot's lines; the policy reads back. */
static void llc_waypart_device(struct kunit *test)
{
	struct emu_llc_policy p = { .mode = EMU_LLC_WAYPART }, q;
	struct emu_llc_counters c0, c1, g;
	struct corun_job_desc d;
	struct emu_event ev;
	uint32_t entry, lines;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, mem_dev(&t), 0);
	lines = t.cfg.l2.banks * t.cfg.l2.bank_size / t.cfg.l2.line;
	entry = stream_kernel(&t);
	/* Slot 1 streams 3x the LLC: it owns every line. */
	stream_desc(&t, 1, &d, entry, 2, 3 * lines * t.cfg.l2.line);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 1, &d, &ev), 0);
	emu_gpu_llc_slot_counters(t.gpu, 1, &c1);
	KUNIT_EXPECT_EQ(test, c1.lines, (uint64_t)lines);
	/* Slot 0 limited to way 0 of each set: a quarter of the lines. */
	p.slot_ways[0] = 1;
	KUNIT_ASSERT_EQ(test, emu_gpu_set_llc_policy(t.gpu, &p), 0);
	stream_desc(&t, 0, &d, entry, 2, 3 * lines * t.cfg.l2.line);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 0, &d, &ev), 0);
	emu_gpu_llc_slot_counters(t.gpu, 0, &c0);
	emu_gpu_llc_slot_counters(t.gpu, 1, &c1);
	KUNIT_EXPECT_EQ(test, c0.lines, (uint64_t)lines / t.cfg.l2.ways);
	KUNIT_EXPECT_EQ(test, c1.lines,
			(uint64_t)lines - lines / t.cfg.l2.ways);
	KUNIT_EXPECT_EQ(test, c1.evicted_by_other, c0.lines);
	KUNIT_EXPECT_EQ(test, c0.evicted_by_other, 0ull);
	llc_consistent(test, &t, 0);
	llc_consistent(test, &t, 1);
	emu_gpu_llc_class_counters(t.gpu, 0, &g);
	KUNIT_EXPECT_EQ(test, g.lines, (uint64_t)lines);
	KUNIT_EXPECT_EQ(test, g.hits + g.misses,
			c0.hits + c0.misses + c1.hits + c1.misses);
	emu_gpu_llc_class_counters(t.gpu, 1, &g);
	KUNIT_EXPECT_EQ(test, g.fills, 0ull);
	/* A bad policy is refused and changes nothing. */
	q = p;
	q.slot_ways[0] = 1ull << t.cfg.l2.ways;
	KUNIT_EXPECT_EQ(test, emu_gpu_set_llc_policy(t.gpu, &q), -EINVAL);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_llc_policy(t.gpu, NULL), -EINVAL);
	emu_gpu_get_llc_policy(t.gpu, &q);
	KUNIT_EXPECT_EQ(test, memcmp(&p, &q, sizeof(p)), 0);
	tdev_fini(&t);
}

/*
 * Slot 0 reads 16 KB (half the LLC), slot 1 streams 3x the LLC, slot 0
 * reads its 16 KB again. Returns the LLC hits of the second read.
 */
static uint64_t protect_run(struct kunit *test, const struct emu_llc_policy *p)
{
	struct corun_job_desc d0, d1;
	struct corun_slot_counters a, b;
	struct emu_event ev;
	uint32_t entry;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, mem_dev(&t), 0);
	if (p)
		KUNIT_ASSERT_EQ(test, emu_gpu_set_llc_policy(t.gpu, p), 0);
	entry = stream_kernel(&t);
	stream_desc(&t, 0, &d0, entry, 2, 16384);
	stream_desc(&t, 1, &d1, entry, 2, 3 * 32768);
	run1(test, &t, 0, &d0, &ev);
	run1(test, &t, 1, &d1, &ev);
	emu_gpu_slot_counters(t.gpu, 0, &a);
	d0.seqno++;
	run1(test, &t, 0, &d0, &ev);
	emu_gpu_slot_counters(t.gpu, 0, &b);
	llc_consistent(test, &t, 0);
	llc_consistent(test, &t, 1);
	tdev_fini(&t);
	return b.llc_hits - a.llc_hits;
}

static void llc_protect_device(struct kunit *test)
{
	struct emu_llc_policy p = { .mode = EMU_LLC_PROTECT,
				    .protect_slots = 1u << 0 };
	uint64_t lru = protect_run(test, NULL), prot = protect_run(test, &p);

	kunit_info(
		test,
		"256 lines read again after a 96 KB stream: %llu LLC hits under LRU, %llu protected",
		(unsigned long long)lru, (unsigned long long)prot);
	KUNIT_EXPECT_LE(test, lru, 16ull);
	KUNIT_EXPECT_GE(test, prot, 250ull);
	/* evict_permille = 1000: LRU again. */
	p.evict_permille = EMU_LLC_PERMILLE;
	KUNIT_EXPECT_EQ(test, protect_run(test, &p), lru);
}

/* Per-channel slot counters add up to the slot's DRAM counters. */
static void dram_chan_slots(struct kunit *test)
{
	struct corun_chan_counters cc;
	struct corun_slot_counters sc;
	uint64_t acc = 0, hits = 0, bus = 0;
	struct corun_job_desc d;
	struct emu_event ev;
	unsigned int ch;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, mem_dev(&t), 0);
	stream_desc(&t, 2, &d, stream_kernel(&t), 2, 65536);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 2, &d, &ev), 0);
	emu_gpu_slot_counters(t.gpu, 2, &sc);
	for (ch = 0; ch < t.cfg.dram.channels; ch++) {
		emu_gpu_chan_slot_counters(t.gpu, ch, 2, &cc);
		KUNIT_EXPECT_GT(test, cc.accesses, 0ull);
		acc += cc.accesses;
		hits += cc.row_hits;
		bus += cc.bus_busy_cycles;
		emu_gpu_chan_slot_counters(t.gpu, ch, 1, &cc);
		KUNIT_EXPECT_EQ(test, cc.accesses, 0ull);
	}
	KUNIT_EXPECT_EQ(test, acc, sc.dram_accesses);
	KUNIT_EXPECT_EQ(test, hits, sc.dram_row_hits);
	KUNIT_EXPECT_EQ(test, bus, sc.dram_bus_cycles);
	KUNIT_EXPECT_GE(test, acc, 1024ull);
	memset(&cc, 0xff, sizeof(cc));
	emu_gpu_chan_slot_counters(t.gpu, t.cfg.dram.channels, 2, &cc);
	KUNIT_EXPECT_EQ(test, cc.accesses | cc.row_hits | cc.bus_busy_cycles,
			0ull);
	emu_gpu_chan_slot_counters(t.gpu, 0, t.cfg.num_slots, &cc);
	KUNIT_EXPECT_EQ(test, cc.accesses, 0ull);
	tdev_fini(&t);
}

/*
 * Slots 0 and 1 stream from SMs 0 and 1 at once with DRAM priorities
 * @p0 and @p1; *@lat receives each one's mean L1-miss latency.
 */
static void dram_prio_run(struct kunit *test, uint32_t p0, uint32_t p1,
			  uint64_t *lat)
{
	struct emu_event evs[CORUN_MAX_SLOTS];
	struct corun_job_desc d[2];
	uint32_t entry, s;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, mem_dev(&t), 0);
	entry = stream_kernel(&t);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_dram_prio(t.gpu, 0, p0), 0);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_dram_prio(t.gpu, 1, p1), 0);
	for (s = 0; s < 2; s++) {
		set_sms(test, &t, s, 1u << s, 0);
		/* Each line in another DRAM row: activate-bound. */
		stream_desc_sp(&t, s, &d[s], entry, 4, 16, 3 * 4096 + 64);
		KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, s, &d[s]), 0);
	}
	KUNIT_ASSERT_EQ(test, tdev_run_all(&t, evs, 50000000), 0);
	for (s = 0; s < 2; s++) {
		KUNIT_EXPECT_EQ(test, evs[s].fault.cause, 0u);
		lat[s] = evs[s].counters.c.mem_latency_sum /
			 evs[s].counters.c.read_requests;
	}
	KUNIT_EXPECT_EQ(test,
			emu_gpu_set_slot_dram_prio(t.gpu, t.cfg.num_slots, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, emu_gpu_set_slot_dram_prio(t.gpu, 0, 16),
			-EINVAL);
	tdev_fini(&t);
}

static void dram_slot_prio_device(struct kunit *test)
{
	uint64_t eq[2], hi0[2], hi1[2];

	dram_prio_run(test, 0, 0, eq);
	dram_prio_run(test, 15, 0, hi0);
	dram_prio_run(test, 0, 15, hi1);
	kunit_info(
		test,
		"mean L1-miss latency of slots 0/1: %llu/%llu equal, %llu/%llu slot 0 first, %llu/%llu slot 1 first",
		(unsigned long long)eq[0], (unsigned long long)eq[1],
		(unsigned long long)hi0[0], (unsigned long long)hi0[1],
		(unsigned long long)hi1[0], (unsigned long long)hi1[1]);
	/* First served, a quarter faster than at equal priority at least. */
	KUNIT_EXPECT_LT(test, 4 * hi0[0], 3 * eq[0]);
	KUNIT_EXPECT_LT(test, 4 * hi0[0], 3 * hi0[1]);
	KUNIT_EXPECT_LT(test, 4 * hi1[1], 3 * eq[1]);
	KUNIT_EXPECT_LT(test, 4 * hi1[1], 3 * hi1[0]);
}

/* --------------------------------------------------------------- MIL */

/*
 * Four one-warp CTAs of the stream kernel on SM 0 in @slot, 40 steps of
 * one uncoalesced load each (32 L1 requests); a warp loads its 4
 * arguments at once, then waits for each step's load before the next
 * (the add reads it): a slot has at most 16 in flight.
 */
static void mil_desc(struct kunit *test, struct tdev *t, unsigned int slot,
		     uint32_t entry, struct corun_job_desc *d)
{
	set_sms(test, t, slot, 1, 0);
	stream_desc_sp(t, slot, d, entry, 4, 40, 64);
}

/*
 * Run what is submitted one cycle at a time until no job is left; the
 * most tracked instructions each slot had in flight on SM 0, and of
 * slot 1 while slot 0 was at @cap0.
 */
static void mil_step(struct kunit *test, struct tdev *t, uint32_t cap0,
		     struct emu_event *evs, uint32_t *most, uint32_t *most1)
{
	const struct emu_sm *sm = &t->gpu->sms[0];
	struct emu_event ev;
	int r;

	most[0] = most[1] = *most1 = 0;
	do {
		r = emu_gpu_run(t->gpu, emu_gpu_cycle(t->gpu) + 1, &ev);
		if (r == EMU_EV_JOB_DONE)
			evs[ev.slot] = ev;
		if (sm->mil_out[0] > most[0])
			most[0] = sm->mil_out[0];
		if (sm->mil_out[1] > most[1])
			most[1] = sm->mil_out[1];
		if (sm->mil_out[0] >= cap0 && sm->mil_out[1] > *most1)
			*most1 = sm->mil_out[1];
		KUNIT_ASSERT_LT(test, emu_gpu_cycle(t->gpu), 10000000ull);
	} while (r != EMU_EV_IDLE);
}

/* A cap holds the slot's instructions in flight per SM, and slows it. */
static void mil_cap_honoured(struct kunit *test)
{
	struct emu_event evs[CORUN_MAX_SLOTS], ev_free;
	uint32_t most[2], most1, cap;
	struct corun_job_desc d;
	uint64_t prev = 0;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	mil_desc(test, &t, 0, stream_kernel(&t), &d);
	KUNIT_ASSERT_EQ(test, run1(test, &t, 0, &d, &ev_free), 0);
	KUNIT_EXPECT_EQ(test, ev_free.counters.c.stall[CORUN_STALL_MIL], 0ull);
	for (cap = 3; cap >= 1; cap--) {
		KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_mil_cap(t.gpu, 0, cap), 0);
		KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 0, &d), 0);
		mil_step(test, &t, cap, evs, most, &most1);
		KUNIT_EXPECT_EQ(test, most[0], cap);
		KUNIT_EXPECT_EQ(test, evs[0].counters.c.warp_insns,
				ev_free.counters.c.warp_insns);
		KUNIT_EXPECT_GT(test, evs[0].counters.c.stall[CORUN_STALL_MIL],
				0ull);
		/* a tighter cap, a longer run */
		KUNIT_EXPECT_GT(test, cycles_of(&evs[0]),
				prev ? prev : cycles_of(&ev_free));
		kunit_info(test, "cap %u: %llu cycles (free: %llu)", cap,
			   (unsigned long long)cycles_of(&evs[0]),
			   (unsigned long long)cycles_of(&ev_free));
		prev = cycles_of(&evs[0]);
	}
	/* drained: nothing tracked is left */
	KUNIT_EXPECT_EQ(test, t.gpu->sms[0].mil_out[0], 0u);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(t.gpu, 0), 1u);
	KUNIT_EXPECT_EQ(test,
			emu_gpu_set_slot_mil_cap(t.gpu, 0, EMU_MIL_CAP_MAX + 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test,
			emu_gpu_set_slot_mil_cap(t.gpu, t.cfg.num_slots, 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(t.gpu, 0), 1u);
	tdev_fini(&t);
}

/*
 * A cap lifted, or never reached, leaves the run exactly as without MIL:
 * the same job on three fresh devices, byte for byte.
 */
static void mil_lift_identical(struct kunit *test)
{
	struct emu_event ev[3];
	struct corun_job_desc d;
	unsigned int k;
	struct tdev t;

	for (k = 0; k < 3; k++) {
		KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
		mil_desc(test, &t, 0, stream_kernel(&t), &d);
		if (k == 1) { /* set, then lifted */
			KUNIT_ASSERT_EQ(test,
					emu_gpu_set_slot_mil_cap(t.gpu, 0, 1), 0);
			KUNIT_ASSERT_EQ(test,
					emu_gpu_set_slot_mil_cap(t.gpu, 0, 0), 0);
		} else if (k == 2) { /* tracked, never reached (16 at most) */
			KUNIT_ASSERT_EQ(test,
					emu_gpu_set_slot_mil_cap(t.gpu, 0,
								 EMU_MIL_CAP_MAX),
					0);
		}
		memset(&ev[k], 0, sizeof(ev[k]));
		run1(test, &t, 0, &d, &ev[k]);
		tdev_fini(&t);
	}
	KUNIT_EXPECT_GT(test, ev[0].counters.c.l1_accesses, 0ull);
	KUNIT_EXPECT_MEMEQ(test, &ev[1].counters, &ev[0].counters,
			   sizeof(ev[0].counters));
	KUNIT_EXPECT_MEMEQ(test, &ev[2].counters, &ev[0].counters,
			   sizeof(ev[0].counters));
}

/* A capped slot does not hold another slot's memory instructions. */
static void mil_other_slot(struct kunit *test)
{
	struct emu_event evs[CORUN_MAX_SLOTS];
	struct corun_job_desc d0, d1;
	uint32_t most[2], most1, entry;
	struct tdev t;

	KUNIT_ASSERT_EQ(test, tdev_init(&t, NULL, MEM_BYTES), 0);
	entry = stream_kernel(&t);
	mil_desc(test, &t, 0, entry, &d0);
	mil_desc(test, &t, 1, entry, &d1);
	/* slot 1's cap is never reached but makes it tracked */
	KUNIT_ASSERT_EQ(test, emu_gpu_set_slot_mil_cap(t.gpu, 0, 1), 0);
	KUNIT_ASSERT_EQ(test,
			emu_gpu_set_slot_mil_cap(t.gpu, 1, EMU_MIL_CAP_MAX), 0);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 0, &d0), 0);
	KUNIT_ASSERT_EQ(test, emu_gpu_submit(t.gpu, 1, &d1), 0);
	mil_step(test, &t, 1, evs, most, &most1);
	KUNIT_EXPECT_EQ(test, most[0], 1u);
	/* its four warps' argument loads at once, while slot 0 was held */
	KUNIT_EXPECT_GE(test, most[1], 4u);
	KUNIT_EXPECT_GE(test, most1, 4u);
	kunit_info(test, "in flight on SM 0: slot 0 %u, slot 1 %u (%u beside a held slot 0)",
		   most[0], most[1], most1);
	KUNIT_EXPECT_GT(test, evs[0].counters.c.stall[CORUN_STALL_MIL], 0ull);
	KUNIT_EXPECT_EQ(test, evs[1].counters.c.stall[CORUN_STALL_MIL], 0ull);
	tdev_fini(&t);
}

static struct kunit_case mem_cases[] = {
	KUNIT_CASE(slot_vc),
	KUNIT_CASE(llc_waypart_device),
	KUNIT_CASE(llc_protect_device),
	KUNIT_CASE(dram_chan_slots),
	KUNIT_CASE(dram_slot_prio_device),
	{}
};

static struct kunit_suite mem_suite = {
	.name = "emu_knobs_mem",
	.test_cases = mem_cases,
};

static struct kunit_case quota_cases[] = {
	KUNIT_CASE(quota_limits_rate),
	KUNIT_CASE(quota_per_period),
	KUNIT_CASE(quota_other_slot),
	KUNIT_CASE(quota_shares_refill),
	KUNIT_CASE(sm_slot_counters),
	{}
};

static struct kunit_suite quota_suite = {
	.name = "emu_knobs_issue",
	.test_cases = quota_cases,
};

static struct kunit_case mil_cases[] = {
	KUNIT_CASE(mil_cap_honoured),
	KUNIT_CASE(mil_lift_identical),
	KUNIT_CASE(mil_other_slot),
	{}
};

static struct kunit_suite mil_suite = {
	.name = "emu_knobs_mil",
	.test_cases = mil_cases,
};

kunit_test_suites(&quota_suite, &mem_suite, &mil_suite);
