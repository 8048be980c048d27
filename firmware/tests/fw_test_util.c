// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Helpers of the native firmware suites (fw_test.h).
 */
#include <string.h>

#include "fw_test.h"

int fw_test_init(struct kunit *test)
{
	(void)test;
	fake_reset(SLOTS, SMS);
	return 0;
}

void fw_test_boot(struct kunit *test)
{
	if (setjmp(fake.stop)) {
		KUNIT_FAIL(test, "boot stopped, panic 0x%x", fake.panic_code);
		return;
	}
	fw_boot();
}

u32 fw_test_req(const u32 *words, u32 *out)
{
	u32 in[CORUN_MBOX_WORDS] = { 0 };

	memcpy(in, words, sizeof(in));
	fw_mbox_process(in, out);
	return out[0];
}

u32 fw_test_req_hdr(u32 hdr, u32 *out)
{
	u32 in[CORUN_MBOX_WORDS] = { hdr };

	return fw_test_req(in, out);
}

u32 fw_test_set(u32 id, u32 val, u32 *old)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 2),
				     id, val };
	u32 out[CORUN_MBOX_WORDS];
	u32 h = fw_test_req(in, out);

	if (old)
		*old = out[1];
	return h;
}

u32 fw_test_get(u32 id, u32 *val)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 1),
				     id };
	u32 out[CORUN_MBOX_WORDS];
	u32 h = fw_test_req(in, out);

	*val = out[1];
	return h;
}

u32 fw_test_set_many(const u32 *pairs, u32 n, u32 *word)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS,
						    2 * n) };
	u32 out[CORUN_MBOX_WORDS];
	u32 h;

	memcpy(&in[1], pairs, 8 * n);
	h = fw_test_req(in, out);
	if (word)
		*word = out[1];
	return h;
}
