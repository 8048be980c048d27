// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * ISA differential-test system: ELF32 loading, per-lane flat memory, the
 * write/exit syscalls and the qemu-riscv32 runner.
 */
#include "rvsys.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define PG 4096u

int rv_elf_read(const char *path, struct rv_elf *e)
{
	FILE *f = fopen(path, "rb");
	long n;

	e->data = NULL;
	e->size = 0;
	if (!f)
		return -1;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET))
		goto fail;
	e->data = malloc(n ? n : 1);
	if (!e->data || fread(e->data, 1, n, f) != (size_t)n)
		goto fail;
	e->size = n;
	fclose(f);
	return 0;
fail:
	free(e->data);
	e->data = NULL;
	fclose(f);
	return -1;
}

void rv_elf_free(struct rv_elf *e)
{
	free(e->data);
	e->data = NULL;
}

int rv_elf_write(const struct rv_elf *e, const char *path)
{
	FILE *f = fopen(path, "wb");
	int r = 0;

	if (!f)
		return -1;
	if (fwrite(e->data, 1, e->size, f) != e->size)
		r = -1;
	if (fclose(f))
		r = -1;
	if (!r)
		r = chmod(path, 0755);
	return r;
}

static const Elf32_Ehdr *ehdr(const struct rv_elf *e)
{
	const Elf32_Ehdr *h = (const Elf32_Ehdr *)e->data;

	if (e->size < sizeof(*h) || memcmp(h->e_ident, ELFMAG, SELFMAG) ||
	    h->e_ident[EI_CLASS] != ELFCLASS32 ||
	    h->e_ident[EI_DATA] != ELFDATA2LSB || h->e_machine != EM_RISCV ||
	    h->e_phentsize != sizeof(Elf32_Phdr) ||
	    h->e_phoff + (size_t)h->e_phnum * sizeof(Elf32_Phdr) > e->size)
		return NULL;
	return h;
}

static const Elf32_Phdr *phdr(const struct rv_elf *e, unsigned int i)
{
	return (const Elf32_Phdr *)(e->data + ehdr(e)->e_phoff) + i;
}

uint32_t rv_elf_sym(const struct rv_elf *e, const char *name)
{
	const Elf32_Ehdr *h = ehdr(e);
	const Elf32_Shdr *sh;

	if (!h || !h->e_shoff || h->e_shentsize != sizeof(Elf32_Shdr) ||
	    h->e_shoff + (size_t)h->e_shnum * sizeof(*sh) > e->size)
		return 0;
	sh = (const Elf32_Shdr *)(e->data + h->e_shoff);
	for (unsigned int i = 0; i < h->e_shnum; i++) {
		const Elf32_Shdr *str;
		const Elf32_Sym *sym;

		if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= h->e_shnum)
			continue;
		str = &sh[sh[i].sh_link];
		if (sh[i].sh_offset + (size_t)sh[i].sh_size > e->size ||
		    str->sh_offset + (size_t)str->sh_size > e->size)
			return 0;
		sym = (const Elf32_Sym *)(e->data + sh[i].sh_offset);
		for (size_t k = 0; k < sh[i].sh_size / sizeof(*sym); k++) {
			if (sym[k].st_name < str->sh_size &&
			    !strncmp((const char *)e->data + str->sh_offset +
					     sym[k].st_name,
				     name, str->sh_size - sym[k].st_name))
				return sym[k].st_value;
		}
	}
	return 0;
}

int rv_elf_patch32(struct rv_elf *e, uint32_t va, uint32_t val)
{
	const Elf32_Ehdr *h = ehdr(e);

	if (!h)
		return -1;
	for (unsigned int i = 0; i < h->e_phnum; i++) {
		const Elf32_Phdr *p = phdr(e, i);

		if (p->p_type != PT_LOAD || va < p->p_vaddr ||
		    va + 4 > p->p_vaddr + p->p_filesz ||
		    p->p_offset + (size_t)p->p_filesz > e->size)
			continue;
		memcpy(e->data + p->p_offset + (va - p->p_vaddr), &val, 4);
		return 0;
	}
	return -1;
}

/* One lane's memory: a sorted array of host pages with permissions. */
struct page {
	uint32_t vpn;
	uint32_t flags; /* PF_R | PF_W | PF_X */
	uint8_t *host;
};

struct lane_mem {
	struct page *pages;
	unsigned int n;
	struct rv_out *out;
};

struct sys {
	struct lane_mem lane[RV_MAX_LANES];
	unsigned int nlanes;
	uint64_t fetches;
};

static struct page *find_page(struct lane_mem *m, uint32_t vpn)
{
	unsigned int lo = 0, hi = m->n;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (m->pages[mid].vpn == vpn)
			return &m->pages[mid];
		if (m->pages[mid].vpn < vpn)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int cmp_page(const void *a, const void *b)
{
	const struct page *x = a, *y = b;

	return x->vpn < y->vpn ? -1 : x->vpn > y->vpn;
}

static void free_mem(struct lane_mem *m)
{
	for (unsigned int i = 0; i < m->n; i++)
		free(m->pages[i].host);
	free(m->pages);
	m->pages = NULL;
	m->n = 0;
}

static int load_mem(const struct rv_elf *e, struct lane_mem *m, char *err)
{
	const Elf32_Ehdr *h = ehdr(e);

	m->pages = NULL;
	m->n = 0;
	if (!h) {
		snprintf(err, 256, "not an RV32 ELF");
		return -1;
	}
	for (unsigned int i = 0; i < h->e_phnum; i++) {
		const Elf32_Phdr *p = phdr(e, i);

		if (p->p_type != PT_LOAD || !p->p_memsz)
			continue;
		if (p->p_filesz > p->p_memsz ||
		    p->p_offset + (size_t)p->p_filesz > e->size ||
		    (uint64_t)p->p_vaddr + p->p_memsz > 0x100000000ull) {
			snprintf(err, 256, "bad PT_LOAD %u", i);
			return -1;
		}
		for (uint32_t vpn = p->p_vaddr / PG;
		     vpn <= (p->p_vaddr + p->p_memsz - 1) / PG; vpn++) {
			struct page *pg = NULL;
			uint32_t lo, hi;

			for (unsigned int k = 0; k < m->n; k++)
				if (m->pages[k].vpn == vpn)
					pg = &m->pages[k];
			if (!pg) {
				struct page *np = realloc(m->pages,
							  (m->n + 1) *
								  sizeof(*np));

				if (!np)
					return -1;
				m->pages = np;
				pg = &m->pages[m->n++];
				pg->vpn = vpn;
				pg->flags = 0;
				pg->host = calloc(1, PG);
				if (!pg->host)
					return -1;
			}
			pg->flags |= p->p_flags;
			/* Copy the file bytes that fall in this page. */
			lo = vpn * PG > p->p_vaddr ? vpn * PG : p->p_vaddr;
			hi = p->p_vaddr + p->p_filesz;
			if (hi > (vpn + 1) * PG)
				hi = (vpn + 1) * PG;
			if (hi > lo)
				memcpy(pg->host + (lo - vpn * PG),
				       e->data + p->p_offset + (lo - p->p_vaddr),
				       hi - lo);
		}
	}
	qsort(m->pages, m->n, sizeof(*m->pages), cmp_page);
	return 0;
}

static int sys_fetch(void *ctx, struct rv_warp *w, uint32_t pc,
		     uint32_t *insn)
{
	struct sys *s = ctx;
	struct page *pg = find_page(&s->lane[0], pc / PG);

	(void)w;
	if (!pg)
		return CORUN_FAULT_UNMAPPED;
	if (!(pg->flags & PF_X))
		return CORUN_FAULT_PERM_EXEC;
	memcpy(insn, pg->host + pc % PG, 4);
	s->fetches++;
	return 0;
}

static int sys_mem(void *ctx, struct rv_warp *w, unsigned int lane,
		   uint32_t va, unsigned int size, enum corun_fault_access acc,
		   uint8_t **host)
{
	struct sys *s = ctx;
	struct page *pg = find_page(&s->lane[lane], va / PG);

	(void)w;
	(void)size;
	if (!pg)
		return CORUN_FAULT_UNMAPPED;
	if (acc != CORUN_ACCESS_WRITE && !(pg->flags & PF_R))
		return CORUN_FAULT_PERM_READ;
	if (acc != CORUN_ACCESS_READ && !(pg->flags & PF_W))
		return CORUN_FAULT_PERM_WRITE;
	*host = pg->host + va % PG;
	return 0;
}

static int out_append(struct rv_out *o, const uint8_t *p, size_t n)
{
	uint8_t *nb = realloc(o->buf, o->len + n + 1);

	if (!nb)
		return -1;
	memcpy(nb + o->len, p, n);
	o->buf = nb;
	o->len += n;
	return 0;
}

/* Linux RV32 syscalls the corpus uses: write(64), exit(93), exit_group. */
static int sys_ecall(void *ctx, struct rv_warp *w, unsigned int lane)
{
	struct sys *s = ctx;
	struct lane_mem *m = &s->lane[lane];
	uint32_t nr = w->x[17][lane], a0 = w->x[10][lane];
	uint32_t buf = w->x[11][lane], len = w->x[12][lane];

	switch (nr) {
	case 64:
		if (a0 != 1 && a0 != 2) {
			w->x[10][lane] = (uint32_t)-EBADF;
			return 0;
		}
		for (uint32_t done = 0; done < len;) {
			uint32_t va = buf + done, n = PG - va % PG;
			struct page *pg = find_page(m, va / PG);

			if (n > len - done)
				n = len - done;
			if (!pg || !(pg->flags & PF_R)) {
				w->x[10][lane] = (uint32_t)-EFAULT;
				return 0;
			}
			if (a0 == 1 && out_append(m->out, pg->host + va % PG, n))
				return CORUN_FAULT_BUS;
			done += n;
		}
		w->x[10][lane] = len;
		return 0;
	case 93:
	case 94:
		m->out->exit_code = (int)(a0 & 0xff);
		w->active &= ~(1u << lane);
		return 0;
	default:
		w->x[10][lane] = (uint32_t)-ENOSYS;
		return 0;
	}
}

int rv_run_exec(struct rv_elf *elfs, unsigned int nlanes, uint64_t max_insns,
		struct rv_out *outs, struct rv_fault *fault, char *err)
{
	static struct rv_dcache dc;
	struct rv_env env = {
		.fetch = sys_fetch,
		.mem = sys_mem,
		.ecall = sys_ecall,
		.mem_cacheable = true,
	};
	struct rv_step st;
	struct rv_warp *w;
	struct sys *s;
	int ret = -1, r;

	memset(fault, 0, sizeof(*fault));
	err[0] = 0;
	s = calloc(1, sizeof(*s));
	w = malloc(sizeof(*w));
	if (!s || !w) {
		snprintf(err, 256, "out of memory");
		goto out;
	}
	env.ctx = s;
	s->nlanes = nlanes;
	for (unsigned int l = 0; l < nlanes; l++) {
		outs[l].buf = NULL;
		outs[l].len = 0;
		outs[l].exit_code = -1;
		s->lane[l].out = &outs[l];
		if (load_mem(&elfs[l], &s->lane[l], err))
			goto out;
	}
	rv_dcache_reset(&dc);
	rv_warp_init(w, nlanes, ~0u, ehdr(&elfs[0])->e_entry);
	w->dc = &dc;
	for (uint64_t n = 0; w->active; n++) {
		if (n == max_insns) {
			snprintf(err, 256, "budget of %llu warp insns exhausted",
				 (unsigned long long)max_insns);
			goto out;
		}
		r = rv_warp_step(w, &env, &st);
		if (r) {
			*fault = st.fault;
			snprintf(err, 256,
				 "fault cause %d lane %u pc %#x addr %#x insn %#x",
				 r, st.fault.lane, st.fault.pc, st.fault.addr,
				 st.uop ? st.uop->insn : 0);
			goto out;
		}
	}
	ret = 0;
out:
	if (s)
		for (unsigned int l = 0; l < nlanes; l++)
			free_mem(&s->lane[l]);
	free(s);
	free(w);
	return ret;
}

void rv_out_free(struct rv_out *o)
{
	free(o->buf);
	o->buf = NULL;
	o->len = 0;
}

const char *rv_qemu_path(void)
{
	const char *p = getenv("QEMU_RISCV32");

	if (!p || !*p)
		p = "/usr/bin/qemu-riscv32";
	return access(p, X_OK) ? NULL : p;
}

static int slurp_fd(int fd, struct rv_out *o)
{
	uint8_t buf[65536];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (out_append(o, buf, n))
			return -1;
	}
	return 0;
}

/* Run in batches; stdout of each goes to an unlinked file in @dir. */
int rv_run_qemu(const char *dir, const char *const *paths, unsigned int n,
		struct rv_out *outs)
{
	const char *q = rv_qemu_path();
	enum { BATCH = 8 };

	if (!q)
		return -1;
	for (unsigned int b = 0; b < n; b += BATCH) {
		pid_t pid[BATCH];
		int fd[BATCH];
		unsigned int cnt = n - b < BATCH ? n - b : BATCH;

		for (unsigned int i = 0; i < cnt; i++) {
			char tmpl[4096];
			struct rv_out *o = &outs[b + i];

			snprintf(tmpl, sizeof(tmpl), "%s/qemu-out-XXXXXX", dir);

			o->buf = NULL;
			o->len = 0;
			o->exit_code = -1;
			fd[i] = mkstemp(tmpl);
			pid[i] = -1;
			if (fd[i] < 0)
				continue;
			unlink(tmpl);
			pid[i] = fork();
			if (pid[i] == 0) {
				int nul = open("/dev/null", O_RDWR);

				dup2(fd[i], 1);
				if (nul >= 0)
					dup2(nul, 0);
				execl(q, q, paths[b + i], (char *)NULL);
				_exit(127);
			}
		}
		for (unsigned int i = 0; i < cnt; i++) {
			struct rv_out *o = &outs[b + i];
			int status;

			if (pid[i] > 0 && waitpid(pid[i], &status, 0) == pid[i] &&
			    WIFEXITED(status))
				o->exit_code = WEXITSTATUS(status);
			if (fd[i] >= 0) {
				if (lseek(fd[i], 0, SEEK_SET) == 0)
					slurp_fd(fd[i], o);
				close(fd[i]);
			}
		}
	}
	return 0;
}
