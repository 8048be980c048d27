// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Tests of the MCU model (emu/mcu.c) with small hand-assembled programs:
 * window dispatch to the device callbacks, WFE sleeping and waking, the
 * timer, the cycle registers, every fault kind ending in MCU_CRASHED,
 * halt/reset, and the CRC-32 the image check uses.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kunit/test.h>

#include "isa.h"
#include "mcu.h"

/* ---- a tiny RV32 assembler ------------------------------------------ */

enum { ZERO = 0, RA = 1, T0 = 5, T1 = 6, T2 = 7, S0 = 8, A0 = 10, A1 = 11 };

/* Constant expressions, so programs can be static initializers. */
#define ENC_I(op, rd, f3, rs1, imm)                                     \
	(((u32)(imm) & 0xfff) << 20 | (u32)(rs1) << 15 | (u32)(f3) << 12 | \
	 (u32)(rd) << 7 | (op))
#define ENC_S(f3, rs1, rs2, imm)                                        \
	(((u32)(imm) >> 5 & 0x7f) << 25 | (u32)(rs2) << 20 |            \
	 (u32)(rs1) << 15 | (u32)(f3) << 12 | ((u32)(imm) & 0x1f) << 7 | 0x23)
#define JAL(rd, off)                                                    \
	(((u32)(off) >> 20 & 1) << 31 | ((u32)(off) >> 1 & 0x3ff) << 21 | \
	 ((u32)(off) >> 11 & 1) << 20 | ((u32)(off) >> 12 & 0xff) << 12 | \
	 (u32)(rd) << 7 | 0x6f)

#define LUI(rd, hi) ((u32)(hi) << 12 | (rd) << 7 | 0x37)
#define ADDI(rd, rs1, imm) ENC_I(0x13, rd, 0, rs1, imm)
#define LW(rd, rs1, imm) ENC_I(0x03, rd, 2, rs1, imm)
#define LB(rd, rs1, imm) ENC_I(0x03, rd, 0, rs1, imm)
#define SW(rs2, rs1, imm) ENC_S(2, rs1, rs2, imm)
#define SB(rs2, rs1, imm) ENC_S(0, rs1, rs2, imm)
#define JALR(rd, rs1, imm) ENC_I(0x67, rd, 0, rs1, imm)
#define AMOADD(rd, rs1, rs2) ((rs2) << 20 | (rs1) << 15 | 2 << 12 | (rd) << 7 | 0x2f)
#define CSRR(rd, csr) ((u32)(csr) << 20 | 2 << 12 | (rd) << 7 | 0x73)
#define ECALL 0x00000073u
#define EBREAK 0x00100073u
#define WFE CORUN_INSN_WFE
#define TRAP(rs1) (0x0000200bu | (u32)(rs1) << 15)
#define EXIT 0x0000100bu
#define BAR 0x0000000bu

/* t0 = window base, t2 = window base + 0x1000 (slot registers). */
#define WIN_PROLOGUE LUI(T0, CORUN_MCU_CTL_BASE >> 12), \
	LUI(T2, (CORUN_MCU_CTL_BASE + CORUN_MCU_SLOT_BASE) >> 12)
#define SLOT_OFF(slot, reg) (CORUN_MCU_SLOT(slot, reg) - CORUN_MCU_SLOT_BASE)

/* ---- a fake device behind the window -------------------------------- */

#define NLOG 64

struct dev {
	u32 regs[CORUN_MCU_CTL_SIZE / 4];
	unsigned int nreads;
	unsigned int nwrites;
	u32 woff[NLOG];
	u32 wval[NLOG];
	unsigned int notified[3];
};

static u32 dev_read(void *ctx, u32 off)
{
	struct dev *d = ctx;

	d->nreads++;
	return d->regs[off / 4];
}

static void dev_write(void *ctx, u32 off, u32 val)
{
	struct dev *d = ctx;

	if (d->nwrites < NLOG) {
		d->woff[d->nwrites] = off;
		d->wval[d->nwrites] = val;
	}
	d->nwrites++;
	d->regs[off / 4] = val;
}

static void dev_notify(void *ctx, enum mcu_notify what)
{
	struct dev *d = ctx;

	d->notified[what]++;
}

struct env {
	struct dev dev;
	struct mcu *mcu;
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
	e->dev.regs[CORUN_MCU_NUM_SLOTS / 4] = 8;
	kunit_add_action(test, env_free, e);
	return e;
}

/* Pack @n words at @load as an image and load it. */
static enum mcu_img_status load_prog(struct mcu *mcu, const u32 *prog,
				     unsigned int n, u32 load)
{
	size_t len = sizeof(struct corun_fw_header) + 4 * n;
	struct corun_fw_header *h = calloc(1, len);
	enum mcu_img_status st;
	char err[200];

	h->magic = CORUN_FW_MAGIC;
	h->fwif_version = CORUN_FWIF_VERSION;
	h->header_size = sizeof(*h);
	h->fw_version = 0x00090001;
	h->load_addr = load;
	h->entry = load;
	h->payload_size = 4 * n;
	memcpy(h + 1, prog, 4 * n);
	h->payload_crc32 = mcu_crc32(0, h + 1, 4 * n);
	st = mcu_load_image(mcu, h, len, err, sizeof(err));
	free(h);
	return st;
}

#define LOAD(test, e, prog) \
	KUNIT_ASSERT_EQ(test, load_prog((e)->mcu, prog, ARRAY_SIZE(prog), 0), \
			MCU_IMG_OK)

/* ---- tests ----------------------------------------------------------- */

static void mcu_test_crc32(struct kunit *test)
{
	static const char check[] = "123456789";

	KUNIT_EXPECT_EQ(test, mcu_crc32(0, check, 9), 0xcbf43926u);
	KUNIT_EXPECT_EQ(test, mcu_crc32(0, check, 0), 0u);
	/* Incremental use gives the same result as one call. */
	KUNIT_EXPECT_EQ(test, mcu_crc32(mcu_crc32(0, check, 4), check + 4, 5),
			0xcbf43926u);
}

static void mcu_test_window(struct kunit *test)
{
	struct env *e = env_new(test);
	const u32 prog[] = {
		WIN_PROLOGUE,
		LW(A0, T0, CORUN_MCU_NUM_SLOTS),
		SW(A0, T2, SLOT_OFF(3, CORUN_MCU_S_L1_WAYS)),
		LW(A1, T0, CORUN_MCU_ID),
		SW(A1, T0, CORUN_MCU_READY),
		/* Own read-only registers ignore writes. */
		SW(A0, T0, CORUN_MCU_ID),
		SW(A0, T0, CORUN_MCU_MBOX_IN),
		LW(A1, T0, CORUN_MCU_ID),
		SW(A1, T2, SLOT_OFF(0, CORUN_MCU_S_VC)),
		WFE,
		TRAP(ZERO),
	};
	u32 v = 0;

	LOAD(test, e, prog);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
	KUNIT_EXPECT_FALSE(test, mcu_ready(e->mcu, &v));
	mcu_run(e->mcu, 100);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_RUNNING);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));
	KUNIT_EXPECT_TRUE(test, mcu_ready(e->mcu, &v));
	KUNIT_EXPECT_EQ(test, v, (u32)CORUN_ID_MAGIC);
	KUNIT_EXPECT_EQ(test, e->dev.notified[MCU_NOTIFY_READY], 1u);
	/* The device saw exactly its own registers. */
	KUNIT_EXPECT_EQ(test, e->dev.nreads, 1u);
	KUNIT_ASSERT_EQ(test, e->dev.nwrites, 2u);
	KUNIT_EXPECT_EQ(test, e->dev.woff[0],
			(u32)CORUN_MCU_SLOT(3, CORUN_MCU_S_L1_WAYS));
	KUNIT_EXPECT_EQ(test, e->dev.wval[0], 8u);
	KUNIT_EXPECT_EQ(test, e->dev.woff[1],
			(u32)CORUN_MCU_SLOT(0, CORUN_MCU_S_VC));
	KUNIT_EXPECT_EQ(test, e->dev.wval[1], (u32)CORUN_ID_MAGIC);
	KUNIT_EXPECT_EQ(test, mcu_insns(e->mcu), 11u);
}

/* Count events: s0 += 1 per wake-up, reported in slot 0's VC register. */
static const u32 event_loop[] = {
	WIN_PROLOGUE,
	/* 2: */ WFE,
	LW(A1, T0, CORUN_MCU_EVENTS),
	SW(A1, T0, CORUN_MCU_EVENT_ACK),
	ADDI(S0, S0, 1),
	SW(S0, T2, SLOT_OFF(0, CORUN_MCU_S_VC)),
	JAL(ZERO, -5 * 4), /* to the WFE */
};

static void load_event_loop(struct kunit *test, struct env *e)
{
	LOAD(test, e, event_loop);
}

static u32 wakeups(struct env *e)
{
	return e->dev.regs[CORUN_MCU_SLOT(0, CORUN_MCU_S_VC) / 4];
}

static void mcu_test_wfe(struct kunit *test)
{
	struct env *e = env_new(test);

	load_event_loop(test, e);
	/* Two setup instructions and the WFE, then asleep for good. */
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 1000), 3u);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));
	KUNIT_EXPECT_EQ(test, mcu_cycle(e->mcu), 1000u);
	KUNIT_EXPECT_EQ(test, mcu_next_wakeup(e->mcu), UINT64_MAX);

	/* Asleep, a billion cycles cost nothing. */
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 1000000000), 0u);
	KUNIT_EXPECT_EQ(test, mcu_cycle(e->mcu), 1000001000u);

	/* One event: one pass through the loop, back to sleep. */
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	KUNIT_EXPECT_FALSE(test, mcu_asleep(e->mcu));
	KUNIT_EXPECT_EQ(test, mcu_next_wakeup(e->mcu), mcu_cycle(e->mcu));
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 1000), 6u);
	KUNIT_EXPECT_EQ(test, wakeups(e), 1u);
	KUNIT_EXPECT_EQ(test, mcu_events(e->mcu), 0u);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(e->mcu));

	/* An event pending at WFE: WFE falls through. */
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 3), 3u); /* lw, sw, addi */
	mcu_raise_event(e->mcu, CORUN_MCU_EV_EPOCH);
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 100), 3u + 6u);
	KUNIT_EXPECT_EQ(test, wakeups(e), 3u);
}

static void mcu_test_timer(struct kunit *test)
{
	struct env *e = env_new(test);
	const u32 prog[] = {
		WIN_PROLOGUE,
		ADDI(T1, ZERO, 100),
		SW(T1, T0, CORUN_MCU_TIMER_CMP), /* at cycle 3: ticks at 103.. */
		/* 4: */ WFE,
		LW(A1, T0, CORUN_MCU_EVENTS),
		SW(A1, T0, CORUN_MCU_EVENT_ACK),
		ADDI(S0, S0, 1),
		SW(S0, T2, SLOT_OFF(0, CORUN_MCU_S_VC)),
		JAL(ZERO, -5 * 4),
	};
	u64 insns;

	LOAD(test, e, prog);
	mcu_run(e->mcu, 1000);
	KUNIT_EXPECT_EQ(test, wakeups(e), 9u); /* 103, 203, ..., 903 */
	KUNIT_EXPECT_EQ(test, mcu_next_wakeup(e->mcu), 1003u);
	/* Split runs see the same ticks as one long run. */
	mcu_run(e->mcu, 2);
	mcu_run(e->mcu, 1);
	mcu_run(e->mcu, 97);
	KUNIT_EXPECT_EQ(test, wakeups(e), 10u);
	/* Idle between ticks: only the ticks cost instructions. */
	insns = mcu_insns(e->mcu);
	mcu_run(e->mcu, 100000);
	KUNIT_EXPECT_EQ(test, wakeups(e), 1010u);
	KUNIT_EXPECT_EQ(test, mcu_insns(e->mcu) - insns, 1000u * 6);
}

static void mcu_test_cycle_regs(struct kunit *test)
{
	struct env *e = env_new(test);
	const u32 prog[] = {
		WIN_PROLOGUE,
		LW(A0, T0, CORUN_MCU_CYCLE_LO), /* at cycle base + 2 */
		LW(A1, T0, CORUN_MCU_CYCLE_HI),
		SW(A0, T2, SLOT_OFF(0, CORUN_MCU_S_VC)),
		SW(A1, T2, SLOT_OFF(1, CORUN_MCU_S_VC)),
		CSRR(S0, RV_CSR_CYCLE),
		SW(S0, T2, SLOT_OFF(2, CORUN_MCU_S_VC)),
		WFE,
	};
	const u64 base = 0x1fffffff0ull;

	/* The clock runs while the MCU is off; loading does not reset it. */
	mcu_run(e->mcu, base);
	LOAD(test, e, prog);
	mcu_run(e->mcu, 100);
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_SLOT(0, CORUN_MCU_S_VC) / 4],
			(u32)(base + 2));
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_SLOT(1, CORUN_MCU_S_VC) / 4],
			(u32)((base + 2) >> 32));
	KUNIT_EXPECT_EQ(test, e->dev.regs[CORUN_MCU_SLOT(2, CORUN_MCU_S_VC) / 4],
			(u32)(base + 6));
}

/**
 * struct fault_case - a program that must crash the MCU
 * @name: description
 * @prog: the program (loaded at 0; the window prologue is not implied)
 * @n: words in @prog
 * @cause: expected enum corun_fault_cause
 * @access: expected access (memory faults)
 * @pc: expected faulting PC
 * @addr: expected fault address
 * @extra: instructions retired beyond the first @n - 1 (a jump whose
 *	target then faults on fetch)
 */
struct fault_case {
	const char *name;
	u32 prog[4];
	unsigned int n;
	u32 cause;
	u32 access;
	u32 pc;
	u32 addr;
	u32 extra;
};

static const struct fault_case fault_cases[] = {
	{ "illegal", { ADDI(A0, ZERO, 1), 0xffffffffu }, 2,
	  CORUN_FAULT_ILLEGAL_INSN, 0, 4, 0xffffffffu },
	{ "wfe with rd set", { CORUN_INSN_WFE | 1 << 7 }, 1,
	  CORUN_FAULT_ILLEGAL_INSN, 0, 0, CORUN_INSN_WFE | 1 << 7 },
	{ "exit", { EXIT }, 1, CORUN_FAULT_ILLEGAL_INSN, 0, 0, EXIT },
	{ "barrier", { BAR }, 1, CORUN_FAULT_ILLEGAL_INSN, 0, 0, BAR },
	{ "custom csr", { CSRR(A0, 0xcc0) }, 1, CORUN_FAULT_ILLEGAL_INSN, 0, 0,
	  CSRR(A0, 0xcc0) },
	{ "load unmapped", { LUI(T0, 0x80000), LW(A0, T0, 0) }, 2,
	  CORUN_FAULT_UNMAPPED, CORUN_ACCESS_READ, 4, 0x80000000u },
	{ "load just past memory", { LUI(T0, CORUN_MCU_MEM_SIZE >> 12),
				     LW(A0, T0, 0) }, 2,
	  CORUN_FAULT_UNMAPPED, CORUN_ACCESS_READ, 4, CORUN_MCU_MEM_SIZE },
	{ "store past window", { LUI(T0, (CORUN_MCU_CTL_BASE +
					  CORUN_MCU_CTL_SIZE) >> 12),
				 SW(A0, T0, 0) }, 2,
	  CORUN_FAULT_UNMAPPED, CORUN_ACCESS_WRITE, 4,
	  CORUN_MCU_CTL_BASE + CORUN_MCU_CTL_SIZE },
	{ "misaligned load", { LW(A0, ZERO, 2) }, 1, CORUN_FAULT_MISALIGNED,
	  CORUN_ACCESS_READ, 0, 2 },
	{ "byte load from window", { LUI(T0, CORUN_MCU_CTL_BASE >> 12),
				     LB(A0, T0, 0) }, 2,
	  CORUN_FAULT_BUS, CORUN_ACCESS_READ, 4, CORUN_MCU_CTL_BASE },
	{ "byte store to window", { LUI(T0, CORUN_MCU_CTL_BASE >> 12),
				    SB(A0, T0, CORUN_MCU_READY) }, 2,
	  CORUN_FAULT_BUS, CORUN_ACCESS_WRITE, 4,
	  CORUN_MCU_CTL_BASE + CORUN_MCU_READY },
	{ "amo on window", { LUI(T0, CORUN_MCU_CTL_BASE >> 12),
			     AMOADD(A0, T0, A0) }, 2,
	  CORUN_FAULT_BUS, CORUN_ACCESS_AMO, 4, CORUN_MCU_CTL_BASE },
	{ "fetch past memory", { LUI(T0, CORUN_MCU_MEM_SIZE >> 12),
				 JALR(ZERO, T0, 0) }, 2,
	  CORUN_FAULT_UNMAPPED, CORUN_ACCESS_FETCH, CORUN_MCU_MEM_SIZE,
	  CORUN_MCU_MEM_SIZE, 1 },
	{ "misaligned jump", { ADDI(T0, ZERO, 6), JALR(ZERO, T0, 0) }, 2,
	  CORUN_FAULT_PC_MISALIGNED, 0, 4, 6 },
	{ "ecall", { ECALL }, 1, CORUN_FAULT_ECALL, 0, 0, ECALL },
	{ "ebreak", { EBREAK }, 1, CORUN_FAULT_ECALL, 0, 0, EBREAK },
	{ "trap", { ADDI(A0, ZERO, 0x123), TRAP(A0) }, 2,
	  CORUN_FAULT_USER_TRAP, 0, 4, 0x123 },
};

static void fault_desc(const struct fault_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->name);
}

KUNIT_ARRAY_PARAM(fault, fault_cases, fault_desc);

static void mcu_test_fault(struct kunit *test)
{
	const struct fault_case *c = test->param_value;
	struct env *e = env_new(test);
	const struct mcu_fault *f;

	KUNIT_ASSERT_EQ(test, load_prog(e->mcu, c->prog, c->n, 0), MCU_IMG_OK);
	KUNIT_EXPECT_NULL(test, mcu_fault(e->mcu));
	mcu_run(e->mcu, 50);
	KUNIT_ASSERT_EQ(test, mcu_state(e->mcu), MCU_CRASHED);
	f = mcu_fault(e->mcu);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, f->cause, c->cause);
	KUNIT_EXPECT_EQ(test, f->access, c->access);
	KUNIT_EXPECT_EQ(test, f->pc, c->pc);
	KUNIT_EXPECT_EQ(test, f->addr, c->addr);
	KUNIT_EXPECT_EQ(test, f->cycle, (u64)c->n - 1 + c->extra);
	KUNIT_EXPECT_EQ(test, e->dev.notified[MCU_NOTIFY_CRASH], 1u);
	/* Nothing leaked to the device. */
	KUNIT_EXPECT_EQ(test, e->dev.nwrites, 0u);
	KUNIT_EXPECT_EQ(test, mcu_insns(e->mcu), (u64)c->n - 1 + c->extra);
	/* A crashed MCU stays so and only its clock moves. */
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 1000), 0u);
	KUNIT_EXPECT_EQ(test, mcu_cycle(e->mcu), 1050u);
	KUNIT_EXPECT_EQ(test, mcu_next_wakeup(e->mcu), UINT64_MAX);
	KUNIT_EXPECT_EQ(test, mcu_mbox_request(e->mcu, 1, e->dev.regs),
			-ENODEV);
}

static void mcu_test_halt_reset(struct kunit *test)
{
	struct env *e = env_new(test);

	load_event_loop(test, e);
	mcu_run(e->mcu, 10);
	mcu_halt(e->mcu);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_HALTED);
	mcu_raise_event(e->mcu, CORUN_MCU_EV_TICK);
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 100), 0u);
	KUNIT_EXPECT_EQ(test, wakeups(e), 0u);
	KUNIT_EXPECT_NOT_NULL(test, mcu_image_header(e->mcu));

	mcu_reset(e->mcu);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_OFF);
	KUNIT_EXPECT_EQ(test, mcu_cycle(e->mcu), 0u);
	KUNIT_EXPECT_EQ(test, mcu_events(e->mcu), 0u);
	KUNIT_EXPECT_NULL(test, mcu_image_header(e->mcu));
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 100), 0u);

	/* Reloading starts over. */
	load_event_loop(test, e);
	KUNIT_EXPECT_EQ(test, mcu_run(e->mcu, 10), 3u);
}

static void mcu_test_load_bounds(struct kunit *test)
{
	struct env *e = env_new(test);
	unsigned int n = CORUN_MCU_MEM_SIZE / 4;
	u32 *prog = calloc(n + 1, 4);

	KUNIT_ASSERT_NOT_NULL(test, prog);
	/* A payload filling all of memory, entered at its start. */
	prog[0] = TRAP(ZERO);
	KUNIT_EXPECT_EQ(test, load_prog(e->mcu, prog, n, 0), MCU_IMG_OK);
	KUNIT_EXPECT_EQ(test, load_prog(e->mcu, prog, n + 1, 0),
			MCU_IMG_TOO_BIG);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_OFF);
	/* The last word of memory. */
	KUNIT_EXPECT_EQ(test, load_prog(e->mcu, prog, 1, CORUN_MCU_MEM_SIZE - 4),
			MCU_IMG_OK);
	mcu_run(e->mcu, 5);
	KUNIT_EXPECT_EQ(test, mcu_state(e->mcu), MCU_CRASHED);
	KUNIT_EXPECT_EQ(test, mcu_fault(e->mcu)->pc, CORUN_MCU_MEM_SIZE - 4);
	free(prog);
}

static struct kunit_case mcu_test_cases[] = {
	KUNIT_CASE(mcu_test_crc32),
	KUNIT_CASE(mcu_test_window),
	KUNIT_CASE(mcu_test_wfe),
	KUNIT_CASE(mcu_test_timer),
	KUNIT_CASE(mcu_test_cycle_regs),
	KUNIT_CASE_PARAM(mcu_test_fault, fault_gen_params),
	KUNIT_CASE(mcu_test_halt_reset),
	KUNIT_CASE(mcu_test_load_bounds),
	{}
};

static struct kunit_suite mcu_test_suite = {
	.name = "corun_mcu",
	.test_cases = mcu_test_cases,
};

kunit_test_suites(&mcu_test_suite);
