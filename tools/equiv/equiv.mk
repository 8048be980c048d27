# SPDX-License-Identifier: GPL-2.0
#
# tools/equiv: VM (corun.ko lockstep=1 + corun-run --lockstep) versus
# corun-sim cycle equivalence, architecture §3 Determinism. One VM boot
# for all cases (see tools/equiv/README.md). `make equiv` runs it alone.

TEST_PROGS += tools/equiv/tests/equiv

.PHONY: equiv

equiv: all
	O=$(O) CORUN_CACHE=$(CORUN_CACHE) KVER=$(KVER) tools/equiv/tests/equiv
