// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Random RV32IMAF programs. Register conventions inside a program:
 * x31 = base of the data page (scratch at [0, 2048), dump and initial
 * state at negative offsets), x30 = address register of AMOs and LR/SC;
 * random instructions never write either. Everything else, including fcsr
 * (frm stays valid: 5..7 would make DYN ops illegal), is fair game.
 */
#include "rvgen.h"

#include <elf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_VA 0x10000u
#define DATA_VA 0x40000u /* dump at +0, init at +0x400, scratch at +0x800 */
#define BASE_VA (DATA_VA + 0x800u)
#define DATA_SIZE 0x1000u
#define DUMP_OFF (-2048)
#define INIT_OFF (-1024)

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

static int gen_fp(struct gen *g)
{
	uint32_t fd = below(g, 32), a = below(g, 32), b = below(g, 32);
	uint32_t c = below(g, 32), rm = rm_any(g);

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
	return gen_fp(g);
}

static const uint32_t fp_special[] = {
	0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000,
	0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000,
	0xff800000, 0x7fc00000, 0x7f800001, 0xffc01234, 0x4f000000,
	0xcf000000, 0x4f800000, 0x3f000000, 0x40200000, 0x00ffffff,
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
	for (uint32_t i = 0; i < 32; i++)
		r |= emit(&g, i_type(INIT_OFF + 128 + 4 * i, 31, 2, i, 0x07));
	r |= emit(&g, i_type(INIT_OFF + 256, 31, 2, 30, 0x03));
	r |= emit(&g, i_type(3, 30, 1, 0, 0x73)); /* csrw fcsr, x30 */
	r |= emit(&g, i_type(INIT_OFF + 120, 31, 2, 30, 0x03));
	body = g.n;
	while (!r && g.n - body < ninsns)
		r = gen_one(&g, ninsns - (g.n - body));
	/* Epilogue: dump x1..x31, fcsr, f0..f31; write; exit. */
	for (uint32_t i = 1; i <= 31; i++)
		r |= emit(&g, s_type(DUMP_OFF + 4 * i, i, 31, 2, 0x23));
	r |= emit(&g, i_type(3, 0, 2, 1, 0x73)); /* csrr x1, fcsr */
	r |= emit(&g, s_type(DUMP_OFF, 1, 31, 2, 0x23));
	for (uint32_t i = 0; i < 32; i++)
		r |= emit(&g, s_type(DUMP_OFF + 128 + 4 * i, i, 31, 2, 0x27));
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
			put32(init + 128 + 4 * i, rand_fp(&g));
		/* fcsr: valid frm, random accrued flags. */
		put32(init + 256, below(&g, 5) << 5 | below(&g, 32));
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
