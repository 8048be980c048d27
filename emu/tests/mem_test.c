// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * emu memory side, driven directly through emu/mem.h (no SMs): idle
 * latencies, MSHR merging and reservation failures, L1 write policies,
 * way masks, IRC credits and priorities, L2 dirty write-backs and the df
 * count, exact idle skipping (next_event) against cycle-by-cycle, and
 * the L1 utility monitors (l1_umon.h): stack positions on a known
 * pattern, and that they change no timing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/test.h>
#include <corun/fwif.h>

#include "addrmap.h"
#include "l1_umon.h"
#include "mem.h"

#define MAXDONE 4096

struct env {
	struct emu_config cfg;
	struct corun_slot_counters slot[CORUN_MAX_SLOTS];
	struct corun_slot_counters job[CORUN_MAX_SLOTS];
	uint32_t job_id[CORUN_MAX_SLOTS];
	struct corun_sm_counters sm[CORUN_MAX_SMS];
	struct emu_mem *m;
	uint64_t now;
	uint32_t ndone;
	struct {
		uint64_t addr, cycle;
		uint16_t slot, warp;
	} done[MAXDONE];
};

static void on_done(void *ctx, const struct emu_mem_req *r, uint64_t c)
{
	struct env *e = ctx;

	if (e->ndone < MAXDONE) {
		e->done[e->ndone].addr = r->addr;
		e->done[e->ndone].cycle = c;
		e->done[e->ndone].slot = r->slot;
		e->done[e->ndone].warp = r->warp;
	}
	e->ndone++;
}

static int env_init(struct env *e, const struct emu_config *cfg)
{
	struct emu_mem_ops ops = { .ctx = e, .done = on_done };
	struct emu_mem_ctr ctr;
	uint32_t i;

	memset(e, 0, sizeof(*e));
	if (cfg)
		e->cfg = *cfg;
	else
		emu_config_defaults(&e->cfg);
	for (i = 0; i < CORUN_MAX_SLOTS; i++)
		e->job_id[i] = 1;
	ctr.slot = e->slot;
	ctr.job = e->job;
	ctr.job_id = e->job_id;
	ctr.sm = e->sm;
	e->m = emu_mem_create(&e->cfg, &ops, &ctr);
	e->now = 1;
	return e->m ? 0 : -1;
}

static int push(struct env *e, uint64_t addr, unsigned int slot,
		unsigned int sm, int kind)
{
	struct emu_mem_req r = {
		.addr = addr, .size = 4, .job = 1, .slot = (uint16_t)slot,
		.sm = (uint16_t)sm, .warp = (uint16_t)e->ndone, .reg = 0xff,
		.is_write = kind == 1, .bypass = kind == 2,
	};

	return emu_mem_push(e->m, &r, e->now);
}

/* Advance one cycle. */
static void step(struct env *e)
{
	e->now++;
	emu_mem_tick(e->m, e->now);
}

/* Run until @n completions or idle; returns the last completion cycle. */
static uint64_t drain(struct env *e, uint32_t n)
{
	uint64_t lim = e->now + 200000;

	while (e->ndone < n && e->now < lim)
		step(e);
	return e->ndone ? e->done[(e->ndone - 1) % MAXDONE].cycle : 0;
}

/* Idle round trips equal the configured latencies (mem.c calibration). */
static void idle_latencies(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	struct emu_addrmap map;
	struct emu_addr_loc loc;
	uint64_t t0, rt;
	uint32_t pipe, mc;

	KUNIT_ASSERT_EQ(test, env_init(e, NULL), 0);
	emu_mem_latency(e->m, &pipe, &mc);
	kunit_info(test, "derived: l2 pipeline %u, memory controller %u NoC cycles",
		   pipe, mc);
	/* Open a row of the bank, then conflict in it (mem.h). */
	emu_addrmap_init(&map, &e->cfg);
	emu_addrmap_decode(&map, 0x40000, &loc);
	loc.row ^= 1;
	push(e, emu_addrmap_encode(&map, &loc), 0, 0, 0);
	rt = drain(e, 1);
	e->ndone = 0;
	t0 = e->now;
	KUNIT_EXPECT_EQ(test, push(e, 0x40000, 0, 0, 0), 1);
	rt = drain(e, 1) - t0;
	kunit_info(test, "idle DRAM round trip %llu (configured %u)",
		   (unsigned long long)rt, e->cfg.dram.latency);
	KUNIT_EXPECT_LE(test, rt, e->cfg.dram.latency + 2ull);
	KUNIT_EXPECT_GE(test, rt + 2, (uint64_t)e->cfg.dram.latency);
	/* The L1 has the line now: a hit. */
	t0 = e->now;
	KUNIT_EXPECT_EQ(test, push(e, 0x40000, 0, 0, 0), 0);
	rt = drain(e, 2) - t0;
	KUNIT_EXPECT_EQ(test, rt, (uint64_t)e->cfg.l1.latency);
	/* Bypass: skips the L1, hits the L2. */
	t0 = e->now;
	KUNIT_EXPECT_EQ(test, push(e, 0x40000, 0, 0, 2), 1);
	rt = drain(e, 3) - t0;
	kunit_info(test, "idle L2 round trip %llu (configured %u)",
		   (unsigned long long)rt, e->cfg.l2.latency);
	KUNIT_EXPECT_LE(test, rt, e->cfg.l2.latency + 2ull);
	KUNIT_EXPECT_GE(test, rt + 2, (uint64_t)e->cfg.l2.latency);
	KUNIT_EXPECT_EQ(test, e->slot[0].llc_misses, 2ull);
	KUNIT_EXPECT_EQ(test, e->slot[0].llc_hits, 1ull);
	KUNIT_EXPECT_EQ(test, e->slot[0].dram_accesses, 2ull);
	KUNIT_EXPECT_EQ(test, e->slot[0].read_requests, 3ull);
	KUNIT_EXPECT_EQ(test, e->slot[0].noc_flits, 3ull * (1 + 1 + 128 / 32));
	KUNIT_EXPECT_EQ(test, e->job[0].dram_bus_cycles,
			e->slot[0].dram_bus_cycles);
	KUNIT_EXPECT_GT(test, e->slot[0].dram_bus_cycles, 0ull);
	KUNIT_EXPECT_EQ(test, emu_mem_busy(e->m), 0u);
	/* The channel counters see the same two reads. */
	{
		struct corun_chan_counters cc;
		uint64_t acc = 0, bus = 0;
		uint32_t ch;

		for (ch = 0; ch < e->cfg.dram.channels; ch++) {
			emu_mem_chan_counters(e->m, ch, &cc);
			acc += cc.accesses;
			bus += cc.bus_busy_cycles;
		}
		KUNIT_EXPECT_EQ(test, acc, 2ull);
		KUNIT_EXPECT_EQ(test, bus, e->slot[0].dram_bus_cycles);
		emu_mem_chan_counters(e->m, 999, &cc);
		KUNIT_EXPECT_EQ(test, cc.accesses, 0ull);
	}
	emu_mem_destroy(e->m);
	free(e);
}

/* Merging up to l1.mshr_merge, then a reservation failure. */
static void mshr_merge_limit(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	uint32_t i;

	KUNIT_ASSERT_EQ(test, env_init(e, NULL), 0);
	for (i = 0; i < e->cfg.l1.mshr_merge; i++) {
		KUNIT_EXPECT_EQ(test, push(e, 0x80000, 3, 1, 0), 1);
		step(e);
	}
	KUNIT_EXPECT_EQ(test, push(e, 0x80000, 3, 1, 0), -EBUSY);
	KUNIT_EXPECT_EQ(test, e->slot[3].l1_resfails, 1ull);
	KUNIT_EXPECT_EQ(test, e->sm[1].l1_resfails, 1ull);
	drain(e, e->cfg.l1.mshr_merge);
	KUNIT_EXPECT_EQ(test, e->ndone, e->cfg.l1.mshr_merge);
	/* One request left the L1 for all of them. */
	KUNIT_EXPECT_EQ(test, e->slot[3].requests, 1ull);
	KUNIT_EXPECT_EQ(test, e->slot[3].missq_demand, 1ull);
	emu_mem_destroy(e->m);
	free(e);
}

/*
 * The miss queue is shared evenly by the sub-queues in use; a full
 * sub-queue refuses its slot, not the others.
 */
static void subqueue_full(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	struct emu_config c;
	uint32_t i;

	emu_config_defaults(&c);
	c.l1.missq_entries = 8;
	KUNIT_ASSERT_EQ(test, env_init(e, &c), 0);
	/* Gate both slots so their entries stay queued. */
	emu_mem_set_irc(e->m, 0, 0, 0);
	emu_mem_set_irc(e->m, 1, 0, 0);
	KUNIT_EXPECT_EQ(test, push(e, 0x1000, 1, 0, 0), 1);
	step(e);
	for (i = 0; i < 4; i++) {
		KUNIT_EXPECT_EQ(test, push(e, 0x2000 + i * 128ull, 0, 0, 0), 1);
		step(e);
	}
	/* Two sub-queues in use: 4 entries each. */
	KUNIT_EXPECT_EQ(test, push(e, 0x3000, 0, 0, 0), -EBUSY);
	step(e);
	KUNIT_EXPECT_EQ(test, push(e, 0x4000, 1, 0, 0), 1);
	KUNIT_EXPECT_EQ(test, e->slot[0].l1_resfails, 1ull);
	KUNIT_EXPECT_EQ(test, e->slot[1].l1_resfails, 0ull);
	KUNIT_EXPECT_EQ(test, e->slot[0].requests, 0ull);
	emu_mem_set_irc(e->m, 0, CORUN_FW_IRC_CREDITS_UNLIMITED, 0);
	emu_mem_set_irc(e->m, 1, CORUN_FW_IRC_CREDITS_UNLIMITED, 0);
	drain(e, 6);
	KUNIT_EXPECT_EQ(test, e->ndone, 6u);
	/* Alone (two windows later): slot 0 gets all 8 entries. */
	while (e->now < 1000)
		step(e);
	emu_mem_set_irc(e->m, 0, 0, 0);
	for (i = 0; i < 8; i++) {
		KUNIT_EXPECT_EQ(test, push(e, 0x8000 + i * 128ull, 0, 0, 0), 1);
		step(e);
	}
	KUNIT_EXPECT_EQ(test, push(e, 0x9000, 0, 0, 0), -EBUSY);
	emu_mem_set_irc(e->m, 0, CORUN_FW_IRC_CREDITS_UNLIMITED, 0);
	drain(e, 14);
	emu_mem_destroy(e->m);
	free(e);
}

/* Stores: write-evict drops the line, write-through keeps it. */
static void write_policy(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	struct emu_config c;
	int pol;

	for (pol = 0; pol < 2; pol++) {
		emu_config_defaults(&c);
		c.l1.write_policy = pol;
		KUNIT_ASSERT_EQ(test, env_init(e, &c), 0);
		push(e, 0x5000, 0, 0, 0);
		drain(e, 1);
		KUNIT_EXPECT_EQ(test, push(e, 0x5000, 0, 0, 1), 0); /* hit */
		drain(e, 2);
		step(e);
		/* evict: miss again; through: hit. */
		KUNIT_EXPECT_EQ(test, push(e, 0x5000, 0, 0, 0), pol ? 0 : 1);
		drain(e, 3);
		KUNIT_EXPECT_EQ(test, e->slot[0].requests, 2ull + !pol);
		emu_mem_destroy(e->m);
	}
	free(e);
}

/* Way masks: slot 0 fills only way 0; lookups see every way. */
static void l1_way_mask(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	uint64_t set_stride;

	KUNIT_ASSERT_EQ(test, env_init(e, NULL), 0);
	set_stride = (uint64_t)e->cfg.l1.size / e->cfg.l1.ways;
	KUNIT_EXPECT_EQ(test, emu_mem_set_l1_ways(e->m, 0, 0x1), 0);
	KUNIT_EXPECT_EQ(test, emu_mem_set_l1_ways(e->m, 99, 0x1), -EINVAL);
	/* Slot 1 fills line C into ways 1..7. */
	emu_mem_set_l1_ways(e->m, 1, 0xfe);
	push(e, 0x100000 + 2 * set_stride, 1, 0, 0);
	drain(e, 1);
	push(e, 0x100000, 0, 0, 0); /* A -> way 0 */
	drain(e, 2);
	push(e, 0x100000 + set_stride, 0, 0, 0); /* B evicts A */
	drain(e, 3);
	step(e);
	KUNIT_EXPECT_EQ(test, push(e, 0x100000, 0, 0, 0), 1); /* A: miss */
	drain(e, 4);
	step(e);
	/* Slot 0 finds slot 1's line C. */
	KUNIT_EXPECT_EQ(test, push(e, 0x100000 + 2 * set_stride, 0, 0, 0), 0);
	drain(e, 5);
	/* Unrestricted again: A and B coexist. */
	emu_mem_set_l1_ways(e->m, 0, 0);
	push(e, 0x100000 + set_stride, 0, 0, 0);
	drain(e, 6);
	step(e);
	KUNIT_EXPECT_EQ(test, push(e, 0x100000, 0, 0, 0), 0);
	drain(e, 7);
	emu_mem_destroy(e->m);
	free(e);
}

/* Credits: 3 issues per 200-cycle window; priority orders the slots. */
static void irc_credits_prio(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	uint64_t w0;
	uint32_t i, first_hi = 0;

	KUNIT_ASSERT_EQ(test, env_init(e, NULL), 0);
	emu_mem_set_irc_window(e->m, 200);
	emu_mem_set_irc(e->m, 0, 3, 0);
	w0 = (e->now / 200 + 1) * 200; /* align to a window start */
	while (e->now < w0)
		step(e);
	for (i = 0; i < 10; i++) {
		push(e, 0x200000 + i * 4096ull, 0, 0, 2);
		step(e);
	}
	while (e->now < w0 + 199)
		step(e);
	KUNIT_EXPECT_EQ(test, e->slot[0].requests, 3ull);
	while (e->now < w0 + 399)
		step(e);
	KUNIT_EXPECT_EQ(test, e->slot[0].requests, 6ull);
	emu_mem_set_irc(e->m, 0, CORUN_FW_IRC_CREDITS_UNLIMITED, 0);
	drain(e, 10);
	KUNIT_EXPECT_EQ(test, e->slot[0].requests, 10ull);

	/* Slot 2 (low) and slot 5 (high) queued together: 5 goes first. */
	emu_mem_set_irc(e->m, 5, CORUN_FW_IRC_CREDITS_UNLIMITED, 7);
	e->ndone = 0;
	for (i = 0; i < 8; i++) {
		push(e, 0x400000 + i * 4096ull, 2, 2, 2);
		step(e);
		push(e, 0x600000 + i * 4096ull, 5, 2, 2);
		step(e);
	}
	drain(e, 16);
	for (i = 0; i < 4; i++)
		first_hi += e->done[i].slot == 5;
	KUNIT_EXPECT_GE(test, first_hi, 3u);
	emu_mem_destroy(e->m);
	free(e);
}

/* A read whose victim is dirty causes 2 DRAM accesses (df). */
static void l2_dirty_writeback(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	struct emu_config c;
	uint64_t setb;

	emu_config_defaults(&c);
	c.l2.banks = 1;
	c.dram.channels = 1;
	c.l2.bank_size = 1024; /* 2 ways x 4 sets of 128 B */
	c.l2.ways = 2;
	KUNIT_ASSERT_EQ(test, env_init(e, &c), 0);
	setb = 4 * 128; /* same set every 512 B */
	push(e, 0, 0, 0, 1);
	step(e);
	push(e, setb, 0, 0, 1);
	drain(e, 2);
	KUNIT_EXPECT_EQ(test, e->slot[0].dram_accesses, 0ull);
	push(e, 2 * setb, 0, 0, 0);
	drain(e, 3);
	KUNIT_EXPECT_EQ(test, e->slot[0].dram_accesses, 2ull);
	KUNIT_EXPECT_EQ(test, e->slot[0].llc_misses, 3ull);
	step(e);
	/* Clean victim now (line 2*setb is clean, the other dirty: LRU). */
	push(e, 3 * setb, 0, 0, 2);
	drain(e, 4);
	KUNIT_EXPECT_EQ(test, e->slot[0].dram_accesses, 4ull);
	emu_mem_destroy(e->m);
	free(e);
}

/* A victim policy plugged into every slice sees the owner classes. */
struct pol_ctx {
	uint32_t calls, cpu_owned;
};

static int way0_victim(void *ctx, const struct emu_l2_line *set,
		       unsigned int ways, uint64_t mask, uint8_t slot,
		       uint8_t cls)
{
	struct pol_ctx *p = ctx;
	unsigned int i;

	(void)mask;
	(void)slot;
	(void)cls;
	p->calls++;
	for (i = 0; i < ways; i++)
		p->cpu_owned += set[i].owner == EMU_CLS_CPU;
	return set[0].pending ? -1 : 0;
}

static const struct emu_l2_policy way0_policy = {
	.name = "way0",
	.victim = way0_victim,
};

static void l2_policy_hook(struct kunit *test)
{
	struct env *e = malloc(sizeof(*e));
	struct pol_ctx pc = { 0 };
	struct emu_config c;
	struct emu_mem_req r = { .size = 4, .job = 1, .reg = 0xff,
				 .bypass = 1 };
	uint32_t i;

	emu_config_defaults(&c);
	c.l2.banks = 1;
	c.dram.channels = 1;
	c.l2.bank_size = 1024; /* 2 ways x 4 sets */
	c.l2.ways = 2;
	KUNIT_ASSERT_EQ(test, env_init(e, &c), 0);
	emu_mem_set_l2_policy(e->m, &way0_policy, &pc);
	/* A CPU-class line and a GPU-class line fill set 0, then 3 more. */
	for (i = 0; i < 5; i++) {
		r.addr = i * 512ull;
		r.cls = i == 0 ? EMU_CLS_CPU : EMU_CLS_GPU;
		r.warp = (uint16_t)i;
		KUNIT_EXPECT_EQ(test, emu_mem_push(e->m, &r, e->now), 1);
		drain(e, i + 1);
		step(e);
	}
	/* Invalid ways are filled without asking the policy. */
	KUNIT_EXPECT_EQ(test, pc.calls, 3u);
	/* Way 0 (the CPU line) was the first victim; way 1 stays. */
	KUNIT_EXPECT_EQ(test, pc.cpu_owned, 1u);
	r.addr = 512;
	r.cls = EMU_CLS_GPU;
	KUNIT_EXPECT_EQ(test, emu_mem_push(e->m, &r, e->now), 1);
	drain(e, 6);
	KUNIT_EXPECT_EQ(test, e->slot[0].llc_hits, 1ull);
	emu_mem_set_l2_policy(e->m, NULL, NULL);
	emu_mem_destroy(e->m);
	free(e);
}

/*
 * The same request pattern, ticked every cycle and ticked only at
 * next_event: identical completion cycles.
 */
static uint64_t skip_run(struct env *e, bool skip)
{
	uint64_t h = 1469598103934665603ull, t;
	uint32_t i = 0, k;
	unsigned int seed = 12345;

	e->ndone = 0;
	while (i < 600 || emu_mem_busy(e->m)) {
		if (i < 600 && e->now % 3 == 0) {
			uint64_t a = (uint64_t)(rand_r(&seed) % 4096) * 128;
			int kind = rand_r(&seed) % 4 == 0;

			if (push(e, a, i % 4, i % 16, kind) >= 0)
				i++;
		}
		if (skip && (i >= 600 || e->now % 3 != 0)) {
			t = emu_mem_next_event(e->m, e->now);
			if (i < 600) {
				uint64_t p = (e->now / 3 + 1) * 3;

				t = t < p ? t : p;
			}
			if (t == UINT64_MAX)
				break;
			e->now = t;
			emu_mem_tick(e->m, e->now);
		} else {
			step(e);
		}
		if (e->now > 10000000)
			break;
	}
	/* Order-independent: completions in one cycle may come in any order. */
	for (k = 0; k < e->ndone && k < MAXDONE; k++)
		h += (e->done[k].cycle * 1099511628211ull) ^
		     (e->done[k].warp * 0x9e3779b97f4a7c15ull);
	return h;
}

static void next_event_exact(struct kunit *test)
{
	struct env *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	uint64_t ha, hb;

	KUNIT_ASSERT_EQ(test, env_init(a, NULL), 0);
	KUNIT_ASSERT_EQ(test, env_init(b, NULL), 0);
	emu_mem_set_irc(a->m, 1, 2, 1);
	emu_mem_set_irc(b->m, 1, 2, 1);
	ha = skip_run(a, false);
	hb = skip_run(b, true);
	KUNIT_EXPECT_EQ(test, a->ndone, b->ndone);
	KUNIT_EXPECT_EQ(test, ha, hb);
	KUNIT_EXPECT_EQ(test, a->now, b->now);
	KUNIT_EXPECT_EQ(test, a->slot[1].dram_row_hits, b->slot[1].dram_row_hits);
	emu_mem_destroy(a->m);
	emu_mem_destroy(b->m);
	free(a);
	free(b);
}

/* Lines of 128 bytes in set @set of a 16-set L1. */
#define UL(n, set) ((uint64_t)((n) * 16 + (set)) << 7)

/* LRU stack positions of the hits in a sampled set, per SM and slot. */
static void l1_umon_positions(struct kunit *test)
{
	struct emu_l1_umon *u = emu_l1_umon_create(2, 16, 4, 7, 2);
	static const unsigned int seq[] = { 0, 1, 2, 3, 0, 3, 3, 4, 1, 0 };
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, u);
	KUNIT_EXPECT_NULL(test, emu_l1_umon_create(2, 16, 4, 7, 0));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_sample(u), 8u);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_set_sample(u, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test,
			emu_l1_umon_set_sample(u, EMU_L1_UMON_SAMPLE_MAX + 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_sample(u), 8u);
	/* off: nothing counts */
	emu_l1_umon_access(u, 0, 0, UL(0, 0));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 0ull);
	emu_l1_umon_enable(u, true);
	KUNIT_EXPECT_TRUE(test, emu_l1_umon_on(u));
	/*
	 * A B C D miss; A hits at 3 (D C B A); D at 1 (A D C B), D at 0;
	 * E evicts B, B evicts C (B E D A); A hits at 3.
	 */
	for (i = 0; i < ARRAY_SIZE(seq); i++)
		emu_l1_umon_access(u, 0, 0, UL(seq[i], 0) + 4 * i);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 10ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 0), 1ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 1), 1ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 2), 0ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 3), 2ull);
	/* set 1 is not sampled, set 8 is */
	emu_l1_umon_access(u, 0, 0, UL(0, 1));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 10ull);
	emu_l1_umon_access(u, 0, 0, UL(0, 8));
	emu_l1_umon_access(u, 0, 0, UL(0, 8));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 12ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 0), 2ull);
	/* another SM and another slot have their own tags */
	emu_l1_umon_access(u, 1, 0, UL(0, 0));
	emu_l1_umon_access(u, 0, 1, UL(0, 0));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 13ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 1), 1ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 0) +
				      emu_l1_umon_hits(u, 0, 1) +
				      emu_l1_umon_hits(u, 0, 3),
			5ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 1, 0), 0ull);
	/* bad slot and position read 0, a bad slot counts nothing */
	emu_l1_umon_access(u, 0, 2, UL(0, 0));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 2), 0ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 4), 0ull);
	/* UCP's halving */
	emu_l1_umon_decay(u, 1);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 0), 1ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 1), 0ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 3), 1ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 13ull);
	/* off and on again: the tags are empty, A misses */
	emu_l1_umon_enable(u, false);
	emu_l1_umon_access(u, 0, 0, UL(0, 0));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 13ull);
	emu_l1_umon_enable(u, true);
	emu_l1_umon_access(u, 0, 0, UL(0, 0));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 14ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 0), 1ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 3), 1ull);
	emu_l1_umon_decay(u, 64);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 3), 0ull);
	/* every set: set 1 counts now */
	KUNIT_EXPECT_EQ(test, emu_l1_umon_set_sample(u, 1), 0);
	emu_l1_umon_access(u, 0, 0, UL(0, 1));
	emu_l1_umon_access(u, 0, 0, UL(0, 1));
	KUNIT_EXPECT_EQ(test, emu_l1_umon_accesses(u, 0), 16ull);
	KUNIT_EXPECT_EQ(test, emu_l1_umon_hits(u, 0, 0), 1ull);
	emu_l1_umon_destroy(u);
}

/*
 * The monitors only watch: the same requests with them on and off
 * complete in the same cycles with the same counters; on, they counted
 * the loads of every slot.
 */
static void l1_umon_invisible(struct kunit *test)
{
	struct env *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b));
	uint64_t ha, hb, hits = 0;
	uint32_t s, p;

	KUNIT_ASSERT_EQ(test, env_init(a, NULL), 0);
	KUNIT_ASSERT_EQ(test, env_init(b, NULL), 0);
	emu_mem_l1_umon_enable(a->m, true);
	/* twice the same pattern: the second one hits */
	ha = skip_run(a, false);
	ha += skip_run(a, false);
	hb = skip_run(b, false);
	hb += skip_run(b, false);
	KUNIT_EXPECT_EQ(test, a->ndone, b->ndone);
	KUNIT_EXPECT_EQ(test, ha, hb);
	KUNIT_EXPECT_EQ(test, a->now, b->now);
	KUNIT_EXPECT_MEMEQ(test, a->slot, b->slot, sizeof(a->slot));
	KUNIT_EXPECT_MEMEQ(test, a->sm, b->sm, sizeof(a->sm));
	for (s = 0; s < 4; s++) {
		KUNIT_EXPECT_GT(test,
				emu_mem_l1_umon_read(a->m, s,
						     EMU_L1_UMON_ACCESSES),
				0ull);
		KUNIT_EXPECT_EQ(test,
				emu_mem_l1_umon_read(b->m, s,
						     EMU_L1_UMON_ACCESSES),
				0ull);
		for (p = 0; p < a->cfg.l1.ways; p++)
			hits += emu_mem_l1_umon_read(a->m, s, p);
	}
	KUNIT_EXPECT_GT(test, hits, 0ull);
	KUNIT_EXPECT_EQ(test, emu_mem_l1_umon_read(a->m, 0, a->cfg.l1.ways),
			0ull);
	emu_mem_destroy(a->m);
	emu_mem_destroy(b->m);
	free(a);
	free(b);
}

static struct kunit_case mem_cases[] = {
	KUNIT_CASE(idle_latencies),
	KUNIT_CASE(mshr_merge_limit),
	KUNIT_CASE(subqueue_full),
	KUNIT_CASE(write_policy),
	KUNIT_CASE(l1_way_mask),
	KUNIT_CASE(irc_credits_prio),
	KUNIT_CASE(l2_dirty_writeback),
	KUNIT_CASE(l2_policy_hook),
	KUNIT_CASE(next_event_exact),
	KUNIT_CASE(l1_umon_positions),
	KUNIT_CASE(l1_umon_invisible),
	{}
};

static struct kunit_suite mem_suite = {
	.name = "emu_memside",
	.test_cases = mem_cases,
};

kunit_test_suites(&mem_suite);
