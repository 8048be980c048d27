// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: utility monitors of the L1 (l1_umon.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atd_set.h"
#include "l1_umon.h"

struct emu_l1_umon {
	bool on;
	uint32_t sms, sets, ways, line_shift, slots, sample;
	uint64_t clock;
	struct emu_atd_way *w; /* [sm][set][slot][way], sampled sets used */
	uint64_t *hits; /* [slot][position] */
	uint64_t *accesses; /* [slot] */
};

static size_t umon_ways(const struct emu_l1_umon *u)
{
	return (size_t)u->sms * u->sets * u->slots * u->ways;
}

struct emu_l1_umon *emu_l1_umon_create(uint32_t sms, uint32_t sets,
				       uint32_t ways, uint32_t line_shift,
				       uint32_t slots)
{
	struct emu_l1_umon *u;

	if (!sms || !sets || !ways || !slots)
		return NULL;
	u = calloc(1, sizeof(*u));
	if (!u)
		return NULL;
	u->sms = sms;
	u->sets = sets;
	u->ways = ways;
	u->line_shift = line_shift;
	u->slots = slots;
	u->sample = EMU_L1_UMON_SAMPLE;
	u->w = calloc(umon_ways(u), sizeof(*u->w));
	u->hits = calloc((size_t)slots * ways, sizeof(*u->hits));
	u->accesses = calloc(slots, sizeof(*u->accesses));
	if (!u->w || !u->hits || !u->accesses) {
		emu_l1_umon_destroy(u);
		return NULL;
	}
	return u;
}

void emu_l1_umon_destroy(struct emu_l1_umon *u)
{
	if (!u)
		return;
	free(u->w);
	free(u->hits);
	free(u->accesses);
	free(u);
}

void emu_l1_umon_enable(struct emu_l1_umon *u, bool on)
{
	if (on && !u->on)
		memset(u->w, 0, umon_ways(u) * sizeof(*u->w));
	u->on = on;
}

int emu_l1_umon_set_sample(struct emu_l1_umon *u, uint32_t n)
{
	if (!n || n > EMU_L1_UMON_SAMPLE_MAX)
		return -EINVAL;
	if (n != u->sample)
		memset(u->w, 0, umon_ways(u) * sizeof(*u->w));
	u->sample = n;
	return 0;
}

uint32_t emu_l1_umon_sample(const struct emu_l1_umon *u)
{
	return u->sample;
}

bool emu_l1_umon_on(const struct emu_l1_umon *u)
{
	return u->on;
}

void emu_l1_umon_access(struct emu_l1_umon *u, uint32_t sm, uint32_t slot,
			uint64_t addr)
{
	uint64_t line = addr >> u->line_shift;
	uint32_t set = (uint32_t)(line % u->sets);
	struct emu_atd_way *w;
	int pos;

	if (!u->on || set % u->sample || sm >= u->sms || slot >= u->slots)
		return;
	w = &u->w[(((size_t)sm * u->sets + set) * u->slots + slot) * u->ways];
	u->accesses[slot]++;
	pos = emu_atd_set_access(w, u->ways, line, ++u->clock);
	if (pos >= 0)
		u->hits[(size_t)slot * u->ways + (uint32_t)pos]++;
}

void emu_l1_umon_decay(struct emu_l1_umon *u, uint32_t shift)
{
	size_t i, n = (size_t)u->slots * u->ways;

	for (i = 0; i < n; i++)
		u->hits[i] = shift >= 64 ? 0 : u->hits[i] >> shift;
}

uint64_t emu_l1_umon_hits(const struct emu_l1_umon *u, uint32_t slot,
			  uint32_t pos)
{
	if (!u || slot >= u->slots || pos >= u->ways)
		return 0;
	return u->hits[(size_t)slot * u->ways + pos];
}

uint64_t emu_l1_umon_accesses(const struct emu_l1_umon *u, uint32_t slot)
{
	return u && slot < u->slots ? u->accesses[slot] : 0;
}
