/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * libcorun: a thin user-space library over libdrm for the corun DRM
 * driver (include/uapi/drm/corun_drm.h).
 *
 * One struct corun_dev is one open DRM file (render node), so one GPU
 * virtual address space: buffer objects get their GPU VA from the driver
 * and every context of the file sees them. Functions returning int give 0
 * or a negative errno and leave a one-line message naming the operation
 * in corun_error(dev); nothing is printed.
 *
 *	corun_open(&dev)                   first render node of driver "corun"
 *	corun_ctx_create(&dev, 0, "x", &ctx)
 *	corun_bo_create(&dev, size, 0, &bo)  zero-filled, mapped for the CPU
 *	corun_elf_load(&dev, path, &elf)   relocated into one EXEC buffer
 *	corun_submit(&dev, &launch, &job)  with out-syncobj and counters
 *	corun_wait(&dev, syncobj, timeout)
 *	corun_job_counters(&dev, job, &c, 1), corun_query_job(&dev, job, &q)
 */
#ifndef _CORUN_TOOLS_LIB_LIBCORUN_H_
#define _CORUN_TOOLS_LIB_LIBCORUN_H_

#include <stddef.h>
#include <stdint.h>

#include <lib/kelf.h>
#include <uapi/drm/corun_drm.h>

#define CORUN_ERRLEN 256

/**
 * struct corun_dev - an open corun DRM file
 * @fd: the render node
 * @path: its device path
 * @num_sms, @num_slots, @warp_size, @page_size: device parameters read
 *	at open time
 * @err: message of the last failed call
 */
struct corun_dev {
	int fd;
	char path[64];
	uint32_t num_sms, num_slots, warp_size, page_size;
	char err[CORUN_ERRLEN];
};

/**
 * struct corun_bo - a buffer object, mapped into the CPU address space
 * @handle: GEM handle
 * @flags: DRM_CORUN_BO_* flags it was created with
 * @size: size in bytes (rounded up to the page size)
 * @va: GPU virtual address
 * @map: CPU mapping of all @size bytes
 */
struct corun_bo {
	uint32_t handle;
	uint32_t flags;
	uint64_t size;
	uint64_t va;
	uint8_t *map;
};

/**
 * struct corun_elf - a device-kernel ELF loaded into an EXEC buffer
 * @bo: the buffer holding the relocated image (code and data)
 * @img: the parsed image, relocated for @bo.va; kinfo entries are
 *	absolute GPU VAs
 */
struct corun_elf {
	struct corun_bo bo;
	struct kelf_image img;
};

/**
 * struct corun_launch - one job (kernel launch) to submit
 * @ctx_id: context that runs it
 * @code_handle: EXEC buffer holding the kernel; @entry_offset into it
 * @args_va: GPU VA of the argument block, or 0
 * @grid, @block: dimensions, each >= 1
 * @regs_per_thread, @shared_bytes, @stack_bytes: static resources
 * @placement, @coherence: &enum drm_corun_placement / drm_corun_coherence
 * @insn_budget: warp instructions before a budget fault, 0 = default
 * @bo_handles, @bo_count: buffers of the job (implicit sync)
 * @in_syncs, @in_count: binary syncobjs to wait for
 * @out_sync: binary syncobj that gets the job's fence, or 0
 * @counters: ask for a &struct drm_corun_job_counters record
 * @flags: DRM_CORUN_SUBMIT_* flags
 */
struct corun_launch {
	uint32_t ctx_id;
	uint32_t code_handle, entry_offset;
	uint64_t args_va;
	uint32_t grid[3], block[3];
	uint32_t regs_per_thread, shared_bytes, stack_bytes;
	uint32_t placement, coherence;
	uint64_t insn_budget;
	uint32_t qos_target;	/* 1/DRM_CORUN_QOS_ONE of alone IPC, 0: none */
	const uint32_t *bo_handles;
	uint32_t bo_count;
	const uint32_t *in_syncs;
	uint32_t in_count;
	uint32_t out_sync;
	int counters;
	uint32_t flags;
};

/* Message of the last failed call on @dev. */
const char *corun_error(const struct corun_dev *dev);

/*
 * Open the first render node whose driver is "corun" (drmGetVersion), or
 * @path if not NULL, and read the basic parameters. -ENODEV when no
 * corun device exists (driver not loaded).
 */
int corun_open(struct corun_dev *dev, const char *path);
void corun_close(struct corun_dev *dev);

int corun_get_param(struct corun_dev *dev, uint32_t param, uint64_t *value);

/* Contexts: @priority is &enum drm_corun_priority, @name may be NULL. */
int corun_ctx_create(struct corun_dev *dev, int priority, const char *name,
		     uint32_t *ctx_id);
int corun_ctx_destroy(struct corun_dev *dev, uint32_t ctx_id);

/* Create a zero-filled buffer of @size bytes and map it for the CPU. */
int corun_bo_create(struct corun_dev *dev, uint64_t size, uint32_t flags,
		    struct corun_bo *bo);
/* Unmap and close; the GPU VA is freed once no job uses the buffer. */
void corun_bo_destroy(struct corun_dev *dev, struct corun_bo *bo);
/* Copy into / out of the buffer at byte @off (-ERANGE outside it). */
int corun_bo_write(struct corun_dev *dev, struct corun_bo *bo, uint64_t off,
		   const void *src, uint64_t len);
int corun_bo_read(struct corun_dev *dev, const struct corun_bo *bo,
		  uint64_t off, void *dst, uint64_t len);

/*
 * Load the RV32 kernel ELF at @path: parse it, create an EXEC buffer of
 * its span, relocate the image for the buffer's GPU VA and copy it in.
 * -ENOEXEC for a bad ELF (the message says why).
 */
int corun_elf_load(struct corun_dev *dev, const char *path,
		   struct corun_elf *elf);
void corun_elf_free(struct corun_dev *dev, struct corun_elf *elf);
/* kinfo of kernel @name (entry is a GPU VA), or NULL. */
const struct corun_kinfo *corun_elf_kernel(const struct corun_elf *elf,
					   const char *name);

int corun_syncobj_create(struct corun_dev *dev, uint32_t *handle);
void corun_syncobj_destroy(struct corun_dev *dev, uint32_t handle);

/* Submit @l; *job_id gets the job's id in this file. */
int corun_submit(struct corun_dev *dev, const struct corun_launch *l,
		 uint64_t *job_id);

/*
 * Wait for the fence of binary syncobj @handle for at most @timeout_ms
 * milliseconds (-ETIME on timeout). A signalled fence carrying an error
 * (faulted job) still returns 0: ask corun_query_job() how it ended.
 */
int corun_wait(struct corun_dev *dev, uint32_t handle, int64_t timeout_ms);

/* State, timestamps and fault record of a job. */
int corun_query_job(struct corun_dev *dev, uint64_t job_id,
		    struct drm_corun_query_job *q);

/*
 * Counters of a finished job submitted with @counters set; @release
 * drops the driver's record afterwards (records are limited per file).
 */
int corun_job_counters(struct corun_dev *dev, uint64_t job_id,
		       struct drm_corun_job_counters *c, int release);

/**
 * struct corun_fw_settings - the firmware settings of SET_POLICY
 * @irc, @llc, @vcp, @dram, @l1: the knobs (&enum drm_corun_irc, ...;
 *	0: DEFAULT, the firmware's reset value)
 * @n: parameters in @p
 * @p: the parameters (&struct drm_corun_fw_param)
 */
struct corun_fw_settings {
	uint32_t irc, llc, vcp, dram, l1;
	uint32_t n;
	struct drm_corun_fw_param p[DRM_CORUN_FW_PARAMS_MAX];
};

/*
 * Select the device policy by name and the epoch length in device cycles
 * (0 keeps the current one); needs CAP_SYS_ADMIN. The firmware settings
 * go back to the firmware's reset values.
 */
int corun_set_policy(struct corun_dev *dev, const char *name,
		     uint32_t epoch_cycles);
/*
 * corun_set_policy() with firmware settings @fw (NULL: none), and with
 * @gate_jobs > 0 the start gate armed for that many jobs. All or
 * nothing: on error the previous policy and settings stay.
 */
int corun_set_policy_fw(struct corun_dev *dev, const char *name,
			uint32_t epoch_cycles, uint32_t gate_jobs,
			const struct corun_fw_settings *fw);
/* Knobs of the policy SET_POLICY selects (&drm_corun_policy.policy_params). */
struct corun_policy_knobs {
	uint32_t n;
	struct drm_corun_policy_param p[DRM_CORUN_POLICY_PARAMS_MAX];
};

/*
 * corun_set_policy_fw() with the policy's knobs @knobs (NULL: its
 * defaults).
 */
int corun_set_policy_knobs(struct corun_dev *dev, const char *name,
			   uint32_t epoch_cycles, uint32_t gate_jobs,
			   const struct corun_fw_settings *fw,
			   const struct corun_policy_knobs *knobs);
/*
 * GET_POLICY into @p, and the value in force of each of the @n
 * parameters of @params (their param and slot set by the caller).
 */
int corun_get_policy_fw(struct corun_dev *dev, struct drm_corun_policy *p,
			struct drm_corun_fw_param *params, uint32_t n);
/*
 * corun_set_policy(), then arm the start gate: the device stops until
 * @jobs jobs have reached hardware slots (0 opens an armed gate). The
 * gate opens at the latest when @dev is closed.
 */
int corun_set_policy_gate(struct corun_dev *dev, const char *name,
			  uint32_t epoch_cycles, uint32_t jobs);
int corun_get_policy(struct corun_dev *dev, struct drm_corun_policy *p);
/*
 * GET_POLICY into @p, and the value in force of each of the @knobs->n
 * knobs of the active policy (their param set by the caller).
 */
int corun_get_policy_knobs(struct corun_dev *dev, struct drm_corun_policy *p,
			   struct corun_policy_knobs *knobs);

/* Names for messages. */
const char *corun_job_state_name(uint32_t state);
const char *corun_fault_cause_name(uint32_t cause);

#endif /* _CORUN_TOOLS_LIB_LIBCORUN_H_ */
