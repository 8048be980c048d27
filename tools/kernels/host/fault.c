// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Negative-test workloads: kernels that must fault, and what the fault
 * record must then say. All launch 4 CTAs of 64 threads; the culprit is
 * thread 37 of CTA 2, so warp and lane differ from 0 for any warp size
 * up to 32 and the record's CTA/warp/lane can be checked.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <lib/kelf.h>

#include "wl.h"

#define FAULT_GRID 4
#define FAULT_BLOCK 64
#define FAULT_CTA 2
#define FAULT_THREAD 37
#define FAULT_BUDGET 20000	/* thread instructions before BUDGET */
#define FAULT_LIMIT 50		/* fault_assert: inputs must be below */

enum fault_kind { F_NULL, F_MISALIGNED, F_SHARED_OOB, F_SPIN, F_ASSERT };

static const char *const fault_kernel[] = {
	[F_NULL] = "fault_null",
	[F_MISALIGNED] = "fault_misaligned",
	[F_SHARED_OOB] = "fault_shared_oob",
	[F_SPIN] = "fault_spin",
	[F_ASSERT] = "fault_assert",
};

struct wl_run {
	enum fault_kind kind;
	struct sim_kernel k;
	struct fault_args args;
	uint32_t buf;
	struct wl_mem mem;
	struct sim_launch launch;
	int launched;
};

static void fault_destroy(struct wl_run *r)
{
	free(r);
}

static int fault_setup(struct sim_ctx *ctx, const struct wl_params *p,
		       struct wl_run **run, enum fault_kind kind, char *err,
		       size_t len)
{
	uint32_t in[FAULT_GRID * FAULT_BLOCK] = { 0 };
	struct wl_run *r;
	uint32_t args_va;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->kind = kind;
	/* One thread's input breaks fault_assert's precondition. */
	in[FAULT_CTA * FAULT_BLOCK + FAULT_THREAD] = FAULT_LIMIT + 1;
	if ((ret = wl_load(ctx, "fault.elf", fault_kernel[kind], &r->k, err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, in, sizeof(in), "fault buffer",
				 &r->buf, err, len)))
		goto fail;
	r->args = (struct fault_args){ .cta = FAULT_CTA, .thread = FAULT_THREAD };
	switch (kind) {
	case F_MISALIGNED:
		r->args.ptr = r->buf + 2;
		break;
	case F_SHARED_OOB:
		r->args.value = FAULT_SHARED_WORDS;	/* first word past */
		break;
	case F_SPIN:
		r->args.ptr = r->buf;		/* stays 0 */
		break;
	case F_ASSERT:
		r->args.ptr = r->buf;
		r->args.value = FAULT_LIMIT;
		break;
	case F_NULL:
		break;
	}
	ret = sim_wl_args(ctx, &r->args, sizeof(r->args), &args_va);
	if (ret) {
		wl_err(err, len, "%s: cannot place arguments",
		       fault_kernel[kind]);
		goto fail;
	}
	wl_launch_1d(&r->launch, &r->k, FAULT_GRID, FAULT_BLOCK, args_va);
	if (kind == F_SPIN)
		r->launch.insn_budget = FAULT_BUDGET;
	*run = r;
	return 0;
fail:
	fault_destroy(r);
	return ret;
}

static int fault_next(struct sim_ctx *ctx, struct wl_run *r,
		      struct sim_launch *l, char *err, size_t len)
{
	(void)ctx;
	(void)err;
	(void)len;
	return wl_next_once(&r->launch, &r->launched, l);
}

/* Nothing to compare: the fault record is the result. */
static int fault_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
		       size_t len)
{
	(void)ctx;
	(void)r;
	(void)err;
	(void)len;
	return 0;
}

/*
 * The faulting PC must lie in an executable segment of the kernel's ELF
 * as loaded: the load base is the kernel's entry VA minus its link-time
 * entry from the ELF's kinfo record.
 */
static int fault_check_pc(const struct wl_run *r, uint32_t pc, char *err,
			  size_t len)
{
	char path[4096], kerr[256];
	struct kelf_image img;
	const struct corun_kinfo *ki;
	uint32_t base;
	int ret = -EIO;

	if (wl_elf_path("fault.elf", path, sizeof(path)))
		return wl_err(err, len, "fault.elf: path too long");
	if (kelf_load_file(path, &img, kerr, sizeof(kerr)))
		return wl_err(err, len, "%s", kerr);
	ki = kelf_find_kernel(&img, r->k.name);
	if (!ki) {
		wl_err(err, len, "%s: no kernel %s", path, r->k.name);
		goto out;
	}
	base = r->k.entry - ki->entry;
	for (unsigned int i = 0; i < img.nsegs; i++) {
		const struct kelf_seg *s = &img.segs[i];

		if ((s->flags & KELF_X) && pc - base >= s->vaddr &&
		    pc - base - s->vaddr < s->memsz && !(pc & 3)) {
			ret = 0;
			goto out;
		}
	}
	wl_err(err, len, "fault pc 0x%x is not in %s's code (loaded at 0x%x)",
	       pc, path, base);
out:
	kelf_free(&img);
	return ret;
}

static int fault_check_record(struct wl_run *r,
			      const struct corun_fault_record *f,
			      uint32_t warp_size, char *err, size_t len)
{
	static const uint32_t cause[] = {
		[F_NULL] = CORUN_FAULT_UNMAPPED,
		[F_MISALIGNED] = CORUN_FAULT_MISALIGNED,
		[F_SHARED_OOB] = CORUN_FAULT_SHARED_OOB,
		[F_SPIN] = CORUN_FAULT_BUDGET,
		[F_ASSERT] = CORUN_FAULT_USER_TRAP,
	};
	const char *name = fault_kernel[r->kind];
	int ret;

	if (f->cause != cause[r->kind])
		return wl_err(err, len, "%s: fault cause %u (%s), expected %u (%s)",
			      name, f->cause, sim_fault_name(f->cause),
			      cause[r->kind], sim_fault_name(cause[r->kind]));
	ret = fault_check_pc(r, f->pc, err, len);
	if (ret)
		return ret;
	if (r->kind == F_SPIN) {
		/* Any thread may be the one that used up the budget. */
		if (f->cta >= FAULT_GRID)
			return wl_err(err, len, "%s: fault CTA %u outside the grid",
				      name, f->cta);
		if (f->insn_count < FAULT_BUDGET)
			return wl_err(err, len, "%s: budget fault after %llu instructions, budget %u",
				      name, (unsigned long long)f->insn_count,
				      FAULT_BUDGET);
		return 0;
	}
	if (!warp_size)
		return wl_err(err, len, "%s: warp size 0", name);
	if (f->cta != FAULT_CTA || f->warp != FAULT_THREAD / warp_size ||
	    f->lane != FAULT_THREAD % warp_size)
		return wl_err(err, len, "%s: fault at CTA %u warp %u lane %u, expected CTA %u warp %u lane %u",
			      name, f->cta, f->warp, f->lane, FAULT_CTA,
			      FAULT_THREAD / warp_size,
			      FAULT_THREAD % warp_size);

	switch (r->kind) {
	case F_NULL:
		if (f->addr >= CORUN_VA_GLOBAL_BASE ||
		    f->access != CORUN_ACCESS_READ)
			return wl_err(err, len, "%s: address 0x%x access %u, expected a read below 0x%x",
				      name, f->addr, f->access,
				      CORUN_VA_GLOBAL_BASE);
		break;
	case F_MISALIGNED:
		if (f->addr != r->args.ptr)
			return wl_err(err, len, "%s: address 0x%x, expected 0x%x",
				      name, f->addr, r->args.ptr);
		break;
	case F_SHARED_OOB:
		if (f->addr != CORUN_VA_SHARED_BASE + 4 * r->args.value ||
		    f->access != CORUN_ACCESS_WRITE)
			return wl_err(err, len, "%s: address 0x%x access %u, expected a write to 0x%x",
				      name, f->addr, f->access,
				      CORUN_VA_SHARED_BASE + 4 * r->args.value);
		break;
	case F_ASSERT:
		/* corun_assert() traps with its source line. */
		if (!f->addr)
			return wl_err(err, len, "%s: trap code 0, expected a line number",
				      name);
		break;
	case F_SPIN:
		break;
	}
	return 0;
}

#define FAULT_WORKLOAD(var, wname, kind, fault, text)                        \
	static int var##_setup(struct sim_ctx *ctx,                          \
			       const struct wl_params *p,                    \
			       struct wl_run **run, char *err, size_t len)   \
	{                                                                    \
		return fault_setup(ctx, p, run, kind, err, len);             \
	}                                                                    \
	const struct workload var = {                                        \
		.name = wname,                                               \
		.elf = "fault.elf",                                          \
		.desc = text,                                                \
		.setup = var##_setup,                                        \
		.next = fault_next,                                          \
		.check = fault_check,                                        \
		.destroy = fault_destroy,                                    \
		.flags = WL_F_FAULT,                                         \
		.expect_fault = fault,                                       \
		.check_fault = fault_check_record,                           \
	}

FAULT_WORKLOAD(wl_fault_null, "fault-null", F_NULL, CORUN_FAULT_UNMAPPED,
	       "one thread loads through a null pointer");
FAULT_WORKLOAD(wl_fault_misaligned, "fault-misaligned", F_MISALIGNED,
	       CORUN_FAULT_MISALIGNED,
	       "one thread loads a word from an address 2 bytes off");
FAULT_WORKLOAD(wl_fault_shared_oob, "fault-shared-oob", F_SHARED_OOB,
	       CORUN_FAULT_SHARED_OOB,
	       "one thread stores past the CTA's shared memory");
FAULT_WORKLOAD(wl_fault_spin, "fault-spin", F_SPIN, CORUN_FAULT_BUDGET,
	       "every thread waits for a flag nobody sets; stopped by the instruction budget");
FAULT_WORKLOAD(wl_fault_assert, "fault-assert", F_ASSERT,
	       CORUN_FAULT_USER_TRAP,
	       "corun_assert() fails in one thread: a device trap");
