// SPDX-License-Identifier: GPL-2.0
/*
 * corun uapi selftest, firmware settings that act on jobs (kselftest
 * style, TAP): an issue-rate share that slows a memory-bound job down, and
 * settings sent again and again while epochs pass (the mailbox under
 * load). The settings themselves are fw_policy.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include <corun/kernel.h>
#include <testing/rv32asm.h>
#include <uapi/drm/corun_drm.h>

#include "fw_policy.h"
#include "uapi_test.h"

/* ---- an issue-rate share that acts ---- */

#define STREAM_THREADS 256
#define STREAM_ITERS 16
#define STREAM_BYTES (STREAM_THREADS * 128 * STREAM_ITERS)

/*
 * Each thread loads one word of its own 128-byte line per iteration,
 * STREAM_THREADS lines apart: every load misses the L1 and goes through
 * the miss queue that issue-rate control gates.
 */
static unsigned int stream_kernel(uint32_t *w)
{
	unsigned int n = rv32asm_gid_args(w); /* a4: the base */

	w[n++] = LW(T0, A3, 4); /* iterations */
	w[n++] = LW(T2, A3, 8); /* step */
	w[n++] = SLLI(A5, A0, 7);
	w[n++] = ADD(A4, A4, A5);
	w[n++] = LW(T1, A4, 0);
	w[n++] = ADD(A4, A4, T2);
	w[n++] = ADDI(T0, T0, -1);
	w[n++] = BNE(T0, ZERO, -12);
	w[n++] = EXIT;
	return n;
}

/* Run the stream kernel once; its counters in @c. */
static int run_stream(int fd, struct drm_corun_job_counters *c)
{
	struct drm_corun_create_bo code, args, buf;
	struct drm_corun_ext_counters ec = { 0 };
	struct drm_corun_get_job_counters gc = { 0 };
	struct drm_corun_submit s;
	uint32_t ctx = 0, sobj = 0, *p;
	int ret = -1;

	if (create_bo(fd, 4096, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY,
		      &code) ||
	    create_bo(fd, 4096, 0, &args) ||
	    create_bo(fd, STREAM_BYTES, DRM_CORUN_BO_GPU_READ_ONLY, &buf))
		return -1;
	p = map_bo(fd, code.handle, 4096);
	if (!p)
		goto out;
	stream_kernel(p);
	munmap(p, 4096);
	p = map_bo(fd, args.handle, 4096);
	if (!p)
		goto out;
	p[0] = (uint32_t)buf.gpu_va;
	p[1] = STREAM_ITERS;
	p[2] = STREAM_THREADS * 128;
	munmap(p, 4096);
	if (ctx_create(fd, 0, "stream", &ctx) || drmSyncobjCreate(fd, 0, &sobj))
		goto out;
	ec.base.id = DRM_CORUN_EXT_ID_COUNTERS;
	submit_base(&s, ctx, code.handle, args.gpu_va);
	s.grid[0] = STREAM_THREADS / 32;
	s.block[0] = 32;
	s.out_sync = sobj;
	s.extensions = (uintptr_t)&ec;
	ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	if (!ret)
		ret = drmSyncobjWait(fd, &sobj, 1, deadline_ns(120), 0, NULL);
	gc.job_id = s.job_id;
	gc.size = sizeof(*c);
	gc.counters = (uintptr_t)c;
	gc.flags = DRM_CORUN_GET_COUNTERS_RELEASE;
	if (!ret)
		ret = io(fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &gc);
	if (!ret && c->flags)
		ret = -EIO;
out:
	if (sobj)
		drmSyncobjDestroy(fd, sobj);
	if (ctx)
		ctx_destroy(fd, ctx);
	close_bo(fd, code.handle);
	close_bo(fd, args.handle);
	close_bo(fd, buf.handle);
	return ret;
}

/*
 * A static issue-rate share per slot, set from user space, throttles a
 * memory-bound job: with IRC on and a 16/1024 share in every slot it
 * takes at least half as long again as without IRC. (The job's
 * stall_throttle counter does not count the waits for credits: the model
 * leaves them out, whatever the uapi says; it is printed, not checked.)
 * On a file of its own, so that job ids of the main file stay as its
 * tests expect.
 */
void test_fw_irc_acts(int main_fd)
{
	int fd = open_corun();

	struct drm_corun_fw_param fp[MAXSLOTS];
	uint32_t knobs[NKNOBS] = { DRM_CORUN_IRC_ON }, s;
	struct drm_corun_job_counters base = { 0 }, irc = { 0 };
	uint64_t cb, ci;
	struct fwdev d;
	int r0, r1, r2;

	(void)main_fd;
	if (fd < 0) {
		result(0, "irc_share_throttles", "open: %s", strerror(errno));
		return;
	}
	fwdev_read(fd, &d);
	if (!(d.modes[0] & (1u << DRM_CORUN_IRC_ON))) {
		result(0, "irc_share_throttles", "the firmware lacks IRC");
		close(fd);
		return;
	}
	for (s = 0; s < d.slots; s++)
		fp[s] = (struct drm_corun_fw_param)P(
			DRM_CORUN_FW_PARAM_IRC_SHARE, s, 16);
	r0 = set_fw(fd, NULL, NULL, 0) ?: run_stream(fd, &base);
	r1 = set_fw(fd, knobs, fp, (uint32_t)d.slots);
	r2 = r1 ?: run_stream(fd, &irc);
	set_fw(fd, NULL, NULL, 0);
	cb = base.end_cycle - base.start_cycle;
	ci = irc.end_cycle - irc.start_cycle;
	printf("# stream alone: %" PRIu64 " cycles, %" PRIu64
	       " throttled warp-cycles; IRC share 16/1024: %" PRIu64
	       " cycles, %" PRIu64 " throttled\n",
	       cb, (uint64_t)base.stall_throttle, ci,
	       (uint64_t)irc.stall_throttle);
	result(!r0 && !r1 && !r2 && cb && 2 * ci >= 3 * cb,
	       "irc_share_throttles", "ret %d/%d/%d", r0, r1, r2);
	close(fd);
}

/* ---- the mailbox while epochs run (one interrupt vector) ---- */

static uint32_t epoch_seq(void)
{
	char *t = debugfs_read("regs"), *l;

	l = t ? strstr(t, "EPOCH_SEQ") : NULL;
	return l ? (uint32_t)strtoul(l + 9, NULL, 0) : 0;
}

/*
 * SET_POLICY with firmware settings, again and again, while a job runs
 * and its epochs are handled: the ioctl waits for the mailbox under the
 * policy lock that the epoch handler needs, so with one vector that
 * handler's thread is blocked and only the hard interrupt handler can
 * complete the request. Every SET must succeed without a timeout.
 */
void test_fw_stress(int fd, unsigned int rounds)
{
	struct drm_corun_create_bo code, args, out;
	struct drm_corun_fw_param fp[MAXSLOTS];
	uint32_t knobs[NKNOBS] = { DRM_CORUN_IRC_ON }, s, ctx, sobj, *p;
	struct drm_corun_submit sub;
	struct drm_corun_query_job q;
	unsigned int i, done = 0, during = 0;
	uint32_t e0, e1;
	struct dbg d0, d1;
	struct fwdev d;
	int ret = 0, st;

	fwdev_read(fd, &d);
	if (!(d.pmask & (1u << DRM_CORUN_FW_PARAM_IRC_SHARE))) {
		result(0, "fw_stress", "the firmware lacks IRC");
		return;
	}
	if (create_bo(fd, 4096, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY,
		      &code) ||
	    create_bo(fd, 4096, 0, &args) || create_bo(fd, 4096, 0, &out) ||
	    ctx_create(fd, 0, "spin", &ctx) || drmSyncobjCreate(fd, 0, &sobj)) {
		result(0, "fw_stress_setup", "errno %d", errno);
		return;
	}
	p = map_bo(fd, code.handle, 4096);
	rv32asm_gid_store(p, 1);
	munmap(p, 4096);
	p = map_bo(fd, args.handle, 4096);
	p[0] = (uint32_t)out.gpu_va;
	p[1] = 2000000; /* iterations of the spin loop: seconds under TCG */
	munmap(p, 4096);
	submit_base(&sub, ctx, code.handle, args.gpu_va);
	sub.grid[0] = 1; /* one warp */
	sub.block[0] = 32;
	sub.out_sync = sobj;
	dbg_read(&d0);
	e0 = epoch_seq();
	ret = io(fd, DRM_IOCTL_CORUN_SUBMIT, &sub);
	for (i = 0; !ret && i < rounds; i++) {
		for (s = 0; s < d.slots; s++)
			fp[s] = (struct drm_corun_fw_param)P(
				DRM_CORUN_FW_PARAM_IRC_SHARE, s,
				(i & 1) ? 1024 : 64 + s);
		ret = set_fw(fd, (i & 1) ? NULL : knobs, fp,
			     (uint32_t)d.slots);
		done++;
		if (!query(fd, sub.job_id, &q) &&
		    q.state == DRM_CORUN_JOB_RUNNING)
			during++;
	}
	e1 = epoch_seq();
	st = drmSyncobjWait(fd, &sobj, 1, deadline_ns(300), 0, NULL);
	dbg_read(&d1);
	set_fw(fd, NULL, NULL, 0);
	printf("# %u SETs (%u while the job ran), epochs %u..%u, mailbox "
	       "requests +%" PRIu64 " interrupts +%" PRIu64 "\n",
	       done, during, e0, e1, d1.requests - d0.requests,
	       d1.irqs - d0.irqs);
	result(!ret && done == rounds && !d1.failed && d1.irqs > d0.irqs &&
		       d1.polled == d0.polled && d1.late == d0.late,
	       "fw_stress_sets_complete",
	       "ret %d after %u, failed %" PRIu64 " late +%" PRIu64, ret,
	       done, d1.failed, d1.late - d0.late);
	result(during >= 3 && e1 > e0, "fw_stress_overlaps_epochs",
	       "%u SETs while running, epochs %u..%u", during, e0, e1);
	result(!st, "fw_stress_job_done", "wait %d", st);
	drmSyncobjDestroy(fd, sobj);
	ctx_destroy(fd, ctx);
	close_bo(fd, code.handle);
	close_bo(fd, args.handle);
	close_bo(fd, out.handle);
}
