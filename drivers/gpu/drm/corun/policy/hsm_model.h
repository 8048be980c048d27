/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * HSM, the hybrid slowdown model (Zhao, Jahre, Eeckhout, ASPLOS'20), for
 * the SM-partitioning policies: per epoch and co-runner, classify the job
 * as memory- or compute-bound (Eqs. 2-3) and predict its normalized
 * progress NP = IPC shared / IPC alone (Eqs. 4-5), in fixed point. Also the
 * per-job accounting that turns the predictions into an estimate of the
 * job's alone cycles, and the SM ownership the partitioning policies
 * share. Documentation/gpu/corun/hsm.rst has the model, every unit and
 * every choice the paper leaves open.
 */
#ifndef _CORUN_POLICY_HSM_MODEL_H_
#define _CORUN_POLICY_HSM_MODEL_H_

#include "policy.h"

/* NP, RBH and the policies' thresholds: 1.0 (= DRM_CORUN_QOS_ONE). */
#define HSM_ONE 1024u

enum hsm_class {
	HSM_NONE = 0, /* no instructions and no DRAM accesses: no prediction */
	HSM_COMPUTE = 1,
	HSM_MEMORY = 2,
	HSM_WHITEBOX = 3, /* a prediction of a model that does not classify */
};

/**
 * struct hsm_epoch - one co-runner's shared-mode counters over an epoch
 * @cycles: SM cycles of the epoch (E)
 * @sms: SMs allocated to the job during the epoch (S_k)
 * @ctas_total: CTAs of its grid (sigma_k is at most this)
 * @insns: warp instructions (I_k)
 * @accesses: DRAM accesses over every channel
 * @row_hits: those that hit the open row
 * @bus_cycles: DRAM data-bus busy cycles of the job, over every channel
 */
struct hsm_epoch {
	u64 cycles;
	u32 sms;
	u32 ctas_total;
	u64 insns;
	u64 accesses;
	u64 row_hits;
	u64 bus_cycles;
};

/**
 * struct hsm_pred - the model's view of one co-runner after an epoch
 * @cls: enum hsm_class
 * @np: predicted NP, 1/HSM_ONE (at most HSM_ONE)
 * @np_uncapped: the same before a model's cap (HSM has none: @np)
 * @sms: S_k
 * @sigma: sigma_k: the SMs it would use alone (all, or its CTAs if fewer)
 * @rbh: row-buffer hit rate, 1/HSM_ONE
 * @util: shared-mode DRAM utilization B_k, 1/CORUN_HSM_FIT_ONE
 * @beta: predicted private-mode utilization c1 * RBH + c2, same unit
 * @demand: utilization it would demand at peak issue on all SMs (Eq. 2),
 *	same unit, saturating at U32_MAX
 */
struct hsm_pred {
	u32 cls;
	u32 np;
	u32 np_uncapped;
	u32 sms;
	u32 sigma;
	u32 rbh;
	u32 util;
	u32 beta;
	u32 demand;
};

/* 0, or -CORUN_EOPNOTSUPP if @p lacks what the model needs (the fit). */
int hsm_model_check(const struct corun_policy_platform *p);

/* @slot's counters over the last epoch of @in, with @sms SMs allocated. */
void hsm_epoch_read(const struct corun_policy_in *in, u32 slot, u32 sms,
		    struct hsm_epoch *e);

/* sigma_k: the SMs a grid of @ctas_total CTAs (0: unknown) uses alone. */
u32 hsm_sigma(const struct corun_policy_platform *p, u32 ctas_total);

/* @r with no prediction, on min(@sms, sigma of @ctas_total) SMs. */
void hsm_pred_start(const struct corun_policy_platform *p, u32 ctas_total,
		    u32 sms, struct hsm_pred *r);

/* Classify and predict (HSM's Eqs. 2-5) from @e on @p. */
void hsm_predict(const struct corun_policy_platform *p,
		 const struct hsm_epoch *e, struct hsm_pred *r);

/* ---- predicted alone cycles of a job ---- */

/**
 * struct hsm_acct - a job's predicted alone cycles so far
 * @seqno: the job
 * @last: device cycle up to which @est counts
 * @est: sum of NP x cycles, in 1/HSM_ONE cycles
 * @np: NP assumed from @last on, until an epoch measures it
 */
struct hsm_acct {
	u64 seqno;
	u64 last;
	u64 est;
	u32 np;
};

/* The job @seqno starts at @now with a first guess of NP @np. */
void hsm_acct_start(struct hsm_acct *a, u64 seqno, u64 now, u32 np);
/* An epoch ended at @end: the cycles since @a->last progressed at @np. */
void hsm_acct_epoch(struct hsm_acct *a, u64 end, u32 np);
/* The NP to assume from @a->last until the next epoch measures it. */
void hsm_acct_guess(struct hsm_acct *a, u32 np);
/* Predicted alone cycles of the job from its start to @now. */
u64 hsm_acct_alone(const struct hsm_acct *a, u64 now);

/* ---- SM ownership of the partitioning policies ---- */

#define HSM_NO_OWNER 0xff

/**
 * struct hsm_part - which slot owns each SM
 * @owner: per SM, a slot or HSM_NO_OWNER
 * @settle: repartitioning waits for the first whole epoch after a job
 *	started or ended (HSM ends the epoch at a kernel completion)
 */
struct hsm_part {
	u8 owner[CORUN_POLICY_MAX_SMS];
	u32 settle;
};

/* SMs @slot owns. */
u32 hsm_part_count(const struct hsm_part *pt, u32 num_sms, u32 slot);
/* An even split between the running slots of @in, contiguous, in order. */
void hsm_part_even(struct hsm_part *pt, const struct corun_policy_in *in);
/* Move @n of @from's SMs (its highest-numbered) to @to. */
void hsm_part_move(struct hsm_part *pt, u32 num_sms, u32 from, u32 to, u32 n);
/*
 * Write the SM masks of @pt into @out: running slots get what they own
 * (every SM if they own none: more jobs than SMs), idle slots every SM.
 */
void hsm_part_masks(const struct hsm_part *pt, const struct corun_policy_in *in,
		    struct corun_policy_out *out);

#endif /* _CORUN_POLICY_HSM_MODEL_H_ */
