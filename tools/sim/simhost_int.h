/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * simhost internals shared by simhost.c (guest memory, address spaces,
 * kernels, descriptors) and simdev.c (the device, driven through its
 * registers like the driver drives it).
 */
#ifndef _CORUN_TOOLS_SIM_SIMHOST_INT_H_
#define _CORUN_TOOLS_SIM_SIMHOST_INT_H_

#include <stdint.h>

#include <corun/fwif.h>

#include <config.h>
#include <device.h>
#include <gpu.h>

/* Ring entries per slot: one page of descriptors. */
#define SIM_RING_ENTRIES (CORUN_PAGE_SIZE / sizeof(struct corun_job_desc))
/* Completions found at one interrupt, handed out one by one. */
#define SIM_DONE_QUEUE (CORUN_MAX_SLOTS * SIM_RING_ENTRIES)

/* A job handed to a slot's ring, until its completion is reported. */
struct sim_slot_job {
	uint64_t seqno;
	uint64_t counters_pa;
};

/**
 * struct sim_slot - the driver's view of one hardware slot
 * @ring_pa: the ring page
 * @tail: ring index of the next descriptor
 * @jobs: descriptors in the ring or on the device, oldest first
 * @first: index of the oldest in @jobs
 * @n: how many
 */
struct sim_slot {
	uint64_t ring_pa;
	uint32_t tail;
	struct sim_slot_job jobs[SIM_RING_ENTRIES];
	uint32_t first, n;
};

struct sim_dev {
	struct emu_config cfg;
	struct emu_dev *edev;
	uint8_t *mem;
	uint64_t mem_bytes;
	uint64_t nframes;
	uint64_t *bitmap;	/* 1 = frame in use */
	uint64_t used;
	uint64_t hint;		/* where single-frame searches start */
	uint64_t seqno;		/* device-wide, so events are unambiguous */
	uint32_t next_ctx_id;
	uint64_t run_limit;

	/* The device, as simdev.c drives it. */
	struct sim_slot slots[CORUN_MAX_SLOTS];
	uint64_t snap_pa;	/* counter snapshot buffer */
	uint32_t epoch_owed;	/* EPOCH_ACK owed at the next run, 0: none */
	int hold_owed;		/* HOLD_ACK owed at the next run */
	uint32_t mbox_seq;
	uint32_t fw_version;	/* 0: no firmware */
	struct corun_fw_header fw_header; /* of the image loaded */
	struct emu_event done[SIM_DONE_QUEUE];
	uint32_t done_first, done_n;
	char guest_err[256];	/* the device's last complaint */
};

uint64_t sim_frames_alloc(struct sim_dev *dev, uint64_t count, uint64_t align);
uint64_t sim_frames_alloc_top(struct sim_dev *dev, uint64_t count);
void sim_frames_free(struct sim_dev *dev, uint64_t pa, uint64_t count);

/* simdev.c */
int sim_dev_bringup(struct sim_dev *dev, char *err, size_t len);
int sim_dev_queue(struct sim_dev *dev, unsigned int slot,
		  const struct corun_job_desc *d, char *err, size_t len);

#endif /* _CORUN_TOOLS_SIM_SIMHOST_INT_H_ */
