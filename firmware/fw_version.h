/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The firmware's own version, reported by CORUN_FW_CMD_VERSION, written to
 * CORUN_MCU_READY at boot and stamped into the image header by mkfw.
 * 2.1: BW-App (CORUN_DRAM_BW_APP).
 * 2.2: IRC's CCBP mode (CORUN_IRC_MODE_CCBP): credits from bandwidth
 * units, computed in the firmware.
 * 2.3: MIL (CORUN_FW_IRC_ENABLE_MIL): memory-instruction caps from the
 * L1 reservation-failure rate; UCP on the L1 (CORUN_L1_MODE_UCP); TCM
 * (CORUN_DRAM_TCM).
 */
#ifndef _CORUN_FW_VERSION_H_
#define _CORUN_FW_VERSION_H_

#define FW_VERSION_MAJOR 2
#define FW_VERSION_MINOR 3

/*
 * What this version implements (CORUN_FW_FEAT_* of fwif.h): no dynamic LLC
 * probability, no dynamic VC partitioning. The tests check that the
 * policies' feature bits (fw_features()) and the VERSION reply of the
 * image are exactly these.
 */
#define FW_FEATURES                                                        \
	(CORUN_FW_FEAT_IRC | CORUN_FW_FEAT_L1_STATIC |                     \
	 CORUN_FW_FEAT_LLC_PROB_STATIC | CORUN_FW_FEAT_LLC_WAYPART |       \
	 CORUN_FW_FEAT_VCP_STATIC | CORUN_FW_FEAT_DRAM_PRIO |              \
	 CORUN_FW_FEAT_MONITORS | CORUN_FW_FEAT_SET_PARAMS |               \
	 CORUN_FW_FEAT_DRAM_BW_APP | CORUN_FW_FEAT_IRC_CCBP |              \
	 CORUN_FW_FEAT_MIL | CORUN_FW_FEAT_L1_UCP | CORUN_FW_FEAT_DRAM_TCM)

#endif /* _CORUN_FW_VERSION_H_ */
