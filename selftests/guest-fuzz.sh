#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run): load corun.ko with its DRM
# dependencies, run the ioctl fuzzer, unload the module, and scan the
# whole kernel log for reports (the fuzzer watches /dev/kmsg while it
# runs; this also covers the unload).
# Arguments: KO FUZZER [fuzzer args...]
KO=$1
FUZZ=$2
shift 2
for m in drm drm_exec gpu-sched drm_shmem_helper; do
	modprobe "$m" || echo "# modprobe $m failed"
done
if insmod "$KO"; then echo "LOAD ok"; else echo "LOAD failed"; fi
"$FUZZ" "$@"
echo "FUZZ rc=$?"
if rmmod corun; then echo "UNLOAD ok"; else echo "UNLOAD failed"; fi
REPORTS='WARNING:|BUG:|BUG |Oops|KASAN|UBSAN|lockdep|possible circular locking|possible recursive locking|inconsistent lock state|refcount_t:|general protection fault|list_add corruption|list_del corruption|INFO: task|unreferenced object|Call Trace:|ODEBUG:'
if dmesg | grep -E -q "$REPORTS"; then
	echo "DMESG dirty"
	dmesg | grep -E -B 2 -A 20 "$REPORTS" | head -n 80 | sed 's/^/# dmesg: /'
else
	echo "DMESG clean"
fi
