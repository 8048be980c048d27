// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * emu LLC tag store and victim policies (l2.h, llc_policy.h), driven
 * directly: the owner slot and class of each line and the per-owner
 * counts, probability-based owner protection (the CPU-GPU interference
 * paper's Algorithm 1) and its deterministic random source, way
 * partitioning by slot and class, policy validation, and the sampled
 * per-slot tag directories (llc_atd.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/test.h>

#include "l2.h"
#include "llc_atd.h"
#include "llc_policy.h"
#include "mem.h"

/* One set of @ways ways (64-byte lines), counted, with @pol. */
struct llc_env {
	struct emu_config cfg;
	struct emu_l2_tags t;
	struct emu_l2_stats st;
	struct emu_llc c;
};

static struct llc_env *llc_new(struct kunit *test, uint32_t ways,
			       const struct emu_llc_policy *pol)
{
	struct llc_env *e = calloc(1, sizeof(*e));

	KUNIT_ASSERT_NOT_NULL(test, e);
	emu_config_defaults(&e->cfg);
	e->cfg.l2.ways = ways;
	KUNIT_ASSERT_EQ(test, emu_l2_tags_init(&e->t, 64 * ways, ways, 64), 0);
	KUNIT_ASSERT_EQ(test, e->t.sets, 1u);
	e->t.stats = &e->st;
	emu_llc_init(&e->c, &e->cfg);
	if (pol) {
		KUNIT_ASSERT_EQ(test, emu_llc_check(pol, &e->cfg), 0);
		emu_l2_set_policy(&e->t, emu_llc_set(&e->c, pol, ways), &e->c);
	}
	return e;
}

static void llc_free(struct llc_env *e)
{
	emu_l2_tags_fini(&e->t);
	free(e);
}

/* A miss of line @n by (@slot, @cls): allocate it. Returns its way or -1. */
static int miss(struct llc_env *e, uint64_t n, uint8_t slot, uint8_t cls)
{
	struct emu_l2_line *l = emu_l2_victim(&e->t, 0, slot, cls);

	if (!l)
		return -1;
	emu_l2_count(&e->t, slot, cls, false);
	emu_l2_fill(&e->t, l, n * 64, slot, cls);
	return (int)(l - e->t.lines);
}

/* A hit on line @n (must be present). */
static void hit(struct kunit *test, struct llc_env *e, uint64_t n, uint8_t slot,
		uint8_t cls)
{
	struct emu_l2_line *l = emu_l2_lookup(&e->t, 0, n * 64);

	KUNIT_ASSERT_NOT_NULL(test, l);
	emu_l2_count(&e->t, slot, cls, true);
	emu_l2_touch(&e->t, l, slot, cls);
}

/* Owners are recorded per line; counts follow fills and evictions. */
static void llc_owner_counts(struct kunit *test)
{
	struct llc_env *e = llc_new(test, 4, NULL);
	const struct emu_llc_counters *s2 = &e->st.slot[2],
				      *s5 = &e->st.slot[5];
	struct emu_l2_line *l;
	uint64_t n;

	/* Slot 2 (GPU) fills the set; slot 5 (CPU) evicts its LRU line. */
	for (n = 0; n < 4; n++)
		KUNIT_EXPECT_EQ(test, miss(e, n, 2, EMU_CLS_GPU), (int)n);
	hit(test, e, 0, 5, EMU_CLS_CPU);
	KUNIT_EXPECT_EQ(test, miss(e, 4, 5, EMU_CLS_CPU), 1);
	l = emu_l2_lookup(&e->t, 0, 4 * 64);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_EXPECT_EQ(test, l->owner_slot, 5u);
	KUNIT_EXPECT_EQ(test, l->owner, (uint8_t)EMU_CLS_CPU);
	/* A hit by another owner leaves the owner. */
	l = emu_l2_lookup(&e->t, 0, 0);
	KUNIT_EXPECT_EQ(test, l->owner_slot, 2u);
	/* Slot 5 then replaces its own line (the LRU one is line 2). */
	KUNIT_EXPECT_EQ(test, miss(e, 5, 5, EMU_CLS_CPU), 2);
	KUNIT_EXPECT_EQ(test, miss(e, 6, 5, EMU_CLS_CPU), 3);
	KUNIT_EXPECT_EQ(test, miss(e, 7, 5, EMU_CLS_CPU), 0);
	KUNIT_EXPECT_EQ(test, miss(e, 8, 5, EMU_CLS_CPU), 1);

	KUNIT_EXPECT_EQ(test, s2->fills, 4ull);
	KUNIT_EXPECT_EQ(test, s2->misses, 4ull);
	KUNIT_EXPECT_EQ(test, s2->hits, 0ull);
	KUNIT_EXPECT_EQ(test, s2->lines, 0ull);
	KUNIT_EXPECT_EQ(test, s2->evicted, 4ull);
	KUNIT_EXPECT_EQ(test, s2->evicted_by_other, 4ull);
	KUNIT_EXPECT_EQ(test, s5->fills, 5ull);
	KUNIT_EXPECT_EQ(test, s5->hits, 1ull);
	KUNIT_EXPECT_EQ(test, s5->lines, 4ull);
	KUNIT_EXPECT_EQ(test, s5->evicted, 1ull);
	KUNIT_EXPECT_EQ(test, s5->evicted_by_other, 0ull);
	KUNIT_EXPECT_EQ(test, e->st.cls[EMU_CLS_GPU].evicted_by_other, 4ull);
	KUNIT_EXPECT_EQ(test, e->st.cls[EMU_CLS_CPU].lines, 4ull);
	KUNIT_EXPECT_EQ(test, e->st.cls[EMU_CLS_CPU].misses, 5ull);
	llc_free(e);
}

/*
 * Ways 0..1 CPU lines (0 the LRU), ways 2..3 GPU lines; then a miss by
 * @slot/@cls. Returns the way it replaced.
 */
static int protect_case(struct kunit *test, struct llc_env *e, uint8_t slot,
			uint8_t cls)
{
	struct emu_l2_line *l;

	memset(e->t.lines, 0, e->t.ways * sizeof(*e->t.lines));
	KUNIT_EXPECT_EQ(test, miss(e, 0, 1, EMU_CLS_CPU), 0);
	KUNIT_EXPECT_EQ(test, miss(e, 1, 1, EMU_CLS_CPU), 1);
	KUNIT_EXPECT_EQ(test, miss(e, 2, 0, EMU_CLS_GPU), 2);
	KUNIT_EXPECT_EQ(test, miss(e, 3, 0, EMU_CLS_GPU), 3);
	l = emu_l2_victim(&e->t, 0, slot, cls);
	return l ? (int)(l - e->t.lines) : -1;
}

static void llc_protect(struct kunit *test)
{
	struct emu_llc_policy p = { .mode = EMU_LLC_PROTECT,
				    .protect_cls = 1u << EMU_CLS_CPU };
	struct llc_env *e;
	uint32_t i, spared = 0;

	/* p = 0: a GPU miss never takes the CPU line; its own LRU line. */
	e = llc_new(test, 4, &p);
	KUNIT_EXPECT_EQ(test, protect_case(test, e, 0, EMU_CLS_GPU), 2);
	/* CPU misses are plain LRU. */
	KUNIT_EXPECT_EQ(test, protect_case(test, e, 1, EMU_CLS_CPU), 0);
	/* No GPU line in the set: the LRU (CPU) line goes. */
	memset(e->t.lines, 0, e->t.ways * sizeof(*e->t.lines));
	for (i = 0; i < 4; i++)
		miss(e, i, 1, EMU_CLS_CPU);
	KUNIT_EXPECT_EQ(test, miss(e, 9, 0, EMU_CLS_GPU), 0);
	llc_free(e);

	/* p = 1 (1000/1000): LRU. */
	p.evict_permille = EMU_LLC_PERMILLE;
	e = llc_new(test, 4, &p);
	KUNIT_EXPECT_EQ(test, protect_case(test, e, 0, EMU_CLS_GPU), 0);
	llc_free(e);

	/* p = 0.1: about 900 of 1000 CPU lines spared. */
	p.evict_permille = 100;
	e = llc_new(test, 4, &p);
	for (i = 0; i < 1000; i++)
		spared += protect_case(test, e, 0, EMU_CLS_GPU) == 2;
	kunit_info(test, "p = 0.1: %u of 1000 CPU LRU lines spared", spared);
	KUNIT_EXPECT_GE(test, spared, 860u);
	KUNIT_EXPECT_LE(test, spared, 940u);
	llc_free(e);

	/* Protection by slot: slot 1's lines, whatever their class. */
	p = (struct emu_llc_policy){ .mode = EMU_LLC_PROTECT,
				     .protect_slots = 1u << 1 };
	e = llc_new(test, 4, &p);
	KUNIT_EXPECT_EQ(test, protect_case(test, e, 0, EMU_CLS_GPU), 2);
	KUNIT_EXPECT_EQ(test, protect_case(test, e, 1, EMU_CLS_GPU), 0);
	llc_free(e);
}

/* The same configuration draws the same numbers; another one others. */
static void llc_protect_deterministic(struct kunit *test)
{
	struct emu_llc_policy p = { .mode = EMU_LLC_PROTECT,
				    .protect_cls = 1u << EMU_CLS_CPU,
				    .evict_permille = 500 };
	struct llc_env *a = llc_new(test, 4, &p), *b = llc_new(test, 4, &p);
	struct llc_env *c;
	uint32_t i, same = 1, diff = 0;
	int va, vb, vc;

	c = llc_new(test, 4, NULL);
	c->cfg.l2.latency++;
	emu_llc_init(&c->c, &c->cfg);
	emu_l2_set_policy(&c->t, emu_llc_set(&c->c, &p, 4), &c->c);
	KUNIT_EXPECT_NE(test, a->c.seed, c->c.seed);
	for (i = 0; i < 256; i++) {
		va = protect_case(test, a, 0, EMU_CLS_GPU);
		vb = protect_case(test, b, 0, EMU_CLS_GPU);
		vc = protect_case(test, c, 0, EMU_CLS_GPU);
		same &= va == vb;
		diff += va != vc;
	}
	KUNIT_EXPECT_TRUE(test, same);
	KUNIT_EXPECT_GT(test, diff, 0u);
	llc_free(a);
	llc_free(b);
	llc_free(c);
}

static void llc_waypart(struct kunit *test)
{
	struct emu_llc_policy p = { .mode = EMU_LLC_WAYPART };
	struct llc_env *e;
	uint64_t n;

	/* Slot 0 ways 0..1, slot 1 ways 2..3 (invalid ways too). */
	p.slot_ways[0] = 0x3;
	p.slot_ways[1] = 0xc;
	e = llc_new(test, 4, &p);
	KUNIT_EXPECT_EQ(test, miss(e, 0, 1, EMU_CLS_GPU), 2);
	for (n = 1; n < 5; n++)
		KUNIT_EXPECT_EQ(test, miss(e, n, 0, EMU_CLS_GPU),
				(int)(n - 1) % 2);
	/* Lookups see every way: slot 0 hits slot 1's line. */
	hit(test, e, 0, 0, EMU_CLS_GPU);
	KUNIT_EXPECT_EQ(test, miss(e, 5, 1, EMU_CLS_GPU), 3);
	KUNIT_EXPECT_EQ(test, miss(e, 6, 1, EMU_CLS_GPU), 2);
	/* Pending lines are not replaced: slot 1 waits. */
	e->t.lines[2].pending = 1;
	e->t.lines[3].pending = 1;
	KUNIT_EXPECT_NULL(test, emu_l2_victim(&e->t, 0, 1, EMU_CLS_GPU));
	KUNIT_EXPECT_NOT_NULL(test, emu_l2_victim(&e->t, 0, 0, EMU_CLS_GPU));
	llc_free(e);

	/* Class masks (the paper's 12:4 comparator on 16 ways), and slot
	 * masks inside them; a slot mask outside its class's falls back
	 * to the class's.
	 */
	p = (struct emu_llc_policy){ .mode = EMU_LLC_WAYPART };
	p.cls_ways[EMU_CLS_CPU] = 0xfff0;
	p.cls_ways[EMU_CLS_GPU] = 0x000f;
	p.slot_ways[2] = 0x0003;
	e = llc_new(test, 16, &p);
	for (n = 0; n < 8; n++) {
		int w = miss(e, n, 0, EMU_CLS_GPU);

		KUNIT_EXPECT_LT(test, w, 4);
	}
	for (n = 8; n < 40; n++) {
		int w = miss(e, n, 1, EMU_CLS_CPU);

		KUNIT_EXPECT_GE(test, w, 4);
	}
	for (n = 40; n < 44; n++) {
		int w = miss(e, n, 2, EMU_CLS_GPU);

		KUNIT_EXPECT_LT(test, w, 2);
		w = miss(e, n + 100, 2, EMU_CLS_CPU);
		KUNIT_EXPECT_GE(test, w, 4);
	}
	KUNIT_EXPECT_EQ(test, e->st.cls[EMU_CLS_GPU].lines, 4ull);
	KUNIT_EXPECT_EQ(test, e->st.cls[EMU_CLS_CPU].lines, 12ull);
	llc_free(e);
}

static void llc_check(struct kunit *test)
{
	struct emu_llc_policy p;
	struct emu_config c;

	emu_config_defaults(&c);
	c.l2.ways = 8;
	c.num_slots = 8;
#define CHECK(expr, want)                                           \
	do {                                                        \
		memset(&p, 0, sizeof(p));                           \
		expr;                                               \
		KUNIT_EXPECT_EQ(test, emu_llc_check(&p, &c), want); \
	} while (0)
	CHECK(, 0);
	CHECK(p.mode = EMU_LLC_MODE_NR, -EINVAL);
	CHECK(p.evict_permille = 1, -EINVAL); /* LRU takes no fields */
	CHECK((p.mode = EMU_LLC_PROTECT, p.protect_cls = 2,
	       p.evict_permille = 1000),
	      0);
	CHECK((p.mode = EMU_LLC_PROTECT, p.evict_permille = 1001), -EINVAL);
	CHECK((p.mode = EMU_LLC_PROTECT, p.protect_cls = 4), -EINVAL);
	CHECK((p.mode = EMU_LLC_PROTECT, p.protect_slots = 0x80), 0);
	CHECK((p.mode = EMU_LLC_PROTECT, p.protect_slots = 0x100), -EINVAL);
	CHECK((p.mode = EMU_LLC_PROTECT, p.cls_ways[0] = 1), -EINVAL);
	CHECK((p.mode = EMU_LLC_WAYPART, p.slot_ways[7] = 0xff), 0);
	CHECK((p.mode = EMU_LLC_WAYPART, p.slot_ways[7] = 0x100), -EINVAL);
	CHECK((p.mode = EMU_LLC_WAYPART, p.slot_ways[8] = 1), -EINVAL);
	CHECK((p.mode = EMU_LLC_WAYPART, p.cls_ways[1] = 0x1ff), -EINVAL);
	CHECK((p.mode = EMU_LLC_WAYPART, p.protect_cls = 1), -EINVAL);
#undef CHECK
}

/*
 * Sampled tag directories: only sampled sets count, a real miss that the
 * slot's own LRU directory hits is interference, slots do not share.
 */
static void llc_atd_directories(struct kunit *test)
{
	struct emu_llc_atd *a = emu_llc_atd_create(2, 16, 2, 2);
	uint64_t m, i;

	KUNIT_ASSERT_NOT_NULL(test, a);
	emu_llc_atd_access(a, 1, 8, 0, 100, false); /* cold: no interference */
	emu_llc_atd_counters(a, 0, &m, &i);
	KUNIT_EXPECT_EQ(test, m, 1ull);
	KUNIT_EXPECT_EQ(test, i, 0ull);
	/* another slot evicted it: a miss the slot alone would have hit */
	emu_llc_atd_access(a, 1, 8, 0, 100, false);
	emu_llc_atd_counters(a, 0, &m, &i);
	KUNIT_EXPECT_EQ(test, m, 2ull);
	KUNIT_EXPECT_EQ(test, i, 1ull);
	/* a real hit is no miss; an unsampled set is not counted */
	emu_llc_atd_access(a, 1, 8, 0, 100, true);
	emu_llc_atd_access(a, 1, 3, 0, 100, false);
	emu_llc_atd_counters(a, 0, &m, &i);
	KUNIT_EXPECT_EQ(test, m, 2ull);
	/* slot 1 has its own directory; slice 0 its own sets */
	emu_llc_atd_access(a, 1, 8, 1, 100, false);
	emu_llc_atd_access(a, 0, 8, 0, 100, false);
	emu_llc_atd_counters(a, 1, &m, &i);
	KUNIT_EXPECT_EQ(test, m, 1ull);
	KUNIT_EXPECT_EQ(test, i, 0ull);
	emu_llc_atd_counters(a, 0, &m, &i);
	KUNIT_EXPECT_EQ(test, i, 1ull);
	/* LRU with the slice's 2 ways: 100 was touched before 101 and 102 */
	emu_llc_atd_access(a, 1, 8, 0, 101, false);
	emu_llc_atd_access(a, 1, 8, 0, 102, false);
	emu_llc_atd_access(a, 1, 8, 0, 100, false);
	emu_llc_atd_counters(a, 0, &m, &i);
	KUNIT_EXPECT_EQ(test, m, 6ull);
	KUNIT_EXPECT_EQ(test, i, 1ull);
	/* 102 stayed (most recent before 100 came back) */
	emu_llc_atd_access(a, 1, 8, 0, 102, false);
	emu_llc_atd_counters(a, 0, &m, &i);
	KUNIT_EXPECT_EQ(test, i, 2ull);
	emu_llc_atd_counters(a, 2, &m, &i);
	KUNIT_EXPECT_EQ(test, m + i, 0ull);
	emu_llc_atd_destroy(a);
}

static struct kunit_case llc_cases[] = {
	KUNIT_CASE(llc_owner_counts),
	KUNIT_CASE(llc_protect),
	KUNIT_CASE(llc_protect_deterministic),
	KUNIT_CASE(llc_waypart),
	KUNIT_CASE(llc_check),
	KUNIT_CASE(llc_atd_directories),
	{}
};

static struct kunit_suite llc_suite = {
	.name = "emu_llc",
	.test_cases = llc_cases,
};

kunit_test_suites(&llc_suite);
