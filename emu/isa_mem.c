// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun SIMT executor: the memory side of one warp instruction. Address
 * translation through the per-lane micro-TLB, the coalesced fast path and
 * the lane loop that finds faults, the 16-byte accesses (translated word
 * by word) and the atomics; isa.c runs the plain loads and stores on the
 * host pointers rv_mem_lanes() returns. Every lane is translated before
 * memory is touched, so a fault in any lane leaves the warp and memory
 * unchanged.
 */
#include "isa_int.h"

#include <string.h>

#include <corun/kernel.h>

#define PAGE_MASK (~(uint32_t)(CORUN_PAGE_SIZE - 1))
#define UTLB_EMPTY 1u

void rv_warp_flush_tlb(struct rv_warp *w)
{
	for (unsigned int l = 0; l < RV_MAX_LANES; l++)
		w->utlb_tag[0][l] = w->utlb_tag[1][l] = UTLB_EMPTY;
}

/* One lane's access: the micro-TLB, else env->mem() (and fill it). */
int rv_xlate(struct rv_warp *w, const struct rv_env *env, unsigned int lane,
	     uint32_t va, unsigned int size, enum corun_fault_access acc,
	     uint8_t **host)
{
	unsigned int k = acc == CORUN_ACCESS_WRITE;
	int r;

	if (!env->mem_cacheable || acc == CORUN_ACCESS_AMO)
		return env->mem(env->ctx, w, lane, va, size, acc, host);
	if (w->utlb_tag[k][lane] == (va & PAGE_MASK)) {
		*host = w->utlb_host[k][lane] + (va & ~PAGE_MASK);
		return 0;
	}
	r = env->mem(env->ctx, w, lane, va, size, acc, host);
	if (r)
		return r;
	w->utlb_tag[k][lane] = va & PAGE_MASK;
	w->utlb_host[k][lane] = *host - (va & ~PAGE_MASK);
	return 0;
}

/*
 * Every issuing lane aligned and in one page, and env->mem_range() maps
 * the range they span (the common coalesced or shared-memory access): the
 * result of the lane loop of rv_mem_lanes(), which takes every other case
 * and finds the faults. The loops run over all lanes (inactive ones count
 * as the first active one) on local arrays, so that they vectorise; the
 * in-page offsets fit int16_t, which SSE2 has min and max for. Returns 0
 * when done, -1 when the lane loop must run.
 */
/* 1 << l, as a table: SSE2 has no per-lane variable shift. */
static const uint32_t lane_bit[RV_MAX_LANES] = {
#define B4(n) 1u << (n), 1u << ((n) + 1), 1u << ((n) + 2), 1u << ((n) + 3)
	B4(0), B4(4), B4(8), B4(12), B4(16), B4(20), B4(24), B4(28),
#undef B4
};

static int mem_lanes_range(struct rv_warp *w, const struct rv_env *env,
			   const struct rv_uop *u, uint32_t m,
			   enum corun_fault_access acc, struct rv_step *st,
			   uint8_t **host)
{
	const uint32_t *ra = w->x[u->rs1];
	uint32_t imm = (uint32_t)u->imm, amask = u->size - 1, bad = 0;
	uint32_t v0 = ra[__builtin_ctz(m)] + imm, va[RV_MAX_LANES];
	int16_t off[RV_MAX_LANES], lo, hi;
	uint8_t *base;

	for (uint32_t l = 0; l < RV_MAX_LANES; l++) {
		uint32_t on = 0u - ((m & lane_bit[l]) != 0);
		uint32_t v = ((ra[l] + imm) & on) | (v0 & ~on);

		va[l] = v;
		bad |= (v & amask) | ((v ^ v0) & PAGE_MASK);
		off[l] = (int16_t)(v & ~PAGE_MASK);
	}
	if (bad)
		return -1;
	lo = hi = off[0];
	for (uint32_t l = 0; l < RV_MAX_LANES; l++) {
		lo = off[l] < lo ? off[l] : lo;
		hi = off[l] > hi ? off[l] : hi;
	}
	v0 &= PAGE_MASK;
	if (env->mem_range(env->ctx, w, v0 | (uint32_t)lo, v0 | (uint32_t)hi,
			   u->size, acc, &base))
		return -1;
	memcpy(st->addr, va, sizeof(va));
	base -= lo;
	for (uint32_t l = 0; l < RV_MAX_LANES; l++)
		host[l] = base + off[l];
	return 0;
}

/* Translate the access of every lane; the lowest faulting lane wins. */
int rv_mem_lanes(struct rv_warp *w, const struct rv_env *env,
		 const struct rv_uop *u, uint32_t m,
		 enum corun_fault_access acc, struct rv_step *st,
		 uint8_t **host)
{
	unsigned int size = u->size;
	uint32_t page = UTLB_EMPTY; /* page of @base (env->page_lo/hi) */
	uint8_t *base = NULL;
	int r;

	st->size = size;
	st->access = u->cls == RV_CLS_AMO ? CORUN_ACCESS_AMO : acc;
	if (env->mem_range && !mem_lanes_range(w, env, u, m, acc, st, host))
		goto hints;
	FOR_LANES(m, l) {
		uint32_t va = w->x[u->rs1][l] + (uint32_t)u->imm;

		st->addr[l] = va;
		if (va & (size - 1))
			return fault(st, CORUN_FAULT_MISALIGNED, l, va, acc);
		if ((va & PAGE_MASK) == page) {
			host[l] = base + (va & ~PAGE_MASK);
			continue;
		}
		r = rv_xlate(w, env, l, va, size, acc, &host[l]);
		if (r)
			return fault(st, r, l, va, acc);
		if (va - env->page_lo < env->page_hi - env->page_lo) {
			page = va & PAGE_MASK;
			base = host[l] - (va & ~PAGE_MASK);
		}
	}
hints:
	/* BYPASS hints are consumed by the next global-window access. */
	if (w->bypass & m) {
		uint32_t g = 0;

		FOR_LANES(w->bypass & m, l) {
			if (st->addr[l] >= CORUN_VA_GLOBAL_BASE &&
			    st->addr[l] < CORUN_VA_GLOBAL_END)
				g |= 1u << l;
		}
		st->bypass = g & ~w->cache & ~w->ro;
		st->cache = g & w->cache;
		st->ro = g & w->ro;
		w->bypass &= ~g;
		w->cache &= ~g;
		w->ro &= ~g;
	}
	return 0;
}

/*
 * LDV4 / STV4: the aligned 16 bytes of each lane, translated word by word
 * after the first (local memory interleaves the threads' stacks by
 * word), all before any register or memory changes.
 */
int rv_exec_v4(struct rv_warp *w, const struct rv_env *env,
	       const struct rv_uop *u, uint32_t m, struct rv_step *st,
	       uint8_t **host)
{
	enum corun_fault_access acc = u->op == RV_OP_LDV4 ?
		CORUN_ACCESS_READ : CORUN_ACCESS_WRITE;
	uint8_t *h[3][RV_MAX_LANES];
	unsigned int k;
	int r;

	r = rv_mem_lanes(w, env, u, m, acc, st, host);
	if (r)
		return r;
	for (k = 0; k < 3; k++) {
		FOR_LANES(m, l) {
			uint32_t va = st->addr[l] + 4 * (k + 1);

			r = rv_xlate(w, env, l, va, 4, acc, &h[k][l]);
			if (r)
				return fault(st, r, l, va, acc);
		}
	}
	if (u->op == RV_OP_LDV4) {
		FOR_LANES(m, l) {
			w->x[u->rd][l] = ld32(host[l]);
			for (k = 0; k < 3; k++)
				w->x[u->rd + k + 1][l] = ld32(h[k][l]);
		}
	} else {
		FOR_LANES(m, l) {
			st32(host[l], w->x[u->rs2][l]);
			for (k = 0; k < 3; k++)
				st32(h[k][l], w->x[u->rs2 + k + 1][l]);
		}
	}
	return 0;
}

int rv_exec_amo(struct rv_warp *w, const struct rv_uop *u, uint32_t m,
		uint8_t **host, uint32_t *xd, struct rv_step *st)
{
	uint32_t(*X)[RV_MAX_LANES] = w->x;

	FOR_LANES(m, l) {
		uint8_t *h = host[l];
		uint32_t old = ld32(h), b = X[u->rs2][l], v;

		switch (u->op) {
		case RV_OP_LR_W:
			w->resv_addr[l] = st->addr[l];
			w->resv_val[l] = old;
			w->resv_valid |= 1u << l;
			xd[l] = old;
			continue;
		case RV_OP_SC_W:
			/*
			 * Valid reservation for this address whose value is
			 * unchanged: like QEMU, a value-based check, which
			 * also fails an SC after another lane's (or warp's)
			 * successful SC or store of a different value.
			 */
			if ((w->resv_valid >> l & 1) &&
			    w->resv_addr[l] == st->addr[l] &&
			    w->resv_val[l] == old) {
				st32(h, b);
				xd[l] = 0;
			} else {
				xd[l] = 1;
			}
			w->resv_valid &= ~(1u << l);
			continue;
		case RV_OP_AMOSWAP_W: v = b; break;
		case RV_OP_AMOADD_W: v = old + b; break;
		case RV_OP_AMOXOR_W: v = old ^ b; break;
		case RV_OP_AMOAND_W: v = old & b; break;
		case RV_OP_AMOOR_W: v = old | b; break;
		case RV_OP_AMOMIN_W:
			v = (int32_t)old < (int32_t)b ? old : b;
			break;
		case RV_OP_AMOMAX_W:
			v = (int32_t)old > (int32_t)b ? old : b;
			break;
		case RV_OP_AMOMINU_W: v = old < b ? old : b; break;
		default: v = old > b ? old : b; break;
		}
		st32(h, v);
		xd[l] = old;
	}
	return 0;
}
