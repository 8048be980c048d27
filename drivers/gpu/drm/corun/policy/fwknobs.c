// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The uapi's firmware knobs and parameters against the firmware interface:
 * the table, the checks SET_POLICY makes and the mapping both ways (see
 * fwknobs.h).
 */
#include <corun/fwif.h>
#include <uapi/drm/corun_drm.h>

#include "fwknobs.h"

/* A user's array of struct drm_corun_fw_param is one of settings. */
CORUN_STATIC_ASSERT(sizeof(struct corun_fw_setting) ==
			    sizeof(struct drm_corun_fw_param),
		    "fw setting size");
CORUN_STATIC_ASSERT(__builtin_offsetof(struct corun_fw_setting, id) ==
			    __builtin_offsetof(struct drm_corun_fw_param,
					       param),
		    "fw setting id");
CORUN_STATIC_ASSERT(__builtin_offsetof(struct corun_fw_setting, slot) ==
			    __builtin_offsetof(struct drm_corun_fw_param, slot),
		    "fw setting slot");
CORUN_STATIC_ASSERT(__builtin_offsetof(struct corun_fw_setting, value) ==
			    __builtin_offsetof(struct drm_corun_fw_param,
					       value),
		    "fw setting value");
CORUN_STATIC_ASSERT(__builtin_offsetof(struct corun_fw_setting, pad) ==
			    __builtin_offsetof(struct drm_corun_fw_param, pad),
		    "fw setting pad");

/* The uapi's ranges are the firmware's. */
CORUN_STATIC_ASSERT(DRM_CORUN_FW_SHARE_ONE == CORUN_FW_IRC_SHARE_ONE,
		    "IRC share unit");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_PRIO_MAX == CORUN_FW_IRC_PRIO_MAX,
		    "IRC priority range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_BYPASS_CTAS_ALL == CORUN_FW_L1_BYPASS_CTAS_ALL,
		    "bypass CTAs range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_VC_CONFIG == CORUN_FW_VC_CONFIG,
		    "the configuration's VC");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_LLC_PROB_ONE == CORUN_FW_LLC_PROB_ONE,
		    "LLC_PROB unit");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_PRIO_MAX == CORUN_FW_DRAM_PRIO_MAX,
		    "DRAM priority range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_MIL_RATE_MAX == CORUN_FW_MIL_RATE_MAX,
		    "MIL rate range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_MIL_CAP_MAX == CORUN_FW_MIL_CAP_MAX,
		    "MIL cap range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_TCM_THRESH_ONE == CORUN_FW_DRAM_TCM_THRESH_ONE,
		    "TCM threshold unit");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_TCM_EPOCHS_MAX == CORUN_FW_DRAM_TCM_EPOCHS_MAX,
		    "TCM epochs range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_UCP_PERIOD_MAX == CORUN_FW_L1_UCP_PERIOD_MAX,
		    "UCP period range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_UCP_DECAY_MAX == CORUN_FW_L1_UCP_DECAY_MAX,
		    "UCP decay range");
CORUN_STATIC_ASSERT(DRM_CORUN_FW_UCP_SAMPLE_MAX == CORUN_FW_L1_UMON_SAMPLE_MAX,
		    "UCP sample range");
/* The reset values the uapi documents. */
CORUN_STATIC_ASSERT(CORUN_FW_LLC_PROB_BOOT == 1023, "LLC_PROB reset");
CORUN_STATIC_ASSERT(CORUN_FW_MIL_HIGH_BOOT == 256, "MIL_HIGH reset");
CORUN_STATIC_ASSERT(CORUN_FW_MIL_LOW_BOOT == 64, "MIL_LOW reset");
CORUN_STATIC_ASSERT(CORUN_FW_MIL_MIN_BOOT == 2, "MIL_MIN reset");
CORUN_STATIC_ASSERT(CORUN_FW_MIL_MAX_BOOT == 32, "MIL_MAX reset");
CORUN_STATIC_ASSERT(CORUN_FW_MIL_STEP_BOOT == 2, "MIL_STEP reset");
CORUN_STATIC_ASSERT(CORUN_FW_DRAM_TCM_THRESH_BOOT == 171, "TCM reset");
CORUN_STATIC_ASSERT(CORUN_FW_DRAM_TCM_QUANTUM_BOOT == 10, "TCM reset");
CORUN_STATIC_ASSERT(CORUN_FW_DRAM_TCM_SHUFFLE_BOOT == 1, "TCM reset");
CORUN_STATIC_ASSERT(CORUN_FW_L1_UCP_PERIOD_BOOT == 10, "UCP reset");
CORUN_STATIC_ASSERT(CORUN_FW_L1_UCP_MIN_WAYS_BOOT == 1, "UCP reset");
CORUN_STATIC_ASSERT(CORUN_FW_L1_UCP_DECAY_BOOT == 1, "UCP reset");
CORUN_STATIC_ASSERT(CORUN_FW_L1_UMON_SAMPLE_BOOT == 8, "UCP reset");
/* The tunables are the last ids, in corun_policy_fw_global.mem[] order. */
CORUN_STATIC_ASSERT(DRM_CORUN_FW_PARAM_MIL_HIGH + CORUN_FWG_MEM_NR ==
			    CORUN_FWP_NR,
		    "tunable ids");

/* Every distinct (parameter, slot) fits in one SET_POLICY. */
CORUN_STATIC_ASSERT(DRM_CORUN_FW_PARAMS_MAX >=
			    7 * CORUN_POLICY_MAX_SLOTS + 1 + CORUN_FWG_MEM_NR,
		    "fw_params max");
/* One seen-bit per slot (corun_fw_settings). */
CORUN_STATIC_ASSERT(32 >= CORUN_POLICY_MAX_SLOTS, "slots per u32");
/* corun_fwp[] covers the uapi ids. */
CORUN_STATIC_ASSERT(DRM_CORUN_FW_PARAM_UCP_SAMPLE + 1 == CORUN_FWP_NR,
		    "parameter ids");

/*
 * Each firmware mode has a uapi value below (the tests check the mapping
 * both ways): a new firmware mode must be added there, then here.
 */
CORUN_STATIC_ASSERT(CORUN_FW_IRC_ENABLE_NR == 3, "IRC_ENABLE values");
CORUN_STATIC_ASSERT(CORUN_LLC_NR == 4, "LLC policies");
CORUN_STATIC_ASSERT(CORUN_VCP_NR == 3, "VCP modes");
CORUN_STATIC_ASSERT(CORUN_DRAM_NR == 4, "DRAM policies");
CORUN_STATIC_ASSERT(CORUN_L1_MODE_NR == 2, "L1 modes");
/* The values of each uapi enumeration, DEFAULT included. */
CORUN_STATIC_ASSERT(DRM_CORUN_IRC_MIL + 1 <= CORUN_FWK_MAX_VALUES, "irc");
CORUN_STATIC_ASSERT(DRM_CORUN_LLC_WAY_PARTITION + 1 <= CORUN_FWK_MAX_VALUES,
		    "llc");
CORUN_STATIC_ASSERT(DRM_CORUN_VCP_DYNAMIC + 1 <= CORUN_FWK_MAX_VALUES, "vcp");
CORUN_STATIC_ASSERT(DRM_CORUN_DRAM_TCM + 1 <= CORUN_FWK_MAX_VALUES, "dram");
CORUN_STATIC_ASSERT(DRM_CORUN_L1_UCP + 1 <= CORUN_FWK_MAX_VALUES, "l1");

#define LLC_ANY                                                           \
	(CORUN_FW_FEAT_LLC_PROB_STATIC | CORUN_FW_FEAT_LLC_PROB_DYNAMIC | \
	 CORUN_FW_FEAT_LLC_WAYPART)
#define VCP_ANY (CORUN_FW_FEAT_VCP_STATIC | CORUN_FW_FEAT_VCP_DYNAMIC)
#define NO_FW CORUN_FWK_NO_FW

const struct corun_fwk_info corun_fwk[CORUN_FWK_NR] = {
	[CORUN_FWK_IRC] = {
		.name = "irc",
		.uapi_feature = DRM_CORUN_FEATURE_IRC,
		.fw_param = CORUN_FW_P_IRC_ENABLE,
		.nvalues = DRM_CORUN_IRC_MIL + 1,
		.values = {
			[DRM_CORUN_IRC_OFF] = { "off", CORUN_FW_IRC_ENABLE_OFF,
						CORUN_FW_FEAT_IRC },
			[DRM_CORUN_IRC_ON] = { "on", CORUN_FW_IRC_ENABLE_CREDITS,
					       CORUN_FW_FEAT_IRC },
			[DRM_CORUN_IRC_MIL] = { "mil", CORUN_FW_IRC_ENABLE_MIL,
						CORUN_FW_FEAT_MIL },
		},
	},
	[CORUN_FWK_LLC] = {
		.name = "llc",
		.uapi_feature = DRM_CORUN_FEATURE_LLC_POLICY,
		.fw_param = CORUN_FW_P_LLC_POLICY,
		.nvalues = DRM_CORUN_LLC_WAY_PARTITION + 1,
		.values = {
			[DRM_CORUN_LLC_LRU] = { "lru", CORUN_LLC_LRU, LLC_ANY },
			[DRM_CORUN_LLC_PROB_STATIC] = {
				"prob-static", CORUN_LLC_PROB_STATIC,
				CORUN_FW_FEAT_LLC_PROB_STATIC },
			[DRM_CORUN_LLC_PROB_DYNAMIC] = {
				"prob-dynamic", CORUN_LLC_PROB_DYNAMIC,
				CORUN_FW_FEAT_LLC_PROB_DYNAMIC },
			[DRM_CORUN_LLC_WAY_PARTITION] = {
				"way-partition", CORUN_LLC_WAYPART,
				CORUN_FW_FEAT_LLC_WAYPART },
		},
	},
	[CORUN_FWK_VCP] = {
		.name = "vcp",
		.uapi_feature = DRM_CORUN_FEATURE_VCP,
		.fw_param = CORUN_FW_P_VCP_MODE,
		.nvalues = DRM_CORUN_VCP_DYNAMIC + 1,
		.values = {
			[DRM_CORUN_VCP_SHARED] = { "shared", CORUN_VCP_SHARED,
						   VCP_ANY },
			[DRM_CORUN_VCP_PARTITIONED] = {
				"partitioned", CORUN_VCP_STATIC,
				CORUN_FW_FEAT_VCP_STATIC },
			[DRM_CORUN_VCP_CPU_PRIORITY] = { "cpu-priority", NO_FW,
							 0 },
			[DRM_CORUN_VCP_DYNAMIC] = { "dynamic", CORUN_VCP_DYNAMIC,
						    CORUN_FW_FEAT_VCP_DYNAMIC },
		},
	},
	[CORUN_FWK_DRAM] = {
		.name = "dram",
		.uapi_feature = DRM_CORUN_FEATURE_DRAM_POLICY,
		.fw_param = CORUN_FW_P_DRAM_POLICY,
		.nvalues = DRM_CORUN_DRAM_TCM + 1,
		.values = {
			[DRM_CORUN_DRAM_FRFCFS] = { "frfcfs", CORUN_DRAM_FRFCFS,
						    CORUN_FW_FEAT_DRAM_PRIO },
			[DRM_CORUN_DRAM_CPU_PRIORITY] = { "cpu-priority", NO_FW,
							  0 },
			[DRM_CORUN_DRAM_SLOT_PRIORITY] = {
				"slot-prio", CORUN_DRAM_SLOT_PRIO,
				CORUN_FW_FEAT_DRAM_PRIO },
			[DRM_CORUN_DRAM_BW_APP] = { "bw-app", CORUN_DRAM_BW_APP,
						    CORUN_FW_FEAT_DRAM_BW_APP },
			[DRM_CORUN_DRAM_TCM] = { "tcm", CORUN_DRAM_TCM,
						 CORUN_FW_FEAT_DRAM_TCM },
		},
	},
	/*
	 * Shared and static-partition are the firmware's static mode; they
	 * differ in the per-slot L1 parameters SET_POLICY takes.
	 */
	[CORUN_FWK_L1] = {
		.name = "l1",
		.uapi_feature = DRM_CORUN_FEATURE_L1_POLICY,
		.fw_param = CORUN_FW_P_L1_MODE,
		.nvalues = DRM_CORUN_L1_UCP + 1,
		.values = {
			[DRM_CORUN_L1_SHARED] = { "shared",
						  CORUN_L1_MODE_STATIC,
						  CORUN_FW_FEAT_L1_STATIC },
			[DRM_CORUN_L1_STATIC_PARTITION] = {
				"static-partition", CORUN_L1_MODE_STATIC,
				CORUN_FW_FEAT_L1_STATIC },
			[DRM_CORUN_L1_DYNAMIC_PARTITION] = {
				"dynamic-partition", NO_FW, 0 },
			[DRM_CORUN_L1_BYPASS] = { "bypass", NO_FW, 0 },
			[DRM_CORUN_L1_UCP] = { "ucp", CORUN_L1_MODE_UCP,
					       CORUN_FW_FEAT_L1_UCP },
		},
	},
};

/* A device-wide tunable of a memory-side mechanism. */
#define FWP_MEM(id, nm, fwp, feat, knd, lo, hi)              \
	[DRM_CORUN_FW_PARAM_##id] = {                        \
		.name = nm,                                  \
		.fw = CORUN_FW_P_##fwp,                      \
		.features = CORUN_FW_FEAT_##feat,            \
		.kind = CORUN_FWP_##knd,                     \
		.min = lo,                                   \
		.max = hi,                                   \
		.bit = CORUN_POLICY_FWG_MEM(CORUN_FWG_##id), \
	}

const struct corun_fwp_info corun_fwp[CORUN_FWP_NR] = {
	[DRM_CORUN_FW_PARAM_IRC_SHARE] = {
		.name = "irc_share", .fw = CORUN_FW_P_IRC_SHARE, .per_slot = 1,
		.features = CORUN_FW_FEAT_IRC, .kind = CORUN_FWP_RANGE,
		.max = DRM_CORUN_FW_SHARE_ONE,
		.bit = CORUN_POLICY_FW_IRC_SHARE,
	},
	[DRM_CORUN_FW_PARAM_IRC_PRIO] = {
		.name = "irc_prio", .fw = CORUN_FW_P_IRC_PRIO, .per_slot = 1,
		.features = CORUN_FW_FEAT_IRC, .kind = CORUN_FWP_RANGE,
		.max = DRM_CORUN_FW_PRIO_MAX, .bit = CORUN_POLICY_FW_IRC_PRIO,
	},
	[DRM_CORUN_FW_PARAM_L1_WAYS] = {
		.name = "l1_ways", .fw = CORUN_FW_P_L1_WAYS, .per_slot = 1,
		.features = CORUN_FW_FEAT_L1_STATIC, .kind = CORUN_FWP_L1_MASK,
		.bit = CORUN_POLICY_FW_L1_WAYS,
	},
	[DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS] = {
		.name = "l1_bypass_ctas", .fw = CORUN_FW_P_L1_BYPASS_CTAS,
		.per_slot = 1, .features = CORUN_FW_FEAT_L1_STATIC,
		.kind = CORUN_FWP_RANGE, .max = DRM_CORUN_FW_BYPASS_CTAS_ALL,
		.bit = CORUN_POLICY_FW_L1_BYPASS,
	},
	[DRM_CORUN_FW_PARAM_LLC_WAYS] = {
		.name = "llc_ways", .fw = CORUN_FW_P_LLC_WAYS, .per_slot = 1,
		.features = CORUN_FW_FEAT_LLC_WAYPART,
		.kind = CORUN_FWP_LLC_MASK, .bit = CORUN_POLICY_FW_LLC_WAYS,
	},
	[DRM_CORUN_FW_PARAM_VC] = {
		.name = "vc", .fw = CORUN_FW_P_VC, .per_slot = 1,
		.features = CORUN_FW_FEAT_VCP_STATIC, .kind = CORUN_FWP_VC,
		.bit = CORUN_POLICY_FW_VC,
	},
	[DRM_CORUN_FW_PARAM_DRAM_PRIO] = {
		.name = "dram_prio", .fw = CORUN_FW_P_DRAM_PRIO, .per_slot = 1,
		.features = CORUN_FW_FEAT_DRAM_PRIO, .kind = CORUN_FWP_RANGE,
		.max = DRM_CORUN_FW_PRIO_MAX, .bit = CORUN_POLICY_FW_DRAM_PRIO,
	},
	[DRM_CORUN_FW_PARAM_LLC_PROB] = {
		.name = "llc_prob", .fw = CORUN_FW_P_LLC_PROB, .per_slot = 0,
		.features = CORUN_FW_FEAT_LLC_PROB_STATIC |
			    CORUN_FW_FEAT_LLC_PROB_DYNAMIC,
		.kind = CORUN_FWP_RANGE, .max = DRM_CORUN_FW_LLC_PROB_ONE,
		.bit = CORUN_POLICY_FWG_LLC_PROB,
	},
	/*
	 * Device-wide tunables of irc = mil, dram = tcm and l1 = ucp, taken
	 * whatever the knobs say (as llc_prob is): they act while their
	 * mechanism is selected.
	 */
	FWP_MEM(MIL_HIGH, "mil_high", MIL_HIGH, MIL, RANGE, 0,
		DRM_CORUN_FW_MIL_RATE_MAX),
	FWP_MEM(MIL_LOW, "mil_low", MIL_LOW, MIL, RANGE, 0,
		DRM_CORUN_FW_MIL_RATE_MAX),
	FWP_MEM(MIL_MIN, "mil_min", MIL_MIN, MIL, RANGE, 1,
		DRM_CORUN_FW_MIL_CAP_MAX),
	FWP_MEM(MIL_MAX, "mil_max", MIL_MAX, MIL, RANGE, 1,
		DRM_CORUN_FW_MIL_CAP_MAX),
	FWP_MEM(MIL_STEP, "mil_step", MIL_STEP, MIL, RANGE, 1,
		DRM_CORUN_FW_MIL_CAP_MAX),
	FWP_MEM(TCM_THRESH, "tcm_thresh", DRAM_TCM_THRESH, DRAM_TCM, RANGE, 0,
		DRM_CORUN_FW_TCM_THRESH_ONE),
	FWP_MEM(TCM_QUANTUM, "tcm_quantum", DRAM_TCM_QUANTUM, DRAM_TCM, RANGE, 1,
		DRM_CORUN_FW_TCM_EPOCHS_MAX),
	FWP_MEM(TCM_SHUFFLE, "tcm_shuffle", DRAM_TCM_SHUFFLE, DRAM_TCM, RANGE, 1,
		DRM_CORUN_FW_TCM_EPOCHS_MAX),
	FWP_MEM(UCP_PERIOD, "ucp_period", L1_UCP_PERIOD, L1_UCP, RANGE, 1,
		DRM_CORUN_FW_UCP_PERIOD_MAX),
	FWP_MEM(UCP_MIN_WAYS, "ucp_min_ways", L1_UCP_MIN_WAYS, L1_UCP, L1_NWAYS, 1,
		0),
	FWP_MEM(UCP_DECAY, "ucp_decay", L1_UCP_DECAY, L1_UCP, RANGE, 0,
		DRM_CORUN_FW_UCP_DECAY_MAX),
	FWP_MEM(UCP_SAMPLE, "ucp_sample", L1_UCP_SAMPLE, L1_UCP, RANGE, 1,
		DRM_CORUN_FW_UCP_SAMPLE_MAX),
};

int corun_fwk_check(u32 knob, u32 features, u32 value)
{
	if (knob >= CORUN_FWK_NR || value >= corun_fwk[knob].nvalues)
		return -CORUN_EINVAL;
	if (value && !(corun_fwk[knob].values[value].features & features))
		return -CORUN_EOPNOTSUPP;
	return 0;
}

/* Some way below @ways in @mask (bits above are ignored by the device). */
static int corun_ways_ok(u32 mask, u32 ways)
{
	return ways >= 32 ? mask != 0 : (mask & ((1u << ways) - 1)) != 0;
}

int corun_fwp_check_id(const struct corun_policy_platform *p,
		       const struct corun_fw_setting *s)
{
	const struct corun_fwp_info *f;

	if (s->pad || !s->id || s->id >= CORUN_FWP_NR)
		return -CORUN_EINVAL;
	f = &corun_fwp[s->id];
	if (!f->per_slot && s->slot)
		return -CORUN_EINVAL;
	if (f->per_slot &&
	    (s->slot >= p->num_slots || s->slot >= CORUN_POLICY_MAX_SLOTS))
		return -CORUN_ERANGE;
	return 0;
}

/* Everything but the features: -CORUN_EINVAL, -CORUN_ERANGE or 0. */
static int corun_fwp_check_value(const struct corun_policy_platform *p,
				 const struct corun_fw_setting *s)
{
	const struct corun_fwp_info *f;
	u32 v = s->value;
	int ret = corun_fwp_check_id(p, s);

	if (ret)
		return ret;
	f = &corun_fwp[s->id];
	switch (f->kind) {
	case CORUN_FWP_L1_MASK:
		return corun_ways_ok(v, p->l1_ways) ? 0 : -CORUN_ERANGE;
	case CORUN_FWP_LLC_MASK:
		return corun_ways_ok(v, p->llc_ways) ? 0 : -CORUN_ERANGE;
	case CORUN_FWP_VC:
		return v < p->num_vcs || v == CORUN_FW_VC_CONFIG ?
			       0 :
			       -CORUN_ERANGE;
	case CORUN_FWP_L1_NWAYS:
		/* the firmware's bound: UCP partitions at most 32 ways */
		return v >= f->min && v <= p->l1_ways && v <= 32 ?
			       0 :
			       -CORUN_ERANGE;
	default:
		return v >= f->min && v <= f->max ? 0 : -CORUN_ERANGE;
	}
}

int corun_fwp_check(const struct corun_policy_platform *p, u32 features,
		    const struct corun_fw_setting *s)
{
	int ret = corun_fwp_check_value(p, s);

	if (ret)
		return ret;
	return corun_fwp[s->id].features & features ? 0 : -CORUN_EOPNOTSUPP;
}

static u32 *corun_fwp_field(struct corun_policy_fw *fw, u32 id, u32 slot)
{
	struct corun_policy_fw_slot *f = &fw->slot[slot];

	switch (id) {
	case DRM_CORUN_FW_PARAM_IRC_SHARE:
		return &f->irc_share;
	case DRM_CORUN_FW_PARAM_IRC_PRIO:
		return &f->irc_prio;
	case DRM_CORUN_FW_PARAM_L1_WAYS:
		return &f->l1_ways;
	case DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS:
		return &f->l1_bypass_ctas;
	case DRM_CORUN_FW_PARAM_LLC_WAYS:
		return &f->llc_ways;
	case DRM_CORUN_FW_PARAM_VC:
		return &f->vc;
	case DRM_CORUN_FW_PARAM_DRAM_PRIO:
		return &f->dram_prio;
	case DRM_CORUN_FW_PARAM_LLC_PROB:
		return &fw->g.llc_prob;
	default:
		return &fw->g.mem[id - DRM_CORUN_FW_PARAM_MIL_HIGH +
				  CORUN_FWG_MIL_HIGH];
	}
}

u32 corun_fwp_get(const struct corun_policy_fw *fw, u32 id, u32 slot)
{
	return *corun_fwp_field((struct corun_policy_fw *)fw, id, slot);
}

void corun_fwp_set(struct corun_policy_fw *fw, u32 id, u32 slot, u32 value)
{
	*corun_fwp_field(fw, id, slot) = value;
}

u32 *corun_fwk_field(struct corun_policy_fw *fw, u32 knob)
{
	switch (knob) {
	case CORUN_FWK_IRC:
		return &fw->g.irc_enable;
	case CORUN_FWK_LLC:
		return &fw->g.llc_policy;
	case CORUN_FWK_VCP:
		return &fw->g.vcp_mode;
	case CORUN_FWK_L1:
		return &fw->g.l1_mode;
	default:
		return &fw->g.dram_policy;
	}
}

static int corun_fwp_is_l1(u32 id)
{
	return id == DRM_CORUN_FW_PARAM_L1_WAYS ||
	       id == DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS;
}

int corun_fw_settings(const struct corun_policy_platform *p, u32 features,
		      const u32 *knobs, const struct corun_fw_setting *s, u32 n,
		      struct corun_policy_fw *fw, u32 *bad)
{
	u32 seen[CORUN_FWP_NR] = { 0 };
	u32 k, i, dummy;
	int ret;

	if (!bad)
		bad = &dummy;
	*bad = n;
	for (k = 0; k < CORUN_FWK_NR; k++)
		if (knobs[k] >= corun_fwk[k].nvalues)
			return -CORUN_EINVAL;
	for (i = 0; i < n; i++) {
		*bad = i;
		ret = corun_fwp_check_value(p, &s[i]);
		if (ret)
			return ret;
		if (seen[s[i].id] & (1u << s[i].slot))
			return -CORUN_EINVAL;
		seen[s[i].id] |= 1u << s[i].slot;
		if (knobs[CORUN_FWK_L1] == DRM_CORUN_L1_SHARED &&
		    corun_fwp_is_l1(s[i].id))
			return -CORUN_EINVAL;
		/* UCP owns the way masks; bypass CTAs are still the user's */
		if (knobs[CORUN_FWK_L1] == DRM_CORUN_L1_UCP &&
		    s[i].id == DRM_CORUN_FW_PARAM_L1_WAYS)
			return -CORUN_EINVAL;
	}
	*bad = n;
	for (k = 0; k < CORUN_FWK_NR; k++) {
		ret = corun_fwk_check(k, features, knobs[k]);
		if (ret)
			return ret;
	}
	for (i = 0; i < n; i++) {
		*bad = i;
		if (!(corun_fwp[s[i].id].features & features))
			return -CORUN_EOPNOTSUPP;
	}

	corun_policy_fw_defaults(p, fw);
	for (k = 0; k < CORUN_FWK_NR; k++)
		if (knobs[k] && corun_fwk[k].fw_param)
			*corun_fwk_field(fw, k) =
				corun_fwk[k].values[knobs[k]].fw;
	for (i = 0; i < n; i++)
		corun_fwp_set(fw, s[i].id, s[i].slot, s[i].value);
	return 0;
}

/* Every slot's L1 parameters at their reset values. */
static int corun_l1_shared(const struct corun_policy_platform *p,
			   const struct corun_policy_fw *fw)
{
	struct corun_policy_fw def;
	u32 s;

	corun_policy_fw_defaults(p, &def);
	for (s = 0; s < p->num_slots && s < CORUN_POLICY_MAX_SLOTS; s++)
		if (fw->slot[s].l1_ways != def.slot[s].l1_ways ||
		    fw->slot[s].l1_bypass_ctas != def.slot[s].l1_bypass_ctas)
			return 0;
	return 1;
}

u32 corun_fwk_report(const struct corun_policy_platform *p,
		     const struct corun_policy_fw *fw, u32 knob)
{
	const struct corun_fwk_info *k = &corun_fwk[knob];
	u32 v, fv;

	if (knob == CORUN_FWK_L1 && fw->g.l1_mode == CORUN_L1_MODE_UCP)
		return DRM_CORUN_L1_UCP;
	if (knob == CORUN_FWK_L1)
		return corun_l1_shared(p, fw) ? DRM_CORUN_L1_SHARED :
						DRM_CORUN_L1_STATIC_PARTITION;
	fv = *corun_fwk_field((struct corun_policy_fw *)fw, knob);
	for (v = 1; v < k->nvalues; v++)
		if (k->values[v].fw == fv)
			return v;
	/* not a value the firmware takes: the engine never applies one */
	return 1;
}

u64 corun_fw_uapi_features(u32 features)
{
	u64 f = 0;
	u32 k;

	for (k = 0; k < CORUN_FWK_NR; k++)
		if (corun_fwk_modes(k, features) != 1)
			f |= corun_fwk[k].uapi_feature;
	return f;
}

u64 corun_fwk_modes(u32 knob, u32 features)
{
	u64 m = 0;
	u32 v;

	for (v = 0; v < corun_fwk[knob].nvalues; v++)
		if (!corun_fwk_check(knob, features, v))
			m |= 1ull << v;
	return m;
}

u64 corun_fwp_mask(u32 features)
{
	u64 m = 0;
	u32 id;

	for (id = 1; id < CORUN_FWP_NR; id++)
		if (corun_fwp[id].features & features)
			m |= 1ull << id;
	return m;
}

int corun_fwk_find(const char *name)
{
	u32 k;

	for (k = 0; k < CORUN_FWK_NR; k++)
		if (corun_policy_streq(corun_fwk[k].name, name))
			return k;
	return -1;
}

int corun_fwk_value_find(u32 knob, const char *name)
{
	u32 v;

	for (v = 1; knob < CORUN_FWK_NR && v < corun_fwk[knob].nvalues; v++)
		if (corun_policy_streq(corun_fwk[knob].values[v].name, name))
			return v;
	return -1;
}

int corun_fwp_find(const char *name)
{
	u32 id;

	for (id = 1; id < CORUN_FWP_NR; id++)
		if (corun_policy_streq(corun_fwp[id].name, name))
			return id;
	return -1;
}
