// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The simhost API over the corun DRM driver (see simhost_drm.h).
 *
 * Buffers: sim_alloc() creates one GEM buffer (the driver picks the VA
 * and keeps a guard page after it, like simhost) and keeps it mapped, so
 * sim_write()/sim_read() are memcpy()s into the mapping of the buffer
 * holding the VA. Kernels: sim_load_kernel() loads each ELF once per
 * context into an EXEC buffer (libcorun) and hands out its kinfo with an
 * absolute entry VA; simdrm_run() finds the ELF back from that VA.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simhost_drm.h"

struct simdrm_elf {
	char *path;
	struct corun_elf elf;
};

struct sim_ctx {
	struct corun_dev *dev;
	uint32_t ctx_id;
	uint32_t syncobj;
	unsigned int nbos, nelfs;
	struct corun_bo *bos;
	struct simdrm_elf *elfs;
	uint32_t *handles;	/* every buffer of the run, for SUBMIT */
	uint32_t submit_flags;
	uint32_t qos_target;
	void (*submitted)(void *arg, uint64_t job_id);
	void *submitted_arg;
};

static int serr(char *err, size_t len, int ret, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int serr(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err && len) {
		va_start(ap, fmt);
		vsnprintf(err, len, fmt, ap);
		va_end(ap);
	}
	return ret;
}

struct sim_ctx *simdrm_ctx_create(struct corun_dev *dev, uint32_t ctx_id)
{
	struct sim_ctx *ctx = calloc(1, sizeof(*ctx));

	if (!ctx)
		return NULL;
	ctx->dev = dev;
	ctx->ctx_id = ctx_id;
	if (corun_syncobj_create(dev, &ctx->syncobj)) {
		free(ctx);
		return NULL;
	}
	return ctx;
}

void sim_ctx_destroy(struct sim_ctx *ctx)
{
	unsigned int i;

	if (!ctx)
		return;
	for (i = 0; i < ctx->nbos; i++)
		corun_bo_destroy(ctx->dev, &ctx->bos[i]);
	for (i = 0; i < ctx->nelfs; i++) {
		corun_elf_free(ctx->dev, &ctx->elfs[i].elf);
		free(ctx->elfs[i].path);
	}
	corun_syncobj_destroy(ctx->dev, ctx->syncobj);
	free(ctx->bos);
	free(ctx->elfs);
	free(ctx->handles);
	free(ctx);
}

int sim_alloc(struct sim_ctx *ctx, uint32_t size, unsigned int flags,
	      uint32_t *va)
{
	struct corun_bo *bos, bo;
	uint32_t *h, bflags = 0;
	int ret;

	if (!size || !(flags & (SIM_BO_READ | SIM_BO_WRITE | SIM_BO_EXEC)) ||
	    (flags & ~(SIM_BO_READ | SIM_BO_WRITE | SIM_BO_EXEC)))
		return -EINVAL;
	if (flags & SIM_BO_EXEC)
		bflags |= DRM_CORUN_BO_EXEC;
	if (!(flags & SIM_BO_WRITE))
		bflags |= DRM_CORUN_BO_GPU_READ_ONLY;
	bos = realloc(ctx->bos, (ctx->nbos + 1) * sizeof(*bos));
	if (!bos)
		return -ENOMEM;
	ctx->bos = bos;
	h = realloc(ctx->handles, (ctx->nbos + 1) * sizeof(*h));
	if (!h)
		return -ENOMEM;
	ctx->handles = h;
	ret = corun_bo_create(ctx->dev, size, bflags, &bo);
	if (ret)
		return ret;
	if (bo.va + bo.size > UINT32_MAX) {
		corun_bo_destroy(ctx->dev, &bo);
		return -ENOMEM;
	}
	ctx->bos[ctx->nbos] = bo;
	ctx->handles[ctx->nbos] = bo.handle;
	ctx->nbos++;
	*va = (uint32_t)bo.va;
	return 0;
}

int sim_free(struct sim_ctx *ctx, uint32_t va)
{
	unsigned int i;

	for (i = 0; i < ctx->nbos; i++) {
		if (ctx->bos[i].va != va)
			continue;
		corun_bo_destroy(ctx->dev, &ctx->bos[i]);
		ctx->nbos--;
		ctx->bos[i] = ctx->bos[ctx->nbos];
		ctx->handles[i] = ctx->handles[ctx->nbos];
		return 0;
	}
	return -ENOENT;
}

/* The buffer holding [va, va + len), or NULL. */
static struct corun_bo *find_bo(struct sim_ctx *ctx, uint32_t va,
				uint32_t len)
{
	unsigned int i;

	for (i = 0; i < ctx->nbos; i++) {
		struct corun_bo *b = &ctx->bos[i];

		if (va >= b->va && va - b->va <= b->size &&
		    len <= b->size - (va - b->va))
			return b;
	}
	return NULL;
}

int sim_write(struct sim_ctx *ctx, uint32_t va, const void *src,
	      uint32_t len)
{
	struct corun_bo *b = find_bo(ctx, va, len);

	if (!b)
		return -EFAULT;
	memcpy(b->map + (va - b->va), src, len);
	return 0;
}

int sim_read(struct sim_ctx *ctx, uint32_t va, void *dst, uint32_t len)
{
	struct corun_bo *b = find_bo(ctx, va, len);

	if (!b)
		return -EFAULT;
	memcpy(dst, b->map + (va - b->va), len);
	return 0;
}

int sim_wl_args(struct sim_ctx *ctx, const void *args, uint32_t size,
		uint32_t *va)
{
	int ret = sim_alloc(ctx, size, SIM_BO_READ | SIM_BO_WRITE, va);

	if (ret)
		return ret;
	ret = sim_write(ctx, *va, args, size);
	if (ret)
		sim_free(ctx, *va);
	return ret;
}

int sim_load_kernel(struct sim_ctx *ctx, const char *elf_path,
		    const char *name, struct sim_kernel *k, char *err,
		    size_t len)
{
	const struct corun_kinfo *ki;
	struct simdrm_elf *e = NULL, *es;
	unsigned int i;
	size_t n;
	int ret;

	for (i = 0; i < ctx->nelfs; i++)
		if (!strcmp(ctx->elfs[i].path, elf_path))
			e = &ctx->elfs[i];
	if (!e) {
		es = realloc(ctx->elfs, (ctx->nelfs + 1) * sizeof(*es));
		if (!es)
			return serr(err, len, -ENOMEM, "out of memory");
		ctx->elfs = es;
		e = &ctx->elfs[ctx->nelfs];
		ret = corun_elf_load(ctx->dev, elf_path, &e->elf);
		if (ret)
			return serr(err, len, ret, "%s",
				    corun_error(ctx->dev));
		e->path = strdup(elf_path);
		if (!e->path) {
			corun_elf_free(ctx->dev, &e->elf);
			return serr(err, len, -ENOMEM, "out of memory");
		}
		ctx->nelfs++;
	}
	ki = corun_elf_kernel(&e->elf, name);
	if (!ki) {
		n = (size_t)snprintf(err, len, "%s: no kernel '%s' (has:",
				     elf_path, name);
		for (i = 0; i < e->elf.img.nkernels && n < len; i++)
			n += (size_t)snprintf(err + n, len - n, " %s",
					      e->elf.img.kinfo[i].name);
		if (n < len)
			snprintf(err + n, len - n, ")");
		return -ENOENT;
	}
	memset(k, 0, sizeof(*k));
	memcpy(k->name, ki->name, sizeof(k->name));
	k->name[sizeof(k->name) - 1] = 0;
	k->entry = ki->entry;
	k->regs_per_thread = ki->regs_per_thread;
	k->shared_bytes = ki->shared_bytes;
	k->stack_bytes = ki->stack_bytes;
	return 0;
}

void simdrm_ctx_set_submit(struct sim_ctx *ctx, uint32_t flags,
			   void (*submitted)(void *arg, uint64_t job_id),
			   void *arg)
{
	ctx->submit_flags = flags;
	ctx->submitted = submitted;
	ctx->submitted_arg = arg;
}

void simdrm_ctx_set_qos(struct sim_ctx *ctx, uint32_t qos_target)
{
	ctx->qos_target = qos_target;
}

int simdrm_run(struct sim_ctx *ctx, const struct sim_launch *l,
	       uint32_t placement, int64_t timeout_ms,
	       struct simdrm_result *r, char *err, size_t len)
{
	struct corun_dev *dev = ctx->dev;
	struct corun_launch cl;
	struct corun_elf *elf = NULL;
	unsigned int i;
	int ret;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < ctx->nelfs; i++) {
		struct corun_elf *e = &ctx->elfs[i].elf;

		if (l->k.entry >= e->bo.va && l->k.entry < e->bo.va + e->bo.size)
			elf = e;
	}
	if (!elf)
		return serr(err, len, -EINVAL,
			    "%s: entry %#x is in no kernel loaded in this context",
			    l->k.name, l->k.entry);
	memset(&cl, 0, sizeof(cl));
	cl.ctx_id = ctx->ctx_id;
	cl.code_handle = elf->bo.handle;
	cl.entry_offset = (uint32_t)(l->k.entry - elf->bo.va);
	cl.args_va = l->args_va;
	memcpy(cl.grid, l->grid, sizeof(cl.grid));
	memcpy(cl.block, l->block, sizeof(cl.block));
	cl.regs_per_thread = l->k.regs_per_thread;
	cl.shared_bytes = l->k.shared_bytes;
	cl.stack_bytes = l->k.stack_bytes;
	/* hw.h numbers modes from 0, the uapi keeps 0 for "policy decides". */
	cl.placement = l->placement != CORUN_PLACE_RR ? l->placement + 1 :
							placement;
	cl.coherence = l->coherence ? l->coherence + 1 : 0;
	/* simhost budgets thread instructions, the uapi warp instructions. */
	if (l->insn_budget && dev->warp_size)
		cl.insn_budget = (l->insn_budget + dev->warp_size - 1) /
				 dev->warp_size;
	cl.bo_handles = ctx->handles;
	cl.bo_count = ctx->nbos;
	cl.out_sync = ctx->syncobj;
	cl.counters = 1;
	cl.flags = ctx->submit_flags;
	cl.qos_target = ctx->qos_target;
	ret = corun_submit(dev, &cl, &r->job_id);
	if (ret)
		return serr(err, len, ret, "%s: %s", l->k.name,
			    corun_error(dev));
	if (ctx->submitted)
		ctx->submitted(ctx->submitted_arg, r->job_id);
	ret = corun_wait(dev, ctx->syncobj, timeout_ms);
	if (ret)
		return serr(err, len, ret, "%s (job %llu): %s", l->k.name,
			    (unsigned long long)r->job_id, corun_error(dev));
	ret = corun_query_job(dev, r->job_id, &r->query);
	if (!ret)
		ret = corun_job_counters(dev, r->job_id, &r->counters, 1);
	if (ret)
		return serr(err, len, ret, "%s: %s", l->k.name,
			    corun_error(dev));
	return 0;
}
