/* chemhist.h — the live viewer's memory of all 256 chemicals over time, and
 * the chosen few it plots.
 *
 * Every sample keeps the whole chemical array (256 bytes), so a chemical
 * added to the plot later shows its past at once: the trace_series of the
 * chosen chemicals is rebuilt from the history whenever the choice changes,
 * and grows by one row per sample otherwise. No SDL here. */
#ifndef C2_VIEWER_CHEMHIST_H
#define C2_VIEWER_CHEMHIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/series.h"

/* Most chemicals plotted at once: one palette colour each (draw.h). */
enum { VIEW_HIST_MAX_CHEMS = 16 };

typedef struct view_hist view_hist;

/* A history keeping the newest `capacity` samples (>= 2), plotting chems
 * chems[0..n) (1 <= n <= VIEW_HIST_MAX_CHEMS, each 1..255, no repeats).
 * Returns NULL on bad arguments or out of memory. */
view_hist *view_hist_new(size_t capacity, const int *chems, int n);
void view_hist_free(view_hist *h);

/* Record the 256 concentrations at creature time t (seconds, not before the
 * newest sample). Returns 0, or -1 (t went backwards; nothing recorded). */
int view_hist_sample(view_hist *h, double t, const uint8_t *chems);

/* Forget every sample (the choice stays). */
void view_hist_clear(view_hist *h);

/* Plot chemical `chem` if it is not plotted, else stop plotting it.
 * Returns 1 (added), 0 (removed), or -1: chem out of 1..255, the plot is
 * full, it is the last one (a plot keeps at least one), or out of memory;
 * the choice is then unchanged. */
int view_hist_toggle(view_hist *h, int chem);

bool view_hist_has(const view_hist *h, int chem);
int view_hist_count(const view_hist *h);
/* The i-th plotted chemical (in plot / colour order). */
int view_hist_chem(const view_hist *h, int i);
size_t view_hist_len(const view_hist *h);

/* The plotted chemicals' series keys (cli/plotreq.h: a chemical's key is
 * its number), in plot order: their colours in view_plot_render. */
const int *view_hist_keys(const view_hist *h);

/* The samples of the plotted chemicals, for view_plot_render. */
const trace_series *view_hist_plot(const view_hist *h);

#endif
