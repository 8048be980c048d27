/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: utility monitors of the L1 data cache (UMON-local of
 * UCP, Qureshi & Patt, MICRO'06), for the firmware's UCP mode.
 *
 * Per SM and slot, a shadow tag directory with the L1's associativity and
 * true LRU for every N-th set of the L1 (sets 0, N, 2N, ...; N the
 * sampling ratio, emu_l1_umon_set_sample()):
 * the tags the slot would hold if it had the whole L1 to itself. Every L1
 * load lookup of a slot (global and local loads the L1 accepts; not
 * stores or atomics, which do not allocate, nor read-only-cache or
 * bypassing loads) to a sampled set updates the slot's directory of that
 * SM and, on a hit, counts one at the line's LRU stack position: a hit at
 * position p would have hit with p + 1 or more ways. The counters are
 * summed over SMs; the hit counters are UCP's utility counters, which
 * the firmware decays (emu_l1_umon_decay(), UCP halves them after each
 * repartition), the lookup counters run free. The firmware reaches them
 * through the window (CORUN_MCU_L1_UMON_*).
 *
 * The monitors only watch: on or off, read or not, they change no timing.
 * Off (the reset state) they cost a test per L1 load; turning them on
 * empties the directories. Storage for every set is allocated at create
 * time, so the ratio can change at run time. The ratio is a register of
 * the device rather than a configuration key so that configurations and
 * their emu_config_id() (which seeds the LLC's random draws) stay as they
 * are.
 */
#ifndef _EMU_L1_UMON_H_
#define _EMU_L1_UMON_H_

#include <stdbool.h>
#include <stdint.h>

/* Sets in one mirrored after create, and the largest ratio taken. */
#define EMU_L1_UMON_SAMPLE 8u
#define EMU_L1_UMON_SAMPLE_MAX 256u

struct emu_l1_umon;

/**
 * emu_l1_umon_create() - monitors for every slot of every SM, off
 * @sms: SMs
 * @sets: L1 sets
 * @ways: L1 ways (the directories' associativity)
 * @line_shift: log2 of the L1 line size
 * @slots: hardware slots
 *
 * They mirror one set in EMU_L1_UMON_SAMPLE.
 *
 * Return: the monitors or NULL (no memory, or a zero argument).
 */
struct emu_l1_umon *emu_l1_umon_create(uint32_t sms, uint32_t sets,
				       uint32_t ways, uint32_t line_shift,
				       uint32_t slots);

/**
 * emu_l1_umon_set_sample() - mirror one set in @n from now
 * @u: monitors
 * @n: 1 (every set) .. EMU_L1_UMON_SAMPLE_MAX
 *
 * A new ratio empties the directories; the counters go on.
 *
 * Return: 0, or -EINVAL (nothing changed) for a bad @n.
 */
int emu_l1_umon_set_sample(struct emu_l1_umon *u, uint32_t n);

/* The sampling ratio. */
uint32_t emu_l1_umon_sample(const struct emu_l1_umon *u);

/* Free them (NULL is fine). */
void emu_l1_umon_destroy(struct emu_l1_umon *u);

/**
 * emu_l1_umon_enable() - turn the monitors on or off
 * @u: monitors
 * @on: watch from now; turning them on (when off) empties the
 *	directories, the counters go on from where they were
 */
void emu_l1_umon_enable(struct emu_l1_umon *u, bool on);

/* Whether they are on. */
bool emu_l1_umon_on(const struct emu_l1_umon *u);

/**
 * emu_l1_umon_access() - an L1 load lookup (the caller tests
 *	emu_l1_umon_on() first: nothing is counted while off)
 * @u: monitors
 * @sm: the SM
 * @slot: the requester's slot
 * @addr: the address (any byte of the line)
 */
void emu_l1_umon_access(struct emu_l1_umon *u, uint32_t sm, uint32_t slot,
			uint64_t addr);

/**
 * emu_l1_umon_hits() - a slot's hits at an LRU stack position, all SMs
 * @u: monitors
 * @slot: slot
 * @pos: position, 0 (most recent) .. ways - 1
 *
 * Return: the count since create, decayed; 0 for a bad @slot or @pos.
 */
uint64_t emu_l1_umon_hits(const struct emu_l1_umon *u, uint32_t slot,
			  uint32_t pos);

/**
 * emu_l1_umon_decay() - shift every hit counter right
 * @u: monitors
 * @shift: bits (64 or more: zero them)
 */
void emu_l1_umon_decay(struct emu_l1_umon *u, uint32_t shift);

/* A slot's lookups of sampled sets since create, all SMs (0: bad slot). */
uint64_t emu_l1_umon_accesses(const struct emu_l1_umon *u, uint32_t slot);

#endif /* _EMU_L1_UMON_H_ */
