# SPDX-License-Identifier: GPL-2.0
#
# emu/: the device model library and its tests.
#
#   $(EMU_LIB)        every emu/*.c (config, MMU, SMs, dispatcher, memory
#                     stand-in, top level, the ISA executor, the MCU)
#   emu-config-test   INI parsing, validation, printing
#   emu-mmu-test      page-table walk, permissions, reserved bits, TLB
#   emu-gpu-test      dispatcher, schedulers, timing, faults, budget,
#                     barriers, determinism, descriptor validation
#   emu-bench         simulation rate (not a test): $(O)/emu/tests/emu-bench
#                     [-c config.ini] [-s sms] [-n iterations] [-p policy]

include emu/isa.mk

EMU_LIB := $(O)/emu/libemu.a
EMU_OBJS := $(patsubst %.c,$(O)/%.o,$(wildcard emu/*.c))

$(EMU_LIB): $(EMU_OBJS)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(AR) rcs $@ $^

EMU_TEST_DIR := $(O)/emu/tests

$(EMU_TEST_DIR)/emu-config-test: $(EMU_TEST_DIR)/config_test.o $(EMU_LIB) \
		$(KUNIT_OBJS)
	$(KUNIT_LINK)

$(EMU_TEST_DIR)/emu-mmu-test: $(EMU_TEST_DIR)/mmu_test.o $(EMU_LIB) \
		$(KUNIT_OBJS)
	$(KUNIT_LINK)

$(EMU_TEST_DIR)/emu-gpu-test: $(EMU_TEST_DIR)/gpu_test.o \
		$(EMU_TEST_DIR)/testdev.o $(EMU_LIB) $(KUNIT_OBJS)
	$(KUNIT_LINK)

$(EMU_TEST_DIR)/emu-bench: $(EMU_TEST_DIR)/bench.o $(EMU_TEST_DIR)/testdev.o \
		$(EMU_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_LDFLAGS) $(filter %.o %.a,$^) -o $@ $(HOST_LDLIBS)

# The tests find emu/configs/*.ini relative to the source tree.
$(EMU_TEST_DIR)/config_test.o: HOST_CFLAGS += -DEMU_CONFIG_DIR='"$(CURDIR)/emu/configs"'

EMU_TESTS := $(EMU_TEST_DIR)/emu-config-test $(EMU_TEST_DIR)/emu-mmu-test \
	$(EMU_TEST_DIR)/emu-gpu-test

TEST_PROGS += $(EMU_TESTS)
BINS += $(EMU_TEST_DIR)/emu-bench

.PHONY: emu emu-test
emu: $(EMU_LIB)
emu-test: $(EMU_TESTS)
	@tools/testing/run-tests $(EMU_TESTS)
