/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun firmware interface, version 2.
 *
 * Three contracts live here:
 * 1. the firmware image format the driver uploads (CORUN_REG_FW_*, hw.h);
 * 2. the mailbox messages between driver and firmware, carried in the
 *    CORUN_REG_MBOX_IN/OUT register words of BAR0;
 * 3. the control-register window through which the firmware, running on
 *    the device's RV32 microcontroller, reaches the hardware.
 *
 * Changes within version 2, after its first draft: SET_PARAMS answers a
 * refused pair with its index and a malformed request with no payload;
 * CORUN_FW_P_L1_WAYS and LLC_WAYS must keep a way the cache has;
 * CORUN_FW_P_RF/DF and EPOCHS are defined exactly (over the span since
 * the previous epoch event handled); CORUN_FW_LLC_PROB_ONE and
 * CORUN_FW_DRAM_PRIO_MAX name the ranges; under CORUN_LLC_VICTIM_PROB
 * the protected owner is the CPU class (a slot is never protected), and
 * CORUN_MCU_LLC_PROB reaches the LLC rounded to 1/1000; on an LLC of
 * more than 32 ways an all-ones CORUN_MCU_S_LLC_WAYS means every way;
 * CORUN_IRC_MODE_CCBP (CORUN_FW_FEAT_IRC_CCBP): the firmware turns
 * per-slot bandwidth units into credits itself (CCBP's Eqs. 1 and 3);
 * CORUN_FW_IRC_ENABLE_MIL (CORUN_FW_FEAT_MIL): memory-instruction
 * limiting in place of the credits, through CORUN_MCU_S_MIL_CAP;
 * CORUN_DRAM_TCM (CORUN_FW_FEAT_DRAM_TCM): TCM's clustering and shuffle
 * over the slot priorities, on epochs.
 */
#ifndef _CORUN_FWIF_H_
#define _CORUN_FWIF_H_

#include "types.h"

#define CORUN_FWIF_VERSION 2

/* ---------------------------------------------------------------------
 * Firmware image: a header followed by a flat RV32 binary loaded at
 * @load_addr of the microcontroller's memory.
 */
#define CORUN_FW_MAGIC 0x57465243 /* "CRFW" */
#define CORUN_FW_NAME "corun/corun-fw.bin"
#define CORUN_MCU_MEM_BASE 0x00000000u
#define CORUN_MCU_MEM_SIZE (256u << 10)

/**
 * struct corun_fw_header - head of corun-fw.bin
 * @magic: CORUN_FW_MAGIC
 * @fwif_version: CORUN_FWIF_VERSION the image speaks
 * @header_size: sizeof(struct corun_fw_header)
 * @fw_version: the firmware's own version (major << 16 | minor)
 * @load_addr: where the payload goes in MCU memory (4-byte aligned)
 * @entry: first instruction executed after load
 * @payload_size: bytes following the header; load_addr + payload_size
 *	must fit in CORUN_MCU_MEM_SIZE
 * @payload_crc32: CRC-32 (IEEE 802.3, as zlib's crc32()) of the payload
 * @reserved: must be zero
 */
struct corun_fw_header {
	u32 magic;
	u32 fwif_version;
	u32 header_size;
	u32 fw_version;
	u32 load_addr;
	u32 entry;
	u32 payload_size;
	u32 payload_crc32;
	u32 reserved[8];
};

CORUN_STATIC_ASSERT(sizeof(struct corun_fw_header) == 64, "fw header");

/* ---------------------------------------------------------------------
 * Mailbox. The driver writes a request into MBOX_IN (word 0 the header,
 * words 1..15 the payload), then the request's sequence number into
 * MBOX_DOORBELL. The firmware answers in MBOX_OUT, sets MBOX_DONE to the
 * same sequence number and the device raises CORUN_IRQ_MAILBOX. One
 * request is in flight at a time.
 */
#define CORUN_MBOX_HDR(cmd, len) (((u32)(len) << 16) | (u32)(cmd))
#define CORUN_MBOX_HDR_CMD(h) (0xffff & (h))
#define CORUN_MBOX_HDR_LEN(h) (((h) >> 16) & 0xff) /* payload words */
#define CORUN_MBOX_MAX_PAYLOAD 15

/* Requests. Payload words are listed as [in] -> [out]. */
enum corun_fw_cmd {
	CORUN_FW_CMD_NOP = 0, /* [] -> [] */
	CORUN_FW_CMD_VERSION = 1, /* [] -> [fwif, fw_version, features] */
	CORUN_FW_CMD_ECHO = 2, /* [w...] -> [w...] unchanged */
	CORUN_FW_CMD_SET_PARAM = 3, /* [param, value] -> [old value] */
	CORUN_FW_CMD_GET_PARAM = 4, /* [param] -> [value] */
	/*
	 * [param, value] x n (n = 1..CORUN_FW_SET_PARAMS_MAX) -> [n]: every
	 * pair is validated first, as SET_PARAM would; only if all pass are
	 * they applied, in order (a parameter named twice ends with its last
	 * value), in one go: the device sees every register write before its
	 * next GPU cycle in lockstep mode. If a pair is refused nothing is
	 * applied and the reply carries that pair's status (CORUN_FW_ENOENT
	 * or CORUN_FW_EINVAL) and one word, the pair's index (0..n-1). A
	 * payload of odd length, empty or longer than the mailbox's pairs is
	 * malformed: CORUN_FW_EINVAL with no payload.
	 */
	CORUN_FW_CMD_SET_PARAMS = 5,
	CORUN_FW_CMD_NR
};

#define CORUN_FW_SET_PARAMS_MAX (CORUN_MBOX_MAX_PAYLOAD / 2)

/* Reply header status, in the command field of MBOX_OUT word 0. */
enum corun_fw_status {
	CORUN_FW_OK = 0,
	CORUN_FW_EINVAL = 1, /* malformed request or value out of range */
	CORUN_FW_ENOSYS = 2, /* unknown command */
	CORUN_FW_ENOENT = 3, /* unknown parameter */
	CORUN_FW_EBUSY = 4,
};

/*
 * Parameters of SET_PARAM/GET_PARAM. Per-slot parameters take the slot in
 * the low 8 bits: CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_SHARE, slot). A slot
 * the hardware lacks is CORUN_FW_ENOENT; a read-only parameter or a value
 * out of range is CORUN_FW_EINVAL. Defaults after boot: TICK_CYCLES
 * 10000, IRC off with window 200 and even shares (1024 / slots),
 * priorities 0, all L1 and LLC ways, no bypass CTAs, LLC LRU with
 * LLC_PROB 1023, VCP shared with every VC CORUN_FW_VC_CONFIG, DRAM FR-FCFS
 * with priorities 0.
 */
#define CORUN_FW_PARAM_SLOT(p, slot) ((p) | (0xff & (slot)))

enum corun_fw_param {
	CORUN_FW_P_TICK_CYCLES = 0x0001, /* firmware tick period, >= 100 */
	CORUN_FW_P_TICKS = 0x0002, /* read-only: ticks since boot */
	/*
	 * Read-only: CORUN_MCU_EV_EPOCH events handled since boot. Epochs
	 * that end while the firmware is still busy with an earlier one are
	 * handled as one event (CORUN_MCU_EPOCH_SEQ tells how many passed).
	 */
	CORUN_FW_P_EPOCHS = 0x0003,
	/*
	 * enum corun_irc_enable: off, issue-rate credits, or MIL in their
	 * place (the two exclude each other: under MIL every slot's credits
	 * are CORUN_FW_IRC_CREDITS_UNLIMITED)
	 */
	CORUN_FW_P_IRC_ENABLE = 0x0010,
	CORUN_FW_P_IRC_WINDOW = 0x0011, /* credit refill window, cycles */
	/*
	 * enum corun_irc_mode: how the credits of IRC_ENABLE follow from
	 * the parameters. The CCBP mode's parameters, all of them checked
	 * on their own (no combination is refused):
	 * IRC_UNITS     M, the units each sustainable bandwidth is split
	 *               into, 1..CORUN_FW_IRC_UNITS_MAX (boot: 20)
	 * IRC_NOC_BW    sustainable NoC (L2->SM) bandwidth of the whole
	 *               device, bytes per 1000 device cycles,
	 *               0..CORUN_FW_IRC_BW_MAX; 0 (boot): not told, the
	 *               NoC limits nothing
	 * IRC_DRAM_BW   sustainable DRAM bandwidth, the same
	 * IRC_REPLY     NoC bytes of a read reply (L1 line + header flit),
	 *               1..CORUN_FW_IRC_BYTES_MAX (boot: 160)
	 * IRC_DRAM_BYTES bytes one DRAM access moves (LLC line), same
	 *               range (boot: 128)
	 */
	CORUN_FW_P_IRC_MODE = 0x0012,
	CORUN_FW_P_IRC_UNITS = 0x0013,
	CORUN_FW_P_IRC_NOC_BW = 0x0014,
	CORUN_FW_P_IRC_DRAM_BW = 0x0015,
	CORUN_FW_P_IRC_REPLY = 0x0016,
	CORUN_FW_P_IRC_DRAM_BYTES = 0x0017,
	/*
	 * MIL's controller (CORUN_FW_IRC_ENABLE_MIL; the formula is at enum
	 * corun_irc_enable), each checked on its own:
	 * MIL_HIGH  reservation failures per L1 access, in 1/1024, above
	 *           which a slot's cap is lowered, 0..CORUN_FW_MIL_RATE_MAX
	 *           (boot: 256)
	 * MIL_LOW   the rate below which it is raised, same range (boot: 64)
	 * MIL_MIN   the lowest cap, 1..CORUN_FW_MIL_CAP_MAX (boot: 2)
	 * MIL_MAX   the highest cap: raising beyond it lifts the cap, the
	 *           cap a lowering starts from; same range (boot: 32)
	 * MIL_STEP  what a raise adds, same range (boot: 2)
	 */
	CORUN_FW_P_MIL_HIGH = 0x0018,
	CORUN_FW_P_MIL_LOW = 0x0019,
	CORUN_FW_P_MIL_MIN = 0x001a,
	CORUN_FW_P_MIL_MAX = 0x001b,
	CORUN_FW_P_MIL_STEP = 0x001c,
	CORUN_FW_P_LLC_POLICY = 0x0020, /* enum corun_llc_policy */
	/*
	 * Under CORUN_LLC_PROB_STATIC: the probability, in 1/1024 (0 ..
	 * CORUN_FW_LLC_PROB_ONE), that a GPU fill spares a CPU line that is
	 * its set's LRU line (the CPU-GPU interference paper's p is the
	 * complement: its p = 0.001 is 1023, p = 0.01 is 1014).
	 */
	CORUN_FW_P_LLC_PROB = 0x0021,
	CORUN_FW_P_VCP_MODE = 0x0030, /* enum corun_vcp_mode */
	CORUN_FW_P_DRAM_POLICY = 0x0040, /* enum corun_dram_policy */
	/*
	 * CORUN_DRAM_TCM's parameters (feature CORUN_FW_FEAT_DRAM_TCM), each
	 * checked on its own and read at every epoch event, so a change
	 * acts from the next one on:
	 * DRAM_TCM_THRESH   ClusterThresh in 1/1024 of the quantum's DRAM
	 *                   accesses, 0..CORUN_FW_DRAM_TCM_THRESH_ONE (boot:
	 *                   CORUN_FW_DRAM_TCM_THRESH_BOOT, TCM's 4/24)
	 * DRAM_TCM_QUANTUM  the quantum, in epochs,
	 *                   1..CORUN_FW_DRAM_TCM_EPOCHS_MAX (boot 10: TCM's
	 *                   1 M cycles at the driver's 100 K-cycle epoch)
	 * DRAM_TCM_SHUFFLE  the shuffle interval, in epochs, the same range
	 *                   (boot 1; TCM's is 800 cycles, shorter than any
	 *                   epoch); one at or above the quantum never shuffles
	 * Read-only, since TCM was last selected:
	 * DRAM_TCM_QUANTA   quanta ended (clusterings made)
	 * DRAM_TCM_LATENCY  the latency cluster of the last quantum, bit n
	 *                   for slot n
	 * DRAM_TCM_BANDWIDTH its bandwidth cluster, the same
	 */
	CORUN_FW_P_DRAM_TCM_THRESH = 0x0041,
	CORUN_FW_P_DRAM_TCM_QUANTUM = 0x0042,
	CORUN_FW_P_DRAM_TCM_SHUFFLE = 0x0043,
	CORUN_FW_P_DRAM_TCM_QUANTA = 0x0044,
	CORUN_FW_P_DRAM_TCM_LATENCY = 0x0045,
	CORUN_FW_P_DRAM_TCM_BANDWIDTH = 0x0046,
	/*
	 * enum corun_l1_mode (CORUN_FW_FEAT_L1_UCP), and UCP's parameters,
	 * each checked on its own:
	 * L1_UCP_PERIOD    epoch events between repartitions,
	 *                  1..CORUN_FW_L1_UCP_PERIOD_MAX (boot: 10)
	 * L1_UCP_MIN_WAYS  ways every slot that takes part keeps,
	 *                  1..CORUN_MCU_L1_WAYS (boot: 1, UCP's)
	 * L1_UCP_DECAY     the utility counters are shifted right by this
	 *                  after each repartition, 0 (never forget) ..
	 *                  CORUN_FW_L1_UCP_DECAY_MAX (forget all); boot: 1,
	 *                  UCP's halving
	 * L1_UCP_SAMPLE    the monitors mirror one L1 set in this many
	 *                  (CORUN_MCU_L1_UMON_SAMPLE), 1 (every set) ..
	 *                  CORUN_FW_L1_UMON_SAMPLE_MAX; boot: 8
	 */
	CORUN_FW_P_L1_MODE = 0x0050,
	CORUN_FW_P_L1_UCP_PERIOD = 0x0051,
	CORUN_FW_P_L1_UCP_MIN_WAYS = 0x0052,
	CORUN_FW_P_L1_UCP_DECAY = 0x0053,
	CORUN_FW_P_L1_UCP_SAMPLE = 0x0054,
	CORUN_FW_P_IRC_SHARE = 0x0100, /* per slot: share in 1/1024 */
	CORUN_FW_P_IRC_PRIO = 0x0200, /* per slot: arbitration priority */
	/* per slot: L1 way mask; must keep a way below CORUN_MCU_L1_WAYS */
	CORUN_FW_P_L1_WAYS = 0x0300,
	CORUN_FW_P_L1_BYPASS_CTAS = 0x0400, /* per slot: bypass CTAs per SM */
	/*
	 * per slot: NoC virtual channel under CORUN_VCP_STATIC, below
	 * CORUN_MCU_NUM_VCS or CORUN_FW_VC_CONFIG
	 */
	CORUN_FW_P_VC = 0x0500,
	/* per slot: 0..CORUN_FW_DRAM_PRIO_MAX under CORUN_DRAM_SLOT_PRIO */
	CORUN_FW_P_DRAM_PRIO = 0x0600,
	/*
	 * per slot: LLC way mask for fills under CORUN_LLC_WAYPART; must
	 * keep a way below CORUN_MCU_LLC_WAYS
	 */
	CORUN_FW_P_LLC_WAYS = 0x0700,
	/*
	 * Read-only monitors, per slot, in 1/1024, over the span between the
	 * last two epoch events the firmware handled (the first span starts
	 * at boot): floor(1024 * read requests / requests) and
	 * floor(1024 * DRAM accesses / requests), the counters of struct
	 * corun_slot_counters. 0 if the slot made no request; DF may exceed
	 * 1024 (dirty write-backs).
	 */
	CORUN_FW_P_RF = 0x0800,
	CORUN_FW_P_DF = 0x0900,
	/*
	 * Per slot, under CORUN_IRC_MODE_CCBP: its NoC and DRAM quotas in
	 * 1/1000 of a unit (0..CORUN_FW_IRC_UNITS_MAX * 1000; a quota above
	 * M units asks for more than the sustainable bandwidth, which the
	 * firmware grants as asked), and enum corun_irc_class. Boot: 0, 0,
	 * CORUN_IRC_CLASS_FREE.
	 */
	CORUN_FW_P_IRC_NOC_UNITS = 0x0a00,
	CORUN_FW_P_IRC_DRAM_UNITS = 0x0b00,
	CORUN_FW_P_IRC_CLASS = 0x0c00,
	/*
	 * Read-only, per slot: the CORUN_MCU_S_IRC_CREDITS the firmware
	 * wrote last (CORUN_FW_IRC_CREDITS_UNLIMITED: no limit).
	 */
	CORUN_FW_P_IRC_CREDITS = 0x0d00,
	/*
	 * Read-only, per slot: the CORUN_MCU_S_DRAM_PRIO CORUN_DRAM_TCM
	 * programmed last (0 outside TCM and for a slot idle in the quantum).
	 */
	CORUN_FW_P_DRAM_TCM_PRIO = 0x0e00,
	/*
	 * Read-only, per slot: the CORUN_MCU_S_MIL_CAP the firmware wrote
	 * last (CORUN_FW_MIL_CAP_NONE: no cap).
	 */
	CORUN_FW_P_MIL_CAP = 0x0f00,
	/*
	 * Read-only, per slot: the L1 way mask UCP gave the slot at its last
	 * repartition (what it wrote to CORUN_MCU_S_L1_WAYS), 0xffffffff
	 * before the first, for a slot that did not take part, and outside
	 * CORUN_L1_MODE_UCP.
	 */
	CORUN_FW_P_L1_UCP_WAYS = 0x1000,
};

/*
 * Feature bits of CORUN_FW_CMD_VERSION: what this firmware implements.
 * A parameter value that needs a missing feature is answered
 * CORUN_FW_EINVAL; the driver refuses the uapi knob with EOPNOTSUPP.
 */
#define CORUN_FW_FEAT_IRC BIT(0) /* IRC_ENABLE/SHARE/PRIO/WINDOW */
#define CORUN_FW_FEAT_L1_STATIC BIT(1) /* L1_WAYS, L1_BYPASS_CTAS */
#define CORUN_FW_FEAT_LLC_PROB_STATIC BIT(2) /* LLC_POLICY PROB_STATIC */
#define CORUN_FW_FEAT_LLC_PROB_DYNAMIC BIT(3) /* LLC_POLICY PROB_DYNAMIC */
#define CORUN_FW_FEAT_LLC_WAYPART BIT(4) /* LLC_POLICY WAYPART, LLC_WAYS */
#define CORUN_FW_FEAT_VCP_STATIC BIT(5) /* VCP_MODE STATIC, VC */
#define CORUN_FW_FEAT_VCP_DYNAMIC BIT(6) /* VCP_MODE DYNAMIC */
#define CORUN_FW_FEAT_DRAM_PRIO BIT(7) /* DRAM_POLICY, DRAM_PRIO */
#define CORUN_FW_FEAT_MONITORS BIT(8) /* RF, DF, EPOCHS */
#define CORUN_FW_FEAT_SET_PARAMS BIT(9) /* CORUN_FW_CMD_SET_PARAMS */
#define CORUN_FW_FEAT_DRAM_BW_APP BIT(10) /* DRAM_POLICY BW_APP */
/*
 * IRC_MODE CCBP, IRC_UNITS .. IRC_DRAM_BYTES, IRC_NOC_UNITS,
 * IRC_DRAM_UNITS, IRC_CLASS and IRC_CREDITS
 */
#define CORUN_FW_FEAT_IRC_CCBP BIT(11)
/* DRAM_POLICY TCM, DRAM_TCM_THRESH .. DRAM_TCM_BANDWIDTH, DRAM_TCM_PRIO */
#define CORUN_FW_FEAT_DRAM_TCM BIT(12)
/* IRC_ENABLE CORUN_FW_IRC_ENABLE_MIL, MIL_HIGH .. MIL_STEP, MIL_CAP */
#define CORUN_FW_FEAT_MIL BIT(13)
/* L1_MODE UCP, L1_UCP_PERIOD .. L1_UCP_SAMPLE, L1_UCP_WAYS, the UMON */
#define CORUN_FW_FEAT_L1_UCP BIT(14)

/* Ranges SET_PARAM accepts; anything else is answered CORUN_FW_EINVAL. */
#define CORUN_FW_TICK_CYCLES_MIN 100u
#define CORUN_FW_IRC_WINDOW_MIN 100u
#define CORUN_FW_IRC_WINDOW_MAX BIT(20)
#define CORUN_FW_IRC_SHARE_ONE 1024u /* shares are in 1/1024 */
#define CORUN_FW_IRC_PRIO_MAX 15u
#define CORUN_FW_IRC_UNITS_MAX 100u
#define CORUN_FW_IRC_UNITS_BOOT 20u /* CCBP's M */
#define CORUN_FW_IRC_BW_MAX BIT(26)
#define CORUN_FW_IRC_BYTES_MAX 4096u
/* Under CORUN_IRC_MODE_CCBP, the miss-queue priority of LS slots. */
#define CORUN_FW_IRC_PRIO_LS 1u
#define CORUN_FW_LLC_PROB_ONE 1024u /* LLC_PROB is in 1/1024 */
/* LLC_PROB after boot (the paper's p = 0.001), for the driver to know. */
#define CORUN_FW_LLC_PROB_BOOT 1023u
#define CORUN_FW_DRAM_PRIO_MAX 15u
#define CORUN_FW_DRAM_TCM_THRESH_ONE 1024u /* DRAM_TCM_THRESH is in 1/1024 */
#define CORUN_FW_DRAM_TCM_THRESH_BOOT 171u /* TCM's 4/24, rounded */
#define CORUN_FW_DRAM_TCM_EPOCHS_MAX BIT(16)
/* DRAM_TCM_QUANTUM and DRAM_TCM_SHUFFLE after boot. */
#define CORUN_FW_DRAM_TCM_QUANTUM_BOOT 10u
#define CORUN_FW_DRAM_TCM_SHUFFLE_BOOT 1u
/* Bypass CTAs per SM: 0 none .. this value, which means every CTA. */
#define CORUN_FW_L1_BYPASS_CTAS_ALL 255u
#define CORUN_FW_L1_UCP_PERIOD_MAX 1000u
#define CORUN_FW_L1_UCP_DECAY_MAX 32u
#define CORUN_FW_L1_UMON_SAMPLE_MAX 256u
#define CORUN_FW_L1_UMON_SAMPLE_BOOT 8u
/* L1_UCP_PERIOD, L1_UCP_MIN_WAYS and L1_UCP_DECAY after boot. */
#define CORUN_FW_L1_UCP_PERIOD_BOOT 10u
#define CORUN_FW_L1_UCP_MIN_WAYS_BOOT 1u
#define CORUN_FW_L1_UCP_DECAY_BOOT 1u

/*
 * CORUN_MCU_S_IRC_CREDITS value meaning "no limit": the firmware writes it
 * when issue-rate control is off, and the device must then never gate the
 * slot's miss-queue issues.
 */
#define CORUN_FW_IRC_CREDITS_UNLIMITED 0xffffffffu

/*
 * CORUN_MCU_S_MIL_CAP (and CORUN_FW_P_MIL_CAP) value meaning "no cap",
 * the reset value; a cap is 1..CORUN_FW_MIL_CAP_MAX.
 */
#define CORUN_FW_MIL_CAP_NONE 0u
#define CORUN_FW_MIL_CAP_MAX 255u
/* MIL_HIGH and MIL_LOW: rates up to 64 failures per access. */
#define CORUN_FW_MIL_RATE_MAX (64u * 1024)
/* MIL_HIGH .. MIL_STEP after boot, for the driver to know. */
#define CORUN_FW_MIL_HIGH_BOOT 256u /* a failure every fourth access */
#define CORUN_FW_MIL_LOW_BOOT 64u /* one every sixteenth */
#define CORUN_FW_MIL_MIN_BOOT 2u
#define CORUN_FW_MIL_MAX_BOOT 32u
#define CORUN_FW_MIL_STEP_BOOT 2u

/*
 * CORUN_MCU_S_VC (and CORUN_FW_P_VC) value meaning "the VC the
 * configuration's [noc] vc_map gives the slot's packets" (the reset
 * value); 0 .. CORUN_MCU_NUM_VCS - 1 pins all of the slot's packets,
 * requests and replies, to that VC.
 */
#define CORUN_FW_VC_CONFIG 0xffffffffu

/*
 * CORUN_FW_P_IRC_MODE. Under CORUN_IRC_MODE_CCBP the firmware takes
 * each slot's rf (read requests / requests) and df (DRAM accesses /
 * requests) from its monitors (CORUN_FW_P_RF, CORUN_FW_P_DF) at every
 * epoch event and programs, for each window, per SM, the credits of the
 * slot's quotas:
 *	Eq. 1: C_n = noc_units/(1000 M) * NOC_BW/1000 * window
 *			/ (rf * SMs * REPLY)
 *	Eq. 3: C_d = dram_units/(1000 M) * DRAM_BW/1000 * window
 *			/ (df * SMs * DRAM_BYTES)
 * credits = floor(min(C_n, C_d)), at least 1, at most the window; a
 * bandwidth of 0 or a factor (rf, df) of 0 does not limit, and a slot
 * neither limits is CORUN_FW_IRC_CREDITS_UNLIMITED. rf and df (in
 * 1/1024, df at most 4096) are those of the last epoch in which the
 * slot made a request, 1 each before the first since the mode was
 * entered (every request a read and a DRAM access). Credits follow
 * every epoch and every parameter change: epochs, not timer ticks, so
 * that they change at the same GPU cycle whatever the host does (in
 * lockstep the GPU waits at an epoch until the firmware is done). The
 * slot's enum corun_irc_class gives the rest; IRC_SHARE and IRC_PRIO
 * then wait until the mode is left.
 */
/*
 * CORUN_FW_P_IRC_ENABLE. Under CORUN_FW_IRC_ENABLE_MIL (Dai et al.,
 * HPCA'18, memory-instruction limiting) the firmware, at every epoch
 * event (GPU cycles, as for the CCBP mode's credits), takes each slot's
 * L1 reservation failures and L1 accesses since the previous one
 * (struct corun_slot_counters) and sets its cap, the L1 (global or
 * local) memory instructions the slot may have in flight per SM:
 *	rate = floor(1024 * l1_resfails / l1_accesses)
 *	rate > MIL_HIGH: cap = max(MIL_MIN, floor(c / 2)), c the cap or,
 *	                 with none, MIL_MAX
 *	else rate < MIL_LOW, with a cap: cap + MIL_STEP, no cap beyond
 *	                 MIL_MAX
 * A slot with no L1 access in the span has no cap (a new kernel starts
 * free). Parameter changes act from the next epoch event; caps start
 * free when MIL is entered and are lifted when it is left.
 */
enum corun_irc_enable {
	CORUN_FW_IRC_ENABLE_OFF = 0,
	CORUN_FW_IRC_ENABLE_CREDITS = 1, /* the credits of IRC_MODE */
	CORUN_FW_IRC_ENABLE_MIL = 2, /* needs CORUN_FW_FEAT_MIL */
	CORUN_FW_IRC_ENABLE_NR
};

enum corun_irc_mode {
	CORUN_IRC_MODE_SHARES = 0, /* share * window / 1024, IRC_PRIO */
	CORUN_IRC_MODE_CCBP = 1,
	CORUN_IRC_MODE_NR
};

enum corun_irc_class {
	CORUN_IRC_CLASS_BI = 0, /* credits from the quotas, priority 0 */
	/* latency-sensitive: no credit limit, CORUN_FW_IRC_PRIO_LS first */
	CORUN_IRC_CLASS_LS = 1,
	CORUN_IRC_CLASS_FREE = 2, /* no credit limit, priority 0 */
	CORUN_IRC_CLASS_NR
};

/*
 * CORUN_FW_P_L1_MODE. Under CORUN_L1_MODE_UCP the firmware runs UCP
 * (Qureshi & Patt, MICRO'06) on the L1 data cache, with the L1 utility
 * monitors (CORUN_MCU_L1_UMON_*) on. Every L1_UCP_PERIOD epoch events
 * (epochs, not ticks: the GPU waits at an epoch in lockstep, so the masks
 * change at the same GPU cycle whatever the host does) it adds each
 * slot's new monitor hits to its utility counters. The slots whose
 * monitors saw a lookup since the last repartition take part: each gets
 * L1_UCP_MIN_WAYS ways (less if they do not fit: ways / slots; no
 * partition at all if that is 0), then UCP's lookahead gives the other
 * ways, each round to the slot with the largest marginal utility per way
 * (hits gained / ways, exactly; ties to the lower slot and the fewer
 * ways); ways no slot gains from are dealt one at a time in slot order.
 * Each takes part with a contiguous range of ways in slot order (the
 * lowest slot from way 0), written to CORUN_MCU_S_L1_WAYS and reported
 * in CORUN_FW_P_L1_UCP_WAYS; the others keep every way. Then the counters
 * decay (L1_UCP_DECAY). Entering the mode gives every slot every way
 * until the first repartition; the per-slot L1_WAYS wait until the mode
 * is left. Lines are not moved: a slot keeps hitting its lines in ways it
 * lost until they are replaced.
 */
enum corun_l1_mode {
	CORUN_L1_MODE_STATIC = 0, /* each slot's CORUN_FW_P_L1_WAYS */
	CORUN_L1_MODE_UCP = 1,
	CORUN_L1_MODE_NR
};

enum corun_llc_policy {
	CORUN_LLC_LRU = 0,
	CORUN_LLC_PROB_STATIC = 1, /* probability-based CPU protection */
	CORUN_LLC_PROB_DYNAMIC = 2,
	CORUN_LLC_WAYPART = 3, /* UCP-style way partitioning */
	CORUN_LLC_NR
};

enum corun_vcp_mode {
	CORUN_VCP_SHARED = 0, /* the configuration's [noc] vc_map */
	CORUN_VCP_STATIC = 1, /* each slot in its CORUN_FW_P_VC */
	CORUN_VCP_DYNAMIC = 2,
	CORUN_VCP_NR
};

enum corun_dram_policy {
	CORUN_DRAM_FRFCFS = 0, /* FR-FCFS, the configuration's CPU priority */
	CORUN_DRAM_SLOT_PRIO = 1, /* higher CORUN_FW_P_DRAM_PRIO first */
	/*
	 * BW-App (firmware only): each firmware tick, the slots' priorities
	 * rank their DRAM accesses over the last tick, the fewest highest;
	 * the hardware runs CORUN_DRAM_SLOT_PRIO
	 */
	CORUN_DRAM_BW_APP = 2,
	/*
	 * TCM (firmware only), Thread Cluster Memory scheduling: every
	 * DRAM_TCM_QUANTUM epochs the slots that ran are split into a
	 * latency cluster (the least DRAM accesses per 1000 warp
	 * instructions, while their accesses stay within DRAM_TCM_THRESH of
	 * all) served first, least intensive first, and a bandwidth cluster
	 * below it, ranked by niceness and shuffled every DRAM_TCM_SHUFFLE
	 * epochs; slots idle in the quantum get priority 0. The hardware
	 * runs CORUN_DRAM_SLOT_PRIO.
	 */
	CORUN_DRAM_TCM = 3,
	CORUN_DRAM_NR
};

/* ---------------------------------------------------------------------
 * The microcontroller's control-register window. The firmware reaches
 * the hardware only through these 32-bit registers at CORUN_MCU_CTL_BASE
 * of its address space; everything else in the window is reserved and
 * reads as zero. Per-slot registers repeat every CORUN_MCU_SLOT_STRIDE.
 */
#define CORUN_MCU_CTL_BASE 0x40000000u
#define CORUN_MCU_CTL_SIZE 0x10000u

#define CORUN_MCU_ID 0x0000 /* RO: CORUN_ID_MAGIC */
#define CORUN_MCU_NUM_SLOTS 0x0004 /* RO */
#define CORUN_MCU_NUM_SMS 0x0008 /* RO */
#define CORUN_MCU_CYCLE_LO 0x0010 /* RO: device cycle, HI latched */
#define CORUN_MCU_CYCLE_HI 0x0014
#define CORUN_MCU_TIMER_CMP 0x0018 /* cycles between tick events */
#define CORUN_MCU_EVENTS 0x001c /* RO: pending CORUN_MCU_EV_* */
#define CORUN_MCU_EVENT_ACK 0x0020 /* W1C */
#define CORUN_MCU_READY 0x0024 /* write fw_version: boot handshake */
#define CORUN_MCU_MBOX_DONE 0x0028 /* write the answered sequence */
#define CORUN_MCU_MBOX_SEQ 0x002c /* RO: pending request sequence */
/*
 * Issue-rate control: the window (in device cycles) over which the per-slot
 * CORUN_MCU_S_IRC_CREDITS are granted and refilled; the firmware computes
 * credits for the same window. CORUN_FW_IRC_WINDOW_MIN..MAX, reset value
 * the configuration's l1.irc_window.
 */
#define CORUN_MCU_IRC_WINDOW 0x0030
/*
 * The epoch the last CORUN_MCU_EV_EPOCH announced (RO), from 1; 0 before
 * the first. The same number as BAR0's CORUN_REG_EPOCH_SEQ.
 */
#define CORUN_MCU_EPOCH_SEQ 0x0034
/*
 * LLC victim selection: enum corun_llc_victim, and the probability (in
 * 1/1024, 0..CORUN_FW_LLC_PROB_ONE) with which CORUN_LLC_VICTIM_PROB
 * spares a line of a protected owner. The LLC draws in 1/1000, as the
 * paper does: it spares with round(1000 * p / 1024) / 1000. Reset: LRU, 0.
 */
#define CORUN_MCU_LLC_VICTIM 0x0038
#define CORUN_MCU_LLC_PROB 0x003c
/*
 * DRAM scheduling: CORUN_DRAM_FRFCFS or CORUN_DRAM_SLOT_PRIO (BW-App and
 * TCM are the firmware's, on top of SLOT_PRIO). Reset: CORUN_DRAM_FRFCFS, under
 * which every slot's requests have priority 0 whatever S_DRAM_PRIO says.
 */
#define CORUN_MCU_DRAM_POLICY 0x0040
#define CORUN_MCU_NUM_VCS 0x0044 /* RO: NoC virtual channels */
#define CORUN_MCU_L1_WAYS 0x0048 /* RO: L1 ways */
#define CORUN_MCU_LLC_WAYS 0x004c /* RO: LLC ways */
/*
 * Liveness: any value the firmware writes here reads back and is mirrored
 * to BAR0's CORUN_REG_FW_HEARTBEAT (0 after a load). corun-fw.bin writes
 * a count of the passes of its event loop, and promises to write it again
 * within CORUN_FW_BEAT_INSNS instructions while it is awake: a firmware
 * whose BAR0 FW_INSNS grew by that much since its last beat is hung. The
 * bound is in instructions, not time: asleep in WFE, or while the host
 * does not run the device, the firmware retires none and owes no beat.
 */
#define CORUN_MCU_HEARTBEAT 0x0050
#define CORUN_FW_BEAT_INSNS BIT(22)
/*
 * L1 utility monitors (UMON of UCP, Qureshi & Patt, MICRO'06), for the
 * firmware's CORUN_L1_MODE_UCP. Per SM and slot, shadow tags of one L1 set
 * in UMON_SAMPLE (sets 0, N, 2N, ...; 1..CORUN_FW_L1_UMON_SAMPLE_MAX, reset
 * CORUN_FW_L1_UMON_SAMPLE_BOOT; a new ratio empties the shadow tags) with
 * the L1's ways and true LRU: what the slot would hold alone. Each
 * L1 load of the slot (not stores or atomics, which do not allocate, nor
 * read-only-cache or bypassing loads) to a sampled set updates them and,
 * on a hit, counts one at the line's LRU stack position: it would have
 * hit with position + 1 ways or more. They only watch: no timing changes.
 * UMON_CTRL: 1 on, 0 off (the reset value; nothing counts); turning them
 * on empties the shadow tags. UMON_SEL: CORUN_MCU_L1_UMON_SEL_VAL(slot,
 * index) selects a counter, index 0..CORUN_MCU_L1_WAYS - 1 the hits at
 * that stack position (0: most recent), CORUN_MCU_L1_UMON_ACCESSES the
 * lookups of sampled sets; it reads back. UMON_LO reads the selected
 * counter, summed over SMs since the device's reset, and latches its high
 * half for UMON_HI; a bad slot or index reads 0. The hit counters are
 * UCP's utility counters: writing n to UMON_DECAY shifts every one right
 * by n (64 or more: clears them; UCP halves them, n = 1, after each
 * repartition); it reads 0. The lookup counters are never decayed.
 */
#define CORUN_MCU_L1_UMON_CTRL 0x0054
#define CORUN_MCU_L1_UMON_SAMPLE 0x0058
#define CORUN_MCU_L1_UMON_SEL 0x005c
#define CORUN_MCU_L1_UMON_LO 0x0060 /* RO */
#define CORUN_MCU_L1_UMON_HI 0x0064 /* RO */
#define CORUN_MCU_L1_UMON_DECAY 0x0068 /* WO */
#define CORUN_MCU_L1_UMON_ACCESSES 0xffu
#define CORUN_MCU_L1_UMON_SEL_VAL(slot, index) \
	((0xffu & (slot)) << 8 | (0xffu & (index)))
#define CORUN_MCU_MBOX_IN 0x0100 /* RO: 16 request words */
#define CORUN_MCU_MBOX_OUT 0x0140 /* 16 reply words */

#define CORUN_MCU_EV_TICK BIT(0)
#define CORUN_MCU_EV_MBOX BIT(1)
#define CORUN_MCU_EV_EPOCH BIT(2)

/*
 * Per-slot policy registers written by firmware. Reset values: credits
 * CORUN_FW_IRC_CREDITS_UNLIMITED, priority 0, all L1 ways, VC
 * CORUN_FW_VC_CONFIG, no bypass CTAs, DRAM priority 0, all LLC ways,
 * CTR_SEL 0, no MIL cap. Way bits beyond the configured ways are ignored; a mask with
 * no valid way, a priority above CORUN_FW_IRC_PRIO_MAX (IRC) or
 * CORUN_FW_DRAM_PRIO_MAX (DRAM), a VC neither below CORUN_MCU_NUM_VCS nor
 * CORUN_FW_VC_CONFIG, or more bypass CTAs than
 * CORUN_FW_L1_BYPASS_CTAS_ALL is refused (a refused write changes
 * nothing and is reported as a guest error, as is a write to a read-only
 * or reserved register). A CTA bypasses the L1 with all
 * its global accesses, for its whole life, if fewer than
 * CORUN_MCU_S_L1_BYPASS_CTAS of the slot's CTAs on its SM bypass when it
 * is dispatched (the cache partitioning paper's TB-level bypass;
 * CORUN_FW_L1_BYPASS_CTAS_ALL is its "0 ways"). The read-only counters
 * are the low 32 bits.
 */
#define CORUN_MCU_SLOT_BASE 0x1000
#define CORUN_MCU_SLOT_STRIDE 0x40
#define CORUN_MCU_SLOT(slot, reg) \
	(CORUN_MCU_SLOT_BASE + CORUN_MCU_SLOT_STRIDE * (slot) + (reg))
#define CORUN_MCU_S_IRC_CREDITS 0x00 /* miss-queue issues per window */
#define CORUN_MCU_S_IRC_PRIO 0x04
#define CORUN_MCU_S_L1_WAYS 0x08 /* L1 way mask */
#define CORUN_MCU_S_VC 0x0c /* virtual channel of the slot */
#define CORUN_MCU_S_REQUESTS 0x10 /* RO: requests leaving L1, low 32 */
#define CORUN_MCU_S_READS 0x14 /* RO: read requests, low 32 bits */
#define CORUN_MCU_S_DRAM 0x18 /* RO: DRAM accesses caused, low 32 */
#define CORUN_MCU_S_INSNS 0x1c /* RO: warp instructions, low 32 */
#define CORUN_MCU_S_L1_BYPASS_CTAS 0x20 /* bypass CTAs per SM */
#define CORUN_MCU_S_DRAM_PRIO 0x24 /* 0..15, under CORUN_DRAM_SLOT_PRIO */
/*
 * LLC way mask of the slot's fills (bits beyond the LLC's ways ignored,
 * some way must remain; lookups see every way); it acts only under
 * CORUN_LLC_VICTIM_WAYPART. The mask covers ways 0..31: on an LLC of more
 * ways, 0xffffffff means every way. Reset: 0xffffffff.
 */
#define CORUN_MCU_S_LLC_WAYS 0x28
/*
 * 64-bit counters: write the index of a u64 of struct corun_slot_counters
 * (hw.h) to CTR_SEL (any value; it reads back), then read CTR_LO, which
 * reads the live counter and latches its high half for CTR_HI. An index
 * beyond the struct reads 0.
 */
#define CORUN_MCU_S_CTR_SEL 0x2c
#define CORUN_MCU_S_CTR_LO 0x30 /* RO */
#define CORUN_MCU_S_CTR_HI 0x34 /* RO */
/*
 * Memory-instruction limit (MIL): the most memory instructions of the
 * slot that access the L1 (global or local memory; shared memory is not
 * limited) that may be in flight on each SM, from issue until every L1
 * request they made completed (a read's data back, a write accepted by
 * the L2). A warp whose next such instruction finds the slot at its cap
 * waits, counted as CORUN_STALL_MIL. CORUN_FW_MIL_CAP_NONE (reset): no
 * cap; 1..CORUN_FW_MIL_CAP_MAX; anything else is refused. A lowered cap
 * below the instructions in flight holds new ones until they drain.
 */
#define CORUN_MCU_S_MIL_CAP 0x38

/* Victim selection in the LLC (CORUN_MCU_LLC_VICTIM). */
enum corun_llc_victim {
	CORUN_LLC_VICTIM_LRU = 0,
	/*
	 * The CPU-GPU interference paper's Algorithm 1: the protected owner
	 * is the CPU class. When a GPU fill's LRU victim is a CPU line, the
	 * set's LRU GPU line (if any) is replaced instead with probability
	 * CORUN_MCU_LLC_PROB; CPU fills are plain LRU.
	 */
	CORUN_LLC_VICTIM_PROB = 1,
	CORUN_LLC_VICTIM_WAYPART = 2, /* fills only into the owner's ways */
	CORUN_LLC_VICTIM_NR
};

/*
 * The microcontroller's own instruction: WFE (custom-0, funct3 4) sleeps
 * until a CORUN_MCU_EV_* event is pending, so an idle firmware costs no
 * host time.
 */
#define CORUN_F3_WFE 4
#define CORUN_INSN_WFE 0x0000400bu

#endif /* _CORUN_FWIF_H_ */
