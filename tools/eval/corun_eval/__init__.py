# SPDX-License-Identifier: GPL-2.0
"""corun-eval: experiment specs expanded into corun-sim runs, a keyed
SQLite results database, local (GNU parallel) and Slurm sweeps, and
reports beside the papers' numbers (Documentation/tools/corun-eval.rst)."""
