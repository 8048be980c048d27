/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What fw_policy.c (the firmware settings of SET/GET_POLICY) shares with
 * fw_acts.c (settings that act on jobs): the device's firmware features,
 * the debugfs "firmware" read-back and SET_POLICY with firmware settings.
 */
#ifndef _CORUN_SELFTESTS_FW_POLICY_H_
#define _CORUN_SELFTESTS_FW_POLICY_H_

#include <stdint.h>

#include <uapi/drm/corun_drm.h>

#define NKNOBS 5
#define MAXSLOTS 16

/* What the device says it has. */
struct fwdev {
	uint64_t features, modes[NKNOBS], pmask;
	uint64_t slots, vcs, l1_ways, l2_ways;
	int fw;
};

void fwdev_read(int fd, struct fwdev *d);

/* ---- debugfs "firmware" ---- */

struct dbg_entry {
	int slot; /* -1: device-wide */
	char name[32];
	uint64_t applied;
	int64_t live; /* -1: the firmware did not say */
};

struct dbg {
	uint64_t requests, irqs, polled, late, failed, refused;
	uint64_t fw_errors, lost;
	int n;
	struct dbg_entry e[8 + 8 * MAXSLOTS];
};

int dbg_read(struct dbg *d);

/* A struct drm_corun_fw_param initializer. */
#define P(id, slot, value) { (id), (slot), (value), 0 }

/* SET_POLICY under fcfs with @knobs (NULL: all DEFAULT) and @n settings. */
int set_fw(int fd, const uint32_t *knobs, const struct drm_corun_fw_param *fp,
	   uint32_t n);

#endif /* _CORUN_SELFTESTS_FW_POLICY_H_ */
