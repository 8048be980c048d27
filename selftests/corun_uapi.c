// SPDX-License-Identifier: GPL-2.0
/*
 * corun uapi selftest (kselftest style, TAP): GET_PARAM, the buffer
 * object ioctls, contexts and policies here, a real job through SUBMIT
 * in uapi_submit.c, with positive and negative cases. Runs as root in
 * the VM with corun.ko loaded; built on the host against libdrm.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <uapi/drm/corun_drm.h>

#include "uapi_test.h"

static void test_params(int fd)
{
	struct drm_corun_get_param gp = { 0 };
	uint64_t v, start = 0, end = 0;
	int ret;

	ret = get_param(fd, DRM_CORUN_PARAM_ABI_VERSION, &v);
	result(!ret && v == DRM_CORUN_ABI_VERSION, "get_param_abi_version", "v=%" PRIu64, v);
	ret = get_param(fd, DRM_CORUN_PARAM_DEVICE_ID, &v);
	result(!ret && v == 0x1b3610fc, "get_param_device_id", "v=%#" PRIx64,
	       v);
	ret = get_param(fd, DRM_CORUN_PARAM_NUM_SLOTS, &v);
	result(!ret && v >= 8 && v <= 16, "get_param_num_slots",
	       "v=%" PRIu64, v);
	ret = get_param(fd, DRM_CORUN_PARAM_NUM_SMS, &v);
	result(!ret && v >= 1 && v <= DRM_CORUN_MAX_SMS, "get_param_num_sms",
	       "v=%" PRIu64, v);
	ret = get_param(fd, DRM_CORUN_PARAM_VA_START, &start) |
	      get_param(fd, DRM_CORUN_PARAM_VA_END, &end);
	result(!ret && start && start < end && end <= (1ull << 32),
	       "get_param_va_range", "%#" PRIx64 "..%#" PRIx64, start, end);
	ret = get_param(fd, DRM_CORUN_PARAM_PAGE_SIZE, &v);
	result(!ret && v == 4096, "get_param_page_size", "v=%" PRIu64, v);
	ret = get_param(fd, DRM_CORUN_PARAM_POLICIES, &v);
	result(!ret && (v & 3) == 3, "get_param_policies", "v=%#" PRIx64, v);
	ret = get_param(fd, DRM_CORUN_PARAM_PLACEMENT_MODES, &v);
	result(!ret && (v & 3) == 3, "get_param_placement_modes",
	       "v=%#" PRIx64, v);
	ret = get_param(fd, DRM_CORUN_PARAM_JOB_HISTORY, &v);
	result(!ret && v >= 256, "get_param_job_history", "v=%" PRIu64, v);
	ret = get_param(fd, DRM_CORUN_PARAM_FEATURES, &v);
	printf("# features %#" PRIx64 "\n", v);
	result(!ret && (v & DRM_CORUN_FEATURE_EXT_SYNCS), "get_param_features",
	       "v=%#" PRIx64, v);
	/* proportional (id 2) honours qos_target, so QOS is advertised */
	result(!ret && (v & DRM_CORUN_FEATURE_QOS), "get_param_features_qos",
	       "v=%#" PRIx64, v);
	result(get_param(fd, 1000, &v) == -EINVAL, "get_param_bad_param",
	       NULL);
	gp.param = DRM_CORUN_PARAM_ABI_VERSION;
	gp.pad = 1;
	result(io(fd, DRM_IOCTL_CORUN_GET_PARAM, &gp) == -EINVAL,
	       "get_param_pad_nonzero", NULL);
}

static void test_bos(int fd)
{
	struct drm_corun_create_bo a, b, bad;
	struct drm_corun_get_bo_info info = { 0 };
	struct drm_corun_mmap_bo mm = { 0 };
	struct drm_corun_wait_bo w = { 0 };
	uint64_t start, end, max;
	uint32_t *p;
	int ret, i, ok;

	get_param(fd, DRM_CORUN_PARAM_VA_START, &start);
	get_param(fd, DRM_CORUN_PARAM_VA_END, &end);
	get_param(fd, DRM_CORUN_PARAM_MAX_BO_SIZE, &max);

	ret = create_bo(fd, 5000, 0, &a);
	result(!ret && a.handle && a.size == 8192 && !(a.gpu_va & 4095) &&
		       a.gpu_va >= start && a.gpu_va + a.size <= end,
	       "create_bo", "ret %d size %" PRIu64 " va %#" PRIx64, ret,
	       a.size, a.gpu_va);
	ret = create_bo(fd, 4096, DRM_CORUN_BO_EXEC, &b);
	result(!ret && (b.gpu_va >= a.gpu_va + a.size + 4096 ||
			a.gpu_va >= b.gpu_va + b.size + 4096),
	       "create_bo_guard_page", "a %#" PRIx64 " b %#" PRIx64, a.gpu_va,
	       b.gpu_va);

	result(create_bo(fd, 0, 0, &bad) == -EINVAL, "create_bo_size_zero",
	       NULL);
	result(create_bo(fd, 4096, 1u << 7, &bad) == -EINVAL,
	       "create_bo_bad_flags", NULL);
	memset(&bad, 0, sizeof(bad));
	bad.size = 4096;
	bad.reserved = 1;
	result(io(fd, DRM_IOCTL_CORUN_CREATE_BO, &bad) == -EINVAL,
	       "create_bo_reserved", NULL);
	result(create_bo(fd, max + 1, 0, &bad) == -E2BIG, "create_bo_too_big",
	       NULL);

	p = map_bo(fd, a.handle, a.size);
	ok = p != NULL;
	for (i = 0; ok && i < (int)(a.size / 4); i++)
		ok = p[i] == 0;
	result(ok, "mmap_bo_zero_filled", "p=%p", (void *)p);
	if (p) {
		p[5] = 0xdeadbeef;
		munmap(p, a.size);
		p = map_bo(fd, a.handle, a.size);
		result(p && p[5] == 0xdeadbeef, "mmap_bo_persists", NULL);
		if (p)
			munmap(p, a.size);
	}
	mm.handle = a.handle;
	mm.flags = 1;
	result(io(fd, DRM_IOCTL_CORUN_MMAP_BO, &mm) == -EINVAL,
	       "mmap_bo_flags", NULL);
	mm.handle = 0xfffff;
	mm.flags = 0;
	result(io(fd, DRM_IOCTL_CORUN_MMAP_BO, &mm) == -ENOENT,
	       "mmap_bo_bad_handle", NULL);

	info.handle = b.handle;
	ret = io(fd, DRM_IOCTL_CORUN_GET_BO_INFO, &info);
	result(!ret && info.size == 4096 && info.gpu_va == b.gpu_va &&
		       info.bo_flags == DRM_CORUN_BO_EXEC,
	       "get_bo_info", "ret %d", ret);
	info.reserved = 1;
	result(io(fd, DRM_IOCTL_CORUN_GET_BO_INFO, &info) == -EINVAL,
	       "get_bo_info_reserved", NULL);
	info.reserved = 0;
	info.handle = 0xfffff;
	result(io(fd, DRM_IOCTL_CORUN_GET_BO_INFO, &info) == -ENOENT,
	       "get_bo_info_bad_handle", NULL);

	w.handle = a.handle;
	result(io(fd, DRM_IOCTL_CORUN_WAIT_BO, &w) == 0, "wait_bo_idle", NULL);
	w.flags = 1;
	result(io(fd, DRM_IOCTL_CORUN_WAIT_BO, &w) == -EINVAL,
	       "wait_bo_flags", NULL);
	w.flags = 0;
	w.handle = 0xfffff;
	result(io(fd, DRM_IOCTL_CORUN_WAIT_BO, &w) == -ENOENT,
	       "wait_bo_bad_handle", NULL);

	close_bo(fd, a.handle);
	close_bo(fd, b.handle);
}

static void test_ctxs(int fd)
{
	struct drm_corun_ctx_create c;
	uint32_t a, b;

	result(!ctx_create(fd, 0, "test", &a) && a, "ctx_create", NULL);
	result(!ctx_create(fd, DRM_CORUN_PRIORITY_HIGH, NULL, &b) && b != a,
	       "ctx_create_high_as_root", NULL);
	result(ctx_create(fd, 2, NULL, &b) == -EINVAL, "ctx_create_bad_prio",
	       NULL);
	memset(&c, 0, sizeof(c));
	memset(c.name, 'x', sizeof(c.name));
	result(io(fd, DRM_IOCTL_CORUN_CTX_CREATE, &c) == -EINVAL,
	       "ctx_create_name_unterminated", NULL);
	memset(&c, 0, sizeof(c));
	c.name[0] = '\n';
	result(io(fd, DRM_IOCTL_CORUN_CTX_CREATE, &c) == -EINVAL,
	       "ctx_create_name_unprintable", NULL);
	memset(&c, 0, sizeof(c));
	c.pad = 1;
	result(io(fd, DRM_IOCTL_CORUN_CTX_CREATE, &c) == -EINVAL,
	       "ctx_create_pad", NULL);
	result(!ctx_destroy(fd, a), "ctx_destroy", NULL);
	result(ctx_destroy(fd, a) == -ENOENT, "ctx_destroy_twice", NULL);
	ctx_destroy(fd, b);
}

/* The policies that share SMs between CTAs: by name, by id, listed. */
static void test_policy_cta(int fd)
{
	static const struct {
		const char *name;
		__u32 id;
	} pol[] = {
		{ "smk", DRM_CORUN_POLICY_SMK },
		{ "warped-slicer", DRM_CORUN_POLICY_WARPED_SLICER },
	};
	struct drm_corun_policy p = { 0 };
	uint64_t v, mask = 0;
	unsigned int i;
	__u32 epoch;
	int r;

	io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p);
	epoch = p.epoch_cycles;
	get_param(fd, DRM_CORUN_PARAM_POLICIES, &mask);
	for (i = 0; i < sizeof(pol) / sizeof(pol[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.policy = DRM_CORUN_POLICY_BY_NAME;
		strcpy(p.name, pol[i].name);
		result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) &&
			       !get_param(fd, DRM_CORUN_PARAM_CURRENT_POLICY,
					  &v) &&
			       v == pol[i].id && (mask & (1ull << pol[i].id)),
		       "set_policy_cta_by_name", "%s", pol[i].name);
		memset(&p, 0, sizeof(p));
		p.policy = pol[i].id;
		p.epoch_cycles = 10000;
		result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) &&
			       !io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) &&
			       !strcmp(p.name, pol[i].name) &&
			       p.epoch_cycles == 10000,
		       "set_policy_cta_by_id", "%s", pol[i].name);
	}
	/*
	 * ccbp needs the calibrated sustainable bandwidths; the device's
	 * built-in configuration (no config= property) has none, so it is
	 * refused and the policy in force stays.
	 */
	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_BY_NAME;
	strcpy(p.name, "ccbp");
	r = io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
	result(r == -EOPNOTSUPP &&
		       !get_param(fd, DRM_CORUN_PARAM_CURRENT_POLICY, &v) &&
		       v == pol[i - 1].id &&
		       (mask & (1ull << DRM_CORUN_POLICY_CCBP)),
	       "set_policy_ccbp_uncalibrated", "SET_POLICY returned %d", r);
	/* back to what the caller had: even, the epoch it had */
	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_EVEN;
	p.epoch_cycles = epoch;
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p), "set_policy_cta_restore",
	       NULL);
}

/*
 * The policies' knobs (&drm_corun_policy.policy_params): ccbp's
 * "redetect" and "rescale". The device's built-in configuration has no calibrated
 * bandwidths, so ccbp itself is refused (EOPNOTSUPP) once its knobs pass;
 * each bad knob is refused before that, and nothing of a refused SET is
 * applied: the policy in force stays.
 */
static void test_policy_knobs(int fd)
{
	struct drm_corun_policy_param pp[DRM_CORUN_POLICY_PARAMS_MAX + 1] = {
		{ DRM_CORUN_POLICY_PARAM_CCBP_REDETECT, 2 },
	};
	struct drm_corun_policy p = { 0 };
	uint64_t v;
	int r;

	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_EVEN;
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p), "knob_setup_even", NULL);
	p.policy = DRM_CORUN_POLICY_CCBP;
	p.policy_param_count = 1;
	p.policy_params = (uintptr_t)pp;
	r = io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
	result(r == -EOPNOTSUPP, "set_policy_knob_ccbp_redetect_accepted",
	       "SET_POLICY returned %d (the knob passes, ccbp is uncalibrated)",
	       r);
	pp[0].value = 1000;
	r = io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
	result(r == -EOPNOTSUPP, "set_policy_knob_ccbp_redetect_max", "%d", r);
	pp[0].value = 1001;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -ERANGE,
	       "set_policy_knob_out_of_range", NULL);
	pp[0].value = 2;
	pp[1] = pp[0];
	p.policy_param_count = 2;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_knob_twice", NULL);
	p.policy_param_count = 1;
	pp[0].param = 0;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_knob_unknown_id", NULL);
	pp[0].param = DRM_CORUN_POLICY_PARAM_CCBP_RESCALE + 1;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_knob_id_past_the_last", NULL);
	/* "rescale": 0 or 1 */
	pp[0].param = DRM_CORUN_POLICY_PARAM_CCBP_RESCALE;
	pp[0].value = 1;
	r = io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
	result(r == -EOPNOTSUPP, "set_policy_knob_ccbp_rescale_accepted", "%d",
	       r);
	pp[0].value = 2;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -ERANGE,
	       "set_policy_knob_ccbp_rescale_out_of_range", NULL);
	pp[0].value = 2;
	pp[0].param = DRM_CORUN_POLICY_PARAM_CCBP_REDETECT;
	/* a knob of another policy */
	p.policy = DRM_CORUN_POLICY_SMK;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_knob_of_another_policy", NULL);
	p.policy = DRM_CORUN_POLICY_CCBP;
	p.policy_param_count = DRM_CORUN_POLICY_PARAMS_MAX + 1;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -E2BIG,
	       "set_policy_knob_count_too_big", NULL);
	p.policy_param_count = 0;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_knob_pointer_without_count", NULL);
	p.policy_param_count = 1;
	p.policy_params = 8;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EFAULT,
	       "set_policy_knob_bad_pointer", NULL);
	result(!get_param(fd, DRM_CORUN_PARAM_CURRENT_POLICY, &v) &&
		       v == DRM_CORUN_POLICY_EVEN,
	       "set_policy_knob_refused_keeps_policy", "policy %llu",
	       (unsigned long long)v);
	/* GET: even has no knobs; the array's rules as SET's */
	memset(&p, 0, sizeof(p));
	p.policy_param_count = 1;
	p.policy_params = (uintptr_t)pp;
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EINVAL,
	       "get_policy_knob_not_of_active_policy", NULL);
	p.policy_params = 8;
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EFAULT,
	       "get_policy_knob_bad_pointer", NULL);
	p.policy_param_count = DRM_CORUN_POLICY_PARAMS_MAX + 1;
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -E2BIG,
	       "get_policy_knob_count_too_big", NULL);
	memset(&p, 0, sizeof(p));
	p.pad = 1;
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EINVAL,
	       "get_policy_pad", NULL);
}

/*
 * The epoch range's bounds, which corun-sim's --epoch-cycles shares
 * (corun_policy_epoch_check()): 1000, the device's own minimum, is out.
 */
static void test_policy_epoch_bounds(int fd)
{
	static const struct {
		__u32 cycles;
		int ret;
	} b[] = {
		{ 1000, -ERANGE },
		{ DRM_CORUN_EPOCH_CYCLES_MIN - 1, -ERANGE },
		{ DRM_CORUN_EPOCH_CYCLES_MIN, 0 },
		{ DRM_CORUN_EPOCH_CYCLES_MAX, 0 },
		{ DRM_CORUN_EPOCH_CYCLES_MAX + 1, -ERANGE },
	};
	struct drm_corun_policy p = { 0 };
	unsigned int i;
	__u32 epoch;
	int r;

	io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p);
	epoch = p.epoch_cycles;
	for (i = 0; i < sizeof(b) / sizeof(b[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.policy = DRM_CORUN_POLICY_FCFS;
		p.epoch_cycles = b[i].cycles;
		r = io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
		if (!r)
			io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p);
		result(r == b[i].ret && (r || p.epoch_cycles == b[i].cycles),
		       "set_policy_epoch_bound", "%u cycles: SET_POLICY returned %d",
		       b[i].cycles, r);
	}
	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_FCFS;
	p.epoch_cycles = epoch;
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p),
	       "set_policy_epoch_restore", NULL);
}

static void test_policy(int fd)
{
	struct drm_corun_policy p = { 0 };
	uint64_t v;

	result(!io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) && !strcmp(p.name, "fcfs") &&
		       p.policy == DRM_CORUN_POLICY_FCFS && p.irc,
	       "get_policy", "name %s", p.name);
	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_BY_NAME;
	strcpy(p.name, "even");
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) &&
		       !get_param(fd, DRM_CORUN_PARAM_CURRENT_POLICY, &v) &&
		       v == DRM_CORUN_POLICY_EVEN,
	       "set_policy_by_name", NULL);
	strcpy(p.name, "nope");
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -ENOENT,
	       "set_policy_unknown_name", NULL);
	test_policy_cta(fd);
	test_policy_knobs(fd);
	/* the DASE baselines need only the clocks: selectable everywhere */
	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_BY_NAME;
	strcpy(p.name, "dase-fair");
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) &&
		       !get_param(fd, DRM_CORUN_PARAM_CURRENT_POLICY, &v) &&
		       v == DRM_CORUN_POLICY_DASE_FAIR,
	       "set_policy_dase_fair_by_name", NULL);
	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_DASE_QOS;
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) &&
		       !io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) &&
		       !strcmp(p.name, "dase-qos"),
	       "set_policy_dase_qos_by_id", "name %s", p.name);
	memset(&p, 0, sizeof(p));
	p.policy = DRM_CORUN_POLICY_HSM_QOS;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EOPNOTSUPP,
	       "set_policy_not_built_in", NULL);
	p.policy = 77;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_bad_id", NULL);
	p.policy = DRM_CORUN_POLICY_FCFS;
	p.epoch_cycles = 5;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -ERANGE,
	       "set_policy_epoch_range", NULL);
	test_policy_epoch_bounds(fd);
	p.epoch_cycles = 0;
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p), "set_policy_fcfs",
	       NULL);

	/* start gate: validation, arming, GET, opening it again */
	p.start_gate = 1;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_gate_without_flag", NULL);
	p.flags = DRM_CORUN_POLICY_F_START_GATE;
	p.start_gate = 17;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -ERANGE,
	       "set_policy_gate_too_many", NULL);
	p.start_gate = 1;
	p.pad = 1;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_gate_reserved", NULL);
	p.pad = 0;
	p.flags = 1u << 5;
	result(io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p) == -EINVAL,
	       "set_policy_bad_flags", NULL);
	p.flags = DRM_CORUN_POLICY_F_START_GATE;
	p.start_gate = 2;
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p), "set_policy_gate_arm",
	       NULL);
	memset(&p, 0, sizeof(p));
	result(!io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) && p.start_gate == 2,
	       "get_policy_gate", "start_gate %u", p.start_gate);
	p.start_gate = 1;
	result(io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) == -EINVAL,
	       "get_policy_gate_in_nonzero", NULL);
	memset(&p, 0, sizeof(p));
	p.flags = DRM_CORUN_POLICY_F_START_GATE;
	result(!io(fd, DRM_IOCTL_CORUN_SET_POLICY, &p), "set_policy_gate_open",
	       NULL);
	memset(&p, 0, sizeof(p));
	result(!io(fd, DRM_IOCTL_CORUN_GET_POLICY, &p) && !p.start_gate,
	       "get_policy_gate_open", "start_gate %u", p.start_gate);
}

int main(int argc, char **argv)
{
	uint64_t features = 0;
	int fd, fw;

	if (argc > 1 && !strcmp(argv[1], "--leave-job"))
		return leave_job();
	(void)argv;
	printf("TAP version 13\n");
	if (getenv("CORUN_LONG_BUDGET"))
		budget_long = strtoull(getenv("CORUN_LONG_BUDGET"), NULL, 0);
	fd = open_corun();
	if (fd < 0) {
		printf("1..1\n");
		skip("open_render_node", "no corun render node");
		printf("%d passed, %d failed, %d skipped\n", 0, 0, 1);
		return 4;
	}
	get_param(fd, DRM_CORUN_PARAM_FEATURES, &features);
	fw = !!(features & DRM_CORUN_FEATURE_FIRMWARE);
	if (argc > 1 && !strcmp(argv[1], "--no-firmware")) {
		/* the driver loaded without its firmware */
		result(!fw, "firmware_absent", "features %#llx",
		       (unsigned long long)features);
		test_fw_policy(fd);
	} else if (argc > 2 && !strcmp(argv[1], "--fw-stress")) {
		/* e.g. with one interrupt vector */
		result(fw, "firmware_running", NULL);
		test_fw_stress(fd, (unsigned int)strtoul(argv[2], NULL, 0));
		test_fw_irc_acts(fd);
	} else {
		result(fw, "firmware_running", NULL);
		test_params(fd);
		test_bos(fd);
		test_ctxs(fd);
		test_policy(fd);
		test_fw_policy(fd);
		if (argc > 1 && !strcmp(argv[1], "--no-submit")) {
			skip("submit", "--no-submit");
		} else {
			test_fw_irc_acts(fd);
			test_submit(fd);
		}
	}
	close(fd);
	printf("1..%d\n", tests);
	printf("%d passed, %d failed, %d skipped\n", tests - failures - skips,
	       failures, skips);
	return failures ? 1 : 0;
}
