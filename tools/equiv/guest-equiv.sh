#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run) for tools/equiv/tests/equiv. For each
# case POLICY:CYCLES:MIX: load corun.ko in lockstep mode (lockstep=1;
# its probe resets the device, so every case starts on a fresh device at
# cycle 0, as corun-sim's runs do), run the mix with `corun-run
# --lockstep --cycles CYCLES --no-alone` (CYCLES 1: every job runs once),
# unload the driver.
# Usage: guest-equiv.sh KO CORUN-RUN POLICY:CYCLES:MIX...
KO=$1
RUN=$2
shift 2
for m in drm drm_exec gpu-sched drm_shmem_helper; do
	modprobe "$m" || echo "guest-equiv: modprobe $m failed" >&2
done
rc=0
n=0
for c in "$@"; do
	policy=${c%%:*}
	c=${c#*:}
	cycles=${c%%:*}
	mix=${c#*:}
	n=$((n + 1))
	echo "guest-equiv: case $n policy $policy cycles $cycles mix $mix"
	if ! insmod "$KO" lockstep=1; then
		echo "guest-equiv: insmod $KO lockstep=1 failed" >&2
		dmesg | tail -n 20 >&2
		exit 2
	fi
	i=0
	while ! ls -d /sys/bus/pci/drivers/corun/0000:*/drm/renderD* \
		>/dev/null 2>&1; do
		i=$((i + 1))
		if [ $i -gt 50 ]; then
			echo "guest-equiv: no corun render node after 5 s" >&2
			dmesg | grep -i corun | tail -n 20 >&2
			exit 2
		fi
		sleep 0.1
	done
	if [ "$(cat /sys/module/corun/parameters/lockstep)" != Y ]; then
		echo "guest-equiv: corun.ko is not in lockstep mode" >&2
		exit 2
	fi
	"$RUN" --policy "$policy" --lockstep --cycles "$cycles" --no-alone \
		"$mix" || rc=1
	echo "guest-equiv: end of case $n"
	if ! rmmod corun; then
		echo "guest-equiv: rmmod corun failed" >&2
		exit 2
	fi
done
exit $rc
