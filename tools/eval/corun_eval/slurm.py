# SPDX-License-Identifier: GPL-2.0
"""Sweeps as Slurm job arrays.

submit() writes a plan directory (on a file system the compute nodes
share), one array task per chunk of runs, each writing its own database
DIR/results/task-N.db (rollback journal: no WAL on network file systems),
and a merge job that runs after the array (afterany) and merges every
task's database into the main one. A task killed by its time limit loses
only the run in progress; submitting again runs what is still missing.
"""

import os
import shlex
import shutil
import subprocess
import sys

from . import execute
from .local import TOOL

MAX_ARRAY_TASKS = 1000		# Slurm's default MaxArraySize is 1001


class SlurmError(Exception):
	pass


def _sbatch(args):
	p = subprocess.run(['sbatch', '--parsable'] + args, capture_output=True,
			   text=True, stdin=subprocess.DEVNULL)
	if p.returncode:
		raise SlurmError(f'sbatch {" ".join(args)}: {p.stderr.strip()}')
	return p.stdout.strip().split(';')[0]


def chunks(keys, per_task):
	per_task = max(per_task, -(-len(keys) // MAX_ARRAY_TASKS))
	return [keys[i:i + per_task] for i in range(0, len(keys), per_task)]


def write_scripts(d, db_path, ntasks, sbatch_args):
	py, tool = shlex.quote(sys.executable), shlex.quote(TOOL)
	q = shlex.quote
	extra = ''.join(f'#SBATCH {a}\n' for a in sbatch_args)
	array = (
		'#!/bin/bash\n'
		'# corun-eval: one array task per chunk of plan.json\n'
		'#SBATCH --job-name=corun-eval\n'
		f'#SBATCH --array=0-{ntasks - 1}\n'
		'#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n'
		f'#SBATCH --output={d}/logs/task-%a.out\n'
		f'#SBATCH --chdir={d}\n{extra}'
		f'exec {py} {tool} exec --plan {q(d)} --journal delete \\\n'
		f'\t--db {q(d)}/results/task-$SLURM_ARRAY_TASK_ID.db '
		'--chunk $SLURM_ARRAY_TASK_ID\n')
	merge = (
		'#!/bin/bash\n'
		'# corun-eval: merge the array tasks\' databases into the main one\n'
		'#SBATCH --job-name=corun-eval-merge\n'
		'#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n'
		f'#SBATCH --output={d}/logs/merge.out\n'
		f'#SBATCH --chdir={d}\n{extra}'
		f'exec {py} {tool} merge --db {q(db_path)} {q(d)}/results\n')
	for name, text in (('array.sbatch', array), ('merge.sbatch', merge)):
		with open(os.path.join(d, name), 'w') as f:
			f.write(text)


def submit(d, sim, runs, version, db_path, per_task=1, sbatch_args=(), wait=False):
	"""Submit runs as an array plus a merge job; returns (array id, merge
	id, merge exit status if waited for, else None)."""
	if not shutil.which('sbatch'):
		raise SlurmError('sbatch not found: install slurm-wlm (make deps)')
	keys = [r.key for r in runs]
	parts = chunks(keys, per_task)
	d = os.path.abspath(d)
	if any(c.isspace() for c in d + os.path.abspath(db_path)):
		raise SlurmError(f'{d}: #SBATCH lines cannot name paths with spaces')
	for sub in ('results', 'logs'):
		os.makedirs(os.path.join(d, sub), exist_ok=True)
	execute.write_plan(d, sim, runs, version, chunks=parts)
	write_scripts(d, os.path.abspath(db_path), len(parts), list(sbatch_args))
	array_id = _sbatch([os.path.join(d, 'array.sbatch')])
	margs = [f'--dependency=afterany:{array_id}']
	if not wait:
		return array_id, _sbatch(margs + [os.path.join(d, 'merge.sbatch')]), None
	p = subprocess.run(['sbatch', '--parsable', '--wait'] + margs +
			   [os.path.join(d, 'merge.sbatch')],
			   capture_output=True, text=True, stdin=subprocess.DEVNULL)
	return array_id, p.stdout.strip().split(';')[0], p.returncode
