/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model internals shared by gpu.c, sm.c, sm_issue.c,
 * sm_env.c and dispatch.c: jobs, slots, SMs, CTAs and warps. Not a public
 * interface.
 */
#ifndef _EMU_SM_H_
#define _EMU_SM_H_

#include <stdbool.h>
#include <stdint.h>
#include <corun/hw.h>
#include <corun/kernel.h>

#include "config.h"
#include "gpu.h"
#include "isa.h"
#include "llc_policy.h"
#include "mem.h"
#include "mmu.h"

#define EMU_NEVER UINT64_MAX
#define EMU_NREGS 64 /* x0..x31, f0..f31 scoreboard ids */

/*
 * Device-internal physical addresses of local (stack) memory: above the
 * 52-bit guest PA range, so they never alias guest lines in the caches.
 * SM s owns [EMU_LOCAL_PA_BASE + s * local_bytes, + local_bytes).
 */
#define EMU_LOCAL_PA_BASE (1ull << 52)
#define EMU_LOCAL_DIRTY_SHIFT 12

enum emu_job_state {
	EMU_JOB_NONE = 0, /* slot has no current job */
	EMU_JOB_RUNNING,
	EMU_JOB_ENDED, /* waiting to be reported by emu_gpu_run() */
};

/**
 * struct emu_job - the current job of a slot
 * @desc: the descriptor
 * @slot: its slot
 * @id: device-wide job id (matches emu_mem_req.job)
 * @order: start order, for FCFS dispatch between equal priorities
 * @state: enum emu_job_state
 * @ncta: CTAs in the grid
 * @next_cta: next linear CTA index to dispatch
 * @ctas_live: CTAs resident now
 * @ctas_done: CTAs finished
 * @nwarps: warps per CTA
 * @threads: threads per CTA
 * @stack: per-thread stack bytes (rounded to 16)
 * @regs_per_warp: registers a warp allocates
 * @shared_alloc: shared bytes a CTA allocates
 * @local_alloc: local bytes a CTA allocates
 * @budget: thread-instruction budget, 0 = none
 * @insns: thread instructions retired
 * @mem_out: its memory requests not yet completed
 * @draining: all CTAs are done, waiting for @mem_out to drain
 * @placement: effective enum corun_placement
 * @rr_next: placement state: next SM to try
 * @started: first CTA dispatched
 * @start_cycle: cycle of the first dispatch
 * @end_cycle: cycle it ended
 * @saved: its CTAs saved by a context switch, oldest first (ctxsw.c)
 * @saved_tail: the newest of them
 * @saved_n: how many
 * @fault: fault record (cause NONE if none)
 * @c: the job's counters
 * @mmu: its address space
 */
struct emu_job {
	struct corun_job_desc desc;
	uint32_t slot;
	uint32_t id;
	uint64_t order;
	int state;
	uint32_t ncta;
	uint32_t next_cta;
	uint32_t ctas_live;
	uint32_t ctas_done;
	uint32_t nwarps;
	uint32_t threads;
	uint32_t stack;
	uint32_t regs_per_warp;
	uint32_t shared_alloc;
	uint32_t local_alloc;
	uint64_t budget;
	uint64_t insns;
	uint32_t mem_out;
	bool draining;
	uint32_t placement;
	uint32_t rr_next;
	bool started;
	uint64_t start_cycle;
	uint64_t end_cycle;
	struct emu_ctx_save *saved, *saved_tail;
	uint32_t saved_n;
	struct corun_fault_record fault;
	struct emu_mmu mmu;
};

/**
 * struct emu_slot - one hardware slot
 * @queue: FIFO of descriptors not yet started (grows at submit time)
 * @qcap: capacity of @queue
 * @qhead: index of the oldest entry
 * @qn: entries
 * @kill_queued: queued jobs to report as RESET (slot reset)
 * @policy: placement policy
 * @job: the current job
 * @dc: decode cache of the current job
 * @resident: CTAs of this slot resident per SM (num_sms entries)
 * @bypassing: of those, the ones that bypass the L1 (num_sms entries)
 * @l1_bypass_ctas: a CTA dispatched while fewer than this many of the
 *	slot's CTAs on its SM bypass the L1 bypasses it too
 * @issue_quota: warp instructions per SM and issue period, 0 = no quota
 *	(emu_gpu_set_slot_issue_quota())
 * @mil_cap: memory-instruction cap per SM, 0 = none
 *	(emu_gpu_set_slot_mil_cap())
 */
struct emu_slot {
	struct corun_job_desc *queue;
	uint32_t qcap, qhead, qn;
	uint32_t kill_queued;
	struct emu_slot_policy policy;
	struct emu_job job;
	struct rv_dcache *dc;
	uint32_t *resident;
	uint32_t *bypassing;
	uint32_t l1_bypass_ctas;
	uint32_t issue_quota;
	uint32_t mil_cap;
};

/* Per-CTA-slot pool allocation (first fit; at most EMU_MAX_SM_CTAS). */
struct emu_pool {
	uint32_t size;
	uint32_t n;
	uint32_t off[EMU_MAX_SM_CTAS];
	uint32_t len[EMU_MAX_SM_CTAS];
};

struct emu_sm;
struct emu_ctx_save;

/* Context-switch state of a resident CTA (ctxsw.c). */
enum emu_cs_state {
	EMU_CS_NONE = 0,
	EMU_CS_WAIT, /* preempted: no issue, waiting for its loads */
	EMU_CS_SAVE, /* its state is being saved until @cs_until */
	EMU_CS_RESTORE, /* restored; may issue from @cs_until */
};

/**
 * struct emu_cta - a resident CTA
 * @sm: its SM
 * @job: its job
 * @slot: its slot
 * @index: linear CTA index in the grid
 * @id: CTA id (x, y, z)
 * @age: dispatch sequence, for throttling the youngest
 * @live_threads: threads that have not exited
 * @arrived: live threads waiting at the barrier
 * @warps: SM warp slots of its warps, in warp order
 * @nwarps: warps
 * @shared_off: offset of its shared memory in the SM's shared pool
 * @local_off: offset of its stack memory in the SM's local pool
 * @throttled: resident but may not issue
 * @bypass: its global accesses bypass the L1 (emu_gpu_set_l1_bypass_ctas)
 * @used: slot in use
 * @cs: enum emu_cs_state (kept throttled while not EMU_CS_NONE)
 * @cs_since: cycle @cs was entered
 * @cs_until: end of EMU_CS_SAVE or EMU_CS_RESTORE
 * @cs_bytes: context bytes of the save or restore
 */
struct emu_cta {
	/* Every issue reads @job and @throttled: one line, before @warps. */
	struct emu_sm *sm;
	struct emu_job *job;
	uint32_t slot;
	bool throttled;
	bool bypass;
	bool used;
	uint8_t cs;
	uint32_t index;
	uint32_t id[3];
	uint64_t age;
	uint64_t cs_since;
	uint64_t cs_until;
	uint64_t cs_bytes;
	uint32_t live_threads;
	uint32_t arrived;
	uint32_t nwarps;
	uint32_t shared_off;
	uint32_t local_off;
	uint16_t warps[EMU_MAX_SM_WARPS];
};

/* Stall reason of a warp that could not issue (enum corun_stall). */
#define EMU_STALL_NONE 0xff

/**
 * struct emu_warp - one warp slot of an SM
 * @rv: architectural state (functional executor)
 * @cta: owning CTA, NULL if free
 * @wid: warp index within the CTA
 * @idx: SM warp slot
 * @gen: generation, bumped when the slot is freed (stale completions)
 * @wake: earliest cycle the warp may be able to issue (EMU_NEVER: waits
 *	for an event: memory reply, barrier release, unthrottle)
 * @stall: why it could not issue when last looked at
 * @long_mask: registers awaiting memory replies
 * @miss_mask: of those, the ones with at least one L1 miss
 * @pending: outstanding line requests per register
 * @ready: cycle each register's fixed-latency result is ready
 */
struct emu_warp {
	/*
	 * What every issue attempt reads, then the scalars at the start of
	 * @rv (96 bytes): together the first two cache lines of the
	 * (line-aligned) warp. The rest is behind @rv's registers.
	 */
	struct emu_cta *cta;
	uint32_t idx;
	uint32_t gen;
	uint64_t long_mask;
	uint64_t miss_mask;
	struct rv_warp rv;
	uint32_t wid;
	uint8_t pending[EMU_NREGS];
	uint64_t ready[EMU_NREGS];
} __attribute__((aligned(64)));

/**
 * struct emu_sched - one warp scheduler
 * @list: its resident warps (SM warp slots), oldest first
 * @n: entries in @list
 * @mods: bumped whenever @list changes (a running scan then stops)
 * @last: SM warp slot issued last (greedy / LRR position), or -1
 * @last_pos: its position in @list when issued
 * @last_slot: slot issued last (kernel-aware LRR across kernels)
 * @greedy: per slot, the warp issued last (kernel-aware GTO), or -1
 * @wake: min wake of its warps
 * @fu_free: cycle each FU pipeline accepts the next instruction
 * @stall_slots: slots charged a stall cycle when nothing issues
 * @stall_reason: reason charged per slot
 */
/*
 * What a scheduler reads of every warp it visits each cycle, kept apart
 * from struct emu_warp (10 KB, mostly lane registers) in one dense array
 * per SM, so the scan over stalled warps touches one cache line per four
 * warps instead of two scattered lines per warp.
 */
struct emu_warp_hot {
	uint64_t wake; /* earliest cycle try_issue() can succeed */
	uint8_t stall; /* last stall reason (EMU_STALL_NONE after issuing) */
	uint8_t slot; /* cta->slot while the warp is live */
	/*
	 * Set when try_issue() last stopped at the LSU check (a memory
	 * instruction ready but the LSU busy); cleared by every event that
	 * changes the warp from outside (all set @wake). While set, the
	 * earlier checks of try_issue() (throttle, barrier, scoreboard) are
	 * known to pass again, so only the FU and LSU are re-checked.
	 */
	uint8_t lsu_wait;
	uint8_t lsu_fu; /* the FU of that memory instruction */
};

struct emu_sched {
	/*
	 * Every cycle reads these, most cycles only these (a sleeping
	 * scheduler charges its stall picture): one line, first.
	 */
	uint64_t wake;
	uint32_t n;
	uint32_t stall_slots;
	uint8_t stall_reason[CORUN_MAX_SLOTS];
	/*
	 * Summary of the last scan that issued nothing, for sched_tick() to
	 * repeat it in O(1) while the LSU keeps its waiters stalled: valid
	 * until any warp of this scheduler changes from outside
	 * (sched_wake()). scan_passive: earliest wake of the warps not
	 * waiting for the LSU; scan_lsu: warps waiting for the LSU;
	 * scan_lsu_slots: their slots (bit per slot).
	 */
	uint64_t scan_passive;
	uint32_t scan_lsu;
	uint32_t scan_lsu_slots;
	bool scan_ok;
	uint32_t mods;
	int last;
	uint32_t last_pos;
	int last_slot;
	uint64_t fu_free[EMU_FU_NR];
	int greedy[CORUN_MAX_SLOTS];
	uint16_t list[EMU_MAX_SM_WARPS];
} __attribute__((aligned(64)));

/* One line request waiting in the LSU for the L1 port. */
struct emu_lsu_ent {
	struct emu_mem_req req;
};

/* Line requests one memory instruction makes, at most (issue_mem()). */
#define EMU_LSU_INSN_MAX (4 * RV_MAX_LANES)

/**
 * struct emu_sm - one SM
 * @id: index
 * @gpu: device
 * @warps: warp slots (max_threads / warp_size)
 * @nwarps_max: number of warp slots
 * @ctas: CTA slots
 * @free_ctas, @free_warps, @free_regs, @free_shared: static resources
 * @shared_pool, @local_pool: allocations
 * @shared_mem: shared-memory storage
 * @local_mem: local (stack) storage
 * @kernels: distinct slots with CTAs here
 * @sched: warp schedulers
 * @lsu: line requests waiting for the L1 port, a ring of @lsu_mask + 1:
 *	one memory instruction's, or under l1.subq_full = hold one per slot
 * @lsu_head, @lsu_n: ring state
 * @lsu_hold: l1.subq_full is hold
 * @lsu_slots: slots with requests in @lsu (hold only; bit per slot)
 * @lsu_cnt: per slot, its requests in @lsu (hold only)
 * @lsu_busy: cycle until which shared-memory bank conflicts hold the LSU
 * @next_wake: earliest cycle the SM has something to do
 * @resident: CTAs resident
 * @cnt: per-SM counters (in the device's array, shared with mem_l1.c)
 * @quota_slots: slots with an issue quota (bit per slot)
 * @quota_end: cycle the current issue period ends on this SM
 * @quota_left: per slot, warp instructions left in the period
 * @slot_insns: per slot, warp instructions issued here
 * @slot_cta_cycles: per slot, resident-CTA cycles up to @slot_cta_since
 * @slot_cta_since: per slot, cycle of its last residency change here
 * @mil_slots: slots with a memory-instruction cap (bit per slot, mil.c)
 * @mil_cap: per slot, its cap
 * @mil_out: per slot, its tracked memory instructions in flight here
 * @mil_left: per record, the L1 requests its instruction still awaits
 * @mil_rslot: per record, its slot
 * @mil_free: free records (a stack), @mil_nfree of them
 * @bmi: the scheduler policy has BMI (EMU_SCHED_BMI); the rest is BMI's
 * @bmi_slots: slots with CTAs here (bit per slot)
 * @bmi_req: per slot, L1 requests it sent from here, counted from the
 *	fewest of the slots resident when it arrived
 * @bmi_waiting: slots with warps waiting at the LSU (bit per slot)
 * @bmi_waiters: per slot, its warps waiting at the LSU (lsu_wait set)
 */
struct emu_sm {
	/* What emu_sm_tick() reads every cycle, in the first line. */
	uint32_t id;
	uint32_t resident;
	struct emu_gpu *gpu;
	uint64_t next_wake;
	uint32_t lsu_head, lsu_n;
	uint64_t lsu_busy;
	struct corun_sm_counters *cnt;
	struct emu_warp *warps;
	struct emu_warp_hot *wh; /* see struct emu_warp_hot */
	/*
	 * Index in @wh of each warp slot: a scheduler's warps are side by
	 * side, so its scans read a few consecutive lines.
	 */
	uint8_t whx[EMU_MAX_SM_WARPS];
	uint32_t nwarps_max;
	struct emu_cta *ctas;
	uint32_t free_ctas, free_warps, free_regs, free_shared;
	struct emu_pool shared_pool, local_pool;
	uint8_t *shared_mem;
	uint8_t *local_mem;
	/*
	 * One bit per EMU_LOCAL_DIRTY_SHIFT page of local_mem that may hold
	 * non-zero bytes (written since it was last zeroed), so a CTA launch
	 * clears only what earlier CTAs wrote instead of its whole block.
	 */
	uint64_t *local_dirty;
	uint32_t kernels;
	uint32_t quota_slots;
	struct emu_sched sched[EMU_MAX_SCHEDULERS];
	struct emu_lsu_ent *lsu;
	uint32_t lsu_mask;
	bool lsu_hold;
	uint32_t lsu_slots;
	uint8_t lsu_cnt[CORUN_MAX_SLOTS];
	uint64_t quota_end;
	uint32_t quota_left[CORUN_MAX_SLOTS];
	uint64_t slot_insns[CORUN_MAX_SLOTS];
	uint64_t slot_cta_cycles[CORUN_MAX_SLOTS];
	uint64_t slot_cta_since[CORUN_MAX_SLOTS];
	uint32_t mil_slots;
	uint32_t mil_nfree;
	uint16_t mil_cap[CORUN_MAX_SLOTS];
	uint16_t mil_out[CORUN_MAX_SLOTS];
	uint16_t *mil_left;
	uint8_t *mil_rslot;
	uint16_t *mil_free;
	bool bmi;
	uint32_t bmi_slots;
	uint32_t bmi_waiting;
	uint16_t bmi_waiters[CORUN_MAX_SLOTS];
	uint64_t bmi_req[CORUN_MAX_SLOTS];
};

struct emu_placement_ops;

/**
 * struct emu_gpu - the device
 */
struct emu_gpu {
	struct emu_config cfg;
	struct emu_phys_ops phys;
	struct rv_env env;
	uint64_t now;
	uint64_t stop; /* max_cycle of the current emu_gpu_run() */
	struct emu_slot *slots;
	struct corun_slot_counters *slot_cnt; /* cumulative, per slot */
	struct corun_slot_counters *job_cnt; /* current job, per slot */
	uint32_t *job_id; /* current job id per slot (0 = none) */
	struct emu_sm *sms;
	struct corun_sm_counters *sm_cnt;
	struct emu_mem *mem;
	struct emu_llc llc; /* LLC policy state, the slices' policy context */
	uint32_t ended; /* jobs to report, including kill_queued */
	uint32_t queued; /* descriptors queued on all slots */
	uint32_t next_job_id;
	uint64_t next_order;
	uint64_t cta_age;
	bool dispatch_dirty;
	uint32_t slots_running; /* bitmask */
	uint64_t epoch_len, next_epoch, epoch_seq;
	uint32_t issue_period; /* emu_gpu_set_issue_period() */
	uint64_t issue_base; /* cycle the periods are counted from */
	/* context switches (ctxsw.c) */
	struct corun_slot_ctxsw_counters *cs_cnt; /* cumulative, per slot */
	bool cs_scan; /* a SWITCH slot's mask changed: look for CTAs */
	bool cs_busy; /* CTAs are waiting, saving or restoring */
	uint64_t cs_next; /* earliest end of a save or restore */
	struct emu_stats stats;
	/* per-cycle scratch, allocated once */
	struct rv_step step;
};

/*
 * Helpers of sm.c, sm_env.c and sm_issue.c, static inline because the
 * issue path runs them every cycle.
 */

/* struct emu_warp_hot of SM warp slot @widx (see emu_sm.whx). */
#define WHI(sm, widx) (&(sm)->wh[(sm)->whx[widx]])
#define WH(sm, w) WHI(sm, (w)->idx)

/* See struct emu_warp: an issue attempt reads its first two lines only. */
_Static_assert(offsetof(struct emu_warp, rv.x) <= 128,
	       "warp hot fields exceed two cache lines");

/* Offset of (thread, stack offset) in a CTA's interleaved local block. */
static inline uint32_t local_off(const struct emu_warp *w, unsigned int lane,
				 uint32_t off, uint32_t warp_size)
{
	const struct emu_job *job = w->cta->job;
	uint32_t t = w->wid * warp_size + lane;
	uint32_t nthreads = job->nwarps * warp_size;

	/*
	 * Word-interleaved like GPGPU-Sim, so a warp's stack accesses at
	 * one offset coalesce into few lines.
	 */
	return ((off >> 2) * nthreads + t) * 4 + (off & 3);
}

/* Scoreboard bits of the @n registers from @r (a vector operand: 4). */
static inline uint64_t emu_reg_group(uint8_t r, uint32_t n)
{
	return ((1ull << n) - 1) << r;
}

/* Present the LSU's line requests to the L1 for this cycle (sm_lsu.c). */
void emu_sm_lsu_tick(struct emu_sm *sm);

static inline void sched_wake(struct emu_sched *sc, struct emu_sm *sm,
			      uint64_t t)
{
	sc->scan_ok = false;
	if (t < sc->wake)
		sc->wake = t;
	if (t < sm->next_wake)
		sm->next_wake = t;
}

/* BMI: the fewest L1 requests a slot of @mask sent (UINT64_MAX: none). */
static inline uint64_t bmi_fewest(const struct emu_sm *sm, uint32_t mask)
{
	uint64_t min = UINT64_MAX;

	for (; mask; mask &= mask - 1)
		if (sm->bmi_req[__builtin_ctz(mask)] < min)
			min = sm->bmi_req[__builtin_ctz(mask)];
	return min;
}

/*
 * Set whether the warp of @h waits at the LSU; under BMI, keep the count
 * of each slot's waiting warps.
 */
static inline void lsu_wait_set(struct emu_sm *sm, struct emu_warp_hot *h,
				bool v)
{
	if (sm->bmi && h->lsu_wait != v) {
		if (v && !sm->bmi_waiters[h->slot]++)
			sm->bmi_waiting |= 1u << h->slot;
		else if (!v && !--sm->bmi_waiters[h->slot])
			sm->bmi_waiting &= ~(1u << h->slot);
	}
	h->lsu_wait = v;
}

static inline struct emu_sched *warp_sched(struct emu_sm *sm,
					   const struct emu_warp *w)
{
	return &sm->sched[w->idx % sm->gpu->cfg.sm.schedulers];
}

/* sm.c */
int emu_sm_init(struct emu_gpu *gpu, struct emu_sm *sm, uint32_t id);
void emu_sm_fini(struct emu_sm *sm);
bool emu_sm_fits(const struct emu_sm *sm, const struct emu_job *job,
		 uint32_t slot);
void emu_sm_launch(struct emu_sm *sm, struct emu_job *job, uint32_t slot,
		   uint32_t cta_index);
void emu_sm_kill_job(struct emu_sm *sm, uint32_t slot);
void emu_sm_update_throttle(struct emu_sm *sm, uint32_t slot);

void emu_sm_wake_slot(struct emu_sm *sm, uint32_t slot);
/* CTA residency, shared by launch and context-switch restore. */
struct emu_cta *emu_sm_cta_alloc(struct emu_sm *sm, struct emu_job *job,
				 uint32_t slot);
void emu_sm_warp_attach(struct emu_sm *sm, struct emu_cta *cta, uint32_t widx,
			uint32_t wid);
void emu_sm_cta_free(struct emu_sm *sm, struct emu_cta *cta);
void emu_sm_cta_wake(struct emu_sm *sm, struct emu_cta *cta);
void emu_sm_warp_free(struct emu_sm *sm, struct emu_warp *w);

/* sm_issue.c */
void emu_sm_tick(struct emu_sm *sm);
void emu_sm_account(struct emu_sm *sm, uint64_t cycles);
void emu_sm_skip(struct emu_sm *sm, uint64_t cycles);
void emu_sm_mem_done(struct emu_gpu *gpu, const struct emu_mem_req *r,
		     uint64_t cycle);

/* sm_env.c: the executor's struct rv_env of @gpu's SMs. */
void emu_sm_env_init(struct emu_gpu *gpu);

/* ctxsw.c: SM reclaim by context switch */
void emu_ctxsw_scan(struct emu_gpu *gpu);
void emu_ctxsw_tick(struct emu_gpu *gpu);
void emu_ctxsw_restore(struct emu_sm *sm, struct emu_job *job);
void emu_ctxsw_drop(struct emu_job *job);
uint64_t emu_ctxsw_cycles(const struct emu_config *c, uint64_t bytes,
			  bool restore);

/* issue_quota.c */
bool emu_quota_take(struct emu_sm *sm, uint32_t slot);

/*
 * mil.c. A slot tracks at most EMU_MIL_CAP_MAX instructions per SM; record
 * numbers (+ 1) are uint16_t.
 */
_Static_assert(CORUN_MAX_SLOTS * EMU_MIL_CAP_MAX < UINT16_MAX,
	       "MIL record numbers");
int emu_mil_init(struct emu_sm *sm);
void emu_mil_fini(struct emu_sm *sm);
/*
 * Would the memory instruction @u of @w (of @slot, which has a cap) wait
 * for the cap? Shared-memory instructions never do.
 */
bool emu_mil_blocked(const struct emu_sm *sm, const struct emu_warp *w,
		     const struct rv_uop *u, uint32_t slot);
/* Track an issued instruction of @nreq L1 requests: the requests' mil. */
uint16_t emu_mil_track(struct emu_sm *sm, uint32_t slot, uint32_t nreq);
/* One request of record @mil (emu_mem_req.mil) completed. */
void emu_mil_done(struct emu_sm *sm, uint16_t mil);

/* gpu.c: called by the SMs */
void emu_gpu_job_fault(struct emu_gpu *gpu, struct emu_job *job,
		       const struct corun_fault_record *rec);
void emu_gpu_cta_done(struct emu_gpu *gpu, struct emu_job *job);
void emu_gpu_job_mem_done(struct emu_gpu *gpu, uint32_t slot, uint32_t job_id);

/* Charge a slot counter to the slot and its current job. */
#define EMU_SLOT_ADD(gpu, slot, field, v)                \
	do {                                             \
		(gpu)->slot_cnt[slot].field += (v);      \
		(gpu)->job_cnt[slot].field += (v);       \
	} while (0)

/* dispatch.c */

/**
 * struct emu_placement_ops - a thread-block placement mode
 * @name: mode name
 * @job_start: reset the job's placement state
 * @pick: choose an SM for the job's next CTA among those not in @taken
 *	(SMs that already received a CTA this cycle); -1 if none fits
 */
struct emu_placement_ops {
	const char *name;
	void (*job_start)(struct emu_gpu *gpu, struct emu_job *job);
	int (*pick)(struct emu_gpu *gpu, struct emu_job *job, uint32_t slot,
		    const uint32_t *taken);
};

const struct emu_placement_ops *emu_placement(uint32_t mode);
bool emu_dispatch(struct emu_gpu *gpu);

/* Pool helpers (sm.c). */
void emu_pool_init(struct emu_pool *p, uint32_t size);
int emu_pool_alloc(struct emu_pool *p, uint32_t len, uint32_t *off);
void emu_pool_free(struct emu_pool *p, uint32_t off);
bool emu_pool_can(const struct emu_pool *p, uint32_t len);

static inline bool emu_mask_test(const uint32_t *m, uint32_t i)
{
	return m[i / 32] >> (i % 32) & 1;
}

#endif /* _EMU_SM_H_ */
