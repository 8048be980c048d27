# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the guest scripts (guest-prog.sh, guest-kunit.sh,
# guest-driver.sh): scan the whole kernel log for reports of the kernel's
# checkers and, on a kernel with kmemleak (the debug kernel), scan memory
# for leaks; print "DMESG clean" or "DMESG dirty" with the reports. Each
# pattern is the start of a report (a WARN, a BUG or Oops, KASAN, UBSAN,
# lockdep's splats, which print as WARNING or BUG, refcount_t, list
# debugging, the hung-task detector, kmemleak, debug objects), not a word
# that the debug kernel's boot banners also print ("RCU lockdep checking
# is enabled").
REPORTS='WARNING:|BUG:|BUG |Oops|KASAN:|UBSAN:|possible circular locking|possible recursive locking|inconsistent lock state|refcount_t:|general protection fault|list_add corruption|list_del corruption|INFO: task|unreferenced object|Call Trace:|ODEBUG:'

KMEMLEAK=/sys/kernel/debug/kmemleak
# A leak counts when a frame of its allocation's backtrace is corun's
# code (corun.ko, the KUnit module, the planted-leak module), code that
# corun drives (DRM core, the scheduler, shmem GEM, drm_exec, dma-buf,
# dma-fence, dma-resv, sync_file, syncobj), or an address no symbol
# covers: code of a module unloaded before the scan, which in these runs
# is corun's own (the scan runs after rmmod). The debug kernel's other
# leaks (boot-time ones of unrelated subsystems) are listed, not counted.
KMEMLEAK_OURS='[[](corun[a-z_]*|drm[a-z_]*|gpu_sched)[]]$|^ *(drm_|dma_buf|dma_fence|dma_resv|sync_file|drm_sched)|^ *0x[0-9a-f]+$'

# kmemleak_check [noscan]: scan twice (kmemleak reports an object only
# when its contents did not change between two scans and it is at least
# 5 s old; noscan: only read what earlier scans found), then print "KMEMLEAK none" (no kmemleak: the stock kernel), "KMEMLEAK
# clean N" (N leaks, none counted) or "KMEMLEAK dirty N M" (M of N
# counted), each leak summarised, the counted ones in full. Returns 1 if
# dirty.
kmemleak_check() {
	local txt=/tmp/kmemleak.$$ all ours
	if [ ! -w "$KMEMLEAK" ]; then
		echo "KMEMLEAK none"
		return 0
	fi
	if [ "${1:-}" != noscan ]; then
		sleep 6
		echo scan >"$KMEMLEAK"
		echo scan >"$KMEMLEAK"
	fi
	cat "$KMEMLEAK" >"$txt"
	# one record per leak: "ours" first if any frame counts, then the
	# record's lines joined by a tab
	awk -v ours="$KMEMLEAK_OURS" '
		function flush() {
			if (rec != "")
				print (hit ? "ours" : "other") "\t" rec
			rec = ""; hit = 0; bt = 0
		}
		/^unreferenced object/ { flush(); rec = $0; next }
		rec == "" { next }
		{ rec = rec "\t" $0 }
		/^  backtrace/ { bt = 1; next }
		bt && $0 ~ ours { hit = 1 }
		END { flush() }' "$txt" >"$txt.rec"
	all=$(wc -l <"$txt.rec")
	ours=$(grep -c '^ours' "$txt.rec")
	if [ "$ours" -gt 0 ]; then
		echo "KMEMLEAK dirty $all $ours"
	else
		echo "KMEMLEAK clean $all"
	fi
	# a summary of each: size, comm, the first frame past the allocator
	awk -F'\t' '{
		size = $2; sub(/.*\(size /, "", size); sub(/\).*/, "", size)
		comm = $3; sub(/^ *comm "/, "", comm); sub(/".*/, "", comm)
		f = ""; bt = 0
		for (i = 4; i <= NF; i++) {
			if ($i ~ /^  backtrace/)
				bt = 1
			else if (bt && $i !~ /kmemleak|alloc|slab|krealloc|kmem_cache/) {
				f = $i; break
			}
		}
		sub(/^ +/, "", f)
		printf "# kmemleak: %s size %s comm %s at %s\n", $1, size, comm, f
	}' "$txt.rec"
	grep '^ours' "$txt.rec" | head -n 5 | cut -f2- | tr '\t' '\n' |
		sed 's/^/# kmemleak| /'
	rm -f "$txt" "$txt.rec"
	[ "$ours" -eq 0 ]
}

scan_reports() {
	local leaks=0
	kmemleak_check || leaks=1
	if dmesg | grep -E -q "$REPORTS"; then
		echo "DMESG dirty"
		dmesg | grep -E -B 2 -A 20 "$REPORTS" | head -n 80 |
			sed 's/^/# dmesg: /'
	elif [ $leaks = 1 ]; then
		echo "DMESG dirty"
	else
		echo "DMESG clean"
	fi
}
