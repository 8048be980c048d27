/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-sim --fit-hsm: fit HSM's c1 and c2 (private-mode DRAM utilization
 * against row-buffer hit rate) on a configuration with the calibration
 * streams, print the points, the line and its R^2 as the [calib] lines of
 * the file (Documentation/gpu/corun/hsm.rst).
 */
#ifndef _CORUN_TOOLS_SIM_FIT_HSM_H_
#define _CORUN_TOOLS_SIM_FIT_HSM_H_

/*
 * corun-sim --fit-hsm --config FILE.ini [--check]: argv as given to
 * corun-sim. Exit status: 0 ok, 1 --check found stored values that differ
 * from the fit, 2 bad usage or configuration, or a fit that failed.
 */
int fit_hsm_main(int argc, char **argv);

#endif /* _CORUN_TOOLS_SIM_FIT_HSM_H_ */
