#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest, after guest-load.sh, on a calibrated device (ccbp
# refuses one without calibration): the knobs in force in corun-run's
# reports. ccbp with redetect at its default and set to 2; then, with
# no --policy, a mix with firmware settings (which selects the device's
# policy again for the co-run): ccbp keeps redetect=2; fcfs, which has
# no knobs. Each run prints "NAME rc=N" and its text report's policy
# line, then its JSON report, each line prefixed "NAME: ".
# Arguments: CORUN_RUN TESTS_DIR
RUN=$1
DIR=$2
run() {
	name=$1
	shift
	"$RUN" --no-alone --json "$@" >/tmp/knobs.json 2>/tmp/knobs.err
	rc=$?
	echo "$name rc=$rc $(grep '^# corun-run: device ' /tmp/knobs.err)"
	# why it failed, for the log
	[ $rc -eq 0 ] || sed "s/^/$name stderr: /" /tmp/knobs.err | tail -n 5
	sed "s/^/$name: /" /tmp/knobs.json
}
run KNOBS_DEFAULT --policy ccbp "$DIR/small.mix"
run KNOBS_SET --policy ccbp --policy-param redetect=2 "$DIR/small.mix"
run KNOBS_KEPT "$DIR/fw.mix"
run KNOBS_NONE --policy fcfs "$DIR/small.mix"
