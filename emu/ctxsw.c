// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: SM reclaim by context switch (CORUN_SLOT_RECLAIM).
 *
 * A slot in CORUN_RECLAIM_SWITCH mode gives up an SM that leaves its mask
 * by preempting its CTAs there: each stops issuing (EMU_CS_WAIT) until
 * its outstanding loads are back, then its context is saved
 * (EMU_CS_SAVE) for a fixed cost in cycles, and the SM's resources are
 * freed. The saved CTA waits in its job's FIFO; the dispatcher restores
 * it, before any new CTA, on an SM of the slot's mask (EMU_CS_RESTORE:
 * resident but not issuing until the restore cost has passed), where it
 * resumes exactly: the functional state moves whole, so a preempted
 * kernel computes bit-identical results.
 *
 * The cost is the context's bytes over the SM's share of the DRAM
 * bandwidth plus one memory round trip, as Chimera-style preemption
 * models estimate it; the traffic itself does not enter the memory
 * hierarchy (Documentation/emu/context-switch.rst says why).
 */
#include <stdlib.h>
#include <string.h>

#include "sm.h"

/**
 * struct emu_ctx_save - a saved CTA
 * @next: the next one in its job's FIFO
 * @index: linear CTA index
 * @id: CTA id
 * @age: dispatch sequence (throttling order)
 * @live_threads: threads that have not exited
 * @arrived: live threads waiting at the barrier
 * @bytes: context bytes (the restore moves the same)
 * @nlive: warps saved (the others had exited)
 * @wid: warp index within the CTA of each saved warp
 * @shared: its shared memory (job->shared_alloc bytes)
 * @local: its stack memory (job->local_alloc bytes)
 * @rv: the saved warps' architectural state
 */
struct emu_ctx_save {
	struct emu_ctx_save *next;
	uint32_t index;
	uint32_t id[3];
	uint64_t age;
	uint32_t live_threads;
	uint32_t arrived;
	uint64_t bytes;
	uint32_t nlive;
	uint16_t wid[EMU_MAX_SM_WARPS];
	uint8_t *shared;
	uint8_t *local;
	struct rv_warp rv[];
};

/*
 * Bytes of a CTA's context: per live warp its allocated registers, one
 * PC per lane and its active and barrier masks; per CTA its shared
 * memory and barrier count. Stack (local) memory already lives in device
 * memory and is not part of it.
 */
static uint64_t ctx_bytes(const struct emu_config *c, const struct emu_job *job,
			  uint32_t nlive)
{
	uint64_t warp = (uint64_t)job->regs_per_warp * 4 + c->warp_size * 4 + 8;

	return nlive * warp + job->shared_alloc + 8;
}

uint64_t emu_ctxsw_cycles(const struct emu_config *c, uint64_t bytes,
			  bool restore)
{
	uint64_t bw = c->calib.dram_sustainable;
	uint64_t lat = restore ? c->dram.latency : c->l2.latency;

	if (!bw)
		bw = emu_config_dram_peak(c);
	/* bw: bytes per 1000 SM cycles for all SMs; an SM gets its share */
	if (!bw)
		bw = 1;
	return lat + (bytes * 1000 * c->num_sms + bw - 1) / bw;
}

static bool in_mask(const struct emu_slot_policy *p, uint32_t sm)
{
	return emu_mask_test(p->sm_mask, sm);
}

/* Mark the CTAs of SWITCH slots outside their masks for preemption. */
void emu_ctxsw_scan(struct emu_gpu *gpu)
{
	const struct emu_config *c = &gpu->cfg;
	uint32_t i, k;

	gpu->cs_scan = false;
	for (i = 0; i < c->num_sms; i++) {
		struct emu_sm *sm = &gpu->sms[i];

		for (k = 0; k < c->sm.cta_slots; k++) {
			struct emu_cta *cta = &sm->ctas[k];
			const struct emu_slot_policy *p;

			if (!cta->used || cta->cs)
				continue;
			p = &gpu->slots[cta->slot].policy;
			if (p->reclaim != CORUN_RECLAIM_SWITCH || in_mask(p, i))
				continue;
			cta->cs = EMU_CS_WAIT;
			cta->cs_since = gpu->now;
			cta->throttled = true;
			emu_sm_cta_wake(sm, cta);
			gpu->cs_busy = true;
		}
	}
}

/* No load of @cta is outstanding (in the LSU or the memory system). */
static bool cta_quiet(const struct emu_sm *sm, const struct emu_cta *cta)
{
	uint32_t i;

	for (i = 0; i < cta->nwarps; i++) {
		const struct emu_warp *w = &sm->warps[cta->warps[i]];

		if (w->cta == cta && w->long_mask)
			return false;
	}
	for (i = 0; i < sm->lsu_n; i++) {
		const struct emu_mem_req *r =
			&sm->lsu[(sm->lsu_head + i) & sm->lsu_mask].req;
		const struct emu_warp *w = &sm->warps[r->warp];

		if (w->cta == cta && w->gen == r->gen)
			return false;
	}
	return true;
}

static uint32_t live_warps(const struct emu_sm *sm, const struct emu_cta *cta)
{
	uint32_t i, n = 0;

	for (i = 0; i < cta->nwarps; i++)
		n += sm->warps[cta->warps[i]].cta == cta;
	return n;
}

/* The save is done: copy the context out, free the SM's resources. */
static void cta_save(struct emu_sm *sm, struct emu_cta *cta)
{
	struct emu_job *job = cta->job;
	uint32_t n = live_warps(sm, cta), i, k = 0;
	struct emu_ctx_save *cs;

	cs = calloc(1, sizeof(*cs) + n * sizeof(cs->rv[0]));
	if (cs && job->shared_alloc)
		cs->shared = malloc(job->shared_alloc);
	if (cs && job->local_alloc)
		cs->local = malloc(job->local_alloc);
	if (!cs || (job->shared_alloc && !cs->shared) ||
	    (job->local_alloc && !cs->local)) {
		/* no host memory: keep the CTA here, resumed */
		if (cs) {
			free(cs->shared);
			free(cs);
		}
		cta->cs = EMU_CS_NONE;
		emu_sm_update_throttle(sm, cta->slot);
		return;
	}
	cs->index = cta->index;
	memcpy(cs->id, cta->id, sizeof(cs->id));
	cs->age = cta->age;
	cs->live_threads = cta->live_threads;
	cs->arrived = cta->arrived;
	cs->bytes = cta->cs_bytes;
	cs->nlive = n;
	for (i = 0; i < cta->nwarps; i++) {
		const struct emu_warp *w = &sm->warps[cta->warps[i]];

		if (w->cta != cta)
			continue;
		cs->wid[k] = (uint16_t)i;
		cs->rv[k++] = w->rv;
	}
	if (job->shared_alloc)
		memcpy(cs->shared, sm->shared_mem + cta->shared_off,
		       job->shared_alloc);
	if (job->local_alloc)
		memcpy(cs->local, sm->local_mem + cta->local_off,
		       job->local_alloc);
	if (job->saved_tail)
		job->saved_tail->next = cs;
	else
		job->saved = cs;
	job->saved_tail = cs;
	job->saved_n++;
	sm->gpu->cs_cnt[cta->slot].preempts++;
	sm->gpu->cs_cnt[cta->slot].save_bytes += cs->bytes;
	/* it is no longer resident; the job's CTA is not done */
	emu_sm_cta_free(sm, cta);
}

/*
 * Advance every CTA in a context switch (after the SMs' cycle, so a load
 * that came back this cycle counts); cs_next is the earliest cycle one
 * of them changes state without a memory event.
 */
void emu_ctxsw_tick(struct emu_gpu *gpu)
{
	const struct emu_config *c = &gpu->cfg;
	uint64_t now = gpu->now, next = EMU_NEVER;
	bool busy = false;
	uint32_t i, k;

	for (i = 0; i < c->num_sms; i++) {
		struct emu_sm *sm = &gpu->sms[i];

		for (k = 0; k < c->sm.cta_slots; k++) {
			struct emu_cta *cta = &sm->ctas[k];
			struct corun_slot_ctxsw_counters *cc;

			if (!cta->used || !cta->cs)
				continue;
			cc = &gpu->cs_cnt[cta->slot];
			if (cta->cs == EMU_CS_WAIT && cta_quiet(sm, cta)) {
				cta->cs_bytes = ctx_bytes(c, cta->job,
							  live_warps(sm, cta));
				cc->wait_cycles += now - cta->cs_since;
				cta->cs = EMU_CS_SAVE;
				cta->cs_since = now;
				cta->cs_until =
					now + emu_ctxsw_cycles(c, cta->cs_bytes,
							       false);
				cc->save_cycles += cta->cs_until - now;
			} else if (cta->cs == EMU_CS_SAVE &&
				   now >= cta->cs_until) {
				cta_save(sm, cta);
				continue;
			} else if (cta->cs == EMU_CS_RESTORE &&
				   now >= cta->cs_until) {
				cta->cs = EMU_CS_NONE;
				emu_sm_update_throttle(sm, cta->slot);
				/* its SM may have left the mask meanwhile */
				gpu->cs_scan = true;
				continue;
			}
			busy = true;
			if (cta->cs != EMU_CS_WAIT && cta->cs_until < next)
				next = cta->cs_until;
		}
	}
	gpu->cs_busy = busy;
	gpu->cs_next = next;
}

/* Restore @job's oldest saved CTA on @sm (emu_sm_fits() checked). */
void emu_ctxsw_restore(struct emu_sm *sm, struct emu_job *job)
{
	struct emu_gpu *gpu = sm->gpu;
	struct emu_ctx_save *cs = job->saved;
	struct emu_cta *cta = emu_sm_cta_alloc(sm, job, job->slot);
	struct corun_slot_ctxsw_counters *cc = &gpu->cs_cnt[job->slot];
	uint32_t i, k = 0, d;

	job->saved = cs->next;
	if (!job->saved)
		job->saved_tail = NULL;
	job->saved_n--;
	cta->index = cs->index;
	memcpy(cta->id, cs->id, sizeof(cta->id));
	cta->age = cs->age;
	cta->live_threads = cs->live_threads;
	cta->arrived = cs->arrived;
	if (job->shared_alloc)
		memcpy(sm->shared_mem + cta->shared_off, cs->shared,
		       job->shared_alloc);
	if (job->local_alloc) {
		memcpy(sm->local_mem + cta->local_off, cs->local,
		       job->local_alloc);
		for (d = cta->local_off >> EMU_LOCAL_DIRTY_SHIFT;
		     d <= (cta->local_off + job->local_alloc - 1) >>
		     EMU_LOCAL_DIRTY_SHIFT;
		     d++)
			emu_bit_set(sm->local_dirty, d);
	}
	/*
	 * Warps that had exited get no SM warp slot; their entries in
	 * cta->warps name a slot the CTA does not own (as after an early
	 * exit), so walks over cta->warps skip them.
	 */
	for (i = 0; i < sm->nwarps_max && k < cs->nlive; i++) {
		struct emu_warp *w = &sm->warps[i];

		if (w->cta)
			continue;
		w->rv = cs->rv[k];
		/*
		 * The micro-TLB holds host addresses of the old SM's shared
		 * and stack memory, and the issue selection may point into
		 * the old warp slot: both are rebuilt from the state.
		 */
		rv_warp_flush_tlb(&w->rv);
		rv_warp_resched(&w->rv);
		emu_sm_warp_attach(sm, cta, i, cs->wid[k++]);
	}
	for (k = 0; k < cta->nwarps; k++) {
		struct emu_warp *w = &sm->warps[cta->warps[k]];

		if (w->cta == cta && w->wid == k)
			continue;
		for (i = 0; i < sm->nwarps_max; i++)
			if (sm->warps[i].cta != cta)
				break;
		cta->warps[k] = (uint16_t)i;
	}
	cta->cs = EMU_CS_RESTORE;
	cta->cs_since = gpu->now;
	cta->cs_until = gpu->now + emu_ctxsw_cycles(&gpu->cfg, cs->bytes, true);
	cta->throttled = true;
	cc->restores++;
	cc->restore_bytes += cs->bytes;
	cc->restore_cycles += cta->cs_until - gpu->now;
	gpu->cs_busy = true;
	if (cta->cs_until < gpu->cs_next)
		gpu->cs_next = cta->cs_until;
	job->ctas_live++;
	free(cs->shared);
	free(cs->local);
	free(cs);
	emu_sm_update_throttle(sm, job->slot);
}

/* Forget @job's saved CTAs (the job was killed). */
void emu_ctxsw_drop(struct emu_job *job)
{
	struct emu_ctx_save *cs = job->saved, *n;

	for (; cs; cs = n) {
		n = cs->next;
		free(cs->shared);
		free(cs->local);
		free(cs);
	}
	job->saved = NULL;
	job->saved_tail = NULL;
	job->saved_n = 0;
}

void emu_gpu_slot_ctxsw(const struct emu_gpu *gpu, unsigned int slot,
			struct corun_slot_ctxsw_counters *out)
{
	memset(out, 0, sizeof(*out));
	if (slot < gpu->cfg.num_slots)
		*out = gpu->cs_cnt[slot];
}

uint32_t emu_gpu_slot_saved(const struct emu_gpu *gpu, unsigned int slot)
{
	if (slot >= gpu->cfg.num_slots ||
	    gpu->slots[slot].job.state != EMU_JOB_RUNNING)
		return 0;
	return gpu->slots[slot].job.saved_n;
}
