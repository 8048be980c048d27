/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: the GPU as a plain C library.
 *
 * One struct emu_gpu simulates the whole device: per-slot job queues, the
 * CTA dispatcher, the SMs (RV32 SIMT cores, executed at issue by the
 * functional executor in isa.c, timed here) and the memory system. It is
 * single-threaded and deterministic: the same configuration, submissions
 * and policy calls at the same cycles give the same results. The caller
 * (QEMU device, corun-sim, tests) drives it with emu_gpu_run() and
 * provides access to "guest physical" memory through struct emu_phys_ops.
 */
#ifndef _EMU_GPU_H_
#define _EMU_GPU_H_

#include <stdint.h>
#include <corun/hw.h>
#include "config.h"
#include "llc_policy.h"
#include "noc.h"

struct emu_gpu;

/**
 * struct emu_phys_ops - how the device reaches guest physical memory
 * @ctx: passed to @map
 * @map: return a host pointer to [pa, pa + len), or NULL if any of it is
 *	not device-visible memory (the access then faults with
 *	CORUN_FAULT_BUS, or, for descriptor/fence/counter addresses, is
 *	dropped). The model calls it with len <= 16 KiB and never across a
 *	4 KiB page boundary except for the 16 KiB page-table root.
 *	Pointers are used immediately and not kept across emu_gpu_run()
 *	calls.
 */
struct emu_phys_ops {
	void *ctx;
	uint8_t *(*map)(void *ctx, uint64_t pa, uint64_t len);
};

/**
 * struct emu_slot_policy - per-slot placement policy (the slot registers)
 * @sm_mask: SMs the slot's CTAs may be placed on (bit i of word i / 32)
 * @cta_quota: max CTAs of the slot per SM, 0 = no limit
 * @priority: 0 (lowest) .. 15; dispatch order between slots
 * @placement: enum corun_placement used when the descriptor asks for
 *	CORUN_PLACE_RR (0); a descriptor's non-zero placement wins
 * @throttle: CTAs of the slot per SM that stay resident but may not issue
 *	(the youngest ones on each SM; the oldest CTA of the slot on an SM
 *	is never throttled, so the slot cannot stall forever)
 * @reclaim: enum corun_reclaim: how the slot's CTAs leave SMs outside
 *	@sm_mask (CORUN_SLOT_RECLAIM)
 *
 * Changes take effect for CTAs dispatched (and throttled) from the next
 * cycle; resident CTAs are never migrated, but with CORUN_RECLAIM_SWITCH
 * those outside @sm_mask are saved and later restored inside it.
 */
struct emu_slot_policy {
	uint32_t sm_mask[CORUN_SM_MASK_WORDS];
	uint32_t cta_quota;
	uint32_t priority;
	uint32_t placement;
	uint32_t throttle;
	uint32_t reclaim;
};

/* Reset value of emu_gpu_set_issue_period(), SM cycles. */
#define EMU_ISSUE_PERIOD_DEFAULT 1000u
/* Longest issue period. */
#define EMU_ISSUE_PERIOD_MAX (1u << 24)

/**
 * struct emu_sm_slot_counters - what one slot did on one SM
 * @warp_insns: warp instructions its warps issued there
 * @cta_cycles: sum over cycles of its CTAs resident there (a CTA counts
 *	from the cycle it is dispatched to the cycle it ends)
 *
 * Warped-Slicer's per-SM IPC against CTAs resident.
 */
struct emu_sm_slot_counters {
	uint64_t warp_insns;
	uint64_t cta_cycles;
};

/* Events returned by emu_gpu_run(). */
enum emu_event_type {
	EMU_EV_NONE = 0, /* stopped at max_cycle */
	EMU_EV_JOB_DONE = 1, /* a job ended (successfully or with a fault) */
	EMU_EV_EPOCH = 2, /* an epoch boundary was reached */
	EMU_EV_IDLE = 3, /* nothing queued or running */
};

/**
 * struct emu_event - one event
 * @type: enum emu_event_type
 * @slot: slot of the job (JOB_DONE)
 * @seqno: descriptor seqno (JOB_DONE)
 * @cycle: device cycle of the event
 * @epoch: epoch sequence number (EPOCH), starting at 1
 * @fault: fault record (JOB_DONE; cause CORUN_FAULT_NONE on success)
 * @counters: the job's counters (JOB_DONE), as written to counters_addr
 */
struct emu_event {
	enum emu_event_type type;
	unsigned int slot;
	uint64_t seqno;
	uint64_t cycle;
	uint64_t epoch;
	struct corun_fault_record fault;
	struct corun_job_counters counters;
};

/**
 * struct emu_stats - simulation-rate figures
 * @cycles: device cycles simulated (including skipped ones)
 * @skipped_cycles: cycles jumped over because every SM was waiting
 * @warp_insns: warp instructions issued
 * @thread_insns: thread (active-lane) instructions retired
 * @jobs_done: jobs ended
 * @mem_requests: requests that left the L1s
 */
struct emu_stats {
	uint64_t cycles;
	uint64_t skipped_cycles;
	uint64_t warp_insns;
	uint64_t thread_insns;
	uint64_t jobs_done;
	uint64_t mem_requests;
};

/**
 * emu_gpu_create() - build a device
 * @cfg: configuration (copied; must pass emu_config_validate())
 * @phys: guest memory access (copied)
 *
 * Allocates everything the simulation needs (warps, queues, local-memory
 * pools); nothing is allocated later per cycle.
 *
 * Return: the device, or NULL for an invalid configuration or no memory.
 */
struct emu_gpu *emu_gpu_create(const struct emu_config *cfg,
			       const struct emu_phys_ops *phys);

/**
 * emu_gpu_destroy() - free a device (NULL is fine)
 * @gpu: device
 */
void emu_gpu_destroy(struct emu_gpu *gpu);

/**
 * emu_gpu_config() - the device's configuration
 * @gpu: device
 *
 * Return: the copy made at create time.
 */
const struct emu_config *emu_gpu_config(const struct emu_gpu *gpu);

/**
 * emu_gpu_submit() - queue a job on a slot
 * @gpu: device
 * @slot: 0 .. num_slots - 1
 * @desc: descriptor (copied)
 *
 * Jobs of one slot run in FIFO order; jobs of different slots co-run.
 * The descriptor is validated when the job starts: an invalid one still
 * completes, with a JOB_DONE event carrying CORUN_FAULT_BAD_DESC (and the
 * fence written if fence_addr is usable).
 *
 * Return: 0, -EINVAL for a bad slot, -ENOSPC when the slot already holds
 * CORUN_RING_MAX_ENTRIES jobs.
 */
int emu_gpu_submit(struct emu_gpu *gpu, unsigned int slot,
		   const struct corun_job_desc *desc);

/**
 * emu_gpu_set_slot_policy() - program a slot's placement policy
 * @gpu: device
 * @slot: slot
 * @p: policy (copied); the default is all SMs, no quota, no throttle
 *
 * Return: 0, or -EINVAL for a bad slot or a field out of range (placement
 * >= CORUN_PLACE_NR, priority > 15).
 */
int emu_gpu_set_slot_policy(struct emu_gpu *gpu, unsigned int slot,
			    const struct emu_slot_policy *p);

/**
 * emu_gpu_get_slot_policy() - read a slot's policy back
 * @gpu: device
 * @slot: slot
 * @p: receives the policy
 *
 * Return: 0 or -EINVAL.
 */
int emu_gpu_get_slot_policy(const struct emu_gpu *gpu, unsigned int slot,
			    struct emu_slot_policy *p);

/**
 * emu_gpu_set_slot_issue_quota() - a slot's warp-issue quota (SMK)
 * @gpu: device
 * @slot: slot
 * @quota: warp instructions the slot's warps may issue on each SM per
 *	issue period (emu_gpu_set_issue_period()); once an SM's grant of
 *	the slot is spent its warps there wait for the next period
 *	(counted as CORUN_STALL_THROTTLED), or until every slot with a
 *	quota and CTAs on that SM (two or more) has spent its grant, when
 *	all are granted again. 0 = no quota (the reset value).
 *
 * A quota given to a slot that had none applies at once; otherwise a
 * lower one clips what is left of the period and a higher one applies
 * from the next period; 0 wakes the held warps at once.
 *
 * Return: 0 or -EINVAL for a bad slot.
 */
int emu_gpu_set_slot_issue_quota(struct emu_gpu *gpu, unsigned int slot,
				 uint32_t quota);

/**
 * emu_gpu_slot_issue_quota() - a slot's warp-issue quota as set
 * @gpu: device
 * @slot: slot (a bad slot gives 0)
 *
 * Return: the quota, 0 for none.
 */
uint32_t emu_gpu_slot_issue_quota(const struct emu_gpu *gpu, unsigned int slot);

/* The largest memory-instruction cap (emu_gpu_set_slot_mil_cap()). */
#define EMU_MIL_CAP_MAX 255u

/**
 * emu_gpu_set_slot_mil_cap() - a slot's memory-instruction cap (MIL)
 * @gpu: device
 * @slot: slot
 * @cap: the most memory instructions of the slot that access the L1
 *	(global or local memory) that may be in flight on each SM, from
 *	issue until all their L1 requests completed; 1..EMU_MIL_CAP_MAX
 *	(255), 0 = no cap (the reset value)
 *
 * A warp whose next such instruction finds the cap reached waits
 * (counted as CORUN_STALL_MIL) until one of the slot's completes on its
 * SM. Only instructions issued under a cap count (emu/mil.c); a change
 * applies at once.
 *
 * Return: 0 or -EINVAL for a bad slot or cap.
 */
int emu_gpu_set_slot_mil_cap(struct emu_gpu *gpu, unsigned int slot,
			     uint32_t cap);

/**
 * emu_gpu_slot_mil_cap() - a slot's memory-instruction cap as set
 * @gpu: device
 * @slot: slot (a bad slot gives 0)
 *
 * Return: the cap, 0 for none.
 */
uint32_t emu_gpu_slot_mil_cap(const struct emu_gpu *gpu, unsigned int slot);

/**
 * emu_gpu_set_issue_period() - the period of the warp-issue quotas
 * @gpu: device
 * @cycles: 1 .. EMU_ISSUE_PERIOD_MAX SM cycles (reset value:
 *	EMU_ISSUE_PERIOD_DEFAULT); every slot's quota is granted anew on
 *	each SM at each period boundary, the first one now plus @cycles
 *
 * Return: 0 or -EINVAL.
 */
int emu_gpu_set_issue_period(struct emu_gpu *gpu, uint32_t cycles);

/**
 * emu_gpu_placement_modes() - placement modes this model implements
 *
 * Return: bit (1 << mode) per implemented enum corun_placement, for
 * CORUN_REG_CAPS (shifted by CORUN_CAP_PLACEMENT_SHIFT). Descriptors and
 * slot policies asking for other modes are rejected.
 */
uint32_t emu_gpu_placement_modes(void);

/**
 * emu_gpu_set_epoch() - set the epoch length
 * @gpu: device
 * @cycles: SM cycles per epoch, 0 disables epochs; the next boundary is
 *	the current cycle plus @cycles
 */
void emu_gpu_set_epoch(struct emu_gpu *gpu, uint64_t cycles);

/**
 * emu_gpu_run() - simulate until an event or max_cycle
 * @gpu: device
 * @max_cycle: absolute cycle at which to stop
 * @ev: receives the event (cleared first)
 *
 * Several events of one cycle are returned by consecutive calls. On
 * JOB_DONE the fence (fence_addr <- seqno) and, with
 * CORUN_DESC_F_COUNTERS, the counters at counters_addr have been written
 * through the phys ops. IDLE is returned without advancing the clock
 * when no slot has a queued or running job; NONE when the clock reached
 * @max_cycle.
 *
 * Return: @ev->type.
 */
int emu_gpu_run(struct emu_gpu *gpu, uint64_t max_cycle, struct emu_event *ev);

/**
 * emu_gpu_cycle() - current device cycle
 * @gpu: device
 *
 * Return: SM cycles since create.
 */
uint64_t emu_gpu_cycle(const struct emu_gpu *gpu);

/**
 * emu_gpu_slot_busy() - jobs queued or running on a slot
 * @gpu: device
 * @slot: slot
 *
 * Return: the number of jobs not yet done (0 for a bad slot).
 */
unsigned int emu_gpu_slot_busy(const struct emu_gpu *gpu, unsigned int slot);

/**
 * emu_gpu_slot_counters() - live cumulative counters of a slot
 * @gpu: device
 * @slot: slot (a bad slot gives zeros)
 * @out: receives the counters since create
 */
void emu_gpu_slot_counters(const struct emu_gpu *gpu, unsigned int slot,
			   struct corun_slot_counters *out);

/**
 * emu_gpu_slot_job() - the progress of a slot's current job
 * @gpu: device
 * @slot: slot
 * @out: receives its seqno and CTA counts (zeros if the slot runs no job
 *	or @slot is bad), as a counter snapshot shows them
 */
void emu_gpu_slot_job(const struct emu_gpu *gpu, unsigned int slot,
		      struct corun_slot_job_state *out);

/**
 * emu_gpu_sm_counters() - live cumulative counters of one SM
 * @gpu: device
 * @sm: SM index (a bad index gives zeros)
 * @out: receives the counters since create
 */
void emu_gpu_sm_counters(const struct emu_gpu *gpu, unsigned int sm,
			 struct corun_sm_counters *out);

/**
 * emu_gpu_sm_slot_counters() - live cumulative counters of one slot on
 *	one SM
 * @gpu: device
 * @sm: SM index
 * @slot: slot
 * @out: receives them since create (zeros for a bad SM or slot)
 */
void emu_gpu_sm_slot_counters(const struct emu_gpu *gpu, unsigned int sm,
			      unsigned int slot,
			      struct emu_sm_slot_counters *out);

/**
 * emu_gpu_set_irc() - program a slot's issue-rate control (CCBP IRC)
 * @gpu: device
 * @slot: slot
 * @credits: L1 miss-queue issues per window and SM, or
 *	CORUN_FW_IRC_CREDITS_UNLIMITED (no gating; the reset value)
 * @prio: arbitration priority among the miss sub-queue heads (higher
 *	first, equal ones round-robin)
 *
 * Credits refill at every window boundary (not carried over); a lower
 * value clips what is left of the current window (emu_mem_set_irc()).
 *
 * Return: 0 or -EINVAL for a bad slot.
 */
int emu_gpu_set_irc(struct emu_gpu *gpu, unsigned int slot, uint32_t credits,
		    uint32_t prio);

/**
 * emu_gpu_set_irc_window() - set the IRC credit refill window
 * @gpu: device
 * @cycles: window, SM cycles (reset value: l1.irc_window)
 *
 * Return: 0 or -EINVAL for 0.
 */
int emu_gpu_set_irc_window(struct emu_gpu *gpu, uint32_t cycles);

/**
 * emu_gpu_set_l1_ways() - restrict a slot's L1 fills to some ways
 * @gpu: device
 * @slot: slot
 * @mask: way bit mask (0 or all ways: no restriction, the reset value);
 *	lookups still see every way
 *
 * Return: 0 or -EINVAL for a bad slot.
 */
int emu_gpu_set_l1_ways(struct emu_gpu *gpu, unsigned int slot, uint32_t mask);

/*
 * The L1 utility monitors: emu_mem_l1_umon_enable(), _read(), _decay(),
 * _set_sample() (mem.h).
 */
void emu_gpu_l1_umon_enable(struct emu_gpu *gpu, bool on);
void emu_gpu_l1_umon_decay(struct emu_gpu *gpu, uint32_t shift);
int emu_gpu_l1_umon_set_sample(struct emu_gpu *gpu, uint32_t n);
uint64_t emu_gpu_l1_umon_read(const struct emu_gpu *gpu, unsigned int slot,
			      uint32_t index);

/**
 * emu_gpu_set_l1_bypass_ctas() - CTA-level L1 bypass of a slot
 * @gpu: device
 * @slot: slot
 * @n: per SM, how many of the slot's resident CTAs bypass the L1
 *
 * A CTA is a bypass or a cache CTA for its whole life, decided when it is
 * dispatched: it bypasses if fewer than @n of the slot's CTAs on its SM
 * do (so a new target takes effect as CTAs retire). Every global load,
 * store and atomic of a bypass CTA skips the L1; its stack accesses stay
 * cached. 0 (the reset value): none; >= sm.cta_slots: all, the cache
 * partitioning paper's "0 ways". Per-instruction BYPASS hints apply on
 * top.
 *
 * Return: 0 or -EINVAL for a bad slot.
 */
int emu_gpu_set_l1_bypass_ctas(struct emu_gpu *gpu, unsigned int slot,
			       uint32_t n);

/**
 * emu_gpu_set_slot_vc() - the NoC virtual channel of a slot
 * @gpu: device
 * @slot: slot
 * @vc: 0..noc.vcs-1: the slot's requests, write data and replies all
 *	travel in this VC; EMU_NOC_VC_MAPPED (the reset value): the VC
 *	[noc] vc_map gives each packet (by traffic type, slot or class)
 *
 * Packets already in the networks keep their VC. With [noc]
 * strict_priority the VC also decides the packets' arbitration class.
 *
 * Return: 0 or -EINVAL for a bad slot or VC.
 */
int emu_gpu_set_slot_vc(struct emu_gpu *gpu, unsigned int slot, uint32_t vc);

/**
 * emu_gpu_slot_vc() - a slot's VC as set by emu_gpu_set_slot_vc()
 * @gpu: device
 * @slot: slot
 *
 * Return: the VC, or EMU_NOC_VC_MAPPED (also for a bad slot).
 */
uint32_t emu_gpu_slot_vc(const struct emu_gpu *gpu, unsigned int slot);

/**
 * emu_gpu_noc_vc_counters() - live cumulative counters of one NoC VC
 * @gpu: device
 * @vc: virtual channel (>= noc.vcs gives zeros)
 * @out: receives them since create
 */
void emu_gpu_noc_vc_counters(const struct emu_gpu *gpu, unsigned int vc,
			     struct emu_noc_vc_counters *out);

/**
 * emu_gpu_set_llc_policy() - the LLC victim policy of every slice
 * @gpu: device
 * @p: policy (copied; see llc_policy.h). The reset value is all zero:
 *	EMU_LLC_LRU
 *
 * Takes effect from the next victim chosen; lines keep their owners.
 *
 * Return: 0, or -EINVAL (emu_llc_check()) with nothing changed.
 */
int emu_gpu_set_llc_policy(struct emu_gpu *gpu,
			   const struct emu_llc_policy *p);

/**
 * emu_gpu_get_llc_policy() - read the LLC policy back
 * @gpu: device
 * @p: receives it
 */
void emu_gpu_get_llc_policy(const struct emu_gpu *gpu,
			    struct emu_llc_policy *p);

/**
 * emu_gpu_llc_slot_counters() - live LLC counts of one slot as owner
 * @gpu: device
 * @slot: slot (a bad slot gives zeros)
 * @out: receives the hits and misses of the slot's requests (the same
 *	as its llc_hits and llc_misses) and the lines it owns, filled and
 *	lost to fills (struct emu_llc_counters), since create
 */
void emu_gpu_llc_slot_counters(const struct emu_gpu *gpu, unsigned int slot,
			       struct emu_llc_counters *out);

/**
 * emu_gpu_llc_class_counters() - live LLC counts of one class as owner
 * @gpu: device
 * @cls: enum emu_mem_cls, 0 GPU or 1 CPU (others give zeros)
 * @out: receives them, as emu_gpu_llc_slot_counters() by class
 */
void emu_gpu_llc_class_counters(const struct emu_gpu *gpu, unsigned int cls,
				struct emu_llc_counters *out);

/**
 * emu_gpu_chan_counters() - live cumulative counters of one DRAM channel
 * @gpu: device
 * @ch: channel (>= dram.channels gives zeros)
 * @out: receives accesses, row hits and data-bus busy cycles since create
 *	(DRAM cycles; reserved = 0)
 */
void emu_gpu_chan_counters(const struct emu_gpu *gpu, unsigned int ch,
			   struct corun_chan_counters *out);

/**
 * emu_gpu_chan_slot_counters() - live cumulative counters of one slot in
 *	one DRAM channel (HSM's per-channel accesses and row hits)
 * @gpu: device
 * @ch: channel
 * @slot: slot
 * @out: receives the slot's accesses, row hits and data-bus busy cycles
 *	in the channel since create (DRAM cycles; reserved = 0); zeros for
 *	a bad channel or slot. Summed over channels they are the slot's
 *	DRAM counters (writes included, charged to the request whose miss
 *	caused them).
 */
void emu_gpu_chan_slot_counters(const struct emu_gpu *gpu, unsigned int ch,
				unsigned int slot,
				struct corun_chan_counters *out);

/**
 * emu_gpu_slot_interf() - live interference counters of one slot
 * @gpu: device
 * @slot: slot
 * @out: receives them since create (zeros for a bad slot); see struct
 *	corun_slot_interf_counters
 */
void emu_gpu_slot_interf(const struct emu_gpu *gpu, unsigned int slot,
			 struct corun_slot_interf_counters *out);

/**
 * emu_gpu_set_slot_dram_prio() - the DRAM scheduling priority of a slot
 * @gpu: device
 * @slot: slot
 * @prio: 0 (the reset value) .. 15: the FR-FCFS scheduler of every
 *	channel serves the requests of higher-priority slots first (row
 *	hits first within one priority); [dram] cpu_priority still puts
 *	CPU-class requests above every slot priority
 *
 * Queued requests take the new priority at once.
 *
 * Return: 0 or -EINVAL for a bad slot or priority.
 */
int emu_gpu_set_slot_dram_prio(struct emu_gpu *gpu, unsigned int slot,
			       uint32_t prio);

/**
 * emu_gpu_slot_dram_prio() - a slot's DRAM priority as set
 * @gpu: device
 * @slot: slot
 *
 * Return: the priority, 0 for a bad slot.
 */
uint32_t emu_gpu_slot_dram_prio(const struct emu_gpu *gpu, unsigned int slot);

/**
 * emu_gpu_slot_ctxsw() - live cumulative context-switch counters of a slot
 * @gpu: device
 * @slot: slot (a bad slot gives zeros)
 * @out: receives them since create
 */
void emu_gpu_slot_ctxsw(const struct emu_gpu *gpu, unsigned int slot,
			struct corun_slot_ctxsw_counters *out);

/**
 * emu_gpu_slot_saved() - CTAs of a slot's job saved and not yet restored
 * @gpu: device
 * @slot: slot (a bad slot gives 0)
 *
 * Return: the count.
 */
uint32_t emu_gpu_slot_saved(const struct emu_gpu *gpu, unsigned int slot);

/**
 * emu_gpu_reset_slot() - kill a slot's running and queued jobs
 * @gpu: device
 * @slot: slot
 *
 * Every killed job completes with a JOB_DONE event with
 * CORUN_FAULT_RESET (fence written), returned by the next emu_gpu_run()
 * calls. Other slots are unaffected.
 *
 * Return: 0 or -EINVAL for a bad slot.
 */
int emu_gpu_reset_slot(struct emu_gpu *gpu, unsigned int slot);

/**
 * emu_gpu_flush_tlbs() - empty every job's TLB (page tables changed)
 * @gpu: device
 *
 * The next access of each page walks the tables again. Translations are
 * functional only: no cycle count changes.
 */
void emu_gpu_flush_tlbs(struct emu_gpu *gpu);

/**
 * emu_gpu_stats() - simulation-rate figures since create
 * @gpu: device
 * @out: receives the figures
 */
void emu_gpu_stats(const struct emu_gpu *gpu, struct emu_stats *out);

#endif /* _EMU_GPU_H_ */
