// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun firmware policy: TCM, Thread Cluster Memory scheduling (Kim,
 * Papamichael, Mutlu, Harchol-Balter, MICRO'10), DRAM_POLICY
 * CORUN_DRAM_TCM. dram.c selects it: the hardware runs
 * CORUN_DRAM_SLOT_PRIO and this file programs every S_DRAM_PRIO.
 *
 * Every DRAM_TCM_QUANTUM epochs, from each slot's counters over the
 * quantum just ended:
 *	intensity = 1000 * dram_accesses / warp_insns   (TCM's MPKI)
 *	bandwidth = dram_accesses                       (its attained service)
 *	RBL       = 1024 * dram_row_hits / dram_accesses
 *	BLP       = 1024 * mem_latency_sum / active_cycles
 * the slots that ran (retired a warp instruction) are sorted by
 * intensity, least first, ties by slot number. The latency cluster is the
 * longest head of that order whose bandwidth stays within
 * DRAM_TCM_THRESH / 1024 of the quantum's total; it gets the highest
 * priorities (15, 14, ...) in that order for the whole quantum. The rest,
 * the bandwidth cluster, comes below it, nicest first: niceness is the
 * slot's BLP rank minus its RBL rank within the cluster (more
 * parallelism is more fragile, more row hits more hostile), ties in
 * intensity order. Every DRAM_TCM_SHUFFLE epochs of the quantum TCM's
 * insertion shuffle takes one step (below). A slot that ran never drops
 * below priority 1 (beyond the 15th they share it); a slot idle in the
 * quantum gets 0, as do all until the first quantum ends.
 *
 * Where this departs from the paper, and why:
 * - The quantum and the shuffle interval are counted in epochs, not
 *   cycles. Epochs are GPU cycles (in lockstep the GPU waits at each one
 *   until the firmware is done), so the priorities change at the same GPU
 *   cycle in the VM and in corun-sim; the firmware tick counts MCU cycles,
 *   which run on while the GPU waits for the mailbox. TCM's 1 M-cycle
 *   quantum is 10 epochs of the driver's default 100 K cycles (the boot
 *   value); its 800-cycle shuffle interval is shorter than any epoch
 *   (DRM_CORUN_EPOCH_CYCLES_MIN), so the boot value shuffles every epoch.
 * - BLP: the model counts no per-slot bank occupancy. Memory-level
 *   parallelism stands for it: by Little's law mem_latency_sum /
 *   active_cycles is the slot's average number of L1 misses in flight.
 * - Bandwidth is DRAM accesses, not TCM's bank-busy cycles: every access
 *   moves one line.
 * - Only the insertion shuffle: TCM switches to a random shuffle when
 *   the cluster's BLP and RBL are alike, and a random source would make
 *   the run depend on something besides the counters.
 * - No history: each quantum's figures alone decide (the paper's
 *   figures are per quantum too).
 */
#include "fw.h"

/* The counters TCM reads, in struct fw_tcm's @last order. */
enum { TCM_INSNS, TCM_DRAM, TCM_HITS, TCM_LAT, TCM_ACTIVE, TCM_NR };

static const u32 tcm_ctr[TCM_NR] = {
	[TCM_INSNS] = FW_CTR(warp_insns),
	[TCM_DRAM] = FW_CTR(dram_accesses),
	[TCM_HITS] = FW_CTR(dram_row_hits),
	[TCM_LAT] = FW_CTR(mem_latency_sum),
	[TCM_ACTIVE] = FW_CTR(active_cycles),
};

/**
 * struct fw_tcm_fig - a slot's figures over the quantum just ended
 * @mpki: DRAM accesses per 1000 warp instructions
 * @dram: DRAM accesses
 * @rbl: row-buffer hits per access, 1/1024
 * @blp: L1 misses in flight on average, 1/1024
 */
struct fw_tcm_fig {
	u64 mpki;
	u64 dram;
	u32 rbl;
	u32 blp;
};

/**
 * struct fw_tcm - TCM's parameters and state
 * @thresh: CORUN_FW_P_DRAM_TCM_THRESH
 * @quantum: CORUN_FW_P_DRAM_TCM_QUANTUM
 * @shuffle: CORUN_FW_P_DRAM_TCM_SHUFFLE
 * @quanta: CORUN_FW_P_DRAM_TCM_QUANTA
 * @lat_mask: CORUN_FW_P_DRAM_TCM_LATENCY
 * @bw_mask: CORUN_FW_P_DRAM_TCM_BANDWIDTH
 * @prio: CORUN_FW_P_DRAM_TCM_PRIO per slot
 * @seq: fw.epoch_seq when the epochs below were last counted
 * @qepochs: epochs into the quantum
 * @sepochs: epochs since the quantum began or the last shuffle
 * @phase: the insertion shuffle's step, 0 .. 2 * @nbw - 1
 * @nlat: slots in the latency cluster
 * @nbw: slots in the bandwidth cluster
 * @bw: the bandwidth cluster, highest priority first
 * @last: per slot, the counters when the quantum began
 */
static struct fw_tcm {
	u32 thresh;
	u32 quantum;
	u32 shuffle;
	u32 quanta;
	u32 lat_mask;
	u32 bw_mask;
	u32 prio[CORUN_MAX_SLOTS];
	u32 seq;
	u32 qepochs;
	u32 sepochs;
	u32 phase;
	u32 nlat;
	u32 nbw;
	u8 bw[CORUN_MAX_SLOTS];
	u64 last[CORUN_MAX_SLOTS][TCM_NR];
} tcm;

bool fw_dram_tcm;

static void tcm_read(unsigned int slot, u64 *c)
{
	unsigned int i;

	for (i = 0; i < TCM_NR; i++)
		c[i] = fw_slot_counter(slot, tcm_ctr[i]);
}

/* The priority at @rank, 0 the first; a slot that ran gets at least 1. */
static u32 tcm_prio_of(u32 rank)
{
	return rank < CORUN_FW_DRAM_PRIO_MAX ? CORUN_FW_DRAM_PRIO_MAX - rank :
					       1;
}

static void tcm_write(unsigned int slot, u32 prio)
{
	tcm.prio[slot] = prio;
	fw_slot_wr(slot, CORUN_MCU_S_DRAM_PRIO, prio);
}

/* The bandwidth cluster's priorities, below the latency cluster's. */
static void tcm_program_bw(void)
{
	u32 i;

	for (i = 0; i < tcm.nbw; i++)
		tcm_write(tcm.bw[i], tcm_prio_of(tcm.nlat + i));
}

/* No quantum, no result: TCM's state when it is (re)selected. */
static void tcm_clear(void)
{
	unsigned int s;

	tcm.seq = fw.epoch_seq;
	tcm.qepochs = 0;
	tcm.sepochs = 0;
	tcm.phase = 0;
	tcm.nlat = 0;
	tcm.nbw = 0;
	tcm.quanta = 0;
	tcm.lat_mask = 0;
	tcm.bw_mask = 0;
	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		tcm.prio[s] = 0;
}

void fw_dram_tcm_start(void)
{
	unsigned int s;

	tcm_clear();
	for (s = 0; s < fw.num_slots; s++)
		tcm_read(s, tcm.last[s]);
}

/*
 * floor(1000 * @dram / @insns): one 32-bit DIVU while it fits (a
 * quantum's accesses below 2^22), the 128-bit loop beyond.
 */
static u64 tcm_per_kilo(u64 dram, u64 insns)
{
	if (!(dram >> 22) && !(insns >> 32))
		return (u32)dram * 1000u / (u32)insns;
	return fw_muldiv64(dram, 1000, insns);
}

/* Insert @s into @order[0..n-1], kept by intensity, after its equals. */
static void tcm_insert(u8 *order, u32 n, const struct fw_tcm_fig *f, u8 s)
{
	u32 i = n;

	for (; i > 0 && f[order[i - 1]].mpki > f[s].mpki; i--)
		order[i] = order[i - 1];
	order[i] = s;
}

/* How many slots of @set[0..n-1] have a smaller @key. */
static u32 tcm_rank(const u8 *set, u32 n, const u32 *key, u8 s)
{
	u32 i, r = 0;

	for (i = 0; i < n; i++)
		r += key[set[i]] < key[s];
	return r;
}

/* Order the bandwidth cluster by niceness, nicest first, stably. */
static void tcm_nice_sort(const struct fw_tcm_fig *f)
{
	int nice[CORUN_MAX_SLOTS];
	u32 blp[CORUN_MAX_SLOTS], rbl[CORUN_MAX_SLOTS];
	u32 i, j;
	u8 s;

	for (i = 0; i < tcm.nbw; i++) {
		blp[tcm.bw[i]] = f[tcm.bw[i]].blp;
		rbl[tcm.bw[i]] = f[tcm.bw[i]].rbl;
	}
	for (i = 0; i < tcm.nbw; i++) {
		s = tcm.bw[i];
		nice[s] = (int)tcm_rank(tcm.bw, tcm.nbw, blp, s) -
			  (int)tcm_rank(tcm.bw, tcm.nbw, rbl, s);
	}
	for (i = 1; i < tcm.nbw; i++) {
		s = tcm.bw[i];
		for (j = i; j > 0 && nice[tcm.bw[j - 1]] < nice[s]; j--)
			tcm.bw[j] = tcm.bw[j - 1];
		tcm.bw[j] = s;
	}
}

/* The quantum ended: measure, cluster, rank, program. */
static void tcm_quantum(void)
{
	struct fw_tcm_fig f[CORUN_MAX_SLOTS];
	u8 order[CORUN_MAX_SLOTS];
	u64 c[TCM_NR], d[TCM_NR], total = 0, sum = 0;
	unsigned int s, i, n = 0;

	for (s = 0; s < fw.num_slots; s++) {
		tcm_read(s, c);
		for (i = 0; i < TCM_NR; i++) {
			d[i] = c[i] - tcm.last[s][i];
			tcm.last[s][i] = c[i];
		}
		tcm.prio[s] = 0;
		if (!d[TCM_INSNS])
			continue;
		f[s].mpki = tcm_per_kilo(d[TCM_DRAM], d[TCM_INSNS]);
		f[s].dram = d[TCM_DRAM];
		f[s].rbl = fw_ratio1024(d[TCM_HITS], d[TCM_DRAM]);
		f[s].blp = fw_ratio1024(d[TCM_LAT], d[TCM_ACTIVE]);
		total += d[TCM_DRAM];
		tcm_insert(order, n++, f, (u8)s);
	}
	/* The latency cluster: the longest head within THRESH/1024 of all. */
	for (tcm.nlat = 0; tcm.nlat < n; tcm.nlat++) {
		sum += f[order[tcm.nlat]].dram;
		if (sum * CORUN_FW_DRAM_TCM_THRESH_ONE > tcm.thresh * total)
			break;
	}
	tcm.nbw = n - tcm.nlat;
	tcm.lat_mask = 0;
	tcm.bw_mask = 0;
	for (i = 0; i < n; i++) {
		if (i < tcm.nlat) {
			tcm.lat_mask |= BIT(order[i]);
			tcm.prio[order[i]] = tcm_prio_of(i);
		} else {
			tcm.bw_mask |= BIT(order[i]);
			tcm.bw[i - tcm.nlat] = order[i];
		}
	}
	tcm_nice_sort(f);
	tcm.phase = 0;
	tcm.quanta++;
	for (i = 0; i < tcm.nbw; i++)
		tcm.prio[tcm.bw[i]] = tcm_prio_of(tcm.nlat + i);
	for (s = 0; s < fw.num_slots; s++)
		tcm_write(s, tcm.prio[s]);
}

/*
 * One step of TCM's insertion shuffle over the N slots of the bandwidth
 * cluster (Kim et al.'s Algorithm 2, with rank 0 the highest here): in
 * steps 0 .. N-1 the slot at rank k = step moves to the top, the ones
 * above it down by one, which turns the nicest-first order into its
 * reverse; in steps N .. 2N-1 the top slot moves down to rank
 * N - 1 - (step - 1) mod N, back towards the niceness order. Nicer slots
 * spend more of the cycle near the top, and no slot starves.
 */
static void tcm_shuffle(void)
{
	u32 n = tcm.nbw, step = tcm.phase, k, i;
	u8 s;

	if (step < n) {
		s = tcm.bw[step];
		for (i = step; i > 0; i--)
			tcm.bw[i] = tcm.bw[i - 1];
		tcm.bw[0] = s;
	} else {
		k = n - 1 - (step - 1) % n;
		s = tcm.bw[0];
		for (i = 0; i < k; i++)
			tcm.bw[i] = tcm.bw[i + 1];
		tcm.bw[k] = s;
	}
	tcm.phase = (step + 1) % (2 * n);
}

static void tcm_epoch(void)
{
	u32 n;

	if (!fw_dram_tcm)
		return;
	/* Epochs that passed as one event count each. */
	n = fw.epoch_seq - tcm.seq;
	tcm.seq = fw.epoch_seq;
	if (n > CORUN_FW_DRAM_TCM_EPOCHS_MAX)
		n = CORUN_FW_DRAM_TCM_EPOCHS_MAX;
	tcm.qepochs += n;
	tcm.sepochs += n;
	if (tcm.qepochs >= tcm.quantum) {
		tcm.qepochs = 0;
		tcm.sepochs = 0;
		tcm_quantum();
	} else if (tcm.sepochs >= tcm.shuffle) {
		tcm.sepochs = 0;
		if (tcm.nbw > 1) {
			tcm_shuffle();
			tcm_program_bw();
		}
	}
}

static void tcm_init(void)
{
	tcm.thresh = CORUN_FW_DRAM_TCM_THRESH_BOOT;
	tcm.quantum = FW_DRAM_TCM_QUANTUM_DEFAULT;
	tcm.shuffle = FW_DRAM_TCM_SHUFFLE_DEFAULT;
	/* The counters are read when dram.c selects TCM. */
	fw_dram_tcm = false;
	tcm_clear();
}

static u32 *tcm_param(u32 base, u32 slot)
{
	switch (base) {
	case CORUN_FW_P_DRAM_TCM_THRESH:
		return &tcm.thresh;
	case CORUN_FW_P_DRAM_TCM_QUANTUM:
		return &tcm.quantum;
	case CORUN_FW_P_DRAM_TCM_SHUFFLE:
		return &tcm.shuffle;
	case CORUN_FW_P_DRAM_TCM_QUANTA:
		return &tcm.quanta;
	case CORUN_FW_P_DRAM_TCM_LATENCY:
		return &tcm.lat_mask;
	case CORUN_FW_P_DRAM_TCM_BANDWIDTH:
		return &tcm.bw_mask;
	case CORUN_FW_P_DRAM_TCM_PRIO:
		return &tcm.prio[slot];
	}
	return NULL;
}

/* The results are read-only. */
static bool tcm_param_valid(u32 base, u32 slot, u32 val)
{
	(void)slot;
	switch (base) {
	case CORUN_FW_P_DRAM_TCM_THRESH:
		return val <= CORUN_FW_DRAM_TCM_THRESH_ONE;
	case CORUN_FW_P_DRAM_TCM_QUANTUM:
	case CORUN_FW_P_DRAM_TCM_SHUFFLE:
		return val >= 1 && val <= CORUN_FW_DRAM_TCM_EPOCHS_MAX;
	}
	return false;
}

/* Read at every epoch: nothing to write now. */
static void tcm_param_apply(u32 base, u32 slot)
{
	(void)base;
	(void)slot;
}

const struct fw_policy fw_policy_dram_tcm = {
	.name = "dram_tcm",
	.features = CORUN_FW_FEAT_DRAM_TCM,
	.init = tcm_init,
	.param = tcm_param,
	.param_valid = tcm_param_valid,
	.param_apply = tcm_param_apply,
	.epoch = tcm_epoch,
};
