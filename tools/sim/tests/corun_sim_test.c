// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim tests: the binary end to end (spawned): a small mix on
 * test-2sm.ini whose JSON is parsed and checked against the metric
 * formulas, determinism, the policies, and the error paths (file:line
 * messages, exit status 2; those of the policy options in
 * corun_sim_policy_test.c). The suite's --progress and --demand cases
 * are in corun_sim_progress_test.c.
 */
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kunit/test.h>
#include <policy/fwknobs.h>
#include <sim/metrics.h>
#include <sim/mix.h>

#include "corun_sim_test.h"

/* ---- the binary ---- */

void check_corun_json(struct kunit *test, const struct jv *doc)
{
	const struct jv *alone = jget(doc, "alone"), *co = jget(doc, "corun");
	const struct jv *jobs, *met, *cfg;
	double sum_np = 0, sum_sd = 0, np_min = INFINITY, np_max = 0, cycles;
	int i, k, n;

	KUNIT_EXPECT_STREQ(test, jstr(test, doc, "tool"), "corun-sim");
	KUNIT_EXPECT_TRUE(test, jget(doc, "ok") && jget(doc, "ok")->t == J_BOOL &&
			  jget(doc, "ok")->num == 1);
	cfg = jget(doc, "config");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "name"), "test-2sm");
	/* by default the alone runs use the configuration's scheduler */
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "alone_sched"), "lrr");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "corun_sched"), "lrr");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "timing_address"), "pa");
	KUNIT_EXPECT_TRUE(test, jget(doc, "lockstep") &&
			  jget(doc, "lockstep")->t == J_NULL);
	KUNIT_EXPECT_EQ(test, jnum(test, jget(jget(cfg, "ini"), "gpu"), "num_sms"), 2.0);
	KUNIT_ASSERT_NOT_NULL(test, alone);
	KUNIT_ASSERT_NOT_NULL(test, co);
	jobs = jget(co, "jobs");
	met = jget(co, "metrics");
	KUNIT_ASSERT_TRUE(test, jobs && jobs->t == J_ARR && jobs->n >= 2);
	KUNIT_ASSERT_NOT_NULL(test, met);
	cycles = jnum(test, co, "cycles");
	KUNIT_EXPECT_EQ(test, cycles, jnum(test, jget(doc, "mix"), "budget_cycles"));

	for (k = 0; k < alone->n; k++) {
		const struct jv *a = alone->v[k];

		KUNIT_EXPECT_STREQ(test, jstr(test, a, "status"), "ok");
		KUNIT_EXPECT_GT(test, jnum(test, a, "thread_insns"), 0.0);
		KUNIT_EXPECT_GE(test, jnum(test, a, "thread_insns"),
				jnum(test, a, "warp_insns"));
		KUNIT_EXPECT_TRUE(test, close_to(jnum(test, a, "ipc"),
						 jnum(test, a, "thread_insns") /
						 jnum(test, a, "cycles")));
	}
	n = jobs->n;
	for (i = 0; i < n; i++) {
		const struct jv *j = jobs->v[i];
		double ipc = jnum(test, j, "ipc"), ia = jnum(test, j, "ipc_alone");
		double sd = jnum(test, j, "slowdown"), np = jnum(test, j, "norm_progress");
		int found = 0;

		KUNIT_EXPECT_STREQ(test, jstr(test, j, "status"), "ok");
		/* The budget is several runs long: runs were re-executed. */
		KUNIT_EXPECT_GE(test, jnum(test, j, "runs"), 2.0);
		KUNIT_EXPECT_TRUE(test, close_to(ipc, jnum(test, j, "thread_insns") / cycles));
		KUNIT_EXPECT_TRUE(test, close_to(sd, ia / ipc));
		KUNIT_EXPECT_TRUE(test, close_to(np, ipc / ia));
		/* Sharing two SMs cannot make a job faster than alone. */
		KUNIT_EXPECT_GE_MSG(test, sd, 0.95, "job %d slowdown %f", i, sd);
		for (k = 0; k < alone->n; k++) {
			const struct jv *a = alone->v[k];

			if (!strcmp(jstr(test, a, "workload"), jstr(test, j, "workload")) &&
			    jnum(test, a, "scale") == jnum(test, j, "scale") &&
			    jnum(test, a, "seed") == jnum(test, j, "seed")) {
				KUNIT_EXPECT_TRUE(test, close_to(ia, jnum(test, a, "ipc")));
				found = 1;
			}
		}
		KUNIT_EXPECT_TRUE_MSG(test, found, "job %d has no alone run", i);
		sum_np += ipc / ia;
		sum_sd += ia / ipc;
		np_min = fmin(np_min, ipc / ia);
		np_max = fmax(np_max, ipc / ia);
	}
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "stp"), sum_np));
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "hspeedup"), n / sum_sd));
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "antt"), sum_sd / n));
	KUNIT_EXPECT_TRUE(test, close_to(jnum(test, met, "fairness"), np_min / np_max));
}

static void sim_small_mix_json(struct kunit *test)
{
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--counters", NULL);

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	check_corun_json(test, json_doc(test, o->out));
	/* --counters: per-job counters agree with the job's own fields. */
	{
		const struct jv *jobs = jget(jget(json_doc(test, o->out), "corun"), "jobs");
		const struct jv *c = jget(jobs->v[0], "counters");

		KUNIT_ASSERT_NOT_NULL(test, c);
		KUNIT_EXPECT_EQ(test, jnum(test, c, "thread_insns"),
				jnum(test, jobs->v[0], "thread_insns"));
		KUNIT_EXPECT_GT(test, jnum(test, c, "ctas_done"), 0.0);
		KUNIT_EXPECT_NOT_NULL(test, jget(c, "stall"));
	}
}

static void sim_deterministic(struct kunit *test)
{
	struct out *a = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", NULL);
	struct out *b = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", NULL);
	struct out *t1 = run_sim(test, "--config", cfg_path, "--mix", mix_path, NULL);
	struct out *t2 = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				 "--quiet", NULL);

	KUNIT_ASSERT_EQ(test, a->status, 0);
	KUNIT_ASSERT_EQ(test, b->status, 0);
	KUNIT_EXPECT_STREQ(test, a->out, b->out);
	/* Text: deterministic too, with or without the stderr extras. */
	KUNIT_ASSERT_EQ(test, t1->status, 0);
	KUNIT_EXPECT_STREQ(test, t1->out, t2->out);
	/* a one-line summary of the configuration, the whole on request */
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "[gpu]") == NULL);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(t1->out, "\n# configuration test-2sm: 2 SMs, warp 8, 8 slots, warp scheduler lrr, timing_address pa, id 0x") != NULL,
			      "stdout: %s", t1->out);
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "\n# warp scheduler: alone runs lrr (the configuration's), co-runs lrr (the configuration's)\n") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "metrics: STP ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(t1->out, "result: ok") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(t1->err, "simulation rate:") != NULL);
	KUNIT_EXPECT_EQ(test, t2->err[0], 0);
}

static void sim_alone_only_and_no_alone(struct kunit *test)
{
	struct out *a = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--alone-only", NULL);
	struct out *c = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--no-alone", "--cycles", "20k",
				NULL);
	const struct jv *d, *jobs;

	KUNIT_ASSERT_EQ_MSG(test, a->status, 0, "%s", a->err);
	d = json_doc(test, a->out);
	KUNIT_EXPECT_NULL(test, jget(d, "corun"));
	KUNIT_EXPECT_GE(test, jget(d, "alone")->n, 1);

	KUNIT_ASSERT_EQ_MSG(test, c->status, 0, "%s", c->err);
	d = json_doc(test, c->out);
	KUNIT_EXPECT_EQ(test, jget(d, "alone")->n, 0);
	KUNIT_EXPECT_EQ(test, jnum(test, jget(d, "corun"), "cycles"), 20000.0);
	KUNIT_EXPECT_EQ(test, jnum(test, jget(d, "mix"), "budget_cycles"), 20000.0);
	jobs = jget(jget(d, "corun"), "jobs");
	KUNIT_EXPECT_EQ(test, jget(jobs->v[0], "slowdown")->t, J_NULL);
	KUNIT_EXPECT_EQ(test, jget(jget(jget(d, "corun"), "metrics"), "stp")->t, J_NULL);
	/* Partial runs still count: instructions without a finished run. */
	KUNIT_EXPECT_GT(test, jnum(test, jobs->v[0], "thread_insns"), 0.0);
}

/*
 * Alone runs are measured like the co-run (re-executed over the budget)
 * unless --alone-runs once; a job alone in a co-run then has slowdown 1.
 */
static void sim_alone_runs(struct kunit *test)
{
	const char *one = tmp_file(test, ".mix", "budget = 30k\njob vecadd scale=0\n");
	struct out *b = run_sim(test, "--config", cfg_path, "--mix", one,
				"--json", "--quiet", "--alone-sched", "config",
				NULL);
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", one,
				"--json", "--quiet", "--alone-runs", "once",
				"--alone-only", NULL);
	const struct jv *d, *a, *j;

	KUNIT_ASSERT_EQ_MSG(test, b->status, 0, "%s", b->err);
	d = json_doc(test, b->out);
	KUNIT_EXPECT_STREQ(test, jstr(test, jget(d, "config"), "alone_runs"), "budget");
	a = jget(d, "alone")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, a, "cycles"), 30000.0);
	KUNIT_EXPECT_GE(test, jnum(test, a, "runs"), 2.0);
	j = jget(jget(d, "corun"), "jobs");
	KUNIT_ASSERT_TRUE(test, j && j->t == J_ARR && j->n == 1);
	j = j->v[0];
	/* Same device, same scheduler, same window: the same run. */
	KUNIT_EXPECT_EQ(test, jnum(test, j, "thread_insns"),
			jnum(test, a, "thread_insns"));
	KUNIT_EXPECT_EQ(test, jnum(test, j, "slowdown"), 1.0);

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	d = json_doc(test, o->out);
	KUNIT_EXPECT_STREQ(test, jstr(test, jget(d, "config"), "alone_runs"), "once");
	a = jget(d, "alone")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, a, "runs"), 1.0);
	KUNIT_EXPECT_LT(test, jnum(test, a, "cycles"), 30000.0);

	expect_usage_error(test, "--alone-runs twice: expected once or budget",
			   "--config", cfg_path, "--mix", one, "--alone-runs",
			   "twice", NULL);
}

/*
 * The slowdown's baseline is explicit: a mix's alone_sched sets the alone
 * runs' scheduler, --alone-sched beats it, and the report says which and
 * where from; --full-config prints the whole configuration.
 */
static void sim_alone_sched(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix",
				 "budget = 20k\nalone_sched = gto\njob vecadd scale=0\n");
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", m,
				"--quiet", "--full-config", NULL);
	struct out *c = run_sim(test, "--config", cfg_path, "--mix", m,
				"--quiet", "--alone-sched", "config", "--json",
				NULL);
	const struct jv *cfg;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->out, "\n# warp scheduler: alone runs gto (the mix's alone_sched), co-runs lrr (the configuration's)\n") != NULL,
			      "stdout: %s", o->out);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "alone runs (scheduler gto,") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "# effective configuration:\n[gpu]\n") != NULL);
	KUNIT_ASSERT_EQ_MSG(test, c->status, 0, "%s", c->err);
	cfg = jget(json_doc(test, c->out), "config");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "alone_sched"), "lrr");
	KUNIT_EXPECT_STREQ(test, jstr(test, cfg, "corun_sched"), "lrr");
}

static void sim_bad_mix(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix", "budget = 10k\njob vecadd scale=0\njob vecadd scale=0 slot=zero\n");
	const char *u = tmp_file(test, ".mix", "# x\njob no-such-workload\n");
	const char *s = tmp_file(test, ".mix", "job vecadd scale=0 slot=9\n");
	struct out *o;
	char want[256];

	snprintf(want, sizeof(want), "%s:3: slot=zero: expected an unsigned 32-bit number", m);
	o = expect_usage_error(test, want, "--config", cfg_path, "--mix", m, NULL);
	KUNIT_EXPECT_EQ(test, o->out[0], 0);

	snprintf(want, sizeof(want), "%s:2: unknown workload 'no-such-workload' (known: ", u);
	o = expect_usage_error(test, want, "--config", cfg_path, "--mix", u, NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->err, "vecadd") != NULL);
	/* the whole list: the last variant and the fault tests */
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "coloring-rmat; fault tests: fault-null") &&
			      strstr(o->err, "fault-assert; or a kernel ELF"),
			      "stderr: %s", o->err);

	/* test-2sm has 8 slots. */
	snprintf(want, sizeof(want), "%s:1: slot 9, the device has 8 slots", s);
	expect_usage_error(test, want, "--config", cfg_path, "--mix", s, NULL);

	expect_usage_error(test, "/nonexistent.mix", "--config", cfg_path,
			   "--mix", "/nonexistent.mix", NULL);
}

static void sim_bad_config_and_kernels(struct kunit *test)
{
	const char *c = tmp_file(test, ".ini", "[gpu]\nnum_sms = 2\nfrobnicate = 1\n");
	const char *m = tmp_file(test, ".mix", "job vecadd scale=0\n");
	char dir[] = "/tmp/corun-sim-test-kdir-XXXXXX", elf[64];
	struct out *o;
	int fd;

	o = expect_usage_error(test, c, "--config", c, "--mix", m, NULL);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, ":3:") != NULL, "stderr: %s",
			      o->err);

	/* A kernel directory whose ELF is garbage. */
	KUNIT_ASSERT_NOT_NULL(test, mkdtemp(dir));
	snprintf(elf, sizeof(elf), "%s/basic.elf", dir);
	fd = open(elf, O_CREAT | O_WRONLY, 0644);
	KUNIT_ASSERT_TRUE(test, fd >= 0);
	KUNIT_EXPECT_EQ(test, write(fd, "\177ELFjunk", 8), 8);
	close(fd);
	expect_usage_error(test, "bad kernel binary", "--config", cfg_path,
			   "--mix", m, "--kernel-dir", dir, NULL);
	unlink(elf);
	/* Missing ELF. */
	expect_usage_error(test, "No such file", "--config", cfg_path, "--mix",
			   m, "--kernel-dir", dir, NULL);
	rmdir(dir);

	expect_usage_error(test, NULL, "--config", cfg_path, NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", m,
			   "--cycles", "0", NULL);
	expect_usage_error(test, NULL, "--config", cfg_path, "--mix", m,
			   "--alone-sched", "fastest", NULL);
}

/* ---- policies ---- */

static uint64_t hex_mask(struct kunit *test, const struct jv *j)
{
	const char *h = jstr(test, j, "sm_mask");

	KUNIT_ASSERT_TRUE_MSG(test, !strncmp(h, "0x", 2), "sm_mask %s", h);
	return strtoull(h, NULL, 16);
}

/* A policy record's SM mask ("word3:word2:word1:word0"), low word. */
static uint64_t rec_mask(struct kunit *test, const struct jv *r)
{
	const char *h = jstr(test, r, "sm_mask");

	KUNIT_ASSERT_TRUE_MSG(test, strlen(h) == 35 && h[8] == ':',
			      "sm_mask %s", h);
	return strtoull(h + 27, NULL, 16);
}

/*
 * even: whenever both jobs run, their slots' SM masks (as programmed by
 * the policy, replayed from the trace's records, one per slot a decision
 * changed) are disjoint and cover both SMs; idle slots keep every SM.
 * Decisions come at job starts, job ends and epochs.
 */
static void sim_policy_even_masks(struct kunit *test)
{
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--no-alone", "--cycles",
				"250k", "--policy", "even", "--trace-policy", NULL);
	const struct jv *doc, *co, *tr, *jobs;
	int t, both = 0, groups = 0, starts = 0, ends = 0;
	uint64_t mask[2] = { 3, 3 };
	int running[2] = { 0, 0 };

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	doc = json_doc(test, o->out);
	KUNIT_EXPECT_STREQ(test, jstr(test, doc, "policy"), "even");
	co = jget(doc, "corun");
	KUNIT_ASSERT_NOT_NULL(test, co);
	KUNIT_EXPECT_STREQ(test, jstr(test, co, "policy"), "even");
	/* The driver's default epoch, epochs while jobs are resident. */
	KUNIT_EXPECT_EQ(test, jnum(test, co, "epoch_cycles"), 100000.0);
	KUNIT_EXPECT_EQ(test, jnum(test, co, "epochs"), 2.0);
	tr = jget(co, "policy_trace");
	KUNIT_ASSERT_TRUE(test, tr && tr->t == J_ARR && tr->n > 4);
	/* records only for changes: fewer than slots x decisions */
	KUNIT_EXPECT_LT(test, (double)tr->n,
			8 * jnum(test, co, "policy_decisions"));
	for (t = 0; t < tr->n; t++) {
		const struct jv *r = tr->v[t];
		const char *ev = jstr(test, r, "event");
		int s = (int)jnum(test, r, "slot");

		KUNIT_EXPECT_STREQ(test, jstr(test, r, "policy"), "even");
		if (s < 2) {
			mask[s] = rec_mask(test, r);
			running[s] = jget(r, "running")->num != 0;
		}
		/* check once a decision's records are all applied */
		if (t + 1 < tr->n &&
		    jnum(test, tr->v[t + 1], "cycle") == jnum(test, r, "cycle") &&
		    !strcmp(jstr(test, tr->v[t + 1], "event"), ev))
			continue;
		groups++;
		starts += !strcmp(ev, "start");
		ends += !strcmp(ev, "end");
		if (running[0] && running[1]) {
			both++;
			KUNIT_EXPECT_EQ_MSG(test, mask[0] & mask[1], 0ull,
					    "record %d", t);
			KUNIT_EXPECT_EQ_MSG(test, mask[0] | mask[1], 3ull,
					    "record %d", t);
		} else {
			/* one job alone (between launches) gets everything */
			KUNIT_EXPECT_EQ_MSG(test, mask[0], 3ull, "record %d", t);
			KUNIT_EXPECT_EQ_MSG(test, mask[1], 3ull, "record %d", t);
		}
	}
	KUNIT_EXPECT_LE(test, (double)groups,
			jnum(test, co, "policy_decisions"));
	KUNIT_EXPECT_GE(test, starts, 2);
	KUNIT_EXPECT_GE(test, ends, 1);
	KUNIT_EXPECT_GT(test, both, 2);
	/* At the end both jobs run, each on its own SM. */
	jobs = jget(co, "jobs");
	KUNIT_ASSERT_TRUE(test, jobs && jobs->n == 2);
	KUNIT_EXPECT_EQ(test, hex_mask(test, jobs->v[0]) & hex_mask(test, jobs->v[1]),
			0ull);
}

/*
 * fcfs is the default and the old behaviour (every slot on every SM, one
 * priority): the same output with --policy fcfs, with the mix's policy
 * setting, and every decision gives every slot all SMs.
 */
static void sim_policy_fcfs_default(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix",
				 "name = test-small\nbudget = 200k\nscale = 0\npolicy = fcfs\n"
				 "job vecadd slot=0\njob compute slot=1\n");
	const char *me = tmp_file(test, ".mix",
				  "name = test-small\nbudget = 200k\nscale = 0\npolicy = even\n"
				  "job vecadd slot=0\njob compute slot=1\n");
	struct out *d = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--no-alone", NULL);
	struct out *f = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--no-alone", "--policy", "fcfs", NULL);
	struct out *mf = run_sim(test, "--config", cfg_path, "--mix", m,
				 "--quiet", "--no-alone", NULL);
	struct out *me_ = run_sim(test, "--config", cfg_path, "--mix", me,
				  "--quiet", "--no-alone", "--json", NULL);
	struct out *mo = run_sim(test, "--config", cfg_path, "--mix", me,
				 "--quiet", "--no-alone", "--json", "--policy",
				 "fcfs", "--trace-policy", NULL);
	const struct jv *tr;
	const char *a, *b;
	int t;

	KUNIT_ASSERT_EQ_MSG(test, d->status, 0, "%s", d->err);
	KUNIT_ASSERT_EQ_MSG(test, f->status, 0, "%s", f->err);
	KUNIT_ASSERT_EQ_MSG(test, mf->status, 0, "%s", mf->err);
	KUNIT_EXPECT_STREQ(test, d->out, f->out);
	KUNIT_EXPECT_TRUE(test, strstr(d->out, "# policy fcfs, epoch 100000 cycles") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(d->out, ", policy fcfs, ") != NULL);
	/* Same co-run from the mix setting (the header names another file). */
	a = strstr(d->out, "co-run (");
	b = strstr(mf->out, "co-run (");
	KUNIT_ASSERT_TRUE(test, a && b);
	KUNIT_EXPECT_STREQ(test, a, b);

	/* The mix's "policy = even", and --policy overriding it. */
	KUNIT_ASSERT_EQ_MSG(test, me_->status, 0, "%s", me_->err);
	KUNIT_EXPECT_STREQ(test, jstr(test, json_doc(test, me_->out), "policy"), "even");
	KUNIT_EXPECT_STREQ(test, jstr(test, jget(json_doc(test, me_->out), "mix"), "policy"),
			   "even");
	KUNIT_ASSERT_EQ_MSG(test, mo->status, 0, "%s", mo->err);
	KUNIT_EXPECT_STREQ(test, jstr(test, json_doc(test, mo->out), "policy"), "fcfs");
	tr = jget(jget(json_doc(test, mo->out), "corun"), "policy_trace");
	/* fcfs never moves a mask: the selection's records are all there is */
	KUNIT_ASSERT_TRUE(test, tr && tr->n > 2);
	for (t = 0; t < tr->n; t++) {
		KUNIT_EXPECT_EQ(test, rec_mask(test, tr->v[t]), 3ull);
		KUNIT_EXPECT_STREQ(test, jstr(test, tr->v[t], "event"), "init");
	}
}

/* even and fcfs give the jobs different progress on two SMs; the
 * comparison table lists both. */
static void sim_compare_policies(struct kunit *test)
{
	struct out *j = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--compare-policies", "fcfs,even",
				NULL);
	struct out *t = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--compare-policies", "fcfs,even", NULL);
	struct out *e = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--policy", "even", NULL);
	const struct jv *doc, *cos, *pj;
	const char *tab, *ev;
	int k, differ = 0;

	KUNIT_ASSERT_EQ_MSG(test, j->status, 0, "%s", j->err);
	doc = json_doc(test, j->out);
	pj = jget(doc, "policies");
	KUNIT_ASSERT_TRUE(test, pj && pj->t == J_ARR && pj->n == 2);
	KUNIT_EXPECT_STREQ(test, pj->v[0]->str, "fcfs");
	KUNIT_EXPECT_STREQ(test, pj->v[1]->str, "even");
	cos = jget(doc, "coruns");
	KUNIT_ASSERT_TRUE(test, cos && cos->t == J_ARR && cos->n == 2);
	KUNIT_EXPECT_STREQ(test, jstr(test, cos->v[0], "policy"), "fcfs");
	KUNIT_EXPECT_STREQ(test, jstr(test, cos->v[1], "policy"), "even");
	for (k = 0; k < 2; k++) {
		const struct jv *j0 = jget(cos->v[0], "jobs")->v[k];
		const struct jv *j1 = jget(cos->v[1], "jobs")->v[k];

		differ += jnum(test, j0, "thread_insns") != jnum(test, j1, "thread_insns");
		KUNIT_EXPECT_STREQ(test, jstr(test, j0, "status"), "ok");
		KUNIT_EXPECT_STREQ(test, jstr(test, j1, "status"), "ok");
	}
	KUNIT_EXPECT_EQ(test, differ, 2);
	/* Each element is a full co-run: the metric formulas hold. */
	{
		struct jv one = *doc;
		const char *keys[16];
		struct jv *vals[16];
		int i;

		KUNIT_ASSERT_LE(test, doc->n, 16);
		for (k = 0; k < 2; k++) {
			for (i = 0; i < doc->n; i++) {
				keys[i] = doc->keys[i];
				vals[i] = doc->v[i];
				if (!strcmp(keys[i], "coruns")) {
					keys[i] = "corun";
					vals[i] = cos->v[k];
				}
			}
			one.keys = (char **)keys;
			one.v = vals;
			check_corun_json(test, &one);
		}
	}

	/* Text: the side-by-side table, and the even column is the even run. */
	KUNIT_ASSERT_EQ_MSG(test, t->status, 0, "%s", t->err);
	tab = strstr(t->out, "policy comparison");
	KUNIT_ASSERT_NOT_NULL(test, tab);
	KUNIT_EXPECT_TRUE(test, strstr(tab, "metric") && strstr(tab, "|       fcfs |       even"));
	KUNIT_EXPECT_TRUE(test, strstr(tab, "slowdown 0 vecadd(scale=0,seed=0)") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(tab, "\n  STP ") && strstr(tab, "\n  fairness "));
	KUNIT_ASSERT_EQ(test, e->status, 0);
	ev = strstr(e->out, "co-run (");
	KUNIT_ASSERT_NOT_NULL(test, ev);
	{
		/* the even co-run section of the comparison equals --policy even */
		const char *sec = strstr(t->out, "co-run (200000 cycles, policy even");

		KUNIT_ASSERT_NOT_NULL(test, sec);
		KUNIT_EXPECT_EQ(test, strncmp(sec, ev, strstr(ev, "result:") - ev), 0);
	}
}

/*
 * A launch the budget cuts: the model's estimate covers it up to the last
 * epoch, in GPU cycles as the budget, not the device clock, which also
 * counts the cycles the firmware ran while the GPU waited for it.
 */
static void sim_estimate_budget_cut(struct kunit *test)
{
	const char *mix = tmp_file(test, ".mix",
				   "budget = 6k\nscale = 0\njob vecadd slot=0\njob compute slot=1\n");
	struct out *o = run_sim(test, "--config", cfg_path, "--mix", mix,
				"--json", "--quiet", "--no-alone", "--policy",
				"hsm-fair", "--epoch-cycles", "2000", NULL);
	const struct jv *co, *jobs;
	double cycles;
	int k;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	co = jget(json_doc(test, o->out), "corun");
	jobs = jget(co, "jobs");
	cycles = jnum(test, co, "cycles");
	KUNIT_ASSERT_EQ(test, jobs->n, 2);
	for (k = 0; k < jobs->n; k++) {
		double covered = jnum(test, jobs->v[k], "est_covered_cycles");

		/* no run ends in 6K cycles: all of it is the cut launch */
		KUNIT_EXPECT_EQ(test, jnum(test, jobs->v[k], "runs"), 0.0);
		KUNIT_EXPECT_GT(test, covered, 0.0);
		KUNIT_EXPECT_LE(test, covered, cycles);
	}
}

/*
 * --device-mem: validated; the arena bounds what a job can allocate,
 * while timing (by physical address here) does not depend on its size:
 * frames and page tables are handed out from the bottom, the device's
 * own buffers from the top, and neither walks nor device DMA are timed.
 */
static void sim_device_mem(struct kunit *test)
{
	static const char *const bad[][2] = {
		{ "8", "--device-mem 8: out of range 16..4096 (MiB)" },
		{ "5000", "--device-mem 5000: out of range 16..4096 (MiB)" },
		{ "1k", "--device-mem 1k: expected a size in MiB" },
		{ "x", "--device-mem x: expected a size in MiB" },
	};
	const char *nn = tmp_file(test, ".mix", "budget = 1k\njob nn scale=1\n");
	struct out *o, *small, *big;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		expect_usage_error(test, bad[i][1], "--config", cfg_path,
				   "--mix", mix_path, "--device-mem", bad[i][0],
				   NULL);
	}
	/* nn at scale 1: 112 MiB of records and 56 MiB of distances */
	o = run_sim(test, "--config", cfg_path, "--mix", nn, "--no-alone",
		    "--quiet", "--device-mem", "128", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 1);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->err, "nn distances: cannot allocate") != NULL,
			      "stderr: %s", o->err);
	o = run_sim(test, "--config", cfg_path, "--mix", nn, "--no-alone",
		    "--quiet", "--device-mem", "192", NULL);
	KUNIT_EXPECT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);

	o = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--quiet",
		    NULL);
	small = run_sim(test, "--config", cfg_path, "--mix", mix_path,
			"--quiet", "--device-mem", "16", NULL);
	big = run_sim(test, "--config", cfg_path, "--mix", mix_path, "--quiet",
		      "--device-mem", "4096", NULL);
	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	KUNIT_EXPECT_STREQ(test, small->out, o->out);
	KUNIT_EXPECT_STREQ(test, big->out, o->out);
}

/* The co-run's warp scheduler: a mix's sched, --sched over it. */
static void sim_sched(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix",
				 "budget = 1k\nsched = kaware\njob vecadd scale=0\n");
	const char *bad = tmp_file(test, ".mix",
				   "budget = 1k\nsched = fifo\njob vecadd scale=0\n");
	const struct jv *sm;
	struct mix mx;
	char err[256] = "", want[PATH_MAX + 64];
	struct out *o;

	KUNIT_ASSERT_EQ_MSG(test, mix_parse("sched = two_level\njob vecadd\n",
					    "s.mix", lookup, &mx, err, sizeof(err)),
			    0, "%s", err);
	KUNIT_EXPECT_STREQ(test, mx.sched, "two_level");
	KUNIT_EXPECT_EQ(test, mx.sched_line, 1u);

	o = run_sim(test, "--config", cfg_path, "--mix", m, "--no-alone",
		    "--json", "--quiet", NULL);
	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	sm = jget(jget(jget(json_doc(test, o->out), "config"), "ini"), "sm");
	KUNIT_ASSERT_NOT_NULL(test, sm);
	KUNIT_EXPECT_STREQ(test, jstr(test, sm, "sched_policy"), "kaware");
	o = run_sim(test, "--config", cfg_path, "--mix", m, "--no-alone",
		    "--json", "--quiet", "--sched", "gto", NULL);
	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	sm = jget(jget(jget(json_doc(test, o->out), "config"), "ini"), "sm");
	KUNIT_ASSERT_NOT_NULL(test, sm);
	KUNIT_EXPECT_STREQ(test, jstr(test, sm, "sched_policy"), "gto");

	snprintf(want, sizeof(want), "%s:2: sched = fifo:", bad);
	expect_usage_error(test, want, "--config", cfg_path, "--mix", bad,
			   "--no-alone", NULL);
	expect_usage_error(test, "--sched fifo:", "--config", cfg_path, "--mix",
			   m, "--sched", "fifo", NULL);
}

static void sim_list(struct kunit *test)
{
	struct out *o = run_sim(test, "--list", NULL);

	KUNIT_EXPECT_EQ(test, o->status, 0);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "vecadd") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "fault test") != NULL);
}

/* --show-config: the id and configuration a run reports, without a mix. */
static void sim_show_config(struct kunit *test)
{
	const char *m = tmp_file(test, ".mix", "budget = 1k\njob vecadd scale=0\n");
	struct out *o = run_sim(test, "--config", cfg_path, "--show-config",
				"--json", NULL);
	struct out *r = run_sim(test, "--config", cfg_path, "--mix", m,
				"--alone-only", "--json", "--quiet", NULL);
	const struct jv *c, *rc;
	char want[128];

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "stderr: %s", o->err);
	KUNIT_ASSERT_EQ_MSG(test, r->status, 0, "stderr: %s", r->err);
	c = jget(json_doc(test, o->out), "config");
	rc = jget(json_doc(test, r->out), "config");
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, rc);
	KUNIT_EXPECT_STREQ(test, jstr(test, c, "id"), jstr(test, rc, "id"));
	KUNIT_EXPECT_STREQ(test, jstr(test, c, "name"), "test-2sm");
	KUNIT_EXPECT_STREQ(test, jstr(test, c, "alone_sched"), "lrr");
	KUNIT_EXPECT_EQ(test, jnum(test, jget(jget(c, "ini"), "gpu"), "num_sms"), 2.0);

	o = run_sim(test, "--config", cfg_path, "--show-config", NULL);
	KUNIT_EXPECT_EQ(test, o->status, 0);
	snprintf(want, sizeof(want), "(id %s)", jstr(test, rc, "id"));
	KUNIT_EXPECT_TRUE_MSG(test, strstr(o->out, want) != NULL, "stdout: %s", o->out);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "num_sms = 2") != NULL);

	expect_usage_error(test, NULL, "--show-config", NULL);
	expect_usage_error(test, NULL, "--config", "/nonexistent.ini",
			   "--show-config", NULL);
}

/*
 * --policies: every registered driver policy with its description, and
 * what the firmware booted says it implements, one line each.
 */
static void sim_policies(struct kunit *test)
{
	struct out *o = run_sim(test, "--policies", NULL);
	struct out *n = run_sim(test, "--policies", "--no-firmware", NULL);
	char line[256];
	int i;

	KUNIT_ASSERT_EQ_MSG(test, o->status, 0, "%s", o->err);
	for (i = 0; corun_policies[i]; i++) {
		snprintf(line, sizeof(line), "\n  %-17s %s\n",
			 corun_policies[i]->name, corun_policies[i]->desc);
		KUNIT_EXPECT_TRUE_MSG(test, strstr(o->out, line) != NULL,
				      "no line for %s", corun_policies[i]->name);
	}
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "firmware policies (corun-fw ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "\n  irc               yes ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "\n  llc-prob-dynamic  no ") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "prob-dynamic*") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(o->out, "\n  irc_share         per job") != NULL);
	KUNIT_ASSERT_EQ_MSG(test, n->status, 0, "%s", n->err);
	KUNIT_EXPECT_TRUE(test, strstr(n->out, "firmware: none loaded") != NULL);
	KUNIT_EXPECT_TRUE(test, strstr(n->out, "\n  even ") != NULL);
}

static struct kunit_case corun_sim_cases[] = {
	KUNIT_CASE(sim_list),
	KUNIT_CASE(sim_show_config),
	KUNIT_CASE(sim_policies),
	KUNIT_CASE(sim_alone_sched),
	KUNIT_CASE(sim_bad_mix),
	KUNIT_CASE(sim_bad_config_and_kernels),
	KUNIT_CASE_SLOW(sim_small_mix_json),
	KUNIT_CASE_SLOW(sim_deterministic),
	KUNIT_CASE_SLOW(sim_alone_only_and_no_alone),
	KUNIT_CASE_SLOW(sim_alone_runs),
	KUNIT_CASE_SLOW(sim_device_mem),
	KUNIT_CASE(sim_sched),
	KUNIT_CASE_SLOW(sim_policy_even_masks),
	KUNIT_CASE_SLOW(sim_policy_fcfs_default),
	KUNIT_CASE_SLOW(sim_compare_policies),
	KUNIT_CASE_SLOW(sim_progress),
	KUNIT_CASE_SLOW(sim_demand),
	KUNIT_CASE(sim_estimate_budget_cut),
	{}
};

static struct kunit_suite corun_sim_suite = {
	.name = "corun_sim",
	.suite_init = find_paths,
	.test_cases = corun_sim_cases,
};

kunit_test_suite(corun_sim_suite);
