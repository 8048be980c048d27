#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the debug guest (tools/vm/run --kernel debug) for
# selftests/kunit: load KUnit and corun_policy_kunit.ko, whose suites run
# at load, print each corun suite's KTAP from debugfs, unload, and scan
# the kernel log for reports.
# Arguments: KO
KO=$1
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
