# SPDX-License-Identifier: GPL-2.0
"""The results database: one SQLite file, schema documented in
Documentation/tools/corun-eval.rst and versioned in meta.schema_version.

A run's row and its job rows are written in one transaction, so a sweep
killed at any point leaves only whole results behind; the local database
uses WAL so parallel workers can write while others read.
"""

import json
import os
import sqlite3

from .metrics import ORACLES

SCHEMA_VERSION = 1
BUSY_TIMEOUT_S = 120

SCHEMA = """
CREATE TABLE meta (
	name TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
CREATE TABLE runs (
	key TEXT PRIMARY KEY,
	kind TEXT NOT NULL CHECK (kind IN ('alone', 'corun')),
	label TEXT NOT NULL,
	config_file TEXT NOT NULL,
	config_name TEXT NOT NULL,
	config_id TEXT NOT NULL,
	policy TEXT,
	cycles INTEGER NOT NULL,
	inputs TEXT NOT NULL,
	mix TEXT NOT NULL,
	argv TEXT NOT NULL,
	sim_build TEXT NOT NULL,
	kernels_build TEXT NOT NULL,
	firmware_build TEXT NOT NULL,
	corun_version TEXT NOT NULL,
	status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
	exit_status INTEGER NOT NULL,
	error TEXT,
	result TEXT,
	wall_seconds REAL NOT NULL,
	host TEXT NOT NULL,
	finished TEXT NOT NULL
);
CREATE TABLE jobs (
	run_key TEXT NOT NULL REFERENCES runs(key) ON DELETE CASCADE,
	job INTEGER NOT NULL,
	workload TEXT NOT NULL,
	scale INTEGER NOT NULL,
	seed INTEGER NOT NULL,
	alone_key TEXT,
	status TEXT,
	ipc REAL,
	thread_insns INTEGER,
	cycles INTEGER,
	PRIMARY KEY (run_key, job)
);
CREATE VIEW corun_jobs AS
	SELECT j.run_key, j.job, r.label, r.config_name, r.config_id, r.policy,
	       r.cycles, j.workload, j.scale, j.seed, j.status,
	       j.ipc AS ipc_shared, a.ipc AS ipc_alone,
	       j.ipc / a.ipc AS norm_progress, a.ipc / j.ipc AS slowdown
	FROM jobs j JOIN runs r ON r.key = j.run_key
	LEFT JOIN jobs a ON a.run_key = j.alone_key AND a.job = 0
	WHERE r.kind = 'corun';
"""

RUN_COLUMNS = ('key', 'kind', 'label', 'config_file', 'config_name', 'config_id',
	       'policy', 'cycles', 'inputs', 'mix', 'argv', 'sim_build',
	       'kernels_build', 'firmware_build', 'corun_version', 'status',
	       'exit_status', 'error', 'result', 'wall_seconds', 'host', 'finished')
JOB_COLUMNS = ('run_key', 'job', 'workload', 'scale', 'seed', 'alone_key',
	       'status', 'ipc', 'thread_insns', 'cycles')


class DBError(Exception):
	pass


def connect(path, wal=True, create=True):
	"""Open (and create) a results database, checking its schema version."""
	if not create and not os.path.exists(path):
		raise DBError(f'{path}: no such database')
	d = os.path.dirname(os.path.abspath(path))
	os.makedirs(d, exist_ok=True)
	conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
	conn.row_factory = sqlite3.Row
	try:
		conn.execute('PRAGMA foreign_keys = ON')
		conn.execute(f'PRAGMA journal_mode = {"WAL" if wal else "DELETE"}')
		conn.execute('BEGIN IMMEDIATE')
		have = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
				    "AND name = 'meta'").fetchone()
		if not have:
			for stmt in SCHEMA.split(';'):
				if stmt.strip():
					conn.execute(stmt)
			conn.execute("INSERT INTO meta VALUES ('schema_version', ?)",
				     (str(SCHEMA_VERSION),))
		conn.execute('COMMIT')
	except sqlite3.DatabaseError as e:
		conn.close()
		raise DBError(f'{path}: {e}') from None
	v = conn.execute("SELECT value FROM meta WHERE name = 'schema_version'").fetchone()
	if not v or int(v[0]) != SCHEMA_VERSION:
		conn.close()
		raise DBError(f'{path}: schema version {v[0] if v else "?"}, this '
			      f'corun-eval reads version {SCHEMA_VERSION}')
	return conn


CHUNK = 500	# keys per query, well below SQLite's limit on parameters


def run_rows(conn, keys, columns):
	"""The runs rows of keys that have a result (columns: SQL list)."""
	keys = list(keys)
	for i in range(0, len(keys), CHUNK):
		part = keys[i:i + CHUNK]
		yield from conn.execute(f'SELECT {columns} FROM runs WHERE key IN '
					f'({",".join("?" * len(part))}) ORDER BY label, key', part)


def statuses(conn, keys):
	"""{key: status} of the keys that have a result."""
	return {r[0]: r[1] for r in run_rows(conn, keys, 'key, status')}


def insert(conn, row, jobs):
	"""Replace a run's result and its job rows, atomically."""
	conn.execute('BEGIN IMMEDIATE')
	try:
		conn.execute('DELETE FROM jobs WHERE run_key = ?', (row['key'],))
		conn.execute(f'INSERT OR REPLACE INTO runs ({",".join(RUN_COLUMNS)}) '
			     f'VALUES ({",".join("?" * len(RUN_COLUMNS))})',
			     [row[c] for c in RUN_COLUMNS])
		for j in jobs:
			conn.execute(f'INSERT INTO jobs ({",".join(JOB_COLUMNS)}) '
				     f'VALUES ({",".join("?" * len(JOB_COLUMNS))})',
				     [j[c] for c in JOB_COLUMNS])
		conn.execute('COMMIT')
	except BaseException:
		conn.execute('ROLLBACK')
		raise


def merge(conn, src_path):
	"""Merge another database's results into conn: a key it lacks is
	added, a failed run is replaced by an ok one; returns (added,
	replaced, kept)."""
	src = connect(src_path, wal=False, create=False)
	added = replaced = kept = 0
	try:
		for r in src.execute('SELECT * FROM runs ORDER BY key'):
			have = conn.execute('SELECT status FROM runs WHERE key = ?',
					    (r['key'],)).fetchone()
			if have and not (have[0] == 'failed' and r['status'] == 'ok'):
				kept += 1
				continue
			jobs = [dict(j) for j in src.execute(
				'SELECT * FROM jobs WHERE run_key = ? ORDER BY job', (r['key'],))]
			insert(conn, dict(r), jobs)
			if have:
				replaced += 1
			else:
				added += 1
	finally:
		src.close()
	return added, replaced, kept


def results(conn, keys):
	"""{key: {'status', 'error', 'wall_seconds', 'host', 'result', 'jobs':
	[rows]}}; 'result' (the parsed JSON) only for the oracles' runs, the
	co-runs whose policy predicts NP (metrics.PREDICTION_METRICS) and
	the runs with progress curves (groundtruth.py)."""
	out = {}
	keys = list(keys)
	for i in range(0, len(keys), CHUNK):
		part = keys[i:i + CHUNK]
		marks = ','.join('?' * len(part))
		# an oracle's result holds its best-STP pick (metrics.ORACLES),
		# a model's its predicted NPs, --progress the curves
		for r in conn.execute('SELECT key, kind, status, error, wall_seconds, '
				      'host, CASE WHEN policy IN '
				      f'({",".join("?" * len(ORACLES))}) OR (kind = \'corun\' '
				      'AND instr(result, \'"norm_progress_predicted"\') > 0) '
				      'OR instr(result, \'"progress"\') > 0 '
				      f'THEN result END AS result FROM runs WHERE key IN ({marks})',
				      list(ORACLES) + part):
			out[r['key']] = dict(r, jobs=[])
			out[r['key']]['result'] = json.loads(r['result']) \
				if r['result'] else None
		for j in conn.execute(f'SELECT * FROM jobs WHERE run_key IN ({marks}) '
				      'ORDER BY run_key, job', part):
			out[j['run_key']]['jobs'].append(dict(j))
	return out


def result_json(conn, key):
	r = conn.execute('SELECT result FROM runs WHERE key = ?', (key,)).fetchone()
	return json.loads(r[0]) if r and r[0] else None


def check(conn):
	"""PRAGMA integrity_check and foreign_key_check: [] when consistent."""
	bad = [r[0] for r in conn.execute('PRAGMA integrity_check') if r[0] != 'ok']
	bad += [f'foreign key: {tuple(r)}' for r in conn.execute('PRAGMA foreign_key_check')]
	return bad
