// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Calibration streams (stream.h): the kernels, a windowed run, and the
 * sustainable-bandwidth measurement of corun-sim --calibrate.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../testdev.h"
#include "stream.h"

#define SRLI(rd, rs1, sh) rv_i(sh, rs1, 5, rd, 0x13)
#define AND(rd, rs1, rs2) rv_r(0, rs2, rs1, 7, rd, 0x33)
#define DIVU(rd, rs1, rs2) rv_r(1, rs2, rs1, 5, rd, 0x33)
#define REMU(rd, rs1, rs2) rv_r(1, rs2, rs1, 7, rd, 0x33)

static bool pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

/*
 * A load or store at @base + @off. Offsets past the 12-bit immediate go
 * through T0 = @base + 2047, set once per block (*@far).
 */
static void mem_op(struct tdev_prog *p, bool store, uint32_t reg,
		   uint32_t base, uint32_t off, bool *far)
{
	if (off >= 2048) {
		if (!*far)
			tdev_emit(p, ADDI(T0, base, 2047));
		*far = true;
		base = T0;
		off -= 2047;
	}
	tdev_emit(p, store ? SW(reg, base, (int32_t)off) :
			     LW(reg, base, (int32_t)off));
}

static const uint32_t dst_regs[CALIB_NLOADS] = { S0, S1, S2, S3, S4, S5,
						 S6, S7, S8, S9, S10, A5,
						 A6, A7, RA, GP };

/*
 * Every warp loads whole lines (lane * 4 within the line), CALIB_NLOADS
 * independent loads per iteration, then sums them. The warp and lane come
 * from the thread index (CTAs are whole warps).
 * args = { base, iters, copy distance, total warps, block mask, scratch }
 */
static void stream_code(struct tdev_prog *p, uint32_t line, uint32_t warp,
			const struct calib_stream *s)
{
	/* Powers of two (checked by the caller). */
	uint32_t i, top, lsh = __builtin_ctz(line) + __builtin_ctz(s->blk);
	/* Lanes past the line's words wrap around in it. */
	uint32_t lanes = warp < line / 4 ? warp : line / 4;
	bool far = false;

	tdev_emit(p, CSRR(A1, CORUN_CSR_ARGS));
	tdev_emit(p, LW(A0, A1, 0));
	tdev_emit(p, LW(A2, A1, 4));
	tdev_emit(p, LW(A3, A1, 12));
	tdev_emit(p, LW(A4, A1, 16));
	tdev_emit(p, LW(TP, A1, 8)); /* copy: destination - source */
	tdev_emit(p, CSRR(T0, CORUN_CSR_CTAID_X));
	tdev_emit(p, CSRR(T1, CORUN_CSR_NTID_X));
	tdev_emit(p, MUL(T0, T0, T1));
	tdev_emit(p, CSRR(T1, CORUN_CSR_TID_X));
	tdev_emit(p, ADD(T0, T0, T1)); /* global thread */
	if (pow2(warp)) {
		/* global warp */
		tdev_emit(p, SRLI(T2, T0, __builtin_ctz(warp)));
		tdev_emit(p, ANDI(T3, T1, (int32_t)lanes - 1));
	} else {
		tdev_emit(p, ADDI(T4, ZERO, (int32_t)warp));
		tdev_emit(p, DIVU(T2, T0, T4));
		tdev_emit(p, REMU(T3, T1, T4));
		tdev_emit(p, ADDI(T4, ZERO, (int32_t)lanes));
		tdev_emit(p, REMU(T3, T3, T4));
	}
	tdev_emit(p, SLLI(T3, T3, 2));
	tdev_emit(p, ADD(A0, A0, T3)); /* base + lane * 4 */
	tdev_li(p, T4, 2654435761u);
	tdev_emit(p, MUL(S11, T2, T4));
	tdev_emit(p, ADDI(S11, S11, 1));
	tdev_li(p, SP, 1664525);
	tdev_li(p, T3, 1013904223);
	tdev_emit(p, ADDI(T6, ZERO, 0));
	top = p->n;
	for (i = 0; i < CALIB_NLOADS; i++) {
		if (i % s->blk == 0) {
			if (s->seq) {
				tdev_emit(p, AND(T4, T2, A4));
				tdev_emit(p, ADD(T2, T2, A3));
			} else {
				tdev_emit(p, MUL(S11, S11, SP));
				tdev_emit(p, ADD(S11, S11, T3));
				tdev_emit(p, SRLI(T4, S11, 8));
				tdev_emit(p, AND(T4, T4, A4));
			}
			tdev_emit(p, SLLI(T4, T4, lsh));
			tdev_emit(p, ADD(T1, A0, T4));
			far = false;
		}
		mem_op(p, false, dst_regs[i], T1, (i % s->blk) * line, &far);
	}
	if (s->copy) {
		/* One block (sequential): T1 is its base. */
		tdev_emit(p, ADD(T5, T1, TP));
		far = false;
		for (i = 0; i < CALIB_NLOADS; i++)
			mem_op(p, true, dst_regs[i], T5, i * line, &far);
	}
	for (i = 0; i < CALIB_NLOADS; i++)
		tdev_emit(p, ADD(T6, T6, dst_regs[i]));
	tdev_emit(p, ADDI(A2, A2, -1));
	tdev_emit(p, BNE(A2, ZERO, -(int32_t)(p->n - top) * 4));
	tdev_emit(p, SW(T6, A1, 20));
	tdev_emit(p, EXIT);
}

int calib_stream_prepare(struct tdev *t, const struct calib_stream *s,
			 uint32_t buf, struct corun_job_desc *d)
{
	const struct emu_config *c = &t->cfg;
	uint32_t line = c->l1.line, entry, wpc, grid, args, *a;
	struct tdev_prog p = { .n = 0 };

	if (!pow2(s->blk) || s->blk > CALIB_NLOADS ||
	    (s->seq && s->blk != CALIB_NLOADS) || (s->copy && !s->seq) ||
	    !pow2(s->region) || s->region < s->blk * line || !s->iters ||
	    !s->ctas_per_sm || !s->block || s->block % c->warp_size)
		return -1;
	stream_code(&p, line, c->warp_size, s);
	if (p.n == TDEV_PROG_MAX)
		return -1;
	entry = tdev_code(t, p.w, p.n);
	wpc = (s->block + c->warp_size - 1) / c->warp_size;
	grid = c->num_sms * s->ctas_per_sm;
	args = tdev_alloc(t, 64, TDEV_RW);
	a = tdev_ptr(t, args);
	a[0] = buf;
	a[1] = s->iters;
	a[2] = s->region;
	a[3] = grid * wpc;
	a[4] = s->region / (s->blk * line) - 1;
	tdev_desc(t, 0, d, entry, grid, s->block);
	d->args = args;
	return emu_gpu_set_l1_bypass_ctas(t->gpu, 0,
					  s->bypass_l1 ? c->sm.cta_slots : 0);
}

static void ctr_sub(struct corun_slot_counters *d,
		    const struct corun_slot_counters *a,
		    const struct corun_slot_counters *b)
{
	const uint64_t *pa = (const uint64_t *)a, *pb = (const uint64_t *)b;
	uint64_t *pd = (uint64_t *)d;
	size_t i;

	for (i = 0; i < sizeof(*d) / sizeof(uint64_t); i++)
		pd[i] = pa[i] - pb[i];
}

/* Run to @until (through epoch boundaries); -1 if the job ended. */
static int run_to(struct tdev *t, uint64_t until)
{
	struct emu_event ev;
	int r;

	do
		r = emu_gpu_run(t->gpu, until, &ev);
	while (r == EMU_EV_EPOCH);
	return r == EMU_EV_NONE && emu_gpu_cycle(t->gpu) == until ? 0 : -1;
}

int calib_stream_window(struct tdev *t, const struct corun_job_desc *d,
			uint64_t warmup, uint64_t window,
			struct calib_window *w)
{
	struct corun_slot_counters s[CALIB_PARTS + 1];
	uint64_t t0 = emu_gpu_cycle(t->gpu), part = window / CALIB_PARTS;
	unsigned int i;

	if (!part || window % CALIB_PARTS || emu_gpu_submit(t->gpu, 0, d) ||
	    run_to(t, t0 + warmup))
		return -1;
	emu_gpu_slot_counters(t->gpu, 0, &s[0]);
	w->resident = s[0].ctas_launched - s[0].ctas_done;
	for (i = 1; i <= CALIB_PARTS; i++) {
		if (run_to(t, t0 + warmup + i * part))
			return -1;
		emu_gpu_slot_counters(t->gpu, 0, &s[i]);
		ctr_sub(&w->part[i - 1], &s[i], &s[i - 1]);
	}
	ctr_sub(&w->c, &s[CALIB_PARTS], &s[0]);
	w->cycles = window;
	return 0;
}

static void set_err(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) / a * a;
}

/*
 * Threads per CTA and resident CTAs per SM of a stream: 256-thread CTAs
 * (whole warps; fewer threads if an SM holds fewer), as many as the SM's
 * threads, registers (32 per thread), stack (the default) and CTA slots
 * allow.
 */
static void occupancy(const struct emu_config *c, uint32_t *block,
		      uint32_t *ctas)
{
	uint32_t b = c->sm.max_threads < 256 ? c->sm.max_threads : 256;
	uint64_t warps, regs, n;

	b -= b % c->warp_size;
	warps = b / c->warp_size;
	regs = warps * round_up(32ull * c->warp_size, c->sm.reg_alloc_unit);
	n = c->sm.max_threads / b;
	if (c->sm.regs / regs < n)
		n = c->sm.regs / regs;
	if (c->sm.local_bytes / ((uint64_t)b * CORUN_STACK_DEFAULT) < n)
		n = c->sm.local_bytes / ((uint64_t)b * CORUN_STACK_DEFAULT);
	if (c->sm.cta_slots < n)
		n = c->sm.cta_slots;
	*block = b;
	*ctas = (uint32_t)n;
}

/* Reply-NoC bytes of a read-only stream: every flit but request headers. */
static uint64_t reply_bytes(const struct emu_config *c,
			    const struct corun_slot_counters *k)
{
	return (k->noc_flits - k->requests) * c->noc.flit_bytes;
}

/*
 * DRAM bytes of the read replies the SMs received (L2 misses: CCBP's
 * Eq. 3 accounting). In a plateau this is the data-bus traffic; it
 * settles sooner, while the memory controllers still work off the first
 * burst of queued requests.
 */
static uint64_t dram_bytes(const struct emu_config *c,
			   const struct corun_slot_counters *k)
{
	return k->dram_accesses * c->l2.line;
}

/* Bytes per 1000 SM cycles over @cycles, rounded to nearest. */
static uint64_t per_kcycle(uint64_t bytes, uint64_t cycles)
{
	return (bytes * 1000 + cycles / 2) / cycles;
}

static uint32_t permille(uint64_t part, uint64_t all)
{
	return all ? (uint32_t)((part * 1000 + all / 2) / all) : 0;
}

/* Largest deviation of a sub-window from the window, permille of it. */
static uint32_t spread(const struct emu_config *c, const struct calib_window *w,
		       uint64_t (*bytes)(const struct emu_config *,
					 const struct corun_slot_counters *))
{
	uint64_t all = bytes(c, &w->c), dev = 0;
	unsigned int i;

	if (!all)
		return 1000;
	for (i = 0; i < CALIB_PARTS; i++) {
		uint64_t b = bytes(c, &w->part[i]) * CALIB_PARTS;
		uint64_t d = b > all ? b - all : all - b;

		if (d > dev)
			dev = d;
	}
	return permille(dev, all);
}

/*
 * One stream through its window on a fresh device. @warm: a sequential
 * pass over the region first, so that an L2-sized region is resident.
 */
static int measure(const struct emu_config *c, const struct calib_stream *s,
		   bool warm, struct calib_window *w, char *err, size_t len)
{
	uint32_t wpc = (s->block + c->warp_size - 1) / c->warp_size;
	uint64_t warps = (uint64_t)c->num_sms * s->ctas_per_sm * wpc;
	struct corun_job_desc d;
	struct emu_event ev;
	struct tdev t;
	uint32_t buf;
	int ret = -1;

	if (tdev_init(&t, c, s->region + (16u << 20))) {
		set_err(err, len, "cannot create the device");
		return -1;
	}
	buf = tdev_alloc(&t, s->region, TDEV_RW);
	if (warm) {
		struct calib_stream p = *s;
		uint64_t lines = s->region / c->l1.line;

		p.blk = CALIB_NLOADS;
		p.seq = true;
		p.iters = (uint32_t)((lines + CALIB_NLOADS * warps - 1) /
				     (CALIB_NLOADS * warps));
		if (calib_stream_prepare(&t, &p, buf, &d) ||
		    tdev_run(&t, 0, &d, &ev, 1ull << 32) || ev.fault.cause) {
			set_err(err, len, "the pass that fills the L2 failed");
			goto out;
		}
	}
	if (calib_stream_prepare(&t, s, buf, &d) ||
	    calib_stream_window(&t, &d, CALIB_WARMUP, CALIB_WINDOW, w)) {
		set_err(err, len, "the stream ended or faulted before its window's end");
		goto out;
	}
	if (w->resident != (uint64_t)c->num_sms * s->ctas_per_sm) {
		set_err(err, len, "%llu CTAs resident, expected %u per SM",
			(unsigned long long)w->resident, s->ctas_per_sm);
		goto out;
	}
	ret = 0;
out:
	tdev_fini(&t);
	return ret;
}

/* Smallest power of two >= @v (v <= 2^31). */
static uint32_t pow2_ceil(uint64_t v)
{
	uint32_t p = 1;

	while (p < v)
		p *= 2;
	return p;
}

int calib_sustainable(const struct emu_config *c, struct calib_bw *bw,
		      char *err, size_t len)
{
	uint64_t l2 = (uint64_t)c->l2.banks * c->l2.bank_size;
	struct calib_stream s = { .iters = 1u << 30 };
	struct calib_window w;

	memset(bw, 0, sizeof(*bw));
	bw->noc_peak = emu_config_noc_peak(c);
	bw->dram_peak = emu_config_dram_peak(c);
	occupancy(c, &s.block, &s.ctas_per_sm);
	if (!s.ctas_per_sm) {
		set_err(err, len, "a %u-thread CTA of 32 registers per thread does not fit an SM",
			s.block);
		return -1;
	}

	/* NoC: random lines of a region of a quarter of the L2, resident. */
	s.blk = 1;
	s.bypass_l1 = true;
	s.region = pow2_ceil(l2 / 4 + 1) / 2;
	if (s.region < CALIB_NLOADS * c->l1.line) {
		set_err(err, len, "the L2 (%llu bytes) is too small for the NoC stream",
			(unsigned long long)l2);
		return -1;
	}
	if (measure(c, &s, true, &w, err, len))
		return -1;
	bw->noc_l2_hit = permille(w.c.llc_hits, w.c.llc_hits + w.c.llc_misses);
	bw->noc_spread = spread(c, &w, reply_bytes);
	bw->noc = per_kcycle(reply_bytes(c, &w.c), w.cycles);
	if (bw->noc_l2_hit < 990) {
		set_err(err, len, "the NoC stream's L2 hit rate is %u permille, not L2-resident",
			bw->noc_l2_hit);
		return -1;
	}

	/*
	 * DRAM: blocks of CALIB_NLOADS lines at random positions of a region
	 * 64 times the L2, so that about 1/64 of them hit. A sequential
	 * sweep would depend on the warps' pace: under a greedy scheduler
	 * (gto) the oldest warps lap the others and read their lines again.
	 */
	s.blk = CALIB_NLOADS;
	s.bypass_l1 = false;
	if (l2 * 64 > (1u << 30)) {
		set_err(err, len, "the L2 (%llu bytes) is too large for the DRAM stream's region (at most 1 GB)",
			(unsigned long long)l2);
		return -1;
	}
	s.region = pow2_ceil(l2 * 64);
	if (measure(c, &s, false, &w, err, len))
		return -1;
	bw->dram_l2_hit = permille(w.c.llc_hits, w.c.llc_hits + w.c.llc_misses);
	bw->dram_spread = spread(c, &w, dram_bytes);
	bw->dram = per_kcycle(dram_bytes(c, &w.c), w.cycles);
	bw->dram_noc = per_kcycle(reply_bytes(c, &w.c), w.cycles);
	if (bw->dram_l2_hit > 30) {
		set_err(err, len, "the DRAM stream's L2 hit rate is %u permille, not L2-missing",
			bw->dram_l2_hit);
		return -1;
	}
	if (bw->noc_spread > CALIB_MAX_SPREAD ||
	    bw->dram_spread > CALIB_MAX_SPREAD) {
		set_err(err, len, "no plateau: a quarter of the window is %u (NoC) or %u (DRAM) permille off its mean, more than %u",
			bw->noc_spread, bw->dram_spread, CALIB_MAX_SPREAD);
		return -1;
	}
	if (bw->noc > bw->noc_peak || bw->dram > bw->dram_peak) {
		set_err(err, len, "measured above the peak: NoC %llu of %llu, DRAM %llu of %llu",
			(unsigned long long)bw->noc,
			(unsigned long long)bw->noc_peak,
			(unsigned long long)bw->dram,
			(unsigned long long)bw->dram_peak);
		return -1;
	}
	return 0;
}
