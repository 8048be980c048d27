// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: the on-chip network (see noc.h for the model).
 *
 * Every topology is built from the same pieces: routers with input ports
 * (one FIFO buffer per VC) and output ports (a link to a neighbour's input
 * port, or an ejection port to one destination). A buffer keeps the
 * arrival cycle of each flit it holds and a FIFO of packet descriptors;
 * packets in one buffer are contiguous because a head takes the
 * downstream VC until its tail has passed.
 *
 * A cycle is decided on the state at its start: credits freed in the cycle
 * are counted in buf->freed and usable only in the next one, and a flit
 * that arrives cannot leave before its hop latency, so routers can be
 * processed one after the other in any order with the same result.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <corun/hw.h>

#include "mem.h"
#include "noc.h"

#define NONE UINT32_MAX

/* Ring link directions and mesh link directions. */
enum { RING_CW, RING_CCW, RING_DIRS };
enum { MESH_E, MESH_W, MESH_N, MESH_S, MESH_DIRS };

struct noc_desc {
	uint32_t pkt; /* packet record */
	uint16_t fin; /* flits arrived in this buffer */
	uint16_t fout; /* flits sent on */
	uint32_t out; /* output port the head took, NONE before */
	uint32_t nbuf; /* downstream buffer the head took (links) */
};

struct noc_buf {
	uint32_t inport;
	uint16_t vc; /* logical VC (counters, mapping) */
	uint16_t prio; /* arbitration class, 0 first */
	uint32_t nflits, fhead; /* flits present, oldest in ft[] */
	uint64_t ready; /* oldest flit's arrival + latency (if nflits) */
	uint32_t freed; /* credits freed this cycle */
	uint32_t ndesc, dhead;
	uint64_t *ft; /* arrival cycle per flit, cap entries */
	struct noc_desc *d; /* cap + 2 entries */
	uint32_t cand_next; /* candidate list link during a cycle */
};

struct noc_inport {
	uint32_t router;
	uint32_t buf0, nvc;
	uint32_t src; /* local port of this source, else NONE */
	uint64_t used; /* cycle + 1 of the last flit sent */
};

struct noc_outport {
	uint32_t dst; /* ejection port of this destination, else NONE */
	uint32_t next_in; /* link: downstream input port (NONE: edge) */
	uint8_t dateline; /* ring: crossing this link sets the dateline bit */
	uint32_t lock; /* ejection: buffer whose packet holds the port */
	uint32_t rr; /* buffer after the last one granted */
	uint32_t cand; /* candidate list head during a cycle */
	uint64_t used;
};

struct noc_router {
	uint32_t in0, nin, out0, nout;
	uint32_t buf0, nbuf; /* its input buffers, contiguous */
	uint32_t link_out0; /* first link output port; directions in order */
	uint32_t orr; /* output processed first (rotates) */
};

struct noc_prec {
	struct emu_noc_pkt p;
	uint16_t vc;
	uint8_t dir; /* ring direction */
	uint8_t dl; /* ring: crossed the dateline */
	uint32_t next_free;
};

struct emu_noc {
	struct emu_noc_ops ops;
	uint32_t topology, vcs, cap, latency, vc_map, cpu_vcs;
	/*
	 * VC per slot, class and traffic type: [noc] vc_map, or the slot's
	 * VC once emu_noc_set_slot_vc() chose one (@slot_vc, else
	 * EMU_NOC_VC_MAPPED). One lookup per packet instead of a division.
	 */
	uint8_t vc_tab[CORUN_MAX_SLOTS][2][3];
	uint32_t slot_vc[CORUN_MAX_SLOTS];
	uint32_t nsrc, ndst, nrouters, mx, my;
	uint32_t nlinks; /* link directions per router */

	struct noc_router *routers;
	struct noc_inport *inports;
	struct noc_outport *outports;
	struct noc_buf *bufs;
	uint32_t nin, nout, nbufs;
	uint64_t *ft_pool;
	struct noc_desc *d_pool;

	uint32_t *src_router, *dst_router;
	uint32_t *src_port, *dst_port; /* local input / ejection port */
	uint32_t *ni_pending; /* per source: packets still streaming in */
	uint32_t *ni_rr;
	uint32_t pending; /* sum of ni_pending */

	struct noc_prec *pkts;
	uint32_t npkts_max, free_pkt, live;

	uint32_t *touched; /* buffers with freed != 0 */
	/*
	 * Bit maps, so that a cycle visits only what can act: buffers
	 * holding flits (@full) and outputs with requests (@want).
	 */
	uint64_t *full, *want;
	uint64_t *ni_busy; /* sources with ni_pending != 0 */
	uint32_t ntouched;
	uint64_t next_ready; /* earliest head-flit ready cycle after a tick */
	uint64_t idle; /* ticks skipped since the last one run (see orr) */

	uint64_t slot_flits[CORUN_MAX_SLOTS], slot_stall[CORUN_MAX_SLOTS];
	uint64_t vc_flits[CORUN_MAX_VCS], vc_stall[CORUN_MAX_VCS];
	uint64_t *src_flits, *src_stall;
};

/* The VC [noc] vc_map gives @p (see emu_noc_vc()). */
static unsigned int map_vc(const struct emu_noc *n, const struct emu_noc_pkt *p)
{
	if (n->vcs == 1)
		return 0;
	switch (n->vc_map) {
	case EMU_NOC_VC_SLOT:
		return p->slot % n->vcs;
	case EMU_NOC_VC_CPU_GPU:
		if (!n->cpu_vcs)
			return p->slot % n->vcs;
		if (p->cls == EMU_CLS_CPU)
			return p->slot % n->cpu_vcs;
		return n->cpu_vcs + p->slot % (n->vcs - n->cpu_vcs);
	default:
		return p->traffic % n->vcs;
	}
}

/* Refill @slot's rows of vc_tab (at create and when its VC changes). */
static void vc_tab_fill(struct emu_noc *n, unsigned int slot)
{
	struct emu_noc_pkt p = { .slot = (uint16_t)slot };
	uint32_t vc = n->slot_vc[slot];

	for (p.cls = 0; p.cls < 2; p.cls++)
		for (p.traffic = 0; p.traffic < 3; p.traffic++)
			n->vc_tab[slot][p.cls][p.traffic] = (uint8_t)(
				vc != EMU_NOC_VC_MAPPED ? vc : map_vc(n, &p));
}

unsigned int emu_noc_vc(const struct emu_noc *n, const struct emu_noc_pkt *p)
{
	if (p->slot < CORUN_MAX_SLOTS && p->cls < 2 && p->traffic < 3)
		return n->vc_tab[p->slot][p->cls][p->traffic];
	return map_vc(n, p);
}

int emu_noc_set_slot_vc(struct emu_noc *n, unsigned int slot, uint32_t vc)
{
	if (slot >= CORUN_MAX_SLOTS ||
	    (vc != EMU_NOC_VC_MAPPED && vc >= n->vcs))
		return -EINVAL;
	n->slot_vc[slot] = vc;
	vc_tab_fill(n, slot);
	return 0;
}

uint32_t emu_noc_slot_vc(const struct emu_noc *n, unsigned int slot)
{
	return slot < CORUN_MAX_SLOTS ? n->slot_vc[slot] : EMU_NOC_VC_MAPPED;
}

static uint32_t ring_dist(const struct emu_noc *n, uint32_t a, uint32_t b,
			  uint8_t *dir)
{
	uint32_t cw = (b + n->nrouters - a) % n->nrouters;
	uint32_t ccw = (n->nrouters - cw) % n->nrouters;

	/* Ties go clockwise so a route never depends on anything else. */
	*dir = cw <= ccw ? RING_CW : RING_CCW;
	return cw <= ccw ? cw : ccw;
}

unsigned int emu_noc_hops(const struct emu_noc *n, uint32_t src, uint32_t dst)
{
	uint32_t a, b;
	uint8_t dir;

	if (src >= n->nsrc || dst >= n->ndst)
		return 0;
	a = n->src_router[src];
	b = n->dst_router[dst];
	switch (n->topology) {
	case EMU_NOC_RING:
		return ring_dist(n, a, b, &dir) + 1;
	case EMU_NOC_MESH:
		return abs((int)(a % n->mx) - (int)(b % n->mx)) +
		       abs((int)(a / n->mx) - (int)(b / n->mx)) + 1;
	default:
		return 1;
	}
}

/* Output port a packet's head takes at router @r. */
static uint32_t route(const struct emu_noc *n, uint32_t r,
		      const struct noc_prec *k)
{
	uint32_t d = n->dst_router[k->p.dst];
	uint32_t x, y, dx, dy, link0 = n->routers[r].link_out0;

	if (r == d)
		return n->dst_port[k->p.dst];
	if (n->topology == EMU_NOC_RING)
		return link0 + k->dir;
	/* Mesh, XY: finish the X dimension first (deadlock-free). */
	x = r % n->mx;
	y = r / n->mx;
	dx = d % n->mx;
	dy = d / n->mx;
	if (dx != x)
		return link0 + (dx > x ? MESH_E : MESH_W);
	return link0 + (dy > y ? MESH_N : MESH_S);
}

static uint32_t neighbour(const struct emu_noc *n, uint32_t r,
			  unsigned int dir)
{
	uint32_t x, y;

	if (n->topology == EMU_NOC_RING)
		return dir == RING_CW ? (r + 1) % n->nrouters :
					(r + n->nrouters - 1) % n->nrouters;
	x = r % n->mx;
	y = r / n->mx;
	switch (dir) {
	case MESH_E:
		return x + 1 < n->mx ? r + 1 : NONE;
	case MESH_W:
		return x ? r - 1 : NONE;
	case MESH_N:
		return y + 1 < n->my ? r + n->mx : NONE;
	default:
		return y ? r - n->mx : NONE;
	}
}

static void *zalloc(size_t nmemb, size_t size)
{
	return calloc(nmemb ? nmemb : 1, size);
}

static int build(struct emu_noc *n, const struct emu_config *cfg)
{
	uint32_t *nloc_in, *nloc_out, r, i, ip, op, b, fill;
	uint32_t pvcs_link = n->vcs, in_of_dir;
	int ret = -1;

	if (n->topology == EMU_NOC_RING) {
		n->nlinks = RING_DIRS;
		pvcs_link = 2 * n->vcs; /* dateline classes */
	} else if (n->topology == EMU_NOC_MESH) {
		n->nlinks = MESH_DIRS;
	}

	n->src_router = zalloc(n->nsrc, sizeof(uint32_t));
	n->dst_router = zalloc(n->ndst, sizeof(uint32_t));
	n->src_port = zalloc(n->nsrc, sizeof(uint32_t));
	n->dst_port = zalloc(n->ndst, sizeof(uint32_t));
	n->ni_pending = zalloc(n->nsrc, sizeof(uint32_t));
	n->ni_rr = zalloc(n->nsrc, sizeof(uint32_t));
	n->ni_busy = zalloc(n->nsrc / 64 + 1, sizeof(uint64_t));
	n->src_flits = zalloc(n->nsrc, sizeof(uint64_t));
	n->src_stall = zalloc(n->nsrc, sizeof(uint64_t));
	n->routers = zalloc(n->nrouters, sizeof(*n->routers));
	nloc_in = zalloc(n->nrouters, sizeof(uint32_t));
	nloc_out = zalloc(n->nrouters, sizeof(uint32_t));
	if (!n->src_router || !n->dst_router || !n->src_port || !n->dst_port ||
	    !n->ni_pending || !n->ni_rr || !n->ni_busy || !n->src_flits ||
	    !n->src_stall || !n->routers || !nloc_in || !nloc_out)
		goto out;

	for (i = 0; i < n->nsrc; i++) {
		n->src_router[i] = (uint64_t)i * n->nrouters / n->nsrc;
		nloc_in[n->src_router[i]]++;
	}
	for (i = 0; i < n->ndst; i++) {
		n->dst_router[i] = (uint64_t)i * n->nrouters / n->ndst;
		nloc_out[n->dst_router[i]]++;
	}
	/* Ports: per router locals then links (inputs), links then ejection
	 * ports (outputs).
	 */
	for (r = 0; r < n->nrouters; r++) {
		struct noc_router *rt = &n->routers[r];

		rt->in0 = n->nin;
		rt->nin = nloc_in[r] + n->nlinks;
		rt->out0 = n->nout;
		rt->nout = n->nlinks + nloc_out[r];
		rt->link_out0 = rt->out0;
		n->nin += rt->nin;
		n->nout += rt->nout;
		n->nbufs += nloc_in[r] * n->vcs + n->nlinks * pvcs_link;
	}
	n->inports = zalloc(n->nin, sizeof(*n->inports));
	n->outports = zalloc(n->nout, sizeof(*n->outports));
	n->bufs = zalloc(n->nbufs, sizeof(*n->bufs));
	n->touched = zalloc(n->nbufs, sizeof(uint32_t));
	n->full = zalloc(n->nbufs / 64 + 1, sizeof(uint64_t));
	n->want = zalloc(n->nout / 64 + 1, sizeof(uint64_t));
	n->ft_pool = zalloc((size_t)n->nbufs * n->cap, sizeof(uint64_t));
	n->d_pool = zalloc((size_t)n->nbufs * (n->cap + 2),
			   sizeof(struct noc_desc));
	/* A live packet has a flit in some buffer or waits in its source's
	 * interface (at most one per VC).
	 */
	n->npkts_max = n->nbufs * n->cap + n->nsrc * n->vcs;
	n->pkts = zalloc(n->npkts_max, sizeof(*n->pkts));
	if (!n->inports || !n->outports || !n->bufs || !n->touched ||
	    !n->full || !n->want || !n->ft_pool || !n->d_pool || !n->pkts)
		goto out;

	memset(nloc_in, 0, n->nrouters * sizeof(uint32_t));
	memset(nloc_out, 0, n->nrouters * sizeof(uint32_t));
	b = 0;
	for (r = 0; r < n->nrouters; r++) {
		struct noc_router *rt = &n->routers[r];

		rt->buf0 = b;
		for (ip = rt->in0; ip < rt->in0 + rt->nin; ip++) {
			struct noc_inport *in = &n->inports[ip];
			bool local = ip - rt->in0 < rt->nin - n->nlinks;

			in->router = r;
			in->src = NONE;
			in->buf0 = b;
			in->nvc = local ? n->vcs : pvcs_link;
			for (i = 0; i < in->nvc; i++, b++) {
				struct noc_buf *bf = &n->bufs[b];
				uint32_t vc = local ? i : i % n->vcs;

				if (!local && n->topology == EMU_NOC_RING)
					vc = i / 2;
				bf->inport = ip;
				bf->vc = vc;
				if (!cfg->noc.strict_priority)
					bf->prio = 0;
				else if (n->vc_map == EMU_NOC_VC_CPU_GPU &&
					 n->cpu_vcs)
					bf->prio = vc < n->cpu_vcs ? 0 : 1;
				else
					bf->prio = vc;
				bf->ft = n->ft_pool + (size_t)b * n->cap;
				bf->d = n->d_pool + (size_t)b * (n->cap + 2);
			}
		}
		rt->nbuf = b - rt->buf0;
		for (op = rt->out0; op < rt->out0 + rt->nout; op++) {
			struct noc_outport *o = &n->outports[op];
			uint32_t k = op - rt->out0, nb;

			o->lock = NONE;
			o->cand = NONE;
			o->dst = NONE;
			o->next_in = NONE;
			if (k >= n->nlinks)
				continue;
			nb = neighbour(n, r, k);
			if (nb == NONE)
				continue;
			/* Link inputs follow the locals in direction order. */
			in_of_dir = n->routers[nb].in0 + n->routers[nb].nin -
				    n->nlinks + k;
			o->next_in = in_of_dir;
			o->dateline = n->topology == EMU_NOC_RING &&
				      ((k == RING_CW && nb == 0) ||
				       (k == RING_CCW && r == 0));
		}
	}
	for (i = 0; i < n->nsrc; i++) {
		r = n->src_router[i];
		fill = nloc_in[r]++;
		n->src_port[i] = n->routers[r].in0 + fill;
		n->inports[n->src_port[i]].src = i;
	}
	for (i = 0; i < n->ndst; i++) {
		r = n->dst_router[i];
		fill = nloc_out[r]++;
		n->dst_port[i] = n->routers[r].out0 + n->nlinks + fill;
		n->outports[n->dst_port[i]].dst = i;
	}
	for (i = 0; i < n->npkts_max; i++)
		n->pkts[i].next_free = i + 1 < n->npkts_max ? i + 1 : NONE;
	n->free_pkt = 0;
	ret = 0;
out:
	free(nloc_in);
	free(nloc_out);
	return ret;
}

struct emu_noc *emu_noc_create(const struct emu_config *cfg, uint32_t nsrc,
			       uint32_t ndst, const struct emu_noc_ops *ops)
{
	struct emu_noc *n;
	uint32_t m = nsrc > ndst ? nsrc : ndst, i;

	if (!nsrc || !ndst || !cfg->noc.vcs || cfg->noc.vcs > CORUN_MAX_VCS ||
	    !cfg->noc.vc_buffer || !cfg->noc.latency ||
	    (cfg->noc.cpu_vcs && cfg->noc.cpu_vcs >= cfg->noc.vcs) ||
	    nsrc > (1u << 20) || ndst > (1u << 20))
		return NULL;
	n = calloc(1, sizeof(*n));
	if (!n)
		return NULL;
	if (ops)
		n->ops = *ops;
	n->topology = cfg->noc.topology;
	n->vcs = cfg->noc.vcs;
	n->cap = cfg->noc.vc_buffer;
	n->latency = cfg->noc.latency;
	n->vc_map = cfg->noc.vc_map;
	n->cpu_vcs = cfg->noc.vc_map == EMU_NOC_VC_CPU_GPU ? cfg->noc.cpu_vcs :
							     0;
	n->nsrc = nsrc;
	n->ndst = ndst;
	n->next_ready = UINT64_MAX;
	for (i = 0; i < CORUN_MAX_SLOTS; i++) {
		n->slot_vc[i] = EMU_NOC_VC_MAPPED;
		vc_tab_fill(n, i);
	}
	switch (n->topology) {
	case EMU_NOC_RING:
		n->nrouters = cfg->noc.ring_stops ? cfg->noc.ring_stops : m;
		break;
	case EMU_NOC_MESH:
		n->mx = cfg->noc.mesh_x;
		n->my = cfg->noc.mesh_y;
		if (!n->mx || !n->my) {
			for (n->mx = 1; n->mx * n->mx < m; n->mx++)
				;
			n->my = (m + n->mx - 1) / n->mx;
		}
		n->nrouters = n->mx * n->my;
		break;
	default:
		n->topology = EMU_NOC_CROSSBAR;
		n->nrouters = 1;
		break;
	}
	if (build(n, cfg)) {
		emu_noc_destroy(n);
		return NULL;
	}
	return n;
}

void emu_noc_destroy(struct emu_noc *n)
{
	if (!n)
		return;
	free(n->src_router);
	free(n->dst_router);
	free(n->src_port);
	free(n->dst_port);
	free(n->ni_pending);
	free(n->ni_rr);
	free(n->ni_busy);
	free(n->src_flits);
	free(n->src_stall);
	free(n->routers);
	free(n->inports);
	free(n->outports);
	free(n->bufs);
	free(n->touched);
	free(n->full);
	free(n->want);
	free(n->ft_pool);
	free(n->d_pool);
	free(n->pkts);
	free(n);
}

/* x % n for x < 2n, without a division (ring indices: head + i). */
static inline uint32_t mod2(uint32_t x, uint32_t n)
{
	return x >= n ? x - n : x;
}

static inline struct noc_desc *dq(struct noc_buf *b, uint32_t cap2,
				  uint32_t i)
{
	return &b->d[mod2(b->dhead + i, cap2)];
}

static inline const struct noc_desc *dq_c(const struct noc_buf *b,
					  uint32_t cap2, uint32_t i)
{
	return &b->d[mod2(b->dhead + i, cap2)];
}

/* Room for one more flit, counting this cycle's departures as still there. */
static inline bool has_credit(const struct emu_noc *n, const struct noc_buf *b)
{
	return b->nflits + b->freed < n->cap;
}

/* A new packet may start entering @b: no packet still arriving in it. */
static inline bool vc_free(const struct emu_noc *n, const struct noc_buf *b)
{
	const struct noc_desc *t;

	if (!b->ndesc)
		return true;
	t = dq_c(b, n->cap + 2, b->ndesc - 1);
	return t->fin == n->pkts[t->pkt].p.flits;
}

bool emu_noc_can_inject(const struct emu_noc *n, uint32_t src,
			const struct emu_noc_pkt *p)
{
	const struct noc_buf *b;

	if (src >= n->nsrc || p->src != src || n->free_pkt == NONE)
		return false;
	b = &n->bufs[n->inports[n->src_port[src]].buf0 + emu_noc_vc(n, p)];
	return vc_free(n, b) && has_credit(n, b);
}

int emu_noc_inject(struct emu_noc *n, const struct emu_noc_pkt *p,
		   uint64_t now)
{
	struct noc_buf *b;
	struct noc_prec *k;
	struct noc_desc *d;
	uint32_t id, vc;

	(void)now;
	if (p->src >= n->nsrc || p->dst >= n->ndst || !p->flits ||
	    p->slot >= CORUN_MAX_SLOTS)
		return -EINVAL;
	if (!emu_noc_can_inject(n, p->src, p))
		return -EBUSY;
	vc = emu_noc_vc(n, p);
	b = &n->bufs[n->inports[n->src_port[p->src]].buf0 + vc];
	id = n->free_pkt;
	k = &n->pkts[id];
	n->free_pkt = k->next_free;
	k->p = *p;
	k->vc = vc;
	k->dl = 0;
	k->dir = RING_CW;
	if (n->topology == EMU_NOC_RING)
		ring_dist(n, n->src_router[p->src], n->dst_router[p->dst],
			  &k->dir);
	/* The descriptor waits with no flit; the interface streams them in. */
	d = dq(b, n->cap + 2, b->ndesc++);
	*d = (struct noc_desc){ .pkt = id, .out = NONE, .nbuf = NONE };
	if (!n->ni_pending[p->src]++)
		emu_bit_set(n->ni_busy, p->src);
	n->pending++;
	n->live++;
	return 0;
}

static void push_flit(struct emu_noc *n, struct noc_buf *b, uint64_t now)
{
	b->ft[mod2(b->fhead + b->nflits, n->cap)] = now;
	if (!b->nflits++) {
		b->ready = now + n->latency;
		emu_bit_set(n->full, (uint32_t)(b - n->bufs));
	}
}

static void stall(struct emu_noc *n, const struct noc_prec *k)
{
	n->slot_stall[k->p.slot]++;
	n->vc_stall[k->vc]++;
	n->src_stall[k->p.src]++;
}

/* Source interfaces: one flit per source per cycle into its VC buffers. */
static void ni_tick(struct emu_noc *n, uint64_t now)
{
	uint32_t s, i;

	for (s = emu_bit_next(n->ni_busy, 0, n->nsrc); s < n->nsrc;
	     s = emu_bit_next(n->ni_busy, s + 1, n->nsrc)) {
		const struct noc_inport *in;
		bool sent = false;

		in = &n->inports[n->src_port[s]];
		for (i = 0; i < in->nvc; i++) {
			uint32_t v = mod2(n->ni_rr[s] + i, in->nvc);
			struct noc_buf *b = &n->bufs[in->buf0 + v];
			struct noc_desc *t;
			struct noc_prec *k;

			if (!b->ndesc)
				continue;
			t = dq(b, n->cap + 2, b->ndesc - 1);
			k = &n->pkts[t->pkt];
			if (t->fin == k->p.flits)
				continue;
			if (!has_credit(n, b)) {
				stall(n, k);
				continue;
			}
			if (sent)
				continue; /* link busy: not a credit stall */
			push_flit(n, b, now);
			sent = true;
			n->ni_rr[s] = mod2(v + 1, in->nvc);
			if (++t->fin == k->p.flits) {
				if (!--n->ni_pending[s])
					emu_bit_clear(n->ni_busy, s);
				n->pending--;
			}
		}
	}
}

static void free_pkt(struct emu_noc *n, uint32_t id)
{
	n->pkts[id].next_free = n->free_pkt;
	n->free_pkt = id;
	n->live--;
}

/* Move the oldest flit of @bi through output @op at @now. */
static void move(struct emu_noc *n, uint32_t bi, uint32_t op, uint64_t now)
{
	struct noc_buf *b = &n->bufs[bi];
	struct noc_outport *o = &n->outports[op];
	struct noc_desc *d = dq(b, n->cap + 2, 0);
	struct noc_prec *k = &n->pkts[d->pkt];
	uint32_t id = d->pkt;
	bool head = d->fout == 0, tail;

	b->fhead = mod2(b->fhead + 1, n->cap);
	if (!--b->nflits)
		emu_bit_clear(n->full, bi);
	else
		b->ready = b->ft[b->fhead] + n->latency;
	if (!b->freed++)
		n->touched[n->ntouched++] = bi;
	n->inports[b->inport].used = now + 1;
	o->used = now + 1;
	o->rr = bi + 1;
	d->fout++;
	tail = d->fout == k->p.flits;

	if (o->dst == NONE) {
		struct noc_buf *nb;

		if (head) {
			uint32_t pvc = k->vc;

			if (o->dateline)
				k->dl = 1;
			if (n->topology == EMU_NOC_RING)
				pvc = k->vc * 2 + k->dl;
			d->out = op;
			d->nbuf = n->inports[o->next_in].buf0 + pvc;
			nb = &n->bufs[d->nbuf];
			*dq(nb, n->cap + 2, nb->ndesc++) = (struct noc_desc){
				.pkt = id, .out = NONE, .nbuf = NONE
			};
		}
		nb = &n->bufs[d->nbuf];
		push_flit(n, nb, now);
		dq(nb, n->cap + 2, nb->ndesc - 1)->fin++;
	} else {
		if (head) {
			d->out = op;
			o->lock = bi;
		}
		n->slot_flits[k->p.slot]++;
		n->vc_flits[k->vc]++;
		n->src_flits[k->p.src]++;
	}
	if (tail) {
		b->dhead = mod2(b->dhead + 1, n->cap + 2);
		b->ndesc--;
		if (o->dst != NONE) {
			o->lock = NONE;
			if (n->ops.deliver)
				n->ops.deliver(n->ops.ctx, &k->p, now);
			free_pkt(n, id);
		}
	}
}

/* Can the oldest flit of @b move now, and where to: 1 yes, 0 no (not
 * ready or output taken), -1 stalled for a credit.
 */
static int want(struct emu_noc *n, uint32_t r, struct noc_buf *b,
		uint64_t now, uint32_t *opp)
{
	struct noc_desc *d;
	const struct noc_prec *k;
	const struct noc_outport *o;
	uint32_t op;

	if (!b->nflits || b->ready > now)
		return 0;
	d = dq(b, n->cap + 2, 0);
	k = &n->pkts[d->pkt];
	if (d->fout) {
		op = d->out;
		o = &n->outports[op];
		if (o->dst == NONE && !has_credit(n, &n->bufs[d->nbuf]))
			return -1;
	} else {
		op = route(n, r, k);
		o = &n->outports[op];
		if (o->dst != NONE) {
			if (o->lock != NONE)
				return 0; /* another packet holds the port */
		} else {
			const struct noc_buf *nb;
			uint32_t pvc = k->vc;

			if (n->topology == EMU_NOC_RING)
				pvc = k->vc * 2 + (k->dl | o->dateline);
			nb = &n->bufs[n->inports[o->next_in].buf0 + pvc];
			if (!vc_free(n, nb) || !has_credit(n, nb))
				return -1;
		}
	}
	*opp = op;
	return 1;
}

/* Is candidate @a better than @b at output @o (class, age, round robin). */
static bool better(const struct emu_noc *n, const struct noc_outport *o,
		   uint32_t a, uint32_t b)
{
	const struct noc_buf *ba = &n->bufs[a], *bb = &n->bufs[b];
	uint64_t ta = ba->ready, tb = bb->ready;

	if (ba->prio != bb->prio)
		return ba->prio < bb->prio;
	if (ta != tb)
		return ta < tb;
	return mod2(a + n->nbufs - o->rr, n->nbufs) <
	       mod2(b + n->nbufs - o->rr, n->nbufs);
}

static void cand_drop(struct emu_noc *n, struct noc_outport *o, uint32_t bi)
{
	uint32_t *pp = &o->cand;

	while (*pp != bi)
		pp = &n->bufs[*pp].cand_next;
	*pp = n->bufs[bi].cand_next;
}

/* Grant output @op to its best requester, if any may go. */
static void grant(struct emu_noc *n, uint32_t op, uint64_t now)
{
	struct noc_outport *o = &n->outports[op];
	uint32_t c, best;

	while (o->cand != NONE) {
		best = NONE;
		for (c = o->cand; c != NONE; c = n->bufs[c].cand_next) {
			if (n->inports[n->bufs[c].inport].used == now + 1)
				continue;
			if (best == NONE || better(n, o, c, best))
				best = c;
		}
		if (best == NONE)
			break;
		if (o->dst != NONE && o->lock == NONE && n->ops.can_eject) {
			const struct noc_buf *b = &n->bufs[best];
			const struct noc_prec *k =
				&n->pkts[dq_c(b, n->cap + 2, 0)->pkt];

			if (!n->ops.can_eject(n->ops.ctx, o->dst, &k->p)) {
				stall(n, k);
				cand_drop(n, o, best);
				continue; /* the next one may be welcome */
			}
		}
		move(n, best, op, now);
		break;
	}
	o->cand = NONE;
	emu_bit_clear(n->want, op);
}

static void router_tick(struct emu_noc *n, uint32_t r, uint64_t now)
{
	struct noc_router *rt = &n->routers[r];
	uint32_t bend = rt->buf0 + rt->nbuf, oend = rt->out0 + rt->nout;
	uint32_t bi, i, op, first = rt->out0 + rt->orr;

	/* Requests: each buffer's oldest flit asks for one output. */
	for (bi = emu_bit_next(n->full, rt->buf0, bend); bi < bend;
	     bi = emu_bit_next(n->full, bi + 1, bend)) {
		struct noc_buf *b = &n->bufs[bi];
		int w = want(n, r, b, now, &op);

		if (w < 0)
			stall(n, &n->pkts[dq(b, n->cap + 2, 0)->pkt]);
		if (w <= 0)
			continue;
		b->cand_next = n->outports[op].cand;
		n->outports[op].cand = bi;
		emu_bit_set(n->want, op);
	}
	/* Grants: one flit per output and per input; outputs take turns
	 * choosing first so no output is always served last. Only outputs
	 * with requests, from @first round to @first - 1.
	 */
	for (i = 0; i < 2; i++) {
		uint32_t lo = i ? rt->out0 : first, hi = i ? first : oend;

		for (op = emu_bit_next(n->want, lo, hi); op < hi;
		     op = emu_bit_next(n->want, op + 1, hi))
			grant(n, op, now);
	}
	rt->orr = (rt->orr + 1) % (rt->nout ? rt->nout : 1);
}

void emu_noc_tick(struct emu_noc *n, uint64_t now)
{
	uint32_t r, i;
	uint64_t next = UINT64_MAX;

	if (!n->live)
		return;
	/*
	 * Nothing to stream in and no head flit ready: the tick would only
	 * rotate the routers' output priority, so count it and catch up on
	 * the next tick that does work.
	 */
	if (!n->pending && n->next_ready > now) {
		n->idle++;
		return;
	}
	if (n->idle) {
		for (r = 0; r < n->nrouters; r++) {
			struct noc_router *rt = &n->routers[r];

			if (rt->nout)
				rt->orr = (uint32_t)((rt->orr + n->idle) %
						     rt->nout);
		}
		n->idle = 0;
	}
	ni_tick(n, now);
	for (r = 0; r < n->nrouters; r++)
		router_tick(n, r, now);
	for (i = 0; i < n->ntouched; i++)
		n->bufs[n->touched[i]].freed = 0;
	n->ntouched = 0;
	for (i = emu_bit_next(n->full, 0, n->nbufs); i < n->nbufs;
	     i = emu_bit_next(n->full, i + 1, n->nbufs)) {
		const struct noc_buf *b = &n->bufs[i];

		if (b->ready < next)
			next = b->ready;
	}
	n->next_ready = next;
}

uint64_t emu_noc_next_event(const struct emu_noc *n, uint64_t now)
{
	if (!n->live)
		return UINT64_MAX;
	if (n->pending || n->next_ready <= now + 1)
		return now + 1;
	return n->next_ready;
}

unsigned int emu_noc_busy(const struct emu_noc *n)
{
	return n->live;
}

void emu_noc_counters(const struct emu_noc *n, unsigned int slot,
		      uint64_t *flits, uint64_t *stall_cycles)
{
	bool ok = slot < CORUN_MAX_SLOTS;

	if (flits)
		*flits = ok ? n->slot_flits[slot] : 0;
	if (stall_cycles)
		*stall_cycles = ok ? n->slot_stall[slot] : 0;
}

void emu_noc_vc_counters(const struct emu_noc *n, unsigned int vc,
			 uint64_t *flits, uint64_t *stall)
{
	bool ok = vc < n->vcs;

	if (flits)
		*flits = ok ? n->vc_flits[vc] : 0;
	if (stall)
		*stall = ok ? n->vc_stall[vc] : 0;
}

void emu_noc_src_counters(const struct emu_noc *n, uint32_t src,
			  uint64_t *flits, uint64_t *stall)
{
	bool ok = src < n->nsrc;

	if (flits)
		*flits = ok ? n->src_flits[src] : 0;
	if (stall)
		*stall = ok ? n->src_stall[src] : 0;
}
