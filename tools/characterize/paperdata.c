// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The papers' published per-kernel figures, by corun workload name.
 *
 * CCBP: Lin, Dai et al., "Coordinated CTA Combination and Bandwidth
 *	Partitioning for GPU Concurrent Kernel Execution", Table 2: standalone throughput (IPC / peak IPC),
 *	NoC and DRAM bandwidth utilization (of peak), L2 miss rate, type.
 * HSM: Zhao et al., "HSM: A Hybrid Slowdown Model for Multitasking GPUs",
 *	Table 2: MPKI and class.
 * Cache: Liang, Li et al., "Exploring Cache Bypassing and Partitioning
 *	for Multi-Tasking on GPUs", Table I: type C / S / I.
 *
 * Name mapping where the paper's name differs: CCBP "SRT" (bucket sort)
 * = bucketsort, "BT" (b+tree) = btree, "FTD" = fdtd2d, "SMV" = spmv,
 * "HG" = histogram-bytes (Rodinia's histogram shape); HSM "EULER3D"
 * (Rodinia cfd's euler3d) = cfd, "BH" (BlackScholes) = blackscholes,
 * "2DCONV" = conv2d, "CONVS" = convsep, "SRAD" (srad_v2) = srad2, "BINO"
 * = binomial, "MRI-Q" = mriq, "SC" = streamcluster; cache paper "HW" =
 * heartwall, "HS" = hotspot.
 */
#include <math.h>
#include <string.h>

#include "characterize.h"

#define NO_CCBP NULL, NAN, NAN, NAN, NAN, NULL
#define NO_HSM NULL, NAN, NULL
#define NO_CACHE NULL, NULL
#define CCBP(a, t, n, d, m, c) a, t, n, d, m, c
#define HSM(a, m, c) a, m, c
#define CACHE(a, t) a, t

static const struct paper_ref refs[] = {
	/* CCBP Table 2 (NBI, DBI, LS), with HSM / cache rows of the same kernel */
	{ "cfd", CCBP("CFD", 7, 54, 14, 15, "NBI"), HSM("EULER3D", 4.39, "mem"), NO_CACHE },
	{ "lavamd", CCBP("LAV", 5, 53, 1, 1, "NBI"), NO_HSM, NO_CACHE },
	{ "spmv", CCBP("SMV", 10, 52, 25, 30, "NBI"), NO_HSM, NO_CACHE },
	{ "kmeans", CCBP("KM", 2, 52, 22, 17, "NBI"), NO_HSM, CACHE("KM", "I") },
	{ "lbm", CCBP("LBM", 17, 15, 61, 88, "DBI"), HSM("LBM", 6.09, "mem"), CACHE("LBM", "S") },
	{ "fdtd2d", CCBP("FTD", 29, 32, 65, 66, "DBI"), NO_HSM, NO_CACHE },
	{ "sad", CCBP("SAD", 5, 17, 64, 78, "DBI"), NO_HSM, CACHE("SAD", "C") },
	{ "bucketsort", CCBP("SRT", 25, 37, 59, 69, "DBI"), NO_HSM, NO_CACHE },
	{ "bfs", CCBP("BFS", 44, 14, 24, 100, "LS"), NO_HSM, CACHE("BFS", "S") },
	{ "backprop", CCBP("BP", 68, 19, 36, 51, "LS"), NO_HSM, CACHE("BP", "S") },
	{ "btree", CCBP("BT", 24, 27, 19, 44, "LS"), NO_HSM, NO_CACHE },
	{ "histogram-bytes", CCBP("HG", 28, 19, 25, 74, "LS"), NO_HSM, NO_CACHE },
	{ "pathfinder", CCBP("PF", 72, 28, 39, 90, "LS"), HSM("PF", 0.06, "compute"), NO_CACHE },
	/* HSM Table 2, the rest */
	{ "pvc", NO_CCBP, HSM("PVC", 4.79, "mem"), NO_CACHE },
	{ "blackscholes", NO_CCBP, HSM("BH", 1.54, "mem"), NO_CACHE },
	{ "dwt2d", NO_CCBP, HSM("DWT2D", 2.72, "mem"), NO_CACHE },
	{ "fwt", NO_CCBP, HSM("FWT", 2.23, "mem"), NO_CACHE },
	{ "conv2d", NO_CCBP, HSM("2DCONV", 1.21, "mem"), NO_CACHE },
	{ "streamcluster", NO_CCBP, HSM("SC", 3.42, "mem"), CACHE("SC", "I") },
	{ "convsep", NO_CCBP, HSM("CONVS", 1.14, "mem"), NO_CACHE },
	{ "srad2", NO_CCBP, HSM("SRAD", 1.09, "mem"), NO_CACHE },
	{ "dxtc", NO_CCBP, HSM("DXTC", 0.0004, "compute"), NO_CACHE },
	{ "hotspot", NO_CCBP, HSM("HOTSPOT", 0.08, "compute"), CACHE("HS", "C") },
	{ "binomial", NO_CCBP, HSM("BINO", 0.02, "compute"), NO_CACHE },
	{ "mriq", NO_CCBP, HSM("MRI-Q", 0.01, "compute"), NO_CACHE },
	/* Cache paper Table I, the rest */
	{ "heartwall", NO_CCBP, NO_HSM, CACHE("HW", "S") },
	{ "stencil", NO_CCBP, NO_HSM, CACHE("STENCIL", "C") },
	{ "cutcp", NO_CCBP, NO_HSM, CACHE("CUTCP", "C") },
};

const struct paper_ref *paper_refs(size_t *count)
{
	*count = sizeof(refs) / sizeof(refs[0]);
	return refs;
}

const struct paper_ref *paper_ref_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
		if (!strcmp(refs[i].name, name))
			return &refs[i];
	return NULL;
}
