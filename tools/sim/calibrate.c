// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim --calibrate (calibrate.h): one configuration's sustainable
 * bandwidth, printed as [calib] lines to paste into its file; --check
 * compares them with the file's.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <config.h>
#include <tests/calib/stream.h>

#include "calibrate.h"

static void usage(FILE *f)
{
	fputs("usage: corun-sim --calibrate --config FILE.ini [--check]\n"
	      "  Measures the configuration's sustainable reply-NoC and DRAM\n"
	      "  bandwidth with the calibration streams and prints its\n"
	      "  [calib] section (bytes per 1000 SM cycles;\n"
	      "  Documentation/emu/calibration.rst).\n"
	      "  --config FILE  GPU configuration (emu/configs/*.ini)\n"
	      "  --check        exit 1 if the file's [calib] values differ\n",
	      f);
}

/* @v as a percentage of @peak. */
static double pct(uint64_t v, uint64_t peak)
{
	return peak ? 100.0 * (double)v / (double)peak : 0;
}

int calib_cli(int argc, char **argv, const char *mode, void (*usage)(FILE *),
	      const char **path, int *check, struct emu_config *cfg)
{
	const struct option lo[] = {
		{ mode, no_argument, NULL, 'M' },
		{ "config", required_argument, NULL, 'c' },
		{ "check", no_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	char err[512];
	int c;

	*path = NULL;
	*check = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "c:h", lo, NULL)) != -1) {
		switch (c) {
		case 'M':
			break;
		case 'c':
			*path = optarg;
			break;
		case 'k':
			*check = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (!*path || optind != argc) {
		usage(stderr);
		return 2;
	}
	if (emu_config_load(*path, cfg, err, sizeof(err))) {
		fprintf(stderr, "corun-sim --%s: %s\n", mode, err);
		return 2;
	}
	return -1;
}

int calibrate_main(int argc, char **argv)
{
	const char *path;
	struct emu_config cfg;
	struct calib_bw bw;
	char err[512], line[64];
	int check, ret;

	ret = calib_cli(argc, argv, "calibrate", usage, &path, &check, &cfg);
	if (ret >= 0)
		return ret;
	if (calib_sustainable(&cfg, &bw, err, sizeof(err))) {
		fprintf(stderr, "corun-sim --calibrate: %s: %s\n", path, err);
		return 2;
	}
	if (bw.noc > UINT32_MAX || bw.dram > UINT32_MAX) {
		fprintf(stderr, "corun-sim --calibrate: %s: %llu or %llu does not fit a [calib] key (at most %u)\n",
			path, (unsigned long long)bw.noc,
			(unsigned long long)bw.dram, UINT32_MAX);
		return 2;
	}
	printf("# %s: NoC stream: L2 hit rate %.1f%%, every quarter of the window within %.1f%% of its mean\n"
	       "# %s: DRAM stream: L2 hit rate %.1f%%, every quarter within %.1f%%, reply NoC at %.1f%% of its peak\n",
	       path, bw.noc_l2_hit / 10.0, bw.noc_spread / 10.0, path,
	       bw.dram_l2_hit / 10.0, bw.dram_spread / 10.0,
	       pct(bw.dram_noc, bw.noc_peak));
	printf("[calib]\n"
	       "# Sustainable bandwidth, bytes per 1000 SM cycles (0 = not calibrated),\n"
	       "# measured by corun-sim --calibrate --config %s\n"
	       "# (Documentation/emu/calibration.rst).\n",
	       path);
	snprintf(line, sizeof(line), "noc_sustainable = %llu",
		 (unsigned long long)bw.noc);
	printf("%-28s# %.1f%% of the reply-NoC peak (%llu)\n", line,
	       pct(bw.noc, bw.noc_peak), (unsigned long long)bw.noc_peak);
	snprintf(line, sizeof(line), "dram_sustainable = %llu",
		 (unsigned long long)bw.dram);
	printf("%-28s# %.1f%% of the DRAM peak (%llu)\n", line,
	       pct(bw.dram, bw.dram_peak), (unsigned long long)bw.dram_peak);
	if (!check)
		return 0;
	if (cfg.calib.noc_sustainable == bw.noc &&
	    cfg.calib.dram_sustainable == bw.dram) {
		printf("# %s: the file's [calib] values match\n", path);
		return 0;
	}
	fprintf(stderr, "corun-sim --calibrate: %s: stale [calib]: the file has noc_sustainable = %u, dram_sustainable = %u; put the section above in it\n",
		path, cfg.calib.noc_sustainable, cfg.calib.dram_sustainable);
	return 1;
}
