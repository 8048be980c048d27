/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Calibration streams: hand-assembled RV32 kernels that load whole lines
 * as fast as the memory side takes them, run on a test device (testdev.h).
 * Shared by the calibration test (emu-calib-test) and corun-sim
 * --calibrate, which measures the sustainable NoC and DRAM bandwidth that
 * the configurations store in [calib] (Documentation/emu/calibration.rst).
 */
#ifndef _EMU_CALIB_STREAM_H_
#define _EMU_CALIB_STREAM_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <corun/hw.h>

#include "config.h"

struct tdev;

/* Independent line loads per warp and iteration. */
#define CALIB_NLOADS 16

/**
 * struct calib_stream - one stream job
 * @blk: lines per block (1, 2, 4, 8 or 16): every iteration loads
 *	CALIB_NLOADS / @blk blocks of @blk consecutive lines
 * @seq: sequential: @blk is 16 and the warps sweep the region in order;
 *	otherwise every block sits at a hashed block index of the region
 * @copy: sequential only: each line loaded is also stored @region bytes
 *	further on (STREAM copy: the L2's write-backs go to DRAM)
 * @bypass_l1: every CTA bypasses the L1 (emu_gpu_set_l1_bypass_ctas)
 * @region: bytes (a power of two, at least @blk lines)
 * @iters: iterations per warp
 * @ctas_per_sm: the grid is num_sms * @ctas_per_sm CTAs of @block threads
 * @block: threads per CTA
 */
struct calib_stream {
	uint32_t blk;
	bool seq;
	bool copy;
	bool bypass_l1;
	uint32_t region;
	uint32_t iters;
	uint32_t ctas_per_sm;
	uint32_t block;
};

/**
 * calib_stream_prepare() - load a stream kernel and its arguments
 * @t: test device
 * @s: the stream
 * @buf: GPU VA of the region (2 * @s->region bytes for a copy)
 * @d: receives the slot-0 descriptor, for tdev_run() or
 *	calib_stream_window()
 *
 * Also sets slot 0's CTA-level L1 bypass as @s asks.
 *
 * Return: 0, or < 0 if @s is malformed.
 */
int calib_stream_prepare(struct tdev *t, const struct calib_stream *s,
			uint32_t buf, struct corun_job_desc *d);

/* Sub-windows of a measurement window, to check that it is a plateau. */
#define CALIB_PARTS 4

/**
 * struct calib_window - slot 0's counters over a measurement window
 * @cycles: window length, SM cycles
 * @resident: CTAs dispatched and not done at the window's start
 * @c: counter deltas over the window
 * @part: counter deltas over each of CALIB_PARTS equal sub-windows
 */
struct calib_window {
	uint64_t cycles;
	uint64_t resident;
	struct corun_slot_counters c;
	struct corun_slot_counters part[CALIB_PARTS];
};

/**
 * calib_stream_window() - submit a stream and run it through a window
 * @t: test device, slot 0 idle
 * @d: descriptor from calib_stream_prepare()
 * @warmup: SM cycles from the submission to the window
 * @window: window length, SM cycles (a multiple of CALIB_PARTS)
 * @w: receives the counters
 *
 * The job is left running: the device is then only good for tdev_fini().
 *
 * Return: 0, or -1 if the job ended or faulted before the window's end.
 */
int calib_stream_window(struct tdev *t, const struct corun_job_desc *d,
			uint64_t warmup, uint64_t window,
			struct calib_window *w);

/**
 * struct calib_bw - sustainable bandwidth of a configuration
 * @noc: reply NoC: bytes of read replies (line and header flit) per 1000
 *	SM cycles, the L2-resident stream's plateau
 * @dram: DRAM: bytes of L2-missing read data per 1000 SM cycles, the
 *	plateau of a read stream of 16-line blocks at random positions
 * @noc_peak: emu_config_noc_peak()
 * @dram_peak: emu_config_dram_peak()
 * @noc_l2_hit: the NoC stream's L2 hit rate in its window, permille
 * @dram_l2_hit: the DRAM stream's L2 hit rate in its window, permille
 * @dram_noc: reply-NoC bytes per 1000 SM cycles of the DRAM stream
 * @noc_spread: largest deviation of a quarter of the NoC stream's window
 *	from the window's bandwidth, permille of it
 * @dram_spread: the same for the DRAM stream
 */
struct calib_bw {
	uint64_t noc, dram;
	uint64_t noc_peak, dram_peak;
	uint64_t dram_noc;
	uint32_t noc_l2_hit, dram_l2_hit;
	uint32_t noc_spread, dram_spread;
};

/* The measurement's fixed parameters (Documentation/emu/calibration.rst). */
#define CALIB_WARMUP 50000ull /* SM cycles before the window */
#define CALIB_WINDOW 100000ull /* window, SM cycles */
#define CALIB_MAX_SPREAD 100 /* permille: a quarter further off: no plateau */

/**
 * calib_sustainable() - measure a configuration's sustainable bandwidth
 * @cfg: a valid configuration (its [calib] keys are not used)
 * @bw: receives the figures
 * @err: receives a message on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1 when the configuration cannot be measured (the
 * message says why).
 */
int calib_sustainable(const struct emu_config *cfg, struct calib_bw *bw,
		      char *err, size_t errlen);

#endif /* _EMU_CALIB_STREAM_H_ */
