#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Load corun results into pandas: a corun-sim (or corun-run) --json
report and a corun-eval CSV export, and print what most analyses start
from.

usage: tools/analysis/results.py REPORT.json [METRICS.csv]

REPORT.json: corun-sim --json (one co-run: "corun", or with
--compare-policies "coruns"). METRICS.csv: corun-eval export --what
metrics --format csv. Prints the co-run jobs (policy, workload,
slowdown), each policy's metrics, and the CSV's mean STP per policy.
"""
import json
import sys

import pandas as pd


def corun_jobs(report):
	"""One row per co-run job and policy, with the run's metrics."""
	coruns = report.get('coruns') or [report['corun']]
	jobs = pd.concat([pd.json_normalize(c['jobs']).assign(policy=c['policy'])
			  for c in coruns], ignore_index=True)
	metrics = pd.DataFrame([dict(c['metrics'], policy=c['policy'])
				for c in coruns])
	return jobs, metrics


def main(argv):
	if len(argv) not in (2, 3):
		sys.exit(__doc__.strip().splitlines()[3])
	with open(argv[1]) as f:
		report = json.load(f)
	jobs, metrics = corun_jobs(report)
	print(f"configuration {report['config']['name']} ({report['config']['id']}), "
	      f"mix {report['mix']['name']}")
	print('jobs:')
	print(jobs[['policy', 'index', 'workload', 'ipc', 'ipc_alone',
		    'slowdown']].to_string(index=False, float_format='%.4f'))
	print('metrics:')
	print(metrics.set_index('policy').to_string(float_format='%.4f'))
	if len(argv) == 3:
		runs = pd.read_csv(argv[2])
		print('corun-eval: mean STP per policy:')
		print(runs.groupby('policy')['stp'].mean().to_string(float_format='%.4f'))


if __name__ == '__main__':
	main(sys.argv)
