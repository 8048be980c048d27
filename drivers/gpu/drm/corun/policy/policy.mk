# SPDX-License-Identifier: GPL-2.0
#
# The driver's policies (plain C) built for the host: a library and the
# KUnit-API test program corun-policy-test.

POLICY_DIR := $(O)/drivers/gpu/drm/corun/policy
POLICY_LIB := $(POLICY_DIR)/libcorunpolicy.a
POLICY_OBJS := $(patsubst %.c,$(O)/%.o,$(wildcard drivers/gpu/drm/corun/policy/*.c))
# Every suite: the same list builds the in-kernel module (tools/kunit/kernel).
POLICY_TEST_OBJS := $(patsubst %.c,$(O)/%.o,$(wildcard drivers/gpu/drm/corun/policy/tests/*.c))

# Kernel code: the kernel does not warn about unused parameters either.
$(POLICY_OBJS) $(POLICY_TEST_OBJS): HOST_CFLAGS += -Wno-unused-parameter

# fwknobs.c checks its table against the uapi header, and the engine's
# test the epoch range, which includes "drm.h" the way user space sees it
# (libdrm's copy).
$(POLICY_DIR)/fwknobs.o $(POLICY_DIR)/tests/fwknobs_test.o \
	$(POLICY_DIR)/tests/engine_test.o: HOST_CFLAGS += \
	$(shell pkg-config --cflags libdrm 2>/dev/null || echo -I/usr/include/libdrm)

$(POLICY_LIB): $(POLICY_OBJS)
	@mkdir -p $(dir $@)
	$(AR) rcs $@ $^

$(POLICY_DIR)/tests/corun-policy-test: $(POLICY_TEST_OBJS) \
		$(POLICY_LIB) $(KUNIT_OBJS)
	$(KUNIT_LINK)

TEST_PROGS += $(POLICY_DIR)/tests/corun-policy-test
