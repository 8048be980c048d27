// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: configuration files.
 *
 * One table describes every key (section, name, type, place in struct
 * emu_config, range); parsing, printing and hashing all walk it, so a key
 * can neither be silently ignored nor forgotten in the printed config.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <corun/hw.h>
#include <corun/kernel.h>

#include "config.h"

enum key_type {
	KT_U32, /* plain number */
	KT_SIZE, /* number with optional K/M/G suffix */
	KT_U64,
	KT_ENUM, /* one of names[] */
	KT_STR,
};

struct key {
	const char *section;
	const char *name;
	enum key_type type;
	size_t off;
	uint64_t min, max;
	const char *const *names; /* KT_ENUM, NULL-terminated */
};

/* enum emu_sched_policy: the four orders, then each with BMI */
static const char *const sched_names[] = {
	"lrr", "gto", "two_level", "kaware",
	"lrr_bmi", "gto_bmi", "two_level_bmi", "kaware_bmi", NULL
};
_Static_assert(sizeof(sched_names) / sizeof(sched_names[0]) ==
		       EMU_SCHED_NR + 1,
	       "a name per scheduler policy");
static const char *const noc_names[] = { "crossbar", "ring", "mesh", NULL };
static const char *const noc_vc_map_names[] = { "class", "slot", "cpu_gpu",
						NULL };
static const char *const dram_sched_names[] = { "frfcfs", "fcfs", NULL };
static const char *const l1_write_names[] = { "evict", "through", NULL };
static const char *const l1_local_names[] = { "global", "back", "back_alloc",
					      NULL };
static const char *const l1_subq_full_names[] = { "stall", "hold", NULL };
static const char *const timing_address_names[] = { "pa", "va", NULL };

#define OFF(f) offsetof(struct emu_config, f)
#define U32(s, n, f, lo, hi) { s, n, KT_U32, OFF(f), lo, hi, NULL }
#define SZ(s, n, f, lo, hi) { s, n, KT_SIZE, OFF(f), lo, hi, NULL }
#define FU(n, idx)                                                          \
	{ "fu", n "_latency", KT_U32, OFF(fu[idx].latency), 1, 10000, NULL }, \
	{ "fu", n "_interval", KT_U32, OFF(fu[idx].interval), 1, 10000, NULL }

static const struct key keys[] = {
	{ "gpu", "name", KT_STR, OFF(name), 1, EMU_CONFIG_NAME_LEN - 1, NULL },
	U32("gpu", "num_sms", num_sms, 1, CORUN_MAX_SMS),
	U32("gpu", "warp_size", warp_size, 1, EMU_MAX_WARP_SIZE),
	U32("gpu", "num_slots", num_slots, CORUN_MIN_SLOTS, CORUN_MAX_SLOTS),
	U32("gpu", "sm_mhz", sm_mhz, 1, 100000),
	U32("gpu", "noc_mhz", noc_mhz, 1, 100000),
	U32("gpu", "dram_mhz", dram_mhz, 1, 100000),
	{ "gpu", "epoch_cycles", KT_U64, OFF(epoch_cycles), 0, UINT32_MAX, NULL },
	{ "gpu", "insn_budget", KT_U64, OFF(insn_budget), 0, UINT64_MAX, NULL },
	{ "gpu", "timing_address", KT_ENUM, OFF(timing_address), 0, 0,
	  timing_address_names },

	U32("sm", "cta_slots", sm.cta_slots, 1, EMU_MAX_SM_CTAS),
	U32("sm", "max_threads", sm.max_threads, 1, 32 * EMU_MAX_SM_WARPS),
	SZ("sm", "regs", sm.regs, 1, 1u << 24),
	U32("sm", "reg_alloc_unit", sm.reg_alloc_unit, 1, 65536),
	SZ("sm", "shared_bytes", sm.shared_bytes, 0, CORUN_VA_SHARED_MAX),
	SZ("sm", "shared_alloc_unit", sm.shared_alloc_unit, 1, 65536),
	U32("sm", "shared_banks", sm.shared_banks, 1, 32),
	U32("sm", "shared_latency", sm.shared_latency, 1, 10000),
	SZ("sm", "local_bytes", sm.local_bytes, 1024, 1u << 30),
	U32("sm", "max_kernels", sm.max_kernels, 1, CORUN_MAX_SLOTS),
	U32("sm", "issue_period", sm.issue_period, 1, 1u << 24),
	U32("sm", "schedulers", sm.schedulers, 1, EMU_MAX_SCHEDULERS),
	{ "sm", "sched_policy", KT_ENUM, OFF(sm.sched_policy), 0, 0,
	  sched_names },
	U32("sm", "two_level_active", sm.two_level_active, 1, EMU_MAX_SM_WARPS),
	U32("sm", "issue_width", sm.issue_width, 1, 4),
	U32("sm", "ldst_units", sm.ldst_units, 1, 8),

	FU("alu", EMU_FU_ALU),
	FU("mul", EMU_FU_MUL),
	FU("div", EMU_FU_DIV),
	FU("fpu", EMU_FU_FPU),
	FU("fdiv", EMU_FU_FDIV),
	FU("sfu", EMU_FU_SFU),
	FU("ldst", EMU_FU_LDST),
	FU("dp", EMU_FU_DP),
	FU("ddiv", EMU_FU_DDIV),

	SZ("l1", "size", l1.size, 1024, 1u << 24),
	U32("l1", "ways", l1.ways, 1, 32), /* way masks are 32-bit */
	U32("l1", "line", l1.line, 32, 256),
	U32("l1", "latency", l1.latency, 1, 10000),
	U32("l1", "mshrs", l1.mshrs, 1, 4096),
	U32("l1", "mshr_merge", l1.mshr_merge, 1, 64),
	U32("l1", "missq_entries", l1.missq_entries, 1, 4096),
	U32("l1", "missq_subqueues", l1.missq_subqueues, 1, CORUN_MAX_SLOTS),
	U32("l1", "store_buffer", l1.store_buffer, 1, 4096),
	{ "l1", "write_policy", KT_ENUM, OFF(l1.write_policy), 0, 0,
	  l1_write_names },
	{ "l1", "local_write", KT_ENUM, OFF(l1.local_write), 0, 0,
	  l1_local_names },
	{ "l1", "subq_full", KT_ENUM, OFF(l1.subq_full), 0, 0,
	  l1_subq_full_names },
	U32("l1", "irc_window", l1.irc_window, 1, 1u << 20),
	SZ("l1", "ro_size", l1.ro_size, 0, 1u << 24),
	U32("l1", "ro_ways", l1.ro_ways, 1, 32),

	{ "noc", "topology", KT_ENUM, OFF(noc.topology), 0, 0, noc_names },
	U32("noc", "flit_bytes", noc.flit_bytes, 4, 256),
	U32("noc", "vcs", noc.vcs, 1, CORUN_MAX_VCS),
	U32("noc", "vc_buffer", noc.vc_buffer, 1, 1024),
	U32("noc", "latency", noc.latency, 1, 10000),
	{ "noc", "vc_map", KT_ENUM, OFF(noc.vc_map), 0, 0, noc_vc_map_names },
	U32("noc", "cpu_vcs", noc.cpu_vcs, 0, CORUN_MAX_VCS - 1),
	U32("noc", "strict_priority", noc.strict_priority, 0, 1),
	U32("noc", "ring_stops", noc.ring_stops, 0, 1024),
	U32("noc", "mesh_x", noc.mesh_x, 0, 64),
	U32("noc", "mesh_y", noc.mesh_y, 0, 64),

	U32("l2", "banks", l2.banks, 1, 256),
	SZ("l2", "bank_size", l2.bank_size, 1024, 1u << 28),
	U32("l2", "ways", l2.ways, 1, 64),
	U32("l2", "line", l2.line, 32, 256),
	U32("l2", "mshrs", l2.mshrs, 1, 4096),
	U32("l2", "latency", l2.latency, 1, 100000),
	U32("l2", "mshr_merge", l2.mshr_merge, 1, 64),
	U32("l2", "queue", l2.queue, 1, 4096),

	U32("dram", "channels", dram.channels, 1, CORUN_MAX_DRAM_CHANNELS),
	U32("dram", "banks", dram.banks, 1, 64),
	U32("dram", "bank_groups", dram.bank_groups, 1, 16),
	SZ("dram", "row_bytes", dram.row_bytes, 256, 65536),
	U32("dram", "bus_bytes", dram.bus_bytes, 1, 1024),
	U32("dram", "queue", dram.queue, 1, 4096),
	{ "dram", "sched", KT_ENUM, OFF(dram.sched), 0, 0, dram_sched_names },
	U32("dram", "row_hit_cap", dram.row_hit_cap, 0, 1024),
	U32("dram", "latency", dram.latency, 1, 100000),
	U32("dram", "tRCD", dram.tRCD, 1, 1000),
	U32("dram", "tCL", dram.tCL, 1, 1000),
	U32("dram", "tRP", dram.tRP, 1, 1000),
	U32("dram", "tRAS", dram.tRAS, 1, 1000),
	U32("dram", "tRC", dram.tRC, 1, 1000),
	U32("dram", "tRRD", dram.tRRD, 1, 1000),
	U32("dram", "tFAW", dram.tFAW, 1, 1000),
	U32("dram", "tWTR", dram.tWTR, 1, 1000),
	U32("dram", "tCCD", dram.tCCD, 1, 1000),
	U32("dram", "tWL", dram.tWL, 1, 1000),
	U32("dram", "tRTP", dram.tRTP, 1, 1000),
	U32("dram", "tWR", dram.tWR, 1, 1000),
	U32("dram", "burst_length", dram.burst_length, 0, 256),
	U32("dram", "cpu_priority", dram.cpu_priority, 0, 1),
	U32("dram", "tREFI", dram.tREFI, 0, 1000000),
	U32("dram", "tRFC", dram.tRFC, 1, 10000),
	U32("dram", "tCCDL", dram.tCCDL, 1, 1000),
	U32("dram", "tRRDL", dram.tRRDL, 1, 1000),
	SZ("dram", "interleave", dram.interleave, 0, 65536),

	U32("calib", "noc_sustainable", calib.noc_sustainable, 0, UINT32_MAX),
	U32("calib", "dram_sustainable", calib.dram_sustainable, 0, UINT32_MAX),
	U32("calib", "hsm_c1", calib.hsm_c1, 0, CORUN_HSM_FIT_ONE),
	U32("calib", "hsm_c2", calib.hsm_c2, 0, CORUN_HSM_FIT_ONE),
};

#define NKEYS (sizeof(keys) / sizeof(keys[0]))

const char *emu_sched_policy_name(uint32_t p)
{
	return p < EMU_SCHED_NR ? sched_names[p] : "?";
}

void emu_config_defaults(struct emu_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	strcpy(cfg->name, "ccbp-16sm");
	cfg->num_sms = 16;
	cfg->warp_size = 32;
	cfg->num_slots = 8;
	cfg->sm_mhz = 1800;
	cfg->noc_mhz = 1200;
	cfg->dram_mhz = 1200;
	cfg->epoch_cycles = 0;
	cfg->insn_budget = 0;
	cfg->timing_address = EMU_TIMING_PA;

	cfg->sm.cta_slots = 32;
	cfg->sm.max_threads = 2048;
	cfg->sm.regs = 65536;
	cfg->sm.reg_alloc_unit = 256;
	cfg->sm.shared_bytes = 96 * 1024;
	cfg->sm.shared_alloc_unit = 128;
	cfg->sm.shared_banks = 32;
	cfg->sm.shared_latency = 24;
	cfg->sm.local_bytes = 4u << 20;
	cfg->sm.max_kernels = 8;
	cfg->sm.issue_period = 1000;
	cfg->sm.schedulers = 4;
	cfg->sm.sched_policy = EMU_SCHED_LRR;
	cfg->sm.two_level_active = 8;
	cfg->sm.issue_width = 1;
	cfg->sm.ldst_units = 1;

	/* GPGPU-Sim Fermi-like latencies / initiation intervals. */
	cfg->fu[EMU_FU_ALU] = (struct emu_fu_timing){ 4, 1 };
	cfg->fu[EMU_FU_MUL] = (struct emu_fu_timing){ 13, 2 };
	cfg->fu[EMU_FU_DIV] = (struct emu_fu_timing){ 145, 8 };
	cfg->fu[EMU_FU_FPU] = (struct emu_fu_timing){ 4, 1 };
	cfg->fu[EMU_FU_FDIV] = (struct emu_fu_timing){ 39, 4 };
	cfg->fu[EMU_FU_SFU] = (struct emu_fu_timing){ 39, 8 };
	cfg->fu[EMU_FU_LDST] = (struct emu_fu_timing){ 4, 1 };
	/*
	 * Double precision: GPGPU-Sim's GTX480 configuration (Fermi runs
	 * binary64 on its FP32 pipes at 1/8 of their rate): latency 8 and
	 * interval 8 for add, mul and mad, 330 and 130 for divide.
	 */
	cfg->fu[EMU_FU_DP] = (struct emu_fu_timing){ 8, 8 };
	cfg->fu[EMU_FU_DDIV] = (struct emu_fu_timing){ 330, 130 };

	cfg->l1.size = 24 * 1024;
	cfg->l1.ways = 8;
	cfg->l1.line = 128;
	cfg->l1.latency = 20;
	cfg->l1.mshrs = 256;
	cfg->l1.mshr_merge = 8;
	cfg->l1.missq_entries = 128;
	cfg->l1.missq_subqueues = 8;
	cfg->l1.store_buffer = 16;
	cfg->l1.write_policy = EMU_L1_WRITE_EVICT;
	cfg->l1.local_write = EMU_L1_LOCAL_BACK;
	cfg->l1.subq_full = EMU_L1_SUBQ_STALL;
	cfg->l1.irc_window = 200;
	/* GPGPU-Sim's GTX480 texture cache: 4 sets x 24 ways x 128 B. */
	cfg->l1.ro_size = 12 * 1024;
	cfg->l1.ro_ways = 24;

	cfg->noc.topology = EMU_NOC_CROSSBAR;
	cfg->noc.flit_bytes = 32;
	cfg->noc.vcs = 1;
	cfg->noc.vc_buffer = 8;
	cfg->noc.latency = 4;
	cfg->noc.vc_map = EMU_NOC_VC_CLASS;

	cfg->l2.banks = 16;
	cfg->l2.bank_size = 128 * 1024;
	cfg->l2.ways = 8;
	cfg->l2.line = 128;
	cfg->l2.mshrs = 256;
	cfg->l2.latency = 200;
	cfg->l2.mshr_merge = 8;
	cfg->l2.queue = 16;

	/*
	 * 8 x 1200 MHz x 32 B = 307 GB/s, close to 319: 8 channels of two
	 * x32 GDDR5 devices (CCBP's 16 chips; emu/configs/ccbp-16sm.ini).
	 */
	cfg->dram.channels = 8;
	cfg->dram.banks = 16;
	cfg->dram.bank_groups = 4;
	cfg->dram.row_bytes = 4096;
	cfg->dram.bus_bytes = 32;
	cfg->dram.queue = 128;
	cfg->dram.sched = EMU_DRAM_FRFCFS;
	cfg->dram.row_hit_cap = 16;
	cfg->dram.latency = 380;
	cfg->dram.tRCD = 12;
	cfg->dram.tCL = 12;
	cfg->dram.tRP = 12;
	cfg->dram.tRAS = 28;
	cfg->dram.tRC = 40;
	cfg->dram.tRRD = 6;
	cfg->dram.tFAW = 23;
	cfg->dram.tWTR = 5;
	cfg->dram.tCCD = 2;
	cfg->dram.tWL = 4;
	cfg->dram.tRTP = 2;
	cfg->dram.tWR = 12;
	cfg->dram.burst_length = 2; /* BL8 on 2 x32 = 64 B: 2 bursts per line */
	cfg->dram.cpu_priority = 0;
	cfg->dram.tREFI = 4680; /* 3.9 us: 8K refreshes / 32 ms (1 Gb) */
	cfg->dram.tRFC = 78; /* 65 ns: H5GQ1H24AFR */
	cfg->dram.tCCDL = 3;
	cfg->dram.tRRDL = 6;

	/* Not calibrated: measured values belong to a configuration file. */
	cfg->calib.noc_sustainable = 0;
	cfg->calib.dram_sustainable = 0;
	cfg->calib.hsm_c1 = 0;
	cfg->calib.hsm_c2 = 0;
}

uint64_t emu_config_noc_peak(const struct emu_config *c)
{
	uint64_t ports = c->num_sms < c->l2.banks ? c->num_sms : c->l2.banks;

	return ports * c->noc.flit_bytes * c->noc_mhz * 1000 / c->sm_mhz;
}

uint64_t emu_config_dram_peak(const struct emu_config *c)
{
	return (uint64_t)c->dram.channels * c->dram.bus_bytes * c->dram_mhz *
	       1000 / c->sm_mhz;
}

static void set_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

static const struct key *find_key(const char *section, const char *name)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(keys[i].section, section) &&
		    !strcmp(keys[i].name, name))
			return &keys[i];
	return NULL;
}

static bool section_known(const char *section)
{
	size_t i;

	for (i = 0; i < NKEYS; i++)
		if (!strcmp(keys[i].section, section))
			return true;
	return false;
}

/* Parse an unsigned number, with K/M/G (KB, KiB) suffixes if @size. */
static int parse_num(const char *s, bool size, uint64_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno)
		return -1;
	if (size && *end) {
		switch (toupper((unsigned char)*end)) {
		case 'K':
			shift = 10;
			break;
		case 'M':
			shift = 20;
			break;
		case 'G':
			shift = 30;
			break;
		default:
			return -1;
		}
		end++;
		if (!strcmp(end, "B") || !strcmp(end, "iB"))
			end += strlen(end);
	}
	if (*end)
		return -1;
	if (shift && v > (UINT64_MAX >> shift))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

static int set_value(struct emu_config *cfg, const struct key *k,
		     const char *val, char *msg, size_t msglen)
{
	uint8_t *base = (uint8_t *)cfg + k->off;
	uint64_t v;
	size_t i;

	switch (k->type) {
	case KT_STR:
		if (strlen(val) < k->min || strlen(val) > k->max) {
			snprintf(msg, msglen, "%s.%s: length must be %llu..%llu",
				 k->section, k->name,
				 (unsigned long long)k->min,
				 (unsigned long long)k->max);
			return -1;
		}
		strcpy((char *)base, val);
		return 0;
	case KT_ENUM:
		for (i = 0; k->names[i]; i++) {
			if (!strcmp(k->names[i], val)) {
				*(uint32_t *)base = i;
				return 0;
			}
		}
		snprintf(msg, msglen, "%s.%s: unknown value '%s'", k->section,
			 k->name, val);
		return -1;
	default:
		break;
	}
	if (parse_num(val, k->type == KT_SIZE, &v)) {
		snprintf(msg, msglen, "%s.%s: bad number '%s'", k->section,
			 k->name, val);
		return -1;
	}
	if (v < k->min || v > k->max) {
		snprintf(msg, msglen, "%s.%s: %llu out of range %llu..%llu",
			 k->section, k->name, (unsigned long long)v,
			 (unsigned long long)k->min,
			 (unsigned long long)k->max);
		return -1;
	}
	if (k->type == KT_U64)
		*(uint64_t *)base = v;
	else
		*(uint32_t *)base = (uint32_t)v;
	return 0;
}

int emu_config_set(struct emu_config *cfg, const char *section,
		   const char *key, const char *value, char *err,
		   size_t errlen)
{
	const struct key *k = find_key(section, key);
	char msg[160];

	if (!k) {
		set_err(err, errlen, "unknown key %s.%s", section, key);
		return -1;
	}
	if (set_value(cfg, k, value, msg, sizeof(msg))) {
		set_err(err, errlen, "%s", msg);
		return -1;
	}
	return 0;
}

/*
 * Cross-field checks. On failure *@bad names the key most related to the
 * problem so a file loader can point at its line.
 */
static int validate(const struct emu_config *c, char *msg, size_t len,
		    const struct key **bad)
{
	uint32_t warps, sets;
	size_t i;

	/* Single-field ranges first (emu_config_set() checks them too). */
	for (i = 0; i < NKEYS; i++) {
		const struct key *k = &keys[i];
		const uint8_t *p = (const uint8_t *)c + k->off;
		uint64_t v;

		if (k->type == KT_STR) {
			size_t l = strnlen((const char *)p, EMU_CONFIG_NAME_LEN);

			if (l < k->min || l > k->max) {
				snprintf(msg, len, "%s.%s: bad length",
					 k->section, k->name);
				*bad = k;
				return -1;
			}
			continue;
		}
		if (k->type == KT_ENUM) {
			size_t n = 0;

			while (k->names[n])
				n++;
			if (*(const uint32_t *)p >= n) {
				snprintf(msg, len, "%s.%s: bad value",
					 k->section, k->name);
				*bad = k;
				return -1;
			}
			continue;
		}
		v = k->type == KT_U64 ? *(const uint64_t *)p :
					*(const uint32_t *)p;
		if (v < k->min || v > k->max) {
			snprintf(msg, len, "%s.%s: %llu out of range %llu..%llu",
				 k->section, k->name, (unsigned long long)v,
				 (unsigned long long)k->min,
				 (unsigned long long)k->max);
			*bad = k;
			return -1;
		}
	}

#define FAIL(sec, key, ...)                         \
	do {                                        \
		snprintf(msg, len, __VA_ARGS__);    \
		*bad = find_key(sec, key);          \
		return -1;                          \
	} while (0)

	if (c->sm.max_threads % c->warp_size)
		FAIL("sm", "max_threads", "sm.max_threads (%u) must be a multiple of gpu.warp_size (%u)",
		     c->sm.max_threads, c->warp_size);
	warps = c->sm.max_threads / c->warp_size;
	if (warps > EMU_MAX_SM_WARPS)
		FAIL("sm", "max_threads", "sm.max_threads / warp_size = %u warps, at most %u",
		     warps, EMU_MAX_SM_WARPS);
	if (c->sm.schedulers > warps)
		FAIL("sm", "schedulers", "sm.schedulers (%u) exceeds the warps per SM (%u)",
		     c->sm.schedulers, warps);
	if (c->sm.two_level_active > warps)
		FAIL("sm", "two_level_active", "sm.two_level_active (%u) exceeds the warps per SM (%u)",
		     c->sm.two_level_active, warps);
	if (c->sm.max_kernels > c->num_slots)
		FAIL("sm", "max_kernels", "sm.max_kernels (%u) exceeds gpu.num_slots (%u)",
		     c->sm.max_kernels, c->num_slots);
	if (c->sm.regs < (uint64_t)c->sm.reg_alloc_unit)
		FAIL("sm", "regs", "sm.regs (%u) smaller than sm.reg_alloc_unit (%u)",
		     c->sm.regs, c->sm.reg_alloc_unit);
	if (c->epoch_cycles && c->epoch_cycles < CORUN_EPOCH_LEN_MIN)
		FAIL("gpu", "epoch_cycles", "gpu.epoch_cycles must be 0 or >= %u",
		     CORUN_EPOCH_LEN_MIN);
	if (!is_pow2(c->l1.line))
		FAIL("l1", "line", "l1.line (%u) must be a power of two", c->l1.line);
	if (c->l1.size % (c->l1.line * c->l1.ways))
		FAIL("l1", "size", "l1.size (%u) must be a multiple of line * ways (%u)",
		     c->l1.size, c->l1.line * c->l1.ways);
	sets = c->l1.size / (c->l1.line * c->l1.ways);
	if (!sets)
		FAIL("l1", "size", "l1 has no sets");
	if (c->l1.ro_size % (c->l1.line * c->l1.ro_ways))
		FAIL("l1", "ro_size", "l1.ro_size (%u) must be 0 or a multiple of line * ro_ways (%u)",
		     c->l1.ro_size, c->l1.line * c->l1.ro_ways);
	if (c->l1.missq_subqueues > c->num_slots)
		FAIL("l1", "missq_subqueues", "l1.missq_subqueues (%u) exceeds gpu.num_slots (%u)",
		     c->l1.missq_subqueues, c->num_slots);
	if (c->l1.missq_entries < c->l1.missq_subqueues)
		FAIL("l1", "missq_entries", "l1.missq_entries (%u) below l1.missq_subqueues (%u)",
		     c->l1.missq_entries, c->l1.missq_subqueues);
	if (c->noc.cpu_vcs && c->noc.cpu_vcs >= c->noc.vcs)
		FAIL("noc", "cpu_vcs", "noc.cpu_vcs (%u) must be 0 or below noc.vcs (%u)",
		     c->noc.cpu_vcs, c->noc.vcs);
	if (!c->noc.mesh_x != !c->noc.mesh_y)
		FAIL("noc", "mesh_x", "noc.mesh_x and noc.mesh_y must both be 0 (auto) or both set");
	if (!is_pow2(c->l2.line))
		FAIL("l2", "line", "l2.line (%u) must be a power of two", c->l2.line);
	if (c->l2.line < c->l1.line)
		FAIL("l2", "line", "l2.line (%u) smaller than l1.line (%u)",
		     c->l2.line, c->l1.line);
	if (c->l2.bank_size % (c->l2.line * c->l2.ways))
		FAIL("l2", "bank_size", "l2.bank_size (%u) must be a multiple of line * ways (%u)",
		     c->l2.bank_size, c->l2.line * c->l2.ways);
	if (c->dram.banks % c->dram.bank_groups)
		FAIL("dram", "bank_groups", "dram.banks (%u) must be a multiple of dram.bank_groups (%u)",
		     c->dram.banks, c->dram.bank_groups);
	if (!is_pow2(c->dram.row_bytes))
		FAIL("dram", "row_bytes", "dram.row_bytes must be a power of two");
	if (c->dram.tRC < c->dram.tRAS)
		FAIL("dram", "tRC", "dram.tRC (%u) below dram.tRAS (%u)", c->dram.tRC,
		     c->dram.tRAS);
	if (c->dram.tRAS < c->dram.tRCD)
		FAIL("dram", "tRAS", "dram.tRAS (%u) below dram.tRCD (%u)", c->dram.tRAS,
		     c->dram.tRCD);
	if (c->dram.row_bytes < c->l2.line)
		FAIL("dram", "row_bytes", "dram.row_bytes (%u) smaller than l2.line (%u)",
		     c->dram.row_bytes, c->l2.line);
	/* A line is a whole number of bursts (emu/dram.h). */
	if (c->l2.line % ((uint64_t)(c->dram.burst_length ? c->dram.burst_length : 1) *
			  c->dram.bus_bytes))
		FAIL("dram", c->dram.burst_length ? "burst_length" : "bus_bytes",
		     "dram.burst_length (%u) * dram.bus_bytes (%u) must divide l2.line (%u)",
		     c->dram.burst_length, c->dram.bus_bytes, c->l2.line);
	if (c->dram.interleave &&
	    (!is_pow2(c->dram.interleave) || c->dram.interleave < c->l2.line ||
	     c->dram.interleave > c->dram.row_bytes))
		FAIL("dram", "interleave", "dram.interleave (%u) must be 0 or a power of two from l2.line (%u) to dram.row_bytes (%u)",
		     c->dram.interleave, c->l2.line, c->dram.row_bytes);
	if (c->dram.tCCDL < c->dram.tCCD)
		FAIL("dram", "tCCDL", "dram.tCCDL (%u) below dram.tCCD (%u)", c->dram.tCCDL,
		     c->dram.tCCD);
	if (c->dram.tRRDL < c->dram.tRRD)
		FAIL("dram", "tRRDL", "dram.tRRDL (%u) below dram.tRRD (%u)", c->dram.tRRDL,
		     c->dram.tRRD);
	if (c->dram.tREFI && c->dram.tREFI <= c->dram.tRFC)
		FAIL("dram", "tREFI", "dram.tREFI (%u) must be 0 or above dram.tRFC (%u)",
		     c->dram.tREFI, c->dram.tRFC);
	/* An L2 slice talks to its own channel(s) (emu/addrmap.h). */
	if (c->l2.banks % c->dram.channels && c->dram.channels % c->l2.banks)
		FAIL("dram", "channels", "dram.channels (%u) and l2.banks (%u) must divide one another",
		     c->dram.channels, c->l2.banks);
	if (c->dram.latency < c->l2.latency)
		FAIL("dram", "latency", "dram.latency (%u) below l2.latency (%u)",
		     c->dram.latency, c->l2.latency);
	/*
	 * An L2 miss takes the L2-hit round trip plus the DRAM's idle
	 * row-conflict read, tRP + tRCD + tCL + data time (emu/dram.h), in
	 * SM cycles; emu/mem.c can only add delay on top of that.
	 */
	{
		uint64_t bl = c->dram.burst_length ? c->dram.burst_length :
				c->l2.line / c->dram.bus_bytes;
		uint64_t n = c->l2.line / (bl * c->dram.bus_bytes);
		uint64_t data = (n - 1) * (c->dram.tCCDL > bl ? c->dram.tCCDL : bl) + bl;
		uint64_t dcyc = c->dram.tRP + c->dram.tRCD + c->dram.tCL + data;
		uint64_t min = c->l2.latency +
			       (dcyc * c->sm_mhz + c->dram_mhz - 1) / c->dram_mhz;

		if (c->dram.latency < min)
			FAIL("dram", "latency", "dram.latency (%u) unreachable: minimum is l2.latency + tRP + tRCD + tCL + data (%llu DRAM cycles) = %llu",
			     c->dram.latency, (unsigned long long)dcyc,
			     (unsigned long long)min);
	}
	if ((uint64_t)c->sm.local_bytes * c->num_sms > (1ull << 40))
		FAIL("sm", "local_bytes", "sm.local_bytes * num_sms exceeds 1 TiB");
	if (c->calib.noc_sustainable > emu_config_noc_peak(c))
		FAIL("calib", "noc_sustainable", "calib.noc_sustainable (%u) exceeds the reply-NoC peak (%llu bytes per 1000 SM cycles)",
		     c->calib.noc_sustainable,
		     (unsigned long long)emu_config_noc_peak(c));
	if (c->calib.dram_sustainable > emu_config_dram_peak(c))
		FAIL("calib", "dram_sustainable", "calib.dram_sustainable (%u) exceeds the DRAM peak (%llu bytes per 1000 SM cycles)",
		     c->calib.dram_sustainable,
		     (unsigned long long)emu_config_dram_peak(c));
	/* beta = c1 * RBH + c2 divides: it must not be 0 at RBH 0 */
	if (c->calib.hsm_c1 && !c->calib.hsm_c2)
		FAIL("calib", "hsm_c1", "calib.hsm_c2 is 0 while calib.hsm_c1 (%u) is not: the fitted utilization at row-buffer hit rate 0 must be above 0",
		     c->calib.hsm_c1);
#undef FAIL
	return 0;
}

int emu_config_validate(const struct emu_config *cfg, char *err,
			size_t errlen)
{
	const struct key *bad;
	char msg[200];

	if (validate(cfg, msg, sizeof(msg), &bad)) {
		set_err(err, errlen, "%s", msg);
		return -1;
	}
	return 0;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

#define INCLUDE_DEPTH 4

static int read_text(const char *path, char **text, char *err, size_t errlen);
static int parse_over(const char *text, const char *name,
		      struct emu_config *c, unsigned int *seen,
		      unsigned int depth, char *err, size_t errlen);

/*
 * "include = FILE" before the first section: FILE's keys first (a path
 * relative to the directory of @name), this file's keys over them.
 */
static int parse_include(const char *name, const char *file,
			 struct emu_config *c, unsigned int depth, char *err,
			 size_t errlen)
{
	unsigned int seen[NKEYS] = { 0 };
	const char *slash = strrchr(name, '/');
	char path[4096];
	char *text;
	int ret;

	if (depth >= INCLUDE_DEPTH) {
		set_err(err, errlen, "%s: includes nested deeper than %u",
			name, INCLUDE_DEPTH);
		return -1;
	}
	if (file[0] == '/' || !slash)
		ret = snprintf(path, sizeof(path), "%s", file);
	else
		ret = snprintf(path, sizeof(path), "%.*s/%s",
			       (int)(slash - name), name, file);
	if (ret < 0 || (size_t)ret >= sizeof(path)) {
		set_err(err, errlen, "%s: include path too long", name);
		return -1;
	}
	if (read_text(path, &text, err, errlen))
		return -1;
	ret = parse_over(text, path, c, seen, depth + 1, err, errlen);
	free(text);
	return ret;
}

/* @text's keys over @c; @seen receives each key's line. */
static int parse_over(const char *text, const char *name,
		      struct emu_config *c, unsigned int *seen,
		      unsigned int depth, char *err, size_t errlen)
{
	char section[32] = "";
	char line[512], msg[200];
	const char *p = text;
	unsigned int lineno = 0;
	bool have_section = false;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *s, *eq, *k, *v, *hash;
		const struct key *key;

		lineno++;
		if (n >= sizeof(line)) {
			set_err(err, errlen, "%s:%u: line too long", name, lineno);
			return -1;
		}
		memcpy(line, p, n);
		line[n] = 0;
		p += n + (nl ? 1 : 0);

		/* Comments run to the end of the line. */
		hash = strpbrk(line, "#;");
		if (hash)
			*hash = 0;
		s = trim(line);
		if (!*s)
			continue;
		if (*s == '[') {
			char *e = strchr(s, ']');

			if (!e || e[1] || e - s - 1 <= 0 ||
			    (size_t)(e - s - 1) >= sizeof(section)) {
				set_err(err, errlen, "%s:%u: malformed section header",
					name, lineno);
				return -1;
			}
			*e = 0;
			snprintf(section, sizeof(section), "%s", trim(s + 1));
			if (!section_known(section)) {
				set_err(err, errlen, "%s:%u: unknown section [%s]",
					name, lineno, section);
				return -1;
			}
			have_section = true;
			continue;
		}
		eq = strchr(s, '=');
		if (!eq) {
			set_err(err, errlen, "%s:%u: expected 'key = value'",
				name, lineno);
			return -1;
		}
		*eq = 0;
		k = trim(s);
		v = trim(eq + 1);
		if (!have_section && !strcmp(k, "include") && *v) {
			if (parse_include(name, v, c, depth, err, errlen))
				return -1;
			continue;
		}
		if (!have_section) {
			set_err(err, errlen, "%s:%u: key '%s' outside a section",
				name, lineno, k);
			return -1;
		}
		key = find_key(section, k);
		if (!key) {
			set_err(err, errlen, "%s:%u: unknown key '%s' in [%s]",
				name, lineno, k, section);
			return -1;
		}
		if (!*v) {
			set_err(err, errlen, "%s:%u: %s.%s: missing value", name,
				lineno, section, k);
			return -1;
		}
		if (seen[key - keys]) {
			set_err(err, errlen, "%s:%u: %s.%s: duplicate (first on line %u)",
				name, lineno, section, k, seen[key - keys]);
			return -1;
		}
		seen[key - keys] = lineno;
		if (set_value(c, key, v, msg, sizeof(msg))) {
			set_err(err, errlen, "%s:%u: %s", name, lineno, msg);
			return -1;
		}
	}
	return 0;
}

int emu_config_parse(const char *text, const char *name,
		     struct emu_config *cfg, char *err, size_t errlen)
{
	unsigned int seen[NKEYS] = { 0 };
	const struct key *bad;
	struct emu_config c;
	char msg[200];

	emu_config_defaults(&c);
	if (parse_over(text, name, &c, seen, 0, err, errlen))
		return -1;
	if (validate(&c, msg, sizeof(msg), &bad)) {
		/* Point at the line of the related key, if the file set it. */
		unsigned int at = bad ? seen[bad - keys] : 0;

		set_err(err, errlen, "%s:%u: %s", name, at, msg);
		return -1;
	}
	*cfg = c;
	return 0;
}

/* The whole of @path, NUL-terminated, in a malloc'ed *@text. */
static int read_text(const char *path, char **text, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long len;

	if (!f) {
		set_err(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) || len > (1 << 20)) {
		set_err(err, errlen, "%s:0: cannot read (or larger than 1 MiB)",
			path);
		fclose(f);
		return -1;
	}
	buf = malloc(len + 1);
	if (!buf) {
		fclose(f);
		set_err(err, errlen, "%s:0: out of memory", path);
		return -1;
	}
	if (fread(buf, 1, len, f) != (size_t)len) {
		set_err(err, errlen, "%s:0: read error", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[len] = 0;
	if (strlen(buf) != (size_t)len) {
		set_err(err, errlen, "%s:0: file contains a NUL byte", path);
		free(buf);
		return -1;
	}
	*text = buf;
	return 0;
}

int emu_config_load(const char *path, struct emu_config *cfg, char *err,
		    size_t errlen)
{
	char *buf;
	int ret;

	if (read_text(path, &buf, err, errlen))
		return -1;
	ret = emu_config_parse(buf, path, cfg, err, errlen);
	free(buf);
	return ret;
}

static void format_value(const struct emu_config *cfg, const struct key *k,
			 char *buf, size_t len)
{
	const uint8_t *p = (const uint8_t *)cfg + k->off;
	uint32_t e;

	switch (k->type) {
	case KT_STR:
		snprintf(buf, len, "%s", (const char *)p);
		break;
	case KT_ENUM:
		e = *(const uint32_t *)p;
		snprintf(buf, len, "%s", k->names[e < 16 ? e : 0]);
		break;
	case KT_U64:
		snprintf(buf, len, "%llu",
			 (unsigned long long)*(const uint64_t *)p);
		break;
	default:
		snprintf(buf, len, "%u", *(const uint32_t *)p);
		break;
	}
}

void emu_config_print(const struct emu_config *cfg, FILE *f)
{
	const char *section = "";
	char val[80];
	size_t i;

	for (i = 0; i < NKEYS; i++) {
		if (strcmp(section, keys[i].section)) {
			section = keys[i].section;
			fprintf(f, "%s[%s]\n", i ? "\n" : "", section);
		}
		format_value(cfg, &keys[i], val, sizeof(val));
		fprintf(f, "%s = %s\n", keys[i].name, val);
	}
}

uint32_t emu_config_id(const struct emu_config *cfg)
{
	uint32_t h = 2166136261u;
	char val[80];
	size_t i;
	const char *s;

	for (i = 0; i < NKEYS; i++) {
		format_value(cfg, &keys[i], val, sizeof(val));
		for (s = keys[i].section; *s; s++)
			h = (h ^ (uint8_t)*s) * 16777619u;
		h = (h ^ '.') * 16777619u;
		for (s = keys[i].name; *s; s++)
			h = (h ^ (uint8_t)*s) * 16777619u;
		h = (h ^ '=') * 16777619u;
		for (s = val; *s; s++)
			h = (h ^ (uint8_t)*s) * 16777619u;
		h = (h ^ '\n') * 16777619u;
	}
	return h;
}

void emu_config_sm_limits(const struct emu_config *cfg,
			  struct corun_sm_limits *l)
{
	l->warp_size = cfg->warp_size;
	l->ctas = cfg->sm.cta_slots;
	l->threads = cfg->sm.max_threads;
	l->regs = cfg->sm.regs;
	l->reg_unit = cfg->sm.reg_alloc_unit;
	l->shared = cfg->sm.shared_bytes;
	l->shared_unit = cfg->sm.shared_alloc_unit;
}
