/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The firmware heartbeat judge: whether a firmware is hung, from samples
 * of BAR0's CORUN_REG_FW_HEARTBEAT and CORUN_REG_FW_INSNS. Plain C, so
 * the host tests it as the driver (corun_heartbeat.c) runs it.
 *
 * A firmware is hung when it retired CORUN_FW_BEAT_INSNS instructions
 * since the heartbeat last changed (fwif.h). Instructions, not time: the
 * microcontroller retires none asleep in WFE, on an idle device whose
 * clock stopped, or while a loaded host does not run the device model,
 * and then it owes no beat, however long the driver waits.
 */
#ifndef _CORUN_POLICY_FWLIVE_H_
#define _CORUN_POLICY_FWLIVE_H_

#include <corun/types.h>

/**
 * struct corun_fwlive - what the judge saw of one device's firmware
 * @load: the load the samples are of (the caller's count of loads)
 * @beat: FW_HEARTBEAT when it was last seen to change
 * @insns: FW_INSNS then, or at the first sample of @load
 * @valid: @beat and @insns are samples of @load
 */
struct corun_fwlive {
	u32 load;
	u32 beat;
	u32 insns;
	bool valid;
};

/**
 * corun_fwlive_check() - judge one sample
 * @l: the judge's memory (zeroed to start)
 * @load: the caller's count of firmware loads; a new load starts over,
 *	since the device counts both registers from 0 again
 * @beat: CORUN_REG_FW_HEARTBEAT, read after @insns
 * @insns: CORUN_REG_FW_INSNS
 * @limit: instructions without a beat that make a hang
 *	(CORUN_FW_BEAT_INSNS)
 *
 * Reading @insns first keeps the judge on the safe side when the device
 * updates both between the reads: @beat is then at least as new.
 * Differences are modulo 2^32, so the caller must sample more often than
 * the microcontroller retires 2^32 instructions.
 *
 * Return: the instructions retired without a beat if they reach @limit
 * (hung), else 0.
 */
u32 corun_fwlive_check(struct corun_fwlive *l, u32 load, u32 beat, u32 insns,
		       u32 limit);

#endif /* _CORUN_POLICY_FWLIVE_H_ */
