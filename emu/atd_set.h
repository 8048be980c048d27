/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: one set of a shadow (auxiliary) tag directory with
 * true LRU, shared by the LLC's sampled directories (llc_atd.c) and the
 * L1's utility monitors (l1_umon.c). Tags only, no data, no allocation.
 */
#ifndef _EMU_ATD_SET_H_
#define _EMU_ATD_SET_H_

#include <stdint.h>

/**
 * struct emu_atd_way - one way of a shadow set
 * @line: line address + 1; 0: invalid
 * @stamp: last use, from the directory's clock (unique, increasing)
 */
struct emu_atd_way {
	uint64_t line;
	uint64_t stamp;
};

/**
 * emu_atd_set_access() - look @line up in a shadow set and make it the
 *	most recent: in the way it was in, else the first invalid way, else
 *	in place of the least recent
 * @w: the set's @ways ways
 * @ways: associativity
 * @line: line address
 * @stamp: the access's stamp, above every stamp of the set
 *
 * Return: the line's LRU stack position before the access (0: most
 * recent, @ways - 1: least recent), or -1 if the set missed.
 */
static inline int emu_atd_set_access(struct emu_atd_way *w, uint32_t ways,
				     uint64_t line, uint64_t stamp)
{
	uint32_t i, v = 0;
	int pos = -1;

	for (i = 0; i < ways && pos < 0; i++) {
		if (w[i].line == line + 1) {
			pos = 0;
			v = i;
		} else if (w[v].line && (!w[i].line || w[i].stamp < w[v].stamp)) {
			v = i;
		}
	}
	/* a hit's position: the valid ways used since */
	if (pos == 0)
		for (i = 0; i < ways; i++)
			pos += w[i].line && w[i].stamp > w[v].stamp;
	w[v].line = line + 1;
	w[v].stamp = stamp;
	return pos;
}

#endif /* _EMU_ATD_SET_H_ */
