# SPDX-License-Identifier: GPL-2.0
#
# corun device firmware: the RV32 image $(O)/firmware/corun-fw.bin (in
# DEV_IMAGES), its packer mkfw, and the tests:
#   fw-test      the firmware sources built natively against a fake
#                register window (firmware/tests/fake_hal.c): the core
#                (fw_test.c), every policy (fw_policy_test.c), MIL's
#                controller (fw_mil_test.c) and TCM's clustering and
#                shuffle (fw_tcm_test.c)
#   mcu-test     the MCU model (emu/mcu.c) with hand-assembled programs
#   fw-mcu-test  the real corun-fw.bin booted in the MCU model
#
# The MCU model and the ISA executor are linked from libemu (emu/emu.mk).

RV_OBJCOPY ?= llvm-objcopy
RV_NM ?= llvm-nm

FW_DIR := $(O)/firmware
FW_SRCS := firmware/main.c firmware/mbox.c firmware/params.c \
	firmware/irc.c firmware/l1.c firmware/llc.c firmware/vcp.c \
	firmware/dram.c firmware/dram_tcm.c firmware/monitor.c firmware/mil.c
FW_LDS := firmware/corun-fw.ld
FW_ELF := $(FW_DIR)/corun-fw.elf
FW_FLAT := $(FW_DIR)/corun-fw.flat
FW_BIN := $(FW_DIR)/corun-fw.bin
FW_MKFW := $(FW_DIR)/tools/mkfw
FW_EMU_LIB := $(if $(EMU_LIB),$(EMU_LIB),$(O)/emu/libemu.a)

# --- RV32 image -------------------------------------------------------

FW_RV_OBJS := $(patsubst firmware/%.c,$(FW_DIR)/rv32/%.o,$(FW_SRCS) \
		firmware/rt.c) $(FW_DIR)/rv32/start.o

$(FW_DIR)/rv32/%.o: firmware/%.c
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -ffunction-sections -fdata-sections \
		-MMD -MP -c $< -o $@

$(FW_DIR)/rv32/%.o: firmware/%.S
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -MMD -MP -c $< -o $@

$(FW_ELF): $(FW_RV_OBJS) $(FW_LDS)
	$(RV_LD) -T $(FW_LDS) --gc-sections -o $@ $(FW_RV_OBJS)

$(FW_FLAT): $(FW_ELF)
	$(RV_OBJCOPY) -O binary $< $@

# Load address and entry come from the linked ELF.
$(FW_BIN): $(FW_FLAT) $(FW_ELF) $(FW_MKFW)
	@set -e; \
	load=$$($(RV_NM) $(FW_ELF) | awk '$$3 == "__image_start" { print $$1 }'); \
	entry=$$($(RV_NM) $(FW_ELF) | awk '$$3 == "_start" { print $$1 }'); \
	test -n "$$load" -a -n "$$entry"; \
	echo "$(FW_MKFW) -l 0x$$load -e 0x$$entry $(FW_FLAT) $@"; \
	$(FW_MKFW) -l 0x$$load -e 0x$$entry $(FW_FLAT) $@

$(FW_MKFW): $(FW_DIR)/tools/mkfw.o
	@mkdir -p $(dir $@)
	$(CC) $(HOST_LDFLAGS) $^ -o $@ $(HOST_LDLIBS)

DEV_IMAGES += $(FW_BIN)

# --- native firmware build and tests ----------------------------------

FW_HOST_OBJS := $(patsubst firmware/%.c,$(FW_DIR)/host/%.o,$(FW_SRCS))

$(FW_DIR)/host/%.o: firmware/%.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -DCORUN_FW_HOST -MMD -MP -c $< -o $@

FW_TEST_OBJS := $(addprefix $(FW_DIR)/tests/,fw_test.o fw_policy_test.o \
	fw_mil_test.o fw_ucp_test.o fw_tcm_test.o fw_test_util.o fake_hal.o)

$(FW_TEST_OBJS): HOST_CFLAGS += -DCORUN_FW_HOST

$(FW_DIR)/tests/fw-test: $(FW_TEST_OBJS) $(FW_HOST_OBJS) $(KUNIT_OBJS)
	$(KUNIT_LINK)

$(FW_DIR)/tests/mcu-test: $(FW_DIR)/tests/mcu_test.o $(FW_EMU_LIB) \
		$(KUNIT_OBJS)
	$(KUNIT_LINK)

# Finds corun-fw.bin next to its own directory (or $CORUN_FW_IMAGE).
$(FW_DIR)/tests/fw-mcu-test: $(FW_DIR)/tests/fw_mcu_test.o $(FW_EMU_LIB) \
		$(KUNIT_OBJS) | $(FW_BIN)
	$(KUNIT_LINK)

TEST_PROGS += $(FW_DIR)/tests/fw-test $(FW_DIR)/tests/mcu-test \
	$(FW_DIR)/tests/fw-mcu-test

# --- libFuzzer target (clang) -------------------------------------------
# fw-fuzz: the mailbox handler and parameter store on the fake window
# (firmware/tests/fw_fuzz.c). tools/fuzz/fw-fuzz runs it: a seeded run of
# a fixed number of inputs in make check, a fixed time in make fuzz.

FW_FUZZ := $(FW_DIR)/fuzz/fw-fuzz
FW_FUZZ_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror \
	-Wno-missing-field-initializers -fno-strict-aliasing -Iinclude -Itools \
	-DCORUN_FW_HOST -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all

$(FW_FUZZ): firmware/tests/fw_fuzz.c firmware/tests/fake_hal.c $(FW_SRCS) \
		tools/testing/fw_params.h \
		$(wildcard firmware/*.h firmware/tests/fake_hal.h) \
		include/corun/fwif.h include/corun/hw.h
	@mkdir -p $(dir $@)
	clang $(FW_FUZZ_CFLAGS) $(filter %.c,$^) -o $@

BINS += $(FW_FUZZ)
TEST_PROGS += tools/fuzz/fw-fuzz
tools/fuzz/fw-fuzz: $(FW_FUZZ)
