// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy engine: builds a decision's input the same way for every
 * host (job starts and ends, epoch snapshots), asks the active policy,
 * and applies what changed through the host's callbacks, one trace record
 * per changed slot. See policy.h for the contract.
 */
#include <corun/fwif.h>

#include "policy.h"

/* every epoch length accepted is one the device's EPOCH_LEN takes */
CORUN_STATIC_ASSERT(CORUN_POLICY_EPOCH_CYCLES_MIN >= CORUN_EPOCH_LEN_MIN,
		    "epoch minimum below the device's");

static void corun_memset(void *p, int c, u64 n)
{
	u8 *d = p;

	while (n--)
		*d++ = (u8)c;
}

static void corun_memcpy(void *dst, const void *src, u64 n)
{
	const u8 *s = src;
	u8 *d = dst;

	while (n--)
		*d++ = *s++;
}

static int corun_memeq(const void *a, const void *b, u64 n)
{
	const u8 *x = a, *y = b;

	while (n--)
		if (*x++ != *y++)
			return 0;
	return 1;
}

/* The CCBP mode's reply and DRAM access sizes after boot (fwif.h). */
#define CORUN_IRC_REPLY_BOOT 160u
#define CORUN_IRC_DRAM_BYTES_BOOT 128u

/* The firmware parameter and boot value of each of fw_global.mem[]. */
static const struct {
	u32 param, boot;
} corun_fwg_mem[CORUN_FWG_MEM_NR] = {
	[CORUN_FWG_MIL_HIGH] = { CORUN_FW_P_MIL_HIGH, CORUN_FW_MIL_HIGH_BOOT },
	[CORUN_FWG_MIL_LOW] = { CORUN_FW_P_MIL_LOW, CORUN_FW_MIL_LOW_BOOT },
	[CORUN_FWG_MIL_MIN] = { CORUN_FW_P_MIL_MIN, CORUN_FW_MIL_MIN_BOOT },
	[CORUN_FWG_MIL_MAX] = { CORUN_FW_P_MIL_MAX, CORUN_FW_MIL_MAX_BOOT },
	[CORUN_FWG_MIL_STEP] = { CORUN_FW_P_MIL_STEP, CORUN_FW_MIL_STEP_BOOT },
	[CORUN_FWG_TCM_THRESH] = { CORUN_FW_P_DRAM_TCM_THRESH,
				   CORUN_FW_DRAM_TCM_THRESH_BOOT },
	[CORUN_FWG_TCM_QUANTUM] = { CORUN_FW_P_DRAM_TCM_QUANTUM,
				    CORUN_FW_DRAM_TCM_QUANTUM_BOOT },
	[CORUN_FWG_TCM_SHUFFLE] = { CORUN_FW_P_DRAM_TCM_SHUFFLE,
				    CORUN_FW_DRAM_TCM_SHUFFLE_BOOT },
	[CORUN_FWG_UCP_PERIOD] = { CORUN_FW_P_L1_UCP_PERIOD,
				   CORUN_FW_L1_UCP_PERIOD_BOOT },
	[CORUN_FWG_UCP_MIN_WAYS] = { CORUN_FW_P_L1_UCP_MIN_WAYS,
				     CORUN_FW_L1_UCP_MIN_WAYS_BOOT },
	[CORUN_FWG_UCP_DECAY] = { CORUN_FW_P_L1_UCP_DECAY,
				  CORUN_FW_L1_UCP_DECAY_BOOT },
	[CORUN_FWG_UCP_SAMPLE] = { CORUN_FW_P_L1_UCP_SAMPLE,
				   CORUN_FW_L1_UMON_SAMPLE_BOOT },
};

void corun_policy_fw_defaults(const struct corun_policy_platform *plat,
			      struct corun_policy_fw *fw)
{
	u32 s;

	corun_memset(fw, 0, sizeof(*fw));
	fw->g.irc_enable = 0;
	fw->g.llc_policy = CORUN_LLC_LRU;
	fw->g.llc_prob = CORUN_FW_LLC_PROB_BOOT;
	fw->g.vcp_mode = CORUN_VCP_SHARED;
	fw->g.dram_policy = CORUN_DRAM_FRFCFS;
	fw->g.irc_mode = CORUN_IRC_MODE_SHARES;
	fw->g.irc_units = CORUN_FW_IRC_UNITS_BOOT;
	fw->g.irc_reply = CORUN_IRC_REPLY_BOOT;
	fw->g.irc_dram_bytes = CORUN_IRC_DRAM_BYTES_BOOT;
	fw->g.l1_mode = CORUN_L1_MODE_STATIC;
	for (s = 0; s < CORUN_FWG_MEM_NR; s++)
		fw->g.mem[s] = corun_fwg_mem[s].boot;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct corun_policy_fw_slot *f = &fw->slot[s];

		/* an even split, in case IRC is enabled before any share */
		f->irc_share = plat->num_slots ? CORUN_FW_IRC_SHARE_ONE /
							 plat->num_slots :
						 0;
		f->l1_ways = 0xffffffffu;
		f->llc_ways = 0xffffffffu;
		f->vc = CORUN_FW_VC_CONFIG;
		f->irc_class = CORUN_IRC_CLASS_FREE;
	}
}

/* The decision before any policy: every SM, no limit, normal priority. */
static void corun_out_defaults(struct corun_policy_engine *eng)
{
	const struct corun_policy_platform *p = &eng->in.plat;
	u32 s;

	corun_memset(&eng->out, 0, sizeof(eng->out));
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		corun_policy_mask_range(eng->out.slot[s].sm_mask, 0,
					p->num_sms);
		eng->out.slot[s].fw = eng->fw_static.slot[s];
	}
	eng->out.fw = eng->fw_static.g;
}

void corun_policy_engine_init(struct corun_policy_engine *eng,
			      const struct corun_policy_platform *plat,
			      const struct corun_policy_hw *hw)
{
	corun_memset(eng, 0, sizeof(*eng));
	eng->hw = *hw;
	eng->in.plat = *plat;
	corun_policy_fw_defaults(plat, &eng->fw_static);
	/* the firmware boots with its defaults: nothing to send for them */
	eng->applied_fw = eng->fw_static;
	corun_out_defaults(eng);
}

bool corun_policy_running(const struct corun_policy_engine *eng)
{
	u32 s;

	for (s = 0; s < eng->in.plat.num_slots; s++)
		if (eng->in.slot_in[s].running)
			return true;
	return false;
}

/*
 * A job started or ended: under a policy whose epochs end there, the
 * epoch running ends soon (a short one) and the next ones are whole. One
 * the policy keeps the epoch for changes nothing (a short epoch already
 * asked for still runs, and the whole ones follow it).
 */
static void corun_epoch_interrupt(struct corun_policy_engine *eng)
{
	u32 want = eng->ops &&
		   (eng->ops->flags & CORUN_POLICY_F_EPOCH_RESTART) &&
		   corun_policy_running(eng);

	if (want && eng->out.keep_epoch)
		return;

	eng->epoch_restart = want ? CORUN_EPOCH_SHORT : CORUN_EPOCH_KEEP;
	eng->epoch_short = want;
}

int corun_policy_epoch_check(u64 cycles)
{
	if (cycles < CORUN_POLICY_EPOCH_CYCLES_MIN ||
	    cycles > CORUN_POLICY_EPOCH_CYCLES_MAX)
		return -CORUN_ERANGE;
	return 0;
}

bool corun_policy_epoch_restart(struct corun_policy_engine *eng,
				u32 epoch_cycles, u32 *len)
{
	u32 r = eng->epoch_restart;

	eng->epoch_restart = CORUN_EPOCH_KEEP;
	*len = epoch_cycles;
	if (r == CORUN_EPOCH_SHORT && epoch_cycles > CORUN_EPOCH_LEN_MIN)
		*len = CORUN_EPOCH_LEN_MIN;
	return r != CORUN_EPOCH_KEEP;
}

/* ---- applying a decision ---- */

static u32 corun_fw_slot_value(const struct corun_policy_fw_slot *f, u32 bit)
{
	switch (bit) {
	case CORUN_POLICY_FW_IRC_SHARE:
		return f->irc_share;
	case CORUN_POLICY_FW_IRC_PRIO:
		return f->irc_prio;
	case CORUN_POLICY_FW_L1_WAYS:
		return f->l1_ways;
	case CORUN_POLICY_FW_L1_BYPASS:
		return f->l1_bypass_ctas;
	case CORUN_POLICY_FW_LLC_WAYS:
		return f->llc_ways;
	case CORUN_POLICY_FW_VC:
		return f->vc;
	case CORUN_POLICY_FW_IRC_NOC:
		return f->irc_noc;
	case CORUN_POLICY_FW_IRC_DRAM:
		return f->irc_dram;
	case CORUN_POLICY_FW_IRC_CLASS:
		return f->irc_class;
	default:
		return f->dram_prio;
	}
}

static u32 corun_fw_slot_param(u32 bit)
{
	switch (bit) {
	case CORUN_POLICY_FW_IRC_SHARE:
		return CORUN_FW_P_IRC_SHARE;
	case CORUN_POLICY_FW_IRC_PRIO:
		return CORUN_FW_P_IRC_PRIO;
	case CORUN_POLICY_FW_L1_WAYS:
		return CORUN_FW_P_L1_WAYS;
	case CORUN_POLICY_FW_L1_BYPASS:
		return CORUN_FW_P_L1_BYPASS_CTAS;
	case CORUN_POLICY_FW_LLC_WAYS:
		return CORUN_FW_P_LLC_WAYS;
	case CORUN_POLICY_FW_VC:
		return CORUN_FW_P_VC;
	case CORUN_POLICY_FW_IRC_NOC:
		return CORUN_FW_P_IRC_NOC_UNITS;
	case CORUN_POLICY_FW_IRC_DRAM:
		return CORUN_FW_P_IRC_DRAM_UNITS;
	case CORUN_POLICY_FW_IRC_CLASS:
		return CORUN_FW_P_IRC_CLASS;
	default:
		return CORUN_FW_P_DRAM_PRIO;
	}
}

/* The index into corun_policy_fw_global.mem[] of @bit, or -1. */
static int corun_fwg_mem_index(u32 bit)
{
	int i;

	for (i = 0; i < CORUN_FWG_MEM_NR; i++)
		if (bit == CORUN_POLICY_FWG_MEM(i))
			return i;
	return -1;
}

static u32 corun_fw_global_value(const struct corun_policy_fw_global *g,
				 u32 bit, u32 *param)
{
	int i = corun_fwg_mem_index(bit);

	if (i >= 0) {
		*param = corun_fwg_mem[i].param;
		return g->mem[i];
	}
	switch (bit) {
	case CORUN_POLICY_FWG_IRC_ENABLE:
		*param = CORUN_FW_P_IRC_ENABLE;
		return g->irc_enable;
	case CORUN_POLICY_FWG_LLC_POLICY:
		*param = CORUN_FW_P_LLC_POLICY;
		return g->llc_policy;
	case CORUN_POLICY_FWG_LLC_PROB:
		*param = CORUN_FW_P_LLC_PROB;
		return g->llc_prob;
	case CORUN_POLICY_FWG_VCP_MODE:
		*param = CORUN_FW_P_VCP_MODE;
		return g->vcp_mode;
	case CORUN_POLICY_FWG_IRC_MODE:
		*param = CORUN_FW_P_IRC_MODE;
		return g->irc_mode;
	case CORUN_POLICY_FWG_IRC_UNITS:
		*param = CORUN_FW_P_IRC_UNITS;
		return g->irc_units;
	case CORUN_POLICY_FWG_IRC_NOC_BW:
		*param = CORUN_FW_P_IRC_NOC_BW;
		return g->irc_noc_bw;
	case CORUN_POLICY_FWG_IRC_DRAM_BW:
		*param = CORUN_FW_P_IRC_DRAM_BW;
		return g->irc_dram_bw;
	case CORUN_POLICY_FWG_IRC_REPLY:
		*param = CORUN_FW_P_IRC_REPLY;
		return g->irc_reply;
	case CORUN_POLICY_FWG_IRC_DRAM_BYTES:
		*param = CORUN_FW_P_IRC_DRAM_BYTES;
		return g->irc_dram_bytes;
	case CORUN_POLICY_FWG_L1_MODE:
		*param = CORUN_FW_P_L1_MODE;
		return g->l1_mode;
	default:
		*param = CORUN_FW_P_DRAM_POLICY;
		return g->dram_policy;
	}
}

static void corun_fw_set_slot(struct corun_policy_fw_slot *f, u32 bit, u32 v)
{
	switch (bit) {
	case CORUN_POLICY_FW_IRC_SHARE:
		f->irc_share = v;
		break;
	case CORUN_POLICY_FW_IRC_PRIO:
		f->irc_prio = v;
		break;
	case CORUN_POLICY_FW_L1_WAYS:
		f->l1_ways = v;
		break;
	case CORUN_POLICY_FW_L1_BYPASS:
		f->l1_bypass_ctas = v;
		break;
	case CORUN_POLICY_FW_LLC_WAYS:
		f->llc_ways = v;
		break;
	case CORUN_POLICY_FW_VC:
		f->vc = v;
		break;
	case CORUN_POLICY_FW_IRC_NOC:
		f->irc_noc = v;
		break;
	case CORUN_POLICY_FW_IRC_DRAM:
		f->irc_dram = v;
		break;
	case CORUN_POLICY_FW_IRC_CLASS:
		f->irc_class = v;
		break;
	default:
		f->dram_prio = v;
	}
}

static void corun_fw_set_global(struct corun_policy_fw_global *g, u32 bit,
				u32 v)
{
	int i = corun_fwg_mem_index(bit);

	if (i >= 0) {
		g->mem[i] = v;
		return;
	}
	switch (bit) {
	case CORUN_POLICY_FWG_IRC_ENABLE:
		g->irc_enable = v;
		break;
	case CORUN_POLICY_FWG_LLC_POLICY:
		g->llc_policy = v;
		break;
	case CORUN_POLICY_FWG_LLC_PROB:
		g->llc_prob = v;
		break;
	case CORUN_POLICY_FWG_VCP_MODE:
		g->vcp_mode = v;
		break;
	case CORUN_POLICY_FWG_IRC_MODE:
		g->irc_mode = v;
		break;
	case CORUN_POLICY_FWG_IRC_UNITS:
		g->irc_units = v;
		break;
	case CORUN_POLICY_FWG_IRC_NOC_BW:
		g->irc_noc_bw = v;
		break;
	case CORUN_POLICY_FWG_IRC_DRAM_BW:
		g->irc_dram_bw = v;
		break;
	case CORUN_POLICY_FWG_IRC_REPLY:
		g->irc_reply = v;
		break;
	case CORUN_POLICY_FWG_IRC_DRAM_BYTES:
		g->irc_dram_bytes = v;
		break;
	case CORUN_POLICY_FWG_L1_MODE:
		g->l1_mode = v;
		break;
	default:
		g->dram_policy = v;
	}
}

/*
 * The firmware parameters in force for @out: the policy's where it
 * decides them, the administrator's elsewhere.
 */
static void corun_fw_effective(const struct corun_policy_engine *eng,
			       const struct corun_policy_out *out,
			       struct corun_policy_fw *fw)
{
	u32 s, bit, param, v;

	*fw = eng->fw_static;
	for (bit = 1; bit & CORUN_POLICY_FWG_ALL; bit <<= 1) {
		if (!(out->fw_set & bit))
			continue;
		v = corun_fw_global_value(&out->fw, bit, &param);
		corun_fw_set_global(&fw->g, bit, v);
	}
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++)
		for (bit = 1; bit & CORUN_POLICY_FW_SLOT_ALL; bit <<= 1) {
			if (!(out->slot[s].fw_set & bit))
				continue;
			param = corun_fw_slot_value(&out->slot[s].fw, bit);
			corun_fw_set_slot(&fw->slot[s], bit, param);
		}
}

/* Queue @param = @v to send, and @param = @cur to undo it. */
static void corun_fw_queue(struct corun_policy_engine *eng, u32 *n, u32 param,
			   u32 v, u32 cur)
{
	eng->pairs[*n] = param;
	eng->pairs[*n + 1] = v;
	eng->undo[*n] = param;
	eng->undo[*n + 1] = cur;
	*n += 2;
}

/*
 * Send what differs between @want and what the firmware has. Global
 * parameters go first: a mode decides how the per-slot values act. Return
 * the mask of slots whose firmware parameters changed.
 */
static u32 corun_apply_fw(struct corun_policy_engine *eng,
			  const struct corun_policy_fw *want)
{
	const struct corun_policy_platform *p = &eng->in.plat;
	u32 n = 0, s, bit, param, v, cur, slots = 0;
	int ret;

	for (bit = 1; bit & CORUN_POLICY_FWG_ALL; bit <<= 1) {
		v = corun_fw_global_value(&want->g, bit, &param);
		cur = corun_fw_global_value(&eng->applied_fw.g, bit, &param);
		if (v != cur)
			corun_fw_queue(eng, &n, param, v, cur);
	}
	for (s = 0; s < p->num_slots && s < CORUN_POLICY_MAX_SLOTS; s++)
		for (bit = 1; bit & CORUN_POLICY_FW_SLOT_ALL; bit <<= 1) {
			v = corun_fw_slot_value(&want->slot[s], bit);
			cur = corun_fw_slot_value(&eng->applied_fw.slot[s],
						  bit);
			if (v == cur)
				continue;
			param = CORUN_FW_PARAM_SLOT(corun_fw_slot_param(bit),
						    s);
			corun_fw_queue(eng, &n, param, v, cur);
			slots |= 1u << s;
		}
	if (!n)
		return 0;
	ret = eng->hw.fw_params ?
		      eng->hw.fw_params(eng->hw.ctx, eng->pairs, n / 2) :
		      -CORUN_EOPNOTSUPP;
	if (ret) {
		eng->fw_errors++;
		eng->fw_error = ret;
		/*
		 * A request is applied all or none, but the pairs may have
		 * taken several: put back what the firmware had, so that it
		 * keeps what applied_fw says.
		 */
		if (eng->hw.fw_params &&
		    eng->hw.fw_params(eng->hw.ctx, eng->undo, n / 2))
			eng->fw_lost++;
		return 0;
	}
	eng->applied_fw = *want;
	return slots;
}

static u32 corun_slot_reg_changes(const struct corun_policy_slot_out *a,
				  const struct corun_policy_slot_out *b)
{
	u32 ch = 0;

	if (!corun_memeq(a->sm_mask, b->sm_mask, sizeof(a->sm_mask)))
		ch |= CORUN_POLICY_CH_SM_MASK;
	if (a->cta_quota != b->cta_quota)
		ch |= CORUN_POLICY_CH_CTA_QUOTA;
	if (a->throttle != b->throttle)
		ch |= CORUN_POLICY_CH_THROTTLE;
	if (a->issue_quota != b->issue_quota)
		ch |= CORUN_POLICY_CH_ISSUE_QUOTA;
	if (a->priority != b->priority)
		ch |= CORUN_POLICY_CH_PRIORITY;
	if (a->placement != b->placement)
		ch |= CORUN_POLICY_CH_PLACEMENT;
	if (a->reclaim != b->reclaim)
		ch |= CORUN_POLICY_CH_RECLAIM;
	if (a->est_alone_cycles != b->est_alone_cycles)
		ch |= CORUN_POLICY_CH_EST;
	if (a->irc_credits != b->irc_credits)
		ch |= CORUN_POLICY_CH_CREDITS;
	if (a->np_class != b->np_class || a->np != b->np)
		ch |= CORUN_POLICY_CH_MODEL;
	return ch;
}

static void corun_write_slot(struct corun_policy_engine *eng, u32 s,
			     const struct corun_policy_slot_out *o, u32 ch)
{
	void (*wr)(void *ctx, u32 off, u32 val) = eng->hw.write_reg;
	void *ctx = eng->hw.ctx;
	u32 w;

	if (ch & CORUN_POLICY_CH_SM_MASK)
		for (w = 0; w < CORUN_SM_MASK_WORDS; w++)
			wr(ctx, CORUN_REG_SLOT(s, CORUN_SLOT_SM_MASK0) + 4 * w,
			   o->sm_mask[w]);
	if (ch & CORUN_POLICY_CH_CTA_QUOTA)
		wr(ctx, CORUN_REG_SLOT(s, CORUN_SLOT_CTA_QUOTA), o->cta_quota);
	if (ch & CORUN_POLICY_CH_THROTTLE)
		wr(ctx, CORUN_REG_SLOT(s, CORUN_SLOT_THROTTLE), o->throttle);
	if (ch & CORUN_POLICY_CH_ISSUE_QUOTA)
		wr(ctx, CORUN_REG_SLOT(s, CORUN_SLOT_ISSUE_QUOTA),
		   o->issue_quota);
	if (ch & CORUN_POLICY_CH_PRIORITY)
		wr(ctx, CORUN_REG_SLOT(s, CORUN_SLOT_PRIORITY), o->priority);
	if (ch & CORUN_POLICY_CH_PLACEMENT)
		wr(ctx, CORUN_REG_SLOT(s, CORUN_SLOT_PLACEMENT), o->placement);
	if (ch & CORUN_POLICY_CH_RECLAIM)
		wr(ctx, CORUN_REG_SLOT(s, CORUN_SLOT_RECLAIM), o->reclaim);
}

/*
 * Keep @o within what the registers accept, so a policy's mistake costs
 * its own decision and never a refused write: SMs the device does not
 * have, more CTAs than an SM holds, priorities above 15, unknown
 * placements.
 */
static void corun_out_clamp(const struct corun_policy_platform *p,
			    struct corun_policy_slot_out *o)
{
	u32 i;

	for (i = p->num_sms; i < CORUN_POLICY_MAX_SMS; i++)
		o->sm_mask[i / 32] &= ~(1u << (i % 32));
	if (o->cta_quota > p->sm.ctas)
		o->cta_quota = p->sm.ctas;
	if (o->throttle > p->sm.ctas)
		o->throttle = p->sm.ctas;
	if (o->priority > 15)
		o->priority = 15;
	if (o->placement >= CORUN_PLACE_NR)
		o->placement = CORUN_PLACE_RR;
	if (o->reclaim >= CORUN_RECLAIM_NR || !p->ctxsw)
		o->reclaim = CORUN_RECLAIM_DRAIN;
}

static void corun_out_pin(const struct corun_policy_pin *pin,
			  struct corun_policy_slot_out *o)
{
	if (pin->set & CORUN_POLICY_CH_SM_MASK)
		corun_memcpy(o->sm_mask, pin->v.sm_mask, sizeof(o->sm_mask));
	if (pin->set & CORUN_POLICY_CH_CTA_QUOTA)
		o->cta_quota = pin->v.cta_quota;
	if (pin->set & CORUN_POLICY_CH_THROTTLE)
		o->throttle = pin->v.throttle;
	if (pin->set & CORUN_POLICY_CH_ISSUE_QUOTA)
		o->issue_quota = pin->v.issue_quota;
	if (pin->set & CORUN_POLICY_CH_PRIORITY)
		o->priority = pin->v.priority;
	if (pin->set & CORUN_POLICY_CH_PLACEMENT)
		o->placement = pin->v.placement;
}

static void corun_apply(struct corun_policy_engine *eng,
			struct corun_policy_out *out)
{
	const struct corun_policy_platform *p = &eng->in.plat;
	struct corun_policy_fw *fw = &eng->fw_want;
	struct corun_policy_record rec;
	u32 s, ch, fw_slots, all = !eng->programmed;

	for (s = 0; s < p->num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		corun_out_pin(&eng->pin[s], &out->slot[s]);
		corun_out_clamp(p, &out->slot[s]);
	}
	corun_fw_effective(eng, out, fw);
	fw_slots = corun_apply_fw(eng, fw);

	for (s = 0; s < p->num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct corun_policy_slot_out *o = &out->slot[s];

		/* the record shows the firmware values in force */
		o->fw = eng->applied_fw.slot[s];
		ch = corun_slot_reg_changes(o, &eng->out.slot[s]);
		if (all)
			ch |= CORUN_POLICY_CH_SM_MASK |
			      CORUN_POLICY_CH_CTA_QUOTA |
			      CORUN_POLICY_CH_THROTTLE |
			      CORUN_POLICY_CH_ISSUE_QUOTA |
			      CORUN_POLICY_CH_PRIORITY |
			      CORUN_POLICY_CH_PLACEMENT |
			      (p->ctxsw ? CORUN_POLICY_CH_RECLAIM : 0);
		if (fw_slots & (1u << s))
			ch |= CORUN_POLICY_CH_FW;
		if (!ch)
			continue;
		corun_write_slot(eng, s, o, ch);
		if (!eng->hw.trace)
			continue;
		rec.epoch = eng->in.epoch;
		rec.cycle = eng->hw.cycle ? eng->hw.cycle(eng->hw.ctx) :
					    eng->in.cycle;
		rec.event = eng->in.event;
		rec.slot = s;
		rec.policy = eng->ops ? eng->ops->id : 0;
		rec.running = eng->in.slot_in[s].running;
		rec.changed = ch;
		rec.out = *o;
		rec.cs = eng->in.slot_in[s].cs;
		eng->hw.trace(eng->hw.ctx, &rec);
	}
	out->fw = eng->applied_fw.g;
	eng->out = *out;
	eng->programmed = 1;
}

static void corun_decide(struct corun_policy_engine *eng, u32 event, u32 slot)
{
	if (!eng->ops)
		return;
	eng->in.event = event;
	eng->in.slot = slot;
	eng->in.now = event != CORUN_POLICY_EV_EPOCH && eng->hw.cycle ?
			      eng->hw.cycle(eng->hw.ctx) :
			      eng->in.cycle;
	eng->next = eng->out;
	eng->next.keep_epoch = 0;
	eng->ops->decide(eng->state[eng->active], &eng->in, &eng->next);
	eng->decisions++;
	corun_apply(eng, &eng->next);
}

/* ---- the events ---- */

int corun_policy_select(struct corun_policy_engine *eng,
			const struct corun_policy_ops *ops)
{
	return corun_policy_select_params(eng, ops, 0);
}

int corun_policy_select_params(struct corun_policy_engine *eng,
			       const struct corun_policy_ops *ops,
			       const u32 *params)
{
	u32 next = !eng->active, p;
	int ret;

	if (ops->state_size > sizeof(eng->state[0]) ||
	    ops->nparams > CORUN_POLICY_MAX_PARAMS)
		return -CORUN_EINVAL;
	corun_memset(eng->state[next], 0, sizeof(eng->state[next]));
	ret = ops->init ? ops->init(eng->state[next], &eng->in.plat) : 0;
	if (ret)
		return ret;
	/* @params may be eng->in.params itself (a reselection) */
	for (p = 0; p < CORUN_POLICY_MAX_PARAMS; p++)
		eng->in.params[p] = p >= ops->nparams ? 0 :
				    params	      ? params[p] :
							ops->params[p].def;
	eng->active = next;
	eng->ops = ops;
	eng->decisions = 0;
	/* a new policy starts from the defaults, not its predecessor's */
	corun_out_defaults(eng);
	eng->out.fw = eng->applied_fw.g;
	eng->programmed = 0;
	corun_decide(eng, CORUN_POLICY_EV_INIT, 0);
	return 0;
}

int corun_policy_set_static_fw(struct corun_policy_engine *eng,
			       const struct corun_policy_fw *fw)
{
	u64 errors = eng->fw_errors;

	eng->fw_saved = eng->fw_static;
	eng->fw_static = *fw;
	/* a decision applies them, with records of the slots they change */
	corun_decide(eng, CORUN_POLICY_EV_INIT, 0);
	if (eng->fw_errors != errors) {
		/* refused: the previous settings stay */
		eng->fw_static = eng->fw_saved;
		return eng->fw_error;
	}
	return 0;
}

void corun_policy_job_start(struct corun_policy_engine *eng, u32 slot,
			    const struct corun_job_desc *d, s32 priority)
{
	struct corun_policy_slot_in *si;
	struct corun_policy_job *j;
	u64 threads;

	if (slot >= eng->in.plat.num_slots || slot >= CORUN_POLICY_MAX_SLOTS)
		return;
	si = &eng->in.slot_in[slot];
	j = &si->job;
	corun_memset(j, 0, sizeof(*j));
	si->running = 1;
	j->seqno = d->seqno;
	j->priority = priority;
	j->qos_target = d->qos_target;
	threads = (u64)d->block[0] * d->block[1] * d->block[2];
	j->threads = threads > 0xffffffffu ? 0xffffffffu : (u32)threads;
	j->regs_per_thread = d->regs_per_thread;
	j->shared_bytes = d->shared_bytes;
	j->ctas_total = d->grid[0] * d->grid[1] * d->grid[2];
	j->start_epoch = eng->in.epoch;
	/* the device validated the same computation: it fits */
	corun_cta_footprint(&eng->in.plat.sm, threads, d->regs_per_thread,
			    d->shared_bytes, &j->cta);
	corun_decide(eng, CORUN_POLICY_EV_JOB_START, slot);
	corun_epoch_interrupt(eng);
}

void corun_policy_job_end(struct corun_policy_engine *eng, u32 slot)
{
	if (slot >= eng->in.plat.num_slots || slot >= CORUN_POLICY_MAX_SLOTS)
		return;
	eng->in.slot_in[slot].running = 0;
	/* the policy still sees which job ended, then it is forgotten */
	corun_decide(eng, CORUN_POLICY_EV_JOB_END, slot);
	corun_epoch_interrupt(eng);
	corun_memset(&eng->in.slot_in[slot].job, 0,
		     sizeof(eng->in.slot_in[slot].job));
}

static u64 corun_d(u64 cur, u64 prev, u32 valid)
{
	return valid ? cur - prev : cur;
}

/* Every u64 of @n words: @d = @cur - @prev (or @cur before a previous). */
static void corun_deltas(u64 *d, const u64 *cur, const u64 *prev, u64 n,
			 u32 valid)
{
	u64 i;

	for (i = 0; i < n; i++)
		d[i] = corun_d(cur[i], prev[i], valid);
}

/*
 * The firmware's rf/df monitors of the running slots, for a policy that
 * reads them; a failed read leaves the slot's @fw_mon clear.
 */
static void corun_read_monitors(struct corun_policy_engine *eng)
{
	struct corun_policy_in *in = &eng->in;
	u32 s, want, rf, df, cr;

	want = eng->ops && (eng->ops->flags & CORUN_POLICY_F_FW_MONITORS) &&
	       (in->plat.fw_features & CORUN_FW_FEAT_MONITORS) &&
	       eng->hw.fw_get;
	for (s = 0; s < in->plat.num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		struct corun_policy_slot_in *si = &in->slot_in[s];
		int ret;

		si->fw_mon = 0;
		si->fw_irc = 0;
		if (!want || !si->running)
			continue;
		rf = CORUN_FW_PARAM_SLOT(CORUN_FW_P_RF, s);
		df = CORUN_FW_PARAM_SLOT(CORUN_FW_P_DF, s);
		cr = CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CREDITS, s);
		ret = eng->hw.fw_get(eng->hw.ctx, rf, &si->fw_rf);
		if (!ret)
			ret = eng->hw.fw_get(eng->hw.ctx, df, &si->fw_df);
		/* the credits in force, where the firmware computes them */
		if (!ret && (in->plat.fw_features & CORUN_FW_FEAT_IRC_CCBP)) {
			ret = eng->hw.fw_get(eng->hw.ctx, cr, &si->fw_credits);
			si->fw_irc = !ret;
		}
		if (ret) {
			eng->fw_errors++;
			eng->fw_error = ret;
			continue;
		}
		si->fw_mon = 1;
	}
}

int corun_policy_snapshot(struct corun_policy_engine *eng,
			  const struct corun_snapshot_header *h, u32 size)
{
	const struct corun_policy_platform *p = &eng->in.plat;
	const struct corun_slot_counters *sc;
	const struct corun_sm_counters *smc;
	const struct corun_chan_counters *cc;
	const struct corun_sm_slot_counters *ssc;
	const struct corun_chan_slot_counters *csc;
	const struct corun_slot_job_state *js;
	const struct corun_slot_ctxsw_counters *css;
	const struct corun_slot_interf_counters *ic;
	struct corun_policy_in *in = &eng->in;
	u32 ns = p->num_slots, nsm = p->num_sms, nch = p->num_channels;
	u32 s, m, c, valid = eng->prev.valid;

	if (size < sizeof(*h) || h->magic != CORUN_SNAPSHOT_MAGIC ||
	    h->version != CORUN_SNAPSHOT_VERSION || h->num_slots != ns ||
	    h->num_sms != nsm || h->num_channels != nch ||
	    ns > CORUN_POLICY_MAX_SLOTS || nsm > CORUN_POLICY_MAX_SMS ||
	    nch > CORUN_POLICY_MAX_CHANNELS ||
	    size < corun_snapshot_size(ns, nsm, nch) ||
	    h->size < corun_snapshot_size(ns, nsm, nch))
		return -CORUN_EINVAL;
	sc = (const void *)(h + 1);
	smc = (const void *)(sc + ns);
	cc = (const void *)(smc + nsm);
	ssc = (const void *)(cc + nch);
	csc = (const void *)(ssc + nsm * ns);
	js = (const void *)(csc + nch * ns);
	css = (const void *)(js + ns);
	ic = (const void *)(css + ns);

	for (s = 0; s < ns; s++) {
		corun_deltas((u64 *)&in->slot_in[s].d, (const u64 *)&sc[s],
			     (const u64 *)&eng->prev.slot[s], sizeof(sc[s]) / 8,
			     valid);
		eng->prev.slot[s] = sc[s];
		corun_deltas((u64 *)&in->slot_in[s].cs, (const u64 *)&css[s],
			     (const u64 *)&eng->prev.cs[s], sizeof(css[s]) / 8,
			     valid);
		eng->prev.cs[s] = css[s];
		corun_deltas((u64 *)&in->slot_in[s].interf, (const u64 *)&ic[s],
			     (const u64 *)&eng->prev.interf[s],
			     sizeof(ic[s]) / 8, valid);
		eng->prev.interf[s] = ic[s];
		/* the job the snapshot saw, if it is still the one we know */
		if (in->slot_in[s].running &&
		    js[s].seqno == in->slot_in[s].job.seqno) {
			in->slot_in[s].job.ctas_done = js[s].ctas_done;
			in->slot_in[s].job.ctas_resident = js[s].ctas_resident;
		}
	}
	for (m = 0; m < nsm; m++) {
		corun_deltas((u64 *)&in->sm[m], (const u64 *)&smc[m],
			     (const u64 *)&eng->prev.sm[m], sizeof(smc[m]) / 8,
			     valid);
		eng->prev.sm[m] = smc[m];
		for (s = 0; s < ns; s++) {
			corun_deltas((u64 *)&in->sm_slot[m][s],
				     (const u64 *)&ssc[m * ns + s],
				     (const u64 *)&eng->prev.sm_slot[m][s],
				     sizeof(ssc[0]) / 8, valid);
			eng->prev.sm_slot[m][s] = ssc[m * ns + s];
		}
	}
	for (c = 0; c < nch; c++) {
		corun_deltas((u64 *)&in->chan[c], (const u64 *)&cc[c],
			     (const u64 *)&eng->prev.chan[c], sizeof(cc[c]) / 8,
			     valid);
		eng->prev.chan[c] = cc[c];
		for (s = 0; s < ns; s++) {
			corun_deltas((u64 *)&in->chan_slot[c][s],
				     (const u64 *)&csc[c * ns + s],
				     (const u64 *)&eng->prev.chan_slot[c][s],
				     sizeof(csc[0]) / 8, valid);
			eng->prev.chan_slot[c][s] = csc[c * ns + s];
		}
	}
	eng->prev.valid = 1;
	in->epoch = h->epoch;
	in->cycle = h->cycle;
	in->epoch_cycles = h->epoch_cycles;
	corun_read_monitors(eng);
	corun_decide(eng, CORUN_POLICY_EV_EPOCH, 0);
	/* the short epoch after a start or end ended: whole ones again */
	if (eng->epoch_short) {
		eng->epoch_short = 0;
		eng->epoch_restart = CORUN_EPOCH_FULL;
	}
	return 0;
}
