# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the VM tests that run one guest program against corun.ko
# (selftests/fuzz, selftests/faults): vm_prog boots the VM, runs
# selftests/guest-prog.sh (load the module, run the program, unload, scan
# the kernel log) and prints the program's TAP lines between its own.
# Needs ROOT and O set; prints TAP and "N passed, N failed"; returns 0
# only if all passed. On the debug kernel: CORUN_VM_KERNEL=debug with
# CORUN_KO=$O/module-debug/drivers/gpu/drm/corun/corun.ko (make
# module-debug).

# vm_prog TIMEOUT PROGRAM [ARGS...]
vm_prog() {
	local timeout=$1 prog=$2
	local ko=${CORUN_KO:-$ROOT/drivers/gpu/drm/corun/corun.ko}
	local out rc n=0 fail=0 f line
	shift 2

	echo "TAP version 13"
	for f in "$ko" "$prog"; do
		if [ ! -f "$f" ]; then
			echo "1..1"
			echo "not ok 1 built # $f missing (make module, make all)"
			echo "0 passed, 1 failed"
			return 1
		fi
	done
	out=$(mktemp) || return 1
	"$ROOT/tools/vm/run" --timeout "$timeout" -- \
		"$ROOT/selftests/guest-prog.sh" "$ko" "$prog" "$@" >"$out" 2>&1
	rc=$?
	res() {
		n=$((n + 1))
		if [ "$1" = 1 ]; then
			echo "ok $n $2"
		else
			echo "not ok $n $2${3:+ # $3}"
			fail=$((fail + 1))
		fi
	}
	res $([ $rc -eq 0 ] && echo 1 || echo 0) vm_runs "tools/vm/run exited $rc"
	res $(grep -q '^LOAD ok' "$out" && echo 1 || echo 0) module_load
	while read -r line; do
		case $line in
		"ok "*) res 1 "$(echo "$line" | cut -d' ' -f3-)" ;;
		"not ok "*) res 0 "$(echo "$line" | cut -d' ' -f4)" \
			"$(echo "$line" | sed -n 's/.* # //p')" ;;
		"# "*) echo "$line" ;;
		esac
	done < <(sed -n '/^TAP version/,/^PROG rc=/p' "$out" | tail -n +2)
	res $(grep -q '^PROG rc=0' "$out" && echo 1 || echo 0) program_exit
	res $(grep -q '^UNLOAD ok' "$out" && echo 1 || echo 0) module_unload
	res $(grep -q '^ACCOUNT ok' "$out" && echo 1 || echo 0) jobs_accounted \
		"$(grep '^ACCOUNT' "$out")"
	grep '^ACCOUNT' "$out" | sed 's/^/# /'
	res $(grep -q '^DMESG clean' "$out" && echo 1 || echo 0) dmesg_clean
	grep -E '^(KMEMLEAK|# dmesg|# kmemleak)' "$out" | sed 's/^KMEMLEAK/# KMEMLEAK/'
	grep -q '^KMEMLEAK dirty' "$out" && grep '^# corun .text at' "$out"
	if [ $rc -ne 0 ] && ! grep -q '^PROG rc=' "$out"; then
		tail -n 30 "$out" | sed 's/^/# vm: /'
	fi
	rm -f "$out"
	echo "1..$n"
	echo "$((n - fail)) passed, $fail failed"
	[ $fail -eq 0 ]
}
