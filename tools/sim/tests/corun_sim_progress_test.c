// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim tests: the curves of --progress and the memory counters of
 * --demand, end to end on test-2sm.ini; cases of the corun_sim suite
 * (corun_sim_test.c lists them).
 */
#include <math.h>
#include <string.h>

#include <kunit/test.h>

#include "corun_sim_test.h"


/*
 * --progress N: a job's curve agrees with its own counts. One sample per
 * interval up to @cycles, never decreasing, the last at the budget its
 * thread instructions; one entry per completed run, each between the
 * samples around its cycle, and every run of these deterministic
 * workloads retires the same instructions.
 */
static void check_progress(struct kunit *test, const struct jv *j, double cycles)
{
	const struct jv *p = jget(j, "progress"), *s, *r;
	double per, prev = 0;
	int k;

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_EXPECT_EQ(test, jnum(test, p, "interval"), 1000.0);
	s = jget(p, "samples");
	r = jget(p, "runs");
	KUNIT_ASSERT_TRUE(test, s && s->t == J_ARR && r && r->t == J_ARR);
	KUNIT_EXPECT_EQ(test, (double)s->n, floor(cycles / 1000));
	for (k = 0; k < s->n; k++) {
		KUNIT_EXPECT_GE(test, s->v[k]->num, prev);
		prev = s->v[k]->num;
	}
	if (fmod(cycles, 1000) == 0)
		KUNIT_EXPECT_EQ(test, prev, jnum(test, j, "thread_insns"));
	KUNIT_EXPECT_EQ(test, (double)r->n, jnum(test, j, "runs"));
	KUNIT_ASSERT_GT(test, r->n, 0);
	per = jnum(test, r->v[0], "thread_insns");
	KUNIT_EXPECT_GT(test, per, 0.0);
	for (k = 0; k < r->n; k++) {
		double c = jnum(test, r->v[k], "cycle");
		double n = jnum(test, r->v[k], "thread_insns");
		int before = (int)floor(c / 1000) - 1, after = (int)ceil(c / 1000) - 1;

		KUNIT_EXPECT_EQ(test, n, (k + 1) * per);
		KUNIT_EXPECT_LE(test, c, cycles);
		if (before >= 0)
			KUNIT_EXPECT_LE(test, s->v[before]->num, n);
		if (after < s->n)
			KUNIT_EXPECT_GE(test, s->v[after]->num, n);
	}
}

/*
 * A co-run's curves hold every epoch snapshot, the policy's, in order:
 * sequence numbers 1, 2, ..., one per epoch handled, each count between
 * the samples around its cycle.
 */
static void check_progress_epochs(struct kunit *test, const struct jv *co)
{
	const struct jv *jobs = jget(co, "jobs"), *p, *e, *s;
	double prev_c, prev_n;
	int i, k, before, after;

	for (i = 0; i < jobs->n; i++) {
		p = jget(jobs->v[i], "progress");
		e = jget(p, "epochs");
		s = jget(p, "samples");
		KUNIT_ASSERT_TRUE(test, e && e->t == J_ARR && s);
		KUNIT_EXPECT_EQ(test, (double)e->n, jnum(test, co, "epochs"));
		KUNIT_EXPECT_GT(test, e->n, 1);
		prev_c = 0;
		prev_n = 0;
		for (k = 0; k < e->n; k++) {
			double c = jnum(test, e->v[k], "cycle");
			double n = jnum(test, e->v[k], "thread_insns");

			KUNIT_EXPECT_EQ(test, jnum(test, e->v[k], "epoch"), k + 1.0);
			KUNIT_EXPECT_GT(test, c, prev_c);
			KUNIT_EXPECT_GE(test, n, prev_n);
			before = (int)floor(c / 1000) - 1;
			after = (int)ceil(c / 1000) - 1;
			if (before >= 0)
				KUNIT_EXPECT_LE(test, s->v[before]->num, n);
			if (after < s->n)
				KUNIT_EXPECT_GE(test, s->v[after]->num, n);
			prev_c = c;
			prev_n = n;
		}
	}
}

/* @text without its "    progress: " lines. */
static char *drop_progress_lines(struct kunit *test, const char *text)
{
	char *out = kunit_kzalloc(test, strlen(text) + 1, GFP_KERNEL), *o = out;
	const char *l, *e;

	KUNIT_ASSERT_NOT_NULL(test, out);
	for (l = text; *l; l = e) {
		e = strchr(l, '\n');
		e = e ? e + 1 : l + strlen(l);
		if (strncmp(l, "    progress: ", 14)) {
			memcpy(o, l, e - l);
			o += e - l;
		}
	}
	return out;
}

void sim_progress(struct kunit *test)
{
	const char *one = tmp_file(test, ".mix", "budget = 30k\njob vecadd scale=0\n");
	struct out *j = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--progress", "1000", NULL);
	struct out *plain = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				    "--json", "--quiet", NULL);
	struct out *t = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--quiet", "--progress", "1000", NULL);
	struct out *t0 = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				 "--quiet", NULL);
	struct out *once = run_sim(test, "--config", cfg_path, "--mix", one,
				   "--json", "--quiet", "--alone-only", "--alone-runs",
				   "once", "--progress", "1000", NULL);
	struct out *hsm = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				  "--json", "--quiet", "--no-alone", "--policy",
				  "hsm-fair", "--epoch-cycles", "50000", "--progress",
				  "1000", NULL);
	const struct jv *doc, *alone, *jobs, *a, *r;
	double cycles, prev = 0;
	int k;

	KUNIT_ASSERT_EQ_MSG(test, j->status, 0, "%s", j->err);
	doc = json_doc(test, j->out);
	check_corun_json(test, doc);
	alone = jget(doc, "alone");
	jobs = jget(jget(doc, "corun"), "jobs");
	cycles = jnum(test, jget(doc, "corun"), "cycles");
	for (k = 0; k < alone->n; k++)
		check_progress(test, alone->v[k], jnum(test, alone->v[k], "cycles"));
	for (k = 0; k < jobs->n; k++)
		check_progress(test, jobs->v[k], cycles);
	/* alone or shared, vecadd's first run is the same instructions */
	a = alone->v[0];
	KUNIT_EXPECT_STREQ(test, jstr(test, a, "workload"), "vecadd");
	KUNIT_EXPECT_EQ(test,
			jnum(test, jget(jget(jobs->v[0], "progress"), "runs")->v[0],
			     "thread_insns"),
			jnum(test, jget(jget(a, "progress"), "runs")->v[0],
			     "thread_insns"));
	/* Recording the curve changes nothing else. */
	KUNIT_ASSERT_EQ(test, plain->status, 0);
	doc = json_doc(test, plain->out);
	KUNIT_EXPECT_NULL(test, jget(jget(doc, "alone")->v[0], "progress"));
	KUNIT_EXPECT_NULL(test, jget(jget(jget(doc, "corun"), "jobs")->v[0], "progress"));
	KUNIT_ASSERT_EQ(test, t->status, 0);
	KUNIT_ASSERT_EQ(test, t0->status, 0);
	KUNIT_EXPECT_TRUE(test, strstr(t->out, "    progress: first run done at cycle ") != NULL);
	KUNIT_EXPECT_STREQ(test, drop_progress_lines(test, t->out), t0->out);

	/* One cold run: its end is the run's last point. */
	KUNIT_ASSERT_EQ_MSG(test, once->status, 0, "%s", once->err);
	a = jget(json_doc(test, once->out), "alone")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, a, "runs"), 1.0);
	check_progress(test, a, jnum(test, a, "cycles"));
	r = jget(jget(a, "progress"), "runs")->v[0];
	KUNIT_EXPECT_EQ(test, jnum(test, r, "cycle"), jnum(test, a, "cycles"));
	KUNIT_EXPECT_EQ(test, jnum(test, r, "thread_insns"), jnum(test, a, "thread_insns"));

	/* A model's estimates, summed at every run's end. */
	KUNIT_ASSERT_EQ_MSG(test, hsm->status, 0, "%s", hsm->err);
	jobs = jget(jget(json_doc(test, hsm->out), "corun"), "jobs");
	r = jget(jget(jobs->v[1], "progress"), "runs");
	KUNIT_ASSERT_GT(test, r->n, 0);
	for (k = 0; k < r->n; k++) {
		double est = jnum(test, r->v[k], "est_alone_cycles");

		KUNIT_EXPECT_GE(test, est, prev);
		KUNIT_EXPECT_LE(test, jnum(test, r->v[k], "est_covered_cycles"),
				jnum(test, r->v[k], "cycle"));
		prev = est;
	}
	KUNIT_EXPECT_GT(test, prev, 0.0);
	KUNIT_EXPECT_LE(test, prev, jnum(test, jobs->v[1], "est_alone_cycles"));
	check_progress_epochs(test, jget(json_doc(test, hsm->out), "corun"));
	KUNIT_EXPECT_NULL(test, jget(jget(alone->v[0], "progress"), "epochs"));

	expect_usage_error(test, "--progress 0: expected a positive count",
			   "--config", cfg_path, "--mix", mix_path,
			   "--progress", "0", NULL);
	expect_usage_error(test, "--policy cta-oracle: --progress records one co-run's jobs",
			   "--config", cfg_path, "--mix", mix_path, "--policy",
			   "cta-oracle", "--progress", "1000", NULL);
}

/*
 * --demand: at every --progress sample the slot's memory counters, never
 * decreasing, the last at the budget the job's own counters, one entry per
 * sample; requests include the reads, and the memory-bound vecadd has
 * demand. Recording them changes nothing else.
 */
static void check_demand(struct kunit *test, const struct jv *j, double cycles)
{
	static const char *const f[] = { "missq_demand", "read_requests",
					 "requests",	 "dram_accesses",
					 "l1_accesses",	 "l1_resfails" };
	const struct jv *p = jget(j, "progress"), *d, *c = jget(j, "counters");
	const struct jv *s, *a[6], *cap;
	unsigned int i;
	int k;

	KUNIT_ASSERT_TRUE(test, p && c);
	s = jget(p, "samples");
	d = jget(p, "demand");
	KUNIT_ASSERT_TRUE(test, s && d);
	for (i = 0; i < 6; i++) {
		double prev = 0;

		a[i] = jget(d, f[i]);
		KUNIT_ASSERT_TRUE(test, a[i] && a[i]->t == J_ARR);
		KUNIT_ASSERT_EQ(test, a[i]->n, s->n);
		KUNIT_ASSERT_GT(test, a[i]->n, 0);
		for (k = 0; k < a[i]->n; k++) {
			KUNIT_EXPECT_GE(test, a[i]->v[k]->num, prev);
			prev = a[i]->v[k]->num;
		}
		KUNIT_EXPECT_LE(test, prev, jnum(test, c, f[i]));
		if (fmod(cycles, 1000) == 0)
			KUNIT_EXPECT_EQ(test, prev, jnum(test, c, f[i]));
	}
	for (k = 0; k < s->n; k++)
		KUNIT_EXPECT_GE(test, a[2]->v[k]->num, a[1]->v[k]->num);
	/* the MIL cap in force: none, as the mix does not select MIL */
	cap = jget(d, "mil_cap");
	KUNIT_ASSERT_TRUE(test, cap && cap->t == J_ARR);
	KUNIT_ASSERT_EQ(test, cap->n, s->n);
	for (k = 0; k < cap->n; k++)
		KUNIT_EXPECT_EQ(test, cap->v[k]->num, 0.0);
}

void sim_demand(struct kunit *test)
{
	struct out *d = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--counters", "--progress",
				"1000", "--demand", NULL);
	struct out *p = run_sim(test, "--config", cfg_path, "--mix", mix_path,
				"--json", "--quiet", "--counters", "--progress",
				"1000", NULL);
	const struct jv *doc, *pdoc, *alone, *jobs, *pjobs, *dm;
	double cycles;
	int k;

	KUNIT_ASSERT_EQ_MSG(test, d->status, 0, "%s", d->err);
	KUNIT_ASSERT_EQ_MSG(test, p->status, 0, "%s", p->err);
	doc = json_doc(test, d->out);
	pdoc = json_doc(test, p->out);
	alone = jget(doc, "alone");
	jobs = jget(jget(doc, "corun"), "jobs");
	pjobs = jget(jget(pdoc, "corun"), "jobs");
	cycles = jnum(test, jget(doc, "corun"), "cycles");
	KUNIT_EXPECT_EQ(test, cycles, jnum(test, jget(pdoc, "corun"), "cycles"));
	for (k = 0; k < alone->n; k++)
		check_demand(test, alone->v[k], jnum(test, alone->v[k], "cycles"));
	for (k = 0; k < jobs->n; k++) {
		check_demand(test, jobs->v[k], cycles);
		KUNIT_EXPECT_EQ(test, jnum(test, jobs->v[k], "thread_insns"),
				jnum(test, pjobs->v[k], "thread_insns"));
		KUNIT_EXPECT_EQ(test,
				jnum(test, jget(jobs->v[k], "counters"), "missq_demand"),
				jnum(test, jget(pjobs->v[k], "counters"), "missq_demand"));
		KUNIT_EXPECT_NULL(test, jget(jget(pjobs->v[k], "progress"), "demand"));
	}
	KUNIT_EXPECT_STREQ(test, jstr(test, jobs->v[0], "workload"), "vecadd");
	dm = jget(jget(jget(jobs->v[0], "progress"), "demand"), "missq_demand");
	KUNIT_EXPECT_GT(test, dm->v[dm->n - 1]->num, 0.0);

	expect_usage_error(test, "--demand records at --progress's samples",
			   "--config", cfg_path, "--mix", mix_path, "--demand",
			   NULL);
}
