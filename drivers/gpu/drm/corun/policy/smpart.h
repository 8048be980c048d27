/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Epoch-driven SM partitioning with a slowdown model, the frame HSM-Fair
 * and HSM-QoS share (and any policy that feeds the same procedures from
 * another predictor). A job's program is the unit: a job that ends keeps
 * its slot's SMs until the next epoch boundary, and a job starting in
 * that slot before it is a relaunch of the same program, which goes on
 * with the SMs, the prediction and the residency, the epoch running on.
 * Any other change of the set of programs (a job in a slot with no job
 * pending there, or a slot still idle at the boundary) restarts from an
 * even split and ends the epoch (CORUN_POLICY_F_EPOCH_RESTART);
 * at each epoch every running job's NP is predicted from the epoch's
 * counters under the SMs it held, its predicted alone cycles advance, and
 * the policy's procedure may move SMs between jobs. Which SMs move and
 * how their CTAs leave (drain or context switch) is decided here.
 */
#ifndef _CORUN_POLICY_SMPART_H_
#define _CORUN_POLICY_SMPART_H_

#include "hsm_model.h"

/**
 * struct smpart - state of an SM-partitioning policy
 * @pt: which slot owns each SM
 * @acct: per slot, the predicted alone cycles of its job
 * @pred: per slot, the last epoch's prediction
 * @res_start: per slot, the cycle its job (or run of back-to-back jobs)
 *	became resident
 * @idle_since: per slot, the cycle its last job ended
 * @relaunch: per slot, its job ended since the last epoch boundary: it
 *	keeps its SMs for a relaunch until then
 * @last_epoch: device cycle of the last epoch snapshot (0: none yet)
 * @moved: SMs moved by the last repartitioning
 * @lost: per slot, SMs it lost in the last decision that moved any
 * @reclaim: per slot, how it gave them up (enum corun_reclaim)
 * @cs_choices: per enum corun_reclaim, how many times a slot gave up SMs
 *	that way since the policy was selected
 */
struct smpart {
	struct hsm_part pt;
	struct hsm_acct acct[CORUN_POLICY_MAX_SLOTS];
	struct hsm_pred pred[CORUN_POLICY_MAX_SLOTS];
	u64 res_start[CORUN_POLICY_MAX_SLOTS];
	u64 idle_since[CORUN_POLICY_MAX_SLOTS];
	u8 relaunch[CORUN_POLICY_MAX_SLOTS];
	u64 last_epoch;
	u32 moved;
	u32 lost[CORUN_POLICY_MAX_SLOTS];
	u32 reclaim[CORUN_POLICY_MAX_SLOTS];
	u64 cs_choices[CORUN_RECLAIM_NR];
};

/**
 * struct smpart_ops - what a policy plugs into the frame
 * @predict: NP of @slot's job over the epoch of @e (HSM: hsm_predict())
 * @repartition: move SMs with hsm_part_move() from the predictions in
 *	@sp->pred (running slots with a prediction have cls != HSM_NONE)
 */
struct smpart_ops {
	void (*predict)(const struct corun_policy_in *in, u32 slot,
			const struct hsm_epoch *e, struct hsm_pred *r);
	void (*repartition)(struct smpart *sp,
			    const struct corun_policy_in *in);
};

void smpart_decide(struct smpart *sp, const struct smpart_ops *ops,
		   const struct corun_policy_in *in,
		   struct corun_policy_out *out);

/* Whether @slot runs a job with a prediction (and owns SMs). */
bool smpart_predicted(const struct smpart *sp, const struct corun_policy_in *in,
		      u32 slot);

/* HSM's predictor in the frame's shape (hsm_predict() on @in's platform). */
void hsm_predict_in(const struct corun_policy_in *in, u32 slot,
		    const struct hsm_epoch *e, struct hsm_pred *r);

/* HSM-Fair's procedure (hsm_fair.c) and its SM count. */
u32 hsm_fair_transfer(const struct hsm_pred *h, const struct hsm_pred *l);
void hsm_fair_repartition(struct smpart *sp, const struct corun_policy_in *in);
/* HSM-QoS's procedure (hsm_qos.c). */
void hsm_qos_repartition(struct smpart *sp, const struct corun_policy_in *in);

/*
 * HSM's preemption rule for a job giving up SMs: drain when its CTAs are
 * short-lived, i.e. it completed more CTAs per SM over the epoch (@done
 * on @done_sms SMs) than an SM holds at once (@resident on @res_sms: the
 * paper's "TBs that can be concurrently executed on one SM"), else
 * context-switch. Ties switch; so does a job with no history (nothing
 * completed yet).
 */
u32 smpart_reclaim_rule(u64 done, u32 done_sms, u64 resident, u32 res_sms);

/* ceil(@a / @b), @b > 0 */
static inline u64 smpart_div_up(u64 a, u64 b)
{
	return (a + b - 1) / b;
}

#endif /* _CORUN_POLICY_SMPART_H_ */
