/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The CCBP paper's oracle baselines as a search over deterministic
 * co-runs (corun-sim --policy cta-oracle / spatial-oracle, see
 * Documentation/tools/corun-sim.rst). This file is the search space and
 * the pick; corun-sim runs one co-run per candidate, every slot pinned
 * to its CTA count per SM (and, for the spatial oracle, to its SMs)
 * under fcfs, and hands the IPCs back here.
 *
 *	cta	every CTA combination (n_1, ..., n_K), n_k >= 1, that fits one
 *		SM's static limits (CTA slots, threads, registers, shared
 *		memory; include/corun/footprint.h), the same on every SM
 *	spatial	the SMs split evenly between the kernels (as the even
 *		policy splits them), each n_k from 1 to the CTAs of kernel k
 *		that fit an empty SM
 *
 * The space grows as max^K. At most @cap candidates are run: when the
 * space is larger, every kernel's counts are taken with a stride s
 * (1, 1 + s, 1 + 2s, ...), the smallest s whose space fits the cap.
 * The best-HS and the best-WS candidate are picked separately; on a tie
 * the first in enumeration order (lexicographic in n_1, ..., n_K) wins.
 */
#ifndef _CORUN_TOOLS_SIM_ORACLE_H_
#define _CORUN_TOOLS_SIM_ORACLE_H_

#include <stdint.h>
#include <stdio.h>

#include <corun/footprint.h>
#include <sim/metrics.h>

struct json;

#define ORACLE_MAX_KERNELS 8
#define ORACLE_CAP_DEFAULT 64
#define ORACLE_CAP_MAX 4096

enum oracle_kind { ORACLE_CTA, ORACLE_SPATIAL };

/* "cta-oracle" / "spatial-oracle" -> kind, -1 for any other name. */
int oracle_kind_of(const char *policy);
const char *oracle_name(enum oracle_kind kind);

/**
 * struct oracle_cand - one candidate and what its co-run measured
 * @ctas: CTAs per SM of each kernel
 * @ipc: shared IPC of each kernel
 * @mm: the metrics against the alone IPCs
 */
struct oracle_cand {
	uint32_t ctas[ORACLE_MAX_KERNELS];
	double ipc[ORACLE_MAX_KERNELS];
	struct mix_metrics mm;
};

/**
 * struct oracle - a search
 * @kind: cta or spatial
 * @nk: kernels (jobs of the mix)
 * @num_sms: SMs of the device
 * @max_kernels: kernels one SM holds CTAs of (sm.max_kernels)
 * @lim: one SM's static limits
 * @fp: each kernel's CTA footprint (the largest of its launches)
 * @max: CTAs of each kernel that fit an empty SM
 * @cap: at most this many candidates
 * @stride: the stride of the counts (1: exhaustive)
 * @space: candidates at stride 1 (the whole space; counted up to a
 *	little past 2^32)
 * @n: candidates at @stride
 * @cand: the candidates, in enumeration order
 * @best_hs, @best_ws: indices of the picks (valid after oracle_pick)
 */
struct oracle {
	enum oracle_kind kind;
	unsigned int nk, num_sms, max_kernels;
	struct corun_sm_limits lim;
	struct corun_cta_footprint fp[ORACLE_MAX_KERNELS];
	uint32_t max[ORACLE_MAX_KERNELS];
	unsigned int cap, stride;
	uint64_t space;
	unsigned int n;
	struct oracle_cand *cand;
	unsigned int best_hs, best_ws;
};

/* Whether @ctas of the @nk kernels with footprints @fp fit one SM. */
int oracle_cta_fits(const struct corun_sm_limits *l,
		    const struct corun_cta_footprint *fp, unsigned int nk,
		    const uint32_t *ctas);

/*
 * Fold footprint @f (one launch's, which fits an empty SM) into @acc
 * (zeroed before the first): the largest threads, warps, registers and
 * shared memory of the launches, and the CTAs of that size an empty SM
 * holds. A kernel's count applies to all its launches (one slot quota).
 */
void oracle_fp_merge(const struct corun_sm_limits *l,
		     struct corun_cta_footprint *acc,
		     const struct corun_cta_footprint *f);

/*
 * Enumerate the candidates of @o (kind, nk, num_sms, max_kernels, lim, fp
 * and cap set by the caller; max, stride, space, n and cand filled). -EINVAL with a
 * message in @err when there is nothing to search (no combination fits,
 * more kernels than SMs for spatial, a bad cap); -ENOMEM.
 */
int oracle_enumerate(struct oracle *o, char *err, size_t len);
void oracle_free(struct oracle *o);

/*
 * SMs of kernel @k of @nk on @num_sms SMs for the spatial oracle: the
 * even policy's split (the first num_sms % nk kernels get one SM more).
 */
void oracle_sm_range(unsigned int num_sms, unsigned int nk, unsigned int k,
		     uint32_t *first, uint32_t *count);

/*
 * Record candidate @i's shared IPCs and metrics against @ipc_alone;
 * oracle_pick() then sets best_hs and best_ws over every candidate
 * (a NaN metric never wins).
 */
void oracle_record(struct oracle *o, unsigned int i, const double *ipc_alone,
		   const double *ipc_shared);
void oracle_pick(struct oracle *o);

/* The search as the "oracle" object of the JSON report, and as text. */
void oracle_json(struct json *js, const struct oracle *o);
void oracle_text(FILE *f, const struct oracle *o);

#endif /* _CORUN_TOOLS_SIM_ORACLE_H_ */
