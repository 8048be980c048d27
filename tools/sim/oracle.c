// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The oracle baselines' search space and pick (oracle.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sim/json.h>
#include <sim/oracle.h>

static const char *const oracle_names[] = {
	[ORACLE_CTA] = "cta-oracle",
	[ORACLE_SPATIAL] = "spatial-oracle",
};

int oracle_kind_of(const char *policy)
{
	if (!strcmp(policy, oracle_names[ORACLE_CTA]))
		return ORACLE_CTA;
	if (!strcmp(policy, oracle_names[ORACLE_SPATIAL]))
		return ORACLE_SPATIAL;
	return -1;
}

const char *oracle_name(enum oracle_kind kind)
{
	return oracle_names[kind];
}

int oracle_cta_fits(const struct corun_sm_limits *l,
		    const struct corun_cta_footprint *fp, unsigned int nk,
		    const uint32_t *ctas)
{
	uint64_t c = 0, t = 0, r = 0, s = 0;
	unsigned int k;

	for (k = 0; k < nk; k++) {
		c += ctas[k];
		t += (uint64_t)ctas[k] * fp[k].threads;
		r += (uint64_t)ctas[k] * fp[k].regs;
		s += (uint64_t)ctas[k] * fp[k].shared;
	}
	return c <= l->ctas && t <= l->threads && r <= l->regs &&
	       s <= l->shared;
}

/*
 * Walk the counts of kernels @k.. at @stride, in lexicographic order;
 * store each candidate in o->cand if it is set, and count them. The CTA
 * oracle prunes as soon as a prefix does not fit: every footprint is
 * positive, so a larger count never fits again.
 */
static uint64_t walk(struct oracle *o, unsigned int stride, unsigned int k,
		     uint32_t *ctas, uint64_t limit)
{
	uint64_t n = 0;
	uint32_t v;

	if (k == o->nk) {
		if (o->cand && o->n < limit)
			memcpy(o->cand[o->n++].ctas, ctas,
			       o->nk * sizeof(*ctas));
		return 1;
	}
	for (v = 1; v <= o->max[k]; v += stride) {
		ctas[k] = v;
		if (o->kind == ORACLE_CTA &&
		    !oracle_cta_fits(&o->lim, o->fp, k + 1, ctas))
			break;
		n += walk(o, stride, k + 1, ctas, limit);
		/* counting the whole space: stop once it is past any cap */
		if (!o->cand && n > limit)
			break;
	}
	ctas[k] = 0;
	return n;
}

/* Candidates at @stride, counted up to a little past @limit. */
static uint64_t count(struct oracle *o, unsigned int stride, uint64_t limit)
{
	uint32_t ctas[ORACLE_MAX_KERNELS] = { 0 };
	struct oracle_cand *keep = o->cand;
	uint64_t n = 1;
	unsigned int k;

	if (o->kind == ORACLE_SPATIAL) {
		/* every count fits its own SMs: the product of the ranges */
		for (k = 0; k < o->nk && n <= limit; k++)
			n *= (o->max[k] + stride - 1) / stride;
		return n;
	}
	o->cand = NULL;
	n = walk(o, stride, 0, ctas, limit);
	o->cand = keep;
	return n;
}

int oracle_enumerate(struct oracle *o, char *err, size_t len)
{
	uint32_t ctas[ORACLE_MAX_KERNELS] = { 0 }, top = 1;
	unsigned int k, s;
	uint64_t n;

	o->cand = NULL;
	o->n = 0;
	if (!o->nk || o->nk > ORACLE_MAX_KERNELS) {
		snprintf(err, len, "%s: %u kernels, expected 1..%u",
			 oracle_name(o->kind), o->nk, ORACLE_MAX_KERNELS);
		return -EINVAL;
	}
	if (!o->cap || o->cap > ORACLE_CAP_MAX) {
		snprintf(err, len, "%s: at most %u candidates: expected 1..%u",
			 oracle_name(o->kind), o->cap, ORACLE_CAP_MAX);
		return -EINVAL;
	}
	if (o->kind == ORACLE_SPATIAL && o->num_sms < o->nk) {
		snprintf(err, len,
			 "spatial-oracle: %u kernels on %u SMs: every kernel needs an SM of its own",
			 o->nk, o->num_sms);
		return -EINVAL;
	}
	for (k = 0; k < o->nk; k++) {
		o->max[k] = o->fp[k].ctas_per_sm;
		if (o->max[k] > top)
			top = o->max[k];
	}
	if (o->kind == ORACLE_CTA && o->nk > o->max_kernels) {
		snprintf(err, len,
			 "cta-oracle: %u kernels, but an SM holds CTAs of at most %u (sm.max_kernels)",
			 o->nk, o->max_kernels);
		return -EINVAL;
	}
	/* The whole space, counted up to a bound that keeps this quick. */
	o->space = count(o, 1, UINT64_C(1) << 32);
	if (!o->space) {
		size_t at = snprintf(err, len,
				     "%s: no combination of one CTA of every kernel fits an SM (per CTA:",
				     oracle_name(o->kind));

		for (k = 0; k < o->nk && at < len; k++)
			at += snprintf(err + at, len - at,
				       "%s %u threads, %u registers, %u bytes shared",
				       k ? ";" : "", o->fp[k].threads,
				       o->fp[k].regs, o->fp[k].shared);
		if (at < len)
			snprintf(err + at, len - at, ")");
		return -EINVAL;
	}
	/* The smallest stride whose space fits the cap; top always does. */
	for (s = 1; s < top; s++)
		if (count(o, s, o->cap) <= o->cap)
			break;
	o->stride = s;
	n = count(o, s, o->cap);
	o->cand = calloc(n, sizeof(*o->cand));
	if (!o->cand) {
		snprintf(err, len, "out of memory for %llu candidates",
			 (unsigned long long)n);
		return -ENOMEM;
	}
	walk(o, s, 0, ctas, n);
	for (n = 0; n < o->n; n++) {
		o->cand[n].mm.hs = NAN;
		o->cand[n].mm.stp = NAN;
		o->cand[n].mm.antt = NAN;
		o->cand[n].mm.fairness = NAN;
	}
	return 0;
}

void oracle_fp_merge(const struct corun_sm_limits *l,
		     struct corun_cta_footprint *acc,
		     const struct corun_cta_footprint *f)
{
	uint32_t n;

	acc->threads = acc->threads > f->threads ? acc->threads : f->threads;
	acc->warps = acc->warps > f->warps ? acc->warps : f->warps;
	acc->regs = acc->regs > f->regs ? acc->regs : f->regs;
	acc->shared = acc->shared > f->shared ? acc->shared : f->shared;
	/* as corun_cta_footprint() counts an empty SM's room */
	n = corun_fp_min(l->ctas, l->threads / acc->threads);
	n = corun_fp_min(n, l->regs / acc->regs);
	if (acc->shared)
		n = corun_fp_min(n, l->shared / acc->shared);
	acc->ctas_per_sm = n;
}

void oracle_free(struct oracle *o)
{
	free(o->cand);
	o->cand = NULL;
	o->n = 0;
}

void oracle_sm_range(unsigned int num_sms, unsigned int nk, unsigned int k,
		     uint32_t *first, uint32_t *count)
{
	unsigned int share = num_sms / nk, extra = num_sms % nk;

	*count = share + (k < extra);
	*first = k * share + (k < extra ? k : extra);
}

void oracle_record(struct oracle *o, unsigned int i, const double *ipc_alone,
		   const double *ipc_shared)
{
	struct oracle_cand *c = &o->cand[i];

	memcpy(c->ipc, ipc_shared, o->nk * sizeof(*ipc_shared));
	metrics_compute(ipc_alone, ipc_shared, o->nk, &c->mm);
}

/* Index of the largest value; the first on a tie; NaN never wins. */
static unsigned int argmax(const struct oracle *o, size_t off)
{
	unsigned int i, best = 0;
	double b = NAN, v;

	for (i = 0; i < o->n; i++) {
		memcpy(&v, (const char *)&o->cand[i].mm + off, sizeof(v));
		if (!isnan(v) && (isnan(b) || v > b)) {
			b = v;
			best = i;
		}
	}
	return best;
}

void oracle_pick(struct oracle *o)
{
	o->best_hs = argmax(o, offsetof(struct mix_metrics, hs));
	o->best_ws = argmax(o, offsetof(struct mix_metrics, stp));
}

static void ctas_text(const struct oracle *o, const uint32_t *ctas, char *buf,
		      size_t len)
{
	size_t at = 0;
	unsigned int k;

	buf[0] = 0;
	for (k = 0; k < o->nk && at < len; k++)
		at += snprintf(buf + at, len - at, "%s%u", k ? "," : "",
			       ctas[k]);
}

void oracle_json(struct json *js, const struct oracle *o)
{
	unsigned int i, k;

	json_obj_begin(js, "oracle");
	json_str(js, "kind", oracle_name(o->kind));
	json_str(js, "base_policy", "fcfs");
	json_u64(js, "max_candidates", o->cap);
	json_u64(js, "space", o->space);
	json_u64(js, "stride", o->stride);
	json_u64(js, "tried", o->n);
	json_arr_begin(js, "kernels");
	for (k = 0; k < o->nk; k++) {
		json_obj_begin(js, NULL);
		json_u64(js, "threads", o->fp[k].threads);
		json_u64(js, "regs", o->fp[k].regs);
		json_u64(js, "shared", o->fp[k].shared);
		json_u64(js, "max_ctas", o->max[k]);
		json_obj_end(js);
	}
	json_arr_end(js);
	json_u64(js, "best_hs", o->best_hs);
	json_u64(js, "best_ws", o->best_ws);
	json_arr_begin(js, "candidates");
	for (i = 0; i < o->n; i++) {
		const struct oracle_cand *c = &o->cand[i];

		json_obj_begin(js, NULL);
		json_arr_begin(js, "ctas");
		for (k = 0; k < o->nk; k++)
			json_u64(js, NULL, c->ctas[k]);
		json_arr_end(js);
		json_arr_begin(js, "ipc");
		for (k = 0; k < o->nk; k++)
			json_dbl(js, NULL, c->ipc[k]);
		json_arr_end(js);
		json_dbl(js, "hspeedup", c->mm.hs);
		json_dbl(js, "stp", c->mm.stp);
		json_obj_end(js);
	}
	json_arr_end(js);
	json_obj_end(js);
}

void oracle_text(FILE *f, const struct oracle *o)
{
	char b[64], h[32], w[32];
	unsigned int i;

	fprintf(f, "%s: %u of %llu combinations tried (stride %u, at most %u; alone maxima ",
		oracle_name(o->kind), o->n, (unsigned long long)o->space,
		o->stride, o->cap);
	ctas_text(o, o->max, b, sizeof(b));
	fprintf(f, "%s CTAs per SM), under fcfs with every slot's CTA quota pinned%s:\n",
		b, o->kind == ORACLE_SPATIAL ? " and the SMs split evenly" : "");
	fprintf(f, "  %-24s %10s %10s\n", "CTAs per SM", "HS", "STP");
	for (i = 0; i < o->n; i++) {
		const struct oracle_cand *c = &o->cand[i];

		ctas_text(o, c->ctas, b, sizeof(b));
		fprintf(f, "  %-24s %10s %10s%s%s\n", b,
			metrics_fmt(c->mm.hs, h, sizeof(h)),
			metrics_fmt(c->mm.stp, w, sizeof(w)),
			i == o->best_hs ? "  best HS" : "",
			i == o->best_ws ? "  best STP" : "");
	}
}
