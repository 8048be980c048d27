/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Test-only "system" around the executor for the ISA differential tests:
 * a small ELF32 reader, a flat per-lane memory with page permissions, a
 * Linux-like write/exit ECALL handler, and running the same ELF under
 * qemu-riscv32. Not the project's kernel loader.
 */
#ifndef _ISA_TEST_RVSYS_H_
#define _ISA_TEST_RVSYS_H_

#include <stddef.h>
#include <stdint.h>

#include "isa.h"

/* An ELF file in memory. */
struct rv_elf {
	uint8_t *data;
	size_t size;
};

/**
 * struct rv_out - what one thread wrote to stdout and how it ended
 * @buf: bytes written to fd 1 (malloc'd)
 * @len: bytes in @buf
 * @exit_code: exit status (a0 of exit), -1 if it did not exit
 */
struct rv_out {
	uint8_t *buf;
	size_t len;
	int exit_code;
};

int rv_elf_read(const char *path, struct rv_elf *e);
void rv_elf_free(struct rv_elf *e);
/* Address of a symbol, 0 if absent. */
uint32_t rv_elf_sym(const struct rv_elf *e, const char *name);
/* Overwrite a loaded word in the file image; 0 or -1. */
int rv_elf_patch32(struct rv_elf *e, uint32_t va, uint32_t val);
int rv_elf_write(const struct rv_elf *e, const char *path);

/**
 * rv_run_exec() - run one ELF per lane as a single warp on the executor
 * @elfs: one image per lane (same code, data may differ), @nlanes of them
 * @nlanes: warp width
 * @max_insns: warp-instruction budget
 * @outs: per-lane results (free with rv_out_free())
 * @fault: set to the fault record if the warp faulted
 * @err: message buffer (256 bytes) for loader/fault errors
 *
 * Return: 0 if every lane exited, -1 otherwise.
 */
int rv_run_exec(struct rv_elf *elfs, unsigned int nlanes, uint64_t max_insns,
		struct rv_out *outs, struct rv_fault *fault, char *err);

/**
 * rv_run_qemu() - run ELF files under qemu-riscv32, several at a time
 * @dir: directory for temporary files (the test's private mkdtemp one)
 * @paths: ELF paths, @n of them
 * @n: count
 * @outs: stdout and exit status of each
 *
 * Return: 0, or -1 if qemu could not be started.
 */
int rv_run_qemu(const char *dir, const char *const *paths, unsigned int n,
		struct rv_out *outs);

void rv_out_free(struct rv_out *o);

/* Path of qemu-riscv32 ($QEMU_RISCV32 or /usr/bin/qemu-riscv32), NULL if
 * not installed. */
const char *rv_qemu_path(void);

#endif
