# SPDX-License-Identifier: GPL-2.0
"""corun-eval's command line (Documentation/tools/corun-eval.rst)."""

import argparse
import csv
import datetime
import json
import os
import shutil
import sys
import tempfile

from . import db as dbmod
from . import epochs, execute, groundtruth, local, metrics, pages, plan as planmod, plot, \
	report, slurm
from .simtool import Sim, SimError
from .spec import SpecError, TIERS, parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
	os.path.dirname(os.path.abspath(__file__)))))

# Exit statuses: 0 everything ran and is ok, 1 some run failed or is
# missing or a spec needs a policy corun-sim lacks, 2 bad usage or spec.
EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
	pass


def say(msg, f=sys.stdout):
	print(f'corun-eval: {msg}', file=f, flush=True)


def rel(path):
	p = os.path.relpath(os.path.abspath(path), ROOT)
	return path if p.startswith('..') else p


class Context:
	"""The build, the database and the specs of one command."""

	def __init__(self, args):
		self.args = args
		build = args.build if os.path.isabs(args.build) else os.path.join(ROOT, args.build)
		self.db_path = args.db or os.path.join(build, 'eval', 'results.db')
		self._sim = None

	@property
	def sim(self):
		"""corun-sim, needed to expand specs (export and merge do without)."""
		if self._sim is None:
			self._sim = Sim(ROOT, self.args.build)
		return self._sim

	def specs(self, paths):
		wl = self.sim.workloads()
		out = []
		for p in paths:
			if not os.path.isfile(p):
				raise UsageError(f'{p}: no such spec')
			out.append(parse(p, ROOT, wl))
		return out

	def missing(self, spec):
		"""The error for a spec whose policies (or a [policy] column's
		firmware settings) corun-sim lacks, or None."""
		miss = self.sim.missing_policies(spec.sim_policies())
		if miss:
			return (miss, f'{spec.policies_loc}: {spec.name} needs policies '
				f'corun-sim does not have: {", ".join(miss)} (corun-sim: '
				f'{self.sim.known_policies()})')
		for d in spec.policy_defs.values():
			bad = self.sim.bad_policy_params(d.base, d.params)
			if bad:
				return (bad, f'{d.locs["params"]}: [policy {d.name}]: '
					f'{", ".join(bad)}')
			knobs = self.sim.missing_firmware(d.fw)
			if knobs:
				miss = [f'{k} = {d.fw[k]}' for k in knobs]
				modes = self.sim.firmware_modes()
				have = '; '.join(f'{k}: {" ".join(m for m, ok in v.items() if ok)}'
						 for k, v in modes.items())
				return (miss, f'{d.locs[knobs[0]]}: [policy {d.name}]: '
					f'{", ".join(miss)}: not a firmware setting corun-sim and '
					f'its firmware image have ({have})')
		return None

	def plans(self, specs, tier, only=None):
		"""[(spec, plan or None, missing)] and the union of their runs."""
		out, runs = [], {}
		for s in specs:
			miss = self.missing(s)
			if miss:
				out.append((s, None, miss))
				continue
			p = planmod.expand(s, tier, self.sim)
			if only:
				restrict(p, only)
			out.append((s, p, None))
			for r in p.ordered():
				runs.setdefault(r.key, r)
		ordered = [r for r in runs.values() if r.kind == 'alone'] + \
			  [r for r in runs.values() if r.kind == 'corun']
		return out, ordered


def restrict(plan, only):
	"""Keep the cells whose mix has one of the workloads in only."""
	plan.cells = [c for c in plan.cells if set(c.mix) & only]
	keep = set()
	for c in plan.cells:
		keep.add(c.key)
		keep.update(plan.runs[c.key].alone_keys)
	plan.runs = {k: r for k, r in plan.runs.items() if k in keep}


def plan_keys(plan):
	return list(plan.runs)


def tally(plan, st):
	keys = plan_keys(plan)
	ok = sum(st.get(k) == 'ok' for k in keys)
	failed = sum(st.get(k) == 'failed' for k in keys)
	return len(keys), ok, failed, len(keys) - ok - failed


def print_failures(conn, plan, limit=20):
	rows = [r for r in dbmod.run_rows(conn, plan.runs, 'key, label, policy, '
					  'config_name, error, status')
		if r['status'] == 'failed']
	for r in rows[:limit]:
		first = (r['error'] or '').strip().splitlines()[:1]
		say(f'  failed: {r["label"]} {r["policy"] or "alone"} on {r["config_name"]} '
		    f'({r["key"]}): {first[0] if first else "?"}')
	if len(rows) > limit:
		say(f'  ... and {len(rows) - limit} more (corun-eval export --what runs)')


def sweep_summary(ctx, conn, plans):
	rc = EXIT_OK
	for s, p, miss in plans:
		if miss:
			say(miss[1], sys.stderr)
			rc = EXIT_FAIL
			continue
		st = dbmod.statuses(conn, plan_keys(p))
		n, ok, failed, missing = tally(p, st)
		say(f'{s.name} [{p.tier.name}]: {ok} of {n} runs ok, {failed} failed, '
		    f'{missing} not run')
		print_failures(conn, p)
		if ok != n:
			rc = EXIT_FAIL
		if print_ground_truth_failures(conn, p):
			rc = EXIT_FAIL
	return rc


def print_ground_truth_failures(conn, plan, limit=20):
	"""Co-runs that ran but give no same-instruction ground truth (an
	alone run too short, say): failed, with the reason. Returns how many."""
	if not plan.spec.needs_progress():
		return 0
	res = dbmod.results(conn, plan_keys(plan))
	bad = report.ground_truth_failures(plan, res) + \
		epochs.failures(epochs.collect(plan, res))
	for why in bad[:limit]:
		say(f'  failed: ground truth: {why}')
	if len(bad) > limit:
		say(f'  ... and {len(bad) - limit} more (corun-eval report)')
	return len(bad)


def todo_runs(conn, runs, retry_failed):
	st = dbmod.statuses(conn, [r.key for r in runs])
	return [r for r in runs if r.key not in st or
		(retry_failed and st[r.key] == 'failed')], st


def cmd_run(args):
	ctx = Context(args)
	plans, runs = ctx.plans(ctx.specs(args.spec), args.tier, only_set(args))
	conn = dbmod.connect(ctx.db_path)
	try:
		todo, st = todo_runs(conn, runs, args.retry_failed)
		for s, p, miss in plans:
			if p:
				n, ok, failed, _ = tally(p, st)
				say(f'{s.name} [{args.tier}]: {n} runs '
				    f'({sum(r.kind == "alone" for r in p.runs.values())} alone), '
				    f'{ok} done, {failed} failed before')
		say(f'{len(todo)} runs to do, {args.jobs} at a time; database {rel(ctx.db_path)}')
		if args.dry_run:
			for r in todo:
				print(f'{r.key} {r.kind:5} {r.config["name"]} {r.label} '
				      f'{r.describe()}'.rstrip())
			return EXIT_OK if not any(m for _, _, m in plans) else EXIT_FAIL
		if todo:
			pdir = os.path.join(os.path.dirname(os.path.abspath(ctx.db_path)), 'plans')
			os.makedirs(pdir, exist_ok=True)
			d = tempfile.mkdtemp(prefix='run-', dir=pdir)
			try:
				execute.write_plan(d, ctx.sim, todo, ctx.sim.version())
				prc = local.run(d, os.path.abspath(ctx.db_path),
						[r.key for r in todo], args.jobs, bar=args.bar)
			finally:
				shutil.rmtree(d, ignore_errors=True)
			if prc > 128:
				say(f'interrupted (signal {prc - 128}); finished runs are kept, '
				    'run again to resume', sys.stderr)
				return prc
		return sweep_summary(ctx, conn, plans)
	finally:
		conn.close()


def cmd_submit(args):
	if not args.slurm:
		raise UsageError('submit: say where, e.g. --slurm')
	ctx = Context(args)
	plans, runs = ctx.plans(ctx.specs(args.spec), args.tier, only_set(args))
	conn = dbmod.connect(ctx.db_path)
	try:
		todo, _ = todo_runs(conn, runs, args.retry_failed)
	finally:
		conn.close()
	for _, _, miss in plans:
		if miss:
			say(miss[1], sys.stderr)
	if not todo:
		say('nothing to submit: every run is in the database')
		conn = dbmod.connect(ctx.db_path)
		try:
			return sweep_summary(ctx, conn, plans)
		finally:
			conn.close()
	stamp = datetime.datetime.now().strftime('%Y%m%d-%H%M%S')
	d = args.dir or os.path.join(os.path.dirname(os.path.abspath(ctx.db_path)),
				     'slurm', f'{stamp}-{os.getpid()}')
	aid, mid, mrc = slurm.submit(d, ctx.sim, todo, ctx.sim.version(), ctx.db_path,
				     args.chunk, args.sbatch_arg, args.wait)
	say(f'{len(todo)} runs in array job {aid} '
	    f'({len(slurm.chunks([r.key for r in todo], args.chunk))} tasks), '
	    f'merge job {mid}; plan and logs in {d}')
	if not args.wait:
		say(f'when it is done: corun-eval report --tier {args.tier} ...')
		return EXIT_OK
	if mrc:
		say(f'merge job {mid} exited with {mrc}; see {d}/logs/merge.out', sys.stderr)
	conn = dbmod.connect(ctx.db_path)
	try:
		rc = sweep_summary(ctx, conn, plans)
	finally:
		conn.close()
	return rc or (EXIT_FAIL if mrc else EXIT_OK)


def cmd_exec(args):
	if args.chunk is not None:
		plan = execute.read_plan(args.plan)
		parts = plan.get('chunks') or []
		if not 0 <= args.chunk < len(parts):
			raise UsageError(f'--chunk {args.chunk}: the plan has {len(parts)} chunks')
		keys = parts[args.chunk]
	else:
		keys = args.key
	if not keys:
		raise UsageError('exec: no runs (KEY... or --chunk N)')
	return execute.worker(args.plan, args.db, keys, args.seq, args.total,
			      quiet=args.quiet, wal=args.journal == 'wal',
			      started=args.started)


def cmd_merge(args):
	if not args.db:
		raise UsageError('merge: --db DB names the database to merge into')
	srcs = []
	for s in args.src:
		if os.path.isdir(s):
			srcs += sorted(os.path.join(s, f) for f in os.listdir(s)
				       if f.endswith('.db'))
		else:
			srcs.append(s)
	conn = dbmod.connect(args.db)
	try:
		tot = [0, 0, 0]
		for s in srcs:
			counts = dbmod.merge(conn, s)
			tot = [a + b for a, b in zip(tot, counts)]
		say(f'merged {len(srcs)} databases into {rel(args.db)}: {tot[0]} added, '
		    f'{tot[1]} replaced a failed run, {tot[2]} already there')
	finally:
		conn.close()
	return EXIT_OK


def cmd_status(args):
	ctx = Context(args)
	plans, _ = ctx.plans(ctx.specs(args.spec), args.tier, only_set(args))
	conn = dbmod.connect(ctx.db_path)
	try:
		return sweep_summary(ctx, conn, plans)
	finally:
		conn.close()


def spec_stats(conn, plan):
	keys = plan_keys(plan)
	st = dbmod.statuses(conn, keys)
	n, ok, failed, missing = tally(plan, st)
	rows = list(dbmod.run_rows(conn, keys, 'wall_seconds, host, corun_version'))
	return {'runs': n, 'ok': ok, 'failed': failed, 'missing': missing,
		'wall': sum(r[0] for r in rows), 'hosts': sorted({r[1] for r in rows}),
		'versions': sorted({r[2] for r in rows}), 'tier': plan.tier.name}


def cmd_report(args):
	ctx = Context(args)
	plans, _ = ctx.plans(ctx.specs(args.spec), args.tier, only_set(args))
	conn = dbmod.connect(ctx.db_path)
	rc = EXIT_OK
	states = {}
	if args.out:
		os.makedirs(args.out, exist_ok=True)
	try:
		for s, p, miss in plans:
			spec_rel = rel(s.path)
			if miss:
				say(miss[1], sys.stderr)
				rc = EXIT_FAIL
				if args.out:
					states[s.name] = pages.write_missing(
						args.out, s, spec_rel, s.tiers[args.tier], miss[0],
						ctx.sim.known_policies())
				continue
			res = dbmod.results(conn, plan_keys(p))
			tds = report.tables(p, res)
			eds = epochs.collect(p, res)
			stats = spec_stats(conn, p)
			if stats['ok'] != stats['runs'] or report.ground_truth_failures(p, res) or \
			   epochs.failures(eds):
				rc = EXIT_FAIL
			if args.out:
				stats['builds'] = ctx.sim.builds()
				states[s.name] = pages.write_spec(args.out, s, spec_rel, rel(args.out),
								  p, tds, stats, eds)
				states[s.name].pop('builds')
			if args.format == 'text' and not args.out:
				print(f'{s.name}: {s.title}\n  tier {p.tier.name}: {p.tier.protocol}\n'
				      f'  warp schedulers: {report.sched_line(s, p.tier)}\n'
				      f'  runs: {pages.summary(stats)}\n')
				print(report.text(tds))
				for ed in eds:
					print(epochs.text(ed))
			elif args.format == 'md' and not args.out:
				print(f'## {s.name}: {s.title}\n\nTier `{p.tier.name}`: '
				      f'{p.tier.protocol}\n\nWarp schedulers: '
				      f'{report.sched_line(s, p.tier)}\n\nRuns: {pages.summary(stats)}\n')
				print(report.markdown(tds))
				for ed in eds:
					print(f'```\n{epochs.text(ed)}\n```\n')
			elif args.format == 'csv' and not args.out:
				print(report.csv_all(tds), end='')
		if args.out:
			pages.write_index(args.out, states)
			say(f'wrote {len(states)} specs to {rel(args.out)}')
	finally:
		conn.close()
	return rc


EXPORT_RUN_COLUMNS = [c for c in dbmod.RUN_COLUMNS if c != 'result']


def cmd_export(args):
	ctx = Context(args)
	keys = None
	if args.spec:
		plans, _ = ctx.plans(ctx.specs(args.spec), args.tier, only_set(args))
		keys = sorted({k for _, p, _ in plans if p for k in plan_keys(p)})
	conn = dbmod.connect(ctx.db_path, create=False)
	try:
		rows = export_rows(conn, args.what, keys)
	finally:
		conn.close()
	out = open(args.output, 'w', newline='') if args.output else sys.stdout
	try:
		if args.format == 'json':
			json.dump(rows, out, indent=1)
			out.write('\n')
		else:
			w = csv.writer(out, lineterminator='\n')
			cols = list(rows[0]) if rows else []
			w.writerow(cols)
			for r in rows:
				w.writerow(['' if r[c] is None else r[c] for c in cols])
	finally:
		if args.output:
			out.close()
	return EXIT_OK


def export_rows(conn, what, keys):
	where, params = '', []
	if keys is not None:
		where = f' WHERE {{k}} IN ({",".join("?" * len(keys))})'
		params = keys
	if what == 'runs':
		q = f'SELECT {",".join(EXPORT_RUN_COLUMNS)} FROM runs' + where.format(k='key') + ' ORDER BY key'
		return [dict(r) for r in conn.execute(q, params)]
	if what == 'jobs':
		q = 'SELECT * FROM corun_jobs' + where.format(k='run_key') + \
		    ' ORDER BY run_key, job'
		return same_instruction_columns(conn, [dict(r) for r in conn.execute(q, params)])
	if what == 'results':
		q = 'SELECT key, result FROM runs' + where.format(k='key') + ' ORDER BY key'
		return [{'key': r[0], 'result': json.loads(r[1]) if r[1] else None}
			for r in conn.execute(q, params)]
	# metrics: one row per co-run, as corun-sim computes them
	q = ('SELECT r.key, r.label, r.config_name, r.config_id, r.policy, r.cycles, '
	     'r.status FROM runs r' + where.format(k='r.key') +
	     (' AND' if where else ' WHERE') + " r.kind = 'corun' ORDER BY r.key")
	out = []
	for r in conn.execute(q, params).fetchall():
		jobs = conn.execute('SELECT ipc_shared, ipc_alone FROM corun_jobs WHERE '
				    'run_key = ? ORDER BY job', (r['key'],)).fetchall()
		res = dbmod.result_json(conn, r['key']) \
			if r['policy'] in metrics.ORACLES else None
		m = metrics.compute_run(r['policy'], [j[1] for j in jobs],
					[j[0] for j in jobs], res)
		out.append(dict(r, **{k: None if v != v else v for k, v in m.items()}))
	return out


# export --what jobs: each co-run job's first run and its NP by the
# same-instruction ground truth (groundtruth.py), where the runs recorded
# progress curves; empty otherwise. Beside them, what the policy's model
# predicted over that first run and the SMs the job held at the end, the
# two things a slowdown-model table sets beside the true NP.
FIRST_RUN_COLUMNS = ('first_run_insns', 'first_run_cycles', 'first_run_completed',
		     'alone_cycles_same_insns', 'norm_progress_same_insns')
POLICY_COLUMNS = ('np_predicted_first_run', 'sms_at_end')


def policy_columns(job):
	"""POLICY_COLUMNS of one corun-sim job: the prediction is None
	without a model, without progress curves to find the first run, or
	if the model predicted nothing during it."""
	pred = None
	if job.get('progress') is not None:
		pred = groundtruth.first_run_prediction(job, 'norm_progress_predicted')
	mask = job.get('sm_mask')
	sms = bin(int(mask, 0)).count('1') if isinstance(mask, str) else None
	return (None if pred is not None and pred != pred else pred), sms


def same_instruction_columns(conn, rows):
	docs = {}

	def doc(key):
		if key not in docs:
			docs[key] = dbmod.result_json(conn, key) if key else None
		return docs[key]

	alone_of = dict(conn.execute('SELECT run_key || \' \' || job, alone_key FROM jobs '
				     'WHERE alone_key IS NOT NULL').fetchall())
	curves = {k for (k,) in conn.execute('SELECT key FROM runs WHERE '
					     'instr(result, \'"progress"\') > 0')}
	for r in rows:
		r.update(dict.fromkeys(FIRST_RUN_COLUMNS + POLICY_COLUMNS))
		co = doc(r['run_key'])
		try:
			r.update(zip(POLICY_COLUMNS, policy_columns(co['corun']['jobs'][r['job']])))
		except (TypeError, KeyError, IndexError, ValueError):
			pass
		if r['run_key'] not in curves:
			continue
		al = doc(alone_of.get(f'{r["run_key"]} {r["job"]}'))
		try:
			g = groundtruth.job_np(al['alone'][0], co['corun']['jobs'][r['job']],
					       co['corun']['cycles'])
		except (TypeError, KeyError, IndexError, groundtruth.GroundTruthError):
			continue
		r.update(zip(FIRST_RUN_COLUMNS, (g['insns'], g['t_shared'], int(g['completed']),
						 g['t_alone'], g['np'])))
	return rows


def only_set(args):
	only = getattr(args, 'only', None)
	return set(only.split(',')) if only else None


def parser():
	p = argparse.ArgumentParser(
		prog='corun-eval',
		description='Experiments as data: expand specs into corun-sim runs, run '
		'them locally (GNU parallel) or as Slurm job arrays, keep every result '
		'in one SQLite database and report them beside the papers\' numbers.')
	p.add_argument('--build', default=os.environ.get('CORUN_EVAL_BUILD', 'build'),
		       help='build directory with corun-sim and the device images '
		       '(default: build, or $CORUN_EVAL_BUILD)')
	sub = p.add_subparsers(dest='cmd', required=True, metavar='COMMAND')

	def common(sp, specs=True, tier=True):
		sp.add_argument('--db', help='results database (default BUILD/eval/results.db)')
		if tier:
			sp.add_argument('--tier', choices=TIERS, default='local',
					help='run protocol (default local)')
			sp.add_argument('--only', metavar='W1,W2', help='only the mixes '
					'with one of these workloads')
		if specs:
			sp.add_argument('spec', nargs='+', metavar='SPEC')

	sp = sub.add_parser('run', help='run the specs\' missing runs locally')
	common(sp)
	sp.add_argument('-j', '--jobs', type=int, default=os.cpu_count() or 1,
			help='runs at a time (default: the number of cores)')
	sp.add_argument('--retry-failed', action='store_true',
			help='run failed runs again (default: keep their failure)')
	sp.add_argument('--dry-run', action='store_true', help='list the runs to do')
	sp.add_argument('--bar', action='store_true', default=None,
			help='progress bar and ETA (default: when stderr is a terminal)')
	sp.set_defaults(func=cmd_run)

	sp = sub.add_parser('submit', help='run the specs\' missing runs as a Slurm job array')
	common(sp)
	sp.add_argument('--slurm', action='store_true', required=True)
	sp.add_argument('--chunk', type=int, default=1, help='runs per array task (default 1)')
	sp.add_argument('--dir', help='plan directory on a shared file system '
			'(default BUILD/eval/slurm/STAMP)')
	sp.add_argument('--sbatch-arg', action='append', default=[], metavar='ARG',
			help='extra #SBATCH line, e.g. --sbatch-arg=--partition=long')
	sp.add_argument('--retry-failed', action='store_true')
	sp.add_argument('--wait', action='store_true', help='wait for the array and merge')
	sp.set_defaults(func=cmd_submit)

	sp = sub.add_parser('report', help='tables and plots beside the published numbers')
	common(sp)
	sp.add_argument('--format', choices=('text', 'md', 'csv'), default='text')
	sp.add_argument('--out', help='write SPEC.rst pages, SPEC/ files and index.rst here')
	sp.set_defaults(func=cmd_report)

	sp = sub.add_parser('status', help='runs done, failed and to do per spec')
	common(sp)
	sp.set_defaults(func=cmd_status)

	sp = sub.add_parser('export', help='the database as CSV or JSON')
	sp.add_argument('--db')
	sp.add_argument('--tier', choices=TIERS, default='local')
	sp.add_argument('--only', metavar='W1,W2')
	sp.add_argument('--what', choices=('runs', 'jobs', 'metrics', 'results'),
			default='metrics')
	sp.add_argument('--format', choices=('csv', 'json'), default='csv')
	sp.add_argument('-o', '--output')
	sp.add_argument('spec', nargs='*', metavar='SPEC', help='only these specs\' runs')
	sp.set_defaults(func=cmd_export)

	sp = sub.add_parser('merge', help='merge databases (e.g. Slurm tasks\') into --db')
	sp.add_argument('--db')
	sp.add_argument('src', nargs='+', metavar='DB_OR_DIR')
	sp.set_defaults(func=cmd_merge)

	sp = sub.add_parser('exec', help='(internal) run planned runs into a database')
	sp.add_argument('--plan', required=True)
	sp.add_argument('--db', required=True)
	sp.add_argument('--chunk', type=int)
	sp.add_argument('--seq')
	sp.add_argument('--total')
	sp.add_argument('--started', help='when the sweep started (seconds since the epoch)')
	sp.add_argument('--quiet', action='store_true')
	sp.add_argument('--journal', choices=('wal', 'delete'), default='wal')
	sp.add_argument('key', nargs='*')
	sp.set_defaults(func=cmd_exec)
	return p


def main(argv=None):
	args = parser().parse_args(argv)
	try:
		return args.func(args)
	except SpecError as e:
		say(str(e), sys.stderr)
		return EXIT_USAGE
	except (UsageError, SimError, dbmod.DBError, slurm.SlurmError,
		local.ParallelMissing, plot.PlotError) as e:
		say(str(e), sys.stderr)
		return EXIT_USAGE
	except BrokenPipeError:
		return EXIT_FAIL
