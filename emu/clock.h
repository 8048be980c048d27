/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: clock-domain conversion.
 *
 * The GPU loop counts SM cycles. The NoC and the L2 slices count NoC
 * cycles (gpu.noc_mhz), the DRAM counts DRAM command cycles
 * (gpu.dram_mhz). A domain's edge k happens at real time k / dom_mhz; the
 * SM cycle that sees it is the first SM edge at or after it. Both helpers
 * are exact integer arithmetic (no drift) and overflow-safe for cycles
 * below 2^40 with clocks below 2^20 MHz.
 */
#ifndef _EMU_CLOCK_H_
#define _EMU_CLOCK_H_

#include <stdint.h>

/**
 * clk_to_domain() - domain edges that happened at or before an SM cycle
 * @sm_cycle: SM cycle
 * @dom_mhz: domain clock, MHz
 * @sm_mhz: SM clock, MHz
 *
 * Floor: the domain's edge k is processed in the SM cycle in which this
 * value becomes k.
 *
 * Return: the domain cycle current at @sm_cycle.
 */
static inline uint64_t clk_to_domain(uint64_t sm_cycle, uint32_t dom_mhz,
				     uint32_t sm_mhz)
{
	return sm_cycle * dom_mhz / sm_mhz;
}

/**
 * clk_from_domain() - first SM cycle at or after a domain edge
 * @dom_cycle: domain cycle
 * @dom_mhz: domain clock, MHz
 * @sm_mhz: SM clock, MHz
 *
 * Inverse of clk_to_domain(): clk_to_domain(clk_from_domain(d)) >= d and
 * clk_to_domain(clk_from_domain(d) - 1) < d.
 *
 * Return: that SM cycle.
 */
static inline uint64_t clk_from_domain(uint64_t dom_cycle, uint32_t dom_mhz,
				       uint32_t sm_mhz)
{
	return (dom_cycle * sm_mhz + dom_mhz - 1) / dom_mhz;
}

#endif /* _EMU_CLOCK_H_ */
