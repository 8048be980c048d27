// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim --characterize's tables: the rows characterize.c measured,
 * beside the papers' figures (paperdata.c), as text for people, CSV and
 * JSON for scripts (Documentation/emu/characterization.rst).
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <sim/json.h>

#include "char_run.h"

/* Names of enum occ_res. */
static const char *const occ_names[] = { "cta_slots", "threads", "regs",
					 "shared", "local" };
_Static_assert(sizeof(occ_names) / sizeof(occ_names[0]) == OCC_NR,
	       "occ_names must name every enum occ_res");

static const char *pct(double v, char *b, size_t n)
{
	if (isnan(v))
		snprintf(b, n, "-");
	else
		snprintf(b, n, "%.1f", 100 * v);
	return b;
}

static const char *num(double v, const char *fmt, char *b, size_t n)
{
	if (isnan(v))
		snprintf(b, n, "-");
	else
		snprintf(b, n, fmt, v);
	return b;
}

/* Difference in percentage points, ours (fraction) - paper (percent). */
static double dpp(const struct row *w, double ours, double paper)
{
	return w->ok && !isnan(paper) ? 100 * ours - paper : NAN;
}

static const char *match(const char *ours, const char *paper)
{
	if (!paper)
		return "";
	return strcmp(ours, paper) ? "no" : "yes";
}

/* "n/a" where a class was not measured (--base-only, no HSM fit). */
static const char *cls_match(const char *ours, const char *paper)
{
	return paper && !strcmp(ours, "n/a") ? "n/a" : match(ours, paper);
}

/* The CCBP class, "n/a" without the even-share run (--base-only). */
static const char *ccbp_str(const struct row *w)
{
	return w->even.ok ? ccbp_class_name(w->ccbp) : "n/a";
}

static const char *occ_str(const struct row *w, char *b, size_t n)
{
	if (!w->ok || w->base.occ == UINT32_MAX)
		snprintf(b, n, "-");
	else
		snprintf(b, n, "%u", w->base.occ);
	return b;
}

static const char *sweep_str(const struct char_out *o,
			     const struct row *w, char *b, size_t n)
{
	size_t at = 0;
	unsigned int k;

	b[0] = 0;
	if (!w->sweep_ok) {
		snprintf(b, n, "-");
		return b;
	}
	for (k = 0; k <= o->cfg->l1.ways && at < n; k++)
		at += (size_t)snprintf(b + at, n - at, "%s%.2f", k ? "/" : "",
				       ratio(w->sweep_ipc[k],
					     w->sweep_ipc[o->cfg->l1.ways]));
	return b;
}

static const char *const csv_cols[] = {
	"workload", "status", "cycles", "thread_insns", "ipc", "peak_ipc",
	"thr_util", "noc_util", "dram_util", "l2_miss", "row_hit", "mpki",
	"rf", "df", "occ_ctas_per_sm", "occ_limit", "occ_kernel",
	"noc_util_even", "dram_util_even", "slowdown_2x_lat", "ccbp_class", "hsm_bd", "hsm_bp", "hsm_class",
	"l1_sweep_ipc_norm", "csi_class",
	"ccbp_paper_thr", "ccbp_paper_noc", "ccbp_paper_dram",
	"ccbp_paper_l2miss", "ccbp_paper_class", "d_thr_pp", "d_noc_pp",
	"d_dram_pp", "d_l2miss_pp", "ccbp_match", "hsm_paper_mpki",
	"hsm_paper_class", "d_mpki", "hsm_match", "cache_paper_type",
	"csi_match", "insn_per_dram_byte", "ccbp_paper_insn_per_dram_byte",
	"message",
};

/* Thread instructions per DRAM byte: the arithmetic intensity. */
static double ipb(const struct char_out *o, const struct row *w)
{
	return ratio((double)w->base.c.thread_insns,
		     (double)w->base.c.dram_accesses * o->cfg->l2.line);
}

/*
 * The same from CCBP Table 2 with CCBP Table 1's system: peak IPC 2048
 * (16 SMs x 4 schedulers x 32), 319 GB/s DRAM, 1800 MHz SM clock.
 */
static double paper_ipb(const struct paper_ref *p)
{
	return p->ccbp_thr / 100 * 2048 /
	       (p->ccbp_dram / 100 * 319e9 / 1800e6);
}

void char_write_csv(const struct char_out *o, FILE *f,
			const struct row *rows, size_t n)
{
	char b[16][64], sw[256];
	size_t i, k;

	for (k = 0; k < sizeof(csv_cols) / sizeof(csv_cols[0]); k++)
		fprintf(f, "%s%s", k ? "," : "", csv_cols[k]);
	fputc('\n', f);
	for (i = 0; i < n; i++) {
		const struct row *w = &rows[i];
		const struct paper_ref *p = paper_ref_find(w->name);
		const char *cc = w->ok ? ccbp_str(w) : "-";
		const char *hc = w->ok ? hsm_class_name(w->hsm) : "-";
		const char *sc = w->ok ? csi_class_name(w->csi) : "-";
		char *m;

		fprintf(f, "%s,%s,%" PRIu64 ",%" PRIu64 ",%.4f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,",
			w->name, w->ok ? "ok" : "failed", w->base.cycles,
			(uint64_t)w->base.c.thread_insns, w->ipc, peak_ipc(o->cfg),
			w->thr, w->noc, w->dram, w->l2miss, w->rbh, w->mpki,
			w->rf, w->df, occ_str(w, b[0], 64),
			w->ok ? occ_names[w->base.occ_res] : "-",
			w->ok ? w->base.occ_kernel : "-",
			num(w->ok ? w->noc_even : NAN, "%.4f", b[9], 64),
			num(w->ok ? w->dram_even : NAN, "%.4f", b[10], 64),
			num(w->slow2x, "%.4f", b[1], 64), cc,
			num(w->hsm_bd, "%.4f", b[11], 64),
			num(w->hsm_bp, "%.4f", b[12], 64), hc,
			sweep_str(o, w, sw, sizeof(sw)), sc);
		if (p && p->ccbp_abbr)
			fprintf(f, "%.0f,%.0f,%.0f,%.0f,%s,%s,%s,%s,%s,%s,",
				p->ccbp_thr, p->ccbp_noc, p->ccbp_dram,
				p->ccbp_l2miss, p->ccbp_class,
				num(dpp(w, w->thr, p->ccbp_thr), "%.1f", b[2], 64),
				num(dpp(w, w->noc, p->ccbp_noc), "%.1f", b[3], 64),
				num(dpp(w, w->dram, p->ccbp_dram), "%.1f", b[4], 64),
				num(dpp(w, w->l2miss, p->ccbp_l2miss), "%.1f", b[5], 64),
				cls_match(cc, p->ccbp_class));
		else
			fputs(",,,,,,,,,,", f);
		if (p && p->hsm_abbr)
			fprintf(f, "%g,%s,%s,%s,", p->hsm_mpki, p->hsm_class,
				num(w->ok ? w->mpki - p->hsm_mpki : NAN, "%.4f",
				    b[6], 64),
				cls_match(hc, p->hsm_class));
		else
			fputs(",,,,", f);
		if (p && p->cache_type)
			fprintf(f, "%s,%s,", p->cache_type,
				w->sweep_ok ? match(sc, p->cache_type) : "n/a");
		else
			fputs(",,", f);
		fprintf(f, "%s,%s,",
			num(w->ok ? ipb(o, w) : NAN, "%.3f", b[7], 64),
			num(p && p->ccbp_abbr ? paper_ipb(p) : NAN, "%.3f",
			    b[8], 64));
		/* The message, CSV-quoted. */
		fputc('"', f);
		for (m = (char *)w->msg; *m; m++) {
			if (*m == '"')
				fputc('"', f);
			fputc(*m == '\n' ? ' ' : *m, f);
		}
		fputs("\"\n", f);
	}
}

void char_write_text(const struct char_out *o, FILE *f,
			const struct row *rows, size_t n)
{
	char b[20][64], sw[256];
	size_t i;

	fprintf(f, "# corun characterization: configuration %s (id %08x), scale %u, seed %u,\n"
		   "# alone runs with sched_policy %s, peak IPC %.0f thread insns/cycle.\n"
		   "# Percentages; paper values in [brackets]; d = ours - paper (pp).\n",
		o->cfg->name, emu_config_id(o->cfg), o->scale, o->seed,
		emu_sched_policy_name(o->cfg->sm.sched_policy),
		peak_ipc(o->cfg));
	if (n < o->n_total)
		fprintf(f, "# PARTIAL: %zu of %zu workloads done so far.\n", n,
			o->n_total);
	fprintf(f, "\n%-16s %10s %8s | %5s %5s %5s %5s %5s | %6s %6s %6s %6s | %s\n",
		"workload", "cycles", "IPC", "thr", "NoC", "DRAM", "L2miss",
		"RBH", "[thr]", "[NoC]", "[DRAM]", "[L2m]", "d thr/NoC/DRAM/L2m");
	for (i = 0; i < n; i++) {
		const struct row *w = &rows[i];
		const struct paper_ref *p = paper_ref_find(w->name);
		int cp = p && p->ccbp_abbr;

		if (!w->ok) {
			fprintf(f, "%-16s FAILED: %s\n", w->name, w->msg);
			continue;
		}
		fprintf(f, "%-16s %10" PRIu64 " %8.2f | %5s %5s %5s %5s %5s | %6s %6s %6s %6s | %s/%s/%s/%s\n",
			w->name, w->base.cycles, w->ipc, pct(w->thr, b[0], 64),
			pct(w->noc, b[1], 64), pct(w->dram, b[2], 64),
			pct(w->l2miss, b[3], 64), pct(w->rbh, b[4], 64),
			cp ? num(p->ccbp_thr, "%.0f", b[5], 64) : "",
			cp ? num(p->ccbp_noc, "%.0f", b[6], 64) : "",
			cp ? num(p->ccbp_dram, "%.0f", b[7], 64) : "",
			cp ? num(p->ccbp_l2miss, "%.0f", b[8], 64) : "",
			cp ? num(dpp(w, w->thr, p->ccbp_thr), "%+.0f", b[9], 64) : "",
			cp ? num(dpp(w, w->noc, p->ccbp_noc), "%+.0f", b[10], 64) : "",
			cp ? num(dpp(w, w->dram, p->ccbp_dram), "%+.0f", b[11], 64) : "",
			cp ? num(dpp(w, w->l2miss, p->ccbp_l2miss), "%+.0f", b[12], 64) : "");
	}
	fprintf(f, "\n%-16s %7s %4s %-10s %5s %5s %6s %5s %5s | %-5s %-5s %3s | %8s %5s %5s %-7s %-7s %3s | %-3s %-3s %3s | %s\n",
		"workload", "MPKI", "occ", "limit", "NoC/2", "DRA/2", "slow2x",
		"rf", "df",
		"CCBP", "[CCBP]", "ok", "[MPKI]", "Bd", "Bp", "HSM", "[HSM]",
		"ok", "CSI", "[CSI]", "ok", "IPC(ways 0..W)/IPC(W)");
	for (i = 0; i < n; i++) {
		const struct row *w = &rows[i];
		const struct paper_ref *p = paper_ref_find(w->name);
		const char *cc, *hc, *sc;

		if (!w->ok)
			continue;
		cc = ccbp_str(w);
		hc = hsm_class_name(w->hsm);
		sc = csi_class_name(w->csi);
		fprintf(f, "%-16s %7.3f %4s %-10s %5s %5s %6s %5.2f %5.2f | %-5s %-5s %3s | %8s %5s %5s %-7s %-7s %3s | %-3s %-3s %3s | %s%s%s\n",
			w->name, w->mpki, occ_str(w, b[0], 64),
			occ_names[w->base.occ_res], pct(w->noc_even, b[3], 64),
			pct(w->dram_even, b[4], 64),
			num(w->slow2x, "%.2f", b[1], 64),
			w->rf, w->df, cc,
			p && p->ccbp_class ? p->ccbp_class : "",
			p ? cls_match(cc, p->ccbp_class) : "",
			p && p->hsm_abbr ? num(p->hsm_mpki, "%g", b[2], 64) : "",
			num(w->hsm_bd, "%.2f", b[5], 64),
			num(w->hsm_bp, "%.2f", b[6], 64), hc,
			p && p->hsm_class ? p->hsm_class : "",
			p ? cls_match(hc, p->hsm_class) : "", sc,
			p && p->cache_type ? p->cache_type : "",
			p && p->cache_type && !w->sweep_ok ? "n/a" : p ? match(sc, p->cache_type) : "",
			sweep_str(o, w, sw, sizeof(sw)), w->msg[0] ? "  # " : "",
			w->msg);
	}
	fprintf(f, "\n# CCBP (the driver's corun_ccbp_classify, [calib] sustainable NoC %u and DRAM %u B/kcycle = %.1f%% and %.1f%% of peak):\n"
		   "# BI if the L1-miss demand with half the CTAs per SM (NoC/2, DRAM/2) reaches the even share of two kernels (Eq. 5),\n"
		   "# NBI if df/rf < %.3f (Eq. 7), else DBI; not BI: LS if slow2x > %.1f.\n",
		o->plat->noc_bw, o->plat->dram_bw,
		100.0 * o->plat->noc_bw / (double)emu_config_noc_peak(o->cfg),
		100.0 * o->plat->dram_bw / (double)emu_config_dram_peak(o->cfg),
		ratio((double)o->plat->dram_bw *
			      (o->plat->l1_line + o->plat->flit_bytes),
		      (double)o->plat->noc_bw * o->plat->llc_line),
		CCBP_LS_SLOWDOWN);
	if (o->hsm_fitted)
		fprintf(f, "# HSM (the driver's hsm_predict over the whole run): mem if Bd (Eq. 2) > Bp = %.4f*RBH + %.4f (Eq. 3, [calib]).\n",
			o->plat->hsm_c1 / (double)CORUN_HSM_FIT_ONE,
			o->plat->hsm_c2 / (double)CORUN_HSM_FIT_ONE);
	else
		fprintf(f, "# HSM: not fitted on this configuration ([calib] hsm_c1, hsm_c2; corun-sim --fit-hsm).\n");
	fprintf(f, "# CSI: C if IPC(W)/IPC(1) < %.2f, S if %.0f%% of the rise by W/2 ways, else I.\n",
		1 + CSI_FLAT, 100 * CSI_KNEE);
}

static void jdbl(struct json *js, const char *k, double v)
{
	if (isnan(v) || isinf(v))
		json_null(js, k);
	else
		json_dbl(js, k, v);
}

void char_write_json(const struct char_out *o, FILE *f,
			const struct row *rows, size_t n)
{
	struct json js;
	size_t i;
	unsigned int k;

	json_init(&js, f);
	json_obj_begin(&js, NULL);
	json_str(&js, "config", o->cfg->name);
	json_u64(&js, "config_id", emu_config_id(o->cfg));
	json_u64(&js, "scale", o->scale);
	json_u64(&js, "seed", o->seed);
	json_bool(&js, "complete", n == o->n_total);
	json_u64(&js, "workloads_selected", o->n_total);
	json_dbl(&js, "peak_ipc", peak_ipc(o->cfg));
	json_u64(&js, "noc_sustainable", o->plat->noc_bw);
	json_u64(&js, "dram_sustainable", o->plat->dram_bw);
	json_u64(&js, "hsm_c1", o->plat->hsm_c1);
	json_u64(&js, "hsm_c2", o->plat->hsm_c2);
	json_arr_begin(&js, "workloads");
	for (i = 0; i < n; i++) {
		const struct row *w = &rows[i];
		const struct paper_ref *p = paper_ref_find(w->name);

		json_obj_begin(&js, NULL);
		json_str(&js, "workload", w->name);
		json_str(&js, "status", w->ok ? "ok" : "failed");
		json_str(&js, "message", w->msg);
		if (w->ok) {
			json_u64(&js, "cycles", w->base.cycles);
			json_u64(&js, "thread_insns", w->base.c.thread_insns);
			jdbl(&js, "ipc", w->ipc);
			jdbl(&js, "thr_util", w->thr);
			jdbl(&js, "noc_util", w->noc);
			jdbl(&js, "dram_util", w->dram);
			jdbl(&js, "l2_miss", w->l2miss);
			jdbl(&js, "row_hit", w->rbh);
			jdbl(&js, "mpki", w->mpki);
			jdbl(&js, "rf", w->rf);
			jdbl(&js, "df", w->df);
			jdbl(&js, "insn_per_dram_byte", ipb(o, w));
			json_u64(&js, "occ_ctas_per_sm", w->base.occ);
			json_str(&js, "occ_limit", occ_names[w->base.occ_res]);
			json_str(&js, "occ_kernel", w->base.occ_kernel);
			jdbl(&js, "noc_util_even", w->noc_even);
			jdbl(&js, "dram_util_even", w->dram_even);
			jdbl(&js, "slowdown_2x_lat", w->slow2x);
			json_str(&js, "ccbp_class", ccbp_str(w));
			jdbl(&js, "hsm_bd", w->hsm_bd);
			jdbl(&js, "hsm_bp", w->hsm_bp);
			json_str(&js, "hsm_class", hsm_class_name(w->hsm));
			json_str(&js, "csi_class", csi_class_name(w->csi));
			if (w->sweep_ok) {
				json_arr_begin(&js, "l1_sweep_ipc");
				for (k = 0; k <= o->cfg->l1.ways; k++)
					jdbl(&js, NULL, w->sweep_ipc[k]);
				json_arr_end(&js);
			}
		}
		if (p) {
			json_obj_begin(&js, "paper");
			if (p->ccbp_abbr) {
				json_str(&js, "ccbp_name", p->ccbp_abbr);
				jdbl(&js, "ccbp_thr", p->ccbp_thr);
				jdbl(&js, "ccbp_noc", p->ccbp_noc);
				jdbl(&js, "ccbp_dram", p->ccbp_dram);
				jdbl(&js, "ccbp_l2miss", p->ccbp_l2miss);
				json_str(&js, "ccbp_class", p->ccbp_class);
			}
			if (p->hsm_abbr) {
				json_str(&js, "hsm_name", p->hsm_abbr);
				jdbl(&js, "hsm_mpki", p->hsm_mpki);
				json_str(&js, "hsm_class", p->hsm_class);
			}
			if (p->cache_abbr) {
				json_str(&js, "cache_name", p->cache_abbr);
				json_str(&js, "cache_type", p->cache_type);
			}
			json_obj_end(&js);
		}
		json_obj_end(&js);
	}
	json_arr_end(&js);
	json_obj_end(&js);
	json_finish(&js);
}
