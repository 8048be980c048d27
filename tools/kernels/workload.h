/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun workload registry: device kernels paired with their input
 * generators, launch sequences and CPU references.
 *
 * A workload runs in one sim_ctx (address space):
 *
 *	setup(ctx, params, &run)        allocate and fill buffers, load kernels
 *	while (next(ctx, run, &l) == 1)  run launch l to completion
 *	check(ctx, run)                 compare device output with the CPU
 *	destroy(run)
 *
 * next() is only called once the previous launch has completed, so it may
 * read device memory to decide what to launch (multi-pass reductions,
 * convergence loops). Every hook returns < 0 with a message in err on
 * error; setup() and next() reject bad arguments (null buffers, zero or
 * mismatched sizes, a grid not covering the data) before anything is
 * launched.
 *
 * Inputs come from a fixed-seed generator: the same (scale, seed) always
 * gives the same data and the same launches.
 */
#ifndef _CORUN_TOOLS_KERNELS_WORKLOAD_H_
#define _CORUN_TOOLS_KERNELS_WORKLOAD_H_

#include <stddef.h>
#include <stdint.h>

struct sim_ctx;		/* <sim/simhost.h> */
struct sim_launch;	/* <sim/simhost.h> */
struct corun_fault_record;	/* <corun/hw.h> */
struct wl_elf_job;	/* <kernels/elfjob.h> */

/**
 * struct wl_params - what to generate
 * @scale: 0 = small (make check, a few hundred thousand thread
 *	instructions), 1 = default (aimed at 1-10 M cycles alone on the
 *	16-SM config), 2+ = larger
 * @seed: input generator seed; 0 selects the workload's fixed default
 * @elf: the job of an ELF job's workload (elfjob.h), else NULL
 */
struct wl_params {
	uint32_t scale;
	uint32_t seed;
	const struct wl_elf_job *elf;
};

#define WL_SCALE_MAX 4

struct wl_run;		/* private to each workload */

/* struct workload flags */
#define WL_F_FAULT	(1u << 0)	/* negative test: expected to fault */
#define WL_F_COMPUTE	(1u << 1)	/* compute bound, for rate benchmarks */
/*
 * Another input of a workload that is registered under its own name
 * (sssp-rmat): runs everywhere by name, but `corun-sim --characterize`
 * without --workloads characterizes only the workloads themselves.
 */
#define WL_F_VARIANT	(1u << 2)
/* An ELF job without a reference output: its runs are not checked. */
#define WL_F_UNCHECKED	(1u << 3)

/**
 * struct workload - one registered workload
 * @name: unique name, e.g. "vecadd"
 * @elf: ELF basename in wl_kernel_dir(), e.g. "vecadd.elf"
 * @desc: one-line description
 * @setup: create a run; *run is set on success
 * @next: 1 with *l filled: run this launch next; 0: no more launches
 * @check: 0 when every output matches the CPU reference
 * @destroy: free a run (NULL is fine); device memory stays with the ctx
 * @flags: WL_F_*
 * @expect_fault: for WL_F_FAULT, the enum corun_fault_cause (hw.h) the
 *	last launch must end with
 * @check_fault: for WL_F_FAULT, 0 when the fault record @f of the last
 *	launch is the expected one (cause, CTA, warp and lane of the
 *	culprit thread, address, PC inside the kernel); @warp_size is the
 *	device's. check() is not called for them.
 */
struct workload {
	const char *name;
	const char *elf;
	const char *desc;
	int (*setup)(struct sim_ctx *ctx, const struct wl_params *p,
		     struct wl_run **run, char *err, size_t len);
	int (*next)(struct sim_ctx *ctx, struct wl_run *run,
		    struct sim_launch *l, char *err, size_t len);
	int (*check)(struct sim_ctx *ctx, struct wl_run *run, char *err,
		     size_t len);
	void (*destroy)(struct wl_run *run);
	uint32_t flags;
	uint32_t expect_fault;
	int (*check_fault)(struct wl_run *run,
			   const struct corun_fault_record *f,
			   uint32_t warp_size, char *err, size_t len);
};

/* Any registered workload, fault tests included; NULL if unknown. */
const struct workload *wl_find(const char *name);

/*
 * The regular workloads (no WL_F_FAULT), in a stable order: what mixes
 * and "run everything" loops should use.
 */
const struct workload *const *wl_all(size_t *count);

/* The negative-test workloads (all WL_F_FAULT). */
const struct workload *const *wl_faults(size_t *count);

/*
 * Directory holding the device ELFs: $CORUN_KERNEL_DIR if set, else the
 * default set with wl_set_kernel_dir(), else "<dir of /proc/self/exe>/
 * ../kernels" (right for $(O)/tools/sim/corun-sim; the kernel tests in
 * $(O)/tools/kernels/tests set their own default).
 */
const char *wl_kernel_dir(void);
void wl_set_kernel_dir(const char *dir);

/* Full path of a workload ELF in buf; -1 if it does not fit. */
int wl_elf_path(const char *elf, char *buf, size_t len);

/*
 * The workload's kernel ELF exists and loads (checked before anything
 * runs); else -EINVAL with the reason and the kernel directory in @err.
 */
int wl_check_elf(const struct workload *wl, char *err, size_t len);

/* "name, name, ..." of the regular workloads (wl_all()) into @buf. */
void wl_list_names(char *buf, size_t len);

/*
 * One instance of @wl in reports: "name(scale=S,seed=N)", or
 * "name(seed=N)" for an ELF job, into @buf; returns @buf.
 */
const char *wl_label(const struct workload *wl, const struct wl_params *p,
		     char *buf, size_t len);

#endif /* _CORUN_TOOLS_KERNELS_WORKLOAD_H_ */
