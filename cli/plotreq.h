/* plotreq.h — a plot to draw, as `c2rt` hands it to the viewer's program.
 *
 * `c2rt plot`, `run --plot` and `sweep --plot` fill a trace_series
 * (trace/series.h) but do not draw: the drawing stack (SDL2, SDL2_ttf,
 * SDL2_image, fontconfig) lives in c2rt-view alone (cli/helper.h), so that
 * c2rt runs on a machine without it. They send it a request — the
 * picture's size, title, axis names and value range, then the table: its
 * exact rows, or a long run's buckets (trace/series.h: at most
 * TRACE_SERIES_SUMMARY_BYTES, so a request is bounded however long the
 * run) — and c2rt-view draws exactly what the table would have drawn in
 * this process.
 *
 * The bytes, little-endian (one definition: the encoder and the decoder
 * below; tests/fuzz/fuzz_plot_request.c fuzzes the decoder):
 *   "C2RTPLT2", u16 w, u16 h, f64 ymin, f64 ymax,
 *   title, x_label, y_label: each u32 length (0xFFFFFFFF: none) and bytes,
 *   u8 style (cli_plot_style),
 *   u32 nseries, per series u8 length, its name and u16 key + 1 (0: none),
 *   u8 kind (0: exact rows, 1: buckets), u32 rows, then per row
 *     exact:   f64 time, nseries x f32 value
 *     buckets: f64 t0, f64 t1, nseries x (f32 first, last, lo, hi; u8 gap)
 *   u32 nmarks, per mark f64 time, u8 kind (cli_plot_mark_kind), u8
 *   length and its label,
 * and nothing after. The decoder checks every field against what an
 * encoder can write; the drawing code trusts what it returns. */
#ifndef C2_CLI_PLOTREQ_H
#define C2_CLI_PLOTREQ_H

#include <stddef.h>
#include <stdint.h>

#include "base/bytes.h"
#include "base/err.h"
#include "trace/series.h"

/* The picture's size in pixels: what `c2rt plot --size` accepts. */
enum { CLI_PLOT_MIN_W = 240, CLI_PLOT_MIN_H = 160, CLI_PLOT_MAX_SIDE = 8192 };
/* Most series a request carries. */
enum { CLI_PLOT_SERIES_MAX = 1024 };
/* Longest title or axis name a request carries. */
enum { CLI_PLOT_TEXT_MAX = 4096 };

/* A series' key: what it is, so that it has its own colour in every plot
 * and in the viewer (viewer/draw.h: view_series_colours). */
enum {
	CLI_PLOT_KEY_NONE = -1,
	CLI_PLOT_KEY_CHEM = 0,    /* + chemical 0..255 */
	CLI_PLOT_KEY_DRIVE = 256, /* + drive 0..16 */
	CLI_PLOT_KEY_END = 256 + 17
};

/* How the series are drawn: lines; lines with a marker at every sample (a
 * sweep's few values); bars from each row's x to the next's (a histogram:
 * the last bar as wide as the one before it). */
typedef enum cli_plot_style { CLI_PLOT_LINES, CLI_PLOT_POINTS, CLI_PLOT_BARS, CLI_PLOT_NSTYLES } cli_plot_style;

/* A moment marked across the plot: an event of the events file, a change of
 * life stage, death. */
typedef enum cli_plot_mark_kind {
	CLI_PLOT_MARK_EVENT, CLI_PLOT_MARK_STAGE, CLI_PLOT_MARK_DEATH, CLI_PLOT_NMARK_KINDS
} cli_plot_mark_kind;
enum { CLI_PLOT_MARKS_MAX = 4096, CLI_PLOT_MARK_TEXT_MAX = 63 };
typedef struct cli_plot_mark {
	double t;          /* creature seconds */
	int kind;          /* cli_plot_mark_kind */
	const char *label; /* at most CLI_PLOT_MARK_TEXT_MAX bytes; NULL: none */
} cli_plot_mark;

/* What to draw besides the data. A NULL text is "none" (title), creature
 * time (x_label: else x is a plain number named this) or "concentration
 * (0-255)" (y_label); ymax <= ymin means 0..255. keys: NULL, or one per
 * series (CLI_PLOT_KEY_*). marks: nmarks of them, in any order. */
typedef struct cli_plot_req {
	int w, h;
	const char *title, *x_label, *y_label;
	double ymin, ymax;
	cli_plot_style style;
	const int *keys;
	const cli_plot_mark *marks;
	int nmarks;
} cli_plot_req;

/* Defaults: 1200 x 700, no texts, 0..255, lines, no keys, no marks. */
void cli_plot_req_default(cli_plot_req *q);

/* Append the request for q and d (1 row or more) to w (check w->oom).
 * Returns 0, or -1 when q breaks the limits above (size, texts). */
int cli_plot_encode(const cli_plot_req *q, const trace_series *d, c2_wbuf *w);

/* A decoded request: q's texts, keys and marks point into `text`, `keys`
 * and `marks`, owned with d. */
typedef struct cli_plot_decoded {
	cli_plot_req q;
	char *text;
	int *keys;
	cli_plot_mark *marks;
	trace_series *d;
} cli_plot_decoded;

/* Decode data[0..len). Returns 0, or an error code with err (its offset the
 * byte where the request went wrong); *out is then empty. */
int cli_plot_decode(const uint8_t *data, size_t len, cli_plot_decoded *out, c2_err *err);
void cli_plot_decoded_free(cli_plot_decoded *p);

#endif
