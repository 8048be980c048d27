# SPDX-License-Identifier: GPL-2.0
#
# tools/equiv: VM (corun.ko lockstep=1 + corun-run) versus corun-sim
# cycle equivalence, architecture §3 Determinism.
#
# tools/equiv/tests/equiv is NOT in TEST_PROGS: it does not pass yet (the
# model's timing depends on physical addresses, which differ between
# guest pages and corun-sim's arena; see tools/equiv/README.md). Run it
# with `make equiv`.

.PHONY: equiv

equiv: all
	O=$(O) tools/equiv/tests/equiv
