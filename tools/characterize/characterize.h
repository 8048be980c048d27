/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-sim --characterize: every workload alone on one configuration,
 * its utilizations and the class each paper's rule assigns, beside the
 * papers' published figures (Documentation/emu/characterization.rst).
 *
 * The rules are pure functions of measured quantities so they can be
 * unit-tested on synthetic inputs.
 */
#ifndef _CORUN_TOOLS_CHARACTERIZE_H_
#define _CORUN_TOOLS_CHARACTERIZE_H_

#include <stddef.h>
#include <stdint.h>

#define CHAR_MAX_WAYS 32

/* ---- class rules ---- */

/* CCBP (Lin et al.), A2.2/A2.4/A5: LS, NBI, DBI, or none of them. */
enum ccbp_class { CCBP_NONE = 0, CCBP_LS, CCBP_NBI, CCBP_DBI };

/* HSM (Zhao, Jahre, Eeckhout), Eq. 2-3. */
enum hsm_class { HSM_COMPUTE = 0, HSM_MEMORY };

/* Cache partitioning (Liang et al.), A2.2: C, S, I. */
enum csi_class { CSI_NONE = 0, CSI_C, CSI_S, CSI_I };

/*
 * CCBP rule constants. CCBP_LS_SLOWDOWN: A5, LS kernels slowed down by
 * more than 1.7x with doubled L2 and DRAM latency. CCBP_BI_SHARE: Eq. 5
 * with two kernels, a kernel is BI when its demand reaches the even share
 * (1/2) of the sustainable bandwidth. Sustainable fractions: A2.3, 60 %
 * of peak NoC, 70 % of peak DRAM.
 */
#define CCBP_LS_SLOWDOWN 1.7
#define CCBP_BI_SHARE 0.5
#define CCBP_SUSTAIN_NOC 0.6
#define CCBP_SUSTAIN_DRAM 0.7

/*
 * ccbp_eq7_rhs() - right-hand side of CCBP Eq. 7:
 *	(SustainBW_d / SustainBW_n) * (L1BlkSize + FlitSize) / L2BlkSize
 * @sustain_d, @sustain_n: sustainable DRAM and NoC bandwidth, any one unit
 */
double ccbp_eq7_rhs(double sustain_d, double sustain_n, unsigned int l1_line,
		    unsigned int flit, unsigned int l2_line);

/*
 * ccbp_classify() - CCBP class of a kernel run alone
 * @noc_util, @dram_util: achieved / peak (0..1)
 * @rf, @df: Eq. 2 and Eq. 4 factors (reads / requests, DRAM accesses /
 *	requests)
 * @eq7_rhs: ccbp_eq7_rhs() of the configuration
 * @slowdown2x: IPC alone / IPC alone with doubled L2 and DRAM latency
 *
 * BI when noc_util / 0.6 or dram_util / 0.7 reaches CCBP_BI_SHARE (Eq. 5,
 * the even share of two kernels); a BI kernel is NBI when Eq. 7 holds
 * (df / rf < eq7_rhs), else DBI. Otherwise LS when slowdown2x > 1.7,
 * else CCBP_NONE (neither: the paper would not have selected it).
 */
enum ccbp_class ccbp_classify(double noc_util, double dram_util, double rf,
			      double df, double eq7_rhs, double slowdown2x);

/* HSM c1, c2 of Eq. 3: derived for HBM (reference B2.5), not refitted. */
#define HSM_C1 0.50
#define HSM_C2 0.36

/*
 * hsm_bd_frac() - Eq. 2 as a fraction of B_Max over a whole alone run:
 *	(I_Max / I_k) * MemAccesses * ReqSize * f / E / B_Max
 *	= dram_util / thr_util
 */
double hsm_bd_frac(double dram_util, double thr_util);

/* hsm_bp_frac() - Eq. 3 as a fraction of B_Max: c1 * RBH + c2 */
double hsm_bp_frac(double rbh, double c1, double c2);

/* hsm_classify() - memory-bound iff Eq. 2 > Eq. 3 */
enum hsm_class hsm_classify(double dram_util, double thr_util, double rbh,
			    double c1, double c2);

/*
 * csi_classify() - C/S/I from IPC with 1..W L1 ways
 * @ipc: ipc[c] for c = lo..w (entries below @lo ignored)
 * @lo: first way count measured (1: the model has no per-kernel
 *	bypass-all, so the 0-way point is not measured)
 * @w: all ways
 *
 * The paper gives no thresholds (reference A8); these are ours:
 * C when IPC[W] / IPC[lo] - 1 < CSI_FLAT (almost flat), else S when the
 * curve reaches CSI_KNEE of its total rise by W/2 ways (rises then
 * flattens), else I (keeps rising up to W).
 */
#define CSI_FLAT 0.05
#define CSI_KNEE 0.9
enum csi_class csi_classify(const double *ipc, unsigned int lo, unsigned int w);

const char *ccbp_class_name(enum ccbp_class c);
const char *hsm_class_name(enum hsm_class c);
const char *csi_class_name(enum csi_class c);

/* ---- the papers' published figures ---- */

/*
 * struct paper_ref - one workload's published figures (NaN / NULL when a
 * paper does not list it)
 * @name: corun workload name
 * @ccbp_abbr .. @ccbp_class: CCBP Table 2 (percent) and type
 * @hsm_abbr, @hsm_mpki, @hsm_class: HSM Table 2
 * @cache_abbr, @cache_type: cache-partitioning paper Table I ("C", "S",
 *	"I")
 */
struct paper_ref {
	const char *name;
	const char *ccbp_abbr;
	double ccbp_thr, ccbp_noc, ccbp_dram, ccbp_l2miss;
	const char *ccbp_class;
	const char *hsm_abbr;
	double hsm_mpki;
	const char *hsm_class;
	const char *cache_abbr;
	const char *cache_type;
};

const struct paper_ref *paper_refs(size_t *count);
const struct paper_ref *paper_ref_find(const char *name);

/* Number of kernels each paper lists (CCBP 13, HSM 15, cache paper 10). */
#define PAPER_CCBP_KERNELS 13
#define PAPER_HSM_KERNELS 15
#define PAPER_CACHE_KERNELS 10

/* ---- the corun-sim mode ---- */

/* corun-sim --characterize [options], with "--characterize" removed from argv. */
int characterize_main(int argc, char **argv);

#endif /* _CORUN_TOOLS_CHARACTERIZE_H_ */
