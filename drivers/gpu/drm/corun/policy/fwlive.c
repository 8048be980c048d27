// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The firmware heartbeat judge (see fwlive.h).
 */
#include "fwlive.h"

u32 corun_fwlive_check(struct corun_fwlive *l, u32 load, u32 beat, u32 insns,
		       u32 limit)
{
	u32 quiet;

	if (!l->valid || l->load != load || l->beat != beat) {
		l->load = load;
		l->beat = beat;
		l->insns = insns;
		l->valid = true;
		return 0;
	}
	quiet = insns - l->insns;
	return quiet >= limit && quiet ? quiet : 0;
}
