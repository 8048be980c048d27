// SPDX-License-Identifier: GPL-2.0
/*
 * corun: the SUBMIT ioctl. Every field is checked as uapi.rst says before
 * anything is allocated; then the buffers are looked up and reserved, the
 * in-syncs and implicit fences become scheduler dependencies, the job is
 * armed and pushed, and its finished fence is published in the buffers'
 * reservation objects and the out-syncs.
 */

#include <linux/capability.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include <drm/drm_exec.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_syncobj.h>

#include "corun_drv.h"
#include "corun_trace.h"

/**
 * struct corun_submit_syncs - the sync operations of one submission
 * @in: wait operations
 * @in_count: entries of @in
 * @out: signal operations
 * @out_count: entries of @out
 * @out_objs: syncobjs of @out, looked up before the job is pushed
 * @out_chains: timeline chain nodes for @out
 * @counters: the counters extension was given
 */
struct corun_submit_syncs {
	struct drm_corun_sync in[CORUN_MAX_SYNCS];
	u32 in_count;
	struct drm_corun_sync out[CORUN_MAX_SYNCS];
	u32 out_count;
	struct drm_syncobj *out_objs[CORUN_MAX_SYNCS];
	struct dma_fence_chain *out_chains[CORUN_MAX_SYNCS];
	bool counters;
};

static int corun_copy_syncs(struct drm_corun_sync *dst, u32 *count, u64 uptr,
			    u32 n)
{
	u32 i;

	if (!n)
		return 0;
	if (n > CORUN_MAX_SYNCS - *count)
		return -E2BIG;
	if (copy_from_user(dst + *count, u64_to_user_ptr(uptr),
			   n * sizeof(*dst)))
		return -EFAULT;
	for (i = *count; i < *count + n; i++)
		if (dst[i].flags)
			return -EINVAL;
	*count += n;
	return 0;
}

static int corun_submit_extensions(struct drm_corun_submit *args,
				   struct corun_submit_syncs *syncs)
{
	u64 next = args->extensions;
	u32 seen = 0, n = 0;

	while (next) {
		struct drm_corun_extension ext;

		if (++n > DRM_CORUN_MAX_EXTENSIONS)
			return -E2BIG;
		if (copy_from_user(&ext, u64_to_user_ptr(next), sizeof(ext)))
			return -EFAULT;
		if (ext.flags)
			return -EINVAL;
		if (ext.id >= 32 || (seen & BIT(ext.id)))
			return -EINVAL;
		seen |= BIT(ext.id);

		switch (ext.id) {
		case DRM_CORUN_EXT_ID_SYNCS: {
			struct drm_corun_ext_syncs es;
			int ret;

			if (copy_from_user(&es, u64_to_user_ptr(next),
					   sizeof(es)))
				return -EFAULT;
			if (es.reserved)
				return -EINVAL;
			ret = corun_copy_syncs(syncs->in, &syncs->in_count,
					       es.in_syncs, es.in_count);
			if (ret)
				return ret;
			ret = corun_copy_syncs(syncs->out, &syncs->out_count,
					       es.out_syncs, es.out_count);
			if (ret)
				return ret;
			break;
		}
		case DRM_CORUN_EXT_ID_COUNTERS: {
			struct drm_corun_ext_counters ec;

			if (copy_from_user(&ec, u64_to_user_ptr(next),
					   sizeof(ec)))
				return -EFAULT;
			if ((ec.flags & ~DRM_CORUN_COUNTERS_PER_SM) || ec.pad)
				return -EINVAL;
			if (ec.flags & DRM_CORUN_COUNTERS_PER_SM)
				return -EOPNOTSUPP;
			syncs->counters = true;
			break;
		}
		default:
			return -EINVAL;
		}
		next = ext.next;
	}
	return 0;
}

static int corun_submit_check(struct corun_device *cdev,
			      struct drm_corun_submit *args)
{
	struct corun_cta_footprint fp;
	u64 threads, ctas;
	u32 i;

	if (args->flags & ~(DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC |
			    DRM_CORUN_SUBMIT_HOLD) ||
	    args->pad || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	if (args->entry_offset & 3 || args->args_va > U32_MAX)
		return -EINVAL;
	for (i = 0; i < 3; i++)
		if (!args->grid[i] || !args->block[i])
			return -EINVAL;
	if (!args->regs_per_thread || args->stack_bytes % 16)
		return -EINVAL;
	if (args->placement > DRM_CORUN_PLACEMENT_STEAL ||
	    args->coherence > DRM_CORUN_COHERENCE_OWNERSHIP)
		return -EINVAL;

	ctas = 1;
	threads = 1;
	for (i = 0; i < 3; i++) {
		/* each dimension within an SM: the product cannot wrap */
		if (args->grid[i] > CORUN_MAX_GRID_DIM ||
		    args->block[i] > cdev->sm_threads)
			return -ERANGE;
		ctas *= args->grid[i];
		threads *= args->block[i];
	}
	/* what fits an SM: the computation the device and policies use */
	if (ctas >= BIT_ULL(31) ||
	    corun_cta_footprint(&cdev->plat.sm, threads, args->regs_per_thread,
				args->shared_bytes, &fp) != CORUN_CTA_FITS ||
	    args->shared_bytes > CORUN_VA_SHARED_MAX ||
	    args->stack_bytes > CORUN_STACK_MAX ||
	    args->qos_target > DRM_CORUN_QOS_ONE ||
	    args->insn_budget > CORUN_MAX_INSN_BUDGET)
		return -ERANGE;
	if (args->bo_handle_count > CORUN_MAX_BO_HANDLES ||
	    args->in_sync_count > CORUN_MAX_SYNCS)
		return -E2BIG;
	/* uapi 1..n map to device modes 0..n-1 */
	if (args->placement && !(cdev->caps & BIT(CORUN_CAP_PLACEMENT_SHIFT +
						  args->placement - 1)))
		return -EOPNOTSUPP;
	if (args->coherence && !(cdev->caps & BIT(CORUN_CAP_COHERENCE_SHIFT +
						  args->coherence - 1)))
		return -EOPNOTSUPP;
	if (args->qos_target && !capable(CAP_SYS_NICE))
		return -EACCES;
	/* stops the whole device: only for lockstep experiments, by root */
	if (args->flags & DRM_CORUN_SUBMIT_HOLD) {
		if (!cdev->lockstep)
			return -EOPNOTSUPP;
		if (!capable(CAP_SYS_ADMIN))
			return -EACCES;
	}
	return 0;
}

static int corun_submit_bos(struct drm_file *file, struct corun_job *job,
			    struct drm_corun_submit *args,
			    struct drm_gem_object *code)
{
	u32 *handles;
	u32 i, j, n = 0;
	int ret = 0;

	job->bos = kvcalloc(args->bo_handle_count + 1, sizeof(*job->bos),
			    GFP_KERNEL);
	if (!job->bos)
		return -ENOMEM;
	drm_gem_object_get(code);
	job->bos[n++] = code;
	job->bo_count = n;
	if (!args->bo_handle_count)
		return 0;

	handles =
		kvmalloc_array(args->bo_handle_count, sizeof(u32), GFP_KERNEL);
	if (!handles)
		return -ENOMEM;
	if (copy_from_user(handles, u64_to_user_ptr(args->bo_handles),
			   args->bo_handle_count * sizeof(u32))) {
		ret = -EFAULT;
		goto out;
	}
	for (i = 0; i < args->bo_handle_count; i++) {
		struct drm_gem_object *obj;

		obj = drm_gem_object_lookup(file, handles[i]);
		if (!obj) {
			ret = -ENOENT;
			goto out;
		}
		for (j = 0; j < n; j++)
			if (job->bos[j] == obj)
				break;
		if (j < n) {
			/* duplicates are ignored */
			drm_gem_object_put(obj);
			continue;
		}
		job->bos[n++] = obj;
		job->bo_count = n;
	}
out:
	kvfree(handles);
	return ret;
}

static int corun_submit_in_syncs(struct drm_file *file, struct corun_job *job,
				 struct drm_corun_submit *args,
				 struct corun_submit_syncs *syncs)
{
	u32 *handles;
	u32 i;
	int ret = 0;

	if (args->in_sync_count) {
		if (args->in_sync_count > CORUN_MAX_SYNCS - syncs->in_count)
			return -E2BIG;
		handles = kmalloc_array(args->in_sync_count, sizeof(u32),
					GFP_KERNEL);
		if (!handles)
			return -ENOMEM;
		if (copy_from_user(handles, u64_to_user_ptr(args->in_syncs),
				   args->in_sync_count * sizeof(u32))) {
			kfree(handles);
			return -EFAULT;
		}
		for (i = 0; i < args->in_sync_count; i++) {
			syncs->in[syncs->in_count].handle = handles[i];
			syncs->in[syncs->in_count].flags = 0;
			syncs->in[syncs->in_count].point = 0;
			syncs->in_count++;
		}
		kfree(handles);
	}

	for (i = 0; i < syncs->in_count; i++) {
		struct dma_fence *fence;

		ret = drm_syncobj_find_fence(file, syncs->in[i].handle,
					     syncs->in[i].point, 0, &fence);
		if (ret)
			return ret == -ENOENT ? -ENOENT : -EINVAL;
		ret = drm_sched_job_add_dependency(&job->base, fence);
		if (ret)
			return ret;
	}
	return 0;
}

static int corun_submit_out_syncs(struct drm_file *file,
				  struct drm_corun_submit *args,
				  struct corun_submit_syncs *syncs)
{
	u32 i;

	if (args->out_sync) {
		if (syncs->out_count >= CORUN_MAX_SYNCS)
			return -E2BIG;
		syncs->out[syncs->out_count].handle = args->out_sync;
		syncs->out[syncs->out_count].flags = 0;
		syncs->out[syncs->out_count].point = 0;
		syncs->out_count++;
	}
	for (i = 0; i < syncs->out_count; i++) {
		syncs->out_objs[i] =
			drm_syncobj_find(file, syncs->out[i].handle);
		if (!syncs->out_objs[i])
			return -ENOENT;
		if (syncs->out[i].point) {
			syncs->out_chains[i] = dma_fence_chain_alloc();
			if (!syncs->out_chains[i])
				return -ENOMEM;
		}
	}
	return 0;
}

static void corun_submit_syncs_free(struct corun_submit_syncs *syncs)
{
	u32 i;

	for (i = 0; i < syncs->out_count; i++) {
		if (syncs->out_objs[i])
			drm_syncobj_put(syncs->out_objs[i]);
		dma_fence_chain_free(syncs->out_chains[i]);
	}
}

static void corun_submit_fill_desc(struct corun_device *cdev,
				   struct corun_job *job,
				   struct drm_corun_submit *args,
				   struct corun_bo *code)
{
	struct corun_job_desc *d = &job->desc;
	u32 i;

	d->magic = CORUN_DESC_MAGIC;
	d->version = CORUN_DESC_VERSION;
	d->size = sizeof(*d);
	d->flags = args->flags & DRM_CORUN_SUBMIT_HOLD ? CORUN_DESC_F_HOLD : 0;
	d->ctx_id = job->ctx->id;
	d->as_tag = job->vm->as_tag;
	d->pt_root = job->vm->l1_dma;
	d->entry = (u32)code->node.start + args->entry_offset;
	d->args = (u32)args->args_va;
	for (i = 0; i < 3; i++) {
		d->grid[i] = args->grid[i];
		d->block[i] = args->block[i];
	}
	d->regs_per_thread = args->regs_per_thread;
	d->placement = args->placement ? args->placement - 1 : CORUN_PLACE_RR;
	d->coherence =
		args->coherence ? args->coherence - 1 : CORUN_COH_FLUSH_INV;
	d->shared_bytes = args->shared_bytes;
	d->stack_bytes =
		args->stack_bytes ? args->stack_bytes : CORUN_STACK_DEFAULT;
	d->qos_target = args->qos_target;
	d->insn_budget = args->insn_budget ? args->insn_budget :
					     CORUN_DEFAULT_INSN_BUDGET;
}

static int corun_add_implicit(struct corun_job *job, u32 i, bool write)
{
	return drm_sched_job_add_implicit_dependencies(&job->base, job->bos[i],
						       write);
}

/* Job records -------------------------------------------------------- */

static void corun_job_rec_release(struct kref *ref)
{
	struct corun_job_rec *rec =
		container_of(ref, struct corun_job_rec, ref);

	kfree(rec->counters);
	kfree(rec);
}

void corun_job_rec_put(struct corun_job_rec *rec)
{
	kref_put(&rec->ref, corun_job_rec_release);
}

/* Finished, and without a counter record that must be kept. */
static bool corun_job_rec_finished(struct corun_job_rec *rec, u64 *end_ns)
{
	unsigned long flags;
	bool done;

	spin_lock_irqsave(&rec->lock, flags);
	done = rec->q.state != DRM_CORUN_JOB_QUEUED &&
	       rec->q.state != DRM_CORUN_JOB_RUNNING && !rec->counters;
	*end_ns = rec->q.end_ns;
	spin_unlock_irqrestore(&rec->lock, flags);
	return done;
}

static int corun_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * Keep every unfinished record and the CORUN_JOB_HISTORY most recently
 * finished ones. Runs under submit_lock once the table has grown to twice
 * the history, so its cost is amortised over many submissions.
 */
static void corun_jobs_prune(struct corun_file *cfile)
{
	struct corun_job_rec *rec;
	unsigned long id, n = 0, nfin = 0;
	u64 *ends, end, cut;

	xa_for_each(&cfile->jobs, id, rec)
		n++;
	if (n < 2 * CORUN_JOB_HISTORY)
		return;
	ends = kvmalloc_array(n, sizeof(*ends), GFP_KERNEL);
	if (!ends)
		return;
	xa_for_each(&cfile->jobs, id, rec)
		if (nfin < n && corun_job_rec_finished(rec, &end))
			ends[nfin++] = end;
	if (nfin > CORUN_JOB_HISTORY) {
		sort(ends, nfin, sizeof(*ends), corun_cmp_u64, NULL);
		cut = ends[nfin - CORUN_JOB_HISTORY];
		xa_for_each(&cfile->jobs, id, rec) {
			if (corun_job_rec_finished(rec, &end) && end < cut) {
				xa_erase(&cfile->jobs, id);
				corun_job_rec_put(rec);
			}
		}
	}
	kvfree(ends);
}

void corun_jobs_fini(struct corun_file *cfile)
{
	struct corun_job_rec *rec;
	unsigned long id;

	xa_for_each(&cfile->jobs, id, rec) {
		xa_erase(&cfile->jobs, id);
		corun_job_rec_put(rec);
	}
	xa_destroy(&cfile->jobs);
}

int corun_ioctl_query_job(struct drm_device *drm, void *data,
			  struct drm_file *file)
{
	struct corun_file *cfile = file->driver_priv;
	struct drm_corun_query_job *args = data;
	struct corun_job_rec *rec;
	unsigned long flags;
	u64 job_id = args->job_id;

	if (args->flags || args->pad || args->reserved[0] || args->reserved[1])
		return -EINVAL;
	if (job_id > ULONG_MAX)
		return -ENOENT;

	mutex_lock(&cfile->submit_lock);
	rec = xa_load(&cfile->jobs, job_id);
	if (rec)
		kref_get(&rec->ref);
	mutex_unlock(&cfile->submit_lock);
	if (!rec)
		return -ENOENT;

	spin_lock_irqsave(&rec->lock, flags);
	*args = rec->q;
	spin_unlock_irqrestore(&rec->lock, flags);
	corun_job_rec_put(rec);
	return 0;
}

int corun_ioctl_get_job_counters(struct drm_device *drm, void *data,
				 struct drm_file *file)
{
	struct corun_file *cfile = file->driver_priv;
	struct drm_corun_get_job_counters *args = data;
	struct drm_corun_job_counters c, *released;
	struct corun_job_rec *rec;
	u32 n = min_t(u32, args->size, sizeof(c));
	void __user *uptr = u64_to_user_ptr(args->counters);
	unsigned long flags;
	int ret = 0;

	if (args->flags & ~DRM_CORUN_GET_COUNTERS_RELEASE || args->reserved)
		return -EINVAL;
	if (args->size > DRM_CORUN_JOB_COUNTERS_SIZE_MAX)
		return -E2BIG;
	if (!args->size) {
		args->size = sizeof(c);
		return 0;
	}
	if (args->job_id > ULONG_MAX)
		return -ENOENT;

	/*
	 * The copy to user space runs without submit_lock: it may fault on
	 * a mapping of a buffer, and the fault takes the buffer's
	 * reservation, which SUBMIT holds when it takes submit_lock.
	 */
	mutex_lock(&cfile->submit_lock);
	rec = xa_load(&cfile->jobs, args->job_id);
	if (rec)
		kref_get(&rec->ref);
	mutex_unlock(&cfile->submit_lock);
	if (!rec)
		return -ENOENT;
	spin_lock_irqsave(&rec->lock, flags);
	if (!rec->had_counters)
		ret = -ENODATA;
	else if (!rec->counters)
		ret = -ENOENT; /* released */
	else if (rec->q.state == DRM_CORUN_JOB_QUEUED ||
		 rec->q.state == DRM_CORUN_JOB_RUNNING)
		ret = -EBUSY;
	else
		c = *rec->counters;
	spin_unlock_irqrestore(&rec->lock, flags);
	if (ret)
		goto out;

	if (copy_to_user(uptr, &c, n) ||
	    (args->size > n && clear_user(uptr + n, args->size - n))) {
		ret = -EFAULT;
		goto out;
	}
	args->size = sizeof(c);
	if (args->flags & DRM_CORUN_GET_COUNTERS_RELEASE) {
		/* a concurrent RELEASE may have been first */
		mutex_lock(&cfile->submit_lock);
		spin_lock_irqsave(&rec->lock, flags);
		released = rec->counters;
		rec->counters = NULL;
		spin_unlock_irqrestore(&rec->lock, flags);
		if (released)
			cfile->counter_recs--;
		mutex_unlock(&cfile->submit_lock);
		kfree(released);
	}
out:
	corun_job_rec_put(rec);
	return ret;
}

int corun_ioctl_submit(struct drm_device *drm, void *data,
		       struct drm_file *file)
{
	struct corun_device *cdev = to_corun_dev(drm);
	struct corun_file *cfile = file->driver_priv;
	struct drm_corun_submit *args = data;
	struct corun_submit_syncs *syncs;
	struct drm_gem_object *code_obj;
	struct corun_bo *code;
	struct corun_ctx *ctx;
	struct corun_job *job;
	struct drm_exec exec;
	struct dma_fence *fence;
	bool implicit = !(args->flags & DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC);
	u32 i;
	int ret;

	ret = corun_submit_check(cdev, args);
	if (ret)
		return ret;

	syncs = kvzalloc(sizeof(*syncs), GFP_KERNEL);
	if (!syncs)
		return -ENOMEM;
	ret = corun_submit_extensions(args, syncs);
	if (ret)
		goto out_syncs;

	ctx = corun_ctx_lookup(cfile, args->ctx_id);
	if (!ctx) {
		ret = -ENOENT;
		goto out_syncs;
	}
	if (atomic_read(&ctx->hangs) >= CORUN_CTX_MAX_HANGS) {
		ret = -EIO;
		goto out_ctx;
	}

	code_obj = drm_gem_object_lookup(file, args->code_handle);
	if (!code_obj) {
		ret = -ENOENT;
		goto out_ctx;
	}
	code = to_corun_bo(code_obj);
	if (!(code->flags & DRM_CORUN_BO_EXEC) || code->vm != cfile->vm ||
	    args->entry_offset >= code_obj->size) {
		ret = -EINVAL;
		goto out_code;
	}

	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job) {
		ret = -ENOMEM;
		goto out_code;
	}
	job->rec = kzalloc(sizeof(*job->rec), GFP_KERNEL);
	if (!job->rec) {
		kfree(job);
		ret = -ENOMEM;
		goto out_code;
	}
	kref_init(&job->rec->ref);
	spin_lock_init(&job->rec->lock);
	job->rec->q.ctx_id = ctx->id;
	job->rec->q.state = DRM_CORUN_JOB_QUEUED;
	job->rec->q.slot = DRM_CORUN_SLOT_NONE;
	job->rec->q.submit_ns = ktime_get_ns();
	kref_init(&job->refcount);
	atomic_inc(&cdev->jobs_live);
	job->cdev = cdev;
	job->vm = corun_vm_get(cfile->vm);
	job->ctx = ctx;
	kref_get(&ctx->ref);
	job->slot = DRM_CORUN_SLOT_NONE;

	if (syncs->counters) {
		job->rec->had_counters = true;
		job->rec->counters =
			kzalloc(sizeof(*job->rec->counters), GFP_KERNEL);
		job->hwc =
			dma_alloc_coherent(&cdev->pdev->dev, sizeof(*job->hwc),
					   &job->hwc_dma, GFP_KERNEL);
		if (!job->rec->counters || !job->hwc) {
			corun_job_put(job);
			ret = -ENOMEM;
			goto out_code;
		}
	}

	ret = drm_sched_job_init(&job->base, &ctx->entity, 1, cfile,
				 file->client_id);
	if (ret) {
		corun_job_put(job);
		goto out_code;
	}

	ret = corun_submit_bos(file, job, args, code_obj);
	if (ret)
		goto out_job;
	ret = corun_submit_in_syncs(file, job, args, syncs);
	if (ret)
		goto out_job;
	ret = corun_submit_out_syncs(file, args, syncs);
	if (ret)
		goto out_job;
	corun_submit_fill_desc(cdev, job, args, code);

	drm_exec_init(&exec, DRM_EXEC_INTERRUPTIBLE_WAIT, job->bo_count);
	drm_exec_until_all_locked(&exec)
	{
		ret = drm_exec_prepare_array(&exec, job->bos, job->bo_count, 1);
		drm_exec_retry_on_contention(&exec);
		if (ret)
			goto out_exec;
	}

	if (implicit) {
		for (i = 0; i < job->bo_count; i++) {
			struct corun_bo *bo = to_corun_bo(job->bos[i]);
			bool write = !(bo->flags & DRM_CORUN_BO_GPU_READ_ONLY);

			ret = corun_add_implicit(job, i, write);
			if (ret)
				goto out_exec;
		}
	}

	mutex_lock(&cfile->submit_lock);
	if (syncs->counters && cfile->counter_recs >= CORUN_MAX_COUNTER_JOBS)
		ret = -ENOSPC;
	else
		ret = xa_insert(&cfile->jobs, cfile->last_job_id + 1, job->rec,
				GFP_KERNEL);
	if (ret) {
		mutex_unlock(&cfile->submit_lock);
		goto out_exec;
	}
	if (syncs->counters)
		cfile->counter_recs++;
	kref_get(&job->rec->ref); /* for the table */
	drm_sched_job_arm(&job->base);
	job->done_fence = dma_fence_get(&job->base.s_fence->finished);
	job->job_id = ++cfile->last_job_id;
	job->rec->q.job_id = job->job_id;
	job->rec->q.fence_context = job->done_fence->context;
	job->rec->q.fence_seqno = job->done_fence->seqno;
	/* before the push: job->bos is the hardware's once the job runs */
	if (implicit) {
		for (i = 0; i < job->bo_count; i++) {
			struct corun_bo *bo = to_corun_bo(job->bos[i]);
			bool write = !(bo->flags & DRM_CORUN_BO_GPU_READ_ONLY);

			dma_resv_add_fence(job->bos[i]->resv, job->done_fence,
					   write ? DMA_RESV_USAGE_WRITE :
						   DMA_RESV_USAGE_READ);
		}
	}
	kref_get(&job->refcount); /* for the scheduler, put in free_job */
	atomic64_inc(&cdev->jobs_submitted);
	drm_sched_entity_push_job(&job->base);
	corun_jobs_prune(cfile);
	mutex_unlock(&cfile->submit_lock);
	args->job_id = job->job_id;
	trace_corun_job_submit(job->done_fence->context, job->done_fence->seqno,
			       ctx->id, job->job_id);

	fence = job->done_fence;
	for (i = 0; i < syncs->out_count; i++) {
		if (syncs->out_chains[i]) {
			drm_syncobj_add_point(syncs->out_objs[i],
					      syncs->out_chains[i], fence,
					      syncs->out[i].point);
			syncs->out_chains[i] = NULL;
		} else {
			drm_syncobj_replace_fence(syncs->out_objs[i],
						  job->done_fence);
		}
	}
	drm_exec_fini(&exec);
	corun_job_put(job);
	goto out_code;

out_exec:
	drm_exec_fini(&exec);
out_job:
	drm_sched_job_cleanup(&job->base);
	corun_job_put(job);
out_code:
	drm_gem_object_put(code_obj);
out_ctx:
	corun_ctx_put(ctx);
out_syncs:
	corun_submit_syncs_free(syncs);
	kvfree(syncs);
	return ret;
}
