# SPDX-License-Identifier: GPL-2.0
#
# Workload characterization: `corun-sim --characterize` (linked into
# corun-sim), `make characterize`, and its test. Included by the
# top-level Makefile (before tools/sim/sim.mk, hence the literal path).
#
#   make characterize [CHAR_CONFIG=emu/configs/ccbp-16sm.ini] [CHAR_SCALE=1]
#        [CHAR_JOBS=2] [CHAR_WORKLOADS=a,b,...] [CHAR_ARGS=...]
#        [CHAR_HSM_FIT=1]
# writes $(O)/characterize/characterize.{txt,csv,json} and config.ini.
#
# HSM fits Eq. 3's c1 and c2 once per architecture (reference B2.5). On
# ccbp-16sm (CHAR_HSM_FIT defaults to 1 there) the fit comes from the
# calibration's bandwidth-vs-row-hit streams (emu-calib-test's
# rbh_bandwidth_ccbp, Documentation/emu/calibration.rst) and is passed as
# --hsm-c1/--hsm-c2; elsewhere the mode's defaults (HSM's HBM values)
# apply unless CHAR_ARGS sets them.

CHAR_OUT := $(O)/tools/characterize
CHAR_OBJS := $(CHAR_OUT)/characterize.o $(CHAR_OUT)/rules.o \
	$(CHAR_OUT)/paperdata.o

# corun-sim links the mode: its link recipe expands CORUN_SIM_OBJS.
$(O)/tools/sim/corun-sim: $(CHAR_OBJS)
$(O)/tools/sim/corun-sim: CORUN_SIM_OBJS += $(CHAR_OBJS)

CHAR_CONFIG ?= emu/configs/ccbp-16sm.ini
CHAR_SCALE ?= 1
CHAR_JOBS ?= 2
CHAR_WORKLOADS ?=
CHAR_ARGS ?=
CHAR_RESULTS ?= $(O)/characterize
CHAR_HSM_FIT ?= $(if $(filter %ccbp-16sm.ini,$(CHAR_CONFIG)),1)

.PHONY: characterize
characterize: all
	@set -e; hsm=; \
	if [ -n "$(CHAR_HSM_FIT)" ]; then \
		hsm=$$(nice -n 10 $(EMU_TEST_DIR)/emu-calib-test \
			--filter emu_calib.rbh_bandwidth_ccbp | sed -n \
			's/.*ccbp-16sm: utilization = \([0-9.]*\) \* RBH + \([0-9.]*\) .*/--hsm-c1 \1 --hsm-c2 \2/p'); \
		if [ -z "$$hsm" ]; then \
			echo "characterize: no HSM fit from emu-calib-test" >&2; \
			exit 1; \
		fi; \
		echo "characterize: HSM Eq. 3 fit on ccbp-16sm: $$hsm"; \
	fi; \
	set -x; nice -n 10 $(O)/tools/sim/corun-sim --characterize \
		--config $(CHAR_CONFIG) --scale $(CHAR_SCALE) -j $(CHAR_JOBS) \
		--kernel-dir $(KERNEL_DIR) --out $(CHAR_RESULTS) \
		$(if $(CHAR_WORKLOADS),--workloads $(CHAR_WORKLOADS)) $$hsm \
		$(CHAR_ARGS)

CHAR_TEST := $(CHAR_OUT)/tests/characterize-test

$(CHAR_TEST): $(CHAR_OUT)/tests/characterize_test.o $(CHAR_OUT)/rules.o \
	      $(CHAR_OUT)/paperdata.o $(KUNIT_OBJS) $(WORKLOADS_LIB) \
	      $(SIMHOST_LIB) $(EMU_LIB) | $(O)/tools/sim/corun-sim
	$(CC) $(HOST_LDFLAGS) $(filter %.o,$^) -o $@ $(WORKLOADS_LIB) \
		$(SIMHOST_LIB) $(EMU_LIB) $(HOST_LDLIBS)

TEST_PROGS += $(CHAR_TEST)
