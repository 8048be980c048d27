# SPDX-License-Identifier: GPL-2.0
#
# Workload characterization: `corun-sim --characterize` (linked into
# corun-sim), `make characterize`, and its test. Included by the
# top-level Makefile (before tools/sim/sim.mk, hence the literal path).
#
#   make characterize [CHAR_CONFIG=emu/configs/ccbp-16sm.ini] [CHAR_SCALE=1]
#        [CHAR_JOBS=2] [CHAR_WORKLOADS=a,b,...] [CHAR_ARGS=...]
# writes $(O)/characterize/characterize.{txt,csv,json} and config.ini.
#
# The CCBP and HSM classes come from the driver's policy code with the
# configuration's [calib] (sustainable bandwidths, HSM's c1 and c2).

CHAR_OUT := $(O)/tools/characterize
CHAR_OBJS := $(CHAR_OUT)/characterize.o $(CHAR_OUT)/output.o \
	$(CHAR_OUT)/rules.o $(CHAR_OUT)/paperdata.o

$(CHAR_OBJS) $(CHAR_OUT)/tests/characterize_test.o: \
	HOST_CFLAGS += -Idrivers/gpu/drm/corun

# corun-sim links the mode: its link recipe expands CORUN_SIM_OBJS.
$(O)/tools/sim/corun-sim: $(CHAR_OBJS)
$(O)/tools/sim/corun-sim: CORUN_SIM_OBJS += $(CHAR_OBJS)

CHAR_CONFIG ?= emu/configs/ccbp-16sm.ini
CHAR_SCALE ?= 1
CHAR_JOBS ?= 2
CHAR_WORKLOADS ?=
CHAR_ARGS ?=
CHAR_RESULTS ?= $(O)/characterize

.PHONY: characterize
characterize: all
	nice -n 10 $(O)/tools/sim/corun-sim --characterize \
		--config $(CHAR_CONFIG) --scale $(CHAR_SCALE) -j $(CHAR_JOBS) \
		--kernel-dir $(KERNEL_DIR) --out $(CHAR_RESULTS) \
		$(if $(CHAR_WORKLOADS),--workloads $(CHAR_WORKLOADS)) \
		$(CHAR_ARGS)

CHAR_TEST := $(CHAR_OUT)/tests/characterize-test

$(CHAR_TEST): $(CHAR_OUT)/tests/characterize_test.o $(CHAR_OUT)/rules.o \
	      $(CHAR_OUT)/paperdata.o $(KUNIT_OBJS) $(WORKLOADS_LIB) \
	      $(SIMHOST_LIB) $(EMU_LIB) $(POLICY_LIB) | $(O)/tools/sim/corun-sim
	$(CC) $(HOST_LDFLAGS) $(filter %.o,$^) -o $@ $(WORKLOADS_LIB) \
		$(SIMHOST_LIB) $(EMU_LIB) $(POLICY_LIB) $(HOST_LDLIBS)

TEST_PROGS += $(CHAR_TEST)

# select-mixes (the papers' kernel selections from a characterization) on
# synthetic characterizations.
TEST_PROGS += tools/characterize/tests/select-mixes-test
