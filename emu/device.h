/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device: the register-level behaviour of the corun GPU (hw.h), as
 * a plain C library shared by every host of the device.
 *
 * One struct emu_dev is the whole device as a driver sees it: BAR0 with
 * every register of hw.h (all validated), the per-slot job rings in guest
 * memory and their doorbells, fences, faults and slot resets, the
 * completion hold, the epoch engine with its counter snapshots and the
 * lockstep pause, and the firmware microcontroller (emu/mcu.h) with its
 * image upload, mailbox and control-register window (fwif.h). It owns the
 * microarchitecture model (emu/gpu.h) and the MCU. The QEMU device
 * (emu/qemu/corun-gpu.c) only adds PCI, MSI-X, DMA address translation
 * and a thread; corun-sim drives the same code directly, so a driver or
 * firmware policy behaves identically in the VM and on the host.
 *
 * The device clock. While a job is queued (and CONTROL.ENABLE is set, and
 * neither a lockstep pause nor a completion hold stops it) the SMs and the
 * MCU advance together, the model in slices that end at the MCU's next
 * wakeup, at an event, or after EMU_DEV_CHUNK cycles. Otherwise only an
 * awake MCU advances the clock; an MCU asleep in WFE with no job stops it,
 * so an idle device costs nothing. The device clock is the model's cycle
 * plus the cycles the MCU ran alone. In lockstep mode (CONTROL.LOCKSTEP)
 * the GPU also waits while the MCU is awake: the firmware's work takes no
 * GPU time, so its decisions land at the GPU cycle that triggered them in
 * every host and at any host speed.
 *
 * Running the clock is split in three steps so that a threaded host can
 * run the model without its lock:
 *
 *	lock; while (...) {
 *		q = emu_dev_prepare(dev);	apply register writes
 *		if (!q) { wait for emu_dev_ops.kick; continue; }
 *		unlock; emu_dev_advance(dev, q); lock;
 *		emu_dev_complete(dev);		publish, raise interrupts
 *	}
 *
 * emu_dev_read() and emu_dev_write() may run during emu_dev_advance()
 * (they never touch the model); every other call needs the host's lock
 * and no advance in progress. Single-threaded hosts use emu_dev_run().
 *
 * Guest mistakes never assert: they are reported through
 * emu_dev_ops.guest_error and latched in CORUN_REG_ERROR as hw.h says.
 * No QEMU or kernel types.
 */
#ifndef _EMU_DEVICE_H_
#define _EMU_DEVICE_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <corun/hw.h>

#include "config.h"

struct emu_dev;
struct emu_gpu;
struct mcu;

/* Longest model slice between two looks at the registers, in cycles. */
#define EMU_DEV_CHUNK 20000
/* Slice while the MCU is awake, so its register writes land promptly. */
#define EMU_DEV_MCU_QUANTUM 1024
/* MCU alone: cycles between checks for its WFE. */
#define EMU_DEV_MCU_STEP 16

/**
 * struct emu_dev_ops - what the host provides
 * @ctx: passed to every callback
 * @map: a host pointer to guest physical [pa, pa + len) as the device sees
 *	it (bus-master view), or NULL unless all of it is plain guest RAM;
 *	as struct emu_phys_ops.map (the model uses it too)
 * @irq: CORUN_REG_IRQ_STATUS gained bits: deliver the interrupts
 *	(emu_dev_irq_pending()); called with the host's lock held
 * @kick: a register write needs the clock to look at the registers again
 *	(wake the thread waiting after emu_dev_prepare() returned 0); may be
 *	NULL
 * @guest_error: a guest mistake, as one line without newline; may be NULL
 */
struct emu_dev_ops {
	void *ctx;
	uint8_t *(*map)(void *ctx, uint64_t pa, uint64_t len);
	void (*irq)(void *ctx);
	void (*kick)(void *ctx);
	void (*guest_error)(void *ctx, const char *msg);
};

/**
 * struct emu_dev_params - fixed properties of a device
 * @lockstep: reset value of CONTROL.LOCKSTEP
 * @require_fw: job doorbells need the firmware running (CORUN_ERR_NO_FW
 *	otherwise), as hw.h says; false takes jobs without it
 * @caps: capability bits the host adds (CORUN_CAP_MSIX)
 */
struct emu_dev_params {
	bool lockstep;
	bool require_fw;
	uint32_t caps;
};

/**
 * emu_dev_create() - build a device at its reset state
 * @cfg: configuration (copied); must pass emu_config_validate() and fit
 *	the hardware limits of hw.h (SMs, slots, DRAM channels)
 * @ops: host callbacks (copied); @ops->map is required
 * @params: properties (copied)
 * @err: receives a one-line reason on failure (may be NULL)
 * @errlen: size of @err
 *
 * Return: the device, or NULL.
 */
struct emu_dev *emu_dev_create(const struct emu_config *cfg,
			       const struct emu_dev_ops *ops,
			       const struct emu_dev_params *params, char *err,
			       size_t errlen);

/**
 * emu_dev_destroy() - free a device (NULL is fine)
 * @dev: device
 */
void emu_dev_destroy(struct emu_dev *dev);

/**
 * emu_dev_reset() - full reset (CONTROL.RESET, PCI reset)
 * @dev: device
 *
 * Rebuilds the model and the MCU from scratch and sets every register to
 * its reset value; jobs in flight are discarded without writing their
 * fences and a running firmware is gone. Needs the host's lock and no
 * emu_dev_advance() in progress. The host then delivers the (cleared)
 * interrupt state.
 *
 * Return: 0, or -ENOMEM (the device then has no clock until a reset
 * succeeds).
 */
int emu_dev_reset(struct emu_dev *dev);

/**
 * emu_dev_read() - read a BAR0 register
 * @dev: device
 * @off: byte offset, 4-byte aligned, < CORUN_BAR_REGS_SIZE (the host
 *	rejects other accesses)
 *
 * Return: the value; unknown registers read 0 and set CORUN_ERR_BAD_OFFSET.
 */
uint32_t emu_dev_read(struct emu_dev *dev, uint32_t off);

/* emu_dev_write() result: the host must call emu_dev_reset(). */
#define EMU_DEV_WRITE_RESET 1

/**
 * emu_dev_write() - write a BAR0 register
 * @dev: device
 * @off: byte offset, 4-byte aligned, < CORUN_BAR_REGS_SIZE
 * @val: value
 *
 * Return: 0, or EMU_DEV_WRITE_RESET for CONTROL.RESET: the host resets the
 * device with emu_dev_reset() (after stopping its thread).
 */
int emu_dev_write(struct emu_dev *dev, uint32_t off, uint32_t val);

/**
 * emu_dev_irq_pending() - interrupts to deliver
 * @dev: device
 *
 * Return: CORUN_REG_IRQ_STATUS & CORUN_REG_IRQ_MASK.
 */
uint32_t emu_dev_irq_pending(const struct emu_dev *dev);

/**
 * emu_dev_prepare() - apply register writes, decide the next slice
 * @dev: device
 *
 * Takes new ring entries, carries out slot resets, policy and firmware
 * commands and the mailbox doorbell.
 *
 * Return: the device cycles emu_dev_advance() should run next, or 0 when
 * the clock is stopped (no job can run and the MCU sleeps): wait for a
 * kick.
 */
uint64_t emu_dev_prepare(struct emu_dev *dev);

/**
 * emu_dev_advance() - run the model and the MCU for one slice
 * @dev: device
 * @cycles: what emu_dev_prepare() returned, or less
 *
 * Touches only the model and the MCU: the host may drop its lock. The
 * model stops early at an event.
 */
void emu_dev_advance(struct emu_dev *dev, uint64_t cycles);

/**
 * emu_dev_complete() - publish the slice's results
 * @dev: device
 *
 * Updates CYCLE, DONE, PROGRESS, FAULT, EPOCH_SEQ, writes fences (the
 * model did), counter snapshots, firmware state, and raises interrupts.
 */
void emu_dev_complete(struct emu_dev *dev);

/**
 * emu_dev_step() - single-threaded clock: one slice
 * @dev: device
 * @max_gpu_cycle: the model never runs beyond this cycle
 *
 * Prepare, advance and complete once. Slices are the ones a threaded host
 * runs (only @max_gpu_cycle can cut one short), so the MCU's register
 * writes land at the same model cycles in every host.
 *
 * At @max_gpu_cycle a slice of no cycles still reports what ended at that
 * cycle (jobs a slot reset killed).
 *
 * Return: true if a slice ran (or reported an event at @max_gpu_cycle);
 * false if the clock is stopped (no job can run and the MCU sleeps) or
 * the model is at @max_gpu_cycle with nothing to report.
 */
bool emu_dev_step(struct emu_dev *dev, uint64_t max_gpu_cycle);

/**
 * emu_dev_run() - single-threaded clock: run until something to handle
 * @dev: device
 * @max_gpu_cycle: as for emu_dev_step()
 *
 * Steps until an enabled interrupt is pending or emu_dev_step() returns
 * false.
 *
 * Return: emu_dev_irq_pending() at the end.
 */
uint32_t emu_dev_run(struct emu_dev *dev, uint64_t max_gpu_cycle);

/**
 * emu_dev_gpu() - the model (read-only use: counters, stats)
 * @dev: device
 *
 * Return: the model; valid until the next emu_dev_reset().
 */
struct emu_gpu *emu_dev_gpu(struct emu_dev *dev);

/**
 * emu_dev_mcu() - the microcontroller (read-only use)
 * @dev: device
 *
 * Return: the MCU; valid until the next emu_dev_reset().
 */
struct mcu *emu_dev_mcu(struct emu_dev *dev);

/**
 * emu_dev_config() - the configuration
 * @dev: device
 *
 * Return: the device's copy.
 */
const struct emu_config *emu_dev_config(const struct emu_dev *dev);

/**
 * emu_dev_config_id() - CORUN_REG_CONFIG_ID
 * @dev: device
 *
 * Return: the configuration's id.
 */
uint32_t emu_dev_config_id(const struct emu_dev *dev);

/**
 * emu_dev_cycle() - the device clock (model cycle plus MCU-alone cycles)
 * @dev: device
 *
 * Return: cycles since reset.
 */
uint64_t emu_dev_cycle(const struct emu_dev *dev);

#endif /* _EMU_DEVICE_H_ */
