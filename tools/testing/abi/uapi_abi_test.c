// SPDX-License-Identifier: GPL-2.0
/*
 * ABI freeze for include/uapi/drm/corun_drm.h.
 *
 * The static_asserts below pin the size of every uapi structure, the
 * offset of every field, the ioctl numbers and the values of every
 * enumeration and flag. Any change to the layout breaks the build: a
 * deliberate extension must update this file in the same change (and
 * bump DRM_CORUN_ABI_VERSION). The KUnit cases check the general rules at
 * run time: sizes are multiples of 8 bytes, ioctl numbers are distinct and
 * inside the driver range, flag bits do not overlap.
 */

#include <assert.h>
#include <stddef.h>

#include <kunit/test.h>
#include <uapi/drm/corun_drm.h>

#define ABI_SIZE(type, size)                         \
	static_assert(sizeof(struct type) == (size), \
		      "ABI break: sizeof(struct " #type ")")
#define ABI_OFF(type, field, off)                            \
	static_assert(offsetof(struct type, field) == (off), \
		      "ABI break: offsetof(struct " #type ", " #field ")")
#define ABI_VAL(expr, val) \
	static_assert((expr) == (val), "ABI break: " #expr " != " #val)

/* Version and limits. */
ABI_VAL(DRM_CORUN_ABI_VERSION, 3);
ABI_VAL(DRM_CORUN_MAX_SMS, 128);
ABI_VAL(DRM_CORUN_MAX_EXTENSIONS, 16);
ABI_VAL(DRM_CORUN_CTX_NAME_LEN, 32);
ABI_VAL(DRM_CORUN_POLICY_NAME_LEN, 32);
ABI_VAL(DRM_CORUN_QOS_ONE, 1024);
ABI_VAL(DRM_CORUN_JOB_COUNTERS_SIZE_MAX, 4096);
ABI_VAL(DRM_CORUN_EPOCH_CYCLES_MIN, 1024);
ABI_VAL(DRM_CORUN_EPOCH_CYCLES_MAX, 1U << 30);
ABI_VAL(DRM_CORUN_SLOT_NONE, 0xffffffffU);
ABI_VAL(DRM_CORUN_FW_PARAMS_MAX, 128);
ABI_VAL(DRM_CORUN_POLICY_PARAMS_MAX, 4);
ABI_VAL(DRM_CORUN_FW_SHARE_ONE, 1024);
ABI_VAL(DRM_CORUN_FW_PRIO_MAX, 15);
ABI_VAL(DRM_CORUN_FW_BYPASS_CTAS_ALL, 255);
ABI_VAL(DRM_CORUN_FW_LLC_PROB_ONE, 1024);
ABI_VAL(DRM_CORUN_FW_VC_CONFIG, 0xffffffffU);
ABI_VAL(DRM_CORUN_FW_MIL_RATE_MAX, 65536);
ABI_VAL(DRM_CORUN_FW_MIL_CAP_MAX, 255);
ABI_VAL(DRM_CORUN_FW_TCM_THRESH_ONE, 1024);
ABI_VAL(DRM_CORUN_FW_TCM_EPOCHS_MAX, 65536);
ABI_VAL(DRM_CORUN_FW_UCP_PERIOD_MAX, 1000);
ABI_VAL(DRM_CORUN_FW_UCP_DECAY_MAX, 32);
ABI_VAL(DRM_CORUN_FW_UCP_SAMPLE_MAX, 256);

/* Ioctl numbers. */
ABI_VAL(DRM_CORUN_GET_PARAM, 0x00);
ABI_VAL(DRM_CORUN_CREATE_BO, 0x01);
ABI_VAL(DRM_CORUN_MMAP_BO, 0x02);
ABI_VAL(DRM_CORUN_WAIT_BO, 0x03);
ABI_VAL(DRM_CORUN_GET_BO_INFO, 0x04);
ABI_VAL(DRM_CORUN_CTX_CREATE, 0x05);
ABI_VAL(DRM_CORUN_CTX_DESTROY, 0x06);
ABI_VAL(DRM_CORUN_SUBMIT, 0x07);
ABI_VAL(DRM_CORUN_QUERY_JOB, 0x08);
ABI_VAL(DRM_CORUN_GET_JOB_COUNTERS, 0x09);
ABI_VAL(DRM_CORUN_GET_POLICY, 0x0a);
ABI_VAL(DRM_CORUN_SET_POLICY, 0x0b);

ABI_VAL(DRM_IOCTL_CORUN_GET_PARAM, DRM_IOWR(0x40, struct drm_corun_get_param));
ABI_VAL(DRM_IOCTL_CORUN_CREATE_BO, DRM_IOWR(0x41, struct drm_corun_create_bo));
ABI_VAL(DRM_IOCTL_CORUN_MMAP_BO, DRM_IOWR(0x42, struct drm_corun_mmap_bo));
ABI_VAL(DRM_IOCTL_CORUN_WAIT_BO, DRM_IOW(0x43, struct drm_corun_wait_bo));
ABI_VAL(DRM_IOCTL_CORUN_GET_BO_INFO,
	DRM_IOWR(0x44, struct drm_corun_get_bo_info));
ABI_VAL(DRM_IOCTL_CORUN_CTX_CREATE,
	DRM_IOWR(0x45, struct drm_corun_ctx_create));
ABI_VAL(DRM_IOCTL_CORUN_CTX_DESTROY,
	DRM_IOW(0x46, struct drm_corun_ctx_destroy));
ABI_VAL(DRM_IOCTL_CORUN_SUBMIT, DRM_IOWR(0x47, struct drm_corun_submit));
ABI_VAL(DRM_IOCTL_CORUN_QUERY_JOB, DRM_IOWR(0x48, struct drm_corun_query_job));
ABI_VAL(DRM_IOCTL_CORUN_GET_JOB_COUNTERS,
	DRM_IOWR(0x49, struct drm_corun_get_job_counters));
ABI_VAL(DRM_IOCTL_CORUN_GET_POLICY, DRM_IOWR(0x4a, struct drm_corun_policy));
ABI_VAL(DRM_IOCTL_CORUN_SET_POLICY, DRM_IOW(0x4b, struct drm_corun_policy));

/* Enumerations. */
ABI_VAL(DRM_CORUN_PARAM_ABI_VERSION, 0);
ABI_VAL(DRM_CORUN_PARAM_DEVICE_ID, 1);
ABI_VAL(DRM_CORUN_PARAM_DEVICE_REVISION, 2);
ABI_VAL(DRM_CORUN_PARAM_FIRMWARE_VERSION, 3);
ABI_VAL(DRM_CORUN_PARAM_CONFIG_ID, 4);
ABI_VAL(DRM_CORUN_PARAM_FEATURES, 5);
ABI_VAL(DRM_CORUN_PARAM_NUM_SMS, 6);
ABI_VAL(DRM_CORUN_PARAM_NUM_SLOTS, 7);
ABI_VAL(DRM_CORUN_PARAM_WARP_SIZE, 8);
ABI_VAL(DRM_CORUN_PARAM_SM_MAX_CTAS, 9);
ABI_VAL(DRM_CORUN_PARAM_SM_MAX_THREADS, 10);
ABI_VAL(DRM_CORUN_PARAM_SM_REGS, 11);
ABI_VAL(DRM_CORUN_PARAM_SM_SHARED_BYTES, 12);
ABI_VAL(DRM_CORUN_PARAM_MAX_THREADS_PER_CTA, 13);
ABI_VAL(DRM_CORUN_PARAM_MAX_REGS_PER_THREAD, 14);
ABI_VAL(DRM_CORUN_PARAM_MAX_SHARED_PER_CTA, 15);
ABI_VAL(DRM_CORUN_PARAM_MAX_GRID_DIM, 16);
ABI_VAL(DRM_CORUN_PARAM_L1_SIZE, 17);
ABI_VAL(DRM_CORUN_PARAM_L1_LINE_SIZE, 18);
ABI_VAL(DRM_CORUN_PARAM_L1_WAYS, 19);
ABI_VAL(DRM_CORUN_PARAM_L2_SIZE, 20);
ABI_VAL(DRM_CORUN_PARAM_L2_LINE_SIZE, 21);
ABI_VAL(DRM_CORUN_PARAM_L2_WAYS, 22);
ABI_VAL(DRM_CORUN_PARAM_L2_SLICES, 23);
ABI_VAL(DRM_CORUN_PARAM_DRAM_CHANNELS, 24);
ABI_VAL(DRM_CORUN_PARAM_DRAM_BANKS, 25);
ABI_VAL(DRM_CORUN_PARAM_CORE_CLOCK_KHZ, 26);
ABI_VAL(DRM_CORUN_PARAM_MEM_CLOCK_KHZ, 27);
ABI_VAL(DRM_CORUN_PARAM_NUM_CPU_AGENTS, 28);
ABI_VAL(DRM_CORUN_PARAM_EPOCH_CYCLES, 29);
ABI_VAL(DRM_CORUN_PARAM_PLACEMENT_MODES, 30);
ABI_VAL(DRM_CORUN_PARAM_COHERENCE_MODES, 31);
ABI_VAL(DRM_CORUN_PARAM_POLICIES, 32);
ABI_VAL(DRM_CORUN_PARAM_CURRENT_POLICY, 33);
ABI_VAL(DRM_CORUN_PARAM_JOB_COUNTERS_SIZE, 34);
ABI_VAL(DRM_CORUN_PARAM_VA_START, 35);
ABI_VAL(DRM_CORUN_PARAM_VA_END, 36);
ABI_VAL(DRM_CORUN_PARAM_PAGE_SIZE, 37);
ABI_VAL(DRM_CORUN_PARAM_MAX_BO_SIZE, 38);
ABI_VAL(DRM_CORUN_PARAM_MAX_BO_HANDLES, 39);
ABI_VAL(DRM_CORUN_PARAM_MAX_SYNCS, 40);
ABI_VAL(DRM_CORUN_PARAM_MAX_CTXS, 41);
ABI_VAL(DRM_CORUN_PARAM_MAX_STACK_BYTES, 42);
ABI_VAL(DRM_CORUN_PARAM_DEFAULT_STACK_BYTES, 43);
ABI_VAL(DRM_CORUN_PARAM_MAX_INSN_BUDGET, 44);
ABI_VAL(DRM_CORUN_PARAM_DEFAULT_INSN_BUDGET, 45);
ABI_VAL(DRM_CORUN_PARAM_JOB_HISTORY, 46);
ABI_VAL(DRM_CORUN_PARAM_MAX_COUNTER_JOBS, 47);
ABI_VAL(DRM_CORUN_PARAM_DEVICE_RESET_COUNT, 48);
ABI_VAL(DRM_CORUN_PARAM_FILE_RESET_COUNT, 49);
ABI_VAL(DRM_CORUN_PARAM_NUM_VCS, 50);
ABI_VAL(DRM_CORUN_PARAM_IRC_MODES, 51);
ABI_VAL(DRM_CORUN_PARAM_LLC_MODES, 52);
ABI_VAL(DRM_CORUN_PARAM_VCP_MODES, 53);
ABI_VAL(DRM_CORUN_PARAM_DRAM_MODES, 54);
ABI_VAL(DRM_CORUN_PARAM_L1_MODES, 55);
ABI_VAL(DRM_CORUN_PARAM_FW_PARAMS, 56);

ABI_VAL(DRM_CORUN_PRIORITY_LOW, -1);
ABI_VAL(DRM_CORUN_PRIORITY_NORMAL, 0);
ABI_VAL(DRM_CORUN_PRIORITY_HIGH, 1);

ABI_VAL(DRM_CORUN_PLACEMENT_DEFAULT, 0);
ABI_VAL(DRM_CORUN_PLACEMENT_ROUND_ROBIN, 1);
ABI_VAL(DRM_CORUN_PLACEMENT_CHUNK, 2);
ABI_VAL(DRM_CORUN_PLACEMENT_RESET, 3);
ABI_VAL(DRM_CORUN_PLACEMENT_FLIP, 4);
ABI_VAL(DRM_CORUN_PLACEMENT_STEAL, 5);

ABI_VAL(DRM_CORUN_COHERENCE_DEFAULT, 0);
ABI_VAL(DRM_CORUN_COHERENCE_FLUSH_INVALIDATE, 1);
ABI_VAL(DRM_CORUN_COHERENCE_OWNERSHIP, 2);

ABI_VAL(DRM_CORUN_EXT_ID_SYNCS, 1);
ABI_VAL(DRM_CORUN_EXT_ID_COUNTERS, 2);

ABI_VAL(DRM_CORUN_JOB_QUEUED, 1);
ABI_VAL(DRM_CORUN_JOB_RUNNING, 2);
ABI_VAL(DRM_CORUN_JOB_DONE, 3);
ABI_VAL(DRM_CORUN_JOB_FAULTED, 4);
ABI_VAL(DRM_CORUN_JOB_CANCELED, 5);

ABI_VAL(DRM_CORUN_FAULT_NONE, 0);
ABI_VAL(DRM_CORUN_FAULT_MMU_UNMAPPED, 1);
ABI_VAL(DRM_CORUN_FAULT_MMU_WRITE, 2);
ABI_VAL(DRM_CORUN_FAULT_MMU_EXEC, 3);
ABI_VAL(DRM_CORUN_FAULT_ILLEGAL_INSN, 4);
ABI_VAL(DRM_CORUN_FAULT_MISALIGNED, 5);
ABI_VAL(DRM_CORUN_FAULT_SHARED_BOUNDS, 6);
ABI_VAL(DRM_CORUN_FAULT_TRAP, 7);
ABI_VAL(DRM_CORUN_FAULT_INSN_BUDGET, 8);
ABI_VAL(DRM_CORUN_FAULT_HANG, 9);

ABI_VAL(DRM_CORUN_POLICY_FCFS, 0);
ABI_VAL(DRM_CORUN_POLICY_EVEN, 1);
ABI_VAL(DRM_CORUN_POLICY_PROPORTIONAL, 2);
ABI_VAL(DRM_CORUN_POLICY_SMK, 3);
ABI_VAL(DRM_CORUN_POLICY_WARPED_SLICER, 4);
ABI_VAL(DRM_CORUN_POLICY_CCBP, 5);
ABI_VAL(DRM_CORUN_POLICY_HSM_FAIR, 6);
ABI_VAL(DRM_CORUN_POLICY_HSM_QOS, 7);
ABI_VAL(DRM_CORUN_POLICY_SERIAL, 8);
ABI_VAL(DRM_CORUN_POLICY_DASE_FAIR, 9);
ABI_VAL(DRM_CORUN_POLICY_DASE_QOS, 10);
ABI_VAL(DRM_CORUN_POLICY_BY_NAME, 0xffff);

ABI_VAL(DRM_CORUN_IRC_DEFAULT, 0);
ABI_VAL(DRM_CORUN_IRC_OFF, 1);
ABI_VAL(DRM_CORUN_IRC_ON, 2);
ABI_VAL(DRM_CORUN_IRC_MIL, 3);
ABI_VAL(DRM_CORUN_LLC_DEFAULT, 0);
ABI_VAL(DRM_CORUN_LLC_LRU, 1);
ABI_VAL(DRM_CORUN_LLC_PROB_STATIC, 2);
ABI_VAL(DRM_CORUN_LLC_PROB_DYNAMIC, 3);
ABI_VAL(DRM_CORUN_LLC_WAY_PARTITION, 4);
ABI_VAL(DRM_CORUN_VCP_DEFAULT, 0);
ABI_VAL(DRM_CORUN_VCP_SHARED, 1);
ABI_VAL(DRM_CORUN_VCP_PARTITIONED, 2);
ABI_VAL(DRM_CORUN_VCP_CPU_PRIORITY, 3);
ABI_VAL(DRM_CORUN_VCP_DYNAMIC, 4);
ABI_VAL(DRM_CORUN_DRAM_DEFAULT, 0);
ABI_VAL(DRM_CORUN_DRAM_FRFCFS, 1);
ABI_VAL(DRM_CORUN_DRAM_CPU_PRIORITY, 2);
ABI_VAL(DRM_CORUN_DRAM_SLOT_PRIORITY, 3);
ABI_VAL(DRM_CORUN_DRAM_BW_APP, 4);
ABI_VAL(DRM_CORUN_DRAM_TCM, 5);
ABI_VAL(DRM_CORUN_L1_DEFAULT, 0);
ABI_VAL(DRM_CORUN_L1_SHARED, 1);
ABI_VAL(DRM_CORUN_L1_STATIC_PARTITION, 2);
ABI_VAL(DRM_CORUN_L1_DYNAMIC_PARTITION, 3);
ABI_VAL(DRM_CORUN_L1_BYPASS, 4);
ABI_VAL(DRM_CORUN_L1_UCP, 5);
ABI_VAL(DRM_CORUN_FW_PARAM_IRC_SHARE, 1);
ABI_VAL(DRM_CORUN_FW_PARAM_IRC_PRIO, 2);
ABI_VAL(DRM_CORUN_FW_PARAM_L1_WAYS, 3);
ABI_VAL(DRM_CORUN_FW_PARAM_L1_BYPASS_CTAS, 4);
ABI_VAL(DRM_CORUN_FW_PARAM_LLC_WAYS, 5);
ABI_VAL(DRM_CORUN_FW_PARAM_VC, 6);
ABI_VAL(DRM_CORUN_FW_PARAM_DRAM_PRIO, 7);
ABI_VAL(DRM_CORUN_FW_PARAM_LLC_PROB, 8);
ABI_VAL(DRM_CORUN_FW_PARAM_MIL_HIGH, 9);
ABI_VAL(DRM_CORUN_FW_PARAM_MIL_LOW, 10);
ABI_VAL(DRM_CORUN_FW_PARAM_MIL_MIN, 11);
ABI_VAL(DRM_CORUN_FW_PARAM_MIL_MAX, 12);
ABI_VAL(DRM_CORUN_FW_PARAM_MIL_STEP, 13);
ABI_VAL(DRM_CORUN_FW_PARAM_TCM_THRESH, 14);
ABI_VAL(DRM_CORUN_FW_PARAM_TCM_QUANTUM, 15);
ABI_VAL(DRM_CORUN_FW_PARAM_TCM_SHUFFLE, 16);
ABI_VAL(DRM_CORUN_FW_PARAM_UCP_PERIOD, 17);
ABI_VAL(DRM_CORUN_FW_PARAM_UCP_MIN_WAYS, 18);
ABI_VAL(DRM_CORUN_FW_PARAM_UCP_DECAY, 19);
ABI_VAL(DRM_CORUN_FW_PARAM_UCP_SAMPLE, 20);
ABI_VAL(DRM_CORUN_POLICY_PARAM_CCBP_REDETECT, 1);

/* Flags. */
ABI_VAL(DRM_CORUN_FEATURE_LOCKSTEP, 1ULL << 0);
ABI_VAL(DRM_CORUN_FEATURE_FIRMWARE, 1ULL << 1);
ABI_VAL(DRM_CORUN_FEATURE_EXT_SYNCS, 1ULL << 2);
ABI_VAL(DRM_CORUN_FEATURE_JOB_COUNTERS, 1ULL << 3);
ABI_VAL(DRM_CORUN_FEATURE_QOS, 1ULL << 4);
ABI_VAL(DRM_CORUN_FEATURE_CPU_AGENTS, 1ULL << 5);
ABI_VAL(DRM_CORUN_FEATURE_IRC, 1ULL << 6);
ABI_VAL(DRM_CORUN_FEATURE_LLC_POLICY, 1ULL << 7);
ABI_VAL(DRM_CORUN_FEATURE_VCP, 1ULL << 8);
ABI_VAL(DRM_CORUN_FEATURE_DRAM_POLICY, 1ULL << 9);
ABI_VAL(DRM_CORUN_FEATURE_L1_POLICY, 1ULL << 10);
ABI_VAL(DRM_CORUN_BO_EXEC, 1U << 0);
ABI_VAL(DRM_CORUN_BO_GPU_READ_ONLY, 1U << 1);
ABI_VAL(DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC, 1U << 0);
ABI_VAL(DRM_CORUN_SUBMIT_HOLD, 1U << 1);
ABI_VAL(DRM_CORUN_POLICY_F_START_GATE, 1U << 0);
ABI_VAL(DRM_CORUN_COUNTERS_PER_SM, 1U << 0);
ABI_VAL(DRM_CORUN_FAULT_F_LOCATION, 1U << 0);
ABI_VAL(DRM_CORUN_FAULT_F_ADDRESS, 1U << 1);
ABI_VAL(DRM_CORUN_FAULT_F_READ, 1U << 2);
ABI_VAL(DRM_CORUN_FAULT_F_WRITE, 1U << 3);
ABI_VAL(DRM_CORUN_FAULT_F_EXEC, 1U << 4);
ABI_VAL(DRM_CORUN_FAULT_F_ATOMIC, 1U << 5);
ABI_VAL(DRM_CORUN_COUNTERS_F_INCOMPLETE, 1U << 0);
ABI_VAL(DRM_CORUN_COUNTERS_F_LOCKSTEP, 1U << 1);
ABI_VAL(DRM_CORUN_GET_COUNTERS_RELEASE, 1U << 0);

/* Structure layouts. */
ABI_SIZE(drm_corun_get_param, 16);
ABI_OFF(drm_corun_get_param, param, 0);
ABI_OFF(drm_corun_get_param, pad, 4);
ABI_OFF(drm_corun_get_param, value, 8);

ABI_SIZE(drm_corun_create_bo, 32);
ABI_OFF(drm_corun_create_bo, size, 0);
ABI_OFF(drm_corun_create_bo, flags, 8);
ABI_OFF(drm_corun_create_bo, handle, 12);
ABI_OFF(drm_corun_create_bo, gpu_va, 16);
ABI_OFF(drm_corun_create_bo, reserved, 24);

ABI_SIZE(drm_corun_mmap_bo, 16);
ABI_OFF(drm_corun_mmap_bo, handle, 0);
ABI_OFF(drm_corun_mmap_bo, flags, 4);
ABI_OFF(drm_corun_mmap_bo, offset, 8);

ABI_SIZE(drm_corun_wait_bo, 16);
ABI_OFF(drm_corun_wait_bo, handle, 0);
ABI_OFF(drm_corun_wait_bo, flags, 4);
ABI_OFF(drm_corun_wait_bo, timeout_ns, 8);

ABI_SIZE(drm_corun_get_bo_info, 32);
ABI_OFF(drm_corun_get_bo_info, handle, 0);
ABI_OFF(drm_corun_get_bo_info, bo_flags, 4);
ABI_OFF(drm_corun_get_bo_info, size, 8);
ABI_OFF(drm_corun_get_bo_info, gpu_va, 16);
ABI_OFF(drm_corun_get_bo_info, reserved, 24);

ABI_SIZE(drm_corun_ctx_create, 64);
ABI_OFF(drm_corun_ctx_create, flags, 0);
ABI_OFF(drm_corun_ctx_create, priority, 4);
ABI_OFF(drm_corun_ctx_create, ctx_id, 8);
ABI_OFF(drm_corun_ctx_create, pad, 12);
ABI_OFF(drm_corun_ctx_create, name, 16);
ABI_OFF(drm_corun_ctx_create, reserved, 48);
ABI_VAL(sizeof(((struct drm_corun_ctx_create *)0)->name),
	DRM_CORUN_CTX_NAME_LEN);

ABI_SIZE(drm_corun_ctx_destroy, 8);
ABI_OFF(drm_corun_ctx_destroy, ctx_id, 0);
ABI_OFF(drm_corun_ctx_destroy, pad, 4);

ABI_SIZE(drm_corun_extension, 16);
ABI_OFF(drm_corun_extension, next, 0);
ABI_OFF(drm_corun_extension, id, 8);
ABI_OFF(drm_corun_extension, flags, 12);

ABI_SIZE(drm_corun_sync, 16);
ABI_OFF(drm_corun_sync, handle, 0);
ABI_OFF(drm_corun_sync, flags, 4);
ABI_OFF(drm_corun_sync, point, 8);

ABI_SIZE(drm_corun_ext_syncs, 48);
ABI_OFF(drm_corun_ext_syncs, base, 0);
ABI_OFF(drm_corun_ext_syncs, in_syncs, 16);
ABI_OFF(drm_corun_ext_syncs, out_syncs, 24);
ABI_OFF(drm_corun_ext_syncs, in_count, 32);
ABI_OFF(drm_corun_ext_syncs, out_count, 36);
ABI_OFF(drm_corun_ext_syncs, reserved, 40);

ABI_SIZE(drm_corun_ext_counters, 24);
ABI_OFF(drm_corun_ext_counters, base, 0);
ABI_OFF(drm_corun_ext_counters, flags, 16);
ABI_OFF(drm_corun_ext_counters, pad, 20);

ABI_SIZE(drm_corun_submit, 144);
ABI_OFF(drm_corun_submit, extensions, 0);
ABI_OFF(drm_corun_submit, ctx_id, 8);
ABI_OFF(drm_corun_submit, flags, 12);
ABI_OFF(drm_corun_submit, code_handle, 16);
ABI_OFF(drm_corun_submit, entry_offset, 20);
ABI_OFF(drm_corun_submit, args_va, 24);
ABI_OFF(drm_corun_submit, grid, 32);
ABI_OFF(drm_corun_submit, block, 44);
ABI_OFF(drm_corun_submit, regs_per_thread, 56);
ABI_OFF(drm_corun_submit, shared_bytes, 60);
ABI_OFF(drm_corun_submit, stack_bytes, 64);
ABI_OFF(drm_corun_submit, qos_target, 68);
ABI_OFF(drm_corun_submit, placement, 72);
ABI_OFF(drm_corun_submit, coherence, 76);
ABI_OFF(drm_corun_submit, insn_budget, 80);
ABI_OFF(drm_corun_submit, bo_handles, 88);
ABI_OFF(drm_corun_submit, bo_handle_count, 96);
ABI_OFF(drm_corun_submit, in_sync_count, 100);
ABI_OFF(drm_corun_submit, in_syncs, 104);
ABI_OFF(drm_corun_submit, out_sync, 112);
ABI_OFF(drm_corun_submit, pad, 116);
ABI_OFF(drm_corun_submit, job_id, 120);
ABI_OFF(drm_corun_submit, reserved, 128);
ABI_VAL(sizeof(((struct drm_corun_submit *)0)->grid), 12);
ABI_VAL(sizeof(((struct drm_corun_submit *)0)->block), 12);

ABI_SIZE(drm_corun_fault, 64);
ABI_OFF(drm_corun_fault, cause, 0);
ABI_OFF(drm_corun_fault, flags, 4);
ABI_OFF(drm_corun_fault, slot, 8);
ABI_OFF(drm_corun_fault, sm, 12);
ABI_OFF(drm_corun_fault, cta, 16);
ABI_OFF(drm_corun_fault, warp, 28);
ABI_OFF(drm_corun_fault, lane, 32);
ABI_OFF(drm_corun_fault, insn, 36);
ABI_OFF(drm_corun_fault, pc, 40);
ABI_OFF(drm_corun_fault, address, 48);
ABI_OFF(drm_corun_fault, cycle, 56);

ABI_SIZE(drm_corun_query_job, 168);
ABI_OFF(drm_corun_query_job, job_id, 0);
ABI_OFF(drm_corun_query_job, flags, 8);
ABI_OFF(drm_corun_query_job, ctx_id, 12);
ABI_OFF(drm_corun_query_job, state, 16);
ABI_OFF(drm_corun_query_job, error, 20);
ABI_OFF(drm_corun_query_job, slot, 24);
ABI_OFF(drm_corun_query_job, pad, 28);
ABI_OFF(drm_corun_query_job, submit_ns, 32);
ABI_OFF(drm_corun_query_job, start_ns, 40);
ABI_OFF(drm_corun_query_job, end_ns, 48);
ABI_OFF(drm_corun_query_job, fence_context, 56);
ABI_OFF(drm_corun_query_job, fence_seqno, 64);
ABI_OFF(drm_corun_query_job, sm_mask, 72);
ABI_OFF(drm_corun_query_job, fault, 88);
ABI_OFF(drm_corun_query_job, reserved, 152);
ABI_VAL(sizeof(((struct drm_corun_query_job *)0)->sm_mask) * 8,
	DRM_CORUN_MAX_SMS);

ABI_SIZE(drm_corun_job_counters, 240);
ABI_OFF(drm_corun_job_counters, size, 0);
ABI_OFF(drm_corun_job_counters, flags, 4);
ABI_OFF(drm_corun_job_counters, slot, 8);
ABI_OFF(drm_corun_job_counters, epochs, 12);
ABI_OFF(drm_corun_job_counters, start_cycle, 16);
ABI_OFF(drm_corun_job_counters, end_cycle, 24);
ABI_OFF(drm_corun_job_counters, sm_cycles, 32);
ABI_OFF(drm_corun_job_counters, warp_insts, 40);
ABI_OFF(drm_corun_job_counters, thread_insts, 48);
ABI_OFF(drm_corun_job_counters, ctas_launched, 56);
ABI_OFF(drm_corun_job_counters, ctas_completed, 64);
ABI_OFF(drm_corun_job_counters, stall_mem, 72);
ABI_OFF(drm_corun_job_counters, stall_dep, 80);
ABI_OFF(drm_corun_job_counters, stall_barrier, 88);
ABI_OFF(drm_corun_job_counters, stall_throttle, 96);
ABI_OFF(drm_corun_job_counters, mem_requests, 104);
ABI_OFF(drm_corun_job_counters, mem_reads, 112);
ABI_OFF(drm_corun_job_counters, l1_hits, 120);
ABI_OFF(drm_corun_job_counters, l1_misses, 128);
ABI_OFF(drm_corun_job_counters, l1_rsrv_fails, 136);
ABI_OFF(drm_corun_job_counters, l1_bypasses, 144);
ABI_OFF(drm_corun_job_counters, l2_hits, 152);
ABI_OFF(drm_corun_job_counters, l2_misses, 160);
ABI_OFF(drm_corun_job_counters, l2_writebacks, 168);
ABI_OFF(drm_corun_job_counters, dram_reads, 176);
ABI_OFF(drm_corun_job_counters, dram_writes, 184);
ABI_OFF(drm_corun_job_counters, dram_row_hits, 192);
ABI_OFF(drm_corun_job_counters, noc_flits, 200);
ABI_OFF(drm_corun_job_counters, noc_stall_cycles, 208);
ABI_OFF(drm_corun_job_counters, est_alone_cycles, 216);
ABI_OFF(drm_corun_job_counters, ro_hits, 224);
ABI_OFF(drm_corun_job_counters, ro_misses, 232);
ABI_VAL(sizeof(struct drm_corun_job_counters) <=
		DRM_CORUN_JOB_COUNTERS_SIZE_MAX,
	1);

ABI_SIZE(drm_corun_get_job_counters, 32);
ABI_OFF(drm_corun_get_job_counters, job_id, 0);
ABI_OFF(drm_corun_get_job_counters, counters, 8);
ABI_OFF(drm_corun_get_job_counters, size, 16);
ABI_OFF(drm_corun_get_job_counters, flags, 20);
ABI_OFF(drm_corun_get_job_counters, reserved, 24);

ABI_SIZE(drm_corun_policy, 96);
ABI_OFF(drm_corun_policy, policy, 0);
ABI_OFF(drm_corun_policy, flags, 4);
ABI_OFF(drm_corun_policy, name, 8);
ABI_OFF(drm_corun_policy, irc, 40);
ABI_OFF(drm_corun_policy, llc, 44);
ABI_OFF(drm_corun_policy, vcp, 48);
ABI_OFF(drm_corun_policy, dram, 52);
ABI_OFF(drm_corun_policy, l1, 56);
ABI_OFF(drm_corun_policy, epoch_cycles, 60);
ABI_OFF(drm_corun_policy, start_gate, 64);
/* Version 3: fw_param_count was pad, fw_params was reserved[0]. */
ABI_OFF(drm_corun_policy, fw_param_count, 68);
ABI_OFF(drm_corun_policy, fw_params, 72);
/* Version 4: the policy's knobs in what was reserved[0..1]. */
ABI_OFF(drm_corun_policy, policy_param_count, 80);
ABI_OFF(drm_corun_policy, pad, 84);
ABI_OFF(drm_corun_policy, policy_params, 88);
ABI_VAL(sizeof(((struct drm_corun_policy *)0)->name),
	DRM_CORUN_POLICY_NAME_LEN);

ABI_SIZE(drm_corun_fw_param, 16);
ABI_OFF(drm_corun_fw_param, param, 0);
ABI_OFF(drm_corun_fw_param, slot, 4);
ABI_OFF(drm_corun_fw_param, value, 8);
ABI_OFF(drm_corun_fw_param, pad, 12);

ABI_SIZE(drm_corun_policy_param, 8);
ABI_OFF(drm_corun_policy_param, param, 0);
ABI_OFF(drm_corun_policy_param, value, 4);

/* Run-time checks of the general rules. */

struct abi_struct {
	const char *name;
	unsigned long long size;
	unsigned long long align;
};

#define ABI_STRUCT(type)                                    \
	{                                                   \
		.name = #type, .size = sizeof(struct type), \
		.align = __alignof__(struct type),          \
	}

static const struct abi_struct abi_structs[] = {
	ABI_STRUCT(drm_corun_get_param),
	ABI_STRUCT(drm_corun_create_bo),
	ABI_STRUCT(drm_corun_mmap_bo),
	ABI_STRUCT(drm_corun_wait_bo),
	ABI_STRUCT(drm_corun_get_bo_info),
	ABI_STRUCT(drm_corun_ctx_create),
	ABI_STRUCT(drm_corun_ctx_destroy),
	ABI_STRUCT(drm_corun_extension),
	ABI_STRUCT(drm_corun_sync),
	ABI_STRUCT(drm_corun_ext_syncs),
	ABI_STRUCT(drm_corun_ext_counters),
	ABI_STRUCT(drm_corun_submit),
	ABI_STRUCT(drm_corun_fault),
	ABI_STRUCT(drm_corun_query_job),
	ABI_STRUCT(drm_corun_job_counters),
	ABI_STRUCT(drm_corun_get_job_counters),
	ABI_STRUCT(drm_corun_policy),
	ABI_STRUCT(drm_corun_fw_param),
	ABI_STRUCT(drm_corun_policy_param),
};

#define ABI_COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void abi_struct_sizes(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ABI_COUNT(abi_structs); i++) {
		const struct abi_struct *s = &abi_structs[i];

		KUNIT_EXPECT_EQ_MSG(test, s->size % 8, 0ULL,
				    "struct %s is %llu bytes", s->name,
				    s->size);
		KUNIT_EXPECT_LE_MSG(test, s->align, 8ULL,
				    "struct %s is %llu-byte aligned", s->name,
				    s->align);
	}
}

struct abi_ioctl {
	const char *name;
	unsigned long long cmd;
	unsigned long long size;
	unsigned long long dir;
};

#define ABI_IOCTL(nm, type, d)                            \
	{                                                 \
		.name = #nm, .cmd = DRM_IOCTL_CORUN_##nm, \
		.size = sizeof(struct type), .dir = (d),  \
	}

static const struct abi_ioctl abi_ioctls[] = {
	ABI_IOCTL(GET_PARAM, drm_corun_get_param, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(CREATE_BO, drm_corun_create_bo, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(MMAP_BO, drm_corun_mmap_bo, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(WAIT_BO, drm_corun_wait_bo, _IOC_WRITE),
	ABI_IOCTL(GET_BO_INFO, drm_corun_get_bo_info, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(CTX_CREATE, drm_corun_ctx_create, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(CTX_DESTROY, drm_corun_ctx_destroy, _IOC_WRITE),
	ABI_IOCTL(SUBMIT, drm_corun_submit, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(QUERY_JOB, drm_corun_query_job, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(GET_JOB_COUNTERS, drm_corun_get_job_counters,
		  _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(GET_POLICY, drm_corun_policy, _IOC_READ | _IOC_WRITE),
	ABI_IOCTL(SET_POLICY, drm_corun_policy, _IOC_WRITE),
};

static void abi_ioctl_numbers(struct kunit *test)
{
	const unsigned long long base = DRM_COMMAND_BASE;
	const unsigned long long end = DRM_COMMAND_END;
	const unsigned long long type = DRM_IOCTL_BASE;
	size_t i, j;

	for (i = 0; i < ABI_COUNT(abi_ioctls); i++) {
		const struct abi_ioctl *c = &abi_ioctls[i];
		unsigned long long nr = _IOC_NR(c->cmd);
		unsigned long long size = _IOC_SIZE(c->cmd);
		unsigned long long dir = _IOC_DIR(c->cmd);

		KUNIT_EXPECT_EQ_MSG(test, (unsigned long long)_IOC_TYPE(c->cmd),
				    type, "%s: ioctl type", c->name);
		KUNIT_EXPECT_GE_MSG(test, nr, base,
				    "%s: nr 0x%llx below the driver range",
				    c->name, nr);
		KUNIT_EXPECT_LT_MSG(test, nr, end,
				    "%s: nr 0x%llx above the driver range",
				    c->name, nr);
		/* Version 1 uses 0x00-0x0b; 0x0c-0x3f are reserved. */
		KUNIT_EXPECT_LT_MSG(test, nr - base, 0x0cULL,
				    "%s: nr 0x%llx in a reserved range",
				    c->name, nr);
		KUNIT_EXPECT_EQ_MSG(test, size, c->size, "%s: ioctl size",
				    c->name);
		KUNIT_EXPECT_EQ_MSG(test, dir, c->dir, "%s: ioctl direction",
				    c->name);
		for (j = i + 1; j < ABI_COUNT(abi_ioctls); j++) {
			const struct abi_ioctl *d = &abi_ioctls[j];
			unsigned long long nr2 = _IOC_NR(d->cmd);

			KUNIT_EXPECT_NE_MSG(test, c->cmd, d->cmd,
					    "%s and %s share a number", c->name,
					    d->name);
			KUNIT_EXPECT_NE_MSG(test, nr, nr2,
					    "%s and %s share an nr", c->name,
					    d->name);
		}
	}
}

struct abi_flags {
	const char *name;
	unsigned long long bits[12];
};

static const struct abi_flags abi_flag_sets[] = {
	{ "features",
	  { DRM_CORUN_FEATURE_LOCKSTEP, DRM_CORUN_FEATURE_FIRMWARE,
	    DRM_CORUN_FEATURE_EXT_SYNCS, DRM_CORUN_FEATURE_JOB_COUNTERS,
	    DRM_CORUN_FEATURE_QOS, DRM_CORUN_FEATURE_CPU_AGENTS,
	    DRM_CORUN_FEATURE_IRC, DRM_CORUN_FEATURE_LLC_POLICY,
	    DRM_CORUN_FEATURE_VCP, DRM_CORUN_FEATURE_DRAM_POLICY,
	    DRM_CORUN_FEATURE_L1_POLICY } },
	{ "bo", { DRM_CORUN_BO_EXEC, DRM_CORUN_BO_GPU_READ_ONLY } },
	{ "submit",
	  { DRM_CORUN_SUBMIT_NO_IMPLICIT_SYNC, DRM_CORUN_SUBMIT_HOLD } },
	{ "policy", { DRM_CORUN_POLICY_F_START_GATE } },
	{ "counters request", { DRM_CORUN_COUNTERS_PER_SM } },
	{ "fault",
	  { DRM_CORUN_FAULT_F_LOCATION, DRM_CORUN_FAULT_F_ADDRESS,
	    DRM_CORUN_FAULT_F_READ, DRM_CORUN_FAULT_F_WRITE,
	    DRM_CORUN_FAULT_F_EXEC, DRM_CORUN_FAULT_F_ATOMIC } },
	{ "counters",
	  { DRM_CORUN_COUNTERS_F_INCOMPLETE, DRM_CORUN_COUNTERS_F_LOCKSTEP } },
	{ "get counters", { DRM_CORUN_GET_COUNTERS_RELEASE } },
};

static void abi_flag_bits(struct kunit *test)
{
	size_t i, j;

	for (i = 0; i < ABI_COUNT(abi_flag_sets); i++) {
		const struct abi_flags *f = &abi_flag_sets[i];
		unsigned long long seen = 0;

		for (j = 0; j < ABI_COUNT(f->bits) && f->bits[j]; j++) {
			unsigned long long b = f->bits[j];

			KUNIT_EXPECT_EQ_MSG(test, b & (b - 1), 0ULL,
					    "%s flag %zu is not one bit",
					    f->name, j);
			KUNIT_EXPECT_EQ_MSG(test, seen & b, 0ULL,
					    "%s flag %zu overlaps", f->name, j);
			seen |= b;
		}
	}
}

static void abi_extension_headers(struct kunit *test)
{
	/* Every extension starts with the generic header. */
	const size_t syncs = offsetof(struct drm_corun_ext_syncs, base);
	const size_t counters = offsetof(struct drm_corun_ext_counters, base);

	KUNIT_EXPECT_EQ(test, syncs, (size_t)0);
	KUNIT_EXPECT_EQ(test, counters, (size_t)0);
	KUNIT_EXPECT_NE(test, DRM_CORUN_EXT_ID_SYNCS,
			DRM_CORUN_EXT_ID_COUNTERS);
}

static void abi_counters_layout(struct kunit *test)
{
	/* After the 16-byte header the counters are an array of __u64. */
	const size_t size = sizeof(struct drm_corun_job_counters);
	const size_t hdr = offsetof(struct drm_corun_job_counters, start_cycle);
	const size_t last =
		offsetof(struct drm_corun_job_counters, ro_misses);

	KUNIT_EXPECT_EQ(test, hdr, (size_t)16);
	KUNIT_EXPECT_EQ(test, (size - hdr) % 8, (size_t)0);
	KUNIT_EXPECT_EQ(test, last + 8, size);
	KUNIT_EXPECT_LE(test, size, (size_t)DRM_CORUN_JOB_COUNTERS_SIZE_MAX);
}

/* clang-format off */
static struct kunit_case uapi_abi_cases[] = {
	KUNIT_CASE(abi_struct_sizes),
	KUNIT_CASE(abi_ioctl_numbers),
	KUNIT_CASE(abi_flag_bits),
	KUNIT_CASE(abi_extension_headers),
	KUNIT_CASE(abi_counters_layout),
	{}
};

/* clang-format on */

static struct kunit_suite uapi_abi_suite = {
	.name = "corun_uapi_abi",
	.test_cases = uapi_abi_cases,
};

kunit_test_suites(&uapi_abi_suite);
