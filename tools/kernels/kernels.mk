# SPDX-License-Identifier: GPL-2.0
#
# Device kernels (RV32 ELFs), their runtime, the host workload library and
# the kernel tests. Included by the top-level Makefile.
#
# Every device ELF is a static PIE linked at base 0: the loader places it
# anywhere page aligned and applies R_RISCV_RELATIVE relocations only.
#  -fPIE -fvisibility=hidden  PC-relative code and data addressing, no GOT
#  -ffp-contract=off          a*b+c stays a rounded multiply and an add, as
#                             in the CPU references; kernels that want FMA
#                             call __builtin_fmaf explicitly
#  -fno-math-errno            no errno on the device: __builtin_fmaf and
#                             __builtin_sqrtf become fmadd.s and fsqrt.s
#  -fno-strict-aliasing       as the host code (word copies in the runtime)

KERNELS_SRC := tools/kernels
KERNELS_OUT := $(O)/tools/kernels

RV_AR ?= llvm-ar
RV_READELF ?= llvm-readelf
RV_NM ?= llvm-nm
RV_OBJDUMP ?= llvm-objdump

KERNELS_RV_CFLAGS := $(RV_CFLAGS) -fPIE \
	-fvisibility=hidden -ffp-contract=off -fno-math-errno -fno-strict-aliasing
KERNELS_RV_LDFLAGS := -pie --no-dynamic-linker --entry=0 -z norelro \
	--hash-style=sysv

KERNELS_NAMES := basic matmul histogram reduce collatz compute fault \
	pathfinder backprop bfs btree lbm sad kmeans bucketsort fdtd2d \
	spmv cfd lavamd hotspot srad nw lud gaussian nn stencil conv2d \
	convsep blackscholes binomial fwt dwt2d mriq pvc streamcluster \
	pagerank graph cutcp dxtc heartwall sgemm
KERNELS_ELFS := $(KERNELS_NAMES:%=$(KERNELS_OUT)/%.elf)
DEV_IMAGES += $(KERNELS_ELFS)

# Runtime: libgcc-style helpers and mem* functions, linked into every ELF.
KERNELS_RT_SRCS := $(wildcard $(KERNELS_SRC)/rt/*.c)
KERNELS_RT_OBJS := $(KERNELS_RT_SRCS:%.c=$(O)/%.rv.o)
KERNELS_RT_LIB := $(KERNELS_OUT)/rt/libcorunrt.a

# rv_kernel_cc FLAGS: compile $< to $@ with kernel entries that save no
# registers (they never return; see entry-nosave.awk).
ENTRY_NOSAVE := $(KERNELS_SRC)/entry-nosave.awk
define rv_kernel_cc
	@mkdir -p $(dir $@)
	$(RV_CC) $(1) -MMD -MP -MF $(@:.o=.d) -MT $@ -S $< -o $@.s
	awk -f $(ENTRY_NOSAVE) $@.s $@.s > $@.nosave.s
	$(RV_CC) $(RV_ARCH) -g -c $@.nosave.s -o $@
	@rm -f $@.s $@.nosave.s
endef

$(O)/$(KERNELS_SRC)/%.rv.o: $(KERNELS_SRC)/%.c $(KERNELS_SRC)/kernels.mk \
			    $(ENTRY_NOSAVE)
	$(call rv_kernel_cc,$(KERNELS_RV_CFLAGS))

$(KERNELS_RT_LIB): $(KERNELS_RT_OBJS)
	@rm -f $@
	$(RV_AR) rcs $@ $^

# One ELF per kernel source; check-elf.sh rejects a bad image at build time.
$(KERNELS_OUT)/%.elf: $(KERNELS_OUT)/%.rv.o $(KERNELS_RT_LIB) $(KERNELS_SRC)/check-elf.sh
	$(RV_LD) $(KERNELS_RV_LDFLAGS) -o $@.tmp $< $(KERNELS_RT_LIB)
	RV_READELF=$(RV_READELF) RV_NM=$(RV_NM) RV_OBJDUMP=$(RV_OBJDUMP) \
		$(KERNELS_SRC)/check-elf.sh $@.tmp
	mv $@.tmp $@

.PRECIOUS: $(KERNELS_OUT)/%.rv.o $(O)/$(KERNELS_SRC)/rt/%.rv.o

# Host side: workload registry, generators, CPU references, checks.
WORKLOADS_SRCS := $(wildcard $(KERNELS_SRC)/host/*.c)
WORKLOADS_OBJS := $(WORKLOADS_SRCS:%.c=$(O)/%.o)
WORKLOADS_LIB := $(KERNELS_OUT)/libworkloads.a

# Same rounding as the device: no contraction of a*b+c into an FMA.
$(WORKLOADS_OBJS): HOST_CFLAGS += -ffp-contract=off

$(WORKLOADS_LIB): $(WORKLOADS_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

all: $(WORKLOADS_LIB)

.PHONY: kernels
kernels: $(KERNELS_ELFS) $(WORKLOADS_LIB)

# Kernel tests: runtime helpers, references, argument validation, and
# every workload end to end on the model. The simhost path is spelled out
# because sim.mk is included after this fragment (emu.mk before it); the
# ELFs are found next to the test binary (<O>/tools/kernels/tests/..), the
# device configuration in this source tree.
KERNELS_TEST := $(KERNELS_OUT)/tests/kernels-test
KERNELS_TEST_OBJS := $(KERNELS_OUT)/tests/kernels_test.o \
	$(KERNELS_OUT)/tests/rt_host.o

$(KERNELS_TEST_OBJS): HOST_CFLAGS += -ffp-contract=off
$(KERNELS_OUT)/tests/kernels_test.o: HOST_CFLAGS += -DCORUN_SRCDIR='"$(CURDIR)"'

$(KERNELS_TEST): $(KERNELS_TEST_OBJS) $(WORKLOADS_LIB) \
		$(O)/tools/sim/libsimhost.a $(EMU_LIB) $(KUNIT_OBJS) \
		| $(KERNELS_ELFS)
	$(KUNIT_LINK)

# Until the device model's fragment exists there is nothing to link to.
ifdef EMU_LIB
TEST_PROGS += $(KERNELS_TEST)

# check-elf.sh on kernels built by the test (a script: the runtime it
# links against is the prerequisite).
tools/kernels/tests/check-elf-test: $(KERNELS_RT_LIB) $(KERNELS_SRC)/check-elf.sh

TEST_PROGS += tools/kernels/tests/check-elf-test
endif
