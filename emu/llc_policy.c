// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: LLC owner protection and way partitioning (see
 * llc_policy.h).
 */
#include <errno.h>
#include <string.h>

#include "llc_policy.h"

/* xorshift64* (Vigna): a full-period 64-bit generator, one per device. */
static uint64_t rng_next(struct emu_llc *c)
{
	c->rng ^= c->rng >> 12;
	c->rng ^= c->rng << 25;
	c->rng ^= c->rng >> 27;
	return c->rng * 0x2545f4914f6cdd1dull;
}

/* Uniform in 1..EMU_LLC_PERMILLE (the high half: the best bits). */
static uint32_t rng_permille(struct emu_llc *c)
{
	return (uint32_t)(((rng_next(c) >> 32) * EMU_LLC_PERMILLE) >> 32) + 1;
}

void emu_llc_init(struct emu_llc *c, const struct emu_config *cfg)
{
	memset(c, 0, sizeof(*c));
	/* splitmix64 of the configuration id: never the all-zero state. */
	c->seed = emu_config_id(cfg) + 0x9e3779b97f4a7c15ull;
	c->seed = (c->seed ^ (c->seed >> 30)) * 0xbf58476d1ce4e5b9ull;
	c->seed = (c->seed ^ (c->seed >> 27)) * 0x94d049bb133111ebull;
	c->seed ^= c->seed >> 31;
	if (!c->seed)
		c->seed = 1;
	c->rng = c->seed;
}

static bool is_protected(const struct emu_llc *c, uint8_t slot, uint8_t cls)
{
	return (c->pol.protect_cls >> (cls & 1) & 1) ||
	       (slot < CORUN_MAX_SLOTS && (c->pol.protect_slots >> slot & 1));
}

static int protect_victim(void *ctx, const struct emu_l2_line *set,
			  unsigned int ways, uint64_t mask, uint8_t slot,
			  uint8_t cls)
{
	struct emu_llc *c = ctx;
	int lru = -1, cand = -1;
	unsigned int i;

	/* The LRU line, and the LRU line of an unprotected owner. */
	for (i = 0; i < ways; i++) {
		const struct emu_l2_line *l = &set[i];

		if (!(mask >> i & 1) || l->pending)
			continue;
		if (lru < 0 || l->stamp < set[lru].stamp)
			lru = (int)i;
		if (!is_protected(c, l->owner_slot, l->owner) &&
		    (cand < 0 || l->stamp < set[cand].stamp))
			cand = (int)i;
	}
	if (cand < 0 || cand == lru || is_protected(c, slot, cls))
		return lru;
	/* The LRU line is protected: replaced only with evict_permille. */
	if (rng_permille(c) > c->pol.evict_permille)
		return cand;
	return lru;
}

static const struct emu_l2_policy llc_protect = {
	.name = "protect",
	.victim = protect_victim,
};

static uint64_t waypart_mask(void *ctx, uint8_t slot, uint8_t cls)
{
	const struct emu_llc *c = ctx;

	return slot < CORUN_MAX_SLOTS ? c->fill[slot][cls & 1] : UINT64_MAX;
}

static const struct emu_l2_policy llc_waypart = {
	.name = "waypart",
	.fill_mask = waypart_mask,
	.victim = emu_l2_lru_victim,
};

int emu_llc_check(const struct emu_llc_policy *p, const struct emu_config *cfg)
{
	uint64_t all =
		cfg->l2.ways >= 64 ? UINT64_MAX : (1ull << cfg->l2.ways) - 1;
	uint32_t slots =
		cfg->num_slots >= 32 ? UINT32_MAX : (1u << cfg->num_slots) - 1;
	bool ways_set = false, prot_set;
	uint32_t i;

	for (i = 0; i < CORUN_MAX_SLOTS; i++) {
		if ((p->slot_ways[i] & ~all) ||
		    (p->slot_ways[i] && i >= cfg->num_slots))
			return -EINVAL;
		ways_set |= p->slot_ways[i] != 0;
	}
	for (i = 0; i < 2; i++) {
		if (p->cls_ways[i] & ~all)
			return -EINVAL;
		ways_set |= p->cls_ways[i] != 0;
	}
	if ((p->protect_cls & ~3u) || (p->protect_slots & ~slots) ||
	    p->evict_permille > EMU_LLC_PERMILLE)
		return -EINVAL;
	prot_set = p->protect_cls || p->protect_slots || p->evict_permille;
	switch (p->mode) {
	case EMU_LLC_LRU:
		return ways_set || prot_set ? -EINVAL : 0;
	case EMU_LLC_PROTECT:
		return ways_set ? -EINVAL : 0;
	case EMU_LLC_WAYPART:
		return prot_set ? -EINVAL : 0;
	}
	return -EINVAL;
}

const struct emu_l2_policy *
emu_llc_set(struct emu_llc *c, const struct emu_llc_policy *p, uint32_t ways)
{
	uint64_t all = ways >= 64 ? UINT64_MAX : (1ull << ways) - 1;
	uint32_t s, k;

	c->pol = *p;
	for (s = 0; s < CORUN_MAX_SLOTS; s++) {
		for (k = 0; k < 2; k++) {
			uint64_t sm = p->slot_ways[s] ? p->slot_ways[s] : all;
			uint64_t cm = p->cls_ways[k] ? p->cls_ways[k] : all;

			/* The class partition is the outer one. */
			c->fill[s][k] = sm & cm ? sm & cm : cm;
		}
	}
	switch (p->mode) {
	case EMU_LLC_PROTECT:
		return &llc_protect;
	case EMU_LLC_WAYPART:
		return &llc_waypart;
	default:
		return &emu_l2_lru;
	}
}
