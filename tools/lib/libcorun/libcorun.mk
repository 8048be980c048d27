# SPDX-License-Identifier: GPL-2.0
#
# libcorun: user-space library over libdrm for the corun DRM driver.
# Its users run in the VM guest, which has no sanitizer runtimes: guest
# objects are built with GUEST_CFLAGS (HOST_CFLAGS without SAN_FLAGS)
# into $(O)/guest/, and libdrm comes from pkg-config.

GUEST_OUT := $(O)/guest
GUEST_CFLAGS := $(filter-out $(SAN_FLAGS),$(HOST_CFLAGS)) \
	$(shell pkg-config --cflags libdrm 2>/dev/null)
GUEST_LIBS := $(shell pkg-config --libs libdrm 2>/dev/null || echo -ldrm) -lm

# Any source of the tree, rebuilt for the guest.
$(GUEST_OUT)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(GUEST_CFLAGS) -MMD -MP -c $< -o $@

LIBCORUN_LIB := $(GUEST_OUT)/tools/lib/libcorun/libcorun.a
LIBCORUN_OBJS := $(GUEST_OUT)/tools/lib/libcorun/libcorun.o \
	$(GUEST_OUT)/tools/lib/kelf.o

$(LIBCORUN_LIB): $(LIBCORUN_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

all: $(LIBCORUN_LIB)
