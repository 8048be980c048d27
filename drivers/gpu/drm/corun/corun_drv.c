// SPDX-License-Identifier: GPL-2.0
/*
 * corun: DRM driver for the corun multitasking GPU.
 *
 * This file is the PCI front end: it binds to the corun-gpu device, maps
 * the control registers and checks the hardware identity and version
 * before anything else talks to the device.
 */

#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#include <corun/hw.h>
#include <corun/fwif.h>
#include <corun/kernel.h>

#define DRIVER_NAME "corun"
#define DRIVER_DESC "corun multitasking GPU"

/**
 * struct corun_device - per-device state
 * @pdev: the PCI device
 * @regs: BAR0 control registers
 * @num_sms: SMs reported by the hardware
 * @num_slots: hardware slots reported by the hardware
 */
struct corun_device {
	struct pci_dev *pdev;
	void __iomem *regs;
	u32 num_sms;
	u32 num_slots;
};

static u32 corun_read(struct corun_device *cdev, u32 reg)
{
	return readl(cdev->regs + reg);
}

static int corun_check_hw(struct corun_device *cdev)
{
	struct device *dev = &cdev->pdev->dev;
	u32 id = corun_read(cdev, CORUN_REG_ID);
	u32 version = corun_read(cdev, CORUN_REG_VERSION);

	if (id != CORUN_ID_MAGIC) {
		dev_err(dev, "unexpected id register %#x\n", id);
		return -ENODEV;
	}
	if ((version >> 16) != CORUN_HW_VERSION_MAJOR) {
		dev_err(dev, "unsupported hardware version %u.%u\n",
			version >> 16, version & 0xffff);
		return -ENODEV;
	}

	cdev->num_sms = corun_read(cdev, CORUN_REG_NUM_SMS);
	cdev->num_slots = corun_read(cdev, CORUN_REG_NUM_SLOTS);
	if (!cdev->num_sms || cdev->num_sms > CORUN_MAX_SMS ||
	    cdev->num_slots < CORUN_MIN_SLOTS ||
	    cdev->num_slots > CORUN_MAX_SLOTS) {
		dev_err(dev, "implausible geometry: %u SMs, %u slots\n",
			cdev->num_sms, cdev->num_slots);
		return -ENODEV;
	}

	dev_info(dev, "corun-gpu %u.%u: %u SMs, %u slots, warp %u, caps %#x\n",
		 version >> 16, version & 0xffff, cdev->num_sms,
		 cdev->num_slots, corun_read(cdev, CORUN_REG_WARP_SIZE),
		 corun_read(cdev, CORUN_REG_CAPS));
	return 0;
}

static int corun_pci_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct corun_device *cdev;
	int ret;

	cdev = devm_kzalloc(&pdev->dev, sizeof(*cdev), GFP_KERNEL);
	if (!cdev)
		return -ENOMEM;
	cdev->pdev = pdev;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;

	if (pci_resource_len(pdev, CORUN_BAR_REGS) < CORUN_BAR_REGS_SIZE)
		return -ENODEV;
	cdev->regs = pcim_iomap(pdev, CORUN_BAR_REGS, CORUN_BAR_REGS_SIZE);
	if (!cdev->regs)
		return -ENOMEM;

	ret = corun_check_hw(cdev);
	if (ret)
		return ret;

	pci_set_master(pdev);
	pci_set_drvdata(pdev, cdev);
	return 0;
}

static void corun_pci_remove(struct pci_dev *pdev)
{
	pci_clear_master(pdev);
}

static const struct pci_device_id corun_pci_ids[] = {
	{ PCI_DEVICE(CORUN_PCI_VENDOR_ID, CORUN_PCI_DEVICE_ID) }, {}
};
MODULE_DEVICE_TABLE(pci, corun_pci_ids);

static struct pci_driver corun_pci_driver = {
	.name = DRIVER_NAME,
	.id_table = corun_pci_ids,
	.probe = corun_pci_probe,
	.remove = corun_pci_remove,
};
module_pci_driver(corun_pci_driver);

MODULE_DESCRIPTION(DRIVER_DESC);
MODULE_LICENSE("GPL");
