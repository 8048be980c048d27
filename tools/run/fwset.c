// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-run's firmware settings: the mix's and --fw's, merged and checked
 * with the table SET_POLICY uses (policy/fwknobs.c). See fwset.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <policy/fwknobs.h>

#include "fwset.h"

/* The device as the checks see it, and what its firmware takes. */
struct run_dev {
	struct corun_policy_platform p;
	uint64_t modes[CORUN_FWK_NR], params;
};

static int run_dev_read(struct corun_dev *dev, struct run_dev *d)
{
	static const uint32_t modes[CORUN_FWK_NR] = {
		DRM_CORUN_PARAM_IRC_MODES, DRM_CORUN_PARAM_LLC_MODES,
		DRM_CORUN_PARAM_VCP_MODES, DRM_CORUN_PARAM_DRAM_MODES,
		DRM_CORUN_PARAM_L1_MODES,
	};
	uint64_t l1 = 0, l2 = 0, vcs = 0;
	unsigned int k;

	memset(d, 0, sizeof(*d));
	if (corun_get_param(dev, DRM_CORUN_PARAM_L1_WAYS, &l1) ||
	    corun_get_param(dev, DRM_CORUN_PARAM_L2_WAYS, &l2) ||
	    corun_get_param(dev, DRM_CORUN_PARAM_NUM_VCS, &vcs) ||
	    corun_get_param(dev, DRM_CORUN_PARAM_FW_PARAMS, &d->params))
		return -1;
	for (k = 0; k < CORUN_FWK_NR; k++)
		if (corun_get_param(dev, modes[k], &d->modes[k]))
			return -1;
	d->p.num_slots = dev->num_slots;
	d->p.num_sms = dev->num_sms;
	d->p.l1_ways = (uint32_t)l1;
	d->p.llc_ways = (uint32_t)l2;
	d->p.num_vcs = (uint32_t)vcs;
	return 0;
}

/* One --fw argument into @knobs or @s[*n] (replacing an earlier one). */
static int parse_cli(const char *arg, const struct run_dev *d, uint32_t *knobs,
		     struct corun_fw_setting *s, unsigned int *n, char *err,
		     size_t len)
{
	char name[64], *eq, *colon, *end;
	struct corun_fw_setting one = { 0 };
	const struct corun_fwp_info *f;
	unsigned long long v;
	unsigned int i;
	int k, id, ret;

	eq = strchr(arg, '=');
	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(name) || !eq[1])
		goto bad;
	memcpy(name, arg, eq - arg);
	name[eq - arg] = 0;
	colon = strchr(name, ':');
	if (colon)
		*colon++ = 0;
	k = corun_fwk_find(name);
	if (k >= 0 && !colon) {
		ret = corun_fwk_value_find(k, eq + 1);
		if (ret < 0)
			goto bad;
		if (!(d->modes[k] & (1ull << ret))) {
			snprintf(err, len, "--fw %s: the device's firmware does not implement it",
				 arg);
			return -1;
		}
		knobs[k] = ret;
		return 0;
	}
	id = corun_fwp_find(name);
	if (id < 0 || !colon != !corun_fwp[id].per_slot)
		goto bad;
	f = &corun_fwp[id];
	one.id = id;
	if (colon) {
		errno = 0;
		v = strtoull(colon, &end, 10);
		if (errno || end == colon || *end || v > UINT32_MAX)
			goto bad;
		one.slot = (uint32_t)v;
	}
	if (f->kind == CORUN_FWP_VC && !strcmp(eq + 1, "config")) {
		one.value = DRM_CORUN_FW_VC_CONFIG;
	} else {
		errno = 0;
		v = strtoull(eq + 1, &end, 0);
		if (errno || *end || eq[1] == '-' || v > UINT32_MAX)
			goto bad;
		one.value = (uint32_t)v;
	}
	ret = corun_fwp_check(&d->p, ~0u, &one);
	if (ret || !(d->params & (1ull << id))) {
		snprintf(err, len, "--fw %s: %s", arg,
			 ret ? "out of range for this device" :
			       "the device's firmware does not implement it");
		return -1;
	}
	for (i = 0; i < *n; i++)
		if (s[i].id == one.id && s[i].slot == one.slot)
			break;
	if (i == *n) {
		if (*n == MIX_FW_SETTINGS)
			goto bad;
		(*n)++;
	}
	s[i] = one;
	return 0;
bad:
	snprintf(err, len,
		 "--fw %s: expected KNOB=VALUE (irc=on, llc=prob-static, ...), NAME=VALUE (llc_prob=1000) or NAME:SLOT=VALUE (irc_share:0=300)",
		 arg);
	return -1;
}

int run_fw_build(struct run_fw *fw, const struct mix *m, char *const *cli,
		 unsigned int ncli, struct corun_dev *dev, int lockstep,
		 char *err, size_t len)
{
	struct corun_fw_setting s[MIX_FW_SETTINGS];
	uint32_t knobs[CORUN_FWK_NR], slot_of[MIX_MAX_JOBS], k, bad;
	struct corun_policy_fw check;
	unsigned int i, n;
	struct run_dev d;
	size_t at = 0;
	char txt[64];

	memset(fw, 0, sizeof(*fw));
	if (run_dev_read(dev, &d)) {
		snprintf(err, len, "%s", corun_error(dev));
		return -1;
	}
	for (i = 0; i < m->njobs; i++) {
		slot_of[i] = i;
		if (m->jobs[i].fw_set && !lockstep) {
			snprintf(err, len,
				 "%s:%u: per-job firmware settings need --lockstep, where the job runs in slot %u; without it the driver picks slots (set one with --fw NAME:SLOT=VALUE)",
				 m->path, m->jobs[i].line, i);
			return -1;
		}
	}
	if (mix_check_fw(m, slot_of, &d.p, d.modes, d.params, err, len))
		return -1;
	n = mix_fw_settings(m, slot_of, knobs, s, NULL);
	for (i = 0; i < ncli; i++)
		if (parse_cli(cli[i], &d, knobs, s, &n, err, len))
			return -1;
	/* what only the whole tells: an L1 parameter with l1=shared */
	if (corun_fw_settings(&d.p, ~0u, knobs, s, n, &check, &bad)) {
		snprintf(err, len, "firmware settings: %s: not with l1=shared",
			 mix_fw_setting_text(&s[bad], 0, 0, txt, sizeof(txt)));
		return -1;
	}
	fw->set.irc = knobs[CORUN_FWK_IRC];
	fw->set.llc = knobs[CORUN_FWK_LLC];
	fw->set.vcp = knobs[CORUN_FWK_VCP];
	fw->set.dram = knobs[CORUN_FWK_DRAM];
	fw->set.l1 = knobs[CORUN_FWK_L1];
	fw->set.n = n;
	/* struct corun_fw_setting is laid out as the uapi's (fwknobs.c) */
	memcpy(fw->set.p, s, n * sizeof(s[0]));
	for (k = 0; k < CORUN_FWK_NR; k++)
		if (knobs[k])
			at += snprintf(fw->text + at, sizeof(fw->text) - at,
				       "%s%s", at ? " " : "",
				       mix_fw_setting_text(NULL, k, knobs[k],
							   txt, sizeof(txt)));
	for (i = 0; i < n && at < sizeof(fw->text); i++)
		at += snprintf(fw->text + at, sizeof(fw->text) - at, "%s%s",
			       at ? " " : "",
			       mix_fw_setting_text(&s[i], 0, 0, txt,
						   sizeof(txt)));
	fw->any = at != 0;
	return 0;
}
