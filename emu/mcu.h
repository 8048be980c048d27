/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun microcontroller (MCU) model: the RV32 hart on the GPU that runs the
 * device firmware (firmware/, contract in include/corun/fwif.h).
 *
 * The hart executes RV32IMAFD through the functional executor (isa.h) as a
 * one-lane warp, one instruction per device cycle, out of its own memory
 * of CORUN_MCU_MEM_SIZE bytes at CORUN_MCU_MEM_BASE. It reaches the device
 * only through the control-register window at CORUN_MCU_CTL_BASE: the
 * MCU's own registers (ID, cycle, timer, events, READY, mailbox) are
 * implemented here; every other window register goes to the device's
 * callbacks (struct mcu_hw_ops), which decide what it does.
 *
 * WFE (CORUN_INSN_WFE) puts the hart to sleep until an event is pending;
 * a sleeping MCU costs nothing in mcu_run() besides its timer deadlines.
 * A faulting firmware (illegal instruction, access outside memory and
 * window, misaligned access, TRAP) stops the MCU in MCU_CRASHED with a
 * fault record; nothing the firmware does can harm the host.
 *
 * Decoded instructions are cached, so firmware must not modify its own
 * code. Single-threaded, deterministic, no QEMU or kernel types.
 */
#ifndef _EMU_MCU_H_
#define _EMU_MCU_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <corun/fwif.h>
#include <corun/hw.h>

struct mcu;

/**
 * enum mcu_state - what the MCU is doing
 * @MCU_OFF: no firmware loaded (after create/reset or a rejected image)
 * @MCU_RUNNING: executing or asleep in WFE
 * @MCU_HALTED: stopped by mcu_halt(); state kept for inspection
 * @MCU_CRASHED: stopped by a fault, see mcu_fault()
 */
enum mcu_state {
	MCU_OFF = 0,
	MCU_RUNNING = 1,
	MCU_HALTED = 2,
	MCU_CRASHED = 3,
};

/**
 * enum mcu_img_status - result of checking a firmware image
 * @MCU_IMG_OK: valid
 * @MCU_IMG_TRUNCATED: shorter than the header, or than header_size plus
 *	payload_size
 * @MCU_IMG_BAD_MAGIC: magic is not CORUN_FW_MAGIC
 * @MCU_IMG_BAD_FWIF: fwif_version is not CORUN_FWIF_VERSION
 * @MCU_IMG_BAD_HEADER_SIZE: header_size is not sizeof(struct corun_fw_header)
 * @MCU_IMG_BAD_RESERVED: a reserved header word is not zero
 * @MCU_IMG_BAD_LOAD_ADDR: load_addr not 4-byte aligned or outside memory
 * @MCU_IMG_TOO_BIG: payload empty or load_addr + payload_size beyond memory
 * @MCU_IMG_BAD_ENTRY: entry not 4-byte aligned or not inside the payload
 * @MCU_IMG_TRAILING: bytes after the payload
 * @MCU_IMG_BAD_CRC: payload_crc32 does not match the payload
 */
enum mcu_img_status {
	MCU_IMG_OK = 0,
	MCU_IMG_TRUNCATED,
	MCU_IMG_BAD_MAGIC,
	MCU_IMG_BAD_FWIF,
	MCU_IMG_BAD_HEADER_SIZE,
	MCU_IMG_BAD_RESERVED,
	MCU_IMG_BAD_LOAD_ADDR,
	MCU_IMG_TOO_BIG,
	MCU_IMG_BAD_ENTRY,
	MCU_IMG_TRAILING,
	MCU_IMG_BAD_CRC,
	MCU_IMG_NR
};

/**
 * struct mcu_fault - why the MCU crashed
 * @cause: enum corun_fault_cause: ILLEGAL_INSN (also GPU-only custom
 *	instructions and custom CSRs), UNMAPPED (access outside memory and
 *	window), BUS (window access that is not an aligned 32-bit load or
 *	store), MISALIGNED, PC_MISALIGNED, ECALL (ECALL/EBREAK), USER_TRAP
 *	(TRAP: the firmware's panic)
 * @access: enum corun_fault_access for memory faults, else 0
 * @pc: PC of the faulting instruction
 * @addr: faulting address, fetch PC, jump target, the instruction word
 *	(ILLEGAL_INSN) or the TRAP code (USER_TRAP)
 * @cycle: device cycle of the fault
 */
struct mcu_fault {
	uint32_t cause;
	uint32_t access;
	uint32_t pc;
	uint32_t addr;
	uint64_t cycle;
};

/* What struct mcu_hw_ops.notify reports. */
enum mcu_notify {
	MCU_NOTIFY_READY, /* firmware wrote CORUN_MCU_READY */
	MCU_NOTIFY_MBOX_DONE, /* firmware wrote CORUN_MCU_MBOX_DONE */
	MCU_NOTIFY_CRASH, /* the MCU entered MCU_CRASHED */
};

/**
 * struct mcu_hw_ops - the device behind the control-register window
 * @ctx: passed to the callbacks
 * @read: read the window register at byte offset @off (4-byte aligned,
 *	< CORUN_MCU_CTL_SIZE) that is not one of the MCU's own; reserved
 *	offsets must read 0. NULL: all such registers read 0.
 * @write: write such a register; NULL: writes are dropped
 * @notify: optional; told about READY, MBOX_DONE and crashes when they
 *	happen (inside mcu_run()), e.g. to raise an interrupt. It must not
 *	call mcu_run() or mcu_load_image() itself.
 *
 * The MCU's own registers (never passed to @read/@write): CORUN_MCU_ID,
 * CYCLE_LO/HI, TIMER_CMP, EVENTS, EVENT_ACK, READY, MBOX_DONE, MBOX_SEQ,
 * MBOX_IN and MBOX_OUT. CORUN_MCU_NUM_SLOTS, NUM_SMS and the per-slot
 * registers belong to the device.
 */
struct mcu_hw_ops {
	void *ctx;
	uint32_t (*read)(void *ctx, uint32_t off);
	void (*write)(void *ctx, uint32_t off, uint32_t val);
	void (*notify)(void *ctx, enum mcu_notify what);
};

/**
 * mcu_create() - build an MCU, powered off
 * @ops: the device's window callbacks (copied; may be NULL)
 *
 * Return: the MCU, or NULL when out of memory.
 */
struct mcu *mcu_create(const struct mcu_hw_ops *ops);

/**
 * mcu_destroy() - free an MCU (NULL is fine)
 * @mcu: the MCU
 */
void mcu_destroy(struct mcu *mcu);

/**
 * mcu_reset() - power the MCU off: memory, hart, timer, events and
 *	mailbox cleared, cycle back to 0
 * @mcu: the MCU
 */
void mcu_reset(struct mcu *mcu);

/**
 * mcu_check_image() - validate a firmware image without loading it
 * @img: the image (struct corun_fw_header, little endian, then payload)
 * @len: bytes of @img
 * @hdr: if not NULL, receives the decoded header (valid if at least the
 *	header was present)
 * @err: if not NULL, receives a one-line reason ("" when valid)
 * @errlen: size of @err
 *
 * Every header field is checked, see enum mcu_img_status.
 *
 * Return: MCU_IMG_OK or the first problem found.
 */
enum mcu_img_status mcu_check_image(const void *img, size_t len,
				    struct corun_fw_header *hdr, char *err,
				    size_t errlen);

/**
 * mcu_load_image() - validate an image, load it and boot it
 * @mcu: the MCU
 * @img: the image
 * @len: bytes of @img
 * @err: as for mcu_check_image()
 * @errlen: size of @err
 *
 * On success memory is cleared, the payload copied to load_addr, the
 * hart reset (all registers 0) to start at entry, and the MCU is
 * MCU_RUNNING with READY not yet written; timer, events and mailbox
 * start cleared. The cycle counter keeps running. On failure the MCU is
 * left MCU_OFF with memory cleared.
 *
 * Return: MCU_IMG_OK or why the image was rejected.
 */
enum mcu_img_status mcu_load_image(struct mcu *mcu, const void *img, size_t len,
				   char *err, size_t errlen);

/**
 * mcu_img_status_name() - short name of an image status, for messages
 * @st: enum mcu_img_status
 *
 * Return: a static string.
 */
const char *mcu_img_status_name(enum mcu_img_status st);

/**
 * mcu_halt() - stop a running MCU (CORUN_FW_CTRL_HALT)
 * @mcu: the MCU
 */
void mcu_halt(struct mcu *mcu);

/**
 * mcu_run() - advance the MCU by some device cycles
 * @mcu: the MCU
 * @cycles: device cycles to advance
 *
 * The hart retires one instruction per cycle while awake. Asleep (WFE
 * with no event pending), off, halted or crashed, the clock just moves
 * on: only timer deadlines inside the span cost any work, so an idle
 * firmware is free.
 *
 * Return: instructions retired during this call.
 */
uint64_t mcu_run(struct mcu *mcu, uint64_t cycles);

/**
 * mcu_cycle() - the MCU's device cycle (advanced only by mcu_run())
 * @mcu: the MCU
 *
 * Return: cycles since create/reset.
 */
uint64_t mcu_cycle(const struct mcu *mcu);

/**
 * mcu_next_wakeup() - the earliest cycle at which the MCU has work
 * @mcu: the MCU
 *
 * For a device's idle skipping: running and awake it is the current
 * cycle; asleep, the next timer deadline; otherwise UINT64_MAX. Events
 * raised by the device (mailbox, epoch) wake it up earlier.
 *
 * Return: an absolute cycle.
 */
uint64_t mcu_next_wakeup(const struct mcu *mcu);

/**
 * mcu_state() - current state
 * @mcu: the MCU
 *
 * Return: enum mcu_state.
 */
enum mcu_state mcu_state(const struct mcu *mcu);

/**
 * mcu_asleep() - whether the hart is waiting in WFE
 * @mcu: the MCU
 *
 * Return: true if running and asleep.
 */
bool mcu_asleep(const struct mcu *mcu);

/**
 * mcu_ready() - whether the firmware completed the boot handshake
 * @mcu: the MCU
 * @fw_version: if not NULL and ready, the value written to READY
 *
 * Return: true once the firmware of the current image wrote READY.
 */
bool mcu_ready(const struct mcu *mcu, uint32_t *fw_version);

/**
 * mcu_image_header() - the header of the loaded image
 * @mcu: the MCU
 *
 * Return: the header, or NULL if no image is loaded.
 */
const struct corun_fw_header *mcu_image_header(const struct mcu *mcu);

/**
 * mcu_fault() - the fault that crashed the MCU
 * @mcu: the MCU
 *
 * Return: the record, or NULL unless the MCU is MCU_CRASHED.
 */
const struct mcu_fault *mcu_fault(const struct mcu *mcu);

/**
 * mcu_insns() - instructions retired since the image was loaded
 * @mcu: the MCU
 *
 * Return: the count (WFE included).
 */
uint64_t mcu_insns(const struct mcu *mcu);

/**
 * mcu_heartbeat() - what the firmware last wrote to CORUN_MCU_HEARTBEAT
 * @mcu: the MCU
 *
 * Return: the value, 0 since the image was loaded until the first write.
 */
uint32_t mcu_heartbeat(const struct mcu *mcu);

/**
 * mcu_pc() - the hart's program counter
 * @mcu: the MCU
 *
 * Return: the PC of the next instruction (of the faulting one if crashed).
 */
uint32_t mcu_pc(const struct mcu *mcu);

/**
 * mcu_raise_event() - make events pending (and wake the hart)
 * @mcu: the MCU
 * @events: CORUN_MCU_EV_* bits, e.g. CORUN_MCU_EV_EPOCH
 */
void mcu_raise_event(struct mcu *mcu, uint32_t events);

/**
 * mcu_events() - pending events (as CORUN_MCU_EVENTS reads)
 * @mcu: the MCU
 *
 * Return: CORUN_MCU_EV_* bits.
 */
uint32_t mcu_events(const struct mcu *mcu);

/**
 * mcu_mbox_request() - deliver a mailbox request to the firmware
 * @mcu: the MCU
 * @seq: the request's sequence number (CORUN_REG_MBOX_DOORBELL)
 * @words: CORUN_MBOX_WORDS request words (CORUN_REG_MBOX_IN)
 *
 * Copies the words into MBOX_IN, sets MBOX_SEQ and raises
 * CORUN_MCU_EV_MBOX. The firmware answers in MBOX_OUT and writes @seq to
 * MBOX_DONE (reported through ops->notify and mcu_mbox_done()).
 *
 * Return: 0; -ENODEV unless the MCU is running with READY written;
 * -EBUSY while the previous request is unanswered (fwif.h: one request in
 * flight), in which case nothing changes.
 */
int mcu_mbox_request(struct mcu *mcu, uint32_t seq, const uint32_t *words);

/**
 * mcu_mbox_busy() - whether a request is unanswered
 * @mcu: the MCU
 *
 * Return: true between mcu_mbox_request() and the matching MBOX_DONE.
 */
bool mcu_mbox_busy(const struct mcu *mcu);

/**
 * mcu_mbox_done() - the last sequence number the firmware answered
 * @mcu: the MCU
 *
 * Return: the value last written to CORUN_MCU_MBOX_DONE (0 after load).
 */
uint32_t mcu_mbox_done(const struct mcu *mcu);

/**
 * mcu_mbox_reply() - read the reply words
 * @mcu: the MCU
 * @words: receives CORUN_MBOX_WORDS words of MBOX_OUT
 */
void mcu_mbox_reply(const struct mcu *mcu, uint32_t *words);

/**
 * mcu_crc32() - CRC-32 as zlib's crc32() (IEEE 802.3, reflected)
 * @crc: previous value (0 to start)
 * @buf: data
 * @len: bytes
 *
 * Return: the updated CRC.
 */
uint32_t mcu_crc32(uint32_t crc, const void *buf, size_t len);

#endif /* _EMU_MCU_H_ */
