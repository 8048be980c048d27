#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest, after guest-load.sh: corun-run's firmware settings
# and policy knobs. A bad --fw, a per-job setting without --lockstep, a
# bad --policy-param (a knob the policy does not have, a value out of
# range or not a number, no policy to set it for) and --epoch without a
# policy must fail before anything runs (exit 2, a message naming the
# setting); fw.mix with shares from --fw must run, with its settings
# reported.
# Arguments: CORUN_RUN TESTS_DIR
RUN=$1
DIR=$2
"$RUN" --no-alone --fw irc_share=5 "$DIR/fw.mix" >/tmp/fw1.out 2>&1
echo "FW_BAD_ARG rc=$? $(tail -n 1 /tmp/fw1.out)"
"$RUN" --no-alone --fw irc_share:0=2000 "$DIR/fw.mix" >/tmp/fw2.out 2>&1
echo "FW_RANGE rc=$? $(tail -n 1 /tmp/fw2.out)"
"$RUN" --no-alone "$DIR/fw-per-job.mix" >/tmp/fw3.out 2>&1
echo "FW_PER_JOB rc=$? $(tail -n 1 /tmp/fw3.out)"
"$RUN" --policy ccbp --policy-param bogus=1 --no-alone "$DIR/fw.mix" \
	>/tmp/pp1.out 2>&1
echo "PP_NAME rc=$? $(tail -n 1 /tmp/pp1.out)"
"$RUN" --policy ccbp --policy-param redetect=1001 --no-alone "$DIR/fw.mix" \
	>/tmp/pp2.out 2>&1
echo "PP_RANGE rc=$? $(tail -n 1 /tmp/pp2.out)"
"$RUN" --policy ccbp --policy-param redetect=two --no-alone "$DIR/fw.mix" \
	>/tmp/pp3.out 2>&1
echo "PP_NUMBER rc=$? $(tail -n 1 /tmp/pp3.out)"
"$RUN" --policy-param redetect=2 --no-alone "$DIR/fw.mix" >/tmp/pp4.out 2>&1
echo "PP_NO_POLICY rc=$? $(tail -n 1 /tmp/pp4.out)"
"$RUN" --epoch 20000 --no-alone "$DIR/fw.mix" >/tmp/ep1.out 2>&1
echo "EPOCH_NO_POLICY rc=$? $(tail -n 1 /tmp/ep1.out)"
"$RUN" --policy fcfs --no-alone --fw irc_share:0=512 --fw irc_share:1=256 \
	"$DIR/fw.mix"
echo "FW_RUN rc=$?"
