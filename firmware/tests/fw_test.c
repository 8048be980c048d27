// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Native unit tests of the corun firmware, built against the fake
 * register window: boot handshake, every mailbox command and error
 * status, parameter validation and the registers parameters drive, tick
 * counting and the WFE event loop.
 */
#include <string.h>

#include <kunit/test.h>

#include "fake_hal.h"

#define SLOTS 8

static int fw_test_init(struct kunit *test)
{
	(void)test;
	fake_reset(SLOTS, 16);
	return 0;
}

/* Boot, expecting no panic. */
static void boot(struct kunit *test)
{
	if (setjmp(fake.stop)) {
		KUNIT_FAIL(test, "boot stopped, panic 0x%x", fake.panic_code);
		return;
	}
	fw_boot();
}

/* Run one request through fw_mbox_process(); returns the reply header. */
static u32 req(const u32 *words, u32 *out)
{
	u32 in[CORUN_MBOX_WORDS] = { 0 };

	memcpy(in, words, sizeof(in));
	fw_mbox_process(in, out);
	return out[0];
}

static u32 req_hdr(u32 hdr, u32 *out)
{
	u32 in[CORUN_MBOX_WORDS] = { hdr };

	return req(in, out);
}

static u32 set_param(u32 id, u32 val, u32 *old)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 2),
				     id, val };
	u32 out[CORUN_MBOX_WORDS];
	u32 h = req(in, out);

	if (old)
		*old = out[1];
	return h;
}

static u32 get_param(u32 id, u32 *val)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 1),
				     id };
	u32 out[CORUN_MBOX_WORDS];
	u32 h = req(in, out);

	*val = out[1];
	return h;
}

#define OK_HDR(len) CORUN_MBOX_HDR(CORUN_FW_OK, len)
#define ERR_HDR(st) CORUN_MBOX_HDR(st, 0)

static void fw_test_boot_handshake(struct kunit *test)
{
	unsigned int s;

	boot(test);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_READY), (u32)FW_VERSION);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_TIMER_CMP),
			FW_TICK_CYCLES_DEFAULT);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_IRC_WINDOW),
			FW_IRC_WINDOW_DEFAULT);
	KUNIT_EXPECT_EQ(test, fw.num_slots, (u32)SLOTS);
	KUNIT_EXPECT_EQ(test, fw.num_sms, 16u);
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test,
				fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_IRC_CREDITS)),
				CORUN_FW_IRC_CREDITS_UNLIMITED);
		KUNIT_EXPECT_EQ(test,
				fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_IRC_PRIO)),
				0u);
		KUNIT_EXPECT_EQ(test,
				fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_L1_WAYS)),
				FW_L1_WAYS_ALL);
		KUNIT_EXPECT_EQ(test,
				fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_L1_BYPASS_CTAS)),
				0u);
	}
	/* Slots the hardware lacks are not touched. */
	KUNIT_EXPECT_EQ(test,
			fake_reg(CORUN_MCU_SLOT(SLOTS, CORUN_MCU_S_L1_WAYS)), 0u);
}

static void fw_test_boot_bad_id(struct kunit *test)
{
	fake_set_reg(CORUN_MCU_ID, 0xdeadbeef);
	if (!setjmp(fake.stop)) {
		fw_boot();
		KUNIT_FAIL(test, "boot on a foreign window did not panic");
	}
	KUNIT_EXPECT_EQ(test, fake.panic_code, FW_PANIC_BAD_ID);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_READY), 0u);
}

static void fw_test_boot_clamps_slots(struct kunit *test)
{
	u32 v;

	fake_set_reg(CORUN_MCU_NUM_SLOTS, 200);
	boot(test);
	KUNIT_EXPECT_EQ(test, fw.num_slots, (u32)CORUN_MAX_SLOTS);
	KUNIT_EXPECT_EQ(test,
			get_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO,
						      CORUN_MAX_SLOTS - 1), &v),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test,
			get_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO,
						      CORUN_MAX_SLOTS), &v),
			ERR_HDR(CORUN_FW_ENOENT));
}

static void fw_test_cmd_nop(struct kunit *test)
{
	u32 out[CORUN_MBOX_WORDS];

	boot(test);
	KUNIT_EXPECT_EQ(test, req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0), out),
			OK_HDR(0));
	KUNIT_EXPECT_EQ(test, req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 1), out),
			ERR_HDR(CORUN_FW_EINVAL));
}

static void fw_test_cmd_version(struct kunit *test)
{
	u32 out[CORUN_MBOX_WORDS];
	unsigned int i;

	boot(test);
	KUNIT_EXPECT_EQ(test,
			req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_VERSION, 0), out),
			OK_HDR(3));
	KUNIT_EXPECT_EQ(test, out[1], (u32)CORUN_FWIF_VERSION);
	KUNIT_EXPECT_EQ(test, out[2], (u32)FW_VERSION);
	KUNIT_EXPECT_EQ(test, out[3], FW_FEATURES);
	for (i = 4; i < CORUN_MBOX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, out[i], 0u);
	KUNIT_EXPECT_EQ(test,
			req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_VERSION, 3), out),
			ERR_HDR(CORUN_FW_EINVAL));
}

static void fw_test_cmd_echo(struct kunit *test)
{
	u32 in[CORUN_MBOX_WORDS], out[CORUN_MBOX_WORDS];
	u32 len, i;

	boot(test);
	for (len = 0; len <= CORUN_MBOX_MAX_PAYLOAD; len++) {
		in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, len);
		for (i = 1; i < CORUN_MBOX_WORDS; i++)
			in[i] = 0x1000 * len + i;
		KUNIT_EXPECT_EQ(test, req(in, out), OK_HDR(len));
		for (i = 1; i < CORUN_MBOX_WORDS; i++)
			KUNIT_EXPECT_EQ(test, out[i], i <= len ? in[i] : 0u);
	}
	/* A length beyond the mailbox is malformed, not truncated. */
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, 16);
	KUNIT_EXPECT_EQ(test, req(in, out), ERR_HDR(CORUN_FW_EINVAL));
	for (i = 1; i < CORUN_MBOX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, out[i], 0u);
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, 0xff);
	KUNIT_EXPECT_EQ(test, req(in, out), ERR_HDR(CORUN_FW_EINVAL));
}

static void fw_test_bad_requests(struct kunit *test)
{
	u32 out[CORUN_MBOX_WORDS];
	u32 v;

	boot(test);
	/* Unknown commands, whatever their length. */
	KUNIT_EXPECT_EQ(test, req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NR, 0), out),
			ERR_HDR(CORUN_FW_ENOSYS));
	KUNIT_EXPECT_EQ(test, req_hdr(CORUN_MBOX_HDR(0xffff, 3), out),
			ERR_HDR(CORUN_FW_ENOSYS));
	/* Header bits 24..31 are unused and must be zero. */
	KUNIT_EXPECT_EQ(test,
			req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0) | BIT(24),
				out),
			ERR_HDR(CORUN_FW_EINVAL));
	/* SET_PARAM takes exactly 2 words, GET_PARAM exactly 1. */
	KUNIT_EXPECT_EQ(test,
			req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 1), out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 3), out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 0), out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 2), out),
			ERR_HDR(CORUN_FW_EINVAL));
	/* Unknown parameters. */
	KUNIT_EXPECT_EQ(test, get_param(0, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, get_param(0x0003, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, get_param(0x0500, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, get_param(0x10001, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, set_param(0x00ff, 1, NULL),
			ERR_HDR(CORUN_FW_ENOENT));
	/* Per-slot parameters of a slot the hardware lacks. */
	KUNIT_EXPECT_EQ(test,
			get_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE,
						      SLOTS), &v),
			ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test,
			set_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 0xff),
				  1, NULL),
			ERR_HDR(CORUN_FW_ENOENT));
	/* The read-only tick counter. */
	KUNIT_EXPECT_EQ(test, set_param(CORUN_FW_P_TICKS, 0, NULL),
			ERR_HDR(CORUN_FW_EINVAL));
}

/**
 * struct param_case - validation of one parameter
 * @id: parameter (slot 0 for per-slot ones)
 * @def: default after boot (with SLOTS slots)
 * @good: accepted values
 * @bad: rejected values (CORUN_FW_EINVAL)
 */
struct param_case {
	u32 id;
	u32 def;
	u32 good[4];
	u32 bad[4];
};

static const struct param_case param_cases[] = {
	{ CORUN_FW_P_TICK_CYCLES, FW_TICK_CYCLES_DEFAULT,
	  { CORUN_FW_TICK_CYCLES_MIN, 5000, 0xffffffff, 100000 },
	  { 0, 1, CORUN_FW_TICK_CYCLES_MIN - 1, 50 } },
	{ CORUN_FW_P_IRC_ENABLE, 0, { 1, 0, 1, 0 }, { 2, 3, 0x100, ~0u } },
	{ CORUN_FW_P_IRC_WINDOW, FW_IRC_WINDOW_DEFAULT,
	  { CORUN_FW_IRC_WINDOW_MIN, CORUN_FW_IRC_WINDOW_MAX, 4096, 1000 },
	  { 0, CORUN_FW_IRC_WINDOW_MIN - 1, CORUN_FW_IRC_WINDOW_MAX + 1, ~0u } },
	{ CORUN_FW_P_LLC_POLICY, CORUN_LLC_LRU,
	  { CORUN_LLC_PROB_STATIC, CORUN_LLC_PROB_DYNAMIC, CORUN_LLC_WAYPART,
	    CORUN_LLC_LRU },
	  { CORUN_LLC_NR, CORUN_LLC_NR + 1, 0x80000000, ~0u } },
	{ CORUN_FW_P_VCP_MODE, CORUN_VCP_SHARED,
	  { CORUN_VCP_STATIC, CORUN_VCP_DYNAMIC, CORUN_VCP_SHARED,
	    CORUN_VCP_STATIC },
	  { CORUN_VCP_NR, CORUN_VCP_NR + 7, 0x10000, ~0u } },
	{ CORUN_FW_P_IRC_SHARE, CORUN_FW_IRC_SHARE_ONE / SLOTS,
	  { 0, CORUN_FW_IRC_SHARE_ONE, 1, 512 },
	  { CORUN_FW_IRC_SHARE_ONE + 1, 2048, 0x10000, ~0u } },
	{ CORUN_FW_P_IRC_PRIO, 0, { CORUN_FW_IRC_PRIO_MAX, 1, 7, 0 },
	  { CORUN_FW_IRC_PRIO_MAX + 1, 100, 0x8000, ~0u } },
	{ CORUN_FW_P_L1_WAYS, FW_L1_WAYS_ALL, { 1, 0xf0, 0x80000000, 0xff },
	  { 0, 0, 0, 0 } },
	{ CORUN_FW_P_L1_BYPASS_CTAS, 0,
	  { 1, CORUN_FW_L1_BYPASS_CTAS_ALL, 0, 7 },
	  { CORUN_FW_L1_BYPASS_CTAS_ALL + 1, 0x10000, 0x80000000, ~0u } },
};

static void fw_test_param_validation(struct kunit *test)
{
	unsigned int i, k, slot;

	boot(test);
	for (i = 0; i < ARRAY_SIZE(param_cases); i++) {
		const struct param_case *c = &param_cases[i];
		bool per_slot = c->id >= 0x100;

		for (slot = 0; slot < (per_slot ? SLOTS : 1); slot++) {
			u32 id = per_slot ? CORUN_FW_PARAM_SLOT(c->id, slot) :
					    c->id;
			u32 cur = c->def, v, old;

			KUNIT_EXPECT_EQ_MSG(test, get_param(id, &v), OK_HDR(1),
					    "param 0x%x", id);
			KUNIT_EXPECT_EQ_MSG(test, v, c->def, "param 0x%x", id);
			for (k = 0; k < ARRAY_SIZE(c->good); k++) {
				KUNIT_EXPECT_EQ_MSG(test,
						    set_param(id, c->good[k], &old),
						    OK_HDR(1), "param 0x%x = 0x%x",
						    id, c->good[k]);
				KUNIT_EXPECT_EQ_MSG(test, old, cur,
						    "param 0x%x old", id);
				cur = c->good[k];
				KUNIT_EXPECT_EQ(test, get_param(id, &v),
						OK_HDR(1));
				KUNIT_EXPECT_EQ(test, v, cur);
			}
			for (k = 0; k < ARRAY_SIZE(c->bad); k++) {
				KUNIT_EXPECT_EQ_MSG(test,
						    set_param(id, c->bad[k], &old),
						    ERR_HDR(CORUN_FW_EINVAL),
						    "param 0x%x = 0x%x", id,
						    c->bad[k]);
				/* A rejected value leaves the old one. */
				KUNIT_EXPECT_EQ(test, get_param(id, &v),
						OK_HDR(1));
				KUNIT_EXPECT_EQ(test, v, cur);
			}
		}
	}
}

static u32 credits(unsigned int slot)
{
	return fake_reg(CORUN_MCU_SLOT(slot, CORUN_MCU_S_IRC_CREDITS));
}

static void fw_test_irc_credits(struct kunit *test)
{
	unsigned int s;

	KUNIT_EXPECT_EQ(test, fw_irc_credits(0, 1000), 0u);
	KUNIT_EXPECT_EQ(test, fw_irc_credits(1, 100), 1u); /* rounds up to 1 */
	KUNIT_EXPECT_EQ(test, fw_irc_credits(512, 1000), 500u);
	KUNIT_EXPECT_EQ(test, fw_irc_credits(CORUN_FW_IRC_SHARE_ONE,
					     CORUN_FW_IRC_WINDOW_MAX),
			CORUN_FW_IRC_WINDOW_MAX);

	boot(test);
	/* Off: no limit, whatever the shares. */
	KUNIT_EXPECT_EQ(test,
			set_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 3),
				  512, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(3), CORUN_FW_IRC_CREDITS_UNLIMITED);

	KUNIT_EXPECT_EQ(test, set_param(CORUN_FW_P_IRC_WINDOW, 2000, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, set_param(CORUN_FW_P_IRC_ENABLE, 1, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(3), 1000u);
	/* The others keep the even split: 128/1024 of 2000 cycles. */
	for (s = 0; s < SLOTS; s++)
		if (s != 3)
			KUNIT_EXPECT_EQ(test, credits(s), 250u);

	/* A new window rescales every slot. */
	KUNIT_EXPECT_EQ(test, set_param(CORUN_FW_P_IRC_WINDOW, 4000, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(3), 2000u);
	KUNIT_EXPECT_EQ(test, credits(0), 500u);
	/* ...and the hardware refills over the same window. */
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_IRC_WINDOW), 4000u);

	KUNIT_EXPECT_EQ(test,
			set_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 0),
				  0, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, credits(0), 0u);

	KUNIT_EXPECT_EQ(test, set_param(CORUN_FW_P_IRC_ENABLE, 0, NULL),
			OK_HDR(1));
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, credits(s), CORUN_FW_IRC_CREDITS_UNLIMITED);
}

static void fw_test_slot_registers(struct kunit *test)
{
	boot(test);
	KUNIT_EXPECT_EQ(test,
			set_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 5),
				  0x0f, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_SLOT(5, CORUN_MCU_S_L1_WAYS)),
			0x0fu);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_SLOT(4, CORUN_MCU_S_L1_WAYS)),
			FW_L1_WAYS_ALL);
	KUNIT_EXPECT_EQ(test,
			set_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_BYPASS_CTAS,
						      2),
				  3, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test,
			fake_reg(CORUN_MCU_SLOT(2, CORUN_MCU_S_L1_BYPASS_CTAS)),
			3u);
	KUNIT_EXPECT_EQ(test,
			set_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO, 7),
				  9, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_SLOT(7, CORUN_MCU_S_IRC_PRIO)),
			9u);
	/* A rejected value writes nothing. */
	KUNIT_EXPECT_EQ(test,
			set_param(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 5), 0,
				  NULL),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_SLOT(5, CORUN_MCU_S_L1_WAYS)),
			0x0fu);

	KUNIT_EXPECT_EQ(test, set_param(CORUN_FW_P_TICK_CYCLES, 777, NULL),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_TIMER_CMP), 777u);
}

static void fw_test_tick_counting(struct kunit *test)
{
	u32 v;
	int i;

	boot(test);
	for (i = 0; i < 5; i++) {
		fake.events = CORUN_MCU_EV_TICK;
		KUNIT_EXPECT_EQ(test, fw_poll(), (u32)CORUN_MCU_EV_TICK);
		KUNIT_EXPECT_EQ(test, fake.events, 0u);
	}
	KUNIT_EXPECT_EQ(test, fw_poll(), 0u);
	KUNIT_EXPECT_EQ(test, get_param(CORUN_FW_P_TICKS, &v), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 5u);

	/* Epochs and unknown event bits are acknowledged, not ticks. */
	fake.events = CORUN_MCU_EV_EPOCH | BIT(7);
	KUNIT_EXPECT_EQ(test, fw_poll(), (u32)(CORUN_MCU_EV_EPOCH | BIT(7)));
	KUNIT_EXPECT_EQ(test, fake.events, 0u);
	KUNIT_EXPECT_EQ(test, fw.epochs, 1u);
	KUNIT_EXPECT_EQ(test, fw.ticks, 5u);
}

/* Put a request into the window as the device does. */
static void post(u32 seq, const u32 *words)
{
	unsigned int i;

	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		fake_set_reg(CORUN_MCU_MBOX_IN + 4 * i, words[i]);
	fake_set_reg(CORUN_MCU_MBOX_SEQ, seq);
	fake.events |= CORUN_MCU_EV_MBOX;
}

static void fw_test_mbox_window(struct kunit *test)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, 2),
				     0xcafe, 0xf00d };
	unsigned int i;

	boot(test);
	/* Stale reply words must not survive into the next reply. */
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		fake_set_reg(CORUN_MCU_MBOX_OUT + 4 * i, 0xeeeeeeee);
	post(41, in);
	KUNIT_EXPECT_EQ(test, fw_poll(), (u32)CORUN_MCU_EV_MBOX);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_DONE), 41u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT), OK_HDR(2));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT + 4), 0xcafeu);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT + 8), 0xf00du);
	for (i = 3; i < CORUN_MBOX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT + 4 * i), 0u);

	in[0] = CORUN_MBOX_HDR(99, 0);
	post(42, in);
	KUNIT_EXPECT_EQ(test, fw_poll(), (u32)CORUN_MCU_EV_MBOX);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_DONE), 42u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT),
			ERR_HDR(CORUN_FW_ENOSYS));
	KUNIT_EXPECT_EQ(test, fw.requests, 2u);
}

/* Device script for fw_main(): one event per WFE, then stop. */
static unsigned int script_step;

static void script_hook(void)
{
	static const u32 nop[CORUN_MBOX_WORDS] = {
		CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0)
	};

	switch (script_step++) {
	case 0:
	case 1:
	case 2:
		fake.events = CORUN_MCU_EV_TICK;
		break;
	case 3:
		post(7, nop);
		break;
	case 4:
		/* Two at once: handled in one pass. */
		fake.events = CORUN_MCU_EV_TICK | CORUN_MCU_EV_EPOCH;
		break;
	default:
		fake_stop();
	}
}

static void fw_test_event_loop(struct kunit *test)
{
	fake.wfe_hook = script_hook;
	if (!setjmp(fake.stop)) {
		fw_main();
		KUNIT_FAIL(test, "fw_main returned");
	}
	KUNIT_EXPECT_EQ(test, fake.panic_code, 0u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_READY), (u32)FW_VERSION);
	KUNIT_EXPECT_EQ(test, fw.ticks, 4u);
	KUNIT_EXPECT_EQ(test, fw.epochs, 1u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_DONE), 7u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT), OK_HDR(0));
	/* It slept once per event batch and never with an event pending. */
	KUNIT_EXPECT_EQ(test, fake.wfe_count, 6u);
	KUNIT_EXPECT_EQ(test, fake.wfe_busy, 0u);
}

static struct kunit_case fw_test_cases[] = {
	KUNIT_CASE(fw_test_boot_handshake),
	KUNIT_CASE(fw_test_boot_bad_id),
	KUNIT_CASE(fw_test_boot_clamps_slots),
	KUNIT_CASE(fw_test_cmd_nop),
	KUNIT_CASE(fw_test_cmd_version),
	KUNIT_CASE(fw_test_cmd_echo),
	KUNIT_CASE(fw_test_bad_requests),
	KUNIT_CASE(fw_test_param_validation),
	KUNIT_CASE(fw_test_irc_credits),
	KUNIT_CASE(fw_test_slot_registers),
	KUNIT_CASE(fw_test_tick_counting),
	KUNIT_CASE(fw_test_mbox_window),
	KUNIT_CASE(fw_test_event_loop),
	{}
};

static struct kunit_suite fw_test_suite = {
	.name = "corun_fw",
	.init = fw_test_init,
	.test_cases = fw_test_cases,
};

kunit_test_suites(&fw_test_suite);
