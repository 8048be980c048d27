/* SPDX-License-Identifier: GPL-2.0 */
/*
 * corun-trace: the record the BPF side (corun-trace.bpf.c) sends to the
 * loader (corun-trace.c) through the ring buffer, one per corun_*
 * tracepoint hit. The includer provides __u32/__u64/__s32.
 */
#ifndef CORUN_TRACE_EVENTS_H
#define CORUN_TRACE_EVENTS_H

#define CT_MAX_SLOTS 64 /* slots tracked per device (hw: 16) */
#define CT_COMM_LEN 16
#define CT_POLICY_LEN 16

enum ct_type {
	CT_SUBMIT = 1,
	CT_RUN,
	CT_DONE,
	CT_EPOCH,
	CT_POLICY,
	CT_FW,
	CT_FAULT,
	CT_RESET,
};

struct ct_event {
	__u64 ts; /* bpf_ktime_get_ns(), CLOCK_MONOTONIC */
	__u32 type; /* enum ct_type */
	__u32 pid; /* submitting process (tgid), 0 if unknown */
	char comm[CT_COMM_LEN]; /* its command name */
	union {
		struct {
			__u64 fctx, seqno, job_id;
			__u32 ctx_id;
		} submit;
		struct {
			__u64 fctx, seqno, hw_seqno;
			__u64 wait_ns; /* submit -> run, 0 if unknown */
			__u32 slot, sm_mask0;
		} run;
		struct {
			__u64 fctx, seqno;
			__u64 run_ns; /* run -> done, 0 if unknown */
			__u32 slot;
			__s32 error;
		} done;
		struct {
			__u64 cycle, len;
			__u32 seq;
		} epoch;
		/* struct corun_policy_record (policy/policy.h), by name */
		struct {
			__u64 cycle;
			__u32 slot, event, epoch, running, changed;
			__u32 sm_mask[4];
			__u32 cta_quota, throttle, issue_quota, prio, placement;
			__u32 irc_share, l1_ways, llc_ways, vc, dram_prio;
			__u32 irc_prio, irc_class, irc_noc, irc_dram;
			__u32 irc_credits;
			/* reclaim and context switches (HSM's frame) */
			__u32 reclaim, np_class, np;
			__u64 est_alone;
			__u64 preempts, restores, cs_cycles, cs_bytes;
			char name[CT_POLICY_LEN];
		} policy;
		struct {
			__u32 cmd, arg0;
			__s32 result;
		} fw;
		struct {
			__u32 slot, cause, access, pc, addr;
		} fault;
		struct {
			__u64 job_id;
			__u32 slot;
		} reset;
	};
};

#endif /* CORUN_TRACE_EVENTS_H */
