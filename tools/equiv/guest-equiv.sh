#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run) for tools/equiv/tests/equiv: load
# corun.ko in lockstep mode (lockstep=1) with its DRM dependencies, wait
# for its render node, then run corun-run once per mix given.
# Usage: guest-equiv.sh KO CORUN-RUN POLICY MIX...
KO=$1
RUN=$2
POLICY=$3
shift 3
for m in drm drm_exec gpu-sched drm_shmem_helper; do
	modprobe "$m" || echo "guest-equiv: modprobe $m failed" >&2
done
if ! insmod "$KO" lockstep=1; then
	echo "guest-equiv: insmod $KO lockstep=1 failed" >&2
	dmesg | tail -n 20 >&2
	exit 2
fi
i=0
while ! ls -d /sys/bus/pci/drivers/corun/0000:*/drm/renderD* >/dev/null 2>&1; do
	i=$((i + 1))
	if [ $i -gt 50 ]; then
		echo "guest-equiv: no corun render node after 5 s" >&2
		dmesg | grep -i corun | tail -n 20 >&2
		exit 2
	fi
	sleep 0.1
done
echo "guest-equiv: lockstep $(cat /sys/module/corun/parameters/lockstep)"
rc=0
for mix in "$@"; do
	echo "guest-equiv: mix $mix"
	"$RUN" --policy "$POLICY" --cycles 1 --no-alone "$mix" || rc=1
done
exit $rc
