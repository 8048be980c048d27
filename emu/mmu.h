/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: GPU MMU. Two-level page-table walk in the hw.h
 * format with reserved-bit and permission checks, and a software TLB per
 * job (per address space) that also caches the host mapping of the page.
 */
#ifndef _EMU_MMU_H_
#define _EMU_MMU_H_

#include <stdint.h>
#include <corun/hw.h>

#include "gpu.h"

#define EMU_TLB_BITS 10
#define EMU_TLB_SIZE (1u << EMU_TLB_BITS)

/* struct emu_tlb_entry.perm uses the PTE bits: CORUN_PTE_READ/WRITE/EXEC. */
struct emu_tlb_entry {
	uint32_t vpn_tag; /* VA >> 12, plus 1; 0 = empty */
	uint32_t perm;
	uint64_t pa; /* page PA */
	uint8_t *host; /* host address of the page */
};

/**
 * struct emu_mmu - one address space as seen by one job
 * @pt_root: guest PA of the level-1 table
 * @phys: how to reach guest memory
 * @hits: TLB hits
 * @walks: page-table walks
 * @tlb: direct-mapped software TLB
 */
struct emu_mmu {
	uint64_t pt_root;
	const struct emu_phys_ops *phys;
	uint64_t hits;
	uint64_t walks;
	struct emu_tlb_entry tlb[EMU_TLB_SIZE];
};

/**
 * emu_mmu_init() - start an address space with an empty TLB
 * @m: MMU state
 * @phys: guest memory access (kept by reference)
 * @pt_root: PA of the 16 KiB level-1 table
 */
void emu_mmu_init(struct emu_mmu *m, const struct emu_phys_ops *phys,
		  uint64_t pt_root);

/**
 * emu_mmu_flush() - empty the TLB (page tables changed)
 * @m: MMU state
 */
void emu_mmu_flush(struct emu_mmu *m);

/**
 * emu_mmu_walk() - translate without the TLB
 * @m: MMU state
 * @va: virtual address
 * @pte: receives the level-2 entry on success
 *
 * Return: 0, CORUN_FAULT_UNMAPPED, CORUN_FAULT_BAD_PTE or CORUN_FAULT_BUS
 * (a table is not in device-visible memory).
 */
int emu_mmu_walk(struct emu_mmu *m, uint32_t va, uint64_t *pte);

/**
 * emu_mmu_lookup() - translate through the TLB and check permissions
 * @m: MMU state
 * @va: virtual address
 * @acc: enum corun_fault_access (AMO needs WRITE and READ)
 * @e: receives the TLB entry (valid until the next lookup)
 *
 * Return: 0, or a fault cause: UNMAPPED, BAD_PTE, BUS (table or page not
 * device-visible), PERM_READ, PERM_WRITE, PERM_EXEC.
 */
static inline int emu_mmu_lookup(struct emu_mmu *m, uint32_t va,
				 unsigned int acc,
				 const struct emu_tlb_entry **e);

/**
 * emu_mmu_check_perm() - permission check of a translated page
 * @perm: CORUN_PTE_READ/WRITE/EXEC bits
 * @acc: enum corun_fault_access
 *
 * Return: 0 or PERM_READ / PERM_WRITE / PERM_EXEC.
 */
static inline int emu_mmu_check_perm(uint32_t perm, unsigned int acc)
{
	switch (acc) {
	case CORUN_ACCESS_READ:
		return perm & CORUN_PTE_READ ? 0 : CORUN_FAULT_PERM_READ;
	case CORUN_ACCESS_WRITE:
		return perm & CORUN_PTE_WRITE ? 0 : CORUN_FAULT_PERM_WRITE;
	case CORUN_ACCESS_FETCH:
		return perm & CORUN_PTE_EXEC ? 0 : CORUN_FAULT_PERM_EXEC;
	default:
		if (!(perm & CORUN_PTE_WRITE))
			return CORUN_FAULT_PERM_WRITE;
		return perm & CORUN_PTE_READ ? 0 : CORUN_FAULT_PERM_READ;
	}
}

/* emu_mmu_lookup() on a TLB miss: walk, fill the entry, check. */
int emu_mmu_lookup_miss(struct emu_mmu *m, uint32_t va, unsigned int acc,
			const struct emu_tlb_entry **e);

/* Inline for the TLB hit, which nearly every access is. */
static inline int emu_mmu_lookup(struct emu_mmu *m, uint32_t va,
				 unsigned int acc,
				 const struct emu_tlb_entry **e)
{
	uint32_t vpn = va >> CORUN_PAGE_SHIFT;
	struct emu_tlb_entry *t = &m->tlb[vpn & (EMU_TLB_SIZE - 1)];
	int r;

	if (__builtin_expect(t->vpn_tag != vpn + 1, 0))
		return emu_mmu_lookup_miss(m, va, acc, e);
	m->hits++;
	r = emu_mmu_check_perm(t->perm, acc);
	if (r)
		return r;
	*e = t;
	return 0;
}

#endif /* _EMU_MMU_H_ */
