// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * simhost: the device, driven through its registers the way corun.ko
 * drives it (see simhost.h). One ring page per slot in the arena, a
 * counter-snapshot buffer, every interrupt enabled and polled after the
 * clock stops, lockstep epochs and a completion hold on every job, so
 * that everything the host does happens while the device's clock stands
 * still, as in the VM under `corun.ko lockstep=1` and `corun-run
 * --lockstep`. The firmware, when loaded, is uploaded and spoken to
 * through FW_* and the mailbox registers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <corun/fwif.h>
#include <sim/simhost.h>

#include "simhost_int.h"

#define PAGE CORUN_PAGE_SIZE

static int __attribute__((format(printf, 4, 5)))
serr(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err && len) {
		va_start(ap, fmt);
		vsnprintf(err, len, fmt, ap);
		va_end(ap);
	}
	return ret;
}

static uint8_t *dev_map(void *ctx, uint64_t pa, uint64_t len)
{
	return sim_dev_phys(ctx, pa, len);
}

static void dev_guest_error(void *ctx, const char *msg)
{
	struct sim_dev *dev = ctx;

	snprintf(dev->guest_err, sizeof(dev->guest_err), "%s", msg);
}

uint32_t sim_dev_rd(struct sim_dev *dev, uint32_t off)
{
	return emu_dev_read(dev->edev, off);
}

int sim_dev_wr(struct sim_dev *dev, uint32_t off, uint32_t val, char *err,
	       size_t len)
{
	uint32_t before;

	dev->guest_err[0] = 0;
	before = emu_dev_read(dev->edev, CORUN_REG_ERROR);
	if (emu_dev_write(dev->edev, off, val) == EMU_DEV_WRITE_RESET)
		return serr(err, len, -EINVAL,
			    "CONTROL.RESET is not for simhost's users");
	if (dev->guest_err[0] ||
	    emu_dev_read(dev->edev, CORUN_REG_ERROR) != before) {
		/* Sticky bits: clear them so the next write is judged alone. */
		emu_dev_write(dev->edev, CORUN_REG_ERROR, UINT32_MAX);
		return serr(err, len, -EINVAL, "register 0x%04x = 0x%x: %s",
			    off, val,
			    dev->guest_err[0] ? dev->guest_err : "refused");
	}
	return 0;
}

static void wr_ok(struct sim_dev *dev, uint32_t off, uint32_t val)
{
	emu_dev_write(dev->edev, off, val);
}

/* The slot's ring registers, as corun_slot_setup() programs them. */
static void slot_setup(struct sim_dev *dev, unsigned int n)
{
	struct sim_slot *s = &dev->slots[n];

	wr_ok(dev, CORUN_REG_SLOT(n, CORUN_SLOT_CTRL), 0);
	wr_ok(dev, CORUN_REG_SLOT(n, CORUN_SLOT_RING_LO), (uint32_t)s->ring_pa);
	wr_ok(dev, CORUN_REG_SLOT(n, CORUN_SLOT_RING_HI),
	      (uint32_t)(s->ring_pa >> 32));
	wr_ok(dev, CORUN_REG_SLOT(n, CORUN_SLOT_RING_SIZE), SIM_RING_ENTRIES);
	wr_ok(dev, CORUN_REG_SLOT(n, CORUN_SLOT_CTRL), CORUN_SLOT_CTRL_ENABLE);
	s->tail = sim_dev_rd(dev, CORUN_REG_SLOT(n, CORUN_SLOT_RING_HEAD));
}

int sim_dev_bringup(struct sim_dev *dev, char *err, size_t len)
{
	const struct emu_dev_ops ops = {
		.ctx = dev,
		.map = dev_map,
		.guest_error = dev_guest_error,
	};
	/* Firmware is optional: kernel tests run without it. */
	const struct emu_dev_params params = { .lockstep = true };
	uint32_t size;
	unsigned int n;
	char msg[256];

	dev->edev = emu_dev_create(&dev->cfg, &ops, &params, msg, sizeof(msg));
	if (!dev->edev)
		return serr(err, len, -EINVAL, "device: %s", msg);
	size = sim_dev_rd(dev, CORUN_REG_SNAPSHOT_SIZE);
	dev->snap_pa = sim_frames_alloc_top(dev, (size + PAGE - 1) / PAGE);
	if (!dev->snap_pa)
		return serr(err, len, -ENOMEM,
			    "no arena memory for the device's rings");
	wr_ok(dev, CORUN_REG_SNAPSHOT_LO, (uint32_t)dev->snap_pa);
	wr_ok(dev, CORUN_REG_SNAPSHOT_HI, (uint32_t)(dev->snap_pa >> 32));
	for (n = 0; n < dev->cfg.num_slots; n++) {
		dev->slots[n].ring_pa = sim_frames_alloc_top(dev, 1);
		if (!dev->slots[n].ring_pa)
			return serr(err, len, -ENOMEM,
				    "no arena memory for the device's rings");
		slot_setup(dev, n);
	}
	wr_ok(dev, CORUN_REG_IRQ_MASK, CORUN_IRQ_ALL);
	wr_ok(dev, CORUN_REG_CONTROL, CORUN_CTRL_ENABLE | CORUN_CTRL_LOCKSTEP);
	/* The reset's slot policies reach the model before any job. */
	emu_dev_run(dev->edev, 0);
	return 0;
}

struct emu_dev *sim_dev_device(struct sim_dev *dev)
{
	return dev->edev;
}

/* ---- jobs ---- */

int sim_dev_queue(struct sim_dev *dev, unsigned int n,
		  const struct corun_job_desc *d, char *err, size_t len)
{
	struct sim_slot *s;
	struct corun_job_desc *e;
	uint32_t next;

	if (n >= dev->cfg.num_slots)
		return serr(err, len, -EINVAL, "slot %u: the device has %u",
			    n, dev->cfg.num_slots);
	s = &dev->slots[n];
	/* One entry stays free: head == tail means empty. */
	if (s->n >= SIM_RING_ENTRIES - 1)
		return serr(err, len, -ENOSPC, "slot %u: ring full", n);
	e = (struct corun_job_desc *)sim_dev_phys(
		dev, s->ring_pa + (uint64_t)s->tail * sizeof(*e), sizeof(*e));
	*e = *d;
	/* Every job interrupts; none starts the clock before the host. */
	e->flags |= CORUN_DESC_F_IRQ | CORUN_DESC_F_HOLD;
	next = (s->tail + 1) % SIM_RING_ENTRIES;
	if (sim_dev_wr(dev, CORUN_REG_SLOT(n, CORUN_SLOT_DOORBELL), next, err,
		       len))
		return -EIO;
	s->tail = next;
	s->jobs[(s->first + s->n) % SIM_RING_ENTRIES] = (struct sim_slot_job){
		.seqno = d->seqno,
		.counters_pa = (d->flags & CORUN_DESC_F_COUNTERS) ?
				       d->counters_addr :
				       0,
	};
	s->n++;
	return 0;
}

static void done_push(struct sim_dev *dev, const struct emu_event *ev)
{
	if (dev->done_n < SIM_DONE_QUEUE)
		dev->done[(dev->done_first + dev->done_n++) % SIM_DONE_QUEUE] =
			*ev;
}

/*
 * The completions of slot @n up to its DONE register, as corun_slot_retire()
 * finds them: the fault record from the slot registers when the job
 * faulted the slot (which is then reset), else the cause the device wrote
 * with the job's counters (a reset's CORUN_FAULT_RESET).
 */
static void slot_retire(struct sim_dev *dev, unsigned int n)
{
	struct sim_slot *s = &dev->slots[n];
	uint64_t done;
	uint32_t *w, i, status;
	struct emu_event ev;
	bool faulted;

	done = sim_dev_rd(dev, CORUN_REG_SLOT(n, CORUN_SLOT_DONE_LO)) |
	       (uint64_t)sim_dev_rd(dev, CORUN_REG_SLOT(n, CORUN_SLOT_DONE_HI))
		       << 32;
	status = sim_dev_rd(dev, CORUN_REG_SLOT(n, CORUN_SLOT_STATUS));
	faulted = status == CORUN_SLOT_FAULTED;
	while (s->n && s->jobs[s->first].seqno <= done) {
		const struct sim_slot_job *j = &s->jobs[s->first];
		const struct corun_job_counters *jc = NULL;

		memset(&ev, 0, sizeof(ev));
		ev.type = EMU_EV_JOB_DONE;
		ev.slot = n;
		ev.seqno = j->seqno;
		if (j->counters_pa)
			jc = (const void *)sim_dev_phys(dev, j->counters_pa,
							sizeof(*jc));
		if (jc) {
			ev.counters = *jc;
			ev.cycle = jc->end_cycle;
			ev.fault.cause = jc->fault;
			ev.fault.slot = (uint16_t)n;
		}
		if (faulted && j->seqno == done) {
			w = (uint32_t *)&ev.fault;
			for (i = 0; i < sizeof(ev.fault) / 4; i++)
				w[i] = sim_dev_rd(dev,
						  CORUN_REG_SLOT(n, CORUN_SLOT_FAULT) +
							  4 * i);
		}
		s->first = (s->first + 1) % SIM_RING_ENTRIES;
		s->n--;
		done_push(dev, &ev);
	}
	if (faulted) {
		/* The slot stays stopped until it is reset. */
		wr_ok(dev, CORUN_REG_SLOT(n, CORUN_SLOT_CTRL),
		      CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
		slot_setup(dev, n);
	}
}

int sim_dev_reset_slot(struct sim_dev *dev, unsigned int n)
{
	if (n >= dev->cfg.num_slots)
		return -EINVAL;
	wr_ok(dev, CORUN_REG_SLOT(n, CORUN_SLOT_CTRL),
	      CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
	slot_setup(dev, n);
	return 0;
}

/* Let the clock go on: the acknowledgements the last events owe. */
static void pay_acks(struct sim_dev *dev)
{
	if (dev->hold_owed &&
	    (sim_dev_rd(dev, CORUN_REG_STATUS) & CORUN_STATUS_HOLD))
		wr_ok(dev, CORUN_REG_HOLD_ACK, 1);
	dev->hold_owed = 0;
	if (dev->epoch_owed)
		wr_ok(dev, CORUN_REG_EPOCH_ACK, dev->epoch_owed);
	dev->epoch_owed = 0;
}

int sim_dev_run(struct sim_dev *dev, uint64_t max_cycle, struct emu_event *ev)
{
	struct emu_gpu *gpu = emu_dev_gpu(dev->edev);
	uint32_t irq, status;
	unsigned int n;

	memset(ev, 0, sizeof(*ev));
	if (!dev->done_n)
		pay_acks(dev);
	for (;;) {
		if (dev->done_n) {
			*ev = dev->done[dev->done_first];
			dev->done_first = (dev->done_first + 1) % SIM_DONE_QUEUE;
			dev->done_n--;
			dev->hold_owed = 1;
			return ev->type;
		}
		irq = emu_dev_run(dev->edev, max_cycle);
		if (irq & (CORUN_IRQ_JOB | CORUN_IRQ_FAULT)) {
			wr_ok(dev, CORUN_REG_IRQ_ACK,
			      CORUN_IRQ_JOB | CORUN_IRQ_FAULT);
			for (n = 0; n < dev->cfg.num_slots; n++)
				slot_retire(dev, n);
			continue;
		}
		if (irq & CORUN_IRQ_EPOCH) {
			wr_ok(dev, CORUN_REG_IRQ_ACK, CORUN_IRQ_EPOCH);
			ev->type = EMU_EV_EPOCH;
			ev->epoch = sim_dev_rd(dev, CORUN_REG_EPOCH_SEQ);
			ev->cycle = emu_gpu_cycle(gpu);
			status = sim_dev_rd(dev, CORUN_REG_STATUS);
			if (status & CORUN_STATUS_EPOCH_WAIT)
				dev->epoch_owed = (uint32_t)ev->epoch;
			return ev->type;
		}
		if (irq) {
			/* Mailbox replies are read where requests are sent. */
			wr_ok(dev, CORUN_REG_IRQ_ACK, irq);
			continue;
		}
		ev->cycle = emu_gpu_cycle(gpu);
		ev->type = ev->cycle >= max_cycle ? EMU_EV_NONE : EMU_EV_IDLE;
		return ev->type;
	}
}

/* ---- policy registers ---- */

int sim_dev_set_slot_policy(struct sim_dev *dev, unsigned int n,
			    const struct emu_slot_policy *p, char *err,
			    size_t len)
{
	unsigned int w;
	int ret = 0;

	if (n >= dev->cfg.num_slots)
		return serr(err, len, -EINVAL, "slot %u: the device has %u",
			    n, dev->cfg.num_slots);
	for (w = 0; w < CORUN_SM_MASK_WORDS && !ret; w++)
		ret = sim_dev_wr(dev,
				 CORUN_REG_SLOT(n, CORUN_SLOT_SM_MASK0) + 4 * w,
				 p->sm_mask[w], err, len);
	if (!ret)
		ret = sim_dev_wr(dev, CORUN_REG_SLOT(n, CORUN_SLOT_CTA_QUOTA),
				 p->cta_quota, err, len);
	if (!ret)
		ret = sim_dev_wr(dev, CORUN_REG_SLOT(n, CORUN_SLOT_PRIORITY),
				 p->priority, err, len);
	if (!ret)
		ret = sim_dev_wr(dev, CORUN_REG_SLOT(n, CORUN_SLOT_PLACEMENT),
				 p->placement, err, len);
	if (!ret)
		ret = sim_dev_wr(dev, CORUN_REG_SLOT(n, CORUN_SLOT_THROTTLE),
				 p->throttle, err, len);
	return ret;
}

int sim_dev_set_epoch(struct sim_dev *dev, uint32_t cycles, char *err,
		      size_t len)
{
	return sim_dev_wr(dev, CORUN_REG_EPOCH_LEN, cycles, err, len);
}

const struct corun_snapshot_header *sim_dev_snapshot(struct sim_dev *dev)
{
	const struct corun_snapshot_header *h;

	h = (const void *)sim_dev_phys(dev, dev->snap_pa, sizeof(*h));
	return h && h->magic == CORUN_SNAPSHOT_MAGIC ? h : NULL;
}

/* ---- firmware ---- */

/*
 * Run the MCU until @reg reads @want (or, with @busy, anything else). The
 * GPU cores stand still meanwhile (CONTROL.ENABLE gates only them), as in
 * the VM, where the driver talks to the firmware while the lockstep
 * device holds its clock.
 */
static int fw_wait(struct sim_dev *dev, uint32_t reg, uint32_t want,
		   uint32_t busy)
{
	uint32_t ctrl = sim_dev_rd(dev, CORUN_REG_CONTROL), v, i;
	int ret = -ETIMEDOUT;

	wr_ok(dev, CORUN_REG_CONTROL, ctrl & ~CORUN_CTRL_ENABLE);
	/* Generous: a request takes the firmware a few thousand cycles. */
	for (i = 0; i < 1000000; i++) {
		v = sim_dev_rd(dev, reg);
		if (busy ? v != busy : v == want) {
			ret = 0;
			break;
		}
		if (!emu_dev_step(dev->edev, 0))
			break;
	}
	v = sim_dev_rd(dev, reg);
	if (busy ? v != busy : v == want)
		ret = 0;
	wr_ok(dev, CORUN_REG_CONTROL, ctrl);
	return ret;
}

uint32_t sim_dev_fw_status(struct sim_dev *dev)
{
	return sim_dev_rd(dev, CORUN_REG_FW_STATUS);
}

int sim_dev_load_firmware(struct sim_dev *dev, const char *path, char *err,
			  size_t len)
{
	uint32_t reply[3], state;
	uint64_t pa;
	long size = 0;
	FILE *f;
	int ret;

	f = fopen(path, "rb");
	if (!f)
		return serr(err, len, -ENOENT, "%s: cannot open: %s", path,
			    strerror(errno));
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET) ||
	    (uint64_t)size > sizeof(struct corun_fw_header) + CORUN_MCU_MEM_SIZE) {
		fclose(f);
		return serr(err, len, -EINVAL,
			    "%s: not a firmware image (size %ld)", path, size);
	}
	pa = sim_frames_alloc_top(dev, ((uint64_t)size + PAGE - 1) / PAGE);
	if (!pa || fread(sim_dev_phys(dev, pa, (uint64_t)size), 1,
			 (size_t)size, f) != (size_t)size) {
		fclose(f);
		if (pa)
			sim_frames_free(dev, pa, ((uint64_t)size + PAGE - 1) / PAGE);
		return serr(err, len, -EIO, "%s: cannot read it into memory",
			    path);
	}
	fclose(f);
	memcpy(&dev->fw_header, sim_dev_phys(dev, pa, sizeof(dev->fw_header)),
	       (uint64_t)size < sizeof(dev->fw_header) ? (size_t)size :
							 sizeof(dev->fw_header));
	wr_ok(dev, CORUN_REG_FW_ADDR_LO, (uint32_t)pa);
	wr_ok(dev, CORUN_REG_FW_ADDR_HI, (uint32_t)(pa >> 32));
	wr_ok(dev, CORUN_REG_FW_SIZE, (uint32_t)size);
	ret = sim_dev_wr(dev, CORUN_REG_FW_CTRL, CORUN_FW_CTRL_LOAD, err, len);
	if (!ret)
		ret = fw_wait(dev, CORUN_REG_FW_STATUS, 0, CORUN_FW_LOADING);
	sim_frames_free(dev, pa, ((uint64_t)size + PAGE - 1) / PAGE);
	state = sim_dev_rd(dev, CORUN_REG_FW_STATUS);
	wr_ok(dev, CORUN_REG_IRQ_ACK, CORUN_IRQ_FW_ERROR);
	if (ret || state != CORUN_FW_RUNNING)
		return serr(err, len, -EIO,
			    "%s: firmware did not boot (state %u%s%s)", path,
			    state, dev->guest_err[0] ? ": " : "",
			    dev->guest_err);
	dev->fw_version = sim_dev_rd(dev, CORUN_REG_FW_VERSION);
	/* The mailbox works, and speaks our interface. */
	ret = sim_dev_fw_request(dev, CORUN_FW_CMD_VERSION, NULL, 0, reply, 3,
				 err, len);
	if (ret)
		return ret;
	if (reply[0] != CORUN_FWIF_VERSION)
		return serr(err, len, -EPROTO,
			    "%s: firmware speaks interface %u, not %u", path,
			    reply[0], CORUN_FWIF_VERSION);
	return 0;
}

uint32_t sim_dev_fw_version(const struct sim_dev *dev)
{
	return dev->fw_version;
}

uint32_t sim_dev_fw_crc(const struct sim_dev *dev)
{
	return dev->fw_version ? dev->fw_header.payload_crc32 : 0;
}

int sim_dev_fw_request(struct sim_dev *dev, uint32_t cmd, const uint32_t *in,
		       uint32_t n, uint32_t *out, uint32_t nout, char *err,
		       size_t len)
{
	uint32_t i, hdr, seq;
	int ret;

	if (n > CORUN_MBOX_MAX_PAYLOAD || nout > CORUN_MBOX_MAX_PAYLOAD)
		return serr(err, len, -EINVAL, "mailbox: %u/%u words", n,
			    nout);
	wr_ok(dev, CORUN_REG_MBOX_IN, CORUN_MBOX_HDR(cmd, n));
	for (i = 0; i < n; i++)
		wr_ok(dev, CORUN_REG_MBOX_IN + 4 * (i + 1), in[i]);
	seq = ++dev->mbox_seq;
	ret = sim_dev_wr(dev, CORUN_REG_MBOX_DOORBELL, seq, err, len);
	if (ret)
		return ret;
	if (fw_wait(dev, CORUN_REG_MBOX_DONE, seq, 0))
		return serr(err, len, -ETIMEDOUT,
			    "mailbox: no answer to command %u (firmware state %u)",
			    cmd, sim_dev_rd(dev, CORUN_REG_FW_STATUS));
	wr_ok(dev, CORUN_REG_IRQ_ACK, CORUN_IRQ_MAILBOX);
	hdr = sim_dev_rd(dev, CORUN_REG_MBOX_OUT);
	for (i = 0; i < nout; i++)
		out[i] = sim_dev_rd(dev, CORUN_REG_MBOX_OUT + 4 * (i + 1));
	if (CORUN_MBOX_HDR_CMD(hdr) != CORUN_FW_OK)
		return serr(err, len, -EINVAL,
			    "mailbox: command %u answered with status %u", cmd,
			    CORUN_MBOX_HDR_CMD(hdr));
	return 0;
}
