// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: tag stores of the SM-side caches (see l1tags.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "l1tags.h"

int emu_l1_tags_init(struct emu_l1_tags *t, uint32_t size, uint32_t line,
		     uint32_t ways)
{
	uint32_t words = line / 4;

	memset(t, 0, sizeof(*t));
	t->ways = ways;
	t->sets = size / (line * ways);
	while ((1u << t->line_shift) < line)
		t->line_shift++;
	t->full = words >= 64 ? UINT64_MAX : (1ull << words) - 1;
	if (!size)
		return 0;
	t->e = calloc((size_t)t->sets * ways, sizeof(*t->e));
	t->w = calloc((size_t)t->sets * ways, sizeof(*t->w));
	return t->e && t->w ? 0 : -ENOMEM;
}

void emu_l1_tags_fini(struct emu_l1_tags *t)
{
	free(t->e);
	free(t->w);
	t->e = NULL;
	t->w = NULL;
}

struct emu_l1_line *emu_l1_victim(struct emu_l1_tags *t, uint64_t line,
				  uint32_t mask, bool clean)
{
	struct emu_l1_line *w = emu_l1_set(t, line), *victim = NULL;
	uint32_t i;

	for (i = 0; i < t->ways; i++) {
		if (!(mask & 1u << i))
			continue;
		if (!w[i].tag)
			return &w[i];
		if (clean && emu_l1_words_of(t, &w[i])->dirty)
			continue;
		if (!victim || w[i].lru < victim->lru)
			victim = &w[i];
	}
	return victim;
}

void emu_l1_install(struct emu_l1_tags *t, struct emu_l1_line *l,
		    uint64_t line, uint64_t valid, uint64_t dirty,
		    uint32_t job, uint16_t slot)
{
	struct emu_l1_words *lw = emu_l1_words_of(t, l);

	l->tag = line + 1;
	lw->valid = valid;
	lw->dirty = dirty;
	lw->job = job;
	lw->slot = slot;
	emu_l1_touch(t, l);
}
