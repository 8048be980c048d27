#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the debug guest (tools/vm/run --kernel debug) for
# selftests/kunit: load KUnit and corun_policy_kunit.ko, whose suites run
# at load, print each corun suite's KTAP from debugfs, unload, and scan
# the kernel log and memory (kmemleak) for reports. Then, with LEAK_KO,
# prove that the kmemleak check can fail: load the planted leak
# (selftests/leak), scan, and report whether the leak was counted while
# the module is loaded (its frame named) and after it is unloaded (an
# address no symbol covers).
# Arguments: KO [LEAK_KO]
KO=$1
LEAK_KO=${2:-}
mount -t debugfs none /sys/kernel/debug 2>/dev/null
modprobe kunit || echo "# modprobe kunit failed"
dmesg -c >/dev/null
if insmod "$KO"; then echo "LOAD ok"; else echo "LOAD failed"; fi
for d in /sys/kernel/debug/kunit/*/; do
	s=$(basename "$d")
	case $s in
	corun*)
		echo "SUITE $s"
		sed 's/^/| /' "$d/results"
		;;
	esac
done
echo "SUITES end"
if rmmod corun_policy_kunit; then echo "UNLOAD ok"; else echo "UNLOAD failed"; fi
. "$(dirname "$0")/guest-reports.sh"
scan_reports
[ -n "$LEAK_KO" ] || exit 0
# The planted leak: 96 bytes from corun_leak_plant() at load.
if insmod "$LEAK_KO"; then echo "PLANT_LOAD ok"; else echo "PLANT_LOAD failed"; fi
kmemleak_check >/tmp/plant.txt
sed 's/^/# plant: /' /tmp/plant.txt | grep -v 'kmemleak|'
grep -q '^# kmemleak: ours size 96 .*\[corun_leak_plant\]$' /tmp/plant.txt &&
	grep -q '^KMEMLEAK dirty' /tmp/plant.txt &&
	echo "PLANT_LOADED caught" || echo "PLANT_LOADED missed"
if rmmod corun_leak_plant; then echo "PLANT_UNLOAD ok"; else echo "PLANT_UNLOAD failed"; fi
kmemleak_check noscan >/tmp/plant.txt
sed 's/^/# plant: /' /tmp/plant.txt | grep -v 'kmemleak|'
grep -q '^# kmemleak: ours size 96 .* at 0x[0-9a-f]*$' /tmp/plant.txt &&
	grep -q '^KMEMLEAK dirty' /tmp/plant.txt &&
	echo "PLANT_UNLOADED caught" || echo "PLANT_UNLOADED missed"
