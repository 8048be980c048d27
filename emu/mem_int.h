/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: the memory side's state shared by mem.c (build,
 * time, control, calibration), mem_l1.c (the SM side: L1 port, MSHRs,
 * miss sub-queues, write-backs, replies and hits at the SM), mem_irc.c
 * (the issue-rate-control arbiter between the sub-queues and the request
 * NoC) and mem_l2.c (the L2 slices and their DRAM interface). Not for
 * users of the memory side: see mem.h.
 *
 * The helpers here are static inline because the per-cycle paths of
 * every one of those files use them.
 */
#ifndef _EMU_MEM_INT_H_
#define _EMU_MEM_INT_H_

#include <stdbool.h>
#include <stdint.h>
#include <corun/hw.h>

#include "addrmap.h"
#include "clock.h"
#include "dram.h"
#include "l1tags.h"
#include "l2.h"
#include "l1_umon.h"
#include "llc_atd.h"
#include "mem.h"
#include "noc.h"

/* Ring of 32-bit indices. */
struct iring {
	uint32_t *e;
	uint64_t *t; /* optional ready time */
	uint32_t cap, head, n;
};

/* x % n for x < 2n, without a division (ring indices: head + i). */
static inline uint32_t mod2(uint32_t x, uint32_t n)
{
	return x >= n ? x - n : x;
}

static inline bool iring_push(struct iring *r, uint32_t v, uint64_t t)
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

static inline uint32_t iring_head(const struct iring *r)
{
	return r->e[r->head];
}

static inline void iring_pop(struct iring *r)
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
	struct emu_l1_umon *umon; /* L1 utility monitors; NULL: no L1 */
	bool umon_on; /* emu_l1_umon_on(umon), tested per L1 load */
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

/* Reply/request packet tags: SM, transaction index, DRAM accesses. */
static inline uint64_t mk_tag(uint32_t sm, uint32_t idx, uint32_t dcnt)
{
	return (uint64_t)sm << 32 | (uint64_t)idx << 2 | dcnt;
}

static inline uint32_t tag_sm(uint64_t t)
{
	return (uint32_t)(t >> 32);
}

static inline uint32_t tag_idx(uint64_t t)
{
	return (uint32_t)(t & 0xffffffffu) >> 2;
}

static inline uint32_t tag_dcnt(uint64_t t)
{
	return (uint32_t)t & 3;
}

static inline struct txn *tag_txn(struct emu_mem *m, uint64_t tag)
{
	return &m->sm[tag_sm(tag)].txn[tag_idx(tag)];
}

static inline uint64_t to_noc(const struct emu_mem *m, uint64_t sm_cycle)
{
	return clk_to_domain(sm_cycle, m->cfg->noc_mhz, m->cfg->sm_mhz);
}

static inline uint64_t from_noc(const struct emu_mem *m, uint64_t nc)
{
	return clk_from_domain(nc, m->cfg->noc_mhz, m->cfg->sm_mhz);
}

static inline uint64_t to_dram(const struct emu_mem *m, uint64_t sm_cycle)
{
	return clk_to_domain(sm_cycle, m->cfg->dram_mhz, m->cfg->sm_mhz);
}

static inline uint64_t from_dram(const struct emu_mem *m, uint64_t dc)
{
	return clk_from_domain(dc, m->cfg->dram_mhz, m->cfg->sm_mhz);
}

/* mem_l1.c: NoC reply delivery (struct emu_noc_ops), L1 hits due by @now. */
void emu_mem_noc_rep_deliver(void *ctx, const struct emu_noc_pkt *p,
			     uint64_t nc);
void emu_mem_l1_deliver(struct emu_mem *m, uint64_t now);

/*
 * mem_irc.c: one NoC edge's injections from every SM with queued
 * requests (@win: the edge's IRC window), and the earliest SM cycle > @now
 * at which some SM's arbiter can inject.
 */
void emu_mem_irc_inject(struct emu_mem *m, uint64_t nc, uint64_t win);
uint64_t emu_mem_irc_next(const struct emu_mem *m, uint64_t now);

/*
 * mem_l2.c: request delivery (struct emu_noc_ops), DRAM completions
 * (struct emu_dram_ops), and one NoC edge of every busy slice (@dnow:
 * the edge's DRAM cycle).
 */
bool emu_mem_noc_req_can_eject(void *ctx, uint32_t dst,
			       const struct emu_noc_pkt *p);
void emu_mem_noc_req_deliver(void *ctx, const struct emu_noc_pkt *p,
			     uint64_t nc);
void emu_mem_dram_done(void *ctx, const struct emu_dram_req *r, uint64_t dc);
void emu_mem_l2_step(struct emu_mem *m, uint64_t nc, uint64_t dnow);

#endif /* _EMU_MEM_INT_H_ */
