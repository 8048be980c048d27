// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device: BAR0, epochs and counter snapshots, and the device clock
 * (see device.h). A slot's registers, ring, fences and faults are in
 * device_slot.c; the firmware's side is in device_fw.c.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_int.h"

#define CTRL_ALL (CORUN_CTRL_ENABLE | CORUN_CTRL_RESET | CORUN_CTRL_LOCKSTEP)
#define ERR_ALL 0x3fu
#define FW_CTRL_ALL (CORUN_FW_CTRL_LOAD | CORUN_FW_CTRL_HALT)

/* ---- errors, interrupts, kicks ---- */

/* Latch @err in CORUN_REG_ERROR and report the guest's mistake. */
void emu_dev_guest_error(struct emu_dev *dev, uint32_t err, const char *fmt,
			 ...)
{
	char text[256];
	va_list ap;

	/* err 0: a firmware mistake, reported from the clock without the lock */
	if (err)
		dev->error |= err;
	if (!dev->ops.guest_error)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	dev->ops.guest_error(dev->ops.ctx, text);
}

void emu_dev_raise(struct emu_dev *dev, uint32_t irq)
{
	dev->irq_status |= irq;
	if (dev->ops.irq)
		dev->ops.irq(dev->ops.ctx);
}

void emu_dev_kick(struct emu_dev *dev)
{
	if (dev->ops.kick)
		dev->ops.kick(dev->ops.ctx);
}

uint32_t emu_dev_irq_pending(const struct emu_dev *dev)
{
	return dev->irq_status & dev->irq_mask;
}

/* ---- BAR0 (host lock) ---- */

/* Slot index of a per-slot register address, or -1. */
static int slot_of(const struct emu_dev *dev, uint32_t addr)
{
	uint32_t n;

	if (addr < CORUN_REG_SLOT_BASE)
		return -1;
	n = (addr - CORUN_REG_SLOT_BASE) / CORUN_REG_SLOT_STRIDE;
	return n < dev->cfg.num_slots ? (int)n : -1;
}

static bool in_words(uint32_t addr, uint32_t base, uint32_t words)
{
	return addr >= base && addr < base + 4 * words;
}

/* Identity, capabilities and other read-only globals; -1 if not one. */
static int64_t read_ident(const struct emu_dev *dev, uint32_t addr)
{
	const struct emu_config *c = &dev->cfg;

	switch (addr) {
	case CORUN_REG_ID:
		return CORUN_ID_MAGIC;
	case CORUN_REG_VERSION:
		return (CORUN_HW_VERSION_MAJOR << 16) | CORUN_HW_VERSION_MINOR;
	case CORUN_REG_CAPS:
		return dev->caps;
	case CORUN_REG_NUM_SMS:
		return c->num_sms;
	case CORUN_REG_NUM_SLOTS:
		return c->num_slots;
	case CORUN_REG_WARP_SIZE:
		return c->warp_size;
	case CORUN_REG_CONFIG_ID:
		return dev->config_id;
	case CORUN_REG_SM_CTAS:
		return c->sm.cta_slots;
	case CORUN_REG_SM_THREADS:
		return c->sm.max_threads;
	case CORUN_REG_SM_REGS:
		return c->sm.regs;
	case CORUN_REG_SM_SHARED:
		return c->sm.shared_bytes;
	case CORUN_REG_CLK_SM_MHZ:
		return c->sm_mhz;
	case CORUN_REG_NUM_CHANNELS:
		return c->dram.channels;
	case CORUN_REG_NUM_VCS:
		return c->noc.vcs;
	case CORUN_REG_SNAPSHOT_SIZE:
		return dev->snapshot_size;
	case CORUN_REG_JOB_COUNTERS_SIZE:
		return sizeof(struct corun_job_counters);
	case CORUN_REG_SM_REG_UNIT:
		return c->sm.reg_alloc_unit;
	case CORUN_REG_SM_SHARED_UNIT:
		return c->sm.shared_alloc_unit;
	case CORUN_REG_L1_WAYS:
		return c->l1.ways;
	case CORUN_REG_LLC_WAYS:
		return c->l2.ways;
	case CORUN_REG_L1_LINE:
		return c->l1.line;
	case CORUN_REG_LLC_LINE:
		return c->l2.line;
	case CORUN_REG_FLIT_BYTES:
		return c->noc.flit_bytes;
	case CORUN_REG_NOC_BW:
		return c->calib.noc_sustainable;
	case CORUN_REG_DRAM_BW:
		return c->calib.dram_sustainable;
	case CORUN_REG_ISSUE_PERIOD:
		return c->sm.issue_period;
	case CORUN_REG_DRAM_MHZ:
		return c->dram_mhz;
	case CORUN_REG_SM_ISSUE:
		return c->sm.schedulers * c->sm.issue_width;
	case CORUN_REG_HSM_C1:
		return c->calib.hsm_c1;
	case CORUN_REG_HSM_C2:
		return c->calib.hsm_c2;
	}
	return -1;
}

uint32_t emu_dev_read(struct emu_dev *dev, uint32_t addr)
{
	int64_t v;
	int n;

	n = slot_of(dev, addr);
	if (n >= 0)
		return emu_dev_slot_read(dev, n,
					 (addr - CORUN_REG_SLOT_BASE) %
						 CORUN_REG_SLOT_STRIDE,
					 addr);
	if (in_words(addr, CORUN_REG_MBOX_IN, CORUN_MBOX_WORDS))
		return dev->mbox_in[(addr - CORUN_REG_MBOX_IN) / 4];
	if (in_words(addr, CORUN_REG_MBOX_OUT, CORUN_MBOX_WORDS))
		return dev->mbox_out[(addr - CORUN_REG_MBOX_OUT) / 4];
	v = read_ident(dev, addr);
	if (v >= 0)
		return (uint32_t)v;

	switch (addr) {
	case CORUN_REG_CONTROL:
		return dev->control;
	case CORUN_REG_STATUS:
		return dev->status;
	case CORUN_REG_ERROR:
		return dev->error;
	case CORUN_REG_IRQ_STATUS:
		return dev->irq_status;
	case CORUN_REG_IRQ_MASK:
		return dev->irq_mask;
	case CORUN_REG_CYCLE_LO:
		dev->cycle_hi_latch = (uint32_t)(dev->cycle >> 32);
		return (uint32_t)dev->cycle;
	case CORUN_REG_CYCLE_HI:
		return dev->cycle_hi_latch;
	case CORUN_REG_EPOCH_LEN:
		return dev->epoch_len;
	case CORUN_REG_EPOCH_SEQ:
		return dev->epoch_seq;
	case CORUN_REG_SNAPSHOT_LO:
		return dev->snapshot_lo;
	case CORUN_REG_SNAPSHOT_HI:
		return dev->snapshot_hi;
	case CORUN_REG_FW_ADDR_LO:
		return dev->fw_addr_lo;
	case CORUN_REG_FW_ADDR_HI:
		return dev->fw_addr_hi;
	case CORUN_REG_FW_SIZE:
		return dev->fw_size;
	case CORUN_REG_FW_STATUS:
		return dev->fw_status;
	case CORUN_REG_FW_VERSION:
		return dev->fw_version;
	case CORUN_REG_FW_HEARTBEAT:
		return dev->fw_heartbeat;
	case CORUN_REG_FW_INSNS:
		return dev->fw_insns;
	case CORUN_REG_MBOX_DOORBELL:
		return dev->mbox_doorbell;
	case CORUN_REG_MBOX_DONE:
		return dev->mbox_done;
	case CORUN_REG_BARRIER:
		return dev->barrier_req;
	case CORUN_REG_BARRIER_DONE:
		return dev->barrier_done;
	case CORUN_REG_IRQ_ACK:
	case CORUN_REG_EPOCH_ACK:
	case CORUN_REG_HOLD_ACK:
	case CORUN_REG_FW_CTRL:
		return 0; /* write-only */
	}
	emu_dev_guest_error(dev, CORUN_ERR_BAD_OFFSET,
			    "read of unknown register 0x%x", addr);
	return 0;
}

static bool reg_is_ro(uint32_t addr)
{
	if (addr < CORUN_REG_CONTROL ||
	    (addr >= CORUN_REG_PLATFORM_BASE && addr < CORUN_REG_PLATFORM_END))
		return true; /* identity, capabilities, platform constants */
	if (in_words(addr, CORUN_REG_MBOX_OUT, CORUN_MBOX_WORDS))
		return true;
	switch (addr) {
	case CORUN_REG_STATUS:
	case CORUN_REG_IRQ_STATUS:
	case CORUN_REG_CYCLE_LO:
	case CORUN_REG_CYCLE_HI:
	case CORUN_REG_EPOCH_SEQ:
	case CORUN_REG_FW_STATUS:
	case CORUN_REG_FW_VERSION:
	case CORUN_REG_FW_HEARTBEAT:
	case CORUN_REG_FW_INSNS:
	case CORUN_REG_MBOX_DONE:
	case CORUN_REG_BARRIER_DONE:
		return true;
	}
	return false;
}

/*
 * The barrier (hw.h), with the model stopped: pending slot resets take
 * effect and every job's TLB is emptied. Translations are functional
 * state only, so no cycle count changes.
 */
static void barrier(struct emu_dev *dev)
{
	unsigned int n;

	if (dev->gpu) {
		for (n = 0; n < dev->cfg.num_slots; n++)
			emu_dev_slot_apply_reset(dev, n);
		emu_gpu_flush_tlbs(dev->gpu);
	}
	dev->barrier_done = dev->barrier_req;
}

static void update_running(struct emu_dev *dev)
{
	if ((dev->control & CORUN_CTRL_ENABLE) &&
	    !(dev->status & (CORUN_STATUS_EPOCH_WAIT | CORUN_STATUS_HOLD)))
		dev->status |= CORUN_STATUS_RUNNING;
	else
		dev->status &= ~CORUN_STATUS_RUNNING;
}

static int write_control(struct emu_dev *dev, uint32_t val)
{
	if (val & ~CTRL_ALL) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "CONTROL 0x%08x has undefined bits", val);
		return 0;
	}
	if (val & CORUN_CTRL_RESET)
		return EMU_DEV_WRITE_RESET;
	dev->control = val;
	if (!(val & CORUN_CTRL_LOCKSTEP))
		dev->status &= ~CORUN_STATUS_EPOCH_WAIT;
	update_running(dev);
	emu_dev_kick(dev);
	return 0;
}

static void write_epoch_ack(struct emu_dev *dev, uint32_t val)
{
	if (!(dev->status & CORUN_STATUS_EPOCH_WAIT) || val != dev->epoch_seq) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "EPOCH_ACK %u: device is %s epoch %u", val,
				    (dev->status & CORUN_STATUS_EPOCH_WAIT) ?
					    "waiting for" :
					    "not waiting, last",
				    dev->epoch_seq);
		return;
	}
	dev->status &= ~CORUN_STATUS_EPOCH_WAIT;
	update_running(dev);
	emu_dev_kick(dev);
}

static void write_fw_ctrl(struct emu_dev *dev, uint32_t val)
{
	if ((val & ~FW_CTRL_ALL) || val == FW_CTRL_ALL) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "FW_CTRL 0x%08x: undefined bits or both LOAD and HALT",
				    val);
		return;
	}
	if (val & CORUN_FW_CTRL_LOAD)
		emu_dev_fw_load(dev);
	else if (val & CORUN_FW_CTRL_HALT)
		emu_dev_fw_halt(dev);
}

int emu_dev_write(struct emu_dev *dev, uint32_t addr, uint32_t val)
{
	int n = slot_of(dev, addr);

	if (n >= 0) {
		emu_dev_slot_write(dev, n,
				   (addr - CORUN_REG_SLOT_BASE) %
					   CORUN_REG_SLOT_STRIDE,
				   addr, val);
		return 0;
	}
	if (reg_is_ro(addr)) {
		emu_dev_guest_error(dev, CORUN_ERR_RO_WRITE,
				    "write 0x%08x to read-only register 0x%x",
				    val, addr);
		return 0;
	}
	if (in_words(addr, CORUN_REG_MBOX_IN, CORUN_MBOX_WORDS)) {
		dev->mbox_in[(addr - CORUN_REG_MBOX_IN) / 4] = val;
		return 0;
	}

	switch (addr) {
	case CORUN_REG_CONTROL:
		return write_control(dev, val);
	case CORUN_REG_ERROR:
		dev->error &= ~(val & ERR_ALL);
		return 0;
	case CORUN_REG_IRQ_MASK:
		if (val & ~CORUN_IRQ_ALL) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "IRQ_MASK 0x%08x has undefined bits",
					    val);
			return 0;
		}
		dev->irq_mask = val;
		if (dev->ops.irq)
			dev->ops.irq(dev->ops.ctx);
		return 0;
	case CORUN_REG_IRQ_ACK:
		dev->irq_status &= ~(val & CORUN_IRQ_ALL);
		if (dev->ops.irq)
			dev->ops.irq(dev->ops.ctx);
		return 0;
	case CORUN_REG_EPOCH_LEN:
		if (val != 0 && val < CORUN_EPOCH_LEN_MIN) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "EPOCH_LEN %u: must be 0 or at least %u",
					    val, CORUN_EPOCH_LEN_MIN);
			return 0;
		}
		dev->epoch_len = val;
		dev->epoch_dirty = true;
		emu_dev_kick(dev);
		return 0;
	case CORUN_REG_EPOCH_ACK:
		write_epoch_ack(dev, val);
		return 0;
	case CORUN_REG_HOLD_ACK:
		if (!(dev->status & CORUN_STATUS_HOLD)) {
			emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
					    "HOLD_ACK: the device does not hold");
			return 0;
		}
		dev->status &= ~CORUN_STATUS_HOLD;
		update_running(dev);
		emu_dev_kick(dev);
		return 0;
	case CORUN_REG_SNAPSHOT_LO:
		dev->snapshot_lo = val;
		return 0;
	case CORUN_REG_SNAPSHOT_HI:
		dev->snapshot_hi = val;
		return 0;
	case CORUN_REG_FW_ADDR_LO:
		dev->fw_addr_lo = val;
		return 0;
	case CORUN_REG_FW_ADDR_HI:
		dev->fw_addr_hi = val;
		return 0;
	case CORUN_REG_FW_SIZE:
		dev->fw_size = val;
		return 0;
	case CORUN_REG_FW_CTRL:
		write_fw_ctrl(dev, val);
		return 0;
	case CORUN_REG_MBOX_DOORBELL:
		emu_dev_mbox_doorbell(dev, val);
		return 0;
	case CORUN_REG_BARRIER:
		dev->barrier_req = val;
		/* else at the end of the running slice */
		if (!dev->in_slice)
			barrier(dev);
		return 0;
	}
	emu_dev_guest_error(dev, CORUN_ERR_BAD_OFFSET,
			    "write 0x%08x to unknown register 0x%x", val, addr);
	return 0;
}

/* ---- the clock ---- */

static uint64_t device_cycle(const struct emu_dev *dev)
{
	return emu_gpu_cycle(dev->gpu) + dev->idle_cycles;
}

uint64_t emu_dev_prepare(struct emu_dev *dev)
{
	uint64_t now, wake;
	unsigned int n;
	bool busy = false;

	if (!dev->gpu)
		return 0; /* out of memory at the last reset */
	if (dev->epoch_dirty) {
		emu_gpu_set_epoch(dev->gpu, dev->epoch_len);
		dev->epoch_dirty = false;
	}
	emu_dev_fw_prepare(dev);
	for (n = 0; n < dev->cfg.num_slots; n++) {
		emu_dev_slot_prepare(dev, n);
		busy |= dev->jobs[n].count != 0;
	}
	busy = busy && (dev->control & CORUN_CTRL_ENABLE) &&
	       !(dev->status & (CORUN_STATUS_EPOCH_WAIT | CORUN_STATUS_HOLD));

	now = mcu_cycle(dev->mcu);
	wake = mcu_next_wakeup(dev->mcu);
	/*
	 * Lockstep: the firmware runs between GPU cycles. While the MCU is
	 * awake the GPU waits, so what the firmware writes takes effect at
	 * the cycle that woke it, whatever the host's timing.
	 */
	if ((dev->control & CORUN_CTRL_LOCKSTEP) && wake <= now)
		busy = false;
	dev->slice_busy = busy;
	if (!busy && wake > now)
		return 0; /* no job, MCU off or asleep: the clock stops */
	dev->in_slice = true;
	if (wake <= now)
		return EMU_DEV_MCU_QUANTUM;
	return wake - now < EMU_DEV_CHUNK ? wake - now : EMU_DEV_CHUNK;
}

void emu_dev_advance(struct emu_dev *dev, uint64_t cycles)
{
	uint64_t g0, ran;

	if (dev->slice_busy) {
		g0 = emu_gpu_cycle(dev->gpu);
		emu_gpu_run(dev->gpu, g0 + cycles, &dev->ev);
		mcu_run(dev->mcu, emu_gpu_cycle(dev->gpu) - g0);
		return;
	}
	/* Only while the MCU is awake: stop soon after its WFE. */
	for (ran = 0; ran < cycles &&
		      mcu_next_wakeup(dev->mcu) <= mcu_cycle(dev->mcu);
	     ran += EMU_DEV_MCU_STEP)
		mcu_run(dev->mcu, EMU_DEV_MCU_STEP);
	dev->idle_cycles += ran;
}

/* Write the epoch's counter snapshot to SNAPSHOT_LO/HI, if set. */
static void write_snapshot(struct emu_dev *dev, const struct emu_event *ev)
{
	uint64_t pa = ((uint64_t)dev->snapshot_hi << 32) | dev->snapshot_lo;
	const struct emu_config *c = &dev->cfg;
	struct corun_snapshot_header *h;
	struct emu_sm_slot_counters ssc;
	uint8_t *p;
	unsigned int i, s;

	if (!pa)
		return;
	p = dev->ops.map(dev->ops.ctx, pa, dev->snapshot_size);
	if (!p) {
		emu_dev_guest_error(dev, CORUN_ERR_DMA,
				    "epoch %llu: snapshot buffer 0x%llx+%u is not guest RAM",
				    (unsigned long long)ev->epoch,
				    (unsigned long long)pa, dev->snapshot_size);
		return;
	}
	memset(p, 0, dev->snapshot_size);
	h = (struct corun_snapshot_header *)p;
	h->magic = CORUN_SNAPSHOT_MAGIC;
	h->version = CORUN_SNAPSHOT_VERSION;
	h->size = dev->snapshot_size;
	h->epoch = (uint32_t)ev->epoch;
	h->num_slots = c->num_slots;
	h->num_sms = c->num_sms;
	h->num_channels = c->dram.channels;
	h->cycle = ev->cycle + dev->idle_cycles;
	h->epoch_cycles = dev->epoch_len;
	p += sizeof(*h);
	for (i = 0; i < c->num_slots; i++, p += sizeof(struct corun_slot_counters))
		emu_gpu_slot_counters(dev->gpu, i, (void *)p);
	for (i = 0; i < c->num_sms; i++, p += sizeof(struct corun_sm_counters))
		emu_gpu_sm_counters(dev->gpu, i, (void *)p);
	for (i = 0; i < c->dram.channels;
	     i++, p += sizeof(struct corun_chan_counters))
		emu_gpu_chan_counters(dev->gpu, i, (void *)p);
	for (i = 0; i < c->num_sms; i++) {
		for (s = 0; s < c->num_slots; s++) {
			struct corun_sm_slot_counters *o = (void *)p;

			emu_gpu_sm_slot_counters(dev->gpu, i, s, &ssc);
			o->warp_insns = ssc.warp_insns;
			o->cta_cycles = ssc.cta_cycles;
			p += sizeof(*o);
		}
	}
	for (i = 0; i < c->dram.channels; i++) {
		for (s = 0; s < c->num_slots; s++) {
			struct corun_chan_slot_counters *o = (void *)p;
			struct corun_chan_counters cc;

			emu_gpu_chan_slot_counters(dev->gpu, i, s, &cc);
			o->accesses = cc.accesses;
			o->row_hits = cc.row_hits;
			p += sizeof(*o);
		}
	}
	for (s = 0; s < c->num_slots;
	     s++, p += sizeof(struct corun_slot_job_state))
		emu_gpu_slot_job(dev->gpu, s, (void *)p);
	for (s = 0; s < c->num_slots;
	     s++, p += sizeof(struct corun_slot_ctxsw_counters))
		emu_gpu_slot_ctxsw(dev->gpu, s, (void *)p);
	for (s = 0; s < c->num_slots;
	     s++, p += sizeof(struct corun_slot_interf_counters))
		emu_gpu_slot_interf(dev->gpu, s, (void *)p);
	/* The snapshot is complete before the interrupt announces it. */
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

/* After a slice that ran the model: counters, its event. */
static void complete_model(struct emu_dev *dev)
{
	const struct emu_event *ev = &dev->ev;
	unsigned int n;

	dev->slice_busy = false;
	for (n = 0; n < dev->cfg.num_slots; n++)
		emu_dev_slot_sync(dev, n);
	switch (ev->type) {
	case EMU_EV_JOB_DONE:
		emu_dev_slot_job_done(dev, ev);
		break;
	case EMU_EV_EPOCH:
		dev->epoch_seq = (uint32_t)ev->epoch;
		dev->mcu_epoch_seq = dev->epoch_seq;
		mcu_raise_event(dev->mcu, CORUN_MCU_EV_EPOCH);
		write_snapshot(dev, ev);
		if (dev->control & CORUN_CTRL_LOCKSTEP) {
			dev->status |= CORUN_STATUS_EPOCH_WAIT;
			dev->status &= ~CORUN_STATUS_RUNNING;
		}
		emu_dev_raise(dev, CORUN_IRQ_EPOCH);
		break;
	default:
		break;
	}
}

void emu_dev_complete(struct emu_dev *dev)
{
	emu_dev_fw_complete(dev);
	dev->cycle = device_cycle(dev);
	if (dev->slice_busy)
		complete_model(dev);
	dev->in_slice = false;
	/* asked for while the slice ran: served before the next one */
	if (dev->barrier_done != dev->barrier_req)
		barrier(dev);
}

bool emu_dev_step(struct emu_dev *dev, uint64_t max_gpu_cycle)
{
	uint64_t q, g;

	q = emu_dev_prepare(dev);
	if (!q)
		return false;
	if (dev->slice_busy) {
		g = emu_gpu_cycle(dev->gpu);
		if (g >= max_gpu_cycle) {
			/* Only what ended at this cycle, e.g. killed jobs. */
			emu_dev_advance(dev, 0);
			emu_dev_complete(dev);
			return dev->ev.type == EMU_EV_JOB_DONE ||
			       dev->ev.type == EMU_EV_EPOCH;
		}
		if (q > max_gpu_cycle - g)
			q = max_gpu_cycle - g;
	}
	emu_dev_advance(dev, q);
	emu_dev_complete(dev);
	return true;
}

uint32_t emu_dev_run(struct emu_dev *dev, uint64_t max_gpu_cycle)
{
	while (!emu_dev_irq_pending(dev) && emu_dev_step(dev, max_gpu_cycle))
		;
	return emu_dev_irq_pending(dev);
}

/* ---- create, reset, accessors ---- */

static void reset_regs(struct emu_dev *dev)
{
	unsigned int i;

	dev->control = dev->params.lockstep ? CORUN_CTRL_LOCKSTEP : 0;
	dev->status = 0;
	dev->error = 0;
	dev->irq_status = 0;
	dev->irq_mask = 0;
	dev->cycle = 0;
	dev->cycle_hi_latch = 0;
	dev->epoch_len = dev->cfg.epoch_cycles < UINT32_MAX ?
				 (uint32_t)dev->cfg.epoch_cycles :
				 UINT32_MAX;
	dev->epoch_dirty = true;
	dev->epoch_seq = 0;
	dev->snapshot_lo = 0;
	dev->snapshot_hi = 0;
	dev->barrier_req = 0;
	dev->barrier_done = 0;
	emu_dev_fw_reset_regs(dev);
	for (i = 0; i < CORUN_MAX_SLOTS; i++)
		emu_dev_slot_reset_regs(dev, &dev->slots[i]);
}

static void free_model(struct emu_dev *dev)
{
	emu_gpu_destroy(dev->gpu);
	dev->gpu = NULL;
	emu_dev_fw_free(dev);
}

int emu_dev_reset(struct emu_dev *dev)
{
	struct emu_phys_ops phys = { .ctx = dev->ops.ctx, .map = dev->ops.map };

	/* The model has no reset of its own: build it again. */
	free_model(dev);
	reset_regs(dev);
	memset(dev->jobs, 0, sizeof(dev->jobs));
	dev->idle_cycles = 0;
	dev->slice_busy = false;
	dev->in_slice = false;
	dev->gpu = emu_gpu_create(&dev->cfg, &phys);
	if (!dev->gpu || emu_dev_fw_create(dev)) {
		free_model(dev);
		return -ENOMEM;
	}
	/* validated with the configuration: cannot fail */
	emu_gpu_set_issue_period(dev->gpu, dev->cfg.sm.issue_period);
	return 0;
}

struct emu_dev *emu_dev_create(const struct emu_config *cfg,
			       const struct emu_dev_ops *ops,
			       const struct emu_dev_params *params, char *err,
			       size_t errlen)
{
	struct emu_dev *dev;
	char msg[256];

	if (!ops || !ops->map) {
		snprintf(err, err ? errlen : 0, "no guest memory access");
		return NULL;
	}
	if (emu_config_validate(cfg, msg, sizeof(msg))) {
		snprintf(err, err ? errlen : 0, "invalid configuration: %s",
			 msg);
		return NULL;
	}
	/* The register file is sized by hw.h's limits: never trust beyond. */
	if (cfg->num_sms < 1 || cfg->num_sms > CORUN_MAX_SMS ||
	    cfg->num_slots < CORUN_MIN_SLOTS ||
	    cfg->num_slots > CORUN_MAX_SLOTS ||
	    cfg->dram.channels > CORUN_MAX_DRAM_CHANNELS) {
		snprintf(err, err ? errlen : 0,
			 "configuration exceeds the v1 hardware limits (sms %u, slots %u, channels %u)",
			 cfg->num_sms, cfg->num_slots, cfg->dram.channels);
		return NULL;
	}
	dev = calloc(1, sizeof(*dev));
	if (!dev)
		goto nomem;
	dev->cfg = *cfg;
	dev->ops = *ops;
	if (params)
		dev->params = *params;
	dev->config_id = emu_config_id(cfg);
	dev->snapshot_size = corun_snapshot_size(cfg->num_slots, cfg->num_sms,
						 cfg->dram.channels);
	/*
	 * Lockstep epochs, the firmware microcontroller and the model's
	 * placement modes are implemented; the host adds what it has.
	 */
	dev->caps = CORUN_CAP_LOCKSTEP | CORUN_CAP_FIRMWARE | CORUN_CAP_CTXSW |
		    (emu_gpu_placement_modes() << CORUN_CAP_PLACEMENT_SHIFT) |
		    dev->params.caps;
	if (emu_dev_reset(dev)) {
		emu_dev_destroy(dev);
		goto nomem;
	}
	return dev;
nomem:
	snprintf(err, err ? errlen : 0, "out of memory for the device model");
	return NULL;
}

void emu_dev_destroy(struct emu_dev *dev)
{
	if (!dev)
		return;
	free_model(dev);
	free(dev);
}

struct emu_gpu *emu_dev_gpu(struct emu_dev *dev)
{
	return dev->gpu;
}

struct mcu *emu_dev_mcu(struct emu_dev *dev)
{
	return dev->mcu;
}

const struct emu_config *emu_dev_config(const struct emu_dev *dev)
{
	return &dev->cfg;
}

uint32_t emu_dev_config_id(const struct emu_dev *dev)
{
	return dev->config_id;
}

uint64_t emu_dev_cycle(const struct emu_dev *dev)
{
	return dev->gpu ? device_cycle(dev) : 0;
}
