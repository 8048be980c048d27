// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: one SM, its setup and CTA residency. Static
 * resources, CTA and warp allocation, launch and free, throttling, and
 * the first-fit pools of shared and local memory. What a warp does once
 * resident is sm_issue.c's (schedulers, scoreboard, functional units,
 * the LSU, barriers and exit); the functional environment in which the
 * executor runs a warp is sm_env.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "sm.h"

/* ---------------------------------------------------------------------
 * Pools: first-fit allocation of shared and local memory per CTA.
 */

void emu_pool_init(struct emu_pool *p, uint32_t size)
{
	p->size = size;
	p->n = 0;
}

static int pool_find(const struct emu_pool *p, uint32_t len, uint32_t *off,
		     uint32_t *pos)
{
	uint32_t at = 0, i;

	for (i = 0; i <= p->n; i++) {
		uint32_t end = i < p->n ? p->off[i] : p->size;

		if (end - at >= len) {
			*off = at;
			*pos = i;
			return 0;
		}
		if (i < p->n)
			at = p->off[i] + p->len[i];
	}
	return -1;
}

bool emu_pool_can(const struct emu_pool *p, uint32_t len)
{
	uint32_t off, pos;

	if (!len)
		return true;
	return p->n < EMU_MAX_SM_CTAS && !pool_find(p, len, &off, &pos);
}

int emu_pool_alloc(struct emu_pool *p, uint32_t len, uint32_t *off)
{
	uint32_t pos;

	if (!len) {
		*off = UINT32_MAX; /* nothing allocated */
		return 0;
	}
	if (p->n >= EMU_MAX_SM_CTAS || pool_find(p, len, off, &pos))
		return -1;
	memmove(&p->off[pos + 1], &p->off[pos], (p->n - pos) * sizeof(p->off[0]));
	memmove(&p->len[pos + 1], &p->len[pos], (p->n - pos) * sizeof(p->len[0]));
	p->off[pos] = *off;
	p->len[pos] = len;
	p->n++;
	return 0;
}

void emu_pool_free(struct emu_pool *p, uint32_t off)
{
	uint32_t i;

	for (i = 0; i < p->n; i++) {
		if (p->off[i] == off) {
			memmove(&p->off[i], &p->off[i + 1],
				(p->n - i - 1) * sizeof(p->off[0]));
			memmove(&p->len[i], &p->len[i + 1],
				(p->n - i - 1) * sizeof(p->len[0]));
			p->n--;
			return;
		}
	}
}

/* ---------------------------------------------------------------------
 * SM setup and CTA residency.
 */

int emu_sm_init(struct emu_gpu *gpu, struct emu_sm *sm, uint32_t id)
{
	const struct emu_config *c = &gpu->cfg;
	uint32_t i, n;

	memset(sm, 0, sizeof(*sm));
	sm->id = id;
	sm->gpu = gpu;
	sm->cnt = &gpu->sm_cnt[id];
	sm->nwarps_max = c->sm.max_threads / c->warp_size;
	/* Line-aligned: see struct emu_warp. */
	sm->warps = aligned_alloc(64, sm->nwarps_max * sizeof(*sm->warps));
	if (sm->warps)
		memset(sm->warps, 0, sm->nwarps_max * sizeof(*sm->warps));
	sm->wh = calloc(sm->nwarps_max + EMU_MAX_SCHEDULERS, sizeof(*sm->wh));
	sm->ctas = calloc(c->sm.cta_slots, sizeof(*sm->ctas));
	sm->shared_mem = calloc(1, c->sm.shared_bytes ? c->sm.shared_bytes : 1);
	sm->local_mem = calloc(1, c->sm.local_bytes);
	sm->local_dirty = calloc(((c->sm.local_bytes >> EMU_LOCAL_DIRTY_SHIFT) +
				  64) / 64, sizeof(uint64_t));
	sm->bmi = c->sm.sched_policy & EMU_SCHED_BMI;
	/* hold: one instruction per slot (a power of two, for the mask) */
	sm->lsu_hold = c->l1.subq_full == EMU_L1_SUBQ_HOLD;
	for (n = EMU_LSU_INSN_MAX;
	     sm->lsu_hold && n < EMU_LSU_INSN_MAX * c->num_slots; n *= 2)
		;
	sm->lsu = calloc(n, sizeof(*sm->lsu));
	sm->lsu_mask = n - 1;
	if (!sm->warps || !sm->wh || !sm->ctas || !sm->shared_mem ||
	    !sm->local_mem || !sm->local_dirty || !sm->lsu ||
	    emu_mil_init(sm))
		return -1;
	for (i = 0; i < sm->nwarps_max; i++) {
		uint32_t ns = c->sm.schedulers;

		sm->warps[i].idx = i;
		/* Each scheduler's warps (i % ns) side by side. */
		sm->whx[i] =
			(uint8_t)(i % ns * ((sm->nwarps_max + ns - 1) / ns) +
				  i / ns);
		WHI(sm, i)->wake = EMU_NEVER;
	}
	sm->free_ctas = c->sm.cta_slots;
	sm->free_warps = sm->nwarps_max;
	sm->free_regs = c->sm.regs;
	sm->free_shared = c->sm.shared_bytes;
	emu_pool_init(&sm->shared_pool, c->sm.shared_bytes);
	emu_pool_init(&sm->local_pool, c->sm.local_bytes);
	for (i = 0; i < EMU_MAX_SCHEDULERS; i++) {
		struct emu_sched *sc = &sm->sched[i];
		uint32_t k;

		sc->last = -1;
		sc->last_slot = -1;
		sc->wake = EMU_NEVER;
		for (k = 0; k < CORUN_MAX_SLOTS; k++)
			sc->greedy[k] = -1;
	}
	sm->next_wake = EMU_NEVER;
	emu_sm_env_init(gpu);
	return 0;
}

void emu_sm_fini(struct emu_sm *sm)
{
	free(sm->warps);
	free(sm->wh);
	free(sm->ctas);
	free(sm->shared_mem);
	free(sm->local_mem);
	free(sm->local_dirty);
	free(sm->lsu);
	emu_mil_fini(sm);
}

bool emu_sm_fits(const struct emu_sm *sm, const struct emu_job *job,
		 uint32_t slot)
{
	const struct emu_gpu *gpu = sm->gpu;
	const struct emu_slot *s = &gpu->slots[slot];
	uint32_t resident = s->resident[sm->id];

	if (!sm->free_ctas || sm->free_warps < job->nwarps ||
	    sm->free_regs < job->nwarps * job->regs_per_warp ||
	    sm->free_shared < job->shared_alloc)
		return false;
	if (s->policy.cta_quota && resident >= s->policy.cta_quota)
		return false;
	if (!resident && sm->kernels >= gpu->cfg.sm.max_kernels)
		return false;
	return emu_pool_can(&sm->shared_pool, job->shared_alloc) &&
	       emu_pool_can(&sm->local_pool, job->local_alloc);
}

/*
 * @slot's resident-CTA cycles on @sm up to now, before its count there
 * changes (emu_gpu_sm_slot_counters() adds the part since).
 */
static void slot_cta_account(struct emu_sm *sm, uint32_t slot)
{
	uint64_t now = sm->gpu->now;
	uint32_t n = sm->gpu->slots[slot].resident[sm->id];

	sm->slot_cta_cycles[slot] += (uint64_t)n *
				     (now - sm->slot_cta_since[slot]);
	sm->slot_cta_since[slot] = now;
}

/*
 * Zero local_mem[off, off + len): only its dirty pages need it. A page is
 * marked clean only when zeroed whole; one shared with a neighbouring
 * block stays dirty.
 */
static void local_zero(struct emu_sm *sm, uint32_t off, uint32_t len)
{
	uint32_t end = off + len, p = off >> EMU_LOCAL_DIRTY_SHIFT;
	uint32_t plast = (end - 1) >> EMU_LOCAL_DIRTY_SHIFT;

	for (; p <= plast; p++) {
		uint64_t *d = &sm->local_dirty[p / 64], bit = 1ull << (p % 64);
		uint32_t a = p << EMU_LOCAL_DIRTY_SHIFT;
		uint32_t b = a + (1u << EMU_LOCAL_DIRTY_SHIFT);

		if (!*d) { /* 64 clean pages */
			p |= 63;
			continue;
		}
		if (!(*d & bit))
			continue;
		if (a >= off && b <= end)
			*d &= ~bit;
		if (a < off)
			a = off;
		if (b > end)
			b = end;
		memset(sm->local_mem + a, 0, b - a);
	}
}

/*
 * BMI: @slot's first CTA here. It counts its requests from the fewest any
 * resident slot has sent, so that it is first only until it has sent as
 * many as that one: BMI balances what kernels send while they share the
 * SM, not since the start of the run.
 */
static void bmi_arrive(struct emu_sm *sm, uint32_t slot)
{
	sm->bmi_req[slot] = sm->bmi_slots ? bmi_fewest(sm, sm->bmi_slots) : 0;
	sm->bmi_slots |= 1u << slot;
}

/*
 * Take a CTA slot and one CTA's static resources of @job on @sm (already
 * checked by emu_sm_fits()); the caller fills in the CTA and its warps.
 */
struct emu_cta *emu_sm_cta_alloc(struct emu_sm *sm, struct emu_job *job,
				 uint32_t slot)
{
	struct emu_gpu *gpu = sm->gpu;
	struct emu_cta *cta = NULL;
	uint32_t i;

	for (i = 0; i < gpu->cfg.sm.cta_slots; i++) {
		if (!sm->ctas[i].used) {
			cta = &sm->ctas[i];
			break;
		}
	}
	/* emu_sm_fits() was checked: the allocations cannot fail. */
	memset(cta, 0, sizeof(*cta));
	cta->used = true;
	cta->sm = sm;
	cta->job = job;
	cta->slot = slot;
	cta->nwarps = job->nwarps;
	if (job->shared_alloc)
		emu_pool_alloc(&sm->shared_pool, job->shared_alloc,
			       &cta->shared_off);
	if (job->local_alloc)
		emu_pool_alloc(&sm->local_pool, job->local_alloc,
			       &cta->local_off);
	sm->free_ctas--;
	sm->free_warps -= job->nwarps;
	sm->free_regs -= job->nwarps * job->regs_per_warp;
	sm->free_shared -= job->shared_alloc;
	sm->resident++;
	slot_cta_account(sm, slot);
	if (!gpu->slots[slot].resident[sm->id]++) {
		sm->kernels++;
		if (sm->bmi)
			bmi_arrive(sm, slot);
	}
	if (gpu->slots[slot].bypassing[sm->id] <
	    gpu->slots[slot].l1_bypass_ctas) {
		gpu->slots[slot].bypassing[sm->id]++;
		cta->bypass = true;
	}
	return cta;
}

/*
 * Make free SM warp slot @widx warp @wid of @cta (its rv state set up by
 * the caller) and let it issue from the next cycle.
 */
void emu_sm_warp_attach(struct emu_sm *sm, struct emu_cta *cta, uint32_t widx,
			uint32_t wid)
{
	struct emu_warp *w = &sm->warps[widx];
	uint64_t t = sm->gpu->now + 1;
	struct emu_sched *sc;

	w->rv.dc = sm->gpu->slots[cta->slot].dc;
	w->rv.priv = w;
	w->cta = cta;
	w->wid = wid;
	WH(sm, w)->lsu_wait = 0;
	WH(sm, w)->wake = t;
	WH(sm, w)->stall = EMU_STALL_NONE;
	WH(sm, w)->slot = (uint8_t)cta->slot;
	w->long_mask = 0;
	w->miss_mask = 0;
	memset(w->pending, 0, sizeof(w->pending));
	memset(w->ready, 0, sizeof(w->ready));
	cta->warps[wid] = (uint16_t)widx;
	sc = warp_sched(sm, w);
	sc->list[sc->n++] = (uint16_t)widx;
	sc->mods++;
	sched_wake(sc, sm, t);
}

void emu_sm_launch(struct emu_sm *sm, struct emu_job *job, uint32_t slot,
		   uint32_t cta_index)
{
	struct emu_gpu *gpu = sm->gpu;
	const struct emu_config *c = &gpu->cfg;
	const struct corun_job_desc *d = &job->desc;
	struct emu_cta *cta = emu_sm_cta_alloc(sm, job, slot);
	uint32_t i, wi = 0, left = job->threads;

	cta->index = cta_index;
	cta->id[0] = cta_index % d->grid[0];
	cta->id[1] = cta_index / d->grid[0] % d->grid[1];
	cta->id[2] = cta_index / (d->grid[0] * d->grid[1]);
	cta->age = ++gpu->cta_age;
	cta->live_threads = job->threads;
	/* Fresh memory: no data leaks between CTAs of different contexts. */
	if (job->shared_alloc)
		memset(sm->shared_mem + cta->shared_off, 0, job->shared_alloc);
	if (job->local_alloc)
		local_zero(sm, cta->local_off, job->local_alloc);

	for (i = 0; i < sm->nwarps_max && wi < job->nwarps; i++) {
		struct emu_warp *w = &sm->warps[i];
		uint32_t n = left < c->warp_size ? left : c->warp_size;
		uint32_t active = n >= 32 ? 0xffffffffu : (1u << n) - 1;
		unsigned int lane;

		if (w->cta)
			continue;
		/* Only rows the last user may have written can be non-zero. */
		rv_warp_reinit(&w->rv, c->warp_size, active, d->entry,
			       w->rv.dc ? w->rv.dc->written : ~0ull);
		for (lane = 0; lane < c->warp_size; lane++)
			w->rv.x[2][lane] = CORUN_VA_LOCAL_BASE + job->stack;
		emu_sm_warp_attach(sm, cta, i, wi++);
		left -= n;
	}
	emu_sm_update_throttle(sm, slot);
}

static void sched_remove(struct emu_sm *sm, struct emu_warp *w)
{
	struct emu_sched *sc = warp_sched(sm, w);
	uint32_t i;

	for (i = 0; i < sc->n; i++) {
		if (sc->list[i] == w->idx) {
			memmove(&sc->list[i], &sc->list[i + 1],
				(sc->n - i - 1) * sizeof(sc->list[0]));
			sc->n--;
			sc->mods++;
			break;
		}
	}
	if (sc->last == (int)w->idx)
		sc->last = -1;
	if (sc->last_pos > i && sc->last_pos)
		sc->last_pos--;
	for (i = 0; i < CORUN_MAX_SLOTS; i++)
		if (sc->greedy[i] == (int)w->idx)
			sc->greedy[i] = -1;
	/* Re-evaluate: the stall picture of this scheduler changed. */
	sched_wake(sc, sm, sm->gpu->now);
}

void emu_sm_warp_free(struct emu_sm *sm, struct emu_warp *w)
{
	if (!w->cta)
		return;
	sched_remove(sm, w);
	w->cta = NULL;
	w->gen++;
	lsu_wait_set(sm, WH(sm, w), false);
	WH(sm, w)->wake = EMU_NEVER;
}

void emu_sm_cta_free(struct emu_sm *sm, struct emu_cta *cta)
{
	struct emu_gpu *gpu = sm->gpu;
	struct emu_job *job = cta->job;
	uint32_t i, slot = cta->slot;

	/* Warps that exited early may already serve another CTA. */
	for (i = 0; i < cta->nwarps; i++)
		if (sm->warps[cta->warps[i]].cta == cta)
			emu_sm_warp_free(sm, &sm->warps[cta->warps[i]]);
	if (job->shared_alloc)
		emu_pool_free(&sm->shared_pool, cta->shared_off);
	if (job->local_alloc)
		emu_pool_free(&sm->local_pool, cta->local_off);
	sm->free_ctas++;
	sm->free_warps += job->nwarps;
	sm->free_regs += job->nwarps * job->regs_per_warp;
	sm->free_shared += job->shared_alloc;
	sm->resident--;
	slot_cta_account(sm, slot);
	if (!--gpu->slots[slot].resident[sm->id]) {
		sm->kernels--;
		sm->bmi_slots &= ~(1u << slot);
	}
	if (cta->bypass)
		gpu->slots[slot].bypassing[sm->id]--;
	cta->used = false;
	job->ctas_live--;
	gpu->dispatch_dirty = true;
	emu_sm_update_throttle(sm, slot);
}

void emu_sm_kill_job(struct emu_sm *sm, uint32_t slot)
{
	uint32_t i;

	for (i = 0; i < sm->gpu->cfg.sm.cta_slots; i++)
		if (sm->ctas[i].used && sm->ctas[i].slot == slot)
			emu_sm_cta_free(sm, &sm->ctas[i]);
}

/* Make @cta's warps look again now. */
void emu_sm_cta_wake(struct emu_sm *sm, struct emu_cta *cta)
{
	uint64_t now = sm->gpu->now;
	uint32_t j;

	for (j = 0; j < cta->nwarps; j++) {
		struct emu_warp *w = &sm->warps[cta->warps[j]];

		if (w->cta != cta)
			continue;
		lsu_wait_set(sm, WH(sm, w), false);
		WH(sm, w)->wake = now;
		sched_wake(warp_sched(sm, w), sm, now);
	}
}

/* Set @cta's throttle state to @t and make its warps look again. */
static void set_throttle(struct emu_sm *sm, struct emu_cta *cta, bool t)
{
	cta->throttled = t;
	emu_sm_cta_wake(sm, cta);
}

void emu_sm_wake_slot(struct emu_sm *sm, uint32_t slot)
{
	uint32_t i;

	for (i = 0; i < sm->gpu->cfg.sm.cta_slots; i++)
		if (sm->ctas[i].used && sm->ctas[i].slot == slot)
			emu_sm_cta_wake(sm, &sm->ctas[i]);
}

void emu_sm_update_throttle(struct emu_sm *sm, uint32_t slot)
{
	struct emu_gpu *gpu = sm->gpu;
	uint32_t thr = gpu->slots[slot].policy.throttle;
	struct emu_cta *list[EMU_MAX_SM_CTAS];
	uint32_t n = 0, i, j;

	/* CTAs in a context switch stay throttled (ctxsw.c). */
	for (i = 0; i < gpu->cfg.sm.cta_slots; i++)
		if (sm->ctas[i].used && sm->ctas[i].slot == slot &&
		    !sm->ctas[i].cs)
			list[n++] = &sm->ctas[i];
	/*
	 * No throttling (the default, and every CTA launch calls this): no
	 * CTA may stay throttled, whatever its age, so the order below does
	 * not matter (the wake-ups commute).
	 */
	if (!thr) {
		for (i = 0; i < n; i++)
			if (list[i]->throttled)
				set_throttle(sm, list[i], false);
		return;
	}
	/* Youngest first (insertion sort, at most EMU_MAX_SM_CTAS). */
	for (i = 1; i < n; i++) {
		struct emu_cta *x = list[i];

		for (j = i; j > 0 && list[j - 1]->age < x->age; j--)
			list[j] = list[j - 1];
		list[j] = x;
	}
	/* The oldest CTA always runs, so a slot keeps making progress. */
	if (n && thr > n - 1)
		thr = n - 1;
	for (i = 0; i < n; i++) {
		bool t = i < thr;

		if (list[i]->throttled != t)
			set_throttle(sm, list[i], t);
	}
}
