#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest (tools/vm/run) for tools/equiv/tests/equiv. For each
# case POLICY:CYCLES:MIX: load corun.ko in lockstep mode (lockstep=1;
# its probe resets the device, so every case starts on a fresh device at
# cycle 0, as corun-sim's runs do), run the mix with `corun-run
# --lockstep --cycles CYCLES --no-alone --json` (CYCLES 1: every job runs
# once; its text report, and its JSON report with each line prefixed
# "guest-equiv: json "), print each slot's context switches (debugfs
# slots), unload the driver.
# POLICY may be POLICY@EPOCH: corun-run --epoch EPOCH; either may end in
# ,NAME=VALUE knobs of the policy (comma-separated): corun-run
# --policy-param NAME=VALUE for each.
# Usage: guest-equiv.sh KO CORUN-RUN POLICY[@EPOCH][,NAME=VALUE...]:CYCLES:MIX...
KO=$1
RUN=$2
shift 2
LOAD=$(dirname "$0")/../run/guest-load.sh
rc=0
n=0
for c in "$@"; do
	policy=${c%%:*}
	c=${c#*:}
	cycles=${c%%:*}
	mix=${c#*:}
	n=$((n + 1))
	echo "guest-equiv: case $n policy $policy cycles $cycles mix $mix"
	# Loads the DRM modules and corun.ko, waits for the render node.
	CORUN_KO_ARGS=lockstep=1 "$LOAD" "$KO" true || exit 2
	if [ "$(cat /sys/module/corun/parameters/lockstep)" != Y ]; then
		echo "guest-equiv: corun.ko is not in lockstep mode" >&2
		exit 2
	fi
	knobs=
	case $policy in
	*,*)
		for k in $(echo "${policy#*,}" | tr , ' '); do
			knobs="$knobs --policy-param $k"
		done
		policy=${policy%%,*}
		;;
	esac
	epoch=
	case $policy in
	*@*) epoch="--epoch ${policy#*@}" ;;
	esac
	# the text report goes to stderr, the JSON to a file, printed after
	# shellcheck disable=SC2086 # $epoch and $knobs: words or none
	"$RUN" --policy "${policy%%@*}" $epoch $knobs --lockstep \
		--cycles "$cycles" --no-alone --json "$mix" >/tmp/equiv.json ||
		rc=1
	sed 's/^/guest-equiv: json /' /tmp/equiv.json
	# the slots' context switches up to the last epoch (debugfs)
	mount -t debugfs none /sys/kernel/debug 2>/dev/null
	d=$(ls -d /sys/kernel/debug/dri/*/ 2>/dev/null | head -n 1)
	sed -n 's/^slot *\([0-9]*\) .* preempts \([0-9]*\) restores \([0-9]*\)$/guest-equiv: ctxsw slot \1 preempts \2 restores \3/p' \
		"${d}slots"
	echo "guest-equiv: end of case $n"
	if ! rmmod corun; then
		echo "guest-equiv: rmmod corun failed" >&2
		exit 2
	fi
done
exit $rc
