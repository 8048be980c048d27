# SPDX-License-Identifier: GPL-2.0
#
# The corun VM: QEMU with the corun-gpu device, the guest image, and the
# VM tests. Outputs are cached in $(CORUN_CACHE) (keyed by recipe hashes)
# by the scripts themselves, so these targets are always run and return
# at once when nothing changed.
#
#   make qemu        emu/qemu/build.sh: Debian's QEMU 7.2 + corun-gpu + emu/
#   make image       tools/vm/build-image: kernel, initramfs, ext4 userland
#   make vm          boot a shell in the VM (tools/vm/run --shell)
#   make vm-check    build both, then run the VM tests (tools/vm/tests/*)
#
# tools/vm/tests/qtest needs no guest: it drives the device through QEMU's
# qtest protocol with $(O)/vm/qtest, built here; qtest-valgrind runs it
# with QEMU under valgrind's memcheck.

VM_TESTS := tools/vm/tests/enumerate tools/vm/tests/job tools/vm/tests/qtest \
	tools/vm/tests/qtest-valgrind tools/vm/tests/share
VM_QTEST := $(O)/vm/qtest
BINS += $(VM_QTEST)

$(VM_QTEST): tools/vm/tests/qtest.c tools/testing/rv32asm.h \
		tools/testing/fw_params.h
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -MMD -MP $(HOST_LDFLAGS) -o $@ $<

# make check boots the VM: its tests print KTAP like the host programs.
TEST_PROGS += $(VM_TESTS)

.PHONY: qemu image vm vm-check

qemu:
	@CORUN_CACHE=$(CORUN_CACHE) emu/qemu/build.sh >/dev/null

image:
	@CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) tools/vm/build-image >/dev/null

vm: qemu image
	@CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) tools/vm/run --shell

# The job and qtest tests upload the firmware image.
vm-check: qemu image $(VM_QTEST) $(O)/firmware/corun-fw.bin
	@rc=0; for t in $(VM_TESTS); do \
		CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) O=$(O) $$t || rc=1; \
	done; exit $$rc
