#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian 12 packages corun needs. Idempotent: when everything
# is present it only runs dpkg-query and returns in well under a second.
set -euo pipefail

KVER_PKG=6.12
PKGS=(
	# host build and tests
	build-essential make gcc pkg-config git python3 xz-utils bc
	# RV32 device code (kernels, firmware) and the ISA reference
	clang lld llvm qemu-user
	# firmware fuzz target: libFuzzer and the sanitizer runtimes
	libclang-rt-14-dev
	# device fuzz with QEMU under memcheck (tools/vm/tests/qtest-valgrind)
	# and glib's suppressions for it
	valgrind libglib2.0-dev
	# driver module build and lint
	"linux-headers-${KVER_PKG}-amd64" "linux-source-${KVER_PKG}" kmod
	clang-format perl
	# user-space libraries (libcorun, corun-trace)
	libdrm-dev libbpf-dev
	# corun-trace: skeleton, guest vmlinux.h (extract-vmlinux needs zstd)
	bpftool zstd
	# corun-eval: results database, local sweeps, plots, Slurm job arrays
	# (and the private single-node Slurm of its test)
	sqlite3 parallel python3-matplotlib slurm-wlm munge python3-pyflakes
	# the analysis examples (tools/analysis): pandas and R
	python3-pandas r-base-core r-cran-jsonlite
)

missing=()
for p in "${PKGS[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi

echo "deps: installing: ${missing[*]}"
SUDO=
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || {
		echo "deps: need root (or sudo) to install: ${missing[*]}" >&2
		exit 1
	}
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
