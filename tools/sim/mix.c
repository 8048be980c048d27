// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Mix-file parser for corun-sim; the format is documented in mix.h.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kernels/elfjob.h>
#include <kernels/workload.h>
#include <corun/fwif.h>
#include <policy/fwknobs.h>
#include <policy/policy.h>
#include <sim/json.h>
#include <sim/mix.h>

#include "config.h"

#define MIX_MAX_FILE (1u << 20)

struct pstate {
	const char *path;
	unsigned int line;
	char *err;
	size_t len;
};

static int __attribute__((format(printf, 2, 3)))
perr(struct pstate *s, const char *fmt, ...)
{
	char msg[2048];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (s->err && s->len && !s->line)
		snprintf(s->err, s->len, "%s: %s", s->path, msg);
	else if (s->err && s->len)
		snprintf(s->err, s->len, "%s:%u: %s", s->path, s->line, msg);
	return -1;
}

/* Unsigned decimal (or 0x hex) with an optional k/M/G suffix if @sfx. */
static int parse_u64(const char *v, int sfx, uint64_t max, uint64_t *out)
{
	unsigned long long n, mul = 1;
	char *end;

	if (!isdigit((unsigned char)*v))
		return -1;
	errno = 0;
	n = strtoull(v, &end, 0);
	if (errno)
		return -1;
	if (sfx && *end) {
		switch (*end++) {
		case 'k': case 'K': mul = 1000; break;
		case 'm': case 'M': mul = 1000000; break;
		case 'g': case 'G': mul = 1000000000; break;
		default: return -1;
		}
	}
	if (*end || (n && mul > max / n) || n * mul > max)
		return -1;
	*out = n * mul;
	return 0;
}

int mix_parse_count(const char *v, uint64_t *out)
{
	return parse_u64(v, 1, UINT64_MAX, out) || !*out ? -1 : 0;
}

static int parse_sms(struct pstate *s, const char *v, struct mix_job *j)
{
	const char *p = v;

	memset(j->sm_mask, 0, sizeof(j->sm_mask));
	j->max_sm = 0;
	for (;;) {
		unsigned long lo, hi;
		char *end;

		if (!isdigit((unsigned char)*p))
			goto bad;
		lo = strtoul(p, &end, 10);
		hi = lo;
		if (*end == '-') {
			p = end + 1;
			if (!isdigit((unsigned char)*p))
				goto bad;
			hi = strtoul(p, &end, 10);
		}
		if (hi < lo || hi >= CORUN_MAX_SMS)
			return perr(s, "sms=%s: range %lu-%lu not within 0-%d",
				    v, lo, hi, CORUN_MAX_SMS - 1);
		for (; lo <= hi; lo++)
			j->sm_mask[lo / 32] |= 1u << (lo % 32);
		if (hi > j->max_sm)
			j->max_sm = hi;
		p = end;
		if (!*p)
			break;
		if (*p++ != ',')
			goto bad;
	}
	j->has_sms = 1;
	return 0;
bad:
	return perr(s, "sms=%s: expected a list like 0-7,12", v);
}

/* Strip leading and trailing blanks in place. */
static char *trim(char *p)
{
	char *e;

	while (isspace((unsigned char)*p))
		p++;
	e = p + strlen(p);
	while (e > p && isspace((unsigned char)e[-1]))
		*--e = 0;
	return p;
}

/* Split off the next blank-separated word of *p (modifies the line). */
static char *word(char **p)
{
	char *w;

	while (isspace((unsigned char)**p))
		(*p)++;
	if (!**p)
		return NULL;
	w = *p;
	while (**p && !isspace((unsigned char)**p))
		(*p)++;
	if (**p)
		*(*p)++ = 0;
	return w;
}

/* "a, b or c" of the names of knob @k's values (not DEFAULT). */
static const char *knob_value_names(uint32_t k, char *buf, size_t len)
{
	const struct corun_fwk_info *ki = &corun_fwk[k];
	size_t at = 0;
	uint32_t v;

	buf[0] = 0;
	for (v = 1; v < ki->nvalues && at < len; v++)
		at += snprintf(buf + at, len - at, "%s%s",
			       v == 1 ? "" : v + 1 == ki->nvalues ? " or " : ", ",
			       ki->values[v].name);
	return buf;
}

/* @sep-separated names of the per-slot (@per_slot) or global parameters. */
static size_t param_names(int per_slot, const char *sep, char *buf, size_t len)
{
	size_t at = 0;
	uint32_t id;

	for (id = 1; id < CORUN_FWP_NR && at < len; id++)
		if (corun_fwp[id].per_slot == (uint32_t)per_slot)
			at += snprintf(buf + at, len - at, "%s%s", sep,
				       corun_fwp[id].name);
	return at;
}

/*
 * A firmware parameter's value: decimal or 0x hex, within the range of a
 * plain number (masks and VCs are checked against the device later).
 */
static int parse_fw_value(struct pstate *s, uint32_t id, const char *key,
			  const char *val, uint32_t *out)
{
	const struct corun_fwp_info *f = &corun_fwp[id];
	uint64_t v;

	if (f->kind == CORUN_FWP_VC && !strcmp(val, "config")) {
		*out = CORUN_FW_VC_CONFIG;
		return 0;
	}
	if (parse_u64(val, 0, UINT32_MAX, &v))
		return perr(s, "%s=%s: expected an unsigned 32-bit number%s", key,
			    val, f->kind == CORUN_FWP_VC ? " or config" : "");
	if (f->kind == CORUN_FWP_RANGE && (v < f->min || v > f->max))
		return perr(s, "%s=%s: out of range %u..%u", key, val, f->min,
			    f->max);
	if (f->kind == CORUN_FWP_L1_NWAYS && v < f->min)
		return perr(s, "%s=%s: out of range %u..the L1's ways", key,
			    val, f->min);
	*out = (uint32_t)v;
	return 0;
}

/* An ELF job's first word: a path ("x/y", "k.elf"), not a workload name. */
static int is_elf_word(const char *w)
{
	size_t n = strlen(w);

	return strchr(w, '/') || (n > 4 && !strcmp(w + n - 4, ".elf"));
}

/* @file relative to the mix's directory (as given) unless absolute. */
static int mix_rel_path(struct pstate *s, const char *what, const char *file,
			char *out)
{
	const char *slash = strrchr(s->path, '/');
	int n;

	if (!*file)
		return perr(s, "%s: empty file name", what);
	if (file[0] == '/' || !slash)
		n = snprintf(out, WL_ELF_PATH_LEN, "%s", file);
	else
		n = snprintf(out, WL_ELF_PATH_LEN, "%.*s/%s",
			     (int)(slash - s->path), s->path, file);
	if (n < 0 || n >= WL_ELF_PATH_LEN)
		return perr(s, "%s: path longer than %d characters", what,
			    WL_ELF_PATH_LEN - 1);
	return 0;
}

/* "X", "XxY" or "XxYxZ", each 1..2^31. */
static int parse_dim(struct pstate *s, const char *key, const char *v,
		     uint32_t *d)
{
	const char *p = v;
	unsigned int i;

	d[0] = d[1] = d[2] = 1;
	for (i = 0; i < 3; i++) {
		unsigned long long n;
		char *end;

		if (!isdigit((unsigned char)*p))
			break;
		errno = 0;
		n = strtoull(p, &end, 10);
		if (errno || !n || n > (1ull << 31))
			break;
		d[i] = (uint32_t)n;
		p = end;
		if (!*p)
			return 0;
		if (*p++ != 'x')
			break;
	}
	return perr(s, "%s=%s: expected X, XxY or XxYxZ with each 1..2147483648",
		    key, v);
}

static const char *const fill_names[] = {
	[WL_ELF_FILL_ZERO] = "zero",
	[WL_ELF_FILL_IOTA] = "iota",
	[WL_ELF_FILL_RAND] = "rand",
	[WL_ELF_FILL_FRAND] = "frand",
};

/* One arg=: u32:N, i32:N, f32:X, buf:BYTES[:FILL] or file:PATH. */
static int parse_elf_arg(struct pstate *s, struct wl_elf_job *e, const char *v)
{
	struct wl_elf_arg *a = &e->args[e->nargs];
	const char *colon = strchr(v, ':'), *x;
	uint64_t n;
	char *end;
	float f;
	long l;

	if (e->nargs == WL_ELF_MAX_ARGS)
		return perr(s, "more than %d arg=", WL_ELF_MAX_ARGS);
	memset(a, 0, sizeof(*a));
	if (!colon)
		goto bad;
	x = colon + 1;
	if (!strncmp(v, "u32:", 4)) {
		if (parse_u64(x, 0, UINT32_MAX, &n))
			return perr(s, "arg=%s: expected an unsigned 32-bit number", v);
		a->kind = WL_ELF_U32;
		a->value = (uint32_t)n;
	} else if (!strncmp(v, "i32:", 4)) {
		errno = 0;
		l = strtol(x, &end, 0);
		if (!*x || *end || errno || l < INT32_MIN || l > INT32_MAX)
			return perr(s, "arg=%s: expected a signed 32-bit number", v);
		a->kind = WL_ELF_I32;
		a->value = (uint32_t)(int32_t)l;
	} else if (!strncmp(v, "f32:", 4)) {
		errno = 0;
		f = strtof(x, &end);
		if (!*x || *end || errno || f != f || f - f != 0)
			return perr(s, "arg=%s: expected a finite float", v);
		a->kind = WL_ELF_F32;
		memcpy(&a->value, &f, sizeof(f));
	} else if (!strncmp(v, "buf:", 4)) {
		char num[32];
		const char *fl = strchr(x, ':');
		size_t k = fl ? (size_t)(fl - x) : strlen(x);

		if (k >= sizeof(num))
			goto badbuf;
		memcpy(num, x, k);
		num[k] = 0;
		if (parse_u64(num, 0, WL_ELF_MAX_BUF, &n) || !n)
			goto badbuf;
		a->kind = WL_ELF_BUF;
		a->bytes = (uint32_t)n;
		if (fl) {
			for (k = 0; k < sizeof(fill_names) / sizeof(fill_names[0]); k++)
				if (!strcmp(fl + 1, fill_names[k]))
					break;
			if (k == sizeof(fill_names) / sizeof(fill_names[0]))
				return perr(s, "arg=%s: fill %s: expected zero, iota, rand or frand",
					    v, fl + 1);
			a->fill = (uint32_t)k;
		}
	} else if (!strncmp(v, "file:", 5)) {
		a->kind = WL_ELF_FILE;
		if (mix_rel_path(s, "arg=file:", x, a->path))
			return -1;
	} else {
		goto bad;
	}
	e->nargs++;
	return 0;
badbuf:
	return perr(s, "arg=%s: expected buf:BYTES with 1..%u bytes, then :FILL if any",
		    v, WL_ELF_MAX_BUF);
bad:
	return perr(s, "arg=%s: expected u32:N, i32:N, f32:X, buf:BYTES[:FILL] or file:PATH",
		    v);
}

/* expect=N:PATH, checked against the args once the line is read. */
static int parse_elf_expect(struct pstate *s, const char *v, uint32_t *arg,
			    char *path)
{
	const char *colon = strchr(v, ':');
	char num[16];
	uint64_t n;

	if (!colon || colon == v || (size_t)(colon - v) >= sizeof(num))
		goto bad;
	memcpy(num, v, colon - v);
	num[colon - v] = 0;
	if (parse_u64(num, 0, WL_ELF_MAX_ARGS - 1, &n))
		goto bad;
	*arg = (uint32_t)n;
	return mix_rel_path(s, "expect=", colon + 1, path);
bad:
	return perr(s, "expect=%s: expected N:PATH, N the buffer argument's index (from 0)",
		    v);
}

/*
 * The ELF job's own keys (@key=@val); 1 if @key is none of them. Expects
 * are collected in @exp_arg/@exp_path (*nexp of them) and matched to
 * the arguments at the end of the line.
 */
static int parse_elf_key(struct pstate *s, struct wl_elf_job *e,
			 const char *key, const char *val, unsigned int *given,
			 uint32_t *exp_arg, char (*exp_path)[WL_ELF_PATH_LEN],
			 unsigned int *nexp)
{
	if (!strcmp(key, "kernel")) {
		if (*given & 1)
			return perr(s, "kernel given twice");
		*given |= 1;
		if (strlen(val) >= WL_ELF_NAME_LEN)
			return perr(s, "kernel=%s: longer than %d characters", val,
				    WL_ELF_NAME_LEN - 1);
		strcpy(e->kernel, val);
		return 0;
	}
	if (!strcmp(key, "grid") || !strcmp(key, "block")) {
		unsigned int bit = key[0] == 'g' ? 2 : 4;

		if (*given & bit)
			return perr(s, "%s given twice", key);
		*given |= bit;
		return parse_dim(s, key, val, bit == 2 ? e->grid : e->block);
	}
	if (!strcmp(key, "arg"))
		return parse_elf_arg(s, e, val);
	if (!strcmp(key, "expect")) {
		unsigned int i = *nexp;

		if (i == WL_ELF_MAX_ARGS)
			return perr(s, "more than %d expect=", WL_ELF_MAX_ARGS);
		*nexp = i + 1;
		return parse_elf_expect(s, val, &exp_arg[i], exp_path[i]);
	}
	return 1;
}

/* The end of an ELF job's line: what must be there, expects to buffers. */
static int finish_elf_job(struct pstate *s, struct mix_job *j,
			  unsigned int given, const uint32_t *exp_arg,
			  char (*exp_path)[WL_ELF_PATH_LEN], unsigned int nexp)
{
	struct wl_elf_job *e = &j->elf;
	unsigned int i;

	if (!(given & 2))
		return perr(s, "%s: grid= missing (an ELF job needs grid= and block=)",
			    j->workload);
	if (!(given & 4))
		return perr(s, "%s: block= missing (an ELF job needs grid= and block=)",
			    j->workload);
	for (i = 0; i < nexp; i++) {
		struct wl_elf_arg *a = &e->args[exp_arg[i]];

		if (exp_arg[i] >= e->nargs)
			return perr(s, "expect=%u:...: the job has %u arg=", exp_arg[i],
				    e->nargs);
		if (a->kind != WL_ELF_BUF && a->kind != WL_ELF_FILE)
			return perr(s, "expect=%u:...: argument %u is a scalar, not a buffer",
				    exp_arg[i], exp_arg[i]);
		if (a->expect[0])
			return perr(s, "expect=%u given twice", exp_arg[i]);
		strcpy(a->expect, exp_path[i]);
	}
	return 0;
}

static int parse_job(struct pstate *s, char *rest, mix_lookup_fn lookup,
		     struct mix *m, const uint32_t *seen_scale)
{
	static const char *const keys[] = { "scale", "seed", "slot", "priority",
					    "placement", "sms", "quota",
					    "throttle", "qos" };
	char exp_path[WL_ELF_MAX_ARGS][WL_ELF_PATH_LEN];
	uint32_t exp_arg[WL_ELF_MAX_ARGS];
	unsigned int given = 0, egiven = 0, nexp = 0, k;
	struct mix_job *j;
	char known[4096];
	uint64_t v;
	char *w;
	int fw, elf, ret;

	w = word(&rest);
	if (!w)
		return perr(s, "job: missing workload name");
	if (m->njobs == MIX_MAX_JOBS)
		return perr(s, "more than %d jobs", MIX_MAX_JOBS);
	elf = is_elf_word(w);
	if (strlen(w) >= MIX_NAME_LEN)
		return perr(s, "%s too long", elf ? "ELF name" : "workload name");
	known[0] = 0;
	if (!elf && lookup && lookup(w, known, sizeof(known)))
		return perr(s, "unknown workload '%s' (known: %s; or a kernel ELF: job FILE.elf grid=... block=...)",
			    w, known);
	j = &m->jobs[m->njobs];
	memset(j, 0, sizeof(*j));
	j->line = s->line;
	strcpy(j->workload, w);
	j->scale = *seen_scale;
	j->slot = m->njobs;
	j->is_elf = elf;
	if (elf && mix_rel_path(s, "ELF", w, j->elf.path))
		return -1;
	while ((w = word(&rest))) {
		char *val = strchr(w, '=');

		if (!val || val == w || !val[1])
			return perr(s, "'%s': expected key=value", w);
		*val++ = 0;
		if (elf) {
			ret = parse_elf_key(s, &j->elf, w, val, &egiven, exp_arg,
					    exp_path, &nexp);
			if (ret <= 0) {
				if (ret)
					return -1;
				continue;
			}
			if (!strcmp(w, "scale"))
				return perr(s, "scale= does not apply to an ELF job (its arg= give the sizes)");
		}
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (!strcmp(w, keys[k]))
				break;
		fw = corun_fwp_find(w);
		if (k == sizeof(keys) / sizeof(keys[0]) && fw > 0 &&
		    corun_fwp[fw].per_slot) {
			if (j->fw_set & (1u << fw))
				return perr(s, "%s given twice", w);
			j->fw_set |= 1u << fw;
			if (parse_fw_value(s, fw, w, val, &j->fw[fw]))
				return -1;
			continue;
		}
		if (k == sizeof(keys) / sizeof(keys[0])) {
			param_names(1, " ", known, sizeof(known));
			if (elf)
				return perr(s, "unknown key '%s' of an ELF job (known: kernel grid block arg expect seed slot priority placement sms quota throttle qos%s)",
					    w, known);
			return perr(s, "unknown job key '%s' (known: scale seed slot priority placement sms quota throttle qos%s)",
				    w, known);
		}
		if (given & (1u << k))
			return perr(s, "%s given twice", w);
		given |= 1u << k;
		if (k == 4) {
			for (v = 0; v < CORUN_PLACE_NR; v++)
				if (!strcmp(val, mix_placement_name(v)))
					break;
			if (v == CORUN_PLACE_NR)
				return perr(s, "placement=%s: expected rr, chunk, reset, flip or steal",
					    val);
			j->placement = v;
			continue;
		}
		if (k == 5) {
			if (parse_sms(s, val, j))
				return -1;
			continue;
		}
		if (parse_u64(val, 0, UINT32_MAX, &v))
			return perr(s, "%s=%s: expected an unsigned 32-bit number",
				    w, val);
		switch (k) {
		case 0:
			if (v > WL_SCALE_MAX)
				return perr(s, "scale=%s: out of range 0..%d",
					    val, WL_SCALE_MAX);
			j->scale = v;
			break;
		case 1: j->seed = v; break;
		case 2:
			if (v >= CORUN_MAX_SLOTS)
				return perr(s, "slot=%s: out of range 0..%d", val,
					    CORUN_MAX_SLOTS - 1);
			j->slot = v;
			break;
		case 3:
			if (v > 15)
				return perr(s, "priority=%s: out of range 0..15",
					    val);
			j->priority = v;
			j->has_priority = 1;
			m->has_priority = 1;
			break;
		case 6: j->cta_quota = v; break;
		case 8:
			if (!v || v > 1024)
				return perr(s, "qos=%s: out of range 1..1024",
					    val);
			j->qos = v;
			break;
		default: j->throttle = v; break;
		}
	}
	if (elf && finish_elf_job(s, j, egiven, exp_arg, exp_path, nexp))
		return -1;
	for (k = 0; k < m->njobs; k++)
		if (m->jobs[k].slot == j->slot)
			return perr(s, "slot %u already used by the job on line %u",
				    j->slot, m->jobs[k].line);
	m->njobs++;
	return 0;
}

/* A firmware knob or device-wide parameter "key = value", else an error. */
static int parse_fw_setting(struct pstate *s, struct mix *m, const char *key,
			    const char *val)
{
	char names[256];
	size_t at;
	int k, id, v;

	k = corun_fwk_find(key);
	if (k >= 0) {
		if (m->fw_knob_line[k])
			return perr(s, "%s given twice", key);
		v = corun_fwk_value_find(k, val);
		if (v < 0)
			return perr(s, "%s = %s: expected %s", key, val,
				    knob_value_names(k, names, sizeof(names)));
		m->fw_knob[k] = v;
		m->fw_knob_line[k] = s->line;
		return 0;
	}
	id = corun_fwp_find(key);
	if (id > 0 && !corun_fwp[id].per_slot) {
		if (m->fw_set & (1u << id))
			return perr(s, "%s given twice", key);
		m->fw_set |= 1u << id;
		m->fw_line[id] = s->line;
		return parse_fw_value(s, id, key, val, &m->fw[id]);
	}
	at = 0;
	for (k = 0; k < CORUN_FWK_NR; k++)
		at += snprintf(names + at, sizeof(names) - at, ", %s",
			       corun_fwk[k].name);
	param_names(0, ", ", names + at, sizeof(names) - at);
	return perr(s, "unknown setting '%s' (known: name, budget, scale, policy, alone_sched, sched%s; jobs are 'job WORKLOAD ...')",
		    key, names);
}

int mix_parse(const char *text, const char *path, mix_lookup_fn lookup,
	      struct mix *m, char *err, size_t len)
{
	struct pstate s = { path, 0, err, len };
	unsigned int seen = 0;
	uint32_t scale = 1;
	const char *p = text, *base;
	char line[4096], kv[4096];

	memset(m, 0, sizeof(*m));
	snprintf(m->path, sizeof(m->path), "%s", path);
	base = strrchr(path, '/');
	snprintf(m->name, sizeof(m->name), "%s", base ? base + 1 : path);
	m->budget = MIX_DEFAULT_BUDGET;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *c, *key, *val, *rest;

		s.line++;
		if (n >= sizeof(line))
			return perr(&s, "line longer than %zu characters",
				    sizeof(line) - 1);
		memcpy(line, p, n);
		line[n] = 0;
		p += n + (nl ? 1 : 0);
		c = strchr(line, '#');
		if (c)
			*c = 0;
		strcpy(kv, line);
		rest = line;
		key = word(&rest);
		if (!key)
			continue;
		if (!strcmp(key, "job")) {
			if (parse_job(&s, rest, lookup, m, &scale))
				return -1;
			continue;
		}
		/* "key = value": split the line at the first '='. */
		rest = kv;
		val = strchr(rest, '=');
		if (!val)
			return perr(&s, "expected 'job WORKLOAD ...' or 'key = value', got '%s'",
				    key);
		*val++ = 0;
		key = word(&rest);
		if (!key || word(&rest))
			return perr(&s, "expected one key before '='");
		val = trim(val);
		if (!*val)
			return perr(&s, "%s: missing value", key);
		if (strcmp(key, "name") && strpbrk(val, " \t"))
			return perr(&s, "%s = %s: one value expected", key, val);
		if (!strcmp(key, "name")) {
			if (seen & 1)
				return perr(&s, "name given twice");
			seen |= 1;
			if (strlen(val) >= MIX_NAME_LEN)
				return perr(&s, "name longer than %d characters",
					    MIX_NAME_LEN - 1);
			strcpy(m->name, val);
		} else if (!strcmp(key, "budget")) {
			uint64_t v;

			if (seen & 2)
				return perr(&s, "budget given twice");
			seen |= 2;
			if (parse_u64(val, 1, 1ull << 48, &v) || !v)
				return perr(&s, "budget = %s: expected a cycle count >= 1 (k/M/G suffixes allowed)",
					    val);
			m->budget = v;
		} else if (!strcmp(key, "scale")) {
			uint64_t v;

			if (seen & 4)
				return perr(&s, "scale given twice");
			if (m->njobs)
				return perr(&s, "scale must come before the job lines");
			seen |= 4;
			if (parse_u64(val, 0, WL_SCALE_MAX, &v))
				return perr(&s, "scale = %s: out of range 0..%d",
					    val, WL_SCALE_MAX);
			scale = v;
		} else if (!strcmp(key, "policy")) {
			if (seen & 8)
				return perr(&s, "policy given twice");
			seen |= 8;
			if (strlen(val) >= MIX_POLICY_LEN ||
			    !corun_policy_find_name(val))
				return perr(&s, "policy = %s: %s", val,
					    mix_policy_names());
			strcpy(m->policy, val);
		} else if (!strcmp(key, "alone_sched")) {
			uint32_t sp;

			if (seen & 16)
				return perr(&s, "alone_sched given twice");
			seen |= 16;
			for (sp = 0; sp < EMU_SCHED_NR; sp++)
				if (!strcmp(val, emu_sched_policy_name(sp)))
					break;
			if (strcmp(val, "config") && sp == EMU_SCHED_NR)
				return perr(&s, "alone_sched = %s: %s", val,
					    mix_sched_names());
			strcpy(m->alone_sched, val);
		} else if (!strcmp(key, "sched")) {
			/* the names are the configuration's: corun-sim checks */
			if (seen & 32)
				return perr(&s, "sched given twice");
			seen |= 32;
			if (strlen(val) >= MIX_POLICY_LEN)
				return perr(&s, "sched = %s: name too long", val);
			strcpy(m->sched, val);
			m->sched_line = s.line;
		} else if (parse_fw_setting(&s, m, key, val)) {
			return -1;
		}
	}
	if (!m->njobs) {
		s.line = 0;
		return perr(&s, "no job lines");
	}
	return 0;
}

int mix_load(const char *path, mix_lookup_fn lookup, struct mix *m,
	     char *err, size_t len)
{
	unsigned int i;
	char *buf;
	size_t n;
	FILE *f;
	int ret;

	f = fopen(path, "r");
	if (!f) {
		snprintf(err, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = malloc(MIX_MAX_FILE + 1);
	if (!buf) {
		fclose(f);
		snprintf(err, len, "%s: out of memory", path);
		return -1;
	}
	n = fread(buf, 1, MIX_MAX_FILE + 1, f);
	fclose(f);
	if (n > MIX_MAX_FILE || memchr(buf, 0, n)) {
		free(buf);
		snprintf(err, len, "%s: not a text file of at most %u bytes",
			 path, MIX_MAX_FILE);
		return -1;
	}
	buf[n] = 0;
	ret = mix_parse(buf, path, lookup, m, err, len);
	free(buf);
	for (i = 0; !ret && i < m->njobs; i++) {
		char why[1024];

		if (m->jobs[i].is_elf &&
		    wl_elf_job_prepare(&m->jobs[i].elf, why, sizeof(why))) {
			snprintf(err, len, "%s:%u: %s", path, m->jobs[i].line, why);
			ret = -1;
		}
	}
	return ret;
}

const struct workload *mix_job_workload(const struct mix_job *j,
					struct wl_params *p)
{
	memset(p, 0, sizeof(*p));
	p->scale = j->scale;
	p->seed = j->seed;
	if (j->is_elf) {
		p->elf = &j->elf;
		return &j->elf.wl;
	}
	return wl_find(j->workload);
}

int mix_check_device(const struct mix *m, unsigned int num_slots,
		     unsigned int num_sms, char *err, size_t len)
{
	unsigned int i;

	for (i = 0; i < m->njobs; i++) {
		const struct mix_job *j = &m->jobs[i];

		if (j->slot >= num_slots) {
			snprintf(err, len, "%s:%u: slot %u, the device has %u slots",
				 m->path, j->line, j->slot, num_slots);
			return -1;
		}
		if (j->has_sms && j->max_sm >= num_sms) {
			snprintf(err, len, "%s:%u: sms names SM %u, the device has %u SMs",
				 m->path, j->line, j->max_sm, num_sms);
			return -1;
		}
	}
	return 0;
}

unsigned int mix_fw_settings(const struct mix *m, const uint32_t *slot_of,
			     uint32_t *knobs, struct corun_fw_setting *s,
			     unsigned int *line)
{
	unsigned int n = 0, i;
	uint32_t id;

	for (i = 0; i < CORUN_FWK_NR; i++)
		knobs[i] = m->fw_knob[i];
	for (id = 1; id < CORUN_FWP_NR; id++)
		if (m->fw_set & (1u << id)) {
			if (line)
				line[n] = m->fw_line[id];
			s[n++] = (struct corun_fw_setting){ id, 0, m->fw[id], 0 };
		}
	for (i = 0; i < m->njobs; i++)
		for (id = 1; id < CORUN_FWP_NR; id++)
			if (m->jobs[i].fw_set & (1u << id)) {
				if (line)
					line[n] = m->jobs[i].line;
				s[n++] = (struct corun_fw_setting){
					id, slot_of ? slot_of[i] : m->jobs[i].slot,
					m->jobs[i].fw[id], 0
				};
			}
	return n;
}

const char *mix_fw_setting_text(const struct corun_fw_setting *s, uint32_t knob,
				uint32_t value, char *buf, size_t len)
{
	const struct corun_fwp_info *f;
	char v[16];

	if (!s) {
		snprintf(buf, len, "%s=%s", corun_fwk[knob].name,
			 corun_fwk[knob].values[value].name);
		return buf;
	}
	f = &corun_fwp[s->id];
	if (f->kind == CORUN_FWP_VC && s->value == CORUN_FW_VC_CONFIG)
		snprintf(v, sizeof(v), "config");
	else if (f->kind == CORUN_FWP_L1_MASK || f->kind == CORUN_FWP_LLC_MASK)
		snprintf(v, sizeof(v), "%#x", s->value);
	else
		snprintf(v, sizeof(v), "%u", s->value);
	if (f->per_slot)
		snprintf(buf, len, "%s:%u=%s", f->name, s->slot, v);
	else
		snprintf(buf, len, "%s=%s", f->name, v);
	return buf;
}

int mix_check_fw(const struct mix *m, const uint32_t *slot_of,
		 const struct corun_policy_platform *p, const uint64_t *knob_modes,
		 uint64_t params, char *err, size_t len)
{
	struct corun_policy_fw fw;
	struct corun_fw_setting s[MIX_FW_SETTINGS];
	unsigned int line[MIX_FW_SETTINGS], n, i;
	uint32_t knobs[CORUN_FWK_NR], k, bad;
	const struct corun_fwp_info *f;
	char why[128], txt[64];
	int ret;

	n = mix_fw_settings(m, slot_of, knobs, s, line);
	for (k = 0; k < CORUN_FWK_NR; k++)
		if (knobs[k] && !(knob_modes[k] & (1ull << knobs[k]))) {
			snprintf(err, len, "%s:%u: %s = %s: the device's firmware does not implement it",
				 m->path, m->fw_knob_line[k], corun_fwk[k].name,
				 corun_fwk[k].values[knobs[k]].name);
			return -1;
		}
	/* the checks SET_POLICY makes, as if the firmware had everything */
	ret = corun_fw_settings(p, ~0u, knobs, s, n, &fw, &bad);
	for (i = 0; i < n; i++) {
		f = &corun_fwp[s[i].id];
		if (ret && i == bad && f->per_slot && s[i].slot >= p->num_slots)
			snprintf(why, sizeof(why), "the device has %u slots",
				 p->num_slots);
		else if (ret == -CORUN_EINVAL && i == bad)
			snprintf(why, sizeof(why), "not with l1 = %s",
				 corun_fwk[CORUN_FWK_L1].values[knobs[CORUN_FWK_L1]].name);
		else if (ret && i == bad && f->kind == CORUN_FWP_L1_NWAYS)
			snprintf(why, sizeof(why), "out of range %u..%u (the L1's ways)",
				 f->min, p->l1_ways < 32 ? p->l1_ways : 32);
		else if (ret && i == bad && f->kind == CORUN_FWP_VC)
			snprintf(why, sizeof(why), "the device has %u virtual channels (or config)",
				 p->num_vcs);
		else if (ret && i == bad)
			snprintf(why, sizeof(why), "no way of the %s's %u",
				 f->kind == CORUN_FWP_L1_MASK ? "L1" : "LLC",
				 f->kind == CORUN_FWP_L1_MASK ? p->l1_ways :
								 p->llc_ways);
		else if (!(params & (1ull << s[i].id)))
			snprintf(why, sizeof(why),
				 "the device's firmware does not implement it");
		else
			continue;
		snprintf(err, len, "%s:%u: %s: %s", m->path, line[i],
			 mix_fw_setting_text(&s[i], 0, 0, txt, sizeof(txt)), why);
		return -1;
	}
	return 0;
}
