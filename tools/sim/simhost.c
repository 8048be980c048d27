// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * simhost: host-side driver emulation for the corun device model (see
 * simhost.h). Everything the device reads (page tables, fences,
 * counters) lives in the arena in the hw.h formats, exactly as a driver
 * would lay it out in guest RAM.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gpu.h>
#include <lib/kelf.h>
#include <sim/simhost.h>

#include "simhost_int.h"

#define PAGE CORUN_PAGE_SIZE
#define ROOT_FRAMES (CORUN_PT_L1_SIZE / PAGE)
#define VA_PAGES_MAX ((uint64_t)CORUN_VA_GLOBAL_END / PAGE)


struct sim_bo {
	uint32_t va;
	uint32_t pages;		/* VA pages reserved (excluding the guard) */
};

struct sim_elf {
	char *path;
	struct kelf_image img;
};

/* Per in-flight job: fence and counters, read back like a driver. */
struct sim_jobrec {
	uint64_t fence;
	struct corun_job_counters counters;
};

struct sim_inflight {
	int busy;
	uint64_t seqno;
};

struct sim_ctx {
	struct sim_dev *dev;
	uint32_t id;
	uint32_t as_tag;	/* descriptor as_tag */
	uint64_t root;		/* PA of the 16 KiB level-1 table */
	uint64_t jobs_pa;	/* PA of the job-record page (not GPU mapped) */
	struct sim_inflight inflight[SIM_MAX_INFLIGHT];
	struct sim_bo *bos;	/* sorted by va */
	unsigned int nbos, capbos;
	struct sim_elf *elfs;
	unsigned int nelfs;
};

_Static_assert(SIM_MAX_INFLIGHT * sizeof(struct sim_jobrec) <= PAGE,
	       "job records fit one page");

static int __attribute__((format(printf, 3, 4)))
serr(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (err && len) {
		va_start(ap, fmt);
		vsnprintf(err, len, fmt, ap);
		va_end(ap);
	}
	return 0;
}

/* ---- guest physical memory and frames ---- */

static uint8_t *phys_map(void *ctx, uint64_t pa, uint64_t len)
{
	struct sim_dev *dev = ctx;

	if (pa > dev->mem_bytes || len > dev->mem_bytes - pa)
		return NULL;
	return dev->mem + pa;
}

uint8_t *sim_dev_phys(struct sim_dev *dev, uint64_t pa, uint64_t len)
{
	return phys_map(dev, pa, len);
}

static int frame_used(const struct sim_dev *dev, uint64_t f)
{
	return dev->bitmap[f / 64] >> (f % 64) & 1;
}

static void frame_set(struct sim_dev *dev, uint64_t f, int used)
{
	if (used)
		dev->bitmap[f / 64] |= 1ull << (f % 64);
	else
		dev->bitmap[f / 64] &= ~(1ull << (f % 64));
}

/*
 * @count contiguous frames aligned to @align frames, zeroed; PA or 0.
 * Frame 0 is never handed out, so PA 0 always means "none".
 */
uint64_t sim_frames_alloc(struct sim_dev *dev, uint64_t count, uint64_t align)
{
	uint64_t start = count == 1 ? dev->hint : 1, f, i, n;

	for (n = 0; n < 2; n++, start = 1) {
		for (f = (start + align - 1) / align * align;
		     f + count <= dev->nframes; f += align) {
			for (i = 0; i < count && !frame_used(dev, f + i); i++)
				;
			if (i < count)
				continue;
			for (i = 0; i < count; i++)
				frame_set(dev, f + i, 1);
			dev->used += count;
			if (count == 1)
				dev->hint = f + 1;
			/* Reused frames may hold old data. */
			memset(dev->mem + f * PAGE, 0, count * PAGE);
			return f * PAGE;
		}
	}
	return 0;
}

/*
 * @count contiguous frames from the top of the arena, zeroed; PA or 0.
 * The device's own buffers (rings, snapshots, the firmware image) live
 * there, so that jobs get the same frames, and with physical timing
 * addresses the same timing, as on a device without them.
 */
uint64_t sim_frames_alloc_top(struct sim_dev *dev, uint64_t count)
{
	uint64_t f, i;

	for (f = dev->nframes; f >= count + 1; f--) {
		for (i = 1; i <= count && !frame_used(dev, f - i); i++)
			;
		if (i <= count)
			continue;
		for (i = 1; i <= count; i++)
			frame_set(dev, f - i, 1);
		dev->used += count;
		memset(dev->mem + (f - count) * PAGE, 0, count * PAGE);
		return (f - count) * PAGE;
	}
	return 0;
}

void sim_frames_free(struct sim_dev *dev, uint64_t pa, uint64_t count)
{
	uint64_t f = pa / PAGE, i;

	for (i = 0; i < count; i++) {
		if (f + i && f + i < dev->nframes && frame_used(dev, f + i)) {
			frame_set(dev, f + i, 0);
			dev->used--;
		}
	}
	if (f && f < dev->hint)
		dev->hint = f;
}

uint64_t sim_dev_frames_used(const struct sim_dev *dev)
{
	return dev->used;
}

uint64_t sim_dev_frames_total(const struct sim_dev *dev)
{
	return dev->nframes - 1;
}

/* ---- device ---- */

struct sim_dev *sim_dev_create(const struct emu_config *cfg,
			       uint64_t mem_bytes, char *err, size_t len)
{
	struct sim_dev *dev;
	char msg[256];

	if (!mem_bytes)
		mem_bytes = SIM_MEM_DEFAULT;
	if (mem_bytes > SIM_MEM_MAX) {
		serr(err, len, "memory size %llu above the %llu MiB limit",
		     (unsigned long long)mem_bytes,
		     (unsigned long long)(SIM_MEM_MAX >> 20));
		return NULL;
	}
	mem_bytes = (mem_bytes + CORUN_PT_L1_SIZE - 1) &
		    ~(uint64_t)(CORUN_PT_L1_SIZE - 1);
	if (emu_config_validate(cfg, msg, sizeof(msg))) {
		serr(err, len, "bad configuration: %s", msg);
		return NULL;
	}
	dev = calloc(1, sizeof(*dev));
	if (!dev)
		goto nomem;
	dev->cfg = *cfg;
	dev->mem_bytes = mem_bytes;
	dev->nframes = mem_bytes / PAGE;
	/* calloc of a large size is mmap'ed: untouched pages cost nothing. */
	dev->mem = calloc(1, mem_bytes);
	dev->bitmap = calloc((dev->nframes + 63) / 64, sizeof(uint64_t));
	if (!dev->mem || !dev->bitmap)
		goto nomem;
	frame_set(dev, 0, 1);
	dev->hint = 1;
	dev->next_ctx_id = 1;
	if (sim_dev_bringup(dev, err, len)) {
		sim_dev_destroy(dev);
		return NULL;
	}
	return dev;
nomem:
	serr(err, len, "out of memory for a %llu MiB arena",
	     (unsigned long long)(mem_bytes >> 20));
	sim_dev_destroy(dev);
	return NULL;
}

void sim_dev_destroy(struct sim_dev *dev)
{
	if (!dev)
		return;
	emu_dev_destroy(dev->edev);
	free(dev->mem);
	free(dev->bitmap);
	free(dev);
}

struct emu_gpu *sim_dev_gpu(struct sim_dev *dev)
{
	return emu_dev_gpu(dev->edev);
}

const struct emu_config *sim_dev_config(struct sim_dev *dev)
{
	return &dev->cfg;
}

void sim_dev_set_run_limit(struct sim_dev *dev, uint64_t cycles)
{
	dev->run_limit = cycles;
}

/* ---- page tables ---- */

static uint64_t rd64(struct sim_dev *dev, uint64_t pa)
{
	uint64_t v;

	memcpy(&v, dev->mem + pa, 8);
	return v;
}

static void wr64(struct sim_dev *dev, uint64_t pa, uint64_t v)
{
	memcpy(dev->mem + pa, &v, 8);
}

static uint64_t l1_pa(const struct sim_ctx *ctx, uint32_t va)
{
	return ctx->root + 8ull * CORUN_PT_L1_INDEX(va);
}

/* PA of the level-2 PTE of @va, allocating the table if @create. */
static uint64_t pte_pa(struct sim_ctx *ctx, uint32_t va, int create)
{
	struct sim_dev *dev = ctx->dev;
	uint64_t l1 = rd64(dev, l1_pa(ctx, va)), l2;

	if (!(l1 & CORUN_PTE_VALID)) {
		if (!create)
			return 0;
		l2 = sim_frames_alloc(dev, 1, 1);
		if (!l2)
			return 0;
		l1 = l2 | CORUN_PTE_VALID;
		wr64(dev, l1_pa(ctx, va), l1);
	}
	return (l1 & CORUN_PTE_ADDR_MASK) + 8ull * CORUN_PT_L2_INDEX(va);
}

int sim_translate(struct sim_ctx *ctx, uint32_t va, uint64_t *pa,
		  uint64_t *perm)
{
	uint64_t l1 = rd64(ctx->dev, l1_pa(ctx, va)), l2;

	if (!(l1 & CORUN_PTE_VALID) || (l1 & CORUN_PTE_L1_RSVD_MASK))
		return -EFAULT;
	l2 = rd64(ctx->dev, (l1 & CORUN_PTE_ADDR_MASK) +
			    8ull * CORUN_PT_L2_INDEX(va));
	if (!(l2 & CORUN_PTE_VALID) || (l2 & CORUN_PTE_L2_RSVD_MASK))
		return -EFAULT;
	if (pa)
		*pa = (l2 & CORUN_PTE_ADDR_MASK) | (va & (PAGE - 1));
	if (perm)
		*perm = l2 & (CORUN_PTE_READ | CORUN_PTE_WRITE | CORUN_PTE_EXEC);
	return 0;
}

static uint64_t pte_perm(unsigned int flags)
{
	return (flags & SIM_BO_READ ? CORUN_PTE_READ : 0) |
	       (flags & SIM_BO_WRITE ? CORUN_PTE_WRITE : 0) |
	       (flags & SIM_BO_EXEC ? CORUN_PTE_EXEC : 0);
}

/* Unmap @pages pages from @va and free their frames. */
static void unmap_range(struct sim_ctx *ctx, uint32_t va, uint32_t pages)
{
	uint32_t i;

	for (i = 0; i < pages; i++) {
		uint32_t a = va + i * PAGE;
		uint64_t pte = pte_pa(ctx, a, 0), e;

		if (!pte)
			continue;
		e = rd64(ctx->dev, pte);
		if (e & CORUN_PTE_VALID)
			sim_frames_free(ctx->dev, e & CORUN_PTE_ADDR_MASK, 1);
		wr64(ctx->dev, pte, 0);
	}
}

/* ---- contexts and the VA allocator ---- */

struct sim_ctx *sim_ctx_create(struct sim_dev *dev)
{
	struct sim_ctx *ctx = calloc(1, sizeof(*ctx));

	if (!ctx)
		return NULL;
	ctx->dev = dev;
	ctx->root = sim_frames_alloc(dev, ROOT_FRAMES, ROOT_FRAMES);
	ctx->jobs_pa = sim_frames_alloc(dev, 1, 1);
	if (!ctx->root || !ctx->jobs_pa) {
		sim_ctx_destroy(ctx);
		return NULL;
	}
	ctx->id = dev->next_ctx_id++;
	return ctx;
}

void sim_ctx_destroy(struct sim_ctx *ctx)
{
	struct sim_dev *dev;
	unsigned int i, j;

	if (!ctx)
		return;
	dev = ctx->dev;
	if (ctx->root) {
		/* The page tables know every frame the context owns. */
		for (i = 0; i < CORUN_PT_L1_ENTRIES; i++) {
			uint64_t l1 = rd64(dev, ctx->root + 8ull * i), l2;

			if (!(l1 & CORUN_PTE_VALID))
				continue;
			l2 = l1 & CORUN_PTE_ADDR_MASK;
			for (j = 0; j < CORUN_PT_L2_ENTRIES; j++) {
				uint64_t e = rd64(dev, l2 + 8ull * j);

				if (e & CORUN_PTE_VALID)
					sim_frames_free(dev, e & CORUN_PTE_ADDR_MASK, 1);
			}
			sim_frames_free(dev, l2, 1);
		}
		sim_frames_free(dev, ctx->root, ROOT_FRAMES);
	}
	if (ctx->jobs_pa)
		sim_frames_free(dev, ctx->jobs_pa, 1);
	for (i = 0; i < ctx->nelfs; i++) {
		free(ctx->elfs[i].path);
		kelf_free(&ctx->elfs[i].img);
	}
	free(ctx->elfs);
	free(ctx->bos);
	free(ctx);
}

struct sim_dev *sim_ctx_dev(struct sim_ctx *ctx)
{
	return ctx->dev;
}

uint32_t sim_ctx_id(const struct sim_ctx *ctx)
{
	return ctx->id;
}

uint64_t sim_ctx_pt_root(const struct sim_ctx *ctx)
{
	return ctx->root;
}

int sim_ctx_set_as_tag(struct sim_ctx *ctx, uint32_t tag)
{
	if (tag >= CORUN_AS_TAGS)
		return -EINVAL;
	ctx->as_tag = tag;
	return 0;
}

/*
 * First fit for @pages pages plus one unmapped guard page after them;
 * the null-guard window below CORUN_VA_GLOBAL_BASE guards the first.
 * Returns the index to insert at, or -1.
 */
static int va_find(const struct sim_ctx *ctx, uint64_t pages, uint32_t *va)
{
	uint64_t at = CORUN_VA_GLOBAL_BASE / PAGE;
	unsigned int i;

	for (i = 0; i <= ctx->nbos; i++) {
		uint64_t next = i < ctx->nbos ? ctx->bos[i].va / PAGE
					      : VA_PAGES_MAX;

		if (next >= at && next - at >= pages + 1) {
			*va = (uint32_t)(at * PAGE);
			return i;
		}
		if (i < ctx->nbos)
			at = (uint64_t)ctx->bos[i].va / PAGE + ctx->bos[i].pages + 1;
	}
	return -1;
}

/*
 * Reserve VA for @pages pages and map page i with perm[i] (0: leave it
 * unmapped). All-or-nothing.
 */
static int bo_map(struct sim_ctx *ctx, uint32_t pages, const uint64_t *perm,
		  uint64_t one_perm, uint32_t *va_out)
{
	struct sim_dev *dev = ctx->dev;
	uint32_t va, i;
	int at;

	if (!pages || pages >= VA_PAGES_MAX)
		return -EINVAL;
	at = va_find(ctx, pages, &va);
	if (at < 0)
		return -ENOMEM;
	if (ctx->nbos == ctx->capbos) {
		unsigned int cap = ctx->capbos ? 2 * ctx->capbos : 16;
		struct sim_bo *b = realloc(ctx->bos, cap * sizeof(*b));

		if (!b)
			return -ENOMEM;
		ctx->bos = b;
		ctx->capbos = cap;
	}
	for (i = 0; i < pages; i++) {
		uint64_t p = perm ? perm[i] : one_perm, pte, pa;

		if (!p)
			continue;
		pte = pte_pa(ctx, va + i * PAGE, 1);
		pa = pte ? sim_frames_alloc(dev, 1, 1) : 0;
		if (!pa) {
			unmap_range(ctx, va, i);
			return -ENOMEM;
		}
		wr64(dev, pte, pa | CORUN_PTE_VALID | p);
	}
	memmove(&ctx->bos[at + 1], &ctx->bos[at],
		(ctx->nbos - at) * sizeof(*ctx->bos));
	ctx->bos[at].va = va;
	ctx->bos[at].pages = pages;
	ctx->nbos++;
	*va_out = va;
	return 0;
}

int sim_alloc(struct sim_ctx *ctx, uint32_t size, unsigned int flags,
	      uint32_t *va)
{
	uint64_t pages = ((uint64_t)size + PAGE - 1) / PAGE;

	if (!size || !flags || (flags & ~(SIM_BO_READ | SIM_BO_WRITE |
					  SIM_BO_EXEC)))
		return -EINVAL;
	return bo_map(ctx, (uint32_t)pages, NULL, pte_perm(flags), va);
}

int sim_free(struct sim_ctx *ctx, uint32_t va)
{
	unsigned int i;

	for (i = 0; i < ctx->nbos; i++) {
		if (ctx->bos[i].va != va)
			continue;
		unmap_range(ctx, va, ctx->bos[i].pages);
		memmove(&ctx->bos[i], &ctx->bos[i + 1],
			(ctx->nbos - i - 1) * sizeof(*ctx->bos));
		ctx->nbos--;
		return 0;
	}
	return -ENOENT;
}

/* Copy in or out page by page through the page tables. */
static int xfer(struct sim_ctx *ctx, uint32_t va, void *buf, uint32_t len,
		int write)
{
	uint8_t *p = buf;
	uint64_t pa;

	if ((uint64_t)va + len > 0x100000000ull)
		return -EFAULT;
	/* Check every page first, so a failed copy changes nothing. */
	for (uint64_t a = va & ~(uint64_t)(PAGE - 1); a < (uint64_t)va + len;
	     a += PAGE)
		if (sim_translate(ctx, (uint32_t)a, NULL, NULL))
			return -EFAULT;
	while (len) {
		uint32_t n = PAGE - (va & (PAGE - 1));

		if (n > len)
			n = len;
		sim_translate(ctx, va, &pa, NULL);
		if (!phys_map(ctx->dev, pa, n))
			return -EFAULT;
		if (write)
			memcpy(ctx->dev->mem + pa, p, n);
		else
			memcpy(p, ctx->dev->mem + pa, n);
		p += n;
		va += n;
		len -= n;
	}
	return 0;
}

int sim_write(struct sim_ctx *ctx, uint32_t va, const void *src, uint32_t len)
{
	return xfer(ctx, va, (void *)src, len, 1);
}

int sim_read(struct sim_ctx *ctx, uint32_t va, void *dst, uint32_t len)
{
	return xfer(ctx, va, dst, len, 0);
}

int sim_wl_args(struct sim_ctx *ctx, const void *args, uint32_t size,
		uint32_t *va)
{
	int ret = sim_alloc(ctx, size, SIM_BO_READ | SIM_BO_WRITE, va);

	if (ret)
		return ret;
	ret = sim_write(ctx, *va, args, size);
	if (ret)
		sim_free(ctx, *va);
	return ret;
}

/* ---- kernels ---- */

static int elf_load(struct sim_ctx *ctx, const char *path,
		    struct sim_elf **out, char *err, size_t len)
{
	struct kelf_image img;
	uint64_t *perm = NULL;
	uint32_t pages, va, i, p;
	struct sim_elf *e;
	char msg[256];
	int ret;

	if (kelf_load_file(path, &img, msg, sizeof(msg))) {
		serr(err, len, "%s", msg);
		return -ENOEXEC;
	}
	pages = img.span / PAGE;
	perm = calloc(pages, sizeof(*perm));
	e = realloc(ctx->elfs, (ctx->nelfs + 1) * sizeof(*e));
	if (!perm || !e) {
		ret = -ENOMEM;
		goto fail;
	}
	ctx->elfs = e;
	/* A page shared by two segments gets both permissions. */
	for (i = 0; i < img.nsegs; i++) {
		const struct kelf_seg *s = &img.segs[i];
		unsigned int f = s->flags;

		for (p = s->vaddr / PAGE; p <= (s->vaddr + s->memsz - 1) / PAGE;
		     p++)
			perm[p] |= (f & KELF_R ? CORUN_PTE_READ : 0) |
				   (f & KELF_W ? CORUN_PTE_WRITE : 0) |
				   (f & KELF_X ? CORUN_PTE_EXEC : 0);
	}
	ret = bo_map(ctx, pages, perm, 0, &va);
	if (ret)
		goto fail;
	if (kelf_relocate(&img, va, msg, sizeof(msg))) {
		sim_free(ctx, va);
		serr(err, len, "%s: %s", path, msg);
		ret = -ENOEXEC;
		goto out;
	}
	for (p = 0; p < pages; p++)
		if (perm[p])
			sim_write(ctx, va + p * PAGE, img.image + p * PAGE, PAGE);
	e = &ctx->elfs[ctx->nelfs];
	e->path = strdup(path);
	if (!e->path) {
		sim_free(ctx, va);
		ret = -ENOMEM;
		goto fail;
	}
	e->img = img;
	ctx->nelfs++;
	*out = e;
	free(perm);
	return 0;
fail:
	serr(err, len, "%s: out of device memory or address space (%u KiB)",
	     path, img.span >> 10);
out:
	free(perm);
	kelf_free(&img);
	return ret;
}

int sim_load_kernel(struct sim_ctx *ctx, const char *elf_path,
		    const char *name, struct sim_kernel *k, char *err,
		    size_t len)
{
	const struct corun_kinfo *ki;
	struct sim_elf *e = NULL;
	unsigned int i;
	size_t n;
	int ret;

	for (i = 0; i < ctx->nelfs; i++)
		if (!strcmp(ctx->elfs[i].path, elf_path))
			e = &ctx->elfs[i];
	if (!e) {
		ret = elf_load(ctx, elf_path, &e, err, len);
		if (ret)
			return ret;
	}
	ki = kelf_find_kernel(&e->img, name);
	if (!ki) {
		n = (size_t)snprintf(err, len, "%s: no kernel '%s' (has:",
				     elf_path, name);
		for (i = 0; i < e->img.nkernels && n < len; i++)
			n += (size_t)snprintf(err + n, len - n, " %s",
					      e->img.kinfo[i].name);
		if (n < len)
			snprintf(err + n, len - n, ")");
		return -ENOENT;
	}
	memset(k, 0, sizeof(*k));
	memcpy(k->name, ki->name, sizeof(k->name));
	k->entry = ki->entry;
	k->regs_per_thread = ki->regs_per_thread;
	k->shared_bytes = ki->shared_bytes;
	k->stack_bytes = ki->stack_bytes;
	return 0;
}

/* ---- descriptors and jobs ---- */

static uint64_t jobrec_pa(const struct sim_ctx *ctx, uint64_t seqno)
{
	return ctx->jobs_pa +
	       (seqno % SIM_MAX_INFLIGHT) * sizeof(struct sim_jobrec);
}

static uint64_t round_up(uint64_t v, uint64_t unit)
{
	return unit ? (v + unit - 1) / unit * unit : v;
}

#define BAD(...) (serr(err, len, __VA_ARGS__), -EINVAL)

int sim_build_desc(struct sim_ctx *ctx, const struct sim_launch *l,
		   uint64_t seqno, struct corun_job_desc *d, char *err,
		   size_t len)
{
	const struct emu_config *c = &ctx->dev->cfg;
	uint64_t grid = 1, threads = 1, stack;
	struct corun_sm_limits limits;
	struct corun_cta_footprint fp;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		if (!l->grid[i] || !l->block[i])
			return BAD("%s: grid[%u]=%u block[%u]=%u: every dimension must be >= 1",
				   l->k.name, i, l->grid[i], i, l->block[i]);
		grid *= l->grid[i];
		threads *= l->block[i];
		/* Stop before 3 x 32-bit factors could overflow 64 bits. */
		if (grid >= 1ull << 31)
			return BAD("%s: grid %ux%ux%u has >= 2^31 CTAs",
				   l->k.name, l->grid[0], l->grid[1], l->grid[2]);
		if (threads > c->sm.max_threads)
			return BAD("%s: block %ux%ux%u has more threads than an SM holds (%u)",
				   l->k.name, l->block[0], l->block[1],
				   l->block[2], c->sm.max_threads);
	}
	if (!l->k.entry || (l->k.entry & 3))
		return BAD("%s: entry %#x is not a kernel entry point",
			   l->k.name, l->k.entry);
	if (l->k.regs_per_thread < 1 || l->k.regs_per_thread > 255)
		return BAD("%s: regs_per_thread %u not in 1..255", l->k.name,
			   l->k.regs_per_thread);
	/* What fits an SM: the computation the device and driver use. */
	emu_config_sm_limits(c, &limits);
	switch (corun_cta_footprint(&limits, threads, l->k.regs_per_thread,
				    l->k.shared_bytes, &fp)) {
	case CORUN_CTA_FITS:
		break;
	case CORUN_CTA_BAD_SHARED:
		return BAD("%s: %u bytes of shared memory per CTA, an SM has %u",
			   l->k.name, l->k.shared_bytes, c->sm.shared_bytes);
	default:
		return BAD("%s: %u regs/thread x %llu threads need %llu registers, an SM has %u",
			   l->k.name, l->k.regs_per_thread,
			   (unsigned long long)threads,
			   (unsigned long long)((threads + c->warp_size - 1) /
						c->warp_size *
						round_up((uint64_t)l->k.regs_per_thread *
							 c->warp_size,
							 c->sm.reg_alloc_unit)),
			   c->sm.regs);
	}
	if (l->k.shared_bytes > CORUN_VA_SHARED_MAX)
		return BAD("%s: %u bytes of shared memory per CTA, at most %u",
			   l->k.name, l->k.shared_bytes, CORUN_VA_SHARED_MAX);
	if (l->k.stack_bytes > CORUN_STACK_MAX)
		return BAD("%s: stack %u bytes per thread, max %u", l->k.name,
			   l->k.stack_bytes, CORUN_STACK_MAX);
	stack = (l->k.stack_bytes ? l->k.stack_bytes : CORUN_STACK_DEFAULT) *
		threads;
	if (stack > c->sm.local_bytes)
		return BAD("%s: %llu threads x stack need %llu bytes of local memory, an SM has %u",
			   l->k.name, (unsigned long long)threads,
			   (unsigned long long)stack, c->sm.local_bytes);
	if (l->placement >= CORUN_PLACE_NR)
		return BAD("%s: placement %u unknown", l->k.name, l->placement);
	if (l->coherence >= CORUN_COH_NR)
		return BAD("%s: coherence %u unknown", l->k.name, l->coherence);

	memset(d, 0, sizeof(*d));
	d->magic = CORUN_DESC_MAGIC;
	d->version = CORUN_DESC_VERSION;
	d->size = sizeof(*d);
	d->flags = CORUN_DESC_F_COUNTERS;
	d->ctx_id = ctx->id;
	d->pt_root = ctx->root;
	d->fence_addr = jobrec_pa(ctx, seqno) + offsetof(struct sim_jobrec, fence);
	d->counters_addr = jobrec_pa(ctx, seqno) +
			   offsetof(struct sim_jobrec, counters);
	d->seqno = seqno;
	d->entry = l->k.entry;
	d->args = l->args_va;
	memcpy(d->grid, l->grid, sizeof(d->grid));
	memcpy(d->block, l->block, sizeof(d->block));
	d->regs_per_thread = (uint8_t)l->k.regs_per_thread;
	d->placement = (uint8_t)l->placement;
	d->coherence = (uint8_t)l->coherence;
	d->shared_bytes = l->k.shared_bytes;
	d->stack_bytes = l->k.stack_bytes;
	d->insn_budget = l->insn_budget;
	d->as_tag = ctx->as_tag;
	return 0;
}

int sim_prepare(struct sim_ctx *ctx, const struct sim_launch *l,
		struct corun_job_desc *d, char *err, size_t len)
{
	struct sim_dev *dev = ctx->dev;
	uint64_t s = dev->seqno + 1;

	/* Seqnos are device-wide; pick one whose record is free. */
	while (ctx->inflight[s % SIM_MAX_INFLIGHT].busy) {
		if (s - dev->seqno > SIM_MAX_INFLIGHT) {
			serr(err, len, "more than %d jobs in flight in context %u",
			     SIM_MAX_INFLIGHT, ctx->id);
			return -EBUSY;
		}
		s++;
	}
	return sim_build_desc(ctx, l, s, d, err, len);
}

int sim_queue(struct sim_ctx *ctx, unsigned int slot,
	      const struct corun_job_desc *d, char *err, size_t len)
{
	struct sim_dev *dev = ctx->dev;
	struct sim_inflight *in;
	int ret;

	if (d->ctx_id != ctx->id || d->seqno <= dev->seqno ||
	    ctx->inflight[d->seqno % SIM_MAX_INFLIGHT].busy) {
		serr(err, len, "descriptor %llu was not prepared for context %u",
		     (unsigned long long)d->seqno, ctx->id);
		return -EINVAL;
	}
	/* The fence must move only when the device writes it. */
	wr64(dev, d->fence_addr, 0);
	ret = sim_dev_queue(dev, slot, d, err, len);
	if (ret)
		return ret;
	dev->seqno = d->seqno;
	in = &ctx->inflight[d->seqno % SIM_MAX_INFLIGHT];
	in->busy = 1;
	in->seqno = d->seqno;
	return 0;
}

int sim_submit(struct sim_ctx *ctx, unsigned int slot,
	       const struct sim_launch *l, uint64_t *seqno, char *err,
	       size_t len)
{
	struct corun_job_desc d;
	int ret;

	ret = sim_prepare(ctx, l, &d, err, len);
	if (!ret)
		ret = sim_queue(ctx, slot, &d, err, len);
	if (!ret)
		*seqno = d.seqno;
	return ret;
}

int sim_complete(struct sim_ctx *ctx, uint64_t seqno,
		 const struct corun_fault_record *fault, struct sim_result *r,
		 char *err, size_t len)
{
	struct sim_inflight *in = &ctx->inflight[seqno % SIM_MAX_INFLIGHT];
	struct sim_jobrec rec;
	uint64_t pa = jobrec_pa(ctx, seqno);

	if (!in->busy || in->seqno != seqno) {
		serr(err, len, "context %u has no job with seqno %llu in flight",
		     ctx->id, (unsigned long long)seqno);
		return -ENOENT;
	}
	in->busy = 0;
	memcpy(&rec, ctx->dev->mem + pa, sizeof(rec));
	memset(r, 0, sizeof(*r));
	r->fault = *fault;
	r->counters = rec.counters;
	if (rec.counters.end_cycle > rec.counters.start_cycle)
		r->cycles = rec.counters.end_cycle - rec.counters.start_cycle;
	if (rec.fence != seqno) {
		serr(err, len, "job %llu ended but its fence reads %llu",
		     (unsigned long long)seqno, (unsigned long long)rec.fence);
		return -EIO;
	}
	return 0;
}

int sim_run(struct sim_ctx *ctx, const struct sim_launch *l,
	    struct sim_result *r, char *err, size_t len)
{
	struct sim_dev *dev = ctx->dev;
	uint64_t seqno, stop = UINT64_MAX, now;
	struct emu_event ev;
	int ret, type;

	ret = sim_submit(ctx, 0, l, &seqno, err, len);
	if (ret)
		return ret;
	now = emu_gpu_cycle(sim_dev_gpu(dev));
	if (dev->run_limit && now < UINT64_MAX - dev->run_limit)
		stop = now + dev->run_limit;
	for (;;) {
		type = sim_dev_run(dev, stop, &ev);
		if (type == EMU_EV_JOB_DONE && ev.slot == 0 && ev.seqno == seqno)
			return sim_complete(ctx, seqno, &ev.fault, r, err, len);
		if (type == EMU_EV_NONE || type == EMU_EV_IDLE) {
			/* Leave the slot clean for the next run. */
			sim_dev_reset_slot(dev, 0);
			now = emu_gpu_cycle(sim_dev_gpu(dev));
			while (sim_dev_run(dev, now, &ev) == EMU_EV_JOB_DONE)
				if (ev.slot == 0 && ev.seqno == seqno)
					sim_complete(ctx, seqno, &ev.fault, r,
						     NULL, 0);
			ctx->inflight[seqno % SIM_MAX_INFLIGHT].busy = 0;
			serr(err, len, type == EMU_EV_NONE ?
			     "%s: not done after %llu cycles" :
			     "%s: device idle before the job completed",
			     l->k.name, (unsigned long long)dev->run_limit);
			return type == EMU_EV_NONE ? -ETIMEDOUT : -EIO;
		}
		/* EPOCH and other slots' completions: not ours. */
	}
}
