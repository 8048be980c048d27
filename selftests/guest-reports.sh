# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the guest scripts (guest-prog.sh, guest-kunit.sh): scan the
# whole kernel log for reports of the kernel's checkers and print
# "DMESG clean" or "DMESG dirty" with the reports. Each pattern is the
# start of a report (a WARN, a BUG or Oops, KASAN, UBSAN, lockdep's
# splats, which print as WARNING or BUG, refcount_t, list debugging, the
# hung-task detector, kmemleak, debug objects), not a word that the debug
# kernel's boot banners also print ("RCU lockdep checking is enabled").
REPORTS='WARNING:|BUG:|BUG |Oops|KASAN:|UBSAN:|possible circular locking|possible recursive locking|inconsistent lock state|refcount_t:|general protection fault|list_add corruption|list_del corruption|INFO: task|unreferenced object|Call Trace:|ODEBUG:'

scan_reports() {
	if dmesg | grep -E -q "$REPORTS"; then
		echo "DMESG dirty"
		dmesg | grep -E -B 2 -A 20 "$REPORTS" | head -n 80 |
			sed 's/^/# dmesg: /'
	else
		echo "DMESG clean"
	fi
}
