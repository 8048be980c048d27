// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Control flow that depends on the lane input, so lanes of a warp diverge
 * and reconverge: data-dependent loops (Collatz), recursion of varying
 * depth, an insertion sort of lane-seeded data, switch tables (JALR) and
 * early returns.
 */
#include "rt.h"

static uint32_t collatz(uint32_t n)
{
	uint32_t steps = 0;

	while (n != 1) {
		n = (n & 1) ? 3 * n + 1 : n / 2;
		steps++;
	}
	return steps;
}

static uint32_t ack(uint32_t m, uint32_t n)
{
	if (!m)
		return n + 1;
	if (!n)
		return ack(m - 1, 1);
	return ack(m - 1, ack(m, n - 1));
}

static uint32_t sw(uint32_t v)
{
	switch (v % 9) {
	case 0: return v * 3;
	case 1: return v ^ 0x5555;
	case 2: return v >> 3;
	case 3: return v + 0x1000;
	case 4: return ~v;
	case 5: return v * v;
	case 6: return v / 7;
	case 7: return v % 11;
	default: return 0;
	}
}

static uint32_t arr[64];

int main(void)
{
	uint32_t lane = corun_lane_input, seed = 4242 + lane * 17;
	float acc = 0.0f;

	for (uint32_t i = 1; i < 60 + lane * 7; i++)
		out(collatz(i + lane));
	out(ack(2, 3 + lane % 5));
	for (unsigned int i = 0; i < 64; i++)
		arr[i] = rt_rand(&seed) % (100 + lane);
	for (unsigned int i = 1; i < 64; i++) {
		uint32_t v = arr[i];
		int j = (int)i - 1;

		while (j >= 0 && arr[j] > v) {
			arr[j + 1] = arr[j];
			j--;
		}
		arr[j + 1] = v;
	}
	for (unsigned int i = 0; i < 64; i++)
		out(arr[i]);
	for (unsigned int i = 0; i < 200; i++)
		out(sw(rt_rand(&seed) + lane));
	for (unsigned int i = 0; i < 100 + lane; i++) {
		acc = acc * 0.5f + (float)(int)(rt_rand(&seed) % 1000) / 3.0f;
		if (acc > 300.0f)
			acc = -acc;
	}
	out(f2u(acc));
	return (int)lane;
}
