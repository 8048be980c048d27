// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device: the microcontroller's control-register window (fwif.h),
 * the device side of every register the firmware reaches that is not
 * the MCU's own (emu/mcu.h keeps ID, cycle, timer, events, READY and the
 * mailbox words).
 *
 * The firmware image comes from the guest, so every value it writes is
 * validated like a guest's: a refused write changes nothing and is
 * reported as a guest error. Accepted values are kept here (the firmware
 * reads them back) and programmed into the model at once:
 *
 *	IRC_WINDOW                 emu_gpu_set_irc_window()
 *	S_IRC_CREDITS, S_IRC_PRIO  emu_gpu_set_irc()
 *	S_L1_WAYS                  emu_gpu_set_l1_ways()
 *	S_L1_BYPASS_CTAS           emu_gpu_set_l1_bypass_ctas()
 *	S_VC                       emu_gpu_set_slot_vc()
 *	LLC_VICTIM, LLC_PROB,      emu_gpu_set_llc_policy(), one policy built
 *	S_LLC_WAYS                 from all three
 *	DRAM_POLICY, S_DRAM_PRIO   emu_gpu_set_slot_dram_prio(): the slot's
 *	                           priority under SLOT_PRIO, else 0
 *	S_MIL_CAP                  emu_gpu_set_slot_mil_cap()
 *	L1_UMON_CTRL, L1_UMON_DECAY emu_gpu_l1_umon_enable(), _decay(),
 *	L1_UMON_SAMPLE             _set_sample();
 *	                           L1_UMON_LO reads emu_gpu_l1_umon_read()
 *
 * Runs on the clock (inside mcu_run()), never under the host's lock.
 */
#include <string.h>

#include "device_int.h"
#include "dram.h"
#include "l1_umon.h"
#include "mem.h"

_Static_assert(CORUN_FW_L1_BYPASS_CTAS_ALL >= EMU_MAX_SM_CTAS,
	       "the window's 'all CTAs' exceeds any SM's CTA slots");
_Static_assert(CORUN_FW_VC_CONFIG == EMU_NOC_VC_MAPPED,
	       "the window's 'configured VC' is the model's");
_Static_assert(CORUN_FW_DRAM_PRIO_MAX == EMU_DRAM_PRIO_MAX,
	       "DRAM priorities of the window and the model");
_Static_assert(CORUN_FW_LLC_PROB_ONE == 1024, "LLC_PROB is in 1/1024");
_Static_assert(CORUN_FW_MIL_CAP_MAX == EMU_MIL_CAP_MAX &&
		       CORUN_FW_MIL_CAP_NONE == 0,
	       "MIL caps of the window and the model");
_Static_assert(CORUN_MCU_L1_UMON_ACCESSES == EMU_L1_UMON_ACCESSES,
	       "the window's UMON access counter is the model's");
_Static_assert(CORUN_FW_L1_UMON_SAMPLE_MAX == EMU_L1_UMON_SAMPLE_MAX &&
		       CORUN_FW_L1_UMON_SAMPLE_BOOT == EMU_L1_UMON_SAMPLE,
	       "the window's UMON sampling ratios are the model's");
_Static_assert(sizeof(struct corun_slot_counters) % 8 == 0,
	       "slot counters are u64s");

#define CTR_WORDS (sizeof(struct corun_slot_counters) / 8)

/* Way masks the window takes: bits of ways the cache has, 32 at most. */
static uint32_t ways32(uint32_t ways)
{
	return ways >= 32 ? UINT32_MAX : (uint32_t)(BIT(ways) - 1);
}

static void bad_write(struct emu_dev *dev, uint32_t off, uint32_t val)
{
	emu_dev_guest_error(dev, 0,
			    "firmware wrote invalid value 0x%08x to window register 0x%04x; ignored",
			    val, off);
}

/* A slot's fill mask for the model: 0 is every way. */
static uint64_t llc_fill_mask(const struct emu_dev *dev, uint32_t val)
{
	uint32_t ways = dev->cfg.l2.ways;
	uint64_t all = ways >= 64 ? UINT64_MAX : (1ull << ways) - 1;

	if (val == UINT32_MAX || (val & all) == all)
		return 0;
	return val & all;
}

/* What the window says of the LLC: victim policy, probability, ways. */
struct llc_window {
	uint32_t victim;
	uint32_t prob;
	uint32_t ways[CORUN_MAX_SLOTS];
};

static void llc_window_get(const struct emu_dev *dev, struct llc_window *w)
{
	unsigned int n;

	w->victim = dev->mcu_llc_victim;
	w->prob = dev->mcu_llc_prob;
	for (n = 0; n < CORUN_MAX_SLOTS; n++)
		w->ways[n] = dev->mcu_slots[n].llc_ways;
}

/*
 * Program the LLC policy @w describes and keep it in the window. Return
 * false, with nothing changed, if the model refuses it.
 */
static bool llc_window_set(struct emu_dev *dev, const struct llc_window *w)
{
	struct emu_llc_policy p;
	unsigned int n;

	memset(&p, 0, sizeof(p));
	switch (w->victim) {
	case CORUN_LLC_VICTIM_PROB:
		/* The paper's Algorithm 1: GPU fills spare the CPU's lines. */
		p.mode = EMU_LLC_PROTECT;
		p.protect_cls = BIT(EMU_CLS_CPU);
		p.evict_permille = EMU_LLC_PERMILLE -
				   (w->prob * EMU_LLC_PERMILLE + 512) / 1024;
		break;
	case CORUN_LLC_VICTIM_WAYPART:
		p.mode = EMU_LLC_WAYPART;
		for (n = 0; n < dev->cfg.num_slots; n++)
			p.slot_ways[n] = llc_fill_mask(dev, w->ways[n]);
		break;
	default:
		p.mode = EMU_LLC_LRU;
		break;
	}
	if (emu_gpu_set_llc_policy(dev->gpu, &p))
		return false;
	dev->mcu_llc_victim = w->victim;
	dev->mcu_llc_prob = w->prob;
	for (n = 0; n < CORUN_MAX_SLOTS; n++)
		dev->mcu_slots[n].llc_ways = w->ways[n];
	return true;
}

/* The priority the model gives a slot's DRAM requests. */
static void dram_program(struct emu_dev *dev, unsigned int n)
{
	uint32_t prio = dev->mcu_dram_policy == CORUN_DRAM_SLOT_PRIO ?
				dev->mcu_slots[n].dram_prio :
				0;

	/* Both validated: only a model bug gets here. */
	if (emu_gpu_set_slot_dram_prio(dev->gpu, n, prio))
		emu_dev_guest_error(dev, 0,
				    "slot %u: DRAM priority %u refused by the model",
				    n, prio);
}

/* ---- reads ---- */

static uint32_t slot_read(struct emu_dev *dev, uint32_t n, uint32_t reg)
{
	struct emu_dev_mcu_slot *ms = &dev->mcu_slots[n];
	struct corun_slot_counters c;
	uint64_t v;

	switch (reg) {
	case CORUN_MCU_S_IRC_CREDITS:
		return ms->irc_credits;
	case CORUN_MCU_S_IRC_PRIO:
		return ms->irc_prio;
	case CORUN_MCU_S_L1_WAYS:
		return ms->l1_ways;
	case CORUN_MCU_S_VC:
		return ms->vc;
	case CORUN_MCU_S_L1_BYPASS_CTAS:
		return ms->l1_bypass_ctas;
	case CORUN_MCU_S_DRAM_PRIO:
		return ms->dram_prio;
	case CORUN_MCU_S_LLC_WAYS:
		return ms->llc_ways;
	case CORUN_MCU_S_CTR_SEL:
		return ms->ctr_sel;
	case CORUN_MCU_S_MIL_CAP:
		return ms->mil_cap;
	case CORUN_MCU_S_CTR_HI:
		return ms->ctr_hi;
	case CORUN_MCU_S_REQUESTS:
	case CORUN_MCU_S_READS:
	case CORUN_MCU_S_DRAM:
	case CORUN_MCU_S_INSNS:
	case CORUN_MCU_S_CTR_LO:
		break;
	default:
		return 0; /* reserved */
	}
	emu_gpu_slot_counters(dev->gpu, n, &c);
	switch (reg) {
	case CORUN_MCU_S_REQUESTS:
		return (uint32_t)c.requests;
	case CORUN_MCU_S_READS:
		return (uint32_t)c.read_requests;
	case CORUN_MCU_S_DRAM:
		return (uint32_t)c.dram_accesses;
	case CORUN_MCU_S_INSNS:
		return (uint32_t)c.warp_insns;
	}
	/* CTR_LO: the selected counter; its high half waits in CTR_HI. */
	v = 0;
	if (ms->ctr_sel < CTR_WORDS)
		memcpy(&v, (const uint8_t *)&c + 8 * ms->ctr_sel, sizeof(v));
	ms->ctr_hi = (uint32_t)(v >> 32);
	return (uint32_t)v;
}

/* UMON_LO: the selected counter; its high half waits in UMON_HI. */
static uint32_t umon_read(struct emu_dev *dev)
{
	uint64_t v = emu_gpu_l1_umon_read(dev->gpu, dev->mcu_umon_sel >> 8,
					  dev->mcu_umon_sel & 0xff);

	dev->mcu_umon_hi = (uint32_t)(v >> 32);
	return (uint32_t)v;
}

uint32_t emu_dev_window_read(void *ctx, uint32_t off)
{
	struct emu_dev *dev = ctx;
	uint32_t n;

	switch (off) {
	case CORUN_MCU_NUM_SLOTS:
		return dev->cfg.num_slots;
	case CORUN_MCU_NUM_SMS:
		return dev->cfg.num_sms;
	case CORUN_MCU_IRC_WINDOW:
		return dev->mcu_irc_window;
	case CORUN_MCU_EPOCH_SEQ:
		return dev->mcu_epoch_seq;
	case CORUN_MCU_LLC_VICTIM:
		return dev->mcu_llc_victim;
	case CORUN_MCU_LLC_PROB:
		return dev->mcu_llc_prob;
	case CORUN_MCU_DRAM_POLICY:
		return dev->mcu_dram_policy;
	case CORUN_MCU_NUM_VCS:
		return dev->cfg.noc.vcs;
	case CORUN_MCU_L1_WAYS:
		return dev->cfg.l1.ways;
	case CORUN_MCU_LLC_WAYS:
		return dev->cfg.l2.ways;
	case CORUN_MCU_L1_UMON_CTRL:
		return dev->mcu_umon_ctrl;
	case CORUN_MCU_L1_UMON_SAMPLE:
		return dev->mcu_umon_sample;
	case CORUN_MCU_L1_UMON_SEL:
		return dev->mcu_umon_sel;
	case CORUN_MCU_L1_UMON_LO:
		return umon_read(dev);
	case CORUN_MCU_L1_UMON_HI:
		return dev->mcu_umon_hi;
	}
	if (off < CORUN_MCU_SLOT_BASE)
		return 0;
	n = (off - CORUN_MCU_SLOT_BASE) / CORUN_MCU_SLOT_STRIDE;
	if (n >= dev->cfg.num_slots)
		return 0;
	return slot_read(dev, n,
			 (off - CORUN_MCU_SLOT_BASE) % CORUN_MCU_SLOT_STRIDE);
}

/* ---- writes ---- */

/* Return false if @reg is not a writable slot register. */
static bool slot_write(struct emu_dev *dev, uint32_t n, uint32_t reg,
		       uint32_t off, uint32_t val)
{
	struct emu_dev_mcu_slot *ms = &dev->mcu_slots[n];
	struct llc_window llc;

	switch (reg) {
	case CORUN_MCU_S_IRC_CREDITS:
		ms->irc_credits = val;
		emu_gpu_set_irc(dev->gpu, n, ms->irc_credits, ms->irc_prio);
		return true;
	case CORUN_MCU_S_IRC_PRIO:
		if (val > CORUN_FW_IRC_PRIO_MAX)
			break;
		ms->irc_prio = val;
		emu_gpu_set_irc(dev->gpu, n, ms->irc_credits, ms->irc_prio);
		return true;
	case CORUN_MCU_S_L1_WAYS:
		/* Bits beyond the L1's ways are ignored; some way must remain. */
		if (!(val & ways32(dev->cfg.l1.ways)))
			break;
		ms->l1_ways = val;
		emu_gpu_set_l1_ways(dev->gpu, n, val);
		return true;
	case CORUN_MCU_S_VC:
		if ((val >= dev->cfg.noc.vcs && val != CORUN_FW_VC_CONFIG) ||
		    emu_gpu_set_slot_vc(dev->gpu, n, val))
			break;
		ms->vc = val;
		return true;
	case CORUN_MCU_S_L1_BYPASS_CTAS:
		if (val > CORUN_FW_L1_BYPASS_CTAS_ALL)
			break;
		/* ALL exceeds EMU_MAX_SM_CTAS, so every CTA bypasses. */
		ms->l1_bypass_ctas = val;
		emu_gpu_set_l1_bypass_ctas(dev->gpu, n, val);
		return true;
	case CORUN_MCU_S_DRAM_PRIO:
		if (val > CORUN_FW_DRAM_PRIO_MAX)
			break;
		ms->dram_prio = val;
		dram_program(dev, n);
		return true;
	case CORUN_MCU_S_LLC_WAYS:
		if (!(val & ways32(dev->cfg.l2.ways)))
			break;
		llc_window_get(dev, &llc);
		llc.ways[n] = val;
		if (!llc_window_set(dev, &llc))
			break;
		return true;
	case CORUN_MCU_S_CTR_SEL:
		ms->ctr_sel = val; /* beyond the counters reads 0 */
		return true;
	case CORUN_MCU_S_MIL_CAP:
		if (val > CORUN_FW_MIL_CAP_MAX ||
		    emu_gpu_set_slot_mil_cap(dev->gpu, n, val))
			break;
		ms->mil_cap = val;
		return true;
	default:
		return false;
	}
	bad_write(dev, off, val);
	return true;
}

static bool global_write(struct emu_dev *dev, uint32_t off, uint32_t val)
{
	struct llc_window llc;
	unsigned int n;

	switch (off) {
	case CORUN_MCU_IRC_WINDOW:
		if (val < CORUN_FW_IRC_WINDOW_MIN ||
		    val > CORUN_FW_IRC_WINDOW_MAX ||
		    emu_gpu_set_irc_window(dev->gpu, val))
			break;
		dev->mcu_irc_window = val;
		return true;
	case CORUN_MCU_LLC_VICTIM:
		if (val >= CORUN_LLC_VICTIM_NR)
			break;
		llc_window_get(dev, &llc);
		llc.victim = val;
		if (!llc_window_set(dev, &llc))
			break;
		return true;
	case CORUN_MCU_LLC_PROB:
		if (val > CORUN_FW_LLC_PROB_ONE)
			break;
		llc_window_get(dev, &llc);
		llc.prob = val;
		if (!llc_window_set(dev, &llc))
			break;
		return true;
	case CORUN_MCU_DRAM_POLICY:
		/* the hardware's modes; BW-App is the firmware's */
		if (val > CORUN_DRAM_SLOT_PRIO)
			break;
		dev->mcu_dram_policy = val;
		for (n = 0; n < dev->cfg.num_slots; n++)
			dram_program(dev, n);
		return true;
	case CORUN_MCU_L1_UMON_CTRL:
		if (val > 1)
			break;
		dev->mcu_umon_ctrl = val;
		emu_gpu_l1_umon_enable(dev->gpu, val);
		return true;
	case CORUN_MCU_L1_UMON_SEL:
		dev->mcu_umon_sel = val; /* a bad slot or index reads 0 */
		return true;
	case CORUN_MCU_L1_UMON_SAMPLE:
		if (emu_gpu_l1_umon_set_sample(dev->gpu, val))
			break;
		dev->mcu_umon_sample = val;
		return true;
	case CORUN_MCU_L1_UMON_DECAY:
		emu_gpu_l1_umon_decay(dev->gpu, val); /* an action: reads 0 */
		return true;
	default:
		return false;
	}
	bad_write(dev, off, val);
	return true;
}

void emu_dev_window_write(void *ctx, uint32_t off, uint32_t val)
{
	struct emu_dev *dev = ctx;
	uint32_t n = (off - CORUN_MCU_SLOT_BASE) / CORUN_MCU_SLOT_STRIDE;
	uint32_t reg = (off - CORUN_MCU_SLOT_BASE) % CORUN_MCU_SLOT_STRIDE;

	if (off < CORUN_MCU_SLOT_BASE) {
		if (global_write(dev, off, val))
			return;
	} else if (n < dev->cfg.num_slots &&
		   slot_write(dev, n, reg, off, val)) {
		return;
	}
	emu_dev_guest_error(dev, 0,
			    "firmware wrote 0x%08x to read-only or reserved window register 0x%04x",
			    val, off);
}

void emu_dev_window_reset(struct emu_dev *dev)
{
	unsigned int n;

	dev->mcu_irc_window = dev->cfg.l1.irc_window;
	dev->mcu_epoch_seq = 0;
	dev->mcu_llc_victim = CORUN_LLC_VICTIM_LRU;
	dev->mcu_llc_prob = 0;
	dev->mcu_dram_policy = CORUN_DRAM_FRFCFS;
	dev->mcu_umon_ctrl = 0;
	dev->mcu_umon_sample = EMU_L1_UMON_SAMPLE;
	dev->mcu_umon_sel = 0;
	dev->mcu_umon_hi = 0;
	for (n = 0; n < CORUN_MAX_SLOTS; n++) {
		dev->mcu_slots[n] = (struct emu_dev_mcu_slot){
			.irc_credits = CORUN_FW_IRC_CREDITS_UNLIMITED,
			.l1_ways = UINT32_MAX,
			.vc = CORUN_FW_VC_CONFIG,
			.llc_ways = UINT32_MAX,
		};
	}
}
