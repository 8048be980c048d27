// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware: boot handshake, the event loop and the core parameters.
 *
 * The firmware is event driven: it sleeps in WFE until the device raises
 * a CORUN_MCU_EV_* event (timer tick, mailbox request, epoch), handles
 * what is pending and sleeps again, so an idle firmware costs no host
 * time in the MCU model. On an epoch it reads the epoch's sequence number
 * and runs every policy's epoch handler.
 *
 * Liveness: every pass of the loop (every fw_poll()) writes the count of
 * passes to CORUN_MCU_HEARTBEAT. The driver judges it against FW_INSNS,
 * the instructions the device saw the MCU retire: a beat is not due after
 * a span of time, which the firmware cannot see (asleep, or on a stopped
 * device clock, it runs nothing, and under TCG device cycles are host
 * time), but within the instructions of one pass, which every handler
 * bounds. So a stuck firmware is one that retires instructions without
 * beating, and an idle one, or one starved by a loaded host, is not.
 */
#include "fw.h"

struct fw_state fw;

/* The window's limits, clamped to what the firmware's tables hold. */
static void fw_read_limits(void)
{
	u32 slots = fw_rd(CORUN_MCU_NUM_SLOTS);

	fw.num_slots = slots > CORUN_MAX_SLOTS ? CORUN_MAX_SLOTS : slots;
	fw.num_sms = fw_rd(CORUN_MCU_NUM_SMS);
	fw.num_vcs = fw_rd(CORUN_MCU_NUM_VCS);
	fw.l1_ways = fw_rd(CORUN_MCU_L1_WAYS);
	fw.llc_ways = fw_rd(CORUN_MCU_LLC_WAYS);
}

void fw_boot(void)
{
	/* A foreign window would make every register write a guess. */
	if (fw_rd(CORUN_MCU_ID) != CORUN_ID_MAGIC)
		fw_panic(FW_PANIC_BAD_ID);

	fw_read_limits();
	fw.ticks = 0;
	fw.epoch_seq = 0;
	fw.requests = 0;
	fw.beats = 0;

	fw_params_init();

	/* Last: the driver may send requests as soon as it sees READY. */
	fw_wr(CORUN_MCU_READY, FW_VERSION);
}

void fw_tick(void)
{
	fw.ticks++;
	if (fw_dram_bw_app)
		fw_dram_tick();
}

void fw_epoch(void)
{
	const struct fw_policy *const *p;

	fw.epoch_seq = fw_rd(CORUN_MCU_EPOCH_SEQ);
	for (p = fw_policies; *p; p++)
		if ((*p)->epoch)
			(*p)->epoch();
}

u32 fw_poll(void)
{
	u32 ev;

	fw_wr(CORUN_MCU_HEARTBEAT, ++fw.beats);
	ev = fw_events();

	if (!ev)
		return 0;
	fw_ack(ev);

	/*
	 * The epoch first: the device raises it before it tells the host,
	 * so a request the host sends about that epoch sees its monitors
	 * whether or not the firmware woke in between.
	 */
	if (ev & CORUN_MCU_EV_EPOCH)
		fw_epoch();
	if (ev & CORUN_MCU_EV_MBOX)
		fw_mbox_handle();
	if (ev & CORUN_MCU_EV_TICK)
		fw_tick();
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

/* ---- the core parameters: the tick ---- */

static void core_init(void)
{
	fw.tick_cycles = FW_TICK_CYCLES_DEFAULT;
	fw_wr(CORUN_MCU_TIMER_CMP, fw.tick_cycles);
}

static u32 *core_param(u32 base, u32 slot)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_TICK_CYCLES:
		return &fw.tick_cycles;
	case CORUN_FW_P_TICKS:
		return &fw.ticks;
	}
	return NULL;
}

static bool core_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	/* TICKS is read-only. */
	return base == CORUN_FW_P_TICK_CYCLES &&
	       val >= CORUN_FW_TICK_CYCLES_MIN;
}

static void core_param_apply(u32 base, u32 slot)
{
	(void)base;
	(void)slot;
	fw_wr(CORUN_MCU_TIMER_CMP, fw.tick_cycles);
}

const struct fw_policy fw_policy_core = {
	.name = "core",
	.init = core_init,
	.param = core_param,
	.param_valid = core_param_valid,
	.param_apply = core_param_apply,
};
