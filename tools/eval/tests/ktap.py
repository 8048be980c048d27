# SPDX-License-Identifier: GPL-2.0
"""A minimal KTAP runner for corun-eval's test programs: each case is a
function that raises on failure; the output is what tools/testing/run-tests
reads from every test program (KTAP, then "N passed, N failed")."""

import os
import subprocess
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
	os.path.abspath(__file__)))))
TOOL = os.path.join(ROOT, 'tools', 'eval', 'corun-eval')
BUILD = os.path.join(ROOT, os.environ.get('O', 'build')) \
	if not os.path.isabs(os.environ.get('O', 'build')) else os.environ['O']

sys.path.insert(0, os.path.join(ROOT, 'tools', 'eval'))


class Failure(Exception):
	pass


def expect(cond, msg):
	if not cond:
		raise Failure(msg)


def expect_eq(got, want, what):
	if got != want:
		raise Failure(f'{what}: got {got!r}, want {want!r}')


def corun_eval(*args, check=None, timeout=600):
	"""Run corun-eval with the build under test; returns CompletedProcess.
	check: the exit status expected (None: any)."""
	p = subprocess.run([sys.executable, TOOL, '--build', BUILD] + list(args),
			   capture_output=True, text=True, timeout=timeout,
			   stdin=subprocess.DEVNULL)
	if check is not None and p.returncode != check:
		raise Failure(f'corun-eval {" ".join(args)}: exit {p.returncode}, '
			      f'want {check}\nstdout: {p.stdout[-2000:]}\n'
			      f'stderr: {p.stderr[-2000:]}')
	return p


def run_suite(name, cases, setup=None, teardown=None):
	"""Run cases [(name, fn)] as one KTAP suite; returns the exit status.
	Case names on the command line run those cases only."""
	if sys.argv[1:]:
		unknown = set(sys.argv[1:]) - {c[0] for c in cases}
		if unknown:
			print(f'unknown case {sorted(unknown)[0]}', file=sys.stderr)
			return 2
		cases = [c for c in cases if c[0] in sys.argv[1:]]
	print('KTAP version 1', flush=True)
	print(f'1..{len(cases)}', flush=True)
	passed = failed = 0
	ctx = None
	try:
		if setup:
			ctx = setup()
		for i, (cname, fn) in enumerate(cases, 1):
			start = time.monotonic()
			try:
				fn(ctx) if setup else fn()
				ok = True
			except Exception as e:	# every failure is reported, none kills the suite
				ok = False
				detail = str(e) if isinstance(e, Failure) else traceback.format_exc()
				for line in detail.rstrip().splitlines():
					print(f'    # {line}', flush=True)
			print(f'    # {cname}: {time.monotonic() - start:.1f} s', flush=True)
			print(f'{"ok" if ok else "not ok"} {i} {cname}', flush=True)
			passed += ok
			failed += not ok
	except Exception:
		for line in traceback.format_exc().rstrip().splitlines():
			print(f'# {line}')
		failed += len(cases) - passed - failed or 1
	finally:
		if teardown:
			for line in teardown(ctx):
				print(line, flush=True)
	print(f'# {name}: pass:{passed} fail:{failed} skip:0 total:{passed + failed}')
	print(f'{passed} passed, {failed} failed', flush=True)
	return 1 if failed else 0
