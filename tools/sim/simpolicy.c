// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * simpolicy: the driver's policy engine on a simhost device (simpolicy.h).
 * The host half mirrors drivers/gpu/drm/corun/corun_policy.c: the same
 * engine calls at the same events, the hardware reached through the same
 * registers and mailbox.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <gpu.h>

#include <corun/fwif.h>
#include <sim/json.h>
#include <sim/simhost.h>
#include <sim/simpolicy.h>
#include <policy/fwknobs.h>

struct sim_policy {
	struct sim_dev *dev;
	struct corun_policy_engine *eng;
	uint32_t epoch_len;
	int epochs_on;
	uint64_t epochs;
	uint64_t epoch_gpu_cycle;	/* GPU cycle of the last snapshot */
	uint32_t fw_features;
	int trace;
	struct corun_policy_record *rec;
	size_t nrec, cap;
	int failed;		/* the device refused something */
	char err[512];
};

static void sp_fail(struct sim_policy *sp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void sp_fail(struct sim_policy *sp, const char *fmt, ...)
{
	va_list ap;

	if (sp->failed++)
		return;
	va_start(ap, fmt);
	vsnprintf(sp->err, sizeof(sp->err), fmt, ap);
	va_end(ap);
}

/* ---- struct corun_policy_hw on the simhost device ---- */

static uint32_t sp_read(void *ctx, uint32_t off)
{
	struct sim_policy *sp = ctx;

	return sim_dev_rd(sp->dev, off);
}

static void sp_write_reg(void *ctx, uint32_t off, uint32_t val)
{
	struct sim_policy *sp = ctx;
	char err[256];

	if (sim_dev_wr(sp->dev, off, val, err, sizeof(err)))
		sp_fail(sp, "the device refuses the policy's write: %s", err);
}

static int sp_send(void *ctx, uint32_t cmd, const uint32_t *payload,
		   uint32_t len)
{
	struct sim_policy *sp = ctx;
	uint32_t reply;
	char err[256];

	if (!sim_dev_fw_request(sp->dev, cmd, payload, len, &reply, 1, err,
				sizeof(err)))
		return 0;
	sp_fail(sp, "firmware: %s", err);
	return -EINVAL;
}

static int sp_fw_get(void *ctx, uint32_t param, uint32_t *val)
{
	struct sim_policy *sp = ctx;
	char err[256];

	if (!sim_dev_fw_request(sp->dev, CORUN_FW_CMD_GET_PARAM, &param, 1,
				val, 1, err, sizeof(err)))
		return 0;
	sp_fail(sp, "firmware: %s", err);
	return -EINVAL;
}

static int sp_fw_params(void *ctx, const uint32_t *pairs, uint32_t n)
{
	struct sim_policy *sp = ctx;

	return corun_fw_send_params(pairs, n, sp->fw_features, sp_send, sp);
}

static void sp_trace(void *ctx, const struct corun_policy_record *r)
{
	struct sim_policy *sp = ctx;

	if (!sp->trace)
		return;
	if (sp->nrec == sp->cap) {
		size_t cap = sp->cap ? 2 * sp->cap : 256;
		void *p = realloc(sp->rec, cap * sizeof(*sp->rec));

		if (!p) {
			sp_fail(sp, "out of memory for the policy trace");
			return;
		}
		sp->rec = p;
		sp->cap = cap;
	}
	sp->rec[sp->nrec++] = *r;
}

static uint64_t sp_cycle(void *ctx)
{
	struct sim_policy *sp = ctx;
	uint32_t lo = sim_dev_rd(sp->dev, CORUN_REG_CYCLE_LO);

	/* reading CYCLE_LO latched CYCLE_HI */
	return (uint64_t)sim_dev_rd(sp->dev, CORUN_REG_CYCLE_HI) << 32 | lo;
}

/* ---- the events, as corun_policy.c takes them ---- */

/*
 * After a decision: epochs run only while a job is resident, and the
 * epoch timer restarts when the policy asks (corun_policy_sync()).
 */
static int sp_after(struct sim_policy *sp, char *err, size_t len)
{
	int busy = corun_policy_running(sp->eng);
	char msg[256];
	uint32_t restart;

	if (!sp->failed && busy != sp->epochs_on) {
		sp->epochs_on = busy;
		if (sim_dev_set_epoch(sp->dev, busy ? sp->epoch_len : 0, msg,
				      sizeof(msg)))
			sp_fail(sp, "epoch length %u: %s", sp->epoch_len, msg);
	}
	if (!sp->failed &&
	    corun_policy_epoch_restart(sp->eng, sp->epoch_len, &restart) &&
	    busy && sim_dev_set_epoch(sp->dev, restart, msg, sizeof(msg)))
		sp_fail(sp, "epoch length %u: %s", restart, msg);
	if (!sp->failed)
		return 0;
	snprintf(err, len, "policy %s: %s", sp->eng->ops->name, sp->err);
	return -EIO;
}

struct sim_policy *sim_policy_create(struct sim_dev *dev,
				     const struct corun_policy_ops *ops,
				     const struct corun_policy_pin *pins,
				     uint32_t epoch_cycles, unsigned int flags,
				     const uint32_t *params, char *err,
				     size_t len)
{
	struct corun_policy_platform plat;
	struct corun_policy_hw hw = {
		.write_reg = sp_write_reg,
		.trace = sp_trace,
		.cycle = sp_cycle,
	};
	struct sim_policy *sp = calloc(1, sizeof(*sp));
	uint32_t reply[3];
	int ret;

	if (sp)
		sp->eng = calloc(1, sizeof(*sp->eng));
	if (!sp || !sp->eng) {
		snprintf(err, len, "out of memory for the policy engine");
		sim_policy_destroy(sp);
		return NULL;
	}
	sp->dev = dev;
	sp->epoch_len = epoch_cycles;
	sp->trace = !!(flags & SIM_POLICY_TRACE);
	hw.ctx = sp;
	if (sim_dev_fw_version(dev)) {
		/* as the driver's probe: which commands the firmware has */
		if (sim_dev_fw_request(dev, CORUN_FW_CMD_VERSION, NULL, 0,
				       reply, 3, err, len)) {
			sim_policy_destroy(sp);
			return NULL;
		}
		sp->fw_features = reply[2];
		hw.fw_params = sp_fw_params;
		hw.fw_get = sp_fw_get;
	}
	corun_policy_platform_read(&plat, sp_read, sp);
	if (flags & SIM_POLICY_NO_CTXSW)
		plat.ctxsw = 0;
	plat.fw_features = sp->fw_features;
	corun_policy_engine_init(sp->eng, &plat, &hw);
	if (pins)
		memcpy(sp->eng->pin, pins,
		       plat.num_slots * sizeof(sp->eng->pin[0]));
	ret = corun_policy_select_params(sp->eng, ops, params);
	if (ret) {
		snprintf(err, len, "policy %s cannot run on this device (%d)",
			 ops->name, ret);
		sim_policy_destroy(sp);
		return NULL;
	}
	if (sp_after(sp, err, len)) {
		sim_policy_destroy(sp);
		return NULL;
	}
	return sp;
}

void sim_policy_destroy(struct sim_policy *sp)
{
	if (!sp)
		return;
	free(sp->eng);
	free(sp->rec);
	free(sp);
}

int sim_policy_static_fw(struct sim_policy *sp,
			 const struct corun_policy_fw *fw, char *err,
			 size_t len)
{
	if (corun_policy_set_static_fw(sp->eng, fw)) {
		snprintf(err, len, "firmware settings refused: %s",
			 sp->failed ? sp->err : "no firmware");
		return -EINVAL;
	}
	return sp_after(sp, err, len);
}

int sim_policy_job_start(struct sim_policy *sp, unsigned int slot,
			 const struct corun_job_desc *d, s32 priority,
			 char *err, size_t len)
{
	corun_policy_job_start(sp->eng, slot, d, priority);
	return sp_after(sp, err, len);
}

int sim_policy_job_end(struct sim_policy *sp, unsigned int slot, char *err,
		       size_t len)
{
	corun_policy_job_end(sp->eng, slot);
	return sp_after(sp, err, len);
}

int sim_policy_epoch(struct sim_policy *sp, char *err, size_t len)
{
	const struct corun_snapshot_header *h = sim_dev_snapshot(sp->dev);

	sp->epochs++;
	if (!h || corun_policy_snapshot(sp->eng, h, h->size)) {
		snprintf(err, len, "epoch %" PRIu64 ": no usable counter snapshot",
			 sp->epochs);
		return -EIO;
	}
	sp->epoch_gpu_cycle = emu_gpu_cycle(sim_dev_gpu(sp->dev));
	return sp_after(sp, err, len);
}

uint32_t sim_policy_fw_features(const struct sim_policy *sp)
{
	return sp->fw_features;
}

const struct corun_policy_engine *sim_policy_engine(const struct sim_policy *sp)
{
	return sp->eng;
}

uint64_t sim_policy_epochs(const struct sim_policy *sp)
{
	return sp->epochs;
}

uint64_t sim_policy_epoch_gpu_cycle(const struct sim_policy *sp)
{
	return sp->epoch_gpu_cycle;
}

size_t sim_policy_records(const struct sim_policy *sp,
			  const struct corun_policy_record **r)
{
	*r = sp->rec;
	return sp->nrec;
}

/* ---- printing records ---- */

static const char *const sp_event_names[CORUN_POLICY_EV_NR] = {
	"init", "start", "end", "epoch",
};

const char *sim_policy_event_name(uint32_t event)
{
	return event < CORUN_POLICY_EV_NR ? sp_event_names[event] : "?";
}

const char *sim_reclaim_name(uint32_t reclaim)
{
	return reclaim == CORUN_RECLAIM_SWITCH ? "switch" : "drain";
}

uint64_t sim_ctxsw_cycles(const struct corun_slot_ctxsw_counters *c)
{
	return c->wait_cycles + c->save_cycles + c->restore_cycles;
}

const char *sim_np_class_name(uint32_t np_class)
{
	static const char *const names[] = { "none", "compute", "memory",
					     "whitebox" };

	return np_class < 4 ? names[np_class] : "?";
}

static unsigned int sp_mask_sms(const struct corun_policy_slot_out *o)
{
	unsigned int w, n = 0;

	for (w = 0; w < CORUN_POLICY_MASK_WORDS; w++)
		n += (unsigned int)__builtin_popcount(o->sm_mask[w]);
	return n;
}

static const char *sp_policy_name(uint32_t id)
{
	const struct corun_policy_ops *ops = corun_policy_find_id(id);

	return ops ? ops->name : "?";
}

void sim_policy_record_text(FILE *f, const struct corun_policy_record *r)
{
	const struct corun_policy_slot_out *o = &r->out;

	fprintf(f,
		"policy=%s ev=%s epoch=%u cycle=%" PRIu64
		" slot=%u run=%u changed=%#x sm_mask=%08x:%08x:%08x:%08x quota=%u throttle=%u issue=%u prio=%u place=%u irc_share=%u l1_ways=%#x llc_ways=%#x vc=%d dram_prio=%u irc_prio=%u irc_class=%u irc_noc=%u irc_dram=%u irc_credits=%d reclaim=%s preempts=%" PRIu64
		" restores=%" PRIu64 " cs_cycles=%" PRIu64 " cs_bytes=%" PRIu64
		" sms=%u class=%s np=%u\n",
		sp_policy_name(r->policy), sim_policy_event_name(r->event),
		r->epoch, r->cycle, r->slot, r->running, r->changed,
		o->sm_mask[3], o->sm_mask[2], o->sm_mask[1], o->sm_mask[0],
		o->cta_quota, o->throttle, o->issue_quota, o->priority,
		o->placement, o->fw.irc_share, o->fw.l1_ways, o->fw.llc_ways,
		(int)o->fw.vc, o->fw.dram_prio, o->fw.irc_prio, o->fw.irc_class,
		o->fw.irc_noc, o->fw.irc_dram, (int)o->irc_credits,
		sim_reclaim_name(o->reclaim), r->cs.preempts, r->cs.restores,
		sim_ctxsw_cycles(&r->cs), r->cs.save_bytes + r->cs.restore_bytes,
		sp_mask_sms(o), sim_np_class_name(o->np_class), o->np);
}

void sim_policy_record_json(struct json *js, const struct corun_policy_record *r)
{
	const struct corun_policy_slot_out *o = &r->out;
	char b[48];

	json_obj_begin(js, NULL);
	json_str(js, "policy", sp_policy_name(r->policy));
	json_str(js, "event", sim_policy_event_name(r->event));
	json_u64(js, "epoch", r->epoch);
	json_u64(js, "cycle", r->cycle);
	json_u64(js, "slot", r->slot);
	json_bool(js, "running", r->running);
	json_u64(js, "changed", r->changed);
	snprintf(b, sizeof(b), "%08x:%08x:%08x:%08x", o->sm_mask[3],
		 o->sm_mask[2], o->sm_mask[1], o->sm_mask[0]);
	json_str(js, "sm_mask", b);
	json_u64(js, "cta_quota", o->cta_quota);
	json_u64(js, "throttle", o->throttle);
	json_u64(js, "issue_quota", o->issue_quota);
	json_u64(js, "priority", o->priority);
	json_u64(js, "placement", o->placement);
	json_u64(js, "fw_set", o->fw_set);
	json_u64(js, "irc_share", o->fw.irc_share);
	json_u64(js, "irc_prio", o->fw.irc_prio);
	json_u64(js, "irc_class", o->fw.irc_class);
	json_u64(js, "irc_noc", o->fw.irc_noc);
	json_u64(js, "irc_dram", o->fw.irc_dram);
	json_u64(js, "irc_credits", o->irc_credits);
	json_u64(js, "l1_ways", o->fw.l1_ways);
	json_u64(js, "l1_bypass_ctas", o->fw.l1_bypass_ctas);
	json_u64(js, "llc_ways", o->fw.llc_ways);
	json_i64(js, "vc", o->fw.vc == CORUN_FW_VC_CONFIG ? -1 : (int64_t)o->fw.vc);
	json_u64(js, "dram_prio", o->fw.dram_prio);
	json_u64(js, "est_alone_cycles", o->est_alone_cycles);
	json_str(js, "reclaim", sim_reclaim_name(o->reclaim));
	json_u64(js, "preempts", r->cs.preempts);
	json_u64(js, "restores", r->cs.restores);
	json_u64(js, "cs_cycles", sim_ctxsw_cycles(&r->cs));
	json_u64(js, "cs_bytes", r->cs.save_bytes + r->cs.restore_bytes);
	json_u64(js, "sms", sp_mask_sms(o));
	json_str(js, "class", sim_np_class_name(o->np_class));
	json_u64(js, "np", o->np);
	json_obj_end(js);
}

/* ---- the policies there are ---- */

static void list_fw_features(FILE *f, uint32_t features)
{
	static const struct {
		uint32_t bit;
		const char *name, *what;
	} feats[] = {
		{ CORUN_FW_FEAT_IRC, "irc",
		  "issue-rate control: per-slot shares of the L1 miss-queue issues, as credits per window (CCBP's IRC)" },
		{ CORUN_FW_FEAT_L1_STATIC, "l1-static",
		  "L1 way masks and L1-bypassing CTAs per slot (the cache partitioning paper's static partition and TB bypass)" },
		{ CORUN_FW_FEAT_LLC_PROB_STATIC, "llc-prob-static",
		  "LLC victim selection sparing the protected class with a fixed probability (the CPU-GPU paper)" },
		{ CORUN_FW_FEAT_LLC_PROB_DYNAMIC, "llc-prob-dynamic",
		  "the same with the probability adjusted at run time" },
		{ CORUN_FW_FEAT_LLC_WAYPART, "llc-waypart",
		  "LLC way partitioning by per-slot way masks" },
		{ CORUN_FW_FEAT_VCP_STATIC, "vcp-static",
		  "each slot's NoC traffic in its own virtual channel" },
		{ CORUN_FW_FEAT_VCP_DYNAMIC, "vcp-dynamic",
		  "virtual-channel partitioning adjusted at run time" },
		{ CORUN_FW_FEAT_DRAM_PRIO, "dram-prio",
		  "per-slot DRAM scheduling priority" },
		{ CORUN_FW_FEAT_MONITORS, "monitors",
		  "per-slot rf and df over each epoch (CCBP's monitors), readable as parameters" },
		{ CORUN_FW_FEAT_DRAM_BW_APP, "dram-bw-app",
		  "BW-App: the slot with the lowest DRAM bandwidth over each firmware tick is served first (HSM's baseline)" },
		{ CORUN_FW_FEAT_IRC_CCBP, "irc-ccbp",
		  "issue-rate control's CCBP mode: per-slot NoC/DRAM quotas and class, credits from Eqs. 1 and 3 with rf/df measured per tick (the ccbp policy uses it)" },
		{ CORUN_FW_FEAT_MIL, "mil",
		  "memory-instruction limiting (irc = mil): per-slot caps on in-flight L1 memory instructions per SM, moved each epoch by the L1 reservation-failure rate (Dai et al., HPCA'18)" },
		{ CORUN_FW_FEAT_L1_UCP, "l1-ucp",
		  "UCP on the L1: ways by marginal utility from sampled shadow tags, repartitioned every few epochs (l1 = ucp; CCBP's WS + UCP)" },
		{ CORUN_FW_FEAT_DRAM_TCM, "dram-tcm",
		  "TCM: each quantum of epochs, a latency cluster of the least DRAM-intensive slots served first, the others ranked by niceness and shuffled (CCBP's WS + TCM hybrid)" },
		{ CORUN_FW_FEAT_SET_PARAMS, "set-params",
		  "batched parameter requests, applied all or none" },
	};
	size_t i;

	for (i = 0; i < sizeof(feats) / sizeof(feats[0]); i++)
		fprintf(f, "  %-17s %-3s %s\n", feats[i].name,
			features & feats[i].bit ? "yes" : "no", feats[i].what);
}

void sim_policy_list(FILE *f, struct sim_dev *dev)
{
	uint32_t reply[3] = { 0 }, k, v, i;
	char err[256];
	int i2;

	fprintf(f, "driver policies (--policy NAME, or 'policy = NAME' in a mix):\n");
	for (i2 = 0; corun_policies[i2]; i2++) {
		const struct corun_policy_ops *o = corun_policies[i2];

		fprintf(f, "  %-17s %s\n", o->name, o->desc);
		for (i = 0; i < o->nparams; i++)
			fprintf(f, "  %-17s   --policy-param %s=%u..%u (default %u)\n",
				"", o->params[i].name, o->params[i].min,
				o->params[i].max, o->params[i].def);
	}
	if (!sim_dev_fw_version(dev)) {
		fprintf(f, "firmware: none loaded (--no-firmware): no firmware policies\n");
		return;
	}
	if (sim_dev_fw_request(dev, CORUN_FW_CMD_VERSION, NULL, 0, reply, 3,
			       err, sizeof(err))) {
		fprintf(f, "firmware: %s\n", err);
		return;
	}
	fprintf(f, "firmware policies (corun-fw %u.%u, features 0x%x; 'no': not in this image):\n",
		sim_dev_fw_version(dev) >> 16,
		sim_dev_fw_version(dev) & 0xffff, reply[2]);
	list_fw_features(f, reply[2]);
	fprintf(f, "firmware settings in a mix ('KNOB = VALUE'; * needs a feature this image lacks):\n");
	for (k = 0; k < CORUN_FWK_NR; k++) {
		fprintf(f, "  %-17s", corun_fwk[k].name);
		for (v = 1; v < corun_fwk[k].nvalues; v++)
			fprintf(f, " %s%s", corun_fwk[k].values[v].name,
				corun_fwk_check(k, reply[2], v) ? "*" : "");
		fprintf(f, "\n");
	}
	fprintf(f, "firmware parameters ('NAME=VALUE' on a job line, or 'NAME = VALUE' device-wide):\n");
	for (i = 1; i < CORUN_FWP_NR; i++)
		fprintf(f, "  %-17s %s%s\n", corun_fwp[i].name,
			corun_fwp[i].per_slot ? "per job (its slot)" :
						"device-wide",
			corun_fwp[i].features & reply[2] ? "" : " *");
}
