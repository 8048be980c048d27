/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the files of the uapi selftest (corun_uapi.c, the
 * main program and the ioctls' basic cases; uapi_submit.c, jobs through
 * SUBMIT; fw_policy.c, the firmware settings of SET/GET_POLICY;
 * fw_acts.c, settings that act on jobs).
 */
#ifndef _CORUN_SELFTESTS_UAPI_TEST_H_
#define _CORUN_SELFTESTS_UAPI_TEST_H_

#include <stddef.h>
#include <stdint.h>

#include <uapi/drm/corun_drm.h>

extern int tests, failures, skips;

/* One TAP line; @fmt explains a failure. */
void result(int ok, const char *name, const char *fmt, ...);
void skip(const char *name, const char *why);

/*
 * The driver's debugfs file NAME (/sys/kernel/debug/dri/<minor>/NAME):
 * debugfs_read() returns its text in a static buffer, or NULL;
 * debugfs_write() writes @v, 0 or -1.
 */
char *debugfs_read(const char *name);
int debugfs_write(const char *name, const char *v);

/* An ioctl: 0 or -errno. */
int io(int fd, unsigned long req, void *arg);
int open_corun(void);
int get_param(int fd, uint32_t param, uint64_t *value);
int create_bo(int fd, uint64_t size, uint32_t flags,
	      struct drm_corun_create_bo *bo);
void *map_bo(int fd, uint32_t handle, size_t size);
void close_bo(int fd, uint32_t handle);
int ctx_create(int fd, int prio, const char *name, uint32_t *id);
int ctx_destroy(int fd, uint32_t id);
uint64_t deadline_ns(int seconds);
int query(int fd, uint64_t job_id, struct drm_corun_query_job *q);
/* The reference job's shape: UAPI_NTHREADS threads in CTAs of UAPI_BLOCK. */
#define UAPI_NTHREADS 256
#define UAPI_BLOCK 32

/* A job of 8 CTAs of 32 threads, 32 registers each, without syncs. */
void submit_base(struct drm_corun_submit *s, uint32_t ctx, uint32_t code,
		 uint64_t args_va);

/* uapi_submit.c; budget_long: the instruction budget of a long job */
extern uint64_t budget_long;
void test_submit(int fd);
int leave_job(void);

/* fw_policy.c */
void test_fw_policy(int fd);
/* fw_acts.c */
void test_fw_irc_acts(int fd);
void test_fw_stress(int fd, unsigned int rounds);

#endif /* _CORUN_SELFTESTS_UAPI_TEST_H_ */
