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

#include <corun/hw.h>
#include <policy/ccbp.h>
#include <policy/hsm_model.h>

#define CHAR_MAX_WAYS 32

/* ---- class rules ---- */

/*
 * The CCBP and HSM classes come from the driver's own code
 * (policy/ccbp.h, policy/hsm_model.h) on the platform the device
 * advertises, with the sustainable bandwidths and HSM's c1, c2 of the
 * configuration's [calib] section: one implementation of each rule.
 */
/* CCBP (Lin et al.), A2.2/A2.4/A5: LS, NBI, DBI, or none of them. */
enum char_ccbp { CHAR_CCBP_NONE = 0, CHAR_CCBP_LS, CHAR_CCBP_NBI,
		 CHAR_CCBP_DBI };

/* Cache partitioning (Liang et al.), A2.2: C, S, I. */
enum csi_class { CSI_NONE = 0, CSI_C, CSI_S, CSI_I };

/* CCBP A5: LS kernels slow down by more than 1.7x with doubled L2 and
 * DRAM latency. */
#define CCBP_LS_SLOWDOWN 1.7

/*
 * char_ccbp_classify() - CCBP class of a kernel run alone
 * @p: the platform (its noc_bw and dram_bw must be calibrated)
 * @even: slot counters of the run at the even CTA share of two kernels
 * @even_cycles: that run's cycles
 * @slowdown2x: IPC alone / IPC alone with doubled L2 and DRAM latency
 *	(0 when not measured)
 *
 * The driver's corun_ccbp_classify() with two kernels on the even run's
 * rf, df and L1-miss demand per SM (Eqs. 5-7) decides BI, and NBI or DBI;
 * a kernel that is not BI is LS when slowdown2x > 1.7, else
 * CHAR_CCBP_NONE (the paper would not have selected it).
 */
enum char_ccbp char_ccbp_classify(const struct corun_policy_platform *p,
				  const struct corun_slot_counters *even,
				  uint64_t even_cycles, double slowdown2x);

/*
 * char_hsm_predict() - HSM's classification of a whole alone run
 * @p: the platform (its hsm_c1, hsm_c2 must be fitted)
 * @c: slot counters of the run, on every SM
 * @cycles: its cycles
 * @r: out: the driver's hsm_predict() over the run as one epoch (cls,
 *	demand = Eq. 2, beta = Eq. 3, in 1/CORUN_HSM_FIT_ONE of the peak)
 */
void char_hsm_predict(const struct corun_policy_platform *p,
		      const struct corun_slot_counters *c, uint64_t cycles,
		      struct hsm_pred *r);

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

const char *ccbp_class_name(enum char_ccbp c);
/* "mem", "compute" or "n/a" (HSM_NONE: not fitted) for an hsm_pred cls */
const char *hsm_class_name(u32 cls);
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
