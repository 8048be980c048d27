// SPDX-License-Identifier: GPL-2.0
/*
 * ABI freeze for the device contracts: include/corun/hw.h (descriptors,
 * page tables, fault records, counters, registers), fwif.h (firmware
 * image and mailbox) and kernel.h (kinfo records, custom instructions).
 * The driver, the QEMU device, the model and the firmware are built
 * separately against these headers, so a silent layout change would make
 * them disagree: the static_asserts turn it into a build failure. The
 * KUnit cases check the encodings that the headers derive.
 */

#include <assert.h>
#include <stddef.h>

#include <kunit/test.h>
#include <corun/hw.h>
#include <corun/fwif.h>
#include <corun/kernel.h>

#define ABI_OFF(type, field, off)                            \
	static_assert(offsetof(struct type, field) == (off), \
		      "ABI break: offsetof(struct " #type ", " #field ")")

ABI_OFF(corun_job_desc, flags, 8);
ABI_OFF(corun_job_desc, pt_root, 16);
ABI_OFF(corun_job_desc, fence_addr, 24);
ABI_OFF(corun_job_desc, seqno, 32);
ABI_OFF(corun_job_desc, counters_addr, 40);
ABI_OFF(corun_job_desc, entry, 48);
ABI_OFF(corun_job_desc, grid, 56);
ABI_OFF(corun_job_desc, block, 68);
ABI_OFF(corun_job_desc, regs_per_thread, 80);
ABI_OFF(corun_job_desc, shared_bytes, 84);
ABI_OFF(corun_job_desc, insn_budget, 96);
ABI_OFF(corun_job_desc, as_tag, 104);
ABI_OFF(corun_job_desc, reserved, 108);
static_assert(CORUN_DESC_F_HOLD == 4 && CORUN_DESC_F_ALL == 7,
	      "ABI break: descriptor flags");
static_assert(CORUN_AS_TAGS == 65536, "ABI break: CORUN_AS_TAGS");
static_assert(CORUN_REG_HOLD_ACK == 0x94 && CORUN_STATUS_HOLD == 16,
	      "ABI break: completion hold registers");
ABI_OFF(corun_fault_record, pc, 24);
ABI_OFF(corun_fault_record, insn_count, 32);
ABI_OFF(corun_slot_counters, stall, 40);
ABI_OFF(corun_slot_counters, l1_accesses, 104);
ABI_OFF(corun_slot_counters, mem_latency_sum, 208);
ABI_OFF(corun_slot_counters, ro_accesses, 216);
ABI_OFF(corun_slot_counters, ro_misses, 224);
ABI_OFF(corun_slot_counters, l1_local_accesses, 232);
ABI_OFF(corun_slot_counters, l1_local_misses, 240);
ABI_OFF(corun_sm_counters, ro_accesses, 48);
ABI_OFF(corun_job_counters, c, 24);
ABI_OFF(corun_snapshot_header, cycle, 32);
ABI_OFF(corun_slot_interf_counters, dram_req_cycles, 24);
ABI_OFF(corun_slot_interf_counters, llc_atd_interf, 40);
ABI_OFF(corun_slot_interf_counters, mem_busy_cycles, 48);
static_assert(CORUN_SNAPSHOT_VERSION == 3, "ABI break: snapshot version");
ABI_OFF(corun_fw_header, payload_crc32, 28);
ABI_OFF(corun_kinfo, entry, 8);
ABI_OFF(corun_kinfo, shared_bytes, 16);
ABI_OFF(corun_kinfo, name, 24);
static_assert(sizeof(struct corun_kinfo) == 56, "ABI break: kinfo size");
static_assert(CORUN_REG_SLOT(CORUN_MAX_SLOTS - 1, CORUN_SLOT_FAULT) +
			      sizeof(struct corun_fault_record) <=
		      CORUN_BAR_REGS_SIZE,
	      "slot register blocks must fit in BAR0");
static_assert(CORUN_SLOT_SM_MASK0 + 4 * CORUN_SM_MASK_WORDS <=
		      CORUN_SLOT_CTA_QUOTA,
	      "SM mask words overlap the next register");
static_assert(CORUN_MCU_SLOT(CORUN_MAX_SLOTS, 0) <= CORUN_MCU_CTL_SIZE,
	      "MCU slot registers must fit in the window");
static_assert(CORUN_STALL_NR * 8 == offsetof(struct corun_slot_counters,
					      l1_accesses) -
					     offsetof(struct corun_slot_counters,
						      stall),
	      "stall array size");

/* The page-table indices split a VA into 11 + 9 + 12 bits. */
static void hw_pt_indices(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, CORUN_PT_L1_INDEX(0xffffffffu),
			CORUN_PT_L1_ENTRIES - 1);
	KUNIT_EXPECT_EQ(test, CORUN_PT_L2_INDEX(0xffffffffu),
			CORUN_PT_L2_ENTRIES - 1);
	KUNIT_EXPECT_EQ(test, CORUN_PT_L1_INDEX(0x00200000u), 1);
	KUNIT_EXPECT_EQ(test, CORUN_PT_L2_INDEX(0x00201000u), 1);
	KUNIT_EXPECT_EQ(test, CORUN_PT_L1_SIZE, 16384);
	KUNIT_EXPECT_EQ(test, CORUN_PT_L2_SIZE, (int)CORUN_PAGE_SIZE);
	/* Address and flag bits partition the PTE with the reserved mask. */
	KUNIT_EXPECT_EQ(test,
			CORUN_PTE_L2_RSVD_MASK &
				(CORUN_PTE_ADDR_MASK | CORUN_PTE_VALID |
				 CORUN_PTE_READ | CORUN_PTE_WRITE |
				 CORUN_PTE_EXEC),
			0ull);
	KUNIT_EXPECT_NE(test, CORUN_PTE_L1_RSVD_MASK & CORUN_PTE_READ, 0ull);
}

/* The custom-instruction words the runtime emits as .word literals. */
static void hw_custom_insns(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, CORUN_INSN_BAR & 0x7f, CORUN_OPC_CUSTOM0);
	KUNIT_EXPECT_EQ(test, (CORUN_INSN_EXIT >> 12) & 7, CORUN_F3_EXIT);
	/* kernel.h hand-encodes TRAP a0 and BYPASS a0 (x10) in inline asm. */
	KUNIT_EXPECT_EQ(test, CORUN_INSN_TRAP(10), 0x0005200bu);
	KUNIT_EXPECT_EQ(test, CORUN_INSN_BYPASS(10), 0x0005300bu);
	KUNIT_EXPECT_EQ(test, (CORUN_INSN_WFE >> 12) & 7, CORUN_F3_WFE);
	KUNIT_EXPECT_EQ(test, CORUN_INSN_BAR, 0x0000000bu);
	KUNIT_EXPECT_EQ(test, CORUN_INSN_EXIT, 0x0000100bu);
}

static void hw_address_windows(struct kunit *test)
{
	KUNIT_EXPECT_LE(test, CORUN_VA_GLOBAL_END, CORUN_VA_SHARED_BASE);
	KUNIT_EXPECT_LE(test, CORUN_VA_SHARED_BASE + CORUN_VA_SHARED_MAX,
			CORUN_VA_LOCAL_BASE);
	KUNIT_EXPECT_LE(test, CORUN_STACK_MAX, CORUN_VA_LOCAL_MAX);
	KUNIT_EXPECT_EQ(test, CORUN_VA_GLOBAL_BASE % CORUN_PAGE_SIZE, 0u);
	KUNIT_EXPECT_EQ(test, CORUN_CSR_LAST - CORUN_CSR_FIRST + 1, 19);
}

static void hw_mailbox_encoding(struct kunit *test)
{
	u32 h = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, CORUN_MBOX_MAX_PAYLOAD);

	KUNIT_EXPECT_EQ(test, CORUN_MBOX_HDR_CMD(h), CORUN_FW_CMD_ECHO);
	KUNIT_EXPECT_EQ(test, CORUN_MBOX_HDR_LEN(h), CORUN_MBOX_MAX_PAYLOAD);
	KUNIT_EXPECT_EQ(test, CORUN_MBOX_MAX_PAYLOAD + 1, CORUN_MBOX_WORDS);
	KUNIT_EXPECT_EQ(test, CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, 3),
			0x0103);
}

static struct kunit_case hw_abi_cases[] = {
	KUNIT_CASE(hw_pt_indices),
	KUNIT_CASE(hw_custom_insns),
	KUNIT_CASE(hw_address_windows),
	KUNIT_CASE(hw_mailbox_encoding),
	{}
};

static struct kunit_suite hw_abi_suite = {
	.name = "corun_hw_abi",
	.test_cases = hw_abi_cases,
};

kunit_test_suites(&hw_abi_suite);
