// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: per-slot warp-issue quotas (SMK's time quotas in
 * the warp schedulers).
 *
 * Each SM grants every slot with an issue quota
 * (emu_gpu_set_slot_issue_quota()) that many warp instructions per issue
 * period; a warp ready to issue
 * whose slot has spent its grant on that SM waits for the period's end,
 * its cycles counted as CORUN_STALL_THROTTLED, unless every slot with a
 * quota and CTAs on the SM (two or more) has spent its grant: then all
 * are granted again at once, as SMK refills its quotas "when all are
 * spent or at the end of the period". Periods are
 * gpu->issue_period cycles long, counted from gpu->issue_base, the same
 * boundaries on every SM. Grants are refilled lazily, when a warp of a
 * slot with a quota is ready to issue, so the scheduler's only cost for
 * slots without a quota is one bit test per issue.
 */
#include <errno.h>

#include "sm.h"

static void quota_grant(struct emu_sm *sm)
{
	const struct emu_gpu *gpu = sm->gpu;
	uint32_t m;

	for (m = sm->quota_slots; m; m &= m - 1) {
		uint32_t s = (uint32_t)__builtin_ctz(m);

		sm->quota_left[s] = gpu->slots[s].issue_quota;
	}
}

/* A new period began at or before now: grant every quota again. */
static void quota_refill(struct emu_sm *sm)
{
	const struct emu_gpu *gpu = sm->gpu;
	uint64_t k = (gpu->now - gpu->issue_base) / gpu->issue_period;

	sm->quota_end = gpu->issue_base + (k + 1) * gpu->issue_period;
	quota_grant(sm);
}

/*
 * Have two or more slots with a quota and CTAs on @sm, and has every one
 * of them spent its grant? (A slot alone with a quota keeps it as a rate.)
 */
static bool quota_all_spent(const struct emu_sm *sm)
{
	const struct emu_gpu *gpu = sm->gpu;
	uint32_t m, n = 0;

	for (m = sm->quota_slots; m; m &= m - 1) {
		uint32_t s = (uint32_t)__builtin_ctz(m);

		if (!gpu->slots[s].resident[sm->id])
			continue;
		if (sm->quota_left[s])
			return false;
		n++;
	}
	return n >= 2;
}

/*
 * Called by try_issue() for a warp of @slot (which has a quota) that is
 * ready to issue. Returns true and charges one instruction, or false if
 * the slot's grant on @sm is spent until sm->quota_end, or until every
 * other slot with a quota and CTAs here has spent its own: then all are
 * granted again at once (SMK's rule, so that the quotas of co-running
 * slots set their shares of the SM's issue, not a ceiling on its rate),
 * and the slots waiting for the period's end look again.
 */
bool emu_quota_take(struct emu_sm *sm, uint32_t slot)
{
	uint32_t m;

	if (sm->gpu->now >= sm->quota_end)
		quota_refill(sm);
	if (!sm->quota_left[slot]) {
		if (!quota_all_spent(sm))
			return false;
		quota_grant(sm);
		for (m = sm->quota_slots & ~(1u << slot); m; m &= m - 1)
			emu_sm_wake_slot(sm, (uint32_t)__builtin_ctz(m));
	}
	sm->quota_left[slot]--;
	return true;
}

int emu_gpu_set_slot_issue_quota(struct emu_gpu *gpu, unsigned int slot,
				 uint32_t q)
{
	uint32_t old, i;

	if (slot >= gpu->cfg.num_slots)
		return -EINVAL;
	old = gpu->slots[slot].issue_quota;
	gpu->slots[slot].issue_quota = q;
	if (q == old)
		return 0;
	for (i = 0; i < gpu->cfg.num_sms; i++) {
		struct emu_sm *sm = &gpu->sms[i];

		if (!q) {
			sm->quota_slots &= ~(1u << slot);
		} else if (!old) {
			sm->quota_slots |= 1u << slot;
			sm->quota_left[slot] = q;
		} else if (sm->quota_left[slot] > q) {
			sm->quota_left[slot] = q;
		}
		/* Warps held by the old quota look again. */
		emu_sm_wake_slot(sm, slot);
	}
	return 0;
}

uint32_t emu_gpu_slot_issue_quota(const struct emu_gpu *gpu, unsigned int slot)
{
	return slot < gpu->cfg.num_slots ? gpu->slots[slot].issue_quota : 0;
}

int emu_gpu_set_issue_period(struct emu_gpu *gpu, uint32_t cycles)
{
	uint32_t i, m;

	if (!cycles || cycles > EMU_ISSUE_PERIOD_MAX)
		return -EINVAL;
	gpu->issue_period = cycles;
	gpu->issue_base = gpu->now;
	for (i = 0; i < gpu->cfg.num_sms; i++) {
		struct emu_sm *sm = &gpu->sms[i];

		/* A new period starts now: refilled at the next issue. */
		sm->quota_end = gpu->now;
		for (m = sm->quota_slots; m; m &= m - 1)
			emu_sm_wake_slot(sm, (uint32_t)__builtin_ctz(m));
	}
	return 0;
}
