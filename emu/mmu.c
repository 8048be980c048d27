// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: page-table walk and software TLB.
 */
#include <string.h>

#include "mmu.h"

void emu_mmu_init(struct emu_mmu *m, const struct emu_phys_ops *phys,
		  uint64_t pt_root)
{
	m->pt_root = pt_root;
	m->phys = phys;
	m->hits = 0;
	m->walks = 0;
	emu_mmu_flush(m);
}

void emu_mmu_flush(struct emu_mmu *m)
{
	memset(m->tlb, 0, sizeof(m->tlb));
}

static int read_pte(struct emu_mmu *m, uint64_t pa, uint64_t *v)
{
	const uint8_t *p = m->phys->map(m->phys->ctx, pa, 8);
	uint64_t x = 0;
	int i;

	if (!p)
		return CORUN_FAULT_BUS;
	for (i = 7; i >= 0; i--)
		x = x << 8 | p[i];
	*v = x;
	return 0;
}

int emu_mmu_walk(struct emu_mmu *m, uint32_t va, uint64_t *pte)
{
	uint64_t l1, l2;
	int r;

	m->walks++;
	r = read_pte(m, m->pt_root + 8ull * CORUN_PT_L1_INDEX(va), &l1);
	if (r)
		return r;
	if (l1 & CORUN_PTE_L1_RSVD_MASK)
		return CORUN_FAULT_BAD_PTE;
	if (!(l1 & CORUN_PTE_VALID))
		return CORUN_FAULT_UNMAPPED;
	r = read_pte(m, (l1 & CORUN_PTE_ADDR_MASK) + 8ull * CORUN_PT_L2_INDEX(va),
		     &l2);
	if (r)
		return r;
	if (l2 & CORUN_PTE_L2_RSVD_MASK)
		return CORUN_FAULT_BAD_PTE;
	if (!(l2 & CORUN_PTE_VALID))
		return CORUN_FAULT_UNMAPPED;
	*pte = l2;
	return 0;
}

int emu_mmu_lookup_miss(struct emu_mmu *m, uint32_t va, unsigned int acc,
			const struct emu_tlb_entry **e)
{
	uint32_t vpn = va >> CORUN_PAGE_SHIFT;
	struct emu_tlb_entry *t = &m->tlb[vpn & (EMU_TLB_SIZE - 1)];
	uint64_t pte;
	uint8_t *host;
	int r;

	r = emu_mmu_walk(m, va, &pte);
	if (r)
		return r;
	host = m->phys->map(m->phys->ctx, pte & CORUN_PTE_ADDR_MASK,
			    CORUN_PAGE_SIZE);
	if (!host)
		return CORUN_FAULT_BUS;
	t->vpn_tag = vpn + 1;
	t->perm = (uint32_t)(pte & (CORUN_PTE_READ | CORUN_PTE_WRITE |
				    CORUN_PTE_EXEC));
	t->pa = pte & CORUN_PTE_ADDR_MASK;
	t->host = host;
	r = emu_mmu_check_perm(t->perm, acc);
	if (r)
		return r;
	*e = t;
	return 0;
}
