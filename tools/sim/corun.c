// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim's devices and co-runs: the firmware image every device
 * boots, a fresh device as the driver's probe leaves it, the mix's pinned
 * slot settings and firmware settings given to the policy engine, one
 * co-run of the mix under one policy, and the oracles' search over
 * pinned co-runs (oracle.h). corun-sim.c decides what runs, drive.c
 * drives the jobs, report.c prints the results.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gpu.h>
#include <policy/fwknobs.h>
#include <policy/policy.h>
#include <sim/corun_sim.h>
#include <sim/metrics.h>
#include <sim/mix.h>
#include <sim/oracle.h>
#include <sim/simhost.h>
#include <sim/simpolicy.h>

_Static_assert(CORUN_POLICY_MASK_WORDS == CORUN_SM_MASK_WORDS,
	       "policy and device SM masks differ");
_Static_assert(CORUN_POLICY_MAX_SLOTS >= CORUN_MAX_SLOTS,
	       "policy input too small for the device's slots");

/* The firmware image every device boots, and the version it reported. */
char fw_path[4200];
uint32_t fw_crc;
static uint32_t fw_version;

void firmware_find(void)
{
	const char *env = getenv("CORUN_FW_IMAGE");
	char exe[4096];
	ssize_t n;

	if (opt.firmware) {
		snprintf(fw_path, sizeof(fw_path), "%s", opt.firmware);
		return;
	}
	if (env && *env) {
		snprintf(fw_path, sizeof(fw_path), "%s", env);
		return;
	}
	/* <dir of the running binary>/../../firmware, the build's layout */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = 0;
	if (strrchr(exe, '/'))
		*strrchr(exe, '/') = 0;
	snprintf(fw_path, sizeof(fw_path), "%s/../../firmware/corun-fw.bin",
		 n > 0 ? exe : ".");
}

/* A fresh device with the firmware booted, as the driver's probe leaves it. */
struct sim_dev *device_new(const struct emu_config *cfg)
{
	char err[ERRLEN];
	struct sim_dev *dev;

	dev = sim_dev_create(cfg, opt.mem_bytes, err, sizeof(err));
	if (!dev)
		die(2, "%s", err);
	if (fw_path[0] &&
	    sim_dev_load_firmware(dev, fw_path, err, sizeof(err))) {
		sim_dev_destroy(dev);
		die(2, "%s (--firmware FILE, or --no-firmware)", err);
	}
	fw_version = sim_dev_fw_version(dev);
	fw_crc = sim_dev_fw_crc(dev);
	return dev;
}

const char *fw_version_str(char *buf, size_t len)
{
	if (!fw_path[0])
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "%u.%u", fw_version >> 16,
			 fw_version & 0xffff);
	return buf;
}

/*
 * The mix's static slot settings, which win over the policy's (see
 * mix.h): SMs, CTA quota, placement and throttle of a job's slot, and
 * priorities if any job line gives one.
 */
static void mix_pins(const struct mix *mix, struct corun_policy_pin *pins)
{
	unsigned int i;

	memset(pins, 0, CORUN_MAX_SLOTS * sizeof(*pins));
	for (i = 0; i < CORUN_MAX_SLOTS && mix->has_priority; i++)
		pins[i].set |= CORUN_POLICY_CH_PRIORITY;
	for (i = 0; i < mix->njobs; i++) {
		const struct mix_job *mj = &mix->jobs[i];
		struct corun_policy_pin *p = &pins[mj->slot];

		p->v.priority = mj->priority;
		p->set |= CORUN_POLICY_CH_PLACEMENT;
		p->v.placement = mj->placement;
		/* like quota=: 0 leaves it to the policy (ccbp's probes) */
		if (mj->throttle) {
			p->set |= CORUN_POLICY_CH_THROTTLE;
			p->v.throttle = mj->throttle;
		}
		if (mj->has_sms) {
			p->set |= CORUN_POLICY_CH_SM_MASK;
			memcpy(p->v.sm_mask, mj->sm_mask, sizeof(p->v.sm_mask));
		}
		if (mj->cta_quota) {
			p->set |= CORUN_POLICY_CH_CTA_QUOTA;
			p->v.cta_quota = mj->cta_quota;
		}
	}
}

/*
 * The mix's firmware settings (irc = on, irc_share=300, ...), checked
 * against @sp's device and firmware as SET_POLICY checks them, then given
 * to the engine as the administrator's (what SET_POLICY does in the
 * driver). Exits with status 2 on a bad setting.
 */
void mix_fw_apply(const struct mix *mix, struct sim_policy *sp)
{
	const struct corun_policy_platform *p = &sim_policy_engine(sp)->in.plat;
	uint32_t feat = sim_policy_fw_features(sp), k;
	struct corun_fw_setting s[MIX_FW_SETTINGS];
	uint32_t knobs[CORUN_FWK_NR], any = 0;
	uint64_t modes[CORUN_FWK_NR];
	struct corun_policy_fw fw;
	char err[ERRLEN];
	unsigned int n;

	for (k = 0; k < CORUN_FWK_NR; k++)
		modes[k] = corun_fwk_modes(k, feat);
	if (mix_check_fw(mix, NULL, p, modes, corun_fwp_mask(feat), err,
			 sizeof(err)))
		die(2, "%s", err);
	n = mix_fw_settings(mix, NULL, knobs, s, NULL);
	for (k = 0; k < CORUN_FWK_NR; k++)
		any |= knobs[k];
	if (!n && !any)
		return;
	if (corun_fw_settings(p, feat, knobs, s, n, &fw, NULL))
		die(2, "%s: the firmware settings do not fit the device",
		    mix->path);
	if (sim_policy_static_fw(sp, &fw, err, sizeof(err)))
		die(2, "%s: %s", mix->path, err);
}

const char *corun_name(const struct corun *co)
{
	return co->name ? co->name : co->pol.ops->name;
}

/* One co-run; @pins: the slots' pinned settings, NULL: the mix's. */
void run_corun(const struct emu_config *cfg, const struct mix *mix,
	       uint64_t budget, struct corun *co,
	       const struct corun_policy_pin *pin_over)
{
	struct corun_policy_pin pins[CORUN_MAX_SLOTS];
	char phase[64], err[ERRLEN];
	struct sim_dev *dev;
	unsigned int i;

	dev = device_new(cfg);
	if (pin_over)
		memcpy(pins, pin_over, sizeof(pins));
	else
		mix_pins(mix, pins);
	co->pol.sp = sim_policy_create(dev, co->pol.ops, pins,
				       (uint32_t)opt.epoch_cycles,
				       (opt.trace ? SIM_POLICY_TRACE : 0) |
					       (opt.no_ctxsw ?
							SIM_POLICY_NO_CTXSW :
							0),
				       co->pol.params, err, sizeof(err));
	if (!co->pol.sp)
		die(2, "%s", err);
	mix_fw_apply(mix, co->pol.sp);
	snprintf(phase, sizeof(phase), "co-run (%s)", corun_name(co));
	whole_budget = budget;
	co->cycles = drive(dev, co->jobs, mix->njobs,
			   opt.whole_runs ? UINT64_MAX : budget, 0, phase,
			   &co->pol);
	sim_dev_destroy(dev);
	for (i = 0; i < mix->njobs; i++) {
		const struct job *a = co->jobs[i].alone;

		if (co->jobs[i].status != ST_OK)
			co->failed++;
		co->ipc_s[i] = metrics_ipc(co->jobs[i].ctr.thread_insns, co->cycles);
		co->ipc_a[i] = !opt.no_alone && a->status == ST_OK ?
			       metrics_ipc(a->ctr.thread_insns, a->cycles) : NAN;
		co->np_pred[i] = co->jobs[i].est_cycles ?
					 (double)co->jobs[i].est_alone /
						 (double)co->jobs[i].est_cycles :
					 NAN;
		co->np_pred_uncapped[i] =
			co->jobs[i].est_cycles && co->jobs[i].est_uncapped ?
				(double)co->jobs[i].est_uncapped /
					(double)co->jobs[i].est_cycles :
				NAN;
	}
	metrics_compute(co->ipc_a, co->ipc_s, mix->njobs, &co->mm);
}

/* @dst takes @cur; its old engine goes unless @other still reports it. */
static void oracle_keep(struct corun *dst, const struct corun *other,
			const struct corun *cur)
{
	if (dst->pol.sp && dst->pol.sp != other->pol.sp)
		sim_policy_destroy(dst->pol.sp);
	*dst = *cur;
}

/*
 * --policy cta-oracle or spatial-oracle (oracle.h): one co-run per
 * candidate under fcfs, each job's slot pinned to the candidate's CTAs
 * per SM (and, spatial, to its even share of the SMs). @hs and @ws get
 * the best-HS and the best-WS co-runs; returns the jobs that failed.
 */
unsigned int run_oracle(const struct emu_config *cfg, const struct mix *mix,
			uint64_t budget, const struct job *proto,
			struct oracle *o, struct corun *hs, struct corun *ws)
{
	struct corun_policy_pin base[CORUN_MAX_SLOTS], pins[CORUN_MAX_SLOTS];
	unsigned int i, k, failed = 0;
	char err[ERRLEN], lbl[96];
	struct corun *cur;

	memset(o, 0, sizeof(*o));
	o->kind = opt.oracle;
	o->nk = mix->njobs;
	o->num_sms = cfg->num_sms;
	o->max_kernels = cfg->sm.max_kernels;
	o->lim = sm_lim;
	o->cap = opt.oracle_max;
	for (k = 0; k < mix->njobs; k++) {
		const struct job *a = proto[k].alone;

		if (a->status != ST_OK || !a->fp_launches)
			die(1, "%s: job %u %s: no alone run to take its CTA footprint and speedup from",
			    oracle_name(o->kind), k,
			    job_label(&proto[k], lbl, sizeof(lbl)));
		o->fp[k] = a->fp;
	}
	if (oracle_enumerate(o, err, sizeof(err)))
		die(2, "%s (configuration %s)", err, cfg->name);
	cur = calloc(1, sizeof(*cur));
	if (!cur)
		die(1, "out of memory");
	mix_pins(mix, base);
	for (i = 0; i < o->n; i++) {
		memset(cur, 0, sizeof(*cur));
		memcpy(cur->jobs, proto, sizeof(cur->jobs));
		cur->pol.ops = &corun_policy_fcfs;
		cur->name = oracle_name(o->kind);
		memcpy(pins, base, sizeof(pins));
		for (k = 0; k < mix->njobs; k++) {
			struct corun_policy_pin *p = &pins[mix->jobs[k].slot];
			uint32_t first, n;

			p->set |= CORUN_POLICY_CH_CTA_QUOTA;
			p->v.cta_quota = o->cand[i].ctas[k];
			if (o->kind != ORACLE_SPATIAL)
				continue;
			oracle_sm_range(o->num_sms, o->nk, k, &first, &n);
			memset(p->v.sm_mask, 0, sizeof(p->v.sm_mask));
			corun_policy_mask_range(p->v.sm_mask, first, n);
			p->set |= CORUN_POLICY_CH_SM_MASK;
		}
		run_corun(cfg, mix, budget, cur, pins);
		/* a failed candidate is reported and never picked */
		for (k = 0; k < mix->njobs; k++)
			if (cur->jobs[k].status != ST_OK)
				fprintf(stderr, "corun-sim: %s candidate %u: job %u (%s): %s: %s\n",
					oracle_name(o->kind), i, k,
					cur->jobs[k].wl->name,
					status_names[cur->jobs[k].status],
					cur->jobs[k].msg);
		failed += cur->failed;
		if (!cur->failed)
			oracle_record(o, i, cur->ipc_a, cur->ipc_s);
		oracle_pick(o);
		if (!cur->failed && o->best_hs == i)
			oracle_keep(hs, ws, cur);
		if (!cur->failed && o->best_ws == i)
			oracle_keep(ws, hs, cur);
		if (cur->failed || (o->best_hs != i && o->best_ws != i))
			sim_policy_destroy(cur->pol.sp);
	}
	free(cur);
	/* every candidate failed: report the last one's jobs */
	if (!hs->pol.sp)
		die(1, "%s: every candidate co-run failed", oracle_name(o->kind));
	return failed;
}
