# SPDX-License-Identifier: GPL-2.0
#
# tools/kunit: user-space KUnit. Test sources written against the kernel's
# <kunit/test.h> API build unchanged into host test programs that print
# KTAP and a final "N passed, N failed[, N skipped]" line.
#
# To add a test program from another area's fragment (e.g. emu/emu.mk):
#
#   EMU_TEST_OBJS := $(O)/emu/tests/cache_test.o $(O)/emu/tests/alu_test.o \
#                    $(O)/emu/cache.o
#   $(O)/emu/tests/emu-test: $(EMU_TEST_OBJS) $(KUNIT_OBJS)
#   	$(KUNIT_LINK)
#   TEST_PROGS += $(O)/emu/tests/emu-test
#
# Objects come from the top-level $(O)/%.o rule, whose HOST_CFLAGS already
# has -Itools/kunit/include. Each test file ends with kunit_test_suite(s)
# (...); any number of them can be linked into one program (a program
# with its own main() links $(KUNIT_RT_OBJS) and calls kunit_host_main()).
# Run a program alone to debug it:
#   PROG [--filter 'suite_glob[.case_glob]']... [--list] [--no-fork] [--timeout S]
# KUNIT_FILTER and KUNIT_TIMEOUT in the environment also apply to `make test`.
#
# <kunit/host_paths.h> (host_paths.o, in $(KUNIT_RT_OBJS)) finds the files
# a test program needs next to it in $(O) or in the source tree above it.

KUNIT_RT_OBJS := $(O)/tools/kunit/kunit.o $(O)/tools/kunit/kunit_assert.o \
	$(O)/tools/kunit/kunit_resource.o $(O)/tools/kunit/host_paths.o
KUNIT_OBJS := $(KUNIT_RT_OBJS) $(O)/tools/kunit/kunit_main.o

# Recipe linking a test program from its object prerequisites.
define KUNIT_LINK
@mkdir -p $(dir $@)
$(CC) $(HOST_LDFLAGS) $(filter %.o %.a,$^) -o $@ $(HOST_LDLIBS)
endef

KUNIT_TESTS := $(O)/tools/kunit/tests

$(KUNIT_TESTS)/kunit-selftest: $(KUNIT_TESTS)/kunit_api_test.o \
		$(KUNIT_TESTS)/kunit_param_test.o $(KUNIT_TESTS)/kunit_meta_test.o \
		$(KUNIT_TESTS)/host_paths_test.o \
		$(KUNIT_OBJS) | $(KUNIT_TESTS)/kunit-meta-helper
	$(KUNIT_LINK)

# Deliberately failing, crashing and hanging cases that kunit_meta_test.c
# runs as a subprocess (found next to kunit-selftest); never a TEST_PROG.
$(KUNIT_TESTS)/kunit-meta-helper: $(KUNIT_TESTS)/kunit_meta_helper.o $(KUNIT_OBJS)
	$(KUNIT_LINK)

TEST_PROGS += $(KUNIT_TESTS)/kunit-selftest
