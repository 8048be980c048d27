// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Native unit tests of the corun firmware, built against the fake
 * register window: boot handshake and the defaults every policy
 * programs, every mailbox command and error status, SET_PARAMS all or
 * nothing, the registry, tick and epoch handling and the WFE event loop.
 * The policies' own behaviour is in fw_policy_test.c.
 */
#include <string.h>

#include <testing/fw_params.h>

#include "fw_test.h"

static void fw_test_boot_handshake(struct kunit *test)
{
	unsigned int s;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_READY), (u32)FW_VERSION);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_TIMER_CMP),
			FW_TICK_CYCLES_DEFAULT);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_IRC_WINDOW),
			FW_IRC_WINDOW_DEFAULT);
	KUNIT_EXPECT_EQ(test, fw.num_slots, (u32)SLOTS);
	KUNIT_EXPECT_EQ(test, fw.num_sms, (u32)SMS);
	KUNIT_EXPECT_EQ(test, fw.num_vcs, (u32)FAKE_VCS);
	KUNIT_EXPECT_EQ(test, fw.l1_ways, (u32)FAKE_L1_WAYS);
	KUNIT_EXPECT_EQ(test, fw.llc_ways, (u32)FAKE_LLC_WAYS);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_LLC_VICTIM),
			(u32)CORUN_LLC_VICTIM_LRU);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_LLC_PROB), FW_LLC_PROB_DEFAULT);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_DRAM_POLICY),
			(u32)CORUN_DRAM_FRFCFS);
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_VC),
				CORUN_FW_VC_CONFIG);
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_DRAM_PRIO), 0u);
		KUNIT_EXPECT_EQ(test, slot_reg(s, CORUN_MCU_S_LLC_WAYS),
				FW_LLC_WAYS_ALL);
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
	for (s = 0; s < CORUN_MCU_SLOT_STRIDE; s += 4)
		KUNIT_EXPECT_EQ(test, slot_reg(SLOTS, s), 0u);
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
	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fw.num_slots, (u32)CORUN_MAX_SLOTS);
	KUNIT_EXPECT_EQ(test,
			fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO,
						      CORUN_MAX_SLOTS - 1), &v),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test,
			fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO,
						      CORUN_MAX_SLOTS), &v),
			ERR_HDR(CORUN_FW_ENOENT));
}

static void fw_test_cmd_nop(struct kunit *test)
{
	u32 out[CORUN_MBOX_WORDS];

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0), out),
			OK_HDR(0));
	KUNIT_EXPECT_EQ(test, fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 1), out),
			ERR_HDR(CORUN_FW_EINVAL));
}

static void fw_test_cmd_version(struct kunit *test)
{
	u32 out[CORUN_MBOX_WORDS];
	unsigned int i;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test,
			fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_VERSION, 0), out),
			OK_HDR(3));
	KUNIT_EXPECT_EQ(test, out[1], (u32)CORUN_FWIF_VERSION);
	KUNIT_EXPECT_EQ(test, out[2], (u32)FW_VERSION);
	/* Exactly what the policies implement. */
	KUNIT_EXPECT_EQ(test, out[3], fw_features());
	KUNIT_EXPECT_EQ(test, out[3], (u32)FW_FEATURES);
	for (i = 4; i < CORUN_MBOX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, out[i], 0u);
	KUNIT_EXPECT_EQ(test,
			fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_VERSION, 3), out),
			ERR_HDR(CORUN_FW_EINVAL));
}

static void fw_test_cmd_echo(struct kunit *test)
{
	u32 in[CORUN_MBOX_WORDS], out[CORUN_MBOX_WORDS];
	u32 len, i;

	fw_test_boot(test);
	for (len = 0; len <= CORUN_MBOX_MAX_PAYLOAD; len++) {
		in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, len);
		for (i = 1; i < CORUN_MBOX_WORDS; i++)
			in[i] = 0x1000 * len + i;
		KUNIT_EXPECT_EQ(test, fw_test_req(in, out), OK_HDR(len));
		for (i = 1; i < CORUN_MBOX_WORDS; i++)
			KUNIT_EXPECT_EQ(test, out[i], i <= len ? in[i] : 0u);
	}
	/* A length beyond the mailbox is malformed, not truncated. */
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, 16);
	KUNIT_EXPECT_EQ(test, fw_test_req(in, out), ERR_HDR(CORUN_FW_EINVAL));
	for (i = 1; i < CORUN_MBOX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, out[i], 0u);
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, 0xff);
	KUNIT_EXPECT_EQ(test, fw_test_req(in, out), ERR_HDR(CORUN_FW_EINVAL));
}

static void fw_test_bad_requests(struct kunit *test)
{
	u32 out[CORUN_MBOX_WORDS];
	u32 v;

	fw_test_boot(test);
	/* Unknown commands, whatever their length. */
	KUNIT_EXPECT_EQ(test, fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NR, 0), out),
			ERR_HDR(CORUN_FW_ENOSYS));
	KUNIT_EXPECT_EQ(test, fw_test_req_hdr(CORUN_MBOX_HDR(0xffff, 3), out),
			ERR_HDR(CORUN_FW_ENOSYS));
	/* Header bits 24..31 are unused and must be zero. */
	KUNIT_EXPECT_EQ(test,
			fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0) | BIT(24),
				out),
			ERR_HDR(CORUN_FW_EINVAL));
	/* SET_PARAM takes exactly 2 words, GET_PARAM exactly 1. */
	KUNIT_EXPECT_EQ(test,
			fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 1), out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 3), out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 0), out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			fw_test_req_hdr(CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 2), out),
			ERR_HDR(CORUN_FW_EINVAL));
	/* Unknown parameters. */
	KUNIT_EXPECT_EQ(test, fw_test_get(0, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, fw_test_get(0x0004, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, fw_test_get(0x0022, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, fw_test_get(0x8000, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, fw_test_get(0xff00, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, fw_test_get(0x10001, &v), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, fw_test_set(0x00ff, 1, NULL),
			ERR_HDR(CORUN_FW_ENOENT));
	/* Per-slot parameters of a slot the hardware lacks. */
	KUNIT_EXPECT_EQ(test,
			fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE,
						      SLOTS), &v),
			ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 0xff),
				  1, NULL),
			ERR_HDR(CORUN_FW_ENOENT));
	/* The read-only counters and monitors. */
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_TICKS, 0, NULL),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, fw_test_set(CORUN_FW_P_EPOCHS, 0, NULL),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_RF, 1), 0,
				    NULL),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test,
			fw_test_set(CORUN_FW_PARAM_SLOT(CORUN_FW_P_DF, 1), 0,
				    NULL),
			ERR_HDR(CORUN_FW_EINVAL));
}


/* How many policies own @base, and how many of corun_fw_params_all[] it is. */
static void owners_of(u32 base, unsigned int *owners, unsigned int *known)
{
	const struct fw_policy *const *p;
	unsigned int i;

	*owners = 0;
	for (p = fw_policies; *p; p++)
		*owners += (*p)->param(base, 0) != NULL;
	*known = 0;
	for (i = 0; i < CORUN_FW_NPARAMS; i++)
		*known += corun_fw_params_all[i] == base;
}

/*
 * The registry: every hook a policy needs is there, every parameter of
 * fwif.h has exactly one owner, and no id outside fwif.h has one.
 */
static void fw_test_registry(struct kunit *test)
{
	const struct fw_policy *const *p;
	unsigned int owners, known, npol = 0;
	u32 base;

	fw_test_boot(test);
	for (p = fw_policies; *p; p++, npol++) {
		KUNIT_EXPECT_NOT_NULL(test, (*p)->name);
		KUNIT_EXPECT_NOT_NULL(test, (*p)->init);
		KUNIT_EXPECT_NOT_NULL(test, (*p)->param);
		KUNIT_EXPECT_NOT_NULL(test, (*p)->param_valid);
		KUNIT_EXPECT_NOT_NULL(test, (*p)->param_apply);
	}
	KUNIT_EXPECT_EQ(test, npol, 9u);
	/* Global ids, then per-slot bases. */
	for (base = 0; base <= 0xff00; base += base < 0x100 ? 1 : 0x100) {
		owners_of(base, &owners, &known);
		KUNIT_EXPECT_EQ_MSG(test, owners, known, "param 0x%04x", base);
	}
}

static void fw_test_set_params(struct kunit *test)
{
	const u32 ok[] = {
		CORUN_FW_P_IRC_WINDOW, 1000,
		CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 1), 512,
		CORUN_FW_P_IRC_ENABLE, 1,
		CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 2), 0x3,
		CORUN_FW_P_VCP_MODE, CORUN_VCP_STATIC,
		CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 2), 3,
		CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 2), 1, /* the last wins */
	};
	u32 bad[ARRAY_SIZE(ok)];
	u32 out[CORUN_MBOX_WORDS], in[CORUN_MBOX_WORDS] = { 0 };
	u32 w, v, i, snap[CORUN_MCU_CTL_SIZE / 4];

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fw_test_set_many(ok, 7, &w), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, w, 7u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_IRC_WINDOW), 1000u);
	KUNIT_EXPECT_EQ(test, slot_reg(1, CORUN_MCU_S_IRC_CREDITS), 500u);
	KUNIT_EXPECT_EQ(test, slot_reg(0, CORUN_MCU_S_IRC_CREDITS), 125u);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_L1_WAYS), 3u);
	KUNIT_EXPECT_EQ(test, slot_reg(2, CORUN_MCU_S_VC), 1u);
	KUNIT_EXPECT_EQ(test, slot_reg(3, CORUN_MCU_S_VC), CORUN_FW_VC_CONFIG);
	KUNIT_EXPECT_EQ(test,
			fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 2), &v),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 1u);

	/*
	 * One bad pair anywhere: its status and index, and nothing of the
	 * others reaches the store or the window.
	 */
	for (i = 0; i < 7; i++) {
		memcpy(bad, ok, sizeof(ok));
		bad[0] = CORUN_FW_P_IRC_WINDOW; /* all different from now */
		bad[1] = 4000;
		bad[3] = 1024;
		bad[5] = 0;
		bad[7] = 0xc;
		bad[9] = CORUN_VCP_SHARED;
		bad[11] = 2;
		bad[13] = 2;
		if (i % 2)
			bad[2 * i] = CORUN_FW_PARAM_SLOT(bad[2 * i], SLOTS);
		else
			bad[2 * i + 1] = 0xdeadbeef;
		memcpy(snap, fake.regs, sizeof(snap));
		KUNIT_EXPECT_EQ_MSG(test, fw_test_set_many(bad, 7, &w),
				    CORUN_MBOX_HDR(i % 2 ? CORUN_FW_ENOENT :
							   CORUN_FW_EINVAL,
						   1),
				    "bad pair %u", i);
		KUNIT_EXPECT_EQ(test, w, i);
		KUNIT_EXPECT_MEMEQ(test, fake.regs, snap, sizeof(snap));
		KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_IRC_WINDOW, &v),
				OK_HDR(1));
		KUNIT_EXPECT_EQ(test, v, 1000u);
		KUNIT_EXPECT_EQ(test,
				fw_test_get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 2),
					    &v),
				OK_HDR(1));
		KUNIT_EXPECT_EQ(test, v, 1u);
	}
	/* A read-only parameter is refused like a bad value. */
	bad[0] = CORUN_FW_P_TICK_CYCLES;
	bad[1] = 5000;
	bad[2] = CORUN_FW_P_TICKS;
	bad[3] = 0;
	KUNIT_EXPECT_EQ(test, fw_test_set_many(bad, 2, &w),
			CORUN_MBOX_HDR(CORUN_FW_EINVAL, 1));
	KUNIT_EXPECT_EQ(test, w, 1u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_TIMER_CMP),
			FW_TICK_CYCLES_DEFAULT);

	/* Malformed: no pair, half a pair, more pairs than the mailbox. */
	for (i = 0; i <= CORUN_MBOX_MAX_PAYLOAD; i++) {
		if (i && i % 2 == 0)
			continue;
		in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS, i);
		in[1] = CORUN_FW_P_TICK_CYCLES;
		in[2] = 5000;
		KUNIT_EXPECT_EQ_MSG(test, fw_test_req(in, out),
				    ERR_HDR(CORUN_FW_EINVAL), "%u words", i);
		KUNIT_EXPECT_EQ(test, out[1], 0u);
	}
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS, 16);
	KUNIT_EXPECT_EQ(test, fw_test_req(in, out), ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_TIMER_CMP),
			FW_TICK_CYCLES_DEFAULT);
	/* The most a request holds. */
	for (i = 0; i < CORUN_FW_SET_PARAMS_MAX; i++) {
		bad[2 * i] = CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, i);
		bad[2 * i + 1] = i + 1;
	}
	KUNIT_EXPECT_EQ(test, fw_test_set_many(bad, CORUN_FW_SET_PARAMS_MAX, &w),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, w, (u32)CORUN_FW_SET_PARAMS_MAX);
	for (i = 0; i < CORUN_FW_SET_PARAMS_MAX; i++)
		KUNIT_EXPECT_EQ(test, slot_reg(i, CORUN_MCU_S_DRAM_PRIO), i + 1);
}

/* An epoch reads its sequence number, then runs the epoch handlers. */
static void fw_test_epoch(struct kunit *test)
{
	u32 v;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fw.epoch_seq, 0u);
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, 41);
	fake.events = CORUN_MCU_EV_EPOCH;
	fake.ctr_reads = 0;
	KUNIT_EXPECT_EQ(test, fw_poll(), (u32)CORUN_MCU_EV_EPOCH);
	KUNIT_EXPECT_EQ(test, fw.epoch_seq, 41u);
	/* The monitor read three counters of every slot. */
	KUNIT_EXPECT_EQ(test, fake.ctr_reads, 3u * SLOTS);
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_EPOCHS, &v), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 1u);
	/* Several epochs in one event: one handled, the sequence tells. */
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, 44);
	fake.events = CORUN_MCU_EV_EPOCH;
	fw_poll();
	KUNIT_EXPECT_EQ(test, fw.epoch_seq, 44u);
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_EPOCHS, &v), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 2u);
	/* Ticks run no epoch handler. */
	fake.events = CORUN_MCU_EV_TICK;
	fake.ctr_reads = 0;
	fw_poll();
	KUNIT_EXPECT_EQ(test, fake.ctr_reads, 0u);
}

static void fw_test_tick_counting(struct kunit *test)
{
	u32 v;
	int i;

	fw_test_boot(test);
	for (i = 0; i < 5; i++) {
		fake.events = CORUN_MCU_EV_TICK;
		KUNIT_EXPECT_EQ(test, fw_poll(), (u32)CORUN_MCU_EV_TICK);
		KUNIT_EXPECT_EQ(test, fake.events, 0u);
	}
	KUNIT_EXPECT_EQ(test, fw_poll(), 0u);
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_TICKS, &v), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 5u);

	/* Epochs and unknown event bits are acknowledged, not ticks. */
	fake.events = CORUN_MCU_EV_EPOCH | BIT(7);
	KUNIT_EXPECT_EQ(test, fw_poll(), (u32)(CORUN_MCU_EV_EPOCH | BIT(7)));
	KUNIT_EXPECT_EQ(test, fake.events, 0u);
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_EPOCHS, &v), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 1u);
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

	fw_test_boot(test);
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

/*
 * An epoch and a request about it pending together: the request sees the
 * epoch's monitors, as it does when the firmware woke in between.
 */
static void fw_test_epoch_before_mbox(struct kunit *test)
{
	u32 in[CORUN_MBOX_WORDS] = {
		CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 1),
		CORUN_FW_PARAM_SLOT(CORUN_FW_P_RF, 2),
	};

	fw_test_boot(test);
	fake.ctr[2][FW_CTR(requests)] = 100;
	fake.ctr[2][FW_CTR(read_requests)] = 25;
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, 1);
	fake.events = CORUN_MCU_EV_EPOCH;
	post(7, in);
	KUNIT_EXPECT_EQ(test, fw_poll(),
			(u32)(CORUN_MCU_EV_EPOCH | CORUN_MCU_EV_MBOX));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_DONE), 7u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT + 4), 256u);
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
	u32 v;

	fake.wfe_hook = script_hook;
	if (!setjmp(fake.stop)) {
		fw_main();
		KUNIT_FAIL(test, "fw_main returned");
	}
	KUNIT_EXPECT_EQ(test, fake.panic_code, 0u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_READY), (u32)FW_VERSION);
	KUNIT_EXPECT_EQ(test, fw.ticks, 4u);
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_EPOCHS, &v), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, v, 1u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_DONE), 7u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_OUT), OK_HDR(0));
	/* It slept once per event batch and never with an event pending. */
	KUNIT_EXPECT_EQ(test, fake.wfe_count, 6u);
	KUNIT_EXPECT_EQ(test, fake.wfe_busy, 0u);
	/* One beat per pass: 5 batches handled, 6 passes that found none. */
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_HEARTBEAT), 11u);
}

/* Every pass beats, whatever it finds; a new boot counts from 0 again. */
static void fw_test_heartbeat(struct kunit *test)
{
	static const u32 nop[CORUN_MBOX_WORDS] = {
		CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0)
	};
	u32 i;

	fw_test_boot(test);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_HEARTBEAT), 0u);
	KUNIT_EXPECT_EQ(test, fw_poll(), 0u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_HEARTBEAT), 1u);
	for (i = 0; i < 3; i++) {
		fake.events = CORUN_MCU_EV_TICK;
		fw_poll();
	}
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_HEARTBEAT), 4u);
	/* Only the loop beats: a request handled outside it does not. */
	KUNIT_EXPECT_EQ(test, fw_test_get(CORUN_FW_P_TICKS, &i), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_HEARTBEAT), 4u);
	post(9, nop);
	KUNIT_EXPECT_EQ(test, fw_poll(), (u32)CORUN_MCU_EV_MBOX);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_MBOX_DONE), 9u);
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_HEARTBEAT), 5u);
	fw_test_boot(test);
	fw_poll();
	KUNIT_EXPECT_EQ(test, fake_reg(CORUN_MCU_HEARTBEAT), 1u);
}

static struct kunit_case fw_test_cases[] = {
	KUNIT_CASE(fw_test_boot_handshake),
	KUNIT_CASE(fw_test_boot_bad_id),
	KUNIT_CASE(fw_test_boot_clamps_slots),
	KUNIT_CASE(fw_test_cmd_nop),
	KUNIT_CASE(fw_test_cmd_version),
	KUNIT_CASE(fw_test_cmd_echo),
	KUNIT_CASE(fw_test_bad_requests),
	KUNIT_CASE(fw_test_registry),
	KUNIT_CASE(fw_test_set_params),
	KUNIT_CASE(fw_test_epoch),
	KUNIT_CASE(fw_test_tick_counting),
	KUNIT_CASE(fw_test_mbox_window),
	KUNIT_CASE(fw_test_epoch_before_mbox),
	KUNIT_CASE(fw_test_event_loop),
	KUNIT_CASE(fw_test_heartbeat),
	{}
};

static struct kunit_suite fw_test_suite = {
	.name = "corun_fw",
	.init = fw_test_init,
	.test_cases = fw_test_cases,
};

kunit_test_suites(&fw_test_suite);
