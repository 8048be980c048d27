// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim's reports: each co-run's jobs, metrics, the policy's model
 * and context switches, as text or JSON, and the policy comparison.
 * stdout only, deterministic.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim/corun_sim.h>
#include <sim/oracle.h>

static const struct {
	const char *name;
	size_t off;
} ctr_fields[] = {
#define F(x) { #x, offsetof(struct corun_slot_counters, x) }
	F(warp_insns), F(thread_insns), F(active_cycles), F(ctas_launched),
	F(ctas_done), F(l1_accesses), F(l1_misses), F(l1_resfails),
	F(missq_demand), F(read_requests), F(requests), F(dram_accesses),
	F(noc_flits), F(noc_stall_cycles), F(llc_hits), F(llc_misses),
	F(dram_row_hits), F(dram_bus_cycles), F(mem_latency_sum),
	F(ro_accesses), F(ro_misses), F(l1_local_accesses), F(l1_local_misses),
#undef F
};

/* The stall reasons hw.h names. */
#define STALL_NAMED (CORUN_STALL_MIL + 1)

static const char *const stall_names[STALL_NAMED] = {
	"raw_short", "raw_long", "lsu_full", "fu_busy", "barrier", "fetch",
	"throttled", "mil",
};

static uint64_t ctr_get(const struct corun_slot_counters *c, size_t i)
{
	uint64_t v;

	memcpy(&v, (const char *)c + ctr_fields[i].off, sizeof(v));
	return v;
}

void json_counters(struct json *js, const struct corun_slot_counters *c)
{
	size_t i;

	json_obj_begin(js, "counters");
	for (i = 0; i < sizeof(ctr_fields) / sizeof(ctr_fields[0]); i++)
		json_u64(js, ctr_fields[i].name, ctr_get(c, i));
	json_obj_begin(js, "stall");
	for (i = 0; i < STALL_NAMED; i++)
		json_u64(js, stall_names[i], c->stall[i]);
	json_obj_end(js);
	json_obj_end(js);
}

void text_counters(const struct corun_slot_counters *c)
{
	size_t i;

	for (i = 0; i < sizeof(ctr_fields) / sizeof(ctr_fields[0]); i++)
		printf("      %-18s %" PRIu64 "\n", ctr_fields[i].name,
		       ctr_get(c, i));
	for (i = 0; i < STALL_NAMED; i++)
		printf("      stall.%-12s %" PRIu64 "\n", stall_names[i],
		       c->stall[i]);
}

/* The effective configuration as {section: {key: value}}; values that
 * are plain numbers become JSON numbers. */
void json_config(struct json *js, const struct emu_config *cfg)
{
	char *buf = NULL, *line, *save = NULL;
	size_t len = 0;
	int in_section = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		die(1, "out of memory");
	emu_config_print(cfg, f);
	fclose(f);
	json_obj_begin(js, "ini");
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *eq, *k, *v, *e;

		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line || *line == '#' || *line == ';')
			continue;
		if (*line == '[') {
			e = strchr(line, ']');
			if (e)
				*e = 0;
			if (in_section)
				json_obj_end(js);
			json_obj_begin(js, line + 1);
			in_section = 1;
			continue;
		}
		eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = 0;
		k = line;
		v = eq + 1;
		for (e = eq; e > k && (e[-1] == ' ' || e[-1] == '\t'); e--)
			e[-1] = 0;
		while (*v == ' ' || *v == '\t')
			v++;
		e = v + strlen(v);
		while (e > v && (e[-1] == ' ' || e[-1] == '\t'))
			*--e = 0;
		strtoull(v, &e, 10);
		if (*v >= '0' && *v <= '9' && !*e && strlen(v) < 20)
			json_u64(js, k, strtoull(v, NULL, 10));
		else
			json_str(js, k, v);
	}
	if (in_section)
		json_obj_end(js);
	json_obj_end(js);
	free(buf);
}

/* SM mask as hex, most significant word first: "0xff00". */
static const char *mask_hex(const uint32_t *m, char *buf, size_t len)
{
	int w = CORUN_SM_MASK_WORDS - 1;
	size_t at;

	while (w > 0 && !m[w])
		w--;
	at = snprintf(buf, len, "0x%x", m[w]);
	while (--w >= 0 && at < len)
		at += snprintf(buf + at, len - at, "%08x", m[w]);
	return buf;
}

/* |@pred - measured| / measured NP of job @i, NaN if either is missing. */
static double np_error_of(const struct corun *co, unsigned int i, double pred)
{
	double np = metrics_np(co->ipc_a[i], co->ipc_s[i]);

	return fabs(pred - np) / np;
}

static double np_error(const struct corun *co, unsigned int i)
{
	return np_error_of(co, i, co->np_pred[i]);
}

static int has_uncapped(const struct mix *mix, const struct corun *co)
{
	unsigned int i;

	for (i = 0; i < mix->njobs; i++)
		if (!isnan(co->np_pred_uncapped[i]))
			return 1;
	return 0;
}

static int has_estimates(const struct mix *mix, const struct corun *co)
{
	unsigned int i;

	for (i = 0; i < mix->njobs; i++)
		if (!isnan(co->np_pred[i]))
			return 1;
	return 0;
}

static void json_trace(struct json *js, const struct corun *co)
{
	const struct corun_policy_record *r;
	size_t n, t;

	n = sim_policy_records(co->pol.sp, &r);
	json_arr_begin(js, "policy_trace");
	for (t = 0; t < n; t++)
		sim_policy_record_json(js, &r[t]);
	json_arr_end(js);
}

/* The "corun" object (@key) or an element of "coruns" (@key NULL). */
void json_corun(struct json *js, const char *key, const struct mix *mix,
		       const struct corun *co)
{
	const struct corun_policy_engine *eng = sim_policy_engine(co->pol.sp);
	char b[48];
	unsigned int i;

	json_obj_begin(js, key);
	json_str(js, "policy", corun_name(co));
	if (co->name)
		json_str(js, "base_policy", co->pol.ops->name);
	json_u64(js, "epoch_cycles", opt.epoch_cycles);
	/* the knobs the engine ran with, as GET_POLICY reads the driver's */
	mix_json_policy_params(js, eng->ops, eng->in.params);
	json_u64(js, "epochs", sim_policy_epochs(co->pol.sp));
	json_u64(js, "policy_decisions", eng->decisions);
	json_u64(js, "cycles", co->cycles);
	json_arr_begin(js, "jobs");
	for (i = 0; i < mix->njobs; i++) {
		const struct job *j = &co->jobs[i];

		json_obj_begin(js, NULL);
		json_u64(js, "index", i);
		json_u64(js, "line", j->mj->line);
		mix_json_workload(js, j->wl, &j->params);
		json_u64(js, "slot", j->slot);
		json_u64(js, "priority", eng->out.slot[j->slot].priority);
		json_str(js, "placement", mix_placement_name(j->mj->placement));
		json_str(js, "sm_mask",
			 mask_hex(eng->out.slot[j->slot].sm_mask, b, sizeof(b)));
		json_str(js, "status", status_names[j->status]);
		if (j->status != ST_OK)
			json_str(js, "error", j->msg);
		json_u64(js, "runs", j->runs);
		json_u64(js, "launches", j->launches);
		json_u64(js, "busy_cycles", j->busy_cycles);
		json_u64(js, "thread_insns", j->ctr.thread_insns);
		json_u64(js, "warp_insns", j->ctr.warp_insns);
		json_dbl(js, "ipc", co->ipc_s[i]);
		json_dbl(js, "ipc_alone", co->ipc_a[i]);
		json_dbl(js, "norm_progress",
			 metrics_np(co->ipc_a[i], co->ipc_s[i]));
		json_dbl(js, "slowdown",
			 metrics_slowdown(co->ipc_a[i], co->ipc_s[i]));
		if (!isnan(co->np_pred[i])) {
			json_u64(js, "est_alone_cycles", j->est_alone);
			json_u64(js, "est_covered_cycles", j->est_cycles);
			json_dbl(js, "norm_progress_predicted", co->np_pred[i]);
			json_dbl(js, "norm_progress_error", np_error(co, i));
		}
		json_u64(js, "preempts", j->cs.preempts);
		json_u64(js, "restores", j->cs.restores);
		json_u64(js, "ctxsw_cycles", sim_ctxsw_cycles(&j->cs));
		json_u64(js, "ctxsw_bytes",
			 j->cs.save_bytes + j->cs.restore_bytes);
		if (!isnan(co->np_pred_uncapped[i])) {
			json_u64(js, "est_alone_uncapped", j->est_uncapped);
			json_dbl(js, "norm_progress_predicted_uncapped",
				 co->np_pred_uncapped[i]);
			json_dbl(js, "norm_progress_error_uncapped",
				 np_error_of(co, i, co->np_pred_uncapped[i]));
		}
		if (opt.progress)
			progress_json(js, &j->prog, opt.progress,
				      !isnan(co->np_pred[i]), 1, opt.demand);
		if (opt.counters)
			json_counters(js, &j->ctr);
		json_obj_end(js);
	}
	json_arr_end(js);
	json_obj_begin(js, "metrics");
	json_dbl(js, "stp", co->mm.stp);
	json_dbl(js, "hspeedup", co->mm.hs);
	json_dbl(js, "antt", co->mm.antt);
	json_dbl(js, "fairness", co->mm.fairness);
	json_obj_end(js);
	if (opt.trace)
		json_trace(js, co);
	json_obj_end(js);
}

/* The co-run's context switches, if the policy reclaimed SMs that way. */
static void text_ctxsw(const struct mix *mix, const struct corun *co)
{
	const struct corun_slot_ctxsw_counters *c;
	unsigned int i, any = 0;

	for (i = 0; i < mix->njobs; i++)
		any |= co->jobs[i].cs.preempts || co->jobs[i].cs.restores;
	if (!any)
		return;
	printf("  context switches (CTAs saved and restored; cycles summed over CTAs):\n");
	printf("  %-3s %9s %9s %12s %12s %12s %12s\n", "job", "preempts",
	       "restores", "wait-cycles", "save-cycles", "restore-cyc",
	       "bytes");
	for (i = 0; i < mix->njobs; i++) {
		c = &co->jobs[i].cs;
		printf("  %-3u %9" PRIu64 " %9" PRIu64 " %12" PRIu64
		       " %12" PRIu64 " %12" PRIu64 " %12" PRIu64 "\n",
		       i, c->preempts, c->restores, c->wait_cycles,
		       c->save_cycles, c->restore_cycles,
		       c->save_bytes + c->restore_bytes);
	}
}

void text_corun(const struct mix *mix, const struct corun *co)
{
	const struct corun_policy_record *r;
	char b1[48], b2[32], b3[32], b4[32], lbl[96];
	unsigned int i;
	size_t n, t;

	printf("co-run (%" PRIu64 " cycles, policy %s, %" PRIu64 " epochs of %" PRIu64 " cycles, %" PRIu64 " decisions):\n",
	       co->cycles, corun_name(co), sim_policy_epochs(co->pol.sp),
	       opt.epoch_cycles, sim_policy_engine(co->pol.sp)->decisions);
	printf("  %-3s %-4s %-28s %-9s %5s %14s %9s %9s %9s\n", "job", "slot",
	       "workload", "status", "runs", "thread-insns", "IPC", "IPC-alone",
	       "slowdown");
	for (i = 0; i < mix->njobs; i++) {
		const struct job *j = &co->jobs[i];

		printf("  %-3u %-4u %-28s %-9s %5u %14" PRIu64 " %9s %9s %9s\n", i,
		       j->slot, job_label(j, lbl, sizeof(lbl)),
		       job_status_text(j), j->runs,
		       j->ctr.thread_insns, metrics_fmt(co->ipc_s[i], b1, sizeof(b1)),
		       metrics_fmt(co->ipc_a[i], b2, sizeof(b2)),
		       metrics_fmt(metrics_slowdown(co->ipc_a[i], co->ipc_s[i]), b3,
			       sizeof(b3)));
		if (j->status != ST_OK)
			printf("    %s: %s\n", status_names[j->status], j->msg);
		if (opt.progress)
			progress_text(stdout, &j->prog, opt.progress);
		if (opt.counters)
			text_counters(&j->ctr);
	}
	text_ctxsw(mix, co);
	if (has_estimates(mix, co)) {
		printf("  the policy's model (est_alone_cycles: predicted alone cycles over the co-run cycles they cover):\n");
		printf("  %-3s %14s %14s %9s %9s %9s %9s\n", "job",
		       "est-alone", "covered", "NP", "NP-pred", "error",
		       "slowdown-pred");
		for (i = 0; i < mix->njobs; i++)
			printf("  %-3u %14" PRIu64 " %14" PRIu64 " %9s %9s %9s %9s\n",
			       i, co->jobs[i].est_alone, co->jobs[i].est_cycles,
			       metrics_fmt(metrics_np(co->ipc_a[i], co->ipc_s[i]),
					   b1, sizeof(b1)),
			       metrics_fmt(co->np_pred[i], b2, sizeof(b2)),
			       metrics_fmt(np_error(co, i), b3, sizeof(b3)),
			       metrics_fmt(1 / co->np_pred[i], b4, sizeof(b4)));
		if (has_uncapped(mix, co)) {
			printf("  the same model without its cap (est_alone_uncapped):\n");
			printf("  %-3s %14s %9s %9s\n", "job", "est-alone",
			       "NP-pred", "error");
			for (i = 0; i < mix->njobs; i++)
				printf("  %-3u %14" PRIu64 " %9s %9s\n", i,
				       co->jobs[i].est_uncapped,
				       metrics_fmt(co->np_pred_uncapped[i], b1,
						   sizeof(b1)),
				       metrics_fmt(np_error_of(co, i,
							co->np_pred_uncapped[i]),
						   b2, sizeof(b2)));
		}
	}
	printf("metrics: STP %s  harmonic-speedup %s  ANTT %s  fairness %s\n",
	       metrics_fmt(co->mm.stp, b1, sizeof(b1)),
	       metrics_fmt(co->mm.hs, b2, sizeof(b2)),
	       metrics_fmt(co->mm.antt, b3, sizeof(b3)),
	       metrics_fmt(co->mm.fairness, b4, sizeof(b4)));
	if (!opt.trace)
		return;
	printf("policy trace (one record per slot a decision changed):\n");
	n = sim_policy_records(co->pol.sp, &r);
	for (t = 0; t < n; t++) {
		printf("  ");
		sim_policy_record_text(stdout, &r[t]);
	}
}

/* metric | policy 1 | policy 2 ...: what `make demo` prints from the VM. */
void text_compare(const struct mix *mix, const struct corun *co,
			 unsigned int np)
{
	char lbl[96], name[128], b[32];
	unsigned int i, p, k;

	printf("policy comparison (%" PRIu64 " cycles each):\n", co[0].cycles);
	printf("  %-40s", "metric");
	for (p = 0; p < np; p++)
		printf(" | %10s", corun_name(&co[p]));
	printf("\n  ");
	for (k = 0; k < 40 + 13 * np; k++)
		putchar('-');
	printf("\n");
	for (i = 0; i < mix->njobs; i++) {
		snprintf(name, sizeof(name), "slowdown %u %s", i,
			 job_label(&co[0].jobs[i], lbl, sizeof(lbl)));
		printf("  %-40s", name);
		for (p = 0; p < np; p++)
			printf(" | %10s",
			       metrics_fmt(metrics_slowdown(co[p].ipc_a[i],
							co[p].ipc_s[i]),
				       b, sizeof(b)));
		printf("\n");
	}
	for (i = 0; i < mix->njobs; i++) {
		for (p = 0; p < np && !has_estimates(mix, &co[p]); p++)
			;
		if (p == np)
			break;
		snprintf(name, sizeof(name), "model slowdown %u %s", i,
			 job_label(&co[0].jobs[i], lbl, sizeof(lbl)));
		printf("  %-40s", name);
		for (p = 0; p < np; p++)
			printf(" | %10s",
			       metrics_fmt(1 / co[p].np_pred[i], b, sizeof(b)));
		printf("\n");
	}
	for (i = 0; i < mix->njobs; i++) {
		snprintf(name, sizeof(name), "IPC %u %s", i,
			 job_label(&co[0].jobs[i], lbl, sizeof(lbl)));
		printf("  %-40s", name);
		for (p = 0; p < np; p++)
			printf(" | %10s", metrics_fmt(co[p].ipc_s[i], b, sizeof(b)));
		printf("\n");
	}
	for (k = 0; k < 4; k++) {
		static const char *const names[] = { "STP", "harmonic-speedup",
						     "ANTT", "fairness" };

		printf("  %-40s", names[k]);
		for (p = 0; p < np; p++) {
			const double v[] = { co[p].mm.stp, co[p].mm.hs,
					     co[p].mm.antt, co[p].mm.fairness };

			printf(" | %10s", metrics_fmt(v[k], b, sizeof(b)));
		}
		printf("\n");
	}
}

