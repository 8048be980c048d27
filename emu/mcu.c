// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun microcontroller model, see mcu.h.
 *
 * The hart is a one-lane rv_warp. Two things the GPU executor does not
 * know are handled around it:
 *  - WFE (custom-0 funct3 4) decodes as illegal on the GPU, so the
 *    instruction is peeked before each step and WFE is executed here;
 *  - the register window has side effects, but rv_env.mem only returns a
 *    host pointer: window loads are read into a bounce buffer when the
 *    access is translated, window stores land in the buffer and are
 *    dispatched after the instruction completed.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "mcu.h"

struct mcu {
	struct mcu_hw_ops ops;
	enum mcu_state state;
	uint8_t *mem;

	struct rv_warp hart;
	struct rv_env env;
	struct rv_dcache dc;

	struct corun_fw_header hdr;
	bool loaded;

	uint64_t cycle;
	uint64_t insns;
	bool asleep;

	uint32_t timer_cmp;
	uint64_t next_tick; /* UINT64_MAX: timer off */
	uint32_t events;
	uint32_t cycle_hi; /* latched by a CYCLE_LO read */

	bool ready;
	uint32_t ready_val;
	uint32_t heartbeat;

	uint32_t mbox_in[CORUN_MBOX_WORDS];
	uint32_t mbox_out[CORUN_MBOX_WORDS];
	uint32_t mbox_seq;
	uint32_t mbox_done;
	bool mbox_busy;

	/* Window access of the instruction being executed. */
	uint8_t win_buf[4] __aligned(4);
	uint32_t win_off;
	bool win_write;

	struct mcu_fault fault;
};

static uint32_t get_le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

uint32_t mcu_crc32(uint32_t crc, const void *buf, size_t len)
{
	const uint8_t *p = buf;
	unsigned int k;

	/* Bitwise: images are at most 256 KiB and checked once per load. */
	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

/* ------------------------------------------------------------------ */
/* Control-register window                                             */

static bool mcu_in_mbox(uint32_t off, uint32_t base)
{
	return off >= base && off < base + 4 * CORUN_MBOX_WORDS;
}

static void mcu_notify(struct mcu *m, enum mcu_notify what)
{
	if (m->ops.notify)
		m->ops.notify(m->ops.ctx, what);
}

static uint32_t mcu_win_read(struct mcu *m, uint32_t off)
{
	switch (off) {
	case CORUN_MCU_ID:
		return CORUN_ID_MAGIC;
	case CORUN_MCU_CYCLE_LO:
		m->cycle_hi = m->cycle >> 32;
		return (uint32_t)m->cycle;
	case CORUN_MCU_CYCLE_HI:
		return m->cycle_hi;
	case CORUN_MCU_TIMER_CMP:
		return m->timer_cmp;
	case CORUN_MCU_EVENTS:
		return m->events;
	case CORUN_MCU_EVENT_ACK:
		return 0;
	case CORUN_MCU_READY:
		return m->ready_val;
	case CORUN_MCU_HEARTBEAT:
		return m->heartbeat;
	case CORUN_MCU_MBOX_DONE:
		return m->mbox_done;
	case CORUN_MCU_MBOX_SEQ:
		return m->mbox_seq;
	}
	if (mcu_in_mbox(off, CORUN_MCU_MBOX_IN))
		return m->mbox_in[(off - CORUN_MCU_MBOX_IN) / 4];
	if (mcu_in_mbox(off, CORUN_MCU_MBOX_OUT))
		return m->mbox_out[(off - CORUN_MCU_MBOX_OUT) / 4];
	return m->ops.read ? m->ops.read(m->ops.ctx, off) : 0;
}

static void mcu_win_write(struct mcu *m, uint32_t off, uint32_t val)
{
	switch (off) {
	case CORUN_MCU_ID:
	case CORUN_MCU_CYCLE_LO:
	case CORUN_MCU_CYCLE_HI:
	case CORUN_MCU_EVENTS:
	case CORUN_MCU_MBOX_SEQ:
		return; /* read-only */
	case CORUN_MCU_TIMER_CMP:
		/* The first tick comes a full period after the write. */
		m->timer_cmp = val;
		m->next_tick = val ? m->cycle + val : UINT64_MAX;
		return;
	case CORUN_MCU_EVENT_ACK:
		m->events &= ~val;
		return;
	case CORUN_MCU_READY:
		m->ready = true;
		m->ready_val = val;
		mcu_notify(m, MCU_NOTIFY_READY);
		return;
	case CORUN_MCU_HEARTBEAT:
		m->heartbeat = val;
		return;
	case CORUN_MCU_MBOX_DONE:
		m->mbox_done = val;
		if (m->mbox_busy && val == m->mbox_seq)
			m->mbox_busy = false;
		mcu_notify(m, MCU_NOTIFY_MBOX_DONE);
		return;
	}
	if (mcu_in_mbox(off, CORUN_MCU_MBOX_IN))
		return;
	if (mcu_in_mbox(off, CORUN_MCU_MBOX_OUT)) {
		m->mbox_out[(off - CORUN_MCU_MBOX_OUT) / 4] = val;
		return;
	}
	if (m->ops.write)
		m->ops.write(m->ops.ctx, off, val);
}

/* ------------------------------------------------------------------ */
/* Executor environment                                                */

/* Below the base, the subtraction wraps to far beyond the size. */
static bool mcu_in_mem(uint32_t addr, uint32_t size)
{
	return (uint64_t)(uint32_t)(addr - CORUN_MCU_MEM_BASE) + size <=
	       CORUN_MCU_MEM_SIZE;
}

static int mcu_fetch(void *ctx, struct rv_warp *w, uint32_t pc, uint32_t *insn)
{
	struct mcu *m = ctx;

	(void)w;
	if (!mcu_in_mem(pc, 4))
		return CORUN_FAULT_UNMAPPED;
	*insn = get_le32(m->mem + (pc - CORUN_MCU_MEM_BASE));
	return 0;
}

static int mcu_mem(void *ctx, struct rv_warp *w, unsigned int lane, uint32_t va,
		   unsigned int size, enum corun_fault_access acc,
		   uint8_t **host)
{
	struct mcu *m = ctx;
	uint32_t off = va - CORUN_MCU_CTL_BASE;

	(void)w;
	(void)lane;
	if (mcu_in_mem(va, size)) {
		*host = m->mem + (va - CORUN_MCU_MEM_BASE);
		return 0;
	}
	if (va < CORUN_MCU_CTL_BASE || off >= CORUN_MCU_CTL_SIZE)
		return CORUN_FAULT_UNMAPPED;
	/* Registers are 32 bits wide and not atomic. */
	if (size != 4 || acc == CORUN_ACCESS_AMO)
		return CORUN_FAULT_BUS;
	if (acc == CORUN_ACCESS_READ) {
		put_le32(m->win_buf, mcu_win_read(m, off));
	} else {
		m->win_off = off;
		m->win_write = true;
	}
	*host = m->win_buf;
	return 0;
}

static uint64_t mcu_counter(void *ctx, struct rv_warp *w, unsigned int lane,
			    unsigned int which)
{
	struct mcu *m = ctx;

	(void)w;
	(void)lane;
	return which == 2 ? m->insns : m->cycle;
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                          */

static void mcu_clear(struct mcu *m)
{
	memset(m->mem, 0, CORUN_MCU_MEM_SIZE);
	memset(&m->hdr, 0, sizeof(m->hdr));
	memset(&m->fault, 0, sizeof(m->fault));
	memset(m->mbox_in, 0, sizeof(m->mbox_in));
	memset(m->mbox_out, 0, sizeof(m->mbox_out));
	m->state = MCU_OFF;
	m->loaded = false;
	m->insns = 0;
	m->asleep = false;
	m->timer_cmp = 0;
	m->next_tick = UINT64_MAX;
	m->events = 0;
	m->cycle_hi = 0;
	m->ready = false;
	m->ready_val = 0;
	m->heartbeat = 0;
	m->mbox_seq = 0;
	m->mbox_done = 0;
	m->mbox_busy = false;
	m->win_write = false;
	rv_warp_init(&m->hart, 1, 1, 0);
	rv_dcache_reset(&m->dc);
	m->hart.dc = &m->dc;
}

struct mcu *mcu_create(const struct mcu_hw_ops *ops)
{
	struct mcu *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->mem = malloc(CORUN_MCU_MEM_SIZE);
	if (!m->mem) {
		free(m);
		return NULL;
	}
	if (ops)
		m->ops = *ops;
	m->env.ctx = m;
	m->env.fetch = mcu_fetch;
	m->env.mem = mcu_mem;
	m->env.counter = mcu_counter;
	/* Window pages must reach mcu_mem() on every access. */
	m->env.mem_cacheable = false;
	mcu_clear(m);
	return m;
}

void mcu_destroy(struct mcu *m)
{
	if (!m)
		return;
	free(m->mem);
	free(m);
}

void mcu_reset(struct mcu *m)
{
	mcu_clear(m);
	m->cycle = 0;
}

static const char *const mcu_img_names[MCU_IMG_NR] = {
	[MCU_IMG_OK] = "ok",
	[MCU_IMG_TRUNCATED] = "truncated",
	[MCU_IMG_BAD_MAGIC] = "bad magic",
	[MCU_IMG_BAD_FWIF] = "unsupported fwif version",
	[MCU_IMG_BAD_HEADER_SIZE] = "bad header size",
	[MCU_IMG_BAD_RESERVED] = "reserved field set",
	[MCU_IMG_BAD_LOAD_ADDR] = "bad load address",
	[MCU_IMG_TOO_BIG] = "payload too big",
	[MCU_IMG_BAD_ENTRY] = "bad entry point",
	[MCU_IMG_TRAILING] = "trailing bytes",
	[MCU_IMG_BAD_CRC] = "CRC mismatch",
};

const char *mcu_img_status_name(enum mcu_img_status st)
{
	return (unsigned int)st < MCU_IMG_NR ? mcu_img_names[st] : "?";
}

static enum mcu_img_status img_fail(enum mcu_img_status st, char *err,
				    size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static enum mcu_img_status img_fail(enum mcu_img_status st, char *err,
				    size_t errlen, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!err || !errlen)
		return st;
	n = snprintf(err, errlen,
		     "firmware image: %s: ", mcu_img_status_name(st));
	if (n >= 0 && (size_t)n < errlen) {
		va_start(ap, fmt);
		vsnprintf(err + n, errlen - n, fmt, ap);
		va_end(ap);
	}
	return st;
}

enum mcu_img_status mcu_check_image(const void *img, size_t len,
				    struct corun_fw_header *hdr, char *err,
				    size_t errlen)
{
	const size_t hsz = sizeof(struct corun_fw_header);
	const uint8_t *p = img;
	struct corun_fw_header h;
	uint32_t *w = (uint32_t *)&h;
	uint64_t load_off;
	uint32_t crc;
	unsigned int i;

	if (err && errlen)
		err[0] = '\0';
	if (len < hsz)
		return img_fail(MCU_IMG_TRUNCATED, err, errlen,
				"%zu bytes, the header alone is %zu", len, hsz);
	for (i = 0; i < hsz / 4; i++)
		w[i] = get_le32(p + 4 * i);
	if (hdr)
		*hdr = h;

	if (h.magic != CORUN_FW_MAGIC)
		return img_fail(MCU_IMG_BAD_MAGIC, err, errlen,
				"0x%08x, expected 0x%08x", h.magic,
				CORUN_FW_MAGIC);
	if (h.fwif_version != CORUN_FWIF_VERSION)
		return img_fail(MCU_IMG_BAD_FWIF, err, errlen,
				"%u, this device speaks %u", h.fwif_version,
				CORUN_FWIF_VERSION);
	if (h.header_size != hsz)
		return img_fail(MCU_IMG_BAD_HEADER_SIZE, err, errlen,
				"%u, expected %zu", h.header_size, hsz);
	for (i = 0; i < sizeof(h.reserved) / 4; i++)
		if (h.reserved[i])
			return img_fail(MCU_IMG_BAD_RESERVED, err, errlen,
					"reserved[%u] = 0x%x", i,
					h.reserved[i]);
	if (h.load_addr % 4 || !mcu_in_mem(h.load_addr, 1))
		return img_fail(
			MCU_IMG_BAD_LOAD_ADDR, err, errlen,
			"0x%08x is not a 4-byte aligned address of MCU memory",
			h.load_addr);
	load_off = h.load_addr - CORUN_MCU_MEM_BASE;
	if (load_off + h.payload_size > CORUN_MCU_MEM_SIZE)
		return img_fail(
			MCU_IMG_TOO_BIG, err, errlen,
			"%u bytes at 0x%08x exceed the %u bytes of MCU memory",
			h.payload_size, h.load_addr, CORUN_MCU_MEM_SIZE);
	if (h.entry % 4 || h.entry < h.load_addr ||
	    (uint64_t)h.entry - h.load_addr + 4 > h.payload_size)
		return img_fail(
			MCU_IMG_BAD_ENTRY, err, errlen,
			"0x%08x is not an aligned word of the payload [0x%08x, +%u)",
			h.entry, h.load_addr, h.payload_size);
	if (len - hsz < h.payload_size)
		return img_fail(MCU_IMG_TRUNCATED, err, errlen,
				"%zu payload bytes, header says %u", len - hsz,
				h.payload_size);
	if (len - hsz > h.payload_size)
		return img_fail(MCU_IMG_TRAILING, err, errlen,
				"%zu bytes after the %u-byte payload",
				len - hsz - h.payload_size, h.payload_size);
	crc = mcu_crc32(0, p + hsz, h.payload_size);
	if (crc != h.payload_crc32)
		return img_fail(MCU_IMG_BAD_CRC, err, errlen,
				"payload 0x%08x, header 0x%08x", crc,
				h.payload_crc32);
	return MCU_IMG_OK;
}

enum mcu_img_status mcu_load_image(struct mcu *m, const void *img, size_t len,
				   char *err, size_t errlen)
{
	struct corun_fw_header h;
	enum mcu_img_status st;

	mcu_clear(m);
	st = mcu_check_image(img, len, &h, err, errlen);
	if (st != MCU_IMG_OK)
		return st;
	memcpy(m->mem + (h.load_addr - CORUN_MCU_MEM_BASE),
	       (const uint8_t *)img + sizeof(h), h.payload_size);
	m->hdr = h;
	m->loaded = true;
	m->hart.pc[0] = h.entry;
	rv_warp_resched(&m->hart);
	m->state = MCU_RUNNING;
	return MCU_IMG_OK;
}

void mcu_halt(struct mcu *m)
{
	if (m->state == MCU_RUNNING) {
		m->state = MCU_HALTED;
		m->asleep = false;
	}
}

/* ------------------------------------------------------------------ */
/* Execution                                                           */

static void mcu_crash(struct mcu *m, uint32_t cause, uint32_t access,
		      uint32_t pc, uint32_t addr)
{
	m->fault.cause = cause;
	m->fault.access = access;
	m->fault.pc = pc;
	m->fault.addr = addr;
	m->fault.cycle = m->cycle;
	m->state = MCU_CRASHED;
	m->asleep = false;
	mcu_notify(m, MCU_NOTIFY_CRASH);
}

/* Execute one instruction of the (awake, running) hart. */
static void mcu_step(struct mcu *m)
{
	struct rv_warp *w = &m->hart;
	const struct rv_uop *u;
	struct rv_step st;
	int r;

	u = rv_warp_peek(w, &m->env, &r);
	if (u && u->op == RV_OP_ILLEGAL && u->insn == CORUN_INSN_WFE) {
		w->pc[0] += 4;
		rv_warp_resched(w);
		m->insns++;
		/* WFE with an event already pending does not sleep. */
		m->asleep = !m->events;
		return;
	}
	/* Barriers, EXIT and bypass hints mean nothing on the MCU. */
	if (u && (u->op == RV_OP_BAR || u->op == RV_OP_EXIT ||
		  u->op == RV_OP_BYPASS)) {
		mcu_crash(m, CORUN_FAULT_ILLEGAL_INSN, 0, w->pc[0], u->insn);
		return;
	}

	m->win_write = false;
	r = rv_warp_exec(w, &m->env, &st);
	if (r) {
		mcu_crash(m, st.fault.cause, st.fault.access, st.fault.pc,
			  st.fault.addr);
		return;
	}
	m->insns++;
	if (m->win_write) {
		m->win_write = false;
		mcu_win_write(m, m->win_off, get_le32(m->win_buf));
	}
}

static void mcu_timer(struct mcu *m)
{
	while (m->next_tick <= m->cycle) {
		m->events |= CORUN_MCU_EV_TICK;
		m->next_tick += m->timer_cmp;
	}
}

uint64_t mcu_run(struct mcu *m, uint64_t cycles)
{
	uint64_t end, start = m->insns;

	end = cycles > UINT64_MAX - m->cycle ? UINT64_MAX : m->cycle + cycles;
	while (m->cycle < end) {
		if (m->state != MCU_RUNNING) {
			m->cycle = end;
			break;
		}
		if (m->asleep) {
			if (m->events) {
				m->asleep = false;
				continue;
			}
			/* Nothing to do until the next tick: jump there. */
			if (m->next_tick > end) {
				m->cycle = end;
				break;
			}
			m->cycle = m->next_tick;
			mcu_timer(m);
			continue;
		}
		while (m->cycle < end && m->cycle < m->next_tick &&
		       m->state == MCU_RUNNING && !m->asleep) {
			mcu_step(m);
			m->cycle++;
		}
		mcu_timer(m);
	}
	return m->insns - start;
}

/* ------------------------------------------------------------------ */
/* Device-side accessors                                               */

uint64_t mcu_cycle(const struct mcu *m)
{
	return m->cycle;
}

uint64_t mcu_next_wakeup(const struct mcu *m)
{
	if (m->state != MCU_RUNNING)
		return UINT64_MAX;
	if (!m->asleep || m->events)
		return m->cycle;
	return m->next_tick;
}

enum mcu_state mcu_state(const struct mcu *m)
{
	return m->state;
}

bool mcu_asleep(const struct mcu *m)
{
	return m->state == MCU_RUNNING && m->asleep;
}

bool mcu_ready(const struct mcu *m, uint32_t *fw_version)
{
	if (m->ready && fw_version)
		*fw_version = m->ready_val;
	return m->ready;
}

const struct corun_fw_header *mcu_image_header(const struct mcu *m)
{
	return m->loaded ? &m->hdr : NULL;
}

const struct mcu_fault *mcu_fault(const struct mcu *m)
{
	return m->state == MCU_CRASHED ? &m->fault : NULL;
}

uint64_t mcu_insns(const struct mcu *m)
{
	return m->insns;
}

uint32_t mcu_heartbeat(const struct mcu *m)
{
	return m->heartbeat;
}

uint32_t mcu_pc(const struct mcu *m)
{
	return m->hart.pc[0];
}

void mcu_raise_event(struct mcu *m, uint32_t events)
{
	m->events |= events;
	if (events)
		m->asleep = false;
}

uint32_t mcu_events(const struct mcu *m)
{
	return m->events;
}

int mcu_mbox_request(struct mcu *m, uint32_t seq, const uint32_t *words)
{
	if (m->state != MCU_RUNNING || !m->ready)
		return -ENODEV;
	if (m->mbox_busy)
		return -EBUSY;
	memcpy(m->mbox_in, words, sizeof(m->mbox_in));
	m->mbox_seq = seq;
	m->mbox_busy = true;
	mcu_raise_event(m, CORUN_MCU_EV_MBOX);
	return 0;
}

bool mcu_mbox_busy(const struct mcu *m)
{
	return m->mbox_busy;
}

uint32_t mcu_mbox_done(const struct mcu *m)
{
	return m->mbox_done;
}

void mcu_mbox_reply(const struct mcu *m, uint32_t *words)
{
	memcpy(words, m->mbox_out, sizeof(m->mbox_out));
}
