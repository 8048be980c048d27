// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: top level. Slots and their job FIFOs, descriptor
 * validation, job start and end (fence and counter write-back), events,
 * epochs and the cycle loop with idle-cycle skipping.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sm.h"

static void mem_done(void *ctx, const struct emu_mem_req *r, uint64_t cycle)
{
	emu_sm_mem_done(ctx, r, cycle);
}

static void default_policy(const struct emu_config *c, struct emu_slot_policy *p)
{
	uint32_t i;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < c->num_sms; i++)
		p->sm_mask[i / 32] |= 1u << (i % 32);
}

struct emu_gpu *emu_gpu_create(const struct emu_config *cfg,
			       const struct emu_phys_ops *phys)
{
	struct emu_gpu *gpu;
	struct emu_mem_ops mops;
	struct emu_mem_ctr ctr;
	uint32_t i;

	if (!cfg || !phys || !phys->map || emu_config_validate(cfg, NULL, 0))
		return NULL;
	gpu = calloc(1, sizeof(*gpu));
	if (!gpu)
		return NULL;
	gpu->cfg = *cfg;
	gpu->phys = *phys;
	gpu->epoch_len = cfg->epoch_cycles;
	gpu->issue_period = EMU_ISSUE_PERIOD_DEFAULT;
	gpu->next_epoch = cfg->epoch_cycles ? cfg->epoch_cycles : EMU_NEVER;
	gpu->slots = calloc(cfg->num_slots, sizeof(*gpu->slots));
	gpu->slot_cnt = calloc(cfg->num_slots, sizeof(*gpu->slot_cnt));
	gpu->job_cnt = calloc(cfg->num_slots, sizeof(*gpu->job_cnt));
	gpu->job_id = calloc(cfg->num_slots, sizeof(*gpu->job_id));
	/* Line-aligned: struct emu_sm keeps per-cycle fields in lines. */
	gpu->sms = aligned_alloc(_Alignof(struct emu_sm),
				 cfg->num_sms * sizeof(*gpu->sms));
	if (gpu->sms)
		memset(gpu->sms, 0, cfg->num_sms * sizeof(*gpu->sms));
	gpu->sm_cnt = calloc(cfg->num_sms, sizeof(*gpu->sm_cnt));
	gpu->cs_cnt = calloc(cfg->num_slots, sizeof(*gpu->cs_cnt));
	gpu->cs_next = EMU_NEVER;
	if (!gpu->slots || !gpu->slot_cnt || !gpu->job_cnt || !gpu->job_id ||
	    !gpu->sms || !gpu->sm_cnt || !gpu->cs_cnt)
		goto fail;
	for (i = 0; i < cfg->num_slots; i++) {
		struct emu_slot *s = &gpu->slots[i];

		s->job.slot = i;
		default_policy(cfg, &s->policy);
		s->dc = malloc(sizeof(*s->dc));
		s->resident = calloc(cfg->num_sms, sizeof(*s->resident));
		s->bypassing = calloc(cfg->num_sms, sizeof(*s->bypassing));
		s->qcap = 16;
		s->queue = calloc(s->qcap, sizeof(*s->queue));
		if (!s->dc || !s->resident || !s->bypassing || !s->queue)
			goto fail;
		rv_dcache_reset(s->dc);
		s->dc->written = 0;
	}
	for (i = 0; i < cfg->num_sms; i++)
		if (emu_sm_init(gpu, &gpu->sms[i], i))
			goto fail;
	mops.ctx = gpu;
	mops.done = mem_done;
	ctr.slot = gpu->slot_cnt;
	ctr.job = gpu->job_cnt;
	ctr.job_id = gpu->job_id;
	ctr.sm = gpu->sm_cnt;
	gpu->mem = emu_mem_create(&gpu->cfg, &mops, &ctr);
	if (!gpu->mem)
		goto fail;
	emu_llc_init(&gpu->llc, &gpu->cfg);
	return gpu;
fail:
	emu_gpu_destroy(gpu);
	return NULL;
}

void emu_gpu_destroy(struct emu_gpu *gpu)
{
	uint32_t i;

	if (!gpu)
		return;
	emu_mem_destroy(gpu->mem);
	if (gpu->sms)
		for (i = 0; i < gpu->cfg.num_sms; i++)
			emu_sm_fini(&gpu->sms[i]);
	if (gpu->slots) {
		for (i = 0; i < gpu->cfg.num_slots; i++) {
			emu_ctxsw_drop(&gpu->slots[i].job);
			free(gpu->slots[i].dc);
			free(gpu->slots[i].resident);
			free(gpu->slots[i].bypassing);
			free(gpu->slots[i].queue);
		}
	}
	free(gpu->slots);
	free(gpu->slot_cnt);
	free(gpu->job_cnt);
	free(gpu->job_id);
	free(gpu->sms);
	free(gpu->sm_cnt);
	free(gpu->cs_cnt);
	free(gpu);
}

const struct emu_config *emu_gpu_config(const struct emu_gpu *gpu)
{
	return &gpu->cfg;
}

int emu_gpu_submit(struct emu_gpu *gpu, unsigned int slot,
		   const struct corun_job_desc *desc)
{
	struct emu_slot *s;

	if (slot >= gpu->cfg.num_slots || !desc)
		return -EINVAL;
	s = &gpu->slots[slot];
	if (s->qn == s->qcap) {
		struct corun_job_desc *q;
		uint32_t i, cap = s->qcap * 2;

		if (s->qcap >= CORUN_RING_MAX_ENTRIES)
			return -ENOSPC;
		if (cap > CORUN_RING_MAX_ENTRIES)
			cap = CORUN_RING_MAX_ENTRIES;
		q = calloc(cap, sizeof(*q));
		if (!q)
			return -ENOMEM;
		for (i = 0; i < s->qn; i++)
			q[i] = s->queue[(s->qhead + i) % s->qcap];
		free(s->queue);
		s->queue = q;
		s->qcap = cap;
		s->qhead = 0;
	}
	s->queue[(s->qhead + s->qn) % s->qcap] = *desc;
	s->qn++;
	gpu->queued++;
	return 0;
}

int emu_gpu_set_slot_policy(struct emu_gpu *gpu, unsigned int slot,
			    const struct emu_slot_policy *p)
{
	uint32_t i;

	if (slot >= gpu->cfg.num_slots || !p || p->priority > 15 ||
	    !emu_placement(p->placement) || p->reclaim >= CORUN_RECLAIM_NR)
		return -EINVAL;
	gpu->slots[slot].policy = *p;
	if (p->reclaim == CORUN_RECLAIM_SWITCH)
		gpu->cs_scan = true;
	/* Bits of SMs that do not exist are dropped. */
	for (i = gpu->cfg.num_sms; i < CORUN_MAX_SMS; i++)
		gpu->slots[slot].policy.sm_mask[i / 32] &= ~(1u << (i % 32));
	for (i = 0; i < gpu->cfg.num_sms; i++)
		emu_sm_update_throttle(&gpu->sms[i], slot);
	gpu->dispatch_dirty = true;
	return 0;
}

int emu_gpu_get_slot_policy(const struct emu_gpu *gpu, unsigned int slot,
			    struct emu_slot_policy *p)
{
	if (slot >= gpu->cfg.num_slots || !p)
		return -EINVAL;
	*p = gpu->slots[slot].policy;
	return 0;
}

void emu_gpu_set_epoch(struct emu_gpu *gpu, uint64_t cycles)
{
	gpu->epoch_len = cycles;
	gpu->next_epoch = cycles ? gpu->now + cycles : EMU_NEVER;
}

uint64_t emu_gpu_cycle(const struct emu_gpu *gpu)
{
	return gpu->now;
}

unsigned int emu_gpu_slot_busy(const struct emu_gpu *gpu, unsigned int slot)
{
	const struct emu_slot *s;

	if (slot >= gpu->cfg.num_slots)
		return 0;
	s = &gpu->slots[slot];
	return s->qn + (s->job.state != EMU_JOB_NONE);
}

void emu_gpu_slot_counters(const struct emu_gpu *gpu, unsigned int slot,
			   struct corun_slot_counters *out)
{
	if (slot >= gpu->cfg.num_slots)
		memset(out, 0, sizeof(*out));
	else
		*out = gpu->slot_cnt[slot];
}

void emu_gpu_slot_job(const struct emu_gpu *gpu, unsigned int slot,
		      struct corun_slot_job_state *out)
{
	const struct emu_job *job;

	memset(out, 0, sizeof(*out));
	if (slot >= gpu->cfg.num_slots)
		return;
	job = &gpu->slots[slot].job;
	if (job->state != EMU_JOB_RUNNING)
		return;
	out->seqno = job->desc.seqno;
	out->ctas_total = job->ncta;
	out->ctas_done = job->ctas_done;
	out->ctas_resident = job->ctas_live;
	out->ctas_dispatched = job->ctas_done + job->ctas_live + job->saved_n;
}

void emu_gpu_sm_counters(const struct emu_gpu *gpu, unsigned int sm,
			 struct corun_sm_counters *out)
{
	if (sm >= gpu->cfg.num_sms)
		memset(out, 0, sizeof(*out));
	else
		*out = gpu->sm_cnt[sm];
}

void emu_gpu_sm_slot_counters(const struct emu_gpu *gpu, unsigned int sm,
			      unsigned int slot,
			      struct emu_sm_slot_counters *out)
{
	const struct emu_sm *s;

	memset(out, 0, sizeof(*out));
	if (sm >= gpu->cfg.num_sms || slot >= gpu->cfg.num_slots)
		return;
	s = &gpu->sms[sm];
	out->warp_insns = s->slot_insns[slot];
	/* Plus the CTAs resident since their last change. */
	out->cta_cycles = s->slot_cta_cycles[slot] +
			  (uint64_t)gpu->slots[slot].resident[sm] *
				  (gpu->now - s->slot_cta_since[slot]);
}

int emu_gpu_set_irc(struct emu_gpu *gpu, unsigned int slot, uint32_t credits,
		    uint32_t prio)
{
	if (slot >= gpu->cfg.num_slots)
		return -EINVAL;
	return emu_mem_set_irc(gpu->mem, slot, credits, prio);
}

int emu_gpu_set_irc_window(struct emu_gpu *gpu, uint32_t cycles)
{
	return emu_mem_set_irc_window(gpu->mem, cycles);
}

int emu_gpu_set_l1_ways(struct emu_gpu *gpu, unsigned int slot, uint32_t mask)
{
	if (slot >= gpu->cfg.num_slots)
		return -EINVAL;
	return emu_mem_set_l1_ways(gpu->mem, slot, mask);
}

void emu_gpu_l1_umon_enable(struct emu_gpu *gpu, bool on)
{
	emu_mem_l1_umon_enable(gpu->mem, on);
}

void emu_gpu_l1_umon_decay(struct emu_gpu *gpu, uint32_t shift)
{
	emu_mem_l1_umon_decay(gpu->mem, shift);
}

int emu_gpu_l1_umon_set_sample(struct emu_gpu *gpu, uint32_t n)
{
	return emu_mem_l1_umon_set_sample(gpu->mem, n);
}

uint64_t emu_gpu_l1_umon_read(const struct emu_gpu *gpu, unsigned int slot,
			      uint32_t index)
{
	return emu_mem_l1_umon_read(gpu->mem, slot, index);
}

int emu_gpu_set_l1_bypass_ctas(struct emu_gpu *gpu, unsigned int slot,
			       uint32_t n)
{
	if (slot >= gpu->cfg.num_slots)
		return -EINVAL;
	gpu->slots[slot].l1_bypass_ctas = n;
	return 0;
}

int emu_gpu_set_slot_vc(struct emu_gpu *gpu, unsigned int slot, uint32_t vc)
{
	return emu_mem_set_slot_vc(gpu->mem, slot, vc);
}

uint32_t emu_gpu_slot_vc(const struct emu_gpu *gpu, unsigned int slot)
{
	return emu_mem_slot_vc(gpu->mem, slot);
}

void emu_gpu_noc_vc_counters(const struct emu_gpu *gpu, unsigned int vc,
			     struct emu_noc_vc_counters *out)
{
	emu_mem_noc_vc_counters(gpu->mem, vc, out);
}

int emu_gpu_set_llc_policy(struct emu_gpu *gpu,
			   const struct emu_llc_policy *p)
{
	const struct emu_l2_policy *ops;

	if (!p || emu_llc_check(p, &gpu->cfg))
		return -EINVAL;
	ops = emu_llc_set(&gpu->llc, p, gpu->cfg.l2.ways);
	emu_mem_set_l2_policy(gpu->mem, ops, &gpu->llc);
	return 0;
}

void emu_gpu_get_llc_policy(const struct emu_gpu *gpu,
			    struct emu_llc_policy *p)
{
	*p = gpu->llc.pol;
}

void emu_gpu_llc_slot_counters(const struct emu_gpu *gpu, unsigned int slot,
			       struct emu_llc_counters *out)
{
	if (slot >= gpu->cfg.num_slots)
		memset(out, 0, sizeof(*out));
	else
		*out = emu_mem_llc_stats(gpu->mem)->slot[slot];
}

void emu_gpu_llc_class_counters(const struct emu_gpu *gpu, unsigned int cls,
				struct emu_llc_counters *out)
{
	if (cls >= 2)
		memset(out, 0, sizeof(*out));
	else
		*out = emu_mem_llc_stats(gpu->mem)->cls[cls];
}

void emu_gpu_chan_counters(const struct emu_gpu *gpu, unsigned int ch,
			   struct corun_chan_counters *out)
{
	emu_mem_chan_counters(gpu->mem, ch, out);
}

void emu_gpu_chan_slot_counters(const struct emu_gpu *gpu, unsigned int ch,
				unsigned int slot,
				struct corun_chan_counters *out)
{
	emu_mem_chan_slot_counters(gpu->mem, ch, slot, out);
}

void emu_gpu_slot_interf(const struct emu_gpu *gpu, unsigned int slot,
			 struct corun_slot_interf_counters *out)
{
	emu_mem_slot_interf(gpu->mem, slot, out);
}

int emu_gpu_set_slot_dram_prio(struct emu_gpu *gpu, unsigned int slot,
			       uint32_t prio)
{
	return emu_mem_set_slot_dram_prio(gpu->mem, slot, prio);
}

uint32_t emu_gpu_slot_dram_prio(const struct emu_gpu *gpu, unsigned int slot)
{
	return emu_mem_slot_dram_prio(gpu->mem, slot);
}

void emu_gpu_stats(const struct emu_gpu *gpu, struct emu_stats *out)
{
	*out = gpu->stats;
	out->cycles = gpu->now;
}

/* ---------------------------------------------------------------------
 * Descriptors.
 */

static uint32_t round_up(uint32_t v, uint32_t unit)
{
	return (v + unit - 1) / unit * unit;
}

#define DOFF(f) ((uint32_t)offsetof(struct corun_job_desc, f))

/* timing_address = va: tagged VAs stay below the SMs' local memory. */
_Static_assert(((uint64_t)CORUN_AS_TAGS << 32) <= EMU_LOCAL_PA_BASE,
	       "as_tag << 32 | va overlaps local memory");

/*
 * Validate @d against hw.h and the configuration and derive the job's
 * resource needs. Returns 0, or 1 + the byte offset of the first bad
 * field (reported as the fault address).
 */
static uint32_t validate_desc(struct emu_gpu *gpu, struct emu_job *job,
			      uint32_t placement_default)
{
	const struct emu_config *c = &gpu->cfg;
	const struct corun_job_desc *d = &job->desc;
	uint64_t ncta = 1, threads = 1;
	struct corun_sm_limits limits;
	struct corun_cta_footprint fp;
	uint32_t i, nwarps, stack;

	if (d->magic != CORUN_DESC_MAGIC)
		return 1 + DOFF(magic);
	if (d->version != CORUN_DESC_VERSION)
		return 1 + DOFF(version);
	if (d->size != sizeof(*d))
		return 1 + DOFF(size);
	if (d->flags & ~CORUN_DESC_F_ALL)
		return 1 + DOFF(flags);
	if ((d->pt_root & (CORUN_PT_L1_SIZE - 1)) ||
	    !gpu->phys.map(gpu->phys.ctx, d->pt_root, CORUN_PT_L1_SIZE))
		return 1 + DOFF(pt_root);
	if (d->fence_addr & 7)
		return 1 + DOFF(fence_addr);
	if ((d->flags & CORUN_DESC_F_COUNTERS) && (d->counters_addr & 7))
		return 1 + DOFF(counters_addr);
	if ((d->entry & 3) || d->entry < CORUN_VA_GLOBAL_BASE ||
	    d->entry >= CORUN_VA_GLOBAL_END)
		return 1 + DOFF(entry);
	for (i = 0; i < 3; i++) {
		if (!d->grid[i])
			return 1 + DOFF(grid[i]);
		ncta *= d->grid[i];
		if (ncta >= (1ull << 31))
			return 1 + DOFF(grid[i]);
	}
	for (i = 0; i < 3; i++) {
		if (!d->block[i])
			return 1 + DOFF(block[i]);
		threads *= d->block[i];
		if (threads > c->sm.max_threads)
			return 1 + DOFF(block[i]);
	}
	/* What fits an SM: the computation the driver and policies use. */
	emu_config_sm_limits(c, &limits);
	switch (corun_cta_footprint(&limits, threads, d->regs_per_thread,
				    d->shared_bytes, &fp)) {
	case CORUN_CTA_FITS:
		break;
	case CORUN_CTA_BAD_SHARED:
		return 1 + DOFF(shared_bytes);
	case CORUN_CTA_BAD_THREADS:
		return 1 + DOFF(block[0]);
	default:
		return 1 + DOFF(regs_per_thread);
	}
	nwarps = fp.warps;
	job->placement = d->placement ? d->placement : placement_default;
	if (!emu_placement(job->placement))
		return 1 + DOFF(placement);
	if (d->coherence >= CORUN_COH_NR)
		return 1 + DOFF(coherence);
	if (d->pad0)
		return 1 + DOFF(pad0);
	if (d->shared_bytes > CORUN_VA_SHARED_MAX)
		return 1 + DOFF(shared_bytes);
	if (d->stack_bytes > CORUN_STACK_MAX)
		return 1 + DOFF(stack_bytes);
	stack = round_up(d->stack_bytes ? d->stack_bytes : CORUN_STACK_DEFAULT,
			 16);
	if ((uint64_t)nwarps * c->warp_size * stack > c->sm.local_bytes)
		return 1 + DOFF(stack_bytes);
	if (d->as_tag >= CORUN_AS_TAGS)
		return 1 + DOFF(as_tag);
	for (i = 0; i < 5; i++)
		if (d->reserved[i])
			return 1 + DOFF(reserved[i]);

	job->ncta = (uint32_t)ncta;
	job->threads = (uint32_t)threads;
	job->nwarps = nwarps;
	job->stack = stack;
	job->regs_per_warp = fp.regs / fp.warps;
	job->shared_alloc = fp.shared;
	job->local_alloc = nwarps * c->warp_size * stack;
	job->budget = d->insn_budget ? d->insn_budget : c->insn_budget;
	return 0;
}

/* Write @len bytes to guest PA @pa page by page; dropped if unmapped. */
static void phys_write(struct emu_gpu *gpu, uint64_t pa, const void *src,
		       uint32_t len)
{
	const uint8_t *s = src;

	while (len) {
		uint32_t n = CORUN_PAGE_SIZE - (uint32_t)(pa & (CORUN_PAGE_SIZE - 1));
		uint8_t *p;

		if (n > len)
			n = len;
		p = gpu->phys.map(gpu->phys.ctx, pa, n);
		if (p)
			memcpy(p, s, n);
		pa += n;
		s += n;
		len -= n;
	}
}

/* The job ends now: stop it, write the fence and counters. */
static void job_end(struct emu_gpu *gpu, struct emu_job *job)
{
	const struct corun_job_desc *d = &job->desc;
	struct corun_job_counters jc;
	uint64_t seq = d->seqno;

	job->state = EMU_JOB_ENDED;
	job->end_cycle = gpu->now;
	gpu->slots_running &= ~(1u << job->slot);
	gpu->job_id[job->slot] = 0;
	gpu->ended++;
	gpu->stats.jobs_done++;
	if (!job->started)
		job->start_cycle = gpu->now;

	memset(&jc, 0, sizeof(jc));
	jc.start_cycle = job->start_cycle;
	jc.end_cycle = job->end_cycle;
	jc.slot = job->slot;
	jc.fault = job->fault.cause;
	jc.c = gpu->job_cnt[job->slot];
	if ((d->flags & CORUN_DESC_F_COUNTERS) && !(d->counters_addr & 7))
		phys_write(gpu, d->counters_addr, &jc, sizeof(jc));
	/* The fence last: once it is visible, the counters are too. */
	if (!(d->fence_addr & 7))
		phys_write(gpu, d->fence_addr, &seq, sizeof(seq));
}

void emu_gpu_job_fault(struct emu_gpu *gpu, struct emu_job *job,
		       const struct corun_fault_record *rec)
{
	uint32_t i;

	if (job->state != EMU_JOB_RUNNING)
		return;
	job->fault = *rec;
	job->fault.slot = (uint16_t)job->slot;
	job->fault.insn_count = job->insns;
	/* No more CTAs of it start; resident ones are killed everywhere. */
	job->next_cta = job->ncta;
	emu_ctxsw_drop(job);
	for (i = 0; i < gpu->cfg.num_sms; i++)
		emu_sm_kill_job(&gpu->sms[i], job->slot);
	job_end(gpu, job);
}

void emu_gpu_cta_done(struct emu_gpu *gpu, struct emu_job *job)
{
	if (job->state != EMU_JOB_RUNNING)
		return;
	if (++job->ctas_done < job->ncta)
		return;
	/* A kernel ends when its last stores and atomics have completed. */
	if (job->mem_out)
		job->draining = true;
	else
		job_end(gpu, job);
}

void emu_gpu_job_mem_done(struct emu_gpu *gpu, uint32_t slot, uint32_t job_id)
{
	struct emu_job *job = &gpu->slots[slot].job;

	if (job->state != EMU_JOB_RUNNING || job->id != job_id || !job->mem_out)
		return;
	if (!--job->mem_out && job->draining)
		job_end(gpu, job);
}

static void start_job(struct emu_gpu *gpu, uint32_t slot)
{
	struct emu_slot *s = &gpu->slots[slot];
	struct emu_job *job = &s->job;
	uint32_t bad;

	memset(job, 0, offsetof(struct emu_job, mmu));
	job->slot = slot;
	job->desc = s->queue[s->qhead];
	s->qhead = (s->qhead + 1) % s->qcap;
	s->qn--;
	gpu->queued--;
	job->id = ++gpu->next_job_id ? gpu->next_job_id : ++gpu->next_job_id;
	job->order = ++gpu->next_order;
	job->state = EMU_JOB_RUNNING;
	memset(&gpu->job_cnt[slot], 0, sizeof(gpu->job_cnt[slot]));
	gpu->job_id[slot] = job->id;
	gpu->slots_running |= 1u << slot;

	bad = validate_desc(gpu, job, s->policy.placement);
	if (bad) {
		struct corun_fault_record rec = {
			.cause = CORUN_FAULT_BAD_DESC,
			.slot = (uint16_t)slot,
			.addr = bad - 1,
		};

		job->fault = rec;
		job_end(gpu, job);
		return;
	}
	emu_mmu_init(&job->mmu, &gpu->phys, job->desc.pt_root);
	rv_dcache_reset(s->dc);
	emu_placement(job->placement)->job_start(gpu, job);
	gpu->dispatch_dirty = true;
}

int emu_gpu_reset_slot(struct emu_gpu *gpu, unsigned int slot)
{
	struct emu_slot *s;
	struct emu_job *job;

	if (slot >= gpu->cfg.num_slots)
		return -EINVAL;
	s = &gpu->slots[slot];
	job = &s->job;
	if (job->state == EMU_JOB_RUNNING) {
		struct corun_fault_record rec = {
			.cause = CORUN_FAULT_RESET,
			.slot = (uint16_t)slot,
		};

		emu_gpu_job_fault(gpu, job, &rec);
	}
	gpu->ended += s->qn - s->kill_queued;
	s->kill_queued = s->qn;
	return 0;
}

void emu_gpu_flush_tlbs(struct emu_gpu *gpu)
{
	uint32_t i;

	for (i = 0; i < gpu->cfg.num_slots; i++)
		emu_mmu_flush(&gpu->slots[i].job.mmu);
}

/* ---------------------------------------------------------------------
 * Events and the cycle loop.
 */

static bool report(struct emu_gpu *gpu, struct emu_event *ev)
{
	uint32_t i;

	for (i = 0; i < gpu->cfg.num_slots; i++) {
		struct emu_slot *s = &gpu->slots[i];
		struct emu_job *job = &s->job;

		if (job->state == EMU_JOB_ENDED) {
			ev->type = EMU_EV_JOB_DONE;
			ev->slot = i;
			ev->seqno = job->desc.seqno;
			ev->cycle = job->end_cycle;
			ev->fault = job->fault;
			ev->counters.start_cycle = job->start_cycle;
			ev->counters.end_cycle = job->end_cycle;
			ev->counters.slot = i;
			ev->counters.fault = job->fault.cause;
			ev->counters.c = gpu->job_cnt[i];
			job->state = EMU_JOB_NONE;
			gpu->ended--;
			return true;
		}
		if (s->kill_queued) {
			/* A queued job killed by a slot reset, never started. */
			struct emu_job *j = &s->job;

			memset(j, 0, offsetof(struct emu_job, mmu));
			j->slot = i;
			j->desc = s->queue[s->qhead];
			s->qhead = (s->qhead + 1) % s->qcap;
			s->qn--;
			s->kill_queued--;
			gpu->queued--;
			j->fault.cause = CORUN_FAULT_RESET;
			j->fault.slot = (uint16_t)i;
			memset(&gpu->job_cnt[i], 0, sizeof(gpu->job_cnt[i]));
			gpu->ended--;
			job_end(gpu, j); /* re-counts it in gpu->ended */
			i--; /* report it through the ENDED branch */
			continue;
		}
	}
	return false;
}

static void step(struct emu_gpu *gpu)
{
	uint64_t now = gpu->now, next, skip;
	uint32_t i, m;

	if (gpu->cs_scan)
		emu_ctxsw_scan(gpu);
	emu_mem_tick(gpu->mem, now);
	for (i = 0; i < gpu->cfg.num_sms; i++)
		emu_sm_tick(&gpu->sms[i]);
	if (gpu->cs_busy)
		emu_ctxsw_tick(gpu);
	if (gpu->dispatch_dirty && !emu_dispatch(gpu))
		gpu->dispatch_dirty = false;
	for (m = gpu->slots_running; m; m &= m - 1) {
		uint32_t s = __builtin_ctz(m);

		if (gpu->slots[s].job.ctas_live)
			EMU_SLOT_ADD(gpu, s, active_cycles, 1);
	}
	gpu->now = ++now;

	/* Skip cycles in which provably nothing happens. */
	if (gpu->ended || gpu->dispatch_dirty || gpu->cs_scan)
		return;
	next = emu_mem_next_event(gpu->mem, now - 1);
	if (gpu->cs_busy && gpu->cs_next < next)
		next = gpu->cs_next;
	for (i = 0; i < gpu->cfg.num_sms && next > now; i++)
		if (gpu->sms[i].next_wake < next)
			next = gpu->sms[i].next_wake;
	if (next <= now)
		return;
	if (gpu->next_epoch < next)
		next = gpu->next_epoch;
	if (gpu->stop < next)
		next = gpu->stop;
	if (next <= now)
		return;
	skip = next - now;
	for (i = 0; i < gpu->cfg.num_sms; i++)
		emu_sm_skip(&gpu->sms[i], skip);
	for (m = gpu->slots_running; m; m &= m - 1) {
		uint32_t s = __builtin_ctz(m);

		if (gpu->slots[s].job.ctas_live)
			EMU_SLOT_ADD(gpu, s, active_cycles, skip);
	}
	gpu->stats.skipped_cycles += skip;
	gpu->now = next;
}

int emu_gpu_run(struct emu_gpu *gpu, uint64_t max_cycle, struct emu_event *ev)
{
	uint32_t i;

	memset(ev, 0, sizeof(*ev));
	gpu->stop = max_cycle;
	for (;;) {
		if (gpu->ended && report(gpu, ev))
			return ev->type;
		if (gpu->now >= gpu->next_epoch) {
			ev->type = EMU_EV_EPOCH;
			ev->cycle = gpu->now;
			ev->epoch = ++gpu->epoch_seq;
			gpu->next_epoch += gpu->epoch_len;
			return ev->type;
		}
		if (gpu->queued) {
			for (i = 0; i < gpu->cfg.num_slots; i++) {
				struct emu_slot *s = &gpu->slots[i];

				if (s->job.state == EMU_JOB_NONE && s->qn &&
				    !s->kill_queued)
					start_job(gpu, i);
			}
			if (gpu->ended)
				continue;
		}
		if (!gpu->slots_running && !gpu->queued) {
			ev->type = EMU_EV_IDLE;
			ev->cycle = gpu->now;
			return ev->type;
		}
		if (gpu->now >= max_cycle) {
			ev->type = EMU_EV_NONE;
			ev->cycle = gpu->now;
			return ev->type;
		}
		step(gpu);
	}
}
