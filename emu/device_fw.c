// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device: the firmware microcontroller's side of the device.
 *
 * FW_CTRL.LOAD copies the image from guest RAM (bus master), checks it and
 * hands it to the clock, which boots it on the MCU; READY sets
 * STATUS.FW_READY, FW_STATUS RUNNING and FW_VERSION; the BAR0 mailbox is
 * carried to the firmware and back (CORUN_IRQ_MAILBOX); a crash or a
 * rejected image sets FW_STATUS, STATUS.FW_ERROR and raises
 * CORUN_IRQ_FW_ERROR. FW_HEARTBEAT and FW_INSNS follow the MCU at the end
 * of every clock slice while the image boots or runs.
 *
 * The firmware reaches the hardware only through the MCU's control-register
 * window (fwif.h), whose device side is device_window.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "device_int.h"

#define FW_MAX_SIZE (sizeof(struct corun_fw_header) + CORUN_MCU_MEM_SIZE)
#define DMA_PAGE 0x1000u

static void mcu_notify(void *ctx, enum mcu_notify what)
{
	struct emu_dev *dev = ctx;

	dev->mcu_notified |= BIT(what);
}

/* A fresh MCU with the window at its reset values. */
int emu_dev_fw_create(struct emu_dev *dev)
{
	struct mcu_hw_ops mops = {
		.ctx = dev,
		.read = emu_dev_window_read,
		.write = emu_dev_window_write,
		.notify = mcu_notify,
	};

	dev->mcu = mcu_create(&mops);
	if (!dev->mcu)
		return -ENOMEM;
	dev->mcu_notified = 0;
	emu_dev_window_reset(dev);
	return 0;
}

void emu_dev_fw_free(struct emu_dev *dev)
{
	mcu_destroy(dev->mcu);
	dev->mcu = NULL;
	free(dev->fw_image);
	dev->fw_image = NULL;
	dev->fw_cmd = EMU_DEV_FW_NONE;
}

void emu_dev_fw_reset_regs(struct emu_dev *dev)
{
	dev->fw_addr_lo = 0;
	dev->fw_addr_hi = 0;
	dev->fw_size = 0;
	dev->fw_status = CORUN_FW_OFF;
	dev->fw_version = 0;
	dev->fw_heartbeat = 0;
	dev->fw_insns = 0;
	memset(dev->mbox_in, 0, sizeof(dev->mbox_in));
	memset(dev->mbox_out, 0, sizeof(dev->mbox_out));
	dev->mbox_doorbell = 0;
	dev->mbox_done = 0;
	dev->mbox_pending = false;
	dev->mbox_busy = false;
	memset(dev->mbox_req, 0, sizeof(dev->mbox_req));
}

/* ---- register side (host lock) ---- */

/* The firmware stopped working: refuse mailbox and jobs until a load. */
static void fw_failed(struct emu_dev *dev, uint32_t fw_status)
{
	dev->fw_status = fw_status;
	dev->status &= ~CORUN_STATUS_FW_READY;
	dev->status |= CORUN_STATUS_FW_ERROR;
	dev->mbox_pending = dev->mbox_busy = false;
	emu_dev_raise(dev, CORUN_IRQ_FW_ERROR);
}

/* A new command for the firmware ends whatever the old image was doing. */
static void fw_command(struct emu_dev *dev, enum emu_dev_fw_cmd cmd,
		       uint8_t *image, uint32_t len)
{
	free(dev->fw_image);
	dev->fw_image = image;
	dev->fw_image_len = len;
	dev->fw_cmd = cmd;
	dev->mbox_pending = dev->mbox_busy = false;
	dev->status &= ~CORUN_STATUS_FW_READY;
	emu_dev_kick(dev);
}

/*
 * Copy [pa, pa + len) of guest RAM, as the device sees it (bus master),
 * into @buf. Return false if any of it is not plain guest RAM.
 */
static bool dma_read(struct emu_dev *dev, uint64_t pa, uint8_t *buf,
		     uint64_t len)
{
	const uint8_t *p;
	uint64_t n;

	if (pa + len < pa)
		return false;
	while (len) {
		n = DMA_PAGE - (pa & (DMA_PAGE - 1));
		if (n > len)
			n = len;
		p = dev->ops.map(dev->ops.ctx, pa, n);
		if (!p)
			return false;
		memcpy(buf, p, n);
		buf += n;
		pa += n;
		len -= n;
	}
	return true;
}

/*
 * FW_CTRL.LOAD: copy the image from FW_ADDR/FW_SIZE, check it and hand it
 * to the clock, which boots it. Whatever fails, the old firmware is
 * stopped, FW_STATUS says BAD_IMAGE and CORUN_IRQ_FW_ERROR is raised.
 */
void emu_dev_fw_load(struct emu_dev *dev)
{
	uint64_t pa = ((uint64_t)dev->fw_addr_hi << 32) | dev->fw_addr_lo;
	uint8_t *img = NULL;
	char err[128];

	dev->status &= ~CORUN_STATUS_FW_ERROR;
	dev->fw_version = 0;
	dev->fw_heartbeat = 0;
	dev->fw_insns = 0;
	dev->mbox_done = 0;
	memset(dev->mbox_out, 0, sizeof(dev->mbox_out));
	if (dev->fw_size < sizeof(struct corun_fw_header) ||
	    dev->fw_size > FW_MAX_SIZE) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "FW_SIZE %u: an image has %zu to %zu bytes",
				    dev->fw_size,
				    sizeof(struct corun_fw_header),
				    (size_t)FW_MAX_SIZE);
		goto bad;
	}
	img = malloc(dev->fw_size);
	if (!img) {
		emu_dev_guest_error(dev, 0,
				    "no host memory for a %u-byte firmware image",
				    dev->fw_size);
		goto bad;
	}
	if (!dma_read(dev, pa, img, dev->fw_size)) {
		emu_dev_guest_error(dev, CORUN_ERR_DMA,
				    "firmware image at 0x%llx+%u is not guest RAM (or bus mastering is off)",
				    (unsigned long long)pa, dev->fw_size);
		goto bad;
	}
	if (mcu_check_image(img, dev->fw_size, NULL, err, sizeof(err)) !=
	    MCU_IMG_OK) {
		emu_dev_guest_error(dev, 0, "firmware image rejected: %s", err);
		goto bad;
	}
	dev->fw_status = CORUN_FW_LOADING;
	fw_command(dev, EMU_DEV_FW_LOAD, img, dev->fw_size);
	return;

bad:
	free(img);
	fw_command(dev, EMU_DEV_FW_LOAD, NULL, 0);
	fw_failed(dev, CORUN_FW_BAD_IMAGE);
}

/* FW_CTRL.HALT: stop the firmware; a failed state stays visible. */
void emu_dev_fw_halt(struct emu_dev *dev)
{
	fw_command(dev, EMU_DEV_FW_HALT, NULL, 0);
	if (dev->fw_status == CORUN_FW_LOADING ||
	    dev->fw_status == CORUN_FW_RUNNING)
		dev->fw_status = CORUN_FW_OFF;
}

void emu_dev_mbox_doorbell(struct emu_dev *dev, uint32_t seq)
{
	if (dev->fw_status != CORUN_FW_RUNNING) {
		emu_dev_guest_error(dev, CORUN_ERR_NO_FW,
				    "mailbox doorbell %u while the firmware is not running",
				    seq);
		return;
	}
	if (dev->mbox_busy) {
		emu_dev_guest_error(dev, CORUN_ERR_BAD_VALUE,
				    "mailbox doorbell %u while request %u is unanswered; dropped",
				    seq, dev->mbox_doorbell);
		return;
	}
	dev->mbox_doorbell = seq;
	memcpy(dev->mbox_req, dev->mbox_in, sizeof(dev->mbox_req));
	dev->mbox_pending = dev->mbox_busy = true;
	emu_dev_kick(dev);
}

/* ---- clock side ---- */

/* Carry out FW_CTRL and the mailbox doorbell (prepare, host lock held). */
void emu_dev_fw_prepare(struct emu_dev *dev)
{
	enum emu_dev_fw_cmd cmd = dev->fw_cmd;
	char err[128];

	dev->fw_cmd = EMU_DEV_FW_NONE;
	if (cmd == EMU_DEV_FW_HALT || (cmd == EMU_DEV_FW_LOAD && !dev->fw_image)) {
		mcu_halt(dev->mcu);
	} else if (cmd == EMU_DEV_FW_LOAD) {
		/* Checked by the register side already: a model bug. */
		if (mcu_load_image(dev->mcu, dev->fw_image, dev->fw_image_len,
				   err, sizeof(err)) != MCU_IMG_OK) {
			emu_dev_guest_error(dev, 0,
					    "firmware image rejected: %s", err);
			fw_failed(dev, CORUN_FW_BAD_IMAGE);
		}
		free(dev->fw_image);
		dev->fw_image = NULL;
	}
	if (cmd != EMU_DEV_FW_NONE)
		dev->mcu_notified = 0; /* those were the old image's */
	if (dev->mbox_pending) {
		dev->mbox_pending = false;
		if (mcu_mbox_request(dev->mcu, dev->mbox_doorbell,
				     dev->mbox_req)) {
			/* Crashed or halted meanwhile: FW_STATUS says so. */
			dev->mbox_busy = false;
		}
	}
}

/* Publish what the MCU reported during the slice (host lock held). */
void emu_dev_fw_complete(struct emu_dev *dev)
{
	const struct mcu_fault *f;
	uint32_t what = dev->mcu_notified;
	uint32_t ver;

	dev->mcu_notified = 0;
	if (dev->fw_cmd != EMU_DEV_FW_NONE)
		return; /* superseded by a load or halt */
	/*
	 * Liveness, for the driver's heartbeat check: copies, so that BAR0
	 * reads never reach into the MCU, which the clock runs unlocked.
	 */
	if (dev->fw_status == CORUN_FW_LOADING ||
	    dev->fw_status == CORUN_FW_RUNNING) {
		dev->fw_heartbeat = mcu_heartbeat(dev->mcu);
		dev->fw_insns = (uint32_t)mcu_insns(dev->mcu);
	}
	if ((what & BIT(MCU_NOTIFY_READY)) &&
	    dev->fw_status == CORUN_FW_LOADING && mcu_ready(dev->mcu, &ver)) {
		dev->fw_version = ver;
		dev->fw_status = CORUN_FW_RUNNING;
		dev->status |= CORUN_STATUS_FW_READY;
	}
	if ((what & BIT(MCU_NOTIFY_MBOX_DONE)) && dev->mbox_busy &&
	    !dev->mbox_pending && !mcu_mbox_busy(dev->mcu)) {
		mcu_mbox_reply(dev->mcu, dev->mbox_out);
		dev->mbox_done = mcu_mbox_done(dev->mcu);
		dev->mbox_busy = false;
		emu_dev_raise(dev, CORUN_IRQ_MAILBOX);
	}
	if ((what & BIT(MCU_NOTIFY_CRASH)) &&
	    mcu_state(dev->mcu) == MCU_CRASHED &&
	    (dev->fw_status == CORUN_FW_LOADING ||
	     dev->fw_status == CORUN_FW_RUNNING)) {
		f = mcu_fault(dev->mcu);
		emu_dev_guest_error(dev, 0,
				    "firmware crashed at cycle %llu: cause %u access %u pc 0x%08x addr 0x%08x",
				    (unsigned long long)f->cycle, f->cause,
				    f->access, f->pc, f->addr);
		fw_failed(dev, CORUN_FW_CRASHED);
	}
}
