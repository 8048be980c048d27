// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suite for the firmware heartbeat judge (fwlive.c): a beating
 * firmware, an idle one (neither register moves, however many samples),
 * a hung one (instructions without a beat), a new load starting over, and
 * the 32-bit wrap of FW_INSNS.
 */
#include <kunit/test.h>

#include <corun/fwif.h>

#include "../fwlive.h"
#include "policy_test.h"

#define LIMIT 1000u

static u32 check(struct corun_fwlive *l, u32 load, u32 beat, u32 insns)
{
	return corun_fwlive_check(l, load, beat, insns, LIMIT);
}

/* Beats with work between them, then long idleness: never hung. */
static void fwlive_alive_test(struct kunit *test)
{
	struct corun_fwlive l = {};
	u32 i, insns = 500;

	for (i = 1; i < 100; i++) {
		insns += 3 * LIMIT; /* much work per sample, but beating */
		KUNIT_EXPECT_EQ(test, check(&l, 1, i, insns), 0u);
	}
	/* Idle: asleep, the device retires nothing. */
	for (i = 0; i < 1000; i++)
		KUNIT_EXPECT_EQ(test, check(&l, 1, 99, insns), 0u);
	/* Work below the bound between samples without a beat: fine. */
	KUNIT_EXPECT_EQ(test, check(&l, 1, 99, insns + LIMIT - 1), 0u);
}

/* The heartbeat stands while instructions retire: hung at the bound. */
static void fwlive_hung_test(struct kunit *test)
{
	struct corun_fwlive l = {};

	KUNIT_EXPECT_EQ(test, check(&l, 1, 7, 100), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 1, 7, 600), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 1, 7, 1100), LIMIT);
	/* Still hung at the next sample: the start of the silence stays. */
	KUNIT_EXPECT_EQ(test, check(&l, 1, 7, 5100), 5000u);
	/* A beat, whatever its value, ends it. */
	KUNIT_EXPECT_EQ(test, check(&l, 1, 3, 9100), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 1, 3, 9100), 0u);
}

/*
 * A new load: both registers restart from 0, which is no beat of the old
 * count; the first sample of the load is only a start. A firmware that
 * never beats at all (an image that hangs after its handshake) is hung
 * once it retired the bound.
 */
static void fwlive_reload_test(struct kunit *test)
{
	struct corun_fwlive l = {};

	KUNIT_EXPECT_EQ(test, check(&l, 1, 50, 90000), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 2, 0, 10), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 2, 0, 900), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 2, 0, 1010), LIMIT);
	/* The very first sample never judges, whatever it reads. */
	l = (struct corun_fwlive){};
	KUNIT_EXPECT_EQ(test, check(&l, 3, 0, 0xfffffff0u), 0u);
}

/* FW_INSNS is the low 32 bits: the difference survives the wrap. */
static void fwlive_wrap_test(struct kunit *test)
{
	struct corun_fwlive l = {};

	KUNIT_EXPECT_EQ(test, check(&l, 1, 4, 0xffffff00u), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 1, 4, 0x100), 0u);
	KUNIT_EXPECT_EQ(test, check(&l, 1, 4, 0x400), 0x500u);
	/* The driver's bound fits the counter many times over. */
	KUNIT_EXPECT_LT(test, (u64)CORUN_FW_BEAT_INSNS, 1ull << 32);
}

static struct kunit_case corun_fwlive_cases[] = {
	KUNIT_CASE(fwlive_alive_test),
	KUNIT_CASE(fwlive_hung_test),
	KUNIT_CASE(fwlive_reload_test),
	KUNIT_CASE(fwlive_wrap_test),
	{},
};

struct kunit_suite corun_fwlive_suite = {
	.name = "corun_fwlive",
	.test_cases = corun_fwlive_cases,
};
