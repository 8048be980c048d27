// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Test device for the emu tests (see testdev.h).
 */
#include <stdlib.h>
#include <string.h>

#include "testdev.h"

static uint8_t *tdev_map_cb(void *ctx, uint64_t pa, uint64_t len)
{
	struct tdev *t = ctx;

	/* The first page is never device-visible: catches PA 0. */
	if (pa < CORUN_PAGE_SIZE || pa >= t->size || len > t->size - pa)
		return NULL;
	return t->mem + pa;
}

void tdev_test_config(struct emu_config *c)
{
	char err[256];

	emu_config_defaults(c);
	/* emu/configs/test-2sm.ini without its measured [calib] values. */
	emu_config_parse("[gpu]\nname = test-2sm\nnum_sms = 2\nwarp_size = 8\n"
			 "[sm]\ncta_slots = 8\nmax_threads = 256\nregs = 8192\n"
			 "reg_alloc_unit = 64\nshared_bytes = 16K\n"
			 "local_bytes = 256K\nmax_kernels = 4\nschedulers = 2\n"
			 "two_level_active = 4\n"
			 "[l1]\nsize = 4K\nways = 4\nline = 64\nlatency = 10\n"
			 "mshrs = 32\nmissq_entries = 16\nmissq_subqueues = 4\n"
			 "[l2]\nbanks = 2\nbank_size = 16K\nways = 4\nline = 64\n"
			 "latency = 50\n[dram]\nchannels = 2\nlatency = 115\n",
			 "test-2sm", c, err, sizeof(err));
}

int tdev_init(struct tdev *t, const struct emu_config *cfg, uint64_t mem_bytes)
{
	uint32_t i;

	memset(t, 0, sizeof(*t));
	if (cfg)
		t->cfg = *cfg;
	else
		tdev_test_config(&t->cfg);
	t->size = mem_bytes;
	t->mem = calloc(1, mem_bytes);
	if (!t->mem)
		return -1;
	t->brk = CORUN_PAGE_SIZE;
	t->va_next = 0x00100000;
	t->pt_root = tdev_alloc_pa(t, CORUN_PT_L1_SIZE, CORUN_PT_L1_SIZE);
	for (i = 0; i < CORUN_MAX_SLOTS; i++) {
		t->fence_pa[i] = tdev_alloc_pa(t, 8, 8);
		t->counters_pa[i] = tdev_alloc_pa(t, sizeof(struct corun_job_counters), 8);
	}
	t->phys.ctx = t;
	t->phys.map = tdev_map_cb;
	t->gpu = emu_gpu_create(&t->cfg, &t->phys);
	return t->gpu ? 0 : -1;
}

void tdev_fini(struct tdev *t)
{
	emu_gpu_destroy(t->gpu);
	free(t->mem);
	t->gpu = NULL;
	t->mem = NULL;
}

uint64_t tdev_alloc_pa(struct tdev *t, uint64_t size, uint64_t align)
{
	uint64_t pa = (t->brk + align - 1) & ~(align - 1);

	if (pa + size > t->size)
		abort();
	t->brk = pa + size;
	return pa;
}

static uint64_t *pte_at(struct tdev *t, uint64_t pa)
{
	return (uint64_t *)(t->mem + pa);
}

uint64_t *tdev_pte(struct tdev *t, uint32_t va)
{
	uint64_t l1 = *pte_at(t, t->pt_root + 8 * CORUN_PT_L1_INDEX(va));

	if (!(l1 & CORUN_PTE_VALID))
		return NULL;
	return pte_at(t, (l1 & CORUN_PTE_ADDR_MASK) + 8 * CORUN_PT_L2_INDEX(va));
}

void tdev_map(struct tdev *t, uint32_t va, uint64_t pa, uint64_t bits)
{
	uint64_t *l1 = pte_at(t, t->pt_root + 8 * CORUN_PT_L1_INDEX(va));

	if (!(*l1 & CORUN_PTE_VALID)) {
		uint64_t l2 = tdev_alloc_pa(t, CORUN_PT_L2_SIZE, CORUN_PAGE_SIZE);

		*l1 = l2 | CORUN_PTE_VALID;
	}
	*tdev_pte(t, va) = pa | bits | CORUN_PTE_VALID;
}

uint32_t tdev_alloc(struct tdev *t, uint32_t size, uint64_t perm)
{
	uint32_t va = t->va_next, off;
	uint32_t pages = (size + CORUN_PAGE_SIZE - 1) / CORUN_PAGE_SIZE;
	uint64_t pa = tdev_alloc_pa(t, (uint64_t)pages * CORUN_PAGE_SIZE,
				    CORUN_PAGE_SIZE);

	for (off = 0; off < pages * CORUN_PAGE_SIZE; off += CORUN_PAGE_SIZE)
		tdev_map(t, va + off, pa + off, perm);
	/* One unmapped guard page after every allocation. */
	t->va_next += (pages + 1) * CORUN_PAGE_SIZE;
	return va;
}

void *tdev_ptr(struct tdev *t, uint32_t va)
{
	uint64_t *pte = tdev_pte(t, va);

	if (!pte || !(*pte & CORUN_PTE_VALID))
		return NULL;
	return t->mem + (*pte & CORUN_PTE_ADDR_MASK) + (va & (CORUN_PAGE_SIZE - 1));
}

uint32_t tdev_code(struct tdev *t, const uint32_t *words, uint32_t n)
{
	uint32_t va = tdev_alloc(t, n * 4, TDEV_RX);

	memcpy(tdev_ptr(t, va), words, n * 4);
	return va;
}

void tdev_desc(struct tdev *t, unsigned int slot, struct corun_job_desc *d,
	       uint32_t entry, uint32_t grid, uint32_t block)
{
	memset(d, 0, sizeof(*d));
	d->magic = CORUN_DESC_MAGIC;
	d->version = CORUN_DESC_VERSION;
	d->size = sizeof(*d);
	d->flags = CORUN_DESC_F_COUNTERS;
	d->pt_root = t->pt_root;
	d->fence_addr = t->fence_pa[slot];
	d->counters_addr = t->counters_pa[slot];
	d->seqno = 1;
	d->entry = entry;
	d->grid[0] = grid;
	d->grid[1] = 1;
	d->grid[2] = 1;
	d->block[0] = block;
	d->block[1] = 1;
	d->block[2] = 1;
	d->regs_per_thread = 32;
}

int tdev_run(struct tdev *t, unsigned int slot, const struct corun_job_desc *d,
	     struct emu_event *ev, uint64_t max_cycles)
{
	uint64_t stop = emu_gpu_cycle(t->gpu) + max_cycles;

	if (emu_gpu_submit(t->gpu, slot, d))
		return -1;
	for (;;) {
		int r = emu_gpu_run(t->gpu, stop, ev);

		if (r == EMU_EV_JOB_DONE && ev->slot == slot)
			return 0;
		if (r == EMU_EV_NONE || r == EMU_EV_IDLE)
			return -1;
	}
}

int tdev_run_all(struct tdev *t, struct emu_event *evs, uint64_t max_cycles)
{
	uint64_t stop = emu_gpu_cycle(t->gpu) + max_cycles;
	struct emu_event ev;

	for (;;) {
		int r = emu_gpu_run(t->gpu, stop, &ev);

		if (r == EMU_EV_JOB_DONE)
			evs[ev.slot] = ev;
		if (r == EMU_EV_IDLE)
			return 0;
		if (r == EMU_EV_NONE)
			return -1;
	}
}
