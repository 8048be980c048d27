#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs in the guest, after guest-load.sh: corun-run on mixes that name an
# out-of-tree kernel ELF (tools/cc/tests/make-elfjob wrote them, inside
# the work tree, which the guest sees at the same path): one job checked
# against a reference file and one unchecked, then a reference the
# output does not match.
# Arguments: CORUN_RUN ELF_DIR
RUN=$1
DIR=$2
"$RUN" --policy fcfs "$DIR/elf.mix"
echo "ELF_RUN rc=$?"
"$RUN" --no-alone "$DIR/elf-wrong.mix" >/tmp/elf2.out 2>&1
echo "ELF_WRONG rc=$? $(grep 'check failed' /tmp/elf2.out | tail -n 1)"
