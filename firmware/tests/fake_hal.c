// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Host backend of fw_hal.h for the native firmware tests.
 */
#include <string.h>

#include "fake_hal.h"

struct fake_hw fake;

void fake_reset(u32 slots, u32 sms)
{
	memset(&fake, 0, sizeof(fake));
	fake_set_reg(CORUN_MCU_ID, CORUN_ID_MAGIC);
	fake_set_reg(CORUN_MCU_NUM_SLOTS, slots);
	fake_set_reg(CORUN_MCU_NUM_SMS, sms);
}

void fake_stop(void)
{
	longjmp(fake.stop, 1);
}

u32 fw_hal_read(u32 off)
{
	if (off == CORUN_MCU_EVENTS)
		return fake.events;
	return fake.regs[(off % CORUN_MCU_CTL_SIZE) / 4];
}

void fw_hal_write(u32 off, u32 val)
{
	if (off == CORUN_MCU_EVENT_ACK) {
		fake.events &= ~val;
		fake.acked |= val;
		return;
	}
	fake.regs[(off % CORUN_MCU_CTL_SIZE) / 4] = val;
}

void fw_hal_wfe(void)
{
	fake.wfe_count++;
	if (fake.events) {
		fake.wfe_busy++;
		return;
	}
	if (fake.wfe_hook)
		fake.wfe_hook();
	/* Like the MCU: WFE only returns with an event pending. */
	if (!fake.events)
		fake_stop();
}

void fw_hal_panic(u32 code)
{
	fake.panic_code = code;
	fake_stop();
}
