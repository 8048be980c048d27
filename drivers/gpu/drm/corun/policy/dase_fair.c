// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "dase-fair": HSM-Fair's procedure (hsm_fair.c) fed by the
 * DASE-style white-box slowdown model (dase_model.h) with HSM's cap, the
 * fairness baseline of the HSM paper (ASPLOS'20, Sec. 5).
 */
#include "dase_model.h"

/* DRM_CORUN_POLICY_DASE_FAIR */
#define CORUN_POLICY_ID_DASE_FAIR 9

static const struct smpart_ops dase_fair_ops = {
	.predict = dase_predict_in,
	.repartition = hsm_fair_repartition,
};

static int dase_fair_init(void *st, const struct corun_policy_platform *plat)
{
	return dase_model_check(plat);
}

static void dase_fair_decide(void *st, const struct corun_policy_in *in,
			     struct corun_policy_out *out)
{
	dase_decide(st, &dase_fair_ops, in, out);
}

const struct corun_policy_ops corun_policy_dase_fair = {
	.name = "dase-fair",
	.id = CORUN_POLICY_ID_DASE_FAIR,
	.desc = "spatial: SMs moved to equalise DASE-predicted slowdowns",
	.state_size = sizeof(struct dase_state),
	.flags = CORUN_POLICY_F_EPOCH_RESTART,
	.init = dase_fair_init,
	.decide = dase_fair_decide,
};
