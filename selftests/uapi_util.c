// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the guest programs that drive the corun driver (corun_uapi,
 * corun_fuzz): TAP lines, ioctls returning -errno, the device's render
 * node, buffer objects and contexts.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "uapi_test.h"

int tests, failures, skips;

void result(int ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	tests++;
	if (!ok)
		failures++;
	printf("%s %d %s", ok ? "ok" : "not ok", tests, name);
	if (!ok && fmt) {
		printf(" # ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	printf("\n");
	fflush(stdout);
}

void skip(const char *name, const char *why)
{
	tests++;
	skips++;
	printf("ok %d %s # SKIP %s\n", tests, name, why);
}

/* ioctl returning 0 or -errno */
int io(int fd, unsigned long req, void *arg)
{
	return drmIoctl(fd, req, arg) ? -errno : 0;
}

int open_corun(void)
{
	char path[64];
	int i, fd;

	for (i = 128; i < 192; i++) {
		drmVersionPtr v;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && !strcmp(v->name, "corun")) {
			drmFreeVersion(v);
			return fd;
		}
		if (v)
			drmFreeVersion(v);
		close(fd);
	}
	return -1;
}

int get_param(int fd, uint32_t param, uint64_t *value)
{
	struct drm_corun_get_param gp = { .param = param };
	int ret = io(fd, DRM_IOCTL_CORUN_GET_PARAM, &gp);

	*value = gp.value;
	return ret;
}

int create_bo(int fd, uint64_t size, uint32_t flags,
		     struct drm_corun_create_bo *bo)
{
	memset(bo, 0, sizeof(*bo));
	bo->size = size;
	bo->flags = flags;
	return io(fd, DRM_IOCTL_CORUN_CREATE_BO, bo);
}

void *map_bo(int fd, uint32_t handle, size_t size)
{
	struct drm_corun_mmap_bo m = { .handle = handle };
	void *p;

	if (io(fd, DRM_IOCTL_CORUN_MMAP_BO, &m))
		return NULL;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, m.offset);
	return p == MAP_FAILED ? NULL : p;
}

void close_bo(int fd, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	drmIoctl(fd, DRM_IOCTL_GEM_CLOSE, &c);
}

int ctx_create(int fd, int prio, const char *name, uint32_t *id)
{
	struct drm_corun_ctx_create c = { .priority = prio };
	int ret;

	if (name)
		snprintf(c.name, sizeof(c.name), "%s", name);
	ret = io(fd, DRM_IOCTL_CORUN_CTX_CREATE, &c);
	*id = c.ctx_id;
	return ret;
}

int ctx_destroy(int fd, uint32_t id)
{
	struct drm_corun_ctx_destroy d = { .ctx_id = id };

	return io(fd, DRM_IOCTL_CORUN_CTX_DESTROY, &d);
}

int query(int fd, uint64_t job_id, struct drm_corun_query_job *q)
{
	memset(q, 0, sizeof(*q));
	q->job_id = job_id;
	return io(fd, DRM_IOCTL_CORUN_QUERY_JOB, q);
}

uint64_t deadline_ns(int seconds)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec +
	       seconds * 1000000000ull;
}

void submit_base(struct drm_corun_submit *s, uint32_t ctx,
			uint32_t code, uint64_t args_va)
{
	memset(s, 0, sizeof(*s));
	s->ctx_id = ctx;
	s->code_handle = code;
	s->args_va = args_va;
	s->grid[0] = UAPI_NTHREADS / UAPI_BLOCK;
	s->grid[1] = s->grid[2] = 1;
	s->block[0] = UAPI_BLOCK;
	s->block[1] = s->block[2] = 1;
	s->regs_per_thread = 32;
}

/* The first DRM minor's debugfs file @name, as found by glob(3). */
static int debugfs_path(const char *name, char *path, size_t len)
{
	char pat[96];
	glob_t g;

	snprintf(pat, sizeof(pat), "/sys/kernel/debug/dri/*/%s", name);
	if (glob(pat, 0, NULL, &g))
		return -1;
	snprintf(path, len, "%s", g.gl_pathv[0]);
	globfree(&g);
	return 0;
}

char *debugfs_read(const char *name)
{
	static char buf[64 << 10];
	char path[256];
	FILE *f;
	size_t n;

	if (debugfs_path(name, path, sizeof(path)))
		return NULL;
	f = fopen(path, "r");
	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	return buf;
}

int debugfs_write(const char *name, const char *v)
{
	char path[256];
	ssize_t n = (ssize_t)strlen(v);
	int fd, ret;

	if (debugfs_path(name, path, sizeof(path)))
		return -1;
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ret = write(fd, v, n) == n ? 0 : -1;
	close(fd);
	return ret;
}
