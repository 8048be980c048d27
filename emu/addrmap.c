// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun device model: physical address -> L2 slice and DRAM location.
 * The layout and the hash are documented in addrmap.h.
 */
#include "addrmap.h"

static uint32_t log2_ceil(uint32_t v)
{
	uint32_t b = 0;

	while ((1ull << b) < v)
		b++;
	return b;
}

static int is_pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

/* Fibonacci hash of the higher digits; the top bits are the best mixed. */
static uint32_t hash(uint64_t x, uint32_t bits)
{
	uint64_t h = x * 0x9e3779b97f4a7c15ull;

	return bits ? (uint32_t)(h >> (64 - bits)) : 0;
}

static uint32_t mix(uint32_t digit, uint32_t h, uint32_t n, int pow2)
{
	return pow2 ? (digit ^ h) & (n - 1) : (uint32_t)((digit + (uint64_t)h) % n);
}

static uint32_t unmix(uint32_t v, uint32_t h, uint32_t n, int pow2)
{
	return pow2 ? (v ^ h) & (n - 1) :
		      (uint32_t)((v + n - (uint64_t)h % n) % n);
}

void emu_addrmap_init(struct emu_addrmap *m, const struct emu_config *cfg)
{
	m->line_shift = log2_ceil(cfg->l2.line);
	m->col_shift = log2_ceil(cfg->dram.row_bytes / cfg->l2.line);
	m->lo_shift = cfg->dram.interleave ?
			      log2_ceil(cfg->dram.interleave / cfg->l2.line) :
			      m->col_shift;
	m->slices = cfg->l2.banks;
	m->channels = cfg->dram.channels;
	m->banks = cfg->dram.banks;
	m->bank_groups = cfg->dram.bank_groups;
	m->chan_pow2 = is_pow2(m->channels);
	m->bank_pow2 = is_pow2(m->banks);
	/* Non-power-of-two counts take the hash modulo n: use 16 more bits. */
	m->chan_bits = log2_ceil(m->channels) + (m->chan_pow2 ? 0 : 16);
	m->bank_bits = log2_ceil(m->banks) + (m->bank_pow2 ? 0 : 16);
	m->slice_mul = m->slices >= m->channels ? m->slices / m->channels : 1;
}

void emu_addrmap_decode(const struct emu_addrmap *m, uint64_t pa,
			struct emu_addr_loc *loc)
{
	uint64_t la = pa >> m->line_shift;
	uint64_t q = la >> m->lo_shift;
	uint32_t hi_shift = m->col_shift - m->lo_shift;
	uint64_t above_chan, above_hi;
	uint32_t chan_d, bank_d, hc, lo, hi;

	lo = (uint32_t)(la & ((1ull << m->lo_shift) - 1));
	chan_d = (uint32_t)(q % m->channels);
	above_chan = q / m->channels;
	hi = (uint32_t)(above_chan & ((1ull << hi_shift) - 1));
	above_hi = above_chan >> hi_shift;
	loc->col = lo | hi << m->lo_shift;
	bank_d = (uint32_t)(above_hi % m->banks);
	loc->row = (uint32_t)(above_hi / m->banks);

	loc->bank = mix(bank_d, hash(loc->row, m->bank_bits), m->banks,
			m->bank_pow2);
	hc = hash(above_chan, m->chan_bits);
	loc->channel = mix(chan_d, hc, m->channels, m->chan_pow2);
	loc->bank_group = loc->bank % m->bank_groups;

	if (m->slices == m->channels)
		loc->slice = loc->channel;
	else if (m->slices > m->channels)
		/*
		 * Consecutive lines of a row alternate between the slices.
		 * The offset takes the 16 hash bits below the channel's
		 * (independent of them: with the channel's own bits, strides
		 * that keep col fixed would tie the slice to the channel
		 * and use half the slices).
		 */
		loc->slice = loc->channel * m->slice_mul +
			     (uint32_t)((loc->col +
					 (hash(above_chan, m->chan_bits + 16) &
					  0xffffu)) %
					m->slice_mul);
	else
		loc->slice = loc->channel % m->slices;
}

uint64_t emu_addrmap_encode(const struct emu_addrmap *m,
			    const struct emu_addr_loc *loc)
{
	uint32_t hi_shift = m->col_shift - m->lo_shift;
	uint32_t bank_d = unmix(loc->bank, hash(loc->row, m->bank_bits),
				m->banks, m->bank_pow2);
	uint64_t above_hi = bank_d + (uint64_t)m->banks * loc->row;
	uint64_t above_chan = (above_hi << hi_shift) |
			      (loc->col >> m->lo_shift);
	uint32_t chan_d = unmix(loc->channel, hash(above_chan, m->chan_bits),
				m->channels, m->chan_pow2);
	uint64_t q = chan_d + m->channels * above_chan;
	uint64_t lo = loc->col & ((1ull << m->lo_shift) - 1);

	return ((q << m->lo_shift) | lo) << m->line_shift;
}
