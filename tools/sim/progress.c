// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A job's progress curve (progress.h): growing arrays of samples and run
 * ends, and their JSON.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <sim/progress.h>

static int grow(void **arr, size_t *cap, size_t n, size_t size)
{
	size_t c = *cap ? 2 * *cap : 256;
	void *a;

	if (n < *cap)
		return 0;
	a = realloc(*arr, c * size);
	if (!a)
		return -1;
	*arr = a;
	*cap = c;
	return 0;
}

int progress_sample(struct progress *p, uint64_t thread_insns)
{
	if (grow((void **)&p->samples, &p->samples_cap, p->nsamples,
		 sizeof(*p->samples)))
		return -1;
	p->samples[p->nsamples++] = thread_insns;
	return 0;
}

int progress_run_end(struct progress *p, const struct progress_run *r)
{
	if (grow((void **)&p->runs, &p->runs_cap, p->nruns, sizeof(*p->runs)))
		return -1;
	p->runs[p->nruns++] = *r;
	return 0;
}

int progress_epoch(struct progress *p, const struct progress_epoch *e)
{
	if (grow((void **)&p->epochs, &p->epochs_cap, p->nepochs,
		 sizeof(*p->epochs)))
		return -1;
	p->epochs[p->nepochs++] = *e;
	return 0;
}

int progress_demand(struct progress *p, const struct progress_demand *d)
{
	if (grow((void **)&p->demand, &p->demand_cap, p->ndemand,
		 sizeof(*p->demand)))
		return -1;
	p->demand[p->ndemand++] = *d;
	return 0;
}

#define DEMAND_FIELD(f) { #f, offsetof(struct progress_demand, f) }

static void demand_json(struct json *js, const struct progress *p)
{
	static const struct {
		const char *name;
		size_t off;
	} fields[] = {
		DEMAND_FIELD(missq_demand),
		DEMAND_FIELD(read_requests),
		DEMAND_FIELD(requests),
		DEMAND_FIELD(dram_accesses),
		DEMAND_FIELD(l1_accesses),
		DEMAND_FIELD(l1_resfails),
		DEMAND_FIELD(mil_cap),
	};
	size_t f, i;

	json_obj_begin(js, "demand");
	for (f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		json_arr_begin(js, fields[f].name);
		for (i = 0; i < p->ndemand; i++)
			json_u64(js, NULL,
				 *(const uint64_t *)((const char *)&p->demand[i] +
						     fields[f].off));
		json_arr_end(js);
	}
	json_obj_end(js);
}

void progress_json(struct json *js, const struct progress *p,
		   uint64_t interval, int estimates, int epochs, int demand)
{
	size_t i;

	json_obj_begin(js, "progress");
	json_u64(js, "interval", interval);
	json_arr_begin(js, "samples");
	for (i = 0; i < p->nsamples; i++)
		json_u64(js, NULL, p->samples[i]);
	json_arr_end(js);
	json_arr_begin(js, "runs");
	for (i = 0; i < p->nruns; i++) {
		const struct progress_run *r = &p->runs[i];

		json_obj_begin(js, NULL);
		json_u64(js, "cycle", r->cycle);
		json_u64(js, "thread_insns", r->thread_insns);
		if (estimates) {
			json_u64(js, "est_alone_cycles", r->est_alone);
			json_u64(js, "est_covered_cycles", r->est_cycles);
			json_u64(js, "est_alone_uncapped", r->est_uncapped);
		}
		json_obj_end(js);
	}
	json_arr_end(js);
	if (epochs) {
		json_arr_begin(js, "epochs");
		for (i = 0; i < p->nepochs; i++) {
			json_obj_begin(js, NULL);
			json_u64(js, "epoch", p->epochs[i].epoch);
			json_u64(js, "cycle", p->epochs[i].cycle);
			json_u64(js, "thread_insns", p->epochs[i].thread_insns);
			json_obj_end(js);
		}
		json_arr_end(js);
	}
	if (demand)
		demand_json(js, p);
	json_obj_end(js);
}

void progress_text(FILE *f, const struct progress *p, uint64_t interval)
{
	if (p->nruns)
		fprintf(f, "    progress: first run done at cycle %" PRIu64 " after %" PRIu64 " thread-insns; %zu runs done",
			p->runs[0].cycle, p->runs[0].thread_insns, p->nruns);
	else
		fprintf(f, "    progress: no run done");
	fprintf(f, "; %zu samples every %" PRIu64 " cycles (--json)\n",
		p->nsamples, interval);
}

void progress_free(struct progress *p)
{
	free(p->samples);
	free(p->runs);
	free(p->epochs);
	free(p->demand);
	memset(p, 0, sizeof(*p));
}
