/* reader.h — a bounded, validating reader for creature traces (written
 * by `c2rt run --trace`), CSV or NDJSON, feeding trace_series.
 *
 * CSV: line 1 a header naming the columns, in the order of the column table
 * (columns.h): first those every trace has,
 *   tick,seconds,stage,alive,action,object,drive:<name> x 17 (in drive order)
 * then any of the others, in the table's order:
 *   lf:<organ> x any        (lf:body, lf:Heart ..., lf:brain; lf:organ1 ...
 *                            in traces written before organs had names)
 *   chem:<name> x any       (a genome_chemicals name or label, or its number
 *                            0..255 when it has none)
 *   body:x ... body:energy, world:x ... world:carry (each at most once)
 * then one line per sample, each value as its column's kind says (a whole
 * tick, seconds >= 0 that never decrease, alive 0 or 1, words, finite
 * numbers; a GAP column's value may be empty). Fields may be double-quoted
 * ("" for a quote inside); CRLF line ends and blank lines are accepted.
 *
 * NDJSON (`--trace-format ndjson`; a file whose first line starts with '{'):
 * one flat JSON object per line, {"tick":0,"seconds":0.0,"stage":"embryo",
 * ...,"chem:ATP":0}, with the same names as keys, in any order; the first
 * line's keys are the columns and every line must have exactly those. Words
 * are JSON strings, everything else JSON numbers, and null the empty value
 * of a GAP column; nested values, true and false are refused.
 *
 * A line may be at most TRACE_READER_LINE_MAX bytes: a longer one is reported
 * and ends the reading there (its end is never looked for, so a device or a
 * pipe that sends no line end is refused at the limit). Anything else is
 * reported as FILE:LINE: reason, and the line is skipped. */
#ifndef C2_TRACE_READER_H
#define C2_TRACE_READER_H

#include <stddef.h>

#include "trace/columns.h"
#include "trace/series.h"

enum {
	TRACE_READER_LINE_MAX = 65536, /* bytes in one line, without its end */
	TRACE_READER_COLS_MAX = 2048   /* columns in the header */
};

/* Where and why opening failed, for "FILE:LINE: msg". */
typedef struct trace_reader_err {
	long line;     /* 1-based; 0 when the file could not be opened or read */
	char msg[256]; /* the reason */
} trace_reader_err;

/* Called for each bad line; ctx is passed through. */
typedef void (*trace_reader_report_fn)(void *ctx, long line, const char *reason);

typedef struct trace_reader trace_reader;

/* Open path ("-" is stdin) and read and check its header. Returns the
 * reader, or NULL with *e filled (cannot open, empty, bad header). */
trace_reader *trace_reader_open(const char *path, trace_reader_err *e);

/* Close the reader (NULL is fine). */
void trace_reader_close(trace_reader *r);

/* Columns of the header, 0 <= col < ncols, and the table's row of each
 * (trace_columns[] tells its kind: a WORD column is never numeric). */
int trace_reader_ncols(const trace_reader *r);
trace_col trace_reader_col(const trace_reader *r, int col);
/* The header's text of column col, e.g. "chem:ATP". */
const char *trace_reader_col_name(const trace_reader *r, int col);
/* A name for legends: the vocabulary's spelling for chem: columns
 * ("ATP"), the text after the prefix for drive: and lf:, else the header's. */
const char *trace_reader_col_label(const trace_reader *r, int col);
/* The chemical of a chem: column (0..255), or -1 for other columns. */
int trace_reader_col_chem(const trace_reader *r, int col);
/* The column holding chemical chem, or -1 when the file has none. */
int trace_reader_chem_col(const trace_reader *r, int chem);
/* The column named s[0..n) (loosely: case, '_' and '-' for spaces), or -1.
 * "lf:organK", the name organ K's column had before organs had names
 * (genome/organs.h), finds organ K's column under its name ("lf:Muscle"),
 * so the names of old traces still select the same organs. */
int trace_reader_col_find(const trace_reader *r, const char *s, size_t n);

/* Called by trace_reader_read for each good line, before its row is
 * appended: its seconds and its fields in column order (words as they
 * are; valid during the call only). */
typedef void (*trace_reader_row_fn)(void *ctx, double seconds, const char *const *fields);
void trace_reader_on_row(trace_reader *r, trace_reader_row_fn fn, void *ctx);

/* Read every remaining line. Each good line appends one row to d (which
 * must have ncols series; NULL with ncols 0: rows only for on_row): its seconds and the values of columns
 * cols[0..ncols), numeric columns only (an empty GAP value is NaN). Each
 * bad line is passed to report (NULL: not reported) and skipped; after
 * max_errors of them reading stops with one more report ("too many
 * errors"). Returns the number of bad lines (0: all good), or -1 when the
 * file could not be read or memory ran out (also reported). */
long trace_reader_read(trace_reader *r, const int *cols, int ncols, trace_series *d,
                       trace_reader_report_fn report, void *ctx, long max_errors);

/* Number of the last line read (for "no data" style messages). */
long trace_reader_line(const trace_reader *r);

#endif
