/* trace_csv.h — a bounded, validating reader for creature traces (written
 * by `c2rt run --trace`), CSV or NDJSON, feeding plot_data.
 *
 * CSV: line 1 a header naming the columns, in this order:
 *   tick,seconds,stage,alive,action,object      (fixed)
 *   drive:<name> x 17                           (genome_drives, in drive order)
 *   lf:<organ> x any                            (lf:body, lf:brain, lf:organ1 ...)
 *   chem:<name> x any                           (a genome_chemicals name, or its
 *                                                number 0..255 when it has none)
 * then one line per sample: tick a whole number >= 0; seconds a finite number
 * >= 0 that never decreases; alive 0 or 1; stage, action and object words;
 * every drive:, lf: and chem: value a finite number. Fields may be
 * double-quoted ("" for a quote inside); CRLF line ends and blank lines are
 * accepted.
 *
 * NDJSON (`--trace-format ndjson`; a file whose first line starts with '{'):
 * one flat JSON object per line, {"tick":0,"seconds":0.0,"stage":"embryo",
 * ...,"chem:ATP":0}, with the same names as keys, in any order; the first
 * line's keys are the columns and every line must have exactly those. Words
 * are JSON strings, everything else JSON numbers; nested values, true, false
 * and null are refused.
 *
 * A line may be at most PLOT_CSV_LINE_MAX bytes: a longer one is reported
 * and ends the reading there (its end is never looked for, so a device or a
 * pipe that sends no line end is refused at the limit). Anything else is
 * reported as FILE:LINE: reason, and the line is skipped. */
#ifndef C2_VIEWER_TRACE_CSV_H
#define C2_VIEWER_TRACE_CSV_H

#include <stddef.h>

#include "viewer/series.h"

enum {
	PLOT_CSV_LINE_MAX = 65536, /* bytes in one line, without its end */
	PLOT_CSV_COLS_MAX = 2048,  /* columns in the header */
	PLOT_CSV_FIXED = 6         /* tick, seconds, stage, alive, action, object */
};

typedef enum plot_csv_kind {
	PLOT_CSV_TICK, PLOT_CSV_SECONDS, PLOT_CSV_STAGE, PLOT_CSV_ALIVE, PLOT_CSV_ACTION,
	PLOT_CSV_OBJECT, PLOT_CSV_DRIVE, PLOT_CSV_LF, PLOT_CSV_CHEM
} plot_csv_kind;

/* Where and why opening failed, for "FILE:LINE: msg". */
typedef struct plot_csv_err {
	long line;     /* 1-based; 0 when the file could not be opened or read */
	char msg[256]; /* the reason */
} plot_csv_err;

/* Called for each bad line; ctx is passed through. */
typedef void (*plot_csv_report_fn)(void *ctx, long line, const char *reason);

typedef struct plot_csv plot_csv;

/* Open path ("-" is stdin) and read and check its header. Returns the
 * reader, or NULL with *e filled (cannot open, empty, bad header). */
plot_csv *plot_csv_open(const char *path, plot_csv_err *e);

/* Close the reader (NULL is fine). */
void plot_csv_close(plot_csv *r);

/* Columns of the header, 0 <= col < ncols. */
int plot_csv_ncols(const plot_csv *r);
plot_csv_kind plot_csv_col_kind(const plot_csv *r, int col);
/* The header's text of column col, e.g. "chem:ATP". */
const char *plot_csv_col_name(const plot_csv *r, int col);
/* A name for legends: the vocabulary's spelling for chem: columns
 * ("ATP"), the text after the prefix for drive: and lf:, else the header's. */
const char *plot_csv_col_label(const plot_csv *r, int col);
/* The chemical of a chem: column (0..255), or -1 for other columns. */
int plot_csv_col_chem(const plot_csv *r, int col);
/* The column holding chemical chem, or -1 when the file has none. */
int plot_csv_chem_col(const plot_csv *r, int chem);

/* Read every remaining line. Each good line appends one row to d (which
 * must have ncols series): its seconds and the values of columns
 * cols[0..ncols), numeric columns only. Each bad line is passed to report
 * (NULL: not reported) and skipped; after max_errors of them reading stops with one more report
 * ("too many errors"). Returns the number of bad lines (0: all good), or -1
 * when the file could not be read or memory ran out (also reported). */
long plot_csv_read(plot_csv *r, const int *cols, int ncols, plot_data *d,
                   plot_csv_report_fn report, void *ctx, long max_errors);

/* Number of the last line read (for "no data" style messages). */
long plot_csv_line(const plot_csv *r);

#endif
