/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun functional SIMT executor: RV32IMAFD plus the corun custom
 * instructions (include/corun/kernel.h), executed one warp instruction at a
 * time for the lanes of a warp that sit at the warp's minimum PC.
 *
 * The executor owns the architectural state of a warp (struct rv_warp) and
 * nothing else: instruction fetch, data address translation, the custom
 * CSRs, counters and ECALL are reached through callbacks (struct rv_env), so
 * the timing model, the tests and the QEMU device can all drive it. Pure C,
 * no QEMU or kernel types; not thread safe per warp (one simulation thread).
 *
 * Typical use by the SM layer, once per issue slot of a warp:
 *
 *	u = rv_warp_peek(w, env, &fault);   // what would issue (scoreboard)
 *	if (u && can_issue(u))
 *		cause = rv_warp_exec(w, env, &st); // do it, get lanes/addresses
 */
#ifndef _CORUN_EMU_ISA_H_
#define _CORUN_EMU_ISA_H_

#include <stdbool.h>
#include <stdint.h>

#include <corun/hw.h>

/* Maximum warp width; the width of a warp is 1..RV_MAX_LANES. */
#define RV_MAX_LANES 32

/* Scoreboard register ids in struct rv_uop: x0..x31, then f0..f31. */
#define RV_REG_X(n) ((uint8_t)(n))
#define RV_REG_F(n) ((uint8_t)(32 + (n)))
#define RV_REG_NONE 0xff

/* Rounding modes (frm values, and the rm field of FP instructions). */
enum rv_rm {
	RV_RM_RNE = 0, /* nearest, ties to even */
	RV_RM_RTZ = 1, /* towards zero */
	RV_RM_RDN = 2, /* down (towards -inf) */
	RV_RM_RUP = 3, /* up (towards +inf) */
	RV_RM_RMM = 4, /* nearest, ties away from zero */
	RV_RM_DYN = 7, /* instruction field only: use frm */
};

/* fflags bits. */
#define RV_FFLAG_NX 0x01 /* inexact */
#define RV_FFLAG_UF 0x02 /* underflow */
#define RV_FFLAG_OF 0x04 /* overflow */
#define RV_FFLAG_DZ 0x08 /* divide by zero */
#define RV_FFLAG_NV 0x10 /* invalid */

/* Standard CSRs the executor implements itself. */
#define RV_CSR_FFLAGS 0x001
#define RV_CSR_FRM 0x002
#define RV_CSR_FCSR 0x003
#define RV_CSR_CYCLE 0xc00
#define RV_CSR_TIME 0xc01
#define RV_CSR_INSTRET 0xc02
#define RV_CSR_CYCLEH 0xc80
#define RV_CSR_TIMEH 0xc81
#define RV_CSR_INSTRETH 0xc82

/**
 * enum rv_class - functional-unit class of an instruction, for timing
 * @RV_CLS_ALU: integer ALU, LUI/AUIPC
 * @RV_CLS_MUL: MUL, MULH, MULHSU, MULHU
 * @RV_CLS_DIV: DIV, DIVU, REM, REMU
 * @RV_CLS_FPU: FP add/sub/mul/fused multiply-add, compare, min/max, sign
 *	injection, conversions, moves, FCLASS
 * @RV_CLS_FDIV: FDIV.S, FSQRT.S
 * @RV_CLS_DFPU: the binary64 (D) counterparts of @RV_CLS_FPU, and the
 *	conversions between binary32 and binary64
 * @RV_CLS_DFDIV: FDIV.D, FSQRT.D
 * @RV_CLS_BRANCH: conditional branches, JAL, JALR
 * @RV_CLS_LOAD: LB/LH/LW/LBU/LHU, FLW, FLD, corun LDV4
 * @RV_CLS_STORE: SB/SH/SW, FSW, FSD, corun STV4
 * @RV_CLS_AMO: AMO*.W, LR.W, SC.W
 * @RV_CLS_CSR: CSR instructions
 * @RV_CLS_BAR: corun BAR
 * @RV_CLS_EXIT: corun EXIT
 * @RV_CLS_FENCE: FENCE, FENCE.I (functional no-ops)
 * @RV_CLS_NOP: integer computations whose destination is x0 (including the
 *	canonical NOP) and BYPASS; no architectural effect on registers
 * @RV_CLS_TRAP: corun TRAP, ECALL, EBREAK
 * @RV_CLS_ILLEGAL: illegal encoding; executing it faults
 * @RV_CLS_NR: number of classes
 */
enum rv_class {
	RV_CLS_ALU,
	RV_CLS_MUL,
	RV_CLS_DIV,
	RV_CLS_FPU,
	RV_CLS_FDIV,
	RV_CLS_DFPU,
	RV_CLS_DFDIV,
	RV_CLS_BRANCH,
	RV_CLS_LOAD,
	RV_CLS_STORE,
	RV_CLS_AMO,
	RV_CLS_CSR,
	RV_CLS_BAR,
	RV_CLS_EXIT,
	RV_CLS_FENCE,
	RV_CLS_NOP,
	RV_CLS_TRAP,
	RV_CLS_ILLEGAL,
	RV_CLS_NR
};

/*
 * enum rv_op - decoded operation, one per instruction, named after its
 * mnemonic (see rv_op_name()); RV_OP_NOP stands for side-effect-free
 * integer instructions writing x0, RV_OP_ILLEGAL for illegal encodings.
 */
enum rv_op {
	RV_OP_ILLEGAL = 0,
	RV_OP_NOP,
	/* RV32I */
	RV_OP_LUI, RV_OP_AUIPC, RV_OP_JAL, RV_OP_JALR,
	RV_OP_BEQ, RV_OP_BNE, RV_OP_BLT, RV_OP_BGE, RV_OP_BLTU, RV_OP_BGEU,
	RV_OP_LB, RV_OP_LH, RV_OP_LW, RV_OP_LBU, RV_OP_LHU,
	RV_OP_SB, RV_OP_SH, RV_OP_SW,
	RV_OP_ADDI, RV_OP_SLTI, RV_OP_SLTIU, RV_OP_XORI, RV_OP_ORI, RV_OP_ANDI,
	RV_OP_SLLI, RV_OP_SRLI, RV_OP_SRAI,
	RV_OP_ADD, RV_OP_SUB, RV_OP_SLL, RV_OP_SLT, RV_OP_SLTU, RV_OP_XOR,
	RV_OP_SRL, RV_OP_SRA, RV_OP_OR, RV_OP_AND,
	RV_OP_FENCE, RV_OP_FENCE_I, RV_OP_ECALL, RV_OP_EBREAK,
	RV_OP_CSRRW, RV_OP_CSRRS, RV_OP_CSRRC,
	RV_OP_CSRRWI, RV_OP_CSRRSI, RV_OP_CSRRCI,
	/* M */
	RV_OP_MUL, RV_OP_MULH, RV_OP_MULHSU, RV_OP_MULHU,
	RV_OP_DIV, RV_OP_DIVU, RV_OP_REM, RV_OP_REMU,
	/* A */
	RV_OP_LR_W, RV_OP_SC_W, RV_OP_AMOSWAP_W, RV_OP_AMOADD_W,
	RV_OP_AMOXOR_W, RV_OP_AMOAND_W, RV_OP_AMOOR_W, RV_OP_AMOMIN_W,
	RV_OP_AMOMAX_W, RV_OP_AMOMINU_W, RV_OP_AMOMAXU_W,
	/* F */
	RV_OP_FLW, RV_OP_FSW,
	RV_OP_FMADD_S, RV_OP_FMSUB_S, RV_OP_FNMSUB_S, RV_OP_FNMADD_S,
	RV_OP_FADD_S, RV_OP_FSUB_S, RV_OP_FMUL_S, RV_OP_FDIV_S, RV_OP_FSQRT_S,
	RV_OP_FSGNJ_S, RV_OP_FSGNJN_S, RV_OP_FSGNJX_S,
	RV_OP_FMIN_S, RV_OP_FMAX_S,
	RV_OP_FCVT_W_S, RV_OP_FCVT_WU_S, RV_OP_FMV_X_W,
	RV_OP_FEQ_S, RV_OP_FLT_S, RV_OP_FLE_S, RV_OP_FCLASS_S,
	RV_OP_FCVT_S_W, RV_OP_FCVT_S_WU, RV_OP_FMV_W_X,
	/*
	 * D, after all of F: rv_warp_exec() sends the FP operations from
	 * RV_OP_FMADD_D on to the binary64 path. The four fused ops keep
	 * their S order (exec_fpd() indexes by op - RV_OP_FMADD_D), and so
	 * do FSGNJ, FSGNJN, FSGNJX (the decoder adds funct3).
	 */
	RV_OP_FLD, RV_OP_FSD,
	RV_OP_FMADD_D, RV_OP_FMSUB_D, RV_OP_FNMSUB_D, RV_OP_FNMADD_D,
	RV_OP_FADD_D, RV_OP_FSUB_D, RV_OP_FMUL_D, RV_OP_FDIV_D, RV_OP_FSQRT_D,
	RV_OP_FSGNJ_D, RV_OP_FSGNJN_D, RV_OP_FSGNJX_D,
	RV_OP_FMIN_D, RV_OP_FMAX_D,
	RV_OP_FCVT_W_D, RV_OP_FCVT_WU_D,
	RV_OP_FEQ_D, RV_OP_FLT_D, RV_OP_FLE_D, RV_OP_FCLASS_D,
	RV_OP_FCVT_D_W, RV_OP_FCVT_D_WU,
	RV_OP_FCVT_S_D, RV_OP_FCVT_D_S,
	/* corun custom-0 */
	RV_OP_BAR, RV_OP_EXIT, RV_OP_TRAP, RV_OP_BYPASS,
	/* corun custom-1: 16-byte vector accesses */
	RV_OP_LDV4, RV_OP_STV4,
	RV_OP_NR
};

/* struct rv_uop.flags */
#define RV_UF_FFLAGS 0x01 /* may set fflags (implicit fcsr write) */
#define RV_UF_DYN_RM 0x02 /* rm is DYN: reads frm, may fault on bad frm */
#define RV_UF_CSR_WR 0x04 /* CSR instruction writes its CSR */
#define RV_UF_FCSR 0x08 /* CSR instruction accesses fflags/frm/fcsr */

/**
 * struct rv_uop - one decoded instruction
 * @insn: the raw instruction word
 * @imm: sign-extended immediate (I/S/B/U/J forms); the CSR number for CSR
 *	instructions (the 5-bit uimm of CSRR*I is in @rs1)
 * @op: enum rv_op
 * @cls: enum rv_class
 * @rd: raw rd field
 * @rs1: raw rs1 field (uimm for CSRR*I)
 * @rs2: raw rs2 field
 * @rs3: raw rs3 field (fused multiply-add)
 * @dst: written register as a scoreboard id (RV_REG_X/RV_REG_F), or
 *	RV_REG_NONE; never x0
 * @src: read registers as scoreboard ids, the first @nsrc valid, never x0
 * @nsrc: number of valid entries in @src
 * @size: memory access size in bytes (1, 2, 4, 8, 16), 0 if no memory
 *	access
 * @vregs: registers of a vector operand (LDV4's @dst, STV4's last @src):
 *	4 when it is the first of four consecutive registers, else 0
 * @rm: rounding-mode field (enum rv_rm) for FP ops that have one
 * @flags: RV_UF_* bits
 *
 * fflags/frm are not part of @dst/@src; an FP op that updates fflags has
 * RV_UF_FFLAGS and a CSR op touching them has RV_UF_FCSR, so a scoreboard
 * may serialise on those if it wants to.
 */
struct rv_uop {
	uint32_t insn;
	int32_t imm;
	uint8_t op;
	uint8_t cls;
	uint8_t rd;
	uint8_t rs1;
	uint8_t rs2;
	uint8_t rs3;
	uint8_t dst;
	uint8_t src[3];
	uint8_t nsrc;
	uint8_t size;
	uint8_t rm;
	uint8_t flags;
	uint8_t vregs;
};

/**
 * rv_decode() - decode one instruction word
 * @insn: the instruction
 * @u: filled in; on an illegal encoding op = RV_OP_ILLEGAL,
 *	cls = RV_CLS_ILLEGAL, no registers
 *
 * Illegal: unknown opcodes/functs, compressed encodings, reserved funct7
 * and register fields, static rm 5/6, FP instructions with fmt H or Q, CSR
 * numbers the device lacks, writes to read-only CSRs, custom-0 with
 * unknown funct3 or non-zero unused fields, and custom-1 with unknown
 * funct3 or a vector register group outside x1..x31. A DYN rounding mode with frm
 * 5..7 is only detected when executed.
 *
 * Return: 0, or -1 if illegal.
 */
int rv_decode(uint32_t insn, struct rv_uop *u);

/* Direct-mapped decode cache size (entries; power of two). */
#define RV_DCACHE_BITS 12
#define RV_DCACHE_SIZE (1u << RV_DCACHE_BITS)

/**
 * struct rv_dcache - decoded-instruction cache, indexed by PC
 * @tag: PC of each entry; an odd value marks an empty entry
 * @uop: the decoded instruction
 *
 * @written: registers an instruction decoded into the cache since its
 *	allocation may write (bit r: x_r, bit 32 + r: f_r; both for every
 *	decoded rd). A superset that only grows: rv_dcache_reset() keeps it,
 *	so it covers every warp that ever used the cache (rv_warp_reinit()).
 *	Zero it when allocating the cache.
 *
 * Owned by the caller, typically one per job (per address space) and shared
 * by all of its warps. A hit skips the fetch callback entirely, so code must
 * not be modified, nor its mapping changed, while a job using the cache
 * runs; call rv_dcache_reset() before reusing the cache for other code.
 */
struct rv_dcache {
	uint32_t tag[RV_DCACHE_SIZE];
	struct rv_uop uop[RV_DCACHE_SIZE];
	uint64_t written;
};

/**
 * rv_dcache_reset() - empty a decode cache
 * @dc: the cache
 */
void rv_dcache_reset(struct rv_dcache *dc);

/* Per-lane data translation cache (see struct rv_env.mem_cacheable). */
#define RV_UTLB_READ 0
#define RV_UTLB_WRITE 1

/**
 * struct rv_warp - architectural state of one warp, structure of arrays
 * @x: integer registers, x[reg][lane]; x[0][*] is always 0
 * @f: FP registers, low 32 bits (a binary32, or the low half of a
 *	binary64), f[reg][lane]
 * @fh: FP registers, high 32 bits, fh[reg][lane]; only meaningful for the
 *	registers whose bit in @fboxed is clear
 * @fboxed: bit r set: every lane of f_r holds a NaN-boxed binary32 (its
 *	high half is all ones, whatever @fh says). Single-precision writes
 *	of a whole warp set it, binary64 writes clear it; the reset state
 *	is all set, so that code without D never touches @fh.
 * @pc: per-lane program counter
 * @resv_addr: LR.W reservation address per lane
 * @resv_val: value loaded by the LR.W, per lane
 * @fflags: accrued exception flags per lane (RV_FFLAG_*)
 * @frm: dynamic rounding mode per lane (0..7; 5..7 make DYN ops illegal)
 * @width: lanes in this warp (1..RV_MAX_LANES)
 * @active: live lanes; EXIT clears bits, the caller may clear bits too
 * @blocked: lanes waiting at a barrier; set/cleared by the SM layer, such
 *	lanes are not selected to issue
 * @resv_valid: lanes holding a valid LR.W reservation
 * @bypass: lanes with a BYPASS hint pending for their next global-window
 *	access
 * @cache: of those, the lanes whose hint is "cache" (use the L1 even in
 *	a bypass CTA)
 * @ro: of those, the lanes whose hint is "read-only" (load through the
 *	read-only data cache); the others bypass the L1
 * @retired: warp instructions executed (used for counters without an
 *	env->counter callback)
 * @dc: decode cache to use, or NULL to decode on every issue
 * @priv: for the caller (e.g. its warp/CTA object); untouched here
 * @sel_pc: private: cached issue PC (see rv_warp_peek())
 * @sel_mask: private: cached issuing lanes
 * @sel_elig: private: active & ~blocked when @sel_mask was computed
 * @sel_next: private: lowest PC of the eligible lanes not in @sel_mask
 *	(UINT32_MAX if none), lets straight-line code skip reselection
 * @sel_uop: private: the peeked instruction, NULL if not peeked
 * @sel_fault: private: fetch fault of the peek, 0 if none
 * @scratch: private: copy of the peeked uop (stable even if another warp
 *	evicts the shared decode-cache entry)
 * @utlb_tag: private: per-lane page tags of the micro-TLB (1 = empty)
 * @utlb_host: private: host address of the cached page
 *
 * The caller may write registers, @pc, @frm and @active between steps
 * (e.g. to launch threads); after changing @pc or @active by hand call
 * rv_warp_resched(). Lanes at or above @width are never selected.
 */
struct rv_warp {
	/*
	 * Scalars first: every peek and issue reads them, so they share a
	 * few cache lines (and those of the caller's fields placed just
	 * before the warp) instead of sitting behind 8 KB of registers.
	 */
	uint16_t width;
	int16_t sel_fault;
	uint32_t active;
	uint32_t blocked;
	uint32_t resv_valid;
	uint32_t bypass;
	uint32_t sel_pc;
	uint32_t sel_mask;
	uint32_t sel_elig;
	uint32_t sel_next;
	uint32_t fboxed;
	/* 8-byte members after the 4-byte ones: no padding, 96 bytes. */
	struct rv_dcache *dc;
	void *priv;
	const struct rv_uop *sel_uop;
	uint64_t retired;
	struct rv_uop scratch;

	uint32_t x[32][RV_MAX_LANES];
	uint32_t f[32][RV_MAX_LANES];
	uint32_t fh[32][RV_MAX_LANES];
	uint32_t pc[RV_MAX_LANES];
	uint32_t resv_addr[RV_MAX_LANES];
	uint32_t resv_val[RV_MAX_LANES];
	uint8_t fflags[RV_MAX_LANES];
	uint8_t frm[RV_MAX_LANES];
	uint32_t utlb_tag[2][RV_MAX_LANES];
	uint8_t *utlb_host[2][RV_MAX_LANES];
	uint32_t cache; /* cold: read only while a hint is pending */
	uint32_t ro;
};

/**
 * struct rv_env - the world a warp executes in
 * @ctx: passed to every callback
 * @fetch: read the instruction word at @pc (4-byte aligned, checked by the
 *	executor) for the issuing lanes; return 0 or a corun_fault_cause
 *	(e.g. CORUN_FAULT_PERM_EXEC). Not called on a decode-cache hit.
 * @mem: translate the data access of one lane: @va is naturally aligned
 *	for @size (the executor checks alignment and faults with
 *	CORUN_FAULT_MISALIGNED itself), @acc is CORUN_ACCESS_READ (loads,
 *	LR.W), _WRITE (stores) or _AMO (SC.W, AMOs: read and write). The
 *	access must be allowed for a successful return. Return 0 and in *@host the
 *	host address of the @size bytes (little endian, 4-byte aligned
 *	addresses give 4-byte aligned host pointers), or a corun_fault_cause.
 *	Called lane by lane in lane order, for all lanes before any lane's
 *	access is performed, so a fault changes no memory or register.
 * @csr: read a custom CSR (CORUN_CSR_FIRST..CORUN_CSR_LAST) for @lane into
 *	*@val; return 0 or CORUN_FAULT_ILLEGAL_INSN. NULL: those CSRs are
 *	illegal.
 * @csr_lanes: optional: @csr for every lane of @m at once, into @val
 *	(indexed by lane; other lanes may be written); return 0 or the
 *	fault, which must be what @csr gives every lane. NULL: @csr lane by
 *	lane.
 * @counter: value of cycle (@which 0), time (1) or instret (2) for @lane;
 *	NULL: all three read w->retired. Must be deterministic.
 * @ecall: handle ECALL for @lane (in lane order); return 0 to continue
 *	after the ECALL (the handler may clear the lane from w->active to end
 *	the thread) or a fault cause. NULL: ECALL faults with
 *	CORUN_FAULT_ECALL (device mode). EBREAK always faults so.
 * @mem_cacheable: @mem results may be cached per lane and per page: the
 *	host pointer returned for (lane, va, READ) stays valid, and the access
 *	allowed, for every address of the same 4 KiB page and the same lane,
 *	and likewise for WRITE, until
 *	rv_warp_flush_tlb() or rv_warp_init(). AMOs are never cached.
 * @page_lo: with @page_hi, a page-aligned VA window [@page_lo, @page_hi)
 *	in which @mem gives every lane the same result for the same page
 *	and access (host address relative to the page): within one
 *	instruction, the lanes after the first on a page reuse it. Empty
 *	(both 0): @mem is called for every lane.
 * @mem_range: optional. All issuing lanes of one data access are aligned
 *	and lie in [@lo, @hi] (@hi: the highest lane's address): if @mem
 *	would give every lane of that range a success with the host address
 *	at the same offset from @lo's, return 0 and in *@host @lo's host
 *	address. Return nonzero otherwise (faults included): the executor
 *	then calls @mem lane by lane. NULL: @mem lane by lane.
 */
struct rv_env {
	void *ctx;
	int (*fetch)(void *ctx, struct rv_warp *w, uint32_t pc,
		     uint32_t *insn);
	int (*mem)(void *ctx, struct rv_warp *w, unsigned int lane, uint32_t va,
		   unsigned int size, enum corun_fault_access acc,
		   uint8_t **host);
	int (*csr)(void *ctx, struct rv_warp *w, unsigned int lane,
		   unsigned int csr, uint32_t *val);
	int (*csr_lanes)(void *ctx, struct rv_warp *w, uint32_t m,
			 unsigned int csr, uint32_t *val);
	uint64_t (*counter)(void *ctx, struct rv_warp *w, unsigned int lane,
			    unsigned int which);
	int (*ecall)(void *ctx, struct rv_warp *w, unsigned int lane);
	int (*mem_range)(void *ctx, struct rv_warp *w, uint32_t lo, uint32_t hi,
			 unsigned int size, enum corun_fault_access acc,
			 uint8_t **host);
	bool mem_cacheable;
	uint32_t page_lo, page_hi;
};

/**
 * struct rv_fault - what went wrong in a step (all zero if nothing)
 * @cause: enum corun_fault_cause
 * @access: enum corun_fault_access for memory faults, else 0
 * @lane: lowest faulting lane
 * @pc: PC of the faulting instruction
 * @addr: faulting data address, jump target (PC_MISALIGNED), fetch PC
 *	(fetch faults), rs1 value (USER_TRAP) or instruction word
 *	(ILLEGAL_INSN)
 */
struct rv_fault {
	uint32_t cause;
	uint32_t access;
	uint32_t lane;
	uint32_t pc;
	uint32_t addr;
};

/**
 * struct rv_step - what one rv_warp_exec() did, for the timing model
 * @uop: the executed instruction (NULL if nothing could issue or the fetch
 *	faulted)
 * @pc: its PC
 * @mask: lanes that executed it (0 on a fault: no lane's state changed)
 * @taken: branches and jumps: lanes that jumped
 * @diverged: after a branch/jump, the executing lanes are at more than
 *	one PC
 * @arrived: BAR: lanes that arrived (their PCs are past the BAR; the SM
 *	layer blocks them until release)
 * @exited: lanes that ended (EXIT, or an ECALL handler)
 * @bypass: memory ops: lanes whose access carries the L1-bypass hint
 * @cache: memory ops: lanes whose access carries the L1-cache hint
 * @ro: memory ops: lanes whose access carries the read-only-cache hint
 * @size: memory ops: access size in bytes per lane (16 for LDV4 and
 *	STV4), else 0
 * @access: memory ops: CORUN_ACCESS_READ, _WRITE, or _AMO (AMOs, LR.W
 *	and SC.W)
 * @addr: memory ops: VA of each executing lane's access, by lane
 * @fault: fault record when exec returned non-zero
 */
struct rv_step {
	const struct rv_uop *uop;
	uint32_t pc;
	uint32_t mask;
	uint32_t taken;
	bool diverged;
	uint32_t arrived;
	uint32_t exited;
	uint32_t bypass;
	uint32_t cache;
	uint32_t ro;
	uint8_t size;
	uint8_t access;
	uint32_t addr[RV_MAX_LANES];
	struct rv_fault fault;
};

/**
 * rv_warp_init() - reset a warp
 * @w: the warp
 * @width: lanes (1..RV_MAX_LANES)
 * @active: live lanes (bits at or above @width are dropped)
 * @pc: start PC of every lane
 *
 * Zeroes all registers, fflags, frm, reservations, bypass hints and the
 * micro-TLB; @w->dc and @w->priv are set to NULL.
 */
void rv_warp_init(struct rv_warp *w, unsigned int width, uint32_t active,
		  uint32_t pc);

/**
 * rv_warp_reinit() - reset a warp whose other registers are zero
 * @w: the warp
 * @width: lanes (1..RV_MAX_LANES)
 * @active: live lanes (bits at or above @width are dropped)
 * @pc: start PC of every lane
 * @rows: registers that may be non-zero (bit r: x_r, bit 32 + r: f_r),
 *	e.g. the @written of the decode cache of the warp's last user
 *
 * rv_warp_init() for reuse: zeroes only the register rows in @rows,
 * and everything else rv_warp_init() does, since zeroing all 8 KB of
 * registers at every launch costs more than the short CTAs it starts.
 */
void rv_warp_reinit(struct rv_warp *w, unsigned int width, uint32_t active,
		    uint32_t pc, uint64_t rows);

/**
 * rv_warp_resched() - forget the cached issue selection
 * @w: the warp
 *
 * Needed only after the caller changed pc[] or active by hand; changes to
 * blocked are noticed automatically.
 */
void rv_warp_resched(struct rv_warp *w);

/**
 * rv_warp_flush_tlb() - drop the per-lane translation cache
 * @w: the warp
 *
 * Call when a translation that @mem returned may have changed (mappings,
 * permissions, shared/local windows reassigned).
 */
void rv_warp_flush_tlb(struct rv_warp *w);

/**
 * rv_warp_peek() - the instruction the warp would issue next
 * @w: the warp
 * @env: environment (fetch is used on a decode-cache miss)
 * @fault: set to 0, or to the fetch fault cause (then NULL is returned and
 *	rv_warp_exec() reports the fault record)
 *
 * Selects the issuing lanes, those in active & ~blocked whose PC is the
 * minimum, and fetches/decodes their instruction. Changes no architectural
 * state; repeated peeks are cheap. An illegal instruction is returned as a
 * uop of class RV_CLS_ILLEGAL (rv_warp_exec() faults on it).
 *
 * Return: the decoded instruction, or NULL if no lane can issue or the
 * fetch faulted. Points into @w and stays valid until the warp's next
 * peek after an exec.
 */
const struct rv_uop *rv_warp_peek(struct rv_warp *w, const struct rv_env *env,
				  int *fault);

/**
 * rv_warp_issue_mask() - lanes selected by the last rv_warp_peek()
 * @w: the warp
 *
 * Return: the lanes that would execute the peeked instruction.
 */
static inline uint32_t rv_warp_issue_mask(const struct rv_warp *w)
{
	return w->sel_uop ? w->sel_mask : 0;
}

/**
 * rv_warp_issue_pc() - PC of the lanes selected by the last rv_warp_peek()
 * @w: the warp
 *
 * Return: the PC the peeked instruction (or fetch fault) is at.
 */
static inline uint32_t rv_warp_issue_pc(const struct rv_warp *w)
{
	return w->sel_pc;
}

/**
 * rv_warp_exec() - execute the peeked instruction for its lanes
 * @w: the warp
 * @env: environment
 * @st: filled with what happened
 *
 * Peeks first if that was not done, or if active/blocked changed since
 * the peek (the lane selection is redone then). On a fault nothing
 * architectural changes (no register, memory, PC or flag of any lane),
 * and @st->fault
 * names the lowest faulting lane; the warp can be inspected as is.
 * AMOs, LR/SC and ECALL handlers run lane by lane in lane order, which
 * orders conflicting atomics within a warp deterministically. SC.W
 * succeeds if the lane holds a reservation for the same address and the
 * word still has the value its LR.W read (value-based, as QEMU does): a
 * successful SC or store of another value by any lane or warp in between
 * makes it fail; writing back the same value does not (ABA), which keeps
 * CAS-style LR/SC loops atomic without global reservation tracking. SC
 * always drops the lane's reservation.
 *
 * Exception: with an env->ecall handler, the lanes before the one whose
 * handler failed have completed their ECALL.
 *
 * Return: 0, or the fault cause (enum corun_fault_cause). Returns 0 with
 * @st->mask == 0 if no lane could issue.
 */
int rv_warp_exec(struct rv_warp *w, const struct rv_env *env,
		 struct rv_step *st);

/**
 * rv_warp_step() - rv_warp_peek() then rv_warp_exec()
 * @w: the warp
 * @env: environment
 * @st: as for rv_warp_exec()
 *
 * Return: as rv_warp_exec().
 */
int rv_warp_step(struct rv_warp *w, const struct rv_env *env,
		 struct rv_step *st);

/*
 * RV32F arithmetic on raw binary32 values, exactly as RISC-V specifies
 * (canonical NaN, tininess after rounding). @rm is a static mode 0..4;
 * exception flags are ORed into *@fl. Exported for tests and for device
 * models (e.g. CPU agents) that need the same arithmetic.
 */
uint32_t rv_f32_add(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl);
uint32_t rv_f32_sub(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl);
uint32_t rv_f32_mul(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl);
uint32_t rv_f32_div(uint32_t a, uint32_t b, unsigned int rm, uint8_t *fl);
uint32_t rv_f32_sqrt(uint32_t a, unsigned int rm, uint8_t *fl);
/* a * b + c, fused, single rounding. */
uint32_t rv_f32_fma(uint32_t a, uint32_t b, uint32_t c, unsigned int rm,
		    uint8_t *fl);
uint32_t rv_f32_min(uint32_t a, uint32_t b, uint8_t *fl);
uint32_t rv_f32_max(uint32_t a, uint32_t b, uint8_t *fl);
bool rv_f32_eq(uint32_t a, uint32_t b, uint8_t *fl);
bool rv_f32_lt(uint32_t a, uint32_t b, uint8_t *fl);
bool rv_f32_le(uint32_t a, uint32_t b, uint8_t *fl);
uint32_t rv_f32_class(uint32_t a);
int32_t rv_f32_to_i32(uint32_t a, unsigned int rm, uint8_t *fl);
uint32_t rv_f32_to_u32(uint32_t a, unsigned int rm, uint8_t *fl);
uint32_t rv_i32_to_f32(int32_t a, unsigned int rm, uint8_t *fl);
uint32_t rv_u32_to_f32(uint32_t a, unsigned int rm, uint8_t *fl);

/*
 * RV32D arithmetic on raw binary64 values (isa_fp64.c), with the same
 * conventions: canonical NaN 0x7ff8000000000000, tininess after rounding,
 * saturating conversions, flags ORed into *@fl.
 */
uint64_t rv_f64_add(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl);
uint64_t rv_f64_sub(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl);
uint64_t rv_f64_mul(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl);
uint64_t rv_f64_div(uint64_t a, uint64_t b, unsigned int rm, uint8_t *fl);
uint64_t rv_f64_sqrt(uint64_t a, unsigned int rm, uint8_t *fl);
/* a * b + c, fused, single rounding. */
uint64_t rv_f64_fma(uint64_t a, uint64_t b, uint64_t c, unsigned int rm,
		    uint8_t *fl);
uint64_t rv_f64_min(uint64_t a, uint64_t b, uint8_t *fl);
uint64_t rv_f64_max(uint64_t a, uint64_t b, uint8_t *fl);
bool rv_f64_eq(uint64_t a, uint64_t b, uint8_t *fl);
bool rv_f64_lt(uint64_t a, uint64_t b, uint8_t *fl);
bool rv_f64_le(uint64_t a, uint64_t b, uint8_t *fl);
uint32_t rv_f64_class(uint64_t a);
int32_t rv_f64_to_i32(uint64_t a, unsigned int rm, uint8_t *fl);
uint32_t rv_f64_to_u32(uint64_t a, unsigned int rm, uint8_t *fl);
/* Exact: every int32 and uint32 is a binary64. */
uint64_t rv_i32_to_f64(int32_t a);
uint64_t rv_u32_to_f64(uint32_t a);
/* Exact but for NaNs: a signaling NaN raises NV; NaNs become canonical. */
uint64_t rv_f32_to_f64(uint32_t a, uint8_t *fl);
uint32_t rv_f64_to_f32(uint64_t a, unsigned int rm, uint8_t *fl);

/**
 * rv_op_name() - mnemonic of an operation, for traces and tests
 * @op: enum rv_op
 *
 * Return: a static string such as "fmadd.s".
 */
const char *rv_op_name(unsigned int op);

#endif /* _CORUN_EMU_ISA_H_ */
