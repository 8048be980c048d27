// SPDX-License-Identifier: GPL-2.0
/*
 * corun: the firmware heartbeat check. A hung firmware that nobody sends
 * a request to would otherwise only be found at the next mailbox request.
 * Every heartbeat_ms (module parameter; 0: off) a delayed work item reads
 * CORUN_REG_FW_INSNS, then CORUN_REG_FW_HEARTBEAT, and has the judge
 * (policy/fwlive.c) decide: the firmware beats on every pass of its event
 * loop and owes a beat within CORUN_FW_BEAT_INSNS instructions (fwif.h),
 * so one that retired that many since its heartbeat last changed is stuck
 * inside a pass. It is then lost as after a mailbox time-out
 * (corun_fw_lost(): "firmware hung", reload, the policy's parameters
 * again; corun_reset.c).
 *
 * Why instructions and not time: the microcontroller is stepped by the
 * device model, which stops its clock while the device is idle and the
 * firmware sleeps in WFE; under TCG its cycles are host time, so a loaded
 * host may run it slowly or not at all for a while. Neither must look
 * like a hang, and neither retires instructions. FW_INSNS grows only while
 * the microcontroller executes, so the check judges only a firmware that
 * was given cycles and used them without beating.
 *
 * The check reads two registers the device updates at the end of its
 * clock slices; reads change no state of the model, so lockstep runs stay
 * cycle-exact with corun-sim. It skips a round while a mailbox request is
 * in flight (the request's own time-out covers it, and loads hold the same
 * lock) and while the firmware is not running or already lost.
 */

#include <linux/jiffies.h>
#include <linux/moduleparam.h>

#include <drm/drm_print.h>

#include <corun/fwif.h>

#include "corun_drv.h"

#define CORUN_HEARTBEAT_MS_MAX 60000

static unsigned int heartbeat_ms = 500;
module_param(heartbeat_ms, uint, 0444);
MODULE_PARM_DESC(heartbeat_ms,
		 "Firmware heartbeat check period in ms (0: off, max 60000)");

static void corun_heartbeat_queue(struct corun_device *cdev)
{
	queue_delayed_work(system_wq, &cdev->heartbeat_work,
			   msecs_to_jiffies(cdev->heartbeat_ms));
}

static void corun_heartbeat_work(struct work_struct *work)
{
	struct delayed_work *dw = to_delayed_work(work);
	struct corun_device *cdev =
		container_of(dw, struct corun_device, heartbeat_work);
	u32 insns, beat = 0, quiet = 0;

	if (mutex_trylock(&cdev->mbox_lock)) {
		if (cdev->fw_running && !READ_ONCE(cdev->fw_lost) &&
		    corun_read(cdev, CORUN_REG_FW_STATUS) == CORUN_FW_RUNNING) {
			insns = corun_read(cdev, CORUN_REG_FW_INSNS);
			beat = corun_read(cdev, CORUN_REG_FW_HEARTBEAT);
			quiet = corun_fwlive_check(&cdev->fwlive,
						   cdev->fw_loads, beat, insns,
						   CORUN_FW_BEAT_INSNS);
		}
		mutex_unlock(&cdev->mbox_lock);
	}
	if (quiet) {
		atomic_inc(&cdev->heartbeat_hangs);
		drm_err(&cdev->drm,
			"firmware heartbeat stopped at %u: %u instructions without a beat\n",
			beat, quiet);
		corun_fw_lost(cdev, "hung");
	}
	corun_heartbeat_queue(cdev);
}

/* After probe set up the firmware: check it from now on, if asked. */
void corun_heartbeat_start(struct corun_device *cdev)
{
	INIT_DELAYED_WORK(&cdev->heartbeat_work, corun_heartbeat_work);
	cdev->heartbeat_ms =
		min_t(unsigned int, heartbeat_ms, CORUN_HEARTBEAT_MS_MAX);
	if (cdev->heartbeat_ms != heartbeat_ms)
		drm_warn(&cdev->drm, "heartbeat_ms %u: using %u\n",
			 heartbeat_ms, cdev->heartbeat_ms);
	/* minor 3 has the liveness registers */
	if ((cdev->version & 0xffff) < 3 || !cdev->fw_image)
		cdev->heartbeat_ms = 0;
	if (cdev->heartbeat_ms)
		corun_heartbeat_queue(cdev);
}

void corun_heartbeat_stop(struct corun_device *cdev)
{
	cancel_delayed_work_sync(&cdev->heartbeat_work);
}
