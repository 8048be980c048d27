// SPDX-License-Identifier: GPL-2.0
/*
 * A planted leak, to prove that the kmemleak check of the guest scripts
 * (selftests/guest-reports.sh) fails a run: at load, one allocation whose
 * only pointer is dropped. Never loaded outside that test.
 */
#include <linux/module.h>
#include <linux/slab.h>

static void *corun_leak_planted;

/* Out of line, so that the backtrace names it while the module is loaded. */
static noinline int corun_leak_plant(void)
{
	corun_leak_planted = kmalloc(96, GFP_KERNEL);
	if (!corun_leak_planted)
		return -ENOMEM;
	memset(corun_leak_planted, 0x5a, 96);
	/* the only reference goes: kmemleak finds the object unreferenced */
	WRITE_ONCE(corun_leak_planted, NULL);
	return 0;
}

static int __init corun_leak_plant_init(void)
{
	return corun_leak_plant();
}

static void __exit corun_leak_plant_exit(void)
{
}

module_init(corun_leak_plant_init);
module_exit(corun_leak_plant_exit);
MODULE_DESCRIPTION("corun test: one planted kmemleak leak");
MODULE_LICENSE("GPL");
