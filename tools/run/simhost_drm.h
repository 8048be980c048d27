/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * simhost over the corun DRM driver: the sim_* functions that workloads
 * call (sim_alloc, sim_free, sim_write, sim_read, sim_wl_args,
 * sim_load_kernel, sim_fault_name; see tools/sim/simhost.h) implemented
 * with libcorun, so the workloads of tools/kernels/host run unchanged on the real
 * driver. A sim_ctx is one DRM context plus the buffers and kernel ELFs
 * one workload run allocated in the file's address space; destroying it
 * frees them. Launches are run one at a time with simdrm_run().
 */
#ifndef _CORUN_TOOLS_RUN_SIMHOST_DRM_H_
#define _CORUN_TOOLS_RUN_SIMHOST_DRM_H_

#include <stddef.h>
#include <stdint.h>

#include <lib/libcorun/libcorun.h>
#include <sim/simhost.h>

/* A context on @dev for DRM context @ctx_id (owned by the caller). */
struct sim_ctx *simdrm_ctx_create(struct corun_dev *dev, uint32_t ctx_id);

/*
 * Submit every launch of @ctx with DRM_CORUN_SUBMIT_* @flags, and call
 * @submitted(@arg, job id) right after each submission (NULL: none).
 */
void simdrm_ctx_set_submit(struct sim_ctx *ctx, uint32_t flags,
			   void (*submitted)(void *arg, uint64_t job_id),
			   void *arg);
/* sim_ctx_destroy() frees the buffers and ELFs of the context. */

/**
 * struct simdrm_result - how one launch ended
 * @job_id: the job's id in the DRM file
 * @query: state, error, timestamps and fault record (QUERY_JOB)
 * @counters: per-job counters (valid when @query.state is DONE)
 */
struct simdrm_result {
	uint64_t job_id;
	struct drm_corun_query_job query;
	struct drm_corun_job_counters counters;
};

/* The QoS target of @ctx's launches (drm_corun_submit.qos_target). */
void simdrm_ctx_set_qos(struct sim_ctx *ctx, uint32_t qos_target);

/*
 * Submit @l (with a counters request and an out-syncobj), wait for it at
 * most @timeout_ms and read its state and counters. @placement is used
 * when the launch asks for round-robin (the mix's placement; DRM
 * placement values). 0 when the job finished, whatever its state (check
 * r->query.state); < 0 with a message when it could not be submitted,
 * did not finish in time or its records could not be read.
 */
int simdrm_run(struct sim_ctx *ctx, const struct sim_launch *l,
	       uint32_t placement, int64_t timeout_ms,
	       struct simdrm_result *r, char *err, size_t len);

#endif /* _CORUN_TOOLS_RUN_SIMHOST_DRM_H_ */
