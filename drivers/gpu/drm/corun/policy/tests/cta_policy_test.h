/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Helpers of the suites for the CTA-sharing policies (smk, ccbp, ws). */
#ifndef _CORUN_CTA_POLICY_TEST_H_
#define _CORUN_CTA_POLICY_TEST_H_

#include "../policy.h"

struct kunit;

struct corun_policy_in *cta_new_in(struct kunit *test, u32 slots, u32 sms);
void cta_set_job(struct kunit *test, struct corun_policy_in *in, u32 s,
		 u64 seqno, u32 threads, u32 regs, u32 shared, u32 ctas);
void cta_decide(struct kunit *test, const struct corun_policy_ops *ops,
		void *st, struct corun_policy_in *in, u32 event,
		struct corun_policy_out *out);
void *cta_new_state(struct kunit *test, const struct corun_policy_ops *ops,
		    const struct corun_policy_platform *p);
void cta_epoch_slot(struct corun_policy_in *in, u32 s, u64 cycles,
		    u64 insns_per_sm, u64 ctas);

#endif /* _CORUN_CTA_POLICY_TEST_H_ */
