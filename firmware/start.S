/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Entry point of the corun firmware image: the MCU starts here at the
 * header's entry address with all registers zero. Set up the stack at the
 * top of MCU memory, clear .bss, and enter fw_main(), which never returns.
 */
	.section .text.start, "ax", @progbits
	.globl _start
	.type _start, @function
_start:
	la	sp, __stack_top
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sw	zero, 0(t0)
	addi	t0, t0, 4
	j	1b
2:	call	fw_main
	/* Unreachable: TRAP (custom-0 funct3 2), a0 = FW_PANIC_RETURN. */
	li	a0, 0x0b1d0002
	.word	0x0005200b
	.size _start, . - _start
