/* plain.h — a plain numeric CSV trace: a header whose first column is
 * `time` (creature seconds, never decreasing), then any named numeric
 * columns, one line per sample. What `c2rt body --simulate --trace` writes
 * (time,x,y,z,speed,height,energy and each effector's signal); `c2rt plot`
 * draws it as it draws a creature trace. Lines are at most
 * TRACE_READER_LINE_MAX bytes; a bad line is reported (FILE:LINE: reason)
 * and skipped, as trace_reader does. */
#ifndef C2_TRACE_PLAIN_H
#define C2_TRACE_PLAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "trace/reader.h"
#include "trace/series.h"

typedef struct trace_plain trace_plain;

/* Does this header line (without its end) open a plain trace? */
bool trace_plain_is_header(const char *line, size_t len);

/* Open path (a file) and read its header. NULL with *e filled. */
trace_plain *trace_plain_open(const char *path, trace_reader_err *e);
void trace_plain_close(trace_plain *p);

/* Columns after `time`: 0 <= col < ncols. */
int trace_plain_ncols(const trace_plain *p);
const char *trace_plain_name(const trace_plain *p, int col);
/* The column named s[0..n) (case-insensitive), or -1. */
int trace_plain_find(const trace_plain *p, const char *s, size_t n);

/* Read every remaining line into d (ncols series: columns cols[0..ncols)),
 * as trace_reader_read does (report NULL: not reported). Returns the number
 * of bad lines, or -1. */
long trace_plain_read(trace_plain *p, const int *cols, int ncols, trace_series *d,
                      trace_reader_report_fn report, void *ctx, long max_errors);

#endif
