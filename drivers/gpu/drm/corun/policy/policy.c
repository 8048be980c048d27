// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy engine: registry and helpers shared by the policies.
 */
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
