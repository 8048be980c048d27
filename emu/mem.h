/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: the memory side.
 *
 * Per SM: an L1 request port (ldst_units line requests per cycle), an L1
 * tag store (LRU; l1.write_policy evict or through, no write allocate;
 * per-slot way masks for fills), a read-only data cache (its own tags,
 * for loads with the read-only hint), MSHRs with merging, and a finite miss
 * queue split into per-slot sub-queues feeding one request-NoC injection
 * port through an issue-rate-control (IRC) credit arbiter. Behind it the
 * request NoC (noc.h), banked L2 slices (l2.h: write-back,
 * write-allocate, MSHRs, owner slot and class per line, victim policies),
 * the DRAM (dram.h) and the reply NoC. Every reply carries how many DRAM
 * accesses its request caused (0, 1, or 2 with a dirty victim).
 *
 * l2.latency and dram.latency are the idle L1-miss round trips (miss
 * queue to data at the SM, SM cycles) on an L2 hit and on an L2 miss
 * that conflicts in the DRAM row buffer; emu_mem_create() derives the L2 tag-pipeline and
 * memory-controller delays that make the assembled components add up to
 * them (see mem.c).
 */
#ifndef _EMU_MEM_H_
#define _EMU_MEM_H_

#include <stdbool.h>
#include <stdint.h>
#include <corun/hw.h>

#include "config.h"
#include "l2.h"
#include "noc.h"

/*
 * Population count without a libgcc call: the host build targets baseline
 * x86-64 (no POPCNT), where __builtin_popcount() is a call per use.
 */
static inline unsigned int emu_popcount(uint32_t v)
{
	v = v - ((v >> 1) & 0x55555555u);
	v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
	return (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

/*
 * Bit maps of busy units (64 per word), so that per-cycle loops visit
 * only the units with work, in index order.
 */
static inline void emu_bit_set(uint64_t *m, uint32_t i)
{
	m[i / 64] |= 1ull << (i % 64);
}

static inline void emu_bit_clear(uint64_t *m, uint32_t i)
{
	m[i / 64] &= ~(1ull << (i % 64));
}

/* First set bit of @m in [@i, @end), or @end. */
static inline uint32_t emu_bit_next(const uint64_t *m, uint32_t i,
				    uint32_t end)
{
	while (i < end) {
		uint64_t w = m[i / 64] >> (i % 64);

		if (w) {
			i += (uint32_t)__builtin_ctzll(w);
			return i < end ? i : end;
		}
		i = (i | 63) + 1;
	}
	return end;
}

/* Request class: GPU SMs now, CPU agents later. */
enum emu_mem_cls {
	EMU_CLS_GPU = 0,
	EMU_CLS_CPU = 1,
};

/**
 * struct emu_mem_req - one line request from an SM
 * @addr: physical address of the line (line aligned)
 * @t_issue: cycle the request entered the L1 (set by emu_mem_push())
 * @t_miss: cycle it entered the miss queue (set by the memory side)
 * @words: local requests: the 4-byte words of the line the warp touches
 * @size: bytes the warp touches in the line
 * @job: job id, for per-job counters (see struct emu_mem_ctr)
 * @gen: requester's generation (SM-side use: drop stale completions)
 * @slot: hardware slot
 * @sm: SM index
 * @warp: SM-local warp slot
 * @mshr: MSHR index (memory side)
 * @reg: destination register (scoreboard id) or 0xff
 * @nreg: registers from @reg that the request writes (4 for a vector
 *	load, else 1)
 * @is_write: store
 * @is_atomic: AMO/LR/SC, performed at the L2
 * @bypass: do not look up or fill the L1
 * @ro: a read through the read-only data cache instead of the L1 (wins
 *	over @bypass; ignored for stores and atomics and without a
 *	read-only cache)
 * @local: an access to local (stack) memory: the L1 treats it as
 *	l1.local_write says (config.h)
 * @wb: memory side: the write-back of a dirty L1 line (no ops->done)
 * @cls: enum emu_mem_cls
 */
struct emu_mem_req {
	uint64_t addr;
	uint64_t t_issue;
	uint64_t t_miss;
	uint64_t words;
	uint32_t size;
	uint32_t job;
	uint32_t gen;
	uint16_t slot;
	uint16_t sm;
	uint16_t warp;
	uint16_t mshr;
	uint16_t mil; /* MIL record + 1 (emu/mil.c), 0: not tracked */
	uint8_t reg;
	uint8_t nreg;
	uint8_t is_write;
	uint8_t is_atomic;
	uint8_t bypass;
	uint8_t ro;
	uint8_t local;
	uint8_t wb;
	uint8_t cls;
};

/**
 * struct emu_mem_ops - completion path back to the SMs
 * @ctx: for @done
 * @done: a request completed at @cycle (called from emu_mem_tick()): a
 *	read's or atomic's data is back at its SM, a write was accepted by
 *	the L2
 */
struct emu_mem_ops {
	void *ctx;
	void (*done)(void *ctx, const struct emu_mem_req *r, uint64_t cycle);
};

/**
 * struct emu_mem_ctr - where the memory side counts
 * @slot: per-slot cumulative counters (num_slots entries)
 * @job: per-slot counters of the running job (num_slots entries); a
 *	request is charged to it only if its @job id is @job_id[slot]
 * @job_id: per-slot id of the running job
 * @sm: per-SM counters (num_sms entries)
 */
struct emu_mem_ctr {
	struct corun_slot_counters *slot;
	struct corun_slot_counters *job;
	const uint32_t *job_id;
	struct corun_sm_counters *sm;
};

struct emu_mem;

/**
 * emu_mem_create() - build the memory side
 * @cfg: configuration (kept by reference)
 * @ops: completion callback (copied)
 * @ctr: counter arrays (copied; the arrays are the caller's)
 *
 * Return: the memory side or NULL (no memory).
 */
struct emu_mem *emu_mem_create(const struct emu_config *cfg,
			       const struct emu_mem_ops *ops,
			       const struct emu_mem_ctr *ctr);

/**
 * emu_mem_destroy() - free it (NULL is fine)
 * @m: memory side
 */
void emu_mem_destroy(struct emu_mem *m);

/**
 * emu_mem_can_accept() - may @sm push a request at @now
 * @m: memory side
 * @sm: SM
 * @now: current cycle
 *
 * Return: true while the SM's L1 port has capacity left in this cycle.
 */
bool emu_mem_can_accept(const struct emu_mem *m, unsigned int sm,
			uint64_t now);

/**
 * emu_mem_subq_full() - is @slot's miss sub-queue at @sm full at @now
 * @m: memory side
 * @sm: SM
 * @slot: slot
 * @now: current cycle
 *
 * What an LSU holding requests before the port (l1.subq_full = hold)
 * asks before presenting one of @slot's; it counts as the sub-queue's use
 * for the division among sub-queues, as emu_mem_push() does.
 *
 * Return: true if a miss of @slot would fail reservation on it.
 */
bool emu_mem_subq_full(struct emu_mem *m, unsigned int sm, unsigned int slot,
		       uint64_t now);

/**
 * emu_mem_push() - present one line request to the SM's L1
 * @m: memory side
 * @r: request (copied)
 * @now: current cycle
 *
 * Uses one port slot even when refused.
 *
 * Return: 0 if accepted as an L1 hit (or a write/atomic that found its
 * line), 1 if accepted as a miss (the data comes back from beyond the L1),
 * -EBUSY on a reservation failure (no MSHR, MSHR
 * merge limit, or the slot's miss sub-queue full; counted as l1_resfails):
 * retry in a later cycle. -EAGAIN if the port is used up this cycle.
 */
int emu_mem_push(struct emu_mem *m, const struct emu_mem_req *r, uint64_t now);

/**
 * emu_mem_tick() - advance the memory side to @now
 * @m: memory side
 * @now: current cycle (non-decreasing between calls)
 *
 * Delivers L1 hits and replies due at or before @now (calling ops->done)
 * and injects from the miss queues if @now is a NoC clock edge.
 */
void emu_mem_tick(struct emu_mem *m, uint64_t now);

/**
 * emu_mem_next_event() - earliest cycle > @now at which emu_mem_tick()
 *	has work
 * @m: memory side
 * @now: current cycle
 *
 * Return: that cycle, or UINT64_MAX when the memory side is idle.
 */
uint64_t emu_mem_next_event(const struct emu_mem *m, uint64_t now);

/**
 * emu_mem_busy() - requests anywhere in the memory side
 * @m: memory side
 *
 * Return: count of MSHRs in use plus queued writes and pending hits.
 */
unsigned int emu_mem_busy(const struct emu_mem *m);

/**
 * emu_mem_set_irc() - program a slot's issue-rate control
 * @m: memory side
 * @slot: hardware slot
 * @credits: miss-queue issues per window and SM, or
 *	CORUN_FW_IRC_CREDITS_UNLIMITED (no gating; the reset value)
 * @prio: arbitration priority among sub-queue heads (higher first; equal
 *	priorities round-robin)
 *
 * Credits are refilled (not carried over) at every window boundary; a
 * lower value clips the credits left in the current window.
 *
 * Return: 0 or -EINVAL (bad slot).
 */
int emu_mem_set_irc(struct emu_mem *m, unsigned int slot, uint32_t credits,
		    uint32_t prio);

/**
 * emu_mem_set_irc_window() - set the credit refill window
 * @m: memory side
 * @cycles: window length, SM cycles (reset value: l1.irc_window)
 *
 * Return: 0 or -EINVAL (0 cycles).
 */
int emu_mem_set_irc_window(struct emu_mem *m, uint32_t cycles);

/**
 * emu_mem_set_l1_ways() - restrict a slot's L1 fills to some ways
 * @m: memory side
 * @slot: hardware slot
 * @mask: way bit mask (0 or all ways: no restriction, the reset value)
 *
 * Lookups still see every way; only the victim of a fill is chosen among
 * @mask.
 *
 * Return: 0 or -EINVAL (bad slot).
 */
int emu_mem_set_l1_ways(struct emu_mem *m, unsigned int slot, uint32_t mask);

/* emu_mem_l1_umon_read()'s index of the lookups of sampled sets */
#define EMU_L1_UMON_ACCESSES 0xffu

/**
 * emu_mem_l1_umon_enable() - turn the L1 utility monitors on or off
 *	(l1_umon.h; nothing without an L1)
 * @m: memory side
 * @on: on
 */
void emu_mem_l1_umon_enable(struct emu_mem *m, bool on);

/**
 * emu_mem_l1_umon_read() - an L1 utility monitor counter, summed over SMs
 * @m: memory side
 * @slot: hardware slot
 * @index: LRU stack position (0 .. l1.ways - 1) of the hits to count, or
 *	EMU_L1_UMON_ACCESSES
 *
 * Return: the count since the device was created (hits decayed); 0 for a
 * bad @slot or @index, or without an L1.
 */
uint64_t emu_mem_l1_umon_read(const struct emu_mem *m, unsigned int slot,
			      uint32_t index);

/* emu_l1_umon_decay() of the L1 utility monitors (nothing without an L1) */
void emu_mem_l1_umon_decay(struct emu_mem *m, uint32_t shift);

/* emu_l1_umon_set_sample() (without an L1, only the check) */
int emu_mem_l1_umon_set_sample(struct emu_mem *m, uint32_t n);

/**
 * emu_mem_set_slot_vc() - the NoC virtual channel of a slot's packets
 * @m: memory side
 * @slot: hardware slot
 * @vc: 0..noc.vcs-1, or EMU_NOC_VC_MAPPED (the reset value: [noc] vc_map)
 *
 * Sets it in the request and the reply network (emu_noc_set_slot_vc()).
 *
 * Return: 0 or -EINVAL (bad slot or VC).
 */
int emu_mem_set_slot_vc(struct emu_mem *m, unsigned int slot, uint32_t vc);

/* A slot's VC as set (emu_noc_slot_vc() of the request network). */
uint32_t emu_mem_slot_vc(const struct emu_mem *m, unsigned int slot);

/**
 * emu_mem_set_slot_dram_prio() - the DRAM scheduling priority of a slot
 * @m: memory side
 * @slot: hardware slot
 * @prio: 0 (the reset value) .. EMU_DRAM_PRIO_MAX, higher first
 *
 * Return: 0 or -EINVAL (bad slot or priority); see
 * emu_dram_set_slot_prio().
 */
int emu_mem_set_slot_dram_prio(struct emu_mem *m, unsigned int slot,
			       uint32_t prio);

/* A slot's DRAM priority as set (emu_dram_slot_prio()). */
uint32_t emu_mem_slot_dram_prio(const struct emu_mem *m, unsigned int slot);

/**
 * emu_mem_set_l2_policy() - replace the victim policy of every L2 slice
 * @m: memory side
 * @pol: policy (NULL: LRU)
 * @ctx: its context
 */
void emu_mem_set_l2_policy(struct emu_mem *m, const struct emu_l2_policy *pol,
			   void *ctx);

/**
 * emu_mem_slot_interf() - a slot's interference counters, cumulative
 * @m: memory side
 * @slot: slot
 * @out: receives them (zeros for a bad slot); see struct
 *	corun_slot_interf_counters
 */
void emu_mem_slot_interf(const struct emu_mem *m, unsigned int slot,
			 struct corun_slot_interf_counters *out);

/**
 * emu_mem_chan_slot_counters() - cumulative counters of one slot in one
 *	DRAM channel
 * @m: memory side
 * @ch: channel
 * @slot: slot
 * @out: receives them (zeros for a bad channel or slot)
 */
void emu_mem_chan_slot_counters(const struct emu_mem *m, unsigned int ch,
				unsigned int slot,
				struct corun_chan_counters *out);

/**
 * emu_mem_noc_vc_counters() - flits and stall cycles of one VC in the
 *	request and the reply network (zeros for a VC >= noc.vcs)
 * @m: memory side
 * @vc: virtual channel
 * @out: receives them
 */
void emu_mem_noc_vc_counters(const struct emu_mem *m, unsigned int vc,
			     struct emu_noc_vc_counters *out);

/**
 * emu_mem_llc_stats() - LLC counts by owner slot and class, all slices
 * @m: memory side
 *
 * Return: the live counts (see struct emu_llc_counters).
 */
const struct emu_l2_stats *emu_mem_llc_stats(const struct emu_mem *m);

/**
 * emu_mem_chan_counters() - cumulative counters of one DRAM channel
 * @m: memory side
 * @ch: channel (out of range: zeros)
 * @out: receives them
 */
void emu_mem_chan_counters(const struct emu_mem *m, unsigned int ch,
			   struct corun_chan_counters *out);

/**
 * emu_mem_latency() - the delays calibration derived (see mem.c)
 * @m: memory side
 * @l2_pipe: receives the L2 tag-pipeline latency, NoC cycles
 * @mc_delay: receives the memory-controller fill delay, NoC cycles
 */
void emu_mem_latency(const struct emu_mem *m, uint32_t *l2_pipe,
		     uint32_t *mc_delay);

#endif /* _EMU_MEM_H_ */
