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
#include <unistd.h>

#include <xf86drm.h>

#include <corun/kernel.h>
#include <testing/rv32asm.h>
#include <uapi/drm/corun_drm.h>

#include "uapi_test.h"

#define VICTIMS 3
#define VICTIM_JOBS 2 /* per victim and trial */
#define MAX_HANGS 3 /* CORUN_CTX_MAX_HANGS */

/* A DRM file with a context, the reference kernel and its buffers. */
struct kit {
	int fd;
	uint32_t ctx, code, args[VICTIM_JOBS], out[VICTIM_JOBS];
	uint64_t args_va[VICTIM_JOBS], out_va[VICTIM_JOBS];
	uint32_t sync[VICTIM_JOBS];
	uint64_t job[VICTIM_JOBS];
};

static int kit_open(struct kit *k, int spin)
{
	struct drm_corun_create_bo b;
	uint32_t *p;
	int i;

	memset(k, 0, sizeof(*k));
	k->fd = open_corun();
	if (k->fd < 0 || ctx_create(k->fd, 0, "faults", &k->ctx) ||
	    create_bo(k->fd, 4096, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY,
		      &b))
		return -1;
	k->code = b.handle;
	p = map_bo(k->fd, k->code, 4096);
	if (!p)
		return -1;
	rv32asm_gid_store(p, spin);
	munmap(p, 4096);
	for (i = 0; i < VICTIM_JOBS; i++) {
		if (create_bo(k->fd, 4096, 0, &b))
			return -1;
		k->args[i] = b.handle;
		k->args_va[i] = b.gpu_va;
		if (create_bo(k->fd, UAPI_NTHREADS * 4, 0, &b))
			return -1;
		k->out[i] = b.handle;
		k->out_va[i] = b.gpu_va;
		if (drmSyncobjCreate(k->fd, 0, &k->sync[i]))
			return -1;
	}
	return 0;
}

static void kit_close(struct kit *k)
{
	if (k->fd >= 0)
		close(k->fd);
}

/* Job @i of @k: args = { @out_va, @spin }, the output zeroed first. */
static int kit_submit(struct kit *k, int i, uint32_t out_va, uint32_t spin,
		      uint64_t budget)
{
	struct drm_corun_submit s;
	uint32_t *p = map_bo(k->fd, k->args[i], 4096);
	uint32_t *o = map_bo(k->fd, k->out[i], UAPI_NTHREADS * 4);
	int ret;

	if (!p || !o)
		return -ENOMEM;
	p[0] = out_va;
	p[1] = spin;
	memset(o, 0, UAPI_NTHREADS * 4);
	munmap(p, 4096);
	munmap(o, UAPI_NTHREADS * 4);
	submit_base(&s, k->ctx, k->code, k->args_va[i]);
	s.bo_handles = (uintptr_t)&k->out[i];
	s.bo_handle_count = 1;
	s.out_sync = k->sync[i];
	s.insn_budget = budget;
	ret = io(k->fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	k->job[i] = ret ? 0 : s.job_id;
	return ret;
}

/* Waits for job @i; fills @q. Returns the wait's result. */
static int kit_wait(struct kit *k, int i, struct drm_corun_query_job *q)
{
	int ret = drmSyncobjWait(k->fd, &k->sync[i], 1, deadline_ns(120), 0,
				 NULL);

	memset(q, 0, sizeof(*q));
	if (!ret)
		ret = query(k->fd, k->job[i], q);
	return ret;
}

static int output_ok(struct kit *k, int i)
{
	uint32_t *o = map_bo(k->fd, k->out[i], UAPI_NTHREADS * 4);
	int j, ok = o != NULL;

	for (j = 0; ok && j < UAPI_NTHREADS; j++)
		ok = o[j] == (uint32_t)j + 0x100;
	if (o)
		munmap(o, UAPI_NTHREADS * 4);
	return ok;
}

static uint64_t client_id(int fd)
{
	char path[64], line[128];
	unsigned long long id = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "drm-client-id: %llu", &id) == 1)
			break;
	fclose(f);
	return id;
}

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

int main(int argc, char **argv)
{
	unsigned int n = 3, v;

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
	printf("# faults: %lu trials, %lu victim jobs, %lu collateral failures\n",
	       trials, victim_jobs, collateral);
	printf("1..%d\n", tests);
	printf("%d passed, %d failed\n", tests - failures, failures);
	return failures ? 1 : 0;
}
