// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Random RV32IMAFD programs. Register conventions inside a program:
 * x31 = base of the data page (scratch at [0, 2048), dump and initial
 * state at negative offsets), x30 = address register of AMOs and LR/SC;
 * random instructions never write either. Everything else, including fcsr
 * (frm stays valid: 5..7 would make DYN ops illegal), is fair game.
 *
 * Single- and double-precision instructions share the f registers, so
 * single ops regularly read registers a double op wrote (not NaN-boxed:
 * they must see the canonical NaN) and double ops read NaN-boxed singles.
 */
#include "rvgen.h"

#include <elf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_VA 0x10000u
/*
 * Data page: dump at +0, initial state at +0x400, scratch at +0x800. Dump
 * and initial state share a layout: fcsr (dump) at 0, x1..x31 at 4 * i,
 * f0..f31 as 64 bits at 128 + 8 * i; the initial fcsr sits at 384.
 */
#define DATA_VA 0x40000u
#define BASE_VA (DATA_VA + 0x800u)
#define DATA_SIZE 0x1000u
#define DUMP_OFF (-2048)
#define INIT_OFF (-1024)
#define FREG_OFF 128
#define INIT_FCSR 384

struct gen {
	uint64_t s;
	uint32_t *code;
	unsigned int n, cap;
	/* Forward branch/jump targets not yet reached (code indexes). */
	unsigned int tgt[64];
	unsigned int ntgt;
};

static void add_target(struct gen *g, unsigned int idx)
{
	unsigned int j = 0;

	/* Drop targets already passed, then record the new one. */
	for (unsigned int i = 0; i < g->ntgt; i++)
		if (g->tgt[i] >= g->n)
			g->tgt[j++] = g->tgt[i];
	g->ntgt = j;
	if (g->ntgt < 64)
		g->tgt[g->ntgt++] = idx;
}

static bool is_target(const struct gen *g, unsigned int idx)
{
	for (unsigned int i = 0; i < g->ntgt; i++)
		if (g->tgt[i] == idx)
			return true;
	return false;
}

static uint32_t rnd(struct gen *g)
{
	/* splitmix64 */
	uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (uint32_t)((z ^ (z >> 31)) >> 16);
}

static uint32_t below(struct gen *g, uint32_t n)
{
	return rnd(g) % n;
}

static int emit(struct gen *g, uint32_t insn)
{
	if (g->n == g->cap) {
		unsigned int cap = g->cap ? 2 * g->cap : 1024;
		uint32_t *nc = realloc(g->code, cap * 4);

		if (!nc)
			return -1;
		g->code = nc;
		g->cap = cap;
	}
	g->code[g->n++] = insn;
	return 0;
}

static uint32_t r_type(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3,
		       uint32_t rd, uint32_t opc)
{
	return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}

static uint32_t i_type(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd,
		       uint32_t opc)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 |
	       opc;
}

static uint32_t s_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3,
		       uint32_t opc)
{
	uint32_t u = (uint32_t)imm & 0xfff;

	return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
	       (u & 31) << 7 | opc;
}

static uint32_t b_type(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3)
{
	uint32_t u = (uint32_t)imm;

	return ((u >> 12) & 1) << 31 | ((u >> 5) & 0x3f) << 25 | rs2 << 20 |
	       rs1 << 15 | f3 << 12 | ((u >> 1) & 0xf) << 8 |
	       ((u >> 11) & 1) << 7 | 0x63;
}

static uint32_t j_type(int32_t imm, uint32_t rd)
{
	uint32_t u = (uint32_t)imm;

	return ((u >> 20) & 1) << 31 | ((u >> 1) & 0x3ff) << 21 |
	       ((u >> 11) & 1) << 20 | ((u >> 12) & 0xff) << 12 | rd << 7 |
	       0x6f;
}

/* Destination: x0 now and then (writes must be dropped), never x30/x31. */
static uint32_t rd_x(struct gen *g)
{
	return below(g, 16) ? 1 + below(g, 29) : 0;
}

static uint32_t rs_x(struct gen *g)
{
	return below(g, 32);
}

static uint32_t rm_any(struct gen *g)
{
	uint32_t r = below(g, 6);

	return r == 5 ? 7 : r;
}

/*
 * An f register, mostly from a 20-register window: single ops favour
 * f0..f19 and double ops f12..f31, so each precision keeps enough
 * registers holding its own kind of value for its arithmetic to stay
 * meaningful, while f12..f19 (and the occasional pick from all 32) mix
 * them.
 */
static uint32_t freg(struct gen *g, uint32_t lo)
{
	return below(g, 4) ? lo + below(g, 20) : below(g, 32);
}

static int gen_fp(struct gen *g)
{
	uint32_t fd = freg(g, 0), a = freg(g, 0), b = freg(g, 0);
	uint32_t c = freg(g, 0), rm = rm_any(g);

	switch (below(g, 22)) {
	case 0: return emit(g, r_type(0x00, b, a, rm, fd, 0x53)); /* fadd */
	case 1: return emit(g, r_type(0x04, b, a, rm, fd, 0x53)); /* fsub */
	case 2: return emit(g, r_type(0x08, b, a, rm, fd, 0x53)); /* fmul */
	case 3: return emit(g, r_type(0x0c, b, a, rm, fd, 0x53)); /* fdiv */
	case 4: return emit(g, r_type(0x2c, 0, a, rm, fd, 0x53)); /* fsqrt */
	case 5: case 6: case 7: case 8:
		/* fmadd/fmsub/fnmsub/fnmadd */
		return emit(g, c << 27 | b << 20 | a << 15 | rm << 12 |
				       fd << 7 | (0x43 + 4 * below(g, 4)));
	case 9: /* fsgnj, fsgnjn, fsgnjx */
		return emit(g, r_type(0x10, b, a, below(g, 3), fd, 0x53));
	case 10: /* fmin, fmax */
		return emit(g, r_type(0x14, b, a, below(g, 2), fd, 0x53));
	case 11: case 12: /* fcvt.w.s, fcvt.wu.s */
		return emit(g, r_type(0x60, below(g, 2), a, rm, rd_x(g), 0x53));
	case 13: case 14: /* fcvt.s.w, fcvt.s.wu */
		return emit(g, r_type(0x68, below(g, 2), rs_x(g), rm, fd, 0x53));
	case 15: /* fmv.x.w */
		return emit(g, r_type(0x70, 0, a, 0, rd_x(g), 0x53));
	case 16: /* fclass */
		return emit(g, r_type(0x70, 0, a, 1, rd_x(g), 0x53));
	case 17: /* fmv.w.x */
		return emit(g, r_type(0x78, 0, rs_x(g), 0, fd, 0x53));
	case 18: case 19: /* fle, flt, feq */
		return emit(g, r_type(0x50, b, a, below(g, 3), rd_x(g), 0x53));
	case 20: /* flw */
		return emit(g, i_type(4 * below(g, 512), 31, 2, fd, 0x07));
	default: /* fsw */
		return emit(g, s_type(4 * below(g, 512), b, 31, 2, 0x27));
	}
}

/* RV32D: fmt field 01 in the OP-FP and fused encodings, FLD/FSD funct3 3. */
static int gen_fp_d(struct gen *g)
{
	uint32_t fd = freg(g, 12), a = freg(g, 12), b = freg(g, 12);
	uint32_t c = freg(g, 12), rm = rm_any(g);

	switch (below(g, 24)) {
	case 0: return emit(g, r_type(0x01, b, a, rm, fd, 0x53)); /* fadd.d */
	case 1: return emit(g, r_type(0x05, b, a, rm, fd, 0x53)); /* fsub.d */
	case 2: return emit(g, r_type(0x09, b, a, rm, fd, 0x53)); /* fmul.d */
	case 3: return emit(g, r_type(0x0d, b, a, rm, fd, 0x53)); /* fdiv.d */
	case 4: return emit(g, r_type(0x2d, 0, a, rm, fd, 0x53)); /* fsqrt.d */
	case 5: case 6: case 7: case 8:
		/* fmadd.d/fmsub.d/fnmsub.d/fnmadd.d */
		return emit(g, c << 27 | 1 << 25 | b << 20 | a << 15 |
				       rm << 12 | fd << 7 |
				       (0x43 + 4 * below(g, 4)));
	case 9: /* fsgnj.d, fsgnjn.d, fsgnjx.d */
		return emit(g, r_type(0x11, b, a, below(g, 3), fd, 0x53));
	case 10: /* fmin.d, fmax.d */
		return emit(g, r_type(0x15, b, a, below(g, 2), fd, 0x53));
	case 11: case 12: /* fcvt.w.d, fcvt.wu.d */
		return emit(g, r_type(0x61, below(g, 2), a, rm, rd_x(g), 0x53));
	case 13: /* fcvt.d.w, fcvt.d.wu: exact, but rm must still be valid */
		return emit(g, r_type(0x69, below(g, 2), rs_x(g), rm, fd,
				      0x53));
	case 14: /* fcvt.s.d: a single for the F side to work on */
		return emit(g, r_type(0x20, 1, a, rm, freg(g, 0), 0x53));
	case 15: /* fcvt.d.s, from the F side's registers */
		return emit(g, r_type(0x21, 0, freg(g, 0), rm, fd, 0x53));
	case 16: /* fclass.d */
		return emit(g, r_type(0x71, 0, a, 1, rd_x(g), 0x53));
	case 17: case 18: /* fle.d, flt.d, feq.d */
		return emit(g, r_type(0x51, b, a, below(g, 3), rd_x(g), 0x53));
	case 19: case 20: case 21: /* fld */
		return emit(g, i_type(8 * below(g, 256), 31, 3, fd, 0x07));
	default: /* fsd */
		return emit(g, s_type(8 * below(g, 256), b, 31, 3, 0x27));
	}
}

static int gen_csr(struct gen *g)
{
	static const uint32_t fcsrs[] = { 1, 2, 3 };
	uint32_t csr = fcsrs[below(g, 3)], rd = rd_x(g);

	switch (below(g, 6)) {
	case 0: /* csrrs rd, csr, x0: plain read */
		return emit(g, i_type(csr, 0, 2, rd, 0x73));
	case 1: /* csrrw/csrrs/csrrc on fflags with any register */
		return emit(g, i_type(1, rs_x(g), 1 + below(g, 3), rd, 0x73));
	case 2: /* csrrwi frm, 0..4 */
		return emit(g, i_type(2, below(g, 5), 5, rd, 0x73));
	case 3: /* csrrwi/si/ci on fflags, fcsr low bits */
		return emit(g, i_type(below(g, 2) ? 1 : 3, below(g, 32),
				      5 + below(g, 3), rd, 0x73));
	case 4: /* csrrci frm (can only lower it: stays valid) */
		return emit(g, i_type(2, below(g, 8), 7, rd, 0x73));
	default: /* csrrs with x0 on fcsr */
		return emit(g, i_type(3, 0, 2, rd, 0x73));
	}
}

static int gen_amo(struct gen *g)
{
	static const uint32_t f5[] = { 0x01, 0x00, 0x04, 0x0c, 0x08,
				       0x10, 0x14, 0x18, 0x1c };
	uint32_t aqrl = below(g, 4);
	int r;

	r = emit(g, i_type(4 * below(g, 16), 31, 0, 30, 0x13));
	if (r)
		return r;
	if (below(g, 3)) {
		return emit(g, r_type(f5[below(g, 9)] << 2 | aqrl, rs_x(g), 30,
				      2, rd_x(g), 0x2f));
	}
	/* LR, a few instructions, SC (maybe to another word). */
	r = emit(g, r_type(0x02 << 2 | aqrl, 0, 30, 2, rd_x(g), 0x2f));
	for (unsigned int k = below(g, 3); !r && k; k--)
		r = emit(g, r_type(0, rs_x(g), rs_x(g), 0, rd_x(g), 0x33));
	if (!r && !below(g, 4))
		r = emit(g, i_type(4 * below(g, 16), 31, 0, 30, 0x13));
	if (!r)
		r = emit(g, r_type(0x03 << 2 | aqrl, rs_x(g), 30, 2, rd_x(g),
				   0x2f));
	return r;
}

/* One random instruction (or a short group); @left bounds forward jumps. */
static int gen_one(struct gen *g, unsigned int left)
{
	static const uint32_t op_f7f3[][2] = {
		{ 0, 0 }, { 0x20, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 },
		{ 0, 5 }, { 0x20, 5 }, { 0, 6 }, { 0, 7 },
		{ 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 },
		{ 1, 6 }, { 1, 7 },
	};
	uint32_t k = left > 1 ? 1 + below(g, left < 5 ? left - 1 : 4) : 0;
	uint32_t sel = below(g, 100), t;

	if (sel < 22) { /* R-type ALU and M */
		t = below(g, 18);
		return emit(g, r_type(op_f7f3[t][0], rs_x(g), rs_x(g),
				      op_f7f3[t][1], rd_x(g), 0x33));
	}
	if (sel < 34) { /* I-type ALU */
		t = below(g, 9);
		if (t == 1 || t == 5 || t == 6) { /* slli, srli, srai */
			uint32_t f3 = t == 1 ? 1 : 5;
			int32_t imm = (int32_t)below(g, 32) |
				      (t == 6 ? 0x400 : 0);

			return emit(g, i_type(imm, rs_x(g), f3, rd_x(g), 0x13));
		}
		{
			static const uint32_t f3s[] = { 0, 0, 2, 3, 4, 0, 0, 6,
							7 };
			int32_t imm = below(g, 4) ? (int32_t)below(g, 4096) -
							    2048 :
						    (int32_t)below(g, 5) - 2;

			return emit(g, i_type(imm, rs_x(g), f3s[t], rd_x(g),
					      0x13));
		}
	}
	if (sel < 37) /* LUI, AUIPC */
		return emit(g, (rnd(g) & 0xfffff000u) | rd_x(g) << 7 |
				       (below(g, 2) ? 0x37 : 0x17));
	if (sel < 45) { /* loads */
		static const uint32_t f3s[] = { 0, 1, 2, 4, 5 };

		t = f3s[below(g, 5)];
		return emit(g, i_type((int32_t)(below(g, 2048) &
						 ~((1u << (t & 3)) - 1)),
				      31, t, rd_x(g), 0x03));
	}
	if (sel < 52) { /* stores */
		t = below(g, 3);
		return emit(g, s_type((int32_t)(below(g, 2048) &
						~((1u << t) - 1)),
				      rs_x(g), 31, t, 0x23));
	}
	if (sel < 58 && k) { /* forward branches */
		static const uint32_t f3s[] = { 0, 1, 4, 5, 6, 7 };

		add_target(g, g->n + k + 1);
		return emit(g, b_type(4 * (int32_t)(k + 1), rs_x(g), rs_x(g),
				      f3s[below(g, 6)]));
	}
	if (sel < 60 && k) { /* JAL forward */
		add_target(g, g->n + k + 1);
		return emit(g, j_type(4 * (int32_t)(k + 1), rd_x(g)));
	}
	/*
	 * AUIPC + JALR forward over k instructions; never where an earlier
	 * jump lands on the JALR, which would then use a stale base.
	 */
	if (sel < 62 && k && !is_target(g, g->n + 1)) {
		uint32_t r = 1 + below(g, 29);

		add_target(g, g->n + 2 + k);
		if (emit(g, r << 7 | 0x17))
			return -1;
		return emit(g, i_type(8 + 4 * (int32_t)k, r, 0, rd_x(g), 0x67));
	}
	if (sel < 68)
		return gen_amo(g);
	if (sel < 73)
		return gen_csr(g);
	if (sel < 74) /* fence */
		return emit(g, 0x0ff0000f);
	/* Half of the FP instructions are RV32D. */
	return below(g, 2) ? gen_fp_d(g) : gen_fp(g);
}

static const uint32_t fp_special[] = {
	0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000,
	0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000,
	0xff800000, 0x7fc00000, 0x7f800001, 0xffc01234, 0x4f000000,
	0xcf000000, 0x4f800000, 0x3f000000, 0x40200000, 0x00ffffff,
};

static const uint64_t fp64_special[] = {
	0x0000000000000000, 0x8000000000000000, /* +-0 */
	0x0000000000000001, 0x800fffffffffffff, /* subnormals */
	0x0008000000000000, 0x0010000000000000, /* ..., min normal */
	0x3ff0000000000000, 0xbff0000000000000, /* +-1 */
	0x3ff0000000000001, 0x3fefffffffffffff, /* 1 +- ulp */
	0x3fe0000000000000, 0xbfe0000000000000, /* +-0.5 */
	0x3ff8000000000000, 0xc004000000000000, /* 1.5, -2.5 */
	0xbfefffffffffffff,			/* just above -1 */
	0x7fefffffffffffff, 0xffefffffffffffff, /* +-max */
	0x7ff0000000000000, 0xfff0000000000000, /* +-inf */
	0x7ff8000000000000, 0xfff8000000001234, /* qNaNs */
	0x7ff0000000000001, 0x7ff4000000000000, /* sNaNs */
	0x41dfffffffc00000, 0x41dfffffffe00000, /* 2^31 - 1, 2^31 - 0.5 */
	0x41e0000000000000, 0xc1e0000000000000, /* +-2^31 */
	0xc1e0000000100000, 0xc1e0000000200000, /* -2^31 - 0.5, - 1 */
	0x41efffffffe00000, 0x41efffffffffffff, /* 2^32 - 1, 2^32 - ulp */
	0x41f0000000000000,			/* 2^32 */
	0x47efffffe0000000, 0x47efffffefffffff, /* float max, + < half ulp */
	0x47effffff0000000,			/* float max + half ulp */
	0x3810000000000000, 0x380fffffffffffff, /* float min normal, - ulp */
	0x36a0000000000000, 0x3690000000000000, /* 2^-149, 2^-150 */
	0x3ff0000010000000, 0x3ff0000030000000, /* float ties (even, odd) */
};

static const uint32_t int_special[] = {
	0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 2, 31, 32, 0xfffffffe,
};

static uint32_t rand_fp(struct gen *g)
{
	switch (below(g, 4)) {
	case 0:
		return fp_special[below(g, sizeof(fp_special) / 4)];
	case 1: /* near 1.0: arithmetic stays finite and rounds */
		return (rnd(g) & 0x807fffffu) | (0x7c + below(g, 8)) << 23;
	default:
		return rnd(g) << 16 ^ rnd(g);
	}
}

static uint64_t rnd64(struct gen *g)
{
	uint64_t hi = rnd(g) << 16 ^ rnd(g);

	return hi << 32 | (rnd(g) << 16 ^ rnd(g));
}

/* A binary64 value with sign bit, 11-bit exponent and random mantissa. */
static uint64_t rand_fp64_exp(struct gen *g, uint32_t exp)
{
	uint64_t m = rnd64(g) & 0xfffffffffffffull;

	/* Fit in a single now and then, or sit on a single's tie. */
	switch (below(g, 4)) {
	case 0:
		m &= ~0x1fffffffull;
		break;
	case 1:
		m = (m & ~0x1fffffffull) | 0x10000000;
		break;
	}
	return (uint64_t)(rnd(g) & 1) << 63 | (uint64_t)exp << 52 | m;
}

/*
 * Initial value of f<i>: NaN-boxed singles mostly in the registers single
 * ops favour, binary64 values mostly in those double ops favour (freg()).
 */
static uint64_t rand_fp64(struct gen *g, uint32_t i)
{
	uint32_t boxed = i < 12 ? 3 : i < 20 ? 2 : 1;

	if (below(g, 4) < boxed)
		return 0xffffffff00000000ull | rand_fp(g);
	switch (below(g, 8)) {
	case 0: case 1:
		return fp64_special[below(g, sizeof(fp64_special) / 8)];
	case 2: case 3: /* near 1.0: arithmetic stays finite and rounds */
		return rand_fp64_exp(g, 0x3f8 + below(g, 16));
	case 4: /* around the int32/uint32 range */
		return rand_fp64_exp(g, 0x3fe + below(g, 36));
	case 5: /* where fcvt.s.d underflows or overflows */
		return rand_fp64_exp(g, below(g, 2) ? 0x366 + below(g, 28) :
						      0x47c + below(g, 6));
	case 6: /* almost NaN-boxed: single ops must see the canonical NaN */
		return (uint64_t)(below(g, 2) ? 0xfffffffeu : 0x7fffffffu)
			       << 32 | rand_fp(g);
	default:
		return rnd64(g);
	}
}

static uint32_t rand_int(struct gen *g)
{
	if (!below(g, 4))
		return int_special[below(g, sizeof(int_special) / 4)];
	if (!below(g, 3))
		return below(g, 64) - 32;
	return rnd(g) << 16 ^ rnd(g);
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* Assemble code and data into a static ELF32 executable. */
static int write_elf(const uint32_t *code, unsigned int n, const uint8_t *data,
		     struct rv_elf *e)
{
	uint32_t text_off = 0x1000, text_sz = n * 4;
	uint32_t data_off = text_off + ((text_sz + 0xfff) & ~0xfffu);
	size_t size = data_off + DATA_SIZE;
	Elf32_Ehdr *h;
	Elf32_Phdr *p;

	e->data = calloc(1, size);
	if (!e->data)
		return -1;
	e->size = size;
	h = (Elf32_Ehdr *)e->data;
	memcpy(h->e_ident, ELFMAG, SELFMAG);
	h->e_ident[EI_CLASS] = ELFCLASS32;
	h->e_ident[EI_DATA] = ELFDATA2LSB;
	h->e_ident[EI_VERSION] = EV_CURRENT;
	h->e_type = ET_EXEC;
	h->e_machine = EM_RISCV;
	h->e_version = EV_CURRENT;
	h->e_entry = TEXT_VA;
	h->e_phoff = sizeof(*h);
	h->e_flags = 0x2; /* EF_RISCV_FLOAT_ABI_SINGLE */
	h->e_ehsize = sizeof(*h);
	h->e_phentsize = sizeof(*p);
	h->e_phnum = 2;
	p = (Elf32_Phdr *)(e->data + sizeof(*h));
	p[0] = (Elf32_Phdr){ .p_type = PT_LOAD, .p_offset = text_off,
			     .p_vaddr = TEXT_VA, .p_paddr = TEXT_VA,
			     .p_filesz = text_sz, .p_memsz = text_sz,
			     .p_flags = PF_R | PF_X, .p_align = 0x1000 };
	p[1] = (Elf32_Phdr){ .p_type = PT_LOAD, .p_offset = data_off,
			     .p_vaddr = DATA_VA, .p_paddr = DATA_VA,
			     .p_filesz = DATA_SIZE, .p_memsz = DATA_SIZE,
			     .p_flags = PF_R | PF_W, .p_align = 0x1000 };
	memcpy(e->data + text_off, code, text_sz);
	memcpy(e->data + data_off, data, DATA_SIZE);
	return 0;
}

int rv_gen_program(uint64_t seed, unsigned int ninsns, unsigned int nvar,
		   struct rv_elf *elfs)
{
	struct gen g = { .s = seed };
	uint8_t data[DATA_SIZE];
	unsigned int body;
	int r = 0;

	/* Prologue: x31 = base, load x1..x30, f0..f31, fcsr, then x30. */
	r |= emit(&g, (BASE_VA + 0x800) >> 12 << 12 | 31 << 7 | 0x37);
	r |= emit(&g, i_type(-2048, 31, 0, 31, 0x13));
	for (uint32_t i = 1; i <= 30; i++)
		r |= emit(&g, i_type(INIT_OFF + 4 * i, 31, 2, i, 0x03));
	for (uint32_t i = 0; i < 32; i++) /* fld */
		r |= emit(&g, i_type(INIT_OFF + FREG_OFF + 8 * i, 31, 3, i,
				     0x07));
	r |= emit(&g, i_type(INIT_OFF + INIT_FCSR, 31, 2, 30, 0x03));
	r |= emit(&g, i_type(3, 30, 1, 0, 0x73)); /* csrw fcsr, x30 */
	r |= emit(&g, i_type(INIT_OFF + 120, 31, 2, 30, 0x03));
	body = g.n;
	while (!r && g.n - body < ninsns)
		r = gen_one(&g, ninsns - (g.n - body));
	/* Epilogue: dump x1..x31, fcsr, f0..f31 (64 bits); write; exit. */
	for (uint32_t i = 1; i <= 31; i++)
		r |= emit(&g, s_type(DUMP_OFF + 4 * i, i, 31, 2, 0x23));
	r |= emit(&g, i_type(3, 0, 2, 1, 0x73)); /* csrr x1, fcsr */
	r |= emit(&g, s_type(DUMP_OFF, 1, 31, 2, 0x23));
	for (uint32_t i = 0; i < 32; i++) /* fsd */
		r |= emit(&g, s_type(DUMP_OFF + FREG_OFF + 8 * i, i, 31, 3,
				     0x27));
	r |= emit(&g, i_type(1, 0, 0, 10, 0x13));		 /* a0 = 1 */
	r |= emit(&g, DATA_VA | 11 << 7 | 0x37);		 /* a1 */
	r |= emit(&g, DATA_SIZE | 12 << 7 | 0x37);		 /* a2 */
	r |= emit(&g, i_type(64, 0, 0, 17, 0x13));		 /* a7 */
	r |= emit(&g, 0x00000073);
	r |= emit(&g, i_type(0, 0, 0, 10, 0x13));
	r |= emit(&g, i_type(93, 0, 0, 17, 0x13));
	r |= emit(&g, 0x00000073);
	if (r)
		goto out;

	for (unsigned int v = 0; v < nvar; v++) {
		uint8_t *init = data + 0x400;

		for (unsigned int i = 0; i < DATA_SIZE; i += 4)
			put32(data + i, rnd(&g) << 16 ^ rnd(&g));
		for (unsigned int i = 1; i <= 29; i++)
			put32(init + 4 * i, rand_int(&g));
		for (unsigned int i = 0; i < 32; i++)
			put64(init + FREG_OFF + 8 * i, rand_fp64(&g, i));
		/* fcsr: valid frm, random accrued flags. */
		put32(init + INIT_FCSR, below(&g, 5) << 5 | below(&g, 32));
		put32(init + 120, BASE_VA);
		r = write_elf(g.code, g.n, data, &elfs[v]);
		if (r) {
			while (v--)
				rv_elf_free(&elfs[v]);
			break;
		}
	}
out:
	free(g.code);
	return r ? -1 : 0;
}
