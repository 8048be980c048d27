/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: the on-chip network (one instance per direction).
 *
 * A cycle-level wormhole network in NoC cycles (noc_mhz). Topologies
 * ([noc] topology):
 *
 * crossbar  one nsrc x ndst input-queued crossbar (one router, one hop).
 * ring      bidirectional ring of R stops, shortest direction (ties go
 *	     clockwise, i.e. towards higher stop numbers); a dateline doubles
 *	     the VCs of the ring links so wormhole cannot deadlock.
 * mesh      mesh_x x mesh_y mesh, router (x, y) = y * mesh_x + x, XY
 *	     dimension-order routing (deadlock-free).
 *
 * Placement on ring/mesh: with R routers, source i sits at router
 * i * R / nsrc and destination j at router j * R / ndst (integer division),
 * so an SM keeps its router in the request and in the reply instance.
 * R is noc.ring_stops / noc.mesh_x * noc.mesh_y, or when 0 (auto)
 * max(nsrc, ndst) stops / the smallest near-square mesh holding that many.
 *
 * Every router input port has one FIFO of noc.vc_buffer flits per VC.
 * Each source has a network interface that holds at most one packet per VC
 * not yet fully inside the injection buffer and streams it in at one flit
 * per cycle. Per cycle every input port sends at most one flit and every
 * output port (link or ejection port) carries at most one flit. A flit
 * may leave a buffer noc.latency cycles after it arrived (one hop) and
 * only with a credit (space in the downstream VC buffer; credits freed in
 * a cycle become usable the next cycle). A head flit takes the downstream
 * VC for its packet until the tail passes (wormhole); an ejection port is
 * held by one packet from head to tail. Packets behind a blocked head in
 * the same VC wait (head-of-line blocking). Output arbitration: optional
 * strict priority across VC classes, then oldest head first (FCFS), ties
 * round-robin.
 *
 * Zero-load latency of a packet of F flits over H routers (crossbar: H = 1,
 * ring/mesh: links + 1) injected at cycle t (before emu_noc_tick(t)):
 * delivered at t + H * latency + F - 1.
 *
 * Deterministic; no allocation after emu_noc_create().
 */
#ifndef _EMU_NOC_H_
#define _EMU_NOC_H_

#include <stdbool.h>
#include <stdint.h>

#include "config.h"

/* struct emu_noc_pkt.traffic values (vc_map = class uses them). */
enum emu_noc_traffic {
	EMU_NOC_REQ = 0, /* read request / command */
	EMU_NOC_REPLY = 1, /* read reply with data */
	EMU_NOC_WB = 2, /* write data, write-back */
};

/**
 * struct emu_noc_pkt - one packet
 * @tag: caller's opaque id, returned unchanged
 * @src: source endpoint (0..nsrc-1)
 * @dst: destination endpoint (0..ndst-1)
 * @flits: length in flits (>= 1)
 * @slot: hardware slot charged for the flits (< CORUN_MAX_SLOTS)
 * @cls: enum emu_mem_cls (0 GPU, 1 CPU)
 * @traffic: enum emu_noc_traffic
 */
struct emu_noc_pkt {
	uint64_t tag;
	uint32_t src, dst;
	uint16_t flits;
	uint16_t slot;
	uint8_t cls;
	uint8_t traffic;
};

/**
 * struct emu_noc_ops - the destinations' side
 * @ctx: for the callbacks
 * @can_eject: may @p's head flit enter destination @dst now? Asked (at
 *	most once per cycle) for a head that won the free ejection port; if
 *	false the head stalls and the next candidate is asked. Once true the
 *	whole packet is accepted (the destination reserves room for it, as
 *	no other packet can eject to @dst until its tail has). NULL: always.
 * @deliver: @p's tail flit left the network at @noc_cycle (called from
 *	emu_noc_tick()). @p is valid only during the call.
 */
struct emu_noc_ops {
	void *ctx;
	bool (*can_eject)(void *ctx, uint32_t dst,
			  const struct emu_noc_pkt *p);
	void (*deliver)(void *ctx, const struct emu_noc_pkt *p,
			uint64_t noc_cycle);
};

struct emu_noc;

/**
 * struct emu_noc_vc_counters - one virtual channel of the two networks
 *	of the memory side (emu_gpu_noc_vc_counters())
 * @req_flits: flits ejected from it in the request network (SMs to L2)
 * @req_stall: stall cycles of its flits there (no credit, refused)
 * @rep_flits: likewise in the reply network (L2 to SMs)
 * @rep_stall: likewise
 */
struct emu_noc_vc_counters {
	uint64_t req_flits;
	uint64_t req_stall;
	uint64_t rep_flits;
	uint64_t rep_stall;
};

/**
 * emu_noc_create() - build one network
 * @cfg: configuration ([noc] section; copied)
 * @nsrc: source endpoints (>= 1)
 * @ndst: destination endpoints (>= 1)
 * @ops: destination callbacks (copied)
 *
 * Return: the network, or NULL (no memory, or endpoints do not fit the
 * configured ring/mesh size).
 */
struct emu_noc *emu_noc_create(const struct emu_config *cfg, uint32_t nsrc,
			       uint32_t ndst, const struct emu_noc_ops *ops);

/**
 * emu_noc_destroy() - free it (NULL is fine)
 * @n: network
 */
void emu_noc_destroy(struct emu_noc *n);

/**
 * emu_noc_vc() - the VC a packet travels in
 * @n: network
 * @p: packet
 *
 * A slot given a VC by emu_noc_set_slot_vc() sends every packet in it
 * (requests, write data and replies, CPU or GPU class). Otherwise
 * [noc] vc_map decides. class: @p->traffic % vcs. slot: @p->slot % vcs.
 * cpu_gpu: CPU packets use VCs 0..cpu_vcs-1, GPU packets cpu_vcs..vcs-1
 * (within its class a packet takes VC base + slot % class VCs); cpu_vcs
 * = 0 shares all VCs (slot % vcs).
 *
 * Return: the VC, 0..vcs-1.
 */
unsigned int emu_noc_vc(const struct emu_noc *n, const struct emu_noc_pkt *p);

/**
 * emu_noc_set_slot_vc() - put a slot's packets in one VC
 * @n: network
 * @slot: hardware slot (< CORUN_MAX_SLOTS)
 * @vc: 0..vcs-1, or EMU_NOC_VC_MAPPED (the reset value): [noc] vc_map
 *
 * Packets injected from now on use it; packets in flight keep theirs.
 * With strict_priority the VC also sets the packets' arbitration class.
 *
 * Return: 0 or -EINVAL (bad slot or VC).
 */
int emu_noc_set_slot_vc(struct emu_noc *n, unsigned int slot, uint32_t vc);

/**
 * emu_noc_slot_vc() - a slot's VC as set
 * @n: network
 * @slot: hardware slot
 *
 * Return: the VC, or EMU_NOC_VC_MAPPED (also for a bad slot).
 */
uint32_t emu_noc_slot_vc(const struct emu_noc *n, unsigned int slot);

/**
 * emu_noc_can_inject() - would emu_noc_inject() accept @p now
 * @n: network
 * @src: source endpoint (must equal @p->src)
 * @p: packet
 *
 * Return: true if the source's interface has no packet of @p's VC still
 * streaming in and the injection VC buffer has a free flit slot.
 */
bool emu_noc_can_inject(const struct emu_noc *n, uint32_t src,
			const struct emu_noc_pkt *p);

/**
 * emu_noc_inject() - hand a packet to its source's interface
 * @n: network
 * @p: packet (copied)
 * @now: current NoC cycle; its head flit enters in emu_noc_tick(@now)
 *
 * Return: 0, -EBUSY if emu_noc_can_inject() is false, -EINVAL for a bad
 * endpoint, length or slot.
 */
int emu_noc_inject(struct emu_noc *n, const struct emu_noc_pkt *p,
		   uint64_t now);

/**
 * emu_noc_tick() - simulate NoC cycle @now
 * @n: network
 * @now: NoC cycle, increasing between calls
 *
 * Call it at every cycle up to emu_noc_next_event(); stall cycles are
 * counted per call. Calls ops->deliver for packets whose tail ejects.
 */
void emu_noc_tick(struct emu_noc *n, uint64_t now);

/**
 * emu_noc_next_event() - earliest NoC cycle > @now at which
 *	emu_noc_tick() has work
 * @n: network
 * @now: current NoC cycle (the last tick)
 *
 * @now + 1 while any flit is ready to move (or blocked: credits and
 * can_eject are polled), else the cycle the next flit's hop latency ends.
 *
 * Return: that cycle, or UINT64_MAX when the network is empty.
 */
uint64_t emu_noc_next_event(const struct emu_noc *n, uint64_t now);

/**
 * emu_noc_busy() - packets inside the network
 * @n: network
 *
 * Return: injected and not yet delivered packets.
 */
unsigned int emu_noc_busy(const struct emu_noc *n);

/**
 * emu_noc_counters() - per-slot totals
 * @n: network
 * @slot: hardware slot
 * @flits: receives flits ejected for the slot (may be NULL)
 * @stall_cycles: receives cycles the slot's flits could not advance for
 *	lack of a credit or ejection refusal, summed over flits (may be NULL)
 */
void emu_noc_counters(const struct emu_noc *n, unsigned int slot,
		      uint64_t *flits, uint64_t *stall_cycles);

/**
 * emu_noc_vc_counters() - per-VC totals (VC as returned by emu_noc_vc())
 * @n: network
 * @vc: virtual channel
 * @flits: receives flits ejected from the VC (may be NULL)
 * @stall: receives stall cycles in the VC (may be NULL)
 */
void emu_noc_vc_counters(const struct emu_noc *n, unsigned int vc,
			 uint64_t *flits, uint64_t *stall);

/**
 * emu_noc_src_counters() - per-source totals
 * @n: network
 * @src: source endpoint
 * @flits: receives flits the source's packets ejected (may be NULL)
 * @stall: receives stall cycles of the source's flits (may be NULL)
 */
void emu_noc_src_counters(const struct emu_noc *n, uint32_t src,
			  uint64_t *flits, uint64_t *stall);

/**
 * emu_noc_hops() - routers a packet from @src to @dst traverses
 * @n: network
 * @src: source endpoint
 * @dst: destination endpoint
 *
 * Return: 1 for the crossbar, links + 1 on ring and mesh.
 */
unsigned int emu_noc_hops(const struct emu_noc *n, uint32_t src,
			  uint32_t dst);

#endif /* _EMU_NOC_H_ */
