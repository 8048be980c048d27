/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Harness of the device library's tests (emu-device-test): a struct
 * emu_dev over the test device's guest memory (testdev.h), driven through
 * BAR0 as a driver drives it, with every interrupt and guest error
 * counted. device_test.c tests BAR0, rings, fences, the completion hold,
 * epochs, slot resets and the barrier; device_fw_test.c the firmware
 * upload, the mailbox, the MCU's window and the lockstep rule.
 */
#ifndef _EMU_DEVICE_TEST_H_
#define _EMU_DEVICE_TEST_H_

#include <kunit/test.h>

#include "device.h"
#include "testdev.h"

#define DT_MEM (8u << 20)
#define DT_RING_ENTRIES 16u

/**
 * struct dt - one device under test
 * @t: guest memory, page tables and the kernels' helpers
 * @dev: the device
 * @ring_pa: per slot, its ring (one page)
 * @tail: per slot, the next ring entry the test fills
 * @irqs: calls of emu_dev_ops.irq
 * @errors: guest errors reported
 * @last_error: the last one's text
 */
struct dt {
	struct tdev t;
	struct emu_dev *dev;
	uint64_t ring_pa[CORUN_MAX_SLOTS];
	uint32_t tail[CORUN_MAX_SLOTS];
	unsigned int irqs;
	unsigned int errors;
	char last_error[256];
};

/*
 * A device on the test-2sm configuration with every interrupt enabled,
 * every slot's ring set up and enabled, CONTROL.ENABLE set (and LOCKSTEP
 * with @lockstep); jobs run without firmware. Freed with the test.
 */
struct dt *dt_new(struct kunit *test, bool lockstep);

static inline uint32_t dt_rd(struct dt *d, uint32_t off)
{
	return emu_dev_read(d->dev, off);
}

static inline void dt_wr(struct dt *d, uint32_t off, uint32_t val)
{
	KUNIT_ASSERT_EQ(kunit_get_current_test(), emu_dev_write(d->dev, off, val),
			0);
}

static inline uint32_t dt_slot_rd(struct dt *d, unsigned int slot, uint32_t reg)
{
	return dt_rd(d, CORUN_REG_SLOT(slot, reg));
}

static inline void dt_slot_wr(struct dt *d, unsigned int slot, uint32_t reg,
			      uint32_t val)
{
	dt_wr(d, CORUN_REG_SLOT(slot, reg), val);
}

/* Clear CORUN_REG_ERROR and the guest-error count. */
void dt_clear_errors(struct dt *d);

/*
 * A job of @ctas CTAs of 8 threads on @slot: each thread spins @spin
 * iterations, then writes gid + 0x100 to out[gid]. Returns the
 * descriptor (seqno @seqno, fence and counters in the tdev's slot areas)
 * and the output's VA in *@out.
 */
void dt_job(struct dt *d, unsigned int slot, uint32_t ctas, uint32_t spin,
	    uint64_t seqno, struct corun_job_desc *desc, uint32_t *out);

/* Put @desc in @slot's ring and ring the doorbell. */
void dt_submit(struct dt *d, unsigned int slot,
	       const struct corun_job_desc *desc);

/* The fence a slot's jobs write. */
uint64_t dt_fence(struct dt *d, unsigned int slot);

/* Run until an enabled interrupt in @want is pending (or the clock stops). */
uint32_t dt_run_until(struct dt *d, uint32_t want);

/* Acknowledge interrupts. */
static inline void dt_ack(struct dt *d, uint32_t irqs)
{
	dt_wr(d, CORUN_REG_IRQ_ACK, irqs);
}

static inline uint64_t dt_gpu_cycle(struct dt *d)
{
	return emu_gpu_cycle(emu_dev_gpu(d->dev));
}

#endif /* _EMU_DEVICE_TEST_H_ */
