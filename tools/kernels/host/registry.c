// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The workload registry and the kernel directory.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wl.h"

static const struct workload *const regular[] = {
	&wl_vecadd, &wl_saxpy, &wl_matmul, &wl_hist_global, &wl_hist_shared,
	&wl_hist_bytes,
	&wl_reduce, &wl_reduce_atomic, &wl_collatz, &wl_compute,
	&wl_pathfinder, &wl_backprop, &wl_bfs, &wl_btree,
	&wl_lbm, &wl_sad, &wl_kmeans, &wl_bucketsort,
	&wl_fdtd2d, &wl_spmv, &wl_cfd, &wl_lavamd,
	&wl_hotspot,
	&wl_srad1,
	&wl_srad2,
	&wl_nw,
	&wl_lud,
	&wl_gaussian,
	&wl_nn,
	&wl_stencil,
	&wl_conv2d,
	&wl_convsep,
	&wl_blackscholes,
	&wl_binomial,
	&wl_fwt,
	&wl_dwt2d,
	&wl_mriq,
	&wl_pvc,
	&wl_streamcluster,
	&wl_pagerank,
	&wl_coloring,
	&wl_mis,
	&wl_sssp,
	&wl_cutcp,
	&wl_dxtc,
	&wl_heartwall,
	&wl_sgemm,
	/* Inputs of the graph workloads (WL_F_VARIANT). */
	&wl_pagerank_bal, &wl_pagerank_rmat, &wl_sssp_bal, &wl_sssp_rmat,
	&wl_mis_bal, &wl_mis_rmat, &wl_coloring_bal, &wl_coloring_rmat,
};

static const struct workload *const faults[] = {
	&wl_fault_null, &wl_fault_misaligned, &wl_fault_shared_oob,
	&wl_fault_spin, &wl_fault_assert,
};

const struct workload *const *wl_all(size_t *count)
{
	*count = WL_ARRAY_SIZE(regular);
	return regular;
}

const struct workload *const *wl_faults(size_t *count)
{
	*count = WL_ARRAY_SIZE(faults);
	return faults;
}

const struct workload *wl_find(const char *name)
{
	for (size_t i = 0; i < WL_ARRAY_SIZE(regular); i++) {
		if (!strcmp(regular[i]->name, name))
			return regular[i];
	}
	for (size_t i = 0; i < WL_ARRAY_SIZE(faults); i++) {
		if (!strcmp(faults[i]->name, name))
			return faults[i];
	}
	return NULL;
}

/* Room for the executable's directory plus "/../kernels". */
static char kernel_dir[PATH_MAX + 16];

void wl_set_kernel_dir(const char *dir)
{
	snprintf(kernel_dir, sizeof(kernel_dir), "%s", dir ? dir : "");
}

const char *wl_kernel_dir(void)
{
	const char *env = getenv("CORUN_KERNEL_DIR");
	char exe[PATH_MAX];
	ssize_t n;
	char *slash;

	if (env && *env)
		return env;
	if (kernel_dir[0])
		return kernel_dir;
	/* <dir of the running binary>/../kernels */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return ".";
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	snprintf(kernel_dir, sizeof(kernel_dir), "%s/../kernels", exe);
	return kernel_dir;
}

void wl_list_names(char *buf, size_t len)
{
	const struct workload *const *all;
	size_t n, i, at = 0;

	if (!len)
		return;
	buf[0] = '\0';
	all = wl_all(&n);
	for (i = 0; i < n && at < len; i++)
		at += snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
			       all[i]->name);
}

const char *wl_label(const struct workload *wl, const struct wl_params *p,
		     char *buf, size_t len)
{
	if (p->elf)
		snprintf(buf, len, "%s(seed=%u)", wl->name, p->seed);
	else
		snprintf(buf, len, "%s(scale=%u,seed=%u)", wl->name, p->scale,
			 p->seed);
	return buf;
}

int wl_elf_path(const char *elf, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/%s", wl_kernel_dir(), elf);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}
