/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Firmware hardware-abstraction layer: the only way firmware code reaches
 * the device is the microcontroller's control-register window
 * (CORUN_MCU_CTL_BASE, see fwif.h) and the WFE instruction.
 *
 * Two backends share this interface:
 *  - the RV32 image (default): volatile MMIO loads/stores and the custom
 *    WFE/TRAP instructions;
 *  - the native unit-test build (CORUN_FW_HOST defined): out-of-line
 *    functions provided by the test's fake register window.
 *
 * Policy code built on top of it must only use fw_rd()/fw_wr() and the
 * helpers below, never raw pointers, so it runs unchanged in both builds.
 */
#ifndef _CORUN_FW_HAL_H_
#define _CORUN_FW_HAL_H_

#include <stddef.h>

#include <corun/fwif.h>
#include <corun/hw.h>

#ifdef CORUN_FW_HOST

/**
 * fw_hal_read() - read a window register (host backend)
 * @off: byte offset in the window, 4-byte aligned
 *
 * Return: the register value.
 */
u32 fw_hal_read(u32 off);

/**
 * fw_hal_write() - write a window register (host backend)
 * @off: byte offset in the window, 4-byte aligned
 * @val: value to write
 */
void fw_hal_write(u32 off, u32 val);

/**
 * fw_hal_wfe() - wait for an event (host backend)
 *
 * Returns once a CORUN_MCU_EV_* event is pending (or at once if one is).
 */
void fw_hal_wfe(void);

/**
 * fw_hal_panic() - stop the firmware (host backend)
 * @code: reason, FW_PANIC_*
 *
 * Does not return.
 */
__noreturn void fw_hal_panic(u32 code);

static inline u32 fw_rd(u32 off)
{
	return fw_hal_read(off);
}

static inline void fw_wr(u32 off, u32 val)
{
	fw_hal_write(off, val);
}

static inline void fw_wfe(void)
{
	fw_hal_wfe();
}

static inline __noreturn void fw_panic(u32 code)
{
	fw_hal_panic(code);
}

#else /* RV32 image */

static inline u32 fw_rd(u32 off)
{
	return *(volatile u32 *)(CORUN_MCU_CTL_BASE + off);
}

static inline void fw_wr(u32 off, u32 val)
{
	*(volatile u32 *)(CORUN_MCU_CTL_BASE + off) = val;
}

/* The "memory" clobber keeps register reads from moving across the wait. */
static inline void fw_wfe(void)
{
	asm volatile(".word %0" : : "i"(CORUN_INSN_WFE) : "memory");
}

/*
 * TRAP (custom-0 funct3 2) with the code in rs1: the MCU stops in its
 * CRASHED state with the code as fault address, which the driver reports.
 */
static inline __noreturn void fw_panic(u32 code)
{
	register u32 a0 asm("a0") = code;

	/* CORUN_INSN_TRAP(10): kernel.h's device helpers are not for us. */
	asm volatile(".word 0x0005200b" : : "r"(a0) : "memory");
	__builtin_unreachable();
}

#endif /* CORUN_FW_HOST */

/* Reasons passed to fw_panic(). */
#define FW_PANIC_BAD_ID 0x0b1d0001u /* window ID is not CORUN_ID_MAGIC */
#define FW_PANIC_RETURN 0x0b1d0002u /* fw_main() returned */

/* Pending events; CORUN_MCU_EV_* bits. */
static inline u32 fw_events(void)
{
	return fw_rd(CORUN_MCU_EVENTS);
}

static inline void fw_ack(u32 events)
{
	fw_wr(CORUN_MCU_EVENT_ACK, events);
}

static inline u32 fw_slot_rd(unsigned int slot, u32 reg)
{
	return fw_rd(CORUN_MCU_SLOT(slot, reg));
}

static inline void fw_slot_wr(unsigned int slot, u32 reg, u32 val)
{
	fw_wr(CORUN_MCU_SLOT(slot, reg), val);
}

/*
 * A 64-bit counter of a slot: @idx is the index of a u64 in struct
 * corun_slot_counters (hw.h); reading CTR_LO latches CTR_HI.
 */
static inline u64 fw_slot_counter(unsigned int slot, u32 idx)
{
	u32 lo;

	fw_slot_wr(slot, CORUN_MCU_S_CTR_SEL, idx);
	lo = fw_slot_rd(slot, CORUN_MCU_S_CTR_LO);
	return ((u64)fw_slot_rd(slot, CORUN_MCU_S_CTR_HI) << 32) | lo;
}

/* Index of a field of struct corun_slot_counters for fw_slot_counter(). */
#define FW_CTR(field) (offsetof(struct corun_slot_counters, field) / 8)

/* The device cycle; reading CYCLE_LO latches CYCLE_HI. */
static inline u64 fw_cycle(void)
{
	u32 lo = fw_rd(CORUN_MCU_CYCLE_LO);

	return ((u64)fw_rd(CORUN_MCU_CYCLE_HI) << 32) | lo;
}

#endif /* _CORUN_FW_HAL_H_ */
