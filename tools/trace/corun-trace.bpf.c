// SPDX-License-Identifier: GPL-2.0
/*
 * corun-trace, BPF side: raw tracepoints on the corun_* events of
 * corun.ko. Raw tracepoints see the TP_PROTO arguments, so neither the
 * module's BTF nor the tracefs format layout is needed; vmlinux.h (the
 * guest kernel's BTF) gives the core types.
 *
 * Jobs are attributed to the process that submitted them: the submit
 * events run in the ioctl, run/done/fault/reset in scheduler and IRQ
 * context, so the submitter is remembered per fence and per slot.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "corun-trace.h"

char LICENSE[] SEC("license") = "GPL";

/* set by the loader before load */
const volatile __u32 filter_pid; /* 0: all */
const volatile __s32 filter_slot = -1; /* -1: all */
const volatile __u32 all_decisions; /* else register changes only */

struct job_key {
	__u64 fctx, seqno;
};

struct job_val {
	__u64 submit_ts, run_ts;
	__u32 pid;
	char comm[CT_COMM_LEN];
};

struct slot_val {
	__u32 pid, sm_mask0, valid;
	char comm[CT_COMM_LEN];
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 8192);
	__type(key, struct job_key);
	__type(value, struct job_val);
} jobs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, CT_MAX_SLOTS);
	__type(key, __u32);
	__type(value, struct slot_val);
} slots SEC(".maps");

static bool slot_ok(__u32 slot)
{
	return filter_slot < 0 || (__u32)filter_slot == slot;
}

static bool pid_ok(__u32 pid)
{
	return !filter_pid || filter_pid == pid;
}

static struct ct_event *ev_new(__u32 type)
{
	struct ct_event *e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);

	if (!e)
		return NULL;
	__builtin_memset(e, 0, sizeof(*e));
	e->ts = bpf_ktime_get_ns();
	e->type = type;
	return e;
}

/*
 * gpu_scheduler's drm_sched_job(struct drm_sched_job *, entity) fires in
 * drm_sched_entity_push_job(), in the submitting process and before the
 * job can run; corun_job_submit comes after it, when the scheduler may
 * already have run the job. The finished fence is read with CO-RE against
 * gpu_sched's module BTF; the loader drops this program if that fails.
 */
struct drm_sched_fence___ct {
	struct dma_fence finished;
} __attribute__((preserve_access_index));

struct drm_sched_job___ct {
	struct drm_sched_fence___ct *s_fence;
} __attribute__((preserve_access_index));

SEC("raw_tp/drm_sched_job")
int sched_job(struct bpf_raw_tracepoint_args *ctx)
{
	struct drm_sched_job___ct *job = (void *)ctx->args[0];
	struct job_key k;
	struct job_val v = {};

	k.fctx = BPF_CORE_READ(job, s_fence, finished.context);
	k.seqno = BPF_CORE_READ(job, s_fence, finished.seqno);
	v.submit_ts = bpf_ktime_get_ns();
	v.pid = bpf_get_current_pid_tgid() >> 32;
	bpf_get_current_comm(v.comm, sizeof(v.comm));
	bpf_map_update_elem(&jobs, &k, &v, BPF_ANY);
	return 0;
}

/* corun_job_submit(u64 fence_context, u64 seqno, u32 ctx_id, u64 job_id) */
SEC("raw_tp/corun_job_submit")
int corun_submit(struct bpf_raw_tracepoint_args *ctx)
{
	struct job_key k = { ctx->args[0], ctx->args[1] };
	struct job_val v = {}, *old;
	struct ct_event *e;

	v.submit_ts = bpf_ktime_get_ns();
	v.pid = bpf_get_current_pid_tgid() >> 32;
	bpf_get_current_comm(v.comm, sizeof(v.comm));
	/* the scheduler may have run the job before this event fired */
	old = bpf_map_lookup_elem(&jobs, &k);
	if (old) {
		old->pid = v.pid;
		__builtin_memcpy(old->comm, v.comm, sizeof(v.comm));
	} else {
		bpf_map_update_elem(&jobs, &k, &v, BPF_ANY);
	}
	if (!pid_ok(v.pid) || filter_slot >= 0)
		return 0; /* the slot is not known yet */
	e = ev_new(CT_SUBMIT);
	if (!e)
		return 0;
	e->pid = v.pid;
	__builtin_memcpy(e->comm, v.comm, sizeof(e->comm));
	e->submit.fctx = k.fctx;
	e->submit.seqno = k.seqno;
	e->submit.ctx_id = ctx->args[2];
	e->submit.job_id = ctx->args[3];
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* corun_job_run(u64 fence_context, u64 seqno, u32 slot, u64 hw_seqno) */
SEC("raw_tp/corun_job_run")
int corun_run(struct bpf_raw_tracepoint_args *ctx)
{
	struct job_key k = { ctx->args[0], ctx->args[1] };
	__u32 slot = ctx->args[2];
	struct job_val *j, nv = {};
	struct slot_val *s;
	struct ct_event *e;
	__u64 now = bpf_ktime_get_ns();

	j = bpf_map_lookup_elem(&jobs, &k);
	if (!j) {
		nv.run_ts = now;
		bpf_map_update_elem(&jobs, &k, &nv, BPF_ANY);
		j = bpf_map_lookup_elem(&jobs, &k);
		if (!j)
			return 0;
	}
	j->run_ts = now;
	s = bpf_map_lookup_elem(&slots, &slot);
	if (s) {
		s->pid = j->pid;
		__builtin_memcpy(s->comm, j->comm, sizeof(s->comm));
	}
	if (!slot_ok(slot) || !pid_ok(j->pid))
		return 0;
	e = ev_new(CT_RUN);
	if (!e)
		return 0;
	e->pid = j->pid;
	__builtin_memcpy(e->comm, j->comm, sizeof(e->comm));
	e->run.fctx = k.fctx;
	e->run.seqno = k.seqno;
	e->run.slot = slot;
	e->run.hw_seqno = ctx->args[3];
	e->run.wait_ns = j->submit_ts ? now - j->submit_ts : 0;
	e->run.sm_mask0 = s && s->valid ? s->sm_mask0 : 0;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* corun_job_done(u64 fence_context, u64 seqno, u32 slot, int error) */
SEC("raw_tp/corun_job_done")
int corun_done(struct bpf_raw_tracepoint_args *ctx)
{
	struct job_key k = { ctx->args[0], ctx->args[1] };
	__u32 slot = ctx->args[2];
	struct job_val *j;
	struct ct_event *e;
	__u64 now = bpf_ktime_get_ns();

	j = bpf_map_lookup_elem(&jobs, &k);
	if (!slot_ok(slot) || !pid_ok(j ? j->pid : 0))
		goto out;
	e = ev_new(CT_DONE);
	if (!e)
		goto out;
	if (j) {
		e->pid = j->pid;
		__builtin_memcpy(e->comm, j->comm, sizeof(e->comm));
		e->done.run_ns = j->run_ts ? now - j->run_ts : 0;
	}
	e->done.fctx = k.fctx;
	e->done.seqno = k.seqno;
	e->done.slot = slot;
	e->done.error = (int)ctx->args[3];
	bpf_ringbuf_submit(e, 0);
out:
	if (j)
		bpf_map_delete_elem(&jobs, &k);
	return 0;
}

/* corun_epoch(u32 seq, u64 cycle, u64 epoch_cycles) */
SEC("raw_tp/corun_epoch")
int corun_epoch(struct bpf_raw_tracepoint_args *ctx)
{
	struct ct_event *e = ev_new(CT_EPOCH);

	if (!e)
		return 0;
	e->epoch.seq = ctx->args[0];
	e->epoch.cycle = ctx->args[1];
	e->epoch.len = ctx->args[2];
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/*
 * corun_policy_decision(const struct corun_policy_record *r, const char *
 * policy): one changed slot's whole decision. The record's fields are
 * read by name with CO-RE against corun.ko's BTF, so a field the driver
 * adds or moves breaks nothing here.
 */
struct corun_policy_fw_slot___ct {
	__u32 irc_share, irc_prio, l1_ways, l1_bypass_ctas, llc_ways, vc;
	__u32 dram_prio, irc_noc, irc_dram, irc_class;
} __attribute__((preserve_access_index));

struct corun_policy_slot_out___ct {
	__u32 sm_mask[4];
	__u32 cta_quota, throttle, issue_quota, priority, placement, reclaim;
	__u32 fw_set;
	struct corun_policy_fw_slot___ct fw;
	__u64 est_alone_cycles;
	__u32 irc_credits, np_class, np;
} __attribute__((preserve_access_index));

/* struct corun_slot_ctxsw_counters (include/corun/hw.h) */
struct corun_slot_ctxsw_counters___ct {
	__u64 preempts, restores, wait_cycles, save_cycles, restore_cycles;
	__u64 save_bytes, restore_bytes;
} __attribute__((preserve_access_index));

struct corun_policy_record___ct {
	__u32 epoch;
	__u64 cycle;
	__u32 event, slot, policy, running, changed;
	struct corun_policy_slot_out___ct out;
	struct corun_slot_ctxsw_counters___ct cs;
} __attribute__((preserve_access_index));

/*
 * CORUN_POLICY_CH_SM_MASK .. CORUN_POLICY_CH_PLACEMENT and
 * CORUN_POLICY_CH_RECLAIM: a register moved
 */
#define CT_CH_REGS 0x13fu

SEC("raw_tp/corun_policy_decision")
int corun_policy(struct bpf_raw_tracepoint_args *ctx)
{
	const struct corun_policy_record___ct *r = (const void *)ctx->args[0];
	__u32 slot = BPF_CORE_READ(r, slot);
	__u32 changed = BPF_CORE_READ(r, changed);
	struct slot_val *s = bpf_map_lookup_elem(&slots, &slot);
	struct ct_event *e;

	if (s) {
		s->valid = 1;
		s->sm_mask0 = BPF_CORE_READ(r, out.sm_mask[0]);
	}
	if ((!(changed & CT_CH_REGS) && !all_decisions) || !slot_ok(slot))
		return 0;
	e = ev_new(CT_POLICY);
	if (!e)
		return 0;
	e->policy.cycle = BPF_CORE_READ(r, cycle);
	e->policy.slot = slot;
	e->policy.event = BPF_CORE_READ(r, event);
	e->policy.epoch = BPF_CORE_READ(r, epoch);
	e->policy.running = BPF_CORE_READ(r, running);
	e->policy.changed = changed;
	BPF_CORE_READ_INTO(&e->policy.sm_mask, r, out.sm_mask);
	e->policy.cta_quota = BPF_CORE_READ(r, out.cta_quota);
	e->policy.throttle = BPF_CORE_READ(r, out.throttle);
	e->policy.issue_quota = BPF_CORE_READ(r, out.issue_quota);
	e->policy.prio = BPF_CORE_READ(r, out.priority);
	e->policy.placement = BPF_CORE_READ(r, out.placement);
	e->policy.irc_share = BPF_CORE_READ(r, out.fw.irc_share);
	e->policy.l1_ways = BPF_CORE_READ(r, out.fw.l1_ways);
	e->policy.llc_ways = BPF_CORE_READ(r, out.fw.llc_ways);
	e->policy.vc = BPF_CORE_READ(r, out.fw.vc);
	e->policy.dram_prio = BPF_CORE_READ(r, out.fw.dram_prio);
	e->policy.irc_prio = BPF_CORE_READ(r, out.fw.irc_prio);
	/* CCBP's fields; a corun.ko without them reads as "not said" */
	e->policy.irc_class = 2; /* CORUN_IRC_CLASS_FREE */
	if (bpf_core_field_exists(r->out.fw.irc_class)) {
		e->policy.irc_class = BPF_CORE_READ(r, out.fw.irc_class);
		e->policy.irc_noc = BPF_CORE_READ(r, out.fw.irc_noc);
		e->policy.irc_dram = BPF_CORE_READ(r, out.fw.irc_dram);
	}
	if (bpf_core_field_exists(r->out.irc_credits))
		e->policy.irc_credits = BPF_CORE_READ(r, out.irc_credits);
	/* SM reclaim and context switches; the slowdown model's view */
	if (bpf_core_field_exists(r->out.reclaim))
		e->policy.reclaim = BPF_CORE_READ(r, out.reclaim);
	if (bpf_core_field_exists(r->out.est_alone_cycles))
		e->policy.est_alone = BPF_CORE_READ(r, out.est_alone_cycles);
	if (bpf_core_field_exists(r->cs)) {
		e->policy.preempts = BPF_CORE_READ(r, cs.preempts);
		e->policy.restores = BPF_CORE_READ(r, cs.restores);
		e->policy.cs_cycles = BPF_CORE_READ(r, cs.wait_cycles) +
				      BPF_CORE_READ(r, cs.save_cycles) +
				      BPF_CORE_READ(r, cs.restore_cycles);
		e->policy.cs_bytes = BPF_CORE_READ(r, cs.save_bytes) +
				     BPF_CORE_READ(r, cs.restore_bytes);
	}
	if (bpf_core_field_exists(r->out.np)) {
		e->policy.np_class = BPF_CORE_READ(r, out.np_class);
		e->policy.np = BPF_CORE_READ(r, out.np);
	}
	bpf_probe_read_kernel_str(e->policy.name, sizeof(e->policy.name),
				  (const void *)ctx->args[1]);
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* corun_fw_cmd(u32 cmd, u32 arg0, int result) */
SEC("raw_tp/corun_fw_cmd")
int corun_fw(struct bpf_raw_tracepoint_args *ctx)
{
	struct ct_event *e = ev_new(CT_FW);

	if (!e)
		return 0;
	e->fw.cmd = ctx->args[0];
	e->fw.arg0 = ctx->args[1];
	e->fw.result = (int)ctx->args[2];
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* the submitter of the job last run on @slot */
static bool slot_owner(__u32 slot, struct ct_event *e)
{
	struct slot_val *s = bpf_map_lookup_elem(&slots, &slot);

	if (!s)
		return !filter_pid;
	e->pid = s->pid;
	__builtin_memcpy(e->comm, s->comm, sizeof(e->comm));
	return pid_ok(s->pid);
}

/* corun_fault(u32 slot, u32 cause, u32 access, u32 pc, u32 addr) */
SEC("raw_tp/corun_fault")
int corun_fault(struct bpf_raw_tracepoint_args *ctx)
{
	__u32 slot = ctx->args[0];
	struct ct_event *e;

	if (!slot_ok(slot))
		return 0;
	e = ev_new(CT_FAULT);
	if (!e)
		return 0;
	if (!slot_owner(slot, e)) {
		bpf_ringbuf_discard(e, 0);
		return 0;
	}
	e->fault.slot = slot;
	e->fault.cause = ctx->args[1];
	e->fault.access = ctx->args[2];
	e->fault.pc = ctx->args[3];
	e->fault.addr = ctx->args[4];
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* corun_reset(u32 slot, u64 job_id) */
SEC("raw_tp/corun_reset")
int corun_reset(struct bpf_raw_tracepoint_args *ctx)
{
	__u32 slot = ctx->args[0];
	struct ct_event *e;

	if (!slot_ok(slot))
		return 0;
	e = ev_new(CT_RESET);
	if (!e)
		return 0;
	if (!slot_owner(slot, e)) {
		bpf_ringbuf_discard(e, 0);
		return 0;
	}
	e->reset.slot = slot;
	e->reset.job_id = ctx->args[1];
	bpf_ringbuf_submit(e, 0);
	return 0;
}
