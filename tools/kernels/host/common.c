// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Helpers shared by the workloads: generator, buffers, validation,
 * comparisons.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <lib/kelf.h>

#include "wl.h"

/* splitmix64 (Steele, Lea, Flood 2014): tiny, fast, well distributed. */
static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void wl_rng_init(struct wl_rng *r, uint32_t seed, uint32_t stream)
{
	/* Independent streams per buffer: inputs do not shift together. */
	r->state = ((uint64_t)stream << 32) | seed;
	splitmix64(&r->state);
}

uint32_t wl_rng_u32(struct wl_rng *r)
{
	return (uint32_t)(splitmix64(&r->state) >> 32);
}

uint32_t wl_rng_below(struct wl_rng *r, uint32_t bound)
{
	return (uint32_t)(((uint64_t)wl_rng_u32(r) * bound) >> 32);
}

float wl_rng_float(struct wl_rng *r, float lo, float hi)
{
	float u = (float)(wl_rng_u32(r) >> 8) * (1.0f / 16777216.0f);

	return lo + (hi - lo) * u;
}

uint32_t wl_seed(const struct wl_params *p, uint32_t dflt)
{
	return p->seed ? p->seed : dflt;
}

int wl_err(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (err && len) {
		va_start(ap, fmt);
		vsnprintf(err, len, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

int wl_check_scale(const struct wl_params *p, char *err, size_t len)
{
	if (p->scale > WL_SCALE_MAX)
		return wl_err(err, len, "scale %u out of range 0..%u",
			      p->scale, WL_SCALE_MAX);
	return 0;
}

int wl_alloc(struct sim_ctx *ctx, struct wl_mem *m, uint32_t bytes,
	     const char *what, uint32_t *va, char *err, size_t len)
{
	int ret;

	if (m->n == WL_MAX_BUFS)
		return wl_err(err, len, "%s: too many buffers", what);
	if (!bytes)
		return wl_err(err, len, "%s: zero-sized buffer", what);
	ret = sim_alloc(ctx, bytes, SIM_BO_READ | SIM_BO_WRITE, va);
	if (ret) {
		wl_err(err, len, "%s: cannot allocate %u bytes: %s", what,
		       bytes, strerror(-ret));
		return ret;
	}
	m->buf[m->n].va = *va;
	m->buf[m->n].bytes = bytes;
	m->n++;
	return 0;
}

int wl_alloc_copy(struct sim_ctx *ctx, struct wl_mem *m, const void *src,
		  uint32_t bytes, const char *what, uint32_t *va, char *err,
		  size_t len)
{
	int ret = wl_alloc(ctx, m, bytes, what, va, err, len);

	if (ret)
		return ret;
	ret = sim_write(ctx, *va, src, bytes);
	if (ret)
		wl_err(err, len, "%s: write failed: %s", what, strerror(-ret));
	return ret;
}

int wl_download(struct sim_ctx *ctx, uint32_t va, void *dst, uint32_t bytes,
		const char *what, char *err, size_t len)
{
	int ret = sim_read(ctx, va, dst, bytes);

	if (ret)
		wl_err(err, len, "%s: read back failed: %s", what,
		       strerror(-ret));
	return ret;
}

int wl_check_ptr(const struct wl_mem *m, uint32_t va, uint64_t count,
		 uint32_t elem, const char *what, char *err, size_t len)
{
	uint64_t need = count * elem;

	if (!va)
		return wl_err(err, len, "%s: null buffer", what);
	if (!count)
		return wl_err(err, len, "%s: zero elements", what);
	if (va % elem)
		return wl_err(err, len, "%s: 0x%x not %u-byte aligned", what,
			      va, elem);
	for (unsigned int i = 0; i < m->n; i++) {
		const struct wl_buf *b = &m->buf[i];

		if (va < b->va || va - b->va >= b->bytes)
			continue;
		if (need > b->bytes - (va - b->va))
			return wl_err(err, len,
				      "%s: %llu elements (%llu bytes) at 0x%x overrun its %u-byte buffer at 0x%x",
				      what, (unsigned long long)count,
				      (unsigned long long)need, va, b->bytes,
				      b->va);
		return 0;
	}
	return wl_err(err, len, "%s: 0x%x is not a buffer of this run", what,
		      va);
}

int wl_load(struct sim_ctx *ctx, const char *elf, const char *name,
	    struct sim_kernel *k, char *err, size_t len)
{
	char path[4096];

	if (wl_elf_path(elf, path, sizeof(path)))
		return wl_err(err, len, "%s: kernel path too long", elf);
	return sim_load_kernel(ctx, path, name, k, err, len);
}

int wl_check_elf(const struct workload *wl, char *err, size_t len)
{
	char path[4096], kerr[256];
	struct kelf_image img;

	if (wl_elf_path(wl->elf, path, sizeof(path)))
		return wl_err(err, len, "%s: kernel path too long", wl->elf);
	if (kelf_load_file(path, &img, kerr, sizeof(kerr)))
		return wl_err(err, len,
			      "workload %s: bad kernel binary: %s (kernel dir %s)",
			      wl->name, kerr, wl_kernel_dir());
	kelf_free(&img);
	return 0;
}

void wl_launch_1d(struct sim_launch *l, const struct sim_kernel *k,
		  uint32_t grid, uint32_t block, uint32_t args_va)
{
	memset(l, 0, sizeof(*l));
	l->k = *k;
	l->grid[0] = grid;
	l->grid[1] = l->grid[2] = 1;
	l->block[0] = block;
	l->block[1] = l->block[2] = 1;
	l->args_va = args_va;
}

int wl_next_once(const struct sim_launch *launch, int *launched,
		 struct sim_launch *l)
{
	if (*launched)
		return 0;
	*l = *launch;
	*launched = 1;
	return 1;
}

uint32_t wl_div_up(uint32_t n, uint32_t block)
{
	return (uint32_t)(((uint64_t)n + block - 1) / block);
}

int wl_check_1d_cover(const struct sim_launch *l, uint32_t n,
		      const char *what, char *err, size_t len)
{
	uint64_t threads = (uint64_t)l->grid[0] * l->block[0];

	if (!n)
		return wl_err(err, len, "%s: zero elements", what);
	if (l->grid[1] != 1 || l->grid[2] != 1 || l->block[1] != 1 ||
	    l->block[2] != 1)
		return wl_err(err, len, "%s: needs a 1-D launch, got grid %ux%ux%u block %ux%ux%u",
			      what, l->grid[0], l->grid[1], l->grid[2],
			      l->block[0], l->block[1], l->block[2]);
	if (threads < n)
		return wl_err(err, len, "%s: grid %u x block %u = %llu threads do not cover %u elements",
			      what, l->grid[0], l->block[0],
			      (unsigned long long)threads, n);
	return 0;
}

int wl_compare_u32(const uint32_t *ref, const uint32_t *got, uint32_t n,
		   const char *what, char *err, size_t len)
{
	uint32_t bad = 0, first = 0;

	for (uint32_t i = 0; i < n; i++) {
		if (ref[i] != got[i] && !bad++)
			first = i;
	}
	if (!bad)
		return 0;
	wl_err(err, len, "%s: %u of %u wrong, first [%u] = %u (0x%x), expected %u (0x%x)",
	       what, bad, n, first, got[first], got[first], ref[first],
	       ref[first]);
	return -EIO;
}

/* Map a float's bits onto a line where adjacent floats differ by one. */
static int64_t ordered_bits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u >> 31 ? -(int64_t)(u & 0x7fffffff) : (int64_t)u;
}

int wl_compare_f64(const double *ref, const double *got, uint32_t n,
		   const char *what, char *err, size_t len)
{
	uint32_t bad = 0, first = 0;

	for (uint32_t i = 0; i < n; i++) {
		/* Bit patterns: NaN never matches, -0 differs from +0. */
		if (memcmp(&ref[i], &got[i], sizeof(double)) || ref[i] != ref[i]) {
			if (!bad++)
				first = i;
		}
	}
	if (!bad)
		return 0;
	wl_err(err, len, "%s: %u of %u wrong, first [%u] = %a (%.17g), expected %a (%.17g)",
	       what, bad, n, first, got[first], got[first], ref[first],
	       ref[first]);
	return -EIO;
}

int wl_compare_f32(const float *ref, const float *got, uint32_t n,
		   uint32_t max_ulps, const char *what, char *err,
		   size_t len)
{
	uint32_t bad = 0, first = 0;

	for (uint32_t i = 0; i < n; i++) {
		int64_t d = ordered_bits(ref[i]) - ordered_bits(got[i]);

		/* NaN never matches: no workload produces one. */
		if (ref[i] != ref[i] || got[i] != got[i] ||
		    (d < 0 ? -d : d) > max_ulps) {
			if (!bad++)
				first = i;
		}
	}
	if (!bad)
		return 0;
	wl_err(err, len, "%s: %u of %u beyond %u ulp, first [%u] = %a (%.9g), expected %a (%.9g)",
	       what, bad, n, max_ulps, first, (double)got[first],
	       (double)got[first], (double)ref[first], (double)ref[first]);
	return -EIO;
}
