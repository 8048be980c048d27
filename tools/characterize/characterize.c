// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim --characterize: run every workload alone on one configuration
 * and write a table of its utilizations, occupancy and the class each
 * paper's rule assigns, beside the papers' figures (characterize.h,
 * Documentation/emu/characterization.rst).
 *
 * Per workload: a base run (GTO, CCBP's alone scheduler; corun-sim's
 * alone runs use it when a mix says alone_sched = gto), a run with
 * half the CTAs per SM (CCBP's even CTA share of two kernels, where Eq. 5
 * measures the bandwidth demand), for kernels that are not BI a run with
 * doubled l2.latency and dram.latency (CCBP's LS test), and runs with the
 * workload's L1 fills restricted to 1..W-1 ways and one with all its
 * global accesses bypassing the L1 (the cache paper's sweep over 0..W
 * ways; W ways is the base run). Each run is one whole workload run on a fresh
 * device, checked against its CPU reference.
 *
 * Outputs in --out DIR: characterize.txt, characterize.csv,
 * characterize.json (written by output.c) and config.ini (the full
 * effective configuration of the base runs). Without --out the text table
 * goes to stdout.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <corun/hw.h>
#include <corun/kernel.h>
#include <gpu.h>
#include <kernels/workload.h>
#include <sim/simhost.h>

#include "char_run.h"

#define MAX_WL 256

static struct {
	const char *config, *out, *kernel_dir, *workloads;
	uint32_t scale, seed;
	uint64_t max_cycles;
	unsigned int jobs;
	int no_sweep, base_only, quiet;
} opt = { .scale = 1, .seed = 1, .max_cycles = 2000000000ull, .jobs = 1 };

static struct emu_config cfg;
/* The device as the driver sees it: [calib]'s bandwidths and HSM fit. */
static struct corun_policy_platform plat;
/*
 * What the tables print beside the rows; tables.n_total: workloads selected
 * (the tables are rewritten as each one completes).
 */
static struct char_out tables = { .cfg = &cfg, .plat = &plat };

static void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt,
								...)
{
	va_list ap;

	fputs("corun-sim --characterize: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static uint64_t round_up(uint64_t v, uint64_t a)
{
	return a ? (v + a - 1) / a * a : v;
}

/* CTAs of @l one SM holds, and the resource that limits it. */
static uint32_t occupancy(const struct emu_config *c, const struct sim_launch *l,
			  uint32_t *res)
{
	uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	uint64_t warps = (threads + c->warp_size - 1) / c->warp_size;
	uint64_t lim[OCC_NR], regs, shared, stack;
	uint32_t i, best = 0;

	lim[OCC_SLOTS] = c->sm.cta_slots;
	lim[OCC_THREADS] = c->sm.max_threads / (warps * c->warp_size);
	regs = warps * round_up((uint64_t)l->k.regs_per_thread * c->warp_size,
				c->sm.reg_alloc_unit);
	lim[OCC_REGS] = regs ? c->sm.regs / regs : UINT32_MAX;
	shared = round_up(l->k.shared_bytes, c->sm.shared_alloc_unit);
	lim[OCC_SHARED] = shared ? c->sm.shared_bytes / shared : UINT32_MAX;
	stack = warps * c->warp_size *
		round_up(l->k.stack_bytes ? l->k.stack_bytes :
					    CORUN_STACK_DEFAULT, 16);
	lim[OCC_LOCAL] = stack ? c->sm.local_bytes / stack : UINT32_MAX;
	for (i = 1; i < OCC_NR; i++)
		if (lim[i] < lim[best])
			best = i;
	*res = best;
	return (uint32_t)lim[best];
}

/*
 * One alone run. The workload's L1 fills use its first @ways ways
 * (c->l1.ways: all; 0: every global access bypasses the L1). With
 * @even_share every launch gets a CTA quota of half the CTAs per SM it
 * has alone (at least 1): CCBP's even CTA combination of two kernels
 * (#AloneRunCTA / #Kernels), under which Eq. 5 compares the demand with
 * the even bandwidth share.
 */
static int run_alone(const struct emu_config *c, const struct workload *wl,
		     unsigned int ways, int even_share, struct run_res *r,
		     char *err, size_t len)
{
	struct wl_params p = { .scale = opt.scale, .seed = opt.seed };
	struct wl_run *run = NULL;
	struct sim_ctx *ctx = NULL;
	struct sim_dev *dev;
	struct emu_gpu *gpu;
	uint64_t start;
	int ret = -1;

	memset(r, 0, sizeof(*r));
	r->occ = UINT32_MAX;
	dev = sim_dev_create(c, SIM_MEM_DEFAULT, err, len);
	if (!dev)
		return -1;
	gpu = sim_dev_gpu(dev);
	sim_dev_set_run_limit(dev, opt.max_cycles);
	if (ways < c->l1.ways &&
	    (ways ? emu_gpu_set_l1_ways(gpu, 0, (1u << ways) - 1) :
		    emu_gpu_set_l1_bypass_ctas(gpu, 0, UINT32_MAX))) {
		snprintf(err, len, "cannot restrict the L1 to %u ways", ways);
		goto out;
	}
	ctx = sim_ctx_create(dev);
	if (!ctx) {
		snprintf(err, len, "out of device memory for a context");
		goto out;
	}
	if (wl->setup(ctx, &p, &run, err, len)) {
		run = NULL;
		goto out;
	}
	start = emu_gpu_cycle(gpu);
	for (;;) {
		struct sim_launch l;
		struct sim_result res;
		uint32_t res_kind, o;
		int n;

		memset(&l, 0, sizeof(l));
		n = wl->next(ctx, run, &l, err, len);
		if (n < 0)
			goto out;
		if (!n)
			break;
		o = occupancy(c, &l, &res_kind);
		if (o < r->occ) {
			r->occ = o;
			r->occ_res = res_kind;
			snprintf(r->occ_kernel, sizeof(r->occ_kernel), "%s",
				 l.k.name);
		}
		if (even_share) {
			uint64_t ctas = (uint64_t)l.grid[0] * l.grid[1] *
					l.grid[2];
			uint64_t alone = (ctas + c->num_sms - 1) / c->num_sms;
			struct emu_slot_policy sp;

			if (alone > o)
				alone = o;
			if (emu_gpu_get_slot_policy(gpu, 0, &sp))
				goto out;
			sp.cta_quota = alone > 1 ? (uint32_t)(alone / 2) : 1;
			if (sim_dev_set_slot_policy(dev, 0, &sp, err, len))
				goto out;
		}
		if (sim_run(ctx, &l, &res, err, len))
			goto out;
		if (res.fault.cause != CORUN_FAULT_NONE) {
			snprintf(err, len, "%s: fault %s at pc 0x%08x addr 0x%08x",
				 l.k.name, sim_fault_name(res.fault.cause),
				 res.fault.pc, res.fault.addr);
			goto out;
		}
	}
	r->cycles = emu_gpu_cycle(gpu) - start;
	emu_gpu_slot_counters(gpu, 0, &r->c);
	if (wl->check(ctx, run, err, len))
		goto out;
	if (!r->cycles || !r->c.thread_insns) {
		snprintf(err, len, "no instructions or cycles");
		goto out;
	}
	r->ok = 1;
	ret = 0;
out:
	if (run)
		wl->destroy(run);
	sim_ctx_destroy(ctx);
	sim_dev_destroy(dev);
	return ret;
}

static double ipc_of(const struct run_res *r)
{
	return ratio((double)r->c.thread_insns, (double)r->cycles);
}

/* Fill the derived columns of @w from its runs. */
static void derive(struct row *w)
{
	const struct corun_slot_counters *c = &w->base.c;
	double secs = w->base.cycles / (cfg.sm_mhz * 1e6);
	double noc_peak = (double)cfg.num_sms * cfg.noc.flit_bytes *
			  cfg.noc_mhz * 1e6;
	double dram_peak = (double)cfg.dram.channels * cfg.dram.bus_bytes *
			   cfg.dram_mhz * 1e6;
	struct hsm_pred hp;

	w->ipc = ipc_of(&w->base);
	w->thr = ratio(w->ipc, peak_ipc(&cfg));
	/* Eq. 1: every read is answered by one L1 line plus a header flit. */
	w->noc = ratio(c->read_requests * (double)(cfg.l1.line +
						   cfg.noc.flit_bytes) / secs,
		       noc_peak);
	/* Eq. 3: every DRAM access moves one L2 line. */
	w->dram = ratio(c->dram_accesses * (double)cfg.l2.line / secs,
			dram_peak);
	w->l2miss = ratio((double)c->llc_misses,
			  (double)(c->llc_hits + c->llc_misses));
	w->rbh = ratio((double)c->dram_row_hits, (double)c->dram_accesses);
	w->mpki = ratio(c->llc_misses * 1000.0, (double)c->thread_insns);
	w->rf = ratio((double)c->read_requests, (double)c->requests);
	w->df = ratio((double)c->dram_accesses, (double)c->requests);
	w->slow2x = w->lat2x.ok ? ratio(w->ipc, ipc_of(&w->lat2x)) : NAN;
	if (w->even.ok) {
		const struct corun_slot_counters *e = &w->even.c;
		double esecs = w->even.cycles / (cfg.sm_mhz * 1e6);

		w->noc_even = ratio(e->read_requests *
					    (double)(cfg.l1.line +
						     cfg.noc.flit_bytes) / esecs,
				    noc_peak);
		w->dram_even = ratio(e->dram_accesses * (double)cfg.l2.line /
					     esecs,
				     dram_peak);
	} else {
		w->noc_even = w->dram_even = NAN;
	}
	/* Eqs. 5-7 on the even CTA share's demand, rf and df. */
	w->ccbp = w->even.ok ? char_ccbp_classify(&plat, &w->even.c,
						  w->even.cycles,
						  isnan(w->slow2x) ? 0 :
								     w->slow2x) :
			       CHAR_CCBP_NONE;
	w->hsm = HSM_NONE;
	w->hsm_bd = w->hsm_bp = NAN;
	if (tables.hsm_fitted) {
		char_hsm_predict(&plat, c, w->base.cycles, &hp);
		w->hsm = hp.cls;
		w->hsm_bd = (double)hp.demand / CORUN_HSM_FIT_ONE;
		w->hsm_bp = (double)hp.beta / CORUN_HSM_FIT_ONE;
	}
	w->csi = w->sweep_ok ? csi_classify(w->sweep_ipc, 1, cfg.l1.ways) :
			       CSI_NONE;
}

static void characterize_one(const struct workload *wl, struct row *w)
{
	struct emu_config c2 = cfg;
	char err[ERRLEN] = "", v[32];
	unsigned int k;

	memset(w, 0, sizeof(*w));
	snprintf(w->name, sizeof(w->name), "%s", wl->name);
	if (run_alone(&cfg, wl, cfg.l1.ways, 0, &w->base, err, sizeof(err))) {
		snprintf(w->msg, sizeof(w->msg), "base: %s", err);
		return;
	}
	w->ok = 1;
	if (opt.base_only)
		goto done;
	if (run_alone(&cfg, wl, cfg.l1.ways, 1, &w->even, err, sizeof(err))) {
		snprintf(w->msg, sizeof(w->msg), "even CTA share: %.400s", err);
		w->ok = 0;
		return;
	}
	/* The LS test only decides kernels that Eq. 5 does not make BI. */
	derive(w);
	if (w->ccbp == CHAR_CCBP_NBI || w->ccbp == CHAR_CCBP_DBI)
		goto sweep;
	/* CCBP A5: L2 and DRAM latency doubled. */
	snprintf(v, sizeof(v), "%u", 2 * cfg.l2.latency);
	if (emu_config_set(&c2, "l2", "latency", v, err, sizeof(err)))
		goto lat_fail;
	snprintf(v, sizeof(v), "%u", 2 * cfg.dram.latency);
	if (emu_config_set(&c2, "dram", "latency", v, err, sizeof(err)) ||
	    emu_config_validate(&c2, err, sizeof(err)) ||
	    run_alone(&c2, wl, c2.l1.ways, 0, &w->lat2x, err, sizeof(err)))
		goto lat_fail;
	goto sweep;
lat_fail:
	snprintf(w->msg, sizeof(w->msg), "2x latency: %.400s", err);
sweep:
	if (opt.no_sweep || cfg.l1.ways > CHAR_MAX_WAYS)
		goto done;
	w->sweep_ipc[cfg.l1.ways] = ipc_of(&w->base);
	for (k = 0; k < cfg.l1.ways; k++) {
		struct run_res r;

		if (run_alone(&cfg, wl, k, 0, &r, err, sizeof(err))) {
			snprintf(w->msg, sizeof(w->msg), "%u L1 ways: %.400s", k,
				 err);
			goto done;
		}
		w->sweep_ipc[k] = ipc_of(&r);
	}
	w->sweep_ok = 1;
done:
	derive(w);
}

/* ---- output files ---- */

static FILE *out_file(const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", opt.out, name);
	f = fopen(path, "w");
	if (!f)
		die("%s: %s", path, strerror(errno));
	return f;
}

static void close_file(FILE *f, const char *name)
{
	if (ferror(f) | fclose(f))
		die("%s/%s: write error", opt.out, name);
}

/* In --out: the tables (output.c) of the rows done so far, and config.ini. */
static void write_outputs(const struct row *rows, const unsigned char *done,
			  size_t n)
{
	struct row *w = calloc(n ? n : 1, sizeof(*w));
	size_t i, k = 0;
	FILE *f;

	if (!w)
		die("out of memory");
	for (i = 0; i < n; i++)
		if (done[i])
			w[k++] = rows[i];
	if (mkdir(opt.out, 0777) && errno != EEXIST)
		die("%s: %s", opt.out, strerror(errno));
	f = out_file("characterize.txt");
	char_write_text(&tables, f, w, k);
	close_file(f, "characterize.txt");
	f = out_file("characterize.csv");
	char_write_csv(&tables, f, w, k);
	close_file(f, "characterize.csv");
	f = out_file("characterize.json");
	char_write_json(&tables, f, w, k);
	close_file(f, "characterize.json");
	f = out_file("config.ini");
	fprintf(f, "# Effective configuration of the characterization's base runs\n"
		   "# (%s with sched_policy = gto; the 2x-latency runs double\n"
		   "# l2.latency and dram.latency). scale %u, seed %u.\n",
		opt.config, opt.scale, opt.seed);
	emu_config_print(&cfg, f);
	close_file(f, "config.ini");
	free(w);
}

/* ---- driver ---- */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: corun-sim --characterize --config FILE.ini [options]\n"
		"  --config FILE       GPU configuration (emu/configs/*.ini)\n"
		"  --out DIR           write characterize.{txt,csv,json} and config.ini\n"
		"                      there (default: the text table on stdout)\n"
		"  --workloads A,B,... only these (default: every workload)\n"
		"  --scale N           workload scale (default 1)\n"
		"  --seed N            workload seed (default 1)\n"
		"  --no-sweep          skip the L1-ways sweep (no C/S/I class)\n"
		"  --base-only         only the base run: utilizations and HSM, no\n"
		"                      CCBP class (no even-share or 2x-latency run), no sweep\n"
		"  --max-cycles N      give up on a run after N cycles\n"
		"  -j, --jobs N        workloads characterized in parallel (default 1)\n"
		"  --kernel-dir DIR    device ELFs (default: $CORUN_KERNEL_DIR or ../kernels)\n"
		"  --quiet             no progress on stderr\n");
}

static uint64_t parse_u64(const char *s, const char *what)
{
	char *e;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &e, 0);
	if (errno || e == s || *e || *s == '-')
		die("%s: bad number '%s'", what, s);
	return v;
}

static void parse_args(int argc, char **argv)
{
	enum { O_CONFIG = 256, O_OUT, O_WL, O_SCALE, O_SEED, O_NOSWEEP, O_BASE,
	       O_MAX, O_KDIR, O_QUIET };
	static const struct option lo[] = {
		{ "config", required_argument, NULL, O_CONFIG },
		{ "out", required_argument, NULL, O_OUT },
		{ "workloads", required_argument, NULL, O_WL },
		{ "scale", required_argument, NULL, O_SCALE },
		{ "seed", required_argument, NULL, O_SEED },
		{ "no-sweep", no_argument, NULL, O_NOSWEEP },
		{ "base-only", no_argument, NULL, O_BASE },
		{ "max-cycles", required_argument, NULL, O_MAX },
		{ "jobs", required_argument, NULL, 'j' },
		{ "kernel-dir", required_argument, NULL, O_KDIR },
		{ "quiet", no_argument, NULL, O_QUIET },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "c:j:qh", lo, NULL)) != -1) {
		switch (c) {
		case 'c':
		case O_CONFIG: opt.config = optarg; break;
		case O_OUT: opt.out = optarg; break;
		case O_WL: opt.workloads = optarg; break;
		case O_SCALE:
			opt.scale = (uint32_t)parse_u64(optarg, "--scale");
			if (opt.scale > WL_SCALE_MAX)
				die("--scale: at most %d", WL_SCALE_MAX);
			break;
		case O_SEED:
			opt.seed = (uint32_t)parse_u64(optarg, "--seed");
			break;
		case O_NOSWEEP: opt.no_sweep = 1; break;
		case O_BASE: opt.base_only = 1; break;
		case O_MAX:
			opt.max_cycles = parse_u64(optarg, "--max-cycles");
			break;
		case 'j':
			opt.jobs = (unsigned int)parse_u64(optarg, "--jobs");
			if (opt.jobs < 1 || opt.jobs > 64)
				die("--jobs: 1..64");
			break;
		case O_KDIR: opt.kernel_dir = optarg; break;
		case 'q':
		case O_QUIET: opt.quiet = 1; break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	if (optind < argc)
		die("unexpected argument '%s'", argv[optind]);
	if (!opt.config)
		die("--config is required");
}

/*
 * The platform the driver reads from this configuration's device: the
 * rules need its calibrated sustainable bandwidths; HSM needs its fit.
 */
static uint32_t plat_rd(void *ctx, uint32_t off)
{
	return sim_dev_rd(ctx, off);
}

static void read_platform(void)
{
	char err[ERRLEN];
	struct sim_dev *dev = sim_dev_create(&cfg, SIM_MEM_DEFAULT, err,
					     sizeof(err));

	if (!dev)
		die("%s", err);
	corun_policy_platform_read(&plat, plat_rd, dev);
	sim_dev_destroy(dev);
	if (!plat.noc_bw || !plat.dram_bw)
		die("%s: [calib] noc_sustainable and dram_sustainable are not calibrated (corun-sim --calibrate --config %s)",
		    opt.config, opt.config);
	tables.hsm_fitted = !hsm_model_check(&plat);
	if (!tables.hsm_fitted && !opt.quiet)
		fprintf(stderr, "corun-sim --characterize: %s: no HSM fit in [calib] (corun-sim --fit-hsm); no HSM class\n",
			opt.config);
}

/* The workloads to run, in registry order or --workloads order. */
static size_t select_workloads(const struct workload **sel)
{
	const struct workload *const *all;
	size_t n, i, k = 0;
	char *list, *w, *save = NULL;

	if (!opt.workloads) {
		all = wl_all(&n);
		for (i = 0; i < n && k < MAX_WL; i++)
			if (!(all[i]->flags & (WL_F_FAULT | WL_F_VARIANT)))
				sel[k++] = all[i];
		return k;
	}
	list = strdup(opt.workloads);
	if (!list)
		die("out of memory");
	for (w = strtok_r(list, ",", &save); w && k < MAX_WL;
	     w = strtok_r(NULL, ",", &save)) {
		const struct workload *wl = wl_find(w);

		if (!wl || (wl->flags & WL_F_FAULT))
			die("unknown workload '%s' (corun-sim --list)", w);
		sel[k++] = wl;
	}
	free(list);
	return k;
}

static void progress(const struct row *w, size_t i, size_t n, double secs)
{
	if (opt.quiet)
		return;
	fprintf(stderr, "characterize: [%zu/%zu] %-16s %s (%.0f s)\n", i + 1,
		n, w->name, w->ok ? "done" : "FAILED", secs);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Characterize sel[0..n) with up to opt.jobs forked workers. */
static void run_all(const struct workload **sel, size_t n, struct row *rows,
		    unsigned char *fin)
{
	struct { pid_t pid; int fd; size_t idx; double t0; } wk[64];
	size_t next = 0, done = 0, i;
	unsigned int nw = 0, k;

	if (opt.jobs == 1) {
		for (i = 0; i < n; i++) {
			double t0 = now_s();

			characterize_one(sel[i], &rows[i]);
			progress(&rows[i], i, n, now_s() - t0);
			fin[i] = 1;
			if (opt.out)
				write_outputs(rows, fin, n);
		}
		return;
	}
	while (done < n) {
		while (nw < opt.jobs && next < n) {
			int fd[2];
			pid_t pid;

			if (pipe(fd))
				die("pipe: %s", strerror(errno));
			fflush(NULL);
			pid = fork();
			if (pid < 0)
				die("fork: %s", strerror(errno));
			if (!pid) {
				struct row *r = malloc(sizeof(*r));
				const char *p;
				size_t left;

				close(fd[0]);
				if (!r)
					_exit(3);
				characterize_one(sel[next], r);
				for (p = (const char *)r, left = sizeof(*r); left;) {
					ssize_t m = write(fd[1], p, left);

					if (m <= 0)
						_exit(3);
					p += m;
					left -= (size_t)m;
				}
				_exit(0);
			}
			close(fd[1]);
			wk[nw].pid = pid;
			wk[nw].fd = fd[0];
			wk[nw].idx = next++;
			wk[nw].t0 = now_s();
			nw++;
		}
		/*
		 * Collect whichever worker finishes first: a long workload
		 * does not hold up the others (rows are indexed, the tables
		 * keep registry order).
		 */
		{
			struct pollfd pf[64];
			struct row *r;
			char *p;
			size_t left = sizeof(*r);
			unsigned int w = 0;
			int st;

			for (k = 0; k < nw; k++)
				pf[k] = (struct pollfd){ .fd = wk[k].fd,
							 .events = POLLIN };
			while (poll(pf, nw, -1) < 0)
				if (errno != EINTR)
					die("poll: %s", strerror(errno));
			while (w < nw && !pf[w].revents)
				w++;
			if (w == nw)
				continue;
			r = &rows[wk[w].idx];
			p = (char *)r;
			while (left) {
				ssize_t m = read(wk[w].fd, p, left);

				if (m < 0 && errno == EINTR)
					continue;
				if (m <= 0)
					break;
				p += m;
				left -= (size_t)m;
			}
			close(wk[w].fd);
			waitpid(wk[w].pid, &st, 0);
			if (left) {
				memset(r, 0, sizeof(*r));
				snprintf(r->name, sizeof(r->name), "%s",
					 sel[wk[w].idx]->name);
				snprintf(r->msg, sizeof(r->msg),
					 "worker died (status %d)", st);
			}
			progress(r, wk[w].idx, n, now_s() - wk[w].t0);
			fin[wk[w].idx] = 1;
			if (opt.out)
				write_outputs(rows, fin, n);
			for (k = w + 1; k < nw; k++)
				wk[k - 1] = wk[k];
			nw--;
			done++;
		}
	}
}

int characterize_main(int argc, char **argv)
{
	static const struct workload *sel[MAX_WL];
	char err[ERRLEN];
	unsigned char *fin;
	struct row *rows;
	size_t n, i;
	int failed = 0;

	parse_args(argc, argv);
	if (opt.kernel_dir && setenv("CORUN_KERNEL_DIR", opt.kernel_dir, 1))
		die("setenv: %s", strerror(errno));
	if (emu_config_load(opt.config, &cfg, err, sizeof(err)))
		die("%s", err);
	/* Alone runs use GTO, as corun-sim's (CCBP measures IPC_alone so). */
	if (emu_config_set(&cfg, "sm", "sched_policy", "gto", err, sizeof(err)) ||
	    emu_config_validate(&cfg, err, sizeof(err)))
		die("%s", err);
	read_platform();
	n = select_workloads(sel);
	for (i = 0; i < n; i++)
		if (wl_check_elf(sel[i], err, sizeof(err)))
			die("%s; see --kernel-dir", err);
	tables.scale = opt.scale;
	tables.seed = opt.seed;
	tables.n_total = n;
	rows = calloc(n ? n : 1, sizeof(*rows));
	fin = calloc(n ? n : 1, 1);
	if (!rows || !fin)
		die("out of memory");
	/* Fail on an unusable --out now, not after the first workload. */
	if (opt.out)
		write_outputs(rows, fin, n);
	run_all(sel, n, rows, fin);
	for (i = 0; i < n; i++)
		failed |= !rows[i].ok;
	if (!opt.out) {
		char_write_text(&tables, stdout, rows, n);
	} else {
		write_outputs(rows, fin, n);
		if (!opt.quiet)
			fprintf(stderr, "characterize: wrote %s/characterize.{txt,csv,json} and config.ini\n",
				opt.out);
	}
	free(rows);
	free(fin);
	return failed ? 1 : 0;
}
