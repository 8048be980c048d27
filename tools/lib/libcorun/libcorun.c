// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libcorun: see libcorun.h. Every failure leaves "OPERATION(args): why"
 * in dev->err and returns -errno.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "libcorun.h"

static int __attribute__((format(printf, 3, 4)))
fail(struct corun_dev *dev, int ret, const char *fmt, ...)
{
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	n = (size_t)vsnprintf(dev->err, sizeof(dev->err), fmt, ap);
	va_end(ap);
	if (ret < 0 && n < sizeof(dev->err))
		snprintf(dev->err + n, sizeof(dev->err) - n, ": %s",
			 strerror(-ret));
	return ret;
}

/* drmIoctl retries EINTR/EAGAIN; returns 0 or -errno. */
static int io(struct corun_dev *dev, unsigned long req, void *arg)
{
	return drmIoctl(dev->fd, req, arg) ? -errno : 0;
}

const char *corun_error(const struct corun_dev *dev)
{
	return dev->err;
}

static int is_corun(int fd)
{
	drmVersionPtr v = drmGetVersion(fd);
	int ok = v && v->name && !strcmp(v->name, "corun");

	if (v)
		drmFreeVersion(v);
	return ok;
}

int corun_open(struct corun_dev *dev, const char *path)
{
	static const uint32_t params[] = {
		DRM_CORUN_PARAM_NUM_SMS, DRM_CORUN_PARAM_NUM_SLOTS,
		DRM_CORUN_PARAM_WARP_SIZE, DRM_CORUN_PARAM_PAGE_SIZE,
	};
	uint64_t v[4];
	unsigned int i;
	int fd = -1, ret;

	memset(dev, 0, sizeof(*dev));
	dev->fd = -1;
	if (path) {
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			return fail(dev, -errno, "open %s", path);
		if (!is_corun(fd)) {
			close(fd);
			return fail(dev, -ENODEV, "%s is not a corun device",
				    path);
		}
		snprintf(dev->path, sizeof(dev->path), "%s", path);
	} else {
		/* Render nodes are renderD128..renderD191. */
		for (i = 128; i < 192 && fd < 0; i++) {
			snprintf(dev->path, sizeof(dev->path),
				 "/dev/dri/renderD%u", i);
			fd = open(dev->path, O_RDWR | O_CLOEXEC);
			if (fd >= 0 && !is_corun(fd)) {
				close(fd);
				fd = -1;
			}
		}
		if (fd < 0)
			return fail(dev, -ENODEV,
				    "no corun render node in /dev/dri (is corun.ko loaded?)");
	}
	dev->fd = fd;
	for (i = 0; i < 4; i++) {
		ret = corun_get_param(dev, params[i], &v[i]);
		if (ret) {
			close(fd);
			dev->fd = -1;
			return ret;
		}
	}
	dev->num_sms = (uint32_t)v[0];
	dev->num_slots = (uint32_t)v[1];
	dev->warp_size = (uint32_t)v[2];
	dev->page_size = (uint32_t)v[3];
	return 0;
}

void corun_close(struct corun_dev *dev)
{
	if (dev->fd >= 0)
		close(dev->fd);
	dev->fd = -1;
}

int corun_get_param(struct corun_dev *dev, uint32_t param, uint64_t *value)
{
	struct drm_corun_get_param gp = { .param = param };
	int ret = io(dev, DRM_IOCTL_CORUN_GET_PARAM, &gp);

	if (ret)
		return fail(dev, ret, "GET_PARAM(%u)", param);
	*value = gp.value;
	return 0;
}

int corun_ctx_create(struct corun_dev *dev, int priority, const char *name,
		     uint32_t *ctx_id)
{
	struct drm_corun_ctx_create c = { .priority = priority };
	int ret;

	if (name)
		snprintf(c.name, sizeof(c.name), "%s", name);
	ret = io(dev, DRM_IOCTL_CORUN_CTX_CREATE, &c);
	if (ret)
		return fail(dev, ret, "CTX_CREATE(priority %d)", priority);
	*ctx_id = c.ctx_id;
	return 0;
}

int corun_ctx_destroy(struct corun_dev *dev, uint32_t ctx_id)
{
	struct drm_corun_ctx_destroy d = { .ctx_id = ctx_id };
	int ret = io(dev, DRM_IOCTL_CORUN_CTX_DESTROY, &d);

	return ret ? fail(dev, ret, "CTX_DESTROY(%u)", ctx_id) : 0;
}

static void gem_close(struct corun_dev *dev, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	drmIoctl(dev->fd, DRM_IOCTL_GEM_CLOSE, &c);
}

int corun_bo_create(struct corun_dev *dev, uint64_t size, uint32_t flags,
		    struct corun_bo *bo)
{
	struct drm_corun_create_bo c = { .size = size, .flags = flags };
	struct drm_corun_mmap_bo m = { 0 };
	void *p;
	int ret;

	memset(bo, 0, sizeof(*bo));
	ret = io(dev, DRM_IOCTL_CORUN_CREATE_BO, &c);
	if (ret)
		return fail(dev, ret, "CREATE_BO(size %llu, flags %#x)",
			    (unsigned long long)size, flags);
	m.handle = c.handle;
	ret = io(dev, DRM_IOCTL_CORUN_MMAP_BO, &m);
	if (ret) {
		gem_close(dev, c.handle);
		return fail(dev, ret, "MMAP_BO(handle %u)", c.handle);
	}
	p = mmap(NULL, c.size, PROT_READ | PROT_WRITE, MAP_SHARED, dev->fd,
		 (off_t)m.offset);
	if (p == MAP_FAILED) {
		ret = -errno;
		gem_close(dev, c.handle);
		return fail(dev, ret, "mmap(buffer of %llu bytes)",
			    (unsigned long long)c.size);
	}
	bo->handle = c.handle;
	bo->flags = flags;
	bo->size = c.size;
	bo->va = c.gpu_va;
	bo->map = p;
	return 0;
}

void corun_bo_destroy(struct corun_dev *dev, struct corun_bo *bo)
{
	if (bo->map)
		munmap(bo->map, bo->size);
	if (bo->handle)
		gem_close(dev, bo->handle);
	memset(bo, 0, sizeof(*bo));
}

static int bo_range(struct corun_dev *dev, const struct corun_bo *bo,
		    uint64_t off, uint64_t len, const char *op)
{
	if (off > bo->size || len > bo->size - off)
		return fail(dev, -ERANGE,
			    "%s: bytes %#llx+%llu outside the %llu-byte buffer at VA %#llx",
			    op, (unsigned long long)off,
			    (unsigned long long)len,
			    (unsigned long long)bo->size,
			    (unsigned long long)bo->va);
	return 0;
}

int corun_bo_write(struct corun_dev *dev, struct corun_bo *bo, uint64_t off,
		   const void *src, uint64_t len)
{
	int ret = bo_range(dev, bo, off, len, "write");

	if (!ret)
		memcpy(bo->map + off, src, len);
	return ret;
}

int corun_bo_read(struct corun_dev *dev, const struct corun_bo *bo,
		  uint64_t off, void *dst, uint64_t len)
{
	int ret = bo_range(dev, bo, off, len, "read");

	if (!ret)
		memcpy(dst, bo->map + off, len);
	return ret;
}

/*
 * The whole image goes into one EXEC buffer: the driver maps a buffer
 * with one set of permissions, so the data segments are executable too
 * and the code writable (the simulator's loader maps per segment).
 */
int corun_elf_load(struct corun_dev *dev, const char *path,
		   struct corun_elf *elf)
{
	char msg[256];
	int ret;

	memset(elf, 0, sizeof(*elf));
	if (kelf_load_file(path, &elf->img, msg, sizeof(msg)))
		return fail(dev, -ENOEXEC, "%s", msg);
	ret = corun_bo_create(dev, elf->img.span, DRM_CORUN_BO_EXEC, &elf->bo);
	if (ret)
		goto out;
	if (elf->bo.va + elf->img.span > UINT32_MAX ||
	    kelf_relocate(&elf->img, (uint32_t)elf->bo.va, msg, sizeof(msg))) {
		ret = fail(dev, -ENOEXEC, "%s: relocating for VA %#llx: %s",
			   path, (unsigned long long)elf->bo.va, msg);
		goto out;
	}
	memcpy(elf->bo.map, elf->img.image, elf->img.span);
	return 0;
out:
	corun_elf_free(dev, elf);
	return ret;
}

void corun_elf_free(struct corun_dev *dev, struct corun_elf *elf)
{
	corun_bo_destroy(dev, &elf->bo);
	kelf_free(&elf->img);
}

const struct corun_kinfo *corun_elf_kernel(const struct corun_elf *elf,
					   const char *name)
{
	return kelf_find_kernel(&elf->img, name);
}

int corun_syncobj_create(struct corun_dev *dev, uint32_t *handle)
{
	if (drmSyncobjCreate(dev->fd, 0, handle))
		return fail(dev, -errno, "SYNCOBJ_CREATE");
	return 0;
}

void corun_syncobj_destroy(struct corun_dev *dev, uint32_t handle)
{
	if (handle)
		drmSyncobjDestroy(dev->fd, handle);
}

int corun_submit(struct corun_dev *dev, const struct corun_launch *l,
		 uint64_t *job_id)
{
	struct drm_corun_ext_counters ec = { 0 };
	struct drm_corun_submit s = { 0 };
	int ret;

	s.ctx_id = l->ctx_id;
	s.flags = l->flags;
	s.code_handle = l->code_handle;
	s.entry_offset = l->entry_offset;
	s.args_va = l->args_va;
	memcpy(s.grid, l->grid, sizeof(s.grid));
	memcpy(s.block, l->block, sizeof(s.block));
	s.regs_per_thread = l->regs_per_thread;
	s.shared_bytes = l->shared_bytes;
	s.stack_bytes = l->stack_bytes;
	s.placement = l->placement;
	s.coherence = l->coherence;
	s.insn_budget = l->insn_budget;
	s.qos_target = l->qos_target;
	s.bo_handles = (uintptr_t)l->bo_handles;
	s.bo_handle_count = l->bo_count;
	s.in_syncs = (uintptr_t)l->in_syncs;
	s.in_sync_count = l->in_count;
	s.out_sync = l->out_sync;
	if (l->counters) {
		ec.base.id = DRM_CORUN_EXT_ID_COUNTERS;
		s.extensions = (uintptr_t)&ec;
	}
	ret = io(dev, DRM_IOCTL_CORUN_SUBMIT, &s);
	if (ret)
		return fail(dev, ret,
			    "SUBMIT(ctx %u, grid %ux%ux%u, block %ux%ux%u, regs %u, shared %u, stack %u, placement %u, coherence %u)",
			    l->ctx_id, l->grid[0], l->grid[1], l->grid[2],
			    l->block[0], l->block[1], l->block[2],
			    l->regs_per_thread, l->shared_bytes,
			    l->stack_bytes, l->placement, l->coherence);
	*job_id = s.job_id;
	return 0;
}

int corun_wait(struct corun_dev *dev, uint32_t handle, int64_t timeout_ms)
{
	struct timespec ts;
	int64_t deadline;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	deadline = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec +
		   timeout_ms * 1000000;
	if (drmSyncobjWait(dev->fd, &handle, 1, deadline,
			   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL))
		return fail(dev, -errno, "SYNCOBJ_WAIT(%u, %lld ms)", handle,
			    (long long)timeout_ms);
	return 0;
}

int corun_query_job(struct corun_dev *dev, uint64_t job_id,
		    struct drm_corun_query_job *q)
{
	int ret;

	memset(q, 0, sizeof(*q));
	q->job_id = job_id;
	ret = io(dev, DRM_IOCTL_CORUN_QUERY_JOB, q);
	return ret ? fail(dev, ret, "QUERY_JOB(%llu)",
			  (unsigned long long)job_id) : 0;
}

int corun_job_counters(struct corun_dev *dev, uint64_t job_id,
		       struct drm_corun_job_counters *c, int release)
{
	struct drm_corun_get_job_counters g = { 0 };
	int ret;

	memset(c, 0, sizeof(*c));
	g.job_id = job_id;
	g.counters = (uintptr_t)c;
	g.size = sizeof(*c);
	g.flags = release ? DRM_CORUN_GET_COUNTERS_RELEASE : 0;
	ret = io(dev, DRM_IOCTL_CORUN_GET_JOB_COUNTERS, &g);
	return ret ? fail(dev, ret, "GET_JOB_COUNTERS(%llu)",
			  (unsigned long long)job_id) : 0;
}

int corun_set_policy_fw(struct corun_dev *dev, const char *name,
			uint32_t epoch_cycles, uint32_t gate_jobs,
			const struct corun_fw_settings *fw)
{
	return corun_set_policy_knobs(dev, name, epoch_cycles, gate_jobs, fw,
				      NULL);
}

int corun_set_policy_knobs(struct corun_dev *dev, const char *name,
			   uint32_t epoch_cycles, uint32_t gate_jobs,
			   const struct corun_fw_settings *fw,
			   const struct corun_policy_knobs *knobs)
{
	struct drm_corun_policy p = {
		.policy = DRM_CORUN_POLICY_BY_NAME,
		.flags = gate_jobs ? DRM_CORUN_POLICY_F_START_GATE : 0,
		.epoch_cycles = epoch_cycles,
		.start_gate = gate_jobs,
	};
	int ret;

	if (strlen(name) >= sizeof(p.name))
		return fail(dev, -EINVAL, "policy name '%s' too long", name);
	strcpy(p.name, name);
	if (fw) {
		if (fw->n > DRM_CORUN_FW_PARAMS_MAX)
			return fail(dev, -E2BIG, "%u firmware parameters",
				    fw->n);
		p.irc = fw->irc;
		p.llc = fw->llc;
		p.vcp = fw->vcp;
		p.dram = fw->dram;
		p.l1 = fw->l1;
		p.fw_param_count = fw->n;
		p.fw_params = fw->n ? (uintptr_t)fw->p : 0;
	}
	if (knobs && knobs->n) {
		if (knobs->n > DRM_CORUN_POLICY_PARAMS_MAX)
			return fail(dev, -E2BIG, "%u policy knobs", knobs->n);
		p.policy_param_count = knobs->n;
		p.policy_params = (uintptr_t)knobs->p;
	}
	ret = io(dev, DRM_IOCTL_CORUN_SET_POLICY, &p);
	if (ret == -EACCES || ret == -EPERM)
		return fail(dev, ret, "SET_POLICY(%s) needs CAP_SYS_ADMIN",
			    name);
	if (ret == -EOPNOTSUPP && fw)
		return fail(dev, ret,
			    "SET_POLICY(%s): the policy is not built in, or the firmware lacks a setting",
			    name);
	if (ret == -EIO || ret == -ETIMEDOUT)
		return fail(dev, ret,
			    "SET_POLICY(%s): the firmware refused the settings or did not answer",
			    name);
	if ((ret == -EINVAL || ret == -ERANGE) && knobs && knobs->n)
		return fail(dev, ret,
			    "SET_POLICY(%s): a knob the policy lacks, given twice or out of its range",
			    name);
	if (ret && gate_jobs)
		return fail(dev, ret, "SET_POLICY(%s, start gate %u jobs)",
			    name, gate_jobs);
	return ret ? fail(dev, ret, "SET_POLICY(%s, epoch %u cycles%s)", name,
			  epoch_cycles, fw ? ", firmware settings" : "") :
		     0;
}

int corun_set_policy(struct corun_dev *dev, const char *name,
		     uint32_t epoch_cycles)
{
	return corun_set_policy_fw(dev, name, epoch_cycles, 0, NULL);
}

int corun_set_policy_gate(struct corun_dev *dev, const char *name,
			  uint32_t epoch_cycles, uint32_t jobs)
{
	if (!jobs)
		return fail(dev, -EINVAL, "start gate of 0 jobs");
	return corun_set_policy_fw(dev, name, epoch_cycles, jobs, NULL);
}

int corun_get_policy_fw(struct corun_dev *dev, struct drm_corun_policy *p,
			struct drm_corun_fw_param *params, uint32_t n)
{
	int ret;

	memset(p, 0, sizeof(*p));
	p->fw_param_count = n;
	p->fw_params = n ? (uintptr_t)params : 0;
	ret = io(dev, DRM_IOCTL_CORUN_GET_POLICY, p);
	return ret ? fail(dev, ret, "GET_POLICY") : 0;
}

int corun_get_policy(struct corun_dev *dev, struct drm_corun_policy *p)
{
	return corun_get_policy_fw(dev, p, NULL, 0);
}

int corun_get_policy_knobs(struct corun_dev *dev, struct drm_corun_policy *p,
			   struct corun_policy_knobs *knobs)
{
	int ret;

	if (knobs->n > DRM_CORUN_POLICY_PARAMS_MAX)
		return fail(dev, -E2BIG, "%u policy knobs", knobs->n);
	memset(p, 0, sizeof(*p));
	p->policy_param_count = knobs->n;
	p->policy_params = knobs->n ? (uintptr_t)knobs->p : 0;
	ret = io(dev, DRM_IOCTL_CORUN_GET_POLICY, p);
	return ret ? fail(dev, ret, "GET_POLICY(%u knobs)", knobs->n) : 0;
}

const char *corun_job_state_name(uint32_t state)
{
	static const char *const names[] = {
		[DRM_CORUN_JOB_QUEUED] = "queued",
		[DRM_CORUN_JOB_RUNNING] = "running",
		[DRM_CORUN_JOB_DONE] = "done",
		[DRM_CORUN_JOB_FAULTED] = "faulted",
		[DRM_CORUN_JOB_CANCELED] = "canceled",
	};

	return state < sizeof(names) / sizeof(names[0]) && names[state] ?
		       names[state] : "unknown";
}

const char *corun_fault_cause_name(uint32_t cause)
{
	static const char *const names[] = {
		[DRM_CORUN_FAULT_NONE] = "none",
		[DRM_CORUN_FAULT_MMU_UNMAPPED] = "mmu_unmapped",
		[DRM_CORUN_FAULT_MMU_WRITE] = "mmu_write",
		[DRM_CORUN_FAULT_MMU_EXEC] = "mmu_exec",
		[DRM_CORUN_FAULT_ILLEGAL_INSN] = "illegal_insn",
		[DRM_CORUN_FAULT_MISALIGNED] = "misaligned",
		[DRM_CORUN_FAULT_SHARED_BOUNDS] = "shared_bounds",
		[DRM_CORUN_FAULT_TRAP] = "trap",
		[DRM_CORUN_FAULT_INSN_BUDGET] = "insn_budget",
		[DRM_CORUN_FAULT_HANG] = "hang",
	};

	return cause < sizeof(names) / sizeof(names[0]) && names[cause] ?
		       names[cause] : "unknown";
}
