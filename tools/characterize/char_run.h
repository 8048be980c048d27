/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-sim --characterize's own types: the measured runs and rows that
 * characterize.c fills and output.c writes as tables (text, CSV, JSON).
 */
#ifndef _CORUN_TOOLS_CHAR_RUN_H_
#define _CORUN_TOOLS_CHAR_RUN_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <corun/hw.h>
#include <gpu.h>

#include "characterize.h"

#define ERRLEN 512

/* What limits the CTAs one SM holds (occupancy()); output.c names them. */
enum occ_res { OCC_SLOTS, OCC_THREADS, OCC_REGS, OCC_SHARED, OCC_LOCAL,
	       OCC_NR };

/* One whole alone run. */
struct run_res {
	int ok;
	uint64_t cycles;
	struct corun_slot_counters c;
	uint32_t occ;			/* min CTAs/SM over the launches */
	uint32_t occ_res;		/* its limiting resource */
	char occ_kernel[32];
};

/* One workload's row (plain data: sent over a pipe by -j workers). */
struct row {
	char name[32];
	int ok;
	char msg[ERRLEN];
	struct run_res base, even, lat2x;
	double sweep_ipc[CHAR_MAX_WAYS + 1];
	int sweep_ok;
	/* derived */
	double ipc, thr, noc, dram, l2miss, rbh, mpki, rf, df, slow2x;
	double noc_even, dram_even;	/* at the even CTA share (Eq. 5) */
	double hsm_bd, hsm_bp;
	enum char_ccbp ccbp;
	u32 hsm;			/* enum hsm_class, HSM_NONE: not fitted */
	enum csi_class csi;
};

/*
 * struct char_out - what the tables print beside the rows
 * @cfg: the configuration of the base runs
 * @plat: the platform the driver reads from it
 * @hsm_fitted: @plat has an HSM fit
 * @scale, @seed: the workloads' parameters
 * @n_total: workloads selected (fewer rows make a partial table)
 */
struct char_out {
	const struct emu_config *cfg;
	const struct corun_policy_platform *plat;
	int hsm_fitted;
	uint32_t scale, seed;
	size_t n_total;
};

static inline double ratio(double a, double b)
{
	return b > 0 ? a / b : 0;
}

static inline double peak_ipc(const struct emu_config *c)
{
	return (double)c->num_sms * c->sm.schedulers * c->sm.issue_width *
	       c->warp_size;
}

/* The tables of rows[0..n) (output.c). */
void char_write_text(const struct char_out *o, FILE *f,
		     const struct row *rows, size_t n);
void char_write_csv(const struct char_out *o, FILE *f,
		    const struct row *rows, size_t n);
void char_write_json(const struct char_out *o, FILE *f,
		     const struct row *rows, size_t n);

#endif /* _CORUN_TOOLS_CHAR_RUN_H_ */
