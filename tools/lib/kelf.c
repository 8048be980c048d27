// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * kelf: corun device-kernel ELF loader (see kelf.h).
 *
 * All multi-byte fields are read with explicit little-endian helpers from
 * a byte buffer, so the input needs no alignment and the host's byte
 * order does not matter. Every offset and size is checked in 64-bit
 * arithmetic (a 32-bit ELF's fields cannot overflow it) before use.
 */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <corun/hw.h>
#include <lib/kelf.h>

#define KELF_EHDR_SIZE 52
#define KELF_PHDR_SIZE 32
#define KELF_SHDR_SIZE 40
#define KELF_RELA_SIZE 12
#define KELF_REL_SIZE 8
#define KELF_MAX_PHDRS 64
#define KELF_MAX_SHDRS 4096
#define KELF_MAX_RELOCS (1u << 20)

struct kelf_in {
	const uint8_t *p;
	uint64_t len;
	char *err;
	size_t errlen;
};

static int __attribute__((format(printf, 3, 4)))
kerr(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* [off, off + size) inside the file? */
static int in_file(const struct kelf_in *in, uint64_t off, uint64_t size)
{
	return off <= in->len && size <= in->len - off;
}

struct shdr {
	uint32_t name, type, flags, addr, offset, size, link, info, align,
		entsize;
};

static void rd_shdr(const uint8_t *p, struct shdr *s)
{
	s->name = rd32(p);
	s->type = rd32(p + 4);
	s->flags = rd32(p + 8);
	s->addr = rd32(p + 12);
	s->offset = rd32(p + 16);
	s->size = rd32(p + 20);
	s->link = rd32(p + 24);
	s->info = rd32(p + 28);
	s->align = rd32(p + 32);
	s->entsize = rd32(p + 36);
}

static const char *reloc_name(uint32_t type)
{
	switch (type) {
	case R_RISCV_32: return "R_RISCV_32";
	case R_RISCV_64: return "R_RISCV_64";
	case R_RISCV_RELATIVE: return "R_RISCV_RELATIVE";
	case R_RISCV_COPY: return "R_RISCV_COPY";
	case R_RISCV_JUMP_SLOT: return "R_RISCV_JUMP_SLOT";
	case R_RISCV_TLS_DTPMOD32: return "R_RISCV_TLS_DTPMOD32";
	case R_RISCV_TLS_DTPREL32: return "R_RISCV_TLS_DTPREL32";
	case R_RISCV_TLS_TPREL32: return "R_RISCV_TLS_TPREL32";
	case R_RISCV_IRELATIVE: return "R_RISCV_IRELATIVE";
	default: return "unknown";
	}
}

/* The segment containing image bytes [off, off + size), or NULL. */
static const struct kelf_seg *seg_of(const struct kelf_image *img,
				     uint64_t off, uint64_t size)
{
	unsigned int i;

	for (i = 0; i < img->nsegs; i++) {
		const struct kelf_seg *s = &img->segs[i];

		if (off >= s->vaddr && off - s->vaddr <= s->memsz &&
		    size <= s->memsz - (off - s->vaddr))
			return s;
	}
	return NULL;
}

static int parse_phdrs(const struct kelf_in *in, uint32_t phoff,
		       unsigned int phnum, struct kelf_image *img)
{
	uint64_t end = 0;
	unsigned int i, j, have_x = 0;

	for (i = 0; i < phnum; i++) {
		const uint8_t *ph = in->p + phoff + (uint64_t)i * KELF_PHDR_SIZE;
		uint32_t type = rd32(ph), off = rd32(ph + 4);
		uint32_t vaddr = rd32(ph + 8), filesz = rd32(ph + 16);
		uint32_t memsz = rd32(ph + 20), flags = rd32(ph + 24);
		struct kelf_seg *s;

		if (type == PT_INTERP)
			return kerr(in->err, in->errlen,
				    "has a PT_INTERP: not a static PIE (link with ld.lld -pie --no-dynamic-linker)");
		if (type == PT_TLS)
			return kerr(in->err, in->errlen,
				    "has a PT_TLS segment: thread-local storage is not supported");
		if (type != PT_LOAD || memsz == 0)
			continue;
		if (filesz > memsz)
			return kerr(in->err, in->errlen,
				    "segment %u: file size %#x > memory size %#x",
				    i, filesz, memsz);
		if (!in_file(in, off, filesz))
			return kerr(in->err, in->errlen,
				    "segment %u: file range %#x+%#x beyond the end of the file (%#llx bytes)",
				    i, off, filesz, (unsigned long long)in->len);
		if ((uint64_t)vaddr + memsz > KELF_MAX_SPAN)
			return kerr(in->err, in->errlen,
				    "segment %u: %#x+%#x beyond the %u MiB image limit (not linked at base 0?)",
				    i, vaddr, memsz, KELF_MAX_SPAN >> 20);
		if (img->nsegs == KELF_MAX_SEGS)
			return kerr(in->err, in->errlen,
				    "more than %d loadable segments",
				    KELF_MAX_SEGS);
		s = &img->segs[img->nsegs++];
		s->vaddr = vaddr;
		s->memsz = memsz;
		s->flags = (flags & PF_R ? KELF_R : 0) |
			   (flags & PF_W ? KELF_W : 0) |
			   (flags & PF_X ? KELF_X : 0);
		if (!s->flags)
			return kerr(in->err, in->errlen,
				    "segment %u: no access permissions", i);
		if (s->flags & KELF_X)
			have_x = 1;
		if ((uint64_t)vaddr + memsz > end)
			end = (uint64_t)vaddr + memsz;
	}
	if (!img->nsegs)
		return kerr(in->err, in->errlen, "no loadable segments");
	if (!have_x)
		return kerr(in->err, in->errlen, "no executable segment");

	/* Sort by address (insertion sort, at most KELF_MAX_SEGS). */
	for (i = 1; i < img->nsegs; i++) {
		struct kelf_seg t = img->segs[i];

		for (j = i; j > 0 && img->segs[j - 1].vaddr > t.vaddr; j--)
			img->segs[j] = img->segs[j - 1];
		img->segs[j] = t;
	}
	for (i = 1; i < img->nsegs; i++) {
		const struct kelf_seg *a = &img->segs[i - 1], *b = &img->segs[i];

		if ((uint64_t)a->vaddr + a->memsz > b->vaddr)
			return kerr(in->err, in->errlen,
				    "segments at %#x+%#x and %#x+%#x overlap",
				    a->vaddr, a->memsz, b->vaddr, b->memsz);
	}
	img->span = (uint32_t)((end + CORUN_PAGE_SIZE - 1) &
			       ~(uint64_t)(CORUN_PAGE_SIZE - 1));
	return 0;
}

/* Copy the PT_LOAD file bytes into the zeroed image. */
static void fill_image(const struct kelf_in *in, uint32_t phoff,
		       unsigned int phnum, struct kelf_image *img)
{
	unsigned int i;

	for (i = 0; i < phnum; i++) {
		const uint8_t *ph = in->p + phoff + (uint64_t)i * KELF_PHDR_SIZE;

		if (rd32(ph) != PT_LOAD || rd32(ph + 20) == 0)
			continue;
		/* Bounds were checked in parse_phdrs(). */
		memcpy(img->image + rd32(ph + 8), in->p + rd32(ph + 4),
		       rd32(ph + 16));
	}
}

static int parse_relocs(const struct kelf_in *in, const struct shdr *sh,
			unsigned int idx, struct kelf_image *img)
{
	uint32_t n, i;
	void *p;

	if (sh->entsize != KELF_RELA_SIZE)
		return kerr(in->err, in->errlen,
			    "section %u: RELA entry size %u, expected %u", idx,
			    sh->entsize, KELF_RELA_SIZE);
	if (sh->size % KELF_RELA_SIZE || !in_file(in, sh->offset, sh->size))
		return kerr(in->err, in->errlen,
			    "section %u: bad RELA table %#x+%#x", idx,
			    sh->offset, sh->size);
	n = sh->size / KELF_RELA_SIZE;
	if (n > KELF_MAX_RELOCS - img->nrelocs)
		return kerr(in->err, in->errlen, "more than %u relocations",
			    KELF_MAX_RELOCS);
	if (!n)
		return 0;
	p = realloc(img->relocs,
		    (size_t)(img->nrelocs + n) * sizeof(*img->relocs));
	if (!p)
		return kerr(in->err, in->errlen, "out of memory");
	img->relocs = p;
	for (i = 0; i < n; i++) {
		const uint8_t *r = in->p + sh->offset + (uint64_t)i * KELF_RELA_SIZE;
		uint32_t off = rd32(r), info = rd32(r + 4), addend = rd32(r + 8);
		uint32_t type = ELF32_R_TYPE(info);
		const struct kelf_seg *s;

		if (type != R_RISCV_RELATIVE || ELF32_R_SYM(info))
			return kerr(in->err, in->errlen,
				    "relocation %u at %#x: type %u (%s)%s unsupported, only R_RISCV_RELATIVE (compile with -fPIE, link with ld.lld -pie --no-dynamic-linker)",
				    i, off, type, reloc_name(type),
				    ELF32_R_SYM(info) ? " with a symbol" : "");
		if (off & 3)
			return kerr(in->err, in->errlen,
				    "relocation %u: offset %#x not 4-byte aligned",
				    i, off);
		s = seg_of(img, off, 4);
		if (!s)
			return kerr(in->err, in->errlen,
				    "relocation %u: offset %#x outside the loaded segments",
				    i, off);
		img->relocs[img->nrelocs][0] = off;
		img->relocs[img->nrelocs][1] = addend;
		img->nrelocs++;
	}
	return 0;
}

/* Apply the relocations for @base to the image. */
static void apply_relocs(struct kelf_image *img, uint32_t base)
{
	unsigned int i;

	for (i = 0; i < img->nrelocs; i++)
		wr32(img->image + img->relocs[i][0], base + img->relocs[i][1]);
}

static int parse_kinfo(const struct kelf_in *in, const struct shdr *sh,
		       struct kelf_image *img)
{
	const size_t rec = sizeof(struct corun_kinfo);
	const uint8_t *src;
	unsigned int n, i, j;

	if (sh->type == SHT_NOBITS || !sh->size || sh->size % rec)
		return kerr(in->err, in->errlen,
			    "section " CORUN_KINFO_SECTION
			    ": size %u is not a non-zero multiple of %zu",
			    sh->size, rec);
	if (sh->size / rec > KELF_MAX_KERNELS)
		return kerr(in->err, in->errlen,
			    "more than %d kernels", KELF_MAX_KERNELS);
	n = sh->size / rec;
	if (sh->flags & SHF_ALLOC) {
		/* Read the relocated (base 0) bytes from the image. */
		if (!seg_of(img, sh->addr, sh->size))
			return kerr(in->err, in->errlen,
				    "section " CORUN_KINFO_SECTION
				    " at %#x+%#x is not inside a loaded segment",
				    sh->addr, sh->size);
		src = img->image + sh->addr;
	} else {
		if (!in_file(in, sh->offset, sh->size))
			return kerr(in->err, in->errlen,
				    "section " CORUN_KINFO_SECTION
				    " at %#x+%#x beyond the end of the file",
				    sh->offset, sh->size);
		src = in->p + sh->offset;
	}
	img->kinfo = calloc(n, rec);
	if (!img->kinfo)
		return kerr(in->err, in->errlen, "out of memory");
	for (i = 0; i < n; i++) {
		const uint8_t *r = src + (size_t)i * rec;
		struct corun_kinfo *k = &img->kinfo[i];
		const struct kelf_seg *s;

		k->magic = rd32(r);
		k->version = rd16(r + 4);
		k->size = rd16(r + 6);
		k->entry = rd32(r + 8);
		k->regs_per_thread = rd16(r + 12);
		k->flags = rd16(r + 14);
		k->shared_bytes = rd32(r + 16);
		k->stack_bytes = rd32(r + 20);
		memcpy(k->name, r + 24, CORUN_KINFO_NAME_LEN);
		if (k->magic != CORUN_KINFO_MAGIC || k->size != rec)
			return kerr(in->err, in->errlen,
				    "kinfo %u: bad magic %#x or size %u",
				    i, k->magic, k->size);
		if (k->version != CORUN_KERNEL_ABI_VERSION)
			return kerr(in->err, in->errlen,
				    "kinfo %u: ABI version %u, this loader supports %u",
				    i, k->version, CORUN_KERNEL_ABI_VERSION);
		if (!memchr(k->name, 0, CORUN_KINFO_NAME_LEN) || !k->name[0])
			return kerr(in->err, in->errlen,
				    "kinfo %u: name empty or not NUL-terminated",
				    i);
		if (k->regs_per_thread < 1 || k->regs_per_thread > 255 ||
		    k->flags)
			return kerr(in->err, in->errlen,
				    "kernel %s: regs_per_thread %u not in 1..255 or flags %#x not 0",
				    k->name, k->regs_per_thread, k->flags);
		if (k->stack_bytes > CORUN_STACK_MAX ||
		    k->shared_bytes > CORUN_VA_SHARED_MAX)
			return kerr(in->err, in->errlen,
				    "kernel %s: stack %u (max %u) or shared %u (max %u) bytes too large",
				    k->name, k->stack_bytes, CORUN_STACK_MAX,
				    k->shared_bytes, CORUN_VA_SHARED_MAX);
		s = seg_of(img, k->entry, 4);
		if (!s || !(s->flags & KELF_X) || (k->entry & 3))
			return kerr(in->err, in->errlen,
				    "kernel %s: entry %#x is not an aligned address in an executable segment",
				    k->name, k->entry);
		for (j = 0; j < i; j++)
			if (!strcmp(img->kinfo[j].name, k->name))
				return kerr(in->err, in->errlen,
					    "kernel %s defined twice", k->name);
	}
	img->nkernels = n;
	return 0;
}

static int parse_sections(const struct kelf_in *in, uint32_t shoff,
			  unsigned int shnum, unsigned int shstrndx,
			  struct kelf_image *img)
{
	struct shdr str, sh, kinfo = { 0 };
	int have_kinfo = 0;
	unsigned int i;

	rd_shdr(in->p + shoff + (uint64_t)shstrndx * KELF_SHDR_SIZE, &str);
	if (str.type != SHT_STRTAB || !in_file(in, str.offset, str.size))
		return kerr(in->err, in->errlen,
			    "section-name table %u is not a string table inside the file",
			    shstrndx);
	for (i = 0; i < shnum; i++) {
		const char *name = "";

		rd_shdr(in->p + shoff + (uint64_t)i * KELF_SHDR_SIZE, &sh);
		if (sh.name < str.size &&
		    memchr(in->p + str.offset + sh.name, 0, str.size - sh.name))
			name = (const char *)in->p + str.offset + sh.name;
		if (sh.type == SHT_REL && (sh.flags & SHF_ALLOC))
			return kerr(in->err, in->errlen,
				    "section %u (%s): REL relocations unsupported",
				    i, name);
		if (sh.type == SHT_RELA && (sh.flags & SHF_ALLOC) &&
		    parse_relocs(in, &sh, i, img))
			return -1;
		if (!strcmp(name, CORUN_KINFO_SECTION)) {
			if (have_kinfo)
				return kerr(in->err, in->errlen,
					    "two " CORUN_KINFO_SECTION " sections");
			kinfo = sh;
			have_kinfo = 1;
		}
	}
	if (!have_kinfo)
		return kerr(in->err, in->errlen,
			    "no " CORUN_KINFO_SECTION
			    " section (no kernel defined with CORUN_KERNEL)");
	/* kinfo entries are pointers: read them with relocations applied. */
	apply_relocs(img, 0);
	return parse_kinfo(in, &kinfo, img);
}

static int parse(const struct kelf_in *in, struct kelf_image *img)
{
	const uint8_t *e = in->p;
	uint32_t phoff, shoff;
	unsigned int phnum, shnum, shstrndx;

	if (in->len < KELF_EHDR_SIZE)
		return kerr(in->err, in->errlen,
			    "too short for an ELF header (%llu bytes)",
			    (unsigned long long)in->len);
	if (memcmp(e, ELFMAG, SELFMAG))
		return kerr(in->err, in->errlen, "not an ELF file (bad magic)");
	if (e[EI_CLASS] != ELFCLASS32)
		return kerr(in->err, in->errlen,
			    "ELF class %u, expected ELFCLASS32", e[EI_CLASS]);
	if (e[EI_DATA] != ELFDATA2LSB)
		return kerr(in->err, in->errlen, "not little endian");
	if (e[EI_VERSION] != EV_CURRENT || rd32(e + 20) != EV_CURRENT)
		return kerr(in->err, in->errlen, "bad ELF version");
	if (rd16(e + 18) != EM_RISCV)
		return kerr(in->err, in->errlen,
			    "machine %u, expected EM_RISCV (%u)", rd16(e + 18),
			    EM_RISCV);
	if (rd16(e + 16) != ET_DYN)
		return kerr(in->err, in->errlen,
			    "type %u, expected ET_DYN (static PIE; link with ld.lld -pie --no-dynamic-linker)",
			    rd16(e + 16));
	phoff = rd32(e + 28);
	shoff = rd32(e + 32);
	phnum = rd16(e + 44);
	shnum = rd16(e + 48);
	shstrndx = rd16(e + 50);
	if (rd16(e + 40) < KELF_EHDR_SIZE)
		return kerr(in->err, in->errlen, "bad ELF header size");
	if (!phnum || phnum > KELF_MAX_PHDRS ||
	    rd16(e + 42) != KELF_PHDR_SIZE ||
	    !in_file(in, phoff, (uint64_t)phnum * KELF_PHDR_SIZE))
		return kerr(in->err, in->errlen,
			    "bad program header table (%u entries of %u bytes at %#x)",
			    phnum, rd16(e + 42), phoff);
	if (!shnum || shnum > KELF_MAX_SHDRS ||
	    rd16(e + 46) != KELF_SHDR_SIZE ||
	    !in_file(in, shoff, (uint64_t)shnum * KELF_SHDR_SIZE))
		return kerr(in->err, in->errlen,
			    "bad or missing section header table (%u entries of %u bytes at %#x)",
			    shnum, rd16(e + 46), shoff);
	if (shstrndx == SHN_UNDEF || shstrndx >= shnum)
		return kerr(in->err, in->errlen,
			    "bad section-name table index %u", shstrndx);
	if (parse_phdrs(in, phoff, phnum, img))
		return -1;
	img->image = calloc(1, img->span);
	if (!img->image)
		return kerr(in->err, in->errlen, "out of memory (%u bytes)",
			    img->span);
	fill_image(in, phoff, phnum, img);
	return parse_sections(in, shoff, shnum, shstrndx, img);
}

int kelf_parse(const void *buf, size_t len, struct kelf_image *img,
	       char *err, size_t errlen)
{
	struct kelf_in in = { buf, len, err, errlen };

	memset(img, 0, sizeof(*img));
	if (!buf)
		return kerr(err, errlen, "no data");
	if (parse(&in, img)) {
		kelf_free(img);
		return -1;
	}
	return 0;
}

int kelf_load_file(const char *path, struct kelf_image *img, char *err,
		   size_t errlen)
{
	char msg[256];
	struct stat st;
	uint8_t *buf;
	FILE *f;
	int ret;

	memset(img, 0, sizeof(*img));
	f = fopen(path, "rb");
	if (!f)
		return kerr(err, errlen, "%s: %s", path, strerror(errno));
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size > KELF_MAX_FILE) {
		fclose(f);
		return kerr(err, errlen, "%s: not a regular file of at most %u MiB",
			    path, KELF_MAX_FILE >> 20);
	}
	buf = malloc(st.st_size ? st.st_size : 1);
	if (!buf) {
		fclose(f);
		return kerr(err, errlen, "%s: out of memory", path);
	}
	if (fread(buf, 1, st.st_size, f) != (size_t)st.st_size) {
		free(buf);
		fclose(f);
		return kerr(err, errlen, "%s: read error", path);
	}
	fclose(f);
	ret = kelf_parse(buf, st.st_size, img, msg, sizeof(msg));
	free(buf);
	if (ret)
		return kerr(err, errlen, "%s: %s", path, msg);
	return 0;
}

int kelf_relocate(struct kelf_image *img, uint32_t base, char *err,
		  size_t errlen)
{
	unsigned int i;

	if (!img->image || img->relocated)
		return kerr(err, errlen, "image not parsed or already relocated");
	if (base % CORUN_PAGE_SIZE || base < CORUN_VA_GLOBAL_BASE ||
	    (uint64_t)base + img->span > CORUN_VA_GLOBAL_END)
		return kerr(err, errlen,
			    "base %#x not page aligned or %#x bytes do not fit in the global window",
			    base, img->span);
	apply_relocs(img, base);
	for (i = 0; i < img->nkernels; i++)
		img->kinfo[i].entry += base;
	img->base = base;
	img->relocated = 1;
	return 0;
}

const struct corun_kinfo *kelf_find_kernel(const struct kelf_image *img,
					   const char *name)
{
	unsigned int i;

	for (i = 0; i < img->nkernels; i++)
		if (!strncmp(img->kinfo[i].name, name, CORUN_KINFO_NAME_LEN))
			return &img->kinfo[i];
	return NULL;
}

void kelf_free(struct kelf_image *img)
{
	free(img->image);
	free(img->kinfo);
	free(img->relocs);
	memset(img, 0, sizeof(*img));
}
