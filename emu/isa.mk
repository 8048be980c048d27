# SPDX-License-Identifier: GPL-2.0
#
# emu/isa: the RV32IMAFD SIMT executor (emu/isa*.c: isa.c dispatch,
# isa_mem.c memory side, isa_fpexec.c F/D over the lanes, isa_decode.c,
# isa_fp.c and isa_fp64.c arithmetic, isa_fprows.c a warp's binary32
# rows in vectors) and its tests. Included
# from emu/emu.mk. ISA_OBJS is for the emu library; the tests link it
# directly.
#
#   isa-unit-test  decoder, SIMT behaviour, faults, FP spot checks, speed,
#                  the 16-byte vector accesses (vec_test.c)
#   isa-fp64-test  binary64 arithmetic against the host's IEEE doubles
#   isa-diff-test  byte-exact comparison with qemu-riscv32 on the C corpus
#                  (built here with RV_CC/RV_LD) and on seeded random
#                  programs; see isa_diff_test.c for its environment knobs

ISA_OBJS := $(O)/emu/isa.o $(O)/emu/isa_mem.o $(O)/emu/isa_fpexec.o \
	$(O)/emu/isa_decode.o $(O)/emu/isa_fp.o $(O)/emu/isa_fprows.o \
	$(O)/emu/isa_fp64.o

ISA_TEST_DIR := $(O)/emu/tests/isa
ISA_CORPUS_DIR := $(ISA_TEST_DIR)/corpus
ISA_CORPUS_PROGS := $(basename $(notdir $(filter-out %/rt.c, \
	$(wildcard emu/tests/isa/corpus/*.c))))
ISA_CORPUS_ELFS := $(ISA_CORPUS_PROGS:%=$(ISA_CORPUS_DIR)/%.elf)

# The kernels' FP flags (tools/kernels/kernels.mk), so that the corpus sees
# the code they get: __builtin_sqrt and __builtin_fma become fsqrt.d and
# fmadd.d instead of calls to a libm the corpus does not have.
ISA_CORPUS_CFLAGS := $(RV_CFLAGS) -ffp-contract=off -fno-math-errno

$(ISA_CORPUS_DIR)/%.rv.o: emu/tests/isa/corpus/%.c \
		$(wildcard emu/tests/isa/corpus/*.h)
	@mkdir -p $(dir $@)
	$(RV_CC) $(ISA_CORPUS_CFLAGS) -c $< -o $@

$(ISA_CORPUS_DIR)/%.elf: $(ISA_CORPUS_DIR)/rt.rv.o $(ISA_CORPUS_DIR)/%.rv.o
	$(RV_LD) -static -e _start $^ -o $@

.SECONDARY: $(ISA_CORPUS_DIR)/rt.rv.o $(ISA_CORPUS_PROGS:%=$(ISA_CORPUS_DIR)/%.rv.o)

$(ISA_TEST_DIR)/isa-unit-test: $(ISA_TEST_DIR)/isa_unit_test.o \
		$(ISA_TEST_DIR)/vec_test.o $(ISA_OBJS) $(KUNIT_OBJS)
	$(KUNIT_LINK)

# The corpus sits next to the binary, where the test looks for it.
$(ISA_TEST_DIR)/isa-diff-test: $(ISA_TEST_DIR)/isa_diff_test.o \
		$(ISA_TEST_DIR)/rvsys.o $(ISA_TEST_DIR)/rvgen.o $(ISA_OBJS) \
		$(KUNIT_OBJS) | $(ISA_CORPUS_ELFS)
	$(KUNIT_LINK)

$(ISA_TEST_DIR)/isa-fp64-test: $(ISA_TEST_DIR)/fp64_test.o $(ISA_OBJS) \
		$(KUNIT_OBJS)
	$(KUNIT_LINK)

TEST_PROGS += $(ISA_TEST_DIR)/isa-unit-test $(ISA_TEST_DIR)/isa-diff-test \
	$(ISA_TEST_DIR)/isa-fp64-test
