/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: sampled auxiliary tag directories of the LLC.
 *
 * Per slot and L2 slice, an LRU tag store with the slice's associativity
 * for every EMU_LLC_ATD_SAMPLE-th set (set 0, N, 2N, ...): the tags the
 * slot would hold if it ran alone. Every LLC access of a slot to a
 * sampled set updates the slot's directory; a real miss that the
 * directory hits is an interference miss (another slot's fill evicted
 * the line, or took the ways a partitioning policy left it). The white-
 * box slowdown model reads the interference share of the sampled misses
 * (struct corun_slot_interf_counters.llc_atd_*). Storage is allocated at
 * create time.
 */
#ifndef _EMU_LLC_ATD_H_
#define _EMU_LLC_ATD_H_

#include <stdbool.h>
#include <stdint.h>

/* One set in this many is mirrored (a 32-set slice mirrors 4). */
#define EMU_LLC_ATD_SAMPLE 8u

struct emu_llc_atd;

/**
 * emu_llc_atd_create() - directories for every slot of every slice
 * @slices: L2 slices
 * @sets: sets per slice
 * @ways: associativity
 * @slots: hardware slots
 *
 * Return: the directories or NULL (no memory).
 */
struct emu_llc_atd *emu_llc_atd_create(uint32_t slices, uint32_t sets,
				       uint32_t ways, uint32_t slots);

/* Free it (NULL is fine). */
void emu_llc_atd_destroy(struct emu_llc_atd *a);

/**
 * emu_llc_atd_access() - an LLC access of @slot to @line in @set of
 *	@slice, and whether it was a real @hit
 * @a: directories
 * @slice: slice
 * @set: set index within the slice
 * @slot: the requester's slot (others are not counted)
 * @line: line address
 * @hit: the LLC hit
 *
 * Counts the real misses of sampled sets and those the directory hit.
 */
void emu_llc_atd_access(struct emu_llc_atd *a, uint32_t slice, uint32_t set,
			uint32_t slot, uint64_t line, bool hit);

/**
 * emu_llc_atd_counters() - a slot's counts so far
 * @a: directories
 * @slot: slot (zeros for a bad one)
 * @misses: receives its real misses in sampled sets
 * @interf: receives those its directory hit
 */
void emu_llc_atd_counters(const struct emu_llc_atd *a, uint32_t slot,
			  uint64_t *misses, uint64_t *interf);

#endif /* _EMU_LLC_ATD_H_ */
