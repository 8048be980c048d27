// SPDX-License-Identifier: GPL-2.0
/*
 * kit.h: a DRM file running the reference kernel, for the fault-injection
 * selftest and the soak run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <xf86drm.h>

#include <testing/rv32asm.h>

#include "kit.h"
#include "uapi_test.h"

int kit_open(struct kit *k, int spin)
{
	struct drm_corun_create_bo b;
	uint32_t *p;
	int i;

	memset(k, 0, sizeof(*k));
	k->fd = open_corun();
	if (k->fd < 0 || ctx_create(k->fd, 0, "faults", &k->ctx) ||
	    create_bo(k->fd, 4096, DRM_CORUN_BO_EXEC | DRM_CORUN_BO_GPU_READ_ONLY,
		      &b))
		return -1;
	k->code = b.handle;
	p = map_bo(k->fd, k->code, 4096);
	if (!p)
		return -1;
	rv32asm_gid_store(p, spin);
	munmap(p, 4096);
	for (i = 0; i < KIT_JOBS; i++) {
		if (create_bo(k->fd, 4096, 0, &b))
			return -1;
		k->args[i] = b.handle;
		k->args_va[i] = b.gpu_va;
		if (create_bo(k->fd, UAPI_NTHREADS * 4, 0, &b))
			return -1;
		k->out[i] = b.handle;
		k->out_va[i] = b.gpu_va;
		if (drmSyncobjCreate(k->fd, 0, &k->sync[i]))
			return -1;
	}
	return 0;
}

void kit_close(struct kit *k)
{
	if (k->fd >= 0)
		close(k->fd);
}

/* Job @i of @k: args = { @out_va, @spin }, the output zeroed first. */
int kit_submit(struct kit *k, int i, uint32_t out_va, uint32_t spin,
		      uint64_t budget)
{
	struct drm_corun_submit s;
	uint32_t *p = map_bo(k->fd, k->args[i], 4096);
	uint32_t *o = map_bo(k->fd, k->out[i], UAPI_NTHREADS * 4);
	/* every buffer the job reads: they stay even if the file closes */
	uint32_t bos[2] = { k->out[i], k->args[i] };
	int ret;

	if (!p || !o)
		return -ENOMEM;
	p[0] = out_va;
	p[1] = spin;
	memset(o, 0, UAPI_NTHREADS * 4);
	munmap(p, 4096);
	munmap(o, UAPI_NTHREADS * 4);
	submit_base(&s, k->ctx, k->code, k->args_va[i]);
	s.bo_handles = (uintptr_t)bos;
	s.bo_handle_count = 2;
	s.out_sync = k->sync[i];
	s.insn_budget = budget;
	ret = io(k->fd, DRM_IOCTL_CORUN_SUBMIT, &s);
	k->job[i] = ret ? 0 : s.job_id;
	return ret;
}

/* Waits for job @i; fills @q. Returns the wait's result. */
int kit_wait(struct kit *k, int i, struct drm_corun_query_job *q)
{
	int ret = drmSyncobjWait(k->fd, &k->sync[i], 1, deadline_ns(120), 0,
				 NULL);

	memset(q, 0, sizeof(*q));
	if (!ret)
		ret = query(k->fd, k->job[i], q);
	return ret;
}

int output_ok(struct kit *k, int i)
{
	uint32_t *o = map_bo(k->fd, k->out[i], UAPI_NTHREADS * 4);
	int j, ok = o != NULL;

	for (j = 0; ok && j < UAPI_NTHREADS; j++)
		ok = o[j] == (uint32_t)j + 0x100;
	if (o)
		munmap(o, UAPI_NTHREADS * 4);
	return ok;
}

uint64_t client_id(int fd)
{
	char path[64], line[128];
	unsigned long long id = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "drm-client-id: %llu", &id) == 1)
			break;
	fclose(f);
	return id;
}
