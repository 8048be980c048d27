// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libFuzzer target: the firmware's mailbox handler and parameter store,
 * built natively on the fake register window (fake_hal.c) with clang's
 * -fsanitize=fuzzer,address,undefined.
 *
 * An input is a device shape (slots, SMs, VCs, cache ways: the window's
 * read-only registers, including values beyond what the firmware's tables
 * hold) followed by a stream of events the device could raise: raw
 * mailbox requests (any header, any payload), structured SET_PARAM,
 * GET_PARAM and SET_PARAMS requests over the parameter ids of fwif.h (a
 * slot beyond the device now and then), epochs with arbitrary counter
 * values, ticks, and TCM selected with short quanta. Each event goes through fw_poll(), as on the MCU.
 *
 * Besides the sanitizers' reports, every reply is checked against the
 * contract of fwif.h: DONE carries the request's sequence, the reply's
 * header has a known status and at most CORUN_MBOX_MAX_PAYLOAD words,
 * the words past it are zero, errors carry no payload (a refused
 * SET_PARAMS pair carries its index), ECHO returns its words, VERSION the
 * interface version, a SET_PARAM that succeeded reads back, and a
 * SET_PARAMS is all or nothing (a refused one changes no parameter; an
 * accepted one leaves each parameter at its last value). After every
 * event each slot's credit register is what IRC_CREDITS reports, and
 * under the CCBP mode a BI slot's credits are 1..window or unlimited and
 * an LS slot is unlimited and first; under TCM the hardware serves slot
 * priorities, each slot's priority register is what DRAM_TCM_PRIO
 * reports, the two clusters are disjoint slots the device has, a slot has
 * a priority if and only if it is in one, and every latency slot is above
 * every bandwidth slot. The firmware must never panic after boot. A breach
 * aborts with a message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <testing/fw_params.h>

#include "fake_hal.h"

/* The input, consumed front to back; reads past its end give zeros. */
struct cursor {
	const u8 *p;
	size_t n;
};

static u8 take8(struct cursor *c)
{
	u8 v = 0;

	if (c->n) {
		v = *c->p++;
		c->n--;
	}
	return v;
}

static u32 take32(struct cursor *c)
{
	u32 v = 0;
	unsigned int i;

	for (i = 0; i < 4; i++)
		v |= (u32)take8(c) << (8 * i);
	return v;
}

/* A parameter id: a known base, its slot from the input, or anything. */
static u32 take_param(struct cursor *c)
{
	u8 sel = take8(c);
	u32 p;

	if (sel == 0xff)
		return take32(c);
	p = corun_fw_params_all[sel % CORUN_FW_NPARAMS];
	return p & 0xff00 ? CORUN_FW_PARAM_SLOT(p, take8(c) % (CORUN_MAX_SLOTS + 2)) : p;
}

/* A value: small, a boundary, or any 32 bits. */
static u32 take_val(struct cursor *c)
{
	u8 sel = take8(c);

	switch (sel % 4) {
	case 0:
		return sel >> 2;
	case 1:
		return 0xffffffffu - (sel >> 2);
	case 2:
		return (u32)1 << (sel >> 3);
	default:
		return take32(c);
	}
}

static __noreturn void breach(const char *what, const u32 *in, const u32 *out)
{
	unsigned int i;

	fprintf(stderr, "fw-fuzz: %s\nrequest:", what);
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		fprintf(stderr, " %08x", in[i]);
	fprintf(stderr, "\nreply:  ");
	for (i = 0; out && i < CORUN_MBOX_WORDS; i++)
		fprintf(stderr, " %08x", out[i]);
	fprintf(stderr, "\n");
	abort();
}

static u32 seq;

/* Raise @events and let the firmware handle them; it must not panic. */
static void poll_events(u32 events)
{
	fake.events |= events;
	if (setjmp(fake.stop)) {
		fprintf(stderr, "fw-fuzz: firmware panic 0x%x after boot\n",
			fake.panic_code);
		abort();
	}
	fw_poll();
}

/* One request through the window, as the device delivers it. */
static u32 request(const u32 *in, u32 *out)
{
	u32 hdr, len, st, i;

	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		fake_set_reg(CORUN_MCU_MBOX_IN + 4 * i, in[i]);
	fake_set_reg(CORUN_MCU_MBOX_SEQ, ++seq);
	poll_events(CORUN_MCU_EV_MBOX);
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		out[i] = fake_reg(CORUN_MCU_MBOX_OUT + 4 * i);

	if (fake_reg(CORUN_MCU_MBOX_DONE) != seq)
		breach("DONE does not carry the request's sequence", in, out);
	hdr = out[0];
	st = CORUN_MBOX_HDR_CMD(hdr);
	len = CORUN_MBOX_HDR_LEN(hdr);
	if (hdr != CORUN_MBOX_HDR(st, len) || st > CORUN_FW_EBUSY ||
	    len > CORUN_MBOX_MAX_PAYLOAD)
		breach("malformed reply header", in, out);
	for (i = 1 + len; i < CORUN_MBOX_WORDS; i++)
		if (out[i])
			breach("reply word past its length is not zero", in, out);
	if (st != CORUN_FW_OK && len &&
	    !(CORUN_MBOX_HDR_CMD(in[0]) == CORUN_FW_CMD_SET_PARAMS && len == 1))
		breach("error reply with a payload", in, out);
	return hdr;
}

static u32 get(u32 id, u32 *val)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 1),
				     id };
	u32 out[CORUN_MBOX_WORDS];
	u32 st = CORUN_MBOX_HDR_CMD(request(in, out));

	*val = out[1];
	return st;
}

static void check_raw(const u32 *in, const u32 *out, u32 hdr)
{
	u32 cmd = CORUN_MBOX_HDR_CMD(in[0]), len = CORUN_MBOX_HDR_LEN(in[0]);
	u32 i;

	if (CORUN_MBOX_HDR_CMD(hdr) != CORUN_FW_OK)
		return;
	if (in[0] & 0xff000000u)
		breach("reserved header bits accepted", in, out);
	if (cmd == CORUN_FW_CMD_ECHO) {
		if (CORUN_MBOX_HDR_LEN(hdr) != len)
			breach("ECHO length differs", in, out);
		for (i = 1; i <= len; i++)
			if (out[i] != in[i])
				breach("ECHO changed a word", in, out);
	}
	if (cmd == CORUN_FW_CMD_VERSION && out[1] != CORUN_FWIF_VERSION)
		breach("VERSION: wrong interface version", in, out);
}

static void do_set(struct cursor *c)
{
	u32 in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 2) };
	u32 out[CORUN_MBOX_WORDS], v;

	in[1] = take_param(c);
	in[2] = take_val(c);
	if (CORUN_MBOX_HDR_CMD(request(in, out)) != CORUN_FW_OK)
		return;
	if (get(in[1], &v) != CORUN_FW_OK || v != in[2])
		breach("SET_PARAM succeeded but does not read back", in, out);
}

static void do_set_many(struct cursor *c)
{
	u32 in[CORUN_MBOX_WORDS] = { 0 }, out[CORUN_MBOX_WORDS];
	u32 before[CORUN_FW_SET_PARAMS_MAX], had[CORUN_FW_SET_PARAMS_MAX];
	u32 n = 1 + take8(c) % CORUN_FW_SET_PARAMS_MAX, i, j, v, st, hdr;

	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS, 2 * n);
	for (i = 0; i < n; i++) {
		in[1 + 2 * i] = take_param(c);
		in[2 + 2 * i] = take_val(c);
		had[i] = get(in[1 + 2 * i], &before[i]) == CORUN_FW_OK;
	}
	hdr = request(in, out);
	st = CORUN_MBOX_HDR_CMD(hdr);
	if (st == CORUN_FW_OK && (hdr != CORUN_MBOX_HDR(CORUN_FW_OK, 1) ||
				  out[1] != n))
		breach("SET_PARAMS: accepted without its count", in, out);
	if (st != CORUN_FW_OK && (hdr != CORUN_MBOX_HDR(st, 1) || out[1] >= n))
		breach("SET_PARAMS: refused without a pair index", in, out);
	for (i = 0; i < n; i++) {
		u32 want = before[i];

		if (!had[i])
			continue;
		if (st == CORUN_FW_OK) /* the last pair naming it wins */
			for (j = 0; j < n; j++)
				if (in[1 + 2 * j] == in[1 + 2 * i])
					want = in[2 + 2 * j];
		if (get(in[1 + 2 * i], &v) != CORUN_FW_OK || v != want)
			breach(st == CORUN_FW_OK ?
			       "SET_PARAMS: a parameter is not at its last value" :
			       "SET_PARAMS refused but a parameter changed",
			       in, out);
	}
}

/* An epoch: counters of every slot from the input, then the event. */
static void do_epoch(struct cursor *c)
{
	unsigned int s, k, nk = sizeof(fake.ctr[0]) / sizeof(fake.ctr[0][0]);
	u8 mode = take8(c);

	for (s = 0; s < CORUN_MAX_SLOTS; s++)
		for (k = 0; k < nk; k++)
			fake.ctr[s][k] += mode & 1 ? take32(c) :
				(u64)take32(c) << (mode >> 1 & 31);
	fake_set_reg(CORUN_MCU_EPOCH_SEQ, fake_reg(CORUN_MCU_EPOCH_SEQ) +
		     1 + take8(c) % 4);
	poll_events(CORUN_MCU_EV_EPOCH | (mode & 0x80 ? CORUN_MCU_EV_TICK : 0));
}

/*
 * TCM with a quantum and shuffle interval of 1..4 epochs, so that the
 * epochs of one input end quanta: a random DRAM_POLICY seldom lands on it.
 */
static void do_tcm(struct cursor *c)
{
	u32 in[CORUN_MBOX_WORDS] = {
		CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS, 6),
		CORUN_FW_P_DRAM_TCM_QUANTUM, 1 + take8(c) % 4,
		CORUN_FW_P_DRAM_TCM_SHUFFLE, 1 + take8(c) % 4,
		CORUN_FW_P_DRAM_POLICY, CORUN_DRAM_TCM,
	};
	u32 out[CORUN_MBOX_WORDS];

	if (CORUN_MBOX_HDR_CMD(request(in, out)) != CORUN_FW_OK)
		breach("SET_PARAMS refused TCM", in, out);
}

/* The credits in the window against the IRC's parameters. */
static void check_irc(void)
{
	u32 mode, en, win, cls, cr, s, ns = fake_reg(CORUN_MCU_NUM_SLOTS);
	u32 none[CORUN_MBOX_WORDS] = { 0 };

	if (ns > CORUN_MAX_SLOTS)
		ns = CORUN_MAX_SLOTS;
	get(CORUN_FW_P_IRC_MODE, &mode);
	get(CORUN_FW_P_IRC_ENABLE, &en);
	get(CORUN_FW_P_IRC_WINDOW, &win);
	for (s = 0; s < ns; s++) {
		u32 reg = fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_IRC_CREDITS));

		get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CREDITS, s), &cr);
		get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_CLASS, s), &cls);
		if (reg != cr)
			breach("IRC_CREDITS is not the credit register", none,
			       none);
		if (mode != CORUN_IRC_MODE_CCBP)
			continue;
		if (cls != CORUN_IRC_CLASS_BI ||
		    en != CORUN_FW_IRC_ENABLE_CREDITS) {
			if (cr != CORUN_FW_IRC_CREDITS_UNLIMITED)
				breach("CCBP: a slot not limited has credits",
				       none, none);
		} else if (cr != CORUN_FW_IRC_CREDITS_UNLIMITED &&
			   (!cr || cr > win)) {
			breach("CCBP: credits outside 1..window", none, none);
		}
		if ((cls == CORUN_IRC_CLASS_LS) !=
		    (fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_IRC_PRIO)) ==
		     CORUN_FW_IRC_PRIO_LS))
			breach("CCBP: LS and only LS goes first", none, none);
	}
}

/* MIL's caps in the window against its parameters. */
static void check_mil(void)
{
	u32 en, cap, s, ns = fake_reg(CORUN_MCU_NUM_SLOTS);
	u32 none[CORUN_MBOX_WORDS] = { 0 };

	if (ns > CORUN_MAX_SLOTS)
		ns = CORUN_MAX_SLOTS;
	get(CORUN_FW_P_IRC_ENABLE, &en);
	for (s = 0; s < ns; s++) {
		u32 reg = fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_MIL_CAP));

		get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_MIL_CAP, s), &cap);
		if (reg != cap)
			breach("MIL_CAP is not the cap register", none, none);
		if (cap == CORUN_FW_MIL_CAP_NONE)
			continue;
		if (en != CORUN_FW_IRC_ENABLE_MIL)
			breach("MIL: a cap while MIL is not selected", none,
			       none);
		if (cap > CORUN_FW_MIL_CAP_MAX)
			breach("MIL: a cap the window refuses", none, none);
	}
}

/* TCM's priority registers against its clusters. */
static void check_tcm(void)
{
	u32 pol, lat, bw, p, s, lat_min = ~0u, bw_max = 0;
	u32 ns = fake_reg(CORUN_MCU_NUM_SLOTS);
	u32 none[CORUN_MBOX_WORDS] = { 0 };

	if (ns > CORUN_MAX_SLOTS)
		ns = CORUN_MAX_SLOTS;
	get(CORUN_FW_P_DRAM_POLICY, &pol);
	if (pol != CORUN_DRAM_TCM)
		return;
	if (fake_reg(CORUN_MCU_DRAM_POLICY) != CORUN_DRAM_SLOT_PRIO)
		breach("TCM: the hardware does not serve slot priorities",
		       none, none);
	get(CORUN_FW_P_DRAM_TCM_LATENCY, &lat);
	get(CORUN_FW_P_DRAM_TCM_BANDWIDTH, &bw);
	if ((lat & bw) || (u64)(lat | bw) >> ns)
		breach("TCM: the clusters overlap or name a missing slot", none,
		       none);
	for (s = 0; s < ns; s++) {
		get(CORUN_FW_PARAM_SLOT(CORUN_FW_P_DRAM_TCM_PRIO, s), &p);
		if (fake_reg(CORUN_MCU_SLOT(s, CORUN_MCU_S_DRAM_PRIO)) != p)
			breach("TCM: DRAM_TCM_PRIO is not the priority register",
			       none, none);
		if (!p != !((lat | bw) >> s & 1) ||
		    p > CORUN_FW_DRAM_PRIO_MAX)
			breach("TCM: a priority outside the clusters", none,
			       none);
		if (lat >> s & 1 && p < lat_min)
			lat_min = p;
		if (bw >> s & 1 && p > bw_max)
			bw_max = p;
	}
	/* strictly above, but where the 16th slot shares the floor of 1 */
	if (lat && bw && lat_min <= bw_max && !(lat_min == 1 && bw_max == 1))
		breach("TCM: a latency slot not above every bandwidth slot",
		       none, none);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct cursor c = { data, size };
	u32 in[CORUN_MBOX_WORDS], out[CORUN_MBOX_WORDS], hdr, i, n;
	unsigned int ops = 0;

	fake_reset(take8(&c) % (CORUN_MAX_SLOTS + 3), take8(&c));
	fake_set_reg(CORUN_MCU_NUM_VCS, take8(&c) % 9);
	fake_set_reg(CORUN_MCU_L1_WAYS, take8(&c) % 40);
	fake_set_reg(CORUN_MCU_LLC_WAYS, take8(&c) % 70);
	seq = 0;
	if (setjmp(fake.stop)) {
		fprintf(stderr, "fw-fuzz: panic 0x%x at boot\n", fake.panic_code);
		abort();
	}
	fw_boot();

	while (c.n && ops++ < 256) {
		switch (take8(&c) % 9) {
		case 0: /* any request: a command and length, or any header */
		case 1:
			memset(in, 0, sizeof(in));
			i = take8(&c);
			in[0] = i < 0xf0 ? CORUN_MBOX_HDR(i % (CORUN_FW_CMD_NR + 2),
							  take8(&c) % 18) :
				take32(&c);
			n = CORUN_MBOX_HDR_LEN(in[0]);
			for (i = 1; i <= n && i < CORUN_MBOX_WORDS; i++)
				in[i] = take32(&c);
			hdr = request(in, out);
			check_raw(in, out, hdr);
			break;
		case 2:
		case 3:
			do_set(&c);
			break;
		case 4:
			do_set_many(&c);
			break;
		case 5:
			get(take_param(&c), &i);
			break;
		case 6:
			do_epoch(&c);
			break;
		case 7:
			do_tcm(&c);
			break;
		default:
			poll_events(CORUN_MCU_EV_TICK);
			break;
		}
		check_irc();
		check_mil();
		check_tcm();
	}
	return 0;
}
