/* series.h — time-series samples for the plot widget: rows of (time, one
 * value per series) in a ring buffer, fed incrementally (the live viewer, one
 * row per sampled tick; `c2rt run --plot`) or all at once (a trace CSV); a
 * whole run past a few megabytes is kept as per-bucket summaries, so its
 * memory stays bounded.
 *
 * No SDL here: the engine side can fill a plot_data without the viewer. */
#ifndef C2_VIEWER_SERIES_H
#define C2_VIEWER_SERIES_H

#include <stddef.h>

enum { PLOT_NAME_MAX = 64 }; /* longest series name kept (longer ones are cut) */

/* A table of samples: row i has a time (creature seconds, non-decreasing) and
 * nseries float values; NaN marks a missing value (the line breaks there). */
typedef struct plot_data plot_data;

/* What a whole-run table may hold: its rows exactly up to PLOT_EXACT_BYTES
 * (a norn life sampled every creature second, 9 chemicals, is 1.7 MB);
 * beyond, a summary in at most PLOT_SUMMARY_BYTES and PLOT_SUMMARY_BUCKETS
 * buckets, however long the run (see plot_data_bucket). */
enum {
	PLOT_EXACT_BYTES = 8 << 20,
	PLOT_SUMMARY_BYTES = 16 << 20,
	PLOT_SUMMARY_BUCKETS = 65536
};

/* New empty table with `nseries` (1..1024) series named names[0..nseries).
 * capacity 0: the whole run (a trace, `c2rt run --plot`), kept exactly
 * while it fits PLOT_EXACT_BYTES and summarised beyond, so its memory is
 * bounded however many rows come; capacity N > 0: a ring that keeps the
 * newest N rows, dropping the oldest (a scrolling live view).
 * Returns NULL on bad arguments or out of memory. */
plot_data *plot_data_new(int nseries, const char *const *names, size_t capacity);

/* Legend name of chemical chem (0..255): its trace label (trace_chem_label:
 * the name, with the number when an earlier chemical has that name), or
 * "chemical N" when it has none. Writes buf (n bytes); returns buf. */
const char *plot_chem_label(int chem, char *buf, size_t n);

/* A table whose series are chemicals chems[0..n) (each 0..255), named by
 * plot_chem_label: what `c2rt run --plot` and the live viewer fill, one
 * plot_data_push of the n concentrations per sampled tick. capacity as for
 * plot_data_new. Returns NULL on bad arguments or out of memory. */
plot_data *plot_data_new_chems(const int *chems, int n, size_t capacity);

/* Free d (NULL is fine). */
void plot_data_free(plot_data *d);

/* Append a row: time t and values[0..nseries). Returns 0, or -1 when t is
 * not finite, t is before the newest row's time, the span from the first
 * row to t overflows, or memory ran out (nothing is appended then). */
int plot_data_push(plot_data *d, double t, const float *values);

/* Drop every row (names and capacity stay; a summary ends). */
void plot_data_clear(plot_data *d);

/* Has this whole-run table outgrown PLOT_EXACT_BYTES? Its rows are then
 * buckets: the samples whose times fell in one cell of a grid that starts
 * at the first sample, cells a power of two of seconds wide, doubled (the
 * buckets merged in pairs) whenever a sample falls beyond the last cell
 * allowed. Bucket i's time is its first sample's, its value each series'
 * last finite one (NaN when none). */
int plot_data_summarised(const plot_data *d);

/* What row i of series s stands for: one sample (t0 == t1, every value
 * the sample's), or in a summary the bucket's first and last sample times,
 * its first, last, least and greatest finite values (NaN when it has
 * none) and whether a NaN or an infinity came among them (the line breaks). Exactly what
 * the plot draws of a pixel column's samples: a column made of whole
 * buckets looks as it would from every sample. */
typedef struct plot_bucket {
	double t0, t1;
	float first, last, lo, hi;
	int gap;
} plot_bucket;
void plot_data_bucket(const plot_data *d, size_t i, int s, plot_bucket *b);

/* Append a bucket to a whole-run table (capacity 0) that is empty or holds
 * buckets given this way: b[0..nseries), one per series, with the same t0
 * and t1 — what plot_data_bucket gave for a row of a summary, so a summary
 * sent elsewhere (cli/plotreq.h) is rebuilt as it was. Such a table takes
 * no more samples (plot_data_push refuses them: it has no grid). Returns 0,
 * or -1 when the table is not such a one, is full (as many buckets as a
 * summary holds), or b is not a bucket a summary can hold: times finite,
 * t0 <= t1, not before the newest row's t1; per series no finite value
 * (first, last, lo, hi all NaN) or all finite with lo and hi around first
 * and last; gap 0 or 1. */
int plot_data_push_bucket(plot_data *d, const plot_bucket *b);

/* Time of the newest sample in row i (plot_data_time is the oldest's; they
 * differ only in a summary). */
double plot_data_time_last(const plot_data *d, size_t i);

int plot_data_nseries(const plot_data *d);
size_t plot_data_len(const plot_data *d);
/* Name of series s (0 <= s < nseries). */
const char *plot_data_name(const plot_data *d, int s);
/* Time of the i-th oldest row (0 <= i < len). */
double plot_data_time(const plot_data *d, size_t i);
/* Value of series s in the i-th oldest row (0 <= i < len, 0 <= s < nseries). */
float plot_data_value(const plot_data *d, size_t i, int s);

/* Index of the first row whose time is >= t (len when there is none);
 * O(log len). */
size_t plot_data_lower_bound(const plot_data *d, double t);

/* Times of the oldest and newest rows; returns -1 (and leaves *t0, *t1
 * alone) when d is empty. */
int plot_data_span(const plot_data *d, double *t0, double *t1);

#endif
