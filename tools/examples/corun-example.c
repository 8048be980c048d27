// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-example: a user process driving the corun device through
 * libcorun, start to end, as a program of your own would:
 *
 *	open the device          corun_open()
 *	two contexts             corun_ctx_create()
 *	upload a kernel          corun_elf_load(), corun_elf_kernel()
 *	buffers                  corun_bo_create(), corun_bo_write()
 *	two jobs, one per ctx    corun_submit() with an out-syncobj each
 *	wait                     corun_wait(), corun_query_job()
 *	results and counters     corun_bo_read(), corun_job_counters()
 *
 * Both jobs run vecadd (c = a + b over N floats, from tools/kernels/
 * basic.elf or the ELF given) and are in flight together, so the driver
 * may co-run them in two hardware slots. Each result is compared with
 * the CPU's sum.
 *
 * usage: corun-example [--elf FILE] [--device PATH] [--policy NAME]
 * (--policy selects the device policy first, as root: even, fcfs, ...)
 * Exit status: 0 both jobs ran and their sums are right, 1 otherwise.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <uapi/drm/corun_drm.h>
#include <lib/libcorun/libcorun.h>

#define N 4096		/* floats per vector */
#define BLOCK 128	/* threads per CTA */
#define TIMEOUT_MS 600000

/* The argument block of basic.c's vecadd (tools/kernels/args.h). */
struct vecadd_args {
	uint32_t a, b, c, n;
};

/* One job: its context, buffers, syncobj and what came back. */
struct job {
	const char *name;
	uint32_t ctx_id, sync;
	struct corun_bo a, b, c, args;
	float ha[N], hb[N];
	uint64_t job_id;
};

static struct corun_dev dev;

static void __attribute__((noreturn)) fail(const char *what)
{
	fprintf(stderr, "corun-example: %s: %s\n", what, corun_error(&dev));
	exit(1);
}

/* Buffers and inputs of @j: a[i] = i * @scale, b[i] = 1 / (i + 1). */
static void job_setup(struct job *j, float scale)
{
	struct vecadd_args args;
	unsigned int i;

	for (i = 0; i < N; i++) {
		j->ha[i] = (float)i * scale;
		j->hb[i] = 1.0f / (float)(i + 1);
	}
	if (corun_ctx_create(&dev, DRM_CORUN_PRIORITY_NORMAL, j->name,
			     &j->ctx_id) ||
	    corun_syncobj_create(&dev, &j->sync) ||
	    corun_bo_create(&dev, sizeof(j->ha), 0, &j->a) ||
	    corun_bo_create(&dev, sizeof(j->hb), 0, &j->b) ||
	    corun_bo_create(&dev, sizeof(j->ha), 0, &j->c) ||
	    corun_bo_create(&dev, sizeof(args), DRM_CORUN_BO_GPU_READ_ONLY,
			    &j->args))
		fail(j->name);
	/* the kernel reads 32-bit GPU addresses from its argument block */
	args = (struct vecadd_args){ (uint32_t)j->a.va, (uint32_t)j->b.va,
				     (uint32_t)j->c.va, N };
	if (corun_bo_write(&dev, &j->a, 0, j->ha, sizeof(j->ha)) ||
	    corun_bo_write(&dev, &j->b, 0, j->hb, sizeof(j->hb)) ||
	    corun_bo_write(&dev, &j->args, 0, &args, sizeof(args)))
		fail(j->name);
}

static void job_submit(struct job *j, const struct corun_elf *elf,
		       const struct corun_kinfo *k)
{
	uint32_t bos[5] = { elf->bo.handle, j->a.handle, j->b.handle,
			    j->c.handle, j->args.handle };
	struct corun_launch l = {
		.ctx_id = j->ctx_id,
		.code_handle = elf->bo.handle,
		.entry_offset = (uint32_t)(k->entry - elf->bo.va),
		.args_va = j->args.va,
		.grid = { (N + BLOCK - 1) / BLOCK, 1, 1 },
		.block = { BLOCK, 1, 1 },
		.regs_per_thread = k->regs_per_thread,
		.shared_bytes = k->shared_bytes,
		.stack_bytes = k->stack_bytes,
		.bo_handles = bos,
		.bo_count = 5,
		.out_sync = j->sync,
		.counters = 1,
	};

	if (corun_submit(&dev, &l, &j->job_id))
		fail(j->name);
}

/* Wait for @j, check c = a + b, print its counters; 0 if right. */
static int job_finish(struct job *j)
{
	struct drm_corun_job_counters c;
	struct drm_corun_query_job q;
	static float got[N];
	unsigned int i, bad = 0;

	if (corun_wait(&dev, j->sync, TIMEOUT_MS) ||
	    corun_query_job(&dev, j->job_id, &q))
		fail(j->name);
	if (q.state != DRM_CORUN_JOB_DONE) {
		printf("%s: job %" PRIu64 " ended %s (fault %s)\n", j->name,
		       j->job_id, corun_job_state_name(q.state),
		       corun_fault_cause_name(q.fault.cause));
		return -1;
	}
	if (corun_bo_read(&dev, &j->c, 0, got, sizeof(got)) ||
	    corun_job_counters(&dev, j->job_id, &c, 1))
		fail(j->name);
	for (i = 0; i < N; i++)
		bad += got[i] != j->ha[i] + j->hb[i];
	printf("%s: job %" PRIu64 " context %u: %s (%u of %u sums wrong)\n",
	       j->name, j->job_id, j->ctx_id, bad ? "WRONG" : "ok", bad, N);
	printf("%s: slot %u, cycles %" PRIu64 "..%" PRIu64 " (%" PRIu64 "), thread insns %" PRIu64 ", warp insns %" PRIu64 ", CTAs %" PRIu64 ", L1 hits %" PRIu64 " misses %" PRIu64 ", LLC hits %" PRIu64 " misses %" PRIu64 "\n",
	       j->name, c.slot, (uint64_t)c.start_cycle, (uint64_t)c.end_cycle,
	       (uint64_t)(c.end_cycle - c.start_cycle),
	       (uint64_t)c.thread_insts, (uint64_t)c.warp_insts,
	       (uint64_t)c.ctas_completed, (uint64_t)c.l1_hits,
	       (uint64_t)c.l1_misses, (uint64_t)c.l2_hits,
	       (uint64_t)c.l2_misses);
	return bad ? -1 : 0;
}

/* <dir of this program>/../kernels/basic.elf, as corun-run finds ELFs. */
static const char *default_elf(void)
{
	static char path[PATH_MAX + 32];
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return "basic.elf";
	exe[n] = 0;
	slash = strrchr(exe, '/');
	if (slash)
		*slash = 0;
	snprintf(path, sizeof(path), "%s/../kernels/basic.elf", exe);
	return path;
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "elf", required_argument, NULL, 'e' },
		{ "device", required_argument, NULL, 'd' },
		{ "policy", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	static struct job jobs[2] = { { .name = "job-a" }, { .name = "job-b" } };
	const char *elf_path = NULL, *device = NULL, *policy = NULL;
	const struct corun_kinfo *k;
	struct corun_elf elf;
	int c, failed = 0;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'e': elf_path = optarg; break;
		case 'd': device = optarg; break;
		case 'p': policy = optarg; break;
		case 'h':
			printf("usage: corun-example [--elf FILE] [--device PATH] [--policy NAME]\n");
			return 0;
		default:
			return 2;
		}
	}
	if (!elf_path)
		elf_path = default_elf();
	if (corun_open(&dev, device))
		fail("open");
	printf("device %s: %u SMs, %u slots, warp %u\n", dev.path, dev.num_sms,
	       dev.num_slots, dev.warp_size);
	/* 0: keep the policy's epoch length */
	if (policy && corun_set_policy(&dev, policy, 0))
		fail(policy);
	if (corun_elf_load(&dev, elf_path, &elf))
		fail(elf_path);
	k = corun_elf_kernel(&elf, "vecadd");
	if (!k) {
		fprintf(stderr, "corun-example: %s: no kernel vecadd\n", elf_path);
		return 1;
	}
	job_setup(&jobs[0], 1.0f);
	job_setup(&jobs[1], -0.5f);
	/* both in flight before either is waited for */
	job_submit(&jobs[0], &elf, k);
	job_submit(&jobs[1], &elf, k);
	failed |= job_finish(&jobs[0]);
	failed |= job_finish(&jobs[1]);
	printf("corun-example: %s\n", failed ? "FAILED" : "ok");
	/* closing the file frees the buffers, contexts and syncobjs */
	corun_close(&dev);
	return failed ? 1 : 0;
}
