/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun device model: physical address -> L2 slice and DRAM location.
 *
 * The map works on line addresses (la = pa / l2.line). Lines are split
 * into mixed-radix digits, lowest first:
 *
 *   la = lo + los * (chan + channels * (hi + his * (bank + banks * row)))
 *
 *   lo    line within an interleave chunk, los = dram.interleave /
 *         l2.line (dram.interleave 0: row_bytes, a whole row per chunk)
 *   chan  channel digit: consecutive chunks walk the channels
 *   hi    chunk within the row, his = dram.row_bytes / dram.interleave
 *         (1 when a row is one chunk); col = lo + los * hi is the line
 *         within the DRAM row, so a sequential stream still fills each
 *         row it touches (high row-buffer hit rates for streaming
 *         kernels), a chunk at a time in each channel
 *   bank  bank digit (banks = dram.banks per channel)
 *   row   everything above (truncated to 32 bits: the mapped range is
 *         la < cols * channels * banks * 2^32)
 *
 * With dram.interleave = row_bytes (the default) this is
 * la = col + cols * (chan + channels * (bank + banks * row)). GPGPU-Sim's
 * GDDR5 configurations interleave memory partitions at 256 B (two 128 B
 * lines), which the ccbp-16sm configuration follows.
 *
 * The channel and bank are hashed with the digits ABOVE them (a Fibonacci
 * multiplicative hash, folded to the digit's width), so the digit value
 * is recoverable and the map stays a bijection on line addresses within
 * the mapped range:
 *
 *   channel = chan ^ H(hi, bank, row)   (power-of-two channel count)
 *           = (chan + H(hi, bank, row)) % channels   (otherwise)
 *   bank    = bank ^ H(row)        (likewise with % banks)
 *
 * This spreads strided streams (a stride of one row per channel, of all
 * channels, of all banks, of a power-of-two megabyte...) over channels and
 * banks, as PAE-style randomized GPU mappings do, while consecutive rows
 * of a sequential stream still walk the channels in order.
 *
 * bank_group = bank % bank_groups, so consecutive bank indices alternate
 * groups. The L2 slice is a function of the line address consistent with
 * the channel: with slices == channels, slice = channel; with
 * slices = k * channels (HSM: two slices per channel) slice = channel * k
 * + (col + a hash of the digits above chan, independent of the channel's
 * hash) % k, i.e. the k slices of a channel own it; with
 * channels = k * slices, slice = channel % slices, i.e. slice s owns
 * channels s, s + slices, ... emu_config_validate() requires one of
 * l2.banks and dram.channels to divide the other.
 */
#ifndef _EMU_ADDRMAP_H_
#define _EMU_ADDRMAP_H_

#include <stdint.h>

#include "config.h"

/**
 * struct emu_addr_loc - where one line lives
 * @slice: L2 slice (0..l2.banks-1)
 * @channel: DRAM channel (0..dram.channels-1)
 * @bank_group: bank group within the channel (= @bank % bank_groups)
 * @bank: bank within the channel (0..dram.banks-1), NOT within the group
 * @row: row within the bank
 * @col: line within the row (0..row_bytes/line-1); a column access moves
 *	one whole line
 */
struct emu_addr_loc {
	uint32_t slice, channel, bank_group, bank, row, col;
};

/**
 * struct emu_addrmap - a derived, read-only address map
 * @line_shift: log2(l2.line)
 * @col_shift: log2(dram.row_bytes / l2.line)
 * @lo_shift: log2(dram.interleave / l2.line) (<= @col_shift)
 * @slices: l2.banks
 * @channels: dram.channels
 * @banks: dram.banks
 * @bank_groups: dram.bank_groups
 * @chan_bits: hash width for the channel (ceil(log2(channels)))
 * @bank_bits: hash width for the bank (ceil(log2(banks)))
 * @slice_mul: slices per channel (>= 1), when slices >= channels
 * @chan_pow2: @channels is a power of two (XOR instead of modular add)
 * @bank_pow2: @banks is a power of two
 */
struct emu_addrmap {
	uint32_t line_shift;
	uint32_t col_shift;
	uint32_t lo_shift;
	uint32_t slices;
	uint32_t channels;
	uint32_t banks;
	uint32_t bank_groups;
	uint32_t chan_bits;
	uint32_t bank_bits;
	uint32_t slice_mul;
	uint8_t chan_pow2;
	uint8_t bank_pow2;
};

/**
 * emu_addrmap_init() - derive the map from a configuration
 * @m: map to fill
 * @cfg: a configuration that passed emu_config_validate()
 */
void emu_addrmap_init(struct emu_addrmap *m, const struct emu_config *cfg);

/**
 * emu_addrmap_decode() - locate the line containing @pa
 * @m: map
 * @pa: physical address (any byte of the line)
 * @loc: receives the location
 */
void emu_addrmap_decode(const struct emu_addrmap *m, uint64_t pa,
			struct emu_addr_loc *loc);

/**
 * emu_addrmap_encode() - inverse of emu_addrmap_decode() (ignores @slice
 *	and @bank_group)
 * @m: map
 * @loc: channel, bank, row and col
 *
 * Return: the line-aligned physical address.
 */
uint64_t emu_addrmap_encode(const struct emu_addrmap *m,
			    const struct emu_addr_loc *loc);

#endif /* _EMU_ADDRMAP_H_ */
