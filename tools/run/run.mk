# SPDX-License-Identifier: GPL-2.0
#
# corun-run: corun-sim mixes on the corun DRM driver, one process per
# job. The workloads (tools/kernels/host) run unchanged over
# simhost_drm.o, which provides the simhost functions they call on top
# of libcorun, in place of libsimhost.a. Everything is a guest program
# (see libcorun.mk: no sanitizers).
#
# tools/run/tests/corun-run boots the VM, loads corun.ko and runs a small
# mix with two processes.

# In $(O)/tools/run so that wl_kernel_dir()'s default, <exe dir>/../kernels,
# is $(O)/tools/kernels as for corun-sim.
CORUN_RUN := $(O)/tools/run/corun-run
CORUN_RUN_OBJS := $(GUEST_OUT)/tools/run/corun-run.o $(GUEST_OUT)/tools/run/fwset.o \
	$(GUEST_OUT)/tools/run/devconfig.o \
	$(GUEST_OUT)/tools/run/simhost_drm.o $(GUEST_OUT)/tools/sim/fault_name.o \
	$(GUEST_OUT)/tools/sim/mix.o $(GUEST_OUT)/tools/sim/mix_names.o \
	$(GUEST_OUT)/tools/sim/metrics.o \
	$(GUEST_OUT)/tools/sim/json.o $(GUEST_OUT)/emu/config.o \
	$(patsubst %.c,$(GUEST_OUT)/%.o,$(wildcard tools/kernels/host/*.c)) \
	$(patsubst %.c,$(GUEST_OUT)/%.o,$(wildcard drivers/gpu/drm/corun/policy/*.c))

# Kernel code, which does not warn about unused parameters (policy.mk).
$(patsubst %.c,$(GUEST_OUT)/%.o,$(wildcard drivers/gpu/drm/corun/policy/*.c)): \
	GUEST_CFLAGS += -Wno-unused-parameter

# The mix parser checks policy names and firmware settings against the
# driver's policies and its table of firmware knobs.
$(GUEST_OUT)/tools/sim/mix.o $(GUEST_OUT)/tools/sim/mix_names.o \
	$(GUEST_OUT)/tools/run/corun-run.o \
	$(GUEST_OUT)/tools/run/fwset.o: GUEST_CFLAGS += -Idrivers/gpu/drm/corun

# The device's configuration is found among the shipped files by its id.
$(GUEST_OUT)/tools/run/devconfig.o: \
	GUEST_CFLAGS += -DCORUN_CONFIG_DIR='"$(CURDIR)/emu/configs"'

# Same rounding as the device, as in kernels.mk.
$(GUEST_OUT)/tools/kernels/host/%.o: GUEST_CFLAGS += -ffp-contract=off

$(CORUN_RUN): $(CORUN_RUN_OBJS) $(LIBCORUN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CORUN_RUN_OBJS) -o $@ $(LIBCORUN_LIB) $(GUEST_LIBS)

BINS += $(CORUN_RUN)

# The test script is the test program; it needs the binary and kernels.
tools/run/tests/corun-run: $(CORUN_RUN) $(DEV_IMAGES) $(O)/bin/corun-cc

TEST_PROGS += tools/run/tests/corun-run
