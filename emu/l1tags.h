/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: tag stores of the SM-side caches, the L1 data cache
 * and the read-only data cache (mem_l1.c drives them).
 *
 * Set-associative with LRU replacement; lookups see every way, fills and
 * allocations only the ways of a mask (the slot's L1 ways, l1tags.c).
 * Caches hold tags, not data: a line records which of its 4-byte words
 * it holds and which of them are dirty. A fill from the L2 brings the
 * whole line. A local (stack) store that allocates a line under
 * l1.local_write = back_alloc brings only the words it writes, so a later
 * load of the others misses. Dirty words are local data under the
 * write-back policies; they are written back when the line is evicted,
 * charged to the slot and job that wrote them last.
 */
#ifndef _EMU_L1TAGS_H_
#define _EMU_L1TAGS_H_

#include <stdbool.h>
#include <stdint.h>

/**
 * struct emu_l1_line - one line of a tag store, what every lookup reads
 * @tag: line address + 1; 0: invalid
 * @lru: last use (a per-store clock)
 */
struct emu_l1_line {
	uint64_t tag;
	uint64_t lru;
};

/**
 * struct emu_l1_words - the rest of a line, kept apart so that lookups
 *	scan only tags (emu_l1_words_of())
 * @valid: words the line holds (bit i: bytes 4i..4i+3)
 * @dirty: words to write back when the line leaves
 * @job: job id that last dirtied the line
 * @slot: its hardware slot
 */
struct emu_l1_words {
	uint64_t valid;
	uint64_t dirty;
	uint32_t job;
	uint16_t slot;
};

/**
 * struct emu_l1_tags - a tag store
 * @e: sets * ways lines, set-major; NULL: no such cache (size 0)
 * @w: the words of each line of @e, by the same index
 * @sets: sets
 * @ways: ways per set (at most 32: way masks are 32-bit)
 * @line_shift: log2 of the line size
 * @full: @valid of a whole line
 * @clock: LRU clock
 */
struct emu_l1_tags {
	struct emu_l1_line *e;
	struct emu_l1_words *w;
	uint32_t sets, ways, line_shift;
	uint64_t full;
	uint64_t clock;
};

/**
 * emu_l1_tags_init() - allocate an empty store
 * @t: store
 * @size: bytes (0: no such cache); a multiple of @line * @ways
 * @line: line size, a power of two of 4..256 bytes
 * @ways: ways per set, 1..32
 *
 * Return: 0 or -ENOMEM.
 */
int emu_l1_tags_init(struct emu_l1_tags *t, uint32_t size, uint32_t line,
		     uint32_t ways);

/**
 * emu_l1_tags_fini() - free a store (a zeroed one is fine)
 * @t: store
 */
void emu_l1_tags_fini(struct emu_l1_tags *t);

static inline struct emu_l1_line *emu_l1_set(const struct emu_l1_tags *t,
					     uint64_t line)
{
	uint32_t set = (uint32_t)((line >> t->line_shift) % t->sets);

	return &t->e[(size_t)set * t->ways];
}

/* The line holding address @line (line aligned), or NULL. */
static inline struct emu_l1_line *emu_l1_find(const struct emu_l1_tags *t,
					      uint64_t line)
{
	struct emu_l1_line *w = emu_l1_set(t, line);
	uint32_t i;

	for (i = 0; i < t->ways; i++)
		if (w[i].tag == line + 1)
			return &w[i];
	return NULL;
}

static inline struct emu_l1_words *emu_l1_words_of(const struct emu_l1_tags *t,
						  const struct emu_l1_line *l)
{
	return &t->w[l - t->e];
}

static inline void emu_l1_touch(struct emu_l1_tags *t, struct emu_l1_line *l)
{
	l->lru = ++t->clock;
}

/**
 * emu_l1_victim() - the line an allocation of @line would replace
 * @t: store
 * @line: line address being allocated (not present)
 * @mask: ways the allocation may use
 * @clean: only lines without dirty words qualify
 *
 * An invalid way first, else the least recently used.
 *
 * Return: the victim (possibly valid and dirty: the caller writes it
 * back), or NULL if no way of @mask qualifies.
 */
struct emu_l1_line *emu_l1_victim(struct emu_l1_tags *t, uint64_t line,
				  uint32_t mask, bool clean);

/**
 * emu_l1_install() - make @l hold @line
 * @t: store
 * @l: a victim from emu_l1_victim() (its dirty words already handled)
 * @line: line address
 * @valid: words it holds
 * @dirty: of those, the dirty ones (then @job and @slot own them)
 * @job: owning job id
 * @slot: owning slot
 */
void emu_l1_install(struct emu_l1_tags *t, struct emu_l1_line *l,
		    uint64_t line, uint64_t valid, uint64_t dirty,
		    uint32_t job, uint16_t slot);

#endif /* _EMU_L1TAGS_H_ */
