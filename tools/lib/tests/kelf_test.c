// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * kelf tests: a real static-PIE kernel image (ktest.elf, built next to
 * this program), targeted corruptions that must give specific errors,
 * every truncation, and deterministic random mutations that must never
 * crash the loader (run under SAN=1 to catch out-of-bounds reads).
 */
#include <elf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <corun/hw.h>
#include <kunit/host_paths.h>
#include <kunit/test.h>
#include <lib/kelf.h>

#define KTEST_ELF "ktest.elf"

static uint8_t *elf_buf;
static size_t elf_len;

static int load_test_elf(struct kunit_suite *suite)
{
	char path[PATH_MAX];
	FILE *f;
	long sz;

	(void)suite;
	if (kunit_exe_path(path, sizeof(path), KTEST_ELF))
		return -1;
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "# cannot open %s\n", path);
		return -1;
	}
	fseek(f, 0, SEEK_END);
	sz = ftell(f);
	rewind(f);
	elf_buf = malloc(sz);
	if (!elf_buf || fread(elf_buf, 1, sz, f) != (size_t)sz) {
		fclose(f);
		return -1;
	}
	fclose(f);
	elf_len = sz;
	return 0;
}

static void free_test_elf(struct kunit_suite *suite)
{
	(void)suite;
	free(elf_buf);
}

static uint8_t *copy_elf(struct kunit *test)
{
	uint8_t *p = kunit_kmalloc_array(test, 1, elf_len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	memcpy(p, elf_buf, elf_len);
	return p;
}

static Elf32_Ehdr *ehdr(uint8_t *p)
{
	return (Elf32_Ehdr *)p;
}

static Elf32_Phdr *phdr(uint8_t *p, unsigned int i)
{
	return (Elf32_Phdr *)(p + ehdr(p)->e_phoff + i * sizeof(Elf32_Phdr));
}

/* Section header named @name in @p (a well-formed image), or NULL. */
static Elf32_Shdr *find_shdr(uint8_t *p, const char *name)
{
	Elf32_Ehdr *e = ehdr(p);
	Elf32_Shdr *sh = (Elf32_Shdr *)(p + e->e_shoff);
	const char *str = (const char *)p + sh[e->e_shstrndx].sh_offset;
	unsigned int i;

	for (i = 0; i < e->e_shnum; i++)
		if (!strcmp(str + sh[i].sh_name, name))
			return &sh[i];
	return NULL;
}

/* Parse @p and expect failure with @what in the message. */
static void expect_error(struct kunit *test, uint8_t *p, size_t len,
			 const char *what)
{
	struct kelf_image img;
	char err[256] = "";

	KUNIT_EXPECT_EQ(test, kelf_parse(p, len, &img, err, sizeof(err)), -1);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, what) != NULL,
			      "message '%s' lacks '%s'", err, what);
	KUNIT_EXPECT_NULL(test, img.image);
}

static void kelf_parse_valid(struct kunit *test)
{
	const struct corun_kinfo *k;
	struct kelf_image img;
	unsigned int i, nx = 0;
	char err[256];

	KUNIT_ASSERT_EQ_MSG(test, kelf_parse(elf_buf, elf_len, &img, err,
					     sizeof(err)), 0, "%s", err);
	KUNIT_EXPECT_EQ(test, img.nkernels, 3u);
	KUNIT_EXPECT_EQ(test, img.span % CORUN_PAGE_SIZE, 0u);
	KUNIT_EXPECT_GE(test, img.nsegs, 2u);
	/* kinfo entries of 3 kernels + 2 pointers in ktest_ptrs. */
	KUNIT_EXPECT_GE(test, img.nrelocs, 5u);
	for (i = 0; i < img.nsegs; i++) {
		if (img.segs[i].flags & KELF_X) {
			nx++;
			KUNIT_EXPECT_FALSE(test, img.segs[i].flags & KELF_W);
		}
		if (i)
			KUNIT_EXPECT_GE(test, img.segs[i].vaddr,
					img.segs[i - 1].vaddr + img.segs[i - 1].memsz);
	}
	KUNIT_EXPECT_EQ(test, nx, 1u);

	k = kelf_find_kernel(&img, "ktest_vadd");
	KUNIT_ASSERT_NOT_NULL(test, k);
	KUNIT_EXPECT_EQ(test, k->regs_per_thread, 16);
	KUNIT_EXPECT_EQ(test, k->shared_bytes, 0u);
	k = kelf_find_kernel(&img, "ktest_big");
	KUNIT_ASSERT_NOT_NULL(test, k);
	KUNIT_EXPECT_EQ(test, k->regs_per_thread, 64);
	KUNIT_EXPECT_EQ(test, k->shared_bytes, 8192u);
	KUNIT_EXPECT_EQ(test, k->stack_bytes, 4096u);
	KUNIT_EXPECT_NULL(test, kelf_find_kernel(&img, "ktest"));
	KUNIT_EXPECT_NULL(test, kelf_find_kernel(&img, ""));
	kelf_free(&img);
	KUNIT_EXPECT_NULL(test, img.image);
}

static void kelf_relocate_base(struct kunit *test)
{
	const uint32_t base = 0x00230000;
	uint32_t link_entry[3], w;
	struct kelf_image img;
	char err[256];
	unsigned int i;

	KUNIT_ASSERT_EQ(test, kelf_parse(elf_buf, elf_len, &img, err,
					 sizeof(err)), 0);
	for (i = 0; i < 3; i++)
		link_entry[i] = img.kinfo[i].entry;
	/* Bad bases first: they must leave the image untouched. */
	KUNIT_EXPECT_EQ(test, kelf_relocate(&img, base + 4, err, sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, kelf_relocate(&img, 0, err, sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, kelf_relocate(&img, CORUN_VA_GLOBAL_END -
					    CORUN_PAGE_SIZE, err, sizeof(err)), -1);
	KUNIT_EXPECT_FALSE(test, img.relocated);

	KUNIT_ASSERT_EQ(test, kelf_relocate(&img, base, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, img.base, base);
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, img.kinfo[i].entry, base + link_entry[i]);
		KUNIT_EXPECT_EQ(test, img.kinfo[i].entry % 4, 0u);
	}
	for (i = 0; i < img.nrelocs; i++) {
		memcpy(&w, img.image + img.relocs[i][0], 4);
		KUNIT_EXPECT_EQ(test, w, base + img.relocs[i][1]);
	}
	/* The kinfo copy in the image is relocated like the records. */
	for (i = 0; i < img.nrelocs; i++) {
		memcpy(&w, img.image + img.relocs[i][0], 4);
		if (w == img.kinfo[0].entry)
			break;
	}
	KUNIT_EXPECT_LT(test, i, img.nrelocs);
	KUNIT_EXPECT_EQ(test, kelf_relocate(&img, base, err, sizeof(err)), -1);
	kelf_free(&img);
}

static void kelf_bad_headers(struct kunit *test)
{
	uint8_t *p = copy_elf(test);

	expect_error(test, p, 10, "too short");
	p[0] = 0x7e;
	expect_error(test, p, elf_len, "not an ELF");
	p[0] = 0x7f;
	p[EI_CLASS] = ELFCLASS64;
	expect_error(test, p, elf_len, "ELFCLASS32");
	p[EI_CLASS] = ELFCLASS32;
	p[EI_DATA] = ELFDATA2MSB;
	expect_error(test, p, elf_len, "little endian");
	p[EI_DATA] = ELFDATA2LSB;
	ehdr(p)->e_machine = EM_X86_64;
	expect_error(test, p, elf_len, "EM_RISCV");
	ehdr(p)->e_machine = EM_RISCV;
	ehdr(p)->e_type = ET_EXEC;
	expect_error(test, p, elf_len, "ET_DYN");
	ehdr(p)->e_type = ET_DYN;
	ehdr(p)->e_phoff = elf_len - 8;
	expect_error(test, p, elf_len, "program header table");
	ehdr(p)->e_phoff = ((Elf32_Ehdr *)elf_buf)->e_phoff;
	ehdr(p)->e_shoff = 0xfffffff0;
	expect_error(test, p, elf_len, "section header table");
	ehdr(p)->e_shoff = ((Elf32_Ehdr *)elf_buf)->e_shoff;
	ehdr(p)->e_shstrndx = ehdr(p)->e_shnum;
	expect_error(test, p, elf_len, "section-name table index");
	memcpy(p, elf_buf, elf_len);
	expect_error(test, NULL, 0, "no data");
}

/* The first PT_LOAD of the given permissions. */
static unsigned int find_load(uint8_t *p, uint32_t flags)
{
	unsigned int i;

	for (i = 0; i < ehdr(p)->e_phnum; i++)
		if (phdr(p, i)->p_type == PT_LOAD && phdr(p, i)->p_flags == flags)
			return i;
	return 0;
}

static void kelf_bad_segments(struct kunit *test)
{
	uint8_t *p = copy_elf(test);
	unsigned int x = find_load(p, PF_R | PF_X);
	unsigned int w = find_load(p, PF_R | PF_W);
	Elf32_Phdr *px = phdr(p, x);

	KUNIT_ASSERT_NE(test, x, w);
	px->p_offset = elf_len - 4;
	expect_error(test, p, elf_len, "beyond the end of the file");
	memcpy(p, elf_buf, elf_len);
	px->p_filesz = px->p_memsz + 1;
	expect_error(test, p, elf_len, "file size");
	memcpy(p, elf_buf, elf_len);
	px->p_vaddr = 0xfffff000;
	expect_error(test, p, elf_len, "image limit");
	memcpy(p, elf_buf, elf_len);
	/* Make the data segment start inside the code segment. */
	phdr(p, w)->p_vaddr = px->p_vaddr + 4;
	expect_error(test, p, elf_len, "overlap");
	memcpy(p, elf_buf, elf_len);
	px->p_flags = PF_R;
	expect_error(test, p, elf_len, "no executable segment");
	memcpy(p, elf_buf, elf_len);
	px->p_type = PT_INTERP;
	expect_error(test, p, elf_len, "PT_INTERP");
	memcpy(p, elf_buf, elf_len);
	px->p_type = PT_TLS;
	expect_error(test, p, elf_len, "PT_TLS");
}

static void kelf_bad_relocs(struct kunit *test)
{
	uint8_t *p = copy_elf(test);
	Elf32_Shdr *rela = find_shdr(p, ".rela.dyn");
	Elf32_Rela *r;

	KUNIT_ASSERT_NOT_NULL(test, rela);
	r = (Elf32_Rela *)(p + rela->sh_offset);
	r[1].r_info = ELF32_R_INFO(0, R_RISCV_32);
	expect_error(test, p, elf_len, "R_RISCV_32");
	r[1].r_info = ELF32_R_INFO(0, R_RISCV_JUMP_SLOT);
	expect_error(test, p, elf_len, "only R_RISCV_RELATIVE");
	r[1].r_info = ELF32_R_INFO(1, R_RISCV_RELATIVE);
	expect_error(test, p, elf_len, "with a symbol");
	r[1].r_info = ELF32_R_INFO(0, R_RISCV_RELATIVE);
	r[1].r_offset = 0x7ffff000;
	expect_error(test, p, elf_len, "outside the loaded segments");
	r[1].r_offset = 2;
	expect_error(test, p, elf_len, "not 4-byte aligned");
	memcpy(p, elf_buf, elf_len);
	rela->sh_size = elf_len;
	expect_error(test, p, elf_len, "bad RELA table");
	memcpy(p, elf_buf, elf_len);
	rela->sh_type = SHT_REL;
	expect_error(test, p, elf_len, "REL relocations");
}

static void kelf_bad_kinfo(struct kunit *test)
{
	uint8_t *p = copy_elf(test);
	Elf32_Shdr *ks = find_shdr(p, CORUN_KINFO_SECTION);
	struct corun_kinfo *k;
	uint32_t off;

	KUNIT_ASSERT_NOT_NULL(test, ks);
	/* The section's file bytes are what the image holds at sh_addr. */
	off = ks->sh_offset;
	k = (struct corun_kinfo *)(p + off);

	k[1].magic = 0;
	expect_error(test, p, elf_len, "bad magic");
	memcpy(p, elf_buf, elf_len);
	k[1].version = 2;
	expect_error(test, p, elf_len, "ABI version");
	memcpy(p, elf_buf, elf_len);
	memset(k[1].name, 'a', sizeof(k[1].name));
	expect_error(test, p, elf_len, "NUL-terminated");
	memcpy(p, elf_buf, elf_len);
	k[1].regs_per_thread = 0;
	expect_error(test, p, elf_len, "regs_per_thread");
	memcpy(p, elf_buf, elf_len);
	k[1].stack_bytes = CORUN_STACK_MAX + 4;
	expect_error(test, p, elf_len, "too large");
	memcpy(p, elf_buf, elf_len);
	strcpy(k[1].name, k[0].name);
	expect_error(test, p, elf_len, "defined twice");
	memcpy(p, elf_buf, elf_len);
	ks->sh_size -= 4;
	expect_error(test, p, elf_len, "multiple of");
	memcpy(p, elf_buf, elf_len);
	ks->sh_addr = 0x10000000;
	expect_error(test, p, elf_len, "not inside a loaded segment");
	memcpy(p, elf_buf, elf_len);
	/* Rename the section: ".corun.kinfo" -> ".corun.kinfX". */
	p[find_shdr(p, ".shstrtab")->sh_offset + ks->sh_name + 11] = 'X';
	expect_error(test, p, elf_len, "no " CORUN_KINFO_SECTION);
}

/*
 * The kinfo entry is relocated: point one at the data segment by
 * editing its relocation addend, which must be caught.
 */
static void kelf_bad_entry(struct kunit *test)
{
	uint8_t *p = copy_elf(test);
	Elf32_Shdr *rela = find_shdr(p, ".rela.dyn");
	Elf32_Shdr *ks = find_shdr(p, CORUN_KINFO_SECTION);
	Elf32_Rela *r;
	unsigned int i, n, hit = 0;

	KUNIT_ASSERT_NOT_NULL(test, rela);
	KUNIT_ASSERT_NOT_NULL(test, ks);
	r = (Elf32_Rela *)(p + rela->sh_offset);
	n = rela->sh_size / sizeof(*r);
	for (i = 0; i < n; i++) {
		if (r[i].r_offset == ks->sh_addr + offsetof(struct corun_kinfo, entry)) {
			r[i].r_addend = ks->sh_addr;	/* data, not code */
			hit = 1;
		}
	}
	KUNIT_ASSERT_TRUE(test, hit);
	expect_error(test, p, elf_len, "executable segment");
	memcpy(p, elf_buf, elf_len);
	for (i = 0; i < n; i++)
		if (r[i].r_offset == ks->sh_addr + offsetof(struct corun_kinfo, entry))
			r[i].r_addend += 2;
	expect_error(test, p, elf_len, "executable segment");
}

/* Section headers are at the end: every proper prefix must be rejected. */
static void kelf_truncated(struct kunit *test)
{
	struct kelf_image img;
	unsigned int bad = 0;
	char err[256];
	size_t len;

	for (len = 0; len < elf_len; len++) {
		uint8_t *p = malloc(len ? len : 1);

		KUNIT_ASSERT_NOT_NULL(test, p);
		memcpy(p, elf_buf, len);
		err[0] = 0;
		/* A separate allocation per length lets ASan see overreads. */
		if (kelf_parse(p, len, &img, err, sizeof(err)) != -1 || !err[0])
			bad++;
		free(p);
	}
	KUNIT_EXPECT_EQ(test, bad, 0u);
}

static uint64_t rng_state;

static uint32_t rng(void)
{
	/* xorshift64*: deterministic across runs and hosts. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static const uint32_t interesting[] = {
	0, 1, 2, 3, 4, 0x7f, 0x80, 0xff, 0x1000, 0xfff, 0x7fffffff,
	0x80000000, 0xfffffffe, 0xffffffff, 0xfffff000, 12, 40, 52,
};

/* Mutate bytes or whole words (boundary values) in [lo, hi) of @p. */
static void mutate(uint8_t *p, size_t lo, size_t hi)
{
	unsigned int i, n = 1 + rng() % 8;

	if (hi <= lo)
		return;
	for (i = 0; i < n; i++) {
		size_t at = lo + rng() % (hi - lo);
		uint32_t v;

		switch (rng() % 4) {
		case 0:
			p[at] ^= 1u << (rng() % 8);
			break;
		case 1:
			p[at] = rng();
			break;
		default:
			at &= ~(size_t)3;
			if (at < lo || at + 4 > hi)
				break;
			v = rng() % 2 ? interesting[rng() % ARRAY_SIZE(interesting)]
				      : rng();
			memcpy(p + at, &v, 4);
			break;
		}
	}
}

#define FUZZ_ITERS 50000

static void kelf_fuzz(struct kunit *test)
{
	const Elf32_Ehdr *e = (const Elf32_Ehdr *)elf_buf;
	/* The hot spots: ELF + program headers, section headers. */
	const size_t ph_end = e->e_phoff + e->e_phnum * sizeof(Elf32_Phdr);
	const size_t sh_lo = e->e_shoff;
	const size_t sh_hi = e->e_shoff + e->e_shnum * sizeof(Elf32_Shdr);
	unsigned int ok = 0, rejected = 0, iter;
	struct kelf_image img;
	char err[256];

	for (iter = 0; iter < FUZZ_ITERS; iter++) {
		size_t len = elf_len;
		uint8_t *p;

		rng_state = 0x9e3779b97f4a7c15ull * (iter + 1);
		if (rng() % 8 == 0)
			len = rng() % elf_len;
		/* Exact-size copies let ASan catch any overread. */
		p = malloc(len ? len : 1);
		KUNIT_ASSERT_NOT_NULL(test, p);
		memcpy(p, elf_buf, len);
		switch (rng() % 4) {
		case 0:
			mutate(p, 0, len);
			break;
		case 1:
			mutate(p, 0, ph_end < len ? ph_end : len);
			break;
		case 2:
			mutate(p, sh_lo, sh_hi < len ? sh_hi : len);
			break;
		default:
			/* Data the tables point at: relocs, kinfo, strings. */
			mutate(p, ph_end, sh_lo < len ? sh_lo : len);
			break;
		}
		if (kelf_parse(p, len, &img, err, sizeof(err)) == 0) {
			const uint32_t base = CORUN_VA_GLOBAL_BASE +
					      (rng() % 64) * CORUN_PAGE_SIZE;
			uint32_t sum = 0, i;

			ok++;
			/* Touch everything the loader returned. */
			for (i = 0; i < img.span; i++)
				sum += img.image[i];
			if (kelf_relocate(&img, base, err, sizeof(err)) == 0)
				for (i = 0; i < img.nkernels; i++)
					KUNIT_EXPECT_PTR_EQ(test,
						kelf_find_kernel(&img, img.kinfo[i].name),
						&img.kinfo[i]);
			(void)sum;
			kelf_free(&img);
		} else {
			rejected++;
			KUNIT_EXPECT_NE(test, err[0], 0);
		}
		free(p);
	}
	kunit_info(test, "%u mutated images accepted, %u rejected", ok, rejected);
	/* Both outcomes must occur, or the mutator is not exercising kelf. */
	KUNIT_EXPECT_GT(test, ok, FUZZ_ITERS / 20);
	KUNIT_EXPECT_GT(test, rejected, FUZZ_ITERS / 10);
}

static void kelf_load_file_errors(struct kunit *test)
{
	struct kelf_image img;
	char err[256];

	KUNIT_EXPECT_EQ(test, kelf_load_file("/nonexistent/k.elf", &img, err,
					     sizeof(err)), -1);
	KUNIT_EXPECT_TRUE(test, strstr(err, "/nonexistent/k.elf") != NULL);
	KUNIT_EXPECT_EQ(test, kelf_load_file("/", &img, err, sizeof(err)), -1);
	KUNIT_EXPECT_EQ(test, kelf_load_file("/proc/self/exe", &img, err,
					     sizeof(err)), -1);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, "ELFCLASS32") != NULL, "%s", err);
}

static struct kunit_case kelf_cases[] = {
	KUNIT_CASE(kelf_parse_valid),
	KUNIT_CASE(kelf_relocate_base),
	KUNIT_CASE(kelf_bad_headers),
	KUNIT_CASE(kelf_bad_segments),
	KUNIT_CASE(kelf_bad_relocs),
	KUNIT_CASE(kelf_bad_kinfo),
	KUNIT_CASE(kelf_bad_entry),
	KUNIT_CASE(kelf_truncated),
	KUNIT_CASE_SLOW(kelf_fuzz),
	KUNIT_CASE(kelf_load_file_errors),
	{}
};

static struct kunit_suite kelf_suite = {
	.name = "kelf",
	.suite_init = load_test_elf,
	.suite_exit = free_test_elf,
	.test_cases = kelf_cases,
};

kunit_test_suites(&kelf_suite);
