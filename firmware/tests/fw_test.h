/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Helpers shared by the native firmware suites (fw_test.c: boot, mailbox,
 * parameter store, event loop; fw_policy_test.c: the policies): boot the
 * firmware on the fake window and speak to it through fw_mbox_process().
 */
#ifndef _CORUN_FW_TEST_H_
#define _CORUN_FW_TEST_H_

#include <kunit/test.h>

#include "fake_hal.h"

#define SLOTS 8
#define SMS 16

#define OK_HDR(len) CORUN_MBOX_HDR(CORUN_FW_OK, len)
#define ERR_HDR(st) CORUN_MBOX_HDR(st, 0)

/* Suite init: a fresh fake window with SLOTS slots and SMS SMs. */
int fw_test_init(struct kunit *test);

/* Boot, failing the test on a panic. */
void fw_test_boot(struct kunit *test);

/* Run one request through fw_mbox_process(); returns the reply header. */
u32 fw_test_req(const u32 *words, u32 *out);
u32 fw_test_req_hdr(u32 hdr, u32 *out);

/* SET_PARAM and GET_PARAM; return the reply header. @old may be NULL. */
u32 fw_test_set(u32 id, u32 val, u32 *old);
u32 fw_test_get(u32 id, u32 *val);

/*
 * SET_PARAMS with @n pairs from @pairs; returns the reply header and the
 * reply's word in *@word (may be NULL).
 */
u32 fw_test_set_many(const u32 *pairs, u32 n, u32 *word);

/* A per-slot window register as the device would see it. */
static inline u32 slot_reg(unsigned int slot, u32 reg)
{
	return fake_reg(CORUN_MCU_SLOT(slot, reg));
}

#endif /* _CORUN_FW_TEST_H_ */
