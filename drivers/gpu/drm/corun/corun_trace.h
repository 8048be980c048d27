/* SPDX-License-Identifier: GPL-2.0 */
/*
 * corun tracepoints. Job events carry the scheduler's finished-fence
 * context and seqno so they join with the gpu_scheduler events.
 */
#if !defined(_CORUN_TRACE_H_) || defined(TRACE_HEADER_MULTI_READ)
#define _CORUN_TRACE_H_

#include <linux/tracepoint.h>

#include "policy/policy.h"

#undef TRACE_SYSTEM
#define TRACE_SYSTEM corun
#define TRACE_INCLUDE_FILE corun_trace

TRACE_EVENT(corun_job_submit,
	    TP_PROTO(u64 fence_context, u64 seqno, u32 ctx_id, u64 job_id),
	    TP_ARGS(fence_context, seqno, ctx_id, job_id),
	    TP_STRUCT__entry(__field(u64, fence_context) __field(u64, seqno)
				     __field(u32, ctx_id) __field(u64, job_id)),
	    TP_fast_assign(__entry->fence_context = fence_context;
			   __entry->seqno = seqno; __entry->ctx_id = ctx_id;
			   __entry->job_id = job_id;),
	    TP_printk("fence=%llu:%llu ctx=%u job=%llu", __entry->fence_context,
		      __entry->seqno, __entry->ctx_id, __entry->job_id));

TRACE_EVENT(corun_job_run,
	    TP_PROTO(u64 fence_context, u64 seqno, u32 slot, u64 hw_seqno),
	    TP_ARGS(fence_context, seqno, slot, hw_seqno),
	    TP_STRUCT__entry(__field(u64, fence_context) __field(u64, seqno)
				     __field(u32, slot) __field(u64, hw_seqno)),
	    TP_fast_assign(__entry->fence_context = fence_context;
			   __entry->seqno = seqno; __entry->slot = slot;
			   __entry->hw_seqno = hw_seqno;),
	    TP_printk("fence=%llu:%llu slot=%u hw_seqno=%llu",
		      __entry->fence_context, __entry->seqno, __entry->slot,
		      __entry->hw_seqno));

TRACE_EVENT(corun_job_done,
	    TP_PROTO(u64 fence_context, u64 seqno, u32 slot, int error),
	    TP_ARGS(fence_context, seqno, slot, error),
	    TP_STRUCT__entry(__field(u64, fence_context) __field(u64, seqno)
				     __field(u32, slot) __field(int, error)),
	    TP_fast_assign(__entry->fence_context = fence_context;
			   __entry->seqno = seqno; __entry->slot = slot;
			   __entry->error = error;),
	    TP_printk("fence=%llu:%llu slot=%u error=%d",
		      __entry->fence_context, __entry->seqno, __entry->slot,
		      __entry->error));

TRACE_EVENT(corun_epoch, TP_PROTO(u32 seq, u64 cycle, u64 epoch_cycles),
	    TP_ARGS(seq, cycle, epoch_cycles),
	    TP_STRUCT__entry(__field(u32, seq) __field(u64, cycle)
				     __field(u64, epoch_cycles)),
	    TP_fast_assign(__entry->seq = seq; __entry->cycle = cycle;
			   __entry->epoch_cycles = epoch_cycles;),
	    TP_printk("seq=%u cycle=%llu len=%llu", __entry->seq,
		      __entry->cycle, __entry->epoch_cycles));

/*
 * One slot's policy decision, fired for every slot a decision changed:
 * every field of struct corun_policy_record (policy/policy.h) by name.
 */
/* The fields read best one per line: clang-format would pack them. */
/* clang-format off */
TRACE_EVENT(corun_policy_decision,
	    TP_PROTO(const struct corun_policy_record *r, const char *policy),
	    TP_ARGS(r, policy),
	    TP_STRUCT__entry(__field(u32, epoch)
			     __field(u64, cycle)
			     __field(u32, event)
			     __field(u32, slot)
			     __field(u32, policy_id)
			     __string(policy, policy)
			     __field(u32, running)
			     __field(u32, changed)
			     __array(u32, sm_mask, CORUN_POLICY_MASK_WORDS)
			     __field(u32, cta_quota)
			     __field(u32, throttle)
			     __field(u32, issue_quota)
			     __field(u32, priority)
			     __field(u32, placement)
			     __field(u32, fw_set)
			     __field(u32, irc_share)
			     __field(u32, irc_prio)
			     __field(u32, l1_ways)
			     __field(u32, l1_bypass_ctas)
			     __field(u32, llc_ways)
			     __field(u32, vc)
			     __field(u32, dram_prio)
			     __field(u32, irc_class)
			     __field(u32, irc_noc)
			     __field(u32, irc_dram)
			     __field(u32, irc_credits)
			     __field(u64, est_alone_cycles)
			     __field(u32, reclaim)
			     __field(u64, preempts)
			     __field(u64, restores)
			     __field(u64, cs_cycles)
			     __field(u64, cs_bytes)
			     __field(u32, np_class)
			     __field(u32, np)
			     __field(u32, sms)),
	    TP_fast_assign(__entry->epoch = r->epoch;
			   __entry->cycle = r->cycle;
			   __entry->event = r->event;
			   __entry->slot = r->slot;
			   __entry->policy_id = r->policy;
			   __assign_str(policy);
			   __entry->running = r->running;
			   __entry->changed = r->changed;
			   memcpy(__entry->sm_mask, r->out.sm_mask,
				  sizeof(__entry->sm_mask));
			   __entry->cta_quota = r->out.cta_quota;
			   __entry->throttle = r->out.throttle;
			   __entry->issue_quota = r->out.issue_quota;
			   __entry->priority = r->out.priority;
			   __entry->placement = r->out.placement;
			   __entry->fw_set = r->out.fw_set;
			   __entry->irc_share = r->out.fw.irc_share;
			   __entry->irc_prio = r->out.fw.irc_prio;
			   __entry->l1_ways = r->out.fw.l1_ways;
			   __entry->l1_bypass_ctas = r->out.fw.l1_bypass_ctas;
			   __entry->llc_ways = r->out.fw.llc_ways;
			   __entry->vc = r->out.fw.vc;
			   __entry->dram_prio = r->out.fw.dram_prio;
			   __entry->irc_class = r->out.fw.irc_class;
			   __entry->irc_noc = r->out.fw.irc_noc;
			   __entry->irc_dram = r->out.fw.irc_dram;
			   __entry->irc_credits = r->out.irc_credits;
			   __entry->est_alone_cycles = r->out.est_alone_cycles;
			   __entry->reclaim = r->out.reclaim;
			   __entry->preempts = r->cs.preempts;
			   __entry->restores = r->cs.restores;
			   __entry->cs_cycles = r->cs.wait_cycles +
						r->cs.save_cycles +
						r->cs.restore_cycles;
			   __entry->cs_bytes = r->cs.save_bytes +
					       r->cs.restore_bytes;
			   __entry->np_class = r->out.np_class;
			   __entry->np = r->out.np;
			   __entry->sms = hweight32(r->out.sm_mask[0]) +
					  hweight32(r->out.sm_mask[1]) +
					  hweight32(r->out.sm_mask[2]) +
					  hweight32(r->out.sm_mask[3]);),
	    TP_printk("policy=%s ev=%u epoch=%u slot=%u run=%u changed=%#x sm_mask=%08x:%08x:%08x:%08x quota=%u throttle=%u issue=%u prio=%u place=%u irc_share=%u l1_ways=%#x llc_ways=%#x vc=%d dram_prio=%u irc_prio=%u irc_class=%u irc_noc=%u irc_dram=%u irc_credits=%d reclaim=%s preempts=%llu restores=%llu cs_cycles=%llu cs_bytes=%llu sms=%u class=%s np=%u",
		      __get_str(policy), __entry->event, __entry->epoch,
		      __entry->slot, __entry->running, __entry->changed,
		      __entry->sm_mask[3], __entry->sm_mask[2],
		      __entry->sm_mask[1], __entry->sm_mask[0],
		      __entry->cta_quota, __entry->throttle,
		      __entry->issue_quota, __entry->priority,
		      __entry->placement, __entry->irc_share,
		      __entry->l1_ways, __entry->llc_ways, (int)__entry->vc,
		      __entry->dram_prio, __entry->irc_prio,
		      __entry->irc_class, __entry->irc_noc, __entry->irc_dram,
		      (int)__entry->irc_credits,
		      __entry->reclaim == CORUN_RECLAIM_SWITCH ? "switch" :
								 "drain",
		      __entry->preempts, __entry->restores, __entry->cs_cycles,
		      __entry->cs_bytes, __entry->sms,
		      __print_symbolic(__entry->np_class, { 0, "none" },
				       { 1, "compute" }, { 2, "memory" },
				       { 3, "whitebox" }),
		      __entry->np));
/* clang-format on */

TRACE_EVENT(corun_fw_cmd, TP_PROTO(u32 cmd, u32 arg0, int result),
	    TP_ARGS(cmd, arg0, result),
	    TP_STRUCT__entry(__field(u32, cmd) __field(u32, arg0)
				     __field(int, result)),
	    TP_fast_assign(__entry->cmd = cmd; __entry->arg0 = arg0;
			   __entry->result = result;),
	    TP_printk("cmd=%u arg0=%#x result=%d", __entry->cmd, __entry->arg0,
		      __entry->result));

TRACE_EVENT(corun_fault,
	    TP_PROTO(u32 slot, u32 cause, u32 access, u32 pc, u32 addr),
	    TP_ARGS(slot, cause, access, pc, addr),
	    TP_STRUCT__entry(__field(u32, slot) __field(u32, cause)
				     __field(u32, access) __field(u32, pc)
					     __field(u32, addr)),
	    TP_fast_assign(__entry->slot = slot; __entry->cause = cause;
			   __entry->access = access; __entry->pc = pc;
			   __entry->addr = addr;),
	    TP_printk("slot=%u cause=%u access=%u pc=%#x addr=%#x",
		      __entry->slot, __entry->cause, __entry->access,
		      __entry->pc, __entry->addr));

TRACE_EVENT(corun_reset, TP_PROTO(u32 slot, u64 job_id), TP_ARGS(slot, job_id),
	    TP_STRUCT__entry(__field(u32, slot) __field(u64, job_id)),
	    TP_fast_assign(__entry->slot = slot; __entry->job_id = job_id;),
	    TP_printk("slot=%u job=%llu", __entry->slot, __entry->job_id));

#endif /* _CORUN_TRACE_H_ */

/* This part must be outside protection */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#include <trace/define_trace.h>
