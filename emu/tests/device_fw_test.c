// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Tests of the device library's firmware side (device_fw.c,
 * device_window.c): FW_CTRL uploads of good and bad images, a mailbox
 * round trip, the liveness registers, every window register the firmware reaches and what it
 * does to the model, and the lockstep rule (the GPU waits while the MCU
 * is awake).
 *
 * The firmware here is a hand-assembled probe, not corun-fw.bin: it
 * writes READY, then answers each mailbox request [op, offset, value]
 * with [value read] after reading (op 0) or writing (op 1) the window
 * register at offset, or after spinning value iterations (op 2). So the
 * tests reach every window register through the device's own path
 * (BAR0 mailbox, MCU, window, model), with no policy in between.
 */
#include <stdio.h>
#include <string.h>

#include <corun/fwif.h>

#include "device_test.h"
#include "gpu.h"
#include "llc_policy.h"
#include "mcu.h"
#include "mem.h"

#define PROBE_VERSION 0x00090002u
#define PROBE_READ 0
#define PROBE_WRITE 1
#define PROBE_SPIN 2

/* Branch from word @from to word @to. */
#define BR(op, a, b, from, to) op(a, b, 4 * ((int)(to) - (int)(from)))

static unsigned int probe_code(uint32_t *w)
{
	unsigned int n = 0, loop, sleep_br, read_br, write_br, spin, spin_br;
	unsigned int read, read_j, write, reply;

	w[n++] = LUI(S0, CORUN_MCU_CTL_BASE >> 12);
	rv_li(w, &n, T0, PROBE_VERSION);
	w[n++] = SW(T0, S0, CORUN_MCU_READY);
	loop = n;
	w[n++] = LW(T0, S0, CORUN_MCU_EVENTS);
	sleep_br = n++;
	w[n++] = SW(T0, S0, CORUN_MCU_EVENT_ACK);
	w[n++] = ANDI(T1, T0, CORUN_MCU_EV_MBOX);
	w[n] = BR(BEQ, T1, ZERO, n, loop);
	n++;
	w[n++] = LW(A0, S0, CORUN_MCU_MBOX_IN + 4);
	w[n++] = LW(A1, S0, CORUN_MCU_MBOX_IN + 8);
	w[n++] = LW(A2, S0, CORUN_MCU_MBOX_IN + 12);
	w[n++] = ADD(A1, A1, S0);
	w[n++] = ADDI(A3, ZERO, 0);
	w[n++] = ADDI(T2, ZERO, PROBE_WRITE);
	read_br = n++;
	write_br = n++;
	spin = n;
	spin_br = n++;
	w[n++] = ADDI(A2, A2, -1);
	w[n] = BR(BEQ, ZERO, ZERO, n, spin);
	n++;
	read = n;
	w[n++] = LW(A3, A1, 0);
	read_j = n++;
	write = n;
	w[n++] = SW(A2, A1, 0);
	reply = n;
	w[n++] = LUI(A4, CORUN_MBOX_HDR(CORUN_FW_OK, 1) >> 12);
	w[n++] = SW(A4, S0, CORUN_MCU_MBOX_OUT);
	w[n++] = SW(A3, S0, CORUN_MCU_MBOX_OUT + 4);
	w[n++] = LW(A5, S0, CORUN_MCU_MBOX_SEQ);
	w[n++] = SW(A5, S0, CORUN_MCU_MBOX_DONE);
	w[n] = BR(BEQ, ZERO, ZERO, n, loop);
	n++;
	w[sleep_br] = BR(BEQ, T0, ZERO, sleep_br, n);
	w[n++] = CORUN_INSN_WFE;
	w[n] = BR(BEQ, ZERO, ZERO, n, loop);
	n++;
	w[read_br] = BR(BEQ, A0, ZERO, read_br, read);
	w[write_br] = BR(BEQ, A0, T2, write_br, write);
	w[spin_br] = BR(BEQ, A2, ZERO, spin_br, reply);
	w[read_j] = BR(BEQ, ZERO, ZERO, read_j, reply);
	return n;
}

/* The probe as an image in guest memory; returns its PA and size. */
static uint64_t probe_image(struct dt *d, uint32_t *size)
{
	struct corun_fw_header *h;
	uint32_t code[64], n = probe_code(code);
	uint64_t pa;

	*size = sizeof(*h) + 4 * n;
	pa = tdev_alloc_pa(&d->t, *size, CORUN_PAGE_SIZE);
	h = (void *)(d->t.mem + pa);
	memset(h, 0, sizeof(*h));
	h->magic = CORUN_FW_MAGIC;
	h->fwif_version = CORUN_FWIF_VERSION;
	h->header_size = sizeof(*h);
	h->fw_version = PROBE_VERSION;
	h->load_addr = 0;
	h->entry = 0;
	h->payload_size = 4 * n;
	memcpy(h + 1, code, 4 * n);
	h->payload_crc32 = mcu_crc32(0, h + 1, 4 * n);
	return pa;
}

static void fw_load(struct dt *d, uint64_t pa, uint32_t size)
{
	dt_wr(d, CORUN_REG_FW_ADDR_LO, (uint32_t)pa);
	dt_wr(d, CORUN_REG_FW_ADDR_HI, (uint32_t)(pa >> 32));
	dt_wr(d, CORUN_REG_FW_SIZE, size);
	dt_wr(d, CORUN_REG_FW_CTRL, CORUN_FW_CTRL_LOAD);
	/*
	 * The clock carries the command out, whatever interrupt is pending;
	 * the MCU boots alone and stops the clock in WFE.
	 */
	for (unsigned int i = 0; i < 1000; i++)
		if (!emu_dev_step(d->dev, UINT64_MAX))
			break;
}

/* A device with the probe running. */
static struct dt *probe_dev(struct kunit *test, bool lockstep)
{
	struct dt *d = dt_new(test, lockstep);
	uint32_t size;
	uint64_t pa = probe_image(d, &size);

	fw_load(d, pa, size);
	KUNIT_ASSERT_EQ(test, dt_rd(d, CORUN_REG_FW_STATUS),
			(uint32_t)CORUN_FW_RUNNING);
	return d;
}

static uint32_t seq;

/* Writes a probe request and rings the doorbell with @bell. */
static void probe_post(struct dt *d, uint32_t op, uint32_t off, uint32_t val,
		       uint32_t bell)
{
	dt_wr(d, CORUN_REG_MBOX_IN, CORUN_MBOX_HDR(0x77, 3));
	dt_wr(d, CORUN_REG_MBOX_IN + 4, op);
	dt_wr(d, CORUN_REG_MBOX_IN + 8, off);
	dt_wr(d, CORUN_REG_MBOX_IN + 12, val);
	dt_wr(d, CORUN_REG_MBOX_DOORBELL, bell);
}

/* One probe request; returns the reply word. */
static uint32_t probe(struct dt *d, uint32_t op, uint32_t off, uint32_t val)
{
	struct kunit *test = kunit_get_current_test();

	probe_post(d, op, off, val, ++seq);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_MAILBOX) &
				      CORUN_IRQ_MAILBOX,
			(uint32_t)CORUN_IRQ_MAILBOX);
	dt_ack(d, CORUN_IRQ_MAILBOX);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_MBOX_DONE), seq);
	return dt_rd(d, CORUN_REG_MBOX_OUT + 4);
}

static uint32_t wrd(struct dt *d, uint32_t off)
{
	return probe(d, PROBE_READ, off, 0);
}

static void wwr(struct dt *d, uint32_t off, uint32_t val)
{
	probe(d, PROBE_WRITE, off, val);
}

#define SLOT(n, reg) CORUN_MCU_SLOT(n, reg)

/* ---- upload and mailbox ---- */

static void device_fw_test_upload(struct kunit *test)
{
	struct dt *d = dt_new(test, true);
	uint32_t size;
	uint64_t pa = probe_image(d, &size);
	uint8_t *img = d->t.mem + pa;

	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_STATUS),
			(uint32_t)CORUN_FW_OFF);
	fw_load(d, pa, size);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_STATUS),
			(uint32_t)CORUN_FW_RUNNING);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_VERSION), PROBE_VERSION);
	KUNIT_EXPECT_TRUE(test, dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_FW_READY);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_IRQ_STATUS), 0u);
	KUNIT_EXPECT_EQ(test, d->errors, 0u);
	/* Only the MCU ran: the GPU is still at cycle 0. */
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), 0ull);
	KUNIT_EXPECT_GT(test, emu_dev_cycle(d->dev), 0ull);

	/* A flipped payload byte: refused, the old firmware is gone. */
	img[sizeof(struct corun_fw_header) + 5] ^= 0x10;
	fw_load(d, pa, size);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_STATUS),
			(uint32_t)CORUN_FW_BAD_IMAGE);
	KUNIT_EXPECT_FALSE(test,
			   dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_FW_READY);
	KUNIT_EXPECT_TRUE(test, dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_FW_ERROR);
	KUNIT_EXPECT_TRUE(test, dt_rd(d, CORUN_REG_IRQ_STATUS) & CORUN_IRQ_FW_ERROR);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_VERSION), 0u);
	KUNIT_EXPECT_EQ(test, mcu_state(emu_dev_mcu(d->dev)), MCU_HALTED);
	KUNIT_EXPECT_NOT_NULL(test, strstr(d->last_error, "CRC"));
	dt_ack(d, CORUN_IRQ_FW_ERROR);
	/* ...and the mailbox refuses requests. */
	dt_clear_errors(d);
	dt_wr(d, CORUN_REG_MBOX_DOORBELL, 1);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_NO_FW);

	/* A size no image has, and an image outside guest memory. */
	img[sizeof(struct corun_fw_header) + 5] ^= 0x10;
	dt_clear_errors(d);
	fw_load(d, pa, 16);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_BAD_VALUE);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_STATUS),
			(uint32_t)CORUN_FW_BAD_IMAGE);
	dt_clear_errors(d);
	fw_load(d, DT_MEM - 64, size);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_DMA);
	dt_ack(d, CORUN_IRQ_ALL);

	/* The good image again: running. */
	dt_clear_errors(d);
	fw_load(d, pa, size);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_STATUS),
			(uint32_t)CORUN_FW_RUNNING);
	KUNIT_EXPECT_FALSE(test,
			   dt_rd(d, CORUN_REG_STATUS) & CORUN_STATUS_FW_ERROR);
	KUNIT_EXPECT_EQ(test, d->errors, 0u);
}

static void device_fw_test_mailbox(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	uint32_t i;

	probe_post(d, PROBE_READ, CORUN_MCU_NUM_SLOTS, 0, 41);
	/* One request in flight: a second doorbell is refused. */
	dt_wr(d, CORUN_REG_MBOX_DOORBELL, 42);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_BAD_VALUE);
	dt_clear_errors(d);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_MBOX_DONE), 0u);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_MAILBOX),
			(uint32_t)CORUN_IRQ_MAILBOX);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_MBOX_DONE), 41u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_MBOX_OUT),
			CORUN_MBOX_HDR(CORUN_FW_OK, 1));
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_MBOX_OUT + 4),
			emu_dev_config(d->dev)->num_slots);
	for (i = 2; i < CORUN_MBOX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_MBOX_OUT + 4 * i), 0u);
	dt_ack(d, CORUN_IRQ_MAILBOX);
	/* The mailbox works while the lockstep device holds its GPU. */
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), 0ull);
	KUNIT_EXPECT_EQ(test, d->errors, 0u);
}

/*
 * A slice that runs only the MCU still runs without the host lock, and
 * the MCU's window reaches the model: a barrier written meanwhile waits
 * for the slice's end like one during a slice of the model.
 */
static void device_fw_test_barrier_mcu_slice(struct kunit *test)
{
	struct dt *d = probe_dev(test, false);
	uint64_t q;

	probe_post(d, PROBE_READ, CORUN_MCU_NUM_SLOTS, 0, 1);
	q = emu_dev_prepare(d->dev);
	KUNIT_ASSERT_NE(test, q, 0ull);
	dt_wr(d, CORUN_REG_BARRIER, 3);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 0u);
	emu_dev_advance(d->dev, q);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 0u);
	emu_dev_complete(d->dev);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_BARRIER_DONE), 3u);
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), 0ull); /* the MCU's alone */
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_MAILBOX),
			(uint32_t)CORUN_IRQ_MAILBOX);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_MBOX_DONE), 1u);
	KUNIT_EXPECT_EQ(test, d->errors, 0u);
}

/*
 * Liveness: FW_HEARTBEAT mirrors the window's HEARTBEAT, FW_INSNS counts
 * what the MCU retired; an idle device changes neither, reads change
 * nothing, and a load starts both from 0.
 */
static void device_fw_test_heartbeat(struct kunit *test)
{
	struct dt *d = probe_dev(test, false);
	uint32_t i0, i1, size;
	uint64_t c0, pa;
	int k;

	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_HEARTBEAT), 0u);
	i0 = dt_rd(d, CORUN_REG_FW_INSNS);
	KUNIT_EXPECT_GT(test, i0, 0u);
	/* Asleep in WFE with no job: the clock stops, nothing moves. */
	c0 = emu_dev_cycle(d->dev);
	KUNIT_EXPECT_FALSE(test, emu_dev_step(d->dev, UINT64_MAX));
	for (k = 0; k < 100; k++)
		KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_INSNS), i0);
	KUNIT_EXPECT_EQ(test, emu_dev_cycle(d->dev), c0);

	wwr(d, CORUN_MCU_HEARTBEAT, 5);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_HEARTBEAT), 5u);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_HEARTBEAT), 5u);
	/* Work without beats: FW_INSNS grows, the heartbeat stands still. */
	i1 = dt_rd(d, CORUN_REG_FW_INSNS);
	KUNIT_EXPECT_GT(test, i1, i0);
	probe(d, PROBE_SPIN, 0, 10000);
	KUNIT_EXPECT_GE(test, dt_rd(d, CORUN_REG_FW_INSNS) - i1, 30000u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_HEARTBEAT), 5u);

	/* Read-only. */
	dt_wr(d, CORUN_REG_FW_HEARTBEAT, 9);
	dt_wr(d, CORUN_REG_FW_INSNS, 9);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR),
			(uint32_t)CORUN_ERR_RO_WRITE);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_HEARTBEAT), 5u);
	dt_clear_errors(d);

	/* A new load: from 0 again (the probe has booted, never beaten). */
	i1 = dt_rd(d, CORUN_REG_FW_INSNS);
	pa = probe_image(d, &size);
	fw_load(d, pa, size);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_HEARTBEAT), 0u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_FW_INSNS), i0);
	KUNIT_EXPECT_LT(test, i0, i1);
	KUNIT_EXPECT_EQ(test, d->errors, 0u);
}

/* ---- the window ---- */

static void device_fw_test_window_ro(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	const struct emu_config *c = emu_dev_config(d->dev);
	static const uint32_t ro[] = {
		CORUN_MCU_NUM_SLOTS, CORUN_MCU_NUM_SMS, CORUN_MCU_EPOCH_SEQ,
		CORUN_MCU_NUM_VCS,   CORUN_MCU_L1_WAYS, CORUN_MCU_LLC_WAYS,
		SLOT(0, CORUN_MCU_S_REQUESTS), SLOT(0, CORUN_MCU_S_CTR_LO),
		SLOT(0, CORUN_MCU_S_CTR_HI),
	};
	uint32_t i, v;

	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_NUM_SLOTS), c->num_slots);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_NUM_SMS), c->num_sms);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_NUM_VCS), 4u);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_WAYS), c->l1.ways);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_LLC_WAYS), c->l2.ways);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_EPOCH_SEQ), 0u);
	/* Reset values. */
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_LLC_VICTIM),
			(uint32_t)CORUN_LLC_VICTIM_LRU);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_LLC_PROB), 0u);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_DRAM_POLICY),
			(uint32_t)CORUN_DRAM_FRFCFS);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_VC)),
			CORUN_FW_VC_CONFIG);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_DRAM_PRIO)), 0u);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_LLC_WAYS)),
			0xffffffffu);
	/* Writes to read-only registers change nothing, and are reported. */
	for (i = 0; i < ARRAY_SIZE(ro); i++) {
		v = wrd(d, ro[i]);
		d->errors = 0;
		wwr(d, ro[i], v + 1);
		KUNIT_EXPECT_EQ_MSG(test, d->errors, 1u, "0x%04x", ro[i]);
		KUNIT_EXPECT_EQ_MSG(test, wrd(d, ro[i]), v, "0x%04x", ro[i]);
	}
	/* Slots the device lacks and reserved offsets read 0. */
	d->errors = 0;
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(c->num_slots, CORUN_MCU_S_VC)), 0u);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(0, 0x3c)), 0u);
	KUNIT_EXPECT_EQ(test, wrd(d, 0x0050), 0u);
	wwr(d, SLOT(c->num_slots, CORUN_MCU_S_VC), 0);
	KUNIT_EXPECT_EQ(test, d->errors, 1u);
	/* Firmware mistakes are not the driver's: CORUN_REG_ERROR stays. */
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
}

/* A window write the device refuses: reported, and nothing changes. */
static void refused(struct kunit *test, struct dt *d, uint32_t off,
		    uint32_t val)
{
	uint32_t before = wrd(d, off);

	d->errors = 0;
	wwr(d, off, val);
	KUNIT_EXPECT_EQ_MSG(test, d->errors, 1u, "0x%04x = 0x%x", off, val);
	KUNIT_EXPECT_EQ_MSG(test, wrd(d, off), before, "0x%04x = 0x%x", off,
			    val);
	KUNIT_EXPECT_NOT_NULL(test, strstr(d->last_error, "window register"));
}

static void accepted(struct kunit *test, struct dt *d, uint32_t off,
		     uint32_t val)
{
	d->errors = 0;
	wwr(d, off, val);
	KUNIT_EXPECT_EQ_MSG(test, d->errors, 0u, "0x%04x = 0x%x: %s", off, val,
			    d->last_error);
	KUNIT_EXPECT_EQ_MSG(test, wrd(d, off), val, "0x%04x", off);
}

static void device_fw_test_window_vc(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	struct emu_gpu *gpu = emu_dev_gpu(d->dev);

	KUNIT_EXPECT_EQ(test, emu_gpu_slot_vc(gpu, 1), EMU_NOC_VC_MAPPED);
	accepted(test, d, SLOT(1, CORUN_MCU_S_VC), 3);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_vc(gpu, 1), 3u);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_vc(gpu, 0), EMU_NOC_VC_MAPPED);
	refused(test, d, SLOT(1, CORUN_MCU_S_VC), 4);
	refused(test, d, SLOT(1, CORUN_MCU_S_VC), 0xfffffffe);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_vc(gpu, 1), 3u);
	accepted(test, d, SLOT(1, CORUN_MCU_S_VC), CORUN_FW_VC_CONFIG);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_vc(gpu, 1), EMU_NOC_VC_MAPPED);
}

static void device_fw_test_window_dram(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	struct emu_gpu *gpu = emu_dev_gpu(d->dev);

	/* Under FR-FCFS a slot's priority is kept but does not act. */
	accepted(test, d, SLOT(2, CORUN_MCU_S_DRAM_PRIO), 7);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_dram_prio(gpu, 2), 0u);
	accepted(test, d, CORUN_MCU_DRAM_POLICY, CORUN_DRAM_SLOT_PRIO);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_dram_prio(gpu, 2), 7u);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_dram_prio(gpu, 1), 0u);
	accepted(test, d, SLOT(1, CORUN_MCU_S_DRAM_PRIO),
		 CORUN_FW_DRAM_PRIO_MAX);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_dram_prio(gpu, 1),
			CORUN_FW_DRAM_PRIO_MAX);
	refused(test, d, SLOT(1, CORUN_MCU_S_DRAM_PRIO),
		CORUN_FW_DRAM_PRIO_MAX + 1);
	refused(test, d, CORUN_MCU_DRAM_POLICY, CORUN_DRAM_NR);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_dram_prio(gpu, 1),
			CORUN_FW_DRAM_PRIO_MAX);
	accepted(test, d, CORUN_MCU_DRAM_POLICY, CORUN_DRAM_FRFCFS);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_dram_prio(gpu, 1), 0u);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_dram_prio(gpu, 2), 0u);
}

static void device_fw_test_window_llc(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	struct emu_gpu *gpu = emu_dev_gpu(d->dev);
	struct emu_llc_policy p;
	uint32_t n;

	/* The probability is kept while LRU acts. */
	accepted(test, d, CORUN_MCU_LLC_PROB, 1023);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.mode, (uint32_t)EMU_LLC_LRU);

	/* PROB: the CPU class is protected, p rounded to 1/1000. */
	accepted(test, d, CORUN_MCU_LLC_VICTIM, CORUN_LLC_VICTIM_PROB);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.mode, (uint32_t)EMU_LLC_PROTECT);
	KUNIT_EXPECT_EQ(test, p.protect_cls, (uint32_t)BIT(EMU_CLS_CPU));
	KUNIT_EXPECT_EQ(test, p.protect_slots, 0u);
	KUNIT_EXPECT_EQ(test, p.evict_permille, 1u); /* the paper's 0.001 */
	accepted(test, d, CORUN_MCU_LLC_PROB, 1014);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.evict_permille, 10u); /* 0.01 */
	accepted(test, d, CORUN_MCU_LLC_PROB, 513);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.evict_permille, 499u); /* 500.98 rounds up */
	accepted(test, d, CORUN_MCU_LLC_PROB, 0);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.evict_permille, 1000u); /* never spared */
	accepted(test, d, CORUN_MCU_LLC_PROB, CORUN_FW_LLC_PROB_ONE);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.evict_permille, 0u); /* always spared */
	refused(test, d, CORUN_MCU_LLC_PROB, CORUN_FW_LLC_PROB_ONE + 1);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.evict_permille, 0u);

	/* WAYPART: per-slot fill masks, all ways as "every way" (0). */
	accepted(test, d, SLOT(1, CORUN_MCU_S_LLC_WAYS), 0x3);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.mode, (uint32_t)EMU_LLC_PROTECT);
	accepted(test, d, CORUN_MCU_LLC_VICTIM, CORUN_LLC_VICTIM_WAYPART);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.mode, (uint32_t)EMU_LLC_WAYPART);
	KUNIT_EXPECT_EQ(test, p.protect_cls, 0u);
	KUNIT_EXPECT_EQ(test, p.evict_permille, 0u);
	for (n = 0; n < CORUN_MAX_SLOTS; n++)
		KUNIT_EXPECT_EQ_MSG(test, p.slot_ways[n], n == 1 ? 3ull : 0ull,
				    "slot %u", n);
	/* Bits beyond the 4 ways are ignored; some way must remain. */
	accepted(test, d, SLOT(2, CORUN_MCU_S_LLC_WAYS), 0xf0c);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.slot_ways[2], 0xcull);
	accepted(test, d, SLOT(1, CORUN_MCU_S_LLC_WAYS), 0xf);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.slot_ways[1], 0ull);
	refused(test, d, SLOT(3, CORUN_MCU_S_LLC_WAYS), 0xf0);
	refused(test, d, SLOT(3, CORUN_MCU_S_LLC_WAYS), 0);
	refused(test, d, CORUN_MCU_LLC_VICTIM, CORUN_LLC_VICTIM_NR);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.mode, (uint32_t)EMU_LLC_WAYPART);
	KUNIT_EXPECT_EQ(test, p.slot_ways[3], 0ull);

	accepted(test, d, CORUN_MCU_LLC_VICTIM, CORUN_LLC_VICTIM_LRU);
	emu_gpu_get_llc_policy(gpu, &p);
	KUNIT_EXPECT_EQ(test, p.mode, (uint32_t)EMU_LLC_LRU);
	KUNIT_EXPECT_EQ(test, p.slot_ways[2], 0ull);
}

/* The older knobs still reach the model, and still refuse bad values. */
static void device_fw_test_window_l1_irc(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);

	accepted(test, d, CORUN_MCU_IRC_WINDOW, 1000);
	refused(test, d, CORUN_MCU_IRC_WINDOW, CORUN_FW_IRC_WINDOW_MIN - 1);
	accepted(test, d, SLOT(1, CORUN_MCU_S_IRC_CREDITS), 17);
	accepted(test, d, SLOT(1, CORUN_MCU_S_IRC_PRIO), 15);
	refused(test, d, SLOT(1, CORUN_MCU_S_IRC_PRIO), 16);
	accepted(test, d, SLOT(1, CORUN_MCU_S_L1_WAYS), 0x1);
	refused(test, d, SLOT(1, CORUN_MCU_S_L1_WAYS), 0x10);
	accepted(test, d, SLOT(1, CORUN_MCU_S_L1_BYPASS_CTAS), 2);
	refused(test, d, SLOT(1, CORUN_MCU_S_L1_BYPASS_CTAS),
		CORUN_FW_L1_BYPASS_CTAS_ALL + 1);
}

/* MIL caps: none at reset, 1..CORUN_FW_MIL_CAP_MAX reach the model. */
static void device_fw_test_window_mil(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	struct emu_gpu *gpu = emu_dev_gpu(d->dev);

	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_MIL_CAP)),
			CORUN_FW_MIL_CAP_NONE);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(gpu, 1), 0u);
	accepted(test, d, SLOT(1, CORUN_MCU_S_MIL_CAP), 1);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(gpu, 1), 1u);
	accepted(test, d, SLOT(1, CORUN_MCU_S_MIL_CAP), CORUN_FW_MIL_CAP_MAX);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(gpu, 1),
			CORUN_FW_MIL_CAP_MAX);
	refused(test, d, SLOT(1, CORUN_MCU_S_MIL_CAP), CORUN_FW_MIL_CAP_MAX + 1);
	refused(test, d, SLOT(1, CORUN_MCU_S_MIL_CAP), 0xffffffff);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(gpu, 1),
			CORUN_FW_MIL_CAP_MAX);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(gpu, 0), 0u);
	accepted(test, d, SLOT(1, CORUN_MCU_S_MIL_CAP), CORUN_FW_MIL_CAP_NONE);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_mil_cap(gpu, 1), 0u);
}

/* The 64-bit counter window reads the model's live slot counters. */
static void device_fw_test_window_counters(struct kunit *test)
{
	struct dt *d = probe_dev(test, false);
	struct corun_slot_counters c;
	struct corun_job_desc desc;
	const uint64_t *w = (const uint64_t *)&c;
	uint32_t out, i;

	dt_job(d, 1, 4, 10, 1, &desc, &out);
	desc.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 1, &desc);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	dt_ack(d, CORUN_IRQ_JOB);
	emu_gpu_slot_counters(emu_dev_gpu(d->dev), 1, &c);
	KUNIT_EXPECT_GT(test, c.requests, 0ull);
	for (i = 0; i < sizeof(c) / 8 + 2; i++) {
		uint64_t want = i < sizeof(c) / 8 ? w[i] : 0;

		accepted(test, d, SLOT(1, CORUN_MCU_S_CTR_SEL), i);
		KUNIT_EXPECT_EQ_MSG(test, wrd(d, SLOT(1, CORUN_MCU_S_CTR_LO)),
				    (uint32_t)want, "counter %u", i);
		KUNIT_EXPECT_EQ_MSG(test, wrd(d, SLOT(1, CORUN_MCU_S_CTR_HI)),
				    (uint32_t)(want >> 32), "counter %u", i);
	}
	/* The 32-bit registers agree. */
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_REQUESTS)),
			(uint32_t)c.requests);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_READS)),
			(uint32_t)c.read_requests);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_DRAM)),
			(uint32_t)c.dram_accesses);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(1, CORUN_MCU_S_INSNS)),
			(uint32_t)c.warp_insns);
	/* Another slot's window is its own. */
	accepted(test, d, SLOT(0, CORUN_MCU_S_CTR_SEL),
		 offsetof(struct corun_slot_counters, requests) / 8);
	KUNIT_EXPECT_EQ(test, wrd(d, SLOT(0, CORUN_MCU_S_CTR_LO)), 0u);
}

/* The L1 utility monitors through the window (CORUN_MCU_L1_UMON_*). */
static void device_fw_test_window_umon(struct kunit *test)
{
	struct dt *d = probe_dev(test, false);
	const struct emu_config *c = emu_dev_config(d->dev);
	struct emu_gpu *gpu = emu_dev_gpu(d->dev);
	struct corun_job_desc desc;
	uint32_t out, p, n, code[16];
	uint64_t acc, h;

	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_CTRL), 0u);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_SAMPLE),
			CORUN_FW_L1_UMON_SAMPLE_BOOT);
	refused(test, d, CORUN_MCU_L1_UMON_CTRL, 2);
	refused(test, d, CORUN_MCU_L1_UMON_SAMPLE, 0);
	refused(test, d, CORUN_MCU_L1_UMON_SAMPLE,
		CORUN_FW_L1_UMON_SAMPLE_MAX + 1);
	accepted(test, d, CORUN_MCU_L1_UMON_SAMPLE,
		 CORUN_FW_L1_UMON_SAMPLE_MAX);
	/* every set: the few loads of the kernel below all count */
	accepted(test, d, CORUN_MCU_L1_UMON_SAMPLE, 1);
	refused(test, d, CORUN_MCU_L1_UMON_LO, 1);
	refused(test, d, CORUN_MCU_L1_UMON_HI, 1);
	accepted(test, d, CORUN_MCU_L1_UMON_CTRL, 1);
	/* dt_job()'s kernel, but loading its word (a global load) */
	dt_job(d, 1, 16, 0, 1, &desc, &out);
	n = rv32asm_gid_args(code);
	code[n++] = SLLI(A5, A0, 2);
	code[n++] = ADD(A4, A4, A5);
	code[n++] = LW(A6, A4, 0);
	code[n++] = EXIT;
	desc.entry = tdev_code(&d->t, code, n);
	desc.flags |= CORUN_DESC_F_IRQ;
	dt_submit(d, 1, &desc);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_JOB),
			(uint32_t)CORUN_IRQ_JOB);
	dt_ack(d, CORUN_IRQ_JOB);
	acc = emu_gpu_l1_umon_read(gpu, 1, CORUN_MCU_L1_UMON_ACCESSES);
	KUNIT_EXPECT_GT(test, acc, 0ull);
	accepted(test, d, CORUN_MCU_L1_UMON_SEL,
		 CORUN_MCU_L1_UMON_SEL_VAL(1, CORUN_MCU_L1_UMON_ACCESSES));
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_LO), (uint32_t)acc);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_HI), 0u);
	for (p = 0; p < c->l1.ways; p++) {
		h = emu_gpu_l1_umon_read(gpu, 1, p);
		wwr(d, CORUN_MCU_L1_UMON_SEL, CORUN_MCU_L1_UMON_SEL_VAL(1, p));
		KUNIT_EXPECT_EQ_MSG(test, wrd(d, CORUN_MCU_L1_UMON_LO),
				    (uint32_t)h, "position %u", p);
	}
	/* other slots, bad positions and slots read 0 */
	wwr(d, CORUN_MCU_L1_UMON_SEL,
	    CORUN_MCU_L1_UMON_SEL_VAL(0, CORUN_MCU_L1_UMON_ACCESSES));
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_LO), 0u);
	wwr(d, CORUN_MCU_L1_UMON_SEL, CORUN_MCU_L1_UMON_SEL_VAL(1, c->l1.ways));
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_LO), 0u);
	wwr(d, CORUN_MCU_L1_UMON_SEL,
	    CORUN_MCU_L1_UMON_SEL_VAL(c->num_slots,
				      CORUN_MCU_L1_UMON_ACCESSES));
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_LO), 0u);
	/* decay clears the hits, not the lookups; off keeps the counts */
	d->errors = 0;
	wwr(d, CORUN_MCU_L1_UMON_DECAY, 64);
	KUNIT_EXPECT_EQ(test, d->errors, 0u);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_L1_UMON_DECAY), 0u);
	for (p = 0; p < c->l1.ways; p++)
		KUNIT_EXPECT_EQ(test, emu_gpu_l1_umon_read(gpu, 1, p), 0ull);
	accepted(test, d, CORUN_MCU_L1_UMON_CTRL, 0);
	KUNIT_EXPECT_EQ(test,
			emu_gpu_l1_umon_read(gpu, 1, CORUN_MCU_L1_UMON_ACCESSES),
			acc);
}

/* The firmware sees each epoch's number, and gets the epoch event. */
static void device_fw_test_window_epoch(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	struct corun_job_desc desc;
	uint32_t out;

	dt_wr(d, CORUN_REG_EPOCH_LEN, CORUN_EPOCH_LEN_MIN);
	dt_job(d, 0, 2, 2000, 1, &desc, &out);
	dt_submit(d, 0, &desc);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_EPOCH),
			(uint32_t)CORUN_IRQ_EPOCH);
	dt_ack(d, CORUN_IRQ_EPOCH);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_EPOCH_SEQ), 1u);
	/* The probe acknowledged the epoch event along with the request. */
	KUNIT_EXPECT_EQ(test, mcu_events(emu_dev_mcu(d->dev)), 0u);
	dt_wr(d, CORUN_REG_EPOCH_ACK, 1);
	KUNIT_EXPECT_EQ(test, dt_run_until(d, CORUN_IRQ_EPOCH),
			(uint32_t)CORUN_IRQ_EPOCH);
	KUNIT_EXPECT_TRUE(test, mcu_events(emu_dev_mcu(d->dev)) &
					CORUN_MCU_EV_EPOCH);
	KUNIT_EXPECT_EQ(test, wrd(d, CORUN_MCU_EPOCH_SEQ), 2u);
	KUNIT_EXPECT_EQ(test, dt_rd(d, CORUN_REG_EPOCH_SEQ), 2u);
}

/* ---- the lockstep rule ---- */

/*
 * In lockstep mode the GPU does not advance while the MCU is awake: a
 * request that keeps the firmware busy for thousands of cycles costs the
 * running job no GPU cycle. In free-run mode the GPU runs meanwhile.
 */
static void device_fw_test_lockstep_rule(struct kunit *test)
{
	struct dt *d = probe_dev(test, true);
	struct corun_job_desc desc;
	uint64_t g0, d0;
	uint32_t out;

	dt_job(d, 0, 2, 100000, 1, &desc, &out);
	dt_submit(d, 0, &desc);
	emu_dev_step(d->dev, 500);
	g0 = dt_gpu_cycle(d);
	d0 = emu_dev_cycle(d->dev);
	KUNIT_EXPECT_EQ(test, g0, 500ull);

	probe(d, PROBE_SPIN, 0, 5000);
	/* The device clock moved by the MCU's work, the GPU not at all. */
	KUNIT_EXPECT_GE(test, emu_dev_cycle(d->dev) - d0, 10000ull);
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), g0);
	KUNIT_EXPECT_TRUE(test, mcu_asleep(emu_dev_mcu(d->dev)));

	/* A window write lands at the GPU cycle that woke the MCU. */
	wwr(d, SLOT(0, CORUN_MCU_S_VC), 2);
	KUNIT_EXPECT_EQ(test, emu_gpu_slot_vc(emu_dev_gpu(d->dev), 0), 2u);
	KUNIT_EXPECT_EQ(test, dt_gpu_cycle(d), g0);

	/* Free-run: the same request lets the GPU go on meanwhile. */
	dt_wr(d, CORUN_REG_CONTROL, CORUN_CTRL_ENABLE);
	probe(d, PROBE_SPIN, 0, 5000);
	KUNIT_EXPECT_GE(test, dt_gpu_cycle(d) - g0, 10000ull);
}

static struct kunit_case device_fw_test_cases[] = {
	KUNIT_CASE(device_fw_test_upload),
	KUNIT_CASE(device_fw_test_mailbox),
	KUNIT_CASE(device_fw_test_barrier_mcu_slice),
	KUNIT_CASE(device_fw_test_heartbeat),
	KUNIT_CASE(device_fw_test_window_ro),
	KUNIT_CASE(device_fw_test_window_vc),
	KUNIT_CASE(device_fw_test_window_dram),
	KUNIT_CASE(device_fw_test_window_llc),
	KUNIT_CASE(device_fw_test_window_l1_irc),
	KUNIT_CASE(device_fw_test_window_mil),
	KUNIT_CASE(device_fw_test_window_counters),
	KUNIT_CASE(device_fw_test_window_umon),
	KUNIT_CASE(device_fw_test_window_epoch),
	KUNIT_CASE(device_fw_test_lockstep_rule),
	{}
};

static struct kunit_suite device_fw_test_suite = {
	.name = "emu_device_fw",
	.test_cases = device_fw_test_cases,
};

kunit_test_suites(&device_fw_test_suite);
