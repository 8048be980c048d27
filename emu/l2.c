// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: L2 slice tags and victim policies (see l2.h).
 */
#include <errno.h>
#include <stdlib.h>

#include "l2.h"

int emu_l2_lru_victim(void *ctx, const struct emu_l2_line *set,
		      unsigned int ways, uint64_t mask, uint8_t slot,
		      uint8_t cls)
{
	int v = -1;
	unsigned int i;

	(void)ctx;
	(void)slot;
	(void)cls;
	for (i = 0; i < ways; i++)
		if ((mask >> i & 1) && !set[i].pending &&
		    (v < 0 || set[i].stamp < set[v].stamp))
			v = (int)i;
	return v;
}

const struct emu_l2_policy emu_l2_lru = {
	.name = "lru",
	.victim = emu_l2_lru_victim,
};

static unsigned int ilog2u(uint32_t v)
{
	unsigned int s = 0;

	while ((1u << s) < v)
		s++;
	return s;
}

int emu_l2_tags_init(struct emu_l2_tags *t, uint32_t bytes, uint32_t ways,
		     uint32_t line)
{
	t->sets = bytes / (line * ways);
	/* A power-of-two set count indexes with a mask, not a division. */
	t->set_mask = t->sets && !(t->sets & (t->sets - 1)) ? t->sets - 1 : 0;
	t->ways = ways;
	t->all_ways = ways >= 64 ? UINT64_MAX : (1ull << ways) - 1;
	t->line_shift = ilog2u(line);
	t->clock = 0;
	t->pol = &emu_l2_lru;
	t->pol_ctx = NULL;
	t->stats = NULL;
	t->lines = calloc((size_t)t->sets * ways, sizeof(*t->lines));
	return t->lines ? 0 : -ENOMEM;
}

void emu_l2_tags_fini(struct emu_l2_tags *t)
{
	free(t->lines);
	t->lines = NULL;
}

void emu_l2_set_policy(struct emu_l2_tags *t, const struct emu_l2_policy *pol,
		       void *ctx)
{
	t->pol = pol ? pol : &emu_l2_lru;
	t->pol_ctx = ctx;
}

struct emu_l2_line *emu_l2_set_of(struct emu_l2_tags *t, uint64_t key)
{
	uint64_t set = t->set_mask ? key & t->set_mask : key % t->sets;

	return &t->lines[set * t->ways];
}

struct emu_l2_line *emu_l2_lookup(struct emu_l2_tags *t, uint64_t key,
				  uint64_t addr)
{
	struct emu_l2_line *s = emu_l2_set_of(t, key);
	uint64_t line = addr >> t->line_shift << t->line_shift;
	uint32_t i;

	for (i = 0; i < t->ways; i++)
		if (s[i].valid && s[i].line == line)
			return &s[i];
	return NULL;
}

struct emu_l2_line *emu_l2_victim(struct emu_l2_tags *t, uint64_t key,
				  uint8_t slot, uint8_t cls)
{
	struct emu_l2_line *s = emu_l2_set_of(t, key);
	uint64_t mask = t->all_ways;
	uint32_t i;
	int v;

	if (t->pol->fill_mask)
		mask = t->pol->fill_mask(t->pol_ctx, slot, cls) & t->all_ways;
	for (i = 0; i < t->ways; i++)
		if ((mask >> i & 1) && !s[i].valid)
			return &s[i];
	v = t->pol->victim(t->pol_ctx, s, t->ways, mask, slot, cls);
	return v < 0 ? NULL : &s[v];
}

void emu_l2_fill(struct emu_l2_tags *t, struct emu_l2_line *l, uint64_t addr,
		 uint8_t slot, uint8_t cls)
{
	struct emu_l2_stats *st = t->stats;

	if (st) {
		if (l->valid) {
			struct emu_llc_counters *os = &st->slot[l->owner_slot];
			struct emu_llc_counters *oc = &st->cls[l->owner & 1];

			os->lines--;
			os->evicted++;
			os->evicted_by_other += l->owner_slot != slot;
			oc->lines--;
			oc->evicted++;
			oc->evicted_by_other += l->owner != cls;
		}
		st->slot[slot].lines++;
		st->slot[slot].fills++;
		st->cls[cls & 1].lines++;
		st->cls[cls & 1].fills++;
	}
	l->valid = 1;
	l->line = addr;
	l->owner = cls;
	l->owner_slot = slot;
	l->stamp = ++t->clock;
	if (t->pol->touch)
		t->pol->touch(t->pol_ctx, l, slot, cls, false);
}

void emu_l2_touch(struct emu_l2_tags *t, struct emu_l2_line *l, uint8_t slot,
		  uint8_t cls)
{
	l->stamp = ++t->clock;
	if (t->pol->touch)
		t->pol->touch(t->pol_ctx, l, slot, cls, true);
}
