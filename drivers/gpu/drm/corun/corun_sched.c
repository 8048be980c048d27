// SPDX-License-Identifier: GPL-2.0
/*
 * corun: job scheduling.
 *
 * One drm_sched scheduler per hardware slot, each with a credit limit of
 * one: a slot holds one resident job, and a context (an entity bound to
 * the run queues of every slot scheduler) only moves to another slot when
 * its previous job has finished, which keeps the jobs of a context in
 * order while jobs of different contexts co-run in different slots.
 *
 * run_job writes a descriptor into the slot's ring (DMA-coherent guest
 * memory) and rings the slot's doorbell. The device writes the job's
 * seqno to the slot's fence word and to DONE when the job ends; the job
 * interrupt signals the hardware fence. The watchdog extends the timeout
 * while the slot's PROGRESS register advances; a slot that stopped
 * advancing is reset alone, and a context whose jobs hung
 * CORUN_CTX_MAX_HANGS times is banned.
 */

#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include "corun_drv.h"
#include "corun_trace.h"

/* Hardware fences ----------------------------------------------------- */

static const char *const corun_slot_names[CORUN_MAX_SLOTS] = {
	"corun-slot0",	"corun-slot1",	"corun-slot2",	"corun-slot3",
	"corun-slot4",	"corun-slot5",	"corun-slot6",	"corun-slot7",
	"corun-slot8",	"corun-slot9",	"corun-slot10", "corun-slot11",
	"corun-slot12", "corun-slot13", "corun-slot14", "corun-slot15",
};

struct corun_fence {
	struct dma_fence base;
	struct corun_slot *slot;
};

static const char *corun_fence_driver_name(struct dma_fence *fence)
{
	return DRIVER_NAME;
}

static const char *corun_fence_timeline_name(struct dma_fence *fence)
{
	struct corun_fence *f = container_of(fence, struct corun_fence, base);

	return corun_slot_names[f->slot->idx];
}

static const struct dma_fence_ops corun_fence_ops = {
	.get_driver_name = corun_fence_driver_name,
	.get_timeline_name = corun_fence_timeline_name,
};

static struct dma_fence *corun_fence_create(struct corun_slot *slot)
{
	struct corun_fence *f;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return ERR_PTR(-ENOMEM);
	f->slot = slot;
	dma_fence_init(&f->base, &corun_fence_ops, &slot->lock,
		       slot->fence_context, ++slot->emitted);
	return &f->base;
}

/* Jobs ---------------------------------------------------------------- */

static void corun_job_drop_bos(struct corun_job *job)
{
	u32 i;

	for (i = 0; i < job->bo_count; i++) {
		if (job->bos[i])
			drm_gem_object_put(job->bos[i]);
		job->bos[i] = NULL;
	}
}

static void corun_job_release(struct kref *ref)
{
	struct corun_job *job = container_of(ref, struct corun_job, refcount);

	corun_job_drop_bos(job);
	kvfree(job->bos);
	dma_fence_put(job->hw_fence);
	dma_fence_put(job->done_fence);
	if (job->hwc)
		dma_free_coherent(&job->cdev->pdev->dev, sizeof(*job->hwc),
				  job->hwc, job->hwc_dma);
	if (job->rec)
		corun_job_rec_put(job->rec);
	if (job->ctx)
		corun_ctx_put(job->ctx);
	corun_vm_put(job->vm);
	atomic_dec(&job->cdev->jobs_live);
	kfree(job);
}

void corun_job_put(struct corun_job *job)
{
	kref_put(&job->refcount, corun_job_release);
}

static struct corun_job *to_corun_job(struct drm_sched_job *sched_job)
{
	return container_of(sched_job, struct corun_job, base);
}

static struct corun_slot *to_corun_slot(struct drm_gpu_scheduler *sched)
{
	return container_of(sched, struct corun_slot, sched);
}

enum drm_sched_priority corun_sched_prio(s32 priority)
{
	if (priority > DRM_CORUN_PRIORITY_NORMAL)
		return DRM_SCHED_PRIORITY_HIGH;
	if (priority < DRM_CORUN_PRIORITY_NORMAL)
		return DRM_SCHED_PRIORITY_LOW;
	return DRM_SCHED_PRIORITY_NORMAL;
}

/* Job records ---------------------------------------------------------- */

static u32 corun_fault_cause(u32 hw)
{
	switch (hw) {
	case CORUN_FAULT_PERM_WRITE:
		return DRM_CORUN_FAULT_MMU_WRITE;
	case CORUN_FAULT_PERM_EXEC:
		return DRM_CORUN_FAULT_MMU_EXEC;
	case CORUN_FAULT_MISALIGNED:
	case CORUN_FAULT_PC_MISALIGNED:
		return DRM_CORUN_FAULT_MISALIGNED;
	case CORUN_FAULT_ILLEGAL_INSN:
		return DRM_CORUN_FAULT_ILLEGAL_INSN;
	case CORUN_FAULT_SHARED_OOB:
		return DRM_CORUN_FAULT_SHARED_BOUNDS;
	case CORUN_FAULT_BUDGET:
		return DRM_CORUN_FAULT_INSN_BUDGET;
	case CORUN_FAULT_USER_TRAP:
	case CORUN_FAULT_ECALL:
	case CORUN_FAULT_BARRIER:
	case CORUN_FAULT_BAD_DESC:
		return DRM_CORUN_FAULT_TRAP;
	default:
		/* unmapped, no read permission, bad PTE, bus, stack overflow */
		return DRM_CORUN_FAULT_MMU_UNMAPPED;
	}
}

static void corun_fault_to_uapi(const struct corun_job *job,
				const struct corun_fault_record *rec,
				struct drm_corun_fault *f)
{
	static const u32 access[] = {
		[CORUN_ACCESS_READ] = DRM_CORUN_FAULT_F_READ,
		[CORUN_ACCESS_WRITE] = DRM_CORUN_FAULT_F_WRITE,
		[CORUN_ACCESS_FETCH] = DRM_CORUN_FAULT_F_EXEC,
		[CORUN_ACCESS_AMO] = DRM_CORUN_FAULT_F_ATOMIC,
	};
	u32 gx = job->desc.grid[0], gy = job->desc.grid[1];

	memset(f, 0, sizeof(*f));
	f->cause = corun_fault_cause(rec->cause);
	f->slot = rec->slot;
	f->flags = DRM_CORUN_FAULT_F_LOCATION;
	f->sm = rec->sm;
	f->cta[0] = rec->cta % gx;
	f->cta[1] = (rec->cta / gx) % gy;
	f->cta[2] = rec->cta / gx / gy;
	f->warp = rec->warp;
	f->lane = rec->lane;
	f->pc = rec->pc;
	if (rec->cause == CORUN_FAULT_ILLEGAL_INSN)
		f->insn = rec->addr;
	if (rec->cause <= CORUN_FAULT_PERM_EXEC ||
	    rec->cause == CORUN_FAULT_MISALIGNED ||
	    rec->cause == CORUN_FAULT_LOCAL_OOB ||
	    rec->cause == CORUN_FAULT_SHARED_OOB ||
	    rec->cause == CORUN_FAULT_BAD_PTE ||
	    rec->cause == CORUN_FAULT_BUS) {
		f->flags |= DRM_CORUN_FAULT_F_ADDRESS;
		f->address = rec->addr;
		if (rec->access < ARRAY_SIZE(access))
			f->flags |= access[rec->access];
	}
}

static void corun_counters_to_uapi(const struct corun_job_counters *jc,
				   struct drm_corun_job_counters *c)
{
	const struct corun_slot_counters *h = &jc->c;

	c->start_cycle = jc->start_cycle;
	c->end_cycle = jc->end_cycle;
	c->sm_cycles = h->active_cycles;
	c->warp_insts = h->warp_insns;
	c->thread_insts = h->thread_insns;
	c->ctas_launched = h->ctas_launched;
	c->ctas_completed = h->ctas_done;
	/* held by the MIL cap: waiting for the slot's memory instructions */
	c->stall_mem = h->stall[CORUN_STALL_RAW_LONG] +
		       h->stall[CORUN_STALL_LSU_FULL] +
		       h->stall[CORUN_STALL_MIL];
	c->stall_dep =
		h->stall[CORUN_STALL_RAW_SHORT] + h->stall[CORUN_STALL_FU_BUSY];
	c->stall_barrier = h->stall[CORUN_STALL_BARRIER];
	c->stall_throttle = h->stall[CORUN_STALL_THROTTLED];
	c->mem_requests = h->requests;
	c->mem_reads = h->read_requests;
	c->l1_hits = h->l1_accesses - h->l1_misses;
	c->l1_misses = h->l1_misses;
	c->l1_rsrv_fails = h->l1_resfails;
	c->l2_hits = h->llc_hits;
	c->l2_misses = h->llc_misses;
	/* hw.h v1 counts DRAM accesses without a read/write split */
	c->dram_reads = h->dram_accesses;
	c->dram_row_hits = h->dram_row_hits;
	c->noc_flits = h->noc_flits;
	c->noc_stall_cycles = h->noc_stall_cycles;
	c->ro_hits = h->ro_accesses - h->ro_misses;
	c->ro_misses = h->ro_misses;
}

/* Record the end of @job: @state, @error and, for faults, @fault. */
static void corun_job_rec_end(struct corun_job *job, u32 state, int error,
			      const struct drm_corun_fault *fault)
{
	struct corun_job_rec *rec = job->rec;
	atomic64_t *ended = &job->cdev->jobs_ended[state - DRM_CORUN_JOB_DONE];
	unsigned long flags;

	/* every job ends once: done, faulted or cancelled */
	if (!atomic_xchg(&job->ended, 1))
		atomic64_inc(ended);
	if (!rec)
		return;
	spin_lock_irqsave(&rec->lock, flags);
	if (rec->q.state == DRM_CORUN_JOB_QUEUED ||
	    rec->q.state == DRM_CORUN_JOB_RUNNING) {
		rec->q.end_ns = ktime_get_ns();
		if (rec->q.state == DRM_CORUN_JOB_RUNNING)
			atomic64_add(rec->q.end_ns - rec->q.start_ns,
				     &job->vm->busy_ns);
		rec->q.state = state;
		rec->q.error = error;
		if (fault)
			rec->q.fault = *fault;
		if (rec->counters) {
			struct drm_corun_job_counters *c = rec->counters;

			c->size = sizeof(*c);
			c->slot = rec->q.slot;
			if (job->hwc && rec->q.start_ns) {
				corun_counters_to_uapi(job->hwc, c);
				c->epochs = READ_ONCE(job->cdev->epoch_seq) -
					    rec->epoch_start;
			}
			if (state != DRM_CORUN_JOB_DONE)
				c->flags |= DRM_CORUN_COUNTERS_F_INCOMPLETE;
		}
	}
	spin_unlock_irqrestore(&rec->lock, flags);
}

/*
 * The policy's estimate of @job's alone cycles, known once the policy has
 * seen it end: into its counters before the fence lets anyone read them.
 */
static void corun_job_rec_est(struct corun_job *job, u64 est)
{
	struct corun_job_rec *rec = job->rec;
	unsigned long flags;

	if (!rec || !rec->counters)
		return;
	spin_lock_irqsave(&rec->lock, flags);
	rec->counters->est_alone_cycles = est;
	spin_unlock_irqrestore(&rec->lock, flags);
}

/* Start gate and completion hold ----------------------------------------- */

static void corun_device_enable(struct corun_device *cdev)
{
	corun_write(cdev, CORUN_REG_CONTROL,
		    CORUN_CTRL_ENABLE |
			    (cdev->lockstep ? CORUN_CTRL_LOCKSTEP : 0));
}

/*
 * Open the start gate armed by @cfile (any gate if @cfile is NULL): the
 * device runs again, whatever jobs reached their slots meanwhile.
 */
void corun_gate_open(struct corun_device *cdev, struct corun_file *cfile)
{
	mutex_lock(&cdev->policy_lock);
	if (cdev->gate_wait && (!cfile || cdev->gate_file == cfile)) {
		cdev->gate_wait = 0;
		cdev->gate_file = NULL;
		corun_device_enable(cdev);
	}
	mutex_unlock(&cdev->policy_lock);
}

/*
 * Whether @cfile may arm the start gate: -EBUSY while a job is resident
 * or another file's gate is armed. Called with policy_lock held.
 */
int corun_gate_check(struct corun_device *cdev, struct corun_file *cfile)
{
	u32 s;

	if (cdev->gate_wait && cdev->gate_file != cfile)
		return -EBUSY;
	for (s = 0; s < cdev->num_slots; s++)
		if (READ_ONCE(cdev->slots[s].active))
			return -EBUSY;
	return 0;
}

/*
 * Arm the start gate for @cfile: stop the device until @jobs jobs have
 * reached hardware slots, so that they all start at the same device
 * cycle. Called with policy_lock held.
 */
int corun_gate_arm(struct corun_device *cdev, struct corun_file *cfile,
		   u32 jobs)
{
	int ret = corun_gate_check(cdev, cfile);

	if (ret)
		return ret;
	cdev->gate_wait = jobs;
	cdev->gate_file = cfile;
	corun_write(cdev, CORUN_REG_CONTROL,
		    cdev->lockstep ? CORUN_CTRL_LOCKSTEP : 0);
	return 0;
}

/*
 * The device held its clock after a DRM_CORUN_SUBMIT_HOLD job of @ctx
 * completed: keep it held until the context's next job reaches a slot,
 * unless the context is gone already.
 */
static void corun_hold_note(struct corun_device *cdev, struct corun_ctx *ctx)
{
	mutex_lock(&cdev->policy_lock);
	if (ctx->closed) {
		corun_write(cdev, CORUN_REG_HOLD_ACK, 1);
	} else {
		WARN_ON_ONCE(cdev->hold_ctx);
		cdev->hold_ctx = ctx;
	}
	mutex_unlock(&cdev->policy_lock);
}

/* Let the device run on if it holds after a job of @ctx; @close: for good. */
void corun_hold_release(struct corun_device *cdev, struct corun_ctx *ctx,
			bool close)
{
	mutex_lock(&cdev->policy_lock);
	if (close)
		ctx->closed = true;
	if (cdev->hold_ctx == ctx) {
		cdev->hold_ctx = NULL;
		corun_write(cdev, CORUN_REG_HOLD_ACK, 1);
	}
	mutex_unlock(&cdev->policy_lock);
}

/* A job reached its slot: count it for the gate, end a hold for it. */
static void corun_job_arrived(struct corun_device *cdev, struct corun_job *job)
{
	mutex_lock(&cdev->policy_lock);
	if (cdev->gate_wait && !--cdev->gate_wait) {
		cdev->gate_file = NULL;
		corun_device_enable(cdev);
	}
	if (cdev->hold_ctx == job->ctx) {
		cdev->hold_ctx = NULL;
		corun_write(cdev, CORUN_REG_HOLD_ACK, 1);
	}
	mutex_unlock(&cdev->policy_lock);
}

void corun_slot_setup(struct corun_slot *slot)
{
	struct corun_device *cdev = slot->cdev;
	u32 s = slot->idx;

	corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_CTRL), 0);
	corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_RING_LO),
		    lower_32_bits(slot->ring_dma));
	corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_RING_HI),
		    upper_32_bits(slot->ring_dma));
	corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_RING_SIZE),
		    CORUN_RING_ENTRIES);
	corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_CTRL),
		    CORUN_SLOT_CTRL_ENABLE);
	slot->tail = corun_read(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_RING_HEAD));
}

/* drm_sched backend --------------------------------------------------- */

static struct dma_fence *corun_run_job(struct drm_sched_job *sched_job)
{
	struct corun_job *job = to_corun_job(sched_job);
	struct corun_slot *slot = to_corun_slot(sched_job->sched);
	struct corun_device *cdev = slot->cdev;
	struct dma_fence *fence;
	unsigned long flags;

	if (unlikely(job->base.s_fence->finished.error))
		return NULL;

	fence = corun_fence_create(slot);
	if (IS_ERR(fence))
		return fence;

	job->slot = slot->idx;
	job->hw_seqno = fence->seqno;
	dma_fence_put(job->hw_fence);
	job->hw_fence = dma_fence_get(fence);

	spin_lock_irqsave(&slot->lock, flags);
	slot->active = job;
	kref_get(&job->refcount);
	spin_unlock_irqrestore(&slot->lock, flags);

	/* the policy decides for the new mix before the job can dispatch */
	corun_policy_on_job_start(cdev, slot->idx, job);
	if (job->rec) {
		struct drm_corun_query_job *q = &job->rec->q;

		spin_lock_irqsave(&job->rec->lock, flags);
		q->state = DRM_CORUN_JOB_RUNNING;
		job->rec->epoch_start = READ_ONCE(cdev->epoch_seq);
		q->slot = slot->idx;
		q->start_ns = ktime_get_ns();
		q->sm_mask[0] = slot->sm_mask[0] | (u64)slot->sm_mask[1] << 32;
		q->sm_mask[1] = slot->sm_mask[2] | (u64)slot->sm_mask[3] << 32;
		spin_unlock_irqrestore(&job->rec->lock, flags);
	}

	corun_slot_push(slot, job);
	trace_corun_job_run(job->base.s_fence->finished.context,
			    job->base.s_fence->finished.seqno, slot->idx,
			    job->hw_seqno);
	corun_job_arrived(cdev, job);
	return fence;
}

/*
 * Write @job's descriptor into @slot's ring and ring the doorbell: from
 * run_job, and again for the resident job after a device reset (which
 * discards jobs in flight), so that it runs from the start.
 */
void corun_slot_push(struct corun_slot *slot, struct corun_job *job)
{
	struct corun_device *cdev = slot->cdev;
	u64 client = READ_ONCE(cdev->inject_dma_client);
	u32 progress = CORUN_REG_SLOT(slot->idx, CORUN_SLOT_PROGRESS);
	struct corun_job_desc *d;

	d = &slot->ring[slot->tail % CORUN_RING_ENTRIES];
	*d = job->desc;
	d->fence_addr = cdev->fences_dma + slot->idx * sizeof(u64);
	d->seqno = job->hw_seqno;
	d->flags |= CORUN_DESC_F_IRQ;
	if (job->hwc) {
		d->flags |= CORUN_DESC_F_COUNTERS;
		d->counters_addr = job->hwc_dma;
	}
	/*
	 * Fault injection (debugfs inject_dma_client), once: page tables
	 * at a bus address beyond any guest memory (aligned, so only the
	 * DMA is wrong); the device must fault the job without touching
	 * memory.
	 */
	if (client && job->base.s_fence->drm_client_id == client &&
	    cmpxchg(&cdev->inject_dma_client, client, 0) == client)
		d->pt_root = CORUN_INJECT_BAD_PA;
	slot->last_progress = corun_read(cdev, progress);
	/* descriptor visible before the doorbell */
	dma_wmb();
	slot->tail++;
	corun_write(cdev, CORUN_REG_SLOT(slot->idx, CORUN_SLOT_DOORBELL),
		    slot->tail % CORUN_RING_ENTRIES);
}

static void corun_fault_decode(struct corun_device *cdev, u32 s,
			       struct corun_fault_record *rec)
{
	u32 *w = (u32 *)rec;
	u32 i;

	for (i = 0; i < sizeof(*rec) / 4; i++)
		w[i] = corun_read(cdev,
				  CORUN_REG_SLOT(s, CORUN_SLOT_FAULT) + 4 * i);
}

/* Take the resident job of @slot: if finished (DONE >= its seqno) or @force */
static struct corun_job *corun_slot_take(struct corun_slot *slot, u64 done,
					 bool force)
{
	struct corun_job *job;
	unsigned long flags;

	spin_lock_irqsave(&slot->lock, flags);
	job = slot->active;
	if (job && (force || done >= job->hw_seqno))
		slot->active = NULL;
	else
		job = NULL;
	spin_unlock_irqrestore(&slot->lock, flags);
	return job;
}

/*
 * Signal the end of @job, taken from @slot. @force_error is 0 when the
 * device finished the job (@status is then the slot's STATUS), else the
 * driver's verdict: -ETIMEDOUT from the watchdog, -ENODEV at teardown.
 */
static void corun_slot_finish(struct corun_slot *slot, struct corun_job *job,
			      int force_error, u32 status)
{
	struct corun_device *cdev = slot->cdev;
	struct corun_fault_record rec;
	struct drm_corun_fault fault;
	struct dma_fence *fence;
	u32 s = slot->idx, state = DRM_CORUN_JOB_DONE;
	int error = force_error;

	if (!error && status == CORUN_SLOT_FAULTED) {
		corun_fault_decode(cdev, s, &rec);
		trace_corun_fault(s, rec.cause, rec.access, rec.pc, rec.addr);
		drm_dbg_driver(&cdev->drm, "slot %u job %llu faulted: %s\n", s,
			       job->job_id, "see the corun_fault tracepoint");
		error = rec.cause == CORUN_FAULT_RESET ? -ECANCELED : -EIO;
		state = rec.cause == CORUN_FAULT_RESET ?
				DRM_CORUN_JOB_CANCELED :
				DRM_CORUN_JOB_FAULTED;
		corun_fault_to_uapi(job, &rec, &fault);
		/* the slot stays stopped until it is reset */
		corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_CTRL),
			    CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
		corun_slot_setup(slot);
	}

	if (force_error == -ETIMEDOUT) {
		/* the watchdog's verdict */
		memset(&fault, 0, sizeof(fault));
		fault.cause = DRM_CORUN_FAULT_HANG;
		fault.slot = s;
		state = DRM_CORUN_JOB_FAULTED;
	} else if (force_error) {
		state = DRM_CORUN_JOB_CANCELED;
	}
	corun_job_rec_end(job, state, error,
			  state == DRM_CORUN_JOB_FAULTED ? &fault : NULL);
	/* the device holds only after a successful job: before the fence */
	if (state == DRM_CORUN_JOB_DONE &&
	    (job->desc.flags & CORUN_DESC_F_HOLD))
		corun_hold_note(cdev, job->ctx);

	/*
	 * The device is done with the buffers: drop them now rather than
	 * when free_job runs, so that a buffer whose last handle is closed
	 * once the fence signalled frees its VA range at once, and the next
	 * allocations get the same VAs every time (lockstep replays time
	 * memory by VA).
	 */
	corun_job_drop_bos(job);
	/*
	 * Decide for the new mix before the fence lets the context's next
	 * job start (as corun-sim does): in lockstep, with the device held,
	 * the decisions then reach the device in the same order.
	 */
	corun_job_rec_est(job, corun_policy_on_job_end(cdev, s));
	fence = job->hw_fence;
	if (error)
		dma_fence_set_error(fence, error);
	trace_corun_job_done(job->base.s_fence->finished.context,
			     job->base.s_fence->finished.seqno, s, error);
	dma_fence_signal(fence);
	corun_job_put(job);
}

/* Retire the resident job of @slot if the device has finished it. */
static void corun_slot_retire(struct corun_slot *slot)
{
	struct corun_device *cdev = slot->cdev;
	struct corun_job *job;
	u32 s = slot->idx, status;
	u64 done;

	done = corun_read(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_DONE_LO));
	done |= (u64)corun_read(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_DONE_HI))
		<< 32;
	status = corun_read(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_STATUS));
	/* counters and fault records were written before DONE */
	dma_rmb();
	job = corun_slot_take(slot, done, false);
	if (job)
		corun_slot_finish(slot, job, 0, status);
}

/*
 * Take the resident job away from the device, then reset the slot: a
 * completion the reset causes finds no job to retire.
 */
static struct corun_job *corun_slot_kill(struct corun_slot *slot)
{
	struct corun_device *cdev = slot->cdev;
	struct corun_job *job;

	atomic_inc(&cdev->kills);
	/*
	 * Seen before the job leaves @slot->active: an unmap that finds
	 * the slot empty then sees @kills and waits for a barrier too.
	 */
	smp_mb__after_atomic();
	job = corun_slot_take(slot, 0, true);
	if (job) {
		corun_write(cdev, CORUN_REG_SLOT(slot->idx, CORUN_SLOT_CTRL),
			    CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
		corun_slot_setup(slot);
		/*
		 * The device runs the job until its slice ends: only then
		 * are its page tables, pages and counters free to go.
		 */
		corun_barrier(cdev);
	}
	atomic_dec(&cdev->kills);
	return job;
}

/*
 * Whether the device may still reach @vm's memory through a job: one is
 * resident in a slot, or a kill has not reached its barrier yet.
 */
bool corun_vm_on_hw(struct corun_vm *vm)
{
	struct corun_device *cdev = vm->cdev;
	unsigned long flags;
	bool on = false;
	u32 s;

	for (s = 0; s < cdev->num_slots && !on; s++) {
		struct corun_slot *slot = &cdev->slots[s];

		spin_lock_irqsave(&slot->lock, flags);
		on = slot->active && slot->active->vm == vm;
		spin_unlock_irqrestore(&slot->lock, flags);
	}
	return on || atomic_read(&cdev->kills);
}

/*
 * After a slot reset: the slot must be enabled and out of FAULTED, else
 * only a device reset brings it back. debugfs inject_slot_reset_fail
 * makes the next check fail.
 */
bool corun_slot_reset_ok(struct corun_slot *slot)
{
	struct corun_device *cdev = slot->cdev;
	u32 st = corun_read(cdev, CORUN_REG_SLOT(slot->idx, CORUN_SLOT_STATUS));
	u32 ctrl = corun_read(cdev, CORUN_REG_SLOT(slot->idx, CORUN_SLOT_CTRL));

	if (READ_ONCE(cdev->inject_slot_reset_fail)) {
		WRITE_ONCE(cdev->inject_slot_reset_fail, false);
		return false;
	}
	return st != CORUN_SLOT_FAULTED && (ctrl & CORUN_SLOT_CTRL_ENABLE);
}

void corun_sched_job_irq(struct corun_device *cdev)
{
	u32 s;

	for (s = 0; s < cdev->num_slots; s++)
		corun_slot_retire(&cdev->slots[s]);
}

/*
 * The 6.12 scheduler takes the timed-out job off the pending list before
 * calling timedout_job; put it back so that free_job still finds it.
 */
static void corun_job_requeue(struct drm_gpu_scheduler *sched,
			      struct drm_sched_job *sj)
{
	spin_lock(&sched->job_list_lock);
	list_add(&sj->list, &sched->pending_list);
	spin_unlock(&sched->job_list_lock);
}

static enum drm_gpu_sched_stat corun_timedout_job(struct drm_sched_job *sj)
{
	struct corun_job *job = to_corun_job(sj);
	struct corun_slot *slot = to_corun_slot(sj->sched);
	struct corun_device *cdev = slot->cdev;
	struct drm_gpu_scheduler *sched = &slot->sched;
	struct corun_job *hung;
	u32 progress, head;
	bool slot_ok;

	/* a firmware reload or device reset is under way: wait for it */
	mutex_lock(&cdev->reset_lock);
	/* finished meanwhile: the interrupt thread just has not run yet */
	if (dma_fence_is_signaled(job->hw_fence))
		goto keep;
	corun_slot_retire(slot);
	if (dma_fence_is_signaled(job->hw_fence))
		goto keep;

	/* stopped by a start gate, a completion hold or lockstep: no hang */
	if (!(corun_read(cdev, CORUN_REG_STATUS) & CORUN_STATUS_RUNNING))
		goto keep;
	/* the firmware is lost: its reload re-rings the doorbells */
	if (READ_ONCE(cdev->fw_lost))
		goto keep;
	/*
	 * The device never took the descriptor (a doorbell it dropped, as
	 * while the firmware was down): no hang of the job; ring again.
	 */
	head = corun_read(cdev,
			  CORUN_REG_SLOT(slot->idx, CORUN_SLOT_RING_HEAD));
	if (head != slot->tail % CORUN_RING_ENTRIES) {
		corun_write(cdev,
			    CORUN_REG_SLOT(slot->idx, CORUN_SLOT_DOORBELL),
			    slot->tail % CORUN_RING_ENTRIES);
		goto keep;
	}
	progress = corun_read(cdev,
			      CORUN_REG_SLOT(slot->idx, CORUN_SLOT_PROGRESS));
	if (progress != slot->last_progress) {
		/* still retiring instructions: extend the timeout */
		slot->last_progress = progress;
		goto keep;
	}

	/*
	 * Only this slot is reset; the scheduler keeps running. With one
	 * job per slot there is nothing to stop or resubmit: the job goes
	 * back on the pending list and its hardware fence is signalled with
	 * -ETIMEDOUT, which the scheduler passes on to the finished fence.
	 */
	hung = corun_slot_kill(slot);
	if (!hung)
		goto keep; /* the interrupt thread retired it just now */
	slot_ok = corun_slot_reset_ok(slot);
	WARN_ON_ONCE(hung != job);
	drm_warn(&cdev->drm, "slot %u: job %llu hung, slot reset\n", slot->idx,
		 hung->job_id);
	atomic_inc(&cdev->reset_count);
	atomic_inc(&hung->vm->reset_count);
	trace_corun_reset(slot->idx, hung->job_id);
	if (atomic_inc_return(&hung->ctx->hangs) >= CORUN_CTX_MAX_HANGS)
		drm_warn(&cdev->drm, "context %u (%s) banned after %d hangs\n",
			 hung->ctx->id, hung->ctx->name, CORUN_CTX_MAX_HANGS);
	corun_job_requeue(sched, sj);
	/* before the fence: whoever sees the hang sees the device back */
	if (!slot_ok)
		corun_device_reset(cdev, "slot reset failed");
	corun_slot_finish(slot, hung, -ETIMEDOUT, 0);
	mutex_unlock(&cdev->reset_lock);
	return DRM_GPU_SCHED_STAT_NOMINAL;

keep:
	mutex_unlock(&cdev->reset_lock);
	corun_job_requeue(sched, sj);
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

static void corun_free_job(struct drm_sched_job *sj)
{
	struct corun_job *job = to_corun_job(sj);

	/* never reached the hardware: cancelled or a dependency failed */
	corun_job_rec_end(job, DRM_CORUN_JOB_CANCELED,
			  sj->s_fence->finished.error ?: -ECANCELED, NULL);
	drm_sched_job_cleanup(sj);
	corun_job_put(job);
}

static const struct drm_sched_backend_ops corun_sched_ops = {
	.run_job = corun_run_job,
	.timedout_job = corun_timedout_job,
	.free_job = corun_free_job,
};

int corun_sched_init(struct corun_device *cdev)
{
	struct device *dev = &cdev->pdev->dev;
	u64 ctx = dma_fence_context_alloc(cdev->num_slots);
	u32 s;
	int ret;

	cdev->fences = dmam_alloc_coherent(dev, CORUN_MAX_SLOTS * sizeof(u64),
					   &cdev->fences_dma, GFP_KERNEL);
	if (!cdev->fences)
		return -ENOMEM;

	for (s = 0; s < cdev->num_slots; s++) {
		struct corun_slot *slot = &cdev->slots[s];
		const struct drm_sched_init_args args = {
			.ops = &corun_sched_ops,
			.num_rqs = DRM_SCHED_PRIORITY_COUNT,
			.credit_limit = 1,
			.hang_limit = 0,
			.timeout = msecs_to_jiffies(CORUN_JOB_TIMEOUT_MS),
			.name = corun_slot_names[s],
			.dev = cdev->drm.dev,
		};

		slot->cdev = cdev;
		slot->idx = s;
		slot->fence_context = ctx + s;
		spin_lock_init(&slot->lock);
		size_t ring_size = CORUN_RING_ENTRIES * sizeof(*slot->ring);

		slot->ring = dmam_alloc_coherent(dev, ring_size,
						 &slot->ring_dma, GFP_KERNEL);
		if (!slot->ring) {
			ret = -ENOMEM;
			goto err;
		}
		ret = drm_sched_init(&slot->sched, &args);
		if (ret)
			goto err;
		cdev->sched_list[s] = &slot->sched;
		corun_slot_setup(slot);
	}
	return 0;

err:
	while (s--) {
		drm_sched_fini(&cdev->slots[s].sched);
		cdev->sched_list[s] = NULL;
	}
	return ret;
}

static bool corun_sched_idle(struct drm_gpu_scheduler *sched)
{
	bool idle;

	spin_lock(&sched->job_list_lock);
	idle = list_empty(&sched->pending_list);
	spin_unlock(&sched->job_list_lock);
	return idle;
}

/*
 * Before teardown (interrupts still on): let jobs of closed files finish,
 * then cancel what is still resident so that every job is freed. The
 * scheduler may hand the slot a job it took from an entity before the
 * file was closed as soon as the cancelled one is gone, so cancelling
 * goes on until the slot has nothing pending; drm_sched_fini() would
 * leave such a job on the pending list, never ended nor freed.
 */
void corun_sched_drain(struct corun_device *cdev)
{
	unsigned long deadline = jiffies + msecs_to_jiffies(CORUN_DRAIN_MS);
	unsigned long cancel_end =
		deadline + msecs_to_jiffies(CORUN_DRAIN_CANCEL_MS);
	struct corun_job *job;
	u32 s;

	for (s = 0; s < cdev->num_slots; s++) {
		struct corun_slot *slot = &cdev->slots[s];

		if (!cdev->sched_list[s])
			continue;
		while (!corun_sched_idle(&slot->sched) &&
		       time_before(jiffies, deadline))
			msleep(20);
		if (corun_sched_idle(&slot->sched))
			continue;
		drm_warn(&cdev->drm, "slot %u busy at teardown: cancelling\n",
			 s);
		while (!corun_sched_idle(&slot->sched) &&
		       time_before(jiffies, cancel_end)) {
			job = corun_slot_kill(slot);
			if (job)
				corun_slot_finish(slot, job, -ENODEV, 0);
			msleep(20);
		}
		if (!corun_sched_idle(&slot->sched))
			drm_err(&cdev->drm,
				"slot %u: jobs still pending after the drain\n",
				s);
	}
}

/*
 * At teardown, after the drain: every job handed to the scheduler ended
 * once (done, faulted or cancelled) and every job was freed. Printed for
 * the tests that scan the log; a job unaccounted for is an error.
 */
void corun_sched_account(struct corun_device *cdev)
{
	s64 sub, done, faulted, cancelled;
	int live, i;

	/* jobs killed with a closed file's entity are freed from a work item */
	for (i = 0; i < 100 && atomic_read(&cdev->jobs_live); i++)
		msleep(20);
	sub = atomic64_read(&cdev->jobs_submitted);
	done = atomic64_read(&cdev->jobs_ended[0]);
	faulted = atomic64_read(&cdev->jobs_ended[1]);
	cancelled = atomic64_read(&cdev->jobs_ended[2]);
	live = atomic_read(&cdev->jobs_live);

	drm_info(&cdev->drm,
		 "jobs %lld done %lld faulted %lld cancelled %lld live %d\n",
		 sub, done, faulted, cancelled, live);
	if (live || sub != done + faulted + cancelled)
		drm_err(&cdev->drm,
			"jobs lost at teardown: %lld unaccounted, %d not freed\n",
			sub - done - faulted - cancelled, live);
}

void corun_sched_fini(struct corun_device *cdev)
{
	u32 s;

	for (s = 0; s < cdev->num_slots; s++) {
		if (!cdev->sched_list[s])
			continue;
		drm_sched_fini(&cdev->slots[s].sched);
		corun_write(cdev, CORUN_REG_SLOT(s, CORUN_SLOT_CTRL), 0);
	}
}
