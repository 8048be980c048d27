/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * A DASE-style white-box slowdown model (after Hu et al., ICPP'16, as the
 * HSM paper uses it as a baseline): per epoch and co-runner, the cycles
 * lost to other co-runners in the memory system are estimated from
 * per-request interference (DRAM bank, row-buffer and data-bus
 * interference, LLC misses another slot caused), divided by the job's
 * memory-level parallelism, taken off its memory-stall time, and the rest
 * is scaled from its SMs to the whole GPU. HSM caps such predictions at a
 * slowdown of S_Max / S_k (NP >= S_k / S_Max); both the capped and the
 * uncapped NP are kept. Integer arithmetic only.
 * Documentation/gpu/corun/hsm.rst has the formula and its choices.
 */
#ifndef _CORUN_POLICY_DASE_MODEL_H_
#define _CORUN_POLICY_DASE_MODEL_H_

#include "smpart.h"

/**
 * struct dase_epoch - one co-runner's shared-mode counters over an epoch
 * @cycles: SM cycles of the epoch (E)
 * @sms: SMs allocated to the job during the epoch (S_k)
 * @ctas_total: CTAs of its grid (sigma_k is at most this)
 * @insns: warp instructions (issue cycles of its schedulers)
 * @stall_mem: warp-scheduler cycles stalled on memory (an L1 miss's
 *	operand, or a full LSU or miss queue)
 * @stall_all: warp-scheduler cycles stalled for any reason
 * @llc_misses: its LLC misses
 * @dram_accesses: its DRAM accesses
 * @mem_latency_sum: its L1-miss round trips, summed (SM cycles)
 * @ic: its interference counters (struct corun_slot_interf_counters)
 */
struct dase_epoch {
	u64 cycles;
	u32 sms;
	u32 ctas_total;
	u64 insns;
	u64 stall_mem;
	u64 stall_all;
	u64 llc_misses;
	u64 dram_accesses;
	u64 mem_latency_sum;
	struct corun_slot_interf_counters ic;
};

/**
 * struct dase_detail - the model's intermediate figures (for tests and
 * traces)
 * @interf_dram: DRAM interference, SM request-cycles
 * @interf_llc: LLC interference, SM request-cycles
 * @mlp: memory-level parallelism, 1/HSM_ONE (at least 1)
 * @lost: cycles lost to interference, interf / MLP
 * @mem_frac: memory-stall fraction alpha, 1/HSM_ONE
 * @np_uncapped: NP before the cap, 1/HSM_ONE
 */
struct dase_detail {
	u64 interf_dram;
	u64 interf_llc;
	u32 mlp;
	u64 lost;
	u32 mem_frac;
	u32 np_uncapped;
};

/* 0, or -CORUN_EINVAL if @p lacks the clocks or SM count the model needs. */
int dase_model_check(const struct corun_policy_platform *p);

/*
 * @slot's counters over the last epoch of @in, beside those the frame
 * read into @h (hsm_epoch_read(): its cycles, SMs and DRAM accesses).
 */
void dase_epoch_read(const struct corun_policy_in *in, u32 slot,
		     const struct hsm_epoch *h, struct dase_epoch *e);

/*
 * Predict NP from @e on @p: @r->np capped (NP >= S_k / sigma_k),
 * @r->np_uncapped without; @d (may be NULL) receives the steps.
 */
void dase_predict(const struct corun_policy_platform *p,
		  const struct dase_epoch *e, struct hsm_pred *r,
		  struct dase_detail *d);

/* The predictor in the frame's shape (struct smpart_ops.predict). */
void dase_predict_in(const struct corun_policy_in *in, u32 slot,
		     const struct hsm_epoch *e, struct hsm_pred *r);

/**
 * struct dase_state - a DASE-fed SM-partitioning policy
 * @sp: the frame (its alone estimate: the capped predictions)
 * @raw: per slot, the alone estimate from the uncapped predictions
 */
struct dase_state {
	struct smpart sp;
	struct hsm_acct raw[CORUN_POLICY_MAX_SLOTS];
};

/*
 * smpart_decide() with @ops, and the uncapped estimate kept beside the
 * capped one (est_alone_uncapped), on the same cycles.
 */
void dase_decide(struct dase_state *st, const struct smpart_ops *ops,
		 const struct corun_policy_in *in,
		 struct corun_policy_out *out);

#endif /* _CORUN_POLICY_DASE_MODEL_H_ */
