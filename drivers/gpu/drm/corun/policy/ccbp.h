/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * CCBP's pieces that its tests drive directly: the bandwidth model
 * (Eqs. 1-7 of the paper), the bandwidth-vs-CTA curves and Algorithm 1.
 * Bandwidths are in milli-units: CCBP_UNIT is one of the M units a
 * sustainable bandwidth is split into.
 */
#ifndef _CORUN_POLICY_CCBP_H_
#define _CORUN_POLICY_CCBP_H_

#include "policy.h"

#define CCBP_UNIT 1000u
/*
 * The knob "redetect" (DRM_CORUN_POLICY_PARAM_CCBP_REDETECT): consecutive
 * epochs of departure (corun_ccbp_departs()) after which detection
 * restarts; 0, the default, never.
 */
#define CORUN_CCBP_PARAM_REDETECT 1
#define CORUN_CCBP_REDETECT_MAX 1000
/*
 * The knob "rescale" (DRM_CORUN_POLICY_PARAM_CCBP_RESCALE): 1 moves a BI
 * job's units of the bandwidth its class does not name along its rf and
 * df every epoch (ccbp_rescale()); 0, the default, keeps Algorithm 1's.
 */
#define CORUN_CCBP_PARAM_RESCALE 2
/* Probed CTA counts per bandwidth-intensive kernel, at most. */
#define CCBP_PROBES 4

enum ccbp_class {
	CCBP_LS = 0, /* latency-sensitive */
	CCBP_NBI = 1, /* NoC-bandwidth-intensive */
	CCBP_DBI = 2, /* DRAM-bandwidth-intensive */
};

/**
 * struct ccbp_curve - NoC and DRAM bandwidth against CTAs per SM
 * @np: points
 * @n: CTAs per SM at each point, increasing
 * @nbw: NoC bandwidth there, milli-units
 * @dbw: DRAM bandwidth there, milli-units
 * @linear: extrapolate after the last point (LS kernels) instead of
 *	staying flat (BI kernels: they saturated what they can use)
 *
 * Linear from (0, 0) through the points.
 */
struct ccbp_curve {
	u32 np;
	u32 linear;
	u32 n[CCBP_PROBES];
	u32 nbw[CCBP_PROBES];
	u32 dbw[CCBP_PROBES];
};

/* @c's NoC (@dram false) or DRAM bandwidth with @n CTAs per SM. */
u32 corun_ccbp_curve_at(const struct ccbp_curve *c, u32 n, bool dram);

/**
 * corun_ccbp_classify() - LS, NBI or DBI (Section 5.1, Eqs. 5-7)
 * @p: the platform (sustainable bandwidths, line and flit sizes)
 * @kernels: co-running kernels
 * @rf: read requests per request, 1/1024
 * @df: DRAM accesses per request, 1/1024
 * @demand: L1-miss demand per SM per 1000 cycles (IRDemand)
 * @cap: the issue rate per SM per 1000 cycles the credits in force
 *	allowed while @demand was measured; 0: no limit was in force
 *
 * A kernel held at its limit cannot show more demand than its credits
 * allow, and the credits are whole requests per window, rounded down, so
 * below IREven: the demand is compared with the smaller of IREven and
 * @cap. BI if it reaches that less 1/16 (the kernel used nearly all it
 * was given), then NBI if Eq. 7 holds.
 */
u32 corun_ccbp_classify(const struct corun_policy_platform *p, u32 kernels,
			u32 rf, u32 df, u64 demand, u64 cap);

/**
 * corun_ccbp_departs() - whether an epoch's demand departs from a class
 * @p: the platform
 * @kernels: co-running kernels
 * @m: units per bandwidth (M)
 * @cls: the slot's enum ccbp_class
 * @rf: read requests per request over the epoch, 1/1024
 * @df: DRAM accesses per request over the epoch, 1/1024
 * @demand: L1-miss demand per SM per 1000 cycles over the epoch
 * @cap: the issue rate per SM per 1000 cycles of the credits in force
 *	over the epoch; 0: no limit (ignored for an LS slot)
 *
 * The classification's threshold (corun_ccbp_classify(): 15/16 of IREven,
 * or of @cap below it for a BI slot) with a margin of one of Algorithm
 * 1's M bandwidth units, as an issue rate (Eqs. 1 and 3 at @rf and @df,
 * the smaller): an LS slot departs when its demand reaches the threshold
 * plus one unit, a BI slot when it stays below the threshold less one
 * unit. Demand within a unit of the threshold could not move the
 * allocation by a unit. A slot with no bandwidth use (both factors 0)
 * departs unless it is LS. NBI and DBI are one side of the threshold.
 */
bool corun_ccbp_departs(const struct corun_policy_platform *p, u32 kernels,
			u32 m, u32 cls, u32 rf, u32 df, u64 demand, u64 cap);

/**
 * corun_ccbp_issue_rate() - L1-miss issue rate per SM per 1000 cycles
 * @p: the platform
 * @nbw: NoC quota, milli-units of the sustainable NoC bandwidth
 * @dbw: DRAM quota, milli-units of the sustainable DRAM bandwidth
 * @m: units per bandwidth (M)
 * @rf: 1/1024
 * @df: 1/1024
 *
 * The smaller of the rates Eq. 1 and Eq. 3 allow for the quotas; a
 * factor of 0 does not limit. At most U32_MAX.
 */
u64 corun_ccbp_issue_rate(const struct corun_policy_platform *p, u64 nbw,
			  u64 dbw, u32 m, u32 rf, u32 df);

/**
 * corun_ccbp_credits() - L1-miss issues per SM per IRC window
 * @p: the platform
 * @nbw: NoC quota, milli-units
 * @dbw: DRAM quota, milli-units
 * @m: units per bandwidth (M)
 * @rf: 1/1024
 * @df: 1/1024 (at most 4096 is used)
 * @window: the refill window, cycles
 *
 * The formula of CORUN_IRC_MODE_CCBP (fwif.h), which the firmware
 * computes: the smaller of Eq. 1's and Eq. 3's credits, floored, at
 * least 1, at most @window; a bandwidth or factor of 0 does not limit.
 *
 * Return: the credits, CORUN_FW_IRC_CREDITS_UNLIMITED if nothing limits.
 */
u32 corun_ccbp_credits(const struct corun_policy_platform *p, u32 nbw, u32 dbw,
		       u32 m, u32 rf, u32 df, u32 window);

/**
 * struct ccbp_alloc - Algorithm 1's input and output for one kernel
 * @live: the slot takes part
 * @cls: enum ccbp_class
 * @cap: CTAs per SM it may get at most
 * @curve: its bandwidth against CTAs per SM
 * @cta: out: CTAs per SM
 * @nbw: out: NoC quota, milli-units
 * @dbw: out: DRAM quota, milli-units
 */
struct ccbp_alloc {
	u32 live;
	u32 cls;
	u32 cap;
	struct ccbp_curve curve;
	u32 cta;
	u32 nbw;
	u32 dbw;
};

/**
 * corun_ccbp_alg1() - Algorithm 1: DRF over CTA slots, NoC and DRAM bandwidth
 * @in: the input (the SM's limits and the jobs' CTA footprints)
 * @a: per slot
 * @m: units per bandwidth (M)
 * @prior: priorLSK, 1/1024
 */
void corun_ccbp_alg1(const struct corun_policy_in *in, struct ccbp_alloc *a,
		     u32 m, u32 prior);

#endif /* _CORUN_POLICY_CCBP_H_ */
