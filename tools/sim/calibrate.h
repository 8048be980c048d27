/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-sim --calibrate: measure a configuration's sustainable NoC and
 * DRAM bandwidth with the calibration streams (emu/tests/calib/stream.h)
 * and print them as the [calib] lines of its file
 * (Documentation/emu/calibration.rst).
 */
#ifndef _CORUN_TOOLS_SIM_CALIBRATE_H_
#define _CORUN_TOOLS_SIM_CALIBRATE_H_

#include <stdio.h>

#include <config.h>

/*
 * corun-sim --calibrate --config FILE.ini [--check]: argv as given to
 * corun-sim. Exit status: 0 ok, 1 --check found stored values that differ
 * from the measurement, 2 bad usage or configuration, or a measurement
 * that failed.
 */
int calibrate_main(int argc, char **argv);

/*
 * The command line of the calibration modes (--calibrate, --fit-hsm):
 * --MODE --config FILE.ini [--check] [--help]. Loads the configuration
 * into @cfg and its path into @path; returns -1 to go on, else the exit
 * status (0 after --help, 2 for bad usage or configuration, the error
 * printed as "corun-sim --MODE: ...").
 */
int calib_cli(int argc, char **argv, const char *mode, void (*usage)(FILE *),
	      const char **path, int *check, struct emu_config *cfg);

#endif /* _CORUN_TOOLS_SIM_CALIBRATE_H_ */
