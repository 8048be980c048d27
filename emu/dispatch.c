// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: the CTA dispatcher.
 *
 * Each cycle every SM may receive at most one new CTA (as in GPGPU-Sim).
 * Running jobs are served by slot priority, then in the order they
 * started (FCFS: an earlier job takes what it can, later jobs get the
 * leftovers). A job's CTAs saved by a context switch (ctxsw.c) are
 * restored first, then its new CTAs follow in linear order; the placement
 * mode picks the SM, honouring the slot's SM mask, its per-SM CTA quota,
 * max kernels per SM and the static resources (emu_sm_fits()).
 *
 * Placement modes are a table of struct emu_placement_ops; this stage
 * implements round-robin (IKRA's "G"). Chunk, reset, flip and steal slot
 * in here later; until then descriptors and slot policies asking for
 * them are rejected, and the device does not advertise them.
 */
#include <string.h>

#include "sm.h"

static void rr_start(struct emu_gpu *gpu, struct emu_job *job)
{
	(void)gpu;
	job->rr_next = 0;
}

/* GPGPU-Sim style: continue from the SM after the last one used. */
static int rr_pick(struct emu_gpu *gpu, struct emu_job *job, uint32_t slot,
		   const uint32_t *taken)
{
	const struct emu_slot_policy *p = &gpu->slots[slot].policy;
	uint32_t n = gpu->cfg.num_sms, i;

	for (i = 0; i < n; i++) {
		uint32_t sm = (job->rr_next + i) % n;

		if (!emu_mask_test(p->sm_mask, sm) || emu_mask_test(taken, sm))
			continue;
		if (emu_sm_fits(&gpu->sms[sm], job, slot)) {
			job->rr_next = (sm + 1) % n;
			return (int)sm;
		}
	}
	return -1;
}

static const struct emu_placement_ops place_rr = {
	.name = "rr",
	.job_start = rr_start,
	.pick = rr_pick,
};

static const struct emu_placement_ops *const modes[CORUN_PLACE_NR] = {
	[CORUN_PLACE_RR] = &place_rr,
};

const struct emu_placement_ops *emu_placement(uint32_t mode)
{
	return mode < CORUN_PLACE_NR ? modes[mode] : NULL;
}

uint32_t emu_gpu_placement_modes(void)
{
	uint32_t m = 0, i;

	for (i = 0; i < CORUN_PLACE_NR; i++)
		if (modes[i])
			m |= 1u << i;
	return m;
}

bool emu_dispatch(struct emu_gpu *gpu)
{
	uint32_t taken[CORUN_SM_MASK_WORDS] = { 0 };
	struct emu_job *order[CORUN_MAX_SLOTS];
	uint32_t n = 0, i, j;
	bool placed = false;

	for (i = 0; i < gpu->cfg.num_slots; i++) {
		struct emu_job *job = &gpu->slots[i].job;

		if (job->state == EMU_JOB_RUNNING &&
		    (job->saved || job->next_cta < job->ncta))
			order[n++] = job;
	}
	/* Priority (high first), then start order. */
	for (i = 1; i < n; i++) {
		struct emu_job *x = order[i];
		uint32_t px = gpu->slots[x->slot].policy.priority;

		for (j = i; j > 0; j--) {
			struct emu_job *y = order[j - 1];
			uint32_t py = gpu->slots[y->slot].policy.priority;

			if (py > px || (py == px && y->order < x->order))
				break;
			order[j] = y;
		}
		order[j] = x;
	}
	for (i = 0; i < n; i++) {
		struct emu_job *job = order[i];
		const struct emu_placement_ops *ops = emu_placement(job->placement);

		while ((job->saved || job->next_cta < job->ncta) &&
		       job->state == EMU_JOB_RUNNING) {
			int sm = ops->pick(gpu, job, job->slot, taken);

			if (sm < 0)
				break;
			taken[sm / 32] |= 1u << (sm % 32);
			placed = true;
			/* saved CTAs first: they are older than any new one */
			if (job->saved) {
				emu_ctxsw_restore(&gpu->sms[sm], job);
				continue;
			}
			if (!job->started) {
				job->started = true;
				job->start_cycle = gpu->now;
			}
			job->ctas_live++;
			EMU_SLOT_ADD(gpu, job->slot, ctas_launched, 1);
			emu_sm_launch(&gpu->sms[sm], job, job->slot,
				      job->next_cta++);
		}
	}
	return placed;
}
