// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: the L2 slices of the memory side (see mem.h,
 * mem_int.h). Each slice takes requests from the request NoC into its
 * input FIFO, serves one per NoC cycle through the tag pipeline (hits,
 * merges into L2 MSHRs, misses allocating a line and writing back a
 * dirty victim), queues the DRAM reads and write-backs, takes the fills
 * back from the DRAM after the memory-controller delay, and injects one
 * reply per cycle into the reply NoC. A store completes here.
 */
#include "mem_int.h"

/* ------------------------------------------------------------------ */
/* L2 slices */

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

bool emu_mem_noc_req_can_eject(void *ctx, uint32_t dst,
			       const struct emu_noc_pkt *p)
{
	struct emu_mem *m = ctx;

	(void)p;
	return m->sl[dst].in.n < m->sl[dst].in.cap;
}

void emu_mem_noc_req_deliver(void *ctx, const struct emu_noc_pkt *p,
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

void emu_mem_dram_done(void *ctx, const struct emu_dram_req *r, uint64_t dc)
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

static bool slice_idle(const struct l2_slice *sl)
{
	return !(sl->fill.n | sl->in.n | sl->dn | sl->reply.n);
}

void emu_mem_l2_step(struct emu_mem *m, uint64_t nc, uint64_t dnow)
{
	uint32_t s;

	for (s = 0; s < m->cfg->l2.banks; s++)
		if (!slice_idle(&m->sl[s]))
			slice_step(m, s, nc, dnow);
}
