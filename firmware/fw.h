/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device firmware: internal interfaces between the boot code and
 * event loop (main.c), the mailbox (mbox.c), the parameter store
 * (params.c) and the firmware policies, one C file per mechanism (irc.c,
 * l1.c, llc.c, vcp.c, dram.c, dram_tcm.c, monitor.c). Everything here
 * builds both into the RV32 image and natively for unit tests.
 *
 * A firmware policy is a struct fw_policy: it owns some parameters of
 * fwif.h (their storage, validation and what applying them writes), sets
 * them to their defaults at boot and may act on every epoch. It reaches
 * the hardware only through the window (fw_hal.h). Policies are listed
 * once, in fw_policies[] (params.c).
 */
#ifndef _CORUN_FW_H_
#define _CORUN_FW_H_

#include <stdbool.h>
#include <stddef.h>

#include "fw_hal.h"
#include "fw_version.h"

#define FW_VERSION ((FW_VERSION_MAJOR << 16) | FW_VERSION_MINOR)

/* Per-slot parameter ids carry the slot in their low byte (fwif.h). */
#define FW_PARAM_SLOT_MASK 0xffu

/* Defaults; the accepted ranges are part of the contract in fwif.h. */
#define FW_TICK_CYCLES_DEFAULT 10000u
#define FW_IRC_WINDOW_DEFAULT 200u /* CCBP: credits reset every 200 cycles */
/* CCBP's reply: a 128-byte line and a 32-byte header flit. */
#define FW_IRC_REPLY_DEFAULT 160u
#define FW_IRC_DRAM_BYTES_DEFAULT 128u /* one L2 line per DRAM access */
#define FW_L1_WAYS_ALL 0xffffffffu
/*
 * UCP on the L1: repartition every 10 epochs (100 K cycles at CCBP's 10 K
 * cycle epochs; UCP's 5 M cycles would be longer than our runs), halve.
 */
#define FW_L1_UCP_PERIOD_DEFAULT CORUN_FW_L1_UCP_PERIOD_BOOT
#define FW_L1_UCP_MIN_WAYS_DEFAULT CORUN_FW_L1_UCP_MIN_WAYS_BOOT
#define FW_L1_UCP_DECAY_DEFAULT CORUN_FW_L1_UCP_DECAY_BOOT
#define FW_LLC_WAYS_ALL 0xffffffffu
/* p = 0.001 of the CPU-GPU paper: spare with 1023/1024. */
#define FW_LLC_PROB_DEFAULT CORUN_FW_LLC_PROB_BOOT
/* TCM: 1 M cycles at the driver's 100 K-cycle epoch; shuffle every epoch */
#define FW_DRAM_TCM_QUANTUM_DEFAULT CORUN_FW_DRAM_TCM_QUANTUM_BOOT
#define FW_DRAM_TCM_SHUFFLE_DEFAULT CORUN_FW_DRAM_TCM_SHUFFLE_BOOT

/**
 * struct fw_policy - one firmware policy
 * @name: short name, for documentation and tests
 * @features: CORUN_FW_FEAT_* bits it implements (the VERSION reply ORs
 *	them)
 * @init: set every parameter it owns to its default and program the
 *	registers they drive; called at boot after the hardware limits in
 *	struct fw_state are known
 * @param: the storage of parameter @base (enum corun_fw_param without the
 *	slot) for @slot (0 for global parameters, < fw.num_slots for
 *	per-slot ones), or NULL if the policy does not own it
 * @param_valid: whether @val may be stored in @base/@slot. Never changes
 *	anything; false for read-only parameters and for values that need a
 *	feature the policy lacks
 * @param_apply: program the registers that follow from the stored
 *	value of @base/@slot
 * @epoch: optional; called on every CORUN_MCU_EV_EPOCH, after
 *	fw.epoch_seq was read
 */
struct fw_policy {
	const char *name;
	u32 features;
	void (*init)(void);
	u32 *(*param)(u32 base, u32 slot);
	bool (*param_valid)(u32 base, u32 slot, u32 val);
	void (*param_apply)(u32 base, u32 slot);
	void (*epoch)(void);
};

/*
 * The one policy that works on ticks: BW-App (dram.c), while
 * fw_dram_bw_app says it is selected. An idle tick then costs a test.
 */
extern bool fw_dram_bw_app;
void fw_dram_tick(void);

/*
 * TCM (dram_tcm.c) acts on epochs while fw_dram_tcm says it is selected;
 * dram.c sets it and calls fw_dram_tcm_start() each time DRAM_POLICY is
 * set to TCM: a new quantum from the counters now, every result cleared.
 */
extern bool fw_dram_tcm;
void fw_dram_tcm_start(void);

/**
 * fw_monitor_factors() - a slot's rf and df over the last epoch span
 * @slot: the slot, below fw.num_slots
 * @rf: CORUN_FW_P_RF
 * @df: CORUN_FW_P_DF
 *
 * Return: false (and nothing stored) if the slot made no request then.
 */
bool fw_monitor_factors(unsigned int slot, u32 *rf, u32 *df);

/**
 * fw_ucp_lookahead() - UCP's lookahead allocation of a cache's ways
 * @util: @n rows of @ways hit counts, by LRU stack position (0: most
 *	recent)
 * @n: competitors, 1..CORUN_MAX_SLOTS
 * @ways: ways to share, at least @n * @min_ways
 * @min_ways: ways each gets first
 * @alloc: receives each row's ways; they add up to @ways
 *
 * See enum corun_l1_mode (fwif.h) for the rules, ties included.
 */
void fw_ucp_lookahead(const u32 *const *util, u32 n, u32 ways,
		      u32 min_ways, u32 *alloc);

/* The policies, in the order they are initialised; NULL-terminated. */
extern const struct fw_policy *const fw_policies[];

extern const struct fw_policy fw_policy_core;
extern const struct fw_policy fw_policy_monitor;
extern const struct fw_policy fw_policy_irc;
extern const struct fw_policy fw_policy_l1;
extern const struct fw_policy fw_policy_llc;
extern const struct fw_policy fw_policy_vcp;
extern const struct fw_policy fw_policy_dram;
extern const struct fw_policy fw_policy_mil;
extern const struct fw_policy fw_policy_dram_tcm;

/**
 * struct fw_state - what every part of the firmware shares
 * @num_slots: hardware slots (CORUN_MCU_NUM_SLOTS, at most CORUN_MAX_SLOTS)
 * @num_sms: SMs (CORUN_MCU_NUM_SMS)
 * @num_vcs: NoC virtual channels (CORUN_MCU_NUM_VCS)
 * @l1_ways: L1 ways (CORUN_MCU_L1_WAYS)
 * @llc_ways: LLC ways (CORUN_MCU_LLC_WAYS)
 * @ticks: tick events handled since boot (CORUN_FW_P_TICKS)
 * @epoch_seq: CORUN_MCU_EPOCH_SEQ at the last epoch event, 0 before one
 * @requests: mailbox requests answered since boot
 * @tick_cycles: tick period (CORUN_FW_P_TICK_CYCLES)
 * @beats: passes of the event loop since boot (CORUN_MCU_HEARTBEAT)
 */
struct fw_state {
	u32 num_slots;
	u32 num_sms;
	u32 num_vcs;
	u32 l1_ways;
	u32 llc_ways;
	u32 ticks;
	u32 epoch_seq;
	u32 requests;
	u32 tick_cycles;
	u32 beats;
};

extern struct fw_state fw;

/* The mask of a cache's ways, bit i for way i (32-bit masks: ways 0..31). */
static inline u32 fw_ways_mask(u32 ways)
{
	return ways >= 32 ? 0xffffffffu : BIT(ways) - 1;
}

/**
 * fw_boot() - bring the firmware up and complete the boot handshake
 *
 * Checks the window's identity, reads the hardware limits, sets every
 * parameter to its default and programs the registers that follow from
 * them (fw_params_init()), then writes FW_VERSION to CORUN_MCU_READY.
 * Panics (FW_PANIC_BAD_ID) on a foreign window.
 */
void fw_boot(void);

/**
 * fw_poll() - handle the events pending now
 *
 * Acknowledges the pending events before handling them, so an event that
 * arrives while they are handled stays pending for the next call. The
 * epoch goes first (a request about it sees its monitors), then the
 * mailbox, then the tick. First of all it beats: writes the count of
 * calls since boot to CORUN_MCU_HEARTBEAT.
 *
 * Return: the CORUN_MCU_EV_* bits handled, 0 if none was pending.
 */
u32 fw_poll(void);

/**
 * fw_main() - boot, then handle events forever, sleeping in WFE when idle
 */
__noreturn void fw_main(void);

/**
 * fw_tick() - handle one timer tick
 */
void fw_tick(void);

/**
 * fw_epoch() - handle one epoch event: read CORUN_MCU_EPOCH_SEQ into
 *	fw.epoch_seq, then run every policy's epoch handler in order
 */
void fw_epoch(void);

/**
 * fw_mbox_process() - execute one mailbox request
 * @in: the CORUN_MBOX_WORDS request words (header, payload)
 * @out: filled with the CORUN_MBOX_WORDS reply words; unused ones are 0
 *
 * Never fails: a malformed request gets an error status in the reply
 * header (enum corun_fw_status) and an empty payload; a SET_PARAMS whose
 * pair is refused gets that pair's status and its index.
 */
void fw_mbox_process(const u32 *in, u32 *out);

/**
 * fw_mbox_handle() - answer the request pending in the window
 *
 * Reads CORUN_MCU_MBOX_SEQ and MBOX_IN, writes MBOX_OUT, then MBOX_DONE.
 */
void fw_mbox_handle(void);

/**
 * fw_params_init() - run every policy's init, in fw_policies[] order
 */
void fw_params_init(void);

/**
 * fw_features() - the CORUN_FW_FEAT_* bits of the VERSION reply
 *
 * Return: every policy's features and CORUN_FW_FEAT_SET_PARAMS.
 */
u32 fw_features(void);

/**
 * fw_param_get() - read a parameter
 * @id: enum corun_fw_param, with the slot for per-slot parameters
 * @val: the value
 *
 * Return: CORUN_FW_OK or CORUN_FW_ENOENT.
 */
u32 fw_param_get(u32 id, u32 *val);

/**
 * fw_param_set() - validate and set a parameter, then apply it
 * @id: enum corun_fw_param, with the slot for per-slot parameters
 * @val: the new value
 * @old: the previous value (only on success)
 *
 * Return: CORUN_FW_OK, CORUN_FW_ENOENT (no such parameter or slot) or
 * CORUN_FW_EINVAL (value out of range, or a read-only parameter).
 */
u32 fw_param_set(u32 id, u32 val, u32 *old);

/**
 * fw_params_set() - set several parameters, all or none
 * @pairs: @n pairs of (id, value)
 * @n: number of pairs
 * @bad: on failure, the index of the first refused pair
 *
 * Validates every pair first; only if all pass are they stored and
 * applied, in order (a parameter named twice ends with its last value).
 *
 * Return: CORUN_FW_OK, or the status of the first refused pair as
 * fw_param_set() gives it, with nothing changed.
 */
u32 fw_params_set(const u32 *pairs, u32 n, u32 *bad);

/**
 * fw_irc_credits() - IRC credits of a slot for its share and the window
 * @share: share in 1/1024
 * @window: window in cycles
 *
 * Return: share * window / 1024, at least 1 for a non-zero share so a
 * slot with bandwidth never starves on rounding.
 */
u32 fw_irc_credits(u32 share, u32 window);

/**
 * struct fw_irc_model - what the CCBP mode's credit formula needs
 * @m: units per bandwidth (CORUN_FW_P_IRC_UNITS)
 * @window: refill window, cycles
 * @sms: SMs the quotas are split over
 * @noc_bw: sustainable NoC bandwidth, bytes per 1000 cycles (0: no limit)
 * @dram_bw: sustainable DRAM bandwidth, the same
 * @reply: NoC bytes of a read reply
 * @dram_bytes: bytes of a DRAM access
 */
struct fw_irc_model {
	u32 m;
	u32 window;
	u32 sms;
	u32 noc_bw;
	u32 dram_bw;
	u32 reply;
	u32 dram_bytes;
};

/**
 * fw_irc_ccbp_credits() - CCBP credits of a slot per SM per window
 * @mo: the model
 * @noc_units: NoC quota, 1/1000 of a unit
 * @dram_units: DRAM quota, 1/1000 of a unit
 * @rf: read requests per request, 1/1024
 * @df: DRAM accesses per request, 1/1024 (at most 4096 is used)
 *
 * The smaller of Eq. 1's and Eq. 3's issue rates for the quotas (the
 * formula is in fwif.h, at enum corun_irc_mode), floored, at least 1, at
 * most the window; a bandwidth or factor of 0 does not limit.
 *
 * Return: the credits, or CORUN_FW_IRC_CREDITS_UNLIMITED if neither
 * bandwidth limits.
 */
u32 fw_irc_ccbp_credits(const struct fw_irc_model *mo, u32 noc_units,
			u32 dram_units, u32 rf, u32 df);

/* CORUN_FW_P_MIL_HIGH .. CORUN_FW_P_MIL_STEP */
#define FW_MIL_NPARAMS (CORUN_FW_P_MIL_STEP - CORUN_FW_P_MIL_HIGH + 1)

/**
 * struct fw_mil_params - MIL's controller parameters (fwif.h)
 * @high: CORUN_FW_P_MIL_HIGH, reservation failures per access, 1/1024
 * @low: CORUN_FW_P_MIL_LOW
 * @min: CORUN_FW_P_MIL_MIN
 * @max: CORUN_FW_P_MIL_MAX
 * @step: CORUN_FW_P_MIL_STEP
 */
struct fw_mil_params {
	u32 high;
	u32 low;
	u32 min;
	u32 max;
	u32 step;
};

/**
 * fw_mil_next() - a slot's next MIL cap
 * @mp: the parameters
 * @cap: its cap now, CORUN_FW_MIL_CAP_NONE for none
 * @accesses: its L1 accesses over the last epoch span
 * @resfails: its L1 reservation failures then
 *
 * The rule of fwif.h (enum corun_irc_enable): no accesses, no cap; the
 * failure rate above @high halves the cap (from @max with none), at
 * least @min; below @low a cap grows by @step, lifted beyond @max.
 *
 * Return: the new cap, CORUN_FW_MIL_CAP_NONE for none.
 */
u32 fw_mil_next(const struct fw_mil_params *mp, u32 cap, u64 accesses,
		u64 resfails);

/**
 * fw_mil_select() - enter or leave MIL (CORUN_FW_IRC_ENABLE_MIL)
 * @on: whether it is selected
 *
 * Entering starts every slot free, with its span from now; leaving
 * lifts every cap. No change if @on is the state already.
 */
void fw_mil_select(bool on);

/**
 * fw_muldiv64() - floor(@a * @b / @d) with a 128-bit product
 * @a: factor
 * @b: factor
 * @d: divisor
 *
 * Return: the quotient; ~0 if it does not fit in 64 bits or @d is 0.
 */
u64 fw_muldiv64(u64 a, u64 b, u64 d);

/**
 * fw_ratio1024() - floor(1024 * @num / @den), integer only
 * @num: numerator
 * @den: denominator
 *
 * Exact for @num below 2^54 (both are scaled down alike beyond); the
 * RV32 image has no 64-bit division helper, so this uses 32-bit DIVU
 * when the operands fit and a short shift-and-subtract loop otherwise.
 *
 * Return: the ratio in 1/1024, 0 if @den is 0, at most 0xffffffff.
 */
u32 fw_ratio1024(u64 num, u64 den);

#endif /* _CORUN_FW_H_ */
