#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make lint: the kernel's checkpatch.pl --strict and clang-format over the
# kernel-style trees (drivers/, include/, the planted-leak module of
# selftests/leak/), pyflakes over the Python tools. Zero findings or it
# fails.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE=${CORUN_CACHE:-$HOME/.cache/corun}
SRC_TAR=$(ls /usr/src/linux-source-6.12.tar.xz 2>/dev/null || true)
[ -n "$SRC_TAR" ] || { echo "lint: linux-source-6.12 missing; run 'make deps'" >&2; exit 1; }

# checkpatch.pl and its data files, extracted once per source package version.
ver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
CP=$CACHE/checkpatch-$ver
if [ ! -x "$CP/scripts/checkpatch.pl" ]; then
	rm -rf "$CP.tmp" && mkdir -p "$CP.tmp"
	tar -xf "$SRC_TAR" -C "$CP.tmp" --strip-components=1 \
		linux-source-6.12/scripts/checkpatch.pl \
		linux-source-6.12/scripts/spelling.txt \
		linux-source-6.12/scripts/const_structs.checkpatch
	mv "$CP.tmp" "$CP"
fi

mapfile -t files < <(git ls-files -co --exclude-standard -- \
	'drivers/*.[ch]' 'include/*.[ch]' 'selftests/leak/*.[ch]' | sort)
[ ${#files[@]} -gt 0 ] || { echo "lint: no files" >&2; exit 1; }

# Justified per-file exceptions (file -> extra checkpatch types to ignore):
# types.h is the user-space shim that defines the kernel types and
# attribute macros; kernel.h's device half deliberately exposes CUDA's
# names (threadIdx, atomicAdd, ...) and CORUN_KERNEL() defines functions
# at file scope, which a do-while cannot wrap.
declare -A EXTRA_IGNORE=(
	[include/corun/types.h]=PREFER_KERNEL_TYPES,PREFER_DEFINED_ATTRIBUTE_MACRO,CAMELCASE
	[include/corun/kernel.h]=CAMELCASE,MULTISTATEMENT_MACRO_USE_DO_WHILE,MACRO_ARG_REUSE
)

fail=0
findings=
run_cp() {
	local ign=$1
	shift
	local out rc=0
	out=$("$CP/scripts/checkpatch.pl" --no-tree --strict --terse \
		--show-types --ignore "FILE_PATH_CHANGES,SPDX_LICENSE_TAG$ign" \
		-f "$@" 2>&1) || rc=1
	# checkpatch prints a summary per file even when clean: keep findings.
	local f
	f=$(grep -E '^[^ ]+:[0-9]+: (ERROR|WARNING|CHECK):' <<<"$out" || true)
	if [ -n "$f" ]; then
		findings+="$f"$'\n'
		fail=1
	elif [ $rc -ne 0 ]; then
		echo "$out"
		fail=1
	fi
}
plain=()
for f in "${files[@]}"; do
	if [ -n "${EXTRA_IGNORE[$f]:-}" ]; then
		run_cp ",${EXTRA_IGNORE[$f]}" "$f"
	else
		plain+=("$f")
	fi
done
[ ${#plain[@]} -eq 0 ] || run_cp "" "${plain[@]}"
printf '%s' "$findings"
nchk=$(grep -c . <<<"$findings" || true)

nfmt=0
for f in "${files[@]}"; do
	if ! clang-format --dry-run --Werror "$f" 2>/tmp/corun-fmt.$$; then
		cat /tmp/corun-fmt.$$
		nfmt=$((nfmt + 1))
	fi
done
rm -f /tmp/corun-fmt.$$

# Python (corun-eval): pyflakes over the modules and the scripts that
# run them.
mapfile -t py < <(git ls-files -co --exclude-standard -- 'tools/*' | sort |
	while read -r f; do
		case $f in
		*.py) echo "$f" ;;
		*) head -c 64 "$f" 2>/dev/null | grep -q '^#!/usr/bin/python3' && echo "$f" ;;
		esac
	done)
npy=0
if [ ${#py[@]} -gt 0 ]; then
	npy=$(/usr/bin/python3 -m pyflakes "${py[@]}" | tee /dev/stderr | grep -c . || true)
fi

echo "lint: ${#files[@]} files, checkpatch findings: $nchk, clang-format findings: $nfmt," \
	"${#py[@]} Python files, pyflakes findings: $npy"
[ $fail -eq 0 ] && [ $nfmt -eq 0 ] && [ "$npy" -eq 0 ]
