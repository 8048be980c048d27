// SPDX-License-Identifier: GPL-2.0
/*
 * corun: GEM buffer objects (shmem backed) and their ioctls.
 */

#include <linux/dma-resv.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_utils.h>
#include <drm/drm_vma_manager.h>

#include "corun_drv.h"

static void corun_gem_free(struct drm_gem_object *obj)
{
	struct corun_bo *bo = to_corun_bo(obj);

	corun_vm_unmap_bo(bo);
	drm_gem_shmem_free(&bo->base);
}

static const struct drm_gem_object_funcs corun_gem_funcs = {
	.free = corun_gem_free,
	.print_info = drm_gem_shmem_object_print_info,
	.pin = drm_gem_shmem_object_pin,
	.unpin = drm_gem_shmem_object_unpin,
	.get_sg_table = drm_gem_shmem_object_get_sg_table,
	.vmap = drm_gem_shmem_object_vmap,
	.vunmap = drm_gem_shmem_object_vunmap,
	.mmap = drm_gem_shmem_object_mmap,
	.vm_ops = &drm_gem_shmem_vm_ops,
};

struct drm_gem_object *corun_gem_create_object(struct drm_device *drm,
					       size_t size)
{
	struct corun_bo *bo;

	bo = kzalloc(sizeof(*bo), GFP_KERNEL);
	if (!bo)
		return ERR_PTR(-ENOMEM);
	bo->base.base.funcs = &corun_gem_funcs;
	/* cached CPU mappings, coherent with the device */
	bo->base.map_wc = false;
	return &bo->base.base;
}

int corun_ioctl_create_bo(struct drm_device *drm, void *data,
			  struct drm_file *file)
{
	struct drm_corun_create_bo *args = data;
	struct corun_file *cfile = file->driver_priv;
	struct drm_gem_shmem_object *shmem;
	struct corun_bo *bo;
	u64 size;
	int ret;

	if (args->flags & ~(DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY) ||
	    args->reserved || !args->size)
		return -EINVAL;
	if (args->size > CORUN_MAX_BO_SIZE)
		return -E2BIG;
	size = ALIGN(args->size, CORUN_PAGE_SIZE);

	shmem = drm_gem_shmem_create(drm, size);
	if (IS_ERR(shmem))
		return PTR_ERR(shmem);
	bo = container_of(shmem, struct corun_bo, base);
	bo->flags = args->flags;

	ret = corun_vm_map_bo(cfile->vm, bo);
	if (ret)
		goto out_put;

	ret = drm_gem_handle_create(file, &shmem->base, &args->handle);
	if (ret)
		goto out_put;

	args->size = size;
	args->gpu_va = bo->node.start;
out_put:
	drm_gem_object_put(&shmem->base);
	return ret;
}

int corun_ioctl_mmap_bo(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct drm_corun_mmap_bo *args = data;
	struct drm_gem_object *obj;
	int ret;

	if (args->flags)
		return -EINVAL;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	ret = drm_gem_create_mmap_offset(obj);
	if (!ret)
		args->offset = drm_vma_node_offset_addr(&obj->vma_node);
	drm_gem_object_put(obj);
	return ret;
}

int corun_ioctl_wait_bo(struct drm_device *drm, void *data,
			struct drm_file *file)
{
	struct drm_corun_wait_bo *args = data;
	struct drm_gem_object *obj;
	unsigned long timeout;
	bool poll;
	long ret;

	if (args->flags)
		return -EINVAL;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;

	poll = args->timeout_ns <= 0 || args->timeout_ns <= ktime_get_ns();
	timeout = poll ? 0 : drm_timeout_abs_to_jiffies(args->timeout_ns);
	ret = dma_resv_wait_timeout(obj->resv, DMA_RESV_USAGE_READ, true,
				    timeout);
	drm_gem_object_put(obj);
	if (ret > 0)
		return 0;
	if (ret == 0)
		return poll ? -EBUSY : -ETIMEDOUT;
	return ret;
}

int corun_ioctl_get_bo_info(struct drm_device *drm, void *data,
			    struct drm_file *file)
{
	struct drm_corun_get_bo_info *args = data;
	struct corun_file *cfile = file->driver_priv;
	struct drm_gem_object *obj;
	struct corun_bo *bo;

	if (args->reserved)
		return -EINVAL;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	bo = to_corun_bo(obj);
	args->bo_flags = bo->flags;
	args->size = obj->size;
	args->gpu_va = bo->vm == cfile->vm ? bo->node.start : 0;
	drm_gem_object_put(obj);
	return 0;
}
