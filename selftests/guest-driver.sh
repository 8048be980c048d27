#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run): load corun.ko with its DRM
# dependencies, run the uapi test, unload; load it again with one
# interrupt vector (irq_mode=intx) for the firmware stress test, with a
# corrupted firmware image, and once more without firmware; report whether
# the kernel log stayed clean and, on the debug kernel, whether kmemleak
# found a leak of corun's.
# Arguments: KO UAPI_TEST [test args...]
KO=$1
TEST=$2
shift 2
for m in drm drm_exec gpu-sched drm_shmem_helper; do
	modprobe "$m" || echo "# modprobe $m failed"
done
# The firmware image is built in the work tree; point the loader at it.
FW=$(dirname "$KO")/../../../../build/firmware/corun-fw.bin
# a module built elsewhere (make module-debug): the image tools/vm/run
# staged, which the kernel command line points the loader at
[ -f "$FW" ] ||
	FW=$(cat /sys/module/firmware_class/parameters/path 2>/dev/null)/corun/corun-fw.bin
if [ -f "$FW" ]; then
	mkdir -p /tmp/corun-fw/corun
	cp "$FW" /tmp/corun-fw/corun/
	printf /tmp/corun-fw >/sys/module/firmware_class/parameters/path
fi
dmesg -c >/dev/null
if insmod "$KO"; then echo "LOAD ok"; else echo "LOAD failed"; fi
ls /dev/dri >/dev/null 2>&1 && echo "DRI ok" || echo "DRI missing"
mount -t debugfs none /sys/kernel/debug 2>/dev/null
"$TEST" "$@"
echo "TEST rc=$?"
SYSFS=$(ls -d /sys/bus/pci/drivers/corun/0000:* | head -n 1)
echo even >"$SYSFS/policy" && [ "$(cat "$SYSFS/policy")" = even ] &&
	echo fcfs >"$SYSFS/policy" && echo "SYSFS ok" || echo "SYSFS failed"
D=$(ls -d /sys/kernel/debug/dri/*/ | head -n 1)
grep -q "^policy fcfs" "$D/slots" && grep -q "^ID" "$D/regs" &&
	echo "DEBUGFS ok" || echo "DEBUGFS failed"
# a job still running when its process is gone and the module unloads
"$TEST" --leave-job && echo "LEAVE ok" || echo "LEAVE failed"
if rmmod corun; then echo "UNLOAD ok"; else echo "UNLOAD failed"; fi

# One interrupt vector for every event: firmware requests from the
# ioctls and the epoch handler share the threaded handler.
echo "PHASE intx"
if insmod "$KO" irq_mode=intx; then echo "LOAD_INTX ok"; else echo "LOAD_INTX failed"; fi
D=$(ls -d /sys/kernel/debug/dri/*/ | head -n 1)
grep -q "^interrupts intx vectors 1" "$D/firmware" && echo "INTX ok" ||
	{ echo "INTX failed"; cat "$D/firmware" | head -3; }
"$TEST" --fw-stress 40
echo "TEST_INTX rc=$?"
if rmmod corun; then echo "UNLOAD_INTX ok"; else echo "UNLOAD_INTX failed"; fi

# A corrupted image (its last byte flipped: the CRC no longer matches):
# the driver says so and runs as without firmware.
echo "PHASE badfw"
if [ -f "$FW" ]; then
	mkdir -p /tmp/corun-badfw/corun
	cp "$FW" /tmp/corun-badfw/corun/corun-fw.bin
	last=$(($(stat -c %s "$FW") - 1))
	b=$(od -An -tu1 -j "$last" -N 1 "$FW" | tr -d ' ')
	printf "$(printf '\\%03o' $((b ^ 255)))" |
		dd of=/tmp/corun-badfw/corun/corun-fw.bin bs=1 seek="$last" conv=notrunc 2>/dev/null
	printf /tmp/corun-badfw >/sys/module/firmware_class/parameters/path
fi
n0=$(dmesg | wc -l)
if insmod "$KO"; then echo "LOAD_BADFW ok"; else echo "LOAD_BADFW failed"; fi
dmesg | tail -n +$((n0 + 1)) | grep -q 'corun-fw.bin: bad image' &&
	echo "BADFW reported" || echo "BADFW not reported"
"$TEST" --no-firmware
echo "TEST_BADFW rc=$?"
if rmmod corun; then echo "UNLOAD_BADFW ok"; else echo "UNLOAD_BADFW failed"; fi

# Without firmware: the knobs answer EOPNOTSUPP, GET the reset values.
echo "PHASE nofw"
printf /nonexistent >/sys/module/firmware_class/parameters/path
if insmod "$KO"; then echo "LOAD_NOFW ok"; else echo "LOAD_NOFW failed"; fi
"$TEST" --no-firmware
echo "TEST_NOFW rc=$?"
if rmmod corun; then echo "UNLOAD_NOFW ok"; else echo "UNLOAD_NOFW failed"; fi
dmesg | sed 's/^/# dmesg: /'
# kmemleak's own "N new suspected memory leaks" lines are judged by
# kmemleak_check, which counts only corun's leaks.
. "$(dirname "$0")/guest-reports.sh"
leaks=0
kmemleak_check || leaks=1
if dmesg | grep -v -e 'hung, slot reset' -e 'kmemleak: .* new suspected memory leak' |
	grep -E -q 'WARNING|BUG|Call Trace|leak|refcount' || [ $leaks = 1 ]; then
	echo "DMESG dirty"
else
	echo "DMESG clean"
fi
