/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * HotSpot cell update, shared by the device kernel and the CPU reference
 * so both perform the same operations in the same order (bit-identical
 * with -ffp-contract=off on both sides). As in Rodinia's kernel, the
 * factor 2.0 is a double constant: C promotes both neighbour terms, and
 * with them the whole update, to double precision, converted back to
 * float when stored.
 *
 * The temperature of a cell moves by sdc (= step / capacitance) times
 * the power dissipated in it plus the heat flowing in from its four
 * neighbours (conductances ry1 vertically, rx1 horizontally) and from
 * the ambient (rz1). A neighbour outside the grid is the cell itself.
 */
#ifndef _CORUN_KERNELS_HOTSPOT_H_
#define _CORUN_KERNELS_HOTSPOT_H_

static inline float hotspot_cell(float c, float n, float s, float e, float w,
				 float p, float sdc, float rx1, float ry1,
				 float rz1, float amb)
{
	return c + sdc * (p + (s + n - 2.0 * c) * ry1 +
			  (e + w - 2.0 * c) * rx1 + (amb - c) * rz1);
}

#endif /* _CORUN_KERNELS_HOTSPOT_H_ */
