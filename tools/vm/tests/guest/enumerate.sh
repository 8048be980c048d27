#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest half of tools/vm/tests/enumerate: print what the guest sees of the
# corun-gpu PCI function as key=value lines. Usage: enumerate.sh MMIO
# (MMIO: the host-built tools/vm/tests/mmio binary, reached over 9p).
set -u
mmio=$1
ven=0x1b36 dev=0x10fc # CORUN_PCI_VENDOR_ID, CORUN_PCI_DEVICE_ID

found=
for d in /sys/bus/pci/devices/*; do
	if [ "$(cat "$d/vendor")" = $ven ] && [ "$(cat "$d/device")" = $dev ]; then
		found=$d
		break
	fi
done
echo "device=${found:-none}"
[ -n "$found" ] || exit 0
bdf=${found##*/}
echo "vendor=$(cat "$found/vendor")"
echo "device_id=$(cat "$found/device")"
echo "class=$(cat "$found/class")"
echo "revision=$(cat "$found/revision")"
echo "lspci=$(lspci -n -s "$bdf")"
read -r start end flags < <(head -n 1 "$found/resource")
echo "bar0_size=$((end - start + 1))"
echo "bar0_flags=$flags"
echo "msix=$(lspci -vv -s "$bdf" | grep -o 'MSI-X: Enable[+-] Count=[0-9]*')"

# No driver owns the function: enable memory decoding, then read BAR0.
echo 1 >"$found/enable"
res=$found/resource0
reg() { "$mmio" "$res" "$@" || echo "mmio-failed"; }
id=$(reg 0x0000)
echo "reg_id=$id"
if [[ $id =~ ^0x[0-9a-f]{8}$ ]]; then
	# Little-endian bytes of the ID register as text: "CRUN".
	printf -v text '\\x%s\\x%s\\x%s\\x%s' "${id:8:2}" "${id:6:2}" \
		"${id:4:2}" "${id:2:2}"
	echo "reg_id_text=$(printf '%b' "$text")"
fi
echo "reg_version=$(reg 0x0004)"
echo "reg_caps=$(reg 0x0008)"
echo "reg_num_sms=$(reg 0x000c)"
echo "reg_num_slots=$(reg 0x0010)"
echo "reg_warp_size=$(reg 0x0014)"
echo "reg_error_before=$(reg 0x0048)"
reg 0x0000 0x12345678 # ID is read-only: ignored, sets CORUN_ERR_RO_WRITE
echo "reg_id_after_write=$(reg 0x0000)"
echo "reg_error_after_ro_write=$(reg 0x0048)"
reg 0x0048 0x1 # write 1 to clear
echo "reg_error_after_w1c=$(reg 0x0048)"
