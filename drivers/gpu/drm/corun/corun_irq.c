// SPDX-License-Identifier: GPL-2.0
/*
 * corun: interrupts. One MSI-X vector per event class (hw.h): job
 * completion, epoch end, job fault and mailbox. Every vector runs the
 * same threaded handler, which acknowledges what IRQ_STATUS reports and
 * handles it, so the driver also works with a single MSI or INTx vector.
 */

#include <linux/interrupt.h>

#include <drm/drm_print.h>

#include "corun_drv.h"

static irqreturn_t corun_irq(int irq, void *arg)
{
	struct corun_device *cdev = arg;

	if (!(corun_read(cdev, CORUN_REG_IRQ_STATUS) & CORUN_IRQ_ALL))
		return IRQ_NONE;
	return IRQ_WAKE_THREAD;
}

static irqreturn_t corun_irq_thread(int irq, void *arg)
{
	struct corun_device *cdev = arg;
	u32 status = corun_read(cdev, CORUN_REG_IRQ_STATUS) & CORUN_IRQ_ALL;

	if (!status)
		return IRQ_NONE;
	corun_write(cdev, CORUN_REG_IRQ_ACK, status);

	if (status & (CORUN_IRQ_JOB | CORUN_IRQ_FAULT))
		corun_sched_job_irq(cdev);
	if (status & CORUN_IRQ_EPOCH)
		corun_policy_on_epoch(cdev);
	if (status & CORUN_IRQ_FW_ERROR)
		drm_err(&cdev->drm, "firmware error, status %#x\n",
			corun_read(cdev, CORUN_REG_FW_STATUS));
	return IRQ_HANDLED;
}

int corun_irq_init(struct corun_device *cdev)
{
	struct pci_dev *pdev = cdev->pdev;
	int nvec, i, ret;

	nvec = pci_alloc_irq_vectors(pdev, 1, CORUN_MSIX_COUNT,
				     PCI_IRQ_MSIX | PCI_IRQ_MSI | PCI_IRQ_INTX);
	if (nvec < 0)
		return nvec;
	cdev->nvec = nvec;

	corun_write(cdev, CORUN_REG_IRQ_MASK, 0);
	corun_write(cdev, CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	for (i = 0; i < nvec; i++) {
		int irq = pci_irq_vector(pdev, i);

		ret = request_threaded_irq(irq, corun_irq, corun_irq_thread,
					   IRQF_SHARED | IRQF_ONESHOT,
					   DRIVER_NAME, cdev);
		if (ret)
			goto err;
	}
	corun_write(cdev, CORUN_REG_IRQ_MASK, CORUN_IRQ_ALL);
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
	corun_write(cdev, CORUN_REG_IRQ_MASK, 0);
	for (i = 0; i < cdev->nvec; i++)
		free_irq(pci_irq_vector(cdev->pdev, i), cdev);
	pci_free_irq_vectors(cdev->pdev);
	cdev->nvec = 0;
}
