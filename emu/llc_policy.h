/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: LLC victim policies beyond LRU, selectable at run
 * time (emu_gpu_set_llc_policy()).
 *
 * protect  probability-based owner protection, the CPU-GPU interference
 *	    paper's Algorithm 1 generalised to any protected owners: when
 *	    the LRU line of the set (within the request's ways) belongs to
 *	    a protected owner and the request does not, a random draw r in
 *	    1..1000 spares that line if r > evict_permille, and the LRU line
 *	    of an unprotected owner is replaced instead (if the set has
 *	    one). Protected requests and unprotected LRU lines are plain
 *	    LRU. The paper protects the CPU class: protect_cls = 1 <<
 *	    EMU_CLS_CPU, evict_permille = its probability_level (1 for
 *	    p = 0.001); 1000 is LRU.
 * waypart  way partitioning: a request fills only the ways of its slot's
 *	    mask and its class's mask (both, when they overlap; the class
 *	    mask alone when they do not), LRU among them; lookups see every
 *	    way. UCP-style allocations are contiguous way ranges a policy
 *	    computes and programs here; the paper's static comparator is
 *	    cls_ways = 12 ways CPU, 4 ways GPU.
 *
 * The random numbers come from one xorshift64* generator per device,
 * seeded from the configuration (emu_config_id()) at create time and
 * drawn only when a protected line is about to be replaced, so a run is
 * deterministic.
 */
#ifndef _EMU_LLC_POLICY_H_
#define _EMU_LLC_POLICY_H_

#include <stdint.h>
#include <corun/hw.h>

#include "config.h"
#include "l2.h"

enum emu_llc_mode {
	EMU_LLC_LRU = 0, /* the reset value */
	EMU_LLC_PROTECT = 1,
	EMU_LLC_WAYPART = 2,
	EMU_LLC_MODE_NR
};

/* evict_permille: the draw's range, 1..1000 (1000: never spared, LRU). */
#define EMU_LLC_PERMILLE 1000u

/**
 * struct emu_llc_policy - the LLC victim policy of every slice
 * @mode: enum emu_llc_mode
 * @protect_cls: protect: bit per class (enum emu_mem_cls) whose lines are
 *	protected
 * @protect_slots: protect: bit per slot whose lines are protected
 * @evict_permille: protect: 0..1000, the chance in 1/1000 that an
 *	unprotected request still replaces a protected LRU line (the
 *	paper's probability_level)
 * @slot_ways: waypart: per slot, the L2 ways its requests fill (bit i:
 *	way i; 0: every way)
 * @cls_ways: waypart: per class, likewise
 *
 * Fields of the other modes must be zero.
 */
struct emu_llc_policy {
	uint32_t mode;
	uint32_t protect_cls;
	uint32_t protect_slots;
	uint32_t evict_permille;
	uint64_t slot_ways[CORUN_MAX_SLOTS];
	uint64_t cls_ways[2];
};

/**
 * struct emu_llc - a device's LLC policy state (the l2 policy context)
 * @pol: the policy as set
 * @fill: waypart: ways per slot and class
 * @rng: xorshift64* state
 * @seed: its value at create time
 */
struct emu_llc {
	struct emu_llc_policy pol;
	uint64_t fill[CORUN_MAX_SLOTS][2];
	uint64_t rng;
	uint64_t seed;
};

/**
 * emu_llc_init() - LRU, generator seeded from @cfg
 * @c: state
 * @cfg: the device's configuration
 */
void emu_llc_init(struct emu_llc *c, const struct emu_config *cfg);

/**
 * emu_llc_check() - validate a policy against a configuration
 * @p: policy
 * @cfg: configuration (num_slots, l2.ways)
 *
 * Return: 0, or -EINVAL for an unknown mode, a field of another mode not
 * zero, evict_permille above 1000, protect bits of classes or slots that
 * do not exist, or a way mask with bits of ways or slots that do not
 * exist.
 */
int emu_llc_check(const struct emu_llc_policy *p, const struct emu_config *cfg);

/**
 * emu_llc_set() - take a checked policy
 * @c: state
 * @p: policy (copied; passed emu_llc_check())
 * @ways: l2.ways
 *
 * The generator keeps running (it is not reseeded).
 *
 * Return: the l2 policy to install with @c as its context.
 */
const struct emu_l2_policy *
emu_llc_set(struct emu_llc *c, const struct emu_llc_policy *p, uint32_t ways);

#endif /* _EMU_LLC_POLICY_H_ */
