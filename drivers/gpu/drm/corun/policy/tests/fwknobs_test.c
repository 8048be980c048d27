// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suite for the table between the uapi's firmware settings and the
 * firmware interface (fwknobs.c): the mapping both ways, each parameter
 * reaching the firmware as the parameter it names, the checks of
 * SET_POLICY with their errno values, and the feature masks GET_PARAM
 * reports.
 */
#include <kunit/test.h>
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include <corun/fwif.h>
#include <uapi/drm/corun_drm.h>

#include "../fwknobs.h"
#include "policy_test.h"

/* A firmware without the dynamic modes, as the one of this tree. */
#define FEAT_TREE                                                    \
	(CORUN_FW_FEAT_IRC | CORUN_FW_FEAT_L1_STATIC |               \
	 CORUN_FW_FEAT_LLC_PROB_STATIC | CORUN_FW_FEAT_LLC_WAYPART | \
	 CORUN_FW_FEAT_VCP_STATIC | CORUN_FW_FEAT_DRAM_PRIO |        \
	 CORUN_FW_FEAT_MONITORS | CORUN_FW_FEAT_SET_PARAMS |         \
	 CORUN_FW_FEAT_DRAM_BW_APP | CORUN_FW_FEAT_IRC_CCBP |        \
	 CORUN_FW_FEAT_MIL | CORUN_FW_FEAT_L1_UCP | CORUN_FW_FEAT_DRAM_TCM)
#define FEAT_ALL 0xffffu

/* Every firmware mode is one uapi value, and GET reports it back. */
static void fwknobs_map_test(struct kunit *test)
{
	static const u32 nr[] = { CORUN_FW_IRC_ENABLE_NR, CORUN_LLC_NR,
				  CORUN_VCP_NR, CORUN_DRAM_NR };
	struct corun_policy_platform p;
	struct corun_policy_fw fw;
	u32 k, fv, v, hits, at = 0;

	test_platform(&p, 8, 16);
	for (k = 0; k < CORUN_FWK_L1; k++) {
		const struct corun_fwk_info *ki = &corun_fwk[k];

		KUNIT_EXPECT_EQ(test, ki->values[0].features, 0u);
		for (fv = 0; fv < nr[k]; fv++) {
			hits = 0;
			for (v = 1; v < ki->nvalues; v++)
				if (ki->values[v].fw == fv) {
					hits++;
					at = v;
				}
			KUNIT_EXPECT_EQ_MSG(test, hits, 1u, "knob %s value %u",
					    ki->name, fv);
			corun_policy_fw_defaults(&p, &fw);
			*corun_fwk_field(&fw, k) = fv;
			KUNIT_EXPECT_EQ_MSG(test, corun_fwk_report(&p, &fw, k),
					    at, "knob %s value %u", ki->name,
					    fv);
		}
		/* the firmware parameter the knob sets */
		for (v = 1; v < ki->nvalues; v++)
			KUNIT_EXPECT_TRUE(test,
					  ki->values[v].fw < nr[k] ||
						  ki->values[v].fw ==
							  CORUN_FWK_NO_FW);
	}
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_IRC].fw_param,
			(u32)CORUN_FW_P_IRC_ENABLE);
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_LLC].fw_param,
			(u32)CORUN_FW_P_LLC_POLICY);
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_VCP].fw_param,
			(u32)CORUN_FW_P_VCP_MODE);
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_DRAM].fw_param,
			(u32)CORUN_FW_P_DRAM_POLICY);
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_L1].fw_param,
			(u32)CORUN_FW_P_L1_MODE);
	/* shared and static-partition are the static mode, ucp is UCP */
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_L1].nvalues, 6u);
	KUNIT_EXPECT_EQ(test,
			corun_fwk[CORUN_FWK_L1].values[DRM_CORUN_L1_SHARED].fw,
			(u32)CORUN_L1_MODE_STATIC);
	KUNIT_EXPECT_EQ(test,
			corun_fwk[CORUN_FWK_L1]
				.values[DRM_CORUN_L1_STATIC_PARTITION]
				.fw,
			(u32)CORUN_L1_MODE_STATIC);
	KUNIT_EXPECT_EQ(test,
			corun_fwk[CORUN_FWK_L1].values[DRM_CORUN_L1_UCP].fw,
			(u32)CORUN_L1_MODE_UCP);
	/* the firmware's reset values read as the baselines */
	corun_policy_fw_defaults(&p, &fw);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_IRC),
			(u32)DRM_CORUN_IRC_OFF);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_LLC),
			(u32)DRM_CORUN_LLC_LRU);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_VCP),
			(u32)DRM_CORUN_VCP_SHARED);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_DRAM),
			(u32)DRM_CORUN_DRAM_FRFCFS);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_L1),
			(u32)DRM_CORUN_L1_SHARED);
	fw.slot[7].l1_bypass_ctas = 1;
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_L1),
			(u32)DRM_CORUN_L1_STATIC_PARTITION);
	/* UCP whatever the per-slot parameters say */
	*corun_fwk_field(&fw, CORUN_FWK_L1) = CORUN_L1_MODE_UCP;
	KUNIT_EXPECT_EQ(test, fw.g.l1_mode, (u32)CORUN_L1_MODE_UCP);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_L1),
			(u32)DRM_CORUN_L1_UCP);
	fw.slot[7].l1_bypass_ctas = 0;
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_L1),
			(u32)DRM_CORUN_L1_UCP);
}

/* Records what the engine sends. */
struct sent {
	u32 n, pairs[64];
};

static int record_fw(void *ctx, const u32 *pairs, u32 n)
{
	struct sent *s = ctx;
	u32 i;

	for (i = 0; i < 2 * n && s->n < 64; i++)
		s->pairs[s->n++] = pairs[i];
	return 0;
}

static void no_write(void *ctx, u32 off, u32 val)
{
}

/*
 * Each uapi parameter, set through corun_fw_settings() and the engine,
 * reaches the firmware as the fwif parameter of its slot, and only it.
 */
static void fwknobs_reach_test(struct kunit *test)
{
	static const u32 l1[2] = { DRM_CORUN_L1_UCP, DRM_CORUN_L1_SHARED };
	static const u32 mode[2] = { CORUN_L1_MODE_UCP, CORUN_L1_MODE_STATIC };
	struct corun_policy_engine *eng;
	struct corun_policy_platform p;
	struct corun_policy_fw fw;
	struct corun_fw_setting s;
	u32 knobs[CORUN_FWK_NR] = { 0 };
	struct sent sent;
	struct corun_policy_hw hw = { .ctx = &sent,
				      .write_reg = no_write,
				      .fw_params = record_fw };
	u32 id, want, i;
	int ret;

	eng = kunit_kzalloc(test, sizeof(*eng), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, eng);
	test_platform(&p, 8, 16);
	corun_policy_engine_init(eng, &p, &hw);
	KUNIT_ASSERT_EQ(test, corun_policy_select(eng, &corun_policy_fcfs), 0);
	for (id = 1; id < CORUN_FWP_NR; id++) {
		memset(&s, 0, sizeof(s));
		s.id = id;
		s.slot = corun_fwp[id].per_slot ? 5 : 0;
		/* in range for every parameter, not its default */
		corun_policy_fw_defaults(&p, &fw);
		s.value = corun_fwp_get(&fw, id, s.slot) == 1 ? 2 : 1;
		if (id == DRM_CORUN_FW_PARAM_IRC_SHARE)
			s.value = 300;
		KUNIT_ASSERT_EQ_MSG(test,
				    corun_fw_settings(&p, FEAT_ALL, knobs, &s,
						      1, &fw, NULL),
				    0, "param %u", id);
		KUNIT_EXPECT_EQ(test, corun_fwp_get(&fw, id, s.slot), s.value);
		sent.n = 0;
		KUNIT_ASSERT_EQ(test, corun_policy_set_static_fw(eng, &fw), 0);
		want = corun_fwp[id].per_slot ?
			       CORUN_FW_PARAM_SLOT(corun_fwp[id].fw, 5) :
			       corun_fwp[id].fw;
		/* this one, and the previous parameter back to its default */
		KUNIT_ASSERT_EQ_MSG(test, sent.n, id == 1 ? 2u : 4u, "param %u",
				    id);
		for (i = 0; i < sent.n && sent.pairs[i] != want; i += 2)
			;
		KUNIT_ASSERT_LT_MSG(test, i, sent.n, "param %s not sent",
				    corun_fwp[id].name);
		KUNIT_EXPECT_EQ(test, sent.pairs[i + 1], s.value);
		KUNIT_EXPECT_EQ(test,
				corun_fwp_get(&eng->applied_fw, id, s.slot),
				s.value);
	}
	/*
	 * The L1 knob: ucp is L1_MODE UCP (sent with the last parameter,
	 * UCP_SAMPLE, going back to its default), shared is STATIC again.
	 */
	for (i = 0; i < 2; i++) {
		knobs[CORUN_FWK_L1] = l1[i];
		ret = corun_fw_settings(&p, FEAT_ALL, knobs, NULL, 0, &fw,
					NULL);
		KUNIT_ASSERT_EQ(test, ret, 0);
		sent.n = 0;
		KUNIT_ASSERT_EQ(test, corun_policy_set_static_fw(eng, &fw), 0);
		KUNIT_ASSERT_EQ(test, sent.n, i ? 2u : 4u);
		/* the modes go before their tunables (bit order) */
		KUNIT_EXPECT_EQ(test, sent.pairs[0], (u32)CORUN_FW_P_L1_MODE);
		KUNIT_EXPECT_EQ(test, sent.pairs[1], mode[i]);
		if (!i) {
			KUNIT_EXPECT_EQ(test, sent.pairs[2],
					(u32)CORUN_FW_P_L1_UCP_SAMPLE);
			KUNIT_EXPECT_EQ(test, sent.pairs[3],
					CORUN_FW_L1_UMON_SAMPLE_BOOT);
		}
	}
}

static int check1(const struct corun_policy_platform *p, u32 features, u32 id,
		  u32 slot, u32 value, u32 pad)
{
	struct corun_fw_setting s = { id, slot, value, pad };

	return corun_fwp_check(p, features, &s);
}

static void fwknobs_check_test(struct kunit *test)
{
	struct corun_policy_platform p;
	int ret;

	test_platform(&p, 8, 16);
	p.l1_ways = 4;
	p.llc_ways = 16;
	p.num_vcs = 2;
	/* malformed */
	ret = check1(&p, FEAT_ALL, 0, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	ret = check1(&p, FEAT_ALL, CORUN_FWP_NR, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	ret = check1(&p, FEAT_ALL, 1, 0, 0, 1);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	ret = check1(&p, FEAT_ALL, DRM_CORUN_FW_PARAM_LLC_PROB, 1, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	/* slots */
	ret = check1(&p, FEAT_ALL, 1, 7, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 1, 8, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 1, 0xffffffffu, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	/* ranges, at their edges */
	ret = check1(&p, FEAT_ALL, 1, 0, 1024, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 1, 0, 1025, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 2, 0, 15, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 2, 0, 16, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 7, 0, 15, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 7, 0, 16, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 4, 0, 255, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 4, 0, 256, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 8, 0, 1024, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 8, 0, 1025, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	/* way masks: some way the cache has; bits above are ignored */
	ret = check1(&p, FEAT_ALL, 3, 0, 0x8, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 3, 0, 0xffffffffu, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 3, 0, 0x10, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 3, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 5, 0, 0x8000, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 5, 0, 0x10000, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	p.llc_ways = 64;
	ret = check1(&p, FEAT_ALL, 5, 0, 0x80000000u, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 5, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	/* VCs */
	ret = check1(&p, FEAT_ALL, 6, 0, 1, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, FEAT_ALL, 6, 0, 2, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, FEAT_ALL, 6, 0, DRM_CORUN_FW_VC_CONFIG, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	/* features, after everything else */
	ret = check1(&p, CORUN_FW_FEAT_L1_STATIC, 1, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	ret = check1(&p, CORUN_FW_FEAT_L1_STATIC, 1, 0, 2000, 0);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	ret = check1(&p, CORUN_FW_FEAT_L1_STATIC, 3, 0, 1, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = check1(&p, CORUN_FW_FEAT_LLC_PROB_DYNAMIC, 8, 0, 1, 0);
	KUNIT_EXPECT_EQ(test, ret, 0);
}

static void fwknobs_settings_test(struct kunit *test)
{
	struct corun_policy_platform p;
	struct corun_policy_fw fw, def;
	struct corun_fw_setting s[3];
	u32 knobs[CORUN_FWK_NR] = { 0 }, bad;
	int ret;

	test_platform(&p, 8, 16);
	corun_policy_fw_defaults(&p, &def);
	memset(s, 0, sizeof(s));
	s[0].id = DRM_CORUN_FW_PARAM_IRC_SHARE;
	s[0].slot = 2;
	s[0].value = 300;
	s[1].id = DRM_CORUN_FW_PARAM_VC;
	s[1].slot = 2;
	s[1].value = 1;
	s[2].id = DRM_CORUN_FW_PARAM_IRC_SHARE;
	s[2].slot = 3;
	s[2].value = 700;
	knobs[CORUN_FWK_IRC] = DRM_CORUN_IRC_ON;
	knobs[CORUN_FWK_VCP] = DRM_CORUN_VCP_PARTITIONED;
	knobs[CORUN_FWK_DRAM] = DRM_CORUN_DRAM_SLOT_PRIORITY;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_ASSERT_EQ(test, ret, 0);
	/* what is set, and the firmware's reset values elsewhere */
	def.g.irc_enable = 1;
	def.g.vcp_mode = CORUN_VCP_STATIC;
	def.g.dram_policy = CORUN_DRAM_SLOT_PRIO;
	def.slot[2].irc_share = 300;
	def.slot[2].vc = 1;
	def.slot[3].irc_share = 700;
	KUNIT_EXPECT_EQ(test, memcmp(&fw, &def, sizeof(fw)), 0);

	/* MIL in place of the credits, with the same settings */
	knobs[CORUN_FWK_IRC] = DRM_CORUN_IRC_MIL;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_ASSERT_EQ(test, ret, 0);
	def.g.irc_enable = CORUN_FW_IRC_ENABLE_MIL;
	KUNIT_EXPECT_EQ(test, memcmp(&fw, &def, sizeof(fw)), 0);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_IRC),
			(u32)DRM_CORUN_IRC_MIL);
	/* ...which needs its feature, not IRC's */
	ret = corun_fw_settings(&p, FEAT_TREE & ~CORUN_FW_FEAT_MIL, knobs, s, 3,
				&fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, bad, 3u);
	knobs[CORUN_FWK_IRC] = DRM_CORUN_IRC_ON;

	/* a (parameter, slot) twice */
	s[2].slot = 2;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	KUNIT_EXPECT_EQ(test, bad, 2u);
	s[2].slot = 3;
	/* a knob outside its enumeration */
	knobs[CORUN_FWK_DRAM] = DRM_CORUN_DRAM_TCM + 1;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	KUNIT_EXPECT_EQ(test, bad, 3u);
	/* values no firmware of this tree implements */
	knobs[CORUN_FWK_DRAM] = DRM_CORUN_DRAM_CPU_PRIORITY;
	ret = corun_fw_settings(&p, FEAT_ALL, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	knobs[CORUN_FWK_DRAM] = 0;
	knobs[CORUN_FWK_LLC] = DRM_CORUN_LLC_PROB_DYNAMIC;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	ret = corun_fw_settings(&p, FEAT_ALL, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, 0);
	knobs[CORUN_FWK_LLC] = 0;
	/* a malformed setting wins over a missing feature */
	s[1].value = 9;
	ret = corun_fw_settings(&p, 0, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_ERANGE);
	KUNIT_EXPECT_EQ(test, bad, 1u);
	s[1].value = 1;
	ret = corun_fw_settings(&p, 0, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	/* L1 parameters contradict a shared L1 */
	s[1].id = DRM_CORUN_FW_PARAM_L1_WAYS;
	knobs[CORUN_FWK_L1] = DRM_CORUN_L1_SHARED;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	KUNIT_EXPECT_EQ(test, bad, 1u);
	knobs[CORUN_FWK_L1] = DRM_CORUN_L1_STATIC_PARTITION;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, fw.slot[2].l1_ways, 1u);
	knobs[CORUN_FWK_L1] = DRM_CORUN_L1_DYNAMIC_PARTITION;
	ret = corun_fw_settings(&p, FEAT_ALL, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	/* UCP owns the way masks: no L1_WAYS, but bypass CTAs */
	knobs[CORUN_FWK_L1] = DRM_CORUN_L1_UCP;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EINVAL);
	KUNIT_EXPECT_EQ(test, bad, 1u);
	s[1].id = DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, fw.g.l1_mode, (u32)CORUN_L1_MODE_UCP);
	KUNIT_EXPECT_EQ(test, fw.slot[2].l1_bypass_ctas, 1u);
	KUNIT_EXPECT_EQ(test, fw.slot[2].l1_ways, 0xffffffffu);
	/* a firmware without UCP */
	ret = corun_fw_settings(&p, FEAT_TREE & ~CORUN_FW_FEAT_L1_UCP, knobs, s,
				3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, bad, 3u);
	/* static-partition and shared are the static mode */
	knobs[CORUN_FWK_L1] = DRM_CORUN_L1_STATIC_PARTITION;
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, s, 3, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, fw.g.l1_mode, (u32)CORUN_L1_MODE_STATIC);
}

static void fwknobs_modes_test(struct kunit *test)
{
	const u64 knob_feats =
		DRM_CORUN_FEATURE_IRC | DRM_CORUN_FEATURE_LLC_POLICY |
		DRM_CORUN_FEATURE_VCP | DRM_CORUN_FEATURE_DRAM_POLICY |
		DRM_CORUN_FEATURE_L1_POLICY;
	u64 irc;
	u32 k;

	/* no firmware: DEFAULT only, no knob feature, no parameter */
	for (k = 0; k < CORUN_FWK_NR; k++)
		KUNIT_EXPECT_EQ(test, corun_fwk_modes(k, 0), 1ull);
	KUNIT_EXPECT_EQ(test, corun_fw_uapi_features(0), 0ull);
	KUNIT_EXPECT_EQ(test, corun_fwp_mask(0), 0ull);

	KUNIT_EXPECT_EQ(test, corun_fw_uapi_features(FEAT_TREE), knob_feats);
	KUNIT_EXPECT_EQ(test, corun_fwk_modes(CORUN_FWK_LLC, FEAT_TREE),
			(u64)(1 | 1 << DRM_CORUN_LLC_LRU |
			      1 << DRM_CORUN_LLC_PROB_STATIC |
			      1 << DRM_CORUN_LLC_WAY_PARTITION));
	KUNIT_EXPECT_EQ(test, corun_fwk_modes(CORUN_FWK_IRC, FEAT_TREE),
			(u64)(1 | 1 << DRM_CORUN_IRC_OFF |
			      1 << DRM_CORUN_IRC_ON | 1 << DRM_CORUN_IRC_MIL));
	irc = 1 | 1 << DRM_CORUN_IRC_OFF | 1 << DRM_CORUN_IRC_ON;
	KUNIT_EXPECT_EQ(test, corun_fwk_modes(CORUN_FWK_IRC, CORUN_FW_FEAT_IRC),
			irc);
	/* MIL alone is the knob's only value but DEFAULT: the knob exists */
	KUNIT_EXPECT_EQ(test, corun_fwk_modes(CORUN_FWK_IRC, CORUN_FW_FEAT_MIL),
			(u64)(1 | 1 << DRM_CORUN_IRC_MIL));
	KUNIT_EXPECT_EQ(test, corun_fw_uapi_features(CORUN_FW_FEAT_MIL),
			(u64)DRM_CORUN_FEATURE_IRC);
	KUNIT_EXPECT_EQ(test, corun_fwk_modes(CORUN_FWK_VCP, FEAT_ALL),
			(u64)(1 | 1 << DRM_CORUN_VCP_SHARED |
			      1 << DRM_CORUN_VCP_PARTITIONED |
			      1 << DRM_CORUN_VCP_DYNAMIC));
	KUNIT_EXPECT_EQ(test, corun_fwp_mask(FEAT_TREE), 0x1ffffeull);
	KUNIT_EXPECT_EQ(test, corun_fwp_mask(CORUN_FW_FEAT_IRC),
			(u64)(1 << DRM_CORUN_FW_PARAM_IRC_SHARE |
			      1 << DRM_CORUN_FW_PARAM_IRC_PRIO));
	KUNIT_EXPECT_EQ(test, corun_fwk_modes(CORUN_FWK_L1, FEAT_TREE),
			(u64)(1 | 1 << DRM_CORUN_L1_SHARED |
			      1 << DRM_CORUN_L1_STATIC_PARTITION |
			      1 << DRM_CORUN_L1_UCP));
	KUNIT_EXPECT_EQ(test,
			corun_fwk_modes(CORUN_FWK_L1, CORUN_FW_FEAT_L1_STATIC),
			(u64)(1 | 1 << DRM_CORUN_L1_SHARED |
			      1 << DRM_CORUN_L1_STATIC_PARTITION));
	KUNIT_EXPECT_EQ(test,
			corun_fwk_modes(CORUN_FWK_L1, CORUN_FW_FEAT_L1_UCP),
			(u64)(1 | 1 << DRM_CORUN_L1_UCP));
	/* only the IRC knob without the other features */
	KUNIT_EXPECT_EQ(test, corun_fw_uapi_features(CORUN_FW_FEAT_IRC),
			(u64)DRM_CORUN_FEATURE_IRC);
}

/*
 * dram = tcm: the firmware's CORUN_DRAM_TCM, offered and taken only with
 * CORUN_FW_FEAT_DRAM_TCM, sent as DRAM_POLICY and reported back.
 */
static void fwknobs_dram_tcm_test(struct kunit *test)
{
	const u32 no_tcm = FEAT_TREE & ~CORUN_FW_FEAT_DRAM_TCM;
	u32 knobs[CORUN_FWK_NR] = { 0 };
	struct corun_policy_engine *eng;
	struct corun_policy_platform p;
	struct corun_policy_fw fw;
	struct sent sent = { 0 };
	struct corun_policy_hw hw = { .ctx = &sent,
				      .write_reg = no_write,
				      .fw_params = record_fw };
	u32 bad;
	int ret;

	test_platform(&p, 8, 16);
	KUNIT_EXPECT_EQ(test, corun_fwk_value_find(CORUN_FWK_DRAM, "tcm"),
			(int)DRM_CORUN_DRAM_TCM);
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_DRAM].nvalues,
			(u32)DRM_CORUN_DRAM_TCM + 1);
	KUNIT_EXPECT_EQ(test, corun_fwk[CORUN_FWK_DRAM].values[5].fw,
			(u32)CORUN_DRAM_TCM);
	/* advertised with the feature only, and alone of the DRAM modes */
	KUNIT_EXPECT_EQ(test,
			corun_fwk_modes(CORUN_FWK_DRAM, FEAT_TREE) ^
				corun_fwk_modes(CORUN_FWK_DRAM, no_tcm),
			1ull << DRM_CORUN_DRAM_TCM);
	ret = corun_fwk_check(CORUN_FWK_DRAM, no_tcm, DRM_CORUN_DRAM_TCM);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test,
			corun_fwk_check(CORUN_FWK_DRAM, CORUN_FW_FEAT_DRAM_TCM,
					DRM_CORUN_DRAM_TCM),
			0);
	KUNIT_EXPECT_EQ(test,
			corun_fwk_check(CORUN_FWK_DRAM, FEAT_ALL,
					DRM_CORUN_DRAM_TCM + 1),
			-CORUN_EINVAL);
	knobs[CORUN_FWK_DRAM] = DRM_CORUN_DRAM_TCM;
	ret = corun_fw_settings(&p, no_tcm, knobs, NULL, 0, &fw, &bad);
	KUNIT_EXPECT_EQ(test, ret, -CORUN_EOPNOTSUPP);
	ret = corun_fw_settings(&p, FEAT_TREE, knobs, NULL, 0, &fw, &bad);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, fw.g.dram_policy, (u32)CORUN_DRAM_TCM);
	KUNIT_EXPECT_EQ(test, corun_fwk_report(&p, &fw, CORUN_FWK_DRAM),
			(u32)DRM_CORUN_DRAM_TCM);
	/* the engine sends it as the DRAM policy, and nothing else */
	eng = kunit_kzalloc(test, sizeof(*eng), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, eng);
	corun_policy_engine_init(eng, &p, &hw);
	KUNIT_ASSERT_EQ(test, corun_policy_select(eng, &corun_policy_fcfs), 0);
	sent.n = 0;
	KUNIT_ASSERT_EQ(test, corun_policy_set_static_fw(eng, &fw), 0);
	KUNIT_ASSERT_EQ(test, sent.n, 2u);
	KUNIT_EXPECT_EQ(test, sent.pairs[0], (u32)CORUN_FW_P_DRAM_POLICY);
	KUNIT_EXPECT_EQ(test, sent.pairs[1], (u32)CORUN_DRAM_TCM);
}

static void fwknobs_names_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, corun_fwk_find("llc"), (int)CORUN_FWK_LLC);
	KUNIT_EXPECT_EQ(test, corun_fwk_find("nope"), -1);
	KUNIT_EXPECT_EQ(test,
			corun_fwk_value_find(CORUN_FWK_LLC, "prob-static"),
			(int)DRM_CORUN_LLC_PROB_STATIC);
	KUNIT_EXPECT_EQ(test, corun_fwk_value_find(CORUN_FWK_DRAM, "slot-prio"),
			(int)DRM_CORUN_DRAM_SLOT_PRIORITY);
	KUNIT_EXPECT_EQ(test,
			corun_fwk_value_find(CORUN_FWK_VCP, "partitioned"),
			(int)DRM_CORUN_VCP_PARTITIONED);
	KUNIT_EXPECT_EQ(test, corun_fwk_value_find(CORUN_FWK_IRC, "on"),
			(int)DRM_CORUN_IRC_ON);
	KUNIT_EXPECT_EQ(test, corun_fwk_value_find(CORUN_FWK_IRC, "mil"),
			(int)DRM_CORUN_IRC_MIL);
	KUNIT_EXPECT_EQ(test, corun_fwk_value_find(CORUN_FWK_IRC, "maybe"), -1);
	KUNIT_EXPECT_EQ(test, corun_fwk_value_find(CORUN_FWK_L1, "ucp"),
			(int)DRM_CORUN_L1_UCP);
	KUNIT_EXPECT_EQ(test, corun_fwp_find("irc_share"),
			(int)DRM_CORUN_FW_PARAM_IRC_SHARE);
	KUNIT_EXPECT_EQ(test, corun_fwp_find("llc_prob"),
			(int)DRM_CORUN_FW_PARAM_LLC_PROB);
	KUNIT_EXPECT_EQ(test, corun_fwp_find(""), -1);
}

/* The memory-side tunables: one row per uapi id, in id order. */
static const struct {
	const char *name;
	u32 fw, feature, min, max, boot;
} mem_params[] = {
	{ "mil_high", CORUN_FW_P_MIL_HIGH, CORUN_FW_FEAT_MIL, 0, 65536, 256 },
	{ "mil_low", CORUN_FW_P_MIL_LOW, CORUN_FW_FEAT_MIL, 0, 65536, 64 },
	{ "mil_min", CORUN_FW_P_MIL_MIN, CORUN_FW_FEAT_MIL, 1, 255, 2 },
	{ "mil_max", CORUN_FW_P_MIL_MAX, CORUN_FW_FEAT_MIL, 1, 255, 32 },
	{ "mil_step", CORUN_FW_P_MIL_STEP, CORUN_FW_FEAT_MIL, 1, 255, 2 },
	{ "tcm_thresh", CORUN_FW_P_DRAM_TCM_THRESH, CORUN_FW_FEAT_DRAM_TCM, 0,
	  1024, 171 },
	{ "tcm_quantum", CORUN_FW_P_DRAM_TCM_QUANTUM, CORUN_FW_FEAT_DRAM_TCM, 1,
	  65536, 10 },
	{ "tcm_shuffle", CORUN_FW_P_DRAM_TCM_SHUFFLE, CORUN_FW_FEAT_DRAM_TCM, 1,
	  65536, 1 },
	{ "ucp_period", CORUN_FW_P_L1_UCP_PERIOD, CORUN_FW_FEAT_L1_UCP, 1, 1000,
	  10 },
	{ "ucp_min_ways", CORUN_FW_P_L1_UCP_MIN_WAYS, CORUN_FW_FEAT_L1_UCP, 1,
	  4, 1 }, /* max: the test platform's 4 L1 ways */
	{ "ucp_decay", CORUN_FW_P_L1_UCP_DECAY, CORUN_FW_FEAT_L1_UCP, 0, 32,
	  1 },
	{ "ucp_sample", CORUN_FW_P_L1_UCP_SAMPLE, CORUN_FW_FEAT_L1_UCP, 1, 256,
	  8 },
};

/*
 * Each tunable: its name, firmware parameter and reset value, device-wide,
 * refused out of range (ERANGE) and without its feature (EOPNOTSUPP),
 * taken whatever its knob's value.
 */
static void fwknobs_mem_test(struct kunit *test)
{
	struct corun_policy_platform p;
	struct corun_policy_fw fw;
	struct corun_fw_setting s;
	u32 knobs[CORUN_FWK_NR] = { 0 };
	u32 i, id, k;
	int ret;

	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(mem_params),
			(size_t)(CORUN_FWP_NR - DRM_CORUN_FW_PARAM_MIL_HIGH));
	test_platform(&p, 8, 16);
	p.l1_ways = 4;
	for (i = 0; i < ARRAY_SIZE(mem_params); i++) {
		const char *nm = mem_params[i].name;
		u32 lo = mem_params[i].min, hi = mem_params[i].max;
		u32 feat = mem_params[i].feature, other = FEAT_ALL & ~feat;

		id = DRM_CORUN_FW_PARAM_MIL_HIGH + i;
		KUNIT_EXPECT_EQ(test, corun_fwp_find(nm), (int)id);
		KUNIT_EXPECT_EQ(test, corun_fwp[id].fw, mem_params[i].fw);
		KUNIT_EXPECT_EQ(test, corun_fwp[id].per_slot, 0u);
		KUNIT_EXPECT_EQ(test, corun_fwp[id].features, feat);
		corun_policy_fw_defaults(&p, &fw);
		KUNIT_EXPECT_EQ_MSG(test, corun_fwp_get(&fw, id, 0),
				    mem_params[i].boot, "%s", nm);
		/* device-wide; the range at its edges */
		ret = check1(&p, FEAT_ALL, id, 1, lo, 0);
		KUNIT_EXPECT_EQ_MSG(test, ret, -CORUN_EINVAL, "%s", nm);
		ret = check1(&p, FEAT_ALL, id, 0, lo, 0);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s", nm);
		ret = check1(&p, FEAT_ALL, id, 0, hi, 0);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s", nm);
		ret = check1(&p, FEAT_ALL, id, 0, hi + 1, 0);
		KUNIT_EXPECT_EQ_MSG(test, ret, -CORUN_ERANGE, "%s", nm);
		ret = lo ? check1(&p, FEAT_ALL, id, 0, lo - 1, 0) :
			   -CORUN_ERANGE;
		KUNIT_EXPECT_EQ_MSG(test, ret, -CORUN_ERANGE, "%s", nm);
		/* the range before the feature; then the feature decides */
		ret = check1(&p, other, id, 0, hi + 1, 0);
		KUNIT_EXPECT_EQ_MSG(test, ret, -CORUN_ERANGE, "%s", nm);
		ret = check1(&p, other, id, 0, hi, 0);
		KUNIT_EXPECT_EQ_MSG(test, ret, -CORUN_EOPNOTSUPP, "%s", nm);
		ret = check1(&p, feat, id, 0, hi, 0);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s", nm);
		KUNIT_EXPECT_TRUE(test, corun_fwp_mask(feat) & (1ull << id));
		KUNIT_EXPECT_FALSE(test, corun_fwp_mask(other) & (1ull << id));
		/* taken with every knob at DEFAULT, and with its mechanism */
		s = (struct corun_fw_setting){ id, 0, hi, 0 };
		for (k = 0; k < 2; k++) {
			memset(knobs, 0, sizeof(knobs));
			if (k && feat == CORUN_FW_FEAT_MIL)
				knobs[CORUN_FWK_IRC] = DRM_CORUN_IRC_MIL;
			if (k && feat == CORUN_FW_FEAT_DRAM_TCM)
				knobs[CORUN_FWK_DRAM] = DRM_CORUN_DRAM_TCM;
			if (k && feat == CORUN_FW_FEAT_L1_UCP)
				knobs[CORUN_FWK_L1] = DRM_CORUN_L1_UCP;
			ret = corun_fw_settings(&p, feat, knobs, &s, 1, &fw,
						NULL);
			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s knob %u", nm, k);
			KUNIT_EXPECT_EQ(test, corun_fwp_get(&fw, id, 0), hi);
		}
		/* a firmware without the mechanism refuses it in a policy */
		ret = corun_fw_settings(&p, other, knobs, &s, 1, &fw, NULL);
		KUNIT_EXPECT_EQ_MSG(test, ret, -CORUN_EOPNOTSUPP, "%s", nm);
	}
	/* ucp_min_ways follows the L1: at most its ways, and at most 32 */
	id = DRM_CORUN_FW_PARAM_UCP_MIN_WAYS;
	p.l1_ways = 64;
	KUNIT_EXPECT_EQ(test, check1(&p, FEAT_ALL, id, 0, 32, 0), 0);
	KUNIT_EXPECT_EQ(test, check1(&p, FEAT_ALL, id, 0, 33, 0),
			-CORUN_ERANGE);
	KUNIT_EXPECT_EQ(test, check1(&p, FEAT_ALL, id, 0, 0, 0), -CORUN_ERANGE);
}

static struct kunit_case corun_fwknobs_cases[] = {
	KUNIT_CASE(fwknobs_map_test),
	KUNIT_CASE(fwknobs_reach_test),
	KUNIT_CASE(fwknobs_check_test),
	KUNIT_CASE(fwknobs_settings_test),
	KUNIT_CASE(fwknobs_modes_test),
	KUNIT_CASE(fwknobs_dram_tcm_test),
	KUNIT_CASE(fwknobs_names_test),
	KUNIT_CASE(fwknobs_mem_test),
	{}
};

struct kunit_suite corun_fwknobs_suite = {
	.name = "corun_fwknobs",
	.test_cases = corun_fwknobs_cases,
};
