#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/demo/demo through tools/vm/run, after
# tools/run/guest-load.sh loaded corun.ko): trace the driver's
# tracepoints in the background, run MIX with corun-run under fcfs and
# then even, and print the trace's first lines, both reports and a
# side-by-side table. Usage: guest-demo.sh CORUN_RUN MIX OUTDIR [EPOCH]
# (EPOCH: policy epoch in device cycles, default the driver's).
set -uo pipefail
RUN=$1
MIX=$2
OUT=$3
EPOCH=${4:+--epoch $4}
mkdir -p "$OUT"
TRACE=$OUT/trace.txt
: >"$TRACE"

# bpftrace needs debugfs/tracefs; its LLVM start-up is slow under TCG,
# so wait until it has attached before the first job is submitted.
mount -t debugfs none /sys/kernel/debug 2>/dev/null
mount -t tracefs none /sys/kernel/tracing 2>/dev/null
BT=
if command -v bpftrace >/dev/null; then
	# The tracepoint fires once per slot a decision changed.
	bpftrace -e '
tracepoint:corun:corun_policy_decision
{
	printf("%s decision policy=%s slot=%u sm_mask0=0x%x cta_quota=%u prio=%u\n",
	       comm, str(args->policy), args->slot, args->sm_mask[0],
	       args->cta_quota, args->priority);
}
tracepoint:corun:corun_job_run {
	printf("%s job_run  fence=%llu:%llu slot=%u\n", comm,
	       args->fence_context, args->seqno, args->slot);
}
tracepoint:corun:corun_job_done {
	printf("%s job_done fence=%llu:%llu slot=%u error=%d\n", comm,
	       args->fence_context, args->seqno, args->slot, args->error);
}' >"$TRACE" 2>"$OUT/bpftrace.err" &
	BT=$!
	for _ in $(seq 1 600); do
		grep -q '^Attaching' "$TRACE" && break
		kill -0 $BT 2>/dev/null || break
		sleep 0.1
	done
	if ! grep -q '^Attaching' "$TRACE"; then
		echo "demo: bpftrace did not attach:" >&2
		cat "$OUT/bpftrace.err" >&2
		kill $BT 2>/dev/null
		BT=
	fi
else
	echo "demo: bpftrace missing in the guest image: no live trace" >&2
fi

rc=0
for p in fcfs even; do
	echo "=== corun-run --policy $p $MIX"
	# shellcheck disable=SC2086
	"$RUN" --policy "$p" $EPOCH "$MIX" >"$OUT/$p.txt" 2>"$OUT/$p.err"
	r=$?
	cat "$OUT/$p.txt"
	cat "$OUT/$p.err" >&2
	[ $r -eq 0 ] || { echo "demo: corun-run --policy $p exited $r" >&2; rc=1; }
done

if [ -n "$BT" ]; then
	kill -INT $BT 2>/dev/null
	wait $BT 2>/dev/null
	# From the first time the policy splits the SMs (two jobs
	# resident): its decisions and the job events around them. All of
	# it is in $TRACE.
	echo "=== live trace (bpftrace: tracepoint:corun:corun_policy_decision when a slot changes, corun_job_run, corun_job_done):" \
		"$(grep -c ' decision ' "$TRACE") decisions, $(grep -c ' job_run ' "$TRACE") job starts," \
		"$(grep -c ' job_done ' "$TRACE") job ends$(grep -q '^Lost' "$TRACE" && echo ", some events lost")"
	# One awk, not grep | grep -q: under pipefail the first grep's
	# SIGPIPE would fail the test when a split exists.
	if awk '/ decision / && $5 != "sm_mask0=0xffff" { f = 1 }
		END { exit !f }' "$TRACE"; then
		echo "    20 events from the first SM split:"
		awk '/ decision / && $5 != "sm_mask0=0xffff" { on = 1 }
		     on && / (decision|job_)/ { print "    " $0; n++ }
		     n >= 20 { exit }' "$TRACE"
	else
		echo "    the policy never split the SMs (the jobs were never resident together at a decision); first 20 events:"
		grep -E ' (decision|job_)' "$TRACE" | head -n 20 | sed 's/^/    /'
	fi
fi

# Side by side: slowdown of every job, then the mix metrics.
echo "=== summary: $(sed -n 's/^# mix \([^ ]*\).*/mix \1/p' "$OUT/fcfs.txt" | head -n 1)"
awk '
FNR == 1 { p = (FILENAME ~ /fcfs/) ? 1 : 2 }
/^co-run/ { co = 1; next }
co && $1 ~ /^[0-9]+$/ { name[$1] = $2; sub(/\(.*/, "", name[$1]); sd[$1, p] = $10; st[$1, p] = $3; nj = $1 + 1 }
/^metrics:/ { stp[p] = $3; hs[p] = $5; antt[p] = $7; fair[p] = $9; co = 0 }
END {
	printf("%-36s | %9s | %9s\n", "metric", "fcfs", "even")
	printf("%-36s-+-%9s-+-%9s\n", "------------------------------------",
	       "---------", "---------")
	for (i = 0; i < nj; i++)
		printf("%-36s | %9s | %9s\n", "slowdown job " i " " name[i],
		       sd[i, 1] (st[i, 1] == "ok" ? "" : "!"),
		       sd[i, 2] (st[i, 2] == "ok" ? "" : "!"))
	printf("%-36s | %9s | %9s\n", "STP (higher is better)", stp[1], stp[2])
	printf("%-36s | %9s | %9s\n", "harmonic speedup (higher is better)", hs[1], hs[2])
	printf("%-36s | %9s | %9s\n", "ANTT (lower is better)", antt[1], antt[2])
	printf("%-36s | %9s | %9s\n", "fairness (higher is better)", fair[1], fair[2])
}' "$OUT/fcfs.txt" "$OUT/even.txt"
exit $rc
