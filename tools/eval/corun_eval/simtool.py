# SPDX-License-Identifier: GPL-2.0
"""What corun-eval asks of the build: corun-sim, its workloads, policies
and configuration ids, and the build ids that key every result."""

import hashlib
import json
import os
import re
import subprocess

from .spec import FW_NUMBER_KEYS


class SimError(Exception):
	pass


def sha256_file(path):
	h = hashlib.sha256()
	with open(path, 'rb') as f:
		for block in iter(lambda: f.read(1 << 20), b''):
			h.update(block)
	return h.hexdigest()


def build_ids(sim_path, kernel_dir, firmware):
	"""Content hashes of corun-sim, the device kernels and the firmware
	image ('none' without one): a result is only reused by the same three."""
	h = hashlib.sha256()
	try:
		elfs = sorted(f for f in os.listdir(kernel_dir) if f.endswith('.elf'))
	except OSError:
		elfs = []
	if not elfs:
		raise SimError(f'no device kernels in {kernel_dir}: run make all')
	for f in elfs:
		h.update(f'{f} {sha256_file(os.path.join(kernel_dir, f))}\n'.encode())
	fw = sha256_file(firmware) if os.path.isfile(firmware) else 'none'
	return {'sim': sha256_file(sim_path), 'kernels': h.hexdigest(), 'firmware': fw}


class Sim:
	"""corun-sim and the images it loads, from one build directory."""

	def __init__(self, root, build):
		self.root = root
		self.build = build if os.path.isabs(build) else os.path.join(root, build)
		self.path = os.path.join(self.build, 'tools', 'sim', 'corun-sim')
		self.kernel_dir = os.path.join(self.build, 'tools', 'kernels')
		self.firmware = os.path.join(self.build, 'firmware', 'corun-fw.bin')
		self._configs = {}
		self._policies = {}
		self._fw_modes = None
		self._knobs = None
		self._policies_out = None
		self._builds = None
		self._workloads = None
		if not os.access(self.path, os.X_OK):
			raise SimError(f'{self.path} missing: run make all (or pass '
				       '--build DIR)')

	def _run(self, args):
		return subprocess.run([self.path] + args, stdin=subprocess.DEVNULL,
				      capture_output=True, text=True)

	def workloads(self):
		if self._workloads is None:
			p = self._run(['--list'])
			if p.returncode:
				raise SimError(f'corun-sim --list: {p.stderr.strip()}')
			self._workloads = [l.split()[0] for l in p.stdout.splitlines()[1:]
					   if l.strip()]
		return self._workloads

	def has_policy(self, name):
		"""corun-sim validates --policy before it looks at --list."""
		if name not in self._policies:
			self._policies[name] = self._run(['--policy', name,
							  '--list']).returncode == 0
		return self._policies[name]

	def missing_policies(self, names):
		return [p for p in names if not self.has_policy(p)]

	def _listing(self):
		"""corun-sim --policies' listing."""
		if self._policies_out is None:
			p = self._run(['--policies'])
			if p.returncode:
				raise SimError(f'corun-sim --policies: {p.stderr.strip()}')
			self._policies_out = p.stdout
		return self._policies_out

	def firmware_modes(self):
		"""{knob: {mode: whether the firmware image has it}} of the
		firmware settings a mix may give (corun-sim --policies)."""
		if self._fw_modes is None:
			self._fw_modes, section = {}, False
			for line in self._listing().splitlines():
				if not line.startswith(' '):
					section = line.startswith('firmware settings in a mix')
					continue
				if section and line.split():
					knob, *modes = line.split()
					self._fw_modes[knob] = {m.rstrip('*'): not m.endswith('*')
								for m in modes}
		return self._fw_modes

	def policy_knobs(self):
		"""{policy: {knob: (min, max)}} of the driver policies'
		knobs (corun-sim --policies)."""
		if self._knobs is None:
			self._knobs, pol = {}, None
			for line in self._listing().splitlines():
				w = line.split()
				if len(w) >= 2 and w[0] == '--policy-param' and pol:
					m = re.match(r'^([^=]+)=([0-9]+)\.\.([0-9]+)$', w[1])
					if m:
						self._knobs[pol][m.group(1)] = (int(m.group(2)),
										int(m.group(3)))
				elif line.startswith('  ') and w:
					pol = w[0]
					self._knobs.setdefault(pol, {})
		return self._knobs

	def bad_policy_params(self, policy, params):
		"""The knobs of params ({knob: value}) policy does not have or
		whose value is outside its range, as 'knob = value (why)'."""
		have = self.policy_knobs().get(policy, {})
		out = []
		for k, v in params.items():
			if k not in have:
				out.append(f'{k} = {v} (not a knob of {policy})')
			elif not have[k][0] <= v <= have[k][1]:
				out.append(f'{k} = {v} (range {have[k][0]}..{have[k][1]})')
		return out

	def firmware_params(self):
		"""{parameter: whether the firmware image has it} of the
		device-wide firmware parameters (corun-sim --policies)."""
		out, section = {}, False
		for line in self._listing().splitlines():
			if not line.startswith(' '):
				section = line.startswith('firmware parameters')
				continue
			w = line.split()
			if section and len(w) >= 2 and w[1] == 'device-wide':
				out[w[0]] = w[-1] != '*'
		return out

	def missing_firmware(self, fw):
		"""The settings of fw ({knob: mode} or {parameter: number})
		whose mode corun-sim does not take or whose mode or parameter
		its firmware image lacks (a number's range is the spec's to
		check)."""
		modes, params = self.firmware_modes(), self.firmware_params()
		return [k for k, v in fw.items()
			if (not params.get(k, True) if k in FW_NUMBER_KEYS
			    else not modes.get(k, {}).get(v))]

	def known_policies(self):
		"""The names corun-sim's --policy error lists, for messages."""
		p = self._run(['--policy', '?', '--list'])
		msg = p.stderr.strip().split(': ')[-1]
		return msg.replace('expected ', '')

	def config(self, path):
		"""{'id', 'name'} of a configuration file (corun-sim --show-config)."""
		full = path if os.path.isabs(path) else os.path.join(self.root, path)
		if full not in self._configs:
			p = self._run(['--config', full, '--show-config', '--json'])
			if p.returncode:
				raise SimError(p.stderr.strip() or f'corun-sim --show-config {path} failed')
			c = json.loads(p.stdout)['config']
			self._configs[full] = {'id': c['id'], 'name': c['name'],
					       'path': full}
		return self._configs[full]

	def builds(self):
		if self._builds is None:
			self._builds = build_ids(self.path, self.kernel_dir, self.firmware)
		return self._builds

	def version(self):
		"""git describe of the tree, for people; the key uses builds()."""
		try:
			p = subprocess.run(['git', '-C', self.root, 'describe', '--always',
					    '--dirty', '--abbrev=12'],
					   capture_output=True, text=True)
			if p.returncode == 0:
				return p.stdout.strip()
		except OSError:
			pass
		return 'unknown'
