#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest, after guest-load.sh: corun-run's firmware settings.
# A bad --fw and a per-job setting without --lockstep must fail before
# anything runs (exit 2, a message naming the setting); fw.mix with
# shares from --fw must run, with its settings reported.
# Arguments: CORUN_RUN TESTS_DIR
RUN=$1
DIR=$2
"$RUN" --no-alone --fw irc_share=5 "$DIR/fw.mix" >/tmp/fw1.out 2>&1
echo "FW_BAD_ARG rc=$? $(tail -n 1 /tmp/fw1.out)"
"$RUN" --no-alone --fw irc_share:0=2000 "$DIR/fw.mix" >/tmp/fw2.out 2>&1
echo "FW_RANGE rc=$? $(tail -n 1 /tmp/fw2.out)"
"$RUN" --no-alone "$DIR/fw-per-job.mix" >/tmp/fw3.out 2>&1
echo "FW_PER_JOB rc=$? $(tail -n 1 /tmp/fw3.out)"
"$RUN" --policy fcfs --no-alone --fw irc_share:0=512 --fw irc_share:1=256 \
	"$DIR/fw.mix"
echo "FW_RUN rc=$?"
