# SPDX-License-Identifier: GPL-2.0
#
# corun-cc: the device-kernel compiler wrapper for kernels outside the
# tree. <O>/bin/corun-cc is generated from corun-cc.in with the flags of
# kernels.mk, so that a user's kernel is built as the tree's own are.
# Included by the top-level Makefile before kernels.mk (path order): the
# runtime library is spelled out, the recipe's variables expand late.

CORUN_CC := $(O)/bin/corun-cc

$(CORUN_CC): tools/cc/corun-cc.in tools/cc/cc.mk tools/kernels/kernels.mk \
		Makefile $(O)/tools/kernels/rt/libcorunrt.a
	@mkdir -p $(dir $@)
	sed -e 's|@ROOT@|$(CURDIR)|' \
	    -e 's|@RT_LIB@|$(abspath $(KERNELS_RT_LIB))|' \
	    -e 's|@RV_CC@|$(RV_CC)|' -e 's|@RV_LD@|$(RV_LD)|' \
	    -e 's|@RV_ARCH@|$(RV_ARCH)|' \
	    -e 's|@CFLAGS@|$(subst -Iinclude,-I$(CURDIR)/include,$(KERNELS_RV_CFLAGS))|' \
	    -e 's|@LDFLAGS@|$(KERNELS_RV_LDFLAGS)|' \
	    -e 's|@RV_READELF@|$(RV_READELF)|' -e 's|@RV_NM@|$(RV_NM)|' \
	    -e 's|@RV_OBJDUMP@|$(RV_OBJDUMP)|' $< >$@.tmp
	chmod +x $@.tmp
	mv $@.tmp $@

BINS += $(CORUN_CC)

# The test builds kernels out of the tree with it and runs them.
tools/cc/tests/corun-cc-test: $(CORUN_CC) $(O)/tools/kernels/lbm.elf \
	$(O)/tools/sim/corun-sim

TEST_PROGS += tools/cc/tests/corun-cc-test
