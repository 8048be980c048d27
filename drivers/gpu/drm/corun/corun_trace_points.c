// SPDX-License-Identifier: GPL-2.0
/*
 * corun: tracepoint definitions.
 */

#include "corun_drv.h"

#define CREATE_TRACE_POINTS
#include "corun_trace.h"
