# SPDX-License-Identifier: GPL-2.0
#
# Host test programs under tools/testing/, included by the top Makefile.
# KUNIT_OBJS and KUNIT_LINK come from tools/kunit/kunit.mk (the user-space
# KUnit harness).

# uapi ABI freeze: include/uapi/drm/corun_drm.h against libdrm's drm.h.
UAPI_ABI_TEST := $(O)/tools/testing/abi/uapi-abi-test
LIBDRM_CFLAGS := $(shell pkg-config --cflags libdrm 2>/dev/null || \
		   echo -I/usr/include/libdrm)

$(O)/tools/testing/abi/uapi_abi_test.o: HOST_CFLAGS += $(LIBDRM_CFLAGS)

$(UAPI_ABI_TEST): $(O)/tools/testing/abi/uapi_abi_test.o $(KUNIT_OBJS)
	$(KUNIT_LINK)

TEST_PROGS += $(UAPI_ABI_TEST)

# Device contracts: hw.h, fwif.h and kernel.h layouts and encodings.
HW_ABI_TEST := $(O)/tools/testing/abi/hw-abi-test

$(HW_ABI_TEST): $(O)/tools/testing/abi/hw_abi_test.o $(KUNIT_OBJS)
	$(KUNIT_LINK)

TEST_PROGS += $(HW_ABI_TEST)
