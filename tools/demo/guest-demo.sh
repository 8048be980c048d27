#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/demo/demo through tools/vm/run): load corun.ko
# in lockstep mode (lockstep=1), then for each case NAME:POLICY:MIX run
# `corun-run --lockstep --no-alone --policy POLICY --epoch EPOCH MIX`
# into OUTDIR/vm-NAME.txt on a fresh device: before every case but the
# first the device is unbound and bound again, and its probe resets it
# (cycle 0, cold caches, as corun-sim's runs and tools/equiv's reload).
# bpftrace follows the driver's corun_policy_decision tracepoint for the
# TRACE policy into OUTDIR/trace.txt from the start (its LLVM start-up
# under TCG overlaps the first cases; the module stays loaded, so it
# stays attached); the guest then prints each job's changes of class,
# CTA quota, bandwidth shares and issue-rate credits.
# Usage: guest-demo.sh KO CORUN_RUN OUTDIR EPOCH CONFIG TRACE CASE...
set -uo pipefail
KO=$1
RUN=$2
OUT=$3
EPOCH=$4
CFG=$5
TRACE_POLICY=$6
shift 6
LOAD=$(dirname "$0")/../run/guest-load.sh
TRACE=$OUT/trace.txt
: >"$TRACE"

# bpftrace needs debugfs/tracefs; its LLVM start-up is slow under TCG,
# so the TRACE case waits until it has attached.
mount -t debugfs none /sys/kernel/debug 2>/dev/null
mount -t tracefs none /sys/kernel/tracing 2>/dev/null
BT=
trace_start() {
	if ! command -v bpftrace >/dev/null; then
		echo "demo: bpftrace missing in the guest image: no live trace" >&2
		return
	fi
	# Decisions for running slots, not those at a job's end (the other
	# job is alone until the next launch starts, in the same cycle).
	bpftrace -e '
tracepoint:corun:corun_policy_decision
/args->running && args->event != 2 && str(args->policy) == "'"$TRACE_POLICY"'"/
{
	printf("decision epoch=%u cycle=%llu slot=%u class=%u cta_quota=%u throttle=%u noc=%u dram=%u credits=%u\n",
	       args->epoch, args->cycle, args->slot, args->irc_class, args->cta_quota,
	       args->throttle, args->irc_noc, args->irc_dram,
	       args->irc_credits);
}' >"$TRACE" 2>"$OUT/bpftrace.err" &
	BT=$!
}

trace_wait() {
	[ -n "$BT" ] || return
	for _ in $(seq 1 1800); do
		grep -q '^Attaching' "$TRACE" && return
		kill -0 $BT 2>/dev/null || break
		sleep 0.1
	done
	echo "demo: bpftrace did not attach:" >&2
	cat "$OUT/bpftrace.err" >&2
	kill $BT 2>/dev/null
	BT=
}

# bpftrace 0.17 can miss a SIGINT that arrives just before it blocks
# with nothing to print (tools/trace/tests/trace-guest.sh): repeat it.
trace_stop() {
	[ -n "$BT" ] || return
	for _ in $(seq 1 20); do
		kill -INT $BT 2>/dev/null || break
		sleep 1
	done
	kill $BT 2>/dev/null
	wait $BT 2>/dev/null
	BT=
}

# A fresh device: the probe resets it. Then wait for the render node.
rebind() {
	local d bdf i=0

	for d in /sys/bus/pci/drivers/corun/0000:*; do
		bdf=${d##*/}
		break
	done
	echo "$bdf" >/sys/bus/pci/drivers/corun/unbind &&
		echo "$bdf" >/sys/bus/pci/drivers/corun/bind || return 1
	while ! ls -d /sys/bus/pci/drivers/corun/0000:*/drm/renderD* >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -le 50 ] || return 1
		sleep 0.1
	done
}

# Loads the DRM modules and corun.ko, waits for the render node.
CORUN_KO_ARGS=lockstep=1 "$LOAD" "$KO" true || exit 2
if [ "$(cat /sys/module/corun/parameters/lockstep)" != Y ]; then
	echo "demo: corun.ko is not in lockstep mode" >&2
	exit 2
fi
trace_start

rc=0
n=0
for c in "$@"; do
	name=${c%%:*}
	c=${c#*:}
	policy=${c%%:*}
	mix=${c#*:}
	if [ $n -gt 0 ] && ! rebind; then
		echo "demo: rebinding the device failed" >&2
		exit 2
	fi
	n=$((n + 1))
	[ "$policy" != "$TRACE_POLICY" ] || trace_wait
	t0=$(date +%s)
	"$RUN" --policy "$policy" --epoch "$EPOCH" --lockstep --no-alone \
		--config "$CFG" "$mix" >"$OUT/vm-$name.txt" 2>"$OUT/vm-$name.err"
	r=$?
	printf '  %-14s %-14s %s in %3d s\n' "$name" "$policy" \
		"$([ $r -eq 0 ] && echo ok || echo "FAILED (exit $r)")" \
		$(($(date +%s) - t0))
	if [ $r -ne 0 ]; then
		cat "$OUT/vm-$name.txt" "$OUT/vm-$name.err" >&2
		rc=1
	fi
done
trace_stop

[ -s "$TRACE" ] || exit $rc
# Each slot's line when its class, CTA quota, throttle, shares or
# credits change: the timeline of CCBP's steps (Documentation/gpu/corun/
# cta-policies.rst). The cycle is the device's clock, epochs the
# policy's. Shares are units of M = 20 per bandwidth; credits are the
# driver's L1 miss-queue credits per SM per 200-cycle refill window at
# the rf and df it last saw (the firmware computes those in force).
echo "=== live trace of $TRACE_POLICY (bpftrace, tracepoint:corun:corun_policy_decision):" \
	"$(grep -c '^decision ' "$TRACE") decisions for running jobs$(grep -q '^Lost' "$TRACE" && echo ", some events lost")," \
	"each job's changes:"
awk '/^decision / {
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		v[kv[1]] = kv[2]
	}
	key = v["class"] " " v["cta_quota"] " " v["throttle"] " " v["noc"] " " v["dram"] " " v["credits"]
	if (last[v["slot"]] == key)
		next
	last[v["slot"]] = key
	cls = v["class"] == 0 ? "BI" : v["class"] == 1 ? "LS" : "free"
	cr = v["credits"] == 4294967295 ? "unlimited" : v["credits"]
	printf("    epoch %3u cycle %7u  job %u  %-4s  cta_quota %2u  throttle %2u  NoC %5.2f  DRAM %5.2f  credits %s\n",
	       v["epoch"], v["cycle"], v["slot"], cls, v["cta_quota"], v["throttle"],
	       v["noc"] / 1000, v["dram"] / 1000, cr)
	if (++n >= 40)
		exit
}' "$TRACE"
exit $rc
