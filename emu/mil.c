// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: per-slot memory-instruction limits (MIL, Dai et
 * al., HPCA'18), the hardware side of the firmware's controller.
 *
 * A slot with a cap (emu_gpu_set_slot_mil_cap()) may have at most that
 * many memory instructions that access the L1 (global or local memory)
 * in flight on each SM: from issue until the last of the L1 requests it
 * made completes. Each SM keeps, per slot, a count of them, and a fixed
 * pool of records, one per tracked instruction, holding the requests it
 * still waits for; its requests carry the record (emu_mem_req.mil). Only
 * instructions issued while their slot has a cap are tracked, so a slot
 * without one costs a bit test per issue and its timing is exactly that
 * of a device without MIL; a cap set later counts from then on. A capped
 * slot's tracked instructions never exceed EMU_MIL_CAP_MAX per SM, which
 * sizes the pool; one whose lanes were predicted to go to shared memory
 * but did not (see emu_mil_blocked()) may find it empty and is then not
 * counted.
 */
#include <errno.h>
#include <stdlib.h>

#include "sm.h"

int emu_mil_init(struct emu_sm *sm)
{
	uint32_t n = sm->gpu->cfg.num_slots * EMU_MIL_CAP_MAX, i;

	sm->mil_left = calloc(n, sizeof(*sm->mil_left));
	sm->mil_rslot = calloc(n, sizeof(*sm->mil_rslot));
	sm->mil_free = calloc(n, sizeof(*sm->mil_free));
	if (!sm->mil_left || !sm->mil_rslot || !sm->mil_free)
		return -ENOMEM;
	/* Lowest record first: the order is part of determinism. */
	for (i = 0; i < n; i++)
		sm->mil_free[i] = (uint16_t)(n - 1 - i);
	sm->mil_nfree = n;
	return 0;
}

void emu_mil_fini(struct emu_sm *sm)
{
	free(sm->mil_left);
	free(sm->mil_rslot);
	free(sm->mil_free);
}

bool emu_mil_blocked(const struct emu_sm *sm, const struct emu_warp *w,
		     const struct rv_uop *u, uint32_t slot)
{
	uint32_t mask = rv_warp_issue_mask(&w->rv), va;

	if (sm->mil_out[slot] < sm->mil_cap[slot] || !mask)
		return false;
	/*
	 * Shared memory is not limited. The address is not computed before
	 * issue: the first issuing lane's (every memory access is rs1 +
	 * imm) stands for the instruction's.
	 */
	va = w->rv.x[u->rs1][__builtin_ctz(mask)] + (uint32_t)u->imm;
	return va - CORUN_VA_SHARED_BASE >= CORUN_VA_SHARED_MAX;
}

uint16_t emu_mil_track(struct emu_sm *sm, uint32_t slot, uint32_t nreq)
{
	uint16_t rec;

	if (!sm->mil_nfree)
		return 0;
	rec = sm->mil_free[--sm->mil_nfree];
	sm->mil_left[rec] = (uint16_t)nreq;
	sm->mil_rslot[rec] = (uint8_t)slot;
	sm->mil_out[slot]++;
	return (uint16_t)(rec + 1);
}

void emu_mil_done(struct emu_sm *sm, uint16_t mil)
{
	uint16_t rec = (uint16_t)(mil - 1);
	uint32_t slot = sm->mil_rslot[rec];

	if (--sm->mil_left[rec])
		return;
	sm->mil_free[sm->mil_nfree++] = rec;
	/* The slot's warps held at the cap look again. */
	if (sm->mil_out[slot]-- == sm->mil_cap[slot] &&
	    (sm->mil_slots >> slot & 1))
		emu_sm_wake_slot(sm, slot);
}

int emu_gpu_set_slot_mil_cap(struct emu_gpu *gpu, unsigned int slot,
			     uint32_t cap)
{
	uint32_t i;

	if (slot >= gpu->cfg.num_slots || cap > EMU_MIL_CAP_MAX)
		return -EINVAL;
	if (gpu->slots[slot].mil_cap == cap)
		return 0;
	gpu->slots[slot].mil_cap = cap;
	for (i = 0; i < gpu->cfg.num_sms; i++) {
		struct emu_sm *sm = &gpu->sms[i];

		sm->mil_cap[slot] = (uint16_t)cap;
		if (cap)
			sm->mil_slots |= 1u << slot;
		else
			sm->mil_slots &= ~(1u << slot);
		/* Warps held by the old cap look again. */
		emu_sm_wake_slot(sm, slot);
	}
	return 0;
}

uint32_t emu_gpu_slot_mil_cap(const struct emu_gpu *gpu, unsigned int slot)
{
	return slot < gpu->cfg.num_slots ? gpu->slots[slot].mil_cap : 0;
}
