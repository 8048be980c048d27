/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * kelf: loader for corun RV32 device-kernel ELF images.
 *
 * Device kernels are linked as static PIE at base 0:
 *
 *	clang --target=riscv32 ... -fPIE -c k.c
 *	ld.lld -pie --no-dynamic-linker -o k.elf k.o
 *
 * so the only dynamic relocations are R_RISCV_RELATIVE (in .rela.dyn).
 * kelf_parse() validates a file image (ELFCLASS32, little endian,
 * EM_RISCV, ET_DYN, every offset/size bounds-checked), builds the memory
 * image of the PT_LOAD segments (link addresses 0..span, .bss zeroed)
 * and reads the .corun.kinfo array. kelf_relocate() then applies the
 * relocations for a page-aligned base VA chosen by the caller and
 * relocates every kinfo entry. Nothing is trusted: any malformed input
 * fails with a one-line message in err and never crashes.
 */
#ifndef _CORUN_TOOLS_LIB_KELF_H_
#define _CORUN_TOOLS_LIB_KELF_H_

#include <stddef.h>
#include <stdint.h>

#include <corun/kernel.h>

#define KELF_MAX_SEGS 16
#define KELF_MAX_KERNELS 256
#define KELF_MAX_SPAN (64u << 20)	/* largest memory image accepted */
#define KELF_MAX_FILE (256u << 20)	/* largest file kelf_load_file reads */

/* Segment permissions (from p_flags). */
#define KELF_R 1u
#define KELF_W 2u
#define KELF_X 4u

/**
 * struct kelf_seg - one PT_LOAD segment, link address relative to 0
 * @vaddr: link address (offset into the image)
 * @memsz: bytes of image it covers from @vaddr (p_memsz, non-zero)
 * @flags: KELF_R/W/X, never 0
 */
struct kelf_seg {
	uint32_t vaddr;
	uint32_t memsz;
	unsigned int flags;
};

/**
 * struct kelf_image - a parsed (and possibly relocated) kernel image
 * @image: @span bytes: the segments at their link addresses, bss zeroed;
 *	after kelf_relocate() the relocated contents to copy at @base
 * @span: image size in bytes, a multiple of CORUN_PAGE_SIZE
 * @base: VA the image is relocated for (0 until kelf_relocate())
 * @relocated: kelf_relocate() has run
 * @nsegs: entries of @segs, sorted by vaddr; their bytes never overlap,
 *	but two segments may share a page (a mapper ORs their flags there)
 * @nkernels: entries of @kinfo
 * @kinfo: kernel records; @entry is absolute (base + link address)
 *	after kelf_relocate()
 * @nrelocs: R_RISCV_RELATIVE entries; @relocs: pairs (offset, addend)
 */
struct kelf_image {
	uint8_t *image;
	uint32_t span;
	uint32_t base;
	int relocated;
	unsigned int nsegs;
	struct kelf_seg segs[KELF_MAX_SEGS];
	unsigned int nkernels;
	struct corun_kinfo *kinfo;
	unsigned int nrelocs;
	uint32_t (*relocs)[2];
};

/* Parse and validate @len bytes at @buf; 0 or -1 with err set. */
int kelf_parse(const void *buf, size_t len, struct kelf_image *img,
	       char *err, size_t errlen);

/* Read @path and kelf_parse() it; the message names the file. */
int kelf_load_file(const char *path, struct kelf_image *img, char *err,
		   size_t errlen);

/*
 * Relocate for @base (page aligned, base + span within the 32-bit global
 * window). Only once per image. 0 or -1 with err set.
 */
int kelf_relocate(struct kelf_image *img, uint32_t base, char *err,
		  size_t errlen);

/* The kernel named @name, or NULL. */
const struct corun_kinfo *kelf_find_kernel(const struct kelf_image *img,
					   const char *name);

/* Free what kelf_parse() allocated; the struct is zeroed. */
void kelf_free(struct kelf_image *img);

#endif /* _CORUN_TOOLS_LIB_KELF_H_ */
