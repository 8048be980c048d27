// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * What corun-sim and corun-run share besides the mix-file parser (mix.h):
 * the names of placements, policies and schedulers their messages list,
 * the parsing of --policy-param NAME=VALUE, and in JSON a job's workload
 * and a policy's knobs.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kernels/workload.h>
#include <policy/policy.h>
#include <sim/json.h>
#include <sim/mix.h>

#include "config.h"

static const char *const placement_names[CORUN_PLACE_NR] = {
	[CORUN_PLACE_RR] = "rr",
	[CORUN_PLACE_CHUNK] = "chunk",
	[CORUN_PLACE_RESET] = "reset",
	[CORUN_PLACE_FLIP] = "flip",
	[CORUN_PLACE_STEAL] = "steal",
};

const char *mix_placement_name(uint32_t p)
{
	return p < CORUN_PLACE_NR ? placement_names[p] : "?";
}

void mix_json_workload(struct json *js, const struct workload *wl,
		       const struct wl_params *p)
{
	json_str(js, "workload", wl->name);
	if (p->elf)
		json_str(js, "elf", p->elf->path);
	json_bool(js, "checked", !(wl->flags & WL_F_UNCHECKED));
	json_u64(js, "scale", p->scale);
	json_u64(js, "seed", p->seed);
}

void mix_json_policy_params(struct json *js,
			    const struct corun_policy_ops *ops,
			    const uint32_t *vals)
{
	unsigned int i;

	if (!ops) {
		json_null(js, "policy_params");
		return;
	}
	json_obj_begin(js, "policy_params");
	for (i = 0; i < ops->nparams; i++)
		json_u64(js, ops->params[i].name, vals[i]);
	json_obj_end(js);
}

int mix_policy_params(const struct corun_policy_ops *ops,
		      const char *const *args, unsigned int n, uint32_t *ids,
		      uint32_t *vals, uint32_t *out, char *err, size_t len)
{
	const struct corun_policy_param *pp;
	char name[64], *end;
	unsigned long v;
	const char *eq;
	unsigned int i;

	for (i = 0; i < n; i++) {
		eq = strchr(args[i], '=');
		if (!eq || eq == args[i] ||
		    (size_t)(eq - args[i]) >= sizeof(name)) {
			snprintf(err, len, "%s: expected NAME=VALUE", args[i]);
			return -1;
		}
		memcpy(name, args[i], eq - args[i]);
		name[eq - args[i]] = 0;
		pp = corun_policy_param_find(ops, name);
		if (!pp) {
			snprintf(err, len, "%s: policy %s has no knob %s",
				 args[i], ops->name, name);
			return -1;
		}
		errno = 0;
		v = strtoul(eq + 1, &end, 10);
		if (!isdigit((unsigned char)eq[1]) || *end || errno ||
		    v < pp->min || v > pp->max) {
			snprintf(err, len, "%s: %s of %s is %u..%u", args[i],
				 name, ops->name, pp->min, pp->max);
			return -1;
		}
		ids[i] = pp->id;
		vals[i] = (uint32_t)v;
	}
	if (corun_policy_params(ops, ids, vals, n, out)) {
		snprintf(err, len, "a knob of %s given twice", ops->name);
		return -1;
	}
	return 0;
}

const char *mix_policy_names(void)
{
	static char buf[256];
	size_t at = 0;
	unsigned int i;

	if (buf[0])
		return buf;
	at = snprintf(buf, sizeof(buf), "expected");
	for (i = 0; corun_policies[i] && at < sizeof(buf); i++)
		at += snprintf(buf + at, sizeof(buf) - at, "%s %s",
			       i ? (corun_policies[i + 1] ? "," : " or") : "",
			       corun_policies[i]->name);
	return buf;
}

const char *mix_sched_names(void)
{
	static char buf[256];
	size_t at;
	uint32_t sp;

	if (buf[0])
		return buf;
	at = snprintf(buf, sizeof(buf), "expected config");
	for (sp = 0; sp < EMU_SCHED_NR && at < sizeof(buf); sp++)
		at += snprintf(buf + at, sizeof(buf) - at, "%s %s",
			       sp + 1 < EMU_SCHED_NR ? "," : " or",
			       emu_sched_policy_name(sp));
	return buf;
}
