// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: the SM side of the memory side (see mem.h,
 * mem_int.h). Per SM: the L1 request port, the L1 and read-only tag
 * stores, MSHRs with merging, the per-slot miss sub-queues (and their
 * shares of the miss queue), write-backs of dirty local lines, the L1
 * hits in flight, and the replies arriving from the reply NoC. What
 * leaves the sub-queues is mem_irc.c's.
 */
#include <errno.h>
#include <string.h>

#include "mem_int.h"

/* ------------------------------------------------------------------ */
/* L1 */

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

bool emu_mem_subq_full(struct emu_mem *m, unsigned int sm, unsigned int slot,
		       uint64_t now)
{
	struct mem_sm *ms = &m->sm[sm];

	return subq_full(ms, subq_of(m, ms, slot, now));
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
	/* loads allocate: the utility monitors mirror them (l1_umon.h) */
	if (m->umon_on && !q->is_write && !q->is_atomic)
		emu_l1_umon_access(m->umon, q->sm, q->slot, q->addr);
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
/* Replies and L1 hits at the SM */

void emu_mem_noc_rep_deliver(void *ctx, const struct emu_noc_pkt *p,
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

void emu_mem_l1_deliver(struct emu_mem *m, uint64_t now)
{
	uint32_t s, nsm = m->cfg->num_sms;

	/*
	 * The mask is reread: a callback may push hits for later SMs (and
	 * lowers hit_min itself for any SM).
	 */
	m->hit_min = UINT64_MAX;
	for (s = emu_bit_next(m->hmask, 0, nsm); s < nsm;
	     s = emu_bit_next(m->hmask, s + 1, nsm))
		hits_deliver(m, s, now);
}
