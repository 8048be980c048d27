// SPDX-License-Identifier: GPL-2.0
/*
 * corun_faults: fault injection with isolation counts, run in the guest
 * (selftests/faults).
 *
 * Each trial runs victim jobs of VICTIMS contexts, each in a DRM file of
 * its own, at the same time as one faulty job of another file, then
 * checks that the faulty job is reported as documented and that every
 * victim job finished (DONE, fence without error) with the right output.
 * A victim job that did not is a collateral failure; there must be none.
 *
 *   fault  the faulty job stores to an unmapped address, writes a GPU
 *          read-only buffer, or runs out of its instruction budget, in
 *          turn: FAULTED with that cause, fence -EIO
 *   hang   the faulty file's jobs get no SMs (debugfs
 *          inject_stall_client): the watchdog resets its slot alone,
 *          FAULTED with DRM_CORUN_FAULT_HANG, fence -ETIMEDOUT; the
 *          faulty file's reset count grows, the victims' do not; after
 *          CORUN_CTX_MAX_HANGS hangs the context is banned (SUBMIT gives
 *          EIO) and a new context of the same file works
 *   fw     the firmware crashes or hangs (debugfs inject_fw) under the
 *          faulty file's running job: the driver reloads it, every job
 *          completes. A hang is found by a mailbox request (debugfs
 *          "firmware") or, with no request at all ("silent hang"), by
 *          the heartbeat check alone; the time to the reload is printed
 *   reset  the whole device is reset in the middle of the faulty file's
 *          long job (inject_device_reset), or after a hang whose slot
 *          reset fails (inject_slot_reset_fail): resident jobs run again
 *          and complete, the hung job is FAULTED with HANG
 *   dma    the faulty job's page tables lie outside guest memory
 *          (inject_dma_client): FAULTED (bad descriptor), nothing written
 *
 * Then the denials between files (mmap offsets, PRIME handles, GEM
 * names), and children that exit with jobs in flight just before the
 * module is unloaded (guest-prog.sh checks the driver's account).
 *
 * Usage: corun_faults [--trials N] (default 3 of each kind). Prints TAP,
 * the trial and collateral counts, and "N passed, N failed".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include <corun/kernel.h>
#include <testing/rv32asm.h>
#include <uapi/drm/corun_drm.h>

#include "kit.h"
#include "uapi_test.h"

#define VICTIMS 3
#define VICTIM_JOBS 2 /* per victim and trial, at most KIT_JOBS */
#define MAX_HANGS 3 /* CORUN_CTX_MAX_HANGS */

/* debugfs_write() of a number */
static int debugfs_write_u64(const char *name, uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v);
	return debugfs_write(name, buf);
}

static uint64_t param(int fd, uint32_t p)
{
	uint64_t v = 0;

	get_param(fd, p, &v);
	return v;
}

static struct kit victims[VICTIMS];
static unsigned long trials, collateral, victim_jobs;

/* Victim jobs in, @fault runs its job, then every victim job checked. */
static int victims_around(int (*fault)(void *), void *arg)
{
	struct drm_corun_query_job q;
	int v, i, ok;

	for (v = 0; v < VICTIMS; v++)
		for (i = 0; i < VICTIM_JOBS; i++)
			if (kit_submit(&victims[v], i, victims[v].out_va[i], 20, 0))
				victims[v].job[i] = 0;
	ok = fault(arg);
	for (v = 0; v < VICTIMS; v++)
		for (i = 0; i < VICTIM_JOBS; i++) {
			victim_jobs++;
			if (!victims[v].job[i] || kit_wait(&victims[v], i, &q) ||
			    q.state != DRM_CORUN_JOB_DONE || q.error ||
			    !output_ok(&victims[v], i)) {
				collateral++;
				printf("# victim %d job %d: state %u error %d\n",
				       v, i, q.state, q.error);
			}
		}
	trials++;
	return ok;
}

struct fault_arg {
	struct kit *k;
	int cause;
	char why[160];
};

/* One faulting job of the kind @a->cause; 1 if reported as documented. */
static int fault_job(void *arg)
{
	struct fault_arg *a = arg;
	struct drm_corun_query_job q;
	struct drm_corun_create_bo ro;
	uint32_t out_va = a->k->out_va[0];
	uint64_t budget = 0;
	uint32_t spin = 0;
	int ret, ok;

	switch (a->cause) {
	case DRM_CORUN_FAULT_MMU_UNMAPPED:
		out_va = 0x8; /* the null guard */
		break;
	case DRM_CORUN_FAULT_MMU_WRITE:
		if (create_bo(a->k->fd, UAPI_NTHREADS * 4,
			      DRM_CORUN_BO_GPU_READ_ONLY, &ro))
			return 0;
		out_va = ro.gpu_va;
		break;
	default: /* DRM_CORUN_FAULT_INSN_BUDGET */
		spin = 100000;
		budget = 5000;
		break;
	}
	ret = kit_submit(a->k, 0, out_va, spin, budget);
	if (!ret)
		ret = kit_wait(a->k, 0, &q);
	ok = !ret && q.state == DRM_CORUN_JOB_FAULTED && q.error == -EIO &&
	     q.fault.cause == (uint32_t)a->cause;
	snprintf(a->why, sizeof(a->why), "cause %d: ret %d state %u error %d "
		 "fault %u", a->cause, ret, q.state, q.error, q.fault.cause);
	if (a->cause == DRM_CORUN_FAULT_MMU_WRITE)
		close_bo(a->k->fd, ro.handle);
	return ok;
}

static void test_fault(unsigned int n)
{
	static const int causes[] = { DRM_CORUN_FAULT_MMU_UNMAPPED,
				      DRM_CORUN_FAULT_MMU_WRITE,
				      DRM_CORUN_FAULT_INSN_BUDGET };
	struct fault_arg a;
	struct kit k;
	unsigned long c0 = collateral, t0 = trials;
	unsigned int i, reported = 0;

	if (kit_open(&k, 1)) {
		result(0, "fault_setup", "errno %d", errno);
		kit_close(&k);
		return;
	}
	a.k = &k;
	for (i = 0; i < n * 3; i++) {
		a.cause = causes[i % 3];
		if (victims_around(fault_job, &a))
			reported++;
		else
			printf("# fault trial %u: %s\n", i, a.why);
	}
	result(reported == n * 3, "fault_reported", "%u of %u", reported, n * 3);
	result(collateral == c0, "fault_no_collateral", "%lu collateral failures",
	       collateral - c0);
	printf("# fault: %lu trials, %lu collateral failures\n", trials - t0,
	       collateral - c0);
	/* a faulting context is not banned: it goes on working */
	a.cause = 0;
	result(!kit_submit(&k, 0, k.out_va[0], 0, 0) && !kit_wait(&k, 0,
	       &(struct drm_corun_query_job){ 0 }) && output_ok(&k, 0),
	       "fault_context_works", NULL);
	kit_close(&k);
}

struct hang_arg {
	struct kit *k;
	char why[160];
};

static int hang_job(void *arg)
{
	struct hang_arg *a = arg;
	struct drm_corun_query_job q;
	int ret, ok;

	ret = kit_submit(a->k, 0, a->k->out_va[0], 0, 0);
	if (!ret)
		ret = kit_wait(a->k, 0, &q);
	ok = !ret && q.state == DRM_CORUN_JOB_FAULTED &&
	     q.error == -ETIMEDOUT && q.fault.cause == DRM_CORUN_FAULT_HANG;
	snprintf(a->why, sizeof(a->why), "ret %d state %u error %d fault %u",
		 ret, q.state, q.error, q.fault.cause);
	return ok;
}

static void test_hang(unsigned int n)
{
	struct hang_arg a;
	struct kit k;
	unsigned long c0 = collateral, t0 = trials;
	uint64_t vres[VICTIMS], kres, dev0;
	unsigned int i, v, reported = 0, banned = 0, vclean = 1;
	uint32_t fresh;
	int ret;

	if (kit_open(&k, 0) || debugfs_write_u64("inject_stall_client",
						 client_id(k.fd))) {
		result(0, "hang_setup", "errno %d (debugfs inject_stall_client, "
		       "fdinfo client id %llu)", errno,
		       (unsigned long long)client_id(k.fd));
		kit_close(&k);
		return;
	}
	a.k = &k;
	for (v = 0; v < VICTIMS; v++)
		vres[v] = param(victims[v].fd, DRM_CORUN_PARAM_FILE_RESET_COUNT);
	kres = param(k.fd, DRM_CORUN_PARAM_FILE_RESET_COUNT);
	dev0 = param(k.fd, DRM_CORUN_PARAM_DEVICE_RESET_COUNT);
	for (i = 0; i < n; i++) {
		/* a new context for every MAX_HANGS hangs: the old is banned */
		if (i && i % MAX_HANGS == 0) {
			ret = kit_submit(&k, 0, k.out_va[0], 0, 0);
			banned += ret == -EIO;
			if (ret != -EIO)
				printf("# hang trial %u: SUBMIT on a context with %d "
				       "hangs gave %d, not -EIO\n", i, MAX_HANGS, ret);
			ctx_create(k.fd, 0, "faults", &k.ctx);
		}
		if (victims_around(hang_job, &a))
			reported++;
		else
			printf("# hang trial %u: %s\n", i, a.why);
	}
	debugfs_write_u64("inject_stall_client", 0);
	for (v = 0; v < VICTIMS; v++)
		vclean &= param(victims[v].fd, DRM_CORUN_PARAM_FILE_RESET_COUNT) ==
			  vres[v];
	result(reported == n, "hang_reported", "%u of %u", reported, n);
	result(param(k.fd, DRM_CORUN_PARAM_FILE_RESET_COUNT) == kres + n &&
	       param(k.fd, DRM_CORUN_PARAM_DEVICE_RESET_COUNT) == dev0 + n &&
	       vclean, "hang_reset_counts", "faulty file %llu -> %llu, victims "
	       "unchanged %u", (unsigned long long)kres,
	       (unsigned long long)param(k.fd, DRM_CORUN_PARAM_FILE_RESET_COUNT),
	       vclean);
	result(collateral == c0, "hang_no_collateral", "%lu collateral failures",
	       collateral - c0);
	printf("# hang: %lu trials, %lu collateral failures\n", trials - t0,
	       collateral - c0);
	/* the ban: MAX_HANGS hangs on the last context too, unless n is short */
	if (n >= MAX_HANGS) {
		if (n % MAX_HANGS == 0) {
			ret = kit_submit(&k, 0, k.out_va[0], 0, 0);
			banned += ret == -EIO;
		}
		result(banned == n / MAX_HANGS, "hang_context_banned",
		       "%u of %u bans seen", banned, n / MAX_HANGS);
	}
	/* a new context of the same file works */
	ret = ctx_create(k.fd, 0, "fresh", &fresh);
	k.ctx = fresh;
	result(!ret && !kit_submit(&k, 0, k.out_va[0], 0, 0) &&
	       !kit_wait(&k, 0, &(struct drm_corun_query_job){ 0 }) &&
	       output_ok(&k, 0), "hang_new_context_works", "ret %d", ret);
	kit_close(&k);
}

/* A count of debugfs "recovery" ("fw_reloads N", "device_resets N", ...) */
static long recovery(const char *key)
{
	char *t = debugfs_read("recovery"), *p;

	if (!t)
		return -1;
	p = strstr(t, key);
	return p ? strtol(p + strlen(key) + 1, NULL, 10) : -1;
}

/* Waits up to 60 s for recovery(@key) to reach @want. */
static int recovery_wait(const char *key, long want)
{
	int i;

	for (i = 0; i < 600; i++) {
		if (recovery(key) >= want && recovery("fw_running") == 1)
			return 1;
		usleep(100000);
	}
	return 0;
}

struct fw_arg {
	struct kit *k;
	int mode; /* 1 crash, 2 hang (debugfs inject_fw) */
	char why[256];
};

/*
 * The firmware crashes or hangs under running jobs: the driver finds out
 * (the crash interrupt; for the hang, the mailbox request made here
 * through debugfs "firmware", or the heartbeat check if it comes first),
 * reloads it, and the faulty file's own job completes too.
 */
static int fw_fault(void *arg)
{
	struct fw_arg *a = arg;
	struct drm_corun_query_job q;
	long r0 = recovery("fw_reloads");
	char mode[4];
	int ret, ok;

	ret = kit_submit(a->k, 0, a->k->out_va[0], 20, 0);
	snprintf(mode, sizeof(mode), "%d", a->mode);
	ok = !debugfs_write("inject_fw", mode);
	if (a->mode == 2)
		debugfs_read("firmware");
	ok = ok && recovery_wait("fw_reloads", r0 + 1);
	if (!ret)
		ret = kit_wait(a->k, 0, &q);
	ok = ok && !ret && q.state == DRM_CORUN_JOB_DONE && output_ok(a->k, 0);
	snprintf(a->why, sizeof(a->why), "reloads %ld -> %ld, job ret %d "
		 "state %u error %d", r0, recovery("fw_reloads"), ret, q.state,
		 q.error);
	return ok;
}

/* Milliseconds since @t0 (CLOCK_MONOTONIC). */
static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 +
	       (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* Silent hangs: the longest and the sum of the times to a reload. */
static long silent_max_ms, silent_sum_ms, silent_n;

/*
 * The firmware hangs and nobody sends it a request: the heartbeat check
 * finds it (debugfs "recovery": heartbeat_hangs grows while no mailbox
 * request failed) and the driver reloads it; the faulty file's own job
 * completes too. The time from the injection to the reload is measured.
 */
static int fw_silent_hang(void *arg)
{
	struct fw_arg *a = arg;
	struct drm_corun_query_job q;
	long r0 = recovery("fw_reloads"), h0 = recovery("heartbeat_hangs");
	long f0 = recovery("mbox_failed"), ms;
	struct timespec t0;
	int ret, ok;

	ret = kit_submit(a->k, 0, a->k->out_va[0], 20, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ok = !debugfs_write("inject_fw", "2") &&
	     recovery_wait("fw_reloads", r0 + 1);
	ms = ms_since(&t0);
	if (ok) {
		silent_max_ms = ms > silent_max_ms ? ms : silent_max_ms;
		silent_sum_ms += ms;
		silent_n++;
	}
	if (!ret)
		ret = kit_wait(a->k, 0, &q);
	ok = ok && !ret && q.state == DRM_CORUN_JOB_DONE &&
	     output_ok(a->k, 0) && recovery("heartbeat_hangs") == h0 + 1 &&
	     recovery("mbox_failed") == f0;
	snprintf(a->why, sizeof(a->why), "reloads %ld -> %ld in %ld ms, "
		 "heartbeat hangs %ld -> %ld, mailbox failures %ld -> %ld, "
		 "job ret %d state %u", r0, recovery("fw_reloads"), ms, h0,
		 recovery("heartbeat_hangs"), f0, recovery("mbox_failed"), ret,
		 q.state);
	return ok;
}

/* The whole device is reset while the faulty file's long job runs. */
static int reset_fault(void *arg)
{
	struct fw_arg *a = arg;
	struct drm_corun_query_job q;
	long r0 = recovery("device_resets");
	int ret, ok, i;

	ret = kit_submit(a->k, 0, a->k->out_va[0], 2000, 0);
	for (i = 0; !ret && i < 200; i++) {
		if (!query(a->k->fd, a->k->job[0], &q) &&
		    q.state != DRM_CORUN_JOB_QUEUED)
			break;
		usleep(10000);
	}
	ok = !debugfs_write("inject_device_reset", "1") &&
	     recovery("device_resets") == r0 + 1;
	if (!ret)
		ret = kit_wait(a->k, 0, &q);
	ok = ok && !ret && q.state == DRM_CORUN_JOB_DONE && output_ok(a->k, 0);
	snprintf(a->why, sizeof(a->why), "resets %ld -> %ld, job ret %d state "
		 "%u error %d", r0, recovery("device_resets"), ret, q.state,
		 q.error);
	return ok;
}

/* A hang whose slot reset fails: the device is reset as a whole. */
static int escalate_fault(void *arg)
{
	struct fw_arg *a = arg;
	struct drm_corun_query_job q;
	long r0 = recovery("device_resets");
	int ret, ok;

	ctx_create(a->k->fd, 0, "escalate", &a->k->ctx);
	ok = !debugfs_write("inject_slot_reset_fail", "1") &&
	     !debugfs_write_u64("inject_stall_client", client_id(a->k->fd));
	ret = kit_submit(a->k, 0, a->k->out_va[0], 0, 0);
	if (!ret)
		ret = kit_wait(a->k, 0, &q);
	debugfs_write_u64("inject_stall_client", 0);
	ok = ok && !ret && q.state == DRM_CORUN_JOB_FAULTED &&
	     q.error == -ETIMEDOUT && q.fault.cause == DRM_CORUN_FAULT_HANG &&
	     recovery("device_resets") == r0 + 1;
	snprintf(a->why, sizeof(a->why), "resets %ld -> %ld, ret %d state %u "
		 "error %d fault %u", r0, recovery("device_resets"), ret,
		 q.state, q.error, q.fault.cause);
	return ok;
}

/* The next job's page tables lie outside guest memory (inject_dma_client). */
static int dma_fault(void *arg)
{
	struct fw_arg *a = arg;
	struct drm_corun_query_job q;
	int ret, ok;

	ok = !debugfs_write_u64("inject_dma_client", client_id(a->k->fd));
	ret = kit_submit(a->k, 0, a->k->out_va[0], 0, 0);
	if (!ret)
		ret = kit_wait(a->k, 0, &q);
	/* the device refuses the descriptor: nothing of the job ran */
	ok = ok && !ret && q.state == DRM_CORUN_JOB_FAULTED &&
	     q.error == -EIO && q.fault.cause == DRM_CORUN_FAULT_TRAP &&
	     !output_ok(a->k, 0);
	snprintf(a->why, sizeof(a->why), "ret %d state %u error %d fault %u",
		 ret, q.state, q.error, q.fault.cause);
	return ok;
}

/*
 * A buffer the job did not list is freed while the job stores to it (the
 * kernel stores gid + 0x100 to it until args[1] is set): its next store
 * must fault, never reach the freed pages through a translation the
 * device cached before (the driver waits for the device's barrier before
 * the pages go). Job 1 of the kit runs it.
 */
static int freed_fault(void *arg)
{
	struct fw_arg *a = arg;
	struct kit *k = a->k;
	struct drm_corun_create_bo code, x;
	struct drm_corun_query_job q = { 0 };
	struct drm_corun_submit s;
	uint32_t *w, *o, n;
	volatile uint32_t *args;
	int ret = -1, ok = 0, i, stored = 0;

	if (create_bo(k->fd, 4096, DRM_CORUN_BO_EXEC |
		      DRM_CORUN_BO_GPU_READ_ONLY, &code) ||
	    create_bo(k->fd, UAPI_NTHREADS * 4, 0, &x))
		goto out;
	w = map_bo(k->fd, code.handle, 4096);
	if (!w)
		goto out;
	n = rv32asm_gid_args(w);
	w[n++] = SLLI(A5, A0, 2);
	w[n++] = ADD(A4, A4, A5);
	w[n++] = ADDI(A6, A0, 0x100);
	w[n++] = SW(A6, A4, 0);
	w[n++] = LW(T0, A3, 4);
	w[n++] = BEQ(T0, ZERO, -8);
	w[n++] = EXIT;
	munmap(w, 4096);
	args = map_bo(k->fd, k->args[1], 4096);
	o = map_bo(k->fd, x.handle, UAPI_NTHREADS * 4);
	if (!args || !o)
		goto out;
	memset(o, 0, UAPI_NTHREADS * 4);
	args[0] = (uint32_t)x.gpu_va;
	args[1] = 0;
	submit_base(&s, k->ctx, code.handle, k->args_va[1]);
	s.bo_handles = (uintptr_t)&k->args[1]; /* not x */
	s.bo_handle_count = 1;
	s.out_sync = k->sync[1];
	ret = io(k->fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	k->job[1] = ret ? 0 : s.job_id;
	/* every thread has stored once: x's page is in the device's TLB */
	for (i = 0; !ret && i < 2000 && !stored; i++) {
		for (stored = 1, n = 0; stored && n < UAPI_NTHREADS; n++)
			stored = o[n] == n + 0x100;
		if (!stored)
			usleep(10000);
	}
	munmap(o, UAPI_NTHREADS * 4);
	close_bo(k->fd, x.handle);
	args[1] = 1;
	if (!ret)
		ret = kit_wait(k, 1, &q);
	ok = !ret && stored && q.state == DRM_CORUN_JOB_FAULTED &&
	     q.error == -EIO && q.fault.cause == DRM_CORUN_FAULT_MMU_UNMAPPED;
	munmap((void *)args, 4096);
	close_bo(k->fd, code.handle);
out:
	snprintf(a->why, sizeof(a->why), "ret %d stored %d state %u error %d "
		 "fault %u", ret, stored, q.state, q.error, q.fault.cause);
	return ok;
}

/* One kind of fault of a test: @fault(&struct fw_arg) with @mode. */
struct kind {
	const char *label;
	int (*fault)(void *arg);
	int mode;
};

/*
 * @n trials of each of the @nk @kinds in turn, each beside the victims,
 * with @k (opened here) as the faulty file; results "@name_@ok" and
 * "@name_no_collateral". Returns -1 if @k could not be set up.
 */
static int trials_of(const char *name, const char *ok, const struct kind *kinds,
		     unsigned int nk, unsigned int n, struct kit *k)
{
	unsigned long c0 = collateral, t0 = trials;
	unsigned int i, reported = 0;
	struct fw_arg a;
	char what[64];

	snprintf(what, sizeof(what), "%s_setup", name);
	if (kit_open(k, 1)) {
		result(0, what, "errno %d", errno);
		kit_close(k);
		return -1;
	}
	a.k = k;
	for (i = 0; i < nk * n; i++) {
		a.mode = kinds[i % nk].mode;
		if (victims_around(kinds[i % nk].fault, &a))
			reported++;
		else
			printf("# %s trial %u (%s): %s\n", name, i,
			       kinds[i % nk].label, a.why);
	}
	snprintf(what, sizeof(what), "%s_%s", name, ok);
	result(reported == nk * n, what, "%u of %u", reported, nk * n);
	snprintf(what, sizeof(what), "%s_no_collateral", name);
	result(collateral == c0, what, "%lu collateral failures",
	       collateral - c0);
	printf("# %s: %lu trials (%u of each of %u kinds), %lu collateral "
	       "failures\n", name, trials - t0, n, nk, collateral - c0);
	return 0;
}

static void test_fw(unsigned int n)
{
	static const struct kind kinds[] = { { "crash", fw_fault, 1 },
					     { "hang", fw_fault, 2 },
					     { "silent hang", fw_silent_hang, 2 } };
	unsigned int v, vclean = 1;
	uint64_t vres[VICTIMS];
	struct kit k;
	char *fw = debugfs_read("firmware");

	if (!fw || strncmp(fw, "firmware running", 16)) {
		result(0, "fw_setup", "no firmware running: %.40s", fw ? fw : "");
		return;
	}
	for (v = 0; v < VICTIMS; v++)
		vres[v] = param(victims[v].fd, DRM_CORUN_PARAM_FILE_RESET_COUNT);
	if (recovery("heartbeat_ms") <= 0) {
		result(0, "fw_setup", "the heartbeat check is off: %ld",
		       recovery("heartbeat_ms"));
		return;
	}
	if (trials_of("fw", "crash_hang_recovered", kinds, 3, n, &k))
		return;
	printf("# fw: silent hangs found by the heartbeat and reloaded in "
	       "%ld ms on average, %ld ms at most (%ld trials, period %ld ms)\n",
	       silent_n ? silent_sum_ms / silent_n : 0, silent_max_ms, silent_n,
	       recovery("heartbeat_ms"));
	for (v = 0; v < VICTIMS; v++)
		vclean &= param(victims[v].fd, DRM_CORUN_PARAM_FILE_RESET_COUNT) ==
			  vres[v];
	fw = debugfs_read("firmware");
	result(fw && !strncmp(fw, "firmware running", 16) && vclean,
	       "fw_running_after", "victims' reset counts unchanged %u", vclean);
	kit_close(&k);
}

static void test_device_reset(unsigned int n)
{
	static const struct kind kinds[] = {
		{ "mid-job", reset_fault, 0 },
		{ "slot reset failed", escalate_fault, 0 },
	};
	struct kit k;

	if (!trials_of("device_reset", "recovered", kinds, 2, n, &k))
		kit_close(&k);
}

static void test_dma(unsigned int n)
{
	static const struct kind kinds[] = { { "page tables", dma_fault, 0 },
					     { "freed buffer", freed_fault, 0 } };
	struct kit k;

	if (trials_of("dma", "unmapped_faulted", kinds, 2, n, &k))
		return;
	/* and the file goes on working */
	result(!kit_submit(&k, 0, k.out_va[0], 0, 0) && !kit_wait(&k, 0,
	       &(struct drm_corun_query_job){ 0 }) && output_ok(&k, 0),
	       "dma_context_works", NULL);
	kit_close(&k);
}

/*
 * Isolation between DRM files beyond GPU addresses (corun_uapi has
 * those): another file's fake mmap offset, GEM names and PRIME handles.
 */
static void test_isolation(void)
{
	struct drm_corun_create_bo b;
	struct drm_corun_mmap_bo m;
	struct drm_gem_flink fl;
	struct drm_gem_open op;
	uint32_t *p, *q, h2 = 0, i;
	int a = open_corun(), c = open_corun(), fd = -1, ret;

	if (a < 0 || c < 0 || create_bo(a, 4096, 0, &b)) {
		result(0, "isolation_setup", "errno %d", errno);
		goto out;
	}
	/* handles b does not have: more buffers in a */
	for (i = 0; i < 8; i++)
		create_bo(a, 4096, 0, &(struct drm_corun_create_bo){ 0 });
	memset(&m, 0, sizeof(m));
	m.handle = b.handle;
	p = io(a, DRM_IOCTL_CORUN_MMAP_BO, &m) ? MAP_FAILED :
		mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, a, m.offset);
	q = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, c, m.offset);
	ret = q == MAP_FAILED ? errno : 0;
	result(p != MAP_FAILED && q == MAP_FAILED, "isolation_mmap_offset",
	       "own map %s, other file's offset gave %d", p == MAP_FAILED ?
	       "failed" : "ok", ret);
	if (q != MAP_FAILED)
		munmap(q, 4096);
	if (p != MAP_FAILED)
		p[0] = 0xc0ffee;
	/* a handle number the other file was not given */
	ret = drmPrimeHandleToFD(c, b.handle + 8, DRM_CLOEXEC, &fd) ? -errno : 0;
	result(ret == -ENOENT, "isolation_prime_handle", "export of a foreign "
	       "handle gave %d", ret);
	if (!ret)
		close(fd);
	fd = -1;
	/* GEM names are not for render nodes: no flink, no open by name */
	memset(&fl, 0, sizeof(fl));
	fl.handle = b.handle;
	ret = io(a, DRM_IOCTL_GEM_FLINK, &fl);
	memset(&op, 0, sizeof(op));
	op.name = 1;
	result(ret && io(c, DRM_IOCTL_GEM_OPEN, &op), "isolation_gem_names",
	       "flink %d", ret);
	/* what was given: an exported fd imports and shows the same data */
	ret = drmPrimeHandleToFD(a, b.handle, DRM_CLOEXEC, &fd) ? -errno : 0;
	if (!ret)
		ret = drmPrimeFDToHandle(c, fd, &h2) ? -errno : 0;
	q = ret ? NULL : map_bo(c, h2, 4096);
	result(!ret && q && p != MAP_FAILED && q[0] == 0xc0ffee,
	       "isolation_prime_given", "ret %d", ret);
	if (q)
		munmap(q, 4096);
	if (p != MAP_FAILED)
		munmap(p, 4096);
	/* a closed fd is no longer a way in */
	if (fd >= 0)
		close(fd);
	ret = drmPrimeFDToHandle(c, fd, &h2) ? -errno : 0;
	result(ret, "isolation_prime_closed_fd", "import of a closed fd gave %d",
	       ret);
out:
	if (a >= 0)
		close(a);
	if (c >= 0)
		close(c);
}

/*
 * The module is unloaded with jobs in flight: children submit long jobs
 * and exit without waiting, so that their files close with the jobs
 * queued or running; the unload that follows this program must account
 * for every job (the driver's "jobs:" line, checked by guest-prog.sh) and
 * free them all.
 */
static void test_unload(void)
{
	int c, i, st, ok = 1;
	long live;

	for (c = 0; c < 3; c++) {
		pid_t pid = fork();

		if (pid == 0) {
			struct kit k;

			if (kit_open(&k, 1))
				_exit(1);
			/*
			 * The first runs well past the driver's drain at
			 * unload (CORUN_DRAIN_MS): cancelled there.
			 */
			for (i = 0; i < VICTIM_JOBS; i++)
				if (kit_submit(&k, i, k.out_va[i],
					       i ? 5000 : 200000000,
					       i ? 0 : 1ull << 40))
					_exit(1);
			_exit(0);
		}
		if (pid < 0)
			ok = 0;
	}
	while (wait(&st) > 0)
		ok &= WIFEXITED(st) && !WEXITSTATUS(st);
	live = recovery("live");
	result(ok && live > 0, "unload_jobs_in_flight", "%ld jobs still alive "
	       "at the unload", live);
	printf("# unload: %ld jobs in flight when the module unloads\n", live);
}

/*
 * No trial but the firmware's may make the heartbeat check fire: faulting
 * and hanging jobs, device resets, idle stretches between trials, all on
 * a busy TCG host, leave debugfs "heartbeat_hangs" at @want (result
 * @name).
 */
static void no_false_hang(const char *name, const char *when, long want)
{
	long h = recovery("heartbeat_hangs");

	result(h == want, name, "%ld heartbeat hangs %s, expected %ld", h,
	       when, want);
}

int main(int argc, char **argv)
{
	unsigned int n = 3, v;
	long h;

	if (argc == 3 && !strcmp(argv[1], "--trials"))
		n = strtoul(argv[2], NULL, 0);
	else if (argc != 1) {
		fprintf(stderr, "usage: %s [--trials N]\n", argv[0]);
		return 2;
	}
	if (!n || n > 1000) {
		fprintf(stderr, "%s: --trials 1..1000\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n");
	for (v = 0; v < VICTIMS; v++)
		if (kit_open(&victims[v], 1)) {
			result(0, "victims_setup", "errno %d", errno);
			printf("%d passed, %d failed\n", tests - failures, failures);
			return 1;
		}
	test_fault(n);
	test_hang(n);
	no_false_hang("heartbeat_quiet_before_fw", "before the firmware trials",
		      0);
	test_fw(n);
	h = recovery("heartbeat_hangs");
	test_device_reset(n);
	test_dma(n);
	test_isolation();
	no_false_hang("heartbeat_quiet_after_fw", "after the firmware trials",
		      h);
	test_unload();
	printf("# faults: %lu trials, %lu victim jobs, %lu collateral failures\n",
	       trials, victim_jobs, collateral);
	printf("1..%d\n", tests);
	printf("%d passed, %d failed\n", tests - failures, failures);
	return failures ? 1 : 0;
}
