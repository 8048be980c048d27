# SPDX-License-Identifier: GPL-2.0
#
# The analysis examples (results.py with pandas, results.R): scripts, no
# build. Their test loads a corun-sim report and a corun-eval export.

tools/analysis/tests/analysis-test: $(O)/tools/sim/corun-sim

TEST_PROGS += tools/analysis/tests/analysis-test
