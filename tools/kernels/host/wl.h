/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Internals shared by the workload implementations and the kernel tests:
 * the seeded generator, device buffers, argument/launch validation, the
 * output comparisons, and each family's validate and reference functions.
 */
#ifndef _CORUN_KERNELS_HOST_WL_H_
#define _CORUN_KERNELS_HOST_WL_H_

#include <stddef.h>
#include <stdint.h>

#include <sim/simhost.h>
#include <kernels/args.h>
#include <kernels/workload.h>

#define WL_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* --- generator: splitmix64, the same stream on every host ------------ */

struct wl_rng {
	uint64_t state;
};

void wl_rng_init(struct wl_rng *r, uint32_t seed, uint32_t stream);
uint32_t wl_rng_u32(struct wl_rng *r);
/* Uniform in [0, bound) for bound >= 1 (multiply-shift, tiny bias). */
uint32_t wl_rng_below(struct wl_rng *r, uint32_t bound);
/* Uniform float in [lo, hi) with 24 random mantissa bits. */
float wl_rng_float(struct wl_rng *r, float lo, float hi);

/* The seed to use: p->seed, or the workload's default when 0. */
uint32_t wl_seed(const struct wl_params *p, uint32_t dflt);

/* --- errors -------------------------------------------------------- */

/* Format into err (if any) and return -EINVAL. */
int wl_err(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Scale in 0..WL_SCALE_MAX, else -EINVAL. */
int wl_check_scale(const struct wl_params *p, char *err, size_t len);

/* --- device buffers ------------------------------------------------ */

#define WL_MAX_BUFS 8

struct wl_buf {
	uint32_t va;
	uint32_t bytes;
};

/* The buffers of one run: what argument pointers are checked against. */
struct wl_mem {
	struct wl_buf buf[WL_MAX_BUFS];
	unsigned int n;
};

/* Allocate @bytes (R+W) in @ctx, remember it in @m, *va = its VA. */
int wl_alloc(struct sim_ctx *ctx, struct wl_mem *m, uint32_t bytes,
	     const char *what, uint32_t *va, char *err, size_t len);
/* Allocate and fill with @bytes from @src. */
int wl_alloc_copy(struct sim_ctx *ctx, struct wl_mem *m, const void *src,
		  uint32_t bytes, const char *what, uint32_t *va, char *err,
		  size_t len);
int wl_download(struct sim_ctx *ctx, uint32_t va, void *dst, uint32_t bytes,
		const char *what, char *err, size_t len);

/*
 * Argument pointer @va must address @count elements of @elem bytes inside
 * one buffer of @m: catches null pointers, sizes larger than the buffer
 * and count == 0.
 */
int wl_check_ptr(const struct wl_mem *m, uint32_t va, uint64_t count,
		 uint32_t elem, const char *what, char *err, size_t len);

/* --- launches ------------------------------------------------------- */

/* Look up kernel @name in ELF @elf of the kernel directory. */
int wl_load(struct sim_ctx *ctx, const char *elf, const char *name,
	    struct sim_kernel *k, char *err, size_t len);

/* A 1-D launch of @k: grid x block threads, arguments at @args_va. */
void wl_launch_1d(struct sim_launch *l, const struct sim_kernel *k,
		  uint32_t grid, uint32_t block, uint32_t args_va);

/* CTAs needed for @n threads in blocks of @block. */
uint32_t wl_div_up(uint32_t n, uint32_t block);

/*
 * next() of a workload that launches once per run: *l = *launch the
 * first time (1), then 0; *launched remembers.
 */
int wl_next_once(const struct sim_launch *launch, int *launched,
		 struct sim_launch *l);

/*
 * One thread per element: a 1-D launch (y = z = 1) of at least @n
 * threads, n >= 1.
 */
int wl_check_1d_cover(const struct sim_launch *l, uint32_t n,
		      const char *what, char *err, size_t len);

/* --- checks --------------------------------------------------------- */

/* Exact comparison; the message names the first mismatch and counts. */
int wl_compare_u32(const uint32_t *ref, const uint32_t *got, uint32_t n,
		   const char *what, char *err, size_t len);

/*
 * Floats compared as IEEE bit patterns within @max_ulps units in the
 * last place (0: bit-exact). The kernels and references perform the same
 * single-precision operations in the same order, so every workload uses
 * 0; the parameter exists for kernels where that is impossible.
 */
int wl_compare_f32(const float *ref, const float *got, uint32_t n,
		   uint32_t max_ulps, const char *what, char *err,
		   size_t len);

/* Doubles, bit-exact (the same binary64 operations in the same order). */
int wl_compare_f64(const double *ref, const double *got, uint32_t n,
		   const char *what, char *err, size_t len);

/* --- per-family validation and CPU references (for the tests) ------- */

int vecadd_validate(const struct wl_mem *m, const struct vecadd_args *a,
		    const struct sim_launch *l, char *err, size_t len);
void vecadd_ref(const float *a, const float *b, float *c, uint32_t n);
int saxpy_validate(const struct wl_mem *m, const struct saxpy_args *a,
		   const struct sim_launch *l, char *err, size_t len);
void saxpy_ref(float alpha, const float *x, float *y, uint32_t n);

int matmul_validate(const struct wl_mem *m, const struct matmul_args *a,
		    const struct sim_launch *l, char *err, size_t len);
void matmul_ref(const float *a, const float *b, float *c, uint32_t m,
		uint32_t n, uint32_t k);

/* The histogram kernels: hist_global, hist_shared, hist_bytes. */
enum hist_mode { HIST_GLOBAL, HIST_SHARED, HIST_BYTES };
#define HIST_BYTE_BINS 256

int hist_validate(const struct wl_mem *m, const struct hist_args *a,
		  enum hist_mode mode, const struct sim_launch *l, char *err,
		  size_t len);
void hist_ref(const uint32_t *in, uint32_t n, uint32_t *bins,
	      uint32_t nbins);
void hist_bytes_ref(const uint8_t *in, uint32_t n, uint32_t *bins);

int reduce_validate(const struct wl_mem *m, const struct reduce_args *a,
		    const struct sim_launch *l, char *err, size_t len);
uint32_t reduce_ref(const uint32_t *in, uint32_t n);

int collatz_validate(const struct wl_mem *m, const struct collatz_args *a,
		     const struct sim_launch *l, char *err, size_t len);
uint32_t collatz_ref(uint32_t x, uint32_t max_steps);

int compute_validate(const struct wl_mem *m, const struct compute_args *a,
		     const struct sim_launch *l, char *err, size_t len);
float compute_ref(float in, float mul, float add, uint32_t iters);

int pathfinder_validate(const struct wl_mem *m,
			const struct pathfinder_args *a,
			const struct sim_launch *l, char *err, size_t len);
void pathfinder_ref(const int32_t *wall, uint32_t cols, uint32_t rows,
		    int32_t *out);

int bp_validate(const struct wl_mem *m, const struct bp_args *a,
		const struct sim_launch *l, char *err, size_t len);
void bp_forward_ref(const float *in, const float *w, uint32_t n_in,
		    float *partial);
void bp_adjust_ref(const float *in, const float *delta, uint32_t n_in,
		   float eta, float momentum, float *w, float *oldw);

int bfs_validate(const struct wl_mem *m, const struct bfs_args *a,
		 const struct sim_launch *l, char *err, size_t len);
void bfs_ref(const uint32_t *offs, const uint32_t *edges, uint32_t n,
	     uint32_t src, int32_t *cost);

int bt_validate(const struct wl_mem *m, const struct bt_args *a, int range,
		const struct sim_launch *l, char *err, size_t len);
void bt_find_ref(const int32_t *keys, const uint32_t *vals, uint32_t n,
		 const int32_t *q, uint32_t nq, uint32_t *out);
void bt_range_ref(const int32_t *keys, uint32_t n, const int32_t *q,
		  uint32_t nq, uint32_t *out);

int lbm_validate(const struct wl_mem *m, const struct lbm_args *a,
		 const struct sim_launch *l, char *err, size_t len);
void lbm_ref_step(const float *src, float *dst, const uint32_t *obst,
		  uint32_t nx, uint32_t ny, float omega);

int sad_validate(const struct wl_mem *m, const struct sad_args *a, int big,
		 const struct sim_launch *l, char *err, size_t len);
void sad_ref(const uint8_t *cur, const uint8_t *ref, uint32_t w, uint32_t h,
	     uint32_t *sad4, uint32_t *sad8);

int km_validate(const struct wl_mem *m, const struct km_args *a,
		const struct sim_launch *l, char *err, size_t len);
void km_assign_ref(const float *feat, const float *centers, uint32_t np,
		   uint32_t nf, uint32_t nc, uint32_t *member);

int bs_validate(const struct wl_mem *m, const struct bs_args *a,
		unsigned int kernel, const struct sim_launch *l, char *err,
		size_t len);
void bs_ref(const uint32_t *in, uint32_t n, uint32_t nb, uint32_t shift,
	    uint32_t *counts, uint32_t *offsets, uint32_t *out);

int fdtd_validate(const struct wl_mem *m, const struct fdtd_args *a,
		  const struct sim_launch *l, char *err, size_t len);
void fdtd_ref(float *ex, float *ey, float *hz, const float *fict,
	      uint32_t nx, uint32_t ny, uint32_t tmax);

int spmv_validate(const struct wl_mem *m, const struct spmv_args *a,
		  const struct sim_launch *l, char *err, size_t len);
void spmv_ref(const uint32_t *rowptr, const uint32_t *cols,
	      const float *vals, const float *x, uint32_t nrows, float *y);

int cfd_validate(const struct wl_mem *m, const struct cfd_args *a,
		 const struct sim_launch *l, char *err, size_t len);
void cfd_ref(float *vars, const float *area, const int32_t *nbr,
	     const float *normals, const float *ff, uint32_t n,
	     uint32_t iters);

int lav_validate(const struct wl_mem *m, const struct lav_args *a,
		 const struct sim_launch *l, char *err, size_t len);
void lav_ref(const double *rv, const double *qv, uint32_t boxes1d,
	     uint32_t npar, double a2, double *fv);

/* The workload tables (registry.c). */
extern const struct workload wl_vecadd, wl_saxpy, wl_matmul;
extern const struct workload wl_hist_global, wl_hist_shared, wl_hist_bytes;
extern const struct workload wl_reduce, wl_reduce_atomic;
extern const struct workload wl_collatz, wl_compute;
extern const struct workload wl_pathfinder, wl_backprop, wl_bfs, wl_btree;
extern const struct workload wl_lbm, wl_sad, wl_kmeans, wl_bucketsort;
extern const struct workload wl_fdtd2d, wl_spmv, wl_cfd, wl_lavamd;
int hotspot_validate(const struct wl_mem *m, const struct hotspot_args *a,
		     const struct sim_launch *l, char *err, size_t len);
void hotspot_ref(float *temp, const float *power, uint32_t rows,
		 uint32_t cols, uint32_t steps, const struct hotspot_args *a);

extern const struct workload wl_hotspot;
int srad_validate(const struct wl_mem *m, const struct srad_args *a,
		  unsigned int kernel, const struct sim_launch *l, char *err,
		  size_t len);
void srad_ref(float *j, uint32_t rows, uint32_t cols, uint32_t iters,
	      float lambda, const uint32_t *roi, float *const out[5]);
extern const struct workload wl_srad1;
extern const struct workload wl_srad2;
int nw_validate(const struct wl_mem *m, const struct nw_args *a,
		const struct sim_launch *l, char *err, size_t len);
void nw_ref(int32_t *score, const int32_t *sim, uint32_t n, int32_t pen);
extern const struct workload wl_nw;
int lud_validate(const struct wl_mem *m, const struct lud_args *a,
		 unsigned int kernel, const struct sim_launch *l, char *err,
		 size_t len);
void lud_ref(float *a, uint32_t n);
extern const struct workload wl_lud;
int gaussian_validate(const struct wl_mem *m, const struct gaussian_args *a,
		      unsigned int kernel, const struct sim_launch *l,
		      char *err, size_t len);
void gaussian_ref(float *a, float *b, float *m, uint32_t n);
extern const struct workload wl_gaussian;
int nn_validate(const struct wl_mem *m, const struct nn_args *a,
		const struct sim_launch *l, char *err, size_t len);
void nn_ref(const float *loc, uint32_t n, float lat, float lng, float *dist);
extern const struct workload wl_nn;
int sgemm_validate(const struct wl_mem *m, const struct sgemm_args *a,
		   const struct sim_launch *l, char *err, size_t len);
void sgemm_ref(const float *a, const float *bt, float *c, uint32_t m,
	       uint32_t n, uint32_t k, float alpha, float beta);
extern const struct workload wl_sgemm;
int stencil_validate(const struct wl_mem *m, const struct stencil_args *a,
		     const struct sim_launch *l, char *err, size_t len);
void stencil_ref(float *a, float *b, uint32_t nx, uint32_t ny, uint32_t nz,
		 uint32_t steps, float c0, float c1);
extern const struct workload wl_stencil;
int conv2d_validate(const struct wl_mem *m, const struct conv2d_args *a,
		    const struct sim_launch *l, char *err, size_t len);
void conv2d_ref(const float *a, float *b, uint32_t ni, uint32_t nj);
extern const struct workload wl_conv2d;
int convsep_validate(const struct wl_mem *m, const struct convsep_args *a,
		     int rows, const struct sim_launch *l, char *err,
		     size_t len);
void convsep_ref(const float *src, float *tmp, float *dst, const float *taps,
		 uint32_t w, uint32_t h);
extern const struct workload wl_convsep;
int blackscholes_validate(const struct wl_mem *m,
			  const struct blackscholes_args *a,
			  const struct sim_launch *l, char *err, size_t len);
void blackscholes_ref(const float *price, const float *strike,
		      const float *years, uint32_t n, float r, float v,
		      float *call, float *put);
extern const struct workload wl_blackscholes;
int binomial_validate(const struct wl_mem *m, const struct binomial_args *a,
		      const struct sim_launch *l, char *err, size_t len);
void binomial_ref(const float *s, const float *x, const float *vdt,
		  const float *pu, const float *pd, uint32_t nopt,
		  uint32_t nsteps, float *out);
extern const struct workload wl_binomial;
int fwt_validate(const struct wl_mem *m, const struct fwt_args *a,
		 unsigned int kernel, const struct sim_launch *l, char *err,
		 size_t len);
void fwt_ref(float *d, uint32_t n);
extern const struct workload wl_fwt;
int dwt2d_validate(const struct wl_mem *m, const struct dwt2d_args *a,
		   unsigned int kernel, const struct sim_launch *l, char *err,
		   size_t len);
void dwt2d_ref(int32_t *img, int32_t *tmp, uint32_t w, uint32_t h,
	       uint32_t levels);
extern const struct workload wl_dwt2d;
int mriq_validate(const struct wl_mem *m, const struct mriq_args *a,
		  unsigned int kernel, const struct sim_launch *l, char *err,
		  size_t len);
void mriq_ref(float *k, const float *phi, uint32_t numk, const float *x,
	      const float *y, const float *z, uint32_t numx, float *qr,
	      float *qi);
extern const struct workload wl_mriq;
int pvc_validate(const struct wl_mem *m, const struct pvc_args *a,
		 const struct sim_launch *l, char *err, size_t len);
uint32_t pvc_ref(const uint8_t *recs, uint32_t n, uint32_t *keys,
		 uint32_t *counts);
extern const struct workload wl_pvc;
int sc_validate(const struct wl_mem *m, const struct sc_args *a,
		const struct sim_launch *l, char *err, size_t len);
extern const struct workload wl_streamcluster;
int wl_graph_validate(const struct wl_mem *m, uint32_t rowptr,
		      uint32_t cols, uint32_t n, uint32_t nm,
		      const char *what, char *err, size_t len);
int pagerank_validate(const struct wl_mem *m, const struct pagerank_args *a,
		      const struct sim_launch *l, char *err, size_t len);
void pagerank_ref(const uint32_t *rowptr, const uint32_t *cols, uint32_t n,
		  uint32_t iters, float base, float damp, float *rank,
		  float *contrib);
extern const struct workload wl_pagerank, wl_pagerank_bal, wl_pagerank_rmat;
int sssp_validate(const struct wl_mem *m, const struct sssp_args *a,
		  const struct sim_launch *l, char *err, size_t len);
int mis_validate(const struct wl_mem *m, const struct mis_args *a,
		 const struct sim_launch *l, char *err, size_t len);
void sssp_ref(const uint32_t *rowptr, const uint32_t *cols,
	      const uint32_t *w, uint32_t n, const uint32_t *src,
	      uint32_t nsrc, int32_t *dist);
uint32_t mis_color_ref(const uint32_t *rowptr, const uint32_t *cols,
		       const uint32_t *prio, uint32_t n, int color,
		       uint32_t *state);
extern const struct workload wl_coloring, wl_coloring_bal, wl_coloring_rmat;
extern const struct workload wl_mis, wl_mis_bal, wl_mis_rmat;
extern const struct workload wl_sssp, wl_sssp_bal, wl_sssp_rmat;
int cutcp_validate(const struct wl_mem *m, const struct cutcp_args *a,
		   const struct sim_launch *l, char *err, size_t len);
void cutcp_ref(const struct cutcp_args *a, const float *atoms,
	       const uint32_t *start, float *pot);
extern const struct workload wl_cutcp;
int dxtc_validate(const struct wl_mem *m, const struct dxtc_args *a,
		  const struct sim_launch *l, char *err, size_t len);
void dxtc_ref(const uint32_t *img, uint32_t w, uint32_t h, uint32_t *out);
extern const struct workload wl_dxtc;
int heartwall_validate(const struct wl_mem *m,
		       const struct heartwall_args *a,
		       const struct sim_launch *l, char *err, size_t len);
void heartwall_ref(const uint8_t *frames, uint32_t w, uint32_t h,
		   uint32_t nframes, uint32_t npts, uint32_t *pos,
		   uint32_t *track, uint32_t *ssd);
extern const struct workload wl_heartwall;
extern const struct workload wl_fault_null, wl_fault_misaligned,
	wl_fault_shared_oob, wl_fault_spin, wl_fault_assert;

#endif /* _CORUN_KERNELS_HOST_WL_H_ */
