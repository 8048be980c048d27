// SPDX-License-Identifier: GPL-2.0
/*
 * corun: contexts. A context is one drm_sched entity whose scheduler list
 * holds every hardware slot's scheduler, so that its jobs go to whichever
 * slot is least busy when the previous job of the context has finished.
 *
 * In lockstep mode a context is pinned to one slot instead: the one the
 * fewest live contexts are pinned to, lowest first. Contexts created in
 * a mix's order then run in slots 0, 1, ... for their whole life, as
 * corun-sim runs mix jobs, and the slot-dependent parts of the device
 * (miss sub-queues, virtual channels, policy decisions) see the same
 * slots in both.
 */

#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm/drm_file.h>

#include "corun_drv.h"

/* Called with the device's policy_lock held. */
static u32 corun_ctx_pick_slot(struct corun_device *cdev)
{
	u32 s, best = 0;

	for (s = 1; s < cdev->num_slots; s++)
		if (cdev->slot_ctxs[s] < cdev->slot_ctxs[best])
			best = s;
	return best;
}

/* The context leaves its file: end a hold after its job, free its slot. */
static void corun_ctx_close(struct corun_device *cdev, struct corun_ctx *ctx)
{
	corun_hold_release(cdev, ctx, true);
	if (ctx->pinned) {
		mutex_lock(&cdev->policy_lock);
		cdev->slot_ctxs[ctx->slot]--;
		mutex_unlock(&cdev->policy_lock);
	}
}

static void corun_ctx_release(struct kref *ref)
{
	struct corun_ctx *ctx = container_of(ref, struct corun_ctx, ref);

	drm_sched_entity_destroy(&ctx->entity);
	kfree(ctx);
}

void corun_ctx_put(struct corun_ctx *ctx)
{
	kref_put(&ctx->ref, corun_ctx_release);
}

struct corun_ctx *corun_ctx_lookup(struct corun_file *cfile, u32 id)
{
	struct corun_ctx *ctx;

	xa_lock(&cfile->ctxs);
	ctx = xa_load(&cfile->ctxs, id);
	if (ctx)
		kref_get(&ctx->ref);
	xa_unlock(&cfile->ctxs);
	return ctx;
}

static bool corun_ctx_name_ok(const char *name)
{
	size_t i, len = strnlen(name, DRM_CORUN_CTX_NAME_LEN);

	if (len == DRM_CORUN_CTX_NAME_LEN)
		return false;
	for (i = 0; i < len; i++)
		if (!isprint(name[i]))
			return false;
	return true;
}

int corun_ioctl_ctx_create(struct drm_device *drm, void *data,
			   struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct drm_corun_ctx_create *args = data;
	struct corun_file *cfile = file->driver_priv;
	struct drm_gpu_scheduler **scheds = cdev->sched_list;
	u32 nscheds = cdev->num_slots;
	struct corun_ctx *ctx;
	u32 id;
	int ret;

	if (args->flags || args->pad || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	if (args->priority < DRM_CORUN_PRIORITY_LOW ||
	    args->priority > DRM_CORUN_PRIORITY_HIGH)
		return -EINVAL;
	if (!corun_ctx_name_ok(args->name))
		return -EINVAL;
	if (args->priority > DRM_CORUN_PRIORITY_NORMAL &&
	    !capable(CAP_SYS_NICE))
		return -EACCES;

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	kref_init(&ctx->ref);
	ctx->priority = args->priority;
	if (args->name[0])
		strscpy(ctx->name, args->name, sizeof(ctx->name));
	else
		strscpy(ctx->name, current->comm, sizeof(ctx->name));

	if (cdev->lockstep) {
		mutex_lock(&cdev->policy_lock);
		ctx->slot = corun_ctx_pick_slot(cdev);
		cdev->slot_ctxs[ctx->slot]++;
		mutex_unlock(&cdev->policy_lock);
		ctx->pinned = true;
		scheds = &cdev->sched_list[ctx->slot];
		nscheds = 1;
	}
	ret = drm_sched_entity_init(&ctx->entity,
				    corun_sched_prio(args->priority), scheds,
				    nscheds, NULL);
	if (ret) {
		if (ctx->pinned)
			corun_ctx_close(cdev, ctx);
		kfree(ctx);
		return ret;
	}

	ret = xa_alloc_cyclic(&cfile->ctxs, &id, ctx,
			      XA_LIMIT(1, CORUN_MAX_CTXS), &cfile->next_ctx,
			      GFP_KERNEL);
	if (ret < 0) {
		corun_ctx_close(cdev, ctx);
		corun_ctx_put(ctx);
		return ret == -EBUSY ? -ENOSPC : ret;
	}
	ctx->id = id;
	args->ctx_id = id;
	return 0;
}

int corun_ioctl_ctx_destroy(struct drm_device *drm, void *data,
			    struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct drm_corun_ctx_destroy *args = data;
	struct corun_file *cfile = file->driver_priv;
	struct corun_ctx *ctx;

	if (args->pad)
		return -EINVAL;
	ctx = xa_erase(&cfile->ctxs, args->ctx_id);
	if (!ctx)
		return -ENOENT;
	corun_ctx_close(cdev, ctx);
	corun_ctx_put(ctx);
	return 0;
}

void corun_ctx_destroy_all(struct corun_file *cfile)
{
	struct corun_ctx *ctx;
	unsigned long id;

	xa_for_each(&cfile->ctxs, id, ctx) {
		xa_erase(&cfile->ctxs, id);
		corun_ctx_close(cfile->cdev, ctx);
		corun_ctx_put(ctx);
	}
	xa_destroy(&cfile->ctxs);
}
