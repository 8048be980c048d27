#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run, on a device configuration with the HSM
# fit) for tools/trace/tests/trace: load corun.ko in lockstep mode, start
# corun-trace -a and tools/bpftrace/corun-hsm.bt, run MIX with corun-run
# under hsm-fair (lockstep, 1024-cycle epochs, each job once: the same
# decisions as corun-sim's), stop the tracers and unload.
# Arguments: KO CORUN_TRACE CORUN_RUN MIX OUTDIR. Outputs: OUTDIR/hsm-ct.out,
# OUTDIR/hsm-bt.out, OUTDIR/hsm-run.out; progress lines go to stdout.
KO=$1
CT=$2
RUN=$3
MIX=$4
OUT=$5
BT=$(cd "$(dirname "$0")/../../bpftrace" && pwd)/corun-hsm.bt
LOAD=$(dirname "$0")/../../run/guest-load.sh

mount -t tracefs none /sys/kernel/tracing 2>/dev/null
mount -t debugfs none /sys/kernel/debug 2>/dev/null
mkdir -p "$OUT"
rm -f "$OUT"/hsm-*.out
if CORUN_KO_ARGS=lockstep=1 "$LOAD" "$KO" true; then
	echo "HSM_LOAD ok"
else
	echo "HSM_LOAD failed"
fi
"$CT" -a >"$OUT/hsm-ct.out" 2>&1 &
ct=$!
bpftrace "$BT" >"$OUT/hsm-bt.out" 2>&1 &
bt=$!
# both attached (or dead: the host side reports it); attaching under TCG
# on a loaded host can take a minute
t0=$SECONDS
while [ $((SECONDS - t0)) -lt 300 ]; do
	{ grep -q 'corun-trace: attached' "$OUT/hsm-ct.out" ||
		! kill -0 "$ct" 2>/dev/null; } &&
		{ grep -q '^READY' "$OUT/hsm-bt.out" ||
			! kill -0 "$bt" 2>/dev/null; } && break
	sleep 0.5
done
echo "HSM_ATTACHED after $((SECONDS - t0)) s"
"$RUN" --lockstep --policy hsm-fair --epoch 1024 --cycles 1 --no-alone \
	"$MIX" >"$OUT/hsm-run.out" 2>&1
echo "HSM_RUN rc=$?"
sleep 1
# bpftrace 0.17 can miss a SIGINT: repeat it for up to 20 s, until the
# tracer says it is ending (a second one then would kill it mid-exit)
t0=$SECONDS
stop() { # NAME PID OUTPUT ENDING-MARK
	kill -INT "$2" 2>/dev/null
	while kill -0 "$2" 2>/dev/null && [ $((SECONDS - t0)) -lt 20 ]; do
		sleep 1
		grep -q "$4" "$3" || kill -INT "$2" 2>/dev/null
	done
	kill -0 "$2" 2>/dev/null && kill -KILL "$2"
	wait "$2"
	echo "HSM_TRACER $1 rc=$?"
}
stop corun-trace "$ct" "$OUT/hsm-ct.out" 'corun-trace: done'
stop corun-hsm "$bt" "$OUT/hsm-bt.out" '^SUMMARY'

if rmmod corun; then echo "HSM_UNLOAD ok"; else echo "HSM_UNLOAD failed"; fi
