// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * emu MMU: page-table walk, permissions, reserved bits, BUS errors and
 * the software TLB.
 */
#include <stdlib.h>
#include <string.h>
#include <kunit/test.h>

#include "mmu.h"

#define ARENA (1u << 20)

struct arena {
	uint8_t *mem;
	struct emu_phys_ops ops;
	uint64_t brk;
	unsigned int maps;
};

static uint8_t *amap(void *ctx, uint64_t pa, uint64_t len)
{
	struct arena *a = ctx;

	a->maps++;
	if (pa < 4096 || pa >= ARENA || len > ARENA - pa)
		return NULL;
	return a->mem + pa;
}

static void arena_init(struct arena *a)
{
	a->mem = calloc(1, ARENA);
	a->ops.ctx = a;
	a->ops.map = amap;
	a->brk = 16384; /* root at 16 KiB */
	a->maps = 0;
}

static uint64_t *pte(struct arena *a, uint64_t table, uint32_t idx)
{
	return (uint64_t *)(a->mem + table) + idx;
}

/* Map @va -> @pa with @bits through a fresh level-2 table. */
static uint64_t map_page(struct arena *a, uint32_t va, uint64_t pa,
			 uint64_t bits)
{
	uint64_t *l1 = pte(a, 16384, CORUN_PT_L1_INDEX(va));

	if (!(*l1 & CORUN_PTE_VALID)) {
		a->brk = (a->brk + 16384 + 4095) & ~4095ull;
		*l1 = a->brk | CORUN_PTE_VALID;
	}
	*pte(a, *l1 & CORUN_PTE_ADDR_MASK, CORUN_PT_L2_INDEX(va)) = pa | bits;
	return *l1 & CORUN_PTE_ADDR_MASK;
}

static void mmu_walk_and_perms(struct kunit *test)
{
	struct arena a;
	struct emu_mmu *m = calloc(1, sizeof(*m));
	const struct emu_tlb_entry *e;

	arena_init(&a);
	emu_mmu_init(m, &a.ops, 16384);
	map_page(&a, 0x00400000, 0x80000, CORUN_PTE_VALID | CORUN_PTE_READ);
	map_page(&a, 0x00401000, 0x81000,
		 CORUN_PTE_VALID | CORUN_PTE_READ | CORUN_PTE_WRITE);
	map_page(&a, 0x00402000, 0x82000, CORUN_PTE_VALID | CORUN_PTE_EXEC);
	map_page(&a, 0x00403000, 0x83000, CORUN_PTE_VALID | CORUN_PTE_WRITE);

	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400abc, CORUN_ACCESS_READ, &e), 0);
	KUNIT_EXPECT_EQ(test, e->pa, 0x80000ull);
	KUNIT_EXPECT_PTR_EQ(test, e->host, a.mem + 0x80000);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400abc, CORUN_ACCESS_WRITE, &e),
			CORUN_FAULT_PERM_WRITE);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400000, CORUN_ACCESS_FETCH, &e),
			CORUN_FAULT_PERM_EXEC);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400000, CORUN_ACCESS_AMO, &e),
			CORUN_FAULT_PERM_WRITE);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00401004, CORUN_ACCESS_AMO, &e), 0);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00402000, CORUN_ACCESS_FETCH, &e), 0);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00402000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_PERM_READ);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00403000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_PERM_READ);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00403000, CORUN_ACCESS_AMO, &e),
			CORUN_FAULT_PERM_READ);
	/* Unmapped: invalid L2 entry, invalid L1 entry. */
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00404000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_UNMAPPED);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x40000000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_UNMAPPED);
	free(m);
	free(a.mem);
}

static void mmu_reserved_bits(struct kunit *test)
{
	struct arena a;
	struct emu_mmu *m = calloc(1, sizeof(*m));
	uint64_t l2, *p;
	uint64_t v;
	int bit;

	arena_init(&a);
	emu_mmu_init(m, &a.ops, 16384);
	l2 = map_page(&a, 0x00800000, 0x90000, CORUN_PTE_VALID | CORUN_PTE_READ);
	p = pte(&a, l2, CORUN_PT_L2_INDEX(0x00800000));
	/* Every reserved level-2 bit faults, even on an invalid entry. */
	for (bit = 4; bit < 64; bit++) {
		if (bit >= 12 && bit <= 51)
			continue;
		*p = 0x90000 | CORUN_PTE_VALID | CORUN_PTE_READ | (1ull << bit);
		KUNIT_EXPECT_EQ_MSG(test, emu_mmu_walk(m, 0x00800000, &v),
				    CORUN_FAULT_BAD_PTE, "l2 bit %d", bit);
	}
	*p = 0x90000 | CORUN_PTE_READ | (1ull << 63);
	KUNIT_EXPECT_EQ(test, emu_mmu_walk(m, 0x00800000, &v), CORUN_FAULT_BAD_PTE);
	*p = 0x90000 | CORUN_PTE_VALID | CORUN_PTE_READ;
	KUNIT_EXPECT_EQ(test, emu_mmu_walk(m, 0x00800000, &v), 0);
	/* Level 1: R/W/X are reserved too. */
	p = pte(&a, 16384, CORUN_PT_L1_INDEX(0x00800000));
	for (bit = 1; bit < 64; bit++) {
		uint64_t save = *p;

		if (bit >= 12 && bit <= 51)
			continue;
		*p |= 1ull << bit;
		KUNIT_EXPECT_EQ_MSG(test, emu_mmu_walk(m, 0x00800000, &v),
				    CORUN_FAULT_BAD_PTE, "l1 bit %d", bit);
		*p = save;
	}
	free(m);
	free(a.mem);
}

static void mmu_bus_errors(struct kunit *test)
{
	struct arena a;
	struct emu_mmu *m = calloc(1, sizeof(*m));
	const struct emu_tlb_entry *e;
	uint64_t *l1;

	arena_init(&a);
	emu_mmu_init(m, &a.ops, 16384);
	/* Page outside device-visible memory. */
	map_page(&a, 0x00c00000, 1ull << 40, CORUN_PTE_VALID | CORUN_PTE_READ);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00c00000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_BUS);
	/* Level-2 table outside it. */
	l1 = pte(&a, 16384, CORUN_PT_L1_INDEX(0x01000000));
	*l1 = (1ull << 41) | CORUN_PTE_VALID;
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x01000000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_BUS);
	/* Root outside it. */
	emu_mmu_init(m, &a.ops, 1ull << 42);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00c00000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_BUS);
	free(m);
	free(a.mem);
}

static void mmu_tlb(struct kunit *test)
{
	struct arena a;
	struct emu_mmu *m = calloc(1, sizeof(*m));
	const struct emu_tlb_entry *e;
	uint64_t l2;
	unsigned int maps;

	arena_init(&a);
	emu_mmu_init(m, &a.ops, 16384);
	l2 = map_page(&a, 0x00400000, 0x80000, CORUN_PTE_VALID | CORUN_PTE_READ);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400010, CORUN_ACCESS_READ, &e), 0);
	KUNIT_EXPECT_EQ(test, m->walks, 1ull);
	maps = a.maps;
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400ff0, CORUN_ACCESS_READ, &e), 0);
	KUNIT_EXPECT_EQ(test, m->walks, 1ull);
	KUNIT_EXPECT_EQ(test, m->hits, 1ull);
	KUNIT_EXPECT_EQ(test, a.maps, maps); /* no memory access on a hit */
	/* A cached translation survives a page-table change until a flush. */
	*pte(&a, l2, CORUN_PT_L2_INDEX(0x00400000)) = 0x81000 | CORUN_PTE_VALID |
						       CORUN_PTE_READ;
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400000, CORUN_ACCESS_READ, &e), 0);
	KUNIT_EXPECT_EQ(test, e->pa, 0x80000ull);
	emu_mmu_flush(m);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400000, CORUN_ACCESS_READ, &e), 0);
	KUNIT_EXPECT_EQ(test, e->pa, 0x81000ull);
	KUNIT_EXPECT_EQ(test, m->walks, 2ull);
	/* Conflicting VAs (same TLB index) both translate correctly. */
	map_page(&a, 0x00400000 + (EMU_TLB_SIZE << 12), 0x82000,
		 CORUN_PTE_VALID | CORUN_PTE_READ);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400000 + (EMU_TLB_SIZE << 12),
					     CORUN_ACCESS_READ, &e), 0);
	KUNIT_EXPECT_EQ(test, e->pa, 0x82000ull);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00400000, CORUN_ACCESS_READ, &e), 0);
	KUNIT_EXPECT_EQ(test, e->pa, 0x81000ull);
	/* Faults are not cached. */
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00500000, CORUN_ACCESS_READ, &e),
			CORUN_FAULT_UNMAPPED);
	map_page(&a, 0x00500000, 0x83000, CORUN_PTE_VALID | CORUN_PTE_READ);
	KUNIT_EXPECT_EQ(test, emu_mmu_lookup(m, 0x00500000, CORUN_ACCESS_READ, &e), 0);
	free(m);
	free(a.mem);
}

static struct kunit_case mmu_cases[] = {
	KUNIT_CASE(mmu_walk_and_perms),
	KUNIT_CASE(mmu_reserved_bits),
	KUNIT_CASE(mmu_bus_errors),
	KUNIT_CASE(mmu_tlb),
	{}
};

static struct kunit_suite mmu_suite = {
	.name = "emu_mmu",
	.test_cases = mmu_cases,
};

kunit_test_suites(&mmu_suite);
