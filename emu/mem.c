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
 */
#include <errno.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <corun/fwif.h>

#include "addrmap.h"
#include "clock.h"
#include "dram.h"
#include "l1tags.h"
#include "l2.h"
#include "llc_atd.h"
#include "mem.h"
#include "noc.h"

/* Ring of 32-bit indices. */
struct iring {
	uint32_t *e;
	uint64_t *t; /* optional ready time */
	uint32_t cap, head, n;
};

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

/* x % n for x < 2n, without a division (ring indices: head + i). */
static inline uint32_t mod2(uint32_t x, uint32_t n)
{
	return x >= n ? x - n : x;
}

static bool iring_push(struct iring *r, uint32_t v, uint64_t t)
{
	uint32_t i;

	if (r->n == r->cap)
		return false;
	i = mod2(r->head + r->n, r->cap);
	r->e[i] = v;
	if (r->t)
		r->t[i] = t;
	r->n++;
	return true;
}

static uint32_t iring_head(const struct iring *r)
{
	return r->e[r->head];
}

static void iring_pop(struct iring *r)
{
	r->head = mod2(r->head + 1, r->cap);
	r->n--;
}

/* Timed ring of whole requests (L1 hits). */
struct qring {
	struct emu_mem_req *e;
	uint64_t *t;
	uint32_t cap, head, n;
};

/* What an MSHR fills on reply (and whether it is in the hash). */
enum { FILL_NONE, FILL_L1, FILL_RO };

#define MSHR_NONE 0xffffu

/* An L1 MSHR: reads and atomics in flight beyond the L1. */
struct mshr {
	uint64_t line;
	uint64_t t_miss;
	uint16_t n; /* waiters */
	uint16_t hnext; /* next in its hash chain, MSHR_NONE ends */
	uint8_t fill; /* FILL_*: fill on reply (and in the hash) */
	uint8_t busy;
	struct emu_mem_req *w; /* l1.mshr_merge waiters, w[0] the primary */
};

/*
 * What the paths beyond the L1 read of a transaction's (primary) request,
 * in one dense array, with the slice and packet size worked out once per
 * transaction rather than on every (often refused) injection attempt.
 */
struct txn {
	uint64_t addr;
	uint32_t job;
	uint16_t slot;
	uint16_t flits; /* request packet: header, plus data for a store */
	uint8_t cls;
	uint8_t wr; /* a store (no reply) */
	uint8_t amo; /* an atomic */
	uint16_t slice; /* L2 slice of @addr */
};

/*
 * Transaction index space of one SM: 0..mshrs-1 are MSHRs, mshrs.. are
 * write entries (a store waits in its sub-queue and then in flight to
 * the L2 in one of those).
 */
struct mem_sm {
	struct emu_l1_tags l1;
	struct emu_l1_tags ro; /* read-only data cache (l1.ro_size) */
	uint16_t *mhash; /* fill MSHRs by line: chain heads */
	struct mshr *mshr;
	uint16_t *mshr_free;
	uint32_t nfree;
	struct emu_mem_req *wr; /* write entries */
	struct txn *txn; /* per transaction index */
	uint32_t *wr_free;
	uint32_t nwr_free;
	struct qring hits; /* L1 hits in flight, due-time ordered */
	struct iring *subq; /* miss sub-queues of transaction indices */
	uint32_t rr; /* round-robin start among equal priorities */
	uint32_t queued; /* entries in all sub-queues */
	uint64_t win; /* IRC window index of @credit */
	uint64_t act_win; /* window of @act */
	uint32_t act, act_prev; /* sub-queues used this / last window */
	uint32_t subq_cap; /* entries per sub-queue for the active ones */
	uint32_t subq_used; /* act | act_prev that @subq_cap is for */
	uint32_t credit[CORUN_MAX_SLOTS]; /* credits left in the window */
	uint64_t port_cycle; /* cycle of port_used */
	uint32_t port_used;
};

/* One L2 MSHR: a line being filled from DRAM and who waits for it. */
struct l2_mshr {
	uint64_t *w; /* reply tags, l2 mshr_merge of them */
	uint16_t n;
	uint8_t busy;
	struct emu_l2_line *line;
};

/* An entry of a slice's DRAM out queue. */
struct l2_dout {
	uint64_t addr;
	uint32_t mshr; /* UINT32_MAX: write-back */
	uint16_t slot;
	uint8_t cls;
};

struct l2_slice {
	struct emu_l2_tags tags;
	struct iring in; /* request tags (index into intag), ready time */
	uint64_t *intag;
	struct l2_mshr *mshr;
	uint16_t *mfree;
	uint32_t nmfree;
	struct iring fill; /* MSHR indices with fill data, ready time */
	struct iring reply; /* indices into rtag */
	uint64_t *rtag;
	struct l2_dout *dout; /* DRAM out queue */
	uint32_t dhead, dn, dcap;
};

struct emu_mem {
	const struct emu_config *cfg;
	struct emu_mem_ops ops;
	struct emu_mem_ctr ctr;
	struct emu_addrmap map;
	uint32_t line_shift, nwr;
	uint32_t chan_shift; /* log2 map.channels if a power of two, else 64 */
	uint32_t mhash_mask;
	uint32_t l1_all_ways;
	uint32_t flit_data; /* data flits of one line */
	struct mem_sm *sm;
	struct l2_slice *sl;
	uint32_t l2_merge, l2_queue;
	struct emu_l2_stats l2_stats; /* per owner, every slice */
	struct emu_noc *req_noc, *rep_noc;
	struct emu_dram *dram;
	uint64_t nc; /* last NoC cycle simulated */
	uint64_t dc; /* last DRAM cycle ticked */
	uint64_t now; /* SM cycle of the current emu_mem_tick() */
	uint32_t l2_pipe; /* L2 tag pipeline, NoC cycles (calibrated) */
	uint32_t mc_delay; /* fill path delay, NoC cycles (calibrated) */
	/* IRC and L1 partitioning, per slot */
	uint32_t irc_credits[CORUN_MAX_SLOTS];
	uint32_t irc_prio[CORUN_MAX_SLOTS];
	uint32_t l1_ways[CORUN_MAX_SLOTS];
	uint32_t irc_window;
	uint64_t win_cycle, win_now; /* cycle / irc_window, cached */
	uint8_t slot_subq[CORUN_MAX_SLOTS]; /* slot % l1.missq_subqueues */
	/* last totals read from the NoCs and the DRAM, per slot */
	uint64_t p_noc_stall[CORUN_MAX_SLOTS];
	uint64_t p_dram_hits[CORUN_MAX_SLOTS];
	uint64_t p_dram_bus[CORUN_MAX_SLOTS];
	bool dram_moved, noc_moved;
	struct emu_llc_atd *atd; /* sampled tag directories, per slot */
	/* per slot: L1 misses outstanding, since when, busy cycles before */
	uint32_t out_n[CORUN_MAX_SLOTS];
	uint64_t out_since[CORUN_MAX_SLOTS];
	uint64_t busy_cycles[CORUN_MAX_SLOTS];
	unsigned int busy;
	/* SMs with entries in their sub-queues / L1 hits in flight */
	uint64_t *qmask, *hmask;
	uint32_t mask_words;
	/*
	 * Earliest due time of the L1 hits in flight (UINT64_MAX: none), so
	 * that most cycles need not look at every SM's hits. A lower bound
	 * only if it is <= @now: a zero-latency hit pushed by a callback
	 * and delivered in the same tick may leave its time behind.
	 */
	uint64_t hit_min;
};

/* Charge a counter to the slot and, if still running, to its job. */
#define CTR(m, q, field, v)                                               \
	do {                                                              \
		(m)->ctr.slot[(q)->slot].field += (v);                     \
		if ((m)->ctr.job_id[(q)->slot] == (q)->job)               \
			(m)->ctr.job[(q)->slot].field += (v);              \
	} while (0)

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

/* Reply/request packet tags: SM, transaction index, DRAM accesses. */
static uint64_t mk_tag(uint32_t sm, uint32_t idx, uint32_t dcnt)
{
	return (uint64_t)sm << 32 | (uint64_t)idx << 2 | dcnt;
}

static uint32_t tag_sm(uint64_t t)
{
	return (uint32_t)(t >> 32);
}

static uint32_t tag_idx(uint64_t t)
{
	return (uint32_t)(t & 0xffffffffu) >> 2;
}

static uint32_t tag_dcnt(uint64_t t)
{
	return (uint32_t)t & 3;
}

static struct txn *tag_txn(struct emu_mem *m, uint64_t tag)
{
	return &m->sm[tag_sm(tag)].txn[tag_idx(tag)];
}

static uint32_t slice_of(const struct emu_mem *m, uint64_t addr)
{
	struct emu_addr_loc loc;

	emu_addrmap_decode(&m->map, addr, &loc);
	return loc.slice;
}

static void txn_set(struct emu_mem *m, struct mem_sm *ms, uint32_t idx,
		    const struct emu_mem_req *q)
{
	struct txn *t = &ms->txn[idx];
	uint32_t fb = m->cfg->noc.flit_bytes;

	t->addr = q->addr;
	t->job = q->job;
	t->slot = q->slot;
	t->cls = q->cls;
	t->wr = q->is_write && !q->is_atomic;
	t->amo = q->is_atomic;
	t->slice = (uint16_t)slice_of(m, q->addr);
	/* Header flit, plus the data for a store. */
	t->flits = 1;
	if (t->wr)
		t->flits += (uint16_t)((q->size + fb - 1) / fb);
}

static uint64_t to_noc(const struct emu_mem *m, uint64_t sm_cycle)
{
	return clk_to_domain(sm_cycle, m->cfg->noc_mhz, m->cfg->sm_mhz);
}

static uint64_t from_noc(const struct emu_mem *m, uint64_t nc)
{
	return clk_from_domain(nc, m->cfg->noc_mhz, m->cfg->sm_mhz);
}

static uint64_t to_dram(const struct emu_mem *m, uint64_t sm_cycle)
{
	return clk_to_domain(sm_cycle, m->cfg->dram_mhz, m->cfg->sm_mhz);
}

static uint64_t from_dram(const struct emu_mem *m, uint64_t dc)
{
	return clk_from_domain(dc, m->cfg->dram_mhz, m->cfg->sm_mhz);
}

/*
 * Set key of a line within its slice: the line index with the channel
 * digit of the address map removed, so that the lines one slice owns
 * spread over all its sets (the slice is a function of that digit).
 */
static uint64_t l2_key(const struct emu_mem *m, uint64_t addr)
{
	uint64_t la = addr >> m->map.line_shift;
	uint64_t los = 1ull << m->map.lo_shift; /* lines per channel chunk */
	uint64_t hi = la >> m->map.lo_shift;

	/* Most maps have a power-of-two channel count: no division. */
	hi = m->chan_shift < 64 ? hi >> m->chan_shift : hi / m->map.channels;
	return (la & (los - 1)) | hi << m->map.lo_shift;
}

/* ------------------------------------------------------------------ */
/* Creation */

static void noc_req_deliver(void *ctx, const struct emu_noc_pkt *p,
			    uint64_t nc);
static bool noc_req_can_eject(void *ctx, uint32_t dst,
			      const struct emu_noc_pkt *p);
static void noc_rep_deliver(void *ctx, const struct emu_noc_pkt *p,
			    uint64_t nc);
static void dram_done(void *ctx, const struct emu_dram_req *r, uint64_t dc);

static struct emu_mem *mem_build(const struct emu_config *cfg,
				 const struct emu_mem_ops *ops,
				 const struct emu_mem_ctr *ctr, uint32_t pipe,
				 uint32_t mc_delay)
{
	struct emu_mem *m = calloc(1, sizeof(*m));
	struct emu_noc_ops rq = { .ctx = m, .can_eject = noc_req_can_eject,
				  .deliver = noc_req_deliver };
	struct emu_noc_ops rp = { .ctx = m, .deliver = noc_rep_deliver };
	struct emu_dram_ops dops = { .ctx = m, .done = dram_done };
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
	free(m->sm);
	free(m->sl);
	free(m->qmask);
	free(m->hmask);
	free(m);
}

/* ------------------------------------------------------------------ */
/* L1 */

static void port_roll(struct mem_sm *ms, uint64_t now)
{
	if (ms->port_cycle != now) {
		ms->port_cycle = now;
		ms->port_used = 0;
	}
}

bool emu_mem_can_accept(const struct emu_mem *m, unsigned int sm,
			uint64_t now)
{
	const struct mem_sm *ms = &m->sm[sm];

	return ms->port_cycle != now || ms->port_used < m->cfg->sm.ldst_units;
}

static uint16_t *mshr_bucket(const struct emu_mem *m, struct mem_sm *ms,
			     uint64_t line)
{
	uint64_t h = (line >> m->line_shift) * 0x9e3779b97f4a7c15ull;

	return &ms->mhash[(h >> 40) & m->mhash_mask];
}

/* The MSHR filling @line into the cache @fill, if any. */
static struct mshr *mshr_find(struct emu_mem *m, struct mem_sm *ms,
			      uint64_t line, uint8_t fill)
{
	uint16_t i = *mshr_bucket(m, ms, line);

	for (; i != MSHR_NONE; i = ms->mshr[i].hnext)
		if (ms->mshr[i].line == line && ms->mshr[i].fill == fill)
			return &ms->mshr[i];
	return NULL;
}

static void mshr_unhash(struct emu_mem *m, struct mem_sm *ms, uint16_t mi)
{
	uint16_t *p = mshr_bucket(m, ms, ms->mshr[mi].line);

	while (*p != mi)
		p = &ms->mshr[*p].hnext;
	*p = ms->mshr[mi].hnext;
}

/*
 * The miss queue is divided evenly among the sub-queues in use (CCBP's
 * virtual queue partitioning vector): a sub-queue is in use if its slot
 * pushed in this or the previous IRC window. A sub-queue already above a
 * shrunken share keeps its entries and only refuses new ones.
 */
static struct iring *subq_of(struct emu_mem *m, struct mem_sm *ms,
			     unsigned int slot, uint64_t now)
{
	uint32_t k = m->slot_subq[slot], used;
	uint64_t win;

	/* One division per cycle, not per push (all SMs push in a cycle). */
	if (now != m->win_cycle) {
		m->win_cycle = now;
		m->win_now = now / m->irc_window;
	}
	win = m->win_now;
	if (win != ms->act_win) {
		ms->act_prev = win == ms->act_win + 1 ? ms->act : 0;
		ms->act = 0;
		ms->act_win = win;
	}
	ms->act |= 1u << k;
	used = ms->act | ms->act_prev;
	if (used != ms->subq_used) {
		ms->subq_used = used;
		ms->subq_cap =
			m->cfg->l1.missq_entries / (uint32_t)emu_popcount(used);
	}
	return &ms->subq[k];
}

static bool subq_full(const struct mem_sm *ms, const struct iring *sq)
{
	return sq->n >= ms->subq_cap;
}

/*
 * Room to send a dirty line back: a write entry, and space in the owner's
 * sub-queue ring (write-backs may exceed a sub-queue's share, like a
 * shrunken share keeps its entries).
 */
static bool wb_room(const struct emu_mem *m, const struct mem_sm *ms,
		    const struct emu_l1_tags *t, const struct emu_l1_line *l)
{
	const struct emu_l1_words *lw = emu_l1_words_of(t, l);
	const struct iring *sq = &ms->subq[m->slot_subq[lw->slot]];

	return !lw->dirty || (ms->nwr_free && sq->n < sq->cap);
}

/*
 * Send the dirty words of @l to the L2 as a store of the slot and job
 * that wrote them, and make @l clean. Needs wb_room(). Nothing on the SM
 * side waits for it (no completion callback).
 */
static void wb_push(struct emu_mem *m, struct mem_sm *ms, unsigned int s,
		    const struct emu_l1_tags *t, const struct emu_l1_line *l,
		    uint64_t now)
{
	struct emu_l1_words *lw = emu_l1_words_of(t, l);
	struct emu_mem_req q = {
		.addr = l->tag - 1,
		.t_issue = now,
		.t_miss = now,
		.size = (uint32_t)__builtin_popcountll(lw->dirty) * 4,
		.job = lw->job,
		.slot = lw->slot,
		.sm = (uint16_t)s,
		.reg = 0xff, /* no register */
		.is_write = 1,
		.local = 1,
		.wb = 1,
		.cls = EMU_CLS_GPU,
	};
	struct iring *sq;
	uint32_t idx;

	if (!lw->dirty)
		return;
	sq = subq_of(m, ms, q.slot, now);
	idx = ms->wr_free[--ms->nwr_free];
	ms->wr[idx] = q;
	txn_set(m, ms, m->cfg->l1.mshrs + idx, &q);
	iring_push(sq, m->cfg->l1.mshrs + idx, 0);
	if (!ms->queued++)
		emu_bit_set(m->qmask, s);
	m->busy++;
	CTR(m, &q, missq_demand, 1);
	lw->dirty = 0;
}

/*
 * Fill @line (read from the L2) within @mask. A line already there (a
 * local line holding some words) becomes whole. A dirty victim is written
 * back; without room for that the LRU clean way is replaced instead, and
 * with none the line is not kept (the reply still completes).
 */
static void l1_fill(struct emu_mem *m, struct mem_sm *ms, unsigned int s,
		    struct emu_l1_tags *t, uint64_t line, uint32_t mask)
{
	struct emu_l1_line *l = emu_l1_find(t, line);

	if (l) {
		emu_l1_words_of(t, l)->valid = t->full;
		return;
	}
	l = emu_l1_victim(t, line, mask, false);
	if (l && !wb_room(m, ms, t, l))
		l = emu_l1_victim(t, line, mask, true);
	if (!l)
		return;
	if (l->tag)
		wb_push(m, ms, s, t, l, m->now);
	emu_l1_install(t, l, line, t->full, 0, 0, 0);
}

/* Count an access (and a miss) of the cache @q looks up. */
static void ctr_access(struct emu_mem *m, struct corun_sm_counters *sc,
		       const struct emu_mem_req *q, bool miss)
{
	if (q->ro) {
		sc->ro_accesses++;
		CTR(m, q, ro_accesses, 1);
		if (miss) {
			sc->ro_misses++;
			CTR(m, q, ro_misses, 1);
		}
		return;
	}
	sc->l1_accesses++;
	CTR(m, q, l1_accesses, 1);
	if (q->local)
		CTR(m, q, l1_local_accesses, 1);
	if (miss) {
		sc->l1_misses++;
		CTR(m, q, l1_misses, 1);
		if (q->local)
			CTR(m, q, l1_local_misses, 1);
	}
}

/* Complete @q in the L1 after its latency (a hit). */
static int hit_push(struct emu_mem *m, struct mem_sm *ms,
		    const struct emu_mem_req *q, uint64_t now)
{
	struct qring *h = &ms->hits;
	uint32_t i;

	if (h->n == h->cap)
		return -EBUSY;
	if (!h->n)
		emu_bit_set(m->hmask, q->sm);
	i = (h->head + h->n++) % h->cap;
	h->e[i] = *q;
	h->t[i] = now + m->cfg->l1.latency;
	if (h->t[i] < m->hit_min)
		m->hit_min = h->t[i];
	m->busy++;
	return 0;
}

/*
 * A local store under a write-back policy: a hit dirties the line; a miss
 * allocates the line without a fetch under back_alloc (writing back the
 * victim), else it goes to the L2 like a global store (returns 1).
 */
static int local_store(struct emu_mem *m, struct mem_sm *ms,
		       struct corun_sm_counters *sc, struct emu_mem_req *q,
		       uint64_t now)
{
	struct emu_l1_line *l = emu_l1_find(&ms->l1, q->addr);
	struct emu_l1_words *lw;

	if (!l && m->cfg->l1.local_write == EMU_L1_LOCAL_BACK_ALLOC) {
		l = emu_l1_victim(&ms->l1, q->addr, m->l1_ways[q->slot],
				  false);
		if (!l)
			return 1;
		if (!wb_room(m, ms, &ms->l1, l) ||
		    ms->hits.n == ms->hits.cap)
			return -EBUSY;
		if (l->tag)
			wb_push(m, ms, q->sm, &ms->l1, l, now);
		emu_l1_install(&ms->l1, l, q->addr, 0, 0, 0, 0);
		ctr_access(m, sc, q, true);
	} else if (l) {
		if (ms->hits.n == ms->hits.cap)
			return -EBUSY;
		emu_l1_touch(&ms->l1, l);
		ctr_access(m, sc, q, false);
	} else {
		return 1;
	}
	lw = emu_l1_words_of(&ms->l1, l);
	lw->valid |= q->words;
	lw->dirty |= q->words;
	lw->job = q->job;
	lw->slot = q->slot;
	return hit_push(m, ms, q, now);
}

int emu_mem_push(struct emu_mem *m, const struct emu_mem_req *r, uint64_t now)
{
	struct mem_sm *ms = &m->sm[r->sm];
	struct corun_sm_counters *sc = &m->ctr.sm[r->sm];
	struct iring *sq = subq_of(m, ms, r->slot, now);
	struct emu_mem_req q = *r;
	struct emu_l1_tags *t = NULL;
	uint8_t fill = FILL_NONE;
	struct emu_l1_line *l;
	struct mshr *mh;
	uint32_t idx;
	int ret;

	port_roll(ms, now);
	if (ms->port_used >= m->cfg->sm.ldst_units)
		return -EAGAIN;
	ms->port_used++;
	q.t_issue = now;
	q.t_miss = now;
	/* Only reads use the read-only cache, and only if there is one. */
	q.ro = q.ro && !q.is_write && !q.is_atomic && ms->ro.e;
	if (q.ro) {
		q.bypass = 0;
		t = &ms->ro;
		fill = FILL_RO;
	} else if (!q.bypass) {
		t = &ms->l1;
		fill = FILL_L1;
	}

	if (q.local && q.is_write && !q.is_atomic && t == &ms->l1 &&
	    m->cfg->l1.local_write != EMU_L1_LOCAL_GLOBAL) {
		ret = local_store(m, ms, sc, &q, now);
		if (ret < 0)
			goto resfail;
		if (!ret)
			return 0;
		/* A miss without allocation leaves like a global store. */
		if (subq_full(ms, sq) || !ms->nwr_free)
			goto resfail;
		ctr_access(m, sc, &q, true);
		l = NULL;
		goto store;
	}
	if (q.is_write && !q.is_atomic) {
		/* Stores leave the SM (no write allocate). */
		if (subq_full(ms, sq) || !ms->nwr_free)
			goto resfail;
		l = t ? emu_l1_find(t, q.addr) : NULL;
		if (t)
			ctr_access(m, sc, &q, !l);
		/* write-evict drops the line, write-through keeps it. */
		if (l && m->cfg->l1.write_policy == EMU_L1_WRITE_EVICT)
			l->tag = 0;
store:
		idx = ms->wr_free[--ms->nwr_free];
		ms->wr[idx] = q;
		txn_set(m, ms, m->cfg->l1.mshrs + idx, &q);
		iring_push(sq, m->cfg->l1.mshrs + idx, 0);
		if (!ms->queued++)
			emu_bit_set(m->qmask, r->sm);
		m->busy++;
		CTR(m, &q, missq_demand, 1);
		return l ? 0 : 1;
	}

	if (q.is_atomic) {
		/*
		 * Atomics are performed at the L2 and wait for the reply; a
		 * dirty local line goes back first.
		 */
		if (subq_full(ms, sq) || !ms->nfree)
			goto resfail;
		l = t ? emu_l1_find(t, q.addr) : NULL;
		if (l && !wb_room(m, ms, t, l))
			goto resfail;
		if (t)
			ctr_access(m, sc, &q, true);
		if (l) {
			wb_push(m, ms, r->sm, t, l, now);
			l->tag = 0;
		}
		goto alloc;
	}

	if (t) {
		l = emu_l1_find(t, q.addr);
		/* A local line may hold only some of its words. */
		if (l && (!q.local ||
			  (emu_l1_words_of(t, l)->valid & q.words) ==
				  q.words)) {
			if (hit_push(m, ms, &q, now))
				goto resfail;
			emu_l1_touch(t, l);
			ctr_access(m, sc, &q, false);
			return 0;
		}
		mh = mshr_find(m, ms, q.addr, fill);
		if (mh) {
			if (mh->n >= m->cfg->l1.mshr_merge)
				goto resfail;
			mh->w[mh->n++] = q;
			ctr_access(m, sc, &q, true);
			return 1;
		}
	}
	if (!ms->nfree || subq_full(ms, sq))
		goto resfail;
	if (t)
		ctr_access(m, sc, &q, true);
alloc:
	mh = &ms->mshr[ms->mshr_free[--ms->nfree]];
	mh->busy = 1;
	if (!m->out_n[q.slot]++)
		m->out_since[q.slot] = now;
	mh->fill = q.is_atomic ? FILL_NONE : fill;
	mh->line = q.addr;
	mh->t_miss = now;
	mh->n = 1;
	q.mshr = (uint16_t)(mh - ms->mshr);
	if (mh->fill) {
		uint16_t *b = mshr_bucket(m, ms, q.addr);

		mh->hnext = *b;
		*b = q.mshr;
	}
	mh->w[0] = q;
	txn_set(m, ms, q.mshr, &q);
	iring_push(sq, q.mshr, 0);
	if (!ms->queued++)
		emu_bit_set(m->qmask, r->sm);
	m->busy++;
	CTR(m, &q, missq_demand, 1);
	return 1;

resfail:
	sc->l1_resfails++;
	CTR(m, &q, l1_resfails, 1);
	return -EBUSY;
}

/* ------------------------------------------------------------------ */
/* IRC: credit arbiter between the sub-queues and the injection port */

/*
 * Credits refill at the first NoC edge at or after a window boundary:
 * @win is the window of the edge's own SM cycle, not the tick's (an
 * event-skipping caller runs several edges in one tick, and must see
 * the same windows); noc_step() works it out once per edge.
 */
static void irc_refill(struct emu_mem *m, struct mem_sm *ms, uint64_t win)
{
	if (win != ms->win) {
		ms->win = win;
		memcpy(ms->credit, m->irc_credits, sizeof(ms->credit));
	}
}

static bool irc_ok(const struct emu_mem *m, const struct mem_sm *ms,
		   unsigned int slot)
{
	return m->irc_credits[slot] == CORUN_FW_IRC_CREDITS_UNLIMITED ||
	       ms->credit[slot];
}

/*
 * Pick the sub-queue to inject from: heads whose slot has credit left,
 * highest priority first, round-robin among equals. Returns the sub-queue
 * index or -1.
 */
static int irc_pick(struct emu_mem *m, struct mem_sm *ms)
{
	uint32_t nsq = m->cfg->l1.missq_subqueues, i;
	int best = -1;
	uint32_t bprio = 0;

	for (i = 0; i < nsq; i++) {
		uint32_t k = mod2(ms->rr + i, nsq);
		const struct txn *q;

		if (!ms->subq[k].n)
			continue;
		q = &ms->txn[iring_head(&ms->subq[k])];
		if (!irc_ok(m, ms, q->slot))
			continue;
		if (best < 0 || m->irc_prio[q->slot] > bprio) {
			best = (int)k;
			bprio = m->irc_prio[q->slot];
		}
	}
	return best;
}

static void sm_inject(struct emu_mem *m, uint32_t s, uint64_t nc,
		      uint64_t win)
{
	struct mem_sm *ms = &m->sm[s];
	struct emu_noc_pkt p;
	const struct txn *q;
	struct iring *sq;
	uint32_t idx;
	int k;

	irc_refill(m, ms, win);
	k = irc_pick(m, ms);
	if (k < 0)
		return;
	sq = &ms->subq[k];
	idx = iring_head(sq);
	p.tag = mk_tag(s, idx, 0);
	q = &ms->txn[idx];
	p.src = s;
	p.dst = q->slice;
	p.flits = q->flits;
	p.slot = q->slot;
	p.cls = q->cls;
	p.traffic = q->wr ? EMU_NOC_WB : EMU_NOC_REQ;
	if (!emu_noc_can_inject(m->req_noc, s, &p)) {
		CTR(m, q, noc_stall_cycles, 1);
		return;
	}
	emu_noc_inject(m->req_noc, &p, nc);
	m->noc_moved = true;
	iring_pop(sq);
	if (!--ms->queued)
		emu_bit_clear(m->qmask, s);
	ms->rr = mod2((uint32_t)k + 1, m->cfg->l1.missq_subqueues);
	if (m->irc_credits[q->slot] != CORUN_FW_IRC_CREDITS_UNLIMITED)
		ms->credit[q->slot]--;
	CTR(m, q, requests, 1);
	if (!q->wr)
		CTR(m, q, read_requests, 1);
	CTR(m, q, noc_flits, p.flits);
}

/* ------------------------------------------------------------------ */
/* L2 slices */

static bool noc_req_can_eject(void *ctx, uint32_t dst,
			      const struct emu_noc_pkt *p)
{
	struct emu_mem *m = ctx;

	(void)p;
	return m->sl[dst].in.n < m->sl[dst].in.cap;
}

static void noc_req_deliver(void *ctx, const struct emu_noc_pkt *p,
			    uint64_t nc)
{
	struct emu_mem *m = ctx;
	struct l2_slice *sl = &m->sl[p->dst];
	uint32_t i = (sl->in.head + sl->in.n) % sl->in.cap;

	sl->intag[i] = p->tag;
	iring_push(&sl->in, i, nc + m->l2_pipe);
}

static bool dout_push(struct l2_slice *sl, uint64_t addr, uint32_t mshr,
		      const struct txn *q)
{
	struct l2_dout *d;

	if (sl->dn == sl->dcap)
		return false;
	d = &sl->dout[(sl->dhead + sl->dn++) % sl->dcap];
	d->addr = addr;
	d->mshr = mshr;
	d->slot = q->slot;
	d->cls = q->cls;
	return true;
}

static bool reply_push(struct l2_slice *sl, uint64_t tag)
{
	uint32_t i;

	if (sl->reply.n == sl->reply.cap)
		return false;
	i = (sl->reply.head + sl->reply.n) % sl->reply.cap;
	sl->rtag[i] = tag;
	iring_push(&sl->reply, i, 0);
	return true;
}

/* A write reached the L2: the SM side sees it complete now. */
static void write_done(struct emu_mem *m, uint64_t tag)
{
	struct mem_sm *ms = &m->sm[tag_sm(tag)];
	uint32_t w = tag_idx(tag) - m->cfg->l1.mshrs;
	struct emu_mem_req q = ms->wr[w];

	ms->wr_free[ms->nwr_free++] = w;
	m->busy--;
	if (!q.wb)
		m->ops.done(m->ops.ctx, &q, m->now);
}

/* Index of the set @key maps to in @sl. */
static uint32_t l2_set_index(struct l2_slice *sl, uint64_t key)
{
	return (uint32_t)((emu_l2_set_of(&sl->tags, key) - sl->tags.lines) /
			  sl->tags.ways);
}

/*
 * An LLC hit or miss, by the requester's slot and class; the slot's
 * sampled tag directory sees it too.
 */
static void llc_count(struct emu_mem *m, struct l2_slice *sl,
		      const struct txn *q, bool hit)
{
	if (hit)
		CTR(m, q, llc_hits, 1);
	else
		CTR(m, q, llc_misses, 1);
	emu_l2_count(&sl->tags, (uint8_t)q->slot, q->cls, hit);
	emu_llc_atd_access(m->atd, (uint32_t)(sl - m->sl),
			   l2_set_index(sl, l2_key(m, q->addr)), q->slot,
			   q->addr >> sl->tags.line_shift, hit);
}

/*
 * Serve the head of the input FIFO. Returns false if it must wait (no
 * MSHR, merge limit, every way of the set pending, DRAM out queue or
 * reply queue full).
 */
static bool l2_serve(struct emu_mem *m, struct l2_slice *sl, uint64_t tag)
{
	const struct txn *q = tag_txn(m, tag);
	bool wr = q->wr;
	uint64_t key = l2_key(m, q->addr);
	uint64_t addr = q->addr >> sl->tags.line_shift << sl->tags.line_shift;
	struct emu_l2_line *l = emu_l2_lookup(&sl->tags, key, addr);
	struct l2_mshr *mh;
	uint32_t dcnt = 0, mi;

	if (l && !l->pending) {
		if (!wr && sl->reply.n == sl->reply.cap)
			return false;
		emu_l2_touch(&sl->tags, l, (uint8_t)q->slot, q->cls);
		l->dirty |= q->wr || q->amo;
		llc_count(m, sl, q, true);
		if (wr)
			write_done(m, tag);
		else
			reply_push(sl, tag);
		return true;
	}
	if (l) {
		/* Hit on a line being filled: wait with its MSHR. */
		mh = &sl->mshr[l->mshr];
		if (wr) {
			l->dirty = 1;
			llc_count(m, sl, q, false);
			write_done(m, tag);
			return true;
		}
		if (mh->n >= m->l2_merge)
			return false;
		mh->w[mh->n++] = tag;
		l->dirty |= q->amo;
		llc_count(m, sl, q, false);
		return true;
	}
	/* Miss: allocate (writes without a fill: the line is overwritten). */
	if ((!wr && !sl->nmfree) || sl->dn + 2 > sl->dcap)
		return false;
	l = emu_l2_victim(&sl->tags, key, (uint8_t)q->slot, q->cls);
	if (!l || l->pending)
		return false;
	if (l->valid && l->dirty) {
		dout_push(sl, l->line, UINT32_MAX, q);
		dcnt++;
	}
	emu_l2_fill(&sl->tags, l, addr, (uint8_t)q->slot, q->cls);
	l->dirty = q->wr || q->amo;
	l->pending = 0;
	llc_count(m, sl, q, false);
	if (wr) {
		CTR(m, q, dram_accesses, dcnt);
		write_done(m, tag);
		return true;
	}
	mi = sl->mfree[--sl->nmfree];
	mh = &sl->mshr[mi];
	mh->busy = 1;
	mh->line = l;
	mh->n = 1;
	l->pending = 1;
	l->mshr = (uint16_t)mi;
	dout_push(sl, addr, mi, q);
	dcnt++;
	mh->w[0] = tag | dcnt;
	return true;
}

static void dram_done(void *ctx, const struct emu_dram_req *r, uint64_t dc)
{
	struct emu_mem *m = ctx;
	struct l2_slice *sl;

	if (r->is_write)
		return;
	sl = &m->sl[r->tag >> 32];
	iring_push(&sl->fill, (uint32_t)r->tag,
		   to_noc(m, from_dram(m, dc)) + m->mc_delay);
}

static void slice_step(struct emu_mem *m, uint32_t s, uint64_t nc,
		       uint64_t dnow)
{
	struct l2_slice *sl = &m->sl[s];

	/* Fills whose data arrived: the line becomes valid, waiters reply. */
	while (sl->fill.n && sl->fill.t[sl->fill.head] <= nc) {
		uint32_t mi = iring_head(&sl->fill);
		struct l2_mshr *mh = &sl->mshr[mi];
		uint32_t i;

		if (sl->reply.cap - sl->reply.n < mh->n)
			break;
		iring_pop(&sl->fill);
		mh->line->pending = 0;
		for (i = 0; i < mh->n; i++)
			reply_push(sl, mh->w[i]);
		mh->busy = 0;
		sl->mfree[sl->nmfree++] = (uint16_t)mi;
	}
	/* One request per cycle through the tag pipeline. */
	if (sl->in.n && sl->in.t[sl->in.head] <= nc &&
	    l2_serve(m, sl, sl->intag[iring_head(&sl->in)]))
		iring_pop(&sl->in);
	/* DRAM out queue, in order. */
	while (sl->dn) {
		struct l2_dout *d = &sl->dout[sl->dhead];
		struct emu_dram_req r = {
			.addr = d->addr,
			.tag = (uint64_t)s << 32 | d->mshr,
			.slot = d->slot,
			.cls = d->cls,
			.is_write = d->mshr == UINT32_MAX,
		};

		if (emu_dram_push(m->dram, &r, dnow))
			break;
		m->dram_moved = true;
		sl->dhead = mod2(sl->dhead + 1, sl->dcap);
		sl->dn--;
	}
	/* One reply into the reply NoC per cycle. */
	if (sl->reply.n) {
		uint64_t tag = sl->rtag[iring_head(&sl->reply)];
		const struct txn *q = tag_txn(m, tag);
		struct emu_noc_pkt p = {
			.tag = tag,
			.src = s,
			.dst = tag_sm(tag),
			.flits = (uint16_t)(1 + m->flit_data),
			.slot = q->slot,
			.cls = q->cls,
			.traffic = EMU_NOC_REPLY,
		};

		if (emu_noc_can_inject(m->rep_noc, s, &p)) {
			emu_noc_inject(m->rep_noc, &p, nc);
			m->noc_moved = true;
			iring_pop(&sl->reply);
			CTR(m, q, noc_flits, p.flits);
		} else {
			CTR(m, q, noc_stall_cycles, 1);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Replies at the SM */

static void noc_rep_deliver(void *ctx, const struct emu_noc_pkt *p,
			    uint64_t nc)
{
	struct emu_mem *m = ctx;
	struct mem_sm *ms = &m->sm[tag_sm(p->tag)];
	uint32_t mi = tag_idx(p->tag);
	struct mshr *mh = &ms->mshr[mi];
	const struct emu_mem_req *q = &mh->w[0];
	uint32_t i;

	(void)nc;
	CTR(m, q, dram_accesses, tag_dcnt(p->tag));
	CTR(m, q, mem_latency_sum, m->now - mh->t_miss);
	if (!--m->out_n[q->slot])
		m->busy_cycles[q->slot] += m->now - m->out_since[q->slot];
	if (mh->fill) {
		if (mh->fill == FILL_RO)
			l1_fill(m, ms, tag_sm(p->tag), &ms->ro, mh->line,
				UINT32_MAX);
		else
			l1_fill(m, ms, tag_sm(p->tag), &ms->l1, mh->line,
				m->l1_ways[q->slot]);
		mshr_unhash(m, ms, (uint16_t)mi);
	}
	/* Free first: the callback may push new requests. */
	mh->busy = 0;
	ms->mshr_free[ms->nfree++] = (uint16_t)mi;
	m->busy--;
	for (i = 0; i < mh->n; i++)
		m->ops.done(m->ops.ctx, &mh->w[i], m->now);
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

/* Earliest SM cycle > @now at which some SM's arbiter can inject. */
static uint64_t inject_next(const struct emu_mem *m, uint64_t now)
{
	uint64_t t = UINT64_MAX, win = now / m->irc_window;
	uint32_t s, k, nsm = m->cfg->num_sms;

	for (s = emu_bit_next(m->qmask, 0, nsm); s < nsm;
	     s = emu_bit_next(m->qmask, s + 1, nsm)) {
		const struct mem_sm *ms = &m->sm[s];

		for (k = 0; k < m->cfg->l1.missq_subqueues; k++) {
			const struct iring *sq = &ms->subq[k];
			const struct txn *q;

			if (!sq->n)
				continue;
			q = &ms->txn[iring_head(sq)];
			/* A new window refills every slot's credits. */
			if (ms->win != win || irc_ok(m, ms, q->slot))
				return from_noc(m, to_noc(m, now) + 1);
		}
		/* Credit-gated until the next window: its first NoC edge. */
		if (t == UINT64_MAX) {
			t = to_noc(m, (win + 1) * m->irc_window - 1);
			t = from_noc(m, t + 1);
		}
	}
	return t;
}

static bool slice_idle(const struct l2_slice *sl)
{
	return !(sl->fill.n | sl->in.n | sl->dn | sl->reply.n);
}

static void noc_step(struct emu_mem *m, uint64_t nc)
{
	uint32_t s, nsm = m->cfg->num_sms;
	/*
	 * This edge's SM cycle, its IRC window and its DRAM cycle (a tick
	 * may run several edges): the same for every SM and slice.
	 */
	uint64_t smc = from_noc(m, nc), win = smc / m->irc_window;
	uint64_t dnow = to_dram(m, smc);

	for (s = emu_bit_next(m->qmask, 0, nsm); s < nsm;
	     s = emu_bit_next(m->qmask, s + 1, nsm))
		sm_inject(m, s, nc, win);
	emu_noc_tick(m->req_noc, nc);
	for (s = 0; s < m->cfg->l2.banks; s++)
		if (!slice_idle(&m->sl[s]))
			slice_step(m, s, nc, dnow);
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

static void hits_deliver(struct emu_mem *m, uint32_t s, uint64_t now)
{
	struct mem_sm *ms = &m->sm[s];
	struct qring *h = &ms->hits;

	while (h->n && h->t[h->head] <= now) {
		struct emu_mem_req q = h->e[h->head];

		h->head = mod2(h->head + 1, h->cap);
		if (!--h->n)
			emu_bit_clear(m->hmask, s);
		m->busy--;
		m->ops.done(m->ops.ctx, &q, now);
	}
	if (h->n && h->t[h->head] < m->hit_min)
		m->hit_min = h->t[h->head];
}

void emu_mem_tick(struct emu_mem *m, uint64_t now)
{
	uint64_t nc_now = to_noc(m, now), dc_now = to_dram(m, now);
	uint32_t s, nsm = m->cfg->num_sms;

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
	/*
	 * The mask is reread: a callback may push hits for later SMs (and
	 * lowers hit_min itself for any SM).
	 */
	if (m->hit_min <= now) {
		m->hit_min = UINT64_MAX;
		for (s = emu_bit_next(m->hmask, 0, nsm); s < nsm;
		     s = emu_bit_next(m->hmask, s + 1, nsm))
			hits_deliver(m, s, now);
	}
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
	x = inject_next(m, now);
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

int emu_mem_set_irc(struct emu_mem *m, unsigned int slot, uint32_t credits,
		    uint32_t prio)
{
	uint32_t s;

	if (slot >= m->cfg->num_slots)
		return -EINVAL;
	m->irc_credits[slot] = credits;
	m->irc_prio[slot] = prio;
	/* Takes effect at the next window; an open window is clipped. */
	for (s = 0; s < m->cfg->num_sms; s++)
		if (m->sm[s].credit[slot] > credits)
			m->sm[s].credit[slot] = credits;
	return 0;
}

int emu_mem_set_irc_window(struct emu_mem *m, uint32_t cycles)
{
	if (!cycles)
		return -EINVAL;
	m->irc_window = cycles;
	m->win_cycle = UINT64_MAX;
	return 0;
}

int emu_mem_set_l1_ways(struct emu_mem *m, unsigned int slot, uint32_t mask)
{
	if (slot >= m->cfg->num_slots)
		return -EINVAL;
	mask &= m->l1_all_ways;
	m->l1_ways[slot] = mask ? mask : m->l1_all_ways;
	return 0;
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
