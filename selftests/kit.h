/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A DRM file set up to run the reference kernel (rv32asm_gid_store) as
 * jobs of one context: shared by the fault-injection selftest and the
 * soak run.
 */
#ifndef _CORUN_SELFTESTS_KIT_H_
#define _CORUN_SELFTESTS_KIT_H_

#include <stdint.h>

#include <uapi/drm/corun_drm.h>

#define KIT_JOBS 4 /* jobs in flight at a time, each with its buffers */

struct kit {
	int fd;
	uint32_t ctx, code, args[KIT_JOBS], out[KIT_JOBS];
	uint64_t args_va[KIT_JOBS], out_va[KIT_JOBS];
	uint32_t sync[KIT_JOBS];
	uint64_t job[KIT_JOBS];
};

/* Opens a file, a context, the kernel (spinning if @spin) and buffers. */
int kit_open(struct kit *k, int spin);
void kit_close(struct kit *k);
/*
 * Job @i of @k: args = { @out_va, @spin }, the output zeroed first, with
 * @budget (0: the default). 0 or -errno.
 */
int kit_submit(struct kit *k, int i, uint32_t out_va, uint32_t spin,
	       uint64_t budget);
/* Waits up to 120 s for job @i; fills @q. The wait's result. */
int kit_wait(struct kit *k, int i, struct drm_corun_query_job *q);
/* Job @i's output is the reference kernel's. */
int output_ok(struct kit *k, int i);
/* The file's drm-client-id (fdinfo), 0 if unknown. */
uint64_t client_id(int fd);

#endif /* _CORUN_SELFTESTS_KIT_H_ */
