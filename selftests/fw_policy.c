// SPDX-License-Identifier: GPL-2.0
/*
 * corun uapi selftest, firmware settings of SET_POLICY and GET_POLICY
 * (kselftest style, TAP): the feature masks of GET_PARAM, every rule of
 * &drm_corun_policy.fw_params and the knobs with their errno (each case
 * breaks one rule, and nothing of it may be applied), CAP_SYS_ADMIN, the
 * firmware refusing settings half-way, settings reaching the firmware
 * (read back through debugfs "firmware", which asks the firmware itself),
 * the mailbox completing on its interrupt, and Warped-Slicer with dram =
 * tcm (CCBP's WS + TCM hybrid) in force in the firmware (settings that act
 * on jobs: fw_acts.c). Without firmware the knobs and parameters must all
 * answer EOPNOTSUPP and GET_POLICY the reset values.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <xf86drm.h>

#include <corun/kernel.h>
#include <uapi/drm/corun_drm.h>

#include "fw_policy.h"
#include "uapi_test.h"

#define NPARAMS 9 /* ids 1..8; the tunables 9..20 are test_mem_tunables' */
#define NIDS 21 /* the first id no parameter has */

/* Values of each knob's enumeration, DEFAULT included. */
static const uint32_t knob_values[NKNOBS] = { 4, 5, 5, 6, 6 };
static const char *const knob_names[NKNOBS] = { "irc", "llc", "vcp", "dram",
						"l1" };
static const uint32_t knob_modes_param[NKNOBS] = {
	DRM_CORUN_PARAM_IRC_MODES, DRM_CORUN_PARAM_LLC_MODES,
	DRM_CORUN_PARAM_VCP_MODES, DRM_CORUN_PARAM_DRAM_MODES,
	DRM_CORUN_PARAM_L1_MODES,
};
static const uint64_t knob_features[NKNOBS] = {
	DRM_CORUN_FEATURE_IRC, DRM_CORUN_FEATURE_LLC_POLICY,
	DRM_CORUN_FEATURE_VCP, DRM_CORUN_FEATURE_DRAM_POLICY,
	DRM_CORUN_FEATURE_L1_POLICY,
};
/* debugfs names of the per-slot parameters, by id; [8] is global */
static const char *const param_names[NPARAMS] = {
	NULL,	     "irc_share", "irc_prio", "l1_ways",  "l1_bypass_ctas",
	"llc_ways", "vc",	 "dram_prio", "llc_prob",
};

void fwdev_read(int fd, struct fwdev *d)
{
	int k;

	memset(d, 0, sizeof(*d));
	get_param(fd, DRM_CORUN_PARAM_FEATURES, &d->features);
	for (k = 0; k < NKNOBS; k++)
		get_param(fd, knob_modes_param[k], &d->modes[k]);
	get_param(fd, DRM_CORUN_PARAM_FW_PARAMS, &d->pmask);
	get_param(fd, DRM_CORUN_PARAM_NUM_SLOTS, &d->slots);
	get_param(fd, DRM_CORUN_PARAM_NUM_VCS, &d->vcs);
	get_param(fd, DRM_CORUN_PARAM_L1_WAYS, &d->l1_ways);
	get_param(fd, DRM_CORUN_PARAM_L2_WAYS, &d->l2_ways);
	if (d->slots > MAXSLOTS)
		d->slots = MAXSLOTS;
	d->fw = !!(d->features & DRM_CORUN_FEATURE_FIRMWARE);
}

/* The documented reset value of parameter @id. */
static uint32_t reset_value(const struct fwdev *d, uint32_t id)
{
	switch (id) {
	case DRM_CORUN_FW_PARAM_IRC_SHARE:
		return DRM_CORUN_FW_SHARE_ONE / d->slots;
	case DRM_CORUN_FW_PARAM_L1_WAYS:
	case DRM_CORUN_FW_PARAM_LLC_WAYS:
	case DRM_CORUN_FW_PARAM_VC:
		return 0xffffffffu;
	case DRM_CORUN_FW_PARAM_LLC_PROB:
		return 1023;
	default:
		return 0;
	}
}

/* ---- debugfs "firmware" ---- */

int dbg_read(struct dbg *d)
{
	char *text = debugfs_read("firmware"), *line, *save;
	struct dbg_entry *e;
	char applied[32], live[32];

	memset(d, 0, sizeof(*d));
	if (!text)
		return -1;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		e = &d->e[d->n];
		if (sscanf(line,
			   "mailbox requests %" SCNu64 " irqs %" SCNu64
			   " polled %" SCNu64 " late %" SCNu64
			   " failed %" SCNu64 " refused %" SCNu64,
			   &d->requests, &d->irqs, &d->polled, &d->late,
			   &d->failed, &d->refused) == 6)
			continue;
		if (sscanf(line, "engine fw_errors %" SCNu64 " last_error %*d lost %" SCNu64,
			   &d->fw_errors, &d->lost) == 2)
			continue;
		if (d->n == (int)(sizeof(d->e) / sizeof(d->e[0])))
			continue;
		if (sscanf(line, "global %31s %31s %31s", e->name, applied,
			   live) == 3)
			e->slot = -1;
		else if (sscanf(line, "slot %d %31s %31s %31s", &e->slot,
				e->name, applied, live) != 4)
			continue;
		e->applied = strtoull(applied, NULL, 0);
		e->live = strcmp(live, "-") ? (int64_t)strtoull(live, NULL, 0) :
					      -1;
		d->n++;
	}
	return d->n ? 0 : -1;
}

static const struct dbg_entry *dbg_find(const struct dbg *d, const char *name,
					int slot)
{
	int i;

	for (i = 0; i < d->n; i++)
		if (d->e[i].slot == slot && !strcmp(d->e[i].name, name))
			return &d->e[i];
	return NULL;
}

/* Entries whose firmware value is not the engine's; the first in @why. */
static int dbg_mismatches(const struct dbg *d, char *why, size_t len)
{
	int i, bad = 0;

	for (i = 0; i < d->n; i++)
		if (d->e[i].live != (int64_t)d->e[i].applied) {
			if (!bad++)
				snprintf(why, len,
					 "%s slot %d: applied %#" PRIx64
					 " firmware %" PRId64,
					 d->e[i].name, d->e[i].slot,
					 d->e[i].applied, d->e[i].live);
		}
	return bad;
}

/* ---- the ioctls ---- */

static void pol_knobs(struct drm_corun_policy *p, const uint32_t *k)
{
	p->irc = k[0];
	p->llc = k[1];
	p->vcp = k[2];
	p->dram = k[3];
	p->l1 = k[4];
}

int set_fw(int fd, const uint32_t *knobs, const struct drm_corun_fw_param *fp,
	   uint32_t n)
{
	struct drm_corun_policy p = { .policy = DRM_CORUN_POLICY_FCFS };
	static const uint32_t none[NKNOBS];

	pol_knobs(&p, knobs ? knobs : none);
	p.fw_param_count = n;
	p.fw_params = n ? (uintptr_t)fp : 0;
	return io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
}

/* Everything GET_POLICY reports of the firmware: knobs, then parameters. */
struct snap {
	uint32_t knobs[NKNOBS];
	uint32_t n;
	struct drm_corun_fw_param fp[8 * MAXSLOTS];
};

static int snap_take(int fd, const struct fwdev *d, struct snap *s)
{
	struct drm_corun_policy p = { 0 };
	uint32_t id, slot;
	int ret;

	memset(s, 0, sizeof(*s));
	for (id = 1; id < NPARAMS; id++)
		for (slot = 0;
		     slot < (id == DRM_CORUN_FW_PARAM_LLC_PROB ? 1 : d->slots);
		     slot++) {
			s->fp[s->n].param = id;
			s->fp[s->n].slot = slot;
			s->fp[s->n].value = 0xdeadbeef;
			s->n++;
		}
	p.fw_param_count = s->n;
	p.fw_params = (uintptr_t)s->fp;
	ret = io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p);
	s->knobs[0] = p.irc;
	s->knobs[1] = p.llc;
	s->knobs[2] = p.vcp;
	s->knobs[3] = p.dram;
	s->knobs[4] = p.l1;
	return ret;
}

static uint32_t snap_value(const struct snap *s, uint32_t id, uint32_t slot)
{
	uint32_t i;

	for (i = 0; i < s->n; i++)
		if (s->fp[i].param == id && s->fp[i].slot == slot)
			return s->fp[i].value;
	return 0xdeadbeef;
}

/* The baseline: every knob at its reset meaning, every value at reset. */
static int snap_is_reset(const struct fwdev *d, const struct snap *s, char *why,
			 size_t len)
{
	static const uint32_t base[NKNOBS] = {
		DRM_CORUN_IRC_OFF, DRM_CORUN_LLC_LRU, DRM_CORUN_VCP_SHARED,
		DRM_CORUN_DRAM_FRFCFS, DRM_CORUN_L1_SHARED
	};
	uint32_t i, k;

	for (k = 0; k < NKNOBS; k++)
		if (s->knobs[k] != base[k]) {
			snprintf(why, len, "knob %s = %u", knob_names[k],
				 s->knobs[k]);
			return 0;
		}
	for (i = 0; i < s->n; i++)
		if (s->fp[i].value != reset_value(d, s->fp[i].param)) {
			snprintf(why, len, "%s slot %u = %#x",
				 param_names[s->fp[i].param], s->fp[i].slot,
				 s->fp[i].value);
			return 0;
		}
	return 1;
}

/* ---- cases ---- */

static void test_features(int fd, const struct fwdev *d)
{
	uint64_t v;
	int k, ok = 1;

	for (k = 0; k < NKNOBS; k++) {
		int has = !!(d->features & knob_features[k]);

		if (!(d->modes[k] & 1) || has != (d->modes[k] != 1) ||
		    d->modes[k] >> knob_values[k])
			ok = 0;
		printf("# %s modes %#" PRIx64 "\n", knob_names[k], d->modes[k]);
	}
	printf("# fw_params %#" PRIx64 " features %#" PRIx64 " vcs %" PRIu64
	       "\n",
	       d->pmask, d->features, d->vcs);
	result(ok && !(d->pmask & 1) && !(d->pmask >> NIDS),
	       "fw_features_match_modes", "features %#" PRIx64,
	       d->features);
	/* no firmware: nothing but DEFAULT */
	if (!d->fw)
		result(!d->pmask && d->modes[0] == 1 && d->modes[1] == 1 &&
			       d->modes[2] == 1 && d->modes[3] == 1 &&
			       d->modes[4] == 1,
		       "fw_none_no_knobs", "fw_params %#" PRIx64, d->pmask);
	result(d->vcs >= 1, "get_param_num_vcs", "%" PRIu64, d->vcs);
	/* the way masks name ways of these */
	result(d->l1_ways >= 1 && d->l2_ways >= 1, "get_param_cache_ways",
	       "L1 %" PRIu64 " L2 %" PRIu64, d->l1_ways, d->l2_ways);
	result(get_param(fd, DRM_CORUN_PARAM_FW_PARAMS + 1, &v) == -EINVAL,
	       "get_param_after_fw_params", NULL);
}

/* One rule broken per case; afterwards nothing may have changed. */
struct neg {
	const char *name;
	int err;
	uint32_t knobs[NKNOBS];
	uint32_t n;
	struct drm_corun_fw_param fp[2];
};

static void run_neg(int fd, const struct fwdev *d, const struct snap *before,
		    const struct neg *c)
{
	struct snap after;
	int ret = set_fw(fd, c->knobs, c->fp, c->n);
	char name[96];

	snprintf(name, sizeof(name), "set_fw_%s", c->name);
	snap_take(fd, d, &after);
	result(ret == c->err && !memcmp(&after, before, sizeof(after)), name,
	       "ret %d want %d%s", ret, c->err,
	       memcmp(&after, before, sizeof(after)) ? ", settings changed" :
						       "");
}

static void test_negatives(int fd, const struct fwdev *d)
{
	const uint32_t ns = (uint32_t)d->slots;
	const uint32_t l1w = d->l1_ways < 32 ? 1u << d->l1_ways : 0;
	const struct neg cases[] = {
		{ "param_zero", -EINVAL, {}, 1, { P(0, 0, 0) } },
		{ "param_unknown", -EINVAL, {}, 1, { P(NIDS, 0, 0) } },
		{ "param_huge", -EINVAL, {}, 1, { P(0xffffffffu, 0, 0) } },
		{ "pad", -EINVAL, {}, 1, { { 1, 0, 0, 1 } } },
		{ "global_with_slot", -EINVAL, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_LLC_PROB, 1, 0) } },
		{ "slot_beyond", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_IRC_SHARE, ns, 0) } },
		{ "slot_huge", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_IRC_SHARE, 0xffffffffu, 0) } },
		{ "irc_share_range", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_IRC_SHARE, 0, 1025) } },
		{ "irc_prio_range", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_IRC_PRIO, 0, 16) } },
		{ "l1_ways_none", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_L1_WAYS, 0, 0) } },
		{ "l1_ways_beyond", l1w ? -ERANGE : 0, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_L1_WAYS, 0, l1w) } },
		{ "l1_bypass_range", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS, 0, 256) } },
		{ "llc_ways_none", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_LLC_WAYS, 0, 0) } },
		{ "vc_beyond", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_VC, 0, (uint32_t)d->vcs) } },
		{ "dram_prio_range", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_DRAM_PRIO, 0, 16) } },
		{ "llc_prob_range", -ERANGE, {}, 1,
		  { P(DRM_CORUN_FW_PARAM_LLC_PROB, 0, 1025) } },
		{ "duplicate", -EINVAL, {}, 2,
		  { P(DRM_CORUN_FW_PARAM_IRC_SHARE, 1, 10),
		    P(DRM_CORUN_FW_PARAM_IRC_SHARE, 1, 20) } },
		{ "l1_shared_with_ways", -EINVAL,
		  { 0, 0, 0, 0, DRM_CORUN_L1_SHARED }, 1,
		  { P(DRM_CORUN_FW_PARAM_L1_WAYS, 0, 1) } },
		{ "irc_enum", -EINVAL, { 4 }, 0, {} },
		{ "llc_enum", -EINVAL, { 0, 5 }, 0, {} },
		{ "vcp_enum", -EINVAL, { 0, 0, 5 }, 0, {} },
		{ "dram_enum", -EINVAL, { 0, 0, 0, 6 }, 0, {} },
		{ "l1_enum", -EINVAL, { 0, 0, 0, 0, 6 }, 0, {} },
		/* UCP owns the way masks (refused before any feature) */
		{ "l1_ucp_with_ways", -EINVAL,
		  { 0, 0, 0, 0, DRM_CORUN_L1_UCP }, 1,
		  { P(DRM_CORUN_FW_PARAM_L1_WAYS, 0, 1) } },
		/* no firmware implements these */
		{ "vcp_cpu_priority", -EOPNOTSUPP,
		  { 0, 0, DRM_CORUN_VCP_CPU_PRIORITY }, 0, {} },
		{ "dram_cpu_priority", -EOPNOTSUPP,
		  { 0, 0, 0, DRM_CORUN_DRAM_CPU_PRIORITY }, 0, {} },
		{ "l1_bypass_mode", -EOPNOTSUPP,
		  { 0, 0, 0, 0, DRM_CORUN_L1_BYPASS }, 0, {} },
	};
	struct drm_corun_policy p;
	struct drm_corun_fw_param *fp;
	struct snap before;
	char why[128] = "";
	size_t i;
	int ret;

	ret = set_fw(fd, NULL, NULL, 0);
	snap_take(fd, d, &before);
	result(!ret && snap_is_reset(d, &before, why, sizeof(why)),
	       "get_policy_fw_reset_values", "ret %d %s", ret, why);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (cases[i].err)
			run_neg(fd, d, &before, &cases[i]);

	/* the array itself */
	memset(&p, 0, sizeof(p));
	p.fw_param_count = DRM_CORUN_FW_PARAMS_MAX + 1;
	p.fw_params = (uintptr_t)before.fp;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -E2BIG,
	       "set_fw_count_too_big", NULL);
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -E2BIG,
	       "get_fw_count_too_big", NULL);
	p.fw_param_count = 0;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_fw_pointer_without_count", NULL);
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EINVAL,
	       "get_fw_pointer_without_count", NULL);
	p.fw_param_count = 1;
	p.fw_params = 8;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EFAULT,
	       "set_fw_bad_pointer", NULL);
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EFAULT,
	       "get_fw_bad_pointer", NULL);
	/* an array that runs into an unmapped page */
	fp = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fp != MAP_FAILED && !munmap((char *)fp + 4096, 4096)) {
		struct drm_corun_fw_param *last = (void *)((char *)fp + 4096 -
							   sizeof(*fp));

		*last = (struct drm_corun_fw_param)P(
			DRM_CORUN_FW_PARAM_IRC_SHARE, 0, 10);
		p.fw_params = (uintptr_t)last;
		p.fw_param_count = 2;
		result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EFAULT,
		       "set_fw_array_crosses_unmapped", NULL);
		result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EFAULT,
		       "get_fw_array_crosses_unmapped", NULL);
		/* GET writes the values back: a read-only array fails */
		mprotect(fp, 4096, PROT_READ);
		p.fw_param_count = 1;
		result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EFAULT,
		       "get_fw_array_read_only", NULL);
		munmap(fp, 4096);
	} else {
		result(0, "set_fw_array_crosses_unmapped", "mmap: %s",
		       strerror(errno));
	}
	/* GET checks the entries too */
	memset(&p, 0, sizeof(p));
	fp = before.fp;
	fp[0] = (struct drm_corun_fw_param)P(DRM_CORUN_FW_PARAM_VC, ns, 0);
	p.fw_params = (uintptr_t)fp;
	p.fw_param_count = 1;
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -ERANGE,
	       "get_fw_slot_beyond", NULL);
	fp[0] = (struct drm_corun_fw_param){ DRM_CORUN_FW_PARAM_VC, 0, 0, 1 };
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EINVAL,
	       "get_fw_pad", NULL);
	fp[0] = (struct drm_corun_fw_param)P(NIDS, 0, 0);
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EINVAL,
	       "get_fw_param_unknown", NULL);
}

/* Each knob value and parameter the firmware lacks: EOPNOTSUPP. */
static void test_unsupported(int fd, const struct fwdev *d)
{
	struct snap before, after;
	uint32_t k, v, id, knobs[NKNOBS];
	struct drm_corun_fw_param fp;
	int ret, tried = 0, bad = 0;
	char why[128] = "";

	snap_take(fd, d, &before);
	for (k = 0; k < NKNOBS; k++)
		for (v = 1; v < knob_values[k]; v++) {
			if (d->modes[k] & (1ull << v))
				continue;
			memset(knobs, 0, sizeof(knobs));
			knobs[k] = v;
			ret = set_fw(fd, knobs, NULL, 0);
			tried++;
			if (ret != -EOPNOTSUPP && !bad++)
				snprintf(why, sizeof(why), "%s=%u: %d",
					 knob_names[k], v, ret);
		}
	for (id = 1; id < NPARAMS; id++) {
		if (d->pmask & (1ull << id))
			continue;
		fp = (struct drm_corun_fw_param)P(id, 0, reset_value(d, id));
		if (id == DRM_CORUN_FW_PARAM_IRC_SHARE)
			fp.value = 1;
		ret = set_fw(fd, NULL, &fp, 1);
		tried++;
		if (ret != -EOPNOTSUPP && !bad++)
			snprintf(why, sizeof(why), "%s: %d", param_names[id],
				 ret);
	}
	snap_take(fd, d, &after);
	printf("# %d unsupported knob values and parameters\n", tried);
	result(tried >= 3 && !bad && !memcmp(&before, &after, sizeof(after)),
	       "set_fw_unsupported_eopnotsupp", "%d tried: %s", tried, why);
	if (!d->fw) {
		int all = NPARAMS - 1;

		for (k = 0; k < NKNOBS; k++)
			all += knob_values[k] - 1;
		result(tried == all, "fw_none_all_unsupported", "%d of %d",
		       tried, all);
	}
}

/* Without CAP_SYS_ADMIN: SET refused, GET allowed. */
static void test_cap(int fd)
{
	struct drm_corun_policy p = { 0 };
	pid_t pid;
	int st = 0;

	if (geteuid()) {
		result(0, "set_fw_needs_cap_sys_admin", "not run as root");
		return;
	}
	pid = fork();
	if (!pid) {
		if (setresuid(65534, 65534, 65534))
			_exit(3);
		if (io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) != -EACCES)
			_exit(1);
		_exit(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) ? 2 : 0);
	}
	waitpid(pid, &st, 0);
	result(WIFEXITED(st) && !WEXITSTATUS(st), "set_fw_needs_cap_sys_admin",
	       "child status %#x", st);
}

/* The settings of the positive case, per what the firmware implements. */
static uint32_t build_settings(const struct fwdev *d, uint32_t *knobs,
			       struct drm_corun_fw_param *fp)
{
	uint32_t n = 0, s = d->slots;

	memset(knobs, 0, NKNOBS * sizeof(*knobs));
	if (d->modes[0] & (1u << DRM_CORUN_IRC_ON))
		knobs[0] = DRM_CORUN_IRC_ON;
	if (d->modes[1] & (1u << DRM_CORUN_LLC_PROB_STATIC))
		knobs[1] = DRM_CORUN_LLC_PROB_STATIC;
	if (d->modes[2] & (1u << DRM_CORUN_VCP_PARTITIONED))
		knobs[2] = DRM_CORUN_VCP_PARTITIONED;
	if (d->modes[3] & (1u << DRM_CORUN_DRAM_SLOT_PRIORITY))
		knobs[3] = DRM_CORUN_DRAM_SLOT_PRIORITY;
	if (d->modes[4] & (1u << DRM_CORUN_L1_STATIC_PARTITION))
		knobs[4] = DRM_CORUN_L1_STATIC_PARTITION;
#define ADD_P(id, slot, v)                                                  \
	do {                                                              \
		if (d->pmask & (1ull << (id)))                            \
			fp[n++] = (struct drm_corun_fw_param)P(id, slot, v); \
	} while (0)
	ADD_P(DRM_CORUN_FW_PARAM_IRC_SHARE, 0, 300);
	ADD_P(DRM_CORUN_FW_PARAM_IRC_SHARE, s - 1, 700);
	ADD_P(DRM_CORUN_FW_PARAM_IRC_PRIO, 1, 3);
	ADD_P(DRM_CORUN_FW_PARAM_L1_WAYS, 2, 0x3);
	ADD_P(DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS, 2, 4);
	ADD_P(DRM_CORUN_FW_PARAM_LLC_WAYS, 3, 0xf);
	ADD_P(DRM_CORUN_FW_PARAM_VC, 4, d->vcs > 1 ? 1 : 0);
	ADD_P(DRM_CORUN_FW_PARAM_DRAM_PRIO, 5, 7);
	ADD_P(DRM_CORUN_FW_PARAM_LLC_PROB, 0, 1000);
#undef ADD_P
	return n;
}

/*
 * Every IRC mode the firmware advertises is taken, reported and reaches
 * the firmware's IRC_ENABLE: off 0, on 1, mil 2 (MIL in place of the
 * credits, CORUN_FW_FEAT_MIL). A firmware of this tree has MIL.
 */
static void test_irc_modes(int fd, const struct fwdev *d)
{
	static const int64_t fw_value[] = { -1, 0, 1, 2 };
	uint32_t knobs[NKNOBS], i;
	const struct dbg_entry *e;
	char why[160] = "";
	struct dbg dbg;
	struct snap s;
	int ret, ok = 1, n = 0;

	for (i = 1; i < knob_values[0]; i++) {
		if (!(d->modes[0] & (1ull << i)))
			continue;
		memset(knobs, 0, sizeof(knobs));
		knobs[0] = i;
		ret = set_fw(fd, knobs, NULL, 0);
		snap_take(fd, d, &s);
		e = dbg_read(&dbg) ? NULL : dbg_find(&dbg, "irc_enable", -1);
		n++;
		if (ret || s.knobs[0] != i || !e || e->live != fw_value[i] ||
		    (int64_t)e->applied != fw_value[i]) {
			ok = 0;
			snprintf(why, sizeof(why),
				 "irc=%u: ret %d, reports %u, firmware %" PRId64,
				 i, ret, s.knobs[0], e ? e->live : -2);
		}
	}
	set_fw(fd, NULL, NULL, 0);
	printf("# %d irc modes\n", n);
	result(ok, "set_fw_every_irc_mode", "%s", why);
	result(!d->fw || (d->modes[0] & (1ull << DRM_CORUN_IRC_MIL)),
	       "fw_has_irc_mil", "irc modes %#" PRIx64, d->modes[0]);
}

/*
 * Settings reach the firmware: GET reports them, and the firmware itself
 * answers the same values (debugfs); every request completed on the
 * mailbox interrupt. Then a SET with nothing puts every reset value back.
 */
static void test_positive(int fd, const struct fwdev *d)
{
	uint32_t knobs[NKNOBS], n, i, k;
	struct drm_corun_fw_param fp[16];
	const struct dbg_entry *e;
	struct dbg d0, d1;
	struct snap s;
	char why[160] = "";
	int ret, ok;

	n = build_settings(d, knobs, fp);
	if (dbg_read(&d0)) {
		result(0, "debugfs_firmware", "cannot read it");
		return;
	}
	result(!dbg_mismatches(&d0, why, sizeof(why)),
	       "fw_reset_values_match_firmware", "%s", why);
	ret = set_fw(fd, knobs, fp, n);
	snap_take(fd, d, &s);
	ok = !ret;
	for (k = 0; k < NKNOBS; k++)
		if (knobs[k] && s.knobs[k] != knobs[k]) {
			ok = 0;
			snprintf(why, sizeof(why), "knob %s %u", knob_names[k],
				 s.knobs[k]);
		}
	for (i = 0; i < n; i++)
		if (snap_value(&s, fp[i].param, fp[i].slot) != fp[i].value) {
			ok = 0;
			snprintf(why, sizeof(why), "%s slot %u: %#x",
				 param_names[fp[i].param], fp[i].slot,
				 snap_value(&s, fp[i].param, fp[i].slot));
		}
	result(ok && n >= 8, "set_fw_get_reports", "ret %d n %u %s", ret, n,
	       why);

	/* the firmware's own answer */
	ok = !dbg_read(&d1);
	for (i = 0; ok && i < n; i++) {
		e = dbg_find(&d1, param_names[fp[i].param],
			     fp[i].param == DRM_CORUN_FW_PARAM_LLC_PROB ?
				     -1 :
				     (int)fp[i].slot);
		if (!e || e->live != fp[i].value) {
			ok = 0;
			snprintf(why, sizeof(why), "%s slot %u: firmware %" PRId64,
				 param_names[fp[i].param], fp[i].slot,
				 e ? e->live : -2);
		}
	}
	e = dbg_find(&d1, "irc_enable", -1);
	if (ok && knobs[0] && (!e || e->live != 1)) {
		ok = 0;
		snprintf(why, sizeof(why), "irc_enable not 1 in the firmware");
	}
	result(ok && !dbg_mismatches(&d1, why, sizeof(why)),
	       "set_fw_reaches_firmware", "%s", why);
	/* the debugfs read itself asked the firmware for every value */
	printf("# mailbox: %" PRIu64 " requests, %" PRIu64 " interrupts, %" PRIu64
	       " polled, %" PRIu64 " late\n",
	       d1.requests, d1.irqs, d1.polled, d1.late);
	result(d1.requests > d0.requests && d1.irqs > d0.irqs &&
		       d1.polled == d0.polled && d1.late == d0.late &&
		       !d1.failed,
	       "mailbox_completes_on_interrupt",
	       "requests +%" PRIu64 " irqs +%" PRIu64 " polled +%" PRIu64
	       " late +%" PRIu64 " failed %" PRIu64,
	       d1.requests - d0.requests, d1.irqs - d0.irqs,
	       d1.polled - d0.polled, d1.late - d0.late, d1.failed);

	/* SET replaces the settings as a whole */
	ret = set_fw(fd, NULL, NULL, 0);
	snap_take(fd, d, &s);
	ok = !ret && snap_is_reset(d, &s, why, sizeof(why)) && !dbg_read(&d1) &&
	     !dbg_mismatches(&d1, why, sizeof(why));
	result(ok, "set_fw_default_resets", "ret %d %s", ret, why);

	/* every DRAM mode the firmware advertises is taken and reported */
	ok = 1;
	for (i = 1; i < knob_values[3]; i++) {
		if (!(d->modes[3] & (1ull << i)))
			continue;
		memset(knobs, 0, sizeof(knobs));
		knobs[3] = i;
		ret = set_fw(fd, knobs, NULL, 0);
		snap_take(fd, d, &s);
		if (ret || s.knobs[3] != i) {
			ok = 0;
			snprintf(why, sizeof(why), "dram=%u: ret %d, reports %u",
				 i, ret, s.knobs[3]);
		}
	}
	set_fw(fd, NULL, NULL, 0);
	result(ok, "set_fw_every_dram_mode", "%s", why);
	test_irc_modes(fd, d);

	/*
	 * UCP on the L1 where the firmware advertises it: taken, reported,
	 * the firmware's L1_MODE, and bypass CTAs still taken beside it
	 */
	if (!(d->modes[4] & (1ull << DRM_CORUN_L1_UCP))) {
		skip("set_fw_l1_ucp", "the firmware lacks UCP");
		return;
	}
	memset(knobs, 0, sizeof(knobs));
	knobs[4] = DRM_CORUN_L1_UCP;
	fp[0] = (struct drm_corun_fw_param)P(
		DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS, 1, 2);
	ret = set_fw(fd, knobs, fp, 1);
	snap_take(fd, d, &s);
	ok = !dbg_read(&d1);
	e = ok ? dbg_find(&d1, "l1_mode", -1) : NULL;
	result(!ret && s.knobs[4] == DRM_CORUN_L1_UCP &&
		       snap_value(&s, DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS, 1) == 2 &&
		       e && e->live == 1 && !dbg_mismatches(&d1, why, sizeof(why)),
	       "set_fw_l1_ucp",
	       "ret %d, reports %u, firmware l1_mode %" PRId64 " %s", ret,
	       s.knobs[4], e ? e->live : -2, why);
	ret = set_fw(fd, NULL, NULL, 0);
	snap_take(fd, d, &s);
	result(!ret && s.knobs[4] == DRM_CORUN_L1_SHARED, "set_fw_l1_ucp_off",
	       "ret %d, reports %u", ret, s.knobs[4]);
}

/*
 * CCBP's Fig. 14 hybrid WS + TCM: Warped-Slicer with dram = tcm, taken
 * together, reported back and in force in the firmware (debugfs asks it:
 * DRAM_POLICY is CORUN_DRAM_TCM, 3); then the reset values again. A
 * firmware without TCM refuses the knob (test_unsupported), and nothing
 * of the SET applies.
 */
static void test_dram_tcm(int fd, const struct fwdev *d)
{
	struct drm_corun_policy p = {
		.policy = DRM_CORUN_POLICY_WARPED_SLICER,
		.dram = DRM_CORUN_DRAM_TCM,
	};
	const struct dbg_entry *e;
	struct snap before, after;
	char why[128] = "";
	struct dbg dbg;
	int ret, ok;

	snap_take(fd, d, &before);
	ret = io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
	if (!(d->modes[3] & (1ull << DRM_CORUN_DRAM_TCM))) {
		snap_take(fd, d, &after);
		result(ret == -EOPNOTSUPP && !memcmp(&before, &after,
						     sizeof(after)),
		       "set_ws_dram_tcm_unadvertised", "ret %d", ret);
		return;
	}
	memset(&p, 0, sizeof(p));
	ok = !ret && !io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) &&
	     p.policy == DRM_CORUN_POLICY_WARPED_SLICER &&
	     p.dram == DRM_CORUN_DRAM_TCM;
	if (!ok)
		snprintf(why, sizeof(why), "ret %d, reports policy %u dram %u",
			 ret, p.policy, p.dram);
	if (ok) {
		e = dbg_read(&dbg) ? NULL : dbg_find(&dbg, "dram_policy", -1);
		ok = e && e->applied == 3 && e->live == 3;
		if (!ok)
			snprintf(why, sizeof(why),
				 "debugfs dram_policy applied %" PRIu64
				 " firmware %" PRId64,
				 e ? e->applied : 0, e ? e->live : -2);
	}
	result(ok, "set_ws_dram_tcm", "%s", why);
	ret = set_fw(fd, NULL, NULL, 0);
	snap_take(fd, d, &after);
	result(!ret && snap_is_reset(d, &after, why, sizeof(why)),
	       "set_ws_dram_tcm_reset", "ret %d %s", ret, why);
}

/* The memory-side mechanisms' tunables, device-wide (uapi ids 9..20). */
static const struct {
	uint32_t id, lo, hi, reset;
	const char *name;
} mem_tun[] = {
	{ DRM_CORUN_FW_PARAM_MIL_HIGH, 0, DRM_CORUN_FW_MIL_RATE_MAX, 256,
	  "mil_high" },
	{ DRM_CORUN_FW_PARAM_MIL_LOW, 0, DRM_CORUN_FW_MIL_RATE_MAX, 64,
	  "mil_low" },
	{ DRM_CORUN_FW_PARAM_MIL_MIN, 1, DRM_CORUN_FW_MIL_CAP_MAX, 2,
	  "mil_min" },
	{ DRM_CORUN_FW_PARAM_MIL_MAX, 1, DRM_CORUN_FW_MIL_CAP_MAX, 32,
	  "mil_max" },
	{ DRM_CORUN_FW_PARAM_MIL_STEP, 1, DRM_CORUN_FW_MIL_CAP_MAX, 2,
	  "mil_step" },
	{ DRM_CORUN_FW_PARAM_TCM_THRESH, 0, DRM_CORUN_FW_TCM_THRESH_ONE, 171,
	  "tcm_thresh" },
	{ DRM_CORUN_FW_PARAM_TCM_QUANTUM, 1, DRM_CORUN_FW_TCM_EPOCHS_MAX, 10,
	  "tcm_quantum" },
	{ DRM_CORUN_FW_PARAM_TCM_SHUFFLE, 1, DRM_CORUN_FW_TCM_EPOCHS_MAX, 1,
	  "tcm_shuffle" },
	{ DRM_CORUN_FW_PARAM_UCP_PERIOD, 1, DRM_CORUN_FW_UCP_PERIOD_MAX, 10,
	  "ucp_period" },
	{ DRM_CORUN_FW_PARAM_UCP_MIN_WAYS, 1, 0 /* the L1's ways */, 1,
	  "ucp_min_ways" },
	{ DRM_CORUN_FW_PARAM_UCP_DECAY, 0, DRM_CORUN_FW_UCP_DECAY_MAX, 1,
	  "ucp_decay" },
	{ DRM_CORUN_FW_PARAM_UCP_SAMPLE, 1, DRM_CORUN_FW_UCP_SAMPLE_MAX, 8,
	  "ucp_sample" },
};

/* GET_POLICY's value of device-wide parameter @id, or 0xdeadbeef. */
static uint32_t get_global(int fd, uint32_t id)
{
	struct drm_corun_fw_param fp = { .param = id, .value = 0xdeadbeef };
	struct drm_corun_policy p = { .fw_param_count = 1,
				      .fw_params = (uintptr_t)&fp };

	return io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) ? 0xdeadbeef : fp.value;
}

/*
 * Each tunable: GET reports its reset value; a slot, a value out of range
 * (EINVAL, ERANGE) and, when %DRM_CORUN_PARAM_FW_PARAMS lacks it, any
 * value (EOPNOTSUPP) are refused; otherwise its largest value is taken
 * with every knob at DEFAULT, reported back and in force in the firmware
 * (debugfs), and a SET without it restores the reset value.
 */
static void test_mem_tunables(int fd, const struct fwdev *d)
{
	struct drm_corun_fw_param fp = { 0 };
	const struct dbg_entry *e;
	uint32_t i, hi, got;
	char name[64], why[160];
	struct dbg dbg;
	int ret, ok;

	for (i = 0; i < sizeof(mem_tun) / sizeof(mem_tun[0]); i++) {
		hi = mem_tun[i].hi ? mem_tun[i].hi :
			(d->l1_ways < 32 ? (uint32_t)d->l1_ways : 32);
		fp.param = mem_tun[i].id;
		snprintf(name, sizeof(name), "fw_%s_reset", mem_tun[i].name);
		got = get_global(fd, fp.param);
		result(got == mem_tun[i].reset, name, "GET %#x", got);
		fp.slot = 1;
		fp.value = mem_tun[i].lo;
		ret = set_fw(fd, NULL, &fp, 1);
		snprintf(name, sizeof(name), "fw_%s_slot", mem_tun[i].name);
		result(ret == -EINVAL, name, "ret %d", ret);
		fp.slot = 0;
		fp.value = hi + 1;
		ret = set_fw(fd, NULL, &fp, 1);
		snprintf(name, sizeof(name), "fw_%s_range", mem_tun[i].name);
		result(ret == -ERANGE, name, "ret %d", ret);
		if (mem_tun[i].lo) {
			fp.value = mem_tun[i].lo - 1;
			ret = set_fw(fd, NULL, &fp, 1);
			snprintf(name, sizeof(name), "fw_%s_below",
				 mem_tun[i].name);
			result(ret == -ERANGE, name, "ret %d", ret);
		}
		fp.value = hi;
		ret = set_fw(fd, NULL, &fp, 1);
		if (!(d->pmask & (1ull << fp.param))) {
			snprintf(name, sizeof(name), "fw_%s_unadvertised",
				 mem_tun[i].name);
			result(ret == -EOPNOTSUPP &&
				       get_global(fd, fp.param) ==
					       mem_tun[i].reset,
			       name, "ret %d", ret);
			continue;
		}
		got = get_global(fd, fp.param);
		ok = !ret && got == hi;
		snprintf(why, sizeof(why), "ret %d, GET %#x", ret, got);
		if (ok && d->fw) {
			e = dbg_read(&dbg) ? NULL :
					     dbg_find(&dbg, mem_tun[i].name, -1);
			ok = e && e->applied == hi && e->live == (int64_t)hi;
			if (!ok)
				snprintf(why, sizeof(why),
					 "debugfs applied %" PRIu64
					 " firmware %" PRId64,
					 e ? e->applied : 0, e ? e->live : -2);
		}
		snprintf(name, sizeof(name), "fw_%s_set", mem_tun[i].name);
		result(ok, name, "%s", why);
		ret = set_fw(fd, NULL, NULL, 0);
		got = get_global(fd, fp.param);
		snprintf(name, sizeof(name), "fw_%s_back", mem_tun[i].name);
		result(!ret && got == mem_tun[i].reset, name, "ret %d, GET %#x",
		       ret, got);
	}
}

/*
 * The firmware refuses the last request of a SET that takes several
 * (fault injection): SET fails with EIO, GET still reports the previous
 * settings, and the firmware holds them too (the requests it had applied
 * were undone).
 */
static void test_refused(int fd, const struct fwdev *d)
{
	struct drm_corun_fw_param fp[MAXSLOTS];
	uint32_t knobs[NKNOBS] = { DRM_CORUN_IRC_ON }, s;
	struct snap before, after;
	struct dbg d0, d1;
	char why[160] = "";
	int ret;

	if (!(d->pmask & (1u << DRM_CORUN_FW_PARAM_IRC_SHARE))) {
		result(0, "set_fw_refused_all_or_nothing", "no IRC");
		return;
	}
	for (s = 0; s < d->slots; s++)
		fp[s] = (struct drm_corun_fw_param)P(
			DRM_CORUN_FW_PARAM_IRC_SHARE, s, 10 + s);
	snap_take(fd, d, &before);
	dbg_read(&d0);
	if (debugfs_write("inject_fw_refuse", "1")) {
		result(0, "set_fw_refused_all_or_nothing",
		       "no debugfs inject_fw_refuse");
		return;
	}
	/* 1 + slots pairs: more than one request of at most 7 */
	ret = set_fw(fd, knobs, fp, (uint32_t)d->slots);
	snap_take(fd, d, &after);
	dbg_read(&d1);
	result(ret == -EIO && !memcmp(&before, &after, sizeof(after)) &&
		       !dbg_mismatches(&d1, why, sizeof(why)) &&
		       d1.fw_errors == d0.fw_errors + 1 && d1.lost == d0.lost &&
		       d1.refused == d0.refused + 1,
	       "set_fw_refused_all_or_nothing",
	       "ret %d changed %d errors +%" PRIu64 " lost +%" PRIu64
	       " refused +%" PRIu64 " %s",
	       ret, !!memcmp(&before, &after, sizeof(after)),
	       d1.fw_errors - d0.fw_errors, d1.lost - d0.lost,
	       d1.refused - d0.refused, why);
	/* and the same settings go through afterwards */
	ret = set_fw(fd, knobs, fp, (uint32_t)d->slots);
	snap_take(fd, d, &after);
	result(!ret && after.knobs[0] == DRM_CORUN_IRC_ON &&
		       snap_value(&after, DRM_CORUN_FW_PARAM_IRC_SHARE,
				  (uint32_t)d->slots - 1) == 10 + d->slots - 1,
	       "set_fw_after_refusal", "ret %d", ret);
	set_fw(fd, NULL, NULL, 0);
}

void test_fw_policy(int fd)
{
	struct fwdev d;
	struct dbg dbg;

	fwdev_read(fd, &d);
	printf("# firmware %s\n", d.fw ? "running" : "absent");
	test_features(fd, &d);
	test_negatives(fd, &d);
	test_unsupported(fd, &d);
	test_cap(fd);
	test_mem_tunables(fd, &d);
	if (d.fw) {
		test_positive(fd, &d);
		test_dram_tcm(fd, &d);
		test_refused(fd, &d);
	} else {
		/* nothing to ask; the engine holds the reset values */
		int i, ok = !dbg_read(&dbg);
		const struct dbg_entry *e = dbg_find(&dbg, "irc_share", 0);

		for (i = 0; ok && i < dbg.n; i++)
			ok = dbg.e[i].live == -1;
		result(ok && e && e->applied == DRM_CORUN_FW_SHARE_ONE / d.slots &&
			       !dbg.requests,
		       "fw_none_debugfs", "%d entries, %" PRIu64 " requests",
		       dbg.n, dbg.requests);
	}
}
