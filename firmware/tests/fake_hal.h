/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Fake control-register window for the native firmware build: an array
 * stands in for the window, the test plays the device by setting
 * registers and pending events, and WFE calls a hook to inject the next
 * event (or ends the run).
 */
#ifndef _CORUN_FW_FAKE_HAL_H_
#define _CORUN_FW_FAKE_HAL_H_

#include <setjmp.h>

#include "../fw.h"

/*
 * The L1 utility monitors' counters of a slot: [p] the hits at stack
 * position p, [FAKE_UMON_ACC] the lookups (CORUN_MCU_L1_UMON_ACCESSES).
 */
#define FAKE_UMON_ACC 32
#define FAKE_UMON_CTRS 33

/**
 * struct fake_hw - state of the fake window
 * @regs: register values by word offset; reads of own registers come
 *	from here, except EVENTS and the 64-bit counter window
 * @ctr: per slot, the u64s of struct corun_slot_counters that
 *	CORUN_MCU_S_CTR_SEL selects; reading S_CTR_LO returns the low half
 *	and latches the high half into S_CTR_HI, as the device does
 * @ctr_reads: S_CTR_LO reads
 * @umon: per slot, the L1 utility monitors' counters that L1_UMON_SEL
 *	selects (FAKE_UMON_ACC for CORUN_MCU_L1_UMON_ACCESSES); L1_UMON_LO
 *	reads them like S_CTR_LO, L1_UMON_DECAY shifts the hit counters
 * @umon_decays: L1_UMON_DECAY writes
 * @events: pending CORUN_MCU_EV_* bits (EVENTS reads them, EVENT_ACK
 *	clears them)
 * @acked: all bits ever acknowledged
 * @wfe_count: WFE executions
 * @wfe_busy: WFE executions while an event was already pending
 * @wfe_hook: called by WFE when nothing is pending; injects events or
 *	calls fake_stop(). NULL: WFE stops the run.
 * @panic_code: code of the last fw_panic(), 0 if none
 * @stop: where fake_stop() and fw_panic() jump to (set with setjmp())
 */
struct fake_hw {
	u32 regs[CORUN_MCU_CTL_SIZE / 4];
	u64 ctr[CORUN_MAX_SLOTS][sizeof(struct corun_slot_counters) / 8];
	unsigned int ctr_reads;
	u64 umon[CORUN_MAX_SLOTS][FAKE_UMON_CTRS];
	unsigned int umon_decays;
	u32 events;
	u32 acked;
	unsigned int wfe_count;
	unsigned int wfe_busy;
	void (*wfe_hook)(void);
	u32 panic_code;
	jmp_buf stop;
};

extern struct fake_hw fake;

/* The hardware fake_reset() describes besides slots and SMs. */
#define FAKE_VCS 4
#define FAKE_L1_WAYS 8
#define FAKE_LLC_WAYS 16

/**
 * fake_reset() - a fresh window: correct ID, @slots slots, @sms SMs,
 *	FAKE_VCS virtual channels, FAKE_L1_WAYS and FAKE_LLC_WAYS ways
 * @slots: value of CORUN_MCU_NUM_SLOTS
 * @sms: value of CORUN_MCU_NUM_SMS
 */
void fake_reset(u32 slots, u32 sms);

/**
 * fake_stop() - end the firmware run: longjmp to @fake.stop with 1
 */
__noreturn void fake_stop(void);

/* Register access as the device sees it. */
static inline u32 fake_reg(u32 off)
{
	return fake.regs[off / 4];
}

static inline void fake_set_reg(u32 off, u32 val)
{
	fake.regs[off / 4] = val;
}

#endif /* _CORUN_FW_FAKE_HAL_H_ */
