// SPDX-License-Identifier: GPL-2.0
/*
 * corun-trace: live timeline of the corun.ko tracepoints (submissions,
 * placements, epochs, policy decisions, firmware commands, faults,
 * resets) through the libbpf skeleton of corun-trace.bpf.c. Runs as root
 * in the guest with corun.ko loaded; see tools/trace/README.md.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/types.h>
#include <bpf/libbpf.h>

#include "corun-trace.h"
#include "corun-trace.skel.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static volatile sig_atomic_t stop;
static __u64 t0;
static bool verbose;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static int on_libbpf_print(enum libbpf_print_level level, const char *fmt,
			   va_list ap)
{
	if (level == LIBBPF_DEBUG && !verbose)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

static const char *const fw_cmds[] = { "NOP",	    "VERSION",	 "ECHO",
				       "SET_PARAM", "GET_PARAM", "SET_PARAMS" };

/* enum corun_policy_event */
static const char *const pol_events[] = { "init", "start", "end", "epoch" };

/* corun_policy_slot_out.np_class (HSM's enum hsm_class) */
static const char *const np_classes[] = { "none", "compute", "memory",
					  "whitebox" };

static const char *const causes[] = {
	"none",	      "unmapped",   "perm_read",     "perm_write",
	"perm_exec",  "misaligned", "pc_misaligned", "illegal_insn",
	"shared_oob", "local_oob",  "bad_pte",	     "budget",
	"user_trap",  "bad_desc",   "barrier",	     "ecall",
	"bus",	      "reset",
};

static void print_who(const struct ct_event *e)
{
	if (e->pid)
		printf(" pid=%u comm=%.*s", e->pid, CT_COMM_LEN, e->comm);
	else
		printf(" pid=?");
}

static int on_event(void *ctx, void *data, size_t len)
{
	const struct ct_event *e = data;
	double t = e->ts >= t0 ? (e->ts - t0) / 1e9 : 0;

	(void)ctx;
	if (len < sizeof(*e))
		return 0;
	printf("%12.6f ", t);
	switch (e->type) {
	case CT_SUBMIT:
		printf("submit fence=%llu:%llu ctx=%u job=%llu", e->submit.fctx,
		       e->submit.seqno, e->submit.ctx_id, e->submit.job_id);
		print_who(e);
		break;
	case CT_RUN:
		printf("run    slot=%u fence=%llu:%llu hw_seqno=%llu sm_mask0=%#x wait_us=%llu",
		       e->run.slot, e->run.fctx, e->run.seqno, e->run.hw_seqno,
		       e->run.sm_mask0, e->run.wait_ns / 1000);
		print_who(e);
		break;
	case CT_DONE:
		printf("done   slot=%u fence=%llu:%llu error=%d run_us=%llu",
		       e->done.slot, e->done.fctx, e->done.seqno, e->done.error,
		       e->done.run_ns / 1000);
		print_who(e);
		break;
	case CT_EPOCH:
		printf("epoch  seq=%u cycle=%llu len=%llu", e->epoch.seq,
		       e->epoch.cycle, e->epoch.len);
		break;
	case CT_POLICY:
		printf("policy slot=%u policy=%.*s ev=%s epoch=%u cycle=%llu run=%u changed=%#x sm_mask=%08x:%08x:%08x:%08x cta_quota=%u throttle=%u issue=%u prio=%u place=%u irc_share=%u l1_ways=%#x llc_ways=%#x vc=%d dram_prio=%u irc_prio=%u irc_class=%u irc_noc=%u irc_dram=%u irc_credits=%d",
		       e->policy.slot, CT_POLICY_LEN, e->policy.name,
		       e->policy.event < ARRAY_SIZE(pol_events) ?
			       pol_events[e->policy.event] :
			       "?",
		       e->policy.epoch, e->policy.cycle, e->policy.running,
		       e->policy.changed, e->policy.sm_mask[3],
		       e->policy.sm_mask[2], e->policy.sm_mask[1],
		       e->policy.sm_mask[0], e->policy.cta_quota,
		       e->policy.throttle, e->policy.issue_quota,
		       e->policy.prio, e->policy.placement,
		       e->policy.irc_share, e->policy.l1_ways,
		       e->policy.llc_ways, (int)e->policy.vc,
		       e->policy.dram_prio, e->policy.irc_prio,
		       e->policy.irc_class, e->policy.irc_noc,
		       e->policy.irc_dram, (int)e->policy.irc_credits);
		printf(" reclaim=%s preempts=%llu restores=%llu cs_cycles=%llu cs_bytes=%llu est_alone=%llu class=%s np=%u",
		       e->policy.reclaim ? "switch" : "drain",
		       e->policy.preempts, e->policy.restores,
		       e->policy.cs_cycles, e->policy.cs_bytes,
		       e->policy.est_alone,
		       e->policy.np_class < ARRAY_SIZE(np_classes) ?
			       np_classes[e->policy.np_class] :
			       "?",
		       e->policy.np);
		break;
	case CT_FW:
		if (e->fw.cmd == 0xffff)
			printf("fw     cmd=LOAD");
		else if (e->fw.cmd < ARRAY_SIZE(fw_cmds))
			printf("fw     cmd=%s", fw_cmds[e->fw.cmd]);
		else
			printf("fw     cmd=%u", e->fw.cmd);
		printf(" arg0=%#x result=%d", e->fw.arg0, e->fw.result);
		break;
	case CT_FAULT:
		printf("fault  slot=%u cause=%s(%u) access=%u pc=%#x addr=%#x",
		       e->fault.slot,
		       e->fault.cause < ARRAY_SIZE(causes) ?
			       causes[e->fault.cause] :
			       "?",
		       e->fault.cause, e->fault.access, e->fault.pc,
		       e->fault.addr);
		print_who(e);
		break;
	case CT_RESET:
		printf("reset  slot=%u job=%llu", e->reset.slot,
		       e->reset.job_id);
		print_who(e);
		break;
	default:
		printf("?      type=%u", e->type);
	}
	putchar('\n');
	return 0;
}

static struct corun_trace_bpf *open_load(long pid, long slot, bool all,
					 bool sched)
{
	struct corun_trace_bpf *skel = corun_trace_bpf__open();
	int err;

	if (!skel) {
		fprintf(stderr, "corun-trace: open failed: %s\n",
			strerror(errno));
		return NULL;
	}
	skel->rodata->filter_pid = pid;
	skel->rodata->filter_slot = slot;
	skel->rodata->all_decisions = all;
	bpf_program__set_autoload(skel->progs.sched_job, sched);
	err = corun_trace_bpf__load(skel);
	if (err) {
		if (!sched)
			fprintf(stderr, "corun-trace: load failed: %s\n",
				strerror(-err));
		corun_trace_bpf__destroy(skel);
		return NULL;
	}
	return skel;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: corun-trace [-p PID] [-s SLOT] [-d SECONDS] [-a] [-v]\n"
		"  -p, --pid PID       only jobs submitted by process PID\n"
		"  -s, --slot SLOT     only events on slot SLOT (hides submissions)\n"
		"  -d, --duration S    stop after S seconds (default: until SIGINT)\n"
		"  -a, --all-decisions also decisions that changed only firmware\n"
		"                      parameters or estimates (default: registers)\n"
		"  -v, --verbose       libbpf debug output\n"
		"Epochs and firmware commands are device-wide and always shown.\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "pid", required_argument, NULL, 'p' },
		{ "slot", required_argument, NULL, 's' },
		{ "duration", required_argument, NULL, 'd' },
		{ "all-decisions", no_argument, NULL, 'a' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct corun_trace_bpf *skel;
	struct ring_buffer *rb = NULL;
	long pid = 0, slot = -1;
	double duration = 0;
	bool all = false;
	__u64 end = 0;
	char *endp;
	int c, err;

	while ((c = getopt_long(argc, argv, "p:s:d:avh", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			pid = strtol(optarg, &endp, 10);
			if (*endp || pid <= 0)
				goto bad;
			break;
		case 's':
			slot = strtol(optarg, &endp, 10);
			if (*endp || slot < 0 || slot >= CT_MAX_SLOTS)
				goto bad;
			break;
		case 'd':
			duration = strtod(optarg, &endp);
			if (*endp || duration <= 0)
				goto bad;
			break;
		case 'a':
			all = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			goto bad;
		}
	}
	if (optind != argc)
		goto bad;

	libbpf_set_print(on_libbpf_print);
	skel = open_load(pid, slot, all, true);
	if (!skel) {
		/* no gpu_sched BTF: attribute jobs at corun_job_submit */
		skel = open_load(pid, slot, all, false);
		if (!skel)
			return 1;
		fprintf(stderr,
			"corun-trace: drm_sched_job unusable; submitter taken at corun_job_submit\n");
	}
	err = corun_trace_bpf__attach(skel);
	if (err) {
		fprintf(stderr,
			"corun-trace: attach failed: %s (is corun.ko loaded?)\n",
			strerror(-err));
		goto out;
	}
	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_event, NULL,
			      NULL);
	if (!rb) {
		err = -errno;
		fprintf(stderr, "corun-trace: ring buffer: %s\n",
			strerror(errno));
		goto out;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	t0 = now_ns();
	if (duration > 0)
		end = t0 + (__u64)(duration * 1e9);
	printf("# corun-trace: attached (pid=%ld slot=%ld); time in s since start\n",
	       pid, slot);
	fflush(stdout);
	while (!stop && (!end || now_ns() < end)) {
		err = ring_buffer__poll(rb, 100);
		if (err == -EINTR) {
			err = 0;
			break;
		}
		if (err < 0) {
			fprintf(stderr, "corun-trace: poll: %s\n",
				strerror(-err));
			goto out;
		}
		fflush(stdout);
		err = 0;
	}
	ring_buffer__consume(rb);
	printf("# corun-trace: done\n");
out:
	ring_buffer__free(rb);
	corun_trace_bpf__destroy(skel);
	return err ? 1 : 0;
bad:
	usage(stderr);
	return 2;
}
