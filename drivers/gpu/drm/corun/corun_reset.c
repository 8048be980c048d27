// SPDX-License-Identifier: GPL-2.0
/*
 * corun: recovery from a lost firmware and whole-device resets.
 *
 * The firmware is lost when the device reports it crashed
 * (CORUN_IRQ_FW_ERROR, FW_STATUS CRASHED), when a mailbox request finds
 * it crashed or unanswered in CORUN_MBOX_TIMEOUT_MS (hung), or when the
 * heartbeat check finds it working without beating (hung,
 * corun_heartbeat.c). Either way the
 * driver says so in the log and a work item reloads the image kept from
 * probe, gives the firmware the parameters the policy engine had applied
 * (it boots with its defaults) and rings the doorbells the device dropped
 * meanwhile (it refuses job doorbells without running firmware). Jobs are
 * not blamed: while the firmware is lost the watchdog resets no slot.
 *
 * A whole-device reset (CONTROL.RESET) is the last resort: when a slot
 * reset did not bring its slot back, when the firmware cannot be
 * reloaded, or on request through debugfs. The device then discards the
 * jobs in flight without writing their fences and forgets every register:
 * the driver stops the schedulers, sets the device up again as at probe
 * (rings, interrupts, snapshot buffer, firmware, the policy's registers)
 * and runs each resident job again from its descriptor, so that jobs of
 * other contexts complete. A job that hung is not among them: the
 * watchdog has ended it already. Running a job again is safe for kernels
 * that write their outputs without reading them first; a kernel that
 * accumulates into its buffers sees its partial first run.
 *
 * Lock order: reset_lock, then policy_lock, then mbox_lock.
 */

#include <linux/crc32.h>
#include <linux/delay.h>

#include <drm/drm_print.h>

#include <corun/fwif.h>

#include "corun_drv.h"

static void corun_recover_work(struct work_struct *work);

void corun_reset_init(struct corun_device *cdev)
{
	mutex_init(&cdev->reset_lock);
	mutex_init(&cdev->barrier_lock);
	INIT_WORK(&cdev->recover_work, corun_recover_work);
}

void corun_reset_fini(struct corun_device *cdev)
{
	cancel_work_sync(&cdev->recover_work);
}

/*
 * The device barrier (hw.h): returns once every slot reset written before
 * it has taken effect and no job on the device holds a translation from
 * before it, so memory those could reach may be freed. Sleeps for at most
 * the rest of the device's running slice. A device reset meanwhile clears
 * the request together with the model: the request is written again, and
 * the rebuilt model completes it at once.
 */
int corun_barrier(struct corun_device *cdev)
{
	unsigned long timeout = jiffies + msecs_to_jiffies(CORUN_BARRIER_MS);
	int ret = 0;
	u32 seq;

	might_sleep();
	/* before minor 4 there is nothing to wait for, nor a way to */
	if ((cdev->version & 0xffff) < 4)
		return 0;
	mutex_lock(&cdev->barrier_lock);
	seq = ++cdev->barrier_seq ?: ++cdev->barrier_seq; /* 0: reset value */
	corun_write(cdev, CORUN_REG_BARRIER, seq);
	while (corun_read(cdev, CORUN_REG_BARRIER_DONE) != seq) {
		if (time_after(jiffies, timeout)) {
			drm_err_ratelimited(&cdev->drm,
					    "barrier %u not reached in %d ms\n",
					    seq, CORUN_BARRIER_MS);
			ret = -ETIMEDOUT;
			break;
		}
		if (corun_read(cdev, CORUN_REG_BARRIER) != seq)
			corun_write(cdev, CORUN_REG_BARRIER, seq);
		usleep_range(20, 100);
	}
	mutex_unlock(&cdev->barrier_lock);
	return ret;
}

/* The firmware crashed or hung: reload it from the work item. */
void corun_fw_lost(struct corun_device *cdev, const char *why)
{
	if (!cdev->fw_image || READ_ONCE(cdev->fw_lost))
		return;
	WRITE_ONCE(cdev->fw_lost, true);
	cdev->fw_running = false;
	drm_err(&cdev->drm, "firmware %s (FW_STATUS %u): reloading it\n", why,
		corun_read(cdev, CORUN_REG_FW_STATUS));
	schedule_work(&cdev->recover_work);
}

/*
 * The firmware booted with its defaults: give it what the engine had
 * applied, and have every register of the policy's decision written
 * again (a device reset cleared them), by a new INIT decision of the
 * same policy. Called with reset_lock held.
 */
static void corun_policy_restore(struct corun_device *cdev)
{
	struct corun_policy_engine *eng = cdev->eng;
	int ret;

	mutex_lock(&cdev->policy_lock);
	corun_policy_fw_defaults(&eng->in.plat, &eng->applied_fw);
	ret = corun_policy_select_params(eng, eng->ops, eng->in.params);
	if (ret)
		drm_err(&cdev->drm, "policy %s refused to restart: %d\n",
			eng->ops->name, ret);
	if (cdev->epochs_on)
		corun_write(cdev, CORUN_REG_EPOCH_LEN, cdev->epoch_cycles);
	mutex_unlock(&cdev->policy_lock);
}

/* Doorbells dropped while the firmware was down: ring them again. */
static void corun_slots_ring(struct corun_device *cdev)
{
	u32 s;

	for (s = 0; s < cdev->num_slots; s++)
		corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_DOORBELL),
			    cdev->slots[s].tail % CORUN_RING_ENTRIES);
}

static int corun_fw_reload(struct corun_device *cdev)
{
	int ret;

	if (!cdev->fw_image)
		return 0;
	ret = corun_fw_boot(cdev, cdev->fw_image, cdev->fw_size);
	if (ret)
		return ret;
	WRITE_ONCE(cdev->fw_lost, false);
	return 0;
}

/* Whole-device reset; called with reset_lock held. */
static void corun_device_reset_locked(struct corun_device *cdev,
				      const char *why)
{
	u32 s;

	drm_err(&cdev->drm, "device reset: %s\n", why);
	atomic_inc(&cdev->device_resets);
	for (s = 0; s < cdev->num_slots; s++)
		drm_sched_wqueue_stop(&cdev->slots[s].sched);

	corun_write(cdev, CORUN_REG_CONTROL, CORUN_CTRL_RESET);
	mutex_lock(&cdev->policy_lock);
	/* the device holds nothing now and counts epochs from 0 again */
	cdev->hold_ctx = NULL;
	cdev->epoch_seq = 0;
	corun_write(cdev, CORUN_REG_CONTROL,
		    (cdev->gate_wait ? 0 : CORUN_CTRL_ENABLE) |
			    (cdev->lockstep ? CORUN_CTRL_LOCKSTEP : 0));
	mutex_unlock(&cdev->policy_lock);
	corun_write(cdev, CORUN_REG_ERROR, ~0U);
	if (cdev->snapshot) {
		corun_write(cdev, CORUN_REG_SNAPSHOT_LO,
			    lower_32_bits(cdev->snapshot_dma));
		corun_write(cdev, CORUN_REG_SNAPSHOT_HI,
			    upper_32_bits(cdev->snapshot_dma));
	}
	corun_write(cdev, CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	if (cdev->nvec)
		corun_write(cdev, CORUN_REG_IRQ_MASK, CORUN_IRQ_ALL);
	for (s = 0; s < cdev->num_slots; s++)
		corun_slot_setup(&cdev->slots[s]);

	if (cdev->fw_image && corun_fw_reload(cdev))
		drm_err(&cdev->drm, "firmware lost: running without it\n");
	corun_policy_restore(cdev);

	for (s = 0; s < cdev->num_slots; s++) {
		struct corun_slot *slot = &cdev->slots[s];
		unsigned long flags;
		struct corun_job *job;

		spin_lock_irqsave(&slot->lock, flags);
		job = slot->active;
		if (job)
			kref_get(&job->refcount);
		spin_unlock_irqrestore(&slot->lock, flags);
		if (!job)
			continue;
		corun_slot_push(slot, job);
		corun_job_put(job);
	}
	for (s = 0; s < cdev->num_slots; s++)
		drm_sched_wqueue_start(&cdev->slots[s].sched);
}

void corun_device_reset(struct corun_device *cdev, const char *why)
{
	lockdep_assert_held(&cdev->reset_lock);
	corun_device_reset_locked(cdev, why);
}

static void corun_recover_work(struct work_struct *work)
{
	struct corun_device *cdev =
		container_of(work, struct corun_device, recover_work);

	mutex_lock(&cdev->reset_lock);
	if (READ_ONCE(cdev->fw_lost)) {
		if (corun_fw_reload(cdev)) {
			corun_device_reset_locked(cdev,
						  "firmware reload failed");
		} else {
			atomic_inc(&cdev->fw_reloads);
			corun_policy_restore(cdev);
			corun_slots_ring(cdev);
			drm_info(&cdev->drm, "firmware reloaded\n");
		}
	}
	mutex_unlock(&cdev->reset_lock);
}

/*
 * Fault injection (debugfs inject_fw): replace the running firmware with
 * an image whose microcontroller code crashes (@mode 1: an illegal
 * instruction) or hangs (@mode 2: completes the boot handshake, then
 * spins without ever answering the mailbox). The driver must find out by
 * itself: the crash through CORUN_IRQ_FW_ERROR, the hang through the
 * heartbeat check (the image never beats and spins awake) or at its next
 * mailbox request, whichever comes first.
 */
int corun_inject_fw(struct corun_device *cdev, u64 mode)
{
	static const u32 crash[] = { 0 }; /* all-zero: illegal */
	static const u32 hang[] = {
		0x400002b7, /* lui t0, CORUN_MCU_CTL_BASE >> 12 */
		0x00100313, /* li t1, 1 */
		0x0262a223, /* sw t1, CORUN_MCU_READY(t0) */
		0x0000006f, /* j . */
	};
	struct {
		struct corun_fw_header h;
		u32 code[ARRAY_SIZE(hang)];
	} img = {};
	const u32 *code = mode == 1 ? crash : hang;
	u32 n = mode == 1 ? ARRAY_SIZE(crash) : ARRAY_SIZE(hang);
	struct device *dev = &cdev->pdev->dev;
	size_t size = sizeof(img.h) + 4 * n;
	dma_addr_t dma;
	void *buf;
	u32 state;

	BUILD_BUG_ON(CORUN_MCU_CTL_BASE != 0x40000000u ||
		     CORUN_MCU_READY != 0x24);
	if (mode != 1 && mode != 2)
		return -EINVAL;
	if (!cdev->fw_running)
		return -ENODEV;
	img.h.magic = CORUN_FW_MAGIC;
	img.h.fwif_version = CORUN_FWIF_VERSION;
	img.h.header_size = sizeof(img.h);
	img.h.fw_version = 0x00630001;
	img.h.payload_size = 4 * n;
	memcpy(img.code, code, 4 * n);
	img.h.payload_crc32 = ~crc32_le(~0U, (const u8 *)img.code, 4 * n);

	buf = dma_alloc_coherent(dev, size, &dma, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, &img, size);
	corun_fw_load(cdev, dma, size, &state);
	/* the hang must be found by the driver itself (heartbeat, mailbox) */
	if (mode == 2 && state == CORUN_FW_RUNNING && !READ_ONCE(cdev->fw_lost))
		cdev->fw_running = true;
	dma_free_coherent(dev, size, buf, dma);
	drm_info(&cdev->drm, "injected a firmware %s: FW_STATUS %u\n",
		 mode == 1 ? "crash" : "hang", state);
	return 0;
}
