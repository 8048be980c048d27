// SPDX-License-Identifier: GPL-2.0
/*
 * corun uapi selftest: jobs through SUBMIT and what follows them (fences
 * and syncobjs, faults, budgets and hangs, isolation between processes,
 * the even split, implicit sync, co-running jobs, QUERY_JOB,
 * GET_JOB_COUNTERS, fdinfo, an exit with jobs queued).
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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/sync_file.h>
#include <xf86drm.h>

#include <corun/kernel.h>
#include <testing/rv32asm.h>
#include <uapi/drm/corun_drm.h>

#include "uapi_test.h"

/* out = args[0]; gid = ctaid.x * ntid.x + tid.x; out[gid] = gid + 0x100 */
static void assemble(uint32_t *p)
{
	rv32asm_gid_store(p, 0);
}

#define NTHREADS UAPI_NTHREADS
#define BLOCK UAPI_BLOCK

/* dma_fence status of the syncobj's fence: 1 signalled, <0 error */
static int syncobj_status(int fd, uint32_t syncobj)
{
	struct sync_file_info info = { 0 };
	int sf = -1, ret;

	if (drmSyncobjExportSyncFile(fd, syncobj, &sf))
		return -1000;
	ret = ioctl(sf, SYNC_IOC_FILE_INFO, &info);
	close(sf);
	return ret ? -1001 : info.status;
}

static int check_output(int fd, uint32_t handle)
{
	uint32_t *o = map_bo(fd, handle, NTHREADS * 4);
	int i, ok = o != NULL;

	for (i = 0; ok && i < NTHREADS; i++)
		ok = o[i] == (uint32_t)i + 0x100;
	if (o)
		munmap(o, NTHREADS * 4);
	return ok;
}

static int write_args(int fd, uint32_t handle, uint32_t out_va)
{
	uint32_t *p = map_bo(fd, handle, 4096);

	if (!p)
		return -1;
	p[0] = out_va;
	munmap(p, 4096);
	return 0;
}

/* Submit @s signalling @sobj and wait up to a minute: 0 or -errno. */
static int submit_wait(int fd, struct drm_corun_submit *s, uint32_t sobj)
{
	int ret;

	s->out_sync = sobj;
	ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, s);
	if (!ret)
		ret = drmSyncobjWait(fd, &sobj, 1, deadline_ns(60), 0, NULL);
	return ret;
}

/*
 * Faults: a store to an unmapped address and one to a GPU read-only
 * buffer fail the job's fence with -EIO; the context goes on working.
 */
static void test_faults(int fd, uint32_t code, uint64_t code_va)
{
	struct drm_corun_create_bo args, ro, out;
	struct drm_corun_submit s;
	struct drm_corun_query_job q;
	uint32_t ctx, sobj;
	int ret, st;

	if (create_bo(fd, 4096, 0, &args) ||
	    create_bo(fd, NTHREADS * 4, DRM_CORUN_BO_GPU_READ_ONLY, &ro) ||
	    create_bo(fd, NTHREADS * 4, 0, &out) ||
	    ctx_create(fd, 0, "faults", &ctx) || drmSyncobjCreate(fd, 0, &sobj)) {
		result(0, "fault_setup", "errno %d", errno);
		return;
	}

	write_args(fd, args.handle, 0x8); /* null guard */
	submit_base(&s, ctx, code, args.gpu_va);
	ret = submit_wait(fd, &s, sobj);
	st = syncobj_status(fd, sobj);
	result(!ret && st == -EIO, "fault_unmapped_fence_error",
	       "ret %d status %d", ret, st);
	ret = query(fd, s.job_id, &q);
	result(!ret && q.state == DRM_CORUN_JOB_FAULTED && q.error == -EIO &&
		       q.fault.cause == DRM_CORUN_FAULT_MMU_UNMAPPED &&
		       (q.fault.flags & DRM_CORUN_FAULT_F_ADDRESS) &&
		       (q.fault.flags & DRM_CORUN_FAULT_F_WRITE) &&
		       q.fault.address >= 8 && q.fault.address < 8 + 4 * NTHREADS &&
		       q.fault.pc == code_va + 40,
	       "query_job_fault_unmapped",
	       "ret %d state %u error %d cause %u flags %#x addr %#llx pc %#llx",
	       ret, q.state, q.error, q.fault.cause, q.fault.flags,
	       (unsigned long long)q.fault.address,
	       (unsigned long long)q.fault.pc);

	write_args(fd, args.handle, (uint32_t)ro.gpu_va);
	submit_base(&s, ctx, code, args.gpu_va);
	ret = submit_wait(fd, &s, sobj);
	st = syncobj_status(fd, sobj);
	result(!ret && st == -EIO, "fault_read_only_fence_error",
	       "ret %d status %d", ret, st);
	ret = query(fd, s.job_id, &q);
	result(!ret && q.state == DRM_CORUN_JOB_FAULTED &&
		       q.fault.cause == DRM_CORUN_FAULT_MMU_WRITE,
	       "query_job_fault_read_only", "ret %d state %u cause %u", ret,
	       q.state, q.fault.cause);

	write_args(fd, args.handle, (uint32_t)out.gpu_va);
	submit_base(&s, ctx, code, args.gpu_va);
	ret = submit_wait(fd, &s, sobj);
	st = syncobj_status(fd, sobj);
	result(!ret && st == 1 && check_output(fd, out.handle),
	       "fault_context_recovers", "ret %d status %d", ret, st);

	drmSyncobjDestroy(fd, sobj);
	ctx_destroy(fd, ctx);
	close_bo(fd, args.handle);
	close_bo(fd, ro.handle);
	close_bo(fd, out.handle);
}

/*
 * An endless loop stops at its instruction budget. With a large budget
 * it runs longer than the driver's watchdog period while making progress,
 * which must not be taken for a hang.
 */
static void test_budget(int fd, uint64_t budget, const char *name)
{
	struct drm_corun_create_bo code;
	struct drm_corun_submit s;
	struct drm_corun_query_job q;
	uint32_t ctx, sobj, *p;
	struct timespec t0, t1;
	int ret;

	if (create_bo(fd, 4096, DRM_CORUN_BO_EXEC, &code) ||
	    ctx_create(fd, 0, "loop", &ctx) || drmSyncobjCreate(fd, 0, &sobj)) {
		result(0, name, "setup errno %d", errno);
		return;
	}
	p = map_bo(fd, code.handle, 4096);
	if (!p) {
		result(0, name, "mmap");
		return;
	}
	p[0] = 0x0000006f; /* j . */
	munmap(p, 4096);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	submit_base(&s, ctx, code.handle, 0);
	s.grid[0] = 1;
	s.insn_budget = budget;
	s.out_sync = sobj;
	ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	if (!ret)
		ret = drmSyncobjWait(fd, &sobj, 1, deadline_ns(300), 0, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("# %s: budget %llu took %ld ms\n", name,
	       (unsigned long long)budget,
	       (long)((t1.tv_sec - t0.tv_sec) * 1000 +
		      (t1.tv_nsec - t0.tv_nsec) / 1000000));
	if (!ret)
		ret = query(fd, s.job_id, &q);
	result(!ret && q.state == DRM_CORUN_JOB_FAULTED && q.error == -EIO &&
		       q.fault.cause == DRM_CORUN_FAULT_INSN_BUDGET,
	       name, "ret %d state %u error %d cause %u", ret, q.state,
	       q.error, q.fault.cause);
	drmSyncobjDestroy(fd, sobj);
	ctx_destroy(fd, ctx);
	close_bo(fd, code.handle);
}

/*
 * A job that stops making progress (fault injection: empty SM masks) is
 * reset by the watchdog: its fence fails with -ETIMEDOUT, the reset
 * counters count it, and the context keeps working.
 */
static void test_hang(int fd, uint32_t code, uint64_t args_va,
		      uint32_t out_handle)
{
	struct drm_corun_submit s;
	struct drm_corun_query_job q;
	uint64_t dev0 = 0, dev1 = 0, file1 = 0;
	uint32_t ctx, sobj;
	int ret, st;

	if (debugfs_write("inject_stall", "1")) {
		skip("hang_watchdog_reset", "no debugfs inject_stall");
		return;
	}
	get_param(fd, DRM_CORUN_PARAM_DEVICE_RESET_COUNT, &dev0);
	if (ctx_create(fd, 0, "hang", &ctx) || drmSyncobjCreate(fd, 0, &sobj)) {
		debugfs_write("inject_stall", "0");
		result(0, "hang_setup", "errno %d", errno);
		return;
	}
	submit_base(&s, ctx, code, args_va);
	ret = submit_wait(fd, &s, sobj);
	debugfs_write("inject_stall", "0");
	st = syncobj_status(fd, sobj);
	if (!ret)
		ret = query(fd, s.job_id, &q);
	get_param(fd, DRM_CORUN_PARAM_DEVICE_RESET_COUNT, &dev1);
	get_param(fd, DRM_CORUN_PARAM_FILE_RESET_COUNT, &file1);
	result(!ret && st == -ETIMEDOUT && q.state == DRM_CORUN_JOB_FAULTED &&
		       q.error == -ETIMEDOUT &&
		       q.fault.cause == DRM_CORUN_FAULT_HANG &&
		       dev1 == dev0 + 1 && file1 >= 1,
	       "hang_watchdog_reset",
	       "ret %d status %d state %u error %d cause %u resets %llu->%llu file %llu",
	       ret, st, q.state, q.error, q.fault.cause,
	       (unsigned long long)dev0, (unsigned long long)dev1,
	       (unsigned long long)file1);

	submit_base(&s, ctx, code, args_va);
	s.bo_handles = (uintptr_t)&out_handle;
	s.bo_handle_count = 1;
	ret = submit_wait(fd, &s, sobj);
	st = syncobj_status(fd, sobj);
	result(!ret && st == 1 && check_output(fd, out_handle),
	       "hang_context_recovers", "ret %d status %d", ret, st);
	drmSyncobjDestroy(fd, sobj);
	ctx_destroy(fd, ctx);
}

/* Submit the store kernel on a fresh context of @fd and wait for it. */
static int run_store(int fd, uint32_t code, uint32_t args, uint64_t args_va,
		     uint32_t out_va, int *status)
{
	struct drm_corun_submit s;
	uint32_t ctx, sobj;
	int ret;

	if (write_args(fd, args, out_va) || ctx_create(fd, 0, "store", &ctx))
		return -1;
	if (drmSyncobjCreate(fd, 0, &sobj)) {
		ctx_destroy(fd, ctx);
		return -1;
	}
	submit_base(&s, ctx, code, args_va);
	ret = submit_wait(fd, &s, sobj);
	*status = syncobj_status(fd, sobj);
	drmSyncobjDestroy(fd, sobj);
	ctx_destroy(fd, ctx);
	return ret;
}

static int make_code(int fd, struct drm_corun_create_bo *code)
{
	uint32_t *p;

	if (create_bo(fd, 4096, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY,
		      code))
		return -1;
	p = map_bo(fd, code->handle, 4096);
	if (!p)
		return -1;
	assemble(p);
	munmap(p, 4096);
	return 0;
}

/*
 * Isolation: file B's job storing to an address where only file A has a
 * buffer faults, and A's buffer is untouched.
 */
static void test_isolation(void)
{
	struct drm_corun_create_bo acode, big, victim, bcode, bargs, bout;
	int fa = open_corun(), fb = open_corun();
	uint32_t *v = NULL;
	int ret = -1, st = 0, ok = 0;

	if (fa < 0 || fb < 0 || make_code(fa, &acode) ||
	    create_bo(fa, 64 << 20, 0, &big) ||
	    create_bo(fa, NTHREADS * 4, 0, &victim) || make_code(fb, &bcode) ||
	    create_bo(fb, 4096, 0, &bargs) ||
	    create_bo(fb, NTHREADS * 4, 0, &bout)) {
		result(0, "isolation_setup", "errno %d", errno);
		goto out;
	}
	/* B has nothing mapped at or above A's victim */
	if (bout.gpu_va + bout.size > victim.gpu_va) {
		result(0, "isolation_setup", "layout %#llx %#llx",
		       (unsigned long long)bout.gpu_va,
		       (unsigned long long)victim.gpu_va);
		goto out;
	}
	ret = run_store(fb, bcode.handle, bargs.handle, bargs.gpu_va,
			(uint32_t)victim.gpu_va, &st);
	v = map_bo(fa, victim.handle, NTHREADS * 4);
	ok = v && !v[0] && !v[NTHREADS - 1];
	result(!ret && st == -EIO && ok, "isolation_between_files",
	       "ret %d status %d victim untouched %d", ret, st, ok);
	if (v)
		munmap(v, NTHREADS * 4);
out:
	if (fa >= 0)
		close(fa);
	if (fb >= 0)
		close(fb);
}

/* Several processes co-run jobs on their own files. */
static void test_multiprocess(void)
{
	pid_t pids[3];
	int i, status, ok = 1;

	for (i = 0; i < 3; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			struct drm_corun_create_bo code, args, out;
			int fd = open_corun(), j, st;

			if (fd < 0 || make_code(fd, &code) ||
			    create_bo(fd, 4096, 0, &args) ||
			    create_bo(fd, NTHREADS * 4, 0, &out))
				_exit(1);
			for (j = 0; j < 3; j++) {
				if (run_store(fd, code.handle, args.handle,
					      args.gpu_va, (uint32_t)out.gpu_va,
					      &st) ||
				    st != 1 || !check_output(fd, out.handle))
					_exit(2);
			}
			_exit(0);
		}
	}
	for (i = 0; i < 3; i++) {
		if (waitpid(pids[i], &status, 0) != pids[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			ok = 0;
	}
	result(ok, "multiprocess_corun", NULL);
}

/*
 * A new code buffer of @fd (flags @flags) holding "j .", a loop that
 * runs until the job's instruction budget ends. On failure, a failed
 * case @name: -1.
 */
static int loop_code(int fd, uint32_t flags, struct drm_corun_create_bo *code,
		     const char *name)
{
	uint32_t *p;

	if (create_bo(fd, 4096, flags, code)) {
		result(0, name, "errno %d", errno);
		return -1;
	}
	p = map_bo(fd, code->handle, 4096);
	if (!p) {
		result(0, name, "mmap");
		return -1;
	}
	p[0] = 0x0000006f; /* j . */
	munmap(p, 4096);
	return 0;
}

/* @n contexts named @name, each with a syncobj: 0, or -1 if any failed. */
static int ctxs_create(int fd, int n, const char *name, uint32_t *ctx,
		       uint32_t *sobj)
{
	int i, ret = 0;

	for (i = 0; i < n; i++)
		if (ctx_create(fd, 0, name, &ctx[i]) ||
		    drmSyncobjCreate(fd, 0, &sobj[i]))
			ret = -1;
	return ret;
}

static void ctxs_destroy(int fd, int n, const uint32_t *ctx,
			 const uint32_t *sobj)
{
	int i;

	for (i = 0; i < n; i++) {
		drmSyncobjDestroy(fd, sobj[i]);
		ctx_destroy(fd, ctx[i]);
	}
}

/*
 * The "even" policy splits the SMs between co-running jobs: three long
 * jobs (endless loops stopped by their budget) overlap, and the SM masks
 * QUERY_JOB reports are partial for all but the last one to finish.
 */
static void test_even_split(int fd)
{
	struct drm_corun_policy pol = { .policy = DRM_CORUN_POLICY_EVEN };
	struct drm_corun_create_bo code;
	struct drm_corun_submit s;
	struct drm_corun_query_job q;
	uint32_t ctx[3], sobj[3];
	uint64_t ids[3];
	int i, ret, split = 0, n;

	/* read-only code: sharing it does not order the jobs */
	if (loop_code(fd, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY, &code,
		      "even_split_setup"))
		return;
	ret = ctxs_create(fd, 3, "even", ctx, sobj);
	if (!ret)
		ret = io(fd, DRM_IOCTL_CORUN_SET_POLICY, &pol);
	for (i = 0; i < 3 && !ret; i++) {
		submit_base(&s, ctx[i], code.handle, 0);
		s.grid[0] = 2;
		s.insn_budget = 30000000;
		s.out_sync = sobj[i];
		ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
		ids[i] = s.job_id;
	}
	if (!ret)
		ret = drmSyncobjWait(fd, sobj, 3, deadline_ns(120),
				     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL);
	for (i = 0; i < 3 && !ret; i++) {
		if (query(fd, ids[i], &q))
			continue;
		n = __builtin_popcountll(q.sm_mask[0]);
		printf("# even: job %d slot %u sm_mask %#llx start %llu end %llu "
		       "state %u cause %u\n",
		       i, q.slot, (unsigned long long)q.sm_mask[0],
		       (unsigned long long)q.start_ns / 1000000,
		       (unsigned long long)q.end_ns / 1000000, q.state,
		       q.fault.cause);
		if (n > 0 && n < 16)
			split++;
	}
	pol.policy = DRM_CORUN_POLICY_FCFS;
	io(fd, DRM_IOCTL_CORUN_SET_POLICY, &pol);
	result(!ret && split >= 1, "even_policy_splits_sms",
	       "ret %d split %d", ret, split);
	ctxs_destroy(fd, 3, ctx, sobj);
	close_bo(fd, code.handle);
}

/*
 * Implicit synchronisation: two jobs of different contexts that list the
 * same writable buffer run one after the other; with
 * DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC they co-run.
 */
static void test_implicit_sync(int fd)
{
	struct drm_corun_create_bo code, shared;
	struct drm_corun_submit s;
	struct drm_corun_query_job q0, q1;
	uint32_t ctx[2], sobj[2];
	uint64_t ids[2];
	int pass, i, ret;

	if (loop_code(fd, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY, &code,
		      "implicit_sync_setup"))
		return;
	if (create_bo(fd, 4096, 0, &shared)) {
		result(0, "implicit_sync_setup", "errno %d", errno);
		return;
	}
	ret = ctxs_create(fd, 2, "implicit", ctx, sobj);
	for (pass = 0; pass < 2 && !ret; pass++) {
		for (i = 0; i < 2 && !ret; i++) {
			submit_base(&s, ctx[i], code.handle, 0);
			s.grid[0] = 1;
			s.insn_budget = 10000000;
			s.bo_handles = (uintptr_t)&shared.handle;
			s.bo_handle_count = 1;
			s.out_sync = sobj[i];
			if (pass)
				s.flags = DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC;
			ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
			ids[i] = s.job_id;
		}
		if (!ret)
			ret = drmSyncobjWait(fd, sobj, 2, deadline_ns(120),
					     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL,
					     NULL);
		if (!ret)
			ret = query(fd, ids[0], &q0) | query(fd, ids[1], &q1);
		if (!pass)
			result(!ret && q1.start_ns >= q0.end_ns,
			       "implicit_sync_orders_writers",
			       "ret %d first ends %llu second starts %llu", ret,
			       (unsigned long long)q0.end_ns,
			       (unsigned long long)q1.start_ns);
		else
			result(!ret && q1.start_ns < q0.end_ns,
			       "no_implicit_sync_corun",
			       "ret %d first ends %llu second starts %llu", ret,
			       (unsigned long long)q0.end_ns,
			       (unsigned long long)q1.start_ns);
	}
	ctxs_destroy(fd, 2, ctx, sobj);
	close_bo(fd, code.handle);
	close_bo(fd, shared.handle);
}

#define NCORUN 4

/* Jobs of NCORUN contexts submitted together all finish correctly. */
static void test_corun(int fd, uint32_t code)
{
	struct drm_corun_create_bo args[NCORUN], out[NCORUN];
	struct drm_corun_submit s;
	struct drm_corun_query_job q;
	uint32_t ctx[NCORUN], sobj[NCORUN], slots = 0;
	uint64_t ids[NCORUN], masks = 0;
	struct drm_corun_policy pol = { .policy = DRM_CORUN_POLICY_EVEN };
	int i, ret = 0, ok = 1, nslots = 0, split = 0;

	for (i = 0; i < NCORUN; i++) {
		if (create_bo(fd, 4096, 0, &args[i]) ||
		    create_bo(fd, NTHREADS * 4, 0, &out[i]) ||
		    ctx_create(fd, 0, "corun", &ctx[i]) ||
		    drmSyncobjCreate(fd, 0, &sobj[i]) ||
		    write_args(fd, args[i].handle, (uint32_t)out[i].gpu_va)) {
			result(0, "corun_setup", "errno %d", errno);
			return;
		}
	}
	/* the "even" policy splits the SMs between co-running jobs */
	io(fd, DRM_IOCTL_CORUN_SET_POLICY, &pol);
	for (i = 0; i < NCORUN && !ret; i++) {
		submit_base(&s, ctx[i], code, args[i].gpu_va);
		s.bo_handles = (uintptr_t)&out[i].handle;
		s.bo_handle_count = 1;
		s.out_sync = sobj[i];
		ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
		ids[i] = s.job_id;
	}
	if (!ret)
		ret = drmSyncobjWait(fd, sobj, NCORUN, deadline_ns(120),
				     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL);
	for (i = 0; i < NCORUN && !ret; i++) {
		if (query(fd, ids[i], &q) || q.state != DRM_CORUN_JOB_DONE ||
		    q.slot >= 16)
			ok = 0;
		else if (!(slots & (1u << q.slot)) && ++nslots)
			slots |= 1u << q.slot;
		if (!ret && q.sm_mask[0] && q.sm_mask[0] != 0xffff)
			split++;
		masks |= q.sm_mask[0];
	}
	pol.policy = DRM_CORUN_POLICY_FCFS;
	io(fd, DRM_IOCTL_CORUN_SET_POLICY, &pol);
	printf("# %d of %d jobs ran on a split SM mask (union %#llx)\n", split,
	       NCORUN, (unsigned long long)masks);
	printf("# co-running jobs used %d slots (mask %#x)\n", nslots, slots);
	result(!ret && ok && nslots > 1, "corun_spread_over_slots",
	       "ok %d slots %#x", ok, slots);
	for (i = 0; i < NCORUN; i++) {
		ok = ok && check_output(fd, out[i].handle);
		drmSyncobjDestroy(fd, sobj[i]);
		ctx_destroy(fd, ctx[i]);
		close_bo(fd, args[i].handle);
		close_bo(fd, out[i].handle);
	}
	result(!ret && ok, "corun_contexts", "ret %d", ret);
}

/* A process that exits with jobs queued leaves nothing behind. */
static void test_exit_with_jobs(void)
{
	pid_t pid = fork();
	int status = -1;

	if (pid == 0) {
		struct drm_corun_create_bo code, args, out;
		struct drm_corun_submit s;
		uint32_t ctx, *p;
		int fd = open_corun(), i;

		if (fd < 0 || create_bo(fd, 4096, DRM_CORUN_BO_EXEC, &code) ||
		    create_bo(fd, 4096, 0, &args) ||
		    create_bo(fd, NTHREADS * 4, 0, &out) ||
		    ctx_create(fd, 0, "exit", &ctx))
			_exit(1);
		p = map_bo(fd, code.handle, 4096);
		if (!p)
			_exit(1);
		assemble(p);
		write_args(fd, args.handle, (uint32_t)out.gpu_va);
		for (i = 0; i < 8; i++) {
			submit_base(&s, ctx, code.handle, args.gpu_va);
			if (io(fd, DRM_IOCTL_CORUN_SUBMIT, &s))
				_exit(2);
		}
		_exit(0); /* no wait, no cleanup */
	}
	waitpid(pid, &status, 0);
	result(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "exit_with_jobs_queued", "status %#x", status);
}

uint64_t budget_long = 200000000;

/* fdinfo: the driver's name and the engine time of the file's jobs */
static void test_fdinfo(int fd)
{
	char path[64], line[256];
	unsigned long long ns = 0;
	int driver = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f)) {
		if (!strcmp(line, "drm-driver:\tcorun\n"))
			driver = 1;
		sscanf(line, "drm-engine-compute: %llu ns", &ns);
	}
	if (f)
		fclose(f);
	result(driver && ns > 0, "fdinfo_engine_time", "driver %d ns %llu",
	       driver, ns);
}

void test_submit(int fd)
{
	struct drm_corun_create_bo code, args, out, data;
	struct drm_corun_submit s;
	struct drm_corun_ext_syncs es;
	struct drm_corun_wait_bo w = { 0 };
	struct drm_corun_query_job q;
	struct drm_corun_get_job_counters gc;
	struct drm_corun_job_counters counters;
	struct drm_corun_ext_counters ec;
	uint32_t ctx, syncobj = 0, *p, *o = NULL;
	uint64_t deadline;
	struct timespec ts;
	int ret, i, ok;

	if (create_bo(fd, 4096, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY,
		      &code) ||
	    create_bo(fd, 4096, DRM_CORUN_BO_GPU_READ_ONLY, &args) ||
	    create_bo(fd, NTHREADS * 4, 0, &out) ||
	    create_bo(fd, 4096, 0, &data) || ctx_create(fd, 0, "submit", &ctx) ||
	    drmSyncobjCreate(fd, 0, &syncobj)) {
		result(0, "submit_setup", "errno %d", errno);
		return;
	}
	p = map_bo(fd, code.handle, 4096);
	if (!p) {
		result(0, "submit_setup", "mmap code");
		return;
	}
	assemble(p);
	munmap(p, 4096);
	p = map_bo(fd, args.handle, 4096);
	if (!p) {
		result(0, "submit_setup", "mmap args");
		return;
	}
	p[0] = (uint32_t)out.gpu_va;
	munmap(p, 4096);

	/* negative cases: nothing is queued */
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.grid[1] = 0;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_grid_zero", NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.pad = 1;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL, "submit_pad",
	       NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.flags = 1u << 9;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_bad_flags", NULL);
	/* the test loads corun.ko without lockstep=1 */
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.flags = DRM_CORUN_SUBMIT_HOLD;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EOPNOTSUPP,
	       "submit_hold_needs_lockstep", NULL);
	submit_base(&s, ctx + 100, code.handle, args.gpu_va);
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -ENOENT,
	       "submit_bad_ctx", NULL);
	submit_base(&s, ctx, data.handle, args.gpu_va);
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_code_not_exec", NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.entry_offset = 2;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_entry_misaligned", NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.entry_offset = 4096;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_entry_outside", NULL);
	submit_base(&s, ctx, code.handle, 1ull << 32);
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_args_va_64bit", NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.block[0] = 1u << 20;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -ERANGE,
	       "submit_block_too_big", NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.stack_bytes = 8;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_stack_unaligned", NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.qos_target = DRM_CORUN_QOS_ONE + 1;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -ERANGE,
	       "submit_qos_range", NULL);
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.placement = 9;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_bad_placement", NULL);
	memset(&es, 0, sizeof(es));
	es.base.id = 0x77;
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.extensions = (uintptr_t)&es;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_ext_unknown_id", NULL);
	es.base.id = DRM_CORUN_EXT_ID_SYNCS;
	es.base.next = (uintptr_t)&es;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EINVAL,
	       "submit_ext_duplicate", NULL);
	es.base.next = 8;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EFAULT,
	       "submit_ext_bad_pointer", NULL);

	/* a real job */
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.bo_handles = (uintptr_t)&out.handle;
	s.bo_handle_count = 1;
	s.out_sync = syncobj;
	ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	result(!ret && s.job_id == 1, "submit", "ret %d job_id %" PRIu64, ret,
	       s.job_id);
	if (ret)
		return;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	deadline = ts.tv_sec * 1000000000ull + ts.tv_nsec + 60000000000ull;
	ret = drmSyncobjWait(fd, &syncobj, 1, (int64_t)deadline, 0, NULL);
	result(!ret, "submit_out_sync_signalled", "ret %d errno %d", ret,
	       errno);
	w.handle = out.handle;
	w.timeout_ns = (int64_t)deadline;
	result(!io(fd, DRM_IOCTL_CORUN_WAIT_BO, &w), "submit_wait_bo", NULL);
	o = map_bo(fd, out.handle, NTHREADS * 4);
	ok = o != NULL;
	for (i = 0; ok && i < NTHREADS; i++)
		ok = o[i] == (uint32_t)i + 0x100;
	result(ok, "submit_output", "out[%d] = %#x", i - 1,
	       o ? o[i - 1] : 0);
	if (o)
		munmap(o, NTHREADS * 4);

	ret = query(fd, 1, &q);
	result(!ret && q.state == DRM_CORUN_JOB_DONE && !q.error &&
		       q.ctx_id == ctx && q.slot < 16 && q.submit_ns &&
		       q.start_ns >= q.submit_ns && q.end_ns >= q.start_ns &&
		       q.fence_context && q.fence_seqno && q.sm_mask[0],
	       "query_job_done", "ret %d state %u error %d slot %u", ret,
	       q.state, q.error, q.slot);
	result(query(fd, 99, &q) == -ENOENT, "query_job_unknown", NULL);
	memset(&q, 0, sizeof(q));
	q.job_id = 1;
	q.flags = 1;
	result(io(fd, DRM_IOCTL_CORUN_QUERY_JOB, &q) == -EINVAL,
	       "query_job_flags", NULL);

	memset(&gc, 0, sizeof(gc));
	gc.job_id = 1;
	result(!io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc) &&
		       gc.size == sizeof(struct drm_corun_job_counters),
	       "get_job_counters_size_query", "size %u", gc.size);
	gc.size = sizeof(counters);
	gc.counters = (uintptr_t)&counters;
	result(io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc) == -ENODATA,
	       "get_job_counters_no_record", NULL);
	gc.job_id = 99;
	result(io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc) == -ENOENT,
	       "get_job_counters_unknown_job", NULL);
	gc.size = DRM_CORUN_JOB_COUNTERS_SIZE_MAX + 8;
	result(io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc) == -E2BIG,
	       "get_job_counters_too_big", NULL);
	gc.size = sizeof(counters);
	gc.flags = 2;
	result(io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc) == -EINVAL,
	       "get_job_counters_bad_flags", NULL);
	memset(&ec, 0, sizeof(ec));
	ec.base.id = DRM_CORUN_EXT_ID_COUNTERS;
	ec.flags = DRM_CORUN_COUNTERS_PER_SM;
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.extensions = (uintptr_t)&ec;
	result(io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) == -EOPNOTSUPP,
	       "submit_ext_counters_per_sm", NULL);
	ec.flags = 0;
	s.out_sync = syncobj;
	ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	if (!ret)
		ret = drmSyncobjWait(fd, &syncobj, 1, (int64_t)deadline, 0,
				     NULL);
	memset(&gc, 0, sizeof(gc));
	memset(&counters, 0xff, sizeof(counters));
	gc.job_id = s.job_id;
	gc.size = sizeof(counters);
	gc.counters = (uintptr_t)&counters;
	if (!ret)
		ret = io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc);
	result(!ret && counters.size == sizeof(counters) && !counters.flags &&
		       counters.thread_insts == 12 * NTHREADS &&
		       counters.ctas_launched == NTHREADS / BLOCK &&
		       counters.ctas_completed == NTHREADS / BLOCK &&
		       counters.end_cycle > counters.start_cycle &&
		       counters.warp_insts == 12 * NTHREADS / 32 &&
		       /*
			* Each warp reads its args once, via the read-only
			* cache (earlier jobs may have left the line there).
			*/
		       counters.ro_hits + counters.ro_misses == NTHREADS / 32,
	       "get_job_counters", "ret %d size %u flags %#x thread_insts %llu "
	       "ctas %llu/%llu warp_insts %llu ro %llu/%llu", ret,
	       counters.size, counters.flags,
	       (unsigned long long)counters.thread_insts,
	       (unsigned long long)counters.ctas_launched,
	       (unsigned long long)counters.ctas_completed,
	       (unsigned long long)counters.warp_insts,
	       (unsigned long long)counters.ro_hits,
	       (unsigned long long)counters.ro_misses);
	memset(&counters, 0xff, sizeof(counters));
	gc.size = 16;
	gc.flags = DRM_CORUN_GET_COUNTERS_RELEASE;
	ret = io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc);
	result(!ret && gc.size == sizeof(counters) && counters.size ==
		       sizeof(counters) && counters.start_cycle == ~0ull,
	       "get_job_counters_short_release", "ret %d", ret);
	result(io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc) == -ENOENT,
	       "get_job_counters_released", NULL);
	ret = query(fd, gc.job_id, &q);
	result(!ret && q.state == DRM_CORUN_JOB_DONE,
	       "query_job_after_release", "ret %d", ret);

	/* job ids count accepted submissions */
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.out_sync = syncobj;
	ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	result(!ret && s.job_id == 3, "submit_third_job_id", NULL);
	if (!ret)
		drmSyncobjWait(fd, &syncobj, 1, (int64_t)deadline, 0, NULL);

	test_faults(fd, code.handle, code.gpu_va);
	test_corun(fd, code.handle);
	test_budget(fd, 10000, "budget_fault");
	test_budget(fd, budget_long, "budget_long_job_not_hung");
	test_hang(fd, code.handle, args.gpu_va, out.handle);
	test_even_split(fd);
	test_implicit_sync(fd);
	test_isolation();
	test_multiprocess();
	test_exit_with_jobs();
	test_fdinfo(fd);

	drmSyncobjDestroy(fd, syncobj);
	ctx_destroy(fd, ctx);
	close_bo(fd, code.handle);
	close_bo(fd, args.handle);
	close_bo(fd, out.handle);
	close_bo(fd, data.handle);
}

/* Submit a long job and exit at once: the module must unload cleanly. */
int leave_job(void)
{
	struct drm_corun_create_bo code;
	struct drm_corun_submit s;
	uint32_t ctx, *p;
	int fd = open_corun();

	if (fd < 0 || create_bo(fd, 4096, DRM_CORUN_BO_EXEC, &code) ||
	    ctx_create(fd, 0, "leave", &ctx))
		return 1;
	p = map_bo(fd, code.handle, 4096);
	if (!p)
		return 1;
	p[0] = 0x0000006f; /* j . */
	submit_base(&s, ctx, code.handle, 0);
	s.grid[0] = 1;
	s.insn_budget = budget_long;
	return io(fd, DRM_IOCTL_CORUN_SUBMIT, &s) ? 1 : 0;
}
