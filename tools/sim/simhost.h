/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * simhost: host-side "driver emulation" for the corun device.
 *
 * A sim_dev owns one device (emu/device.h: the same register-level code
 * the QEMU device runs, with the model and the firmware microcontroller
 * inside), driven through its registers like corun.ko drives it: a ring
 * page per slot, a counter-snapshot buffer, interrupts polled after the
 * clock stops, lockstep epochs and a completion hold on every job, so
 * that the host acts only while the device's clock stands still (as in
 * the VM under lockstep). It also owns a calloc'd "guest physical memory" arena
 * (untouched pages stay unbacked, so a large arena is cheap) and a 4 KiB
 * page-frame allocator over it. A sim_ctx is one GPU address space, like
 * a DRM file: its own page tables in the arena in exactly the hw.h format
 * (16 KiB-aligned root, 4 KiB level-2 tables), a VA allocator starting at
 * CORUN_VA_GLOBAL_BASE with an unmapped guard page after every buffer,
 * and the kernels loaded into it. Jobs are described with struct
 * sim_launch, turned into a hw.h descriptor by sim_build_desc() (which
 * validates it like a driver would) and run by sim_run() (alone, slot 0)
 * or sim_submit() (any slot, co-running; the caller drives sim_dev_run).
 *
 * Functions returning int give 0 or a negative errno; the ones taking
 * err/len also leave a one-line message there.
 */
#ifndef _CORUN_TOOLS_SIM_SIMHOST_H_
#define _CORUN_TOOLS_SIM_SIMHOST_H_

#include <stddef.h>
#include <stdint.h>

#include <corun/hw.h>
#include <corun/kernel.h>

struct emu_config;	/* emu/config.h */
struct emu_gpu;		/* emu/gpu.h */
struct emu_dev;		/* emu/device.h */
struct emu_event;	/* emu/gpu.h */

struct sim_dev;
struct sim_ctx;

#define SIM_MEM_DEFAULT (256ull << 20)	/* default arena size */
#define SIM_MEM_MAX (4ull << 30)

/*
 * Create a device for @cfg (copied) with a @mem_bytes arena (0: default;
 * rounded up to 16 KiB). NULL with err set on failure.
 */
struct sim_dev *sim_dev_create(const struct emu_config *cfg,
			       uint64_t mem_bytes, char *err, size_t len);
void sim_dev_destroy(struct sim_dev *dev);
struct emu_gpu *sim_dev_gpu(struct sim_dev *dev);
const struct emu_config *sim_dev_config(struct sim_dev *dev);

/* The device (register access for tests and tools that need it). */
struct emu_dev *sim_dev_device(struct sim_dev *dev);

/*
 * BAR0 access. sim_dev_wr() fails with -EINVAL and the device's complaint
 * in @err when the device refuses the write (a guest error).
 */
uint32_t sim_dev_rd(struct sim_dev *dev, uint32_t off);
int sim_dev_wr(struct sim_dev *dev, uint32_t off, uint32_t val, char *err,
	       size_t len);

/*
 * The device's events, found as the driver finds them (interrupts, DONE,
 * fault records, the job's counters in memory): EMU_EV_JOB_DONE (slot,
 * seqno, cycle, fault, counters), EMU_EV_EPOCH (epoch, cycle),
 * EMU_EV_NONE once the model reaches @max_cycle, EMU_EV_IDLE when nothing
 * can run. A job that faulted its slot has the slot's fault record (the
 * slot is then reset); a killed one has cause CORUN_FAULT_RESET. The
 * acknowledgements an event owes (HOLD_ACK, EPOCH_ACK) are paid at the
 * next call, so the host's reaction to an event lands at its cycle.
 */
int sim_dev_run(struct sim_dev *dev, uint64_t max_cycle, struct emu_event *ev);
/* Kill a slot's jobs (they complete with CORUN_FAULT_RESET). */
int sim_dev_reset_slot(struct sim_dev *dev, unsigned int slot);

/*
 * A slot's policy registers (SM mask, CTA quota, priority, placement,
 * throttle), validated by the device. EPOCH_LEN (0: no epochs).
 */
struct emu_slot_policy;
int sim_dev_set_slot_policy(struct sim_dev *dev, unsigned int slot,
			    const struct emu_slot_policy *p, char *err,
			    size_t len);
int sim_dev_set_epoch(struct sim_dev *dev, uint32_t cycles, char *err,
		      size_t len);
/* The last epoch's counter snapshot, or NULL before the first. */
const struct corun_snapshot_header *sim_dev_snapshot(struct sim_dev *dev);

/*
 * Firmware: upload the image at @path and boot it (FW_* registers, then a
 * VERSION request through the mailbox). sim_dev_fw_request() sends one
 * mailbox request and waits for the answer (the GPU cores stand still
 * meanwhile); -EINVAL if the firmware answers with an error status.
 */
int sim_dev_load_firmware(struct sim_dev *dev, const char *path, char *err,
			  size_t len);
uint32_t sim_dev_fw_version(const struct sim_dev *dev);
/* The image's payload CRC-32 (its identity), 0 without firmware. */
uint32_t sim_dev_fw_crc(const struct sim_dev *dev);
uint32_t sim_dev_fw_status(struct sim_dev *dev);
int sim_dev_fw_request(struct sim_dev *dev, uint32_t cmd, const uint32_t *in,
		       uint32_t n, uint32_t *out, uint32_t nout, char *err,
		       size_t len);

/* Host pointer to arena bytes [pa, pa + len), or NULL if out of range. */
uint8_t *sim_dev_phys(struct sim_dev *dev, uint64_t pa, uint64_t len);
/* Page frames in use / in total. */
uint64_t sim_dev_frames_used(const struct sim_dev *dev);
uint64_t sim_dev_frames_total(const struct sim_dev *dev);

/*
 * Cycle limit for sim_run(): give up (-ETIMEDOUT) after this many device
 * cycles; 0 (default) means no limit (a hung job still ends through its
 * instruction budget or a BARRIER fault in the model).
 */
void sim_dev_set_run_limit(struct sim_dev *dev, uint64_t cycles);

/*
 * Address spaces. A context gets a fresh id (descriptor ctx_id) and owns
 * everything allocated in it; destroying it frees all its frames.
 */
struct sim_ctx *sim_ctx_create(struct sim_dev *dev);
void sim_ctx_destroy(struct sim_ctx *ctx);
struct sim_dev *sim_ctx_dev(struct sim_ctx *ctx);
uint32_t sim_ctx_id(const struct sim_ctx *ctx);
uint64_t sim_ctx_pt_root(const struct sim_ctx *ctx);	/* PA of level 1 */
/*
 * Address-space tag of the context's descriptors (hw.h as_tag; 0 after
 * create): the driver's number of the DRM file. -EINVAL if out of range.
 */
int sim_ctx_set_as_tag(struct sim_ctx *ctx, uint32_t tag);

/* Buffer objects. */
#define SIM_BO_READ 1u
#define SIM_BO_WRITE 2u
#define SIM_BO_EXEC 4u

/*
 * Allocate @size bytes (rounded up to pages, zero-filled) mapped with
 * @flags (at least one of R/W/X); *va gets the GPU VA.
 * -EINVAL bad size/flags, -ENOMEM out of frames or VA.
 */
int sim_alloc(struct sim_ctx *ctx, uint32_t size, unsigned int flags,
	      uint32_t *va);
/* Unmap and free the buffer starting at @va (-ENOENT if none). */
int sim_free(struct sim_ctx *ctx, uint32_t va);

/*
 * Copy through the context's page tables (the host view: permissions
 * are not checked, only that every page is mapped). -EFAULT otherwise.
 */
int sim_write(struct sim_ctx *ctx, uint32_t va, const void *src,
	      uint32_t len);
int sim_read(struct sim_ctx *ctx, uint32_t va, void *dst, uint32_t len);

/*
 * Walk the page tables like the device MMU: *pa and the PTE's
 * CORUN_PTE_READ/WRITE/EXEC bits in *perm. -EFAULT if not mapped.
 */
int sim_translate(struct sim_ctx *ctx, uint32_t va, uint64_t *pa,
		  uint64_t *perm);

/* Allocate an argument block (R+W) and copy @args into it. */
int sim_wl_args(struct sim_ctx *ctx, const void *args, uint32_t size,
		uint32_t *va);

/**
 * struct sim_kernel - a kernel loaded in a context
 * @name: kernel name from its kinfo record
 * @entry: absolute GPU VA of its entry trampoline
 * @regs_per_thread, @shared_bytes, @stack_bytes: from kinfo
 */
struct sim_kernel {
	char name[32];
	uint32_t entry;
	uint16_t regs_per_thread;
	uint32_t shared_bytes, stack_bytes;
};

/*
 * Find kernel @name in the ELF at @elf_path, loading the ELF into @ctx
 * on first use (once per context and path): code pages mapped R+X, data
 * pages R+W, exactly as the segment flags say. -ENOENT (unknown kernel:
 * the message lists the ones present), -ENOEXEC (bad ELF), -ENOMEM.
 */
int sim_load_kernel(struct sim_ctx *ctx, const char *elf_path,
		    const char *name, struct sim_kernel *k, char *err,
		    size_t len);

/**
 * struct sim_launch - one kernel launch
 * @k: the kernel
 * @grid, @block: dimensions, each >= 1
 * @args_va: GPU VA of the argument block (CORUN_CSR_ARGS), may be 0
 * @placement: enum corun_placement
 * @coherence: enum corun_coherence
 * @insn_budget: thread instructions before CORUN_FAULT_BUDGET, 0 = none
 */
struct sim_launch {
	struct sim_kernel k;
	uint32_t grid[3], block[3];
	uint32_t args_va;
	uint32_t placement, coherence;
	uint64_t insn_budget;
};

/*
 * Validate @l against the device configuration and the kernel's static
 * resources and fill *d (fence and counters point into the context's job
 * area; seqno as given). -EINVAL with a message naming the bad field.
 */
int sim_build_desc(struct sim_ctx *ctx, const struct sim_launch *l,
		   uint64_t seqno, struct corun_job_desc *d, char *err,
		   size_t len);

/**
 * struct sim_result - how a job ended, as read back from memory
 * @cycles: end_cycle - start_cycle from the job counters (0 if the job
 *	never dispatched a CTA, e.g. a bad descriptor)
 * @fault: the fault record of the completion event (cause 0 = success)
 * @counters: the job counters the device wrote to counters_addr
 */
struct sim_result {
	uint64_t cycles;
	struct corun_fault_record fault;
	struct corun_job_counters counters;
};

/*
 * Run one launch alone to completion on slot 0 (what kernel tests use).
 * Returns 0 when the job completed (check r->fault.cause for a fault),
 * -EINVAL for a launch that fails validation, -EIO when the device
 * wrote an inconsistent fence, -ETIMEDOUT past the run limit.
 */
int sim_run(struct sim_ctx *ctx, const struct sim_launch *l,
	    struct sim_result *r, char *err, size_t len);

/*
 * Co-running: validate, build the descriptor and emu_gpu_submit() it on
 * @slot; *seqno gets the job's fence value (per context, from 1). At most
 * SIM_MAX_INFLIGHT jobs per context may be outstanding. The caller runs
 * sim_dev_run() and, on the JOB_DONE event of this slot, calls
 * sim_complete() with that event's seqno and fault record: it reads the
 * fence and the counters from memory, as the driver would.
 */
#define SIM_MAX_INFLIGHT 8
int sim_submit(struct sim_ctx *ctx, unsigned int slot,
	       const struct sim_launch *l, uint64_t *seqno, char *err,
	       size_t len);
/*
 * sim_submit() in two steps, for a host that decides something between
 * them (the policy engine sees the descriptor before the job is queued,
 * as the driver's run_job does): sim_prepare() validates @l and builds
 * its descriptor (seqno included) without queueing anything; sim_queue()
 * queues a descriptor sim_prepare() built for @ctx, before any other
 * submit of the device.
 */
int sim_prepare(struct sim_ctx *ctx, const struct sim_launch *l,
		struct corun_job_desc *d, char *err, size_t len);
int sim_queue(struct sim_ctx *ctx, unsigned int slot,
	      const struct corun_job_desc *d, char *err, size_t len);
int sim_complete(struct sim_ctx *ctx, uint64_t seqno,
		 const struct corun_fault_record *fault, struct sim_result *r,
		 char *err, size_t len);

/* Human-readable name of a corun_fault_cause ("unmapped", ...). */
const char *sim_fault_name(uint32_t cause);

#endif /* _CORUN_TOOLS_SIM_SIMHOST_H_ */
