# SPDX-License-Identifier: GPL-2.0
"""Experiment specs: parsing and validation.

A spec (tools/eval/specs/NAME.spec, format in
Documentation/tools/corun-eval.rst) names the configurations, mixes,
policies, seeds and run lengths of one paper table or figure, its three
run protocols (tiers quick, local and paper), the report tables and the
published numbers each table is compared with. Every error is reported
as "file:line: message" and stops the parse: nothing is run from a spec
that does not parse.
"""

import itertools
import math
import os
import re

from .groundtruth import GROUND_TRUTHS, SAME_CYCLES, SAME_INSTRUCTIONS
from .metrics import ORACLES

TIERS = ('quick', 'local', 'paper')
# np-error*: the policy model's NP prediction error (metrics.py); qos-met:
# whether the first job reached the spec's qos-target
CORUN_METRICS = ('hspeedup', 'stp', 'antt', 'fairness', 'np-error',
		 'np-error-max', 'np-error-uncapped', 'np-error-uncapped-max',
		 'qos-met')
ALONE_METRICS = ('cycles', 'ipc', 'thread_insns')
# corun-sim's warp schedulers (emu/config.c): kaware is Maestro's LRR+GTO,
# two_level's active pool is the configuration's sm.two_level_active; each
# with _bmi adds BMI's memory-instruction priority (Dai et al., HPCA'18);
# config: the configuration's sm.sched_policy
SCHEDS = ('gto', 'lrr', 'two_level', 'kaware', 'gto_bmi', 'lrr_bmi',
	  'two_level_bmi', 'kaware_bmi', 'config')
GENERATORS = ('each', 'combinations', 'cross', 'random', 'list')
ALL_ROW = 'ALL'
MAX_INCLUDE_DEPTH = 4
MAX_SCALE = 4
MAX_U32 = 0xffffffff
MAX_RANDOM_POOL = 1000000

_NAME_RE = re.compile(r'^[A-Za-z0-9][A-Za-z0-9_.+-]*$')
_SECTION_RE = re.compile(r'^\[([a-z]+)(?:\s+(\S+))?\]$')
_COUNT_RE = re.compile(r'^([0-9]+)([kMG]?)$')
_SUFFIX = {'': 1, 'k': 10**3, 'M': 10**6, 'G': 10**9}

# Keys of [spec], and the tier settings [spec] may give for every tier.
SPEC_KEYS = ('title', 'paper', 'runs', 'policies', 'alone-sched', 'alone-runs',
	     'alone-max-cycles', 'mix-seed', 'qos-target',
	     'device-mem', 'ground-truth', 'note')
TIER_KEYS = ('configs', 'scale', 'cycles', 'seeds', 'sample', 'sample-seed',
	     'oracle-max', 'epoch-cycles', 'sched', 'protocol')
MAX_ORACLE = 4096		# corun-sim's --oracle-max (ORACLE_CAP_MAX)
DEVICE_MEM_MIB = (16, 4096)	# corun-sim's --device-mem range, MiB
# corun-sim's --epoch-cycles range: the policy engine's
# (drivers/gpu/drm/corun/policy/policy.h, corun_policy_epoch_check())
EPOCH_CYCLES = (1024, 1 << 30)
TABLE_KEYS = ('title', 'metric', 'rows', 'categories', 'plot', 'mean',
	      'ground-truth')
# [policy NAME]: a column that is a corun-sim policy run with firmware
# settings, the device-wide ones of a mix file (tools/sim/mix.h): the
# firmware modes, whose values corun-sim checks (Sim.missing_firmware()),
# and the LLC protection probability; and with knobs of the policy
# (params = NAME=VALUE ..., corun-sim --policy-param, checked by
# Sim.bad_policy_params()); and with the co-runs' warp scheduler (sched,
# corun-sim --sched), which beats the tier's.
FW_MODE_KEYS = ('irc', 'llc', 'vcp', 'dram', 'l1')
# The device-wide firmware parameters, numbers, and their ranges
# (include/uapi/drm/corun_drm.h); corun-sim checks them again, and
# ucp_min_ways against the configuration's L1 ways.
FW_NUMBER_KEYS = {
	'llc_prob': (0, 1024),		# DRM_CORUN_FW_LLC_PROB_ONE
	'mil_high': (0, 65536),		# DRM_CORUN_FW_MIL_RATE_MAX
	'mil_low': (0, 65536),
	'mil_min': (1, 255),		# DRM_CORUN_FW_MIL_CAP_MAX
	'mil_max': (1, 255),
	'mil_step': (1, 255),
	'tcm_thresh': (0, 1024),	# DRM_CORUN_FW_TCM_THRESH_ONE
	'tcm_quantum': (1, 65536),	# DRM_CORUN_FW_TCM_EPOCHS_MAX
	'tcm_shuffle': (1, 65536),
	'ucp_period': (1, 1000),	# DRM_CORUN_FW_UCP_PERIOD_MAX
	'ucp_min_ways': (1, 32),	# at most the L1's ways
	'ucp_decay': (0, 32),		# DRM_CORUN_FW_UCP_DECAY_MAX
	'ucp_sample': (1, 256),		# DRM_CORUN_FW_UCP_SAMPLE_MAX
}
POLICY_KEYS = (('policy',) + FW_MODE_KEYS + tuple(FW_NUMBER_KEYS) +
	       ('params', 'sched'))
# [epochs NAME]: the per-epoch NP prediction error (epochs.py)
EPOCHS_KEYS = ('title', 'policies', 'categories')
REPEATABLE = ('note', 'protocol')


class SpecError(Exception):
	"""A spec error, already formatted as "file:line: message"."""


class Loc:
	"""Where a value came from, for error messages."""

	def __init__(self, path, line):
		self.path = path
		self.line = line

	def err(self, msg):
		return SpecError(f'{self.path}:{self.line}: {msg}')

	def __str__(self):
		return f'{self.path}:{self.line}'


class Published:
	"""One published number: the table cell (row, column) it matches."""

	def __init__(self, row, column, value, source, loc):
		self.row = row
		self.column = column
		self.value = value
		self.source = source
		self.loc = loc

	def policies(self):
		return self.column.split('/')


class Table:
	def __init__(self, name, loc):
		self.name = name
		self.loc = loc
		self.title = None
		self.metric = None
		self.rows = None
		self.categories = None
		self.plot = 'none'
		self.mean = 'geometric'
		self.ground_truth = None	# (value, loc) until finish(); the spec's
		self.published = []


class Epochs:
	"""[epochs NAME]: each epoch's predicted NP against its ground truth,
	for the co-runs of some columns (policies with a slowdown model) and
	categories."""

	def __init__(self, name, loc):
		self.name = name
		self.loc = loc
		self.title = None
		self.policies = None	# (names, loc) until finish()
		self.categories = None


class Tier:
	def __init__(self, name, loc):
		self.name = name
		self.loc = loc
		self.configs = None
		self.scale = None
		self.cycles = None
		self.seeds = [0]
		self.sample = None		# mixes per category; None: all
		self.sample_seed = 1
		self.oracle_max = None		# None: corun-sim's default
		self.epoch_cycles = None	# None: the driver's default
		self.sched = 'config'		# the co-runs' warp scheduler
		self.protocol = ''


class PolicyDef:
	"""A column defined by [policy NAME]: corun-sim's policy base with
	the firmware settings fw ({mix setting: value}) and the policy's
	knobs params ({knob: value}), its co-runs' warp scheduler sched
	(None: the tier's)."""

	def __init__(self, name, loc):
		self.name = name
		self.loc = loc
		self.base = None
		self.fw = {}
		self.params = {}
		self.sched = None
		self.locs = {}		# key -> Loc of its line


class Category:
	"""A named group of mixes; each mix is a tuple of workload names."""

	def __init__(self, name, generator, mixes, loc):
		self.name = name
		self.generator = generator
		self.mixes = mixes
		self.loc = loc


class Spec:
	def __init__(self, path):
		self.path = path
		self.name = os.path.basename(path)
		if self.name.endswith('.spec'):
			self.name = self.name[:-5]
		self.title = None
		self.paper = None
		self.runs = 'corun'
		self.policies = []
		self.policies_loc = None
		self.policy_defs = {}	# column -> PolicyDef
		self.alone_sched = 'config'
		self.alone_runs = 'budget'
		self.alone_max_cycles = None
		self.epoch_cycles = None	# [spec]'s, every tier's default
		self.qos_target = None
		self.device_mem = None		# MiB; None: corun-sim's default
		self.ground_truth = SAME_CYCLES
		self.ground_truth_loc = None
		self.mix_seed = 1
		self.note = ''
		self.sets = {}
		self.categories = []
		self.tiers = {}
		self.tables = []
		self.epochs = []

	def category(self, name):
		for c in self.categories:
			if c.name == name:
				return c
		return None

	def columns(self):
		return list(self.policies) if self.runs == 'corun' else ['alone']

	def ground_truths(self):
		"""The ground truths its tables use (groundtruth.py)."""
		return sorted({t.ground_truth for t in self.tables}) or [self.ground_truth]

	def needs_progress(self):
		"""Its runs record progress curves (corun-sim --progress)."""
		return SAME_INSTRUCTIONS in self.ground_truths() or bool(self.epochs)

	def traced(self, column):
		"""The column's co-runs record the policy's decisions
		(corun-sim --trace-policy): an [epochs] section needs them."""
		return any(column in e.policies for e in self.epochs)

	def sim_policy(self, column):
		"""The corun-sim policy a column runs."""
		d = self.policy_defs.get(column)
		return d.base if d else column

	def firmware(self, column):
		"""The firmware settings a column's co-runs carry ({} if none)."""
		d = self.policy_defs.get(column)
		return dict(d.fw) if d else {}

	def policy_params(self, column):
		"""The policy knobs a column's co-runs set ({} if none)."""
		d = self.policy_defs.get(column)
		return dict(d.params) if d else {}

	def sched(self, column, tier):
		"""The warp scheduler of a column's co-runs at a tier: its
		[policy] sched, else the tier's ('config': the configuration's)."""
		d = self.policy_defs.get(column)
		return d.sched if d and d.sched else tier.sched

	def sim_policies(self):
		"""The corun-sim policies the columns need, in order."""
		out = []
		for c in self.policies:
			if self.sim_policy(c) not in out:
				out.append(self.sim_policy(c))
		return out


def parse_count(v, loc, what):
	"""A positive count with an optional k/M/G suffix, as in mix files."""
	m = _COUNT_RE.match(v)
	n = int(m.group(1)) * _SUFFIX[m.group(2)] if m else 0
	if not n:
		raise loc.err(f'{what} = {v}: expected a positive count '
			      '(k/M/G suffixes allowed)')
	return n


def parse_uint(v, loc, what, hi=MAX_U32):
	if not re.match(r'^[0-9]+$', v) or int(v) > hi:
		raise loc.err(f'{what} = {v}: expected a number 0..{hi}')
	return int(v)


def _strip_comment(text):
	"""'#' at the start of a line or after white space starts a comment."""
	m = re.search(r'(^|\s)#', text)
	return (text[:m.start()] if m else text).strip()


class _Parser:
	def __init__(self, spec, root, workloads):
		self.spec = spec
		self.root = root
		self.workloads = list(workloads)
		self.known = set(workloads)
		self.section = None	# (kind, arg, loc)
		self.obj = None		# the Tier or Table being filled
		self.seen = {}		# (section, key) -> Loc of its first line

	def resolve(self, path, base_dir):
		if os.path.isabs(path):
			return path
		here = os.path.join(base_dir, path)
		return here if os.path.exists(here) else os.path.join(self.root, path)

	def parse_file(self, path, depth=0, inc_loc=None):
		try:
			with open(path, encoding='utf-8') as f:
				lines = f.read().split('\n')
		except OSError as e:
			where = inc_loc.err if inc_loc else Loc(path, 0).err
			raise where(f'cannot read {path}: {e.strerror}') from None
		for n, raw in enumerate(lines, 1):
			text = _strip_comment(raw)
			if text:
				self.line(text, Loc(path, n), depth)

	def line(self, text, loc, depth):
		m = _SECTION_RE.match(text)
		if text.startswith('['):
			if not m:
				raise loc.err(f'bad section header {text}')
			self.open_section(m.group(1), m.group(2), loc)
			return
		if text.split()[0] == 'include':
			self.include(text, loc, depth)
			return
		if self.section is None:
			raise loc.err('expected a section header such as [spec] first')
		kind = self.section[0]
		if kind == 'table' and text.split()[0] == 'published':
			self.published(text, loc)
			return
		if '=' not in text:
			raise loc.err(f'expected key = value, got "{text}"')
		key, value = (s.strip() for s in text.split('=', 1))
		if not key:
			raise loc.err('missing key before =')
		if not value:
			raise loc.err(f'{key}: missing value')
		getattr(self, 'in_' + kind)(key, value, loc)

	def include(self, text, loc, depth):
		words = text.split()
		if len(words) != 2:
			raise loc.err('include: expected one file name')
		if depth >= MAX_INCLUDE_DEPTH:
			raise loc.err(f'include: nested more than {MAX_INCLUDE_DEPTH} deep')
		saved = (self.section, self.obj)
		self.parse_file(self.resolve(words[1], os.path.dirname(loc.path)),
				depth + 1, loc)
		self.section, self.obj = saved

	def open_section(self, kind, arg, loc):
		s = self.spec
		if kind in ('spec', 'workloads', 'mixes'):
			if arg:
				raise loc.err(f'[{kind}] takes no name')
		elif kind == 'tier':
			if arg not in TIERS:
				raise loc.err(f'[tier {arg or ""}]: expected one of {", ".join(TIERS)}')
			if arg in s.tiers:
				raise loc.err(f'[tier {arg}] given twice (first at {s.tiers[arg].loc})')
			self.obj = s.tiers[arg] = Tier(arg, loc)
		elif kind == 'policy':
			if not arg or not _NAME_RE.match(arg):
				raise loc.err('[policy NAME]: expected a name of letters, digits, _ . + -')
			if arg in s.policy_defs:
				raise loc.err(f'[policy {arg}] given twice (first at '
					      f'{s.policy_defs[arg].loc})')
			self.obj = s.policy_defs[arg] = PolicyDef(arg, loc)
		elif kind in ('table', 'epochs'):
			if not arg or not _NAME_RE.match(arg):
				raise loc.err(f'[{kind} NAME]: expected a name of letters, digits, _ . + -')
			have = s.tables if kind == 'table' else s.epochs
			if any(t.name == arg for t in have):
				raise loc.err(f'[{kind} {arg}] given twice')
			self.obj = (Table if kind == 'table' else Epochs)(arg, loc)
			have.append(self.obj)
		else:
			raise loc.err(f'unknown section [{kind}] (known: spec, workloads, '
				      'mixes, tier, policy, table, epochs)')
		self.section = (kind, arg, loc)

	def once(self, key, loc):
		"""Reject a key given twice in the same section."""
		k = (self.section[0], self.section[1], key)
		if k in self.seen and key not in REPEATABLE:
			raise loc.err(f'{key} given twice (first at {self.seen[k]})')
		self.seen.setdefault(k, loc)

	# [spec]
	def in_spec(self, key, value, loc):
		s = self.spec
		if key in TIER_KEYS:
			self.once(key, loc)
			self.tier_key(self.defaults, key, value, loc)
			return
		if key not in SPEC_KEYS:
			raise loc.err(f'[spec]: unknown key {key} (known: '
				      f'{", ".join(SPEC_KEYS + TIER_KEYS)})')
		self.once(key, loc)
		if key == 'title':
			s.title = value
		elif key == 'paper':
			s.paper = value
		elif key == 'note':
			s.note = (s.note + ' ' + value).strip()
		elif key == 'runs':
			if value not in ('corun', 'alone'):
				raise loc.err(f'runs = {value}: expected corun or alone')
			s.runs = value
		elif key == 'policies':
			pols = value.split()
			for p in pols:
				if not _NAME_RE.match(p):
					raise loc.err(f'policies: bad policy name {p}')
			dup = [p for p in set(pols) if pols.count(p) > 1]
			if dup:
				raise loc.err(f'policies: {dup[0]} given twice')
			s.policies = pols
			s.policies_loc = loc
		elif key == 'alone-sched':
			s.alone_sched = parse_sched(value, loc, key)
		elif key == 'alone-runs':
			if value not in ('budget', 'once'):
				raise loc.err(f'alone-runs = {value}: expected budget or once')
			s.alone_runs = value
		elif key == 'alone-max-cycles':
			s.alone_max_cycles = parse_count(value, loc, key)
		elif key == 'mix-seed':
			s.mix_seed = parse_uint(value, loc, key)
		elif key == 'qos-target':
			s.qos_target = parse_uint(value, loc, key, 1024)
			if not s.qos_target:
				raise loc.err(f'{key} = {value}: expected a number 1..1024')
		elif key == 'device-mem':
			lo, hi = DEVICE_MEM_MIB
			s.device_mem = parse_uint(value, loc, key, hi)
			if s.device_mem < lo:
				raise loc.err(f'{key} = {value}: expected a number of MiB '
					      f'{lo}..{hi}')
		elif key == 'ground-truth':
			s.ground_truth = parse_ground_truth(value, loc)
			s.ground_truth_loc = loc

	def tier_key(self, t, key, value, loc):
		if key == 'configs':
			t.configs = []
			for c in value.split():
				path = self.resolve(c, self.root)
				if not os.path.isfile(path):
					raise loc.err(f'configs: no such file {c}')
				t.configs.append(c)
			if len(set(t.configs)) != len(t.configs):
				raise loc.err('configs: a configuration is given twice')
		elif key == 'scale':
			t.scale = parse_uint(value, loc, key, MAX_SCALE)
		elif key == 'cycles':
			t.cycles = parse_count(value, loc, key)
		elif key == 'seeds':
			t.seeds = [parse_uint(v, loc, key) for v in value.split()]
			if len(set(t.seeds)) != len(t.seeds):
				raise loc.err('seeds: a seed is given twice')
		elif key == 'sample':
			t.sample = None if value == 'all' else parse_count(value, loc, key)
		elif key == 'sample-seed':
			t.sample_seed = parse_uint(value, loc, key)
		elif key == 'oracle-max':
			t.oracle_max = parse_uint(value, loc, key, MAX_ORACLE)
			if not t.oracle_max:
				raise loc.err(f'{key} = {value}: expected a number 1..{MAX_ORACLE}')
		elif key == 'epoch-cycles':
			lo, hi = EPOCH_CYCLES
			t.epoch_cycles = parse_count(value, loc, key)
			if not lo <= t.epoch_cycles <= hi:
				raise loc.err(f'{key} = {value}: expected a count of '
					      f'cycles {lo}..{hi}')
		elif key == 'sched':
			t.sched = parse_sched(value, loc, key)
		elif key == 'protocol':
			t.protocol = (t.protocol + ' ' + value).strip()

	# [tier NAME]
	def in_tier(self, key, value, loc):
		if key not in TIER_KEYS:
			raise loc.err(f'[tier {self.obj.name}]: unknown key {key} '
				      f'(known: {", ".join(TIER_KEYS)})')
		self.once(key, loc)
		self.tier_key(self.obj, key, value, loc)

	# [workloads]
	def in_workloads(self, key, value, loc):
		s = self.spec
		if not _NAME_RE.match(key):
			raise loc.err(f'bad set name {key}')
		if key in self.known:
			raise loc.err(f'set {key}: a workload has that name')
		if key in s.sets:
			raise loc.err(f'set {key} given twice')
		members = []
		for w in value.split():
			if w == '*':
				add = self.workloads
			elif w in s.sets:
				add = s.sets[w]
			elif w in self.known:
				add = [w]
			else:
				raise loc.err(f'set {key}: unknown workload or set {w} '
					      '(see corun-sim --list)')
			members += [x for x in add if x not in members]
		s.sets[key] = members

	def set_arg(self, name, loc):
		s = self.spec
		if name in s.sets:
			return s.sets[name]
		if name in self.known:
			return [name]
		raise loc.err(f'unknown set {name} (define it in [workloads])')

	# [mixes]
	def in_mixes(self, key, value, loc):
		s = self.spec
		if not _NAME_RE.match(key) or key == ALL_ROW:
			raise loc.err(f'bad category name {key}')
		if s.category(key):
			raise loc.err(f'category {key} given twice')
		words = value.split()
		gen, args = words[0], words[1:]
		if gen not in GENERATORS:
			raise loc.err(f'{key}: unknown generator {gen} (known: '
				      f'{", ".join(GENERATORS)})')
		# Generated in finish(): sets and mix-seed may come later.
		s.categories.append(Category(key, (gen, args), None, loc))

	def generate(self, c):
		gen, args = c.generator
		c.mixes = getattr(self, 'gen_' + gen)(c.name, args, c.loc)
		if not c.mixes:
			raise c.loc.err(f'{c.name}: no mixes')
		if len(set(c.mixes)) != len(c.mixes):
			raise c.loc.err(f'{c.name}: a mix is given twice')
		c.generator = ' '.join([gen] + args)

	def gen_each(self, cat, args, loc):
		if len(args) != 1:
			raise loc.err(f'{cat}: each SET')
		return [(w,) for w in self.set_arg(args[0], loc)]

	def gen_combinations(self, cat, args, loc):
		if len(args) != 2:
			raise loc.err(f'{cat}: combinations K SET')
		k = parse_uint(args[0], loc, 'combinations K', 16)
		members = self.set_arg(args[1], loc)
		if not 1 <= k <= len(members):
			raise loc.err(f'{cat}: combinations {k} of {len(members)} workloads')
		return list(itertools.combinations(members, k))

	def gen_cross(self, cat, args, loc):
		if len(args) < 2:
			raise loc.err(f'{cat}: cross SET SET [SET...]')
		sets = [self.set_arg(a, loc) for a in args]
		for a, b in itertools.combinations(range(len(sets)), 2):
			common = set(sets[a]) & set(sets[b])
			if common:
				raise loc.err(f'{cat}: cross: {args[a]} and {args[b]} share '
					      f'{sorted(common)[0]}')
		return list(itertools.product(*sets))

	def gen_random(self, cat, args, loc):
		if len(args) != 3:
			raise loc.err(f'{cat}: random K N SET')
		k = parse_uint(args[0], loc, 'random K', 16)
		n = parse_count(args[1], loc, 'random N')
		members = self.set_arg(args[2], loc)
		if not 1 <= k <= len(members):
			raise loc.err(f'{cat}: random {k} of {len(members)} workloads')
		if math.comb(len(members), k) > MAX_RANDOM_POOL:
			raise loc.err(f'{cat}: random: {math.comb(len(members), k)} mixes of '
				      f'{k} to draw from, more than {MAX_RANDOM_POOL}')
		every = list(itertools.combinations(members, k))
		if n > len(every):
			raise loc.err(f'{cat}: random: only {len(every)} mixes of {k} exist')
		picked = sorted(shuffled(range(len(every)), self.spec.mix_seed, cat)[:n])
		return [every[i] for i in picked]

	def gen_list(self, cat, args, loc):
		if not args:
			raise loc.err(f'{cat}: list MIX [MIX...] (MIX: w1+w2+...)')
		mixes = []
		for a in args:
			ws = tuple(a.split('+'))
			for w in ws:
				if w not in self.known:
					raise loc.err(f'{cat}: unknown workload {w} in {a}')
			if len(set(ws)) != len(ws):
				raise loc.err(f'{cat}: {a}: a workload twice in one mix')
			mixes.append(ws)
		return mixes

	# [policy NAME]
	def in_policy(self, key, value, loc):
		d = self.obj
		if key not in POLICY_KEYS:
			raise loc.err(f'[policy {d.name}]: unknown key {key} (known: '
				      f'{", ".join(POLICY_KEYS)})')
		self.once(key, loc)
		d.locs[key] = loc
		if key == 'policy':
			if not _NAME_RE.match(value) or len(value.split()) != 1:
				raise loc.err(f'policy = {value}: expected a corun-sim policy name')
			if value == d.name:
				raise loc.err(f'policy = {value}: [policy {d.name}] cannot run '
					      'itself; name the column otherwise')
			d.base = value
		elif key in FW_NUMBER_KEYS:
			lo, hi = FW_NUMBER_KEYS[key]
			if not re.match(r'^[0-9]+$', value) or not lo <= int(value) <= hi:
				raise loc.err(f'{key} = {value}: expected a number {lo}..{hi}')
			d.fw[key] = str(int(value))
		elif key == 'params':
			for a in value.split():
				k, eq, v = a.partition('=')
				if not eq or not _NAME_RE.match(k):
					raise loc.err(f'params: {a}: expected NAME=VALUE')
				if k in d.params:
					raise loc.err(f'params: {k} given twice')
				d.params[k] = parse_uint(v, loc, k)
		elif key == 'sched':
			d.sched = parse_sched(value, loc, key)
		else:
			if len(value.split()) != 1:
				raise loc.err(f'{key} = {value}: expected one firmware mode')
			d.fw[key] = value

	# [table NAME]
	def in_table(self, key, value, loc):
		t = self.obj
		if key not in TABLE_KEYS:
			raise loc.err(f'[table {t.name}]: unknown key {key} (known: '
				      f'{", ".join(TABLE_KEYS)}, published)')
		self.once(key, loc)
		if key == 'title':
			t.title = value
		elif key == 'metric':
			t.metric = (value, loc)
		elif key == 'rows':
			if value not in ('category', 'mix'):
				raise loc.err(f'rows = {value}: expected category or mix')
			t.rows = value
		elif key == 'categories':
			t.categories = (value.split(), loc)
		elif key == 'plot':
			if value not in ('bars', 'none'):
				raise loc.err(f'plot = {value}: expected bars or none')
			t.plot = value
		elif key == 'mean':
			if value not in ('geometric', 'arithmetic', 'max'):
				raise loc.err(f'mean = {value}: expected geometric, arithmetic or max')
			t.mean = value
		elif key == 'ground-truth':
			t.ground_truth = (parse_ground_truth(value, loc), loc)

	# [epochs NAME]
	def in_epochs(self, key, value, loc):
		e = self.obj
		if key not in EPOCHS_KEYS:
			raise loc.err(f'[epochs {e.name}]: unknown key {key} (known: '
				      f'{", ".join(EPOCHS_KEYS)})')
		self.once(key, loc)
		if key == 'title':
			e.title = value
		elif key == 'policies':
			e.policies = (value.split(), loc)
		elif key == 'categories':
			e.categories = (value.split(), loc)

	def published(self, text, loc):
		m = re.match(r'^published\s+(\S+)\s+(\S+)\s*=\s*(\S+)\s*(.*)$', text)
		if not m:
			raise loc.err('expected published ROW COLUMN = VALUE SOURCE')
		row, col, val, source = m.groups()
		try:
			value = float(val)
		except ValueError:
			raise loc.err(f'published: {val}: expected a number') from None
		if not source:
			raise loc.err('published: missing source (paper section, table or figure)')
		self.obj.published.append(Published(row, col, value, source, loc))

	def finish(self):
		s = self.spec
		top = Loc(s.path, 1)
		for c in s.categories:
			self.generate(c)
		if s.title is None:
			raise top.err('[spec]: missing title')
		if s.runs == 'corun' and not s.policies:
			raise top.err('[spec]: missing policies (runs = corun)')
		if s.runs == 'alone' and s.policies:
			raise s.policies_loc.err('policies: not with runs = alone')
		if not s.categories:
			raise top.err('no [mixes] categories')
		for d in s.policy_defs.values():
			if d.base is None:
				raise d.loc.err(f'[policy {d.name}]: missing policy (the corun-sim '
						'policy it runs)')
			if not d.fw and not d.params and not d.sched:
				raise d.loc.err(f'[policy {d.name}]: no firmware setting, '
						f'knob or sched (use {d.base} itself as the '
						'column)')
			if d.name not in s.policies:
				raise d.loc.err(f'[policy {d.name}]: not a column of policies')
			if d.base in s.policy_defs:
				raise d.loc.err(f'[policy {d.name}]: policy = {d.base} is itself '
						'a [policy] column')
		if s.runs == 'alone':
			for (kind, _, key), loc in self.seen.items():
				if key == 'sched' and kind in ('spec', 'tier'):
					raise loc.err('sched: the co-runs\' warp scheduler; '
						      'with runs = alone use alone-sched')
			for c in s.categories:
				if any(len(m) != 1 for m in c.mixes):
					raise c.loc.err(f'{c.name}: runs = alone needs one-job '
						      'mixes (each SET)')
		for name in TIERS:
			if name not in s.tiers:
				raise top.err(f'missing [tier {name}]')
			t = s.tiers[name]
			# One cold alone run per job needs no run length.
			need = ('configs', 'scale') if s.runs == 'alone' and \
				s.alone_runs == 'once' else ('configs', 'scale', 'cycles')
			for k in ('configs', 'scale', 'cycles'):
				if getattr(t, k) is None:
					setattr(t, k, getattr(self.defaults, k))
				if getattr(t, k) is None and k in need:
					raise t.loc.err(f'[tier {name}]: missing {k}')
			for k in ('seeds', 'sample', 'sample_seed', 'oracle_max', 'epoch_cycles',
				  'sched'):
				if (name, k) not in self.tier_set(t):
					setattr(t, k, getattr(self.defaults, k))
			if not t.protocol:
				t.protocol = self.defaults.protocol
			if not t.protocol:
				raise t.loc.err(f'[tier {name}]: missing protocol (say what '
						'this tier runs and why)')
		if not s.tables and not s.epochs:
			raise top.err('no [table NAME] or [epochs NAME] sections')
		for t in s.tables:
			self.finish_table(t)
		for e in s.epochs:
			self.finish_epochs(e)
		self.check_ground_truth()

	def check_ground_truth(self):
		"""Same-instruction NP needs co-runs whose jobs record their
		progress, which an oracle's search over many co-runs does not."""
		s = self.spec
		for gt, loc in [(s.ground_truth, s.ground_truth_loc)] + \
			       [(t.ground_truth, t.ground_truth_loc) for t in s.tables]:
			if gt != SAME_INSTRUCTIONS or loc is None:
				continue
			if s.runs != 'corun':
				raise loc.err(f'ground-truth = {gt}: the NP of co-runs '
					      '(runs = corun)')
			oracles = [p for p in s.policies if p in ORACLES]
			if oracles:
				raise loc.err(f'ground-truth = {gt}: not with {oracles[0]}, '
					      'whose co-runs record no progress curve')

	def finish_epochs(self, e):
		s = self.spec
		if e.title is None:
			raise e.loc.err(f'[epochs {e.name}]: missing title')
		if s.runs != 'corun':
			raise e.loc.err(f'[epochs {e.name}]: the epochs of co-runs (runs = corun)')
		names, ploc = e.policies or (list(s.policies), e.loc)
		for p in names:
			if p not in s.policies:
				raise ploc.err(f'policies: {p} is not a column of [spec] policies')
			if s.sim_policy(p) in ORACLES:
				raise ploc.err(f'policies: {p}: an oracle runs many co-runs '
					       'and traces none')
		e.policies = names
		e.categories = self.categories(e.categories)

	def categories(self, given):
		"""A section's categories = line ((names, loc), or None for all)."""
		s = self.spec
		if given is None:
			return [c.name for c in s.categories]
		names, cloc = given
		for n in names:
			if not s.category(n):
				raise cloc.err(f'categories: unknown category {n}')
		return names

	def tier_set(self, t):
		"""(tier, attribute) pairs the tier section gave itself."""
		out = set()
		for (kind, arg, key) in self.seen:
			if kind == 'tier' and arg == t.name:
				out.add((arg, key.replace('-', '_')))
		return out

	def finish_table(self, t):
		s = self.spec
		if t.title is None:
			raise t.loc.err(f'[table {t.name}]: missing title')
		if t.metric is None:
			raise t.loc.err(f'[table {t.name}]: missing metric')
		metric, mloc = t.metric
		known = CORUN_METRICS if s.runs == 'corun' else ALONE_METRICS
		if metric not in known:
			raise mloc.err(f'metric = {metric}: expected one of {", ".join(known)}'
				       f' (runs = {s.runs})')
		if metric == 'qos-met' and not s.qos_target:
			raise mloc.err('metric = qos-met needs [spec] qos-target')
		t.metric = metric
		t.ground_truth, t.ground_truth_loc = t.ground_truth or \
			(s.ground_truth, s.ground_truth_loc)
		if t.rows is None:
			t.rows = 'category' if s.runs == 'corun' else 'mix'
		t.categories = self.categories(t.categories)
		if t.published and not s.paper:
			raise t.published[0].loc.err('published numbers need [spec] paper')
		for p in t.published:
			self.check_published(t, p)

	def check_published(self, t, p):
		s = self.spec
		if t.rows == 'category':
			rows = t.categories + [ALL_ROW]
		else:
			rows = [mix_label(m) for c in t.categories
				for m in s.category(c).mixes]
		if p.row not in rows:
			raise p.loc.err(f'published: row {p.row} is not in table {t.name}')
		pols = p.policies()
		if len(pols) > 2 or any(x not in s.columns() for x in pols) or \
		   (len(pols) == 2 and pols[0] == pols[1]):
			raise p.loc.err(f'published: column {p.column}: expected a column '
					f'of {", ".join(s.columns())} or a ratio of two, A/B')


def parse_sched(value, loc, what):
	if value not in SCHEDS:
		raise loc.err(f'{what} = {value}: expected one of {", ".join(SCHEDS)} '
			      '(kaware: LRR+GTO; two_level\'s pool: the '
			      'configuration\'s sm.two_level_active; _bmi: with '
			      'BMI)')
	return value


def parse_ground_truth(value, loc):
	if value not in GROUND_TRUTHS:
		raise loc.err(f'ground-truth = {value}: expected {" or ".join(GROUND_TRUTHS)}')
	return value


def mix_label(mix):
	return '+'.join(mix)


def _splitmix64(x):
	x = (x + 0x9e3779b97f4a7c15) & 0xffffffffffffffff
	z = x
	z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & 0xffffffffffffffff
	z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & 0xffffffffffffffff
	return x, z ^ (z >> 31)


def shuffled(items, seed, salt):
	"""A Fisher-Yates shuffle driven by splitmix64: the same on every host
	and Python version, unlike the random module's sample()."""
	out = list(items)
	state = seed & 0xffffffffffffffff
	for ch in salt.encode():
		state, _ = _splitmix64(state ^ ch)
	for i in range(len(out) - 1, 0, -1):
		state, r = _splitmix64(state)
		j = r % (i + 1)
		out[i], out[j] = out[j], out[i]
	return out


def parse(path, root, workloads):
	"""Parse and validate a spec; workloads: corun-sim --list's names."""
	spec = Spec(path)
	p = _Parser(spec, root, workloads)
	p.defaults = Tier('defaults', Loc(path, 1))
	p.parse_file(path)
	p.finish()
	spec.epoch_cycles = p.defaults.epoch_cycles
	return spec


def tier_mixes(spec, tier, category):
	"""The category's mixes a tier runs: all, or a seeded sample."""
	mixes = category.mixes
	if tier.sample is None or tier.sample >= len(mixes):
		return list(mixes)
	keep = set(shuffled(range(len(mixes)), tier.sample_seed,
			    category.name)[:tier.sample])
	return [m for i, m in enumerate(mixes) if i in keep]
