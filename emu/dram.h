/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: DRAM controllers and devices.
 *
 * One controller per channel. Each has a transaction queue of dram.queue
 * entries, dram.banks banks (bank b is in group b % dram.bank_groups) with
 * open-page row buffers, one command bus (one ACT, PRE, RD or WR per DRAM
 * cycle) and one data bus moving dram.bus_bytes per cycle. A line access
 * is n = l2.line / (BL * bus_bytes) column commands to one row, each
 * occupying the data bus for BL = dram.burst_length cycles (0: one burst
 * per line, BL = l2.line / bus_bytes). Timing, all in DRAM cycles:
 *
 *   ACT -> RD/WR        tRCD       same bank
 *   ACT -> PRE          tRAS       same bank
 *   ACT -> ACT          tRC        same bank
 *   PRE -> ACT          tRP        same bank
 *   RD  -> PRE          tRTP       same bank
 *   WR data end -> PRE  tWR        same bank (write recovery)
 *   ACT -> ACT          tRRDL      same bank group
 *   ACT -> ACT          tRRD       any two banks of the channel
 *   5th ACT             tFAW       after the 1st of the last four
 *   RD/WR -> RD/WR      tCCDL      same bank group
 *   RD/WR -> RD/WR      tCCD       any banks
 *   RD  -> data         tCL, WR -> data tWL, then BL cycles
 *   WR data end -> RD   tWTR       write-to-read turnaround
 *   RD data end -> WR data start   2 cycles of bus turnaround
 *   refresh             every tREFI (0: none) the open banks are
 *                       precharged (tRAS/tRTP/tWR, then tRP), then no
 *                       bank activates for tRFC; channels are staggered
 *
 * With L = (n - 1) * max(tCCDL, BL) + BL the data time of a lone line,
 * the idle read latency is tRCD + tCL + L (bank closed), tCL + L (row
 * hit), tRP + tRCD + tCL + L (row conflict, tRAS met); a write completes
 * tWL + L after its first column command. CCBP defaults (BL 2, 32 B bus,
 * n 2, tCCDL 3): 29, 17 and 41 cycles. Lines of banks in different groups
 * interleave their bursts, so the data bus can still be kept busy.
 * emu_config_validate() rejects a dram.latency below l2.latency plus the
 * row-conflict time in SM cycles: the memory side cannot be faster than
 * its DRAM.
 *
 * Scheduling (dram.sched): FR-FCFS picks, among the commands that may
 * issue this cycle, column commands to open rows first, then the oldest
 * request's command; a bank with queued hits to its open row is not
 * precharged. After dram.row_hit_cap consecutive line hits to a bank while
 * an older request for another row of that bank waits, the bank's hits
 * lose their priority and the older request's precharge may go (0: no
 * cap). FCFS serves the oldest ready command only by age. In both, a line
 * whose first burst went keeps its row until its last burst. Requests
 * are served by priority class first: with dram.cpu_priority CPU-class
 * requests (cls 1) before GPU ones, then those of slots with a higher
 * priority (emu_dram_set_slot_prio(); all 0 at reset) before lower ones;
 * within a class FR-FCFS or FCFS as above.
 *
 * A queue entry is freed when its last column command issues; completion
 * is reported at the end of its last burst. Requests are served in any
 * order. Counters: an access is a line; a row hit is an access that did
 * not need its own ACT (row hits = accesses - activates, as HSM's RBH);
 * bus cycles are data-bus busy cycles (n * BL per access).
 *
 * Time: DRAM cycles. The model is event-driven: emu_dram_tick() only
 * works at the cycles emu_dram_next_event() reports, which are exact (the
 * earliest cycle at which some command can issue, some burst ends, or,
 * with requests queued, the next refresh starts). Storage is
 * preallocated at create time; nothing is allocated per request.
 *
 * Timing sets ([dram] keys; check l2.banks and dram.channels divide one
 * another and BL * bus_bytes divides l2.line):
 *
 * CCBP (Table 1: 1200 MHz, 319 GB/s, FR-FCFS, 128-entry queues, "16 DRAM
 * chips"; the built-in defaults and emu/configs/ccbp-16sm.ini): GPGPU-Sim
 * GTX480-style GDDR5 memory partitions of two x32 devices in lockstep,
 * 8 channels x 32 B per clock = 307 GB/s. BL8 at 4 beats per clock moves
 * 64 B per column command in 2 clocks (2 per 128 B line); a device page
 * is 2 KB, so a channel row is 4 KB; 16 banks in 4 groups (Hynix
 * H5GQ1H24AFR timing, as GPGPU-Sim's GTX480 set):
 *   dram_mhz = 1200, channels = 8, banks = 16, bank_groups = 4,
 *   row_bytes = 4K, bus_bytes = 32, burst_length = 2, queue = 128,
 *   sched = frfcfs, row_hit_cap = 16, tRCD = 12, tCL = 12, tRP = 12,
 *   tRAS = 28, tRC = 40, tRRD = 6, tRRDL = 6, tFAW = 23, tWTR = 5,
 *   tCCD = 2, tCCDL = 3, tWL = 4, tRTP = 2, tWR = 12, tREFI = 4680
 *   (3.9 us), tRFC = 78 (65 ns; refresh: Documentation/emu/calibration.rst)
 * Why not 16 channels x 16 B (also 307 GB/s): a line would then hold the
 * data bus 8 cycles, longer than tRRD (6) and tFAW / 4 (5.75), so the
 * activate rate would never limit random traffic and bandwidth would not
 * depend on the row-buffer hit rate; with 4 cycles per line a random
 * stream is activate-bound at about 4 / tRRD = 2/3 of the peak
 * (Documentation/emu/calibration.rst).
 *
 * HBM-like (HSM baseline, Ramulator HBM: 32 channels at 440 MHz, 64 B per
 * channel-clock = 901 GB/s as HSM's 900; 16 banks in 4 groups, 2 KB rows,
 * 64-entry queues, FR-FCFS with row-hit cap 5):
 *   dram_mhz = 440, channels = 32, banks = 16, bank_groups = 4,
 *   row_bytes = 2K, bus_bytes = 64, burst_length = 2, queue = 64,
 *   sched = frfcfs, row_hit_cap = 5, tRC = 24, tRCD = 7, tRP = 7,
 *   tCL = 7, tWL = 2, tRAS = 17, tRRD = 4, tRRDL = 5, tFAW = 20,
 *   tRTP = 7, tCCD = 1, tCCDL = 1, tWTR = 4, tWR = 8, tREFI = 1716
 *   (3.9 us), tRFC = 70 (160 ns)
 *   (HSM gives tWTR_S = 2 / tWTR_L = 4: one tWTR here, the long one;
 *   tWR is not in HSM's table: 8 is ~18 ns.)
 *
 * GDDR5-like (HSM's second system: Hynix GDDR5, 11 channels, 16 banks,
 * 12-12-12, 484 GB/s = 11 x 1375 MHz x 32 B, i.e. two x32 devices per
 * channel, BL8 = 64 B in 2 clocks; other values from GPGPU-Sim's GTX480
 * set; HSM gives no queue size or cap for it):
 *   dram_mhz = 1375, channels = 11, banks = 16, bank_groups = 4,
 *   row_bytes = 2K, bus_bytes = 32, burst_length = 2, queue = 64,
 *   sched = frfcfs, row_hit_cap = 5, tCL = 12, tRCD = 12,
 *   tRP = 12, tRAS = 28, tRC = 40, tRRD = 6, tRRDL = 6, tFAW = 23,
 *   tWTR = 5, tCCD = 2, tCCDL = 3, tWL = 4, tRTP = 2, tWR = 12,
 *   tREFI = 5362 (3.9 us), tRFC = 90 (65 ns)
 */
#ifndef _EMU_DRAM_H_
#define _EMU_DRAM_H_

#include <stdbool.h>
#include <stdint.h>
#include <corun/hw.h>

#include "addrmap.h"
#include "config.h"

/**
 * struct emu_dram_req - one line access
 * @addr: physical address (line granularity; the low bits are ignored)
 * @tag: caller's opaque id (e.g. an L2 MSHR index), returned in done
 * @slot: hardware slot, for its priority and the per-slot counters
 *	(>= CORUN_MAX_SLOTS: priority 0, not counted per slot)
 * @cls: enum emu_mem_cls (0 GPU, 1 CPU) for dram.cpu_priority
 * @is_write: write (write-back) instead of read
 */
struct emu_dram_req {
	uint64_t addr;
	uint64_t tag;
	uint16_t slot;
	uint8_t cls;
	uint8_t is_write;
};

/**
 * struct emu_dram_ops - completion callback
 * @ctx: for @done
 * @done: @r (a copy of the pushed request) completed at @dram_cycle: a
 *	read's data burst finished, or a write's data was written. Called
 *	from emu_dram_tick(); it may call emu_dram_push() (the new request
 *	is considered from the next tick on).
 */
struct emu_dram_ops {
	void *ctx;
	void (*done)(void *ctx, const struct emu_dram_req *r,
		     uint64_t dram_cycle);
};

struct emu_dram;

/**
 * emu_dram_create() - build all channels
 * @cfg: validated configuration (dram.*, l2.line; read at create time)
 * @map: address map (kept by reference; must outlive the DRAM)
 * @ops: completion callback (copied)
 *
 * Return: the DRAM or NULL (no memory).
 */
struct emu_dram *emu_dram_create(const struct emu_config *cfg,
				 const struct emu_addrmap *map,
				 const struct emu_dram_ops *ops);

/**
 * emu_dram_destroy() - free it (NULL is fine)
 * @d: DRAM
 */
void emu_dram_destroy(struct emu_dram *d);

/**
 * emu_dram_can_accept() - has @channel's queue a free entry
 * @d: DRAM
 * @channel: channel (as decoded by the address map)
 *
 * Return: true if emu_dram_push() of a request to @channel would succeed.
 */
bool emu_dram_can_accept(const struct emu_dram *d, unsigned int channel);

/**
 * emu_dram_push() - queue one request
 * @d: DRAM
 * @r: request (copied)
 * @now: current DRAM cycle; the request may issue its first command at
 *	@now if emu_dram_tick(@now) runs after the push
 *
 * Return: 0, or -EBUSY when the channel's queue is full.
 */
int emu_dram_push(struct emu_dram *d, const struct emu_dram_req *r,
		  uint64_t now);

/**
 * emu_dram_tick() - advance to @now
 * @d: DRAM
 * @now: current DRAM cycle (non-decreasing between calls)
 *
 * Issues every command due at or before @now and reports every burst
 * that ended at or before @now through ops->done, in cycle order per
 * channel.
 */
void emu_dram_tick(struct emu_dram *d, uint64_t now);

/**
 * emu_dram_next_event() - earliest cycle > @now at which emu_dram_tick()
 *	has work
 * @d: DRAM
 * @now: current DRAM cycle
 *
 * Return: that cycle, or UINT64_MAX when no request is queued or in
 * flight.
 */
uint64_t emu_dram_next_event(const struct emu_dram *d, uint64_t now);

/**
 * emu_dram_busy() - requests queued or in flight, all channels
 * @d: DRAM
 *
 * Return: the count.
 */
unsigned int emu_dram_busy(const struct emu_dram *d);

/**
 * emu_dram_counters() - cumulative counters of one channel
 * @d: DRAM
 * @channel: channel
 * @out: receives accesses, row_hits, bus_busy_cycles (reserved = 0)
 */
void emu_dram_counters(const struct emu_dram *d, unsigned int channel,
		       struct corun_chan_counters *out);

/**
 * emu_dram_slot_counters() - cumulative counters of one slot, all channels
 * @d: DRAM
 * @slot: slot (< CORUN_MAX_SLOTS, else all three are 0)
 * @accesses: receives column accesses (may be NULL)
 * @row_hits: receives row hits (may be NULL)
 * @bus_cycles: receives data-bus busy cycles (may be NULL)
 */
void emu_dram_slot_counters(const struct emu_dram *d, unsigned int slot,
			    uint64_t *accesses, uint64_t *row_hits,
			    uint64_t *bus_cycles);

/* Highest slot priority of emu_dram_set_slot_prio(). */
#define EMU_DRAM_PRIO_MAX 15u

/**
 * emu_dram_set_slot_prio() - the scheduling priority of a slot's requests
 * @d: DRAM
 * @slot: slot (< CORUN_MAX_SLOTS)
 * @prio: 0 (lowest, the reset value) .. EMU_DRAM_PRIO_MAX
 * @now: current DRAM cycle (the last emu_dram_tick() or later)
 *
 * Queued requests take it at once (a sleeping channel decides again at
 * @now + 1). A higher priority goes first, before row hits of lower
 * ones; dram.cpu_priority still puts the CPU class above every GPU
 * priority.
 *
 * Return: 0 or -EINVAL.
 */
int emu_dram_set_slot_prio(struct emu_dram *d, unsigned int slot,
			   uint32_t prio, uint64_t now);

/* A slot's priority as set; 0 for a bad slot. */
uint32_t emu_dram_slot_prio(const struct emu_dram *d, unsigned int slot);

/**
 * emu_dram_chan_slot_counters() - cumulative counters of one slot in one
 *	channel
 * @d: DRAM
 * @channel: channel
 * @slot: slot
 * @out: receives accesses, row_hits, bus_busy_cycles (reserved = 0);
 *	zeros for a bad channel or slot
 */
void emu_dram_chan_slot_counters(const struct emu_dram *d, unsigned int channel,
				 unsigned int slot,
				 struct corun_chan_counters *out);

/**
 * struct emu_dram_interf - a slot's DRAM interference, cumulative
 * @bank: request-cycles its queued requests waited for a bank another
 *	slot's ACT (tRCD), PRE (tRP) or column command (the burst) held
 * @row: tRP + tRCD for each of its ACTs to the row its own last access
 *	to the bank had open, when another slot's ACT came between (a
 *	per-slot shadow row buffer; a refresh in between does not count)
 * @bus: request-cycles its ready row hits waited for another slot's
 *	burst on the data bus
 * @req_cycles: cycles from queue entry to the end of the last burst of
 *	each of its accesses, summed
 *
 * DRAM cycles; a request without a slot charges others but is not
 * counted.
 */
struct emu_dram_interf {
	uint64_t bank, row, bus, req_cycles;
};

/**
 * emu_dram_slot_interf() - a slot's interference counts, all channels
 * @d: DRAM
 * @slot: slot (zeros if >= CORUN_MAX_SLOTS)
 * @out: receives them
 */
void emu_dram_slot_interf(const struct emu_dram *d, unsigned int slot,
			  struct emu_dram_interf *out);

#endif /* _EMU_DRAM_H_ */
