// SPDX-License-Identifier: GPL-2.0
/*
 * corun: device firmware. When the device advertises CORUN_CAP_FIRMWARE
 * the driver loads CORUN_FW_NAME with request_firmware(), checks its
 * header and CRC, hands it to the device by DMA (CORUN_REG_FW_*) and waits
 * for the microcontroller to boot. Devices without the capability, and a
 * missing, bad or non-booting image, leave the device without firmware:
 * the driver says so in the log and carries on. The image is kept for
 * reloads after a crash or a hang.
 *
 * The mailbox: one request is in flight per device, under its mbox_lock. The driver
 * writes MBOX_IN, rings MBOX_DOORBELL with the request's sequence number
 * and waits until MBOX_DONE reads that number. The firmware's answer
 * raises CORUN_IRQ_MAILBOX, which the hard interrupt handler acknowledges
 * and turns into a wake-up of mbox_wq (corun_irq.c): the wait never
 * depends on the threaded handler, which may itself be the one waiting
 * (the epoch handler sends the policy's parameters) or be stuck behind a
 * waiter's policy_lock, and with one MSI or INTx vector every event
 * shares that thread. The wait is bounded by CORUN_MBOX_TIMEOUT_MS and
 * ends early if the firmware stops running. A request that finds the
 * firmware crashed, or that it leaves unanswered (hung), makes the driver
 * reload it (corun_reset.c); until then requests fail with -ENODEV. Before the
 * interrupt is set up (while probing) and after it is torn down, the
 * driver polls MBOX_DONE instead. A hang without requests is found by the
 * heartbeat check (corun_heartbeat.c).
 */

#include <linux/crc32.h>
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/firmware.h>
#include <linux/iopoll.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include <corun/fwif.h>

#include "corun_drv.h"
#include "corun_trace.h"

#define CORUN_FW_BOOT_TIMEOUT_US 2000000
#define CORUN_MBOX_TIMEOUT_MS 1000

static int corun_fw_check(struct corun_device *cdev, const struct firmware *fw)
{
	const struct corun_fw_header *h = (const void *)fw->data;
	u32 i, crc;

	if (fw->size < sizeof(*h) || h->magic != CORUN_FW_MAGIC ||
	    h->header_size != sizeof(*h) ||
	    h->fwif_version != CORUN_FWIF_VERSION || h->load_addr & 3 ||
	    h->payload_size != fw->size - sizeof(*h) ||
	    h->payload_size > CORUN_MCU_MEM_SIZE ||
	    h->load_addr > CORUN_MCU_MEM_SIZE - h->payload_size)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(h->reserved); i++)
		if (h->reserved[i])
			return -EINVAL;
	crc = ~crc32_le(~0U, fw->data + sizeof(*h), h->payload_size);
	if (crc != h->payload_crc32) {
		drm_err(&cdev->drm, "firmware CRC %#x, header says %#x\n", crc,
			h->payload_crc32);
		return -EINVAL;
	}
	return 0;
}

static void corun_fw_hello(struct corun_device *cdev);

/*
 * Have the device load the image at bus address @dma, @size bytes, and
 * wait until it runs or failed (@state: FW_STATUS then). The device
 * copies the image at LOAD. Loading stops whatever ran before and starts
 * the mailbox's sequence again (MBOX_DONE reads 0).
 */
int corun_fw_load(struct corun_device *cdev, dma_addr_t dma, size_t size,
		  u32 *state)
{
	mutex_lock(&cdev->mbox_lock);
	cdev->fw_running = false;
	corun_write(cdev, CORUN_REG_FW_ADDR_LO, lower_32_bits(dma));
	corun_write(cdev, CORUN_REG_FW_ADDR_HI, upper_32_bits(dma));
	corun_write(cdev, CORUN_REG_FW_SIZE, size);
	corun_write(cdev, CORUN_REG_FW_CTRL, CORUN_FW_CTRL_LOAD);
	cdev->mbox_seq = 0;
	cdev->fw_loads++;
	mutex_unlock(&cdev->mbox_lock);
	trace_corun_fw_cmd(0xffff, 0, 0);
	return readl_poll_timeout(cdev->regs + CORUN_REG_FW_STATUS, *state,
				  *state != CORUN_FW_LOADING &&
					  *state != CORUN_FW_OFF,
				  1000, CORUN_FW_BOOT_TIMEOUT_US);
}

/*
 * Hand @image to the device and wait for the microcontroller to boot it:
 * at probe, and again to reload lost firmware (corun_reset.c). Loading
 * stops whatever ran before and restarts the mailbox's sequence.
 * Return: 0 once the firmware runs, -ENOMEM, or -EIO if it did not boot.
 */
int corun_fw_boot(struct corun_device *cdev, const void *image, size_t size)
{
	struct device *dev = &cdev->pdev->dev;
	dma_addr_t dma;
	void *buf;
	u32 state;
	int ret;

	buf = dma_alloc_coherent(dev, size, &dma, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	memcpy(buf, image, size);
	ret = corun_fw_load(cdev, dma, size, &state);
	dma_free_coherent(dev, size, buf, dma);
	if (ret || state != CORUN_FW_RUNNING ||
	    !(corun_read(cdev, CORUN_REG_STATUS) & CORUN_STATUS_FW_READY)) {
		drm_err(&cdev->drm, "firmware did not boot: state %u\n", state);
		return -EIO;
	}
	cdev->fw_version = corun_read(cdev, CORUN_REG_FW_VERSION);
	/* the register is major << 16 | minor; the uapi adds a patch field */
	cdev->fw_version <<= 16;
	cdev->fw_running = true;
	corun_fw_hello(cdev);
	return 0;
}

int corun_fw_init(struct corun_device *cdev)
{
	struct device *dev = &cdev->pdev->dev;
	const struct firmware *fw;
	int ret;

	mutex_init(&cdev->mbox_lock);
	init_waitqueue_head(&cdev->mbox_wq);
	if (!(cdev->caps & CORUN_CAP_FIRMWARE)) {
		drm_info(&cdev->drm, "%s\n",
			 "device has no firmware: running without it");
		return 0;
	}

	ret = request_firmware(&fw, CORUN_FW_NAME, dev);
	if (ret) {
		/* jobs may still run if the device takes doorbells without it */
		drm_warn(&cdev->drm, "no %s (%d): running without firmware\n",
			 CORUN_FW_NAME, ret);
		return 0;
	}
	ret = corun_fw_check(cdev, fw);
	if (ret) {
		drm_err(&cdev->drm, "%s: bad image\n", CORUN_FW_NAME);
		ret = 0;
		goto out_release;
	}
	ret = corun_fw_boot(cdev, fw->data, fw->size);
	if (ret) {
		ret = ret == -ENOMEM ? ret : 0;
		goto out_release;
	}
	/* kept for reloads after a crash or a hang (corun_reset.c) */
	cdev->fw_image = kvmemdup(fw->data, fw->size, GFP_KERNEL);
	cdev->fw_size = fw->size;
	drm_info(&cdev->drm, "firmware %u.%u running\n",
		 (u32)(cdev->fw_version >> 32),
		 (u32)(cdev->fw_version >> 16) & 0xffff);
out_release:
	release_firmware(fw);
	return ret;
}

void corun_fw_fini(struct corun_device *cdev)
{
	if (cdev->fw_running)
		corun_write(cdev, CORUN_REG_FW_CTRL, CORUN_FW_CTRL_HALT);
	cdev->fw_running = false;
	kvfree(cdev->fw_image);
	cdev->fw_image = NULL;
}

/* The request @seq is answered, or the firmware is no longer running. */
static bool corun_mbox_ended(struct corun_device *cdev, u32 seq)
{
	return corun_read(cdev, CORUN_REG_MBOX_DONE) == seq ||
	       corun_read(cdev, CORUN_REG_FW_STATUS) != CORUN_FW_RUNNING;
}

static int corun_mbox_wait(struct corun_device *cdev, u32 seq)
{
	bool ended;
	long left;

	if (!READ_ONCE(cdev->mbox_irq)) {
		cdev->mbox_stats.polled++;
		return read_poll_timeout(corun_mbox_ended, ended, ended, 10,
					 CORUN_MBOX_TIMEOUT_MS * 1000, false,
					 cdev, seq);
	}
	left = wait_event_timeout(cdev->mbox_wq, corun_mbox_ended(cdev, seq),
				  msecs_to_jiffies(CORUN_MBOX_TIMEOUT_MS));
	if (!left)
		return -ETIMEDOUT;
	/* answered, but no wake-up came before the time was up */
	if (left == 1)
		cdev->mbox_stats.late++;
	return 0;
}

int corun_fw_mbox_send(struct corun_device *cdev, u32 cmd, const u32 *payload,
		       u32 len, u32 *reply, u32 reply_len)
{
	const char *why;
	u32 i, seq, hdr;
	int ret;

	if (!cdev->fw_running)
		return -ENODEV;
	if (len > CORUN_MBOX_MAX_PAYLOAD || reply_len > CORUN_MBOX_MAX_PAYLOAD)
		return -EINVAL;

	mutex_lock(&cdev->mbox_lock);
	/* the device drops doorbells while a request is unanswered */
	if (corun_read(cdev, CORUN_REG_MBOX_DONE) != cdev->mbox_seq) {
		ret = -EBUSY;
		goto out;
	}
	corun_write(cdev, CORUN_REG_MBOX_IN, CORUN_MBOX_HDR(cmd, len));
	for (i = 0; i < len; i++)
		corun_write(cdev, CORUN_REG_MBOX_IN + 4 * (i + 1), payload[i]);
	seq = cdev->mbox_seq + 1;
	if (!seq) /* MBOX_DONE reads 0 before the first answer */
		seq = 1;
	cdev->mbox_seq = seq;
	cdev->mbox_stats.requests++;
	corun_write(cdev, CORUN_REG_MBOX_DOORBELL, seq);
	ret = corun_mbox_wait(cdev, seq);
	if (!ret && corun_read(cdev, CORUN_REG_MBOX_DONE) != seq)
		ret = -EIO; /* the firmware stopped */
	if (ret) {
		cdev->mbox_stats.failed++;
		why = ret == -ETIMEDOUT ? "not answered in time" :
					  "lost: the firmware is not running";
		drm_err_ratelimited(&cdev->drm,
				    "mailbox request %u (cmd %u): %s\n", seq,
				    cmd, why);
		/*
		 * Crashed (FW_STATUS says so) or hung (running, but silent
		 * for CORUN_MBOX_TIMEOUT_MS): reload it.
		 */
		corun_fw_lost(cdev, ret == -ETIMEDOUT ? "hung" : "crashed");
		goto out;
	}
	hdr = corun_read(cdev, CORUN_REG_MBOX_OUT);
	for (i = 0; i < reply_len; i++)
		reply[i] = corun_read(cdev, CORUN_REG_MBOX_OUT + 4 * (i + 1));
	if (CORUN_MBOX_HDR_CMD(hdr) != CORUN_FW_OK) {
		cdev->mbox_stats.refused++;
		ret = -EIO;
	}
out:
	trace_corun_fw_cmd(cmd, len ? payload[0] : 0, ret);
	mutex_unlock(&cdev->mbox_lock);
	return ret;
}

static int corun_fw_send(void *ctx, u32 cmd, const u32 *payload, u32 len)
{
	u32 reply;

	return corun_fw_mbox_send(ctx, cmd, payload, len, &reply, 1);
}

/* A parameter id no firmware knows (fault injection). */
#define CORUN_FW_P_NONE 0x00ff

int corun_fw_set_params(struct corun_device *cdev, const u32 *pairs, u32 n)
{
	u32 *bad = NULL;
	int ret;

	/*
	 * Fault injection (debugfs inject_fw_refuse): this once, the last
	 * pair names no parameter, so that the firmware really refuses the
	 * request that carries it, after any earlier ones were applied.
	 */
	if (n && READ_ONCE(cdev->inject_fw_refuse)) {
		WRITE_ONCE(cdev->inject_fw_refuse, false);
		bad = kmemdup(pairs, 2 * n * sizeof(*pairs), GFP_KERNEL);
		if (!bad)
			return -ENOMEM;
		bad[2 * n - 2] = CORUN_FW_P_NONE;
		pairs = bad;
	}
	ret = corun_fw_send_params(pairs, n, cdev->fw_features, corun_fw_send,
				   cdev);
	kfree(bad);
	return ret;
}

/* Ask the running firmware which interface it speaks (mailbox check). */
static void corun_fw_hello(struct corun_device *cdev)
{
	u32 reply[3] = {};
	int ret;

	ret = corun_fw_mbox_send(cdev, CORUN_FW_CMD_VERSION, NULL, 0, reply,
				 ARRAY_SIZE(reply));
	if (ret || reply[0] != CORUN_FWIF_VERSION)
		drm_warn(&cdev->drm,
			 "firmware mailbox: VERSION returned %d, fwif %u\n",
			 ret, reply[0]);
	else
		cdev->fw_features = reply[2];
	drm_dbg_driver(&cdev->drm, "firmware fwif %u features %#x\n", reply[0],
		       reply[2]);
}
