# SPDX-License-Identifier: GPL-2.0
#
# corun-eval (tools/eval, Documentation/tools/corun-eval.rst): experiment
# specs, the results database and the reports. Included by the top-level
# Makefile.
#
#   make eval [EVAL_TIER=local] [EVAL_JOBS=N] [EVAL_SPECS="a.spec ..."]
#             [EVAL_DB=$(O)/eval/results.db]
#       runs every spec of tools/eval/specs/ at the tier (runs already in
#       the database are not repeated) and writes the report: at the
#       local tier into Documentation/evaluation/, at another tier into
#       $(O)/eval/report-TIER/. Specs whose policies corun-sim lacks fail
#       the target, naming them, after everything else has run.
#   make eval-workloads [WORKLOADS=a,b]
#       the workload suite alone at full size, checked against the CPU
#       references (tools/eval/specs/workloads.spec, local tier).

CORUN_EVAL := tools/eval/corun-eval
EVAL_TIER ?= local
EVAL_JOBS ?= $(shell nproc)
EVAL_SPECS ?= $(sort $(wildcard tools/eval/specs/*.spec))
EVAL_DB ?= $(O)/eval/results.db
EVAL_OUT ?= $(if $(filter local,$(EVAL_TIER)),Documentation/evaluation,$(O)/eval/report-$(EVAL_TIER))
WORKLOADS ?=

.PHONY: eval eval-workloads

eval: all
	@rc=0; \
	$(CORUN_EVAL) --build $(O) run --db $(EVAL_DB) --tier $(EVAL_TIER) \
		-j $(EVAL_JOBS) $(EVAL_SPECS) || rc=$$?; \
	$(CORUN_EVAL) --build $(O) report --db $(EVAL_DB) --tier $(EVAL_TIER) \
		--out $(EVAL_OUT) $(EVAL_SPECS) || rc=1; \
	exit $$rc

eval-workloads: all
	$(CORUN_EVAL) --build $(O) run --db $(EVAL_DB) --tier local -j $(EVAL_JOBS) \
		$(if $(WORKLOADS),--only $(WORKLOADS)) tools/eval/specs/workloads.spec
	$(CORUN_EVAL) --build $(O) report --db $(EVAL_DB) --tier local \
		$(if $(WORKLOADS),--only $(WORKLOADS)) tools/eval/specs/workloads.spec

# The tests: spec parsing and errors, the quick tier of every spec,
# keyed and resumed results, failures, killed sweeps, merge and export
# (corun-eval-test); a private single-node Slurm (slurm-test); the CCBP
# case studies' demand and units on synthetic inputs and one case end to
# end (ccbp-case-studies-test).
TEST_PROGS += tools/eval/tests/corun-eval-test tools/eval/tests/slurm-test \
	tools/eval/tests/ccbp-case-studies-test
