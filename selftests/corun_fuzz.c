// SPDX-License-Identifier: GPL-2.0
/*
 * corun_fuzz: a structured ioctl fuzzer for the corun driver, run in the
 * guest (selftests/fuzz boots the VM and runs it; make fuzz runs a long
 * one).
 *
 * In the spirit of syzkaller's descriptions: every process opens several
 * DRM files and creates valid objects first (contexts, buffers, a code
 * buffer holding a real kernel, its argument buffer, syncobjs); each call
 * then builds a valid argument for one ioctl from those objects and, most
 * of the time, mutates some of its words (boundary values, flipped bits,
 * handles of other files, wild pointers), so the driver's validation is
 * reached field by field and the calls that pass it act on real state.
 * Submissions run the real kernel, some of them with bad descriptors
 * (entry, grid, block, resources, budgets, placement, syncs, extension
 * chains); some are run unmutated on fresh buffers and their output is
 * checked. Two threads per process share the files, so destroys and
 * closes race with submissions; files are closed and reopened while their
 * jobs still run, and a process is sometimes killed outright.
 *
 * Usage: corun_fuzz [--seed S] [--calls N] [--procs P]
 * N calls in all (default 20000), shared by P processes (default 2) of
 * two threads each; the sequence of each thread follows from S.
 *
 * A thread reads /dev/kmsg during the run: any WARNING, BUG, Oops,
 * KASAN, UBSAN, lockdep or refcount report is a failure, printed. Also
 * failures: an errno the driver does not document, a checked job whose
 * fence signalled without error but whose output is wrong, a process
 * that died. Prints TAP and "N passed, N failed".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include <corun/kernel.h>
#include <testing/rv32asm.h>
#include <uapi/drm/corun_drm.h>

#include "uapi_test.h"

#define NFILES 3
#define NCTX 4
#define NBO 8
/*
 * Buffers the fuzzer keeps are at most this big, and those above
 * BIG_BO_SIZE are tried one time in BIG_BO_ODDS: the guest has 2 GiB,
 * buffers are pinned, and a run that hoarded mutated sizes (up to the
 * driver's 1 GiB) once ran the debug guest out of memory, the OOM killer
 * taking the fuzzer itself.
 */
#define KEEP_BO_SIZE (4u << 20)
#define BIG_BO_SIZE (64u << 20)
#define BIG_BO_ODDS 8
#define NSYNC 4
#define NJOBS 16
#define CHECK_THREADS 64 /* threads of a checked job: 2 CTAs of 32 */
#define CHECK_EVERY 200 /* one checked job in so many submissions */

/* ---- the shared tally of a process (anonymous shared memory) --------- */

enum op {
	OP_PARAM, OP_CREATE_BO, OP_CLOSE_BO, OP_MMAP_BO, OP_WAIT_BO,
	OP_BO_INFO, OP_CTX_CREATE, OP_CTX_DESTROY, OP_SUBMIT, OP_QUERY,
	OP_COUNTERS, OP_POLICY, OP_SYNCOBJ, OP_REOPEN, OP_RAW, OP_NR
};

static const char *const op_name[OP_NR] = {
	"get_param", "create_bo", "gem_close", "mmap_bo", "wait_bo",
	"get_bo_info", "ctx_create", "ctx_destroy", "submit", "query_job",
	"get_job_counters", "policy", "syncobj", "close_reopen", "raw",
};

struct tally {
	unsigned long calls[OP_NR];
	unsigned long ok[OP_NR];
	unsigned long jobs;
	unsigned long checked;
	unsigned long wrong;
	unsigned long bad_errno;
	int last_bad_errno, last_bad_op;
	unsigned long reopens;
	unsigned long kills;
};

static struct tally *tally; /* [procs], shared with the parent */

/* ---- a process's files --------------------------------------------- */

struct file {
	int fd;
	uint32_t ctx[NCTX];
	uint32_t bo[NBO];
	uint64_t bo_va[NBO];
	uint32_t code, args, out, sync[NSYNC];
	uint64_t code_va, args_va, out_va;
	uint64_t jobs[NJOBS];
	unsigned int njobs;
};

static struct file files[NFILES];
static pthread_rwlock_t files_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct tally *my;
static unsigned long calls_left;
static pthread_mutex_t calls_lock = PTHREAD_MUTEX_INITIALIZER;

struct rng {
	uint64_t s;
};

static uint32_t rnd(struct rng *r)
{
	r->s ^= r->s << 13;
	r->s ^= r->s >> 7;
	r->s ^= r->s << 17;
	return (uint32_t)(r->s >> 16);
}

static uint32_t pick(struct rng *r, uint32_t n)
{
	return rnd(r) % n;
}

/* The errnos the uapi documents, and those of the DRM core and syscalls. */
static int errno_known(int e)
{
	switch (e) {
	case EINVAL: case ENOENT: case E2BIG: case ENOSPC: case ENOMEM:
	case EFAULT: case EBUSY: case ETIMEDOUT: case ENODEV: case EOPNOTSUPP:
	case EACCES: case ERANGE: case EIO: case ECANCELED: case ENODATA:
	case EMFILE: case ENOTTY: case EBADF: case EINTR: case EAGAIN:
	case EPERM: case EOVERFLOW:
		return 1;
	}
	return 0;
}

static int call(enum op op, int fd, unsigned long req, void *arg)
{
	int ret = io(fd, req, arg);

	__atomic_add_fetch(&my->calls[op], 1, __ATOMIC_RELAXED);
	if (!ret)
		__atomic_add_fetch(&my->ok[op], 1, __ATOMIC_RELAXED);
	else if (!errno_known(-ret)) {
		__atomic_add_fetch(&my->bad_errno, 1, __ATOMIC_RELAXED);
		my->last_bad_errno = -ret;
		my->last_bad_op = op;
	}
	return ret;
}

/* A value for a mutated word: boundaries, bits, small, anything. */
static uint32_t wild(struct rng *r)
{
	static const uint32_t v[] = {
		0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 33, 63, 64, 255, 256,
		1023, 1024, 4095, 4096, 4097, 65535, 65536, 0x7fffffff,
		0x80000000, 0xfffffffe, 0xffffffff, 0xffff0000, 0x1000000,
	};

	switch (pick(r, 4)) {
	case 0:
		return v[pick(r, sizeof(v) / sizeof(v[0]))];
	case 1:
		return 1u << pick(r, 32);
	case 2:
		return pick(r, 64);
	default:
		return rnd(r);
	}
}

/*
 * Mutate 1..3 words of @arg (of @len bytes): mostly a wild value, now and
 * then a handle or address of another file, or a 64-bit pointer.
 */
static void mutate(struct rng *r, void *arg, size_t len)
{
	uint32_t *w = arg;
	unsigned int i, n = 1 + pick(r, 3), at;
	const struct file *o = &files[pick(r, NFILES)];

	for (i = 0; i < n; i++) {
		at = pick(r, len / 4);
		switch (pick(r, 8)) {
		case 0:
			w[at] = o->bo[pick(r, NBO)];
			break;
		case 1:
			w[at] = (uint32_t)o->bo_va[pick(r, NBO)] + pick(r, 8192);
			break;
		case 2: /* a pointer: ours, wild, kernel */
			if (at + 1 < len / 4) {
				uint64_t p = pick(r, 2) ? (uintptr_t)arg :
					     0xffff888000000000ull + rnd(r);

				memcpy(&w[at & ~1u], &p, 8);
			}
			break;
		case 3:
			w[at] ^= 1u << pick(r, 32);
			break;
		default:
			w[at] = wild(r);
			break;
		}
	}
}

static int mutating(struct rng *r)
{
	return pick(r, 4) != 0; /* three calls in four are mutated */
}

static int new_bo(int fd, uint64_t size, uint32_t flags, uint32_t *h,
		  uint64_t *va)
{
	struct drm_corun_create_bo b;
	int ret = create_bo(fd, size, flags, &b);

	*h = ret ? 0 : b.handle;
	*va = ret ? 0 : b.gpu_va;
	return ret;
}

/* The kernel: args[0] = out; spin args[1] turns; out[gid] = gid + 0x100. */
static int file_open(struct file *f)
{
	uint32_t *p;
	unsigned int i;

	memset(f, 0, sizeof(*f));
	f->fd = open_corun();
	if (f->fd < 0)
		return -1;
	for (i = 0; i < NCTX; i++)
		ctx_create(f->fd, (int)(i % 3) - 1, "fuzz", &f->ctx[i]);
	for (i = 0; i < NBO; i++)
		new_bo(f->fd, 4096 << (i % 4), i % 3 ? 0 : DRM_CORUN_BO_GPU_READ_ONLY,
		       &f->bo[i], &f->bo_va[i]);
	for (i = 0; i < NSYNC; i++)
		drmSyncobjCreate(f->fd, 0, &f->sync[i]);
	if (new_bo(f->fd, 4096, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY,
		   &f->code, &f->code_va) ||
	    new_bo(f->fd, 4096, 0, &f->args, &f->args_va) ||
	    new_bo(f->fd, 65536, 0, &f->out, &f->out_va))
		return -1;
	p = map_bo(f->fd, f->code, 4096);
	if (!p)
		return -1;
	rv32asm_gid_store(p, 1);
	munmap(p, 4096);
	p = map_bo(f->fd, f->args, 4096);
	if (!p)
		return -1;
	p[0] = (uint32_t)f->out_va;
	p[1] = 200; /* spin: jobs stay in flight a while */
	munmap(p, 4096);
	return 0;
}

/* ---- the calls --------------------------------------------------------- */

static void base_submit(struct drm_corun_submit *s, const struct file *f,
			struct rng *r)
{
	memset(s, 0, sizeof(*s));
	s->ctx_id = f->ctx[pick(r, NCTX)];
	s->code_handle = f->code;
	s->args_va = f->args_va;
	s->grid[0] = 1 + pick(r, 4);
	s->grid[1] = s->grid[2] = 1;
	s->block[0] = 32;
	s->block[1] = s->block[2] = 1;
	s->regs_per_thread = 32;
	s->placement = pick(r, 3);
	s->insn_budget = pick(r, 2) ? 0 : 1000 + pick(r, 100000);
	s->flags = pick(r, 2) ? DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC : 0;
}

/*
 * A mutated grid the driver accepts may be huge: a small instruction
 * budget keeps such a job to a moment of the device's time (it faults
 * with DRM_CORUN_FAULT_INSN_BUDGET), so the run's length stays bounded.
 */
static void bound(struct drm_corun_submit *s)
{
	uint64_t threads = (uint64_t)s->grid[0] * s->grid[1] * s->grid[2] *
			   s->block[0] * s->block[1] * s->block[2];

	if (threads > 4096 && (!s->insn_budget || s->insn_budget > 200000))
		s->insn_budget = 200000;
}

static void do_submit(struct file *f, struct rng *r)
{
	struct drm_corun_submit s;
	struct drm_corun_ext_syncs es;
	struct drm_corun_ext_counters ec;
	struct drm_corun_sync in[2], out[2];
	uint32_t handles[3];

	base_submit(&s, f, r);
	handles[0] = f->out;
	handles[1] = f->bo[pick(r, NBO)];
	handles[2] = f->args;
	s.bo_handles = (uintptr_t)handles;
	s.bo_handle_count = 1 + pick(r, 3);
	if (pick(r, 3) == 0)
		s.out_sync = f->sync[pick(r, NSYNC)];
	if (pick(r, 4) == 0) {
		s.in_syncs = (uintptr_t)&f->sync[pick(r, NSYNC)];
		s.in_sync_count = 1;
	}
	if (pick(r, 4) == 0) {
		memset(&es, 0, sizeof(es));
		memset(&ec, 0, sizeof(ec));
		es.base.id = DRM_CORUN_EXT_ID_SYNCS;
		in[0] = (struct drm_corun_sync){ .handle = f->sync[pick(r, NSYNC)],
						  .point = pick(r, 4) };
		out[0] = (struct drm_corun_sync){ .handle = f->sync[pick(r, NSYNC)],
						   .point = pick(r, 4) };
		in[1] = in[0];
		out[1] = out[0];
		es.in_syncs = (uintptr_t)in;
		es.out_syncs = (uintptr_t)out;
		es.in_count = pick(r, 3);
		es.out_count = pick(r, 3);
		ec.base.id = DRM_CORUN_EXT_ID_COUNTERS;
		if (pick(r, 2))
			es.base.next = (uintptr_t)&ec;
		if (mutating(r))
			mutate(r, pick(r, 2) ? (void *)&es : (void *)&ec,
			       pick(r, 2) ? sizeof(es) : sizeof(ec));
		s.extensions = (uintptr_t)&es;
	}
	if (mutating(r))
		mutate(r, &s, sizeof(s));
	bound(&s);
	if (!call(OP_SUBMIT, f->fd, DRM_IOCTL_CORUN_SUBMIT, &s)) {
		__atomic_add_fetch(&my->jobs, 1, __ATOMIC_RELAXED);
		f->jobs[f->njobs++ % NJOBS] = s.job_id;
	}
}

/*
 * An unmutated job in a DRM file of its own (nothing else of the run can
 * name its buffers: the other files' jobs, mmaps and closes race with it
 * but must not reach it), waited for: if its fence signals without error,
 * its output must be right.
 */
static void do_checked_job(struct rng *r)
{
	struct drm_corun_submit s;
	struct drm_corun_query_job q;
	struct file f;
	uint32_t sobj, *p;
	int ret, i, bad = -1;

	if (file_open(&f))
		goto out;
	p = map_bo(f.fd, f.args, 4096);
	if (!p)
		goto out;
	p[1] = 1; /* barely spin */
	munmap(p, 4096);
	if (drmSyncobjCreate(f.fd, 0, &sobj))
		goto out;
	base_submit(&s, &f, r);
	s.grid[0] = CHECK_THREADS / 32;
	s.insn_budget = 0;
	s.bo_handles = (uintptr_t)&f.out;
	s.bo_handle_count = 1;
	s.out_sync = sobj;
	ret = call(OP_SUBMIT, f.fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	if (!ret)
		ret = drmSyncobjWait(f.fd, &sobj, 1, deadline_ns(120), 0, NULL);
	/* Done without error: the output must be there. */
	if (!ret && !query(f.fd, s.job_id, &q) && q.state == DRM_CORUN_JOB_DONE) {
		p = map_bo(f.fd, f.out, CHECK_THREADS * 4);
		for (i = 0; p && i < CHECK_THREADS && bad < 0; i++)
			if (p[i] != (uint32_t)i + 0x100)
				bad = i;
		__atomic_add_fetch(&my->checked, 1, __ATOMIC_RELAXED);
		if (bad >= 0 || !p) {
			__atomic_add_fetch(&my->wrong, 1, __ATOMIC_RELAXED);
			printf("# job %llu: out[%d] = %#x, not %#x\n",
			       (unsigned long long)s.job_id, bad,
			       p ? p[bad] : 0, bad + 0x100);
		}
		if (p)
			munmap(p, CHECK_THREADS * 4);
	}
out:
	if (f.fd >= 0)
		close(f.fd);
}

static void do_policy(struct file *f, struct rng *r)
{
	struct drm_corun_policy p;
	struct drm_corun_fw_param fp[4];
	unsigned int i;

	memset(&p, 0, sizeof(p));
	if (pick(r, 2)) {
		if (pick(r, 2)) {
			p.fw_params = (uintptr_t)fp;
			p.fw_param_count = 4;
		}
		call(OP_POLICY, f->fd, DRM_IOCTL_CORUN_GET_POLICY, &p);
		return;
	}
	p.policy = pick(r, 9);
	p.irc = pick(r, 4);
	p.llc = pick(r, 5);
	p.epoch_cycles = pick(r, 2) ? 0 : DRM_CORUN_EPOCH_CYCLES_MIN << pick(r, 8);
	for (i = 0; i < 4; i++)
		fp[i] = (struct drm_corun_fw_param){ .param = pick(r, 24),
						     .slot = pick(r, 18),
						     .value = wild(r) };
	if (pick(r, 2)) {
		p.fw_params = (uintptr_t)fp;
		p.fw_param_count = 1 + pick(r, 4);
	}
	if (mutating(r))
		mutate(r, &p, sizeof(p));
	p.flags &= ~DRM_CORUN_POLICY_F_START_GATE; /* a closed gate stalls all */
	call(OP_POLICY, f->fd, DRM_IOCTL_CORUN_SET_POLICY, &p);
}

static void do_syncobj(struct file *f, struct rng *r)
{
	uint32_t h = f->sync[pick(r, NSYNC)];
	int ret;

	__atomic_add_fetch(&my->calls[OP_SYNCOBJ], 1, __ATOMIC_RELAXED);
	switch (pick(r, 3)) {
	case 0:
		ret = drmSyncobjWait(f->fd, &h, 1, deadline_ns(0) + 1000000, 0,
				     NULL);
		break;
	case 1:
		ret = drmSyncobjReset(f->fd, &h, 1);
		break;
	default:
		ret = drmSyncobjSignal(f->fd, &h, 1);
		break;
	}
	if (!ret)
		__atomic_add_fetch(&my->ok[OP_SYNCOBJ], 1, __ATOMIC_RELAXED);
}

/* Close a file with its jobs in flight, open it again. */
static void do_reopen(struct file *f, struct rng *r)
{
	struct drm_corun_submit s;

	base_submit(&s, f, r);
	call(OP_SUBMIT, f->fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	__atomic_add_fetch(&my->calls[OP_REOPEN], 1, __ATOMIC_RELAXED);
	close(f->fd);
	if (!file_open(f))
		__atomic_add_fetch(&my->ok[OP_REOPEN], 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&my->reopens, 1, __ATOMIC_RELAXED);
}

static void one_call(struct rng *r)
{
	struct file *f = &files[pick(r, NFILES)];
	unsigned int op = pick(r, 100);
	union {
		struct drm_corun_get_param gp;
		struct drm_corun_create_bo cb;
		struct drm_corun_mmap_bo mb;
		struct drm_corun_wait_bo wb;
		struct drm_corun_get_bo_info bi;
		struct drm_corun_ctx_create cc;
		struct drm_corun_ctx_destroy cd;
		struct drm_corun_query_job qj;
		struct drm_corun_get_job_counters gc;
		struct drm_gem_close gcl;
		uint8_t raw[256];
	} a;
	struct drm_corun_job_counters ctrs;
	void *m;

	if (op == 0) {
		pthread_rwlock_wrlock(&files_lock);
		do_reopen(f, r);
		pthread_rwlock_unlock(&files_lock);
		return;
	}
	pthread_rwlock_rdlock(&files_lock);
	memset(&a, 0, sizeof(a));
	if (op < 10) {
		a.gp.param = pick(r, 60);
		if (mutating(r))
			mutate(r, &a.gp, sizeof(a.gp));
		call(OP_PARAM, f->fd, DRM_IOCTL_CORUN_GET_PARAM, &a.gp);
	} else if (op < 16) {
		unsigned int i = pick(r, NBO);

		a.cb.size = 1 + pick(r, 1 << pick(r, 22));
		a.cb.flags = pick(r, 4);
		if (mutating(r))
			mutate(r, &a.cb, sizeof(a.cb));
		if (a.cb.size > BIG_BO_SIZE && a.cb.size <= 1u << 30 &&
		    pick(r, BIG_BO_ODDS))
			a.cb.size &= BIG_BO_SIZE - 1;
		/* keep the slot's buffer, replace it now and then */
		if (!call(OP_CREATE_BO, f->fd, DRM_IOCTL_CORUN_CREATE_BO, &a.cb)) {
			if (pick(r, 2) || a.cb.size > KEEP_BO_SIZE) {
				a.gcl.handle = a.cb.handle;
				drmIoctl(f->fd, DRM_IOCTL_GEM_CLOSE, &a.gcl);
			} else {
				/* the replaced one goes: no hoard */
				a.gcl.handle = f->bo[i];
				drmIoctl(f->fd, DRM_IOCTL_GEM_CLOSE, &a.gcl);
				f->bo[i] = a.cb.handle;
				f->bo_va[i] = a.cb.gpu_va;
			}
		}
	} else if (op < 20) {
		a.gcl.handle = f->bo[pick(r, NBO)];
		if (mutating(r))
			mutate(r, &a.gcl, sizeof(a.gcl));
		call(OP_CLOSE_BO, f->fd, DRM_IOCTL_GEM_CLOSE, &a.gcl);
	} else if (op < 26) {
		a.mb.handle = f->bo[pick(r, NBO)];
		if (mutating(r))
			mutate(r, &a.mb, sizeof(a.mb));
		if (!call(OP_MMAP_BO, f->fd, DRM_IOCTL_CORUN_MMAP_BO, &a.mb)) {
			m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED,
				 f->fd, a.mb.offset);
			if (m != MAP_FAILED) {
				((volatile uint32_t *)m)[pick(r, 1024)] = rnd(r);
				munmap(m, 4096);
			}
		}
	} else if (op < 30) {
		a.wb.handle = f->bo[pick(r, NBO)];
		a.wb.timeout_ns = pick(r, 2) ? 0 : 1000000;
		if (mutating(r))
			mutate(r, &a.wb, sizeof(a.wb));
		if (a.wb.timeout_ns > 10000000 || a.wb.timeout_ns < 0)
			a.wb.timeout_ns = 10000000; /* a wait, not a hang */
		call(OP_WAIT_BO, f->fd, DRM_IOCTL_CORUN_WAIT_BO, &a.wb);
	} else if (op < 36) {
		a.bi.handle = f->bo[pick(r, NBO)];
		if (mutating(r))
			mutate(r, &a.bi, sizeof(a.bi));
		call(OP_BO_INFO, f->fd, DRM_IOCTL_CORUN_GET_BO_INFO, &a.bi);
	} else if (op < 41) {
		a.cc.priority = (int)pick(r, 3) - 1;
		snprintf(a.cc.name, sizeof(a.cc.name), "fz%u", rnd(r));
		if (mutating(r))
			mutate(r, &a.cc, sizeof(a.cc));
		if (!call(OP_CTX_CREATE, f->fd, DRM_IOCTL_CORUN_CTX_CREATE, &a.cc))
			f->ctx[pick(r, NCTX)] = a.cc.ctx_id;
	} else if (op < 45) {
		a.cd.ctx_id = f->ctx[pick(r, NCTX)];
		if (mutating(r))
			mutate(r, &a.cd, sizeof(a.cd));
		call(OP_CTX_DESTROY, f->fd, DRM_IOCTL_CORUN_CTX_DESTROY, &a.cd);
	} else if (op < 70) {
		if (pick(r, CHECK_EVERY) == 0)
			do_checked_job(r);
		else
			do_submit(f, r);
	} else if (op < 80) {
		a.qj.job_id = f->jobs[pick(r, NJOBS)];
		if (mutating(r))
			mutate(r, &a.qj, sizeof(a.qj));
		call(OP_QUERY, f->fd, DRM_IOCTL_CORUN_QUERY_JOB, &a.qj);
	} else if (op < 85) {
		a.gc.job_id = f->jobs[pick(r, NJOBS)];
		a.gc.counters = (uintptr_t)&ctrs;
		a.gc.size = sizeof(ctrs);
		a.gc.flags = pick(r, 2);
		if (mutating(r))
			mutate(r, &a.gc, sizeof(a.gc));
		/* the kernel writes at most size bytes at counters */
		if (a.gc.counters != (uintptr_t)&ctrs && a.gc.counters < (1ull << 47))
			a.gc.counters = 16; /* unmapped */
		if (a.gc.size > sizeof(ctrs))
			a.gc.size = pick(r, 2) ? a.gc.size : sizeof(ctrs);
		if (a.gc.counters == (uintptr_t)&ctrs && a.gc.size > sizeof(ctrs))
			a.gc.size = sizeof(ctrs);
		call(OP_COUNTERS, f->fd, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &a.gc);
	} else if (op < 88) {
		do_policy(f, r);
	} else if (op < 95) {
		do_syncobj(f, r);
	} else {
		/* any ioctl of the driver's range with any bytes */
		unsigned int nr = DRM_COMMAND_BASE + pick(r, 0x40);
		unsigned int size = pick(r, 2) ? pick(r, 256) : sizeof(a.raw);

		for (unsigned int i = 0; i < sizeof(a.raw); i++)
			a.raw[i] = pick(r, 4) ? 0 : rnd(r);
		call(OP_RAW, f->fd, _IOC(pick(r, 4), DRM_IOCTL_BASE, nr, size),
		     a.raw);
	}
	pthread_rwlock_unlock(&files_lock);
}

static int take_call(void)
{
	int more;

	pthread_mutex_lock(&calls_lock);
	more = calls_left > 0;
	if (more)
		calls_left--;
	pthread_mutex_unlock(&calls_lock);
	return more;
}

static void *thread_main(void *arg)
{
	struct rng *r = arg;

	while (take_call())
		one_call(r);
	return NULL;
}

/* One process: NFILES files, two threads sharing them. */
static int worker(uint64_t seed, unsigned long calls)
{
	struct rng r[2] = { { seed * 2 + 1 }, { seed * 2 + 2 } };
	pthread_t t;
	unsigned int i;

	for (i = 0; i < NFILES; i++)
		if (file_open(&files[i])) {
			printf("# worker: cannot open the device: %s\n",
			       strerror(errno));
			return 1;
		}
	calls_left = calls;
	if (pthread_create(&t, NULL, thread_main, &r[1]))
		return 1;
	thread_main(&r[0]);
	pthread_join(t, NULL);
	/* the files close with whatever is still in flight */
	return 0;
}

/* ---- the kernel log ---------------------------------------------------- */

static const char *const report_words[] = {
	"WARNING:", "BUG:", "BUG ", "Oops", "KASAN", "UBSAN", "lockdep",
	"possible circular locking", "possible recursive locking",
	"inconsistent lock state", "refcount_t:", "kernel BUG",
	"general protection fault", "list_add corruption",
	"list_del corruption", "INFO: task", "unreferenced object",
	"Call Trace:", "ODEBUG:",
};

static int kmsg_fd = -1;
static unsigned int reports;

/* Reads new /dev/kmsg records until the fuzzing is over. */
static void *kmsg_main(void *arg)
{
	char rec[4096];
	ssize_t n;
	unsigned int i;

	(void)arg;
	for (;;) {
		n = read(kmsg_fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE) {
			printf("# kmsg: records overwritten before they were read\n");
			reports++;
			continue;
		}
		if (n < 0 && errno == EAGAIN) {
			usleep(100000);
			continue;
		}
		if (n <= 0)
			return NULL;
		rec[n] = '\0';
		for (i = 0; i < sizeof(report_words) / sizeof(report_words[0]); i++)
			if (strstr(rec, report_words[i])) {
				if (reports++ < 40)
					printf("# kmsg: %s", strchr(rec, ';') ?
					       strchr(rec, ';') + 1 : rec);
				break;
			}
	}
}

static void kmsg_drain(void)
{
	/* whatever the kernel logged up to now, then stop */
	usleep(500000);
}

int main(int argc, char **argv)
{
	uint64_t seed = 1;
	unsigned long calls = 20000, total = 0, ok = 0, jobs = 0, checked = 0,
		      wrong = 0, bad = 0, reopens = 0;
	unsigned long per_op[OP_NR] = { 0 }, per_ok[OP_NR] = { 0 };
	unsigned int procs = 2, i, j, died = 0;
	struct timespec t0, t1;
	pthread_t kt;
	pid_t *pids;
	int status;
	double secs;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < (unsigned int)argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--calls") && i + 1 < (unsigned int)argc)
			calls = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--procs") && i + 1 < (unsigned int)argc)
			procs = strtoul(argv[++i], NULL, 0);
		else {
			fprintf(stderr, "usage: %s [--seed S] [--calls N] [--procs P]\n",
				argv[0]);
			return 2;
		}
	}
	if (!procs || procs > 16 || !calls) {
		fprintf(stderr, "%s: --procs 1..16, --calls > 0\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..5\n");
	tally = mmap(NULL, procs * sizeof(*tally), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pids = calloc(procs, sizeof(*pids));
	if (tally == MAP_FAILED || !pids)
		return 1;
	memset(tally, 0, procs * sizeof(*tally));

	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
	result(kmsg_fd >= 0, "kmsg_open", "/dev/kmsg: %s", strerror(errno));
	if (kmsg_fd >= 0)
		pthread_create(&kt, NULL, kmsg_main, NULL);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < procs; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			my = &tally[i];
			fflush(stdout);
			_exit(worker(seed * 1000 + i, calls / procs +
				     (i < calls % procs)));
		}
	}
	for (i = 0; i < procs; i++) {
		if (pids[i] < 0 || waitpid(pids[i], &status, 0) != pids[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status)) {
			printf("# process %u: status 0x%x\n", i, status);
			died++;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	kmsg_drain();

	for (i = 0; i < procs; i++) {
		for (j = 0; j < OP_NR; j++) {
			per_op[j] += tally[i].calls[j];
			per_ok[j] += tally[i].ok[j];
		}
		jobs += tally[i].jobs;
		checked += tally[i].checked;
		wrong += tally[i].wrong;
		bad += tally[i].bad_errno;
		reopens += tally[i].reopens;
		if (tally[i].bad_errno)
			printf("# process %u: undocumented errno %d from %s\n", i,
			       tally[i].last_bad_errno,
			       op_name[tally[i].last_bad_op]);
	}
	for (j = 0; j < OP_NR; j++) {
		total += per_op[j];
		ok += per_ok[j];
		printf("# %-16s %10lu calls, %10lu succeeded\n", op_name[j],
		       per_op[j], per_ok[j]);
	}
	printf("# fuzz: seed %" PRIu64 ", %u processes x 2 threads x %d files: "
	       "%lu calls (%lu succeeded) in %.1f s, %lu jobs submitted, %lu "
	       "checked jobs, %lu files closed with jobs in flight, %u kernel "
	       "reports\n", seed, procs, NFILES, total, ok, secs, jobs, checked,
	       reopens, reports);
	result(!died && total >= calls, "fuzz_calls_made", "%u processes died; "
	       "%lu of %lu calls", died, total, calls);
	result(!reports, "fuzz_no_kernel_reports", "%u reports", reports);
	result(!bad, "fuzz_errnos_documented", "%lu undocumented errnos", bad);
	result(!wrong && checked > 0, "fuzz_checked_jobs_correct",
	       "%lu of %lu checked jobs wrong", wrong, checked);
	printf("%d passed, %d failed\n", tests - failures, failures);
	return failures ? 1 : 0;
}
