/* SPDX-License-Identifier: GPL-2.0 */
/*
 * corun: shared driver state.
 */
#ifndef _CORUN_DRV_H_
#define _CORUN_DRV_H_

#include <linux/dma-fence.h>
#include <linux/idr.h>
#include <linux/io.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>

#include <drm/drm_device.h>
#include <drm/drm_gem_shmem_helper.h>
#include <drm/drm_mm.h>
#include <drm/gpu_scheduler.h>

#include <corun/hw.h>
#include <corun/kernel.h>
#include <uapi/drm/corun_drm.h>

#include "policy/fwlive.h"
#include "policy/policy.h"

#define DRIVER_NAME "corun"
#define DRIVER_DESC "corun multitasking GPU"
#define DRIVER_DATE "20261122"
#define DRIVER_MAJOR 1
#define DRIVER_MINOR 0

/* Driver limits reported through GET_PARAM. */
#define CORUN_MAX_BO_SIZE BIT_ULL(30)
#define CORUN_MAX_BO_HANDLES 4096
#define CORUN_MAX_SYNCS 64
#define CORUN_MAX_CTXS 64
#define CORUN_MAX_GRID_DIM 65535
#define CORUN_MAX_INSN_BUDGET BIT_ULL(48)
#define CORUN_DEFAULT_INSN_BUDGET BIT_ULL(32)
#define CORUN_JOB_HISTORY 256
#define CORUN_MAX_COUNTER_JOBS 64
#define CORUN_RING_ENTRIES 64
#define CORUN_JOB_TIMEOUT_MS 2000
#define CORUN_CTX_MAX_HANGS 3
#define CORUN_DRAIN_MS 10000
/* then how long cancelling may take, jobs freed included */
#define CORUN_DRAIN_CANCEL_MS 5000
/* a device barrier waits for one slice of the model: far less than this */
#define CORUN_BARRIER_MS 5000
#define CORUN_DEFAULT_EPOCH_CYCLES 100000
/* inject_dma_client: 16 KiB aligned, beyond any guest memory */
#define CORUN_INJECT_BAD_PA 0xfff0000000000ULL

struct corun_device;

/**
 * struct corun_slot - one hardware slot and its drm_sched scheduler
 * @cdev: owning device
 * @idx: slot number
 * @sched: scheduler feeding this slot (one job resident at a time)
 * @ring: descriptor ring (DMA coherent)
 * @ring_dma: bus address of @ring
 * @tail: next ring entry the driver writes
 * @fence_context: dma_fence context of the hardware fences
 * @emitted: last hardware seqno handed to the device
 * @lock: protects @active and the fence lock of the hardware fences
 * @active: job resident in the slot, or NULL
 * @last_progress: PROGRESS register at the last timeout check
 * @sm_mask: SM mask last programmed
 * @cta_quota: CTA quota last programmed
 */
struct corun_slot {
	struct corun_device *cdev;
	u32 idx;
	struct drm_gpu_scheduler sched;
	struct corun_job_desc *ring;
	dma_addr_t ring_dma;
	u32 tail;
	u64 fence_context;
	u64 emitted;
	spinlock_t lock; /* see @lock above */
	struct corun_job *active;
	u32 last_progress;
	u32 sm_mask[CORUN_SM_MASK_WORDS];
	u32 cta_quota;
};

/**
 * struct corun_device - per-device state
 * @drm: DRM device
 * @pdev: PCI device
 * @regs: BAR0
 * @version: VERSION register
 * @caps: CAPS register
 * @num_sms: SMs
 * @num_slots: hardware slots
 * @warp_size: threads per warp
 * @config_id: configuration hash
 * @sm_ctas: CTA slots per SM
 * @sm_threads: threads per SM
 * @sm_regs: registers per SM
 * @sm_shared: shared memory bytes per SM
 * @clk_mhz: SM clock
 * @num_channels: DRAM channels
 * @fw_version: running firmware version, 0 if none
 * @fw_running: firmware booted
 * @fw_features: CORUN_FW_FEAT_* the firmware advertises
 * @mbox_lock: one mailbox request at a time (corun_fw.c)
 * @mbox_wq: woken by the mailbox interrupt's hard handler
 * @mbox_seq: sequence number of the last request sent (under @mbox_lock)
 * @mbox_irq: the mailbox interrupt is set up: waits sleep on @mbox_wq
 *	instead of polling
 * @mbox_stats: mailbox figures for debugfs (under @mbox_lock, @irqs
 *	atomic)
 * @irq_mode: the interrupt kind in use ("msix", "msi" or "intx")
 * @irq_pending: CORUN_IRQ_* acknowledged by the hard handler and not yet
 *	handled by the threaded one
 * @lockstep: the device runs in lockstep mode (module parameter)
 * @slots: hardware slots
 * @sched_list: schedulers of all slots, for context entities
 * @fences: per-slot u64 fence words written by the device
 * @fences_dma: bus address of @fences
 * @snapshot: epoch counter snapshot buffer
 * @snapshot_dma: bus address of @snapshot
 * @snapshot_size: size of @snapshot (0: the device's layout is not the
 *	one the policies read, so epochs stay off)
 * @plat: the platform as the policies see it (capability registers)
 * @nvec: MSI-X vectors allocated
 * @reset_count: GPU (slot) resets since load
 * @policy_lock: protects the policy fields and slot programming
 * @eng: the policy engine (policy/policy.h), under @policy_lock
 * @epoch_cycles: epoch length
 * @epoch_seq: last epoch handled
 * @epochs_on: EPOCH_LEN is programmed (only while a job is resident)
 * @inject_stall: fault injection (debugfs): program empty SM masks, so
 *	that resident jobs stop making progress and the watchdog fires
 * @inject_stall_client: fault injection (debugfs): the same for the jobs
 *	of one DRM file only, named by its client id (drm-client-id in
 *	fdinfo); 0: none
 * @inject_fw_refuse: fault injection (debugfs): the firmware refuses the
 *	next request of parameters (corun_fw_set_params())
 * @as_tags: address-space tags in use (lowest free at file open)
 * @hold_ctx: context whose job the device holds the clock after (a
 *	completed DRM_CORUN_SUBMIT_HOLD job), released when that context's
 *	next job reaches a slot or the context goes away; under
 *	@policy_lock, compared only
 * @gate_wait: start gate: jobs still to reach a slot before the device
 *	is enabled, 0 when open (under @policy_lock)
 * @gate_file: file that armed the start gate; closing it opens the gate
 * @slot_ctxs: lockstep mode: live contexts pinned to each slot (under
 *	@policy_lock)
 * @fw_image: copy of the verified firmware image, for reloads; NULL
 *	without firmware
 * @fw_size: bytes of @fw_image
 * @fw_lost: the firmware was found crashed or hung and is not reloaded
 *	yet (corun_reset.c): the watchdog blames no job meanwhile
 * @fw_reloads: firmware reloads after a loss
 * @reset_lock: one recovery at a time: a firmware reload or a whole
 *	device reset against the watchdog's slot resets (taken before
 *	@policy_lock)
 * @recover_work: reloads lost firmware, or resets the device
 * @fw_loads: firmware loads since probe (under @mbox_lock); the heartbeat
 *	judge starts over at each
 * @fwlive: the heartbeat judge's memory (corun_heartbeat.c)
 * @heartbeat_work: the periodic heartbeat check
 * @heartbeat_ms: its period, 0: off
 * @heartbeat_hangs: hangs the heartbeat check found
 * @device_resets: whole-device resets since load
 * @inject_slot_reset_fail: fault injection (debugfs): the next slot reset
 *	is taken as failed, so the device is reset as a whole
 * @inject_dma_client: fault injection (debugfs): the next job of this DRM
 *	client id gets a page-table root outside guest memory; 0: none
 * @barrier_lock: one device barrier at a time (corun_barrier())
 * @barrier_seq: the last barrier's sequence number (under @barrier_lock)
 * @kills: slot kills under way: a job taken from its slot may still run
 *	until the kill's barrier, so unmaps wait for a barrier too
 * @jobs_live: jobs allocated and not freed
 * @jobs_submitted: jobs handed to the scheduler since load
 * @jobs_ended: jobs ended since load, by enum drm_corun_job_state
 *	(DONE, FAULTED, CANCELED)
 */
struct corun_device {
	struct drm_device drm;
	struct pci_dev *pdev;
	void __iomem *regs;
	u32 version;
	u32 caps;
	u32 num_sms;
	u32 num_slots;
	u32 warp_size;
	u32 config_id;
	u32 sm_ctas;
	u32 sm_threads;
	u32 sm_regs;
	u32 sm_shared;
	u32 clk_mhz;
	u32 num_channels;
	u64 fw_version;
	bool fw_running;
	u32 fw_features;
	struct mutex mbox_lock; /* see @mbox_lock above */
	wait_queue_head_t mbox_wq;
	u32 mbox_seq;
	bool mbox_irq;
	struct {
		u64 requests;
		u64 polled;
		u64 late;
		u64 failed;
		u64 refused;
		atomic64_t irqs;
	} mbox_stats;
	const char *irq_mode;
	atomic_t irq_pending;
	bool lockstep;
	struct corun_slot slots[CORUN_MAX_SLOTS];
	struct drm_gpu_scheduler *sched_list[CORUN_MAX_SLOTS];
	u64 *fences;
	dma_addr_t fences_dma;
	void *snapshot;
	dma_addr_t snapshot_dma;
	u32 snapshot_size;
	struct corun_policy_platform plat;
	int nvec;
	atomic_t reset_count;
	struct mutex policy_lock; /* see @policy_lock above */
	struct corun_policy_engine *eng;
	u32 epoch_cycles;
	u32 epoch_seq;
	bool epochs_on;
	bool inject_stall;
	u64 inject_stall_client;
	bool inject_fw_refuse;
	struct ida as_tags;
	struct corun_ctx *hold_ctx;
	u32 gate_wait;
	struct corun_file *gate_file;
	u32 slot_ctxs[CORUN_MAX_SLOTS];
	void *fw_image;
	size_t fw_size;
	bool fw_lost;
	atomic_t fw_reloads;
	struct mutex reset_lock; /* see @reset_lock above */
	struct work_struct recover_work;
	u32 fw_loads;
	struct corun_fwlive fwlive;
	struct delayed_work heartbeat_work;
	u32 heartbeat_ms;
	atomic_t heartbeat_hangs;
	atomic_t device_resets;
	bool inject_slot_reset_fail;
	u64 inject_dma_client;
	struct mutex barrier_lock; /* see @barrier_lock above */
	u32 barrier_seq;
	atomic_t kills;
	atomic_t jobs_live;
	atomic64_t jobs_submitted;
	atomic64_t jobs_ended[3];
};

/**
 * struct corun_vm - GPU virtual address space of one DRM file
 * @ref: reference count (file and buffer objects)
 * @cdev: device
 * @lock: protects @mm and the page tables
 * @mm: VA allocator
 * @l1: level-1 table
 * @l1_dma: bus address of @l1
 * @l2: level-2 tables
 * @l2_dma: bus addresses of @l2
 * @reset_count: resets that hit a job of the file (outlives the file
 *	while jobs still hold the address space)
 * @busy_ns: time the file's jobs spent resident in hardware slots
 * @as_tag: the file's address-space tag (job descriptors' as_tag), freed
 *	when the file is closed
 */
struct corun_vm {
	struct kref ref;
	struct corun_device *cdev;
	struct mutex lock; /* see @lock above */
	struct drm_mm mm;
	u64 *l1;
	dma_addr_t l1_dma;
	u64 *l2[CORUN_PT_L1_ENTRIES];
	dma_addr_t l2_dma[CORUN_PT_L1_ENTRIES];
	atomic_t reset_count;
	atomic64_t busy_ns;
	u32 as_tag;
};

/**
 * struct corun_bo - corun buffer object
 * @base: shmem GEM object
 * @flags: DRM_CORUN_BO_* flags
 * @vm: address space the buffer is mapped into, or NULL
 * @node: VA range (buffer plus guard page)
 */
struct corun_bo {
	struct drm_gem_shmem_object base;
	u32 flags;
	struct corun_vm *vm;
	struct drm_mm_node node;
};

static inline struct corun_bo *to_corun_bo(struct drm_gem_object *obj)
{
	return container_of(to_drm_gem_shmem_obj(obj), struct corun_bo, base);
}

/**
 * struct corun_file - per DRM file state
 * @cdev: device
 * @vm: the file's address space
 * @ctxs: contexts by id
 * @next_ctx: cyclic allocation hint for @ctxs
 * @submit_lock: serialises job id allocation
 * @last_job_id: last job id handed out
 * @jobs: query records by job id (under @submit_lock)
 * @counter_recs: records with unreleased counters (under @submit_lock)
 */
struct corun_file {
	struct corun_device *cdev;
	struct corun_vm *vm;
	struct xarray ctxs;
	u32 next_ctx;
	struct mutex submit_lock; /* see @submit_lock above */
	u64 last_job_id;
	struct xarray jobs;
	u32 counter_recs;
};

/**
 * struct corun_ctx - a context: one drm_sched entity
 * @ref: reference count
 * @id: identifier in the file
 * @priority: enum drm_corun_priority
 * @name: label
 * @entity: scheduling entity over all slot schedulers
 * @hangs: hangs caused by jobs of this context
 * @closed: destroyed by its file (under the device's policy_lock): a
 *	completion hold after one of its jobs is released at once
 * @pinned: lockstep mode: all its jobs run in hardware slot @slot
 * @slot: see @pinned
 */
struct corun_ctx {
	struct kref ref;
	u32 id;
	s32 priority;
	char name[DRM_CORUN_CTX_NAME_LEN];
	struct drm_sched_entity entity;
	atomic_t hangs;
	bool closed;
	bool pinned;
	u32 slot;
};

/**
 * struct corun_job_rec - what DRM_IOCTL_CORUN_QUERY_JOB reports of a job
 * @ref: reference count (the file's table and the job)
 * @lock: protects @q and @counters
 * @q: the record in uapi form (@q.job_id, @q.ctx_id set at submission)
 * @counters: the job's counters when submitted with the counters
 *	extension, valid once the job has finished
 * @epoch_start: device epoch sequence when the job started
 * @had_counters: the job was submitted with the counters extension
 */
struct corun_job_rec {
	struct kref ref;
	spinlock_t lock; /* see @lock above */
	struct drm_corun_query_job q;
	struct drm_corun_job_counters *counters;
	u32 epoch_start;
	bool had_counters;
};

void corun_job_rec_put(struct corun_job_rec *rec);

/**
 * struct corun_job - one kernel launch
 * @base: drm_sched job
 * @refcount: reference count
 * @cdev: device
 * @vm: address space
 * @ctx: context (reference held)
 * @bos: referenced buffer objects
 * @bo_count: entries of @bos
 * @hw_fence: fence signalled from the job interrupt
 * @done_fence: the scheduler's finished fence
 * @desc: descriptor, completed in run_job
 * @job_id: identifier within the file
 * @slot: slot it ran in
 * @hw_seqno: hardware seqno
 * @rec: the job's query record
 * @hwc: counters the device writes at the end of the job, or NULL
 * @hwc_dma: bus address of @hwc
 * @ended: its end was counted in the device's jobs_ended
 */
struct corun_job {
	struct drm_sched_job base;
	struct kref refcount;
	struct corun_device *cdev;
	struct corun_vm *vm;
	struct corun_ctx *ctx;
	struct drm_gem_object **bos;
	u32 bo_count;
	struct dma_fence *hw_fence;
	struct dma_fence *done_fence;
	struct corun_job_desc desc;
	u64 job_id;
	u32 slot;
	u64 hw_seqno;
	struct corun_job_rec *rec;
	struct corun_job_counters *hwc;
	dma_addr_t hwc_dma;
	atomic_t ended;
};

static inline struct corun_device *to_corun_dev(struct drm_device *drm)
{
	return container_of(drm, struct corun_device, drm);
}

static inline u32 corun_read(struct corun_device *cdev, u32 reg)
{
	return readl(cdev->regs + reg);
}

static inline void corun_write(struct corun_device *cdev, u32 reg, u32 val)
{
	writel(val, cdev->regs + reg);
}

/* corun_gem.c */
struct drm_gem_object *corun_gem_create_object(struct drm_device *drm,
					       size_t size);
int corun_ioctl_create_bo(struct drm_device *drm, void *data,
			  struct drm_file *file);
int corun_ioctl_mmap_bo(struct drm_device *drm, void *data,
			struct drm_file *file);
int corun_ioctl_wait_bo(struct drm_device *drm, void *data,
			struct drm_file *file);
int corun_ioctl_get_bo_info(struct drm_device *drm, void *data,
			    struct drm_file *file);

/* corun_mmu.c */
struct corun_vm *corun_vm_create(struct corun_device *cdev);
void corun_vm_put(struct corun_vm *vm);
struct corun_vm *corun_vm_get(struct corun_vm *vm);
int corun_vm_map_bo(struct corun_vm *vm, struct corun_bo *bo);
void corun_vm_unmap_bo(struct corun_bo *bo);

/* corun_sched.c */
int corun_sched_init(struct corun_device *cdev);
void corun_sched_fini(struct corun_device *cdev);
void corun_sched_drain(struct corun_device *cdev);
void corun_sched_job_irq(struct corun_device *cdev);
void corun_job_put(struct corun_job *job);
void corun_hold_release(struct corun_device *cdev, struct corun_ctx *ctx,
			bool close);
void corun_gate_open(struct corun_device *cdev, struct corun_file *cfile);
int corun_gate_check(struct corun_device *cdev, struct corun_file *cfile);
int corun_gate_arm(struct corun_device *cdev, struct corun_file *cfile,
		   u32 jobs);
enum drm_sched_priority corun_sched_prio(s32 priority);

void corun_slot_push(struct corun_slot *slot, struct corun_job *job);
void corun_slot_setup(struct corun_slot *slot);
bool corun_slot_reset_ok(struct corun_slot *slot);
void corun_sched_account(struct corun_device *cdev);

/* corun_reset.c */
void corun_reset_init(struct corun_device *cdev);
void corun_reset_fini(struct corun_device *cdev);
void corun_fw_lost(struct corun_device *cdev, const char *why);
void corun_device_reset(struct corun_device *cdev, const char *why);
int corun_barrier(struct corun_device *cdev);
bool corun_vm_on_hw(struct corun_vm *vm);
int corun_inject_fw(struct corun_device *cdev, u64 mode);

/* corun_heartbeat.c */
void corun_heartbeat_start(struct corun_device *cdev);
void corun_heartbeat_stop(struct corun_device *cdev);

/* corun_irq.c */
int corun_irq_init(struct corun_device *cdev);
void corun_irq_fini(struct corun_device *cdev);

/* corun_ctx.c */
int corun_ioctl_ctx_create(struct drm_device *drm, void *data,
			   struct drm_file *file);
int corun_ioctl_ctx_destroy(struct drm_device *drm, void *data,
			    struct drm_file *file);
struct corun_ctx *corun_ctx_lookup(struct corun_file *cfile, u32 id);
void corun_ctx_put(struct corun_ctx *ctx);
void corun_ctx_destroy_all(struct corun_file *cfile);

/* corun_submit.c */
int corun_ioctl_submit(struct drm_device *drm, void *data,
		       struct drm_file *file);
int corun_ioctl_query_job(struct drm_device *drm, void *data,
			  struct drm_file *file);
int corun_ioctl_get_job_counters(struct drm_device *drm, void *data,
				 struct drm_file *file);
void corun_jobs_fini(struct corun_file *cfile);

/* corun_fw.c */
int corun_fw_init(struct corun_device *cdev);
void corun_fw_fini(struct corun_device *cdev);
int corun_fw_boot(struct corun_device *cdev, const void *image, size_t size);
int corun_fw_load(struct corun_device *cdev, dma_addr_t dma, size_t size,
		  u32 *state);
int corun_fw_mbox_send(struct corun_device *cdev, u32 cmd, const u32 *payload,
		       u32 len, u32 *reply, u32 reply_len);
int corun_fw_set_params(struct corun_device *cdev, const u32 *pairs, u32 n);

/* corun_policy.c (glue around policy/) */
int corun_policy_init(struct corun_device *cdev);
int corun_policy_set(struct corun_device *cdev, u32 id, u32 epoch_cycles);
int corun_policy_apply(struct corun_device *cdev,
		       const struct corun_policy_ops *ops, u32 epoch_cycles,
		       const u32 *params, const struct corun_policy_fw *fw,
		       struct corun_file *gate, u32 gate_jobs);
void corun_policy_on_job_start(struct corun_device *cdev, u32 slot,
			       const struct corun_job *job);
/* Return: the policy's estimate of the ended job's alone cycles, or 0. */
u64 corun_policy_on_job_end(struct corun_device *cdev, u32 slot);
void corun_policy_on_epoch(struct corun_device *cdev);
u32 corun_policy_id(struct corun_device *cdev);
extern const struct attribute_group *corun_attr_groups[];

/* corun_policy_ioctl.c */
int corun_ioctl_get_policy(struct drm_device *drm, void *data,
			   struct drm_file *file);
int corun_ioctl_set_policy(struct drm_device *drm, void *data,
			   struct drm_file *file);
int corun_policy_get_param(struct corun_device *cdev, u32 param, u64 *v);

/* corun_debugfs.c */
void corun_debugfs_init(struct drm_minor *minor);

#endif /* _CORUN_DRV_H_ */
