// SPDX-License-Identifier: GPL-2.0
/*
 * Fault-cause names, shared by both simhost implementations: the model's
 * (tools/sim/simhost.c) and the driver's (tools/run/simhost_drm.c).
 */

#include <corun/hw.h>
#include <sim/simhost.h>

const char *sim_fault_name(uint32_t cause)
{
	static const char *const names[CORUN_FAULT_NR] = {
		[CORUN_FAULT_NONE] = "none",
		[CORUN_FAULT_UNMAPPED] = "unmapped",
		[CORUN_FAULT_PERM_READ] = "perm_read",
		[CORUN_FAULT_PERM_WRITE] = "perm_write",
		[CORUN_FAULT_PERM_EXEC] = "perm_exec",
		[CORUN_FAULT_MISALIGNED] = "misaligned",
		[CORUN_FAULT_PC_MISALIGNED] = "pc_misaligned",
		[CORUN_FAULT_ILLEGAL_INSN] = "illegal_insn",
		[CORUN_FAULT_SHARED_OOB] = "shared_oob",
		[CORUN_FAULT_LOCAL_OOB] = "local_oob",
		[CORUN_FAULT_BAD_PTE] = "bad_pte",
		[CORUN_FAULT_BUDGET] = "budget",
		[CORUN_FAULT_USER_TRAP] = "user_trap",
		[CORUN_FAULT_BAD_DESC] = "bad_desc",
		[CORUN_FAULT_BARRIER] = "barrier",
		[CORUN_FAULT_ECALL] = "ecall",
		[CORUN_FAULT_BUS] = "bus",
		[CORUN_FAULT_RESET] = "reset",
	};

	return cause < CORUN_FAULT_NR && names[cause] ? names[cause] : "unknown";
}
