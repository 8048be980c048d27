/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: the tag store of one L2 slice.
 *
 * Set-associative tags with a per-line owner class (CPU/GPU, for the LLC
 * partitioning policies), dirty and pending (fill outstanding) bits, and
 * a replaceable victim-selection policy. The slice's queues, MSHRs and
 * timing live in mem.c; this file only decides hits and victims.
 */
#ifndef _EMU_L2_H_
#define _EMU_L2_H_

#include <stdbool.h>
#include <stdint.h>

/**
 * struct emu_l2_line - one L2 line
 * @line: line address (byte address, line aligned)
 * @stamp: recency stamp (larger = more recently used)
 * @mshr: MSHR of the outstanding fill while @pending
 * @valid: holds @line (data present unless @pending)
 * @dirty: modified since the fill
 * @pending: allocated, fill from DRAM outstanding
 * @owner: class of the request that allocated it (enum emu_mem_cls)
 */
struct emu_l2_line {
	uint64_t line;
	uint64_t stamp;
	uint16_t mshr;
	uint8_t valid;
	uint8_t dirty;
	uint8_t pending;
	uint8_t owner;
};

/**
 * struct emu_l2_policy - victim selection, pluggable per slice
 * @name: for messages
 * @victim: pick a way of @set (@ways lines) for a request of class @cls;
 *	pending lines must not be chosen. Return the way or -1 if none can
 *	be replaced now (the request waits).
 * @touch: a hit (@hit) or a fill of @l by class @cls (may be NULL)
 */
struct emu_l2_policy {
	const char *name;
	int (*victim)(void *ctx, const struct emu_l2_line *set,
		      unsigned int ways, uint8_t cls);
	void (*touch)(void *ctx, struct emu_l2_line *l, uint8_t cls, bool hit);
};

/**
 * struct emu_l2_tags - tags of one slice
 * @lines: sets * ways lines
 * @sets: sets (set index = key % sets, key from the caller: the line's
 *	index among the lines the slice owns)
 * @ways: associativity
 * @line_shift: log2 of the line size
 * @set_mask: @sets - 1 if a power of two (above 1), else 0
 * @clock: recency clock for @stamp
 * @pol: victim policy
 * @pol_ctx: its context
 */
struct emu_l2_tags {
	struct emu_l2_line *lines;
	uint32_t sets, ways, line_shift;
	uint32_t set_mask;
	uint64_t clock;
	const struct emu_l2_policy *pol;
	void *pol_ctx;
};

/* LRU: the default policy (ctx: unused). */
extern const struct emu_l2_policy emu_l2_lru;

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
 * emu_l2_victim() - choose the way a miss of class @cls replaces
 * @t: tags
 * @key: set key of the miss
 * @cls: request class
 *
 * Invalid ways are taken first; otherwise the policy decides.
 *
 * Return: the line (its old contents still in place) or NULL if every way
 * of the set is pending.
 */
struct emu_l2_line *emu_l2_victim(struct emu_l2_tags *t, uint64_t key,
				  uint8_t cls);

/**
 * emu_l2_touch() - record a hit or fill for the policy
 * @t: tags
 * @l: line
 * @cls: request class
 * @hit: true for a hit, false for a fill/allocation
 */
void emu_l2_touch(struct emu_l2_tags *t, struct emu_l2_line *l, uint8_t cls,
		  bool hit);

#endif /* _EMU_L2_H_ */
