// SPDX-License-Identifier: GPL-2.0
/*
 * corun_soak: many processes submit random mixes of jobs for a fixed
 * time, run in the guest (selftests/soak, make soak).
 *
 * Each of --procs processes opens --files DRM files (kit.h: a context,
 * the reference kernel, KIT_JOBS job buffers each) and, until --seconds
 * have passed, keeps up to KIT_JOBS jobs in flight per file, drawn from a
 * seeded random mix: good jobs of random length (spin 0..--max-spin),
 * jobs that store to an unmapped address, jobs that exhaust their
 * instruction budget; now and then it waits for a job out of order,
 * destroys and recreates a context, or closes a file with its jobs in
 * flight and opens a new one. Every job it waits for is checked: a good
 * job DONE with the right output, a faulty one FAULTED with its cause.
 *
 * Totals: jobs run (submitted), failed (ended faulted or cancelled, the
 * planted faults among them), wrong (ended otherwise than the mix said:
 * a good job faulted, a wrong output, a fault not reported), lost (no end
 * seen within 120 s of waiting, or never waited for because the file was
 * closed and the driver's count of ended jobs does not cover them).
 * Wrong and lost must be zero; the driver's own count of jobs (debugfs
 * "recovery") must have grown by what was submitted, and, once the
 * module is unloaded, guest-prog.sh checks that every job ended and was
 * freed, and scans the kernel log.
 *
 * Usage: corun_soak [--procs N] [--files N] [--seconds N] [--seed N]
 *                   [--max-spin N]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <uapi/drm/corun_drm.h>

#include "kit.h"
#include "uapi_test.h"

#define MAX_FILES 8

/* One process's totals, in memory shared with the parent. */
struct totals {
	long run, done, failed, planted, wrong, lost, closed_in_flight;
	long ctx_recreated, file_reopened;
};

enum kind { GOOD, UNMAPPED, BUDGET };

struct slot {
	int busy;
	enum kind kind;
};

static uint64_t rnd(uint64_t *s)
{
	/* xorshift64*: the same sequence for the same seed */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Waits for job @i of @k and checks it against @kind. */
static void check(struct kit *k, int i, enum kind kind, struct totals *t)
{
	struct drm_corun_query_job q;
	int ret = kit_wait(k, i, &q), ok;

	if (ret) {
		t->lost++;
		printf("# lost: job %llu wait %d\n", (unsigned long long)k->job[i],
		       ret);
		return;
	}
	if (q.state == DRM_CORUN_JOB_DONE)
		t->done++;
	else
		t->failed++;
	switch (kind) {
	case GOOD:
		ok = q.state == DRM_CORUN_JOB_DONE && !q.error &&
		     output_ok(k, i);
		break;
	case UNMAPPED:
		ok = q.state == DRM_CORUN_JOB_FAULTED && q.error == -EIO &&
		     q.fault.cause == DRM_CORUN_FAULT_MMU_UNMAPPED;
		break;
	default:
		ok = q.state == DRM_CORUN_JOB_FAULTED && q.error == -EIO &&
		     q.fault.cause == DRM_CORUN_FAULT_INSN_BUDGET;
		break;
	}
	t->planted += kind != GOOD;
	if (!ok) {
		t->wrong++;
		printf("# wrong: kind %d job %llu state %u error %d fault %u\n",
		       kind, (unsigned long long)k->job[i], q.state, q.error,
		       q.fault.cause);
	}
}

static int submit(struct kit *k, int i, enum kind kind, uint64_t *seed,
		  unsigned int max_spin)
{
	switch (kind) {
	case GOOD:
		return kit_submit(k, i, k->out_va[i],
				  rnd(seed) % (max_spin + 1), 0);
	case UNMAPPED:
		return kit_submit(k, i, 0x8, 0, 0);
	default:
		return kit_submit(k, i, k->out_va[i], 100000, 5000);
	}
}

static void worker(int id, int nfiles, double end, uint64_t seed,
		   unsigned int max_spin, struct totals *t)
{
	struct kit kits[MAX_FILES];
	struct slot sl[MAX_FILES][KIT_JOBS];
	uint64_t s = seed * 0x9e3779b97f4a7c15ull + id + 1;
	int f, i, r;

	memset(sl, 0, sizeof(sl));
	for (f = 0; f < nfiles; f++)
		if (kit_open(&kits[f], 1)) {
			printf("# worker %d: setup errno %d\n", id, errno);
			t->lost++;
			return;
		}
	while (now_s() < end) {
		f = rnd(&s) % nfiles;
		i = rnd(&s) % KIT_JOBS;
		r = rnd(&s) % 100;
		if (sl[f][i].busy) {
			check(&kits[f], i, sl[f][i].kind, t);
			sl[f][i].busy = 0;
		}
		if (r < 2) {
			/* close with jobs in flight; the driver ends them */
			for (i = 0; i < KIT_JOBS; i++)
				t->closed_in_flight += sl[f][i].busy;
			memset(sl[f], 0, sizeof(sl[f]));
			kit_close(&kits[f]);
			if (kit_open(&kits[f], 1)) {
				t->lost++;
				return;
			}
			t->file_reopened++;
			continue;
		}
		if (r < 4) {
			/* a new context once the file's jobs are all in */
			for (i = 0; i < KIT_JOBS; i++)
				if (sl[f][i].busy) {
					check(&kits[f], i, sl[f][i].kind, t);
					sl[f][i].busy = 0;
				}
			ctx_destroy(kits[f].fd, kits[f].ctx);
			if (ctx_create(kits[f].fd, 0, "soak", &kits[f].ctx)) {
				t->lost++;
				return;
			}
			t->ctx_recreated++;
			continue;
		}
		sl[f][i].kind = r < 90 ? GOOD : r < 95 ? UNMAPPED : BUDGET;
		if (submit(&kits[f], i, sl[f][i].kind, &s, max_spin)) {
			t->wrong++;
			printf("# submit failed: errno %d\n", errno);
			continue;
		}
		sl[f][i].busy = 1;
		t->run++;
	}
	for (f = 0; f < nfiles; f++) {
		for (i = 0; i < KIT_JOBS; i++)
			if (sl[f][i].busy)
				check(&kits[f], i, sl[f][i].kind, t);
		kit_close(&kits[f]);
	}
}

/* The driver's count of submitted jobs (debugfs "recovery"), or -1. */
static long driver_jobs(void)
{
	char *t = debugfs_read("recovery"), *p;

	p = t ? strstr(t, "\njobs ") : NULL;
	return p ? strtol(p + 6, NULL, 10) : -1;
}

int main(int argc, char **argv)
{
	unsigned long procs = 4, files = 2, seconds = 120, seed = 1;
	unsigned long max_spin = 2000;
	struct totals *t, sum;
	long j0, j1;
	double end;
	int a, st, p, ok = 1;

	for (a = 1; a + 1 < argc; a += 2) {
		unsigned long v = strtoul(argv[a + 1], NULL, 0);

		if (!strcmp(argv[a], "--procs"))
			procs = v;
		else if (!strcmp(argv[a], "--files"))
			files = v;
		else if (!strcmp(argv[a], "--seconds"))
			seconds = v;
		else if (!strcmp(argv[a], "--seed"))
			seed = v;
		else if (!strcmp(argv[a], "--max-spin"))
			max_spin = v;
		else
			break;
	}
	if (a != argc || !procs || procs > 64 || !files || files > MAX_FILES ||
	    !seconds || seconds > 86400 || max_spin > 1000000) {
		fprintf(stderr, "usage: %s [--procs 1..64] [--files 1..%d] "
			"[--seconds 1..86400] [--seed N] [--max-spin 0..1000000]\n",
			argv[0], MAX_FILES);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n");
	t = mmap(NULL, procs * sizeof(*t), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (t == MAP_FAILED) {
		result(0, "soak_setup", "mmap errno %d", errno);
		return 1;
	}
	memset(t, 0, procs * sizeof(*t));
	j0 = driver_jobs();
	end = now_s() + seconds;
	for (p = 0; p < (int)procs; p++) {
		pid_t pid = fork();

		if (pid == 0) {
			worker(p, files, end, seed, max_spin, &t[p]);
			_exit(0);
		}
		if (pid < 0)
			ok = 0;
	}
	while (wait(&st) > 0)
		ok &= WIFEXITED(st) && !WEXITSTATUS(st);
	j1 = driver_jobs();
	memset(&sum, 0, sizeof(sum));
	for (p = 0; p < (int)procs; p++) {
		sum.run += t[p].run;
		sum.done += t[p].done;
		sum.failed += t[p].failed;
		sum.planted += t[p].planted;
		sum.wrong += t[p].wrong;
		sum.lost += t[p].lost;
		sum.closed_in_flight += t[p].closed_in_flight;
		sum.ctx_recreated += t[p].ctx_recreated;
		sum.file_reopened += t[p].file_reopened;
	}
	printf("# soak: %lu processes x %lu files, %lu s, seed %lu, spin 0..%lu\n",
	       procs, files, seconds, seed, max_spin);
	printf("# soak: jobs run %ld, failed %ld (planted faults %ld), done %ld, "
	       "wrong %ld, lost %ld\n", sum.run, sum.failed, sum.planted,
	       sum.done, sum.wrong, sum.lost);
	printf("# soak: %ld jobs left in flight by %ld file closes, %ld "
	       "contexts recreated\n", sum.closed_in_flight, sum.file_reopened,
	       sum.ctx_recreated);
	result(ok, "soak_processes", NULL);
	result(sum.run > 0, "soak_jobs_ran", "%ld jobs", sum.run);
	result(!sum.wrong, "soak_no_wrong", "%ld jobs ended otherwise than "
	       "planned", sum.wrong);
	result(!sum.lost, "soak_none_lost", "%ld jobs lost", sum.lost);
	/* jobs closed in flight are not waited for: the driver counts them */
	result(j0 >= 0 && j1 - j0 == sum.run, "soak_driver_count",
	       "driver counted %ld jobs, the processes submitted %ld",
	       j1 - j0, sum.run);
	printf("1..%d\n", tests);
	printf("%d passed, %d failed\n", tests - failures, failures);
	return failures ? 1 : 0;
}
