// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The device runtime helpers built for the host under rt_host* names, so
 * kernels_test can compare them with the host's native 64-bit and float
 * operations.
 */
#define RT_SYM(name) rt_host##name

#include "../rt/int64.c"
#include "../rt/fconv.c"
#include "../rt/string.c"
