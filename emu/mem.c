// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: the memory side (see mem.h).
 *
 *   SM --push--> L1 (tags, MSHRs, per-slot miss sub-queues, IRC arbiter)
 *      --request NoC--> L2 slice (input FIFO, tag pipeline, MSHRs)
 *      --DRAM (read fills, dirty write-backs)--> L2 slice
 *      --reply NoC--> SM (MSHR waiters complete)
 *
 * Time: the caller's cycle is the SM cycle; the NoCs and the L2 slices run
 * in NoC cycles, the DRAM in DRAM cycles (clock.h). One emu_mem_tick()
 * first lets the DRAM catch up, then runs every NoC edge up to the SM
 * cycle, then delivers L1 hits.
 *
 * Latency calibration: l2.latency and dram.latency are the idle round
 * trips of an L1 miss (miss-queue entry to data back at the SM, in SM
 * cycles) on an L2 hit and on an L2 miss that conflicts in the row buffer
 * (another row of the bank open: what an idle random access sees; a row
 * hit is tRCD + tRP faster, an access to a closed bank tRP faster). The NoC
 * hops and the DRAM timing are what they are; emu_mem_create() measures
 * the idle round trips of the assembled system once with no added delay
 * and then sets the L2 tag-pipeline latency (l2 hit path) and a fixed
 * memory-controller delay on the fill path (l2 miss path) in NoC cycles
 * so that the idle round trips add up to the configured values (to within
 * one NoC cycle). If the components alone are already slower, the added
 * delay is 0 and the configured value is not reachable.
 *
 * Simplifications: a store completes (ops->done) when it reaches its L2
 * slice (no acknowledgement packet); L2 write misses allocate without a
 * fill (the line is written whole or sector-masked); the memory side has
 * no data, only timing (the SMs access memory functionally).
 *
 * Everything is allocated at create time; the per-cycle paths only move
 * indices between fixed rings.
 *
 * This file builds the memory side, runs its time (the clock domains,
 * idle skipping, the counters polled from the NoCs and the DRAM) and
 * holds the controls and the calibration. The SM side is mem_l1.c, the
 * IRC arbiter mem_irc.c, the L2 slices mem_l2.c; the state they share is
 * in mem_int.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <corun/fwif.h>

#include "mem_int.h"

/* struct iring (mem_int.h): only building and destroying allocate. */
static int iring_init(struct iring *r, uint32_t cap, bool timed)
{
	r->cap = cap ? cap : 1;
	r->head = 0;
	r->n = 0;
	r->e = calloc(r->cap, sizeof(*r->e));
	r->t = timed ? calloc(r->cap, sizeof(*r->t)) : NULL;
	return r->e && (!timed || r->t) ? 0 : -ENOMEM;
}

static void iring_free(struct iring *r)
{
	free(r->e);
	free(r->t);
}

/* Charge to the slot and whatever job runs in it now (polled totals). */
static void ctr_slot(struct emu_mem *m, unsigned int slot, size_t off,
		     uint64_t v)
{
	*(uint64_t *)((char *)&m->ctr.slot[slot] + off) += v;
	if (m->ctr.job_id[slot])
		*(uint64_t *)((char *)&m->ctr.job[slot] + off) += v;
}

static unsigned int ilog2(uint32_t v)
{
	unsigned int s = 0;

	while ((1u << s) < v)
		s++;
	return s;
}

/* ------------------------------------------------------------------ */
/* Creation */

static struct emu_mem *mem_build(const struct emu_config *cfg,
				 const struct emu_mem_ops *ops,
				 const struct emu_mem_ctr *ctr, uint32_t pipe,
				 uint32_t mc_delay)
{
	struct emu_mem *m = calloc(1, sizeof(*m));
	struct emu_noc_ops rq = { .ctx = m,
				  .can_eject = emu_mem_noc_req_can_eject,
				  .deliver = emu_mem_noc_req_deliver };
	struct emu_noc_ops rp = { .ctx = m,
				  .deliver = emu_mem_noc_rep_deliver };
	struct emu_dram_ops dops = { .ctx = m, .done = emu_mem_dram_done };
	uint32_t s, i;

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->ops = *ops;
	m->ctr = *ctr;
	m->l2_pipe = pipe;
	m->mc_delay = mc_delay;
	emu_addrmap_init(&m->map, cfg);
	m->line_shift = ilog2(cfg->l1.line);
	m->chan_shift = m->map.channels & (m->map.channels - 1) ?
				64 :
				ilog2(m->map.channels);
	m->mhash_mask = (1u << (ilog2(cfg->l1.mshrs) + 1)) - 1;
	m->l1_all_ways = cfg->l1.ways >= 32 ? UINT32_MAX :
					      (1u << cfg->l1.ways) - 1;
	m->nwr = cfg->l1.missq_entries + cfg->l1.store_buffer;
	m->flit_data = (cfg->l1.line + cfg->noc.flit_bytes - 1) /
		       cfg->noc.flit_bytes;
	m->l2_merge = cfg->l2.mshr_merge;
	m->l2_queue = cfg->l2.queue;
	m->irc_window = cfg->l1.irc_window;
	m->win_cycle = UINT64_MAX;
	m->hit_min = UINT64_MAX;
	for (i = 0; i < CORUN_MAX_SLOTS; i++) {
		m->slot_subq[i] = (uint8_t)(i % cfg->l1.missq_subqueues);
		m->irc_credits[i] = CORUN_FW_IRC_CREDITS_UNLIMITED;
		m->l1_ways[i] = m->l1_all_ways;
	}
	m->sm = calloc(cfg->num_sms, sizeof(*m->sm));
	m->sl = calloc(cfg->l2.banks, sizeof(*m->sl));
	m->mask_words = cfg->num_sms / 64 + 1;
	m->qmask = calloc(m->mask_words, sizeof(*m->qmask));
	m->hmask = calloc(m->mask_words, sizeof(*m->hmask));
	if (!m->sm || !m->sl || !m->qmask || !m->hmask)
		goto fail;
	for (s = 0; s < cfg->num_sms; s++) {
		struct mem_sm *ms = &m->sm[s];

		if (emu_l1_tags_init(&ms->l1, cfg->l1.size, cfg->l1.line,
				     cfg->l1.ways) ||
		    emu_l1_tags_init(&ms->ro, cfg->l1.ro_size, cfg->l1.line,
				     cfg->l1.ro_ways))
			goto fail;
		ms->mshr = calloc(cfg->l1.mshrs, sizeof(*ms->mshr));
		ms->mshr_free = calloc(cfg->l1.mshrs, sizeof(*ms->mshr_free));
		ms->mhash = malloc((m->mhash_mask + 1) * sizeof(*ms->mhash));
		ms->wr = calloc(m->nwr, sizeof(*ms->wr));
		ms->txn = calloc(cfg->l1.mshrs + m->nwr, sizeof(*ms->txn));
		ms->wr_free = calloc(m->nwr, sizeof(*ms->wr_free));
		ms->subq = calloc(cfg->l1.missq_subqueues, sizeof(*ms->subq));
		/* At most ldst_units hits per cycle, each due latency later. */
		ms->hits.cap = (cfg->l1.latency + 2) * cfg->sm.ldst_units;
		ms->hits.e = calloc(ms->hits.cap, sizeof(*ms->hits.e));
		ms->hits.t = calloc(ms->hits.cap, sizeof(*ms->hits.t));
		if (!ms->mshr || !ms->mshr_free || !ms->mhash || !ms->wr ||
		    !ms->txn || !ms->wr_free || !ms->subq || !ms->hits.e ||
		    !ms->hits.t)
			goto fail;
		for (i = 0; i < cfg->l1.mshrs; i++) {
			ms->mshr[i].w = calloc(cfg->l1.mshr_merge,
					       sizeof(*ms->mshr[i].w));
			if (!ms->mshr[i].w)
				goto fail;
			ms->mshr_free[i] = (uint16_t)(cfg->l1.mshrs - 1 - i);
		}
		ms->nfree = cfg->l1.mshrs;
		memset(ms->mhash, 0xff, (m->mhash_mask + 1) * sizeof(*ms->mhash));
		for (i = 0; i < m->nwr; i++)
			ms->wr_free[i] = m->nwr - 1 - i;
		ms->nwr_free = m->nwr;
		for (i = 0; i < cfg->l1.missq_subqueues; i++)
			if (iring_init(&ms->subq[i], cfg->l1.missq_entries,
				       false))
				goto fail;
		ms->win = UINT64_MAX;
		ms->act_win = UINT64_MAX;
		ms->subq_cap = cfg->l1.missq_entries;
	}
	for (s = 0; s < cfg->l2.banks; s++) {
		struct l2_slice *sl = &m->sl[s];
		/* Replies: hits in the input FIFO plus every merged waiter. */
		uint32_t rcap = m->l2_queue + cfg->l2.mshrs * m->l2_merge;

		if (emu_l2_tags_init(&sl->tags, cfg->l2.bank_size,
				     cfg->l2.ways, cfg->l2.line) ||
		    /* The FIFO plus the tag pipeline (one entry per cycle). */
		    iring_init(&sl->in, m->l2_queue + pipe + 1, true) ||
		    iring_init(&sl->fill, cfg->l2.mshrs, true) ||
		    iring_init(&sl->reply, rcap, false))
			goto fail;
		sl->intag = calloc(sl->in.cap, sizeof(*sl->intag));
		sl->rtag = calloc(rcap, sizeof(*sl->rtag));
		sl->mshr = calloc(cfg->l2.mshrs, sizeof(*sl->mshr));
		sl->mfree = calloc(cfg->l2.mshrs, sizeof(*sl->mfree));
		sl->dcap = 2 * cfg->l2.mshrs;
		sl->dout = calloc(sl->dcap, sizeof(*sl->dout));
		if (!sl->intag || !sl->rtag || !sl->mshr || !sl->mfree ||
		    !sl->dout)
			goto fail;
		for (i = 0; i < cfg->l2.mshrs; i++) {
			sl->mshr[i].w = calloc(m->l2_merge, sizeof(uint64_t));
			if (!sl->mshr[i].w)
				goto fail;
			sl->mfree[i] = (uint16_t)(cfg->l2.mshrs - 1 - i);
		}
		sl->nmfree = cfg->l2.mshrs;
		sl->tags.stats = &m->l2_stats;
	}
	m->req_noc = emu_noc_create(cfg, cfg->num_sms, cfg->l2.banks, &rq);
	m->rep_noc = emu_noc_create(cfg, cfg->l2.banks, cfg->num_sms, &rp);
	m->dram = emu_dram_create(cfg, &m->map, &dops);
	m->atd = emu_llc_atd_create(cfg->l2.banks, m->sl[0].tags.sets,
				    cfg->l2.ways, cfg->num_slots);
	if (!m->req_noc || !m->rep_noc || !m->dram || !m->atd)
		goto fail;
	if (m->sm[0].l1.e) {
		m->umon = emu_l1_umon_create(cfg->num_sms, m->sm[0].l1.sets,
					     cfg->l1.ways,
					     m->sm[0].l1.line_shift,
					     cfg->num_slots);
		if (!m->umon)
			goto fail;
	}
	return m;
fail:
	emu_mem_destroy(m);
	return NULL;
}

void emu_mem_destroy(struct emu_mem *m)
{
	uint32_t s, i;

	if (!m)
		return;
	if (m->sm) {
		for (s = 0; s < m->cfg->num_sms; s++) {
			struct mem_sm *ms = &m->sm[s];

			if (ms->mshr)
				for (i = 0; i < m->cfg->l1.mshrs; i++)
					free(ms->mshr[i].w);
			if (ms->subq)
				for (i = 0; i < m->cfg->l1.missq_subqueues; i++)
					iring_free(&ms->subq[i]);
			free(ms->hits.e);
			free(ms->hits.t);
			emu_l1_tags_fini(&ms->l1);
			emu_l1_tags_fini(&ms->ro);
			free(ms->mshr);
			free(ms->mshr_free);
			free(ms->mhash);
			free(ms->wr);
			free(ms->txn);
			free(ms->wr_free);
			free(ms->subq);
		}
	}
	if (m->sl) {
		for (s = 0; s < m->cfg->l2.banks; s++) {
			struct l2_slice *sl = &m->sl[s];

			if (sl->mshr)
				for (i = 0; i < m->cfg->l2.mshrs; i++)
					free(sl->mshr[i].w);
			emu_l2_tags_fini(&sl->tags);
			iring_free(&sl->in);
			iring_free(&sl->fill);
			iring_free(&sl->reply);
			free(sl->intag);
			free(sl->rtag);
			free(sl->mshr);
			free(sl->mfree);
			free(sl->dout);
		}
	}
	emu_noc_destroy(m->req_noc);
	emu_noc_destroy(m->rep_noc);
	emu_dram_destroy(m->dram);
	emu_llc_atd_destroy(m->atd);
	emu_l1_umon_destroy(m->umon);
	free(m->sm);
	free(m->sl);
	free(m->qmask);
	free(m->hmask);
	free(m);
}

/* ------------------------------------------------------------------ */
/* Time */

static uint64_t noc_domain_next(const struct emu_mem *m, uint64_t nc)
{
	uint64_t t = UINT64_MAX, x;
	uint32_t s;

	x = emu_noc_next_event(m->req_noc, nc);
	t = x < t ? x : t;
	x = emu_noc_next_event(m->rep_noc, nc);
	t = x < t ? x : t;
	for (s = 0; s < m->cfg->l2.banks && t > nc + 1; s++) {
		const struct l2_slice *sl = &m->sl[s];

		if (sl->reply.n || sl->dn)
			return nc + 1;
		if (sl->in.n) {
			x = sl->in.t[sl->in.head];
			t = x < t ? x : t;
		}
		if (sl->fill.n) {
			x = sl->fill.t[sl->fill.head];
			t = x < t ? x : t;
		}
	}
	return t <= nc ? nc + 1 : t;
}

static void noc_step(struct emu_mem *m, uint64_t nc)
{
	/*
	 * This edge's SM cycle, its IRC window and its DRAM cycle (a tick
	 * may run several edges): the same for every SM and slice.
	 */
	uint64_t smc = from_noc(m, nc), win = smc / m->irc_window;
	uint64_t dnow = to_dram(m, smc);

	emu_mem_irc_inject(m, nc, win);
	emu_noc_tick(m->req_noc, nc);
	emu_mem_l2_step(m, nc, dnow);
	emu_noc_tick(m->rep_noc, nc);
}

static bool any_queued(const struct emu_mem *m)
{
	uint32_t i;

	for (i = 0; i < m->mask_words; i++)
		if (m->qmask[i])
			return true;
	return false;
}

/* Fold the NoC stall and DRAM totals into the per-slot counters. */
static void poll_counters(struct emu_mem *m)
{
	uint32_t s;

	for (s = 0; s < m->cfg->num_slots; s++) {
		uint64_t a, b, hits, bus;

		if (m->noc_moved) {
			emu_noc_counters(m->req_noc, s, NULL, &a);
			emu_noc_counters(m->rep_noc, s, NULL, &b);
			if (a + b != m->p_noc_stall[s]) {
				ctr_slot(m, s, offsetof(struct corun_slot_counters,
							noc_stall_cycles),
					 a + b - m->p_noc_stall[s]);
				m->p_noc_stall[s] = a + b;
			}
		}
		if (m->dram_moved) {
			emu_dram_slot_counters(m->dram, s, NULL, &hits, &bus);
			if (hits != m->p_dram_hits[s]) {
				ctr_slot(m, s, offsetof(struct corun_slot_counters,
							dram_row_hits),
					 hits - m->p_dram_hits[s]);
				m->p_dram_hits[s] = hits;
			}
			if (bus != m->p_dram_bus[s]) {
				ctr_slot(m, s, offsetof(struct corun_slot_counters,
							dram_bus_cycles),
					 bus - m->p_dram_bus[s]);
				m->p_dram_bus[s] = bus;
			}
		}
	}
	m->noc_moved = false;
	m->dram_moved = false;
}

void emu_mem_tick(struct emu_mem *m, uint64_t now)
{
	uint64_t nc_now = to_noc(m, now), dc_now = to_dram(m, now);

	m->now = now;
	if (emu_dram_busy(m->dram) &&
	    emu_dram_next_event(m->dram, m->dc) <= dc_now) {
		emu_dram_tick(m->dram, dc_now);
		m->dram_moved = true;
	}
	m->dc = dc_now;
	/* Every NoC edge up to now with work (none is skipped that has). */
	while (m->nc < nc_now) {
		uint64_t nx =
			any_queued(m) ? m->nc + 1 : noc_domain_next(m, m->nc);

		m->nc = nx < nc_now ? nx : nc_now;
		noc_step(m, m->nc);
	}
	if (m->hit_min <= now)
		emu_mem_l1_deliver(m, now);
	if (m->noc_moved || m->dram_moved)
		poll_counters(m);
}

uint64_t emu_mem_next_event(const struct emu_mem *m, uint64_t now)
{
	uint64_t t = UINT64_MAX, x;
	uint32_t s, nsm = m->cfg->num_sms;

	/* Exact unless a stale lower bound (see hit_min). */
	if (m->hit_min > m->now)
		t = m->hit_min;
	else
		for (s = emu_bit_next(m->hmask, 0, nsm); s < nsm;
		     s = emu_bit_next(m->hmask, s + 1, nsm)) {
			const struct mem_sm *ms = &m->sm[s];

			if (ms->hits.t[ms->hits.head] < t)
				t = ms->hits.t[ms->hits.head];
		}
	x = emu_mem_irc_next(m, now);
	t = x < t ? x : t;
	/* The NoC domain has nothing before its next edge: often moot. */
	if (t > from_noc(m, m->nc + 1)) {
		x = noc_domain_next(m, m->nc);
		if (x != UINT64_MAX) {
			x = from_noc(m, x);
			t = x < t ? x : t;
		}
	}
	x = emu_dram_next_event(m->dram, m->dc);
	if (x != UINT64_MAX) {
		x = from_dram(m, x);
		t = x < t ? x : t;
	}
	return t <= now ? now + 1 : t;
}

unsigned int emu_mem_busy(const struct emu_mem *m)
{
	return m->busy;
}

/* ------------------------------------------------------------------ */
/* Control */

int emu_mem_set_l1_ways(struct emu_mem *m, unsigned int slot, uint32_t mask)
{
	if (slot >= m->cfg->num_slots)
		return -EINVAL;
	mask &= m->l1_all_ways;
	m->l1_ways[slot] = mask ? mask : m->l1_all_ways;
	return 0;
}

void emu_mem_l1_umon_enable(struct emu_mem *m, bool on)
{
	if (!m->umon)
		return;
	emu_l1_umon_enable(m->umon, on);
	m->umon_on = on;
}

int emu_mem_l1_umon_set_sample(struct emu_mem *m, uint32_t n)
{
	if (!m->umon)
		return n && n <= EMU_L1_UMON_SAMPLE_MAX ? 0 : -EINVAL;
	return emu_l1_umon_set_sample(m->umon, n);
}

void emu_mem_l1_umon_decay(struct emu_mem *m, uint32_t shift)
{
	if (m->umon)
		emu_l1_umon_decay(m->umon, shift);
}

uint64_t emu_mem_l1_umon_read(const struct emu_mem *m, unsigned int slot,
			      uint32_t index)
{
	if (index == EMU_L1_UMON_ACCESSES)
		return emu_l1_umon_accesses(m->umon, slot);
	return emu_l1_umon_hits(m->umon, slot, index);
}

int emu_mem_set_slot_vc(struct emu_mem *m, unsigned int slot, uint32_t vc)
{
	if (slot >= m->cfg->num_slots ||
	    (vc != EMU_NOC_VC_MAPPED && vc >= m->cfg->noc.vcs))
		return -EINVAL;
	/* Requests and their replies alike. */
	emu_noc_set_slot_vc(m->req_noc, slot, vc);
	emu_noc_set_slot_vc(m->rep_noc, slot, vc);
	return 0;
}

int emu_mem_set_slot_dram_prio(struct emu_mem *m, unsigned int slot,
			       uint32_t prio)
{
	if (slot >= m->cfg->num_slots)
		return -EINVAL;
	return emu_dram_set_slot_prio(m->dram, slot, prio, m->dc);
}

uint32_t emu_mem_slot_vc(const struct emu_mem *m, unsigned int slot)
{
	return emu_noc_slot_vc(m->req_noc, slot);
}

uint32_t emu_mem_slot_dram_prio(const struct emu_mem *m, unsigned int slot)
{
	return emu_dram_slot_prio(m->dram, slot);
}

void emu_mem_set_l2_policy(struct emu_mem *m, const struct emu_l2_policy *pol,
			   void *ctx)
{
	uint32_t s;

	for (s = 0; s < m->cfg->l2.banks; s++)
		emu_l2_set_policy(&m->sl[s].tags, pol, ctx);
}

void emu_mem_chan_slot_counters(const struct emu_mem *m, unsigned int ch,
				unsigned int slot,
				struct corun_chan_counters *out)
{
	if (slot >= m->cfg->num_slots)
		memset(out, 0, sizeof(*out));
	else
		emu_dram_chan_slot_counters(m->dram, ch, slot, out);
}

void emu_mem_slot_interf(const struct emu_mem *m, unsigned int slot,
			 struct corun_slot_interf_counters *out)
{
	struct emu_dram_interf di;

	memset(out, 0, sizeof(*out));
	if (slot >= m->cfg->num_slots)
		return;
	emu_dram_slot_interf(m->dram, slot, &di);
	out->dram_bank = di.bank;
	out->dram_row = di.row;
	out->dram_bus = di.bus;
	out->dram_req_cycles = di.req_cycles;
	emu_llc_atd_counters(m->atd, slot, &out->llc_atd_misses,
			     &out->llc_atd_interf);
	/* a busy period still open counts up to now */
	out->mem_busy_cycles = m->busy_cycles[slot];
	if (m->out_n[slot])
		out->mem_busy_cycles += m->now - m->out_since[slot];
}

void emu_mem_noc_vc_counters(const struct emu_mem *m, unsigned int vc,
			     struct emu_noc_vc_counters *out)
{
	emu_noc_vc_counters(m->req_noc, vc, &out->req_flits, &out->req_stall);
	emu_noc_vc_counters(m->rep_noc, vc, &out->rep_flits, &out->rep_stall);
}

const struct emu_l2_stats *emu_mem_llc_stats(const struct emu_mem *m)
{
	return &m->l2_stats;
}

void emu_mem_chan_counters(const struct emu_mem *m, unsigned int ch,
			   struct corun_chan_counters *out)
{
	if (ch >= m->cfg->dram.channels) {
		memset(out, 0, sizeof(*out));
		return;
	}
	emu_dram_counters(m->dram, ch, out);
}

void emu_mem_latency(const struct emu_mem *m, uint32_t *l2_pipe,
		     uint32_t *mc_delay)
{
	*l2_pipe = m->l2_pipe;
	*mc_delay = m->mc_delay;
}

/* ------------------------------------------------------------------ */
/* Calibration: the idle round trips of the assembled system. */

struct probe {
	uint64_t done;
};

static void probe_done(void *ctx, const struct emu_mem_req *r, uint64_t c)
{
	(void)r;
	((struct probe *)ctx)->done = c;
}

/* Round trip of one bypassing read of @addr pushed at @t0, or 0. */
static uint64_t probe_rt(struct emu_mem *m, struct probe *pr, uint64_t addr,
			 uint64_t t0)
{
	struct emu_mem_req r = { .addr = addr, .size = 4, .job = 1,
				 .reg = 0xff, .bypass = 1 };
	uint64_t t;

	pr->done = 0;
	emu_mem_tick(m, t0);
	if (emu_mem_push(m, &r, t0) != 1)
		return 0;
	for (t = t0 + 1; t < t0 + 100000 && !pr->done; t++)
		emu_mem_tick(m, t);
	return pr->done ? pr->done - t0 : 0;
}

static int calibrate(const struct emu_config *cfg, uint32_t pipe,
		     uint32_t mc, uint64_t *hit, uint64_t *miss)
{
	struct probe pr = { 0 };
	struct emu_mem_ops ops = { .ctx = &pr, .done = probe_done };
	struct corun_slot_counters *sc = calloc(cfg->num_slots, sizeof(*sc));
	struct corun_slot_counters *jc = calloc(cfg->num_slots, sizeof(*jc));
	struct corun_sm_counters *smc = calloc(cfg->num_sms, sizeof(*smc));
	uint32_t *jid = calloc(cfg->num_slots, sizeof(*jid));
	struct emu_mem_ctr ctr = { sc, jc, jid, smc };
	struct emu_mem *m = NULL;
	int ret = -ENOMEM;

	if (sc && jc && smc && jid)
		m = mem_build(cfg, &ops, &ctr, pipe, mc);
	if (m) {
		/*
		 * Open a row, then miss to another row of the same bank (the
		 * common case of an idle random access), then hit in the L2.
		 */
		struct emu_addr_loc loc;
		uint64_t a = 1ull << 20, b;

		emu_addrmap_decode(&m->map, a, &loc);
		loc.row ^= 1;
		b = emu_addrmap_encode(&m->map, &loc);
		*miss = probe_rt(m, &pr, a, 1000);
		*miss = probe_rt(m, &pr, b, 2000 + *miss);
		*hit = probe_rt(m, &pr, b, 3000 + *miss);
		ret = *miss && *hit ? 0 : -EIO;
	}
	emu_mem_destroy(m);
	free(sc);
	free(jc);
	free(smc);
	free(jid);
	return ret;
}

/* SM cycles -> NoC cycles, rounded to nearest, at least 0. */
static uint32_t sm_to_noc_delay(const struct emu_config *c, int64_t d)
{
	if (d <= 0)
		return 0;
	return (uint32_t)((d * c->noc_mhz + c->sm_mhz / 2) / c->sm_mhz);
}

struct emu_mem *emu_mem_create(const struct emu_config *cfg,
			       const struct emu_mem_ops *ops,
			       const struct emu_mem_ctr *ctr)
{
	uint64_t hit, miss;
	uint32_t pipe = 0, mc = 0, i;

	/*
	 * Measure with no added delay, add the difference, measure again and
	 * correct once more for rounding at the clock-domain crossings.
	 */
	for (i = 0; i < 2; i++) {
		if (calibrate(cfg, pipe, mc, &hit, &miss))
			return NULL;
		if (hit < cfg->l2.latency)
			pipe += sm_to_noc_delay(cfg, (int64_t)cfg->l2.latency -
						(int64_t)hit);
		if (miss < cfg->dram.latency)
			mc += sm_to_noc_delay(cfg, (int64_t)cfg->dram.latency -
					      (int64_t)miss -
					      ((int64_t)cfg->l2.latency -
					       (int64_t)hit));
	}
	return mem_build(cfg, ops, ctr, pipe, mc);
}
