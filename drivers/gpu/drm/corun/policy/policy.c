// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy engine: registry and helpers shared by the policies.
 */
#include <corun/hw.h>

#include "policy.h"

#define CORUN_EINVAL 22

const struct corun_policy_ops *const corun_policies[] = {
	&corun_policy_fcfs,
	&corun_policy_even,
	0,
};

const struct corun_policy_ops *corun_policy_find_id(u32 id)
{
	u32 i;

	for (i = 0; corun_policies[i]; i++)
		if (corun_policies[i]->id == id)
			return corun_policies[i];
	return 0;
}

static int corun_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

const struct corun_policy_ops *corun_policy_find_name(const char *name)
{
	u32 i;

	for (i = 0; corun_policies[i]; i++)
		if (corun_streq(corun_policies[i]->name, name))
			return corun_policies[i];
	return 0;
}

int corun_policy_generic_init(struct corun_policy_state *st, u32 num_slots,
			      u32 num_sms)
{
	if (!num_slots || num_slots > CORUN_POLICY_MAX_SLOTS || !num_sms ||
	    num_sms > CORUN_POLICY_MAX_SMS)
		return -CORUN_EINVAL;
	st->num_slots = num_slots;
	st->num_sms = num_sms;
	st->decisions = 0;
	return 0;
}

void corun_policy_mask_range(u32 *mask, u32 first, u32 count)
{
	u32 i;

	for (i = 0; i < CORUN_POLICY_MASK_WORDS; i++)
		mask[i] = 0;
	for (i = first; i < first + count && i < CORUN_POLICY_MAX_SMS; i++)
		mask[i / 32] |= 1u << (i % 32);
}

void corun_policy_in_init(struct corun_policy_in *in, u32 num_slots,
			  u32 num_sms, u64 epoch_cycles)
{
	u32 s;

	in->num_slots = num_slots;
	in->num_sms = num_sms;
	in->epoch_cycles = epoch_cycles;
	for (s = 0; s < CORUN_POLICY_MAX_SLOTS; s++) {
		in->slot[s].running = 0;
		in->slot[s].priority = 0;
		in->slot[s].qos_target = 0;
		in->slot[s].warp_insns = 0;
		in->slot[s].active_cycles = 0;
	}
}

void corun_policy_in_job(struct corun_policy_in *in, u32 slot, s32 priority,
			 u32 qos_target)
{
	if (slot >= CORUN_POLICY_MAX_SLOTS)
		return;
	in->slot[slot].running = 1;
	in->slot[slot].priority = priority;
	in->slot[slot].qos_target = qos_target;
}

void corun_policy_in_epoch(struct corun_policy_in *in,
			   const struct corun_slot_counters *cur,
			   const struct corun_slot_counters *prev,
			   u32 num_slots)
{
	u32 s;

	for (s = 0; s < num_slots && s < CORUN_POLICY_MAX_SLOTS; s++) {
		in->slot[s].warp_insns = cur[s].warp_insns - prev[s].warp_insns;
		in->slot[s].active_cycles =
			cur[s].active_cycles - prev[s].active_cycles;
	}
}
