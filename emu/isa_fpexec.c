// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun SIMT executor: the F and D instructions over the issuing lanes.
 * The arithmetic itself is isa_fp.c (binary32, with the fast paths of
 * isa_fpfast.h inlined into the lane loops here) and isa_fp64.c
 * (binary64); NaN boxing of the shared f registers is isa_int.h's.
 */
#include "isa_int.h"
#include "isa_fpfast.h"

#define CANON_NAN_S 0x7fc00000u

/* The binary32 operand f_r of every lane: the row, or @tmp unboxed. */
static const uint32_t *fsrc_s(const struct rv_warp *w, unsigned int r,
			      uint32_t *tmp)
{
	if (f_boxed(w, r))
		return w->f[r];
	for (uint32_t l = 0; l < RV_MAX_LANES; l++)
		tmp[l] = w->fh[r][l] == BOX_HI ? w->f[r][l] : CANON_NAN_S;
	return tmp;
}

static inline void fset_d(struct rv_warp *w, unsigned int r, unsigned int l,
			  uint64_t v)
{
	w->f[r][l] = (uint32_t)v;
	w->fh[r][l] = (uint32_t)(v >> 32);
}

int rv_exec_fp(struct rv_warp *w, const struct rv_uop *u, uint32_t m,
	       uint32_t *xd)
{
	uint32_t(*F)[RV_MAX_LANES] = w->f;
	uint32_t(*X)[RV_MAX_LANES] = w->x;
	uint32_t *fd = F[u->rd];
	const uint32_t *a = F[u->rs1], *b = F[u->rs2], *c = F[u->rs3];
	uint32_t ta[RV_MAX_LANES], tb[RV_MAX_LANES], tc[RV_MAX_LANES];
	bool dyn = u->flags & RV_UF_DYN_RM;
	uint8_t *fl = w->fflags;

	/* Rows that a binary64 wrote: check their boxing (FMV.X.W: none). */
	if (w->fboxed != ~0u && u->op != RV_OP_FMV_X_W) {
		a = fsrc_s(w, u->rs1, ta);
		b = fsrc_s(w, u->rs2, tb);
		c = fsrc_s(w, u->rs3, tc);
	}

#define RM(l) (dyn ? w->frm[l] : u->rm)
	/* A full warp in RNE: whole rows at once (rv_f32_rne_rows()). */
	if (m == FULL_MASK && u->op >= RV_OP_FMADD_S &&
	    u->op <= RV_OP_FMUL_S && (dyn ? !frm_max(w) : u->rm == RV_RM_RNE)) {
		static const uint32_t sgn[4][2] = {
			{ 0, 0 }, /* fmadd */
			{ 0, 0x80000000u }, /* fmsub */
			{ 0x80000000u, 0 }, /* fnmsub */
			{ 0x80000000u, 0x80000000u }, /* fnmadd */
		};
		unsigned int op = u->op;
		uint32_t sa = 0, sc = 0;

		if (op <= RV_OP_FNMADD_S) {
			sa = sgn[op - RV_OP_FMADD_S][0];
			sc = sgn[op - RV_OP_FMADD_S][1];
			op = RV_OP_FMADD_S;
		}
		rv_f32_rne_rows(op, a, b, c, sa, sc, fd, fl);
		fbox_s(w, u->rd, m);
		return 0;
	}
	switch (u->op) {
	/*
	 * RNE lanes try the inlined binary64 path first (isa_fpfast.h) so
	 * the lanes' computations overlap; anything else is the call.
	 */
#define FP_LANES(x, y, z, fast, slow)                                     \
	FOR_LANES(m, l) {                                                 \
		uint32_t xa = (x), yb = (y), zc = (z), r;                 \
		unsigned int rm = RM(l);                                  \
		(void)zc;                                                 \
		if (rm != RV_RM_RNE || !(fast))                           \
			r = (slow);                                       \
		fd[l] = r;                                                \
	}                                                                 \
	break
	case RV_OP_FMADD_S:
		FP_LANES(a[l], b[l], c[l],
			 rv_f32_fma_rne_fast(xa, yb, zc, &r, &fl[l]),
			 rv_f32_fma(xa, yb, zc, rm, &fl[l]));
	case RV_OP_FMSUB_S:
		FP_LANES(a[l], b[l], c[l] ^ 0x80000000u,
			 rv_f32_fma_rne_fast(xa, yb, zc, &r, &fl[l]),
			 rv_f32_fma(xa, yb, zc, rm, &fl[l]));
	case RV_OP_FNMSUB_S:
		FP_LANES(a[l] ^ 0x80000000u, b[l], c[l],
			 rv_f32_fma_rne_fast(xa, yb, zc, &r, &fl[l]),
			 rv_f32_fma(xa, yb, zc, rm, &fl[l]));
	case RV_OP_FNMADD_S:
		FP_LANES(a[l] ^ 0x80000000u, b[l], c[l] ^ 0x80000000u,
			 rv_f32_fma_rne_fast(xa, yb, zc, &r, &fl[l]),
			 rv_f32_fma(xa, yb, zc, rm, &fl[l]));
	case RV_OP_FADD_S:
		FP_LANES(a[l], b[l], 0, rv_f32_add_rne_fast(xa, yb, &r, &fl[l]),
			 rv_f32_add(xa, yb, rm, &fl[l]));
	case RV_OP_FSUB_S:
		FP_LANES(a[l], b[l], 0, rv_f32_sub_rne_fast(xa, yb, &r, &fl[l]),
			 rv_f32_sub(xa, yb, rm, &fl[l]));
	case RV_OP_FMUL_S:
		FP_LANES(a[l], b[l], 0, rv_f32_mul_rne_fast(xa, yb, &r, &fl[l]),
			 rv_f32_mul(xa, yb, rm, &fl[l]));
#undef FP_LANES
	case RV_OP_FDIV_S:
		FOR_LANES(m, l)
			fd[l] = rv_f32_div(a[l], b[l], RM(l), &fl[l]);
		break;
	case RV_OP_FSQRT_S:
		FOR_LANES(m, l)
			fd[l] = rv_f32_sqrt(a[l], RM(l), &fl[l]);
		break;
	case RV_OP_FSGNJ_S:
		FOR_LANES(m, l)
			fd[l] = (a[l] & 0x7fffffffu) | (b[l] & 0x80000000u);
		break;
	case RV_OP_FSGNJN_S:
		FOR_LANES(m, l)
			fd[l] = (a[l] & 0x7fffffffu) | (~b[l] & 0x80000000u);
		break;
	case RV_OP_FSGNJX_S:
		FOR_LANES(m, l)
			fd[l] = a[l] ^ (b[l] & 0x80000000u);
		break;
	case RV_OP_FMIN_S:
		FOR_LANES(m, l)
			fd[l] = rv_f32_min(a[l], b[l], &fl[l]);
		break;
	case RV_OP_FMAX_S:
		FOR_LANES(m, l)
			fd[l] = rv_f32_max(a[l], b[l], &fl[l]);
		break;
	case RV_OP_FCVT_W_S:
		FOR_LANES(m, l)
			xd[l] = (uint32_t)rv_f32_to_i32(a[l], RM(l), &fl[l]);
		break;
	case RV_OP_FCVT_WU_S:
		FOR_LANES(m, l)
			xd[l] = rv_f32_to_u32(a[l], RM(l), &fl[l]);
		break;
	case RV_OP_FMV_X_W:
		FOR_LANES(m, l)
			xd[l] = a[l];
		break;
	case RV_OP_FEQ_S:
		FOR_LANES(m, l)
			xd[l] = rv_f32_eq(a[l], b[l], &fl[l]);
		break;
	case RV_OP_FLT_S:
		FOR_LANES(m, l)
			xd[l] = rv_f32_lt(a[l], b[l], &fl[l]);
		break;
	case RV_OP_FLE_S:
		FOR_LANES(m, l)
			xd[l] = rv_f32_le(a[l], b[l], &fl[l]);
		break;
	case RV_OP_FCLASS_S:
		FOR_LANES(m, l)
			xd[l] = rv_f32_class(a[l]);
		break;
	case RV_OP_FCVT_S_W:
		FOR_LANES(m, l)
			fd[l] = rv_i32_to_f32((int32_t)X[u->rs1][l], RM(l),
					      &fl[l]);
		break;
	case RV_OP_FCVT_S_WU:
		FOR_LANES(m, l)
			fd[l] = rv_u32_to_f32(X[u->rs1][l], RM(l), &fl[l]);
		break;
	case RV_OP_FMV_W_X:
		FOR_LANES(m, l)
			fd[l] = X[u->rs1][l];
		break;
	default:
		return -1;
	}
#undef RM
	if (u->dst != RV_REG_NONE && u->dst >= RV_REG_F(0))
		fbox_s(w, u->rd, m);
	return 0;
}

/*
 * The D extension, lane by lane in software (isa_fp64.c): kernels use
 * binary64 rarely, and GPUs run it at a fraction of the binary32 rate.
 */
int rv_exec_fpd(struct rv_warp *w, const struct rv_uop *u, uint32_t m,
		uint32_t *xd)
{
	static const uint64_t sgn[4][2] = {
		{ 0, 0 }, /* fmadd */
		{ 0, 1ull << 63 }, /* fmsub */
		{ 1ull << 63, 0 }, /* fnmsub */
		{ 1ull << 63, 1ull << 63 }, /* fnmadd */
	};
	const uint64_t s63 = 1ull << 63;
	bool dyn = u->flags & RV_UF_DYN_RM, fdst;
	unsigned int rd = u->rd, r1 = u->rs1, r2 = u->rs2, r3 = u->rs3;
	uint8_t *fl = w->fflags;
	uint64_t res[RV_MAX_LANES];
	uint32_t tmp[RV_MAX_LANES];
	const uint32_t *s1;

#define RM(l) (dyn ? w->frm[l] : u->rm)
#define A(l) fget_d(w, r1, l)
#define B(l) fget_d(w, r2, l)
	/* f results go to @res, then to rd once every lane has read. */
	fdst = u->dst != RV_REG_NONE && u->dst >= RV_REG_F(0);
	switch (u->op) {
	case RV_OP_FMADD_D: case RV_OP_FMSUB_D:
	case RV_OP_FNMSUB_D: case RV_OP_FNMADD_D: {
		const uint64_t *sg = sgn[u->op - RV_OP_FMADD_D];

		FOR_LANES(m, l)
			res[l] = rv_f64_fma(A(l) ^ sg[0], B(l),
					    fget_d(w, r3, l) ^ sg[1], RM(l),
					    &fl[l]);
		break;
	}
	case RV_OP_FADD_D:
		FOR_LANES(m, l) res[l] = rv_f64_add(A(l), B(l), RM(l), &fl[l]);
		break;
	case RV_OP_FSUB_D:
		FOR_LANES(m, l) res[l] = rv_f64_sub(A(l), B(l), RM(l), &fl[l]);
		break;
	case RV_OP_FMUL_D:
		FOR_LANES(m, l) res[l] = rv_f64_mul(A(l), B(l), RM(l), &fl[l]);
		break;
	case RV_OP_FDIV_D:
		FOR_LANES(m, l) res[l] = rv_f64_div(A(l), B(l), RM(l), &fl[l]);
		break;
	case RV_OP_FSQRT_D:
		FOR_LANES(m, l) res[l] = rv_f64_sqrt(A(l), RM(l), &fl[l]);
		break;
	case RV_OP_FSGNJ_D:
		FOR_LANES(m, l) res[l] = (A(l) & ~s63) | (B(l) & s63);
		break;
	case RV_OP_FSGNJN_D:
		FOR_LANES(m, l) res[l] = (A(l) & ~s63) | (~B(l) & s63);
		break;
	case RV_OP_FSGNJX_D:
		FOR_LANES(m, l) res[l] = A(l) ^ (B(l) & s63);
		break;
	case RV_OP_FMIN_D:
		FOR_LANES(m, l) res[l] = rv_f64_min(A(l), B(l), &fl[l]);
		break;
	case RV_OP_FMAX_D:
		FOR_LANES(m, l) res[l] = rv_f64_max(A(l), B(l), &fl[l]);
		break;
	case RV_OP_FCVT_W_D:
		FOR_LANES(m, l)
			xd[l] = (uint32_t)rv_f64_to_i32(A(l), RM(l), &fl[l]);
		break;
	case RV_OP_FCVT_WU_D:
		FOR_LANES(m, l) xd[l] = rv_f64_to_u32(A(l), RM(l), &fl[l]);
		break;
	case RV_OP_FEQ_D:
		FOR_LANES(m, l) xd[l] = rv_f64_eq(A(l), B(l), &fl[l]);
		break;
	case RV_OP_FLT_D:
		FOR_LANES(m, l) xd[l] = rv_f64_lt(A(l), B(l), &fl[l]);
		break;
	case RV_OP_FLE_D:
		FOR_LANES(m, l) xd[l] = rv_f64_le(A(l), B(l), &fl[l]);
		break;
	case RV_OP_FCLASS_D:
		FOR_LANES(m, l) xd[l] = rv_f64_class(A(l));
		break;
	case RV_OP_FCVT_D_W:
		FOR_LANES(m, l) res[l] = rv_i32_to_f64((int32_t)w->x[r1][l]);
		break;
	case RV_OP_FCVT_D_WU:
		FOR_LANES(m, l) res[l] = rv_u32_to_f64(w->x[r1][l]);
		break;
	case RV_OP_FCVT_D_S:
		s1 = fsrc_s(w, r1, tmp);
		FOR_LANES(m, l) res[l] = rv_f32_to_f64(s1[l], &fl[l]);
		break;
	case RV_OP_FCVT_S_D:
		/* A lane reads its own source before writing rd's low half. */
		FOR_LANES(m, l)
			w->f[rd][l] = rv_f64_to_f32(A(l), RM(l), &fl[l]);
		fbox_s(w, rd, m);
		return 0;
	default:
		return -1;
	}
#undef RM
#undef A
#undef B
	if (fdst) {
		fprep_d(w, rd, m);
		FOR_LANES(m, l)
			fset_d(w, rd, l, res[l]);
	}
	return 0;
}
