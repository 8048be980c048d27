# SPDX-License-Identifier: GPL-2.0
"""Plan directories and the execution of runs from them.

A plan directory holds plan.json (the runs to do, the build they are
keyed to and, for Slurm, the chunks of the array tasks) and mixes/KEY.mix.
Workers (GNU parallel jobs locally, Slurm array tasks on a cluster) run
corun-sim from it with the plan directory as working directory, so a
result names its mix as mixes/KEY.mix wherever it ran, and record each
result in a database. A run that exits, even with an error, is recorded;
one killed by a signal is not, so a resumed sweep runs it again.
"""

import ctypes
import datetime
import json
import os
import signal
import socket
import subprocess
import sys
import time

from . import db as dbmod
from .plan import Run
from .simtool import build_ids

PLAN_FORMAT = 1
ERROR_LINES = 12
PR_SET_PDEATHSIG = 1


def write_plan(path, sim, runs, version, chunks=None):
	os.makedirs(os.path.join(path, 'mixes'), exist_ok=True)
	for r in runs:
		with open(os.path.join(path, 'mixes', r.key + '.mix'), 'w') as f:
			f.write(r.mix_text())
	plan = {'format': PLAN_FORMAT, 'sim': sim.path, 'kernel_dir': sim.kernel_dir,
		'firmware': sim.firmware, 'builds': sim.builds(), 'version': version,
		'runs': [r.to_dict() for r in runs]}
	if chunks is not None:
		plan['chunks'] = chunks
	tmp = os.path.join(path, 'plan.json.tmp')
	with open(tmp, 'w') as f:
		json.dump(plan, f, indent=1)
	os.rename(tmp, os.path.join(path, 'plan.json'))
	with open(os.path.join(path, 'pending'), 'w') as f:
		f.write(''.join(r.key + '\n' for r in runs))


def read_plan(path):
	with open(os.path.join(path, 'plan.json')) as f:
		plan = json.load(f)
	if plan.get('format') != PLAN_FORMAT:
		raise ValueError(f'{path}/plan.json: format {plan.get("format")}, '
				 f'expected {PLAN_FORMAT}')
	plan['runs'] = {d['key']: Run.from_dict(d) for d in plan['runs']}
	return plan


class Interrupted(Exception):
	def __init__(self, signum):
		super().__init__(f'signal {signum}')
		self.signum = signum


def _on_signal(signum, frame):
	raise Interrupted(signum)


def _die_with_parent():
	"""corun-sim must not outlive a worker killed outright."""
	try:
		libc = ctypes.CDLL(None, use_errno=True)
		libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
	except (OSError, AttributeError):
		pass


def _error_text(doc, stderr):
	msgs = []
	if doc:
		for a in doc.get('alone', []):
			if a.get('error'):
				msgs.append(f'alone {a["workload"]}: {a["error"]}')
		for j in (doc.get('corun') or {}).get('jobs', []):
			if j.get('error'):
				msgs.append(f'job {j["index"]} {j["workload"]}: {j["error"]}')
	tail = [l for l in stderr.splitlines() if l.strip()][-ERROR_LINES:]
	return '\n'.join(msgs + tail) or 'no error message'


def _job_rows(run, doc, failed):
	rows = []
	if run.kind == 'alone':
		src = (doc or {}).get('alone') or []
	else:
		src = ((doc or {}).get('corun') or {}).get('jobs') or []
	for i, (w, scale, seed) in enumerate(run.jobs):
		d = src[i] if i < len(src) else {}
		cycles = d.get('cycles', ((doc or {}).get('corun') or {}).get('cycles'))
		insns = d.get('thread_insns')
		ipc = d.get('ipc')
		# The JSON prints 9 digits; IPC from the counts is corun-sim's own.
		if ipc is not None and insns is not None and cycles:
			ipc = insns / cycles
		rows.append({'run_key': run.key, 'job': i, 'workload': w, 'scale': scale,
			     'seed': seed,
			     'alone_key': run.alone_keys[i] if run.kind == 'corun' else None,
			     'status': d.get('status', 'error' if failed else None),
			     'ipc': ipc, 'thread_insns': insns, 'cycles': cycles})
	return rows


def execute(plan_dir, plan, run, conn):
	"""Run one run and record it; returns its status ('ok' or 'failed').
	Raises Interrupted if the worker or corun-sim got a signal."""
	mix = os.path.join('mixes', run.key + '.mix')
	argv = run.argv(plan['sim'], plan['kernel_dir'], mix)
	start = time.monotonic()
	child = subprocess.Popen(argv, cwd=plan_dir, stdin=subprocess.DEVNULL,
				 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
				 text=True, preexec_fn=_die_with_parent)
	try:
		out, err = child.communicate()
	except BaseException:
		child.kill()
		child.wait()
		raise
	wall = time.monotonic() - start
	if child.returncode < 0:
		raise Interrupted(-child.returncode)
	try:
		doc = json.loads(out) if out.strip() else None
	except json.JSONDecodeError:
		doc = None
	ok = child.returncode == 0 and doc is not None and doc.get('ok') is True
	status = 'ok' if ok else 'failed'
	builds = plan['builds']
	row = {'key': run.key, 'kind': run.kind, 'label': run.label,
	       'config_file': run.config['file'], 'config_name': run.config['name'],
	       'config_id': run.config['id'], 'policy': run.policy,
	       'cycles': run.cycles, 'inputs': json.dumps(run.inputs, sort_keys=True),
	       'mix': run.mix_text(), 'argv': json.dumps(argv),
	       'sim_build': builds['sim'], 'kernels_build': builds['kernels'],
	       'firmware_build': builds['firmware'], 'corun_version': plan['version'],
	       'status': status, 'exit_status': child.returncode,
	       'error': None if ok else _error_text(doc, err),
	       'result': out if doc is not None else None,
	       'wall_seconds': round(wall, 3), 'host': socket.gethostname(),
	       'finished': datetime.datetime.now(datetime.timezone.utc)
				  .strftime('%Y-%m-%dT%H:%M:%SZ')}
	dbmod.insert(conn, row, _job_rows(run, doc, not ok))
	return status, wall


def _progress(seq, total, started):
	"""[n/N] and, for a local sweep, a rough ETA from the runs so far."""
	if not seq:
		return ''
	n, tot = int(seq), int(total)
	if not started or n >= tot:
		return f'[{n}/{tot}] '
	left = (time.time() - float(started)) / n * (tot - n)
	eta = f'{left / 3600:.1f} h' if left >= 5400 else f'{left / 60:.0f} min'
	return f'[{n}/{tot}, ETA {eta}] '


def worker(plan_dir, db_path, keys, seq=None, total=None, quiet=False, wal=True,
	   started=None):
	"""Run keys one after another into db_path; returns an exit status:
	0 when every run was recorded (ok or failed), 128 + signal if
	interrupted (the run in progress is not recorded)."""
	for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
		signal.signal(s, _on_signal)
	plan = read_plan(plan_dir)
	# The keys name the build the sweep was planned with: a rebuilt
	# corun-sim, kernel or firmware must not run under them.
	if 'firmware' in plan and plan['builds'] != build_ids(
			plan['sim'], plan['kernel_dir'], plan['firmware']):
		print(f'corun-eval: the build changed since {plan_dir} was planned: '
		      'run the sweep again', file=sys.stderr)
		return 3
	conn = dbmod.connect(db_path, wal=wal)
	try:
		for i, key in enumerate(keys):
			run = plan['runs'].get(key)
			if run is None:
				print(f'corun-eval: {key}: not in {plan_dir}/plan.json',
				      file=sys.stderr)
				return 2
			status, wall = execute(plan_dir, plan, run, conn)
			if not quiet or status != 'ok':
				n = _progress(seq, total, started)
				what = run.describe() if run.kind == 'corun' else 'alone'
				print(f'corun-eval: {n}{status:6} {run.label} {what} on '
				      f'{run.config["name"]} ({wall:.1f} s)', flush=True)
	except Interrupted as e:
		return 128 + e.signum
	finally:
		conn.close()
	return 0
