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
 * The shared-memory variant needs nbins <= HIST_MAX_BINS; hist_bytes
 * reads bytes, bins[in[i]]++, and needs nbins = blockDim.x = 256.
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
 *              w[i][j] += dw; oldw[i][j] = dw (dw and the sum in double)
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
	uint32_t mask, updating, visited;	/* uint8 [n], Rodinia's bools */
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
 * the indices of their records in child[]. @first is the position, among
 * all keys in order, of the smallest key under the node. Every leaf is
 * @height inner levels below @root. One CTA of BT_ORDER threads per query
 * (thread i looks at slot i), as Rodinia's b+tree (order 256). A query's
 * walk state is in global memory, @walk[q][0..3], all set to @root by the
 * host before the launch:
 *
 * bt_find    keys: int32 [nq]; out[q] = the record of keys[q], or
 *            BT_NOT_FOUND (the host fills out with it)
 * bt_range   keys: int32 [nq][2] = lo, hi (lo <= hi); out[q][0] = the
 *            position of the first key >= lo, out[q][1] = how many keys
 *            lie in [lo, hi]
 */
#define BT_ORDER 256
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
	uint32_t walk;		/* uint32 [nq][4]: node lo, hi; child lo, hi */
	uint32_t records, nrecords;	/* uint32 [nrecords], leaf targets */
};
ARGS_ASSERT_SIZE(bt_args, 10);

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
 * bucketsort: Rodinia's hybrid sort on n uint32 keys. The keys go to nb
 * buckets by their top bits (bucket = key >> shift, shift = 32 -
 * log2(nb), 2 <= nb <= BS_MAX_NB a power of two); each bucket is then
 * merge-sorted in global memory. Buckets are laid out padded to a
 * multiple of 4 keys (poffs) in two ping-pong buffers of n + 3 nb keys
 * (src, dst); the pad keys are 0xffffffff. The kernels, in order:
 *
 * bs_count    ngrid CTAs of BS_BLOCK threads, grid-stride over the keys:
 *             ranks[i] = rank of key i among its CTA's keys of its
 *             bucket (a shared atomic), bcounts[cta][b] = the CTA's
 *             keys of bucket b, counts[b] += them (counts zeroed by
 *             the host)
 * bs_prefix   one CTA of BS_SCAN_BLOCK threads: offsets[b] = exclusive
 *             prefix sum of counts, poffs[b] = that of counts rounded
 *             up to 4, bcounts[cta][b] = poffs[b] + the bucket's keys in
 *             the CTAs before cta
 * bs_scatter  bs_count's grid and keys: dst[bcounts[cta][b] + ranks[i]]
 *             = key i (no global atomics)
 * bs_sort4    thread j of bucket b sorts dst[poffs[b] + 4j ..] + 4 in
 *             place, filling the bucket's pad keys
 * bs_merge    one pass: thread j of bucket b merges the sorted runs of
 *             run keys at 2j run and (2j + 1) run of the bucket in src
 *             into dst (run a multiple of 4)
 * bs_pack     thread j of bucket b: dst[offsets[b] + j] = src[poffs[b]
 *             + j], j < counts[b] (drops the pad keys)
 *
 * The last four map thread gid to bucket gid / tpb, j = gid % tpb, with
 * tpb set by the host from the largest bucket; a 1-D launch covers
 * nb * tpb threads.
 */
#define BS_MAX_NB 1024
#define BS_SCAN_BLOCK 256
#define BS_BLOCK 256
struct bs_args {
	uint32_t in, ranks;	/* uint32 [n] */
	uint32_t src, dst;	/* uint32 [n + 3 nb] */
	uint32_t counts, offsets, poffs;	/* uint32 [nb] */
	uint32_t bcounts;	/* uint32 [ngrid][nb] */
	uint32_t n, nb, shift, ngrid;
	uint32_t run, tpb;
};
ARGS_ASSERT_SIZE(bs_args, 14);

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
 * spmv: y = A x for a sparse A (nrows x ncols) in Parboil's JDS layout.
 * The rows are sorted by length, longest first; perm[i] is the row at
 * sorted position i. Diagonal k holds the k-th non-zero of every sorted
 * row that has one, at data/index[jds_ptr[k] + i], padded with zeros
 * (column 0) up to a multiple of SPMV_WARP rows. zcnt[w] is the length
 * of the longest row of the warp of positions w * SPMV_WARP.. (the number
 * of diagonals it loops over). One thread per sorted position; each row
 * accumulates in column order; 1-D launch covering nrows.
 */
#define SPMV_WARP 32
struct spmv_args {
	uint32_t data;		/* float [len] */
	uint32_t index;		/* uint32 [len], columns */
	uint32_t perm;		/* uint32 [nrows] */
	uint32_t jds_ptr;	/* uint32 [ndiag] */
	uint32_t zcnt;		/* uint32 [nrows / SPMV_WARP, rounded up] */
	uint32_t x, y;		/* float [ncols], [nrows] */
	uint32_t nrows, ncols, ndiag, len;
};
ARGS_ASSERT_SIZE(spmv_args, 11);

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
 * unused), charge qv[b * npar + i], all double as in Rodinia. For every
 * particle, fv = (potential, force x, y, z) summed over all particles of
 * its box and the up to 26 adjacent ones (no wrap), boxes in (dz, dy, dx)
 * order, particles in index order (see lavamd.h). One CTA per box,
 * blockDim.x >= npar.
 */
#define LAV_MAX_PAR 128
struct lav_args {
	uint32_t rv;		/* double [nbox * npar][4] */
	uint32_t qv;		/* double [nbox * npar] */
	uint32_t fv;		/* double [nbox * npar][4] */
	uint32_t boxes1d, npar;
	float a2;		/* 2 * alpha^2, used as a double */
};
ARGS_ASSERT_SIZE(lav_args, 6);

/*
 * hotspot: @steps time steps of the HotSpot thermal model on a rows x
 * cols row-major float grid in one launch, by the pyramid (ghost zone)
 * method: each CTA of HS_BLOCK x HS_BLOCK threads loads a tile of
 * temp_in and power whose outer @ph cells are a halo, applies
 * hotspot_cell (hotspot.h; a neighbour outside the grid is the cell
 * itself) @steps times in shared memory, the computed region shrinking
 * by one cell per side per step, and stores the tile's inner
 * (HS_BLOCK - 2 ph)^2 cells to temp_out. CTA (bx, by) covers rows from
 * by * (HS_BLOCK - 2 ph) and columns from bx * (HS_BLOCK - 2 ph); the
 * grid covers cols (x) by rows (y). 1 <= steps <= ph, 2 ph < HS_BLOCK;
 * temp_out must not alias temp_in or power.
 */
#define HS_BLOCK 16
struct hotspot_args {
	uint32_t temp_in, temp_out, power;	/* float [rows][cols] */
	uint32_t rows, cols;
	uint32_t ph;		/* pyramid height: halo width of a tile */
	uint32_t steps;		/* time steps of this launch */
	float sdc, rx1, ry1, rz1, amb;
};
ARGS_ASSERT_SIZE(hotspot_args, 12);

/*
 * srad: speckle-reducing anisotropic diffusion of a rows x cols
 * row-major float image J (srad.h), two kernels per iteration, each one
 * thread per pixel on a 2-D launch of SRAD_BLOCK x SRAD_BLOCK CTAs
 * covering cols (x) by rows (y):
 *
 * srad_reduce   (v1) partial[2 * b], partial[2 * b + 1] = sum of J and
 *               of J * J over the SRAD_BLOCK^2 pixels of CTA b = blockIdx.y
 *               * gridDim.x + blockIdx.x (0 outside the image), a
 *               shared-memory tree: s[t] += s[t + h] for h = 128, 64 .. 1
 * srad_1        c, dn, ds, dw, de of every pixel from J and q0sqr
 *               (srad_coef); global memory (v1)
 * srad_2        J += 0.25 lambda div (srad_update); global memory (v1)
 * srad2_1/_2    the same with J and c staged in shared tiles (v2)
 */
#define SRAD_BLOCK 16
struct srad_args {
	uint32_t j, c;			/* float [rows][cols] */
	uint32_t dn, ds, dw, de;	/* float [rows][cols] */
	uint32_t partial;		/* float [2 * CTAs], srad_reduce */
	uint32_t rows, cols;
	float q0sqr, lambda;
};
ARGS_ASSERT_SIZE(srad_args, 11);

/*
 * nw: Needleman-Wunsch global alignment scores. score is the (n + 1) x
 * (n + 1) row-major int32 matrix, row 0 and column 0 preset to -i * pen;
 * sim[i][j] (same shape, row/column 0 unused) is the substitution score
 * of residue i of one sequence against residue j of the other:
 *
 *   score[i][j] = max(score[i-1][j-1] + sim[i][j], score[i-1][j] - pen,
 *                     score[i][j-1] - pen)
 *
 * The interior is tiled in NW_B x NW_B blocks (n a multiple of NW_B, nb =
 * n / NW_B per side); launch @diag (0 .. 2 nb - 2) computes the blocks
 * with bx + by == diag, CTA b taking bx = max(0, diag - nb + 1) + b, so
 * gridDim.x is the number of blocks on that anti-diagonal; blockDim.x =
 * NW_B, one thread per column of the block, sweeping the block's own
 * anti-diagonals in shared memory.
 */
#define NW_B 16
struct nw_args {
	uint32_t score, sim;	/* int32 [n + 1][n + 1] */
	uint32_t n, nb;
	int32_t pen;
	uint32_t diag;
};
ARGS_ASSERT_SIZE(nw_args, 6);

/*
 * lud: in-place blocked LU decomposition without pivoting of the n x n
 * row-major float matrix a (n a multiple of LUD_B, nb = n / LUD_B blocks
 * per side; L unit lower, U upper, both left in a). Step k (0 .. nb - 1)
 * is up to three launches:
 *
 * lud_diagonal   1 CTA of LUD_B threads: factor diagonal block (k, k)
 * lud_perimeter  2 (nb - k - 1) CTAs of LUD_B threads: CTA b < nb - k - 1
 *                solves U block (k, k + 1 + b), thread = column; the others
 *                L block (k + 1 + b - (nb - k - 1), k), thread = row
 * lud_internal   (nb - k - 1)^2 CTAs of LUD_B x LUD_B threads, CTA (x, y):
 *                block (k + 1 + y, k + 1 + x) -= L(., k) * U(k, .), the
 *                product summed over m = 0 .. LUD_B - 1 first
 *
 * The operation order of each element is lud_ref()'s (host/lud.c).
 */
#define LUD_B 16
struct lud_args {
	uint32_t a;		/* float [n][n] */
	uint32_t n, nb, k;
};
ARGS_ASSERT_SIZE(lud_args, 4);

/*
 * gaussian: forward elimination of the n x n row-major float system
 * a x = b, m[n][n] holding the multipliers. Per pivot t (0 .. n - 2):
 *
 * gaussian_fan1  m[i][t] = a[i][t] / a[t][t] for t < i < n; 1-D launch of
 *                at least n - 1 - t threads, thread k -> row t + 1 + k
 * gaussian_fan2  a[i][j] -= m[i][t] * a[t][j] for t < i < n, t <= j < n,
 *                and b[i] -= m[i][t] * b[t] (column thread 0); 2-D launch,
 *                x covering the n - t columns, y the n - 1 - t rows
 */
struct gaussian_args {
	uint32_t a, b, m;	/* float [n][n], [n], [n][n] */
	uint32_t n, t;
};
ARGS_ASSERT_SIZE(gaussian_args, 5);

/*
 * nn: dist[i] = sqrt((loc[i].lat - lat)^2 + (loc[i].lng - lng)^2) for
 * the n records loc (float lat, lng pairs), single precision with a
 * correctly rounded square root; 1-D launch covering n.
 */
struct nn_args {
	uint32_t loc;		/* float [n][2] */
	uint32_t dist;		/* float [n] */
	uint32_t n;
	float lat, lng;
};
ARGS_ASSERT_SIZE(nn_args, 5);

/*
 * stencil: one Jacobi step of the 3-D 7-point stencil on nx x ny x nz
 * float grids (x fastest): for every interior point
 *   anext = (top + bottom + north + south + east + west) * c1 - a0 * c0
 * summed in that order; boundary points are not written. 2-D launch of
 * ST_BX x ST_BY CTAs covering nx (x) by ny (y); each thread walks z.
 */
#define ST_BX 32
#define ST_BY 4
struct stencil_args {
	uint32_t a0, anext;	/* float [nz][ny][nx] */
	uint32_t nx, ny, nz;
	float c0, c1;
};
ARGS_ASSERT_SIZE(stencil_args, 7);

/*
 * conv2d: 3 x 3 convolution of the ni x nj row-major float image a into
 * b with the fixed PolyBench weights (conv2d.h), interior points only (i
 * in 1 .. ni - 2, j in 1 .. nj - 2); 2-D launch, x covering nj, y ni.
 */
struct conv2d_args {
	uint32_t a, b;		/* float [ni][nj] */
	uint32_t ni, nj;
};
ARGS_ASSERT_SIZE(conv2d_args, 4);

/*
 * convsep: separable convolution with the 2 CS_R + 1 taps h (float),
 * zero outside the w x h row-major image; 2-D launches of CS_BX x CS_BY
 * threads, each thread producing CS_STEPS outputs along the filtered
 * direction, so a CTA covers CS_BX CS_STEPS x CS_BY pixels (rows) or
 * CS_BX x CS_BY CS_STEPS (columns):
 *
 * convsep_rows  dst[y][x] = fma(src[y][x + k], taps[CS_R - k], sum) over
 *               k = -CS_R .. CS_R, in that order, from sum = 0
 * convsep_cols  the same along y
 */
#define CS_R 8
#define CS_BX 32
#define CS_BY 8
#define CS_STEPS 8
struct convsep_args {
	uint32_t src, dst;	/* float [h][w] */
	uint32_t taps;		/* float [2 CS_R + 1] */
	uint32_t w, h;
};
ARGS_ASSERT_SIZE(convsep_args, 5);

/*
 * blackscholes: call[i], put[i] = bs_option(price[i], strike[i],
 * years[i], r, v) (blackscholes.h) for i < n; 1-D launch covering n.
 */
struct blackscholes_args {
	uint32_t price, strike, years;	/* float [n] */
	uint32_t call, put;		/* float [n] */
	uint32_t n;
	float r, v;
};
ARGS_ASSERT_SIZE(blackscholes_args, 8);

/*
 * binomial: European call prices on a Cox-Ross-Rubinstein tree of
 * nsteps (<= BN_MAX_STEPS) steps, one CTA of BN_THREADS threads per
 * option (gridDim.x = nopt). Leaves: v[i] = max(s * bs_expf(vdt * (2 i -
 * nsteps)) - x, 0), i = 0 .. nsteps; then nsteps backward steps v[i] =
 * pu * v[i + 1] + pd * v[i] (pu, pd discounted), out[opt] = v[0].
 */
#define BN_MAX_STEPS 512
#define BN_THREADS 128
struct binomial_args {
	uint32_t s, x, vdt, pu, pd;	/* float [nopt] */
	uint32_t out;			/* float [nopt] */
	uint32_t nopt, nsteps;
};
ARGS_ASSERT_SIZE(binomial_args, 8);

/*
 * fwt: in-place fast Walsh-Hadamard transform of n = 2^log2n floats
 * (n >= FWT_TILE), stages of butterflies (x, y) -> (x + y, x - y) on
 * pairs (i, i + h) with h = n / 2, n / 4, .. 1 in that order:
 *
 * fwt_global  one stage h = 2^log2h >= FWT_TILE: n / 2 threads (1-D
 *             launch covering them), thread t -> i = (t / h) 2h + t % h
 * fwt_shared  every stage h < FWT_TILE: CTA b transforms elements
 *             b FWT_TILE .. + FWT_TILE in shared memory with FWT_TILE / 2
 *             threads, gridDim.x = n / FWT_TILE
 */
#define FWT_TILE 512
struct fwt_args {
	uint32_t data;		/* float [n] */
	uint32_t n, log2n, log2h;
};
ARGS_ASSERT_SIZE(fwt_args, 4);

/*
 * dwt2d: one level of the reversible 5/3 (LeGall) lifting wavelet
 * transform of the top-left w x h region (both even, >= 2) of a
 * row-major int32 image with row stride @stride (dwt2d.h):
 *
 * dwt_rows  row r: dst[r][i] = s_i, dst[r][w/2 + i] = d_i of src row r;
 *           2-D launch, x covering w / 2, y covering h
 * dwt_cols  the same down each column; x covering w, y covering h / 2
 */
struct dwt2d_args {
	uint32_t src, dst;	/* int32 [..][stride] */
	uint32_t stride, w, h;
};
ARGS_ASSERT_SIZE(dwt2d_args, 5);

/*
 * mriq: the Q matrix of non-Cartesian MRI reconstruction.
 *
 * mriq_phimag  k[i][3] = phi[i][0]^2 + phi[i][1]^2 for i < numk (1-D
 *              launch covering numk); k[i][0..2] are the sample's kx, ky,
 *              kz
 * mriq_q       for each voxel v < numx: qr[v], qi[v] = sum over samples i
 *              in order of mq_accum(k[i], x[v], y[v], z[v]) (mriq.h);
 *              1-D launch of MQ_CHUNK-thread CTAs covering numx, samples
 *              staged MQ_CHUNK at a time in shared memory
 */
#define MQ_CHUNK 256
struct mriq_args {
	uint32_t k;		/* float [numk][4]: kx, ky, kz, |phi|^2 */
	uint32_t phi;		/* float [numk][2] */
	uint32_t x, y, z;	/* float [numx] */
	uint32_t qr, qi;	/* float [numx] */
	uint32_t numk, numx;
};
ARGS_ASSERT_SIZE(mriq_args, 9);

/*
 * pvc: page view count. Each of the n records is a PVC_REC-byte URL
 * (zero padded); thread i hashes record i (pvc_hash, pvc.h) and counts
 * it in an open-addressing table of tsize (a power of two) slots: keys[s]
 * is 0 (empty) or a URL hash, counts[s] its views. Linear probing from
 * hash & (tsize - 1), claiming empty slots with atomicCAS, counting with
 * atomicAdd. npages bounds the number of distinct URLs (host-checked:
 * tsize >= 2 npages). 1-D launch covering n.
 */
#define PVC_REC 32
struct pvc_args {
	uint32_t recs;		/* uint8 [n][PVC_REC] */
	uint32_t keys, counts;	/* uint32 [tsize] */
	uint32_t n, tsize, npages;
};
ARGS_ASSERT_SIZE(pvc_args, 6);

/*
 * streamcluster: the pgain evaluation of candidate facility @x: for
 * every point i < n with coordinates coord[d][i] (d-major, d < dim <=
 * SC_MAX_DIM), weight w[i] and current cost cost[i]:
 *   xc = sc_dist(i, x) * w[i]     (streamcluster.h)
 *   sw[i] = xc < cost[i], save[i] = sw[i] ? cost[i] - xc : 0
 * 1-D launch covering n.
 */
#define SC_MAX_DIM 256
struct sc_args {
	uint32_t coord;		/* float [dim][n] */
	uint32_t w, cost;	/* float [n] */
	uint32_t sw;		/* uint32 [n] */
	uint32_t save;		/* float [n] */
	uint32_t n, dim, x;
};
ARGS_ASSERT_SIZE(sc_args, 8);

/*
 * pagerank: pull-based PageRank on a symmetric CSR graph of n vertices,
 * two kernels per iteration, 1-D launches covering n:
 *
 * pr_contrib  contrib[v] = rank[v] / deg(v) (0 for isolated vertices)
 * pr_pull     rank[v] = base + damp * (sum over v's list, in order, of
 *             contrib[u])
 */
struct pagerank_args {
	uint32_t rowptr;	/* uint32 [n + 1] */
	uint32_t cols;		/* uint32 [m] */
	uint32_t rank, contrib;	/* float [n] */
	uint32_t n, m;
	float base, damp;
};
ARGS_ASSERT_SIZE(pagerank_args, 8);

/*
 * sssp: multi-source single-source shortest paths by frontier-driven
 * Bellman-Ford rounds on a CSR graph with uint32 weights: every vertex v
 * with front[v] set clears it and relaxes its edges with atomicMin on
 * dist (INT32_MAX = unreached); a vertex whose distance drops gets
 * next[u] = 1 and *changed = 1. 1-D launch covering n.
 */
struct sssp_args {
	uint32_t rowptr, cols, w;	/* uint32 [n + 1], [m], [m] */
	uint32_t dist;			/* int32 [n] */
	uint32_t front, next;		/* uint32 [n] */
	uint32_t changed;		/* uint32 [1] */
	uint32_t n, m;
};
ARGS_ASSERT_SIZE(sssp_args, 9);

/*
 * mis: Luby-style maximal independent set with fixed priorities
 * prio[v] (ties broken by the vertex number), round r >= 1:
 *
 * mis_select  an undecided (state 0) vertex whose (prio, v) beats every
 *             undecided neighbour's sets sel[v] = r
 * mis_remove  an undecided vertex with sel[v] == r joins (state 1); one
 *             with a neighbour u, sel[u] == r, leaves (state 2); one that
 *             stays undecided sets *left = 1
 *
 * coloring: Jones-Plassmann, same priorities, round r >= 1 (one kernel):
 * an uncoloured vertex (color -1) whose (prio, v) beats every neighbour
 * that is uncoloured or was coloured in this round (cround == r) takes
 * the smallest colour no neighbour coloured in an earlier round has, and
 * cround[v] = r; one left uncoloured sets *left = 1.
 */
struct mis_args {
	uint32_t rowptr, cols;		/* uint32 [n + 1], [m] */
	uint32_t prio;			/* uint32 [n] */
	uint32_t state;			/* uint32 [n]: mis state or colour */
	uint32_t sel;			/* uint32 [n]: mis sel or cround */
	uint32_t left;			/* uint32 [1] */
	uint32_t n, m, round;
};
ARGS_ASSERT_SIZE(mis_args, 9);

/*
 * cutcp: pot[(k * ny + j) * nx + i] = cutcp_point(...) (cutcp.h) at
 * lattice point (i h, j h, k h) for the nx x ny x nz lattice; atoms
 * binned in nbx x nby x nbz cubes of side c covering the lattice box.
 * 1-D launch covering nx ny nz.
 */
struct cutcp_args {
	uint32_t atoms;		/* float [natoms][4] (x, y, z, q) */
	uint32_t start;		/* uint32 [nbins + 1] */
	uint32_t pot;		/* float [nx * ny * nz] */
	uint32_t nx, ny, nz;
	uint32_t nbx, nby, nbz, natoms;
	float h, c;
};
ARGS_ASSERT_SIZE(cutcp_args, 12);

/*
 * dxtc: compress the w x h (multiples of 4) image of 0x00BBGGRR pixels
 * in 4 x 4 blocks; one CTA of DXTC_THREADS threads per block, gridDim =
 * (w / 4, h / 4). Block b = by * (w / 4) + bx gets out[3 b] = i | j << 8
 * (the chosen endpoint pixels, dxtc.h), out[3 b + 1] = the 16 2-bit
 * indices, out[3 b + 2] = the error: the lowest-error pair, the lowest
 * pair number on ties.
 */
#define DXTC_THREADS 128
struct dxtc_args {
	uint32_t img;		/* uint32 [h][w] */
	uint32_t out;		/* uint32 [w / 4 * h / 4][3] */
	uint32_t w, h;
};
ARGS_ASSERT_SIZE(dxtc_args, 4);

/*
 * heartwall: track npts points from frame @f - 1 to frame @f (frames
 * w x h uint8, consecutive in @frames): one CTA of HW_THREADS threads
 * per point (gridDim.x = npts), thread c < HW_C scoring candidate offset
 * c (heartwall.h); the lowest SSD wins, the lowest c on ties. pos[p]
 * (x | y << 16) moves by the winner; track[(f - 1) npts + p] records the
 * new position and ssd[(f - 1) npts + p] its score.
 */
#define HW_THREADS 96
struct heartwall_args {
	uint32_t frames;	/* uint8 [nframes][h][w] */
	uint32_t pos;		/* uint32 [npts] */
	uint32_t track, ssd;	/* uint32 [nframes - 1][npts] */
	uint32_t w, h, nframes, npts, f;
};
ARGS_ASSERT_SIZE(heartwall_args, 9);

/*
 * sgemm: C = alpha * A * B^T + beta * C (Parboil's sgemm, "NT" form),
 * float, column-major: A is m x k (A[kk * m + i]), B^T is given as its
 * k x n transpose (bt[kk * n + j]) and C is m x n (c[j * m + i]).
 * Register blocked: a CTA of SG_TN x SG_TH threads (blockDim (16, 8))
 * computes an SG_TM x SG_TN block of C, thread (x, y) row y * SG_TN + x
 * of it, holding its SG_TN sums in registers; gridDim = (m / SG_TM,
 * n / SG_TN). m, n and k must be multiples of SG_TM, SG_TN and SG_TH.
 */
#define SG_TN 16
#define SG_TH 8
#define SG_TM (SG_TN * SG_TH)
struct sgemm_args {
	uint32_t a, bt, c;	/* float [k][m], [k][n], [n][m] */
	uint32_t m, n, k;
	float alpha, beta;
};
ARGS_ASSERT_SIZE(sgemm_args, 8);

#endif /* _CORUN_KERNELS_ARGS_H_ */
