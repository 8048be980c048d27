/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Random RV32IMAFD program generator for the differential tests: straight
 * (forward-branching) blocks of random valid instructions with memory
 * accesses confined to a scratch buffer, wrapped in a prologue that loads
 * random register/FP/fcsr state and an epilogue that dumps registers,
 * fcsr and memory through write(1) and exits. Written directly as ELF.
 */
#ifndef _ISA_TEST_RVGEN_H_
#define _ISA_TEST_RVGEN_H_

#include <stdint.h>

#include "rvsys.h"

/**
 * rv_gen_program() - generate one random program in @nvar data variants
 * @seed: seed; the same seed gives the same program
 * @ninsns: random instructions in the body
 * @nvar: variants (different initial register state, same code)
 * @elfs: the @nvar ELF images (free with rv_elf_free())
 *
 * Return: 0, or -1 when out of memory.
 */
int rv_gen_program(uint64_t seed, unsigned int ninsns, unsigned int nvar,
		   struct rv_elf *elfs);

#endif
