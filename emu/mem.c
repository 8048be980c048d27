// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: part-1 memory stand-in (see mem.h for what it does
 * and what it deliberately leaves out). Everything is allocated at create
 * time; the per-cycle paths only move entries between fixed rings.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

struct ring {
	struct emu_mem_req *e;
	uint64_t *t; /* due cycle, for timed rings */
	uint32_t cap, head, n;
};

struct l1_line {
	uint64_t tag; /* line address + 1, 0 = invalid */
	uint64_t lru;
};

struct mshr {
	uint64_t line;
	uint64_t t_miss;
	uint16_t n; /* waiters */
	uint8_t fill; /* fill the L1 on reply */
	uint8_t busy;
	struct emu_mem_req *w; /* mshr_merge waiters */
};

struct mem_sm {
	struct l1_line *l1; /* sets * ways */
	uint64_t lru_clock;
	struct mshr *mshr;
	uint16_t *mshr_free; /* stack of free MSHR indices */
	uint32_t nfree;
	struct ring hits; /* L1 hits in flight, due-time ordered */
	struct ring *subq; /* miss sub-queues */
	uint32_t rr; /* next sub-queue to inject from */
	uint32_t queued; /* entries in all sub-queues */
	uint64_t port_cycle; /* cycle of port_used */
	uint32_t port_used;
};

struct l2_line {
	uint64_t tag;
	uint64_t lru;
	uint8_t dirty;
};

struct emu_mem {
	const struct emu_config *cfg;
	struct emu_mem_ops ops;
	struct emu_mem_ctr ctr;
	uint32_t line_shift, l1_sets, l2_sets;
	uint32_t subq_cap;
	struct mem_sm *sm;
	struct l2_line *l2; /* banks * sets * ways */
	uint64_t l2_clock;
	struct ring l2_ring; /* replies from L2 hits, due-time ordered */
	struct ring dram_ring; /* replies from L2 misses */
	unsigned int busy;
};

static int ring_init(struct ring *r, uint32_t cap, bool timed)
{
	r->cap = cap;
	r->head = 0;
	r->n = 0;
	r->e = calloc(cap, sizeof(*r->e));
	r->t = timed ? calloc(cap, sizeof(*r->t)) : NULL;
	return r->e && (!timed || r->t) ? 0 : -1;
}

static void ring_free(struct ring *r)
{
	free(r->e);
	free(r->t);
}

static bool ring_push(struct ring *r, const struct emu_mem_req *q, uint64_t t)
{
	uint32_t i;

	if (r->n == r->cap)
		return false;
	i = (r->head + r->n) % r->cap;
	r->e[i] = *q;
	if (r->t)
		r->t[i] = t;
	r->n++;
	return true;
}

static void ring_pop(struct ring *r)
{
	r->head = (r->head + 1) % r->cap;
	r->n--;
}

/* Charge a counter to the slot and, if still running, to its job. */
#define CTR(m, q, field, v)                                               \
	do {                                                              \
		(m)->ctr.slot[(q)->slot].field += (v);                     \
		if ((m)->ctr.job_id[(q)->slot] == (q)->job)               \
			(m)->ctr.job[(q)->slot].field += (v);              \
	} while (0)

static unsigned int ilog2(uint32_t v)
{
	unsigned int s = 0;

	while ((1u << s) < v)
		s++;
	return s;
}

struct emu_mem *emu_mem_create(const struct emu_config *cfg,
			       const struct emu_mem_ops *ops,
			       const struct emu_mem_ctr *ctr)
{
	struct emu_mem *m = calloc(1, sizeof(*m));
	uint32_t s, i, total_mshrs;

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->ops = *ops;
	m->ctr = *ctr;
	m->line_shift = ilog2(cfg->l1.line);
	m->l1_sets = cfg->l1.size / (cfg->l1.line * cfg->l1.ways);
	m->l2_sets = cfg->l2.bank_size / (cfg->l2.line * cfg->l2.ways);
	m->subq_cap = cfg->l1.missq_entries / cfg->l1.missq_subqueues;
	m->sm = calloc(cfg->num_sms, sizeof(*m->sm));
	m->l2 = calloc((size_t)cfg->l2.banks * m->l2_sets * cfg->l2.ways,
		       sizeof(*m->l2));
	if (!m->sm || !m->l2)
		goto fail;
	for (s = 0; s < cfg->num_sms; s++) {
		struct mem_sm *ms = &m->sm[s];

		ms->l1 = calloc((size_t)m->l1_sets * cfg->l1.ways,
				sizeof(*ms->l1));
		ms->mshr = calloc(cfg->l1.mshrs, sizeof(*ms->mshr));
		ms->mshr_free = calloc(cfg->l1.mshrs, sizeof(*ms->mshr_free));
		ms->subq = calloc(cfg->l1.missq_subqueues, sizeof(*ms->subq));
		if (!ms->l1 || !ms->mshr || !ms->mshr_free || !ms->subq)
			goto fail;
		for (i = 0; i < cfg->l1.mshrs; i++) {
			ms->mshr[i].w = calloc(cfg->l1.mshr_merge,
					       sizeof(*ms->mshr[i].w));
			if (!ms->mshr[i].w)
				goto fail;
			ms->mshr_free[i] = cfg->l1.mshrs - 1 - i;
		}
		ms->nfree = cfg->l1.mshrs;
		/* At most ldst_units hits per cycle, each due latency later. */
		if (ring_init(&ms->hits,
			      (cfg->l1.latency + 2) * cfg->sm.ldst_units, true))
			goto fail;
		for (i = 0; i < cfg->l1.missq_subqueues; i++)
			if (ring_init(&ms->subq[i], m->subq_cap, false))
				goto fail;
	}
	/* Every reply in flight holds an MSHR: bounded by all MSHRs. */
	total_mshrs = cfg->num_sms * cfg->l1.mshrs;
	if (ring_init(&m->l2_ring, total_mshrs, true) ||
	    ring_init(&m->dram_ring, total_mshrs, true))
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
					ring_free(&ms->subq[i]);
			ring_free(&ms->hits);
			free(ms->l1);
			free(ms->mshr);
			free(ms->mshr_free);
			free(ms->subq);
		}
	}
	ring_free(&m->l2_ring);
	ring_free(&m->dram_ring);
	free(m->sm);
	free(m->l2);
	free(m);
}

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

static struct l1_line *l1_find(struct emu_mem *m, struct mem_sm *ms,
			       uint64_t line)
{
	uint32_t set = (uint32_t)((line >> m->line_shift) % m->l1_sets);
	struct l1_line *w = &ms->l1[(size_t)set * m->cfg->l1.ways];
	uint32_t i;

	for (i = 0; i < m->cfg->l1.ways; i++)
		if (w[i].tag == line + 1)
			return &w[i];
	return NULL;
}

static void l1_fill(struct emu_mem *m, struct mem_sm *ms, uint64_t line)
{
	uint32_t set = (uint32_t)((line >> m->line_shift) % m->l1_sets);
	struct l1_line *w = &ms->l1[(size_t)set * m->cfg->l1.ways];
	struct l1_line *victim = &w[0];
	uint32_t i;

	for (i = 0; i < m->cfg->l1.ways; i++) {
		if (w[i].tag == line + 1) {
			victim = &w[i];
			break;
		}
		if (!w[i].tag) {
			victim = &w[i];
			break;
		}
		if (w[i].lru < victim->lru)
			victim = &w[i];
	}
	victim->tag = line + 1;
	victim->lru = ++ms->lru_clock;
}

static struct mshr *mshr_find(struct emu_mem *m, struct mem_sm *ms,
			      uint64_t line)
{
	uint32_t i;

	if (ms->nfree == m->cfg->l1.mshrs)
		return NULL;
	for (i = 0; i < m->cfg->l1.mshrs; i++)
		if (ms->mshr[i].busy && ms->mshr[i].fill &&
		    ms->mshr[i].line == line)
			return &ms->mshr[i];
	return NULL;
}

int emu_mem_push(struct emu_mem *m, const struct emu_mem_req *r, uint64_t now)
{
	struct mem_sm *ms = &m->sm[r->sm];
	struct corun_sm_counters *sc = &m->ctr.sm[r->sm];
	struct ring *sq = &ms->subq[r->slot % m->cfg->l1.missq_subqueues];
	struct emu_mem_req q = *r;
	struct l1_line *l;
	struct mshr *mh;

	port_roll(ms, now);
	if (ms->port_used >= m->cfg->sm.ldst_units)
		return -EAGAIN;
	ms->port_used++;
	q.t_issue = now;
	q.t_miss = now;

	if (q.is_write || q.is_atomic) {
		/* Writes and atomics always leave the SM; atomics wait. */
		if (sq->n == sq->cap || (q.is_atomic && !ms->nfree))
			goto resfail;
		l = q.bypass ? NULL : l1_find(m, ms, q.addr);
		if (!q.bypass) {
			sc->l1_accesses++;
			CTR(m, &q, l1_accesses, 1);
			if (!l || q.is_atomic) {
				sc->l1_misses++;
				CTR(m, &q, l1_misses, 1);
			}
		}
		if (l)
			l->tag = 0; /* write-evict */
		if (q.is_atomic) {
			mh = &ms->mshr[ms->mshr_free[--ms->nfree]];
			mh->busy = 1;
			mh->fill = 0;
			mh->line = q.addr;
			mh->t_miss = now;
			mh->n = 1;
			q.mshr = (uint16_t)(mh - ms->mshr);
			mh->w[0] = q;
		}
		ring_push(sq, &q, 0);
		ms->queued++;
		m->busy++;
		CTR(m, &q, missq_demand, 1);
		return l && !q.is_atomic ? 0 : 1;
	}

	if (!q.bypass) {
		l = l1_find(m, ms, q.addr);
		if (l) {
			if (!ring_push(&ms->hits, &q, now + m->cfg->l1.latency))
				goto resfail;
			l->lru = ++ms->lru_clock;
			sc->l1_accesses++;
			CTR(m, &q, l1_accesses, 1);
			m->busy++;
			return 0;
		}
		mh = mshr_find(m, ms, q.addr);
		if (mh) {
			if (mh->n >= m->cfg->l1.mshr_merge)
				goto resfail;
			mh->w[mh->n++] = q;
			sc->l1_accesses++;
			sc->l1_misses++;
			CTR(m, &q, l1_accesses, 1);
			CTR(m, &q, l1_misses, 1);
			return 1;
		}
	}
	if (!ms->nfree || sq->n == sq->cap)
		goto resfail;
	mh = &ms->mshr[ms->mshr_free[--ms->nfree]];
	mh->busy = 1;
	mh->fill = !q.bypass;
	mh->line = q.addr;
	mh->t_miss = now;
	mh->n = 1;
	q.mshr = (uint16_t)(mh - ms->mshr);
	mh->w[0] = q;
	ring_push(sq, &q, 0);
	ms->queued++;
	m->busy++;
	CTR(m, &q, missq_demand, 1);
	if (!q.bypass) {
		sc->l1_accesses++;
		sc->l1_misses++;
		CTR(m, &q, l1_accesses, 1);
		CTR(m, &q, l1_misses, 1);
	}
	return 1;

resfail:
	sc->l1_resfails++;
	CTR(m, &q, l1_resfails, 1);
	return -EBUSY;
}

/* L2 stand-in: tag lookup at injection time; returns true on a hit. */
static bool l2_access(struct emu_mem *m, const struct emu_mem_req *q)
{
	const struct emu_config *c = m->cfg;
	uint64_t line = q->addr >> ilog2(c->l2.line);
	uint32_t bank = (uint32_t)(line % c->l2.banks);
	uint32_t set = (uint32_t)((line / c->l2.banks) % m->l2_sets);
	struct l2_line *w =
		&m->l2[((size_t)bank * m->l2_sets + set) * c->l2.ways];
	struct l2_line *victim = &w[0];
	uint32_t i;

	for (i = 0; i < c->l2.ways; i++) {
		if (w[i].tag == line + 1) {
			w[i].lru = ++m->l2_clock;
			w[i].dirty |= q->is_write || q->is_atomic;
			CTR(m, q, llc_hits, 1);
			return true;
		}
		if (victim->tag && (!w[i].tag || w[i].lru < victim->lru))
			victim = &w[i];
	}
	CTR(m, q, llc_misses, 1);
	/* Dirty victim write-back; writes allocate without a fill read. */
	if (victim->tag && victim->dirty)
		CTR(m, q, dram_accesses, 1);
	if (!q->is_write)
		CTR(m, q, dram_accesses, 1);
	victim->tag = line + 1;
	victim->lru = ++m->l2_clock;
	victim->dirty = q->is_write || q->is_atomic;
	return false;
}

static bool noc_edge(const struct emu_config *c, uint64_t t)
{
	if (c->noc_mhz >= c->sm_mhz || t == 0)
		return true;
	return t * c->noc_mhz / c->sm_mhz != (t - 1) * c->noc_mhz / c->sm_mhz;
}

static void inject(struct emu_mem *m, struct mem_sm *ms, uint64_t now)
{
	const struct emu_config *c = m->cfg;
	uint32_t nsq = c->l1.missq_subqueues, i;
	uint32_t flits_req, flits_data = c->l1.line / c->noc.flit_bytes;
	struct emu_mem_req *q;
	struct ring *sq = &ms->subq[0];

	for (i = 0; i < nsq; i++) {
		sq = &ms->subq[(ms->rr + i) % nsq];
		if (sq->n)
			break;
	}
	ms->rr = (ms->rr + i + 1) % nsq;
	q = &sq->e[sq->head];
	ms->queued--;
	CTR(m, q, requests, 1);
	if (!q->is_write)
		CTR(m, q, read_requests, 1);
	/* Header flit, plus data for writes out and reads back. */
	flits_req = 1 + (q->is_write ? (q->size + c->noc.flit_bytes - 1) /
						c->noc.flit_bytes :
				       0);
	CTR(m, q, noc_flits,
	    flits_req + (q->is_write ? 0 : 1 + (flits_data ? flits_data : 1)));
	if (l2_access(m, q)) {
		if (!q->is_write)
			ring_push(&m->l2_ring, q, now + c->l2.latency);
	} else if (!q->is_write) {
		ring_push(&m->dram_ring, q, now + c->dram.latency);
	}
	ring_pop(sq);
	if (q->is_write) {
		/* Stand-in: a write is done once it reaches the L2. */
		struct emu_mem_req w = sq->e[(sq->head + sq->cap - 1) % sq->cap];

		m->busy--;
		m->ops.done(m->ops.ctx, &w, now);
	}
}

static void reply(struct emu_mem *m, const struct emu_mem_req *q, uint64_t now)
{
	struct mem_sm *ms = &m->sm[q->sm];
	struct mshr *mh = &ms->mshr[q->mshr];
	uint32_t i;

	CTR(m, q, mem_latency_sum, now - mh->t_miss);
	if (mh->fill)
		l1_fill(m, ms, mh->line);
	/* Free first: the callback may push new requests. */
	mh->busy = 0;
	ms->mshr_free[ms->nfree++] = q->mshr;
	m->busy--;
	for (i = 0; i < mh->n; i++)
		m->ops.done(m->ops.ctx, &mh->w[i], now);
}

void emu_mem_tick(struct emu_mem *m, uint64_t now)
{
	const struct emu_config *c = m->cfg;
	uint32_t s;

	/* Replies in order of due time; L2 hits first on a tie. */
	for (;;) {
		struct ring *r = NULL;

		if (m->l2_ring.n && m->l2_ring.t[m->l2_ring.head] <= now)
			r = &m->l2_ring;
		if (m->dram_ring.n && m->dram_ring.t[m->dram_ring.head] <= now &&
		    (!r || m->dram_ring.t[m->dram_ring.head] < r->t[r->head]))
			r = &m->dram_ring;
		if (!r)
			break;
		{
			struct emu_mem_req q = r->e[r->head];

			ring_pop(r);
			reply(m, &q, now);
		}
	}
	for (s = 0; s < c->num_sms; s++) {
		struct mem_sm *ms = &m->sm[s];

		while (ms->hits.n && ms->hits.t[ms->hits.head] <= now) {
			struct emu_mem_req q = ms->hits.e[ms->hits.head];

			ring_pop(&ms->hits);
			m->busy--;
			m->ops.done(m->ops.ctx, &q, now);
		}
	}
	if (noc_edge(c, now))
		for (s = 0; s < c->num_sms; s++)
			if (m->sm[s].queued)
				inject(m, &m->sm[s], now);
}

uint64_t emu_mem_next_event(const struct emu_mem *m, uint64_t now)
{
	uint64_t t = UINT64_MAX;
	uint32_t s;

	if (m->l2_ring.n && m->l2_ring.t[m->l2_ring.head] < t)
		t = m->l2_ring.t[m->l2_ring.head];
	if (m->dram_ring.n && m->dram_ring.t[m->dram_ring.head] < t)
		t = m->dram_ring.t[m->dram_ring.head];
	for (s = 0; s < m->cfg->num_sms; s++) {
		const struct mem_sm *ms = &m->sm[s];

		if (ms->queued)
			return now + 1;
		if (ms->hits.n && ms->hits.t[ms->hits.head] < t)
			t = ms->hits.t[ms->hits.head];
	}
	return t <= now ? now + 1 : t;
}

unsigned int emu_mem_busy(const struct emu_mem *m)
{
	return m->busy;
}
