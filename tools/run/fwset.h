/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * corun-run's firmware settings of a co-run: the mix's (tools/sim/mix.h:
 * irc = on, irc_share=300 on a job line, ...) and --fw's, checked against
 * the device and its firmware before anything runs, in the form
 * SET_POLICY takes them.
 */
#ifndef _CORUN_TOOLS_RUN_FWSET_H_
#define _CORUN_TOOLS_RUN_FWSET_H_

#include <stddef.h>

#include <lib/libcorun/libcorun.h>
#include <sim/mix.h>

/**
 * struct run_fw - the settings of a co-run
 * @set: what SET_POLICY gets
 * @any: some knob or parameter is set
 * @text: the settings as --fw takes them, for the report
 */
struct run_fw {
	struct corun_fw_settings set;
	int any;
	char text[2048];
};

/*
 * run_fw_build() - the settings of the mix @m and of the @ncli --fw
 * arguments @cli ("irc=on", "llc_prob=1000", "irc_share:2=300"; they win
 * over the mix's), for the device @dev. A job's settings apply to the
 * slot it runs in, which only --lockstep (@lockstep) fixes: slot i for
 * the i-th job. Returns 0, or -1 with a "file:line: ..." or "--fw ...:"
 * message in @err.
 */
int run_fw_build(struct run_fw *fw, const struct mix *m, char *const *cli,
		 unsigned int ncli, struct corun_dev *dev, int lockstep,
		 char *err, size_t len);

#endif /* _CORUN_TOOLS_RUN_FWSET_H_ */
