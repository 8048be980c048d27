#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-elf.sh ELF: the checks every device-kernel ELF must pass before the
# loader sees it. Static PIE at base 0 whose only dynamic relocations are
# R_RISCV_RELATIVE, nothing undefined, at least one well-sized
# .corun.kinfo record, and no soft-float double helpers (doubles compile to
# RV32D instructions; the runtime has no __adddf3 and friends).
set -eu

elf=$1
READELF=${RV_READELF:-llvm-readelf}
NM=${RV_NM:-llvm-nm}
OBJDUMP=${RV_OBJDUMP:-llvm-objdump}
KINFO_SIZE=56	# sizeof(struct corun_kinfo)

fail() {
	echo "check-elf: $elf: $*" >&2
	exit 1
}

hdr=$($READELF -h "$elf")
grep -q 'Class: *ELF32' <<<"$hdr" || fail "not ELF32"
grep -q 'Machine: *RISC-V' <<<"$hdr" || fail "not RISC-V"
grep -q 'Type: *DYN' <<<"$hdr" || fail "not a PIE (ET_DYN)"
grep -q 'single-float ABI' <<<"$hdr" || fail "not the ilp32f ABI"

lowest=$($READELF -lW "$elf" | awk '$1 == "LOAD" { print $3; exit }')
[ "$((lowest))" -eq 0 ] || fail "first PT_LOAD at $lowest, not at base 0"
! $READELF -lW "$elf" | grep -q INTERP || fail "has a PT_INTERP"

undef=$($NM -u "$elf")
[ -z "$undef" ] || fail "undefined symbols: $(echo $undef)"

bad=$($READELF -rW "$elf" | awk '/^[0-9a-f]+ +[0-9a-f]+ +R_/ && $3 != "R_RISCV_RELATIVE" { print $3 }' | sort -u)
[ -z "$bad" ] || fail "relocations other than R_RISCV_RELATIVE: $(echo $bad)"

size=$($OBJDUMP -h "$elf" | awk '$2 == ".corun.kinfo" { print $3 }')
[ -n "$size" ] || fail "no .corun.kinfo section"
size=$((16#$size))
[ "$size" -gt 0 ] && [ $((size % KINFO_SIZE)) -eq 0 ] ||
	fail ".corun.kinfo size $size is not a multiple of $KINFO_SIZE"

soft=$($NM "$elf" | grep -E ' __[a-z]+df[0-9]?$' || true)
[ -z "$soft" ] || fail "soft-float double helpers: $(echo $soft)"
exit 0
