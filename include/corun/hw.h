/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-gpu hardware interface, version 1: PCI identity, BAR0 register map,
 * job ring descriptors, fences, the GPU page-table format, fault records
 * and the counter-snapshot layout. Shared by the driver, the QEMU device,
 * the device model and the tools. All multi-byte fields are little endian.
 */
#ifndef _CORUN_HW_H_
#define _CORUN_HW_H_

#include "types.h"

/* ---------------------------------------------------------------------
 * PCI identity. 0x1b36 is QEMU's experimental (Red Hat) vendor id; the
 * device id is in its range reserved for out-of-tree test devices.
 */
#define CORUN_PCI_VENDOR_ID 0x1b36
#define CORUN_PCI_DEVICE_ID 0x10fc
#define CORUN_PCI_REVISION 0x01
#define CORUN_PCI_CLASS 0x1200 /* processing accelerator */

#define CORUN_BAR_REGS 0 /* BAR0: control registers, 64 KiB */
#define CORUN_BAR_REGS_SIZE 0x10000
#define CORUN_BAR_MSIX 1 /* BAR1: MSI-X table and PBA */

/* MSI-X vectors, one per event class. */
enum corun_msix_vector {
	CORUN_MSIX_JOB = 0,
	CORUN_MSIX_EPOCH = 1,
	CORUN_MSIX_FAULT = 2,
	CORUN_MSIX_MAILBOX = 3,
	CORUN_MSIX_COUNT = 4,
};

/* ---------------------------------------------------------------------
 * Limits of version 1 hardware.
 */
#define CORUN_MAX_SLOTS 16
#define CORUN_MIN_SLOTS 8
#define CORUN_MAX_SMS 128
#define CORUN_SM_MASK_WORDS (CORUN_MAX_SMS / 32)
#define CORUN_MAX_DRAM_CHANNELS 32
#define CORUN_MAX_VCS 8

/* ---------------------------------------------------------------------
 * GPU page tables: 32-bit GPU VA, 4 KiB pages, two levels, 64-bit PTEs.
 *
 * The root (level 1) table has 2048 entries indexed by VA[31:21] and is
 * 16 KiB, physically contiguous and 16 KiB aligned. A valid level-1 entry
 * points to a 4 KiB level-2 table of 512 entries indexed by VA[20:12]. A
 * valid level-2 entry maps one 4 KiB page with the given permissions.
 * Reserved bits must be zero: an entry with a reserved bit set faults
 * with CORUN_FAULT_BAD_PTE. Level-1 entries use only VALID and the
 * address; their R/W/X bits are reserved.
 */
#define CORUN_PAGE_SHIFT 12
#define CORUN_PAGE_SIZE BIT(CORUN_PAGE_SHIFT)
#define CORUN_PT_L1_SHIFT 21
#define CORUN_PT_L1_ENTRIES 2048
#define CORUN_PT_L1_SIZE (CORUN_PT_L1_ENTRIES * 8)
#define CORUN_PT_L2_ENTRIES 512
#define CORUN_PT_L2_SIZE (CORUN_PT_L2_ENTRIES * 8)
#define CORUN_PT_L1_INDEX(va) ((u32)(va) >> CORUN_PT_L1_SHIFT)
#define CORUN_PT_L2_INDEX(va) \
	((((u32)(va)) >> CORUN_PAGE_SHIFT) & (CORUN_PT_L2_ENTRIES - 1))

#define CORUN_PTE_VALID BIT_ULL(0)
#define CORUN_PTE_READ BIT_ULL(1)
#define CORUN_PTE_WRITE BIT_ULL(2)
#define CORUN_PTE_EXEC BIT_ULL(3)
#define CORUN_PTE_ADDR_MASK 0x000ffffffffff000ull /* bits 51:12 */
#define CORUN_PTE_L2_RSVD_MASK (~(CORUN_PTE_ADDR_MASK | 0xfull))
#define CORUN_PTE_L1_RSVD_MASK (~(CORUN_PTE_ADDR_MASK | CORUN_PTE_VALID))

/* ---------------------------------------------------------------------
 * Fault causes, reported per job in the fault record.
 */
enum corun_fault_cause {
	CORUN_FAULT_NONE = 0,
	CORUN_FAULT_UNMAPPED = 1, /* no valid translation */
	CORUN_FAULT_PERM_READ = 2, /* page lacks READ */
	CORUN_FAULT_PERM_WRITE = 3, /* page lacks WRITE (stores, AMOs) */
	CORUN_FAULT_PERM_EXEC = 4, /* fetch from a page lacking EXEC */
	CORUN_FAULT_MISALIGNED = 5, /* data access not naturally aligned */
	CORUN_FAULT_PC_MISALIGNED = 6, /* jump target not 4-byte aligned */
	CORUN_FAULT_ILLEGAL_INSN = 7,
	CORUN_FAULT_SHARED_OOB = 8, /* beyond the CTA's shared memory */
	CORUN_FAULT_LOCAL_OOB = 9, /* beyond the thread's stack */
	CORUN_FAULT_BAD_PTE = 10, /* reserved PTE bits set */
	CORUN_FAULT_BUDGET = 11, /* instruction budget exhausted */
	CORUN_FAULT_USER_TRAP = 12, /* TRAP instruction (device assert) */
	CORUN_FAULT_BAD_DESC = 13, /* invalid job descriptor */
	CORUN_FAULT_BARRIER = 14, /* barrier can never complete */
	CORUN_FAULT_ECALL = 15, /* ECALL/EBREAK in a kernel */
	CORUN_FAULT_BUS = 16, /* page maps outside device-visible memory */
	CORUN_FAULT_RESET = 17, /* job killed by a slot reset */
	CORUN_FAULT_NR
};

/* Access type recorded with a memory fault. */
enum corun_fault_access {
	CORUN_ACCESS_READ = 0,
	CORUN_ACCESS_WRITE = 1,
	CORUN_ACCESS_FETCH = 2,
	CORUN_ACCESS_AMO = 3,
};

/**
 * struct corun_fault_record - where and why a job faulted
 * @cause: enum corun_fault_cause
 * @access: enum corun_fault_access for memory faults, else 0
 * @slot: hardware slot of the job
 * @sm: SM the faulting warp ran on
 * @cta: linear CTA index in the grid
 * @warp: warp index within the CTA
 * @lane: lowest faulting lane
 * @pc: GPU VA of the faulting instruction
 * @addr: faulting address (memory faults), trap code (USER_TRAP) or the
 *	instruction word (ILLEGAL_INSN)
 * @insn_count: thread instructions the job had retired when it faulted
 */
struct corun_fault_record {
	u32 cause;
	u16 access;
	u16 slot;
	u32 sm;
	u32 cta;
	u32 warp;
	u32 lane;
	u32 pc;
	u32 addr;
	u64 insn_count;
};

CORUN_STATIC_ASSERT(sizeof(struct corun_fault_record) == 40,
		    "fault record layout");

/* ---------------------------------------------------------------------
 * BAR0 register map. All registers are 32 bits wide and must be accessed
 * with aligned 32-bit reads and writes; other accesses are ignored and
 * logged as guest errors. Writes to read-only registers are ignored and
 * set CORUN_ERR_RO_WRITE in CORUN_REG_ERROR.
 */
#define CORUN_ID_MAGIC 0x4e555243 /* "CRUN" */
#define CORUN_HW_VERSION_MAJOR 1
/*
 * minor 1: platform constants, issue quota, snapshot version 2
 * minor 2: SM reclaim by context switch; snapshot version 3 (per-slot
 *	context-switch and interference counters)
 * minor 3: firmware liveness (CORUN_REG_FW_HEARTBEAT, CORUN_REG_FW_INSNS)
 * minor 4: the barrier (CORUN_REG_BARRIER, CORUN_REG_BARRIER_DONE)
 * minor 5: the issue quotas of slots sharing an SM are granted again as
 *	soon as all of them are spent (CORUN_SLOT_ISSUE_QUOTA)
 */
#define CORUN_HW_VERSION_MINOR 5

/* Identity and capabilities (read-only). */
#define CORUN_REG_ID 0x0000
#define CORUN_REG_VERSION 0x0004 /* major << 16 | minor */
#define CORUN_REG_CAPS 0x0008
#define CORUN_REG_NUM_SMS 0x000c
#define CORUN_REG_NUM_SLOTS 0x0010
#define CORUN_REG_WARP_SIZE 0x0014
#define CORUN_REG_CONFIG_ID 0x0018 /* hash of the configuration file */
#define CORUN_REG_SM_CTAS 0x001c /* CTA slots per SM */
#define CORUN_REG_SM_THREADS 0x0020
#define CORUN_REG_SM_REGS 0x0024 /* 32-bit registers per SM */
#define CORUN_REG_SM_SHARED 0x0028 /* shared-memory bytes per SM */
#define CORUN_REG_CLK_SM_MHZ 0x002c
#define CORUN_REG_NUM_CHANNELS 0x0030 /* DRAM channels */
#define CORUN_REG_NUM_VCS 0x0034
#define CORUN_REG_SNAPSHOT_SIZE 0x0038 /* bytes of one counter snapshot */
#define CORUN_REG_JOB_COUNTERS_SIZE 0x003c /* bytes of job counters */

/*
 * Platform constants for the policies (read-only): the allocation granules
 * of an SM's static resources (registers per warp come in units of
 * SM_REG_UNIT, shared memory per CTA in units of SM_SHARED_UNIT bytes),
 * the L1 and LLC associativity and line sizes, the NoC flit size, the
 * configuration's sustainable NoC and DRAM bandwidth in bytes per 1000 SM
 * cycles as measured by the calibration streams (0: not calibrated), and
 * the period of the per-slot warp-issue quotas (CORUN_SLOT_ISSUE_QUOTA).
 */
#define CORUN_REG_SM_REG_UNIT 0x0200
#define CORUN_REG_SM_SHARED_UNIT 0x0204
#define CORUN_REG_L1_WAYS 0x0208
#define CORUN_REG_LLC_WAYS 0x020c
#define CORUN_REG_L1_LINE 0x0210
#define CORUN_REG_LLC_LINE 0x0214
#define CORUN_REG_FLIT_BYTES 0x0218
#define CORUN_REG_NOC_BW 0x021c
#define CORUN_REG_DRAM_BW 0x0220
#define CORUN_REG_ISSUE_PERIOD 0x0224
/*
 * HSM's platform constants: the DRAM clock (its cycles time the data-bus
 * busy counters), the warp instructions one SM can issue per cycle (HSM's
 * I_Max per SM and cycle), and the fitted private-mode bandwidth
 * utilization against row-buffer hit rate, utilization = c1 * RBH + c2,
 * both in 1/CORUN_HSM_FIT_ONE (0 and 0: not fitted; see
 * Documentation/gpu/corun/hsm.rst).
 */
#define CORUN_REG_DRAM_MHZ 0x0228
#define CORUN_REG_SM_ISSUE 0x022c
#define CORUN_REG_HSM_C1 0x0230
#define CORUN_REG_HSM_C2 0x0234
#define CORUN_REG_PLATFORM_BASE 0x0200
#define CORUN_REG_PLATFORM_END 0x0238
#define CORUN_HSM_FIT_ONE 10000

#define CORUN_CAP_LOCKSTEP BIT(0)
#define CORUN_CAP_MSIX BIT(1)
#define CORUN_CAP_FIRMWARE BIT(2)
#define CORUN_CAP_CTXSW BIT(3) /* CORUN_SLOT_RECLAIM (see below) */
#define CORUN_CAP_PLACEMENT_SHIFT 8 /* bit per enum corun_placement */
#define CORUN_CAP_COHERENCE_SHIFT 16 /* bit per enum corun_coherence */

/* Global control and status. */
#define CORUN_REG_CONTROL 0x0040
#define CORUN_CTRL_ENABLE BIT(0) /* run the device clock */
#define CORUN_CTRL_RESET BIT(1) /* self-clearing full reset */
#define CORUN_CTRL_LOCKSTEP BIT(2) /* pause at epoch ends until ack */

/*
 * STATUS.RUNNING: enabled and not paused in lockstep. The device clock
 * (and with it the cycle counter and epochs) advances only while a job is
 * queued or running.
 */
#define CORUN_REG_STATUS 0x0044
#define CORUN_STATUS_RUNNING BIT(0)
#define CORUN_STATUS_FW_READY BIT(1)
#define CORUN_STATUS_EPOCH_WAIT BIT(2) /* lockstep pause */
#define CORUN_STATUS_FW_ERROR BIT(3)
#define CORUN_STATUS_HOLD BIT(4) /* paused after a CORUN_DESC_F_HOLD job */

#define CORUN_REG_ERROR 0x0048 /* sticky, write 1 to clear */
#define CORUN_ERR_RO_WRITE BIT(0)
#define CORUN_ERR_BAD_VALUE BIT(1) /* out-of-range register value */
#define CORUN_ERR_BAD_OFFSET BIT(2) /* unknown register */
#define CORUN_ERR_BAD_RING BIT(3)
#define CORUN_ERR_DMA BIT(4) /* DMA outside guest memory */
#define CORUN_ERR_NO_FW BIT(5) /* doorbell before firmware is up */

/*
 * Interrupts: status is read-only, ack is write-1-to-clear (undefined bits
 * ignored). CORUN_IRQ_FW_ERROR shares the fault MSI-X vector.
 */
#define CORUN_REG_IRQ_STATUS 0x0050
#define CORUN_REG_IRQ_MASK 0x0054 /* 1 = enabled */
#define CORUN_REG_IRQ_ACK 0x0058
#define CORUN_IRQ_JOB BIT(0)
#define CORUN_IRQ_EPOCH BIT(1)
#define CORUN_IRQ_FAULT BIT(2)
#define CORUN_IRQ_MAILBOX BIT(3)
#define CORUN_IRQ_FW_ERROR BIT(4)
#define CORUN_IRQ_ALL 0x1f

#define CORUN_REG_CYCLE_LO 0x0060 /* SM clock cycles since reset */
#define CORUN_REG_CYCLE_HI 0x0064 /* latched on CYCLE_LO read */

/* Epochs: counter snapshots by DMA and the lockstep handshake. */
#define CORUN_REG_EPOCH_LEN 0x0080 /* SM cycles, 0 disables epochs */
#define CORUN_REG_EPOCH_SEQ 0x0084 /* RO: last completed epoch */
#define CORUN_REG_EPOCH_ACK 0x0088 /* write the seq to resume */
#define CORUN_REG_SNAPSHOT_LO 0x008c /* guest PA of the snapshot buffer */
#define CORUN_REG_SNAPSHOT_HI 0x0090
#define CORUN_EPOCH_LEN_MIN 1000

/*
 * Completion hold: when a job with CORUN_DESC_F_HOLD completes without a
 * fault, the device sets STATUS.HOLD and its clock stops (as in the
 * lockstep epoch pause; ring entries are still taken) until any value is
 * written to HOLD_ACK. Writing HOLD_ACK while not held is
 * CORUN_ERR_BAD_VALUE. The driver uses it to start a job's next launch at
 * the cycle its previous one completed, as a simulator replaying the
 * same jobs does.
 */
#define CORUN_REG_HOLD_ACK 0x0094

/*
 * Barrier. The model runs in slices of up to a few tens of thousands of
 * cycles, and what the driver writes meanwhile takes effect between
 * slices: a slot reset (CORUN_SLOT_CTRL_RESET) leaves the killed job
 * running until the slice ends, and every job keeps the translations it
 * cached (a TLB) whatever the page tables say now. Writing a sequence
 * number to BARRIER asks the device to catch up: every slot reset written
 * before it takes effect (the slot's resident job is gone from the cores,
 * its counters and fence written) and every job's TLB is emptied, so a
 * page-table entry the driver cleared is walked again and faults. When
 * that is done BARRIER_DONE reads the number written: at once while the
 * clock is stopped, else when the running slice ends. The driver waits
 * for it before freeing memory a job on the device may still reach: the
 * pages of a buffer it unmapped from a running job's address space, a
 * killed job's page tables and counters. Barriers change no cycle count.
 */
#define CORUN_REG_BARRIER 0x0098 /* write: request sequence */
#define CORUN_REG_BARRIER_DONE 0x009c /* RO: last completed sequence */

/*
 * Firmware upload and microcontroller control. The firmware runs whenever
 * an image is loaded, also before CORUN_CTRL_ENABLE (which gates only the
 * GPU cores). LOAD first stops any running firmware; FW_STATUS reads
 * LOADING until the firmware writes READY, then RUNNING (the driver polls
 * CORUN_STATUS_FW_READY: there is no interrupt for it). A failed load
 * (FW_SIZE outside 64 B .. 64 B + CORUN_MCU_MEM_SIZE: CORUN_ERR_BAD_VALUE;
 * image not in guest RAM or bus mastering off: CORUN_ERR_DMA; bad header
 * or CRC) gives CORUN_FW_BAD_IMAGE, CORUN_STATUS_FW_ERROR and
 * CORUN_IRQ_FW_ERROR. LOAD together with HALT is CORUN_ERR_BAD_VALUE.
 * A mailbox doorbell while a request is unanswered is dropped with
 * CORUN_ERR_BAD_VALUE.
 */
#define CORUN_REG_FW_ADDR_LO 0x00a0 /* guest PA of the image */
#define CORUN_REG_FW_ADDR_HI 0x00a4
#define CORUN_REG_FW_SIZE 0x00a8
#define CORUN_REG_FW_CTRL 0x00ac
#define CORUN_FW_CTRL_LOAD BIT(0) /* DMA image, verify, boot */
#define CORUN_FW_CTRL_HALT BIT(1)
#define CORUN_REG_FW_STATUS 0x00b0 /* enum corun_fw_state */
#define CORUN_REG_FW_VERSION 0x00b4 /* reported by the firmware */
/*
 * Firmware liveness (RO). FW_HEARTBEAT is the last value the firmware
 * wrote to its window's CORUN_MCU_HEARTBEAT (corun-fw.bin advances it on
 * every pass of its event loop). FW_INSNS counts, low 32 bits, the
 * instructions the microcontroller retired since the last LOAD: it grows
 * only while the MCU is awake, never while it sleeps in WFE or while the
 * device clock is stopped, so it measures the work the firmware was given
 * rather than time. A firmware whose FW_INSNS grows while its heartbeat
 * stands still is stuck inside one pass of its loop. Both read 0 after a
 * LOAD and follow the MCU at the end of every clock slice; reading them
 * changes nothing.
 */
#define CORUN_REG_FW_HEARTBEAT 0x00b8
#define CORUN_REG_FW_INSNS 0x00bc

enum corun_fw_state {
	CORUN_FW_OFF = 0,
	CORUN_FW_LOADING = 1,
	CORUN_FW_RUNNING = 2, /* booted and completed the handshake */
	CORUN_FW_BAD_IMAGE = 3,
	CORUN_FW_CRASHED = 4,
};

/* Mailbox (driver <-> firmware), see fwif.h for the message format. */
#define CORUN_REG_MBOX_IN 0x0100 /* 16 words, driver -> firmware */
#define CORUN_REG_MBOX_OUT 0x0140 /* 16 words, firmware -> driver */
#define CORUN_REG_MBOX_DOORBELL 0x0180 /* write: request sequence */
#define CORUN_REG_MBOX_DONE 0x0184 /* RO: last completed sequence */
#define CORUN_MBOX_WORDS 16

/*
 * Per-slot blocks.
 *
 * The ring registers are writable only while the slot is disabled. The
 * device takes ring entries only while CORUN_CTRL_ENABLE is set and the
 * PCI command register allows bus mastering; a ring entry outside guest
 * RAM latches CORUN_ERR_DMA | CORUN_ERR_BAD_RING and drops that doorbell
 * (a later doorbell retries). A job fault stops the slot: its queued jobs
 * end with CORUN_FAULT_RESET (fences written) and no entries are taken
 * until CORUN_SLOT_CTRL_RESET, which also drops unconsumed descriptors
 * and clears the fault record. A global CORUN_CTRL_RESET discards jobs in
 * flight without writing their fences. The fault interrupt is raised for
 * every faulting job; the job interrupt only with CORUN_DESC_F_IRQ.
 */
#define CORUN_REG_SLOT_BASE 0x1000
#define CORUN_REG_SLOT_STRIDE 0x100
#define CORUN_REG_SLOT(slot, reg) \
	(CORUN_REG_SLOT_BASE + CORUN_REG_SLOT_STRIDE * (slot) + (reg))

#define CORUN_SLOT_RING_LO 0x00 /* guest PA of the ring, 4 KiB aligned */
#define CORUN_SLOT_RING_HI 0x04
#define CORUN_SLOT_RING_SIZE 0x08 /* entries, power of two */
#define CORUN_SLOT_RING_HEAD 0x0c /* RO: next entry the device reads */
#define CORUN_SLOT_DOORBELL 0x10 /* write the new tail */
#define CORUN_SLOT_STATUS 0x14 /* RO: enum corun_slot_state */
#define CORUN_SLOT_CTRL 0x18
#define CORUN_SLOT_PRIORITY 0x1c /* 0 (lowest) .. 15 */
#define CORUN_SLOT_SM_MASK0 0x20 /* CORUN_SM_MASK_WORDS words */
#define CORUN_SLOT_CTA_QUOTA 0x30 /* max CTAs per SM, 0 = no limit */
#define CORUN_SLOT_PLACEMENT 0x34 /* enum corun_placement */
#define CORUN_SLOT_THROTTLE 0x38 /* resident-but-idle CTAs per SM */
/*
 * Warp instructions the slot may issue per SM in each period of
 * CORUN_REG_ISSUE_PERIOD cycles (SMK's issue quota); 0 = no limit. When
 * every slot with a quota and CTAs on an SM (two or more) has spent its
 * grant there, all are granted again at once: co-running slots' quotas
 * are shares of the SM's issue, a lone slot's a rate.
 */
#define CORUN_SLOT_ISSUE_QUOTA 0x3c
#define CORUN_SLOT_DONE_LO 0x40 /* RO: seqno of the last finished job */
#define CORUN_SLOT_DONE_HI 0x44
#define CORUN_SLOT_PROGRESS 0x48 /* RO: retired warp insns, wraps */
#define CORUN_SLOT_FAULT 0x60 /* RO: struct corun_fault_record */

#define CORUN_SLOT_CTRL_ENABLE BIT(0)
#define CORUN_SLOT_CTRL_RESET BIT(1) /* kill the slot's jobs */

#define CORUN_RING_MAX_ENTRIES 1024

enum corun_slot_state {
	CORUN_SLOT_IDLE = 0,
	CORUN_SLOT_RUNNING = 1,
	CORUN_SLOT_FAULTED = 2, /* stopped until reset */
	CORUN_SLOT_DISABLED = 3,
};

/* Thread-block placement modes (IKRA's G/C/R/F/S). */
enum corun_placement {
	CORUN_PLACE_RR = 0,
	CORUN_PLACE_CHUNK = 1,
	CORUN_PLACE_RESET = 2,
	CORUN_PLACE_FLIP = 3,
	CORUN_PLACE_STEAL = 4,
	CORUN_PLACE_NR
};

/* L1 coherence action at kernel boundaries. */
enum corun_coherence {
	CORUN_COH_FLUSH_INV = 0, /* write back and invalidate the L1s */
	CORUN_COH_OWNERSHIP = 1, /* keep owned lines, forward remote hits */
	CORUN_COH_NR
};

/* ---------------------------------------------------------------------
 * Job ring. Each slot has a ring of CORUN_SLOT_RING_SIZE descriptors in
 * guest memory; the driver writes descriptors, then the new tail to the
 * doorbell. The device validates each descriptor; a bad one faults that
 * job with CORUN_FAULT_BAD_DESC and the ring goes on.
 */
#define CORUN_DESC_MAGIC 0x4a425243 /* "CRBJ" */
#define CORUN_DESC_VERSION 1

#define CORUN_DESC_F_COUNTERS BIT(0) /* write counters at the end */
#define CORUN_DESC_F_IRQ BIT(1) /* raise CORUN_IRQ_JOB when done */
#define CORUN_DESC_F_HOLD BIT(2) /* hold the clock at completion */
#define CORUN_DESC_F_ALL 0x7u

/*
 * Address-space tags: a device configured with [gpu] timing_address = va
 * times global accesses by (as_tag << 32) | GPU VA instead of by physical
 * address, so jobs of different address spaces must carry different tags
 * while they co-run. Valid tags are 0 .. CORUN_AS_TAGS - 1.
 */
#define CORUN_AS_TAGS 65536

/**
 * struct corun_job_desc - one kernel launch, as the device reads it
 * @magic: CORUN_DESC_MAGIC
 * @version: CORUN_DESC_VERSION
 * @size: sizeof(struct corun_job_desc)
 * @flags: CORUN_DESC_F_*
 * @ctx_id: driver's context id, for counters and fault reports
 * @pt_root: guest PA of the 16 KiB level-1 page table
 * @fence_addr: guest PA of a u64 the device writes @seqno to when the job
 *	ends, successfully or not; 8-byte aligned
 * @seqno: fence value of this job
 * @counters_addr: guest PA of a struct corun_job_counters filled when the
 *	job ends (with CORUN_DESC_F_COUNTERS); 8-byte aligned
 * @entry: GPU VA of the first instruction of every thread
 * @args: GPU VA of the argument block (CORUN_CSR_ARGS)
 * @grid: CTAs in x, y, z; each >= 1, product < 2^31
 * @block: threads per CTA in x, y, z; product 1..threads per SM
 * @regs_per_thread: 1..255, times the CTA's threads within the register
 *	file of one SM
 * @placement: enum corun_placement
 * @coherence: enum corun_coherence
 * @shared_bytes: shared memory per CTA, within one SM's
 * @stack_bytes: stack per thread, 0 = CORUN_STACK_DEFAULT, at most
 *	CORUN_STACK_MAX
 * @qos_target: QoS target as IPC fraction of alone in 1/1024, 0 = none
 * @insn_budget: thread instructions before CORUN_FAULT_BUDGET, 0 = none
 * @as_tag: address-space tag, below CORUN_AS_TAGS (see above)
 * @reserved: must be zero
 */
struct corun_job_desc {
	u32 magic;
	u16 version;
	u16 size;
	u32 flags;
	u32 ctx_id;
	u64 pt_root;
	u64 fence_addr;
	u64 seqno;
	u64 counters_addr;
	u32 entry;
	u32 args;
	u32 grid[3];
	u32 block[3];
	u8 regs_per_thread;
	u8 placement;
	u8 coherence;
	u8 pad0;
	u32 shared_bytes;
	u32 stack_bytes;
	u32 qos_target;
	u64 insn_budget;
	u32 as_tag;
	u32 reserved[5];
};

CORUN_STATIC_ASSERT(sizeof(struct corun_job_desc) == 128, "desc layout");

/* ---------------------------------------------------------------------
 * Counters. Every counter is a u64 that only grows (wrapping at 2^64).
 * The warp stall reasons follow GPGPU-Sim's breakdown.
 */
enum corun_stall {
	CORUN_STALL_RAW_SHORT = 0, /* operand from a short-latency unit */
	CORUN_STALL_RAW_LONG = 1, /* operand awaits an L1 miss */
	CORUN_STALL_LSU_FULL = 2, /* LSU or miss queue cannot accept */
	CORUN_STALL_FU_BUSY = 3, /* functional unit busy */
	CORUN_STALL_BARRIER = 4,
	CORUN_STALL_FETCH = 5, /* no instruction available */
	CORUN_STALL_THROTTLED = 6, /* CTA resident but throttled */
	/*
	 * next instruction accesses the L1 (global or local memory) and its
	 * slot's memory-instruction cap on the SM is reached
	 * (CORUN_MCU_S_MIL_CAP)
	 */
	CORUN_STALL_MIL = 7,
	CORUN_STALL_NR = 8
};

/**
 * struct corun_slot_counters - per hardware slot (and per job) counters
 *
 * The same block is used for a slot in an epoch snapshot and for a job's
 * totals in its counters_addr. Fields: warp and thread instructions,
 * cycles with at least one CTA of the slot resident, CTAs launched and
 * completed, warp stall cycles by reason, L1 accesses, misses and
 * reservation failures, miss-queue demand (requests entering the slot's
 * sub-queue), read requests and all requests leaving the L1 (rf =
 * reads/requests), DRAM accesses caused by those requests including dirty
 * write-backs (df = dram_accesses/requests), NoC flits and stall cycles,
 * LLC hits and misses of the slot's requests, DRAM row hits and data-bus
 * busy cycles, the sum of L1-miss round-trip latencies, accesses and
 * misses of the read-only data cache (loads with CORUN_HINT_RO, which
 * are not L1 accesses), and the L1 accesses and misses to local (stack)
 * memory (included in l1_accesses and l1_misses).
 */
struct corun_slot_counters {
	u64 warp_insns;
	u64 thread_insns;
	u64 active_cycles;
	u64 ctas_launched;
	u64 ctas_done;
	u64 stall[CORUN_STALL_NR];
	u64 l1_accesses;
	u64 l1_misses;
	u64 l1_resfails;
	u64 missq_demand;
	u64 read_requests;
	u64 requests;
	u64 dram_accesses;
	u64 noc_flits;
	u64 noc_stall_cycles;
	u64 llc_hits;
	u64 llc_misses;
	u64 dram_row_hits;
	u64 dram_bus_cycles;
	u64 mem_latency_sum;
	u64 ro_accesses;
	u64 ro_misses;
	u64 l1_local_accesses;
	u64 l1_local_misses;
	u64 reserved;
};

CORUN_STATIC_ASSERT(sizeof(struct corun_slot_counters) == 256,
		    "slot counters layout");

/**
 * struct corun_job_counters - what a job's counters_addr receives
 * @start_cycle: device cycle at which the first CTA was dispatched
 * @end_cycle: device cycle at which the last CTA finished
 * @slot: hardware slot it ran in
 * @fault: 0 or enum corun_fault_cause
 * @c: the job's counters over its lifetime
 */
struct corun_job_counters {
	u64 start_cycle;
	u64 end_cycle;
	u32 slot;
	u32 fault;
	struct corun_slot_counters c;
};

CORUN_STATIC_ASSERT(sizeof(struct corun_job_counters) == 280,
		    "job counters layout");

/* Per SM counters in a snapshot. */
struct corun_sm_counters {
	u64 active_cycles;
	u64 warp_insns;
	u64 l1_accesses;
	u64 l1_misses;
	u64 l1_resfails;
	u64 resident_ctas; /* sum over cycles, for occupancy */
	u64 ro_accesses; /* read-only data cache */
	u64 ro_misses;
};

/* Per DRAM channel counters in a snapshot, split by slot where stated. */
struct corun_chan_counters {
	u64 accesses;
	u64 row_hits;
	u64 bus_busy_cycles;
	u64 reserved;
};

/**
 * struct corun_sm_slot_counters - one slot on one SM, in a snapshot
 * @warp_insns: warp instructions the slot's CTAs retired on the SM
 * @cta_cycles: sum over cycles of the slot's CTAs resident on the SM
 *	(divided by the cycles: the average CTA count, Warped-Slicer's x axis)
 */
struct corun_sm_slot_counters {
	u64 warp_insns;
	u64 cta_cycles;
};

/**
 * struct corun_chan_slot_counters - one slot on one DRAM channel
 * @accesses: DRAM accesses (reads, writes and write-backs) of the slot
 * @row_hits: those that hit the open row
 */
struct corun_chan_slot_counters {
	u64 accesses;
	u64 row_hits;
};

/**
 * struct corun_slot_interf_counters - one slot's interference, in a snapshot
 * @dram_bank: DRAM request-cycles (summed over the slot's queued
 *	requests) spent waiting for a bank that another slot's command held:
 *	each ACT, PRE or column command of another slot charges its bank
 *	time (tRCD, tRP, the burst) to every arrived request of this slot
 *	queued for that bank
 * @dram_row: DRAM request-cycles of row conflicts another slot caused:
 *	tRP + tRCD for each ACT of this slot to the row its own last access
 *	to the bank had open, when the bank's last ACT was another slot's
 * @dram_bus: DRAM request-cycles a row-hit column command of this slot,
 *	ready but for the data bus, waited for another slot's burst
 * @dram_req_cycles: DRAM cycles from queue entry to data of each of the
 *	slot's DRAM accesses, summed (divided by the accesses: the average
 *	DRAM time of one, the penalty of an extra LLC miss)
 * @llc_atd_misses: LLC misses of the slot in the sets its sampled
 *	auxiliary tag directory (one LRU tag store per slot) mirrors
 * @llc_atd_interf: of those, the ones the slot's tag directory hit: lines
 *	another slot's fills evicted (the slot alone would have hit)
 * @mem_busy_cycles: SM cycles with at least one L1 miss of the slot
 *	outstanding (struct corun_slot_counters.mem_latency_sum divided by
 *	it: the slot's memory-level parallelism)
 * @reserved: zero
 *
 * The white-box (DASE-style) slowdown model's inputs; the DRAM figures
 * are in DRAM cycles, the others in SM cycles.
 */
struct corun_slot_interf_counters {
	u64 dram_bank;
	u64 dram_row;
	u64 dram_bus;
	u64 dram_req_cycles;
	u64 llc_atd_misses;
	u64 llc_atd_interf;
	u64 mem_busy_cycles;
	u64 reserved;
};

/**
 * struct corun_slot_job_state - the slot's current job, in a snapshot
 * @seqno: its descriptor's seqno, 0 if the slot has no job
 * @ctas_total: CTAs of its grid
 * @ctas_dispatched: CTAs dispatched so far
 * @ctas_done: CTAs completed so far
 * @ctas_resident: CTAs resident now (dispatched, not completed; CTAs
 *	saved by a context switch and not restored yet are neither)
 * @reserved: zero
 */
struct corun_slot_job_state {
	u64 seqno;
	u32 ctas_total;
	u32 ctas_dispatched;
	u32 ctas_done;
	u32 ctas_resident;
	u64 reserved;
};

/**
 * struct corun_snapshot_header - head of an epoch counter snapshot
 * @magic: CORUN_SNAPSHOT_MAGIC
 * @version: CORUN_SNAPSHOT_VERSION
 * @size: total bytes of the snapshot (CORUN_REG_SNAPSHOT_SIZE)
 * @epoch: epoch sequence number
 * @num_slots: entries of struct corun_slot_counters after the header
 * @num_sms: entries of struct corun_sm_counters after the slots
 * @num_channels: entries of struct corun_chan_counters after the SMs
 * @cycle: device cycle at the end of the epoch
 * @epoch_cycles: length of the epoch in cycles
 *
 * Counters are cumulative since reset; the driver takes differences.
 */
struct corun_snapshot_header {
	u32 magic;
	u32 version;
	u32 size;
	u32 epoch;
	u32 num_slots;
	u32 num_sms;
	u32 num_channels;
	u32 pad;
	u64 cycle;
	u64 epoch_cycles;
};

#define CORUN_SNAPSHOT_MAGIC 0x50535243 /* "CRSP" */
/*
 * Version 2 appends, after the channels: struct corun_sm_slot_counters for
 * each SM and slot ([sm][slot]), struct corun_chan_slot_counters for each
 * channel and slot ([channel][slot]), and struct corun_slot_job_state for
 * each slot. Version 3 appends struct corun_slot_ctxsw_counters for each
 * slot (see the context-switch block below), then struct
 * corun_slot_interf_counters for each slot. corun_snapshot_size() is the
 * whole size.
 */
#define CORUN_SNAPSHOT_VERSION 3

CORUN_STATIC_ASSERT(sizeof(struct corun_snapshot_header) == 48,
		    "snapshot header layout");
CORUN_STATIC_ASSERT(sizeof(struct corun_sm_counters) == 64, "sm counters");
CORUN_STATIC_ASSERT(sizeof(struct corun_chan_counters) == 32,
		    "channel counters");
CORUN_STATIC_ASSERT(sizeof(struct corun_sm_slot_counters) == 16,
		    "sm/slot counters");
CORUN_STATIC_ASSERT(sizeof(struct corun_chan_slot_counters) == 16,
		    "channel/slot counters");
CORUN_STATIC_ASSERT(sizeof(struct corun_slot_job_state) == 32,
		    "slot job state");
CORUN_STATIC_ASSERT(sizeof(struct corun_slot_interf_counters) == 64,
		    "slot interference counters");

/* ---------------------------------------------------------------------
 * SM reclaim by context switch (CORUN_CAP_CTXSW).
 *
 * CORUN_SLOT_RECLAIM says how the slot's CTAs leave an SM that its SM
 * mask no longer includes. DRAIN (the reset value): they run to
 * completion there. SWITCH: from the next device cycle on, each such CTA
 * stops issuing, waits for its outstanding loads, and has its state
 * (registers of its live warps, PCs and masks, barrier state, shared
 * memory) saved; the SM's resources are then free. A saved CTA is
 * restored, before any new CTA of the slot, on an SM of the slot's mask
 * with room for it, and resumes where it stopped. Save and restore each
 * take a fixed latency plus the context's bytes over the SM's share of
 * the DRAM bandwidth (Documentation/emu/context-switch.rst). A value
 * other than enum corun_reclaim is CORUN_ERR_BAD_VALUE (not applied).
 * CORUN_SLOT_SAVED reads the CTAs of the slot's job saved and not yet
 * restored.
 */
#define CORUN_SLOT_RECLAIM 0x4c
#define CORUN_SLOT_SAVED 0x50 /* RO */

enum corun_reclaim {
	CORUN_RECLAIM_DRAIN = 0,
	CORUN_RECLAIM_SWITCH = 1,
	CORUN_RECLAIM_NR
};

/**
 * struct corun_slot_ctxsw_counters - a slot's context switches, in a
 *	snapshot (version 3)
 * @preempts: CTAs saved
 * @restores: CTAs restored
 * @wait_cycles: cycles preempted CTAs waited for outstanding loads before
 *	their save began (summed over CTAs)
 * @save_cycles: cycles of their saves (summed over CTAs)
 * @restore_cycles: cycles of their restores (summed over CTAs)
 * @save_bytes: context bytes saved
 * @restore_bytes: context bytes restored
 * @reserved: zero
 */
struct corun_slot_ctxsw_counters {
	u64 preempts;
	u64 restores;
	u64 wait_cycles;
	u64 save_cycles;
	u64 restore_cycles;
	u64 save_bytes;
	u64 restore_bytes;
	u64 reserved;
};

CORUN_STATIC_ASSERT(sizeof(struct corun_slot_ctxsw_counters) == 64,
		    "slot ctxsw counters layout");

/* Bytes of a version 3 snapshot of @slots slots, @sms SMs, @chans channels. */
static inline u32 corun_snapshot_size(u32 slots, u32 sms, u32 chans)
{
	return sizeof(struct corun_snapshot_header) +
	       slots * sizeof(struct corun_slot_counters) +
	       sms * sizeof(struct corun_sm_counters) +
	       chans * sizeof(struct corun_chan_counters) +
	       sms * slots * sizeof(struct corun_sm_slot_counters) +
	       chans * slots * sizeof(struct corun_chan_slot_counters) +
	       slots * sizeof(struct corun_slot_job_state) +
	       slots * sizeof(struct corun_slot_ctxsw_counters) +
	       slots * sizeof(struct corun_slot_interf_counters);
}

#endif /* _CORUN_HW_H_ */
