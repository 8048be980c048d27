/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Helpers shared by the policy and engine suites. */
#ifndef _CORUN_POLICY_TEST_H_
#define _CORUN_POLICY_TEST_H_

#include "../policy.h"

u32 popcount_mask(const u32 *mask);
void test_platform(struct corun_policy_platform *p, u32 slots, u32 sms);
/* @s runs the job @seqno of 10000 CTAs with the QoS target @qos. */
void test_job_running(struct corun_policy_in *in, u32 s, u64 seqno, u32 qos);
struct corun_policy_in *
test_policy_in(struct kunit *test,
	       void (*plat)(struct corun_policy_platform *));
void test_event(struct corun_policy_in *in, u32 ev, u32 slot, u64 now, u64 len);

struct smpart;
struct dase_state;

/* One policy's decisions on a test platform: its input, output, state. */
struct test_run {
	const struct corun_policy_ops *ops;
	struct corun_policy_in *in;
	struct corun_policy_out *out;
	union { /* the state of ops->state_size, as a suite reads it */
		void *state;
		struct smpart *sp; /* HSM's */
		struct dase_state *st; /* DASE's */
	};
};

void test_run_init(struct kunit *test, struct test_run *r,
		   const struct corun_policy_ops *ops,
		   void (*plat)(struct corun_policy_platform *));
/* test_event(), then @r's policy decides. */
void test_run_event(struct test_run *r, u32 ev, u32 slot, u64 now, u64 len);

extern struct kunit_suite corun_policy_engine_suite;
extern struct kunit_suite corun_fwknobs_suite;
extern struct kunit_suite corun_fwlive_suite;
extern struct kunit_suite corun_hsm_suite;
extern struct kunit_suite corun_dase_suite;

#endif /* _CORUN_POLICY_TEST_H_ */
