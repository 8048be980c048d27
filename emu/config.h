/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: GPU configuration.
 *
 * A configuration is an INI file (emu/configs/NAME.ini): "[section]" headers,
 * "key = value" lines, '#' or ';' comments. Every key of every section is
 * known, parsed and range-checked; unknown sections or keys are errors.
 * Sizes accept K/M/G suffixes (powers of 1024, "KB"/"KiB" too). All
 * latencies are in SM clock cycles unless the comment says otherwise.
 */
#ifndef _EMU_CONFIG_H_
#define _EMU_CONFIG_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <corun/footprint.h>

#define EMU_CONFIG_NAME_LEN 64
#define EMU_MAX_WARP_SIZE 32
#define EMU_MAX_SCHEDULERS 8
#define EMU_MAX_SM_WARPS 128 /* warps resident on one SM */
#define EMU_MAX_SM_CTAS 64 /* CTA slots of one SM */

/* Warp-scheduler policies. */
enum emu_sched_policy {
	EMU_SCHED_LRR = 0, /* loose round-robin over ready warps */
	EMU_SCHED_GTO = 1, /* greedy-then-oldest */
	EMU_SCHED_TWO_LEVEL = 2, /* active pool; miss, barrier, throttle swap out */
	EMU_SCHED_KAWARE = 3, /* GTO within a kernel, LRR across kernels */
	/*
	 * Each of the four with BMI's memory-instruction priority (Dai et
	 * al., HPCA'18): the memory instructions of the kernel that has sent
	 * the fewest L1 requests from the SM go first (sm_issue.c, bmi_held()).
	 */
	EMU_SCHED_LRR_BMI = 4,
	EMU_SCHED_GTO_BMI = 5,
	EMU_SCHED_TWO_LEVEL_BMI = 6,
	EMU_SCHED_KAWARE_BMI = 7,
	EMU_SCHED_NR
};

/* The BMI bit of a policy, and the warp order under it. */
#define EMU_SCHED_BMI 4u
#define EMU_SCHED_ORDER(p) ((p) & (EMU_SCHED_BMI - 1))

/* Functional-unit classes; timing class of every instruction. */
enum emu_fu {
	EMU_FU_ALU = 0, /* integer ALU, branches, CSR reads, custom ops */
	EMU_FU_MUL = 1, /* integer multiply */
	EMU_FU_DIV = 2, /* integer divide / remainder */
	EMU_FU_FPU = 3, /* FP add/mul/fma/compare/convert/move */
	EMU_FU_FDIV = 4, /* FP divide */
	EMU_FU_SFU = 5, /* FP square root */
	EMU_FU_LDST = 6, /* address generation into the LSU */
	EMU_FU_DP = 7, /* binary64 add/mul/fma/compare/convert */
	EMU_FU_DDIV = 8, /* binary64 divide and square root */
	EMU_FU_NR
};

enum emu_noc_topology {
	EMU_NOC_CROSSBAR = 0,
	EMU_NOC_RING = 1,
	EMU_NOC_MESH = 2,
	EMU_NOC_NR
};

/* NoC virtual-channel mapping ([noc] vc_map), see emu_noc_vc(). */
enum emu_noc_vc_map {
	EMU_NOC_VC_CLASS = 0, /* by traffic type (request/reply/data) */
	EMU_NOC_VC_SLOT = 1, /* slot % vcs */
	EMU_NOC_VC_CPU_GPU = 2, /* CPU and GPU packets in separate VCs */
	EMU_NOC_VC_MAP_NR
};

/* A slot with no VC of its own follows vc_map (emu_gpu_set_slot_vc()). */
#define EMU_NOC_VC_MAPPED UINT32_MAX

/* L1 write policy ([l1] write_policy); neither allocates on a miss. */
enum emu_l1_write {
	EMU_L1_WRITE_EVICT = 0, /* a store hit invalidates the line */
	EMU_L1_WRITE_THROUGH = 1, /* a store hit updates the line */
	EMU_L1_WRITE_NR
};

/*
 * How the L1 treats local (stack) memory ([l1] local_write). Fermi and
 * Kepler cache local data in the L1 and write it back (PTX st.wb: "data
 * stored to local per-thread memory is cached in L1 and L2 with
 * write-back"); global stores follow l1.write_policy.
 */
enum emu_l1_local {
	/* like global data: l1.write_policy, no write allocate */
	EMU_L1_LOCAL_GLOBAL = 0,
	/*
	 * write-back without write allocate (GPGPU-Sim 3.x's Fermi L1,
	 * "L:L:m:N"): a store hit dirties the line, a store miss goes to
	 * the L2, a dirty line is written back when it is evicted
	 */
	EMU_L1_LOCAL_BACK = 1,
	/* write-back, and a store miss allocates the line without a fetch */
	EMU_L1_LOCAL_BACK_ALLOC = 2,
	EMU_L1_LOCAL_NR
};

/*
 * What a line request does at the head of the LSU when its slot's miss
 * sub-queue is full ([l1] subq_full). The CCBP paper says its sub-queues
 * "prevent the memory pipeline being dominated" by a throttled kernel
 * but not how; Documentation/emu/memory-pipeline.rst.
 */
enum emu_l1_subq_full {
	/*
	 * a reservation failure like any other: the request takes the L1
	 * port for the cycle and retries, and the one memory instruction
	 * the LSU holds blocks every warp of the SM (GPGPU-Sim's miss queue)
	 */
	EMU_L1_SUBQ_STALL = 0,
	/*
	 * the LSU holds one memory instruction per slot; a slot's requests
	 * wait before the port while its sub-queue is full, and other
	 * slots' requests pass them
	 */
	EMU_L1_SUBQ_HOLD = 1,
	EMU_L1_SUBQ_NR
};

/*
 * Address the memory system times a global access by ([gpu]
 * timing_address). Caches hold tags only, so this changes timing, never
 * data. pa: the translated physical address, as real hardware does; va:
 * (descriptor as_tag << 32) | GPU VA, which makes timing independent of
 * where the host put the pages (the VM and corun-sim then agree).
 */
enum emu_timing_address {
	EMU_TIMING_PA = 0,
	EMU_TIMING_VA = 1,
	EMU_TIMING_NR
};

enum emu_dram_sched {
	EMU_DRAM_FRFCFS = 0,
	EMU_DRAM_FCFS = 1,
	EMU_DRAM_SCHED_NR
};

/**
 * struct emu_fu_timing - one functional-unit pipeline per scheduler
 * @latency: cycles from issue until the result can be read (>= 1)
 * @interval: initiation interval: cycles before the pipeline accepts the
 *	next warp instruction (>= 1)
 */
struct emu_fu_timing {
	uint32_t latency;
	uint32_t interval;
};

/**
 * struct emu_config - a whole GPU configuration
 * @name: configuration name ([gpu] name)
 * @num_sms: streaming multiprocessors (1..CORUN_MAX_SMS)
 * @warp_size: threads per warp (1..32)
 * @num_slots: hardware slots, i.e. concurrently queued kernels (8..16)
 * @sm_mhz: SM clock, MHz; the device cycle is an SM cycle
 * @noc_mhz: interconnect clock, MHz
 * @dram_mhz: DRAM command clock, MHz
 * @epoch_cycles: default epoch length in SM cycles (0 = no epochs, else
 *	>= CORUN_EPOCH_LEN_MIN)
 * @insn_budget: default per-job budget in thread instructions when the
 *	descriptor gives 0 (0 = unlimited)
 * @timing_address: enum emu_timing_address: the address L1/L2 sets, L2
 *	slices and DRAM channels, banks and rows are derived from for global
 *	memory (pa, the default, or va; see the enum)
 *
 * @sm: per-SM static resources and pipeline
 * @sm.cta_slots: resident CTAs per SM
 * @sm.max_threads: resident threads per SM (multiple of @warp_size)
 * @sm.regs: 32-bit registers per SM
 * @sm.reg_alloc_unit: registers are allocated per warp in units of this
 *	many registers (regs_per_thread * warp_size rounded up)
 * @sm.shared_bytes: shared memory per SM, bytes
 * @sm.shared_alloc_unit: shared memory is allocated per CTA in these units
 * @sm.shared_banks: shared-memory banks (4 bytes wide); an access takes a
 *	pass per distinct word in its busiest bank (lanes reading or writing
 *	one word share a pass, atomics on one word take a pass each)
 * @sm.shared_latency: shared-memory access latency without conflicts
 * @sm.local_bytes: device-internal local (stack) memory per SM, bytes; a
 *	CTA needs threads * stack_bytes of it to become resident
 * @sm.max_kernels: distinct slots that may have CTAs on one SM at once
 * @sm.issue_period: SM cycles of a warp-issue quota period (the slot
 *	register CORUN_SLOT_ISSUE_QUOTA, SMK's quotas); the papers leave it
 *	open, 1000 by default
 * @sm.schedulers: warp schedulers per SM; warp w of the SM belongs to
 *	scheduler w % schedulers
 * @sm.sched_policy: enum emu_sched_policy (an order, with or without BMI)
 * @sm.two_level_active: active-pool size per scheduler for two_level
 * @sm.issue_width: warp instructions a scheduler may issue per cycle
 *	(from different warps)
 * @sm.ldst_units: memory instructions the LSU accepts per cycle per SM
 * @fu: per functional-unit class latency and initiation interval
 *
 * @l1: L1 data cache (per SM)
 * @l1.size: bytes
 * @l1.ways: associativity (1..32: per-slot way masks are 32 bits);
 *	size / (line * ways) sets
 * @l1.line: line size in bytes (power of two, 32..256); also the
 *	coalescing granularity
 * @l1.latency: hit latency
 * @l1.mshrs: miss-status holding registers
 * @l1.mshr_merge: maximum requests merged into one MSHR
 * @l1.missq_entries: miss-queue entries (all sub-queues together)
 * @l1.missq_subqueues: per-slot virtual sub-queues (1..16)
 * @l1.store_buffer: store-buffer entries
 * @l1.write_policy: enum emu_l1_write (global stores)
 * @l1.local_write: enum emu_l1_local (local, i.e. stack, accesses)
 * @l1.subq_full: enum emu_l1_subq_full (a request whose sub-queue is full)
 * @l1.irc_window: issue-rate-control credit refill window, SM cycles
 *
 * @noc: interconnect
 * @noc.topology: enum emu_noc_topology
 * @noc.flit_bytes: flit size, bytes
 * @noc.vcs: virtual channels per port (1..CORUN_MAX_VCS)
 * @noc.vc_buffer: flits of buffering per virtual channel
 * @noc.latency: zero-load router/link traversal latency, NoC cycles
 *	(per hop)
 * @noc.vc_map: enum emu_noc_vc_map
 * @noc.cpu_vcs: cpu_gpu map: VCs reserved for CPU packets (0 = shared,
 *	else below @noc.vcs)
 * @noc.strict_priority: 1 = output arbitration serves higher VC classes
 *	first (CPU VCs over GPU VCs for cpu_gpu, else lower VC first)
 * @noc.ring_stops: ring routers (0 = one per endpoint of the larger side)
 * @noc.mesh_x: mesh columns (0 with @noc.mesh_y 0 = near-square auto)
 * @noc.mesh_y: mesh rows
 *
 * @l2: last-level cache
 * @l2.banks: L2 banks (slices)
 * @l2.bank_size: bytes per bank
 * @l2.ways: associativity
 * @l2.line: line size in bytes (power of two)
 * @l2.mshrs: MSHRs per bank
 * @l2.latency: hit latency seen by an L1 miss (round trip)
 * @l2.mshr_merge: requests merged into one L2 MSHR
 * @l2.queue: request input FIFO entries per bank
 *
 * @dram: DRAM
 * @dram.channels: channels (1..CORUN_MAX_DRAM_CHANNELS)
 * @dram.banks: banks per channel
 * @dram.bank_groups: bank groups per channel (divides @dram.banks)
 * @dram.row_bytes: row (page) size per bank, bytes
 * @dram.bus_bytes: bytes transferred per DRAM clock per channel (DDR
 *	counted: both edges)
 * @dram.queue: transaction-queue entries per channel
 * @dram.sched: enum emu_dram_sched
 * @dram.row_hit_cap: FR-FCFS: consecutive row hits before an older miss
 *	wins (0 = no cap)
 * @dram.latency: round-trip latency of an L2 miss at zero load
 * @dram.tRCD: activate to read/write, DRAM cycles (likewise below)
 * @dram.tCL: read to data
 * @dram.tRP: precharge
 * @dram.tRAS: activate to precharge
 * @dram.tRC: activate to activate, same bank
 * @dram.tRRD: activate to activate, different banks
 * @dram.tFAW: four-activate window
 * @dram.tWTR: write to read turnaround
 * @dram.tCCD: column to column
 * @dram.tWL: write to data (write latency)
 * @dram.tRTP: read to precharge
 * @dram.tWR: write recovery: end of write data to precharge
 * @dram.burst_length: data-bus cycles of one column command (one burst
 *	moves burst_length * bus_bytes bytes, which must divide l2.line; a
 *	line takes that many column commands); 0 = one burst per line
 * @dram.tCCDL: column to column within one bank group (>= tCCD, which
 *	is then the different-group spacing)
 * @dram.tRRDL: activate to activate within one bank group (>= tRRD)
 * @dram.cpu_priority: 1 = CPU-class requests go first in the scheduler
 * @dram.tREFI: refresh interval per channel (0 = no refresh)
 * @dram.tRFC: refresh cycle: all banks closed and blocked this long
 * @dram.interleave: channel interleave granularity, bytes: this many
 *	consecutive bytes of a row stay in one channel before the address
 *	moves to the next channel (a multiple of l2.line dividing
 *	row_bytes; 0 = row_bytes, a whole row per channel; GPGPU-Sim's
 *	GDDR5 configurations interleave partitions at 256 B; emu/addrmap.h)
 *
 * @calib: platform constants measured on this configuration by
 *	``corun-sim --calibrate`` (Documentation/emu/calibration.rst), in
 *	bytes per 1000 SM cycles; 0 = not calibrated (a policy that needs
 *	one must then refuse to run); at most the peak
 *	(emu_config_noc_peak(), emu_config_dram_peak())
 * @calib.noc_sustainable: reply NoC (L2 to SMs): read-reply bytes
 *	(line and header flit) an L2-hitting read stream sustains
 * @calib.dram_sustainable: DRAM: bytes of L2-missing read data a
 *	sequential read stream sustains
 * @calib.hsm_c1: HSM's fit of private-mode DRAM utilization (data-bus busy
 *	cycles / (channels * DRAM cycles)) against row-buffer hit rate,
 *	utilization = c1 * RBH + c2, in 1/CORUN_HSM_FIT_ONE, measured by
 *	``corun-sim --fit-hsm``; 0 and 0: not fitted (the HSM policies then
 *	refuse to run). Each at most CORUN_HSM_FIT_ONE; c2 > 0 when c1 > 0
 *	(the line may pass 1 at RBH 1, beyond the streams' hit rates)
 * @calib.hsm_c2: see @calib.hsm_c1
 */
struct emu_config {
	char name[EMU_CONFIG_NAME_LEN];
	uint32_t num_sms;
	uint32_t warp_size;
	uint32_t num_slots;
	uint32_t sm_mhz;
	uint32_t noc_mhz;
	uint32_t dram_mhz;
	uint64_t epoch_cycles;
	uint64_t insn_budget;
	uint32_t timing_address;

	struct {
		uint32_t cta_slots;
		uint32_t max_threads;
		uint32_t regs;
		uint32_t reg_alloc_unit;
		uint32_t shared_bytes;
		uint32_t shared_alloc_unit;
		uint32_t shared_banks;
		uint32_t shared_latency;
		uint32_t local_bytes;
		uint32_t max_kernels;
		uint32_t issue_period;
		uint32_t schedulers;
		uint32_t sched_policy;
		uint32_t two_level_active;
		uint32_t issue_width;
		uint32_t ldst_units;
	} sm;

	struct emu_fu_timing fu[EMU_FU_NR];

	struct {
		uint32_t size;
		uint32_t ways;
		uint32_t line;
		uint32_t latency;
		uint32_t mshrs;
		uint32_t mshr_merge;
		uint32_t missq_entries;
		uint32_t missq_subqueues;
		uint32_t store_buffer;
		uint32_t write_policy;
		uint32_t local_write;
		uint32_t subq_full;
		uint32_t irc_window;
		uint32_t ro_size;
		uint32_t ro_ways;
	} l1;

	struct {
		uint32_t topology;
		uint32_t flit_bytes;
		uint32_t vcs;
		uint32_t vc_buffer;
		uint32_t latency;
		uint32_t vc_map;
		uint32_t cpu_vcs;
		uint32_t strict_priority;
		uint32_t ring_stops;
		uint32_t mesh_x;
		uint32_t mesh_y;
	} noc;

	struct {
		uint32_t banks;
		uint32_t bank_size;
		uint32_t ways;
		uint32_t line;
		uint32_t mshrs;
		uint32_t latency;
		uint32_t mshr_merge;
		uint32_t queue;
	} l2;

	struct {
		uint32_t channels;
		uint32_t banks;
		uint32_t bank_groups;
		uint32_t row_bytes;
		uint32_t bus_bytes;
		uint32_t queue;
		uint32_t sched;
		uint32_t row_hit_cap;
		uint32_t latency;
		uint32_t tRCD, tCL, tRP, tRAS, tRC, tRRD, tFAW, tWTR, tCCD;
		uint32_t tWL, tRTP, tWR;
		uint32_t burst_length;
		uint32_t cpu_priority;
		uint32_t tREFI, tRFC;
		uint32_t tCCDL, tRRDL;
		uint32_t interleave;
	} dram;

	struct {
		uint32_t noc_sustainable;
		uint32_t dram_sustainable;
		uint32_t hsm_c1;
		uint32_t hsm_c2;
	} calib;
};

/**
 * emu_config_defaults() - fill @cfg with the built-in defaults
 * @cfg: configuration to fill
 *
 * The defaults are the CCBP 16-SM system (emu/configs/ccbp-16sm.ini) and
 * always pass emu_config_validate().
 */
void emu_config_defaults(struct emu_config *cfg);

/**
 * emu_config_load() - read an INI file over the defaults
 * @path: file to read
 * @cfg: receives defaults overridden by the file's keys
 *
 * A line "include = FILE" before the first section reads FILE (a path
 * relative to @path's directory) first, so that a variant configuration
 * names its base and the keys it changes; includes nest up to 4 deep.
 * @err: receives "path:line: message" on failure (may be NULL)
 * @errlen: size of @err
 *
 * Return: 0, or -1 on an I/O error, syntax error, unknown section or key,
 * malformed or out-of-range value, or a violated cross-field constraint
 * (reported with line 0 when no single line is to blame).
 */
int emu_config_load(const char *path, struct emu_config *cfg, char *err,
		    size_t errlen);

/**
 * emu_config_parse() - like emu_config_load() from a string
 * @text: NUL-terminated INI text
 * @name: file name used in messages
 * @cfg: receives defaults overridden by @text's keys
 * @err: message buffer (may be NULL)
 * @errlen: size of @err
 *
 * Return: 0 or -1 as for emu_config_load().
 */
int emu_config_parse(const char *text, const char *name,
		     struct emu_config *cfg, char *err, size_t errlen);

/**
 * emu_config_set() - set one key from a string, e.g. for a command line
 * @cfg: configuration to modify
 * @section: section name, e.g. "sm"
 * @key: key name, e.g. "sched_policy"
 * @value: value as in a file, e.g. "gto"
 * @err: message buffer (may be NULL)
 * @errlen: size of @err
 *
 * Only the single value is range-checked; call emu_config_validate()
 * after the last change.
 *
 * Return: 0 or -1.
 */
int emu_config_set(struct emu_config *cfg, const char *section,
		   const char *key, const char *value, char *err,
		   size_t errlen);

/**
 * emu_config_validate() - check ranges and cross-field constraints
 * @cfg: configuration to check
 * @err: message buffer (may be NULL)
 * @errlen: size of @err
 *
 * Return: 0 or -1.
 */
int emu_config_validate(const struct emu_config *cfg, char *err,
			size_t errlen);

/**
 * emu_config_print() - print every field in INI syntax
 * @cfg: configuration
 * @f: output stream
 *
 * The output parses back to an identical configuration.
 */
void emu_config_print(const struct emu_config *cfg, FILE *f);

/**
 * emu_config_sm_limits() - one SM's static resources, as footprint.h wants
 * @cfg: configuration
 * @l: receives warp size, CTA slots, threads, registers, shared memory and
 *	their allocation granules
 */
void emu_config_sm_limits(const struct emu_config *cfg,
			  struct corun_sm_limits *l);

/**
 * emu_config_id() - stable 32-bit hash of every field (FNV-1a over the
 *	printed form), reported in CORUN_REG_CONFIG_ID
 * @cfg: configuration
 *
 * Return: the hash.
 */
uint32_t emu_config_id(const struct emu_config *cfg);

/**
 * emu_config_noc_peak() - peak reply-NoC bandwidth
 * @cfg: configuration
 *
 * Replies leave the L2 slices and enter the SMs, each port one flit per
 * NoC cycle, so the narrower side bounds them: min(num_sms, l2.banks) *
 * noc.flit_bytes * noc_mhz / sm_mhz bytes per SM cycle.
 *
 * Return: bytes per 1000 SM cycles, rounded down.
 */
uint64_t emu_config_noc_peak(const struct emu_config *cfg);

/**
 * emu_config_dram_peak() - peak DRAM bandwidth
 * @cfg: configuration
 *
 * Every channel's data bus busy: dram.channels * dram.bus_bytes *
 * dram_mhz / sm_mhz bytes per SM cycle.
 *
 * Return: bytes per 1000 SM cycles, rounded down.
 */
uint64_t emu_config_dram_peak(const struct emu_config *cfg);

/**
 * emu_sched_policy_name() - name of a scheduler policy as in the INI file
 * @p: enum emu_sched_policy
 *
 * Return: "lrr", "gto", "two_level", "kaware" or "?".
 */
const char *emu_sched_policy_name(uint32_t p);

#endif /* _EMU_CONFIG_H_ */
