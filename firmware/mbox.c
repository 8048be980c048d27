// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware: the mailbox command loop (fwif.h).
 *
 * A request is word 0 = CORUN_MBOX_HDR(cmd, len) and len payload words;
 * the reply is word 0 = CORUN_MBOX_HDR(status, len) and len words. Every
 * malformed request is answered with an error status and no payload:
 * the firmware never trusts the driver's words. The one error with a
 * payload is a SET_PARAMS pair that is refused: its index.
 */
#include "fw.h"

/* Header bits fwif.h leaves unused: a request using them is malformed. */
#define FW_MBOX_HDR_RSVD 0xff000000u

/* Payload words each command takes; -1: checked by the command. */
static const signed char fw_cmd_len[CORUN_FW_CMD_NR] = {
	[CORUN_FW_CMD_NOP] = 0,
	[CORUN_FW_CMD_VERSION] = 0,
	[CORUN_FW_CMD_ECHO] = -1,
	[CORUN_FW_CMD_SET_PARAM] = 2,
	[CORUN_FW_CMD_GET_PARAM] = 1,
	[CORUN_FW_CMD_SET_PARAMS] = -1,
};

/* SET_PARAMS: 1..CORUN_FW_SET_PARAMS_MAX pairs, all or none. */
static u32 fw_mbox_set_params(const u32 *arg, u32 len, u32 *out, u32 *olen)
{
	u32 st, bad;

	if (!len || len % 2 || len / 2 > CORUN_FW_SET_PARAMS_MAX)
		return CORUN_FW_EINVAL;
	st = fw_params_set(arg, len / 2, &bad);
	out[1] = st == CORUN_FW_OK ? len / 2 : bad;
	*olen = 1;
	return st;
}

/* Returns the status; fills @out[1..] and *@olen. */
static u32 fw_mbox_exec(u32 cmd, const u32 *arg, u32 len, u32 *out, u32 *olen)
{
	u32 i, st;

	switch (cmd) {
	case CORUN_FW_CMD_NOP:
		return CORUN_FW_OK;
	case CORUN_FW_CMD_VERSION:
		out[1] = CORUN_FWIF_VERSION;
		out[2] = FW_VERSION;
		out[3] = fw_features();
		*olen = 3;
		return CORUN_FW_OK;
	case CORUN_FW_CMD_ECHO:
		for (i = 0; i < len; i++)
			out[1 + i] = arg[i];
		*olen = len;
		return CORUN_FW_OK;
	case CORUN_FW_CMD_SET_PARAM:
		st = fw_param_set(arg[0], arg[1], &out[1]);
		break;
	case CORUN_FW_CMD_GET_PARAM:
		st = fw_param_get(arg[0], &out[1]);
		break;
	case CORUN_FW_CMD_SET_PARAMS:
		return fw_mbox_set_params(arg, len, out, olen);
	default:
		return CORUN_FW_ENOSYS;
	}
	if (st == CORUN_FW_OK)
		*olen = 1;
	return st;
}

void fw_mbox_process(const u32 *in, u32 *out)
{
	u32 hdr = in[0];
	u32 cmd = CORUN_MBOX_HDR_CMD(hdr);
	u32 len = CORUN_MBOX_HDR_LEN(hdr);
	u32 olen = 0, st, i;

	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		out[i] = 0;

	if (cmd >= CORUN_FW_CMD_NR)
		st = CORUN_FW_ENOSYS;
	else if ((hdr & FW_MBOX_HDR_RSVD) || len > CORUN_MBOX_MAX_PAYLOAD ||
		 (fw_cmd_len[cmd] >= 0 && len != (u32)fw_cmd_len[cmd]))
		st = CORUN_FW_EINVAL;
	else
		st = fw_mbox_exec(cmd, &in[1], len, out, &olen);

	/* Only the words the reply declares leave the firmware. */
	for (i = 1 + olen; i < CORUN_MBOX_WORDS; i++)
		out[i] = 0;
	out[0] = CORUN_MBOX_HDR(st, olen);
}

void fw_mbox_handle(void)
{
	u32 in[CORUN_MBOX_WORDS], out[CORUN_MBOX_WORDS];
	u32 seq = fw_rd(CORUN_MCU_MBOX_SEQ);
	u32 i;

	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		in[i] = fw_rd(CORUN_MCU_MBOX_IN + 4 * i);
	fw_mbox_process(in, out);
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		fw_wr(CORUN_MCU_MBOX_OUT + 4 * i, out[i]);
	fw.requests++;
	/* DONE last: it tells the device the reply is complete. */
	fw_wr(CORUN_MCU_MBOX_DONE, seq);
}
