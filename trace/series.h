/* series.h — the sample table behind every plot: rows of (time, one value
 * per series) in a ring buffer, fed incrementally (the live viewer, one row
 * per sampled tick; `c2rt run --plot`) or all at once (a trace read by
 * reader.h); a whole run past a few megabytes is kept as per-bucket
 * summaries, so its memory stays bounded. No SDL: the viewer draws it. */
#ifndef C2_TRACE_SERIES_H
#define C2_TRACE_SERIES_H

#include <stddef.h>

enum { TRACE_SERIES_NAME_MAX = 64 }; /* longest series name kept (longer ones are cut) */

/* A table of samples: row i has a time (creature seconds, non-decreasing) and
 * nseries float values; NaN marks a missing value (the line breaks there). */
typedef struct trace_series trace_series;

/* What a whole-run table may hold: its rows exactly up to TRACE_SERIES_EXACT_BYTES
 * (a norn life sampled every creature second, 9 chemicals, is 1.7 MB);
 * beyond, a summary in at most TRACE_SERIES_SUMMARY_BYTES and TRACE_SERIES_SUMMARY_BUCKETS
 * buckets, however long the run (see trace_series_bucket). */
enum {
	TRACE_SERIES_EXACT_BYTES = 8 << 20,
	TRACE_SERIES_SUMMARY_BYTES = 16 << 20,
	TRACE_SERIES_SUMMARY_BUCKETS = 65536
};

/* New empty table with `nseries` (1..1024) series named names[0..nseries).
 * capacity 0: the whole run (a trace, `c2rt run --plot`), kept exactly
 * while it fits TRACE_SERIES_EXACT_BYTES and summarised beyond, so its memory is
 * bounded however many rows come; capacity N > 0: a ring that keeps the
 * newest N rows, dropping the oldest (a scrolling live view).
 * Returns NULL on bad arguments or out of memory. */
trace_series *trace_series_new(int nseries, const char *const *names, size_t capacity);

/* A table whose series are chemicals chems[0..n) (each 0..255), named by
 * trace_chem_legend (columns.h): what `c2rt run --plot` and the live viewer
 * fill, one trace_series_push of the n concentrations per sampled tick.
 * capacity as for trace_series_new. Returns NULL on bad arguments or out of memory. */
trace_series *trace_series_new_chems(const int *chems, int n, size_t capacity);

/* Free d (NULL is fine). */
void trace_series_free(trace_series *d);

/* Append a row: time t and values[0..nseries). Returns 0, or -1 when t is
 * not finite, t is before the newest row's time, the span from the first
 * row to t overflows, or memory ran out (nothing is appended then). */
int trace_series_push(trace_series *d, double t, const float *values);

/* Drop every row (names and capacity stay; a summary ends). */
void trace_series_clear(trace_series *d);

/* Has this whole-run table outgrown TRACE_SERIES_EXACT_BYTES? Its rows are then
 * buckets: the samples whose times fell in one cell of a grid that starts
 * at the first sample, cells a power of two of seconds wide, doubled (the
 * buckets merged in pairs) whenever a sample falls beyond the last cell
 * allowed. Bucket i's time is its first sample's, its value each series'
 * last finite one (NaN when none). */
int trace_series_summarised(const trace_series *d);

/* What row i of series s stands for: one sample (t0 == t1, every value
 * the sample's), or in a summary the bucket's first and last sample times,
 * its first, last, least and greatest finite values (NaN when it has
 * none) and whether a NaN or an infinity came among them (the line breaks). Exactly what
 * the plot draws of a pixel column's samples: a column made of whole
 * buckets looks as it would from every sample. */
typedef struct trace_bucket {
	double t0, t1;
	float first, last, lo, hi;
	int gap;
} trace_bucket;
void trace_series_bucket(const trace_series *d, size_t i, int s, trace_bucket *b);

/* Append a bucket to a whole-run table (capacity 0) that is empty or holds
 * buckets given this way: b[0..nseries), one per series, with the same t0
 * and t1 — what trace_series_bucket gave for a row of a summary, so a
 * summary sent elsewhere (cli/plotreq.h) is rebuilt as it was. Such a table
 * takes no more samples (trace_series_push refuses them: it has no grid).
 * Returns 0, or -1 when the table is not such a one, is full (as many
 * buckets as a summary holds), or b is not a bucket a summary can hold:
 * times finite, t0 <= t1, not before the newest row's t1; per series no
 * finite value (first, last, lo, hi all NaN) or all finite with lo and hi
 * around first and last; gap 0 or 1. */
int trace_series_push_bucket(trace_series *d, const trace_bucket *b);

/* Time of the newest sample in row i (trace_series_time is the oldest's; they
 * differ only in a summary). */
double trace_series_time_last(const trace_series *d, size_t i);

int trace_series_nseries(const trace_series *d);
size_t trace_series_len(const trace_series *d);
/* Name of series s (0 <= s < nseries). */
const char *trace_series_name(const trace_series *d, int s);
/* Time of the i-th oldest row (0 <= i < len). */
double trace_series_time(const trace_series *d, size_t i);
/* Value of series s in the i-th oldest row (0 <= i < len, 0 <= s < nseries). */
float trace_series_value(const trace_series *d, size_t i, int s);

/* Index of the first row whose time is >= t (len when there is none);
 * O(log len). */
size_t trace_series_lower_bound(const trace_series *d, double t);

/* The least and greatest finite values of every series in every row (a
 * summary's buckets included); returns -1 (and leaves *lo, *hi alone) when
 * there is none. */
int trace_series_range(const trace_series *d, double *lo, double *hi);

/* Times of the oldest and newest rows; returns -1 (and leaves *t0, *t1
 * alone) when d is empty. */
int trace_series_span(const trace_series *d, double *t0, double *t1);

#endif
