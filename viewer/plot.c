/* plot.c — the time-series plot widget: layout, axes, per-column min/max
 * reduction of the samples, lines and legend (see plot.h). */
#include "viewer/plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/plotreq.h"
#include "viewer/draw.h"

/* Tick loops count instead of adding up, and stop here: with huge times and
 * a tiny window, t += step could fail to move. */
enum { MAX_TICKS = 1000 };
static const double PI = 3.14159265358979323846;


void view_plot_style_default(view_plot_style *st)
{
	memset(st, 0, sizeof *st);
	st->ymin = 0;
	st->ymax = 255;
}

void view_plot_style_of(view_plot_style *st, const cli_plot_req *q)
{
	view_plot_style_default(st);
	st->title = q->title;
	st->x_label = q->x_label;
	st->y_label = q->y_label;
	st->ymin = q->ymin;
	st->ymax = q->ymax;
	st->keys = q->keys;
	st->style = q->style;
	st->marks = q->marks;
	st->nmarks = q->nmarks;
}

/* Smallest "round" step >= raw: 1, 2, 5 times a power of ten, or one of the
 * extra steps that suit the unit (NULL-terminated by a 0). */
static double round_step(double raw, const double *extra)
{
	double best = HUGE_VAL;
	int e = (int)floor(log10(raw));
	for (int k = e - 1; k <= e + 1; k++) {
		static const double m[] = {1, 2, 5};
		for (int i = 0; i < 3; i++) {
			double c = m[i] * pow(10, k);
			if (c >= raw * (1 - 1e-9) && c < best)
				best = c;
		}
	}
	for (; extra && *extra > 0; extra++)
		if (*extra >= raw * (1 - 1e-9) && *extra < best)
			best = *extra;
	return best;
}

int view_plot_time_axis_make(double t0, double t1, int max_ticks, view_plot_time_axis *ax)
{
	if (!isfinite(t0) || !isfinite(t1) || !(t1 > t0) || max_ticks < 2)
		return -1;
	/* Sexagesimal steps read better on clocks: 15 s, 30 min, 6 h. */
	static const double extra_s[] = {15, 30, 60, 0};
	static const double extra_min[] = {15, 30, 60, 0};
	static const double extra_h[] = {3, 6, 12, 24, 48, 0};
	double span = t1 - t0;
	const double *extra;
	if (span < 180) {
		ax->unit = 1;
		ax->unit_name = "s";
		extra = extra_s;
	} else if (span < 3 * 3600) {
		ax->unit = 60;
		ax->unit_name = "min";
		extra = extra_min;
	} else if (span < 3 * 86400) {
		ax->unit = 3600;
		ax->unit_name = "h";
		extra = extra_h;
	} else {
		ax->unit = 86400;
		ax->unit_name = "d";
		extra = NULL;
	}
	double step_u = round_step(span / ax->unit / (max_ticks - 1), extra);
	ax->step = step_u * ax->unit;
	ax->decimals = step_u >= 1 ? 0 : (int)ceil(-log10(step_u) - 1e-9);
	ax->first = ceil(t0 / ax->step - 1e-9) * ax->step;
	return 0;
}

/* A plain number axis (style.x_label set): round 1-2-5 steps, no unit. */
static int number_axis(double t0, double t1, int max_ticks, view_plot_time_axis *ax)
{
	if (!isfinite(t0) || !isfinite(t1) || !(t1 > t0) || max_ticks < 2)
		return -1;
	ax->unit = 1;
	ax->unit_name = "";
	ax->step = round_step((t1 - t0) / (max_ticks - 1), NULL);
	ax->decimals = ax->step >= 1 ? 0 : (int)ceil(-log10(ax->step) - 1e-9);
	ax->first = ceil(t0 / ax->step - 1e-9) * ax->step;
	return 0;
}

void view_plot_time_label(const view_plot_time_axis *ax, double t, char *buf, size_t n)
{
	double v = t / ax->unit;
	if (fabs(v) < ax->step / ax->unit * 1e-6)
		v = 0; /* never "-0" */
	snprintf(buf, n, "%.*f", ax->decimals, v);
}

int view_plot_font_px(int w, int h)
{
	/* 14 px labels at the default 1200 x 700, in proportion otherwise. */
	double s = fmin(w / 1200.0, h / 700.0);
	int px = (int)lround(14 * s);
	return px < 9 ? 9 : px > 48 ? 48 : px;
}

static int font_h(TTF_Font *f)
{
	return TTF_FontHeight(f);
}

static int text_w(TTF_Font *f, const char *s)
{
	int w, h;
	view_text_size(f, s, &w, &h);
	return w;
}

/* Value label for the legend: integers plainly, others to one decimal. */
static void value_label(float v, char *buf, size_t n)
{
	if (isnan(v))
		snprintf(buf, n, "-");
	else if (fabs(v - roundf(v)) < 1e-4 && fabs(v) < 1e9)
		snprintf(buf, n, "%.0f", (double)v);
	else
		snprintf(buf, n, "%.1f", (double)v);
}

/* Shorten text (cut at a UTF-8 boundary, "..." appended) to fit width w. */
static void fit_text(TTF_Font *f, const char *text, int w, char *buf, size_t n)
{
	snprintf(buf, n, "%s", text);
	if (text_w(f, buf) <= w)
		return;
	size_t len = strlen(buf);
	while (len > 0) {
		do
			len--;
		while (len > 0 && ((unsigned char)buf[len] & 0xC0) == 0x80);
		if (len + 4 > n)
			continue;
		memcpy(buf + len, "...", 4);
		if (text_w(f, buf) <= w)
			return;
	}
	buf[0] = '\0';
}

/* The range of rows to draw for [t0, t1]: one row either side as well, so
 * lines run on to the edges of the plot. */
static void window_rows(const trace_series *d, double t0, double t1, size_t *ia, size_t *ib,
                        size_t *iend)
{
	size_t a = trace_series_lower_bound(d, t0);
	size_t b = trace_series_lower_bound(d, nextafter(t1, HUGE_VAL)); /* first row > t1 */
	*iend = b;
	*ia = a > 0 ? a - 1 : a;
	*ib = b < trace_series_len(d) ? b + 1 : b;
}

/* One pixel column's worth of samples. */
typedef struct column {
	int have, col;
	double fx, fy, lx, ly; /* first and last point */
	double lo, hi;         /* min and max y */
} column;

typedef struct stroke {
	view_mask *m;
	double width;
	int have_prev;
	double px, py; /* last point of the previous column */
	column c;
} stroke;

static void stroke_flush(stroke *s)
{
	column *c = &s->c;
	if (!c->have)
		return;
	if (s->have_prev)
		view_mask_line(s->m, s->px, s->py, c->fx, c->fy, s->width);
	/* First to last sample of the column (a dot when they coincide): for
	 * smooth data this is the whole curve, without stair steps. */
	view_mask_line(s->m, c->fx, c->fy, c->lx, c->ly, s->width);
	if (c->lo < fmin(c->fy, c->ly) || c->hi > fmax(c->fy, c->ly)) {
		/* Samples beyond first and last (a one-tick spike): one vertical
		 * stroke from min to max shows them all. */
		double x = c->col + 0.5;
		view_mask_line(s->m, x, c->lo, x, c->hi, s->width);
	}
	s->have_prev = 1;
	s->px = c->lx;
	s->py = c->ly;
	c->have = 0;
}

static void stroke_point(stroke *s, int col, double x, double y)
{
	column *c = &s->c;
	if (c->have && c->col == col) {
		c->lx = x;
		c->ly = y;
		if (y < c->lo)
			c->lo = y;
		if (y > c->hi)
			c->hi = y;
		return;
	}
	stroke_flush(s);
	*c = (column){1, col, x, y, x, y, y, y};
}

/* Samples between the column's first and last reached y0 and y1 (a
 * summary's least and greatest). */
static void stroke_extend(stroke *s, double y0, double y1)
{
	column *c = &s->c;
	c->lo = fmin(c->lo, fmin(y0, y1));
	c->hi = fmax(c->hi, fmax(y0, y1));
}

static void stroke_break(stroke *s)
{
	stroke_flush(s);
	s->have_prev = 0;
}

/* Rows outside the window keep their own columns (-1 and pw) so they only
 * steer the line to the edge. */
static int column_at(double x, int pw)
{
	return x < 0 ? -1 : x >= pw ? pw : (int)x;
}

/* Draw series k of rows [ia, ib) into m (the plot area, pw x ph). A row is
 * a sample or a summary's bucket (trace_series_bucket): its first point, its
 * extremes, its last point — for a sample the one point. A bucket inside
 * one column adds to it exactly what its samples would; one across a
 * column boundary gives its extremes to the column holding its middle. */
static void draw_series(view_mask *m, const trace_series *d, int k, size_t ia, size_t ib, double t0,
                        double t1, double ymin, double ymax, double width)
{
	int pw = m->w, ph = m->h;
	double xs = pw / (t1 - t0), ys = (ph - 1) / (ymax - ymin);
	stroke s = {m, width, 0, 0, 0, {0}};
	for (size_t i = ia; i < ib; i++) {
		trace_bucket b;
		trace_series_bucket(d, i, k, &b);
		if (b.gap)
			stroke_break(&s);
		if (!isfinite(b.lo))
			continue;
		double xa = (b.t0 - t0) * xs, xb = (b.t1 - t0) * xs;
		int ca = column_at(xa, pw), cb = column_at(xb, pw);
		int early = ca == cb || column_at((xa + xb) / 2, pw) == ca;
		stroke_point(&s, ca, xa, 0.5 + (ymax - b.first) * ys);
		if (early)
			stroke_extend(&s, 0.5 + (ymax - b.lo) * ys, 0.5 + (ymax - b.hi) * ys);
		stroke_point(&s, cb, xb, 0.5 + (ymax - b.last) * ys);
		if (!early)
			stroke_extend(&s, 0.5 + (ymax - b.lo) * ys, 0.5 + (ymax - b.hi) * ys);
		if (b.gap)
			stroke_break(&s);
	}
	stroke_flush(&s);
}

/* The window [*t0, *t1] to show (see view_plot_style); returns whether d has
 * any rows. */
static int time_window(const trace_series *d, const view_plot_style *st, double *t0, double *t1)
{
	double a, b;
	int have_data = trace_series_span(d, &a, &b) == 0;
	int scroll = st->window > 0 && isfinite(st->window);
	if (st->t1 > st->t0 && isfinite(st->t0) && isfinite(st->t1)) {
		*t0 = st->t0;
		*t1 = st->t1;
	} else if (have_data && scroll) {
		/* Fill from the left, then scroll. */
		*t1 = fmax(b, a + st->window);
		*t0 = *t1 - st->window;
	} else if (have_data) {
		*t0 = a;
		*t1 = b;
	} else {
		*t0 = 0;
		*t1 = scroll ? st->window : 60;
	}
	if (!(*t1 > *t0))
		*t1 = *t0 + 1; /* one sample, or all at one time */
	return have_data;
}

typedef struct layout {
	SDL_Rect plot;           /* the data area */
	int legend_x, legend_y;  /* top left of the legend */
	int legend_rows, legend_cols, legend_colw;
	int legend_shown;        /* entries drawn; the rest are "+N more" */
	int line_h, swatch, max_name, pad;
} layout;

static void legend_text(const trace_series *d, int k, const view_plot_style *st, size_t ia, size_t iend,
                        char *val, size_t n)
{
	val[0] = '\0';
	if (!st->legend_values)
		return;
	float v = NAN;
	for (size_t i = iend; i > ia; i--) {
		v = trace_series_value(d, i - 1, k);
		if (!isnan(v))
			break;
	}
	value_label(v, val, n);
}

/* Legend: per series a short thick line in its colour, its name and
 * (style.legend_values) its newest value; in columns of legend_rows. */
static void draw_legend(SDL_Surface *dst, const layout *L, const trace_series *d, const view_plot_style *st,
                        const view_fonts *f, size_t ia, size_t iend, const SDL_Color *colours)
{
	int n = trace_series_nseries(d), px = f->px, colw = L->legend_colw, swatch = L->swatch;
	char buf[64];
	view_mask lm;
	int lm_ok = view_mask_init(&lm, swatch + 2, L->line_h) == 0;
	for (int k = 0; k < L->legend_shown && k < n; k++) {
		int x = L->legend_x + (k / L->legend_rows) * colw;
		int y = L->legend_y + (k % L->legend_rows) * L->line_h;
		int hidden = st->hidden && st->hidden[k];
		SDL_Color c = hidden ? VC(PLOT_HIDDEN) : colours[k];
		if (lm_ok) {
			double mid = L->line_h / 2.0;
			view_mask_line(&lm, 1, mid, swatch + 1, mid, fmax(3, px / 4.0));
			view_mask_blend(&lm, dst, x, y, c);
		}
		char val[32], name[160];
		legend_text(d, k, st, ia, iend, val, sizeof val);
		fit_text(f->label, trace_series_name(d, k), L->max_name, name, sizeof name);
		view_text(dst, f->label, name, x + swatch + L->pad, y + L->line_h / 2,
		          VIEW_LEFT | VIEW_VCENTER, hidden ? VC(PLOT_HIDDEN) : VC(INK), 0);
		if (val[0])
			view_text(dst, f->label, val, x + colw - px, y + L->line_h / 2,
			          VIEW_RIGHT | VIEW_VCENTER, hidden ? VC(PLOT_HIDDEN) : VC(PLOT_TICK_TEXT), 0);
	}
	if (lm_ok)
		view_mask_free(&lm);
	if (L->legend_shown < n) {
		int k = L->legend_shown;
		snprintf(buf, sizeof buf, "+%d more", n - k);
		view_text(dst, f->label, buf, L->legend_x + (k / L->legend_rows) * colw + swatch + L->pad,
		          L->legend_y + (k % L->legend_rows) * L->line_h + L->line_h / 2,
		          VIEW_LEFT | VIEW_VCENTER, VC(PLOT_TICK_TEXT), 0);
	}
}

/* One plot being drawn: what it draws, where, and the axes found for it. */
typedef struct plot_ctx {
	SDL_Surface *dst;
	SDL_Rect r;             /* the whole widget */
	const trace_series *d;
	const view_plot_style *st;
	const view_fonts *f;
	double t0, t1;          /* the time window */
	int have_data;
	size_t ia, ib, iend;    /* rows to draw (window_rows) */
	double ymin, ymax;      /* the value axis: its range, */
	double dmin, dmax;      /* the range the data area spans: ymin..ymax and
	                           a few pixels more, so a line at 0 or 255 is
	                           not hidden under the frame */
	SDL_Color *colours;     /* one per series (view_series_colours) */
	double ystep, yfirst;   /* tick step and first tick, */
	int ydec;               /* decimals of its labels */
	view_plot_time_axis ax;      /* the x axis */
	int pad, tick;          /* margins and tick length, from the font size */
	layout L;
} plot_ctx;

/* Value of the value axis' tick i, or 0 past the last one. */
static int y_tick(const plot_ctx *c, int i, double *v)
{
	*v = c->yfirst + i * c->ystep;
	return i < MAX_TICKS && !(*v > c->ymax + c->ystep * 1e-9);
}

/* Time of the x axis' tick i, or 0 past the last one. */
static int x_tick(const plot_ctx *c, int i, double *t)
{
	*t = c->ax.first + i * c->ax.step;
	return i < MAX_TICKS && !(*t > c->t1 + c->ax.step * 1e-9);
}

static void y_tick_label(const plot_ctx *c, double v, char *buf, size_t n)
{
	snprintf(buf, n, "%.*f", c->ydec, fabs(v) < c->ystep * 1e-6 ? 0.0 : v);
}

/* The value axis for a data area of plot_h pixels: a tick every 3.5 label
 * heights at most, 25s where they suit the 0..255 byte range. */
static void value_axis(plot_ctx *c, int plot_h)
{
	int small_h = font_h(c->f->small);
	int max_yt = plot_h / (small_h * 7 / 2 > 1 ? small_h * 7 / 2 : 1);
	if (max_yt < 2)
		max_yt = 2;
	c->ystep = round_step((c->ymax - c->ymin) / (max_yt - 1), (const double[]){25, 250, 0});
	c->yfirst = ceil(c->ymin / c->ystep - 1e-9) * c->ystep;
	c->ydec = c->ystep >= 1 ? 0 : (int)ceil(-log10(c->ystep) - 1e-9);
}

/* The legend's columns (as many as its entries need, up to 40% of the
 * width): sets its fields of c->L and returns its column width. */
static int legend_layout(plot_ctx *c)
{
	layout *L = &c->L;
	const view_fonts *f = c->f;
	int n = trace_series_nseries(c->d), px = f->px;
	L->line_h = font_h(f->label) + 3;
	L->swatch = px * 2;
	L->max_name = px * 14;
	int colw = 0;
	for (int k = 0; k < n; k++) {
		char val[32];
		legend_text(c->d, k, c->st, c->ia, c->iend, val, sizeof val);
		int w = text_w(f->label, trace_series_name(c->d, k));
		if (w > L->max_name)
			w = L->max_name;
		if (val[0])
			w += c->pad + text_w(f->label, val);
		if (w > colw)
			colw = w;
	}
	colw += L->swatch + c->pad + px;
	L->legend_rows = L->plot.h / L->line_h > 0 ? L->plot.h / L->line_h : 1;
	L->legend_cols = (n + L->legend_rows - 1) / L->legend_rows;
	int max_cols = (int)(c->r.w * 0.4) / colw > 0 ? (int)(c->r.w * 0.4) / colw : 1;
	L->legend_shown = n;
	if (L->legend_cols > max_cols) {
		L->legend_cols = max_cols;
		L->legend_shown = max_cols * L->legend_rows - 1; /* last slot: "+N more" */
	}
	L->legend_colw = colw;
	L->pad = c->pad;
	return colw;
}

/* Where everything goes: the data area between the margins that the title,
 * the tick labels, the axis names and the legend need. Returns 0, or -1
 * (message in err) when r leaves too little room for the data. */
static int plot_layout(plot_ctx *c, char *err, size_t errn)
{
	const view_fonts *f = c->f;
	layout *L = &c->L;
	int px = f->px;
	c->pad = px / 2 + 2;
	c->tick = px / 3 + 2;
	int small_h = font_h(f->small), label_h = font_h(f->label), title_h = font_h(f->title);
	int has_title = c->st->title && c->st->title[0];

	/* Vertical space first: the legend's rows depend on the plot height. */
	int top = c->pad + (has_title ? title_h + c->pad : small_h / 2);
	int bottom = c->tick + 2 + small_h + c->pad / 2 + label_h + c->pad;
	L->plot.y = c->r.y + top;
	L->plot.h = c->r.h - top - bottom;

	/* Y ticks; their widest label sets the left margin. */
	value_axis(c, L->plot.h);
	int ylab_w = 0;
	char buf[160];
	double v;
	for (int i = 0; y_tick(c, i, &v); i++) {
		y_tick_label(c, v, buf, sizeof buf);
		int w = text_w(f->small, buf);
		if (w > ylab_w)
			ylab_w = w;
	}
	int left = c->pad + label_h + c->pad + ylab_w + 4 + c->tick;
	L->plot.x = c->r.x + left;

	if (c->have_data)
		window_rows(c->d, c->t0, c->t1, &c->ia, &c->ib, &c->iend);
	int colw = legend_layout(c);
	int right = c->pad + L->legend_cols * colw + c->pad;
	L->plot.w = c->r.w - left - right;
	L->legend_x = L->plot.x + L->plot.w + 2 * c->pad;
	L->legend_y = L->plot.y;
	if (L->plot.w < 60 || L->plot.h < 40) {
		snprintf(err, errn, "plot: %dx%d is too small for a plot with %d series", c->r.w, c->r.h,
		         trace_series_nseries(c->d));
		return -1;
	}
	return 0;
}

/* The x axis: time (or style.x_label's plain numbers) with as many ticks as
 * fit, fewer until the widest label fits with room to spare (long labels:
 * a scrolled window far into a long run). Returns 0, or -1 for a window no
 * axis can show. */
static int x_axis(plot_ctx *c)
{
	const view_fonts *f = c->f;
	int plot_w = c->L.plot.w;
	int max_xt = plot_w / (text_w(f->small, "0000") * 2 + 1);
	if (max_xt < 2)
		max_xt = 2;
	char buf[160];
	for (;;) {
		if ((c->st->x_label ? number_axis(c->t0, c->t1, max_xt, &c->ax)
		                    : view_plot_time_axis_make(c->t0, c->t1, max_xt, &c->ax)) != 0)
			return -1;
		view_plot_time_label(&c->ax, c->t1, buf, sizeof buf);
		int lw = text_w(f->small, buf), n0;
		view_plot_time_label(&c->ax, c->ax.first, buf, sizeof buf);
		if ((n0 = text_w(f->small, buf)) > lw)
			lw = n0;
		int ticks = (int)((c->t1 - c->ax.first) / c->ax.step) + 1;
		if (max_xt <= 2 || (double)ticks * lw * 3 / 2 <= plot_w)
			return 0;
		max_xt = ticks - 1 < max_xt - 1 ? ticks - 1 : max_xt - 1;
	}
}

/* An x axis without ticks or name (style.x_label ""): bars of categories
 * the legend names. */
static bool no_x(const plot_ctx *c)
{
	return c->st->x_label && !c->st->x_label[0];
}

/* Pixel row of value v and pixel column of time t, in the data area. */
static int y_pixel(const plot_ctx *c, double v)
{
	double ys = (c->L.plot.h - 1) / (c->dmax - c->dmin);
	return c->L.plot.y + (int)lround((c->dmax - v) * ys);
}

static int x_pixel(const plot_ctx *c, double t)
{
	const SDL_Rect *p = &c->L.plot;
	int x = p->x + (int)((t - c->t0) * (p->w / (c->t1 - c->t0)));
	return x >= p->x + p->w ? p->x + p->w - 1 : x;
}

/* The grid: a line at every tick, under the series. */
static void draw_grid(const plot_ctx *c)
{
	const SDL_Rect *p = &c->L.plot;
	double v;
	for (int i = 0; y_tick(c, i, &v); i++)
		view_fill(c->dst, &(SDL_Rect){p->x, y_pixel(c, v), p->w, 1}, VC(PLOT_GRID));
	for (int i = 0; !no_x(c) && x_tick(c, i, &v); i++)
		view_fill(c->dst, &(SDL_Rect){x_pixel(c, v), p->y, 1, p->h}, VC(PLOT_GRID));
}

/* A ring round every sample of series k of radius 3 line widths (w: this
 * series' line width, so the first series' rings are the widest). */
static void draw_markers(view_mask *m, const plot_ctx *c, int k, double w)
{
	double xs = m->w / (c->t1 - c->t0), ys = (m->h - 1) / (c->dmax - c->dmin);
	double rad = 1.5 * w + 2;
	for (size_t i = c->ia; i < c->ib; i++) {
		float v = trace_series_value(c->d, i, k);
		if (!isfinite(v))
			continue;
		double x = (trace_series_time(c->d, i) - c->t0) * xs, y = 0.5 + (c->dmax - v) * ys;
		enum { SIDES = 16 };
		for (int j = 0; j < SIDES; j++) {
			double a0 = 2 * PI * j / SIDES, a1 = 2 * PI * (j + 1) / SIDES;
			view_mask_line(m, x + rad * cos(a0), y + rad * sin(a0), x + rad * cos(a1),
			               y + rad * sin(a1), fmax(1.5, w / 2));
		}
	}
}

/* Series k as bars: row i from its x to the next row's (the last as wide
 * as the one before it), shared side by side among the series that have a
 * value there. */
static void draw_bars(const plot_ctx *c, int k)
{
	size_t n = trace_series_len(c->d);
	int ns = trace_series_nseries(c->d);
	for (size_t i = 0; i < n; i++) {
		float v = trace_series_value(c->d, i, k);
		if (!isfinite(v))
			continue;
		double a = trace_series_time(c->d, i), b;
		if (i + 1 < n)
			b = trace_series_time(c->d, i + 1);
		else
			b = a + (n > 1 ? a - trace_series_time(c->d, i - 1) : 1);
		double gap_t = (b - a) * 0.06; /* apart from the next group */
		a += gap_t;
		b -= gap_t;
		int have = 0, before = 0;
		for (int j = 0; j < ns; j++)
			if (isfinite(trace_series_value(c->d, i, j)))
				have++, before += j < k;
		double w = (b - a) / have;
		int x0 = x_pixel(c, a + w * before), x1 = x_pixel(c, a + w * (before + 1));
		int y0 = y_pixel(c, fmax(v, c->ymin)), y1 = y_pixel(c, c->ymin);
		int gap = x1 - x0 > 4 ? 1 : 0;
		if (y1 < y0) {
			int t = y0;
			y0 = y1;
			y1 = t;
		}
		view_fill(c->dst, &(SDL_Rect){x0 + gap, y0, x1 - x0 - 2 * gap > 1 ? x1 - x0 - 2 * gap : 1,
		                              y1 - y0 + 1},
		          c->colours[k]);
	}
}

/* The marks (events, stages, death): a line across the data area in the
 * mark's colour (events faint, so many of them do not hide the data), and
 * a stage's or death's label at the top. */
static void draw_marks(const plot_ctx *c)
{
	const SDL_Rect *p = &c->L.plot;
	static const int colour[CLI_PLOT_NMARK_KINDS] = {VC_PLOT_EVENT, VC_PLOT_STAGE, VC_PLOT_DEATH};
	int label_right = p->x - 1000;
	for (int i = 0; i < c->st->nmarks; i++) {
		const cli_plot_mark *mk = &c->st->marks[i];
		if (mk->t < c->t0 || mk->t > c->t1)
			continue;
		int x = x_pixel(c, mk->t);
		SDL_Color col = view_colours[colour[mk->kind]];
		if (mk->kind == CLI_PLOT_MARK_EVENT) {
			view_fill_blend(c->dst, &(SDL_Rect){x, p->y, 1, p->h}, col);
			view_fill(c->dst, &(SDL_Rect){x - 1, p->y, 3, c->tick + 2}, (SDL_Color){col.r, col.g, col.b, 255});
			continue;
		}
		for (int y = p->y; y < p->y + p->h; y += 6) /* dashed */
			view_fill(c->dst, &(SDL_Rect){x, y, mk->kind == CLI_PLOT_MARK_DEATH ? 2 : 1, 3}, col);
		/* Labels on a backing, left to right, each after the one before
		 * (else skipped: stages close together); one that would pass the
		 * right edge goes left of its line. */
		int tw, th;
		view_text_size(c->f->small, mk->label, &tw, &th);
		int lx = x + 3 + tw + 2 > p->x + p->w ? x - 3 - tw : x + 3;
		if (!mk->label || lx <= label_right)
			continue;
		view_fill_blend(c->dst, &(SDL_Rect){lx - 2, p->y + c->tick + 2, tw + 4, th + 2}, VC(PLOT_LABEL_BACKING));
		view_text(c->dst, c->f->small, mk->label, lx, p->y + c->tick + 3, VIEW_LEFT | VIEW_TOP, col, 0);
		label_right = lx + tw + 4;
	}
}

/* The series, each as one anti-aliased stroke. Returns 0, or -1 out of
 * memory. */
static int draw_lines(const plot_ctx *c)
{
	const SDL_Rect *p = &c->L.plot;
	view_mask m;
	if (view_mask_init(&m, p->w, p->h) != 0)
		return -1;
	/* At least 2 px: a thinner line falling between two pixel rows shows
	 * as two faint ones. */
	double lw = fmax(2.0, c->f->px / 7.0);
	for (int k = 0; c->have_data && k < trace_series_nseries(c->d); k++) {
		if (c->st->hidden && c->st->hidden[k])
			continue;
		/* Markers: the first series widest, so that where they coincide
		 * (a sweep's mean, shortest and longest) each still shows. */
		double w = lw;
		if (c->st->style == CLI_PLOT_POINTS)
			w = lw * (1 + 0.9 * (trace_series_nseries(c->d) - 1 - k));
		if (c->st->style == CLI_PLOT_BARS) {
			draw_bars(c, k);
			continue;
		}
		draw_series(&m, c->d, k, c->ia, c->ib, c->t0, c->t1, c->dmin, c->dmax, w);
		if (c->st->style == CLI_PLOT_POINTS)
			draw_markers(&m, c, k, w);
		view_mask_blend(&m, c->dst, p->x, p->y, c->colours[k]);
	}
	view_mask_free(&m);
	if (!c->have_data)
		view_text(c->dst, c->f->label, "no samples yet", p->x + p->w / 2, p->y + p->h / 2,
		          VIEW_HCENTER | VIEW_VCENTER, VC(PLOT_TICK_TEXT), 0);
	return 0;
}

/* Frame, tick marks and tick labels. */
static void draw_axes(const plot_ctx *c)
{
	SDL_Surface *dst = c->dst;
	int px0 = c->L.plot.x, py0 = c->L.plot.y, pw = c->L.plot.w, ph = c->L.plot.h, tick = c->tick;
	view_fill(dst, &(SDL_Rect){px0 - 1, py0 - 1, pw + 2, 1}, VC(PLOT_FRAME));
	view_fill(dst, &(SDL_Rect){px0 - 1, py0 + ph, pw + 2, 1}, VC(PLOT_FRAME));
	view_fill(dst, &(SDL_Rect){px0 - 1, py0 - 1, 1, ph + 2}, VC(PLOT_FRAME));
	view_fill(dst, &(SDL_Rect){px0 + pw, py0 - 1, 1, ph + 2}, VC(PLOT_FRAME));
	char buf[160];
	double v;
	for (int i = 0; y_tick(c, i, &v); i++) {
		int y = y_pixel(c, v);
		view_fill(dst, &(SDL_Rect){px0 - 1 - tick, y, tick, 1}, VC(PLOT_FRAME));
		y_tick_label(c, v, buf, sizeof buf);
		view_text(dst, c->f->small, buf, px0 - 1 - tick - 4, y, VIEW_RIGHT | VIEW_VCENTER,
		          VC(PLOT_TICK_TEXT), 0);
	}
	for (int i = 0; !no_x(c) && x_tick(c, i, &v); i++) {
		int x = x_pixel(c, v);
		view_fill(dst, &(SDL_Rect){x, py0 + ph + 1, 1, tick}, VC(PLOT_FRAME));
		view_plot_time_label(&c->ax, v, buf, sizeof buf);
		view_text(dst, c->f->small, buf, x, py0 + ph + 1 + tick + 2, VIEW_HCENTER | VIEW_TOP,
		          VC(PLOT_TICK_TEXT), 0);
	}
}

/* The axes' names and the title. */
static void draw_names(const plot_ctx *c)
{
	const view_plot_style *st = c->st;
	const view_fonts *f = c->f;
	const SDL_Rect *r = &c->r;
	int px0 = c->L.plot.x, py0 = c->L.plot.y, pw = c->L.plot.w, ph = c->L.plot.h, pad = c->pad;
	double u = c->ax.unit;
	const char *uw = u == 1 ? "seconds" : u == 60 ? "minutes" : u == 3600 ? "hours" : "days";
	char buf[160];
	if (st->x_label)
		snprintf(buf, sizeof buf, "%s", st->x_label);
	else
		snprintf(buf, sizeof buf, "creature time (%s)", uw);
	view_text(c->dst, f->label, buf, px0 + pw / 2, r->y + r->h - pad, VIEW_HCENTER | VIEW_BOTTOM,
	          VC(INK), 0);
	const char *y_label = st->y_label ? st->y_label : "concentration (0\u2013255)";
	view_text(c->dst, f->label, y_label, r->x + pad, py0 + ph / 2, VIEW_LEFT | VIEW_VCENTER,
	          VC(INK), 1);
	if (!st->title || !st->title[0])
		return;
	char t[256];
	fit_text(f->title, st->title, r->w - 2 * pad, t, sizeof t);
	/* Centred over the data, but kept inside r when it is wide. */
	int tw = text_w(f->title, t), cx = px0 + pw / 2;
	if (cx - tw / 2 < r->x + pad)
		cx = r->x + pad + tw / 2;
	if (cx + tw / 2 > r->x + r->w - pad)
		cx = r->x + r->w - pad - tw / 2;
	view_text(c->dst, f->title, t, cx, r->y + pad, VIEW_HCENTER | VIEW_TOP, VC(INK), 0);
}

/* Everything inside the clip rectangle r: 0, or -1 with err. */
static int draw_all(const plot_ctx *c, char *err, size_t errn)
{
	view_fill(c->dst, &c->r, VC(PANEL));
	draw_grid(c);
	if (draw_lines(c) != 0) {
		snprintf(err, errn, "plot: out of memory");
		return -1;
	}
	draw_axes(c);
	draw_names(c);
	draw_marks(c);
	draw_legend(c->dst, &c->L, c->d, c->st, c->f, c->ia, c->iend, c->colours);
	return 0;
}

int view_plot_render(SDL_Surface *dst, const SDL_Rect *r, const trace_series *d, const view_plot_style *st,
                const view_fonts *f, SDL_Rect *data_area, double *win0, double *win1, char *err,
                size_t errn)
{
	if (!dst || dst->format->BytesPerPixel != 4) {
		snprintf(err, errn, "plot: the surface must have 32 bits per pixel");
		return -1;
	}
	view_plot_style defaults;
	if (!st) {
		view_plot_style_default(&defaults);
		st = &defaults;
	}
	plot_ctx c = {.dst = dst, .r = *r, .d = d, .st = st, .f = f, .ymin = st->ymin, .ymax = st->ymax};
	if (!(c.ymax > c.ymin) || !isfinite(c.ymin) || !isfinite(c.ymax)) {
		c.ymin = 0;
		c.ymax = 255;
	}
	c.have_data = time_window(d, st, &c.t0, &c.t1);
	size_t nrows = trace_series_len(d);
	if (st->style == CLI_PLOT_BARS && c.have_data && !(st->t1 > st->t0)) {
		/* The last bar's width past its row (draw_bars). */
		double last = trace_series_time(d, nrows - 1);
		c.t1 = last + (nrows > 1 ? last - trace_series_time(d, nrows - 2) : 1);
	}
	if (st->style == CLI_PLOT_POINTS && !(st->t1 > st->t0)) {
		/* Room for the first and last markers inside the frame. */
		double pad = (c.t1 - c.t0) * 0.025;
		c.t0 -= pad;
		c.t1 += pad;
	}
	if (plot_layout(&c, err, errn) != 0)
		return -1;
	/* A few pixels beyond the axis' range at either end: a line at 0 (or
	 * at the top) draws above the frame, not under it. Bars stand on it. */
	double inset = st->style == CLI_PLOT_BARS ? 0 : fmax(3.0, c.f->px / 4.0);
	double per_px = (c.ymax - c.ymin) / fmax(1.0, c.L.plot.h - 1 - 2 * inset);
	c.dmin = c.ymin - inset * per_px;
	c.dmax = c.ymax + inset * per_px;
	int ns = trace_series_nseries(d);
	if (!(c.colours = malloc((size_t)(ns > 0 ? ns : 1) * sizeof *c.colours))) {
		snprintf(err, errn, "plot: out of memory");
		return -1;
	}
	view_series_colours(st->keys, ns, c.colours);
	if (x_axis(&c) != 0) {
		snprintf(err, errn, "plot: bad time window");
		free(c.colours);
		return -1;
	}
	SDL_Rect old_clip;
	SDL_GetClipRect(dst, &old_clip);
	SDL_SetClipRect(dst, r);
	int rc = draw_all(&c, err, errn);
	SDL_SetClipRect(dst, &old_clip);
	free(c.colours);
	if (rc != 0)
		return -1;
	if (data_area)
		*data_area = c.L.plot;
	if (win0)
		*win0 = c.t0;
	if (win1)
		*win1 = c.t1;
	return 0;
}

int view_plot_write_png(const char *path, int w, int h, const trace_series *d, const view_plot_style *st,
                   char *err, size_t errn)
{
	if (w < CLI_PLOT_MIN_W || h < CLI_PLOT_MIN_H || w > CLI_PLOT_MAX_SIDE || h > CLI_PLOT_MAX_SIDE) {
		snprintf(err, errn, "image size %dx%d is outside %dx%d..%dx%d", w, h, CLI_PLOT_MIN_W,
		         CLI_PLOT_MIN_H, CLI_PLOT_MAX_SIDE, CLI_PLOT_MAX_SIDE);
		return -1;
	}
	view_fonts f;
	if (view_fonts_open(&f, view_plot_font_px(w, h), err, errn) != 0)
		return -1;
	int rc = -1;
	SDL_Surface *s = view_surface_new(w, h);
	if (!s)
		snprintf(err, errn, "cannot create a %dx%d image: %s", w, h, SDL_GetError());
	else if (view_plot_render(s, &(SDL_Rect){0, 0, w, h}, d, st, &f, NULL, NULL, NULL, err, errn) == 0)
		rc = view_save_png(s, path, err, errn);
	SDL_FreeSurface(s);
	view_fonts_close(&f);
	return rc;
}
