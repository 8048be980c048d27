// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: issue-rate control (see mem.h, mem_int.h). Each
 * SM's arbiter picks, on every NoC edge, the miss sub-queue whose head
 * goes into the request NoC: per-slot credits refilled every IRC window,
 * priorities, round-robin among equals. The firmware programs credits,
 * priorities and the window through emu_mem_set_irc() and
 * emu_mem_set_irc_window().
 */
#include <errno.h>
#include <string.h>
#include <corun/fwif.h>

#include "mem_int.h"

/* ------------------------------------------------------------------ */
/* IRC: credit arbiter between the sub-queues and the injection port */

/*
 * Credits refill at the first NoC edge at or after a window boundary:
 * @win is the window of the edge's own SM cycle, not the tick's (an
 * event-skipping caller runs several edges in one tick, and must see
 * the same windows); noc_step() (mem.c) works it out once per edge.
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

void emu_mem_irc_inject(struct emu_mem *m, uint64_t nc, uint64_t win)
{
	uint32_t s, nsm = m->cfg->num_sms;

	for (s = emu_bit_next(m->qmask, 0, nsm); s < nsm;
	     s = emu_bit_next(m->qmask, s + 1, nsm))
		sm_inject(m, s, nc, win);
}

/* Earliest SM cycle > @now at which some SM's arbiter can inject. */
uint64_t emu_mem_irc_next(const struct emu_mem *m, uint64_t now)
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
