#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run) for the VM tests that run on the debug
# kernel without selftests/guest-prog.sh (tools/vm/tests/job,
# tools/equiv/tests/equiv): run the command, then print "SCAN reports"
# and scan the whole kernel log and memory for the checkers' reports
# (guest-reports.sh: WARN, BUG, KASAN, lockdep, kmemleak...), which the
# host counts as a test of its own. Exits with the command's status.
# Usage: guest-scan.sh CMD [ARGS...]
"$@"
rc=$?
echo "SCAN reports"
. "$(dirname "$0")/guest-reports.sh"
scan_reports
exit $rc
