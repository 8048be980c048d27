// SPDX-License-Identifier: GPL-2.0
/*
 * qtest: drive the corun-gpu device with QEMU's qtest protocol, no guest.
 *
 * Starts qemu-system-x86_64 -machine q35 -accel qtest -qtest stdio with a
 * corun-gpu, speaks the qtest text protocol over its stdin/stdout (outl/
 * inl on 0xcf8/0xcfc for PCI configuration, readl/writel for BAR0,
 * read/write for guest RAM the device reaches by DMA), finds the device,
 * programs BAR0 and turns on memory decoding and bus mastering.
 *
 * Cases: register reset values and error bits, a doorbell refused before
 * firmware, a firmware image uploaded by DMA (a corrupted one rejected,
 * the real one booted) and mailbox round trips, a crashing image (FW_STATUS
 * CRASHED, jobs refused, recovery by a new load), the liveness registers
 * (an idle firmware neither beats nor retires instructions, a request
 * makes it beat, a spinning image retires instructions without a beat,
 * a load starts both again), a hand-assembled job
 * (fence, output, DONE, IRQ_STATUS.JOB), a faulting job (fault record,
 * IRQ FAULT, slot reset), the firmware's tick following the device
 * clock (and an idle device stopping it), lockstep epochs, the completion
 * hold (clock stopped after a CORUN_DESC_F_HOLD job until HOLD_ACK), and a
 * fuzz run: a fixed-seed random sequence of thousands of MMIO writes over
 * all of BAR0 (the platform constants too), random descriptors rung on
 * random slots and random firmware requests (parameters of every kind,
 * batches too long, slots beyond the device), after which QEMU must still
 * be alive and answer (ID reads "CRUN"), the reloaded firmware must answer
 * VERSION, and QEMU must exit on SIGTERM without a crash.
 *
 * The fuzz run also boots, now and then, a rogue firmware image that
 * writes random values to random registers of the microcontroller's
 * window (the policy registers, READY, MBOX_DONE, EVENT_ACK, read-only
 * ones) while jobs run, and then crashes on purpose.
 *
 * Usage: qtest [-s SLOW] [-m VALGRIND-LOG] QEMU FW-IMAGE LOG [SEED [OPS]]
 * OPS is the number of fuzz operations (default FUZZ_OPS; make fuzz runs
 * 100000 and more). Every reply is awaited at most 10 s and the whole run
 * is bounded by QTEST_DEADLINE s plus 1 s per 250 operations beyond
 * FUZZ_OPS; SLOW (default 1) multiplies every time limit and pause, for a
 * QEMU run under valgrind. With -m, QEMU is a wrapper running it under
 * valgrind memcheck with --error-exitcode=VG_ERROR_EXIT and
 * --log-file=VALGRIND-LOG: one more case, valgrind_clean, reads the log
 * after QEMU's exit and fails, printing the log, on any error (a definite
 * leak at exit counts as one). Prints KTAP and a final "N passed,
 * N failed" line; exit 0 only if every case passed.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <corun/fwif.h>
#include <corun/hw.h>
#include <corun/kernel.h>
#include <testing/fw_params.h>
#include <testing/rv32asm.h>

#define QTEST_DEADLINE 90 /* seconds for the whole run, 20000 operations */
#define REPLY_TIMEOUT_MS 10000
#define FUZZ_OPS 20000 /* default; the optional OPS argument sets it */
#define VG_ERROR_EXIT 99 /* valgrind's --error-exitcode (tools/vm/tests/qtest) */
#define VG_LOG_LINES 2000 /* at most so many lines of its log printed */
/* One in so many operations: a descriptor, a request, a window image. */
#define FUZZ_JOB_EVERY 40
#define FUZZ_REQUEST_EVERY 50
#define FUZZ_WINDOW_EVERY 1000
#define FUZZ_WINDOW_WRITES 512 /* window writes per rogue image */

/* Guest physical layout (q35 with 256 MiB: all RAM). */
#define BAR0 0xc0000000u
#define RAM 0x01000000u
#define PA_L1 (RAM + 0x00000)
#define PA_L2 (RAM + 0x04000)
#define PA_RING(slot) (RAM + 0x10000 + 0x1000 * (slot)) /* 16 slots */
#define PA_FENCE(slot) (RAM + 0x20000 + 8 * (slot))
#define PA_CODE (RAM + 0x30000)
#define PA_ARGS (RAM + 0x31000)
#define PA_OUT (RAM + 0x32000)
#define PA_SNAP (RAM + 0x40000)
#define PA_FW (RAM + 0x100000)
/* GPU VAs: the PA's offset from RAM (one L2 table covers 2 MiB). */
#define VA(pa) ((uint32_t)((pa) - RAM))
#define VA_UNMAPPED 0x50000u

static pid_t qpid = -1;
static FILE *qin;
static int qout = -1;
static char rbuf[1 << 20];
static size_t rlen;
static time_t deadline;
static int npass, nfail, ncase, dead;
static uint32_t bdf;
static unsigned int slow = 1; /* -s: time limits and pauses multiplied */

/* A pause that a slowed QEMU needs longer for. */
static void nap(unsigned int us)
{
	uint64_t ns = (uint64_t)us * slow * 1000;
	struct timespec ts = { .tv_sec = ns / 1000000000,
			       .tv_nsec = ns % 1000000000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static void result(const char *name, int ok, const char *fmt, ...)
{
	va_list ap;

	ncase++;
	if (!ok && fmt) {
		printf("# %s: ", name);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
	printf("%sok %d %s\n", ok ? "" : "not ", ncase, name);
	fflush(stdout);
	if (ok)
		npass++;
	else
		nfail++;
}

/* ---- the qtest protocol ------------------------------------------- */

/* One reply line into @out (without newline); -1 on time-out or EOF. */
static int get_line(char *out, size_t len)
{
	struct pollfd pfd = { .fd = qout, .events = POLLIN };
	char *nl;
	ssize_t n;
	size_t l;

	for (;;) {
		nl = memchr(rbuf, '\n', rlen);
		if (nl) {
			l = nl - rbuf;
			if (l >= len)
				l = len - 1;
			memcpy(out, rbuf, l);
			out[l] = '\0';
			rlen -= nl + 1 - rbuf;
			memmove(rbuf, nl + 1, rlen);
			return 0;
		}
		if (rlen == sizeof(rbuf) || time(NULL) > deadline ||
		    poll(&pfd, 1, REPLY_TIMEOUT_MS * slow) != 1)
			return -1;
		n = read(qout, rbuf + rlen, sizeof(rbuf) - rlen);
		if (n <= 0)
			return -1;
		rlen += n;
	}
}

/*
 * Send one command, wait for its reply; the reply's value (after "OK ")
 * goes to @val if not NULL. Once QEMU stops answering every later
 * command fails at once.
 */
static int cmd(uint64_t *val, char *data, size_t dlen, const char *fmt, ...)
{
	static char line[sizeof(rbuf)];
	va_list ap;

	if (dead)
		return -1;
	va_start(ap, fmt);
	vfprintf(qin, fmt, ap);
	va_end(ap);
	fputc('\n', qin);
	if (fflush(qin))
		goto fail;
	do {
		if (get_line(line, sizeof(line)))
			goto fail;
	} while (!strncmp(line, "IRQ", 3)); /* asynchronous, not ours */
	if (strncmp(line, "OK", 2))
		goto fail;
	if (val)
		*val = strtoull(line + 2, NULL, 0);
	if (data)
		snprintf(data, dlen, "%s", line[2] ? line + 3 : "");
	return 0;
fail:
	dead = 1;
	printf("# qemu stopped answering (last reply '%.60s')\n", line);
	return -1;
}

static uint32_t rd(uint32_t off)
{
	uint64_t v = 0;

	cmd(&v, NULL, 0, "readl 0x%x", BAR0 + off);
	return (uint32_t)v;
}

static unsigned long nwrites; /* BAR0 writes, for the fuzz figures */

static void wr(uint32_t off, uint32_t val)
{
	nwrites++;
	cmd(NULL, NULL, 0, "writel 0x%x 0x%x", BAR0 + off, val);
}

static void mem_write(uint64_t pa, const void *buf, size_t len)
{
	static char hex[2 * 65536 + 1];
	const uint8_t *p = buf;
	size_t n, i;

	while (len) {
		n = len < 65536 ? len : 65536;
		for (i = 0; i < n; i++)
			sprintf(hex + 2 * i, "%02x", p[i]);
		cmd(NULL, NULL, 0, "write 0x%" PRIx64 " 0x%zx 0x%s", pa, n,
		    hex);
		pa += n;
		p += n;
		len -= n;
	}
}

static void mem_w32(uint64_t pa, uint32_t v)
{
	cmd(NULL, NULL, 0, "writel 0x%" PRIx64 " 0x%x", pa, v);
}

static void mem_w64(uint64_t pa, uint64_t v)
{
	cmd(NULL, NULL, 0, "writeq 0x%" PRIx64 " 0x%" PRIx64, pa, v);
}

static uint32_t mem_r32(uint64_t pa)
{
	uint64_t v = 0;

	cmd(&v, NULL, 0, "readl 0x%" PRIx64, pa);
	return (uint32_t)v;
}

static uint64_t mem_r64(uint64_t pa)
{
	uint64_t v = 0;

	cmd(&v, NULL, 0, "readq 0x%" PRIx64, pa);
	return v;
}

static uint32_t cfg_rd(uint32_t reg)
{
	uint64_t v = 0;

	cmd(NULL, NULL, 0, "outl 0xcf8 0x%x", 0x80000000u | bdf | reg);
	cmd(&v, NULL, 0, "inl 0xcfc");
	return (uint32_t)v;
}

static void cfg_wr(uint32_t reg, uint32_t val)
{
	cmd(NULL, NULL, 0, "outl 0xcf8 0x%x", 0x80000000u | bdf | reg);
	cmd(NULL, NULL, 0, "outl 0xcfc 0x%x", val);
}

static int start_qemu(const char *qemu, const char *log)
{
	int in[2], out[2], fd;

	if (pipe(in) || pipe(out))
		return -1;
	qpid = fork();
	if (qpid < 0)
		return -1;
	if (qpid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd >= 0)
			dup2(fd, 2);
		close(in[1]);
		close(out[0]);
		execl(qemu, qemu, "-machine", "q35", "-accel", "qtest",
		      "-qtest", "stdio", "-display", "none", "-nodefaults",
		      "-no-user-config", "-m", "256M", "-L",
		      "/usr/share/seabios", "-L", "/usr/share/qemu",
		      "-device", "corun-gpu", "-d", "guest_errors,unimp",
		      (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	qin = fdopen(in[1], "w");
	qout = out[0];
	return qin ? 0 : -1;
}

/* Wait until (reg & mask) == val, polling; 0 on a 10 s time-out. */
static int wait_reg(uint32_t reg, uint32_t mask, uint32_t val)
{
	time_t t0 = time(NULL);

	while (!dead && time(NULL) - t0 < 10 * slow) {
		if ((rd(reg) & mask) == val)
			return 1;
		usleep(500);
	}
	return 0;
}

static int wait_fence(unsigned int slot, uint64_t seqno)
{
	time_t t0 = time(NULL);

	while (!dead && time(NULL) - t0 < 20 * slow) {
		if (mem_r64(PA_FENCE(slot)) == seqno)
			return 1;
		usleep(500);
	}
	return 0;
}

/* ---- a kernel: out[gid] = gid + 0x100 after args[1] loop turns ----- */

#define STORE_PC (VA(PA_CODE) + 4 * RV32ASM_GID_STORE(1))

static void setup_memory(void)
{
	uint32_t code[16], *p = code;
	uint64_t l2[CORUN_PT_L2_ENTRIES] = { 0 };
	static const uint8_t zero[0x10000];

	rv32asm_gid_store(p, 1);

	mem_write(RAM, zero, sizeof(zero));
	mem_write(RAM + 0x10000, zero, sizeof(zero));
	mem_write(RAM + 0x20000, zero, sizeof(zero));
	mem_write(RAM + 0x30000, zero, sizeof(zero));
	mem_w64(PA_L1, (PA_L2 & CORUN_PTE_ADDR_MASK) | CORUN_PTE_VALID);
	l2[CORUN_PT_L2_INDEX(VA(PA_CODE))] = PA_CODE | CORUN_PTE_VALID |
					     CORUN_PTE_READ | CORUN_PTE_EXEC;
	l2[CORUN_PT_L2_INDEX(VA(PA_ARGS))] = PA_ARGS | CORUN_PTE_VALID |
					     CORUN_PTE_READ;
	l2[CORUN_PT_L2_INDEX(VA(PA_OUT))] = PA_OUT | CORUN_PTE_VALID |
					    CORUN_PTE_READ | CORUN_PTE_WRITE;
	mem_write(PA_L2, l2, sizeof(l2));
	mem_write(PA_CODE, code, sizeof(code));
}

static void fill_desc(struct corun_job_desc *d, unsigned int slot,
		      uint64_t seqno, unsigned int nthreads)
{
	memset(d, 0, sizeof(*d));
	d->magic = CORUN_DESC_MAGIC;
	d->version = CORUN_DESC_VERSION;
	d->size = sizeof(*d);
	d->flags = CORUN_DESC_F_IRQ;
	d->ctx_id = slot + 1;
	d->pt_root = PA_L1;
	d->fence_addr = PA_FENCE(slot);
	d->seqno = seqno;
	d->entry = VA(PA_CODE);
	d->args = VA(PA_ARGS);
	d->grid[0] = nthreads / 32;
	d->grid[1] = d->grid[2] = 1;
	d->block[0] = 32;
	d->block[1] = d->block[2] = 1;
	d->regs_per_thread = 32;
	d->insn_budget = 100000000;
}

/* Program @slot's ring of 4 with @d at entry 0 and ring it. */
static void ring(unsigned int slot, const struct corun_job_desc *d)
{
	mem_write(PA_RING(slot), d, sizeof(*d));
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_CTRL), 0);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_RING_LO), PA_RING(slot));
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_RING_HI), 0);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_RING_SIZE), 4);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_CTRL), CORUN_SLOT_CTRL_ENABLE);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_DOORBELL), 1);
}

static void job(unsigned int slot, uint64_t seqno, uint32_t out_va,
		uint32_t loops, unsigned int nthreads)
{
	struct corun_job_desc d;

	mem_w64(PA_FENCE(slot), 0);
	mem_w32(PA_ARGS, out_va);
	mem_w32(PA_ARGS + 4, loops);
	fill_desc(&d, slot, seqno, nthreads);
	ring(slot, &d);
}

/* ---- cases ---------------------------------------------------------- */

static int find_device(void)
{
	uint32_t dev, id;

	for (dev = 0; dev < 32; dev++) {
		bdf = dev << 11;
		id = cfg_rd(0);
		if (id == (CORUN_PCI_VENDOR_ID | (CORUN_PCI_DEVICE_ID << 16))) {
			cfg_wr(0x10, BAR0); /* BAR0: 32-bit memory */
			cfg_wr(0x04, 0x6); /* memory decoding, bus master */
			return 1;
		}
	}
	return 0;
}

static void test_reset_values(void)
{
	uint32_t caps = rd(CORUN_REG_CAPS), slots = rd(CORUN_REG_NUM_SLOTS);
	uint32_t sms = rd(CORUN_REG_NUM_SMS);
	uint32_t mask0 = sms >= 32 ? ~0u : (1u << sms) - 1;

	result("reg_identity", rd(CORUN_REG_ID) == CORUN_ID_MAGIC &&
	       rd(CORUN_REG_VERSION) == ((CORUN_HW_VERSION_MAJOR << 16) |
					 CORUN_HW_VERSION_MINOR) &&
	       (caps & (CORUN_CAP_LOCKSTEP | CORUN_CAP_FIRMWARE)) ==
	       (CORUN_CAP_LOCKSTEP | CORUN_CAP_FIRMWARE) &&
	       slots >= CORUN_MIN_SLOTS && slots <= CORUN_MAX_SLOTS &&
	       sms >= 1 && sms <= CORUN_MAX_SMS &&
	       rd(CORUN_REG_JOB_COUNTERS_SIZE) ==
	       sizeof(struct corun_job_counters),
	       "ID 0x%08x VERSION 0x%08x CAPS 0x%08x slots %u sms %u",
	       rd(CORUN_REG_ID), rd(CORUN_REG_VERSION), caps, slots, sms);
	result("reg_reset_values", rd(CORUN_REG_CONTROL) == 0 &&
	       rd(CORUN_REG_STATUS) == 0 && rd(CORUN_REG_ERROR) == 0 &&
	       rd(CORUN_REG_IRQ_STATUS) == 0 && rd(CORUN_REG_IRQ_MASK) == 0 &&
	       rd(CORUN_REG_CYCLE_LO) == 0 && rd(CORUN_REG_EPOCH_SEQ) == 0 &&
	       rd(CORUN_REG_FW_STATUS) == CORUN_FW_OFF &&
	       rd(CORUN_REG_FW_VERSION) == 0 && rd(CORUN_REG_MBOX_DONE) == 0 &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)) == CORUN_SLOT_DISABLED &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_SIZE)) == 0 &&
	       rd(CORUN_REG_SLOT(slots - 1, CORUN_SLOT_SM_MASK0)) == mask0,
	       "CONTROL 0x%x STATUS 0x%x ERROR 0x%x IRQ 0x%x/0x%x FW %u "
	       "slot STATUS %u SM_MASK0 0x%x", rd(CORUN_REG_CONTROL),
	       rd(CORUN_REG_STATUS), rd(CORUN_REG_ERROR),
	       rd(CORUN_REG_IRQ_STATUS), rd(CORUN_REG_IRQ_MASK),
	       rd(CORUN_REG_FW_STATUS),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)),
	       rd(CORUN_REG_SLOT(slots - 1, CORUN_SLOT_SM_MASK0)));

	wr(CORUN_REG_ID, 1);
	result("reg_ro_write", rd(CORUN_REG_ERROR) == CORUN_ERR_RO_WRITE &&
	       rd(CORUN_REG_ID) == CORUN_ID_MAGIC, "ERROR 0x%x",
	       rd(CORUN_REG_ERROR));
	wr(CORUN_REG_ERROR, ~0u);
	rd(0x0ffc);
	result("reg_bad_offset", rd(CORUN_REG_ERROR) == CORUN_ERR_BAD_OFFSET &&
	       rd(CORUN_REG_SLOT(slots, CORUN_SLOT_STATUS)) == 0,
	       "ERROR 0x%x", rd(CORUN_REG_ERROR));
	wr(CORUN_REG_ERROR, ~0u);
	wr(CORUN_REG_SLOT(0, CORUN_SLOT_RING_SIZE), 3);
	wr(CORUN_REG_IRQ_MASK, 0x100);
	result("reg_bad_value", rd(CORUN_REG_ERROR) == CORUN_ERR_BAD_VALUE &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_SIZE)) == 0 &&
	       rd(CORUN_REG_IRQ_MASK) == 0, "ERROR 0x%x", rd(CORUN_REG_ERROR));
	wr(CORUN_REG_ERROR, ~0u);
	/* Not a 32-bit access: ignored. */
	cmd(NULL, NULL, 0, "writeb 0x%x 0x1", BAR0 + CORUN_REG_CONTROL);
	result("reg_narrow_ignored", rd(CORUN_REG_CONTROL) == 0,
	       "CONTROL 0x%x", rd(CORUN_REG_CONTROL));
}

static void test_no_fw(void)
{
	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE);
	wr(CORUN_REG_ERROR, ~0u);
	job(0, 1, VA(PA_OUT), 0, 32);
	nap(100000);
	result("doorbell_needs_fw", rd(CORUN_REG_ERROR) == CORUN_ERR_NO_FW &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_HEAD)) == 0 &&
	       mem_r64(PA_FENCE(0)) == 0, "ERROR 0x%x RING_HEAD %u",
	       rd(CORUN_REG_ERROR), rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_HEAD)));
	wr(CORUN_REG_ERROR, ~0u);
	wr(CORUN_REG_MBOX_DOORBELL, 1);
	result("mailbox_needs_fw", rd(CORUN_REG_ERROR) == CORUN_ERR_NO_FW &&
	       rd(CORUN_REG_MBOX_DONE) == 0, "ERROR 0x%x",
	       rd(CORUN_REG_ERROR));
	wr(CORUN_REG_ERROR, ~0u);
}

static uint8_t *fw;
static size_t fw_len;

static int read_fw(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return -1;
	n = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
	if (n <= 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return -1;
	}
	fw = malloc(n);
	fw_len = n;
	if (!fw || fread(fw, 1, n, f) != (size_t)n) {
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

static void fw_load(uint64_t pa, uint32_t len)
{
	wr(CORUN_REG_FW_ADDR_LO, (uint32_t)pa);
	wr(CORUN_REG_FW_ADDR_HI, (uint32_t)(pa >> 32));
	wr(CORUN_REG_FW_SIZE, len);
	wr(CORUN_REG_FW_CTRL, CORUN_FW_CTRL_LOAD);
}

static uint32_t mbox(const uint32_t *in, uint32_t *out, uint32_t seq)
{
	unsigned int i;

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_MAILBOX);
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		wr(CORUN_REG_MBOX_IN + 4 * i, in[i]);
	wr(CORUN_REG_MBOX_DOORBELL, seq);
	if (!wait_reg(CORUN_REG_MBOX_DONE, ~0u, seq) ||
	    !(rd(CORUN_REG_IRQ_STATUS) & CORUN_IRQ_MAILBOX))
		return ~0u;
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		out[i] = rd(CORUN_REG_MBOX_OUT + 4 * i);
	return out[0];
}

static void test_firmware(void)
{
	const struct corun_fw_header *h = (const void *)fw;
	uint32_t in[CORUN_MBOX_WORDS] = { 0 }, out[CORUN_MBOX_WORDS] = { 0 };
	uint8_t last = fw[fw_len - 1] ^ 0xff;
	int ok;

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	mem_write(PA_FW, fw, fw_len);
	mem_write(PA_FW + fw_len - 1, &last, 1); /* CRC no longer matches */
	fw_load(PA_FW, fw_len);
	ok = wait_reg(CORUN_REG_FW_STATUS, ~0u, CORUN_FW_BAD_IMAGE);
	result("fw_bad_image", ok && (rd(CORUN_REG_STATUS) &
	       CORUN_STATUS_FW_ERROR) && (rd(CORUN_REG_IRQ_STATUS) &
	       CORUN_IRQ_FW_ERROR), "FW_STATUS %u STATUS 0x%x IRQ 0x%x",
	       rd(CORUN_REG_FW_STATUS), rd(CORUN_REG_STATUS),
	       rd(CORUN_REG_IRQ_STATUS));
	fw_load(PA_FW, CORUN_MCU_MEM_SIZE + 4096); /* beyond any image */
	result("fw_bad_size", rd(CORUN_REG_FW_STATUS) == CORUN_FW_BAD_IMAGE &&
	       (rd(CORUN_REG_ERROR) & CORUN_ERR_BAD_VALUE), "FW_STATUS %u "
	       "ERROR 0x%x", rd(CORUN_REG_FW_STATUS), rd(CORUN_REG_ERROR));
	wr(CORUN_REG_ERROR, ~0u);
	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);

	mem_write(PA_FW, fw, fw_len);
	fw_load(PA_FW, fw_len);
	ok = wait_reg(CORUN_REG_STATUS, CORUN_STATUS_FW_READY,
		      CORUN_STATUS_FW_READY);
	result("fw_handshake", ok &&
	       rd(CORUN_REG_FW_STATUS) == CORUN_FW_RUNNING &&
	       rd(CORUN_REG_FW_VERSION) == h->fw_version &&
	       !(rd(CORUN_REG_STATUS) & CORUN_STATUS_FW_ERROR),
	       "ready %d FW_STATUS %u FW_VERSION 0x%x STATUS 0x%x", ok,
	       rd(CORUN_REG_FW_STATUS), rd(CORUN_REG_FW_VERSION),
	       rd(CORUN_REG_STATUS));

	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_VERSION, 0);
	result("mbox_version", mbox(in, out, 1) ==
	       CORUN_MBOX_HDR(CORUN_FW_OK, 3) && out[1] == CORUN_FWIF_VERSION &&
	       out[2] == h->fw_version, "reply 0x%x [0x%x 0x%x]", out[0],
	       out[1], out[2]);
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, 2);
	in[1] = 0xdeadbeef;
	in[2] = 0x01234567;
	result("mbox_echo", mbox(in, out, 2) == CORUN_MBOX_HDR(CORUN_FW_OK, 2) &&
	       out[1] == in[1] && out[2] == in[2], "reply 0x%x [0x%x 0x%x]",
	       out[0], out[1], out[2]);
	in[0] = 0x7777; /* unknown command */
	result("mbox_unknown", CORUN_MBOX_HDR_CMD(mbox(in, out, 3)) ==
	       CORUN_FW_ENOSYS, "reply 0x%x", out[0]);
	result("fw_no_error", rd(CORUN_REG_ERROR) == 0, "ERROR 0x%x",
	       rd(CORUN_REG_ERROR));
}

static uint32_t crc32(const uint8_t *p, size_t len)
{
	uint32_t c = ~0u;
	unsigned int k;

	while (len--) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & -(c & 1));
	}
	return ~c;
}

/* Load an image of @n instructions of @code (at most 16), fw_version 0x63.1. */
static void load_code(const uint32_t *code, unsigned int n)
{
	struct {
		struct corun_fw_header h;
		uint32_t code[16];
	} img = {
		.h = {
			.magic = CORUN_FW_MAGIC,
			.fwif_version = CORUN_FWIF_VERSION,
			.header_size = sizeof(struct corun_fw_header),
			.fw_version = 0x00630001,
			.payload_size = 4 * n,
		},
	};

	memcpy(img.code, code, 4 * n);
	img.h.payload_crc32 = crc32((const uint8_t *)img.code, 4 * n);
	mem_write(PA_FW, &img, sizeof(img.h) + 4 * n);
	fw_load(PA_FW, sizeof(img.h) + 4 * n);
}

/*
 * An image whose first instruction is illegal: the MCU crashes, FW_STATUS
 * says CRASHED, STATUS.FW_ERROR and IRQ FW_ERROR are raised, doorbells are
 * refused; loading the real image again recovers.
 */
static void test_fw_crash(void)
{
	static const uint32_t illegal = 0; /* all-zero: illegal in RISC-V */
	int ok;

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	load_code(&illegal, 1);
	ok = wait_reg(CORUN_REG_FW_STATUS, ~0u, CORUN_FW_CRASHED);
	result("fw_crash", ok && (rd(CORUN_REG_STATUS) &
	       (CORUN_STATUS_FW_ERROR | CORUN_STATUS_FW_READY)) ==
	       CORUN_STATUS_FW_ERROR && (rd(CORUN_REG_IRQ_STATUS) &
	       CORUN_IRQ_FW_ERROR), "FW_STATUS %u STATUS 0x%x IRQ 0x%x",
	       rd(CORUN_REG_FW_STATUS), rd(CORUN_REG_STATUS),
	       rd(CORUN_REG_IRQ_STATUS));
	wr(CORUN_REG_ERROR, ~0u);
	job(0, 1, VA(PA_OUT), 0, 32);
	nap(50000);
	result("fw_crash_refuses_jobs", rd(CORUN_REG_ERROR) == CORUN_ERR_NO_FW &&
	       mem_r64(PA_FENCE(0)) == 0, "ERROR 0x%x fence 0x%" PRIx64,
	       rd(CORUN_REG_ERROR), mem_r64(PA_FENCE(0)));
	wr(CORUN_REG_ERROR, ~0u);
	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	mem_write(PA_FW, fw, fw_len);
	fw_load(PA_FW, fw_len);
	ok = wait_reg(CORUN_REG_STATUS, CORUN_STATUS_FW_READY,
		      CORUN_STATUS_FW_READY);
	result("fw_recovers", ok && rd(CORUN_REG_FW_STATUS) ==
	       CORUN_FW_RUNNING && !(rd(CORUN_REG_STATUS) &
	       CORUN_STATUS_FW_ERROR) && rd(CORUN_REG_MBOX_DONE) == 0,
	       "FW_STATUS %u STATUS 0x%x", rd(CORUN_REG_FW_STATUS),
	       rd(CORUN_REG_STATUS));
}

/*
 * Liveness (FW_HEARTBEAT, FW_INSNS): an idle device moves neither, a
 * mailbox request makes the firmware beat; an image that completes the
 * handshake and then spins (the driver's inject_fw hang) retires
 * instructions without a beat. Prints the MCU's rate under this QEMU,
 * from which the driver's detection latency follows.
 */
static void test_fw_heartbeat(void)
{
	static const uint32_t hang[] = {
		0x400002b7, /* lui t0, CORUN_MCU_CTL_BASE >> 12 */
		0x00100313, /* li t1, 1 */
		0x0262a223, /* sw t1, CORUN_MCU_READY(t0) */
		0x0000006f, /* j . */
	};
	uint32_t in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(CORUN_FW_CMD_NOP, 0) };
	uint32_t out[CORUN_MBOX_WORDS], hb0, hb1, i0, i1, spun;
	struct timespec t0, t1;
	double secs;
	int ok;

	nap(100000); /* the firmware test_fw_crash() reloaded goes to sleep */
	hb0 = rd(CORUN_REG_FW_HEARTBEAT);
	i0 = rd(CORUN_REG_FW_INSNS);
	nap(300000);
	hb1 = rd(CORUN_REG_FW_HEARTBEAT);
	i1 = rd(CORUN_REG_FW_INSNS);
	result("fw_heartbeat_idle", hb0 && i0 && hb1 == hb0 && i1 == i0,
	       "heartbeat %u -> %u, insns %u -> %u over 300 ms idle", hb0, hb1,
	       i0, i1);
	ok = mbox(in, out, rd(CORUN_REG_MBOX_DONE) + 1) ==
	     CORUN_MBOX_HDR(CORUN_FW_OK, 0);
	hb1 = rd(CORUN_REG_FW_HEARTBEAT);
	i1 = rd(CORUN_REG_FW_INSNS);
	result("fw_heartbeat_beats", ok && hb1 > hb0 && i1 > i0,
	       "answered %d, heartbeat %u -> %u, insns %u -> %u", ok, hb0, hb1,
	       i0, i1);
	wr(CORUN_REG_FW_HEARTBEAT, 0);
	wr(CORUN_REG_FW_INSNS, 0);
	result("fw_heartbeat_ro", rd(CORUN_REG_ERROR) == CORUN_ERR_RO_WRITE &&
	       rd(CORUN_REG_FW_HEARTBEAT) == hb1, "ERROR 0x%x heartbeat %u",
	       rd(CORUN_REG_ERROR), rd(CORUN_REG_FW_HEARTBEAT));
	wr(CORUN_REG_ERROR, ~0u);

	load_code(hang, 4);
	ok = wait_reg(CORUN_REG_STATUS, CORUN_STATUS_FW_READY,
		      CORUN_STATUS_FW_READY);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	i0 = rd(CORUN_REG_FW_INSNS);
	nap(500000);
	i1 = rd(CORUN_REG_FW_INSNS);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	result("fw_heartbeat_hang", ok && rd(CORUN_REG_FW_STATUS) ==
	       CORUN_FW_RUNNING && rd(CORUN_REG_FW_HEARTBEAT) == 0 &&
	       i1 - i0 > 100000, "ready %d FW_STATUS %u heartbeat %u insns "
	       "%u -> %u", ok, rd(CORUN_REG_FW_STATUS),
	       rd(CORUN_REG_FW_HEARTBEAT), i0, i1);
	printf("# fw_heartbeat: a spinning MCU retires %.1f M instructions/s "
	       "here\n", (i1 - i0) / secs / 1e6);
	spun = i1;

	mem_write(PA_FW, fw, fw_len);
	fw_load(PA_FW, fw_len);
	ok = wait_reg(CORUN_REG_STATUS, CORUN_STATUS_FW_READY,
		      CORUN_STATUS_FW_READY);
	nap(50000);
	hb1 = rd(CORUN_REG_FW_HEARTBEAT);
	i1 = rd(CORUN_REG_FW_INSNS);
	result("fw_heartbeat_reload", ok && hb1 >= 1 && i1 < spun &&
	       rd(CORUN_REG_MBOX_DONE) == 0, "ready %d heartbeat %u insns %u",
	       ok, hb1, i1);
}

static void test_jobs(void)
{
	uint32_t out[4], fault[8];
	unsigned int i;
	int ok;

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	job(0, 0x100000001ull, VA(PA_OUT), 0, 64);
	ok = wait_fence(0, 0x100000001ull);
	for (i = 0; i < 4; i++)
		out[i] = mem_r32(PA_OUT + 4 * 20 * i);
	nap(20000);
	result("job_done", ok && out[0] == 0x100 && out[1] == 0x114 &&
	       out[2] == 0x128 && out[3] == 0x13c &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)) == 1 &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_HI)) == 1 &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)) == CORUN_SLOT_IDLE,
	       "fence %d out %x %x %x %x DONE %u slot STATUS %u", ok, out[0],
	       out[1], out[2], out[3], rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)));
	result("job_irq", (rd(CORUN_REG_IRQ_STATUS) &
	       (CORUN_IRQ_JOB | CORUN_IRQ_FAULT)) == CORUN_IRQ_JOB,
	       "IRQ_STATUS 0x%x", rd(CORUN_REG_IRQ_STATUS));

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	job(1, 9, VA_UNMAPPED, 0, 32);
	ok = wait_fence(1, 9);
	nap(20000);
	for (i = 0; i < 8; i++)
		fault[i] = rd(CORUN_REG_SLOT(1, CORUN_SLOT_FAULT) + 4 * i);
	result("job_fault", ok && fault[0] == CORUN_FAULT_UNMAPPED &&
	       fault[1] == (CORUN_ACCESS_WRITE | (1u << 16)) &&
	       fault[6] == STORE_PC && (fault[7] & ~0xffu) == VA_UNMAPPED &&
	       rd(CORUN_REG_SLOT(1, CORUN_SLOT_STATUS)) == CORUN_SLOT_FAULTED &&
	       (rd(CORUN_REG_IRQ_STATUS) & CORUN_IRQ_FAULT),
	       "fence %d cause %u access 0x%x pc 0x%x addr 0x%x STATUS %u", ok,
	       fault[0], fault[1], fault[6], fault[7],
	       rd(CORUN_REG_SLOT(1, CORUN_SLOT_STATUS)));
	wr(CORUN_REG_SLOT(1, CORUN_SLOT_CTRL),
	   CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
	result("job_fault_reset", wait_reg(CORUN_REG_SLOT(1, CORUN_SLOT_STATUS),
	       ~0u, CORUN_SLOT_IDLE) &&
	       rd(CORUN_REG_SLOT(1, CORUN_SLOT_FAULT)) == 0, "STATUS %u",
	       rd(CORUN_REG_SLOT(1, CORUN_SLOT_STATUS)));
}

static uint32_t get_param(uint32_t id, uint32_t seq)
{
	uint32_t in[CORUN_MBOX_WORDS] = { CORUN_MBOX_HDR(
					  CORUN_FW_CMD_GET_PARAM, 1), id };
	uint32_t out[CORUN_MBOX_WORDS] = { 0 };

	if (mbox(in, out, seq) != CORUN_MBOX_HDR(CORUN_FW_OK, 1))
		return ~0u;
	return out[1];
}

static uint64_t cycle(void)
{
	uint32_t lo = rd(CORUN_REG_CYCLE_LO);

	return ((uint64_t)rd(CORUN_REG_CYCLE_HI) << 32) | lo;
}

/*
 * The firmware's timer runs in device cycles: over a long job it ticks
 * once per TICK_CYCLES of the device clock; an idle device (no job, the
 * firmware asleep in WFE) stops the clock, so no ticks and no cycles.
 */
static void test_fw_clock(void)
{
	uint32_t in[CORUN_MBOX_WORDS] = {
		CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 2),
		CORUN_FW_P_TICK_CYCLES, 500
	};
	uint32_t out[CORUN_MBOX_WORDS], period, t0, t1, t2, old;
	uint64_t c0, c1, c2, expect;
	int ok;

	mbox(in, out, 99);
	old = out[1];
	period = get_param(CORUN_FW_P_TICK_CYCLES, 100);
	t0 = get_param(CORUN_FW_P_TICKS, 101);
	c0 = cycle();
	job(0, 0x44, VA(PA_OUT), 5000, 1024);
	ok = wait_fence(0, 0x44);
	t1 = get_param(CORUN_FW_P_TICKS, 102);
	c1 = cycle();
	expect = period ? (c1 - c0) / period : 0;
	result("fw_ticks_follow_clock", ok && period == 500 && old > period &&
	       c1 - c0 > 10ull * period && t1 - t0 + 2 >= expect &&
	       t1 - t0 <= expect + 2, "job %d: %" PRIu64 " cycles, period %u: "
	       "%u ticks, expected about %" PRIu64, ok, c1 - c0, period,
	       t1 - t0, expect);
	c1 = cycle();
	nap(200000);
	c2 = cycle();
	t2 = get_param(CORUN_FW_P_TICKS, 103);
	/* A round trip takes a few hundred cycles: at most one more tick. */
	result("fw_idle_clock_stops", c2 == c1 && t2 - t1 <= 1,
	       "idle 200 ms: cycles %" PRIu64 " -> %" PRIu64 ", ticks %u -> "
	       "%u", c1, c2, t1, t2);
	in[2] = old;
	mbox(in, out, 104);
}

static void test_lockstep(void)
{
	uint32_t last = rd(CORUN_REG_EPOCH_SEQ), seq, st;
	unsigned int pauses = 0, bad = 0;
	time_t t0 = time(NULL);

	wr(CORUN_REG_SNAPSHOT_LO, PA_SNAP);
	wr(CORUN_REG_SNAPSHOT_HI, 0);
	wr(CORUN_REG_EPOCH_LEN, 1000);
	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE | CORUN_CTRL_LOCKSTEP);
	job(0, 3, VA(PA_OUT), 1000, 256);
	while (!dead && mem_r64(PA_FENCE(0)) != 3 && time(NULL) - t0 < 30 * slow) {
		st = rd(CORUN_REG_STATUS);
		if (!(st & CORUN_STATUS_EPOCH_WAIT))
			continue;
		seq = rd(CORUN_REG_EPOCH_SEQ);
		if ((st & CORUN_STATUS_RUNNING) || seq != last + 1)
			bad++;
		usleep(1000);
		if (rd(CORUN_REG_EPOCH_SEQ) != seq ||
		    mem_r32(PA_SNAP + 12) != seq)
			bad++;
		last = seq;
		pauses++;
		wr(CORUN_REG_EPOCH_ACK, seq);
	}
	result("lockstep_epochs", mem_r64(PA_FENCE(0)) == 3 && pauses >= 2 &&
	       !bad && mem_r32(PA_SNAP) == CORUN_SNAPSHOT_MAGIC, "fence 0x%"
	       PRIx64 " %u pauses %u inconsistent snapshot magic 0x%x",
	       mem_r64(PA_FENCE(0)), pauses, bad, mem_r32(PA_SNAP));
	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE);
	wr(CORUN_REG_EPOCH_LEN, 0);
	result("lockstep_no_error", rd(CORUN_REG_ERROR) == 0, "ERROR 0x%x",
	       rd(CORUN_REG_ERROR));
}

/*
 * Completion hold: after a CORUN_DESC_F_HOLD job the device stops its
 * clock; it still takes ring entries, which run only after HOLD_ACK.
 */
static void test_hold(void)
{
	struct corun_job_desc d0, d1;
	uint32_t st;
	int ok, held;

	wr(CORUN_REG_ERROR, ~0u);
	wr(CORUN_REG_HOLD_ACK, 1);
	result("hold_ack_not_held", rd(CORUN_REG_ERROR) == CORUN_ERR_BAD_VALUE,
	       "ERROR 0x%x", rd(CORUN_REG_ERROR));
	wr(CORUN_REG_ERROR, ~0u);
	mem_w64(PA_FENCE(0), 0);
	mem_w32(PA_ARGS, VA(PA_OUT));
	mem_w32(PA_ARGS + 4, 0);
	fill_desc(&d0, 0, 41, 64);
	d0.flags |= CORUN_DESC_F_HOLD;
	fill_desc(&d1, 0, 42, 64);
	mem_write(PA_RING(0) + sizeof(d0), &d1, sizeof(d1));
	ring(0, &d0);
	ok = wait_fence(0, 41);
	nap(20000);
	st = rd(CORUN_REG_STATUS);
	result("hold_after_job", ok && (st & CORUN_STATUS_HOLD) &&
	       !(st & CORUN_STATUS_RUNNING), "fence %d STATUS 0x%x", ok, st);
	wr(CORUN_REG_SLOT(0, CORUN_SLOT_DOORBELL), 2);
	nap(200000);
	held = mem_r64(PA_FENCE(0)) == 41 &&
	       (rd(CORUN_REG_STATUS) & CORUN_STATUS_HOLD) &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_HEAD)) == 2;
	wr(CORUN_REG_HOLD_ACK, 1);
	ok = wait_fence(0, 42);
	st = rd(CORUN_REG_STATUS);
	result("hold_until_ack", held && ok && !(st & CORUN_STATUS_HOLD) &&
	       rd(CORUN_REG_ERROR) == 0, "held %d fence %d STATUS 0x%x ERROR 0x%x",
	       held, ok, st, rd(CORUN_REG_ERROR));
}

/* ---- fuzz ------------------------------------------------------------ */

static uint64_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/* A value: often small or special, sometimes anything. */
static uint32_t rnd_val(void)
{
	static const uint32_t special[] = {
		0, 1, 2, 3, 4, 0xff, 0x1000, 0xffffffff, 0x80000000,
		RAM, PA_RING(0), PA_FW, CORUN_FW_CTRL_LOAD, CORUN_FW_CTRL_HALT,
		CORUN_CTRL_ENABLE, CORUN_CTRL_ENABLE | CORUN_CTRL_LOCKSTEP,
	};

	switch (rnd() % 4) {
	case 0:
		return special[rnd() % (sizeof(special) / sizeof(special[0]))];
	case 1:
		return rnd() % 16;
	default:
		return rnd() ^ (rnd() << 16);
	}
}

static uint32_t rnd_off(uint32_t slots)
{
	switch (rnd() % 9) {
	case 0: /* anywhere in BAR0, any alignment now and then */
		return rnd() % CORUN_BAR_REGS_SIZE & ~(rnd() % 8 ? 3u : 0u);
	case 1:
	case 2: /* global registers, mailbox */
		return (rnd() % 0x190) & ~3u;
	case 3: /* the platform constants, read-only */
		return CORUN_REG_PLATFORM_BASE +
		       ((rnd() % (CORUN_REG_PLATFORM_END -
				  CORUN_REG_PLATFORM_BASE + 8)) & ~3u);
	default: /* slot registers, one slot beyond the last too */
		return CORUN_REG_SLOT(rnd() % (slots + 1), (rnd() % 0x88) & ~3u);
	}
}

static void fuzz_desc(uint32_t slots)
{
	struct corun_job_desc d;
	unsigned int slot = rnd() % slots, i;
	uint8_t *p = (uint8_t *)&d;

	fill_desc(&d, slot, rnd(), 32);
	switch (rnd() % 4) {
	case 0: /* random bytes */
		for (i = 0; i < sizeof(d); i++)
			p[i] = rnd();
		break;
	case 1: /* a few random bytes in a valid descriptor */
		d.insn_budget = 1 + rnd() % 50000;
		for (i = 0; i < 4; i++)
			p[rnd() % sizeof(d)] = rnd();
		break;
	case 2: /* random sizes and pointers, small budget */
		d.grid[0] = 1 + rnd() % 64;
		d.block[0] = 1 + rnd() % 1024;
		d.regs_per_thread = rnd();
		d.shared_bytes = rnd() % 2 ? rnd() % 65536 : rnd_val();
		d.stack_bytes = rnd_val();
		d.pt_root = rnd() % 2 ? PA_L1 : rnd_val();
		d.fence_addr = rnd() % 2 ? PA_FENCE(slot) : rnd_val();
		d.counters_addr = rnd() % 2 ? PA_SNAP : rnd_val();
		d.flags = rnd() % 8;
		d.entry = rnd() % 2 ? VA(PA_CODE) : rnd_val();
		d.placement = rnd() % 8;
		d.coherence = rnd() % 3;
		d.insn_budget = rnd() % 100000;
		break;
	default: /* valid, with a small budget */
		d.insn_budget = 1 + rnd() % 50000;
		break;
	}
	mem_w32(PA_ARGS + 4, rnd() % 4);
	mem_write(PA_RING(slot) + sizeof(d) * (rnd() % 4), &d, sizeof(d));
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_DOORBELL), rnd() % 5);
}

/* A parameter id: a known one (a slot beyond the device now and then). */
static uint32_t rnd_param(uint32_t slots)
{
	uint32_t p = corun_fw_params_all[rnd() % CORUN_FW_NPARAMS];

	if (rnd() % 8 == 0)
		return rnd(); /* anything */
	return p & 0xff00 ? CORUN_FW_PARAM_SLOT(p, rnd() % (slots + 2)) : p;
}

/*
 * A firmware request through the mailbox, mostly well formed with random
 * values, so that the firmware's parameter validation and the window
 * registers its policies write are exercised; the reply is awaited.
 * Returns the reply's status, or ~0 if none came.
 */
static uint32_t fuzz_mbox(uint32_t slots, uint32_t seq)
{
	uint32_t in[CORUN_MBOX_WORDS] = { 0 }, out[CORUN_MBOX_WORDS];
	uint32_t n, i;

	switch (rnd() % 4) {
	case 0:
		in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 2);
		in[1] = rnd_param(slots);
		in[2] = rnd_val();
		break;
	case 1: /* 1..8 pairs: 8 is one too many */
		n = 1 + rnd() % (CORUN_FW_SET_PARAMS_MAX + 1);
		in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAMS,
				       n > CORUN_FW_SET_PARAMS_MAX ? 15 : 2 * n);
		for (i = 0; i < n && 2 * i + 2 < CORUN_MBOX_WORDS; i++) {
			in[1 + 2 * i] = rnd_param(slots);
			in[2 + 2 * i] = rnd_val();
		}
		break;
	case 2:
		in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 1);
		in[1] = rnd_param(slots);
		break;
	default: /* any header and words */
		for (i = 0; i < CORUN_MBOX_WORDS; i++)
			in[i] = i ? rnd_val() : rnd();
		break;
	}
	return CORUN_MBOX_HDR_CMD(mbox(in, out, seq));
}

/* Slot @s's ring of 4 at PA_RING(s), enabled, fault cleared. */
static void fuzz_slot(uint32_t s)
{
	wr(CORUN_REG_SLOT(s, CORUN_SLOT_CTRL), 0);
	wr(CORUN_REG_SLOT(s, CORUN_SLOT_RING_LO), PA_RING(s));
	wr(CORUN_REG_SLOT(s, CORUN_SLOT_RING_HI), 0);
	wr(CORUN_REG_SLOT(s, CORUN_SLOT_RING_SIZE), 4);
	wr(CORUN_REG_SLOT(s, CORUN_SLOT_CTRL),
	   CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
}

/*
 * A rogue firmware image: FUZZ_WINDOW_WRITES (offset, value) pairs, each
 * stored to the microcontroller's window and read back, then an illegal
 * instruction. Offsets: mostly the global registers and the slots' (one
 * slot beyond the device too), now and then any word of the window.
 * Waits for the crash that ends it; returns 1 if it came.
 */
static int fuzz_window(uint32_t slots)
{
	static struct {
		struct corun_fw_header h;
		uint32_t w[16 + 2 * FUZZ_WINDOW_WRITES];
	} img;
	const uint32_t tbl = 16 * 4, end = tbl + 8 * FUZZ_WINDOW_WRITES;
	uint32_t n = 0, i, off;

	memset(&img, 0, sizeof(img));
	rv_li(img.w, &n, T0, tbl); /* the next pair */
	rv_li(img.w, &n, T1, end); /* the end of the table */
	img.w[n++] = LUI(S0, CORUN_MCU_CTL_BASE >> 12); /* the window */
	img.w[n++] = LW(A0, T0, 0);
	img.w[n++] = LW(A1, T0, 4);
	img.w[n++] = ADD(A0, A0, S0);
	img.w[n++] = SW(A1, A0, 0);
	img.w[n++] = LW(A2, A0, 0);
	img.w[n++] = ADDI(T0, T0, 8);
	img.w[n++] = BLT(T0, T1, -24);
	img.w[n++] = 0; /* illegal: the end */
	for (i = 0; i < FUZZ_WINDOW_WRITES; i++) {
		switch (rnd() % 4) {
		case 0:
			off = rnd() % CORUN_MCU_CTL_SIZE;
			break;
		case 1:
			off = rnd() % 0x180;
			break;
		default:
			off = CORUN_MCU_SLOT(rnd() % (slots + 1),
					     rnd() % CORUN_MCU_SLOT_STRIDE);
			break;
		}
		img.w[16 + 2 * i] = off & ~3u;
		img.w[17 + 2 * i] = rnd_val();
	}
	img.h.magic = CORUN_FW_MAGIC;
	img.h.fwif_version = CORUN_FWIF_VERSION;
	img.h.header_size = sizeof(img.h);
	img.h.fw_version = 0x00660001;
	img.h.payload_size = sizeof(img.w);
	img.h.payload_crc32 = crc32((const uint8_t *)img.w, sizeof(img.w));
	mem_write(PA_FW, &img, sizeof(img));
	fw_load(PA_FW, sizeof(img));
	return wait_reg(CORUN_REG_FW_STATUS, ~0u, CORUN_FW_CRASHED);
}

static void test_fuzz(uint64_t seed, unsigned int ops)
{
	uint32_t slots = rd(CORUN_REG_NUM_SLOTS), off, v, s, st, seq = 1000;
	unsigned int i, jobs = 0, accepted = 0, done = 0, reqs = 0, ok = 0;
	unsigned int windows = 0, window_ends = 0;
	unsigned long writes0 = nwrites;
	time_t t0 = time(NULL);
	int status;

	rng = seed ? seed : 1;
	for (i = 0; i < ops && !dead; i++) {
		if (rnd() % FUZZ_JOB_EVERY == 0) {
			fuzz_desc(slots);
			jobs++;
			continue;
		}
		if (rnd() % FUZZ_REQUEST_EVERY == 0 &&
		    rd(CORUN_REG_FW_STATUS) == CORUN_FW_RUNNING) {
			st = fuzz_mbox(slots, ++seq);
			reqs++;
			ok += st == CORUN_FW_OK;
			continue;
		}
		if (rnd() % FUZZ_WINDOW_EVERY == 0) {
			window_ends += fuzz_window(slots);
			windows++;
			continue;
		}
		off = rnd_off(slots);
		v = rnd_val();
		/* Full resets are slow-ish: keep them rare. */
		if (off == CORUN_REG_CONTROL && (v & CORUN_CTRL_RESET) &&
		    rnd() % 16)
			v &= ~CORUN_CTRL_RESET;
		switch (rnd() % 32) {
		case 0:
			nwrites++;
			cmd(NULL, NULL, 0, "writeb 0x%x 0x%x", BAR0 + off,
			    v & 0xff);
			break;
		case 1:
			nwrites++;
			cmd(NULL, NULL, 0, "writeq 0x%x 0x%x%08x", BAR0 + off, v,
			    rnd());
			break;
		case 2:
			rd(off);
			break;
		default:
			wr(off, v);
			break;
		}
		/*
		 * Now and then: the clock on, the rings back, firmware up, so
		 * that doorbells and mailbox requests get through too.
		 */
		if (i % 500 == 0) {
			wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE);
			for (s = 0; s < slots; s++)
				fuzz_slot(s);
			if (rd(CORUN_REG_FW_STATUS) != CORUN_FW_RUNNING) {
				mem_write(PA_FW, fw, fw_len);
				fw_load(PA_FW, fw_len);
				accepted += wait_reg(CORUN_REG_STATUS,
						     CORUN_STATUS_FW_READY,
						     CORUN_STATUS_FW_READY);
			}
		}
		if (time(NULL) > deadline - 10)
			break;
	}
	for (s = 0; s < slots; s++)
		done += rd(CORUN_REG_SLOT(s, CORUN_SLOT_DONE_LO)) != 0;
	printf("# fuzz: seed %" PRIu64 ", %u of %u operations in %ld s: %lu "
	       "BAR0 writes, %u descriptors, %u firmware requests (%u "
	       "accepted), %u rogue images (%u window writes); %u firmware "
	       "boots, %u slots with a finished job\n",
	       seed, i, ops, (long)(time(NULL) - t0), nwrites - writes0, jobs,
	       reqs, ok, windows, windows * FUZZ_WINDOW_WRITES, accepted,
	       done);
	result("fuzz_complete", i == ops && windows > 0 &&
	       window_ends == windows, "%u of %u operations before the "
	       "deadline; %u of %u rogue images ran to their end", i, ops,
	       window_ends, windows);
	/* The firmware, loaded afresh, answers as it should after all that. */
	mem_write(PA_FW, fw, fw_len);
	fw_load(PA_FW, fw_len);
	{
		uint32_t in[CORUN_MBOX_WORDS] = { 0 };
		uint32_t out[CORUN_MBOX_WORDS] = { 0 };

		in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_VERSION, 0);
		result("fuzz_fw_alive", !dead && reqs > 0 && ok > 0 &&
		       wait_reg(CORUN_REG_STATUS, CORUN_STATUS_FW_READY,
				CORUN_STATUS_FW_READY) &&
		       mbox(in, out, ++seq) == CORUN_MBOX_HDR(CORUN_FW_OK, 3) &&
		       out[1] == CORUN_FWIF_VERSION,
		       "%u requests, %u accepted, reply 0x%x", reqs, ok,
		       out[0]);
	}
	result("fuzz_alive", !dead && rd(CORUN_REG_ID) == CORUN_ID_MAGIC &&
	       waitpid(qpid, &status, WNOHANG) == 0, "QEMU %s",
	       dead ? "stopped answering" : "ID wrong or exited");
	/* A full reset brings the device back to a clean state. */
	wr(CORUN_REG_CONTROL, CORUN_CTRL_RESET);
	result("fuzz_reset_clean", !dead && rd(CORUN_REG_STATUS) == 0 &&
	       rd(CORUN_REG_ERROR) == 0 && rd(CORUN_REG_FW_STATUS) ==
	       CORUN_FW_OFF && rd(CORUN_REG_ID) == CORUN_ID_MAGIC,
	       "STATUS 0x%x ERROR 0x%x FW_STATUS %u", rd(CORUN_REG_STATUS),
	       rd(CORUN_REG_ERROR), rd(CORUN_REG_FW_STATUS));
}

/*
 * valgrind's verdict on the QEMU that exited with @status: its exit code
 * (VG_ERROR_EXIT on any error) and the log's last "ERROR SUMMARY" line,
 * which it writes only after the leak check at exit. On an error, or if
 * the summary is missing, the log is printed.
 */
static void check_valgrind(const char *log, int status)
{
	char line[1024], lost[160] = "no leak summary";
	int vg_exit = WIFEXITED(status) &&
		      WEXITSTATUS(status) == VG_ERROR_EXIT;
	long nerr = -1;
	unsigned int n = 0;
	char *p;
	FILE *f = fopen(log, "r");
	int err = f ? 0 : errno;

	while (f && fgets(line, sizeof(line), f)) {
		p = strstr(line, "ERROR SUMMARY: ");
		if (p)
			nerr = strtol(p + 15, NULL, 10);
		p = strstr(line, "definitely lost: ");
		if (p)
			snprintf(lost, sizeof(lost), "%.*s", (int)strcspn(p, "\n"),
				 p);
	}
	printf("# valgrind: %ld errors, %s (log: %s)\n", nerr, lost, log);
	if (f && (nerr != 0 || vg_exit)) {
		rewind(f);
		while (fgets(line, sizeof(line), f) && n++ < VG_LOG_LINES)
			printf("# %s", line);
		if (n > VG_LOG_LINES)
			printf("# (the first %u lines of %s)\n", VG_LOG_LINES,
			       log);
	}
	if (f)
		fclose(f);
	result("valgrind_clean", f && nerr == 0 && !vg_exit, "%s: %s", log,
	       !f ? strerror(err) : nerr < 0 ? "no ERROR SUMMARY: valgrind "
	       "did not finish" : "errors found (the log above)");
}

#define NCASES 36

int main(int argc, char **argv)
{
	uint64_t seed = 0x5eed;
	unsigned int ops = FUZZ_OPS;
	const char *vglog = NULL, *prog = argv[0];
	int status = 0, ok, opt, ncases = NCASES;
	pid_t r;

	while ((opt = getopt(argc, argv, "s:m:")) != -1) {
		switch (opt) {
		case 's':
			slow = strtoul(optarg, NULL, 0);
			break;
		case 'm':
			vglog = optarg;
			ncases++;
			break;
		default:
			slow = 0;
			break;
		}
	}
	argc -= optind - 1;
	argv += optind - 1;
	if (argc < 4 || argc > 6 || !slow || slow > 1000) {
		fprintf(stderr, "usage: %s [-s SLOW (1..1000)] [-m VALGRIND-LOG] "
			"QEMU FW-IMAGE LOG [SEED [OPS]]\n", prog);
		return 2;
	}
	if (argc >= 5)
		seed = strtoull(argv[4], NULL, 0);
	if (argc == 6)
		ops = strtoul(argv[5], NULL, 0);
	if (!ops || ops > 100000000) {
		fprintf(stderr, "%s: OPS must be 1..100000000\n", prog);
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	deadline = time(NULL) + (QTEST_DEADLINE +
		   (ops > FUZZ_OPS ? (ops - FUZZ_OPS) / 250 : 0)) * slow;
	printf("KTAP version 1\n1..%d\n", ncases);
	ok = !read_fw(argv[2]);
	result("fw_image_read", ok, "%s: %s", argv[2], strerror(errno));
	if (ok) {
		ok = !start_qemu(argv[1], argv[3]) && find_device();
		result("device_found", ok, "QEMU %s did not start or has no "
		       "%04x:%04x (log: %s)", argv[1], CORUN_PCI_VENDOR_ID,
		       CORUN_PCI_DEVICE_ID, argv[3]);
	}
	if (ok) {
		test_reset_values();
		setup_memory();
		test_no_fw();
		test_firmware();
		test_fw_crash();
		test_fw_heartbeat();
		test_jobs();
		test_fw_clock();
		test_lockstep();
		test_hold();
		test_fuzz(seed, ops);
	}
	if (qpid > 0) {
		kill(qpid, SIGTERM);
		while ((r = waitpid(qpid, &status, 0)) < 0 && errno == EINTR)
			;
		/* Under valgrind, VG_ERROR_EXIT is valgrind_clean's to judge. */
		result("qemu_exit_clean", r == qpid && ((WIFSIGNALED(status) &&
		       WTERMSIG(status) == SIGTERM) || (WIFEXITED(status) &&
		       (WEXITSTATUS(status) == 0 || (vglog &&
		       WEXITSTATUS(status) == VG_ERROR_EXIT)))),
		       "QEMU status 0x%x (log: %s)", status, argv[3]);
		if (vglog)
			check_valgrind(vglog, status);
	}
	while (ncase < ncases)
		result("skipped", 0, "earlier case failed");
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
