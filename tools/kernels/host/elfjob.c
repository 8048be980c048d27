// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * ELF jobs (elfjob.h): a user's device kernel run as a workload.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lib/kelf.h>
#include <kernels/elfjob.h>

#include "wl.h"

#define ELFJOB_SEED 0x5eed0e1fu

struct wl_run {
	const struct wl_elf_job *j;
	uint32_t va[WL_ELF_MAX_ARGS];	/* buffers' VAs, 0 for scalars */
	struct sim_launch launch;
	int launched;
};

/* Read all of @path (@bytes long) into a new buffer; NULL with @err set. */
static void *read_file(const char *path, uint32_t bytes, char *err,
		       size_t len)
{
	void *buf = malloc(bytes ? bytes : 1);
	size_t n = 0;
	FILE *f;

	if (!buf) {
		wl_err(err, len, "%s: out of memory", path);
		return NULL;
	}
	f = fopen(path, "rb");
	if (f) {
		n = fread(buf, 1, bytes, f);
		/* one byte more would mean the file grew */
		if (n == bytes && fgetc(f) != EOF)
			n = bytes + 1;
		fclose(f);
	}
	if (!f || n != bytes) {
		wl_err(err, len, "%s: %s", path, !f ? strerror(errno) :
		       "its size changed since the mix was loaded");
		free(buf);
		return NULL;
	}
	return buf;
}

/* A buffer's initial contents (WL_ELF_BUF), from the run's seed. */
static void fill(const struct wl_elf_arg *a, uint32_t seed, uint32_t stream,
		 uint8_t *buf)
{
	uint32_t i, words = a->bytes / 4;
	struct wl_rng rng;

	memset(buf, 0, a->bytes);
	wl_rng_init(&rng, seed, stream);
	for (i = 0; i < words; i++) {
		uint32_t v = 0;
		float f;

		switch (a->fill) {
		case WL_ELF_FILL_IOTA: v = i; break;
		case WL_ELF_FILL_RAND: v = wl_rng_u32(&rng); break;
		case WL_ELF_FILL_FRAND:
			f = wl_rng_float(&rng, -1.0f, 1.0f);
			memcpy(&v, &f, sizeof(v));
			break;
		default: break;
		}
		memcpy(buf + 4 * i, &v, sizeof(v));
	}
}

static void elfjob_destroy(struct wl_run *r)
{
	free(r);
}

static int elfjob_setup(struct sim_ctx *ctx, const struct wl_params *p,
			struct wl_run **run, char *err, size_t len)
{
	const struct wl_elf_job *j = p->elf;
	uint32_t words[WL_ELF_MAX_ARGS], args_va = 0;
	struct sim_kernel k;
	struct wl_run *r;
	unsigned int i;
	uint8_t *buf;
	int ret;

	if (!j)
		return wl_err(err, len, "not an ELF job");
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	r->j = j;
	ret = sim_load_kernel(ctx, j->path, j->kernel, &k, err, len);
	if (ret)
		goto fail;
	for (i = 0; i < j->nargs; i++) {
		const struct wl_elf_arg *a = &j->args[i];

		if (a->kind != WL_ELF_BUF && a->kind != WL_ELF_FILE) {
			words[i] = a->value;
			continue;
		}
		if (a->kind == WL_ELF_FILE) {
			buf = read_file(a->path, a->bytes, err, len);
			if (!buf) {
				ret = -EIO;
				goto fail;
			}
		} else {
			buf = malloc(a->bytes);
			if (!buf) {
				ret = -ENOMEM;
				goto fail;
			}
			fill(a, wl_seed(p, ELFJOB_SEED), i, buf);
		}
		ret = sim_alloc(ctx, a->bytes, SIM_BO_READ | SIM_BO_WRITE,
				&r->va[i]);
		if (!ret)
			ret = sim_write(ctx, r->va[i], buf, a->bytes);
		free(buf);
		if (ret) {
			wl_err(err, len, "argument %u: %u-byte buffer: %s", i,
			       a->bytes, strerror(-ret));
			goto fail;
		}
		words[i] = r->va[i];
	}
	if (j->nargs &&
	    sim_wl_args(ctx, words, j->nargs * sizeof(words[0]), &args_va)) {
		ret = wl_err(err, len, "%s: cannot place the arguments", j->name);
		goto fail;
	}
	memset(&r->launch, 0, sizeof(r->launch));
	r->launch.k = k;
	memcpy(r->launch.grid, j->grid, sizeof(j->grid));
	memcpy(r->launch.block, j->block, sizeof(j->block));
	r->launch.args_va = args_va;
	*run = r;
	return 0;
fail:
	free(r);
	return ret;
}

static int elfjob_next(struct sim_ctx *ctx, struct wl_run *r,
		       struct sim_launch *l, char *err, size_t len)
{
	(void)ctx;
	(void)err;
	(void)len;
	return wl_next_once(&r->launch, &r->launched, l);
}

/* Compare buffer argument @i with its reference file. */
static int check_arg(struct sim_ctx *ctx, const struct wl_run *r,
		     unsigned int i, char *err, size_t len)
{
	const struct wl_elf_arg *a = &r->j->args[i];
	uint8_t *ref, *got = malloc(a->bytes);
	uint32_t off, bad = 0, first = 0, unit;
	int ret;

	if (!got)
		return -ENOMEM;
	ref = read_file(a->expect, a->bytes, err, len);
	if (!ref) {
		free(got);
		return -EIO;
	}
	ret = wl_download(ctx, r->va[i], got, a->bytes, "output", err, len);
	/* in 32-bit words when the size allows, else in bytes */
	unit = a->bytes % 4 ? 1 : 4;
	for (off = 0; !ret && off < a->bytes; off += unit)
		if (memcmp(ref + off, got + off, unit) && !bad++)
			first = off;
	if (!ret && bad) {
		uint32_t g = 0, e = 0;

		memcpy(&g, got + first, unit);
		memcpy(&e, ref + first, unit);
		ret = wl_err(err, len,
			     "argument %u: %u of %u %s differ from %s, first at byte %u: 0x%x, expected 0x%x",
			     i, bad, a->bytes / unit, unit == 4 ? "words" : "bytes",
			     a->expect, first, g, e);
		ret = -EIO;
	}
	free(ref);
	free(got);
	return ret;
}

static int elfjob_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			size_t len)
{
	unsigned int i;
	int ret;

	for (i = 0; i < r->j->nargs; i++)
		if (r->j->args[i].expect[0] &&
		    (ret = check_arg(ctx, r, i, err, len)))
			return ret;
	return 0;
}

/* A file's size: 0 or -EINVAL with "PATH: reason" in @err. */
static int file_size(const char *path, uint32_t *bytes, char *err, size_t len)
{
	struct stat st;

	if (stat(path, &st))
		return wl_err(err, len, "%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return wl_err(err, len, "%s: not a regular file", path);
	if (!st.st_size || (uint64_t)st.st_size > WL_ELF_MAX_BUF)
		return wl_err(err, len, "%s: %lld bytes, expected 1..%u",
			      path, (long long)st.st_size, WL_ELF_MAX_BUF);
	*bytes = (uint32_t)st.st_size;
	return 0;
}

int wl_elf_job_prepare(struct wl_elf_job *j, char *err, size_t len)
{
	char kerr[256], names[256];
	const char *base = strrchr(j->path, '/');
	struct kelf_image img;
	int checked = 0, several;
	unsigned int i;
	size_t at = 0;
	uint32_t bytes;

	if (kelf_load_file(j->path, &img, kerr, sizeof(kerr)))
		return wl_err(err, len, "%s", kerr);
	several = img.nkernels > 1;
	if (j->kernel[0] && !kelf_find_kernel(&img, j->kernel)) {
		for (i = 0; i < img.nkernels && at < sizeof(names); i++)
			at += snprintf(names + at, sizeof(names) - at, "%s%.*s",
				       i ? ", " : "", CORUN_KINFO_NAME_LEN,
				       img.kinfo[i].name);
		kelf_free(&img);
		return wl_err(err, len, "%s: no kernel '%s' (it has: %s)",
			      j->path, j->kernel, names);
	}
	if (!j->kernel[0]) {
		for (i = 0; i < img.nkernels && at < sizeof(names); i++)
			at += snprintf(names + at, sizeof(names) - at, "%s%.*s",
				       i ? ", " : "", CORUN_KINFO_NAME_LEN,
				       img.kinfo[i].name);
		if (several) {
			kelf_free(&img);
			return wl_err(err, len, "%s has %u kernels (%s): say which with kernel=NAME",
				      j->path, img.nkernels, names);
		}
		snprintf(j->kernel, sizeof(j->kernel), "%.*s",
			 CORUN_KINFO_NAME_LEN, img.kinfo[0].name);
	}
	kelf_free(&img);
	for (i = 0; i < j->nargs; i++) {
		struct wl_elf_arg *a = &j->args[i];

		if (a->kind == WL_ELF_FILE &&
		    file_size(a->path, &a->bytes, err, len))
			return -EINVAL;
		if (!a->expect[0])
			continue;
		if (file_size(a->expect, &bytes, err, len))
			return -EINVAL;
		if (bytes != a->bytes)
			return wl_err(err, len, "%s: %u bytes, but argument %u is a %u-byte buffer",
				      a->expect, bytes, i, a->bytes);
		checked = 1;
	}
	base = base ? base + 1 : j->path;
	if (several)
		snprintf(j->name, sizeof(j->name), "%.30s:%.31s", base, j->kernel);
	else
		snprintf(j->name, sizeof(j->name), "%.63s", base);
	j->wl = (struct workload){
		.name = j->name,
		.elf = j->path,
		.desc = "a kernel ELF named by the mix",
		.setup = elfjob_setup,
		.next = elfjob_next,
		.check = elfjob_check,
		.destroy = elfjob_destroy,
		.flags = checked ? 0 : WL_F_UNCHECKED,
	};
	return 0;
}
