// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Integration tests: the real RV32 corun-fw.bin booted in the MCU model
 * (emu/mcu.c) behind a fake device, driven through the mailbox as the
 * device model will drive it.
 *
 * The image is $CORUN_FW_IMAGE, or ../corun-fw.bin relative to this
 * program (both live under $(O)/firmware/).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kunit/host_paths.h>
#include <kunit/test.h>

#include "mcu.h"
#include "../fw_version.h"

#define FW_VERSION ((FW_VERSION_MAJOR << 16) | FW_VERSION_MINOR)
#define SLOTS 8
#define VCS 4
#define L1_WAYS 8
#define LLC_WAYS 16
#define CTR_WORDS (sizeof(struct corun_slot_counters) / 8)
#define BOOT_CYCLES 100000 /* generous bound for the boot handshake */

static u8 *image;
static size_t image_len;

static int load_image_file(struct kunit_suite *suite)
{
	const char *env = getenv("CORUN_FW_IMAGE");
	char path[PATH_MAX + 32];
	FILE *f;
	long len;
	int ret;

	(void)suite;
	if (env) {
		snprintf(path, sizeof(path), "%s", env);
	} else {
		ret = kunit_exe_path(path, sizeof(path), "../corun-fw.bin");
		if (ret)
			return ret;
	}
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "# fw-mcu-test: %s: %s\n", path, strerror(errno));
		return -ENOENT;
	}
	len = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
	if (len <= 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return -EIO;
	}
	image = malloc(len);
	image_len = len;
	if (!image || fread(image, 1, len, f) != (size_t)len) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	return 0;
}

/* ---- the fake device -------------------------------------------------- */

/*
 * The window as a register array, plus each slot's 64-bit counters behind
 * CORUN_MCU_S_CTR_SEL/LO/HI, latched as the device latches them.
 */
struct dev {
	u32 regs[CORUN_MCU_CTL_SIZE / 4];
	u64 ctr[SLOTS][CTR_WORDS];
	unsigned int ready;
	unsigned int done;
	unsigned int crash;
};

static u32 dev_read(void *ctx, u32 off)
{
	struct dev *d = ctx;
	u32 n = (off - CORUN_MCU_SLOT_BASE) / CORUN_MCU_SLOT_STRIDE;
	u32 sel;
	u64 v = 0;

	if (off < CORUN_MCU_SLOT_BASE || n >= SLOTS ||
	    (off - CORUN_MCU_SLOT_BASE) % CORUN_MCU_SLOT_STRIDE !=
		    CORUN_MCU_S_CTR_LO)
		return d->regs[off / 4];
	sel = d->regs[CORUN_MCU_SLOT(n, CORUN_MCU_S_CTR_SEL) / 4];
	if (sel < CTR_WORDS)
		v = d->ctr[n][sel];
	d->regs[CORUN_MCU_SLOT(n, CORUN_MCU_S_CTR_HI) / 4] = (u32)(v >> 32);
	return (u32)v;
}

static void dev_write(void *ctx, u32 off, u32 val)
{
	struct dev *d = ctx;

	d->regs[off / 4] = val;
}

static void dev_notify(void *ctx, enum mcu_notify what)
{
	struct dev *d = ctx;

	if (what == MCU_NOTIFY_READY)
		d->ready++;
	else if (what == MCU_NOTIFY_MBOX_DONE)
		d->done++;
	else
		d->crash++;
}

struct env {
	struct dev dev;
	struct mcu *mcu;
	u32 seq;
};

static void env_free(void *p)
{
	struct env *e = p;

	mcu_destroy(e->mcu);
	free(e);
}

static struct env *env_new(struct kunit *test)
{
	struct env *e = calloc(1, sizeof(*e));
	struct mcu_hw_ops ops = {
		.read = dev_read,
		.write = dev_write,
		.notify = dev_notify,
	};

	KUNIT_ASSERT_NOT_NULL(test, e);
	ops.ctx = &e->dev;
	e->mcu = mcu_create(&ops);
	KUNIT_ASSERT_NOT_NULL(test, e->mcu);
	e->dev.regs[CORUN_MCU_NUM_SLOTS / 4] = SLOTS;
	e->dev.regs[CORUN_MCU_NUM_SMS / 4] = 16;
	e->dev.regs[CORUN_MCU_NUM_VCS / 4] = VCS;
	e->dev.regs[CORUN_MCU_L1_WAYS / 4] = L1_WAYS;
	e->dev.regs[CORUN_MCU_LLC_WAYS / 4] = LLC_WAYS;
	kunit_add_action(test, env_free, e);
	return e;
}

static u32 slot_reg(struct env *e, unsigned int slot, u32 reg)
{
	return e->dev.regs[CORUN_MCU_SLOT(slot, reg) / 4];
}

/* Load the real image and run until READY. */
static struct env *boot(struct kunit *test)
{
	struct env *e = env_new(test);
	char err[256];

	KUNIT_ASSERT_EQ_MSG(test,
			    mcu_load_image(e->mcu, image, image_len, err,
					   sizeof(err)),
			    MCU_IMG_OK, "%s", err);
	mcu_run(e->mcu, BOOT_CYCLES);
	KUNIT_ASSERT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
	KUNIT_ASSERT_TRUE(test, mcu_ready(e->mcu, NULL));
	return e;
}

/*
 * One mailbox round trip: deliver, run until MBOX_DONE carries our
 * sequence number, return the reply header (reply words in @out).
 */
static u32 mbox(struct kunit *test, struct env *e, const u32 *in, u32 *out)
{
	u32 seq = ++e->seq;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, mcu_mbox_request(e->mcu, seq, in), 0);
	for (i = 0; i < 1000 && mcu_mbox_done(e->mcu) != seq; i++)
		mcu_run(e->mcu, 100);
	KUNIT_ASSERT_EQ(test, mcu_mbox_done(e->mcu), seq);
	KUNIT_ASSERT_FALSE(test, mcu_mbox_busy(e->mcu));
	KUNIT_ASSERT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
	mcu_mbox_reply(e->mcu, out);
	return out[0];
}

static u32 cmd(struct kunit *test, struct env *e, u32 c, u32 len, u32 a0,
	       u32 a1, u32 *out)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(c, len), a0, a1 };

	return mbox(test, e, in, out);
}

static u32 set_param(struct kunit *test, struct env *e, u32 id, u32 val)
{
	u32 out[CORUN_MBOX_WORDS];

	return cmd(test, e, CORUN_FW_CMD_SET_PARAM, 2, id, val, out);
}

static u32 get_param(struct kunit *test, struct env *e, u32 id)
{
	u32 out[CORUN_MBOX_WORDS];

	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_GET_PARAM, 1, id, 0, out),
			CORUN_MBOX_HDR(CORUN_FW_OK, 1));
	return out[1];
}

static u32 slot_param(struct kunit *test, struct env *e, u32 base,
		      unsigned int slot)
{
	return get_param(test, e, CORUN_FW_PARAM_SLOT(base, slot));
}

#define OK_HDR(len) CORUN_MBOX_HDR(CORUN_FW_OK, len)
#define ERR_HDR(st) CORUN_MBOX_HDR(st, 0)

/* ---- tests ------------------------------------------------------------ */

static void fw_mcu_test_boot(struct kunit *test)
{
	struct env *e = env_new(test);
	const struct corun_fw_header *h;
	u32 in[CORUN_MBOX_WORDS] = { 0 };
	u32 v = 0;
	unsigned int s;

	KUNIT_ASSERT_EQ(test, mcu_load_image(e->mcu, image, image_len, NULL, 0),
			MCU_IMG_OK);
	h = mcu_image_header(e->mcu);
	KUNIT_ASSERT_NOT_NULL(test, h);
	KUNIT_EXPECT_EQ(test, h->fw_version, (u32)FW_VERSION);
	/* Not up yet: the mailbox refuses requests. */
	KUNIT_EXPECT_EQ(test, mcu_mbox_request(e->mcu, 1, in), -ENODEV);

	mcu_run(e->mcu, BOOT_CYCLES);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
	KUNIT_EXPECT_TRUE(test, mcu_ready(e->mcu, &v));
	KUNIT_EXPECT_EQ(test, v, h->fw_version);
	KUNIT_EXPECT_EQ(test, e->dev.ready, 1u);
	KUNIT_EXPECT_EQ(test, e->dev.crash, 0u);
	/*
	 * Booting is short (clearing .bss, a word per 4 instructions, and
	 * every policy's defaults) and ends in WFE. 2.3's TCM state (its
	 * per-slot counters at the quantum's start) is 0.8 KB of it.
	 */
	KUNIT_EXPECT_LT(test, mcu_insns(e->mcu), 5000u);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));
	/* The per-slot registers got their defaults, unused slots nothing. */
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_IRC_CREDITS),
				0xffffffffu);
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_L1_WAYS),
				0xffffffffu);
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_VC),
				CORUN_FW_VC_CONFIG);
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_LLC_WAYS),
				0xffffffffu);
	}
	KUNIT_EXPECT_EQ(test, slot_reg(e, SLOTS, CORUN_MCU_S_L1_WAYS), 0u);
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_LLC_PROB / 4], 1023u);
}

static void fw_mcu_test_version_echo(struct kunit *test)
{
	struct env *e = boot(test);
	u32 in[CORUN_MBOX_WORDS], out[CORUN_MBOX_WORDS];
	unsigned int i;

	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_VERSION, 0, 0, 0, out),
			OK_HDR(3));
	KUNIT_EXPECT_EQ(test, out[1], (u32)CORUN_FWIF_VERSION);
	KUNIT_EXPECT_EQ(test, out[2], (u32)FW_VERSION);
	/* Exactly the implemented features. */
	KUNIT_EXPECT_EQ(test, out[3], (u32)FW_FEATURES);
	KUNIT_EXPECT_FALSE(test, out[3] & (CORUN_FW_FEAT_LLC_PROB_DYNAMIC |
					   CORUN_FW_FEAT_VCP_DYNAMIC));

	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_NOP, 0, 0, 0, out),
			OK_HDR(0));

	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, CORUN_MBOX_MAX_PAYLOAD);
	for (i = 1; i < CORUN_MBOX_WORDS; i++)
		in[i] = 0x9e3779b9u * i;
	KUNIT_EXPECT_EQ(test, mbox(test, e, in, out),
			OK_HDR(CORUN_MBOX_MAX_PAYLOAD));
	KUNIT_EXPECT_MEMEQ(test, &out[1], &in[1], 4 * CORUN_MBOX_MAX_PAYLOAD);
	KUNIT_EXPECT_EQ(test, e->dev.done, 3u);
}

static void fw_mcu_test_params(struct kunit *test)
{
	struct env *e = boot(test);
	u32 out[CORUN_MBOX_WORDS];

	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_TICK_CYCLES), 10000u);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_LLC_POLICY),
			(u32)CORUN_LLC_LRU);

	/* SET returns the old value; GET reads the new one back. */
	KUNIT_EXPECT_EQ(test,
			cmd(test, e, CORUN_FW_CMD_SET_PARAM, 2,
			    CORUN_FW_P_LLC_POLICY, CORUN_LLC_WAYPART, out),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, out[1], (u32)CORUN_LLC_LRU);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_LLC_POLICY),
			(u32)CORUN_LLC_WAYPART);
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_LLC_VICTIM / 4],
			(u32)CORUN_LLC_VICTIM_WAYPART);
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_VCP_MODE,
					CORUN_VCP_STATIC), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_VCP_MODE),
			(u32)CORUN_VCP_STATIC);
	/* Not implemented: refused, the mode stays. */
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_VCP_MODE,
					CORUN_VCP_DYNAMIC),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_LLC_POLICY,
					CORUN_LLC_PROB_DYNAMIC),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_VCP_MODE),
			(u32)CORUN_VCP_STATIC);
	KUNIT_EXPECT_EQ(test,
			set_param(test, e, CORUN_FW_PARAM_SLOT(CORUN_FW_P_VC, 5),
				  2),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(e, 5, CORUN_MCU_S_VC), 2u);

	/* IRC: credits = share * window / 1024 in the slot registers. */
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_IRC_WINDOW, 2048),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test,
			set_param(test, e,
				  CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 2),
				  768), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(e, 2, CORUN_MCU_S_IRC_CREDITS),
			0xffffffffu);
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_IRC_ENABLE, 1),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(e, 2, CORUN_MCU_S_IRC_CREDITS), 1536u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_IRC_CREDITS), 256u);

	KUNIT_EXPECT_EQ(test,
			set_param(test, e,
				  CORUN_FW_PARAM_SLOT(CORUN_FW_P_L1_WAYS, 7), 0x3),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(e, 7, CORUN_MCU_S_L1_WAYS), 3u);
	KUNIT_EXPECT_EQ(test,
			set_param(test, e,
				  CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO, 1), 15),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(test, slot_reg(e, 1, CORUN_MCU_S_IRC_PRIO), 15u);
	KUNIT_EXPECT_EQ(test,
			get_param(test, e,
				  CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 2)),
			768u);
}

static void fw_mcu_test_errors(struct kunit *test)
{
	struct env *e = boot(test);
	u32 out[CORUN_MBOX_WORDS];

	KUNIT_EXPECT_EQ(test, cmd(test, e, 0x1234, 0, 0, 0, out),
			ERR_HDR(CORUN_FW_ENOSYS));
	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_VERSION, 2, 0, 0, out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_ECHO, 16, 0, 0, out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_SET_PARAM, 1,
				  CORUN_FW_P_IRC_ENABLE, 0, out),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_GET_PARAM, 1, 0x77, 0,
				  out),
			ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test,
			set_param(test, e,
				  CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, SLOTS),
				  1), ERR_HDR(CORUN_FW_ENOENT));
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_TICK_CYCLES, 99),
			ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_LLC_POLICY,
					CORUN_LLC_NR), ERR_HDR(CORUN_FW_EINVAL));
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_TICKS, 5),
			ERR_HDR(CORUN_FW_EINVAL));
	/* The values stayed. */
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_TICK_CYCLES),
			10000u);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_LLC_POLICY),
			(u32)CORUN_LLC_LRU);
}

static void fw_mcu_test_mbox_busy(struct kunit *test)
{
	struct env *e = boot(test);
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0) };
	u32 out[CORUN_MBOX_WORDS];

	KUNIT_EXPECT_EQ(test, mcu_mbox_request(e->mcu, 50, in), 0);
	KUNIT_EXPECT_TRUE(test, mcu_mbox_busy(e->mcu));
	/* One request in flight: the second is refused, the first kept. */
	KUNIT_EXPECT_EQ(test, mcu_mbox_request(e->mcu, 51, in), -EBUSY);
	mcu_run(e->mcu, 10000);
	KUNIT_EXPECT_EQ(test, mcu_mbox_done(e->mcu), 50u);
	KUNIT_EXPECT_FALSE(test, mcu_mbox_busy(e->mcu));
	mcu_mbox_reply(e->mcu, out);
	KUNIT_EXPECT_EQ(test, out[0], OK_HDR(0));
	KUNIT_EXPECT_EQ(test, e->dev.done, 1u);
}

/* A deterministic storm of random requests never crashes the firmware. */
static void fw_mcu_test_garbage(struct kunit *test)
{
	struct env *e = boot(test);
	u32 in[CORUN_MBOX_WORDS], out[CORUN_MBOX_WORDS];
	u32 x = 12345, st;
	unsigned int i, k;

	for (i = 0; i < 2000; i++) {
		for (k = 0; k < CORUN_MBOX_WORDS; k++) {
			x = x * 1103515245u + 12345u;
			in[k] = x;
		}
		/* Keep a fair share of plausible headers. */
		if (i % 2)
			in[0] = CORUN_MBOX_HDR(x % (CORUN_FW_CMD_NR + 1),
					       (x >> 8) % 17);
		st = CORUN_MBOX_HDR_CMD(mbox(test, e, in, out));
		KUNIT_EXPECT_LE(test, st, (u32)CORUN_FW_ENOENT);
		/* Errors carry nothing but a refused SET_PARAMS pair's index. */
		if (st != CORUN_FW_OK && CORUN_MBOX_HDR_LEN(out[0]))
			KUNIT_EXPECT_EQ(test, CORUN_MBOX_HDR_CMD(in[0]),
					(u32)CORUN_FW_CMD_SET_PARAMS);
		if (st != CORUN_FW_OK)
			KUNIT_EXPECT_LE(test, CORUN_MBOX_HDR_LEN(out[0]),
					CORUN_MBOX_HDR_CMD(in[0]) ==
							CORUN_FW_CMD_SET_PARAMS ?
						1u :
						0u);
	}
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
	KUNIT_EXPECT_EQ(test, e->dev.crash, 0u);
	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_VERSION, 0, 0, 0, out),
			OK_HDR(3));
}

/* SET_PARAMS in the real image: all applied, or none. */
static void fw_mcu_test_set_params(struct kunit *test)
{
	struct env *e = boot(test);
	u32 in[CORUN_MBOX_WORDS] = {
		CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS, 8),
		CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_SLOT_PRIO,
		CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, 3), 9,
		CORUN_FW_P_LLC_POLICY, CORUN_LLC_PROB_STATIC,
		CORUN_FW_P_LLC_PROB, 1014,
	};
	u32 out[CORUN_MBOX_WORDS], before[CORUN_MCU_CTL_SIZE / 4];

	KUNIT_EXPECT_EQ(test, mbox(test, e, in, out), OK_HDR(1));
	KUNIT_EXPECT_EQ(test, out[1], 4u);
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_DRAM_POLICY / 4],
			(u32)CORUN_DRAM_SLOT_PRIO);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 3, CORUN_MCU_S_DRAM_PRIO), 9u);
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_LLC_VICTIM / 4],
			(u32)CORUN_LLC_VICTIM_PROB);
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_LLC_PROB / 4], 1014u);

	/* The last pair is refused: nothing of the first three lands. */
	in[2] = CORUN_DRAM_FRFCFS;
	in[4] = 1;
	in[6] = CORUN_LLC_WAYPART;
	in[8] = CORUN_FW_LLC_PROB_ONE + 1;
	memcpy(before, e->dev.regs, sizeof(before));
	KUNIT_EXPECT_EQ(test, mbox(test, e, in, out),
			CORUN_MBOX_HDR(CORUN_FW_EINVAL, 1));
	KUNIT_EXPECT_EQ(test, out[1], 3u);
	/* The reply words are the only ones the firmware wrote. */
	memcpy(&before[CORUN_MCU_MBOX_OUT / 4],
	       &e->dev.regs[CORUN_MCU_MBOX_OUT / 4], 4 * CORUN_MBOX_WORDS);
	before[CORUN_MCU_MBOX_DONE / 4] = e->dev.regs[CORUN_MCU_MBOX_DONE / 4];
	KUNIT_EXPECT_MEMEQ(test, e->dev.regs, before, sizeof(before));
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_DRAM_POLICY),
			(u32)CORUN_DRAM_SLOT_PRIO);

	/* Half a pair is malformed. */
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS, 3);
	KUNIT_EXPECT_EQ(test, mbox(test, e, in, out), ERR_HDR(CORUN_FW_EINVAL));
}

static void set_ctrs(struct env *e, unsigned int slot, u64 req, u64 reads,
		     u64 dram)
{
	e->dev.ctr[slot][offsetof(struct corun_slot_counters, requests) / 8] =
		req;
	e->dev.ctr[slot][offsetof(struct corun_slot_counters, read_requests) /
			 8] = reads;
	e->dev.ctr[slot][offsetof(struct corun_slot_counters, dram_accesses) /
			 8] = dram;
}

/* Announce epoch @seq and let the image handle it; its instructions. */
static u64 epoch_run(struct kunit *test, struct env *e, u32 seq)
{
	u64 insns = mcu_insns(e->mcu);

	e->dev.regs[CORUN_MCU_EPOCH_SEQ / 4] = seq;
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	mcu_run(e->mcu, 40000);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));
	return mcu_insns(e->mcu) - insns;
}

/*
 * Epochs in the real image: the sequence number is read, the monitors
 * compute rf and df from the 64-bit counters, and the work is bounded.
 */
static void fw_mcu_test_epoch(struct kunit *test)
{
	struct env *e = boot(test);
	u64 insns;
	unsigned int s;

	for (s = 0; s < SLOTS; s++)
		set_ctrs(e, s, 1000 * (s + 1), 500 * (s + 1), 250 * (s + 1));
	insns = epoch_run(test, e, 1);
	kunit_info(test, "epoch work for %u slots: %llu instructions", SLOTS,
		   (unsigned long long)insns);
	KUNIT_EXPECT_LT(test, insns, 1500u);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_EPOCHS), 1u);
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_RF, s), 512u);
		KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_DF, s), 256u);
	}

	/* Beyond 32 bits, in the image's own arithmetic (no DIVU fits). */
	set_ctrs(e, 0, 1000 + (3ull << 33), 500 + (1ull << 33),
		 250 + (5ull << 33));
	set_ctrs(e, 1, 2000 + 3, 1000 + 2, 500 + 7);
	e->dev.regs[CORUN_MCU_EPOCH_SEQ / 4] = 2;
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	mcu_run(e->mcu, 20000);
	KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_RF, 0), 341u);
	KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_DF, 0), 1706u);
	KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_RF, 1), 682u);
	KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_DF, 1), 2389u);
	/* Idle slots this epoch. */
	KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_RF, 2), 0u);
	KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_DF, 2), 0u);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_EPOCHS), 2u);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
}

/*
 * The IRC's CCBP mode on the real image: the paper's platform, half of
 * each bandwidth for slot 0, LS slot 1; the credits before and after a
 * epoch measured rf = 1, df = 0 (firmware/tests has the formula).
 */
static void fw_mcu_test_irc_ccbp(struct kunit *test)
{
	static const u32 set[][2] = {
		{ CORUN_FW_P_IRC_NOC_BW, 307200 },
		{ CORUN_FW_P_IRC_DRAM_BW, 186083 },
		{ CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_NOC_UNITS, 0), 10000 },
		{ CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_DRAM_UNITS, 0), 10000 },
		{ CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CLASS, 0),
		  CORUN_IRC_CLASS_BI },
		{ CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CLASS, 1),
		  CORUN_IRC_CLASS_LS },
		{ CORUN_FW_P_IRC_ENABLE, 1 },
		{ CORUN_FW_P_IRC_MODE, CORUN_IRC_MODE_CCBP },
	};
	struct env *e = boot(test);
	u64 *c = e->dev.ctr[0];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(set); i++)
		KUNIT_EXPECT_EQ(test, set_param(test, e, set[i][0], set[i][1]),
				OK_HDR(1));
	/* not measured yet: rf = df = 1, DRAM binds */
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_IRC_CREDITS), 9u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 1, CORUN_MCU_S_IRC_CREDITS),
			CORUN_FW_IRC_CREDITS_UNLIMITED);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 1, CORUN_MCU_S_IRC_PRIO),
			CORUN_FW_IRC_PRIO_LS);
	/* an epoch with reads only: the NoC's 12 */
	c[offsetof(struct corun_slot_counters, requests) / 8] += 500;
	c[offsetof(struct corun_slot_counters, read_requests) / 8] += 500;
	e->dev.regs[CORUN_MCU_EPOCH_SEQ / 4] = 1;
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	mcu_run(e->mcu, 10000);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_IRC_CREDITS), 12u);
	KUNIT_EXPECT_EQ(test,
			slot_param(test, e, CORUN_FW_P_IRC_CREDITS, 0), 12u);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_IRC_UNITS), 20u);
}

/*
 * MIL on the real image: selected by IRC_ENABLE, caps from the L1
 * counters at each epoch (beyond 32 bits too), and the epoch's work for
 * every slot bounded.
 */
static void fw_mcu_test_mil(struct kunit *test)
{
	const size_t acc = offsetof(struct corun_slot_counters, l1_accesses) / 8;
	const size_t fail = offsetof(struct corun_slot_counters, l1_resfails) / 8;
	struct env *e = boot(test);
	unsigned int s;
	u64 insns;

	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_IRC_ENABLE,
					CORUN_FW_IRC_ENABLE_MIL),
			OK_HDR(1));
	for (s = 0; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_MIL_CAP),
				CORUN_FW_MIL_CAP_NONE);
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_IRC_CREDITS),
				CORUN_FW_IRC_CREDITS_UNLIMITED);
		/* every slot busy: slot s fails s times per 4 accesses */
		e->dev.ctr[s][acc] += (3ull << 32) + 4000;
		e->dev.ctr[s][fail] += (3ull << 32) / 4 * s + 1000 * s;
	}
	insns = epoch_run(test, e, 1);
	kunit_info(test, "epoch work with MIL for %u slots: %llu instructions",
		   SLOTS, (unsigned long long)insns);
	/* monitors and MIL, spans beyond 32 bits (no DIVU fits) */
	KUNIT_EXPECT_LT(test, insns, 4000u);
	/* rate 0 (free stays free), 256 (not above HIGH), then above */
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_MIL_CAP),
			CORUN_FW_MIL_CAP_NONE);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 1, CORUN_MCU_S_MIL_CAP),
			CORUN_FW_MIL_CAP_NONE);
	for (s = 2; s < SLOTS; s++) {
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_MIL_CAP), 16u);
		KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_MIL_CAP, s),
				16u);
	}
	/* the next epoch: slot 2 without failures grows, slot 3 halves */
	e->dev.ctr[2][acc] += 100;
	e->dev.ctr[3][acc] += 100;
	e->dev.ctr[3][fail] += 90;
	epoch_run(test, e, 2);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 2, CORUN_MCU_S_MIL_CAP), 18u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 3, CORUN_MCU_S_MIL_CAP), 8u);
	/* idle slots are freed */
	KUNIT_EXPECT_EQ(test, slot_reg(e, 4, CORUN_MCU_S_MIL_CAP),
			CORUN_FW_MIL_CAP_NONE);
	/* leaving MIL lifts every cap */
	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_IRC_ENABLE, 0),
			OK_HDR(1));
	for (s = 0; s < SLOTS; s++)
		KUNIT_EXPECT_EQ(test, slot_reg(e, s, CORUN_MCU_S_MIL_CAP),
				CORUN_FW_MIL_CAP_NONE);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
}

/* A slot's counters TCM reads, absolute. */
static void tcm_ctrs(struct env *e, unsigned int slot, u64 insns, u64 dram,
		     u64 hits, u64 lat, u64 active)
{
	u64 *c = e->dev.ctr[slot];

	c[offsetof(struct corun_slot_counters, warp_insns) / 8] = insns;
	c[offsetof(struct corun_slot_counters, dram_accesses) / 8] = dram;
	c[offsetof(struct corun_slot_counters, dram_row_hits) / 8] = hits;
	c[offsetof(struct corun_slot_counters, mem_latency_sum) / 8] = lat;
	c[offsetof(struct corun_slot_counters, active_cycles) / 8] = active;
}

static void tcm_epoch(struct env *e, u32 seq)
{
	e->dev.regs[CORUN_MCU_EPOCH_SEQ / 4] = seq;
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	mcu_run(e->mcu, 100000);
}

/*
 * TCM in the real image, with counters beyond 32 bits (the image's own
 * 64-bit arithmetic): slots 0 and 2 light enough for the latency cluster,
 * least intensive first; of the heavy ones slot 3, with more misses in
 * flight and fewer row hits, is nicer than the less intensive slot 1;
 * then one shuffle step swaps them. The quantum's work is bounded.
 */
static void fw_mcu_test_dram_tcm(struct kunit *test)
{
	struct env *e = boot(test);
	u64 insns;

	KUNIT_EXPECT_EQ(test,
			set_param(test, e, CORUN_FW_P_DRAM_TCM_QUANTUM, 3),
			OK_HDR(1));
	KUNIT_EXPECT_EQ(
		test,
		set_param(test, e, CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_TCM),
		OK_HDR(1));
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_DRAM_POLICY / 4],
			(u32)CORUN_DRAM_SLOT_PRIO);
	tcm_ctrs(e, 0, 1000000, 1000, 0, 0, 1);
	tcm_ctrs(e, 1, 3ull << 32, 5ull << 32, 1ull << 32, 1ull << 30, 1 << 20);
	tcm_ctrs(e, 2, 1000000, 200000, 180000, 1000, 1000);
	tcm_ctrs(e, 3, 2ull << 32, 4ull << 32, 0, 1ull << 41, 1 << 20);
	tcm_epoch(e, 1);
	tcm_epoch(e, 2);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_DRAM_PRIO), 0u);
	insns = mcu_insns(e->mcu);
	tcm_epoch(e, 3);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));
	insns = mcu_insns(e->mcu) - insns;
	kunit_info(test, "TCM quantum for %u slots: %llu instructions", SLOTS,
		   (unsigned long long)insns);
	KUNIT_EXPECT_LT(test, insns, 10000u);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_DRAM_TCM_LATENCY),
			0x5u);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_DRAM_TCM_BANDWIDTH),
			0xau);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_DRAM_PRIO), 15u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 2, CORUN_MCU_S_DRAM_PRIO), 14u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 3, CORUN_MCU_S_DRAM_PRIO), 13u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 1, CORUN_MCU_S_DRAM_PRIO), 12u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 4, CORUN_MCU_S_DRAM_PRIO), 0u);
	KUNIT_EXPECT_EQ(test, slot_param(test, e, CORUN_FW_P_DRAM_TCM_PRIO, 1),
			12u);
	/* the shuffle's step 0 keeps the order, step 1 swaps the two */
	tcm_epoch(e, 4);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 3, CORUN_MCU_S_DRAM_PRIO), 13u);
	tcm_epoch(e, 5);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 1, CORUN_MCU_S_DRAM_PRIO), 13u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 3, CORUN_MCU_S_DRAM_PRIO), 12u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_DRAM_PRIO), 15u);
	/* the next quantum: nothing ran */
	tcm_epoch(e, 6);
	KUNIT_EXPECT_EQ(test, get_param(test, e, CORUN_FW_P_DRAM_TCM_QUANTA),
			2u);
	KUNIT_EXPECT_EQ(test, slot_reg(e, 0, CORUN_MCU_S_DRAM_PRIO), 0u);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
}

static void fw_mcu_test_ticks(struct kunit *test)
{
	struct env *e = boot(test);
	u32 t0, t1;

	/* The default period, 10000 cycles, counted since the boot. */
	mcu_run(e->mcu, 10 * 10000 - mcu_cycle(e->mcu));
	t0 = get_param(test, e, CORUN_FW_P_TICKS);
	KUNIT_EXPECT_GE(test, t0, 9u);
	KUNIT_EXPECT_LE(test, t0, 10u);

	KUNIT_EXPECT_EQ(test, set_param(test, e, CORUN_FW_P_TICK_CYCLES, 1000),
			OK_HDR(1));
	t0 = get_param(test, e, CORUN_FW_P_TICKS);
	mcu_run(e->mcu, 1000000);
	t1 = get_param(test, e, CORUN_FW_P_TICKS);
	KUNIT_EXPECT_GE(test, t1 - t0, 999u);
	KUNIT_EXPECT_LE(test, t1 - t0, 1001u);
}

static void fw_mcu_test_idle(struct kunit *test)
{
	struct env *e = boot(test);
	u32 out[CORUN_MBOX_WORDS];
	u64 insns;

	/* With ticks every 10000 cycles, only the ticks cost anything. */
	insns = mcu_run(e->mcu, 10000000);
	KUNIT_EXPECT_GT(test, insns, 0u);
	KUNIT_EXPECT_LT(test, insns, 1000u * 50);

	/* With the longest tick, a billion idle cycles are free. */
	KUNIT_EXPECT_EQ(test,
			set_param(test, e, CORUN_FW_P_TICK_CYCLES, 0xffffffffu),
			OK_HDR(1));
	mcu_run(e->mcu, 100);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 1000000000), 0u);
	/* And it still answers. */
	KUNIT_EXPECT_EQ(test, cmd(test, e, CORUN_FW_CMD_NOP, 0, 0, 0, out),
			OK_HDR(0));
}

/*
 * Run @cycles one at a time; raise *@worst to the most instructions the
 * image retired without a beat (CORUN_MCU_HEARTBEAT changing).
 */
static void run_beats(struct env *e, unsigned int cycles, u64 *worst)
{
	u32 beat = mcu_heartbeat(e->mcu);
	u64 since = mcu_insns(e->mcu);
	unsigned int i;

	for (i = 0; i < cycles; i++) {
		mcu_run(e->mcu, 1);
		if (mcu_heartbeat(e->mcu) != beat) {
			beat = mcu_heartbeat(e->mcu);
			since = mcu_insns(e->mcu);
		} else if (mcu_insns(e->mcu) - since > *worst) {
			*worst = mcu_insns(e->mcu) - since;
		}
	}
}

/*
 * The heartbeat of the real image: it beats on every pass of its loop,
 * not while asleep, and its longest passes (an epoch over every slot, the
 * largest SET_PARAMS) stay far within CORUN_FW_BEAT_INSNS, the promise the
 * driver's hang check relies on.
 */
static void fw_mcu_test_heartbeat(struct kunit *test)
{
	struct env *e = boot(test);
	u32 in[CORUN_MBOX_WORDS] = {
		CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS,
			       2 * CORUN_FW_SET_PARAMS_MAX)
	};
	u64 worst = 0, insns;
	u32 beat;
	unsigned int s;

	KUNIT_EXPECT_GE(test, mcu_heartbeat(e->mcu), 1u);
	/* Ticks every 10000 cycles: a tick's pass and the empty one after. */
	beat = mcu_heartbeat(e->mcu);
	run_beats(e, 100000, &worst);
	KUNIT_EXPECT_GE(test, mcu_heartbeat(e->mcu) - beat, 18u);
	KUNIT_EXPECT_LE(test, mcu_heartbeat(e->mcu) - beat, 22u);
	/* Asleep without ticks: no instruction, no beat, nothing owed. */
	KUNIT_EXPECT_EQ(test,
			set_param(test, e, CORUN_FW_P_TICK_CYCLES, 0xffffffffu),
			OK_HDR(1));
	mcu_run(e->mcu, 100);
	beat = mcu_heartbeat(e->mcu);
	insns = mcu_insns(e->mcu);
	mcu_run(e->mcu, 100000000);
	KUNIT_EXPECT_EQ(test, mcu_heartbeat(e->mcu), beat);
	KUNIT_EXPECT_EQ(test, mcu_insns(e->mcu), insns);

	for (s = 0; s < SLOTS; s++)
		set_ctrs(e, s, 1000 * (s + 1), 500 * (s + 1), 250 * (s + 1));
	e->dev.regs[CORUN_MCU_EPOCH_SEQ / 4] = 1;
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	run_beats(e, 20000, &worst);
	for (s = 0; s < CORUN_FW_SET_PARAMS_MAX; s++) {
		in[1 + 2 * s] = CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_PRIO, s);
		in[2 + 2 * s] = s + 1;
	}
	KUNIT_ASSERT_EQ(test, mcu_mbox_request(e->mcu, ++e->seq, in), 0);
	run_beats(e, 20000, &worst);
	KUNIT_EXPECT_EQ(test, mcu_mbox_done(e->mcu), e->seq);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));
	kunit_info(test, "longest pass without a beat: %llu instructions",
		   (unsigned long long)worst);
	KUNIT_EXPECT_GT(test, worst, 0u);
	KUNIT_EXPECT_LT(test, worst, (u64)CORUN_FW_BEAT_INSNS / 1000);
}

/**
 * struct bad_image - a corruption of the real image
 * @name: description
 * @word: header word to overwrite (-1: none)
 * @val: its new value
 * @len_delta: bytes to add to (or cut from) the image length
 * @flip: payload byte to flip (-1: none)
 * @want: expected status
 */
struct bad_image {
	const char *name;
	int word;
	u32 val;
	int len_delta;
	int flip;
	enum mcu_img_status want;
};

#define HW(field) ((int)(offsetof(struct corun_fw_header, field) / 4))

static const struct bad_image bad_images[] = {
	{ "wrong magic", HW(magic), 0x57465244, 0, -1,
	  MCU_IMG_BAD_MAGIC },
	{ "fwif version + 1", HW(fwif_version), CORUN_FWIF_VERSION + 1, 0, -1,
	  MCU_IMG_BAD_FWIF },
	{ "header size", HW(header_size), 60, 0, -1,
	  MCU_IMG_BAD_HEADER_SIZE },
	{ "reserved word", HW(reserved) + 3, 1, 0, -1,
	  MCU_IMG_BAD_RESERVED },
	{ "misaligned load address", HW(load_addr), 2, 0, -1,
	  MCU_IMG_BAD_LOAD_ADDR },
	{ "load address outside memory", HW(load_addr), CORUN_MCU_MEM_SIZE, 0,
	  -1, MCU_IMG_BAD_LOAD_ADDR },
	{ "load address in the window", HW(load_addr), CORUN_MCU_CTL_BASE, 0,
	  -1, MCU_IMG_BAD_LOAD_ADDR },
	{ "oversize payload", HW(payload_size), CORUN_MCU_MEM_SIZE + 4, 0, -1,
	  MCU_IMG_TOO_BIG },
	{ "payload past the end", HW(load_addr), CORUN_MCU_MEM_SIZE - 1024, 0,
	  -1, MCU_IMG_TOO_BIG },
	{ "misaligned entry", HW(entry), 2, 0, -1, MCU_IMG_BAD_ENTRY },
	{ "entry outside payload", HW(entry), 0x30000, 0, -1,
	  MCU_IMG_BAD_ENTRY },
	{ "truncated payload", -1, 0, -1, -1, MCU_IMG_TRUNCATED },
	{ "header only", -1, 0, INT32_MIN, -1, MCU_IMG_TRUNCATED },
	{ "truncated header", -1, 0, INT32_MIN + 1, -1,
	  MCU_IMG_TRUNCATED },
	{ "trailing byte", -1, 0, 1, -1, MCU_IMG_TRAILING },
	{ "flipped payload byte", -1, 0, 0, 100, MCU_IMG_BAD_CRC },
	{ "wrong crc", HW(payload_crc32), 0, 0, -1, MCU_IMG_BAD_CRC },
};

static void bad_image_desc(const struct bad_image *b, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", b->name);
}

KUNIT_ARRAY_PARAM(bad_image, bad_images, bad_image_desc);

static void fw_mcu_test_bad_image(struct kunit *test)
{
	const struct bad_image *b = test->param_value;
	const size_t hsz = sizeof(struct corun_fw_header);
	struct env *e = env_new(test);
	size_t len = image_len;
	char err[256];
	u8 *img;

	img = calloc(1, image_len + 16);
	KUNIT_ASSERT_NOT_NULL(test, img);
	kunit_add_action(test, free, img);
	memcpy(img, image, image_len);
	if (b->word >= 0)
		memcpy(img + 4 * b->word, &b->val, 4);
	if (b->flip >= 0)
		img[hsz + b->flip] ^= 0x40;
	if (b->len_delta == INT32_MIN)
		len = hsz;
	else if (b->len_delta == INT32_MIN + 1)
		len = hsz - 4;
	else
		len += b->len_delta;

	/* A good image first, to see a bad one reset the MCU. */
	KUNIT_ASSERT_EQ(test, mcu_load_image(e->mcu, image, image_len, NULL, 0),
			MCU_IMG_OK);
	mcu_run(e->mcu, BOOT_CYCLES);
	KUNIT_ASSERT_TRUE(test, mcu_ready(e->mcu, NULL));

	KUNIT_EXPECT_EQ(test, mcu_check_image(img, len, NULL, err, sizeof(err)),
			b->want);
	KUNIT_EXPECT_EQ(test, mcu_load_image(e->mcu, img, len, err, sizeof(err)),
			b->want);
	KUNIT_EXPECT_NOT_NULL(test, strstr(err, mcu_img_status_name(b->want)));
	kunit_info(test, "%s", err);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_OFF);
	KUNIT_EXPECT_FALSE(test, mcu_ready(e->mcu, NULL));
	KUNIT_EXPECT_NULL(test, mcu_image_header(e->mcu));
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 1000), 0u);
}

static void fw_mcu_test_good_image(struct kunit *test)
{
	struct corun_fw_header h;
	char err[64] = "x";

	KUNIT_EXPECT_EQ(test, mcu_check_image(image, image_len, &h, err,
					      sizeof(err)), MCU_IMG_OK);
	KUNIT_EXPECT_STREQ(test, err, "");
	KUNIT_EXPECT_EQ(test, h.magic, (u32)CORUN_FW_MAGIC);
	KUNIT_EXPECT_EQ(test, h.header_size, 64u);
	KUNIT_EXPECT_EQ(test, (size_t)h.payload_size, image_len - 64);
	KUNIT_EXPECT_EQ(test, h.load_addr % 4, 0u);
	KUNIT_EXPECT_EQ(test, h.entry, h.load_addr);
}

static struct kunit_case fw_mcu_test_cases[] = {
	KUNIT_CASE(fw_mcu_test_good_image),
	KUNIT_CASE(fw_mcu_test_boot),
	KUNIT_CASE(fw_mcu_test_version_echo),
	KUNIT_CASE(fw_mcu_test_params),
	KUNIT_CASE(fw_mcu_test_errors),
	KUNIT_CASE(fw_mcu_test_set_params),
	KUNIT_CASE(fw_mcu_test_epoch),
	KUNIT_CASE(fw_mcu_test_mbox_busy),
	KUNIT_CASE(fw_mcu_test_garbage),
	KUNIT_CASE(fw_mcu_test_ticks),
	KUNIT_CASE(fw_mcu_test_irc_ccbp),
	KUNIT_CASE(fw_mcu_test_mil),
	KUNIT_CASE(fw_mcu_test_dram_tcm),
	KUNIT_CASE(fw_mcu_test_idle),
	KUNIT_CASE(fw_mcu_test_heartbeat),
	KUNIT_CASE_PARAM(fw_mcu_test_bad_image, bad_image_gen_params),
	{}
};

static struct kunit_suite fw_mcu_test_suite = {
	.name = "corun_fw_mcu",
	.suite_init = load_image_file,
	.test_cases = fw_mcu_test_cases,
};

kunit_test_suites(&fw_mcu_test_suite);
