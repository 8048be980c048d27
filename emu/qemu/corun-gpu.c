/*
 * corun-gpu: an emulated PCI GPU that co-runs jobs from several hardware
 * slots. The register interface is include/corun/hw.h (built into QEMU as
 * "corun/hw.h"); everything the device does behind its registers (rings,
 * doorbells, fences, faults, the completion hold, epochs and counter
 * snapshots, the firmware microcontroller and its mailbox) is corun's
 * emu/ library (emu/device.h), the same code corun-sim drives on the host.
 *
 * This file is only the QEMU glue: the PCI function, BAR0 dispatch (every
 * access but an aligned 32-bit one is refused here), MSI-X on BAR1 with
 * INTx as fallback, guest memory for the device's DMA (its bus-master
 * address space), the simulation thread that runs the device clock
 * without the BQL, reset, and the QOM properties that choose the
 * configuration file and lockstep.
 *
 * Copyright (c) 2026 The corun authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qemu/log.h"
#include "qemu/module.h"
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
#include "emu/device.h"

#define TYPE_CORUN_GPU "corun-gpu"
OBJECT_DECLARE_SIMPLE_TYPE(CorunGpuState, CORUN_GPU)

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
    bool prop_require_fw;

    struct emu_config cfg;

    /*
     * @lock serializes every call into @dev (MMIO handlers run under the
     * BQL and take it; the thread never takes the BQL and drops @lock
     * while it advances the clock). Lock order: BQL, then @lock.
     */
    QemuMutex lock;
    QemuCond cond;
    QemuThread thread;
    bool thread_running;
    bool stop;                  /* thread: exit */
    QEMUBH *irq_bh;
    AddressSpace *as;
    struct emu_dev *dev;
    uint32_t irq_signalled;     /* MSI-X: classes already notified */
};

/* ------------------------------------------------------------------ */
/* Interrupts */

/* MSI-X vector of each interrupt class (CORUN_IRQ_* bit number). */
static const uint8_t corun_irq_vector[] = {
    [0] = CORUN_MSIX_JOB,       /* CORUN_IRQ_JOB */
    [1] = CORUN_MSIX_EPOCH,     /* CORUN_IRQ_EPOCH */
    [2] = CORUN_MSIX_FAULT,     /* CORUN_IRQ_FAULT */
    [3] = CORUN_MSIX_MAILBOX,   /* CORUN_IRQ_MAILBOX */
    [4] = CORUN_MSIX_FAULT,     /* CORUN_IRQ_FW_ERROR */
};

/*
 * Deliver pending, enabled interrupts (BQL and @lock held). With MSI-X
 * each class sends its vector once when it becomes pending; it can fire
 * again after the guest acknowledges (or masks and unmasks) it. Without
 * MSI-X, INTx is level: asserted while any enabled class is pending.
 */
static void corun_update_irq(CorunGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    uint32_t pending = s->dev ? emu_dev_irq_pending(s->dev) : 0;
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

/* Main loop, BQL held: deliver what the thread latched. */
static void corun_irq_bh(void *opaque)
{
    CorunGpuState *s = opaque;

    qemu_mutex_lock(&s->lock);
    corun_update_irq(s);
    qemu_mutex_unlock(&s->lock);
}

/*
 * emu_dev_ops.irq, @lock held: at once from an MMIO handler (so an
 * acknowledged INTx drops before the guest returns), through the bottom
 * half from the thread, which must not take the BQL.
 */
static void corun_dev_irq(void *ctx)
{
    CorunGpuState *s = ctx;

    if (qemu_mutex_iothread_locked()) {
        corun_update_irq(s);
    } else {
        qemu_bh_schedule(s->irq_bh);
    }
}

static void corun_dev_kick(void *ctx)
{
    CorunGpuState *s = ctx;

    qemu_cond_signal(&s->cond);
}

static void corun_dev_guest_error(void *ctx, const char *msg)
{
    qemu_log_mask(LOG_GUEST_ERROR, "%s: %s\n", TYPE_CORUN_GPU, msg);
}

/* ------------------------------------------------------------------ */
/* Guest memory for the device */

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
/* Simulation thread: the device clock */

static void *corun_thread_fn(void *opaque)
{
    CorunGpuState *s = opaque;
    uint64_t q;

    rcu_register_thread();
    qemu_mutex_lock(&s->lock);
    while (!s->stop) {
        q = emu_dev_prepare(s->dev);
        if (!q) {
            /* No job can run and the MCU sleeps: the clock stops. */
            qemu_cond_wait(&s->cond, &s->lock);
            continue;
        }
        /* The model and the MCU are the clock's: run without the lock. */
        qemu_mutex_unlock(&s->lock);
        emu_dev_advance(s->dev, q);
        qemu_mutex_lock(&s->lock);
        emu_dev_complete(s->dev);
    }
    qemu_mutex_unlock(&s->lock);
    rcu_unregister_thread();
    return NULL;
}

static void corun_thread_start(CorunGpuState *s)
{
    s->stop = false;
    qemu_thread_create(&s->thread, "corun-gpu", corun_thread_fn, s,
                       QEMU_THREAD_JOINABLE);
    s->thread_running = true;
}

/* Stop and join the thread. Never with @lock held. */
static void corun_thread_stop(CorunGpuState *s)
{
    if (!s->thread_running) {
        return;
    }
    qemu_mutex_lock(&s->lock);
    s->stop = true;
    qemu_cond_signal(&s->cond);
    qemu_mutex_unlock(&s->lock);
    qemu_thread_join(&s->thread);
    s->thread_running = false;
}

/*
 * Full reset, BQL held, @lock not held: stop the thread, reset the device
 * (which rebuilds the model), start again.
 */
static void corun_full_reset(CorunGpuState *s)
{
    corun_thread_stop(s);
    qemu_bh_cancel(s->irq_bh);
    qemu_mutex_lock(&s->lock);
    if (emu_dev_reset(s->dev)) {
        /* Out of memory: the device stays without a clock. */
        error_report("%s: cannot rebuild the device model at reset",
                     TYPE_CORUN_GPU);
    }
    corun_update_irq(s);
    qemu_mutex_unlock(&s->lock);
    corun_thread_start(s);
}

static void corun_gpu_reset(DeviceState *dev)
{
    corun_full_reset(CORUN_GPU(dev));
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

static uint64_t corun_mmio_read(void *opaque, hwaddr addr, unsigned size)
{
    CorunGpuState *s = opaque;
    uint64_t val;

    if (!corun_access_ok(addr, size, false)) {
        return 0;
    }
    qemu_mutex_lock(&s->lock);
    val = emu_dev_read(s->dev, addr);
    qemu_mutex_unlock(&s->lock);
    return val;
}

static void corun_mmio_write(void *opaque, hwaddr addr, uint64_t data,
                             unsigned size)
{
    CorunGpuState *s = opaque;
    int ret;

    if (!corun_access_ok(addr, size, true)) {
        return;
    }
    qemu_mutex_lock(&s->lock);
    ret = emu_dev_write(s->dev, addr, data);
    qemu_mutex_unlock(&s->lock);
    if (ret == EMU_DEV_WRITE_RESET) {
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

/* The configuration file (or the defaults) with the properties on top. */
static bool corun_load_config(CorunGpuState *s, Error **errp)
{
    struct emu_config *cfg = &s->cfg;
    char err[256];

    if (s->config_path && s->config_path[0]) {
        if (emu_config_load(s->config_path, cfg, err, sizeof(err))) {
            error_setg(errp, "%s: config=%s: %s", TYPE_CORUN_GPU,
                       s->config_path, err);
            return false;
        }
    } else {
        emu_config_defaults(cfg);
    }
    return corun_override(cfg, "gpu", "num_sms", s->prop_num_sms, errp) &&
        corun_override(cfg, "gpu", "num_slots", s->prop_slots, errp) &&
        corun_override(cfg, "gpu", "warp_size", s->prop_warp_size, errp) &&
        corun_override(cfg, "gpu", "epoch_cycles", s->prop_epoch_cycles,
                       errp);
}

/* Configurations are printed in full at start-up (to the QEMU log). */
static void corun_log_config(CorunGpuState *s)
{
    FILE *log = qemu_log_trylock();

    if (log) {
        fprintf(log, "%s: configuration %s (id 0x%08x)\n", TYPE_CORUN_GPU,
                (s->config_path && s->config_path[0]) ? s->config_path :
                "(built-in defaults)", emu_dev_config_id(s->dev));
        emu_config_print(&s->cfg, log);
        qemu_log_unlock(log);
    }
}

/* Undo realize after the thread is stopped. */
static void corun_gpu_teardown(CorunGpuState *s)
{
    PCIDevice *pdev = PCI_DEVICE(s);

    emu_dev_destroy(s->dev);
    s->dev = NULL;
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
    struct emu_dev_ops ops = {
        .ctx = s,
        .map = corun_phys_map,
        .irq = corun_dev_irq,
        .kick = corun_dev_kick,
        .guest_error = corun_dev_guest_error,
    };
    struct emu_dev_params params = {
        .lockstep = s->prop_lockstep,
        .require_fw = s->prop_require_fw,
    };
    Error *err = NULL;
    char msg[256];
    unsigned int v;

    if (!corun_load_config(s, errp)) {
        return;
    }

    pci_config_set_interrupt_pin(pdev->config, 1);

    memory_region_init_io(&s->mmio, OBJECT(s), &corun_mmio_ops, s,
                          "corun-gpu-regs", CORUN_BAR_REGS_SIZE);
    pci_register_bar(pdev, CORUN_BAR_REGS, PCI_BASE_ADDRESS_SPACE_MEMORY,
                     &s->mmio);

    if (msix_init_exclusive_bar(pdev, CORUN_MSIX_COUNT, CORUN_BAR_MSIX,
                                &err) == 0) {
        for (v = 0; v < CORUN_MSIX_COUNT; v++) {
            msix_vector_use(pdev, v);
        }
        params.caps |= CORUN_CAP_MSIX;
    } else {
        /* Machines without working MSI: the driver falls back to INTx. */
        warn_reportf_err(err, "%s: no MSI-X, using INTx: ", TYPE_CORUN_GPU);
    }

    qemu_mutex_init(&s->lock);
    qemu_cond_init(&s->cond);
    s->as = pci_get_address_space(pdev);
    s->irq_bh = qemu_bh_new(corun_irq_bh, s);
    s->dev = emu_dev_create(&s->cfg, &ops, &params, msg, sizeof(msg));
    if (!s->dev) {
        error_setg(errp, "%s: %s", TYPE_CORUN_GPU, msg);
        corun_gpu_teardown(s);
        return;
    }
    corun_log_config(s);
    corun_thread_start(s);
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
