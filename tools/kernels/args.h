/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Argument blocks of the device kernels, shared by the kernels (RV32,
 * ILP32) and the host workloads (LP64). Only fixed-size 32-bit fields:
 * GPU virtual addresses are uint32_t, scalars uint32_t/int32_t/float, so
 * the layout is the same on both sides (asserted below).
 */
#ifndef _CORUN_KERNELS_ARGS_H_
#define _CORUN_KERNELS_ARGS_H_

#include <stdint.h>

#define ARGS_ASSERT_SIZE(type, words)                                 \
	_Static_assert(sizeof(struct type) == 4 * (words),             \
		       #type " layout differs between host and device")

/* vecadd: c[i] = a[i] + b[i], i < n (float) */
struct vecadd_args {
	uint32_t a, b, c;
	uint32_t n;
};
ARGS_ASSERT_SIZE(vecadd_args, 4);

/* saxpy: y[i] = alpha * x[i] + y[i], i < n (float, no FMA) */
struct saxpy_args {
	uint32_t x, y;
	uint32_t n;
	float alpha;
};
ARGS_ASSERT_SIZE(saxpy_args, 4);

/*
 * matmul: C[m x n] = A[m x k] * B[k x n], row-major float, computed in
 * MM_TILE x MM_TILE tiles through shared memory; blockDim = (MM_TILE,
 * MM_TILE), gridDim = (ceil(n / MM_TILE), ceil(m / MM_TILE)).
 */
#define MM_TILE 16
struct matmul_args {
	uint32_t a, b, c;
	uint32_t m, n, k;
};
ARGS_ASSERT_SIZE(matmul_args, 6);

/*
 * histogram: bins[in[i] % nbins]++ for i < n (uint32 input, uint32 bins,
 * bins zeroed by the host). Grid-stride loop: any grid size is correct.
 * The shared-memory variant needs nbins <= HIST_MAX_BINS.
 */
#define HIST_MAX_BINS 1024
struct hist_args {
	uint32_t in, bins;
	uint32_t n, nbins;
};
ARGS_ASSERT_SIZE(hist_args, 4);

/*
 * reduce: out[blockIdx.x] = sum of the block's share of in[0..n) (uint32,
 * wrapping), or, with atomic != 0, one atomicAdd into out[0]. blockDim.x
 * must be a power of two <= REDUCE_MAX_BLOCK; every thread first sums a
 * grid-stride slice, then the block reduces in shared memory.
 */
#define REDUCE_MAX_BLOCK 1024
struct reduce_args {
	uint32_t in, out;
	uint32_t n;
	uint32_t atomic;
};
ARGS_ASSERT_SIZE(reduce_args, 4);

/*
 * collatz: steps[i] = Collatz steps from in[i] down to 1, capped at
 * max_steps (the cap is reported as is). Inputs must be 1..COLLATZ_MAX_IN
 * so no trajectory overflows 32 bits.
 */
#define COLLATZ_MAX_IN (1u << 17)
struct collatz_args {
	uint32_t in, steps;
	uint32_t n;
	uint32_t max_steps;
};
ARGS_ASSERT_SIZE(collatz_args, 4);

/*
 * compute: COMPUTE_CHAINS independent FMA chains per thread,
 * x = fmaf(x, mul, add) repeated iters times, seeded from in[i]; the
 * chains are summed into out[i]. Arithmetic bound: no memory in the loop.
 */
#define COMPUTE_CHAINS 4
struct compute_args {
	uint32_t in, out;
	uint32_t n;
	uint32_t iters;
	float mul, add;
};
ARGS_ASSERT_SIZE(compute_args, 6);

/*
 * fault kernels (negative tests): only thread @thread of CTA @cta does the
 * bad thing, so the fault record's CTA, warp and lane can be checked.
 * @ptr and @value per kernel: fault_misaligned loads a word from @ptr;
 * fault_shared_oob stores to shared word @value (declared:
 * FAULT_SHARED_WORDS); fault_spin waits for the word at @ptr to become
 * non-zero (it never does); fault_assert asserts in[i] < @value for the
 * uint32 array @ptr.
 */
#define FAULT_SHARED_WORDS 64
struct fault_args {
	uint32_t cta, thread;
	uint32_t ptr;
	uint32_t value;
};
ARGS_ASSERT_SIZE(fault_args, 4);

/*
 * pathfinder: one launch advances the dynamic program over @steps rows,
 * starting at row @row (>= 1): dst[c] = cost of the cheapest path from
 * row 0 to (row + steps - 1, c), where a path moves down to the same or
 * an adjacent column and costs the sum of the wall cells it visits. src
 * holds the costs of row @row - 1. Each CTA of blockDim.x <= PF_BLOCK
 * threads computes blockDim.x - 2 * steps columns (a pyramid in shared
 * memory), so grid * (blockDim.x - 2 * steps) must cover @cols.
 */
#define PF_BLOCK 256
struct pathfinder_args {
	uint32_t wall;		/* int32 [rows][cols] */
	uint32_t src, dst;	/* int32 [cols] */
	uint32_t cols, rows;
	uint32_t row, steps;
};
ARGS_ASSERT_SIZE(pathfinder_args, 7);

/*
 * backprop: one input layer of n_in units (a multiple of BP_TILE) fully
 * connected to BP_HID hidden units, weights w[n_in][BP_HID] row-major.
 * Both kernels take blockDim = (BP_HID, BP_TILE): threadIdx.x is the
 * hidden unit, threadIdx.y the input within the CTA's tile of BP_TILE
 * inputs, and gridDim.x = n_in / BP_TILE tiles.
 *
 * bp_forward   partial[tile][j] = sum over the tile's inputs i of
 *              in[i] * w[i][j] (shared-memory tree over i)
 * bp_adjust    dw = eta * delta[j] * in[i] + momentum * oldw[i][j];
 *              w[i][j] += dw; oldw[i][j] = dw
 */
#define BP_HID 16
#define BP_TILE 16
struct bp_args {
	uint32_t in;		/* float [n_in] */
	uint32_t w, oldw;	/* float [n_in][BP_HID] */
	uint32_t partial;	/* float [n_in / BP_TILE][BP_HID] */
	uint32_t delta;		/* float [BP_HID] */
	uint32_t n_in;
	float eta, momentum;
};
ARGS_ASSERT_SIZE(bp_args, 8);

/*
 * bfs: breadth-first search levels over a CSR graph of @n nodes and @m
 * directed edges (neighbours of v: edges[offs[v] .. offs[v + 1])), one
 * thread per node, two launches per level:
 *
 * bfs_expand   v in the frontier (mask[v]): leave it, and give every
 *              unvisited neighbour u cost[v] + 1 and updating[u] = 1
 * bfs_update   u with updating[u]: joins the frontier and the visited
 *              set, and sets *over so the host runs another level
 *
 * All flags are uint32 words; cost is int32, -1 = unreached.
 */
struct bfs_args {
	uint32_t offs;		/* uint32 [n + 1] */
	uint32_t edges;		/* uint32 [m] */
	uint32_t mask, updating, visited;	/* uint32 [n] */
	uint32_t cost;		/* int32 [n] */
	uint32_t over;		/* uint32 [1] */
	uint32_t n, m;
};
ARGS_ASSERT_SIZE(bfs_args, 9);

/*
 * btree: queries on a B+tree built on the host (nodes in one array, node
 * indices as pointers). An inner node routes key k to child[i] for the
 * i with keys[i] <= k < keys[i + 1] (keys[0] is INT32_MIN, keys past
 * nkeys are ignored); a leaf holds nkeys < BT_ORDER sorted keys with
 * their values in child[]. @first is the position, among all keys in
 * order, of the smallest key under the node. Every leaf is @height inner levels below @root.
 * One CTA of BT_ORDER threads per query (thread i looks at slot i):
 *
 * bt_find    keys: int32 [nq]; out[q] = the value of keys[q], or
 *            BT_NOT_FOUND (the host fills out with it)
 * bt_range   keys: int32 [nq][2] = lo, hi (lo <= hi); out[q][0] = the
 *            position of the first key >= lo, out[q][1] = how many keys
 *            lie in [lo, hi]
 */
#define BT_ORDER 64
#define BT_NOT_FOUND 0xffffffffu
struct bt_node {
	int32_t keys[BT_ORDER];
	uint32_t child[BT_ORDER];
	uint32_t nkeys, leaf, first, pad;
};
_Static_assert(sizeof(struct bt_node) == 8 * BT_ORDER + 16,
	       "bt_node layout differs between host and device");
struct bt_args {
	uint32_t nodes;		/* struct bt_node [nnodes] */
	uint32_t nnodes, root, height;
	uint32_t keys, out;
	uint32_t nq;
};
ARGS_ASSERT_SIZE(bt_args, 7);

/*
 * lbm: one D2Q9 lattice-Boltzmann time step on an nx x ny periodic grid
 * (see lbm.h for the cell update). Distributions are structure of
 * arrays, f[i][y][x] for the 9 directions; one thread per cell, 1-D
 * launch covering nx * ny; src and dst are separate buffers.
 */
struct lbm_args {
	uint32_t src, dst;	/* float [9][ny][nx] */
	uint32_t obst;		/* uint32 [ny][nx], non-zero = solid */
	uint32_t nx, ny;
	float omega;
};
ARGS_ASSERT_SIZE(lbm_args, 6);

/*
 * sad: block sum of absolute differences for motion estimation. For
 * every 4x4 block of the current frame and every displacement (dx, dy)
 * in [-SAD_R, SAD_R]^2 (position p = (dy + R) * SAD_SIDE + dx + R), the
 * SAD against the reference frame, with reference pixels outside the
 * frame clamped to the edge. w and h are multiples of 8.
 *
 * sad_4x4  one CTA per 4x4 block (grid = (w / 4) * (h / 4)), any
 *          blockDim.x: threads stride over the SAD_POS positions;
 *          sad4[b][p], blocks in row-major order
 * sad_8x8  one thread per (8x8 block, position): the sum of its four
 *          4x4 SADs, sad8[b][p]; 1-D launch covering (w/8)(h/8)SAD_POS
 */
#define SAD_R 8
#define SAD_SIDE (2 * SAD_R + 1)
#define SAD_POS (SAD_SIDE * SAD_SIDE)
struct sad_args {
	uint32_t cur, ref;	/* uint8 [h][w] */
	uint32_t sad4;		/* uint32 [(w/4)(h/4)][SAD_POS] */
	uint32_t sad8;		/* uint32 [(w/8)(h/8)][SAD_POS] */
	uint32_t w, h;
};
ARGS_ASSERT_SIZE(sad_args, 6);

/*
 * kmeans: member[p] = the index of the centre nearest to point p
 * (squared Euclidean distance summed over the features in order, first
 * centre on ties). Points are feature-major, feat[f][np]; centres
 * row-major, centers[c][nf], staged in shared memory, so nc * nf <=
 * KM_MAX_CENTER_FLOATS. One thread per point, 1-D launch covering np.
 */
#define KM_MAX_CENTER_FLOATS 1024
struct km_args {
	uint32_t feat;		/* float [nf][np] */
	uint32_t centers;	/* float [nc][nf] */
	uint32_t member;	/* uint32 [np] */
	uint32_t np, nf, nc;
};
ARGS_ASSERT_SIZE(km_args, 6);

/*
 * bucketsort: sort n uint32 keys by their top log2(nb) bits (bucket =
 * key >> shift, shift = 32 - log2(nb), 2 <= nb <= BS_MAX_NB a power of
 * two), then each bucket in shared memory. Four kernels, in order:
 *
 * bs_count    counts[b] += keys of bucket b (counts zeroed by the host;
 *             per-CTA shared histogram, grid-stride: any 1-D grid)
 * bs_prefix   one CTA of BS_SCAN_BLOCK threads: offsets[b] = cursor[b]
 *             = exclusive prefix sum of counts
 * bs_scatter  one thread per key: out[atomicAdd(&cursor[b], 1)] = key
 * bs_sort     one CTA per bucket: bitonic sort of out[offsets[b] ..
 *             + counts[b]) in shared memory, counts[b] <= BS_MAX_BUCKET
 */
#define BS_MAX_NB 1024
#define BS_SCAN_BLOCK 256
#define BS_MAX_BUCKET 2048
struct bs_args {
	uint32_t in, out;	/* uint32 [n] */
	uint32_t counts, offsets, cursor;	/* uint32 [nb] */
	uint32_t n, nb, shift;
};
ARGS_ASSERT_SIZE(bs_args, 8);

/*
 * fdtd2d: one time step of the 2-D finite-difference time-domain
 * (Yee) update on nx x ny row-major float fields, three kernels in
 * order, each one thread per (i, j) with a 2-D launch covering ny
 * columns (x) by nx rows (y):
 *
 * fdtd_ey   ey[0][j] = fict[t]; ey[i][j] -= 0.5 * (hz[i][j] - hz[i-1][j])
 * fdtd_ex   ex[i][j] -= 0.5 * (hz[i][j] - hz[i][j-1])      (j >= 1)
 * fdtd_hz   hz[i][j] -= 0.7 * (ex[i][j+1] - ex[i][j] + ey[i+1][j] -
 *                              ey[i][j])       (i < nx - 1, j < ny - 1)
 */
struct fdtd_args {
	uint32_t ex, ey, hz;	/* float [nx][ny] */
	uint32_t fict;		/* float [tmax] */
	uint32_t nx, ny;
	uint32_t t, tmax;
};
ARGS_ASSERT_SIZE(fdtd_args, 8);

/*
 * spmv: y = A x for a CSR matrix A (nrows x ncols, nnz non-zeros; row r
 * is cols/vals[rowptr[r] .. rowptr[r + 1])), float, one thread per row
 * accumulating in column-index order; 1-D launch covering nrows.
 */
struct spmv_args {
	uint32_t rowptr;	/* uint32 [nrows + 1] */
	uint32_t cols;		/* uint32 [nnz] */
	uint32_t vals;		/* float [nnz] */
	uint32_t x, y;		/* float [ncols], [nrows] */
	uint32_t nrows, ncols, nnz;
};
ARGS_ASSERT_SIZE(spmv_args, 8);

/*
 * cfd: explicit Euler solver on an unstructured mesh (see cfd.h for the
 * per-cell physics). Each cell has CFD_NNB faces: nbr[j][i] is the
 * neighbour across face j, or CFD_WALL / CFD_FARFIELD; normals[j][d][i]
 * the face normal (its length is the face area). Per iteration: one
 * cfd_factor (saves vars to old, computes the step factors sf), then
 * CFD_RK times cfd_flux and cfd_step (Runge-Kutta stage @rk:
 * vars = old + sf / (CFD_RK + 1 - rk) * flux). All 1-D launches
 * covering n.
 * The far-field state ff[] stands in for boundary neighbours.
 */
#define CFD_NVAR 5
#define CFD_NNB 4
#define CFD_RK 3
#define CFD_WALL (-1)
#define CFD_FARFIELD (-2)
struct cfd_args {
	uint32_t vars, old, flux;	/* float [CFD_NVAR][n] */
	uint32_t sf, area;		/* float [n] */
	uint32_t nbr;			/* int32 [CFD_NNB][n] */
	uint32_t normals;		/* float [CFD_NNB][3][n] */
	uint32_t n, rk;
	float ff[CFD_NVAR];
};
ARGS_ASSERT_SIZE(cfd_args, 9 + CFD_NVAR);

/*
 * lavamd: particle forces within a cutoff of neighbouring boxes. Space is
 * boxes1d^3 unit boxes (box b = (z * boxes1d + y) * boxes1d + x), each
 * holding npar <= LAV_MAX_PAR particles: rv[b * npar + i] = (x, y, z,
 * unused), charge qv[b * npar + i]. For every particle, fv = (potential,
 * force x, y, z) summed over all particles of its box and the up to 26
 * adjacent ones (no wrap), boxes in (dz, dy, dx) order, particles in
 * index order (see lavamd.h). One CTA per box, blockDim.x >= npar.
 */
#define LAV_MAX_PAR 128
struct lav_args {
	uint32_t rv;		/* float [nbox * npar][4] */
	uint32_t qv;		/* float [nbox * npar] */
	uint32_t fv;		/* float [nbox * npar][4] */
	uint32_t boxes1d, npar;
	float a2;		/* 2 * alpha^2 */
};
ARGS_ASSERT_SIZE(lav_args, 6);

#endif /* _CORUN_KERNELS_ARGS_H_ */
