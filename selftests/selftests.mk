# SPDX-License-Identifier: GPL-2.0
#
# Driver selftests, run in the VM:
#   selftests/driver  boots the VM, loads corun.ko (`make module`), runs
#                     $(O)/selftests/corun_uapi and unloads the module;
#                     then again with one interrupt vector (INTx) and
#                     without firmware
#   selftests/fuzz    the structured ioctl fuzzer $(O)/selftests/corun_fuzz
#                     (a short seeded run; make fuzz runs a long one)
#   selftests/faults  fault injection with isolation counts,
#                     $(O)/selftests/corun_faults
#   selftests/debug-kernel  selftests/kunit, selftests/driver,
#                     selftests/faults (1 trial), tools/vm/tests/job and
#                     tools/equiv/tests/equiv on the debug kernel
#                     (tools/vm/build-kernel), with kmemleak; a counted
#                     SKIP naming the command when it is not built
#   selftests/soak    many processes submitting random mixes for a bounded
#                     time, $(O)/selftests/corun_soak (make soak only: it
#                     runs for minutes)
# The last two boot the VM through selftests/vm-prog.sh: load corun.ko,
# run the program, unload, scan the kernel log.
# The guest programs are built on the host against libdrm, without
# sanitizers (the guest has no sanitizer runtimes).

SELFTESTS_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Iinclude -Itools \
	$(shell pkg-config --cflags libdrm 2>/dev/null)
SELFTESTS_LIBS := $(shell pkg-config --libs libdrm 2>/dev/null || echo -ldrm)

$(O)/selftests/corun_uapi: selftests/corun_uapi.c selftests/uapi_submit.c \
			  selftests/fw_policy.c selftests/fw_acts.c \
			  selftests/uapi_util.c selftests/uapi_test.h \
			  selftests/fw_policy.h \
			  include/uapi/drm/corun_drm.h tools/testing/rv32asm.h
	@mkdir -p $(dir $@)
	$(CC) $(SELFTESTS_CFLAGS) $(filter %.c,$^) -o $@ $(SELFTESTS_LIBS)

$(O)/selftests/corun_fuzz: selftests/corun_fuzz.c selftests/uapi_util.c \
			  selftests/uapi_test.h include/uapi/drm/corun_drm.h \
			  tools/testing/rv32asm.h
	@mkdir -p $(dir $@)
	$(CC) $(SELFTESTS_CFLAGS) $(filter %.c,$^) -o $@ $(SELFTESTS_LIBS) \
		-lpthread

$(O)/selftests/corun_faults: selftests/corun_faults.c selftests/kit.c \
			   selftests/uapi_util.c selftests/kit.h \
			   selftests/uapi_test.h include/uapi/drm/corun_drm.h \
			   tools/testing/rv32asm.h
	@mkdir -p $(dir $@)
	$(CC) $(SELFTESTS_CFLAGS) $(filter %.c,$^) -o $@ $(SELFTESTS_LIBS)

$(O)/selftests/corun_soak: selftests/corun_soak.c selftests/kit.c \
			 selftests/uapi_util.c selftests/kit.h \
			 selftests/uapi_test.h include/uapi/drm/corun_drm.h \
			 tools/testing/rv32asm.h
	@mkdir -p $(dir $@)
	$(CC) $(SELFTESTS_CFLAGS) $(filter %.c,$^) -o $@ $(SELFTESTS_LIBS)

# The scripts are the test programs; the guest binaries their prerequisites.
selftests/driver: $(O)/selftests/corun_uapi
selftests/fuzz: $(O)/selftests/corun_fuzz
selftests/faults: $(O)/selftests/corun_faults
selftests/soak: $(O)/selftests/corun_soak
selftests/debug-kernel: $(O)/selftests/corun_uapi $(O)/selftests/corun_faults \
	$(O)/firmware/corun-fw.bin $(O)/tools/run/corun-run \
	$(O)/tools/sim/corun-sim

TEST_PROGS += selftests/driver selftests/fuzz selftests/faults \
	selftests/debug-kernel
all: $(O)/selftests/corun_soak
