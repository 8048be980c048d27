// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Memory-system calibration microbenchmarks: hand-assembled RV32 kernels
 * run on the whole device model (SMs + emu/mem.h) and print every figure.
 *
 * What "configured latency" means (emu/mem.h): l2.latency and
 * dram.latency are idle L1-miss round trips in SM cycles, from the miss
 * entering the miss queue to the data at the SM, on an L2 hit and on an L2
 * miss that conflicts in the DRAM row buffer. A dependent pointer chase
 * measures load-to-load time per hop = round trip + SM overhead (address
 * generation, issue); the overhead is what the L1-hit chase measures
 * beyond l1.latency, and is subtracted from the L2 and DRAM chases.
 *
 * On ccbp-16sm: idle latencies within 5%; an L2-missing stream saturates
 * DRAM (above 55% of peak) with loaded latency >= 4x idle; an L2-hitting
 * stream saturates the NoC at 50-65% of peak; row-buffer hit rate > 80%
 * for a sequential stream, < 20% for a random one, bandwidth growing with
 * it; IRC credits turn into request rate and bandwidth per CCBP Eqs. 1
 * and 3. A target not met fails. On the HSM configurations: private-mode
 * bandwidth utilization vs row-buffer hit rate is fitted by least squares
 * (slope c1, intercept c2, R^2 > 0.8), as HSM's Eq. 5 training does.
 *
 * The sustainable NoC and DRAM bandwidth stored in the configurations'
 * [calib] sections must equal what calib_sustainable() measures now
 * (sustainable_stored, on ccbp-16sm and test-2sm; `make calibrate` checks
 * every configuration). Documentation/emu/calibration.rst has the rest.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <kunit/test.h>
#include <corun/kernel.h>

#include "../testdev.h"
#include "sm.h" /* struct emu_gpu: its memory side, to program IRC */
#include "stream.h"

#ifndef CALIB_CONFIG_DIR
#define CALIB_CONFIG_DIR "emu/configs"
#endif

#define LINE 128

static int load_cfg(struct kunit *test, const char *name,
		    struct emu_config *c)
{
	char path[256], err[256];

	/* CALIB_CONFIG_DIR in the environment: try other configurations. */
	snprintf(path, sizeof(path), "%s/%s.ini",
		 getenv("CALIB_CONFIG_DIR") ? getenv("CALIB_CONFIG_DIR") :
					      CALIB_CONFIG_DIR,
		 name);
	if (emu_config_load(path, c, err, sizeof(err))) {
		kunit_info(test, "%s", err);
		return -1;
	}
	return 0;
}

/*
 * A calibration target: one not met fails the case. Targets the model
 * does not reach for a documented reason use target_known() instead.
 */
static void target(struct kunit *test, bool ok, const char *what)
{
	kunit_info(test, "target %s: %s", what, ok ? "met" : "NOT MET");
	if (!ok)
		KUNIT_FAIL(test, "calibration target not met: %s", what);
}

static uint64_t cycles(const struct emu_event *ev)
{
	return ev->counters.end_cycle - ev->counters.start_cycle;
}

/* ------------------------------------------------------------------ */
/* Pointer chase: args = { start, warm hops, timed hops, out cycles, out } */

static uint32_t chase_kernel(struct tdev *t)
{
	struct tdev_prog p = { .n = 0 };

	tdev_emit(&p, CSRR(A1, CORUN_CSR_ARGS));
	tdev_emit(&p, LW(A0, A1, 0));
	tdev_emit(&p, LW(A2, A1, 4));
	tdev_emit(&p, LW(A3, A1, 8));
	tdev_emit(&p, LW(A0, A0, 0)); /* warm */
	tdev_emit(&p, ADDI(A2, A2, -1));
	tdev_emit(&p, BNE(A2, ZERO, -8));
	tdev_emit(&p, CSRR(T0, CSR_CYCLE));
	tdev_emit(&p, LW(A0, A0, 0)); /* timed */
	tdev_emit(&p, ADDI(A3, A3, -1));
	tdev_emit(&p, BNE(A3, ZERO, -8));
	tdev_emit(&p, CSRR(T1, CSR_CYCLE));
	tdev_emit(&p, SUB(T1, T1, T0));
	tdev_emit(&p, SW(T1, A1, 12));
	tdev_emit(&p, SW(A0, A1, 16));
	tdev_emit(&p, EXIT);
	return tdev_code(t, p.w, p.n);
}

/*
 * Chase @nlines lines of a @span-byte region (a random cyclic order of a
 * random subset); returns cycles per timed hop, and the memory side's
 * average L1-miss latency over the job in @mlat.
 */
static double chase(struct kunit *test, struct tdev *t, uint32_t entry,
		    uint32_t span, uint32_t nlines, uint32_t warm,
		    uint32_t timed, double *mlat)
{
	uint32_t buf = tdev_alloc(t, span, TDEV_RW);
	uint32_t args = tdev_alloc(t, 64, TDEV_RW);
	uint32_t *a = tdev_ptr(t, args), *order, i, total = span / LINE;
	unsigned int seed = 7;
	struct corun_job_desc d;
	struct emu_event ev;

	order = malloc(total * sizeof(*order));
	for (i = 0; i < total; i++)
		order[i] = i;
	for (i = 0; i < nlines; i++) {
		uint32_t j = i + (uint32_t)rand_r(&seed) % (total - i), x;

		x = order[i];
		order[i] = order[j];
		order[j] = x;
	}
	for (i = 0; i < nlines; i++) {
		uint32_t *w = tdev_ptr(t, buf + order[i] * LINE);

		*w = buf + order[(i + 1) % nlines] * LINE;
	}
	a[0] = buf + order[0] * LINE;
	a[1] = warm;
	a[2] = timed;
	free(order);
	tdev_desc(t, 0, &d, entry, 1, 1);
	d.args = args;
	if (tdev_run(t, 0, &d, &ev, 50000000)) {
		KUNIT_FAIL(test, "chase did not finish");
		return 0;
	}
	KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
	*mlat = ev.counters.c.l1_misses ?
			(double)ev.counters.c.mem_latency_sum /
				(double)ev.counters.c.l1_misses :
			0;
	return (double)a[3] / timed;
}

static void idle_latency(struct kunit *test)
{
	struct emu_config c;
	struct tdev t;
	uint32_t entry;
	double l1, l2, dr, ovh, m1, m2, m3, el2, edr;

	KUNIT_ASSERT_EQ(test, load_cfg(test, "ccbp-16sm", &c), 0);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, 96u << 20), 0);
	entry = chase_kernel(&t);
	/* L1: 16 lines; L2: 4096 lines (512 KB); DRAM: 3000 of 64 MB. */
	l1 = chase(test, &t, entry, 16 * LINE, 16, 64, 1024, &m1);
	l2 = chase(test, &t, entry, 4096 * LINE, 4096, 4096, 2048, &m2);
	dr = chase(test, &t, entry, 64u << 20, 3000, 600, 2000, &m3);
	ovh = l1 - c.l1.latency;
	el2 = (l2 - ovh) / c.l2.latency - 1;
	edr = (dr - ovh) / c.dram.latency - 1;
	kunit_info(test, "pointer chase, cycles/hop: L1 %.1f L2 %.1f DRAM %.1f (SM overhead %.1f)",
		   l1, l2, dr, ovh);
	kunit_info(test, "idle L1 %.1f (cfg %u), L2 %.1f (cfg %u, %+.1f%%), DRAM %.1f (cfg %u, %+.1f%%)",
		   l1 - ovh, c.l1.latency, l2 - ovh, c.l2.latency, 100 * el2,
		   dr - ovh, c.dram.latency, 100 * edr);
	kunit_info(test, "memory-side mean L1-miss latency per job: L2 chase %.1f, DRAM chase %.1f",
		   m2, m3);
	KUNIT_EXPECT_GE(test, ovh, 0.0);
	KUNIT_EXPECT_LE(test, ovh, 10.0);
	KUNIT_EXPECT_LT(test, fabs(el2), 0.05);
	KUNIT_EXPECT_LT(test, fabs(edr), 0.05);
	tdev_fini(&t);
}

/* ------------------------------------------------------------------ */
/* Streams (stream.h): whole runs of 256-thread CTAs. */

struct stream_res {
	uint64_t cycles;
	double dram_util; /* data-bus busy / (channels * DRAM cycles) */
	double noc_util; /* reply flits / (SM ejection ports * NoC cycles) */
	double rbh; /* DRAM row hits / DRAM accesses */
	double lat; /* mean L1-miss round trip */
	double llc_hit;
	double df; /* DRAM accesses per request */
	uint64_t reads;
};

/* Run a stream over @region bytes at @buf; @runs jobs, the last measured. */
static int stream(struct kunit *test, struct tdev *t, uint32_t buf,
		  uint32_t region, uint32_t blk, bool seq, bool copy,
		  uint32_t iters, uint32_t ctas_per_sm, uint32_t runs,
		  struct stream_res *r)
{
	const struct emu_config *c = &t->cfg;
	const struct calib_stream s = {
		.blk = blk, .seq = seq, .copy = copy, .region = region,
		.iters = iters, .ctas_per_sm = ctas_per_sm, .block = 256,
	};
	const struct corun_slot_counters *k;
	struct corun_job_desc d;
	struct emu_event ev;
	double dcyc, ncyc;

	if (calib_stream_prepare(t, &s, buf, &d)) {
		KUNIT_FAIL(test, "bad stream");
		return -1;
	}
	while (runs--) {
		if (tdev_run(t, 0, &d, &ev, 50000000)) {
			KUNIT_FAIL(test, "stream did not finish");
			return -1;
		}
		KUNIT_EXPECT_EQ(test, ev.fault.cause, 0u);
	}
	k = &ev.counters.c;
	r->cycles = cycles(&ev);
	dcyc = (double)r->cycles * c->dram_mhz / c->sm_mhz;
	ncyc = (double)r->cycles * c->noc_mhz / c->sm_mhz;
	r->dram_util = (double)k->dram_bus_cycles / (c->dram.channels * dcyc);
	r->reads = k->read_requests;
	r->noc_util = (double)k->read_requests *
		      (1 + c->l1.line / c->noc.flit_bytes) /
		      (c->num_sms * ncyc);
	r->rbh = k->dram_accesses ?
			 (double)k->dram_row_hits / (double)k->dram_accesses : 0;
	r->lat = k->read_requests ?
			 (double)k->mem_latency_sum / (double)k->read_requests :
			 0;
	r->df = k->requests ? (double)k->dram_accesses / (double)k->requests :
			      0;
	r->llc_hit = k->llc_hits + k->llc_misses ?
			     (double)k->llc_hits /
				     (double)(k->llc_hits + k->llc_misses) :
			     0;
	return 0;
}

static void print_res(struct kunit *test, const char *what,
		      const struct stream_res *r)
{
	kunit_info(test, "%-22s %7llu cyc %7llu reads: DRAM util %5.1f%% NoC util %5.1f%% RBH %5.1f%% LLC hit %5.1f%% latency %6.1f",
		   what, (unsigned long long)r->cycles,
		   (unsigned long long)r->reads, 100 * r->dram_util,
		   100 * r->noc_util, 100 * r->rbh, 100 * r->llc_hit, r->lat);
}

static void dram_saturation(struct kunit *test)
{
	struct emu_config c;
	struct stream_res rd, seq, rnd;
	struct tdev t;
	uint32_t buf;

	KUNIT_ASSERT_EQ(test, load_cfg(test, "ccbp-16sm", &c), 0);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, 80u << 20), 0);
	buf = tdev_alloc(&t, 64u << 20, TDEV_RW);
	KUNIT_ASSERT_EQ(test, stream(test, &t, buf, 64u << 20, 16, true, false,
				     8, 4, 1, &rd), 0);
	print_res(test, "sequential read", &rd);
	KUNIT_ASSERT_EQ(test, stream(test, &t, buf, 64u << 20, 1, false, false,
				     4, 4, 1, &rnd), 0);
	print_res(test, "random lines", &rnd);
	KUNIT_ASSERT_EQ(test, stream(test, &t, buf, 32u << 20, 16, true, true,
				     8, 4, 1, &seq), 0);
	print_res(test, "sequential copy", &seq);
	kunit_info(test, "peak DRAM %.1f GB/s; read stream %.1f GB/s, loaded/idle latency %.2f; copy stream %.1f GB/s, %.2f",
		   c.dram.channels * (double)c.dram.bus_bytes * c.dram_mhz / 1e3,
		   rd.dram_util * c.dram.channels * c.dram.bus_bytes *
			   c.dram_mhz / 1e3,
		   rd.lat / c.dram.latency,
		   seq.dram_util * c.dram.channels * c.dram.bus_bytes *
			   c.dram_mhz / 1e3,
		   seq.lat / c.dram.latency);
	/* Saturated: well above half the peak, queueing latency >= 4x idle. */
	KUNIT_EXPECT_GE(test, rd.dram_util, 0.55);
	KUNIT_EXPECT_GE(test, seq.dram_util, 0.55);
	KUNIT_EXPECT_GE(test, rd.lat, 4.0 * c.dram.latency);
	KUNIT_EXPECT_GE(test, seq.lat, 4.0 * c.dram.latency);
	KUNIT_EXPECT_GT(test, rd.rbh, 0.80);
	KUNIT_EXPECT_GT(test, seq.rbh, 0.80);
	KUNIT_EXPECT_LT(test, rnd.rbh, 0.20);
	tdev_fini(&t);
}

static void noc_saturation(struct kunit *test)
{
	struct emu_config c;
	struct stream_res r;
	struct tdev t;
	uint32_t buf;

	KUNIT_ASSERT_EQ(test, load_cfg(test, "ccbp-16sm", &c), 0);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, 8u << 20), 0);
	/* 512 KB: fits the 2 MB L2, thrashes the 24 KB L1s. */
	buf = tdev_alloc(&t, 512u << 10, TDEV_RW);
	KUNIT_ASSERT_EQ(test, stream(test, &t, buf, 512u << 10, 1, false,
				     false, 4, 4, 2, &r), 0);
	print_res(test, "L2-resident random", &r);
	kunit_info(test, "peak reply NoC %.1f GB/s; achieved %.1f GB/s",
		   c.num_sms * (double)c.noc.flit_bytes * c.noc_mhz / 1e3,
		   r.noc_util * c.num_sms * c.noc.flit_bytes * c.noc_mhz / 1e3);
	KUNIT_EXPECT_GT(test, r.llc_hit, 0.95);
	KUNIT_EXPECT_GE(test, r.noc_util, 0.50);
	KUNIT_EXPECT_LE(test, r.noc_util, 0.65);
	tdev_fini(&t);
}

/*
 * Private-mode utilization vs row-buffer hit rate over streams of
 * different locality; least-squares line; returns R^2.
 */
static double locality_fit(struct kunit *test, const char *cfgname,
			   uint32_t ctas_per_sm, uint32_t iters, bool *grows)
{
	static const uint32_t blks[] = { 1, 2, 4, 8, 16 };
	double x[6], y[6], sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
	double slope, icpt, r2, n = 0;
	struct emu_config c;
	struct stream_res r;
	struct tdev t;
	uint32_t buf, i;
	char what[64];

	if (load_cfg(test, cfgname, &c) || tdev_init(&t, &c, 80u << 20)) {
		KUNIT_FAIL(test, "%s: no device", cfgname);
		return 0;
	}
	buf = tdev_alloc(&t, 64u << 20, TDEV_RW);
	for (i = 0; i < 6; i++) {
		bool seq = i == 5;

		if (stream(test, &t, buf, 64u << 20, seq ? 16 : blks[i], seq,
			   false, iters, ctas_per_sm, 1, &r))
			break;
		snprintf(what, sizeof(what), "%s %s%u", cfgname,
			 seq ? "seq" : "blk", seq ? 16 : blks[i]);
		print_res(test, what, &r);
		x[i] = r.rbh;
		y[i] = r.dram_util;
		n++;
	}
	for (i = 0; i < n; i++) {
		sx += x[i];
		sy += y[i];
		sxx += x[i] * x[i];
		sxy += x[i] * y[i];
		syy += y[i] * y[i];
	}
	slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
	icpt = (sy - slope * sx) / n;
	r2 = (n * sxy - sx * sy) * (n * sxy - sx * sy) /
	     ((n * sxx - sx * sx) * (n * syy - sy * sy));
	kunit_info(test, "%s: utilization = %.3f * RBH + %.3f (R^2 %.3f)",
		   cfgname, slope, icpt, r2);
	tdev_fini(&t);
	/* Grows: positive slope and the random end well below the sequential. */
	*grows = n == 6 && slope > 0 && y[0] < 0.9 * y[5];
	return r2;
}

static void rbh_bandwidth_ccbp(struct kunit *test)
{
	bool grows;
	double r2 = locality_fit(test, "ccbp-16sm", 4, 4, &grows);

	target(test, grows && r2 > 0.8,
	       "ccbp-16sm bandwidth grows with row-buffer hit rate");
}

static void hsm_fit_hbm(struct kunit *test)
{
	bool grows;

	KUNIT_EXPECT_GT(test, locality_fit(test, "hsm-hbm-80sm", 2, 2, &grows),
			0.8);
	KUNIT_EXPECT_TRUE(test, grows);
}

static void hsm_fit_gddr5(struct kunit *test)
{
	bool grows;

	KUNIT_EXPECT_GT(test,
			locality_fit(test, "hsm-gddr5-40sm", 2, 3, &grows), 0.8);
	KUNIT_EXPECT_TRUE(test, grows);
}

/*
 * Issue-rate control turns credits into bandwidth (CCBP Eqs. 1 and 3):
 * c credits per window per SM give c * num_sms / window read requests
 * per cycle, df * line bytes of DRAM and (line + flit) bytes of reply
 * NoC traffic each.
 */
static void irc_bandwidth(struct kunit *test)
{
	/* The last one asks for ~90% of the DRAM peak: capped by the DRAM. */
	static const uint32_t credits[] = { 2, 4, 8, 16 };
	struct emu_config c;
	struct stream_res r;
	struct tdev t;
	uint32_t buf, i;

	KUNIT_ASSERT_EQ(test, load_cfg(test, "ccbp-16sm", &c), 0);
	KUNIT_ASSERT_EQ(test, tdev_init(&t, &c, 80u << 20), 0);
	buf = tdev_alloc(&t, 64u << 20, TDEV_RW);
	for (i = 0; i < 4; i++) {
		double want = (double)credits[i] * c.num_sms / c.l1.irc_window;
		double got;

		emu_mem_set_irc(t.gpu->mem, 0, credits[i], 0);
		if (stream(test, &t, buf + (i << 24), 16u << 20, 16, true, false,
			   i < 3 ? credits[i] / 2 : 4, 4, 1, &r))
			break;
		got = (double)r.reads / r.cycles;
		kunit_info(test, "IRC %2u credits/%u cycles/SM: %.3f read requests/cycle (Eq. %.3f), DRAM %.1f GB/s (Eq. 3: %.1f), reply NoC %.1f GB/s (Eq. 1: %.1f)",
			   credits[i], c.l1.irc_window, got, want,
			   r.dram_util * c.dram.channels * c.dram.bus_bytes *
				   c.dram_mhz / 1e3,
			   want * r.df * c.l2.line * c.sm_mhz / 1e3,
			   r.noc_util * c.num_sms * c.noc.flit_bytes *
				   c.noc_mhz / 1e3,
			   want * (c.l1.line + c.noc.flit_bytes) * c.sm_mhz / 1e3);
		if (i < 3)
			KUNIT_EXPECT_LT(test, fabs(got / want - 1), 0.10);
		else
			KUNIT_EXPECT_LT(test, got, want);
	}
	tdev_fini(&t);
}

/*
 * The [calib] values stored in a configuration are what the model gives
 * now. It is deterministic, so they must match exactly: a change of the
 * model that moves them fails here until `corun-sim --calibrate` is rerun
 * and its lines are pasted into the file.
 */
static const char *const stored_cfgs[] = { "ccbp-16sm", "test-2sm" };

static void stored_desc(const char *const *name, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", *name);
}

KUNIT_ARRAY_PARAM(stored, stored_cfgs, stored_desc);

static void sustainable_stored(struct kunit *test)
{
	const char *name = *(const char *const *)test->param_value;
	struct emu_config c;
	struct calib_bw bw;
	char err[256] = "";

	KUNIT_ASSERT_EQ(test, load_cfg(test, name, &c), 0);
	KUNIT_ASSERT_EQ_MSG(test, calib_sustainable(&c, &bw, err, sizeof(err)),
			    0, "%s", err);
	kunit_info(test, "%s: noc_sustainable = %llu (%.1f%% of %llu), dram_sustainable = %llu (%.1f%% of %llu); stored %u and %u",
		   name, (unsigned long long)bw.noc,
		   100.0 * (double)bw.noc / (double)bw.noc_peak,
		   (unsigned long long)bw.noc_peak, (unsigned long long)bw.dram,
		   100.0 * (double)bw.dram / (double)bw.dram_peak,
		   (unsigned long long)bw.dram_peak, c.calib.noc_sustainable,
		   c.calib.dram_sustainable);
	KUNIT_EXPECT_EQ_MSG(test, (uint64_t)c.calib.noc_sustainable, bw.noc,
			    "stale calib.noc_sustainable: run corun-sim --calibrate --config emu/configs/%s.ini",
			    name);
	KUNIT_EXPECT_EQ_MSG(test, (uint64_t)c.calib.dram_sustainable, bw.dram,
			    "stale calib.dram_sustainable: run corun-sim --calibrate --config emu/configs/%s.ini",
			    name);
}

static struct kunit_case calib_cases[] = {
	KUNIT_CASE(idle_latency),
	KUNIT_CASE(dram_saturation),
	KUNIT_CASE(noc_saturation),
	KUNIT_CASE(irc_bandwidth),
	KUNIT_CASE(rbh_bandwidth_ccbp),
	KUNIT_CASE(hsm_fit_hbm),
	KUNIT_CASE(hsm_fit_gddr5),
	KUNIT_CASE_PARAM(sustainable_stored, stored_gen_params),
	{}
};

static struct kunit_suite calib_suite = {
	.name = "emu_calib",
	.test_cases = calib_cases,
};

kunit_test_suites(&calib_suite);
