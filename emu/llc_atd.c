// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: sampled auxiliary tag directories (llc_atd.h).
 */
#include <stdlib.h>

#include "atd_set.h"
#include "llc_atd.h"

struct emu_llc_atd {
	uint32_t slices, sampled, ways, slots;
	uint64_t clock;
	struct emu_atd_way *w; /* [slice][sampled set][slot][way] */
	uint64_t *misses, *interf; /* per slot */
};

struct emu_llc_atd *emu_llc_atd_create(uint32_t slices, uint32_t sets,
				       uint32_t ways, uint32_t slots)
{
	struct emu_llc_atd *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->slices = slices;
	a->sampled = (sets + EMU_LLC_ATD_SAMPLE - 1) / EMU_LLC_ATD_SAMPLE;
	a->ways = ways;
	a->slots = slots;
	a->w = calloc((size_t)slices * a->sampled * slots * ways,
		      sizeof(*a->w));
	a->misses = calloc(slots ? slots : 1, sizeof(*a->misses));
	a->interf = calloc(slots ? slots : 1, sizeof(*a->interf));
	if (!a->w || !a->misses || !a->interf) {
		emu_llc_atd_destroy(a);
		return NULL;
	}
	return a;
}

void emu_llc_atd_destroy(struct emu_llc_atd *a)
{
	if (!a)
		return;
	free(a->w);
	free(a->misses);
	free(a->interf);
	free(a);
}

void emu_llc_atd_access(struct emu_llc_atd *a, uint32_t slice, uint32_t set,
			uint32_t slot, uint64_t line, bool hit)
{
	struct emu_atd_way *w;
	bool atd_hit;

	if (set % EMU_LLC_ATD_SAMPLE || slice >= a->slices || slot >= a->slots)
		return;
	set /= EMU_LLC_ATD_SAMPLE;
	if (set >= a->sampled)
		return;
	w = &a->w[(((size_t)slice * a->sampled + set) * a->slots + slot) *
		  a->ways];
	atd_hit = emu_atd_set_access(w, a->ways, line, ++a->clock) >= 0;
	if (hit)
		return;
	a->misses[slot]++;
	a->interf[slot] += atd_hit;
}

void emu_llc_atd_counters(const struct emu_llc_atd *a, uint32_t slot,
			  uint64_t *misses, uint64_t *interf)
{
	bool ok = a && slot < a->slots;

	*misses = ok ? a->misses[slot] : 0;
	*interf = ok ? a->interf[slot] : 0;
}
