/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device: state shared by device.c (BAR0, epochs, the clock),
 * device_slot.c (a slot's registers, ring and completions) and
 * device_fw.c (firmware upload, mailbox, the MCU's control-register
 * window). Not for users of the device: see device.h.
 */
#ifndef _EMU_DEVICE_INT_H_
#define _EMU_DEVICE_INT_H_

#include <corun/fwif.h>

#include "device.h"
#include "gpu.h"
#include "mcu.h"

/*
 * What the firmware wrote to a slot's window registers (device_window.c),
 * and the high half of the counter CTR_LO last read. Clock-private.
 */
struct emu_dev_mcu_slot {
	uint32_t irc_credits;
	uint32_t irc_prio;
	uint32_t l1_ways;
	uint32_t vc;
	uint32_t l1_bypass_ctas;
	uint32_t dram_prio;
	uint32_t llc_ways;
	uint32_t ctr_sel;
	uint32_t ctr_hi;
	uint32_t mil_cap;
};

/* A slot's registers and the requests they make of the clock. */
struct emu_dev_slot {
	uint32_t ring_lo;
	uint32_t ring_hi;
	uint32_t ring_size; /* entries; 0 = not configured */
	uint32_t head;
	uint32_t tail; /* last value written to DOORBELL */
	uint32_t ctrl; /* CORUN_SLOT_CTRL_ENABLE only */
	uint32_t state; /* enum corun_slot_state */
	uint32_t priority;
	uint32_t sm_mask[CORUN_SM_MASK_WORDS];
	uint32_t cta_quota;
	uint32_t placement;
	uint32_t throttle;
	uint32_t issue_quota;
	uint32_t reclaim; /* enum corun_reclaim */
	uint64_t done_seqno;
	uint32_t progress;
	uint32_t saved; /* CORUN_SLOT_SAVED, as of the last slice */
	struct corun_fault_record fault;
	bool policy_dirty; /* push the policy to the model */
	bool reset_pending; /* emu_gpu_reset_slot() */
	bool kill_pending; /* a job faulted: kill the slot's rest */
};

/*
 * Flags of the jobs a slot has handed to the model, in submission order
 * (the model completes a slot's jobs in FIFO order). Clock-private.
 */
struct emu_dev_fifo {
	uint8_t flags[CORUN_RING_MAX_ENTRIES];
	uint32_t head;
	uint32_t count;
};

/* Pending firmware command for the clock (FW_CTRL). */
enum emu_dev_fw_cmd {
	EMU_DEV_FW_NONE,
	EMU_DEV_FW_LOAD, /* boot @fw_image, or just stop if NULL */
	EMU_DEV_FW_HALT,
};

struct emu_dev {
	struct emu_config cfg;
	struct emu_dev_ops ops;
	struct emu_dev_params params;
	uint32_t config_id;
	uint32_t caps;
	uint32_t snapshot_size;

	/* Global registers (host lock). */
	uint32_t control;
	uint32_t status;
	uint32_t error;
	uint32_t irq_status;
	uint32_t irq_mask;
	uint64_t cycle;
	uint32_t cycle_hi_latch;
	uint32_t epoch_len;
	uint32_t epoch_seq;
	uint32_t snapshot_lo;
	uint32_t snapshot_hi;
	uint32_t fw_addr_lo;
	uint32_t fw_addr_hi;
	uint32_t fw_size;
	uint32_t fw_status;
	uint32_t fw_version;
	uint32_t fw_heartbeat; /* the MCU's, published at each slice's end */
	uint32_t fw_insns;
	uint32_t mbox_in[CORUN_MBOX_WORDS];
	uint32_t mbox_out[CORUN_MBOX_WORDS];
	uint32_t mbox_doorbell;
	uint32_t mbox_done;
	uint32_t barrier_req; /* BARRIER: the last sequence asked for */
	uint32_t barrier_done; /* BARRIER_DONE */
	struct emu_dev_slot slots[CORUN_MAX_SLOTS];
	bool epoch_dirty; /* push EPOCH_LEN to the model */

	/*
	 * Firmware requests (host lock): the command and image for the
	 * clock, the mailbox request not yet given to the MCU (@mbox_pending)
	 * or not yet answered (@mbox_busy).
	 */
	enum emu_dev_fw_cmd fw_cmd;
	uint8_t *fw_image;
	uint32_t fw_image_len;
	bool mbox_pending;
	bool mbox_busy;
	uint32_t mbox_req[CORUN_MBOX_WORDS];

	/*
	 * Clock-private: the model, the MCU, what the MCU reported during
	 * the slice (BIT(enum mcu_notify)), the cycles the MCU ran alone
	 * (the device clock is the model's cycle plus these, and always
	 * equals mcu_cycle()), the firmware's window registers
	 * (device_window.c; @mcu_epoch_seq is the epoch the last
	 * CORUN_MCU_EV_EPOCH announced) and the slice's event.
	 */
	struct emu_gpu *gpu;
	struct mcu *mcu;
	struct emu_dev_fifo jobs[CORUN_MAX_SLOTS];
	uint32_t mcu_notified;
	uint64_t idle_cycles;
	struct emu_dev_mcu_slot mcu_slots[CORUN_MAX_SLOTS];
	uint32_t mcu_irc_window;
	uint32_t mcu_epoch_seq;
	uint32_t mcu_llc_victim;
	uint32_t mcu_llc_prob;
	uint32_t mcu_dram_policy;
	uint32_t mcu_umon_ctrl, mcu_umon_sel, mcu_umon_hi, mcu_umon_sample;
	bool slice_busy; /* the slice ran the model (@ev is valid) */
	/*
	 * From a prepare that started a slice to its complete: the clock
	 * runs without the host lock, the MCU (whose window reaches the
	 * model) and maybe the model, so a barrier waits for complete.
	 */
	bool in_slice;
	struct emu_event ev;
};

void emu_dev_guest_error(struct emu_dev *dev, uint32_t err, const char *fmt,
			 ...) __attribute__((format(printf, 3, 4)));
void emu_dev_raise(struct emu_dev *dev, uint32_t irq);
void emu_dev_kick(struct emu_dev *dev);

/*
 * device_slot.c: a slot's registers (host lock; @reg is the offset in the
 * slot's window, @addr the BAR0 address for messages), and its side of
 * the clock: before a slice, after a slice that ran the model, and a
 * job's completion.
 */
void emu_dev_slot_reset_regs(struct emu_dev *dev, struct emu_dev_slot *slot);
void emu_dev_slot_apply_reset(struct emu_dev *dev, unsigned int n);
uint32_t emu_dev_slot_read(struct emu_dev *dev, unsigned int n, uint32_t reg,
			   uint32_t addr);
void emu_dev_slot_write(struct emu_dev *dev, unsigned int n, uint32_t reg,
			uint32_t addr, uint32_t val);
void emu_dev_slot_prepare(struct emu_dev *dev, unsigned int n);
void emu_dev_slot_sync(struct emu_dev *dev, unsigned int n);
void emu_dev_slot_job_done(struct emu_dev *dev, const struct emu_event *ev);

/* device_fw.c */
int emu_dev_fw_create(struct emu_dev *dev);
void emu_dev_fw_reset_regs(struct emu_dev *dev);
void emu_dev_fw_load(struct emu_dev *dev);
void emu_dev_fw_halt(struct emu_dev *dev);
void emu_dev_mbox_doorbell(struct emu_dev *dev, uint32_t seq);
void emu_dev_fw_prepare(struct emu_dev *dev);
void emu_dev_fw_complete(struct emu_dev *dev);
void emu_dev_fw_free(struct emu_dev *dev);

/* device_window.c: struct mcu_hw_ops of the MCU, and the reset values. */
uint32_t emu_dev_window_read(void *ctx, uint32_t off);
void emu_dev_window_write(void *ctx, uint32_t off, uint32_t val);
void emu_dev_window_reset(struct emu_dev *dev);

#endif /* _EMU_DEVICE_INT_H_ */
