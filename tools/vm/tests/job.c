// SPDX-License-Identifier: GPL-2.0
/*
 * job: run real jobs on the corun-gpu device from user space in the guest,
 * before any driver exists. Built statically on the host, run as root in
 * the guest from the 9p share (no driver may own the device).
 *
 * BAR0 is mapped through sysfs resource0; bus mastering is enabled through
 * the config file. Device-visible memory is one 2 MiB hugepage
 * (MAP_HUGETLB, physically contiguous), whose physical address comes from
 * /proc/self/pagemap. In it: the 16 KiB page-table root, one level-2
 * table, the rings, fences, job counters, a hand-assembled RV32 kernel
 * (out[gid] = gid + 0x100, gid = ctaid.x * ntid.x + tid.x; out from
 * args[0]) and its output. Cases: a good job on slot 0 (fence, DONE,
 * RING_HEAD, output, counters, IRQ_STATUS.JOB, cycle counter), a job
 * storing to an unmapped VA on slot 1 (fault record, FAULTED, IRQ FAULT,
 * slot reset), a job whose page maps outside guest RAM on slot 2
 * (CORUN_FAULT_BUS, the device survives).
 *
 * Before the jobs, the firmware (argv[1], corun-fw.bin from the share) is
 * uploaded as the driver will: a doorbell before firmware is refused
 * (CORUN_ERR_NO_FW), a corrupted image and one outside guest RAM are
 * rejected (FW_STATUS BAD_IMAGE, IRQ FW_ERROR), the real image completes
 * the handshake (FW_READY, FW_VERSION) and answers VERSION, ECHO,
 * SET_PARAM and GET_PARAM through the mailbox (IRQ MAILBOX).
 *
 * Prints KTAP and a final "N passed, N failed" line; exit 0 only if every
 * case passed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <corun/fwif.h>
#include <corun/hw.h>
#include <corun/kernel.h>
#include <testing/rv32asm.h>

#define HUGE_SIZE (2u << 20)
#define NTHREADS 64
#define BLOCK 32

/* Offsets in the hugepage. */
#define OFF_L1 0x00000
#define OFF_L2 0x04000
#define OFF_RING(slot) (0x05000 + 0x1000 * (slot)) /* slots 0..2 */
#define OFF_FENCE(slot) (0x08000 + 8 * (slot))
#define OFF_COUNTERS 0x08100
#define OFF_CODE 0x10000
#define OFF_OUT 0x20000
#define OFF_ARGS(slot) (0x30000 + 0x1000 * (slot))
#define OFF_FW 0x180000 /* up to 256 KiB + header */

/* GPU VAs: identical to the offsets (all below 2 MiB: one L2 table). */
#define VA_UNMAPPED 0x40000u
#define VA_BUS 0x50000u
#define PA_BUS 0x000ffffffff00000ull /* far beyond guest RAM */

static volatile uint32_t *regs;
static uint8_t *mem;
static uint64_t mem_pa;
static uint8_t *fw_image;
static size_t fw_len;
static uint32_t mbox_seq;

static int fw_boot(void);
static int npass, nfail, ncase;

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

static uint32_t rd(uint32_t off)
{
	return regs[off / 4];
}

static void wr(uint32_t off, uint32_t val)
{
	regs[off / 4] = val;
}

/*
 * out = args[0]; n = args[1]; gid = ctaid.x * ntid.x + tid.x;
 * while (n) n--; out[gid] = gid + 0x100; exit.
 * KERNEL_INSNS thread instructions plus 2 per loop iteration; the store
 * is at STORE_PC.
 */
#define KERNEL_INSNS RV32ASM_GID_INSNS(1)
#define STORE_PC (OFF_CODE + 4 * RV32ASM_GID_STORE(1))

static void assemble(uint32_t *p)
{
	rv32asm_gid_store(p, 1);
}

static void map_page(uint32_t va, uint64_t pa, uint64_t perm)
{
	uint64_t *l2 = (uint64_t *)(mem + OFF_L2);

	l2[CORUN_PT_L2_INDEX(va)] = (pa & CORUN_PTE_ADDR_MASK) |
				    CORUN_PTE_VALID | perm;
}

static int find_device(char *dir, size_t len)
{
	const char *base = "/sys/bus/pci/devices";
	struct dirent *de;
	char path[512], buf[32];
	unsigned int ven, dev;
	DIR *d = opendir(base);
	FILE *f;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/vendor", base, de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		ven = fgets(buf, sizeof(buf), f) ? strtoul(buf, NULL, 0) : 0;
		fclose(f);
		snprintf(path, sizeof(path), "%s/%s/device", base, de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		dev = fgets(buf, sizeof(buf), f) ? strtoul(buf, NULL, 0) : 0;
		fclose(f);
		if (ven == CORUN_PCI_VENDOR_ID && dev == CORUN_PCI_DEVICE_ID) {
			snprintf(dir, len, "%s/%s", base, de->d_name);
			found = 1;
		}
	}
	closedir(d);
	return found;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Memory decoding and bus mastering on (PCI command register bits 1, 2). */
static int enable_device(const char *dir)
{
	char path[600];
	uint16_t cmd;
	int fd;

	snprintf(path, sizeof(path), "%s/enable", dir);
	if (write_file(path, "1"))
		return -1;
	snprintf(path, sizeof(path), "%s/config", dir);
	fd = open(path, O_RDWR);
	if (fd < 0 || pread(fd, &cmd, 2, 4) != 2)
		return -1;
	cmd |= 0x6;
	if (pwrite(fd, &cmd, 2, 4) != 2)
		return -1;
	close(fd);
	return 0;
}

static int map_bar0(const char *dir)
{
	char path[600];
	void *p;
	int fd;

	snprintf(path, sizeof(path), "%s/resource0", dir);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0)
		return -1;
	p = mmap(NULL, CORUN_BAR_REGS_SIZE, PROT_READ | PROT_WRITE,
		 MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return -1;
	regs = p;
	return 0;
}

static uint64_t virt_to_phys(void *va)
{
	uint64_t ent;
	long psz = sysconf(_SC_PAGESIZE);
	int fd = open("/proc/self/pagemap", O_RDONLY);
	off_t off = (off_t)((uintptr_t)va / psz) * 8;

	if (fd < 0)
		return 0;
	if (pread(fd, &ent, 8, off) != 8)
		ent = 0;
	close(fd);
	if (!(ent & (1ull << 63)) || !(ent & ((1ull << 55) - 1)))
		return 0; /* not present, or PFNs hidden (not root) */
	return (ent & ((1ull << 55) - 1)) * psz + (uintptr_t)va % psz;
}

static int alloc_mem(char *why, size_t len)
{
	uint64_t pa;
	unsigned int i;

	write_file("/proc/sys/vm/nr_hugepages", "4");
	mem = mmap(NULL, HUGE_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_POPULATE,
		   -1, 0);
	if (mem == MAP_FAILED) {
		snprintf(why, len, "MAP_HUGETLB: %s", strerror(errno));
		return -1;
	}
	if (mlock(mem, HUGE_SIZE))
		snprintf(why, len, "mlock: %s (continuing)", strerror(errno));
	memset(mem, 0, HUGE_SIZE);
	mem_pa = virt_to_phys(mem);
	if (!mem_pa || (mem_pa & (HUGE_SIZE - 1))) {
		snprintf(why, len, "pagemap gave PA 0x%" PRIx64, mem_pa);
		return -1;
	}
	/* Contiguity check: every 4 KiB page where the hugepage says. */
	for (i = 0; i < HUGE_SIZE; i += 0x1000) {
		pa = virt_to_phys(mem + i);
		if (pa != mem_pa + i) {
			snprintf(why, len, "page +0x%x at PA 0x%" PRIx64
				 ", expected 0x%" PRIx64, i, pa, mem_pa + i);
			return -1;
		}
	}
	return 0;
}

static void setup_memory(void)
{
	uint64_t *l1 = (uint64_t *)(mem + OFF_L1);
	unsigned int s;

	l1[0] = ((mem_pa + OFF_L2) & CORUN_PTE_ADDR_MASK) | CORUN_PTE_VALID;
	assemble((uint32_t *)(mem + OFF_CODE));
	map_page(OFF_CODE, mem_pa + OFF_CODE, CORUN_PTE_READ | CORUN_PTE_EXEC);
	map_page(OFF_OUT, mem_pa + OFF_OUT, CORUN_PTE_READ | CORUN_PTE_WRITE);
	for (s = 0; s < 3; s++)
		map_page(OFF_ARGS(s), mem_pa + OFF_ARGS(s), CORUN_PTE_READ);
	map_page(VA_BUS, PA_BUS, CORUN_PTE_READ | CORUN_PTE_WRITE);
	*(uint32_t *)(mem + OFF_ARGS(0)) = OFF_OUT;
	*(uint32_t *)(mem + OFF_ARGS(1)) = VA_UNMAPPED;
	*(uint32_t *)(mem + OFF_ARGS(2)) = VA_BUS;
	memset(mem + OFF_OUT, 0xee, NTHREADS * 4);
}

/* Program slot @slot's ring and ring one job of @nthreads with @seqno. */
static void submit_n(unsigned int slot, uint64_t seqno, uint32_t flags,
		     unsigned int nthreads)
{
	struct corun_job_desc *d =
		(struct corun_job_desc *)(mem + OFF_RING(slot));
	uint64_t ring = mem_pa + OFF_RING(slot);

	memset(d, 0, sizeof(*d));
	d->magic = CORUN_DESC_MAGIC;
	d->version = CORUN_DESC_VERSION;
	d->size = sizeof(*d);
	d->flags = flags;
	d->ctx_id = slot + 1;
	d->pt_root = mem_pa + OFF_L1;
	d->fence_addr = mem_pa + OFF_FENCE(slot);
	d->seqno = seqno;
	d->counters_addr = (flags & CORUN_DESC_F_COUNTERS) ?
			   mem_pa + OFF_COUNTERS : 0;
	d->entry = OFF_CODE;
	d->args = OFF_ARGS(slot);
	d->grid[0] = nthreads / BLOCK;
	d->grid[1] = d->grid[2] = 1;
	d->block[0] = BLOCK;
	d->block[1] = d->block[2] = 1;
	d->regs_per_thread = 32;
	d->insn_budget = 100000000;
	__sync_synchronize();

	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_CTRL), 0);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_RING_LO), (uint32_t)ring);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_RING_HI), (uint32_t)(ring >> 32));
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_RING_SIZE), 4);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_CTRL), CORUN_SLOT_CTRL_ENABLE);
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_DOORBELL), 1);
}

static void submit(unsigned int slot, uint64_t seqno, uint32_t flags)
{
	submit_n(slot, seqno, flags, NTHREADS);
}

/* Wait for the fence of @slot to reach @seqno; 0 on time-out. */
static int wait_fence(unsigned int slot, uint64_t seqno)
{
	volatile uint64_t *fence = (uint64_t *)(mem + OFF_FENCE(slot));
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if (*fence == seqno)
			return 1;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec > 60)
			return 0;
		usleep(1000);
	}
}

static void test_good_job(void)
{
	struct corun_job_counters *c =
		(struct corun_job_counters *)(mem + OFF_COUNTERS);
	uint32_t *out = (uint32_t *)(mem + OFF_OUT);
	unsigned int i, bad = 0, first = 0;
	int done;

	wr(CORUN_REG_ERROR, 0xffffffff);
	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	submit(0, 0x100000001ull, CORUN_DESC_F_IRQ | CORUN_DESC_F_COUNTERS);
	done = wait_fence(0, 0x100000001ull);
	result("job_fence", done, "fence is 0x%" PRIx64 " after 60 s",
	       *(volatile uint64_t *)(mem + OFF_FENCE(0)));
	if (!done)
		return;
	for (i = 0; i < NTHREADS; i++) {
		if (out[i] != i + 0x100 && !bad++)
			first = i;
	}
	result("job_output", !bad, "%u of %u words wrong, first out[%u] = "
	       "0x%08x", bad, NTHREADS, first, out[first]);
	result("job_done_seqno",
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)) == 1 &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_HI)) == 1,
	       "DONE 0x%08x:%08x",
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_HI)),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)));
	result("job_ring_head", rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_HEAD)) == 1,
	       "RING_HEAD %u", rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_HEAD)));
	result("job_slot_idle",
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)) == CORUN_SLOT_IDLE,
	       "slot STATUS %u", rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)));
	result("job_counters", c->slot == 0 && c->fault == 0 &&
	       c->c.thread_insns == (uint64_t)KERNEL_INSNS * NTHREADS &&
	       c->c.ctas_done == NTHREADS / BLOCK &&
	       c->end_cycle > c->start_cycle,
	       "slot %u fault %u thread_insns %" PRIu64 " (expected %u) "
	       "ctas_done %" PRIu64 " cycles %" PRIu64 "..%" PRIu64,
	       c->slot, c->fault, c->c.thread_insns, KERNEL_INSNS * NTHREADS,
	       c->c.ctas_done, c->start_cycle, c->end_cycle);
	printf("# job of %u threads: cycles %" PRIu64 "..%" PRIu64 "\n",
	       NTHREADS, c->start_cycle, c->end_cycle);
	result("job_progress", rd(CORUN_REG_SLOT(0, CORUN_SLOT_PROGRESS)) ==
	       KERNEL_INSNS * NTHREADS / 32, "PROGRESS %u, expected %u warp "
	       "insns", rd(CORUN_REG_SLOT(0, CORUN_SLOT_PROGRESS)),
	       KERNEL_INSNS * NTHREADS / 32);
	result("job_irq_status", (rd(CORUN_REG_IRQ_STATUS) &
	       (CORUN_IRQ_JOB | CORUN_IRQ_FAULT)) == CORUN_IRQ_JOB,
	       "IRQ_STATUS 0x%08x", rd(CORUN_REG_IRQ_STATUS));
	result("job_cycle_counter", rd(CORUN_REG_CYCLE_LO) >= c->end_cycle &&
	       rd(CORUN_REG_CYCLE_HI) == 0, "CYCLE %u:%u, job ended at %" PRIu64,
	       rd(CORUN_REG_CYCLE_HI), rd(CORUN_REG_CYCLE_LO), c->end_cycle);
	result("job_no_error", rd(CORUN_REG_ERROR) == 0, "ERROR 0x%08x",
	       rd(CORUN_REG_ERROR));
}

static uint32_t fault_reg(unsigned int slot, unsigned int word)
{
	return rd(CORUN_REG_SLOT(slot, CORUN_SLOT_FAULT) + 4 * word);
}

static void test_fault_job(unsigned int slot, uint32_t cause, uint32_t va,
		   const char *name)
{
	char n[64];
	int done;

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	submit(slot, 7, 0);
	done = wait_fence(slot, 7);
	snprintf(n, sizeof(n), "%s_fence", name);
	result(n, done, "fence is 0x%" PRIx64 " after 60 s",
	       *(volatile uint64_t *)(mem + OFF_FENCE(slot)));
	if (!done)
		return;
	usleep(10000); /* the registers follow the fence within a chunk */
	snprintf(n, sizeof(n), "%s_record", name);
	result(n, fault_reg(slot, 0) == cause &&
	       (fault_reg(slot, 1) & 0xffff) == CORUN_ACCESS_WRITE &&
	       (fault_reg(slot, 1) >> 16) == slot &&
	       (fault_reg(slot, 7) & ~0xffu) == va &&
	       fault_reg(slot, 6) == STORE_PC,
	       "cause %u (expected %u) access/slot 0x%08x pc 0x%08x addr "
	       "0x%08x", fault_reg(slot, 0), cause, fault_reg(slot, 1),
	       fault_reg(slot, 6), fault_reg(slot, 7));
	snprintf(n, sizeof(n), "%s_slot_faulted", name);
	result(n, rd(CORUN_REG_SLOT(slot, CORUN_SLOT_STATUS)) ==
	       CORUN_SLOT_FAULTED && rd(CORUN_REG_SLOT(slot, CORUN_SLOT_DONE_LO))
	       == 7, "slot STATUS %u DONE %u",
	       rd(CORUN_REG_SLOT(slot, CORUN_SLOT_STATUS)),
	       rd(CORUN_REG_SLOT(slot, CORUN_SLOT_DONE_LO)));
	snprintf(n, sizeof(n), "%s_irq_status", name);
	result(n, rd(CORUN_REG_IRQ_STATUS) & CORUN_IRQ_FAULT,
	       "IRQ_STATUS 0x%08x", rd(CORUN_REG_IRQ_STATUS));
	wr(CORUN_REG_SLOT(slot, CORUN_SLOT_CTRL),
	   CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET);
	usleep(10000);
	snprintf(n, sizeof(n), "%s_slot_reset", name);
	result(n, rd(CORUN_REG_SLOT(slot, CORUN_SLOT_STATUS)) ==
	       CORUN_SLOT_IDLE && fault_reg(slot, 0) == 0,
	       "after CTRL.RESET: slot STATUS %u, fault cause %u",
	       rd(CORUN_REG_SLOT(slot, CORUN_SLOT_STATUS)), fault_reg(slot, 0));
}

#define OFF_SNAPSHOT 0x100000

/* Slot @slot's warp instructions summed over the per-SM-and-slot section. */
static uint64_t snapshot_sm_insns(const struct corun_snapshot_header *h,
				  unsigned int slot)
{
	const struct corun_sm_slot_counters *ss = (const void *)
		((const uint8_t *)(h + 1) +
		 h->num_slots * sizeof(struct corun_slot_counters) +
		 h->num_sms * sizeof(struct corun_sm_counters) +
		 h->num_channels * sizeof(struct corun_chan_counters));
	uint64_t sum = 0;
	unsigned int m;

	for (m = 0; m < h->num_sms; m++)
		sum += ss[m * h->num_slots + slot].warp_insns;
	return sum;
}
#define EPOCH_LEN 1000
#define BIG_THREADS 1024 /* one output page */
#define BIG_LOOP 2000

/* A long job with EPOCH_LEN set: EPOCH_SEQ, IRQ EPOCH, the snapshot. */
static void test_epochs(void)
{
	struct corun_snapshot_header *h =
		(struct corun_snapshot_header *)(mem + OFF_SNAPSHOT);
	struct corun_slot_counters *sc =
		(struct corun_slot_counters *)(h + 1);
	uint64_t pa = mem_pa + OFF_SNAPSHOT;
	uint32_t seq0 = rd(CORUN_REG_EPOCH_SEQ), seq;
	int done;

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	wr(CORUN_REG_SNAPSHOT_LO, (uint32_t)pa);
	wr(CORUN_REG_SNAPSHOT_HI, (uint32_t)(pa >> 32));
	wr(CORUN_REG_EPOCH_LEN, EPOCH_LEN);
	((uint32_t *)(mem + OFF_ARGS(0)))[1] = BIG_LOOP;
	submit_n(0, 2, 0, BIG_THREADS);
	done = wait_fence(0, 2);
	result("epoch_job_fence", done, "fence is 0x%" PRIx64 " after 60 s",
	       *(volatile uint64_t *)(mem + OFF_FENCE(0)));
	usleep(10000);
	seq = rd(CORUN_REG_EPOCH_SEQ);
	result("epoch_seq", seq > seq0 && (rd(CORUN_REG_IRQ_STATUS) &
	       CORUN_IRQ_EPOCH), "EPOCH_SEQ %u -> %u, IRQ_STATUS 0x%08x",
	       seq0, seq, rd(CORUN_REG_IRQ_STATUS));
	result("epoch_snapshot", h->magic == CORUN_SNAPSHOT_MAGIC &&
	       h->version == CORUN_SNAPSHOT_VERSION &&
	       h->size == rd(CORUN_REG_SNAPSHOT_SIZE) &&
	       h->size == corun_snapshot_size(h->num_slots, h->num_sms,
					      h->num_channels) &&
	       h->epoch == seq && h->num_slots == rd(CORUN_REG_NUM_SLOTS) &&
	       h->num_sms == rd(CORUN_REG_NUM_SMS) &&
	       h->num_channels == rd(CORUN_REG_NUM_CHANNELS) &&
	       h->epoch_cycles == EPOCH_LEN && sc[0].warp_insns > 0 &&
	       snapshot_sm_insns(h, 0) == sc[0].warp_insns,
	       "magic 0x%08x version %u size %u (reg %u) epoch %u (seq %u) "
	       "slots %u sms %u epoch_cycles %" PRIu64 " slot0 warp_insns %"
	       PRIu64, h->magic, h->version, h->size,
	       rd(CORUN_REG_SNAPSHOT_SIZE), h->epoch, seq, h->num_slots,
	       h->num_sms, h->epoch_cycles, sc[0].warp_insns);
}

/* CONTROL.LOCKSTEP: the device pauses at each epoch end until EPOCH_ACK. */
static void test_lockstep(void)
{
	volatile uint64_t *fence = (uint64_t *)(mem + OFF_FENCE(0));
	unsigned int pauses = 0, bad = 0;
	uint32_t seq, st, last = rd(CORUN_REG_EPOCH_SEQ);
	struct timespec t0, t;

	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE | CORUN_CTRL_LOCKSTEP);
	submit_n(0, 3, 0, BIG_THREADS);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (*fence != 3) {
		st = rd(CORUN_REG_STATUS);
		if (st & CORUN_STATUS_EPOCH_WAIT) {
			seq = rd(CORUN_REG_EPOCH_SEQ);
			if ((st & CORUN_STATUS_RUNNING) || seq != last + 1)
				bad++;
			last = seq;
			pauses++;
			usleep(2000);
			/* Still paused: the clock did not move on. */
			if (rd(CORUN_REG_EPOCH_SEQ) != seq)
				bad++;
			wr(CORUN_REG_EPOCH_ACK, seq);
		}
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec > 60)
			break;
	}
	result("lockstep_pauses", *fence == 3 && pauses >= 2 && !bad,
	       "fence 0x%" PRIx64 ", %u pauses, %u inconsistent", *fence,
	       pauses, bad);
	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE);
	wr(CORUN_REG_EPOCH_LEN, 0);
	result("lockstep_no_error", rd(CORUN_REG_ERROR) == 0, "ERROR 0x%08x",
	       rd(CORUN_REG_ERROR));
}

/*
 * CONTROL.RESET while a job is paused in lockstep: the simulation thread
 * is stopped and restarted with a fresh model, every register is back at
 * its reset value, and a job submitted afterwards runs.
 */
static void test_full_reset(void)
{
	volatile uint64_t *fence = (uint64_t *)(mem + OFF_FENCE(0));
	struct timespec t0, t;
	int paused = 0, done;

	wr(CORUN_REG_EPOCH_LEN, EPOCH_LEN);
	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE | CORUN_CTRL_LOCKSTEP);
	((uint32_t *)(mem + OFF_ARGS(0)))[1] = BIG_LOOP;
	submit_n(0, 4, 0, BIG_THREADS);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!paused) {
		paused = !!(rd(CORUN_REG_STATUS) & CORUN_STATUS_EPOCH_WAIT);
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec > 60)
			break;
	}
	wr(CORUN_REG_CONTROL, CORUN_CTRL_RESET);
	result("reset_mid_job", paused && rd(CORUN_REG_CONTROL) == 0 &&
	       rd(CORUN_REG_STATUS) == 0 && rd(CORUN_REG_EPOCH_SEQ) == 0 &&
	       rd(CORUN_REG_CYCLE_LO) == 0 && rd(CORUN_REG_ERROR) == 0 &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_SIZE)) == 0 &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)) == CORUN_SLOT_DISABLED &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)) == 0 && *fence != 4,
	       "paused %d; after CONTROL.RESET: CONTROL 0x%x STATUS 0x%x "
	       "EPOCH_SEQ %u CYCLE %u ERROR 0x%x RING_SIZE %u slot STATUS %u "
	       "DONE %u fence 0x%" PRIx64, paused, rd(CORUN_REG_CONTROL),
	       rd(CORUN_REG_STATUS), rd(CORUN_REG_EPOCH_SEQ),
	       rd(CORUN_REG_CYCLE_LO), rd(CORUN_REG_ERROR),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_SIZE)),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)), *fence);
	result("reset_fw_off", rd(CORUN_REG_FW_STATUS) == CORUN_FW_OFF &&
	       rd(CORUN_REG_FW_VERSION) == 0, "FW_STATUS %u FW_VERSION 0x%x",
	       rd(CORUN_REG_FW_STATUS), rd(CORUN_REG_FW_VERSION));
	((uint32_t *)(mem + OFF_ARGS(0)))[1] = 0;
	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE);
	result("fw_reload_after_reset", fw_boot(), "STATUS 0x%08x FW_STATUS %u",
	       rd(CORUN_REG_STATUS), rd(CORUN_REG_FW_STATUS));
	submit(0, 5, 0);
	done = wait_fence(0, 5);
	result("job_after_reset", done &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)) == 5,
	       "fence 0x%" PRIx64 " DONE %u", *fence,
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DONE_LO)));
}

/* The contract: a doorbell without running firmware is refused. */
static void test_no_fw(const char *name)
{
	char n[64];

	usleep(1000);
	*(volatile uint64_t *)(mem + OFF_FENCE(0)) = 0;
	wr(CORUN_REG_ERROR, 0xffffffff);
	submit(0, 1, 0);
	usleep(200000);
	snprintf(n, sizeof(n), "%s_error", name);
	result(n, rd(CORUN_REG_ERROR) == CORUN_ERR_NO_FW,
	       "ERROR 0x%08x, expected 0x%08x", rd(CORUN_REG_ERROR),
	       CORUN_ERR_NO_FW);
	snprintf(n, sizeof(n), "%s_not_taken", name);
	result(n,
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_HEAD)) == 0 &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DOORBELL)) == 0 &&
	       *(volatile uint64_t *)(mem + OFF_FENCE(0)) == 0,
	       "RING_HEAD %u DOORBELL %u fence 0x%" PRIx64,
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_RING_HEAD)),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_DOORBELL)),
	       *(volatile uint64_t *)(mem + OFF_FENCE(0)));
}

static int read_image(const char *path, char *why, size_t len)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f) {
		snprintf(why, len, "%s: %s", path, strerror(errno));
		return -1;
	}
	n = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
	if (n < (long)sizeof(struct corun_fw_header) ||
	    n > (long)(sizeof(struct corun_fw_header) + CORUN_MCU_MEM_SIZE) ||
	    fseek(f, 0, SEEK_SET)) {
		snprintf(why, len, "%s: size %ld out of bounds", path, n);
		fclose(f);
		return -1;
	}
	fw_image = malloc(n);
	fw_len = n;
	if (!fw_image || fread(fw_image, 1, n, f) != (size_t)n) {
		snprintf(why, len, "%s: short read", path);
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

/* Wait until (reg & mask) == val; 0 on a 10 s time-out. */
static int wait_reg(uint32_t reg, uint32_t mask, uint32_t val)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if ((rd(reg) & mask) == val)
			return 1;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec > 10)
			return 0;
		usleep(1000);
	}
}

/* FW_CTRL.LOAD of @len bytes at guest PA @pa. */
static void fw_load(uint64_t pa, uint32_t len)
{
	wr(CORUN_REG_FW_ADDR_LO, (uint32_t)pa);
	wr(CORUN_REG_FW_ADDR_HI, (uint32_t)(pa >> 32));
	wr(CORUN_REG_FW_SIZE, len);
	__sync_synchronize();
	wr(CORUN_REG_FW_CTRL, CORUN_FW_CTRL_LOAD);
}

/* Upload the real image and wait for the handshake. */
static int fw_boot(void)
{
	memcpy(mem + OFF_FW, fw_image, fw_len);
	fw_load(mem_pa + OFF_FW, fw_len);
	return wait_reg(CORUN_REG_STATUS, CORUN_STATUS_FW_READY,
			CORUN_STATUS_FW_READY);
}

static int fw_rejected(void)
{
	return wait_reg(CORUN_REG_FW_STATUS, ~0u, CORUN_FW_BAD_IMAGE) &&
	       (rd(CORUN_REG_STATUS) &
		(CORUN_STATUS_FW_ERROR | CORUN_STATUS_FW_READY)) ==
	       CORUN_STATUS_FW_ERROR &&
	       (rd(CORUN_REG_IRQ_STATUS) & CORUN_IRQ_FW_ERROR);
}

static void test_fw_bad(void)
{
	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	wr(CORUN_REG_ERROR, 0xffffffff);
	memcpy(mem + OFF_FW, fw_image, fw_len);
	mem[OFF_FW + fw_len - 1] ^= 0x5a; /* payload CRC no longer matches */
	fw_load(mem_pa + OFF_FW, fw_len);
	result("fw_bad_crc_rejected", fw_rejected(),
	       "FW_STATUS %u STATUS 0x%08x IRQ_STATUS 0x%08x",
	       rd(CORUN_REG_FW_STATUS), rd(CORUN_REG_STATUS),
	       rd(CORUN_REG_IRQ_STATUS));
	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
	fw_load(PA_BUS, fw_len);
	result("fw_outside_ram_rejected", fw_rejected() &&
	       (rd(CORUN_REG_ERROR) & CORUN_ERR_DMA),
	       "FW_STATUS %u STATUS 0x%08x IRQ_STATUS 0x%08x ERROR 0x%08x",
	       rd(CORUN_REG_FW_STATUS), rd(CORUN_REG_STATUS),
	       rd(CORUN_REG_IRQ_STATUS), rd(CORUN_REG_ERROR));
	wr(CORUN_REG_ERROR, 0xffffffff);
	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_ALL);
}

static void test_fw_handshake(void)
{
	const struct corun_fw_header *h = (const void *)fw_image;
	int ok;

	wr(CORUN_REG_ERROR, 0xffffffff);
	ok = fw_boot();

	result("fw_handshake", ok &&
	       rd(CORUN_REG_FW_STATUS) == CORUN_FW_RUNNING &&
	       rd(CORUN_REG_FW_VERSION) == h->fw_version &&
	       !(rd(CORUN_REG_STATUS) & CORUN_STATUS_FW_ERROR),
	       "ready %d FW_STATUS %u FW_VERSION 0x%08x (image 0x%08x) "
	       "STATUS 0x%08x", ok, rd(CORUN_REG_FW_STATUS),
	       rd(CORUN_REG_FW_VERSION), h->fw_version, rd(CORUN_REG_STATUS));
}

/* One mailbox round trip; returns the reply header or ~0 on time-out. */
static uint32_t mbox(const uint32_t *in, uint32_t *out)
{
	unsigned int i;

	wr(CORUN_REG_IRQ_ACK, CORUN_IRQ_MAILBOX);
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		wr(CORUN_REG_MBOX_IN + 4 * i, in[i]);
	wr(CORUN_REG_MBOX_DOORBELL, ++mbox_seq);
	if (!wait_reg(CORUN_REG_MBOX_DONE, ~0u, mbox_seq) ||
	    !(rd(CORUN_REG_IRQ_STATUS) & CORUN_IRQ_MAILBOX))
		return ~0u;
	for (i = 0; i < CORUN_MBOX_WORDS; i++)
		out[i] = rd(CORUN_REG_MBOX_OUT + 4 * i);
	return out[0];
}

static void test_mailbox(void)
{
	const struct corun_fw_header *h = (const void *)fw_image;
	uint32_t in[CORUN_MBOX_WORDS] = { 0 }, out[CORUN_MBOX_WORDS];
	uint32_t hdr, p = CORUN_FW_PARAM_SLOT(CORUN_FW_P_IRC_PRIO, 1);
	unsigned int i;
	int ok;

	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_VERSION, 0);
	hdr = mbox(in, out);
	result("mbox_version", hdr == CORUN_MBOX_HDR(CORUN_FW_OK, 3) &&
	       out[1] == CORUN_FWIF_VERSION && out[2] == h->fw_version,
	       "reply 0x%08x [0x%x 0x%x 0x%x]", hdr, out[1], out[2], out[3]);

	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_ECHO, CORUN_MBOX_MAX_PAYLOAD);
	for (i = 1; i < CORUN_MBOX_WORDS; i++)
		in[i] = 0xc0de0000u + i * 0x1111u;
	hdr = mbox(in, out);
	ok = hdr == CORUN_MBOX_HDR(CORUN_FW_OK, CORUN_MBOX_MAX_PAYLOAD);
	for (i = 1; ok && i < CORUN_MBOX_WORDS; i++)
		ok = out[i] == in[i];
	result("mbox_echo", ok, "reply 0x%08x word %u 0x%08x", hdr, i - 1,
	       out[i - 1]);

	memset(in, 0, sizeof(in));
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 2);
	in[1] = p;
	in[2] = 7;
	hdr = mbox(in, out);
	ok = hdr == CORUN_MBOX_HDR(CORUN_FW_OK, 1) && out[1] == 0;
	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_GET_PARAM, 1);
	in[2] = 0;
	hdr = mbox(in, out);
	result("mbox_set_get", ok && hdr == CORUN_MBOX_HDR(CORUN_FW_OK, 1) &&
	       out[1] == 7, "GET reply 0x%08x value %u", hdr, out[1]);

	in[0] = CORUN_MBOX_HDR(CORUN_FW_CMD_SET_PARAM, 2);
	in[1] = p;
	in[2] = CORUN_FW_IRC_PRIO_MAX + 1;
	hdr = mbox(in, out);
	result("mbox_set_einval", hdr == CORUN_MBOX_HDR(CORUN_FW_EINVAL, 0) ||
	       CORUN_MBOX_HDR_CMD(hdr) == CORUN_FW_EINVAL, "reply 0x%08x",
	       hdr);
	result("mbox_no_error", rd(CORUN_REG_ERROR) == 0 &&
	       rd(CORUN_REG_FW_STATUS) == CORUN_FW_RUNNING,
	       "ERROR 0x%08x FW_STATUS %u", rd(CORUN_REG_ERROR),
	       rd(CORUN_REG_FW_STATUS));
}

int main(int argc, char **argv)
{
	char dir[512], why[256] = "";
	int ok, total = 49;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FW-IMAGE\n", argv[0]);
		return 2;
	}
	printf("KTAP version 1\n");
	printf("1..%d\n", total);
	ok = find_device(dir, sizeof(dir));
	result("device_found", ok, "no %04x:%04x in /sys/bus/pci/devices",
	       CORUN_PCI_VENDOR_ID, CORUN_PCI_DEVICE_ID);
	if (ok) {
		ok = !enable_device(dir) && !map_bar0(dir);
		result("bar0_mapped", ok && rd(CORUN_REG_ID) == CORUN_ID_MAGIC,
		       "%s: enable/mmap failed (%s) or ID wrong",
		       dir, strerror(errno));
	}
	if (ok) {
		ok = !alloc_mem(why, sizeof(why));
		result("dma_memory", ok, "%s", why);
	}
	if (ok) {
		ok = !read_image(argv[1], why, sizeof(why));
		result("fw_image_read", ok, "%s", why);
	}
	if (!ok)
		goto out;
	setup_memory();
	wr(CORUN_REG_CONTROL, CORUN_CTRL_ENABLE);
	result("status_running", rd(CORUN_REG_STATUS) & CORUN_STATUS_RUNNING,
	       "STATUS 0x%08x after CONTROL.ENABLE", rd(CORUN_REG_STATUS));
	result("fw_cap", rd(CORUN_REG_CAPS) & CORUN_CAP_FIRMWARE,
	       "CAPS 0x%08x", rd(CORUN_REG_CAPS));
	result("fw_not_faked", !(rd(CORUN_REG_STATUS) & CORUN_STATUS_FW_READY) &&
	       rd(CORUN_REG_FW_STATUS) == CORUN_FW_OFF,
	       "STATUS 0x%08x FW_STATUS %u before any load",
	       rd(CORUN_REG_STATUS), rd(CORUN_REG_FW_STATUS));
	test_no_fw("no_fw");
	test_fw_bad();
	test_no_fw("bad_fw");
	test_fw_handshake();
	test_mailbox();
	test_good_job();
	test_fault_job(1, CORUN_FAULT_UNMAPPED, VA_UNMAPPED, "unmapped");
	test_fault_job(2, CORUN_FAULT_BUS, VA_BUS, "bus");
	test_epochs();
	test_lockstep();
	test_full_reset();
	result("device_alive", rd(CORUN_REG_ID) == CORUN_ID_MAGIC &&
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)) == CORUN_SLOT_IDLE,
	       "ID 0x%08x, slot 0 STATUS %u", rd(CORUN_REG_ID),
	       rd(CORUN_REG_SLOT(0, CORUN_SLOT_STATUS)));
out:
	while (ncase < total)
		result("skipped", 0, "earlier case failed");
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail ? 1 : 0;
}
