/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * ELF jobs: a device kernel built outside the registry (corun-cc), named
 * by a mix with its launch geometry and arguments, run like a workload.
 *
 * The mix parser (tools/sim/mix.c) fills a struct wl_elf_job from a job
 * line; wl_elf_job_prepare() then checks its files (the ELF loads and has
 * the kernel, every data and reference file is readable, references have
 * their buffer's size) and makes its struct workload. A run allocates and
 * fills the buffers, writes the argument block (one 32-bit word per
 * argument, in order: a buffer's GPU VA or a scalar's bits), launches the
 * kernel once and compares each buffer that has a reference with its
 * file, byte for byte. Without any reference the run is unchecked, and
 * the workload carries WL_F_UNCHECKED so that reports say so.
 */
#ifndef _CORUN_TOOLS_KERNELS_ELFJOB_H_
#define _CORUN_TOOLS_KERNELS_ELFJOB_H_

#include <stddef.h>
#include <stdint.h>

#include <kernels/workload.h>

#define WL_ELF_MAX_ARGS 16
#define WL_ELF_PATH_LEN 256
#define WL_ELF_NAME_LEN 32	/* CORUN_KINFO_NAME_LEN */
#define WL_ELF_MAX_BUF (256u << 20)	/* largest buffer */

enum wl_elf_arg_kind {
	WL_ELF_U32,	/* scalar, its bits in the word */
	WL_ELF_I32,
	WL_ELF_F32,
	WL_ELF_BUF,	/* a generated buffer */
	WL_ELF_FILE,	/* a buffer holding a file's bytes */
};

enum wl_elf_fill {
	WL_ELF_FILL_ZERO,
	WL_ELF_FILL_IOTA,	/* u32 i at word i */
	WL_ELF_FILL_RAND,	/* uniform u32 words */
	WL_ELF_FILL_FRAND,	/* uniform floats in [-1, 1) */
};

/**
 * struct wl_elf_arg - one word of the argument block
 * @kind: enum wl_elf_arg_kind
 * @value: a scalar's bits
 * @bytes: a buffer's size (WL_ELF_FILE: set by wl_elf_job_prepare())
 * @fill: a WL_ELF_BUF's contents, enum wl_elf_fill
 * @path: a WL_ELF_FILE's data file
 * @expect: a buffer's reference output file, "" for none
 * @expect_line: the mix line that gave @expect
 */
struct wl_elf_arg {
	uint32_t kind;
	uint32_t value;
	uint32_t bytes;
	uint32_t fill;
	char path[WL_ELF_PATH_LEN];
	char expect[WL_ELF_PATH_LEN];
};

/**
 * struct wl_elf_job - an ELF job
 * @path: the ELF (relative paths resolved against the mix's directory)
 * @kernel: the kernel's name; "" until prepared: the ELF's only kernel
 * @grid, @block: launch geometry, each >= 1
 * @nargs, @args: the argument words in order
 * @name: label of the reports: the ELF's base name, ":kernel" if it has
 *	several
 * @wl: the workload the tools run (after wl_elf_job_prepare())
 */
struct wl_elf_job {
	char path[WL_ELF_PATH_LEN];
	char kernel[WL_ELF_NAME_LEN];
	uint32_t grid[3], block[3];
	unsigned int nargs;
	struct wl_elf_arg args[WL_ELF_MAX_ARGS];
	char name[64];
	struct workload wl;
};

/*
 * Check @j's files and set up j->wl; 0, or -EINVAL with the reason in
 * @err (naming the file). Runs get @j through wl_params.elf.
 */
int wl_elf_job_prepare(struct wl_elf_job *j, char *err, size_t len);

#endif /* _CORUN_TOOLS_KERNELS_ELFJOB_H_ */
