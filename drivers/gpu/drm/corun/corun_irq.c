// SPDX-License-Identifier: GPL-2.0
/*
 * corun: interrupts. One MSI-X vector per event class (hw.h): job
 * completion, epoch end, job fault and mailbox; or, with one MSI or INTx
 * vector (module parameter irq_mode), all of them on one.
 *
 * Every vector runs the same pair of handlers. The hard handler reads
 * IRQ_STATUS, acknowledges it, wakes mailbox waiters on CORUN_IRQ_MAILBOX
 * (and on CORUN_IRQ_FW_ERROR, which ends their wait early) and hands the
 * other events to the threaded handler through irq_pending. The
 * completion of a firmware request so never waits for the thread, which
 * sends such requests itself from the epoch handler and which, with one
 * vector, serves every event. The handlers are not IRQF_ONESHOT: the
 * device's status is acknowledged before the hard handler returns, so the
 * line can stay unmasked while the thread runs.
 */

#include <linux/interrupt.h>
#include <linux/moduleparam.h>

#include <drm/drm_print.h>

#include "corun_drv.h"

static char *irq_mode = "msix";
module_param(irq_mode, charp, 0444);
MODULE_PARM_DESC(irq_mode, "msix (default), msi or intx (one vector)");

static irqreturn_t corun_irq(int irq, void *arg)
{
	struct corun_device *cdev = arg;
	u32 status = corun_read(cdev, CORUN_REG_IRQ_STATUS) & CORUN_IRQ_ALL;

	if (!status)
		return IRQ_NONE;
	corun_write(cdev, CORUN_REG_IRQ_ACK, status);
	if (status & (CORUN_IRQ_MAILBOX | CORUN_IRQ_FW_ERROR)) {
		if (status & CORUN_IRQ_MAILBOX)
			atomic64_inc(&cdev->mbox_stats.irqs);
		wake_up(&cdev->mbox_wq);
	}
	status &= ~CORUN_IRQ_MAILBOX;
	if (!status)
		return IRQ_HANDLED;
	atomic_or(status, &cdev->irq_pending);
	return IRQ_WAKE_THREAD;
}

static irqreturn_t corun_irq_thread(int irq, void *arg)
{
	struct corun_device *cdev = arg;
	u32 status = atomic_xchg(&cdev->irq_pending, 0);

	/* another vector's thread took them */
	if (!status)
		return IRQ_HANDLED;
	if (status & (CORUN_IRQ_JOB | CORUN_IRQ_FAULT))
		corun_sched_job_irq(cdev);
	if (status & CORUN_IRQ_EPOCH)
		corun_policy_on_epoch(cdev);
	if (status & CORUN_IRQ_FW_ERROR)
		corun_fw_lost(cdev, "crashed");
	return IRQ_HANDLED;
}

int corun_irq_init(struct corun_device *cdev)
{
	struct pci_dev *pdev = cdev->pdev;
	unsigned int flags, max = 1;
	int nvec, i, ret;

	if (!strcmp(irq_mode, "msix")) {
		flags = PCI_IRQ_MSIX | PCI_IRQ_MSI | PCI_IRQ_INTX;
		max = CORUN_MSIX_COUNT;
	} else if (!strcmp(irq_mode, "msi")) {
		flags = PCI_IRQ_MSI | PCI_IRQ_INTX;
	} else if (!strcmp(irq_mode, "intx")) {
		flags = PCI_IRQ_INTX;
	} else {
		drm_err(&cdev->drm, "irq_mode=%s: expected msix, msi or intx\n",
			irq_mode);
		return -EINVAL;
	}
	atomic_set(&cdev->irq_pending, 0);
	nvec = pci_alloc_irq_vectors(pdev, 1, max, flags);
	/*
	 * The device sends each class's own MSI-X vector: with fewer, the
	 * events of the missing ones would be lost. One vector then.
	 */
	if (nvec > 0 && pdev->msix_enabled && nvec < CORUN_MSIX_COUNT) {
		pci_free_irq_vectors(pdev);
		nvec = pci_alloc_irq_vectors(pdev, 1, 1,
					     PCI_IRQ_MSI | PCI_IRQ_INTX);
	}
	if (nvec < 0)
		return nvec;
	cdev->nvec = nvec;
	cdev->irq_mode = pdev->msix_enabled ? "msix" :
			 pdev->msi_enabled  ? "msi" :
					      "intx";

	corun_write(cdev, CORUN_REG_IRQ_MASK, 0);
	corun_write(cdev, CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	for (i = 0; i < nvec; i++) {
		int irq = pci_irq_vector(pdev, i);

		ret = request_threaded_irq(irq, corun_irq, corun_irq_thread,
					   IRQF_SHARED, DRIVER_NAME, cdev);
		if (ret)
			goto err;
	}
	corun_write(cdev, CORUN_REG_IRQ_MASK, CORUN_IRQ_ALL);
	WRITE_ONCE(cdev->mbox_irq, true);
	drm_dbg_driver(&cdev->drm, "interrupts: %s, %d vectors\n",
		       cdev->irq_mode, nvec);
	return 0;

err:
	while (i--)
		free_irq(pci_irq_vector(pdev, i), cdev);
	pci_free_irq_vectors(pdev);
	cdev->nvec = 0;
	return ret;
}

void corun_irq_fini(struct corun_device *cdev)
{
	int i;

	if (!cdev->nvec)
		return;
	/* requests from now on poll: no interrupt will wake them */
	WRITE_ONCE(cdev->mbox_irq, false);
	corun_write(cdev, CORUN_REG_IRQ_MASK, 0);
	for (i = 0; i < cdev->nvec; i++)
		free_irq(pci_irq_vector(cdev->pdev, i), cdev);
	pci_free_irq_vectors(cdev->pdev);
	cdev->nvec = 0;
}
