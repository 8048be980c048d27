// SPDX-License-Identifier: GPL-2.0
/*
 * corun: per-file GPU virtual address spaces.
 *
 * Every DRM file owns one address space: a drm_mm allocator over
 * [CORUN_VA_GLOBAL_BASE, CORUN_VA_GLOBAL_END) and the two-level page
 * tables of hw.h in DMA-coherent memory. Buffer objects are mapped when
 * they are created and unmapped when they are freed; every buffer is
 * followed by an unmapped guard page. Only buffers created by (or, later,
 * imported into) a file are ever entered into its tables, so a job can
 * never reach another file's memory.
 */

#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include "corun_drv.h"

struct corun_vm *corun_vm_create(struct corun_device *cdev)
{
	struct device *dev = &cdev->pdev->dev;
	struct corun_vm *vm;

	vm = kvzalloc(sizeof(*vm), GFP_KERNEL);
	if (!vm)
		return ERR_PTR(-ENOMEM);

	/* 16 KiB coherent allocations are naturally (16 KiB) aligned. */
	vm->l1 = dma_alloc_coherent(dev, CORUN_PT_L1_SIZE, &vm->l1_dma,
				    GFP_KERNEL);
	if (!vm->l1) {
		kvfree(vm);
		return ERR_PTR(-ENOMEM);
	}
	if (vm->l1_dma & (CORUN_PT_L1_SIZE - 1)) {
		dma_free_coherent(dev, CORUN_PT_L1_SIZE, vm->l1, vm->l1_dma);
		kvfree(vm);
		return ERR_PTR(-ENOMEM);
	}

	kref_init(&vm->ref);
	vm->cdev = cdev;
	mutex_init(&vm->lock);
	drm_mm_init(&vm->mm, CORUN_VA_GLOBAL_BASE,
		    CORUN_VA_GLOBAL_END - CORUN_VA_GLOBAL_BASE);
	return vm;
}

static void corun_vm_release(struct kref *ref)
{
	struct corun_vm *vm = container_of(ref, struct corun_vm, ref);
	struct device *dev = &vm->cdev->pdev->dev;
	u32 i;

	for (i = 0; i < CORUN_PT_L1_ENTRIES; i++)
		if (vm->l2[i])
			dma_free_coherent(dev, CORUN_PT_L2_SIZE, vm->l2[i],
					  vm->l2_dma[i]);
	dma_free_coherent(dev, CORUN_PT_L1_SIZE, vm->l1, vm->l1_dma);
	drm_mm_takedown(&vm->mm);
	mutex_destroy(&vm->lock);
	kvfree(vm);
}

struct corun_vm *corun_vm_get(struct corun_vm *vm)
{
	kref_get(&vm->ref);
	return vm;
}

void corun_vm_put(struct corun_vm *vm)
{
	if (vm)
		kref_put(&vm->ref, corun_vm_release);
}

static u64 *corun_vm_pte(struct corun_vm *vm, u32 va, bool alloc)
{
	u32 l1i = CORUN_PT_L1_INDEX(va);

	if (!vm->l2[l1i]) {
		if (!alloc)
			return NULL;
		vm->l2[l1i] = dma_alloc_coherent(&vm->cdev->pdev->dev,
						 CORUN_PT_L2_SIZE,
						 &vm->l2_dma[l1i], GFP_KERNEL);
		if (!vm->l2[l1i])
			return NULL;
		WRITE_ONCE(vm->l1[l1i],
			   (vm->l2_dma[l1i] & CORUN_PTE_ADDR_MASK) |
				   CORUN_PTE_VALID);
	}
	return &vm->l2[l1i][CORUN_PT_L2_INDEX(va)];
}

static void corun_vm_clear_range(struct corun_vm *vm, u32 va, u64 size)
{
	u64 off;
	u64 *pte;

	for (off = 0; off < size; off += CORUN_PAGE_SIZE) {
		pte = corun_vm_pte(vm, va + (u32)off, false);
		if (pte)
			WRITE_ONCE(*pte, 0);
	}
}

int corun_vm_map_bo(struct corun_vm *vm, struct corun_bo *bo)
{
	struct drm_gem_object *obj = &bo->base.base;
	struct sg_table *sgt;
	struct sg_dma_page_iter iter;
	u64 flags = CORUN_PTE_VALID | CORUN_PTE_READ;
	u32 va;
	u64 mapped = 0, size;
	u64 *pte;
	int ret;

	if (!(bo->flags & DRM_CORUN_BO_GPU_READ_ONLY))
		flags |= CORUN_PTE_WRITE;
	if (bo->flags & DRM_CORUN_BO_EXEC)
		flags |= CORUN_PTE_EXEC;

	sgt = drm_gem_shmem_get_pages_sgt(&bo->base);
	if (IS_ERR(sgt))
		return PTR_ERR(sgt);

	mutex_lock(&vm->lock);
	/* one guard page after every buffer */
	size = obj->size + CORUN_PAGE_SIZE;
	ret = drm_mm_insert_node_generic(&vm->mm, &bo->node, size,
					 CORUN_PAGE_SIZE, 0,
					 DRM_MM_INSERT_BEST);
	if (ret) {
		mutex_unlock(&vm->lock);
		return ret == -ENOSPC ? -ENOSPC : ret;
	}

	va = (u32)bo->node.start;
	__sg_page_iter_start(&iter.base, sgt->sgl, sgt->nents, 0);
	while (__sg_page_iter_dma_next(&iter)) {
		dma_addr_t addr = sg_page_iter_dma_address(&iter);

		if (mapped >= obj->size)
			break;
		pte = corun_vm_pte(vm, va + (u32)mapped, true);
		if (!pte) {
			corun_vm_clear_range(vm, va, mapped);
			drm_mm_remove_node(&bo->node);
			mutex_unlock(&vm->lock);
			return -ENOMEM;
		}
		WRITE_ONCE(*pte, (addr & CORUN_PTE_ADDR_MASK) | flags);
		mapped += CORUN_PAGE_SIZE;
	}
	bo->vm = corun_vm_get(vm);
	mutex_unlock(&vm->lock);
	return 0;
}

void corun_vm_unmap_bo(struct corun_bo *bo)
{
	struct corun_vm *vm = bo->vm;

	if (!vm)
		return;
	mutex_lock(&vm->lock);
	corun_vm_clear_range(vm, (u32)bo->node.start, bo->base.base.size);
	drm_mm_remove_node(&bo->node);
	mutex_unlock(&vm->lock);
	/*
	 * A running job of the address space (one that did not list the
	 * buffer) may hold the pages' translations in the device's TLB:
	 * they must be gone before the pages are freed.
	 */
	if (corun_vm_on_hw(vm))
		corun_barrier(vm->cdev);
	bo->vm = NULL;
	corun_vm_put(vm);
}
