// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun policy "dase-qos": HSM-QoS's procedure (hsm_qos.c) fed by the
 * DASE-style white-box slowdown model (dase_model.h) with HSM's cap, the
 * QoS baseline of the HSM paper (ASPLOS'20, Sec. 5).
 */
#include "dase_model.h"

/* DRM_CORUN_POLICY_DASE_QOS */
#define CORUN_POLICY_ID_DASE_QOS 10

static const struct smpart_ops dase_qos_ops = {
	.predict = dase_predict_in,
	.repartition = hsm_qos_repartition,
};

static int dase_qos_init(void *st, const struct corun_policy_platform *plat)
{
	return dase_model_check(plat);
}

static void dase_qos_decide(void *st, const struct corun_policy_in *in,
			    struct corun_policy_out *out)
{
	dase_decide(st, &dase_qos_ops, in, out);
}

const struct corun_policy_ops corun_policy_dase_qos = {
	.name = "dase-qos",
	.id = CORUN_POLICY_ID_DASE_QOS,
	.desc = "spatial: QoS job held at its target by DASE, rest for STP",
	.state_size = sizeof(struct dase_state),
	.init = dase_qos_init,
	.decide = dase_qos_decide,
	.flags = CORUN_POLICY_F_QOS | CORUN_POLICY_F_EPOCH_RESTART,
};
