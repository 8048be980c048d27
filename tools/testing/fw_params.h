/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every firmware parameter id of fwif.h (per-slot ones with slot 0), for
 * the tests that walk or fuzz them all: the native firmware suite, its
 * libFuzzer target and the qtest device fuzz. A parameter added to
 * fwif.h is added here once.
 */
#ifndef _CORUN_TESTING_FW_PARAMS_H_
#define _CORUN_TESTING_FW_PARAMS_H_

#include <stdint.h>
#include <corun/fwif.h>

static const uint32_t corun_fw_params_all[] = {
	CORUN_FW_P_TICK_CYCLES, CORUN_FW_P_TICKS,     CORUN_FW_P_EPOCHS,
	CORUN_FW_P_IRC_ENABLE,	CORUN_FW_P_IRC_WINDOW, CORUN_FW_P_LLC_POLICY,
	CORUN_FW_P_LLC_PROB,	CORUN_FW_P_VCP_MODE,   CORUN_FW_P_DRAM_POLICY,
	CORUN_FW_P_IRC_SHARE,	CORUN_FW_P_IRC_PRIO,   CORUN_FW_P_L1_WAYS,
	CORUN_FW_P_L1_BYPASS_CTAS, CORUN_FW_P_VC,      CORUN_FW_P_DRAM_PRIO,
	CORUN_FW_P_LLC_WAYS,	CORUN_FW_P_RF,	       CORUN_FW_P_DF,
	CORUN_FW_P_IRC_MODE,	CORUN_FW_P_IRC_UNITS,  CORUN_FW_P_IRC_NOC_BW,
	CORUN_FW_P_IRC_DRAM_BW, CORUN_FW_P_IRC_REPLY,  CORUN_FW_P_IRC_DRAM_BYTES,
	CORUN_FW_P_IRC_NOC_UNITS, CORUN_FW_P_IRC_DRAM_UNITS,
	CORUN_FW_P_IRC_CLASS,	CORUN_FW_P_IRC_CREDITS,
	CORUN_FW_P_DRAM_TCM_THRESH, CORUN_FW_P_DRAM_TCM_QUANTUM,
	CORUN_FW_P_DRAM_TCM_SHUFFLE, CORUN_FW_P_DRAM_TCM_QUANTA,
	CORUN_FW_P_DRAM_TCM_LATENCY, CORUN_FW_P_DRAM_TCM_BANDWIDTH,
	CORUN_FW_P_DRAM_TCM_PRIO,
};

#define CORUN_FW_NPARAMS \
	(sizeof(corun_fw_params_all) / sizeof(corun_fw_params_all[0]))

#endif /* _CORUN_TESTING_FW_PARAMS_H_ */
