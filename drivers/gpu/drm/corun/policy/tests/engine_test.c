// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * KUnit suite for the policy engine: the input it builds (jobs, snapshot
 * deltas), and how it applies a decision (only what changed, pins,
 * clamping, firmware parameters merged from the administrator's and the
 * policy's, refused firmware requests) and traces it.
 */
#include <kunit/test.h>
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include <corun/fwif.h>
#include <corun/hw.h>
#include <uapi/drm/corun_drm.h>

#include "../policy.h"
#include "policy_test.h"

#define MAX_WRITES 1024
#define MAX_PAIRS 512
#define MAX_RECS 256

/* The fake hardware: what the engine wrote, sent and traced. */
struct fake_hw {
	u32 nw, off[MAX_WRITES], val[MAX_WRITES];
	u32 npairs, pairs[2 * MAX_PAIRS];
	u32 nrec;
	struct corun_policy_record rec[MAX_RECS];
	int fw_fail;
	/*
	 * A firmware that applies the first @fw_partial pairs of a request
	 * (earlier batches of the driver's) and then refuses, into @store,
	 * indexed by parameter id; @undo_fail refuses the next request too.
	 */
	u32 fw_partial;
	int undo_fail;
	u32 store[0x1000];
	u64 cycle;
	u32 ngets, gets[64];
	int get_fail;
};

static void fake_write(void *ctx, u32 off, u32 val)
{
	struct fake_hw *h = ctx;

	if (h->nw < MAX_WRITES) {
		h->off[h->nw] = off;
		h->val[h->nw] = val;
	}
	h->nw++;
}

static int fake_fw(void *ctx, const u32 *pairs, u32 n)
{
	struct fake_hw *h = ctx;
	u32 i;

	if (h->fw_fail)
		return -5;
	for (i = 0; i < 2 * n && h->npairs < 2 * MAX_PAIRS; i++)
		h->pairs[h->npairs++] = pairs[i];
	for (i = 0; i < n; i++) {
		if (h->fw_partial && i == h->fw_partial - 1) {
			h->fw_partial = 0;
			return -5;
		}
		if (h->undo_fail && i == 0 && !h->fw_partial) {
			h->undo_fail = 0;
			return -110;
		}
		h->store[pairs[2 * i] & 0xfff] = pairs[2 * i + 1];
	}
	return 0;
}

/* GET_PARAM: rf, df and IRC credits answer 100, 200 and 300 + slot. */
static int fake_fw_get(void *ctx, u32 param, u32 *val)
{
	struct fake_hw *h = ctx;

	if (h->ngets < 64)
		h->gets[h->ngets] = param;
	h->ngets++;
	if (h->get_fail)
		return -5;
	if ((param & ~0xffu) == CORUN_FW_P_IRC_CREDITS)
		*val = 300 + (param & 0xff);
	else
		*val = (param & ~0xffu) == CORUN_FW_P_RF ?
			       100 + (param & 0xff) :
			       200 + (param & 0xff);
	return 0;
}

static void fake_trace(void *ctx, const struct corun_policy_record *r)
{
	struct fake_hw *h = ctx;

	if (h->nrec < MAX_RECS)
		h->rec[h->nrec] = *r;
	h->nrec++;
}

static u64 fake_cycle(void *ctx)
{
	return ((struct fake_hw *)ctx)->cycle;
}

static void fake_clear(struct fake_hw *h)
{
	h->nw = 0;
	h->npairs = 0;
	h->nrec = 0;
}

struct fixture {
	struct fake_hw hw;
	struct corun_policy_engine eng;
};

static struct fixture *setup(struct kunit *test, int fw)
{
	struct fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	struct corun_policy_platform p;
	struct corun_policy_hw hw = {
		.write_reg = fake_write,
		.trace = fake_trace,
		.cycle = fake_cycle,
	};

	KUNIT_ASSERT_NOT_NULL(test, f);
	hw.ctx = &f->hw;
	if (fw) {
		hw.fw_params = fake_fw;
		hw.fw_get = fake_fw_get;
	}
	test_platform(&p, 8, 16);
	corun_policy_engine_init(&f->eng, &p, &hw);
	return f;
}

/* The last value written to slot @s's register @reg, or -1. */
#define slot_reg(h, s, reg) last_write(h, CORUN_REG_SLOT(s, reg))

/* The last value written to @off, or -1. */
static s64 last_write(const struct fake_hw *h, u32 off)
{
	s64 v = -1;
	u32 i;

	for (i = 0; i < h->nw && i < MAX_WRITES; i++)
		if (h->off[i] == off)
			v = h->val[i];
	return v;
}

static void desc_for(struct corun_job_desc *d, u64 seqno, u32 ctas)
{
	memset(d, 0, sizeof(*d));
	d->seqno = seqno;
	d->grid[0] = ctas;
	d->grid[1] = 1;
	d->grid[2] = 1;
	d->block[0] = 256;
	d->block[1] = 1;
	d->block[2] = 1;
	d->regs_per_thread = 20;
	d->shared_bytes = 1000;
}

static void engine_select_test(struct kunit *test)
{
	struct fixture *f = setup(test, 1);
	struct fake_hw *h = &f->hw;
	u32 s;

	h->cycle = 1234;
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &corun_policy_fcfs),
			0);
	/* the first decision programs every register of every slot */
	KUNIT_EXPECT_EQ(test, h->nw, 8u * (CORUN_SM_MASK_WORDS + 5));
	KUNIT_EXPECT_EQ(test, h->nrec, 8u);
	KUNIT_EXPECT_EQ(test, h->npairs, 0u); /* the firmware's defaults */
	for (s = 0; s < 8; s++) {
		KUNIT_EXPECT_EQ(test, slot_reg(h, s, CORUN_SLOT_SM_MASK0),
				0xffff);
		KUNIT_EXPECT_EQ(test, slot_reg(h, s, CORUN_SLOT_PRIORITY), 4);
	}
	KUNIT_EXPECT_EQ(test, h->rec[3].event, (u32)CORUN_POLICY_EV_INIT);
	KUNIT_EXPECT_EQ(test, h->rec[3].slot, 3u);
	KUNIT_EXPECT_EQ(test, h->rec[3].cycle, 1234ull);
	KUNIT_EXPECT_EQ(test, h->rec[3].policy, 0u);
	KUNIT_EXPECT_EQ(test, f->eng.decisions, 1ull);
	KUNIT_EXPECT_TRUE(test, !corun_policy_running(&f->eng));
}

static void engine_changes_only_test(struct kunit *test)
{
	struct fixture *f = setup(test, 1);
	struct fake_hw *h = &f->hw;
	struct corun_job_desc d;

	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &corun_policy_even),
			0);
	desc_for(&d, 7, 100);
	fake_clear(h);
	corun_policy_job_start(&f->eng, 2, &d, 0);
	/* one job: it keeps all 16 SMs, as before: nothing changes */
	KUNIT_EXPECT_EQ(test, h->nw, 0u);
	KUNIT_EXPECT_EQ(test, h->nrec, 0u);
	KUNIT_EXPECT_TRUE(test, corun_policy_running(&f->eng));

	desc_for(&d, 8, 100);
	corun_policy_job_start(&f->eng, 5, &d, 0);
	/* two jobs: 8 + 8 SMs; only the masks of slots 2 and 5 move */
	KUNIT_EXPECT_EQ(test, h->nrec, 2u);
	KUNIT_EXPECT_EQ(test, h->nw, 2u * CORUN_SM_MASK_WORDS);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 2, CORUN_SLOT_SM_MASK0), 0x00ff);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 5, CORUN_SLOT_SM_MASK0), 0xff00);
	KUNIT_EXPECT_EQ(test, h->rec[0].changed, (u32)CORUN_POLICY_CH_SM_MASK);
	KUNIT_EXPECT_EQ(test, h->rec[0].event, (u32)CORUN_POLICY_EV_JOB_START);
	KUNIT_EXPECT_EQ(test, h->rec[1].running, 1u);

	fake_clear(h);
	corun_policy_job_end(&f->eng, 5);
	KUNIT_EXPECT_EQ(test, h->nrec, 2u);
	KUNIT_EXPECT_EQ(test, f->eng.out.slot[2].sm_mask[0], 0xffffu);
	KUNIT_EXPECT_EQ(test, f->eng.in.slot_in[5].running, 0u);
	KUNIT_EXPECT_EQ(test, f->eng.in.slot_in[5].job.seqno, 0ull);
	KUNIT_EXPECT_EQ(test, f->eng.in.slot_in[2].job.seqno, 7ull);
	/* the job's footprint, from the one computation */
	KUNIT_EXPECT_EQ(test, f->eng.in.slot_in[2].job.cta.regs, 8u * 768);
	KUNIT_EXPECT_EQ(test, f->eng.in.slot_in[2].job.ctas_total, 100u);

	/* a slot beyond the device is ignored */
	fake_clear(h);
	corun_policy_job_start(&f->eng, 8, &d, 0);
	KUNIT_EXPECT_EQ(test, h->nw + h->nrec, 0u);
}

/* A policy that asks for what the registers cannot take. */
static void wild_decide(void *st, const struct corun_policy_in *in,
			struct corun_policy_out *out)
{
	u32 s;

	for (s = 0; s < in->plat.num_slots; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];

		o->sm_mask[0] = 0xffffffffu;
		o->sm_mask[3] = 0x1;
		o->cta_quota = 99;
		o->throttle = 1000;
		o->priority = 40;
		o->placement = 9;
		o->issue_quota = 500;
	}
}

static const struct corun_policy_ops wild = {
	.name = "wild",
	.id = 100,
	.desc = "test",
	.decide = wild_decide,
};

static void engine_clamp_pin_test(struct kunit *test)
{
	struct fixture *f = setup(test, 1);
	struct fake_hw *h = &f->hw;

	f->eng.pin[1].set = CORUN_POLICY_CH_SM_MASK | CORUN_POLICY_CH_PRIORITY;
	f->eng.pin[1].v.sm_mask[0] = 0x3;
	f->eng.pin[1].v.priority = 9;
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &wild), 0);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_SM_MASK0), 0xffff);
	/* SM 127 of word 3: beyond the device's 16 */
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_SM_MASK0 + 12), 0);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_CTA_QUOTA), 32);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_THROTTLE), 32);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_PRIORITY), 15);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_PLACEMENT),
			CORUN_PLACE_RR);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_ISSUE_QUOTA), 500);
	/* the pinned slot: the host's values win */
	KUNIT_EXPECT_EQ(test, slot_reg(h, 1, CORUN_SLOT_SM_MASK0), 0x3);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 1, CORUN_SLOT_PRIORITY), 9);
	KUNIT_EXPECT_EQ(test, h->rec[1].out.sm_mask[0], 0x3u);
}

/* A policy that gives slot 0 reclaim mode 1 and slot 1 an invalid one. */
static void reclaim_decide(void *st, const struct corun_policy_in *in,
			   struct corun_policy_out *out)
{
	out->slot[0].reclaim = CORUN_RECLAIM_SWITCH;
	out->slot[1].reclaim = 7;
}

static const struct corun_policy_ops reclaimer = {
	.name = "reclaimer",
	.id = 102,
	.desc = "test",
	.decide = reclaim_decide,
};

/*
 * CORUN_SLOT_RECLAIM reaches the device within range, and never on a
 * device that cannot context-switch (all reclaims drain there).
 */
static void engine_reclaim_test(struct kunit *test)
{
	struct fixture *f = setup(test, 0);
	struct fake_hw *h = &f->hw;

	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &reclaimer), 0);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_RECLAIM), -1);
	KUNIT_EXPECT_EQ(test, f->eng.out.slot[0].reclaim,
			(u32)CORUN_RECLAIM_DRAIN);

	f = setup(test, 0);
	h = &f->hw;
	f->eng.in.plat.ctxsw = 1;
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &reclaimer), 0);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_RECLAIM),
			CORUN_RECLAIM_SWITCH);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 1, CORUN_SLOT_RECLAIM),
			CORUN_RECLAIM_DRAIN);
	KUNIT_EXPECT_EQ(test, h->rec[0].out.reclaim, (u32)CORUN_RECLAIM_SWITCH);
	KUNIT_EXPECT_TRUE(test, h->rec[0].changed & CORUN_POLICY_CH_RECLAIM);
	/* unchanged: not written again */
	fake_clear(h);
	corun_policy_job_end(&f->eng, 3);
	KUNIT_EXPECT_EQ(test, slot_reg(h, 0, CORUN_SLOT_RECLAIM), -1);
}

/* A policy that sets slot 1's IRC share while its state says so. */
struct share_state {
	u32 share;
	u32 seen_end_seqno;
};

static void share_decide(void *st, const struct corun_policy_in *in,
			 struct corun_policy_out *out)
{
	struct share_state *ss = st;

	if (in->event == CORUN_POLICY_EV_JOB_END)
		ss->seen_end_seqno = (u32)in->slot_in[in->slot].job.seqno;
	if (ss->share) {
		out->slot[1].fw_set |= CORUN_POLICY_FW_IRC_SHARE;
		out->slot[1].fw.irc_share = ss->share;
	} else {
		out->slot[1].fw_set &= ~CORUN_POLICY_FW_IRC_SHARE;
	}
}

static int share_init(void *st, const struct corun_policy_platform *plat)
{
	return plat->num_slots < 2 ? -22 : 0;
}

static const struct corun_policy_ops share = {
	.name = "share",
	.id = 101,
	.desc = "test",
	.state_size = sizeof(struct share_state),
	.init = share_init,
	.decide = share_decide,
};

static void engine_fw_test(struct kunit *test)
{
	struct fixture *f = setup(test, 1);
	struct fake_hw *h = &f->hw;
	struct corun_policy_fw fw;
	struct share_state *ss;
	struct corun_job_desc d;

	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &share), 0);
	ss = (void *)f->eng.state[f->eng.active];

	/* the administrator: IRC on, slot 1 a 300/1024 share */
	corun_policy_fw_defaults(&f->eng.in.plat, &fw);
	fw.g.irc_enable = 1;
	fw.slot[1].irc_share = 300;
	fake_clear(h);
	KUNIT_ASSERT_EQ(test, corun_policy_set_static_fw(&f->eng, &fw), 0);
	/* globals first: the mode decides how the per-slot values act */
	KUNIT_ASSERT_EQ(test, h->npairs, 4u);
	KUNIT_EXPECT_EQ(test, h->pairs[0], (u32)CORUN_FW_P_IRC_ENABLE);
	KUNIT_EXPECT_EQ(test, h->pairs[1], 1u);
	KUNIT_EXPECT_EQ(test, h->pairs[2],
			(u32)CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 1));
	KUNIT_EXPECT_EQ(test, h->pairs[3], 300u);
	KUNIT_EXPECT_EQ(test, f->eng.applied_fw.slot[1].irc_share, 300u);
	/* the record of slot 1 says its firmware parameters changed */
	KUNIT_ASSERT_EQ(test, h->nrec, 1u);
	KUNIT_EXPECT_EQ(test, h->rec[0].slot, 1u);
	KUNIT_EXPECT_EQ(test, h->rec[0].changed, (u32)CORUN_POLICY_CH_FW);
	KUNIT_EXPECT_EQ(test, h->rec[0].out.fw.irc_share, 300u);

	/* the policy's value wins while it sets one... */
	ss->share = 700;
	desc_for(&d, 3, 10);
	fake_clear(h);
	corun_policy_job_start(&f->eng, 0, &d, 0);
	KUNIT_ASSERT_EQ(test, h->npairs, 2u);
	KUNIT_EXPECT_EQ(test, h->pairs[1], 700u);
	/* ... and the administrator's returns when it stops */
	ss->share = 0;
	fake_clear(h);
	corun_policy_job_end(&f->eng, 0);
	KUNIT_ASSERT_EQ(test, h->npairs, 2u);
	KUNIT_EXPECT_EQ(test, h->pairs[1], 300u);
	KUNIT_EXPECT_EQ(test, ss->seen_end_seqno, 3u);

	/* a refused request: nothing is taken as applied */
	h->fw_fail = 1;
	ss->share = 900;
	fake_clear(h);
	corun_policy_job_start(&f->eng, 0, &d, 0);
	KUNIT_EXPECT_EQ(test, f->eng.fw_errors, 1ull);
	KUNIT_EXPECT_EQ(test, f->eng.applied_fw.slot[1].irc_share, 300u);
	fw.slot[2].irc_share = 100;
	KUNIT_EXPECT_LT(test, corun_policy_set_static_fw(&f->eng, &fw), 0);
	KUNIT_EXPECT_EQ(test, f->eng.fw_static.slot[2].irc_share, 1024u / 8);
	/* it is retried at the next decision once the firmware answers */
	h->fw_fail = 0;
	corun_policy_job_end(&f->eng, 0);
	KUNIT_EXPECT_EQ(test, f->eng.applied_fw.slot[1].irc_share, 900u);
}

/*
 * A refusal after some batches were applied: the engine puts back what
 * the firmware had, so the firmware holds what applied_fw says.
 */
static void engine_fw_undo_test(struct kunit *test)
{
	struct fixture *f = setup(test, 1);
	struct fake_hw *h = &f->hw;
	struct corun_policy_fw fw;
	u32 s, p;

	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &corun_policy_fcfs),
			0);
	corun_policy_fw_defaults(&f->eng.in.plat, &fw);
	for (s = 0; s < 8; s++)
		h->store[CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, s)] =
			fw.slot[s].irc_share;
	fw.g.irc_enable = 1;
	for (s = 0; s < 8; s++)
		fw.slot[s].irc_share = 100 + s;
	/* nine pairs; the firmware takes seven, then refuses */
	h->fw_partial = 8;
	KUNIT_EXPECT_EQ(test, corun_policy_set_static_fw(&f->eng, &fw), -5);
	KUNIT_EXPECT_EQ(test, f->eng.fw_errors, 1ull);
	KUNIT_EXPECT_EQ(test, f->eng.fw_lost, 0ull);
	KUNIT_EXPECT_EQ(test, f->eng.applied_fw.g.irc_enable, 0u);
	KUNIT_EXPECT_EQ(test, h->store[CORUN_FW_P_IRC_ENABLE], 0u);
	for (s = 0; s < 8; s++) {
		p = CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, s);
		KUNIT_EXPECT_EQ_MSG(test, h->store[p],
				    f->eng.applied_fw.slot[s].irc_share,
				    "slot %u", s);
		KUNIT_EXPECT_EQ(test, h->store[p], 1024u / 8);
	}
	/* the previous settings stay */
	KUNIT_EXPECT_EQ(test, f->eng.fw_static.slot[3].irc_share, 1024u / 8);

	/* the undo refused as well: counted, for the driver to report */
	h->fw_partial = 2;
	h->undo_fail = 1;
	KUNIT_EXPECT_EQ(test, corun_policy_set_static_fw(&f->eng, &fw), -5);
	KUNIT_EXPECT_EQ(test, f->eng.fw_lost, 1ull);

	/* accepted: all of it */
	KUNIT_EXPECT_EQ(test, corun_policy_set_static_fw(&f->eng, &fw), 0);
	KUNIT_EXPECT_EQ(test, h->store[CORUN_FW_P_IRC_ENABLE], 1u);
	KUNIT_EXPECT_EQ(test,
			h->store[CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 7)],
			107u);
}

static void engine_no_fw_test(struct kunit *test)
{
	struct fixture *f = setup(test, 0);
	struct corun_policy_fw fw;

	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &corun_policy_fcfs),
			0);
	corun_policy_fw_defaults(&f->eng.in.plat, &fw);
	fw.g.irc_enable = 1;
	/* no firmware: the settings cannot be applied */
	KUNIT_EXPECT_LT(test, corun_policy_set_static_fw(&f->eng, &fw), 0);
	KUNIT_EXPECT_EQ(test, f->eng.fw_static.g.irc_enable, 0u);
}

static void engine_select_fail_test(struct kunit *test)
{
	struct fixture *f = setup(test, 1);
	struct share_state *ss;

	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &share), 0);
	ss = (void *)f->eng.state[f->eng.active];
	ss->share = 555;
	f->eng.in.plat.num_slots = 1;
	KUNIT_EXPECT_LT(test, corun_policy_select(&f->eng, &share), 0);
	/* the active policy and its state are untouched */
	KUNIT_EXPECT_PTR_EQ(test, f->eng.ops, &share);
	ss = (void *)f->eng.state[f->eng.active];
	KUNIT_EXPECT_EQ(test, ss->share, 555u);
}

/* A snapshot for 8 slots, 16 SMs, 4 channels, in @buf. */
static struct corun_snapshot_header *snap(void *buf, u32 epoch, u64 base)
{
	struct corun_snapshot_header *h = buf;
	struct corun_slot_counters *sc = (void *)(h + 1);
	struct corun_sm_counters *smc = (void *)(sc + 8);
	struct corun_chan_counters *cc = (void *)(smc + 16);
	struct corun_sm_slot_counters *ssc = (void *)(cc + 4);
	struct corun_chan_slot_counters *csc = (void *)(ssc + 16 * 8);
	struct corun_slot_job_state *js = (void *)(csc + 4 * 8);
	struct corun_slot_ctxsw_counters *cs = (void *)(js + 8);
	struct corun_slot_interf_counters *ic = (void *)(cs + 8);

	memset(buf, 0, corun_snapshot_size(8, 16, 4));
	h->magic = CORUN_SNAPSHOT_MAGIC;
	h->version = CORUN_SNAPSHOT_VERSION;
	h->size = corun_snapshot_size(8, 16, 4);
	h->epoch = epoch;
	h->num_slots = 8;
	h->num_sms = 16;
	h->num_channels = 4;
	h->cycle = 100000 * epoch;
	h->epoch_cycles = 100000;
	sc[2].warp_insns = base * 10;
	sc[2].requests = base;
	smc[5].l1_misses = base * 3;
	cc[3].row_hits = base * 4;
	ssc[5 * 8 + 2].warp_insns = base * 2;
	csc[3 * 8 + 2].accesses = base * 5;
	js[2].seqno = 7;
	js[2].ctas_done = (u32)base;
	js[2].ctas_resident = 4;
	cs[2].preempts = base / 10;
	cs[2].save_cycles = base * 7;
	ic[2].dram_bank = base * 6;
	ic[2].mem_busy_cycles = base * 7;
	return h;
}

/* The slot job state section of a snapshot made by snap(). */
static struct corun_slot_job_state *snap_js(void *buf)
{
	return (void *)((u8 *)buf + corun_snapshot_size(8, 16, 4) -
			8 * sizeof(struct corun_slot_interf_counters) -
			8 * sizeof(struct corun_slot_ctxsw_counters) -
			8 * sizeof(struct corun_slot_job_state));
}

/*
 * setup() with @ops selected and job 7 (100 CTAs) started in slot 2, and
 * a buffer for snap() in @buf.
 */
static struct fixture *setup_job(struct kunit *test, int fw,
				 const struct corun_policy_ops *ops, void **buf)
{
	struct fixture *f = setup(test, fw);
	struct corun_job_desc d;

	*buf = kunit_kzalloc(test, corun_snapshot_size(8, 16, 4), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, *buf);
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, ops), 0);
	desc_for(&d, 7, 100);
	corun_policy_job_start(&f->eng, 2, &d, 0);
	return f;
}

static void engine_snapshot_test(struct kunit *test)
{
	u32 size = corun_snapshot_size(8, 16, 4);
	void *buf;
	struct fixture *f = setup_job(test, 1, &corun_policy_fcfs, &buf);
	const struct corun_policy_in *in = &f->eng.in;
	struct corun_snapshot_header *h;

	h = snap(buf, 1, 100);
	KUNIT_ASSERT_EQ(test, corun_policy_snapshot(&f->eng, h, size), 0);
	/* the first deltas are the counters since reset */
	KUNIT_EXPECT_EQ(test, in->slot_in[2].d.warp_insns, 1000ull);
	KUNIT_EXPECT_EQ(test, in->sm[5].l1_misses, 300ull);
	KUNIT_EXPECT_EQ(test, in->chan[3].row_hits, 400ull);
	KUNIT_EXPECT_EQ(test, in->sm_slot[5][2].warp_insns, 200ull);
	KUNIT_EXPECT_EQ(test, in->chan_slot[3][2].accesses, 500ull);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].job.ctas_done, 100u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].job.ctas_resident, 4u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].interf.dram_bank, 600ull);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].interf.mem_busy_cycles, 700ull);
	KUNIT_EXPECT_EQ(test, in->epoch, 1u);
	KUNIT_EXPECT_EQ(test, in->epoch_cycles, 100000ull);
	KUNIT_EXPECT_EQ(test, in->event, (u32)CORUN_POLICY_EV_EPOCH);

	h = snap(buf, 2, 130);
	KUNIT_ASSERT_EQ(test, corun_policy_snapshot(&f->eng, h, size), 0);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].d.warp_insns, 300ull);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].d.requests, 30ull);
	KUNIT_EXPECT_EQ(test, in->sm_slot[5][2].warp_insns, 60ull);
	KUNIT_EXPECT_EQ(test, in->chan_slot[3][2].accesses, 150ull);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].job.ctas_done, 130u);
	/* the context switches of the epoch (version 3's last section) */
	KUNIT_EXPECT_EQ(test, in->slot_in[2].cs.preempts, 3ull);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].cs.save_cycles, 210ull);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].interf.dram_bank, 180ull);

	/* another job's state does not leak into slot 2's */
	h = snap(buf, 3, 160);
	snap_js(buf)[2].seqno = 9;
	KUNIT_ASSERT_EQ(test, corun_policy_snapshot(&f->eng, h, size), 0);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].job.ctas_done, 130u);

	/* what does not match the platform is refused, nothing decided */
	f->eng.decisions = 0;
	h = snap(buf, 4, 200);
	KUNIT_EXPECT_LT(test, corun_policy_snapshot(&f->eng, h, size - 1), 0);
	h->version = 1;
	KUNIT_EXPECT_LT(test, corun_policy_snapshot(&f->eng, h, size), 0);
	h = snap(buf, 4, 200);
	h->num_sms = 15;
	KUNIT_EXPECT_LT(test, corun_policy_snapshot(&f->eng, h, size), 0);
	h = snap(buf, 4, 200);
	h->magic = 0;
	KUNIT_EXPECT_LT(test, corun_policy_snapshot(&f->eng, h, size), 0);
	KUNIT_EXPECT_EQ(test, f->eng.decisions, 0ull);
	KUNIT_EXPECT_EQ(test, in->epoch, 3u);
}

/* A policy that puts the IRC in the CCBP mode, with slot 3 BI. */
static void ccbp_mode_decide(void *st, const struct corun_policy_in *in,
			     struct corun_policy_out *out)
{
	struct corun_policy_slot_out *o = &out->slot[3];

	out->fw_set |=
		CORUN_POLICY_FWG_IRC_MODE | CORUN_POLICY_FWG_IRC_UNITS |
		CORUN_POLICY_FWG_IRC_NOC_BW | CORUN_POLICY_FWG_IRC_DRAM_BW |
		CORUN_POLICY_FWG_IRC_REPLY | CORUN_POLICY_FWG_IRC_DRAM_BYTES;
	out->fw.irc_mode = CORUN_IRC_MODE_CCBP;
	out->fw.irc_units = 10;
	out->fw.irc_noc_bw = 5000;
	out->fw.irc_dram_bw = 6000;
	out->fw.irc_reply = 96;
	out->fw.irc_dram_bytes = 64;
	o->fw_set |= CORUN_POLICY_FW_IRC_NOC | CORUN_POLICY_FW_IRC_DRAM |
		     CORUN_POLICY_FW_IRC_CLASS;
	o->fw.irc_noc = 1500;
	o->fw.irc_dram = 2500;
	o->fw.irc_class = CORUN_IRC_CLASS_BI;
}

static const struct corun_policy_ops ccbp_mode = {
	.name = "ccbp-mode",
	.state_size = 8,
	.decide = ccbp_mode_decide,
};

/* The CCBP mode's parameters reach the firmware, device-wide ones first. */
static void engine_irc_ccbp_test(struct kunit *test)
{
	static const u32 want[][2] = {
		{ CORUN_FW_P_IRC_MODE, CORUN_IRC_MODE_CCBP },
		{ CORUN_FW_P_IRC_UNITS, 10 },
		{ CORUN_FW_P_IRC_NOC_BW, 5000 },
		{ CORUN_FW_P_IRC_DRAM_BW, 6000 },
		{ CORUN_FW_P_IRC_REPLY, 96 },
		{ CORUN_FW_P_IRC_DRAM_BYTES, 64 },
		{ CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_NOC_UNITS, 3), 1500 },
		{ CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_DRAM_UNITS, 3), 2500 },
		{ CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CLASS, 3),
		  CORUN_IRC_CLASS_BI },
	};
	struct fixture *f = setup(test, 1);
	struct fake_hw *h = &f->hw;
	u32 i;

	/* the boot values: nothing to send for them */
	KUNIT_EXPECT_EQ(test, f->eng.applied_fw.g.irc_units,
			CORUN_FW_IRC_UNITS_BOOT);
	KUNIT_EXPECT_EQ(test, f->eng.applied_fw.slot[3].irc_class,
			(u32)CORUN_IRC_CLASS_FREE);
	fake_clear(h);
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &ccbp_mode), 0);
	KUNIT_ASSERT_EQ(test, h->npairs, 2 * (u32)ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		KUNIT_EXPECT_EQ(test, h->pairs[2 * i], want[i][0]);
		KUNIT_EXPECT_EQ(test, h->pairs[2 * i + 1], want[i][1]);
	}
	KUNIT_EXPECT_EQ(test, f->eng.applied_fw.slot[3].irc_noc, 1500u);
	/* another policy: the firmware gets its boot values back */
	fake_clear(h);
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &corun_policy_fcfs),
			0);
	KUNIT_ASSERT_EQ(test, h->npairs, 2 * (u32)ARRAY_SIZE(want));
	KUNIT_EXPECT_EQ(test, h->pairs[1], (u32)CORUN_IRC_MODE_SHARES);
	KUNIT_EXPECT_EQ(test, h->pairs[3], CORUN_FW_IRC_UNITS_BOOT);
	KUNIT_EXPECT_EQ(test, h->pairs[9], 160u);
	KUNIT_EXPECT_EQ(test, h->pairs[11], 128u);
	KUNIT_EXPECT_EQ(test, h->pairs[17], (u32)CORUN_IRC_CLASS_FREE);
}

/* A policy that reads the firmware's monitors, deciding nothing. */
static void mon_decide(void *st, const struct corun_policy_in *in,
		       struct corun_policy_out *out)
{
}

static const struct corun_policy_ops mon = {
	.name = "mon",
	.state_size = 8,
	.flags = CORUN_POLICY_F_FW_MONITORS,
	.decide = mon_decide,
};

/*
 * The monitors are read at each epoch for the running slots, only for a
 * policy that asks and a firmware that has them; a failed read is no
 * reading.
 */
static void engine_monitor_test(struct kunit *test)
{
	u32 size = corun_snapshot_size(8, 16, 4);
	void *buf;
	struct fixture *f = setup_job(test, 1, &mon, &buf);
	const struct corun_policy_in *in = &f->eng.in;

	/* no monitors in the firmware: nothing asked */
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 1, 100), size),
			0);
	KUNIT_EXPECT_EQ(test, f->hw.ngets, 0u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_mon, 0u);

	f->eng.in.plat.fw_features = CORUN_FW_FEAT_MONITORS;
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 2, 130), size),
			0);
	KUNIT_EXPECT_EQ(test, f->hw.ngets, 2u);
	KUNIT_EXPECT_EQ(test, f->hw.gets[0],
			(u32)CORUN_FW_PARAM_SLOT(CORUN_FW_P_RF, 2));
	KUNIT_EXPECT_EQ(test, f->hw.gets[1],
			(u32)CORUN_FW_PARAM_SLOT(CORUN_FW_P_DF, 2));
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_mon, 1u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_rf, 102u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_df, 202u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_irc, 0u);
	KUNIT_EXPECT_EQ(test, in->slot_in[3].fw_mon, 0u);

	/* a firmware that computes CCBP's credits: they are read back too */
	f->eng.in.plat.fw_features |= CORUN_FW_FEAT_IRC_CCBP;
	f->hw.ngets = 0;
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 3, 145), size),
			0);
	KUNIT_EXPECT_EQ(test, f->hw.ngets, 3u);
	KUNIT_EXPECT_EQ(test, f->hw.gets[2],
			(u32)CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CREDITS, 2));
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_irc, 1u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_credits, 302u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_mon, 1u);

	f->hw.get_fail = 1;
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 4, 160), size),
			0);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_mon, 0u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_irc, 0u);
	KUNIT_EXPECT_GT(test, f->eng.fw_errors, 0ull);

	/* a policy that does not ask: nothing asked */
	f->hw.get_fail = 0;
	f->hw.ngets = 0;
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &corun_policy_fcfs),
			0);
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 5, 190), size),
			0);
	KUNIT_EXPECT_EQ(test, f->hw.ngets, 0u);
	KUNIT_EXPECT_EQ(test, in->slot_in[2].fw_mon, 0u);
}

/* Whether the host is asked to restart an epoch set to 100000 cycles. */
static bool restart(struct fixture *f, u32 *len)
{
	return corun_policy_epoch_restart(&f->eng, 100000, len);
}

static const struct corun_policy_ops restarter = {
	.name = "restarter",
	.id = 105,
	.desc = "test",
	.flags = CORUN_POLICY_F_EPOCH_RESTART,
	.decide = reclaim_decide,
};

/*
 * HSM's "every kernel completion ends the epoch": under a policy with
 * CORUN_POLICY_F_EPOCH_RESTART every job start or end (while a job stays
 * resident) asks the host to restart the epoch timer with a short epoch,
 * and its snapshot to go back to the set length; other policies never.
 */
static void engine_epoch_restart_test(struct kunit *test)
{
	u32 size = corun_snapshot_size(8, 16, 4);
	void *buf;
	struct fixture *f = setup_job(test, 0, &corun_policy_fcfs, &buf);
	struct corun_job_desc d;
	u32 len = 0, min = CORUN_EPOCH_LEN_MIN;

	KUNIT_EXPECT_FALSE(test, restart(f, &len));
	KUNIT_ASSERT_EQ(test, corun_policy_select(&f->eng, &restarter), 0);
	/* selecting the policy is not a start or an end */
	KUNIT_EXPECT_FALSE(test, restart(f, &len));
	desc_for(&d, 8, 100);
	corun_policy_job_start(&f->eng, 3, &d, 0);
	KUNIT_EXPECT_TRUE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, len, (u32)CORUN_EPOCH_LEN_MIN);
	/* taken: asked once */
	KUNIT_EXPECT_FALSE(test, restart(f, &len));
	/* the short epoch's snapshot: whole epochs from there */
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 1, 100), size),
			0);
	KUNIT_EXPECT_TRUE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, len, 100000u);
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 2, 200), size),
			0);
	KUNIT_EXPECT_FALSE(test, restart(f, &len));
	/* a completion with a job left: the epoch ends there too */
	corun_policy_job_end(&f->eng, 3);
	KUNIT_EXPECT_TRUE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, len, (u32)CORUN_EPOCH_LEN_MIN);
	/* an epoch no longer than the short one stays as it is */
	desc_for(&d, 9, 100);
	corun_policy_job_start(&f->eng, 3, &d, 0);
	KUNIT_EXPECT_TRUE(test, corun_policy_epoch_restart(&f->eng, min, &len));
	KUNIT_EXPECT_EQ(test, len, min);
	/* the last job ends: no epochs to restart, none asked */
	corun_policy_job_end(&f->eng, 3);
	restart(f, &len);
	corun_policy_job_end(&f->eng, 2);
	KUNIT_EXPECT_FALSE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, f->eng.epoch_short, 0u);
}

/* Keeps the epoch for every start or end in slot 3, and writes no 0. */
static void keeper_decide(void *st, const struct corun_policy_in *in,
			  struct corun_policy_out *out)
{
	if (in->event != CORUN_POLICY_EV_EPOCH && in->slot == 3)
		out->keep_epoch = 1;
}

static const struct corun_policy_ops keeper = {
	.name = "keeper",
	.id = 106,
	.desc = "test",
	.flags = CORUN_POLICY_F_EPOCH_RESTART,
	.decide = keeper_decide,
};

/*
 * A start or end the policy keeps the epoch for (a relaunch) asks for no
 * restart and leaves one already asked for alone: the short epoch still
 * hands back to whole ones. The engine clears keep_epoch every decision.
 */
static void engine_epoch_keep_test(struct kunit *test)
{
	u32 size = corun_snapshot_size(8, 16, 4);
	void *buf;
	struct fixture *f = setup_job(test, 0, &keeper, &buf);
	struct corun_job_desc d;
	u32 len = 0;

	KUNIT_EXPECT_TRUE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, len, (u32)CORUN_EPOCH_LEN_MIN);
	/* kept while the short epoch runs */
	desc_for(&d, 8, 100);
	corun_policy_job_start(&f->eng, 3, &d, 0);
	KUNIT_EXPECT_FALSE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, f->eng.epoch_short, 1u);
	KUNIT_ASSERT_EQ(test,
			corun_policy_snapshot(&f->eng, snap(buf, 1, 100), size),
			0);
	KUNIT_EXPECT_TRUE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, len, 100000u);
	/* kept: nothing asked */
	corun_policy_job_end(&f->eng, 3);
	KUNIT_EXPECT_FALSE(test, restart(f, &len));
	/* another slot's start is not kept though the last decision was */
	desc_for(&d, 9, 100);
	corun_policy_job_start(&f->eng, 4, &d, 0);
	KUNIT_EXPECT_TRUE(test, restart(f, &len));
	KUNIT_EXPECT_EQ(test, len, (u32)CORUN_EPOCH_LEN_MIN);
}

/*
 * The epoch lengths every host accepts are the uapi's range; the device's
 * own minimum (1000), which corun-sim once took, is not in it.
 */
static void engine_epoch_check_test(struct kunit *test)
{
	u64 lo = DRM_CORUN_EPOCH_CYCLES_MIN, hi = DRM_CORUN_EPOCH_CYCLES_MAX;

	KUNIT_EXPECT_EQ(test, (u64)CORUN_POLICY_EPOCH_CYCLES_MIN, lo);
	KUNIT_EXPECT_EQ(test, (u64)CORUN_POLICY_EPOCH_CYCLES_MAX, hi);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(0), -CORUN_ERANGE);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(CORUN_EPOCH_LEN_MIN),
			-CORUN_ERANGE);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(lo - 1), -CORUN_ERANGE);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(lo), 0);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(100000), 0);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(hi), 0);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(hi + 1), -CORUN_ERANGE);
	KUNIT_EXPECT_EQ(test, corun_policy_epoch_check(1ull << 32),
			-CORUN_ERANGE);
}

static struct kunit_case corun_policy_engine_cases[] = {
	KUNIT_CASE(engine_select_test),
	KUNIT_CASE(engine_changes_only_test),
	KUNIT_CASE(engine_clamp_pin_test),
	KUNIT_CASE(engine_fw_test),
	KUNIT_CASE(engine_fw_undo_test),
	KUNIT_CASE(engine_no_fw_test),
	KUNIT_CASE(engine_select_fail_test),
	KUNIT_CASE(engine_snapshot_test),
	KUNIT_CASE(engine_reclaim_test),
	KUNIT_CASE(engine_monitor_test),
	KUNIT_CASE(engine_irc_ccbp_test),
	KUNIT_CASE(engine_epoch_restart_test),
	KUNIT_CASE(engine_epoch_keep_test),
	KUNIT_CASE(engine_epoch_check_test),
	{}
};

struct kunit_suite corun_policy_engine_suite = {
	.name = "corun_policy_engine",
	.test_cases = corun_policy_engine_cases,
};
