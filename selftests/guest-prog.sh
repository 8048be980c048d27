#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run) for selftests/vm-prog.sh: load corun.ko
# with its DRM dependencies, run one test program, unload the module, and
# scan the whole kernel log for reports (WARN, BUG, Oops, KASAN, lockdep,
# refcount, kmemleak), which also covers the unload, and check the
# driver's account of jobs at the unload.
# Arguments: KO PROGRAM [program args...]
KO=$1
PROG=$2
shift 2
for m in drm drm_exec gpu-sched drm_shmem_helper; do
	modprobe "$m" || echo "# modprobe $m failed"
done
mount -t debugfs none /sys/kernel/debug 2>/dev/null
if insmod "$KO"; then echo "LOAD ok"; else echo "LOAD failed"; fi
"$PROG" "$@"
echo "PROG rc=$?"
# where corun's code was: kmemleak prints an unloaded module's frames as
# bare addresses, this resolves them (address - .text in corun.ko)
echo "# corun .text at $(cat /sys/module/corun/sections/.text 2>/dev/null)"
if rmmod corun; then echo "UNLOAD ok"; else echo "UNLOAD failed"; fi
# The driver's account at unload: every job it was handed ended once
# (done, faulted or cancelled) and was freed.
acct=$(dmesg | grep -o 'jobs [0-9]* done [0-9]* faulted [0-9]* cancelled [0-9]* live [0-9]*' | tail -n 1)
set -- $(echo "$acct" | tr -dc '0-9 ')
dmesg | grep -E 'corun.*(reloading|reloaded|device reset|busy at teardown)' |
	sed 's/^/# dmesg: /'
if [ -n "$acct" ] && [ "$1" -eq $(($2 + $3 + $4)) ] && [ "$5" -eq 0 ]; then
	echo "ACCOUNT ok $acct"
else
	echo "ACCOUNT bad ${acct:-no jobs line in the kernel log}"
fi
. "$(dirname "$0")/guest-reports.sh"
scan_reports
