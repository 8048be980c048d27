// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Tests of the device library (emu/device.h) through BAR0, as a driver
 * sees it: register validation, a job through a ring and its doorbell to
 * its fence and interrupt, the completion hold, lockstep epochs and their
 * counter snapshots, slot resets and the barrier.
 */
#include <stdio.h>
#include <string.h>

#include "device_test.h"
#include "gpu.h"

/* CORUN_SLOT_FAULT holds a struct corun_fault_record. */
#define SLOT_FAULT_WORDS (sizeof(struct corun_fault_record) / 4)

/**
 * struct bad_write - a BAR0 write the device must refuse
 * @name: what it is
 * @off: register (slot registers of slot 1)
 * @val: value
 * @err: the CORUN_REG_ERROR bit it latches
 */
struct bad_write {
	const char *name;
	uint32_t off;
	uint32_t val;
	uint32_t err;
};

#define S1(reg) CORUN_REG_SLOT(1, reg)

static const struct bad_write bad_writes[] = {
	{ "ID", CORUN_REG_ID, 1, CORUN_ERR_RO_WRITE },
	{ "CAPS", CORUN_REG_CAPS, 0, CORUN_ERR_RO_WRITE },
	{ "NUM_SMS", CORUN_REG_NUM_SMS, 4, CORUN_ERR_RO_WRITE },
	{ "STATUS", CORUN_REG_STATUS, 0, CORUN_ERR_RO_WRITE },
	{ "IRQ_STATUS", CORUN_REG_IRQ_STATUS, 1, CORUN_ERR_RO_WRITE },
	{ "CYCLE_LO", CORUN_REG_CYCLE_LO, 5, CORUN_ERR_RO_WRITE },
	{ "EPOCH_SEQ", CORUN_REG_EPOCH_SEQ, 9, CORUN_ERR_RO_WRITE },
	{ "FW_STATUS", CORUN_REG_FW_STATUS, CORUN_FW_RUNNING,
	  CORUN_ERR_RO_WRITE },
	{ "FW_VERSION", CORUN_REG_FW_VERSION, 1, CORUN_ERR_RO_WRITE },
	{ "MBOX_OUT[1]", CORUN_REG_MBOX_OUT + 4, 1, CORUN_ERR_RO_WRITE },
	{ "MBOX_DONE", CORUN_REG_MBOX_DONE, 1, CORUN_ERR_RO_WRITE },
	{ "BARRIER_DONE", CORUN_REG_BARRIER_DONE, 1, CORUN_ERR_RO_WRITE },
	{ "slot RING_HEAD", S1(CORUN_SLOT_RING_HEAD), 3, CORUN_ERR_RO_WRITE },
	{ "slot STATUS", S1(CORUN_SLOT_STATUS), 0, CORUN_ERR_RO_WRITE },
	{ "slot DONE_LO", S1(CORUN_SLOT_DONE_LO), 7, CORUN_ERR_RO_WRITE },
	{ "slot FAULT", S1(CORUN_SLOT_FAULT), 1, CORUN_ERR_RO_WRITE },
	{ "CONTROL undefined bit", CORUN_REG_CONTROL, BIT(7),
	  CORUN_ERR_BAD_VALUE },
	{ "IRQ_MASK undefined bit", CORUN_REG_IRQ_MASK, BIT(5),
	  CORUN_ERR_BAD_VALUE },
	{ "EPOCH_LEN below the minimum", CORUN_REG_EPOCH_LEN,
	  CORUN_EPOCH_LEN_MIN - 1, CORUN_ERR_BAD_VALUE },
	{ "EPOCH_ACK while running", CORUN_REG_EPOCH_ACK, 0,
	  CORUN_ERR_BAD_VALUE },
	{ "HOLD_ACK without a hold", CORUN_REG_HOLD_ACK, 1,
	  CORUN_ERR_BAD_VALUE },
	{ "FW_CTRL LOAD and HALT", CORUN_REG_FW_CTRL,
	  CORUN_FW_CTRL_LOAD | CORUN_FW_CTRL_HALT, CORUN_ERR_BAD_VALUE },
	{ "slot PRIORITY 16", S1(CORUN_SLOT_PRIORITY), 16,
	  CORUN_ERR_BAD_VALUE },
	{ "slot RING_SIZE 3", S1(CORUN_SLOT_RING_SIZE), 3,
	  CORUN_ERR_BAD_VALUE },
	{ "slot RING_LO misaligned", S1(CORUN_SLOT_RING_LO), 0x1010,
	  CORUN_ERR_BAD_VALUE },
	{ "slot CTA_QUOTA above CTA slots", S1(CORUN_SLOT_CTA_QUOTA), 9,
	  CORUN_ERR_BAD_VALUE },
	{ "slot PLACEMENT unknown", S1(CORUN_SLOT_PLACEMENT), CORUN_PLACE_NR,
	  CORUN_ERR_BAD_VALUE },
	{ "slot RECLAIM unknown", S1(CORUN_SLOT_RECLAIM), CORUN_RECLAIM_NR,
	  CORUN_ERR_BAD_VALUE },
	{ "slot RECLAIM huge", S1(CORUN_SLOT_RECLAIM), 0x80000001,
	  CORUN_ERR_BAD_VALUE },
	{ "slot SAVED", S1(CORUN_SLOT_SAVED), 1, CORUN_ERR_RO_WRITE },
	{ "unknown global", 0x0070, 1, CORUN_ERR_BAD_OFFSET },
	{ "unknown slot register", S1(0xfc), 1, CORUN_ERR_BAD_OFFSET },
};

static void bad_write_desc(const struct bad_write *b, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", b->name);
}

KUNIT_ARRAY_PARAM(bad_write, bad_writes, bad_write_desc);

/* Every BAR0 register word, to see that a refused write changed none. */
static void bar0_words(struct dt *d, uint32_t *w)
{
	uint32_t off;

	for (off = 0; off < CORUN_REG_SLOT(2, 0); off += 4)
		w[off / 4] = off == CORUN_REG_ERROR ? 0 : dt_rd(d, off);
}

static void device_test_bad_write(struct kunit *test)
{
	const struct bad_write *b = test->param_value;
	static uint32_t before[CORUN_REG_SLOT(2, 0) / 4];
	static uint32_t after[CORUN_REG_SLOT(2, 0) / 4];
	struct dt *d = dt_new(test, true);

	bar0_words(d, before);
	dt_clear_errors(d);
	dt_wr(d, b->off, b->val);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), b->err);
	KUNIT_EXPECT_EQ(test, d->errors, 1u);
	kunit_info(test, "%s", d->last_error);
	/* Sticky until written back as 1. */
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), b->err);
	dt_clear_errors(d);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
	/* Nothing changed (reading unknown registers latches BAD_OFFSET). */
	bar0_words(d, after);
	dt_clear_errors(d);
	KUNIT_EXPECT_MEMEQ(test, after, before, sizeof(before));
}

/*
 * Version 2's sections agree with the slot counters: slot @slot's warp
 * instructions summed over SMs, its DRAM accesses over channels, and its
 * job's state; version 3's interference counters are the live ones, and
 * a job alone suffers no DRAM interference.
 */
static void snapshot_v2_check(struct kunit *test, struct dt *d,
			      const struct corun_snapshot_header *h,
			      unsigned int slot,
			      const struct corun_job_desc *desc)
{
	const struct corun_slot_counters *sc = (const void *)(h + 1);
	const struct corun_sm_counters *smc = (const void *)(sc + h->num_slots);
	const struct corun_chan_counters *cc = (const void *)(smc + h->num_sms);
	const struct corun_sm_slot_counters *ss =
		(const void *)(cc + h->num_channels);
	const struct corun_chan_slot_counters *cs =
		(const void *)(ss + h->num_sms * h->num_slots);
	const struct corun_slot_job_state *js =
		(const void *)(cs + h->num_channels * h->num_slots);
	const struct corun_slot_ctxsw_counters *cx =
		(const void *)(js + h->num_slots);
	const struct corun_slot_interf_counters *ic =
		(const void *)(cx + h->num_slots);
	struct corun_slot_interf_counters live;
	uint64_t insns = 0, dram = 0;
	unsigned int i;

	for (i = 0; i < h->num_sms; i++)
		insns += ss[i * h->num_slots + slot].warp_insns;
	for (i = 0; i < h->num_channels; i++)
		dram += cs[i * h->num_slots + slot].accesses;
	KUNIT_EXPECT_EQ(test, insns, sc[slot].warp_insns);
	KUNIT_EXPECT_EQ(test, dram, sc[slot].dram_accesses);
	KUNIT_EXPECT_EQ(test, js[slot].seqno, desc->seqno);
	KUNIT_EXPECT_EQ(test, js[slot].ctas_total,
			desc->grid[0] * desc->grid[1] * desc->grid[2]);
	KUNIT_EXPECT_EQ(test, js[slot].ctas_dispatched,
			js[slot].ctas_done + js[slot].ctas_resident);
	KUNIT_EXPECT_GT(test, js[slot].ctas_resident, 0u);
	KUNIT_EXPECT_EQ(test, js[slot ? 0 : 1].seqno, 0ull);
	/* version 3: context switches (none here), then interference */
	KUNIT_EXPECT_EQ(test, cx[slot].preempts, 0ull);
	for (i = 0; i < h->num_slots; i++) {
		emu_gpu_slot_interf(emu_dev_gpu(d->dev), i, &live);
		KUNIT_EXPECT_MEMEQ_MSG(test, &ic[i], &live, sizeof(live),
				       "slot %u", i);
	}
	KUNIT_EXPECT_EQ(test,
			ic[slot].dram_bank + ic[slot].dram_row + ic[slot].dram_bus,
			0ull);
	KUNIT_EXPECT_EQ(test, (uint64_t)((const uint8_t *)(ic + h->num_slots) -
					 (const uint8_t *)h),
			(uint64_t)h->size);
}

/* The slot policy registers reach the model, the issue quota included. */
static void device_test_slot_policy(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	struct emu_slot_policy p;

	dt_slot_wr(d, 2, CORUN_SLOT_ISSUE_QUOTA, 77);
	dt_slot_wr(d, 2, CORUN_SLOT_CTA_QUOTA, 3);
	dt_slot_wr(d, 2, CORUN_SLOT_THROTTLE, 1);
	dt_slot_wr(d, 2, CORUN_SLOT_PRIORITY, 9);
	dt_slot_wr(d, 2, CORUN_SLOT_SM_MASK0, 0x2);
	dt_slot_wr(d, 2, CORUN_SLOT_RECLAIM, CORUN_RECLAIM_SWITCH);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_RECLAIM),
			(uint32_t)CORUN_RECLAIM_SWITCH);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_SAVED), 0u);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_ISSUE_QUOTA), 77u);
	/* the clock looks at the registers before it runs */
	emu_dev_prepare(d->dev);
	KUNIT_ASSERT_EQ(test, emu_gpu_get_slot_policy(emu_dev_gpu(d->dev), 2,
						      &p), 0);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_issue_quota(emu_dev_gpu(d->dev), 2),
			77u);
	KUNIT_EXPECT_EQ(test, p.cta_quota, 3u);
	KUNIT_EXPECT_EQ(test, p.throttle, 1u);
	KUNIT_EXPECT_EQ(test, p.priority, 9u);
	KUNIT_EXPECT_EQ(test, p.sm_mask[0], 0x2u);
	KUNIT_EXPECT_EQ(test, p.reclaim, (uint32_t)CORUN_RECLAIM_SWITCH);
	KUNIT_EXPECT_TRUE(test, dt_rd(d, CORUN_REG_CAPS) & CORUN_CAP_CTXSW);
	/* a platform constant is read-only */
	dt_wr(d, CORUN_REG_NOC_BW, 1);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_RO_WRITE);
}

/* The identity registers describe the configuration. */
static void device_test_ident(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	const struct emu_config *c = emu_dev_config(d->dev);

	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ID), (uint32_t)CORUN_ID_MAGIC);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_NUM_SMS), c->num_sms);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_NUM_SLOTS), c->num_slots);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_NUM_VCS), 4u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_CONFIG_ID),
			emu_dev_config_id(d->dev));
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_SNAPSHOT_SIZE),
			(uint32_t)corun_snapshot_size(c->num_slots, c->num_sms,
						      c->dram.channels));
	/* The platform constants the policies read. */
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_SM_REG_UNIT),
			c->sm.reg_alloc_unit);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_SM_SHARED_UNIT),
			c->sm.shared_alloc_unit);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_L1_WAYS), c->l1.ways);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_LLC_WAYS), c->l2.ways);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_L1_LINE), c->l1.line);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_LLC_LINE), c->l2.line);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FLIT_BYTES),
			c->noc.flit_bytes);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_NOC_BW),
			c->calib.noc_sustainable);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_DRAM_BW),
			c->calib.dram_sustainable);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ISSUE_PERIOD),
			c->sm.issue_period);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_DRAM_MHZ), c->dram_mhz);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_SM_ISSUE),
			c->sm.schedulers * c->sm.issue_width);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_HSM_C1), c->calib.hsm_c1);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_HSM_C2), c->calib.hsm_c2);
	KUNIT_EXPECT_TRUE(test, dt_rd(d, CORUN_REG_CAPS) & CORUN_CAP_FIRMWARE);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_STATUS),
			(uint32_t)CORUN_STATUS_RUNNING);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/* A job through the ring and its doorbell, to its fence and interrupt. */
static void device_test_job(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	struct corun_job_desc desc;
	struct corun_job_counters jc;
	uint32_t out, *o, i;

	dt_job(d, 2, 4, 0, 77, &desc, &out);
	desc.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 2, &desc);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_DOORBELL), 1u);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	KUNIT_EXPECT_GT(test, d->irqs, 0u);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 2), 77ull);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_DONE_LO), 77u);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_DONE_HI), 0u);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_RING_HEAD), 1u);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_STATUS),
			(uint32_t)CORUN_SLOT_IDLE);
	o = tdev_ptr(&d->t, out);
	for (i = 0; i < 32; i++)
		KUNIT_EXPECT_EQ(test, o[i], i + 0x100);
	memcpy(&jc, d->t.mem + d->t.counters_pa[2], sizeof(jc));
	KUNIT_EXPECT_EQ(test, jc.slot, 2u);
	KUNIT_EXPECT_EQ(test, jc.fault, 0u);
	KUNIT_EXPECT_EQ(test, jc.c.ctas_done, 4ull);
	KUNIT_EXPECT_EQ(test, jc.c.thread_insns, 32ull * RV32ASM_GID_INSNS(1));
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 2, CORUN_SLOT_PROGRESS),
			(uint32_t)jc.c.warp_insns);
	/* The device clock is where the job ended, at least. */
	KUNIT_EXPECT_GE(test, emu_dev_cycle(d->dev), jc.end_cycle);
	dt_ack(d, CORUN_IRQ_JOB);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_IRQ_STATUS), 0u);

	/* Without CORUN_DESC_F_IRQ: the fence, but no interrupt. */
	dt_job(d, 2, 1, 0, 78, &desc, &out);
	dt_submit(d, 2, &desc);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_ALL), 0u);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 2), 78ull);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/*
 * The device adds no timing of its own: a job through the ring takes the
 * model exactly the cycles it takes when submitted to the model directly
 * (the test device's own emu_gpu), with the same counters.
 */
static void device_test_same_as_model(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	struct corun_job_counters via_dev, direct;
	struct corun_job_desc desc;
	struct emu_event ev;
	uint32_t out;

	dt_job(d, 2, 6, 40, 3, &desc, &out);
	desc.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 2, &desc);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	memcpy(&via_dev, d->t.mem + d->t.counters_pa[2], sizeof(via_dev));

	KUNIT_ASSERT_EQ(test, tdev_run(&d->t, 2, &desc, &ev, 1000000), 0);
	memcpy(&direct, d->t.mem + d->t.counters_pa[2], sizeof(direct));
	KUNIT_EXPECT_GT(test, direct.end_cycle, direct.start_cycle);
	KUNIT_EXPECT_EQ(test, via_dev.end_cycle - via_dev.start_cycle,
			direct.end_cycle - direct.start_cycle);
	KUNIT_EXPECT_MEMEQ(test, &via_dev.c, &direct.c, sizeof(direct.c));
}

/* A job completing with CORUN_DESC_F_HOLD stops the clock until HOLD_ACK. */
static void device_test_hold(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	struct corun_job_desc a, b;
	uint32_t out;
	uint64_t g;

	dt_job(d, 0, 1, 0, 1, &a, &out);
	a.flags |= CORUN_DESC_F_IRQ | CORUN_DESC_F_HOLD;
	dt_job(d, 1, 2, 2000, 1, &b, &out);
	dt_submit(d, 1, &b);
	dt_submit(d, 0, &a);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 0), 1ull);
	KUNIT_EXPECT_TRUE(test, dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_HOLD);
	KUNIT_EXPECT_FALSE(test,
			   dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_RUNNING);
	dt_ack(d, CORUN_IRQ_JOB);
	/* Held: slot 1's job does not move. */
	g = dt_gpu_cycle(d);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_ALL), 0u);
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), g);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 1), 0ull);

	dt_wr(d, CORUN_REG_HOLD_ACK, 1);
	KUNIT_EXPECT_TRUE(test, dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_RUNNING);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_ALL), 0u);
	KUNIT_EXPECT_GT(test, dt_gpu_cycle(d), g);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 1), 1ull);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/*
 * Lockstep epochs: the device pauses at each epoch end until EPOCH_ACK
 * names it, and its snapshot holds the counters of that cycle.
 */
static void device_test_lockstep_epoch(struct kunit *test)
{
	struct dt *d = dt_new(test, true);
	const struct emu_config *c = emu_dev_config(d->dev);
	uint32_t size = dt_rd(d, CORUN_REG_SNAPSHOT_SIZE), out, n;
	uint64_t snap = tdev_alloc_pa(&d->t, size, CORUN_PAGE_SIZE), g;
	const struct corun_snapshot_header *h = (void *)(d->t.mem + snap);
	const struct corun_slot_counters *sc = (const void *)(h + 1);
	struct corun_slot_counters live;
	struct corun_job_desc desc;

	dt_wr(d, CORUN_REG_SNAPSHOT_LO, (uint32_t)snap);
	dt_wr(d, CORUN_REG_SNAPSHOT_HI, (uint32_t)(snap >> 32));
	dt_wr(d, CORUN_REG_EPOCH_LEN, CORUN_EPOCH_LEN_MIN);
	dt_job(d, 3, 2, 3000, 5, &desc, &out);
	dt_submit(d, 3, &desc);

	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_EPOCH),
			(uint32_t)CORUN_IRQ_EPOCH);
	dt_ack(d, CORUN_IRQ_EPOCH);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_EPOCH_SEQ), 1u);
	KUNIT_EXPECT_TRUE(test,
			  dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_EPOCH_WAIT);
	KUNIT_EXPECT_FALSE(test,
			   dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_RUNNING);
	g = dt_gpu_cycle(d);
	KUNIT_EXPECT_EQ(test, g, (uint64_t)CORUN_EPOCH_LEN_MIN);

	KUNIT_EXPECT_EQ(test, h->magic, (uint32_t)CORUN_SNAPSHOT_MAGIC);
	KUNIT_EXPECT_EQ(test, h->version, (uint32_t)CORUN_SNAPSHOT_VERSION);
	KUNIT_EXPECT_EQ(test, h->size, size);
	KUNIT_EXPECT_EQ(test, h->epoch, 1u);
	KUNIT_EXPECT_EQ(test, h->num_slots, c->num_slots);
	KUNIT_EXPECT_EQ(test, h->num_sms, c->num_sms);
	KUNIT_EXPECT_EQ(test, h->num_channels, c->dram.channels);
	KUNIT_EXPECT_EQ(test, h->cycle, emu_dev_cycle(d->dev));
	KUNIT_EXPECT_EQ(test, h->epoch_cycles, (uint64_t)CORUN_EPOCH_LEN_MIN);
	for (n = 0; n < c->num_slots; n++) {
		emu_gpu_slot_counters(emu_dev_gpu(d->dev), n, &live);
		KUNIT_EXPECT_MEMEQ_MSG(test, &sc[n], &live, sizeof(live),
				       "slot %u", n);
	}
	KUNIT_EXPECT_GT(test, sc[3].warp_insns, 0ull);
	KUNIT_EXPECT_EQ(test, sc[2].warp_insns, 0ull);
	snapshot_v2_check(test, d, h, 3, &desc);

	/* Paused: nothing moves, whatever the host does. */
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_ALL), 0u);
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), g);
	/* Only the epoch it waits for resumes it. */
	dt_wr(d, CORUN_REG_EPOCH_ACK, 2);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_BAD_VALUE);
	dt_clear_errors(d);
	KUNIT_EXPECT_TRUE(test,
			  dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_EPOCH_WAIT);
	dt_wr(d, CORUN_REG_EPOCH_ACK, 1);
	KUNIT_EXPECT_FALSE(test,
			   dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_EPOCH_WAIT);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_EPOCH),
			(uint32_t)CORUN_IRQ_EPOCH);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_EPOCH_SEQ), 2u);
	KUNIT_EXPECT_EQ(test, h->epoch, 2u);
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), 2ull * CORUN_EPOCH_LEN_MIN);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/* CTRL.RESET of a slot kills its jobs, fences written; others go on. */
static void device_test_slot_reset(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	struct corun_job_desc a, b;
	struct corun_job_counters jc;
	uint32_t out_a, out_b, *o, i;

	dt_job(d, 4, 2, 1000000, 9, &a, &out_a);
	dt_job(d, 5, 2, 500, 3, &b, &out_b);
	a.flags |= CORUN_DESC_F_IRQ;
	b.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 4, &a);
	dt_submit(d, 5, &b);
	/* Let both start. */
	emu_dev_step(d->dev, 200);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 4, CORUN_SLOT_STATUS),
			(uint32_t)CORUN_SLOT_RUNNING);

	dt_slot_wr(d, 4, CORUN_SLOT_CTRL,
		   CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	dt_ack(d, CORUN_IRQ_JOB);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 4), 9ull);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 4, CORUN_SLOT_DONE_LO), 9u);
	memcpy(&jc, d->t.mem + d->t.counters_pa[4], sizeof(jc));
	KUNIT_EXPECT_EQ(test, jc.fault, (uint32_t)CORUN_FAULT_RESET);
	/* A reset is not a fault: no fault interrupt, the slot is usable. */
	KUNIT_EXPECT_FALSE(test, dt_rd(d, CORUN_REG_IRQ_STATUS) & CORUN_IRQ_FAULT);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 4, CORUN_SLOT_STATUS),
			(uint32_t)CORUN_SLOT_IDLE);

	/* Slot 5 finishes its job, unharmed. */
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 5), 3ull);
	o = tdev_ptr(&d->t, out_b);
	for (i = 0; i < 16; i++)
		KUNIT_EXPECT_EQ(test, o[i], i + 0x100);
	memcpy(&jc, d->t.mem + d->t.counters_pa[5], sizeof(jc));
	KUNIT_EXPECT_EQ(test, jc.fault, 0u);

	/* The reset slot runs a new job. */
	dt_ack(d, CORUN_IRQ_JOB);
	d->tail[4] = dt_slot_rd(d, 4, CORUN_SLOT_RING_HEAD);
	dt_job(d, 4, 1, 0, 10, &a, &out_a);
	a.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 4, &a);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 4), 10ull);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/*
 * BARRIER with the clock stopped is served at once; BARRIER_DONE is
 * read-only; a device reset zeroes both.
 */
static void dev_barrier_idle(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	int r;

	KUNIT_ASSERT_EQ(test, emu_dev_prepare(d->dev), 0ull);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 0u);
	dt_wr(d, CORUN_REG_BARRIER, 5);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 5u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER), 5u);

	dt_wr(d, CORUN_REG_BARRIER_DONE, 9);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_RO_WRITE);
	KUNIT_EXPECT_EQ(test, d->errors, 1u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 5u);
	dt_clear_errors(d);

	/* the host resets the device when the write asks for it */
	r = emu_dev_write(d->dev, CORUN_REG_CONTROL, CORUN_CTRL_RESET);
	KUNIT_ASSERT_EQ(test, r, EMU_DEV_WRITE_RESET);
	KUNIT_ASSERT_EQ(test, emu_dev_reset(d->dev), 0);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER), 0u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 0u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/* A barrier written while the model runs a slice waits for its end. */
static void dev_barrier_slice(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	struct corun_job_desc desc;
	uint32_t out;
	uint64_t q;

	dt_job(d, 1, 2, 50000, 4, &desc, &out);
	dt_submit(d, 1, &desc);
	q = emu_dev_prepare(d->dev);
	KUNIT_ASSERT_NE(test, q, 0ull);
	dt_wr(d, CORUN_REG_BARRIER, 7);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER), 7u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 0u);
	emu_dev_advance(d->dev, q);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 0u);
	emu_dev_complete(d->dev);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 7u);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 1), 0ull); /* still running */

	/* Between slices, with the job still there: at once. */
	dt_wr(d, CORUN_REG_BARRIER, 8);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 8u);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_ALL), 0u);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 1), 4ull);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/*
 * One thread: out[0] = 1, spin args[1] times, out[1] = 2 (the same
 * page, so the second store can hit the TLB entry of the first).
 */
static uint32_t store_spin_store(struct dt *d)
{
	struct tdev_prog p = { .n = 0 };

	tdev_emit(&p, CSRR(A3, CORUN_CSR_ARGS));
	tdev_emit(&p, LW(A4, A3, 0));
	tdev_emit(&p, LW(T0, A3, 4));
	tdev_emit(&p, ADDI(A6, ZERO, 1));
	tdev_emit(&p, SW(A6, A4, 0));
	tdev_emit(&p, ADDI(T0, T0, -1));
	tdev_emit(&p, BNE(T0, ZERO, -4));
	tdev_emit(&p, ADDI(A6, ZERO, 2));
	tdev_emit(&p, SW(A6, A4, 4));
	tdev_emit(&p, EXIT);
	return tdev_code(&d->t, p.w, p.n);
}

/*
 * Unmap the output page under the job after its first store, as a
 * driver unmapping the buffer does; with @barrier, then write BARRIER.
 */
static void barrier_tlb_run(struct kunit *test, bool barrier)
{
	struct dt *d = dt_new(test, false);
	struct corun_job_desc desc;
	struct corun_job_counters jc;
	uint32_t out, *o, *args, f[SLOT_FAULT_WORDS], i, irq;

	out = tdev_alloc(&d->t, CORUN_PAGE_SIZE, TDEV_RW);
	o = tdev_ptr(&d->t, out); /* the page stays, only its PTE goes */
	memset(o, 0, CORUN_PAGE_SIZE);
	tdev_desc(&d->t, 0, &desc, store_spin_store(d), 1, 1);
	desc.args = tdev_alloc(&d->t, 8, TDEV_RW);
	args = tdev_ptr(&d->t, desc.args);
	args[0] = out;
	args[1] = 3000;
	desc.seqno = 21;
	desc.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 0, &desc);

	for (i = 0; i < 1000 && !o[0]; i++)
		emu_dev_step(d->dev, dt_gpu_cycle(d) + 50);
	KUNIT_ASSERT_EQ(test, o[0], 1u);
	KUNIT_ASSERT_EQ(test, o[1], 0u);
	*tdev_pte(&d->t, out) = 0;
	if (barrier) {
		dt_wr(d, CORUN_REG_BARRIER, 1);
		KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 1u);
	}
	irq = dt_run_until(d, CORUN_IRQ_JOB);
	KUNIT_EXPECT_TRUE(test, irq & CORUN_IRQ_JOB);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 0), 21ull);
	memcpy(&jc, d->t.mem + d->t.counters_pa[0], sizeof(jc));
	for (i = 0; i < SLOT_FAULT_WORDS; i++)
		f[i] = dt_slot_rd(d, 0, CORUN_SLOT_FAULT + 4 * i);
	if (!barrier) {
		/* The stale translation: the store lands, no fault. */
		KUNIT_EXPECT_EQ(test, o[1], 2u);
		KUNIT_EXPECT_EQ(test, jc.fault, 0u);
		KUNIT_EXPECT_FALSE(test, irq & CORUN_IRQ_FAULT);
		KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 0, CORUN_SLOT_STATUS),
				(uint32_t)CORUN_SLOT_IDLE);
		KUNIT_EXPECT_EQ(test, f[0], 0u);
	} else {
		KUNIT_EXPECT_EQ(test, o[1], 0u);
		KUNIT_EXPECT_EQ(test, jc.fault, (uint32_t)CORUN_FAULT_UNMAPPED);
		KUNIT_EXPECT_TRUE(test, irq & CORUN_IRQ_FAULT);
		KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 0, CORUN_SLOT_STATUS),
				(uint32_t)CORUN_SLOT_FAULTED);
		KUNIT_EXPECT_EQ(test, f[0], (uint32_t)CORUN_FAULT_UNMAPPED);
		KUNIT_EXPECT_EQ(test, f[1] & 0xffff,
				(uint32_t)CORUN_ACCESS_WRITE);
		KUNIT_EXPECT_EQ(test, f[7], out + 4); /* addr */
	}
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/* The barrier empties the TLBs: a cleared PTE faults only after one. */
static void dev_barrier_tlb(struct kunit *test)
{
	barrier_tlb_run(test, false);
	barrier_tlb_run(test, true);
}

/*
 * A slot reset takes effect by the time BARRIER_DONE shows the number:
 * the killed job's fence is written, with no slice in between.
 */
static void dev_barrier_kill(struct kunit *test)
{
	struct dt *d = dt_new(test, false);
	struct corun_slot_counters c0, c1;
	struct corun_job_counters jc;
	struct corun_job_desc a, b;
	uint32_t out;
	uint64_t q;

	dt_job(d, 4, 2, 1000000, 9, &a, &out);
	dt_job(d, 5, 2, 1000000, 3, &b, &out);
	a.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 4, &a);
	dt_submit(d, 5, &b);
	emu_dev_step(d->dev, 200);
	KUNIT_ASSERT_EQ(test, dt_slot_rd(d, 4, CORUN_SLOT_STATUS),
			(uint32_t)CORUN_SLOT_RUNNING);

	/* Written during a slice: the job runs on to its end... */
	q = emu_dev_prepare(d->dev);
	KUNIT_ASSERT_NE(test, q, 0ull);
	emu_gpu_slot_counters(emu_dev_gpu(d->dev), 4, &c0);
	dt_slot_wr(d, 4, CORUN_SLOT_CTRL,
		   CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
	emu_dev_advance(d->dev, q);
	emu_gpu_slot_counters(emu_dev_gpu(d->dev), 4, &c1);
	KUNIT_EXPECT_GT(test, c1.warp_insns, c0.warp_insns);
	dt_wr(d, CORUN_REG_BARRIER, 3);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 4), 0ull);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 0u);
	/* ...and the barrier at its end kills it. */
	emu_dev_complete(d->dev);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 3u);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 4), 9ull);
	memcpy(&jc, d->t.mem + d->t.counters_pa[4], sizeof(jc));
	KUNIT_EXPECT_EQ(test, jc.fault, (uint32_t)CORUN_FAULT_RESET);

	/* Written between slices: the barrier kills at once. */
	dt_slot_wr(d, 5, CORUN_SLOT_CTRL,
		   CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 5), 0ull);
	dt_wr(d, CORUN_REG_BARRIER, 4);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 4u);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 5), 3ull);

	/* The killed job's completion is reported as usual. */
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	KUNIT_EXPECT_EQ(test, dt_slot_rd(d, 4, CORUN_SLOT_DONE_LO), 9u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/*
 * Two jobs in slices of at most 97 cycles (many TLB flushes), with
 * @barriers one barrier during every slice and one between slices.
 */
static void barrier_cycles_run(struct kunit *test, bool barriers,
			       struct corun_job_counters *jc, uint64_t *cycle)
{
	struct dt *d = dt_new(test, false);
	struct corun_job_desc a, b;
	uint32_t out, i;
	uint64_t q;

	dt_job(d, 1, 6, 300, 1, &a, &out);
	dt_job(d, 2, 4, 100, 2, &b, &out);
	/* A quota: timing that also depends on the issue period's phase. */
	dt_slot_wr(d, 1, CORUN_SLOT_ISSUE_QUOTA, 64);
	dt_submit(d, 1, &a);
	dt_submit(d, 2, &b);
	for (i = 1; i < 100000; i++) {
		q = emu_dev_prepare(d->dev);
		if (!q)
			break;
		if (barriers)
			dt_wr(d, CORUN_REG_BARRIER, 2 * i);
		emu_dev_advance(d->dev, q < 97 ? q : 97);
		emu_dev_complete(d->dev);
		if (!barriers)
			continue;
		KUNIT_ASSERT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 2 * i);
		dt_wr(d, CORUN_REG_BARRIER, 2 * i + 1);
	}
	kunit_info(test, "%s: %u slices", barriers ? "barriers" : "plain",
		   i - 1);
	KUNIT_EXPECT_GT(test, i, 20u);
	KUNIT_EXPECT_LT(test, i, 100000u); /* the clock stopped */
	KUNIT_EXPECT_EQ(test, dt_fence(d, 1), 1ull);
	KUNIT_EXPECT_EQ(test, dt_fence(d, 2), 2ull);
	memcpy(&jc[0], d->t.mem + d->t.counters_pa[1], sizeof(jc[0]));
	memcpy(&jc[1], d->t.mem + d->t.counters_pa[2], sizeof(jc[1]));
	*cycle = dt_rd(d, CORUN_REG_CYCLE_LO);
	*cycle |= (uint64_t)dt_rd(d, CORUN_REG_CYCLE_HI) << 32;
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/* Barriers change no cycle count, though every one empties the TLBs. */
static void dev_barrier_cycles(struct kunit *test)
{
	struct corun_job_counters plain[2], with[2];
	uint64_t cp, cw;

	barrier_cycles_run(test, false, plain, &cp);
	barrier_cycles_run(test, true, with, &cw);
	KUNIT_EXPECT_GT(test, plain[0].end_cycle, plain[0].start_cycle);
	KUNIT_EXPECT_EQ(test, with[0].end_cycle, plain[0].end_cycle);
	KUNIT_EXPECT_EQ(test, with[1].end_cycle, plain[1].end_cycle);
	KUNIT_EXPECT_MEMEQ(test, with, plain, sizeof(plain));
	KUNIT_EXPECT_EQ(test, cw, cp);
	kunit_info(test, "jobs end at %llu and %llu, CYCLE %llu",
		   (unsigned long long)plain[0].end_cycle,
		   (unsigned long long)plain[1].end_cycle,
		   (unsigned long long)cp);
}

static struct kunit_case device_test_cases[] = {
	KUNIT_CASE(device_test_ident),
	KUNIT_CASE(device_test_slot_policy),
	KUNIT_CASE_PARAM(device_test_bad_write, bad_write_gen_params),
	KUNIT_CASE(device_test_job),
	KUNIT_CASE(device_test_same_as_model),
	KUNIT_CASE(device_test_hold),
	KUNIT_CASE(device_test_lockstep_epoch),
	KUNIT_CASE(device_test_slot_reset),
	KUNIT_CASE(dev_barrier_idle),
	KUNIT_CASE(dev_barrier_slice),
	KUNIT_CASE(dev_barrier_tlb),
	KUNIT_CASE(dev_barrier_kill),
	KUNIT_CASE(dev_barrier_cycles),
	{}
};

static struct kunit_suite device_test_suite = {
	.name = "emu_device",
	.test_cases = device_test_cases,
};

kunit_test_suites(&device_test_suite);
