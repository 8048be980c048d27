// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-run: the device's configuration, lockstep and firmware
 * (devconfig.h).
 */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include <uapi/drm/corun_drm.h>
#include <lib/libcorun/libcorun.h>
#include "devconfig.h"

#include "config.h"

#ifndef CORUN_CONFIG_DIR
#define CORUN_CONFIG_DIR "emu/configs"
#endif

static void set_known(struct run_devinfo *di, const struct emu_config *c,
		      const char *file)
{
	di->known = 1;
	snprintf(di->name, sizeof(di->name), "%s", c->name);
	snprintf(di->file, sizeof(di->file), "%s", file);
	di->timing_address = c->timing_address == EMU_TIMING_VA ? "va" : "pa";
	di->sched = emu_sched_policy_name(c->sm.sched_policy);
}

/* The shipped configuration whose id is @id, if any. */
static int find_shipped(uint32_t id, struct run_devinfo *di)
{
	DIR *d = opendir(CORUN_CONFIG_DIR);
	struct emu_config c;
	struct dirent *e;
	char path[400], err[256];
	int found = 0;

	emu_config_defaults(&c);
	if (emu_config_id(&c) == id) {
		set_known(di, &c, "built-in defaults");
		found = 1;
	}
	while (d && !found && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n < 5 || strcmp(e->d_name + n - 4, ".ini"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", CORUN_CONFIG_DIR,
			 e->d_name);
		if (!emu_config_load(path, &c, err, sizeof(err)) &&
		    emu_config_id(&c) == id) {
			set_known(di, &c, path);
			found = 1;
		}
	}
	if (d)
		closedir(d);
	return found;
}

int run_devinfo_get(struct corun_dev *dev, const char *config_path,
		    struct run_devinfo *di, char *err, size_t len)
{
	uint64_t id, fw, features;
	struct emu_config c;
	char why[256];

	memset(di, 0, sizeof(*di));
	snprintf(di->name, sizeof(di->name), "unknown");
	di->timing_address = "unknown";
	di->sched = "unknown";
	if (corun_get_param(dev, DRM_CORUN_PARAM_CONFIG_ID, &id) ||
	    corun_get_param(dev, DRM_CORUN_PARAM_FIRMWARE_VERSION, &fw) ||
	    corun_get_param(dev, DRM_CORUN_PARAM_FEATURES, &features)) {
		snprintf(err, len, "%s", corun_error(dev));
		return -1;
	}
	di->id = (uint32_t)id;
	di->lockstep = !!(features & DRM_CORUN_FEATURE_LOCKSTEP);
	if (features & DRM_CORUN_FEATURE_FIRMWARE)
		/* major 47:32, minor 31:16 (patch 15:0), as corun-sim prints */
		snprintf(di->fw_version, sizeof(di->fw_version), "%u.%u",
			 (unsigned int)(fw >> 32) & 0xffff,
			 (unsigned int)(fw >> 16) & 0xffff);
	else
		snprintf(di->fw_version, sizeof(di->fw_version), "none");
	if (config_path) {
		if (emu_config_load(config_path, &c, why, sizeof(why))) {
			snprintf(err, len, "--config: %s", why);
			return -1;
		}
		if (emu_config_id(&c) != di->id) {
			snprintf(err, len, "--config %s: configuration %s has id 0x%08x, the device's has id 0x%08x (give the file the VM's device was started with)",
				 config_path, c.name, emu_config_id(&c), di->id);
			return -1;
		}
		set_known(di, &c, config_path);
		return 0;
	}
	find_shipped(di->id, di);
	return 0;
}
