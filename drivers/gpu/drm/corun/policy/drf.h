/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Static resources of an SM shared between CTAs of several jobs: what
 * fits and each job's dominant share, for the policies that decide CTA
 * combinations (smk, ccbp, warped-slicer). Plain C, integer math only.
 */
#ifndef _CORUN_POLICY_DRF_H_
#define _CORUN_POLICY_DRF_H_

#include "policy.h"

/* Dominant shares are in 1/CORUN_DRF_ONE of a resource. */
#define CORUN_DRF_ONE 65536u

/**
 * corun_drf_share() - the dominant static share of @n CTAs of one SM
 * @l: the SM's limits
 * @f: one CTA's footprint
 * @n: CTAs per SM
 *
 * Return: the largest fraction, in 1/CORUN_DRF_ONE, that @n CTAs take of
 * the SM's CTA slots, threads, registers or shared memory.
 */
u32 corun_drf_share(const struct corun_sm_limits *l,
		    const struct corun_cta_footprint *f, u32 n);

/**
 * corun_drf_fits() - whether CTA counts fit one SM together
 * @l: the SM's limits
 * @in: the slots (footprints of the running jobs)
 * @n: CTAs per SM of each slot (idle slots must be 0)
 *
 * Return: true if the CTAs fit the SM's CTA slots, threads, registers and
 * shared memory at once.
 */
bool corun_drf_fits(const struct corun_sm_limits *l,
		    const struct corun_policy_in *in, const u32 *n);

/**
 * corun_drf_cap() - the most CTAs per SM worth giving a running job
 * @in: the input
 * @s: the slot
 *
 * Its occupancy alone, and no more than its grid spread over every SM
 * needs (at least 1).
 */
u32 corun_drf_cap(const struct corun_policy_in *in, u32 s);

/* Words of a kernel's shape (corun_drf_shape()). */
#define CORUN_DRF_SHAPE_WORDS 4

/**
 * corun_drf_shape() - note the shape of a slot's kernel
 * @shape: CORUN_DRF_SHAPE_WORDS words, the shape noted last (zeroes: none)
 * @j: the job now in the slot
 *
 * The shape is the CTA's threads, registers per thread and shared bytes
 * and the grid's CTAs: a job of the same shape in the same slot is taken
 * for a relaunch of the same kernel, whose measurements still hold.
 *
 * Return: true if @j's shape differs from @shape, which now holds it.
 */
bool corun_drf_shape(u32 *shape, const struct corun_policy_job *j);

/* Set bits of @mask: running jobs in a slot mask. */
u32 corun_drf_count(u32 mask);

/**
 * corun_drf_static() - DRF over the static resources (SMK's partition)
 * @in: the input
 * @n: receives the CTAs per SM of each slot (0 for idle slots)
 *
 * One CTA at a time to the running job with the smallest dominant share
 * (ties to the lower slot) while it fits and the job is below
 * corun_drf_cap(); a job that cannot grow retires.
 */
void corun_drf_static(const struct corun_policy_in *in, u32 *n);

#endif /* _CORUN_POLICY_DRF_H_ */
