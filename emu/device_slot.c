// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device: a slot's registers (hw.h's per-slot window) and the
 * clock's side of a slot: ring entries handed to the model, policy
 * registers (placement, quotas, reclaim) pushed to it, PROGRESS and the
 * context-switch SAVED status read back, and a completed job's fence,
 * fault and hold. device.c decodes BAR0 and runs the clock.
 */
#include <string.h>

#include "device_int.h"

#define SLOT_CTRL_ALL (CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET)
#define SLOT_PRIORITY_MAX 15
#define SLOT_FAULT_WORDS (sizeof(struct corun_fault_record) / 4)
#define RING_ALIGN 0x1000u

/* ---- slots (host lock) ---- */

static void slot_set_state(struct emu_dev *dev, unsigned int n)
{
	struct emu_dev_slot *slot = &dev->slots[n];

	if (slot->state == CORUN_SLOT_FAULTED)
		return; /* until CTRL.RESET */
	if (!(slot->ctrl & CORUN_SLOT_CTRL_ENABLE))
		slot->state = CORUN_SLOT_DISABLED;
	else
		slot->state = (dev->jobs[n].count || slot->head != slot->tail) ?
				      CORUN_SLOT_RUNNING :
				      CORUN_SLOT_IDLE;
}

/* Hand the slot's new ring entries to the model. */
static void slot_pull(struct emu_dev *dev, unsigned int n)
{
	struct emu_dev_slot *slot = &dev->slots[n];
	struct emu_dev_fifo *fifo = &dev->jobs[n];
	uint64_t ring = ((uint64_t)slot->ring_hi << 32) | slot->ring_lo;
	struct corun_job_desc desc;
	uint64_t pa;
	const uint8_t *p;

	if (!(slot->ctrl & CORUN_SLOT_CTRL_ENABLE) || slot->ring_size == 0 ||
	    slot->state == CORUN_SLOT_FAULTED)
		return;
	while (slot->head != slot->tail &&
	       fifo->count < CORUN_RING_MAX_ENTRIES) {
		pa = ring + (uint64_t)slot->head * sizeof(desc);
		p = dev->ops.map(dev->ops.ctx, pa, sizeof(desc));
		if (!p) {
			emu_dev_guest_error(dev,
					    CORUN_ERR_DMA | CORUN_ERR_BAD_RING,
					    "slot %u: ring entry %u at 0x%llx is not guest RAM; doorbell dropped",
					    n, slot->head,
					    (unsigned long long)pa);
			slot->tail = slot->head;
			break;
		}
		/* Little-endian layout, read as is: x86 hosts only. */
		memcpy(&desc, p, sizeof(desc));
		if (emu_gpu_submit(dev->gpu, n, &desc))
			break; /* model full: retry after a completion */
		fifo->flags[(fifo->head + fifo->count) %
			    CORUN_RING_MAX_ENTRIES] = (uint8_t)desc.flags;
		fifo->count++;
		slot->head = (slot->head + 1) & (slot->ring_size - 1);
	}
}

static void slot_policy(struct emu_dev *dev, unsigned int n)
{
	struct emu_dev_slot *slot = &dev->slots[n];
	struct emu_slot_policy pol;

	/* Model fields without a BAR0 register keep their reset value. */
	memset(&pol, 0, sizeof(pol));
	memcpy(pol.sm_mask, slot->sm_mask, sizeof(pol.sm_mask));
	pol.cta_quota = slot->cta_quota;
	pol.priority = slot->priority;
	pol.placement = slot->placement;
	pol.throttle = slot->throttle;
	pol.reclaim = slot->reclaim;
	/* The registers were validated: only a model limit gets here. */
	if (emu_gpu_set_slot_policy(dev->gpu, n, &pol) ||
	    emu_gpu_set_slot_issue_quota(dev->gpu, n, slot->issue_quota))
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "slot %u: policy rejected by the model (placement %u)",
				    n, slot->placement);
}

void emu_dev_slot_reset_regs(struct emu_dev *dev, struct emu_dev_slot *slot)
{
	unsigned int i;

	memset(slot, 0, sizeof(*slot));
	slot->state = CORUN_SLOT_DISABLED;
	slot->policy_dirty = true;
	slot->placement = CORUN_PLACE_RR;
	/* Every SM of the device is usable until the driver narrows it. */
	for (i = 0; i < dev->cfg.num_sms; i++)
		slot->sm_mask[i / 32] |= BIT(i % 32);
}

static uint32_t fault_word(const struct corun_fault_record *f,
			   unsigned int word)
{
	switch (word) {
	case 0:
		return f->cause;
	case 1:
		return f->access | ((uint32_t)f->slot << 16);
	case 2:
		return f->sm;
	case 3:
		return f->cta;
	case 4:
		return f->warp;
	case 5:
		return f->lane;
	case 6:
		return f->pc;
	case 7:
		return f->addr;
	case 8:
		return (uint32_t)f->insn_count;
	case 9:
		return (uint32_t)(f->insn_count >> 32);
	default:
		return 0;
	}
}

uint32_t emu_dev_slot_read(struct emu_dev *dev, unsigned int n, uint32_t reg,
			   uint32_t addr)
{
	struct emu_dev_slot *slot = &dev->slots[n];

	if (reg >= CORUN_SLOT_SM_MASK0 &&
	    reg < CORUN_SLOT_SM_MASK0 + 4 * CORUN_SM_MASK_WORDS)
		return slot->sm_mask[(reg - CORUN_SLOT_SM_MASK0) / 4];
	if (reg >= CORUN_SLOT_FAULT &&
	    reg < CORUN_SLOT_FAULT + 4 * SLOT_FAULT_WORDS)
		return fault_word(&slot->fault, (reg - CORUN_SLOT_FAULT) / 4);
	switch (reg) {
	case CORUN_SLOT_RING_LO:
		return slot->ring_lo;
	case CORUN_SLOT_RING_HI:
		return slot->ring_hi;
	case CORUN_SLOT_RING_SIZE:
		return slot->ring_size;
	case CORUN_SLOT_RING_HEAD:
		return slot->head;
	case CORUN_SLOT_DOORBELL:
		return slot->tail;
	case CORUN_SLOT_STATUS:
		return slot->state;
	case CORUN_SLOT_CTRL:
		return slot->ctrl;
	case CORUN_SLOT_PRIORITY:
		return slot->priority;
	case CORUN_SLOT_CTA_QUOTA:
		return slot->cta_quota;
	case CORUN_SLOT_PLACEMENT:
		return slot->placement;
	case CORUN_SLOT_THROTTLE:
		return slot->throttle;
	case CORUN_SLOT_ISSUE_QUOTA:
		return slot->issue_quota;
	case CORUN_SLOT_DONE_LO:
		return (uint32_t)slot->done_seqno;
	case CORUN_SLOT_DONE_HI:
		return (uint32_t)(slot->done_seqno >> 32);
	case CORUN_SLOT_PROGRESS:
		return slot->progress;
	case CORUN_SLOT_RECLAIM:
		return slot->reclaim;
	case CORUN_SLOT_SAVED:
		return slot->saved;
	}
	emu_dev_guest_error(dev, CORUN_ERR_BAD_OFFSET,
			    "read of unknown slot %u register 0x%x", n, addr);
	return 0;
}

/* The ring may only be (re)programmed while the slot is disabled. */
static bool slot_ring_writable(struct emu_dev *dev, unsigned int n,
			       const char *what)
{
	if (dev->slots[n].ctrl & CORUN_SLOT_CTRL_ENABLE) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "slot %u: %s written while the slot is enabled",
				    n, what);
		return false;
	}
	return true;
}

static void slot_doorbell(struct emu_dev *dev, unsigned int n, uint32_t tail)
{
	struct emu_dev_slot *slot = &dev->slots[n];

	if (!(slot->ctrl & CORUN_SLOT_CTRL_ENABLE)) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_RING,
				    "slot %u: doorbell while the slot is disabled",
				    n);
		return;
	}
	if (slot->ring_size == 0) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_RING,
				    "slot %u: doorbell before the ring is configured",
				    n);
		return;
	}
	if (tail >= slot->ring_size) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_RING,
				    "slot %u: doorbell tail %u beyond ring size %u",
				    n, tail, slot->ring_size);
		return;
	}
	if (dev->params.require_fw && dev->fw_status != CORUN_FW_RUNNING) {
		emu_dev_guest_error(dev, CORUN_ERR_NO_FW,
				    "slot %u: doorbell %u while the firmware is not running",
				    n, tail);
		return;
	}
	slot->tail = tail;
	if (slot->state != CORUN_SLOT_FAULTED && tail != slot->head)
		slot->state = CORUN_SLOT_RUNNING;
	emu_dev_kick(dev);
}

/* A policy register was written: the clock pushes it to the model. */
static void slot_policy_changed(struct emu_dev *dev, struct emu_dev_slot *slot)
{
	slot->policy_dirty = true;
	emu_dev_kick(dev);
}

static void slot_write_mask(struct emu_dev *dev, unsigned int n, uint32_t w,
			    uint32_t val)
{
	uint32_t valid = 0;

	if (dev->cfg.num_sms >= 32 * (w + 1))
		valid = UINT32_MAX;
	else if (dev->cfg.num_sms > 32 * w)
		valid = (uint32_t)(BIT_ULL(dev->cfg.num_sms - 32 * w) - 1);
	if (val & ~valid) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "slot %u: SM_MASK%u 0x%08x names SMs beyond the %u present",
				    n, w, val, dev->cfg.num_sms);
		return;
	}
	dev->slots[n].sm_mask[w] = val;
	slot_policy_changed(dev, &dev->slots[n]);
}

static void slot_write_ctrl(struct emu_dev *dev, unsigned int n, uint32_t val)
{
	struct emu_dev_slot *slot = &dev->slots[n];

	if (val & ~SLOT_CTRL_ALL) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "slot %u: CTRL 0x%08x has undefined bits",
				    n, val);
		return;
	}
	if (val & CORUN_SLOT_CTRL_RESET) {
		/*
		 * Kill the slot's jobs in the model (they end with
		 * CORUN_FAULT_RESET, fences written, DONE advancing), drop
		 * the ring entries not yet taken, clear the fault record and
		 * leave FAULTED.
		 */
		slot->head = slot->tail;
		memset(&slot->fault, 0, sizeof(slot->fault));
		slot->reset_pending = true;
		slot->kill_pending = false;
		slot->state = CORUN_SLOT_IDLE;
	}
	slot->ctrl = val & CORUN_SLOT_CTRL_ENABLE;
	slot_set_state(dev, n);
	emu_dev_kick(dev);
}

/* A per-SM CTA count register (CTA_QUOTA, THROTTLE): 0..CTA slots. */
static bool slot_ctas_ok(struct emu_dev *dev, unsigned int n,
			 const char *what, uint32_t val)
{
	if (val <= dev->cfg.sm.cta_slots)
		return true;
	emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
			    "slot %u: %s %u above the %u CTA slots of an SM",
			    n, what, val, dev->cfg.sm.cta_slots);
	return false;
}

void emu_dev_slot_write(struct emu_dev *dev, unsigned int n, uint32_t reg,
			uint32_t addr, uint32_t val)
{
	struct emu_dev_slot *slot = &dev->slots[n];

	if (reg >= CORUN_SLOT_SM_MASK0 &&
	    reg < CORUN_SLOT_SM_MASK0 + 4 * CORUN_SM_MASK_WORDS) {
		slot_write_mask(dev, n, (reg - CORUN_SLOT_SM_MASK0) / 4, val);
		return;
	}
	if ((reg >= CORUN_SLOT_FAULT &&
	     reg < CORUN_SLOT_FAULT + 4 * SLOT_FAULT_WORDS) ||
	    reg == CORUN_SLOT_RING_HEAD || reg == CORUN_SLOT_STATUS ||
	    reg == CORUN_SLOT_DONE_LO || reg == CORUN_SLOT_DONE_HI ||
	    reg == CORUN_SLOT_PROGRESS || reg == CORUN_SLOT_SAVED) {
		emu_dev_guest_error(dev, CORUN_ERR_RO_WRITE,
				    "write 0x%08x to read-only slot %u register 0x%x",
				    val, n, addr);
		return;
	}

	switch (reg) {
	case CORUN_SLOT_RING_LO:
		if (val & (RING_ALIGN - 1)) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "slot %u: RING_LO 0x%08x not 4 KiB aligned",
					    n, val);
			return;
		}
		if (slot_ring_writable(dev, n, "RING_LO")) {
			slot->ring_lo = val;
			slot->head = slot->tail = 0;
		}
		return;
	case CORUN_SLOT_RING_HI:
		if (slot_ring_writable(dev, n, "RING_HI")) {
			slot->ring_hi = val;
			slot->head = slot->tail = 0;
		}
		return;
	case CORUN_SLOT_RING_SIZE:
		if (val == 0 || val > CORUN_RING_MAX_ENTRIES ||
		    (val & (val - 1))) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "slot %u: RING_SIZE %u is not a power of two in 1..%u",
					    n, val, CORUN_RING_MAX_ENTRIES);
			return;
		}
		if (slot_ring_writable(dev, n, "RING_SIZE")) {
			slot->ring_size = val;
			slot->head = slot->tail = 0;
		}
		return;
	case CORUN_SLOT_DOORBELL:
		slot_doorbell(dev, n, val);
		return;
	case CORUN_SLOT_CTRL:
		slot_write_ctrl(dev, n, val);
		return;
	case CORUN_SLOT_PRIORITY:
		if (val > SLOT_PRIORITY_MAX) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "slot %u: PRIORITY %u above %u",
					    n, val, SLOT_PRIORITY_MAX);
			return;
		}
		slot->priority = val;
		slot_policy_changed(dev, slot);
		return;
	case CORUN_SLOT_CTA_QUOTA:
		if (!slot_ctas_ok(dev, n, "CTA_QUOTA", val))
			return;
		slot->cta_quota = val;
		slot_policy_changed(dev, slot);
		return;
	case CORUN_SLOT_PLACEMENT:
		if (val >= CORUN_PLACE_NR ||
		    !(emu_gpu_placement_modes() & BIT(val))) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "slot %u: PLACEMENT %u unknown or not implemented (CAPS)",
					    n, val);
			return;
		}
		slot->placement = val;
		slot_policy_changed(dev, slot);
		return;
	case CORUN_SLOT_THROTTLE:
		if (!slot_ctas_ok(dev, n, "THROTTLE", val))
			return;
		slot->throttle = val;
		slot_policy_changed(dev, slot);
		return;
	case CORUN_SLOT_ISSUE_QUOTA:
		/* any count: a quota above what an SM can issue never binds */
		slot->issue_quota = val;
		slot_policy_changed(dev, slot);
		return;
	case CORUN_SLOT_RECLAIM:
		if (val >= CORUN_RECLAIM_NR) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "slot %u: RECLAIM %u is not a corun_reclaim mode",
					    n, val);
			return;
		}
		slot->reclaim = val;
		slot_policy_changed(dev, slot);
		return;
	}
	emu_dev_guest_error(dev, CORUN_ERR_BAD_OFFSET,
			    "write 0x%08x to unknown slot %u register 0x%x",
			    val, n, addr);
}

/* ---- the clock's side ---- */

/*
 * Before a slice: carry out a pending reset or kill, push changed policy
 * registers to the model and, while the device is enabled, hand it the
 * new ring entries.
 */
/* A reset or kill written since the last slice ends the slot's jobs now. */
void emu_dev_slot_apply_reset(struct emu_dev *dev, unsigned int n)
{
	struct emu_dev_slot *slot = &dev->slots[n];

	if (slot->reset_pending || slot->kill_pending) {
		emu_gpu_reset_slot(dev->gpu, n);
		slot->reset_pending = slot->kill_pending = false;
	}
}

void emu_dev_slot_prepare(struct emu_dev *dev, unsigned int n)
{
	struct emu_dev_slot *slot = &dev->slots[n];

	emu_dev_slot_apply_reset(dev, n);
	if (slot->policy_dirty) {
		slot_policy(dev, n);
		slot->policy_dirty = false;
	}
	if (dev->control & CORUN_CTRL_ENABLE)
		slot_pull(dev, n);
	slot_set_state(dev, n);
}

/* After a slice that ran the model: PROGRESS and SAVED. */
void emu_dev_slot_sync(struct emu_dev *dev, unsigned int n)
{
	struct corun_slot_counters c;

	emu_gpu_slot_counters(dev->gpu, n, &c);
	dev->slots[n].progress = (uint32_t)c.warp_insns;
	dev->slots[n].saved = emu_gpu_slot_saved(dev->gpu, n);
}

void emu_dev_slot_job_done(struct emu_dev *dev, const struct emu_event *ev)
{
	struct emu_dev_slot *slot;
	struct emu_dev_fifo *fifo;
	uint8_t flags = 0;
	unsigned int n = ev->slot;

	if (n >= dev->cfg.num_slots)
		return;
	slot = &dev->slots[n];
	fifo = &dev->jobs[n];
	if (fifo->count) {
		flags = fifo->flags[fifo->head];
		fifo->head = (fifo->head + 1) % CORUN_RING_MAX_ENTRIES;
		fifo->count--;
	}
	slot->done_seqno = ev->seqno;
	/*
	 * A fault stops the slot until CTRL.RESET: its other jobs are killed
	 * (they end with CORUN_FAULT_RESET, fences written) and no more ring
	 * entries are taken. Jobs killed by a reset do not fault the slot.
	 */
	if (ev->fault.cause != CORUN_FAULT_NONE &&
	    ev->fault.cause != CORUN_FAULT_RESET &&
	    slot->state != CORUN_SLOT_FAULTED) {
		slot->fault = ev->fault;
		slot->state = CORUN_SLOT_FAULTED;
		slot->kill_pending = true;
		emu_dev_raise(dev, CORUN_IRQ_FAULT);
	}
	/* Completion hold: the clock stops until HOLD_ACK (hw.h). */
	if ((flags & CORUN_DESC_F_HOLD) && ev->fault.cause == CORUN_FAULT_NONE) {
		dev->status |= CORUN_STATUS_HOLD;
		dev->status &= ~CORUN_STATUS_RUNNING;
	}
	if (flags & CORUN_DESC_F_IRQ)
		emu_dev_raise(dev, CORUN_IRQ_JOB);
	slot_set_state(dev, n);
}
