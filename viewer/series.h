/* series.h — time-series samples for the plot widget: rows of (time, one
 * value per series) in a ring buffer, fed incrementally (the live viewer, one
 * row per sampled tick; `c2rt run --plot`) or all at once (a trace CSV).
 *
 * No SDL here: the engine side can fill a plot_data without the viewer. */
#ifndef C2_VIEWER_SERIES_H
#define C2_VIEWER_SERIES_H

#include <stddef.h>

enum { PLOT_NAME_MAX = 64 }; /* longest series name kept (longer ones are cut) */

/* A table of samples: row i has a time (creature seconds, non-decreasing) and
 * nseries float values; NaN marks a missing value (the line breaks there). */
typedef struct plot_data plot_data;

/* New empty table with `nseries` (1..1024) series named names[0..nseries).
 * capacity 0: grows without bound (a whole trace); capacity N > 0: a ring
 * that keeps the newest N rows, dropping the oldest (a scrolling live view).
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
 * not finite, t is before the newest row's time, or memory ran out (nothing
 * is appended then). */
int plot_data_push(plot_data *d, double t, const float *values);

/* Drop every row (names and capacity stay). */
void plot_data_clear(plot_data *d);

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
