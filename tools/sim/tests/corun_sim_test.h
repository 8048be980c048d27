/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Harness of corun-sim-test: corun_sim_units_test.c tests the mix parser
 * and the metrics directly; corun_sim_test.c the binary end to end
 * (spawned) on test-2sm.ini, corun_sim_policy_test.c its policy options,
 * corun_sim_progress_test.c its --progress and --demand (cases of
 * corun_sim_test.c's suite); corun_sim_test_util.c runs it and reads its
 * JSON.
 */
#ifndef _SIM_TESTS_CORUN_SIM_TEST_H_
#define _SIM_TESTS_CORUN_SIM_TEST_H_

#include <limits.h>
#include <stddef.h>

#include <kunit/test.h>

/* test-2sm.ini and the small mix, found by find_paths() */
extern char cfg_path[PATH_MAX + 64], mix_path[PATH_MAX + 64];

/* suite_init: the corun-sim next to the test binary and the sources */
int find_paths(struct kunit_suite *suite);

/* ---- running the binary ---- */

struct out {
	int status;	/* exit status, or 128 + signal */
	char *out, *err;
};

/* Run corun-sim with the NULL-terminated arguments; output captured. */
struct out *run_sim(struct kunit *test, ...);
/*
 * corun-sim refuses the NULL-terminated arguments: exit status 2 and,
 * unless @want is NULL, @want in its stderr. A failure names the
 * arguments and shows the stderr. Returns the run for further checks.
 */
struct out *expect_usage_error(struct kunit *test, const char *want, ...);
/* A temporary file with @text; removed when the case ends. */
const char *tmp_file(struct kunit *test, const char *suffix,
		     const char *text);

/* ---- a minimal JSON reader for checking the output ---- */

enum jt { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jt t;
	double num;
	char *str;
	int n;
	char **keys;
	struct jv **v;
};

/* @text as one JSON document, freed when the case ends; asserts it parses. */
struct jv *json_doc(struct kunit *test, const char *text);
/* Member @key of object @j, or NULL. */
struct jv *jget(const struct jv *j, const char *key);
/* Member @key of @j, asserted to be a number or a string. */
double jnum(struct kunit *test, const struct jv *j, const char *key);
const char *jstr(struct kunit *test, const struct jv *j, const char *key);
/* @a and @b equal to the 9 significant digits the JSON carries. */
int close_to(double a, double b);

/* mix_parse()'s registry in the tests: vecadd and matmul */
int lookup(const char *name, char *known, size_t len);

/* ---- shared by the corun_sim suite's files ---- */

/*
 * corun_sim_test.c: @doc, corun-sim --json's output of a co-run on
 * test-2sm, has every run ok, the IPCs of the counts and the metrics of
 * the formulas.
 */
void check_corun_json(struct kunit *test, const struct jv *doc);

/* corun_sim_progress_test.c: cases of the corun_sim suite */
void sim_progress(struct kunit *test);
void sim_demand(struct kunit *test);

#endif /* _SIM_TESTS_CORUN_SIM_TEST_H_ */
