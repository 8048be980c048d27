#!/usr/bin/Rscript
# SPDX-License-Identifier: GPL-2.0
#
# Load corun results into R: a corun-sim (or corun-run) --json report and
# a corun-eval CSV export, and print what most analyses start from (the
# same as results.py).
#
# usage: Rscript tools/analysis/results.R REPORT.json [METRICS.csv]
suppressPackageStartupMessages(library(jsonlite))

args <- commandArgs(trailingOnly = TRUE)
if (length(args) < 1 || length(args) > 2)
	stop("usage: results.R REPORT.json [METRICS.csv]")
report <- fromJSON(args[1])
# one co-run ("corun") or one per policy ("coruns", --compare-policies)
coruns <- if (!is.null(report$coruns)) report$coruns else
	list(report$corun)
if (is.data.frame(coruns))
	coruns <- lapply(seq_len(nrow(coruns)), function(i) coruns[i, ])
jobs <- do.call(rbind, lapply(coruns, function(c) {
	j <- if (is.data.frame(c$jobs)) c$jobs else c$jobs[[1]]
	data.frame(policy = c$policy, index = j$index, workload = j$workload,
		   ipc = j$ipc, ipc_alone = j$ipc_alone, slowdown = j$slowdown)
}))
metrics <- do.call(rbind, lapply(coruns, function(c) {
	m <- if (is.data.frame(c$metrics)) c$metrics else as.data.frame(c$metrics)
	data.frame(policy = c$policy, stp = m$stp, hspeedup = m$hspeedup,
		   antt = m$antt, fairness = m$fairness)
}))
cat(sprintf("configuration %s (%s), mix %s\n", report$config$name,
	    report$config$id, report$mix$name))
cat("jobs:\n")
for (i in seq_len(nrow(jobs)))
	cat(sprintf("%s %d %s slowdown %.4f\n", jobs$policy[i], jobs$index[i],
		    jobs$workload[i], jobs$slowdown[i]))
cat("metrics:\n")
for (i in seq_len(nrow(metrics)))
	cat(sprintf("%s stp %.4f hspeedup %.4f antt %.4f fairness %.4f\n",
		    metrics$policy[i], metrics$stp[i], metrics$hspeedup[i],
		    metrics$antt[i], metrics$fairness[i]))
if (length(args) == 2) {
	runs <- read.csv(args[2])
	cat("corun-eval: mean STP per policy:\n")
	m <- aggregate(stp ~ policy, data = runs, FUN = mean)
	for (i in seq_len(nrow(m)))
		cat(sprintf("%s %.4f\n", m$policy[i], m$stp[i]))
}
