// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * heartwall: tracking points through a sequence of frames by template
 * matching (after Rodinia heartwall, HW in the CCBP/IKRA lists; Szafaryn
 * et al., "Experiences accelerating MATLAB systems biology applications",
 * 2009; Che et al., IISWC 2009). One launch per frame, one CTA per
 * point; positions stay on the device from frame to frame. The frames
 * are a random smooth texture translated by a small periodic motion plus
 * noise, so the tracks follow the motion. check() tracks on the CPU with
 * heartwall.h and compares every position and score exactly.
 *
 * Sizes (w x h, frames, points): scale 0 = 64 x 64, 3, 3; scale 1 = 256 x
 * 256, 33, 256 (32 launches of 256 CTAs); each further scale doubles
 * the points.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wl.h"
#include <kernels/heartwall.h>

#define HWL_SEED 0x5eed0034u
#define HWL_MARGIN 16

struct wl_run {
	struct heartwall_args args;
	uint8_t *frames;
	uint32_t *pos0;
	uint32_t args_va;
	struct sim_kernel k;
	struct wl_mem mem;
	uint32_t launches;
};

void heartwall_ref(const uint8_t *frames, uint32_t w, uint32_t h,
		   uint32_t nframes, uint32_t npts, uint32_t *pos,
		   uint32_t *track, uint32_t *ssd)
{
	for (uint32_t f = 1; f < nframes; f++) {
		const uint8_t *cur = frames + (size_t)f * w * h;

		for (uint32_t p = 0; p < npts; p++) {
			int32_t x = (int32_t)(pos[p] & 0xffff);
			int32_t y = (int32_t)(pos[p] >> 16);
			uint32_t best = 0, bs = 0;

			for (uint32_t c = 0; c < HW_C; c++) {
				uint32_t s = hw_ssd(cur - w * h, cur, w, h, x,
						    y, c);

				if (!c || s < bs) {
					bs = s;
					best = c;
				}
			}
			x += (int32_t)(best % HW_S) - HW_R;
			y += (int32_t)(best / HW_S) - HW_R;
			x = x < 0 ? 0 : x >= (int32_t)w ? (int32_t)w - 1 : x;
			y = y < 0 ? 0 : y >= (int32_t)h ? (int32_t)h - 1 : y;
			pos[p] = (uint32_t)x | (uint32_t)y << 16;
			track[(f - 1) * npts + p] = pos[p];
			ssd[(f - 1) * npts + p] = bs;
		}
	}
}

int heartwall_validate(const struct wl_mem *m,
		       const struct heartwall_args *a,
		       const struct sim_launch *l, char *err, size_t len)
{
	uint64_t nt = (uint64_t)(a->nframes ? a->nframes - 1 : 0) * a->npts;
	int ret;

	if (!a->w || !a->h || a->w > 0xffff || a->h > 0xffff)
		return wl_err(err, len, "heartwall: frame %u x %u outside 1..65535",
			      a->w, a->h);
	if (a->f < 1 || a->f >= a->nframes)
		return wl_err(err, len, "heartwall: frame %u outside 1..%u",
			      a->f, a->nframes - 1);
	if ((ret = wl_check_ptr(m, a->frames,
				(uint64_t)a->nframes * a->w * a->h, 1,
				"heartwall frames", err, len)) ||
	    (ret = wl_check_ptr(m, a->pos, a->npts, 4, "heartwall positions",
				err, len)) ||
	    (ret = wl_check_ptr(m, a->track, nt, 4, "heartwall tracks", err,
				len)) ||
	    (ret = wl_check_ptr(m, a->ssd, nt, 4, "heartwall scores", err,
				len)))
		return ret;
	if (a->pos == a->track || a->pos == a->ssd || a->track == a->ssd)
		return wl_err(err, len, "heartwall: outputs alias");
	if (l->grid[0] != a->npts || l->grid[1] != 1 || l->grid[2] != 1 ||
	    l->block[0] != HW_THREADS || l->block[1] != 1 || l->block[2] != 1)
		return wl_err(err, len, "heartwall: needs %u CTAs of %u threads",
			      a->npts, HW_THREADS);
	return 0;
}

static void heartwall_destroy(struct wl_run *r)
{
	if (!r)
		return;
	free(r->frames);
	free(r->pos0);
	free(r);
}

static int heartwall_setup(struct sim_ctx *ctx, const struct wl_params *p,
			   struct wl_run **run, char *err, size_t len)
{
	static const int8_t motion[8][2] = {
		{ 0, 0 }, { 1, 0 }, { 2, 1 }, { 3, 2 },
		{ 2, 3 }, { 1, 2 }, { 0, 1 }, { -1, 0 },
	};
	struct heartwall_args *a;
	struct wl_rng rng;
	struct wl_run *r;
	uint8_t *tex = NULL;
	uint32_t fsz, tw;
	int ret;

	if ((ret = wl_check_scale(p, err, len)))
		return ret;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	a = &r->args;
	a->w = a->h = p->scale ? 256 : 64;
	a->nframes = p->scale ? 33 : 3;
	a->npts = p->scale ? 256u << (p->scale - 1) : 3;
	fsz = a->w * a->h;
	tw = a->w + 8;
	r->frames = malloc((size_t)a->nframes * fsz);
	r->pos0 = malloc(a->npts * sizeof(uint32_t));
	tex = malloc((size_t)tw * (a->h + 8));
	if (!r->frames || !r->pos0 || !tex) {
		ret = -ENOMEM;
		goto fail;
	}
	/* A texture of 4 x 4 random tiles, slightly larger than a frame. */
	wl_rng_init(&rng, wl_seed(p, HWL_SEED), 0);
	for (uint32_t y = 0; y < a->h + 8; y += 4)
		for (uint32_t x = 0; x < tw; x += 4) {
			uint8_t v = (uint8_t)wl_rng_below(&rng, 256);

			for (uint32_t j = 0; j < 4; j++)
				for (uint32_t i = 0; i < 4; i++)
					tex[(y + j) * tw + x + i] = v;
		}
	for (uint32_t f = 0; f < a->nframes; f++) {
		uint32_t ox = (uint32_t)(4 + motion[f % 8][0]);
		uint32_t oy = (uint32_t)(4 + motion[f % 8][1]);

		for (uint32_t y = 0; y < a->h; y++)
			for (uint32_t x = 0; x < a->w; x++) {
				int32_t v = tex[(y + oy) * tw + x + ox] - 8 +
					    (int32_t)wl_rng_below(&rng, 17);

				r->frames[(size_t)f * fsz + y * a->w + x] =
					(uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
			}
	}
	for (uint32_t i = 0; i < a->npts; i++) {
		uint32_t x = HWL_MARGIN + wl_rng_below(&rng, a->w - 2 * HWL_MARGIN);
		uint32_t y = HWL_MARGIN + wl_rng_below(&rng, a->h - 2 * HWL_MARGIN);

		r->pos0[i] = x | y << 16;
	}
	if ((ret = wl_load(ctx, "heartwall.elf", "heartwall", &r->k, err,
			   len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->frames,
				 a->nframes * fsz, "heartwall frames",
				 &a->frames, err, len)) ||
	    (ret = wl_alloc_copy(ctx, &r->mem, r->pos0, a->npts * 4,
				 "heartwall positions", &a->pos, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, (a->nframes - 1) * a->npts * 4,
			    "heartwall tracks", &a->track, err, len)) ||
	    (ret = wl_alloc(ctx, &r->mem, (a->nframes - 1) * a->npts * 4,
			    "heartwall scores", &a->ssd, err, len)))
		goto fail;
	if (sim_wl_args(ctx, a, sizeof(*a), &r->args_va)) {
		ret = wl_err(err, len, "heartwall: cannot place arguments");
		goto fail;
	}
	free(tex);
	*run = r;
	return 0;
fail:
	free(tex);
	heartwall_destroy(r);
	return ret;
}

static int heartwall_next(struct sim_ctx *ctx, struct wl_run *r,
			  struct sim_launch *l, char *err, size_t len)
{
	struct sim_launch launch;
	int ret;

	if (r->launches + 1 >= r->args.nframes)
		return 0;
	r->args.f = r->launches + 1;
	wl_launch_1d(&launch, &r->k, r->args.npts, HW_THREADS, r->args_va);
	ret = heartwall_validate(&r->mem, &r->args, &launch, err, len);
	if (ret)
		return ret;
	/* The previous launch has completed: the block may be rewritten. */
	if (sim_write(ctx, r->args_va, &r->args, sizeof(r->args)))
		return wl_err(err, len, "heartwall: cannot write arguments");
	r->launches++;
	*l = launch;
	return 1;
}

static int heartwall_check(struct sim_ctx *ctx, struct wl_run *r, char *err,
			   size_t len)
{
	uint32_t nt = (r->args.nframes - 1) * r->args.npts;
	uint32_t *pos = malloc(r->args.npts * sizeof(uint32_t));
	uint32_t *track = malloc(nt * sizeof(uint32_t));
	uint32_t *ssd = malloc(nt * sizeof(uint32_t));
	uint32_t *got = malloc(nt * sizeof(uint32_t));
	int ret;

	if (!pos || !track || !ssd || !got) {
		ret = -ENOMEM;
		goto out;
	}
	if (r->launches + 1 < r->args.nframes) {
		ret = wl_err(err, len, "heartwall: not all frames ran");
		goto out;
	}
	memcpy(pos, r->pos0, r->args.npts * sizeof(uint32_t));
	heartwall_ref(r->frames, r->args.w, r->args.h, r->args.nframes,
		      r->args.npts, pos, track, ssd);
	ret = wl_download(ctx, r->args.track, got, nt * 4, "heartwall tracks",
			  err, len);
	if (!ret)
		ret = wl_compare_u32(track, got, nt, "heartwall tracks", err,
				     len);
	if (!ret)
		ret = wl_download(ctx, r->args.ssd, got, nt * 4,
				  "heartwall scores", err, len);
	if (!ret)
		ret = wl_compare_u32(ssd, got, nt, "heartwall scores", err, len);
	if (!ret)
		ret = wl_download(ctx, r->args.pos, got, r->args.npts * 4,
				  "heartwall positions", err, len);
	if (!ret)
		ret = wl_compare_u32(pos, got, r->args.npts,
				     "heartwall positions", err, len);
out:
	free(pos);
	free(track);
	free(ssd);
	free(got);
	return ret;
}

const struct workload wl_heartwall = {
	.name = "heartwall",
	.elf = "heartwall.elf",
	.desc = "point tracking by SSD template matching, one launch per frame, one CTA per point (after Rodinia heartwall; Szafaryn et al. 2009)",
	.setup = heartwall_setup,
	.next = heartwall_next,
	.check = heartwall_check,
	.destroy = heartwall_destroy,
};
