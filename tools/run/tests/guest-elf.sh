#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest, after guest-load.sh: corun-run on mixes that name an
# out-of-tree kernel ELF (tools/cc/tests/make-elfjob wrote them, inside
# the work tree, which the guest sees at the same path): one job checked
# against a reference file and one unchecked, a reference the output does
# not match, the JSON report (lines prefixed "JSON: "), --lockstep on a
# module loaded without lockstep=1, and a --config that is not the
# device's.
# Arguments: CORUN_RUN ELF_DIR
RUN=$1
DIR=$2
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
"$RUN" --policy fcfs "$DIR/elf.mix"
echo "ELF_RUN rc=$?"
"$RUN" --no-alone "$DIR/elf-wrong.mix" >/tmp/elf2.out 2>&1
echo "ELF_WRONG rc=$? $(grep 'check failed' /tmp/elf2.out | tail -n 1)"
"$RUN" --json "$DIR/elf.mix" >/tmp/elf3.json 2>/tmp/elf3.err
echo "ELF_JSON rc=$?"
sed 's/^/JSON: /' /tmp/elf3.json
"$RUN" --no-alone --lockstep "$DIR/elf.mix" >/tmp/ls.out 2>&1
echo "LOCKSTEP_OFF rc=$? $(tail -n 1 /tmp/ls.out)"
"$RUN" --no-alone --config "$ROOT/emu/configs/test-2sm.ini" "$DIR/elf.mix" \
	>/tmp/cfg.out 2>&1
echo "CONFIG_MISMATCH rc=$? $(tail -n 1 /tmp/cfg.out)"
