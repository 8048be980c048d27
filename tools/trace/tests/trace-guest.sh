#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run) for tools/trace/tests/trace: load
# corun.ko, start corun-trace (unfiltered, --slot 0, --pid of the load)
# and every tools/bpftrace/*.bt script in the background, wait for them to
# attach, run the uapi test as load, stop the tracers and unload.
# Arguments: KO CORUN_TRACE UAPI_TEST OUTDIR. Each tracer's output is
# OUTDIR/NAME.out; progress lines go to stdout.
KO=$1
CT=$2
UAPI=$3
OUT=$4
BT_DIR=$(cd "$(dirname "$0")/../../bpftrace" && pwd)

for m in drm drm_exec gpu-sched drm_shmem_helper; do
	modprobe "$m" || echo "# modprobe $m failed"
done
FW=$(dirname "$KO")/../../../../build/firmware/corun-fw.bin
if [ -f "$FW" ]; then
	mkdir -p /tmp/corun-fw/corun
	cp "$FW" /tmp/corun-fw/corun/
	printf /tmp/corun-fw >/sys/module/firmware_class/parameters/path
fi
mount -t tracefs none /sys/kernel/tracing 2>/dev/null
mount -t debugfs none /sys/kernel/debug 2>/dev/null
rm -rf "$OUT"
mkdir -p "$OUT"
if insmod "$KO"; then echo "LOAD ok"; else echo "LOAD failed"; fi

pids=()
outs=()
start() { # NAME CMD...: a tracer in the background
	local name=$1

	shift
	"$@" >"$OUT/$name.out" 2>&1 &
	pids+=($!)
	outs+=("$OUT/$name.out")
}
# the load, held until every tracer is attached so its pid is known
(while [ ! -e "$OUT/go" ]; do sleep 0.1; done; exec "$UAPI") \
	>"$OUT/uapi.out" 2>&1 &
load=$!
echo "LOAD_PID $load"

start ct-all "$CT"
start ct-slot0 "$CT" --slot 0
start ct-pid "$CT" --pid "$load"
for bt in "$BT_DIR"/*.bt; do
	start "$(basename "$bt" .bt)" bpftrace "$bt"
done
"$CT" --duration 2 >"$OUT/ct-duration.out" 2>&1 &
dur=$!

# attached: corun-trace prints "# corun-trace: attached", bpftrace's
# BEGIN (run after all probes are attached) prints READY; a tracer that
# died counts as settled (the host side reports it). Six tracers attach
# at once under TCG: on a loaded 2-core host that took up to 95 s, so
# the bound is generous (the loop ends as soon as all are attached).
t0=$SECONDS
while [ $((SECONDS - t0)) -lt 300 ]; do
	n=0
	for i in "${!pids[@]}"; do
		if grep -q -E '^READY|corun-trace: attached' "${outs[$i]}" ||
			! kill -0 "${pids[$i]}" 2>/dev/null; then
			n=$((n + 1))
		fi
	done
	[ $n -ge ${#pids[@]} ] && break
	sleep 0.5
done
echo "ATTACHED after $((SECONDS - t0)) s"
wait "$dur"
echo "DURATION rc=$?"

touch "$OUT/go"
wait "$load"
echo "UAPI rc=$?"
# firmware commands are sent at probe: unbind and bind the device again
BDF=$(basename "$(ls -d /sys/bus/pci/drivers/corun/0000:* | head -n 1)")
if echo "$BDF" >/sys/bus/pci/drivers/corun/unbind &&
	echo "$BDF" >/sys/bus/pci/drivers/corun/bind; then
	echo "REBIND ok"
else
	echo "REBIND failed"
fi
sleep 1
for p in "${pids[@]}"; do
	kill -INT "$p" 2>/dev/null
done
# bpftrace 0.17 can miss a SIGINT that arrives just before it blocks in
# epoll_wait() with nothing more to print: repeat it, but only until the
# tracer has started its exit (its END block prints SUMMARY, corun-trace
# prints "done"); a second SIGINT during END kills bpftrace (rc 130). A
# tracer still there 20 s after the first is reported and killed.
t0=$SECONDS
for i in "${!pids[@]}"; do
	p=${pids[$i]}
	while kill -0 "$p" 2>/dev/null && [ $((SECONDS - t0)) -lt 20 ]; do
		sleep 1
		grep -q -E '^SUMMARY|^# corun-trace: done' "${outs[$i]}" ||
			kill -INT "$p" 2>/dev/null
	done
	name=$(basename "${outs[$i]}" .out)
	if kill -0 "$p" 2>/dev/null; then
		echo "TRACER $name hung after SIGINT: $(tr '\0' ' ' <"/proc/$p/cmdline")"
		for t in /proc/"$p"/task/*; do
			echo "# task ${t##*/} $(cat "$t/comm") wchan=$(cat "$t/wchan")"
			sed 's/^/#   /' "$t/stack" 2>/dev/null | head -8
		done
		kill -KILL "$p"
	fi
	wait "$p"
	echo "TRACER $name rc=$?"
done
if rmmod corun; then echo "UNLOAD ok"; else echo "UNLOAD failed"; fi
echo "GUEST done"
