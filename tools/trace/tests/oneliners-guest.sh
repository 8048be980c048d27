#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest, after guest-load.sh, for tools/trace/tests/oneliners:
# each one-liner of Documentation/gpu/corun/tracing.rst (DIR/NAME.cmd,
# extracted on the host) alone, in its own process group, around two runs
# of corun-example (under the even policy, which decides SM masks, then
# the one in force); then SIGINT (repeated: bpftrace 0.17 can miss one;
# a shell's background job ignores it, so then SIGTERM) and its output in
# DIR/NAME.out. Progress lines go to stdout.
# Arguments: DIR CORUN_EXAMPLE
DIR=$1
EX=$2
T=/sys/kernel/tracing

# Leave tracefs as found: no corun event enabled or filtered.
tracefs_reset() {
	echo 0 >"$T/events/corun/enable"
	for f in "$T"/events/corun/*/filter; do
		echo 0 >"$f"
	done
	: >"$T/trace"
}

for cmd in "$DIR"/*.cmd; do
	name=$(basename "$cmd" .cmd)
	out="$DIR/$name.out"
	tracefs_reset
	setsid bash -c "$(cat "$cmd")" >"$out" 2>&1 </dev/null &
	pid=$!
	# bpftrace says "Attaching N probes" before it attaches them;
	# corun-trace says it is attached; tracefs readers start at once
	t0=$SECONDS
	while [ $((SECONDS - t0)) -lt 120 ] && kill -0 "$pid" 2>/dev/null &&
		! grep -q -E '^Attaching|corun-trace: attached|^READY' "$out" &&
		grep -q -E '^(bpftrace|build/tools/trace/corun-trace) ' "$cmd"; do
		sleep 0.5
	done
	sleep 3
	echo "ONELINER $name started after $((SECONDS - t0)) s"
	"$EX" --policy even >"$DIR/$name.load" 2>&1 &&
		"$EX" >>"$DIR/$name.load" 2>&1
	echo "ONELINER $name load rc=$?"
	sleep 1
	t0=$SECONDS
	while kill -0 "$pid" 2>/dev/null && [ $((SECONDS - t0)) -lt 30 ]; do
		if [ $((SECONDS - t0)) -lt 5 ] ||
			grep -q -E '^(bpftrace|build/tools/trace/corun-trace) ' "$cmd"; then
			kill -INT -- -"$pid" 2>/dev/null
		else
			kill -TERM -- -"$pid" 2>/dev/null
		fi
		sleep 1
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "ONELINER $name did not stop"
		kill -KILL -- -"$pid" 2>/dev/null
	fi
	wait "$pid"
	echo "ONELINER $name rc=$?"
done
tracefs_reset
echo "GUEST done"
