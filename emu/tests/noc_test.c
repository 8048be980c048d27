// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * emu NoC: zero-load latency, port bandwidth, head-of-line blocking,
 * credits and ejection back-pressure, VC mapping, strict priority,
 * crossbar saturation under uniform random traffic, ring/mesh routes and
 * deadlock freedom, determinism and event-driven stepping.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/test.h>

#include <corun/hw.h>

#include "mem.h"
#include "noc.h"

#define MAXLOG 65536

struct harness {
	struct emu_config cfg;
	struct emu_noc *noc;
	uint64_t refuse_until[64]; /* per dst: can_eject false before */
	uint32_t ndel;
	uint64_t del_tag[MAXLOG];
	uint64_t del_cycle[MAXLOG];
	uint64_t hash;
	uint32_t *seen; /* per tag deliveries, random tests */
	uint32_t nseen;
	uint64_t now;
};

static bool h_can_eject(void *ctx, uint32_t dst, const struct emu_noc_pkt *p)
{
	struct harness *h = ctx;

	(void)p;
	return dst >= 64 || h->now >= h->refuse_until[dst];
}

static void h_deliver(void *ctx, const struct emu_noc_pkt *p, uint64_t cyc)
{
	struct harness *h = ctx;

	if (h->ndel < MAXLOG) {
		h->del_tag[h->ndel] = p->tag;
		h->del_cycle[h->ndel] = cyc;
	}
	h->ndel++;
	h->hash = (h->hash ^ (p->tag * 0x9e3779b97f4a7c15ull) ^ cyc) *
		  0x100000001b3ull;
	if (h->seen && p->tag < h->nseen)
		h->seen[p->tag]++;
}

static struct harness *h_new(void)
{
	struct harness *h = calloc(1, sizeof(*h));

	emu_config_defaults(&h->cfg);
	return h;
}

static bool h_create(struct harness *h, uint32_t nsrc, uint32_t ndst)
{
	struct emu_noc_ops ops = { .ctx = h, .can_eject = h_can_eject,
				   .deliver = h_deliver };

	h->noc = emu_noc_create(&h->cfg, nsrc, ndst, &ops);
	return h->noc;
}

static void h_free(struct harness *h)
{
	emu_noc_destroy(h->noc);
	free(h->seen);
	free(h);
}

static void h_tick(struct harness *h, uint64_t t)
{
	h->now = t;
	emu_noc_tick(h->noc, t);
}

static struct emu_noc_pkt pkt(uint64_t tag, uint32_t src, uint32_t dst,
			      uint16_t flits, uint16_t slot)
{
	struct emu_noc_pkt p = { .tag = tag, .src = src, .dst = dst,
				 .flits = flits, .slot = slot };
	return p;
}

/* Tick from @t until the network is empty; returns the last cycle. */
static uint64_t h_drain(struct harness *h, uint64_t t, uint64_t limit)
{
	for (; emu_noc_busy(h->noc) && t < limit; t++)
		h_tick(h, t);
	return t;
}

static uint64_t find_del(const struct harness *h, uint64_t tag)
{
	uint32_t i;

	for (i = 0; i < h->ndel && i < MAXLOG; i++)
		if (h->del_tag[i] == tag)
			return h->del_cycle[i];
	return UINT64_MAX;
}

/* Deterministic 64-bit LCG / xorshift for traffic. */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void noc_latency_crossbar(struct kunit *test)
{
	struct harness *h = h_new();
	struct emu_noc_pkt p = pkt(7, 2, 5, 5, 0);
	uint64_t t;

	KUNIT_ASSERT_TRUE(test, h_create(h, 16, 16));
	KUNIT_EXPECT_EQ(test, emu_noc_hops(h->noc, 2, 5), 1u);
	KUNIT_EXPECT_EQ(test, emu_noc_next_event(h->noc, 0), UINT64_MAX);
	KUNIT_EXPECT_TRUE(test, emu_noc_can_inject(h->noc, 2, &p));
	KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &p, 10), 0);
	KUNIT_EXPECT_EQ(test, emu_noc_busy(h->noc), 1u);
	/* Event-driven: only tick when the network asks for it. */
	t = 10;
	while (emu_noc_busy(h->noc)) {
		h_tick(h, t);
		t = emu_noc_next_event(h->noc, t);
		KUNIT_ASSERT_TRUE(test, t < 1000 || !emu_noc_busy(h->noc));
	}
	KUNIT_EXPECT_EQ(test, h->ndel, 1u);
	/* hops * latency + (flits - 1) serialization */
	KUNIT_EXPECT_EQ(test, h->del_cycle[0], 10 + 1 * 4 + 5 - 1ull);
	KUNIT_EXPECT_EQ(test, h->del_tag[0], 7ull);
	KUNIT_EXPECT_EQ(test, emu_noc_next_event(h->noc, t), UINT64_MAX);

	/* A bad packet is refused without side effects. */
	p = pkt(1, 16, 0, 1, 0);
	KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &p, 0), -EINVAL);
	p = pkt(1, 0, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &p, 0), -EINVAL);
	h_free(h);
}

static void noc_latency_ring_mesh(struct kunit *test)
{
	static const uint32_t topo[] = { EMU_NOC_RING, EMU_NOC_MESH };
	unsigned int ti;

	for (ti = 0; ti < 2; ti++) {
		struct harness *h = h_new();
		uint32_t s, d, lat = 3, F = 3;
		uint64_t t = 0;

		h->cfg.noc.topology = topo[ti];
		h->cfg.noc.latency = lat;
		h->cfg.noc.vcs = 2;
		KUNIT_ASSERT_TRUE(test, h_create(h, 16, 16));
		for (s = 0; s < 16; s++) {
			for (d = 0; d < 16; d++) {
				struct emu_noc_pkt p = pkt(s * 16 + d, s, d, F, 0);
				uint32_t hops, want;

				if (topo[ti] == EMU_NOC_RING) {
					uint32_t cw = (d + 16 - s) % 16;

					want = (cw <= 16 - cw ? cw : 16 - cw) + 1;
				} else {
					want = abs((int)(s % 4) - (int)(d % 4)) +
					       abs((int)(s / 4) - (int)(d / 4)) + 1;
				}
				hops = emu_noc_hops(h->noc, s, d);
				KUNIT_EXPECT_EQ(test, hops, want);
				KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &p, t), 0);
				/* Injected at t: delivered at t + H * L + F - 1. */
				KUNIT_EXPECT_EQ(test, h_drain(h, t, t + 1000) - 1,
						t + hops * lat + F - 1);
				KUNIT_EXPECT_EQ(test, find_del(h, s * 16 + d),
						t + hops * lat + F - 1);
				t += 100;
			}
		}
		h_free(h);
	}
}

static void noc_one_flit_per_port(struct kunit *test)
{
	struct harness *h = h_new();
	struct emu_noc_pkt a, b;
	uint64_t t;

	h->cfg.noc.vcs = 2;
	h->cfg.noc.vc_map = EMU_NOC_VC_SLOT;
	KUNIT_ASSERT_TRUE(test, h_create(h, 4, 4));

	/* Output: two inputs, one destination: 4 flits each back to back. */
	a = pkt(1, 0, 3, 4, 0);
	b = pkt(2, 1, 3, 4, 0);
	KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &a, 0), 0);
	KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &b, 0), 0);
	t = h_drain(h, 0, 100);
	KUNIT_EXPECT_EQ(test, find_del(h, 1), 4 + 3ull);
	KUNIT_EXPECT_EQ(test, find_del(h, 2), 4 + 3 + 4ull);

	/* Input: one source, two VCs, two destinations: its port sends one
	 * flit per cycle, so 8 flits need 8 cycles.
	 */
	a = pkt(3, 0, 1, 4, 0);
	b = pkt(4, 0, 2, 4, 1);
	KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &a, t), 0);
	KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &b, t), 0);
	h_drain(h, t, t + 100);
	KUNIT_EXPECT_EQ(test, (find_del(h, 3) > find_del(h, 4) ?
			       find_del(h, 3) : find_del(h, 4)),
			t + 4 + 7);
	h_free(h);
}

/*
 * Long packet 1 -> dst 0; src 0 sends A -> dst 0 then B -> dst 1. B's
 * slot gets VC @vc_b (EMU_NOC_VC_MAPPED: what @map gives it).
 */
static uint64_t hol_run(struct kunit *test, uint32_t map, uint16_t slot_b,
			uint32_t vc_b)
{
	struct harness *h = h_new();
	struct emu_noc_pkt l = pkt(1, 1, 0, 20, 0);
	struct emu_noc_pkt a = pkt(2, 0, 0, 1, 0);
	struct emu_noc_pkt b = pkt(3, 0, 1, 1, slot_b);
	uint64_t ret;

	h->cfg.noc.vcs = 2;
	h->cfg.noc.vc_map = map;
	KUNIT_EXPECT_TRUE(test, h_create(h, 4, 4));
	KUNIT_EXPECT_EQ(test, emu_noc_set_slot_vc(h->noc, slot_b, vc_b), 0);
	KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &l, 0), 0);
	h_tick(h, 0);
	KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &a, 1), 0);
	h_tick(h, 1);
	KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &b, 2), 0);
	h_drain(h, 2, 200);
	/* The long packet holds dst 0 until its tail: 0 + 4 + 19. */
	KUNIT_EXPECT_EQ(test, find_del(h, 1), 23ull);
	KUNIT_EXPECT_EQ(test, find_del(h, 2), 24ull);
	ret = find_del(h, 3);
	h_free(h);
	return ret;
}

static void noc_hol_blocking(struct kunit *test)
{
	uint64_t same_vc = hol_run(test, EMU_NOC_VC_SLOT, 0, EMU_NOC_VC_MAPPED);
	uint64_t other_vc = hol_run(test, EMU_NOC_VC_SLOT, 1, EMU_NOC_VC_MAPPED);

	/* Same VC: B (to a free output) waits behind A, which leaves at 24. */
	KUNIT_EXPECT_EQ(test, same_vc, 25ull);
	/* Other VC: B goes at zero-load latency. */
	KUNIT_EXPECT_EQ(test, other_vc, 2 + 4ull);
}

/*
 * emu_noc_set_slot_vc(): under vc_map = class every request shares VC 0;
 * a slot given VC 1 escapes the head-of-line blocking, and a slot put
 * back on the map (or set to VC 0) does not.
 */
static void noc_slot_vc(struct kunit *test)
{
	struct harness *h = h_new();
	struct emu_noc_pkt p = pkt(0, 0, 0, 1, 5);
	uint32_t cls, tr;

	KUNIT_EXPECT_EQ(test, hol_run(test, EMU_NOC_VC_CLASS, 1,
				      EMU_NOC_VC_MAPPED), 25ull);
	KUNIT_EXPECT_EQ(test, hol_run(test, EMU_NOC_VC_CLASS, 1, 0), 25ull);
	KUNIT_EXPECT_EQ(test, hol_run(test, EMU_NOC_VC_CLASS, 1, 1), 2 + 4ull);

	/* Every traffic type and class of the slot, and only that slot. */
	h->cfg.noc.vcs = 4;
	KUNIT_ASSERT_TRUE(test, h_create(h, 2, 2));
	KUNIT_EXPECT_EQ(test, emu_noc_slot_vc(h->noc, 5), EMU_NOC_VC_MAPPED);
	KUNIT_EXPECT_EQ(test, emu_noc_set_slot_vc(h->noc, 5, 3), 0);
	KUNIT_EXPECT_EQ(test, emu_noc_slot_vc(h->noc, 5), 3u);
	for (cls = 0; cls < 2; cls++) {
		for (tr = 0; tr < 3; tr++) {
			p.cls = (uint8_t)cls;
			p.traffic = (uint8_t)tr;
			p.slot = 5;
			KUNIT_EXPECT_EQ(test, emu_noc_vc(h->noc, &p), 3u);
			p.slot = 4;
			KUNIT_EXPECT_EQ(test, emu_noc_vc(h->noc, &p), tr);
		}
	}
	/* Flits are counted in the slot's VC. */
	p = pkt(1, 1, 1, 3, 5);
	p.traffic = EMU_NOC_REPLY;
	KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &p, 0), 0);
	h_drain(h, 0, 100);
	emu_noc_vc_counters(h->noc, 3, &p.tag, NULL);
	KUNIT_EXPECT_EQ(test, p.tag, 3ull);
	/* Back to the map; bad slot or VC refused, nothing changed. */
	KUNIT_EXPECT_EQ(test, emu_noc_set_slot_vc(h->noc, 5, EMU_NOC_VC_MAPPED),
			0);
	p.slot = 5;
	KUNIT_EXPECT_EQ(test, emu_noc_vc(h->noc, &p), 1u);
	KUNIT_EXPECT_EQ(test, emu_noc_set_slot_vc(h->noc, 5, 4), -EINVAL);
	KUNIT_EXPECT_EQ(test, emu_noc_set_slot_vc(h->noc, CORUN_MAX_SLOTS, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, emu_noc_slot_vc(h->noc, 5), EMU_NOC_VC_MAPPED);
	h_free(h);
}

static void noc_backpressure(struct kunit *test)
{
	struct harness *h = h_new();
	uint64_t t, flits, stall, vst, sst, injected = 0;
	bool refused = false;

	KUNIT_ASSERT_TRUE(test, h_create(h, 2, 2));
	h->refuse_until[0] = 50;
	for (t = 0; t < 200; t++) {
		struct emu_noc_pkt p = pkt(injected, 0, 0, 2, 3);

		if (t < 100) {
			if (emu_noc_can_inject(h->noc, 0, &p)) {
				KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &p, t), 0);
				injected++;
			} else {
				KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &p, t),
						-EBUSY);
				if (t < 50)
					refused = true;
			}
		}
		h_tick(h, t);
		if (t < 50)
			KUNIT_EXPECT_EQ(test, h->ndel, 0u);
	}
	h_drain(h, t, 1000);
	/* The destination refused: the source filled its 8-flit buffer
	 * (4 packets), then could not inject.
	 */
	KUNIT_EXPECT_TRUE(test, refused);
	KUNIT_EXPECT_EQ(test, h->ndel, (uint32_t)injected);
	KUNIT_EXPECT_GT(test, find_del(h, 0), 50ull);
	emu_noc_counters(h->noc, 3, &flits, &stall);
	emu_noc_vc_counters(h->noc, 0, NULL, &vst);
	emu_noc_src_counters(h->noc, 0, NULL, &sst);
	KUNIT_EXPECT_EQ(test, flits, 2 * injected);
	/* Only the refused head stalls (cycles 4..49); flits behind it are
	 * not at the front of their buffer.
	 */
	KUNIT_EXPECT_EQ(test, stall, 46ull);
	KUNIT_EXPECT_EQ(test, vst, stall);
	KUNIT_EXPECT_EQ(test, sst, stall);
	emu_noc_src_counters(h->noc, 1, &flits, &sst);
	KUNIT_EXPECT_EQ(test, flits + sst, 0ull);
	kunit_info(test, "back-pressure: %llu packets, %llu stall cycles\n",
		   (unsigned long long)injected, (unsigned long long)stall);
	h_free(h);
}

/* Credits: a refusing destination backs flits up hop by hop to the
 * source. Ring of 4 stops, 0 -> 2 clockwise over 3 routers.
 */
static void noc_credit_chain(struct kunit *test)
{
	struct harness *h = h_new();
	uint64_t t, injected = 0, stall, s2;

	h->cfg.noc.topology = EMU_NOC_RING;
	h->cfg.noc.vc_buffer = 4;
	KUNIT_ASSERT_TRUE(test, h_create(h, 4, 4));
	KUNIT_EXPECT_EQ(test, emu_noc_hops(h->noc, 0, 2), 3u);
	h->refuse_until[2] = 300;
	for (t = 0; t < 300; t++) {
		struct emu_noc_pkt p = pkt(injected, 0, 2, 1, 0);

		if (!emu_noc_inject(h->noc, &p, t))
			injected++;
		h_tick(h, t);
		if (t == 199)
			emu_noc_counters(h->noc, 0, NULL, &s2);
	}
	/* Three 4-flit buffers on the path are full, nothing more enters. */
	KUNIT_EXPECT_EQ(test, injected, 12ull);
	KUNIT_EXPECT_EQ(test, emu_noc_busy(h->noc), 12u);
	KUNIT_EXPECT_EQ(test, h->ndel, 0u);
	emu_noc_counters(h->noc, 0, NULL, &stall);
	/* In steady state three heads stall every cycle: the refused one
	 * and one per full downstream buffer.
	 */
	KUNIT_EXPECT_EQ(test, stall - s2, 3 * 100ull);
	h_drain(h, t, t + 1000);
	KUNIT_EXPECT_EQ(test, h->ndel, 12u);
	h_free(h);
}

static void noc_vc_mapping(struct kunit *test)
{
	struct harness *h = h_new();
	struct emu_noc_pkt p = pkt(0, 0, 0, 1, 5);
	struct emu_config c;
	char err[256];
	uint64_t f;
	unsigned int v;

	h->cfg.noc.vcs = 4;
	KUNIT_ASSERT_TRUE(test, h_create(h, 2, 2));
	p.traffic = EMU_NOC_REPLY;
	KUNIT_EXPECT_EQ(test, emu_noc_vc(h->noc, &p), 1u);
	p.traffic = EMU_NOC_WB;
	KUNIT_EXPECT_EQ(test, emu_noc_vc(h->noc, &p), 2u);
	emu_noc_destroy(h->noc);

	h->cfg.noc.vc_map = EMU_NOC_VC_SLOT;
	KUNIT_ASSERT_TRUE(test, h_create(h, 2, 2));
	KUNIT_EXPECT_EQ(test, emu_noc_vc(h->noc, &p), 1u); /* 5 % 4 */
	emu_noc_destroy(h->noc);

	/* VCP 3:1 as in the CPU-GPU paper: VC 0 CPU, VCs 1..3 GPU. */
	KUNIT_ASSERT_EQ(test, emu_config_parse("[noc]\nvcs = 4\nvc_map = cpu_gpu\n"
					       "cpu_vcs = 1\nstrict_priority = 1\n",
					       "t", &c, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, c.noc.vc_map, (uint32_t)EMU_NOC_VC_CPU_GPU);
	h->cfg = c;
	KUNIT_ASSERT_TRUE(test, h_create(h, 2, 2));
	for (p.slot = 0; p.slot < 16; p.slot++) {
		p.cls = EMU_CLS_CPU;
		KUNIT_EXPECT_EQ(test, emu_noc_vc(h->noc, &p), 0u);
		p.cls = EMU_CLS_GPU;
		v = emu_noc_vc(h->noc, &p);
		KUNIT_EXPECT_EQ(test, v, 1u + p.slot % 3);
	}
	/* Flits are counted in the VC they used. */
	p = pkt(1, 1, 1, 3, 4);
	KUNIT_ASSERT_EQ(test, emu_noc_inject(h->noc, &p, 0), 0);
	h_drain(h, 0, 100);
	emu_noc_vc_counters(h->noc, 2, &f, NULL);
	KUNIT_EXPECT_EQ(test, f, 3ull);
	emu_noc_vc_counters(h->noc, 0, &f, NULL);
	KUNIT_EXPECT_EQ(test, f, 0ull);

	/* Validation. */
	KUNIT_EXPECT_EQ(test, emu_config_parse("[noc]\nvcs = 2\ncpu_vcs = 2\n",
					       "t", &c, err, sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, emu_config_parse("[noc]\nvc_map = bogus\n",
					       "t", &c, err, sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, emu_config_parse("[noc]\nmesh_x = 4\n",
					       "t", &c, err, sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, emu_config_parse("[noc]\ntopology = mesh\nmesh_x = 4\n"
					       "mesh_y = 2\n", "t", &c, err,
					       sizeof(err)), 0);
	h_free(h);
}

/* Two GPU sources flood dst 0 with 4-flit packets; a CPU packet arrives
 * at cycle 40. Returns its latency.
 */
static uint64_t prio_run(struct kunit *test, uint32_t strict)
{
	struct harness *h = h_new();
	uint64_t t, tag = 100, ret;
	bool cpu_sent = false;

	h->cfg.noc.vcs = 2;
	h->cfg.noc.vc_map = EMU_NOC_VC_CPU_GPU;
	h->cfg.noc.cpu_vcs = 1;
	h->cfg.noc.strict_priority = strict;
	KUNIT_EXPECT_TRUE(test, h_create(h, 3, 1));
	for (t = 0; t < 200; t++) {
		uint32_t s;

		for (s = 0; s < 2; s++) {
			struct emu_noc_pkt p = pkt(tag, s, 0, 4, 0);

			if (emu_noc_can_inject(h->noc, s, &p) &&
			    !emu_noc_inject(h->noc, &p, t))
				tag++;
		}
		if (t == 40) {
			struct emu_noc_pkt p = pkt(1, 2, 0, 1, 1);

			p.cls = EMU_CLS_CPU;
			KUNIT_EXPECT_EQ(test, emu_noc_inject(h->noc, &p, t), 0);
			cpu_sent = true;
		}
		h_tick(h, t);
	}
	KUNIT_EXPECT_TRUE(test, cpu_sent);
	ret = find_del(h, 1) - 40;
	h_free(h);
	return ret;
}

static void noc_strict_priority(struct kunit *test)
{
	uint64_t fcfs = prio_run(test, 0), strict = prio_run(test, 1);

	kunit_info(test, "CPU packet latency under GPU flood: FCFS %llu, strict %llu\n",
		   (unsigned long long)fcfs, (unsigned long long)strict);
	/* Strict: waits at most for the tail of the packet on the port. */
	KUNIT_EXPECT_LE(test, strict, 4 + 3ull);
	KUNIT_EXPECT_GT(test, fcfs, strict);
}

/* Saturation throughput of an n x n crossbar, fraction of peak. */
static double sat_run(struct kunit *test, uint32_t n, uint16_t flits,
		      uint64_t seed)
{
	struct harness *h = h_new();
	uint32_t next_dst[64], s;
	uint64_t t, warm = 2000, meas = 30000, f0 = 0, f1, tag = 0;
	double ret;

	KUNIT_EXPECT_TRUE(test, h_create(h, n, n));
	for (s = 0; s < n; s++)
		next_dst[s] = rnd(&seed) % n;
	for (t = 0; t < warm + meas; t++) {
		for (s = 0; s < n; s++) {
			struct emu_noc_pkt p = pkt(tag, s, next_dst[s], flits, 0);

			/* Keep the drawn destination until accepted. */
			if (!emu_noc_inject(h->noc, &p, t)) {
				tag++;
				next_dst[s] = rnd(&seed) % n;
			}
		}
		h_tick(h, t);
		if (t == warm - 1)
			emu_noc_counters(h->noc, 0, &f0, NULL);
	}
	emu_noc_counters(h->noc, 0, &f1, NULL);
	ret = (double)(f1 - f0) / ((double)n * meas);
	h_free(h);
	return ret;
}

static void noc_saturation(struct kunit *test)
{
	double x1 = sat_run(test, 16, 1, 12345);
	double x1b = sat_run(test, 16, 1, 999);
	double x5 = sat_run(test, 16, 5, 12345);

	kunit_info(test, "16x16 crossbar saturation, uniform random: single-flit %.1f%% / %.1f%% of peak, 5-flit %.1f%%\n",
		   100 * x1, 100 * x1b, 100 * x5);
	KUNIT_EXPECT_GE(test, x1, 0.50);
	KUNIT_EXPECT_LE(test, x1, 0.65);
	KUNIT_EXPECT_GE(test, x1b, 0.50);
	KUNIT_EXPECT_LE(test, x1b, 0.65);
	KUNIT_EXPECT_GT(test, x5, 0.3);
	KUNIT_EXPECT_LT(test, x5, 1.0);
}

/* Random traffic on a ring or mesh; every packet delivered exactly once.
 * @event: step with emu_noc_next_event() instead of every cycle.
 */
static uint64_t random_run(struct kunit *test, uint32_t topo, uint32_t vcs,
			   uint32_t nsrc, uint32_t ndst, uint32_t npkts,
			   bool event, uint64_t *stalls)
{
	struct harness *h = h_new();
	uint64_t seed = 42, t = 0, last_progress = 0, ret;
	uint32_t sent = 0, i, last_del = 0;
	bool have = false;
	struct emu_noc_pkt p;

	h->cfg.noc.topology = topo;
	h->cfg.noc.vcs = vcs;
	h->cfg.noc.vc_map = EMU_NOC_VC_SLOT;
	h->cfg.noc.vc_buffer = 4;
	h->cfg.noc.latency = 2;
	KUNIT_EXPECT_TRUE(test, h_create(h, nsrc, ndst));
	h->seen = calloc(npkts, sizeof(uint32_t));
	h->nseen = npkts;
	while (sent < npkts || emu_noc_busy(h->noc)) {
		/* Up to 4 injection attempts per cycle from random sources. */
		for (i = 0; i < 4 && sent < npkts; i++) {
			if (!have) {
				uint64_t r = rnd(&seed);

				p = pkt(sent, r % nsrc, (r >> 16) % ndst,
					1 + (r >> 32) % 5, (r >> 40) % 16);
				have = true;
			}
			if (!emu_noc_inject(h->noc, &p, t)) {
				sent++;
				have = false;
			}
		}
		h_tick(h, t);
		if (h->ndel != last_del) {
			last_del = h->ndel;
			last_progress = t;
		}
		if (t - last_progress > 5000)
			break; /* deadlock */
		if (event && sent == npkts)
			t = emu_noc_next_event(h->noc, t);
		else
			t++;
		if (t == UINT64_MAX)
			break;
	}
	KUNIT_EXPECT_EQ(test, emu_noc_busy(h->noc), 0u);
	KUNIT_EXPECT_EQ(test, h->ndel, npkts);
	for (i = 0; i < npkts; i++)
		if (h->seen[i] != 1)
			break;
	KUNIT_EXPECT_EQ(test, i, npkts);
	if (stalls) {
		uint64_t sum = 0, s;

		for (i = 0; i < 16; i++) {
			emu_noc_counters(h->noc, i, NULL, &s);
			sum += s;
		}
		*stalls = sum;
	}
	ret = h->hash;
	h_free(h);
	return ret;
}

static void noc_ring_random(struct kunit *test)
{
	uint64_t st;

	random_run(test, EMU_NOC_RING, 1, 12, 12, 20000, false, &st);
	KUNIT_EXPECT_GT(test, st, 0ull); /* it was congested */
	random_run(test, EMU_NOC_RING, 2, 16, 6, 20000, false, NULL);
	random_run(test, EMU_NOC_RING, 4, 5, 9, 10000, false, NULL);
}

static void noc_mesh_random(struct kunit *test)
{
	uint64_t st;

	random_run(test, EMU_NOC_MESH, 1, 16, 16, 20000, false, &st);
	KUNIT_EXPECT_GT(test, st, 0ull);
	random_run(test, EMU_NOC_MESH, 2, 15, 8, 20000, false, NULL);
	random_run(test, EMU_NOC_MESH, 3, 7, 20, 10000, false, NULL);
}

static void noc_determinism(struct kunit *test)
{
	uint64_t a, b, c, sa, sb;

	a = random_run(test, EMU_NOC_MESH, 2, 16, 16, 5000, false, &sa);
	b = random_run(test, EMU_NOC_MESH, 2, 16, 16, 5000, false, &sb);
	KUNIT_EXPECT_EQ(test, a, b);
	KUNIT_EXPECT_EQ(test, sa, sb);
	/* Skipping idle cycles changes nothing. */
	c = random_run(test, EMU_NOC_MESH, 2, 16, 16, 5000, true, &sb);
	KUNIT_EXPECT_EQ(test, a, c);
	KUNIT_EXPECT_EQ(test, sa, sb);
	a = random_run(test, EMU_NOC_CROSSBAR, 2, 16, 16, 5000, false, NULL);
	b = random_run(test, EMU_NOC_CROSSBAR, 2, 16, 16, 5000, true, NULL);
	KUNIT_EXPECT_EQ(test, a, b);
}

static struct kunit_case noc_cases[] = {
	KUNIT_CASE(noc_latency_crossbar),
	KUNIT_CASE(noc_latency_ring_mesh),
	KUNIT_CASE(noc_one_flit_per_port),
	KUNIT_CASE(noc_hol_blocking),
	KUNIT_CASE(noc_backpressure),
	KUNIT_CASE(noc_credit_chain),
	KUNIT_CASE(noc_vc_mapping),
	KUNIT_CASE(noc_slot_vc),
	KUNIT_CASE(noc_strict_priority),
	KUNIT_CASE(noc_saturation),
	KUNIT_CASE(noc_ring_random),
	KUNIT_CASE(noc_mesh_random),
	KUNIT_CASE(noc_determinism),
	{}
};

static struct kunit_suite noc_suite = {
	.name = "emu_noc",
	.test_cases = noc_cases,
};

kunit_test_suites(&noc_suite);
