/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: the memory side, part-1 stand-in.
 *
 * Per SM: an L1 request port (ldst_units line requests per cycle), an L1
 * tag store (LRU, write-evict, no write allocate), MSHRs with merging,
 * and a miss queue split into per-slot sub-queues feeding one injection
 * port that runs at the NoC clock. Behind it a fixed-latency L2/DRAM
 * stand-in: banked L2 tags (LRU, write-back, write-allocate) decide
 * between the l2.latency and dram.latency round trips.
 *
 * SIMPLIFIED ON PURPOSE: there is no NoC contention, L2 MSHR/bank
 * queueing or DRAM timing yet; the next stage replaces everything behind
 * the emu_mem_* calls (the request struct and the per-SM port stay).
 */
#ifndef _EMU_MEM_H_
#define _EMU_MEM_H_

#include <stdbool.h>
#include <stdint.h>
#include <corun/hw.h>

#include "config.h"

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
 * @size: bytes the warp touches in the line
 * @job: job id, for per-job counters (see struct emu_mem_ctr)
 * @gen: requester's generation (SM-side use: drop stale completions)
 * @slot: hardware slot
 * @sm: SM index
 * @warp: SM-local warp slot
 * @mshr: MSHR index (memory side)
 * @reg: destination register (scoreboard id) or 0xff
 * @is_write: store
 * @is_atomic: AMO/LR/SC, performed at the L2
 * @bypass: do not look up or fill the L1
 * @cls: enum emu_mem_cls
 */
struct emu_mem_req {
	uint64_t addr;
	uint64_t t_issue;
	uint64_t t_miss;
	uint32_t size;
	uint32_t job;
	uint32_t gen;
	uint16_t slot;
	uint16_t sm;
	uint16_t warp;
	uint16_t mshr;
	uint8_t reg;
	uint8_t is_write;
	uint8_t is_atomic;
	uint8_t bypass;
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

#endif /* _EMU_MEM_H_ */
