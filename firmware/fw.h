/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device firmware, version 1: internal interfaces between the boot
 * code, the event loop, the mailbox and the parameter store. Everything
 * here builds both into the RV32 image and natively for unit tests.
 */
#ifndef _CORUN_FW_H_
#define _CORUN_FW_H_

#include <stdbool.h>
#include <stddef.h>

#include "fw_hal.h"
#include "fw_version.h"

#define FW_VERSION ((FW_VERSION_MAJOR << 16) | FW_VERSION_MINOR)

/*
 * Feature bits returned by CORUN_FW_CMD_VERSION. Version 1 stores and
 * validates the policy parameters but runs no policy algorithm yet, so it
 * advertises none; the policy issues add bits here (and in fwif.h).
 */
#define FW_FEATURES 0u

/* Parameter limits and defaults (the ranges SET_PARAM accepts). */
/* Defaults; the accepted ranges are part of the contract in fwif.h. */
#define FW_TICK_CYCLES_DEFAULT 10000u
#define FW_IRC_WINDOW_DEFAULT 200u /* CCBP: credits reset every 200 cycles */
#define FW_L1_WAYS_ALL 0xffffffffu

/**
 * struct fw_slot - policy parameters of one hardware slot
 * @irc_share: bandwidth share in 1/1024 (CORUN_FW_P_IRC_SHARE)
 * @irc_prio: arbitration priority 0..15 (CORUN_FW_P_IRC_PRIO)
 * @l1_ways: L1 way mask, never 0 (CORUN_FW_P_L1_WAYS)
 * @l1_bypass_ctas: bypass CTAs per SM (CORUN_FW_P_L1_BYPASS_CTAS)
 */
struct fw_slot {
	u32 irc_share;
	u32 irc_prio;
	u32 l1_ways;
	u32 l1_bypass_ctas;
};

/**
 * struct fw_state - everything the firmware knows
 * @num_slots: hardware slots (CORUN_MCU_NUM_SLOTS, at most CORUN_MAX_SLOTS)
 * @num_sms: SMs (CORUN_MCU_NUM_SMS)
 * @ticks: tick events handled since boot (CORUN_FW_P_TICKS)
 * @epochs: epoch events seen since boot
 * @requests: mailbox requests answered since boot
 * @tick_cycles: tick period (CORUN_FW_P_TICK_CYCLES)
 * @irc_enable: issue-rate control on (CORUN_FW_P_IRC_ENABLE)
 * @irc_window: credit refill window in cycles (CORUN_FW_P_IRC_WINDOW)
 * @llc_policy: enum corun_llc_policy (CORUN_FW_P_LLC_POLICY)
 * @vcp_mode: enum corun_vcp_mode (CORUN_FW_P_VCP_MODE)
 * @slot: per-slot parameters
 */
struct fw_state {
	u32 num_slots;
	u32 num_sms;
	u32 ticks;
	u32 epochs;
	u32 requests;
	u32 tick_cycles;
	u32 irc_enable;
	u32 irc_window;
	u32 llc_policy;
	u32 vcp_mode;
	struct fw_slot slot[CORUN_MAX_SLOTS];
};

extern struct fw_state fw;

/**
 * fw_boot() - bring the firmware up and complete the boot handshake
 *
 * Checks the window's identity, reads the hardware limits, sets every
 * parameter to its default and programs the registers that follow from
 * them (timer, per-slot registers), then writes FW_VERSION to
 * CORUN_MCU_READY. Panics (FW_PANIC_BAD_ID) on a foreign window.
 */
void fw_boot(void);

/**
 * fw_poll() - handle the events pending now
 *
 * Acknowledges the pending events before handling them, so an event that
 * arrives while they are handled stays pending for the next call.
 *
 * Return: the CORUN_MCU_EV_* bits handled, 0 if none was pending.
 */
u32 fw_poll(void);

/**
 * fw_main() - boot, then handle events forever, sleeping in WFE when idle
 */
__noreturn void fw_main(void);

/**
 * fw_mbox_process() - execute one mailbox request
 * @in: the CORUN_MBOX_WORDS request words (header, payload)
 * @out: filled with the CORUN_MBOX_WORDS reply words; unused ones are 0
 *
 * Never fails: a malformed request gets an error status in the reply
 * header (enum corun_fw_status) and an empty payload.
 */
void fw_mbox_process(const u32 *in, u32 *out);

/**
 * fw_mbox_handle() - answer the request pending in the window
 *
 * Reads CORUN_MCU_MBOX_SEQ and MBOX_IN, writes MBOX_OUT, then MBOX_DONE.
 */
void fw_mbox_handle(void);

/**
 * fw_params_init() - set every parameter to its default and program the
 *	registers that depend on them
 */
void fw_params_init(void);

/**
 * fw_param_get() - read a parameter
 * @id: enum corun_fw_param, with the slot for per-slot parameters
 * @val: the value
 *
 * Return: CORUN_FW_OK or CORUN_FW_ENOENT.
 */
u32 fw_param_get(u32 id, u32 *val);

/**
 * fw_param_set() - validate and set a parameter, then apply it
 * @id: enum corun_fw_param, with the slot for per-slot parameters
 * @val: the new value
 * @old: the previous value (only on success)
 *
 * Return: CORUN_FW_OK, CORUN_FW_ENOENT (no such parameter or slot) or
 * CORUN_FW_EINVAL (value out of range, or a read-only parameter).
 */
u32 fw_param_set(u32 id, u32 val, u32 *old);

/**
 * fw_irc_credits() - IRC credits of a slot for its share and the window
 * @share: share in 1/1024
 * @window: window in cycles
 *
 * Return: share * window / 1024, at least 1 for a non-zero share so a
 * slot with bandwidth never starves on rounding.
 */
u32 fw_irc_credits(u32 share, u32 window);

/**
 * fw_tick() - handle one timer tick
 */
void fw_tick(void);

#endif /* _CORUN_FW_H_ */
