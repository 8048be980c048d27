// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: DRAM controllers and devices (see dram.h).
 *
 * Per channel the scheduler is a function of the queue and the timing
 * state: at a decision cycle t it computes, for every queued request, the
 * command it needs next (RD/WR on a row hit, PRE on a conflict, ACT on a
 * closed bank) and the earliest cycle that command may issue. If some
 * command may issue at t the best one does (FR-FCFS order), else the
 * channel sleeps until the earliest such cycle. State only changes when a
 * command issues or a request arrives, so that cycle is exact and nothing
 * runs in between.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dram.h"
#include "mem.h"

/* Data-bus turnaround from a read burst to a write burst (tRTRS-like). */
#define BUS_TURNAROUND 2

#define NEVER UINT64_MAX

enum { CMD_COL, CMD_PRE, CMD_ACT };

struct slot_ctr {
	uint64_t accesses, row_hits, bus_cycles;
};

/* Interference counts of a slot (struct emu_dram_interf). */
struct slot_interf {
	uint64_t bank, row, bus, req_cycles;
};

/* A queued request: what only issuing it needs, in the channel's pool. */
struct dreq {
	struct emu_dram_req r;
	uint16_t cols_left; /* column commands still to issue */
	uint8_t activated; /* an ACT was issued for it: not a row hit */
};

/*
 * What a decision reads of every queued request, oldest first in one
 * dense array: the scan walks it sequentially instead of chasing pool
 * indices.
 */
struct dhot {
	uint64_t arrival;
	uint32_t row;
	uint16_t idx; /* its struct dreq in the pool */
	uint8_t bank;
	uint8_t grp; /* bank % ngroups, computed once at push */
	uint8_t is_write;
	uint8_t rank; /* priority class, 0 first (see rank_of()) */
	uint8_t started; /* its first bursts went: it keeps row and priority */
	uint8_t slot; /* its slot, NO_SLOT without one */
};

#define NO_SLOT 0xff

struct bank {
	uint64_t act_ok; /* tRC after ACT, tRP after PRE */
	uint64_t col_ok; /* tRCD */
	uint64_t pre_ok; /* tRAS, tRTP, tWR */
	uint32_t row;
	uint32_t streak; /* hits served while an older other-row request waits */
	uint8_t open;
	uint8_t act_slot; /* slot of the last ACT (NO_SLOT: none or no slot) */
};

/* A slot's last row in a bank, as its own row buffer would hold it. */
struct shadow_row {
	uint32_t row;
	uint8_t valid;
};

struct flight {
	struct emu_dram_req r;
	uint64_t done;
};

struct chan {
	struct dreq *pool;
	struct dhot *hot; /* queued requests, oldest first */
	uint16_t *free; /* free pool indices (stack) */
	unsigned int nq, nfree;
	struct flight *fl; /* bursts in flight, FIFO in completion order */
	unsigned int fl_head, fl_n, fl_cap;
	struct bank *banks;

	uint64_t next_t; /* next decision cycle; NEVER when the queue is empty */
	/* The last decision, at quiet_t, issued nothing (see push_wake()). */
	uint8_t quiet;
	uint64_t quiet_t;
	uint64_t cmd_free; /* command bus */
	uint64_t col_ok; /* tCCD */
	uint64_t act_ok; /* tRRD */
	uint64_t grp_col_ok[16]; /* tCCDL, per bank group */
	uint64_t grp_act_ok[16]; /* tRRDL */
	uint64_t faw[4]; /* last four ACTs (ring, oldest at faw_i) */
	unsigned int faw_i, nact; /* nact saturates at 4 */
	uint64_t bus_free; /* data bus free from this cycle */
	uint64_t rd_ok; /* tWTR after the last write burst */
	uint8_t bus_write; /* the last burst was a write */
	uint64_t next_ref; /* start of the next refresh */

	uint64_t accesses, row_hits, bus_cycles;
	struct slot_ctr *slot; /* per slot, CORUN_MAX_SLOTS */
	struct shadow_row *shadow; /* [bank][slot], CORUN_MAX_SLOTS per bank */
};

struct emu_dram {
	const struct emu_addrmap *map;
	struct emu_dram_ops ops;
	unsigned int nch, nbanks, qlen;
	uint32_t tRCD, tCL, tRP, tRAS, tRC, tRRD, tFAW, tWTR, tCCD;
	uint32_t tWL, tRTP, tWR, burst;
	uint32_t tREFI, tRFC, tCCDL, tRRDL;
	uint32_t ncols, ngroups; /* column commands per line, bank groups */
	uint32_t row_hit_cap;
	uint8_t frfcfs, cpu_priority;
	uint8_t slot_prio[CORUN_MAX_SLOTS];
	uint8_t prio_max; /* highest of slot_prio */
	struct chan *ch;
	struct slot_ctr slot[CORUN_MAX_SLOTS];
	struct slot_interf interf[CORUN_MAX_SLOTS];
};

/*
 * Priority class of a request, lower first: with dram.cpu_priority the
 * CPU class before the GPU class, then higher slot priorities first (a
 * request without a slot has priority 0). With every slot at one
 * priority this is 0 for all (or 0 CPU, 1 GPU), as before slot
 * priorities existed.
 */
static uint8_t rank_of(const struct emu_dram *d, const struct emu_dram_req *r)
{
	uint32_t prio = r->slot < CORUN_MAX_SLOTS ? d->slot_prio[r->slot] : 0;
	uint32_t rank = d->prio_max - prio;

	if (d->cpu_priority && r->cls != EMU_CLS_CPU)
		rank += d->prio_max + 1u;
	return (uint8_t)rank;
}

static inline uint64_t max64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

static bool capped(const struct emu_dram *d, const struct bank *b)
{
	return d->row_hit_cap && b->streak >= d->row_hit_cap;
}

/*
 * Channel-wide terms of col_time()/act_time(), the same for every queued
 * request: computed once per schedule() decision instead of per request.
 */
struct chan_times {
	uint64_t col_rd, col_wr, act;
};

static void chan_times(const struct emu_dram *d, const struct chan *ch,
		       struct chan_times *ct)
{
	uint64_t base = max64(ch->cmd_free, ch->col_ok), start;

	ct->col_wr = base;
	start = ch->bus_free + (ch->bus_write ? 0 : BUS_TURNAROUND);
	if (start > d->tWL)
		ct->col_wr = max64(ct->col_wr, start - d->tWL);
	ct->col_rd = max64(base, ch->rd_ok);
	if (ch->bus_free > d->tCL)
		ct->col_rd = max64(ct->col_rd, ch->bus_free - d->tCL);
	ct->act = max64(ch->cmd_free, ch->act_ok);
	if (ch->nact >= 4)
		ct->act = max64(ct->act, ch->faw[ch->faw_i] + d->tFAW);
}

/* Earliest cycle the column command of @q may issue. */
static inline uint64_t col_time(const struct chan *ch,
				const struct chan_times *ct,
				const struct dhot *q)
{
	uint64_t e = q->is_write ? ct->col_wr : ct->col_rd;

	e = max64(e, ch->banks[q->bank].col_ok);
	return max64(e, ch->grp_col_ok[q->grp]);
}

static inline uint64_t act_time(const struct chan *ch,
				const struct chan_times *ct,
				const struct dhot *q)
{
	uint64_t e = max64(ct->act, ch->banks[q->bank].act_ok);

	return max64(e, ch->grp_act_ok[q->grp]);
}

/*
 * A command of @cmd_slot to @bank at @t holds the bank for @bank_time:
 * every arrived request of another slot queued for that bank waits that
 * long. With @burst (a column command), every arrived row hit of another
 * slot to another bank, whose column command only the data bus holds
 * back, waits for the burst. Requests without a slot are not counted.
 */
static void charge_interf(struct emu_dram *d, const struct chan *ch,
			  unsigned int bank, uint8_t cmd_slot, uint64_t t,
			  uint32_t bank_time, uint32_t burst)
{
	unsigned int j;

	for (j = 0; j < ch->nq; j++) {
		const struct dhot *o = &ch->hot[j];
		const struct bank *ob;

		if (o->slot == NO_SLOT || o->slot == cmd_slot || o->arrival > t)
			continue;
		if (o->bank == bank) {
			d->interf[o->slot].bank += bank_time;
			continue;
		}
		ob = &ch->banks[o->bank];
		if (burst && ob->open && ob->row == o->row && ob->col_ok <= t)
			d->interf[o->slot].bus += burst;
	}
}

/*
 * An ACT of @h's slot to its row: a row conflict another slot caused if
 * the slot's own last access to the bank had this row open and the
 * bank's last ACT was another's (alone, the row would still be open).
 */
static void charge_row(struct emu_dram *d, const struct chan *ch,
		       const struct dhot *h)
{
	const struct bank *b = &ch->banks[h->bank];
	const struct shadow_row *sr;

	if (h->slot == NO_SLOT)
		return;
	sr = &ch->shadow[h->bank * CORUN_MAX_SLOTS + h->slot];
	if (sr->valid && sr->row == h->row && b->act_slot != h->slot &&
	    b->act_slot != NO_SLOT)
		d->interf[h->slot].row += d->tRP + d->tRCD;
}

static void issue_col(struct emu_dram *d, struct chan *ch, unsigned int i,
		      uint64_t t)
{
	struct dhot *h = &ch->hot[i];
	unsigned int idx = h->idx;
	struct dreq *q = &ch->pool[idx];
	struct bank *b = &ch->banks[h->bank];
	bool has_slot = q->r.slot < CORUN_MAX_SLOTS;
	struct slot_ctr *s = has_slot ? &d->slot[q->r.slot] : NULL;
	struct slot_ctr *cs = has_slot ? &ch->slot[q->r.slot] : NULL;
	struct flight *f;
	bool older_miss = false;
	unsigned int j;

	ch->cmd_free = t + 1;
	ch->col_ok = t + d->tCCD;
	ch->grp_col_ok[h->grp] = t + d->tCCDL;
	if (q->r.is_write) {
		ch->bus_free = t + d->tWL + d->burst;
		ch->rd_ok = ch->bus_free + d->tWTR;
		b->pre_ok = max64(b->pre_ok, ch->bus_free + d->tWR);
	} else {
		ch->bus_free = t + d->tCL + d->burst;
		b->pre_ok = max64(b->pre_ok, t + d->tRTP);
	}
	ch->bus_write = q->r.is_write;
	ch->bus_cycles += d->burst;
	if (s) {
		s->bus_cycles += d->burst;
		cs->bus_cycles += d->burst;
	}
	charge_interf(d, ch, h->bank, h->slot, t, d->burst, d->burst);
	if (h->slot != NO_SLOT) {
		struct shadow_row *sr =
			&ch->shadow[h->bank * CORUN_MAX_SLOTS + h->slot];

		sr->row = h->row;
		sr->valid = 1;
	}
	if (--q->cols_left) {
		h->started = 1;
		return;
	}

	/* Last burst of the line. Row-hit cap: hits past an older miss. */
	for (j = 0; j < i; j++) {
		const struct dhot *o = &ch->hot[j];

		if (o->bank == h->bank && o->row != b->row && o->arrival <= t) {
			older_miss = true;
			break;
		}
	}
	b->streak = older_miss ? b->streak + 1 : 0;

	ch->accesses++;
	ch->row_hits += !q->activated;
	if (s) {
		s->accesses++;
		s->row_hits += !q->activated;
		cs->accesses++;
		cs->row_hits += !q->activated;
		d->interf[q->r.slot].req_cycles += ch->bus_free - h->arrival;
	}

	f = &ch->fl[(ch->fl_head + ch->fl_n) % ch->fl_cap];
	f->r = q->r;
	f->done = ch->bus_free;
	ch->fl_n++;

	memmove(&ch->hot[i], &ch->hot[i + 1],
		(ch->nq - i - 1) * sizeof(ch->hot[0]));
	ch->nq--;
	ch->free[ch->nfree++] = (uint16_t)idx;
}

/*
 * Refresh needs every bank precharged: when it is due, the open banks are
 * closed by a precharge-all once each may precharge (tRAS, tRTP, tWR), the
 * REF follows tRP later, and no bank activates for tRFC after it. It is
 * applied lazily (an idle channel has no events; only the latest missed
 * refresh can still matter: an earlier missed one left every bank
 * closed), and the precharge-all takes no command slot.
 */
static void refresh(const struct emu_dram *d, struct chan *ch, uint64_t t)
{
	uint64_t start, ref;
	unsigned int b;

	if (!d->tREFI || t < ch->next_ref)
		return;
	start = ch->next_ref + (t - ch->next_ref) / d->tREFI * d->tREFI;
	ref = start;
	for (b = 0; b < d->nbanks && start == ch->next_ref; b++)
		if (ch->banks[b].open)
			ref = max64(ref, max64(start, ch->banks[b].pre_ok) +
						 d->tRP);
	for (b = 0; b < d->nbanks; b++) {
		ch->banks[b].open = 0;
		ch->banks[b].streak = 0;
		/* alone, the refresh would have closed the row as well */
		ch->banks[b].act_slot = NO_SLOT;
		ch->banks[b].act_ok = max64(ch->banks[b].act_ok,
					    ref + d->tRFC);
	}
	ch->next_ref = start + d->tREFI;
}

/*
 * One decision at cycle @t: issue the best ready command, or compute when
 * the next one can be ready. Return: true if a command issued.
 *
 * One pass over the queue, oldest first. A bank with queued hits to its
 * open row (FR-FCFS) is not precharged for a request of their priority
 * class or a worse one, and one with a line whose bursts have started
 * not at all; those hits are only known after the pass, so precharges
 * are kept per bank (the oldest ready one of the best class, the best
 * class of any, and the earliest time one becomes ready) and judged at
 * the end. With one class (every slot at one priority) this is plain
 * FR-FCFS. A ready row hit of the best class ends the pass at once:
 * nothing can beat it.
 */
static bool schedule(struct emu_dram *d, struct chan *ch, uint64_t t)
{
	uint64_t hitmask = 0, premask = 0, earliest = NEVER;
	uint64_t pre_wait[64]; /* per bank: earliest not-yet-ready PRE */
	/*
	 * Per bank, the oldest ready PRE of the best priority class: one of
	 * a worse class of the same bank can never win over it.
	 */
	uint16_t pre_first[64];
	uint8_t pre_rank[64];
	uint8_t pre_best[64]; /* per bank: best class of any PRE */
	uint8_t hit_rank[64]; /* per bank in hitmask: best class of its hits */
	int best = -1, best_cmd = 0;
	unsigned int best_key = ~0u, i, bn;
	uint64_t pre_base;
	struct chan_times ct;

	refresh(d, ch, t);
	chan_times(d, ch, &ct);
	pre_base = ch->cmd_free;

	for (i = 0; i < ch->nq; i++) {
		const struct dhot *q = &ch->hot[i];
		const struct bank *b = &ch->banks[q->bank];
		uint64_t bit = 1ull << q->bank;
		unsigned int key;
		uint64_t e;
		int cmd;

		/* Lower is better: class, then row hits (FR), then age. */
		key = (unsigned int)q->rank << 1;
		if (b->open && b->row == q->row) {
			bool hit =
				q->started ||
				(d->frfcfs && q->arrival <= t && !capped(d, b));

			if (hit) {
				/* A started line holds it for any class. */
				uint8_t r = q->started ? 0 : q->rank;

				if (!(hitmask & bit) || r < hit_rank[q->bank])
					hit_rank[q->bank] = r;
				hitmask |= bit;
			}
			cmd = CMD_COL;
			e = max64(col_time(ch, &ct, q), q->arrival);
			if (!(d->frfcfs && (!capped(d, b) || q->started)))
				key |= 1;
		} else if (b->open) {
			if (!(premask & bit)) {
				premask |= bit;
				pre_wait[q->bank] = NEVER;
				pre_first[q->bank] = UINT16_MAX;
				pre_best[q->bank] = q->rank;
			}
			if (q->rank < pre_best[q->bank])
				pre_best[q->bank] = q->rank;
			e = max64(max64(pre_base, b->pre_ok), q->arrival);
			if (e > t) {
				if (e < pre_wait[q->bank])
					pre_wait[q->bank] = e;
			} else if (pre_first[q->bank] == UINT16_MAX ||
				   q->rank < pre_rank[q->bank]) {
				pre_first[q->bank] = (uint16_t)i;
				pre_rank[q->bank] = q->rank;
			}
			continue;
		} else {
			cmd = CMD_ACT;
			e = max64(act_time(ch, &ct, q), q->arrival);
			key |= 1;
		}
		if (e > t) {
			if (e < earliest)
				earliest = e;
			continue;
		}
		if (key < best_key) {
			best_key = key;
			best = (int)i;
			best_cmd = cmd;
			if (!key)
				break;
		}
	}

	/* Precharges of banks their hits do not hold (if no hit won). */
	if (best_key) {
		for (; premask; premask &= premask - 1) {
			unsigned int key, j;
			bool held;

			bn = (unsigned int)__builtin_ctzll(premask);
			held = hitmask >> bn & 1;
			/*
			 * Its queued hits hold the row against requests of
			 * their class and worse ones.
			 */
			if (held && hit_rank[bn] <= pre_best[bn])
				continue;
			if (pre_wait[bn] < earliest)
				earliest = pre_wait[bn];
			j = pre_first[bn];
			if (j == UINT16_MAX ||
			    (held && hit_rank[bn] <= pre_rank[bn]))
				continue;
			key = (unsigned int)pre_rank[bn] << 1 | 1;
			if (key < best_key ||
			    (key == best_key && (int)j < best)) {
				best_key = key;
				best = (int)j;
				best_cmd = CMD_PRE;
			}
		}
	}

	if (best < 0) {
		/* Wake for the next refresh: it changes every bank. */
		if (d->tREFI && ch->nq && ch->next_ref < earliest)
			earliest = ch->next_ref;
		ch->next_t = earliest;
		ch->quiet = 1;
		ch->quiet_t = t;
		return false;
	}

	if (best_cmd == CMD_COL) {
		issue_col(d, ch, (unsigned int)best, t);
	} else {
		const struct dhot *q = &ch->hot[best];
		struct bank *b = &ch->banks[q->bank];

		ch->cmd_free = t + 1;
		if (best_cmd == CMD_PRE) {
			charge_interf(d, ch, q->bank, q->slot, t, d->tRP, 0);
			b->open = 0;
			b->act_ok = max64(b->act_ok, t + d->tRP);
		} else {
			charge_interf(d, ch, q->bank, q->slot, t, d->tRCD, 0);
			charge_row(d, ch, q);
			b->act_slot = q->slot;
			b->open = 1;
			b->row = q->row;
			b->streak = 0;
			b->act_ok = t + d->tRC;
			b->col_ok = t + d->tRCD;
			b->pre_ok = t + d->tRAS;
			ch->act_ok = t + d->tRRD;
			ch->grp_act_ok[q->grp] = t + d->tRRDL;
			ch->faw[ch->faw_i] = t;
			ch->faw_i = (ch->faw_i + 1) % 4;
			if (ch->nact < 4)
				ch->nact++;
			ch->pool[q->idx].activated = 1;
		}
	}
	ch->next_t = ch->nq ? t + 1 : NEVER;
	ch->quiet = 0;
	return true;
}

static void chan_run(struct emu_dram *d, struct chan *ch, uint64_t now)
{
	while (ch->next_t <= now)
		schedule(d, ch, ch->next_t);
}

/*
 * Next decision cycle after @q arrived at @now, while the channel sleeps
 * until ch->next_t > @now: @now itself (a decision then) unless the last
 * decision, at or before @now, issued nothing. Then nothing changed since
 * but arrivals: no older request can issue before ch->next_t (the newer
 * ones only add row hits, which only hold precharges back), so the
 * decisions before it can only issue a new request's next command. Wake
 * when @q's may be ready (early if its bank's hits hold a precharge back:
 * that decision just sleeps again). Decisions that issue nothing change
 * nothing but the lazy refresh, so skipping them is exact; a refresh due
 * by @now is applied at @now, as before.
 */
static uint64_t push_wake(const struct emu_dram *d, const struct chan *ch,
			  const struct dhot *q, uint64_t now)
{
	const struct bank *b = &ch->banks[q->bank];
	struct chan_times ct;
	uint64_t e;

	if (!ch->quiet || now < ch->quiet_t ||
	    (d->tREFI && now >= ch->next_ref))
		return now;
	chan_times(d, ch, &ct);
	if (b->open && b->row == q->row)
		e = col_time(ch, &ct, q);
	else if (b->open)
		e = max64(ch->cmd_free, b->pre_ok);
	else
		e = act_time(ch, &ct, q);
	if (e < now)
		e = now;
	if (ch->next_t < e)
		e = ch->next_t;
	/* As schedule() does with requests queued: wake for the refresh. */
	if (d->tREFI && ch->next_ref < e)
		e = ch->next_ref;
	return e;
}

struct emu_dram *emu_dram_create(const struct emu_config *cfg,
				 const struct emu_addrmap *map,
				 const struct emu_dram_ops *ops)
{
	struct emu_dram *d = calloc(1, sizeof(*d));
	unsigned int c, i;

	if (!d)
		return NULL;
	d->map = map;
	d->ops = *ops;
	d->nch = cfg->dram.channels;
	d->nbanks = cfg->dram.banks;
	d->qlen = cfg->dram.queue;
	d->tRCD = cfg->dram.tRCD;
	d->tCL = cfg->dram.tCL;
	d->tRP = cfg->dram.tRP;
	d->tRAS = cfg->dram.tRAS;
	d->tRC = cfg->dram.tRC;
	d->tRRD = cfg->dram.tRRD;
	d->tFAW = cfg->dram.tFAW;
	d->tWTR = cfg->dram.tWTR;
	d->tCCD = cfg->dram.tCCD;
	d->tWL = cfg->dram.tWL;
	d->tRTP = cfg->dram.tRTP;
	d->tWR = cfg->dram.tWR;
	d->burst = cfg->dram.burst_length ? cfg->dram.burst_length :
					    cfg->l2.line / cfg->dram.bus_bytes;
	d->ncols = cfg->l2.line / (d->burst * cfg->dram.bus_bytes);
	d->ngroups = cfg->dram.bank_groups;
	d->tCCDL = cfg->dram.tCCDL;
	d->tRRDL = cfg->dram.tRRDL;
	d->tREFI = cfg->dram.tREFI;
	d->tRFC = cfg->dram.tRFC;
	d->row_hit_cap = cfg->dram.row_hit_cap;
	d->frfcfs = cfg->dram.sched == EMU_DRAM_FRFCFS;
	d->cpu_priority = !!cfg->dram.cpu_priority;

	d->ch = calloc(d->nch, sizeof(*d->ch));
	if (!d->ch)
		goto fail;
	for (c = 0; c < d->nch; c++) {
		struct chan *ch = &d->ch[c];

		/*
		 * Undelivered bursts: the whole queue issued within one
		 * tick, plus bursts still in the pipe (non-overlapping, each
		 * starting at most max(tCL, tWL) after the tick).
		 */
		ch->fl_cap = d->qlen + max64(d->tCL, d->tWL) + 2;
		ch->pool = calloc(d->qlen, sizeof(*ch->pool));
		ch->hot = calloc(d->qlen, sizeof(*ch->hot));
		ch->free = calloc(d->qlen, sizeof(*ch->free));
		ch->fl = calloc(ch->fl_cap, sizeof(*ch->fl));
		ch->banks = calloc(d->nbanks, sizeof(*ch->banks));
		ch->slot = calloc(CORUN_MAX_SLOTS, sizeof(*ch->slot));
		ch->shadow = calloc((size_t)d->nbanks * CORUN_MAX_SLOTS,
				    sizeof(*ch->shadow));
		if (!ch->pool || !ch->hot || !ch->free || !ch->fl ||
		    !ch->banks || !ch->slot || !ch->shadow)
			goto fail;
		for (i = 0; i < d->nbanks; i++)
			ch->banks[i].act_slot = NO_SLOT;
		for (i = 0; i < d->qlen; i++)
			ch->free[i] = (uint16_t)(d->qlen - 1 - i);
		ch->nfree = d->qlen;
		ch->next_t = NEVER;
		ch->quiet = 1; /* nothing queued: no decision needed */
		/* Stagger the channels' refreshes. */
		ch->next_ref = d->tREFI + (uint64_t)c * d->tREFI / d->nch;
	}
	return d;
fail:
	emu_dram_destroy(d);
	return NULL;
}

void emu_dram_destroy(struct emu_dram *d)
{
	unsigned int c;

	if (!d)
		return;
	for (c = 0; d->ch && c < d->nch; c++) {
		free(d->ch[c].pool);
		free(d->ch[c].hot);
		free(d->ch[c].free);
		free(d->ch[c].fl);
		free(d->ch[c].banks);
		free(d->ch[c].slot);
		free(d->ch[c].shadow);
	}
	free(d->ch);
	free(d);
}

bool emu_dram_can_accept(const struct emu_dram *d, unsigned int channel)
{
	return channel < d->nch && d->ch[channel].nfree > 0;
}

int emu_dram_push(struct emu_dram *d, const struct emu_dram_req *r,
		  uint64_t now)
{
	struct emu_addr_loc loc;
	struct chan *ch;
	struct dreq *q;
	struct dhot *h;
	unsigned int idx;

	emu_addrmap_decode(d->map, r->addr, &loc);
	ch = &d->ch[loc.channel];
	if (!ch->nfree)
		return -EBUSY;
	idx = ch->free[--ch->nfree];
	q = &ch->pool[idx];
	q->r = *r;
	q->activated = 0;
	q->cols_left = (uint16_t)d->ncols;
	h = &ch->hot[ch->nq++];
	h->arrival = now;
	h->row = loc.row;
	h->idx = (uint16_t)idx;
	h->bank = (uint8_t)loc.bank;
	h->grp = (uint8_t)(loc.bank % d->ngroups);
	h->is_write = r->is_write;
	h->rank = rank_of(d, r);
	h->started = 0;
	h->slot = r->slot < CORUN_MAX_SLOTS ? (uint8_t)r->slot : NO_SLOT;
	if (now < ch->next_t)
		ch->next_t = push_wake(d, ch, h, now);
	return 0;
}

void emu_dram_tick(struct emu_dram *d, uint64_t now)
{
	unsigned int c;

	for (c = 0; c < d->nch; c++) {
		struct chan *ch = &d->ch[c];

		chan_run(d, ch, now);
		/* done() may push into this channel: copy before calling. */
		while (ch->fl_n && ch->fl[ch->fl_head].done <= now) {
			struct flight f = ch->fl[ch->fl_head];

			ch->fl_head = (ch->fl_head + 1) % ch->fl_cap;
			ch->fl_n--;
			d->ops.done(d->ops.ctx, &f.r, f.done);
		}
	}
}

uint64_t emu_dram_next_event(const struct emu_dram *d, uint64_t now)
{
	uint64_t t = NEVER;
	unsigned int c;

	for (c = 0; c < d->nch; c++) {
		const struct chan *ch = &d->ch[c];

		if (ch->next_t < t)
			t = ch->next_t;
		if (ch->fl_n && ch->fl[ch->fl_head].done < t)
			t = ch->fl[ch->fl_head].done;
	}
	if (t == NEVER)
		return NEVER;
	return t > now ? t : now + 1;
}

unsigned int emu_dram_busy(const struct emu_dram *d)
{
	unsigned int c, n = 0;

	for (c = 0; c < d->nch; c++)
		n += d->ch[c].nq + d->ch[c].fl_n;
	return n;
}

void emu_dram_counters(const struct emu_dram *d, unsigned int channel,
		       struct corun_chan_counters *out)
{
	memset(out, 0, sizeof(*out));
	if (channel >= d->nch)
		return;
	out->accesses = d->ch[channel].accesses;
	out->row_hits = d->ch[channel].row_hits;
	out->bus_busy_cycles = d->ch[channel].bus_cycles;
}

void emu_dram_slot_counters(const struct emu_dram *d, unsigned int slot,
			    uint64_t *accesses, uint64_t *row_hits,
			    uint64_t *bus_cycles)
{
	const struct slot_ctr *s = slot < CORUN_MAX_SLOTS ? &d->slot[slot] :
							    NULL;

	if (accesses)
		*accesses = s ? s->accesses : 0;
	if (row_hits)
		*row_hits = s ? s->row_hits : 0;
	if (bus_cycles)
		*bus_cycles = s ? s->bus_cycles : 0;
}

void emu_dram_chan_slot_counters(const struct emu_dram *d, unsigned int channel,
				 unsigned int slot,
				 struct corun_chan_counters *out)
{
	const struct slot_ctr *s;

	memset(out, 0, sizeof(*out));
	if (channel >= d->nch || slot >= CORUN_MAX_SLOTS)
		return;
	s = &d->ch[channel].slot[slot];
	out->accesses = s->accesses;
	out->row_hits = s->row_hits;
	out->bus_busy_cycles = s->bus_cycles;
}

uint32_t emu_dram_slot_prio(const struct emu_dram *d, unsigned int slot)
{
	return slot < CORUN_MAX_SLOTS ? d->slot_prio[slot] : 0;
}

int emu_dram_set_slot_prio(struct emu_dram *d, unsigned int slot,
			   uint32_t prio, uint64_t now)
{
	unsigned int c, i;

	if (slot >= CORUN_MAX_SLOTS || prio > EMU_DRAM_PRIO_MAX)
		return -EINVAL;
	d->slot_prio[slot] = (uint8_t)prio;
	d->prio_max = 0;
	for (i = 0; i < CORUN_MAX_SLOTS; i++)
		if (d->slot_prio[i] > d->prio_max)
			d->prio_max = d->slot_prio[i];
	/*
	 * Queued requests take their new class at once. A bank's hits may
	 * no longer hold a precharge back, which a sleeping channel did
	 * not foresee: it decides again at the next cycle (a decision that
	 * issues nothing changes nothing).
	 */
	for (c = 0; c < d->nch; c++) {
		struct chan *ch = &d->ch[c];

		for (i = 0; i < ch->nq; i++) {
			struct dhot *h = &ch->hot[i];

			h->rank = rank_of(d, &ch->pool[h->idx].r);
		}
		if (ch->nq && ch->next_t > now + 1) {
			ch->next_t = now + 1;
			ch->quiet = 0;
		}
	}
	return 0;
}

void emu_dram_slot_interf(const struct emu_dram *d, unsigned int slot,
			  struct emu_dram_interf *out)
{
	const struct slot_interf *si;

	memset(out, 0, sizeof(*out));
	if (slot >= CORUN_MAX_SLOTS)
		return;
	si = &d->interf[slot];
	out->bank = si->bank;
	out->row = si->row;
	out->bus = si->bus;
	out->req_cycles = si->req_cycles;
}
