// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: what a resident warp does on an SM. The warp
 * schedulers (LRR, GTO, two-level, kernel-aware) pick warps; an issue
 * checks the scoreboard and the functional-unit pipelines, runs the warp
 * in the executor and times it: memory instructions through coalescing,
 * shared-memory banks and the LSU into the memory side, barriers and
 * thread exit. The LSU's drain into the L1 and the completions that
 * release the scoreboard are sm_lsu.c's, CTA residency sm.c's.
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "sm.h"

/* ---------------------------------------------------------------------
 * Barriers and thread exit.
 */

static void barrier_release(struct emu_sm *sm, struct emu_cta *cta)
{
	uint64_t t = sm->gpu->now + 1;
	uint32_t i;

	cta->arrived = 0;
	for (i = 0; i < cta->nwarps; i++) {
		struct emu_warp *w = &sm->warps[cta->warps[i]];

		if (w->cta == cta) {
			w->rv.blocked = 0;
			lsu_wait_set(sm, WH(sm, w), false);
			WH(sm, w)->wake = t;
			sched_wake(warp_sched(sm, w), sm, t);
		}
	}
}

/* Returns true if the CTA ended (and was freed). */
static bool threads_exited(struct emu_sm *sm, struct emu_warp *w,
			   uint32_t exited)
{
	struct emu_cta *cta = w->cta;
	struct emu_job *job = cta->job;

	cta->live_threads -= emu_popcount(exited);
	if (!w->rv.active)
		emu_sm_warp_free(sm, w);
	if (!cta->live_threads) {
		struct emu_gpu *gpu = sm->gpu;

		EMU_SLOT_ADD(gpu, cta->slot, ctas_done, 1);
		emu_sm_cta_free(sm, cta);
		emu_gpu_cta_done(gpu, job);
		return true;
	}
	/* Exited threads do not count: the rest may all be waiting now. */
	if (cta->arrived && cta->arrived >= cta->live_threads)
		barrier_release(sm, cta);
	return false;
}

/* ---------------------------------------------------------------------
 * Issue.
 */

static const uint8_t cls_fu[RV_CLS_NR] = {
	[RV_CLS_ALU] = EMU_FU_ALU,     [RV_CLS_MUL] = EMU_FU_MUL,
	[RV_CLS_DIV] = EMU_FU_DIV,     [RV_CLS_FPU] = EMU_FU_FPU,
	[RV_CLS_FDIV] = EMU_FU_FDIV,   [RV_CLS_BRANCH] = EMU_FU_ALU,
	[RV_CLS_DFPU] = EMU_FU_DP,     [RV_CLS_DFDIV] = EMU_FU_DDIV,
	[RV_CLS_LOAD] = EMU_FU_LDST,   [RV_CLS_STORE] = EMU_FU_LDST,
	[RV_CLS_AMO] = EMU_FU_LDST,    [RV_CLS_CSR] = EMU_FU_ALU,
	[RV_CLS_BAR] = EMU_FU_ALU,     [RV_CLS_EXIT] = EMU_FU_ALU,
	[RV_CLS_FENCE] = EMU_FU_ALU,   [RV_CLS_NOP] = EMU_FU_ALU,
	[RV_CLS_TRAP] = EMU_FU_ALU,    [RV_CLS_ILLEGAL] = EMU_FU_ALU,
};

static inline unsigned int uop_fu(const struct rv_uop *u)
{
	if (u->op == RV_OP_FSQRT_S)
		return EMU_FU_SFU;
	return cls_fu[u->cls];
}

static inline bool is_mem(const struct rv_uop *u)
{
	return u->cls == RV_CLS_LOAD || u->cls == RV_CLS_STORE ||
	       u->cls == RV_CLS_AMO;
}

static void fault_warp(struct emu_sm *sm, struct emu_warp *w,
		       const struct rv_fault *f)
{
	struct emu_cta *cta = w->cta;
	struct corun_fault_record rec = {
		.cause = f->cause,
		.access = (uint16_t)f->access,
		.slot = (uint16_t)cta->slot,
		.sm = sm->id,
		.cta = cta->index,
		.warp = w->wid,
		.lane = f->lane,
		.pc = f->pc,
		.addr = f->addr,
		.insn_count = cta->job->insns,
	};

	emu_gpu_job_fault(sm->gpu, cta->job, &rec);
}

static void lsu_push(struct emu_sm *sm, struct emu_job *job,
		     const struct emu_mem_req *r)
{
	job->mem_out++;
	/*
	 * Only issued while lsu_full_slots() leaves the slot out: the ring
	 * has room for one instruction (EMU_LSU_INSN_MAX), or one per slot.
	 */
	sm->lsu[(sm->lsu_head + sm->lsu_n) & sm->lsu_mask].req = *r;
	sm->lsu_n++;
	if (sm->lsu_hold) {
		sm->lsu_cnt[r->slot]++;
		sm->lsu_slots |= 1u << r->slot;
	}
}

/*
 * BMI (Dai et al., HPCA'18): of the slots whose warps wait at the LSU and
 * may enter it (not in @full), the one that has sent the fewest L1
 * requests from this SM goes first; the slots resident here that have
 * sent more wait (returned, bit per slot). Equal counts go together. The
 * waiting warps are those an earlier attempt found the LSU closed to, so
 * the LSU's next instruction is chosen from the kernels that asked for
 * it, as an arbiter between the schedulers and the LSU would.
 */
static uint32_t bmi_held(const struct emu_sm *sm, uint32_t full)
{
	uint64_t min = bmi_fewest(sm, sm->bmi_waiting & ~full);
	uint32_t m, held = 0;

	for (m = min != UINT64_MAX ? sm->bmi_slots : 0; m; m &= m - 1)
		if (sm->bmi_req[__builtin_ctz(m)] > min)
			held |= 1u << __builtin_ctz(m);
	return held;
}

/*
 * Slots whose next memory instruction cannot enter the LSU (bit per
 * slot), lsu_busy aside: every slot while it holds an instruction, or
 * under l1.subq_full = hold the slots with one there; under BMI also
 * those bmi_held() makes wait.
 */
static inline uint32_t lsu_full_slots(const struct emu_sm *sm)
{
	uint32_t full = sm->lsu_hold ? sm->lsu_slots : sm->lsu_n ? ~0u : 0;

	if (sm->bmi && full != ~0u)
		full |= bmi_held(sm, full);
	return full;
}

static inline bool lsu_blocked(const struct emu_sm *sm, uint32_t slot,
			       uint64_t now)
{
	return sm->lsu_busy > now || (lsu_full_slots(sm) >> slot & 1);
}

/* Do the addresses of the lanes of @m all lie in one @line_mask line? */
static bool one_line(const uint32_t *addr, uint32_t m, uint32_t line_mask)
{
	uint32_t a0 = addr[__builtin_ctz(m)] & line_mask, diff = 0;
	unsigned int l;

	/* All lanes (branch-free), then only @m's count. */
#ifdef __SSE2__
	const __m128i lm = _mm_set1_epi32((int)line_mask);
	const __m128i ref = _mm_set1_epi32((int)a0);
	uint32_t same = 0;

	for (l = 0; l < RV_MAX_LANES; l += 4) {
		__m128i v = _mm_loadu_si128((const void *)&addr[l]);
		__m128i eq = _mm_cmpeq_epi32(_mm_and_si128(v, lm), ref);

		same |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(eq)) << l;
	}
	diff = ~same;
#else
	for (l = 0; l < RV_MAX_LANES; l++)
		diff |= (uint32_t)((addr[l] & line_mask) != a0) << l;
#endif
	return !(diff & m);
}

/*
 * An access to the argument block (CUDA's constant bank): marked for the
 * read-only cache like a hinted one; the memory side sends stores and
 * atomics to the L1 anyway.
 */
static inline bool in_args(const struct emu_job *job, uint32_t va)
{
	return va - job->desc.args < CORUN_ARGS_MAX;
}

/* The bit of the 4-byte word at @pa in its line of @line bytes. */
static inline uint64_t word_bit(uint64_t pa, uint32_t line)
{
	return 1ull << ((pa & (line - 1)) >> 2);
}

/* Timing address of a word of the stack of @w's thread in @lane. */
static uint64_t local_line(struct emu_sm *sm, struct emu_warp *w,
			   unsigned int lane, uint32_t va)
{
	const struct emu_config *c = &sm->gpu->cfg;

	return EMU_LOCAL_PA_BASE + (uint64_t)sm->id * c->sm.local_bytes +
	       w->cta->local_off +
	       local_off(w, lane, va - CORUN_VA_LOCAL_BASE, c->warp_size);
}

/*
 * Count @bytes of a warp access in line @pa (a new line if not seen yet);
 * @word: for local memory, the bit of the word accessed in the line.
 */
static inline __attribute__((always_inline)) void
add_line(uint64_t *lines, uint32_t *lsize, uint32_t *lbyp, uint32_t *lro,
	 uint64_t *lwords, uint32_t *nl, uint64_t pa, uint32_t bytes,
	 uint32_t byp, uint32_t ro, uint64_t word)
{
	uint32_t i, n = *nl;

	/* Coalesced lanes mostly repeat the previous lane's line. */
	if (n && lines[n - 1] == pa) {
		i = n - 1;
	} else {
		for (i = 0; i < n; i++)
			if (lines[i] == pa)
				break;
	}
	if (i == n) {
		lines[n] = pa;
		lsize[n] = 0;
		lbyp[n] = 0;
		lro[n] = 0;
		lwords[n] = 0;
		*nl = n + 1;
	}
	lsize[i] += bytes;
	lbyp[i] |= byp;
	lro[i] |= ro;
	lwords[i] |= word;
}

/* Timing of a memory instruction after it executed functionally. */
static void issue_mem(struct emu_sm *sm, struct emu_sched *sc,
		      struct emu_warp *w, const struct rv_uop *u,
		      const struct rv_step *st)
{
	struct emu_gpu *gpu = sm->gpu;
	const struct emu_config *c = &gpu->cfg;
	struct emu_cta *cta = w->cta;
	struct emu_job *job = cta->job;
	uint64_t now = gpu->now, lines[EMU_LSU_INSN_MAX];
	uint32_t lsize[EMU_LSU_INSN_MAX], lbyp[EMU_LSU_INSN_MAX];
	uint32_t lro[EMU_LSU_INSN_MAX];
	uint64_t lwords[EMU_LSU_INSN_MAX];
	uint32_t words[4 * RV_MAX_LANES], nwords = 0;
	uint32_t nw = st->size > 4 ? st->size / 4 : 1; /* words per lane */
	uint8_t bank_cnt[32] = { 0 };
	uint32_t nl = 0, i, degree = 0, lat = c->fu[EMU_FU_LDST].latency;
	uint64_t line_mask = ~(uint64_t)(c->l1.line - 1);
	uint32_t m = st->mask, last_vpn = UINT32_MAX;
	uint64_t last_pa = 0;
	uint8_t dst = u->dst;
	uint32_t nreg = u->vregs && dst != RV_REG_NONE ? u->vregs : 1;
	bool amo = st->access == CORUN_ACCESS_AMO;
	uint16_t mil = 0;

	sc->fu_free[EMU_FU_LDST] = now + c->fu[EMU_FU_LDST].interval;
	if (m && st->addr[__builtin_ctz(m)] < CORUN_VA_SHARED_BASE &&
	    one_line(st->addr, m, (uint32_t)line_mask)) {
		/*
		 * Every lane in one line of the global window (a line never
		 * straddles a window or a page): what the loop below would
		 * find, from the first lane alone.
		 */
		uint32_t va = st->addr[__builtin_ctz(m)];
		uint64_t pa = va;

		if (c->timing_address == EMU_TIMING_VA) {
			pa = (uint64_t)job->desc.as_tag << 32 | va;
		} else {
			const struct emu_tlb_entry *e;

			if (!emu_mmu_lookup(&job->mmu, va, st->access, &e))
				pa = e->pa | (va & (CORUN_PAGE_SIZE - 1));
		}
		lines[0] = pa & line_mask;
		lsize[0] = (uint32_t)emu_popcount(m) * st->size;
		lro[0] = (st->ro & m) != 0 || in_args(job, va);
		lbyp[0] = (st->bypass & m) != 0 ||
			  (cta->bypass && (m & ~st->cache) != 0);
		lwords[0] = 0;
		nl = 1;
		m = 0;
	}
	while (m) {
		unsigned int lane = __builtin_ctz(m);
		uint32_t va = st->addr[lane], bytes, byp, ro;
		uint64_t pa, word = 0;

		m &= m - 1;
		if (va >= CORUN_VA_SHARED_BASE &&
		    va < CORUN_VA_SHARED_BASE + CORUN_VA_SHARED_MAX) {
			uint32_t w0 = (va - CORUN_VA_SHARED_BASE) >> 2;

			/* A doubleword takes the banks of both its words. */
			for (uint32_t word = w0; word < w0 + nw; word++) {
				uint32_t bank = word % c->sm.shared_banks;
				bool dup = false;

				/*
				 * Same word: a read or a write is one
				 * broadcast, but atomics on one word
				 * serialize, a pass per lane.
				 */
				if (bank_cnt[bank] && !amo)
					for (i = 0; i < nwords && !dup; i++)
						dup = words[i] == word;
				if (!dup) {
					words[nwords++] = word;
					if (++bank_cnt[bank] > degree)
						degree = bank_cnt[bank];
				}
			}
			continue;
		}
		/*
		 * A bypass CTA's stack stays cached, as GPUs keep local
		 * data, and so do its accesses with the cache hint.
		 */
		byp = (st->bypass >> lane & 1) |
		      (cta->bypass && va < CORUN_VA_LOCAL_BASE &&
		       !(st->cache >> lane & 1));
		ro = (st->ro >> lane & 1) | in_args(job, va);
		bytes = st->size;
		if (va >= CORUN_VA_LOCAL_BASE) {
			/*
			 * Local memory interleaves the threads' stacks word
			 * by word: the words of a wider access lie apart.
			 */
			pa = local_line(sm, w, lane, va);
			for (i = 1; i < nw; i++) {
				add_line(lines, lsize, lbyp, lro, lwords, &nl,
					 pa & line_mask, 4, byp, ro,
					 word_bit(pa, c->l1.line));
				pa = local_line(sm, w, lane, va + 4 * i);
			}
			if (nw > 1)
				bytes = 4;
			word = word_bit(pa, c->l1.line);
		} else if (c->timing_address == EMU_TIMING_VA) {
			pa = (uint64_t)job->desc.as_tag << 32 | va;
		} else if ((va >> CORUN_PAGE_SHIFT) == last_vpn) {
			pa = last_pa | (va & (CORUN_PAGE_SIZE - 1));
		} else {
			const struct emu_tlb_entry *e;

			/* Executed fine, so the translation exists. */
			if (emu_mmu_lookup(&job->mmu, va, st->access, &e))
				pa = va;
			else
				pa = e->pa | (va & (CORUN_PAGE_SIZE - 1));
			last_vpn = va >> CORUN_PAGE_SHIFT;
			last_pa = pa & ~(uint64_t)(CORUN_PAGE_SIZE - 1);
		}
		add_line(lines, lsize, lbyp, lro, lwords, &nl, pa & line_mask,
			 bytes, byp, ro, word);
	}

	if (degree) {
		uint64_t done = now + lat + c->sm.shared_latency + degree - 1;

		sm->lsu_busy = now + degree;
		for (i = 0; dst != RV_REG_NONE && i < nreg; i++)
			if (done > w->ready[dst + i])
				w->ready[dst + i] = done;
	}
	if (nl && (sm->mil_slots >> cta->slot & 1))
		mil = emu_mil_track(sm, cta->slot, nl);
	if (sm->bmi)
		sm->bmi_req[cta->slot] += nl;
	for (i = 0; i < nl; i++) {
		struct emu_mem_req r = {
			.addr = lines[i],
			.size = lsize[i] < c->l1.line ? lsize[i] : c->l1.line,
			.job = job->id,
			.gen = w->gen,
			.slot = (uint16_t)cta->slot,
			.sm = (uint16_t)sm->id,
			.warp = (uint16_t)w->idx,
			.reg = dst,
			.nreg = (uint8_t)nreg,
			.is_write = st->access == CORUN_ACCESS_WRITE,
			.is_atomic = st->access == CORUN_ACCESS_AMO,
			.bypass = (uint8_t)lbyp[i],
			.ro = (uint8_t)lro[i],
			.words = lwords[i],
			.local = lwords[i] != 0,
			.cls = EMU_CLS_GPU,
			.mil = mil,
		};

		lsu_push(sm, job, &r);
	}
	if (nl && dst != RV_REG_NONE) {
		w->long_mask |= emu_reg_group(dst, nreg);
		w->pending[dst] = (uint8_t)nl;
	}
}

/*
 * The registers after the first of a vector operand (LDV4's destination,
 * STV4's data): add them to @regs; returns @t raised to their ready time.
 */
static uint64_t vec_operand(const struct emu_warp *w, const struct rv_uop *u,
			    uint64_t t, uint64_t *regs)
{
	uint8_t r = u->dst != RV_REG_NONE ? u->dst : u->src[u->nsrc - 1];
	uint32_t i;

	for (i = 1; i < u->vregs; i++) {
		*regs |= 1ull << (r + i);
		if (w->ready[r + i] > t)
			t = w->ready[r + i];
	}
	return t;
}

/* Try to issue @w. Returns EMU_STALL_NONE if it issued. */
static uint8_t try_issue(struct emu_sm *sm, struct emu_sched *sc,
			 struct emu_warp *w)
{
	struct emu_gpu *gpu = sm->gpu;
	const struct emu_config *c = &gpu->cfg;
	struct emu_cta *cta = w->cta;
	struct emu_job *job = cta->job;
	struct emu_warp_hot *h = WH(sm, w);
	struct rv_step *st = &gpu->step;
	uint64_t now = gpu->now, t = 0, regs = 0;
	const struct rv_uop *u;
	unsigned int fu = EMU_FU_ALU, i, n;
	uint32_t mask;
	int ff, r;

	lsu_wait_set(sm, h, false);
	if (cta->throttled) {
		h->wake = EMU_NEVER;
		return CORUN_STALL_THROTTLED;
	}
	u = rv_warp_peek(&w->rv, &gpu->env, &ff);
	if (!u && !ff) {
		/* Every live lane waits at the barrier. */
		h->wake = EMU_NEVER;
		return CORUN_STALL_BARRIER;
	}
	if (u) {
		for (i = 0; i < u->nsrc; i++) {
			regs |= 1ull << u->src[i];
			if (w->ready[u->src[i]] > t)
				t = w->ready[u->src[i]];
		}
		if (u->dst != RV_REG_NONE) {
			regs |= 1ull << u->dst;
			if (w->ready[u->dst] > t)
				t = w->ready[u->dst];
		}
		if (u->vregs)
			t = vec_operand(w, u, t, &regs);
		if (regs & w->long_mask) {
			h->wake = EMU_NEVER;
			return regs & w->long_mask & w->miss_mask ?
				       CORUN_STALL_RAW_LONG :
				       CORUN_STALL_RAW_SHORT;
		}
		if (t > now) {
			h->wake = t;
			return CORUN_STALL_RAW_SHORT;
		}
		fu = uop_fu(u);
		if (sc->fu_free[fu] > now) {
			h->wake = sc->fu_free[fu];
			return CORUN_STALL_FU_BUSY;
		}
		/* Held by its slot's MIL cap until one of its own completes. */
		if (is_mem(u) && (sm->mil_slots >> cta->slot & 1) &&
		    emu_mil_blocked(sm, w, u, cta->slot)) {
			h->wake = EMU_NEVER;
			return CORUN_STALL_MIL;
		}
		if (is_mem(u) && lsu_blocked(sm, cta->slot, now)) {
			h->wake = sm->lsu_busy > now ? sm->lsu_busy : now + 1;
			lsu_wait_set(sm, h, true);
			h->lsu_fu = (uint8_t)fu;
			return CORUN_STALL_LSU_FULL;
		}
		/* Ready to issue: the slot's issue quota has the last word. */
		if ((sm->quota_slots >> cta->slot & 1) &&
		    !emu_quota_take(sm, cta->slot)) {
			h->wake = sm->quota_end;
			return CORUN_STALL_THROTTLED;
		}
	}

	mask = rv_warp_issue_mask(&w->rv);
	n = emu_popcount(mask);
	if (u && job->budget && job->insns + n > job->budget) {
		struct rv_fault f = {
			.cause = CORUN_FAULT_BUDGET,
			.lane = mask ? __builtin_ctz(mask) : 0,
			.pc = w->rv.pc[mask ? __builtin_ctz(mask) : 0],
		};

		fault_warp(sm, w, &f);
		return EMU_STALL_NONE;
	}
	r = rv_warp_exec(&w->rv, &gpu->env, st);
	if (r) {
		fault_warp(sm, w, &st->fault);
		return EMU_STALL_NONE;
	}
	if (!st->mask)
		return CORUN_STALL_FETCH; /* cannot happen after a peek */
	u = st->uop;
	n = emu_popcount(st->mask);
	job->insns += n;
	EMU_SLOT_ADD(gpu, cta->slot, warp_insns, 1);
	EMU_SLOT_ADD(gpu, cta->slot, thread_insns, n);
	sm->cnt->warp_insns++;
	sm->slot_insns[cta->slot]++;
	gpu->stats.warp_insns++;
	gpu->stats.thread_insns += n;
	h->wake = now + 1;

	if (is_mem(u)) {
		issue_mem(sm, sc, w, u, st);
	} else {
		sc->fu_free[fu] = now + c->fu[fu].interval;
		if (u->dst != RV_REG_NONE)
			w->ready[u->dst] = now + c->fu[fu].latency;
	}
	if (st->arrived) {
		w->rv.blocked |= st->arrived;
		cta->arrived += emu_popcount(st->arrived);
		if (cta->arrived >= cta->live_threads)
			barrier_release(sm, cta);
	}
	if (st->exited)
		threads_exited(sm, w, st->exited);
	return EMU_STALL_NONE;
}

/* ---------------------------------------------------------------------
 * Warp schedulers.
 */

/*
 * Kernel-aware order (positions in @sc->list): slots round robin starting
 * after the one issued last; inside a slot its greedy warp first, then
 * oldest first.
 */
static uint32_t kaware_order(struct emu_sm *sm, struct emu_sched *sc,
			     uint8_t *order)
{
	uint32_t ns = sm->gpu->cfg.num_slots, n = sc->n, s0, i, j, k = 0;

	s0 = sc->last_slot >= 0 ? (uint32_t)sc->last_slot + 1 : 0;
	for (j = 0; j < ns; j++) {
		uint32_t slot = (s0 + j) % ns;
		int g = sc->greedy[slot], gp = -1;

		if (!sm->gpu->slots[slot].resident[sm->id])
			continue;
		for (i = 0; i < n && g >= 0; i++)
			if (sc->list[i] == g)
				gp = (int)i;
		if (gp >= 0)
			order[k++] = (uint8_t)gp;
		for (i = 0; i < n; i++)
			if ((int)i != gp && WHI(sm, sc->list[i])->slot == slot)
				order[k++] = (uint8_t)i;
	}
	return k;
}

/*
 * two_level: the stall reasons that last, after which a warp leaves the
 * active pool for the back of the list. RAW_LONG waits for an L1 miss,
 * BARRIER for the other warps of its CTA (which may all sit outside the
 * pool: keeping it would deadlock the pool), THROTTLED for the firmware
 * or the end of the issue-quota period, MIL for a memory instruction of
 * its slot to complete; each sleeps until an event or for
 * many cycles. RAW_SHORT, FU_BUSY and LSU_FULL clear in a few cycles (and
 * the LSU is shared, so swapping would not help); FETCH cannot follow a
 * peek.
 */
static bool two_level_lasting(uint8_t r)
{
	return r == CORUN_STALL_RAW_LONG || r == CORUN_STALL_BARRIER ||
	       r == CORUN_STALL_THROTTLED || r == CORUN_STALL_MIL;
}

/* two_level: a warp of the active pool stalled long goes to the back. */
static void two_level_demote(struct emu_sched *sc, uint16_t widx)
{
	uint32_t i;

	for (i = 0; i < sc->n; i++) {
		if (sc->list[i] == widx) {
			memmove(&sc->list[i], &sc->list[i + 1],
				(sc->n - i - 1) * sizeof(sc->list[0]));
			sc->list[sc->n - 1] = widx;
			return;
		}
	}
}

static void charge_stalls(struct emu_gpu *gpu, struct emu_sched *sc,
			  uint64_t cycles)
{
	uint32_t m = sc->stall_slots;

	while (m) {
		unsigned int s = __builtin_ctz(m);

		m &= m - 1;
		EMU_SLOT_ADD(gpu, s, stall[sc->stall_reason[s]], cycles);
	}
}

/* State of one sched_tick() scan over the warps of a scheduler. */
struct sched_scan {
	uint64_t now, wake, passive;
	uint32_t issued, slots, mods, ndemote, policy, nlsu, lsu_slots;
	/* positions found awake and left stalled at the LSU */
	uint64_t lsu[(EMU_MAX_SM_WARPS + 63) / 64];
	uint16_t demote[EMU_MAX_SM_WARPS];
};

/*
 * Visit the warp at @pos of @sc->list: issue it if it can. Returns true
 * when the scan must stop. Forced inline so that each visiting order of
 * sched_tick() gets its own tight loop.
 *
 * The stall picture (min wake, the first stall reason of each slot in
 * visiting order) only matters when the whole scan issues nothing, and
 * then nothing in the scan changed any warp but the visited one. So this
 * first pass skips sleeping warps outright and stall_visit() builds the
 * picture afterwards, in the same order, only for scans that issued
 * nothing.
 */
static inline __attribute__((always_inline)) bool
sched_visit(struct emu_sm *sm, struct emu_sched *sc, struct sched_scan *s,
	    uint32_t pos)
{
	uint64_t now = s->now;
	uint16_t widx = sc->list[pos];
	struct emu_warp_hot *h = WHI(sm, widx);
	uint32_t slot;
	uint8_t r;

	if (h->wake > now)
		return false;
	slot = h->slot;
	if (h->lsu_wait && sc->fu_free[h->lsu_fu] <= now &&
	    lsu_blocked(sm, slot, now)) {
		/* Same outcome as try_issue(), see lsu_wait. */
		h->wake = sm->lsu_busy > now ? sm->lsu_busy : now + 1;
		s->nlsu++;
		s->lsu_slots |= 1u << slot;
		emu_bit_set(s->lsu, pos);
		return false;
	}
	r = try_issue(sm, sc, &sm->warps[widx]);
	h->stall = r;
	if (r == EMU_STALL_NONE) {
		sc->last = widx;
		sc->last_pos = pos;
		sc->last_slot = (int)slot;
		sc->greedy[slot] = widx;
		return ++s->issued >= sm->gpu->cfg.sm.issue_width ||
		       sc->mods != s->mods;
	}
	if (s->policy == EMU_SCHED_TWO_LEVEL && two_level_lasting(r))
		s->demote[s->ndemote++] = widx;
	if (r == CORUN_STALL_LSU_FULL) {
		s->nlsu++;
		s->lsu_slots |= 1u << slot;
		emu_bit_set(s->lsu, pos);
	}
	return false;
}

/*
 * Second pass of a scan that issued nothing: the stall picture exactly as
 * if it had been taken at each visit (h->stall and h->wake are what the
 * visit left). LSU waiters found awake count as LSU_FULL (the shortcut
 * in sched_visit() leaves h->stall as it was) and not towards the passive
 * wake (see scan_passive).
 */
static inline __attribute__((always_inline)) bool
stall_visit(struct emu_sm *sm, struct emu_sched *sc, struct sched_scan *s,
	    uint32_t pos)
{
	const struct emu_warp_hot *h = WHI(sm, sc->list[pos]);
	uint32_t slot = h->slot;
	bool lsu = s->lsu[pos / 64] >> (pos % 64) & 1;
	uint8_t r = lsu ? CORUN_STALL_LSU_FULL : h->stall;

	if (!lsu && h->wake < s->passive)
		s->passive = h->wake;
	if (h->wake < s->wake)
		s->wake = h->wake;
	/* NONE: woken for next cycle right after issuing, not stalled. */
	if (r != EMU_STALL_NONE && !(s->slots & (1u << slot))) {
		s->slots |= 1u << slot;
		sc->stall_reason[slot] = r;
	}
	return false;
}

/*
 * two_level, a scan of the first @count positions that issued and demoted
 * nothing: a warp demoted on a lasting stall can come back into the pool
 * still asleep until its event (wake EMU_NEVER), e.g. a barrier waiter
 * whose CTA's other warps sit behind it. While some warp outside the pool
 * can issue at a known cycle, such sleepers go to the back again so that
 * the pool never starves with a ready warp outside.
 */
static void two_level_idle(struct emu_sm *sm, struct emu_sched *sc,
			   struct sched_scan *s, uint32_t count)
{
	uint32_t pos;

	for (pos = count; pos < sc->n; pos++)
		if (WHI(sm, sc->list[pos])->wake != EMU_NEVER)
			break;
	if (pos == sc->n)
		return;
	for (pos = 0; pos < count; pos++) {
		const struct emu_warp_hot *h = WHI(sm, sc->list[pos]);

		if (h->wake == EMU_NEVER && two_level_lasting(h->stall))
			s->demote[s->ndemote++] = sc->list[pos];
	}
}

/*
 * Visit the positions of @sc->list in the policy's priority order with
 * @visit until it returns true. @order: kernel-aware order (computed
 * once by the caller, @korder entries).
 */
#define SCAN_ORDER(visit)                                                 \
	do {                                                              \
		switch (s.policy) {                                       \
		case EMU_SCHED_TWO_LEVEL:                                 \
		case EMU_SCHED_LRR:                                       \
			for (pos = start; pos < count; pos++)             \
				if (visit(sm, sc, &s, pos))               \
					goto done_##visit;                \
			for (pos = 0; pos < start; pos++)                 \
				if (visit(sm, sc, &s, pos))               \
					goto done_##visit;                \
			break;                                            \
		case EMU_SCHED_GTO:                                       \
			/* The greedy warp, then the others oldest first. */ \
			if (gp >= 0 && visit(sm, sc, &s, (uint32_t)gp))    \
				goto done_##visit;                        \
			for (pos = 0; pos < count; pos++)                 \
				if ((int)pos != gp &&                     \
				    visit(sm, sc, &s, pos))               \
					goto done_##visit;                \
			break;                                            \
		default:                                                  \
			for (i = 0; i < korder; i++)                      \
				if (visit(sm, sc, &s, order[i]))          \
					goto done_##visit;                \
			break;                                            \
		}                                                         \
	done_##visit:;                                                    \
	} while (0)

static void sched_tick(struct emu_sm *sm, struct emu_sched *sc)
{
	struct emu_gpu *gpu = sm->gpu;
	const struct emu_config *c = &gpu->cfg;
	uint64_t now = gpu->now;
	uint32_t n = sc->n, count = n, i, pos, start = 0, korder = 0;
	uint8_t order[EMU_MAX_SM_WARPS];
	struct sched_scan s;
	int gp = -1;

	if (!n) {
		sc->stall_slots = 0;
		sc->wake = EMU_NEVER;
		return;
	}
	if (sc->wake > now) {
		charge_stalls(gpu, sc, 1);
		return;
	}
	/*
	 * Nothing changed since the last scan, which issued nothing; its
	 * other warps still sleep and its LSU waiters would stop at the LSU
	 * again (lsu_wait: their FU cannot have been taken, as only this
	 * scheduler's own issues take it): that scan's outcome repeats.
	 * Their wake is left stale (<= now), which sched_visit() reads as
	 * "re-check the LSU", the same result as the wake written here.
	 */
	if (sc->scan_ok && sc->scan_passive > now &&
	    (!sc->scan_lsu || sm->lsu_busy > now ||
	     !(sc->scan_lsu_slots & ~lsu_full_slots(sm)))) {
		uint64_t t = sm->lsu_busy > now ? sm->lsu_busy : now + 1;

		sc->wake = sc->scan_lsu && t < sc->scan_passive ?
				   t : sc->scan_passive;
		charge_stalls(gpu, sc, 1);
		return;
	}
	s.now = now;
	s.passive = EMU_NEVER;
	s.nlsu = 0;
	s.lsu_slots = 0;
	s.wake = EMU_NEVER;
	s.issued = 0;
	s.slots = 0;
	s.mods = sc->mods;
	s.ndemote = 0;
	memset(s.lsu, 0, sizeof(s.lsu));
	s.policy = EMU_SCHED_ORDER(c->sm.sched_policy);
	/* Positions in sc->list are visited in the policy's priority order. */
	switch (s.policy) {
	case EMU_SCHED_TWO_LEVEL:
		if (count > c->sm.two_level_active)
			count = c->sm.two_level_active;
		/* fall through */
	case EMU_SCHED_LRR:
		if (sc->last >= 0) {
			start = sc->last_pos + 1;
			if (start >= count)
				start %= count;
		}
		break;
	case EMU_SCHED_GTO:
		if (sc->last >= 0 && sc->last_pos < n &&
		    sc->list[sc->last_pos] == sc->last)
			gp = (int)sc->last_pos;
		break;
	default:
		korder = kaware_order(sm, sc, order);
		break;
	}
	SCAN_ORDER(sched_visit);
	if (!s.issued)
		SCAN_ORDER(stall_visit);
	if (s.policy == EMU_SCHED_TWO_LEVEL && !s.issued && !s.ndemote &&
	    count < n)
		two_level_idle(sm, sc, &s, count);
	sc->scan_ok = !s.issued && !s.ndemote;
	sc->scan_lsu = s.nlsu;
	sc->scan_lsu_slots = s.lsu_slots;
	sc->scan_passive = s.passive;
	for (i = 0; i < s.ndemote; i++)
		two_level_demote(sc, s.demote[i]);
	if (s.issued) {
		sc->stall_slots = 0;
		sc->wake = now + 1;
	} else {
		sc->stall_slots = s.slots;
		sc->wake = s.ndemote ? now + 1 : s.wake;
		charge_stalls(gpu, sc, 1);
	}
}

void emu_sm_tick(struct emu_sm *sm)
{
	struct emu_gpu *gpu = sm->gpu;
	uint64_t next = EMU_NEVER;
	uint32_t i;

	/*
	 * Every scheduler sleeps (sm->next_wake is the min of their wakes)
	 * and the LSU is empty: each sched_tick() would only charge its
	 * stall picture, and next_wake stays.
	 */
	if (!sm->lsu_n && sm->next_wake > gpu->now) {
		emu_sm_skip(sm, 1);
		return;
	}
	if (sm->lsu_n)
		emu_sm_lsu_tick(sm);
	for (i = 0; i < gpu->cfg.sm.schedulers; i++) {
		sched_tick(sm, &sm->sched[i]);
		if (sm->sched[i].wake < next)
			next = sm->sched[i].wake;
	}
	if (sm->lsu_n)
		next = gpu->now + 1;
	sm->next_wake = next;
	emu_sm_account(sm, 1);
}

void emu_sm_account(struct emu_sm *sm, uint64_t cycles)
{
	if (!sm->resident)
		return;
	sm->cnt->active_cycles += cycles;
	sm->cnt->resident_ctas += (uint64_t)sm->resident * cycles;
}

/* Skipped cycles: every scheduler keeps its stall picture. */
void emu_sm_skip(struct emu_sm *sm, uint64_t cycles)
{
	uint32_t i;

	for (i = 0; i < sm->gpu->cfg.sm.schedulers; i++)
		if (sm->sched[i].n)
			charge_stalls(sm->gpu, &sm->sched[i], cycles);
	emu_sm_account(sm, cycles);
}
