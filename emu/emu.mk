# SPDX-License-Identifier: GPL-2.0
#
# emu/: the device model library and its tests.
#
#   $(EMU_LIB)        every emu/*.c (config, MMU, SMs, dispatcher, memory
#                     stand-in, top level, the ISA executor, the MCU)
#   emu-config-test   INI parsing, validation, printing
#   emu-mmu-test      page-table walk, permissions, reserved bits, TLB
#   emu-gpu-test      dispatcher, schedulers, timing, faults, budget,
#                     barriers, determinism, descriptor validation; local
#                     memory in the L1 (local_test.c); 16-byte vector
#                     accesses (lsu_vec_test.c); context-switch save and
#                     restore (ctxsw_test.c); l1.subq_full
#                     (lsu_hold_test.c)
#   emu-device-test   the device (emu/device.h) through BAR0: registers,
#                     rings, fences, hold, epochs, resets, firmware upload,
#                     mailbox, the MCU window, the lockstep rule
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
		$(EMU_TEST_DIR)/local_test.o $(EMU_TEST_DIR)/lsu_vec_test.o \
		$(EMU_TEST_DIR)/ctxsw_test.o $(EMU_TEST_DIR)/lsu_hold_test.o \
		$(EMU_TEST_DIR)/testdev.o \
		$(EMU_LIB) $(KUNIT_OBJS)
	$(KUNIT_LINK)

$(EMU_TEST_DIR)/emu-bench: $(EMU_TEST_DIR)/bench.o $(EMU_TEST_DIR)/testdev.o \
		$(EMU_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(HOST_LDFLAGS) $(filter %.o %.a,$^) -o $@ $(HOST_LDLIBS)

# The tests find emu/configs/*.ini relative to the source tree.
$(EMU_TEST_DIR)/config_test.o: HOST_CFLAGS += -DEMU_CONFIG_DIR='"$(CURDIR)/emu/configs"'

EMU_TESTS := $(EMU_TEST_DIR)/emu-config-test $(EMU_TEST_DIR)/emu-mmu-test \
	$(EMU_TEST_DIR)/emu-gpu-test

# emu-device-test: the device library through BAR0 (device_test.c) and
# its firmware side, with a hand-assembled probe firmware
# (device_fw_test.c).
$(EMU_TEST_DIR)/emu-device-test: $(EMU_TEST_DIR)/device_test.o \
		$(EMU_TEST_DIR)/device_fw_test.o \
		$(EMU_TEST_DIR)/device_test_util.o $(EMU_TEST_DIR)/testdev.o \
		$(EMU_LIB) $(KUNIT_OBJS)
	$(KUNIT_LINK)

EMU_TESTS += $(EMU_TEST_DIR)/emu-device-test

TEST_PROGS += $(EMU_TESTS)
BINS += $(EMU_TEST_DIR)/emu-bench

.PHONY: emu emu-test
emu: $(EMU_LIB)
emu-test: $(EMU_TESTS)
	@tools/testing/run-tests $(EMU_TESTS)

# emu-dram-test: address map, DRAM timing and scheduling, measured
# row-hit rates / bandwidth / loaded latency. Links only the objects it
# needs so it builds while other memory components are in flux.
$(EMU_TEST_DIR)/emu-dram-test: $(EMU_TEST_DIR)/dram_test.o \
		$(O)/emu/dram.o $(O)/emu/addrmap.o $(O)/emu/config.o \
		$(KUNIT_OBJS)
	$(KUNIT_LINK)

EMU_TESTS += $(EMU_TEST_DIR)/emu-dram-test
TEST_PROGS += $(EMU_TEST_DIR)/emu-dram-test

# emu-noc-test: crossbar/ring/mesh NoC: latency, port bandwidth, HOL
# blocking, credits, VC mapping, priority, saturation throughput, deadlock
# freedom, determinism. Links only what it needs, like emu-dram-test.
$(EMU_TEST_DIR)/emu-noc-test: $(EMU_TEST_DIR)/noc_test.o $(O)/emu/noc.o \
		$(O)/emu/config.o $(KUNIT_OBJS)
	$(KUNIT_LINK)

EMU_TESTS += $(EMU_TEST_DIR)/emu-noc-test
TEST_PROGS += $(EMU_TEST_DIR)/emu-noc-test

# emu-mem-test: the memory side through emu/mem.h (L1, IRC, way masks,
# L2 write-backs, calibrated idle latencies, exact idle skipping).
$(EMU_TEST_DIR)/emu-mem-test: $(EMU_TEST_DIR)/mem_test.o $(EMU_LIB) \
		$(KUNIT_OBJS)
	$(KUNIT_LINK)

EMU_TESTS += $(EMU_TEST_DIR)/emu-mem-test
TEST_PROGS += $(EMU_TEST_DIR)/emu-mem-test

# emu-calib-test: calibration microbenchmarks (hand-assembled kernels on
# ccbp-16sm and the HSM configurations): idle latencies, DRAM and NoC
# saturation, row-buffer locality vs bandwidth, HSM c1/c2 fit, and the
# stored sustainable bandwidth of ccbp-16sm and test-2sm. The streams
# (calib/stream.c) are shared with corun-sim --calibrate.
$(EMU_TEST_DIR)/emu-calib-test: $(EMU_TEST_DIR)/calib/calib_test.o \
		$(EMU_TEST_DIR)/calib/stream.o $(EMU_TEST_DIR)/testdev.o \
		$(EMU_LIB) $(KUNIT_OBJS)
	$(KUNIT_LINK)

$(EMU_TEST_DIR)/calib/calib_test.o: HOST_CFLAGS += -DCALIB_CONFIG_DIR='"$(CURDIR)/emu/configs"'

EMU_TESTS += $(EMU_TEST_DIR)/emu-calib-test
TEST_PROGS += $(EMU_TEST_DIR)/emu-calib-test

# emu-knobs-test: the model mechanisms that policies set: LLC owners,
# owner protection and way partitioning (llc_test.c), and through the
# whole device the per-slot NoC VC, LLC policy, DRAM priority, warp-issue
# quota and the per-SM and per-channel slot counters, and the MIL caps
# (knobs_test.c).
EMU_KNOBS_TEST_OBJS := $(EMU_TEST_DIR)/llc_test.o $(EMU_TEST_DIR)/knobs_test.o

$(EMU_TEST_DIR)/emu-knobs-test: $(EMU_KNOBS_TEST_OBJS) \
		$(EMU_TEST_DIR)/testdev.o $(EMU_LIB) $(KUNIT_OBJS)
	$(KUNIT_LINK)

EMU_TESTS += $(EMU_TEST_DIR)/emu-knobs-test
TEST_PROGS += $(EMU_TEST_DIR)/emu-knobs-test
