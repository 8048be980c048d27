/*
 * corun-gpu: an emulated PCI GPU that co-runs jobs from several hardware
 * slots. The register interface is include/corun/hw.h (built into QEMU as
 * "corun/hw.h"); the microarchitecture model is corun's emu/ library
 * ("emu/...").
 *
 * This version implements the PCI function, BAR0 with every register of
 * hw.h (all validated), MSI-X on BAR1 with INTx as fallback, reset, and
 * the job path: a simulation thread owns the model (emu_gpu), takes ring
 * entries on doorbells, runs the clock while CONTROL.ENABLE is set and a
 * job is queued, publishes fences (by the model), DONE, PROGRESS, FAULT,
 * CYCLE, EPOCH_SEQ, counter snapshots and the lockstep pause, and raises
 * interrupts through a bottom half.
 *
 * The same thread runs the firmware microcontroller (emu/mcu.h) in the
 * same device clock: FW_CTRL.LOAD copies the image from guest RAM (bus
 * master), checks it and boots it; READY sets STATUS.FW_READY, FW_STATUS
 * RUNNING and FW_VERSION; the BAR0 mailbox is carried to the firmware and
 * back (CORUN_IRQ_MAILBOX); a crash or a rejected image sets FW_STATUS,
 * STATUS.FW_ERROR and raises CORUN_IRQ_FW_ERROR. The firmware's per-slot
 * window registers are kept in the device. Job doorbells need the
 * firmware running (CORUN_ERR_NO_FW) unless the require-fw property is
 * off.
 *
 * The device clock: while a job is queued (and CONTROL.ENABLE is set and
 * neither a lockstep pause nor a completion hold, STATUS.HOLD after a
 * CORUN_DESC_F_HOLD job until HOLD_ACK, stops it) the SMs and the MCU
 * advance together, the GPU model in slices that end at the MCU's next
 * wakeup. Otherwise only an awake MCU advances the clock; an MCU asleep
 * in WFE (timer included) with no job stops it, so an idle device costs
 * nothing. The MCU runs whether or not CONTROL.ENABLE is set: ENABLE
 * gates the SMs only.
 *
 * Copyright (c) 2026 The corun authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/units.h"
#include "qemu/thread.h"
#include "qemu/main-loop.h"
#include "qemu/rcu.h"
#include "qapi/error.h"
#include "exec/memory.h"
#include "hw/pci/pci.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "qom/object.h"

/* After QEMU's headers: corun/types.h only defines BIT() if missing. */
#include "corun/hw.h"
#include "emu/config.h"
#include "emu/gpu.h"
#include "emu/mcu.h"

QEMU_BUILD_BUG_ON(CORUN_FW_L1_BYPASS_CTAS_ALL < EMU_MAX_SM_CTAS);

#define TYPE_CORUN_GPU "corun-gpu"
OBJECT_DECLARE_SIMPLE_TYPE(CorunGpuState, CORUN_GPU)

#define CORUN_CTRL_ALL \
    (CORUN_CTRL_ENABLE | CORUN_CTRL_RESET | CORUN_CTRL_LOCKSTEP)
#define CORUN_ERR_ALL 0x3fu
#define CORUN_FW_CTRL_ALL (CORUN_FW_CTRL_LOAD | CORUN_FW_CTRL_HALT)
#define CORUN_SLOT_CTRL_ALL (CORUN_SLOT_CTRL_ENABLE | CORUN_SLOT_CTRL_RESET)
#define CORUN_SLOT_PRIORITY_MAX 15
#define CORUN_SLOT_FAULT_WORDS (sizeof(struct corun_fault_record) / 4)
#define CORUN_RING_ALIGN 0x1000
#define CORUN_FW_MAX_SIZE \
    (sizeof(struct corun_fw_header) + CORUN_MCU_MEM_SIZE)
#define CORUN_DMA_PAGE 0x1000

/* Pending firmware command for the thread (FW_CTRL). */
enum {
    CORUN_FW_CMD_NONE,
    CORUN_FW_CMD_LOAD,          /* boot @fw_image, or just stop if NULL */
    CORUN_FW_CMD_HALT,
};

/* What the firmware wrote to a slot's window registers. Thread-private. */
typedef struct CorunMcuSlot {
    uint32_t irc_credits;
    uint32_t irc_prio;
    uint32_t l1_ways;
    uint32_t vc;
    uint32_t l1_bypass_ctas;
} CorunMcuSlot;

typedef struct CorunSlot {
    uint32_t ring_lo;
    uint32_t ring_hi;
    uint32_t ring_size;         /* entries; 0 = not configured */
    uint32_t head;
    uint32_t tail;              /* last value written to DOORBELL */
    uint32_t ctrl;              /* CORUN_SLOT_CTRL_ENABLE only */
    uint32_t state;             /* enum corun_slot_state */
    uint32_t priority;
    uint32_t sm_mask[CORUN_SM_MASK_WORDS];
    uint32_t cta_quota;
    uint32_t placement;
    uint32_t throttle;
    uint64_t done_seqno;
    uint32_t progress;
    struct corun_fault_record fault;
    /* Requests from the MMIO handlers to the simulation thread. */
    bool policy_dirty;          /* push the policy to the model */
    bool reset_pending;         /* emu_gpu_reset_slot() */
    bool kill_pending;          /* a job faulted: kill the slot's rest */
} CorunSlot;

/*
 * Flags of the jobs a slot has handed to the model, in submission order
 * (the model completes a slot's jobs in FIFO order). Thread-private.
 */
typedef struct CorunJobFifo {
    uint8_t flags[CORUN_RING_MAX_ENTRIES];
    uint32_t head;
    uint32_t count;
} CorunJobFifo;

struct CorunGpuState {
    PCIDevice parent_obj;

    MemoryRegion mmio;

    /* Properties. */
    char *config_path;          /* "" or NULL: built-in defaults */
    uint32_t prop_num_sms;      /* 0: from the configuration */
    uint32_t prop_epoch_cycles; /* 0: from the configuration */
    uint32_t prop_slots;
    uint32_t prop_warp_size;
    bool prop_lockstep;

    /* Configuration, fixed at realize. */
    struct emu_config cfg;
    uint32_t config_id;
    uint32_t caps;
    uint32_t snapshot_size;

    /* Global registers. */
    uint32_t control;
    uint32_t status;
    uint32_t error;
    uint32_t irq_status;
    uint32_t irq_mask;
    uint32_t irq_signalled;     /* MSI-X: classes already notified */
    uint64_t cycle;
    uint32_t cycle_hi_latch;
    uint32_t epoch_len;
    uint32_t epoch_seq;
    uint32_t snapshot_lo;
    uint32_t snapshot_hi;
    uint32_t fw_addr_lo;
    uint32_t fw_addr_hi;
    uint32_t fw_size;
    uint32_t fw_status;
    uint32_t fw_version;
    uint32_t mbox_in[CORUN_MBOX_WORDS];
    uint32_t mbox_out[CORUN_MBOX_WORDS];
    uint32_t mbox_doorbell;
    uint32_t mbox_done;

    CorunSlot slots[CORUN_MAX_SLOTS];

    /*
     * Simulation thread. @lock protects every register above once the
     * device is realized (MMIO handlers run under the BQL and take it;
     * the thread never takes the BQL: interrupts go through @irq_bh).
     * Lock order: BQL, then @lock. @gpu and @jobs belong to the thread
     * while it runs.
     */
    QemuMutex lock;
    QemuCond cond;
    QemuThread thread;
    bool thread_running;
    bool stop;                  /* thread: exit */
    bool epoch_dirty;           /* thread: push EPOCH_LEN to the model */
    QEMUBH *irq_bh;
    AddressSpace *as;
    struct emu_gpu *gpu;
    CorunJobFifo jobs[CORUN_MAX_SLOTS];
    bool prop_require_fw;

    /*
     * Firmware. Under @lock: the command and image for the thread, the
     * mailbox request. Thread-private: @mcu, @mcu_notified, @idle_cycles
     * (device cycles run with the SMs stopped: the device clock is the
     * model's cycle plus these, and always equals mcu_cycle()) and
     * @mcu_slots.
     */
    int fw_cmd;
    uint8_t *fw_image;
    uint32_t fw_image_len;
    bool mbox_pending;          /* request not yet given to the MCU */
    bool mbox_busy;             /* request not yet answered */
    uint32_t mbox_req[CORUN_MBOX_WORDS];
    struct mcu *mcu;
    uint32_t mcu_notified;      /* BIT(enum mcu_notify) */
    uint64_t idle_cycles;
    CorunMcuSlot mcu_slots[CORUN_MAX_SLOTS];
    uint32_t mcu_irc_window;
};

/* ------------------------------------------------------------------ */
/* Errors and interrupts */

static void corun_guest_error(CorunGpuState *s, uint32_t err,
                              const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* Latch @err in CORUN_REG_ERROR and log the guest's mistake. */
static void corun_guest_error(CorunGpuState *s, uint32_t err,
                              const char *fmt, ...)
{
    va_list ap;
    g_autofree char *text = NULL;

    s->error |= err;
    va_start(ap, fmt);
    text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    qemu_log_mask(LOG_GUEST_ERROR, "%s: %s\n", TYPE_CORUN_GPU, text);
}

/* MSI-X vector of each interrupt class (CORUN_IRQ_* bit number). */
static const uint8_t corun_irq_vector[] = {
    [0] = CORUN_MSIX_JOB,       /* CORUN_IRQ_JOB */
    [1] = CORUN_MSIX_EPOCH,     /* CORUN_IRQ_EPOCH */
    [2] = CORUN_MSIX_FAULT,     /* CORUN_IRQ_FAULT */
    [3] = CORUN_MSIX_MAILBOX,   /* CORUN_IRQ_MAILBOX */
    [4] = CORUN_MSIX_FAULT,     /* CORUN_IRQ_FW_ERROR */
};

/*
 * Deliver pending, enabled interrupts. With MSI-X each class sends its
 * vector once when it becomes pending; it can fire again after the guest
 * acknowledges (or masks and unmasks) it. Without MSI-X, INTx is level:
 * asserted while any enabled class is pending.
 */
static void corun_update_irq(CorunGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    uint32_t pending = s->irq_status & s->irq_mask;
    unsigned int bit;

    s->irq_signalled &= pending;
    if (msix_enabled(pdev)) {
        pci_set_irq(pdev, 0);
        for (bit = 0; bit < ARRAY_SIZE(corun_irq_vector); bit++) {
            if ((pending & BIT(bit)) && !(s->irq_signalled & BIT(bit))) {
                s->irq_signalled |= BIT(bit);
                msix_notify(pdev, corun_irq_vector[bit]);
            }
        }
    } else {
        s->irq_signalled = 0;
        pci_set_irq(pdev, pending != 0);
    }
}


/* ------------------------------------------------------------------ */
/* Guest memory for the model */

/*
 * emu_phys_ops.map: a host pointer to guest physical [pa, pa + len) as the
 * device sees it (its bus-master address space, so nothing is reachable
 * while the guest has bus mastering off), or NULL unless the whole range
 * is plain, writable guest RAM: MMIO, ROM, RAM devices and holes make the
 * model fault the job with CORUN_FAULT_BUS (or drop a fence). Called from
 * the simulation thread without the BQL; the pointer is only used until
 * the model's next emu_gpu_run() returns and guest RAM is never unplugged
 * on the machines we use. Pages are not marked dirty: the device refuses
 * migration, and TCG code in pages the device writes is not supported.
 */
static uint8_t *corun_phys_map(void *ctx, uint64_t pa, uint64_t len)
{
    CorunGpuState *s = ctx;
    MemoryRegion *mr;
    hwaddr xlat, plen = len;

    if (len == 0 || pa + len < pa) {
        return NULL;
    }
    RCU_READ_LOCK_GUARD();
    mr = address_space_translate(s->as, pa, &xlat, &plen, true,
                                 MEMTXATTRS_UNSPECIFIED);
    if (plen < len || !memory_region_is_ram(mr) ||
        memory_region_is_ram_device(mr) || memory_region_is_rom(mr) ||
        mr->readonly) {
        return NULL;
    }
    return (uint8_t *)memory_region_get_ram_ptr(mr) + xlat;
}

/* ------------------------------------------------------------------ */
/* Simulation thread */

#define CORUN_SIM_CHUNK 20000   /* cycles between register updates */
#define CORUN_MCU_QUANTUM 1024  /* cycles per slice while the MCU is awake */
#define CORUN_MCU_STEP 16       /* MCU alone: cycles between WFE checks */

/* The device clock. Thread. */
static uint64_t corun_device_cycle(CorunGpuState *s)
{
    return emu_gpu_cycle(s->gpu) + s->idle_cycles;
}

/*
 * The firmware's window registers owned by the device (mcu_hw_ops). They
 * run inside mcu_run() in the simulation thread, without @lock: they only
 * touch the configuration, the model and @mcu_slots, all the thread's.
 * The firmware image comes from the guest, so its values are validated
 * like any guest's.
 */
static uint32_t corun_mcu_read(void *ctx, uint32_t off)
{
    CorunGpuState *s = ctx;
    struct corun_slot_counters c;
    CorunMcuSlot *ms;
    uint32_t n;

    switch (off) {
    case CORUN_MCU_IRC_WINDOW:
        return s->mcu_irc_window;
    case CORUN_MCU_NUM_SLOTS:
        return s->cfg.num_slots;
    case CORUN_MCU_NUM_SMS:
        return s->cfg.num_sms;
    }
    if (off < CORUN_MCU_SLOT_BASE) {
        return 0;
    }
    n = (off - CORUN_MCU_SLOT_BASE) / CORUN_MCU_SLOT_STRIDE;
    if (n >= s->cfg.num_slots) {
        return 0;
    }
    ms = &s->mcu_slots[n];
    switch ((off - CORUN_MCU_SLOT_BASE) % CORUN_MCU_SLOT_STRIDE) {
    case CORUN_MCU_S_IRC_CREDITS:
        return ms->irc_credits;
    case CORUN_MCU_S_IRC_PRIO:
        return ms->irc_prio;
    case CORUN_MCU_S_L1_WAYS:
        return ms->l1_ways;
    case CORUN_MCU_S_VC:
        return ms->vc;
    case CORUN_MCU_S_L1_BYPASS_CTAS:
        return ms->l1_bypass_ctas;
    case CORUN_MCU_S_REQUESTS:
        emu_gpu_slot_counters(s->gpu, n, &c);
        return (uint32_t)c.requests;
    case CORUN_MCU_S_READS:
        emu_gpu_slot_counters(s->gpu, n, &c);
        return (uint32_t)c.read_requests;
    case CORUN_MCU_S_DRAM:
        emu_gpu_slot_counters(s->gpu, n, &c);
        return (uint32_t)c.dram_accesses;
    case CORUN_MCU_S_INSNS:
        emu_gpu_slot_counters(s->gpu, n, &c);
        return (uint32_t)c.warp_insns;
    }
    return 0;
}

/*
 * Policy writes are kept in @mcu_slots (read back by the firmware) and
 * programmed into the model: IRC credits and priority through
 * emu_gpu_set_irc(), the L1 way mask through emu_gpu_set_l1_ways() (which
 * ignores way bits beyond l1.ways, as the window does), the bypass CTAs
 * through emu_gpu_set_l1_bypass_ctas(). The VC is only
 * stored: the NoC has no per-slot VC setter. CORUN_MCU_IRC_WINDOW sets
 * the window the credits are refilled over, emu_gpu_set_irc_window().
 */
static void corun_mcu_write(void *ctx, uint32_t off, uint32_t val)
{
    CorunGpuState *s = ctx;
    uint32_t n, reg, ways;
    CorunMcuSlot *ms;

    if (off == CORUN_MCU_IRC_WINDOW) {
        if (val < CORUN_FW_IRC_WINDOW_MIN || val > CORUN_FW_IRC_WINDOW_MAX ||
            emu_gpu_set_irc_window(s->gpu, val)) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: firmware wrote invalid IRC "
                          "window %u; ignored\n", TYPE_CORUN_GPU, val);
            return;
        }
        s->mcu_irc_window = val;
        return;
    }

    n = (off - CORUN_MCU_SLOT_BASE) / CORUN_MCU_SLOT_STRIDE;
    reg = (off - CORUN_MCU_SLOT_BASE) % CORUN_MCU_SLOT_STRIDE;
    if (off < CORUN_MCU_SLOT_BASE || n >= s->cfg.num_slots ||
        (reg > CORUN_MCU_S_VC && reg != CORUN_MCU_S_L1_BYPASS_CTAS)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: firmware wrote 0x%08x to "
                      "read-only or reserved window register 0x%04x\n",
                      TYPE_CORUN_GPU, val, off);
        return;
    }
    ms = &s->mcu_slots[n];
    switch (reg) {
    case CORUN_MCU_S_IRC_CREDITS:
        ms->irc_credits = val;
        emu_gpu_set_irc(s->gpu, n, ms->irc_credits, ms->irc_prio);
        return;
    case CORUN_MCU_S_IRC_PRIO:
        if (val > CORUN_FW_IRC_PRIO_MAX) {
            break;
        }
        ms->irc_prio = val;
        emu_gpu_set_irc(s->gpu, n, ms->irc_credits, ms->irc_prio);
        return;
    case CORUN_MCU_S_L1_WAYS:
        /* Bits beyond the L1's ways are ignored; some way must remain. */
        ways = s->cfg.l1.ways >= 32 ? UINT32_MAX :
            (uint32_t)(BIT(s->cfg.l1.ways) - 1);
        if (!(val & ways)) {
            break;
        }
        ms->l1_ways = val;
        emu_gpu_set_l1_ways(s->gpu, n, val);
        return;
    case CORUN_MCU_S_VC:
        if (val >= s->cfg.noc.vcs) {
            break;
        }
        ms->vc = val;
        return;
    case CORUN_MCU_S_L1_BYPASS_CTAS:
        if (val > CORUN_FW_L1_BYPASS_CTAS_ALL) {
            break;
        }
        /* ALL exceeds EMU_MAX_SM_CTAS, so every CTA bypasses. */
        ms->l1_bypass_ctas = val;
        emu_gpu_set_l1_bypass_ctas(s->gpu, n, val);
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "%s: firmware wrote invalid value 0x%08x "
                  "to slot %u window register 0x%02x; ignored\n",
                  TYPE_CORUN_GPU, val, n, reg);
}

static void corun_mcu_notify(void *ctx, enum mcu_notify what)
{
    CorunGpuState *s = ctx;

    s->mcu_notified |= BIT(what);
}

static void corun_kick(CorunGpuState *s)
{
    qemu_cond_signal(&s->cond);
}

static void corun_raise(CorunGpuState *s, uint32_t irq)
{
    s->irq_status |= irq;
    qemu_bh_schedule(s->irq_bh);
}

/* Main loop, BQL held: deliver what the thread latched. */
static void corun_irq_bh(void *opaque)
{
    CorunGpuState *s = opaque;

    qemu_mutex_lock(&s->lock);
    corun_update_irq(s);
    qemu_mutex_unlock(&s->lock);
}

static void corun_slot_set_state(CorunGpuState *s, unsigned int n)
{
    CorunSlot *slot = &s->slots[n];

    if (slot->state == CORUN_SLOT_FAULTED) {
        return;                 /* until CTRL.RESET */
    }
    if (!(slot->ctrl & CORUN_SLOT_CTRL_ENABLE)) {
        slot->state = CORUN_SLOT_DISABLED;
    } else {
        slot->state = (s->jobs[n].count || slot->head != slot->tail) ?
            CORUN_SLOT_RUNNING : CORUN_SLOT_IDLE;
    }
}

/* Hand the slot's new ring entries to the model. */
static void corun_slot_pull(CorunGpuState *s, unsigned int n)
{
    CorunSlot *slot = &s->slots[n];
    CorunJobFifo *fifo = &s->jobs[n];
    uint64_t ring = ((uint64_t)slot->ring_hi << 32) | slot->ring_lo;
    struct corun_job_desc desc;
    const uint8_t *p;

    if (!(slot->ctrl & CORUN_SLOT_CTRL_ENABLE) || slot->ring_size == 0 ||
        slot->state == CORUN_SLOT_FAULTED) {
        return;
    }
    while (slot->head != slot->tail && fifo->count < CORUN_RING_MAX_ENTRIES) {
        p = corun_phys_map(s, ring + (uint64_t)slot->head * sizeof(desc),
                           sizeof(desc));
        if (!p) {
            corun_guest_error(s, CORUN_ERR_DMA | CORUN_ERR_BAD_RING,
                              "slot %u: ring entry %u at 0x%" PRIx64
                              " is not guest RAM; doorbell dropped", n,
                              slot->head, ring + slot->head * sizeof(desc));
            slot->tail = slot->head;
            break;
        }
        /* Little-endian layout, read as is: x86 hosts only. */
        memcpy(&desc, p, sizeof(desc));
        if (emu_gpu_submit(s->gpu, n, &desc)) {
            break;              /* model full: retry after a completion */
        }
        fifo->flags[(fifo->head + fifo->count) % CORUN_RING_MAX_ENTRIES] =
            desc.flags;
        fifo->count++;
        slot->head = (slot->head + 1) & (slot->ring_size - 1);
    }
}

static void corun_slot_policy(CorunGpuState *s, unsigned int n)
{
    CorunSlot *slot = &s->slots[n];
    struct emu_slot_policy pol;

    memcpy(pol.sm_mask, slot->sm_mask, sizeof(pol.sm_mask));
    pol.cta_quota = slot->cta_quota;
    pol.priority = slot->priority;
    pol.placement = slot->placement;
    pol.throttle = slot->throttle;
    if (emu_gpu_set_slot_policy(s->gpu, n, &pol)) {
        /* The registers were validated: only a model limit gets here. */
        corun_guest_error(s, CORUN_ERR_BAD_VALUE, "slot %u: policy "
                          "rejected by the model (placement %u)", n,
                          slot->placement);
    }
}

/* The firmware stopped working: refuse mailbox and jobs until a load. */
static void corun_fw_failed(CorunGpuState *s, uint32_t fw_status)
{
    s->fw_status = fw_status;
    s->status &= ~CORUN_STATUS_FW_READY;
    s->status |= CORUN_STATUS_FW_ERROR;
    s->mbox_pending = s->mbox_busy = false;
    corun_raise(s, CORUN_IRQ_FW_ERROR);
}

/* Carry out FW_CTRL and the mailbox doorbell. Thread, @lock held. */
static void corun_thread_fw(CorunGpuState *s)
{
    char err[128];
    int cmd = s->fw_cmd;

    s->fw_cmd = CORUN_FW_CMD_NONE;
    if (cmd == CORUN_FW_CMD_HALT ||
        (cmd == CORUN_FW_CMD_LOAD && !s->fw_image)) {
        mcu_halt(s->mcu);
    } else if (cmd == CORUN_FW_CMD_LOAD) {
        /* Checked by the MMIO handler already: a failure is a model bug. */
        if (mcu_load_image(s->mcu, s->fw_image, s->fw_image_len, err,
                           sizeof(err)) != MCU_IMG_OK) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: firmware image rejected: "
                          "%s\n", TYPE_CORUN_GPU, err);
            corun_fw_failed(s, CORUN_FW_BAD_IMAGE);
        }
        g_free(s->fw_image);
        s->fw_image = NULL;
    }
    if (cmd != CORUN_FW_CMD_NONE) {
        s->mcu_notified = 0;    /* those were the old image's */
    }
    if (s->mbox_pending) {
        s->mbox_pending = false;
        if (mcu_mbox_request(s->mcu, s->mbox_doorbell, s->mbox_req)) {
            /* Crashed or halted meanwhile: FW_STATUS tells the driver. */
            s->mbox_busy = false;
        }
    }
}

/* Publish what the MCU reported during mcu_run(). Thread, @lock held. */
static void corun_thread_mcu(CorunGpuState *s)
{
    const struct mcu_fault *f;
    uint32_t what = s->mcu_notified;
    uint32_t ver;

    s->mcu_notified = 0;
    if (s->fw_cmd != CORUN_FW_CMD_NONE) {
        return;                 /* superseded by a load or halt */
    }
    if ((what & BIT(MCU_NOTIFY_READY)) && s->fw_status == CORUN_FW_LOADING &&
        mcu_ready(s->mcu, &ver)) {
        s->fw_version = ver;
        s->fw_status = CORUN_FW_RUNNING;
        s->status |= CORUN_STATUS_FW_READY;
    }
    if ((what & BIT(MCU_NOTIFY_MBOX_DONE)) && s->mbox_busy &&
        !s->mbox_pending && !mcu_mbox_busy(s->mcu)) {
        mcu_mbox_reply(s->mcu, s->mbox_out);
        s->mbox_done = mcu_mbox_done(s->mcu);
        s->mbox_busy = false;
        corun_raise(s, CORUN_IRQ_MAILBOX);
    }
    if ((what & BIT(MCU_NOTIFY_CRASH)) && mcu_state(s->mcu) == MCU_CRASHED &&
        (s->fw_status == CORUN_FW_LOADING ||
         s->fw_status == CORUN_FW_RUNNING)) {
        f = mcu_fault(s->mcu);
        qemu_log_mask(LOG_GUEST_ERROR, "%s: firmware crashed at cycle %"
                      PRIu64 ": cause %u access %u pc 0x%08x addr 0x%08x\n",
                      TYPE_CORUN_GPU, f->cycle, f->cause, f->access, f->pc,
                      f->addr);
        corun_fw_failed(s, CORUN_FW_CRASHED);
    }
}

/*
 * Apply the MMIO handlers' requests to the model and take new ring
 * entries. Thread, @lock held. Return whether the clock should run.
 */
static bool corun_thread_sync(CorunGpuState *s)
{
    unsigned int n;
    bool busy = false;

    if (s->epoch_dirty) {
        emu_gpu_set_epoch(s->gpu, s->epoch_len);
        s->epoch_dirty = false;
    }
    corun_thread_fw(s);
    for (n = 0; n < s->cfg.num_slots; n++) {
        CorunSlot *slot = &s->slots[n];

        if (slot->reset_pending || slot->kill_pending) {
            emu_gpu_reset_slot(s->gpu, n);
            slot->reset_pending = slot->kill_pending = false;
        }
        if (slot->policy_dirty) {
            corun_slot_policy(s, n);
            slot->policy_dirty = false;
        }
        if (s->control & CORUN_CTRL_ENABLE) {
            corun_slot_pull(s, n);
        }
        corun_slot_set_state(s, n);
        busy |= s->jobs[n].count != 0;
    }
    return busy && (s->control & CORUN_CTRL_ENABLE) &&
        !(s->status & (CORUN_STATUS_EPOCH_WAIT | CORUN_STATUS_HOLD));
}

/* Write the epoch's counter snapshot to SNAPSHOT_LO/HI, if set. */
static void corun_write_snapshot(CorunGpuState *s, const struct emu_event *ev)
{
    uint64_t pa = ((uint64_t)s->snapshot_hi << 32) | s->snapshot_lo;
    struct corun_snapshot_header *h;
    uint8_t *p;
    unsigned int i;

    if (!pa) {
        return;
    }
    p = corun_phys_map(s, pa, s->snapshot_size);
    if (!p) {
        corun_guest_error(s, CORUN_ERR_DMA, "epoch %" PRIu64 ": snapshot "
                          "buffer 0x%" PRIx64 "+%u is not guest RAM",
                          ev->epoch, pa, s->snapshot_size);
        return;
    }
    memset(p, 0, s->snapshot_size);
    h = (struct corun_snapshot_header *)p;
    h->magic = CORUN_SNAPSHOT_MAGIC;
    h->version = 1;
    h->size = s->snapshot_size;
    h->epoch = ev->epoch;
    h->num_slots = s->cfg.num_slots;
    h->num_sms = s->cfg.num_sms;
    h->num_channels = s->cfg.dram.channels;
    h->cycle = ev->cycle + s->idle_cycles;
    h->epoch_cycles = s->epoch_len;
    p += sizeof(*h);
    for (i = 0; i < s->cfg.num_slots; i++) {
        emu_gpu_slot_counters(s->gpu, i, (struct corun_slot_counters *)p);
        p += sizeof(struct corun_slot_counters);
    }
    for (i = 0; i < s->cfg.num_sms; i++) {
        emu_gpu_sm_counters(s->gpu, i, (struct corun_sm_counters *)p);
        p += sizeof(struct corun_sm_counters);
    }
    for (i = 0; i < s->cfg.dram.channels; i++) {
        emu_gpu_chan_counters(s->gpu, i, (struct corun_chan_counters *)p);
        p += sizeof(struct corun_chan_counters);
    }
    smp_wmb();
}

/* Publish the model's state and one event. Thread, @lock held. */
static void corun_thread_event(CorunGpuState *s, const struct emu_event *ev)
{
    struct corun_slot_counters c;
    unsigned int n;

    s->cycle = corun_device_cycle(s);
    for (n = 0; n < s->cfg.num_slots; n++) {
        emu_gpu_slot_counters(s->gpu, n, &c);
        s->slots[n].progress = (uint32_t)c.warp_insns;
    }

    switch (ev->type) {
    case EMU_EV_JOB_DONE: {
        CorunSlot *slot;
        CorunJobFifo *fifo;
        uint8_t flags = 0;

        if (ev->slot >= s->cfg.num_slots) {
            break;
        }
        n = ev->slot;
        slot = &s->slots[n];
        fifo = &s->jobs[n];
        if (fifo->count) {
            flags = fifo->flags[fifo->head];
            fifo->head = (fifo->head + 1) % CORUN_RING_MAX_ENTRIES;
            fifo->count--;
        }
        slot->done_seqno = ev->seqno;
        /*
         * A fault stops the slot until CTRL.RESET: its other jobs are
         * killed (they end with CORUN_FAULT_RESET, fences written) and no
         * more ring entries are taken. Jobs killed by a reset do not
         * fault the slot.
         */
        if (ev->fault.cause != CORUN_FAULT_NONE &&
            ev->fault.cause != CORUN_FAULT_RESET &&
            slot->state != CORUN_SLOT_FAULTED) {
            slot->fault = ev->fault;
            slot->state = CORUN_SLOT_FAULTED;
            slot->kill_pending = true;
            corun_raise(s, CORUN_IRQ_FAULT);
        }
        /* Completion hold: the clock stops until HOLD_ACK (hw.h). */
        if ((flags & CORUN_DESC_F_HOLD) &&
            ev->fault.cause == CORUN_FAULT_NONE) {
            s->status |= CORUN_STATUS_HOLD;
            s->status &= ~CORUN_STATUS_RUNNING;
        }
        if (flags & CORUN_DESC_F_IRQ) {
            corun_raise(s, CORUN_IRQ_JOB);
        }
        corun_slot_set_state(s, n);
        break;
    }
    case EMU_EV_EPOCH:
        mcu_raise_event(s->mcu, CORUN_MCU_EV_EPOCH);
        s->epoch_seq = (uint32_t)ev->epoch;
        corun_write_snapshot(s, ev);
        if (s->control & CORUN_CTRL_LOCKSTEP) {
            s->status |= CORUN_STATUS_EPOCH_WAIT;
            s->status &= ~CORUN_STATUS_RUNNING;
        }
        corun_raise(s, CORUN_IRQ_EPOCH);
        break;
    default:
        break;
    }
}

static void *corun_thread_fn(void *opaque)
{
    CorunGpuState *s = opaque;
    struct emu_event ev;
    uint64_t now, wake, quantum, g0, ran;
    bool busy;

    rcu_register_thread();
    qemu_mutex_lock(&s->lock);
    while (!s->stop) {
        busy = corun_thread_sync(s);
        now = mcu_cycle(s->mcu);
        wake = mcu_next_wakeup(s->mcu);
        if (!busy && wake > now) {
            /* No job, MCU off or asleep: the clock stops. */
            qemu_cond_wait(&s->cond, &s->lock);
            continue;
        }
        quantum = wake <= now ? CORUN_MCU_QUANTUM :
            MIN(CORUN_SIM_CHUNK, wake - now);
        /* The model and the MCU are the thread's: run without the lock. */
        qemu_mutex_unlock(&s->lock);
        if (busy) {
            g0 = emu_gpu_cycle(s->gpu);
            emu_gpu_run(s->gpu, g0 + quantum, &ev);
            mcu_run(s->mcu, emu_gpu_cycle(s->gpu) - g0);
        } else {
            /* Only while the MCU is awake: stop soon after its WFE. */
            for (ran = 0; ran < quantum &&
                 mcu_next_wakeup(s->mcu) <= mcu_cycle(s->mcu);
                 ran += CORUN_MCU_STEP) {
                mcu_run(s->mcu, CORUN_MCU_STEP);
            }
            s->idle_cycles += ran;
        }
        qemu_mutex_lock(&s->lock);
        corun_thread_mcu(s);
        if (busy) {
            corun_thread_event(s, &ev);
        } else {
            s->cycle = corun_device_cycle(s);
        }
    }
    qemu_mutex_unlock(&s->lock);
    rcu_unregister_thread();
    return NULL;
}

static bool corun_thread_start(CorunGpuState *s, Error **errp)
{
    struct emu_phys_ops ops = { .ctx = s, .map = corun_phys_map };
    struct mcu_hw_ops mops = {
        .ctx = s,
        .read = corun_mcu_read,
        .write = corun_mcu_write,
        .notify = corun_mcu_notify,
    };
    unsigned int n;

    s->gpu = emu_gpu_create(&s->cfg, &ops);
    s->mcu = mcu_create(&mops);
    if (!s->gpu || !s->mcu) {
        emu_gpu_destroy(s->gpu);
        s->gpu = NULL;
        mcu_destroy(s->mcu);
        s->mcu = NULL;
        error_setg(errp, "%s: cannot create the device model",
                   TYPE_CORUN_GPU);
        return false;
    }
    s->mcu_notified = 0;
    s->idle_cycles = 0;
    s->mcu_irc_window = s->cfg.l1.irc_window;
    for (n = 0; n < CORUN_MAX_SLOTS; n++) {
        s->mcu_slots[n] = (CorunMcuSlot) {
            .irc_credits = CORUN_FW_IRC_CREDITS_UNLIMITED,
            .l1_ways = UINT32_MAX,
            .vc = n % s->cfg.noc.vcs,
        };
    }
    memset(s->jobs, 0, sizeof(s->jobs));
    s->stop = false;
    s->epoch_dirty = true;
    qemu_thread_create(&s->thread, "corun-gpu", corun_thread_fn, s,
                       QEMU_THREAD_JOINABLE);
    s->thread_running = true;
    return true;
}

/* Stop and join the thread, free the model. Never with @lock held. */
static void corun_thread_stop(CorunGpuState *s)
{
    if (s->thread_running) {
        qemu_mutex_lock(&s->lock);
        s->stop = true;
        corun_kick(s);
        qemu_mutex_unlock(&s->lock);
        qemu_thread_join(&s->thread);
        s->thread_running = false;
    }
    emu_gpu_destroy(s->gpu);
    s->gpu = NULL;
    mcu_destroy(s->mcu);
    s->mcu = NULL;
    g_free(s->fw_image);
    s->fw_image = NULL;
    s->fw_cmd = CORUN_FW_CMD_NONE;
}

/* ------------------------------------------------------------------ */
/* Reset */

static void corun_slot_reset(CorunGpuState *s, CorunSlot *slot)
{
    unsigned int i;

    memset(slot, 0, sizeof(*slot));
    slot->state = CORUN_SLOT_DISABLED;
    slot->policy_dirty = true;
    slot->placement = CORUN_PLACE_RR;
    /* Every SM of the device is usable until the driver narrows it. */
    for (i = 0; i < s->cfg.num_sms; i++) {
        slot->sm_mask[i / 32] |= BIT(i % 32);
    }
}

static void corun_reset_regs(CorunGpuState *s)
{
    unsigned int i;

    s->control = s->prop_lockstep ? CORUN_CTRL_LOCKSTEP : 0;
    s->status = 0;
    s->error = 0;
    s->irq_status = 0;
    s->irq_mask = 0;
    s->irq_signalled = 0;
    s->cycle = 0;
    s->cycle_hi_latch = 0;
    s->epoch_len = MIN(s->cfg.epoch_cycles, UINT32_MAX);
    s->epoch_dirty = true;
    s->epoch_seq = 0;
    s->snapshot_lo = 0;
    s->snapshot_hi = 0;
    s->fw_addr_lo = 0;
    s->fw_addr_hi = 0;
    s->fw_size = 0;
    s->fw_status = CORUN_FW_OFF;
    s->fw_version = 0;
    memset(s->mbox_in, 0, sizeof(s->mbox_in));
    memset(s->mbox_out, 0, sizeof(s->mbox_out));
    s->mbox_doorbell = 0;
    s->mbox_done = 0;
    s->mbox_pending = false;
    s->mbox_busy = false;
    memset(s->mbox_req, 0, sizeof(s->mbox_req));
    for (i = 0; i < CORUN_MAX_SLOTS; i++) {
        corun_slot_reset(s, &s->slots[i]);
    }
}

/*
 * Full reset, BQL held, @lock not held: stop the thread, rebuild the
 * model from scratch (it has no reset of its own), reset the registers.
 */
static void corun_full_reset(CorunGpuState *s)
{
    Error *err = NULL;

    corun_thread_stop(s);
    qemu_bh_cancel(s->irq_bh);
    corun_reset_regs(s);
    if (!corun_thread_start(s, &err)) {
        /* Out of memory: the device stays without a clock. */
        error_report_err(err);
    }
    qemu_mutex_lock(&s->lock);
    corun_update_irq(s);
    qemu_mutex_unlock(&s->lock);
}

static void corun_gpu_reset(DeviceState *dev)
{
    corun_full_reset(CORUN_GPU(dev));
}

/* ------------------------------------------------------------------ */
/* Per-slot register blocks */

static uint32_t corun_fault_word(const struct corun_fault_record *f,
                                 unsigned int word)
{
    switch (word) {
    case 0:
        return f->cause;
    case 1:
        return f->access | ((uint32_t)f->slot << 16);
    case 2:
        return f->sm;
    case 3:
        return f->cta;
    case 4:
        return f->warp;
    case 5:
        return f->lane;
    case 6:
        return f->pc;
    case 7:
        return f->addr;
    case 8:
        return (uint32_t)f->insn_count;
    case 9:
        return (uint32_t)(f->insn_count >> 32);
    default:
        return 0;
    }
}

static uint32_t corun_slot_read(CorunGpuState *s, unsigned int n,
                                hwaddr reg, hwaddr addr)
{
    CorunSlot *slot = &s->slots[n];

    if (reg >= CORUN_SLOT_SM_MASK0 &&
        reg < CORUN_SLOT_SM_MASK0 + 4 * CORUN_SM_MASK_WORDS) {
        return slot->sm_mask[(reg - CORUN_SLOT_SM_MASK0) / 4];
    }
    if (reg >= CORUN_SLOT_FAULT &&
        reg < CORUN_SLOT_FAULT + 4 * CORUN_SLOT_FAULT_WORDS) {
        return corun_fault_word(&slot->fault, (reg - CORUN_SLOT_FAULT) / 4);
    }
    switch (reg) {
    case CORUN_SLOT_RING_LO:
        return slot->ring_lo;
    case CORUN_SLOT_RING_HI:
        return slot->ring_hi;
    case CORUN_SLOT_RING_SIZE:
        return slot->ring_size;
    case CORUN_SLOT_RING_HEAD:
        return slot->head;
    case CORUN_SLOT_DOORBELL:
        return slot->tail;
    case CORUN_SLOT_STATUS:
        return slot->state;
    case CORUN_SLOT_CTRL:
        return slot->ctrl;
    case CORUN_SLOT_PRIORITY:
        return slot->priority;
    case CORUN_SLOT_CTA_QUOTA:
        return slot->cta_quota;
    case CORUN_SLOT_PLACEMENT:
        return slot->placement;
    case CORUN_SLOT_THROTTLE:
        return slot->throttle;
    case CORUN_SLOT_DONE_LO:
        return (uint32_t)slot->done_seqno;
    case CORUN_SLOT_DONE_HI:
        return (uint32_t)(slot->done_seqno >> 32);
    case CORUN_SLOT_PROGRESS:
        return slot->progress;
    }
    corun_guest_error(s, CORUN_ERR_BAD_OFFSET,
                      "read of unknown slot %u register 0x%" HWADDR_PRIx,
                      n, addr);
    return 0;
}

/* The ring may only be (re)programmed while the slot is disabled. */
static bool corun_slot_ring_writable(CorunGpuState *s, unsigned int n,
                                     const char *what)
{
    if (s->slots[n].ctrl & CORUN_SLOT_CTRL_ENABLE) {
        corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                          "slot %u: %s written while the slot is enabled",
                          n, what);
        return false;
    }
    return true;
}

static void corun_slot_doorbell(CorunGpuState *s, unsigned int n,
                                uint32_t tail)
{
    CorunSlot *slot = &s->slots[n];

    if (!(slot->ctrl & CORUN_SLOT_CTRL_ENABLE)) {
        corun_guest_error(s, CORUN_ERR_BAD_RING,
                          "slot %u: doorbell while the slot is disabled", n);
        return;
    }
    if (slot->ring_size == 0) {
        corun_guest_error(s, CORUN_ERR_BAD_RING,
                          "slot %u: doorbell before the ring is configured",
                          n);
        return;
    }
    if (tail >= slot->ring_size) {
        corun_guest_error(s, CORUN_ERR_BAD_RING,
                          "slot %u: doorbell tail %u beyond ring size %u",
                          n, tail, slot->ring_size);
        return;
    }
    if (s->prop_require_fw && s->fw_status != CORUN_FW_RUNNING) {
        corun_guest_error(s, CORUN_ERR_NO_FW,
                          "slot %u: doorbell %u while the firmware is not "
                          "running", n, tail);
        return;
    }
    slot->tail = tail;
    if (slot->state != CORUN_SLOT_FAULTED && tail != slot->head) {
        slot->state = CORUN_SLOT_RUNNING;
    }
    corun_kick(s);
}

static void corun_slot_write(CorunGpuState *s, unsigned int n, hwaddr reg,
                             hwaddr addr, uint32_t val)
{
    CorunSlot *slot = &s->slots[n];
    unsigned int w;

    if (reg >= CORUN_SLOT_SM_MASK0 &&
        reg < CORUN_SLOT_SM_MASK0 + 4 * CORUN_SM_MASK_WORDS) {
        uint32_t valid = 0;

        w = (reg - CORUN_SLOT_SM_MASK0) / 4;
        if (s->cfg.num_sms >= 32 * (w + 1)) {
            valid = UINT32_MAX;
        } else if (s->cfg.num_sms > 32 * w) {
            valid = (uint32_t)(BIT_ULL(s->cfg.num_sms - 32 * w) - 1);
        }
        if (val & ~valid) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: SM_MASK%u 0x%08x names SMs beyond "
                              "the %u present", n, w, val, s->cfg.num_sms);
            return;
        }
        slot->sm_mask[w] = val;
        slot->policy_dirty = true;
        corun_kick(s);
        return;
    }
    if ((reg >= CORUN_SLOT_FAULT &&
         reg < CORUN_SLOT_FAULT + 4 * CORUN_SLOT_FAULT_WORDS) ||
        reg == CORUN_SLOT_RING_HEAD || reg == CORUN_SLOT_STATUS ||
        reg == CORUN_SLOT_DONE_LO || reg == CORUN_SLOT_DONE_HI ||
        reg == CORUN_SLOT_PROGRESS) {
        corun_guest_error(s, CORUN_ERR_RO_WRITE,
                          "write 0x%08x to read-only slot %u register "
                          "0x%" HWADDR_PRIx, val, n, addr);
        return;
    }

    switch (reg) {
    case CORUN_SLOT_RING_LO:
        if (val & (CORUN_RING_ALIGN - 1)) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: RING_LO 0x%08x not 4 KiB aligned",
                              n, val);
            return;
        }
        if (corun_slot_ring_writable(s, n, "RING_LO")) {
            slot->ring_lo = val;
            slot->head = slot->tail = 0;
        }
        return;
    case CORUN_SLOT_RING_HI:
        if (corun_slot_ring_writable(s, n, "RING_HI")) {
            slot->ring_hi = val;
            slot->head = slot->tail = 0;
        }
        return;
    case CORUN_SLOT_RING_SIZE:
        if (val == 0 || val > CORUN_RING_MAX_ENTRIES || !is_power_of_2(val)) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: RING_SIZE %u is not a power of two "
                              "in 1..%u", n, val, CORUN_RING_MAX_ENTRIES);
            return;
        }
        if (corun_slot_ring_writable(s, n, "RING_SIZE")) {
            slot->ring_size = val;
            slot->head = slot->tail = 0;
        }
        return;
    case CORUN_SLOT_DOORBELL:
        corun_slot_doorbell(s, n, val);
        return;
    case CORUN_SLOT_CTRL:
        if (val & ~CORUN_SLOT_CTRL_ALL) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: CTRL 0x%08x has undefined bits",
                              n, val);
            return;
        }
        if (val & CORUN_SLOT_CTRL_RESET) {
            /*
             * Kill the slot's jobs in the model (they end with
             * CORUN_FAULT_RESET, fences written, DONE advancing), drop
             * the ring entries not yet taken, clear the fault record and
             * leave FAULTED.
             */
            slot->head = slot->tail;
            memset(&slot->fault, 0, sizeof(slot->fault));
            slot->reset_pending = true;
            slot->kill_pending = false;
            slot->state = CORUN_SLOT_IDLE;
        }
        slot->ctrl = val & CORUN_SLOT_CTRL_ENABLE;
        corun_slot_set_state(s, n);
        corun_kick(s);
        return;
    case CORUN_SLOT_PRIORITY:
        if (val > CORUN_SLOT_PRIORITY_MAX) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: PRIORITY %u above %u", n, val,
                              CORUN_SLOT_PRIORITY_MAX);
            return;
        }
        slot->priority = val;
        slot->policy_dirty = true;
        corun_kick(s);
        return;
    case CORUN_SLOT_CTA_QUOTA:
        if (val > s->cfg.sm.cta_slots) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: CTA_QUOTA %u above the %u CTA slots "
                              "of an SM", n, val, s->cfg.sm.cta_slots);
            return;
        }
        slot->cta_quota = val;
        slot->policy_dirty = true;
        corun_kick(s);
        return;
    case CORUN_SLOT_PLACEMENT:
        if (val >= CORUN_PLACE_NR ||
            !(emu_gpu_placement_modes() & BIT(val))) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: PLACEMENT %u unknown or not "
                              "implemented (CAPS)", n, val);
            return;
        }
        slot->placement = val;
        slot->policy_dirty = true;
        corun_kick(s);
        return;
    case CORUN_SLOT_THROTTLE:
        if (val > s->cfg.sm.cta_slots) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "slot %u: THROTTLE %u above the %u CTA slots "
                              "of an SM", n, val, s->cfg.sm.cta_slots);
            return;
        }
        slot->throttle = val;
        slot->policy_dirty = true;
        corun_kick(s);
        return;
    }
    corun_guest_error(s, CORUN_ERR_BAD_OFFSET,
                      "write 0x%08x to unknown slot %u register "
                      "0x%" HWADDR_PRIx, val, n, addr);
}

/* ------------------------------------------------------------------ */
/* BAR0 */

static bool corun_access_ok(hwaddr addr, unsigned int size, bool write)
{
    if (size != 4 || (addr & 3)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: ignored %u-byte %s at 0x%"
                      HWADDR_PRIx ": registers take aligned 32-bit "
                      "accesses\n", TYPE_CORUN_GPU, size,
                      write ? "write" : "read", addr);
        return false;
    }
    return true;
}

/* Slot index of a per-slot register address, or -1. */
static int corun_slot_of(CorunGpuState *s, hwaddr addr)
{
    hwaddr n;

    if (addr < CORUN_REG_SLOT_BASE) {
        return -1;
    }
    n = (addr - CORUN_REG_SLOT_BASE) / CORUN_REG_SLOT_STRIDE;
    return n < s->cfg.num_slots ? (int)n : -1;
}

static uint64_t corun_mmio_read_locked(CorunGpuState *s, hwaddr addr,
                                       unsigned size)
{
    int n;

    if (!corun_access_ok(addr, size, false)) {
        return 0;
    }
    n = corun_slot_of(s, addr);
    if (n >= 0) {
        return corun_slot_read(s, n, (addr - CORUN_REG_SLOT_BASE) %
                               CORUN_REG_SLOT_STRIDE, addr);
    }
    if (addr >= CORUN_REG_MBOX_IN &&
        addr < CORUN_REG_MBOX_IN + 4 * CORUN_MBOX_WORDS) {
        return s->mbox_in[(addr - CORUN_REG_MBOX_IN) / 4];
    }
    if (addr >= CORUN_REG_MBOX_OUT &&
        addr < CORUN_REG_MBOX_OUT + 4 * CORUN_MBOX_WORDS) {
        return s->mbox_out[(addr - CORUN_REG_MBOX_OUT) / 4];
    }

    switch (addr) {
    case CORUN_REG_ID:
        return CORUN_ID_MAGIC;
    case CORUN_REG_VERSION:
        return (CORUN_HW_VERSION_MAJOR << 16) | CORUN_HW_VERSION_MINOR;
    case CORUN_REG_CAPS:
        return s->caps;
    case CORUN_REG_NUM_SMS:
        return s->cfg.num_sms;
    case CORUN_REG_NUM_SLOTS:
        return s->cfg.num_slots;
    case CORUN_REG_WARP_SIZE:
        return s->cfg.warp_size;
    case CORUN_REG_CONFIG_ID:
        return s->config_id;
    case CORUN_REG_SM_CTAS:
        return s->cfg.sm.cta_slots;
    case CORUN_REG_SM_THREADS:
        return s->cfg.sm.max_threads;
    case CORUN_REG_SM_REGS:
        return s->cfg.sm.regs;
    case CORUN_REG_SM_SHARED:
        return s->cfg.sm.shared_bytes;
    case CORUN_REG_CLK_SM_MHZ:
        return s->cfg.sm_mhz;
    case CORUN_REG_NUM_CHANNELS:
        return s->cfg.dram.channels;
    case CORUN_REG_NUM_VCS:
        return s->cfg.noc.vcs;
    case CORUN_REG_SNAPSHOT_SIZE:
        return s->snapshot_size;
    case CORUN_REG_JOB_COUNTERS_SIZE:
        return sizeof(struct corun_job_counters);
    case CORUN_REG_CONTROL:
        return s->control;
    case CORUN_REG_STATUS:
        return s->status;
    case CORUN_REG_ERROR:
        return s->error;
    case CORUN_REG_IRQ_STATUS:
        return s->irq_status;
    case CORUN_REG_IRQ_MASK:
        return s->irq_mask;
    case CORUN_REG_IRQ_ACK:
        return 0;
    case CORUN_REG_CYCLE_LO:
        s->cycle_hi_latch = (uint32_t)(s->cycle >> 32);
        return (uint32_t)s->cycle;
    case CORUN_REG_CYCLE_HI:
        return s->cycle_hi_latch;
    case CORUN_REG_EPOCH_LEN:
        return s->epoch_len;
    case CORUN_REG_EPOCH_SEQ:
        return s->epoch_seq;
    case CORUN_REG_EPOCH_ACK:
    case CORUN_REG_HOLD_ACK:
        return 0;
    case CORUN_REG_SNAPSHOT_LO:
        return s->snapshot_lo;
    case CORUN_REG_SNAPSHOT_HI:
        return s->snapshot_hi;
    case CORUN_REG_FW_ADDR_LO:
        return s->fw_addr_lo;
    case CORUN_REG_FW_ADDR_HI:
        return s->fw_addr_hi;
    case CORUN_REG_FW_SIZE:
        return s->fw_size;
    case CORUN_REG_FW_CTRL:
        return 0;
    case CORUN_REG_FW_STATUS:
        return s->fw_status;
    case CORUN_REG_FW_VERSION:
        return s->fw_version;
    case CORUN_REG_MBOX_DOORBELL:
        return s->mbox_doorbell;
    case CORUN_REG_MBOX_DONE:
        return s->mbox_done;
    }
    corun_guest_error(s, CORUN_ERR_BAD_OFFSET,
                      "read of unknown register 0x%" HWADDR_PRIx, addr);
    return 0;
}

static uint64_t corun_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    CorunGpuState *s = opaque;
    uint64_t val;

    qemu_mutex_lock(&s->lock);
    val = corun_mmio_read_locked(s, addr, size);
    qemu_mutex_unlock(&s->lock);
    return val;
}

static bool corun_reg_is_ro(hwaddr addr)
{
    if (addr < CORUN_REG_CONTROL) {
        return true;            /* identity and capabilities */
    }
    if (addr >= CORUN_REG_MBOX_OUT &&
        addr < CORUN_REG_MBOX_OUT + 4 * CORUN_MBOX_WORDS) {
        return true;
    }
    switch (addr) {
    case CORUN_REG_STATUS:
    case CORUN_REG_IRQ_STATUS:
    case CORUN_REG_CYCLE_LO:
    case CORUN_REG_CYCLE_HI:
    case CORUN_REG_EPOCH_SEQ:
    case CORUN_REG_FW_STATUS:
    case CORUN_REG_FW_VERSION:
    case CORUN_REG_MBOX_DONE:
        return true;
    }
    return false;
}

/*
 * Copy [pa, pa + len) of guest RAM, as the device sees it (bus master),
 * into @buf. Return false if any of it is not plain guest RAM.
 */
static bool corun_dma_read(CorunGpuState *s, uint64_t pa, uint8_t *buf,
                           uint64_t len)
{
    const uint8_t *p;
    uint64_t n;

    if (pa + len < pa) {
        return false;
    }
    while (len) {
        n = MIN(len, CORUN_DMA_PAGE - (pa & (CORUN_DMA_PAGE - 1)));
        p = corun_phys_map(s, pa, n);
        if (!p) {
            return false;
        }
        memcpy(buf, p, n);
        buf += n;
        pa += n;
        len -= n;
    }
    return true;
}

/* A new command for the firmware ends whatever the old image was doing. */
static void corun_fw_command(CorunGpuState *s, int cmd, uint8_t *image,
                             uint32_t len)
{
    g_free(s->fw_image);
    s->fw_image = image;
    s->fw_image_len = len;
    s->fw_cmd = cmd;
    s->mbox_pending = s->mbox_busy = false;
    s->status &= ~CORUN_STATUS_FW_READY;
    corun_kick(s);
}

/*
 * FW_CTRL.LOAD: copy the image from FW_ADDR/FW_SIZE, check it and hand it
 * to the thread, which boots it. Whatever fails, the old firmware is
 * stopped, FW_STATUS says BAD_IMAGE and CORUN_IRQ_FW_ERROR is raised.
 */
static void corun_fw_load(CorunGpuState *s)
{
    uint64_t pa = ((uint64_t)s->fw_addr_hi << 32) | s->fw_addr_lo;
    g_autofree uint8_t *img = NULL;
    char err[128];

    s->status &= ~CORUN_STATUS_FW_ERROR;
    s->fw_version = 0;
    s->mbox_done = 0;
    memset(s->mbox_out, 0, sizeof(s->mbox_out));
    if (s->fw_size < sizeof(struct corun_fw_header) ||
        s->fw_size > CORUN_FW_MAX_SIZE) {
        corun_guest_error(s, CORUN_ERR_BAD_VALUE, "FW_SIZE %u: an image "
                          "has %zu to %zu bytes", s->fw_size,
                          sizeof(struct corun_fw_header), CORUN_FW_MAX_SIZE);
        goto bad;
    }
    img = g_malloc(s->fw_size);
    if (!corun_dma_read(s, pa, img, s->fw_size)) {
        corun_guest_error(s, CORUN_ERR_DMA, "firmware image at 0x%" PRIx64
                          "+%u is not guest RAM (or bus mastering is off)",
                          pa, s->fw_size);
        goto bad;
    }
    if (mcu_check_image(img, s->fw_size, NULL, err, sizeof(err)) !=
        MCU_IMG_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: firmware image rejected: %s\n",
                      TYPE_CORUN_GPU, err);
        goto bad;
    }
    s->fw_status = CORUN_FW_LOADING;
    corun_fw_command(s, CORUN_FW_CMD_LOAD, g_steal_pointer(&img), s->fw_size);
    return;

bad:
    corun_fw_command(s, CORUN_FW_CMD_LOAD, NULL, 0);
    corun_fw_failed(s, CORUN_FW_BAD_IMAGE);
}

/* FW_CTRL.HALT: stop the firmware; a failed state stays visible. */
static void corun_fw_halt(CorunGpuState *s)
{
    corun_fw_command(s, CORUN_FW_CMD_HALT, NULL, 0);
    if (s->fw_status == CORUN_FW_LOADING || s->fw_status == CORUN_FW_RUNNING) {
        s->fw_status = CORUN_FW_OFF;
    }
}

static void corun_mbox_doorbell(CorunGpuState *s, uint32_t seq)
{
    if (s->fw_status != CORUN_FW_RUNNING) {
        corun_guest_error(s, CORUN_ERR_NO_FW, "mailbox doorbell %u while "
                          "the firmware is not running", seq);
        return;
    }
    if (s->mbox_busy) {
        corun_guest_error(s, CORUN_ERR_BAD_VALUE, "mailbox doorbell %u while "
                          "request %u is unanswered; dropped", seq,
                          s->mbox_doorbell);
        return;
    }
    s->mbox_doorbell = seq;
    memcpy(s->mbox_req, s->mbox_in, sizeof(s->mbox_req));
    s->mbox_pending = s->mbox_busy = true;
    corun_kick(s);
}

static void corun_update_running(CorunGpuState *s)
{
    if ((s->control & CORUN_CTRL_ENABLE) &&
        !(s->status & (CORUN_STATUS_EPOCH_WAIT | CORUN_STATUS_HOLD))) {
        s->status |= CORUN_STATUS_RUNNING;
    } else {
        s->status &= ~CORUN_STATUS_RUNNING;
    }
}

/* Return true when the caller must do a full reset (after unlocking). */
static bool corun_write_control(CorunGpuState *s, uint32_t val)
{
    if (val & ~CORUN_CTRL_ALL) {
        corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                          "CONTROL 0x%08x has undefined bits", val);
        return false;
    }
    if (val & CORUN_CTRL_RESET) {
        return true;
    }
    s->control = val;
    if (!(val & CORUN_CTRL_LOCKSTEP)) {
        s->status &= ~CORUN_STATUS_EPOCH_WAIT;
    }
    corun_update_running(s);
    corun_kick(s);
    return false;
}

/* Return true when the caller must do a full reset (after unlocking). */
static bool corun_mmio_write_locked(CorunGpuState *s, hwaddr addr,
                                    uint64_t data, unsigned size)
{
    uint32_t val = data;
    int n;

    if (!corun_access_ok(addr, size, true)) {
        return false;
    }
    n = corun_slot_of(s, addr);
    if (n >= 0) {
        corun_slot_write(s, n, (addr - CORUN_REG_SLOT_BASE) %
                         CORUN_REG_SLOT_STRIDE, addr, val);
        return false;
    }
    if (corun_reg_is_ro(addr)) {
        corun_guest_error(s, CORUN_ERR_RO_WRITE,
                          "write 0x%08x to read-only register 0x%"
                          HWADDR_PRIx, val, addr);
        return false;
    }
    if (addr >= CORUN_REG_MBOX_IN &&
        addr < CORUN_REG_MBOX_IN + 4 * CORUN_MBOX_WORDS) {
        s->mbox_in[(addr - CORUN_REG_MBOX_IN) / 4] = val;
        return false;
    }

    switch (addr) {
    case CORUN_REG_CONTROL:
        return corun_write_control(s, val);
    case CORUN_REG_ERROR:
        s->error &= ~(val & CORUN_ERR_ALL);
        return false;
    case CORUN_REG_IRQ_MASK:
        if (val & ~CORUN_IRQ_ALL) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "IRQ_MASK 0x%08x has undefined bits", val);
            return false;
        }
        s->irq_mask = val;
        corun_update_irq(s);
        return false;
    case CORUN_REG_IRQ_ACK:
        s->irq_status &= ~(val & CORUN_IRQ_ALL);
        corun_update_irq(s);
        return false;
    case CORUN_REG_EPOCH_LEN:
        if (val != 0 && val < CORUN_EPOCH_LEN_MIN) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "EPOCH_LEN %u: must be 0 or at least %u",
                              val, CORUN_EPOCH_LEN_MIN);
            return false;
        }
        s->epoch_len = val;
        s->epoch_dirty = true;
        corun_kick(s);
        return false;
    case CORUN_REG_EPOCH_ACK:
        if (!(s->status & CORUN_STATUS_EPOCH_WAIT) || val != s->epoch_seq) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "EPOCH_ACK %u: device is %s epoch %u", val,
                              (s->status & CORUN_STATUS_EPOCH_WAIT) ?
                              "waiting for" : "not waiting, last",
                              s->epoch_seq);
            return false;
        }
        s->status &= ~CORUN_STATUS_EPOCH_WAIT;
        corun_update_running(s);
        corun_kick(s);
        return false;
    case CORUN_REG_HOLD_ACK:
        if (!(s->status & CORUN_STATUS_HOLD)) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "HOLD_ACK: the device does not hold");
            return false;
        }
        s->status &= ~CORUN_STATUS_HOLD;
        corun_update_running(s);
        corun_kick(s);
        return false;
    case CORUN_REG_SNAPSHOT_LO:
        s->snapshot_lo = val;
        return false;
    case CORUN_REG_SNAPSHOT_HI:
        s->snapshot_hi = val;
        return false;
    case CORUN_REG_FW_ADDR_LO:
        s->fw_addr_lo = val;
        return false;
    case CORUN_REG_FW_ADDR_HI:
        s->fw_addr_hi = val;
        return false;
    case CORUN_REG_FW_SIZE:
        s->fw_size = val;
        return false;
    case CORUN_REG_FW_CTRL:
        if ((val & ~CORUN_FW_CTRL_ALL) || val == CORUN_FW_CTRL_ALL) {
            corun_guest_error(s, CORUN_ERR_BAD_VALUE,
                              "FW_CTRL 0x%08x: undefined bits or both LOAD "
                              "and HALT", val);
            return false;
        }
        if (val & CORUN_FW_CTRL_LOAD) {
            corun_fw_load(s);
        } else if (val & CORUN_FW_CTRL_HALT) {
            corun_fw_halt(s);
        }
        return false;
    case CORUN_REG_MBOX_DOORBELL:
        corun_mbox_doorbell(s, val);
        return false;
    }
    corun_guest_error(s, CORUN_ERR_BAD_OFFSET,
                      "write 0x%08x to unknown register 0x%" HWADDR_PRIx,
                      val, addr);
    return false;
}

static void corun_mmio_write(void *opaque, hwaddr addr, uint64_t data,
                             unsigned size)
{
    CorunGpuState *s = opaque;
    bool reset;

    qemu_mutex_lock(&s->lock);
    reset = corun_mmio_write_locked(s, addr, data, size);
    qemu_mutex_unlock(&s->lock);
    if (reset) {
        corun_full_reset(s);
    }
}

static const MemoryRegionOps corun_mmio_ops = {
    .read = corun_mmio_read,
    .write = corun_mmio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* Every size reaches the handlers, which reject all but aligned 4. */
    .valid = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
};

/* ------------------------------------------------------------------ */
/* Configuration, realize, teardown */

static bool corun_override(struct emu_config *cfg, const char *section,
                           const char *key, uint32_t val, Error **errp)
{
    char text[16];
    char err[256];

    if (val == 0) {
        return true;            /* keep the configuration's value */
    }
    snprintf(text, sizeof(text), "%u", val);
    if (emu_config_set(cfg, section, key, text, err, sizeof(err))) {
        error_setg(errp, "%s: %s.%s=%s: %s", TYPE_CORUN_GPU, section, key,
                   text, err);
        return false;
    }
    return true;
}

static bool corun_load_config(CorunGpuState *s, Error **errp)
{
    struct emu_config *cfg = &s->cfg;
    char err[256];
    FILE *log;

    if (s->config_path && s->config_path[0]) {
        if (emu_config_load(s->config_path, cfg, err, sizeof(err))) {
            error_setg(errp, "%s: config=%s: %s", TYPE_CORUN_GPU,
                       s->config_path, err);
            return false;
        }
    } else {
        emu_config_defaults(cfg);
    }
    if (!corun_override(cfg, "gpu", "num_sms", s->prop_num_sms, errp) ||
        !corun_override(cfg, "gpu", "num_slots", s->prop_slots, errp) ||
        !corun_override(cfg, "gpu", "warp_size", s->prop_warp_size, errp) ||
        !corun_override(cfg, "gpu", "epoch_cycles", s->prop_epoch_cycles,
                        errp)) {
        return false;
    }
    if (emu_config_validate(cfg, err, sizeof(err))) {
        error_setg(errp, "%s: invalid configuration: %s", TYPE_CORUN_GPU,
                   err);
        return false;
    }
    /* The register file is sized by hw.h's limits: never trust beyond. */
    if (cfg->num_sms < 1 || cfg->num_sms > CORUN_MAX_SMS ||
        cfg->num_slots < CORUN_MIN_SLOTS || cfg->num_slots > CORUN_MAX_SLOTS ||
        cfg->dram.channels > CORUN_MAX_DRAM_CHANNELS) {
        error_setg(errp, "%s: configuration exceeds the v1 hardware limits "
                   "(sms %u, slots %u, channels %u)", TYPE_CORUN_GPU,
                   cfg->num_sms, cfg->num_slots, cfg->dram.channels);
        return false;
    }

    s->config_id = emu_config_id(cfg);
    s->snapshot_size = sizeof(struct corun_snapshot_header) +
        cfg->num_slots * sizeof(struct corun_slot_counters) +
        cfg->num_sms * sizeof(struct corun_sm_counters) +
        cfg->dram.channels * sizeof(struct corun_chan_counters);

    /* Configurations are printed in full at start-up (to the QEMU log). */
    log = qemu_log_trylock();
    if (log) {
        fprintf(log, "%s: configuration %s (id 0x%08x)\n", TYPE_CORUN_GPU,
                (s->config_path && s->config_path[0]) ? s->config_path :
                "(built-in defaults)", s->config_id);
        emu_config_print(cfg, log);
        qemu_log_unlock(log);
    }
    return true;
}

/* Undo realize after the thread is stopped. */
static void corun_gpu_teardown(CorunGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);

    qemu_bh_delete(s->irq_bh);
    s->irq_bh = NULL;
    qemu_cond_destroy(&s->cond);
    qemu_mutex_destroy(&s->lock);
    if (msix_present(pdev)) {
        msix_unuse_all_vectors(pdev);
        msix_uninit_exclusive_bar(pdev);
    }
}

static void corun_gpu_realize(PCIDevice *pdev, Error **errp)
{
    CorunGpuState *s = CORUN_GPU(pdev);
    Error *err = NULL;
    unsigned int v;

    if (!corun_load_config(s, errp)) {
        return;
    }

    pci_config_set_interrupt_pin(pdev->config, 1);

    memory_region_init_io(&s->mmio, OBJECT(s), &corun_mmio_ops, s,
                          "corun-gpu-regs", CORUN_BAR_REGS_SIZE);
    pci_register_bar(pdev, CORUN_BAR_REGS, PCI_BASE_ADDRESS_SPACE_MEMORY,
                     &s->mmio);

    /*
     * Lockstep epochs, the firmware microcontroller and the model's
     * placement modes are implemented.
     */
    s->caps = CORUN_CAP_LOCKSTEP | CORUN_CAP_FIRMWARE |
        (emu_gpu_placement_modes() << CORUN_CAP_PLACEMENT_SHIFT);
    if (msix_init_exclusive_bar(pdev, CORUN_MSIX_COUNT, CORUN_BAR_MSIX,
                                &err) == 0) {
        for (v = 0; v < CORUN_MSIX_COUNT; v++) {
            msix_vector_use(pdev, v);
        }
        s->caps |= CORUN_CAP_MSIX;
    } else {
        /* Machines without working MSI: the driver falls back to INTx. */
        warn_reportf_err(err, "%s: no MSI-X, using INTx: ", TYPE_CORUN_GPU);
    }

    qemu_mutex_init(&s->lock);
    qemu_cond_init(&s->cond);
    s->as = pci_get_address_space(pdev);
    s->irq_bh = qemu_bh_new(corun_irq_bh, s);
    corun_reset_regs(s);
    if (!corun_thread_start(s, errp)) {
        corun_gpu_teardown(s);
        return;
    }
}

static void corun_gpu_exit(PCIDevice *pdev)
{
    CorunGpuState *s = CORUN_GPU(pdev);

    corun_thread_stop(s);
    corun_gpu_teardown(s);
}

static Property corun_gpu_properties[] = {
    DEFINE_PROP_STRING("config", CorunGpuState, config_path),
    DEFINE_PROP_UINT32("num-sms", CorunGpuState, prop_num_sms, 0),
    DEFINE_PROP_UINT32("slots", CorunGpuState, prop_slots, 0),
    DEFINE_PROP_UINT32("warp-size", CorunGpuState, prop_warp_size, 0),
    DEFINE_PROP_BOOL("lockstep", CorunGpuState, prop_lockstep, false),
    /* Reset value of CORUN_REG_EPOCH_LEN; the driver may change it. */
    DEFINE_PROP_UINT32("epoch-cycles", CorunGpuState, prop_epoch_cycles, 0),
    /*
     * Doorbells need the firmware up (CORUN_ERR_NO_FW otherwise), as hw.h
     * says. require-fw=off takes jobs without it, for tests of the job
     * path alone.
     */
    DEFINE_PROP_BOOL("require-fw", CorunGpuState, prop_require_fw, true),
    DEFINE_PROP_END_OF_LIST(),
};

/* The device state is not migrated yet: refuse instead of losing it. */
static const VMStateDescription vmstate_corun_gpu = {
    .name = TYPE_CORUN_GPU,
    .unmigratable = 1,
};

static void corun_gpu_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->realize = corun_gpu_realize;
    k->exit = corun_gpu_exit;
    k->vendor_id = CORUN_PCI_VENDOR_ID;
    k->device_id = CORUN_PCI_DEVICE_ID;
    k->revision = CORUN_PCI_REVISION;
    k->class_id = CORUN_PCI_CLASS;
    dc->desc = "corun co-running GPU (emulated)";
    dc->reset = corun_gpu_reset;
    dc->vmsd = &vmstate_corun_gpu;
    device_class_set_props(dc, corun_gpu_properties);
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo corun_gpu_info = {
    .name = TYPE_CORUN_GPU,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(CorunGpuState),
    .class_init = corun_gpu_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_CONVENTIONAL_PCI_DEVICE },
        { },
    },
};

static void corun_gpu_register_types(void)
{
    type_register_static(&corun_gpu_info);
}

type_init(corun_gpu_register_types)
