# SPDX-License-Identifier: GPL-2.0
#
# Host side: the device-kernel ELF loader (tools/lib), the driver
# emulation library and the corun-sim harness (tools/sim), their tests
# and the test kernel they load. Included by the top-level Makefile.
#
# Link order: workloads call simhost, simhost calls the model.

SIM_OUT := $(O)/tools/sim
KTEST_DIR := $(O)/tools/lib/tests

KELF_OBJS := $(O)/tools/lib/kelf.o
SIMHOST_OBJS := $(KELF_OBJS) $(SIM_OUT)/simhost.o $(SIM_OUT)/simdev.o \
	$(SIM_OUT)/fault_name.o
SIMHOST_LIB := $(SIM_OUT)/libsimhost.a

$(SIMHOST_LIB): $(SIMHOST_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# corun-sim: mix parser, metrics and JSON writer are separate objects so
# the tests can link them directly.
CORUN_SIM := $(SIM_OUT)/corun-sim
CORUN_SIM_LIBOBJS := $(SIM_OUT)/mix.o $(SIM_OUT)/mix_names.o $(SIM_OUT)/metrics.o \
	$(SIM_OUT)/json.o
CORUN_SIM_OBJS := $(SIM_OUT)/corun-sim.o $(SIM_OUT)/options.o \
	$(SIM_OUT)/corun.o $(SIM_OUT)/drive.o $(SIM_OUT)/report.o \
	$(SIM_OUT)/simpolicy.o $(SIM_OUT)/oracle.o $(SIM_OUT)/progress.o \
	$(CORUN_SIM_LIBOBJS)

# The driver's policies (policy/policy.h, $(POLICY_LIB) from policy.mk),
# used the way the driver uses them.
CORUN_SIM_TEST_OBJS := $(SIM_OUT)/tests/corun_sim_units_test.o \
	$(SIM_OUT)/tests/corun_sim_test.o \
	$(SIM_OUT)/tests/corun_sim_progress_test.o \
	$(SIM_OUT)/tests/corun_sim_policy_test.o \
	$(SIM_OUT)/tests/corun_sim_test_util.o
$(CORUN_SIM_OBJS) $(CORUN_SIM_TEST_OBJS): \
	HOST_CFLAGS += -Idrivers/gpu/drm/corun

# --calibrate: the calibration streams of emu/tests/calib on the model's
# test device (Documentation/emu/calibration.rst).
CORUN_SIM_OBJS += $(SIM_OUT)/calibrate.o $(SIM_OUT)/fit_hsm.o \
	$(O)/emu/tests/calib/stream.o \
	$(O)/emu/tests/testdev.o

$(CORUN_SIM): $(CORUN_SIM_OBJS) $(WORKLOADS_LIB) $(SIMHOST_LIB) $(EMU_LIB) \
	      $(POLICY_LIB)
	$(CC) $(HOST_LDFLAGS) $(CORUN_SIM_OBJS) -o $@ $(WORKLOADS_LIB) \
		$(SIMHOST_LIB) $(EMU_LIB) $(POLICY_LIB) $(HOST_LDLIBS)

BINS += $(CORUN_SIM)

# make calibrate: every configuration's [calib] values against a fresh
# measurement (corun-sim --calibrate --check, then --fit-hsm --check for
# hsm_c1/hsm_c2; about ten minutes on two cores). emu-calib-test, in
# make check, checks ccbp-16sm's and test-2sm's bandwidth.
CALIB_CONFIGS ?= $(sort $(wildcard emu/configs/*.ini))

.PHONY: calibrate
calibrate: $(CORUN_SIM)
	@fail=0; for f in $(CALIB_CONFIGS); do \
		$(CORUN_SIM) --calibrate --check --config $$f || fail=1; \
		$(CORUN_SIM) --fit-hsm --check --config $$f || fail=1; \
	done; exit $$fail

# Test kernel image: a static PIE at base 0 like every device kernel.
KTEST_ELF := $(KTEST_DIR)/ktest.elf

$(KTEST_DIR)/ktest.rv.o: tools/lib/tests/ktest.c $(ENTRY_NOSAVE)
	$(call rv_kernel_cc,$(RV_CFLAGS) -fPIE)

$(KTEST_ELF): $(KTEST_DIR)/ktest.rv.o
	$(RV_LD) -pie --no-dynamic-linker -e 0 -o $@ $<

DEV_IMAGES += $(KTEST_ELF)

# Tests (KUnit API). Each finds its data relative to its own binary.
KELF_TEST := $(KTEST_DIR)/kelf-test
SIMHOST_TEST := $(SIM_OUT)/tests/simhost-test
CORUN_SIM_TEST := $(SIM_OUT)/tests/corun-sim-test

$(KELF_TEST): $(KTEST_DIR)/kelf_test.o $(KELF_OBJS) $(KUNIT_OBJS) | $(KTEST_ELF)
	$(CC) $(HOST_LDFLAGS) $(filter %.o,$^) -o $@ $(HOST_LDLIBS)

$(SIMHOST_TEST): $(SIM_OUT)/tests/simhost_test.o $(SIMHOST_LIB) $(EMU_LIB) \
		 $(KUNIT_OBJS) | $(KTEST_ELF)
	$(CC) $(HOST_LDFLAGS) $(SIM_OUT)/tests/simhost_test.o $(KUNIT_OBJS) \
		-o $@ $(SIMHOST_LIB) $(EMU_LIB) $(HOST_LDLIBS)

# The mix parser prepares ELF jobs with the workload library. The units
# suite (no binary) links first and runs first.
$(CORUN_SIM_TEST): $(CORUN_SIM_TEST_OBJS) $(CORUN_SIM_LIBOBJS) \
		   $(KUNIT_OBJS) $(POLICY_LIB) $(WORKLOADS_LIB) $(SIMHOST_LIB) \
		   $(EMU_LIB) | $(CORUN_SIM)
	$(CC) $(HOST_LDFLAGS) $(filter %.o,$^) -o $@ $(POLICY_LIB) \
		$(WORKLOADS_LIB) $(SIMHOST_LIB) $(EMU_LIB) $(HOST_LDLIBS)

# The oracles' search on test-2sm's limits (no binary, no kernels).
ORACLE_TEST := $(SIM_OUT)/tests/oracle-test
$(SIM_OUT)/tests/oracle_test.o: \
	HOST_CFLAGS += -DEMU_CONFIG_DIR='"$(CURDIR)/emu/configs"'
$(ORACLE_TEST): $(SIM_OUT)/tests/oracle_test.o $(SIM_OUT)/oracle.o \
		$(SIM_OUT)/metrics.o $(SIM_OUT)/json.o $(KUNIT_OBJS) $(EMU_LIB)
	$(CC) $(HOST_LDFLAGS) $(filter %.o,$^) -o $@ $(EMU_LIB) $(HOST_LDLIBS)

TEST_PROGS += $(KELF_TEST) $(SIMHOST_TEST) $(CORUN_SIM_TEST) $(ORACLE_TEST)
