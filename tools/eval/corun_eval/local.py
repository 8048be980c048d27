# SPDX-License-Identifier: GPL-2.0
"""Local sweeps through GNU parallel: one job per run, each a worker
(corun-eval exec) recording its result in the database."""

import os
import shutil
import signal
import subprocess
import sys
import time

TOOL = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
		    'corun-eval')


class ParallelMissing(Exception):
	pass


def run(plan_dir, db_path, keys, jobs, nice=10, bar=None):
	"""Run keys (in order) jobs at a time; returns parallel's exit status
	(the number of workers that did not record their run, 0 when all did)
	or 128 + signal when the sweep was interrupted."""
	if not shutil.which('parallel'):
		raise ParallelMissing('GNU parallel not found: install it (make deps)')
	if not keys:
		return 0
	if bar is None:
		bar = sys.stderr.isatty()
	with open(os.path.join(plan_dir, 'keys'), 'w') as f:
		f.write(''.join(k + '\n' for k in keys))
	argv = ['parallel', '--will-cite', '--jobs', str(jobs), '--halt', 'never',
		'--nice', str(nice), '--joblog', os.path.join(plan_dir, 'joblog'),
		'--arg-file', os.path.join(plan_dir, 'keys'), '-q']
	if bar:
		argv += ['--bar', '--eta']
	argv += [sys.executable, TOOL, 'exec', '--plan', plan_dir, '--db', db_path,
		 '--seq', '{#}', '--total', str(len(keys)), '--started', f'{time.time():.0f}']
	if bar:
		argv += ['--quiet']
	argv += ['{}']
	proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL)
	got = []

	def forward(signum, frame):
		# parallel's first TERM stops new jobs and ends the running ones
		# (TERM, then KILL); the workers record nothing unfinished.
		got.append(signum)
		try:
			proc.send_signal(signal.SIGTERM)
		except ProcessLookupError:
			pass

	old = {s: signal.signal(s, forward) for s in (signal.SIGINT, signal.SIGTERM,
						     signal.SIGHUP)}
	try:
		rc = proc.wait()
	finally:
		for s, h in old.items():
			signal.signal(s, h)
	return 128 + got[0] if got else rc
