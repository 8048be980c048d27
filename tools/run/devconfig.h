/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What corun-run reports about the device it ran on: the configuration
 * (name, file, id, timing_address, warp scheduler), lockstep and the
 * firmware version.
 *
 * The device tells its configuration's id (DRM_CORUN_PARAM_CONFIG_ID),
 * not the file: the file is --config's (its id must match), else the
 * configuration of emu/configs/ whose id matches, else the built-in
 * defaults if theirs does (QEMU's corun-gpu without config=). A device
 * whose properties changed the id (num-sms=...) matches none of them; its
 * name and the rest are then "unknown".
 */
#ifndef _CORUN_TOOLS_RUN_DEVCONFIG_H_
#define _CORUN_TOOLS_RUN_DEVCONFIG_H_

#include <stddef.h>
#include <stdint.h>

struct corun_dev;

/**
 * struct run_devinfo - the device as the reports describe it
 * @known: the configuration was identified (the fields below are set)
 * @name, @file: its [gpu] name and the file it came from ("built-in
 *	defaults" for those)
 * @id: the device's configuration id
 * @timing_address: "pa" or "va"
 * @sched: the warp scheduler (the alone runs' and the co-runs')
 * @lockstep: the driver runs the device in lockstep (corun.ko lockstep=1)
 * @fw_version: "major.minor", or "none" without firmware
 */
struct run_devinfo {
	int known;
	char name[64];
	char file[512];
	uint32_t id;
	const char *timing_address;
	const char *sched;
	int lockstep;
	char fw_version[24];
};

/*
 * Fill @di for @dev; @config_path is --config's file or NULL. 0, or -1
 * with the reason in @err (--config unreadable or not the device's).
 */
int run_devinfo_get(struct corun_dev *dev, const char *config_path,
		    struct run_devinfo *di, char *err, size_t len);

#endif /* _CORUN_TOOLS_RUN_DEVCONFIG_H_ */
