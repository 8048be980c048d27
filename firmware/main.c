// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware: boot handshake and the event loop.
 *
 * The firmware is event driven: it sleeps in WFE until the device raises
 * a CORUN_MCU_EV_* event (timer tick, mailbox request, epoch), handles
 * what is pending and sleeps again, so an idle firmware costs no host
 * time in the MCU model.
 */
#include "fw.h"

struct fw_state fw;

void fw_boot(void)
{
	u32 slots;

	/* A foreign window would make every register write a guess. */
	if (fw_rd(CORUN_MCU_ID) != CORUN_ID_MAGIC)
		fw_panic(FW_PANIC_BAD_ID);

	slots = fw_rd(CORUN_MCU_NUM_SLOTS);
	fw.num_slots = slots > CORUN_MAX_SLOTS ? CORUN_MAX_SLOTS : slots;
	fw.num_sms = fw_rd(CORUN_MCU_NUM_SMS);
	fw.ticks = 0;
	fw.epochs = 0;
	fw.requests = 0;

	fw_params_init();

	/* Last: the driver may send requests as soon as it sees READY. */
	fw_wr(CORUN_MCU_READY, FW_VERSION);
}

void fw_tick(void)
{
	fw.ticks++;
}

u32 fw_poll(void)
{
	u32 ev = fw_events();

	if (!ev)
		return 0;
	fw_ack(ev);

	if (ev & CORUN_MCU_EV_MBOX)
		fw_mbox_handle();
	if (ev & CORUN_MCU_EV_TICK)
		fw_tick();
	/* Version 1 runs no per-epoch policy; the epoch is only counted. */
	if (ev & CORUN_MCU_EV_EPOCH)
		fw.epochs++;
	return ev;
}

void fw_main(void)
{
	fw_boot();
	for (;;) {
		/* WFE returns at once if an event came in after fw_poll(). */
		if (!fw_poll())
			fw_wfe();
	}
}
