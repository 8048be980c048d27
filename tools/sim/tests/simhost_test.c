// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * simhost tests: page-table contents in the hw.h format, copies across
 * pages, permissions (buffers and ELF segments), isolation of contexts,
 * launch validation, and tiny kernels end to end on the model.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <corun/hw.h>
#include <kunit/host_paths.h>
#include <kunit/test.h>
#include <gpu.h>
#include <lib/kelf.h>
#include <sim/simhost.h>

#define TEST_MEM (32u << 20)
#define PAGE CORUN_PAGE_SIZE

/* Mirrors struct ktest_args in tools/lib/tests/ktest.c. */
struct ktest_args {
	uint32_t x, y, n;
};

static char ktest_path[PATH_MAX];

static int find_ktest(struct kunit_suite *suite)
{
	(void)suite;
	/* $(O)/tools/sim/tests/simhost-test -> $(O)/tools/lib/tests/ktest.elf */
	if (kunit_exe_path(ktest_path, sizeof(ktest_path),
			   "../../lib/tests/ktest.elf"))
		return -1;
	return access(ktest_path, R_OK) ? -1 : 0;
}

struct fixture {
	struct sim_dev *dev;
	struct emu_config cfg;
};

static int simhost_init(struct kunit *test)
{
	struct fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	char err[256];

	if (!f)
		return -ENOMEM;
	emu_config_defaults(&f->cfg);
	f->dev = sim_dev_create(&f->cfg, TEST_MEM, err, sizeof(err));
	if (!f->dev) {
		kunit_info(test, "sim_dev_create: %s", err);
		return -ENODEV;
	}
	test->priv = f;
	return 0;
}

static void simhost_exit(struct kunit *test)
{
	struct fixture *f = test->priv;

	if (f)
		sim_dev_destroy(f->dev);
}

static struct sim_dev *DEV(struct kunit *test)
{
	return ((struct fixture *)test->priv)->dev;
}

static uint64_t rd64(struct sim_dev *dev, uint64_t pa)
{
	uint64_t v;
	uint8_t *p = sim_dev_phys(dev, pa, 8);

	if (!p)
		return ~0ull;
	memcpy(&v, p, 8);
	return v;
}

/* The raw level-2 entry of @va (0 if its level-1 entry is invalid). */
static uint64_t l2_entry(struct sim_ctx *ctx, uint32_t va)
{
	struct sim_dev *dev = sim_ctx_dev(ctx);
	uint64_t l1 = rd64(dev, sim_ctx_pt_root(ctx) + 8ull * CORUN_PT_L1_INDEX(va));

	if (!(l1 & CORUN_PTE_VALID))
		return 0;
	return rd64(dev, (l1 & CORUN_PTE_ADDR_MASK) + 8ull * CORUN_PT_L2_INDEX(va));
}

static void pt_after_alloc(struct kunit *test)
{
	struct sim_dev *dev = DEV(test);
	uint64_t base_used = sim_dev_frames_used(dev), l1, e, prev = 0;
	struct sim_ctx *ctx = sim_ctx_create(dev);
	uint32_t va, va2, i;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	/* Root: 4 frames, job records: 1. */
	KUNIT_EXPECT_EQ(test, sim_dev_frames_used(dev), base_used + 5);
	KUNIT_EXPECT_EQ(test, sim_ctx_pt_root(ctx) % CORUN_PT_L1_SIZE, 0ull);
	KUNIT_EXPECT_NE(test, sim_ctx_pt_root(ctx), 0ull);

	KUNIT_ASSERT_EQ(test, sim_alloc(ctx, 3 * PAGE + 1, SIM_BO_READ | SIM_BO_WRITE,
					&va), 0);
	KUNIT_EXPECT_EQ(test, va, CORUN_VA_GLOBAL_BASE);
	/* 4 data frames and one level-2 table. */
	KUNIT_EXPECT_EQ(test, sim_dev_frames_used(dev), base_used + 10);

	l1 = rd64(dev, sim_ctx_pt_root(ctx) + 8ull * CORUN_PT_L1_INDEX(va));
	KUNIT_EXPECT_TRUE(test, l1 & CORUN_PTE_VALID);
	KUNIT_EXPECT_EQ(test, l1 & CORUN_PTE_L1_RSVD_MASK, 0ull);
	KUNIT_EXPECT_EQ(test, l1 & (CORUN_PTE_READ | CORUN_PTE_WRITE | CORUN_PTE_EXEC),
			0ull);
	KUNIT_EXPECT_EQ(test, (l1 & CORUN_PTE_ADDR_MASK) % PAGE, 0ull);
	for (i = 0; i < 4; i++) {
		e = l2_entry(ctx, va + i * PAGE);
		KUNIT_EXPECT_EQ(test, e & 0xfull,
				CORUN_PTE_VALID | CORUN_PTE_READ | CORUN_PTE_WRITE);
		KUNIT_EXPECT_EQ(test, e & CORUN_PTE_L2_RSVD_MASK, 0ull);
		KUNIT_EXPECT_LT(test, e & CORUN_PTE_ADDR_MASK, (uint64_t)TEST_MEM);
		KUNIT_EXPECT_NE(test, e & CORUN_PTE_ADDR_MASK, prev);
		/* Never the root, the level-2 table, or PA 0. */
		KUNIT_EXPECT_NE(test, e & CORUN_PTE_ADDR_MASK, 0ull);
		KUNIT_EXPECT_NE(test, e & CORUN_PTE_ADDR_MASK, l1 & CORUN_PTE_ADDR_MASK);
		KUNIT_EXPECT_FALSE(test, (e & CORUN_PTE_ADDR_MASK) >= sim_ctx_pt_root(ctx) &&
				   (e & CORUN_PTE_ADDR_MASK) < sim_ctx_pt_root(ctx) +
				   CORUN_PT_L1_SIZE);
		prev = e & CORUN_PTE_ADDR_MASK;
	}
	/* Guard page after the buffer, null window before it. */
	KUNIT_EXPECT_EQ(test, l2_entry(ctx, va + 4 * PAGE), 0ull);
	KUNIT_EXPECT_EQ(test, l2_entry(ctx, va - PAGE), 0ull);
	KUNIT_EXPECT_EQ(test, sim_translate(ctx, va + 4 * PAGE, NULL, NULL), -EFAULT);
	KUNIT_EXPECT_EQ(test, sim_translate(ctx, 0, NULL, NULL), -EFAULT);

	KUNIT_ASSERT_EQ(test, sim_alloc(ctx, 1, SIM_BO_READ, &va2), 0);
	KUNIT_EXPECT_EQ(test, va2, va + 5 * PAGE);

	/* Freed VA and frames are reused; the level-2 table stays. */
	KUNIT_EXPECT_EQ(test, sim_free(ctx, va), 0);
	KUNIT_EXPECT_EQ(test, sim_free(ctx, va), -ENOENT);
	KUNIT_EXPECT_EQ(test, l2_entry(ctx, va), 0ull);
	KUNIT_EXPECT_EQ(test, sim_dev_frames_used(dev), base_used + 7);
	KUNIT_ASSERT_EQ(test, sim_alloc(ctx, 2 * PAGE, SIM_BO_WRITE, &va2), 0);
	KUNIT_EXPECT_EQ(test, va2, va);
	KUNIT_EXPECT_EQ(test, l2_entry(ctx, va) & 0xfull,
			CORUN_PTE_VALID | CORUN_PTE_WRITE);

	sim_ctx_destroy(ctx);
	KUNIT_EXPECT_EQ(test, sim_dev_frames_used(dev), base_used);
}

static void rw_across_pages(struct kunit *test)
{
	struct sim_ctx *ctx = sim_ctx_create(DEV(test));
	const uint32_t len = 2 * PAGE + 1000, off = 100;
	uint8_t *src, *dst;
	uint32_t va, i;
	uint64_t pa;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	src = kunit_kmalloc(test, 4 * PAGE, GFP_KERNEL);
	dst = kunit_kzalloc(test, 4 * PAGE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, src);
	KUNIT_ASSERT_NOT_NULL(test, dst);
	for (i = 0; i < 4 * PAGE; i++)
		src[i] = (uint8_t)(i * 7 + 3);
	KUNIT_ASSERT_EQ(test, sim_alloc(ctx, 3 * PAGE, SIM_BO_READ | SIM_BO_WRITE, &va), 0);
	/* Fresh buffers read as zero. */
	KUNIT_EXPECT_EQ(test, sim_read(ctx, va, dst, 3 * PAGE), 0);
	for (i = 0; i < 3 * PAGE && !dst[i]; i++)
		;
	KUNIT_EXPECT_EQ(test, i, 3 * PAGE);

	KUNIT_EXPECT_EQ(test, sim_write(ctx, va + off, src, len), 0);
	KUNIT_EXPECT_EQ(test, sim_read(ctx, va + off, dst, len), 0);
	KUNIT_EXPECT_EQ(test, memcmp(src, dst, len), 0);
	/* Through the page tables: byte k of the copy sits in the frame of
	 * its page at its offset. */
	for (i = 0; i < len; i += 997) {
		uint32_t a = va + off + i;

		KUNIT_ASSERT_EQ(test, sim_translate(ctx, a, &pa, NULL), 0);
		KUNIT_EXPECT_EQ(test, pa % PAGE, (uint64_t)(a % PAGE));
		KUNIT_EXPECT_EQ(test, *sim_dev_phys(DEV(test), pa, 1), src[i]);
	}
	/* Into the guard page: refused, and nothing written. */
	KUNIT_EXPECT_EQ(test, sim_write(ctx, va + 3 * PAGE - 8, src, 16), -EFAULT);
	KUNIT_EXPECT_EQ(test, sim_read(ctx, va + 3 * PAGE - 8, dst, 8), 0);
	for (i = 0; i < 8 && !dst[i]; i++)
		;
	KUNIT_EXPECT_EQ(test, i, 8u);
	KUNIT_EXPECT_EQ(test, sim_read(ctx, va + 3 * PAGE - 8, dst, 9), -EFAULT);
	KUNIT_EXPECT_EQ(test, sim_read(ctx, 0, dst, 4), -EFAULT);
	KUNIT_EXPECT_EQ(test, sim_read(ctx, 0xfffffffc, dst, 8), -EFAULT);
	KUNIT_EXPECT_EQ(test, sim_read(ctx, va, dst, 0), 0);
	sim_ctx_destroy(ctx);
}

static void perm_flags(struct kunit *test)
{
	static const unsigned int flags[] = {
		SIM_BO_READ, SIM_BO_WRITE, SIM_BO_EXEC, SIM_BO_READ | SIM_BO_EXEC,
		SIM_BO_READ | SIM_BO_WRITE | SIM_BO_EXEC,
	};
	struct sim_ctx *ctx = sim_ctx_create(DEV(test));
	uint64_t perm;
	unsigned int i;
	uint32_t va;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		uint64_t want = (flags[i] & SIM_BO_READ ? CORUN_PTE_READ : 0) |
				(flags[i] & SIM_BO_WRITE ? CORUN_PTE_WRITE : 0) |
				(flags[i] & SIM_BO_EXEC ? CORUN_PTE_EXEC : 0);

		KUNIT_ASSERT_EQ(test, sim_alloc(ctx, 2 * PAGE, flags[i], &va), 0);
		KUNIT_EXPECT_EQ(test, sim_translate(ctx, va + PAGE, NULL, &perm), 0);
		KUNIT_EXPECT_EQ(test, perm, want);
		KUNIT_EXPECT_EQ(test, l2_entry(ctx, va) & 0xfull, want | CORUN_PTE_VALID);
		/* The host copies regardless of device permissions. */
		KUNIT_EXPECT_EQ(test, sim_write(ctx, va, &va, 4), 0);
	}
	KUNIT_EXPECT_EQ(test, sim_alloc(ctx, PAGE, 0, &va), -EINVAL);
	KUNIT_EXPECT_EQ(test, sim_alloc(ctx, PAGE, 8, &va), -EINVAL);
	KUNIT_EXPECT_EQ(test, sim_alloc(ctx, 0, SIM_BO_READ, &va), -EINVAL);
	/* Larger than the arena. */
	KUNIT_EXPECT_EQ(test, sim_alloc(ctx, TEST_MEM, SIM_BO_READ, &va), -ENOMEM);
	sim_ctx_destroy(ctx);
}

static void elf_segment_perms(struct kunit *test)
{
	struct sim_ctx *ctx = sim_ctx_create(DEV(test));
	uint64_t used, perm;
	struct kelf_image img;
	struct sim_kernel k, k2;
	uint32_t base, p;
	unsigned int i;
	char err[256];

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	KUNIT_ASSERT_EQ_MSG(test, sim_load_kernel(ctx, ktest_path, "ktest_vadd", &k,
						  err, sizeof(err)), 0, "%s", err);
	KUNIT_EXPECT_STREQ(test, k.name, "ktest_vadd");
	KUNIT_EXPECT_EQ(test, k.regs_per_thread, 16);
	KUNIT_EXPECT_EQ(test, sim_translate(ctx, k.entry, NULL, &perm), 0);
	KUNIT_EXPECT_EQ(test, perm, CORUN_PTE_READ | CORUN_PTE_EXEC);

	/* Compare every page with the segment flags. */
	KUNIT_ASSERT_EQ(test, kelf_load_file(ktest_path, &img, err, sizeof(err)), 0);
	base = k.entry - kelf_find_kernel(&img, "ktest_vadd")->entry;
	KUNIT_EXPECT_EQ(test, base % PAGE, 0u);
	for (p = 0; p < img.span / PAGE; p++) {
		uint64_t want = 0;

		for (i = 0; i < img.nsegs; i++) {
			const struct kelf_seg *s = &img.segs[i];

			if (s->vaddr / PAGE <= p && p <= (s->vaddr + s->memsz - 1) / PAGE)
				want |= (s->flags & KELF_R ? CORUN_PTE_READ : 0) |
					(s->flags & KELF_W ? CORUN_PTE_WRITE : 0) |
					(s->flags & KELF_X ? CORUN_PTE_EXEC : 0);
		}
		if (want) {
			KUNIT_EXPECT_EQ(test, sim_translate(ctx, base + p * PAGE, NULL,
							    &perm), 0);
			KUNIT_EXPECT_EQ_MSG(test, perm, want, "page %u", p);
		} else {
			KUNIT_EXPECT_EQ(test, sim_translate(ctx, base + p * PAGE, NULL,
							    NULL), -EFAULT);
		}
	}
	kelf_free(&img);

	/* Loaded once per context; other kernels come from the same copy. */
	used = sim_dev_frames_used(DEV(test));
	KUNIT_ASSERT_EQ(test, sim_load_kernel(ctx, ktest_path, "ktest_big", &k2, err,
					      sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, sim_dev_frames_used(DEV(test)), used);
	KUNIT_EXPECT_EQ(test, k2.shared_bytes, 8192u);
	KUNIT_EXPECT_EQ(test, k2.stack_bytes, 4096u);
	KUNIT_EXPECT_EQ(test, k2.entry / PAGE, k.entry / PAGE);

	KUNIT_EXPECT_EQ(test, sim_load_kernel(ctx, ktest_path, "nope", &k2, err,
					      sizeof(err)), -ENOENT);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, "ktest_vadd") != NULL, "%s", err);
	KUNIT_EXPECT_EQ(test, sim_load_kernel(ctx, "/nonexistent.elf", "x", &k2, err,
					      sizeof(err)), -ENOEXEC);
	KUNIT_EXPECT_TRUE(test, strstr(err, "/nonexistent.elf") != NULL);
	sim_ctx_destroy(ctx);
}

static void ctx_isolation(struct kunit *test)
{
	struct sim_dev *dev = DEV(test);
	uint64_t base_used = sim_dev_frames_used(dev), pa, pb;
	struct sim_ctx *a = sim_ctx_create(dev), *b = sim_ctx_create(dev);
	uint32_t va, vb, x = 0x11111111, y = 0x22222222, r;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_NE(test, sim_ctx_id(a), sim_ctx_id(b));
	KUNIT_EXPECT_NE(test, sim_ctx_pt_root(a), sim_ctx_pt_root(b));
	KUNIT_ASSERT_EQ(test, sim_alloc(a, PAGE, SIM_BO_READ | SIM_BO_WRITE, &va), 0);
	KUNIT_ASSERT_EQ(test, sim_alloc(b, PAGE, SIM_BO_READ | SIM_BO_WRITE, &vb), 0);
	/* Same VA in both spaces, different memory. */
	KUNIT_EXPECT_EQ(test, va, vb);
	KUNIT_ASSERT_EQ(test, sim_translate(a, va, &pa, NULL), 0);
	KUNIT_ASSERT_EQ(test, sim_translate(b, vb, &pb, NULL), 0);
	KUNIT_EXPECT_NE(test, pa, pb);
	KUNIT_EXPECT_EQ(test, sim_write(a, va, &x, 4), 0);
	KUNIT_EXPECT_EQ(test, sim_write(b, vb, &y, 4), 0);
	KUNIT_EXPECT_EQ(test, sim_read(a, va, &r, 4), 0);
	KUNIT_EXPECT_EQ(test, r, x);
	KUNIT_EXPECT_EQ(test, sim_read(b, vb, &r, 4), 0);
	KUNIT_EXPECT_EQ(test, r, y);
	/* A VA mapped in a only is not visible in b. */
	KUNIT_ASSERT_EQ(test, sim_alloc(a, PAGE, SIM_BO_READ, &va), 0);
	KUNIT_EXPECT_EQ(test, sim_read(b, va, &r, 4), -EFAULT);
	sim_ctx_destroy(a);
	KUNIT_EXPECT_EQ(test, sim_read(b, vb, &r, 4), 0);
	KUNIT_EXPECT_EQ(test, r, y);
	sim_ctx_destroy(b);
	KUNIT_EXPECT_EQ(test, sim_dev_frames_used(dev), base_used);
}

static void launch_of(struct sim_launch *l, const struct sim_kernel *k)
{
	memset(l, 0, sizeof(*l));
	l->k = *k;
	l->grid[0] = l->grid[1] = l->grid[2] = 1;
	l->block[0] = 64;
	l->block[1] = l->block[2] = 1;
}

/* sim_build_desc must reject @l with -EINVAL and @what in the message. */
static void expect_bad(struct kunit *test, struct sim_ctx *ctx,
		       const struct sim_launch *l, const char *what)
{
	struct corun_job_desc d;
	char err[256] = "";

	KUNIT_EXPECT_EQ(test, sim_build_desc(ctx, l, 1, &d, err, sizeof(err)), -EINVAL);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, what) != NULL, "'%s' lacks '%s'",
			      err, what);
}

static void desc_validation(struct kunit *test)
{
	const struct emu_config *c = sim_dev_config(DEV(test));
	struct sim_ctx *ctx = sim_ctx_create(DEV(test));
	struct sim_launch l, good;
	struct corun_job_desc d;
	struct sim_kernel k;
	char err[256];
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	KUNIT_ASSERT_EQ(test, sim_load_kernel(ctx, ktest_path, "ktest_vadd", &k, err,
					      sizeof(err)), 0);
	launch_of(&good, &k);
	good.grid[0] = 5;
	good.grid[1] = 2;
	good.args_va = 0x12340;
	good.placement = CORUN_PLACE_CHUNK;
	good.insn_budget = 777;
	KUNIT_ASSERT_EQ_MSG(test, sim_build_desc(ctx, &good, 42, &d, err, sizeof(err)),
			    0, "%s", err);
	KUNIT_EXPECT_EQ(test, d.magic, CORUN_DESC_MAGIC);
	KUNIT_EXPECT_EQ(test, d.version, CORUN_DESC_VERSION);
	KUNIT_EXPECT_EQ(test, d.size, sizeof(d));
	KUNIT_EXPECT_EQ(test, d.flags, CORUN_DESC_F_COUNTERS);
	KUNIT_EXPECT_EQ(test, d.ctx_id, sim_ctx_id(ctx));
	KUNIT_EXPECT_EQ(test, d.pt_root, sim_ctx_pt_root(ctx));
	KUNIT_EXPECT_EQ(test, d.seqno, 42ull);
	KUNIT_EXPECT_EQ(test, d.fence_addr % 8, 0ull);
	KUNIT_EXPECT_EQ(test, d.counters_addr % 8, 0ull);
	KUNIT_EXPECT_NOT_NULL(test, sim_dev_phys(DEV(test), d.counters_addr,
						 sizeof(struct corun_job_counters)));
	KUNIT_EXPECT_EQ(test, d.entry, k.entry);
	KUNIT_EXPECT_EQ(test, d.args, 0x12340u);
	KUNIT_EXPECT_EQ(test, d.grid[0], 5u);
	KUNIT_EXPECT_EQ(test, d.grid[1], 2u);
	KUNIT_EXPECT_EQ(test, d.block[0], 64u);
	KUNIT_EXPECT_EQ(test, d.regs_per_thread, 16);
	KUNIT_EXPECT_EQ(test, d.placement, CORUN_PLACE_CHUNK);
	KUNIT_EXPECT_EQ(test, d.insn_budget, 777ull);
	for (i = 0; i < ARRAY_SIZE(d.reserved); i++)
		KUNIT_EXPECT_EQ(test, d.reserved[i], 0u);

	l = good;
	l.grid[2] = 0;
	expect_bad(test, ctx, &l, "dimension must be >= 1");
	l = good;
	l.block[1] = 0;
	expect_bad(test, ctx, &l, "dimension must be >= 1");
	l = good;
	l.grid[0] = l.grid[1] = l.grid[2] = 0x10000;	/* 2^48 CTAs */
	expect_bad(test, ctx, &l, "2^31");
	l = good;
	l.grid[0] = 0x80000000u;
	expect_bad(test, ctx, &l, "2^31");
	l = good;
	l.block[0] = c->sm.max_threads + 1;
	expect_bad(test, ctx, &l, "more threads than an SM");
	l = good;
	l.block[0] = l.block[1] = l.block[2] = 0xffffffffu;	/* overflow */
	expect_bad(test, ctx, &l, "more threads than an SM");
	l = good;
	l.block[0] = c->sm.max_threads;
	l.k.regs_per_thread = 255;
	expect_bad(test, ctx, &l, "registers");
	l = good;
	l.k.regs_per_thread = 0;
	expect_bad(test, ctx, &l, "regs_per_thread");
	l = good;
	l.k.shared_bytes = c->sm.shared_bytes + 1;
	expect_bad(test, ctx, &l, "shared memory");
	l = good;
	l.k.stack_bytes = CORUN_STACK_MAX + 4;
	expect_bad(test, ctx, &l, "stack");
	l = good;
	l.placement = CORUN_PLACE_NR;
	expect_bad(test, ctx, &l, "placement");
	l = good;
	l.coherence = CORUN_COH_NR;
	expect_bad(test, ctx, &l, "coherence");
	l = good;
	l.k.entry = 0;
	expect_bad(test, ctx, &l, "entry");
	/* sim_run refuses the same launches before touching the device. */
	l = good;
	l.grid[0] = 0;
	{
		struct sim_result r;

		KUNIT_EXPECT_EQ(test, sim_run(ctx, &l, &r, err, sizeof(err)), -EINVAL);
	}
	sim_ctx_destroy(ctx);
}

/* ktest_vadd on 1000 elements: y[i] = x[i] + (i & 1 ? 3 : 1). */
static void e2e_vadd(struct kunit *test)
{
	struct sim_ctx *ctx = sim_ctx_create(DEV(test));
	const uint32_t n = 1000;
	struct ktest_args a;
	struct sim_launch l;
	struct sim_result r;
	struct sim_kernel k;
	int32_t *x, *y;
	char err[256];
	uint32_t i, bad = 0;

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	x = kunit_kmalloc_array(test, n, 4, GFP_KERNEL);
	y = kunit_kmalloc_array(test, n, 4, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, x);
	KUNIT_ASSERT_NOT_NULL(test, y);
	for (i = 0; i < n; i++) {
		x[i] = (int32_t)(i * 2654435761u);
		y[i] = (int32_t)i;
	}
	KUNIT_ASSERT_EQ(test, sim_load_kernel(ctx, ktest_path, "ktest_vadd", &k, err,
					      sizeof(err)), 0);
	KUNIT_ASSERT_EQ(test, sim_alloc(ctx, n * 4, SIM_BO_READ, &a.x), 0);
	KUNIT_ASSERT_EQ(test, sim_alloc(ctx, n * 4, SIM_BO_READ | SIM_BO_WRITE, &a.y), 0);
	KUNIT_ASSERT_EQ(test, sim_write(ctx, a.x, x, n * 4), 0);
	KUNIT_ASSERT_EQ(test, sim_write(ctx, a.y, y, n * 4), 0);
	a.n = n;
	launch_of(&l, &k);
	l.grid[0] = (n + 63) / 64;
	KUNIT_ASSERT_EQ(test, sim_wl_args(ctx, &a, sizeof(a), &l.args_va), 0);
	KUNIT_ASSERT_EQ_MSG(test, sim_run(ctx, &l, &r, err, sizeof(err)), 0, "%s", err);
	KUNIT_EXPECT_EQ_MSG(test, r.fault.cause, 0u, "fault %s pc %#x addr %#x",
			    sim_fault_name(r.fault.cause), r.fault.pc, r.fault.addr);
	KUNIT_EXPECT_GT(test, r.cycles, 0ull);
	KUNIT_EXPECT_EQ(test, r.counters.fault, 0u);
	KUNIT_EXPECT_EQ(test, r.counters.slot, 0u);
	KUNIT_EXPECT_EQ(test, r.counters.c.ctas_done, (uint64_t)l.grid[0]);
	/* At least one instruction per thread that ran. */
	KUNIT_EXPECT_GE(test, r.counters.c.thread_insns, (uint64_t)l.grid[0] * 64);
	KUNIT_EXPECT_GE(test, r.counters.c.thread_insns, r.counters.c.warp_insns);
	KUNIT_ASSERT_EQ(test, sim_read(ctx, a.y, y, n * 4), 0);
	for (i = 0; i < n; i++)
		if (y[i] != x[i] + (int32_t)(i & 1 ? 3 : 1))
			bad++;
	KUNIT_EXPECT_EQ(test, bad, 0u);

	/* A second launch in the same context sees the first's output. */
	KUNIT_ASSERT_EQ(test, sim_write(ctx, a.x, y, n * 4), 0);
	KUNIT_ASSERT_EQ(test, sim_run(ctx, &l, &r, err, sizeof(err)), 0);
	KUNIT_EXPECT_EQ(test, r.fault.cause, 0u);
	KUNIT_ASSERT_EQ(test, sim_read(ctx, a.y, x, n * 4), 0);
	for (i = 0, bad = 0; i < n; i++)
		if (x[i] != y[i] + (int32_t)(i & 1 ? 3 : 1))
			bad++;
	KUNIT_EXPECT_EQ(test, bad, 0u);
	sim_ctx_destroy(ctx);
}

/* A store to the kernel's own code page faults PERM_WRITE, memory intact. */
static void e2e_write_code_faults(struct kunit *test)
{
	struct sim_ctx *ctx = sim_ctx_create(DEV(test));
	struct sim_launch l;
	struct sim_result r;
	struct sim_kernel k;
	uint32_t before, after;
	char err[256];

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	KUNIT_ASSERT_EQ(test, sim_load_kernel(ctx, ktest_path, "ktest_wcode", &k, err,
					      sizeof(err)), 0);
	launch_of(&l, &k);
	KUNIT_ASSERT_EQ(test, sim_read(ctx, k.entry, &before, 4), 0);
	KUNIT_ASSERT_EQ_MSG(test, sim_run(ctx, &l, &r, err, sizeof(err)), 0, "%s", err);
	KUNIT_EXPECT_EQ_MSG(test, r.fault.cause, (uint32_t)CORUN_FAULT_PERM_WRITE,
			    "fault %s", sim_fault_name(r.fault.cause));
	KUNIT_EXPECT_EQ(test, r.fault.access, CORUN_ACCESS_WRITE);
	KUNIT_EXPECT_EQ(test, r.fault.addr / PAGE, k.entry / PAGE);
	KUNIT_ASSERT_EQ(test, sim_read(ctx, k.entry, &after, 4), 0);
	KUNIT_EXPECT_EQ(test, before, after);
	sim_ctx_destroy(ctx);
}

/* Two contexts co-running on two slots through sim_submit/sim_complete. */
static void e2e_corun_two_slots(struct kunit *test)
{
	struct sim_ctx *ctx[2];
	struct sim_launch l[2];
	struct ktest_args a[2];
	uint64_t seq[2];
	struct emu_event ev;
	struct sim_result r;
	struct sim_kernel k;
	unsigned int i, done = 0;
	int32_t buf[256];
	char err[256];

	for (i = 0; i < 2; i++) {
		int32_t v[256];
		unsigned int j;

		ctx[i] = sim_ctx_create(DEV(test));
		KUNIT_ASSERT_NOT_NULL(test, ctx[i]);
		KUNIT_ASSERT_EQ(test, sim_load_kernel(ctx[i], ktest_path, "ktest_vadd", &k,
						      err, sizeof(err)), 0);
		for (j = 0; j < 256; j++)
			v[j] = (int32_t)(j + 1000 * (i + 1));
		KUNIT_ASSERT_EQ(test, sim_alloc(ctx[i], sizeof(v), SIM_BO_READ, &a[i].x), 0);
		KUNIT_ASSERT_EQ(test, sim_alloc(ctx[i], sizeof(v), SIM_BO_WRITE, &a[i].y), 0);
		KUNIT_ASSERT_EQ(test, sim_write(ctx[i], a[i].x, v, sizeof(v)), 0);
		a[i].n = 256;
		launch_of(&l[i], &k);
		l[i].grid[0] = 4;
		KUNIT_ASSERT_EQ(test, sim_wl_args(ctx[i], &a[i], sizeof(a[i]), &l[i].args_va), 0);
	}
	for (i = 0; i < 2; i++)
		KUNIT_ASSERT_EQ(test, sim_submit(ctx[i], i + 1, &l[i], &seq[i], err,
						 sizeof(err)), 0);
	KUNIT_EXPECT_NE(test, seq[0], seq[1]);
	while (done < 2) {
		int t = sim_dev_run(DEV(test), UINT64_MAX, &ev);

		if (t == EMU_EV_EPOCH)
			continue;
		KUNIT_ASSERT_EQ(test, t, EMU_EV_JOB_DONE);
		KUNIT_ASSERT_TRUE(test, ev.slot == 1 || ev.slot == 2);
		i = ev.slot - 1;
		KUNIT_EXPECT_EQ(test, ev.seqno, seq[i]);
		KUNIT_EXPECT_EQ(test, sim_complete(ctx[i], ev.seqno, &ev.fault, &r, err,
						   sizeof(err)), 0);
		KUNIT_EXPECT_EQ(test, r.fault.cause, 0u);
		KUNIT_EXPECT_EQ(test, r.counters.slot, ev.slot);
		/* Completing twice is refused. */
		KUNIT_EXPECT_EQ(test, sim_complete(ctx[i], ev.seqno, &ev.fault, &r, err,
						   sizeof(err)), -ENOENT);
		done++;
	}
	for (i = 0; i < 2; i++) {
		KUNIT_ASSERT_EQ(test, sim_read(ctx[i], a[i].y, buf, sizeof(buf)), 0);
		KUNIT_EXPECT_EQ(test, buf[0], (int32_t)(1000 * (i + 1) + 1));
		KUNIT_EXPECT_EQ(test, buf[255], (int32_t)(255 + 1000 * (i + 1) + 3));
		sim_ctx_destroy(ctx[i]);
	}
}

static struct kunit_case simhost_cases[] = {
	KUNIT_CASE(pt_after_alloc),
	KUNIT_CASE(rw_across_pages),
	KUNIT_CASE(perm_flags),
	KUNIT_CASE(elf_segment_perms),
	KUNIT_CASE(ctx_isolation),
	KUNIT_CASE(desc_validation),
	KUNIT_CASE(e2e_vadd),
	KUNIT_CASE(e2e_write_code_faults),
	KUNIT_CASE(e2e_corun_two_slots),
	{}
};

static struct kunit_suite simhost_suite = {
	.name = "simhost",
	.suite_init = find_ktest,
	.init = simhost_init,
	.exit = simhost_exit,
	.test_cases = simhost_cases,
};

kunit_test_suites(&simhost_suite);
