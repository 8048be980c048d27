/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * corun: user-space API of the corun DRM driver (co-running compute jobs on
 * an emulated multitasking GPU).
 *
 * Rules that hold for every ioctl in this file:
 *
 * - All structures have a fixed size that is a multiple of 8 bytes; every
 *   __u64 is naturally aligned, so the layout is the same for 32-bit and
 *   64-bit user space.
 * - Fields named pad, reserved or documented as MBZ (must be zero) must be
 *   zero on input; otherwise the ioctl fails with EINVAL. Flag bits that are
 *   not defined in this file are rejected with EINVAL as well.
 * - User pointers are passed as __u64 (cast through uintptr_t).
 * - Fields documented as Out are ignored on input and written on success.
 */

#ifndef _CORUN_DRM_H_
#define _CORUN_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: corun uapi versioning
 *
 * DRM_CORUN_ABI_VERSION is the version of the contract described in this
 * file. It starts at 1 and is incremented whenever something is added
 * (a parameter, a flag, an extension, an ioctl, a counter). Nothing is ever
 * removed or changed in an incompatible way: new behaviour is always opt-in
 * through a field that was previously required to be zero. The driver
 * reports the version it implements through %DRM_CORUN_PARAM_ABI_VERSION.
 */
/*
 * Version 2: DRM_CORUN_SUBMIT_HOLD, DRM_CORUN_POLICY_F_START_GATE and
 * &drm_corun_policy.start_gate.
 * Version 3: the firmware knobs of &struct drm_corun_policy reach the
 * firmware; &drm_corun_policy.fw_params and &struct drm_corun_fw_param;
 * %DRM_CORUN_VCP_DYNAMIC, %DRM_CORUN_DRAM_SLOT_PRIORITY;
 * %DRM_CORUN_PARAM_NUM_VCS and the %DRM_CORUN_PARAM_*_MODES and
 * %DRM_CORUN_PARAM_FW_PARAMS masks of what the firmware implements.
 */
#define DRM_CORUN_ABI_VERSION 3

/**
 * DOC: corun ioctl numbers
 *
 * Ioctl numbers are relative to %DRM_COMMAND_BASE. 0x00-0x0b are used by
 * ABI version 1; 0x0c-0x2f are reserved for later versions of this API;
 * 0x30-0x3f are reserved for debug-only ioctls that are never part of the
 * stable API. The rest of the driver range (0x40-0x5f) stays unused.
 */
#define DRM_CORUN_GET_PARAM 0x00
#define DRM_CORUN_CREATE_BO 0x01
#define DRM_CORUN_MMAP_BO 0x02
#define DRM_CORUN_WAIT_BO 0x03
#define DRM_CORUN_GET_BO_INFO 0x04
#define DRM_CORUN_CTX_CREATE 0x05
#define DRM_CORUN_CTX_DESTROY 0x06
#define DRM_CORUN_SUBMIT 0x07
#define DRM_CORUN_QUERY_JOB 0x08
#define DRM_CORUN_GET_JOB_COUNTERS 0x09
#define DRM_CORUN_GET_POLICY 0x0a
#define DRM_CORUN_SET_POLICY 0x0b

#define DRM_IOCTL_CORUN_GET_PARAM                        \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_GET_PARAM, \
		 struct drm_corun_get_param)
#define DRM_IOCTL_CORUN_CREATE_BO                        \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_CREATE_BO, \
		 struct drm_corun_create_bo)
#define DRM_IOCTL_CORUN_MMAP_BO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_MMAP_BO, struct drm_corun_mmap_bo)
#define DRM_IOCTL_CORUN_WAIT_BO \
	DRM_IOW(DRM_COMMAND_BASE + DRM_CORUN_WAIT_BO, struct drm_corun_wait_bo)
#define DRM_IOCTL_CORUN_GET_BO_INFO                        \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_GET_BO_INFO, \
		 struct drm_corun_get_bo_info)
#define DRM_IOCTL_CORUN_CTX_CREATE                        \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_CTX_CREATE, \
		 struct drm_corun_ctx_create)
#define DRM_IOCTL_CORUN_CTX_DESTROY                       \
	DRM_IOW(DRM_COMMAND_BASE + DRM_CORUN_CTX_DESTROY, \
		struct drm_corun_ctx_destroy)
#define DRM_IOCTL_CORUN_SUBMIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_SUBMIT, struct drm_corun_submit)
#define DRM_IOCTL_CORUN_QUERY_JOB                        \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_QUERY_JOB, \
		 struct drm_corun_query_job)
#define DRM_IOCTL_CORUN_GET_JOB_COUNTERS                        \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_GET_JOB_COUNTERS, \
		 struct drm_corun_get_job_counters)
#define DRM_IOCTL_CORUN_GET_POLICY                        \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_CORUN_GET_POLICY, \
		 struct drm_corun_policy)
#define DRM_IOCTL_CORUN_SET_POLICY                       \
	DRM_IOW(DRM_COMMAND_BASE + DRM_CORUN_SET_POLICY, \
		struct drm_corun_policy)

/**
 * DOC: corun uapi limits
 *
 * Constants that are part of the ABI (the device may be more restrictive;
 * see &enum drm_corun_param):
 *
 * - %DRM_CORUN_MAX_SMS: upper bound of %DRM_CORUN_PARAM_NUM_SMS, and the
 *   number of bits of &drm_corun_query_job.sm_mask.
 * - %DRM_CORUN_MAX_EXTENSIONS: longest accepted extension chain.
 * - %DRM_CORUN_CTX_NAME_LEN: size of &drm_corun_ctx_create.name.
 * - %DRM_CORUN_POLICY_NAME_LEN: size of &drm_corun_policy.name.
 * - %DRM_CORUN_QOS_ONE: the &drm_corun_submit.qos_target that stands for
 *   1.0 (alone-run speed).
 * - %DRM_CORUN_JOB_COUNTERS_SIZE_MAX: largest accepted
 *   &drm_corun_get_job_counters.size.
 * - %DRM_CORUN_EPOCH_CYCLES_MIN, %DRM_CORUN_EPOCH_CYCLES_MAX: accepted
 *   range of &drm_corun_policy.epoch_cycles.
 * - %DRM_CORUN_SLOT_NONE: slot number of a job that never reached a
 *   hardware slot.
 * - %DRM_CORUN_FW_PARAMS_MAX: largest accepted
 *   &drm_corun_policy.fw_param_count.
 * - %DRM_CORUN_POLICY_PARAMS_MAX: largest accepted
 *   &drm_corun_policy.policy_param_count.
 * - %DRM_CORUN_FW_SHARE_ONE, %DRM_CORUN_FW_PRIO_MAX,
 *   %DRM_CORUN_FW_BYPASS_CTAS_ALL, %DRM_CORUN_FW_LLC_PROB_ONE,
 *   %DRM_CORUN_FW_VC_CONFIG, %DRM_CORUN_FW_MIL_RATE_MAX,
 *   %DRM_CORUN_FW_MIL_CAP_MAX, %DRM_CORUN_FW_TCM_THRESH_ONE,
 *   %DRM_CORUN_FW_TCM_EPOCHS_MAX, %DRM_CORUN_FW_UCP_PERIOD_MAX,
 *   %DRM_CORUN_FW_UCP_DECAY_MAX, %DRM_CORUN_FW_UCP_SAMPLE_MAX: values of
 *   &enum drm_corun_fw_param_id.
 */
#define DRM_CORUN_MAX_SMS 128
#define DRM_CORUN_MAX_EXTENSIONS 16
#define DRM_CORUN_CTX_NAME_LEN 32
#define DRM_CORUN_POLICY_NAME_LEN 32
#define DRM_CORUN_QOS_ONE 1024
#define DRM_CORUN_JOB_COUNTERS_SIZE_MAX 4096
#define DRM_CORUN_EPOCH_CYCLES_MIN 1024
#define DRM_CORUN_EPOCH_CYCLES_MAX (1U << 30)
#define DRM_CORUN_SLOT_NONE 0xffffffffU
#define DRM_CORUN_FW_PARAMS_MAX 128
#define DRM_CORUN_POLICY_PARAMS_MAX 4
#define DRM_CORUN_FW_SHARE_ONE 1024
#define DRM_CORUN_FW_PRIO_MAX 15
#define DRM_CORUN_FW_BYPASS_CTAS_ALL 255
#define DRM_CORUN_FW_LLC_PROB_ONE 1024
#define DRM_CORUN_FW_VC_CONFIG 0xffffffffU
#define DRM_CORUN_FW_MIL_RATE_MAX 65536
#define DRM_CORUN_FW_MIL_CAP_MAX 255
#define DRM_CORUN_FW_TCM_THRESH_ONE 1024
#define DRM_CORUN_FW_TCM_EPOCHS_MAX 65536
#define DRM_CORUN_FW_UCP_PERIOD_MAX 1000
#define DRM_CORUN_FW_UCP_DECAY_MAX 32
#define DRM_CORUN_FW_UCP_SAMPLE_MAX 256

/**
 * enum drm_corun_param - Parameters of DRM_IOCTL_CORUN_GET_PARAM.
 *
 * Values are fixed for the lifetime of the device unless noted otherwise.
 * Sizes are in bytes, clocks in kHz, cycles in device core cycles.
 *
 * @DRM_CORUN_PARAM_ABI_VERSION: The DRM_CORUN_ABI_VERSION the driver
 *	implements.
 * @DRM_CORUN_PARAM_DEVICE_ID: PCI vendor id in bits 31:16, device id in
 *	bits 15:0.
 * @DRM_CORUN_PARAM_DEVICE_REVISION: Revision of the device model, as read
 *	from its identification register.
 * @DRM_CORUN_PARAM_FIRMWARE_VERSION: Version of the running firmware image:
 *	major in bits 47:32, minor in bits 31:16, patch in bits 15:0; 0 when
 *	no firmware runs.
 * @DRM_CORUN_PARAM_CONFIG_ID: 64-bit identifier (hash) of the device
 *	configuration file; equal identifiers mean equal configurations.
 * @DRM_CORUN_PARAM_FEATURES: Mask of DRM_CORUN_FEATURE_* bits.
 * @DRM_CORUN_PARAM_NUM_SMS: Number of SMs, at most %DRM_CORUN_MAX_SMS.
 * @DRM_CORUN_PARAM_NUM_SLOTS: Number of hardware slots, i.e. of jobs that
 *	can be resident on the GPU at the same time (at least 8).
 * @DRM_CORUN_PARAM_WARP_SIZE: Threads per warp.
 * @DRM_CORUN_PARAM_SM_MAX_CTAS: CTA (thread block) slots per SM.
 * @DRM_CORUN_PARAM_SM_MAX_THREADS: Resident threads per SM.
 * @DRM_CORUN_PARAM_SM_REGS: Registers per SM (one register is 32 bits).
 * @DRM_CORUN_PARAM_SM_SHARED_BYTES: Shared memory per SM.
 * @DRM_CORUN_PARAM_MAX_THREADS_PER_CTA: Largest number of threads of a CTA
 *	(product of &drm_corun_submit.block).
 * @DRM_CORUN_PARAM_MAX_REGS_PER_THREAD: Largest accepted
 *	&drm_corun_submit.regs_per_thread.
 * @DRM_CORUN_PARAM_MAX_SHARED_PER_CTA: Largest accepted
 *	&drm_corun_submit.shared_bytes.
 * @DRM_CORUN_PARAM_MAX_GRID_DIM: Largest accepted element of
 *	&drm_corun_submit.grid.
 * @DRM_CORUN_PARAM_L1_SIZE: L1 data cache size per SM.
 * @DRM_CORUN_PARAM_L1_LINE_SIZE: L1 line size.
 * @DRM_CORUN_PARAM_L1_WAYS: L1 associativity.
 * @DRM_CORUN_PARAM_L2_SIZE: Total L2/LLC size (all slices).
 * @DRM_CORUN_PARAM_L2_LINE_SIZE: L2 line size.
 * @DRM_CORUN_PARAM_L2_WAYS: L2 associativity.
 * @DRM_CORUN_PARAM_L2_SLICES: Number of L2 slices.
 * @DRM_CORUN_PARAM_DRAM_CHANNELS: Number of DRAM channels.
 * @DRM_CORUN_PARAM_DRAM_BANKS: DRAM banks per channel.
 * @DRM_CORUN_PARAM_CORE_CLOCK_KHZ: Modelled SM clock.
 * @DRM_CORUN_PARAM_MEM_CLOCK_KHZ: Modelled DRAM command clock.
 * @DRM_CORUN_PARAM_NUM_CPU_AGENTS: Number of modelled CPU cores sharing
 *	the LLC, NoC and DRAM with the GPU (0 if none).
 * @DRM_CORUN_PARAM_EPOCH_CYCLES: Current epoch length. Changes with
 *	DRM_IOCTL_CORUN_SET_POLICY.
 * @DRM_CORUN_PARAM_PLACEMENT_MODES: Bit n is set when
 *	&enum drm_corun_placement value n is supported.
 * @DRM_CORUN_PARAM_COHERENCE_MODES: Bit n is set when
 *	&enum drm_corun_coherence value n is supported.
 * @DRM_CORUN_PARAM_POLICIES: Bit n is set when &enum drm_corun_policy_id
 *	value n is built into the driver and may be selected.
 * @DRM_CORUN_PARAM_CURRENT_POLICY: The active &enum drm_corun_policy_id.
 *	Changes with DRM_IOCTL_CORUN_SET_POLICY.
 * @DRM_CORUN_PARAM_JOB_COUNTERS_SIZE: sizeof(struct drm_corun_job_counters)
 *	as known to the driver.
 * @DRM_CORUN_PARAM_VA_START: First GPU virtual address the driver hands
 *	out to buffer objects (never 0).
 * @DRM_CORUN_PARAM_VA_END: First GPU virtual address above the range
 *	handed out to buffer objects (at most 2^32).
 * @DRM_CORUN_PARAM_PAGE_SIZE: GPU page size; buffer object sizes are
 *	rounded up to it.
 * @DRM_CORUN_PARAM_MAX_BO_SIZE: Largest accepted &drm_corun_create_bo.size.
 * @DRM_CORUN_PARAM_MAX_BO_HANDLES: Largest accepted
 *	&drm_corun_submit.bo_handle_count.
 * @DRM_CORUN_PARAM_MAX_SYNCS: Largest number of in-syncs, and separately of
 *	out-syncs, of one job (all sources together).
 * @DRM_CORUN_PARAM_MAX_CTXS: Largest number of contexts per DRM file.
 * @DRM_CORUN_PARAM_MAX_STACK_BYTES: Largest accepted
 *	&drm_corun_submit.stack_bytes.
 * @DRM_CORUN_PARAM_DEFAULT_STACK_BYTES: Stack per thread used when
 *	&drm_corun_submit.stack_bytes is 0.
 * @DRM_CORUN_PARAM_MAX_INSN_BUDGET: Largest accepted
 *	&drm_corun_submit.insn_budget.
 * @DRM_CORUN_PARAM_DEFAULT_INSN_BUDGET: Budget used when
 *	&drm_corun_submit.insn_budget is 0.
 * @DRM_CORUN_PARAM_JOB_HISTORY: Number of finished jobs per DRM file whose
 *	records stay available to DRM_IOCTL_CORUN_QUERY_JOB (at least 256).
 * @DRM_CORUN_PARAM_MAX_COUNTER_JOBS: Largest number of jobs per DRM file
 *	with unreleased counter records (see &struct drm_corun_ext_counters).
 * @DRM_CORUN_PARAM_DEVICE_RESET_COUNT: GPU resets since the driver was
 *	loaded. Changes at run time.
 * @DRM_CORUN_PARAM_FILE_RESET_COUNT: GPU resets that cancelled or faulted a
 *	job of this DRM file. Changes at run time.
 * @DRM_CORUN_PARAM_NUM_VCS: NoC virtual channels (the values of
 *	%DRM_CORUN_FW_PARAM_VC below it).
 * @DRM_CORUN_PARAM_IRC_MODES: Bit n is set when &enum drm_corun_irc value
 *	n is accepted by DRM_IOCTL_CORUN_SET_POLICY (bit 0, DEFAULT, always).
 * @DRM_CORUN_PARAM_LLC_MODES: The same for &enum drm_corun_llc_policy.
 * @DRM_CORUN_PARAM_VCP_MODES: The same for &enum drm_corun_vcp.
 * @DRM_CORUN_PARAM_DRAM_MODES: The same for &enum drm_corun_dram_policy.
 * @DRM_CORUN_PARAM_L1_MODES: The same for &enum drm_corun_l1_policy.
 * @DRM_CORUN_PARAM_FW_PARAMS: Bit n is set when &enum
 *	drm_corun_fw_param_id value n is accepted in
 *	&drm_corun_policy.fw_params of DRM_IOCTL_CORUN_SET_POLICY.
 */
enum drm_corun_param {
	DRM_CORUN_PARAM_ABI_VERSION = 0,
	DRM_CORUN_PARAM_DEVICE_ID = 1,
	DRM_CORUN_PARAM_DEVICE_REVISION = 2,
	DRM_CORUN_PARAM_FIRMWARE_VERSION = 3,
	DRM_CORUN_PARAM_CONFIG_ID = 4,
	DRM_CORUN_PARAM_FEATURES = 5,
	DRM_CORUN_PARAM_NUM_SMS = 6,
	DRM_CORUN_PARAM_NUM_SLOTS = 7,
	DRM_CORUN_PARAM_WARP_SIZE = 8,
	DRM_CORUN_PARAM_SM_MAX_CTAS = 9,
	DRM_CORUN_PARAM_SM_MAX_THREADS = 10,
	DRM_CORUN_PARAM_SM_REGS = 11,
	DRM_CORUN_PARAM_SM_SHARED_BYTES = 12,
	DRM_CORUN_PARAM_MAX_THREADS_PER_CTA = 13,
	DRM_CORUN_PARAM_MAX_REGS_PER_THREAD = 14,
	DRM_CORUN_PARAM_MAX_SHARED_PER_CTA = 15,
	DRM_CORUN_PARAM_MAX_GRID_DIM = 16,
	DRM_CORUN_PARAM_L1_SIZE = 17,
	DRM_CORUN_PARAM_L1_LINE_SIZE = 18,
	DRM_CORUN_PARAM_L1_WAYS = 19,
	DRM_CORUN_PARAM_L2_SIZE = 20,
	DRM_CORUN_PARAM_L2_LINE_SIZE = 21,
	DRM_CORUN_PARAM_L2_WAYS = 22,
	DRM_CORUN_PARAM_L2_SLICES = 23,
	DRM_CORUN_PARAM_DRAM_CHANNELS = 24,
	DRM_CORUN_PARAM_DRAM_BANKS = 25,
	DRM_CORUN_PARAM_CORE_CLOCK_KHZ = 26,
	DRM_CORUN_PARAM_MEM_CLOCK_KHZ = 27,
	DRM_CORUN_PARAM_NUM_CPU_AGENTS = 28,
	DRM_CORUN_PARAM_EPOCH_CYCLES = 29,
	DRM_CORUN_PARAM_PLACEMENT_MODES = 30,
	DRM_CORUN_PARAM_COHERENCE_MODES = 31,
	DRM_CORUN_PARAM_POLICIES = 32,
	DRM_CORUN_PARAM_CURRENT_POLICY = 33,
	DRM_CORUN_PARAM_JOB_COUNTERS_SIZE = 34,
	DRM_CORUN_PARAM_VA_START = 35,
	DRM_CORUN_PARAM_VA_END = 36,
	DRM_CORUN_PARAM_PAGE_SIZE = 37,
	DRM_CORUN_PARAM_MAX_BO_SIZE = 38,
	DRM_CORUN_PARAM_MAX_BO_HANDLES = 39,
	DRM_CORUN_PARAM_MAX_SYNCS = 40,
	DRM_CORUN_PARAM_MAX_CTXS = 41,
	DRM_CORUN_PARAM_MAX_STACK_BYTES = 42,
	DRM_CORUN_PARAM_DEFAULT_STACK_BYTES = 43,
	DRM_CORUN_PARAM_MAX_INSN_BUDGET = 44,
	DRM_CORUN_PARAM_DEFAULT_INSN_BUDGET = 45,
	DRM_CORUN_PARAM_JOB_HISTORY = 46,
	DRM_CORUN_PARAM_MAX_COUNTER_JOBS = 47,
	DRM_CORUN_PARAM_DEVICE_RESET_COUNT = 48,
	DRM_CORUN_PARAM_FILE_RESET_COUNT = 49,
	DRM_CORUN_PARAM_NUM_VCS = 50,
	DRM_CORUN_PARAM_IRC_MODES = 51,
	DRM_CORUN_PARAM_LLC_MODES = 52,
	DRM_CORUN_PARAM_VCP_MODES = 53,
	DRM_CORUN_PARAM_DRAM_MODES = 54,
	DRM_CORUN_PARAM_L1_MODES = 55,
	DRM_CORUN_PARAM_FW_PARAMS = 56,
};

/**
 * DOC: corun feature bits
 *
 * Bits of %DRM_CORUN_PARAM_FEATURES:
 *
 * - %DRM_CORUN_FEATURE_LOCKSTEP: the device pauses at every epoch boundary
 *   until the driver acknowledges it, so cycle counts are deterministic.
 * - %DRM_CORUN_FEATURE_FIRMWARE: the device firmware is loaded and running.
 * - %DRM_CORUN_FEATURE_EXT_SYNCS: &struct drm_corun_ext_syncs (timeline
 *   syncobjs) is accepted.
 * - %DRM_CORUN_FEATURE_JOB_COUNTERS: &struct drm_corun_ext_counters is
 *   accepted.
 * - %DRM_CORUN_FEATURE_QOS: at least one policy of
 *   %DRM_CORUN_PARAM_POLICIES honours &drm_corun_submit.qos_target.
 * - %DRM_CORUN_FEATURE_CPU_AGENTS: the device models CPU cores
 *   (%DRM_CORUN_PARAM_NUM_CPU_AGENTS).
 * - %DRM_CORUN_FEATURE_IRC, %DRM_CORUN_FEATURE_LLC_POLICY,
 *   %DRM_CORUN_FEATURE_VCP, %DRM_CORUN_FEATURE_DRAM_POLICY,
 *   %DRM_CORUN_FEATURE_L1_POLICY: the running firmware implements the
 *   corresponding knob of &struct drm_corun_policy (@irc, @llc, @vcp,
 *   @dram, @l1): it accepts some value other than DEFAULT. Which values,
 *   and which &drm_corun_policy.fw_params, the %DRM_CORUN_PARAM_*_MODES
 *   and %DRM_CORUN_PARAM_FW_PARAMS masks tell. All clear without
 *   firmware.
 */
#define DRM_CORUN_FEATURE_LOCKSTEP (1ULL << 0)
#define DRM_CORUN_FEATURE_FIRMWARE (1ULL << 1)
#define DRM_CORUN_FEATURE_EXT_SYNCS (1ULL << 2)
#define DRM_CORUN_FEATURE_JOB_COUNTERS (1ULL << 3)
#define DRM_CORUN_FEATURE_QOS (1ULL << 4)
#define DRM_CORUN_FEATURE_CPU_AGENTS (1ULL << 5)
#define DRM_CORUN_FEATURE_IRC (1ULL << 6)
#define DRM_CORUN_FEATURE_LLC_POLICY (1ULL << 7)
#define DRM_CORUN_FEATURE_VCP (1ULL << 8)
#define DRM_CORUN_FEATURE_DRAM_POLICY (1ULL << 9)
#define DRM_CORUN_FEATURE_L1_POLICY (1ULL << 10)

/**
 * struct drm_corun_get_param - Argument of DRM_IOCTL_CORUN_GET_PARAM.
 *
 * Reads one device parameter. Any DRM file may call it.
 *
 * Errors: %EINVAL if @param is not a value of &enum drm_corun_param or @pad
 * is not zero.
 */
struct drm_corun_get_param {
	/** @param: In. One of &enum drm_corun_param. */
	__u32 param;

	/** @pad: MBZ. */
	__u32 pad;

	/** @value: Out. The value of the parameter. */
	__u64 value;
};

/**
 * DOC: corun buffer object flags
 *
 * Flags of &drm_corun_create_bo.flags:
 *
 * - %DRM_CORUN_BO_EXEC: the GPU may fetch instructions from the buffer.
 *   Instruction fetches from other buffers fault the job
 *   (%DRM_CORUN_FAULT_MMU_EXEC).
 * - %DRM_CORUN_BO_GPU_READ_ONLY: GPU writes and atomics to the buffer fault
 *   the job (%DRM_CORUN_FAULT_MMU_WRITE). Jobs only read such buffers, so
 *   implicit synchronisation never orders two jobs because of them: jobs
 *   that share a read-only code buffer can co-run.
 */
#define DRM_CORUN_BO_EXEC (1U << 0)
#define DRM_CORUN_BO_GPU_READ_ONLY (1U << 1)

/**
 * struct drm_corun_create_bo - Argument of DRM_IOCTL_CORUN_CREATE_BO.
 *
 * Creates a zero-filled GEM buffer object and maps it into the GPU virtual
 * address space of the DRM file. The driver chooses the address; it stays
 * valid, and the same in every context of the file, until the last handle
 * to the buffer in this file is closed and no job of the file uses it. At
 * least one unmapped guard page follows every buffer.
 *
 * Errors: %EINVAL if @flags has an undefined bit, @reserved is not zero or
 * @size is 0; %E2BIG if @size exceeds %DRM_CORUN_PARAM_MAX_BO_SIZE;
 * %ENOSPC if the address space has no free range large enough; %ENOMEM.
 */
struct drm_corun_create_bo {
	/**
	 * @size: In/Out. Size in bytes; rounded up to
	 * %DRM_CORUN_PARAM_PAGE_SIZE, and the rounded size is written back.
	 */
	__u64 size;

	/** @flags: In. A mask of DRM_CORUN_BO_* flags. */
	__u32 flags;

	/** @handle: Out. GEM handle of the new buffer, never 0. */
	__u32 handle;

	/**
	 * @gpu_va: Out. GPU virtual address of the first byte, page aligned,
	 * within [%DRM_CORUN_PARAM_VA_START, %DRM_CORUN_PARAM_VA_END).
	 */
	__u64 gpu_va;

	/** @reserved: MBZ. */
	__u64 reserved;
};

/**
 * struct drm_corun_mmap_bo - Argument of DRM_IOCTL_CORUN_MMAP_BO.
 *
 * Does not map anything: it returns the fake offset to pass to mmap(2) on
 * the DRM file to map the buffer into the CPU address space. CPU mappings
 * are cached and coherent with the device.
 *
 * Errors: %EINVAL if @flags is not zero; %ENOENT if @handle does not name
 * a buffer object of this DRM file.
 */
struct drm_corun_mmap_bo {
	/** @handle: In. GEM handle of the buffer. */
	__u32 handle;

	/** @flags: MBZ. No flags are defined. */
	__u32 flags;

	/** @offset: Out. Offset to pass to mmap(2). */
	__u64 offset;
};

/**
 * struct drm_corun_wait_bo - Argument of DRM_IOCTL_CORUN_WAIT_BO.
 *
 * Waits until every job that uses the buffer (through implicit
 * synchronisation, in any DRM file) has finished.
 *
 * Errors: %EINVAL if @flags is not zero; %ENOENT if @handle does not name a
 * buffer object of this DRM file; %EBUSY if the deadline has already
 * passed and the buffer is busy; %ETIMEDOUT if the deadline passed while
 * waiting; %EINTR (or a restart) if a signal arrived.
 */
struct drm_corun_wait_bo {
	/** @handle: In. GEM handle of the buffer. */
	__u32 handle;

	/** @flags: MBZ. No flags are defined. */
	__u32 flags;

	/**
	 * @timeout_ns: In. Absolute CLOCK_MONOTONIC deadline in nanoseconds.
	 * A deadline in the past (including 0 and negative values) makes the
	 * call a non-blocking poll.
	 */
	__s64 timeout_ns;
};

/**
 * struct drm_corun_get_bo_info - Argument of DRM_IOCTL_CORUN_GET_BO_INFO.
 *
 * Reports the size, flags and GPU virtual address of a buffer, typically
 * one imported from another process or device with PRIME: imported
 * buffers are mapped into the importing file's address space at import
 * time and get the default flags (none).
 *
 * Errors: %EINVAL if @reserved is not zero; %ENOENT if @handle does not
 * name a buffer object of this DRM file.
 */
struct drm_corun_get_bo_info {
	/** @handle: In. GEM handle of the buffer. */
	__u32 handle;

	/** @bo_flags: Out. DRM_CORUN_BO_* flags of the buffer. */
	__u32 bo_flags;

	/** @size: Out. Size of the buffer in bytes. */
	__u64 size;

	/** @gpu_va: Out. GPU virtual address in this DRM file. */
	__u64 gpu_va;

	/** @reserved: MBZ. */
	__u64 reserved;
};

/**
 * enum drm_corun_priority - Scheduling priority of a context.
 *
 * The value is signed so that a zero-filled argument asks for normal
 * priority. The priority selects the drm_sched priority of the context's
 * jobs and is passed to the policy engine, which may give higher-priority
 * jobs more SMs, CTA slots or bandwidth.
 *
 * @DRM_CORUN_PRIORITY_LOW: Background work.
 * @DRM_CORUN_PRIORITY_NORMAL: Default.
 * @DRM_CORUN_PRIORITY_HIGH: Latency-sensitive work; needs %CAP_SYS_NICE.
 */
enum drm_corun_priority {
	DRM_CORUN_PRIORITY_LOW = -1,
	DRM_CORUN_PRIORITY_NORMAL = 0,
	DRM_CORUN_PRIORITY_HIGH = 1,
};

/**
 * struct drm_corun_ctx_create - Argument of DRM_IOCTL_CORUN_CTX_CREATE.
 *
 * Creates a context: a scheduling entity of the DRM file, much like a CUDA
 * stream. Jobs of one context start in submission order, each after the
 * previous one has finished; jobs of different contexts, of the same or of
 * different files, may co-run. All contexts of a file share the file's GPU
 * virtual address space. With the driver in lockstep mode, all jobs of a
 * context run in one hardware slot, the one the fewest live contexts use
 * (lowest first), so that contexts created in a mix's order use the slots
 * a simulation of the mix (corun-sim) uses.
 *
 * Errors: %EINVAL if @flags, @pad or @reserved is not zero, @priority is
 * not a value of &enum drm_corun_priority, or @name has no NUL byte or a
 * non-printable character; %EACCES if @priority is above
 * %DRM_CORUN_PRIORITY_NORMAL and the caller lacks %CAP_SYS_NICE; %ENOSPC
 * if the file already has %DRM_CORUN_PARAM_MAX_CTXS contexts; %ENOMEM.
 */
struct drm_corun_ctx_create {
	/** @flags: MBZ. No flags are defined. */
	__u32 flags;

	/** @priority: In. One of &enum drm_corun_priority. */
	__s32 priority;

	/**
	 * @ctx_id: Out. Identifier of the context within the DRM file,
	 * never 0. Identifiers are allocated cyclically, so a destroyed
	 * identifier is not handed out again soon.
	 */
	__u32 ctx_id;

	/** @pad: MBZ. */
	__u32 pad;

	/**
	 * @name: In. Optional NUL-terminated label shown in tracepoints,
	 * debugfs and fdinfo. Empty means the name of the calling task.
	 */
	char name[DRM_CORUN_CTX_NAME_LEN];

	/** @reserved: MBZ. */
	__u64 reserved[2];
};

/**
 * struct drm_corun_ctx_destroy - Argument of DRM_IOCTL_CORUN_CTX_DESTROY.
 *
 * Destroys a context. The identifier is invalid for new submissions from
 * the moment the ioctl returns. Jobs already submitted still run and
 * signal their fences normally. Closing the DRM file destroys all of its
 * contexts.
 *
 * Errors: %EINVAL if @pad is not zero; %ENOENT if @ctx_id does not name a
 * context of this DRM file.
 */
struct drm_corun_ctx_destroy {
	/** @ctx_id: In. Context to destroy. */
	__u32 ctx_id;

	/** @pad: MBZ. */
	__u32 pad;
};

/**
 * enum drm_corun_placement - Thread-block placement mode of a job.
 *
 * How the CTA dispatcher assigns the job's CTAs to the SMs it may use. The
 * modes other than round-robin keep CTAs that share data (neighbours in
 * the grid) on the same SM to exploit inter-CTA reuse in the L1.
 *
 * @DRM_CORUN_PLACEMENT_DEFAULT: The active policy chooses (round-robin
 *	unless the policy says otherwise).
 * @DRM_CORUN_PLACEMENT_ROUND_ROBIN: CTA i goes to the next SM with room,
 *	in round-robin order (the GPGPU-Sim baseline).
 * @DRM_CORUN_PLACEMENT_CHUNK: Consecutive chunks of CTAs go to the same SM.
 * @DRM_CORUN_PLACEMENT_RESET: Chunked, restarting the SM order at every
 *	new wave of CTAs.
 * @DRM_CORUN_PLACEMENT_FLIP: Chunked, reversing the SM order at every new
 *	wave of CTAs.
 * @DRM_CORUN_PLACEMENT_STEAL: Chunked, with idle SMs stealing CTAs from the
 *	chunks of busy ones.
 */
enum drm_corun_placement {
	DRM_CORUN_PLACEMENT_DEFAULT = 0,
	DRM_CORUN_PLACEMENT_ROUND_ROBIN = 1,
	DRM_CORUN_PLACEMENT_CHUNK = 2,
	DRM_CORUN_PLACEMENT_RESET = 3,
	DRM_CORUN_PLACEMENT_FLIP = 4,
	DRM_CORUN_PLACEMENT_STEAL = 5,
};

/**
 * enum drm_corun_coherence - L1 coherence action at the job's boundaries.
 *
 * @DRM_CORUN_COHERENCE_DEFAULT: The active policy chooses (flush and
 *	invalidate unless the policy says otherwise).
 * @DRM_CORUN_COHERENCE_FLUSH_INVALIDATE: L1 lines the job wrote are
 *	written back, and its L1 lines invalidated, when the job ends.
 * @DRM_CORUN_COHERENCE_OWNERSHIP: L1 lines are retained with an owner;
 *	later accesses from another SM are forwarded from the owning L1.
 */
enum drm_corun_coherence {
	DRM_CORUN_COHERENCE_DEFAULT = 0,
	DRM_CORUN_COHERENCE_FLUSH_INVALIDATE = 1,
	DRM_CORUN_COHERENCE_OWNERSHIP = 2,
};

/**
 * DOC: corun submit flags
 *
 * Flags of &drm_corun_submit.flags:
 *
 * - %DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC: do not wait for, nor publish a
 *   fence on, the buffers of the job; only the explicit in- and out-syncs
 *   order the job.
 * - %DRM_CORUN_SUBMIT_HOLD: another launch of this context follows. When
 *   the job completes successfully, the whole device stops its clock
 *   until the context's next job reaches a hardware slot, or the context
 *   is destroyed or its file closed. The next launch then starts at the
 *   device cycle at which this one ended, however long the host took to
 *   submit it, as in a simulation of the same jobs (corun-sim). Only
 *   with the driver in lockstep mode (%EOPNOTSUPP otherwise) and for
 *   %CAP_SYS_ADMIN (%EACCES otherwise): it stalls every other job.
 */
#define DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC (1U << 0)
#define DRM_CORUN_SUBMIT_HOLD (1U << 1)

/**
 * struct drm_corun_extension - Header of every ioctl extension.
 *
 * Extensions form a singly linked list in user memory starting at
 * &drm_corun_submit.extensions. Each one starts with this header; @id says
 * which structure it is.
 *
 * Errors (reported by the ioctl that reads the chain): %EFAULT if a link
 * cannot be read; %EINVAL if @id is unknown, an @id appears twice or
 * @flags is not zero; %E2BIG if the chain is longer than
 * %DRM_CORUN_MAX_EXTENSIONS.
 */
struct drm_corun_extension {
	/** @next: In. User pointer to the next extension, 0 at the end. */
	__u64 next;

	/** @id: In. A DRM_CORUN_EXT_ID_* value. */
	__u32 id;

	/** @flags: MBZ. */
	__u32 flags;
};

/**
 * DOC: corun extension ids
 *
 * Values of &drm_corun_extension.id:
 *
 * - %DRM_CORUN_EXT_ID_SYNCS: &struct drm_corun_ext_syncs.
 * - %DRM_CORUN_EXT_ID_COUNTERS: &struct drm_corun_ext_counters.
 */
#define DRM_CORUN_EXT_ID_SYNCS 0x01
#define DRM_CORUN_EXT_ID_COUNTERS 0x02

/**
 * struct drm_corun_sync - One syncobj wait or signal operation.
 *
 * Errors: %ENOENT if @handle is not a syncobj of this DRM file; %EINVAL if
 * @flags is not zero, or for a wait, if the syncobj (point) has no fence.
 */
struct drm_corun_sync {
	/** @handle: In. Syncobj handle. */
	__u32 handle;

	/** @flags: MBZ. */
	__u32 flags;

	/**
	 * @point: In. Timeline point; 0 for a binary syncobj. A wait waits
	 * for the fence at this point; a signal adds the job's fence at
	 * this point (binary: replaces the syncobj's fence).
	 */
	__u64 point;
};

/**
 * struct drm_corun_ext_syncs - Extension %DRM_CORUN_EXT_ID_SYNCS.
 *
 * Adds wait and signal operations, including timeline points, to a
 * submission. They add to &drm_corun_submit.in_syncs and
 * &drm_corun_submit.out_sync, which remain usable.
 *
 * Errors: %EINVAL if @reserved is not zero; %E2BIG if the in- or out-syncs
 * of the job, all sources together, exceed %DRM_CORUN_PARAM_MAX_SYNCS;
 * %EFAULT if an array cannot be read; the errors of &struct drm_corun_sync.
 */
struct drm_corun_ext_syncs {
	/** @base: Header; @base.id is %DRM_CORUN_EXT_ID_SYNCS. */
	struct drm_corun_extension base;

	/** @in_syncs: In. User pointer to @in_count &struct drm_corun_sync. */
	__u64 in_syncs;

	/** @out_syncs: In. User pointer to @out_count &struct drm_corun_sync. */
	__u64 out_syncs;

	/** @in_count: In. Number of elements of @in_syncs. */
	__u32 in_count;

	/** @out_count: In. Number of elements of @out_syncs. */
	__u32 out_count;

	/** @reserved: MBZ. */
	__u64 reserved;
};

/**
 * DOC: corun counter request flags
 *
 * Flags of &drm_corun_ext_counters.flags:
 *
 * - %DRM_CORUN_COUNTERS_PER_SM: reserved for a per-SM breakdown; rejected
 *   with %EOPNOTSUPP in ABI version 1.
 */
#define DRM_CORUN_COUNTERS_PER_SM (1U << 0)

/**
 * struct drm_corun_ext_counters - Extension %DRM_CORUN_EXT_ID_COUNTERS.
 *
 * Asks the driver to collect &struct drm_corun_job_counters for the job.
 * The counters cover the job's own activity only (the device tags every
 * request with its slot). The record stays available until it is read with
 * %DRM_CORUN_GET_COUNTERS_RELEASE or the DRM file is closed.
 *
 * Errors: %EINVAL if @flags has an undefined bit or @pad is not zero;
 * %EOPNOTSUPP if %DRM_CORUN_FEATURE_JOB_COUNTERS is not set or @flags has
 * %DRM_CORUN_COUNTERS_PER_SM; %ENOSPC if the file already has
 * %DRM_CORUN_PARAM_MAX_COUNTER_JOBS unreleased counter records.
 */
struct drm_corun_ext_counters {
	/** @base: Header; @base.id is %DRM_CORUN_EXT_ID_COUNTERS. */
	struct drm_corun_extension base;

	/** @flags: In. A mask of DRM_CORUN_COUNTERS_* flags. */
	__u32 flags;

	/** @pad: MBZ. */
	__u32 pad;
};

/**
 * struct drm_corun_submit - Argument of DRM_IOCTL_CORUN_SUBMIT.
 *
 * Submits a job: one launch of a device kernel over a grid of CTAs. The
 * job waits for its in-syncs (and, unless
 * %DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC, for the writers of its buffers, and
 * the readers of the buffers it may write) and for the previous job of its
 * context. Then the active policy gives it a hardware slot, SMs and
 * resources, and it runs. Its fence signals when every CTA has finished
 * and its memory writes are visible, or when it faults or is cancelled
 * (the fence then carries an error).
 *
 * A CTA must fit on one SM: the product of @block must not exceed
 * %DRM_CORUN_PARAM_SM_MAX_THREADS, that product times @regs_per_thread must
 * not exceed %DRM_CORUN_PARAM_SM_REGS and @shared_bytes must not exceed
 * %DRM_CORUN_PARAM_SM_SHARED_BYTES (%ERANGE otherwise).
 *
 * Errors: %EINVAL if @flags has an undefined bit, @pad or @reserved is not
 * zero, @code_handle is not an executable buffer, @entry_offset is not
 * 4-byte aligned or not inside the code buffer, @args_va is above 32 bits,
 * an element of @grid or @block is 0, @regs_per_thread is 0, @stack_bytes
 * is not a multiple of 16, or @placement or @coherence is not a value of
 * its enumeration; %ENOENT if @ctx_id, @code_handle, a buffer handle or a
 * syncobj handle does not exist in this DRM file; %ERANGE if a launch
 * dimension or resource exceeds its device limit, @qos_target exceeds
 * %DRM_CORUN_QOS_ONE or @insn_budget exceeds
 * %DRM_CORUN_PARAM_MAX_INSN_BUDGET; %E2BIG if @bo_handle_count exceeds
 * %DRM_CORUN_PARAM_MAX_BO_HANDLES or the syncs exceed
 * %DRM_CORUN_PARAM_MAX_SYNCS; %EOPNOTSUPP if @placement or @coherence is
 * not supported by the device, or %DRM_CORUN_SUBMIT_HOLD is set and the
 * driver is not in lockstep mode; %EACCES if @qos_target is not 0 and the
 * caller lacks %CAP_SYS_NICE, or %DRM_CORUN_SUBMIT_HOLD is set and the
 * caller lacks %CAP_SYS_ADMIN; %EFAULT if a user pointer cannot be read;
 * the errors of the extensions; %ENOMEM.
 */
struct drm_corun_submit {
	/**
	 * @extensions: In. User pointer to the first
	 * &struct drm_corun_extension of the extension chain, or 0.
	 */
	__u64 extensions;

	/** @ctx_id: In. Context that runs the job. */
	__u32 ctx_id;

	/** @flags: In. A mask of DRM_CORUN_SUBMIT_* flags. */
	__u32 flags;

	/**
	 * @code_handle: In. GEM handle of the buffer holding the kernel's
	 * code; it must have %DRM_CORUN_BO_EXEC. It is implicitly part of
	 * the job's buffer list.
	 */
	__u32 code_handle;

	/** @entry_offset: In. Offset of the entry point in @code_handle. */
	__u32 entry_offset;

	/**
	 * @args_va: In. GPU virtual address of the kernel's argument block,
	 * handed to every thread by the device runtime, or 0. It is not
	 * checked further: a bad address faults the job when used.
	 */
	__u64 args_va;

	/** @grid: In. Grid dimensions in CTAs (x, y, z); each at least 1. */
	__u32 grid[3];

	/** @block: In. CTA dimensions in threads (x, y, z); each at least 1. */
	__u32 block[3];

	/** @regs_per_thread: In. 32-bit registers each thread occupies. */
	__u32 regs_per_thread;

	/** @shared_bytes: In. Shared memory per CTA. */
	__u32 shared_bytes;

	/**
	 * @stack_bytes: In. Stack per thread, a multiple of 16; 0 selects
	 * %DRM_CORUN_PARAM_DEFAULT_STACK_BYTES. The driver provides the
	 * stack memory outside the buffer range of the address space; its
	 * contents are undefined when the job starts.
	 */
	__u32 stack_bytes;

	/**
	 * @qos_target: In. Quality-of-service target: the fraction of its
	 * alone-run speed (instructions per cycle) the job should keep while
	 * co-running, in units of 1/%DRM_CORUN_QOS_ONE; 0 means none.
	 * Policies without QoS support ignore it.
	 */
	__u32 qos_target;

	/** @placement: In. One of &enum drm_corun_placement. */
	__u32 placement;

	/** @coherence: In. One of &enum drm_corun_coherence. */
	__u32 coherence;

	/**
	 * @insn_budget: In. Largest number of warp instructions the job may
	 * execute; beyond it the job faults with
	 * %DRM_CORUN_FAULT_INSN_BUDGET. 0 selects
	 * %DRM_CORUN_PARAM_DEFAULT_INSN_BUDGET.
	 */
	__u64 insn_budget;

	/**
	 * @bo_handles: In. User pointer to an array of __u32 GEM handles of
	 * the buffers the job uses. Listed buffers stay mapped while the job
	 * runs and take part in implicit synchronisation; duplicates are
	 * ignored. The job may access other buffers of the file, without
	 * these guarantees.
	 */
	__u64 bo_handles;

	/** @bo_handle_count: In. Number of elements of @bo_handles. */
	__u32 bo_handle_count;

	/** @in_sync_count: In. Number of elements of @in_syncs. */
	__u32 in_sync_count;

	/**
	 * @in_syncs: In. User pointer to an array of __u32 binary syncobj
	 * handles to wait for before the job starts.
	 */
	__u64 in_syncs;

	/**
	 * @out_sync: In. Binary syncobj that receives the job's fence, or 0.
	 */
	__u32 out_sync;

	/** @pad: MBZ. */
	__u32 pad;

	/**
	 * @job_id: Out. Identifier of the job within the DRM file: 1 for the
	 * first job, incremented by one for each accepted submission.
	 */
	__u64 job_id;

	/** @reserved: MBZ. */
	__u64 reserved[2];
};

/**
 * enum drm_corun_job_state - State of a job (&drm_corun_query_job.state).
 *
 * @DRM_CORUN_JOB_QUEUED: Waiting for dependencies or for a hardware slot.
 * @DRM_CORUN_JOB_RUNNING: Resident in a hardware slot.
 * @DRM_CORUN_JOB_DONE: Finished successfully.
 * @DRM_CORUN_JOB_FAULTED: Stopped by its own fault; see
 *	&drm_corun_query_job.fault.
 * @DRM_CORUN_JOB_CANCELED: Stopped or never started for another reason: a
 *	GPU reset caused by another job, or a failed dependency.
 */
enum drm_corun_job_state {
	DRM_CORUN_JOB_QUEUED = 1,
	DRM_CORUN_JOB_RUNNING = 2,
	DRM_CORUN_JOB_DONE = 3,
	DRM_CORUN_JOB_FAULTED = 4,
	DRM_CORUN_JOB_CANCELED = 5,
};

/**
 * enum drm_corun_fault_cause - Why a job faulted.
 *
 * @DRM_CORUN_FAULT_NONE: No fault.
 * @DRM_CORUN_FAULT_MMU_UNMAPPED: Access to an unmapped GPU virtual
 *	address (including guard pages and stack overflows).
 * @DRM_CORUN_FAULT_MMU_WRITE: Write or atomic to a read-only page.
 * @DRM_CORUN_FAULT_MMU_EXEC: Instruction fetch from a page without
 *	%DRM_CORUN_BO_EXEC.
 * @DRM_CORUN_FAULT_ILLEGAL_INSN: Undefined or unsupported instruction.
 * @DRM_CORUN_FAULT_MISALIGNED: Misaligned data access or jump target.
 * @DRM_CORUN_FAULT_SHARED_BOUNDS: Access beyond the CTA's shared memory.
 * @DRM_CORUN_FAULT_TRAP: ebreak, ecall or an explicit trap.
 * @DRM_CORUN_FAULT_INSN_BUDGET: &drm_corun_submit.insn_budget exhausted.
 * @DRM_CORUN_FAULT_HANG: The driver's watchdog saw no progress and reset
 *	the job's slot or the GPU.
 */
enum drm_corun_fault_cause {
	DRM_CORUN_FAULT_NONE = 0,
	DRM_CORUN_FAULT_MMU_UNMAPPED = 1,
	DRM_CORUN_FAULT_MMU_WRITE = 2,
	DRM_CORUN_FAULT_MMU_EXEC = 3,
	DRM_CORUN_FAULT_ILLEGAL_INSN = 4,
	DRM_CORUN_FAULT_MISALIGNED = 5,
	DRM_CORUN_FAULT_SHARED_BOUNDS = 6,
	DRM_CORUN_FAULT_TRAP = 7,
	DRM_CORUN_FAULT_INSN_BUDGET = 8,
	DRM_CORUN_FAULT_HANG = 9,
};

/**
 * DOC: corun fault flags
 *
 * Flags of &drm_corun_fault.flags:
 *
 * - %DRM_CORUN_FAULT_F_LOCATION: @sm, @cta, @warp, @lane, @pc and @insn are
 *   valid.
 * - %DRM_CORUN_FAULT_F_ADDRESS: @address is valid.
 * - %DRM_CORUN_FAULT_F_READ, %DRM_CORUN_FAULT_F_WRITE,
 *   %DRM_CORUN_FAULT_F_EXEC, %DRM_CORUN_FAULT_F_ATOMIC: kind of the
 *   faulting access.
 */
#define DRM_CORUN_FAULT_F_LOCATION (1U << 0)
#define DRM_CORUN_FAULT_F_ADDRESS (1U << 1)
#define DRM_CORUN_FAULT_F_READ (1U << 2)
#define DRM_CORUN_FAULT_F_WRITE (1U << 3)
#define DRM_CORUN_FAULT_F_EXEC (1U << 4)
#define DRM_CORUN_FAULT_F_ATOMIC (1U << 5)

/**
 * struct drm_corun_fault - The first fault of a job, as the device saw it.
 *
 * Only the first faulting thread is recorded; the device stops the job's
 * other warps when it faults.
 */
struct drm_corun_fault {
	/** @cause: One of &enum drm_corun_fault_cause. */
	__u32 cause;

	/** @flags: A mask of DRM_CORUN_FAULT_F_* flags. */
	__u32 flags;

	/** @slot: Hardware slot of the job. */
	__u32 slot;

	/** @sm: SM of the faulting thread. */
	__u32 sm;

	/** @cta: CTA index (x, y, z) of the faulting thread in the grid. */
	__u32 cta[3];

	/** @warp: Warp index of the faulting thread within its CTA. */
	__u32 warp;

	/** @lane: Lane of the faulting thread within its warp. */
	__u32 lane;

	/** @insn: The faulting instruction word. */
	__u32 insn;

	/** @pc: GPU virtual address of the faulting instruction. */
	__u64 pc;

	/** @address: Faulting data address. */
	__u64 address;

	/** @cycle: Device cycle at which the fault was detected. */
	__u64 cycle;
};

/**
 * struct drm_corun_query_job - Argument of DRM_IOCTL_CORUN_QUERY_JOB.
 *
 * Reports the state of a job of this DRM file. Unfinished jobs can always
 * be queried; finished ones while they are among the last
 * %DRM_CORUN_PARAM_JOB_HISTORY finished jobs of the file or have an
 * unreleased counter record.
 *
 * Errors: %EINVAL if @flags, @pad or @reserved is not zero; %ENOENT if
 * @job_id was never returned by DRM_IOCTL_CORUN_SUBMIT on this file or its
 * record has been dropped.
 */
struct drm_corun_query_job {
	/** @job_id: In. &drm_corun_submit.job_id of the job. */
	__u64 job_id;

	/** @flags: MBZ. No flags are defined. */
	__u32 flags;

	/** @ctx_id: Out. Context of the job. */
	__u32 ctx_id;

	/** @state: Out. One of &enum drm_corun_job_state. */
	__u32 state;

	/**
	 * @error: Out. Error of the job's fence: 0 while queued or running
	 * and when done; a negative errno when faulted (-%EIO, or
	 * -%ETIMEDOUT for %DRM_CORUN_FAULT_HANG) or cancelled (-%ECANCELED,
	 * or the error of a failed dependency).
	 */
	__s32 error;

	/**
	 * @slot: Out. Hardware slot the job runs or ran in, or
	 * %DRM_CORUN_SLOT_NONE if it never reached one.
	 */
	__u32 slot;

	/** @pad: MBZ. */
	__u32 pad;

	/** @submit_ns: Out. CLOCK_MONOTONIC time of the submission. */
	__u64 submit_ns;

	/** @start_ns: Out. CLOCK_MONOTONIC time the job started, or 0. */
	__u64 start_ns;

	/** @end_ns: Out. CLOCK_MONOTONIC time the job finished, or 0. */
	__u64 end_ns;

	/**
	 * @fence_context: Out. dma_fence context of the job's fence, to join
	 * with the gpu_scheduler and corun tracepoints.
	 */
	__u64 fence_context;

	/** @fence_seqno: Out. dma_fence sequence number of the job's fence. */
	__u64 fence_seqno;

	/**
	 * @sm_mask: Out. SMs the job's slot may use, as last programmed by
	 * the policy engine (bit n of word n / 64 is SM n); 0 if the job
	 * never reached a slot.
	 */
	__u64 sm_mask[DRM_CORUN_MAX_SMS / 64];

	/** @fault: Out. Valid when @state is %DRM_CORUN_JOB_FAULTED. */
	struct drm_corun_fault fault;

	/** @reserved: MBZ. */
	__u64 reserved[2];
};

/**
 * DOC: corun counter flags
 *
 * Flags of &drm_corun_job_counters.flags:
 *
 * - %DRM_CORUN_COUNTERS_F_INCOMPLETE: the job did not finish successfully;
 *   the counters stop where it stopped.
 * - %DRM_CORUN_COUNTERS_F_LOCKSTEP: the device ran in lockstep mode for the
 *   whole job, so the values are deterministic.
 */
#define DRM_CORUN_COUNTERS_F_INCOMPLETE (1U << 0)
#define DRM_CORUN_COUNTERS_F_LOCKSTEP (1U << 1)

/**
 * struct drm_corun_job_counters - Counters of one job.
 *
 * All counts cover the job only, from the dispatch of its first CTA to the
 * end of its last one. The structure only grows: new counters are
 * appended and @size tells how much of it the driver knows (see
 * &struct drm_corun_get_job_counters).
 */
struct drm_corun_job_counters {
	/** @size: Size of this structure as known to the driver. */
	__u32 size;

	/** @flags: A mask of DRM_CORUN_COUNTERS_F_* flags. */
	__u32 flags;

	/** @slot: Hardware slot the job ran in. */
	__u32 slot;

	/** @epochs: Epoch boundaries that occurred while the job ran. */
	__u32 epochs;

	/** @start_cycle: Device cycle of the first CTA dispatch. */
	__u64 start_cycle;

	/** @end_cycle: Device cycle at which the last CTA finished. */
	__u64 end_cycle;

	/** @sm_cycles: Sum over SMs of cycles with a CTA of the job resident. */
	__u64 sm_cycles;

	/** @warp_insts: Warp instructions issued. */
	__u64 warp_insts;

	/** @thread_insts: Thread instructions executed (active lanes). */
	__u64 thread_insts;

	/** @ctas_launched: CTAs dispatched to an SM. */
	__u64 ctas_launched;

	/** @ctas_completed: CTAs that finished. */
	__u64 ctas_completed;

	/**
	 * @stall_mem: Warp-cycles stalled waiting for memory (including
	 * those held by the memory-instruction cap of %DRM_CORUN_IRC_MIL).
	 */
	__u64 stall_mem;

	/** @stall_dep: Warp-cycles stalled on register or unit dependencies. */
	__u64 stall_dep;

	/** @stall_barrier: Warp-cycles stalled at a CTA barrier. */
	__u64 stall_barrier;

	/**
	 * @stall_throttle: Warp-cycles stalled by policy: CTA quota, issue
	 * quota or memory issue-rate credits.
	 */
	__u64 stall_throttle;

	/** @mem_requests: L1 data requests after coalescing. */
	__u64 mem_requests;

	/** @mem_reads: The read requests among @mem_requests. */
	__u64 mem_reads;

	/** @l1_hits: L1 data cache hits. */
	__u64 l1_hits;

	/** @l1_misses: L1 data cache misses. */
	__u64 l1_misses;

	/**
	 * @l1_rsrv_fails: L1 reservation failures (no MSHR, miss-queue entry
	 * or line available).
	 */
	__u64 l1_rsrv_fails;

	/** @l1_bypasses: Requests that bypassed the L1. */
	__u64 l1_bypasses;

	/** @l2_hits: L2/LLC hits. */
	__u64 l2_hits;

	/** @l2_misses: L2/LLC misses. */
	__u64 l2_misses;

	/** @l2_writebacks: Dirty L2/LLC lines of the job written back. */
	__u64 l2_writebacks;

	/** @dram_reads: DRAM read bursts. */
	__u64 dram_reads;

	/** @dram_writes: DRAM write bursts, including dirty write-backs. */
	__u64 dram_writes;

	/** @dram_row_hits: DRAM accesses that hit an open row. */
	__u64 dram_row_hits;

	/** @noc_flits: NoC flits sent and received. */
	__u64 noc_flits;

	/** @noc_stall_cycles: Cycles the job's NoC traffic was back-pressured. */
	__u64 noc_stall_cycles;

	/**
	 * @est_alone_cycles: The policy's estimate of the cycles the job would
	 * have taken alone on the GPU, or 0 if the policy has no model.
	 */
	__u64 est_alone_cycles;

	/**
	 * @ro_hits: Read-only data cache hits (texture/constant-style loads
	 * and argument reads, which are not L1 accesses).
	 */
	__u64 ro_hits;

	/** @ro_misses: Read-only data cache misses. */
	__u64 ro_misses;
};

/**
 * DOC: corun counter read-back flags
 *
 * Flags of &drm_corun_get_job_counters.flags:
 *
 * - %DRM_CORUN_GET_COUNTERS_RELEASE: drop the job's counter record after a
 *   successful copy.
 */
#define DRM_CORUN_GET_COUNTERS_RELEASE (1U << 0)

/**
 * struct drm_corun_get_job_counters - Argument of
 * DRM_IOCTL_CORUN_GET_JOB_COUNTERS.
 *
 * Copies the counters of a finished job that was submitted with
 * &struct drm_corun_ext_counters. The driver copies min(@size, its own
 * size) bytes of &struct drm_corun_job_counters to @counters, zero-fills
 * the rest of the user buffer and writes its own size to @size. Passing
 * @size 0 only queries the size.
 *
 * Errors: %EINVAL if @flags has an undefined bit or @reserved is not zero;
 * %E2BIG if @size exceeds %DRM_CORUN_JOB_COUNTERS_SIZE_MAX; %ENOENT if no
 * record of @job_id exists; %ENODATA if the job was submitted without
 * counters; %EBUSY if the job has not finished; %EFAULT if @counters
 * cannot be written.
 */
struct drm_corun_get_job_counters {
	/** @job_id: In. &drm_corun_submit.job_id of the job. */
	__u64 job_id;

	/**
	 * @counters: In. User pointer to a buffer of @size bytes for a
	 * &struct drm_corun_job_counters.
	 */
	__u64 counters;

	/**
	 * @size: In/Out. Size of the user buffer; on return the size of
	 * &struct drm_corun_job_counters known to the driver.
	 */
	__u32 size;

	/** @flags: In. A mask of DRM_CORUN_GET_COUNTERS_* flags. */
	__u32 flags;

	/** @reserved: MBZ. */
	__u64 reserved;
};

/**
 * enum drm_corun_policy_id - Policies of the policy engine.
 *
 * The names in quotes are the names accepted with
 * %DRM_CORUN_POLICY_BY_NAME and shown in sysfs, debugfs and tracepoints.
 *
 * @DRM_CORUN_POLICY_FCFS: "fcfs": leftover policy; jobs take the resources
 *	left free by earlier jobs, in arrival order (the default).
 * @DRM_CORUN_POLICY_EVEN: "even": SMs split evenly between resident jobs.
 * @DRM_CORUN_POLICY_PROPORTIONAL: "proportional": SMs split in proportion
 *	to the jobs' demand.
 * @DRM_CORUN_POLICY_SMK: "smk": CTAs of several jobs share each SM,
 *	combined by dominant resource fairness on static resources, with
 *	warp issue quotas.
 * @DRM_CORUN_POLICY_WARPED_SLICER: "warped-slicer": intra-SM slicing
 *	chosen from profiled scalability curves.
 * @DRM_CORUN_POLICY_CCBP: "ccbp": CTA combination with kernel
 *	classification, throttle probing and bandwidth partitioning through
 *	issue-rate credits.
 * @DRM_CORUN_POLICY_HSM_FAIR: "hsm-fair": SM partitioning that equalises
 *	the slowdowns predicted by the hybrid slowdown model.
 * @DRM_CORUN_POLICY_HSM_QOS: "hsm-qos": SM partitioning that meets
 *	&drm_corun_submit.qos_target of the QoS job and maximises the
 *	throughput of the others.
 * @DRM_CORUN_POLICY_SERIAL: "serial": one job on the GPU at a time, no
 *	co-running (the time-sharing baseline).
 * @DRM_CORUN_POLICY_DASE_FAIR: "dase-fair": HSM-Fair's SM partitioning
 *	fed by a DASE-style white-box slowdown model (a baseline).
 * @DRM_CORUN_POLICY_DASE_QOS: "dase-qos": HSM-QoS's SM partitioning fed by
 *	the same model (a baseline).
 * @DRM_CORUN_POLICY_BY_NAME: Not a policy: select the policy named by
 *	&drm_corun_policy.name.
 */
enum drm_corun_policy_id {
	DRM_CORUN_POLICY_FCFS = 0,
	DRM_CORUN_POLICY_EVEN = 1,
	DRM_CORUN_POLICY_PROPORTIONAL = 2,
	DRM_CORUN_POLICY_SMK = 3,
	DRM_CORUN_POLICY_WARPED_SLICER = 4,
	DRM_CORUN_POLICY_CCBP = 5,
	DRM_CORUN_POLICY_HSM_FAIR = 6,
	DRM_CORUN_POLICY_HSM_QOS = 7,
	DRM_CORUN_POLICY_SERIAL = 8,
	DRM_CORUN_POLICY_DASE_FAIR = 9,
	DRM_CORUN_POLICY_DASE_QOS = 10,
	DRM_CORUN_POLICY_BY_NAME = 0xffff,
};

/**
 * DOC: corun firmware knobs
 *
 * The firmware knobs of &struct drm_corun_policy (@irc, @llc, @vcp, @dram,
 * @l1) and its &drm_corun_policy.fw_params are the administrator's static
 * settings of the device firmware. SET_POLICY sends them to the firmware
 * as parameters and returns once the firmware has acknowledged them all;
 * if it refuses any, none is kept. They replace the previous settings as
 * a whole: a knob left DEFAULT and a parameter not listed take the
 * firmware's reset value. The selected policy may decide some of the same
 * parameters itself at run time; its decision wins over the static
 * setting while it lasts. GET_POLICY reports what the firmware
 * acknowledged last, whoever decided it.
 *
 * A value needs the firmware to implement it (%DRM_CORUN_PARAM_*_MODES,
 * %DRM_CORUN_PARAM_FW_PARAMS); values marked "(no firmware yet)" below are
 * part of the ABI but no firmware implements them today, so SET_POLICY
 * answers them with %EOPNOTSUPP.
 */

/**
 * enum drm_corun_irc - Memory issue-rate control (firmware knob).
 *
 * @DRM_CORUN_IRC_DEFAULT: The firmware's reset value (off), unless the
 *	policy decides.
 * @DRM_CORUN_IRC_OFF: No issue-rate control; the miss queue is shared.
 * @DRM_CORUN_IRC_ON: The firmware turns the per-slot shares
 *	(%DRM_CORUN_FW_PARAM_IRC_SHARE, or the policy's) into per-slot issue
 *	credits at the L1 miss queue.
 * @DRM_CORUN_IRC_MIL: Memory-instruction limiting (Dai et al., HPCA'18) in
 *	place of the credits: at every epoch the firmware lowers a slot's cap
 *	on its in-flight global and local memory instructions per SM when
 *	its L1 reservation-failure rate is high and raises (then lifts) it
 *	when the rate is low. The miss queue is shared, as with
 *	%DRM_CORUN_IRC_OFF; a policy that turns credits on itself (CCBP)
 *	replaces MIL while it does. With Warped-Slicer it is the CCBP
 *	paper's "WS + MIL".
 */
enum drm_corun_irc {
	DRM_CORUN_IRC_DEFAULT = 0,
	DRM_CORUN_IRC_OFF = 1,
	DRM_CORUN_IRC_ON = 2,
	DRM_CORUN_IRC_MIL = 3,
};

/**
 * enum drm_corun_llc_policy - LLC replacement policy (firmware knob).
 *
 * @DRM_CORUN_LLC_DEFAULT: The firmware's reset value (LRU), unless the
 *	policy decides.
 * @DRM_CORUN_LLC_LRU: Plain LRU, shared by all owners.
 * @DRM_CORUN_LLC_PROB_STATIC: Probability-based protection of the CPU
 *	class's lines with a fixed probability (%DRM_CORUN_FW_PARAM_LLC_PROB).
 * @DRM_CORUN_LLC_PROB_DYNAMIC: The same, with a probability adjusted at
 *	run time by the firmware.
 * @DRM_CORUN_LLC_WAY_PARTITION: Way partitioning: each slot fills only the
 *	ways of its %DRM_CORUN_FW_PARAM_LLC_WAYS.
 */
enum drm_corun_llc_policy {
	DRM_CORUN_LLC_DEFAULT = 0,
	DRM_CORUN_LLC_LRU = 1,
	DRM_CORUN_LLC_PROB_STATIC = 2,
	DRM_CORUN_LLC_PROB_DYNAMIC = 3,
	DRM_CORUN_LLC_WAY_PARTITION = 4,
};

/**
 * enum drm_corun_vcp - NoC virtual-channel policy (firmware knob).
 *
 * @DRM_CORUN_VCP_DEFAULT: The firmware's reset value (shared), unless the
 *	policy decides.
 * @DRM_CORUN_VCP_SHARED: Packets use the virtual channels the device
 *	configuration maps their class to.
 * @DRM_CORUN_VCP_PARTITIONED: Each slot's packets use the virtual channel
 *	of its %DRM_CORUN_FW_PARAM_VC (slots left at %DRM_CORUN_FW_VC_CONFIG
 *	keep the configuration's), which partitions the channels between
 *	slots and the CPU class.
 * @DRM_CORUN_VCP_CPU_PRIORITY: Partitioned, with strict priority for the
 *	CPU class (no firmware yet).
 * @DRM_CORUN_VCP_DYNAMIC: Partitioned, with the channels assigned at run
 *	time by the firmware.
 */
enum drm_corun_vcp {
	DRM_CORUN_VCP_DEFAULT = 0,
	DRM_CORUN_VCP_SHARED = 1,
	DRM_CORUN_VCP_PARTITIONED = 2,
	DRM_CORUN_VCP_CPU_PRIORITY = 3,
	DRM_CORUN_VCP_DYNAMIC = 4,
};

/**
 * enum drm_corun_dram_policy - DRAM scheduling (firmware knob).
 *
 * @DRM_CORUN_DRAM_DEFAULT: The firmware's reset value (FR-FCFS), unless
 *	the policy decides.
 * @DRM_CORUN_DRAM_FRFCFS: FR-FCFS with a row-hit cap, and the CPU priority
 *	of the device configuration.
 * @DRM_CORUN_DRAM_CPU_PRIORITY: FR-FCFS with CPU requests first (no
 *	firmware yet: the device configuration sets it).
 * @DRM_CORUN_DRAM_SLOT_PRIORITY: Requests of slots with a higher
 *	%DRM_CORUN_FW_PARAM_DRAM_PRIO first, FR-FCFS among equals.
 * @DRM_CORUN_DRAM_BW_APP: BW-App: requests of the slot with the lowest
 *	DRAM bandwidth over the last firmware tick first, FR-FCFS among
 *	equals; the firmware sets the slot priorities itself (a
 *	%DRM_CORUN_FW_PARAM_DRAM_PRIO is kept for when the policy changes).
 * @DRM_CORUN_DRAM_TCM: TCM, Thread Cluster Memory scheduling (Kim et
 *	al., MICRO'10): the firmware sets the slot priorities itself, as
 *	for %DRM_CORUN_DRAM_BW_APP. Every quantum (a number of epochs) it
 *	puts the slots that use the least DRAM bandwidth per instruction, up
 *	to a share of the total, in a latency cluster served first, least
 *	intensive first; the other slots that ran come below them, ranked by
 *	niceness and shuffled periodically; FR-FCFS among equals. The
 *	quantum, shuffle interval and share are firmware parameters with
 *	boot defaults, not &struct drm_corun_fw_param ids.
 */
enum drm_corun_dram_policy {
	DRM_CORUN_DRAM_DEFAULT = 0,
	DRM_CORUN_DRAM_FRFCFS = 1,
	DRM_CORUN_DRAM_CPU_PRIORITY = 2,
	DRM_CORUN_DRAM_SLOT_PRIORITY = 3,
	DRM_CORUN_DRAM_BW_APP = 4,
	DRM_CORUN_DRAM_TCM = 5,
};

/**
 * enum drm_corun_l1_policy - L1 sharing between co-running jobs.
 *
 * @DRM_CORUN_L1_DEFAULT: The firmware's reset value (shared), unless the
 *	policy decides.
 * @DRM_CORUN_L1_SHARED: All slots use all L1 ways and no CTA bypasses the
 *	L1; SET_POLICY then takes no %DRM_CORUN_FW_PARAM_L1_WAYS or
 *	%DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS (%EINVAL). GET_POLICY reports it
 *	when every slot is in that state.
 * @DRM_CORUN_L1_STATIC_PARTITION: Way masks and bypassing CTAs per slot as
 *	set by %DRM_CORUN_FW_PARAM_L1_WAYS and
 *	%DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS (or by the policy).
 * @DRM_CORUN_L1_DYNAMIC_PARTITION: Way masks per slot, adjusted by the
 *	firmware from profiling SMs (no firmware yet).
 * @DRM_CORUN_L1_BYPASS: Dynamic partitioning plus instruction and CTA
 *	bypass decided by the firmware (no firmware yet).
 * @DRM_CORUN_L1_UCP: Utility-based cache partitioning (UCP, Qureshi and
 *	Patt, MICRO'06) of the L1 ways, run by the firmware: sampled shadow
 *	tags measure each slot's hits per number of ways, and at a fixed
 *	number of epochs the firmware gives the slots that used the L1
 *	contiguous way ranges by marginal utility (at least one way each);
 *	slots that did not keep every way (Documentation/gpu/corun/fwif.rst).
 *	The firmware owns the way masks: SET_POLICY then takes no
 *	%DRM_CORUN_FW_PARAM_L1_WAYS (%EINVAL), and a policy's way masks wait
 *	until the knob changes; %DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS still
 *	applies.
 */
enum drm_corun_l1_policy {
	DRM_CORUN_L1_DEFAULT = 0,
	DRM_CORUN_L1_SHARED = 1,
	DRM_CORUN_L1_STATIC_PARTITION = 2,
	DRM_CORUN_L1_DYNAMIC_PARTITION = 3,
	DRM_CORUN_L1_BYPASS = 4,
	DRM_CORUN_L1_UCP = 5,
};

/**
 * enum drm_corun_fw_param_id - Firmware parameters of
 * &struct drm_corun_fw_param.
 *
 * Per-slot parameters apply to one hardware slot (&drm_corun_fw_param.slot
 * below %DRM_CORUN_PARAM_NUM_SLOTS), that is to whichever job runs in it.
 * Ids start at 1: a zeroed entry is rejected. The reset value follows
 * each range.
 *
 * @DRM_CORUN_FW_PARAM_IRC_SHARE: Per slot: issue-rate share under
 *	%DRM_CORUN_IRC_ON, in 1/%DRM_CORUN_FW_SHARE_ONE of the miss-queue
 *	issue rate; 0..%DRM_CORUN_FW_SHARE_ONE. Reset: an even split,
 *	%DRM_CORUN_FW_SHARE_ONE / %DRM_CORUN_PARAM_NUM_SLOTS.
 * @DRM_CORUN_FW_PARAM_IRC_PRIO: Per slot: miss-queue arbitration priority
 *	under %DRM_CORUN_IRC_ON, 0..%DRM_CORUN_FW_PRIO_MAX. Reset: 0.
 * @DRM_CORUN_FW_PARAM_L1_WAYS: Per slot: mask of the L1 ways the slot may
 *	fill (bit n is way n); it must name a way below
 *	%DRM_CORUN_PARAM_L1_WAYS, bits above are ignored. Reset: 0xffffffff.
 * @DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS: Per slot: CTAs per SM whose global
 *	accesses bypass the L1, 0..%DRM_CORUN_FW_BYPASS_CTAS_ALL, which means
 *	every CTA. Reset: 0.
 * @DRM_CORUN_FW_PARAM_LLC_WAYS: Per slot: mask of the LLC ways the slot
 *	fills under %DRM_CORUN_LLC_WAY_PARTITION; it must name a way below
 *	%DRM_CORUN_PARAM_L2_WAYS (on an LLC of more than 32 ways 0xffffffff
 *	means every way). Reset: 0xffffffff.
 * @DRM_CORUN_FW_PARAM_VC: Per slot: NoC virtual channel of the slot's
 *	packets under %DRM_CORUN_VCP_PARTITIONED, below
 *	%DRM_CORUN_PARAM_NUM_VCS, or %DRM_CORUN_FW_VC_CONFIG for the
 *	configuration's. Reset: %DRM_CORUN_FW_VC_CONFIG.
 * @DRM_CORUN_FW_PARAM_DRAM_PRIO: Per slot: DRAM priority under
 *	%DRM_CORUN_DRAM_SLOT_PRIORITY, 0..%DRM_CORUN_FW_PRIO_MAX. Reset: 0.
 * @DRM_CORUN_FW_PARAM_LLC_PROB: Device-wide (slot MBZ): under
 *	%DRM_CORUN_LLC_PROB_STATIC, the probability in
 *	1/%DRM_CORUN_FW_LLC_PROB_ONE that a GPU fill spares the CPU line it
 *	would evict, 0..%DRM_CORUN_FW_LLC_PROB_ONE. Reset: 1023.
 *
 * The memory-side mechanisms' tunables below are device-wide (slot MBZ),
 * each checked on its own (no order among them is enforced). Like
 * %DRM_CORUN_FW_PARAM_LLC_PROB, each is accepted whatever its knob's value
 * (the firmware keeps it, and it acts while the mechanism is selected,
 * from its next epoch event on); a firmware without the mechanism's
 * feature refuses it with %EOPNOTSUPP, %DRM_CORUN_PARAM_FW_PARAMS tells.
 *
 * @DRM_CORUN_FW_PARAM_MIL_HIGH: Under %DRM_CORUN_IRC_MIL: L1 reservation
 *	failures per L1 access, in 1/1024, above which a slot's cap of
 *	in-flight memory instructions is halved;
 *	0..%DRM_CORUN_FW_MIL_RATE_MAX. Reset: 256.
 * @DRM_CORUN_FW_PARAM_MIL_LOW: Under %DRM_CORUN_IRC_MIL: the rate below
 *	which the cap is raised, the same range. Reset: 64.
 * @DRM_CORUN_FW_PARAM_MIL_MIN: Under %DRM_CORUN_IRC_MIL: the lowest cap,
 *	1..%DRM_CORUN_FW_MIL_CAP_MAX. Reset: 2.
 * @DRM_CORUN_FW_PARAM_MIL_MAX: Under %DRM_CORUN_IRC_MIL: the highest cap
 *	(raising beyond it lifts the cap; a first lowering starts from it),
 *	1..%DRM_CORUN_FW_MIL_CAP_MAX. Reset: 32.
 * @DRM_CORUN_FW_PARAM_MIL_STEP: Under %DRM_CORUN_IRC_MIL: what a raise
 *	adds to the cap, 1..%DRM_CORUN_FW_MIL_CAP_MAX. Reset: 2.
 * @DRM_CORUN_FW_PARAM_TCM_THRESH: Under %DRM_CORUN_DRAM_TCM: TCM's
 *	ClusterThresh, in 1/%DRM_CORUN_FW_TCM_THRESH_ONE of the quantum's
 *	DRAM accesses, 0..%DRM_CORUN_FW_TCM_THRESH_ONE. Reset: 171 (TCM's
 *	4/24).
 * @DRM_CORUN_FW_PARAM_TCM_QUANTUM: Under %DRM_CORUN_DRAM_TCM: the
 *	clustering quantum in epochs, 1..%DRM_CORUN_FW_TCM_EPOCHS_MAX.
 *	Reset: 10.
 * @DRM_CORUN_FW_PARAM_TCM_SHUFFLE: Under %DRM_CORUN_DRAM_TCM: the
 *	bandwidth cluster's shuffle interval in epochs, the same range; one
 *	at or above the quantum never shuffles. Reset: 1.
 * @DRM_CORUN_FW_PARAM_UCP_PERIOD: Under %DRM_CORUN_L1_UCP: epochs between
 *	repartitions, 1..%DRM_CORUN_FW_UCP_PERIOD_MAX. Reset: 10.
 * @DRM_CORUN_FW_PARAM_UCP_MIN_WAYS: Under %DRM_CORUN_L1_UCP: L1 ways every
 *	slot that takes part keeps, 1..%DRM_CORUN_PARAM_L1_WAYS (at most
 *	32). Reset: 1.
 * @DRM_CORUN_FW_PARAM_UCP_DECAY: Under %DRM_CORUN_L1_UCP: the utility
 *	counters are shifted right by this after each repartition, 0 (never
 *	forget)..%DRM_CORUN_FW_UCP_DECAY_MAX (forget all). Reset: 1.
 * @DRM_CORUN_FW_PARAM_UCP_SAMPLE: Under %DRM_CORUN_L1_UCP: the utility
 *	monitors mirror one L1 set in this many,
 *	1..%DRM_CORUN_FW_UCP_SAMPLE_MAX. Reset: 8.
 */
enum drm_corun_fw_param_id {
	DRM_CORUN_FW_PARAM_IRC_SHARE = 1,
	DRM_CORUN_FW_PARAM_IRC_PRIO = 2,
	DRM_CORUN_FW_PARAM_L1_WAYS = 3,
	DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS = 4,
	DRM_CORUN_FW_PARAM_LLC_WAYS = 5,
	DRM_CORUN_FW_PARAM_VC = 6,
	DRM_CORUN_FW_PARAM_DRAM_PRIO = 7,
	DRM_CORUN_FW_PARAM_LLC_PROB = 8,
	DRM_CORUN_FW_PARAM_MIL_HIGH = 9,
	DRM_CORUN_FW_PARAM_MIL_LOW = 10,
	DRM_CORUN_FW_PARAM_MIL_MIN = 11,
	DRM_CORUN_FW_PARAM_MIL_MAX = 12,
	DRM_CORUN_FW_PARAM_MIL_STEP = 13,
	DRM_CORUN_FW_PARAM_TCM_THRESH = 14,
	DRM_CORUN_FW_PARAM_TCM_QUANTUM = 15,
	DRM_CORUN_FW_PARAM_TCM_SHUFFLE = 16,
	DRM_CORUN_FW_PARAM_UCP_PERIOD = 17,
	DRM_CORUN_FW_PARAM_UCP_MIN_WAYS = 18,
	DRM_CORUN_FW_PARAM_UCP_DECAY = 19,
	DRM_CORUN_FW_PARAM_UCP_SAMPLE = 20,
};

/**
 * struct drm_corun_fw_param - One firmware parameter of
 * &drm_corun_policy.fw_params.
 */
struct drm_corun_fw_param {
	/** @param: In. One of &enum drm_corun_fw_param_id. */
	__u32 param;

	/**
	 * @slot: In. Hardware slot of a per-slot parameter; MBZ for a
	 * device-wide one.
	 */
	__u32 slot;

	/**
	 * @value: In (SET), Out (GET). The value, in the range of its
	 * parameter.
	 */
	__u32 value;

	/** @pad: MBZ. */
	__u32 pad;
};

/**
 * enum drm_corun_policy_param_id - Knobs of the driver's policies, for
 * &drm_corun_policy.policy_params. Each belongs to one policy; a knob not
 * given is at its default.
 *
 * @DRM_CORUN_POLICY_PARAM_CCBP_REDETECT: %DRM_CORUN_POLICY_CCBP: restart
 *	detection after this many consecutive epochs in which a job's
 *	miss demand departs from its class by a bandwidth unit
 *	(Documentation/gpu/corun/cta-policies.rst, "ccbp"); 0 to 1000,
 *	default 0: never.
 * @DRM_CORUN_POLICY_PARAM_CCBP_RESCALE: %DRM_CORUN_POLICY_CCBP: 1 to move
 *	each bandwidth-intensive job's units of its other bandwidth along
 *	its measured rf and df every epoch; 0 (default) to keep Algorithm
 *	1's.
 */
enum drm_corun_policy_param_id {
	DRM_CORUN_POLICY_PARAM_CCBP_REDETECT = 1,
	DRM_CORUN_POLICY_PARAM_CCBP_RESCALE = 2,
};

/**
 * struct drm_corun_policy_param - One knob of
 * &drm_corun_policy.policy_params.
 */
struct drm_corun_policy_param {
	/** @param: In. One of &enum drm_corun_policy_param_id. */
	__u32 param;

	/** @value: In (SET), Out (GET). The value, in its knob's range. */
	__u32 value;
};

/**
 * struct drm_corun_policy - Argument of DRM_IOCTL_CORUN_GET_POLICY and
 * DRM_IOCTL_CORUN_SET_POLICY.
 *
 * The policy is a device-wide setting. DRM_IOCTL_CORUN_GET_POLICY, open to
 * any DRM file, fills every Out field with the values in effect; knobs are
 * never reported as DEFAULT. DRM_IOCTL_CORUN_SET_POLICY needs
 * %CAP_SYS_ADMIN; it selects the policy, which decides at once (running
 * jobs keep running, with what the new policy gives them), and hands the
 * firmware knobs and parameters to the firmware (see "corun firmware
 * knobs"). It succeeds or fails as a whole: on any error nothing of it is
 * applied.
 *
 * Errors of SET: %EACCES if the caller lacks %CAP_SYS_ADMIN; %EINVAL if
 * @flags or @pad is not zero, @policy or a knob is not a value of its
 * enumeration, @name is not NUL-terminated, or @name is not all zero while
 * @policy is not %DRM_CORUN_POLICY_BY_NAME; %ENOENT if no policy has the
 * given @name; %EOPNOTSUPP if the policy is not built in or the firmware
 * does not implement a knob value other than DEFAULT (see the
 * %DRM_CORUN_PARAM_*_MODES masks); %ERANGE if @epoch_cycles is neither 0
 * nor within [%DRM_CORUN_EPOCH_CYCLES_MIN, %DRM_CORUN_EPOCH_CYCLES_MAX].
 *
 * Errors of @fw_params (SET and GET): %E2BIG if @fw_param_count exceeds
 * %DRM_CORUN_FW_PARAMS_MAX; %EINVAL if @fw_params is not 0 while
 * @fw_param_count is; %EFAULT if the array cannot be read (or, for GET,
 * written); %EINVAL if an entry's @pad is not zero, its @param is not a
 * value of &enum drm_corun_fw_param_id, or a device-wide parameter has a
 * @slot; %ERANGE if a per-slot parameter's @slot is not below
 * %DRM_CORUN_PARAM_NUM_SLOTS. SET only: %ERANGE if a @value is outside its
 * parameter's range; %EINVAL if a (@param, @slot) pair is given twice, or
 * an L1 parameter comes with %DRM_CORUN_L1_SHARED; %EOPNOTSUPP if the
 * firmware does not implement the parameter (%DRM_CORUN_PARAM_FW_PARAMS).
 * %EIO if the firmware refused the settings or failed, %ETIMEDOUT if it
 * did not answer; the previous settings stay in force in both cases.
 *
 * Errors of @policy_params (SET and GET): %E2BIG if @policy_param_count
 * exceeds %DRM_CORUN_POLICY_PARAMS_MAX; %EINVAL if @policy_params is not
 * 0 while @policy_param_count is; %EFAULT if the array cannot be read
 * (or, for GET, written); %EINVAL if an entry's @param is not a knob of
 * the policy (the one selected for SET, the active one for GET) or is
 * given twice. SET only: %ERANGE if a @value is outside its knob's range.
 * Knobs SET does not name return to their defaults.
 *
 * With %DRM_CORUN_POLICY_F_START_GATE in @flags, SET also arms the start
 * gate (after selecting the policy): the device stops until @start_gate
 * jobs have reached hardware slots, then all of them start at the same
 * device cycle, in the order they reached their slots (lockstep
 * experiments replaying a co-run of corun-sim, which starts every job at
 * cycle 0). The gate belongs to the file that armed it: closing that file,
 * or SET with the flag and @start_gate 0, opens it early. Errors: %ERANGE
 * if @start_gate exceeds %DRM_CORUN_PARAM_NUM_SLOTS (the jobs could
 * never all reach a slot); %EBUSY if a job is resident in a slot or
 * another file's gate is armed.
 *
 * Errors of GET: %EINVAL if @flags, @start_gate or @pad is not zero.
 */
#define DRM_CORUN_POLICY_F_START_GATE (1U << 0)

struct drm_corun_policy {
	/**
	 * @policy: In (SET), Out (GET). One of &enum drm_corun_policy_id.
	 */
	__u32 policy;

	/**
	 * @flags: In (SET). A mask of DRM_CORUN_POLICY_F_* flags; MBZ for
	 * GET.
	 */
	__u32 flags;

	/**
	 * @name: In (SET with %DRM_CORUN_POLICY_BY_NAME), Out (GET).
	 * NUL-terminated policy name.
	 */
	char name[DRM_CORUN_POLICY_NAME_LEN];

	/** @irc: In (SET), Out (GET). One of &enum drm_corun_irc. */
	__u32 irc;

	/** @llc: In (SET), Out (GET). One of &enum drm_corun_llc_policy. */
	__u32 llc;

	/** @vcp: In (SET), Out (GET). One of &enum drm_corun_vcp. */
	__u32 vcp;

	/** @dram: In (SET), Out (GET). One of &enum drm_corun_dram_policy. */
	__u32 dram;

	/** @l1: In (SET), Out (GET). One of &enum drm_corun_l1_policy. */
	__u32 l1;

	/**
	 * @epoch_cycles: In (SET), Out (GET). Epoch length in device cycles;
	 * 0 on SET keeps the current length.
	 */
	__u32 epoch_cycles;

	/**
	 * @start_gate: In (SET with %DRM_CORUN_POLICY_F_START_GATE, else
	 * MBZ), Out (GET). Jobs the start gate still waits for, 0 if open.
	 */
	__u32 start_gate;

	/** @fw_param_count: In. Entries of @fw_params, 0 for none. */
	__u32 fw_param_count;

	/**
	 * @fw_params: In. User pointer to an array of @fw_param_count
	 * &struct drm_corun_fw_param. SET sets each parameter; GET fills in
	 * the @value of each entry with the value in force.
	 */
	__u64 fw_params;

	/**
	 * @policy_param_count: In. Entries of @policy_params, 0 for none.
	 */
	__u32 policy_param_count;

	/** @pad: MBZ. */
	__u32 pad;

	/**
	 * @policy_params: In. User pointer to an array of
	 * @policy_param_count &struct drm_corun_policy_param. SET sets each
	 * knob of the policy it selects; GET fills in the @value of each
	 * entry with the active policy's value.
	 */
	__u64 policy_params;
};

#if defined(__cplusplus)
}
#endif

#endif /* _CORUN_DRM_H_ */
