// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * emu-bench: simulation rate of the device model on hand-assembled
 * kernels (compute-bound ALU loop, or a streaming memory kernel).
 *
 *   emu-bench [-c config.ini] [-k compute|memory] [-n loop_iterations]
 *             [-g ctas] [-b threads_per_cta] [-p lrr|gto|two_level|kaware]
 *
 * Prints the effective config id, simulated cycles, instructions, wall
 * time and the rates (thread instructions/s, cycles/s).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testdev.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	const char *cfgpath = NULL, *kernel = "compute", *policy = NULL;
	uint32_t iters = 2000, grid = 0, block = 256, w[64], n = 0, entry, buf;
	struct corun_job_desc d;
	struct emu_config cfg;
	struct emu_event ev;
	struct emu_stats st;
	struct tdev t;
	char err[256];
	double t0, dt;
	int opt;

	while ((opt = getopt(argc, argv, "c:k:n:g:b:p:")) != -1) {
		switch (opt) {
		case 'c':
			cfgpath = optarg;
			break;
		case 'k':
			kernel = optarg;
			break;
		case 'n':
			iters = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'g':
			grid = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'b':
			block = (uint32_t)strtoul(optarg, NULL, 0);
			break;
		case 'p':
			policy = optarg;
			break;
		default:
			fprintf(stderr, "usage: %s [-c cfg] [-k compute|memory] [-n iters] [-g ctas] [-b threads] [-p policy]\n",
				argv[0]);
			return 2;
		}
	}
	emu_config_defaults(&cfg);
	if (cfgpath && emu_config_load(cfgpath, &cfg, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (policy && (emu_config_set(&cfg, "sm", "sched_policy", policy, err,
				      sizeof(err)) ||
		       emu_config_validate(&cfg, err, sizeof(err)))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (!grid)
		grid = cfg.num_sms * 8;
	if (tdev_init(&t, &cfg, 256u << 20)) {
		fprintf(stderr, "cannot create the device\n");
		return 1;
	}
	rv_li(w, &n, T2, iters);
	if (!strcmp(kernel, "memory")) {
		/* Each thread streams through its own words, coalesced. */
		w[n++] = CSRR(A0, CORUN_CSR_ARGS);
		w[n++] = CSRR(T0, CORUN_CSR_CTAID_X);
		w[n++] = CSRR(T1, CORUN_CSR_NTID_X);
		w[n++] = MUL(T0, T0, T1);
		w[n++] = CSRR(T1, CORUN_CSR_TID_X);
		w[n++] = ADD(T0, T0, T1);
		w[n++] = SLLI(T1, T0, 2);
		w[n++] = ADD(A0, A0, T1);
		w[n++] = LW(S2, A0, 0); /* loop: */
		w[n++] = ADD(S3, S3, S2);
		w[n++] = ADDI(T2, T2, -1);
		w[n++] = BNE(T2, ZERO, -12);
		w[n++] = SW(S3, A0, 0);
	} else {
		w[n++] = ADDI(S2, S2, 1); /* loop: */
		w[n++] = ADDI(S3, S3, 3);
		w[n++] = ADD(S4, S4, S2);
		w[n++] = MUL(S5, S3, S3);
		w[n++] = ADDI(S6, S6, 1);
		w[n++] = ADD(S7, S7, S3);
		w[n++] = ADDI(T2, T2, -1);
		w[n++] = BNE(T2, ZERO, -28);
	}
	w[n++] = EXIT;
	entry = tdev_code(&t, w, n);
	buf = tdev_alloc(&t, grid * block * 4 + 4096, TDEV_RW);
	tdev_desc(&t, 0, &d, entry, grid, block);
	d.args = buf;
	d.regs_per_thread = 16;

	printf("config %s (id %08x), %u SMs, warp %u, policy %s\n", cfg.name,
	       emu_config_id(&cfg), cfg.num_sms, cfg.warp_size,
	       emu_sched_policy_name(cfg.sm.sched_policy));
	printf("kernel %s, %u CTAs x %u threads, %u iterations\n", kernel, grid,
	       block, iters);
	t0 = now_s();
	if (tdev_run(&t, 0, &d, &ev, 1ull << 40) || ev.fault.cause) {
		fprintf(stderr, "run failed (fault %u)\n", ev.fault.cause);
		return 1;
	}
	dt = now_s() - t0;
	emu_gpu_stats(t.gpu, &st);
	printf("cycles %llu (skipped %llu), warp insns %llu, thread insns %llu\n",
	       (unsigned long long)st.cycles,
	       (unsigned long long)st.skipped_cycles,
	       (unsigned long long)st.warp_insns,
	       (unsigned long long)st.thread_insns);
	printf("IPC %.2f warp insns/cycle, L1 accesses %llu, misses %llu\n",
	       (double)st.warp_insns / (double)st.cycles,
	       (unsigned long long)ev.counters.c.l1_accesses,
	       (unsigned long long)ev.counters.c.l1_misses);
	printf("wall %.3f s: %.1f M thread-insns/s, %.2f M warp-insns/s, %.1f K cycles/s\n",
	       dt, st.thread_insns / dt / 1e6, st.warp_insns / dt / 1e6,
	       st.cycles / dt / 1e3);
	tdev_fini(&t);
	return 0;
}
