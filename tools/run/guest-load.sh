#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run): load corun.ko with its DRM
# dependencies unless it is loaded, wait for its render node, then run
# the remaining arguments. The firmware comes through
# firmware_class.path, which tools/vm/run points at $O/vm/fw.
# Usage: [CORUN_KO_ARGS="param=value ..."] guest-load.sh KO CMD [ARGS...]
# (CORUN_KO_ARGS: module parameters for insmod, e.g. lockstep=1).
KO=$1
shift
if ! [ -d /sys/module/corun ]; then
	for m in drm drm_exec gpu-sched drm_shmem_helper; do
		modprobe "$m" || echo "guest-load: modprobe $m failed" >&2
	done
	# shellcheck disable=SC2086 # one word per parameter
	if ! insmod "$KO" ${CORUN_KO_ARGS:-}; then
		echo "guest-load: insmod $KO ${CORUN_KO_ARGS:-} failed" >&2
		dmesg | tail -n 20 >&2
		exit 2
	fi
fi
i=0
while ! ls -d /sys/bus/pci/drivers/corun/0000:*/drm/renderD* >/dev/null 2>&1; do
	i=$((i + 1))
	if [ $i -gt 50 ]; then
		echo "guest-load: no corun render node after 5 s" >&2
		dmesg | grep -i corun | tail -n 20 >&2
		exit 2
	fi
	sleep 0.1
done
exec "$@"
