// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: an SM's LSU on the memory side. The line requests
 * issue_mem() (sm_issue.c) leaves in the LSU go to the L1 through its
 * ports, in order, or per slot under l1.subq_full = hold; the memory
 * side's completions release the scoreboard and wake the warps.
 */
#include "sm.h"

/* Present @r to the L1; true if it was accepted. */
static bool lsu_send(struct emu_sm *sm, const struct emu_mem_req *r)
{
	struct emu_gpu *gpu = sm->gpu;
	int ret = emu_mem_push(gpu->mem, r, gpu->now);

	if (ret < 0)
		return false;
	if (ret == 1 && r->reg != RV_REG_NONE) {
		struct emu_warp *w = &sm->warps[r->warp];

		if (w->gen == r->gen && w->cta)
			w->miss_mask |= emu_reg_group(r->reg, r->nreg);
	}
	return true;
}

/*
 * l1.subq_full = hold: the oldest request of each slot in turn, in ring
 * order, skipping the slots whose sub-queue is full (their requests stay,
 * in order, and take no port); any other refusal stops the LSU as a
 * reservation failure does in stall mode. The ring is compacted in place.
 */
static void lsu_tick_hold(struct emu_sm *sm)
{
	struct emu_gpu *gpu = sm->gpu;
	uint32_t n = sm->lsu_n, kept = 0, held = 0, i;
	bool stop = false;

	for (i = 0; i < n; i++) {
		struct emu_lsu_ent *e =
			&sm->lsu[(sm->lsu_head + i) & sm->lsu_mask];
		uint32_t slot = e->req.slot, bit = 1u << slot;

		if (!stop && !(held & bit)) {
			if (!emu_mem_can_accept(gpu->mem, sm->id, gpu->now)) {
				stop = true;
			} else if (emu_mem_subq_full(gpu->mem, sm->id, slot,
						     gpu->now)) {
				held |= bit;
			} else if (!lsu_send(sm, &e->req)) {
				stop = true;
			} else {
				if (!--sm->lsu_cnt[slot])
					sm->lsu_slots &= ~bit;
				continue; /* sent: leaves the ring */
			}
		}
		if (kept != i)
			sm->lsu[(sm->lsu_head + kept) & sm->lsu_mask] = *e;
		kept++;
	}
	sm->lsu_n = kept;
}

void emu_sm_lsu_tick(struct emu_sm *sm)
{
	struct emu_gpu *gpu = sm->gpu;

	if (sm->lsu_hold) {
		lsu_tick_hold(sm);
		return;
	}
	while (sm->lsu_n && emu_mem_can_accept(gpu->mem, sm->id, gpu->now)) {
		if (!lsu_send(sm, &sm->lsu[sm->lsu_head].req))
			break; /* reservation failure: retry next cycle */
		sm->lsu_head = (sm->lsu_head + 1) & sm->lsu_mask;
		sm->lsu_n--;
	}
}

void emu_sm_mem_done(struct emu_gpu *gpu, const struct emu_mem_req *r,
		     uint64_t cycle)
{
	struct emu_sm *sm = &gpu->sms[r->sm];
	struct emu_warp *w = &sm->warps[r->warp];
	uint64_t bit;
	uint32_t i;

	if (gpu->job_id[r->slot] == r->job)
		emu_gpu_job_mem_done(gpu, r->slot, r->job);
	if (r->mil)
		emu_mil_done(sm, r->mil);
	if (w->gen != r->gen || !w->cta || r->reg == RV_REG_NONE)
		return;
	bit = emu_reg_group(r->reg, r->nreg);
	if (!(w->long_mask & bit))
		return;
	if (w->pending[r->reg] && --w->pending[r->reg])
		return;
	w->long_mask &= ~bit;
	w->miss_mask &= ~bit;
	for (i = 0; i < r->nreg; i++)
		if (w->ready[r->reg + i] < cycle)
			w->ready[r->reg + i] = cycle;
	lsu_wait_set(sm, WH(sm, w), false);
	WH(sm, w)->wake = cycle;
	sched_wake(warp_sched(sm, w), sm, cycle);
}
