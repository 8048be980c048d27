// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * corun-sim --fit-hsm (fit_hsm.h): HSM's locality fit of one
 * configuration, printed as [calib] lines to paste into its file; --check
 * compares them with the file's.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <config.h>
#include <corun/hw.h>
#include <tests/calib/stream.h>

#include "calibrate.h"
#include "fit_hsm.h"

static const char *const stream_names[CALIB_FIT_STREAMS] = {
	"random 1-line blocks", "random 2-line blocks", "random 4-line blocks",
	"random 8-line blocks", "random 16-line blocks", "sequential sweep",
};

static void usage(FILE *f)
{
	fputs("usage: corun-sim --fit-hsm --config FILE.ini [--check]\n"
	      "  Runs read streams of different row-buffer locality alone on\n"
	      "  the configuration, fits HSM's private-mode DRAM utilization\n"
	      "  = c1 * RBH + c2 by least squares, prints R^2 and the [calib]\n"
	      "  keys hsm_c1 and hsm_c2 (1/10000; Documentation/gpu/corun/hsm.rst).\n"
	      "  --config FILE  GPU configuration (emu/configs/*.ini)\n"
	      "  --check        exit 1 if the file's hsm_c1/hsm_c2 differ\n",
	      f);
}

/* @v in 1/CORUN_HSM_FIT_ONE, rounded; -1 if outside a [calib] key's range. */
static long fixed(double v)
{
	double r = floor(v * CORUN_HSM_FIT_ONE + 0.5);

	return r < 0 || r > CORUN_HSM_FIT_ONE ? -1 : (long)r;
}

int fit_hsm_main(int argc, char **argv)
{
	const char *path;
	struct emu_config cfg;
	struct calib_fit f;
	char err[512];
	int check, i, ret;
	long c1, c2;

	ret = calib_cli(argc, argv, "fit-hsm", usage, &path, &check, &cfg);
	if (ret >= 0)
		return ret;
	if (calib_locality_fit(&cfg, &f, err, sizeof(err))) {
		fprintf(stderr, "corun-sim --fit-hsm: %s: %s\n", path, err);
		return 2;
	}
	for (i = 0; i < CALIB_FIT_STREAMS; i++)
		printf("# %s: %-22s RBH %5.1f%%  utilization %5.1f%%  (line: %5.1f%%)\n",
		       path, stream_names[i], 100 * f.rbh[i], 100 * f.util[i],
		       100 * (f.c1 * f.rbh[i] + f.c2));
	printf("# %s: utilization = %.4f * RBH + %.4f, R^2 = %.3f\n", path,
	       f.c1, f.c2, f.r2);
	c1 = fixed(f.c1);
	c2 = fixed(f.c2);
	if (c1 <= 0 || c2 <= 0) {
		fprintf(stderr, "corun-sim --fit-hsm: %s: the line does not fit the keys' ranges (0 < c1 <= 1, 0 < c2 <= 1): the model's bandwidth does not grow with row-buffer locality here\n",
			path);
		return 2;
	}
	printf("# HSM's private-mode DRAM utilization = hsm_c1 * RBH + hsm_c2,\n"
	       "# in 1/%u, fitted by corun-sim --fit-hsm --config %s (R^2 %.3f)\n"
	       "hsm_c1 = %ld\nhsm_c2 = %ld\n",
	       CORUN_HSM_FIT_ONE, path, f.r2, c1, c2);
	if (!check)
		return 0;
	if (cfg.calib.hsm_c1 == c1 && cfg.calib.hsm_c2 == c2) {
		printf("# %s: the file's hsm_c1 and hsm_c2 match\n", path);
		return 0;
	}
	fprintf(stderr, "corun-sim --fit-hsm: %s: stale fit: the file has hsm_c1 = %u, hsm_c2 = %u; put the lines above in its [calib]\n",
		path, cfg.calib.hsm_c1, cfg.calib.hsm_c2);
	return 1;
}
