# SPDX-License-Identifier: GPL-2.0
"""Expansion of a spec's tier into runs of corun-sim, and their keys.

A co-run is one mix under one policy on one configuration (corun-sim
--no-alone); every job of it needs the alone run of its (workload, scale,
seed) on the same configuration (corun-sim --alone-only on a one-job
mix), shared by every policy, mix and spec that needs the same one. A
run's key hashes everything its result depends on: its inputs, the
configuration's id and the build ids of corun-sim, the device kernels
and the firmware. Labels, spec names and file paths are not part of it.
"""

import hashlib
import json

from . import metrics
from . import spec as specmod
from .groundtruth import PROGRESS_INTERVAL

KEY_VERSION = 1
# The oracles (metrics.ORACLES) rank their candidates by speedups, so
# they run the alone runs themselves, with the spec's alone options; the
# deterministic model gives them the same alone IPCs as the spec's own
# alone runs, from which the report computes.
ORACLES = metrics.ORACLES


def canonical(obj):
	return json.dumps(obj, sort_keys=True, separators=(',', ':'))


def make_key(inputs):
	return hashlib.sha256(canonical(inputs).encode()).hexdigest()[:32]


class Run:
	"""One corun-sim invocation."""

	def __init__(self, kind, label, config, jobs, cycles, inputs, policy=None,
		     options=None, alone_keys=None):
		self.kind = kind
		self.label = label
		self.config = config		# {'id', 'name', 'path'}
		self.jobs = jobs		# [(workload, scale, seed)]
		self.cycles = cycles
		self.policy = policy
		self.options = options or {}
		self.alone_keys = alone_keys or []
		self.inputs = inputs
		self.key = make_key(inputs)

	def mix_text(self):
		lines = [f'# corun-eval run {self.key}', f'name = {self.label}']
		if self.kind == 'corun' or self.options['alone_runs'] == 'budget':
			lines.append(f'budget = {self.cycles}')
		qos = self.options.get('qos_target') if self.kind == 'corun' else None
		# a [policy] column's firmware settings, as a mix file sets them
		for k, v in sorted(self.firmware().items()):
			lines.append(f'{k} = {v}')
		for i, (w, scale, seed) in enumerate(self.jobs):
			lines.append(f'job {w} scale={scale} seed={seed} slot={i}' +
				     (f' qos={qos}' if qos and i == 0 else ''))
		return '\n'.join(lines) + '\n'

	def firmware(self):
		"""The co-run's firmware settings ({} for the firmware's reset
		values)."""
		return (self.options.get('fw') or {}) if self.kind == 'corun' else {}

	def policy_params(self):
		"""The co-run's policy knobs ({} for the defaults)."""
		return (self.options.get('policy_params') or {}) \
			if self.kind == 'corun' else {}

	def sched(self):
		"""The co-run's warp scheduler ('config': the configuration's)."""
		return self.options.get('sched', 'config') if self.kind == 'corun' \
			else 'config'

	def describe(self):
		"""The policy, its knobs, warp scheduler and firmware settings,
		for people."""
		sched = [] if self.sched() == 'config' else [f'sched={self.sched()}']
		return ' '.join([self.policy or ''] +
				[f'{k}={v}' for k, v in sorted(self.policy_params().items())] +
				sched +
				[f'{k}={v}' for k, v in
				 sorted(self.firmware().items())]).strip()

	def argv(self, sim_path, kernel_dir, mix_path):
		a = [sim_path, '--config', self.config['path'], '--mix', mix_path,
		     '--json', '--counters', '--quiet', '--kernel-dir', kernel_dir]
		o = self.options
		if self.kind == 'alone':
			a += ['--alone-only', '--alone-sched', o['alone_sched'],
			      '--alone-runs', o['alone_runs']]
			if o.get('alone_max_cycles'):
				a += ['--alone-max-cycles', str(o['alone_max_cycles'])]
		elif self.policy in ORACLES:
			a += ['--policy', self.policy, '--alone-sched', o['alone_sched'],
			      '--alone-runs', o['alone_runs']]
			if o.get('alone_max_cycles'):
				a += ['--alone-max-cycles', str(o['alone_max_cycles'])]
			if o.get('oracle_max'):
				a += ['--oracle-max', str(o['oracle_max'])]
		else:
			a += ['--no-alone', '--policy', self.policy]
			for k, v in sorted(self.policy_params().items()):
				a += ['--policy-param', f'{k}={v}']
		if self.sched() != 'config':
			a += ['--sched', self.sched()]
		if self.kind == 'corun' and o.get('epoch_cycles'):
			a += ['--epoch-cycles', str(o['epoch_cycles'])]
		if o.get('device_mem'):
			a += ['--device-mem', str(o['device_mem'])]
		if o.get('progress'):
			a += ['--progress', str(o['progress'])]
		if self.kind == 'corun' and o.get('trace'):
			a += ['--trace-policy']
		return a

	def to_dict(self):
		return {'key': self.key, 'kind': self.kind, 'label': self.label,
			'config': self.config, 'jobs': self.jobs, 'cycles': self.cycles,
			'policy': self.policy, 'options': self.options,
			'alone_keys': self.alone_keys, 'inputs': self.inputs}

	@classmethod
	def from_dict(cls, d):
		r = cls(d['kind'], d['label'], d['config'],
			[tuple(j) for j in d['jobs']], d['cycles'], d['inputs'],
			d['policy'], d['options'], d['alone_keys'])
		if r.key != d['key']:
			raise ValueError(f'plan entry {d["key"]}: inputs hash to {r.key}')
		return r


class Cell:
	"""One table cell's source: a mix of a category under a column."""

	def __init__(self, config, category, mix, seed, column, key):
		self.config = config
		self.category = category
		self.mix = mix
		self.seed = seed
		self.column = column
		self.key = key


class Plan:
	"""The runs of one spec at one tier, alone runs first."""

	def __init__(self, spec, tier):
		self.spec = spec
		self.tier = spec.tiers[tier]
		self.runs = {}
		self.cells = []

	def add(self, run):
		return self.runs.setdefault(run.key, run)

	def ordered(self):
		"""Alone runs first, then co-runs, each in expansion order."""
		runs = list(self.runs.values())
		return [r for r in runs if r.kind == 'alone'] + \
		       [r for r in runs if r.kind == 'corun']


def expand(spec, tier_name, sim):
	"""The runs and table cells of spec at a tier; sim answers the
	configuration ids and build ids (simtool.Sim)."""
	plan = Plan(spec, tier_name)
	tier = plan.tier
	builds = sim.builds()
	alone_opts = {'alone_sched': spec.alone_sched, 'alone_runs': spec.alone_runs,
		      'alone_max_cycles': spec.alone_max_cycles}
	if spec.device_mem:
		# only when set: the keys of specs without one stay as they were
		alone_opts['device_mem'] = spec.device_mem
	if spec.needs_progress():
		# only when needed: the other specs' keys stay as they were
		alone_opts['progress'] = PROGRESS_INTERVAL

	def alone(cfg, job):
		inputs = {'v': KEY_VERSION, 'kind': 'alone', 'config_id': cfg['id'],
			  'job': list(job), 'builds': builds,
			  'cycles': tier.cycles if spec.alone_runs == 'budget' else None,
			  **alone_opts}
		return plan.add(Run('alone', job[0], cfg, [job], tier.cycles or 0, inputs,
				    options=dict(alone_opts)))

	for cfg_file in tier.configs:
		cfg = dict(sim.config(cfg_file), file=cfg_file)
		for cat in spec.categories:
			for mix in specmod.tier_mixes(spec, tier, cat):
				for seed in tier.seeds:
					jobs = [(w, tier.scale, seed) for w in mix]
					akeys = [alone(cfg, j).key for j in jobs]
					if spec.runs == 'alone':
						plan.cells.append(Cell(cfg, cat.name, mix, seed,
								       'alone', akeys[0]))
						continue
					for pol in spec.policies:
						plan.cells.append(Cell(cfg, cat.name, mix, seed, pol,
								       corun(plan, spec, tier, cfg,
									     jobs, pol, akeys,
									     builds).key))
	return plan


def corun(plan, spec, tier, cfg, jobs, column, alone_keys, builds):
	# a [policy] column is a corun-sim policy with firmware settings; its
	# name is a label, not part of the key
	policy = spec.sim_policy(column)
	opts = {'epoch_cycles': tier.epoch_cycles}
	if policy in ORACLES:
		# only for the oracles: the other co-runs' keys stay as they were
		opts.update(alone_sched=spec.alone_sched, alone_runs=spec.alone_runs,
			    alone_max_cycles=spec.alone_max_cycles)
		if tier.oracle_max:
			opts['oracle_max'] = tier.oracle_max
	if spec.qos_target:
		# only when set: the keys of specs without one stay as they were
		opts['qos_target'] = spec.qos_target
	if spec.device_mem:
		opts['device_mem'] = spec.device_mem
	if spec.needs_progress():
		opts['progress'] = PROGRESS_INTERVAL
	if spec.traced(column):
		# only for an [epochs] section's columns: the others' keys stay
		opts['trace'] = True
	if spec.firmware(column):
		# the same: only a [policy] column's runs carry it
		opts['fw'] = spec.firmware(column)
	if spec.policy_params(column):
		opts['policy_params'] = spec.policy_params(column)
	if spec.sched(column, tier) != 'config':
		# the same: only co-runs given a warp scheduler carry it
		opts['sched'] = spec.sched(column, tier)
	inputs = {'v': KEY_VERSION, 'kind': 'corun', 'config_id': cfg['id'],
		  'jobs': [list(j) for j in jobs], 'policy': policy,
		  'cycles': tier.cycles, 'builds': builds, **opts}
	label = specmod.mix_label([j[0] for j in jobs])
	return plan.add(Run('corun', label, cfg, jobs, tier.cycles, inputs,
			    policy=policy, options=opts, alone_keys=alone_keys))
