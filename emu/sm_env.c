// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: the functional environment of a warp (struct
 * rv_env): instruction fetch, data translation of the global, shared and
 * local windows, CSRs and counters. The executor (isa.c) calls it while
 * sm_issue.c issues a warp.
 */
#include "sm.h"

static inline struct emu_warp *ew(struct rv_warp *w)
{
	return (struct emu_warp *)w->priv;
}

static int env_fetch(void *ctx, struct rv_warp *w, uint32_t pc, uint32_t *insn)
{
	struct emu_job *job = ew(w)->cta->job;
	const struct emu_tlb_entry *e;
	const uint8_t *p;
	int r;

	(void)ctx;
	if (pc < CORUN_VA_GLOBAL_BASE || pc >= CORUN_VA_GLOBAL_END)
		return CORUN_FAULT_UNMAPPED;
	r = emu_mmu_lookup(&job->mmu, pc, CORUN_ACCESS_FETCH, &e);
	if (r)
		return r;
	p = e->host + (pc & (CORUN_PAGE_SIZE - 1));
	*insn = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		(uint32_t)p[3] << 24;
	return 0;
}

/*
 * Map the accesses of @size in [@lo, @hi] linearly: within one page of
 * the global window or within the CTA's shared memory. Returns 0 and in
 * *@host @lo's host address, a fault cause, or -1 when the range lies
 * in neither (another window, or global pages apart).
 */
static int map_linear(struct emu_cta *cta, uint32_t lo, uint32_t hi,
		      unsigned int size, enum corun_fault_access acc,
		      uint8_t **host)
{
	const struct emu_tlb_entry *e;
	int r;

	if (lo >= CORUN_VA_GLOBAL_BASE && hi < CORUN_VA_GLOBAL_END) {
		if ((lo ^ hi) >> CORUN_PAGE_SHIFT)
			return -1;
		r = emu_mmu_lookup(&cta->job->mmu, lo, acc, &e);
		if (r)
			return r;
		*host = e->host + (lo & (CORUN_PAGE_SIZE - 1));
		return 0;
	}
	if (lo >= CORUN_VA_SHARED_BASE &&
	    hi < CORUN_VA_SHARED_BASE + CORUN_VA_SHARED_MAX) {
		if ((uint64_t)(hi - CORUN_VA_SHARED_BASE) + size >
		    cta->job->desc.shared_bytes)
			return CORUN_FAULT_SHARED_OOB;
		*host = cta->sm->shared_mem + cta->shared_off +
			(lo - CORUN_VA_SHARED_BASE);
		return 0;
	}
	return -1;
}

static int env_mem(void *ctx, struct rv_warp *rw, unsigned int lane,
		   uint32_t va, unsigned int size, enum corun_fault_access acc,
		   uint8_t **host)
{
	struct emu_gpu *gpu = ctx;
	struct emu_warp *w = ew(rw);
	struct emu_cta *cta = w->cta;
	uint32_t off;
	int r = map_linear(cta, va, va, size, acc, host);

	if (r >= 0)
		return r;
	if (va >= CORUN_VA_LOCAL_BASE &&
	    va < CORUN_VA_LOCAL_BASE + CORUN_VA_LOCAL_MAX) {
		off = va - CORUN_VA_LOCAL_BASE;
		if ((uint64_t)off + size > cta->job->stack)
			return CORUN_FAULT_LOCAL_OOB;
		off = cta->local_off +
		      local_off(w, lane, off, gpu->cfg.warp_size);
		*host = cta->sm->local_mem + off;
		if (acc != CORUN_ACCESS_READ) {
			uint64_t *d = cta->sm->local_dirty;
			uint32_t p0 = off >> EMU_LOCAL_DIRTY_SHIFT;
			uint32_t p1 = (off + size - 1) >> EMU_LOCAL_DIRTY_SHIFT;

			emu_bit_set(d, p0);
			emu_bit_set(d, p1);
		}
		return 0;
	}
	return CORUN_FAULT_UNMAPPED;
}

/* env_mem() for a whole range at once, where it maps linearly. */
static int env_mem_range(void *ctx, struct rv_warp *rw, uint32_t lo,
			 uint32_t hi, unsigned int size,
			 enum corun_fault_access acc, uint8_t **host)
{
	(void)ctx;
	return map_linear(ew(rw)->cta, lo, hi, size, acc, host) ? -1 : 0;
}

/* Thread index @t of a CTA along the axis of @csr (CORUN_CSR_TID_*). */
static inline uint32_t tid(const struct corun_job_desc *d, unsigned int csr,
			   uint32_t t)
{
	if (csr == CORUN_CSR_TID_X)
		return t % d->block[0];
	if (csr == CORUN_CSR_TID_Y)
		return t / d->block[0] % d->block[1];
	return t / (d->block[0] * d->block[1]);
}

static int env_csr(void *ctx, struct rv_warp *rw, unsigned int lane,
		   unsigned int csr, uint32_t *val)
{
	struct emu_gpu *gpu = ctx;
	struct emu_warp *w = ew(rw);
	struct emu_cta *cta = w->cta;
	const struct corun_job_desc *d = &cta->job->desc;
	uint32_t t = w->wid * gpu->cfg.warp_size + lane;

	switch (csr) {
	case CORUN_CSR_TID_X:
	case CORUN_CSR_TID_Y:
	case CORUN_CSR_TID_Z:
		*val = tid(d, csr, t);
		break;
	case CORUN_CSR_NTID_X:
	case CORUN_CSR_NTID_Y:
	case CORUN_CSR_NTID_Z:
		*val = d->block[csr - CORUN_CSR_NTID_X];
		break;
	case CORUN_CSR_CTAID_X:
	case CORUN_CSR_CTAID_Y:
	case CORUN_CSR_CTAID_Z:
		*val = cta->id[csr - CORUN_CSR_CTAID_X];
		break;
	case CORUN_CSR_NCTAID_X:
	case CORUN_CSR_NCTAID_Y:
	case CORUN_CSR_NCTAID_Z:
		*val = d->grid[csr - CORUN_CSR_NCTAID_X];
		break;
	case CORUN_CSR_LANEID:
		*val = lane;
		break;
	case CORUN_CSR_WARPID:
		*val = w->wid;
		break;
	case CORUN_CSR_SMID:
		*val = cta->sm->id;
		break;
	case CORUN_CSR_SLOT:
		*val = cta->slot;
		break;
	case CORUN_CSR_ARGS:
		*val = d->args;
		break;
	case CORUN_CSR_WARPSIZE:
		*val = gpu->cfg.warp_size;
		break;
	case CORUN_CSR_SHARED_SIZE:
		*val = d->shared_bytes;
		break;
	default:
		return CORUN_FAULT_ILLEGAL_INSN;
	}
	return 0;
}

/* env_csr() for every lane at once: only the thread indexes differ. */
static int env_csr_lanes(void *ctx, struct rv_warp *rw, uint32_t m,
			 unsigned int csr, uint32_t *val)
{
	struct emu_gpu *gpu = ctx;
	struct emu_warp *w = ew(rw);
	const struct corun_job_desc *d = &w->cta->job->desc;
	uint32_t t0 = w->wid * gpu->cfg.warp_size, v, l;
	int r = env_csr(ctx, rw, 0, csr, &v);

	(void)m;
	if (r)
		return r;
	switch (csr) {
	case CORUN_CSR_TID_X:
	case CORUN_CSR_TID_Y:
	case CORUN_CSR_TID_Z:
		for (l = 0; l < RV_MAX_LANES; l++)
			val[l] = tid(d, csr, t0 + l);
		break;
	case CORUN_CSR_LANEID:
		for (l = 0; l < RV_MAX_LANES; l++)
			val[l] = l;
		break;
	default:
		for (l = 0; l < RV_MAX_LANES; l++)
			val[l] = v;
		break;
	}
	return 0;
}

static uint64_t env_counter(void *ctx, struct rv_warp *w, unsigned int lane,
			    unsigned int which)
{
	struct emu_gpu *gpu = ctx;

	(void)lane;
	return which == 2 ? w->retired : gpu->now;
}

void emu_sm_env_init(struct emu_gpu *gpu)
{
	gpu->env.ctx = gpu;
	gpu->env.fetch = env_fetch;
	gpu->env.mem = env_mem;
	gpu->env.csr = env_csr;
	gpu->env.mem_range = env_mem_range;
	gpu->env.csr_lanes = env_csr_lanes;
	gpu->env.counter = env_counter;
	gpu->env.ecall = NULL;
	/*
	 * The executor's per-page micro-TLB would skip the shared/local bound
	 * checks (those windows are not page-granular); see
	 * /tmp/isa-requests.txt. Every access therefore comes here, where
	 * the software TLB makes global accesses cheap.
	 */
	gpu->env.mem_cacheable = false;
	/* Global accesses are page-granular: see env_mem(). */
	gpu->env.page_lo = CORUN_VA_GLOBAL_BASE;
	gpu->env.page_hi = CORUN_VA_GLOBAL_END;
}
