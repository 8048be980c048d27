# SPDX-License-Identifier: GPL-2.0
#
# corun top-level Makefile: host builds, tests and orchestration.
# The kernel module is built by Kbuild (see ./Kbuild) through `make module`.
#
# Each area contributes a fragment (*.mk) that appends to:
#   BINS        user-facing host programs
#   TEST_PROGS  KTAP-printing test programs run by `make check`
#   DEV_IMAGES  RV32 images (device kernels, firmware)
# Fragments must only use $(O) for outputs and the HOST_* flags below.

SHELL := /bin/bash
.DEFAULT_GOAL := all

# No built-in rules: test scripts such as tools/vm/tests/job sit next to
# their job.c, and make's "%: %.c" would try to rebuild the script.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:

SAN ?= 0
ifeq ($(SAN),1)
O ?= build-san
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=all
else
O ?= build
SAN_FLAGS :=
endif

CORUN_CACHE ?= $(HOME)/.cache/corun
KVER ?= 6.12.117+deb12-amd64
KDIR ?= /lib/modules/$(KVER)/build
# The kernel's make: O= because it takes an O from its command line,
# which includes ours through MAKEFLAGS (make O=build module), for its
# own output directory. The module is built in the source tree either
# way (drivers/gpu/drm/corun/corun.ko, where the VM scripts load it).
KMAKE = $(MAKE) O=

CC := gcc
HOST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror \
	-Wno-missing-field-initializers -fno-strict-aliasing \
	-Iinclude -Itools/kunit/include -Iemu -Itools $(SAN_FLAGS)
HOST_LDFLAGS := $(SAN_FLAGS)
HOST_LDLIBS := -lm

# RV32 device toolchain (kernels and firmware).
RV_CC := clang
RV_LD := ld.lld
RV_ARCH := --target=riscv32-unknown-elf -march=rv32imafd -mabi=ilp32f \
	-mno-relax
RV_CFLAGS := $(RV_ARCH) -ffreestanding -fno-builtin -nostdlib -O2 -g \
	-Wall -Wextra -Werror -Iinclude

BINS :=
TEST_PROGS :=
DEV_IMAGES :=

# Libraries shared between fragments, named here because make expands
# prerequisites while parsing and the fragments are read in path order.
EMU_LIB := $(O)/emu/libemu.a
SIMHOST_LIB := $(O)/tools/sim/libsimhost.a
WORKLOADS_LIB := $(O)/tools/kernels/libworkloads.a
KERNEL_DIR := $(O)/tools/kernels

include tools/kunit/kunit.mk
-include $(sort $(wildcard emu/emu.mk tools/kernels/kernels.mk tools/cc/cc.mk \
	tools/sim/sim.mk tools/testing/testing.mk firmware/firmware.mk \
	tools/vm/vm.mk selftests/selftests.mk \
	drivers/gpu/drm/corun/policy/policy.mk \
	tools/lib/libcorun/libcorun.mk tools/run/run.mk \
	tools/trace/trace.mk tools/characterize/characterize.mk \
	tools/examples/examples.mk tools/analysis/analysis.mk \
	tools/equiv/equiv.mk tools/eval/eval.mk))

.PHONY: all deps check test demo bench lint clean module module-debug help fuzz soak \
	kunit-module leak-module kernel-debug

all: $(BINS) $(TEST_PROGS) $(DEV_IMAGES)

help:
	@echo "make deps     install the Debian packages corun needs"
	@echo "make all      build host tools, tests and device images"
	@echo "make check    build everything and run all tests (SAN=1: ASan+UBSan)"
	@echo "make demo     the main job: co-run a default mix end to end"
	@echo "make bench    print simulation-rate figures"
	@echo "make eval     every experiment spec at the local tier; regenerates Documentation/evaluation"
	@echo "make eval-workloads  every workload at full size, checked against its CPU reference"
	@echo "make characterize  every workload alone on ccbp-16sm: classes vs the papers"
	@echo "make calibrate  every configuration's stored sustainable bandwidth vs the model"
	@echo "make fuzz     long fuzz runs: firmware (libFuzzer), device (qtest), ioctls (VM)"
	@echo "make soak     processes submitting random mixes in the VM for CORUN_SOAK_SECONDS"
	@echo "make lint     checkpatch --strict and clang-format over drivers/ include/"
	@echo "make module   build corun.ko against the pinned Debian kernel headers"
	@echo "make module-debug  corun.ko for the debug kernel (tools/vm/build-kernel)"
	@echo "make kernel-debug  build the debug guest kernel (KASAN, lockdep, kmemleak; cached)"
	@echo "make kunit-module  the policy suites as a KUnit module for the debug kernel"
	@echo "make qemu     build Debian's QEMU 7.2 with the corun-gpu device (cached)"
	@echo "make image    build the guest image: pinned kernel + debootstrap (cached)"
	@echo "make vm       boot the VM with a shell (tools/vm/run --shell)"

deps:
	@tools/deps.sh

# Host objects: one rule for every .c under the tree.
$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -MMD -MP -c $< -o $@

-include $(shell find $(O) -name '*.d' 2>/dev/null)

test: $(TEST_PROGS) $(DEV_IMAGES)
	@O=$(O) CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) \
		tools/testing/run-tests $(TEST_PROGS)

module:
	@test -d $(KDIR) || { echo "module: kernel headers $(KDIR) missing; run 'make deps'" >&2; exit 1; }
	$(KMAKE) -C $(KDIR) M=$(CURDIR) W=1 modules

# corun.ko for the debug kernel (tools/vm/build-kernel, which must have
# been built), in a copy of the sources under $(O) so that the stock
# module stays: $(O)/module-debug/drivers/gpu/drm/corun/corun.ko.
module-debug:
	@tools/vm/build-kernel --check || { echo "module-debug: the debug kernel is not built (tools/vm/build-kernel)" >&2; exit 1; }
	@rm -rf $(O)/module-debug && mkdir -p $(O)/module-debug && \
		cp -r Kbuild drivers include $(O)/module-debug/
	$(KMAKE) -C $$(tools/vm/build-kernel --print-path)/build \
		M=$(CURDIR)/$(O)/module-debug W=1 modules

# The policy suites as an in-kernel KUnit module for the debug kernel:
# $(O)/kunit-module/corun_policy_kunit.ko (selftests/kunit runs it).
kunit-module:
	@tools/vm/build-kernel --check || { echo "kunit-module: the debug kernel is not built (tools/vm/build-kernel)" >&2; exit 1; }
	@rm -rf $(O)/kunit-module && mkdir -p $(O)/kunit-module/policy && \
		cp -r include $(O)/kunit-module/ && \
		cp tools/kunit/kernel/Kbuild $(O)/kunit-module/ && \
		cp -r drivers/gpu/drm/corun/policy/*.[ch] \
			drivers/gpu/drm/corun/policy/tests \
			$(O)/kunit-module/policy/
	$(KMAKE) -C $$(tools/vm/build-kernel --print-path)/build \
		M=$(CURDIR)/$(O)/kunit-module modules

# A planted leak for the debug kernel (selftests/leak): proves that the
# guest scripts' kmemleak check fails a run; selftests/kunit loads it.
leak-module:
	@tools/vm/build-kernel --check || { echo "leak-module: the debug kernel is not built (tools/vm/build-kernel)" >&2; exit 1; }
	@rm -rf $(O)/leak-module && mkdir -p $(O)/leak-module && \
		cp selftests/leak/Kbuild selftests/leak/*.c $(O)/leak-module/
	$(KMAKE) -C $$(tools/vm/build-kernel --print-path)/build \
		M=$(CURDIR)/$(O)/leak-module W=1 modules

# The debug guest kernel (tools/vm/build-kernel: KASAN, lockdep,
# kmemleak, KUnit), cached in $(CORUN_CACHE); make check runs the VM
# tests on it as well (selftests/debug-kernel). The first build takes
# about 20 minutes on 2 idle cores (nice 19), an hour on a loaded machine.
kernel-debug:
	@tools/vm/build-kernel >/dev/null

check: deps
	$(MAKE) all
	$(MAKE) module
	$(MAKE) lint
	$(MAKE) qemu image
	$(MAKE) kernel-debug
	$(MAKE) test

lint: deps
	@tools/lint.sh

# Builds what is missing (each step is a no-op when up to date), then
# tools/demo/demo boots the VM and co-runs tools/demo/default.mix.
demo: deps
	$(MAKE) all
	$(MAKE) module
	$(MAKE) qemu image
	@O=$(O) CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) tools/demo/demo

# The long fuzz runs (tools/fuzz/run); make check runs short seeded ones.
# The ioctl fuzzer runs on the debug kernel when it is built (as soak).
fuzz: deps
	$(MAKE) all
	$(MAKE) module
	$(MAKE) qemu image
	@if tools/vm/build-kernel --check; then \
		$(MAKE) module-debug && \
		O=$(O) CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) \
		CORUN_VM_KERNEL=debug \
		CORUN_KO=$(CURDIR)/$(O)/module-debug/drivers/gpu/drm/corun/corun.ko \
		tools/fuzz/run; \
	else \
		echo "fuzz: no debug kernel built (tools/vm/build-kernel): the ioctl fuzzer on the stock kernel"; \
		O=$(O) CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) tools/fuzz/run; \
	fi

# The soak run (selftests/soak), on the debug kernel when it is built
# (tools/vm/build-kernel; not built here, it takes tens of minutes),
# else on the stock kernel; it says which.
soak: deps
	$(MAKE) $(O)/selftests/corun_soak $(O)/firmware/corun-fw.bin
	$(MAKE) qemu image
	@if tools/vm/build-kernel --check; then \
		$(MAKE) module-debug && \
		O=$(O) CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) \
		CORUN_VM_KERNEL=debug \
		CORUN_KO=$(CURDIR)/$(O)/module-debug/drivers/gpu/drm/corun/corun.ko \
		selftests/soak; \
	else \
		echo "soak: no debug kernel built (tools/vm/build-kernel): the stock kernel"; \
		$(MAKE) module && \
		O=$(O) CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) selftests/soak; \
	fi

# Simulation-rate figures of the device model (tools/bench/run).
bench: all
	@tools/bench/run $(O)

clean:
	rm -rf build build-san
	-test -d $(KDIR) && $(KMAKE) -C $(KDIR) M=$(CURDIR) clean >/dev/null
