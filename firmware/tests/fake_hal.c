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
	fake_set_reg(CORUN_MCU_NUM_VCS, FAKE_VCS);
	fake_set_reg(CORUN_MCU_L1_WAYS, FAKE_L1_WAYS);
	fake_set_reg(CORUN_MCU_LLC_WAYS, FAKE_LLC_WAYS);
}

void fake_stop(void)
{
	longjmp(fake.stop, 1);
}

/* S_CTR_LO of a slot: the selected counter, its high half latched. */
static u32 fake_ctr_lo(u32 off)
{
	u32 slot = (off - CORUN_MCU_SLOT_BASE) / CORUN_MCU_SLOT_STRIDE;
	u32 sel = fake_reg(CORUN_MCU_SLOT(slot, CORUN_MCU_S_CTR_SEL));
	u64 v = 0;

	if (slot < CORUN_MAX_SLOTS && sel < sizeof(fake.ctr[0]) / sizeof(fake.ctr[0][0]))
		v = fake.ctr[slot][sel];
	fake_set_reg(CORUN_MCU_SLOT(slot, CORUN_MCU_S_CTR_HI), (u32)(v >> 32));
	fake.ctr_reads++;
	return (u32)v;
}

/* L1_UMON_LO: the selected counter, its high half latched. */
static u32 fake_umon_lo(void)
{
	u32 sel = fake_reg(CORUN_MCU_L1_UMON_SEL), slot = sel >> 8;
	u32 idx = sel & 0xff;
	u64 v = 0;

	if (idx == CORUN_MCU_L1_UMON_ACCESSES)
		idx = FAKE_UMON_ACC;
	if (slot < CORUN_MAX_SLOTS && (idx < FAKE_L1_WAYS || idx == FAKE_UMON_ACC))
		v = fake.umon[slot][idx];
	fake_set_reg(CORUN_MCU_L1_UMON_HI, (u32)(v >> 32));
	return (u32)v;
}

u32 fw_hal_read(u32 off)
{
	off %= CORUN_MCU_CTL_SIZE;
	if (off == CORUN_MCU_EVENTS)
		return fake.events;
	if (off == CORUN_MCU_L1_UMON_LO)
		return fake_umon_lo();
	if (off >= CORUN_MCU_SLOT_BASE &&
	    (off - CORUN_MCU_SLOT_BASE) % CORUN_MCU_SLOT_STRIDE ==
		    CORUN_MCU_S_CTR_LO)
		return fake_ctr_lo(off);
	return fake.regs[off / 4];
}

void fw_hal_write(u32 off, u32 val)
{
	unsigned int s, p;

	if (off == CORUN_MCU_L1_UMON_DECAY) {
		for (s = 0; s < CORUN_MAX_SLOTS; s++)
			for (p = 0; p < FAKE_UMON_ACC; p++)
				fake.umon[s][p] = val >= 64 ? 0 :
						  fake.umon[s][p] >> val;
		fake.umon_decays++;
		return;
	}
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
