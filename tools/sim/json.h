/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Minimal streaming JSON writer: two-space indentation, one member per
 * line, numbers printed with a fixed format so equal inputs give equal
 * bytes. Non-finite doubles are written as null.
 */
#ifndef _CORUN_TOOLS_SIM_JSON_H_
#define _CORUN_TOOLS_SIM_JSON_H_

#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 16

struct json {
	FILE *f;
	int depth;
	int count[JSON_MAX_DEPTH];	/* members written at each level */
};

void json_init(struct json *j, FILE *f);
/* @key is NULL inside arrays and for the top-level value. */
void json_obj_begin(struct json *j, const char *key);
void json_obj_end(struct json *j);
void json_arr_begin(struct json *j, const char *key);
void json_arr_end(struct json *j);
void json_str(struct json *j, const char *key, const char *v);
void json_u64(struct json *j, const char *key, uint64_t v);
void json_i64(struct json *j, const char *key, int64_t v);
void json_dbl(struct json *j, const char *key, double v);
void json_bool(struct json *j, const char *key, int v);
void json_null(struct json *j, const char *key);
/* End the document (newline). */
void json_finish(struct json *j);

#endif /* _CORUN_TOOLS_SIM_JSON_H_ */
