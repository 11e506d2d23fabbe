/* plot.h — the time-series plot widget: several series as coloured lines over
 * creature time, a 0..255 value axis with grid, a legend and a title, drawn
 * into any rectangle of a 32-bit SDL surface (a window's or a headless one).
 *
 * Dense data is reduced per pixel column to its min/max (so a one-tick
 * spike still shows) plus first/last (so the line joins up); sparse data is
 * drawn point to point. The live viewer keeps a trace_series ring and
 * redraws with style.window set; `c2rt plot` and `c2rt run --plot` hand the
 * whole run to c2rt-view (cli/plotreq.h), which calls view_plot_write_png with
 * it. A long run is held as per-bucket summaries (trace/series.h): drawn as
 * the samples would be, but where a bucket straddles two pixel columns. */
#ifndef C2_VIEWER_PLOT_H
#define C2_VIEWER_PLOT_H

#include <stddef.h>
#include <stdint.h>

#include <SDL2/SDL.h>

#include "cli/plotreq.h"
#include "trace/series.h"
#include "viewer/font.h"

typedef struct view_plot_style {
	const char *title;   /* drawn above the plot; NULL or "": none */
	const char *y_label; /* NULL: "concentration (0-255)" */
	const char *x_label; /* NULL: x is creature time (s, min, h, d); else x is a
	                        plain number (a swept value) named this */
	double ymin, ymax;   /* value range; ymax <= ymin means 0..255 */
	/* Time window (creature seconds). When t1 > t0 exactly [t0, t1] is
	 * shown. Otherwise, with window > 0, the newest `window` seconds (a
	 * scrolling view that fills from the left until the data is that long);
	 * with window <= 0, the whole span of the data. */
	double t0, t1, window;
	int legend_values;   /* nonzero: each legend entry also shows the series'
	                        newest value inside the window */
	const uint8_t *hidden; /* NULL, or nseries flags: nonzero hides a series
	                          (it keeps its colour and legend slot, greyed) */
	const int *keys;       /* NULL, or nseries series keys (cli/plotreq.h):
	                          the colours (view_series_colours) */
	cli_plot_style style;  /* lines (default), lines with markers, bars */
	const cli_plot_mark *marks; /* nmarks moments marked across the plot */
	int nmarks;
} view_plot_style;

/* Fill *st with the defaults: no title, 0..255, whole span, no values. */
void view_plot_style_default(view_plot_style *st);

/* The defaults, then what a plot request asks for (its texts, range,
 * style, keys and marks: st points into q). */
void view_plot_style_of(view_plot_style *st, const cli_plot_req *q);

/* The time axis for a window of [t0, t1] seconds: a unit chosen from the
 * span (seconds below 3 minutes, minutes below 3 hours, hours below 3 days,
 * else days) and a
 * round tick step (1-2-5, or 15/30 for s and min, 3/6/12/24 for h) giving at
 * most max_ticks ticks. */
typedef struct view_plot_time_axis {
	double unit;           /* seconds per unit: 1, 60, 3600 or 86400 */
	const char *unit_name; /* "s", "min", "h" or "d" */
	double step;           /* tick step in seconds */
	double first;          /* first tick >= t0, in seconds (a multiple of step) */
	int decimals;          /* digits after the point in tick labels */
} view_plot_time_axis;

/* Compute the axis for t1 > t0 (finite) and max_ticks >= 2. Returns 0, or -1
 * for arguments outside that contract. */
int view_plot_time_axis_make(double t0, double t1, int max_ticks, view_plot_time_axis *ax);

/* Label of the tick at time t (seconds) in the axis's unit, e.g. "1.5". */
void view_plot_time_label(const view_plot_time_axis *ax, double t, char *buf, size_t n);

/* Draw d into rectangle r of dst (32 bits per pixel, not locked) with
 * style st (NULL: defaults) and fonts f; pixels outside r are never
 * touched. Series i has colour i of view_series_colours(st->keys). When data_area is not NULL it gets
 * the rectangle the data is drawn in, and *t0, *t1 (when not NULL) the time
 * window shown — what a viewer needs to map the mouse to a time and value.
 * Returns 0, or -1 with a message in err (surface not 32 bits per pixel,
 * r too small for a plot, or out of memory). */
int view_plot_render(SDL_Surface *dst, const SDL_Rect *r, const trace_series *d, const view_plot_style *st,
                const view_fonts *f, SDL_Rect *data_area, double *t0, double *t1, char *err,
                size_t errn);

/* Label size in pixels that suits a w x h plot (the fonts to open for it). */
int view_plot_font_px(int w, int h);

/* Headless: render d into a new w x h image (the sizes a plot request
 * allows: CLI_PLOT_MIN_W, CLI_PLOT_MIN_H .. CLI_PLOT_MAX_SIDE in
 * cli/plotreq.h) and write it as a PNG at path atomically (view_save_png;
 * "-" is stdout: what c2rt-view draw does). Opens and closes its own fonts;
 * needs no display. Returns 0, or -1 with a message in err (no font, bad
 * size, render or write failure). */
int view_plot_write_png(const char *path, int w, int h, const trace_series *d, const view_plot_style *st,
                   char *err, size_t errn);

#endif
