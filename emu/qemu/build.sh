#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build Debian 12's QEMU 7.2 (qemu-system-x86_64 only) with the corun-gpu
# device (emu/qemu/*.c) and the device model library (emu/*.c) added under
# hw/misc/corun/, and cache the binary in $CORUN_CACHE/qemu-<hash>.
#
# The hash covers this script, the device sources, the emu/ library
# sources, include/corun/*.h and the QEMU source version, so a second run
# with nothing changed is instant. The patched source tree and its build
# directory ($CORUN_CACHE/qemu-src-<version>/build-corun) are reused, so an
# edit to the device file rebuilds only what changed.
#
# Usage: emu/qemu/build.sh [--print-path | --check]
#   (no option)    build if needed; print the binary's path on stdout
#   --print-path   print the cached binary's path if it is up to date,
#                  else fail (never builds, never touches apt)
#   --check        exit 0 if the cached binary is up to date, 1 if not
#
# Environment: CORUN_CACHE (default ~/.cache/corun), CORUN_JOBS (ninja
# parallelism, default 2), CORUN_QEMU_KEEP (cached binaries kept, default 3).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CACHE=${CORUN_CACHE:-$HOME/.cache/corun}
JOBS=${CORUN_JOBS:-2}
KEEP=${CORUN_QEMU_KEEP:-3}
SRC_LIST=/etc/apt/sources.list.d/corun-src.list
DEBIAN_MIRROR=http://deb.debian.org/debian
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

# Build dependencies, by name (no build-dep: it would pull in everything
# Debian's full QEMU build needs). dpkg-dev provides dpkg-source for
# 'apt-get source'. seabios and qemu-system-data provide the firmware the
# built binary loads at run time (-L /usr/share/seabios -L /usr/share/qemu).
BUILD_DEPS=(dpkg-dev libglib2.0-dev libpixman-1-dev meson ninja-build
	python3-venv flex bison zlib1g-dev libfdt-dev libcap-ng-dev
	libattr1-dev libslirp-dev seabios qemu-system-data)

# Only what the VM needs: TCG, 9p (virtfs, needs attr and cap-ng), fdt
# from the system (Debian's source has no dtc submodule). KVM is compiled
# in but never required (the nested /dev/kvm here is broken).
CONFIGURE_ARGS=(--target-list=x86_64-softmmu --without-default-features
	--enable-tcg --enable-kvm --enable-virtfs --enable-attr
	--enable-cap-ng --enable-slirp --enable-fdt=system --disable-docs
	--disable-werror)
# Debian's python3 and meson, whatever python3 comes first on PATH (QEMU
# 7.2's --python= would demand its embedded meson, absent from Debian's
# source).
export PATH="/usr/bin:/bin:/usr/sbin:/sbin:$PATH"

msg() { echo "qemu: $*" >&2; }
die() { echo "qemu: error: $*" >&2; exit 1; }

mode=build
case "${1:-}" in
'') ;;
--print-path) mode=print ;;
--check) mode=check ;;
-h | --help) sed -n '4,/^set -euo/p' "$0" | sed 's/^# \{0,1\}//;$d'; exit 0 ;;
*) die "unknown option '$1' (use --print-path, --check or no option)" ;;
esac

# Inputs of the build, relative to $ROOT, sorted.
device_files() { (cd "$ROOT" && ls emu/qemu/*.c emu/qemu/*.h 2>/dev/null | sort); }
emu_c_files() { (cd "$ROOT" && ls emu/*.c 2>/dev/null | sort); }
emu_h_files() { (cd "$ROOT" && ls emu/*.h 2>/dev/null | sort); }
corun_h_files() { (cd "$ROOT" && ls include/corun/*.h | sort); }

# The unpacked source tree: the one already in the cache, if any.
find_src() {
	local d
	d=$(ls -d "$CACHE"/qemu-src-7.2* 2>/dev/null | sort -V | tail -n 1)
	[ -n "$d" ] && [ -f "$d/.corun-unpacked" ] && echo "$d"
	return 0
}

recipe_hash() {
	local ver=$1
	{
		echo "qemu-src $ver"
		printf '%s\n' "${CONFIGURE_ARGS[@]}"
		cd "$ROOT"
		for f in emu/qemu/build.sh $(device_files) $(emu_c_files) \
			$(emu_h_files) $(corun_h_files); do
			echo "== $f"
			cat "$f"
		done
	} | sha256sum | cut -c1-16
}

src=$(find_src)
if [ -n "$src" ]; then
	ver=${src##*/qemu-src-}
	out="$CACHE/qemu-$(recipe_hash "$ver")"
	if [ -x "$out/qemu-system-x86_64" ]; then
		case $mode in
		check) exit 0 ;;
		*) echo "$out/qemu-system-x86_64"; exit 0 ;;
		esac
	fi
fi
case $mode in
check) exit 1 ;;
print) die "no up-to-date build in $CACHE (run 'make qemu' or emu/qemu/build.sh)" ;;
esac

mkdir -p "$CACHE"
exec 9>"$CACHE/qemu.lock"
flock 9 || die "cannot lock $CACHE/qemu.lock"

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
fi
as_root() {
	if [ -n "$SUDO" ] && ! command -v sudo >/dev/null; then
		die "need root (or sudo) for: $*"
	fi
	$SUDO "$@"
}

apt_updated=0
apt_update() {
	if [ $apt_updated -eq 0 ]; then
		msg "apt-get update"
		as_root apt-get update -qq || die "apt-get update failed"
		apt_updated=1
	fi
}

# apt knows a QEMU 7.2 source package (a deb-src entry and its index).
# Not grep -q: under pipefail its early exit can kill the writer with
# SIGPIPE and fail the pipeline although the line was there.
have_qemu_src() {
	apt-cache showsrc qemu 2>/dev/null | grep '^Version: 1:7\.2' >/dev/null
}

# An active deb-src entry for bookworm main exists: one-line format in
# sources.list or *.list, or a deb822 stanza in *.sources.
has_debsrc_entry() {
	local f
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		grep -qE '^[[:space:]]*deb-src[[:space:]].*[[:space:]]bookworm[[:space:]](.*[[:space:]])?main([[:space:]]|$)' "$f" &&
			return 0
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk -v RS= '
			/(^|\n)Types:[^\n]*deb-src/ &&
			/(^|\n)Suites:[^\n]*(^|[ \t])bookworm([ \t]|\n|$)/ &&
			/(^|\n)Components:[^\n]*main/ &&
			!/(^|\n)Enabled:[ \t]*no/ { found = 1 }
			END { exit !found }' "$f" && return 0
	done
	return 1
}

# 1. Build dependencies.
missing=()
for p in "${BUILD_DEPS[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	apt_update
	msg "installing build dependencies: ${missing[*]}"
	mkdir -p "$CACHE"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends "${missing[@]}" \
		>"$CACHE/apt-qemu.log" 2>&1 ||
		die "could not install: ${missing[*]} (see $CACHE/apt-qemu.log)"
fi

# 2. The source package.
if [ -z "$src" ]; then
	if ! have_qemu_src; then
		if ! has_debsrc_entry; then
			msg "adding $SRC_LIST (deb-src for bookworm main)"
			echo "deb-src [signed-by=$KEYRING] $DEBIAN_MIRROR bookworm main" |
				as_root tee "$SRC_LIST" >/dev/null
			apt_updated=0
		fi
		apt_update
		have_qemu_src ||
			die "no QEMU 7.2 source package after apt-get update (is the deb-src entry usable? see $SRC_LIST)"
	fi
	full=$(apt-cache showsrc qemu 2>/dev/null |
		sed -n 's/^Version: //p' | grep '^1:7\.2' | sort -V | tail -n 1)
	[ -n "$full" ] || die "no QEMU 7.2 source package in apt (is the deb-src entry in $SRC_LIST usable?)"
	ver=${full#*:}
	src="$CACHE/qemu-src-$ver"
	tmp="$CACHE/.qemu-src-download"
	rm -rf "$tmp" "$src"
	mkdir -p "$tmp"
	msg "apt-get source qemu=$full (into $src)"
	(cd "$tmp" && apt-get source -qq "qemu=$full" >"$tmp.log" 2>&1) ||
		die "apt-get source qemu=$full failed (see $tmp.log)"
	d=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d -name 'qemu-*' | head -n 1)
	if [ -z "$d" ] || [ ! -f "$d/configure" ]; then
		die "unpacked source not found in $tmp"
	fi
	mv "$d" "$src"
	rm -rf "$tmp"
	touch "$src/.corun-unpacked"
fi
ver=${src##*/qemu-src-}
hash=$(recipe_hash "$ver")
out="$CACHE/qemu-$hash"

# 3. The device in hw/misc: Kconfig entry, meson subdir, sources.
[ -n "$(device_files)" ] || die "no device sources (emu/qemu/*.c) in $ROOT"
kconfig="$src/hw/misc/Kconfig"
if ! grep -q '^config CORUN_GPU$' "$kconfig"; then
	cat >>"$kconfig" <<'EOF'

config CORUN_GPU
    bool
    default y if PCI_DEVICES
    depends on PCI && MSI_NONBROKEN
EOF
fi
if ! grep -q "^subdir('corun')" "$src/hw/misc/meson.build"; then
	echo "subdir('corun')" >>"$src/hw/misc/meson.build"
fi

dst="$src/hw/misc/corun"
mkdir -p "$dst/include/corun" "$dst/include/emu"
# Copy only what changed, so unchanged files keep their mtimes and ninja
# rebuilds only what an edit touched; drop files whose source is gone.
sync_files() { # DESTDIR FILE...
	local dir=$1 f keep=() old
	shift
	for f in "$@"; do
		keep+=("${f##*/}")
		cmp -s "$ROOT/$f" "$dir/${f##*/}" ||
			install -m 644 "$ROOT/$f" "$dir/${f##*/}"
	done
	for old in "$dir"/*.c "$dir"/*.h; do
		[ -e "$old" ] || continue
		[[ " ${keep[*]} " == *" ${old##*/} "* ]] || rm -f "$old"
	done
}
mapfile -t dev_files < <(device_files)
mapfile -t emu_files < <(emu_c_files; emu_h_files)
mapfile -t hdr_files < <(corun_h_files)
sync_files "$dst" "${dev_files[@]}"
sync_files "$dst/include/emu" "${emu_files[@]}"
sync_files "$dst/include/corun" "${hdr_files[@]}"

mapfile -t emu_c < <(emu_c_files)
[ ${#emu_c[@]} -gt 0 ] || die "no emu/*.c: the device links the emu library"
dev_c=()
for f in "${dev_files[@]}"; do
	[[ $f == *.c ]] && dev_c+=("'${f##*/}'")
done
emu_list=()
for f in "${emu_c[@]}"; do
	emu_list+=("'include/emu/${f##*/}'")
done
meson_new=$(
	cat <<EOF
# Generated by corun's emu/qemu/build.sh: do not edit.
#
# include/corun: corun's include/corun/*.h; include/emu: the emu/ library
# (pure C11, no QEMU types), built as its own static library so that its
# headers stay out of QEMU's include path except under the emu/ prefix.
corun_inc = include_directories('include')
corun_emu = static_library('corun-emu',
  files($(IFS=,; echo "${emu_list[*]}" | sed "s/,/, /g")),
  include_directories: corun_inc,
  build_by_default: false)
softmmu_ss.add(when: 'CONFIG_CORUN_GPU', if_true: [
  files($(IFS=,; echo "${dev_c[*]}" | sed "s/,/, /g")),
  declare_dependency(include_directories: corun_inc, link_with: corun_emu),
])
EOF
)
if [ "$(cat "$dst/meson.build" 2>/dev/null)" != "$meson_new" ]; then
	echo "$meson_new" >"$dst/meson.build"
fi

# 4. The emu/ library must compile on its own before QEMU sees it: a
# broken model is reported here in a few seconds, not after a long build.
for f in "${emu_c[@]}"; do
	gcc -std=gnu11 -fsyntax-only -I"$ROOT/include" -I"$ROOT/emu" \
		"$ROOT/$f" 2>&1 | sed 's/^/qemu: emu: /' >&2
	[ "${PIPESTATUS[0]}" -eq 0 ] ||
		die "$f does not compile; the QEMU device links the emu library"
done

# 5. Configure (once per configure line) and build.
bld="$src/build-corun"
if [ ! -f "$bld/build.ninja" ] ||
	[ "$(cat "$bld/.corun-configure" 2>/dev/null)" != "${CONFIGURE_ARGS[*]}" ]; then
	rm -rf "$bld"
	mkdir -p "$bld"
	msg "configure ${CONFIGURE_ARGS[*]}"
	t0=$SECONDS
	(cd "$bld" && nice -n 10 ../configure "${CONFIGURE_ARGS[@]}" \
		>configure.log 2>&1) ||
		die "configure failed; see $bld/configure.log (last lines: $(tail -n 5 "$bld/configure.log" | tr '\n' ' '))"
	echo "${CONFIGURE_ARGS[*]}" >"$bld/.corun-configure"
	msg "configured in $((SECONDS - t0)) s"
fi
msg "building qemu-system-x86_64 in $bld (ninja -j$JOBS, log: $bld/ninja.log.txt)"
t0=$SECONDS
if ! nice -n 10 ninja -C "$bld" -j "$JOBS" qemu-system-x86_64 \
	>"$bld/ninja.log.txt" 2>&1; then
	grep -E 'error|FAILED' "$bld/ninja.log.txt" | head -n 20 >&2 || true
	die "build failed; see $bld/ninja.log.txt"
fi
grep -E 'hw/misc/corun/.*(warning|error)' "$bld/ninja.log.txt" >&2 || true
msg "built in $((SECONDS - t0)) s"

bin="$bld/qemu-system-x86_64"
"$bin" -device help 2>/dev/null | grep '"corun-gpu"' >/dev/null ||
	die "$bin was built but has no corun-gpu device (check hw/misc/Kconfig)"

# 6. Cache the result under its recipe hash; keep the newest $KEEP.
tmpout="$out.tmp.$$"
rm -rf "$tmpout"
mkdir -p "$tmpout"
cp "$bin" "$tmpout/qemu-system-x86_64"
{
	echo "qemu source: $ver"
	echo "configure: ${CONFIGURE_ARGS[*]}"
	echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) from $ROOT"
	echo "sources:"
	(cd "$ROOT" && sha256sum emu/qemu/build.sh "${dev_files[@]}" \
		"${emu_files[@]}" "${hdr_files[@]}")
} >"$tmpout/recipe.txt"
rm -rf "$out"
mv "$tmpout" "$out"
n=0
mapfile -t olds < <(ls -dt "$CACHE"/qemu-*) # newest first
for old in "${olds[@]}"; do
	[[ $old =~ /qemu-[0-9a-f]{16}$ ]] || continue
	n=$((n + 1))
	[ $n -le "$KEEP" ] || rm -rf "$old"
done
msg "cached $out"
echo "$out/qemu-system-x86_64"
