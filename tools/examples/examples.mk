# SPDX-License-Identifier: GPL-2.0
#
# Example programs: user processes driving the device through libcorun,
# built as guest programs (libcorun.mk). Included before libcorun.mk
# (path order): its library is spelled out here, and the guest pattern
# rule and flags apply when the recipes run.
#
# tools/examples/tests/corun-example boots the VM and runs the example.

CORUN_EXAMPLE := $(O)/tools/examples/corun-example
CORUN_EXAMPLE_OBJS := $(O)/guest/tools/examples/corun-example.o

$(CORUN_EXAMPLE): $(CORUN_EXAMPLE_OBJS) $(O)/guest/tools/lib/libcorun/libcorun.a
	@mkdir -p $(dir $@)
	$(CC) $(CORUN_EXAMPLE_OBJS) -o $@ $(LIBCORUN_LIB) $(GUEST_LIBS)

BINS += $(CORUN_EXAMPLE)

tools/examples/tests/corun-example: $(CORUN_EXAMPLE) $(O)/tools/kernels/basic.elf

TEST_PROGS += tools/examples/tests/corun-example
