/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The firmware's own version, reported by CORUN_FW_CMD_VERSION, written to
 * CORUN_MCU_READY at boot and stamped into the image header by mkfw.
 */
#ifndef _CORUN_FW_VERSION_H_
#define _CORUN_FW_VERSION_H_

#define FW_VERSION_MAJOR 2
#define FW_VERSION_MINOR 0

#endif /* _CORUN_FW_VERSION_H_ */
