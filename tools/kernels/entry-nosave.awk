# SPDX-License-Identifier: GPL-2.0
#
# Drop the callee-saved register saves from kernel entry functions.
#
# A kernel entry (CORUN_KERNEL's fn__corun_entry, with the body inlined)
# never returns: the thread ends with the EXIT instruction. Like a GPU
# kernel it has no caller whose registers need preserving, but clang 14
# has no RV32F calling convention without callee-saved registers, so the
# prologue stores every s/fs register it uses (and ra) to the thread's
# stack: up to 26 dead stores per thread, real local-memory traffic in
# the timing model. This pass deletes exactly the stores the prologue's
# CFI describes (.cfi_offset REG, -K at CFA offset N => REG stored at
# N-K(sp)) and those .cfi_offset lines.
#
# It refuses (exit 1) an entry that could read a deleted slot back or
# return, or whose saves it cannot all find: a load from a deleted slot,
# a "ret", a CFA not based on a plain sp offset, a described save missing.
#
# usage: awk -f entry-nosave.awk file.s file.s > out.s  (two passes)

function fail(msg)
{
	printf("%s:%d: %s: %s\n", FILENAME, FNR, fn, msg) > "/dev/stderr"
	bad = 1
	exit 1
}

# "sw s0, 296(sp)" -> "s0 296" for sw/fsw/lw/flw with an sp base, else "".
function sp_slot(line, m)
{
	if (match(line, /^[ \t]*f?[sl]w[ \t]+[a-z0-9]+,[ \t]*-?[0-9]+\(sp\)/)) {
		m = substr(line, RSTART, RLENGTH)
		sub(/^[ \t]*f?[sl]w[ \t]+/, "", m)
		sub(/\(sp\)$/, "", m)
		sub(/,[ \t]*/, " ", m)
		return m
	}
	return ""
}

FNR == 1 { pass++ }

/^[A-Za-z0-9_.$]+__corun_entry:/ {
	fn = $1
	sub(/:$/, "", fn)
	body = fn
	sub(/__corun_entry$/, "", body)
	in_entry = 1
	cfa = 0
}

in_entry && /^[ \t]*\.cfi_def_cfa[ \t]/ {
	fail("CFA is not a plain sp offset")
}

in_entry && /^[ \t]*\.cfi_def_cfa_offset[ \t]/ {
	cfa = $2 + 0
}

pass == 1 && in_entry && /^[ \t]*\.cfi_offset[ \t]/ {
	reg = $2
	sub(/,$/, "", reg)
	drop[fn, reg " " (cfa + $3)] = 1
	ndrop[fn]++
}

pass == 2 && in_entry {
	slot = sp_slot($0)
	if (slot != "" && ((fn, slot) in drop)) {
		if ($1 ~ /^f?sw$/) {
			dropped[fn]++
			next
		}
		fail("loads a dropped save slot back: " $0)
	}
	if ($1 == "ret")
		fail("an entry function returns")
	# The body must be inlined, or it saves the registers itself.
	if ($1 ~ /^(call|tail|jal)$/ && $NF == body)
		fail("calls its body " body " instead of inlining it")
	if ($1 == ".cfi_offset")
		next
}

in_entry && /^[ \t]*\.cfi_endproc/ {
	if (pass == 2 && dropped[fn] != ndrop[fn])
		fail(sprintf("found %d of the %d saves its CFI describes",
			     dropped[fn], ndrop[fn]))
	in_entry = 0
}

pass == 2 { print }

END {
	if (bad)
		exit 1
}
