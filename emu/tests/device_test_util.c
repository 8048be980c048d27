// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Harness of emu-device-test (device_test.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_test.h"

static uint8_t *dt_map(void *ctx, uint64_t pa, uint64_t len)
{
	struct dt *d = ctx;

	return d->t.phys.map(d->t.phys.ctx, pa, len);
}

static void dt_irq(void *ctx)
{
	struct dt *d = ctx;

	d->irqs++;
}

static void dt_guest_error(void *ctx, const char *msg)
{
	struct dt *d = ctx;

	d->errors++;
	snprintf(d->last_error, sizeof(d->last_error), "%s", msg);
}

static void dt_free(void *p)
{
	struct dt *d = p;

	emu_dev_destroy(d->dev);
	tdev_fini(&d->t);
	free(d);
}

struct dt *dt_new(struct kunit *test, bool lockstep)
{
	struct dt *d = calloc(1, sizeof(*d));
	struct emu_config cfg;
	struct emu_dev_ops ops = {
		.map = dt_map,
		.irq = dt_irq,
		.guest_error = dt_guest_error,
	};
	struct emu_dev_params params = { .lockstep = lockstep };
	char err[256];
	unsigned int n;

	KUNIT_ASSERT_NOT_NULL(test, d);
	tdev_test_config(&cfg);
	cfg.noc.vcs = 4; /* room for per-slot VCs */
	KUNIT_ASSERT_EQ(test, tdev_init(&d->t, &cfg, DT_MEM), 0);
	ops.ctx = d;
	d->dev = emu_dev_create(&d->t.cfg, &ops, &params, err, sizeof(err));
	KUNIT_ASSERT_NOT_NULL_MSG(test, d->dev, "%s", err);
	kunit_add_action(test, dt_free, d);

	dt_wr(d, CORUN_REG_IRQ_MASK, CORUN_IRQ_ALL);
	for (n = 0; n < d->t.cfg.num_slots; n++) {
		d->ring_pa[n] = tdev_alloc_pa(&d->t, CORUN_PAGE_SIZE,
					      CORUN_PAGE_SIZE);
		dt_slot_wr(d, n, CORUN_SLOT_RING_LO, (uint32_t)d->ring_pa[n]);
		dt_slot_wr(d, n, CORUN_SLOT_RING_HI,
			   (uint32_t)(d->ring_pa[n] >> 32));
		dt_slot_wr(d, n, CORUN_SLOT_RING_SIZE, DT_RING_ENTRIES);
		dt_slot_wr(d, n, CORUN_SLOT_CTRL, CORUN_SLOT_CTRL_ENABLE);
	}
	dt_wr(d, CORUN_REG_CONTROL,
	      CORUN_CTRL_ENABLE | (lockstep ? CORUN_CTRL_LOCKSTEP : 0));
	KUNIT_ASSERT_EQ(test, dt_rd(d, CORUN_REG_ERROR), 0u);
	KUNIT_ASSERT_EQ(test, d->errors, 0u);
	return d;
}

void dt_clear_errors(struct dt *d)
{
	dt_wr(d, CORUN_REG_ERROR, UINT32_MAX);
	d->errors = 0;
	d->last_error[0] = 0;
}

void dt_job(struct dt *d, unsigned int slot, uint32_t ctas, uint32_t spin,
	    uint64_t seqno, struct corun_job_desc *desc, uint32_t *out)
{
	uint32_t code[32], *args, n;

	n = rv32asm_gid_store(code, 1);
	*out = tdev_alloc(&d->t, 4 * 8 * ctas, TDEV_RW);
	memset(tdev_ptr(&d->t, *out), 0, 4 * 8 * ctas);
	tdev_desc(&d->t, slot, desc, tdev_code(&d->t, code, n), ctas, 8);
	desc->args = tdev_alloc(&d->t, 8, TDEV_RW);
	args = tdev_ptr(&d->t, desc->args);
	args[0] = *out;
	args[1] = spin;
	desc->seqno = seqno;
}

void dt_submit(struct dt *d, unsigned int slot,
	       const struct corun_job_desc *desc)
{
	uint64_t pa = d->ring_pa[slot] + (uint64_t)d->tail[slot] * sizeof(*desc);

	memcpy(d->t.mem + pa, desc, sizeof(*desc));
	d->tail[slot] = (d->tail[slot] + 1) % DT_RING_ENTRIES;
	dt_slot_wr(d, slot, CORUN_SLOT_DOORBELL, d->tail[slot]);
}

uint64_t dt_fence(struct dt *d, unsigned int slot)
{
	uint64_t v;

	memcpy(&v, d->t.mem + d->t.fence_pa[slot], sizeof(v));
	return v;
}

uint32_t dt_run_until(struct dt *d, uint32_t want)
{
	uint32_t irq = 0;
	unsigned int i;

	/* Other interrupts are acknowledged on the way. */
	for (i = 0; i < 1000; i++) {
		irq = emu_dev_run(d->dev, UINT64_MAX);
		if (!irq || (irq & want))
			break;
		dt_ack(d, irq);
	}
	return irq;
}
