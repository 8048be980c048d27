/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: the tag store of one L2 slice.
 *
 * Set-associative tags with a per-line owner (the slot and the CPU/GPU
 * class of the request that allocated it, for the LLC partitioning and
 * protection policies), dirty and pending (fill outstanding) bits, and
 * a replaceable victim-selection policy. The slice's queues, MSHRs and
 * timing live in mem_l2.c; this file only decides hits and victims and
 * keeps the per-owner counts. The policies beyond LRU are in
 * llc_policy.c.
 */
#ifndef _EMU_L2_H_
#define _EMU_L2_H_

#include <stdbool.h>
#include <stdint.h>
#include <corun/hw.h>

/**
 * struct emu_l2_line - one L2 line
 * @line: line address (byte address, line aligned)
 * @stamp: recency stamp (larger = more recently used)
 * @mshr: MSHR of the outstanding fill while @pending
 * @valid: holds @line (data present unless @pending)
 * @dirty: modified since the fill
 * @pending: allocated, fill from DRAM outstanding
 * @owner: class of the request that allocated it (enum emu_mem_cls)
 * @owner_slot: slot of the request that allocated it
 *
 * The owner is set when the line is allocated; hits by others leave it.
 */
struct emu_l2_line {
	uint64_t line;
	uint64_t stamp;
	uint16_t mshr;
	uint8_t valid;
	uint8_t dirty;
	uint8_t pending;
	uint8_t owner;
	uint8_t owner_slot;
};

/**
 * struct emu_l2_policy - victim selection, pluggable per slice
 * @name: for messages
 * @fill_mask: the ways a request of slot @slot and class @cls may fill
 *	(bit i: way i; NULL: every way). Invalid ways outside it are not
 *	taken either; lookups always see every way.
 * @victim: pick a way of @set (@ways lines) within @mask (what
 *	@fill_mask gave, every valid) for a request of slot @slot and
 *	class @cls; pending lines must not be chosen. Return the way or -1
 *	if none can be replaced now (the request waits).
 * @touch: a hit (@hit) or a fill of @l by slot @slot and class @cls (may
 *	be NULL)
 */
struct emu_l2_policy {
	const char *name;
	uint64_t (*fill_mask)(void *ctx, uint8_t slot, uint8_t cls);
	int (*victim)(void *ctx, const struct emu_l2_line *set,
		      unsigned int ways, uint64_t mask, uint8_t slot,
		      uint8_t cls);
	void (*touch)(void *ctx, struct emu_l2_line *l, uint8_t slot,
		      uint8_t cls, bool hit);
};

/**
 * struct emu_llc_counters - LLC counts of one owner (a slot or a class)
 * @hits: its requests that hit a valid line (by requester)
 * @misses: its requests that missed, or hit a line still being filled
 * @lines: lines it owns now
 * @fills: lines it allocated
 * @evicted: lines it owned that a fill replaced
 * @evicted_by_other: of those, the ones replaced by another owner's fill
 *	(another slot, for slot counts; the other class, for class counts)
 */
struct emu_llc_counters {
	uint64_t hits;
	uint64_t misses;
	uint64_t lines;
	uint64_t fills;
	uint64_t evicted;
	uint64_t evicted_by_other;
};

/**
 * struct emu_l2_stats - LLC counts by owner, shared by the slices
 * @slot: per slot
 * @cls: per class (enum emu_mem_cls)
 */
struct emu_l2_stats {
	struct emu_llc_counters slot[CORUN_MAX_SLOTS];
	struct emu_llc_counters cls[2];
};

/**
 * struct emu_l2_tags - tags of one slice
 * @lines: sets * ways lines
 * @sets: sets (set index = key % sets, key from the caller: the line's
 *	index among the lines the slice owns)
 * @ways: associativity
 * @line_shift: log2 of the line size
 * @set_mask: @sets - 1 if a power of two (above 1), else 0
 * @all_ways: mask of every way
 * @clock: recency clock for @stamp
 * @pol: victim policy
 * @pol_ctx: its context
 * @stats: per-owner counts (NULL: not counted)
 */
struct emu_l2_tags {
	struct emu_l2_line *lines;
	uint32_t sets, ways, line_shift;
	uint32_t set_mask;
	uint64_t all_ways;
	uint64_t clock;
	const struct emu_l2_policy *pol;
	void *pol_ctx;
	struct emu_l2_stats *stats;
};

/* LRU: the default policy (ctx: unused). */
extern const struct emu_l2_policy emu_l2_lru;

/**
 * emu_l2_lru_victim() - LRU's victim: the least recently used way of @set
 *	within @mask (struct emu_l2_policy.victim, for other policies too)
 * @ctx: unused
 * @set: the set's lines
 * @ways: associativity
 * @mask: ways to choose from (bit i: way i)
 * @slot: unused
 * @cls: unused
 *
 * Pending lines are skipped.
 *
 * Return: the way, or -1 if every way of @mask is pending.
 */
int emu_l2_lru_victim(void *ctx, const struct emu_l2_line *set,
		      unsigned int ways, uint64_t mask, uint8_t slot,
		      uint8_t cls);

/**
 * emu_l2_tags_init() - allocate an empty tag store with LRU replacement
 * @t: tags
 * @bytes: slice capacity
 * @ways: associativity
 * @line: line bytes (power of two)
 *
 * Return: 0 or -ENOMEM.
 */
int emu_l2_tags_init(struct emu_l2_tags *t, uint32_t bytes, uint32_t ways,
		     uint32_t line);

/**
 * emu_l2_tags_fini() - free it
 * @t: tags
 */
void emu_l2_tags_fini(struct emu_l2_tags *t);

/**
 * emu_l2_set_policy() - replace the victim policy
 * @t: tags
 * @pol: policy (NULL: LRU)
 * @ctx: its context
 */
void emu_l2_set_policy(struct emu_l2_tags *t, const struct emu_l2_policy *pol,
		       void *ctx);

/**
 * emu_l2_set_of() - first line of the set @key maps to
 * @t: tags
 * @key: set key (see @sets)
 *
 * Return: pointer to way 0 of the set.
 */
struct emu_l2_line *emu_l2_set_of(struct emu_l2_tags *t, uint64_t key);

/**
 * emu_l2_lookup() - find the line holding @addr (valid, maybe pending)
 * @t: tags
 * @key: set key
 * @addr: byte address
 *
 * Return: the line or NULL.
 */
struct emu_l2_line *emu_l2_lookup(struct emu_l2_tags *t, uint64_t key,
				  uint64_t addr);

/**
 * emu_l2_victim() - choose the way a miss of slot @slot, class @cls
 *	replaces
 * @t: tags
 * @key: set key of the miss
 * @slot: request slot
 * @cls: request class
 *
 * Invalid ways the request may fill (the policy's fill_mask) are taken
 * first; otherwise the policy decides among those ways.
 *
 * Return: the line (its old contents still in place) or NULL if every way
 * the request may fill is pending.
 */
struct emu_l2_line *emu_l2_victim(struct emu_l2_tags *t, uint64_t key,
				  uint8_t slot, uint8_t cls);

/**
 * emu_l2_fill() - allocate @l (a victim) to @addr for slot @slot, class
 *	@cls
 * @t: tags
 * @l: line (its old contents, if valid, are evicted: counted here, the
 *	write-back is the caller's)
 * @addr: byte address
 * @slot: request slot, the new owner
 * @cls: request class
 *
 * Leaves @l valid, owned, most recently used; dirty and pending are the
 * caller's to set.
 */
void emu_l2_fill(struct emu_l2_tags *t, struct emu_l2_line *l, uint64_t addr,
		 uint8_t slot, uint8_t cls);

/**
 * emu_l2_touch() - record a hit for the recency order and the policy
 * @t: tags
 * @l: line
 * @slot: request slot
 * @cls: request class
 */
void emu_l2_touch(struct emu_l2_tags *t, struct emu_l2_line *l, uint8_t slot,
		  uint8_t cls);

/**
 * emu_l2_count() - count a request's hit or miss for its slot and class
 * @t: tags
 * @slot: request slot
 * @cls: request class
 * @hit: it hit a valid line (not one being filled)
 */
static inline void emu_l2_count(struct emu_l2_tags *t, uint8_t slot,
				uint8_t cls, bool hit)
{
	struct emu_l2_stats *st = t->stats;

	if (!st)
		return;
	if (hit) {
		st->slot[slot].hits++;
		st->cls[cls & 1].hits++;
	} else {
		st->slot[slot].misses++;
		st->cls[cls & 1].misses++;
	}
}

#endif /* _EMU_L2_H_ */
