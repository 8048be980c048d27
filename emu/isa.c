// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun SIMT executor: lane selection, the decode cache and execution of
 * one warp instruction for all issuing lanes: the dispatch, the integer,
 * control-flow (divergence), CSR and system ops, the plain loads and
 * stores. Address translation, the 16-byte accesses and the atomics are
 * isa_mem.c, the F and D instructions isa_fpexec.c (shared helpers:
 * isa_int.h).
 *
 * Speed: an instruction is decoded once per PC, then executed by a single
 * switch on the op with a loop over the issuing lanes inside each case.
 * Memory ops translate every lane first and only then touch memory, so a
 * fault in any lane leaves the warp and memory unchanged.
 */
#include "isa_int.h"

#include <stddef.h>
#include <string.h>

#include <corun/kernel.h>

#ifdef __SSE2__
#include <emmintrin.h>

/* Lane masks of four lanes, by the four mask bits. */
static const uint32_t lane4[16][4] __attribute__((aligned(16))) = {
#define L4(b) { (b) & 1 ? ~0u : 0, (b) & 2 ? ~0u : 0, (b) & 4 ? ~0u : 0, \
		(b) & 8 ? ~0u : 0 }
	L4(0), L4(1), L4(2), L4(3), L4(4), L4(5), L4(6), L4(7),
	L4(8), L4(9), L4(10), L4(11), L4(12), L4(13), L4(14), L4(15),
#undef L4
};
#endif

/*
 * pc[l] = @v for the lanes of @m. Divergent warps issue with sparse
 * masks; a masked blend of every lane costs the same for any mask.
 */
static inline void set_pcs(struct rv_warp *w, uint32_t m, uint32_t v)
{
#ifdef __SSE2__
	const __m128i vv = _mm_set1_epi32((int)v);

	for (uint32_t l = 0; l < RV_MAX_LANES; l += 4) {
		__m128i k = _mm_load_si128((const void *)lane4[m >> l & 15]);
		__m128i *p = (__m128i *)&w->pc[l];
		__m128i o = _mm_loadu_si128(p);

		_mm_storeu_si128(p, _mm_or_si128(_mm_and_si128(k, vv),
						 _mm_andnot_si128(k, o)));
	}
#else
	FOR_LANES(m, l)
		w->pc[l] = v;
#endif
}

/* Enough issuing lanes that computing all of them costs less. */
static inline bool many_lanes(uint32_t m)
{
	return __builtin_popcount(m) >= 10;
}

/* dst[l] = src[l] for the lanes of @m (all lanes: a plain copy). */
static inline void blend_rows(uint32_t *dst, const uint32_t *src, uint32_t m)
{
	if (m == FULL_MASK) {
		memcpy(dst, src, RV_MAX_LANES * sizeof(*dst));
		return;
	}
#ifdef __SSE2__
	for (uint32_t l = 0; l < RV_MAX_LANES; l += 4) {
		__m128i k = _mm_load_si128((const void *)lane4[m >> l & 15]);
		__m128i *p = (__m128i *)&dst[l];
		__m128i v = _mm_loadu_si128((const void *)&src[l]);
		__m128i o = _mm_loadu_si128(p);

		_mm_storeu_si128(p, _mm_or_si128(_mm_and_si128(k, v),
						 _mm_andnot_si128(k, o)));
	}
#else
	FOR_LANES(m, l)
		dst[l] = src[l];
#endif
}

/* Lanes (of all RV_MAX_LANES) whose branch of @op is taken. */
static inline uint32_t branch_lanes(unsigned int op, const uint32_t *x,
				    const uint32_t *y)
{
	uint32_t t = 0;
#ifdef __SSE2__
	const __m128i sgn = _mm_set1_epi32(INT32_MIN);
	bool inv = op == RV_OP_BNE || op == RV_OP_BGE || op == RV_OP_BGEU;

	for (uint32_t l = 0; l < RV_MAX_LANES; l += 4) {
		__m128i a = _mm_loadu_si128((const void *)&x[l]);
		__m128i b = _mm_loadu_si128((const void *)&y[l]), c;

		switch (op) {
		case RV_OP_BEQ:
		case RV_OP_BNE:
			c = _mm_cmpeq_epi32(a, b);
			break;
		case RV_OP_BLT:
		case RV_OP_BGE:
			c = _mm_cmplt_epi32(a, b);
			break;
		default: /* unsigned: flip the sign bits */
			c = _mm_cmplt_epi32(_mm_xor_si128(a, sgn),
					    _mm_xor_si128(b, sgn));
			break;
		}
		t |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(c)) << l;
	}
	return inv ? ~t : t;
#else
	for (uint32_t l = 0; l < RV_MAX_LANES; l++) {
		uint32_t a = x[l], b = y[l];
		bool c;

		switch (op) {
		case RV_OP_BEQ: c = a == b; break;
		case RV_OP_BNE: c = a != b; break;
		case RV_OP_BLT: c = (int32_t)a < (int32_t)b; break;
		case RV_OP_BGE: c = (int32_t)a >= (int32_t)b; break;
		case RV_OP_BLTU: c = a < b; break;
		default: c = a >= b; break;
		}
		t |= (uint32_t)c << l;
	}
	return t;
#endif
}

void rv_dcache_reset(struct rv_dcache *dc)
{
	for (unsigned int i = 0; i < RV_DCACHE_SIZE; i++)
		dc->tag[i] = 1;
}

void rv_warp_resched(struct rv_warp *w)
{
	w->sel_mask = 0;
	w->sel_uop = NULL;
	w->sel_fault = 0;
}

static void warp_start(struct rv_warp *w, unsigned int width,
		       uint32_t active, uint32_t pc)
{
	if (width < 1)
		width = 1;
	if (width > RV_MAX_LANES)
		width = RV_MAX_LANES;
	w->width = width;
	w->active = active & lanes_of(width);
	/* Every f register starts as a NaN-boxed single (+0.0f). */
	w->fboxed = ~0u;
	for (unsigned int l = 0; l < RV_MAX_LANES; l++)
		w->pc[l] = pc;
	rv_warp_flush_tlb(w);
	rv_warp_resched(w);
}

void rv_warp_init(struct rv_warp *w, unsigned int width, uint32_t active,
		  uint32_t pc)
{
	memset(w, 0, sizeof(*w));
	warp_start(w, width, active, pc);
}

_Static_assert(offsetof(struct rv_warp, f) ==
		       offsetof(struct rv_warp, x) + sizeof(((struct rv_warp *)0)->x) &&
	       offsetof(struct rv_warp, fh) ==
		       offsetof(struct rv_warp, f) + sizeof(((struct rv_warp *)0)->f) &&
	       offsetof(struct rv_warp, pc) ==
		       offsetof(struct rv_warp, fh) + sizeof(((struct rv_warp *)0)->fh),
	       "rv_warp_reinit() zeroes all but x[], f[] and fh[]");

void rv_warp_reinit(struct rv_warp *w, unsigned int width, uint32_t active,
		    uint32_t pc, uint64_t rows)
{
	/*
	 * All but the register rows: the scalars before, the lanes after.
	 * fh[] needs no zeroing: warp_start() marks every f row NaN-boxed.
	 */
	memset(w, 0, offsetof(struct rv_warp, x));
	memset(w->pc, 0, sizeof(*w) - offsetof(struct rv_warp, pc));
	while (rows) {
		unsigned int r = __builtin_ctzll(rows);

		rows &= rows - 1;
		memset(r < 32 ? w->x[r] : w->f[r - 32], 0, sizeof(w->x[0]));
	}
	warp_start(w, width, active, pc);
}

/* Recompute the issuing lanes: the eligible lanes at the minimum PC. */
static void select_lanes(struct rv_warp *w, uint32_t elig)
{
	uint32_t min = UINT32_MAX, next = UINT32_MAX, mask = 0;

	FOR_LANES(elig, l) {
		uint32_t pc = w->pc[l];

		if (pc < min) {
			if (mask)
				next = min;
			min = pc;
			mask = 1u << l;
		} else if (pc == min) {
			mask |= 1u << l;
		} else if (pc < next) {
			next = pc;
		}
	}
	w->sel_pc = min;
	w->sel_mask = mask;
	w->sel_next = next;
	w->sel_elig = elig;
	w->sel_uop = NULL;
	w->sel_fault = 0;
}

const struct rv_uop *rv_warp_peek(struct rv_warp *w, const struct rv_env *env,
				  int *fault)
{
	uint32_t elig = w->active & ~w->blocked & lanes_of(w->width);
	uint32_t pc, insn, idx;
	int r;

	*fault = 0;
	if (!elig)
		return NULL;
	if (!w->sel_mask || w->sel_elig != elig)
		select_lanes(w, elig);
	if (w->sel_uop)
		return w->sel_uop;
	if (w->sel_fault) {
		*fault = w->sel_fault;
		return NULL;
	}
	pc = w->sel_pc;
	if (pc & 3) {
		r = CORUN_FAULT_PC_MISALIGNED;
		goto fail;
	}
	idx = (pc >> 2) & (RV_DCACHE_SIZE - 1);
	if (w->dc && w->dc->tag[idx] == pc) {
		w->scratch = w->dc->uop[idx];
	} else {
		r = env->fetch(env->ctx, w, pc, &insn);
		if (r)
			goto fail;
		rv_decode(insn, &w->scratch);
		if (w->dc) {
			w->dc->uop[idx] = w->scratch;
			w->dc->tag[idx] = pc;
			/* Every write goes to rd (rd..rd+3 for LDV4). */
			uint64_t rows = w->scratch.vregs &&
						w->scratch.dst != RV_REG_NONE ?
						0xfull :
						1ull;

			w->dc->written |= rows << w->scratch.rd |
					  rows << (32 + w->scratch.rd);
		}
	}
	w->sel_uop = &w->scratch;
	return w->sel_uop;
fail:
	w->sel_fault = r;
	*fault = r;
	return NULL;
}


/* Not one of the CSRs exec_csr() reads itself: env->csr() serves it. */
static inline bool custom_csr(uint32_t csr)
{
	switch (csr) {
	case RV_CSR_FFLAGS: case RV_CSR_FRM: case RV_CSR_FCSR:
	case RV_CSR_CYCLE: case RV_CSR_TIME: case RV_CSR_INSTRET:
	case RV_CSR_CYCLEH: case RV_CSR_TIMEH: case RV_CSR_INSTRETH:
		return false;
	default:
		return true;
	}
}

static int exec_csr(struct rv_warp *w, const struct rv_env *env,
		    const struct rv_uop *u, uint32_t m, uint32_t *xd,
		    struct rv_step *st)
{
	uint32_t old[RV_MAX_LANES], csr = (uint32_t)u->imm, v;
	uint32_t m_read = m; /* lanes still to read one by one */
	uint64_t c;
	int r;

	/* Read every lane first: a failing custom CSR changes nothing. */
	if (env->csr_lanes && custom_csr(csr)) {
		r = env->csr_lanes(env->ctx, w, m, csr, old);
		if (r)
			return fault(st, r, lowest(m), u->insn, 0);
		m_read = 0;
	}
	FOR_LANES(m_read, l) {
		switch (csr) {
		case RV_CSR_FFLAGS:
			old[l] = w->fflags[l];
			break;
		case RV_CSR_FRM:
			old[l] = w->frm[l];
			break;
		case RV_CSR_FCSR:
			old[l] = (uint32_t)w->frm[l] << 5 | w->fflags[l];
			break;
		case RV_CSR_CYCLE: case RV_CSR_TIME: case RV_CSR_INSTRET:
		case RV_CSR_CYCLEH: case RV_CSR_TIMEH: case RV_CSR_INSTRETH:
			c = env->counter ?
				    env->counter(env->ctx, w, l, csr & 3) :
				    w->retired;
			old[l] = (uint32_t)(csr & 0x80 ? c >> 32 : c);
			break;
		default:
			r = env->csr ? env->csr(env->ctx, w, l, csr, &old[l]) :
				       CORUN_FAULT_ILLEGAL_INSN;
			if (r)
				return fault(st, r, l, u->insn, 0);
			break;
		}
	}
	FOR_LANES(m, l) {
		uint32_t s = u->op >= RV_OP_CSRRWI ? u->rs1 : w->x[u->rs1][l];

		if (u->flags & RV_UF_CSR_WR) {
			switch (u->op) {
			case RV_OP_CSRRW: case RV_OP_CSRRWI: v = s; break;
			case RV_OP_CSRRS: case RV_OP_CSRRSI: v = old[l] | s; break;
			default: v = old[l] & ~s; break;
			}
			/* Only the FP CSRs are writable (decode checked). */
			if (csr == RV_CSR_FFLAGS) {
				w->fflags[l] = v & 0x1f;
			} else if (csr == RV_CSR_FRM) {
				w->frm[l] = v & 7;
			} else {
				w->fflags[l] = v & 0x1f;
				w->frm[l] = (v >> 5) & 7;
			}
		}
		xd[l] = old[l];
	}
	return 0;
}

/* Jump/branch epilogue: move lanes, keep the issue cache if uniform. */
static void jump_lanes(struct rv_warp *w, uint32_t m, uint32_t pc,
		       const uint32_t *tgt, struct rv_step *st)
{
	uint32_t first = tgt[lowest(m)], taken = 0;
	bool uniform = true;

	FOR_LANES(m, l) {
		if (tgt[l] != first)
			uniform = false;
		if (tgt[l] != pc + 4)
			taken |= 1u << l;
		w->pc[l] = tgt[l];
	}
	st->taken = taken;
	st->diverged = !uniform;
	if (uniform && w->sel_mask == m && first < w->sel_next)
		w->sel_pc = first;
	else
		w->sel_mask = 0;
}

/* jump_lanes() for every lane of @m going to @target. */
static void jump_uniform(struct rv_warp *w, uint32_t m, uint32_t pc,
			 uint32_t target, struct rv_step *st)
{
	set_pcs(w, m, target);
	st->taken = target != pc + 4 ? m : 0;
	st->diverged = false;
	if (w->sel_mask == m && target < w->sel_next)
		w->sel_pc = target;
	else
		w->sel_mask = 0;
}


static inline uint32_t mulh(int32_t a, int32_t b)
{
	return (uint32_t)(((int64_t)a * b) >> 32);
}

static inline uint32_t mulhsu(int32_t a, uint32_t b)
{
	return (uint32_t)(((int64_t)a * (int64_t)b) >> 32);
}

static inline uint32_t mulhu(uint32_t a, uint32_t b)
{
	return (uint32_t)(((uint64_t)a * b) >> 32);
}

static inline uint32_t div_s(uint32_t a, uint32_t b)
{
	if (!b)
		return UINT32_MAX;
	if (a == 0x80000000u && b == UINT32_MAX)
		return a;
	return (uint32_t)((int32_t)a / (int32_t)b);
}

static inline uint32_t rem_s(uint32_t a, uint32_t b)
{
	if (!b)
		return a;
	if (a == 0x80000000u && b == UINT32_MAX)
		return 0;
	return (uint32_t)((int32_t)a % (int32_t)b);
}

int rv_warp_exec(struct rv_warp *w, const struct rv_env *env,
		 struct rv_step *st)
{
	uint32_t(*X)[RV_MAX_LANES] = w->x;
	uint32_t sink[RV_MAX_LANES], tgt[RV_MAX_LANES];
	uint8_t *host[RV_MAX_LANES];
	const struct rv_uop *u = w->sel_uop;
	uint32_t m, pc, *xd, imm;
	int r;

	st->taken = 0;
	st->diverged = false;
	st->arrived = 0;
	st->exited = 0;
	st->bypass = 0;
	st->cache = 0;
	st->ro = 0;
	st->size = 0;
	st->access = 0;
	memset(&st->fault, 0, sizeof(st->fault));
	/* Peek (again) if not done or lanes were (un)blocked since. */
	if (!u || w->sel_elig != (w->active & ~w->blocked & lanes_of(w->width)))
		u = NULL;
	if (!u) {
		u = rv_warp_peek(w, env, &r);
		if (!u) {
			st->uop = NULL;
			st->mask = 0;
			if (!r)
				return 0;
			st->pc = w->sel_pc;
			st->fault.pc = w->sel_pc;
			return fault(st, r, lowest(w->sel_mask), w->sel_pc,
				     CORUN_ACCESS_FETCH);
		}
	}
	m = w->sel_mask;
	pc = w->sel_pc;
	st->uop = u;
	st->pc = pc;
	st->mask = m;
	st->fault.pc = pc;
	imm = (uint32_t)u->imm;
	/* Integer results for rd = x0 go to a sink: x0 stays zero. */
	xd = u->rd ? X[u->rd] : sink;

	switch (u->op) {
/*
 * The full-warp loop computes into a local array first: it cannot alias
 * the register rows, so the loop vectorises without run-time checks.
 * Cheap ops (no division, no wide multiply) of a warp with many issuing
 * lanes compute every lane the same way and keep the issuing ones
 * (the others' results are discarded: the ops have no side effects).
 */
#define ALU(expr) ALU_ROWS(expr, true)
#define ALUD(expr) ALU_ROWS(expr, false)
#define ALU_ROWS(expr, cheap)                                           \
	if (m == FULL_MASK || ((cheap) && many_lanes(m))) {             \
		const uint32_t *ra = X[u->rs1], *rb = X[u->rs2];        \
		uint32_t res[RV_MAX_LANES];                             \
		for (uint32_t l = 0; l < RV_MAX_LANES; l++) {           \
			uint32_t a = ra[l], b = rb[l];                  \
			res[l] = (expr);                                \
		}                                                       \
		blend_rows(xd, res, m);                                 \
		break;                                                  \
	}                                                               \
	FOR_LANES(m, l) {                                               \
		uint32_t a = X[u->rs1][l], b = X[u->rs2][l];            \
		(void)a;                                                \
		(void)b;                                                \
		xd[l] = (expr);                                         \
	}                                                               \
	break
#define ALUI(expr)                                                      \
	if (m == FULL_MASK || many_lanes(m)) {                          \
		const uint32_t *ra = X[u->rs1];                         \
		uint32_t res[RV_MAX_LANES];                             \
		for (uint32_t l = 0; l < RV_MAX_LANES; l++) {           \
			uint32_t a = ra[l];                             \
			res[l] = (expr);                                \
		}                                                       \
		blend_rows(xd, res, m);                                 \
		break;                                                  \
	}                                                               \
	FOR_LANES(m, l) {                                               \
		uint32_t a = X[u->rs1][l];                              \
		xd[l] = (expr);                                         \
	}                                                               \
	break
	case RV_OP_NOP:
	case RV_OP_FENCE:
	case RV_OP_FENCE_I:
		break;
	case RV_OP_LUI: FOR_LANES(m, l) xd[l] = imm; break;
	case RV_OP_AUIPC: FOR_LANES(m, l) xd[l] = pc + imm; break;
	case RV_OP_ADDI: ALUI(a + imm);
	case RV_OP_SLTI: ALUI((int32_t)a < (int32_t)imm);
	case RV_OP_SLTIU: ALUI(a < imm);
	case RV_OP_XORI: ALUI(a ^ imm);
	case RV_OP_ORI: ALUI(a | imm);
	case RV_OP_ANDI: ALUI(a & imm);
	case RV_OP_SLLI: ALUI(a << imm);
	case RV_OP_SRLI: ALUI(a >> imm);
	case RV_OP_SRAI: ALUI((uint32_t)((int32_t)a >> imm));
	case RV_OP_ADD: ALU(a + b);
	case RV_OP_SUB: ALU(a - b);
	case RV_OP_SLL: ALU(a << (b & 31));
	case RV_OP_SLT: ALU((int32_t)a < (int32_t)b);
	case RV_OP_SLTU: ALU(a < b);
	case RV_OP_XOR: ALU(a ^ b);
	case RV_OP_SRL: ALU(a >> (b & 31));
	case RV_OP_SRA: ALU((uint32_t)((int32_t)a >> (b & 31)));
	case RV_OP_OR: ALU(a | b);
	case RV_OP_AND: ALU(a & b);
	case RV_OP_MUL: ALU(a * b);
	case RV_OP_MULH: ALUD(mulh((int32_t)a, (int32_t)b));
	case RV_OP_MULHSU: ALUD(mulhsu((int32_t)a, b));
	case RV_OP_MULHU: ALUD(mulhu(a, b));
	case RV_OP_DIV: ALUD(div_s(a, b));
	case RV_OP_DIVU: ALUD(b ? a / b : UINT32_MAX);
	case RV_OP_REM: ALUD(rem_s(a, b));
	case RV_OP_REMU: ALUD(b ? a % b : a);
#undef ALU
#undef ALUD
#undef ALU_ROWS
#undef ALUI

	case RV_OP_JAL:
		if ((pc + imm) & 3)
			return fault(st, CORUN_FAULT_PC_MISALIGNED, lowest(m),
				     pc + imm, 0);
		FOR_LANES(m, l)
			xd[l] = pc + 4;
		jump_uniform(w, m, pc, pc + imm, st);
		goto done_jump;
	case RV_OP_JALR:
		FOR_LANES(m, l) {
			tgt[l] = (X[u->rs1][l] + imm) & ~1u;
			if (tgt[l] & 3)
				return fault(st, CORUN_FAULT_PC_MISALIGNED, l,
					     tgt[l], 0);
		}
		FOR_LANES(m, l)
			xd[l] = pc + 4;
		jump_lanes(w, m, pc, tgt, st);
		goto done_jump;
	case RV_OP_BEQ: case RV_OP_BNE: case RV_OP_BLT: case RV_OP_BGE:
	case RV_OP_BLTU: case RV_OP_BGEU: {
		/* Every lane compared (plain data), the issuing ones kept. */
		uint32_t t = branch_lanes(u->op, X[u->rs1], X[u->rs2]) & m;

		if (t && ((pc + imm) & 3))
			return fault(st, CORUN_FAULT_PC_MISALIGNED, lowest(t),
				     pc + imm, 0);
		if (!t || t == m) {
			jump_uniform(w, m, pc, t ? pc + imm : pc + 4, st);
			goto done_jump;
		}
		FOR_LANES(m, l)
			tgt[l] = (t >> l & 1) ? pc + imm : pc + 4;
		jump_lanes(w, m, pc, tgt, st);
		goto done_jump;
	}

	case RV_OP_LB: case RV_OP_LH: case RV_OP_LW: case RV_OP_LBU:
	case RV_OP_LHU: case RV_OP_FLW:
		r = rv_mem_lanes(w, env, u, m, CORUN_ACCESS_READ, st, host);
		if (r)
			return r;
		switch (u->op) {
		case RV_OP_LB:
			FOR_LANES(m, l) xd[l] = (uint32_t)(int8_t)*host[l];
			break;
		case RV_OP_LBU:
			FOR_LANES(m, l) xd[l] = *host[l];
			break;
		case RV_OP_LH:
			FOR_LANES(m, l) {
				int16_t v;

				memcpy(&v, host[l], 2);
				xd[l] = (uint32_t)v;
			}
			break;
		case RV_OP_LHU:
			FOR_LANES(m, l) {
				uint16_t v;

				memcpy(&v, host[l], 2);
				xd[l] = v;
			}
			break;
		case RV_OP_LW:
			FOR_LANES(m, l) xd[l] = ld32(host[l]);
			break;
		default:
			FOR_LANES(m, l) w->f[u->rd][l] = ld32(host[l]);
			fbox_s(w, u->rd, m);
			break;
		}
		break;
	case RV_OP_FLD: case RV_OP_FSD: {
		enum corun_fault_access acc = u->op == RV_OP_FLD ?
			CORUN_ACCESS_READ : CORUN_ACCESS_WRITE;
		uint8_t *hi[RV_MAX_LANES];

		r = rv_mem_lanes(w, env, u, m, acc, st, host);
		if (r)
			return r;
		/*
		 * The high word separately: local memory interleaves the
		 * threads' stacks word by word. Cannot fault once the
		 * aligned doubleword did.
		 */
		FOR_LANES(m, l) {
			r = rv_xlate(w, env, l, st->addr[l] + 4, 4, acc,
				     &hi[l]);
			if (r)
				return fault(st, r, l, st->addr[l] + 4, acc);
		}
		if (u->op == RV_OP_FLD) {
			fprep_d(w, u->rd, m);
			FOR_LANES(m, l) {
				w->f[u->rd][l] = ld32(host[l]);
				w->fh[u->rd][l] = ld32(hi[l]);
			}
		} else {
			FOR_LANES(m, l) {
				uint64_t v = fget_d(w, u->rs2, l);

				st32(host[l], (uint32_t)v);
				st32(hi[l], (uint32_t)(v >> 32));
			}
		}
		break;
	}
	case RV_OP_LDV4: case RV_OP_STV4:
		r = rv_exec_v4(w, env, u, m, st, host);
		if (r)
			return r;
		break;
	case RV_OP_SB: case RV_OP_SH: case RV_OP_SW: case RV_OP_FSW:
		r = rv_mem_lanes(w, env, u, m, CORUN_ACCESS_WRITE, st, host);
		if (r)
			return r;
		switch (u->op) {
		case RV_OP_SB:
			FOR_LANES(m, l) *host[l] = (uint8_t)X[u->rs2][l];
			break;
		case RV_OP_SH:
			FOR_LANES(m, l) {
				uint16_t v = (uint16_t)X[u->rs2][l];

				memcpy(host[l], &v, 2);
			}
			break;
		case RV_OP_SW:
			FOR_LANES(m, l) st32(host[l], X[u->rs2][l]);
			break;
		default:
			FOR_LANES(m, l) st32(host[l], w->f[u->rs2][l]);
			break;
		}
		break;
	case RV_OP_LR_W:
		r = rv_mem_lanes(w, env, u, m, CORUN_ACCESS_READ, st, host);
		if (r)
			return r;
		rv_exec_amo(w, u, m, host, xd, st);
		break;
	case RV_OP_SC_W: case RV_OP_AMOSWAP_W: case RV_OP_AMOADD_W:
	case RV_OP_AMOXOR_W: case RV_OP_AMOAND_W: case RV_OP_AMOOR_W:
	case RV_OP_AMOMIN_W: case RV_OP_AMOMAX_W: case RV_OP_AMOMINU_W:
	case RV_OP_AMOMAXU_W:
		r = rv_mem_lanes(w, env, u, m, CORUN_ACCESS_AMO, st, host);
		if (r)
			return r;
		rv_exec_amo(w, u, m, host, xd, st);
		break;

	case RV_OP_CSRRW: case RV_OP_CSRRS: case RV_OP_CSRRC:
	case RV_OP_CSRRWI: case RV_OP_CSRRSI: case RV_OP_CSRRCI:
		r = exec_csr(w, env, u, m, xd, st);
		if (r)
			return r;
		break;

	case RV_OP_ECALL:
		if (!env->ecall)
			return fault(st, CORUN_FAULT_ECALL, lowest(m), u->insn,
				     0);
		FOR_LANES(m, l) {
			uint32_t before = w->active;

			r = env->ecall(env->ctx, w, l);
			if (r) {
				st->exited |= before & ~w->active;
				return fault(st, r, l, u->insn, 0);
			}
			st->exited |= before & ~w->active;
			w->pc[l] = pc + 4;
		}
		w->sel_mask = 0;
		w->sel_uop = NULL;
		w->retired++;
		return 0;
	case RV_OP_EBREAK:
		return fault(st, CORUN_FAULT_ECALL, lowest(m), u->insn, 0);
	case RV_OP_TRAP:
		return fault(st, CORUN_FAULT_USER_TRAP, lowest(m),
			     X[u->rs1][lowest(m)], 0);
	case RV_OP_BAR:
		st->arrived = m;
		break;
	case RV_OP_EXIT:
		st->exited = m;
		w->active &= ~m;
		break;
	case RV_OP_BYPASS:
		/*
		 * rs1: 0 clears the hint, 2 caches, 3 reads through the
		 * read-only cache, anything else bypasses.
		 */
		FOR_LANES(m, l) {
			uint32_t v = X[u->rs1][l];

			w->bypass &= ~(1u << l);
			w->cache &= ~(1u << l);
			w->ro &= ~(1u << l);
			if (v)
				w->bypass |= 1u << l;
			if (v == CORUN_HINT_CACHE)
				w->cache |= 1u << l;
			if (v == CORUN_HINT_RO)
				w->ro |= 1u << l;
		}
		break;

	case RV_OP_ILLEGAL:
		return fault(st, CORUN_FAULT_ILLEGAL_INSN, lowest(m), u->insn,
			     0);
	default:
		/* FP: check a dynamic rounding mode on every lane first. */
		if ((u->flags & RV_UF_DYN_RM) && frm_max(w) > RV_RM_RMM) {
			FOR_LANES(m, l) {
				if (w->frm[l] > RV_RM_RMM)
					return fault(st,
						     CORUN_FAULT_ILLEGAL_INSN,
						     l, u->insn, 0);
			}
		}
		if (u->op >= RV_OP_FMADD_D ? rv_exec_fpd(w, u, m, xd) :
					     rv_exec_fp(w, u, m, xd))
			return fault(st, CORUN_FAULT_ILLEGAL_INSN, lowest(m),
				     u->insn, 0);
		break;
	}

	/* Straight-line: every issuing lane moves to pc + 4. */
	set_pcs(w, m, pc + 4);
	if (pc + 4 >= w->sel_next)
		w->sel_mask = 0; /* reaches other lanes: reselect */
	else
		w->sel_pc = pc + 4;
	w->sel_uop = NULL;
	w->retired++;
	return 0;

done_jump:
	w->sel_uop = NULL;
	w->retired++;
	return 0;
}

int rv_warp_step(struct rv_warp *w, const struct rv_env *env,
		 struct rv_step *st)
{
	int fault;

	if (!rv_warp_peek(w, env, &fault) && !fault) {
		st->uop = NULL;
		st->mask = 0;
		return 0;
	}
	return rv_warp_exec(w, env, st);
}
