/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-sim --calibrate: measure a configuration's sustainable NoC and
 * DRAM bandwidth with the calibration streams (emu/tests/calib/stream.h)
 * and print them as the [calib] lines of its file
 * (Documentation/emu/calibration.rst).
 */
#ifndef _CORUN_TOOLS_SIM_CALIBRATE_H_
#define _CORUN_TOOLS_SIM_CALIBRATE_H_

/*
 * corun-sim --calibrate --config FILE.ini [--check]: argv as given to
 * corun-sim. Exit status: 0 ok, 1 --check found stored values that differ
 * from the measurement, 2 bad usage or configuration, or a measurement
 * that failed.
 */
int calibrate_main(int argc, char **argv);

#endif /* _CORUN_TOOLS_SIM_CALIBRATE_H_ */
